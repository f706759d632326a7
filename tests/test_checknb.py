"""The notebook checker: reads check-cell outcomes, prints the table, sets the exit code."""

import nbformat
import pytest

from robodyn import checknb
from robodyn.checknb import ExerciseResult, format_table, main, results_of, run_notebook

FK = "diffdrive.forward_kinematics"
IK = "diffdrive.inverse_kinematics"
TR = "diffdrive.turning_radius"


def code_cell(source, outputs=(), execution_count=1):
    """A code cell as it looks after a run (execution_count None and no outputs: not run)."""
    cell = nbformat.v4.new_code_cell(source)
    cell.execution_count = execution_count
    cell.outputs = list(outputs)
    return cell


def error(ename, evalue):
    return nbformat.v4.new_output("error", ename=ename, evalue=evalue, traceback=[])


def printed(text):
    return nbformat.v4.new_output("stream", name="stdout", text=text)


def notebook_of(*cells):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = list(cells)
    return notebook


def only_result(cell):
    (result,) = results_of(notebook_of(cell))
    return result


# ------------------------------------------------------------------ results_of


def test_check_cell_without_error_passed():
    """A check cell that ran without an error output passed."""
    cell = code_cell(f'grading.check("{FK}", f)', [printed(f"PASSED {FK}: 12 cases\n")])
    assert only_result(cell) == ExerciseResult(FK, "passed", "")


def test_check_cell_that_ran_silently_passed():
    """A check cell with an execution count but no output at all also passed."""
    assert only_result(code_cell(f"check('{FK}', f)")).status == "passed"


def test_not_attempted_error():
    """The NotAttempted error of a stub is 'not attempted', with no feedback."""
    cell = code_cell(f'grading.check("{IK}", g)', [error("NotAttempted", f"{IK}: not attempted")])
    assert only_result(cell) == ExerciseResult(IK, "not attempted", "")


def test_check_failed_gives_first_nonempty_line_as_feedback():
    """A CheckFailed is 'failed'; the feedback is the first non-empty line of its message."""
    evalue = f"\n\n  {TR}: wrong result — looks like a swap  \n\nCalled: h(1, 2)\nExpected: 3\n"
    cell = code_cell(f'grading.check("{TR}", h)', [error("CheckFailed", evalue)])
    assert only_result(cell) == ExerciseResult(
        TR, "failed", f"{TR}: wrong result — looks like a swap"
    )


def test_other_error_is_failed_with_its_name():
    """Any other error is 'failed', its feedback prefixed with the error's name."""
    cell = code_cell(f'grading.check("{FK}", f)', [error("NameError", "name 'f' is not defined")])
    assert only_result(cell) == ExerciseResult(FK, "failed", "NameError: name 'f' is not defined")


def test_unexecuted_check_cell_not_run():
    """A check cell with no execution count and no outputs was not run."""
    cell = code_cell(f'grading.check("{FK}", f)', execution_count=None)
    assert only_result(cell) == ExerciseResult(FK, "not run", "")


def test_cells_without_check_call_are_ignored():
    """Code cells without check("...") and markdown cells are not exercises."""
    notebook = notebook_of(
        nbformat.v4.new_markdown_cell(f'Run `grading.check("{FK}", f)` below.'),
        code_cell("x = 1", [error("ZeroDivisionError", "division by zero")]),
        code_cell(f'grading.check("{FK}", f)'),
        code_cell("print(x)", execution_count=None),
    )
    assert results_of(notebook) == [ExerciseResult(FK, "passed", "")]


def test_two_checks_in_one_cell_give_two_results_in_order():
    """Each check call in a cell gives its own result, in the order written."""
    source = f'grading.check("{IK}", g)\ngrading.check("{FK}", f)'
    notebook = notebook_of(code_cell(source, [error("NotAttempted", "")]))
    assert [(r.exercise_id, r.status) for r in results_of(notebook)] == [
        (IK, "not attempted"),
        (FK, "not attempted"),
    ]


def test_empty_notebook_has_no_results():
    """A notebook without check cells has no results."""
    assert results_of(notebook_of()) == []


# ------------------------------------------------------------------ format_table


def test_table_lists_path_header_rows_and_summary():
    """The table starts with the path and a header, has one row each and counts by status."""
    results = [
        ExerciseResult(FK, "passed", ""),
        ExerciseResult(IK, "not attempted", ""),
        ExerciseResult(TR, "failed", f"{TR}: wrong result"),
        ExerciseResult("diffdrive.heading_command", "failed", "NameError: x"),
    ]
    lines = format_table("exercises/04.ipynb", results).splitlines()
    assert lines[0] == "exercises/04.ipynb"
    assert lines[1].split() == ["exercise", "result", "feedback"]
    assert len(lines) == 2 + len(results) + 1
    column = lines[1].index("result")
    for line, result in zip(lines[2:-1], results, strict=True):
        assert line.startswith(result.exercise_id)
        assert line[column:].startswith(result.status), "status column not aligned"
        assert line.rstrip().endswith(result.feedback)
    assert lines[-1] == "Summary: 1 passed, 2 failed, 1 not attempted"


def test_table_of_no_results_says_so():
    """With no check cells the summary says none were found."""
    lines = format_table("empty.ipynb", []).splitlines()
    assert lines == ["empty.ipynb", lines[1], "Summary: no check cells found"]


# ------------------------------------------------------------------ run_notebook and main

