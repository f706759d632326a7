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

A late policy (:class:`LatePolicy`) takes a share of the points a hand-in earned (after the
overrides), in one of two ways:

- **by the platform's late flag** (``--late-penalty PERCENT``): that percentage from every
  hand-in that the learning platform marked late (Canvas names a late submission so; Moodle's
  download does not say, so with Moodle it never applies);
- **per day against a due date** (``--due WHEN --late-per-day PERCENT [--late-cap PERCENT]``):
  that percentage for each day, or part of a day, that a hand-in came after the due date, at
  most the cap (100 by default). The submission times come from ``--submission-times FILE``
  (:func:`read_submission_times`): Moodle's grading worksheet (the assignment's "Download
  grading worksheet", matched on its ``Identifier``, "Participant 12345", the number in
  Moodle's download's folder names), or any CSV with the columns ``student`` and
  ``submitted``. A hand-in without a time in the file gets no penalty, and the summary names
  it. Times and the due date are read as the same clock (give both in the platform's time
  zone).

The reason goes with the points: "handed in 1 day 2 h after the due date (2 days started):
20 % of the points", shown on the student's page.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from classgrade.submissions import csv_rows
from robodyn.core.errors import ParameterError

__all__ = ["OVERRIDE_COLUMNS", "LatePolicy", "Override", "apply", "check_late_penalty",
           "parse_time", "read_overrides", "read_submission_times", "total"]

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


def check_late_penalty(percent, name: str = "the late penalty") -> float:
    """``percent`` as a late penalty: a number from 0 to 100."""
    if isinstance(percent, bool) or not isinstance(percent, (int, float)) or not (
            math.isfinite(percent) and 0 <= percent <= 100):
        raise ParameterError(f"{name} must be a percentage from 0 to 100, got {percent!r}")
    return float(percent)


#: How a time may be written: ISO 8601 (``2026-12-01 23:59``, ``2026-12-01T23:59:30``, a
#: date alone meaning its start), and Moodle's English worksheet format ("Monday, 1 December
#: 2026, 11:59 PM").
TIME_FORMATS = ("%A, %d %B %Y, %I:%M %p", "%d %B %Y, %I:%M %p")


def parse_time(text: str, what: str) -> datetime:
    """``text`` as a time (:data:`TIME_FORMATS`), without its time zone (every time of one
    class is read as the same clock). Raises ParameterError naming ``what`` it is."""
    text = str(text).strip()
    try:
        return datetime.fromisoformat(text).replace(tzinfo=None)
    except ValueError:
        pass
    for layout in TIME_FORMATS:
        try:
            return datetime.strptime(text, layout)
        except ValueError:
            continue
    raise ParameterError(f"{what}: {text!r} is not a time; write it as 2026-12-01 23:59 (ISO "
                         "8601) or as Moodle's worksheet does (Monday, 1 December 2026, "
                         "11:59 PM)")


#: Moodle's grading worksheet: the column of the participant and that of the submission time.
MOODLE_IDENTIFIER, MOODLE_SUBMITTED = "identifier", "last modified (submission)"


def read_submission_times(path) -> dict[str, datetime]:
    """{student (casefolded name, id or file, as an overrides file names them): submission
    time} from the CSV file ``path``: Moodle's grading worksheet (``Identifier``
    "Participant 12345" gives the id 12345; "-", no submission, is left out) or a file with
    the columns ``student`` and ``submitted``. Raises ParameterError naming the file, the line
    and what is wrong."""
    path = Path(path)
    rows = csv_rows(path, "submission times")
    header = [cell.strip().casefold() for cell in rows[0]] if rows else []
    if MOODLE_IDENTIFIER in header and MOODLE_SUBMITTED in header:
        who, when = header.index(MOODLE_IDENTIFIER), header.index(MOODLE_SUBMITTED)
    elif "student" in header and "submitted" in header:
        who, when = header.index("student"), header.index("submitted")
    else:
        raise ParameterError(
            f"submission times {str(path)!r} must have a header row with the columns student "
            "and submitted, or be Moodle's grading worksheet (Identifier, Last modified "
            f"(submission)); found: {', '.join(header) or 'nothing'}")
    times = {}
    for number, row in enumerate(rows[1:], start=2):
        student = row[who].strip() if who < len(row) else ""
        submitted = row[when].strip() if when < len(row) else ""
        if not student and not submitted:
            continue
        where = f"submission times {str(path)!r}, line {number}"
        if not student:
            raise ParameterError(f"{where}: the student is empty")
        if submitted in ("", "-"):
            continue        # Moodle: nothing submitted
        participant = re.fullmatch(r"participant\s+(\d+)", student, re.IGNORECASE)
        key = (participant.group(1) if participant else student).casefold()
        if key in times:
            raise ParameterError(f"{where}: {student!r} has a time on an earlier line too")
        times[key] = parse_time(submitted, where)
    return times


