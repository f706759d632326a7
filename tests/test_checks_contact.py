"""Chapter 3's checks against answers as students write them.

Right answers in unusual forms must pass; wrong answers written independently of the mistake
models in robodyn/checks/contact.py must be named by the right mistake, and an unlisted slip
must get the generic message.
"""

import math

import numpy as np
import pytest
import sympy
from checkcases import assert_generic_failure, summary

from robodyn.grading import evaluate, exercise_ids, get_exercise

# --------------------------------------------------------------------------- right answers


def stiffness_from_the_weight(mass, penetration, g):
    weight = mass * g          # N
    return weight / penetration


def damping_from_critical(k, mass, zeta):
    critical = 2 * math.sqrt(k * mass)
    return zeta * critical


def force_with_if(depth, depth_rate, k, c):
    def one(d, r):
        if d <= 0:
            return 0.0
        return max(k * d + c * r, 0.0)

    if np.ndim(depth) == 0:
        return one(float(depth), float(depth_rate))
    return np.array([one(d, r) for d, r in zip(depth, depth_rate, strict=True)])


def force_with_clip_and_heaviside(depth, depth_rate, k, c):
    inside = np.heaviside(depth, 0.0)
    return inside * np.clip(k * depth + c * depth_rate, 0.0, None)


def restitution_by_cases(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.where(zeta**2 < 0.5, np.pi - np.arctan(2 * zeta * s / (1 - 2 * zeta**2 + 1e-300)),
                   np.arctan2(2 * zeta * s, 2 * zeta**2 - 1))
    e = np.exp(-zeta * phi / s)
    return e if e.ndim else float(e)


def restitution_with_arccos(zeta):
    zeta = np.asarray(zeta, dtype=float)
    phi = np.arccos(2 * zeta**2 - 1)          # cos(phi) = 2 zeta^2 - 1, phi in [0, pi]
    return np.exp(-zeta * phi / np.sqrt(1 - zeta**2))


def stiffness_by_sympy(mass, penetration, g):
    k, d, m, gravity = sympy.symbols("k d m g", positive=True)
    solved = sympy.solve(sympy.Eq(k * d, m * gravity), k)[0]
    return sympy.lambdify((m, d, gravity), solved, "numpy")(mass, penetration, g)


def damping_from_the_double_root(k, mass, zeta):
    """Critical damping where the discriminant c^2 - 4 k m of m s^2 + c s + k vanishes."""
    c = sympy.symbols("c", positive=True)
    critical = sympy.solve(c**2 - 4 * sympy.Float(k) * sympy.Float(mass), c)[0]
    return zeta * float(critical)


def force_by_vectorized_math(depth, depth_rate, k, c):
    def one(d, r):
        if not d > 0.0:          # apart, or only touching
            return 0.0
        return math.fsum([k * d, c * r, abs(k * d + c * r)]) / 2   # max(F, 0) as (F + |F|)/2

    return np.vectorize(one, otypes=[float])(depth, depth_rate)


def force_as_product_of_masks(depth, depth_rate, k, c):
    depth, depth_rate = np.asarray(depth), np.asarray(depth_rate)
    raw = k * depth + c * depth_rate
    return raw * (raw > 0) * (depth > 0)


def restitution_with_arcsin_and_a_quadrant_fix(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.arcsin(np.minimum(2 * zeta * s, 1.0))
    phi = np.where(2 * zeta**2 - 1 < 0, np.pi - phi, phi)
    return np.exp(-zeta * phi / s)


def restitution_with_complex_numbers(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.angle((2 * zeta**2 - 1) + 2j * zeta * s)
    return np.exp(-zeta * phi / s)


def restitution_in_a_math_loop(zeta):
    def one(z):
        s = math.sqrt(1 - z * z)
        return math.exp(-z * math.atan2(2 * z * s, 2 * z * z - 1) / s)

    if np.ndim(zeta) == 0:
        return one(float(zeta))
    return np.array([one(z) for z in np.asarray(zeta, dtype=float)])


# --------------------------------------------------------------------------- 3.3 sizing
# The stiffness and damping lines above, each inside a sizing of (k, c) that is otherwise
# right, as a student writes exercise 3.3 (size_contact).


def student_restitution(zeta):
    s = math.sqrt(1 - zeta**2)
    return math.exp(-zeta * math.atan2(2 * zeta * s, 2 * zeta**2 - 1) / s)


def student_zeta(restitution):
    if restitution >= 1:
        return 0.0
    low, high = 0.0, 1.0 - 1e-15
    while high - low > 1e-15:
        mid = (low + high) / 2
        if student_restitution(mid) > restitution:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def as_sizing(stiffness=None, damping=None):
    line = stiffness or damping

    def size_contact(mass, penetration, restitution, g):
        k = stiffness(mass, penetration, g) if stiffness else mass * g / penetration
        zeta = student_zeta(restitution)
        c = damping(k, mass, zeta) if damping else 2 * zeta * math.sqrt(k * mass)
        return k, c

    size_contact.__name__ = line.__name__
    return size_contact


def sizing_by_newton(mass, penetration, restitution, g):
    """Newton's method on e(zeta) with a central-difference slope."""
    k = mass * g / penetration
    zeta = 0.0 if restitution >= 1 else 0.5
    while restitution < 1:
        f = student_restitution(zeta) - restitution
        slope = (student_restitution(zeta + 1e-7) - student_restitution(zeta - 1e-7)) / 2e-7
        step = f / slope
        zeta = min(max(zeta - step, 1e-6), 0.99)
        if abs(step) < 1e-15:
            break
    critical = 2 * np.sqrt(k * mass)
    return k, zeta * critical


def sizing_zeta_from_a_table(mass, penetration, restitution, g):
    """A table of e against zeta, interpolated: 1e-6 off, not enough."""
    zetas = np.linspace(0, 0.999, 2001)
    table = [student_restitution(z) for z in zetas]
    zeta = np.interp(restitution, table[::-1], zetas[::-1])
    k = mass * g / penetration
    return k, 2 * zeta * math.sqrt(k * mass)


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("contact.size_contact", as_sizing(stiffness=stiffness_from_the_weight)),
        ("contact.size_contact", as_sizing(stiffness=stiffness_by_sympy)),
        ("contact.size_contact", as_sizing(damping=damping_from_the_double_root)),
        ("contact.normal_force", force_by_vectorized_math),
        ("contact.normal_force", force_as_product_of_masks),
        ("contact.restitution_linear", restitution_with_arcsin_and_a_quadrant_fix),
        ("contact.restitution_linear", restitution_with_complex_numbers),
        ("contact.restitution_linear", restitution_in_a_math_loop),
        ("contact.size_contact", as_sizing(damping=damping_from_critical)),
        ("contact.normal_force", force_with_if),
        ("contact.normal_force", force_with_clip_and_heaviside),
        ("contact.restitution_linear", restitution_by_cases),
        ("contact.restitution_linear", restitution_with_arccos),
        ("contact.size_contact", sizing_by_newton),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers, however written, pass: no mistake captures them."""
    assert summary(exercise_id, answer) == "passed"


def test_the_arcsin_route_passes_with_a_note_on_its_precision():
    """arcsin near 1/sqrt(2) loses half its digits: it passes, and the note says why; the
    arctan2 route gets no note."""
    exercise = get_exercise("contact.restitution_linear")
    text = evaluate(exercise, restitution_with_arcsin_and_a_quadrant_fix).text
    assert text.startswith("PASSED contact.restitution_linear")
    assert "Note: at zeta = 0.70710678" in text and "np.arcsin" in text
    assert "Note:" not in evaluate(exercise, restitution_in_a_math_loop).text


@pytest.mark.parametrize("depth", [0.0, -1e-6, -2e-3])
def test_the_force_is_zero_at_and_below_depth_zero_whatever_the_rate(depth):
    """The cases hold depth = 0 exactly and negative depths with a rate that presses in:
    the text's 'force 0 for depth <= 0' is tested, and the reference gives 0 there."""
    exercise = get_exercise("contact.normal_force")
    pressing = [case for case in exercise.cases()
                if case.kind == "fixed" and case.args[0] == depth and case.args[1] > 0]
    assert pressing, f"no fixed case at depth = {depth} pressing in"
    for case in pressing:
        assert exercise.reference(*case.args) == 0.0
        k, c = case.args[2], case.args[3]
        assert k * case.args[0] + c * case.args[1] > 0   # the gate, not the clamp, makes it 0


# --------------------------------------------------------------------------- wrong answers


def stiffness_in_grams(mass, penetration, g):
    grams = mass * 1e3
    return grams * g / penetration


def stiffness_in_millimetres(mass, penetration, g):
    millimetres = penetration * 1e3
    return mass * g / millimetres


def stiffness_without_g(mass, penetration, g):
    return mass / penetration


def stiffness_with_earths_g(mass, penetration, g):
    return mass * 9.81 / penetration


def stiffness_by_energy(mass, penetration, g):
    # m g d = 1/2 k d^2
    return 2 * mass * g * penetration / penetration**2


def stiffness_mixed_up(mass, penetration, g):
    return g * penetration / mass


def stiffness_over_depth_squared(mass, penetration, g):
    weight = mass * g
    return weight / (penetration * penetration)


def stiffness_with_floor_division(mass, penetration, g):
    weight = mass * g
    return weight // penetration


def damping_over_the_ratio(k, mass, zeta):
    c_critical = 2 * math.sqrt(k * mass)
    return c_critical / zeta


def damping_halved_not_doubled(k, mass, zeta):
    return zeta / 2 * np.sqrt(k * mass)


def damping_with_zeta_inside_the_root(k, mass, zeta):
    return 2 * math.sqrt(zeta * k * mass)


def damping_without_two(k, mass, zeta):
    return zeta * math.sqrt(k * mass)


def damping_with_the_frequency(k, mass, zeta):
    omega = math.sqrt(k / mass)
    return 2 * zeta * omega


def damping_without_sqrt(k, mass, zeta):
    return 2 * zeta * k * mass


def damping_power_one_half(k, mass, zeta):
    return 2 * zeta * (k * mass)**1/2


def damping_critical_only(k, mass, zeta):
    return 2 * np.sqrt(k * mass)


def damping_upside_down(k, mass, zeta):
    # zeta = c / (2 sqrt(k m)) "solved" for c
    return zeta / 2 / math.sqrt(k * mass)


def damping_through_a_massless_omega(k, mass, zeta):
    omega_n = math.sqrt(k)
    return 2 * zeta * mass * omega_n


def force_that_pulls(depth, depth_rate, k, c):
    return np.where(np.asarray(depth) > 0, k * np.asarray(depth) + c * np.asarray(depth_rate),
                    0.0)


def force_apart_too(depth, depth_rate, k, c):
    return np.maximum(k * np.asarray(depth) + c * np.asarray(depth_rate), 0.0)


def force_damping_backwards(depth, depth_rate, k, c):
    d, r = np.asarray(depth), np.asarray(depth_rate)
    return np.where(d > 0, np.maximum(k * d - c * r, 0.0), 0.0)


def force_touching_counts(depth, depth_rate, k, c):
    depth, depth_rate = np.asarray(depth), np.asarray(depth_rate)
    return np.where(depth >= 0, np.maximum(k * depth + c * depth_rate, 0), 0)


def force_with_heaviside_one(depth, depth_rate, k, c):
    return np.heaviside(depth, 1.0) * np.clip(k * np.asarray(depth) + c * np.asarray(depth_rate),
                                              0, None)


def force_spring_gated_only(depth, depth_rate, k, c):
    spring = k * np.maximum(depth, 0.0)
    return np.maximum(spring + c * np.asarray(depth_rate), 0.0)


def force_spring_only(depth, depth_rate, k, c):
    depth = np.asarray(depth)
    return np.where(depth > 0, k * depth, 0.0)


def force_with_abs(depth, depth_rate, k, c):
    depth = np.asarray(depth)
    return np.where(depth > 0, np.abs(k * depth + c * np.asarray(depth_rate)), 0.0)


def force_with_minimum(depth, depth_rate, k, c):
    depth = np.asarray(depth)
    return np.where(depth > 0, np.minimum(k * depth + c * np.asarray(depth_rate), 0.0), 0.0)


def force_k_c_swapped(depth, depth_rate, k, c):
    depth, rate = np.asarray(depth), np.asarray(depth_rate)
    return np.where(depth > 0, np.maximum(c * depth + k * rate, 0.0), 0.0)


def force_damper_cannot_pull(depth, depth_rate, k, c):
    depth = np.asarray(depth)
    damper = np.clip(c * np.asarray(depth_rate), 0.0, None)
    return (depth > 0) * (k * depth + damper)


def force_each_part_at_least_zero(depth, depth_rate, k, c):
    spring = np.clip(k * np.asarray(depth), 0.0, None)
    damper = np.clip(c * np.asarray(depth_rate), 0.0, None)
    return spring + damper


def force_spring_clipped_damper_free(depth, depth_rate, k, c):
    d, r = np.asarray(depth, dtype=float), np.asarray(depth_rate, dtype=float)
    spring = np.where(d > 0, k * d, 0.0)
    return spring + c * r


def restitution_cosine_turned_round(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.arctan2(2 * zeta * s, 1 - 2 * zeta**2)
    return np.exp(-zeta * phi / s)


def restitution_undamped(zeta):
    return np.exp(-math.pi * np.asarray(zeta))


def restitution_classic(zeta):
    zeta = np.asarray(zeta)
    omega_ratio = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * math.pi / omega_ratio)


def restitution_arcsin(zeta):
    zeta = np.asarray(zeta)
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.arcsin(2 * zeta * s) / s)


def restitution_arctan2_swapped(zeta):
    zeta = np.asarray(zeta)
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.arctan2(2 * zeta**2 - 1, 2 * zeta * s) / s)


def restitution_plus_sign(zeta):
    zeta = np.asarray(zeta)
    s = np.sqrt(1 - zeta**2)
    return np.exp(zeta * np.arctan2(2 * zeta * s, 2 * zeta**2 - 1) / s)


def restitution_without_s(zeta):
    zeta = np.asarray(zeta)
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.arctan2(2 * zeta * s, 2 * zeta**2 - 1))


