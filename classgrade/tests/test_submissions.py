"""A class folder read as the learning platforms lay it out (classgrade.submissions): students
named as Canvas, Moodle, a roster or a plain file name names them, the latest submission kept,
late flags, feedback pages that never collide, CSV cells that are never formulas, malformed
notebooks that are each one hand-in's "invalid notebook", answers outside their answer cells,
and zips unpacked safely. Fast: no kernel is started."""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import stat
import unicodedata
import zipfile
from pathlib import Path

import nbformat
import pytest
from handins import ROOT, cell_of, official, solution_code, write

from classgrade import reports
from classgrade.classroom import (
    _grader_failed,
    _kept,
    _notices,
    assign_chapters,
    chapter_stems,
    choose_official,
)
from classgrade.handin import answer_cells, parse_notebook, read_hand_in
from classgrade.reports import csv_cell, student_pages, write_gradebook
from classgrade.submissions import (
    ZipLimits,
    find_submissions,
    identify,
    latest,
    name_of,
    read_roster,
    unpack_notebooks,
)
from robodyn.core.errors import ParameterError

STEM = "04_differential_drive"
OFFICIAL = official(STEM)
FK = "diffdrive.forward_kinematics"
CHAPTERS = chapter_stems()
#: The names that collided in one feedback page before: four pairs of different students.
LOOKALIKES = ("müller_anna", "möller_anna", "王伟", "李娜", "a b", "a_b")


def _text(notebook) -> str:
    return nbformat.writes(notebook)


def _untouched_text() -> str:
    return _text(OFFICIAL)


# --------------------------------------------------------------------------- names


def test_canvas_names_give_login_user_id_submission_and_late():
    """Canvas's bulk-download names: the login is the student, the user id the id, LATE (any
    case) the late flag, ``-1`` the resubmission number; the form without LATE is on time."""
    late = name_of("fischerlena_LATE_123456_7890123_04_differential_drive-1.ipynb", CHAPTERS)
    assert (late.layout, late.name, late.id, late.late, late.submission, late.resubmission) \
        == ("canvas", "fischerlena", "123456", True, 7890123, 1)
    on_time = name_of("fischerlena_123456_7890124_04_differential_drive.ipynb", CHAPTERS)
    assert (on_time.name, on_time.id, on_time.late, on_time.resubmission) == (
        "fischerlena", "123456", False, 0)
    assert name_of("fischerlena_late_1_2_x.ipynb").late is True


def test_moodle_names_in_folders_and_files_give_the_full_name_and_id():
    """Moodle's folders (with and without the trailing underscore) and flat files give the
    full name and Moodle's number; Moodle says nothing of lateness."""
    for path in ("Lena Fischer_4711_assignsubmission_file_/anything.ipynb",
                 "Lena Fischer_4711_assignsubmission_file/sub/nb.ipynb",
                 "Lena Fischer_4711_assignsubmission_file_04_differential_drive.ipynb"):
        named = name_of(path, CHAPTERS)
        assert (named.layout, named.name, named.id, named.late) == (
            "moodle", "Lena Fischer", "4711", None), path
    # digits in a name: the id is the number just before _assignsubmission
    assert name_of("Anna 2 Berg_99_assignsubmission_file_/x.ipynb").name == "Anna 2 Berg"


def test_plain_names_lose_the_copy_suffix_and_the_chapter_but_nothing_else():
    """``Smith_John_04_differential_drive (1)`` is Smith_John's second download, not a new
    student; a folder names its student; names that are not Canvas's stay whole."""
    named = name_of("Smith_John_04_differential_drive (1).ipynb", CHAPTERS)
    assert (named.layout, named.name, named.resubmission) == ("plain", "Smith_John", 1)
    assert name_of("Smith_John_04_differential_drive.ipynb", CHAPTERS).name == "Smith_John"
    assert name_of("04_differential_drive-alice.ipynb", CHAPTERS).name == "alice"
    assert name_of("alice (2)/whatever (3).ipynb", CHAPTERS) == name_of(
        "alice/x (3).ipynb", CHAPTERS)
    assert name_of("alice/x (3).ipynb").resubmission == 3
    # a file named only after the chapter keeps its name; one number is not Canvas's form
    assert name_of("04_differential_drive.ipynb", CHAPTERS).name == "04_differential_drive"
    assert name_of("fischerlena_123456_notes.ipynb").layout == "plain"
    assert name_of("alice_bob.ipynb").name == "alice_bob"


def test_names_are_nfc_and_lookalike_names_are_different_students():
    """An NFD name (macOS) is the NFC one; müller/möller, 王伟/李娜, 'a b'/'a_b' are four pairs of
    different students, each with a key of their own."""
    decomposed = unicodedata.normalize("NFD", "müller_anna")
    assert decomposed != "müller_anna"
    assert name_of(decomposed + ".ipynb").name == "müller_anna"
    keys = {identify(name_of(name + ".ipynb")).key for name in LOOKALIKES}
    assert len(keys) == len(LOOKALIKES)


def test_an_empty_path_is_refused_with_a_message():
    """name_of of an empty path raises, naming what was wrong."""
    with pytest.raises(ParameterError, match="empty path"):
        name_of("")


# --------------------------------------------------------------------------- roster


def _roster(tmp_path, text: str, bom: bool = True) -> Path:
    path = tmp_path / "roster.csv"
    path.write_bytes(("\ufeff" if bom else "").encode() + text.encode("utf-8"))
    return path


ROSTER = ("email,Name,ID\n"
          "lena.fischer@uni.example,Lena Fischer,123456\n"
          "jsmith@uni.example,John Smith,S-002\n"
          "karl@uni.example,Karl Moodle,S-003\n"
          "nobody@uni.example,Nobody Here,S-004\n")


def test_the_roster_maps_ids_logins_emails_and_names_to_its_students(tmp_path):
    """Columns in any order and case, a BOM: a Canvas user id, an email's local part, an
    email, a name written another way (Smith_John) each find their roster entry."""
    roster = read_roster(_roster(tmp_path, ROSTER))
    canvas = identify(name_of("fischerlena_123456_1_x.ipynb"), roster)
    assert (canvas.name, canvas.id, canvas.email, canvas.on_roster) == (
        "Lena Fischer", "123456", "lena.fischer@uni.example", True)
    assert identify(name_of("jsmith.ipynb"), roster).name == "John Smith"
    assert identify(name_of("JSmith@uni.example.ipynb"), roster).id == "S-002"
    assert identify(name_of("Smith_John_04_differential_drive.ipynb", CHAPTERS),
                    roster).id == "S-002"
    assert identify(name_of("Karl Moodle_77_assignsubmission_file_/a.ipynb"), roster).id == \
        "S-003"
    stranger = identify(name_of("stranger.ipynb"), roster)
    assert stranger.on_roster is False and stranger.key == "name:stranger"
    assert identify(name_of("stranger.ipynb")).on_roster is None     # no roster given


