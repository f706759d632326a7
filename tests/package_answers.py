"""Which exercises the book's package answers as it stands: a search of every callable.

An exercise an instructor can give marks for asks for something a student's copy of the book
does not compute already. This module looks for the opposite, as a student with time would:
every callable of ``robodyn`` that a student has (every module but ``robodyn.checks``, which
the student release leaves out; public and private names; module functions, classes, their
static and class methods, and the methods of any object a case passes in, such as the arm's
``mass_matrix``) is called on the exercise's cases with the case's arguments in every order
the callable's signature takes them, and its result is read as the answer (the whole result,
or, for a result with attributes, any of them in any order). A callable *answers* the
exercise when the exercise's own check (:func:`robodyn.grading.evaluate`, with the live
exercise's comparators and tolerances) passes it.

A callable may also take more than the exercise passes (the book's Karnopp law has a viscous
coefficient that an exercise without one does not pass): the search then fills each parameter
that no case argument takes with what a student would try first, its default if it has one,
``0.0``, ``1.0`` and, where the parameter bears the name of one of the case's arguments, that
argument (:data:`FILLERS`; up to :data:`MAX_FILLED` parameters of one call, required
keyword-only ones among them; an optional parameter after the last case argument keeps its
default). The case's arguments still go in every order, with the filled parameters anywhere
between them; where that makes more than :data:`MAX_FILLED_ORDERS` calls of one callable,
only the arguments by their names and in their own order are placed, and a parameter with a
default gets only its default (see :func:`_filled_orders`).

First a cheap sieve: each candidate is tried on the first case alone, with a time limit per
call; only a candidate that gives the reference's outputs there is checked on all cases.

Run as a script, it prints each exercise and what answers it::

    .venv/bin/python tests/package_answers.py [exercise id ...]
"""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib
import inspect
import io
import itertools
import math
import pkgutil
import sys
import types
import warnings
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import robodyn  # noqa: E402
from robodyn.grading import CallFunction, evaluate, exercise_ids, get_exercise  # noqa: E402
from robodyn.grading.calls import time_limit  # noqa: E402

#: The package a student's copy leaves out.
LEFT_OUT = "robodyn.checks"
#: Modules whose callables are not tried: the process pool, which only runs other callables
#: (in new processes, which a trial call's time limit cannot stop), and the check library,
#: which models nothing: its answer key holds the reference's outputs on the notebook's own
#: cases, a table that a class's hidden cases are not in.
NOT_TRIED = ("robodyn.core.parallel", "robodyn.grading")
#: A trial call may take this many times as long as the reference answer on the same case
#: (for a slow reference only twice as long, and 20 ms), of CPU time, and at least
#: :data:`FLOOR_SECONDS`: a callable that computes what the reference computes takes about
#: as long; one that runs a whole simulation for another purpose is cut short.
CALL_FACTOR = 50.0
FLOOR_SECONDS = 0.003
#: Attributes of a result read as outputs at most (the k-permutations of more are too many).
MAX_ATTRIBUTES = 12


class _Stop(BaseException):
    """A trial call that ran out of time."""


@dataclass(frozen=True, eq=False)
class Fill:
    """A constant in place of a case argument, for a parameter no case argument takes: the
    parameter's default, or one of :data:`FILLERS`."""

    value: object

    def __str__(self) -> str:
        return repr(self.value)


def _argument(args, item):
    """What ``item`` of a call's order passes: the case's argument of that index, or a copy
    of a :class:`Fill`'s constant (a callable may change what it is given)."""
    return copy.deepcopy(item.value) if isinstance(item, Fill) else args[item]


