"""The exercise notebooks are generated from the solutions and kept in sync."""

import re

import nbformat
import pytest

from booktools.chapters import chapters
from booktools.exercisegen import (
    make_exercise_notebook,
    out_of_date,
    strip_solutions,
)
from robodyn.core.errors import ParameterError
from robodyn.grading import INSTALL_CELL_ID, cell_points


def test_code_solution_replaced_by_stub_with_marker_indent():
    """A marked code answer becomes one raise line, indented like the marker."""
    source = (
        "def f(x):\n    ### BEGIN SOLUTION\n    y = 2 * x\n    return y\n    ### END SOLUTION\n"
    )
    assert strip_solutions(source, "Exercise 4.2", "code") == (
        'def f(x):\n    raise NotImplementedError("Exercise 4.2")\n'
    )


def test_text_outside_markers_is_kept():
    """Lines before and after the markers stay as they are."""
    source = "a = 1\n### BEGIN SOLUTION\nb = 2\n### END SOLUTION\nc = 3\n"
    assert strip_solutions(source, "Exercise 1.1", "code") == (
        'a = 1\nraise NotImplementedError("Exercise 1.1")\nc = 3\n'
    )


def test_markdown_answer_replaced_by_invitation():
    """A marked written answer becomes an invitation to write it."""
    source = "Why?\n\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION\n"
    assert strip_solutions(source, "Exercise 1.1", "markdown") == (
        "Why?\n\n*Write your answer here.*\n"
    )


@pytest.mark.parametrize(
    "source",
    [
        "### BEGIN SOLUTION\nx = 1\n",
        "x = 1\n### END SOLUTION\n",
        "### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION\n",
    ],
)
def test_unbalanced_markers_raise(source):
    """Unbalanced markers are an error naming the exercise, not a silent leak."""
    with pytest.raises(ParameterError, match="Exercise 9.9"):
        strip_solutions(source, "Exercise 9.9", "code")


def test_label_comes_from_nearest_exercise_heading():
    """Each stub names the exercise whose heading is above it; outputs are dropped."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Exercises — with solutions"),
        nbformat.v4.new_markdown_cell("## Exercise 4.1: first"),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\na = 1\n### END SOLUTION"),
        nbformat.v4.new_code_cell('grading.check("x.first", a)'),
        nbformat.v4.new_markdown_cell("## Exercise 4.2: second"),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\nb = 1\n### END SOLUTION"),
        nbformat.v4.new_code_cell('grading.check("x.second", b)'),
    ]
    notebook.metadata["robodyn"] = {"points": {"x.first": 1, "x.second": 2}}
    notebook.cells[2].outputs = [nbformat.v4.new_output("stream", text="x")]
    exercise = make_exercise_notebook(notebook)
    assert exercise.cells[0].source == "# Exercises"
    assert exercise.cells[2].source == 'raise NotImplementedError("Exercise 4.1")\n'
    assert exercise.cells[5].source == 'raise NotImplementedError("Exercise 4.2")\n'
    assert exercise.cells[2].outputs == []
    assert "b = 1" in notebook.cells[5].source, "the solutions notebook must not change"


def test_marker_before_any_exercise_heading_raises():
    """A solution with no exercise heading above it cannot be labelled: error."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("### BEGIN SOLUTION\na = 1\n### END SOLUTION")]
    with pytest.raises(ParameterError, match="Exercise N.M"):
        make_exercise_notebook(notebook)


@pytest.mark.solutions
def test_exercises_folder_is_in_sync_with_solutions(root):
    """exercises/ holds exactly what `make exercises` generates from solutions/."""
    problems = out_of_date(root / "solutions", root / "exercises")
    assert problems == [], "\n".join(problems) + "\nRun `make exercises`."


@pytest.mark.solutions
def test_stale_exercise_is_detected(root, tmp_path):
    """The sync check notices a hand edit in an exercise notebook."""
    for source in (root / "solutions").glob("*.ipynb"):
        notebook = make_exercise_notebook(nbformat.read(source, as_version=4))
        notebook.cells.append(nbformat.v4.new_markdown_cell("edited by hand"))
        nbformat.write(notebook, tmp_path / source.name)
    assert out_of_date(root / "solutions", tmp_path)


