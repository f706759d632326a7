"""Write the files of a new chapter, each with a small working example to replace.

``make new-chapter NAME=<subject> TITLE="<title>"`` (or ``python -m booktools.newchapter
<subject> "<title>"``) adds chapter NN, the next free number, as CONTRIBUTING.md describes it:

- ``robodyn/<subject>.py``, the physics: a parameter class and a simulation;
- ``robodyn/figures/<subject>.py``, its widget (a view with ``setup`` and ``update``) and
  ``WIDGETS``;
- ``robodyn/checks/<subject>.py``, one exercise with its cases and two typical mistakes;
- ``tests/test_<subject>.py``, the model against its closed form, and its errors;
- ``chapters/NN_<subject>.ipynb`` and ``solutions/NN_<subject>.ipynb``, the chapter and its
  exercises with solutions; then the install cell of both and ``exercises/NN_<subject>.ipynb``
  are generated, as ``make exercises`` does;
- the chapter, its exercises and its solutions in ``_toc.yml`` and ``_toc_instructor.yml``.

The example is a mass on a spring, so that every file shows its part working from the first
``make test``: the model is checked against the closed form, the exercise's check accepts the
answer and names both mistakes, the widget's sliders are toured. Replace it by the chapter's
subject, file by file. Everything else (the widget tours, the exercise registry, the book
build, the notebook tests, the student release, ``make benchmarks``) finds the chapter by
itself. Nothing is overwritten: a subject or a file that exists already stops the command
before it writes anything.
"""

from __future__ import annotations

import argparse
import keyword
import re
import sys
from pathlib import Path
from string import Template

import nbformat

from booktools import exercisegen, installcell
from robodyn.core.errors import ParameterError

ROOT = Path(__file__).resolve().parents[2]

#: The tables of contents and the folders of the chapter's notebooks in them: the chapter, then
#: its sections.
TOC_PARTS = {
    "_toc.yml": ("chapters", "exercises"),
    "_toc_instructor.yml": ("chapters", "exercises", "solutions"),
}

MODULE = Template('''\
"""$title: the physics of chapter $number.

Written by ``make new-chapter`` with a working example, a mass m on a spring of
stiffness k, ``m x'' = -k x``, whose closed form is ``x(t) = x0 cos(omega t)`` with
``omega = sqrt(k / m)``. Replace it by the chapter's model: its parameters, its equations,
their source.

>>> print(natural_frequency(2.0, 50.0))
5.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core import integrate
from robodyn.core.errors import ParameterError
from robodyn.core.params import Parameters, as_array, check_positive, quantity

__all__ = ["${Subject}Params", "natural_frequency", "simulate"]


@dataclass(frozen=True)
class ${Subject}Params(Parameters):
    """The example's mass and spring."""

    mass: float = quantity(2.0, "kg", above=0.0, source="assumed",
                           note="an example value, to be replaced")
    stiffness: float = quantity(50.0, "N/m", above=0.0, source="assumed",
                                note="an example value, to be replaced")


def natural_frequency(mass, stiffness):
    """omega = sqrt(k / m), rad/s, of a mass m (kg, > 0) on a spring k (N/m, > 0); arrays
    broadcast."""
    mass = as_array("mass", mass, "kg")
    stiffness = as_array("stiffness", stiffness, "N/m")
    if np.any(mass <= 0) or np.any(stiffness <= 0):
        raise ParameterError(f"mass and stiffness must be > 0 (kg, N/m), got mass = "
                             f"{np.ravel(mass).min():g} and stiffness = "
                             f"{np.ravel(stiffness).min():g}")
    return np.sqrt(stiffness / mass)


def _rhs(t, state, params):
    x, v = state
    return np.array([v, -params.stiffness / params.mass * x])


def simulate(params: ${Subject}Params, x0: float, t_end: float, *, rtol: float = 1e-9,
             atol: float = 1e-12) -> integrate.SimulationResult:
    """The mass released at rest from x0 (m), up to t_end (s, > 0): columns x (m), v (m/s).

    Integrated by :func:`robodyn.core.integrate.solve` (DOP853) with the tolerances given.
    """
    check_positive("t_end", t_end, "s")
    period = 2 * math.pi / float(natural_frequency(params.mass, params.stiffness))
    return integrate.solve(_rhs, (0.0, t_end), [x0, 0.0], (params,), state_names=("x", "v"),
                           method="DOP853", rtol=rtol, atol=atol, max_step=period / 20)
''')

