"""A second class's typical wrong answers to the book's 33 auto-graded exercises.

Written after the first set (``tests/slips``) and apart from it and from the checks, by
someone who had read neither: from the exercise notebooks, the chapters and the public grading
API. It was measured blind first, before any check was changed for it: 216 of its 265 slips
named (81.5 %), none passed (the first set, measured so, had 158 of 256 named, 61.7 %, and 3
passed). One module per subject, each with a list ``SLIPS`` of ``(exercise id, function)``;
``right.py`` holds the same writer's right answer to each exercise of the first seven chapters
(``RIGHT``). A later chapter's module holds its writer's right answers itself, as ``RIGHT``
(exercise id: function) beside its ``SLIPS``; a placeholder (``PLACEHOLDER``, see
``tests/slips/__init__.py``) holds neither.
"""
