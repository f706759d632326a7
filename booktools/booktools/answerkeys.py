"""Write the answer keys: each subject's exercises compiled into data for the notebooks' checks.

``robodyn/checks/<subject>.py`` holds the exercises' references and typical mistakes, which
only the instructors' repository has; :mod:`robodyn.grading.answerkey` explains what the key
of a subject holds instead and how a check judges with it. ``make exercises`` runs this
module, after it writes ``exercises/``; a test fails while a key differs from what its check
module compiles to.

Command line::

    python -m booktools.answerkeys           # write robodyn/grading/keys/<subject>.json
    python -m booktools.answerkeys egg       # write robodyn/grading/keys/egg.json alone
    python -m booktools.answerkeys --check   # only report the keys that are out of date
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
from pathlib import Path

from robodyn.core.errors import ParameterError
from robodyn.grading.answerkey import KEYS, compile_exercises, key_path, key_text, keyed_subjects
from robodyn.grading.registry import exercises_of, subjects

#: Two keys are the same if they differ only in numbers this close (relative, or absolute
#: near zero). A key compiled on another processor differs in its last bits (OpenBLAS picks
#: its kernels by the processor): the keys written on one machine differed, compiled on an
#: AMD EPYC without AVX-512, in 62 last digits of chapter 4's key alone, and, where an
#: adaptive simulation carried such a bit on, by 1.1e-9 in one value of a typical mistake of
#: chapter 6 (mistakes are recognised within 1e-6). A change of a check changes its key by
#: far more.
SAME_RTOL, SAME_ATOL = 1e-8, 1e-12


@functools.cache
def compiled(subject: str) -> str:
    """The text of ``subject``'s key as its check module compiles to now (once a process: the
    check modules do not change while it runs, and a compile runs every exercise's cases)."""
    return key_text(compile_exercises(exercises_of(subject).values()))


def same_key(text: str, other: str) -> bool:
    """Whether two key texts hold the same key: the same structure, strings, whole numbers
    and flags, and numbers equal within :data:`SAME_RTOL` and :data:`SAME_ATOL`."""
    return text == other or _same(json.loads(text), json.loads(other))


def _same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return math.isclose(a, b, rel_tol=SAME_RTOL, abs_tol=SAME_ATOL)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def out_of_date(folder: Path = KEYS) -> list[str]:
    """What differs between the key files in ``folder`` and what the check modules compile to:
    a missing key, a key that differs, a key of a subject without a check module."""
    problems = []
    for subject in subjects():
        path = key_path(subject, folder)
        if not path.is_file():
            problems.append(f"{path.name} is missing")
        elif not same_key(path.read_text(encoding="utf-8"), compiled(subject)):
            problems.append(f"{path.name} differs from what robodyn/checks/{subject}.py "
                            "compiles to")
    for subject in sorted(set(keyed_subjects(folder)) - set(subjects())):
        problems.append(f"{key_path(subject, folder).name} has no check module "
                        f"robodyn/checks/{subject}.py")
    return problems


def write_keys(folder: Path = KEYS, only: list[str] | None = None) -> list[Path]:
    """Write every subject's key into ``folder`` and remove the keys of subjects without a
    check module; return the paths written. With ``only``, write those subjects' keys alone
    (a new chapter's: compiling a key runs every case of its exercises)."""
    folder = Path(folder)
    unknown = sorted(set(only or ()) - set(subjects()))
    if unknown:
        raise ParameterError(f"only={unknown}: no check module robodyn/checks/<subject>.py for "
                         f"them; the subjects are {', '.join(subjects())}")
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for subject in only or subjects():
        path = key_path(subject, folder)
        text = compiled(subject)   # kept as it is if only the last bits differ
        if not path.is_file() or not same_key(path.read_text(encoding="utf-8"), text):
            path.write_text(text, encoding="utf-8")
        written.append(path)
    if only is None:
        for subject in set(keyed_subjects(folder)) - set(subjects()):
            key_path(subject, folder).unlink()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report, exit 1 if stale")
    parser.add_argument("subjects", nargs="*", help="write these subjects' keys only")
    args = parser.parse_args(argv)
    if args.check:
        problems = out_of_date()
        for problem in problems:
            print(problem)
        if problems:
            print("Run `make exercises` to write them again.")
        return 1 if problems else 0
    try:
        paths = write_keys(only=args.subjects or None)
    except ParameterError as error:
        parser.error(str(error))
    for path in paths:
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
