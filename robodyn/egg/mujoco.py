r"""The egg rocking on the floor: a MuJoCo model, and the planar rolling ellipse that checks it.

(Chapter 6's second engine. :mod:`robodyn.egg` holds the shell's geometry; this module lets
MuJoCo simulate the shell as a rigid body with contact, and compares it with two answers
derived here.)

**The case.** A prolate ellipsoid, semi-axes :math:`(R_2, R_2, R_1)` with :math:`R_1 > R_2`
and the long axis along the body's z axis, lies on a horizontal floor. Released from rest with
its long axis tilted by a small angle :math:`\varepsilon` from the horizontal, it rocks back
and forth, rolling without slipping.

**Conventions.** World z up, g along -z. The body starts with its long axis along world x,
then turned about world y so that its +z end rises: its attitude is
:math:`R_{WB} = R_y(\pi/2 - \varepsilon)`. The *tilt* :math:`\theta` is the signed angle of
the long axis (the body's +z direction) above the horizontal; the rocking is the turn about
world y, which is the body's y axis, so the inertia that enters is :math:`I_{yy} = I_t`.

**Planar rolling.** With the long axis at the tilt :math:`\theta`, the centre stands at
:math:`h(\theta) = \sqrt{R_1^2\sin^2\theta + R_2^2\cos^2\theta}` above the floor (the
ellipse's support function; :func:`robodyn.egg.center_height` with
:math:`\beta_v = \pi/2 - \theta`), and the contact lies at :math:`r_c = (-h'(\theta), 0,
-h(\theta))` from the centre. The contact point is the instantaneous centre of rotation, so

.. math::

    \dot x = -h\,\dot\theta, \qquad
    T = \tfrac12\big(I_t + m\,|r_c|^2\big)\dot\theta^2
      = \tfrac12\big(I_t + m\,(h^2 + h'^2)\big)\dot\theta^2, \qquad V = m g h .

**Small angles.** :math:`h \approx R_2 + (R_1^2 - R_2^2)\,\theta^2 / (2R_2)`: the stiffness
is :math:`k = m g (R_1^2 - R_2^2)/R_2`, the inertia about the contact :math:`I_t + m R_2^2`,
and the period

.. math:: T_0 = 2\pi\sqrt{\frac{(I_t + m R_2^2)\,R_2}{m g\,(R_1^2 - R_2^2)}} .

(:func:`robodyn.egg.small_angle_period`)

>>> from robodyn.egg import small_angle_period
>>> T0 = small_angle_period(0.16, 0.1, 1.0, 1.0 * (0.16**2 + 0.1**2) / 5)
>>> print(f"{T0:.4f} s")
0.6646 s
"""

from __future__ import annotations

import math
import time

import numpy as np

from robodyn.core.errors import ParameterError, SimulationError
from robodyn.core.integrate import SimulationResult, solve
from robodyn.core.mjcf import INTEGRATORS, check_solimp, check_solref, load_mujoco, mjcf_number
from robodyn.core.params import (
    Range,
    as_array,
    check_choice,
    check_integer,
    check_positive,
    check_real,
)
from robodyn.egg.attitude import euler_angles, rotation
from robodyn.egg.geometry import check_radii as _radii
from robodyn.egg.gimbal import ServoMove, gimbal_angles
from robodyn.egg.params import EggParams

__all__ = [
    "CONES",
    "GYRO_COLUMNS",
    "ROCKING_COLUMNS",
    "gyro",
    "gyro_model_xml",
    "planar_rhs",
    "planar_rocking",
    "rock",
    "rocking_model_xml",
]

#: Friction cones of MuJoCo that :func:`rocking_model_xml` accepts.
CONES = ("pyramidal", "elliptic")

# --------------------------------------------------------------------------- input checks


def _inertia(inertia) -> np.ndarray:
    inertia = as_array("inertia", inertia, "kg m^2", (3,), finite=True)
    if np.any(inertia <= 0):
        raise ParameterError(f"inertia must have every entry > 0 kg m^2 (the principal moments "
                             f"I_xx, I_yy, I_zz about the centre), got {inertia.tolist()}")
    for i in range(3):
        others = inertia.sum() - inertia[i]
        if inertia[i] > others:
            raise ParameterError(
                f"inertia must satisfy the triangle inequality (each principal moment <= the "
                f"sum of the other two), got {inertia.tolist()}: entry {i} = {inertia[i]:.9g} > "
                f"{others:.9g} kg m^2. No rigid body has these moments.")
    return inertia