CORRECT_FK = """\
def forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    v = wheel_radius * (phi_dot_r + phi_dot_l) / 2
    omega = wheel_radius * (phi_dot_r - phi_dot_l) / track_width
    return v, omega
grading.check("diffdrive.forward_kinematics", forward_kinematics)
"""

STUB_IK = """\
def inverse_kinematics(v, omega, wheel_radius, track_width):
    raise NotImplementedError("Exercise 4.2")
grading.check("diffdrive.inverse_kinematics", inverse_kinematics)
"""

WRONG_TR = """\
def turning_radius(phi_dot_r, phi_dot_l, wheel_radius, track_width):
    return wheel_radius * track_width / 2 * (phi_dot_r + phi_dot_l) / (phi_dot_r - phi_dot_l)
grading.check("diffdrive.turning_radius", turning_radius)
"""

RUNS_IN_OWN_FOLDER = 'import pathlib\npathlib.Path("ran-here.txt").write_text("yes")'


def write_notebook(path, *sources):
    notebook = notebook_of(*(nbformat.v4.new_code_cell(source) for source in sources))
    nbformat.write(notebook, path)
    return path


@pytest.fixture(scope="module")
def mixed_notebook(tmp_path_factory):
    """A tiny exercise notebook: one answer right, one stub, one with an extra factor R."""
    folder = tmp_path_factory.mktemp("mixed")
    return write_notebook(
        folder / "hand-in.ipynb",
        "from robodyn import grading",
        RUNS_IN_OWN_FOLDER,
        CORRECT_FK,
        STUB_IK,
        WRONG_TR,
    )


@pytest.fixture(scope="module")
def mixed_results(mixed_notebook):
    """The results of running the mixed notebook, and its file before the run."""
    before = mixed_notebook.read_bytes()
    return run_notebook(mixed_notebook, timeout=60.0), before


def test_run_notebook_passed_not_attempted_failed(mixed_results):
    """Executing the notebook gives passed, not attempted and failed, in notebook order."""
    results, _ = mixed_results
    assert [(r.exercise_id, r.status) for r in results] == [
        (FK, "passed"),
        (IK, "not attempted"),
        (TR, "failed"),
    ]


def test_run_notebook_feedback_names_the_wheel_radius(mixed_results):
    """The failed turning radius is explained, in one line, by the extra wheel radius."""
    results, _ = mixed_results
    feedback = results[2].feedback
    assert feedback.startswith(f"{TR}: wrong result")
    assert "wheel radius" in feedback
    assert "\n" not in feedback


def test_run_notebook_runs_in_its_folder_and_leaves_file_alone(mixed_notebook, mixed_results):
    """The notebook runs in its own folder, and its file on disk is not changed."""
    _, before = mixed_results
    assert (mixed_notebook.parent / "ran-here.txt").read_text() == "yes"
    assert mixed_notebook.read_bytes() == before


def test_main_on_folder_of_passing_notebook_returns_0(tmp_path, capsys):
    """main() accepts a folder and returns 0 when every exercise passed; it prints the table."""
    write_notebook(tmp_path / "good.ipynb", "from robodyn import grading", CORRECT_FK)
    (tmp_path / "notes.txt").write_text("not a notebook")
    assert main([str(tmp_path), "--timeout", "60"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "good.ipynb") in out
    assert "Summary: 1 passed" in out


def fake_runner(results_by_name, calls):
    def run(path, timeout):
        calls.append(path.name)
        return results_by_name[path.name]

    return run


@pytest.mark.parametrize(
    ("statuses", "code"),
    [
        ({"a.ipynb": ["passed"], "b.ipynb": ["passed", "passed"]}, 0),
        ({"a.ipynb": ["passed"], "b.ipynb": ["passed", "failed"]}, 1),
        ({"a.ipynb": ["not attempted"], "b.ipynb": ["passed"]}, 1),
        ({"a.ipynb": ["passed"], "b.ipynb": ["not run"]}, 1),
        ({"a.ipynb": ["passed"], "b.ipynb": []}, 1),
    ],
)
def test_main_returns_0_only_when_all_passed(tmp_path, monkeypatch, capsys, statuses, code):
    """Exit code 0 needs every exercise of every notebook passed; no check cells is not a pass."""
    results = {
        name: [ExerciseResult(f"ex{i}", status, "") for i, status in enumerate(states)]
        for name, states in statuses.items()
    }
    calls = []
    monkeypatch.setattr(checknb, "run_notebook", fake_runner(results, calls))
    for name in statuses:
        write_notebook(tmp_path / name)
    assert main([str(tmp_path / "b.ipynb"), str(tmp_path / "a.ipynb")]) == code
    assert calls == ["b.ipynb", "a.ipynb"]
    assert capsys.readouterr().out.count("Summary:") == 2


def test_main_runs_folder_notebooks_in_name_order(tmp_path, monkeypatch, capsys):
    """A folder stands for its .ipynb files, sorted by name; other files are skipped."""
    calls = []
    results = {"a.ipynb": [], "b.ipynb": []}
    monkeypatch.setattr(checknb, "run_notebook", fake_runner(results, calls))
    for name in ("b.ipynb", "a.ipynb"):
        write_notebook(tmp_path / name)
    (tmp_path / "README.md").write_text("hand-ins")
    main([str(tmp_path)])
    assert calls == ["a.ipynb", "b.ipynb"]


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
