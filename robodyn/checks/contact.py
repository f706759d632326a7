"""The exercises of the contact chapter: inputs, reference answers, typical mistakes.

Conventions of every exercise, as of :mod:`robodyn.contact`: SI units (kg, m, s, N); the depth
of a contact is positive while the bodies overlap and zero or negative while they are apart
(at depth 0 they only touch); its rate is positive while they press further together; a normal
force pushes the bodies apart and is never a pull.

The mistakes are the wrong answers a class writes, each with a hint that says what to think
about, not the line to type (this module is part of the student release). A mistake whose
wrong answer differs from the reference only by a factor or a changed input is written as the
reference with that change.
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import brentq

from robodyn import contact
from robodyn.contact import timestepping
from robodyn.grading import Case, Close, Exercise, Mistake, Output, rounded_uniform, with_hint

G = contact.G

# --------------------------------------------------------------------------- stiffness


def _stiffness_reference(mass, penetration, g):
    return contact.stiffness_for_penetration(mass, penetration, g)


def _stiffness_scaled(factor):
    """The reference times ``factor``: a unit slip or a factor of an energy balance."""
    def stiffness_for_penetration(mass, penetration, g):
        return factor * _stiffness_reference(mass, penetration, g)

    return stiffness_for_penetration


def _stiffness_floored(mass, penetration, g):
    """The weight divided by the penetration with //, Python's floor division."""
    return np.floor_divide(np.multiply(mass, g), penetration)


_STIFFNESS_UNITS_HINT = ("mass is in kg and penetration in m already (0.1 mm is 1e-4), as every "
                         "quantity of the notebook: no conversion is needed.")

#: The slips of the stiffness part of exercise 3.3, as functions of (mass, penetration, g).
_STIFFNESS_MISTAKES = (
        Mistake("1000 times too stiff: the mass in grams, or the penetration divided by 1000",
                _STIFFNESS_UNITS_HINT, _stiffness_scaled(1000.0)),
        Mistake("1000 times too soft: the penetration in millimetres, or the mass divided by "
                "1000", _STIFFNESS_UNITS_HINT, _stiffness_scaled(1e-3)),
        Mistake("g is missing: k = m / d has the unit kg/m, not N/m",
                "At rest the spring carries the weight, a force in N: mass times g.",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, 1.0)),
        Mistake("the number 9.81 in place of the argument g (right on Earth, wrong on the Moon)",
                "Use the argument g: the check also calls your function with the Moon's "
                "g = 1.62 m/s².",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, 9.81)),
        Mistake("twice too stiff: an energy balance (m g d = k d²/2) instead of a force balance",
                "At rest the forces balance: the spring force at the allowed depth equals the "
                "weight. An energy balance gives the deepest point of a body dropped onto the "
                "spring from zero speed, not the depth where it rests.",
                _stiffness_scaled(2.0)),
        Mistake("upside down: d / (m g)",
                "A heavier body needs a stiffer spring, and so does a smaller allowed depth: "
                "check which of the two belongs in the denominator.",
                lambda mass, penetration, g: penetration / (mass * g)),
        Mistake("mass and penetration exchanged (d g / m)",
                "A heavier body needs a stiffer spring for the same depth, so k must grow with "
                "the mass. Check the unit too: k is in N/m.",
                lambda mass, penetration, g: penetration * g / mass),
        Mistake("m g d: the penetration multiplies instead of divides",
                "The stiffness is a force per metre of depth: check the unit N/m.",
                lambda mass, penetration, g: mass * g * penetration),
        Mistake("the penetration squared (a stiffness in N/m², not N/m)",
                "The stiffness is a force per metre of depth, once: the spring force grows "
                "in proportion to the depth.",
                lambda mass, penetration, g: _stiffness_reference(mass, penetration, g)
                / penetration),
        Mistake("a floor division // (the stiffness rounded down to a whole number of N/m)",
                "// divides and rounds down to a whole number: 34.335 // 1e-4 is 343349.0, "
                "not 343350. Use / for a division of real numbers.",
                _stiffness_floored),
)


# --------------------------------------------------------------------------- damping


def _damping_reference(k, mass, zeta):
    return contact.damping_for_ratio(k, mass, zeta)


def _critical_damping(k, mass, zeta):
    """The reference at zeta = 1: critical damping, N s/m."""
    return _damping_reference(k, mass, 1.0)


_DAMPING_UNITS_HINT = ("Check the units: c is in N s/m = kg/s, and k times mass is in "
                       "kg²/s².")

