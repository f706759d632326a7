r"""Constrained Lagrange models: projection onto the free velocities, and Lagrange multipliers.

A mechanical system with generalised coordinates q (n of them) and k velocity constraints
:math:`A(q)\dot q = 0` obeys

.. math:: M(q)\,\ddot q + h(q, \dot q) = B(q)\,\tau - A(q)^T \lambda ,

with mass matrix M (n x n), velocity-product and gravity terms h (n), input matrix B (n x p)
and constraint forces lambda (k). Two ways to solve it, which the book uses against each other:

- :func:`project_onto_free_velocities`: write every allowed velocity as
  :math:`\dot q = S(q)\,\nu` with :math:`A S = 0` and multiply by :math:`S^T`; lambda drops out
  and n - k equations in nu remain (the differential drive, the vacuum robot).
- :func:`solve_with_multipliers`: keep lambda and solve the saddle-point system of the
  accelerations and the constraint forces together.

Functions take and return plain NumPy arrays; units are those of the model (kg, kg m, kg m^2
in M; N, N m in h and B tau).
"""

from __future__ import annotations

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array

__all__ = ["project_onto_free_velocities", "solve_with_multipliers"]


def _square(name: str, value) -> np.ndarray:
    matrix = as_array(name, value, "", (None, None), finite=True)
    if matrix.shape[0] != matrix.shape[1]:
        raise ParameterError(f"{name} must be square, got shape {matrix.shape}")
    return matrix


def project_onto_free_velocities(M, h, B, S, S_dot_nu):
    r"""Project the constrained equations onto the allowed velocities :math:`\dot q = S \nu`.

    With :math:`\ddot q = S\dot\nu + \dot S\nu` and :math:`S^T A^T = 0`:

    .. math::

        \bar M \dot\nu + \bar h = \bar B \tau, \qquad
        \bar M = S^T M S, \quad \bar h = S^T (M \dot S \nu + h), \quad \bar B = S^T B

    Parameters
    ----------
    M : array_like, shape (n, n)
        Mass matrix at q.
    h : array_like, shape (n,)
        Velocity-product (and gravity) terms at (q, q_dot), q_dot = S nu.
    B : array_like, shape (n, p)
        Input matrix.
    S : array_like, shape (n, m)
        Columns spanning the allowed velocities.
    S_dot_nu : array_like, shape (n,)
        The product :math:`\dot S \nu`.

    Returns
    -------
    M_bar : numpy.ndarray, shape (m, m)
    h_bar : numpy.ndarray, shape (m,)
    B_bar : numpy.ndarray, shape (m, p)

    Raises
    ------
    ParameterError
        If a shape does not fit or an entry is not finite.

    Examples
    --------
    A point mass m = 2 kg on the line y = x: q = (x, y), S = (1, 1)^T, nu = x_dot.

    >>> M_bar, h_bar, B_bar = project_onto_free_velocities(
    ...     2.0 * np.eye(2), np.zeros(2), np.eye(2), [[1.0], [1.0]], np.zeros(2))
    >>> print(M_bar, h_bar, B_bar)
    [[4.]] [0.] [[1. 1.]]
    """
    M = _square("M", M)
    n = M.shape[0]
    h = as_array("h", h, "", (n,), finite=True)
    B = as_array("B", B, "", (n, None), finite=True)
    S = as_array("S", S, "", (n, None), finite=True)
    S_dot_nu = as_array("S_dot_nu", S_dot_nu, "", (n,), finite=True)
    return S.T @ M @ S, S.T @ (M @ S_dot_nu + h), S.T @ B


def solve_with_multipliers(M, h, B, tau, A, A_dot_q_dot):
    r"""Accelerations and constraint forces of the constrained equations, solved together.

    The constraint :math:`A\dot q = 0`, differentiated, gives :math:`A\ddot q = -\dot A\dot q`:

    .. math::

        \begin{bmatrix} M & A^T \\ A & 0 \end{bmatrix}
        \begin{bmatrix} \ddot q \\ \lambda \end{bmatrix}
        = \begin{bmatrix} B\tau - h \\ -\dot A \dot q \end{bmatrix}

    Parameters
    ----------
    M : array_like, shape (n, n)
        Mass matrix, symmetric positive definite.
    h : array_like, shape (n,)
        Velocity-product (and gravity) terms.
    B : array_like, shape (n, p)
        Input matrix.
    tau : array_like, shape (p,)
        Inputs (torques or forces).
    A : array_like, shape (k, n)
        Constraint matrix, rows independent.
    A_dot_q_dot : array_like, shape (k,)
        The product :math:`\dot A \dot q`.

    Returns
    -------
    q_ddot : numpy.ndarray, shape (n,)
        Accelerations.
    lam : numpy.ndarray, shape (k,)
        Constraint forces, in the units of the rows of A (N for a rolling constraint in m).

    Raises
    ------
    ParameterError
        If a shape does not fit, or the system is singular (dependent constraints).

    Examples
    --------
    The same point mass on y = x pushed along x by 1 N: it accelerates at 0.25 m/s^2 along
    both axes, and the line pushes back with 0.5 N.

    >>> q_ddot, lam = solve_with_multipliers(2.0 * np.eye(2), np.zeros(2), np.eye(2),
    ...                                      [1.0, 0.0], [[1.0, -1.0]], [0.0])
    >>> print(q_ddot, lam)
    [0.25 0.25] [0.5]
    """
    M = _square("M", M)
    n = M.shape[0]
    h = as_array("h", h, "", (n,), finite=True)
    B = as_array("B", B, "", (n, None), finite=True)
    tau = as_array("tau", tau, "", (B.shape[1],), finite=True)
    A = as_array("A", A, "", (None, n), finite=True)
    k = A.shape[0]
    A_dot_q_dot = as_array("A_dot_q_dot", A_dot_q_dot, "", (k,), finite=True)
    system = np.block([[M, A.T], [A, np.zeros((k, k))]])
    right = np.concatenate([B @ tau - h, -A_dot_q_dot])
    try:
        solution = np.linalg.solve(system, right)
    except np.linalg.LinAlgError as error:
        raise ParameterError(
            "the constrained system is singular: the rows of A must be independent and M "
            "positive definite on the allowed velocities"
        ) from error
    return solution[:n], solution[n:]
