"""A small class folder as the learning platforms lay it out, graded for real
(classgrade.classroom.grade_class and ``python -m classgrade.grade``): Canvas's resubmission and
late marker, Moodle's folder, the look-alike names, a zip, a notebook of another chapter, a
malformed one, an answer outside its answer cell, a hand-in named like a formula, a roster,
files that are not notebooks; then relative paths on the command line, and a grader's failure
that is graded again.

Most hand-ins here answer nothing (no kernel starts for them); two start a kernel. Marked
``notebooks`` and ``solutions`` (the right answers come from solutions/).
"""

from __future__ import annotations

import copy
import csv
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from handins import ISOLATION, ROOT, answered, cell_of, official, solution_code, write

from classgrade.classroom import grade_class
from classgrade.reports import student_pages
from classgrade.sandbox import Limits, official_points

pytestmark = [pytest.mark.notebooks, pytest.mark.solutions]

STEM = "04_differential_drive"
IDS = ["diffdrive.forward_kinematics", "diffdrive.inverse_kinematics",
       "diffdrive.turning_radius", "diffdrive.integrate_pose", "diffdrive.heading_command",
       "diffdrive.square_odometry"]
FK = IDS[0]
LIMITS = Limits(exercise_seconds=10, notebook_seconds=120, memory_bytes=2 * 2**30,
                output_bytes=256 * 2**10)
LOOKALIKES = ("müller_anna", "möller_anna", "王伟", "李娜", "a b", "a_b")
FORMULA = '=HYPERLINK("evil.example","click")'
CANVAS_OLD = "fischerlena_LATE_111_2001_04_differential_drive.ipynb"
CANVAS_NEW = "fischerlena_111_2002_04_differential_drive-1.ipynb"
MOODLE = "Karl Moodle_4711_assignsubmission_file_/mine.ipynb"
ROSTER = ("email,name,id\n"
          "lena@uni.example,Lena Fischer,111\n"
          "karl@uni.example,Karl Moodle,S-3\n"
          "nobody@uni.example,Nobody Here,S-4\n")


def _points(value: float) -> str:
    return f"{value:g}"


def _maximum() -> dict[str, float]:
    """Each exercise's points, as the official exercise notebook gives them."""
    return official_points(official(STEM))


def _outside():
    """The exercise notebook with 4.1's stub untouched and the answer in a new cell below."""
    notebook = copy.deepcopy(official(STEM))
    stub = cell_of(notebook, FK, "answer")
    notebook.cells.insert(notebook.cells.index(stub) + 1,
                          nbformat.v4.new_code_cell(solution_code(STEM)[FK]))
    return notebook


def _make_class(folder: Path) -> None:
    untouched = official(STEM)
    swapped = solution_code(STEM)[FK].replace("rim_r - rim_l", "rim_l - rim_r")
    write(answered(STEM, {FK: swapped}), folder / CANVAS_OLD)
    write(answered(STEM), folder / CANVAS_NEW)
    write(untouched, folder / MOODLE)
    for name in LOOKALIKES:
        write(untouched, folder / f"{name}.ipynb")
    write(untouched, folder / f"{FORMULA}.ipynb")
    write(_outside(), folder / "outside.ipynb")
    write(official("07_vacuum"), folder / "vera_07_vacuum.ipynb")
    broken = json.loads(nbformat.writes(untouched))
    broken["cells"][2]["metadata"] = None
    (folder / "broken.ipynb").write_text(json.dumps(broken), encoding="utf-8")
    with zipfile.ZipFile(folder / "zipped.zip", "w") as archive:
        archive.writestr(f"work/{STEM}.ipynb", nbformat.writes(untouched))
    (folder / "helper.py").write_text("print('not a notebook')\n", encoding="utf-8")
    (folder / "report.pdf").write_bytes(b"%PDF-1.4")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("layouts")
    folder = base / "submissions"
    _make_class(folder)
    roster = base / "roster.csv"
    roster.write_bytes(b"\xef\xbb\xbf" + ROSTER.encode("utf-8"))
    lines = []
    summary = grade_class(folder, base / "grades", seed=7, limits=LIMITS, jobs=2,
                          progress=False, log=lines.append, roster=roster,
                          isolation=ISOLATION)
    return base / "grades", summary, lines


