"""The student release (classgrade.release): what it leaves out, that its book's tables of
contents and its tests still work, that the leak scan passes on it and catches answers planted
in it, and that it refuses a destination inside the repository or one that is not empty."""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

from booktools import bookbuild, chapters
from classgrade import release, written_answers
from classgrade.release import (
    LEAK_LINES,
    MARKER,
    MODEL_MODULES,
    leaks,
    make_release,
    review_lines,
    scan,
    solution_blocks,
)
from robodyn.core.errors import ParameterError
from robodyn.grading import BEGIN, END

ROOT = Path(__file__).resolve().parents[2]

#: A release is made from the instructors' repository: in the release itself these skip.
pytestmark = pytest.mark.solutions


@pytest.fixture(scope="module")
def blocks():
    """The marked answers of solutions/, as the scan searches them."""
    return solution_blocks(ROOT)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The student release of this repository, made once: (folder, files copied, shared)."""
    folder = tmp_path_factory.mktemp("made") / "student"
    names, shared = make_release(folder, ROOT)
    return folder, names, shared


@pytest.fixture
def copy(made, tmp_path):
    """A fresh copy of the release, to plant a leak in."""
    target = tmp_path / "release"
    shutil.copytree(made[0], target)
    return target


def first_block(blocks, at_least=LEAK_LINES):
    """The first answer with ``at_least`` searchable lines of code, those lines (its comments
    left out: a comment gives an answer away on its own, see :func:`first_comment`), and where
    it comes from."""
    return next((code, origin) for code, origin in
                (([line for line in lines if not line.startswith("#")], origin)
                 for lines, origin in blocks) if len(code) >= at_least)


def first_comment(blocks):
    """The first comment line of an answer, and where it comes from."""
    return next((line, origin) for lines, origin in blocks for line in lines
                if line.startswith("#"))


# --------------------------------------------------------------------------- what is left out


def test_the_release_has_no_solutions_history_instructor_toc_or_checks_tests(made):
    """No solutions/, .git, _toc_instructor.yml, checks' tests or tests built on the answers;
    the chapters, exercises, package, README and student toc are there, and the marker."""
    folder, names, _ = made
    assert not (folder / "solutions").exists()
    assert not (folder / ".git").exists()
    assert not (folder / "_toc_instructor.yml").exists()
    assert not list((folder / "tests").glob("test_checks_*"))
    assert not (folder / "tests" / "slips").exists()
    assert not (folder / "tests" / "test_slips_named.py").exists()
    assert not (folder / "tests" / "test_nbgrader.py").exists()
    assert not (folder / "tests" / "test_grading_handin.py").exists()
    assert not any(name.startswith("solutions/") for name in names)
    # the references and mistake models: the release checks with the answer key instead
    assert not (folder / "robodyn" / "checks").exists()
    assert not any(name.startswith("robodyn/checks/") for name in names)
    for name in ("README.md", "Makefile", "_toc.yml", "_config.yml", "requirements.txt",
                 "robodyn/grading/keys/diffdrive.json", "robodyn/grading/answerkey.py",
                 "robodyn/diffdrive/kinematics.py", "conftest.py"):
        assert (folder / name).is_file(), name
    stems = sorted(chapters.chapter_stems(ROOT))
    assert sorted(p.stem for p in (folder / "exercises").glob("*.ipynb")) == stems
    assert sorted(chapters.chapter_notebooks(folder)) == sorted(
        folder / path.relative_to(ROOT) for path in chapters.chapter_notebooks(ROOT))
    assert (folder / MARKER).is_file()
    on_disk = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert on_disk == sorted([*names, MARKER])


def test_the_release_book_points_only_at_files_it_holds(made):
    """Every page of _toc.yml (a chapter folder's lessons and summary too), and the files
    _config.yml names, exist in the release."""
    folder = made[0]
    files = chapters.toc_files(folder / "_toc.yml")
    assert len(files) > 10 and not any(name.startswith("solutions/") for name in files)
    for name in files:
        assert any((folder / f"{name}{suffix}").is_file() for suffix in (".md", ".ipynb")), name
    config = yaml.safe_load((folder / "_config.yml").read_text(encoding="utf-8"))
    named = [*config["bibtex_bibfiles"], config["html"]["favicon"],
             *config["sphinx"]["local_extensions"].values()]
    for name in named:
        assert (folder / name).exists(), name


def test_the_instructor_edition_says_it_is_missing_in_the_release(made, monkeypatch, capsys):
    """bookbuild --instructor in the release names what is missing, exits 2, builds nothing."""
    folder = made[0]
    assert bookbuild.instructor_files_missing(ROOT) == []
    assert bookbuild.instructor_files_missing(folder) == ["_toc_instructor.yml", "solutions/"]
    monkeypatch.setattr(bookbuild, "ROOT", folder)
    monkeypatch.setattr(bookbuild, "build_book", lambda *a, **k: pytest.fail("a build ran"))
    assert bookbuild.main(["--instructor"]) == 2
    message = capsys.readouterr().err
    assert "instructors' repository" in message and "_toc_instructor.yml" in message
    assert "make book" in message


def test_in_the_release_the_tests_needing_solutions_skip_with_a_reason(made):
    """Run in the release, the sync tests of exercisegen skip and say why (three need
    solutions/, one the live exercises of robodyn/checks); the others pass."""
    folder = made[0]
    environment = {**os.environ, "PYTHONPATH": str(folder)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_exercisegen.py", "-q", "-rs",
         "-p", "no:cacheprovider"],
        cwd=folder, env=environment, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 skipped" in run.stdout and " passed" in run.stdout, run.stdout
    assert run.stdout.count("needs solutions/, which the student release leaves out") == 3
    assert run.stdout.count("needs robodyn/checks") == 1
    assert "needs solutions/, which the student release leaves out" in run.stdout


# --------------------------------------------------------------------------- the leak scan


def test_the_scan_passes_on_the_release_and_searches_it(made, blocks):
    """The real release has no leak, yet the scan sees the single lines of the model modules
    (so it did search), and the review lists only files outside them."""
    folder, _, shared = made
    assert len(blocks) >= 30
    assert leaks(folder, blocks) == []
    files = {name for name, _, _ in shared}
    # The least-squares fit of exercise 2.4 shares a line with robodyn.friction's own fit.
    # (Since issue 37 chapter 4's answers share no line with robodyn/diffdrive, and 2.3's
    # none with robodyn/laws.)
    assert "robodyn/friction/identification.py" in files, files
    for name in MODEL_MODULES:
        assert (ROOT / name).is_file(), f"MODEL_MODULES names {name}, which does not exist"
    assert set(MODEL_MODULES) & files
    for entry in review_lines(shared):
        assert entry.split(":")[0] not in MODEL_MODULES, entry


class _Renamed(ast.NodeTransformer):
    """Every name the code stores or loads, but the modules', with a suffix: the same answer
    in other words."""

    def visit_Name(self, node):
        if node.id not in ("np", "numpy", "math"):
            node.id += "_x"
        return node

    def visit_arg(self, node):
        node.arg += "_x"
        return node


def test_a_right_answer_written_another_way_is_caught_by_running_it(copy, blocks):
    """4.1's answer with every name changed, in a test of the release: no line of it is the
    solutions', so the text scan misses it; run through its check, it passes, and the
    release's scan names the file, the line and the exercise. Code that could do more than
    compute (it opens a file) is not run, only counted."""
    from handins import solution_code

    right = ast.unparse(_Renamed().visit(ast.parse(
        solution_code("04_differential_drive")["diffdrive.forward_kinematics"])))
    unsafe = ("def inverse_kinematics(*args):\n    open('planted', 'w').write('ran')\n"
              "    return 0.0, 0.0\n")
    (copy / "tests" / "test_planted.py").write_text(
        "import numpy as np\n\n\n" + right + "\n\n\n" + unsafe, encoding="utf-8")
    found = leaks(copy, blocks)
    assert [line for line in found if line.startswith("tests/test_planted.py")] == [
        "tests/test_planted.py:4: forward_kinematics: a right answer of "
        "diffdrive.forward_kinematics (written another way than the solutions: found by "
        "running it)"], found
    text = (copy / "tests" / "test_planted.py").read_text()
    answers, not_run = written_answers.scan({Path("tests/test_planted.py"): text})
    line = text[:text.index("def inverse_kinematics")].count("\n") + 1
    assert not_run == [f"tests/test_planted.py:{line}: inverse_kinematics"]
    assert not (copy / "planted").exists() and not Path("planted").exists()


def test_a_solutions_notebook_copied_into_exercises_is_caught(copy, blocks):
    """A solutions notebook saved among the exercises holds a marked solution: named."""
    shutil.copy(ROOT / "solutions" / "04_differential_drive.ipynb",
                copy / "exercises" / "04_solved.ipynb")
    found = leaks(copy, blocks)
    assert any(line.startswith("exercises/04_solved.ipynb holds a marked solution")
               for line in found), found


def test_the_check_modules_copied_back_are_caught(copy, blocks):
    """robodyn/checks put back into a release (the references and mistake models): named."""
    assert not (copy / "robodyn" / "checks").exists()
    shutil.copytree(ROOT / "robodyn" / "checks", copy / "robodyn" / "checks")
    assert any(line.startswith("robodyn/checks holds the exercises' references")
               for line in leaks(copy, blocks))


def test_a_solved_notebook_without_markers_is_caught_by_its_cells(copy, blocks):
    """The markers taken out, the answers' lines are found in the cells (quotes and all)."""
    notebook = nbformat.read(ROOT / "solutions" / "07_vacuum.ipynb", as_version=4)
    for cell in notebook.cells:
        cell.source = "\n".join(line for line in cell.source.splitlines()
                                if line.strip() not in (BEGIN, END))
    nbformat.write(notebook, copy / "exercises" / "07_vacuum.ipynb")
    found = leaks(copy, blocks)
    assert any(line.startswith("exercises/07_vacuum.ipynb holds") for line in found), found


def test_three_lines_of_an_answer_in_a_python_file_are_caught(copy, blocks):
    """Three lines of one answer pasted into a module: named, with the answer's origin."""
    lines, origin = first_block(blocks)
    target = copy / "robodyn" / "figures" / "arm.py"
    target.write_text(target.read_text() + "\n" + "\n".join(lines[:LEAK_LINES]) + "\n")
    found = leaks(copy, blocks)
    assert f"robodyn/figures/arm.py holds {LEAK_LINES} lines of {origin}" in " ".join(
        found), found


def test_two_lines_of_an_answer_are_allowed_and_reported(copy, blocks):
    """One line short of the limit: no leak, but the review lists the file."""
    lines, origin = first_block(blocks)
    target = copy / "robodyn" / "figures" / "arm.py"
    target.write_text(target.read_text() + "\n" + "\n".join(lines[:LEAK_LINES - 1]))
    found, shared = scan(copy, blocks)
    assert found == []
    assert any(entry.startswith("robodyn/figures/arm.py:") for entry in review_lines(shared))


def test_a_model_module_is_not_exempt_from_three_lines(copy, blocks):
    """Single lines are allowed in the model modules, three lines of an answer are not."""
    lines, _ = first_block(blocks)
    target = copy / "robodyn" / "diffdrive" / "kinematics.py"
    target.write_text(target.read_text() + "\n" + "\n".join(lines[:LEAK_LINES]) + "\n")
    found = leaks(copy, blocks)
    assert any(line.startswith("robodyn/diffdrive/kinematics.py holds") for line in found), found


def test_an_answers_comment_in_a_markdown_file_is_caught(copy, blocks):
    """One comment of an answer pasted into a book page: named, as a comment."""
    comment, origin = first_comment(blocks)
    target = copy / "book" / "notation.md"
    target.write_text(target.read_text(encoding="utf-8") + f"\nA hint: {comment[1:]}\n\n"
                      f"```python\n{comment}\n```\n", encoding="utf-8")
    found = leaks(copy, blocks)
    assert any(line.startswith(f"book/notation.md holds a comment of {origin}")
               for line in found), found


def git_repository(folder: Path, files: dict[str, str]) -> Path:
    """A git repository in ``folder`` with ``files`` (relative name: text) committed."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    identity = ["-c", "user.name=test", "-c", "user.email=test@example.org"]
    for command in (["init", "-q"], ["add", "."], [*identity, "commit", "-q", "-m", "files"]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    return folder


def solutions_notebook(answer: list[str]) -> str:
    """A solutions notebook with one marked answer of the given lines."""
    source = "\n".join(["def f(x):", f"    {BEGIN}", *(f"    {line}" for line in answer),
                        f"    {END}"])
    return nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)]))


ANSWER = ["first_value = 3.0 * x + 1.0", "second_value = first_value ** 2 - x",
          "return np.hypot(first_value, second_value)"]


def test_a_leaking_repository_fails_and_its_copy_is_removed(tmp_path):
    """End to end: make_release raises naming the file, and leaves no copy behind."""
    root = git_repository(tmp_path / "repo", {
        "solutions/01.ipynb": solutions_notebook(ANSWER),
        "robodyn/helper.py": "\n".join(ANSWER) + "\n",
        "README.md": "A book.\n",
    })
    destination = tmp_path / "out"
    with pytest.raises(ParameterError, match=r"robodyn/helper\.py holds 3 lines"):
        make_release(destination, root)
    assert not destination.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ParameterError, match="helper"):
        make_release(empty, root)
    assert empty.is_dir() and not any(empty.iterdir())


def test_a_clean_repository_is_released_and_a_repository_without_answers_is_not(tmp_path):
    """The same repository without the pasted answer is released; without marked answers the
    scan would search for nothing, so the release is refused."""
    root = git_repository(tmp_path / "repo", {
        "solutions/01.ipynb": solutions_notebook(ANSWER),
        "robodyn/helper.py": ANSWER[0] + "\n",
    })
    names, shared = make_release(tmp_path / "out", root)
    assert names == ["robodyn/helper.py"] and [s[0] for s in shared] == ["robodyn/helper.py"]
    bare = git_repository(tmp_path / "bare", {"README.md": "A book.\n"})
    with pytest.raises(ParameterError, match="holds no marked answers"):
        make_release(tmp_path / "out2", bare)


QUOTED = ['label = "the first value" + str(x)', 'path = "robots/" + label + ".txt"',
          'return {"label": label, "path": path}']


def test_answer_lines_with_quotes_are_found_in_a_notebook(tmp_path):
    """A notebook is searched by its cells, not by its JSON, which escapes quotes and
    backslashes: an answer's quoted lines in an unmarked notebook are caught."""
    leaked = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("\n".join(QUOTED))])
    root = git_repository(tmp_path / "repo", {
        "solutions/01.ipynb": solutions_notebook(QUOTED),
        "exercises/01.ipynb": nbformat.writes(leaked),
    })
    assert '\\"the first value\\"' in (root / "exercises" / "01.ipynb").read_text()
    with pytest.raises(ParameterError, match=r"exercises/01\.ipynb holds 3 lines"):
        make_release(tmp_path / "out", root)


