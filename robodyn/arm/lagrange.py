r"""Equations of motion from a Lagrangian, with sympy; the planar arm in closed form.

For generalised coordinates q and velocities :math:`\dot q` (sympy symbols) and a Lagrangian
:math:`L(q, \dot q) = T - V`, the Euler-Lagrange equations

.. math:: \frac{d}{dt}\frac{\partial L}{\partial \dot q_k} - \frac{\partial L}{\partial q_k}
          = Q_k

read :math:`M(q)\,\ddot q + h(q, \dot q) = Q` with :math:`M = \partial^2 L / \partial \dot q^2`
and :math:`h = (\partial^2 L / \partial \dot q\, \partial q)\, \dot q - \partial L / \partial q`
(:func:`euler_lagrange`). For a mechanical Lagrangian, :math:`h = C\dot q + G` with C from the
Christoffel symbols of M (:func:`coriolis_from_mass_matrix`) and :math:`G = \partial V /
\partial q`. :func:`planar_arm_matrices` does this for the n-link arm of :mod:`robodyn.arm`,
and :func:`numeric_arm_matrices` turns the result into NumPy functions.
"""

from __future__ import annotations

import functools
import re

import sympy as sp

from robodyn.core.params import check_integer

__all__ = [
    "arm_symbols",
    "coriolis_from_mass_matrix",
    "euler_lagrange",
    "latex",
    "numeric_arm_matrices",
    "planar_arm_energies",
    "planar_arm_matrices",
]


def euler_lagrange(lagrangian, q, qd):
    r"""M and h of :math:`M\ddot q + h = Q` for a Lagrangian in the symbols q, qd.

    Parameters
    ----------
    lagrangian : sympy expression
        L(q, qd), with the coordinates and velocities as plain symbols.
    q, qd : sequence of sympy.Symbol
        Coordinates and their velocities, in the same order.

    Returns
    -------
    M : sympy.Matrix, n x n
        :math:`\partial^2 L / \partial \dot q_j \partial \dot q_k`.
    h : sympy.Matrix, n x 1
        :math:`\sum_j \partial^2 L / \partial \dot q_k \partial q_j\, \dot q_j
        - \partial L / \partial q_k`.

    Examples
    --------
    A pendulum with theta from the downward vertical, V = -m g l cos(theta):

    >>> theta, omega, m, g, l = sp.symbols("theta omega m g l", positive=True)
    >>> L = m * l**2 * omega**2 / 2 + m * g * l * sp.cos(theta)
    >>> M, h = euler_lagrange(L, [theta], [omega])
    >>> print(M[0], "|", h[0])
    l**2*m | g*l*m*sin(theta)
    """
    q, qd = sp.Matrix(list(q)), sp.Matrix(list(qd))
    momentum = sp.Matrix([sp.diff(lagrangian, v) for v in qd])
    M = momentum.jacobian(qd)
    h = momentum.jacobian(q) * qd - sp.Matrix([sp.diff(lagrangian, c) for c in q])
    return M, h


def coriolis_from_mass_matrix(M, q, qd):
    r"""C with :math:`C_{kj} = \sum_i \Gamma_{ijk} \dot q_i` from the Christoffel symbols of M.

    .. math:: \Gamma_{ijk} = \tfrac12\Big(\frac{\partial M_{kj}}{\partial q_i}
              + \frac{\partial M_{ki}}{\partial q_j} - \frac{\partial M_{ij}}{\partial q_k}\Big)
    """
    n = len(q)
    C = sp.zeros(n, n)
    for k in range(n):
        for j in range(n):
            C[k, j] = sum(
                sp.Rational(1, 2) * (sp.diff(M[k, j], q[i]) + sp.diff(M[k, i], q[j])
                                     - sp.diff(M[i, j], q[k])) * qd[i]
                for i in range(n)
            )
    return C


def arm_symbols(n: int) -> dict:
    """The symbols of an n-link arm: q, qd (lists), m, L, lc, I (lists), g.

    >>> print(arm_symbols(2)["q"], arm_symbols(2)["lc"])
    [q1, q2] [lc1, lc2]
    """
    n = check_integer("n", n, at_least=1)
    names = range(1, n + 1)
    return {
        "q": [sp.Symbol(f"q{i}", real=True) for i in names],
        "qd": [sp.Symbol(f"qd{i}", real=True) for i in names],
        "m": [sp.Symbol(f"m{i}", positive=True) for i in names],
        "L": [sp.Symbol(f"L{i}", positive=True) for i in names],
        "lc": [sp.Symbol(f"lc{i}", positive=True) for i in names],
        "I": [sp.Symbol(f"I{i}", positive=True) for i in names],
        "g": sp.Symbol("g", positive=True),
    }


#: How the text writes the symbols of :func:`arm_symbols` (and the accelerations ``qdd1``,
#: ... of the identification) whose plain names would read as products in LaTeX (``lc2`` as
#: :math:`lc_2`, ``qd1`` as :math:`qd_1`, ``qdd1`` as :math:`qdd_1`).
_TEX_NAMES = {"lc": r"l_{{c,{index}}}", "qd": r"\dot q_{{{index}}}",
              "qdd": r"\ddot q_{{{index}}}"}


