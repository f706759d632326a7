"""Checked parameters and inputs, shared by every model of the book.

A physical parameter set is a frozen dataclass derived from :class:`Parameters`. Each field
declares its default, unit and allowed range once, with :func:`quantity`; one validator,
:func:`validate_fields`, checks every field when the object is made. A bad value raises
:class:`~robodyn.core.errors.ParameterError` naming the field, the value and what is allowed; a
value that is not a number at all raises :class:`~robodyn.core.errors.ParameterTypeError`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Wheel(Parameters):
...     radius: float = quantity(0.036, "m", above=0.0)
...     inertia: float = quantity(3.9e-5, "kg m^2", at_least=0.0)
>>> Wheel(radius=0.05).radius
0.05
>>> Wheel(radius=-0.2)
Traceback (most recent call last):
...
robodyn.core.errors.ParameterError: radius must be > 0 m, got -0.2
>>> Wheel(radius="12")
Traceback (most recent call last):
...
robodyn.core.errors.ParameterTypeError: radius must be a real number, in m; got '12' of type str

The functions below check single inputs of the package's functions the same way:
:func:`check_real` (one number, with an optional range), :func:`as_array` (a number or an
array of real numbers, with an optional shape) and :func:`broadcast` (several arrays that must
broadcast together, named in the error if they do not).

NaN rule of the package: **parameters must be finite; state and input arrays may hold NaN,
which propagates** element by element to the result (so a plot can mask samples with NaN).
Infinite or NaN parameters, tolerances and step sizes are refused.
"""

from __future__ import annotations

import dataclasses
import html
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from robodyn.core.errors import ParameterError, ParameterTypeError

__all__ = [
    "Parameters",
    "SOURCES",
    "STANDARD_GRAVITY",
    "Range",
    "as_array",
    "broadcast",
    "check_choice",
    "check_integer",
    "check_non_negative",
    "check_positive",
    "check_real",
    "field_of",
    "quantity",
    "validate_fields",
]

#: Gravitational acceleration, m/s^2: the value all four sources compute with (standard
#: gravity is 9.80665 m/s^2). Every parameter class's g defaults to it.
STANDARD_GRAVITY = 9.81

#: Key of the field metadata that :func:`quantity` writes and :func:`validate_fields` reads.
QUANTITY = "robodyn.quantity"


@dataclass(frozen=True)
class Range:
    """Allowed values of a real number: open or closed bounds on either side, or none.

    >>> print(Range(above=0.0).text("m"), "|", Range(at_least=0.0, at_most=1.0).text(""))
    > 0 m | between 0 and 1
    """

    above: float | None = None
    at_least: float | None = None
    below: float | None = None
    at_most: float | None = None

    def contains(self, value: float) -> bool:
        """True if ``value`` satisfies every bound."""
        return not (
            (self.above is not None and not value > self.above)
            or (self.at_least is not None and not value >= self.at_least)
            or (self.below is not None and not value < self.below)
            or (self.at_most is not None and not value <= self.at_most)
        )

    def text(self, unit: str) -> str:
        """The range in words, e.g. ``"> 0 m"`` or ``"between 0 and 1 rad"``."""
        suffix = f" {unit}" if unit else ""
        if self.at_least is not None and self.at_most is not None:
            return f"between {self.at_least:g} and {self.at_most:g}{suffix}"
        parts = [
            f"{sign} {bound:g}"
            for sign, bound in ((">", self.above), (">=", self.at_least), ("<", self.below),
                                ("<=", self.at_most))
            if bound is not None
        ]
        return (" and ".join(parts) + suffix) if parts else f"finite{suffix}"


#: Where a parameter's value comes from, as :func:`quantity`'s ``source`` names it.
SOURCES = {
    "measured": "measured in the source",
    "stated": "stated by the source (a design value, not a measurement)",
    "assumed": "assumed by the book (the source gives no value)",
    "fitted": "fitted by the book to a result of the source",
    "derived": "derived by the book from other values",
    "standard": "a standard physical value",
}


@dataclass(frozen=True)
class _Quantity:
    """Field metadata: the unit, the allowed range, for an array field its shape, and where
    the value comes from (a key of :data:`SOURCES`, and a note)."""

    unit: str
    range: Range
    shape: tuple[int | None, ...] | None = None
    source: str = ""
    note: str = ""


