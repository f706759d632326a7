"""Write the files of a new chapter, each with a small working example to replace.

``make new-chapter NAME=<subject> TITLE="<title>"`` (or ``python -m booktools.newchapter
<subject> "<title>"``) adds chapter NN, the next free number, as CONTRIBUTING.md describes it:

- ``robodyn/<subject>/model.py``, the physics: a parameter class, four functions and a
  simulation; ``robodyn/<subject>/__init__.py``, the chapter's public face, which re-exports
  them and lists them in ``__all__``; and ``<subject>`` appended to ``SUBJECTS`` in
  ``robodyn/__init__.py`` (the chapters' order, which ``tests/test_layers.py`` holds);
- ``robodyn/figures/<subject>.py``, its widget (a view with ``setup`` and ``update``), an
  animation and ``WIDGETS``;
- ``robodyn/checks/<subject>.py``, four exercises, each with its cases and two typical
  mistakes;
- ``tests/test_<subject>.py``, the model against its closed forms, and its errors;
- ``tests/slips/<subject>.py`` and ``tests/slips/second/<subject>.py``, placeholders of the
  two slip sets that cover every exercise (``PLACEHOLDER`` says why they are empty:
  ``tests/test_slips_named.py`` reports them as skipped, with that reason, until someone who
  has not read the checks writes the slips);
- the chapter as a folder (:mod:`booktools.chapters`), ``chapters/NN_<subject>/``: the
  opening page ``index.ipynb`` (the system drawn as its equations name it, the question,
  what the reader will be able to do, a map of the lessons), two lessons
  (``01_model.ipynb``, ``02_euler.ipynb``), each with a figure on its first screen and a
  closing "How we know" section, and ``summary.md``;
- ``solutions/NN_<subject>.ipynb``, the exercises with solutions, whose metadata
  ``robodyn.points`` gives each exercise its points; then the install cell of every notebook
  and ``exercises/NN_<subject>.ipynb`` are generated, as ``make exercises`` does;
- the chapter in ``_toc.yml`` and ``_toc_instructor.yml``: its opening page, and as its
  sections the lessons, the summary, the exercises (and, for instructors, the solutions).

The example is a mass on a spring, so that every file shows its part working from the first
``make test``: the model is checked against the closed form, each exercise's check accepts
the answer and names both mistakes, the widget's sliders are toured, the figures keep to the
phone's limits (5.25 inches, 10 points). Replace it by the chapter's subject, file by file.
Everything else (the widget tours, the exercise registry, the book build, the notebook tests,
the student release, ``make benchmarks``) finds the chapter by itself. Nothing is
overwritten: a subject or a file that exists already stops the command before it writes
anything. The new files must be known to git (``git add``) before ``make test``: the student
release, and the tests that make one, copy only the files git tracks.
"""

from __future__ import annotations

import argparse
import ast
import keyword
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path
from string import Template

import nbformat

from booktools import chapters, exercisegen, installcell
from robodyn.core.errors import ParameterError

ROOT = Path(__file__).resolve().parents[2]

#: The tables of contents, and whether each is the instructors' (which lists the solutions
#: after the exercises).
TOCS = {"_toc.yml": False, "_toc_instructor.yml": True}

#: Longest NAME: the notebooks' code lines that name the subject stay within 76 characters.
MAX_NAME = 24
#: The parts of robodyn that are no subject (tests/test_layers.py): not a chapter's NAME.
PARTS = ("core", "laws", "sources", "plotting", "figures", "grading", "checks")

#: The example exercises and their points (``metadata.robodyn.points`` of the solutions
#: notebook, where ``make exercises`` and the grader read them): at least four, not all alike.
POINTS = {"natural_frequency": 1, "energy": 1, "position": 2, "euler_step": 3}
POINTS_RATIONALE = ("1 point each for a formula of one line (the natural frequency, the "
                    "energy); 2 for the motion in closed form, which needs the frequency and "
                    "both initial values; 3 for a step of explicit Euler, two updates that "
                    "must both start from the old state. (The example's weights: replace "
                    "them with the chapter's.)")

MODEL = Template('''\
"""$title: the model of chapter $number.

Written by ``make new-chapter`` around a working example, a mass m on a spring of stiffness
k, without damping or gravity::

    m x'' = -k x,    x(t) = x0 cos(omega t) + (v0 / omega) sin(omega t),
    omega = sqrt(k / m),    E = m v^2 / 2 + k x^2 / 2 (constant).

Replace it by the chapter's model: its parameter class, its equations as functions (the
equation, the units and the source in each docstring, doctests that run), its simulation.
List the public names in ``robodyn/$subject/__init__.py``; split the package into modules
of at most 800 lines, one per section of the chapter.

>>> print(natural_frequency(2.0, 50.0))
5.0
>>> print(energy(2.0, 50.0, 0.5, 0.0))
6.25
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from robodyn.core import integrate
from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    Parameters,
    as_array,
    check_integer,
    check_positive,
    check_real,
    quantity,
    scalar_or_array,
)

__all__ = ["${Subject}Params", "energy", "euler_step", "natural_frequency", "position",
           "simulate"]


@dataclass(frozen=True)
class ${Subject}Params(Parameters):
    """The example's mass and spring."""

    mass: float = quantity(2.0, "kg", above=0.0, source="assumed",
                           note="an example value, to be replaced")
    stiffness: float = quantity(50.0, "N/m", above=0.0, source="assumed",
                                note="an example value, to be replaced")


def _positive(name: str, value, unit: str) -> np.ndarray:
    array = as_array(name, value, unit)
    if np.any(~(array > 0)):
        raise ParameterError(f"{name} must be > 0 {unit}, got {np.ravel(array).min():g}")
    return array


def natural_frequency(mass, stiffness):
    """omega = sqrt(k / m), rad/s, of a mass m (kg, > 0) on a spring of stiffness k (N/m,
    > 0); arrays broadcast."""
    mass = _positive("mass", mass, "kg")
    stiffness = _positive("stiffness", stiffness, "N/m")
    return scalar_or_array(np.sqrt(stiffness / mass))


def position(x0, v0, omega, t):
    """x(t) = x0 cos(omega t) + (v0 / omega) sin(omega t), m: the mass released at x0 (m)
    with the speed v0 (m/s), oscillating at omega (rad/s, > 0); t (s) may be an array."""
    omega = _positive("omega", omega, "rad/s")
    phase = omega * as_array("t", t, "s")
    return scalar_or_array(as_array("x0", x0, "m") * np.cos(phase)
                           + as_array("v0", v0, "m/s") / omega * np.sin(phase))


def energy(mass, stiffness, x, v):
    """E = m v^2 / 2 + k x^2 / 2, J: kinetic plus spring energy at the position x (m) and
    the velocity v (m/s); arrays broadcast."""
    mass = _positive("mass", mass, "kg")
    stiffness = _positive("stiffness", stiffness, "N/m")
    x, v = as_array("x", x, "m"), as_array("v", v, "m/s")
    return scalar_or_array(0.5 * mass * v**2 + 0.5 * stiffness * x**2)


def euler_step(x, v, mass, stiffness, dt):
    """One step of explicit Euler, dt (s) long, from the position x (m) and the velocity v
    (m/s): (x + dt v, v - dt k x / m). Both updates use the old state; each step multiplies
    the energy by 1 + (omega dt)^2."""
    mass = _positive("mass", mass, "kg")
    stiffness = _positive("stiffness", stiffness, "N/m")
    x, v = as_array("x", x, "m"), as_array("v", v, "m/s")
    dt = _positive("dt", dt, "s")
    return (scalar_or_array(x + dt * v),
            scalar_or_array(v - dt * stiffness / mass * x))


def _rhs(t, state, params):
    x, v = state
    return np.array([v, -params.stiffness / params.mass * x])


def simulate(params: ${Subject}Params, x0: float, t_end: float, v0: float = 0.0, *,
             n_samples: int = 401, rtol: float = 1e-9,
             atol: float = 1e-12) -> integrate.SimulationResult:
    """The mass released at x0 (m) with the speed v0 (m/s), up to t_end (s, > 0): columns
    x (m) and v (m/s) at n_samples evenly spaced times.

    Integrated by :func:`robodyn.core.integrate.solve` (DOP853) with the tolerances given.
    """
    check_real("x0", x0, "m")
    check_real("v0", v0, "m/s")
    check_positive("t_end", t_end, "s")
    n_samples = check_integer("n_samples", n_samples, at_least=2)
    period = 2 * math.pi / natural_frequency(params.mass, params.stiffness)
    return integrate.solve(_rhs, (0.0, t_end), [x0, v0], (params,), state_names=("x", "v"),
                           method="DOP853", rtol=rtol, atol=atol, max_step=period / 20,
                           t_eval=np.linspace(0.0, t_end, n_samples))
''')

