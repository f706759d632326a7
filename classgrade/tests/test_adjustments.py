"""Tests of classgrade.adjustments and of how the reports show it: points set by hand
(overrides.csv) and the late penalty, applied to the records as graded and to nothing else."""

from __future__ import annotations

import copy
import csv
import math
import re
from datetime import datetime, timedelta

import pytest

from classgrade import adjustments, reports
from classgrade.adjustments import (
    LatePolicy,
    Override,
    apply,
    read_overrides,
    read_submission_times,
)
from robodyn.core.errors import ParameterError

STEM = "04_differential_drive"


def _record(student, key, points, **more):
    exercises = [{"exercise": f"diffdrive.e{n}", "status": "passed" if p else "failed",
                  "points": p, "max_points": 2.0, "mistake": "", "feedback": "",
                  "notes": [], "flags": []} for n, p in enumerate(points, start=1)]
    return {"student": student, "key": key, "official": f"{STEM}.ipynb", "status": "ok",
            "message": "", "exercises": exercises, "student_key": "name:" + student, **more}


def _write(tmp_path, text, encoding="utf-8"):
    path = tmp_path / "overrides.csv"
    path.write_bytes(text.encode(encoding))
    return path


# --------------------------------------------------------------------------- the file


def test_an_overrides_file_is_read_in_any_column_order_and_case_with_a_bom(tmp_path):
    path = _write(tmp_path, "\ufeffReason,POINTS,Exercise,Student\n"
                            "regraded by hand: the sign was a typo,2,diffdrive.e1,Anna Berg\n"
                            "\n"
                            ",,,\n"
                            "\"late by an hour, excused\",1.5,diffdrive.e2,S-17\n")
    assert read_overrides(path) == [
        Override("Anna Berg", "diffdrive.e1", 2.0, "regraded by hand: the sign was a typo", 2),
        Override("S-17", "diffdrive.e2", 1.5, "late by an hour, excused", 5)]


