r"""Why the gyro holds the egg up: the upright egg linearised; the slowest rotor that holds it.

The steady state is the egg standing on one end, the shell at rest, the gimbal held at
:math:`\phi = \psi = 0`, so that the rotor spins at :math:`\Omega` about the vertical long axis.
Without the rotor it is the top of the potential landscape and falls. Small tilts of the shell
about the world's x and y axes, :math:`\theta = (\theta_x, \theta_y)`, obey the equations of
motion of :func:`robodyn.egg.simulate` to first order as

.. math::

    I_x\,\ddot\theta_x = k\,\theta_x - h\,\dot\theta_y, \qquad
    I_y\,\ddot\theta_y = k\,\theta_y + h\,\dot\theta_x,

with :math:`I_{x,y} = J_{xx,yy} + m R_1^2` the four bodies' inertia about the contact point,
:math:`k = m g\,(R_1^2 - R_2^2)/R_1` gravity's tipping stiffness (on the right with a plus sign:
it pushes the tilt further) and :math:`h = C\,\Omega` the rotor's angular momentum, :math:`C`
its axial moment. :func:`growth_rate` measures the growth of a simulated tilt, to compare.
"""

from __future__ import annotations

import math

import numpy as np

from robodyn.core.errors import ParameterError
from robodyn.core.params import as_array, check_positive
from robodyn.egg.closed_forms import lumped_inertia
from robodyn.egg.params import EggParams


def upright_coefficients(params: EggParams) -> tuple[float, float, float, float]:
    r"""The four numbers of the upright egg's linearised tilt equations.

    .. math::

        I_x = J_{xx} + m R_1^2, \quad I_y = J_{yy} + m R_1^2, \quad
        k = m g\,\frac{R_1^2 - R_2^2}{R_1}, \quad C = \Theta_{4,zz}

    :math:`J` is the lumped inertia of the four bodies about the centre with the gimbal at
    zero (:func:`robodyn.egg.lumped_inertia`), :math:`m R_1^2` carries it to the contact point
    :math:`R_1` below the centre (parallel axes). :math:`k` is :math:`m g` times
    :math:`\ell = R_1 - R_2^2/R_1`, the height of the centre above the centre of curvature of
    the shell's tip (radius :math:`R_2^2/R_1`): tilted by :math:`\theta`, the contact moves
    :math:`(R_2^2/R_1)\,\theta` along the floor while the centre moves :math:`R_1\theta`, and
    gravity's lever about the contact is :math:`\ell\,\theta`.

    Parameters
    ----------
    params : EggParams

    Returns
    -------
    I_x, I_y : float
        Moments of inertia about the contact, about the shell's x' and y' axes, kg m^2.
    k : float
        Gravity's tipping stiffness, N m/rad (>= 0; 0 for a sphere).
    C : float
        The rotor's axial moment of inertia, kg m^2.
    """
    if not isinstance(params, EggParams):
        raise ParameterError(f"params must be an EggParams, got {type(params).__name__}")
    J = lumped_inertia(params)
    m = params.mass
    I_x = float(J[0, 0]) + m * params.R1**2
    I_y = float(J[1, 1]) + m * params.R1**2
    k = m * params.g * (params.R1**2 - params.R2**2) / params.R1
    return I_x, I_y, k, float(params.rotor_inertia[2])


def _rotor_speed(params: EggParams, rotor_speed):
    if rotor_speed is None:
        return np.asarray(params.rotor_speed, dtype=float)
    return as_array("rotor_speed", rotor_speed, "rad/s", finite=True)


