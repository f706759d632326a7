# Course book "Robot dynamics, hands-on". `make help` lists the targets.
# Everything runs inside .venv, created and filled on first use from requirements.txt,
# with the exact versions of constraints.txt (the set CI last passed with).

# Debian's and Ubuntu's own Python is built with profile-guided and link-time optimisation:
# the tests ran 21 % faster on it than on a Python built without (pyenv's default build,
# 3.11.7, on the same machine). So it is taken where it is new enough; PYTHON=... overrides.
SYSTEM_PYTHON := $(shell /usr/bin/python3 -c 'import sys; print(sys.version_info >= (3, 11))' 2>/dev/null)
PYTHON ?= $(if $(filter True,$(SYSTEM_PYTHON)),/usr/bin/python3,python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NB ?=
NAME ?=
TITLE ?=
DIR ?=
FULL ?=
ROSTER ?=
OUT ?=
DEST ?=
SEED ?=
# The student release (classgrade.release) has no solutions/: the instructors' targets
# say so instead of failing half-way.
NO_SOLUTIONS := the student release has no solutions/: this target works in the instructors'
NO_SOLUTIONS += repository only

.DEFAULT_GOAL := help
# Python keeps the compiled form of the repository's own modules (__pycache__) and pytest
# that of its rewritten test modules, even where the environment asks it not to (some
# container images set PYTHONDONTWRITEBYTECODE): without it every one of the hundred-odd
# processes a test run starts (kernels, graders, workers) compiles them again, 4 s of each
# worker's collection alone.
unexport PYTHONDONTWRITEBYTECODE
.PHONY: help python book book-instructor pdf test test-fast answers-scan screenshots lab check grade gradescope exercises new-chapter student-release constraints benchmarks clean

help:
	@echo "make book             build the student edition (HTML) and print where it is"
	@echo "make pdf              build the book, then print it to _build/pdf: the whole book and each chapter (CHAPTER=<stem>: one)"
	@echo "make test             everything CI runs: unit tests, notebooks, exercise sync, book, reader's view"
	@echo "make test-fast        unit tests and exercise checks only: no notebooks, no book (3.5 to 6 min on 2 cores, by the machine)"
	@echo "make screenshots      build the book and screenshot every page at 1280 and 390 px into _build/screenshots"
	@echo "make lab              open JupyterLab on the repository"
	@echo "make check NB=exercises/<file>.ipynb   run one exercise notebook and print its results"
	@echo "make book-instructor  build the instructor edition (adds the executed solutions)"
	@echo "make grade DIR=<folder of hand-ins>   grade a class: gradebook.csv, feedback/, summary.html in <DIR>-grades (OUT=... to choose)"
	@echo "make gradescope NB=exercises/<file>.ipynb   a Gradescope autograder: _build/gradescope/<file>.zip (SEED=... to fix the hidden cases' seed)"
	@echo "make answers-scan     does a callable of robodyn answer an exercise? (about 6 min on two cores)"
	@echo "make exercises        regenerate the install cells (from _config.yml), exercises/ (from solutions/) and the answer keys (from robodyn/checks/)"
	@echo "make new-chapter NAME=<module> TITLE=\"<title>\"   write a new chapter's files, with a working example to replace"
	@echo "make student-release DEST=<new folder>   copy the repository for students: no solutions/, no history"
	@echo "make benchmarks       print speed figures"
	@echo "make constraints      re-pin constraints.txt to what .venv holds now"

# The Python that builds .venv (.ci/run asks here, to install what its venv module needs).
python:
	@echo $(PYTHON)

# numba compiles chapters 6 and 7's equations once, here (about 25 s; each compile_ahead),
# as pip compiles the installed Python files: a fresh clone's notebooks and tests would
# otherwise compile the same code several times side by side.
# setuptools announces every editable install with a notice printed as a warning ("Editable
# installation ... be careful with folders of the same name"); it is information, not a fault.
# rfc3987-syntax comes with jsonschema's optional format checkers (through jupyter-events) and
# compiles 38 grammars whenever jsonschema is imported: 1.4 s added to every process that
# imports nbformat (each grading job, each notebook check, the book build). It checks only
# the "iri" format, which no notebook or Jupyter schema uses; jsonschema does without it
# (python-jsonschema/jsonschema#1428). So it is removed again.
$(STAMP): requirements.txt constraints.txt pyproject.toml
	@py=$$(test -x $(BIN)/python && echo $(BIN)/python || echo $(PYTHON)); $$py -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "make: the book's environment needs Python 3.11 or newer ($$py is $$($$py -V 2>&1)); give one with PYTHON=python3.12, for example" >&2; exit 2; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet -r requirements.txt -c constraints.txt
	$(BIN)/python -m pip uninstall --quiet --yes rfc3987-syntax
	$(BIN)/python -c "import robodyn.egg, robodyn.vacuum; robodyn.egg.compile_ahead(); robodyn.vacuum.compile_ahead()"
	@touch $(STAMP)

book: $(STAMP)
	$(BIN)/python -m booktools.bookbuild

# The book printed by Chromium from the built site (booktools/pdf.py): numbered as the site,
# offline, A4, one file for the whole book and one per chapter.
pdf: book
	$(BIN)/python -m booktools.pdf $(if $(CHAPTER),--only "$(CHAPTER)")

book-instructor:
	@test -d solutions || { echo "make book-instructor: the instructor edition (the book with" \
	  "the solutions): $(NO_SOLUTIONS); make book builds the student edition" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(STAMP)
	$(BIN)/python -m booktools.bookbuild --instructor

# The tests spread over every core (pytest-xdist), a test module at a time, so that a module
# fixture (the book build, a graded class) is made once; the longest modules first
# (tests/conftest.py). (--dist loadgroup would be finer, but its xdist_group marks are not
# honoured with pytest 9.2 and pytest-xdist 3.8: tried, every test went its own way.)
PARALLEL := -n auto --dist loadfile --no-loadscope-reorder

test: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL)

test-fast: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) -m "not notebooks"