def _check_solver(timestep, solref, solimp, cone: str, integrator: str):
    """The checked MuJoCo settings: (timestep s, (time constant s, damping ratio),
    (d0, d_width, width m)); the contact's time constant at least two steps."""
    timestep = check_positive("timestep", timestep, "s")
    tc, damping = check_solref("solref", solref)
    if tc < 2 * timestep * (1 - 1e-12):
        raise ParameterError(
            f"solref's time constant must be >= 2 timesteps = {2 * timestep:g} s (MuJoCo "
            f"would raise it to that silently), got {tc:g} s: use a smaller timestep")
    solimp = check_solimp("solimp", solimp)
    check_choice("cone", cone, CONES)
    check_choice("integrator", integrator, INTEGRATORS)
    return timestep, (tc, damping), solimp

def _tilt(tilt) -> float:
    return check_real("tilt", tilt, "rad", Range(above=0.0, below=math.pi / 2))


def _height(theta, R1, R2):
    return np.sqrt(R1**2 * np.sin(theta) ** 2 + R2**2 * np.cos(theta) ** 2)


# --------------------------------------------------------------------------- result

#: Columns of the result of :func:`rock` and :func:`planar_rocking`, so that the two engines
#: compare column by column (and with :func:`robodyn.egg.simulate`'s ``x, y, z``,
#: ``contact_x, contact_y`` and ``energy``): the tilt of the long axis above the horizontal
#: (rad); the centre ``x, y, z`` (m); the long axis's unit vector ``axis_x, axis_y,
#: axis_z``; the contact point ``contact_x, contact_y, contact_z`` (m, NaN where there is
#: none); ``energy`` (J, kinetic plus gravitational, zero at the floor); ``penetration``
#: (m, depth of the shell below the floor, NaN without contact); ``slip_speed`` (m/s, of the
#: shell's material point at the contact along the floor, NaN without contact).
ROCKING_COLUMNS = ("tilt", "x", "y", "z", "axis_x", "axis_y", "axis_z", "contact_x",
                   "contact_y", "contact_z", "energy", "penetration", "slip_speed")


# --------------------------------------------------------------------------- planar reference


def planar_rhs(t, x, R1, R2, mass, I_t, g):
    r"""Right-hand side of the planar rolling ellipse: x = [theta, theta_dot, x_centre].

    Lagrange's equation of :math:`L = \tfrac12 M(\theta)\dot\theta^2 - m g h(\theta)` with
    :math:`M = I_t + m(h^2 + h'^2)`, and the rolling constraint for the centre:

    .. math::

        \ddot\theta = -\frac{\tfrac12 M'(\theta)\,\dot\theta^2 + m g\,h'(\theta)}{M(\theta)},
        \qquad \dot x = -h\,\dot\theta,

    with :math:`h' = (R_1^2 - R_2^2)\sin\theta\cos\theta / h`,
    :math:`h'' = ((R_1^2 - R_2^2)\cos 2\theta - h'^2)/h` and :math:`M' = 2 m h'(h + h'')`.

    Parameters
    ----------
    t : float
        Time, s (the model does not depend on it).
    x : array_like, shape (3,)
        State: tilt theta (rad), its rate (rad/s), centre's x (m).
    R1, R2, mass, I_t, g : float
        Semi-axes (m), mass (kg), transverse inertia about the centre (kg m^2), gravity
        (m/s^2). Not checked here: :func:`planar_rocking` checks them.

    Returns
    -------
    numpy.ndarray, shape (3,)
        [theta_dot, theta_ddot, x_dot].
    """
    theta, theta_dot = x[0], x[1]
    s, c = math.sin(theta), math.cos(theta)
    h = math.sqrt(R1**2 * s**2 + R2**2 * c**2)
    dh = (R1**2 - R2**2) * s * c / h
    ddh = ((R1**2 - R2**2) * (c**2 - s**2) - dh**2) / h
    M = I_t + mass * (h**2 + dh**2)
    dM = 2 * mass * dh * (h + ddh)
    theta_ddot = -(0.5 * dM * theta_dot**2 + mass * g * dh) / M
    return np.array([theta_dot, theta_ddot, -h * theta_dot])


