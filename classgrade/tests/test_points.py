"""Points in a grading run: each exercise's points from its check cell, and partial credit.

A right answer earns the exercise's points (nbgrader's ``points`` of its check cell, declared in
the solutions notebook); a failed answer to an exercise of independent parts (forward and
inverse kinematics) earns the share of the outputs that are right on every hidden case; a
failed answer to any other exercise earns nothing, however many of its outputs are right.
"""

from __future__ import annotations

import json

import pytest
from handins import ISOLATION, ROOT, answered, official, write

from classgrade.harness import guarded_names
from classgrade.plaindata import to_plain
from classgrade.sandbox import _judge_collected, grade_hand_in, official_points
from robodyn.grading import get_exercise
from robodyn.grading.calls import call_answer

SEED, ROUNDS = 31337, 2


def _record(exercise_id: str, answer) -> dict:
    """What the kernel's harness sends back for ``answer``, through JSON as it comes."""
    exercise = get_exercise(exercise_id)
    calls = [call_answer(exercise.adapter, answer, case.args)
             for case in exercise.hidden_cases(SEED, ROUNDS)]
    record = {"exercise": exercise_id, "defined": True, "type": "function", "callable": True,
              "references_called": [],
              "calls": [{"raw": to_plain(call.raw), "error": to_plain(call.error),
                         "missing": call.missing, "changed": list(call.changed)}
                        for call in calls]}
    return json.loads(json.dumps(record, allow_nan=False))


def swapped_wheels(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    return ((radius_r * phi_dot_r + radius_l * phi_dot_l) / 2,
            (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width)


def test_judging_a_right_answer_gives_full_credit():
    """The reference, judged as the grader judges the kernel's results: passed, credit 1."""
    exercise_id = "diffdrive.forward_kinematics"
    status, mistake, _, credit = _judge_collected(
        exercise_id, _record(exercise_id, get_exercise(exercise_id).reference), SEED, ROUNDS,
        "")
    assert (status, mistake, credit) == ("passed", "", 1.0)


def test_judging_one_wrong_part_gives_the_share_of_the_right_ones():
    """Swapped wheels: failed, named, and half the credit (v is right, omega is not)."""
    exercise_id = "diffdrive.forward_kinematics"
    status, mistake, feedback, credit = _judge_collected(
        exercise_id, _record(exercise_id, swapped_wheels), SEED, ROUNDS, "")
    assert (status, credit) == ("failed", 0.5)
    assert mistake.startswith("the wheels are swapped")
    assert "Right on every case: v (1 of 2 parts)" in feedback


def test_judging_a_dependent_exercise_gives_nothing_for_one_wrong_output():
    """Kasa's fit with the right centre and a wrong radius: failed, credit 0."""
    exercise_id = "stickslip.fit_circle"
    reference = get_exercise(exercise_id).reference

    def radius_off(x, y):
        xc, yc, radius = reference(x, y)
        return xc, yc, 0.9 * radius

    status, _, feedback, credit = _judge_collected(
        exercise_id, _record(exercise_id, radius_off), SEED, ROUNDS, "")
    assert (status, credit) == ("failed", 0.0)
    assert "Right on every case" not in feedback


def test_judging_what_is_not_a_result_gives_nothing():
    """No readable record, a reference called, no function defined: no credit."""
    exercise_id = "diffdrive.forward_kinematics"
    good = _record(exercise_id, get_exercise(exercise_id).reference)
    called = {**good, "references_called": guarded_names(
        get_exercise(exercise_id).package_references)[:1]}
    for record, status in ((None, "crashed"), (called, "reference"),
                           ({**good, "defined": False}, "failed"),
                           ({**good, "calls": good["calls"][:-1]}, "crashed")):
        judged = _judge_collected(exercise_id, record, SEED, ROUNDS, "")
        assert (judged[0], judged[3]) == (status, 0.0), judged


def test_the_official_notebooks_declare_points_by_difficulty():
    """Chapter 4's check cells: 2 points for the forward kinematics, 3 for the inverse
    kinematics within the top wheel speed, 3 for the arc through a waypoint, 5 for the pose
    step while the speed ramps, 4 for the heading command within the wheels' limit, 4 for the
    odometry of a square."""
    assert official_points(official("04_differential_drive")) == {
        "diffdrive.forward_kinematics": 2.0, "diffdrive.inverse_kinematics": 3.0,
        "diffdrive.turning_radius": 3.0, "diffdrive.integrate_pose": 5.0,
        "diffdrive.heading_command": 4.0, "diffdrive.square_odometry": 4.0}


@pytest.mark.notebooks
@pytest.mark.solutions
def test_a_graded_hand_in_gets_points_by_difficulty_and_parts(tmp_path):
    """Chapter 5 graded in a kernel: a right answer gets its points (3), the inverse
    kinematics with theta3_dot copied from theta2_dot 2 thirds of its 4, Kasa's fit with a
    wrong radius 0 of 4 although its centre is right, and the spin's cost simulated with that
    fit 0 of 4."""
    copied = """def inverse_kinematics(x_dot, y_dot, theta_dot, legs):
    (x1, y1), (x2, y2), (x3, y3) = np.asarray(legs, dtype=float)
    forward = np.array([[y1, y2, y3], [-x1, -x2, -x3], [1.0, 1.0, 1.0]])
    wanted = np.array([x_dot, y_dot, theta_dot], dtype=float).reshape(3, -1)
    rates = np.linalg.solve(forward, wanted).reshape((3, *np.shape(x_dot)))
    return rates[0], rates[1], rates[1]
"""
    radius_off = """def fit_circle(x, y):
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    A = np.column_stack([x, y, np.ones_like(x)])
    (D, E, F), *_ = np.linalg.lstsq(A, -(x**2 + y**2), rcond=None)
    xc, yc = -D / 2, -E / 2
    return xc, yc, 1.05 * np.sqrt(xc**2 + yc**2 - F)
"""
    stem = "05_stickslip"
    hand_in = write(answered(stem, {"stickslip.inverse_kinematics": copied,
                                    "stickslip.fit_circle": radius_off}),
                    tmp_path / "student.ipynb")
    record = grade_hand_in(hand_in, ROOT / "exercises" / f"{stem}.ipynb", SEED, ROUNDS,
                           work_dir=tmp_path, isolation=ISOLATION)
    got = {entry["exercise"]: (entry["status"], entry["points"], entry["max_points"])
           for entry in record["exercises"]}
    # 5.5's counts come from the hand-in's own inverse kinematics (as the exercise allows):
    # the copied rate breaks them too, and the feedback points back to exercise 5.2.
    assert got == {"stickslip.forward_kinematics": ("passed", 3.0, 3.0),
                   "stickslip.inverse_kinematics": ("failed", 2.67, 4.0),  # 2 of 3 parts
                   "stickslip.fit_circle": ("failed", 0.0, 4.0),
                   "stickslip.calibration_cost": ("failed", 0.0, 4.0),
                   "stickslip.carried_counts": ("failed", 0.0, 3.0)}
    counts = next(entry for entry in record["exercises"]
                  if entry["exercise"] == "stickslip.carried_counts")
    assert "inverse_kinematics of exercise 5.2, run its check first" in counts["feedback"]
