"""The grading run's reports: the gradebook (CSV), each student's feedback and the class summary
(HTML files that open in any browser, with nothing to install and no network).

Everything a student wrote (their error messages, their values) is escaped before it goes into
HTML. Every file is written to a temporary name and then renamed, so a reader never sees half
a file.
"""

from __future__ import annotations

import csv
import html
import io
import os
import re
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["GRADEBOOK_COLUMNS", "class_table", "file_name", "write_atomically", "write_feedback",
           "write_gradebook", "write_summary"]

#: The columns of gradebook.csv.
GRADEBOOK_COLUMNS = ("student", "notebook", "exercise", "status", "points", "max_points",
                     "mistake", "feedback", "flags")
#: Statuses that count as "not tried" in the summary's chart.
_NOT_TRIED = ("not attempted", "missing")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it: a reader sees the
    old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False,
                                     suffix=".part", newline="") as stream:
        stream.write(text)
        temporary = Path(stream.name)
    os.replace(temporary, path)


def _points(value: float) -> str:
    return f"{value:g}"


def _first_line(text: str) -> str:
    lines = [line for line in str(text).strip().splitlines() if line.strip()]
    return lines[0][:300] if lines else ""


def write_gradebook(out: Path, records: list[dict]) -> None:
    """``gradebook.csv`` (a row per student and exercise) and ``totals.csv`` (per student)."""
    rows = io.StringIO()
    writer = csv.writer(rows)
    writer.writerow(GRADEBOOK_COLUMNS)
    totals = defaultdict(lambda: [0.0, 0.0])
    for record in records:
        for entry in record["exercises"]:
            writer.writerow([record["student"], record["key"], entry["exercise"],
                             entry["status"], _points(entry["points"]),
                             _points(entry["max_points"]), entry["mistake"],
                             _first_line(entry["feedback"]), "; ".join(entry["flags"])])
            total = totals[(record["student"], record["key"])]
            total[0] += entry["points"]
            total[1] += entry["max_points"]
    write_atomically(out / "gradebook.csv", rows.getvalue())
    summary = io.StringIO()
    writer = csv.writer(summary)
    writer.writerow(("student", "notebook", "points", "max_points"))
    for (student, key), (points, maximum) in totals.items():
        writer.writerow([student, key, _points(points), _points(maximum)])
    write_atomically(out / "totals.csv", summary.getvalue())


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


def write_feedback(out: Path, records: list[dict]) -> None:
    """``feedback/<student>.html`` for every student: per exercise the status, the points and
    the feedback, as the notebook's check would show it, on the grading run's cases."""
    by_student = defaultdict(list)
    for record in records:
        by_student[record["student"]].append(record)
    for student, own in by_student.items():
        parts = [f"<h1>Feedback for {html.escape(student)}</h1>"]
        for record in own:
            points = sum(entry["points"] for entry in record["exercises"])
            maximum = sum(entry["max_points"] for entry in record["exercises"])
            parts.append(f"<h2>{html.escape(record['key'])}: {_points(points)} of "
                         f"{_points(maximum)} points</h2>")
            if record.get("status") != "ok" or record.get("message"):
                parts.append(f"<p>{html.escape(record.get('message', ''))}</p>")
            parts.append('<p class="small">Graded on other inputs than the checks in the '
                         "notebook (the fixed cases and new random ones), with the same "
                         "messages.</p>")
            for entry in record["exercises"]:
                parts.append(f"<h3>{html.escape(entry['exercise'])} {_badge(entry['status'])} "
                             f"{_points(entry['points'])} / {_points(entry['max_points'])}</h3>")
                if entry["feedback"]:
                    parts.append(f"<pre>{html.escape(entry['feedback'])}</pre>")
                for note in entry["notes"]:
                    parts.append(f'<p class="small">Note: {html.escape(note)}</p>')
                if entry["flags"]:
                    parts.append('<p class="small">For the instructor to look at: '
                                 f"{html.escape('; '.join(entry['flags']))}</p>")
        write_atomically(out / "feedback" / f"{file_name(student)}.html",
               _page(f"Feedback: {student}", "\n".join(parts)))


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
    """Per exercise, in the notebook's order: (id, passed, notebooks, the named mistake made
    most, with its count, or "")."""
    exercises, counts, mistakes = _tally(records)
    table = []
    for exercise in exercises:
        top = mistakes[exercise].most_common(1)
        table.append((exercise, counts[exercise].get("passed", 0), len(records),
                      f"{top[0][0]} ({top[0][1]})" if top else ""))
    return table


def write_summary(out: Path, records: list[dict], notebook: str, seed: int) -> None:
    """``summary.html``: pass rate per exercise, the named mistakes the class made most, the
    totals per student, and a bar chart."""
    exercises, counts, mistakes = _tally(records)
    flagged = [(record["student"], entry["exercise"], entry["flags"])
               for record in records for entry in record["exercises"] if entry["flags"]]
    n = len(records)
    parts = [f"<h1>Class summary: {html.escape(notebook)}</h1>",
             f'<p class="small">{n} notebooks graded; hidden cases drawn with seed {seed}.</p>']
    if records:
        parts.append(_chart(exercises, counts))
    parts.append("<h2>Pass rate per exercise</h2><table><tr><th>exercise</th><th>passed</th>"
                 "<th>pass rate</th><th>other statuses</th></tr>")
    for exercise in exercises:
        passed = counts[exercise].get("passed", 0)
        others = ", ".join(f"{html.escape(status)} {count}" for status, count in
                           counts[exercise].most_common() if status != "passed")
        parts.append(f"<tr><td>{html.escape(exercise)}</td><td>{passed} of {n}</td>"
                     f"<td>{100 * passed / n:.0f} %</td><td>{others}</td></tr>")
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
                 "</tr>")
    for record in records:
        points = sum(entry["points"] for entry in record["exercises"])
        maximum = sum(entry["max_points"] for entry in record["exercises"])
        link = f"feedback/{file_name(record['student'])}.html"
        parts.append(f'<tr><td><a href="{html.escape(link)}">{html.escape(record["student"])}'
                     f"</a></td><td>{html.escape(record['key'])}</td>"
                     f"<td>{_points(points)} / {_points(maximum)}</td></tr>")
    parts.append("</table>")
    if flagged:
        parts.append("<h2>Answers to look at</h2><p>These answers use tools that can reach "
                     "around the grading run; they were graded as usual.</p><table><tr>"
                     "<th>student</th><th>exercise</th><th>why</th></tr>")
        for student, exercise, flags in flagged:
            parts.append(f"<tr><td>{html.escape(student)}</td><td>{html.escape(exercise)}</td>"
                         f"<td>{html.escape('; '.join(flags))}</td></tr>")
        parts.append("</table>")
    write_atomically(out / "summary.html", _page(f"Class summary: {notebook}", "\n".join(parts)))