@pytest.mark.solutions
def test_every_solutions_notebook_has_marked_answers(root):
    """Each solutions notebook marks its answers, so its exercises hold stubs."""
    paths = sorted((root / "solutions").glob("*.ipynb"))
    assert paths, "no solutions notebooks found"
    for path in paths:
        exercise = make_exercise_notebook(nbformat.read(path, as_version=4))
        stubs = [c for c in exercise.cells if "raise NotImplementedError(" in c.source]
        assert len(stubs) >= 4, f"{path.name}: only {len(stubs)} marked answers"


# --------------------------------------------------------------------------- grading metadata


def two_exercises(points=(("x.first", 1), ("x.second", 3))):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Exercises — with solutions"),
        nbformat.v4.new_code_cell("from robodyn import grading"),
        nbformat.v4.new_markdown_cell("## Exercise 4.1: first"),
        nbformat.v4.new_code_cell("def f(x):\n    ### BEGIN SOLUTION\n    return x\n"
                                  "    ### END SOLUTION"),
        nbformat.v4.new_code_cell('grading.check("x.first", f)'),
        nbformat.v4.new_markdown_cell("## Exercise 4.2: second"),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\ng = abs\n### END SOLUTION"),
        nbformat.v4.new_code_cell("grading.check('x.second', g)"),
    ]
    if points is not None:
        notebook.metadata["robodyn"] = {"points": dict(points),
                                        "points_rationale": "1 for f, 3 for g."}
    return notebook


def test_answer_and_check_cells_carry_their_role_exercise_and_nbgrader_metadata():
    exercise = make_exercise_notebook(two_exercises({"x.first": 1, "x.second": 3}))
    roles = [cell.metadata.get("robodyn") for cell in exercise.cells]
    assert roles == [None, None, None, {"role": "answer", "exercise": "x.first"},
                     {"role": "check", "exercise": "x.first"}, None,
                     {"role": "answer", "exercise": "x.second"},
                     {"role": "check", "exercise": "x.second"}]
    grader = [cell.metadata["nbgrader"] for cell in exercise.cells]
    assert all(g["schema_version"] == 3 and g["task"] is False for g in grader)
    answer, check = grader[3], grader[4]
    assert (answer["solution"], answer["grade"], answer["locked"]) == (True, False, False)
    assert (check["solution"], check["grade"], check["locked"]) == (False, True, True)
    assert check["points"] == 1 and grader[7]["points"] == 3
    assert [grader[i]["grade_id"] for i in (3, 4, 6, 7)] == [
        "x_first-answer", "x_first-check", "x_second-answer", "x_second-check"]
    others = [grader[i] for i in (0, 1, 2, 5)]
    assert all(g["locked"] and not g["solution"] and not g["grade"] for g in others)
    ids = [g["grade_id"] for g in grader]
    assert len(set(ids)) == len(ids)
    assert ids[0] == f"cell-{exercise.cells[0].id}"


@pytest.mark.parametrize("change, message", [
    (lambda nb: nb.cells.pop(4), "no check cell after it"),
    (lambda nb: nb.cells.pop(7), "no check cell after it"),
    (lambda nb: nb.cells.append(nbformat.v4.new_code_cell('grading.check("x.first", f)')),
     "two check cells"),
    (lambda nb: nb.metadata.update(robodyn={"points": {"x.third": 2}}), "x.third"),
    (lambda nb: nb.metadata.update(robodyn={"points": {"x.first": -1}}), "positive"),
    (lambda nb: nb.metadata.update(robodyn={"points": {"x.first": 1}}), "no points to"),
    (lambda nb: nb.metadata.update(robodyn={}), "no points to"),
    (lambda nb: nb.metadata["robodyn"]["points"].update({"x.first": "2"}), "positive"),
    (lambda nb: nb.metadata["robodyn"]["points"].update({"x.first": True}), "positive"),
    (lambda nb: nb.metadata["robodyn"]["points"].update({"x.first": float("nan")}),
     "positive"),
    (lambda nb: nb.metadata["robodyn"].update(points_rationale=3), "rationale"),
])
def test_grading_metadata_refuses_what_it_cannot_label(change, message):
    notebook = two_exercises()
    change(notebook)
    with pytest.raises(ParameterError, match=message):
        make_exercise_notebook(notebook)


