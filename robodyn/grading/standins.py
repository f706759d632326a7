"""Stand-ins that an exercise passes to an answer in place of a model.

A case's arguments must be rebuilt wherever an answer is called: in the student's kernel by
a check, and in a grading sandbox that holds the package without its checks. So a stand-in
lives here, in the check library, not in a chapter's check module.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from robodyn.grading.adapters import CallFunction

__all__ = ["CountClimbs", "StepClimber"]


class StepClimber:
    """``climbs(height) -> bool`` of a robot that climbs every step up to ``highest`` m; it
    keeps the heights it was asked about, in order, in ``asked``."""

    #: What the answer key (:mod:`robodyn.grading.answerkey`) makes a climber from.
    KEY_FIELDS = ("highest",)

    def __init__(self, highest: float):
        self._highest = highest
        self.asked = []

    def __call__(self, height) -> bool:
        self.asked.append(height)
        return bool(height <= self._highest)

    @property
    def highest(self) -> float:
        return self._highest

    def __repr__(self) -> str:
        return f"<a robot that climbs up to {self._highest} m>"


@dataclass(frozen=True)
class CountClimbs(CallFunction):
    """The answer returns a height; its outputs are that height and how often it asked.

    The case's first argument is a :class:`StepClimber`, a fresh copy on every call.
    """

    def call(self, answer, args):
        height = answer(*args)
        return None if height is None else (height, len(args[0].asked))

    def wrap(self, answer, transform):
        @functools.wraps(answer)
        def wrapped(*args):
            height = answer(*args)
            raw = None if height is None else (height, len(args[0].asked))
            changed = transform(raw, args)
            return changed[0] if isinstance(changed, tuple) else changed

        return wrapped