# Whether a callable of the package answers an exercise (tests/scan_package_answers.py):
# about four minutes of one core, so not part of `make test`; CI runs it as a phase.
answers-scan: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider -n 2 tests/scan_package_answers.py

# The reader's-view test with its screenshots (FULL=1: of the whole page, not the first two
# screens); a plain test run takes none (tests/test_reader_view.py).
screenshots: $(STAMP)
	ROBODYN_SCREENSHOTS=$(if $(FULL),full,1) $(BIN)/python -m pytest tests/test_reader_view.py -q
	@echo "screenshots: _build/screenshots (phone/ for 390 px)"

lab: $(STAMP)
	$(BIN)/jupyter lab

check: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make check NB=exercises/<file>.ipynb"; exit 2; }
	@# The table says what passed; make's own "Error 1" would only alarm a student.
	@$(BIN)/python -m classgrade.checknb $(NB) || true

grade: $(STAMP)
	@test -n "$(DIR)" || { echo "usage: make grade DIR=<folder of handed-in notebooks> [OUT=<folder for the gradebook>] [ROSTER=<roster.csv>] [OVERRIDES=<overrides.csv>] [LATE_PENALTY=<percent> | DUE=<when> LATE_PER_DAY=<percent> [LATE_CAP=<percent>] TIMES=<submission times.csv>] [STUDENT=<name or id>]"; exit 2; }
	$(BIN)/python -m classgrade.grade "$(DIR)" $(if $(OUT),--out "$(OUT)") $(if $(ROSTER),--roster "$(ROSTER)") $(if $(OVERRIDES),--overrides "$(OVERRIDES)") $(if $(LATE_PENALTY),--late-penalty "$(LATE_PENALTY)") $(if $(DUE),--due "$(DUE)") $(if $(LATE_PER_DAY),--late-per-day "$(LATE_PER_DAY)") $(if $(LATE_CAP),--late-cap "$(LATE_CAP)") $(if $(TIMES),--submission-times "$(TIMES)") $(if $(STUDENT),--student "$(STUDENT)")

# The bundle's seed of the hidden cases is drawn when it is built (SEED=N to choose it): every
# student of the assignment gets the same cases (see classgrade/classgrade/gradescope.py).
gradescope: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make gradescope NB=exercises/<file>.ipynb [SEED=<whole number>]"; exit 2; }
	$(BIN)/python -m classgrade.gradescope build "$(NB)" --out _build/gradescope $(if $(SEED),--seed "$(SEED)")

new-chapter:
	@test -n "$(NAME)" -a -n "$(TITLE)" || { echo 'usage: make new-chapter NAME=<module name> TITLE="<chapter title>"'; exit 2; }
	@test -d solutions || { echo "make new-chapter: $(NO_SOLUTIONS)" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(STAMP)
	$(BIN)/python -m booktools.newchapter "$(NAME)" "$(TITLE)"

exercises:
	@test -d solutions || { echo "make exercises: $(NO_SOLUTIONS)" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(STAMP)
	$(BIN)/python -m booktools.installcell chapters solutions
	$(BIN)/python -m booktools.exercisegen solutions exercises
	$(BIN)/python -m booktools.answerkeys

# DEST is checked before .venv is made; the tool refuses a DEST inside the repository or a
# folder that is not empty, and scans the copy for the answers (see classgrade/classgrade/release.py).
student-release:
	@test -n "$(DEST)" || { echo "usage: make student-release" \
	  "DEST=<new or empty folder outside the repository>" >&2; exit 2; }
	@test -d solutions || { echo "make student-release: $(NO_SOLUTIONS)" >&2; exit 2; }
	@$(MAKE) --no-print-directory $(STAMP)
	$(BIN)/python -m classgrade.release "$(DEST)"

# Every script of benchmarks/ (found, not listed), in name order, after the book's build (the
# pages' scripts, page_text and page_weight, measure the built pages; cached when built).
# The peers the benchmarks compare with (pinocchio) are not the book's requirements: installed
# here only, and a machine without them (offline) prints the book's figures alone.
benchmarks: book
	@$(BIN)/python -m pip install --quiet -r benchmarks/requirements.txt -c constraints.txt \
	  || echo "make benchmarks: the peers of benchmarks/requirements.txt could not be installed; their lines are skipped" >&2
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

constraints: $(STAMP)
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^-e' > constraints.txt

clean:
	rm -rf _build
