"""Calling an answer: one call with a time limit, what it printed and which arguments it changed."""

from __future__ import annotations

import contextlib
import copy
import io
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass

import numpy as np

from robodyn.grading.adapters import MissingAttribute

__all__ = ["CLOCKS", "TIME_LIMIT", "Call", "call_answer", "first_change", "time_limit"]

#: Seconds an answer may take over all the calls of one check. A check stops an answer that
#: takes longer and says so; ``make check`` (``classgrade.checknb``) and the class grader
#: (``classgrade.sandbox``) stop a cell at this limit too, plus a margin for the check itself.
TIME_LIMIT = 60.0


#: Characters of what an answer prints during a check that are kept to show in the feedback.
PRINTED_KEPT = 2000


#: Lines of that shown.
PRINTED_SHOWN = 4


@dataclass(frozen=True)
class Call:
    """What one call of an answer did: its raw result, or the error it raised, or the message of
    a missing attribute or method; the indices of the arguments it changed in place and where
    in each (``changed_at``: ``".inertias[0]"``, ``"[2]"``, "" for the whole value); what it
    printed (the first :data:`PRINTED_KEPT` characters, and how many lines in all); and
    whether it ran out of time."""

    raw: object = None
    error: BaseException | None = None
    missing: str = ""
    changed: tuple[int, ...] = ()
    changed_at: tuple[str, ...] = ()
    printed: str = ""
    printed_lines: int = 0
    timed_out: bool = False
    seconds: float = 0.0


class _OutOfTime(BaseException):
    """Raised into an answer that runs past its time (a BaseException: an answer's ``except
    Exception`` does not swallow it)."""


class _CappedText(io.TextIOBase):
    """A text stream that keeps the first ``kept`` characters written to it and counts the
    lines of all of it."""

    def __init__(self, kept: int = PRINTED_KEPT):
        self.kept, self.parts, self.size, self.lines, self.open_line = kept, [], 0, 0, False

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        text = str(text)
        if self.size < self.kept:
            self.parts.append(text[: self.kept - self.size])
        self.size += len(text)
        self.lines += text.count("\n")
        if text:
            self.open_line = not text.endswith("\n")
        return len(text)

    def text(self) -> str:
        return "".join(self.parts)


#: The timers :func:`time_limit` counts with: wall-clock time, or this process's CPU time
#: (which another process's load on the machine does not use up).
CLOCKS = {"wall": (signal.ITIMER_REAL, "SIGALRM"), "cpu": (signal.ITIMER_VIRTUAL, "SIGVTALRM")}


#: Packages whose own code a stop is never raised into: numba's compiler and llvmlite's
#: finalisers call LLVM, and a stop in the middle of them leaves LLVM's objects half freed,
#: which crashed the process later (seen in the scan of the package's answers).
NOT_STOPPED_IN = ("numba", "llvmlite")


#: Seconds after which a stop put off by :data:`NOT_STOPPED_IN` is tried again.
STOP_RETRY = 0.005