def latex(expr) -> str:
    r"""LaTeX of an expression (or matrix) in the symbols of :func:`arm_symbols`, written as
    the text writes them: :math:`l_{c,2}` for ``lc2``, :math:`\dot q_1` for ``qd1``,
    :math:`\ddot q_1` for ``qdd1``.

    >>> s = arm_symbols(2)
    >>> latex(s["m"][1] * s["lc"][1] ** 2 * s["qd"][0])
    'l_{c,2}^{2} m_{2} \\dot q_{1}'
    >>> latex(sp.Symbol("qdd1") + sp.Symbol("qd2") ** 2)
    '\\dot q_{2}^{2} + \\ddot q_{1}'
    """
    names = {}
    for symbol in getattr(expr, "free_symbols", set()):
        match = re.fullmatch(r"(qdd|qd|lc)(\d+)", symbol.name)
        if match:
            names[symbol] = _TEX_NAMES[match.group(1)].format(index=match.group(2))
    return sp.latex(expr, symbol_names=names)


def planar_arm_energies(n: int):
    r"""Kinetic and potential energy of the n-link planar arm in the symbols of :func:`arm_symbols`.

    The centre of mass of link i moves with
    :math:`\dot c_i = \sum_{k<i} L_k \dot\varphi_k u_k^\perp + l_{c,i} \dot\varphi_i u_i^\perp`,
    and :math:`u_a^\perp \cdot u_b^\perp = \cos(\varphi_a - \varphi_b)`, so

    .. math:: T = \sum_i \Big[\tfrac12 m_i \sum_{a, b \le i} r_{ia} r_{ib}\,
              \dot\varphi_a \dot\varphi_b \cos(\varphi_a - \varphi_b)
              + \tfrac12 I_i \dot\varphi_i^2\Big], \qquad
              V = g \sum_i m_i\, y_{c,i},

    with :math:`r_{ia} = L_a` for a < i, :math:`r_{ii} = l_{c,i}`, and
    :math:`\varphi_a - \varphi_b = q_{b+1} + \dots + q_a`: q1 absolute, the others relative
    (the conventions of :mod:`robodyn.arm`). Written this way the expressions come out short
    without simplification.

    Returns
    -------
    T, V : sympy expressions
    symbols : dict
        The symbols used.
    """
    s = arm_symbols(n)
    q, qd = s["q"], s["qd"]
    phi = [sum(q[: i + 1]) for i in range(n)]
    phi_dot = [sum(qd[: i + 1]) for i in range(n)]
    kinetic, potential = 0, 0
    for i in range(n):
        arms = [s["L"][k] for k in range(i)] + [s["lc"][i]]
        speed_squared = sum(
            arms[a] * arms[b] * phi_dot[a] * phi_dot[b]
            * sp.cos(sum(q[min(a, b) + 1 : max(a, b) + 1]))
            for a in range(i + 1) for b in range(i + 1)
        )
        kinetic += s["m"][i] * speed_squared / 2 + s["I"][i] * phi_dot[i] ** 2 / 2
        height = sum(arms[k] * sp.sin(phi[k]) for k in range(i + 1))
        potential += s["m"][i] * s["g"] * height
    return kinetic, potential, s


@functools.cache
def planar_arm_matrices(n: int):
    r"""M, C and G of the n-link planar arm in closed form, and the symbols.

    Derived from :func:`planar_arm_energies` with :func:`euler_lagrange` (M),
    :math:`G = \partial V / \partial q` and :func:`coriolis_from_mass_matrix` (C), each entry
    expanded. The expressions grow quickly with n: n = 1, 2 are short, n = 3 already fills a
    page.

    Examples
    --------
    >>> M, C, G, s = planar_arm_matrices(2)
    >>> print(M[1, 1], "|", G[1])
    I2 + lc2**2*m2 | g*lc2*m2*cos(q1 + q2)
    """
    kinetic, potential, s = planar_arm_energies(n)
    M, _ = euler_lagrange(kinetic, s["q"], s["qd"])
    M = M.applyfunc(sp.expand)
    G = sp.Matrix([sp.diff(potential, c) for c in s["q"]])
    C = coriolis_from_mass_matrix(M, s["q"], s["qd"]).applyfunc(sp.expand)
    return M, C, G, s


@functools.cache
def numeric_arm_matrices(n: int):
    """NumPy function ``f(q, qd, m, L, lc, I, g) -> (M, C, G)`` of :func:`planar_arm_matrices`.

    Each argument but g is a sequence of n numbers.
    """
    M, C, G, s = planar_arm_matrices(n)
    arguments = [s["q"], s["qd"], s["m"], s["L"], s["lc"], s["I"], s["g"]]
    return sp.lambdify(arguments, (M, C, G), modules="numpy")
