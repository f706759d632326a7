"""Exercise 3.3 (size_contact) in the slip sets: a slip of the old stiffness or damping
exercise placed inside an otherwise right sizing of (k, c), as a student writes 3.3.

Both sets (``tests/slips/contact.py`` and ``tests/slips/second/contact.py``) adapt their old
slips with :func:`sizing`; the right parts are a student's: the rest condition for k, a
bisection on the restitution for the damping ratio, and c = 2 zeta sqrt(k m).
"""

import numpy as np


def _restitution(zeta):
    s = np.sqrt(1 - zeta**2)
    return np.exp(-zeta * np.arctan2(2 * zeta * s, 2 * zeta**2 - 1) / s)


def _zeta_for(restitution):
    """A student's bisection for the damping ratio of a restitution."""
    if restitution >= 1:
        return 0.0
    low, high = 0.0, 1.0 - 1e-15
    for _ in range(200):
        mid = 0.5 * (low + high)
        low, high = (mid, high) if _restitution(mid) > restitution else (low, mid)
    return 0.5 * (low + high)


def sizing(stiffness=None, damping=None):
    """size_contact with the stiffness or the damping line of a slip, the rest right."""
    slip = stiffness or damping

    def size_contact(mass, penetration, restitution, g):
        k = stiffness(mass, penetration, g) if stiffness else mass * g / penetration
        zeta = _zeta_for(restitution)
        c = damping(k, mass, zeta) if damping else 2 * zeta * np.sqrt(k * mass)
        return k, c

    size_contact.__name__, size_contact.__doc__ = slip.__name__, slip.__doc__
    return size_contact