FIGURES = Template('''\
"""Figures of chapter $number ($title): the example's widget.

:class:`OscillationView` draws x(t) of the mass on its spring for the stiffness and mass the
sliders set. Replace it by the chapter's views.
"""

from __future__ import annotations

import ipywidgets as widgets

from robodyn import $subject
from robodyn.plotting import interactive_figure


class OscillationView:
    """Widget view: the position of the mass over two seconds. Controls ``mass`` (kg) and
    ``stiffness`` (N/m)."""

    def setup(self, fig):
        """The axes and an empty line."""
        self.ax = fig.subplots()
        fig.subplots_adjust(left=0.14, right=0.97, bottom=0.16, top=0.92)
        self.ax.set(xlim=(0.0, 2.0), ylim=(-0.12, 0.12), xlabel="time [s]",
                    ylabel="position [m]")
        (self.line,) = self.ax.plot([], [], color="tab:blue", lw=2)

    def update(self, mass, stiffness):
        """Simulate and draw one run; return the changed artist."""
        params = $subject.${Subject}Params(mass=mass, stiffness=stiffness)
        run = $subject.simulate(params, x0=0.1, t_end=2.0)
        self.line.set_data(run.t, run.x)
        return [self.line]


def oscillation_explorer():
    """The chapter's widget: mass and stiffness over an :class:`OscillationView`."""
    defaults = $subject.${Subject}Params()
    controls = {
        "mass": widgets.FloatSlider(value=defaults.mass, min=0.5, max=5.0, step=0.1,
                                    description="mass [kg]"),
        "stiffness": widgets.FloatSlider(value=defaults.stiffness, min=5.0, max=200.0,
                                         step=5.0, description="k [N/m]"),
    }
    return interactive_figure(OscillationView(), controls, figsize=(7.0, 3.2),
                              alt="Position of a mass on a spring over two seconds")


#: The widgets of the chapter; each can be made with its defaults.
WIDGETS = (oscillation_explorer,)
''')

CHECKS = Template('''\
"""The exercises of chapter $number ($title): inputs, references, typical mistakes.

``EXERCISES`` is what :mod:`robodyn.grading` finds for the ids ``"$subject.*"``. The example
exercise asks for the natural frequency of a mass on a spring; replace it by the chapter's.
"""

from __future__ import annotations

import numpy as np

from robodyn import $subject
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform


def _natural_frequency_reference(mass, stiffness):
    return $subject.natural_frequency(mass, stiffness)


def _natural_frequency_cases(rng: np.random.Generator) -> list[Case]:
    cases = [Case((2.0, 50.0), "fixed", "the chapter's example, omega = 5 rad/s"),
             Case((1.0, 1.0), "fixed")]
    for _ in range(6):
        cases.append(Case((rounded_uniform(rng, 0.2, 10.0), rounded_uniform(rng, 1.0, 500.0)),
                          "seeded random"))
    cases.append(Case((rounded_uniform(rng, 0.2, 10.0, 7), 80.0), "arrays"))
    return cases


def _in_hertz(mass, stiffness):
    return np.sqrt(stiffness / mass) / (2 * np.pi)


def _without_root(mass, stiffness):
    return stiffness / mass


EXERCISES = (
    Exercise(
        exercise_id="$subject.natural_frequency",
        description="The natural frequency of a mass on a spring.",
        function_name="natural_frequency",
        arguments=("mass", "stiffness"),
        outputs=(Output("omega", Close(rtol=1e-9, atol=1e-12)),),
        reference=_natural_frequency_reference,
        package_references=("robodyn.$subject.natural_frequency",),
        make_cases=_natural_frequency_cases,
        mistakes=(
            Mistake("the frequency is in hertz, not in rad/s (divided by 2 pi)",
                    "omega = sqrt(k / m) is an angular frequency, in rad/s.", _in_hertz),
            Mistake("the square root is missing (k / m is omega squared)",
                    "m x'' = -k x gives x'' = -omega^2 x, so omega = sqrt(k / m).",
                    _without_root),
        ),
    ),
)
''')

TESTS = Template('''\
"""Tests of robodyn.$subject (chapter $number): the model against its closed form, and its
errors. Replace them with the chapter model's checks."""

import numpy as np
import pytest

from robodyn import $subject
from robodyn.core.errors import ParameterError


def test_the_oscillation_follows_the_closed_form():
    """x(t) = x0 cos(omega t), omega = sqrt(k / m)."""
    params = $subject.${Subject}Params()
    run = $subject.simulate(params, x0=0.1, t_end=3.0)
    omega = $subject.natural_frequency(params.mass, params.stiffness)
    np.testing.assert_allclose(run.x, 0.1 * np.cos(omega * run.t), atol=1e-8)


def test_the_energy_is_conserved():
    """Kinetic plus spring energy stays at its start value, k x0^2 / 2."""
    params = $subject.${Subject}Params(mass=0.7, stiffness=120.0)
    run = $subject.simulate(params, x0=0.05, t_end=2.0)
    energy = 0.5 * params.mass * run.v**2 + 0.5 * params.stiffness * run.x**2
    np.testing.assert_allclose(energy, 0.5 * 120.0 * 0.05**2, rtol=1e-7)


@pytest.mark.parametrize("field", ["mass", "stiffness"])
def test_a_non_positive_parameter_is_refused_by_name(field):
    with pytest.raises(ParameterError, match=f"{field} must be > 0"):
        $subject.${Subject}Params(**{field: -1.0})
''')