def quantity(default, unit: str, *, above=None, at_least=None, below=None, at_most=None,
             shape: tuple[int | None, ...] | None = None, source: str = "", note: str = ""):
    """A dataclass field with a default, a unit, an allowed range and an origin, checked on
    creation.

    Parameters
    ----------
    default : float or array_like or None
        Default value, in ``unit``; ``dataclasses.MISSING`` for a field without default.
        ``None`` is allowed as a default that the class's ``__post_init__`` replaces before
        validation (a derived default).
    unit : str
        Unit in plain text (``"m"``, ``"kg m^2"``, ``""`` for dimensionless).
    above, at_least, below, at_most : float, optional
        Bounds: value > above, value >= at_least, value < below, value <= at_most.
    shape : tuple of int or None, optional
        For an array field, the required shape (``None`` for any length along an axis); the
        value is stored as a read-only float array. Scalar fields leave it ``None``.
    source : str, optional
        Where the default comes from: a key of :data:`SOURCES` ("measured", "stated",
        "assumed", "fitted", "derived", "standard"), or "" if not declared.
    note : str, optional
        One line on the origin: which measurement, which assumption and why.

    Raises
    ------
    ParameterError
        If ``source`` is not a key of :data:`SOURCES` (or "").
    """
    if source and source not in SOURCES:
        raise ParameterError(f"source must be one of {', '.join(map(repr, SOURCES))} (or ''), "
                             f"got {source!r}")
    spec = _Quantity(unit, Range(above, at_least, below, at_most), shape, source, note)
    metadata = {QUANTITY: spec}
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata=metadata)
    if shape is None or default is None or np.ndim(default) == 0:
        return dataclasses.field(default=default, metadata=metadata)
    frozen = tuple(np.asarray(default, dtype=float).tolist())
    return dataclasses.field(default_factory=lambda: frozen, metadata=metadata)


def field_of(cls, name: str):
    """A new field with the default, unit, range and source of field ``name`` of the parameter
    class ``cls``: for a value two parameter classes share, declared once, in ``cls``.

    >>> @dataclass(frozen=True)
    ... class Robot(Parameters):
    ...     mass: float = quantity(3.5, "kg", above=0.0, source="assumed")
    >>> @dataclass(frozen=True)
    ... class SideView(Parameters):
    ...     mass: float = field_of(Robot, "mass")
    >>> SideView().mass, SideView().field_table()[0]["source"]
    (3.5, 'assumed')
    """
    for field in dataclasses.fields(cls):
        if field.name == name and QUANTITY in field.metadata:
            if field.default_factory is not dataclasses.MISSING:
                return dataclasses.field(default_factory=field.default_factory,
                                         metadata=field.metadata)
            return dataclasses.field(default=field.default, metadata=field.metadata)
    raise ParameterError(f"{cls.__name__} has no quantity field {name!r}")


def validate_fields(instance) -> None:
    """Check and normalise every :func:`quantity` field of a frozen dataclass instance.

    Scalars become floats, array fields read-only float arrays of the declared shape.
    """
    for field in dataclasses.fields(instance):
        spec = field.metadata.get(QUANTITY)
        if spec is None:
            continue
        value = getattr(instance, field.name)
        if spec.shape is None:
            checked = check_real(field.name, value, spec.unit, spec.range)
        else:
            checked = as_array(field.name, value, spec.unit, spec.shape, finite=True)
            outside = [x for x in checked.ravel() if not spec.range.contains(x)]
            if outside:
                raise ParameterError(
                    f"{field.name} must have every entry {spec.range.text(spec.unit)}, "
                    f"got {outside[0]:g}"
                )
            checked.setflags(write=False)
        object.__setattr__(instance, field.name, checked)