def restitution_s_without_sqrt(zeta):
    zeta = np.asarray(zeta)
    s = 1 - zeta**2
    return np.exp(-zeta * np.arctan2(2 * zeta * s, 2 * zeta**2 - 1) / s)


def restitution_root_of_one_minus_zeta(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = (1 - zeta) ** 0.5
    return np.exp(-zeta * np.arctan2(2 * zeta * s, 2 * zeta * zeta - 1) / s)


def restitution_sine_without_two(zeta):
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta * zeta)
    sine, cosine = zeta * s, 2 * zeta * zeta - 1
    return np.exp(-zeta * np.arctan2(sine, cosine) / s)


def restitution_obtuse_branch_everywhere(zeta):
    """sin(phi) = 2 zeta s, and phi put in the second quadrant as for light damping, at every
    zeta."""
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.pi - np.arcsin(np.minimum(2 * zeta * s, 1.0))
    return np.exp(-zeta * phi / s)


def restitution_arctan_plus_pi(zeta):
    """tan(phi) = 2 zeta s / (2 zeta^2 - 1), and pi added to np.arctan at every zeta."""
    zeta = np.asarray(zeta, dtype=float)
    s = np.sqrt(1 - zeta**2)
    phi = np.pi + np.arctan(2 * zeta * s / (2 * zeta**2 - 1))
    return np.exp(-zeta * phi / s)