@pytest.mark.parametrize("text, message", [
    ("student,exercise,points\nanna,diffdrive.e1,1\n", "missing reason"),
    ("", "missing student, exercise, points, reason"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,1,\n", "line 2: the reason is empty"),
    ("student,exercise,points,reason\n,diffdrive.e1,1,why\n", "line 2: the student is empty"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,two,why\n",
     "line 2: points must be a number, got 'two'"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,-1,why\n",
     "line 2: points must be a number >= 0, got '-1'"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,nan,why\n", "got 'nan'"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,inf,why\n", "got 'inf'"),
    ("student,exercise,points,reason\nanna,diffdrive.e1,1,a\nAnna,diffdrive.e1,2,b\n",
     "line 3: 'Anna' and 'diffdrive.e1' are also on line 2"),
])
def test_a_broken_overrides_file_is_refused_naming_the_line(tmp_path, text, message):
    with pytest.raises(ParameterError, match="overrides .*" + message.replace("(", r"\(")):
        read_overrides(_write(tmp_path, text))


def test_an_overrides_file_that_is_not_utf8_or_missing_is_refused(tmp_path):
    path = _write(tmp_path, "student,exercise,points,reason\nMüller,diffdrive.e1,1,x\n",
                  encoding="latin-1")
    with pytest.raises(ParameterError, match="is not UTF-8 text"):
        read_overrides(path)
    with pytest.raises(ParameterError, match="cannot be read"):
        read_overrides(tmp_path / "none.csv")


@pytest.mark.parametrize("percent", [-1, 100.5, math.nan, math.inf, "10", True, None])
def test_a_late_penalty_outside_0_to_100_is_refused(percent):
    with pytest.raises(ParameterError, match="percentage from 0 to 100"):
        adjustments.check_late_penalty(percent)


# --------------------------------------------------------------------------- applying them


def test_an_override_sets_the_points_says_why_and_leaves_the_record_as_graded():
    records = [_record("Anna Berg", "anna.ipynb", [0.0, 2.0], student_id="S-17"),
               _record("Ben", "ben.ipynb", [1.0, 1.0])]
    before = copy.deepcopy(records)
    overrides = [Override("anna berg", "diffdrive.e1", 1.5, "the sign was a typo", 2),
                 Override("S-17", "diffdrive.e2", 0.0, "copied from Ben", 3),
                 Override("ben.ipynb", "diffdrive.e1", 2.0, "regraded by hand", 4)]
    adjusted, problems = apply(records, overrides)
    assert records == before                          # the graded records are untouched
    assert problems == []
    anna, ben = adjusted
    assert [entry["points"] for entry in anna["exercises"]] == [1.5, 0.0]
    assert anna["exercises"][0]["adjustment"] == (
        "points set by the instructor: the sign was a typo (graded 0)")
    assert anna["exercises"][1]["adjustment"].endswith("copied from Ben (graded 2)")
    assert [entry["points"] for entry in ben["exercises"]] == [2.0, 1.0]
    assert "adjustment" not in ben["exercises"][1]
    assert adjustments.total(anna) == 1.5 and adjustments.total(ben) == 3.0


def test_an_override_that_matches_nothing_or_gives_too_much_is_told_and_not_applied():
    records = [_record("Anna", "anna.ipynb", [0.0, 2.0])]
    overrides = [Override("Anne", "diffdrive.e1", 1.0, "typo in the name", 2),
                 Override("Anna", "diffdrive.e9", 1.0, "no such exercise", 3),
                 Override("Anna", "diffdrive.e1", 2.5, "more than it is worth", 4)]
    adjusted, problems = apply(records, overrides)
    assert [entry["points"] for entry in adjusted[0]["exercises"]] == [0.0, 2.0]
    assert problems == [
        "line 2: Anne, diffdrive.e1: no hand-in of this run has this student and exercise; "
        "not applied",
        "line 3: Anna, diffdrive.e9: no hand-in of this run has this student and exercise; "
        "not applied",
        "line 4: Anna, diffdrive.e1: 2.5 points, but the exercise is worth 2; not applied"]


def test_the_late_penalty_takes_its_share_of_the_points_of_late_hand_ins_only():
    records = [_record("Anna", "anna.ipynb", [2.0, 1.0], late=True),
               _record("Ben", "ben.ipynb", [2.0, 2.0], late=False),
               _record("Karl", "karl.ipynb", [2.0, 2.0], late=None)]   # Moodle: not known
    overrides = [Override("Anna", "diffdrive.e2", 2.0, "regraded", 2)]
    adjusted, _ = apply(records, overrides, late_penalty=10)
    assert [record["late_penalty"] for record in adjusted] == [0.4, 0.0, 0.0]
    assert [adjustments.total(record) for record in adjusted] == [pytest.approx(3.6), 4.0, 4.0]
    unchanged, _ = apply(records, [], late_penalty=0)
    assert [adjustments.total(record) for record in unchanged] == [3.0, 4.0, 4.0]


# --------------------------------------------------------------------------- the reports


def _csv_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as stream:
        return list(csv.DictReader(stream))


def test_every_report_shows_the_decision_and_its_reason(tmp_path):
    records = [_record("Anna", "anna.ipynb", [0.0, 2.0], late=True),
               _record("Ben", "ben.ipynb", [1.0, 1.0])]
    adjusted, _ = apply(records, [Override("Anna", "diffdrive.e1", 1.0, "partial credit <b>",
                                           2)], late_penalty=25)
    reports.write_gradebook(tmp_path, adjusted)
    reports.write_feedback(tmp_path, adjusted)
    reports.write_summary(tmp_path, adjusted, f"{STEM}.ipynb", 1,
                          [("Overrides not applied", "Lines that changed no grade.",
                            ["line 9: Zoe, diffdrive.e1: no hand-in"])])
    book = {(row["student"], row["exercise"]): row
            for row in _csv_rows(tmp_path / "gradebook.csv")}
    assert book[("Anna", "diffdrive.e1")]["points"] == "1"
    assert book[("Anna", "diffdrive.e1")]["adjustment"] == (
        "points set by the instructor: partial credit <b> (graded 0)")
    assert book[("Ben", "diffdrive.e1")]["adjustment"] == ""
    totals = {row["student"]: row for row in _csv_rows(tmp_path / "totals.csv")}
    assert (totals["Anna"]["late_penalty"], totals["Anna"]["points"]) == ("0.75", "2.25")
    assert (totals["Ben"]["late_penalty"], totals["Ben"]["points"]) == ("0", "2")
    wide = {row["Student"]: row for row in _csv_rows(tmp_path / f"grades-{STEM}.csv")}
    assert (wide["Anna"]["Late penalty"], wide["Anna"]["Total"]) == ("0.75", "2.25")
    page = next((tmp_path / "feedback").glob("Anna-*.html")).read_text(encoding="utf-8")
    assert "partial credit &lt;b&gt; (graded 0)" in page and "<b>" not in page
    assert "the late penalty takes 0.75 points off the total" in page
    assert "2.25 of 4 points" in page
    summary = (tmp_path / "summary.html").read_text(encoding="utf-8")
    assert "2.25 / 4" in summary and "yes (-0.75)" in summary
    assert "partial credit &lt;b&gt;" in summary
    assert "Overrides not applied" in summary and "line 9: Zoe" in summary


# --------------------------------------------------------------------------- per day late

DUE = datetime(2026, 12, 1, 23, 59)


def test_a_penalty_per_day_counts_each_day_started_and_stops_at_the_cap():
    """10 % a day: a minute late is a day, 24 h late exactly one, 24 h 1 min two; on time or
    early nothing; 12 days would be 120 %, capped at 50; the reason says how late."""
    late_by = {"Anna": timedelta(minutes=1), "Ben": timedelta(hours=24),
               "Cleo": timedelta(hours=24, minutes=1), "Dan": timedelta(0),
               "Eve": -timedelta(days=3), "Finn": timedelta(days=11, hours=5)}
    policy = LatePolicy(due=DUE, per_day=10, cap=50,
                        times={name.casefold(): DUE + delta for name, delta in late_by.items()})
    records = [_record(name, f"{name}.ipynb", [2.0, 2.0]) for name in late_by]
    adjusted, _ = apply(records, [], late_penalty=policy)
    assert [record["late_penalty"] for record in adjusted] == [0.4, 0.4, 0.8, 0.0, 0.0, 2.0]
    assert [record["late"] for record in adjusted] == [True, True, True, False, False, True]
    assert adjusted[0]["late_reason"] == (
        "handed in 1 min after the due date (1 day started): 10 % of the points")
    assert adjusted[2]["late_reason"] == (
        "handed in 1 day 1 min after the due date (2 days started): 20 % of the points")
    assert adjusted[5]["late_reason"].startswith("handed in 11 days 5 h after")
    assert adjusted[5]["late_reason"].endswith("(12 days started): 50 % of the points")
    assert [adjustments.total(record) for record in adjusted] == [
        pytest.approx(3.6), pytest.approx(3.6), pytest.approx(3.2), 4.0, 4.0, 2.0]


def test_a_hand_in_without_a_time_gets_no_penalty_and_is_named():
    """Matched by name, id or file; one the file misses keeps its points and is listed; the
    platform's flag does not count under a policy per day."""
    policy = LatePolicy(due=DUE, per_day=25, times={"12345": DUE + timedelta(hours=30),
                                                    "cleo.ipynb": DUE + timedelta(hours=1)})
    records = [_record("Anna Berg", "anna.ipynb", [2.0, 2.0], student_id="12345"),
               _record("Ben", "ben.ipynb", [2.0, 2.0], late=True),
               _record("Cleo", "cleo.ipynb", [2.0, 0.0])]
    adjusted, _ = apply(records, [], late_penalty=policy)
    assert [record["late_penalty"] for record in adjusted] == [2.0, 0.0, 0.5]
    assert policy.without_times(adjusted) == [
        "Ben: no submission time in the file; no late penalty applied"]
    assert LatePolicy(flat=10).without_times(adjusted) == []


def test_a_flat_penalty_and_one_per_day_are_not_mixed_and_per_day_needs_a_due_date():
    with pytest.raises(ParameterError, match="not both"):
        LatePolicy(flat=10, due=DUE, per_day=5)
    with pytest.raises(ParameterError, match="needs the due date"):
        LatePolicy(per_day=5)
    with pytest.raises(ParameterError, match="the late policy's per day must be a percentage "
                                             "from 0 to 100, got 120"):
        LatePolicy(due=DUE, per_day=120)


def test_submission_times_from_moodles_worksheet_or_a_plain_file(tmp_path):
    """Moodle's grading worksheet (its English times, "-" for no submission, the participant
    number as the id) and a plain student,submitted file with ISO times both read."""
    worksheet = tmp_path / "Grades-Assignment 4.csv"
    worksheet.write_text(
        "\ufeffIdentifier,Full name,Email address,Status,Grade,Maximum Grade,"
        "Grade can be changed,Last modified (submission),Online text,Last modified (grade),"
        "Feedback comments\n"
        "Participant 12345,Anna Berg,anna@example.org,Submitted for grading,,10.00,Yes,"
        "\"Wednesday, 2 December 2026, 1:15 AM\",,-,\n"
        "Participant 12346,Ben Ode,ben@example.org,No submission,,10.00,Yes,-,,-,\n",
        encoding="utf-8")
    assert read_submission_times(worksheet) == {"12345": datetime(2026, 12, 2, 1, 15)}
    plain = tmp_path / "times.csv"
    plain.write_text("student,submitted\nAnna Berg,2026-12-02T01:15:00+01:00\n"
                     "ben.ipynb,2026-12-01\n", encoding="utf-8")
    assert read_submission_times(plain) == {"anna berg": datetime(2026, 12, 2, 1, 15),
                                            "ben.ipynb": datetime(2026, 12, 1)}


@pytest.mark.parametrize("text, message", [
    ("name,when\nAnna,2026-12-01\n", "columns student and submitted, or be Moodle's"),
    ("student,submitted\nAnna,yesterday\n", "line 2: 'yesterday' is not a time"),
    ("student,submitted\n,2026-12-01\n", "line 2: the student is empty"),
    ("student,submitted\nAnna,2026-12-01\nanna,2026-12-02\n", "line 3: 'anna' has a time"),
])
def test_a_broken_times_file_is_refused_naming_the_line(tmp_path, text, message):
    path = tmp_path / "times.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ParameterError, match=re.escape(message)):
        read_submission_times(path)


def test_the_command_line_builds_the_policy_and_says_what_is_missing(tmp_path):
    from classgrade import grade

    times = tmp_path / "times.csv"
    times.write_text("student,submitted\nAnna,2026-12-03 10:00\n", encoding="utf-8")
    args = grade._parser().parse_args([str(tmp_path), "--due", "2026-12-01 23:59",
                                       "--late-per-day", "10", "--late-cap", "30",
                                       "--submission-times", str(times)])
    policy = grade._late_policy(args)
    assert (policy.due, policy.per_day, policy.cap, policy.times) == (
        DUE, 10.0, 30.0, {"anna": datetime(2026, 12, 3, 10, 0)})
    assert grade._late_policy(grade._parser().parse_args(
        [str(tmp_path), "--late-penalty", "15"])) == LatePolicy(flat=15)
    with pytest.raises(ParameterError, match="missing --late-per-day, --submission-times"):
        grade._late_policy(grade._parser().parse_args([str(tmp_path), "--due", "2026-12-01"]))
    with pytest.raises(ParameterError, match="--due: 'Friday' is not a time"):
        grade._late_policy(grade._parser().parse_args(
            [str(tmp_path), "--due", "Friday", "--late-per-day", "5", "--submission-times",
             str(times)]))


def test_the_students_page_says_how_late_and_what_it_cost(tmp_path):
    policy = LatePolicy(due=DUE, per_day=10, times={"anna": DUE + timedelta(hours=50)})
    adjusted, _ = apply([_record("Anna", "anna.ipynb", [2.0, 2.0])], [], late_penalty=policy)
    reports.write_feedback(tmp_path, adjusted)
    page = next((tmp_path / "feedback").glob("Anna-*.html")).read_text(encoding="utf-8")
    assert ("Late: handed in 2 days 2 h after the due date (3 days started): 30 % of the "
            "points; the late penalty takes 1.2 points off the total.") in " ".join(page.split())
