"""The notebook checker: reads check results, names problems, prints the table, sets exit codes.

The tests at the top build executed notebooks by hand and need no kernel. The ones marked
``notebooks`` run small notebooks in real kernels with time limits of a few seconds.
"""

import signal
import subprocess
import sys
import time

import nbformat
import pytest

from classgrade import checknb
from classgrade.checknb import (
    CellProblem,
    ExerciseResult,
    NotebookProblem,
    RunLog,
    format_table,
    main,
    notes_of,
    read_notebook,
    results_of,
    run_notebook,
)
from robodyn.grading.results import RESULT_MIME

FK = "diffdrive.forward_kinematics"
IK = "diffdrive.inverse_kinematics"
TR = "diffdrive.turning_radius"


def code_cell(source, outputs=(), execution_count=1):
    """A code cell as it looks after a run (execution_count None and no outputs: not run)."""
    cell = nbformat.v4.new_code_cell(source)
    cell.execution_count = execution_count
    cell.outputs = list(outputs)
    return cell


def heading(text):
    return nbformat.v4.new_markdown_cell(f"## {text}\n\nSome words about the exercise.")


def result(exercise_id, status, summary):
    """The display output a check publishes in a notebook."""
    data = {RESULT_MIME: {"exercise_id": exercise_id, "status": status, "summary": summary}}
    return nbformat.v4.new_output("display_data", data=data)


def error(ename, evalue):
    return nbformat.v4.new_output("error", ename=ename, evalue=evalue, traceback=[])


def notebook_of(*cells):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = list(cells)
    return notebook


def only_result(cell):
    (row,) = results_of(notebook_of(cell))
    return row


def check_source(exercise_id=FK, answer="forward_kinematics"):
    return f'grading.check("{exercise_id}", {answer})'


# ------------------------------------------------------------------ results_of


def test_passed_result_without_id_prefix():
    """A published pass is 'passed'; its feedback drops the 'PASSED <id>:' prefix."""
    cell = code_cell(check_source(), [result(FK, "passed", f"PASSED {FK}: 12 cases (fixed)")])
    assert only_result(cell) == ExerciseResult(FK, "passed", "12 cases (fixed)", 1.0)


def test_failed_result_without_id_prefix():
    """A published failure is 'failed'; its feedback is the summary without '<id>: '."""
    cell = code_cell(check_source(), [result(FK, "failed", f"{FK}: wrong result — swapped"),
                                      error("CheckFailed", f"{FK}: wrong result — swapped")])
    assert only_result(cell) == ExerciseResult(FK, "failed", "wrong result — swapped")


def test_not_attempted_result_has_no_feedback():
    """A published 'not attempted' says nothing more than its status."""
    cell = code_cell(check_source(), [result(FK, "not attempted", f"{FK}: not attempted")])
    assert only_result(cell) == ExerciseResult(FK, "not attempted", "")


def test_syntax_error_result_says_answer_cell_did_not_run():
    """The result grading.notebook publishes for a syntax error shows as the row's feedback."""
    summary = f"{FK}: the answer cell above did not run: SyntaxError on line 2 (invalid syntax)"
    cell = code_cell(check_source(), [result(FK, "failed", summary), error("CheckFailed", "")])
    assert only_result(cell) == ExerciseResult(
        FK, "failed", "the answer cell above did not run: SyntaxError on line 2 (invalid syntax)")


@pytest.mark.parametrize("ename", ["CheckFailed", "NotAttempted", "NameError"])
def test_error_without_result_is_no_result_whatever_its_name(ename):
    """An error output without a published result is 'no result', whatever the error's name."""
    cell = code_cell(check_source(), [error(ename, "\n  some message  \nmore")])
    assert only_result(cell) == ExerciseResult(
        FK, "no result", f"the check cell stopped with {ename}: some message before any "
        f"check result")


def test_silent_check_cell_is_no_result():
    """A check cell that ran without publishing anything did not pass."""
    assert only_result(code_cell(check_source())).status == "no result"


def test_unexecuted_check_cell_not_run():
    """A check cell with no execution count and no outputs was not run."""
    cell = code_cell(check_source(), execution_count=None)
    assert only_result(cell) == ExerciseResult(FK, "not run", "the check cell was not run")