#: The slips of the damping part of exercise 3.3, as functions of (k, mass, zeta).
_DAMPING_MISTAKES = (
        Mistake("the factor 2 is missing",
                "zeta is c divided by the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root. Work out that c.",
                lambda k, mass, zeta: _damping_reference(k, mass, zeta) / 2),
        Mistake("sqrt(k / m) (the natural frequency) instead of sqrt(k m)",
                "sqrt(k / m) is a frequency in rad/s; c is in N s/m = kg/s.",
                lambda k, mass, zeta: 2 * zeta * np.sqrt(k / mass)),
        Mistake("zeta times k: damping sized as a fraction of the stiffness",
                "k and c have different units; the ratio zeta compares c with the critical "
                "damping.",
                lambda k, mass, zeta: zeta * k),
        Mistake("the square root is missing (2 zeta k m)", _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: 2 * zeta * k * mass),
        Mistake("(k m)**1/2, which Python reads as ((k m)**1)/2: the square root is missing",
                "** binds tighter than /, so x**1/2 is x/2. Put the exponent in parentheses, "
                "or use np.sqrt.",
                lambda k, mass, zeta: 2 * zeta * (k * mass) ** 1 / 2),
        Mistake("the mass missing under the root of omega_n (2 zeta m sqrt(k))",
                "If you go through the natural frequency omega_n, it is in rad/s and depends "
                "on the mass too. " + _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: 2 * zeta * mass * np.sqrt(k)),
        Mistake("zeta is missing: that is the critical damping, right only for zeta = 1",
                "The damping ratio, fixed by the wanted restitution, scales the critical "
                "damping: the check asks for several restitutions.",
                _critical_damping),
        Mistake("solved for c upside down (zeta over the critical damping)",
                "zeta is c divided by the critical damping; solve that for c. "
                + _DAMPING_UNITS_HINT,
                lambda k, mass, zeta: zeta / _critical_damping(k, mass, zeta)),
        Mistake("the critical damping divided by zeta instead of multiplied by it",
                "zeta is c divided by the critical damping, so c grows with zeta: twice the "
                "ratio, twice the damping. Solve that for c.",
                lambda k, mass, zeta: _critical_damping(k, mass, zeta) / zeta),
        Mistake("a quarter of the right value: the 2 divides where it multiplies",
                "zeta is c divided by the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root. Work out that c: the 2 belongs in the numerator.",
                lambda k, mass, zeta: _damping_reference(k, mass, zeta) / 4),
        Mistake("zeta under the square root: c grows with sqrt(zeta), not with zeta",
                "zeta scales the damping itself, not k m under the root: twice the ratio, "
                "twice the damping.",
                lambda k, mass, zeta: _critical_damping(k, mass, zeta) * np.sqrt(zeta)),
)


# --------------------------------------------------------------------------- normal force


def _positive_part(at_left, at_right):
    """Where a quantity linear along the foot, ``at_left`` at s = 0 and ``at_right`` at
    s = 1, is positive: the interval (start, end) of s in [0, 1], empty when end <= start."""
    at_left, at_right = np.asarray(at_left, float), np.asarray(at_right, float)
    slope = at_right - at_left
    with np.errstate(divide="ignore", invalid="ignore"):
        root = np.clip(-at_left / slope, 0.0, 1.0)
    start = np.where(slope > 0, root, 0.0)
    end = np.where(slope < 0, root, 1.0)
    flat = slope == 0
    start = np.where(flat, np.where(at_left > 0, 0.0, 1.0), start)
    end = np.where(flat, np.where(at_left > 0, 1.0, 0.0), end)
    return start, end


def _pressure_integrals(p_left, p_right, start, end, width):
    """Force and moment about the centre of the pressure p(s) = p_left + (p_right - p_left) s,
    per metre, over s in (start, end) of a foot ``width`` long (x = width (s - 1/2))."""
    end = np.maximum(end, start)
    slope = p_right - p_left
    first = p_left * (end - start) + slope * (end**2 - start**2) / 2        # of p ds
    second = p_left * (end**2 - start**2) / 2 + slope * (end**3 - start**3) / 3  # of s p ds
    return width * first, width**2 * (second - first / 2)


def _foot(depth_left, depth_right, rate_left, rate_right, width, k, c, gate=True, clamp=True,
          damping_sign=1.0):
    """Force and moment of the penalty floor under a flat foot; ``gate`` False lets the floor
    push where the foot is above it, ``clamp`` False lets it pull."""
    d_left, d_right = np.asarray(depth_left, float), np.asarray(depth_right, float)
    p_left = k * d_left + damping_sign * c * np.asarray(rate_left, float)
    p_right = k * d_right + damping_sign * c * np.asarray(rate_right, float)
    start, end = np.zeros_like(p_left + p_right), np.ones_like(p_left + p_right)
    for active, left, right in ((gate, d_left, d_right), (clamp, p_left, p_right)):
        if active:
            part_start, part_end = _positive_part(left, right)
            start, end = np.maximum(start, part_start), np.minimum(end, part_end)
    force, moment = _pressure_integrals(p_left, p_right, start, end, width)
    return (force, moment) if np.ndim(force) else (float(force), float(moment))


def _force_reference(depth_left, depth_right, rate_left, rate_right, width, k, c):
    return _foot(depth_left, depth_right, rate_left, rate_right, width, k, c)


_FOOT = dict(width=0.12, k=2e6, c=4e3)   # a 12 cm foot on a floor of 2e6 N/m per m


def _force_case(depths, rates, kind, about="", foot=None):
    foot = _FOOT if foot is None else foot
    return Case((*depths, *rates, foot["width"], foot["k"], foot["c"]), kind, about)


def _force_cases(rng) -> list[Case]:
    cases = [
        _force_case((1e-3, 1e-3), (0.0, 0.0), "fixed",
                    "level, 1 mm deep, at rest: the point law times the width"),
        _force_case((1e-3, 0.5e-3), (0.0, 0.0), "fixed", "tilted, both ends in, at rest"),
        _force_case((1e-3, -1e-3), (0.0, 0.0), "fixed",
                    "tilted, the right end 1 mm above the floor: only the left half presses"),
        _force_case((0.8e-3, 0.2e-3), (0.2, -0.3), "fixed",
                    "rocking: the left end presses in, the right end lifts"),
        _force_case((0.2e-3, 1e-3), (-1.0, -0.2), "fixed",
                    "lifting off fast at the left: there the damper would pull"),
        _force_case((-1e-3, -0.5e-3), (1.0, 1.0), "fixed",
                    "above the floor, coming down at 1 m/s: no force yet"),
        _force_case((0.0, 2e-3), (0.5, 0.5), "fixed",
                    "the left end only touching, the right 2 mm deep, pressing in"),
        _force_case((1e-3, 1e-3), (-0.6, -0.6), "fixed",
                    "level, parting at 0.6 m/s: the damper outweighs the spring, no force"),
    ]
    for _ in range(4):
        foot = dict(width=rounded_uniform(rng, 0.05, 0.3),
                    k=round(float(10 ** rng.uniform(5, 7)), -3), c=rounded_uniform(rng, 1e2, 1e4))
        depths = [round(float(rng.uniform(0.1e-3, 2e-3)), 6),
                  round(float(rng.uniform(-1.5e-3, 2e-3)), 6)]   # one end in the floor
        rates = tuple(rounded_uniform(rng, -0.5, 0.5, 2))
        cases.append(_force_case(tuple(rng.permutation(depths).tolist()), rates,
                                 "seeded random", foot=foot))
    size = 40
    cases.append(_force_case((np.round(rng.uniform(-1.5e-3, 2e-3, size), 6),
                              np.round(rng.uniform(-1.5e-3, 2e-3, size), 6)),
                             (rounded_uniform(rng, -0.5, 0.5, size),
                              rounded_uniform(rng, -0.5, 0.5, size)), "arrays",
                             "40 feet, in and out of contact"))
    return cases