FACE = Template('''\
"""$title: the subject of chapter $number, its public face.

The chapter's notebook, its figures and its checks use what this package exports; a name
that is not in ``__all__`` is the package's own business. Written by ``make new-chapter``
around the example of :mod:`robodyn.$subject.model` (a mass on a spring); replace both.
"""

from robodyn.$subject.model import (
    ${Subject}Params,
    energy,
    euler_step,
    natural_frequency,
    position,
    simulate,
)

__all__ = [
    "${Subject}Params",
    "energy",
    "euler_step",
    "natural_frequency",
    "position",
    "simulate",
]
''')

FIGURES = Template('''\
"""Figures of chapter $number ($title): the example's drawing, widget and animation.

:func:`draw_system` draws the mass on its spring as the equations name it (the opening
page's figure); :class:`OscillationView` draws x(t) of the mass for the mass and the
stiffness that the sliders set; :func:`oscillation_animation` shows the mass moving. Replace
them by the chapter's views. Every figure is at most 5.25 inches wide, with text of at least 10
points (``tests/test_widgets.py`` and ``booktools.nblint`` hold both).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from robodyn import $subject
from robodyn.plotting import animation, interactive_figure

#: Where the widget's mass starts, m, and how long it is drawn, s.
START, HORIZON = 0.1, 2.0


class OscillationView:
    """Widget view: the position of the mass over two seconds. Controls ``mass`` (kg) and
    ``stiffness`` (N/m)."""

    def setup(self, fig):
        """The axes, their limits and labels, and an empty line (drawn once)."""
        self.ax = fig.subplots()
        fig.subplots_adjust(left=0.17, right=0.96, bottom=0.17, top=0.95)
        self.ax.set(xlim=(0.0, HORIZON), ylim=(-120.0, 120.0), xlabel="time [s]",
                    ylabel="position [mm]")
        (self.line,) = self.ax.plot([], [], color="tab:blue", lw=2)

    def update(self, mass, stiffness):
        """Simulate and draw one run; return the changed artist."""
        params = $subject.${Subject}Params(mass=mass, stiffness=stiffness)
        run = $subject.simulate(params, x0=START, t_end=HORIZON)
        self.line.set_data(run.t, run.x * 1e3)
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
    return interactive_figure(OscillationView(), controls, figsize=(5.25, 3.2),
                              alt="Position of a mass on a spring over two seconds")


def _spring(start: float, end: float, coils: int = 8, height: float = 0.25):
    """The zigzag of a spring from ``start`` to ``end`` along x, at y = 0."""
    xs = np.linspace(start, end, 2 * coils + 3)
    ys = np.zeros_like(xs)
    ys[2:-2] = height * np.where(np.arange(2 * coils - 1) % 2 == 0, 1.0, -1.0)
    return xs, ys


def draw_system(ax, shift: float = 0.8):
    """The example's system as its equations name it, on ``ax``: the wall, the spring of
    stiffness k and the mass m, moved by x (``shift``, in the drawing's units) from where
    the spring is relaxed (dashed). The chapter's opening page shows it; replace it by a
    drawing of the chapter's robot, its frames, angles and lengths."""
    from matplotlib.patches import Rectangle

    wall, width, rest = -3.0, 1.0, -0.5  # the mass's left face at rest
    face = rest + shift
    ax.plot([wall, wall], [-0.7, 0.7], color="k", lw=3)
    ax.plot(*_spring(wall, face), color="0.3", lw=1.2)
    ax.add_patch(Rectangle((face, -0.4), width, 0.8, color="tab:blue"))
    ax.text(face + width / 2, 0.0, "$$m$$", ha="center", va="center", color="white",
            fontsize=12)
    ax.text((wall + face) / 2, 0.45, "$$k$$", ha="center", fontsize=12)
    ax.plot([rest, rest], [-1.0, 0.6], color="k", ls="--", lw=1)
    ax.annotate("", xy=(face, -0.8), xytext=(rest, -0.8),
                arrowprops={"arrowstyle": "->", "lw": 1.2})
    ax.text((rest + face) / 2, -0.95, "$$x$$", ha="center", va="top", fontsize=12)
    ax.set(xlim=(wall - 0.3, face + width + 0.3), ylim=(-1.4, 1.0), aspect="equal")
    ax.axis("off")
    return ax


def oscillation_animation(run, n_frames: int = 60, interval_ms: float = 50.0):
    """A jshtml animation of ``run`` (:func:`robodyn.$subject.simulate`): the wall, the
    spring and the mass (top), and x(t) drawn up to the moment shown (bottom)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    fig, (ax, ax_x) = plt.subplots(2, 1, figsize=(5.25, 4.2),
                                   gridspec_kw={"height_ratios": [1.0, 1.4]})
    x_mm = run.x * 1e3
    reach = max(float(np.abs(x_mm).max()), 1.0)
    wall, width = -3.0 * reach, 0.8 * reach
    ax.set(xlim=(wall - 0.2 * reach, 1.6 * reach), ylim=(-1.0, 1.0),
           xlabel="position of the mass [mm]")
    ax.set_yticks([])
    ax.plot([wall, wall], [-0.8, 0.8], color="k", lw=3)
    (spring,) = ax.plot([], [], color="0.3", lw=1.2)
    body = ax.add_patch(Rectangle((0.0, -0.4), width, 0.8, color="tab:blue"))
    label = ax.text(0.98, 0.85, "", transform=ax.transAxes, ha="right", fontsize=10)
    ax_x.plot(run.t, x_mm, color="0.85", lw=1)
    (trace,) = ax_x.plot([], [], color="tab:blue", lw=2)
    ax_x.set(xlabel="time [s]", ylabel="x [mm]")
    fig.tight_layout()
    samples = np.linspace(0, run.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        spring.set_data(*_spring(wall, x_mm[k] - width / 2))
        body.set_x(x_mm[k] - width / 2)
        label.set_text(f"t = {run.t[k]:.2f} s")
        trace.set_data(run.t[:k + 1], x_mm[:k + 1])

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


#: The widgets of the chapter; each can be made with its defaults (tests/test_widgets.py
#: tours every slider, benchmarks/widget_update.py times it).
WIDGETS = (oscillation_explorer,)
''')