def _markdown(text: str):
    return nbformat.v4.new_markdown_cell(text)


def _code(text: str):
    return nbformat.v4.new_code_cell(text)


def chapter_notebook(subject: str, number: str, title: str) -> nbformat.NotebookNode:
    """The chapter's notebook: its question, the model, a check, the widget, a summary."""
    cells = [
        _markdown(f"# {title}\n\nWhat the reader will be able to do at the end "
                  "of this chapter, and the question from its source that motivates it.\n\n"
                  "This page was written by `make new-chapter` around an example, a mass on a "
                  "spring; each part shows what a chapter has (CONTRIBUTING.md)."),
        _code(f"import numpy as np\n\nfrom robodyn import {subject}\n"
              f"from robodyn.figures import {subject} as figures\n\n"
              f"params = {subject}.{_class_name(subject)}Params()\nparams"),
        _markdown("## The model\n\nA mass $m$ on a spring of stiffness $k$ obeys\n\n"
                  "$$\nm\\ddot x = -k x, \\qquad x(t) = x_0 \\cos \\omega t, \\qquad "
                  "\\omega = \\sqrt{k/m}.\n$$\n\nThe simulation below is checked against "
                  "this closed form."),
        _code(f"run = {subject}.simulate(params, x0=0.1, t_end=3.0)\n"
              f"omega = {subject}.natural_frequency(params.mass, params.stiffness)\n"
              "error = np.max(np.abs(run.x - 0.1 * np.cos(omega * run.t)))\n"
              "print(f\"largest difference from the closed form: {error:.1e} m\")"),
        _markdown("## Explore\n\nMove the sliders: a stiffer spring or a lighter mass "
                  "oscillates faster."),
        _code("figures.oscillation_explorer()"),
        _markdown("## Summary\n\n- What the chapter showed, one line each.\n\n**Exercises.** "
                  f"Work through the [exercises of this chapter](../exercises/{number}_"
                  f"{subject}.ipynb)."),
    ]
    return _notebook(cells)


def solutions_notebook(subject: str, number: str, title: str) -> nbformat.NotebookNode:
    """The exercises with their solutions, the single source of the exercise notebook."""
    n = int(number)
    cells = [
        _markdown(f"# Exercises: {title} — with solutions\n\nThese exercises go with "
                  f"[chapter {n}](../chapters/{number}_{subject}.ipynb). Write each function "
                  "in place of `raise NotImplementedError(...)`, run its cell, then run the "
                  "check cell below it."),
        _code("import numpy as np\n\nfrom robodyn import grading\n\n"
              "grading.explain_missing_answers()  # a check says why an answer is missing"),
        _markdown(f"## Exercise {n}.1: the natural frequency\n\nWrite "
                  "`natural_frequency(mass, stiffness)` that returns $\\omega = \\sqrt{k/m}$ "
                  "in rad/s, for numbers and for NumPy arrays."),
        _code("def natural_frequency(mass, stiffness):\n    ### BEGIN SOLUTION\n"
              "    return np.sqrt(stiffness / mass)\n    ### END SOLUTION"),
        _code(f'grading.check("{subject}.natural_frequency", natural_frequency)'),
    ]
    notebook = _notebook(cells)
    # every exercise's points, by difficulty (booktools.exercisegen): replace the example's
    notebook.metadata["robodyn"] = {
        "points": {f"{subject}.natural_frequency": 1},
        "points_rationale": "1 point for a formula of one line (the natural frequency)."}
    return notebook


def _notebook(cells) -> nbformat.NotebookNode:
    for i, cell in enumerate(cells):
        cell["id"] = f"c{i:03d}"
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"},
                         "language_info": {"name": "python"}}
    return notebook


def _class_name(subject: str) -> str:
    return "".join(part.capitalize() for part in subject.split("_"))


