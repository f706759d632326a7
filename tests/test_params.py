"""Tests of robodyn.core.params: declared fields, the one validator, and the checks of single
inputs."""

import dataclasses
from dataclasses import dataclass

import numpy as np
import pytest

from robodyn.core.errors import ParameterError, ParameterTypeError
from robodyn.core.params import (
    Parameters,
    Range,
    as_array,
    broadcast,
    check_choice,
    check_integer,
    check_real,
    quantity,
)


@dataclass(frozen=True, eq=False)
class Toy(Parameters):
    """A parameter class with one field of each kind of range, and an array field."""

    length: float = quantity(1.0, "m", above=0.0)
    inertia: float = quantity(0.0, "kg m^2", at_least=0.0)
    offset: float = quantity(0.0, "m")
    ratio: float = quantity(0.5, "", at_least=0.0, at_most=1.0)
    angle: float = quantity(0.1, "rad", above=-np.pi, at_most=np.pi)
    lengths: np.ndarray = quantity((0.3, 0.2), "m", above=0.0, shape=(2,), source="measured",
                                   note="two links & a <tape>")


def test_defaults_are_checked_and_normalised():
    """Defaults pass; scalars become floats, array fields read-only float arrays."""
    toy = Toy(length=2)
    assert isinstance(toy.length, float) and toy.length == 2.0
    assert toy.lengths.dtype == float and toy.lengths.shape == (2,)
    with pytest.raises(ValueError):
        toy.lengths[0] = 5.0
    assert Toy().units() == {"length": "m", "inertia": "kg m^2", "offset": "m", "ratio": "",
                             "angle": "rad", "lengths": "m"}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"length": 0.0}, "length must be > 0 m, got 0"),
        ({"length": -0.2}, "length must be > 0 m, got -0.2"),
        ({"inertia": -1e-6}, "inertia must be >= 0 kg m^2, got -1e-06"),
        ({"ratio": 1.5}, "ratio must be between 0 and 1, got 1.5"),
        ({"angle": -4.0}, "angle must be > -3.14159 and <= 3.14159 rad, got -4"),
        ({"offset": np.nan}, "offset must be finite, in m; got nan"),
        ({"offset": np.inf}, "offset must be finite, in m; got inf"),
        ({"lengths": (0.3, -0.1)}, "lengths must have every entry > 0 m, got -0.1"),
        ({"lengths": (0.3, 0.2, 0.1)}, r"lengths must have shape (2,), got shape (3,)"),
        ({"lengths": (0.3, np.nan)}, "lengths must contain only finite numbers, in m"),
    ],
)
def test_bad_values_name_field_value_and_range(changes, message):
    """Every declared field is checked with a message naming field, value and allowed range."""
    with pytest.raises(ParameterError) as info:
        Toy(**changes)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize("value", ["1.0", None, True, 1j, [1.0]])
def test_non_numbers_are_type_errors(value):
    """A string, None, a bool, a complex number or a list for a scalar field is a TypeError."""
    with pytest.raises(TypeError, match="length must be a real number, in m; got") as info:
        Toy(length=value)
    assert isinstance(info.value, ParameterTypeError) and isinstance(info.value, ValueError)