@dataclass(frozen=True)
class Candidate:
    """A way to answer: call ``target`` with the case's arguments picked by ``order`` (an index
    of a case argument, or a :class:`Fill`), and ``keywords`` (pairs of a keyword-only
    parameter's name and its item), then read ``attributes`` of its result (none: the result
    itself); ``method`` names a method of the case's argument ``order[0]`` (the target then is
    that argument's method)."""

    name: str
    target: object
    order: tuple
    attributes: tuple[str, ...] = ()
    method: str = ""
    keywords: tuple = ()

    def __call__(self, *args):
        named = {name: _argument(args, item) for name, item in self.keywords}
        if self.method:
            owner = args[self.order[0]]
            rest = [_argument(args, k) for k in self.order[1:]]
            result = getattr(owner, self.method)(*rest, **named)
        else:
            result = self.target(*[_argument(args, k) for k in self.order], **named)
        if not self.attributes:
            return result
        values = tuple(getattr(result, name) for name in self.attributes)
        return values[0] if len(values) == 1 else values

    def shown(self, arguments) -> str:
        def text(item):
            return str(item) if isinstance(item, Fill) else arguments[item]

        names = [text(k) for k in self.order] + [f"{name}={text(item)}"
                                                  for name, item in self.keywords]
        call = (f"{names[0]}.{self.method}({', '.join(names[1:])})" if self.method
                else f"{self.name}({', '.join(names)})")
        return call + "".join(f".{a}" for a in self.attributes[:1]) + (
            f" (and {', '.join(self.attributes[1:])})" if len(self.attributes) > 1 else "")


def package_modules() -> list[types.ModuleType]:
    """Every module of the package a student has (all but :data:`LEFT_OUT`)."""
    modules = [robodyn]
    for info in pkgutil.walk_packages(robodyn.__path__, "robodyn."):
        if info.name == LEFT_OUT or info.name.startswith(LEFT_OUT + "."):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            modules.append(importlib.import_module(info.name))
    return modules


@functools.cache
def package_callables() -> tuple[tuple[str, object], ...]:
    """(dotted name, callable) of every function and class the package defines, and of the
    static and class methods of its classes; each once."""
    found, seen = [], set()
    modules = package_modules()
    _without_processes(modules)
    for module in modules:
        for name, value in vars(module).items():
            owner = getattr(value, "__module__", "") or ""
            if not owner.startswith("robodyn") or owner.startswith(LEFT_OUT) or \
                    owner.startswith(NOT_TRIED):
                continue
            if not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            if id(value) not in seen:
                seen.add(id(value))
                found.append((f"{owner}.{getattr(value, '__qualname__', name)}", value))
            if inspect.isclass(value):
                for attribute, member in vars(value).items():
                    if isinstance(member, (staticmethod, classmethod)):
                        bound = getattr(value, attribute)
                        if id(member) not in seen:
                            seen.add(id(member))
                            found.append((f"{owner}.{value.__qualname__}.{attribute}", bound))
    return tuple(found)


#: At most this many orders of the case's arguments are tried per callable; beyond it (an
#: exercise of eleven symbols) only the arguments in their own order (as many as the callable
#: takes, or as it needs) and the order that gives each parameter the argument of its name.
MAX_ORDERS = 720


