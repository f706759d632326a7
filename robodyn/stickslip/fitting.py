"""Fitting tools of the calibration: a least-squares circle and Nelder-Mead steps."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import optimize

from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    as_array,
    check_integer,
)


@dataclass(frozen=True)
class CircleFit:
    """A circle fitted to points: centre, radius, and how well it fits.

    Attributes
    ----------
    xc, yc, radius : float
        Centre and radius, m (radius ``inf`` for points on a straight line).
    residual : float
        Root-mean-square distance of the points from the circle, m.
    side : int
        +1 if the centre lies to the right of the direction of travel (from the first to the
        last point, as the overhead camera's frame draws it: y down), -1 if to the left, 0 on
        a straight line.
    method : str
        "algebraic" or "geometric".
    """

    xc: float
    yc: float
    radius: float
    residual: float
    side: int
    method: str

    @property
    def curvature(self) -> float:
        """Signed curvature side / radius, 1/m (0 for a line)."""
        return 0.0 if not np.isfinite(self.radius) else self.side / self.radius


def fit_circle(x, y, method: str = "geometric") -> CircleFit:
    r"""Least-squares circle through points (Kasa's algebraic fit, refined geometrically).

    *Algebraic* (Kasa): a circle is :math:`x^2 + y^2 + D x + E y + F = 0`, linear in
    :math:`(D, E, F)`; least squares on the points gives the centre :math:`(-D/2, -E/2)` and
    the radius :math:`\sqrt{D^2/4 + E^2/4 - F}`. It is exact for exact points and biased
    towards small circles for noisy points on a short arc. *Geometric*: from the algebraic
    start, minimise the distances :math:`\sqrt{(x - x_c)^2 + (y - y_c)^2} - R` themselves
    (scipy.optimize.least_squares with MINPACK's Levenberg-Marquardt, the distances'
    derivatives and tight tolerances: the least-squares circle itself, in a quarter of the
    time its default method with differences took to come within 1e-7 of it).

    Points on a straight line (within 1e-9 of their spread) give a radius of ``inf``, not an
    error; nearly straight paths give very large radii.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Coordinates, m (n >= 3, finite).
    method : {"geometric", "algebraic"}

    Returns
    -------
    CircleFit
    """
    x = as_array("x", x, "m", (None,), finite=True)
    y = as_array("y", y, "m", (x.size,), finite=True)
    if x.size < 3:
        raise ParameterError(f"x and y need at least 3 points to fit a circle, got {x.size}")
    if method not in ("geometric", "algebraic"):
        raise ParameterError(f"method must be 'geometric' or 'algebraic', got {method!r}")
    mx, my = x.mean(), y.mean()
    u, w = x - mx, y - my                       # centred: better conditioned
    spread = float(np.sqrt(np.mean(u**2 + w**2)))
    travel = np.array([x[-1] - x[0], y[-1] - y[0]])
    if np.hypot(*travel) == 0.0:
        travel = np.array([x[1] - x[0], y[1] - y[0]])
    # collinear points: the smallest singular value of the centred points vanishes
    singular = np.linalg.svd(np.column_stack([u, w]), compute_uv=False)
    if spread == 0.0 or singular[-1] <= 1e-9 * singular[0]:
        return CircleFit(float(mx), float(my), float("inf"), 0.0, 0, method)
    A = np.column_stack([u, w, np.ones_like(u)])
    (D, E, F), *_ = np.linalg.lstsq(A, -(u**2 + w**2), rcond=None)
    cu, cw = -D / 2, -E / 2
    radius = float(np.sqrt(max(cu**2 + cw**2 - F, 0.0)))
    if method == "geometric":
        def distances(p):
            return np.hypot(u - p[0], w - p[1]) - p[2]

        def slopes(p):
            """d(distances)/d(centre, radius): minus the unit vectors to the points, -1."""
            d = np.hypot(u - p[0], w - p[1])
            return np.column_stack([-(u - p[0]) / d, -(w - p[1]) / d, -np.ones_like(d)])

        solution = optimize.least_squares(distances, [cu, cw, radius], jac=slopes,
                                          method="lm", xtol=1e-12, ftol=1e-12, gtol=1e-12)
        cu, cw, radius = solution.x
        radius = float(abs(radius))
    xc, yc = float(cu + mx), float(cw + my)
    residual = float(np.sqrt(np.mean((np.hypot(x - xc, y - yc) - radius) ** 2)))
    to_centre = np.array([xc - x[0], yc - y[0]])
    cross = travel[0] * to_centre[1] - travel[1] * to_centre[0]
    return CircleFit(xc, yc, radius, residual, int(np.sign(cross)), method)


@dataclass(frozen=True)
class NelderMeadStep:
    """One iteration of :func:`nelder_mead_steps`: the simplex before it and the move made.

    Attributes
    ----------
    simplex : numpy.ndarray, shape (n + 1, n)
        Vertices, best first.
    values : numpy.ndarray, shape (n + 1,)
        Their costs.
    move : str
        "reflect", "expand", "contract outside", "contract inside" or "shrink".
    trial : numpy.ndarray, shape (n,)
        The point the move accepted (for a shrink, the new second vertex).
    """

    simplex: np.ndarray
    values: np.ndarray
    move: str
    trial: np.ndarray


def nelder_mead_steps(cost, simplex, iterations: int) -> list[NelderMeadStep]:
    r"""Nelder and Mead's simplex method, step by step, for drawing it.

    The standard coefficients: reflect the worst vertex through the centroid of the others
    (:math:`x_r = c + (c - x_w)`); if that is the best point yet, try twice as far
    (expand); if it is worse than the second-worst, try halfway outside or inside
    (contract); if even that fails, pull every vertex halfway to the best (shrink). These are
    the rules of ``scipy.optimize.minimize(method="Nelder-Mead")`` without its adaptive
    coefficients (a test holds the two to the same best points).

    Parameters
    ----------
    cost : callable
        ``cost(x) -> float``.
    simplex : array_like, shape (n + 1, n)
        Initial vertices.
    iterations : int
        Number of iterations (>= 1).
    """
    if not callable(cost):
        raise ParameterError(f"cost must be callable as cost(x) -> float, got {cost!r}")
    points = as_array("simplex", simplex, "", (None, None), finite=True).copy()
    if points.shape[0] != points.shape[1] + 1:
        raise ParameterError(f"simplex must have n + 1 vertices of n coordinates, got shape "
                             f"{points.shape}")
    iterations = check_integer("iterations", iterations, at_least=1)
    values = np.array([float(cost(p)) for p in points])
    steps = []
    for _ in range(iterations):
        order = np.argsort(values, kind="stable")
        points, values = points[order], values[order]
        centroid = points[:-1].mean(axis=0)
        worst = points[-1]
        reflected = centroid + (centroid - worst)
        f_r = float(cost(reflected))
        move, trial = "reflect", reflected
        if f_r < values[0]:
            expanded = centroid + 2.0 * (centroid - worst)
            f_e = float(cost(expanded))
            if f_e < f_r:
                move, trial, f_new = "expand", expanded, f_e
            else:
                f_new = f_r
        elif f_r < values[-2]:
            f_new = f_r
        else:
            if f_r < values[-1]:
                trial = centroid + 0.5 * (reflected - centroid)
                move = "contract outside"
                f_c = float(cost(trial))
                accept = f_c <= f_r
            else:
                trial = centroid + 0.5 * (worst - centroid)
                move = "contract inside"
                f_c = float(cost(trial))
                accept = f_c < values[-1]
            if accept:
                f_new = f_c
            else:
                steps.append(NelderMeadStep(points.copy(), values.copy(), "shrink",
                                            points[0] + 0.5 * (points[1] - points[0])))
                points[1:] = points[0] + 0.5 * (points[1:] - points[0])
                values[1:] = [float(cost(p)) for p in points[1:]]
                continue
        steps.append(NelderMeadStep(points.copy(), values.copy(), move, trial.copy()))
        points[-1], values[-1] = trial, f_new
    return steps
