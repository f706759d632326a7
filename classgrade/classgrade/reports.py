"""The grading run's reports: the gradebook (CSV), each student's feedback and the class summary
(HTML files that open in any browser, with nothing to install and no network).

Everything a student wrote (their error messages, their values, their file names) is escaped
before it goes into HTML, and every text cell of a CSV file is escaped against formula
injection (:func:`csv_cell`). Every file is written to a temporary name and then renamed, so a
reader never sees half a file.

The CSV files:

- ``gradebook.csv``, long form: a row per hand-in and exercise (:data:`GRADEBOOK_COLUMNS`);
- ``totals.csv``: a row per hand-in, its points (after the late penalty) and the most it
  could have;
- ``grades-<exercise notebook>.csv``, wide, one per exercise notebook (:func:`write_wide`): a
  row per student, the columns :data:`WIDE_COLUMNS`, then one per exercise with its points,
  then ``Late penalty`` and ``Total`` (after the penalty); a roster student without a
  hand-in has a row with empty points;
- ``canvas-<exercise notebook>.csv`` and ``moodle-<exercise notebook>.csv``
  (:func:`write_imports`): the platforms' import files, with exactly the columns each
  expects and one grade column, and no row for a student the platform could not find.

Feedback pages have a file name of their own per student (:func:`student_pages`): a readable
ASCII form of the name and a hash of the student's key, so that two students whose names look
alike (``müller_anna`` and ``möller_anna``, ``王伟`` and ``李娜``, ``a b`` and ``a_b``) never share
one.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import hashlib
import html
import io
import os
import re
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import nbformat

from classgrade.adjustments import total
from classgrade.handin import parse_notebook

__all__ = ["CANVAS_COLUMNS", "GRADEBOOK_COLUMNS", "MOODLE_COLUMN", "TOTALS_COLUMNS",
           "WIDE_COLUMNS", "annotated_notebook", "canvas_feedback_zip", "class_table",
           "csv_cell", "file_name", "import_files", "import_gaps", "moodle_feedback_zip",
           "student_pages", "write_atomically", "write_canvas_feedback", "write_feedback",
           "write_gradebook", "write_imports", "write_moodle_feedback", "write_summary",
           "write_wide", "written_whole"]

#: The columns of gradebook.csv: ``chapter`` is the exercise notebook graded against,
#: ``notebook`` the hand-in's path in the class folder.
GRADEBOOK_COLUMNS = ("student", "student_id", "chapter", "notebook", "exercise", "status",
                     "points", "max_points", "mistake", "feedback", "flags", "adjustment")
#: The columns of totals.csv: ``points`` after the late penalty
#: (:mod:`classgrade.adjustments`).
TOTALS_COLUMNS = ("student", "student_id", "chapter", "notebook", "late", "late_penalty",
                  "points", "max_points")
#: The first columns of a wide CSV; one per exercise and ``Total`` follow.
WIDE_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Login",
                "Email address", "Late")
#: How a text cell of a CSV file may not begin (a spreadsheet reads it as a formula): OWASP's
#: list for CSV injection.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A folder of Moodle's download of all submissions: full name, participant id, the file
#: submission plugin (one without underscores in the name: Moodle's importer splits at them).
MOODLE_FOLDER = re.compile(r"^[^_/]+_\d+_assignsubmission_file_?$")
#: What every CSV file begins with: the byte-order mark, by which Excel knows the file is
#: UTF-8 (without it, Excel reads "Müller" as "MÃ¼ller"); Canvas's and Moodle's imports and
#: Python's "utf-8-sig" skip it.
BOM = "\ufeff"
#: Statuses that count as "not tried" in the summary's chart.
_NOT_TRIED = ("not attempted", "missing")


@contextlib.contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` for the block to write, renamed to ``path`` when the
    block ends: a reader sees the old file or the new one, never half of one. If the block
    or the rename is interrupted (an error, Ctrl-C), the temporary file is removed and the
    old file stays."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, suffix=".part")
    os.close(handle)
    temporary = Path(name)
    try:
        yield temporary
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, its line ends as they are) to ``path`` whole or not at all
    (:func:`written_whole`)."""
    with written_whole(path) as temporary:
        temporary.write_text(text, encoding="utf-8", newline="")


def _points(value: float) -> str:
    return f"{value:g}"