def test_cells_without_check_call_are_ignored():
    """Code cells without check("...") and Markdown cells are not exercises."""
    notebook = notebook_of(
        nbformat.v4.new_markdown_cell(f"Run `{check_source()}` below."),
        code_cell("x = 1", [error("ZeroDivisionError", "division by zero")]),
        code_cell(check_source(), [result(FK, "passed", f"PASSED {FK}: fine")]),
        code_cell("print(x)", execution_count=None),
    )
    assert results_of(notebook) == [ExerciseResult(FK, "passed", "fine", 1.0)]


def test_two_checks_in_one_cell_give_two_results_in_order():
    """Each check call in a cell gets the result published for its own id, in written order."""
    source = f"{check_source(IK, 'g')}\n{check_source(FK, 'f')}"
    outputs = [result(FK, "passed", f"PASSED {FK}: fine"), result(IK, "failed", f"{IK}: wrong")]
    assert results_of(notebook_of(code_cell(source, outputs))) == [
        ExerciseResult(IK, "failed", "wrong"), ExerciseResult(FK, "passed", "fine", 1.0)]


def test_empty_notebook_has_no_results():
    """A notebook without check cells has no results."""
    assert results_of(notebook_of()) == []


def three_exercises():
    """An executed notebook with exercises 4.1 to 4.3; 4.1's check published a pass."""
    return notebook_of(
        nbformat.v4.new_markdown_cell("# Exercises 4"),
        code_cell("from robodyn import grading"),
        heading("Exercise 4.1: forward kinematics"),
        code_cell("def forward_kinematics(...): ..."),
        code_cell(check_source(), [result(FK, "passed", f"PASSED {FK}: fine")]),
        heading("Exercise 4.2: inverse kinematics"),
        code_cell("def inverse_kinematics(...): ..."),
        code_cell(check_source(IK, "inverse_kinematics"), execution_count=None),
        heading("Exercise 4.3: the arc through a waypoint"),
        code_cell("def turning_radius(...): ...", execution_count=None),
        code_cell(check_source(TR, "turning_radius"), execution_count=None),
        heading("Going further"),
        code_cell("plot()"),
    )


def test_problem_counts_against_check_under_same_heading_and_run_stop_against_later():
    """A dead kernel in 4.2's answer cell marks 4.2; the checks after it are 'not run'."""
    log = RunLog(problems={6: CellProblem("kernel died", "kernel died in exercise 4.2: ...")},
                 stopped_at=7, stop_reason="the kernel died in exercise 4.2")
    assert results_of(three_exercises(), log) == [
        ExerciseResult(FK, "passed", "fine", 1.0),
        ExerciseResult(IK, "kernel died", "kernel died in exercise 4.2: ..."),
        ExerciseResult(TR, "not run", "not run: the kernel died in exercise 4.2"),
    ]
    assert notes_of(three_exercises(), log) == []


def test_timeout_beats_the_published_result():
    """A check cell that timed out is 'timed out', even if it published a result before."""
    notebook = three_exercises()
    notebook.cells[4].outputs.append(error("KeyboardInterrupt", ""))
    log = RunLog(problems={4: CellProblem("timed out", "timed out in exercise 4.1: ...")})
    assert results_of(notebook, log)[0] == ExerciseResult(
        FK, "timed out", "timed out in exercise 4.1: ...")


@pytest.mark.parametrize("index", [1, 12])
def test_problem_outside_exercises_is_a_note(index):
    """A problem in a cell with no check below it under its heading is a note, not a row."""
    log = RunLog(problems={index: CellProblem("timed out", "timed out in cell 2: ...")})
    assert notes_of(three_exercises(), log) == ["timed out in cell 2: ..."]
    assert results_of(three_exercises(), log)[0].status == "passed"


@pytest.mark.parametrize(("index", "where"), [
    (1, "cell 2"), (3, "exercise 4.1"), (10, "exercise 4.3"), (12, "cell 13")])
def test_cells_are_named_by_their_exercise_heading(index, where):
    """Messages name a cell by the exercise heading above it, else by its number from 1."""
    assert checknb._where(three_exercises(), index) == where


# ------------------------------------------------------------------ format_table