@dataclass(frozen=True)
class LatePolicy:
    """What a late hand-in loses, in percent of the points it earned: ``flat`` for one the
    platform marked late; or ``per_day`` for each day, or part of a day, that its time in
    ``times`` comes after ``due``, at most ``cap`` (see the module's docstring)."""

    flat: float = 0.0
    due: datetime | None = None
    per_day: float = 0.0
    cap: float = 100.0
    times: dict = field(default_factory=dict)

    def __post_init__(self):
        for name in ("flat", "per_day", "cap"):
            object.__setattr__(self, name, check_late_penalty(
                getattr(self, name), f"the late policy's {name.replace('_', ' ')}"))
        if self.per_day and self.due is None:
            raise ParameterError("a penalty per day late needs the due date (--due WHEN)")
        if self.per_day and self.flat:
            raise ParameterError("the late penalty is either per day against a due date "
                                 "(--due, --late-per-day) or by the platform's late flag "
                                 "(--late-penalty), not both")

    def percent(self, record: dict) -> tuple[float, str, bool | None]:
        """The share of ``record``'s points that it loses, why (empty: nothing), and whether
        it is late (by its submission time under a policy per day, else by the platform's
        flag; None: not known)."""
        if self.per_day:
            submitted = next((self.times[name] for name in sorted(_names(record))
                              if name in self.times), None)
            if submitted is None:
                return 0.0, "", record.get("late")
            if submitted <= self.due:
                return 0.0, "", False
            late = submitted - self.due
            days = math.ceil(late / timedelta(days=1))
            share = min(days * self.per_day, self.cap)
            return share, (f"handed in {_duration(late)} after the due date ({days} "
                           f"day{'s' if days > 1 else ''} started): {share:g} % of the "
                           "points"), True
        if self.flat and record.get("late"):
            return self.flat, (f"marked late by the learning platform: {self.flat:g} % of "
                               "the points"), True
        return 0.0, "", record.get("late")

    def without_times(self, records: list[dict]) -> list[str]:
        """Under a policy per day, each record with no submission time, as a line that says
        so (no penalty was applied to it)."""
        if not self.per_day:
            return []
        return [f"{record.get('student') or record.get('key')}: no submission time in the "
                "file; no late penalty applied" for record in records
                if not _names(record) & set(self.times)]


def _duration(late: timedelta) -> str:
    """``late`` in days, hours and minutes, the largest two parts: "1 day 2 h", "35 min"."""
    minutes = math.ceil(late.total_seconds() / 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{days} day{'s' if days > 1 else ''}" if days else "",
             f"{hours} h" if hours else "", f"{minutes} min" if minutes else ""]
    return " ".join([part for part in parts if part][:2])


def _names(record: dict) -> set[str]:
    """How an overrides file may name the student of ``record`` (casefolded)."""
    return {str(value).casefold() for value in (record.get("student"),
                                                 record.get("student_id"), record.get("key"))
            if value}


def apply(records: list[dict], overrides: list[Override],
          late_penalty: float | LatePolicy = 0.0) -> tuple[list[dict], list[str]]:
    """``records`` with the overrides and the late policy applied (new dicts; the records
    given are left as they are; ``late_penalty``, a percentage, is the policy by the
    platform's flag), and the overrides not applied, each as a line that says why: one that
    matches no exercise of any hand-in (a misspelt name, a student without a hand-in) or
    gives more points than the exercise is worth."""
    policy = late_penalty if isinstance(late_penalty, LatePolicy) else LatePolicy(
        flat=late_penalty)
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
        share, reason, record["late"] = policy.percent(record)
        record["late_penalty"] = round(earned * share / 100, 6)
        record["late_reason"] = reason
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
