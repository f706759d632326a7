"""Least-squares fits with standard errors, covariance and 95 % intervals."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special


def t_quantile_975(dof: int) -> float:
    r"""Student's t quantile :math:`t_{0.975,\,\nu}` of ``dof`` degrees of freedom: the
    factor of a 95 % interval (``scipy.stats.t.ppf(0.975, dof)``), computed by
    ``scipy.special.stdtrit`` without importing scipy.stats (half a second of every
    process that imports the book's fits).

    >>> round(t_quantile_975(10), 4)
    2.2281
    """
    return float(special.stdtrit(dof, 0.975))


@dataclass(frozen=True, eq=False)
class FrictionFit:
    """Result of a friction fit: estimates, their uncertainty, and how well the model fits.

    Attributes
    ----------
    names : tuple of str
        Names of the parameters, in order.
    estimates : numpy.ndarray
        Best-fit values, in the units of the model.
    standard_errors : numpy.ndarray
        One standard deviation of each estimate, from the residual variance and the
        Jacobian at the solution (exact for a linear model with independent, equal noise).
    covariance : numpy.ndarray
        Covariance matrix of the estimates.
    confidence_intervals : numpy.ndarray, shape (p, 2)
        95 % intervals, estimate -+ t(0.975, n - p) standard errors.
    residuals : numpy.ndarray
        Data minus model at every sample.
    r_squared : float
        1 - (residual sum of squares) / (total sum of squares).
    success : bool
        True when the solver converged.
    message : str
        What the solver reported, and warnings about parameters the data do not pin down.
    """

    names: tuple
    estimates: np.ndarray
    standard_errors: np.ndarray
    covariance: np.ndarray
    confidence_intervals: np.ndarray
    residuals: np.ndarray
    r_squared: float
    success: bool = True
    message: str = ""

    def __getitem__(self, name: str) -> float:
        """The estimate of the parameter ``name``."""
        if name not in self.names:
            raise KeyError(f"no parameter {name!r}; the parameters are {', '.join(self.names)}")
        return float(self.estimates[self.names.index(name)])

    def table(self) -> str:
        """The estimates with their standard errors and 95 % intervals, one line each."""
        lines = [f"{'':4s}{'estimate':>11s}{'std error':>11s}   95 % interval"]
        for name, value, error, (low, high) in zip(self.names, self.estimates,
                                                   self.standard_errors,
                                                   self.confidence_intervals, strict=True):
            lines.append(f"{name:4s}{value:11.4g}{error:11.2g}   [{low:.4g}, {high:.4g}]")
        return "\n".join(lines)


def parameter_intervals(jacobian, residuals, names, estimates, message: str = "", *,
                        success: bool = True, r_squared: float = float("nan")) -> FrictionFit:
    r"""A least-squares fit's standard errors, covariance and 95 % intervals.

    With n samples, p parameters, the model's Jacobian J (n, p) at the estimates and the
    residuals r, the noise variance is estimated as :math:`s^2 = r^T r / (n - p)`, the
    covariance as :math:`s^2 (J^T J)^{-1}` (from J's singular values, not by inverting
    :math:`J^T J`), and each interval as the estimate :math:`\pm\, t_{0.975,\,n-p}` times its
    standard error. A direction of the parameters the data do not see at all (a singular
    value about 0) gives the parameters along it the standard error inf.
    """
    n, p = jacobian.shape
    dof = n - p
    variance = float(residuals @ residuals) / dof
    _, singular, vt = np.linalg.svd(jacobian, full_matrices=False)
    seen = singular > singular[0] * 1e-10
    covariance = variance * (vt[seen].T / singular[seen] ** 2) @ vt[seen]
    errors = np.sqrt(np.diag(covariance))
    unseen = np.any(np.abs(vt[~seen]) > 1e-8, axis=0)
    errors = np.where(unseen, np.inf, errors)
    half = t_quantile_975(dof) * errors
    return FrictionFit(names=tuple(names), estimates=estimates, standard_errors=errors,
                       covariance=covariance,
                       confidence_intervals=np.column_stack([estimates - half, estimates + half]),
                       residuals=residuals, r_squared=r_squared, success=success,
                       message=message)


def linear_least_squares(A, y, names,
                         message: str = "linear least squares (SVD)") -> FrictionFit:
    r"""Fit :math:`y \approx A\,x` by linear least squares (``numpy.linalg.lstsq``, not the
    normal equations), with the intervals of :func:`parameter_intervals` and
    :math:`R^2 = 1 - r^T r / \sum (y - \bar y)^2` (1 when every y is the same).

    Chapter 2 fits its friction models with it, chapter 1 the arm's parameters
    (:func:`robodyn.arm.identification.identify`).
    """
    estimates, *_ = np.linalg.lstsq(A, y, rcond=None)
    residuals = y - A @ estimates
    total = float(np.sum((y - y.mean()) ** 2))
    r_squared = 1.0 - float(residuals @ residuals) / total if total > 0 else 1.0
    return parameter_intervals(A, residuals, names, estimates, message, r_squared=r_squared)