def test_the_roster_tells_apart_names_that_look_alike(tmp_path):
    """A roster holding both 'a b' and 'a_b' (and müller/möller) maps each to its own
    entry; a name that two entries share is on neither (ambiguous), not guessed."""
    roster = read_roster(_roster(tmp_path, "id,name,email\n1,a b,\n2,a_b,\n3,müller_anna,\n"
                                           "4,möller_anna,\n5,Anna Berg,\n6,Berg Anna,\n",
                                 bom=False))
    assert [identify(name_of(n + ".ipynb"), roster).id for n in
            ("a b", "a_b", "müller_anna", "möller_anna")] == ["1", "2", "3", "4"]
    assert identify(name_of("Anna_Berg.ipynb"), roster).on_roster is False


@pytest.mark.parametrize("text, message", [
    ("name,email\nLena,l@x\n", "missing id"),
    ("", "missing id, name, email"),
    ("id,name,email\n1,Lena,l@x\n1,Karl,k@x\n", "line 3: id '1' is also on line 2"),
    ("id,name,email\n1,Lena,L@x\n2,Karl,l@X\n", "email 'l@X' is also on line 2"),
    ("id,name,email\n1,,l@x\n", "line 2: the name is empty"),
    ("id,name,email\n,Lena,\n,Lena,\n", "line 3: 'Lena' has neither id nor email"),
])
def test_a_wrong_roster_is_refused_saying_what_is_wrong(tmp_path, text, message):
    """Missing columns, duplicate ids or emails, empty names: a ParameterError naming the file,
    the line and the value."""
    path = _roster(tmp_path, text, bom=False)
    with pytest.raises(ParameterError, match="roster") as error:
        read_roster(path)
    assert message in str(error.value)


def test_a_roster_that_is_not_utf8_or_missing_is_refused(tmp_path):
    """A Latin-1 roster and a missing one: ParameterErrors that say so."""
    path = tmp_path / "latin1.csv"
    path.write_bytes("id,name,email\n1,Müller,m@x\n".encode("latin-1"))
    with pytest.raises(ParameterError, match="not UTF-8"):
        read_roster(path)
    with pytest.raises(ParameterError, match="cannot be read"):
        read_roster(tmp_path / "nowhere.csv")


# --------------------------------------------------------------------------- a folder


def _folder(tmp_path, files: dict) -> Path:
    folder = tmp_path / "class"
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return folder


def test_the_latest_submission_is_kept_and_the_others_listed(tmp_path):
    """Canvas: the larger submission id wins whatever the file's name or time (and its late
    flag is the one shown); plain: the copy number, else the newer file; others listed."""
    text = _untouched_text()
    folder = _folder(tmp_path, {
        "fischerlena_123456_900_04_differential_drive-5.ipynb": text,   # older id, larger -N
        "fischerlena_LATE_123456_901_04_differential_drive.ipynb": text,
        "Smith_John_04_differential_drive.ipynb": text,
        "Smith_John_04_differential_drive (2).ipynb": text,
        "Smith_John_04_differential_drive (1).ipynb": text,
        "alice/first.ipynb": text, "alice/second.ipynb": text})
    os.utime(folder / "alice" / "first.ipynb", (2_000_000_000, 2_000_000_000))   # newer
    os.utime(folder / "alice" / "second.ipynb", (1_000_000_000, 1_000_000_000))
    inventory = find_submissions(folder, chapters=CHAPTERS)
    kept, others = latest(inventory.hand_ins)
    by_name = {hand_in.student: hand_in for hand_in in kept}
    assert sorted(by_name) == ["Smith_John", "alice", "fischerlena"]
    canvas = by_name["fischerlena"]
    assert canvas.key.startswith("fischerlena_LATE_123456_901") and canvas.late is True
    assert [h.key for h in others[canvas.key]] == [
        "fischerlena_123456_900_04_differential_drive-5.ipynb"]
    assert by_name["Smith_John"].key == "Smith_John_04_differential_drive (2).ipynb"
    assert [h.key for h in others[by_name["Smith_John"].key]] == [
        "Smith_John_04_differential_drive (1).ipynb", "Smith_John_04_differential_drive.ipynb"]
    assert by_name["alice"].key == "alice/first.ipynb" and by_name["alice"].late is None


def test_two_canvas_students_with_one_login_stay_two(tmp_path):
    """Canvas's login part is a squashed name: two user ids are two students, each kept."""
    text = _untouched_text()
    folder = _folder(tmp_path, {"annaberg_1_10_x.ipynb": text, "annaberg_2_11_x.ipynb": text})
    kept, others = latest(find_submissions(folder).hand_ins)
    assert len(kept) == 2 and others == {}
    assert len(student_pages([{"student": h.student, "student_key": h.who.key}
                              for h in kept])) == 2


def test_files_that_are_not_notebooks_are_listed_and_system_files_left_out(tmp_path):
    """.py, .pdf and a Moodle online text are listed with their student; .DS_Store, __MACOSX,
    Jupyter's checkpoints, the roster and the output folder are not hand-ins."""
    text = _untouched_text()
    folder = _folder(tmp_path, {
        "alice.ipynb": text, "bob.py": "print(1)", "carol_12_34_report.pdf": b"%PDF",
        "Dora Kim_5_assignsubmission_onlinetext_/onlinetext.html": "<p>hi</p>",
        ".DS_Store": b"\0", "__MACOSX/._alice.ipynb": b"\0",
        ".ipynb_checkpoints/alice-checkpoint.ipynb": text, "roster.csv": "id,name,email\n",
        "class-grades/gradebook.csv": "x"})
    inventory = find_submissions(folder, out=folder / "class-grades",
                                 leave_out=[folder / "roster.csv"])
    assert [h.key for h in inventory.hand_ins] == ["alice.ipynb"]
    listed = {item.key: (item.student, item.reason) for item in inventory.not_graded}
    assert listed == {
        "bob.py": ("bob", "not a notebook (.ipynb)"),
        "carol_12_34_report.pdf": ("carol", "not a notebook (.ipynb)"),
        "Dora Kim_5_assignsubmission_onlinetext_/onlinetext.html": (
            "Dora Kim", "not a notebook (.ipynb)")}


