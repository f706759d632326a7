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
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

from robodyn.grading import evaluate, exercise_ids, get_exercise

# --------------------------------------------------------------------------- right answers


def stiffness_from_the_weight(mass, penetration, g):
    weight = mass * g          # N
    return weight / penetration


def damping_from_critical(k, mass, zeta):
    critical = 2 * math.sqrt(k * mass)
    return zeta * critical


def foot_by_shapes(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Per foot: the pushing part found with ifs, then a trapezoid's area and centroid."""
    def one(d0, d1, r0, r1):
        p0, p1 = k * d0 + c * r0, k * d1 + c * r1
        x0, x1 = -width / 2, width / 2
        for f0, f1 in ((d0, d1), (p0, p1)):      # cut where depth, then pressure, is 0
            if f0 <= 0 and f1 <= 0:
                return 0.0, 0.0
            if f0 != f1:
                cross = -width / 2 + width * f0 / (f0 - f1)
                if f0 <= 0:
                    x0 = max(x0, cross)
                elif f1 <= 0:
                    x1 = min(x1, cross)
        if x1 <= x0:
            return 0.0, 0.0

        def pressure(x):
            return p0 + (p1 - p0) * (x / width + 0.5)

        a, b = pressure(x0), pressure(x1)
        area = (a + b) / 2 * (x1 - x0)
        centroid = x0 + (x1 - x0) * (a + 2 * b) / (3 * (a + b))
        return area, area * centroid

    if np.ndim(depth_left) == 0:
        return one(depth_left, depth_right, rate_left, rate_right)
    pairs = [one(*values) for values in zip(depth_left, depth_right, rate_left, rate_right,
                                              strict=True)]
    return np.array([f for f, _ in pairs]), np.array([m for _, m in pairs])


def foot_by_sympy(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """sympy integrates the clamped, gated pressure as a Piecewise, exactly."""
    x = sympy.Symbol("x", real=True)
    s = x / width + sympy.Rational(1, 2)
    depth = depth_left + (depth_right - depth_left) * s
    raw = k * depth + c * (rate_left + (rate_right - rate_left) * s)
    pressure = sympy.Piecewise((raw, (depth > 0) & (raw > 0)), (0, True))
    limits = (x, -width / 2, width / 2)
    return (float(sympy.integrate(pressure, limits)),
            float(sympy.integrate(x * pressure, limits)))


def foot_by_sympy_per_foot(depth_left, depth_right, rate_left, rate_right, width, k, c):
    def one(d0, d1, r0, r1):
        return foot_by_sympy(d0, d1, r0, r1, width, k, c)

    return np.vectorize(one, otypes=[float, float])(depth_left, depth_right, rate_left,
                                                    rate_right)


def _impact_run(mass, k, c, v0, g, event="force", gravity=1.0, rtol=1e-12):
    """An impact with solve_ivp, stopped by an event: on the force (or on the depth, or on
    the acceleration reaching g, the free fall): the speed out of the floor, or None."""
    def motion(t, y):
        return [y[1], gravity * g - (k * y[0] + c * y[1]) / mass]

    def stop(t, y):
        if event == "depth":
            return y[0] if t > 0 else 1.0
        if event == "free fall":
            return gravity * g - motion(t, y)[1]     # g less the acceleration
        return k * y[0] + c * y[1]

    stop.terminal, stop.direction = True, -1
    run = solve_ivp(motion, (0.0, 40 * math.pi * math.sqrt(mass / k)), [0.0, v0],
                    method="DOP853", rtol=rtol, atol=1e-16, events=stop)
    return -run.y_events[0][0][1] if run.t_events[0].size else None


def bounce_in_free_fall(mass, k, c, v0, g):
    """Released when the body falls freely, its acceleration into the floor back to g."""
    out = _impact_run(mass, k, c, v0, g, event="free fall")
    return 0.0 if out is None else out / v0


def bounce_by_the_closed_form(mass, k, c, v0, g):
    """The oscillator about the depth at rest, written with real functions; the first minimum
    of the force bracketed on a grid, the release found by brentq."""
    omega = math.sqrt(k / mass)
    zeta = c / (2 * math.sqrt(k * mass))
    wd = omega * math.sqrt(1 - zeta**2)
    rest = g / omega**2
    a, b = -rest, (v0 - zeta * omega * rest) / wd

    def u(t):
        return math.exp(-zeta * omega * t) * (a * math.cos(wd * t) + b * math.sin(wd * t))

    def du(t):
        decay = math.exp(-zeta * omega * t)
        return decay * ((b * wd - zeta * omega * a) * math.cos(wd * t)
                        - (a * wd + zeta * omega * b) * math.sin(wd * t))

    def force(t):
        return k * (rest + u(t)) + c * du(t)

    times = np.linspace(0, 2 * math.pi / wd, 20001)
    values = np.array([force(t) for t in times])
    below = np.flatnonzero(values < 0)
    if below.size == 0:
        return 0.0
    release = brentq(force, times[below[0] - 1], times[below[0]], xtol=1e-16, rtol=1e-15)
    return -du(release) / v0


def stiffness_by_sympy(mass, penetration, g):
    k, d, m, gravity = sympy.symbols("k d m g", positive=True)
    solved = sympy.solve(sympy.Eq(k * d, m * gravity), k)[0]
    return sympy.lambdify((m, d, gravity), solved, "numpy")(mass, penetration, g)


def damping_from_the_double_root(k, mass, zeta):
    """Critical damping where the discriminant c^2 - 4 k m of m s^2 + c s + k vanishes."""
    c = sympy.symbols("c", positive=True)
    critical = sympy.solve(c**2 - 4 * sympy.Float(k) * sympy.Float(mass), c)[0]
    return zeta * float(critical)


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
        ("contact.normal_force", foot_by_shapes),
        ("contact.restitution_linear", bounce_in_free_fall),
        ("contact.size_contact", as_sizing(damping=damping_from_critical)),
        ("contact.normal_force", foot_by_sympy_per_foot),
        ("contact.restitution_linear", bounce_by_the_closed_form),
        ("contact.size_contact", sizing_by_newton),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_right_answers_in_unusual_forms_pass(exercise_id, answer):
    """Right answers, however written, pass: no mistake captures them."""
    assert summary(exercise_id, answer) == "passed"


def test_bounce_reference_agrees_with_a_simulated_impact():
    """The closed form with a root finder agrees with solve_ivp (DOP853, an event on the
    force) on every case, hidden ones included; where the reference says 0, the force of the
    simulation never returns to zero."""
    exercise = get_exercise("contact.restitution_linear")
    for case in exercise.hidden_cases(7, rounds=2):
        out = _impact_run(*case.args)
        simulated = 0.0 if out is None else out / case.args[3]
        assert exercise.reference(*case.args) == pytest.approx(simulated, rel=1e-9, abs=1e-12)


def test_bounce_reference_tends_to_the_chapters_closed_form():
    """Fast impacts give the book's restitution without gravity, robodyn.contact.restitution_
    linear, the error falling like g / (omega_n v0); slower ones bounce less, and below a
    speed of order g / omega_n not at all. Every case lies below the fast limit, so the
    closed form without gravity fails them."""
    from robodyn import contact

    exercise = get_exercise("contact.restitution_linear")
    mass, k, c, g = 1.0, 1e4, 50.0, 9.81
    limit = contact.restitution_linear(c / (2 * math.sqrt(k * mass)))
    speeds = [0.2, 0.5, 1.0, 3.0, 10.0, 100.0, 1000.0]
    bounces = [exercise.reference(mass, k, c, v0, g) for v0 in speeds]
    assert bounces[0] == 0.0 and np.all(np.diff(bounces) > 0)
    assert abs(bounces[-1] - limit) < 0.2 * abs(bounces[-2] - limit)
    assert bounces[-1] == pytest.approx(limit, rel=1e-4)
    for case in exercise.cases():
        mass, k, c, v0, g = case.args
        assert exercise.reference(*case.args) < contact.restitution_linear(
            c / (2 * math.sqrt(k * mass))) - 1e-4


def test_foot_reference_agrees_with_quadrature_of_the_point_law():
    """The exact integrals agree with scipy's quad of the book's point law,
    robodyn.contact.normal_force, at every point of the foot (the kinks given as points)."""
    from scipy.integrate import quad

    from robodyn import contact

    exercise = get_exercise("contact.normal_force")
    for case in exercise.hidden_cases(5, rounds=2):
        if np.ndim(case.args[0]):
            continue
        d0, d1, r0, r1, width, k, c = case.args

        def pressure(x, d0=d0, d1=d1, r0=r0, r1=r1, width=width, k=k, c=c):
            s = x / width + 0.5
            return contact.normal_force(d0 + (d1 - d0) * s, r0 + (r1 - r0) * s, k, c)

        kinks = [width * (f0 / (f0 - f1) - 0.5) for f0, f1 in
                 ((d0, d1), (k * d0 + c * r0, k * d1 + c * r1))
                 if f0 != f1 and 0 < f0 / (f0 - f1) < 1]
        options = dict(points=kinks or None, epsabs=1e-13, epsrel=1e-12, limit=200)
        force = quad(pressure, -width / 2, width / 2, **options)[0]
        moment = quad(lambda x: x * pressure(x), -width / 2, width / 2, **options)[0]
        scale = k * 2e-3 * width
        np.testing.assert_allclose(exercise.reference(*case.args), (force, moment),
                                   rtol=1e-9, atol=1e-10 * scale, err_msg=case.about)


def test_foot_reference_reduces_to_the_point_law_and_mirrors():
    """A level foot is the point law times the width, with no moment; a foot turned round
    (the ends exchanged) has the same force and the opposite moment; every fixed case but the
    level ones is tilted or rocking, so the point law alone does not pass."""
    from robodyn import contact

    exercise = get_exercise("contact.normal_force")
    for depth, rate in ((1e-3, 0.0), (1e-3, -0.6), (2e-4, 0.3), (-1e-4, 1.0), (0.0, 1.0)):
        force, moment = exercise.reference(depth, depth, rate, rate, 0.1, 1e6, 2e3)
        assert force == pytest.approx(0.1 * contact.normal_force(depth, rate, 1e6, 2e3),
                                      rel=1e-12, abs=1e-12)
        assert moment == pytest.approx(0.0, abs=1e-12)
    for case in exercise.cases():
        d0, d1, r0, r1, *foot = case.args
        force, moment = exercise.reference(*case.args)
        turned = exercise.reference(d1, d0, r1, r0, *foot)
        np.testing.assert_allclose(turned, (force, -moment), rtol=1e-12, atol=1e-12)
    tilted = [case for case in exercise.cases() if case.kind == "fixed"
              and case.args[:2] != case.args[2:4] and case.args[0] != case.args[1]]
    assert len(tilted) >= 5


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


def foot_that_pulls(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Integrates k d + c r over the part in the floor, pulls included."""
    d0, d1 = float(depth_left), float(depth_right)
    p0, p1 = k * d0 + c * rate_left, k * d1 + c * rate_right
    x0, x1 = -width / 2, width / 2
    if d0 <= 0 and d1 <= 0:
        return 0.0, 0.0
    if d0 != d1:
        cross = -width / 2 + width * d0 / (d0 - d1)
        x0, x1 = (cross, x1) if d0 <= 0 else (x0, cross) if d1 <= 0 else (x0, x1)

    def pressure(x):
        return p0 + (p1 - p0) * (x / width + 0.5)

    a, b = pressure(x0), pressure(x1)
    force = (a + b) / 2 * (x1 - x0)
    # moment of a linear pressure: integral of x p(x)
    slope = (p1 - p0) / width
    intercept = pressure(0.0)
    moment = intercept * (x1**2 - x0**2) / 2 + slope * (x1**3 - x0**3) / 3
    return force, moment


def _foot_ends(depth_left, depth_right, rate_left, rate_right, k, c):
    def point(d, r):
        return np.where(np.asarray(d) > 0, np.maximum(k * np.asarray(d) + c * np.asarray(r), 0),
                        0.0)

    return point(depth_left, rate_left), point(depth_right, rate_right)


def foot_trapezoid_of_the_ends(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The chapter's point law at each end, then a trapezoid between them."""
    left, right = _foot_ends(depth_left, depth_right, rate_left, rate_right, k, c)
    return width * (left + right) / 2, width**2 * (right - left) / 12


def foot_two_springs_at_the_corners(depth_left, depth_right, rate_left, rate_right, width, k,
                                    c):
    """Two point contacts, k w / 2 and c w / 2 each, at x = -w/2 and x = w/2."""
    left, right = _foot_ends(depth_left, depth_right, rate_left, rate_right, k * width / 2,
                             c * width / 2)
    return left + right, width / 2 * (right - left)


def foot_at_its_middle(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The middle's depth and rate in the point law, times the width."""
    d = (np.asarray(depth_left) + np.asarray(depth_right)) / 2
    r = (np.asarray(rate_left) + np.asarray(rate_right)) / 2
    force = width * np.where(d > 0, np.maximum(k * d + c * r, 0.0), 0.0)
    return force, np.zeros_like(force)


def foot_with_dampers_that_cannot_pull(depth_left, depth_right, rate_left, rate_right,
                                       width, k, c):
    """sympy, per foot: the springs where the foot is in, plus the dampers only where they
    push, max(c rate, 0)."""
    x = sympy.Symbol("x", real=True)

    def one(d0, d1, r0, r1):
        s = x / width + sympy.Rational(1, 2)
        depth, rate = d0 + (d1 - d0) * s, r0 + (r1 - r0) * s
        pressure = sympy.Piecewise((k * depth + sympy.Max(c * rate, 0), depth > 0), (0, True))
        limits = (x, -width / 2, width / 2)
        return (float(sympy.integrate(pressure, limits)),
                float(sympy.integrate(x * pressure, limits)))

    return np.vectorize(one, otypes=[float, float])(depth_left, depth_right, rate_left,
                                                    rate_right)


def foot_moment_in_s(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Integrated over s = x / width + 1/2 by shapes; in the moment the lever arm
    width (s - 1/2) is written, but not dx = width ds."""
    force, moment = foot_by_shapes(depth_left, depth_right, rate_left, rate_right, width, k, c)
    return force, moment / width


def bounce_with_the_weight_as_g(mass, k, c, v0, g):
    """m depth'' = g - (k depth + c rate): the weight written g."""
    out = _impact_run(mass, k, c, v0, g, gravity=1.0 / mass)
    return 0.0 if out is None else out / v0


def bounce_by_the_closed_form_at_omega_n(mass, k, c, v0, g):
    """The closed form of bounce_by_the_closed_form with omega_n for the damped frequency."""
    omega = math.sqrt(k / mass)
    zeta = c / (2 * math.sqrt(k * mass))
    rest = g / omega**2
    a, b = -rest, (v0 - zeta * omega * rest) / omega

    def du(t):
        decay = math.exp(-zeta * omega * t)
        return decay * ((b * omega - zeta * omega * a) * math.cos(omega * t)
                        - (a * omega + zeta * omega * b) * math.sin(omega * t))

    def force(t):
        u = math.exp(-zeta * omega * t) * (a * math.cos(omega * t) + b * math.sin(omega * t))
        return k * (rest + u) + c * du(t)

    times = np.linspace(0, 2 * math.pi / omega, 20001)
    values = np.array([force(t) for t in times])
    below = np.flatnonzero(values < 0)
    if below.size == 0:
        return 0.0
    release = brentq(force, times[below[0] - 1], times[below[0]], xtol=1e-16, rtol=1e-15)
    return -du(release) / v0


def bounce_without_gravity(mass, k, c, v0, g):
    """The closed form of section 3.1, from zeta."""
    zeta = c / (2 * math.sqrt(k * mass))
    s = math.sqrt(1 - zeta**2)
    return math.exp(-zeta * math.atan2(2 * zeta * s, 2 * zeta**2 - 1) / s)


def bounce_ends_at_depth_zero(mass, k, c, v0, g):
    out = _impact_run(mass, k, c, v0, g, event="depth")
    return 0.0 if out is None else out / v0


def bounce_as_energy(mass, k, c, v0, g):
    out = _impact_run(mass, k, c, v0, g)
    return 0.0 if out is None else (out / v0) ** 2


def bounce_gravity_upwards(mass, k, c, v0, g):
    out = _impact_run(mass, k, c, v0, g, gravity=-1.0)
    return 0.0 if out is None else out / v0


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
    ("contact.normal_force", foot_trapezoid_of_the_ends, "the point law applied at the two ends"),
    ("contact.normal_force", foot_two_springs_at_the_corners, "two point contacts"),
    ("contact.normal_force", foot_at_its_middle, "the point law at the centre's depth"),
    ("contact.restitution_linear", bounce_without_gravity, "gravity left out"),
    ("contact.restitution_linear", bounce_ends_at_depth_zero, "the depth is back to zero"),
    ("contact.restitution_linear", bounce_as_energy, "e squared"),
    ("contact.restitution_linear", bounce_gravity_upwards, "gravity with the wrong sign"),
    ("contact.normal_force", foot_with_dampers_that_cannot_pull, "only the dampers kept"),
    ("contact.normal_force", foot_moment_in_s, "one factor of the width short"),
    ("contact.restitution_linear", bounce_with_the_weight_as_g, "the weight written as g"),
    ("contact.restitution_linear", bounce_by_the_closed_form_at_omega_n,
     "omega_n where the damped frequency belongs"),
]


@pytest.mark.parametrize(("exercise_id", "answer", "name"), STUDENTS,
                         ids=[answer.__name__ for _, answer, _ in STUDENTS])
def test_students_wrong_answers_are_named(exercise_id, answer, name):
    """Each wrong answer, written as a student writes it, is named by its own mistake."""
    line = summary(exercise_id, answer)
    assert line.startswith(f"{exercise_id}: wrong result — looks like ") and name in line


def foot_by_a_midpoint_sum(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """A midpoint sum over 200 slices, per foot: close, but not the exact integral."""
    x = (np.arange(200) + 0.5) / 200 * width - width / 2
    s = x / width + 0.5

    def one(d0, d1, r0, r1):
        d = d0 + (d1 - d0) * s
        p = np.where(d > 0, np.maximum(k * d + c * (r0 + (r1 - r0) * s), 0), 0)
        return p.sum() * width / 200, (x * p).sum() * width / 200

    return np.vectorize(one, otypes=[float, float])(depth_left, depth_right, rate_left,
                                                    rate_right)


def bounce_with_default_tolerances(mass, k, c, v0, g):
    """solve_ivp's default tolerances (RK45, rtol=1e-3): a thousandth off, not a millionth."""
    out = _impact_run(mass, k, c, v0, g, rtol=1e-3)
    return 0.0 if out is None else out / v0


def stiffness_a_millimetre_more(mass, penetration, g):
    return mass * g / (penetration + 1e-3)


def damping_all_under_the_root(k, mass, zeta):
    return np.sqrt(2 * zeta * k * mass)


@pytest.mark.parametrize(("exercise_id", "answer"), [
    ("contact.normal_force", foot_by_a_midpoint_sum),
    ("contact.restitution_linear", bounce_with_default_tolerances),
    ("contact.size_contact", as_sizing(stiffness=stiffness_a_millimetre_more)),
    ("contact.size_contact", as_sizing(damping=damping_all_under_the_root)),
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