def test_replace_checks_again_and_frozen_forbids_assignment():
    """dataclasses.replace goes through the validator; fields cannot be assigned."""
    with pytest.raises(ParameterError, match="length must be > 0"):
        dataclasses.replace(Toy(), length=-1.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Toy().length = 3.0


def test_html_table_lists_every_field_with_unit_and_range():
    """The notebook view of a parameter set is a table of value, unit and allowed range."""
    table = Toy()._repr_html_()
    for text in ("<code>length</code>", "kg m^2", "between 0 and 1", "> 0", "measured",
                 "two links &amp; a &lt;tape&gt;"):
        assert text in table
    # a fixed layout at the column's width, the notes wrapping (the reader's-view test
    # measures that no page scrolls sideways)
    assert "width:100%; table-layout:fixed" in table and table.count("<col ") == 6


def test_each_field_says_where_its_value_comes_from():
    """field_table gives every field's value, unit, range and origin; by_source groups them."""
    rows = {row["name"]: row for row in Toy().field_table()}
    assert list(rows) == ["length", "inertia", "offset", "ratio", "angle", "lengths"]
    assert rows["lengths"]["source"] == "measured" and rows["length"]["source"] == ""
    assert rows["ratio"]["allowed"] == "between 0 and 1" and rows["inertia"]["unit"] == "kg m^2"
    assert Toy().by_source() == {"measured": ["lengths"],
                                 "": ["length", "inertia", "offset", "ratio", "angle"]}


def test_an_unknown_source_is_refused_with_the_allowed_ones():
    with pytest.raises(ParameterError, match="source must be one of 'measured', 'stated'.*"
                                             "got 'thesis'"):
        quantity(1.0, "m", source="thesis")


def _parameter_classes():
    """Every parameter class of the package's modules."""
    import importlib
    import pkgutil

    import robodyn

    found = {}
    for module in pkgutil.walk_packages(robodyn.__path__, "robodyn."):
        if module.name.endswith(".mujoco") or module.name.startswith(
                ("robodyn.checks", "robodyn.grading", "robodyn.figures", "robodyn.plotting")):
            continue
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if (isinstance(value, type) and issubclass(value, Parameters)
                    and value is not Parameters and value.__module__ == loaded.__name__):
                found[f"{loaded.__name__}.{value.__name__}"] = value
    assert "robodyn.diffdrive.params.DiffDriveParams" in found, sorted(found)
    return found


@pytest.mark.parametrize("name", sorted(_parameter_classes()))
def test_every_parameter_of_the_book_declares_its_source(name):
    """Each physical value of the book is a field that says where it comes from."""
    cls = _parameter_classes()[name]
    missing = [row["name"] for row in cls().field_table() if not row["source"]]
    assert not missing, f"{name}: these fields declare no source=: {', '.join(missing)}"


@pytest.mark.parametrize(
    ("allowed", "inside", "outside", "text"),
    [
        (Range(above=0.0), [1e-300, 5.0], [0.0, -1.0], "> 0 m"),
        (Range(at_least=0.0), [0.0, 2.0], [-1e-300], ">= 0 m"),
        (Range(below=1.0), [0.99], [1.0], "< 1 m"),
        (Range(at_least=-1.0, at_most=1.0), [-1.0, 1.0], [1.0001], "between -1 and 1 m"),
        (Range(), [-1e9, 1e9], [], "finite m"),
    ],
)
def test_ranges_contain_what_they_say(allowed, inside, outside, text):
    """Open and closed bounds behave as their text says."""
    assert all(allowed.contains(v) for v in inside)
    assert not any(allowed.contains(v) for v in outside)
    assert allowed.text("m") == text


def test_check_real_accepts_numpy_scalars_and_0d_arrays():
    """np.float64, np.int64 and a 0-d array are numbers; the result is a Python float."""
    for value in (np.float64(2.5), np.int64(2), np.array(2.5)):
        assert isinstance(check_real("x", value), float)


def test_check_integer_and_choice():
    """Integers: not bools or floats; choices: one of the list, quoted in the message."""
    assert check_integer("n", np.int32(3), at_least=1) == 3
    with pytest.raises(TypeError, match="n must be an integer; got 2.0 of type float"):
        check_integer("n", 2.0)
    with pytest.raises(ParameterError, match="n must be an integer >= 1, got 0"):
        check_integer("n", 0, at_least=1)
    with pytest.raises(ParameterError, match="mode must be one of 'a', 'b'; got 'c'"):
        check_choice("mode", "c", ("a", "b"))
    with pytest.raises(ParameterError, match="mode must be one of"):
        check_choice("mode", ["a"], ("a", "b"))


def test_as_array_types_shapes_and_nan():
    """Strings and None are TypeErrors, ragged lists ParameterErrors; NaN passes unless finite."""
    with pytest.raises(TypeError, match="pose must be a real number or an array"):
        as_array("pose", ["1", "2", "3"])
    with pytest.raises(ParameterError, match="pose must be a rectangular array"):
        as_array("pose", [[1.0, 2.0], [3.0]])
    with pytest.raises(ParameterError, match=r"pose must have shape \(3, N\), got shape \(3,\)"):
        as_array("pose", [0.0, 0.0, 0.0], shape=(3, None))
    assert np.isnan(as_array("v", [np.nan, 1.0])[0])
    with pytest.raises(ParameterError, match="v must contain only finite numbers, in m/s"):
        as_array("v", [np.nan, 1.0], "m/s", finite=True)


def test_broadcast_names_three_inputs():
    """With three inputs the message names all three and their shapes."""
    with pytest.raises(ParameterError) as info:
        broadcast(("x", np.zeros(2)), ("y", np.zeros(2)), ("dt", np.zeros(3)))
    assert str(info.value) == (
        "x, y and dt must have shapes that broadcast together; got x shape (2,) and "
        "y shape (2,) and dt shape (3,)"
    )


def test_the_text_table_lists_every_field_under_its_source_within_the_width():
    """Each field once, under its source's heading, its note wrapped to the width asked; the
    book's largest class (VacuumParams) at 60 characters."""
    from robodyn.core.params import SOURCES
    from robodyn.vacuum import VacuumParams

    params = VacuumParams()
    lines = params.as_text(width=60).splitlines()
    assert max(len(line) for line in lines) <= 60
    fields = [line.split(" = ")[0].strip() for line in lines
              if line.startswith("  ") and not line.startswith("   ")]
    assert sorted(fields) == sorted(row["name"] for row in params.field_table())
    heading = lines.index(SOURCES["fitted"] + ":")
    assert lines[heading + 1] == "  mu_k = 1.06"
    assert "  lengths = 0.3, 0.2 m" in Toy().as_text() and "no source declared:" in Toy().as_text()
    with pytest.raises(ParameterError, match="width"):
        params.as_text(width=5)
