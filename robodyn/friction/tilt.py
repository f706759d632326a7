"""The tilting board: static friction from a slip angle, and the grip a rolling wheel needs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_integer,
    check_non_negative,
    check_positive,
    scalar_or_array,
)
from robodyn.sources.tilting_board import TiltBoardTest


@dataclass(frozen=True)
class TiltMeasurement:
    """Static friction coefficient from a slip angle, with its propagated uncertainty.

    Attributes
    ----------
    mu : float or numpy.ndarray
        :math:`\\mu_s = \\tan\\theta`.
    sigma : float or numpy.ndarray
        :math:`\\sigma_\\mu = \\sigma_\\theta / \\cos^2\\theta` (first order).
    """

    mu: object
    sigma: object


def mu_from_tilt(theta, sigma_theta: float = 0.0) -> TiltMeasurement:
    r"""Static friction coefficient from the angle at which a body starts to slide.

    On a board tilted by :math:`\theta` the weight splits into :math:`mg\sin\theta` along and
    :math:`mg\cos\theta` across the board; sliding starts when the first reaches
    :math:`\mu_s\,mg\cos\theta`, so :math:`\mu_s = \tan\theta` and the mass cancels. An angle
    uncertainty :math:`\sigma_\theta` propagates as
    :math:`\sigma_\mu = |d\mu/d\theta|\,\sigma_\theta = \sigma_\theta / \cos^2\theta`.

    Parameters
    ----------
    theta : float or array_like
        Slip angles, rad, in [0, pi/2).
    sigma_theta : float
        Standard uncertainty of each angle, rad (>= 0).

    Returns
    -------
    TiltMeasurement
        ``mu`` and ``sigma``, each shaped like ``theta``.

    Examples
    --------
    The thesis's range of slip angles, 45.3 to 49.1 degrees, each read to 0.2 degrees:

    >>> m = mu_from_tilt(np.radians([45.3, 49.1]), np.radians(0.2))
    >>> print(m.mu.round(3), m.sigma.round(3))
    [1.011 1.154] [0.007 0.008]
    """
    theta = as_array("theta", theta, "rad")
    if np.any((theta < 0) | (theta >= np.pi / 2)):
        raise ParameterError(
            "theta must lie in [0, pi/2) rad: a board tilted by 90 degrees or more holds "
            f"nothing; got values from {np.nanmin(theta):g} to {np.nanmax(theta):g} rad "
            f"(degrees? use np.radians)"
        )
    sigma_theta = check_non_negative("sigma_theta", sigma_theta, "rad")
    return TiltMeasurement(mu=scalar_or_array(np.tan(theta)),
                           sigma=scalar_or_array(sigma_theta / np.cos(theta) ** 2))


def synthetic_slip_angles(test: TiltBoardTest, n_trials: int = 15, seed: int = 0):
    """A synthetic set of slip angles, rad, spanning exactly the published range.

    ``n_trials`` normal draws are mapped linearly so that the smallest becomes
    ``test.lowest_angle`` and the largest ``test.highest_angle``, then rounded to 0.1 degree,
    the resolution of the published numbers. SYNTHETIC: consistent with the thesis's range, not
    its (unpublished) individual readings.

    Examples
    --------
    >>> angles = np.degrees(synthetic_slip_angles(TiltBoardTest(), seed=0))
    >>> print(angles.size, angles.min().round(1), angles.max().round(1))
    15 45.3 49.1
    """
    if not isinstance(test, TiltBoardTest):
        raise ParameterError(f"test must be a TiltBoardTest, got {test!r}")
    n_trials = check_integer("n_trials", n_trials, at_least=2)
    draws = np.random.default_rng(seed).normal(size=n_trials)
    unit = (draws - draws.min()) / (draws.max() - draws.min())
    degrees = test.lowest_angle + unit * (test.highest_angle - test.lowest_angle)
    return np.radians(np.round(degrees, 1))


def incline_grip_needed(theta, inertia_ratio):
    r"""Friction-to-normal force ratio a wheel needs to roll down an incline without slipping.

    A wheel of mass m, radius r and inertia :math:`I = \kappa m r^2` about its axle, free to
    turn, rolls down a slope of angle :math:`\theta` with :math:`a = g\sin\theta/(1 + \kappa)`;
    the contact must supply :math:`F = \kappa\,m g\sin\theta/(1 + \kappa)` against
    :math:`N = m g\cos\theta`, so it slips only where

    .. math:: \frac{F}{N} = \frac{\kappa}{1 + \kappa}\,\tan\theta > \mu_s.

    A wheel kept from turning is the limit :math:`\kappa \to \infty`, the sliding block:
    :math:`F/N = \tan\theta`.

    Parameters
    ----------
    theta : float or array_like
        Slope angle, rad, in [0, pi/2).
    inertia_ratio : float
        :math:`\kappa = I/(m r^2)` (> 0, or ``numpy.inf`` for a blocked wheel): 1/2 for a solid
        disc, 1 for a thin ring.

    Examples
    --------
    A free solid disc on the thesis's steepest board, 49.1 degrees, needs only a third of
    tan(theta):

    >>> print(round(float(incline_grip_needed(np.radians(49.1), 0.5)), 3))
    0.385
    """
    theta = as_array("theta", theta, "rad")
    if np.any((theta < 0) | (theta >= np.pi / 2)):
        raise ParameterError(f"theta must lie in [0, pi/2) rad, got {theta!r}")
    if isinstance(inertia_ratio, (float, np.floating)) and inertia_ratio == np.inf:
        share = 1.0
    else:
        kappa = check_positive("inertia_ratio", inertia_ratio, "")
        share = kappa / (1.0 + kappa)
    return scalar_or_array(share * np.tan(theta))
