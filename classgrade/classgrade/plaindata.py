"""What an answer returned, as plain JSON: written in the student's kernel, read by the grader.

A grading run calls the answers in the student's kernel and judges them in its own process
(:mod:`classgrade.classroom`). What crosses over is data the student's code produced, so
it must be read without running any of it: no pickle, no ``eval``, no ``sympify`` of a string.
:func:`to_plain` writes a value as nested JSON of a few tagged kinds, :func:`from_plain` reads
it back:

- numbers, strings, None, booleans; complex numbers; lists, tuples and dicts of them;
- NumPy arrays and scalars of booleans, integers, floats or complex numbers (dtype and shape
  kept);
- sympy expressions and matrices, as trees of sympy class names read back only from sympy's own
  namespace (names of symbols must be identifiers; undefined functions are refused);
- the per-step results of a stepped object;
- exceptions (type name, message, the answer's line that raised);
- anything else as an :class:`Opaque` stand-in that keeps its type's name and a short repr, so
  the feedback can say "got a Foo".

Sizes are bounded: more than :data:`MAX_NUMBERS` numbers in one value, or nesting deeper than
:data:`MAX_DEPTH`, read back as an :class:`Opaque` "too large" value.

>>> import numpy as np
>>> value = (np.array([1.0, float("nan")]), 2, "x", None)
>>> back = from_plain(json.loads(json.dumps(to_plain(value))))
>>> back[0], back[1:]
(array([ 1., nan]), (2, 'x', None))
>>> from_plain(to_plain(ZeroDivisionError("division by zero")))
ZeroDivisionError('division by zero')
"""

from __future__ import annotations

import builtins
import json
import math
import re
import sysconfig
import traceback
from pathlib import Path

import numpy as np

import robodyn
from robodyn.grading import StepResults

__all__ = ["MAX_DEPTH", "MAX_NUMBERS", "AnswerError", "Opaque", "from_plain", "to_plain"]

#: Deepest nesting written or read.
MAX_DEPTH = 40
#: Most numbers in one value (arrays included).
MAX_NUMBERS = 2_000_000
#: Where code that is not a student's answer lives: the book's package, this one, Python's
#: library.
_NOT_THE_ANSWER = (str(Path(robodyn.__file__).resolve().parent),
                   str(Path(__file__).resolve().parent), sysconfig.get_paths()["stdlib"], "<frozen")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class Opaque:
    """A value the grader does not read: its type's name and a short ``repr``.

    Comparators reject it as they reject any value that is not a number ("a Foo, not a
    number"); its class carries the original type's name so that messages name it.
    """

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text


class AnswerError(Exception):
    """Stand-in for an exception of a type the grader does not have (numpy's LinAlgError, a
    student's own class): its class is named like the original, its message is the original's.
    """


def _opaque(type_name: str, text: str) -> Opaque:
    name = type_name if _IDENTIFIER.match(type_name or "") else "object"
    return type(name, (Opaque,), {})(text[:200])


# --------------------------------------------------------------------------- writing


def to_plain(value, depth: int = 0):
    """``value`` as JSON-ready nested lists and dicts (see the module's docstring)."""
    if depth > MAX_DEPTH:
        return {"opaque": ["object", "a value nested too deeply"]}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, np.generic) and value.dtype.kind in "biufc":  # before float: float64
        return {"scalar": [value.dtype.str, to_plain(value.item(), depth + 1)]}
    if isinstance(value, int):
        return value if abs(value) < 2**53 else {"bigint": str(value)}
    if isinstance(value, float):
        return value if math.isfinite(value) else {"float": str(float(value))}
    if isinstance(value, complex):
        return {"complex": [to_plain(value.real), to_plain(value.imag)]}
    if isinstance(value, BaseException):
        return {"error": _error_to_plain(value)}
    if isinstance(value, np.ndarray):
        return _array_to_plain(value, depth)
    if _is_sympy(value):
        return {"sympy": _sympy_to_plain(value, depth)}
    if isinstance(value, StepResults):
        return {"steps": [to_plain(item, depth + 1) for item in value]}
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_NUMBERS:
            return {"opaque": [type(value).__name__, "a list too long to grade"]}
        kind = "list" if isinstance(value, list) else "tuple"
        return {kind: [to_plain(item, depth + 1) for item in value]}
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return {"dict": [[key, to_plain(item, depth + 1)] for key, item in value.items()]}
    return {"opaque": [type(value).__name__, _safe_repr(value)]}