CHECKS = Template('''\
"""The exercises of chapter $number ($title): inputs, references, typical mistakes.

``EXERCISES`` is what :mod:`robodyn.grading` finds for the ids ``"$subject.<name>"``. Written
by ``make new-chapter`` around the example of :mod:`robodyn.$subject`; replace them by the
chapter's. Each exercise's points are not here but in the solutions notebook's metadata,
``metadata.robodyn.points``; each typical mistake is written as the wrong answer a student
writes, and ``tests/test_exercises.py`` proves it is named by its own message.
"""

from __future__ import annotations

import numpy as np

from robodyn import $subject
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform

#: Every output is a formula's value: equal to round-off.
ROUND_OFF = Close(rtol=1e-9, atol=1e-12)


def _random_spring(rng: np.random.Generator) -> tuple[float, float]:
    """A mass (kg) and a stiffness (N/m) of a plausible range."""
    return rounded_uniform(rng, 0.2, 10.0), rounded_uniform(rng, 1.0, 500.0)


# --------------------------------------------------------------------------- $number.1


def _natural_frequency_cases(rng: np.random.Generator) -> list[Case]:
    cases = [Case((2.0, 50.0), "fixed", "the chapter's example, omega = 5 rad/s"),
             Case((1.0, 1.0), "fixed")]
    cases += [Case(_random_spring(rng), "seeded random") for _ in range(6)]
    cases.append(Case((rounded_uniform(rng, 0.2, 10.0, 7), 80.0), "arrays"))
    return cases


def _in_hertz(mass, stiffness):
    return np.sqrt(stiffness / mass) / (2 * np.pi)


def _without_root(mass, stiffness):
    return stiffness / mass


# --------------------------------------------------------------------------- $number.2


def _energy_cases(rng: np.random.Generator) -> list[Case]:
    cases = [Case((2.0, 50.0, 0.5, 0.0), "fixed", "released at rest: all spring energy"),
             Case((2.0, 50.0, 0.0, 3.0), "fixed", "through the middle: all kinetic energy")]
    for _ in range(6):
        cases.append(Case((*_random_spring(rng), rounded_uniform(rng, -0.2, 0.2),
                           rounded_uniform(rng, -2.0, 2.0)), "seeded random"))
    cases.append(Case((0.7, 120.0, rounded_uniform(rng, -0.2, 0.2, 5),
                       rounded_uniform(rng, -2.0, 2.0, 5)), "arrays"))
    return cases


def _energy_without_halves(mass, stiffness, x, v):
    return mass * v**2 + stiffness * x**2


def _energy_swapped(mass, stiffness, x, v):
    return 0.5 * stiffness * v**2 + 0.5 * mass * x**2


# --------------------------------------------------------------------------- $number.3


def _position_cases(rng: np.random.Generator) -> list[Case]:
    cases = [Case((0.1, 0.0, 5.0, 0.3), "fixed", "released at rest"),
             Case((0.0, 1.0, 2.0, 0.5), "fixed", "pushed from the middle")]
    for _ in range(6):
        cases.append(Case((rounded_uniform(rng, -0.2, 0.2), rounded_uniform(rng, -2.0, 2.0),
                           rounded_uniform(rng, 0.5, 20.0), rounded_uniform(rng, 0.0, 3.0)),
                          "seeded random"))
    cases.append(Case((0.05, 0.4, 3.0, rounded_uniform(rng, 0.0, 3.0, 6)), "arrays"))
    return cases


def _speed_not_divided(x0, v0, omega, t):
    return x0 * np.cos(omega * t) + v0 * np.sin(omega * t)


def _sine_and_cosine_swapped(x0, v0, omega, t):
    return x0 * np.sin(omega * t) + v0 / omega * np.cos(omega * t)


# --------------------------------------------------------------------------- $number.4


def _euler_cases(rng: np.random.Generator) -> list[Case]:
    cases = [Case((0.1, 0.0, 2.0, 50.0, 0.01), "fixed", "released at rest"),
             Case((0.0, 1.0, 2.0, 50.0, 0.01), "fixed", "through the middle")]
    for _ in range(6):
        cases.append(Case((rounded_uniform(rng, -0.2, 0.2), rounded_uniform(rng, -2.0, 2.0),
                           *_random_spring(rng), rounded_uniform(rng, 0.001, 0.05)),
                          "seeded random"))
    cases.append(Case((rounded_uniform(rng, -0.2, 0.2, 5), rounded_uniform(rng, -2.0, 2.0, 5),
                       0.7, 120.0, 0.005), "arrays"))
    return cases


def _semi_implicit(x, v, mass, stiffness, dt):
    v_new = v - dt * stiffness / mass * x
    return x + dt * v_new, v_new


def _spring_pushes_outwards(x, v, mass, stiffness, dt):
    return x + dt * v, v + dt * stiffness / mass * x


EXERCISES = (
    Exercise(
        exercise_id="$subject.natural_frequency",
        description="The natural frequency of a mass on a spring.",
        function_name="natural_frequency",
        arguments=("mass", "stiffness"),
        outputs=(Output("omega", ROUND_OFF),),
        reference=$subject.natural_frequency,
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
    Exercise(
        exercise_id="$subject.energy",
        description="The energy of a mass on a spring.",
        function_name="energy",
        arguments=("mass", "stiffness", "x", "v"),
        outputs=(Output("E", ROUND_OFF),),
        reference=$subject.energy,
        package_references=("robodyn.$subject.energy",),
        make_cases=_energy_cases,
        mistakes=(
            Mistake("the factors 1/2 are missing (twice the energy)",
                    "Both energies carry a half: m v^2 / 2 and k x^2 / 2.",
                    _energy_without_halves),
            Mistake("the mass and the stiffness are swapped",
                    "The mass goes with the velocity (m v^2 / 2), the stiffness with the "
                    "stretch (k x^2 / 2).", _energy_swapped),
        ),
    ),
    Exercise(
        exercise_id="$subject.position",
        description="The motion of a mass on a spring in closed form.",
        function_name="position",
        arguments=("x0", "v0", "omega", "t"),
        outputs=(Output("x", ROUND_OFF),),
        reference=$subject.position,
        package_references=("robodyn.$subject.position",),
        make_cases=_position_cases,
        mistakes=(
            Mistake("the start speed is not divided by omega",
                    "The sine term's amplitude is v0 / omega: its derivative at t = 0 must "
                    "be v0.", _speed_not_divided),
            Mistake("the sine and the cosine are swapped",
                    "At t = 0 the mass is at x0: the cosine goes with x0.",
                    _sine_and_cosine_swapped),
        ),
    ),
    Exercise(
        exercise_id="$subject.euler_step",
        description="One step of explicit Euler for a mass on a spring.",
        function_name="euler_step",
        arguments=("x", "v", "mass", "stiffness", "dt"),
        outputs=(Output("x", ROUND_OFF), Output("v", ROUND_OFF)),
        reference=$subject.euler_step,
        package_references=("robodyn.$subject.euler_step",),
        make_cases=_euler_cases,
        mistakes=(
            Mistake("the new velocity moves the position (semi-implicit Euler)",
                    "Explicit Euler takes both updates from the old state: x + dt v with the "
                    "v you were given.", _semi_implicit),
            Mistake("the spring pushes outwards (+k x / m)",
                    "The spring pulls the mass back: its acceleration is -k x / m.",
                    _spring_pushes_outwards),
        ),
    ),
)
''')