def test_table_lists_path_header_rows_notes_and_summary():
    """The table has the path, a header, aligned rows, the notes, and counts by status."""
    results = [
        ExerciseResult(FK, "passed", "12 cases"),
        ExerciseResult(IK, "not attempted", ""),
        ExerciseResult(TR, "timed out", "timed out in exercise 4.3: cell 10 ran longer"),
        ExerciseResult("diffdrive.heading_command", "not run", "not run: the kernel died"),
        ExerciseResult("diffdrive.integrate_pose", "failed", "wrong result"),
    ]
    lines = format_table("exercises/04.ipynb", results, ["timed out in cell 2"]).splitlines()
    assert lines[0] == "exercises/04.ipynb"
    assert lines[1].split() == ["exercise", "result", "feedback"]
    column, feedback = lines[1].index("result"), lines[1].index("feedback")
    for line, row in zip(lines[2:7], results, strict=True):
        assert line.startswith(row.exercise_id)
        assert line[column:].startswith(row.status), "status column not aligned"
        assert line[feedback:] == row.feedback
    assert lines[7:] == [
        "Note: timed out in cell 2",
        "Summary: 1 passed, 1 failed, 1 not attempted, 1 timed out, 1 not run",
    ]


def test_table_with_points_shows_what_each_answer_earns_and_the_sum():
    """Given each exercise's worth, a points column shows the credit of each check (a pass
    all of it, two of three independent parts two thirds, anything else none) and the
    summary their sum."""
    results = [
        ExerciseResult(FK, "passed", "12 cases", 1.0),
        ExerciseResult(IK, "failed", "wrong result for phi_dot_l", 2 / 3),
        ExerciseResult(TR, "timed out", "timed out in exercise 4.3"),
    ]
    lines = format_table("exercises/04.ipynb", results, (),
                         {FK: 2, IK: 3, TR: 1.5}).splitlines()
    assert lines[1].split() == ["exercise", "result", "points", "feedback"]
    column = lines[1].index("points")
    assert [line[column:].split()[0] for line in lines[2:5]] == ["2/2", "2/3", "0/1.5"]
    assert lines[-1] == ("Summary: 1 passed, 1 failed, 1 timed out; points 4 of 6.5 (as the "
                         "notebook's checks judge; the class grader uses other cases too)")


def test_a_published_credit_outside_0_to_1_is_not_a_result():
    from robodyn.grading.results import CheckResult

    good = {"exercise_id": FK, "status": "failed", "summary": "x", "credit": 0.5}
    assert CheckResult.from_json(good).credit == 0.5
    assert CheckResult.from_json({**good, "status": "passed", "credit": None}) is None
    assert CheckResult.from_json({**good, "credit": 1.5}) is None
    old = {key: value for key, value in good.items() if key != "credit"}
    assert CheckResult.from_json(old).credit == 0.0
    assert CheckResult.from_json({**old, "status": "passed"}).credit == 1.0


def test_table_of_no_results_says_so():
    """With no check cells the summary says none were found."""
    lines = format_table("empty.ipynb", []).splitlines()
    assert lines == ["empty.ipynb", lines[1], "Summary: no check cells found"]


# ------------------------------------------------------------------ read_notebook