def _safe_repr(value) -> str:
    try:
        text = repr(value)
    except Exception:  # a student's __repr__ may raise
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


def _array_to_plain(array: np.ndarray, depth: int):
    if array.dtype.kind not in "biufc":
        return {"opaque": ["ndarray", f"an array of dtype {array.dtype}"]}
    if array.size > MAX_NUMBERS:
        return {"opaque": ["ndarray", f"an array of {array.size} numbers, too large"]}
    flat = array.ravel().tolist()
    if array.dtype.kind == "c":
        data = [[to_plain(z.real), to_plain(z.imag)] for z in flat]
    else:
        data = [to_plain(x) for x in flat]
    return {"array": [array.dtype.str, list(array.shape), data]}


def _error_to_plain(error: BaseException) -> dict:
    frames = traceback.extract_tb(error.__traceback__) if error.__traceback__ else []
    # the answer's own frames: not the book's package, an installed library or Python's own
    own = [frame for frame in frames if not frame.filename.startswith(_NOT_THE_ANSWER)
           and "site-packages" not in frame.filename]
    where = ""
    if own:
        frame = own[-1]
        text = (frame.line or "").strip()
        where = (f"line {frame.lineno}: {text}" if text else f"line {frame.lineno}")[:200]
    try:
        message = str(error)
    except Exception:  # a student's __str__ may raise
        message = ""
    return {"type": type(error).__name__, "message": message[:2000], "where": where}


def _is_sympy(value) -> bool:
    module = type(value).__module__ or ""
    return module.startswith("sympy.")


def _sympy_to_plain(value, depth: int):
    import sympy

    if depth > MAX_DEPTH:
        return ["TooDeep"]
    if isinstance(value, sympy.MatrixBase):
        return ["Matrix", [[_sympy_to_plain(value[i, j], depth + 1) for j in range(value.cols)]
                           for i in range(value.rows)]]
    if isinstance(value, sympy.Symbol):
        return ["Symbol", value.name]
    if isinstance(value, sympy.Integer):
        return ["Integer", str(int(value))]
    if isinstance(value, sympy.Rational):
        return ["Rational", str(value.p), str(value.q)]
    if isinstance(value, sympy.Float):
        return ["Float", str(value)]
    if isinstance(value, sympy.core.function.AppliedUndef):
        return ["Undefined", str(value.func)]
    if not isinstance(value, sympy.Basic):
        return ["Unknown", type(value).__name__]
    if not value.args:  # pi, E, I, oo, nan, zoo, ...
        return ["Atom", type(value).__name__]
    return ["Apply", type(value.func).__name__ if not isinstance(value.func, type)
            else value.func.__name__, [_sympy_to_plain(arg, depth + 1) for arg in value.args]]


# --------------------------------------------------------------------------- reading


class _TooLarge(Exception):
    pass


def from_plain(data, depth: int = 0):
    """The value :func:`to_plain` wrote; anything malformed reads as an :class:`Opaque`."""
    try:
        budget = [MAX_NUMBERS]
        return _read(data, depth, budget)
    except _TooLarge:
        return _opaque("object", "a value too large to grade")
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError):
        return _opaque("object", "a value the grader could not read")


def _spend(budget: list, count: int) -> None:
    budget[0] -= count
    if budget[0] < 0:
        raise _TooLarge


def _read(data, depth: int, budget: list):
    if depth > MAX_DEPTH:
        raise _TooLarge
    if data is None or isinstance(data, (bool, str)):
        return data
    if isinstance(data, (int, float)):
        _spend(budget, 1)
        return data
    if isinstance(data, list):  # never written at the top of a value; read as a list
        _spend(budget, len(data))
        return [_read(item, depth + 1, budget) for item in data]
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError("not a tagged value")
    (tag, body), = data.items()
    if tag == "bigint":
        return int(str(body)[:400])
    if tag == "float":
        return _special_float(body)
    if tag == "complex":
        return complex(_number(body[0]), _number(body[1]))
    if tag in ("list", "tuple", "steps"):
        _spend(budget, len(body))
        items = [_read(item, depth + 1, budget) for item in body]
        return {"list": list, "tuple": tuple, "steps": StepResults}[tag](items)
    if tag == "dict":
        _spend(budget, len(body))
        return {str(key): _read(item, depth + 1, budget) for key, item in body}
    if tag == "scalar":
        dtype = _dtype(body[0])
        value = _read(body[1], depth + 1, budget)
        return dtype.type(value)
    if tag == "array":
        return _read_array(body, budget)
    if tag == "sympy":
        return _read_sympy(body, depth, budget)
    if tag == "error":
        return _read_error(body)
    if tag == "opaque":
        return _opaque(str(body[0]), str(body[1]))
    raise ValueError(f"unknown tag {tag!r}")