def _in_unstoppable_code(frame) -> bool:
    """Whether ``frame`` or a frame that called it runs a file of :data:`NOT_STOPPED_IN`'s
    packages (by the file, which an answer cannot change as it can its module's name)."""
    folders = tuple(os.path.dirname(module.__file__) + os.sep
                    for module in map(sys.modules.get, NOT_STOPPED_IN)
                    if module is not None and getattr(module, "__file__", None))
    while folders and frame is not None:
        if frame.f_code.co_filename.startswith(folders):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def time_limit(seconds: float | None, raising: type[BaseException], clock: str = "wall"):
    """Raise ``raising`` into the code in the block once it has used ``seconds`` of the
    ``clock`` (:data:`CLOCKS`), where a timer signal can do it (the main thread on Unix);
    elsewhere, or with ``seconds`` None, the block runs to its end. While the block is in
    numba's or llvmlite's code (:data:`NOT_STOPPED_IN`) the stop waits until it is out."""
    usable = (seconds is not None and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return
    timer, signal_name = CLOCKS[clock]
    number = getattr(signal, signal_name)

    def used_up(signum, frame):
        if _in_unstoppable_code(frame):
            signal.setitimer(timer, STOP_RETRY)
            return
        raise raising

    previous = signal.signal(number, used_up)
    signal.setitimer(timer, max(float(seconds), 1e-3))
    try:
        yield
    finally:
        signal.setitimer(timer, 0.0)
        signal.signal(number, previous)


def call_answer(adapter, answer, args: tuple, time_left: float | None = None) -> Call:
    """Call the answer through the exercise's adapter on a deep copy of one case's ``args``.

    What the answer prints is kept aside (:class:`Call`), not shown; a call still running after
    ``time_left`` seconds is stopped where that is possible (:func:`time_limit`) and marked
    ``timed_out``.

    Nothing is judged here: this is the part of a check that runs the student's code, and the
    only part a grading run executes in the student's kernel.
    """
    __tracebackhide__ = True
    arguments = copy.deepcopy(args)
    printed = _CappedText()
    started = time.perf_counter()
    result = {}
    try:
        with time_limit(time_left, _OutOfTime), contextlib.redirect_stdout(printed), \
                contextlib.redirect_stderr(printed), np.errstate(all="ignore"):
            result["raw"] = adapter.call(answer, arguments)
    except _OutOfTime:
        result["timed_out"] = True
    except MissingAttribute as error:
        result["missing"] = str(error)
    except Exception as error:  # the student's code may raise anything
        result["error"] = error
    seconds = time.perf_counter() - started
    if "raw" in result:
        where = [(index, first_change(before, after, ""))
                 for index, (before, after) in enumerate(zip(args, arguments, strict=True))]
        where = [(index, at) for index, at in where if at is not None]
        result["changed"] = tuple(index for index, _ in where)
        result["changed_at"] = tuple(at for _, at in where)
    return Call(**result, printed=printed.text(),
                printed_lines=printed.lines + printed.open_line, seconds=seconds)


def first_change(before, after, name: str, depth: int = 0) -> str | None:
    """Where ``after`` differs from ``before``, its deep copy taken before the call: a path
    such as ``arm.inertias[0]`` that starts with ``name``, or None if nothing changed.

    Arrays are compared element by element (NaN equal to NaN), lists, tuples and dicts entry
    by entry, other objects by their attributes (``vars``, dataclass fields included),
    anything else with ``==``. A function, or an object called like one (a check's robot that
    counts how often it is asked), is the answer's to call: its state is not compared.

    >>> class Arm:
    ...     def __init__(self):
    ...         self.inertias = np.array([1.0, 2.0])
    >>> arm = Arm()
    >>> changed = copy.deepcopy(arm)
    >>> changed.inertias[1] = 5.0
    >>> first_change(arm, changed, "arm"), first_change(arm, copy.deepcopy(arm), "arm")
    ('arm.inertias[1]', None)
    """
    if depth > 8 or before is after or callable(before):
        return None
    if isinstance(before, np.ndarray):
        if not isinstance(after, np.ndarray) or before.shape != after.shape:
            return name
        if before.dtype.kind in "biufc":
            unequal = before != after
            if before.dtype.kind in "fc":
                unequal &= ~(np.isnan(before) & np.isnan(after))
        else:
            unequal = np.array([first_change(x, y, "", depth + 1) is not None
                                for x, y in zip(before.flat, after.flat, strict=True)],
                               dtype=bool).reshape(before.shape)
        if not unequal.any():
            return None
        index = tuple(int(i) for i in np.argwhere(unequal)[0])
        return name + ("[" + ", ".join(map(str, index)) + "]" if index else "")
    if type(before) is not type(after):
        return name
    if isinstance(before, (list, tuple, dict)):
        if len(before) != len(after) or (isinstance(before, dict)
                                          and before.keys() != after.keys()):
            return name
        keys = before.keys() if isinstance(before, dict) else range(len(before))
        for key in keys:
            found = first_change(before[key], after[key], f"{name}[{key!r}]", depth + 1)
            if found is not None:
                return found
        return None
    fields = getattr(before, "__dict__", None)
    if isinstance(fields, dict) and not isinstance(before, type):
        if fields.keys() != vars(after).keys():
            return name
        for attribute, value in fields.items():
            found = first_change(value, vars(after)[attribute], f"{name}.{attribute}",
                                 depth + 1)
            if found is not None:
                return found
        return None
    try:
        same = bool(before == after) or (before != before and after != after)  # NaN
    except Exception:  # an object that cannot say whether it is equal: taken as unchanged
        return None
    return None if same else name