TESTS = Template('''\
"""Tests of robodyn.$subject (chapter $number): the model against its closed forms, and its
errors. Written by ``make new-chapter`` around the example; replace them with the chapter
model's checks, each against something independent (a closed form, a limit case, a
conservation law, a second method, the source's numbers), and every error path."""

import numpy as np
import pytest

from robodyn import $subject
from robodyn.core.errors import ParameterError


def test_the_simulation_follows_the_closed_form():
    """x(t) = x0 cos(omega t) + (v0 / omega) sin(omega t), omega = sqrt(k / m)."""
    params = $subject.${Subject}Params()
    run = $subject.simulate(params, x0=0.1, t_end=3.0, v0=-0.4)
    omega = $subject.natural_frequency(params.mass, params.stiffness)
    np.testing.assert_allclose(run.x, $subject.position(0.1, -0.4, omega, run.t), atol=1e-8)


def test_the_energy_is_conserved():
    """Kinetic plus spring energy stays at its start value, k x0^2 / 2."""
    params = $subject.${Subject}Params(mass=0.7, stiffness=120.0)
    run = $subject.simulate(params, x0=0.05, t_end=2.0)
    energy = $subject.energy(params.mass, params.stiffness, run.x, run.v)
    np.testing.assert_allclose(energy, 0.5 * 120.0 * 0.05**2, rtol=1e-7)


def test_explicit_euler_multiplies_the_energy_by_one_plus_omega_dt_squared():
    """Each step of explicit Euler multiplies the energy by 1 + (omega dt)^2, exactly."""
    mass, stiffness, dt = 0.7, 120.0, 0.01
    x, v = np.array([0.05, -0.1]), np.array([0.3, 0.0])
    before = $subject.energy(mass, stiffness, x, v)
    after = $subject.energy(mass, stiffness, *$subject.euler_step(x, v, mass, stiffness, dt))
    omega = $subject.natural_frequency(mass, stiffness)
    np.testing.assert_allclose(after / before, 1 + (omega * dt) ** 2, rtol=1e-12)


@pytest.mark.parametrize("field", ["mass", "stiffness"])
def test_a_non_positive_parameter_is_refused_by_name(field):
    """The parameter class names the field, its value and its range."""
    with pytest.raises(ParameterError, match=f"{field} must be > 0"):
        $subject.${Subject}Params(**{field: -1.0})


def test_a_non_positive_frequency_step_or_duration_is_refused_by_name():
    """omega, dt and t_end must be > 0; the error names which."""
    with pytest.raises(ParameterError, match="omega must be > 0"):
        $subject.position(0.1, 0.0, 0.0, 1.0)
    with pytest.raises(ParameterError, match="dt must be > 0"):
        $subject.euler_step(0.1, 0.0, 1.0, 1.0, -0.01)
    with pytest.raises(ParameterError, match="t_end must be > 0"):
        $subject.simulate($subject.${Subject}Params(), 0.1, -1.0)
''')

SLIPS = Template('''\
"""Typical wrong answers to the exercises of chapter $number ($title), the first slip set:
A PLACEHOLDER, written by ``make new-chapter``.

To do: someone who has not read ``robodyn/checks/$subject.py`` writes here, from the
exercise notebook and the chapter alone, the slips a class makes in every exercise of the
chapter: plain functions, each one wrong answer as a student writes it, with a one-line
docstring naming the slip, and ``SLIPS``, the list of ``(exercise id, function)`` pairs.
Then delete ``PLACEHOLDER``: ``tests/test_slips_named.py`` checks that every slip is
rejected and that nine in ten are named (``tests/slips/__init__.py`` says more).
"""

#: Why this file holds no slips yet: tests/test_slips_named.py reports it as skipped, with
#: this reason, as long as it is here.
PLACEHOLDER = ("written by make new-chapter: the first set's slips of chapter $number are "
               "still to be written, by someone who has not read its checks")

#: (exercise id, wrong answer) pairs: none yet.
SLIPS: list = []
''')

SECOND_SLIPS = Template('''\
"""Typical wrong answers to the exercises of chapter $number ($title), the second slip set:
A PLACEHOLDER, written by ``make new-chapter``.

To do: someone who has read neither ``robodyn/checks/$subject.py`` nor the first set
(``tests/slips/$subject.py``) writes here, from the exercise notebook and the chapter alone,
the slips a class makes in every exercise of the chapter: plain functions, each one wrong
answer as a student writes it, with a one-line docstring naming the slip, and ``SLIPS``, the
list of ``(exercise id, function)`` pairs; and ``RIGHT``, their own right answer to each
exercise, by id. Then delete ``PLACEHOLDER``: ``tests/test_slips_named.py`` checks that
every slip is rejected, that nine in ten are named and that the right answers pass
(``tests/slips/__init__.py`` says more).
"""

#: Why this file holds no slips yet: tests/test_slips_named.py reports it as skipped, with
#: this reason, as long as it is here.
PLACEHOLDER = ("written by make new-chapter: the second set's slips of chapter $number are "
               "still to be written, by someone who has read neither its checks nor the "
               "first set")

#: (exercise id, wrong answer) pairs: none yet.
SLIPS: list = []

#: The writer's own right answer to each exercise, by id: none yet.
RIGHT: dict = {}
''')