def _special_float(text) -> float:
    """nan, inf or -inf from the text :func:`to_plain` wrote; anything else reads as nan."""
    return float({"inf": "inf", "-inf": "-inf"}.get(str(text), "nan"))


def _number(value) -> float:
    if isinstance(value, dict):
        return _special_float(value.get("float"))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("not a number")
    return float(value)


def _dtype(text) -> np.dtype:
    dtype = np.dtype(str(text))
    if dtype.kind not in "biufc":
        raise ValueError("not a numeric dtype")
    return dtype


def _read_array(body, budget: list) -> np.ndarray:
    dtype, shape, data = _dtype(body[0]), [int(n) for n in body[1]], body[2]
    size = math.prod(shape)
    if any(n < 0 for n in shape) or size != len(data):
        raise ValueError("an array whose shape does not fit its data")
    _spend(budget, size)
    if dtype.kind == "c":
        values = [complex(_number(re_), _number(im)) for re_, im in data]
    elif dtype.kind == "b":
        values = [bool(x) for x in data]
    else:
        values = [_number(x) if isinstance(x, dict) else x for x in data]
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) or
                   dtype.kind == "f" for x in values):
            raise ValueError("an array entry that is not a number")
    return np.array(values, dtype=dtype).reshape(shape)


def _read_error(body) -> BaseException:
    name, message = str(body.get("type", "Exception")), str(body.get("message", ""))
    where = str(body.get("where", ""))
    known = getattr(builtins, name, None)
    if isinstance(known, type) and issubclass(known, Exception):
        error = known.__new__(known)
        Exception.__init__(error, message)
    else:
        error = type(name if _IDENTIFIER.match(name) else "AnswerError", (AnswerError,), {})(
            message)
    error.where = where
    return error


def _read_sympy(tree, depth: int, budget: list):
    import sympy

    _spend(budget, 1)
    if depth > MAX_DEPTH:
        raise _TooLarge
    kind = tree[0]
    if kind == "Matrix":
        return sympy.Matrix([[_read_sympy(entry, depth + 1, budget) for entry in row]
                             for row in tree[1]])
    if kind == "Symbol":
        name = str(tree[1])
        if not _IDENTIFIER.match(name):
            raise ValueError("a symbol whose name is not an identifier")
        return sympy.Symbol(name)
    if kind == "Integer":
        return sympy.Integer(int(str(tree[1])[:400]))
    if kind == "Rational":
        return sympy.Rational(int(str(tree[1])[:400]), int(str(tree[2])[:400]))
    if kind == "Float":
        return sympy.Float(float(str(tree[1])[:60]))
    if kind == "Atom":
        return _sympy_class(tree[1])()
    if kind == "Apply":
        function = _sympy_class(tree[1])
        arguments = [_read_sympy(arg, depth + 1, budget) for arg in tree[2]]
        # Rebuilt as written, never evaluated: sympy evaluates a function of numbers as it
        # builds it, so that totient(N) of a 126-digit N factored N in the grader, and
        # 10**(10**8) was written out (both sent unevaluated by a hand-in). sympy's switch is
        # per thread.
        with sympy.core.parameters.evaluate(False):
            return function(*arguments)
    raise ValueError(f"a sympy value the grader does not read ({kind})")


def _sympy_class(name):
    """A class of sympy's own namespace by name, and only a sympy expression class."""
    import sympy

    name = str(name)
    found = getattr(sympy, name, None) if _IDENTIFIER.match(name) else None
    if found is None:
        found = {"ImaginaryUnit": sympy.I, "Pi": sympy.pi, "Exp1": sympy.E,
                 "Infinity": sympy.oo, "NegativeInfinity": -sympy.oo, "NaN": sympy.nan,
                 "ComplexInfinity": sympy.zoo, "Zero": sympy.S.Zero, "One": sympy.S.One,
                 "NegativeOne": sympy.S.NegativeOne, "Half": sympy.S.Half}.get(name)
        if found is not None:
            return lambda: found
    if not (isinstance(found, type) and issubclass(found, sympy.Basic)):
        raise ValueError(f"{name!r} is not a sympy expression class")
    return found


def dumps(value) -> str:
    """``to_plain(value)`` as a JSON text (NaN never written bare)."""
    return json.dumps(to_plain(value), allow_nan=False)