def planar_rocking(R1: float, R2: float, mass: float, I_t: float, tilt: float, t_end: float, *,
                   g: float = EggParams.g, sample_interval: float = 1e-3, rtol: float = 1e-10,
                   atol: float = 1e-12, method: str = "DOP853") -> SimulationResult:
    r"""The exact rocking of the ellipse rolling in the vertical x-z plane, any amplitude.

    Integrates :func:`planar_rhs` from rest at ``tilt``, centre above the origin, with
    :func:`robodyn.core.integrate.solve`. The energy
    :math:`E = \tfrac12(I_t + m(h^2 + h'^2))\dot\theta^2 + m g h` is conserved.

    Parameters
    ----------
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0).
    mass : float
        Mass, kg (> 0).
    I_t : float
        Moment of inertia about the rocking (transverse) axis through the centre, kg m^2.
    tilt : float
        Initial tilt of the long axis above the horizontal, rad (0 < tilt < pi/2).
    t_end : float
        Duration, s (> 0).
    g : float, optional
        Gravitational acceleration, m/s^2 (default ``EggParams.g``).
    sample_interval : float, optional
        Time between the returned samples, s (> 0; default 1e-3).
    rtol, atol : float, optional
        Tolerances of the solver (defaults 1e-10 and 1e-12; atol in rad, rad/s and m).
    method : str, optional
        An explicit method of ``solve_ivp``: ``"DOP853"`` (default), ``"RK45"`` or ``"RK23"``.

    Returns
    -------
    SimulationResult
        Samples every ``sample_interval`` from 0 to ``t_end``, the columns
        :data:`ROCKING_COLUMNS`: ``y``, ``axis_y``, ``contact_y``, ``contact_z``,
        ``penetration`` and ``slip_speed`` are zero (in the plane, rigid contact, rolling by
        construction); the contact is at ``centre + (-h', 0, -h)``. Details: ``wall_time``
        (s, of the integration) and ``evaluations`` (calls of :func:`planar_rhs`).

    Raises
    ------
    SimulationError
        If the solver fails.

    Notes
    -----
    Leaves out slip, lift-off (the normal force is not checked to stay positive) and any
    motion out of the plane. The contact is rigid.

    >>> from robodyn.egg import oscillation_period
    >>> run = planar_rocking(0.2, 0.1, 1.0, 0.01, 0.02, 2.0)
    >>> kept = np.ptp(run.energy) < 1e-10 * run.energy[0]
    >>> print(f"{oscillation_period(run.t, run.tilt):.4f} s; energy kept to 1e-10: {kept}")
    0.5184 s; energy kept to 1e-10: True
    """
    R1, R2 = _radii(R1, R2)
    mass = check_positive("mass", mass, "kg")
    I_t = check_positive("I_t", I_t, "kg m^2")
    tilt = _tilt(tilt)
    t_end = check_positive("t_end", t_end, "s")
    g = check_positive("g", g, "m/s^2")
    sample_interval = check_positive("sample_interval", sample_interval, "s")
    check_choice("method", method, ("DOP853", "RK45", "RK23"))

    evaluations = 0

    def counted_rhs(t, x, *args):
        nonlocal evaluations
        evaluations += 1
        return planar_rhs(t, x, *args)

    t = np.arange(int(math.floor(t_end / sample_interval + 1e-9)) + 1) * sample_interval
    start = time.perf_counter()
    run = solve(counted_rhs, (0.0, t_end), [tilt, 0.0, 0.0], (R1, R2, mass, I_t, g),
                state_names=("tilt", "tilt_rate", "x"), method=method, rtol=rtol, atol=atol,
                t_eval=t)
    wall_time = time.perf_counter() - start
    theta, theta_dot, x = run.tilt, run.tilt_rate, run.x
    h = _height(theta, R1, R2)
    dh = (R1**2 - R2**2) * np.sin(theta) * np.cos(theta) / h
    zeros = np.zeros_like(t)
    columns = dict(
        tilt=theta, x=x, y=zeros, z=h,
        axis_x=np.cos(theta), axis_y=zeros, axis_z=np.sin(theta),
        contact_x=x - dh, contact_y=zeros, contact_z=zeros,
        energy=0.5 * (I_t + mass * (h**2 + dh**2)) * theta_dot**2 + mass * g * h,
        penetration=zeros, slip_speed=zeros)
    return SimulationResult(t=run.t, columns=columns, success=run.success, message=run.message,
                            details={"wall_time": wall_time, "evaluations": evaluations})


# --------------------------------------------------------------------------- MuJoCo


