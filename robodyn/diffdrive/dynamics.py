"""Lagrange dynamics of the differential drive, constrained and reduced; wheel torques."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from robodyn.core.mechanics import project_onto_free_velocities
from robodyn.core.params import (
    Range,
    as_array,
    check_real,
)
from robodyn.diffdrive.kinematics import twist_to_wheel_speeds
from robodyn.diffdrive.params import DiffDriveParams, broadcast_inputs, check_params


class LagrangeModel(NamedTuple):
    """Matrices of M(q) q_ddot + V(q, q_dot) q_dot = B(q) tau - A(q)^T lambda.

    The model at one state, not the result of a simulation (every simulation of the package
    returns a :class:`~robodyn.core.integrate.SimulationResult`).

    Attributes
    ----------
    M : numpy.ndarray, shape (5, 5)
        Mass matrix, entries in kg, kg m and kg m^2.
    V : numpy.ndarray, shape (5, 5)
        Centripetal and Coriolis matrix (V q_dot gives the velocity-product forces).
    B : numpy.ndarray, shape (5, 2)
        Input matrix mapping tau = (tau_r, tau_l), N m, onto the generalised forces.
    A : numpy.ndarray, shape (3, 5)
        Constraint matrix, A q_dot = 0 (no side slip, right wheel rolls, left wheel rolls).
    """

    M: np.ndarray
    V: np.ndarray
    B: np.ndarray
    A: np.ndarray


def _check_q(q, name: str) -> np.ndarray:
    return as_array(name, q, "m, m, rad, rad, rad", (5,), finite=True)


def lagrange_model(q, q_dot, params: DiffDriveParams) -> LagrangeModel:
    r"""Lagrange equations of the robot in the coordinates q = (x, y, theta, phi_r, phi_l).

    (x, y) is the axle midpoint, the centre of mass lies a distance d ahead of it:
    :math:`x_c = x + d\cos\theta`, :math:`y_c = y + d\sin\theta`. Kinetic energy

    .. math::

        T = \tfrac12 m (\dot x_c^2 + \dot y_c^2) + \tfrac12 I \dot\theta^2
            + \tfrac12 I_w (\dot\varphi_r^2 + \dot\varphi_l^2)

    gives :math:`M(q)\ddot q + V(q, \dot q)\dot q = B \tau - A(q)^T \lambda` with

    .. math::

        M = \begin{bmatrix}
            m & 0 & -m d \sin\theta & 0 & 0 \\
            0 & m & m d \cos\theta & 0 & 0 \\
            -m d \sin\theta & m d \cos\theta & I + m d^2 & 0 & 0 \\
            0 & 0 & 0 & I_w & 0 \\ 0 & 0 & 0 & 0 & I_w \end{bmatrix}, \quad
        V = \begin{bmatrix}
            0 & 0 & -m d \cos\theta\,\dot\theta & 0 & 0 \\
            0 & 0 & -m d \sin\theta\,\dot\theta & 0 & 0 \\
            0 & 0 & 0 & 0 & 0 \\ 0 & 0 & 0 & 0 & 0 \\ 0 & 0 & 0 & 0 & 0 \end{bmatrix},

    .. math::

        B = \begin{bmatrix} 0 & 0 \\ 0 & 0 \\ 0 & 0 \\ 1 & 0 \\ 0 & 1 \end{bmatrix}, \quad
        A = \begin{bmatrix}
            -\sin\theta & \cos\theta & 0 & 0 & 0 \\
            \cos\theta & \sin\theta & L/2 & -R & 0 \\
            \cos\theta & \sin\theta & -L/2 & 0 & -R \end{bmatrix}.

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    q_dot : array_like, shape (5,)
        Its rate: m/s, m/s, rad/s, rad/s, rad/s.
    params : DiffDriveParams
        Robot parameters (m, I, d, I_w, R, L).

    Returns
    -------
    LagrangeModel
        ``M`` (5, 5), ``V`` (5, 5), ``B`` (5, 2), ``A`` (3, 5).

    Raises
    ------
    ParameterError
        If ``q`` or ``q_dot`` is not a finite array of shape (5,) or ``params`` is not a
        DiffDriveParams.

    Notes
    -----
    The rows of A are the three constraints: the axle midpoint does not slide sideways,
    :math:`-\dot x\sin\theta + \dot y\cos\theta = 0`, and each wheel rolls,
    :math:`\dot x\cos\theta + \dot y\sin\theta \pm (L/2)\dot\theta - R\dot\varphi = 0`
    (+ right, - left). lambda holds the constraint forces (lateral force at the axle, N, and
    the two longitudinal traction forces, N). The floor is flat (no potential energy); wheel
    mass and yaw inertia are lumped into m and I; the motor reaction torque acts about the
    axle, out of the plane, and does not enter. The thesis states the result as
    M q_ddot + V q_dot = B tau, i.e. after the constraint forces are eliminated.

    Examples
    --------
    >>> model = lagrange_model(np.zeros(5), np.zeros(5), DiffDriveParams())
    >>> print(model.M.shape, model.V.shape, model.B.shape, model.A.shape)
    (5, 5) (5, 5) (5, 2) (3, 5)
    """
    q = _check_q(q, "q")
    q_dot = _check_q(q_dot, "q_dot")
    p = check_params(params)
    m, inertia, d = p.mass, p.yaw_inertia, p.com_offset
    i_w, radius, track = p.wheel_inertia, p.wheel_radius, p.track_width
    theta, theta_dot = q[2], q_dot[2]
    s, c = math.sin(theta), math.cos(theta)
    M = np.array([
        [m, 0.0, -m * d * s, 0.0, 0.0],
        [0.0, m, m * d * c, 0.0, 0.0],
        [-m * d * s, m * d * c, inertia + m * d**2, 0.0, 0.0],
        [0.0, 0.0, 0.0, i_w, 0.0],
        [0.0, 0.0, 0.0, 0.0, i_w],
    ])
    V = np.zeros((5, 5))
    V[0, 2] = -m * d * c * theta_dot
    V[1, 2] = -m * d * s * theta_dot
    B = np.zeros((5, 2))
    B[3, 0] = 1.0
    B[4, 1] = 1.0
    A = np.array([
        [-s, c, 0.0, 0.0, 0.0],
        [c, s, track / 2.0, -radius, 0.0],
        [c, s, -track / 2.0, 0.0, -radius],
    ])
    return LagrangeModel(M=M, V=V, B=B, A=A)


def null_space_matrix(q, params: DiffDriveParams) -> np.ndarray:
    r"""Matrix S(q) whose columns span the allowed velocities: q_dot = S(q) nu, A(q) S(q) = 0.

    .. math::

        S = \begin{bmatrix} \cos\theta & 0 \\ \sin\theta & 0 \\ 0 & 1 \\
            1/R & L/(2R) \\ 1/R & -L/(2R) \end{bmatrix}, \qquad \nu = (v, \omega)

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    params : DiffDriveParams
        Robot parameters (R, L).

    Returns
    -------
    numpy.ndarray, shape (5, 2)
        Columns: the effect of v (m/s) and of omega (rad/s) on q_dot.

    Raises
    ------
    ParameterError
        If ``q`` is not a finite array of shape (5,) or ``params`` is not a DiffDriveParams.

    Notes
    -----
    Rows 4 and 5 are :func:`inverse_kinematics`; rows 1 to 3 are :func:`pose_rate`.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> S = null_space_matrix([0.0, 0.0, 0.3, 0.0, 0.0], p)
    >>> A = lagrange_model([0.0, 0.0, 0.3, 0.0, 0.0], np.zeros(5), p).A
    >>> print(np.abs(A @ S).max() < 1e-15)
    True
    """
    q = _check_q(q, "q")
    p = check_params(params)
    theta = q[2]
    radius, track = p.wheel_radius, p.track_width
    return np.array([
        [math.cos(theta), 0.0],
        [math.sin(theta), 0.0],
        [0.0, 1.0],
        [1.0 / radius, track / (2.0 * radius)],
        [1.0 / radius, -track / (2.0 * radius)],
    ])


def reduced_model(q, nu, params: DiffDriveParams):
    r"""Equations of motion in nu = (v, omega), reduced numerically from the Lagrange model.

    Multiplying :math:`M\ddot q + V\dot q = B\tau - A^T\lambda` by :math:`S^T`
    (:func:`robodyn.core.mechanics.project_onto_free_velocities`) removes the constraint forces
    (:math:`S^T A^T = 0`); with :math:`\dot q = S\nu`, :math:`\ddot q = S\dot\nu + \dot S\nu`:

    .. math::

        \bar M \dot\nu + \bar V \nu = \bar B \tau, \qquad
        \bar M = S^T M S, \quad \bar V\nu = S^T (M \dot S + V S)\,\nu, \quad \bar B = S^T B

    with :math:`\dot S = (\partial S / \partial\theta)\,\omega`.

    Parameters
    ----------
    q : array_like, shape (5,)
        (x, y, theta, phi_r, phi_l): m, m, rad, rad, rad.
    nu : array_like, shape (2,)
        (v, omega): m/s, rad/s.
    params : DiffDriveParams
        Robot parameters.

    Returns
    -------
    M_bar : numpy.ndarray, shape (2, 2)
        Reduced mass matrix: kg, kg m, kg m^2.
    V_bar_nu : numpy.ndarray, shape (2,)
        Velocity-product terms: N, N m.
    B_bar : numpy.ndarray, shape (2, 2)
        Reduced input matrix, 1/m and dimensionless.

    Raises
    ------
    ParameterError
        If an array has the wrong shape or is not finite, or ``params`` is not a
        DiffDriveParams.

    Notes
    -----
    An independent numerical route to the closed form of :func:`body_acceleration`; the
    chapter and the tests compare the two.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> M_bar, V_bar_nu, B_bar = reduced_model(np.zeros(5), [0.3, 1.0], p)
    >>> print(f"{M_bar[0, 0]:.4f} kg = m_eff {p.effective_mass:.4f} kg")
    3.5602 kg = m_eff 3.5602 kg
    """
    q = _check_q(q, "q")
    nu = as_array("nu", nu, "m/s, rad/s", (2,), finite=True)
    p = check_params(params)
    S = null_space_matrix(q, p)
    theta, omega = q[2], nu[1]
    S_dot = np.zeros((5, 2))
    S_dot[0, 0] = -math.sin(theta) * omega
    S_dot[1, 0] = math.cos(theta) * omega
    q_dot = S @ nu
    model = lagrange_model(q, q_dot, p)
    return project_onto_free_velocities(model.M, model.V @ q_dot, model.B, S, S_dot @ nu)


def _body_acceleration(v, omega, tau_r, tau_l, p):
    radius, track, m, d = p.wheel_radius, p.track_width, p.mass, p.com_offset
    v_dot = ((tau_r + tau_l) / radius + m * d * omega**2) / p.effective_mass
    omega_dot = (
        track * (tau_r - tau_l) / (2.0 * radius) - m * d * v * omega
    ) / p.effective_yaw_inertia
    return v_dot, omega_dot


def body_acceleration(v, omega, tau_r, tau_l, params: DiffDriveParams):
    r"""Forward and yaw acceleration from the wheel torques (closed form).

    .. math::

        \Big(m + \frac{2 I_w}{R^2}\Big)\dot v - m d \omega^2 = \frac{\tau_r + \tau_l}{R},
        \qquad
        \Big(I + m d^2 + \frac{I_w L^2}{2 R^2}\Big)\dot\omega + m d v \omega
        = \frac{L (\tau_r - \tau_l)}{2 R}

    Parameters
    ----------
    v : float or array_like
        Forward speed of the axle midpoint, m/s.
    omega : float or array_like
        Yaw rate, rad/s.
    tau_r, tau_l : float or array_like
        Right and left wheel torques, N m (all four broadcast).
    params : DiffDriveParams
        Robot parameters (m, I, d, I_w, R, L).

    Returns
    -------
    v_dot : float or numpy.ndarray
        Forward acceleration, m/s^2.
    omega_dot : float or numpy.ndarray
        Yaw acceleration, rad/s^2.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    The same equations follow from Newton-Euler on the body with the lateral constraint force
    at the axle: the centre of mass, a distance d ahead of the axle, has the centripetal
    acceleration d omega^2 towards the axle, so a robot spinning on the spot with d > 0 is
    pulled forward (v_dot > 0) and with d < 0 backward. With d = 0 the two equations decouple.
    Left out: rolling resistance, wheel slip, caster friction, motor electrics.

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> v_dot, omega_dot = body_acceleration(0.0, 0.0, 0.1, 0.1, p)
    >>> print(f"{float(v_dot):.4f} m/s^2, {float(omega_dot):.1f} rad/s^2")
    1.5604 m/s^2, 0.0 rad/s^2
    """
    p = check_params(params)
    return _body_acceleration(
        *broadcast_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"), ("tau_r", tau_r, "N m"),
                 ("tau_l", tau_l, "N m")),
        p,
    )


def kinetic_energy(v, omega, params: DiffDriveParams):
    r"""Kinetic energy of the robot moving with (v, omega), wheel spin included.

    .. math:: E = \tfrac12 \Big(m + \frac{2 I_w}{R^2}\Big) v^2
              + \tfrac12 \Big(I + m d^2 + \frac{I_w L^2}{2 R^2}\Big) \omega^2

    Parameters
    ----------
    v : float or array_like
        Forward speed, m/s.
    omega : float or array_like
        Yaw rate, rad/s.
    params : DiffDriveParams
        Robot parameters.

    Returns
    -------
    float or numpy.ndarray
        Kinetic energy, J.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    Equals T of :func:`lagrange_model` at :math:`\dot q = S \nu`; no cross term in v omega
    appears because the centre-of-mass velocity's cross term is perpendicular. Conserved
    when both torques are zero.

    Examples
    --------
    >>> print(f"{float(kinetic_energy(0.3, 0.0, DiffDriveParams())):.4f} J")
    0.1602 J
    """
    p = check_params(params)
    v, omega = broadcast_inputs(("v", v, "m/s"), ("omega", omega, "rad/s"))
    return 0.5 * p.effective_mass * v**2 + 0.5 * p.effective_yaw_inertia * omega**2


def wheel_torques(phi_dot_ref, phi_dot, params: DiffDriveParams) -> np.ndarray:
    r"""Torques of the two wheel-speed controllers, proportional with a torque limit.

    .. math:: \tau = \mathrm{clip}\big(k\,(\dot\varphi_{ref} - \dot\varphi),
              -\tau_{max}, \tau_{max}\big)

    Parameters
    ----------
    phi_dot_ref : array_like, shape (2,) or (2, N)
        Reference wheel speeds (right, left), rad/s.
    phi_dot : array_like, shape (2,) or (2, N)
        Actual wheel speeds (right, left), rad/s (broadcast against ``phi_dot_ref``).
    params : DiffDriveParams
        Gives k = ``speed_gain`` and tau_max = ``max_wheel_torque``.

    Returns
    -------
    numpy.ndarray, shape (2,) or (2, N)
        (tau_r, tau_l), N m.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    No integral action: a constant load leaves a speed error. Motor electrics, back-EMF and
    traction limits are left out (``max_wheel_torque`` defaults below
    :attr:`DiffDriveParams.traction_torque_limit`).

    Examples
    --------
    >>> print(wheel_torques([8.0, 8.0], [0.0, 7.0], DiffDriveParams()))
    [0.4  0.05]
    """
    p = check_params(params)
    phi_dot_ref, phi_dot = broadcast_inputs(("phi_dot_ref", phi_dot_ref, "rad/s"),
                                   ("phi_dot", phi_dot, "rad/s"))
    return np.clip(p.speed_gain * (phi_dot_ref - phi_dot), -p.max_wheel_torque,
                   p.max_wheel_torque)


def traction_demand(params: DiffDriveParams, drive_load_fraction: float = 1.0):
    r"""Floor force of a straight start at the torque limit, and the friction it needs.

    With both torques at tau_max and omega = 0, the reduced model gives
    v_dot = 2 tau_max / (R m_eff). The floor's friction at the two drive wheels is the only
    horizontal force on the robot (casters frictionless), so by Newton's law for the whole
    robot

    .. math:: F = m\,\dot v = \frac{2\tau_{max}}{R}\,\frac{m}{m_{eff}}, \qquad
              \mu_{needed} = \frac{F}{f\,m\,g}

    with f the fraction of the weight that the drive wheels carry. The rest of
    2 tau_max / R, 2 I_w v_dot / R^2, spins the wheels up.

    Parameters
    ----------
    params : DiffDriveParams
        Gives m, R, I_w (through m_eff), tau_max and g.
    drive_load_fraction : float, optional
        Fraction f of the weight on the two drive wheels, in (0, 1]; 1 puts none on the
        casters.

    Returns
    -------
    force : float
        Friction force F of the floor on the two drive wheels together, N.
    mu_needed : float
        Friction coefficient the start needs; the wheels slip when it exceeds ``mu_s``.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams or ``drive_load_fraction`` is outside (0, 1].

    Notes
    -----
    Load transfer by the acceleration (the centre of mass above the floor pitches the robot
    back onto the rear wheels or casters) is left out, and so is the split of the load
    between the two drive wheels: it is taken as equal.

    Examples
    --------
    >>> force, mu = traction_demand(DiffDriveParams())
    >>> print(f"{force:.1f} N, mu {mu:.2f}")
    27.3 N, mu 0.80
    """
    p = check_params(params)
    f = check_real("drive_load_fraction", drive_load_fraction, "",
                   Range(above=0.0, at_most=1.0))
    force = 2.0 * p.max_wheel_torque / p.wheel_radius * p.mass / p.effective_mass
    return force, force / (f * p.mass * p.g)


def dynamic_rhs(t, state, params: DiffDriveParams, phi_dot_ref) -> np.ndarray:
    r"""Right-hand side of the dynamic model with speed-controlled wheels (scipy shape).

    With state (x, y, theta, v, omega):

    .. math::

        (\dot\varphi_r, \dot\varphi_l) &= \text{inverse\_kinematics}(v, \omega), \quad
        \tau = \text{wheel\_torques}(\dot\varphi_{ref}, \dot\varphi), \\
        (\dot v, \dot\omega) &= \text{body\_acceleration}(v, \omega, \tau_r, \tau_l), \quad
        (\dot x, \dot y, \dot\theta) = (v\cos\theta, v\sin\theta, \omega)

    Parameters
    ----------
    t : float
        Time, s (unused; the references are held constant by the caller).
    state : array_like, shape (5,) or (5, N)
        (x, y, theta, v, omega): m, m, rad, m/s, rad/s.
    params : DiffDriveParams
        Robot parameters.
    phi_dot_ref : array_like, shape (2,) or (2, N)
        Reference wheel speeds (right, left), rad/s.

    Returns
    -------
    numpy.ndarray, shape like ``state``
        (x_dot, y_dot, theta_dot, v_dot, omega_dot): m/s, m/s, rad/s, m/s^2, rad/s^2.

    Raises
    ------
    ParameterError
        If ``params`` is not a DiffDriveParams.

    Notes
    -----
    The wheel speeds are tied to (v, omega) by the rolling constraints, so they are not
    states of their own. With a high ``speed_gain`` the model is stiff: an explicit step
    needs dt below about 2.8 m_eff R^2 / (2 k).

    Examples
    --------
    >>> p = DiffDriveParams()
    >>> print(dynamic_rhs(0.0, np.zeros(5), p, [8.0, 8.0]).round(4))
    [0.     0.     0.     6.2419 0.    ]
    """
    p = check_params(params)
    x, y, theta, v, omega = state
    phi_dot = np.array(twist_to_wheel_speeds(v, omega, p.wheel_radius, p.track_width))
    tau = np.clip(p.speed_gain * (np.asarray(phi_dot_ref) - phi_dot), -p.max_wheel_torque,
                  p.max_wheel_torque)
    v_dot, omega_dot = _body_acceleration(v, omega, tau[0], tau[1], p)
    x_dot, y_dot, theta_dot = v * np.cos(theta), v * np.sin(theta), omega
    return np.array([x_dot, y_dot, theta_dot, v_dot, omega_dot])
