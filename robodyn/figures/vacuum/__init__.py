"""Figures of the vacuum-robot chapter: the step, the wheel loads, the climbs and their maps.

Side views have x forward and z up, in mm, x measured from the step's face where a step is
drawn. :func:`draw_robot` and :func:`place_robot` draw and move the planar robot of
:class:`robodyn.vacuum.PlanarRobot` (body outline, suction mouth, caster, wheel with a spoke
that shows its turn, the arm from pivot to axle); :func:`draw_step` the filleted step.
:class:`ClimbExplorer` is the view under the chapter's widget (:func:`climb_explorer`): a grid
of climbs computed once (:func:`robodyn.vacuum.climb_grid`), shown at a chosen time. The
other functions each
return one still figure of the chapter: the step's distance field, the wheel load against the
traction, a climb's history, the success maps, a tornado chart, braking, driving off a step,
the course on two floors and the two engines compared. :func:`robot_drawing` is the
chapter's labelled drawing of the robot at a step (:mod:`robodyn.figures.vacuum.sketch`).
"""

from robodyn.figures.vacuum.climb import (
    WIDGETS,
    ClimbExplorer,
    climb_animation,
    climb_animation_frames,
    climb_explorer,
    climb_history_figure,
    first_touch,
    normal_loads,
    outcome_text,
    small_climb_grid,
    suspension_travel,
)
from robodyn.figures.vacuum.drawing import (
    CONTACT_COLOURS,
    FORCE_SCALE_MM_PER_N,
    LABEL_FONT_PT,
    LABEL_GAP_PT,
    LINE_SPACING,
    MM,
    ON_STEP_TOLERANCE,
    POINTS_PER_INCH,
    SIDE_MARGIN_INCHES,
    VARIANT_COLOURS,
    body_outline,
    draw_robot,
    draw_step,
    place_robot,
    place_step,
    step_geometry_figure,
    step_outline,
    wheel_load_figure,
)
from robodyn.figures.vacuum.sketch import (
    climb_snapshots,
    draw_drive_unit,
    draw_robot_at_step,
    draw_suspension_variant,
    draw_wheel_at_edge,
    robot_drawing,
    statics_drawing,
)
from robodyn.figures.vacuum.studies import (
    CAUSE_MARKERS,
    braking_figure,
    course_figure,
    drop_figure,
    engines_figure,
    fit_family_figure,
    layout_limits_figure,
    success_map_figure,
    tornado_figure,
)

__all__ = [
    "CAUSE_MARKERS",
    "CONTACT_COLOURS",
    "ClimbExplorer",
    "FORCE_SCALE_MM_PER_N",
    "LABEL_FONT_PT",
    "LABEL_GAP_PT",
    "LINE_SPACING",
    "MM",
    "ON_STEP_TOLERANCE",
    "POINTS_PER_INCH",
    "SIDE_MARGIN_INCHES",
    "VARIANT_COLOURS",
    "WIDGETS",
    "body_outline",
    "braking_figure",
    "climb_animation",
    "climb_animation_frames",
    "climb_explorer",
    "climb_history_figure",
    "climb_snapshots",
    "course_figure",
    "draw_drive_unit",
    "draw_robot",
    "draw_robot_at_step",
    "draw_step",
    "draw_suspension_variant",
    "draw_wheel_at_edge",
    "drop_figure",
    "engines_figure",
    "first_touch",
    "fit_family_figure",
    "layout_limits_figure",
    "normal_loads",
    "outcome_text",
    "place_robot",
    "place_step",
    "robot_drawing",
    "small_climb_grid",
    "statics_drawing",
    "step_geometry_figure",
    "step_outline",
    "success_map_figure",
    "suspension_travel",
    "tornado_figure",
    "wheel_load_figure",
]