def _markdown(text: str, **metadata):
    cell = nbformat.v4.new_markdown_cell(text)
    cell.metadata.update(metadata)
    return cell


def _code(text: str, figure: tuple[str, str] | None = None, tags: list[str] | None = None):
    """A code cell; ``figure`` (name, caption) makes its output a numbered figure, ``tags``
    (``hide-input`` for a plotting cell) go into its metadata."""
    cell = nbformat.v4.new_code_cell(text)
    if figure is not None:
        cell.metadata["mystnb"] = {"figure": {"name": figure[0], "caption": figure[1]}}
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def _fill(text: str, values: dict[str, str]) -> str:
    """``text`` with every ``<key>`` of ``values`` replaced by its value."""
    for key, value in values.items():
        text = text.replace(f"<{key}>", value)
    return text


def _values(subject: str, number: str, title: str) -> dict[str, str]:
    return {"subject": subject, "Subject": _class_name(subject), "n": str(int(number)),
            "stem": f"{number}_{subject}", "label": subject.replace("_", "-"),
            "title": title}


#: The chapter's lessons (the file name's stem, then its cells), in order; the opening page,
#: the summary and the exercises go around them.
LESSONS = ("01_model", "02_euler")

#: The opening page: the system drawn as the equations name it, the question, what the reader
#: will be able to do, a map of the lessons. It has no numbered sections of its own (they
#: would come before the lessons' numbers): its parts are bold paragraphs.
INDEX_CELLS = [
    ("md", """# <title>

The question from the chapter's source that motivates it, in a sentence or two, and what the
reader will be able to do at its end. {numref}`Fig. %s <fig-<label>-system>` draws the system
with the symbols its equations use.

`make new-chapter` wrote this chapter around a working example, a mass on a spring. Every
part of a chapter shows itself working: an opening page, lessons with numbered equations and
figures, a widget, an animation, the checks of each lesson, a summary and the exercises.
CONTRIBUTING.md says what each part must hold. Replace it page by page."""),
    ("plot", """import matplotlib.pyplot as plt

from robodyn.figures import <subject> as figures

fig, ax = plt.subplots(figsize=(5.25, 1.9))
figures.draw_system(ax)
plt.show()""", ("fig-<label>-system",
                 "The example's system: a mass $m$ on a spring of stiffness $k$, moved by "
                 "$x$ from where the spring is relaxed (dashed). The drawing of the "
                 "chapter's robot goes here, with its frames, angles and lengths.")),
    ("md", """**After this chapter you will be able to**
- simulate the mass on its spring and check the run against the closed form;
- say why explicit Euler gains energy at every step, and by how much.

**The lessons.**
1. {doc}`01_model`: the equation of motion, its closed form and a widget to explore it.
2. {doc}`02_euler`: one step of explicit Euler, and the energy it adds.

Then the {doc}`summary`, and the [exercises](../../exercises/<stem>.ipynb).

**The values.** The example's parameters, each with its unit and where it comes from (open
the table below)."""),
    ("folded", """from robodyn import <subject>

<subject>.<Subject>Params()""", None),
]

#: The first lesson: a figure on its first screen, the model, the widget and the animation,
#: and what shows the model right ("How we know").
MODEL_CELLS = [
    ("md", """# The model and its closed form

A mass on a spring swings back and forth for ever when nothing damps it.
{numref}`Fig. %s <fig-<label>-motion>` shows one run of the simulation and the closed form
that checks it ({ref}`How we know <sec-<label>-model-evidence>`)."""),
    ("code", """import matplotlib.pyplot as plt
import numpy as np

from robodyn import <subject>
from robodyn.figures import <subject> as figures

params = <subject>.<Subject>Params()
x0, v0 = 0.1, 0.0                         # m, m/s
m, k = params.mass, params.stiffness
run = <subject>.simulate(params, x0, 3.0, v0=v0)
omega = <subject>.natural_frequency(m, k)
exact = <subject>.position(x0, v0, omega, run.t)""", None),
    ("plot", """fig, ax = plt.subplots(figsize=(5.25, 3.0))
ax.plot(run.t, run.x * 1e3, color="tab:blue", lw=3, label="simulated")
ax.plot(run.t, exact * 1e3, "k--", lw=1, label="closed form")
ax.set(xlabel="time [s]", ylabel="position [mm]", ylim=(-150, 150))
ax.legend(loc="upper right", ncols=2, fontsize=10)
fig.tight_layout()
plt.show()""", ("fig-<label>-motion",
                 "The mass released at rest 0.1 m from the middle: the simulation (blue) and "
                 "the closed form (dashed), which lie on each other.")),
    ("md", """(sec-<label>-model)=
## The equation of motion

A mass $m$ on a spring of stiffness $k$, without damping and without gravity, moves by

$$
m\\,\\ddot x = -k\\,x .
$$ (<label>-motion)

Released at $x_0$ with the speed $v_0$, it oscillates at its natural frequency
$\\omega = \\sqrt{k/m}$:

$$
x(t) = x_0 \\cos \\omega t + \\frac{v_0}{\\omega} \\sin \\omega t .
$$ (<label>-closed-form)

(sec-<label>-explore)=
## Explore

Move the sliders of {numref}`Fig. %s <fig-<label>-explorer>`: a stiffer spring or a
lighter mass oscillates faster, as $\\omega = \\sqrt{k/m}$ says."""),
    ("code", "figures.oscillation_explorer()",
     ("fig-<label>-explorer",
      "The position of the mass over two seconds, released at rest 0.1 m from the middle. "
      "Move the sliders in a running notebook to change the mass and the stiffness.")),
    ("md", """{numref}`Fig. %s <fig-<label>-animation>` shows the motion of
{numref}`Fig. %s <fig-<label>-motion>` as it happens."""),
    ("code", "figures.oscillation_animation(run)",
     ("fig-<label>-animation",
      "Animation of the first three seconds. Top: the wall, the spring and the mass. "
      "Bottom: its position over time, drawn up to the moment shown.")),
    ("md", """**Takeaway.** The mass swings at $\\omega = \\sqrt{k/m}$, whatever its start. A
simulation of the model is right when it matches the closed form.

(sec-<label>-model-evidence)=
## How we know

The simulation integrates {eq}`<label>-motion` step by step; the closed form
{eq}`<label>-closed-form` owes nothing to it. The two agree to far below a micrometre:"""),
    ("code", """error = np.max(np.abs(run.x - exact))
print(f"omega = {omega:.3f} rad/s, period {2 * np.pi / omega:.3f} s")
print(f"largest difference from the closed form: {error:.1e} m")
assert error < 1e-6, error  # m""", None),
]

