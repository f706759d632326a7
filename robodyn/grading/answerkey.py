"""The answer key: what the notebooks' checks judge with, as data, without the answers' code.

A chapter's exercises are written in ``robodyn/checks/<subject>.py``: each one's reference
answer, its typical mistakes as wrong answers, and the inputs it is checked on. That code stays
in the instructors' repository: the student release, the pages' downloads and the grading
sandbox leave it out, since a reference answer is the answer. What a notebook's check needs
instead is compiled from it (``make exercises``, :func:`compile_exercises`) into one file per
subject, ``robodyn/grading/keys/<subject>.json``:

- the exercise's call (function name, arguments, how the answer is called), its outputs and
  their comparators with the tolerances;
- its cases (the fixed inputs and those drawn with :data:`~robodyn.grading.records.SEED`);
- for each case, the reference's outputs, and what each typical mistake gives there (its
  outputs, or the type of error it raises), with the mistakes' names and hints.

:class:`KeyedExercise` reads such an entry back and stands in for the
:class:`~robodyn.grading.records.Exercise` in :func:`robodyn.grading.run.judge`, which then
gives the same verdict and the same message as the live exercise (a test holds them equal on
every slip of ``tests/slips``). Two things the key cannot do: draw the hidden cases of a class's
grading run (the class grader computes them from the live exercise, outside the student's
process) and time the reference answer (a timed-out answer's message leaves that out).

A sympy expression is not written down: the key keeps its values at the comparator's seeded
points (:class:`~robodyn.grading.compare.Samples`), which is all the comparison uses.

The format is plain JSON: numbers (``{"float": "nan"}`` and the like for what JSON lacks),
strings, lists, and objects tagged with what they hold: ``tuple``, ``array`` (with dtype and
shape), ``scalar``, ``complex``, ``symbol``, ``sympy_number``, ``samples``, ``object`` (a
class of the book's package, other than a check module's, and the fields it is made from)
and ``function`` (a function of the book's package, other than a check module's, by name).
Nothing in it is executed; no pickle.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import math
from pathlib import Path

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.grading.records import CASE_KINDS, Case, ExerciseCall, Mistake, Output

__all__ = ["FORMAT", "KEYS", "AnswerKeyError", "KeyedExercise", "compile_exercises", "decode",
           "encode", "key_path", "key_text", "keyed_exercise", "keyed_ids", "keyed_subjects"]

#: The folder of the key files, one per subject with exercises.
KEYS = Path(__file__).resolve().parent / "keys"
#: The version of the file format; a key of another version is refused with advice.
FORMAT = 1
#: The package whose classes and functions a key may name; its check modules excepted.
PACKAGE = "robodyn"
#: The check modules, which a key never names (they are not in a student's copy).
CHECKS = "robodyn.checks"


class AnswerKeyError(ParameterError):
    """A key file that cannot be read: missing, of another format, or naming what it may not."""


# --------------------------------------------------------------------------- values


def encode(value, where: str = "value"):
    """``value`` as plain JSON data (see the module docstring); ParameterError naming
    ``where`` for a value the format cannot hold."""
    import sympy

    from robodyn.grading.compare import Samples

    if isinstance(value, np.generic):  # before float: np.float64 is one
        if value.dtype.kind not in "biufc":
            raise ParameterError(f"{where}: a NumPy {type(value).__name__} cannot go into the "
                                 "answer key")
        return {"scalar": encode(value.item()), "dtype": value.dtype.str}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": repr(value)}
    if isinstance(value, complex):
        return {"complex": [encode(value.real), encode(value.imag)]}
    if isinstance(value, tuple):
        return {"tuple": [encode(item, f"{where}[{k}]") for k, item in enumerate(value)]}
    if isinstance(value, list):
        return [encode(item, f"{where}[{k}]") for k, item in enumerate(value)]
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biufc":
            raise ParameterError(f"{where}: an array of dtype {value.dtype} cannot go into the "
                                 "answer key (numbers and booleans only)")
        return {"array": [encode(item.item()) for item in value.ravel()],
                "dtype": value.dtype.str, "shape": list(value.shape)}
    if isinstance(value, Samples):
        return {"samples": encode(value.values, where)}
    if isinstance(value, sympy.Symbol):
        return {"symbol": value.name,
                "assumptions": {k: v for k, v in sorted(value.assumptions0.items())
                                if v is not None}}
    if isinstance(value, (sympy.Float, sympy.Integer, sympy.Rational)):
        return {"sympy_number": str(value), "kind": type(value).__name__}
    if callable(value) and not isinstance(value, type) and hasattr(value, "__qualname__") \
            and not dataclasses.is_dataclass(value):
        return {"function": _name_of(value, where)}
    fields = _fields_of(value)
    if fields is not None:
        return {"object": _name_of(type(value), where),
                "fields": {name: encode(field, f"{where}.{name}")
                           for name, field in fields.items()}}
    raise ParameterError(f"{where}: a {type(value).__name__} cannot go into the answer key: "
                         "it holds numbers, arrays, strings, tuples, lists, sympy symbols and "
                         "numbers, and the book's dataclasses")


def decode(data, where: str = "value"):
    """The value :func:`encode` made ``data`` from."""
    import sympy

    from robodyn.grading.compare import Samples

    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(item, where) for item in data]
    if not isinstance(data, dict) or len(data) < 1:
        raise AnswerKeyError(f"{where}: {data!r} is not a value of the answer key")
    if "float" in data:
        return float(data["float"])
    if "complex" in data:
        return complex(decode(data["complex"][0]), decode(data["complex"][1]))
    if "tuple" in data:
        return tuple(decode(item, where) for item in data["tuple"])
    if "array" in data:
        dtype = np.dtype(data["dtype"])
        if dtype.kind not in "biufc":
            raise AnswerKeyError(f"{where}: an array of dtype {dtype} in the answer key")
        items = [decode(item, where) for item in data["array"]]
        return np.array(items, dtype=dtype).reshape(data["shape"])
    if "scalar" in data:
        return np.dtype(data["dtype"]).type(decode(data["scalar"], where))
    if "samples" in data:
        return Samples(decode(data["samples"], where))
    if "symbol" in data:
        return sympy.Symbol(data["symbol"], **data.get("assumptions", {}))
    if "sympy_number" in data:
        kind = {"Float": sympy.Float, "Integer": sympy.Integer, "Rational": sympy.Rational,
                "One": sympy.Integer, "Zero": sympy.Integer, "NegativeOne": sympy.Integer,
                "Half": sympy.Rational}.get(data.get("kind"), sympy.Float)
        return kind(data["sympy_number"])
    if "function" in data:
        found = _named(data["function"], where)
        if isinstance(found, type) or not callable(found):
            raise AnswerKeyError(f"{where}: {data['function']} is not a function")
        return found
    if "object" in data:
        cls = _named(data["object"], where)
        if not isinstance(cls, type) or _fields_of(cls, as_class=True) is None:
            raise AnswerKeyError(f"{where}: {data['object']} is not a class the key may make")
        fields = {name: decode(value, f"{where}.{name}")
                  for name, value in data.get("fields", {}).items()}
        return cls(**fields)
    raise AnswerKeyError(f"{where}: {sorted(data)} is not a value of the answer key")


def _fields_of(value, as_class: bool = False):
    """The fields a key makes ``value`` from: a dataclass's init fields, or the attributes a
    class lists in ``KEY_FIELDS``; None for anything else. ``as_class``: whether the class
    ``value`` has such fields at all (an empty dict if so)."""
    cls = value if as_class else type(value)
    names = getattr(cls, "KEY_FIELDS", None)
    if names is None and dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    if names is None:
        return None
    return {} if as_class else {name: getattr(value, name) for name in names}


def _name_of(thing, where: str) -> str:
    """``module:qualname`` of a class or function of the book's package, outside its checks."""
    module, qualname = getattr(thing, "__module__", ""), getattr(thing, "__qualname__", "")
    if (not module.startswith(PACKAGE + ".") or module == CHECKS
            or module.startswith(CHECKS + ".") or "<" in qualname):
        raise ParameterError(
            f"{where}: {module}.{qualname} cannot go into the answer key: a key names only "
            f"module-level classes and functions of {PACKAGE}, not of {CHECKS} (which a "
            "student's copy does not have); move it to robodyn.grading (a comparator or a "
            "stand-in), or let the comparator's for_case() turn it into data")
    return f"{module}:{qualname}"