class Parameters:
    """Base class of the book's parameter dataclasses: validates its fields on creation.

    Derive with ``@dataclass(frozen=True)`` and declare each field with :func:`quantity`.
    ``dataclasses.replace(params, mass=4.0)`` makes a changed copy, checked again.
    """

    def __post_init__(self):
        validate_fields(self)

    def units(self) -> dict[str, str]:
        """Unit of every declared field, by name."""
        return {
            field.name: field.metadata[QUANTITY].unit
            for field in dataclasses.fields(self)
            if QUANTITY in field.metadata
        }

    def field_table(self) -> list[dict]:
        """One row per declared field: ``name``, ``value``, ``unit``, ``allowed``, ``source``
        and ``note``, in the order of declaration; the chapters print their parameter tables
        from it (and :meth:`_repr_html_` shows it)."""
        rows = []
        for field in dataclasses.fields(self):
            spec = field.metadata.get(QUANTITY)
            if spec is None:
                continue
            rows.append({"name": field.name, "value": getattr(self, field.name),
                         "unit": spec.unit, "allowed": spec.range.text(""),
                         "source": spec.source, "note": spec.note})
        return rows

    def by_source(self) -> dict[str, list[str]]:
        """The declared fields' names grouped by their ``source``, in the order of
        :data:`SOURCES` (undeclared ones last, under "")."""
        groups: dict[str, list[str]] = {key: [] for key in (*SOURCES, "")}
        for row in self.field_table():
            groups[row["source"]].append(row["name"])
        return {key: names for key, names in groups.items() if names}

    def as_text(self, width: int = 72) -> str:
        """The fields as plain text, grouped by where their values come from
        (:meth:`by_source`, in the order of :data:`SOURCES`): a heading per source, then per
        field its name, value and unit, and its note wrapped to ``width`` characters below it.
        Plain text fits the book's column at any width, a phone's too.

        >>> @dataclass(frozen=True)
        ... class Spring(Parameters):
        ...     rate: float = quantity(470.0, "N/m", above=0.0, source="stated",
        ...                            note="the spring of one drive unit")
        >>> print(Spring().as_text())
        stated by the source (a design value, not a measurement):
          rate = 470 N/m
              the spring of one drive unit
        """
        width = check_integer("width", width, at_least=20)
        rows = {row["name"]: row for row in self.field_table()}
        lines = []
        for source, names in self.by_source().items():
            lines.append(f"{SOURCES.get(source, 'no source declared')}:")
            for name in names:
                row = rows[name]
                lines.append(f"  {name} = {_value_text(row['value'], '.4g')} "
                             f"{row['unit']}".rstrip())
                lines += textwrap.wrap(row["note"], width, initial_indent=" " * 6,
                                       subsequent_indent=" " * 6)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        # A fixed layout at the column's width: the long notes wrap instead of widening the
        # table past the page's column (a reader would have to scroll sideways).
        widths = ("19%", "10%", "8%", "12%", "14%", "37%")
        cell = "style='padding:0.2em 0.3em; white-space:normal; overflow-wrap:break-word'"
        rows = []
        for row in self.field_table():
            texts = (f"<code>{row['name']}</code>", _value_text(row["value"], "g"),
                     row["unit"], row["allowed"], row["source"], html.escape(row["note"]))
            rows.append("<tr>" + "".join(f"<td {cell}>{text}</td>" for text in texts) + "</tr>")
        columns = "".join(f"<col style='width:{width}'>" for width in widths)
        head = "".join(f"<th {cell}>{name}</th>" for name in ("field", "value", "unit",
                                                              "allowed", "source", "note"))
        return (f"<table style='width:100%; table-layout:fixed'><caption>"
                f"{type(self).__name__}</caption><colgroup>{columns}</colgroup><thead><tr>"
                f"{head}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _value_text(value, float_format: str) -> str:
    """A field's value for a table: a float in ``float_format``, an array's entries to four
    figures, separated by commas."""
    if isinstance(value, float):
        return format(value, float_format)
    return ", ".join(f"{v:.4g}" for v in np.ravel(value))


# --------------------------------------------------------------------------- single inputs


def _in_unit(unit: str) -> str:
    return f", in {unit}" if unit else ""


def _is_real_scalar(value) -> bool:
    return not isinstance(value, bool) and isinstance(
        value, (int, float, np.integer, np.floating)
    )


def check_real(name: str, value, unit: str = "", allowed: Range | None = None) -> float:
    """Return ``value`` as a float; raise unless it is a finite real number in ``allowed``.

    >>> check_real("com_offset", float("nan"), "m")
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: com_offset must be finite, in m; got nan
    """
    if not _is_real_scalar(value):
        if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iuf":
            value = value[()]
        else:
            raise ParameterTypeError(
                f"{name} must be a real number{_in_unit(unit)}; got {value!r} "
                f"of type {type(value).__name__}"
            )
    number = float(value)
    if not math.isfinite(number):
        raise ParameterError(f"{name} must be finite{_in_unit(unit)}; got {number}")
    if allowed is not None and not allowed.contains(number):
        raise ParameterError(f"{name} must be {allowed.text(unit)}, got {number:g}")
    return number


def check_positive(name: str, value, unit: str = "") -> float:
    """Return ``value`` as a float; raise unless it is finite and > 0.

    >>> check_positive("track_width", -0.2, "m")
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: track_width must be > 0 m, got -0.2
    """
    return check_real(name, value, unit, Range(above=0.0))


def check_non_negative(name: str, value, unit: str = "") -> float:
    """Return ``value`` as a float; raise unless it is finite and >= 0."""
    return check_real(name, value, unit, Range(at_least=0.0))


def check_integer(name: str, value, at_least: int | None = None) -> int:
    """Return ``value`` as an int; raise unless it is an integer (not a bool) >= ``at_least``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ParameterTypeError(
            f"{name} must be an integer; got {value!r} of type {type(value).__name__}"
        )
    if at_least is not None and value < at_least:
        raise ParameterError(f"{name} must be an integer >= {at_least}, got {value}")
    return int(value)


def check_choice(name: str, value, allowed: Sequence[str]) -> str:
    """Return ``value``; raise unless it is one of ``allowed``.

    >>> check_choice("model", "dynamics", ("kinematic", "dynamic"))
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: model must be one of 'kinematic', 'dynamic'; got 'dynamics'
    """
    if not isinstance(value, str) or value not in allowed:
        options = ", ".join(repr(option) for option in allowed)
        raise ParameterError(f"{name} must be one of {options}; got {value!r}")
    return value


def _shape_text(shape) -> str:
    inner = ", ".join("N" if n is None else str(n) for n in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def as_array(name: str, value, unit: str = "", shape: Sequence[int | None] | None = None,
             *, finite: bool = False) -> np.ndarray:
    """Return ``value`` as a float array; raise on non-numbers, a wrong shape or (optionally) NaN.

    Parameters
    ----------
    name : str
        Name of the input, for the message.
    value : float or array_like
        A real number or a (nested) sequence or array of real numbers.
    unit : str, optional
        Unit of the entries, for the message.
    shape : sequence of int or None, optional
        Required shape; ``None`` entries accept any length. ``None`` accepts any shape.
    finite : bool, optional
        Refuse NaN and inf (parameters); by default they pass through (states).

    >>> as_array("pose", [0.0, 1.0], "m, m, rad", (3,))
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: pose must have shape (3,), got shape (2,)
    >>> as_array("v", None, "m/s")
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterTypeError: v must be a real number or an array of real numbers,
    in m/s; got None
    """
    try:
        raw = np.asarray(value)
    except ValueError as error:  # ragged nested lists
        raise ParameterError(
            f"{name} must be a rectangular array of real numbers{_in_unit(unit)}; got {value!r}"
        ) from error
    if raw.dtype.kind not in "iuf":
        raise ParameterTypeError(
            f"{name} must be a real number or an array of real numbers{_in_unit(unit)}; "
            f"got {_short_repr(value)}"
        )
    array = raw.astype(float)
    if shape is not None and (
        array.ndim != len(shape)
        or any(n is not None and n != size for n, size in zip(shape, array.shape, strict=False))
    ):
        raise ParameterError(
            f"{name} must have shape {_shape_text(shape)}, got shape {array.shape}"
        )
    if finite and not np.all(np.isfinite(array)):
        raise ParameterError(
            f"{name} must contain only finite numbers{_in_unit(unit)}; got {_short_repr(array)}"
        )
    return array


def scalar_or_array(array):
    """A 0-d result as a Python float, any other as the array itself: what a function that
    takes a number or an array returns."""
    return array.item() if np.ndim(array) == 0 else array


def broadcast(*named) -> list[np.ndarray]:
    """Broadcast (name, array) pairs against each other; name both shapes when they do not fit.

    >>> broadcast(("v", np.zeros(3)), ("omega", np.zeros(4)))
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: v and omega must have shapes that broadcast together;
    got v shape (3,) and omega shape (4,)
    """
    arrays = [np.asarray(value) for _, value in named]
    try:
        return list(np.broadcast_arrays(*arrays))
    except ValueError as error:
        names = [name for name, _ in named]
        shapes = " and ".join(f"{n} shape {a.shape}" for n, a in zip(names, arrays, strict=True))
        joined = ", ".join(names[:-1]) + " and " + names[-1]
        raise ParameterError(
            f"{joined} must have shapes that broadcast together; got {shapes}"
        ) from error


def _short_repr(value, length: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= length else text[: length - 3] + "..."
