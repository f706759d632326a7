"""Tests of classgrade.adjustments and of how the reports show it: points set by hand
(overrides.csv) and the late penalty, applied to the records as graded and to nothing else."""

from __future__ import annotations

import copy
import csv
import math

import pytest

from classgrade import adjustments, reports
from classgrade.adjustments import Override, apply, read_overrides
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
