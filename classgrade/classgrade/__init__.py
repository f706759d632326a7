"""Grade a class's exercise notebooks of the course book *Robot dynamics, hands-on*.

The class-grading run, beside the book's package ``robodyn``, which it uses through its
exercise registry and check library (:mod:`robodyn.grading`) and the notebooks' cell metadata:

- :mod:`classgrade.handin`: a hand-in's answer cells, and only those;
- :mod:`classgrade.sandbox`: one hand-in graded: its answers run in a kernel in a bubblewrap
  sandbox (:mod:`classgrade.bwrap`), the calls' results judged outside it;
- :mod:`classgrade.harness` and :mod:`classgrade.plaindata`: the part that runs in the kernel,
  and the plain data it sends back;
- :mod:`classgrade.classroom` and :mod:`classgrade.reports`: a folder of hand-ins into a
  gradebook, feedback pages and a summary;
- the commands: :mod:`classgrade.grade` (``make grade``), :mod:`classgrade.checknb`
  (``make check``), :mod:`classgrade.release` (``make student-release``);
- beyond one machine: :mod:`classgrade.job` (one hand-in graded as a job of its own, for a
  cluster or a learning platform's runner) and :mod:`classgrade.gradescope` (``make
  gradescope``: a Gradescope autograder bundle, and the grading inside it).
"""
