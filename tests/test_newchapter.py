"""make new-chapter: the files a chapter needs, each working from the first run.

Most tests work in a copy of the repository's skeleton (the package, the tables of contents,
the configuration); one runs the fast suite's chapter-finding tests in a full copy of the
repository with a chapter scaffolded in it, as a newcomer would after ``make new-chapter``
and ``git add``.

An instructors' tool: it writes solutions/ and the instructors' table of contents, which the
student release leaves out, so these tests are marked ``solutions`` (skipped there).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from booktools import chapters, newchapter
from robodyn import SUBJECTS
from robodyn.core.errors import ParameterError
from robodyn.core.sweeps import QUICK_VARIABLE
from robodyn.grading import cell_points

pytestmark = pytest.mark.solutions

ROOT = Path(__file__).resolve().parents[1]
SUBJECT = "spring_mass"
TITLE = "A mass on a spring"
NUMBER = f"{chapters.next_number(ROOT):02d}"
STEM = f"{NUMBER}_{SUBJECT}"
#: The scaffolded chapter's pages in chapters/STEM/, in reading order.
PAGES = ["index.ipynb", "01_model.ipynb", "02_euler.ipynb", "summary.md"]


def _skeleton(tmp_path: Path) -> Path:
    """A copy of what the scaffold reads and extends: robodyn/, the two tables of contents,
    _config.yml and the names of the chapters' files (notebooks and chapter folders)."""
    root = tmp_path / "book"
    shutil.copytree(ROOT / "robodyn", root / "robodyn",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("_config.yml", "_toc.yml", "_toc_instructor.yml"):
        shutil.copy(ROOT / name, root / name)
    for folder in ("chapters", "solutions", "exercises", "tests"):
        (root / folder).mkdir()
    for path in sorted((ROOT / "chapters").rglob("*")):
        if path.is_file() and ".ipynb_checkpoints" not in path.parts:
            (root / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
            (root / path.relative_to(ROOT)).write_text("{}")
    return root


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = _skeleton(tmp_path_factory.mktemp("newchapter"))
    written = newchapter.new_chapter(SUBJECT, TITLE, root)
    return root, written


def _environment(root: Path) -> dict[str, str]:
    """The environment of a process in the copy: its packages first on the path (the
    repository's are installed in editable mode), the sweeps' test switch on."""
    path = os.pathsep.join(str(root / part) for part in ("", "classgrade", "booktools"))
    return {**os.environ, "PYTHONPATH": path, QUICK_VARIABLE: "1"}


def _run(root: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run python in the copy, with its packages first on the path."""
    return subprocess.run([sys.executable, *args], cwd=root, env=_environment(root), text=True,
                          capture_output=True, timeout=timeout)


def test_the_chapter_gets_the_next_number_and_every_file(made):
    """Every file of the layout (CONTRIBUTING.md): the chapter as a folder of an opening
    page, two lessons and a summary, the next number, both tables of contents listing the
    pages as the chapter's sections before its exercises, the subject appended to
    SUBJECTS; the answer key of its exercises compiled; the layout's check passes."""
    root, written = made
    names = [path.relative_to(root).as_posix() for path in written]
    assert names == [f"robodyn/{SUBJECT}/__init__.py", f"robodyn/{SUBJECT}/model.py",
                     f"robodyn/figures/{SUBJECT}.py", f"robodyn/checks/{SUBJECT}.py",
                     f"tests/test_{SUBJECT}.py", f"tests/slips/{SUBJECT}.py",
                     f"tests/slips/second/{SUBJECT}.py",
                     f"robodyn/grading/keys/{SUBJECT}.json",
                     *(f"chapters/{STEM}/{page}" for page in PAGES),
                     f"solutions/{STEM}.ipynb", f"exercises/{STEM}.ipynb",
                     "robodyn/__init__.py", "_toc.yml", "_toc_instructor.yml"]
    sections = "".join(f"          - file: chapters/{STEM}/{Path(page).stem}\n"
                       for page in PAGES[1:])
    toc = (root / "_toc.yml").read_text()
    assert (f"      - file: chapters/{STEM}/index\n        sections:\n{sections}"
            f"          - file: exercises/{STEM}\n") in toc
    assert toc.index("exercises/07_vacuum") < toc.index(f"chapters/{NUMBER}_") < toc.index(
        "book/errata")
    instructor = (root / "_toc_instructor.yml").read_text()
    assert (f"{sections}          - file: exercises/{STEM}\n"
            f"          - file: solutions/{STEM}\n") in instructor
    assert (ROOT / "_toc.yml").read_text().count("\n") + 2 + len(PAGES) == toc.count("\n")
    chapter = chapters.Chapter(STEM, root)
    assert chapter.is_folder and [page.name for page in chapter.pages] == PAGES
    assert chapters.chapter_stems(root)[-1] == STEM
    assert chapters.layout_problems(root) == []


def test_the_subject_is_appended_to_subjects_and_nothing_else_changes(made):
    """robodyn/__init__.py differs from the repository's only in the SUBJECTS statement,
    which lists the new subject last; its lines stay within 100 characters."""
    root, _ = made
    before = (ROOT / "robodyn" / "__init__.py").read_text(encoding="utf-8")
    after = (root / "robodyn" / "__init__.py").read_text(encoding="utf-8")
    assert newchapter.read_subjects(after) == (*SUBJECTS, SUBJECT)
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert changed and all(line.startswith("SUBJECTS = (") or line.startswith(" " * 12)
                           for line in changed), changed
    assert [line for line in before.splitlines() if line not in after.splitlines()] == [
        line for line in before.splitlines() if line.startswith("SUBJECTS = (")]
    assert max(len(line) for line in after.splitlines()) <= 100


@pytest.mark.parametrize(("text", "wanted"), [
    ('SUBJECTS = ("a", "b")\n', 'SUBJECTS = ("a", "b", "new")\n'),
    ('SUBJECTS = (\n    "a",\n    "b",\n)\nX = 1\n', 'SUBJECTS = ("a", "b", "new")\nX = 1\n'),
    ('"""Doc."""\n\nSUBJECTS: tuple = ("a",)  # order\n', '"""Doc."""\n\n'
     'SUBJECTS = ("a", "new")  # order\n'),
    ("SUBJECTS = ('" + "', '".join(f"subject_{k}" for k in range(8)) + "')\n",
     'SUBJECTS = ("' + '", "'.join(f"subject_{k}" for k in range(6)) + '",\n'
     + " " * 12 + '"subject_6", "subject_7", "new")\n'),
])
def test_the_subjects_statement_is_rewritten_alone_and_wrapped(text, wanted):
    """One line or several, a trailing comment, an annotation, single quotes, a list too
    long for one line: the statement becomes the tuple with the new subject, wrapped at 100
    characters, and the rest of the file stays."""
    assert newchapter.add_subject(text, "new") == wanted


@pytest.mark.parametrize("text", ["X = 1\n", "SUBJECTS = SOMETHING\n", "SUBJECTS = (1, 2)\n"])
def test_a_subjects_statement_it_cannot_read_is_refused(text):
    with pytest.raises(ParameterError, match="SUBJECTS"):
        newchapter.add_subject(text, "new")


def test_the_notebooks_have_their_install_cell_the_exercises_their_stubs_and_points(made):
    """Every notebook opens with the install cell; the exercise notebook has four stubs and
    its check cells carry the solutions' points, at least four exercises, not all alike."""
    root, written = made
    *pages, solution, exercise = (nbformat.read(p, as_version=4) for p in written
                                  if p.suffix == ".ipynb")
    assert len(pages) == 3
    for notebook in (*pages, solution, exercise):
        assert notebook.cells[0]["id"] == "robodyn-install"
        assert all(not cell.get("outputs") for cell in notebook.cells)
    answers = [c for c in exercise.cells if c.metadata.get("robodyn", {}).get("role")
               == "answer"]
    assert len(answers) == 4 and all('NotImplementedError("Exercise' in c.source
                                     for c in answers)
    points = cell_points(exercise)
    assert points == {f"{SUBJECT}.{name}": value for name, value in newchapter.POINTS.items()}
    assert len(points) >= 4 and len(set(points.values())) > 1
    assert solution.metadata["robodyn"]["points"] == points
    assert solution.cells[1].source.startswith(f"# Exercises: {TITLE} — with solutions")


def _figure(cell) -> bool:
    """True for a code cell whose output is a numbered figure with a caption."""
    figure = cell.metadata.get("mystnb", {}).get("figure", {})
    return cell.cell_type == "code" and bool(figure.get("name") and figure.get("caption"))


def test_the_pages_open_on_a_figure_and_the_lessons_close_on_how_we_know(made):
    """The opening page draws the system (a numbered figure), maps the lessons with links and
    has no numbered section of its own (it would take the lessons' numbers); each lesson
    opens with its title and shows a numbered figure within its first three cells, folds
    its plotting code away and ends on a "How we know" section whose code asserts; the
    summary links the exercises, and the exercises link the opening page."""
    root, _ = made
    folder = root / "chapters" / STEM
    index = nbformat.read(folder / "index.ipynb", as_version=4)
    assert any(_figure(cell) and "draw_system" in cell.source for cell in index.cells)
    text = "\n".join(cell.source for cell in index.cells if cell.cell_type == "markdown")
    assert not [line for line in text.splitlines() if line.startswith("#" * 2)]
    for page in PAGES[1:-1]:
        assert f"{{doc}}`{Path(page).stem}`" in text, page
        cells = nbformat.read(folder / page, as_version=4).cells[1:]  # after the install cell
        assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# "), page
        assert any(_figure(cell) for cell in cells[:3]), f"{page}: no figure on its first screen"
        for cell in cells:
            if _figure(cell) and "plt.subplots" in cell.source:
                assert "hide-input" in cell.metadata.get("tags", []), (page, cell.source)
        headings = [line for cell in cells if cell.cell_type == "markdown"
                    for line in cell.source.splitlines() if line.startswith("## ")]
        assert headings[-1] == "## How we know", (page, headings)
        assert cells[-1].cell_type == "code" and "assert " in cells[-1].source, page
    summary = (folder / "summary.md").read_text(encoding="utf-8")
    assert f"](../../exercises/{STEM}.ipynb)" in summary
    solutions = nbformat.read(root / "solutions" / f"{STEM}.ipynb", as_version=4)
    assert f"](../chapters/{STEM}/index.ipynb)" in solutions.cells[1].source


def test_the_slips_files_are_placeholders_with_a_reason(made):
    """Both slip sets get a placeholder: no slips, and a PLACEHOLDER that says why."""
    root, _ = made
    for path in (root / "tests" / "slips" / f"{SUBJECT}.py",
                 root / "tests" / "slips" / "second" / f"{SUBJECT}.py"):
        namespace: dict = {}
        exec(path.read_text(encoding="utf-8"), namespace)  # noqa: S102 - the scaffold's own
        assert namespace["SLIPS"] == [] and "make new-chapter" in namespace["PLACEHOLDER"]


def test_the_example_passes_its_own_tests_and_doctests(made):
    root, _ = made
    run = _run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules",
               f"tests/test_{SUBJECT}.py", f"robodyn/{SUBJECT}")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "7 passed" in run.stdout


def test_each_exercise_check_passes_the_answer_and_names_each_mistake_and_the_widget_moves(
        made):
    root, _ = made
    script = f"""
from robodyn import grading
from robodyn.checks import {SUBJECT} as checks
from robodyn.figures import {SUBJECT} as figures
for exercise in checks.EXERCISES:
    assert grading.evaluate(exercise, exercise.reference).failure is None
    for mistake in exercise.mistakes:
        failure = grading.evaluate(exercise, mistake.answer).failure
        assert mistake.name in str(failure), (mistake.name, failure)
figure = figures.WIDGETS[0]()
figure.controls["stiffness"].value = 120.0
figure.wait()
print(len(checks.EXERCISES), "ok")
"""
    run = _run(root, "-c", script)
    assert run.returncode == 0 and run.stdout.strip().endswith("4 ok"), run.stdout + run.stderr


@pytest.mark.parametrize("bad", ["Quadrotor", "2wheels", "class", "egg", "core", "", "a-b",
                                 "a" * (newchapter.MAX_NAME + 1)])
def test_a_bad_or_taken_name_is_refused_and_nothing_written(bad, tmp_path):
    root = _skeleton(tmp_path)
    before = _tree(root)
    with pytest.raises(ParameterError, match="NAME"):
        newchapter.new_chapter(bad, "A title", root)
    assert _tree(root) == before


@pytest.mark.parametrize("bad", ["", "   ", "A \\omega", 'The """ quotes', "Two\nlines"])
def test_a_title_the_files_cannot_hold_is_refused_and_nothing_written(bad, tmp_path):
    """The title goes into docstrings and headings: one line, no backslash, no triple
    quotes."""
    root = _skeleton(tmp_path)
    before = _tree(root)
    with pytest.raises(ParameterError, match="TITLE"):
        newchapter.new_chapter(SUBJECT, bad, root)
    assert _tree(root) == before


def test_an_existing_file_stops_it_before_anything_is_written(tmp_path):
    root = _skeleton(tmp_path)
    (root / "tests" / f"test_{SUBJECT}.py").write_text("# someone's work\n")
    before = _tree(root)
    with pytest.raises(ParameterError, match=f"tests/test_{SUBJECT}.py"):
        newchapter.new_chapter(SUBJECT, "A title", root)
    assert _tree(root) == before
    assert not (root / "robodyn" / SUBJECT).exists()


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
def test_the_chapter_and_its_solutions_run_and_the_exercise_fails_at_its_checks(made):
    """Executed as the book and the notebook tests execute them, each in its own folder and
    kernel: the opening page and each lesson without an error or a warning, the solutions
    passing every check, the exercise failing at each check as not attempted."""
    root, written = made
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    script = f"""
import nbformat
from nbclient import NotebookClient
from booktools.kernels import PreloadedKernelManager
from robodyn.grading.results import results_in
for path in {[str(path) for path in notebooks]!r}:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=120, allow_errors=True, kernel_name="python3",
                   kernel_manager_class=PreloadedKernelManager,
                   resources={{"metadata": {{"path": path.rsplit("/", 1)[0]}}}}).execute()
    errors = [o.ename for c in notebook.cells for o in c.get("outputs", [])
              if o.output_type == "error"]
    errors += [o.text[:200] for c in notebook.cells for o in c.get("outputs", [])
               if o.output_type == "stream" and o.name == "stderr"]
    statuses = [r.status for c in notebook.cells if c.cell_type == "code"
                for r in results_in(c.outputs)]
    print("/".join(path.rsplit("/", 2)[-2:]), errors, statuses)
"""
    run = _run(root, "-c", script)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() == [
        *(f"{STEM}/{page} [] []" for page in PAGES if page.endswith(".ipynb")),
        f"solutions/{STEM}.ipynb [] {['passed'] * 4}",
        f"exercises/{STEM}.ipynb {['NotAttempted'] * 4} {['not attempted'] * 4}"], run.stdout


# --------------------------------------------------------------------------- in a full copy

#: The fast suite's tests that find the chapters by themselves, run on the scaffolded one:
#: those parametrised over the exercises, the widgets, the exercise notebooks or the slip
#: files are selected by the subject's name (it is in their ids), the others by their name.
CHAPTER_FINDING_FILES = (
    "tests/test_chapters.py", "tests/test_bundle.py", "tests/test_prose.py",
    "tests/test_exercises.py", "tests/test_widgets.py", "tests/test_layers.py",
    "tests/test_slips_named.py", "tests/test_exercisegen.py", "tests/test_installcell.py",
    "tests/test_nblint.py", "tests/test_notebooks.py", "tests/test_nbgrader.py",
    "tests/test_wheel.py", "classgrade/tests/test_grading_split.py",
    "classgrade/tests/test_sandbox.py", "classgrade/tests/test_release.py",
)
#: The tests of those files that go over every chapter at once (not parametrised by it).
WHOLE_BOOK_TESTS = (
    "test_layers",                      # the module: every rule over every module
    "test_the_chapters_keep_their_layout",
    "test_the_toc_order_is_the_order_on_disk_and_every_chapter_notebook_is_a_page",
    "test_the_links_between_a_chapters_pages_and_its_exercises_hold_in_its_bundle",
    "test_every_page_of_a_chapter_offers_the_chapters_bundle",
    "test_notebooks_are_stored_without_outputs",
    "test_there_are_exercises", "test_the_book_has_widgets",
    "test_slips_cover_every_exercise", "test_the_second_writers_right_answers_cover",
    "test_slips_are_documented_and_distinct",
    "test_exercises_folder_is_in_sync_with_solutions",
    "test_every_solutions_notebook_has_marked_answers",
    "test_every_book_exercise_has_points_by_difficulty",
    "test_the_book_exercises_are_labelled_for_grading",
    "test_every_notebook_starts_with_the_install_cell_of_config",
    "test_the_book_notebooks_fit_the_column",
    "test_the_figure_modules_make_figures_legible_on_a_phone",
    "test_every_chapter_has_its_exercises_and_solutions",
    "test_every_folder_with_modules_is_a_package",
    "test_every_package_the_source_imports_is_declared",
    "test_every_exercise_names_package_references_that_exist",
    "test_no_solution_of_the_book_is_flagged",
    "test_every_exercise_s_job_unpickles_without_the_checks",
    "test_the_release_has_no_solutions_history_instructor_toc_or_checks_tests",
    "test_the_release_book_points_only_at_files_it_holds",
    "test_the_scan_passes_on_the_release_and_searches_it",
)


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=test", "-c", "user.email=test@example.org",
                           *args], cwd=root, check=True, capture_output=True,
                          text=True).stdout