#: The second lesson: its figure first, then why, then the evidence.
EULER_CELLS = [
    ("md", """# A step of explicit Euler

The simplest integrator, explicit Euler, adds energy at every step.
{numref}`Fig. %s <fig-<label>-phase>` shows its state spiralling outwards, away from the
exact motion ({ref}`How we know <sec-<label>-euler-evidence>`)."""),
    ("code", """import matplotlib.pyplot as plt
import numpy as np

from robodyn import <subject>

params = <subject>.<Subject>Params()
m, k = params.mass, params.stiffness
x0, v0, h, steps = 0.1, 0.0, 0.02, 150     # m, m/s, s, steps
run = <subject>.simulate(params, x0, h * steps, v0=v0)
x, v = np.empty(steps + 1), np.empty(steps + 1)
x[0], v[0] = x0, v0
for n in range(steps):
    x[n + 1], v[n + 1] = <subject>.euler_step(x[n], v[n], m, k, h)""", None),
    ("plot", """fig, ax = plt.subplots(figsize=(5.25, 3.4))
ax.plot(x * 1e3, v, ".", color="tab:red", ms=3, label="explicit Euler")
ax.plot(run.x * 1e3, run.v, "k", lw=1.5, label="exact")
ax.set(xlabel="position [mm]", ylabel="velocity [m/s]")
ax.legend(loc="upper right", fontsize=10)
fig.tight_layout()
plt.show()""", ("fig-<label>-phase",
                 "The state of the mass, position against velocity: the exact motion runs "
                 "round an ellipse (black); explicit Euler with steps of 20 ms (red dots) "
                 "spirals outwards.")),
    ("md", """(sec-<label>-euler)=
## Why the energy grows

Explicit Euler with the step $h$ updates both states from the old ones:
$x_{n+1} = x_n + h\\,v_n$ and $v_{n+1} = v_n - h\\,\\omega^2 x_n$, with
$\\omega = \\sqrt{k/m}$. The energy of the mass, kinetic plus spring, is

$$
E = \\tfrac{1}{2}\\, m v^2 + \\tfrac{1}{2}\\, k x^2 .
$$ (<label>-energy)

Put the step into {eq}`<label>-energy`: one step multiplies the energy by
$1 + \\omega^2 h^2$. The mass gains energy at every step, and its state spirals outwards.

**Takeaway.** Explicit Euler adds energy at every step. A smaller step adds less, but it
never stops adding."""),
    ("code", """omega = <subject>.natural_frequency(m, k)
E = <subject>.energy(m, k, x, v)
growth = E / E[0]
closed = (1 + (omega * h) ** 2) ** np.arange(steps + 1)""", None),
    ("plot", """fig, ax = plt.subplots(figsize=(5.25, 3.0))
ax.plot(growth, ".", color="tab:red", ms=3, label="explicit Euler")
ax.plot(closed, "k", lw=1, label="$(1 + \\\\omega^2 h^2)^n$")
ax.set(xlabel="step n", ylabel="energy / energy at start")
ax.legend(loc="upper left", fontsize=10)
fig.tight_layout()
plt.show()""", ("fig-<label>-energy",
                 "The energy of the explicit Euler steps, over its start value (red dots), "
                 "and the closed form $(1 + \\omega^2 h^2)^n$ (black).")),
    ("md", """(sec-<label>-euler-evidence)=
## How we know

The energy of the steps follows the closed form $(1 + \\omega^2 h^2)^n$, which comes from
{eq}`<label>-energy` alone, to round-off:"""),
    ("code", """gap = np.max(np.abs(growth / closed - 1))
print(f"energy after {steps} steps: {growth[-1]:.2f} times the start")
print(f"largest difference from (1 + omega^2 h^2)^n: {gap:.1e}")
assert gap < 1e-9, gap""", None),
]

#: The chapter's summary, ``summary.md``, the section after the last lesson.
SUMMARY = """# Summary

- The mass on its spring oscillates at $\\omega = \\sqrt{k/m}$; the simulation of
  {doc}`01_model` matches the closed form.
- Explicit Euler multiplies the energy by $1 + \\omega^2 h^2$ at every step
  ({doc}`02_euler`).
- (Written by `make new-chapter`: what the chapter showed, one line each, for a student to
  revise from.)

**Exercises.** Work through the [exercises of this chapter](../../exercises/<stem>.ipynb).
"""

SOLUTION_CELLS = [
    ("md", """# Exercises: <title> — with solutions

These exercises go with [chapter <n>](../chapters/<stem>/index.ipynb). Each asks for a small
function. Write it in place of the line `raise NotImplementedError(...)`, run its cell, then
run the check cell below it. (Written by `make new-chapter` around the chapter's example, a
mass on a spring: replace them by the chapter's exercises.)"""),
    ("code", """import numpy as np

from robodyn import grading

grading.explain_missing_answers()  # a check says why an answer is missing"""),
    ("md", """## Exercise <n>.1: the natural frequency

Write `natural_frequency(mass, stiffness)` that returns the natural frequency
$\\omega = \\sqrt{k/m}$ in rad/s of a mass `mass` [kg] on a spring of stiffness `stiffness`
[N/m], for numbers and for NumPy arrays."""),
    ("code", """def natural_frequency(mass, stiffness):
    ### BEGIN SOLUTION
    return np.sqrt(stiffness / mass)
    ### END SOLUTION"""),
    ("code", """grading.check("<subject>.natural_frequency",
              natural_frequency)"""),
    ("md", """## Exercise <n>.2: the energy

Write `energy(mass, stiffness, x, v)` that returns the energy $E$ [J] of the mass at the
position `x` [m] with the velocity `v` [m/s], kinetic plus spring, for numbers and for
arrays."""),
    ("code", """def energy(mass, stiffness, x, v):
    ### BEGIN SOLUTION
    return 0.5 * mass * v**2 + 0.5 * stiffness * x**2
    ### END SOLUTION"""),
    ("code", """grading.check("<subject>.energy",
              energy)"""),
    ("md", """## Exercise <n>.3: the motion in closed form

Write `position(x0, v0, omega, t)` that returns the position $x(t)$ [m] at the time `t` [s]
(a number or an array) of the mass released at `x0` [m] with the speed `v0` [m/s], which
oscillates at `omega` [rad/s]."""),
    ("code", """def position(x0, v0, omega, t):
    ### BEGIN SOLUTION
    return x0 * np.cos(omega * t) + v0 / omega * np.sin(omega * t)
    ### END SOLUTION"""),
    ("code", """grading.check("<subject>.position",
              position)"""),
    ("md", """## Exercise <n>.4: one step of explicit Euler

Write `euler_step(x, v, mass, stiffness, dt)` that returns the pair `(x, v)` after one step
of explicit Euler of `dt` [s] from the position `x` [m] and the velocity `v` [m/s]. Both
updates start from the old state."""),
    ("code", """def euler_step(x, v, mass, stiffness, dt):
    ### BEGIN SOLUTION
    acceleration = -stiffness / mass * x
    return x + dt * v, v + dt * acceleration
    ### END SOLUTION"""),
    ("code", """grading.check("<subject>.euler_step",
              euler_step)"""),
]