def test_read_notebook_joins_sources(tmp_path):
    """A notebook saved with sources as lists of lines reads with each source as one string."""
    path = tmp_path / "good.ipynb"
    nbformat.write(notebook_of(code_cell("a = 1\nb = 2")), path)
    assert read_notebook(path).cells[0].source == "a = 1\nb = 2"


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "not a valid notebook (JSON error at line 1, column 1"),
    ('{"cells": [\n  {"cell_type": "code",,}]}', "JSON error at line 2, column 24"),
    ("[1, 2]", "not a valid notebook (the JSON has no 'nbformat' version)"),
    ('{"nbformat": 4, "nbformat_minor": 5, "cells": 3, "metadata": {}}',
     "not a valid notebook (not in Jupyter's notebook format: "),
    ('{"nbformat": 4, "nbformat_minor": 5, "cells": [{"cell_type": "code"}], "metadata": {}}',
     "not a valid notebook (not in Jupyter's notebook format: "),
])
def test_read_notebook_says_what_is_wrong(tmp_path, text, message):
    """A file that is not a notebook raises NotebookProblem, saying what is wrong in one line."""
    path = tmp_path / "broken.ipynb"
    path.write_text(text)
    with pytest.raises(NotebookProblem) as caught:
        read_notebook(path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


# ------------------------------------------------------------------ main, with a fake runner


def write_notebook(path, *sources):
    """A notebook file whose code cells have the given sources (a str is a code cell, a tuple
    ("md", text) a Markdown cell)."""
    cells = [nbformat.v4.new_markdown_cell(source[1]) if isinstance(source, tuple)
             else nbformat.v4.new_code_cell(source) for source in sources]
    nbformat.write(notebook_of(*cells), path)
    return path


def fake_runner(results_by_name, calls):
    """A run_notebook that records its calls and returns notebooks with the given results."""
    def run(path, cell_timeout, notebook_timeout):
        calls.append((path.name, cell_timeout, notebook_timeout))
        outcome = results_by_name[path.name]
        if isinstance(outcome, Exception):
            raise outcome
        cells = [code_cell(check_source(f"ex{i}"), [result(f"ex{i}", status, f"ex{i}: ok")])
                 for i, status in enumerate(outcome)]
        return checknb.NotebookRun(notebook_of(*cells), RunLog())

    return run


@pytest.mark.parametrize(
    ("statuses", "code"),
    [
        ({"a.ipynb": ["passed"], "b.ipynb": ["passed", "passed"]}, 0),
        ({"a.ipynb": ["passed"], "b.ipynb": ["passed", "failed"]}, 1),
        ({"a.ipynb": ["not attempted"], "b.ipynb": ["passed"]}, 1),
        ({"a.ipynb": ["passed"], "b.ipynb": []}, 1),
        ({"a.ipynb": ["passed"], "b.ipynb": NotebookProblem("not a valid notebook (...)")}, 1),
    ],
)
def test_main_returns_0_only_when_all_passed(tmp_path, monkeypatch, capsys, statuses, code):
    """Exit code 0 needs every exercise of every notebook passed; no check cells is not a pass."""
    calls = []
    monkeypatch.setattr(checknb, "run_notebook", fake_runner(statuses, calls))
    for name in statuses:
        write_notebook(tmp_path / name)
    assert main([str(tmp_path / "b.ipynb"), str(tmp_path / "a.ipynb")]) == code
    assert [name for name, _, _ in calls] == ["b.ipynb", "a.ipynb"]
    out = capsys.readouterr().out
    assert out.count("Summary:") + out.count("not a valid notebook") == 2


def test_main_reports_broken_notebook_in_one_line_and_goes_on(tmp_path, monkeypatch, capsys):
    """A notebook that cannot be checked gets one line naming it; the next one still runs."""
    statuses = {"a.ipynb": NotebookProblem("not a valid notebook (JSON error)"),
                "b.ipynb": ["passed"]}
    calls = []
    monkeypatch.setattr(checknb, "run_notebook", fake_runner(statuses, calls))
    for name in statuses:
        write_notebook(tmp_path / name)
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a.ipynb'}: not a valid notebook (JSON error)\n" in out
    assert "Summary: 1 passed" in out


def test_main_runs_folder_notebooks_in_name_order(tmp_path, monkeypatch, capsys):
    """A folder stands for its .ipynb files, sorted by name; other files are skipped."""
    calls = []
    monkeypatch.setattr(checknb, "run_notebook", fake_runner({"a.ipynb": [], "b.ipynb": []},
                                                             calls))
    for name in ("b.ipynb", "a.ipynb"):
        write_notebook(tmp_path / name)
    (tmp_path / "README.md").write_text("hand-ins")
    main([str(tmp_path)])
    assert [name for name, _, _ in calls] == ["a.ipynb", "b.ipynb"]


@pytest.mark.parametrize(("options", "limits"), [
    ([], (90.0, 600.0)),
    (["--cell-timeout", "2", "--notebook-timeout", "5"], (2.0, 5.0)),
    (["--timeout", "1.5"], (1.5, 600.0)),
])
def test_main_passes_time_limits_to_the_runner(tmp_path, monkeypatch, capsys, options, limits):
    """The limits default to 90 s a cell (a check stops its answer at 60 s) and 10 min a
    notebook; --timeout is --cell-timeout."""
    calls = []
    monkeypatch.setattr(checknb, "run_notebook", fake_runner({"a.ipynb": ["passed"]}, calls))
    write_notebook(tmp_path / "a.ipynb")
    main([str(tmp_path / "a.ipynb"), *options])
    assert calls == [("a.ipynb", *limits)]


@pytest.mark.parametrize("value", ["0", "-1", "soon", "inf"])
def test_main_rejects_time_limits_that_are_not_positive_numbers(tmp_path, value, capsys):
    """A time limit must be a finite number of seconds above 0: checknb must never hang."""
    with pytest.raises(SystemExit):
        main([str(tmp_path), "--cell-timeout", value])
    assert "seconds" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["notes.txt", "missing.ipynb"])
def test_main_exits_with_message_for_non_notebook(tmp_path, name):
    """A path that is not a notebook (or does not exist) stops with a message naming it."""
    path = tmp_path / name
    if name.endswith(".txt"):
        path.write_text("hello")
    with pytest.raises(SystemExit, match=f"not a notebook.*{name}"):
        main([str(path)])