def _full_copy(target: Path) -> Path:
    """The repository's working tree as it is (tracked files and new ones, not what git
    ignores), committed in a new git repository of its own."""
    try:
        names = _git(ROOT, "ls-files", "-z", "--cached", "--others",
                     "--exclude-standard").split("\0")
    except (OSError, subprocess.CalledProcessError):
        names = None
    if names is None:
        shutil.copytree(ROOT, target, ignore=shutil.ignore_patterns(
            ".git", ".venv", "_build", "__pycache__", "*.egg-info"))
    else:
        for name in filter(None, names):
            if (ROOT / name).is_file():
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, target / name)
    _git(target, "init", "-q")
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "-m", "the repository as it is")
    return target


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory):
    """A full copy of the repository after ``make new-chapter`` and the ``git add`` it
    prints (nothing committed): (the copy, what the command printed)."""
    root = _full_copy(tmp_path_factory.mktemp("repository") / "book")
    run = _run(root, "-m", "booktools.newchapter", SUBJECT, TITLE)
    assert run.returncode == 0, run.stdout + run.stderr
    add = [line.strip() for line in run.stdout.splitlines()
           if line.strip().startswith("git add ")]
    assert len(add) == 1, run.stdout
    subprocess.run(shlex.split(add[0]), cwd=root, check=True, capture_output=True)
    return root, run.stdout


