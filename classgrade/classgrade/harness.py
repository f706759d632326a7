"""The grading run's part inside the student's kernel: call the answers, write what they did.

A grading run (:mod:`classgrade.sandbox`) executes a fresh copy of the official exercise
notebook with the student's answers in a kernel of its own. Its first cell calls :func:`start`,
and each official check cell is replaced by a call of the collecting function :func:`start`
returns, which calls the student's function on the run's cases (hidden from the student:
another seed, more inputs) and writes, as plain JSON (:mod:`classgrade.plaindata`), what
came back. Nothing is judged here: the references and the typical mistakes stay in the grader's
process, which reads these files. Code in an answer cell can change anything in this kernel,
but what it can reach here is the student's own results, not the checks.

:func:`start` also

- hides ``robodyn.checks`` (the exercises' references) from the answers: it cannot be
  imported after the cases are loaded;
- guards each exercise's *package references* (``Exercise.package_references``, the book's
  own functions that compute what the exercise asks for): while an exercise is collected, a
  call of one of them from code outside the book's modelling modules (told by the file the
  calling code was compiled from) raises :class:`ReferenceUnavailable` and is recorded, and
  the grader marks the answer as delegating to the reference. The package's own code still
  calls them freely (a chapter's simulation uses its kinematics). The guards' state lives in
  a closure, not in a module attribute an answer could reset;
- blocks sockets, when the grading run could not put the kernel into a network namespace of
  its own (see :mod:`classgrade.confine`).

These are the usual defences, not a proof against a student who sets out to defeat them with
code that inspects the interpreter (``gc``, a function's ``__closure__``, ``exec`` of the
package's source): the grader flags such tools in the answers for review
(:func:`classgrade.sandbox.review_flags`).
"""

from __future__ import annotations

import importlib
import inspect
import json
import pickle
import socket
import sys
import time
from pathlib import Path

import robodyn
from classgrade.plaindata import to_plain
from robodyn.grading.calls import call_answer

__all__ = ["ReferenceUnavailable", "start"]

#: Captured when this module is imported, before any answer runs: an answer that replaces
#: ``sys._getframe`` later does not change what the guards see.
_getframe = sys._getframe
#: The book's package, and its parts that are not modelling code.
_PACKAGE = Path(robodyn.__file__).resolve().parent
_NOT_MODELLING = (str(_PACKAGE / "grading"), str(_PACKAGE / "checks"))


#: The output type of the collect cell's one output: the record of what the answer did, as
#: JSON text. It is the only thing the grader reads back from the kernel.
COLLECTED_MIME = "application/vnd.classgrade.collected.v1"


class ReferenceUnavailable(RuntimeError):
    """Raised when an answer calls the book's own implementation of what it is asked to write."""


def start(job_file: str):
    """Load the job (written by the grader, read-only here), guard the references and their
    private helpers, hide the checks; return the function that collects an exercise (the
    first cell of the grading notebook keeps it, the collect cells call it).

    The state the guards share lives in this call's closure, not in a module attribute that an
    answer could reset.
    """
    with open(job_file, "rb") as stream:  # written by the grader, not the student
        job = pickle.load(stream)
    active = {"exercise": None, "guards": (), "called": []}
    for exercise in job["exercises"].values():
        exercise["guards"] = guarded_names(exercise["guards"])
        for name in exercise["guards"]:
            _guard(name, active)
    _hide_checks()
    if job.get("block_sockets"):
        _block_sockets()
    exercises = job["exercises"]

    def collect(exercise_id: str) -> None:
        """Call the answer of ``exercise_id`` on the job's cases; write ``<id>.json``."""
        exercise = exercises[exercise_id]
        namespace = _user_namespace()
        answer = namespace.get(exercise["function_name"])
        record = {"exercise": exercise_id, "defined": exercise["function_name"] in namespace,
                  "type": type(answer).__name__, "callable": callable(answer), "calls": [],
                  "references_called": []}
        started = time.perf_counter()
        if callable(answer):
            active.update(exercise=exercise_id, guards=tuple(exercise["guards"]), called=[])
            try:
                for args in exercise["cases"]:
                    call = call_answer(exercise["adapter"], answer, args)
                    raw = _sympified(call.raw) if exercise["symbolic"] else call.raw
                    record["calls"].append({
                        "raw": to_plain(raw), "error": to_plain(call.error),
                        "missing": call.missing, "changed": list(call.changed),
                        "changed_at": list(call.changed_at), "printed": call.printed,
                        "printed_lines": call.printed_lines})
            finally:
                record["references_called"] = sorted(set(active["called"]))
                active.update(exercise=None, guards=(), called=[])
        record["seconds"] = time.perf_counter() - started
        from IPython.display import publish_display_data

        publish_display_data({COLLECTED_MIME: json.dumps(record, allow_nan=False)})

    return collect


def _user_namespace() -> dict:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the grading kernel is an IPython kernel
        get_ipython = None
    shell = get_ipython() if get_ipython else None
    return shell.user_ns if shell is not None else vars(sys.modules["__main__"])


