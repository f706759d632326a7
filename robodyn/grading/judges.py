"""Comparators of particular exercises: judging code that holds no answer.

The answer key (:mod:`robodyn.grading.answerkey`) names an exercise's comparators by class,
and a student's copy of the book has no ``robodyn/checks``: so a comparator an exercise of its
own needs lives here, beside the general ones of :mod:`robodyn.grading.compare`. Nothing here
computes what an exercise asks for; a comparator that would need that (the other right answer
on a boundary) is given it per case, as data (:class:`CloseOrOther`, made by the check's
``Comparator.for_case``).
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

import numpy as np

from robodyn.grading.adapters import format_value
from robodyn.grading.compare import Close, Property, float_array

__all__ = ["CALLS_FACTOR", "CallCount", "CloseOrOther", "CoriolisMatrix", "IntegerCounts",
           "NormalVector", "calls_limit", "calls_needed", "judge_climb_calls",
           "judge_climbed_height"]


@dataclass(frozen=True, eq=False)
class CloseOrOther(Close):
    """Close to the expected value, or, where the exercise lets an answer go two ways, to
    another right value: ``others`` (arrays of the expected value's shape, each equal to it
    where only one answer is right) and ``free`` (True where two are right: there a typical
    mistake is not told apart, so :meth:`explains` ignores those entries). ``note`` follows
    the tolerance in the PASSED line and the feedback."""

    others: tuple = ()
    free: object = None
    note: str = ""

    def wrong(self, got, expected, args):
        wrong = np.asarray(super().wrong(got, expected, args))
        for other in self.others:
            wrong = wrong & np.asarray(super().wrong(got, other, args))
        return wrong

    def explains(self, got, model, args) -> bool:
        got_array, model_array = np.asarray(got, float), np.asarray(model, float)
        if got_array.shape != model_array.shape:
            return False
        if self.free is None:
            return super().explains(got_array, model_array, args)
        free = np.broadcast_to(np.asarray(self.free, bool), got_array.shape)
        return super().explains(got_array, np.where(free, got_array, model_array), args)

    def tolerance(self) -> str:
        return super().tolerance() + (f"; {self.note}" if self.note else "")


@dataclass(frozen=True)
class CoriolisMatrix(Close):
    """C compared entry by entry, as :class:`Close`; a wrong C whose product C q' is right is
    told so (C is not unique given C q'; the exercise asks for the Christoffel one). The
    case's arguments are (arm, q, q')."""

    def detail(self, got, expected, args) -> list[str]:
        qd = np.asarray(args[2], float)
        if np.shape(got) != (2, 2) or np.shape(expected) != (2, 2):
            return []
        torques, right = got @ qd, expected @ qd
        if np.any(self.wrong(torques, right, args)):
            return []
        return [f"Your C q' = {np.array2string(torques, precision=6)} N m agrees with the "
                f"reference's: the Coriolis and centrifugal torques are right. But C itself "
                f"is not the one from the Christoffel symbols. Many matrices give the same "
                f"C q'; the Christoffel one is the one that makes M' - 2C skew-symmetric (the "
                f"chapter's energy balance E' = q'^T tau rests on it)."]


@dataclass(frozen=True)
class NormalVector(Close):
    """Close, and a mistake explains a normal that agrees with it as closely as a right normal
    must agree with the reference: a normal from a numerical search of the nearest point is
    right only to about 1e-8 (the square root of the machine epsilon)."""

    def explains(self, got, model, args) -> bool:
        got_array, model_array = np.asarray(got, float), np.asarray(model, float)
        return got_array.shape == model_array.shape and not np.any(
            self.wrong(got_array, model_array, args))


@dataclass(frozen=True)
class IntegerCounts(Close):
    """A table of counts (one row per command, say) asked as integers: compared as
    :class:`Close`, but only integers are taken. A NumPy array of any integer type, a list or
    a tuple of Python ints pass; floats are refused, whole as their values may be (49.0),
    with a message that says how to make integers of them; booleans too.

    A tuple of numbers (not of rows) is read as one row: a tuple of one row, ``((49, -24,
    -24),)``, reaches the comparator as its row, since the check reads a 1-tuple as the
    output it holds."""

    def prepare(self, value):
        given = type(value).__name__
        if isinstance(value, tuple) and value and all(np.ndim(item) == 0 for item in value):
            value = [value]
        try:
            array = np.asarray(value)
        except (TypeError, ValueError):  # ragged rows
            array = None
        if array is None or array.dtype.kind not in "biufcO":
            return float_array(value)
        if array.dtype.kind == "O":
            items = array.ravel().tolist()
            if all(isinstance(item, (int, np.integer)) and not isinstance(item, bool)
                   for item in items):
                try:
                    return array.astype(np.int64), ""
                except OverflowError:
                    return None, "integers too large for a count"
            floats, why = float_array(value)
            return (None, why) if floats is None else (
                None, _not_integers(floats, f"a {given} of numbers that are not all integers"))
        if array.dtype.kind == "b":
            return None, "booleans (True and False), not counts"
        if array.dtype.kind in "fc":
            what = (f"a NumPy array of {array.dtype}" if isinstance(value, np.ndarray)
                    else f"a {given} of {array.dtype} numbers" if array.ndim
                    else f"a {given}")
            return None, _not_integers(array, what)
        return array.astype(np.int64), ""


def _not_integers(array, what: str) -> str:
    """Why ``array`` (floats, ``what`` in words) is refused as counts, and how to make
    integers: one line, then the advice below it."""
    values = np.asarray(array)
    if np.isnan(values).any():
        what += " with nan (not a number) in it"
    elif np.isinf(values).any():
        what += " with inf (infinity) in it"
    advice = textwrap.fill(
        "The exercise asks for counts: integers, not floats that hold whole numbers (49.0). "
        "Make them integers once they are rounded, for example with "
        "np.rint(counts).astype(int) for an array, np.array(rows, dtype=int) for rows of "
        "whole numbers, or int(...) for one number.",
        76, subsequent_indent="    ", break_on_hyphens=False, break_long_words=False)
    return f"{what}, not integers\n\n{advice}"


# --------------------------------------------------------------------------- bisection

#: An answer may call climbs at most this many times as often as a bisection needs.
CALLS_FACTOR = 2


def calls_needed(args) -> int:
    """Calls of climbs a bisection of the case (climbs, low, high, tol) makes: low and high
    once, then ceil(log2((high - low) / tol)) halvings (none if the bracket is no longer than
    tol)."""
    _, low, high, tol = args
    return 2 + max(0, math.ceil(math.log2((high - low) / tol)))


def calls_limit(args) -> int:
    """The most calls of climbs an answer may make on the case."""
    return CALLS_FACTOR * calls_needed(args)


def judge_climbed_height(got, expected, args):
    """A height the robot climbs (``args[0]``, a :class:`~robodyn.grading.standins.StepClimber`)
    and less than tol below the highest it climbs."""
    robot, _, _, tol = args
    height, highest = float(got), robot.highest
    if not height <= highest:
        return False, [f"This robot climbs every step up to {highest} m and no higher: "
                       f"climbs({format_value(height)}) is False."]
    if not highest - height < tol:
        return False, [f"This robot climbs every step up to {highest} m: your height is "
                       f"{highest - height:.3g} m below that, not less than tol = {tol} m."]
    return True, []


def judge_climb_calls(got, expected, args):
    """At most :func:`calls_limit` calls of climbs."""
    calls, needed = int(got), calls_needed(args)
    return calls <= calls_limit(args), [
        f"Your answer called climbs {calls} times; a bisection of this bracket to tol calls "
        f"it {needed} times (low, high, then ceil(log2((high - low) / tol)) halvings), and "
        f"up to {calls_limit(args)} are accepted. Each call is a simulation of the climb."]


@dataclass(frozen=True)
class CallCount(Property):
    """The number of calls of ``climbs``, an integer: kept and shown as one (a float's 8.0
    would suggest a measurement), and judged against the limit; a mistake explains a count
    that is on the same side of the limit."""

    def prepare(self, value):
        if isinstance(value, (bool, np.bool_)):
            return None, f"a {type(value).__name__}, not a count"
        try:
            count = int(value)
        except (TypeError, ValueError, OverflowError):
            return None, f"a {type(value).__name__}, not a count"
        if count != value:
            return None, f"{value!r}, not a whole number of calls"
        return count, ""

    def explains(self, got, model, args) -> bool:
        limit = calls_limit(args)
        return (float(got) <= limit) == (float(np.asarray(model, float)) <= limit)
