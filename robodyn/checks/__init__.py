"""The exercises of each chapter: one module per subject, found by the id's prefix.

``robodyn/checks/<subject>.py`` defines ``EXERCISES``, a tuple of
:class:`robodyn.grading.Exercise` whose ids all start with ``"<subject>."``;
``robodyn.grading.check("<subject>.<name>", answer)`` imports it on first use. Nothing else
registers a module: adding the file is enough.
"""
