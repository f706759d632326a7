"""make new-chapter: the files a chapter needs, each working from the first run, in a copy of
the repository's skeleton (the package, the tables of contents, the configuration).

An instructors' tool: it writes solutions/ and the instructors' table of contents, which the
student release leaves out, so these tests are marked ``solutions`` (skipped there).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from booktools import newchapter
from robodyn.core.errors import ParameterError

pytestmark = pytest.mark.solutions

ROOT = Path(__file__).resolve().parents[1]
SUBJECT = "spring_mass"


def _skeleton(tmp_path: Path) -> Path:
    """A copy of what the scaffold reads and extends: robodyn/, the two tables of contents,
    _config.yml and the chapter notebooks' names."""
    root = tmp_path / "book"
    shutil.copytree(ROOT / "robodyn", root / "robodyn",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("_config.yml", "_toc.yml", "_toc_instructor.yml"):
        shutil.copy(ROOT / name, root / name)
    for folder in ("chapters", "solutions", "exercises", "tests"):
        (root / folder).mkdir()
    for chapter in sorted((ROOT / "chapters").glob("*.ipynb")):
        (root / "chapters" / chapter.name).write_text("{}")
    return root


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = _skeleton(tmp_path_factory.mktemp("newchapter"))
    written = newchapter.new_chapter(SUBJECT, "A mass on a spring", root)
    return root, written


def _run(root: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run python in the copy, with its package first on the path."""
    environment = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, *args], cwd=root, env=environment, text=True,
                          capture_output=True, timeout=timeout)


def test_the_chapter_gets_the_next_number_and_every_file(made):
    root, written = made
    number = f"{len(list((ROOT / 'chapters').glob('*.ipynb'))) + 1:02d}"
    names = {path.relative_to(root).as_posix() for path in written}
    assert names == {f"robodyn/{SUBJECT}.py", f"robodyn/figures/{SUBJECT}.py",
                     f"robodyn/checks/{SUBJECT}.py", f"tests/test_{SUBJECT}.py",
                     f"chapters/{number}_{SUBJECT}.ipynb",
                     f"solutions/{number}_{SUBJECT}.ipynb",
                     f"exercises/{number}_{SUBJECT}.ipynb", "_toc.yml", "_toc_instructor.yml"}
    toc = (root / "_toc.yml").read_text()
    assert f"      - file: chapters/{number}_{SUBJECT}\n" in toc
    assert (f"      - file: chapters/{number}_{SUBJECT}\n        sections:\n"
            f"          - file: exercises/{number}_{SUBJECT}\n") in toc
    assert toc.index("exercises/07_vacuum") < toc.index(f"chapters/{number}_") < toc.index(
        "book/errata")
    instructor = (root / "_toc_instructor.yml").read_text()
    assert (f"          - file: exercises/{number}_{SUBJECT}\n"
            f"          - file: solutions/{number}_{SUBJECT}\n") in instructor
    assert (ROOT / "_toc.yml").read_text().count("\n") + 3 == toc.count("\n")


def test_the_notebooks_have_their_install_cell_and_the_exercise_its_stub(made):
    root, written = made
    chapter, solution, exercise = (nbformat.read(p, as_version=4) for p in written
                                   if p.suffix == ".ipynb")
    for notebook in (chapter, solution, exercise):
        assert notebook.cells[0]["id"] == "robodyn-install"
        assert all(not cell.get("outputs") for cell in notebook.cells)
    answers = [c for c in exercise.cells if c.metadata.get("robodyn", {}).get("role")
               == "answer"]
    assert len(answers) == 1 and 'NotImplementedError("Exercise' in answers[0].source


def test_the_example_passes_its_own_tests_and_doctests(made):
    root, _ = made
    run = _run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules",
               f"tests/test_{SUBJECT}.py", f"robodyn/{SUBJECT}.py")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "5 passed" in run.stdout


def test_the_exercise_check_passes_the_answer_names_each_mistake_and_the_widget_moves(made):
    root, _ = made
    script = f"""
from robodyn import grading
from robodyn.checks import {SUBJECT} as checks
from robodyn.figures import {SUBJECT} as figures
exercise = grading.get_exercise("{SUBJECT}.natural_frequency")
assert grading.evaluate(exercise, exercise.reference).failure is None
for mistake in exercise.mistakes:
    failure = grading.evaluate(exercise, mistake.answer).failure
    assert mistake.name in str(failure), (mistake.name, failure)
figure = figures.WIDGETS[0]()
figure.controls["stiffness"].value = 120.0
figure.wait()
print("ok")
"""
    run = _run(root, "-c", script)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stdout + run.stderr


@pytest.mark.parametrize("bad", ["Quadrotor", "2wheels", "class", "egg", "", "a-b"])
def test_a_bad_or_taken_name_is_refused_and_nothing_written(bad, tmp_path):
    root = _skeleton(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    with pytest.raises(ParameterError, match="NAME"):
        newchapter.new_chapter(bad, "A title", root)
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_an_existing_file_stops_it_before_anything_is_written(tmp_path):
    root = _skeleton(tmp_path)
    (root / "tests" / f"test_{SUBJECT}.py").write_text("# someone's work\n")
    toc = (root / "_toc.yml").read_text()
    with pytest.raises(ParameterError, match=f"tests/test_{SUBJECT}.py"):
        newchapter.new_chapter(SUBJECT, "A title", root)
    assert (root / "tests" / f"test_{SUBJECT}.py").read_text() == "# someone's work\n"
    assert (root / "_toc.yml").read_text() == toc
    assert not (root / "robodyn" / f"{SUBJECT}.py").exists()


def test_the_files_pass_the_books_linters(made):
    root, written = made
    sources = [str(p) for p in written if p.suffix == ".py"]
    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--config",
                           str(ROOT / "pyproject.toml"), *sources], capture_output=True,
                          text=True)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    notebooks = [str(p) for p in written if p.suffix == ".ipynb"]
    run = _run(root, "-m", "booktools.nblint", *notebooks)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.notebooks
def test_the_chapter_and_its_solutions_run_and_the_exercise_fails_at_its_check(made):
    root, written = made
    chapter, solution, exercise = (p for p in written if p.suffix == ".ipynb")
    script = f"""
import nbformat
from nbclient import NotebookClient
from robodyn.grading.results import results_in
for path in {[str(chapter), str(solution), str(exercise)]!r}:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, allow_errors=True, kernel_name="python3").execute()
    errors = [o.ename for c in notebook.cells for o in c.get("outputs", [])
              if o.output_type == "error"]
    statuses = [r.status for c in notebook.cells if c.cell_type == "code"
                for r in results_in(c.outputs)]
    print(path.rsplit("/", 2)[-2], errors, statuses)
"""
    run = _run(root, "-c", script)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() == ["chapters [] []", "solutions [] ['passed']",
                                       "exercises ['NotAttempted'] ['not attempted']"]