@pytest.mark.checks
def test_the_book_exercises_are_labelled_for_grading(root):
    """Every exercise notebook of the book: one answer and one check cell per exercise id, the
    check cells locked grade cells, unique grade ids, and the ids the checks know."""
    from robodyn.grading import get_exercise

    for path in sorted((root / "exercises").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        roles = [cell.metadata.get("robodyn") for cell in notebook.cells]
        checked = [r["exercise"] for r in roles if r and r["role"] == "check"]
        answered = [r["exercise"] for r in roles if r and r["role"] == "answer"]
        assert len(checked) >= 4 and sorted(set(checked)) == sorted(checked), path
        assert sorted(set(answered)) == sorted(checked), path
        for exercise_id in checked:
            get_exercise(exercise_id)                   # raises if no check knows it
        labelled = [cell for cell in notebook.cells if cell.get("id") != INSTALL_CELL_ID]
        ids = [cell.metadata["nbgrader"]["grade_id"] for cell in labelled]
        assert len(set(ids)) == len(ids), path
        assert "nbgrader" not in notebook.cells[0].metadata     # installcell's own cell


def test_each_exercise_heading_shows_its_points():
    """The exercise notebook's headings show each exercise's points; the solutions' do not."""
    solution = two_exercises({"x.first": 1, "x.second": 2.5})
    exercise = make_exercise_notebook(solution)
    assert exercise.cells[2].source == "## Exercise 4.1: first (1 point)"
    assert exercise.cells[5].source == "## Exercise 4.2: second (2.5 points)"
    assert solution.cells[2].source == "## Exercise 4.1: first"
    assert "points" not in exercise.metadata["robodyn"]          # the check cells carry them
    assert exercise.metadata["robodyn"]["points_rationale"] == "1 for f, 3 for g."


@pytest.mark.parametrize("value", [None, 0, -2, "3", True, float("nan"), float("inf"), [2]])
def test_a_check_cell_without_positive_points_is_refused(value):
    """cell_points refuses a check cell whose nbgrader points are missing or not > 0."""
    exercise = make_exercise_notebook(two_exercises())
    assert cell_points(exercise) == {"x.first": 1, "x.second": 3}
    if value is None:
        del exercise.cells[4].metadata["nbgrader"]["points"]
    else:
        exercise.cells[4].metadata["nbgrader"]["points"] = value
    with pytest.raises(ParameterError, match="x.first.*positive number"):
        cell_points(exercise)


def test_every_book_exercise_has_points_by_difficulty(root):
    """Every check cell of the book's exercise notebooks has its points (positive numbers,
    from the solutions notebook, which the sync test compares), each chapter gives a rationale,
    and not all exercises of a chapter weigh the same."""
    paths = sorted((root / "exercises").glob("*.ipynb"))
    assert paths
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        points = cell_points(notebook)
        assert len(points) >= 4 and len(set(points.values())) > 1, path.name
        assert len(notebook.metadata["robodyn"]["points_rationale"]) > 40, path.name


# --------------------------------------------------------------------------- plain Markdown

#: MyST syntax that Jupyter and a downloaded bundle show as raw text: a role ({numref}`...`,
#: {ref}, {eq}, {doc}, {cite}), a directive's fence (```{note}), a target line ((label)=) and
#: an equation's label after its closing $$.
MYST_ONLY = {
    "role": r"\{[A-Za-z][\w:.+-]*\}`[^`\n]*`?",
    "directive": r"(?m)^[ \t>]*(?:`{3,}|~{3,}|:{3,})[ \t]*\{[^}\n]+\}",
    "target": r"(?m)^[ \t>]*\([^()\s]+\)=[ \t]*$",
    "equation label": r"(?m)\$\$[ \t]*\([\w:.-]+\)[ \t]*$",
}


def myst_only(source: str) -> list[tuple[str, str]]:
    """(kind, text) of each piece of MyST-only syntax in a Markdown source."""
    return [(kind, found.group().strip()) for kind, pattern in MYST_ONLY.items()
            for found in re.finditer(pattern, source)]


@pytest.mark.parametrize("source, kinds", [
    ("See {numref}`section %s <sec-fr-models>` of the chapter.", ["role"]),
    ("By {eq}`dd-odometry` and {ref}`How we know <sec-x>`.", ["role", "role"]),
    ("```{note}\nRead this.\n```", ["directive"]),
    (":::{admonition} Hint\ntext\n:::", ["directive"]),
    ("(sec-egg-shell)=\n## The shell", ["target"]),
    ("$$\nx = 1\n$$ (egg-x)", ["equation label"]),
    ("See [section 2.1.1](../chapters/02_friction/01_models.ipynb), where "
     "$\\operatorname{sign}(v)$ and `np.sign` and $\\tfrac{1}{2}$ appear.", []),
    ("```python\nx = {1: 2}\n```\n> **Note:** (a remark) = fine.", []),
])
def test_the_myst_only_patterns_find_what_jupyter_shows_raw(source, kinds):
    assert [kind for kind, _ in myst_only(source)] == kinds


def test_exercise_notebooks_hold_plain_markdown_only(root):
    """No Markdown cell of exercises/*.ipynb holds a MyST role, directive, target or equation
    label: a student opens the notebook in Jupyter or from a downloaded bundle, where they
    show as raw text. Cross-references are Markdown links with the number in their text."""
    paths = sorted((root / "exercises").glob("*.ipynb"))
    assert paths
    found = [f"{path.name}, cell {index}: {kind} {text}"
             for path in paths
             for index, cell in enumerate(nbformat.read(path, as_version=4).cells)
             if cell.cell_type == "markdown"
             for kind, text in myst_only(cell.source)]
    assert not found, "MyST syntax Jupyter shows raw:\n" + "\n".join(found)


def test_the_exercises_links_lead_to_the_pages_their_numbers_name(root):
    """Every relative link of an exercise notebook leads to a file, without a ``#fragment``
    (the book's MyST resolves one only to a heading slug, and it makes none, so the -W build
    would fail), and a number in its text ("section 2.2.1", "equation (4.9)", "chapter 5")
    is that of the page it leads to, as the table of contents numbers it: chapter N, its
    lessons N.1, N.2, ..., their ``##`` sections N.M.1, N.M.2, ..."""
    numbers = {}                    # page -> (chapter, lesson or None, its ## sections)
    for chapter in chapters(root):
        numbers[chapter.opening.resolve()] = (chapter.number, None, 0)
        for index, lesson in enumerate(chapter.lessons, start=1):
            cells = nbformat.read(lesson, as_version=4).cells
            headings = sum(line.startswith("## ") for cell in cells
                           if cell.cell_type == "markdown" for line in cell.source.split("\n"))
            numbers[lesson.resolve()] = (chapter.number, index, headings)
    problems, seen = [], 0
    for path in sorted((root / "exercises").glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "markdown":
                continue
            for text, target in re.findall(r"\[([^\]]*)\]\(([^)\s]+)\)", cell.source):
                if re.match(r"[a-z]+:", target):
                    continue                # a web address
                seen += 1
                where = f"{path.name}: [{text}]({target})"
                page = (path.parent / target.split("#")[0]).resolve()
                if "#" in target:
                    problems.append(f"{where}: a #fragment the book cannot resolve")
                if not page.is_file():
                    problems.append(f"{where}: no such file")
                    continue
                chapter, lesson, headings = numbers.get(page, (None, None, 0))
                named = re.search(r"(?i)\b(section|equation|chapter) \(?(\d+)(?:\.(\d+))?"
                                  r"(?:\.(\d+))?", text)
                if not named:
                    continue
                kind, parts = named[1].lower(), [int(p) for p in named.groups()[1:] if p]
                right = parts[0] == chapter and (
                    kind != "section" or (len(parts) >= 2 and parts[1] == lesson
                                          and (len(parts) == 2 or parts[2] <= headings)))
                if not right:
                    problems.append(f"{where}: the page is chapter {chapter}, lesson "
                                    f"{lesson} ({headings} sections)")
    assert seen >= 20
    assert not problems, "\n".join(problems)
