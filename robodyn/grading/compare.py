"""How an exercise compares one output of the student's answer with the reference.

Every :class:`~robodyn.grading.records.Output` of an exercise names one comparator. A
comparator turns a raw returned value into something comparable (or says why it cannot),
decides whether it agrees with the reference within the exercise's tolerance, says in which
entries it does not, and states that tolerance in words for the feedback. It also decides,
with a looser tolerance, whether a typical mistake's output explains the student's.

- :class:`Close`: numbers and arrays, ``|got - expected| <= atol + rtol |expected|`` per
  entry, with chosen entries compared modulo 2 pi.
- :class:`Angle`: angles, modulo 2 pi.
- :class:`RotationMatrix`: by the angle of :math:`R_{ref}^T R`; refuses a matrix that is not
  orthonormal with determinant 1.
- :class:`Quaternion`: unit quaternions, up to sign.
- :class:`Expression`: sympy expressions, by simplification or, failing that, by values at
  seeded random points.
- :class:`Property`: answers that are not unique, judged by a property of the answer (a
  least-squares fit by its residual and the normal equations, Euler angles by the rotation).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import check_non_negative
from robodyn.core.rotations import wrap_angle

__all__ = [
    "MISTAKE_ATOL",
    "MISTAKE_RTOL",
    "Angle",
    "Close",
    "Comparator",
    "Expression",
    "Property",
    "Quaternion",
    "RotationMatrix",
    "Samples",
    "euler_angles_property",
    "least_squares_property",
]

#: Relative tolerance for recognising a typical mistake: the student's wrong values must agree
#: this closely with what the mistake gives. Looser than an exercise's tolerance, because the
#: same wrong formula written in another order rounds differently. Where the exercise's own
#: tolerance is looser still (a simulation, whose every right answer differs from the
#: reference by its integration error), :class:`Close` recognises a mistake within that.
MISTAKE_RTOL = 1e-6
#: Absolute tolerance for recognising a typical mistake, in the unit of each output.
MISTAKE_ATOL = 1e-9


def float_array(value):
    """``(array, "")`` or ``(None, why)`` for a value that should be numbers."""
    if isinstance(value, (str, bytes)) or value is None:
        return None, f"a {type(value).__name__}, not a number or an array of numbers"
    try:
        array = np.asarray(value, dtype=float)
    except OverflowError:
        return None, "a number too large for floating point (beyond about 1.8e308)"
    except (TypeError, ValueError):
        return None, f"a {type(value).__name__}, not a number or an array of numbers"
    return array, ""


class Comparator:
    """Base of the comparators; see the module docstring."""

    #: True if :meth:`prepare` gives float arrays whose shapes are compared with the reference.
    has_shape = True

    def prepare(self, value):
        """``(comparable, "")``, or ``(None, why)`` when the value cannot be this output."""
        return float_array(value)

    def wrong(self, got, expected, args) -> np.ndarray:
        """Boolean array (or a bool) marking the entries that are wrong."""
        raise NotImplementedError

    def explains(self, got, model, args) -> bool:
        """True if a mistake's output ``model`` explains the student's ``got``."""
        got_array, model_array = np.asarray(got, float), np.asarray(model, float)
        if got_array.shape != model_array.shape:
            return False
        with np.errstate(all="ignore"):
            close = np.abs(got_array - model_array) <= (MISTAKE_ATOL + MISTAKE_RTOL
                                                        * np.abs(model_array))
        return bool(np.all(close | (got_array == model_array)
                           | (np.isnan(got_array) & np.isnan(model_array))))

    def tolerance(self) -> str:
        """How the output is compared, in words that follow its name ("within rtol=...")."""
        raise NotImplementedError

    def detail(self, got, expected, args) -> list[str]:
        """Extra lines for the feedback on a wrong value (may be empty)."""
        return []

    def keyed(self, value):
        """An expected (or a mistake's) value as the answer key keeps it: the value itself."""
        return value

    def show_expected(self, value) -> str:
        """The expected value as a failure message shows it."""
        from robodyn.grading.adapters import format_value

        return format_value(value)


@dataclass(frozen=True)
class Samples:
    """An expression known by its values at an :class:`Expression`'s seeded points: what the
    answer key keeps of an expected expression (or a mistake's), instead of the expression."""

    values: np.ndarray

    def __repr__(self) -> str:
        return f"<an expression, by its values at {len(self.values)} points>"


@dataclass(frozen=True)
class Close(Comparator):
    """Entries agree within ``atol + rtol |expected|`` (as ``np.allclose``).

    Parameters
    ----------
    rtol : float
        Relative tolerance (dimensionless, >= 0).
    atol : float
        Absolute tolerance, in the unit of the output (>= 0).
    angle_entries : tuple of int
        Indices along the first axis of entries that are angles, compared modulo 2 pi.
    """

    rtol: float = 1e-9
    atol: float = 1e-12
    angle_entries: tuple[int, ...] = ()

    def __post_init__(self):
        check_non_negative("rtol", self.rtol)
        check_non_negative("atol", self.atol)

    def difference(self, got, expected, modulo: bool = True) -> np.ndarray:
        with np.errstate(all="ignore"):
            difference = np.array(got - expected, dtype=float)
            if modulo and difference.ndim:
                for index in self.angle_entries:
                    difference[index] = wrap_angle(difference[index])
        return difference

    def wrong(self, got, expected, args):
        # An infinite expected entry is matched only by the same infinity: its tolerance,
        # rtol * inf, would otherwise accept any number.
        with np.errstate(all="ignore"):
            close = (np.abs(self.difference(got, expected))
                     <= self.atol + self.rtol * np.abs(expected)) & np.isfinite(expected)
        return ~(close | (got == expected))

    def explains(self, got, model, args) -> bool:
        """True if ``got`` agrees with a mistake's ``model`` within the looser of the mistake
        tolerances and the exercise's own: a wrong equation integrated by another right
        method is still that wrong equation."""
        got_array, model_array = np.asarray(got, float), np.asarray(model, float)
        if got_array.shape != model_array.shape:
            return False
        atol, rtol = max(MISTAKE_ATOL, self.atol), max(MISTAKE_RTOL, self.rtol)
        with np.errstate(all="ignore"):
            close = (np.abs(self.difference(got_array, model_array))
                     <= atol + rtol * np.abs(model_array)) & np.isfinite(model_array)
        return bool(np.all(close | (got_array == model_array)
                           | (np.isnan(got_array) & np.isnan(model_array))))

    def tolerance(self) -> str:
        text = f"within rtol={self.rtol:g}, atol={self.atol:g}"
        return text + ("; angles modulo 2 pi" if self.angle_entries else "")

    def detail(self, got, expected, args) -> list[str]:
        if not self.angle_entries or got.shape != expected.shape or not got.ndim:
            return []
        plain = np.abs(self.difference(got, expected, modulo=False))
        modulo = np.abs(self.difference(got, expected))
        turns = (modulo <= self.atol + self.rtol * np.abs(expected)) & (plain > math.pi)
        if np.any(turns[list(self.angle_entries)]):
            return ["Note: an angle differs from the expected one by whole turns (2 pi); "
                    "that is accepted, so wrapping is not the problem."]
        return []


@dataclass(frozen=True)
class Angle(Close):
    """Angles in rad, compared modulo 2 pi within ``atol`` (rad)."""

    rtol: float = 0.0
    atol: float = 1e-9

    def difference(self, got, expected, modulo: bool = True) -> np.ndarray:
        with np.errstate(all="ignore"):
            difference = np.asarray(got - expected, dtype=float)
            return wrap_angle(difference) if modulo else difference

    def tolerance(self) -> str:
        return f"within atol={self.atol:g} rad, modulo 2 pi"


def _rotation_problem(matrix: np.ndarray, tol: float = 1e-6) -> str:
    if matrix.shape[-2:] != (3, 3):
        return f"not a rotation matrix: shape {matrix.shape}, expected (3, 3)"
    gram = np.swapaxes(matrix, -1, -2) @ matrix
    off = float(np.max(np.abs(gram - np.eye(3))))
    if not np.isfinite(off):
        return "not a rotation matrix: it contains nan or inf"
    if off > tol:
        return (f"not a rotation matrix: R^T R differs from the identity by {off:.3g} "
                f"(its columns must be orthonormal)")
    det = float(np.min(np.linalg.det(matrix)))
    if det < 0:
        return "not a rotation matrix: det R = -1, a reflection (a column has the wrong sign)"
    return ""


def rotation_angle_between(R_ref, R) -> np.ndarray:
    """Angle of the rotation R_ref^T R, rad, from ||R - R_ref||_F = 2 sqrt(2) sin(angle / 2)."""
    norm = np.linalg.norm(np.asarray(R) - np.asarray(R_ref), axis=(-2, -1))
    return 2.0 * np.arcsin(np.clip(norm / (2.0 * math.sqrt(2.0)), 0.0, 1.0))


@dataclass(frozen=True)
class RotationMatrix(Comparator):
    """3 x 3 rotation matrices, compared by the angle of R_ref^T R (rad, <= ``atol``)."""

    atol: float = 1e-9

    def prepare(self, value):
        array, why = float_array(value)
        if array is None:
            return None, why
        problem = _rotation_problem(array)
        return (None, problem) if problem else (array, "")

    def wrong(self, got, expected, args):
        return np.asarray(rotation_angle_between(expected, got) > self.atol)

    def explains(self, got, model, args) -> bool:
        model = np.asarray(model, float)
        return model.shape == got.shape and bool(np.all(
            rotation_angle_between(model, got) <= 1e-6))

    def tolerance(self) -> str:
        return f"by the angle of R_ref^T R, within {self.atol:g} rad"

    def detail(self, got, expected, args) -> list[str]:
        angle = float(np.max(rotation_angle_between(expected, got)))
        return [f"Your rotation differs from the expected one by {angle:.6g} rad "
                f"({math.degrees(angle):.4g} degrees)."]


@dataclass(frozen=True)
class Quaternion(Comparator):
    """Unit quaternions (w, x, y, z), equal up to sign within ``atol``."""

    atol: float = 1e-9

    def prepare(self, value):
        array, why = float_array(value)
        if array is None:
            return None, why
        if array.shape[:1] != (4,):
            return None, f"not a quaternion: shape {array.shape}, expected (4,) as (w, x, y, z)"
        norm = np.linalg.norm(array, axis=0)
        if not np.all(np.abs(norm - 1.0) <= 1e-6):
            return None, (f"not a unit quaternion: its norm is {float(np.max(norm)):.6g}, "
                          f"not 1 (normalise it: q / np.linalg.norm(q))")
        return array, ""

    def _distance(self, got, expected):
        return np.minimum(np.linalg.norm(got - expected, axis=0),
                          np.linalg.norm(got + expected, axis=0))

    def wrong(self, got, expected, args):
        return np.asarray(self._distance(got, expected) > self.atol)

    def explains(self, got, model, args) -> bool:
        model = np.asarray(model, float)
        return model.shape == got.shape and bool(np.all(self._distance(got, model) <= 1e-6))

    def tolerance(self) -> str:
        return f"up to sign, within |q - q_ref| <= {self.atol:g}"


@dataclass(frozen=True)
class Expression(Comparator):
    """Sympy expressions (or matrices of them) in the named symbols.

    Two expressions agree when they agree within ``rtol`` at ``n_points`` random points drawn
    with a fixed seed from ``[low, high]`` for every symbol; where their values cannot be
    computed there (a division by zero at a point, say), when ``sympy.simplify(got -
    expected)`` is 0.

    Parameters
    ----------
    symbols : tuple of str
        Names of the free symbols the answer may contain.
    low, high : float
        Range of the random values of each symbol.
    n_points : int
        Number of random points.
    rtol : float
        Relative tolerance of the values at the points.
    """

    symbols: tuple[str, ...] = ()
    low: float = 0.5
    high: float = 2.0
    n_points: int = 12
    rtol: float = 1e-9
    has_shape = False

    def prepare(self, value):
        import sympy

        if value is None:
            return None, "None, not a sympy expression"
        try:
            expression = sympy.sympify(value)
        except (sympy.SympifyError, TypeError, ValueError, SyntaxError) as error:
            return None, f"{value!r}, which sympy cannot read ({type(error).__name__})"
        if hasattr(expression, "has") and expression.has(sympy.nan, sympy.zoo, sympy.oo,
                                                         -sympy.oo):
            return None, "nan or infinity (look for a division by zero)"
        if not isinstance(expression, (sympy.Expr, sympy.MatrixBase)):
            return None, f"a {type(value).__name__}, not a sympy expression"
        allowed = {str(name) for name in self.symbols}
        extra = sorted(str(s) for s in getattr(expression, "free_symbols", set())
                       if str(s) not in allowed)
        if extra:
            known = ", ".join(self.symbols) or "none"
            return None, (f"an expression with the unknown symbol(s) {', '.join(extra)}; the "
                          f"symbols of this exercise are {known} (spelled exactly so)")
        return expression, ""

    def _values(self, expression, points):
        import sympy

        by_name = {str(s): s for s in getattr(expression, "free_symbols", set())}
        names = [by_name.get(name, sympy.Symbol(name)) for name in self.symbols]
        function = sympy.lambdify(names, expression, modules="numpy")
        with np.errstate(all="ignore"):
            return np.array([np.asarray(function(*point), dtype=complex) for point in points])

    def _points(self):
        rng = np.random.default_rng(7)
        return rng.uniform(self.low, self.high, size=(self.n_points, len(self.symbols)))

    def _agree(self, got, expected, rtol):
        """True if the values agree at the random points; where they cannot be computed or
        are not finite there (a division by zero at a point, say), if sympy.simplify shows
        the difference is 0. Finite values that differ are a wrong answer at once: no
        identity makes two expressions differ at a point (and simplify, which would only
        confirm it, takes seconds)."""
        import sympy

        try:
            a = self._values(got, self._points())
        except (TypeError, ValueError, NameError, ZeroDivisionError):
            a = None
        if isinstance(expected, Samples):  # the answer key's: values only
            b = expected.values
            return bool(a is not None and a.shape == b.shape and np.all(np.isfinite(a))
                        and np.all(np.abs(a - b) <= rtol * (1.0 + np.abs(b))))
        try:
            b = self._values(expected, self._points())
        except (TypeError, ValueError, NameError, ZeroDivisionError):
            a = b = None
        if a is not None and a.shape == b.shape and np.all(np.isfinite(a)) and np.all(
                np.isfinite(b)):
            return bool(np.all(np.abs(a - b) <= rtol * (1.0 + np.abs(b))))
        try:
            difference = sympy.simplify(sympy.Matrix(got) - sympy.Matrix(expected)) if isinstance(
                expected, sympy.MatrixBase) else sympy.simplify(got - expected)
            return bool(difference.is_zero_matrix if isinstance(difference, sympy.MatrixBase)
                        else difference == 0)
        except (TypeError, ValueError, sympy.ShapeError, AttributeError):
            return False

    def wrong(self, got, expected, args):
        return not self._agree(got, expected, self.rtol)

    def explains(self, got, model, args) -> bool:
        prepared, _ = (model, "") if isinstance(model, Samples) else self.prepare(model)
        return prepared is not None and self._agree(got, prepared, 1e-6)

    def keyed(self, value):
        """The expression's values at the points: the key never writes the expression."""
        values = self._values(value, self._points())
        if not np.all(np.isfinite(values)):
            raise ParameterError(f"the expression {value} has no finite value at some of the "
                                 f"points; give the Expression another range (low, high)")
        return Samples(values)

    def show_expected(self, value) -> str:
        return f"(an expression: the check compares its values at {self.n_points} points)"

    def tolerance(self) -> str:
        return (f"compared by values at {self.n_points} random points (symbolically where they "
                "cannot be computed)")

    def detail(self, got, expected, args) -> list[str]:
        import sympy

        expected_is_matrix = isinstance(expected, sympy.MatrixBase) or (
            isinstance(expected, Samples) and np.ndim(expected.values) == 3)
        if isinstance(got, sympy.MatrixBase) and not expected_is_matrix:
            return [f"Yours is a {got.shape[0]}x{got.shape[1]} Matrix, not an expression"
                    + (": return its one entry, `M[0, 0]`, or build the expression without "
                       "a Matrix." if got.shape == (1, 1) else ".")]
        if expected_is_matrix and not isinstance(got, sympy.MatrixBase):
            rows, columns = np.shape(expected.values)[1:] if isinstance(expected, Samples) \
                else expected.shape
            return [f"Yours is a single expression; a {rows}x{columns} sympy Matrix is "
                    f"expected."]
        try:
            point = self._points()[0]
            a = self._values(got, [point])[0]
            b = expected.values[0] if isinstance(expected, Samples) else \
                self._values(expected, [point])[0]
        except (TypeError, ValueError, NameError, ZeroDivisionError):
            return []
        at = ", ".join(f"{n}={v:.3g}" for n, v in zip(self.symbols, point, strict=True))
        return [f"At {at}: yours gives {_short_complex(a)}, the expected one "
                f"{_short_complex(b)}."]


def _short_complex(value) -> str:
    """A value of an expression: real numbers as reals, complex ones as complex."""
    array = np.real_if_close(np.asarray(value))
    if array.ndim:
        return np.array2string(array, precision=6)
    return f"{float(array):.6g}" if np.isrealobj(array) else f"{complex(array):.6g}"


@dataclass(frozen=True)
class Property(Comparator):
    """A non-unique answer, judged by a property instead of by equality with the reference.

    Parameters
    ----------
    judge : callable
        ``judge(got, expected, args) -> (ok, lines)``: ``ok`` True if the answer has the
        property; ``lines`` say, in words, what was measured.
    description : str
        How the output is judged, in words that follow its name in the PASSED line (e.g.
        "judged by its residual and the normal equations").
    shape_of_reference : bool
        If True, the answer must have the reference's shape.
    """

    judge: Callable = None
    description: str = ""
    shape_of_reference: bool = True

    def __post_init__(self):
        if not callable(self.judge):
            raise ParameterError(f"judge must be callable as judge(got, expected, args), "
                                 f"got {self.judge!r}")

    @property
    def has_shape(self):
        return self.shape_of_reference

    def wrong(self, got, expected, args):
        ok, _ = self.judge(got, expected, args)
        return not ok

    def tolerance(self) -> str:
        return self.description

    def detail(self, got, expected, args) -> list[str]:
        return list(self.judge(got, expected, args)[1])


def least_squares_property(design: Callable, observations: Callable, rtol: float = 1e-6,
                           atol: float = 1e-9) -> Property:
    """A least-squares fit x of A x = b, judged by its residual and the normal equations.

    ``design(args)`` and ``observations(args)`` give A and b of a case. The answer passes when
    its residual ||A x - b|| is at most the reference's (within ``rtol``) and
    ``A^T (A x - b)`` is 0 within ``atol`` times the scale of ``A^T b``: any minimiser passes,
    whatever the parametrisation of the solution set when A is rank deficient.
    """

    def judge(got, expected, args):
        A, b = np.asarray(design(args), float), np.asarray(observations(args), float)
        if got.shape != expected.shape:
            return False, [f"x has shape {got.shape}, expected {expected.shape}"]
        residual = float(np.linalg.norm(A @ got - b))
        best = float(np.linalg.norm(A @ expected - b))
        normal = float(np.max(np.abs(A.T @ (A @ got - b))))
        scale = float(np.max(np.abs(A.T @ b))) or 1.0
        ok = residual <= best * (1.0 + rtol) + atol and normal <= atol + rtol * scale
        return ok, [f"Residual ||A x - b||: yours {residual:.6g}, smallest possible {best:.6g}.",
                    f"Normal equations, largest |A^T (A x - b)|: {normal:.3g} (must be ~0)."]

    return Property(judge, f"judged by its residual and the normal equations, rtol={rtol:g}")


def euler_angles_property(to_matrix: Callable, atol: float = 1e-9) -> Property:
    """Euler angles judged by the rotation they give: ``to_matrix(angles)`` -> 3 x 3."""

    def judge(got, expected, args):
        if got.shape != expected.shape:
            return False, [f"angles have shape {got.shape}, expected {expected.shape}"]
        angle = float(np.max(rotation_angle_between(to_matrix(expected), to_matrix(got))))
        return angle <= atol, [f"The rotations differ by {angle:.6g} rad "
                               f"({math.degrees(angle):.4g} degrees)."]

    return Property(judge, f"judged by the rotation it gives, within {atol:g} rad")

