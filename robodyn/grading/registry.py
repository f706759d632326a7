"""Finding an exercise by its id: ``"arm.mass_matrix"`` lives in ``robodyn.checks.arm``.

A chapter adds ``robodyn/checks/<subject>.py`` with a tuple ``EXERCISES``; nothing else
registers it. A check module is imported the first time one of its ids is asked for.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from robodyn.core.errors import ParameterError
from robodyn.grading.records import Exercise

__all__ = ["description", "exercise_ids", "exercises_of", "get_exercise", "subjects"]

CHECKS_PACKAGE = "robodyn.checks"


@functools.cache
def exercises_of(subject: str) -> dict[str, Exercise]:
    """The exercises of ``robodyn.checks.<subject>`` by id, checked for a matching prefix."""
    module = importlib.import_module(f"{CHECKS_PACKAGE}.{subject}")
    exercises = getattr(module, "EXERCISES", None)
    if not isinstance(exercises, tuple) or not all(isinstance(e, Exercise) for e in exercises):
        raise ParameterError(f"{module.__name__} must define EXERCISES, a tuple of Exercise")
    found: dict[str, Exercise] = {}
    for exercise in exercises:
        if exercise.subject != subject:
            raise ParameterError(
                f"{module.__name__} defines {exercise.exercise_id!r}; its ids must start "
                f"with {subject!r}."
            )
        if exercise.exercise_id in found:
            raise ParameterError(f"exercise id {exercise.exercise_id!r} is defined twice")
        found[exercise.exercise_id] = exercise
    return found


def subjects() -> list[str]:
    """The subjects that have a check module, sorted."""
    try:
        package = importlib.import_module(CHECKS_PACKAGE)
    except ModuleNotFoundError as error:
        if error.name != CHECKS_PACKAGE:
            raise
        raise ModuleNotFoundError(
            f"{CHECKS_PACKAGE} (the exercises' references and typical mistakes) is only in the "
            "instructors' repository; a student's copy checks with the answer key "
            "(robodyn.grading.keyed_exercise)", name=CHECKS_PACKAGE) from None
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__)
                  if not info.name.startswith("_"))


def exercise_ids() -> list[str]:
    """The ids of all exercises of all chapters, sorted."""
    return sorted(i for subject in subjects() for i in exercises_of(subject))


def get_exercise(exercise_id: str) -> Exercise:
    """The :class:`Exercise` with this id; ParameterError listing the known ids if unknown."""
    subject = exercise_id.split(".")[0] if isinstance(exercise_id, str) else ""
    if subject in subjects() and exercise_id in exercises_of(subject):
        return exercises_of(subject)[exercise_id]
    raise ParameterError(
        f"unknown exercise id {exercise_id!r}; the known ids are: {', '.join(exercise_ids())}"
    )


def description(exercise_id: str) -> str:
    """The one-line description of an exercise."""
    return get_exercise(exercise_id).description