def _first_line(text: str) -> str:
    lines = [line for line in str(text).strip().splitlines() if line.strip()]
    return lines[0][:300] if lines else ""


def csv_cell(value) -> str:
    """A CSV cell: a number (int or float, as the grader writes points) as it is, even if
    negative; a text that a spreadsheet would read as a formula (it begins with one of
    :data:`FORMULA_STARTS`) behind an apostrophe, as OWASP advises against CSV injection.

    >>> csv_cell(-1.5), csv_cell("=HYPERLINK(1)"), csv_cell("-1.5"), csv_cell("a=b")
    ('-1.5', "'=HYPERLINK(1)", "'-1.5", 'a=b')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return _points(value)
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _csv(rows) -> str:
    """The CSV text of ``rows`` (each an iterable of values), every cell through csv_cell,
    after the :data:`BOM`."""
    stream = io.StringIO()
    stream.write(BOM)
    writer = csv.writer(stream)
    for row in rows:
        writer.writerow([csv_cell(value) for value in row])
    return stream.getvalue()


def _chapter(record: dict) -> str:
    """The exercise notebook a record was graded against, without ``.ipynb``."""
    return Path(str(record.get("official", ""))).stem


def _late(record: dict) -> str:
    late = record.get("late")
    return "" if late is None else ("yes" if late else "no")


def write_gradebook(out: Path, records: list[dict], roster=()) -> None:
    """``gradebook.csv`` (a row per hand-in and exercise), ``totals.csv`` (per hand-in) and a
    wide CSV per exercise notebook (:func:`write_wide`; ``roster``: the students expected,
    each a dict with ``key``, ``name``, ``id`` and ``email``)."""
    rows, totals = [GRADEBOOK_COLUMNS], [TOTALS_COLUMNS]
    for record in records:
        for entry in record["exercises"]:
            rows.append([record["student"], record.get("student_id", ""), _chapter(record),
                         record["key"], entry["exercise"], entry["status"], entry["points"],
                         entry["max_points"], entry["mistake"], _first_line(entry["feedback"]),
                         "; ".join(entry["flags"]), entry.get("adjustment", "")])
        totals.append([record["student"], record.get("student_id", ""), _chapter(record),
                       record["key"], _late(record), record.get("late_penalty", 0.0),
                       total(record),
                       sum(entry["max_points"] for entry in record["exercises"])])
    write_atomically(out / "gradebook.csv", _csv(rows))
    write_atomically(out / "totals.csv", _csv(totals))
    for chapter in dict.fromkeys(_chapter(record) for record in records):
        own = [record for record in records if _chapter(record) == chapter]
        write_wide(out / f"grades-{file_name(chapter)}.csv", own, roster)
        write_imports(out, chapter, own)


def write_wide(path: Path, records: list[dict], roster=()) -> None:
    """A wide CSV of one exercise notebook's records: a row per student (:data:`WIDE_COLUMNS`,
    the points of each exercise, ``Total``), then a row with empty points for each student of
    ``roster`` without a record (see the module's docstring)."""
    exercises = list(dict.fromkeys(entry["exercise"] for record in records
                                   for entry in record["exercises"]))
    rows = [[*WIDE_COLUMNS, *exercises, "Late penalty", "Total"]]
    graded = set()
    for record in records:
        graded.add(record.get("student_key", ""))
        points = {entry["exercise"]: entry["points"] for entry in record["exercises"]}
        rows.append([record["student"], record.get("student_id", ""), "", "", "",
                     record.get("login", ""), record.get("email", ""), _late(record),
                     *(points.get(exercise, "") for exercise in exercises),
                     record.get("late_penalty", 0.0), total(record)])
    for student in roster:
        if student["key"] not in graded:
            rows.append([student["name"], student.get("id", ""), "", "", "", "",
                         student.get("email", ""), "", *([""] * len(exercises)), "", ""])
    write_atomically(path, _csv(rows))


#: The columns of a Canvas import file before the assignment's: those of Canvas's own
#: gradebook export, by which its import finds the student (``ID``: the Canvas user id).
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
#: The column of a Moodle import file that names the student: the instructor maps it to
#: "Email address" in Moodle's import (the only one of the identifiers Moodle matches on that
#: a hand-in or a roster gives).
MOODLE_COLUMN = "Email address"


def import_files(out: Path, chapter: str) -> tuple[Path, Path]:
    """The Canvas and the Moodle import file of the exercise notebook ``chapter``."""
    return (out / f"canvas-{file_name(chapter)}.csv", out / f"moodle-{file_name(chapter)}.csv")


def write_imports(out: Path, chapter: str, records: list[dict]) -> None:
    """The import files of one exercise notebook's records, each with one grade column, the
    notebook's name, holding the total after the late penalty (the per-exercise points are
    in the wide CSV):

    - ``canvas-<notebook>.csv``: :data:`CANVAS_COLUMNS` (as Canvas exports them; the SIS
      columns and Section empty) and the grade, a row per student with an ``ID``;
    - ``moodle-<notebook>.csv``: :data:`MOODLE_COLUMN` and the grade, a row per student with
      an email (from the roster).

    A student without the identifier gets no row (Moodle's import gives a row without one
    the student of the row before): :func:`import_gaps` lists them. A roster student without
    a hand-in gets none either: an import leaves a grade it is not given as it is."""
    canvas, moodle = import_files(out, chapter)
    write_atomically(canvas, _csv([[*CANVAS_COLUMNS, chapter]] + [
        [record["student"], _canvas_id(record), "", "", "", total(record)]
        for record in records if _canvas_id(record)]))
    write_atomically(moodle, _csv([[MOODLE_COLUMN, chapter]] + [
        [record["email"], total(record)] for record in records if record.get("email")]))


def _canvas_id(record: dict) -> str:
    """The id Canvas finds a record's student by: the Canvas user id of a Canvas download's
    file name, or the roster's id; "" for any other (a Moodle participant number is not
    one)."""
    if record.get("layout") == "canvas" or record.get("on_roster"):
        return record.get("student_id", "")
    return ""


def import_gaps(records: list[dict]) -> list[str]:
    """The graded students an import file has no row for, each as a line: no id (Canvas) or
    no email (Moodle; give a roster with the emails)."""
    lines = []
    for record in records:
        missing = [name for name, value in (("Canvas: no id", _canvas_id(record)),
                                            ("Moodle: no email", record.get("email")))
                   if not value]
        if missing:
            lines.append(f"{record['student']} ({record['key']}): {'; '.join(missing)}")
    return lines


# --------------------------------------------------------------------------- HTML

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.6rem; text-align: left;
         vertical-align: top; }