def rocking_model_xml(R1: float, R2: float, mass: float, inertia,
                      friction: float = EggParams.floor_friction,
                      timestep: float = 1e-4, *, solref=(2e-4, 1.0),
                      solimp=(0.99, 0.999, 1e-3), cone: str = "elliptic",
                      noslip_iterations: int = 0, integrator: str = "Euler",
                      g: float = EggParams.g) -> str:
    r"""MJCF text of the egg on the floor: a free body with an ellipsoid geom, and a plane.

    Parameters
    ----------
    R1, R2 : float
        Long and short semi-axes, m (R1 >= R2 > 0); the geom's size is "R2 R2 R1", the long
        axis along the body's z.
    mass : float
        Mass, kg (> 0).
    inertia : array_like, shape (3,)
        Principal moments about the centre along the body's x, y, z, kg m^2: (I_t, I_t, I_a)
        for an egg of revolution. Positive, each at most the sum of the other two.
    friction : float, optional
        Sliding friction coefficient (> 0), the same on both geoms (default
        ``EggParams.floor_friction``). No torsional or rolling friction (condim 3).
    timestep : float, optional
        MuJoCo's fixed time step, s (> 0).
    solref : (float, float), optional
        Contact's (time constant s, damping ratio). The time constant must be at least
        2 timesteps (MuJoCo would silently raise it to that); the default is that least
        value, and the smaller it is, the less the contact sinks and creeps.
    solimp : (float, float, float), optional
        Contact's impedance (d0, d_width, width m): d near 1 makes the contact hard.
    cone : str, optional
        Friction cone, one of :data:`CONES`.
    noslip_iterations : int, optional
        Iterations of MuJoCo's no-slip post-solver (>= 0; 0 switches it off).
    integrator : str, optional
        One of :data:`robodyn.core.mjcf.INTEGRATORS`; "Euler" is MuJoCo's semi-implicit Euler.
    g : float, optional
        Gravitational acceleration, m/s^2, along -z (default ``EggParams.g``).

    Returns
    -------
    str
        The MJCF, with the energy flag enabled (``mjData.energy`` holds potential and
        kinetic energy). Body "egg", geoms "shell" and "floor".

    Notes
    -----
    MuJoCo collides a plane with an ellipsoid by ``mjc_PlaneConvex``: the deepest point is
    the ellipsoid's support point in the direction into the floor, found in closed form. So
    there is exactly one contact, it moves smoothly over the surface, and the flags
    ``nativeccd`` and ``multiccd`` (which act on convex-convex pairs) do not enter.

    >>> xml = rocking_model_xml(0.16, 0.1, 1.0, [0.007, 0.007, 0.004])
    >>> print('type="ellipsoid" size="0.10000000000000001 0.10000000000000001 0.16"' in xml)
    True
    """
    R1, R2 = _radii(R1, R2)
    mass = check_positive("mass", mass, "kg")
    inertia = _inertia(inertia)
    friction = check_positive("friction", friction)
    timestep, (tc, damping), (d0, d_width, width) = _check_solver(timestep, solref, solimp,
                                                                   cone, integrator)
    noslip_iterations = check_integer("noslip_iterations", noslip_iterations, at_least=0)
    g = check_positive("g", g, "m/s^2")

    n = mjcf_number
    moments = " ".join(n(value) for value in inertia)
    contact = (f'condim="3" friction="{n(friction)} 0 0" solref="{n(tc)} {n(damping)}" '
               f'solimp="{n(d0)} {n(d_width)} {n(width)}"')
    return f"""<mujoco model="rocking egg">
  <compiler angle="radian" inertiafromgeom="false"/>
  <option timestep="{n(timestep)}" gravity="0 0 {n(-g)}" integrator="{integrator}"
          cone="{cone}" noslip_iterations="{noslip_iterations}">
    <flag energy="enable"/>
  </option>
  <worldbody>
    <geom name="floor" type="plane" size="0 0 1" {contact}/>
    <body name="egg" pos="0 0 {n(R2)}">
      <freejoint name="egg"/>
      <inertial pos="0 0 0" mass="{n(mass)}" diaginertia="{moments}"/>
      <geom name="shell" type="ellipsoid" size="{n(R2)} {n(R2)} {n(R1)}" {contact}/>
    </body>
  </worldbody>
</mujoco>
"""