def test_a_release_is_not_made_from_a_release(made, tmp_path):
    """The release has no solutions to scan for: it refuses to release itself, and says so."""
    with pytest.raises(ParameterError, match="itself a student release"):
        make_release(tmp_path / "again", made[0])


# --------------------------------------------------------------------------- the destination


@pytest.fixture
def inside():
    """A path inside the repository, removed after the test should a release land there."""
    path = ROOT / "_build" / "student-release-test"
    assert not path.exists()
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.parametrize("where", ["inside", "root"])
def test_a_destination_inside_the_repository_is_refused(where, inside):
    """A folder in the repository, or the repository itself: refused by name, nothing copied."""
    destination = inside if where == "inside" else ROOT
    with pytest.raises(ParameterError, match="lies inside the repository") as error:
        make_release(destination, ROOT)
    assert str(destination) in str(error.value)
    assert not inside.exists()


def test_a_folder_that_is_not_empty_or_a_file_is_refused(tmp_path):
    """Neither a folder with a file in it nor a file is touched."""
    folder = tmp_path / "full"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(ParameterError, match=f"DEST = {folder} exists and is not empty"):
        make_release(folder, ROOT)
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    with pytest.raises(ParameterError, match="is a file, not a folder"):
        make_release(folder / "notes.txt", ROOT)
    with pytest.raises(ParameterError, match="DEST is empty"):
        make_release("", ROOT)


def test_the_command_line_names_the_bad_value_without_a_traceback(tmp_path, inside):
    """python -m classgrade.release: exit 2, the path and what is allowed, no traceback;
    without DEST, argparse's usage."""
    folder = tmp_path / "full"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    for argument, message in [(str(inside), "lies inside the repository"),
                              (str(folder), "exists and is not empty")]:
        run = subprocess.run([sys.executable, "-m", "classgrade.release", argument],
                             cwd=ROOT, env=environment, capture_output=True, text=True)
        assert run.returncode == 2, run.stderr
        assert argument in run.stderr and message in run.stderr, run.stderr
        assert "choose" in run.stderr and "Traceback" not in run.stderr
    with pytest.raises(SystemExit) as error:
        release.main([])
    assert error.value.code == 2
