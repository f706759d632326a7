"""Typical wrong answers of a class to every auto-graded exercise, one module per subject.

Written apart from the checks (``robodyn/checks``), by someone who did not read them, from what
a student sees: the exercise notebooks, the chapters and the public grading API. Each module
holds plain functions, each one wrong answer as a student of the course would write it, with a
one-line docstring naming the slip, and a list ``SLIPS`` of ``(exercise id, function)`` pairs.
``tests/test_slips_named.py`` checks that every slip is rejected and nine in ten are named.

Every subject that has exercises has its module here (``tests/slips/<subject>.py``) and in the
second set (``tests/slips/second/<subject>.py``); the test finds them by the subject's name and
fails once for each one that is missing. A new chapter's are placeholders until someone who has
not read its checks writes them: ``make new-chapter`` writes both with ``SLIPS = []`` and
``PLACEHOLDER = "<why the file is empty>"``, which the test reports as skipped, with that reason.
Delete ``PLACEHOLDER`` when the slips are written.
"""