STUDENTS = [
    ("contact.size_contact", as_sizing(stiffness=stiffness_in_grams), "1000 times too stiff"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_in_millimetres), "1000 times too soft"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_without_g), "g is missing"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_with_earths_g), "the number 9.81"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_by_energy), "an energy balance"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_mixed_up),
     "mass and penetration exchanged"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_over_depth_squared),
     "the penetration squared"),
    ("contact.size_contact", as_sizing(stiffness=stiffness_with_floor_division),
     "a floor division"),
    ("contact.size_contact", as_sizing(damping=damping_without_two), "factor 2 is missing"),
    ("contact.size_contact", as_sizing(damping=damping_over_the_ratio),
     "the critical damping divided by zeta"),
    ("contact.size_contact", as_sizing(damping=damping_halved_not_doubled),
     "a quarter of the right value"),
    ("contact.size_contact", as_sizing(damping=damping_with_zeta_inside_the_root),
     "zeta under the square root"),
    ("contact.size_contact", as_sizing(damping=damping_with_the_frequency), "sqrt(k / m)"),
    ("contact.size_contact", as_sizing(damping=damping_without_sqrt),
     "the square root is missing (2 zeta"),
    ("contact.size_contact", as_sizing(damping=damping_power_one_half), "which Python reads as"),
    ("contact.size_contact", as_sizing(damping=damping_critical_only), "zeta is missing"),
    ("contact.size_contact", as_sizing(damping=damping_upside_down), "upside down"),
    ("contact.size_contact", as_sizing(damping=damping_through_a_massless_omega),
     "the mass missing under the root"),
    ("contact.normal_force", force_that_pulls, "pulls near the end"),
    ("contact.normal_force", force_apart_too, "while the bodies are apart"),
    ("contact.normal_force", force_damping_backwards, "damping sign is reversed"),
    ("contact.normal_force", force_touching_counts, "a force at depth = 0 exactly"),
    ("contact.normal_force", force_with_heaviside_one, "a force at depth = 0 exactly"),
    ("contact.normal_force", force_spring_gated_only, "only the spring term is gated"),
    ("contact.normal_force", force_spring_only, "the damping term is missing"),
    ("contact.normal_force", force_with_abs, "np.abs turns the pull into a push"),
    ("contact.normal_force", force_with_minimum, "keeps the pulls and drops the pushes"),
    ("contact.normal_force", force_k_c_swapped, "k and c exchanged"),
    ("contact.normal_force", force_damper_cannot_pull, "the damper's part clamped on its own"),
    ("contact.normal_force", force_each_part_at_least_zero,
     "each clamped at zero on their own"),
    ("contact.normal_force", force_spring_clipped_damper_free,
     "only the spring is cut off at depth 0"),
    ("contact.restitution_linear", restitution_undamped, "undamped spring"),
    ("contact.restitution_linear", restitution_classic, "end at depth 0"),
    ("contact.restitution_linear", restitution_arcsin, "arcsin(2 zeta s)"),
    ("contact.restitution_linear", restitution_arctan2_swapped, "np.arctan2 exchanged"),
    ("contact.restitution_linear", restitution_plus_sign, "the minus sign"),
    ("contact.restitution_linear", restitution_without_s, "the division by s is missing"),
    ("contact.restitution_linear", restitution_s_without_sqrt, "without the square root"),
    ("contact.restitution_linear", restitution_root_of_one_minus_zeta,
     "the square of zeta missing"),
    ("contact.restitution_linear", restitution_sine_without_two, "the 2 of 2 zeta s missing"),
    ("contact.restitution_linear", restitution_cosine_turned_round,
     "cos(phi) with the wrong sign"),
    ("contact.restitution_linear", restitution_obtuse_branch_everywhere,
     "phi kept between pi/2 and pi at every zeta"),
    ("contact.restitution_linear", restitution_arctan_plus_pi,
     "pi added to np.arctan at every zeta"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """Each wrong answer, written as a student writes it, is named by its own mistake."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def force_with_the_rate_squared(depth, depth_rate, k, c):
    d, r = np.asarray(depth), np.asarray(depth_rate)
    return np.where(d > 0, np.maximum(k * d + c * r * np.abs(r), 0.0), 0.0)


def restitution_one_minus_zeta(zeta):
    return 1 - np.asarray(zeta)


def stiffness_a_millimetre_more(mass, penetration, g):
    return mass * g / (penetration + 1e-3)


def damping_all_under_the_root(k, mass, zeta):
    return np.sqrt(2 * zeta * k * mass)


def force_half_at_touch(depth, depth_rate, k, c):
    return np.heaviside(depth, 0.5) * np.clip(k * np.asarray(depth) + c * np.asarray(depth_rate),
                                              0, None)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("contact.normal_force", force_with_the_rate_squared),
    ("contact.restitution_linear", restitution_one_minus_zeta),
    ("contact.size_contact", as_sizing(stiffness=stiffness_a_millimetre_more)),
    ("contact.size_contact", as_sizing(damping=damping_all_under_the_root)),
    ("contact.normal_force", force_half_at_touch),
], ids=lambda value: getattr(value, "__name__", value))
def test_an_unlisted_slip_is_wrong_but_not_misnamed(exercise_id, answer):
    """A wrong answer that no mistake explains gets the generic message, no wrong name."""
    assert_generic_failure(exercise_id, answer)


#: The answers of chapter 3 as a hint would write them: no message may print them.
ANSWER_LINES = ["mass * g / penetration", "m g / d", "2 zeta sqrt(k m)",
                "2 * zeta * np.sqrt(k * mass)", "max(k depth + c depth_rate, 0)",
                "np.maximum(k * depth", "arctan2(2 zeta s, 2 zeta^2 - 1)",
                "np.arctan2(2 * zeta * s"]


@pytest.mark.parametrize("exercise_id", [i for i in exercise_ids() if i.startswith("contact.")])
def test_no_message_prints_the_answer(exercise_id):
    """Mistake names and hints, and the cases' texts, teach without printing the formula
    the student is asked to type."""
    exercise = get_exercise(exercise_id)
    texts = [text for mistake in exercise.mistakes for text in (mistake.name, mistake.hint)]
    texts += [text for case in exercise.cases() for text in (case.about, case.hint, case.note)]
    for text in texts:
        assert not [line for line in ANSWER_LINES if line in " ".join(text.split())], text


def sizing_with_the_classic_restitution(mass, penetration, restitution, g):
    k = mass * g / penetration
    ln_e = math.log(restitution)
    zeta = -ln_e / math.sqrt(math.pi**2 + ln_e**2)     # e = exp(-pi zeta / sqrt(1 - zeta^2))
    return k, 2 * zeta * math.sqrt(k * mass)


def sizing_with_e_as_zeta(mass, penetration, restitution, g):
    k = mass * g / penetration
    return k, 2 * restitution * math.sqrt(k * mass)


def sizing_with_the_half_period(mass, penetration, restitution, g):
    k = mass * g / penetration
    zeta = -math.log(restitution) / math.pi
    return k, 2 * zeta * math.sqrt(k * mass)


@pytest.mark.parametrize(("answer", "name"), [
    (sizing_with_the_classic_restitution, "the classic restitution"),
    (sizing_with_e_as_zeta, "the restitution taken for the damping ratio"),
    (sizing_with_the_half_period, "the undamped half period"),
], ids=lambda value: getattr(value, "__name__", value))
def test_size_contact_students_wrong_ratios_are_named(answer, name):
    """A damping ratio found the wrong way round is named by its mistake."""
    line = summary("contact.size_contact", answer)
    assert line.startswith("contact.size_contact: wrong result — looks like ") and name in line


def test_size_contact_a_coarse_table_is_not_enough():
    """zeta interpolated in a table is 1e-6 off: rejected, and no mistake is claimed."""
    assert_generic_failure("contact.size_contact", sizing_zeta_from_a_table)


# --------------------------------------------------------------------------- 3.5 stop by impulses


def stop_by_the_arithmetic_series(v0, mu, h, g):
    """No loop: the speeds form an arithmetic series, summed in closed form."""
    dv = mu * g * h
    n_slide = math.ceil(v0 / dv) - 1
    distance = h * (n_slide * v0 - dv * n_slide * (n_slide + 1) / 2)
    return distance, (n_slide + 1) * h


def stop_with_numpy(v0, mu, h, g):
    """All speeds at once, clipped at zero, then summed."""
    dv = mu * g * h
    n = math.ceil(v0 / dv) + 1
    speeds = np.maximum(v0 - dv * np.arange(1, n + 1), 0.0)
    return h * speeds.sum(), h * (np.flatnonzero(speeds == 0.0)[0] + 1)


def stop_with_the_lcp_by_cases(v0, mu, h, g):
    """The one-contact LCP by cases, with a mass and the normal impulse written out."""
    m = 2.7
    p_n = m * g * h
    x, v, k = 0.0, v0, 0
    while True:
        k += 1
        p_t = -m * v if abs(m * v) <= mu * p_n else -mu * p_n * np.sign(v)
        v = v + p_t / m
        x += h * v
        if v == 0.0:
            return x, k * h


@pytest.mark.parametrize("answer", [stop_by_the_arithmetic_series, stop_with_numpy,
                                    stop_with_the_lcp_by_cases],
                         ids=lambda f: f.__name__)
def test_stop_by_impulses_right_answers_pass(answer):
    """Loops, a closed-form series and array code pass alike."""
    assert summary("contact.stop_by_impulses", answer) == "passed"


def stop_student_continuous(v0, mu, h, g):
    a = mu * g
    return v0 * v0 / (2 * a), v0 / a


def stop_student_euler(v0, mu, h, g):
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        x += v * h
        v -= mu * g * h
        if v < 0:
            v = 0.0
        t += h
    return x, t


def stop_student_overshoot(v0, mu, h, g):
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        v = v - mu * g * h
        x = x + v * h
        t = t + h
    return x, t


def stop_student_no_g(v0, mu, h, g):
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        v = max(0.0, v - mu * h)
        x = x + v * h
        t = t + h
    return x, t


def stop_student_steps(v0, mu, h, g):
    x, v, n = 0.0, v0, 0
    while v > 0:
        v = max(0.0, v - mu * g * h)
        x = x + v * h
        n = n + 1
    return x, n


def stop_student_one_early(v0, mu, h, g):
    x, v, n = 0.0, v0, 0
    while True:
        v = max(0.0, v - mu * g * h)
        x = x + v * h
        if v == 0:
            break
        n = n + 1
    return x, n * h


def stop_student_lost_acceleration(v0, mu, h, g):
    """mu g off the speed each step, a deceleration where the impulse mu g h belongs."""
    x, v, steps = 0.0, v0, 0
    while v > 0:
        v = max(0.0, v - mu * g)
        x += h * v
        steps += 1
    return x, steps * h


def stop_student_chapter_step(v0, mu, h, g):
    """The chapter's 1 ms step written into the loop in place of the argument h."""
    step = 1e-3
    x, v, steps = 0.0, v0, 0
    while v > 0:
        v = max(0.0, v - mu * g * step)
        x += step * v
        steps += 1
    return x, steps * step


def stop_student_trapezoid(v0, mu, h, g):
    x, v, t = 0.0, v0, 0.0
    while v > 0:
        v_new = max(0.0, v - mu * g * h)
        x += h * (v + v_new) / 2
        v, t = v_new, t + h
    return x, t


@pytest.mark.parametrize(("answer", "name"), [
    (stop_student_continuous, "the continuous closed forms"),
    (stop_student_euler, "explicit Euler"),
    (stop_student_overshoot, "friction that cannot stick"),
    (stop_student_no_g, "g missing"),
    (stop_student_steps, "the time counted in steps"),
    (stop_student_one_early, "the time one step early"),
    (stop_student_trapezoid, "the mean of the step's speeds"),
    (stop_student_lost_acceleration, "a force per unit mass where an impulse belongs"),
], ids=lambda value: getattr(value, "__name__", value))
def test_stop_by_impulses_students_wrong_answers_are_named(answer, name):
    """Each wrong loop, written as a student writes it, is named by its mistake."""
    line = summary("contact.stop_by_impulses", answer)
    assert line.startswith("contact.stop_by_impulses: wrong result — looks like ")
    assert name in line


def test_stop_by_impulses_unlisted_slip_gets_the_generic_message():
    """The chapter's step written into the loop is right only where h is 1 ms, and no
    mistake names it."""
    assert_generic_failure("contact.stop_by_impulses", stop_student_chapter_step)


def test_stop_by_impulses_reference_is_the_simulated_scheme():
    """The check's reference equals robodyn.contact.timestepping.simulate on its fixed cases."""
    from robodyn.contact import timestepping

    exercise = get_exercise("contact.stop_by_impulses")
    for case in [c for c in exercise.cases() if c.kind == "fixed"]:
        v0, mu, h, g = case.args
        run = timestepping.simulate(position=(0.0, 0.0), velocity=(v0, 0.0), mu=mu, h=h,
                                    g=g, t_end=v0 / (mu * g) + 3 * h)
        distance, time = exercise.reference(*case.args)
        assert run.x[-1] == pytest.approx(distance, rel=1e-9, abs=1e-12)
        stopped = run.t[np.flatnonzero(np.abs(run.vx) < 1e-12)[0]]
        assert stopped == pytest.approx(time, rel=1e-9)


# --------------------------------------------------------------------------- 3.4 Euler step


def euler_limit_by_sympy(k, c, mass):
    """|1 + h lambda|^2 = 1 solved symbolically for each root of m s^2 + c s + k."""
    s, h = sympy.symbols("s h")
    limits = []
    for lam in sympy.solve(mass * s**2 + c * s + k, s):
        lam = complex(lam)
        if lam == 0:
            return 0.0
        roots = sympy.solve((1 + h * lam.real) ** 2 + (h * lam.imag) ** 2 - 1, h)
        limits.append(max(float(r) for r in roots))
    return min(limits)


def euler_limit_by_bisection(k, c, mass):
    """Bisection on the spectral radius of I + h A."""
    A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])

    def radius(h):
        return max(abs(np.linalg.eigvals(np.eye(2) + h * A)))

    if c == 0:
        return 0.0          # |1 + i h omega| > 1 for every h > 0
    low, high = 0.0, 10 / math.sqrt(k / mass)
    for _ in range(200):
        mid = (low + high) / 2
        low, high = (mid, high) if radius(mid) <= 1 + 1e-15 else (low, mid)
    return low


