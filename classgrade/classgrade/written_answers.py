"""Right answers written into the student release's files, found by running them.

The release's text scan (:mod:`classgrade.release`) looks for the solutions' own lines. An
answer written another way, in a test that needs a right answer to check the grader, in a
docstring's example, in a hand-in a test builds as a string, passes under it. This scan finds
those by what they do: every function in the release's Python files and notebooks that bears
the name of an exercise's function (a ``def`` in the code, or in a string that is code) is
run through that exercise's check, on the answer key's cases; one that passes is an answer a
student can copy.

Only code that can do nothing but compute is run: a function whose every name is its own
(arguments, locals), NumPy, SciPy, SymPy, math or cmath, or a harmless built-in
(:data:`BUILTINS`), with no attribute that starts with an underscore and no import of
anything else. The book's tests hold hostile hand-ins as strings (code that writes files,
starts processes, loops for ever); those use other names and are never run, only counted
(:func:`scan`'s second list). A check's own time limits stop an answer that runs too long.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

__all__ = ["BUILTINS", "MODULES", "NOT_SEARCHED", "Candidate", "candidates", "runnable", "scan"]

#: Not searched here: the book's package, which ``make answers-scan``
#: (tests/package_answers.py) searches with every argument order and a parameter the exercise
#: does not pass filled in; and the template of ``make new-chapter``, whose example chapter
#: answers its own example exercises until its author replaces them (that scan reports it).
NOT_SEARCHED = ("robodyn/", "booktools/booktools/newchapter.py")
#: Modules a function may import or use by these names.
MODULES = {"np": "numpy", "numpy": "numpy", "math": "math", "cmath": "cmath", "sp": "sympy",
           "sympy": "sympy", "scipy": "scipy"}
#: Built-ins a computing function may call.
BUILTINS = frozenset({"abs", "all", "any", "bool", "complex", "divmod", "enumerate", "float",
                      "int", "isinstance", "len", "list", "max", "min", "pow", "range",
                      "reversed", "round", "sorted", "sum", "tuple", "zip", "dict", "set",
                      "map", "filter", "ValueError", "ZeroDivisionError", "True", "False",
                      "None"})


class Candidate:
    """A function named as an exercise's: where it is written, and its source."""

    def __init__(self, file: str, line: int, name: str, source: str):
        self.file, self.line, self.name, self.source = file, line, name, source

    def __repr__(self) -> str:
        return f"{self.file}:{self.line}: {self.name}"


def candidates(file: str, text: str, names: set[str]) -> list[Candidate]:
    """The functions named in ``names`` that ``text`` (Python, or a notebook's cells one after
    the other) defines, as code or in a string constant that is code."""
    found: list[Candidate] = []
    tree = _parse(text)
    if tree is None:
        return found
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in names:
            source = ast.get_source_segment(text, node)
            if source:
                found.append(Candidate(file, node.lineno, node.name, textwrap.dedent(
                    " " * node.col_offset + source)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and "def " in node.value:
            code = textwrap.dedent(node.value)
            inner = _parse(code)
            statements = inner.body if inner is not None else []
            # the function and the imports of computing modules beside it (a hand-in's text
            # holds other statements too, a check's call, ...)
            imports = [ast.get_source_segment(code, statement) for statement in statements
                       if isinstance(statement, (ast.Import, ast.ImportFrom))
                       and _computing(statement)]
            for definition in statements:
                if isinstance(definition, ast.FunctionDef) and definition.name in names:
                    source = "\n".join([*imports, ast.get_source_segment(code, definition)])
                    found.append(Candidate(file, node.lineno, definition.name, source))
    return found


def _computing(statement: ast.Import | ast.ImportFrom) -> bool:
    """True if the import brings in computing modules only (:data:`MODULES`)."""
    modules = [alias.name for alias in statement.names] if isinstance(statement, ast.Import) \
        else [statement.module or ""]
    return all(module.split(".")[0] in set(MODULES.values()) for module in modules)


def _parse(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def runnable(source: str, name: str) -> bool:
    """True if the function ``name`` of ``source`` (with the imports beside it) can do
    nothing but compute: see the module's docstring."""
    tree = _parse(source)
    if tree is None:
        return False
    definitions = [node for node in tree.body
                   if isinstance(node, ast.FunctionDef) and node.name == name]
    imports = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    if len(definitions) != 1 or len(imports) + len(definitions) != len(tree.body):
        return False
    own = set(MODULES) | BUILTINS
    for node in imports:
        if not _computing(node):
            return False
        own |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    function = definitions[0]
    for node in ast.walk(function):
        if isinstance(node, ast.arg):
            own.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)) and node is not function:
            if isinstance(node, ast.FunctionDef):
                own.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal)):
            return False
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            return False
    return all(node.id in own for node in ast.walk(function)
               if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load))


def _function(source: str, name: str):
    import cmath
    import math

    import numpy
    import scipy
    import sympy

    namespace = {"np": numpy, "numpy": numpy, "math": math, "cmath": cmath, "sp": sympy,
                 "sympy": sympy, "scipy": scipy}
    exec(compile(source, "<written answer>", "exec"), namespace)  # noqa: S102 (checked above)
    return namespace[name]


def scan(texts: dict[Path, str]) -> tuple[list[str], list[str]]:
    """Run every candidate of ``texts`` (relative path: text) that :func:`runnable` allows
    through its exercise's check (:func:`robodyn.grading.keyed_exercise`).

    Returns
    -------
    answers : list of str
        "<file>:<line>: a right answer of <exercise id> (<function>)", one per passing one.
    not_run : list of str
        The candidates not run, as "<file>:<line>: <function>".
    """
    from robodyn.grading import evaluate, exercise_ids, keyed_exercise

    exercises = {}
    for exercise_id in exercise_ids():
        exercises.setdefault(keyed_exercise(exercise_id).function_name, []).append(exercise_id)
    answers, not_run = [], []
    for file, text in sorted(texts.items()):
        if Path(file).suffix not in (".py", ".ipynb") \
                or Path(file).as_posix().startswith(NOT_SEARCHED):
            continue
        for candidate in candidates(Path(file).as_posix(), text, set(exercises)):
            if not runnable(candidate.source, candidate.name):
                not_run.append(repr(candidate))
                continue
            for exercise_id in exercises[candidate.name]:
                try:
                    answer = _function(candidate.source, candidate.name)
                except Exception:  # a fragment that does not run on its own: no answer
                    continue
                outcome = evaluate(keyed_exercise(exercise_id), answer)
                if outcome.failure is None:
                    answers.append(f"{candidate!r}: a right answer of {exercise_id}")
    return answers, not_run