def rock(R1: float, R2: float, mass: float, inertia, tilt: float, t_end: float, *,
         friction: float = EggParams.floor_friction, timestep: float = 1e-4,
         steps_per_sample: int = 10,
         solref=(2e-4, 1.0), solimp=(0.99, 0.999, 1e-3), cone: str = "elliptic",
         noslip_iterations: int = 0, integrator: str = "Euler",
         g: float = EggParams.g) -> SimulationResult:
    r"""Let MuJoCo rock the egg: released from rest with its long axis tilted by ``tilt``.

    Start pose: long axis along world x, turned about world y so that its +z end rises by
    ``tilt`` (:math:`R_{WB} = R_y(\pi/2 - \text{tilt})`), the centre above the origin at the
    touching height :math:`\sqrt{R_1^2\sin^2\text{tilt} + R_2^2\cos^2\text{tilt}}` (no
    overlap, no drop), at rest.

    Parameters
    ----------
    R1, R2, mass, inertia
        As for :func:`rocking_model_xml`.
    tilt : float
        Initial tilt of the long axis above the horizontal, rad (0 < tilt < pi/2; the
        chapter's case is small).
    t_end : float
        Duration, s (> 0).
    friction, timestep, solref, solimp, cone, noslip_iterations, integrator, g
        As for :func:`rocking_model_xml`.
    steps_per_sample : int, optional
        Time steps between the returned samples (>= 1).

    Returns
    -------
    SimulationResult
        Samples every ``steps_per_sample * timestep`` s from 0 to ``t_end``, the columns
        :data:`ROCKING_COLUMNS` (as :func:`planar_rocking`'s); ``energy`` is MuJoCo's
        (energy flag), potential plus kinetic; the contact's columns are NaN where MuJoCo
        reports no contact (it may report none at t = 0, where the shell only touches the
        floor). Details: ``wall_time`` (s, of the stepping) and ``n_steps`` (MuJoCo's fixed
        steps).

    Raises
    ------
    SimulationError
        If MuJoCo's state becomes NaN or infinite.

    Notes
    -----
    MuJoCo's contact is soft. With the defaults (measured with mujoco 4.0.0 on a 4.5 cm egg)
    the shell sinks about 1e-8 m into the floor (``penetration``), and its contact point
    creeps (``slip_speed``) by about 1e-7 m/s at 0.02 rad and 1e-5 m/s at 0.3 rad. The
    creep at large swings comes from MuJoCo leaving out the :math:`\dot J v` term of the
    contact's acceleration, which the reference damping :math:`b = 2/(d\,t_c)` corrects
    only to a steady error of about :math:`\dot J v / b`. It is first order in solref's time
    constant, and so is the period's error: relative to :func:`planar_rocking`, 3e-7 at
    0.02 rad and 1e-5 at 0.3 rad (R1/R2 = 1.6) with the default 2e-4 s, but 3e-4 and 5e-3
    with MuJoCo's own default of 0.02 s. Semi-implicit Euler lags the exact motion by half a
    step: the tilt differs by about :math:`\pi\,\Delta t / T` times the amplitude, which
    does not grow. The starting drop into the penetration costs :math:`m g \delta` of energy.

    >>> from robodyn.egg import oscillation_period
    >>> run = rock(0.16, 0.1, 1.0, [0.00712, 0.00712, 0.004], 0.02, 1.5)
    >>> print(f"{oscillation_period(run.t, run.tilt):.4f} s")
    0.6649 s
    """
    mujoco = load_mujoco()
    R1, R2 = _radii(R1, R2)
    tilt = _tilt(tilt)
    t_end = check_positive("t_end", t_end, "s")
    steps_per_sample = check_integer("steps_per_sample", steps_per_sample, at_least=1)
    xml = rocking_model_xml(R1, R2, mass, inertia, friction, timestep, solref=solref,
                            solimp=solimp, cone=cone, noslip_iterations=noslip_iterations,
                            integrator=integrator, g=g)
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    body = model.body("egg").id
    turn = math.pi / 2 - tilt
    data.qpos[:3] = (0.0, 0.0, float(_height(tilt, R1, R2)))
    data.qpos[3:7] = (math.cos(turn / 2), 0.0, math.sin(turn / 2), 0.0)

    n = int(math.floor(t_end / (steps_per_sample * model.opt.timestep) + 1e-9)) + 1
    t = np.empty(n)
    centre, axis, contact = np.empty((n, 3)), np.empty((n, 3)), np.full((n, 3), np.nan)
    energy, penetration, slip = np.empty(n), np.full(n, np.nan), np.full(n, np.nan)
    start = time.perf_counter()
    for i in range(n):
        if i:
            mujoco.mj_step(model, data, steps_per_sample)
        mujoco.mj_forward(model, data)  # energy and contacts of the state now held
        if not (np.all(np.isfinite(data.qpos)) and np.all(np.isfinite(data.qvel))):
            raise SimulationError(f"rock: MuJoCo's state became non-finite at t = "
                                  f"{data.time:g} s; try a smaller timestep")
        R_WB = data.xmat[body].reshape(3, 3)
        t[i] = data.time
        centre[i] = data.qpos[:3]
        axis[i] = R_WB[:, 2]
        energy[i] = data.energy[0] + data.energy[1]
        if data.ncon:
            point = data.contact[0].pos
            w_W = R_WB @ data.qvel[3:6]  # a free joint's angular velocity is in body axes
            v_point = data.qvel[:3] + np.cross(w_W, point - data.qpos[:3])
            contact[i] = point
            penetration[i] = -data.contact[0].dist
            slip[i] = math.hypot(v_point[0], v_point[1])
    wall_time = time.perf_counter() - start
    tilt_series = np.arctan2(axis[:, 2], np.hypot(axis[:, 0], axis[:, 1]))
    n_steps = (n - 1) * steps_per_sample
    columns = dict(tilt=tilt_series, x=centre[:, 0], y=centre[:, 1], z=centre[:, 2],
                   axis_x=axis[:, 0], axis_y=axis[:, 1], axis_z=axis[:, 2],
                   contact_x=contact[:, 0], contact_y=contact[:, 1], contact_z=contact[:, 2],
                   energy=energy, penetration=penetration, slip_speed=slip)
    return SimulationResult(t=t, columns=columns, success=True,
                            message=f"MuJoCo took {n_steps} steps of {model.opt.timestep:g} s "
                                    f"to t = {t[-1]:.6g} s",
                            details={"wall_time": wall_time, "n_steps": n_steps})


# --------------------------------------------------------------------------- the whole robot

