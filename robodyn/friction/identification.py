"""Identifying friction from measured forces: Coulomb-viscous by linear least squares, Stribeck by
nonlinear least squares.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import optimize

from robodyn.core.errors import ParameterError
from robodyn.core.fitting import FrictionFit, linear_least_squares, parameter_intervals
from robodyn.core.params import (
    as_array,
    check_choice,
    check_integer,
    check_positive,
)


def _data(v, f):
    v = as_array("v", v, "m/s", (None,), finite=True)
    f = as_array("f", f, "N", (None,), finite=True)
    if v.shape != f.shape:
        raise ParameterError(f"v and f must have one force per velocity; got {v.size} "
                             f"velocities and {f.size} forces")
    return v, f


def fit_coulomb_viscous(v, f) -> FrictionFit:
    r"""Fit :math:`F = -F_c\,\mathrm{sign}(v) - b\,v` to measured friction forces, by linear
    least squares.

    The model is linear in the parameters: :math:`f = A\,(F_c, b)^T` with the regression
    matrix :math:`A = [-\mathrm{sign}(v),\ -v]`. The fit solves it by the singular value
    decomposition (``numpy.linalg.lstsq``, through :func:`linear_least_squares`), not by the
    normal equations :math:`A^TA\,x = A^Tf`, whose condition number is the square of A's.

    Parameters
    ----------
    v : array_like, shape (n,)
        Velocities of the samples, m/s (rad/s), finite, not zero; both signs.
    f : array_like, shape (n,)
        Measured friction forces on the body (against the motion), N (N m).

    Returns
    -------
    FrictionFit
        Parameters ``("Fc", "b")``.

    Raises
    ------
    ParameterError
        If the data cannot identify both parameters: fewer than three samples, NaN, a zero
        velocity, or motion in one direction only (then Coulomb friction cannot be told from a
        constant offset of the measurement, such as a sensor bias or a gravity load).

    Examples
    --------
    >>> v = np.array([-2.0, -1.0, 1.0, 2.0])
    >>> fit = fit_coulomb_viscous(v, -0.4 * np.sign(v) - 0.1 * v)
    >>> print(round(fit["Fc"], 6), round(fit["b"], 6), fit.r_squared)
    0.4 0.1 1.0
    """
    v, f = _data(v, f)
    if v.size < 3:
        raise ParameterError(f"at least 3 samples are needed to fit 2 parameters and estimate "
                             f"the noise; got {v.size}")
    if np.any(v == 0.0):
        raise ParameterError("v must not be 0: at rest friction takes any value up to "
                             "breakaway, so such samples say nothing about Fc or b")
    if np.all(v > 0) or np.all(v < 0):
        direction = "positive" if v[0] > 0 else "negative"
        raise ParameterError(
            f"all velocities are {direction}: with motion in one direction only, the Coulomb "
            f"term -Fc sign(v) is a constant, which no fit can tell from a constant offset of "
            f"the measurement (a sensor bias, a gravity load). Measure in both directions."
        )
    return linear_least_squares(np.column_stack([-np.sign(v), -v]), f, ("Fc", "b"))


def fit_stribeck(v, f, p0=None, loss: str = "linear", delta: float = 2.0,
                 f_scale: float = 1.0, tol: float = 1e-12, max_nfev: int = 2000) -> FrictionFit:
    r"""Fit the Stribeck model (:func:`stribeck`) by nonlinear least squares.

    ``scipy.optimize.least_squares`` varies :math:`(F_c, F_s - F_c, v_s, b)` within bounds that
    keep the model physical (all >= 0, :math:`v_s > 0`), so :math:`F_s \ge F_c` always.

    Parameters
    ----------
    v, f : array_like, shape (n,)
        Velocities (m/s) and measured friction forces on the body (N), both directions of
        motion, no velocity 0. The forces oppose the motion (negative for v > 0), as every
        model of this module returns them.
    p0 : sequence of 4 floats, optional
        Start (Fc, Fs, vs, b); by default from a Coulomb-viscous fit and the data's range.
    loss : {"linear", "soft_l1", "huber", "cauchy"}
        ``"linear"`` is ordinary least squares; the others weigh down outliers
        (``least_squares``' robust losses, with residuals scaled by ``f_scale``).
    delta : float
        Exponent of the model, held fixed.
    f_scale : float
        Size of an ordinary residual, N, for the robust losses.
    tol : float
        The solver's ``ftol``, ``xtol`` and ``gtol`` (relative, dimensionless), tighter than
        scipy's 1e-8 by default because the valley of the cost along (Fs, vs) is flat.
    max_nfev : int
        Most evaluations of the model the solver may make (scipy's default is 400 for four
        parameters). When it runs out, ``success`` is False and the message says so.

    Returns
    -------
    FrictionFit
        Parameters ``("Fc", "Fs", "vs", "b")``; ``success`` and ``message`` say whether the
        solver converged, and the message names parameters the data do not pin down (a
        standard error larger than the estimate). ``success`` is also False when the fitted
        model explains the data no better than their mean (R^2 <= 0), and the message says so.
        The standard errors linearise the model at the solution and use the plain residual
        variance; with a robust loss and outliers they are rough.
        The fit is local: it returns the minimum the solver reaches from ``p0``. Data that
        do not reach below vs, or that hold outliers, can leave several minima (chapter 2
        shows both); try several starts.

    Raises
    ------
    ParameterError
        On malformed data (as :func:`fit_coulomb_viscous`: NaN, a velocity 0, motion in one
        direction only without ``p0``), fewer than 5 samples, or forces that point along the
        motion (the torque a motor supplies to hold the speed, as the dynamics tutorial's
        friction functions return it, instead of the friction on the body: fit ``-f``).

    Notes
    -----
    A sample at rest is refused rather than used: there the friction takes any value up to
    breakaway, while the model gives 0. The sign test is statistical: the mean of
    :math:`f\,\mathrm{sign}(v)` must not be positive by more than three of its standard
    errors (friction cannot push the body along its motion on average).

    Examples
    --------
    Clean data of the dynamics tutorial's kind (speeds from -2 to 2 rad/s in both directions,
    the Stribeck dip at 0.1 rad/s well inside), as the friction on the joint:

    >>> from robodyn.laws.friction import stribeck
    >>> v = np.linspace(-2.0, 2.0, 200)
    >>> fit = fit_stribeck(v, stribeck(v, 0.5, 0.8, 0.1, 0.1))
    >>> print(np.round(fit.estimates, 6), fit.success)
    [0.5 0.8 0.1 0.1] True

    The same speeds with the tutorial's sign, the torque a motor supplies, are refused:

    >>> fit_stribeck(v, -stribeck(v, 0.5, 0.8, 0.1, 0.1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: the forces f point along the motion: f has the sign
    of v at 200
    of 200 samples, ...
    """
    v, f = _data(v, f)
    if v.size < 5:
        raise ParameterError(f"at least 5 samples are needed to fit 4 parameters, got {v.size}")
    check_choice("loss", loss, ("linear", "soft_l1", "huber", "cauchy"))
    delta = check_positive("delta", delta)
    f_scale = check_positive("f_scale", f_scale, "N")
    tol = check_positive("tol", tol)
    max_nfev = check_integer("max_nfev", max_nfev, at_least=1)
    if np.any(v == 0.0):
        raise ParameterError(
            f"v must not be 0 ({int(np.sum(v == 0.0))} of the {v.size} samples are): at rest "
            f"friction takes any value up to breakaway, so such samples say nothing about Fc, "
            f"Fs, vs or b. Leave them out, e.g. keep = v != 0; fit_stribeck(v[keep], f[keep])."
        )
    _check_against_motion(v, f)
    if p0 is None:
        base = fit_coulomb_viscous(v, f)
        Fc0, b0 = max(base["Fc"], 1e-3), max(base["b"], 0.0)
        p0 = (Fc0, 1.2 * Fc0, 0.1 * float(np.max(np.abs(v))), b0)
    p0 = as_array("p0", p0, "", (4,), finite=True)
    start = np.array([p0[0], max(p0[1] - p0[0], 0.0), p0[2], p0[3]])

    def model(params, velocity):
        Fc, dF, vs, b = params
        return -(Fc + dF * np.exp(-np.abs(velocity / vs) ** delta)) * np.sign(velocity) \
            - b * velocity

    solution = optimize.least_squares(
        lambda params: model(params, v) - f, start, loss=loss, f_scale=f_scale,
        bounds=([0.0, 0.0, 1e-9, 0.0], [np.inf, np.inf, np.inf, np.inf]), x_scale="jac",
        ftol=tol, xtol=tol, gtol=tol, max_nfev=max_nfev)
    Fc, dF, vs, b = solution.x
    estimates = np.array([Fc, Fc + dF, vs, b])
    residuals = f - model(solution.x, v)
    # The model's Jacobian in (Fc, Fs, vs, b), from the solver's in (Fc, Fs - Fc, vs, b):
    # d/dFs = d/d(Fs - Fc) and d/dFc = d/dFc - d/d(Fs - Fc).
    J = solution.jac
    J_named = np.column_stack([J[:, 0] - J[:, 1], J[:, 1], J[:, 2], J[:, 3]])
    notes = [solution.message]
    fit = parameter_intervals(J_named, residuals, ("Fc", "Fs", "vs", "b"), estimates,
                              success=bool(solution.success))
    loose = [name for name, value, error in zip(fit.names, fit.estimates,
                                                fit.standard_errors, strict=True)
             if not error < abs(value)]
    if loose:
        notes.append(f"the data do not pin down {', '.join(loose)}: their standard errors are "
                     f"as large as the estimates (add samples at speeds near vs)")
    squares = float(residuals @ residuals)
    total = float(np.sum((f - f.mean()) ** 2))
    if np.ptp(f) > 0:
        r_squared = 1.0 - squares / total
    else:  # every force the same: R^2 is 1 for a model that gives it, else below any value
        r_squared = 1.0 if squares == 0 else -np.inf
    success = fit.success
    if not r_squared > 0:
        success = False
        notes.append(f"no fit: the model explains the data no better than their mean does "
                     f"(R^2 = {r_squared:.3g}, estimates {np.round(estimates, 6).tolist()}); the "
                     f"forces hardly oppose the motion (noise, an offset that is the same in "
                     f"both directions, or friction too small to see)")
    return dataclasses.replace(fit, r_squared=r_squared, success=success,
                               message="; ".join(notes))


def _check_against_motion(v: np.ndarray, f: np.ndarray) -> None:
    """Refuse forces that, on average, push along the motion: friction cannot."""
    along = f * np.sign(v)  # > 0 where the force points along the motion
    mean = float(np.mean(along))
    error = float(np.std(along, ddof=1)) / np.sqrt(along.size)
    if mean > 3.0 * error and mean > 0:
        spread = f", {mean / error:.3g} standard errors above 0" if error > 0 else ""
        raise ParameterError(
            f"the forces f point along the motion: f has the sign of v at "
            f"{int(np.sum(along > 0))} of {v.size} samples, and the mean of f sign(v) is "
            f"{mean:+.3g} N{spread}. Friction on the body opposes the motion (negative for "
            f"v > 0); these look like the force a motor supplies to hold the speed (the sign "
            f"of the dynamics tutorial's friction functions). Fit -f instead."
        )