def test_main_on_folder_without_notebooks_is_not_success(tmp_path, capsys):
    """Checking an empty folder does not report success."""
    assert main([str(tmp_path)]) != 0


# ------------------------------------------------------------------ real kernels

IMPORT = "from robodyn import grading\ngrading.explain_missing_answers()"
#: The first code cell of each test notebook writes its kernel's process id to kernel.pid.
SAVE_PID = 'import os, pathlib\npathlib.Path("kernel.pid").write_text(str(os.getpid()))'
SIGNATURE = "def forward_kinematics(phi_dot_r, phi_dot_l, radius_r, radius_l, track_width):\n"
RIGHT = SIGNATURE + """\
    v = (radius_r * phi_dot_r + radius_l * phi_dot_l) / 2
    omega = (radius_r * phi_dot_r - radius_l * phi_dot_l) / track_width
    return v, omega
"""
WRONG = RIGHT.replace("(radius_r * phi_dot_r - radius_l * phi_dot_l)",
                      "(radius_l * phi_dot_l - radius_r * phi_dot_r)")
STUB = SIGNATURE + '    raise NotImplementedError("Exercise 4.2")\n'
SYNTAX_ERROR = SIGNATURE + ("    v = (radius_r * phi_dot_r + radius_l * phi_dot_l / 2\n"
                            "    return v, 0\n")
LOOP = STUB + "while True:\n    pass\n"
IGNORES_INTERRUPT = "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n" + LOOP
EXIT = "import os\nos._exit(0)\n"
CHECK = check_source()

#: The cell limit of the tests that stop a cell: a right answer's check must finish well
#: within it on a loaded machine (its first call imports the chapter's checks and scipy,
#: over a second there), a stopped cell costs the test this long.
CELL_LIMIT = 5


def exercises(*answers):
    """The cells of a notebook with one exercise per answer, numbered 4.1, 4.2, ..."""
    cells = [IMPORT, SAVE_PID]
    for number, answer in enumerate(answers, start=1):
        cells += [("md", f"## Exercise 4.{number}: forward kinematics"), answer, CHECK]
    return cells


def kernel_left(folder):
    """The `ps` line of the kernel whose pid the notebook in ``folder`` saved, or None if gone.

    A zombie (ended, but not waited for) still has a line, so it counts as left behind.
    """
    pid = (folder / "kernel.pid").read_text()
    ps = subprocess.run(["ps", "-o", "pid=,stat=,args=", "-p", pid], capture_output=True,
                        text=True, check=False)
    return ps.stdout.strip() or None


@pytest.mark.notebooks
def test_run_notebook_syntax_error_stub_wrong_right(tmp_path):
    """Real checks give failed (syntax error, wrong), not attempted and passed, in order."""
    path = write_notebook(tmp_path / "hand-in.ipynb", *exercises(SYNTAX_ERROR, STUB, WRONG, RIGHT))
    stale = nbformat.read(path, as_version=4)  # outputs saved by the student's own session
    stale.cells[7].outputs = [result(FK, "passed", f"PASSED {FK}: stale")]
    nbformat.write(stale, path)
    before = path.read_bytes()
    run = run_notebook(path, cell_timeout=30, notebook_timeout=60)
    rows = results_of(run.notebook, run.log)
    assert [row.status for row in rows] == ["failed", "not attempted", "failed", "passed"]
    assert rows[0].feedback.startswith(
        "the answer cell above did not run: SyntaxError on line 2 (")
    assert rows[2].feedback.startswith("wrong result")
    assert path.read_bytes() == before, "the notebook file was changed"
    assert kernel_left(tmp_path) is None


@pytest.mark.notebooks
def test_infinite_loop_is_interrupted_and_later_exercises_still_checked(tmp_path):
    """A loop in 4.2 is interrupted after the cell limit; 4.3 is still checked; no hang."""
    path = write_notebook(tmp_path / "loop.ipynb", *exercises(RIGHT, LOOP, RIGHT))
    run = run_notebook(path, cell_timeout=CELL_LIMIT, notebook_timeout=60)
    rows = results_of(run.notebook, run.log)
    assert [row.status for row in rows] == ["passed", "timed out", "passed"]
    assert rows[1].feedback.startswith(
        f"timed out in exercise 4.2: cell 7 ran longer than {CELL_LIMIT} s")
    assert kernel_left(tmp_path) is None