def _force_of(gate=True, clamp=True, damping_sign=1.0, damper=True, centre=True,
              sign=1.0, dx_width=True):
    """The foot with one part changed: no gate, no clamp, the damper's sign, no damper, the
    moment about the left end, its sign, or the moment one width short (``dx_width`` False:
    dx = width ds forgotten)."""
    def foot_normal_force(depth_left, depth_right, rate_left, rate_right, width, k, c):
        force, moment = _foot(depth_left, depth_right, rate_left, rate_right, width, k,
                              c if damper else 0.0, gate, clamp, damping_sign)
        if not centre:
            moment = moment + force * width / 2
        if not dx_width:
            moment = moment / width
        return force, sign * moment

    return foot_normal_force


def _force_damper_clamped(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Where the foot is in the floor, the springs' pressure plus the dampers' kept from
    pulling on their own: k depth + max(c depth_rate, 0)."""
    d_left, d_right = np.asarray(depth_left, float), np.asarray(depth_right, float)
    r_left, r_right = np.asarray(rate_left, float), np.asarray(rate_right, float)
    in_start, in_end = _positive_part(d_left, d_right)
    up_start, up_end = _positive_part(r_left, r_right)
    springs = _pressure_integrals(k * d_left, k * d_right, in_start, in_end, width)
    dampers = _pressure_integrals(c * r_left, c * r_right, np.maximum(in_start, up_start),
                                  np.minimum(in_end, up_end), width)
    force, moment = springs[0] + dampers[0], springs[1] + dampers[1]
    return (force, moment) if np.ndim(force) else (float(force), float(moment))


def _point(depth, rate, k, c):
    """The point law of the chapter, clamped and gated, per metre of foot."""
    depth, rate = np.asarray(depth, float), np.asarray(rate, float)
    return np.where(depth > 0, np.maximum(k * depth + c * rate, 0.0), 0.0)


def _force_ends_only(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The point law at the two ends, the pressure taken as linear between them."""
    left, right = _point(depth_left, rate_left, k, c), _point(depth_right, rate_right, k, c)
    force, moment = width * (left + right) / 2, width**2 * (right - left) / 12
    return (force, moment) if np.ndim(force) else (float(force), float(moment))


def _force_two_corners(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """Two point contacts at the corners, each with half the foot's stiffness."""
    left, right = _point(depth_left, rate_left, k, c), _point(depth_right, rate_right, k, c)
    force, moment = width * (left + right) / 2, width**2 * (right - left) / 4
    return (force, moment) if np.ndim(force) else (float(force), float(moment))


def _force_at_centre(depth_left, depth_right, rate_left, rate_right, width, k, c):
    """The point law at the centre's depth and rate, times the width; no moment."""
    middle = _point((np.asarray(depth_left) + depth_right) / 2,
                    (np.asarray(rate_left) + rate_right) / 2, k, c)
    force = width * middle
    return (force, 0.0 * force) if np.ndim(force) else (float(force), 0.0)


_FORCE_GATE_HINT = ("Where the foot's bottom is above the floor (depth <= 0) the floor does not "
                    "push at all, whatever the rate: only the part of the foot in the floor "
                    "counts.")

_FORCE = Exercise(
    exercise_id="contact.normal_force",
    description="Force and moment of a penalty floor under a flat foot, never a pull.",
    function_name="foot_normal_force",
    arguments=("depth_left", "depth_right", "rate_left", "rate_right", "width", "k", "c"),
    outputs=(Output("force", Close(rtol=1e-9, atol=1e-9)),
             Output("moment", Close(rtol=1e-9, atol=1e-12))),
    reference=_force_reference,
    package_references=("robodyn.contact.normal_force",),
    make_cases=_force_cases,
    mistakes=(
        Mistake("the floor pulls where the foot lifts off fast (the pressure not cut off at "
                "zero)",
                "Where k depth + c depth_rate turns negative the floor would pull, as if glued. "
                "It lets go instead: the pressure there is 0, and the part of the foot that "
                "pushes is shorter.",
                _force_of(clamp=False)),
        Mistake("the floor pushes where the foot is above it (depth <= 0 not cut off)",
                _FORCE_GATE_HINT, _force_of(gate=False)),
        Mistake("the raw pressure integrated over the whole foot: no cut at depth 0 and "
                "none at zero pressure",
                "Two rules hold at every point of the foot: no pressure where it is above the "
                "floor, and never a pull.",
                _force_of(gate=False, clamp=False)),
        Mistake("the point law applied at the two ends, and the pressure taken as linear "
                "between them",
                "The pressure is linear along the foot only where it is in the floor and "
                "pushes; in between it is cut off at a point inside the foot. Find where, "
                "and integrate over that part only.",
                _force_ends_only),
        Mistake("the foot taken as two point contacts at its corners",
                "The floor pushes all along the foot's bottom, with a pressure that changes "
                "along it: integrate it, its moment too.",
                _force_two_corners),
        Mistake("the point law at the centre's depth and rate, times the width",
                "A tilted foot presses harder at one end: the pressure changes along the "
                "foot, and it is cut off where the foot leaves the floor. Integrate it.",
                _force_at_centre),
        Mistake("only the dampers kept from pulling (k depth + max(c depth_rate, 0)), not "
                "the pressure as a whole",
                "Spring and damper act side by side at each point: where the foot rises, the "
                "damper may take from the spring's push. The floor lets go only where their "
                "sum would pull.",
                _force_damper_clamped),
        Mistake("the damping sign is reversed (k depth - c depth_rate)",
                "The damper resists pressing in: depth_rate > 0 (pressing) adds pressure.",
                _force_of(damping_sign=-1.0)),
        Mistake("the damping term is missing (only the springs)",
                "The floor is a bed of springs and dampers side by side: where the depth "
                "changes, the dampers add c times its rate.",
                _force_of(damper=False)),
        Mistake("the moment taken about the left end, not the centre",
                "The text asks for the moment about the middle of the foot, x = 0: weigh "
                "the pressure with x from -width/2 to width/2.",
                _force_of(centre=False)),
        Mistake("the moment one factor of the width short (x = width (s - 1/2) "
                "substituted, dx = width ds forgotten)",
                "Check the unit: a moment is in N m, a force times a lever arm. If you "
                "integrate over a position scaled by the width, the step dx carries the width "
                "too, not only the lever arm x.",
                _force_of(dx_width=False)),
        Mistake("the moment with the wrong sign",
                "The moment is positive when the floor pushes harder under the right end "
                "(x > 0): the integral of x times the pressure.",
                _force_of(sign=-1.0)),
    ),
)


# --------------------------------------------------------------------------- restitution


def _impact(mass, k, c, v0, g):
    """The clamped linear contact hit at v0 with gravity acting, 0 <= zeta < 1, in closed
    form: u = depth - g/omega_n^2 is Re(Z exp(lambda t)). Returns the force per unit mass as a
    function of time, the speed out of the floor as one, and the time of the first minimum of
    the force (where the contact lets go, if ever, before it)."""
    omega = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    omega_d = omega * np.sqrt(1 - zeta**2)
    sink = g / omega**2                                     # the depth at rest
    lam = complex(-zeta * omega, omega_d)
    Z = complex(-sink, -(v0 - zeta * omega * sink) / omega_d)

    def force(t):                                           # (k depth + c rate) / m
        return g - (Z * lam**2 * np.exp(lam * t)).real

    def speed_out(t):
        return -(Z * lam * np.exp(lam * t)).real

    first_minimum = (np.pi / 2 - np.angle(Z * lam**3)) / omega_d
    while first_minimum <= 0:
        first_minimum += 2 * np.pi / omega_d
    return force, speed_out, first_minimum


def _restitution_reference(mass, k, c, v0, g):
    force, speed_out, first_minimum = _impact(mass, k, c, v0, g)
    if force(first_minimum) >= 0:
        return 0.0                                          # it never lets go
    release = brentq(force, 0.0, first_minimum, xtol=1e-15, rtol=1e-15)
    return float(speed_out(release) / v0)


def _release_margin(mass, k, c, v0, g):
    """How far the force's first minimum lies from 0, per force at impact: small near the
    speed below which the body stays in the floor."""
    force, _, first_minimum = _impact(mass, k, c, v0, g)
    return abs(force(first_minimum)) / (c * v0 / mass)


def _restitution_cases(rng) -> list[Case]:
    robot = (3.5, 3.434e5)    # chapter 4's robot on a contact that sinks 0.1 mm
    cases = [
        Case((1.0, 1e4, 50.0, 1.0, G), "fixed",
             "the tutorial's floor with c = 50 N s/m (zeta = 0.25), hit at 1 m/s"),
        Case((1.0, 1e4, 50.0, 5.0, G), "fixed",
             "the same floor hit at 5 m/s: gravity matters less"),
        Case((1.0, 1e4, 50.0, 0.2, G), "fixed",
             "the same floor hit at 0.2 m/s: too slow to leave the floor",
             hint="Here the force never returns to zero: the body stays in the floor and the "
                  "text asks for e = 0."),
        Case((*robot, 1096.0, 0.5, G), "fixed",
             "chapter 4's robot on a 0.1 mm contact, zeta = 0.5, landing at 0.5 m/s"),
        Case((1.0, 1e4, 100.0, 0.5, 1.62), "fixed",
             "on the Moon (g = 1.62 m/s²), zeta = 0.5, 0.5 m/s"),
        Case((0.5, 2e5, 20.0, 0.05, G), "fixed", "light damping (zeta = 0.03), a slow 5 cm/s"),
        Case((1.0, 1e4, 160.0, 2.0, G), "fixed", "heavy damping, zeta = 0.8, at 2 m/s"),
    ]
    while len(cases) < 11:
        mass, k = rounded_uniform(rng, 0.1, 10.0), round(float(10 ** rng.uniform(3.5, 6)), -2)
        omega = np.sqrt(k / mass)
        c = round(float(2 * rng.uniform(0.05, 0.9) * np.sqrt(k * mass)), 1)
        v0 = round(float(rng.uniform(2.0, 60.0) * G / omega), 3)
        if v0 > 0 and _release_margin(mass, k, c, v0, G) > 0.05:
            cases.append(Case((mass, k, c, v0, G), "seeded random"))
    return cases


def _restitution_of(gravity_sign=1.0, ends="force", about_rest=False, square=False,
                    omega_root=True, weight=True):
    """The restitution with gravity with one part changed: gravity's sign (0 leaves it out),
    the end of the contact ("force", or "depth" back to 0), the force measured from the
    depth at rest, e squared, omega_n without its square root, or the weight written g
    (``weight`` False: an acceleration g / m); each worked out by the closed form of the
    changed model."""
    def restitution_with_gravity(mass, k, c, v0, g):
        omega = np.sqrt(k / mass) if omega_root else k / mass
        zeta = c / (2 * np.sqrt(k * mass))
        # per unit mass: the stiffness and damping of this omega and zeta
        gravity = gravity_sign * (g if weight else g / mass)
        force, speed_out, first_minimum = _impact(1.0, omega**2, 2 * zeta * omega, v0, gravity)
        omega_d = omega * np.sqrt(1 - zeta**2)
        if ends == "depth":
            def end_of(t):      # the depth, from the force and speed: k d = F - c d'
                return (force(t) + 2 * zeta * omega * speed_out(t)) / omega**2
        elif about_rest:
            def end_of(t):
                return force(t) - gravity
        else:
            end_of = force
        # the first crossing from above to below zero, within the first damped period
        grid = np.linspace(0.0, 2 * np.pi / omega_d, 4001)
        values = np.array([end_of(t) for t in grid])
        down = np.flatnonzero((values[:-1] >= 0) & (values[1:] < 0))
        if down.size == 0:
            return 0.0
        window = (grid[down[0]], grid[down[0] + 1])
        e = float(speed_out(brentq(end_of, *window, xtol=1e-15, rtol=1e-15)) / v0)
        return e**2 if square else e

    return restitution_with_gravity


def _restitution_at_omega_n(mass, k, c, v0, g):
    """The closed form about the depth at rest, exp(-zeta omega_n t) (A cos + B sin), with
    omega_n where the damped frequency belongs; A and B still fit delta(0) = 0 and
    delta'(0) = v0, and the force k delta + c delta' is taken from this (wrong) motion."""
    omega = np.sqrt(k / mass)
    zeta = c / (2 * np.sqrt(k * mass))
    sink = g / omega**2
    lam = complex(-zeta * omega, omega)                     # the damped frequency dropped
    Z = complex(-sink, -(v0 - zeta * omega * sink) / omega)

    def force(t):                                           # (k depth + c rate) / m
        u = Z * np.exp(lam * t)
        return g + omega**2 * u.real + 2 * zeta * omega * (lam * u).real

    grid = np.linspace(0.0, 2 * np.pi / omega, 4001)
    values = np.array([force(t) for t in grid])
    down = np.flatnonzero((values[:-1] >= 0) & (values[1:] < 0))
    if down.size == 0:
        return 0.0
    release = brentq(force, grid[down[0]], grid[down[0] + 1], xtol=1e-15, rtol=1e-15)
    return float(abs((Z * lam * np.exp(lam * release)).real) / v0)


_RESTITUTION = Exercise(
    exercise_id="contact.restitution_linear",
    description="Restitution of the clamped linear contact with gravity acting during the "
                "impact.",
    function_name="restitution_with_gravity",
    arguments=("mass", "k", "c", "v0", "g"),
    outputs=(Output("e", Close(rtol=1e-6, atol=1e-9)),),
    reference=_restitution_reference,
    package_references=("robodyn.contact.drop", "robodyn.contact.restitution_linear"),
    make_cases=_restitution_cases,
    mistakes=(
        Mistake("gravity left out during the contact (the closed form of section 3.1)",
                "That closed form holds for fast impacts only. Here gravity keeps pulling the "
                "body into the floor while the force fades: put m g into the equation of "
                "motion of the contact.",
                _restitution_of(gravity_sign=0.0)),
        Mistake("gravity with the wrong sign (pulling the body out of the floor)",
                "The depth grows downwards, into the floor: gravity pushes the body deeper, "
                "so it adds +g to the depth's acceleration.",
                _restitution_of(gravity_sign=-1.0)),
        Mistake("the contact taken to end when the depth is back to zero",
                "A clamped contact lets go when its force k depth + c depth_rate returns to "
                "zero, before the depth does.",
                _restitution_of(ends="depth")),
        Mistake("the contact taken to end where the force falls to the weight (the spring "
                "measured from the depth at rest)",
                "The spring pushes with k times the whole depth, not the depth beyond the "
                "rest depth: the body is free only where k depth + c depth_rate is 0.",
                _restitution_of(about_rest=True)),
        Mistake("e squared (the share of the kinetic energy that comes back)",
                "e is a ratio of speeds, the speed out of the floor over the speed in.",
                _restitution_of(square=True)),
        Mistake("the weight written as g, not m g (gravity's acceleration taken as g / m)",
                "Check the units term by term: in m depth'' = ... every term is a force in N, "
                "and gravity's is the body's weight.",
                _restitution_of(weight=False)),
        Mistake("omega_n where the damped frequency belongs, in the closed form about the "
                "depth at rest",
                "Put your solution back into the equation of motion: with damping, the decay "
                "exp(-zeta omega_n t) and the oscillation solve it together only at the damped "
                "frequency, which is slower than omega_n.",
                _restitution_at_omega_n),
        Mistake("omega_n = k / m, without the square root",
                "The natural frequency is the square root of k / m, in rad/s.",
                _restitution_of(omega_root=False)),
    ),
)


# --------------------------------------------------------------------------- sizing


def _zeta_for_restitution(restitution):
    """The damping ratio in [0, 1] whose clamped linear contact gives ``restitution``."""
    e = float(restitution)
    if e >= 1.0:
        return 0.0
    return brentq(lambda zeta: contact.restitution_linear(zeta) - e, 0.0, 1.0,
                  xtol=1e-15, rtol=1e-15)


def _sizing_reference(mass, penetration, restitution, g):
    k = contact.stiffness_for_penetration(mass, penetration, g)
    return k, contact.damping_for_ratio(k, mass, _zeta_for_restitution(restitution))


_RESTITUTION_HINT = ("The damping follows from the restitution of section 3.1 (gravity left "
                     "out): check your restitution before you invert it. It is 1 without "
                     "damping and falls steadily to about 0.14 at zeta = 1.")


def _sizing_cases(rng) -> list[Case]:
    cases = [
        Case((3.5, 1e-4, 0.5, G), "fixed", "a 3.5 kg robot, 0.1 mm, e = 0.5"),
        Case((contact.WheelOnFloor.mass, 5e-5, 0.3, G), "fixed",
             "the thesis's 60.8 g wheel, 0.05 mm, e = 0.3"),
        Case((1.0, 1e-3, 0.8, 1.62), "fixed", "1 kg on the Moon (g = 1.62 m/s²), 1 mm, e = 0.8"),
        Case((1.0, 1e-3, 0.99, G), "fixed", "e = 0.99: a nearly elastic contact, little damping"),
        Case((2.0, 2e-4, 0.2, G), "fixed", "e = 0.2, a strongly damped contact"),
    ]
    for _ in range(3):
        cases.append(Case((rounded_uniform(rng, 0.05, 20.0),
                           round(float(rng.uniform(0.02, 2.0)), 3) * 1e-3,
                           rounded_uniform(rng, 0.2, 0.95), G), "seeded random"))
    # The damping ratio follows from the restitution of section 3.1: a student who inverts a
    # wrong restitution fails here, so each case says to check it.
    return with_hint(cases, _RESTITUTION_HINT)


def _sized(stiffness=_stiffness_reference, damping=_damping_reference,
           zeta_of=_zeta_for_restitution):
    """The sizing with one part changed: the stiffness, the damping from the ratio, or the
    ratio from the restitution; each later part uses the earlier parts' (wrong) values."""
    def size_contact(mass, penetration, restitution, g):
        k = stiffness(mass, penetration, g)
        with np.errstate(divide="ignore", invalid="ignore"):
            return k, damping(k, mass, zeta_of(restitution))

    return size_contact


def _zeta_classic(restitution):
    """The ratio whose classic restitution (the contact ends at depth 0) is e."""
    log_e = np.log(restitution)
    return -log_e / np.sqrt(np.pi**2 + log_e**2)


def _zeta_for_flipped_release(restitution):
    """The ratio whose restitution, with the release phase atan2(2 zeta s, 1 - 2 zeta^2)
    (the cosine's sign wrong), is e."""
    def flipped(zeta):
        s = np.sqrt(1 - zeta**2)
        return np.exp(-zeta * np.arctan2(2 * zeta * s, 1 - 2 * zeta**2) / s)

    return brentq(lambda zeta: flipped(zeta) - restitution, 0.0, 1 - 1e-9, xtol=1e-15,
                  rtol=1e-15)


def _zeta_with_arctan(restitution):
    """The ratio a root finder on [0, 1) returns for the restitution written with np.arctan
    of the ratio: above zeta = 1/sqrt(2) the law is right, below it exceeds 1, so for a
    restitution above the law's value there, e^(-pi/2), the sign change it finds is that
    jump, at zeta = 1/sqrt(2)."""
    if restitution <= np.exp(-np.pi / 2):
        return _zeta_for_restitution(restitution)
    return 1 / np.sqrt(2)


_SIZING_ZETA_HINT = ("The wanted restitution fixes the damping ratio through the restitution of "
                     "the clamped linear contact (section 3.1): turn that relation round, "
                     "numerically, and size c from the ratio you find.")

_SIZING = Exercise(
    exercise_id="contact.size_contact",
    description="Stiffness and damping of a contact for an allowed sink and a wanted bounce.",
    function_name="size_contact",
    arguments=("mass", "penetration", "restitution", "g"),
    outputs=(Output("k", Close(rtol=1e-9)), Output("c", Close(rtol=1e-7, atol=1e-9))),
    reference=_sizing_reference,
    package_references=("robodyn.contact.stiffness_for_penetration",
                        "robodyn.contact.damping_for_ratio",
                        "robodyn.contact.restitution_linear"),
    make_cases=_sizing_cases,
    mistakes=tuple(
        Mistake(m.name, m.hint, _sized(stiffness=m.answer)) for m in _STIFFNESS_MISTAKES
    ) + tuple(
        Mistake(m.name, m.hint, _sized(damping=m.answer)) for m in _DAMPING_MISTAKES
    ) + (
        Mistake("the damping ratio from the classic restitution (the contact ending at depth 0)",
                "This contact is clamped: it lets go when its force returns to zero, before the "
                "depth does. Invert the clamped contact's restitution, not the classic one.",
                _sized(zeta_of=_zeta_classic)),
        Mistake("the restitution taken for the damping ratio",
                _SIZING_ZETA_HINT, _sized(zeta_of=float)),
        Mistake("the damping ratio for the restitution squared (an energy ratio)",
                "e is a ratio of speeds; e² is the share of the kinetic energy that comes back.",
                _sized(zeta_of=lambda e: _zeta_for_restitution(e**2))),
        Mistake("the damping ratio from exp(-pi zeta), the undamped half period",
                _SIZING_ZETA_HINT,
                _sized(zeta_of=lambda e: -np.log(e) / np.pi)),
        Mistake("the restitution read as the share of the energy kept: the contact's e "
                "squared set equal to it",
                "e is a ratio of speeds, the speed after over the speed before; the energy "
                "kept is e². Match your contact's e itself to the wanted restitution.",
                _sized(zeta_of=lambda e: _zeta_for_restitution(np.sqrt(e)))),
        Mistake("the release phase with its cosine's sign wrong, atan2(2 zeta s, 1 - 2 "
                "zeta^2), in the restitution you inverted",
                "Check your phase at zeta = 0: an undamped contact lasts half a period, so "
                "the phase must be pi there (e = 1 only because zeta = 0 multiplies it).",
                _sized(zeta_of=_zeta_for_flipped_release)),
        Mistake("np.arctan of the ratio in the release phase: below zeta = 1/sqrt(2) it "
                "lands in the wrong quadrant, and the inverted ratio sticks at 1/sqrt(2)",
                "np.arctan returns angles between -pi/2 and pi/2; the release phase runs "
                "from pi down to 0. np.arctan2(sine, cosine) keeps the quadrant.",
                _sized(zeta_of=_zeta_with_arctan)),
    ),
)


# --------------------------------------------------------------------------- explicit Euler


def _euler_limit_reference(k, c, mass):
    """The largest h with |1 + h lambda| <= 1 for both eigenvalues of the contact."""
    A = np.array([[0.0, 1.0], [-k / mass, -c / mass]])
    lam = np.linalg.eigvals(A)
    return float(np.min(-2 * lam.real / np.abs(lam) ** 2))


def _euler_cases(rng) -> list[Case]:
    cases = [
        Case((1e4, 50.0, 1.0), "fixed", "the tutorial's floor with zeta = 0.25"),
        Case((1e4, 200.0, 1.0), "fixed", "critical damping, zeta = 1"),
        Case((1e4, 500.0, 1.0), "fixed", "the tutorial's ball, zeta = 2.5 (overdamped)"),
        Case((1e4, 0.0, 1.0), "fixed", "no damping: explicit Euler is never stable"),
        Case((3.434e5, 343.4, 3.5), "fixed", "chapter 4's robot on 0.1 mm contacts, c = k/1000"),
    ]
    for _ in range(4):
        cases.append(Case((round(float(10 ** rng.uniform(3, 7)), -1),
                           rounded_uniform(rng, 1.0, 3000.0), rounded_uniform(rng, 0.1, 10.0)),
                          "seeded random"))
    return cases


def _euler_limit_of(step=lambda lam: -2 * lam.real / np.abs(lam) ** 2,
                    omega_of=lambda k, mass: np.sqrt(k / mass), fast=True,
                    zeta_of=lambda k, c, mass: c / (2 * np.sqrt(k * mass))):
    """The limit from the eigenvalues lambda = omega (-zeta +- sqrt(zeta^2 - 1)) with one
    part changed: the step's rule per eigenvalue, omega_n, zeta, or, when overdamped, the
    slow eigenvalue alone (``fast`` False)."""
    def euler_step_limit(k, c, mass):
        omega, zeta = omega_of(k, mass), zeta_of(k, c, mass)
        root = np.sqrt(complex(zeta**2 - 1))
        lams = omega * np.array([-zeta + root, -zeta - root])
        if not fast and zeta > 1:
            lams = lams[:1]
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(np.min(step(lams)))

    return euler_step_limit


_DAMPER_ALONE_HINT = (
    "-c/m is the eigenvalue of the damper alone, close to the fast one only far above "
    "critical damping. The spring counts too: take both eigenvalues of the whole A (complex "
    "below critical damping) and keep each one's factor within the unit circle. Without "
    "damping this rule divides by zero, where the contact has no stable step at all."
)

_EULER = Exercise(
    exercise_id="contact.euler_step_limit",
    description="Largest explicit-Euler step for which a penalty contact stays stable.",
    function_name="euler_step_limit",
    arguments=("k", "c", "mass"),
    outputs=(Output("h_max", Close(rtol=1e-9, atol=1e-15)),),
    reference=_euler_limit_reference,
    make_cases=_euler_cases,
    mistakes=(
        Mistake("2 / omega_n at every damping (the limit of a real eigenvalue -omega_n)",
                "Work out |1 + h lambda| <= 1 with the complex eigenvalues of the damped "
                "contact: the damping, not only the frequency, sets the limit.",
                lambda k, c, mass: 2.0 / np.sqrt(k / mass)),
        Mistake("h |lambda| <= 1 instead of |1 + h lambda| <= 1",
                "Explicit Euler multiplies each mode by 1 + h lambda per step; it must stay "
                "within the unit circle. Draw that circle in the plane of h lambda.",
                _euler_limit_of(step=lambda lam: 1.0 / np.abs(lam))),
        Mistake("only the real part: Re(h lambda) >= -2",
                "The circle |1 + h lambda| <= 1 is narrower than the strip Re(h lambda) >= -2: "
                "the imaginary part counts too.",
                _euler_limit_of(step=lambda lam: 2.0 / np.abs(lam.real))),
        Mistake("h <= 2 / |lambda| for every eigenvalue, the rule of a real one used for the "
                "complex pair too",
                "2 / |lambda| is where a real eigenvalue's 1 + h lambda reaches -1; for a "
                "complex lambda, |1 + h lambda| <= 1 is a circle in the plane of h lambda: "
                "work it out with the real and imaginary parts.",
                _euler_limit_of(step=lambda lam: 2.0 / np.abs(lam))),
        Mistake("h = 2 zeta / omega_n = c / k at every damping, the underdamped answer used "
                "for real eigenvalues too",
                "Above zeta = 1 the eigenvalues are real and no longer have the modulus "
                "omega_n: take the limit of each, the fast one decides.",
                lambda k, c, mass: c / k),
        Mistake("h = 2 m / c at every damping: the limit of the damper's eigenvalue -c/m "
                "alone (the spring left out)",
                _DAMPER_ALONE_HINT,
                lambda k, c, mass: 2 * mass / c),  # plain division: ZeroDivisionError at c = 0
        Mistake("h = 2 m / c at every damping, inf without damping: the limit of the damper's "
                "eigenvalue -c/m alone (the spring left out)",
                _DAMPER_ALONE_HINT,
                lambda k, c, mass: 2 * mass / np.float64(c)),  # NumPy's division: inf at c = 0
        Mistake("the damping term -c, not -c / m, in the state matrix",
                "Divide m z'' = -k z - c z' by m: both the stiffness and the damping are "
                "divided by the mass in the second row.",
                lambda k, c, mass: _euler_limit_reference(k, c * mass, mass)),
        Mistake("the slow eigenvalue of the overdamped contact instead of the fast one",
                "Above zeta = 1 both eigenvalues are real; every mode must stay bounded, and "
                "the fast one asks for the shorter step.",
                _euler_limit_of(fast=False)),
        Mistake("omega_n = k / m, without the square root",
                "The natural frequency is the square root of k / m, in rad/s.",
                _euler_limit_of(omega_of=lambda k, mass: k / mass)),
        Mistake("the damping ratio without its 2 (c / sqrt(k m))",
                "zeta compares c with the critical damping, the c at which m s² + c s + k = 0 "
                "has a double root.",
                _euler_limit_of(zeta_of=lambda k, c, mass: c / np.sqrt(k * mass))),
    ),
)


# --------------------------------------------------------------------------- rigid block


def _stop_reference(v0, mu, h, g):
    """Where and when the block of the impulse scheme stops: the closed form of its sum."""
    distance = timestepping.stop_distance_discrete(v0, mu, h, g)
    return distance, h * max(int(np.ceil(v0 / (mu * g * h))), 1)


def _stop_cases(rng) -> list[Case]:
    cases = [
        Case((1.0, 0.5, 1e-3, G), "fixed", "the chapter's block: 1 m/s, mu = 0.5, h = 1 ms"),
        Case((1.0, 0.5, 2e-2, G), "fixed", "a coarse step, 20 ms: the scheme's own answer"),
        Case((0.3, 0.9, 5e-3, G), "fixed", "slow and grippy"),
        Case((2.0, 0.2, 1e-3, 1.62), "fixed", "on the Moon (g = 1.62 m/s²)"),
        Case((0.004, 0.5, 1e-3, G), "fixed",
             "so slow that friction stops it within the first step (v0 < mu g h)"),
    ]
    for _ in range(4):
        cases.append(Case((rounded_uniform(rng, 0.1, 3.0), rounded_uniform(rng, 0.2, 1.0),
                           round(float(10 ** rng.uniform(-3.5, -1.7)), 6), G),
                          "seeded random"))
    return cases


def _stop_by_loop(kinetic_only=False, position_first=False, lost=lambda mu, g, h: mu * g * h,
                  time_unit="s", time_offset=0, mean_speed=False):
    """The impulse loop with one part changed: friction that never sticks (the last step
    overshoots below zero), the position moved before the speed or with the mean of the
    step's two speeds, another speed lost per step, or the time counted in other units or
    one step off."""
    def stop_by_impulses(v0, mu, h, g):
        x, v, steps, dv = 0.0, v0, 0, lost(mu, g, h)
        while True:
            steps += 1
            before = v
            if position_first:
                x += h * v
            v = v - dv if (kinetic_only or v > dv) else 0.0
            if mean_speed:
                x += h * (before + v) / 2
            elif not position_first:
                x += h * v
            if v <= 0.0:
                return x, (steps + time_offset) * (1 if time_unit == "steps" else h)

    return stop_by_impulses


_STOP_SCHEME_HINT = ("The exercise asks for what the stepping scheme gives, not for the "
                     "continuous motion: run the loop, step by step, with the step h given.")

_STOP = Exercise(
    exercise_id="contact.stop_by_impulses",
    description="Stop distance and time of a sliding block stepped by friction impulses.",
    function_name="stop_by_impulses",
    arguments=("v0", "mu", "h", "g"),
    outputs=(Output("distance", Close(rtol=1e-9, atol=1e-12)),
             Output("time", Close(rtol=1e-9, atol=1e-12))),
    reference=_stop_reference,
    package_references=("robodyn.contact.timestepping.simulate",
                        "robodyn.contact.timestepping.stop_distance_discrete",
                        "robodyn.contact.timestepping.step"),
    make_cases=_stop_cases,
    mistakes=(
        Mistake("the continuous closed forms v0^2/(2 mu g) and v0/(mu g), not the scheme's",
                _STOP_SCHEME_HINT,
                lambda v0, mu, h, g: (v0**2 / (2 * mu * g), v0 / (mu * g))),
        Mistake("the position moved with the speed before the step's impulse (explicit Euler)",
                "In the impulse scheme the step's impulse changes the speed first, and the "
                "position moves with the new speed, x+ = x + h v+.",
                _stop_by_loop(position_first=True)),
        Mistake("friction that cannot stick: the last step takes the speed below zero",
                "In the last step friction needs less than mu m g h to stop the block; Coulomb "
                "friction gives only what stops it (the block sticks at v = 0), never a push "
                "backwards.",
                _stop_by_loop(kinetic_only=True)),
        Mistake("g missing: each step takes mu h, not mu g h, off the speed",
                "The friction impulse of a step is mu times the normal impulse, and the floor's "
                "normal impulse over a step carries the weight: m g h.",
                _stop_by_loop(lost=lambda mu, g, h: mu * h)),
        Mistake("the position moved with the mean of the step's speeds (the trapezoidal "
                "rule)",
                "The impulse scheme is semi-implicit Euler: the impulse sets the new speed, "
                "and the whole step is taken with it, x+ = x + h v+.",
                _stop_by_loop(mean_speed=True)),
        Mistake("mu g taken off the speed each step: a force per unit mass where an impulse "
                "belongs",
                "Check the units: mu g is an acceleration, m/s². Over a step of h seconds the "
                "friction impulse per unit mass changes the speed by mu g h.",
                _stop_by_loop(lost=lambda mu, g, h: mu * g)),
        Mistake("the time counted in steps, not in seconds",
                "time is in s: the number of steps times h.",
                _stop_by_loop(time_unit="steps")),
        Mistake("the time one step early: the last step that slid, not the one that stopped it",
                "time is the end of the first step after which the speed is zero.",
                _stop_by_loop(time_offset=-1)),
    ),
)


#: The exercises of this chapter, in the order of the exercise notebook.
EXERCISES = (_FORCE, _RESTITUTION, _SIZING, _EULER, _STOP)