def test_the_fast_suite_passes_on_a_scaffolded_chapter(scaffolded):
    """The tests of the fast suite that find a chapter by themselves pass on the scaffolded
    one, in a full copy of the repository after ``make new-chapter`` and ``git add``.

    What runs (about half a minute): the chapter's own tests and doctests; every test
    parametrised over the exercises (tests/test_exercises.py, the split grader's and the
    hidden cases' tests), the widgets (tests/test_widgets.py), the exercise notebooks
    (nbgrader's metadata check, the solutions on other seeds) and the slip files
    (tests/test_slips_named.py), for the new chapter only, selected by its name in their
    ids; the prose of its pages (tests/test_prose.py, by the subject's name in their ids); and
    the tests that go over every chapter at once (WHOLE_BOOK_TESTS: the chapters' layout and
    tables of contents, the links between a chapter's pages in its download, the download
    menu of every page, the layers, the exercise notebooks' sync, points and labels, the
    install cells, the line and figure limits, the package's folders and dependencies, the
    grader's references and sandbox, the student release and its leak scan).

    Why that is enough: every other test of the fast suite names the chapters it tests
    (tests/test_<subject>.py, tests/test_checks_<subject>.py, tests/test_figures_<subject>.py
    and the grader's tests on chapters 4 and 7), so a new chapter cannot change its outcome;
    and the parametrised tests run for the other chapters in the suite itself, unchanged by
    this one. The notebooks are executed by the test above and by tests/test_notebooks.py
    (marked ``notebooks``), the book by tests/test_reader_view.py.
    """
    root, printed = scaffolded
    selection = " or ".join([SUBJECT, *WHOLE_BOOK_TESTS])
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider",
         "-m", "not notebooks", "-k", selection, *CHAPTER_FINDING_FILES,
         f"tests/test_{SUBJECT}.py", f"robodyn/{SUBJECT}", f"robodyn/figures/{SUBJECT}.py",
         f"robodyn/checks/{SUBJECT}.py"],
        cwd=root, env=_environment(root), text=True, capture_output=True, timeout=600)
    report = run.stdout[-8000:] + run.stderr[-3000:]
    assert run.returncode == 0, report
    passed = re.findall(r"^PASSED (\S+?)::", run.stdout, re.MULTILINE)
    for name in (*CHAPTER_FINDING_FILES, f"tests/test_{SUBJECT}.py",
                 f"robodyn/{SUBJECT}/model.py"):
        assert name in passed, f"no test of {name} ran:\n{report}"
    for exercise in newchapter.POINTS:
        assert f"test_reference_passes[{SUBJECT}.{exercise}]" in run.stdout, report
    assert f"test_every_control_to_its_limits_and_back[{SUBJECT}." in run.stdout, report
    for path in (f"tests/slips/{SUBJECT}.py", f"tests/slips/second/{SUBJECT}.py"):
        assert re.search(rf"SKIPPED .*{re.escape(path)} is a placeholder: written by make "
                         rf"new-chapter", run.stdout), report
    assert "git add" in printed and f"robodyn/{SUBJECT}/model.py" in printed