@pytest.mark.notebooks
def test_kernel_ignoring_interrupt_is_shut_down(tmp_path, monkeypatch):
    """A cell that ignores the interrupt gets its kernel shut down; later exercises are not run."""
    monkeypatch.setattr(checknb, "INTERRUPT_WAIT", 1.0)  # instead of 5 s
    path = write_notebook(tmp_path / "stubborn.ipynb", *exercises(RIGHT, IGNORES_INTERRUPT, RIGHT))
    run = run_notebook(path, cell_timeout=CELL_LIMIT, notebook_timeout=60)
    rows = results_of(run.notebook, run.log)
    assert [row.status for row in rows] == ["passed", "timed out", "not run"]
    assert "did not stop when interrupted" in rows[1].feedback
    assert rows[2].feedback == "not run: the kernel was shut down after exercise 4.2 timed out"
    assert kernel_left(tmp_path) is None


@pytest.mark.notebooks
def test_kernel_that_exits_is_reported_dead(tmp_path):
    """os._exit(0) in 4.2 is 'kernel died in exercise 4.2'; 4.3 is not run, with the reason."""
    path = write_notebook(tmp_path / "exit.ipynb", *exercises(RIGHT, EXIT, RIGHT))
    run = run_notebook(path, cell_timeout=20, notebook_timeout=60)
    rows = results_of(run.notebook, run.log)
    assert [row.status for row in rows] == ["passed", "kernel died", "not run"]
    assert rows[1].feedback.startswith("kernel died in exercise 4.2")
    assert rows[2].feedback == "not run: the kernel died in exercise 4.2"
    assert kernel_left(tmp_path) is None


@pytest.mark.notebooks
def test_notebook_limit_stops_the_run(tmp_path):
    """When the notebook's time runs out in 4.1, it is 'timed out' and the rest is not run."""
    path = write_notebook(tmp_path / "slow.ipynb", *exercises(LOOP, RIGHT))
    run = run_notebook(path, cell_timeout=20, notebook_timeout=4)
    rows = results_of(run.notebook, run.log)
    assert [row.status for row in rows] == ["timed out", "not run"]
    assert rows[0].feedback == ("timed out in exercise 4.1: the notebook time limit of 4 s ran "
                                "out while cell 4 ran")
    assert rows[1].feedback == "not run: the notebook time limit of 4 s ran out in exercise 4.1"
    assert kernel_left(tmp_path) is None


@pytest.mark.notebooks
def test_invalid_notebook_in_folder_is_one_line_and_the_next_runs(tmp_path, capsys):
    """A file that is not JSON between two good notebooks gets one line; both others run."""
    write_notebook(tmp_path / "a.ipynb", IMPORT, RIGHT, CHECK)
    (tmp_path / "b.ipynb").write_text("this is not JSON\n")
    write_notebook(tmp_path / "c.ipynb", IMPORT, RIGHT, CHECK)
    assert main([str(tmp_path), "--cell-timeout", "20"]) == 1
    captured = capsys.readouterr()
    out = captured.out
    lines = out.splitlines()
    broken = [line for line in lines if "b.ipynb" in line]
    assert broken == [f"{tmp_path / 'b.ipynb'}: not a valid notebook (JSON error at line 1, "
                      f"column 1: Expecting value); open it in a text editor, or restore a "
                      f"saved copy"]
    assert out.count("Summary: 1 passed") == 2
    assert out.index("a.ipynb") < out.index("b.ipynb") < out.index("c.ipynb")
    assert "Traceback" not in out + captured.err


@pytest.mark.notebooks
def test_ctrl_c_stops_at_once_with_partial_output(tmp_path):
    """SIGINT during a loop ends checknb promptly with code 130, earlier tables, no kernel left."""
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    write_notebook(first / "a.ipynb", *exercises(RIGHT))
    write_notebook(second / "b.ipynb", *exercises(LOOP, RIGHT))
    process = subprocess.Popen(
        [sys.executable, "-m", "classgrade.checknb", "--cell-timeout", "60",
         str(first / "a.ipynb"), str(second / "b.ipynb")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a shell's background job ignores SIGINT; a terminal's Ctrl-C does not
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (second / "kernel.pid").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert (second / "kernel.pid").exists(), "the second notebook's kernel did not start"
        time.sleep(0.5)  # into the loop
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130
    assert "Summary: 1 passed" in out
    assert out.rstrip().splitlines()[-1].startswith(
        f"Interrupted (Ctrl-C) while checking {second / 'b.ipynb'}")
    assert "Traceback" not in err
    assert kernel_left(first) is None
    assert kernel_left(second) is None