def gyro_linearisation(params: EggParams, rotor_speed=None):
    r"""The upright egg's tilt dynamics linearised, :math:`\dot z = A z`.

    State :math:`z = (\theta_x, \theta_y, \omega_x, \omega_y)`: the shell's small rotation from
    upright about the world's x and y axes (rad) and its angular velocity about them (rad/s).

    .. math::

        A = \begin{pmatrix}
            0 & 0 & 1 & 0 \\
            0 & 0 & 0 & 1 \\
            k/I_x & 0 & 0 & -h/I_x \\
            0 & k/I_y & h/I_y & 0
        \end{pmatrix}, \qquad h = C\,\Omega ,

    with :math:`I_x, I_y, k, C` of :func:`upright_coefficients`.

    Parameters
    ----------
    params : EggParams
    rotor_speed : float or array_like, optional
        The rotor's speed :math:`\Omega`, rad/s, any shape; ``None`` takes
        ``params.rotor_speed``.

    Returns
    -------
    numpy.ndarray, shape (..., 4, 4)
        One matrix per rotor speed, 1/s and 1/s^2.

    Notes
    -----
    Derived from :func:`robodyn.egg.simulate`'s equation
    :math:`(J + m(|r|^2 I - r r^T))\dot\omega = -b - m\,r\times(\omega\times\dot r)
    + m g\,r\times\hat z + \tau\hat z` at first order in :math:`\theta` and :math:`\omega`.
    The contact vector is :math:`r \approx -R_1\hat z - \ell\,(\theta_y, -\theta_x, 0)`, so the
    left side's matrix is :math:`\mathrm{diag}(I_x, I_y, J_{zz})` and gravity's torque about
    the contact is :math:`k\,\theta`. Of :math:`b` only the rotor's part is of first order,
    :math:`b \approx h\,\omega\times\hat z`; :math:`m\,r\times(\omega\times\dot r)` is of second
    order. The vertical spin :math:`\omega_z` (held by the twist's stiction or free) and the
    centre's position do not enter the tilt at first order and are left out.

    >>> A = gyro_linearisation(EggParams(), 0.0)        # rotor stopped: the egg falls
    >>> print(f"{np.linalg.eigvals(A).real.max():.3f} 1/s")
    7.469 1/s
    """
    I_x, I_y, k, C = upright_coefficients(params)
    h = C * _rotor_speed(params, rotor_speed)
    A = np.zeros(h.shape + (4, 4))
    A[..., 0, 2] = A[..., 1, 3] = 1.0
    A[..., 2, 0] = k / I_x
    A[..., 3, 1] = k / I_y
    A[..., 2, 3] = -h / I_x
    A[..., 3, 2] = h / I_y
    return A


def gyro_eigenvalues(params: EggParams, rotor_speed=None):
    r"""Eigenvalues of :func:`gyro_linearisation` in closed form, 1/s.

    With :math:`\theta \propto e^{st}` the two tilt equations have a solution where

    .. math::

        I_x I_y\,s^4 + \big(h^2 - k\,(I_x + I_y)\big)\,s^2 + k^2 = 0 ,

    a quadratic in :math:`s^2`. Its roots :math:`s^2` are real and negative, and all four
    :math:`s` imaginary (the tilt oscillates and stays small), exactly when
    :math:`|h| > \sqrt k\,(\sqrt{I_x} + \sqrt{I_y})` (:func:`critical_rotor_speed`); otherwise
    some :math:`s` has a positive real part and the tilt grows. For a fast rotor the two
    frequencies are the precession, :math:`k/h`, and the nutation, :math:`h/\sqrt{I_x I_y}`.

    Parameters
    ----------
    params : EggParams
    rotor_speed : float or array_like, optional
        The rotor's speed, rad/s, any shape; ``None`` takes ``params.rotor_speed``.

    Returns
    -------
    numpy.ndarray of complex, shape (..., 4)
        :math:`(s_1, -s_1, s_2, -s_2)`, each :math:`s` the principal square root of a root of
        the quadratic, :math:`|s_1| \ge |s_2|`: in the stable range the nutation first. The
        smaller root is computed as :math:`k^2/(I_x I_y s_1^2)`, free of cancellation.

    >>> s = gyro_eigenvalues(EggParams(), [0.0, 3000.0])
    >>> print(np.round(s.real.max(axis=-1), 3) + 0.0, np.round(np.abs(s.imag[1]), 3))
    [7.469 0.   ] [73.894 73.894  0.746  0.746]
    """
    I_x, I_y, k, C = upright_coefficients(params)
    h = C * _rotor_speed(params, rotor_speed)
    b = h**2 - k * (I_x + I_y)
    root = np.sqrt((b**2 - 4.0 * I_x * I_y * k**2).astype(complex))
    q = -0.5 * (b + np.where(b < 0, -1.0, 1.0) * root)   # the larger root times I_x I_y
    u1 = q / (I_x * I_y)
    u2 = np.divide(k**2, q, out=np.zeros_like(q), where=q != 0)  # product of roots k^2/(I_x I_y)
    s1, s2 = np.sqrt(u1), np.sqrt(u2)
    return np.stack([s1, -s1, s2, -s2], axis=-1)