def _signature(target):
    """``target``'s signature and its positional parameters; None where it has none to read
    (a builtin without one, a class whose constructor hides it)."""
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    return signature, [p for p in signature.parameters.values()
                       if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _orders(target, n_args: int, names: tuple[str, ...] = ()):
    """The orders of ``n_args`` case arguments (tuples of their indices, each used at most
    once) that ``target``'s signature accepts positionally; where they are more than
    :data:`MAX_ORDERS`, those that give each parameter the argument of its name (``names``,
    the case's argument names) and the arguments in their own order."""
    read = _signature(target)
    if read is None:
        return []
    signature, parameters = read
    required = sum(p.default is p.empty for p in parameters)
    variadic = any(p.kind is p.VAR_POSITIONAL for p in signature.parameters.values())
    indices = range(n_args)
    counts = [count for count in range(required, n_args + 1)
              if count <= len(parameters) or variadic]
    if sum(math.perm(n_args, count) for count in counts) <= MAX_ORDERS:
        return [order for count in counts for order in itertools.permutations(indices, count)]
    by_name = tuple(names.index(p.name) for p in parameters if p.name in names)
    orders = {tuple(range(min(len(parameters), n_args))), tuple(range(required))}
    if by_name and len(by_name) >= required:
        orders.add(by_name)
    return sorted(order for order in orders if len(order) in counts)


#: The constants a parameter that no case argument takes is filled with, besides its default
#: and the case argument of its name: what a student tries first.
FILLERS = (0.0, 1.0)
#: At most this many parameters of one call are filled.
MAX_FILLED = 2
#: At most this many calls with filled parameters are tried per callable in every order of
#: the case's arguments; beyond it, only the arguments by name and in their own order, and a
#: parameter that has a default only with its default.
MAX_FILLED_ORDERS = 120


def _same_number(a, b) -> bool:
    return (isinstance(a, (int, float)) and not isinstance(a, bool)
            and isinstance(b, (int, float)) and a == b)


def _fills(parameter, names: tuple[str, ...]) -> list:
    """What a parameter that no case argument takes is filled with: its default, if it has
    one, each of :data:`FILLERS` (but the default again), and the case argument of its name,
    if the case has one (an index)."""
    fills = [] if parameter.default is parameter.empty else [Fill(parameter.default)]
    for value in FILLERS:
        if not any(_same_number(fill.value, value) for fill in fills):
            fills.append(Fill(value))
    if parameter.name in names:
        fills.append(names.index(parameter.name))
    return fills


def _filled_orders(target, n_args: int, names: tuple[str, ...] = ()):
    """The calls of ``target`` with some of the ``n_args`` case arguments (each at most once)
    and the other parameters filled (:func:`_fills`): pairs ``(order, keywords)``, the order
    a tuple of case indices and fills, the keywords the required keyword-only parameters with
    their fills. Each call passes at least one case argument and fills one to
    :data:`MAX_FILLED` parameters: the positional ones up to the last that a case argument
    takes (or up to the last required one), and every required keyword-only one; the calls
    without a fill are :func:`_orders`'. The case arguments go in every order, in every place
    among the fills; where that makes more than :data:`MAX_FILLED_ORDERS` calls, only the
    case arguments by their parameters' names and in their own order are placed, and a
    parameter with a default is filled with its default alone."""
    read = _signature(target)
    if read is None:
        return []
    signature, parameters = read
    keyword_only = [p for p in signature.parameters.values()
                    if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    required = sum(p.default is p.empty for p in parameters)
    if n_args == 0 or len(keyword_only) > MAX_FILLED:
        return []
    keyword_fills = [_fills(p, names) for p in keyword_only]
    n_keyword_calls = math.prod(len(fills) for fills in keyword_fills)

    def placements():
        """(places of the case arguments, number of positional parameters passed): the
        parameters passed end on a case argument, or on the last required one."""
        for length in range(1, len(parameters) + 1):
            for n_filled in range(max(0, 1 - len(keyword_only)),
                                  MAX_FILLED - len(keyword_only) + 1):
                k = length - n_filled
                if not 1 <= k <= n_args or length < required:
                    continue
                for slots in itertools.combinations(range(length), n_filled):
                    if length > required and length - 1 in slots:
                        continue
                    yield tuple(j for j in range(length) if j not in slots), length

    def fills_of(places, length, defaults_only=False):
        return [[Fill(parameters[j].default)]
                if defaults_only and parameters[j].default is not parameters[j].empty
                else _fills(parameters[j], names) for j in range(length) if j not in places]

    def calls(places, length, picks, defaults_only=False):
        slots = [j for j in range(length) if j not in places]
        for filled in itertools.product(*fills_of(places, length, defaults_only)):
            for keywords in itertools.product(*keyword_fills):
                for pick in picks:
                    # a case argument in the place of its name's parameter and nowhere else
                    # is an order without a fill
                    if not all(fill in pick for fill in filled if not isinstance(fill, Fill)):
                        continue
                    order = [None] * length
                    for j, k in zip(places, pick, strict=True):
                        order[j] = k
                    for j, fill in zip(slots, filled, strict=True):
                        order[j] = fill
                    yield tuple(order), tuple(
                        (p.name, fill) for p, fill in zip(keyword_only, keywords, strict=True))

    chosen = list(placements())
    total = sum(math.perm(n_args, len(places)) * n_keyword_calls
                * math.prod(len(f) for f in fills_of(places, length))
                for places, length in chosen)
    if total <= MAX_FILLED_ORDERS:
        return [call for places, length in chosen
                for call in calls(places, length,
                                  list(itertools.permutations(range(n_args), len(places))))]
    found = []
    by_name = [(j, names.index(p.name)) for j, p in enumerate(parameters) if p.name in names]
    if by_name:
        places = tuple(j for j, _ in by_name)
        length = max(required, places[-1] + 1)
        if 0 < length - len(places) + len(keyword_only) <= MAX_FILLED:
            found += calls(places, length, [tuple(k for _, k in by_name)], True)
    for places, length in chosen:
        if len(places) == min(n_args, len(parameters)):
            found += calls(places, length, [tuple(range(len(places)))], True)
    return found


def _quiet_call(function, args, seconds: float):
    """``function(*args)`` stopped after ``seconds`` of this process's CPU time (not the
    wall clock's, which other processes on the machine would shorten; inside
    :func:`_quiet`)."""
    # and a wall-clock limit far beyond it, for a call that waits rather than computes
    with time_limit(1.0 + 100 * seconds, _Stop, clock="wall"), \
            time_limit(seconds, _Stop, clock="cpu"):
        return function(*args)


@contextlib.contextmanager
def _quiet():
    """What the trial calls print and warn kept out of sight, and NumPy's warnings off."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), \
            warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        yield


def _close_figures() -> None:
    if plt.get_fignums():
        plt.close("all")


def _readings(result, n_outputs: int):
    """Ways to read a result as the outputs: itself, or attributes of it, for a result of
    the book's own types (a result record such as a climb's, a named tuple)."""
    yield ()
    if not (type(result).__module__.startswith("robodyn") or hasattr(result, "_fields")):
        return
    names = [name for name in dir(result) if not name.startswith("_")]
    values = {}
    for name in names:
        try:
            value = getattr(result, name)
        except Exception:  # noqa: BLE001 - a property that cannot be computed is no output
            continue
        if not callable(value):
            values[name] = value
    names = sorted(values)[:MAX_ATTRIBUTES]
    yield from itertools.permutations(names, n_outputs)


def _read(result, attributes: tuple[str, ...]):
    """A plain function's result read as :class:`Candidate` reads it (no second call)."""
    if not attributes:
        return result
    values = tuple(getattr(result, name) for name in attributes)
    return values[0] if len(values) == 1 else values


def _serially(task, arguments, **options):
    """:func:`robodyn.core.parallel.run_parallel` without its processes, which a trial call's
    time limit could not stop: the same runs, one after the other, here."""
    return [task(*argument) for argument in arguments]


def _without_processes(modules) -> None:
    """Every module's ``run_parallel`` made :func:`_serially` for the search."""
    from robodyn.core.parallel import run_parallel

    for module in modules:
        if vars(module).get("run_parallel") is run_parallel:
            module.run_parallel = _serially


def _plain(value, depth: int = 0) -> bool:
    """Whether a result could be an answer's: numbers, arrays, sympy objects, or tuples and
    lists of them (not a figure, a widget or a string, which sympy would try to parse)."""
    import sympy

    if isinstance(value, (bool, int, float, complex, np.ndarray, np.generic, sympy.Basic,
                          sympy.MatrixBase)):
        return True
    if isinstance(value, (tuple, list)) and depth < 3:
        return all(_plain(item, depth + 1) for item in value)
    return False


def _agrees(exercise, raw, case, expected) -> bool:
    """Whether ``raw``, a candidate's result on ``case``, is the reference's (the sieve)."""
    if not _plain(raw):
        return False
    got, trouble = exercise.normalise(raw)
    if trouble:
        return False
    outputs = exercise.outputs_for(case, expected)
    try:
        with np.errstate(all="ignore"):
            return not any(
                (output.compare.has_shape and np.shape(g) != np.shape(w))
                or bool(np.any(output.compare.wrong(g, w, case.args)))
                for output, g, w in zip(outputs, got, expected, strict=True))
    except Exception:  # noqa: BLE001 - an output a comparator cannot read is no answer
        return False


def _agrees_on(exercise, candidate, case, seconds: float) -> bool:
    """Whether the candidate gives the reference's outputs on ``case``, called within
    ``seconds``."""
    try:
        raw = _quiet_call(lambda: exercise.run(candidate, case), (), seconds)
    except BaseException as error:  # noqa: BLE001 - any failure is "not an answer"
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return False
    finally:
        _close_figures()
    return _agrees(exercise, raw, case, exercise.expected(case))


def _candidates(exercise, case, callables, fill: bool = True):
    """Every candidate for ``exercise``, tried on ``case``'s arguments: the ``callables``
    ((name, callable) pairs) and the methods of the case's objects, in every order, with
    filled parameters too (``fill``), read every way."""
    n_args = len(case.args)
    targets = [(name, target, "") for name, target in callables]
    for index, value in enumerate(case.args):
        if type(value).__module__.startswith("robodyn"):
            for attribute in dir(value):
                member = getattr(type(value), attribute, None)
                if attribute.startswith("__") or not callable(member):
                    continue
                targets.append((f"{type(value).__name__}.{attribute}", getattr(value, attribute),
                                (index, attribute)))
    for name, target, method in targets:
        if method:
            index, attribute = method
            rest = [k for k in range(n_args) if k != index]
            rest_names = tuple(exercise.arguments[k] for k in rest
                               if k < len(exercise.arguments))

            def picked(order, rest=rest):
                return tuple(k if isinstance(k, Fill) else rest[k] for k in order)

            for order in _orders(target, len(rest), rest_names):
                yield Candidate(name, target, (index, *picked(order)), (), attribute)
            if fill:
                for order, keywords in _filled_orders(target, len(rest), rest_names):
                    yield Candidate(name, target, (index, *picked(order)), (), attribute,
                                    tuple((p, *picked((k,))) for p, k in keywords))
        else:
            for order in _orders(target, n_args, tuple(exercise.arguments)):
                yield Candidate(name, target, order)
            if fill:
                for order, keywords in _filled_orders(target, n_args,
                                                      tuple(exercise.arguments)):
                    yield Candidate(name, target, order, keywords=keywords)


def answers(exercise_id: str) -> list[str]:
    """How the package answers the exercise: each candidate the exercise's check passes."""
    return search(get_exercise(exercise_id), package_callables())


def search(exercise, callables, fill: bool = True) -> list[str]:
    """Each way that one of ``callables`` ((dotted name, callable) pairs), or a method of a
    case's object, passes ``exercise``'s check, shown as its call; with parameters that no
    case argument takes filled (``fill``) or not."""
    with _quiet():
        return _answers(exercise, callables, fill)


def _answers(exercise, callables, fill: bool) -> list[str]:
    case, *others = exercise.cases()
    expected = exercise.expected(case)
    reference = max(exercise.reference_seconds(c) for c in exercise.cases())
    seconds = max(FLOOR_SECONDS, min(CALL_FACTOR * reference, 2 * reference + 0.02))
    found = []
    for candidate in _candidates(exercise, case, callables, fill):
        try:
            # on a copy of the case's arguments: a callable may change what it is given
            raw = _quiet_call(lambda c=candidate: c(*copy.deepcopy(case.args)), (), seconds)
        except BaseException as error:  # noqa: BLE001 - it is just not an answer
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            continue
        finally:
            _close_figures()
        for attributes in _readings(raw, len(exercise.outputs)):
            reading = Candidate(candidate.name, candidate.target, candidate.order, attributes,
                                candidate.method, candidate.keywords)
            try:
                value = (_read(raw, attributes) if type(exercise.adapter) is CallFunction
                         else _quiet_call(lambda r=reading: exercise.run(r, case), (), seconds))
            except BaseException as error:  # noqa: BLE001 - not an answer
                if isinstance(error, (KeyboardInterrupt, SystemExit)):
                    raise
                continue
            if not _agrees(exercise, value, case, expected) or not all(
                    _agrees_on(exercise, reading, other, seconds) for other in others):
                continue
            outcome = evaluate(exercise, reading, time_limit=max(1.0, 10 * seconds))
            if outcome.failure is None:
                found.append(reading.shown(exercise.arguments))
    return sorted(set(found))


def main(argv: list[str]) -> int:
    import time

    ids = argv or exercise_ids()
    for exercise_id in ids:
        started = time.perf_counter()
        found = answers(exercise_id)
        print(f"{exercise_id} ({time.perf_counter() - started:.1f} s): "
              f"{'; '.join(found) if found else '-'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