#: The tags of a code cell by its kind: a plot's code folded away, a table folded whole.
TAGS = {"plot": ["hide-input"], "folded": ["hide-input", "hide-output"]}


def _cells(specs, values: dict[str, str]) -> list:
    """Cells from their specs: ``("md", text)``, ``("code", text, figure or None)``,
    ``("plot", text, figure)``, a plotting-only code cell whose code the page folds away, and
    ``("folded", text, None)``, a cell whose code and output the page folds away."""
    cells = []
    for kind, text, *figure in specs:
        if kind == "md":
            cells.append(_markdown(_fill(text, values)))
        else:
            named = figure[0] if figure else None
            cells.append(_code(_fill(text, values), named and (
                _fill(named[0], values), _fill(named[1], values)), tags=TAGS.get(kind)))
    return cells


def chapter_pages(subject: str, number: str, title: str) -> dict[str, object]:
    """The chapter's pages, by file name in ``chapters/NN_<subject>/``, in reading order: the
    opening page (``index.ipynb``, the system drawn, the lessons' map), the lessons (each
    with a figure on its first screen and a closing "How we know"), ``summary.md`` (text)."""
    values = _values(subject, number, title)
    lessons = dict(zip(LESSONS, (MODEL_CELLS, EULER_CELLS), strict=True))
    return {"index.ipynb": _notebook(_cells(INDEX_CELLS, values)),
            **{f"{name}.ipynb": _notebook(_cells(cells, values))
               for name, cells in lessons.items()},
            "summary.md": _fill(SUMMARY, values)}


def solutions_notebook(subject: str, number: str, title: str) -> nbformat.NotebookNode:
    """The exercises with their solutions, the single source of the exercise notebook; its
    metadata ``robodyn.points`` gives each exercise its points, by difficulty."""
    notebook = _notebook(_cells(SOLUTION_CELLS, _values(subject, number, title)))
    notebook.metadata["robodyn"] = {
        "points": {f"{subject}.{name}": points for name, points in POINTS.items()},
        "points_rationale": POINTS_RATIONALE}
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


