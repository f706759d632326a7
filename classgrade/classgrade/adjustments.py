"""What the instructor decides after the grader: an exercise's points set by hand (an
override) and a late penalty.

Both are applied at every run to the records as graded, and to nothing else: the records in
``results/`` keep the grader's own points, so a run that grades a hand-in again (a new
version, a new seed) keeps the instructor's decision, and removing a line of the file undoes
it. Every report shows what was changed and why: the gradebook's ``adjustment`` column, the
totals' ``late_penalty``, the student's feedback page, the summary.

``overrides.csv`` (``--overrides FILE``; by default ``<out>/overrides.csv`` where it exists)
has a header row with the columns ``student``, ``exercise``, ``points`` and ``reason`` (any
order and case; UTF-8, with or without a byte-order mark), then a row per decision:

- ``student``: the student as the gradebook shows them, by name, id, or the hand-in's file
  (the gradebook's ``student``, ``student_id`` or ``notebook`` column);
- ``exercise``: the exercise's id, as in the gradebook (``diffdrive.forward_kinematics``);
- ``points``: the points to give, from 0 to the exercise's most;
- ``reason``: why, in a sentence (the student reads it).

The late penalty (``--late-penalty PERCENT``) takes that percentage of the points a hand-in
earned (after the overrides) from every hand-in that the learning platform marked late
(Canvas names a late submission so; Moodle's download does not say, so with Moodle it never
applies).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from classgrade.submissions import csv_rows
from robodyn.core.errors import ParameterError

__all__ = ["OVERRIDE_COLUMNS", "Override", "apply", "check_late_penalty", "read_overrides",
           "total"]

#: The columns of an overrides file.
OVERRIDE_COLUMNS = ("student", "exercise", "points", "reason")


@dataclass(frozen=True)
class Override:
    """One line of an overrides file: give ``student`` ``points`` for ``exercise``, because
    ``reason``; ``line`` is its line in the file."""

    student: str
    exercise: str
    points: float
    reason: str
    line: int


def read_overrides(path) -> list[Override]:
    """The overrides in the CSV file ``path`` (see the module's docstring). Raises
    ParameterError naming the file, the line and what is wrong."""
    path = Path(path)
    rows = csv_rows(path, "overrides")
    header = [cell.strip().casefold() for cell in rows[0]] if rows else []
    missing = [column for column in OVERRIDE_COLUMNS if column not in header]
    if missing:
        raise ParameterError(
            f"overrides {str(path)!r} must have a header row with the columns student, "
            f"exercise, points and reason; missing {', '.join(missing)} (found: "
            f"{', '.join(header) or 'nothing'})")
    where = {column: header.index(column) for column in OVERRIDE_COLUMNS}
    overrides, seen = [], {}
    for number, row in enumerate(rows[1:], start=2):
        values = {column: row[index].strip() if index < len(row) else ""
                  for column, index in where.items()}
        if not any(values.values()):
            continue
        where_text = f"overrides {str(path)!r}, line {number}"
        for column in OVERRIDE_COLUMNS:
            if not values[column]:
                raise ParameterError(f"{where_text}: the {column} is empty")
        try:
            points = float(values["points"])
        except ValueError:
            raise ParameterError(f"{where_text}: points must be a number, got "
                                 f"{values['points']!r}") from None
        if not (math.isfinite(points) and points >= 0):
            raise ParameterError(f"{where_text}: points must be a number >= 0, got "
                                 f"{values['points']!r}")
        key = (values["student"].casefold(), values["exercise"])
        if key in seen:
            raise ParameterError(f"{where_text}: {values['student']!r} and "
                                 f"{values['exercise']!r} are also on line {seen[key]}; "
                                 "one decision each")
        seen[key] = number
        overrides.append(Override(values["student"], values["exercise"], points,
                                  values["reason"], number))
    return overrides


def check_late_penalty(percent) -> float:
    """``percent`` as a late penalty: a number from 0 to 100."""
    if isinstance(percent, bool) or not isinstance(percent, (int, float)) or not (
            math.isfinite(percent) and 0 <= percent <= 100):
        raise ParameterError(f"the late penalty must be a percentage from 0 to 100, got "
                             f"{percent!r}")
    return float(percent)


def _names(record: dict) -> set[str]:
    """How an overrides file may name the student of ``record`` (casefolded)."""
    return {str(value).casefold() for value in (record.get("student"),
                                                 record.get("student_id"), record.get("key"))
            if value}


def apply(records: list[dict], overrides: list[Override],
          late_penalty: float = 0.0) -> tuple[list[dict], list[str]]:
    """``records`` with the overrides and the late penalty applied (new dicts; the records
    given are left as they are), and the overrides not applied, each as a line that says why:
    one that matches no exercise of any hand-in (a misspelt name, a student without a hand-in)
    or gives more points than the exercise is worth."""
    late_penalty = check_late_penalty(late_penalty)
    matched, problems = set(), {}
    adjusted = []
    for record in records:
        names = _names(record)
        entries = []
        for entry in record["exercises"]:
            entry = dict(entry)
            for override in overrides:
                if override.student.casefold() not in names or \
                        override.exercise != entry["exercise"]:
                    continue
                matched.add(override.line)
                if override.points > entry["max_points"]:
                    problems[override.line] = (
                        f"line {override.line}: {override.student}, {override.exercise}: "
                        f"{override.points:g} points, but the exercise is worth "
                        f"{entry['max_points']:g}; not applied")
                    continue
                entry["adjustment"] = (f"points set by the instructor: {override.reason} "
                                       f"(graded {entry['points']:g})")
                entry["points"] = override.points
            entries.append(entry)
        record = {**record, "exercises": entries}
        earned = sum(entry["points"] for entry in entries)
        record["late_penalty"] = round(earned * late_penalty / 100, 6) \
            if record.get("late") else 0.0
        adjusted.append(record)
    for override in overrides:
        if override.line not in matched:
            problems[override.line] = (f"line {override.line}: {override.student}, "
                                       f"{override.exercise}: no hand-in of this run has this "
                                       "student and exercise; not applied")
    return adjusted, [problems[line] for line in sorted(problems)]


def total(record: dict) -> float:
    """A record's points after the late penalty (0 where none was applied)."""
    return sum(entry["points"] for entry in record["exercises"]) - record.get("late_penalty",
                                                                               0.0)