def check_subject(subject: str, root: Path) -> str:
    """``subject`` if it is a new module name of the package, else a ParameterError saying
    what is allowed."""
    if not (isinstance(subject, str) and re.fullmatch(r"[a-z][a-z0-9_]*", subject)
            and not keyword.iskeyword(subject)):
        raise ParameterError(f"NAME must be a lower-case Python module name (letters, digits, "
                             f"underscores, starting with a letter), got {subject!r}")
    if (root / "robodyn" / f"{subject}.py").exists():
        raise ParameterError(f"NAME {subject!r} is taken: robodyn/{subject}.py exists")
    return subject


def next_number(root: Path) -> str:
    """The next free chapter number, two digits."""
    numbers = [int(path.name[:2]) for path in (root / "chapters").glob("[0-9][0-9]_*.ipynb")]
    return f"{max(numbers, default=0) + 1:02d}"


def add_to_toc(text: str, parts: tuple[str, ...], stem: str) -> str:
    """``text`` of a table of contents with the chapter ``<parts[0]>/<stem>`` added after the
    last chapter, the other parts' ``<part>/<stem>`` as its sections; comments and layout kept.

    >>> print(add_to_toc("    chapters:\\n      - file: chapters/01_a\\n"
    ...                  "        sections:\\n          - file: exercises/01_a\\n"
    ...                  "  - caption: About\\n", ("chapters", "exercises"), "02_b"), end="")
        chapters:
          - file: chapters/01_a
            sections:
              - file: exercises/01_a
          - file: chapters/02_b
            sections:
              - file: exercises/02_b
      - caption: About
    """
    lines = text.splitlines(keepends=True)
    chapter, *sections = parts
    entry = re.compile(rf"^(\s*)- file: {chapter}/\S+\s*$")
    last = max((i for i, line in enumerate(lines) if entry.match(line)), default=None)
    if last is None:
        raise ParameterError(f"the table of contents has no entry under {chapter}/ to add "
                             f"{chapter}/{stem} after")
    indent = entry.match(lines[last]).group(1)
    end = last + 1
    while end < len(lines) and (len(lines[end]) - len(lines[end].lstrip())) > len(indent):
        end += 1  # the last chapter's own sections
    block = [f"{indent}- file: {chapter}/{stem}\n"]
    if sections:
        block.append(f"{indent}  sections:\n")
        block += [f"{indent}    - file: {part}/{stem}\n" for part in sections]
    lines[end:end] = block
    return "".join(lines)


def new_chapter(subject: str, title: str, root: Path = ROOT) -> list[Path]:
    """Write every file of the new chapter under ``root``; return them, in order."""
    root = Path(root)
    subject = check_subject(subject, root)
    if not title.strip():
        raise ParameterError("TITLE must be the chapter's title, got an empty one")
    number = next_number(root)
    stem = f"{number}_{subject}"
    values = {"subject": subject, "Subject": _class_name(subject), "number": str(int(number)),
              "title": title}
    texts = {
        root / "robodyn" / f"{subject}.py": MODULE.substitute(values),
        root / "robodyn" / "figures" / f"{subject}.py": FIGURES.substitute(values),
        root / "robodyn" / "checks" / f"{subject}.py": CHECKS.substitute(values),
        root / "tests" / f"test_{subject}.py": TESTS.substitute(values),
    }
    notebooks = {
        root / "chapters" / f"{stem}.ipynb": chapter_notebook(subject, number, title),
        root / "solutions" / f"{stem}.ipynb": solutions_notebook(subject, number, title),
    }
    taken = [path for path in (*texts, *notebooks) if path.exists()]
    if taken:
        raise ParameterError(f"NAME {subject!r}: these files exist already: "
                             f"{', '.join(str(p.relative_to(root)) for p in taken)}")
    repository = installcell.read_repository(root / "_config.yml")
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    for path, notebook in notebooks.items():
        nbformat.write(nbformat.from_dict(installcell.with_install_cell(notebook, repository)),
                       path)
    exercise = exercisegen.write_exercise(root / "solutions" / f"{stem}.ipynb",
                                          root / "exercises")
    for name, parts in TOC_PARTS.items():
        toc = root / name
        toc.write_text(add_to_toc(toc.read_text(encoding="utf-8"), parts, stem),
                       encoding="utf-8")
    return [*texts, *notebooks, exercise, *(root / name for name in TOC_PARTS)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("subject", help="the chapter's module name, e.g. quadrotor")
    parser.add_argument("title", help="the chapter's title")
    args = parser.parse_args(argv)
    try:
        written = new_chapter(args.subject, args.title)
    except ParameterError as error:
        print(f"make new-chapter: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    print("Next: replace the example in each file (CONTRIBUTING.md), then make test.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