#: Columns of :func:`gyro`'s result, so that it compares with :func:`robodyn.egg.simulate`'s
#: columns of the same names: the z-x-z angles ``alpha, beta, gamma`` of the shell (rad); its
#: centre ``x, y, z`` (m); its angular velocity ``wx, wy, wz`` (world frame, rad/s); the ring
#: angles ``phi, psi`` (rad) as MuJoCo's servos hold them and their targets ``phi_target,
#: psi_target``; the rotor's speed in the inner ring ``rotor_rate`` (rad/s); ``penetration``
#: (m) and ``slip_speed`` (m/s) as for :data:`ROCKING_COLUMNS` (NaN without contact). No
#: contact force: with the stiff servos and the implicit integrator, the force MuJoCo reports
#: at a step is not the one that moves the shell (measured in the gimbal move at t = 0.38 s:
#: 3.9 N sideways reported, while the centre's momentum changes by 0.037 N, the book's force).
GYRO_COLUMNS = ("alpha", "beta", "gamma", "x", "y", "z", "wx", "wy", "wz", "phi", "psi",
                "phi_target", "psi_target", "rotor_rate", "penetration", "slip_speed")


def gyro_model_xml(params: EggParams, timestep: float = 5e-5, *, solref=(2e-4, 1.0),
                   solimp=(0.99, 0.999, 1e-3), cone: str = "elliptic",
                   integrator: str = "implicitfast", twist: float = 0.0,
                   servo_stiffness: float = 1e4, rotor_gain: float = 1.0) -> str:
    r"""MJCF text of the whole robot on the floor: the shell on a free joint, the outer ring
    hinged on it about the long axis z', the inner ring hinged in the outer one about its x,
    the rotor hinged in the inner ring about its z; three servos; a plane.

    Every body has its centre at the shell's centre and the principal moments of
    :class:`robodyn.egg.EggParams` (``shell_inertia``, ``outer_ring_inertia``,
    ``inner_ring_inertia``, ``rotor_inertia``) along its own axes, as in
    :func:`robodyn.egg.body_attitudes`. Only the shell has a geometry (an ellipsoid,
    semi-axes ``R2, R2, R1``).

    The servos are MuJoCo ``general`` actuators with the force
    :math:`\tau = u - k_p q - k_d \dot q` and the control :math:`u = k_p q^* + k_d \dot q^*`
    (:math:`q^*` the target): a stiff, critically damped spring towards the target,
    :math:`k_p` = ``servo_stiffness`` and :math:`k_d = 2\sqrt{k_p I}`, :math:`I` the moment
    that the joint turns (its body and the bodies it carries). The rotor's servo holds its
    speed: :math:`\tau = k_r(\Omega - \dot q)`, :math:`k_r` = ``rotor_gain``. With
    ``integrator="implicitfast"`` MuJoCo takes the damping implicitly, so the stiff servos do
    not need a smaller step.

    Parameters
    ----------
    params : EggParams
        The robot (masses, inertias, radii, ``floor_friction``, ``g``).
    timestep : float, optional
        MuJoCo's fixed step, s (> 0; default 5e-5).
    solref, solimp, cone
        The contact, as for :func:`rocking_model_xml`.
    integrator : str, optional
        One of :data:`robodyn.core.mjcf.INTEGRATORS` (default "implicitfast").
    twist : float, optional
        MuJoCo's torsional friction, m (>= 0): the twist torque is at most ``twist`` times
        the normal force. 0 (default) leaves the twist free (condim 3), as the book's model
        with ``twist_static = twist_kinetic = twist_viscous = 0``.
    servo_stiffness : float, optional
        :math:`k_p` of the two ring servos, N m/rad (> 0).
    rotor_gain : float, optional
        :math:`k_r` of the rotor's speed servo, N m s/rad (> 0).

    Returns
    -------
    str
        The MJCF: bodies "shell", "outer", "inner", "rotor"; joints "shell" (free), "phi",
        "psi", "rotor"; actuators "phi", "psi", "rotor"; geoms "shell" and "floor".

    >>> xml = gyro_model_xml(EggParams())
    >>> print('<joint name="psi" type="hinge" axis="1 0 0"/>' in xml)
    True
    """
    if not isinstance(params, EggParams):
        raise ParameterError(f"params must be an EggParams, got {type(params).__name__}")
    timestep, (tc, damping), (d0, d_width, width) = _check_solver(timestep, solref, solimp,
                                                                   cone, integrator)
    twist = check_real("twist", twist, "m", Range(at_least=0.0))
    kp = check_positive("servo_stiffness", servo_stiffness, "N m/rad")
    kr = check_positive("rotor_gain", rotor_gain, "N m s/rad")

    n = mjcf_number
    shell_I, outer_I, inner_I, rotor_I = params.inertias
    # the moment each ring servo turns, with the bodies it carries, at phi = psi = 0
    turned_phi = outer_I[2] + inner_I[2] + rotor_I[2]
    turned_psi = inner_I[0] + rotor_I[0]
    kd_phi, kd_psi = (2 * math.sqrt(kp * moment) for moment in (turned_phi, turned_psi))
    condim = 4 if twist > 0 else 3
    contact = (f'condim="{condim}" friction="{n(params.floor_friction)} {n(twist)} 0" '
               f'solref="{n(tc)} {n(damping)}" solimp="{n(d0)} {n(d_width)} {n(width)}"')

    def inertial(mass, moments):
        return (f'<inertial pos="0 0 0" mass="{n(mass)}" '
                f'diaginertia="{" ".join(n(value) for value in moments)}"/>')

    def servo(joint, kd):
        return (f'<general name="{joint}" joint="{joint}" gainprm="1" biastype="affine" '
                f'biasprm="0 {n(-kp)} {n(-kd)}"/>')

    return f"""<mujoco model="egg robot">
  <compiler angle="radian" inertiafromgeom="false"/>
  <option timestep="{n(timestep)}" gravity="0 0 {n(-params.g)}" integrator="{integrator}"
          cone="{cone}">
    <flag energy="enable"/>
  </option>
  <worldbody>
    <geom name="floor" type="plane" size="0 0 1" {contact}/>
    <body name="shell" pos="0 0 {n(params.R2)}">
      <freejoint name="shell"/>
      {inertial(params.shell_mass, shell_I)}
      <geom name="shell" type="ellipsoid" size="{n(params.R2)} {n(params.R2)} {n(params.R1)}"
            {contact}/>
      <body name="outer">
        <joint name="phi" type="hinge" axis="0 0 1"/>
        {inertial(params.outer_ring_mass, outer_I)}
        <body name="inner">
          <joint name="psi" type="hinge" axis="1 0 0"/>
          {inertial(params.inner_ring_mass, inner_I)}
          <body name="rotor">
            <joint name="rotor" type="hinge" axis="0 0 1"/>
            {inertial(params.rotor_mass, rotor_I)}
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    {servo("phi", kd_phi)}
    {servo("psi", kd_psi)}
    <general name="rotor" joint="rotor" gainprm="1" biastype="affine" biasprm="0 0 {n(-kr)}"/>
  </actuator>
</mujoco>
"""