th { background: #f3f3f3; }
pre { background: #f7f7f7; border: 1px solid #ddd; padding: 0.6rem; white-space: pre-wrap;
      font-size: 0.85rem; }
.status { font-weight: 600; padding: 0.1rem 0.4rem; border-radius: 0.25rem; }
.passed { background: #d8f0d8; } .failed { background: #f6d6d6; }
.other { background: #f3e7c6; } .none { background: #e6e6e6; }
.small { color: #555; font-size: 0.85rem; }
.warning { border-left: 4px solid #b00020; padding: 0.3rem 0.6rem; background: #fdecea; }
"""


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")


def _status_class(status: str) -> str:
    if status in ("passed", "failed"):
        return status
    return "none" if status in _NOT_TRIED else "other"


def _badge(status: str) -> str:
    return f'<span class="status {_status_class(status)}">{html.escape(status)}</span>'


def file_name(text: str) -> str:
    """``text`` made safe as a file name (letters, digits, ``_.-``)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text) or "student"


def _student_key(record: dict) -> str:
    return record.get("student_key") or "name:" + record["student"]


def _slug(name: str, length: int = 40) -> str:
    """A readable ASCII form of a name: accents dropped, other characters as ``_``."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "_", ascii_name).strip("_")[:length] or "student"


def student_pages(records: list[dict]) -> dict[str, str]:
    """Each student's feedback page (file name in ``feedback/``) by student key: the name's
    ASCII slug and a hash of the key, a longer hash should two keys' names still meet.

    >>> names = ("müller_anna", "möller_anna", "王伟", "李娜", "a b", "a_b")
    >>> pages = student_pages([{"student": name, "student_key": "name:" + name}
    ...                        for name in names])
    >>> len(set(pages.values())), pages["name:müller_anna"][:12]
    (6, 'muller_anna-')
    """
    names = {_student_key(record): record["student"] for record in records}
    pages = {key: f"{_slug(name)}-{_digest(key, 10)}.html" for key, name in names.items()}
    taken = Counter(page.casefold() for page in pages.values())
    for key, page in pages.items():
        if taken[page.casefold()] > 1:
            pages[key] = f"{_slug(names[key])}-{_digest(key, 64)}.html"
    return pages


def _digest(key: str, length: int) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:length]


#: What every report says of a hand-in graded with ``--no-sandbox``.
NO_SANDBOX = ("Graded without the sandbox (--no-sandbox): the answers ran with the "
              "instructor's rights and could read and change files, this report included.")
#: ... and of one whose kernel a root grader ran as an unprivileged user (classgrade.confine).
NO_SANDBOX_AS_USER = ("Graded without the sandbox (--no-sandbox): the answers ran as the "
                      "unprivileged user {user}, who could read what that user may read, but "
                      "not change the grader's files or reach its processes.")


def no_sandbox_sentence(records: list[dict]) -> str:
    """What the reports say of ``records`` graded without the sandbox (one sentence for all):
    run as an unprivileged user if every one of them was, else with the instructor's rights."""
    users = {record.get("kernel_user", "") for record in records}
    if len(users) == 1 and "" not in users:
        return NO_SANDBOX_AS_USER.format(user=html.escape(users.pop()))
    return NO_SANDBOX


def _unconfined(records: list[dict]) -> list[dict]:
    return [record for record in records
            if str(record.get("isolation", "")).startswith("none")]


def unsandboxed(records: list[dict]) -> list[str]:
    """The keys of the records whose kernel ran without the sandbox."""
    return [record.get("key", record.get("hand_in", "?")) for record in _unconfined(records)]


def write_feedback(out: Path, records: list[dict]) -> None:
    """``feedback/<student>.html`` for every student: per exercise the status, the points and
    the feedback, as the notebook's check would show it, on the grading run's cases; any
    other page in ``feedback/`` (an earlier run's) is removed."""
    by_student = defaultdict(list)
    for record in records:
        by_student[_student_key(record)].append(record)
    pages = student_pages(records)
    for key, own in by_student.items():
        student = own[0]["student"]
        parts = [f"<h1>Feedback for {html.escape(student)}</h1>"]
        for record in own:
            points = total(record)
            maximum = sum(entry["max_points"] for entry in record["exercises"])
            parts.append(f"<h2>{html.escape(record['key'])}: {_points(points)} of "
                         f"{_points(maximum)} points</h2>")
            if record.get("status") != "ok" or record.get("message"):
                parts.append(f"<p>{html.escape(record.get('message', ''))}</p>")
            if record.get("superseded"):
                parts.append('<p class="small">Note: you handed in more than one notebook for '
                             "this exercise notebook; the latest was graded, not: "
                             f"{html.escape(', '.join(record['superseded']))}.</p>")
            penalty = record.get("late_penalty", 0.0)
            if penalty:
                parts.append(f'<p class="small">Late: {html.escape(record["late_reason"])}; '
                             f"the late penalty takes {_points(penalty)} points off the "
                             "total.</p>")
            elif record.get("late"):
                parts.append('<p class="small">Note: this submission is marked late.</p>')
            parts.append('<p class="small">Graded on other inputs than the checks in the '
                         "notebook (the fixed cases and new random ones), with the same "
                         "messages.</p>")
            if unsandboxed([record]):
                parts.append(f'<p class="warning">{no_sandbox_sentence([record])}</p>')
            for entry in record["exercises"]:
                parts.append(f"<h3>{html.escape(entry['exercise'])} {_badge(entry['status'])} "
                             f"{_points(entry['points'])} / {_points(entry['max_points'])}</h3>")
                if entry["feedback"]:
                    parts.append(f"<pre>{html.escape(entry['feedback'])}</pre>")
                # the notes are the student's; the flags (review_flags) are for the
                # instructor alone: gradebook.csv and the summary show them
                for note in entry["notes"]:
                    parts.append(f'<p class="small">Note: {html.escape(note)}</p>')
                if entry.get("adjustment"):
                    parts.append(f"<p><strong>{html.escape(entry['adjustment'])}</strong></p>")
        write_atomically(out / "feedback" / pages[key],
                         _page(f"Feedback: {student}", "\n".join(parts)))
    # A page of an earlier run whose student is no longer in it under that key (a run with a
    # roster names students otherwise than one without) would be sent as a student's too.
    for page in (out / "feedback").glob("*.html"):
        if page.name not in pages.values():
            page.unlink()


def moodle_feedback_zip(out: Path, chapter: str) -> Path:
    """The zip of one exercise notebook's feedback pages for Moodle's upload."""
    return out / f"feedback-moodle-{file_name(chapter)}.zip"


def write_moodle_feedback(out: Path, chapter: str, records: list[dict]) -> Path | None:
    """The feedback pages of one exercise notebook's Moodle hand-ins as a zip for Moodle's
    "Upload multiple feedback files in a zip": each student's page under the folder name of
    Moodle's own download, ``<Full Name>_<participant id>_assignsubmission_file_/``, which is
    how Moodle's importer finds the student (it splits the path at its first four
    underscores: name, participant id, plugin type and name, file). ``None`` (and no file)
    without a Moodle hand-in; pages written first (:func:`write_feedback`)."""
    pages = student_pages(records)
    members = {}
    for record in records:
        folder = record["key"].split("/", 1)[0]
        if record.get("layout") != "moodle" or not MOODLE_FOLDER.match(folder):
            continue
        # with the underscore after "file", which some downloads leave out: without it the
        # importer finds four parts, not five, and skips the file
        folder = folder.rstrip("_") + "_"
        page = out / "feedback" / pages[_student_key(record)]
        members[f"{folder}/feedback-{file_name(chapter)}.html"] = page.read_bytes()
    path = moodle_feedback_zip(out, chapter)
    if not members:
        path.unlink(missing_ok=True)
        return None
    _write_zip(path, members)
    return path


def canvas_feedback_zip(out: Path, chapter: str) -> Path:
    """The zip of one exercise notebook's annotated Canvas hand-ins for Canvas's upload."""
    return out / f"feedback-canvas-{file_name(chapter)}.zip"


def write_canvas_feedback(out: Path, chapter: str,
                          records: list[dict]) -> tuple[Path | None, list[str]]:
    """The Canvas hand-ins of one exercise notebook, each with its feedback written in, as a
    zip for Canvas's "Re-Upload Submissions" (the assignment's page), and the hand-ins left
    out, each as a line.

    Canvas gives marked-up submissions back in bulk this way: its importer reads each file's
    name as its download wrote it, takes the first two numbers between underscores for the
    student's user id and the id of the file they handed in (it must be that submission's),
    and attaches the file to that student's submission as a comment, under the name of the
    file they handed in. So each member is the student's own notebook under its download
    name, with the feedback added as Markdown cells (:func:`annotated_notebook`), and it opens
    in Jupyter as the notebook they handed in. Left out: a notebook that came in a zip (Canvas
    knows the zip, not the notebook) and one that does not read. ``None`` (and no file)
    without a member."""
    members, left_out = {}, []
    for record in records:
        if record.get("layout") != "canvas":
            continue
        parts = Path(record["key"]).parts
        try:
            if len(parts) != 1:
                raise ValueError("it came in a zip, which Canvas gives the feedback to")
            notebook = parse_notebook(Path(str(record.get("hand_in", ""))))
            members[parts[0]] = nbformat.writes(annotated_notebook(notebook, record))
        except (OSError, ValueError, nbformat.ValidationError) as error:
            left_out.append(f"{record['student']} ({record['key']}): {error}")
    path = canvas_feedback_zip(out, chapter)
    if not members:
        path.unlink(missing_ok=True)
        return None, left_out
    _write_zip(path, members)
    return path, left_out


def annotated_notebook(notebook, record: dict):
    """A copy of a hand-in with its feedback as Markdown cells: the total, the late penalty
    and the notes at the top, and each exercise's status, points and messages under its check
    cell (at the end, for an exercise whose check cell is gone)."""
    annotated = copy.deepcopy(notebook)
    points = total(record)
    maximum = sum(entry["max_points"] for entry in record["exercises"])
    top = [f"**Feedback: {_points(points)} of {_points(maximum)} points.** Graded on other "
           "inputs than the checks in the notebook (the fixed cases and new random ones), "
           "with the same messages; the feedback of each exercise is under its check cell."]
    if record.get("status") != "ok" or record.get("message"):
        top.append(_fenced(record.get("message", "")))
    if record.get("late_penalty", 0.0):
        top.append(f"Late: {record['late_reason']}; the late penalty takes "
                   f"{_points(record['late_penalty'])} points off the total.")
    cells = annotated.cells
    checks = {}
    for index, cell in enumerate(cells):
        robodyn = cell.get("metadata", {}).get("robodyn")
        if isinstance(robodyn, dict) and robodyn.get("role") == "check":
            checks.setdefault(robodyn.get("exercise"), index)
    placed = []
    for entry in record["exercises"]:
        lines = [f"**Feedback on {entry['exercise']}: {entry['status']}, "
                 f"{_points(entry['points'])} of {_points(entry['max_points'])} points.**"]
        if entry["feedback"]:
            lines.append(_fenced(entry["feedback"]))
        lines += [f"Note: {note}" for note in entry["notes"]]
        if entry.get("adjustment"):
            lines.append(f"**{entry['adjustment']}**")
        placed.append((checks.get(entry["exercise"], len(cells)),
                       nbformat.v4.new_markdown_cell("\n\n".join(lines))))
    for index, cell in sorted(placed, key=lambda item: item[0], reverse=True):
        cells.insert(index + 1, cell)
    cells.insert(0, nbformat.v4.new_markdown_cell("\n\n".join(top)))
    # cell ids of their own (the same at every run), where the notebook's format has ids
    with_ids = (annotated.get("nbformat"), annotated.get("nbformat_minor", 0)) >= (4, 5)
    new_cells = [cells[0], *(cell for _, cell in placed)]
    for number, cell in enumerate(new_cells):
        if with_ids:
            cell["id"] = f"classgrade-feedback-{number}"
        else:
            cell.pop("id", None)
    return annotated


def _fenced(text: str) -> str:
    """``text`` as a fenced code block of Markdown, its fence longer than any run of
    backticks in it (so that nothing in it ends the block or is read as Markdown)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"


def _write_zip(path: Path, members: dict) -> None:
    """``members`` (name: bytes or text) zipped to ``path``, written whole or not at all."""
    with written_whole(path) as temporary, \
            zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(members.items()):
            archive.writestr(name, data)


def _chart(exercises: list[str], counts: dict) -> str:
    """A horizontal stacked bar per exercise (passed, failed, not tried, other), as SVG."""
    # A Figure of its own, without pyplot: no backend is chosen or changed for the caller.
    from matplotlib.figure import Figure

    groups = (("passed", "#4c9a4c"), ("failed", "#c85a5a"), ("not tried", "#b0b0b0"),
              ("other (see the table)", "#d8a83c"))
    figure = Figure(figsize=(7.0, 0.45 * len(exercises) + 1.2))
    axes = figure.subplots()
    left = [0] * len(exercises)
    for name, colour in groups:
        values = []
        for exercise in exercises:
            by_status = counts[exercise]
            if name == "passed":
                values.append(by_status.get("passed", 0))
            elif name == "failed":
                values.append(by_status.get("failed", 0))
            elif name == "not tried":
                values.append(sum(by_status.get(s, 0) for s in _NOT_TRIED))
            else:
                values.append(sum(n for s, n in by_status.items()
                                  if s not in ("passed", "failed", *_NOT_TRIED)))
        axes.barh(exercises, values, left=left, color=colour, label=name)
        left = [a + b for a, b in zip(left, values, strict=True)]
    axes.invert_yaxis()
    axes.set_xlabel("notebooks")
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=4, frameon=False,
                fontsize="small")
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]


def _tally(records: list[dict]):
    """The exercises in the notebook's order, and per exercise the count of each status and of
    each named mistake."""
    exercises: list[str] = []
    counts: dict = defaultdict(Counter)
    mistakes: dict = defaultdict(Counter)
    for record in records:
        for entry in record["exercises"]:
            if entry["exercise"] not in exercises:
                exercises.append(entry["exercise"])
            counts[entry["exercise"]][entry["status"]] += 1
            if entry["mistake"]:
                mistakes[entry["exercise"]][entry["mistake"]] += 1
    return exercises, counts, mistakes


def class_table(records: list[dict]) -> list[tuple[str, int, int, str]]:
    """Per exercise, in the notebooks' order: (id, passed, notebooks graded on it, the named
    mistake made most, with its count, or "")."""
    exercises, counts, mistakes = _tally(records)
    table = []
    for exercise in exercises:
        top = mistakes[exercise].most_common(1)
        table.append((exercise, counts[exercise].get("passed", 0),
                      sum(counts[exercise].values()),
                      f"{top[0][0]} ({top[0][1]})" if top else ""))
    return table


def _notices(notices) -> list[str]:
    """HTML of the lists of the run (files not graded, earlier submissions, the roster)."""
    parts = []
    for title, text, items in notices:
        if items:
            parts.append(f"<h2>{html.escape(title)}</h2><p>{html.escape(text)}</p><ul>")
            parts.extend(f"<li>{html.escape(item)}</li>" for item in items)
            parts.append("</ul>")
    return parts


def write_summary(out: Path, records: list[dict], notebook: str, seed: int,
                  notices=()) -> None:
    """``summary.html``: pass rate per exercise, the named mistakes the class made most, the
    totals per student, a bar chart, and ``notices``: (title, explanation, list of lines)
    each, as the files that were not graded."""
    exercises, counts, mistakes = _tally(records)
    flagged = [(record["student"], entry["exercise"], entry["flags"])
               for record in records for entry in record["exercises"] if entry["flags"]]
    n = len(records)
    parts = [f"<h1>Class summary: {html.escape(notebook)}</h1>",
             f'<p class="small">{n} notebooks graded; hidden cases drawn with seed {seed}.</p>']
    without = unsandboxed(records)
    if without:
        parts.append(f'<p class="warning">{no_sandbox_sentence(_unconfined(records))} '
                     'Graded so: '
                     f'{html.escape(", ".join(without))}.</p>')
    if records:
        parts.append(_chart(exercises, counts))
    parts.append("<h2>Pass rate per exercise</h2><table><tr><th>exercise</th><th>passed</th>"
                 "<th>pass rate</th><th>other statuses</th></tr>")
    for exercise in exercises:
        passed = counts[exercise].get("passed", 0)
        graded = sum(counts[exercise].values())
        others = ", ".join(f"{html.escape(status)} {count}" for status, count in
                           counts[exercise].most_common() if status != "passed")
        parts.append(f"<tr><td>{html.escape(exercise)}</td><td>{passed} of {graded}</td>"
                     f"<td>{100 * passed / graded:.0f} %</td><td>{others}</td></tr>")
    parts.append("</table><h2>Named mistakes, most frequent first</h2>")
    if not any(mistakes.values()):
        parts.append("<p>No typical mistake was recognised.</p>")
    for exercise in exercises:
        if mistakes[exercise]:
            parts.append(f"<h3>{html.escape(exercise)}</h3><table><tr><th>mistake</th>"
                         "<th>notebooks</th></tr>")
            for mistake, count in mistakes[exercise].most_common():
                parts.append(f"<tr><td>{html.escape(mistake)}</td><td>{count}</td></tr>")
            parts.append("</table>")
    parts.append("<h2>Totals</h2><table><tr><th>student</th><th>notebook</th><th>points</th>"
                 "<th>late</th><th>set by you</th></tr>")
    pages = student_pages(records)
    for record in records:
        points = total(record)
        maximum = sum(entry["max_points"] for entry in record["exercises"])
        link = f"feedback/{pages[_student_key(record)]}"
        penalty = record.get("late_penalty", 0.0)
        late = _late(record) + (f" (-{_points(penalty)})" if penalty else "")
        adjusted = "; ".join(f"{entry['exercise']}: {entry['adjustment']}"
                             for entry in record["exercises"] if entry.get("adjustment"))
        parts.append(f'<tr><td><a href="{html.escape(link)}">{html.escape(record["student"])}'
                     f"</a></td><td>{html.escape(record['key'])}</td>"
                     f"<td>{_points(points)} / {_points(maximum)}</td>"
                     f"<td>{html.escape(late)}</td><td>{html.escape(adjusted)}</td></tr>")
    parts.append("</table>")
    parts.extend(_notices(notices))
    if flagged:
        parts.append("<h2>Answers to look at</h2><p>These answers use tools that can reach "
                     "around the grading run; they were graded as usual.</p><table><tr>"
                     "<th>student</th><th>exercise</th><th>why</th></tr>")
        for student, exercise, flags in flagged:
            parts.append(f"<tr><td>{html.escape(student)}</td><td>{html.escape(exercise)}</td>"
                         f"<td>{html.escape('; '.join(flags))}</td></tr>")
        parts.append("</table>")
    write_atomically(out / "summary.html", _page(f"Class summary: {notebook}", "\n".join(parts)))