def _dict_rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8-sig") as stream:
        return list(csv.DictReader(stream))


def _rows(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8-sig") as stream:
        return list(csv.reader(stream))


def test_each_student_is_named_as_the_platform_or_the_roster_names_them(graded):
    """Canvas's latest submission under the roster's name and id, Moodle's full name, six
    look-alike names as six students, the zip's notebook as the zip's student, the formula
    named hand-in (its cells behind an apostrophe), the other chapter's hand-in: one set of
    rows each."""
    out, _, _ = graded
    rows = _dict_rows(out / "gradebook.csv")
    students = {}
    for row in rows:
        students.setdefault((row["student"], row["student_id"], row["notebook"]), []).append(
            row["status"])
    expected = {("Lena Fischer", "111", CANVAS_NEW), ("Karl Moodle", "S-3", MOODLE),
                *((name, "", f"{name}.ipynb") for name in LOOKALIKES),
                ("'" + FORMULA, "", f"'{FORMULA}.ipynb"), ("outside", "", "outside.ipynb"),
                ("vera", "", "vera_07_vacuum.ipynb"), ("broken", "", "broken.ipynb"),
                ("zipped", "", f"zipped.zip/work/{STEM}.ipynb")}
    assert set(students) == expected
    # chapter 7, vera's, has six exercises too
    assert all(len(statuses) == len(IDS) for statuses in students.values())
    assert students[("Lena Fischer", "111", CANVAS_NEW)] == ["passed"] * len(IDS)
    assert set(students[("broken", "", "broken.ipynb")]) == {"invalid notebook"}
    assert set(students[("vera", "", "vera_07_vacuum.ipynb")]) == {"not attempted"}
    assert {row["chapter"] for row in rows if row["student"] == "vera"} == {"07_vacuum"}
    assert {row["chapter"] for row in rows if row["student"] != "vera"} == {STEM}
    broken = next(row for row in rows if row["student"] == "broken")
    assert "cell 3 has metadata null" in broken["feedback"]


def test_an_answer_outside_its_cell_earns_its_points_and_is_flagged(graded):
    """The function written below an untouched stub: passed, with a flag naming the cell and
    a note in the student's feedback."""
    out, summary, _ = graded
    rows = {row["exercise"]: row for row in _dict_rows(out / "gradebook.csv")
            if row["student"] == "outside"}
    assert rows[FK]["status"] == "passed" and rows[FK]["points"] == _points(_maximum()[FK])
    assert "answer found outside its answer cell" in rows[FK]["flags"]
    assert {rows[e]["status"] for e in IDS[1:]} == {"not attempted"}
    record = next(r for r in summary["records"] if r["student"] == "outside")
    page = out / "feedback" / student_pages(summary["records"])[record["student_key"]]
    assert "not in the exercise&#x27;s answer cell" in page.read_text(encoding="utf-8")


def test_the_older_canvas_submission_is_listed_not_graded_and_late_is_its_own(graded):
    """Only the latest Canvas submission is graded (the older, late and wrong one is not), the
    late column is the latest's (on time), the older is named in the summary, the console
    and the student's feedback."""
    out, summary, lines = graded
    assert CANVAS_OLD not in {row["notebook"] for row in _dict_rows(out / "gradebook.csv")}
    totals = {row["student"]: row for row in _dict_rows(out / "totals.csv")}
    assert totals["Lena Fischer"]["late"] == "no" and totals["Karl Moodle"]["late"] == ""
    assert f"  Lena Fischer: {CANVAS_OLD} (graded: {CANVAS_NEW})" in lines
    page = (out / "summary.html").read_text(encoding="utf-8")
    assert "Earlier submissions, not graded" in page and CANVAS_OLD in page
    lena = next(r for r in summary["records"] if r["student"] == "Lena Fischer")
    feedback = out / "feedback" / student_pages(summary["records"])[lena["student_key"]]
    assert CANVAS_OLD in feedback.read_text(encoding="utf-8")


def test_files_that_are_not_notebooks_and_the_roster_lists_are_shown(graded):
    """helper.py and report.pdf are listed in the summary and on the console; hand-ins off
    the roster and the roster student without one are listed."""
    out, _, lines = graded
    page = (out / "summary.html").read_text(encoding="utf-8")
    for text in ("helper.py: not a notebook (.ipynb)", "report.pdf: not a notebook (.ipynb)"):
        assert f"  {text}" in lines and text in page
    assert "Files not graded (2):" in lines
    assert "  outside (outside.ipynb)" in lines
    assert "  Lena Fischer (111): nothing for 07_vacuum" in lines
    assert not any(line.startswith(("  Lena Fischer (111): nothing for 04",
                                    "  Lena Fischer (" + CANVAS_NEW)) for line in lines)
    assert "  Nobody Here (S-4): nothing for 04_differential_drive" in lines
    assert "  Nobody Here (S-4): nothing for 07_vacuum" in lines
    assert "the notebooks answer 2 exercise notebooks" in " ".join(lines)


def test_the_wide_csv_is_one_row_per_student_ready_for_import(graded):
    """Per chapter a wide CSV: Canvas's columns, the roster's id and email, late, the points of
    each exercise, the late penalty and the total; the roster student without a hand-in has
    empty points; the formula-named hand-in is text, not a formula."""
    out, summary, _ = graded
    assert summary["wide"] == [out / f"grades-{STEM}.csv", out / "grades-07_vacuum.csv"]
    wide = _rows(out / f"grades-{STEM}.csv")
    assert wide[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Login",
                       "Email address", "Late", *IDS, "Late penalty", "Total"]
    rows = {row[0]: row for row in wide[1:]}
    maximum = _maximum()
    assert rows["Lena Fischer"] == ["Lena Fischer", "111", "", "", "", "fischerlena",
                                    "lena@uni.example", "no",
                                    *(_points(maximum[e]) for e in IDS), "0",
                                    _points(sum(maximum.values()))]
    assert rows["outside"][8:] == [_points(maximum[FK]), *["0"] * (len(IDS) - 1), "0",
                                   _points(maximum[FK])]
    assert rows["Nobody Here"][1] == "S-4" and rows["Nobody Here"][8:] == [""] * (len(IDS) + 2)
    assert "'" + FORMULA in rows and FORMULA not in rows
    assert len(wide) == 1 + 12 + 1            # header, 12 students of chapter 4, Nobody Here
    # the import files: the roster's students, by the id and the email each platform finds
    # them by, with the total; everyone else is listed in the summary, never a row
    assert summary["imports"] == sorted([out / f"canvas-{STEM}.csv", out / f"moodle-{STEM}.csv",
                                         out / "canvas-07_vacuum.csv",
                                         out / "moodle-07_vacuum.csv"])
    total = _points(sum(maximum.values()))
    canvas, moodle = _rows(out / f"canvas-{STEM}.csv"), _rows(out / f"moodle-{STEM}.csv")
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", STEM]
    assert sorted(canvas[1:]) == [["Karl Moodle", "S-3", "", "", "", "0"],
                                  ["Lena Fischer", "111", "", "", "", total]]
    assert moodle[0] == ["Email address", STEM]
    assert sorted(moodle[1:]) == [["karl@uni.example", "0"], ["lena@uni.example", total]]
    gaps = dict((title, lines) for title, _, lines in summary["notices"])[
        "Not in an import file"]
    assert "outside (outside.ipynb): Canvas: no id; Moodle: no email" in gaps
    # the Moodle hand-in's feedback page, in the zip Moodle's feedback upload reads; the
    # Canvas hand-ins with their feedback written in, in the zip Canvas's re-upload reads
    assert summary["feedback_zips"][0] == out / f"feedback-moodle-{STEM}.zip"
    with zipfile.ZipFile(summary["feedback_zips"][0]) as archive:
        assert archive.namelist() == [
            f"Karl Moodle_4711_assignsubmission_file_/feedback-{STEM}.html"]
    assert summary["feedback_zips"][1] == out / f"feedback-canvas-{STEM}.zip"
    with zipfile.ZipFile(summary["feedback_zips"][1]) as archive:
        assert archive.namelist() == [f"fischerlena_111_2002_{STEM}-1.ipynb"]  # the latest
    assert len(summary["feedback_zips"]) == 2    # no Moodle or Canvas hand-in of 07_vacuum
    assert not any(line.startswith(("Lena Fischer", "Karl Moodle")) for line in gaps)
    for name in ("gradebook.csv", "totals.csv", f"grades-{STEM}.csv", f"canvas-{STEM}.csv"):
        for row in _rows(out / name):
            assert not any(cell.startswith(("=", "+", "@")) for cell in row), (name, row)


def test_look_alike_names_get_a_feedback_page_each_linked_from_the_summary(graded):
    """müller/möller, 王伟/李娜, 'a b'/'a_b': six pages, each with its own student's name, and
    the summary's link of each student leads to that page."""
    out, summary, _ = graded
    pages = student_pages(summary["records"])
    page_of = {record["student"]: out / "feedback" / pages[record["student_key"]]
               for record in summary["records"]}
    assert len({page_of[name] for name in LOOKALIKES}) == 6
    html = (out / "summary.html").read_text(encoding="utf-8")
    for name in LOOKALIKES:
        assert f"<h1>Feedback for {name}</h1>" in page_of[name].read_text(encoding="utf-8")
        assert f'<a href="feedback/{page_of[name].name}">{name}</a>' in html
    assert len(list((out / "feedback").glob("*.html"))) == len(summary["records"])


def test_relative_paths_on_the_command_line_and_a_grader_failure_graded_again(tmp_path):
    """``grade ../hand-ins --out ../grades --exercises ../../<repository>/exercises/04.ipynb
    --roster ../roster.csv`` from another folder grades (no hand-in becomes "invalid
    notebook"); a record turned into a grader error, or a hard timeout of the grader, is
    graded again by the next run, a verdict is kept."""
    hand_ins = tmp_path / "hand-ins"
    write(official(STEM), hand_ins / "alice.ipynb")
    write(official(STEM), hand_ins / "bob" / "x.ipynb")
    (hand_ins / "notes.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "roster.csv").write_text("id,name,email\n1,alice,\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    exercises = Path(os.path.relpath(ROOT / "exercises" / f"{STEM}.ipynb", work))
    assert not exercises.is_absolute() and exercises.parts[0] == ".."
    assert (work / exercises).is_file()
    command = [sys.executable, "-m", "classgrade.grade", "../hand-ins", "--out", "../grades",
               "--exercises", str(exercises), "--roster", "../roster.csv", "--quiet",
               "--jobs", "2", "--time-limit", "10", "--notebook-limit", "120",
               *(["--no-sandbox"] if ISOLATION == "none" else [])]
    result = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "notes.py: not a notebook" in result.stdout and "grades-04_differential_drive.csv" \
        in result.stdout
    rows = _dict_rows(tmp_path / "grades" / "gradebook.csv")
    assert {row["status"] for row in rows} == {"not attempted"}
    assert {row["student_id"] for row in rows if row["student"] == "alice"} == {"1"}
    records = sorted((tmp_path / "grades" / "results").glob("*.json"))
    assert len(records) == 2
    failed = json.loads(records[0].read_text(encoding="utf-8"))
    failed["exercises"][0]["status"] = "grader error"
    records[0].write_text(json.dumps(failed), encoding="utf-8")
    same = Limits(exercise_seconds=10.0, notebook_seconds=120.0)    # as the command line has
    again = grade_class(hand_ins, tmp_path / "grades", official=work / exercises,
                        limits=same, jobs=2, progress=False, log=lambda text: None,
                        isolation=ISOLATION)
    assert (again["graded"], again["skipped"]) == (1, 1)
    timed_out = json.loads(records[1].read_text(encoding="utf-8"))
    for entry in timed_out["exercises"]:
        entry["status"] = "timeout"
    timed_out["kernel_starts"] = 0
    records[1].write_text(json.dumps(timed_out), encoding="utf-8")
    third = grade_class(hand_ins, tmp_path / "grades", official=work / exercises,
                        limits=same, jobs=2, progress=False, log=lambda text: None,
                        isolation=ISOLATION)
    assert (third["graded"], third["skipped"]) == (1, 1)
    assert {row["status"] for row in _dict_rows(tmp_path / "grades" / "gradebook.csv")} == {
        "not attempted"}