def critical_rotor_speed(params: EggParams) -> float:
    r"""The slowest rotor that holds the upright egg up, rad/s.

    .. math::

        \Omega_c = \frac{\sqrt{k}\,\big(\sqrt{I_x} + \sqrt{I_y}\big)}{C}, \qquad
        \text{for } I_x = I_y = I: \quad (C\,\Omega_c)^2 = 4\,I\,m g\,\ell ,

    the classic condition of the sleeping top, with the inertia :math:`I` about the contact and
    :math:`\ell = (R_1^2 - R_2^2)/R_1` (:func:`upright_coefficients`). Either sense of rotation
    holds the egg up if :math:`|\Omega| > \Omega_c`. At :math:`\Omega_c` itself the two
    frequencies of :func:`gyro_eigenvalues` meet at :math:`(k^2/(I_x I_y))^{1/4}`.

    Parameters
    ----------
    params : EggParams

    Returns
    -------
    float
        :math:`\Omega_c`, rad/s; 0 for a sphere, which has no tipping torque.

    Notes
    -----
    The rings hang in the x-z plane of the shell, so :math:`I_x \ne I_y`; their difference
    changes :math:`\Omega_c` only slightly, since
    :math:`(\sqrt{I_x} + \sqrt{I_y})^2 \le 2\,(I_x + I_y)`.

    >>> print(f"{critical_rotor_speed(EggParams()):.1f} rad/s")
    596.7 rad/s
    """
    I_x, I_y, k, C = upright_coefficients(params)
    return math.sqrt(k) * (math.sqrt(I_x) + math.sqrt(I_y)) / C


def growth_rate(t, x, low: float, high: float) -> float:
    r"""Exponential growth rate of a signal while it is small, 1/s.

    The least-squares slope of :math:`\ln|x|` against :math:`t` over the samples from the first
    where :math:`|x| > \text{low}` up to (not including) the first where
    :math:`|x| \ge \text{high}`, or to the end if it never gets there: for
    :math:`x \approx x_0 e^{\sigma t}` it is :math:`\sigma`. A run started near an unstable
    equilibrium grows at the largest real part of its eigenvalues once the other modes have
    faded and until the nonlinear terms take over: ``low`` and ``high`` choose that window.

    Parameters
    ----------
    t : array_like, shape (n,)
        Sample times, s, strictly increasing.
    x : array_like, shape (n,)
        The signal, any unit (a tilt, rad).
    low, high : float
        The window's bounds on :math:`|x|`, in the unit of x, 0 < low < high.

    Raises
    ------
    ParameterError
        If t and x do not match, t does not increase, the bounds are not ordered, or fewer
        than three samples lie in the window (the signal did not grow past ``low``, or
        jumped past ``high`` at once: sample more finely).

    >>> t = np.linspace(0.0, 5.0, 501)
    >>> print(f"{growth_rate(t, 1e-6 * np.exp(2.0 * t), 1e-5, 1e-2):.6f} 1/s")
    2.000000 1/s
    """
    t = as_array("t", t, "s", (None,), finite=True)
    x = np.abs(as_array("x", x, "", (t.size,), finite=True))
    if np.any(np.diff(t) <= 0):
        raise ParameterError("t must be strictly increasing")
    low, high = check_positive("low", low), check_positive("high", high)
    if low >= high:
        raise ParameterError(f"low must be smaller than high, got low = {low:g}, "
                             f"high = {high:g}")
    above = np.nonzero(x >= high)[0]
    end = above[0] if above.size else x.size
    window = np.arange(x.size)[:end][x[:end] > low]
    if window.size < 3:
        raise ParameterError(
            f"growth_rate found {window.size} sample(s) with low = {low:g} < |x| < high = "
            f"{high:g} before |x| first reached high; it needs at least three (the signal "
            "did not grow past low, or passed the window between two samples)")
    return float(np.polyfit(t[window], np.log(x[window]), 1)[0])