@pytest.mark.parametrize("answer", [euler_limit_by_sympy, euler_limit_by_bisection],
                         ids=lambda f: f.__name__)
def test_euler_step_limit_right_answers_pass(answer):
    """sympy on the circle condition and a bisection on the spectral radius pass."""
    assert summary("contact.euler_step_limit", answer) == "passed"


def euler_student_undamped(k, c, mass):
    return 2 / math.sqrt(k / mass)


def euler_student_abs(k, c, mass):
    lam = np.roots([mass, c, k])
    return float(min(1 / abs(lam)))


def euler_student_slow(k, c, mass):
    w = math.sqrt(k / mass)
    z = c / (2 * math.sqrt(k * mass))
    if z < 1:
        return 2 * z / w
    return 2 / (w * (z - math.sqrt(z * z - 1)))


def euler_student_damper_alone(k, c, mass):
    """The fast eigenvalue of a heavily damped contact, -c / m, for every damping."""
    return 2 * mass / c


def euler_student_damper_alone_from_zeta(k, c, mass):
    """The same limit through zeta and omega_n (NumPy numbers: inf without damping)."""
    omega_n = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    return 2 / (2 * zeta * omega_n)


@pytest.mark.parametrize(("answer", "name"), [
    (euler_student_undamped, "2 / omega_n at every damping"),
    (euler_student_damper_alone_from_zeta, "the damper's eigenvalue -c/m alone"),
    (euler_student_abs, "h |lambda| <= 1"),
    (euler_student_slow, "the slow eigenvalue"),
], ids=lambda value: getattr(value, "__name__", value))
def test_euler_step_limit_students_wrong_answers_are_named(answer, name):
    """Each wrong limit, written as a student writes it, is named by its mistake."""
    line = summary("contact.euler_step_limit", answer)
    assert line.startswith("contact.euler_step_limit: wrong result — looks like ")
    assert name in line