def _named(name: str, where: str):
    module, _, qualname = name.partition(":")
    if (not module.startswith(PACKAGE + ".") or module == CHECKS
            or module.startswith(CHECKS + ".")):
        raise AnswerKeyError(f"{where}: the answer key may not name {name}")
    found = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


# --------------------------------------------------------------------------- compiling


def compile_exercises(exercises) -> dict:
    """The key of a subject's exercises (live :class:`~robodyn.grading.records.Exercise`
    objects, in their module's order): plain data, written by :func:`key_text`."""
    exercises = list(exercises)
    subjects = {exercise.subject for exercise in exercises}
    if len(subjects) != 1:
        raise ParameterError(f"one subject's exercises at a time, got {sorted(subjects)}")
    return {"format": FORMAT, "subject": subjects.pop(),
            "exercises": [_compile_exercise(exercise) for exercise in exercises]}


def _compile_exercise(exercise) -> dict:
    where = exercise.exercise_id
    cases = []
    for index, case in enumerate(exercise.cases()):
        at = f"{where}, case {index}"
        expected = exercise.expected(case)
        entry = {
            "args": encode(case.args, f"{at}, args"),
            "kind": case.kind, "about": case.about, "hint": case.hint, "note": case.note,
            "expected": encode(_keyed_values(exercise, expected), f"{at}, expected"),
            "mistakes": [_compile_result(exercise, exercise.mistake_result(mistake, case),
                                         f"{at}, mistake {mistake.name!r}")
                         for mistake in exercise.mistakes],
        }
        own = {str(k): encode(this.compare, f"{at}, comparator of {output.name}")
               for k, (output, this) in enumerate(zip(
                   exercise.outputs, exercise.outputs_for(case, expected), strict=True))
               if this.compare is not output.compare}
        if own:
            entry["comparators"] = own
        cases.append(entry)
    return {
        "id": exercise.exercise_id,
        "description": exercise.description,
        "function_name": exercise.function_name,
        "arguments": list(exercise.arguments),
        "outputs": [{"name": output.name,
                     "compare": encode(output.compare, f"{where}, comparator of {output.name}"),
                     "entries": list(output.entries)} for output in exercise.outputs],
        "adapter": encode(exercise.adapter, f"{where}, adapter"),
        "independent_parts": exercise.independent_parts,
        "package_references": list(exercise.package_references),
        "mistakes": [{"name": m.name, "hint": m.hint, "message": m.message}
                     for m in exercise.mistakes],
        "cases": cases,
    }