def test_the_summary_lists_name_what_was_not_graded_and_who_is_missing(tmp_path):
    """The run's lists: files not graded, earlier submissions, hand-ins not on the roster,
    roster students without a hand-in (per chapter when the folder mixes them)."""
    text = _untouched_text()
    roster = read_roster(_roster(tmp_path, ROSTER))
    folder = _folder(tmp_path, {"fischerlena_123456_1_a.ipynb": text,
                                "fischerlena_123456_2_a.ipynb": text,
                                "stranger.ipynb": _text(official("07_vacuum")),
                                "notes.txt": "x",
                                "John Smith_7_assignsubmission_file_/answer.py": "x = 1"})
    inventory = find_submissions(folder, roster=roster, chapters=CHAPTERS)
    chapters = assign_chapters(inventory.hand_ins)
    kept, superseded = latest(inventory.hand_ins, group=lambda h: (h.who.key, chapters[h.key]))
    notices = {title: lines for title, _, lines in
               _notices(inventory, kept, superseded, roster, chapters)}
    assert notices["Files not graded"] == [
        "John Smith_7_assignsubmission_file_/answer.py: not a notebook (.ipynb)",
        "notes.txt: not a notebook (.ipynb)"]
    # a roster student who handed in a .py only: told on their own line, not just "nothing"
    assert ("John Smith (S-002): nothing for 07_vacuum; handed in, not graded: "
            "John Smith_7_assignsubmission_file_/answer.py") in notices["No hand-in"]
    assert not any("answer.py" in line for line in notices["No hand-in"]
                   if not line.startswith("John Smith"))
    assert notices["Earlier submissions, not graded"] == [
        "Lena Fischer: fischerlena_123456_1_a.ipynb (graded: fischerlena_123456_2_a.ipynb)"]
    assert notices["Not on the roster"] == ["stranger (stranger.ipynb)"]
    assert "Nobody Here (S-004): nothing for 04_differential_drive" in notices["No hand-in"]
    assert "Lena Fischer (123456): nothing for 07_vacuum" in notices["No hand-in"]
    assert not any(line.startswith("Lena Fischer") and "04_" in line
                   for line in notices["No hand-in"])


# --------------------------------------------------------------------------- CSV files


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+2", "-2+3",
                                  "@SUM(A1)", "\tx", "\rx"])
def test_a_cell_that_a_spreadsheet_would_read_as_a_formula_gets_an_apostrophe(text):
    """OWASP's starts (=, +, -, @, tab, CR): the text behind an apostrophe."""
    assert csv_cell(text) == "'" + text


def test_numbers_and_harmless_text_stay_as_they_are():
    """The grader's numbers, negative ones too, are numbers; text with a formula character
    later on, or none, is unchanged."""
    assert [csv_cell(value) for value in (-1.5, 0.0, 3, -2, "a=b", "ok", "", None)] == [
        "-1.5", "0", "3", "-2", "a=b", "ok", "", ""]


def _record(student, key, points, official_name=f"{STEM}.ipynb", **more):
    exercises = [{"exercise": f"diffdrive.e{n}", "status": "passed" if p else "failed",
                  "points": p, "max_points": 1.0, "mistake": "", "feedback": f"e{n}: fine",
                  "notes": [], "flags": []} for n, p in enumerate(points, start=1)]
    return {"student": student, "key": key, "official": official_name, "status": "ok",
            "message": "", "exercises": exercises, "student_key": "name:" + student, **more}