def gyro(params: EggParams, servo: ServoMove | None = None, t_end: float = 3.0, *,
         tilt: float = 0.3, spin: float = 0.0, heading: float = 0.0,
         sample_interval: float = 0.01, timestep: float = 5e-5, twist: float = 0.0,
         servo_stiffness: float = 1e4, rotor_gain: float = 1.0, solref=(2e-4, 1.0),
         solimp=(0.99, 0.999, 1e-3), cone: str = "elliptic",
         integrator: str = "implicitfast") -> SimulationResult:
    r"""Let MuJoCo run the whole robot (:func:`gyro_model_xml`) as :func:`robodyn.egg.simulate`
    runs it: the same start, the same servo move, the rotor held at ``params.rotor_speed``.

    Start: the shell at rest at the attitude :math:`R_z(\gamma)R_x(\beta)R_z(\alpha)`
    (``heading``, ``tilt``, ``spin``), its centre above the origin at the touching height
    :math:`H(\beta)`, the rings at the servo move's start, the rotor turning at
    ``params.rotor_speed`` in the inner ring. At every step the ring servos' targets are
    the move's :math:`\phi^*(t), \psi^*(t)` (through the differential,
    :func:`robodyn.egg.gimbal_angles`) and their rates.

    Parameters
    ----------
    params : EggParams
        The robot.
    servo : ServoMove, optional
        The servos' move; ``None`` holds both at zero.
    t_end : float
        Duration, s (> 0).
    tilt, spin, heading : float
        Initial z-x-z angles beta, alpha, gamma, rad.
    sample_interval : float, optional
        Time between the returned samples, s (a whole number of steps, >= one step).
    timestep, twist, servo_stiffness, rotor_gain, solref, solimp, cone, integrator
        As for :func:`gyro_model_xml`.

    Returns
    -------
    SimulationResult
        The columns :data:`GYRO_COLUMNS` every ``sample_interval`` from 0. Details:
        ``wall_time`` (s, of the stepping), ``n_steps``, ``servo_error`` (rad, the largest
        :math:`|\phi - \phi^*|`, :math:`|\psi - \psi^*|` of the run) and ``rotations``
        (n, 3, 3), the shell's attitudes.

    Raises
    ------
    ParameterError
        If an argument is not what is listed above.
    SimulationError
        If MuJoCo's state becomes NaN or infinite (advice: a smaller timestep).

    Notes
    -----
    MuJoCo's contact is soft: the shell sinks and creeps (``penetration``, ``slip_speed``);
    its servos are stiff springs, not the book's prescribed ring angles: they lag by
    ``servo_error``. Both are the price of a general engine; the chapter measures them.
    """
    mujoco = load_mujoco()
    servo = ServoMove.hold() if servo is None else servo
    if not isinstance(servo, ServoMove):
        raise ParameterError(f"servo must be a ServoMove or None, got {type(servo).__name__}")
    t_end = check_positive("t_end", t_end, "s")
    R0 = rotation(spin, tilt, heading)
    sample_interval = check_positive("sample_interval", sample_interval, "s")
    xml = gyro_model_xml(params, timestep, solref=solref, solimp=solimp, cone=cone,
                         integrator=integrator, twist=twist, servo_stiffness=servo_stiffness,
                         rotor_gain=rotor_gain)
    steps = int(round(sample_interval / timestep))
    if steps < 1 or abs(steps * timestep - sample_interval) > 1e-9 * sample_interval:
        raise ParameterError(f"sample_interval must be a whole number (>= 1) of timesteps "
                             f"{timestep:g} s, got {sample_interval:g} s")
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    shell = model.body("shell").id
    kp = servo_stiffness
    kd = (-model.actuator_biasprm[0, 2], -model.actuator_biasprm[1, 2])
    q_phi, q_psi = (model.jnt_qposadr[model.joint(name).id] for name in ("phi", "psi"))
    v_rotor = model.jnt_dofadr[model.joint("rotor").id]
    n_B = -R0[2, :]                                       # downward normal, body frame
    A = np.array([params.R2**2, params.R2**2, params.R1**2])
    data.qpos[:3] = (0.0, 0.0, math.sqrt(float(n_B @ (A * n_B))))
    mujoco.mju_mat2Quat(data.qpos[3:7], R0.ravel())
    data.qpos[q_phi], data.qpos[q_psi] = gimbal_angles(*servo.at(0.0)[0], params.gear_ratio)
    data.qvel[v_rotor] = params.rotor_speed

    half_n = 0.5 * params.gear_ratio
    to_rings = np.array([[half_n, half_n], [half_n, -half_n]])   # the differential

    def targets(t):
        mu, mu_dot, _ = servo.at(t)
        return to_rings @ mu, to_rings @ mu_dot

    def set_controls(t):
        angles, rates = targets(t)
        data.ctrl[0] = kp * angles[0] + kd[0] * rates[0]
        data.ctrl[1] = kp * angles[1] + kd[1] * rates[1]
        data.ctrl[2] = rotor_gain * params.rotor_speed

    still = servo.start == servo.end

    n = int(math.floor(t_end / sample_interval + 1e-9)) + 1
    rows = np.full((n, len(GYRO_COLUMNS)), np.nan)
    rotations = np.empty((n, 3, 3))
    servo_error = 0.0
    start = time.perf_counter()
    for i in range(n):
        chunk_end = data.time + steps * timestep
        if i and (still or chunk_end <= servo.t0 or data.time >= servo.t1):
            set_controls(data.time)                # the targets hold over the chunk
            mujoco.mj_step(model, data, steps)
        else:
            for _ in range(steps if i else 0):
                set_controls(data.time)
                mujoco.mj_step(model, data)
        if not (np.all(np.isfinite(data.qpos)) and np.all(np.isfinite(data.qvel))):
            raise SimulationError(f"gyro: MuJoCo's state became non-finite at t = "
                                  f"{data.time:g} s; try a smaller timestep")
        mujoco.mj_forward(model, data)
        angles, _ = targets(data.time)
        R = data.xmat[shell].reshape(3, 3).copy()
        rotations[i] = R
        w_W = R @ data.qvel[3:6]          # a free joint's angular velocity is in body axes
        phi, psi = data.qpos[q_phi], data.qpos[q_psi]
        servo_error = max(servo_error, abs(phi - angles[0]), abs(psi - angles[1]))
        penetration, slip = np.nan, np.nan
        if data.ncon:
            contact = data.contact[0]
            v_point = data.qvel[:3] + np.cross(w_W, contact.pos - data.qpos[:3])
            penetration = -contact.dist
            slip = math.hypot(v_point[0], v_point[1])
        rows[i] = (*euler_angles(R), *data.qpos[:3], *w_W, phi, psi, *angles,
                   data.qvel[v_rotor], penetration, slip)
    wall_time = time.perf_counter() - start
    n_steps = (n - 1) * steps
    return SimulationResult(
        t=np.arange(n) * sample_interval,
        columns={name: rows[:, j] for j, name in enumerate(GYRO_COLUMNS)}, success=True,
        message=f"MuJoCo took {n_steps} steps of {timestep:g} s to t = "
                f"{(n - 1) * sample_interval:.6g} s",
        details={"wall_time": wall_time, "n_steps": n_steps, "servo_error": servo_error,
                 "rotations": rotations})