def _keyed_values(exercise, values):
    """The outputs as the key keeps them: an expression by its values at the points."""
    return tuple(output.compare.keyed(value)
                 for output, value in zip(exercise.outputs, values, strict=True))


def _compile_result(exercise, result, where):
    kind, payload = result
    if kind == "values":
        return {"values": encode(_keyed_values(exercise, payload), where)}
    if kind == "raised":
        return {"raised": payload}
    return {"unusable": payload}


def key_path(subject: str, folder: Path | None = None) -> Path:
    """The key file of ``subject``."""
    return Path(folder or KEYS) / f"{subject}.json"


def key_text(key: dict) -> str:
    """The text of a key file: sorted keys, one value a line (so that a change of a check
    shows as the lines it changes), no indentation; the same bytes for the same key."""
    return json.dumps(key, indent=0, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"), allow_nan=False) + "\n"


# --------------------------------------------------------------------------- reading


def keyed_subjects(folder: Path | None = None) -> list[str]:
    """The subjects that have a key file, sorted."""
    return sorted(path.stem for path in Path(folder or KEYS).glob("*.json"))


@functools.cache
def _read_key(subject: str, folder: Path | None = None) -> dict:
    path = key_path(subject, folder)
    try:
        key = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AnswerKeyError(f"no answer key for the subject {subject!r} ({path.name} is missing); "
                        "`make exercises` in the instructors' repository writes it") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise AnswerKeyError(f"the answer key {path.name} cannot be read ({error}); `make "
                        "exercises` in the instructors' repository writes it again") from None
    if not isinstance(key, dict) or key.get("format") != FORMAT:
        raise AnswerKeyError(f"the answer key {path.name} is of format {key.get('format')!r}, this "
                        f"book reads format {FORMAT}; `make exercises` writes it again")
    return {entry["id"]: entry for entry in key["exercises"]}


def keyed_ids(folder: Path | None = None) -> list[str]:
    """The ids of all exercises that have a key, sorted."""
    return sorted(i for subject in keyed_subjects(folder) for i in _read_key(subject, folder))


def keyed_exercise(exercise_id: str, folder: Path | None = None) -> KeyedExercise:
    """The :class:`KeyedExercise` of ``exercise_id``; ParameterError listing the known ids."""
    subject = exercise_id.split(".")[0] if isinstance(exercise_id, str) else ""
    if subject in keyed_subjects(folder):
        entry = _read_key(subject, folder).get(exercise_id)
        if entry is not None:
            return _keyed(exercise_id, folder)
    raise ParameterError(f"unknown exercise id {exercise_id!r}; the known ids are: "
                         f"{', '.join(keyed_ids(folder))}")


@functools.cache
def _keyed(exercise_id: str, folder: Path | None) -> KeyedExercise:
    return KeyedExercise(_read_key(exercise_id.split(".")[0], folder)[exercise_id])


class KeyedExercise(ExerciseCall):
    """An exercise read from its key: what :func:`robodyn.grading.run.judge` needs of an
    :class:`~robodyn.grading.records.Exercise`, with the reference's and the mistakes' results
    looked up instead of computed. It has no reference, no mistake models, no hidden cases."""

    def __init__(self, entry: dict):
        where = entry["id"]
        self.exercise_id = entry["id"]
        self.description = entry["description"]
        self.function_name = entry["function_name"]
        self.arguments = tuple(entry["arguments"])
        self.outputs = tuple(
            Output(o["name"], decode(o["compare"], f"{where}, comparator of {o['name']}"),
                   tuple(o["entries"])) for o in entry["outputs"])
        self.adapter = decode(entry["adapter"], f"{where}, adapter")
        self.independent_parts = bool(entry["independent_parts"])
        self.package_references = tuple(entry["package_references"])
        self.mistakes = tuple(Mistake(m["name"], m["hint"], None, m["message"])
                              for m in entry["mistakes"])
        self.reference = None
        self._cases, self._expected, self._results, self._outputs = [], {}, {}, {}
        for index, data in enumerate(entry["cases"]):
            at = f"{where}, case {index}"
            if data["kind"] not in CASE_KINDS:
                raise AnswerKeyError(f"{at}: unknown case kind {data['kind']!r}")
            case = Case(decode(data["args"], at), data["kind"], data["about"], data["hint"],
                        data["note"])
            self._cases.append(case)
            self._expected[id(case)] = decode(data["expected"], at)
            self._results[id(case)] = [_result(outcome, at) for outcome in data["mistakes"]]
            own = {int(k): decode(v, at) for k, v in data.get("comparators", {}).items()}
            self._outputs[id(case)] = tuple(
                dataclasses.replace(output, compare=own[k]) if k in own else output
                for k, output in enumerate(self.outputs))

    def __repr__(self) -> str:
        return f"<KeyedExercise {self.exercise_id}>"

    def cases(self) -> list[Case]:
        """The check's cases, the same objects on every call."""
        return list(self._cases)

    def hidden_cases(self, seed: int, rounds: int = 3):
        raise ParameterError(
            f"{self.exercise_id}: the answer key has the notebook's cases only; a class's "
            "hidden cases are drawn from the live exercise, in the instructors' repository")

    def _index(self, case: Case) -> int:
        if id(case) not in self._expected:
            raise ParameterError(f"{self.exercise_id}: the answer key knows only its own "
                                 f"cases, not {case!r}")
        return id(case)

    def expected(self, case: Case) -> tuple:
        """The reference's outputs on ``case``, as the key holds them."""
        return self._expected[self._index(case)]

    def mistake_result(self, mistake: Mistake, case: Case):
        """What ``mistake`` gives on ``case``: see ``Exercise.mistake_result``."""
        return self._results[self._index(case)][self.mistakes.index(mistake)]

    def outputs_for(self, case: Case, expected=None) -> tuple:
        """The outputs, each with its comparator for ``case``."""
        return self._outputs[self._index(case)]

    def reference_seconds(self, case: Case):
        """Unknown: the key has no reference answer to time."""
        return None



def _result(outcome: dict, where: str):
    if "values" in outcome:
        return ("values", decode(outcome["values"], where))
    if "raised" in outcome:
        return ("raised", outcome["raised"])
    return ("unusable", outcome.get("unusable", ""))