def _subjects_node(tree: ast.Module):
    """The module-level assignment ``SUBJECTS = (...)`` of robodyn/__init__.py, or None."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] \
                == ["SUBJECTS"]:
            return node
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "SUBJECTS" \
                and node.value is not None:
            return node
    return None


def read_subjects(text: str) -> tuple[str, ...]:
    """The subjects that ``SUBJECTS = (...)`` in ``text`` (robodyn/__init__.py) lists.

    >>> read_subjects('SUBJECTS = ("arm",\\n            "egg")  # the order\\n')
    ('arm', 'egg')
    """
    node = _subjects_node(ast.parse(text))
    try:
        subjects = ast.literal_eval(node.value) if node is not None else None
    except ValueError:
        subjects = None
    if not isinstance(subjects, tuple) or not all(isinstance(s, str) for s in subjects):
        raise ParameterError("robodyn/__init__.py must assign SUBJECTS = (...), a tuple of the "
                             "subjects' names in the chapters' order, for make new-chapter to "
                             "add the new subject to")
    return subjects


def add_subject(text: str, subject: str, width: int = 100) -> str:
    """``text`` of robodyn/__init__.py with ``subject`` appended to ``SUBJECTS``: only that
    statement is rewritten (wrapped at ``width``), the rest of the file kept as it is.

    >>> print(add_subject('#: The order.\\nSUBJECTS = ("arm",\\n'
    ...                   '            "egg")  # kept\\nX = 1\\n', "pendulum"), end="")
    #: The order.
    SUBJECTS = ("arm", "egg", "pendulum")  # kept
    X = 1
    """
    subjects = (*read_subjects(text), subject)
    node = _subjects_node(ast.parse(text))
    lines = text.splitlines(keepends=True)
    head = lines[node.lineno - 1][:node.col_offset]
    tail = lines[node.end_lineno - 1]
    tail = tail.encode("utf-8")[node.end_col_offset:].decode("utf-8")
    opening = f"{head}SUBJECTS = ("
    items = ", ".join(f'"{name}"' for name in subjects) + ")"
    body = textwrap.wrap(items, width=width - len(opening), break_on_hyphens=False,
                         break_long_words=False)
    statement = ("\n" + " " * len(opening)).join(body)
    lines[node.lineno - 1:node.end_lineno] = [opening + statement + tail]
    return "".join(lines)


def check_subject(subject: str, root: Path) -> str:
    """``subject`` if it is a new subject's name, else a ParameterError saying what is
    allowed or what holds the name already."""
    if not (isinstance(subject, str) and re.fullmatch(r"[a-z][a-z0-9_]*", subject)
            and not keyword.iskeyword(subject) and len(subject) <= MAX_NAME):
        raise ParameterError(f"NAME must be a lower-case Python module name of at most "
                             f"{MAX_NAME} characters (letters, digits, underscores, starting "
                             f"with a letter), got {subject!r}")
    subjects = read_subjects((root / "robodyn" / "__init__.py").read_text(encoding="utf-8"))
    if subject in subjects or subject in PARTS:
        raise ParameterError(f"NAME {subject!r} is taken: robodyn.{subject} is "
                             f"{'a subject' if subject in subjects else 'a part'} of the book "
                             f"already")
    for taken in (root / "robodyn" / subject, root / "robodyn" / f"{subject}.py",
                  root / "tests" / "slips" / subject):
        if taken.exists():
            raise ParameterError(f"NAME {subject!r} is taken: {taken.relative_to(root)} "
                                 f"exists")
    return subject


def next_number(root: Path) -> str:
    """The next free chapter number, two digits (chapters of either layout counted)."""
    return f"{chapters.next_number(root):02d}"


def add_to_toc(text: str, entries: list[str]) -> str:
    """``text`` of a table of contents with a chapter added after the last chapter:
    ``entries[0]`` its file, the others its sections, in order; comments and layout kept.

    >>> print(add_to_toc("    chapters:\\n      - file: chapters/01_a/index\\n"
    ...                  "        sections:\\n          - file: chapters/01_a/01_x\\n"
    ...                  "          - file: exercises/01_a\\n  - caption: About\\n",
    ...                  ["chapters/02_b/index", "chapters/02_b/01_y", "exercises/02_b"]),
    ...       end="")
        chapters:
          - file: chapters/01_a/index
            sections:
              - file: chapters/01_a/01_x
              - file: exercises/01_a
          - file: chapters/02_b/index
            sections:
              - file: chapters/02_b/01_y
              - file: exercises/02_b
      - caption: About
    """
    lines = text.splitlines(keepends=True)
    folder = entries[0].split("/")[0]
    entry = re.compile(rf"^(\s*)- file: {folder}/\S+\s*$")
    found = [(i, len(entry.match(line).group(1))) for i, line in enumerate(lines)
             if entry.match(line)]
    if not found:
        raise ParameterError(f"the table of contents has no entry under {folder}/ to add "
                             f"{entries[0]} after")
    depth = min(width for _, width in found)  # a chapter's, not its sections'
    last = max(i for i, width in found if width == depth)
    indent = " " * depth
    end = last + 1
    while end < len(lines) and (len(lines[end]) - len(lines[end].lstrip())) > depth:
        end += 1  # the last chapter's own sections
    block = [f"{indent}- file: {entries[0]}\n"]
    if entries[1:]:
        block.append(f"{indent}  sections:\n")
        block += [f"{indent}    - file: {name}\n" for name in entries[1:]]
    lines[end:end] = block
    return "".join(lines)


def toc_entries(stem: str, pages: list[str], instructor: bool) -> list[str]:
    """The new chapter's entries in a table of contents: its pages (file names in
    ``chapters/<stem>/``), then its exercises, and for the ``instructor`` its solutions."""
    return [*(f"chapters/{stem}/{Path(name).stem}" for name in pages),
            f"exercises/{stem}", *([f"solutions/{stem}"] if instructor else [])]


def new_chapter(subject: str, title: str, root: Path = ROOT) -> list[Path]:
    """Write every file of the new chapter under ``root``; return them, in order: the new
    files, then the three edited ones (robodyn/__init__.py and the tables of contents).

    Everything is made and checked before the first file is written: a name that is taken,
    a file that exists, or a SUBJECTS or table of contents it cannot extend stops it with a
    ParameterError and nothing written.
    """
    root = Path(root)
    subject = check_subject(subject, root)
    if not isinstance(title, str) or not title.strip():
        raise ParameterError("TITLE must be the chapter's title, got an empty one")
    if "\n" in title.strip() or "\\" in title or '"""' in title:
        raise ParameterError(f"TITLE must be one line without backslashes or triple quotes "
                             f"(it goes into the modules' docstrings), got {title!r}")
    title = title.strip()
    number = next_number(root)
    stem = f"{number}_{subject}"
    values = {"subject": subject, "Subject": _class_name(subject), "number": str(int(number)),
              "title": title}
    package = root / "robodyn" / subject
    texts = {
        package / "__init__.py": FACE.substitute(values),
        package / "model.py": MODEL.substitute(values),
        root / "robodyn" / "figures" / f"{subject}.py": FIGURES.substitute(values),
        root / "robodyn" / "checks" / f"{subject}.py": CHECKS.substitute(values),
        root / "tests" / f"test_{subject}.py": TESTS.substitute(values),
        root / "tests" / "slips" / f"{subject}.py": SLIPS.substitute(values),
        root / "tests" / "slips" / "second" / f"{subject}.py": SECOND_SLIPS.substitute(values),
    }
    repository = installcell.read_repository(root / "_config.yml")
    pages = chapter_pages(subject, number, title)
    folder = root / "chapters" / stem
    solutions = root / "solutions" / f"{stem}.ipynb"
    notebooks = {folder / name: page for name, page in pages.items() if name.endswith(".ipynb")}
    notebooks[solutions] = solutions_notebook(subject, number, title)
    notebooks = {path: nbformat.from_dict(installcell.with_install_cell(notebook, repository))
                 for path, notebook in notebooks.items()}
    texts[folder / "summary.md"] = pages["summary.md"]
    exercise = root / "exercises" / f"{stem}.ipynb"
    taken = [path for path in (*texts, *notebooks, exercise, folder,
                               folder.with_suffix(".ipynb")) if path.exists()]
    if taken:
        raise ParameterError(f"NAME {subject!r}: these files exist already: "
                             f"{', '.join(str(p.relative_to(root)) for p in taken)}")
    exercisegen.make_exercise_notebook(notebooks[solutions])
    face = root / "robodyn" / "__init__.py"
    edited = {face: add_subject(face.read_text(encoding="utf-8"), subject)}
    for name, instructor in TOCS.items():
        edited[root / name] = add_to_toc((root / name).read_text(encoding="utf-8"),
                                         toc_entries(stem, list(pages), instructor))
    for path, text in texts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for path, notebook in notebooks.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, path)
    written = exercisegen.write_exercise(solutions, root / "exercises")
    for path, text in edited.items():
        path.write_text(text, encoding="utf-8")
    key = _write_answer_key(root, subject)
    modules = [path for path in texts if path.suffix == ".py"]
    chapter = [folder / name for name in pages]
    return [*modules, key, *chapter, solutions, written, *edited]


def _write_answer_key(root: Path, subject: str) -> Path:
    """Compile the answer key of the new chapter's exercises (what its notebooks check with,
    ``booktools.answerkeys``), in a process that imports ``root``'s package; its path."""
    path = os.pathsep.join(str(root / part) for part in ("", "classgrade", "booktools"))
    run = subprocess.run([sys.executable, "-m", "booktools.answerkeys", subject], cwd=root,
                         env={**os.environ, "PYTHONPATH": path}, capture_output=True,
                         text=True, timeout=300)
    key = root / "robodyn" / "grading" / "keys" / f"{subject}.json"
    if run.returncode != 0 or not key.is_file():
        raise ParameterError(f"the answer key of {subject!r} could not be compiled:\n"
                             f"{run.stdout}{run.stderr}")
    return key


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("subject", help="the chapter's subject, a module name, e.g. quadrotor")
    parser.add_argument("title", help="the chapter's title")
    args = parser.parse_args(argv)
    try:
        paths = new_chapter(args.subject, args.title)
    except ParameterError as error:
        print(f"make new-chapter: {error}", file=sys.stderr)
        return 2
    names = [path.relative_to(ROOT).as_posix() for path in paths]
    for name in names[:-3]:
        print(f"wrote  {name}")
    for name in names[-3:]:
        print(f"edited {name}")
    print("\nNext, so that make test sees the chapter (the student release, which the tests "
          "make, copies only what git tracks):\n"
          f"    git add {' '.join(shlex.quote(name) for name in names[:-3])}\n"
          "then make test, then replace the example file by file (CONTRIBUTING.md).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
