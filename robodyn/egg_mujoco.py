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

from robodyn.egg import EggParams
from robodyn.egg import check_radii as _radii
from robodyn.errors import ParameterError, SimulationError
from robodyn.integrate import SimulationResult, solve
from robodyn.mjcf import INTEGRATORS, check_solimp, check_solref, load_mujoco, mjcf_number
from robodyn.params import (
    Range,
    as_array,
    check_choice,
    check_integer,
    check_positive,
    check_real,
)

__all__ = [
    "CONES",
    "ROCKING_COLUMNS",
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
    :func:`robodyn.integrate.solve`. The energy
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
        One of :data:`robodyn.mjcf.INTEGRATORS`; "Euler" is MuJoCo's semi-implicit Euler.
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
    timestep = check_positive("timestep", timestep, "s")
    tc, damping = check_solref("solref", solref)
    if tc < 2 * timestep * (1 - 1e-12):
        raise ParameterError(
            f"solref's time constant must be >= 2 timesteps = {2 * timestep:g} s (MuJoCo "
            f"would raise it to that silently), got {tc:g} s: use a smaller timestep")
    d0, d_width, width = check_solimp("solimp", solimp)
    check_choice("cone", cone, CONES)
    noslip_iterations = check_integer("noslip_iterations", noslip_iterations, at_least=0)
    check_choice("integrator", integrator, INTEGRATORS)
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