def test_euler_step_limit_two_m_over_c_is_named_where_it_divides_by_zero():
    """h = 2 m / c in plain Python raises ZeroDivisionError without damping: that error and
    the values of the damped cases are named by the one mistake, with its hint."""
    outcome = evaluate(get_exercise("contact.euler_step_limit"), euler_student_damper_alone)
    line = outcome.result.summary
    assert line.startswith("contact.euler_step_limit: your answer raised ZeroDivisionError — "
                           "looks like ") and "the damper's eigenvalue -c/m alone" in line
    assert "Hint: " in str(outcome.failure)


def test_euler_step_limit_reference_against_stepping():
    """Stepped 4000 times, the contact decays just below the limit and grows just above."""
    exercise = get_exercise("contact.euler_step_limit")
    for case in exercise.cases():
        k, c, mass = case.args
        h_max = exercise.reference(*case.args)
        A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])

        omega = math.sqrt(k / mass)

        def size_after(h, A=A, omega=omega):
            x = np.array([0.0, 1.0])
            for _ in range(4000):
                x = x + h * (A @ x)
            return np.hypot(x[0] * omega, x[1])

        if h_max == 0.0:
            assert size_after(1e-3 / omega) > 1.0     # undamped: grows at any step
            continue
        assert size_after(0.98 * h_max) < 1.0 < size_after(1.02 * h_max)
