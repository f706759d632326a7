"""The vacuum-cleaning robot of the Kaiserslautern thesis climbing a step (chapter 7).

The robot's parameters (:class:`VacuumParams`), the geometry of the filleted step
(:func:`step_distance`), the statics of the three suspensions (:func:`wheel_load`,
:func:`static_wheel_loads`), a planar multibody model with penalty contacts
(:class:`PlanarRobot`), and its scenarios: a climb (:func:`climb`), the highest step by
bisection (:func:`max_climb_height`, :func:`max_climb_heights`), the outcomes over heights and
approaches (:func:`climb_map`), the braking test (:func:`brake`) and driving off a step
(:func:`drive_off`).

**Results.** Every simulation returns a :class:`~robodyn.core.integrate.SimulationResult` whose
first columns are the state :data:`STATE` (``run.pitch``, ``run.x_dot``; :func:`coordinates`
gives q and qd as arrays), with the scenario's extras in its details (``run.climbed``,
``run.forces``); each is integrated by LSODA with the compiled equations and their Jacobian
(:func:`robodyn.core.integrate.solve_lsoda`; :func:`drive_off`, whose method may be chosen, by
:func:`robodyn.core.integrate.solve`), its tolerances keyword arguments. A height search returns
its deciding attempt (:func:`highest_climb`).

**Conventions.** A side view: x forward (towards the step), z up, the floor at z = 0, angles
counter-clockwise positive (so a positive pitch lifts the robot's nose). The step's face stands
at ``step_x``; its top at ``height``; its upper edge is rounded by a fillet of radius
``fillet`` (3 mm in the thesis, as in the test standard).

**Suspension.** Each drive unit is an arm from a pivot on the chassis to the wheel's axle, held
down by a spring. In the *leading* link the wheel is ahead of its pivot, in the *trailing*
link behind it; the *telescopic* unit slides straight up and down. A moment balance about the
pivot (:func:`wheel_load`) shows what traction does to the wheel's load: it unloads a leading
wheel and loads a trailing one.
"""

from robodyn.vacuum.braking import BRAKE_MODES, brake, drive_off
from robodyn.vacuum.climbing import (
    ClimbMap,
    attempt_outcome,
    attempt_result,
    climb,
    climb_attempt,
    climb_grid,
    climb_map,
    climb_outcome,
    grid_key,
    highest_climb,
    max_climb_height,
    max_climb_heights,
    max_height_task,
    step_face_x,
    wheel_stages,
)
from robodyn.vacuum.params import SUSPENSIONS, VacuumParams, robot_cog_behind
from robodyn.vacuum.planar import (
    CHUNKS_PER_RUN,
    COORDINATES,
    MAX_EVALUATIONS,
    PENETRATION,
    RATES,
    STATE,
    V_CRIT,
    ContactCircle,
    PlanarRobot,
    coordinates,
    drive,
    flat_floor,
    ground_pieces,
    speed_control,
    speed_controller,
    step_ground,
)
from robodyn.vacuum.statics import (
    HeightSearch,
    bisect_height,
    edge_climb_height,
    sliding_stop,
    static_wheel_loads,
    wheel_load,
)
from robodyn.vacuum.step import step_distance, step_profile


def compile_ahead() -> None:
    """Compile the equations of :mod:`robodyn.vacuum.compiled` to machine code now (about
    10 s; numba keeps it in ``__pycache__`` for every later process): a short climb and a
    short braking test call every compiled function with the argument types the chapter
    uses. ``make .venv`` runs it once, so that no notebook or test of a fresh installation
    waits for it, nor several of them compile the same code side by side."""
    params = VacuumParams()
    climb(params, 0.018, t_max=0.2)
    brake(params)


__all__ = [
    "compile_ahead",
    "climb_attempt",
    "climb_grid",
    "grid_key",
    "BRAKE_MODES",
    "CHUNKS_PER_RUN",
    "COORDINATES",
    "ClimbMap",
    "ContactCircle",
    "HeightSearch",
    "MAX_EVALUATIONS",
    "PENETRATION",
    "PlanarRobot",
    "RATES",
    "STATE",
    "SUSPENSIONS",
    "V_CRIT",
    "VacuumParams",
    "attempt_outcome",
    "attempt_result",
    "bisect_height",
    "brake",
    "climb",
    "climb_map",
    "climb_outcome",
    "coordinates",
    "drive",
    "drive_off",
    "edge_climb_height",
    "flat_floor",
    "ground_pieces",
    "highest_climb",
    "max_climb_height",
    "max_climb_heights",
    "max_height_task",
    "robot_cog_behind",
    "sliding_stop",
    "speed_control",
    "speed_controller",
    "static_wheel_loads",
    "step_distance",
    "step_face_x",
    "step_ground",
    "step_profile",
    "wheel_load",
    "wheel_stages",
]
