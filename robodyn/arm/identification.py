r"""Identification of the two-link arm: its dynamics are linear in its inertial parameters.

For the planar two-link arm of :mod:`robodyn.arm` (``q[0]`` the absolute angle of link 1,
``q[1]`` the angle of link 2 relative to link 1, gravity g along -y) the joint torques are

.. math:: \tau = Y(q, \dot q, \ddot q)\,\pi + \tau_f(\dot q),

with the **base parameters** :math:`\pi = (\pi_1, \pi_2, \pi_3, \pi_4)`, the combinations of
masses, centres of mass and inertias that the torques can tell apart,

.. math::

    \pi_1 = I_1 + m_1 l_{c1}^2 + m_2 L_1^2, \quad \pi_2 = I_2 + m_2 l_{c2}^2, \quad
    \pi_3 = m_2 l_{c2}, \quad \pi_4 = m_1 l_{c1} + m_2 L_1

(kg m^2, kg m^2, kg m, kg m), and the regressor, with :math:`c_2 = \cos q_2`,
:math:`s_2 = \sin q_2`, :math:`c_1 = \cos q_1`, :math:`c_{12} = \cos(q_1 + q_2)`,

.. math::

    Y = \begin{bmatrix}
    \ddot q_1 & \ddot q_1 + \ddot q_2 &
      L_1\bigl(c_2 (2\ddot q_1 + \ddot q_2) - s_2 (2\dot q_1\dot q_2 + \dot q_2^2)\bigr)
      + g c_{12} & g c_1 \\
    0 & \ddot q_1 + \ddot q_2 & L_1 (c_2 \ddot q_1 + s_2 \dot q_1^2) + g c_{12} & 0
    \end{bmatrix}.

Joint friction is chapter 2's Coulomb-viscous model (:func:`robodyn.friction.coulomb_viscous`)
per joint: the motors must supply :math:`\tau_{f,j} = b_j \dot q_j + F_{c,j}\,
\mathrm{sign}(\dot q_j)`, which appends four columns :math:`(\dot q_1, \dot q_2,
\mathrm{sign}\,\dot q_1, \mathrm{sign}\,\dot q_2)` to the regressor and
:math:`(b_1, b_2, F_{c1}, F_{c2})` to the parameters. The least squares and its intervals are
chapter 2's (:mod:`robodyn.friction`), applied to the stacked regressor.

Sources: the linearity in the parameters and the base parameters follow
Siciliano et al. (2009, ch. 7) and Lynch and Park (2017, ch. 8); the finite Fourier series as an
exciting trajectory follows Swevers et al. (1997).
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from robodyn.arm import lagrange
from robodyn.arm.planar_arm import PlanarArm
from robodyn.core.errors import ParameterError
from robodyn.core.fitting import FrictionFit, linear_least_squares
from robodyn.core.params import as_array, check_non_negative, check_positive
from robodyn.laws.friction import coulomb_viscous

__all__ = [
    "NAMES",
    "TEX_NAMES",
    "base_map",
    "base_parameters",
    "equivalent_arm",
    "fourier_trajectory",
    "friction_torques",
    "identify",
    "measured_torques",
    "predicted_torques",
    "regressor",
    "stacked_regressor",
    "standard_parameters",
    "symbolic_regressor",
]

#: Names of the identified parameters, in the order of the regressor's columns: the base
#: parameters (kg m^2, kg m^2, kg m, kg m), the viscous coefficients (N m s/rad) and the
#: Coulomb levels (N m) of joints 1 and 2.
NAMES = ("pi1", "pi2", "pi3", "pi4", "b1", "b2", "Fc1", "Fc2")
#: The same names as the text writes them, in LaTeX.
TEX_NAMES = (r"\pi_1", r"\pi_2", r"\pi_3", r"\pi_4", "b_1", "b_2", "F_{c1}", "F_{c2}")


def _two_links(arm: PlanarArm) -> PlanarArm:
    if not isinstance(arm, PlanarArm) or arm.n != 2:
        raise ParameterError(f"arm must be a two-link PlanarArm, got {arm!r}")
    return arm


def standard_parameters(arm: PlanarArm) -> np.ndarray:
    r"""The standard parameters of each link, :math:`(J_1, \chi_1, m_1, J_2, \chi_2, m_2)`.

    :math:`J_i = I_i + m_i l_{ci}^2` is link i's inertia about its own joint (kg m^2),
    :math:`\chi_i = m_i l_{ci}` its first moment (kg m), :math:`m_i` its mass (kg). The torques
    are linear in these six; only the four combinations of :func:`base_map` reach them.
    """
    arm = _two_links(arm)
    m, lc, inertia = arm.masses, arm.com_distances, arm.inertias
    J, chi = inertia + m * lc**2, m * lc
    return np.array([J[0], chi[0], m[0], J[1], chi[1], m[1]])


def base_map(L1: float) -> np.ndarray:
    r"""The matrix K with :math:`\pi = K\,(J_1, \chi_1, m_1, J_2, \chi_2, m_2)`, shape (4, 6).

    :math:`\pi_1 = J_1 + L_1^2 m_2`, :math:`\pi_2 = J_2`, :math:`\pi_3 = \chi_2`,
    :math:`\pi_4 = \chi_1 + L_1 m_2`: link 2's mass acts on joint 1 as a point mass at the elbow,
    and link 1's mass alone acts nowhere. ``L1`` in m (> 0).
    """
    L1 = check_positive("L1", L1, "m")
    return np.array([[1.0, 0.0, 0.0, 0.0, 0.0, L1**2],
                     [0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                     [0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
                     [0.0, 1.0, 0.0, 0.0, 0.0, L1]])


def base_parameters(arm: PlanarArm) -> np.ndarray:
    r"""The base parameters :math:`(\pi_1, \pi_2, \pi_3, \pi_4)` of a two-link arm.

    Units kg m^2, kg m^2, kg m, kg m (see the module's equations).

    Examples
    --------
    >>> print(base_parameters(PlanarArm()).round(4))
    [1.1667 0.16   0.6    2.75  ]
    """
    arm = _two_links(arm)
    return base_map(arm.lengths[0]) @ standard_parameters(arm)


def equivalent_arm(base, lengths, gravity: float) -> PlanarArm:
    r"""A physical two-link arm with the given base parameters: one of the many arms whose
    torques are all the same.

    Link 2's mass is put midway in the range that keeps every quantity physical,
    :math:`\max(\pi_3^2/\pi_2,\ \pi_3/L_2) \le m_2 < \min(\pi_4/L_1,\ \pi_1/L_1^2)`
    (inertia about the centre of mass >= 0, centre of mass on the link, link 1's first moment
    and inertia about its joint > 0); then :math:`l_{c2} = \pi_3/m_2`,
    :math:`I_2 = \pi_2 - \pi_3 l_{c2}`, :math:`\chi_1 = \pi_4 - m_2 L_1`,
    :math:`J_1 = \pi_1 - m_2 L_1^2`, link 1's mass twice the least that keeps
    :math:`I_1 = J_1 - \chi_1^2/m_1 \ge 0` and :math:`l_{c1} = \chi_1/m_1 \le L_1`.

    Parameters
    ----------
    base : array_like, shape (4,)
        :math:`(\pi_1, \pi_2, \pi_3, \pi_4)`, kg m^2, kg m^2, kg m, kg m.
    lengths : array_like, shape (2,)
        Link lengths, m (> 0).
    gravity : float
        g, m/s^2.

    Raises
    ------
    ParameterError
        If no physical arm of these lengths has these base parameters (an estimate that is
        physically inconsistent, say :math:`\pi_3^2 > \pi_2 \pi_4 / L_1`); the message says
        which bound fails.
    """
    p1, p2, p3, p4 = as_array("base", base, "", (4,), finite=True)
    L1, L2 = as_array("lengths", lengths, "m", (2,), finite=True)
    if L1 <= 0 or L2 <= 0:
        raise ParameterError(f"lengths must be > 0 m, got {[L1, L2]}")
    if min(p1, p2, p3, p4) <= 0:
        raise ParameterError(f"base parameters must all be > 0 for a physical arm with its "
                             f"centres of mass on the links, got {[p1, p2, p3, p4]}")
    low, high = max(p3**2 / p2, p3 / L2), min(p4 / L1, p1 / L1**2)
    if not low < high:
        raise ParameterError(
            f"no physical arm has the base parameters {[p1, p2, p3, p4]} with lengths "
            f"{[L1, L2]} m: link 2's mass would need to be at least {low:.4g} kg (its "
            f"inertia, its centre of mass on the link) and below {high:.4g} kg (link 1's "
            f"first moment and inertia about its joint)")
    m2 = 0.5 * (low + high)
    lc2 = p3 / m2
    chi1, J1 = p4 - m2 * L1, p1 - m2 * L1**2
    m1 = 2.0 * max(chi1**2 / J1, chi1 / L1)
    lc1 = chi1 / m1
    return PlanarArm(masses=[m1, m2], lengths=[L1, L2], com_fractions=[lc1 / L1, lc2 / L2],
                     inertias=[J1 - chi1 * lc1, p2 - p3 * lc2], gravity=gravity)


def _states(q, qd, qdd):
    q = as_array("q", q, "rad")
    if q.ndim not in (1, 2) or q.shape[0] != 2:
        raise ParameterError(f"q must have shape (2,) or (2, N) for the two-link arm, "
                             f"got shape {q.shape}")
    qd = as_array("qd", qd, "rad/s")
    qdd = as_array("qdd", qdd, "rad/s^2")
    for name, value in (("qd", qd), ("qdd", qdd)):
        if value.shape != q.shape:
            raise ParameterError(f"{name} must have the shape of q, {q.shape}, got shape "
                                 f"{value.shape}")
    return q, qd, qdd


def regressor(q, qd, qdd, L1: float, gravity: float, with_friction: bool = True) -> np.ndarray:
    r"""The regressor :math:`Y` of the two-link arm, :math:`\tau = Y\,\theta`.

    Parameters
    ----------
    q, qd, qdd : array_like, shape (2,) or (2, N)
        Joint angles (rad), rates (rad/s), accelerations (rad/s^2).
    L1 : float
        Length of link 1, m (> 0): the geometry is known, the masses are not.
    gravity : float
        g, m/s^2 (>= 0).
    with_friction : bool
        Append the friction columns :math:`(\dot q_1, \dot q_2, \mathrm{sign}\,\dot q_1,
        \mathrm{sign}\,\dot q_2)` (True, the parameters :data:`NAMES`) or not (the four base
        parameters alone).

    Returns
    -------
    numpy.ndarray, shape (2, p) or (N, 2, p)
        Row j gives joint j's torque; p = 8 with friction, 4 without. Units: the product
        with the parameters is in N m.
    """
    q, qd, qdd = _states(q, qd, qdd)
    L1 = check_positive("L1", L1, "m")
    g = check_non_negative("gravity", gravity, "m/s^2")
    c1, c2, s2, c12 = np.cos(q[0]), np.cos(q[1]), np.sin(q[1]), np.cos(q[0] + q[1])
    a1, a12 = qdd[0], qdd[0] + qdd[1]
    zero = np.zeros_like(a1)
    row1 = [a1, a12,
            L1 * (c2 * (2 * qdd[0] + qdd[1]) - s2 * (2 * qd[0] * qd[1] + qd[1] ** 2))
            + g * c12,
            g * c1]
    row2 = [zero, a12, L1 * (c2 * qdd[0] + s2 * qd[0] ** 2) + g * c12, zero]
    if with_friction:
        sign = np.sign(qd)
        row1 += [qd[0], zero, sign[0], zero]
        row2 += [zero, qd[1], zero, sign[1]]
    Y = np.array([row1, row2])  # (2, p) or (2, p, N)
    return Y if Y.ndim == 2 else np.moveaxis(Y, -1, 0)


def stacked_regressor(q, qd, qdd, L1: float, gravity: float,
                      with_friction: bool = True) -> np.ndarray:
    """The regressors of N samples stacked, shape (2N, p): joint 1 at every sample, then
    joint 2, to match ``tau.ravel()`` for torques ``tau`` of shape (2, N)."""
    Y = regressor(q, qd, qdd, L1, gravity, with_friction)
    if Y.ndim == 2:
        Y = Y[None]
    return np.concatenate([Y[:, 0], Y[:, 1]])


def symbolic_regressor():
    r"""The regressor in the standard parameters, derived with sympy from the Lagrangian.

    The torques :math:`M\ddot q + C\dot q + G` of :func:`robodyn.arm.lagrange.planar_arm_matrices`
    are rewritten in :math:`J_i = I_i + m_i l_{ci}^2` and :math:`\chi_i = m_i l_{ci}`; they are
    then linear in :math:`(J_1, \chi_1, m_1, J_2, \chi_2, m_2)`, and their Jacobian with respect to
    those is the regressor.

    Returns
    -------
    Y : sympy.Matrix, shape (2, 6)
        In the symbols q1, q2, qd1, qd2, qdd1, qdd2, L1, g.
    symbols : dict
        ``"standard"``: the six parameter symbols; ``"q"``, ``"qd"``, ``"qdd"``, ``"L1"``,
        ``"g"``: the state and geometry symbols.
    """
    M, C, G, s = lagrange.planar_arm_matrices(2)
    qdd = sp.Matrix(sp.symbols("qdd1 qdd2", real=True))
    tau = M * qdd + C * sp.Matrix(s["qd"]) + G
    J = sp.symbols("J1 J2", positive=True)
    chi = sp.symbols("chi1 chi2", positive=True)
    rules = {}
    for i in range(2):
        rules[s["I"][i]] = J[i] - chi[i] ** 2 / s["m"][i]
    tau = tau.subs(rules)
    tau = tau.subs({s["lc"][i]: chi[i] / s["m"][i] for i in range(2)}).applyfunc(sp.expand)
    standard = [J[0], chi[0], s["m"][0], J[1], chi[1], s["m"][1]]
    Y = tau.jacobian(standard).applyfunc(sp.simplify)
    return Y, {"standard": standard, "q": s["q"], "qd": s["qd"], "qdd": list(qdd),
               "L1": s["L"][0], "g": s["g"]}


def fourier_trajectory(t, a, b, q0, base_frequency: float):
    r"""A finite Fourier series per joint, the usual exciting trajectory, and its derivatives.

    .. math::

        q_j(t) = q_{0,j} + \sum_{k=1}^{K} \frac{a_{jk}}{k\omega_f}\sin(k\omega_f t)
                 - \frac{b_{jk}}{k\omega_f}\cos(k\omega_f t),

    so that :math:`\dot q_j = \sum_k a_{jk}\cos(k\omega_f t) + b_{jk}\sin(k\omega_f t)`: the
    coefficients are rate amplitudes. Periodic with :math:`2\pi/\omega_f`.

    Parameters
    ----------
    t : array_like, shape (N,)
        Times, s.
    a, b : array_like, shape (2, K)
        Coefficients, rad/s, of joint j and harmonic k.
    q0 : array_like, shape (2,)
        Offsets, rad.
    base_frequency : float
        :math:`\omega_f`, rad/s (> 0).

    Returns
    -------
    q, qd, qdd : numpy.ndarray, shape (2, N)
        Angles (rad), rates (rad/s), accelerations (rad/s^2).
    """
    t = as_array("t", t, "s", (None,), finite=True)
    a = as_array("a", a, "rad/s", (2, None), finite=True)
    b = as_array("b", b, "rad/s", a.shape, finite=True)
    q0 = as_array("q0", q0, "rad", (2,), finite=True)
    w = check_positive("base_frequency", base_frequency, "rad/s")
    k = np.arange(1, a.shape[1] + 1)
    phase = np.multiply.outer(k * w, t)  # (K, N)
    sin, cos = np.sin(phase), np.cos(phase)
    q = q0[:, None] + (a / (k * w)) @ sin - (b / (k * w)) @ cos
    qd = a @ cos + b @ sin
    qdd = (a * k * w) @ -sin + (b * k * w) @ cos
    return q, qd, qdd


def friction_torques(qd, viscous, coulomb) -> np.ndarray:
    r"""The torques the motors spend on joint friction, :math:`b_j\dot q_j + F_{c,j}
    \mathrm{sign}(\dot q_j)`, N m, shape of ``qd`` (2,) or (2, N).

    Chapter 2's model: the negative of :func:`robodyn.friction.coulomb_viscous`, the friction
    on the joint. ``viscous`` (N m s/rad) and ``coulomb`` (N m): shape (2,), each >= 0.
    """
    qd = as_array("qd", qd, "rad/s")
    if qd.ndim not in (1, 2) or qd.shape[0] != 2:
        raise ParameterError(f"qd must have shape (2,) or (2, N), got shape {qd.shape}")
    viscous = as_array("viscous", viscous, "N m s/rad", (2,), finite=True)
    coulomb = as_array("coulomb", coulomb, "N m", (2,), finite=True)
    return -np.array([coulomb_viscous(qd[j], coulomb[j], viscous[j])
                      for j in range(2)])


def measured_torques(arm: PlanarArm, q, qd, qdd, viscous, coulomb, noise: float, rng):
    r"""Torques an arm with joint friction needs along a motion, as a noisy sensor reads them.

    :math:`\tau = \mathrm{RNEA}(q, \dot q, \ddot q) + b\dot q + F_c\,\mathrm{sign}\,\dot q
    + \varepsilon`, with the arm's recursive Newton-Euler
    (:meth:`robodyn.arm.PlanarArm.inverse_dynamics`, not the regressor) and independent
    Gaussian noise :math:`\varepsilon` of standard deviation ``noise`` (N m, >= 0) on every
    sample of both joints, drawn from ``rng`` (a ``numpy.random.Generator``).
    Returns shape (2, N), N m.
    """
    arm = _two_links(arm)
    q, qd, qdd = _states(q, qd, qdd)
    noise = check_non_negative("noise", noise, "N m")
    if not isinstance(rng, np.random.Generator):
        raise ParameterError(f"rng must be a numpy.random.Generator "
                             f"(np.random.default_rng(...)), got {rng!r}")
    tau = arm.inverse_dynamics(q, qd, qdd) + friction_torques(qd, viscous, coulomb)
    return tau + rng.normal(0.0, noise, tau.shape)


def identify(q, qd, qdd, tau, L1: float, gravity: float) -> FrictionFit:
    r"""Base parameters and joint friction from measured torques, by linear least squares.

    Solves :math:`\min_\theta \lVert \boldsymbol\tau - W\theta \rVert^2` for the stacked
    regressor W (:func:`stacked_regressor`, 2N rows, 8 columns) with ``numpy.linalg.lstsq``,
    and takes the standard errors and 95 % intervals from chapter 2's least squares
    (the same computation as :func:`robodyn.friction.fit_coulomb_viscous`): covariance
    :math:`s^2 (W^TW)^{-1}` from W's singular values, :math:`s^2 = \lVert r\rVert^2/(2N - 8)`,
    intervals :math:`\pm t_{0.975,\,2N-8}` standard errors. They assume noise of the same
    size on both joints.

    Parameters
    ----------
    q, qd, qdd : array_like, shape (2, N)
        Measured joint angles (rad), rates (rad/s), accelerations (rad/s^2).
    tau : array_like, shape (2, N)
        Measured joint torques, N m.
    L1, gravity : float
        Known length of link 1 (m) and gravity (m/s^2).

    Returns
    -------
    robodyn.friction.FrictionFit
        Parameters :data:`NAMES`; ``message`` gives the condition number of W.

    Raises
    ------
    ParameterError
        On bad shapes or NaN, too few samples, or a motion that does not excite every
        parameter (W of rank below 8): then some combination of parameters leaves no trace in
        the torques, and the message says to move every joint in both directions with
        changing speed.
    """
    q, qd, qdd = _states(q, qd, qdd)
    if q.ndim != 2:
        raise ParameterError(f"q must hold samples, shape (2, N), got shape {q.shape}")
    for name, value in (("q", q), ("qd", qd), ("qdd", qdd)):
        if not np.all(np.isfinite(value)):
            raise ParameterError(f"{name} must contain only finite numbers")
    tau = as_array("tau", tau, "N m", q.shape, finite=True)
    W = stacked_regressor(q, qd, qdd, L1, gravity)
    if W.shape[0] <= W.shape[1]:
        raise ParameterError(f"at least 5 samples (10 torques) are needed to fit 8 "
                             f"parameters and estimate the noise; got {q.shape[1]}")
    singular = np.linalg.svd(W, compute_uv=False)
    rank = int(np.sum(singular > singular[0] * 1e-10))
    if rank < W.shape[1]:
        raise ParameterError(
            f"the motion does not excite every parameter: the stacked regressor has rank "
            f"{rank} of {W.shape[1]}, so {W.shape[1] - rank} combination(s) of the "
            f"parameters leave no trace in the torques. Move every joint in both "
            f"directions, with changing speed and acceleration (a Fourier series of a few "
            f"harmonics per joint)."
        )
    condition = singular[0] / singular[-1]
    return linear_least_squares(
        W, tau.ravel(), NAMES, f"linear least squares (SVD); cond(W) = {condition:.3g}")


def predicted_torques(parameters, q, qd, qdd, L1: float, gravity: float) -> np.ndarray:
    r"""Joint torques :math:`Y\theta` of a motion from identified parameters, N m.

    ``parameters``: shape (8,), in the order of :data:`NAMES` (for example
    ``identify(...).estimates``). ``q, qd, qdd``: shape (2,) or (2, N). Returns the shape
    of ``q``.
    """
    parameters = as_array("parameters", parameters, "", (len(NAMES),), finite=True)
    Y = regressor(q, qd, qdd, L1, gravity)
    tau = Y @ parameters
    return tau.T if tau.ndim == 2 else tau