def _rows(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8-sig") as stream:
        return list(csv.reader(stream))


def test_every_csv_file_escapes_what_a_student_wrote(tmp_path):
    """A hand-in named ``=HYPERLINK(...)``, a student named ``@cmd`` and feedback beginning
    with ``-``: every CSV has them behind an apostrophe; points stay numbers."""
    evil = '=HYPERLINK("http://evil.example","click").ipynb'
    record = _record("@cmd", evil, [1.0, 0.0])
    record["exercises"][0]["feedback"] = "-1 is not the answer"
    write_gradebook(tmp_path, [record])
    book = _rows(tmp_path / "gradebook.csv")
    assert book[1][:4] == ["'@cmd", "", STEM, "'" + evil]
    assert book[1][6] == "1" and book[1][9] == "'-1 is not the answer"
    totals = _rows(tmp_path / "totals.csv")
    assert totals[1][0] == "'@cmd" and totals[1][3] == "'" + evil and totals[1][6] == "1"
    wide = _rows(tmp_path / f"grades-{STEM}.csv")
    assert wide[1][0] == "'@cmd"
    raw = (tmp_path / "gradebook.csv").read_text(encoding="utf-8")
    assert "\n=" not in raw and ",=" not in raw and ',"=' not in raw
    # each file begins with the byte-order mark, by which Excel reads UTF-8 ("Müller", not
    # "MÃ¼ller"), and has it once
    for name in ("gradebook.csv", "totals.csv", f"grades-{STEM}.csv", f"moodle-{STEM}.csv"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\xef\xbb\xbf") == 1, name


def test_the_wide_csv_has_a_row_per_student_and_a_column_per_exercise(tmp_path):
    """Canvas's leading columns, login, email, late, the exercises in order and the total;
    a roster student without a hand-in has a row with empty points; a second chapter gets
    a file of its own."""
    records = [
        _record("Lena Fischer", "fischerlena_LATE_123456_9_a.ipynb", [1.0, 0.5],
                student_id="123456", login="fischerlena", email="lena@uni.example", late=True,
                student_key="roster:123456"),
        _record("Karl", "Karl_4711_assignsubmission_file_/k.ipynb", [0.0, 1.0],
                student_id="4711", late=None),
        _record("Vera", "vera.ipynb", [1.0], official_name="07_vacuum.ipynb")]
    roster = [{"key": "roster:123456", "name": "Lena Fischer", "id": "123456", "email": ""},
              {"key": "roster:S-9", "name": "Nobody Here", "id": "S-9", "email": "n@x"}]
    write_gradebook(tmp_path, records, roster)
    wide = _rows(tmp_path / f"grades-{STEM}.csv")
    assert wide[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Login",
                       "Email address", "Late", "diffdrive.e1", "diffdrive.e2", "Late penalty",
                       "Total"]
    assert wide[1] == ["Lena Fischer", "123456", "", "", "", "fischerlena", "lena@uni.example",
                       "yes", "1", "0.5", "0", "1.5"]
    assert wide[2] == ["Karl", "4711", "", "", "", "", "", "", "0", "1", "0", "1"]
    assert wide[3] == ["Nobody Here", "S-9", "", "", "", "", "n@x", "", "", "", "", ""]
    assert len(wide) == 4
    vacuum = _rows(tmp_path / "grades-07_vacuum.csv")
    assert [row[0] for row in vacuum] == ["Student", "Vera", "Lena Fischer", "Nobody Here"]
    book = _rows(tmp_path / "gradebook.csv")
    assert {row[2] for row in book[1:]} == {STEM, "07_vacuum"}


def test_each_platform_gets_a_file_of_its_own_columns_and_no_row_without_its_id(tmp_path):
    """Canvas's file: the five columns of its own export and one grade column, a row per
    student Canvas can find (a Canvas user id, a roster's id; not a Moodle participant
    number); Moodle's: the email and the grade, a row per student with an email. The grade is
    the total after the late penalty; the students left out are listed."""
    records = [
        _record("Lena Fischer", "fischerlena_LATE_123456_9_a.ipynb", [1.0, 0.5],
                student_id="123456", layout="canvas", email="", late=True,
                late_penalty=0.15),
        _record("Karl", "Karl_4711_assignsubmission_file_/k.ipynb", [0.0, 1.0],
                student_id="4711", layout="moodle", email="karl@uni.example"),
        _record("Anna Berg", "anna.ipynb", [1.0, 1.0], student_id="S-7", layout="plain",
                on_roster=True, email="anna@uni.example"),
        _record("stranger", "stranger.ipynb", [1.0, 0.0], layout="plain")]
    roster = [{"key": "roster:S-9", "name": "Nobody Here", "id": "S-9", "email": "n@x"}]
    write_gradebook(tmp_path, records, roster)
    canvas, moodle = reports.import_files(tmp_path, STEM)
    assert _rows(canvas) == [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", STEM],
        ["Lena Fischer", "123456", "", "", "", "1.35"],
        ["Anna Berg", "S-7", "", "", "", "2"]]
    assert _rows(moodle) == [["Email address", STEM], ["karl@uni.example", "1"],
                             ["anna@uni.example", "2"]]
    assert reports.import_gaps(records) == [
        "Lena Fischer (fischerlena_LATE_123456_9_a.ipynb): Moodle: no email",
        "Karl (Karl_4711_assignsubmission_file_/k.ipynb): Canvas: no id",
        "stranger (stranger.ipynb): Canvas: no id; Moodle: no email"]


def test_the_moodle_feedback_zip_is_laid_out_as_moodles_importer_reads_it(tmp_path):
    """Each Moodle hand-in's page under its download folder's name, with the underscore after
    "file" that the importer needs (it splits the path at its first four underscores: name,
    participant id, plugin type, plugin, file), the page the student's own; Canvas's and
    plain hand-ins are not in it; a class without a Moodle hand-in gets no zip."""
    records = [
        _record("Karl Moodle", "Karl Moodle_4711_assignsubmission_file_/k.ipynb", [1.0],
                layout="moodle"),
        _record("Dora Kim", "Dora Kim_5_assignsubmission_file/sub/x.ipynb", [0.0],
                layout="moodle"),
        _record("Lena", "fischerlena_123456_9_a.ipynb", [1.0], layout="canvas")]
    reports.write_feedback(tmp_path, records)
    path = reports.write_moodle_feedback(tmp_path, STEM, records)
    assert path == reports.moodle_feedback_zip(tmp_path, STEM)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    assert sorted(members) == [
        f"Dora Kim_5_assignsubmission_file_/feedback-{STEM}.html",
        f"Karl Moodle_4711_assignsubmission_file_/feedback-{STEM}.html"]
    pages = student_pages(records)
    for name, data in members.items():
        # what Moodle's assignfeedback_file importer does with the path
        info = ("/" + name).split("_", 4)
        assert len(info) == 5 and info[1].isdigit() and info[2:4] == ["assignsubmission",
                                                                     "file"], info
        student = "Karl Moodle" if info[1] == "4711" else "Dora Kim"
        assert data == (tmp_path / "feedback" / pages["name:" + student]).read_bytes()
        assert f"Feedback for {student}".encode() in data
    assert reports.write_moodle_feedback(tmp_path, STEM, records[2:]) is None
    assert not path.exists()


def _canvas_importer_ids(member: str) -> tuple[str, str]:
    """What Canvas's "Re-Upload Submissions" reads of a file's name (its
    infer_comment_context_from_filename): the first two numbers between underscores of the
    base name, the student's user id and the id of the file they handed in."""
    numbers = [part for part in Path(member).name.split("_") if part.isdigit()]
    return numbers[0], numbers[1]


def test_the_canvas_feedback_zip_gives_each_student_their_notebook_with_its_feedback(
        tmp_path):
    """Each Canvas hand-in's own notebook under its download name (Canvas's importer finds
    the student and the submitted file by it), with the total at the top and each exercise's
    feedback under its check cell, the student's cells as they were, the feedback in fences
    that its backticks cannot end; a hand-in that came in a zip, one that no longer reads,
    Moodle's and plain ones are not in it, and the first two are listed."""
    notebook = official(STEM)
    ids = [cell.metadata["robodyn"]["exercise"] for cell in notebook.cells
           if cell.metadata.get("robodyn", {}).get("role") == "check"][:2]
    lena = write(notebook, tmp_path / "class" / f"fischerlena_LATE_123456_7890_{STEM}.ipynb")
    broken = tmp_path / "class" / f"bergkarl_222_333_{STEM}.ipynb"
    broken.write_text("{ not a notebook")
    records = [_record("Lena", lena.name, [1.0, 0.0], layout="canvas", hand_in=str(lena),
                       late_penalty=0.5, late_reason="2 days late"),
               _record("Karl", broken.name, [0.0], layout="canvas", hand_in=str(broken)),
               _record("Ola", f"olsenola_5_6_x.zip/{STEM}.ipynb", [1.0], layout="canvas",
                       hand_in=str(lena)),
               _record("Moodle", f"M_4711_assignsubmission_file_/{STEM}.ipynb", [1.0],
                       layout="moodle", hand_in=str(lena))]
    for record in records:
        for entry, exercise in zip(record["exercises"], ids, strict=False):
            entry["exercise"] = exercise
    records[0]["exercises"][1]["feedback"] = "expected 1.0, got 2.0\n```\n# not a heading"
    path, left_out = reports.write_canvas_feedback(tmp_path, STEM, records)
    assert path == reports.canvas_feedback_zip(tmp_path, STEM)
    with zipfile.ZipFile(path) as archive:
        assert archive.namelist() == [lena.name]
        annotated = nbformat.reads(archive.read(lena.name).decode(), as_version=4)
    assert _canvas_importer_ids(lena.name) == ("123456", "7890")
    nbformat.validate(annotated)
    assert [cell.get("id") for cell in annotated.cells[1:]
            if not cell.get("id", "").startswith("classgrade-")] == [
        cell.get("id") for cell in notebook.cells]
    top = annotated.cells[0].source
    assert "**Feedback: 0.5 of 2 points.**" in top and "2 days late" in top
    for exercise, status in zip(ids, ("passed", "failed"), strict=True):
        check = next(k for k, cell in enumerate(annotated.cells)
                     if cell.metadata.get("robodyn", {}).get("exercise") == exercise
                     and cell.metadata["robodyn"]["role"] == "check")
        feedback = annotated.cells[check + 1]
        assert feedback.cell_type == "markdown"
        assert feedback.source.startswith(f"**Feedback on {exercise}: {status}")
    fenced = annotated.cells[check + 1].source
    assert "````text\nexpected 1.0, got 2.0\n```\n# not a heading\n````" in fenced
    assert len(left_out) == 2 and left_out[0].startswith("Karl (bergkarl_222_333_")
    assert "came in a zip" in left_out[1]
    assert reports.write_canvas_feedback(tmp_path, STEM, records[3:]) == (None, [])
    assert not path.exists()


def test_feedback_pages_never_collide_and_the_summary_links_each_to_its_own(tmp_path):
    """The six look-alike names get six pages, each page names its own student, and the
    summary links every student to the page with their name on it."""
    records = [_record(name, f"{name}.ipynb", [1.0]) for name in LOOKALIKES]
    reports.write_feedback(tmp_path, records)
    reports.write_summary(tmp_path, records, f"{STEM}.ipynb", 1)
    pages = sorted((tmp_path / "feedback").glob("*.html"))
    assert len(pages) == len(LOOKALIKES)
    assert all(page.name.isascii() for page in pages)
    summary = (tmp_path / "summary.html").read_text(encoding="utf-8")
    for name in LOOKALIKES:
        link = f'<a href="feedback/{student_pages(records)["name:" + name]}">{name}</a>'
        assert link in summary.replace("&#x27;", "'")
        page = tmp_path / "feedback" / student_pages(records)["name:" + name]
        assert f"<h1>Feedback for {name}</h1>" in page.read_text(encoding="utf-8")


def test_a_rerun_leaves_no_page_of_an_earlier_run_and_no_instructors_flag_on_a_page(
        tmp_path):
    """A run with a roster names its students otherwise than one without (id keys, not
    names): the pages of the run before, which no student of this run owns, are removed and
    nothing else in the folder is touched; a flag meant for the instructor (an answer to look
    at) is in the gradebook, not on the student's page, whose own notes stay."""
    first = [_record(name, f"{name}.ipynb", [1.0]) for name in ("anna", "ben")]
    reports.write_feedback(tmp_path, first)
    (tmp_path / "feedback" / "notes.txt").write_text("the instructor's", encoding="utf-8")
    second = [_record(name, f"{name}.ipynb", [1.0], student_key=f"id:{n}")
              for n, name in enumerate(("anna", "ben"))]
    second[0]["exercises"][0]["flags"] = ["imports ctypes"]
    second[0]["exercises"][0]["notes"] = ["your answer was found below its answer cell"]
    reports.write_feedback(tmp_path, second)
    reports.write_gradebook(tmp_path, second)
    pages = sorted(page.name for page in (tmp_path / "feedback").glob("*.html"))
    assert pages == sorted(student_pages(second).values()) and len(pages) == 2
    assert not set(pages) & set(student_pages(first).values())
    assert (tmp_path / "feedback" / "notes.txt").exists()
    anna = (tmp_path / "feedback" / student_pages(second)["id:0"]).read_text(encoding="utf-8")
    assert "ctypes" not in anna and "instructor" not in anna
    assert "your answer was found below its answer cell" in anna
    assert "imports ctypes" in (tmp_path / "gradebook.csv").read_text(encoding="utf-8-sig")


def test_a_page_name_clash_of_the_short_hash_takes_the_long_hash(monkeypatch):
    """Should two keys' slugs and short hashes meet, both pages take the whole hash."""
    real = reports._digest
    monkeypatch.setattr(reports, "_digest",
                        lambda key, length: "0" * length if length < 64 else real(key, length))
    pages = student_pages([{"student": "a b", "student_key": "name:a b"},
                           {"student": "a_b", "student_key": "name:a_b"}])
    assert len(set(pages.values())) == 2
    assert all(len(page) == len("a_b-") + 64 + len(".html") for page in pages.values())


# --------------------------------------------------------------------------- notebooks


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def _notebook_json(**cell) -> str:
    data = json.loads(_untouched_text())
    data["cells"][3].update(cell)
    return json.dumps(data)


def _deep_metadata(depth: int) -> str:
    """The official notebook's JSON with cell 4's metadata nested ``depth`` arrays deep (as
    text: Python's own json would not build it)."""
    return _notebook_json(metadata="DEEP").replace('"metadata": "DEEP"',
                                                   '"metadata": {"x": ' + _deep(depth) + "}")


MALFORMED = {
    "metadata null": (_notebook_json(metadata=None), "cell 4 has metadata null"),
    "cells not objects": (json.dumps({"cells": ["print(1)", 3], "metadata": {},
                                      "nbformat": 4, "nbformat_minor": 5}),
                          "cell 1 is a string, not an object"),
    "nested 100000 deep": ('{"cells": ' + _deep(100_000) + "}", "nested too deeply"),
    "nested metadata": (_deep_metadata(5000), "nested too deeply"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "binary data"),
    "empty": (b"", "the file is empty"),
    "only blanks": (b"  \n\t ", "the file is empty"),
    "nbformat 3": (json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {},
                               "worksheets": [{"cells": []}]}), "nbformat 3"),
    "source a number": (_notebook_json(source=3), "cell 4 has a source that is a number"),
    "source lines not text": (_notebook_json(source=["a", None]), "cell 4 has a source"),
    "unknown cell type": (_notebook_json(cell_type="python"), "cell type 'python'"),
    "metadata a list": (json.dumps({"cells": [], "metadata": []}), "its metadata is an array"),
    "not an object": ("[1, 2]", "not an object"),
    "cut short": (_untouched_text()[:500], "not JSON"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_notebook_is_an_invalid_notebook_saying_what_is_wrong(name, tmp_path):
    """Each malformed file, as a path: "invalid notebook" with the reason, no crash."""
    content, message = MALFORMED[name]
    path = tmp_path / "hand-in.ipynb"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    hand_in = read_hand_in(path, OFFICIAL)
    assert hand_in.status == "invalid notebook", hand_in
    assert message in hand_in.message and "not a notebook" in hand_in.message


@pytest.mark.parametrize("depth", [50, 500, 900, 990, 2000])
def test_deep_metadata_never_crashes_reading(depth):
    """Metadata nested at any depth: a notebook read, or an invalid one; never an error."""
    hand_in = read_hand_in(_deep_metadata(depth), OFFICIAL)
    assert hand_in.status in ("ok", "invalid notebook")
    assert _deep_metadata(depth).count("[") >= depth


def test_unusual_but_valid_notebooks_are_read():
    """Sources as lists of lines, a cell without metadata, a newer minor version: read."""
    data = json.loads(_untouched_text())
    data["nbformat_minor"] = 99
    for cell in data["cells"]:
        cell["source"] = cell["source"].splitlines(keepends=True) if isinstance(
            cell["source"], str) else cell["source"]
    del data["cells"][1]["metadata"]
    notebook = parse_notebook(json.dumps(data))
    assert notebook.cells[1].metadata == {}
    assert read_hand_in(json.dumps(data), OFFICIAL).status == "ok"


def test_choosing_the_chapters_goes_past_malformed_notebooks(tmp_path):
    """A folder of every malformed file and one good notebook: the good one decides, the
    others go with it (to be graded as invalid notebooks)."""
    files = {f"{n:02d}.ipynb": content for n, (content, _) in enumerate(MALFORMED.values())}
    files["good.ipynb"] = _untouched_text()
    folder = _folder(tmp_path, files)
    hand_ins = find_submissions(folder).hand_ins
    chapters = assign_chapters(hand_ins)
    assert set(chapters.values()) == {ROOT / "exercises" / f"{STEM}.ipynb"}
    assert len(chapters) == len(files)
    assert choose_official(hand_ins) == (ROOT / "exercises" / f"{STEM}.ipynb", 1)


def test_chapters_are_told_apart_by_metadata_or_by_function_names(tmp_path):
    """Mixed chapters: each hand-in goes with the notebook it answers, by its answer cells'
    metadata, or, with the metadata stripped, by the functions it defines."""
    stripped = copy.deepcopy(official("07_vacuum"))
    for cell in stripped.cells:
        cell.metadata = {}
    folder = _folder(tmp_path, {"a.ipynb": _untouched_text(),
                                "b.ipynb": _text(official("07_vacuum")),
                                "c.ipynb": _text(stripped), "d.ipynb": "{}"})
    chapters = {key: path.stem for key, path in
                assign_chapters(find_submissions(folder).hand_ins).items()}
    assert chapters["a.ipynb"] == STEM
    assert chapters["b.ipynb"] == chapters["c.ipynb"] == "07_vacuum"
    assert chapters["d.ipynb"] in (STEM, "07_vacuum")       # answers none: the most answered


def test_no_chapter_at_all_is_a_clear_error(tmp_path):
    """A folder whose notebooks answer no exercise notebook: ParameterError naming --exercises."""
    folder = _folder(tmp_path, {"a.ipynb": json.dumps({"cells": [], "metadata": {}})})
    with pytest.raises(ParameterError, match="--exercises"):
        assign_chapters(find_submissions(folder).hand_ins)


# --------------------------------------------------------------------------- answers elsewhere

def _fk_code() -> str:
    """The solutions' answer to exercise 4.1 (read when a test runs: the student release has
    no solutions/, and its tests that need them skip)."""
    return solution_code(STEM)[FK]


@pytest.mark.solutions
def test_an_answer_below_an_untouched_stub_is_graded_and_flagged():
    """The stub as handed out and the function in a new cell below: answered from there, the
    note and the flag name the cell."""
    notebook = copy.deepcopy(OFFICIAL)
    stub = cell_of(notebook, FK, "answer")
    index = notebook.cells.index(stub)
    notebook.cells.insert(index + 1, nbformat.v4.new_code_cell("import math\n\n" + _fk_code()))
    answer = read_hand_in(_text(notebook), OFFICIAL).answers[FK]
    assert answer.status == "answered" and _fk_code() in answer.source
    assert f"cell {index + 2} (counted from 1)" in answer.note
    assert "as handed out" in answer.note
    assert answer.flags and "answer found outside its answer cell" in answer.flags[0]
    assert "forward_kinematics" in answer.flags[0]


@pytest.mark.solutions
def test_answers_of_a_notebook_whose_metadata_was_stripped_are_graded_and_flagged():
    """Every cell's metadata removed (another tool saved it): each answer found by its
    function's name, flagged; the untouched stubs of the same notebook are not answers."""
    code = solution_code(STEM)
    notebook = copy.deepcopy(OFFICIAL)
    for exercise, cells in answer_cells(notebook).items():
        if exercise != FK:
            cells[0].source = code[exercise]
    for cell in notebook.cells:
        cell.metadata = {}
    answers = read_hand_in(_text(notebook), OFFICIAL).answers
    assert answers[FK].status == "missing" and not answers[FK].flags
    for exercise in set(code) - {FK}:
        assert answers[exercise].status == "answered", exercise
        assert "no cell carries the exercise's answer metadata" in answers[exercise].note
        assert answers[exercise].flags


@pytest.mark.parametrize("source", [
    "if True:\n    def forward_kinematics(a, b, c, d, e):\n        return 1, 2\n",  # not top level
    "class Robot:\n    def forward_kinematics(self):\n        return 1\n",
    "forward_kinematics(1, 2, 3, 4, 5)\n",                                        # a call only
    'def forward_kinematics(a, b, c, d, e):\n    """Later."""\n    raise NotImplementedError\n',
    "def forward_kinematic(a, b, c, d, e):\n    return 1, 2\n",                   # another name
])
def test_what_is_not_an_answer_elsewhere_stays_not_attempted(source):
    """A def inside a block or a class, a call, a retyped stub, another name: not answers."""
    notebook = copy.deepcopy(OFFICIAL)
    notebook.cells.insert(5, nbformat.v4.new_code_cell(source))
    answer = read_hand_in(_text(notebook), OFFICIAL).answers[FK]
    assert answer.status == "not attempted" and not answer.flags


@pytest.mark.solutions
def test_a_definition_in_a_check_cell_or_an_official_cell_is_not_an_answer():
    """The function written into its check cell (an official cell by its metadata) is not
    taken; the last of two new cells defining it is (as the kernel would keep)."""
    notebook = copy.deepcopy(OFFICIAL)
    check = cell_of(notebook, FK, "check")
    check.source = _fk_code() + "\n" + check.source
    assert read_hand_in(_text(notebook), OFFICIAL).answers[FK].status == "not attempted"
    wrong = _fk_code().replace("return", "return 0 *", 1)
    notebook.cells.insert(3, nbformat.v4.new_code_cell(wrong))
    notebook.cells.append(nbformat.v4.new_code_cell("%matplotlib inline\n" + _fk_code()))
    answer = read_hand_in(_text(notebook), OFFICIAL).answers[FK]
    assert answer.status == "answered" and answer.source.startswith("%matplotlib")


# --------------------------------------------------------------------------- zips


def _zip(path: Path, members: dict, symlinks=()) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
        for name, target in symlinks:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


def test_a_zip_hand_in_is_unpacked_and_graded_as_its_students(tmp_path):
    """A Canvas zip's notebooks are hand-ins of its student, unpacked byte for byte into the
    temporary folder; its other files are named in one line; Mac leftovers ignored."""
    text = _untouched_text()
    folder = tmp_path / "class"
    _zip(folder / "fischerlena_LATE_123456_77_handin.zip",
         {"work/04.ipynb": text, "work/data.csv": "1,2", "__MACOSX/work/._04.ipynb": "x"})
    unpacked = tmp_path / "unpacked"
    unpacked.mkdir()
    inventory = find_submissions(folder, unpack_to=unpacked)
    [hand_in] = inventory.hand_ins
    assert hand_in.key == "fischerlena_LATE_123456_77_handin.zip/work/04.ipynb"
    assert (hand_in.student, hand_in.late) == ("fischerlena", True)
    assert hand_in.path.read_text(encoding="utf-8") == text
    assert unpacked in hand_in.path.parents
    [listed] = inventory.not_graded
    assert "1 of its files are not notebooks (work/data.csv)" in listed.reason


def test_two_zip_members_of_one_name_are_two_hand_ins(tmp_path):
    """A zip may hold two members of one name (a student zipped twice into one file): each is
    a hand-in of its own key, the second marked "#2", so that no record overwrites another."""
    folder = tmp_path / "class"
    folder.mkdir()
    with zipfile.ZipFile(folder / "alice.zip", "w") as archive, \
            pytest.warns(UserWarning, match="Duplicate name"):
        archive.writestr("work/04.ipynb", _untouched_text())
        archive.writestr("work/04.ipynb", _untouched_text().replace("Exercise", "Exercises"))
    unpacked = tmp_path / "unpacked"
    unpacked.mkdir()
    keys = [hand_in.key for hand_in in find_submissions(folder, unpack_to=unpacked).hand_ins]
    assert keys == ["alice.zip/work/04.ipynb", "alice.zip/work/04.ipynb#2"]


@pytest.mark.parametrize("members, symlinks, reason", [
    ({"../../evil.ipynb": "{}"}, (), "outside the zip's folder"),
    ({"/tmp/evil.ipynb": "{}"}, (), "outside the zip's folder"),
    ({"C:/evil.ipynb": "{}"}, (), "outside the zip's folder"),
    ({"ok.ipynb": "{}"}, [("link.ipynb", "/etc/passwd")], "symbolic link"),
    ({f"{n}.txt": "x" for n in range(12)}, (), "it holds 12 files, more than 10"),
    ({"bomb.ipynb": " " * (3 * 2**20)}, (), "would unpack to 3 MB, more than 1 MB"),
])
def test_a_dangerous_zip_is_refused_and_nothing_leaves_the_folder(tmp_path, members, symlinks,
                                                                   reason):
    """Paths outside, absolute or with a drive, symbolic links, too many members, a zip bomb:
    refused with a note, nothing unpacked anywhere."""
    zipped = _zip(tmp_path / "in" / "x.zip", members, symlinks)
    into = tmp_path / "deep" / "er" / "unpacked"
    notebooks, others, problem = unpack_notebooks(
        zipped, into, ZipLimits(max_members=10, max_bytes=2**20))
    assert notebooks == [] and reason in problem
    assert not list(tmp_path.rglob("evil.ipynb")) and not list(tmp_path.rglob("bomb.ipynb"))
    assert not into.exists() or not any(into.iterdir())


def test_a_zip_whose_directory_lies_about_sizes_is_refused(tmp_path):
    """A member whose header claims fewer bytes than it holds unpacks no further than the
    claim, and the zip is refused (its checksum fails), not unpacked in full."""
    zipped = _zip(tmp_path / "x.zip", {"big.ipynb": "x" * 100_000})
    data = bytearray(zipped.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):   # sizes patched
        where = data.find(signature)
        data[where + offset:where + offset + 4] = (10).to_bytes(4, "little")
    zipped.write_bytes(bytes(data))
    notebooks, _, problem = unpack_notebooks(zipped, tmp_path / "out", ZipLimits())
    assert notebooks == [] and "not a zip that can be read (Bad CRC-32" in problem
    assert not any((tmp_path / "out").iterdir())


def test_zips_without_notebooks_or_not_zips_are_listed(tmp_path):
    """A zip of a PDF, a corrupt zip, a zip inside a zip: listed with the reason."""
    folder = tmp_path / "class"
    _zip(folder / "alice.zip", {"report.pdf": "%PDF"})
    (folder / "bob.zip").write_bytes(b"PK\x03\x04 this is not a zip")
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as archive:
        archive.writestr("04.ipynb", _untouched_text())
    _zip(folder / "carol.zip", {"inner.zip": inner.getvalue()})
    unpacked = tmp_path / "unpacked"
    unpacked.mkdir()
    inventory = find_submissions(folder, unpack_to=unpacked)
    assert inventory.hand_ins == []
    reasons = {item.key: item.reason for item in inventory.not_graded}
    assert reasons["alice.zip"] == "a zip without a notebook (report.pdf)"
    assert reasons["bob.zip"].startswith("a zip, refused: not a zip that can be read")
    assert reasons["carol.zip"] == "a zip without a notebook (inner.zip)"
    assert find_submissions(folder).not_graded[0].reason == "a zip, not unpacked"


@pytest.mark.parametrize("limits", [{"max_members": 0}, {"max_bytes": -1},
                                    {"max_bytes": 1.5}, {"max_members": True}])
def test_zip_limits_must_be_whole_numbers_above_zero(limits):
    """ZipLimits refuses a zero, negative, fractional or boolean cap, naming it."""
    with pytest.raises(ParameterError, match=next(iter(limits))):
        ZipLimits(**limits)


# --------------------------------------------------------------------------- the cache


def _cached(status="passed", kernel_starts=1, record_status="ok"):
    return {"sha256": "s", "fingerprint": "f", "status": record_status,
            "kernel_starts": kernel_starts,
            "exercises": [{"status": status}, {"status": "passed"}]}


def test_a_grader_failure_is_never_kept_but_a_verdict_is(tmp_path):
    """Grader errors and the grading process's hard timeout are graded again; a verdict on
    the hand-in (a timeout of a running kernel too) is kept while file and fingerprint hold."""
    path = write(OFFICIAL, tmp_path / "a.ipynb")
    assert _kept(_cached(), path, "s", "f")
    assert _kept(_cached("timeout", kernel_starts=2), path, "s", "f")
    assert not _kept(_cached("grader error"), path, "s", "f")
    assert not _kept(_cached("timeout", kernel_starts=0), path, "s", "f")
    assert not _kept(_cached(record_status="grader error"), path, "s", "f")
    assert not _kept(_cached(), path, "other", "f") and not _kept(_cached(), path, "s", "g")
    assert not _kept(None, path, "s", "f")
    assert _grader_failed(_cached("grader error")) and not _grader_failed(_cached())


def test_an_invalid_notebook_that_reads_now_is_graded_again(tmp_path):
    """An "invalid notebook" record of a file that parses now (it was read from a wrong
    path) is not kept; one of a file still broken is."""
    good = write(OFFICIAL, tmp_path / "good.ipynb")
    broken = tmp_path / "broken.ipynb"
    broken.write_text("{", encoding="utf-8")
    invalid = _cached("invalid notebook", kernel_starts=0, record_status="invalid notebook")
    assert not _kept(invalid, good, "s", "f")
    assert _kept(invalid, broken, "s", "f")


def test_the_unpacked_bytes_are_counted_not_trusted_from_the_directory(tmp_path, monkeypatch):
    """With the directory's sizes passing (as a lying one would), the bytes are counted as
    they unpack and the zip is refused once over the cap, its unpacked files removed."""
    from classgrade import submissions

    zipped = _zip(tmp_path / "x.zip", {"a.ipynb": "x" * 3000, "b.ipynb": "y" * 3000})
    monkeypatch.setattr(submissions, "_refusal", lambda members, limits: "")
    into = tmp_path / "out"
    notebooks, _, problem = unpack_notebooks(zipped, into, ZipLimits(max_bytes=4000))
    assert notebooks == [] and "unpack to more than" in problem
    assert list(into.iterdir()) == []


def test_a_moodle_participant_id_is_never_taken_for_a_roster_id(tmp_path):
    """Moodle's number is a participant id: a roster id that happens to be the same number
    does not make the hand-in that roster student's; the full name finds the right one."""
    roster = read_roster(_roster(tmp_path, "id,name,email\n4711,Someone Else,\n"
                                           "12,Lena Fischer,\n"))
    named = name_of("Lena Fischer_4711_assignsubmission_file_/a.ipynb")
    assert identify(named, roster).id == "12"
    assert identify(name_of("Ann Other_4711_assignsubmission_file_/a.ipynb"),
                    roster).on_roster is False


def test_links_in_a_loop_pipes_and_names_not_in_utf8_are_listed_never_read(tmp_path):
    """A class folder with two links pointing at each other, a named pipe and a file whose
    name is no UTF-8, each named as a notebook (found by the hidden hostile class: the links
    stopped the run before anyone was graded, the pipe made it wait for ever, the name ended
    it after grading): the links and the pipe are listed as not graded, with why, and never
    opened; the odd name is a hand-in whose key shows its bytes as escapes."""
    folder = tmp_path / "class"
    folder.mkdir()
    write(official(STEM), folder / f"Anna_Berg_{STEM}.ipynb")
    (folder / f"Loop_A_{STEM}.ipynb").symlink_to(folder / f"Loop_B_{STEM}.ipynb")
    (folder / f"Loop_B_{STEM}.ipynb").symlink_to(folder / f"Loop_A_{STEM}.ipynb")
    os.mkfifo(folder / f"Pipe_{STEM}.ipynb")
    odd = os.fsencode(folder) + b"/Odd_\xff\xfe_" + STEM.encode() + b".ipynb"
    with open(odd, "wb") as stream:
        stream.write(json.dumps(nbformat.v4.new_notebook()).encode())
    inventory = find_submissions(folder, chapters=(STEM,))
    reasons = {item.key: item.reason for item in inventory.not_graded}
    assert reasons == {
        f"Loop_A_{STEM}.ipynb": "a link that leads to no file (in a loop, or to nothing)",
        f"Loop_B_{STEM}.ipynb": "a link that leads to no file (in a loop, or to nothing)",
        f"Pipe_{STEM}.ipynb": "a named pipe, not a file"}
    keys = sorted(hand_in.key for hand_in in inventory.hand_ins)
    assert keys == [f"Anna_Berg_{STEM}.ipynb", f"Odd_\\xff\\xfe_{STEM}.ipynb"]
    assert all(key.encode("utf-8") for key in keys)  # every report can write it
