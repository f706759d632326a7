"""The records a chapter writes to define its exercises: outputs, cases, mistakes, exercises.

A chapter's check module (``robodyn/checks/<subject>.py``) builds one :class:`Exercise` per
exercise and lists them in ``EXERCISES``. A record is checked when it is made, that is when
the module is imported: an unknown case kind, a case with the wrong number of arguments, a
malformed id or two mistakes with one name raise :class:`~robodyn.core.errors.ParameterError`
naming the exercise.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.grading.adapters import CallFunction, StepResults
from robodyn.grading.compare import Close, Comparator

__all__ = ["CASE_KINDS", "SEED", "Case", "Exercise", "ExerciseCall", "Mistake", "Output",
           "rounded_uniform"]

#: Kinds of test input, shown in the PASSED line.
CASE_KINDS = ("fixed", "seeded random", "arrays")
#: Seed of the random generator that draws the random test inputs.
SEED = 2024

_ID = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Output:
    """One value an exercise's answer returns.

    Attributes
    ----------
    name : str
        Name shown in messages, e.g. ``"omega"``.
    compare : Comparator
        How it is compared with the reference, with the exercise's tolerance.
    entries : tuple of str
        Names of the entries along the first axis (``("x", "y", "theta")``), or empty.
    """

    name: str
    compare: Comparator = field(default_factory=Close)
    entries: tuple[str, ...] = ()

    def __post_init__(self):
        if not isinstance(self.compare, Comparator):
            raise ParameterError(
                f"output {self.name!r}: compare must be a comparator such as Close(), "
                f"got {self.compare!r}"
            )


@dataclass(frozen=True)
class Case:
    """One set of inputs for an exercise.

    Attributes
    ----------
    args : tuple
        Positional arguments, in the order of the exercise's ``arguments``.
    kind : str
        One of :data:`CASE_KINDS`.
    about : str
        What this input tests, shown when it fails (may be empty).
    hint : str
        Advice shown when this input fails and no typical mistake is recognised.
    note : str
        A remark shown with a PASSED answer that agrees here only within the exercise's
        tolerance, not to round-off (for example about cancellation at a tiny value).
    """

    args: tuple
    kind: str
    about: str = ""
    hint: str = ""
    note: str = ""

    def __post_init__(self):
        if self.kind not in CASE_KINDS:
            kinds = ", ".join(repr(kind) for kind in CASE_KINDS)
            raise ParameterError(f"unknown case kind {self.kind!r}; the kinds are {kinds}")
        if not isinstance(self.args, tuple):
            raise ParameterError(f"case args must be a tuple, got {type(self.args).__name__}")


@dataclass(frozen=True)
class Mistake:
    """A typical mistake, written as the wrong answer a student would write.

    Attributes
    ----------
    name : str
        Plain words that complete "looks like ...".
    hint : str
        What to change.
    answer : callable
        The wrong answer, in the same form as the student's (a function, or a class for an
        exercise that steps an object). It is named only when it explains the student's
        answer on every case.
    message : str
        For a mistake that raises: a regular expression the student's error message must
        match too (``"too many values to unpack"``). Empty: an error of the same type is
        enough, whatever its message (a student's own ``ValueError("...")`` text).
    """

    name: str
    hint: str
    answer: Callable
    message: str = ""


class ExerciseCall:
    """What an exercise and its answer key (:class:`~robodyn.grading.answerkey.KeyedExercise`)
    share: how an answer is called, shown and its result read. Needs ``exercise_id``,
    ``function_name``, ``arguments``, ``outputs`` and ``adapter``."""

    @property
    def subject(self) -> str:
        """The part of the id before the dot: the chapter's subject module."""
        return self.exercise_id.split(".")[0]

    def run(self, answer, case: Case):
        """The raw result of ``answer`` on ``case``, on a deep copy of its arguments."""
        return self.adapter.call(answer, copy.deepcopy(case.args))

    def show_call(self, args) -> str:
        """The call of ``args`` as text."""
        return self.adapter.show(self.function_name, self.arguments, args)

    def normalise(self, raw):
        """The raw result as one prepared value per output: ``(values, "")`` or ``(None, why)``.

        A single output may come back bare or as a 1-tuple; several as a tuple, a list or an
        array whose first axis runs over them. The outputs of a stepped object are stacked
        over the steps.
        """
        if isinstance(raw, StepResults):
            per_step = []
            for raw_step in raw:
                values, trouble = self._normalise_one(raw_step)
                if trouble:
                    return None, trouble
                per_step.append(values)
            if not per_step:
                return None, "the object was never stepped"
            stacked = []
            for k, output in enumerate(self.outputs):
                column = [values[k] for values in per_step]
                shapes = {np.shape(value) for value in column}
                if output.compare.has_shape and len(shapes) > 1:
                    return None, (f"{output.name} came back with different shapes on "
                                  f"different steps: {sorted(shapes)}")
                stacked.append(np.stack(column) if output.compare.has_shape else column)
            return tuple(stacked), ""
        return self._normalise_one(raw)

    def _normalise_one(self, raw):
        names = ", ".join(output.name for output in self.outputs)
        if raw is None:
            return None, "your function returned None — is the `return` statement missing?"
        if len(self.outputs) == 1:
            parts = [raw[0] if isinstance(raw, tuple) and len(raw) == 1 else raw]
        else:
            what = f"a pair ({names})" if len(self.outputs) == 2 else f"({names})"
            if not (isinstance(raw, (tuple, list))
                    or (isinstance(raw, np.ndarray) and raw.ndim >= 1)):
                return None, (f"expected {what}, got a single {type(raw).__name__}: "
                              f"return all of them, as in `return {names}`")
            parts = list(raw)
            if len(parts) != len(self.outputs):
                return None, (f"expected {what}, got a {type(raw).__name__} of {len(parts)} "
                              f"values: return them as in `return {names}`")
        values = []
        for output, part in zip(self.outputs, parts, strict=True):
            if part is None:
                return None, f"{output.name} came back as None — is it computed and returned?"
            value, why = output.compare.prepare(part)
            if value is None:
                return None, f"{output.name} came back as {why}"
            values.append(value)
        return tuple(values), ""


@dataclass(frozen=True)
class Exercise(ExerciseCall):
    """An exercise: how to call the answer, the reference, the inputs, the typical mistakes.

    Attributes
    ----------
    exercise_id : str
        ``"<subject>.<name>"``, e.g. ``"diffdrive.forward_kinematics"``; the subject names the
        check module ``robodyn.checks.<subject>``.
    description : str
        One line for tables.
    function_name : str
        Name of the function (or class) the student writes, used to show the calls.
    arguments : tuple of str
        Names of its arguments, in order (for a class: of its constructor).
    outputs : tuple of Output
        What it returns, each with its comparator.
    reference : callable
        The reference answer, in the same form as the student's.
    package_references : tuple of str
        Dotted names of the book's own functions (or methods) that compute what the exercise
        asks for, e.g. ``("robodyn.diffdrive.forward_kinematics",)``: a grading run refuses an
        answer that calls one of them (:mod:`classgrade.harness`).
    make_cases : callable
        ``make_cases(rng) -> list of Case``, ``rng`` a ``numpy.random.Generator``.
    mistakes : tuple of Mistake
        Typical mistakes, tried in this order.
    adapter : object
        How to call an answer (:mod:`robodyn.grading.adapters`); a plain function by default.
    independent_parts : bool
        True if each output is a part of its own, computed without the others (``v`` and
        ``omega`` of forward kinematics): an answer then earns, in a grading run, the share of
        the exercise's points of the outputs it gets right on every case. False (the
        default) where an output follows from another (a radius from the fitted centre, a
        normal from the nearest point): only a fully right answer earns points. Needs at
        least two outputs.
    comparators_for : callable or None
        ``comparators_for(outputs, args, expected) -> outputs``: for an output that needs more
        of a case than its arguments and the expected value to be judged (the other right
        answer on a boundary), the output with a comparator that holds that as data, per
        case. The answer key (:mod:`robodyn.grading.answerkey`), which has none of the
        checks' code, keeps those comparators. None: the same comparators on every case.
    """

    exercise_id: str
    description: str
    function_name: str
    arguments: tuple[str, ...]
    outputs: tuple[Output, ...]
    reference: Callable
    make_cases: Callable[[np.random.Generator], list[Case]]
    package_references: tuple[str, ...] = ()
    mistakes: tuple[Mistake, ...] = ()
    adapter: object = field(default_factory=CallFunction)
    independent_parts: bool = False
    comparators_for: Callable | None = None

    def __post_init__(self):
        where = f"exercise {self.exercise_id!r}"
        if not isinstance(self.exercise_id, str) or not _ID.match(self.exercise_id):
            raise ParameterError(f"{where}: the id must read '<subject>.<name>' in lower case")
        if not self.description or "\n" in self.description:
            raise ParameterError(f"{where}: description must be one non-empty line")
        if not self.function_name.isidentifier() or not all(
                isinstance(a, str) and a.isidentifier() for a in self.arguments):
            raise ParameterError(f"{where}: function_name and arguments must be identifiers")
        if not self.outputs or not all(isinstance(o, Output) for o in self.outputs):
            raise ParameterError(f"{where}: outputs must be a non-empty tuple of Output")
        if not callable(self.reference) or not callable(self.make_cases):
            raise ParameterError(f"{where}: reference and make_cases must be callable")
        if not isinstance(self.package_references, tuple) or not all(
                isinstance(name, str) and name.startswith("robodyn.")
                for name in self.package_references):
            raise ParameterError(f"{where}: package_references must be a tuple of dotted names "
                                 f"in robodyn, got {self.package_references!r}")
        if not isinstance(self.independent_parts, bool) or (
                self.independent_parts and len(self.outputs) < 2):
            raise ParameterError(f"{where}: independent_parts must be True or False, and True "
                                 f"only with two or more outputs, got {self.independent_parts!r} "
                                 f"with {len(self.outputs)} output(s)")
        if not all(isinstance(m, Mistake) for m in self.mistakes):
            raise ParameterError(f"{where}: mistakes must be a tuple of Mistake")
        names = [m.name for m in self.mistakes]
        if len(set(names)) != len(names):
            raise ParameterError(f"{where}: two mistakes share the name "
                                 f"{next(n for n in names if names.count(n) > 1)!r}")
        for part in ("call", "show", "wrap", "n_arguments"):
            if not callable(getattr(self.adapter, part, None)):
                raise ParameterError(f"{where}: adapter {self.adapter!r} has no {part}()")
        try:
            cases = self.cases()
        except ParameterError as error:
            raise ParameterError(f"{where}: {error}") from error
        n_args = self.adapter.n_arguments(self.arguments)
        for case in cases:
            if not isinstance(case, Case) or len(case.args) != n_args:
                raise ParameterError(
                    f"{where}: every case must be a Case with {n_args} arguments, got {case!r}"
                )
        kinds = {case.kind for case in cases}
        if not {"fixed", "seeded random"} <= kinds:
            raise ParameterError(f"{where}: needs fixed and seeded random cases, has {kinds}")

    def cases(self) -> list[Case]:
        """The inputs of the check, drawn with :data:`SEED`; the same list on every call."""
        return list(self.make_cases(np.random.default_rng(SEED)))

    def hidden_cases(self, seed: int, rounds: int = 3) -> list[Case]:
        """The inputs of a grading run: the fixed cases once, and the random and array cases of
        ``rounds`` draws with seeds ``seed, seed + 1, ...`` (never :data:`SEED`, so none is the
        notebook's own random input)."""
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ParameterError(f"seed must be a non-negative integer, got {seed!r}")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise ParameterError(f"rounds must be a positive integer, got {rounds!r}")
        cases = [case for case in self.cases() if case.kind == "fixed"]
        drawn = 0
        for offset in range(rounds + 1):
            if seed + offset == SEED or drawn == rounds:
                continue
            drawn += 1
            cases += [case for case in self.make_cases(np.random.default_rng(seed + offset))
                      if case.kind != "fixed"]
        return cases

    def expected(self, case: Case) -> tuple:
        """The reference's outputs on ``case``, normalised (one prepared value per output).
        Worked out once per case and process (:func:`_remembered`)."""
        def work_out():
            expected, trouble = self.normalise(self.run(self.reference, case))
            if trouble:
                raise RuntimeError(f"{self.exercise_id}: the reference answer failed: {trouble}")
            return expected

        return _remembered(self, "reference", case, work_out)

    def outputs_for(self, case: Case, expected: tuple) -> tuple[Output, ...]:
        """The outputs, each with its comparator for ``case``: :attr:`outputs`, or what
        :attr:`comparators_for` makes of them."""
        if self.comparators_for is None:
            return self.outputs
        outputs = tuple(self.comparators_for(self.outputs, case.args, expected))
        if len(outputs) != len(self.outputs) or not all(
                isinstance(o, Output) and o.name == p.name
                for o, p in zip(outputs, self.outputs, strict=True)):
            raise ParameterError(f"exercise {self.exercise_id!r}: comparators_for must give "
                                 "the outputs in their order, as Output records")
        return outputs

    def mistake_result(self, mistake: Mistake, case: Case):
        """What ``mistake`` gives on ``case``: ``("values", outputs normalised)``,
        ``("raised", name of the error's type)``, or ``("unusable", why)`` for a result that
        cannot be normalised. Worked out once per case and process (:func:`_remembered`):
        every answer judged is held against the same mistakes on the same cases."""
        def work_out():
            try:
                with np.errstate(all="ignore"):
                    raw = self.run(mistake.answer, case)
            except Exception as error:  # a mistake may raise, as the student's answer does
                return ("raised", type(error).__name__)
            values, trouble = self.normalise(raw)
            return ("unusable", trouble) if trouble else ("values", values)

        return _remembered(self, mistake, case, work_out)

    def reference_seconds(self, case: Case) -> float:
        """How long the reference answer takes on ``case``, s."""
        started = time.perf_counter()
        self.run(self.reference, case)
        return time.perf_counter() - started



#: How many results of references and mistakes :func:`_remembered` keeps, the most recently
#: used: a whole chapter's checks on their cases (chapter 1's 1.1, the largest, keeps about
#: 60 kB a case).
REMEMBERED_RESULTS = 4096
_RESULTS: OrderedDict = OrderedDict()


def _remembered(exercise: Exercise, what, case: Case, work_out: Callable):
    """``work_out()``, the result of the reference or of a mistake (``what``) of ``exercise``
    on ``case``, worked out once and then returned from memory as a deep copy (a caller may
    change what it gets). Each answer judged needs the same results: a class of forty, or a
    test of thirty wrong answers, would otherwise run every reference and mistake forty or
    thirty times. The case is known by a digest of its arguments' pickled bytes (equal
    inputs, equal results: references and mistakes are functions of their arguments); a case
    whose arguments do not pickle is worked out every time."""
    try:
        arguments = hashlib.blake2b(pickle.dumps(case.args, protocol=pickle.HIGHEST_PROTOCOL),
                                    digest_size=16).digest()
    except Exception:  # a function or a lambda among the arguments
        return work_out()
    # The exercise itself is kept with its results: its id() is then never another's.
    key = (id(exercise), what, arguments)
    if key in _RESULTS:
        _RESULTS.move_to_end(key)
        return copy.deepcopy(_RESULTS[key][1])
    result = work_out()
    _RESULTS[key] = (exercise, result)
    while len(_RESULTS) > REMEMBERED_RESULTS:
        _RESULTS.popitem(last=False)
    return copy.deepcopy(result)


def rounded_uniform(rng: np.random.Generator, low: float, high: float, size=None):
    """Uniform random numbers rounded to 3 decimals, so that messages show them exactly."""
    if size is None:
        return round(float(rng.uniform(low, high)), 3)
    return np.round(rng.uniform(low, high, size), 3)


def with_hint(cases: list[Case], hint: str) -> list[Case]:
    """The cases, each with ``hint`` as its hint: for an exercise that builds on an earlier one,
    a failure says to run the earlier exercise's check first."""
    return [replace(case, hint=hint) for case in cases]

