"""Partial credit: the parts of an answer that are right, and the share of the points they earn.

An exercise whose outputs are independent parts (``Exercise.independent_parts``: v and omega of
forward kinematics) gives a failed answer the share of its outputs that are right on every
case; any other exercise gives nothing short of a pass. The in-notebook check still passes
only when every part is right, and names the right parts when another is wrong.
"""

import importlib.util

import numpy as np
import pytest

from robodyn.core.errors import ParameterError
from robodyn.grading import CheckFailed, Close, Exercise, Output, evaluate, get_exercise
from robodyn.grading.records import Case

#: Each test here judges with the live exercises of robodyn/checks (their references).
pytestmark = pytest.mark.checks

FK = get_exercise("diffdrive.forward_kinematics") if importlib.util.find_spec(
    "robodyn.checks") else None


def swapped_wheels(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    return v, (radius_l * phi_dot_l - radius_r * phi_dot_r) / track_width


def test_the_independent_exercises_are_those_whose_outputs_stand_alone():
    """Forward kinematics (of both robots) and the stick-slip drive's inverse kinematics opt
    in; fits and steps whose outputs follow from each other do not, nor the differential
    drive's inverse kinematics, whose top wheel speed scales both wheels by one factor."""
    assert FK.independent_parts
    assert get_exercise("stickslip.forward_kinematics").independent_parts
    assert get_exercise("stickslip.inverse_kinematics").independent_parts
    for dependent in ("diffdrive.inverse_kinematics", "stickslip.fit_circle",
                      "vacuum.step_distance", "egg.euler_rates",
                      "friction.fit_coulomb_viscous", "vacuum.bisect_height"):
        assert not get_exercise(dependent).independent_parts, dependent


def test_a_right_answer_has_every_part_and_full_credit():
    """The reference passes with all outputs right and credit 1."""
    outcome = evaluate(FK, FK.reference)
    assert outcome.failure is None
    assert (outcome.right_parts, outcome.credit) == (("v", "omega"), 1.0)


def test_one_wrong_part_earns_the_share_of_the_right_one_and_says_which():
    """Swapped wheels get omega wrong and v right: half the credit, the check still fails,
    the message names the mistake and the part that is right."""
    outcome = evaluate(FK, swapped_wheels)
    assert isinstance(outcome.failure, CheckFailed) and outcome.result.status == "failed"
    assert (outcome.right_parts, outcome.credit) == (("v",), 0.5)
    assert outcome.mistake.startswith("the wheels are swapped")
    message = str(outcome.failure)
    assert "Right on every case: v (1 of 2 parts). Still wrong: omega." in message
    assert message.splitlines()[0] == outcome.result.summary
    assert "PASSED" not in message


def test_two_of_three_parts_earn_two_thirds():
    """The stick-slip drive's inverse kinematics with theta3_dot copied from theta2_dot."""
    exercise = get_exercise("stickslip.inverse_kinematics")
    copied = next(m for m in exercise.mistakes if "label slip" in m.name)
    outcome = evaluate(exercise, copied.answer)
    assert outcome.right_parts == ("theta1_dot", "theta2_dot")
    assert outcome.credit == pytest.approx(2 / 3)


def test_an_exercise_not_declared_independent_earns_nothing_for_one_wrong_output():
    """Kasa's fit with a wrong radius but the right centre: the centre is right, credit 0,
    and the message does not speak of parts."""
    exercise = get_exercise("stickslip.fit_circle")

    def radius_off(x, y):
        xc, yc, radius = exercise.reference(x, y)
        return xc, yc, 1.1 * radius

    outcome = evaluate(exercise, radius_off)
    assert outcome.right_parts == ("xc", "yc")
    assert outcome.credit == 0.0
    assert "Right on every case" not in str(outcome.failure)


def test_a_part_right_only_on_some_cases_is_not_right():
    """omega right on the fixed cases only (wrong sign for slow wheels) is not a right part."""

    def sometimes(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        v, omega = FK.reference(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width)
        return 2 * v, np.where(np.abs(phi_dot_r) < 5, -omega, omega)

    outcome = evaluate(FK, sometimes)
    assert outcome.result.status == "failed"
    assert outcome.credit == 0.0


def test_an_answer_that_raises_on_one_case_earns_nothing():
    """An error on any case leaves no part right on every case."""

    def fails_on_arrays(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        if isinstance(phi_dot_r, np.ndarray):
            raise ValueError("no arrays")
        return swapped_wheels(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width)

    outcome = evaluate(FK, fails_on_arrays)
    assert "fails on NumPy arrays" in outcome.result.summary
    assert (outcome.right_parts, outcome.credit) == ((), 0.0)


def test_a_part_of_the_wrong_shape_is_wrong_and_the_others_count():
    """omega returned inside a list of one: a wrong shape; v still earns its share."""

    def boxed(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):
        v, omega = FK.reference(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width)
        return v, np.stack([omega, omega])

    outcome = evaluate(FK, boxed)
    assert "wrong shape of omega" in outcome.result.summary
    assert (outcome.right_parts, outcome.credit) == (("v",), 0.5)


def test_an_untouched_or_uncallable_answer_earns_nothing():
    """Not attempted and not callable: no parts, no credit."""

    def stub(*args):
        raise NotImplementedError("Exercise 4.1")

    for answer in (stub, 0.5):
        outcome = evaluate(FK, answer)
        assert (outcome.right_parts, outcome.credit) == ((), 0.0)


def _toy(**changes):
    fields = dict(exercise_id="toy.pair", description="A pair.", function_name="pair",
                  arguments=("x",), outputs=(Output("a", Close()), Output("b", Close())),
                  reference=lambda x: (x, 2 * x),
                  make_cases=lambda rng: [Case((1.0,), "fixed"),
                                          Case((float(rng.uniform()),), "seeded random")])
    return Exercise(**{**fields, **changes})


@pytest.mark.parametrize("changes", [
    {"independent_parts": "yes"},
    {"independent_parts": 1},
    {"independent_parts": True, "outputs": (Output("a", Close()),),
     "reference": lambda x: x},
])
def test_independent_parts_is_a_bool_and_needs_two_outputs(changes):
    """independent_parts must be True or False, and True only with several outputs."""
    with pytest.raises(ParameterError, match="independent_parts"):
        _toy(**changes)


def test_a_toy_exercise_of_independent_parts_shares_its_credit():
    """A toy pair: b wrong, a right: half; declared dependent: nothing."""
    def half_right(x):
        return x, 3 * x

    assert evaluate(_toy(independent_parts=True), half_right).credit == 0.5
    assert evaluate(_toy(), half_right).credit == 0.0