def _sympified(raw):
    """A symbolic answer read by sympy here, in the student's kernel: the grader never parses
    a student's string (sympy's parser evaluates it)."""
    import sympy

    def read(value):
        try:
            return sympy.sympify(value)
        except Exception:  # noqa: BLE001 - whatever it is, the grader will say it is unreadable
            return value

    if isinstance(raw, (tuple, list)):
        return type(raw)(read(value) for value in raw)
    return raw if raw is None else read(raw)


# --------------------------------------------------------------------------- defences


def guarded_names(references) -> list[str]:
    """The references and the helpers they call, found in their code, and theirs: a method of
    the same class whose name starts with ``_``, and a function of the same subject package
    that is not part of the package's public face (its ``__all__``), private by name or
    shared between the package's modules: ``robodyn.diffdrive.forward_kinematics`` brings
    ``robodyn.diffdrive.kinematics.wheel_speeds_to_twist``. An answer may not call a helper
    that computes the reference's result either."""
    found, todo = [], list(references)
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        found.append(name)
        owner, attribute = _owner(name)
        function = inspect.unwrap(vars(owner)[attribute])
        code = getattr(function, "__code__", None)
        namespace = getattr(function, "__globals__", {})
        for used in sorted(_names_in(code)):
            if used.startswith("__"):
                continue
            if isinstance(owner, type) and used.startswith("_") and \
                    inspect.isfunction(vars(owner).get(used)):
                todo.append(f"{name.rsplit('.', 1)[0]}.{used}")
            helper = namespace.get(used)
            if inspect.isfunction(helper) and _is_helper(helper, function):
                todo.append(f"{helper.__module__}.{helper.__qualname__}")
    return found


def _is_helper(helper, function) -> bool:
    """True if ``helper`` is a function of ``function``'s own subject package (its module's
    package, ``robodyn.<subject>``) that the package does not offer as its public face."""
    package = function.__module__.rpartition(".")[0]
    if not package.startswith("robodyn.") or \
            not helper.__module__.startswith(f"{package}."):
        return helper.__module__ == function.__module__ and helper.__name__.startswith("_")
    face = getattr(sys.modules.get(package), "__all__", ())
    return helper.__name__.startswith("_") or helper.__name__ not in face


def _names_in(code) -> set[str]:
    """The global and attribute names a code object and the functions inside it use."""
    if code is None:
        return set()
    names = set(code.co_names)
    for constant in code.co_consts:
        if inspect.iscode(constant):
            names |= _names_in(constant)
    return names


def _guard(name: str, active: dict) -> None:
    """Replace the function or method ``name`` ("robodyn.mod.func", "robodyn.mod.Class.meth")
    by a guard that refuses calls from outside the package while its exercise is collected."""
    owner, attribute = _owner(name)
    original = vars(owner)[attribute]

    def guarded(*args, **kwargs):
        if name in active["guards"] and not _from_modelling_code(_getframe(1)):
            active["called"].append(name)
            raise ReferenceUnavailable(
                f"{name} is the book's own answer to this exercise and is not available "
                f"while the answer is graded: write the computation yourself")
        return original(*args, **kwargs)

    guarded.__name__ = getattr(original, "__name__", attribute)
    guarded.__doc__ = getattr(original, "__doc__", None)
    setattr(owner, attribute, guarded)
    if isinstance(owner, type):
        return
    # The same function bound under other names: the package's face, and the modules that
    # import it (``from robodyn.diffdrive.kinematics import forward_kinematics``).
    for module_name, module in list(sys.modules.items()):
        if module_name == "robodyn" or module_name.startswith("robodyn."):
            for key, value in list(vars(module).items()):
                if value is original:
                    setattr(module, key, guarded)


def _from_modelling_code(frame) -> bool:
    """True if ``frame`` runs code of the book's modelling modules (by the file its code was
    compiled from, which an answer cannot change without ``compile``, a flagged tool)."""
    filename = frame.f_code.co_filename
    return filename.startswith(str(_PACKAGE)) and not filename.startswith(_NOT_MODELLING)


def _owner(name: str):
    """The module or class that holds the last part of a dotted name, and that part."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:-1]:
            owner = getattr(owner, part)
        return owner, parts[-1]
    raise ImportError(f"no module for {name!r}")


class _NoChecks:
    """A meta-path finder that refuses ``robodyn.checks`` in the grading kernel."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "robodyn.checks" or fullname.startswith("robodyn.checks."):
            raise ImportError(f"{fullname} (the exercises' checks and references) is not "
                              f"available while the answers are graded")
        return None


def _hide_checks() -> None:
    import robodyn
    from robodyn.grading import registry

    for module_name in [name for name in sys.modules if name == "robodyn.checks"
                        or name.startswith("robodyn.checks.")]:
        del sys.modules[module_name]
    if hasattr(robodyn, "checks"):
        delattr(robodyn, "checks")
    registry.exercises_of.cache_clear()
    sys.meta_path.insert(0, _NoChecks())


def _block_sockets() -> None:
    """No network from Python: the fallback where no network namespace could be made."""

    def refuse(*args, **kwargs):
        raise OSError("the grading run has no network")

    socket.socket = refuse
    socket.create_connection = refuse
    socket.getaddrinfo = refuse
