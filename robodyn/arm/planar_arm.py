"""The planar arm: its parameters, Newton-Euler recursion, mass matrix and forward dynamics."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.linalg.lapack import dposv

from robodyn.core import integrate
from robodyn.core.errors import ParameterError
from robodyn.core.params import (
    STANDARD_GRAVITY,
    Parameters,
    as_array,
    check_choice,
    check_non_negative,
    quantity,
)


@dataclass(frozen=True, eq=False)
class PlanarArm(Parameters):
    r"""A planar serial arm of n >= 1 revolute links; defaults are the tutorial's 2-link arm.

    Parameters
    ----------
    masses : array_like, shape (n,)
        Link masses m_i, kg (> 0). Tutorial: 5.0 and 3.0 kg.
    lengths : array_like, shape (n,)
        Link lengths L_i, joint to joint, m (> 0). Tutorial: 0.5 and 0.4 m.
    com_fractions : float or array_like, shape (n,)
        Distance of each centre of mass from its joint as a fraction of the link length, in
        [0, 1]; one number applies to all links. Default 0.5 (the tutorial's midpoint).
    inertias : array_like, shape (n,), or None
        Moment of inertia of each link about its centre of mass, out of the plane, kg m^2
        (>= 0). ``None`` gives the uniform rod, m L^2 / 12 (the tutorial's choice in its
        matrix and energy sections; its Newton-Euler example uses 0.1 and 0.05 kg m^2).
    gravity : float
        Gravitational acceleration g along -y, m/s^2 (>= 0). Default 9.81.

    Attributes
    ----------
    n : int
        Number of links.
    com_distances : numpy.ndarray, shape (n,)
        l_c,i = com_fraction_i * L_i, m.

    Raises
    ------
    ParameterError
        If a mass or length is not > 0, a fraction outside [0, 1], an inertia < 0, the
        lists of unequal length, or any value not finite; the message names it.

    Examples
    --------
    >>> arm = PlanarArm()
    >>> print(arm.n, arm.com_distances, arm.inertias.round(4))
    2 [0.25 0.2 ] [0.1042 0.04  ]
    >>> PlanarArm(masses=[1.0, 2.0], lengths=[0.5])
    Traceback (most recent call last):
    ...
    robodyn.core.errors.ParameterError: masses and lengths must have one entry per link; got 2
    masses and 1 lengths
    """

    masses: np.ndarray = quantity(
        (5.0, 3.0), "kg", above=0.0, shape=(None,), source="stated",
        note="the tutorial's 2-link arm (a worked example, not a measured robot)")
    lengths: np.ndarray = quantity(
        (0.5, 0.4), "m", above=0.0, shape=(None,), source="stated",
        note="the tutorial's 2-link arm")
    com_fractions: np.ndarray = quantity(
        0.5, "", at_least=0.0, at_most=1.0, shape=(None,), source="stated",
        note="the tutorial puts each centre of mass at the middle of its link")
    inertias: np.ndarray | None = quantity(
        None, "kg m^2", at_least=0.0, shape=(None,), source="derived",
        note="None: uniform rods, m L^2 / 12, as in the tutorial's matrix and energy sections")
    gravity: float = quantity(STANDARD_GRAVITY, "m/s^2", at_least=0.0, source="standard",
                              note="standard gravity to three figures")

    def __post_init__(self):
        masses = as_array("masses", self.masses, "kg", (None,), finite=True)
        lengths = as_array("lengths", self.lengths, "m", (None,), finite=True)
        if masses.size < 1 or masses.size != lengths.size:
            raise ParameterError(
                f"masses and lengths must have one entry per link; got {masses.size} masses "
                f"and {lengths.size} lengths"
            )
        n = masses.size
        fractions = as_array("com_fractions", self.com_fractions, "", finite=True)
        if fractions.ndim == 0:
            fractions = np.full(n, float(fractions))
        object.__setattr__(self, "com_fractions", fractions)
        if self.inertias is None:
            object.__setattr__(self, "inertias", masses * lengths**2 / 12.0)
        super().__post_init__()
        for name in ("com_fractions", "inertias"):
            if getattr(self, name).size != n:
                raise ParameterError(
                    f"{name} must have one entry per link ({n}), got {getattr(self, name).size}"
                )

    # ------------------------------------------------------------------ geometry

    @property
    def n(self) -> int:
        """Number of links."""
        return int(self.masses.size)

    @property
    def com_distances(self) -> np.ndarray:
        """Distance l_c of each centre of mass from its joint, m, shape (n,)."""
        return self.com_fractions * self.lengths

    def with_payload(self, mass: float) -> PlanarArm:
        """The arm with a point mass (kg, >= 0) at the tip, merged into the last link.

        The last link gets mass m + m_p, its centre of mass moves to
        (m l_c + m_p L) / (m + m_p), and its inertia about the new centre follows from the
        parallel-axis theorem.
        """
        payload = check_non_negative("mass", mass, "kg")
        m, length, lc = self.masses[-1], self.lengths[-1], self.com_distances[-1]
        total = m + payload
        centre = (m * lc + payload * length) / total
        inertia = self.inertias[-1] + m * (lc - centre) ** 2 + payload * (length - centre) ** 2
        return dataclasses.replace(
            self,
            masses=np.append(self.masses[:-1], total),
            com_fractions=np.append(self.com_fractions[:-1], centre / length),
            inertias=np.append(self.inertias[:-1], inertia),
        )

    def _angles(self, q) -> np.ndarray:
        q = as_array("q", q, "rad")
        if q.ndim < 1 or q.shape[0] != self.n:
            raise ParameterError(
                f"q must have shape ({self.n},) or ({self.n}, ...) for this {self.n}-link arm, "
                f"got shape {q.shape}"
            )
        return q

    def _state(self, name: str, value, unit: str, shape) -> np.ndarray:
        array = as_array(name, value, unit)
        if array.shape == shape:
            return array
        try:
            return np.broadcast_to(array, shape)
        except ValueError as error:
            raise ParameterError(
                f"{name} must have the shape of q, {shape}, got shape {array.shape}"
            ) from error

    def absolute_angles(self, q) -> np.ndarray:
        """Angle of each link from the x axis, phi_i = q_1 + ... + q_i, rad."""
        return np.cumsum(self._angles(q), axis=0)

    def joint_positions(self, q) -> np.ndarray:
        """Positions of the joints and the tip, shape (n + 1, 2, ...), m; row 0 is the base."""
        phi = self.absolute_angles(q)
        lengths = self.lengths.reshape((-1,) + (1,) * (phi.ndim - 1))
        steps = np.stack([lengths * np.cos(phi), lengths * np.sin(phi)], axis=1)
        zero = np.zeros_like(steps[:1])
        return np.concatenate([zero, np.cumsum(steps, axis=0)])

    def com_positions(self, q) -> np.ndarray:
        """Positions of the centres of mass, shape (n, 2, ...), m."""
        phi = self.absolute_angles(q)
        shape = (-1,) + (1,) * (phi.ndim - 1)
        joints = self.joint_positions(q)[:-1]
        lc = self.com_distances.reshape(shape)
        return joints + np.stack([lc * np.cos(phi), lc * np.sin(phi)], axis=1)

    def com_jacobians(self, q) -> np.ndarray:
        r"""Jacobians of the centres of mass, J[i, :, j] = d c_i / d q_j, shape (n, 2, n), m.

        .. math:: \frac{\partial c_i}{\partial q_j} = \sum_{k=j}^{i-1} L_k\,u_k^\perp
                  + l_{c,i}\,u_i^\perp \quad (j \le i), \qquad 0 \quad (j > i)

        with :math:`u_k^\perp = (-\sin\varphi_k, \cos\varphi_k)`. For one state ``q`` (n,).
        """
        phi = self.absolute_angles(as_array("q", q, "rad", (self.n,)))
        perp = np.stack([-np.sin(phi), np.cos(phi)], axis=1)  # (n, 2)
        J = np.zeros((self.n, 2, self.n))
        for i in range(self.n):
            for j in range(i + 1):
                J[i, :, j] = self.lengths[j:i] @ perp[j:i] + self.com_distances[i] * perp[i]
        return J

    # ------------------------------------------------------------------ dynamics

    def inverse_dynamics(self, q, qd, qdd, gravity: bool = True) -> np.ndarray:
        r"""Joint torques for a motion, by the recursive Newton-Euler algorithm.

        Outward pass, link by link from the base: angular velocity and acceleration
        :math:`\omega_i = \sum_{j \le i} \dot q_j`, :math:`\alpha_i = \sum_{j \le i} \ddot q_j`;
        acceleration of the centre of mass and of the next joint,

        .. math::

            a_{c,i} = a_{p,i} + \alpha_i\, r_{c,i}^\perp - \omega_i^2\, r_{c,i}, \qquad
            a_{p,i+1} = a_{p,i} + \alpha_i\, r_{i}^\perp - \omega_i^2\, r_{i},

        with :math:`r_i = L_i u_i`, :math:`r_{c,i} = l_{c,i} u_i` and the base accelerated
        upward by g (:math:`a_{p,1} = (0, g)`), which puts gravity on every link at once.
        Inward pass, from the tip: the force and torque link i-1 exerts on link i,

        .. math::

            f_i = f_{i+1} + m_i a_{c,i}, \qquad
            n_i = n_{i+1} + I_i \alpha_i + r_{c,i} \times f_i + (r_i - r_{c,i}) \times f_{i+1},

        with :math:`f_{n+1} = 0`, :math:`n_{n+1} = 0`, and the joint torque
        :math:`\tau_i = n_i`.

        Parameters
        ----------
        q, qd, qdd : array_like, shape (n,) or (n, ...)
            Joint angles (rad), rates (rad/s) and accelerations (rad/s^2), broadcast.
        gravity : bool, optional
            False leaves gravity out (for the inertial and velocity terms alone).

        Returns
        -------
        numpy.ndarray, shape (n,) or (n, ...)
            Joint torques, N m.

        Examples
        --------
        The tutorial's 2-link arm held still at 45 and 30 degrees:

        >>> arm = PlanarArm(inertias=[0.1, 0.05])
        >>> tau = arm.inverse_dynamics(np.radians([45, 30]), [0, 0], [0, 0])
        >>> print(tau.round(3))
        [20.599  1.523]
        """
        return self._newton_euler(q, qd, qdd, gravity)

    def _newton_euler(self, q, qd, qdd, gravity: bool, forces: bool = False):
        """Both passes: the joint torques (n, ...), and with ``forces`` also the joint
        forces (n, 2, ...)."""
        q = self._angles(q)
        qd = self._state("qd", qd, "rad/s", q.shape)
        qdd = self._state("qdd", qdd, "rad/s^2", q.shape)
        m, inertia, length, lc = self.masses, self.inertias, self.lengths, self.com_distances
        if q.ndim > 1:  # per-link constants against states of shape (n, ...)
            shape = (-1,) + (1,) * (q.ndim - 1)
            m, inertia, length, lc = (x.reshape(shape) for x in (m, inertia, length, lc))
        phi, omega, alpha = (np.cumsum(x, axis=0) for x in (q, qd, qdd))
        cos, sin = np.cos(phi), np.sin(phi)  # u_i = (cos, sin), u_i_perp = (-sin, cos)
        # Outward pass, from the base (a_p,1 = (0, g)). Per unit of length along link i a point
        # accelerates by alpha_i u_perp - omega_i^2 u relative to joint i ("turn"), so
        # a_p,i+1 = a_p,i + L_i turn_i, a running sum over the links before i.
        omega_squared = omega * omega
        turn_x = -alpha * sin - omega_squared * cos
        turn_y = alpha * cos - omega_squared * sin
        a_joint_x = _before(length * turn_x)
        a_joint_y = _before(length * turn_y) + (self.gravity if gravity else 0.0)
        a_com_x, a_com_y = a_joint_x + lc * turn_x, a_joint_y + lc * turn_y
        # Inward pass, from the tip: f_i = f_{i+1} + m_i a_c,i, a running sum from the tip
        # (so f_{i+1} = f_i - m_i a_c,i), and n_i = n_{i+1} + I_i alpha_i + r_c,i x f_i
        # + (r_i - r_c,i) x f_{i+1}, with r x f = |r| (cos f_y - sin f_x) for r along the link.
        inertial_x, inertial_y = m * a_com_x, m * a_com_y
        f_x, f_y = _from_the_tip(inertial_x), _from_the_tip(inertial_y)
        f_next_x, f_next_y = f_x - inertial_x, f_y - inertial_y
        own = (inertia * alpha + lc * (cos * f_y - sin * f_x)
               + (length - lc) * (cos * f_next_y - sin * f_next_x))
        torques = _from_the_tip(own)
        return (torques, np.stack([f_x, f_y], axis=1)) if forces else torques

    def joint_forces(self, q, qd, qdd, gravity: bool = True) -> np.ndarray:
        """The forces f_i that link i-1 (the base for i = 1) exerts on link i at joint i, N.

        The force half of :meth:`inverse_dynamics`' inward pass; shape (n, 2, ...) with
        axis 1 holding (x, y). With gravity, f_1 carries the weight of the whole arm.
        """
        return self._newton_euler(q, qd, qdd, gravity, forces=True)[1]

    def mass_matrix(self, q) -> np.ndarray:
        r"""Mass matrix by the composite-rigid-body algorithm, shape (n, n), kg m^2.

        Entry :math:`M_{ij}` is the torque at joint i needed to give joint j a unit
        acceleration from rest, with gravity off. That acceleration turns the links j..n, rigidly
        together (the *composite body* j), about joint j, so for :math:`i \le j`

        .. math:: M_{jj} = K_j, \qquad M_{ij} = K_j + d_j \cdot (p_j - p_i), \qquad
                  M_{ji} = M_{ij},

        with :math:`p_j` the position of joint j, :math:`K_j = \sum_{k \ge j} (I_k + m_k
        |c_k - p_j|^2)` the composite's moment of inertia about joint j and
        :math:`d_j = \sum_{k \ge j} m_k (c_k - p_j)` its first moment (mass times centre of
        mass) about joint j. One pass from the tip builds both, adding link j to composite j+1
        and moving the sums from joint j+1 to joint j (:math:`p_{j+1} - p_j = L_j u_j`, the
        parallel-axis theorem):

        .. math::

            K_j = K_{j+1} + 2 L_j\, u_j \cdot d_{j+1} + \bar m_{j+1} L_j^2
                  + I_j + m_j l_{c,j}^2, \qquad
            d_j = d_{j+1} + (\bar m_{j+1} L_j + m_j l_{c,j})\, u_j,

        with :math:`\bar m_{j+1}` the mass of the links beyond j. Then column j: the moment
        :math:`K_j` walks inward, gaining :math:`L_i\, u_i \cdot d_j` at each joint i < j
        (:math:`p_j - p_i = \sum_{k=i}^{j-1} L_k u_k`). This is Featherstone's
        composite-rigid-body algorithm (*Rigid Body Dynamics Algorithms*, Springer 2008,
        section 6.2) for a planar chain, with Python floats: n(n + 1)/2 entries, O(n^2)
        operations. It equals :math:`\sum_i m_i J_{c,i}^T J_{c,i} + I_i\, j_{\omega,i}
        j_{\omega,i}^T` from the centre-of-mass Jacobians (:meth:`com_jacobians`) and,
        column by column, :math:`M e_j` = ``inverse_dynamics(q, 0, e_j, gravity=False)``.
        Symmetric (by construction) and positive definite. For one state.

        Examples
        --------
        >>> print(PlanarArm().mass_matrix([0.0, 0.0]).round(4))
        [[1.9267 0.46  ]
         [0.46   0.16  ]]
        """
        q = as_array("q", q, "rad", (self.n,))
        return np.array(self._composite_rigid_body(*self._directions(q)))

    def _directions(self, q: np.ndarray) -> tuple[list[float], list[float]]:
        """(cos phi_i, sin phi_i) of every link as lists of Python floats, for one state
        (a checked array of shape (n,)); the unit vector u_i along link i."""
        phi = np.cumsum(q)
        return np.cos(phi).tolist(), np.sin(phi).tolist()

    def _composite_rigid_body(self, cos: list[float], sin: list[float]) -> list[list[float]]:
        """M as a list of rows, from the link directions: the loop of :meth:`mass_matrix`."""
        masses, inertias = self.masses.tolist(), self.inertias.tolist()
        lengths, lc = self.lengths.tolist(), self.com_distances.tolist()
        n = len(masses)
        r_x = [length * c for length, c in zip(lengths, cos, strict=True)]  # r_i = L_i u_i
        r_y = [length * s for length, s in zip(lengths, sin, strict=True)]
        M = [[0.0] * n for _ in range(n)]
        outer_mass = K = d_x = d_y = 0.0  # composite n+1: nothing beyond the tip
        for j in reversed(range(n)):
            # K_j, d_j from K_{j+1}, d_{j+1} and the mass beyond j, before they are updated
            K += (2.0 * (r_x[j] * d_x + r_y[j] * d_y) + outer_mass * lengths[j] ** 2
                  + inertias[j] + masses[j] * lc[j] ** 2)
            moment = outer_mass * lengths[j] + masses[j] * lc[j]
            d_x, d_y = d_x + moment * cos[j], d_y + moment * sin[j]
            outer_mass += masses[j]
            # column j: the torque K_j about joint j, moved inward joint by joint
            torque = M[j][j] = K
            for i in reversed(range(j)):
                torque += r_x[i] * d_x + r_y[i] * d_y
                M[i][j] = M[j][i] = torque
        return M

    def _bias_torques(self, cos: list[float], sin: list[float], qd: list[float]) -> list[float]:
        """h = C(q, q') q' + G(q): the Newton-Euler passes of :meth:`inverse_dynamics` for
        one state with q'' = 0, link by link with Python floats. With alpha_i = 0 the outward
        pass leaves a_c,i = a_p,i - omega_i^2 r_c,i and a_p,i+1 = a_p,i - omega_i^2 r_i from
        a_p,1 = (0, g); the inward pass is f_i = f_{i+1} + m_i a_c,i and
        h_i = n_i = n_{i+1} + r_c,i x f_i + (r_i - r_c,i) x f_{i+1}."""
        masses, lengths = self.masses.tolist(), self.lengths.tolist()
        lc = self.com_distances.tolist()
        n = len(masses)
        a_com = []
        omega, a_x, a_y = 0.0, 0.0, self.gravity  # the joint's acceleration, a_p,1 = (0, g)
        for i in range(n):  # outward
            omega += qd[i]
            turn_x, turn_y = -omega * omega * cos[i], -omega * omega * sin[i]
            a_com.append((a_x + lc[i] * turn_x, a_y + lc[i] * turn_y))
            a_x, a_y = a_x + lengths[i] * turn_x, a_y + lengths[i] * turn_y
        torques = [0.0] * n
        f_x = f_y = torque = 0.0  # f_{n+1} = 0, n_{n+1} = 0
        for i in reversed(range(n)):  # inward
            next_x, next_y = f_x, f_y  # f_{i+1}
            f_x, f_y = f_x + masses[i] * a_com[i][0], f_y + masses[i] * a_com[i][1]
            torque += (lc[i] * (cos[i] * f_y - sin[i] * f_x)
                       + (lengths[i] - lc[i]) * (cos[i] * next_y - sin[i] * next_x))
            torques[i] = torque
        return torques

    def gravity_torque(self, q) -> np.ndarray:
        r"""Gravity torques :math:`G(q) = \partial V / \partial q`, N m, shape (n,) or (n, ...).

        With :math:`V = g \sum_i m_i y_{c,i}` and :math:`y_{c,i} = \sum_{k<i} L_k \sin\varphi_k
        + l_{c,i} \sin\varphi_i`:

        .. math:: G_j = g \sum_{i \ge j} \Big( m_i l_{c,i} + L_i \sum_{k > i} m_k \Big)
                  \cos\varphi_i

        The torques that hold the arm still against gravity (gravity compensation).

        Examples
        --------
        The tutorial's arm held horizontal: the worst case for joint 1.

        >>> print(PlanarArm().gravity_torque([0.0, 0.0]).round(3))
        [32.864  5.886]
        """
        phi = self.absolute_angles(q)
        shape = (-1,) + (1,) * (phi.ndim - 1)
        outboard = np.cumsum(self.masses[::-1])[::-1] - self.masses  # sum_{k > i} m_k
        moment = (self.masses * self.com_distances + self.lengths * outboard).reshape(shape)
        per_link = self.gravity * moment * np.cos(phi)
        return np.cumsum(per_link[::-1], axis=0)[::-1]

    def mass_matrix_derivatives(self, q) -> np.ndarray:
        r"""dM/dq: D[l, j, k] = d M_jk / d q_l, shape (n, n, n), for one state.

        From :math:`M = \sum_i m_i J_i^T J_i + \dots`:
        :math:`\partial M / \partial q_l = \sum_i m_i (H_{il}^T J_i + J_i^T H_{il})` with
        :math:`H_{il}[:, j] = \partial^2 c_i / \partial q_j \partial q_l
        = -\sum_{k=\max(j, l)}^{i-1} L_k u_k - l_{c,i} u_i` for j, l <= i.
        """
        q = as_array("q", q, "rad", (self.n,))
        phi = np.cumsum(q)
        u = np.stack([np.cos(phi), np.sin(phi)], axis=1)
        J = self.com_jacobians(q)
        D = np.zeros((self.n, self.n, self.n))
        for i in range(self.n):
            H = np.zeros((self.n, 2, self.n))  # H[l, :, j]
            for j in range(i + 1):
                for l_ in range(i + 1):
                    start = max(j, l_)
                    H[l_, :, j] = -(self.lengths[start:i] @ u[start:i]
                                    + self.com_distances[i] * u[i])
            D += self.masses[i] * (np.einsum("laj,ak->ljk", H, J[i])
                                   + np.einsum("aj,lak->ljk", J[i], H))
        return D

    def coriolis_matrix(self, q, qd) -> np.ndarray:
        r"""Coriolis and centrifugal matrix from the Christoffel symbols, shape (n, n).

        .. math:: C_{kj} = \sum_i \Gamma_{ijk}\, \dot q_i, \qquad
                  \Gamma_{ijk} = \tfrac12 \Big( \frac{\partial M_{kj}}{\partial q_i}
                  + \frac{\partial M_{ki}}{\partial q_j} - \frac{\partial M_{ij}}{\partial q_k}
                  \Big)

        With this choice :math:`\dot M - 2C` is skew-symmetric. It is linear in the joint
        rates: C(q, 0) = 0. For one state.

        Examples
        --------
        >>> C = PlanarArm().coriolis_matrix([0.0, np.pi / 2], [1.0, 0.5])
        >>> print(C.round(4))
        [[-0.15 -0.45]
         [ 0.3   0.  ]]
        """
        q = as_array("q", q, "rad", (self.n,))
        qd = as_array("qd", qd, "rad/s", (self.n,))
        D = self.mass_matrix_derivatives(q)  # D[l, j, k] = dM_jk / dq_l
        # Gamma[i, j, k] = (dM_kj/dq_i + dM_ki/dq_j - dM_ij/dq_k) / 2
        gamma = 0.5 * (np.einsum("ikj->ijk", D) + np.einsum("jki->ijk", D)
                       - np.einsum("kij->ijk", D))
        return np.einsum("ijk,i->kj", gamma, qd)

    def forward_dynamics(self, q, qd, tau) -> np.ndarray:
        r"""Joint accelerations :math:`\ddot q = M^{-1}(\tau - C\dot q - G)`, rad/s^2, shape (n,).

        Featherstone's inertia-matrix method (*Rigid Body Dynamics Algorithms*, Springer 2008,
        chapter 6): the velocity and gravity terms :math:`h = C\dot q + G` are the torques of
        the Newton-Euler passes with :math:`\ddot q = 0` (as :meth:`inverse_dynamics` would
        give them), M comes from the composite-rigid-body algorithm (:meth:`mass_matrix`),
        and :math:`M\ddot q = \tau - h` is solved by Cholesky factorisation, :math:`M = U^T U`
        and two triangular solves (LAPACK's ``dposv``, called directly: for these small
        matrices ``numpy.linalg.solve`` costs several times as much in Python overhead).
        For one state; q, qd and tau are checked once, here.
        """
        q = as_array("q", q, "rad", (self.n,))
        qd = as_array("qd", qd, "rad/s", (self.n,))
        tau = as_array("tau", tau, "N m", (self.n,))
        return self._forward_dynamics(q, qd, tau)

    def _forward_dynamics(self, q: np.ndarray, qd: np.ndarray, tau: np.ndarray) -> np.ndarray:
        """:meth:`forward_dynamics` of checked arrays of shape (n,)."""
        cos, sin = self._directions(q)
        rhs = tau - np.array(self._bias_torques(cos, sin, qd.tolist()))
        M = np.array(self._composite_rigid_body(cos, sin))
        _, qdd, info = dposv(M, rhs)
        if info != 0:  # M singular (a last link with no inertia about its joint): let
            return np.linalg.solve(M, rhs)  # numpy raise LinAlgError, as it always did
        return qdd

    def energy(self, q, qd) -> tuple[float, float]:
        r"""Kinetic and potential energy, J, for one state:

        .. math:: T = \sum_i \tfrac12 m_i |v_{c,i}|^2 + \tfrac12 I_i \omega_i^2
                  = \tfrac12 \dot q^T M(q)\, \dot q, \qquad V = g \sum_i m_i y_{c,i},

        with the links' rates :math:`\omega_i = \sum_{k \le i} \dot q_k`, the centres'
        velocities of :meth:`kinetic_energy_gradient` and their heights
        :math:`y_{c,i} = \sum_{k<i} L_k \sin\varphi_k + l_{c,i} \sin\varphi_i`. The potential
        is zero with every centre of mass at y = 0. Link by link with Python floats, as the
        integrators call it once a step.

        Examples
        --------
        >>> kinetic, potential = PlanarArm().energy([0.0, 0.0], [1.0, 0.0])
        >>> print(f"{kinetic:.4f} J = M_11 / 2, {potential:.1f} J")
        0.9633 J = M_11 / 2, 0.0 J
        """
        q = as_array("q", q, "rad", (self.n,))
        qd = as_array("qd", qd, "rad/s", (self.n,))
        cos, sin = self._directions(q)
        omega, v_x, v_y = self._centre_velocities(cos, sin, qd.tolist())
        kinetic = height = potential = 0.0  # height: of joint i
        for i, (mass, inertia, length, lc) in enumerate(zip(
                self.masses.tolist(), self.inertias.tolist(), self.lengths.tolist(),
                self.com_distances.tolist(), strict=True)):
            kinetic += 0.5 * (mass * (v_x[i] ** 2 + v_y[i] ** 2) + inertia * omega[i] ** 2)
            potential += mass * (height + lc * sin[i])
            height += length * sin[i]
        return kinetic, self.gravity * potential

    def _centre_velocities(self, cos: list[float], sin: list[float], qd: list[float]):
        """(omega_i, v_c,i x, v_c,i y) of every link as lists of Python floats, outward from
        the base: v_c,i = v_p,i + l_c,i omega_i u_i^perp, v_p,i+1 = v_p,i + L_i omega_i u_i^perp,
        v_p,1 = 0, with u_i^perp = (-sin phi_i, cos phi_i)."""
        omega, v_x, v_y = [], [], []
        rate = joint_x = joint_y = 0.0  # omega_i and the velocity of joint i
        for c, s, qd_i, length, lc in zip(cos, sin, qd, self.lengths.tolist(),
                                          self.com_distances.tolist(), strict=True):
            rate += qd_i
            omega.append(rate)
            v_x.append(joint_x - lc * rate * s)
            v_y.append(joint_y + lc * rate * c)
            joint_x, joint_y = joint_x - length * rate * s, joint_y + length * rate * c
        return omega, v_x, v_y

    def kinetic_energy_gradient(self, q, qd) -> np.ndarray:
        r"""How the kinetic energy changes with the pose at fixed joint rates,
        :math:`\partial T / \partial q = \tfrac12 \dot q^T (\partial M / \partial q)\, \dot q`,
        N m, shape (n,), for one state.

        Only the centres' velocities :math:`v_{c,i} = \sum_{k<i} L_k \omega_k u_k^\perp
        + l_{c,i} \omega_i u_i^\perp` depend on q, and turning joint l turns every link
        k >= l: :math:`\partial u_k^\perp / \partial q_l = -u_k`. Summing
        :math:`m_i v_{c,i} \cdot \partial v_{c,i} / \partial q_l` over the links,

        .. math:: \frac{\partial T}{\partial q_l} = -\sum_{k \ge l} \omega_k\, u_k \cdot
                  \Big( l_{c,k}\, m_k v_{c,k} + L_k \sum_{i > k} m_i v_{c,i} \Big),

        one pass inward with Python floats, O(n). It equals the contraction of
        :meth:`mass_matrix_derivatives` with the rates, which costs O(n^3) arrays; the
        symplectic Euler step (:func:`robodyn.arm.symplectic_euler_step`) needs it once an
        iteration.

        Examples
        --------
        The elbow bent, both joints turning: straightening the elbow would raise T.

        >>> print(PlanarArm().kinetic_energy_gradient([0.0, 1.0], [1.0, 1.0]).round(4))
        [ 0.     -0.5049]
        """
        q = as_array("q", q, "rad", (self.n,))
        qd = as_array("qd", qd, "rad/s", (self.n,))
        cos, sin = self._directions(q)
        omega, v_x, v_y = self._centre_velocities(cos, sin, qd.tolist())
        masses, lengths = self.masses.tolist(), self.lengths.tolist()
        lc = self.com_distances.tolist()
        gradient = [0.0] * self.n
        outer_x = outer_y = total = 0.0  # sum_{i>k} m_i v_c,i and the sum over k >= l
        for k in reversed(range(self.n)):
            pull_x = lc[k] * masses[k] * v_x[k] + lengths[k] * outer_x
            pull_y = lc[k] * masses[k] * v_y[k] + lengths[k] * outer_y
            total += omega[k] * (cos[k] * pull_x + sin[k] * pull_y)
            gradient[k] = -total
            outer_x, outer_y = outer_x + masses[k] * v_x[k], outer_y + masses[k] * v_y[k]
        return np.array(gradient)

    def simulate(self, q0, qd0, torque: Callable | None, t_span, method: str = "RK45",
                 rtol: float = 1e-9, atol: float = 1e-11, max_step: float = np.inf,
                 t_eval=None) -> integrate.SimulationResult:
        r"""Integrate :math:`M\ddot q + C\dot q + G = \tau(t, q, \dot q)` with ``solve_ivp``.

        Parameters
        ----------
        q0, qd0 : array_like, shape (n,)
            Initial angles (rad) and rates (rad/s).
        torque : callable or None
            ``torque(t, q, qd) -> tau`` (N m, shape (n,)); None for free motion.
        t_span : (float, float)
            Start and end time, s.
        method, rtol, atol, max_step, t_eval
            Passed to :func:`robodyn.core.integrate.solve`.

        Returns
        -------
        SimulationResult
            Columns ``q1 ... qn`` (rad), ``qd1 ... qdn`` (rad/s); details ``kinetic`` and
            ``potential`` (J, at the samples).
        """
        if torque is not None and not callable(torque):
            raise ParameterError(f"torque must be None or callable as torque(t, q, qd), "
                                 f"got {torque!r}")
        check_choice("method", method, integrate.METHODS)
        q0 = as_array("q0", q0, "rad", (self.n,), finite=True)
        qd0 = as_array("qd0", qd0, "rad/s", (self.n,), finite=True)
        n = self.n
        zero = np.zeros(n)

        def rhs(t, state):  # the state comes from the integrator: only tau is checked
            q, qd = state[:n], state[n:]
            tau = zero if torque is None else as_array(
                "tau", np.asarray(torque(t, q, qd), dtype=float), "N m", (n,))
            return np.concatenate([qd, self._forward_dynamics(q, qd, tau)])

        names = [f"q{i + 1}" for i in range(n)] + [f"qd{i + 1}" for i in range(n)]
        run = integrate.solve(rhs, t_span, np.concatenate([q0, qd0]), state_names=names,
                              method=method, rtol=rtol, atol=atol, max_step=max_step,
                              t_eval=t_eval)
        states = run.stack()
        energies = np.array([self.energy(states[:n, k], states[n:, k])
                             for k in range(run.t.size)])
        return dataclasses.replace(run, details={"kinetic": energies[:, 0],
                                                 "potential": energies[:, 1]})


def structure_residuals(arm: PlanarArm, q, qd, qdd) -> dict[str, float]:
    r"""How far one state of an arm is from the three structural properties of its dynamics.

    For :math:`\tau = M\ddot q + C\dot q + G` with C from the Christoffel symbols:
    M (by the composite-rigid-body algorithm, symmetric by construction) equals the sum over
    the links of :math:`m_i J_{c,i}^T J_{c,i} + I_i j_i j_i^T` built from the centres' Jacobians,
    and has positive eigenvalues, :math:`N = \dot M - 2C` is skew-symmetric, and
    the total energy changes at the rate of the motors' power,
    :math:`\dot E = \dot q^T M\ddot q + \tfrac12\dot q^T\dot M\dot q + G^T\dot q
    = \dot q^T\tau`, with :math:`\tau` from :meth:`PlanarArm.inverse_dynamics` (an
    independent route).

    Parameters
    ----------
    arm : PlanarArm
    q, qd, qdd : array_like, shape (n,)
        One state: angles (rad), rates (rad/s), accelerations (rad/s^2).

    Returns
    -------
    dict
        ``"M by two routes"`` (largest entry of the difference, kg m^2),
        ``"smallest eigenvalue"`` (of M, kg m^2,
        > 0 for a valid arm), ``"skew"`` (largest entry of N + N^T, kg m^2/s) and
        ``"energy"`` (:math:`|\dot E - \dot q^T\tau|`, W); all but the eigenvalue are
        round-off for a correct implementation.

    Examples
    --------
    >>> residuals = structure_residuals(PlanarArm(), [0.3, -1.0], [1.0, 2.0], [0.5, -0.5])
    >>> residuals["skew"] < 1e-12 and residuals["energy"] < 1e-12
    True
    """
    q = as_array("q", q, "rad", (arm.n,), finite=True)
    qd = as_array("qd", qd, "rad/s", (arm.n,), finite=True)
    qdd = as_array("qdd", qdd, "rad/s^2", (arm.n,), finite=True)
    M = arm.mass_matrix(q)
    J, chain = arm.com_jacobians(q), np.tril(np.ones((arm.n, arm.n)))
    M_jacobians = (np.einsum("i,iaj,iak->jk", arm.masses, J, J)
                   + np.einsum("i,ij,ik->jk", arm.inertias, chain, chain))
    M_dot = np.einsum("ljk,l->jk", arm.mass_matrix_derivatives(q), qd)
    N = M_dot - 2 * arm.coriolis_matrix(q, qd)
    E_dot = qd @ M @ qdd + 0.5 * qd @ M_dot @ qd + arm.gravity_torque(q) @ qd
    return {"M by two routes": float(np.abs(M - M_jacobians).max()),
            "smallest eigenvalue": float(np.linalg.eigvalsh(M)[0]),
            "skew": float(np.abs(N + N.T).max()),
            "energy": float(abs(E_dot - qd @ arm.inverse_dynamics(q, qd, qdd)))}


def _from_the_tip(terms):
    """Running sums from the last link back to the first: out[i] = terms[i] + ... + terms[-1]."""
    return np.cumsum(terms[::-1], axis=0)[::-1]


def _before(terms):
    """Running sums of the links before each: out[0] = 0, out[i] = terms[0] + ... + terms[i-1]
    (the running sum up to each link, less the link's own term)."""
    return np.cumsum(terms, axis=0) - terms
