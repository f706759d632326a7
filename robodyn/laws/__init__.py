"""The laws several chapters build on, each written once.

- :mod:`~robodyn.laws.friction`: Coulomb, viscous, Stribeck and Karnopp friction (chapter 2),
  and the static-kinetic blend of the vacuum-robot thesis's contacts (chapters 3 and 7);
- :mod:`~robodyn.laws.contact`: the normal force of a penalty contact, linear spring-damper
  or Hunt-Crossley (chapters 3 and 7).

A chapter's package offers the laws it teaches on its own face (``robodyn.friction.coulomb``
is :func:`robodyn.laws.friction.coulomb`).
"""
