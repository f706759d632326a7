"""Grade one handed-in exercise notebook: its answers run in a confined kernel, judged here.

:func:`grade_hand_in` takes the student's answer cells only (:mod:`classgrade.handin`),
puts them into a fresh copy of the official exercise notebook, and runs that in a kernel of its
own, in a temporary folder, started inside limits (:mod:`classgrade.confine`): memory, CPU
time, no network. Each official check cell is replaced by a cell that calls the answer on the
grading run's cases and writes what came back (:mod:`classgrade.harness`); the judging
(:func:`robodyn.grading.run.judge`: references, typical mistakes, the same feedback as in the
notebook) happens here, in the grader's process, which no answer can reach.

The cases are hidden from the student: the fixed cases of the notebook's check and the random
and array cases of other draws (``Exercise.hidden_cases``, with the class's seed).

Every official exercise gets one of :data:`STATUSES`; nothing a notebook does stops the
grading of the others:

- a cell running longer than the exercise limit, or the notebook over its limit: "timeout";
- a kernel that dies (``os._exit``, a segfault, killed): "crashed"; the kernel is restarted
  and the exercises after it are graded without the answer that killed it;
- MemoryError (the address space is limited): "memory limit";
- more output than the limit from one cell: "output limit" (the rest is dropped);
- an answer that calls the book's own implementation: "reference".

Command line (the folder run, :mod:`classgrade.classroom`, starts one per hand-in)::

    python -m classgrade.sandbox REQUEST.json
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import importlib
import json
import os
import pickle
import signal
import stat
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat

import robodyn
from classgrade.confine import KERNEL_USER
from classgrade.folders import PASSABLE, remove_tree, temporary_folder
from classgrade.handin import exercise_ids, read_hand_in
from classgrade.harness import COLLECTED_MIME, guarded_names
from classgrade.plaindata import Opaque, from_plain
from robodyn.core.errors import ParameterError
from robodyn.grading import INSTALL_CELL_ID
from robodyn.grading.calls import PRINTED_KEPT, Call, time_limit
from robodyn.grading.compare import Expression
from robodyn.grading.registry import get_exercise
from robodyn.grading.run import judge, not_callable

__all__ = ["ISOLATIONS", "STATUSES", "Limits", "grade_hand_in", "named_references",
           "official_points",
           "review_flags"]

#: The statuses of a graded exercise.
STATUSES = ("passed", "failed", "not attempted", "missing", "reference", "timeout", "crashed",
            "memory limit", "output limit", "invalid notebook", "other notebook",
            "grader error")
#: How a hand-in's kernel is isolated: in the sandbox, or not at all (``--no-sandbox``).
ISOLATIONS = ("bwrap", "none")
#: The name the grading notebook gives the harness's collecting function.
COLLECT = "_robodyn_grading_collect"
#: Largest results record read from a kernel, in bytes.
MAX_COLLECTED = 16 * 2**20
#: The sentence of the notebook's feedback that points at a traceback the grading run does not
#: show; replaced by the line that raised.
_TRACEBACK_LINE = "(The traceback above shows the line of your answer that raised it.)"


@dataclass(frozen=True)
class Limits:
    """Limits of one hand-in: seconds per cell (an answer, or the calls of one exercise's
    answer), seconds for the whole notebook, the kernel's memory, the output of one cell."""

    exercise_seconds: float = 60.0
    notebook_seconds: float = 600.0
    memory_bytes: int = 4 * 2**30
    output_bytes: int = 2**20

    def __post_init__(self):
        for name in ("exercise_seconds", "notebook_seconds", "memory_bytes", "output_bytes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"limit {name} must be a positive number, got {value!r}")


@dataclass
class Graded:
    """One exercise of one hand-in, as the gradebook and the feedback show it."""

    exercise: str
    status: str
    points: float
    max_points: float
    mistake: str = ""
    feedback: str = ""
    notes: list = field(default_factory=list)
    flags: list = field(default_factory=list)

    @property
    def summary(self) -> str:
        return self.feedback.strip().splitlines()[0] if self.feedback.strip() else self.status


# --------------------------------------------------------------------------- the official notebook


def official_points(official) -> dict[str, float]:
    """Points of each exercise: its check cell's nbgrader points (from the solutions notebook's
    ``metadata.robodyn.points``, written by the exercise generator), 1 if none."""
    points = {}
    for cell in official.cells:
        robodyn = cell.get("metadata", {}).get("robodyn", {})
        if robodyn.get("role") == "check":
            value = cell.metadata.get("nbgrader", {}).get("points", 1)
            points[robodyn["exercise"]] = float(value)
    return points


# --------------------------------------------------------------------------- review flags

_FLAGGED_NAMES = {
    "exec": "exec", "eval": "eval", "compile": "compile", "__import__": "__import__",
    "open": "open (file access)", "globals": "globals()", "vars": "vars()",
    "importlib": "importlib", "reload": "reload", "gc": "gc", "inspect": "inspect",
    "ctypes": "ctypes", "subprocess": "subprocess", "socket": "socket", "pickle": "pickle",
    "marshal": "marshal", "__builtins__": "__builtins__", "runpy": "runpy",
    "setattr": "setattr", "delattr": "delattr", "get_ipython": "get_ipython (the kernel)",
}
_FLAGGED_ATTRIBUTES = {
    "system": "os.system", "modules": "sys.modules", "setprofile": "sys.setprofile",
    "settrace": "sys.settrace", "_getframe": "sys._getframe", "__closure__": "__closure__",
    "__globals__": "__globals__", "__code__": "__code__", "__wrapped__": "__wrapped__",
    "cell_contents": "cell_contents", "f_globals": "frame globals", "f_back": "frames",
    "meta_path": "sys.meta_path", "harness": "the grading harness",
    "environ": "os.environ", "run_cell": "IPython's run_cell", "__dict__": "__dict__",
    "kernel": "the kernel object",
}
#: Keyword arguments that deserve a look: a code object rewritten (its file name made the
#: package's), pickled data loaded by NumPy.
_FLAGGED_KEYWORDS = {"co_filename": "a code object rewritten (co_filename)",
                     "allow_pickle": "pickled data loaded (allow_pickle)"}


#: Longest answer (characters of source) read for review flags. An answer of a few hundred
#: lines is under 20,000; a 2 MB one took 30 s and 600 MB to read, and a hand-in may be 64 MB.
MAX_REVIEWED_SOURCE = 200_000


@functools.lru_cache(maxsize=4)
def _syntax_tree(source: str) -> ast.Module | None:
    """An answer's source parsed, once for the flags and the references both; None if it
    does not parse or is longer than :data:`MAX_REVIEWED_SOURCE`."""
    if len(source) > MAX_REVIEWED_SOURCE:
        return None
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None


def review_flags(source: str, references: tuple[str, ...] = ()) -> list[str]:
    """What in an answer's source deserves a look by the instructor: tools that can reach
    around the grading run (``exec``, ``gc``, a function's ``__closure__``, ...), the book's
    checks or grading modules, and the exercise's package references by name; an answer
    too long to be read for them (:data:`MAX_REVIEWED_SOURCE`) is flagged as such."""
    if len(source) > MAX_REVIEWED_SOURCE:
        return [f"an answer of {len(source) // 1000:,} thousand characters: too long to be "
                "read for review flags; look at it"]
    tree = _syntax_tree(source)
    if tree is None:
        return []
    flags = {f"names the book's own {name}" for name in named_references(source, references)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in _FLAGGED_NAMES:
            flags.add("uses " + _FLAGGED_NAMES[node.id])
        elif isinstance(node, ast.Attribute) and node.attr in _FLAGGED_ATTRIBUTES:
            flags.add("uses " + _FLAGGED_ATTRIBUTES[node.attr])
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            for module in modules:
                top = module.split(".")[0]
                if top in _FLAGGED_NAMES:
                    flags.add("imports " + top)
                if module.startswith(("robodyn.checks", "robodyn.grading")):
                    flags.add("imports " + module)
            if isinstance(node, ast.ImportFrom) and node.module == "robodyn":
                for alias in node.names:
                    if alias.name in ("checks", "grading"):
                        flags.add(f"imports robodyn.{alias.name}")
        elif isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__name__"
                for target in node.targets):
            flags.add("sets __name__")
        elif isinstance(node, ast.keyword) and node.arg in _FLAGGED_KEYWORDS:
            flags.add("uses " + _FLAGGED_KEYWORDS[node.arg])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "getattr" and len(node.args) >= 2 \
                and not isinstance(node.args[1], ast.Constant):
            flags.add("uses getattr with a name made at run time")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and ("/grading" in node.value or "job.pickle" in node.value):
            flags.add("names the grading run's own files")
    return sorted(flags)


def named_references(source: str, references: tuple[str, ...]) -> list[str]:
    """The package references that an answer's source names, through whatever import:
    ``robodyn.diffdrive.forward_kinematics``, ``from robodyn.diffdrive import
    forward_kinematics as fk``, ``import robodyn.diffdrive as dd; dd.forward_kinematics``.
    (Not looked for in an answer too long to be read: :func:`review_flags` flags it, and the
    grading harness catches a reference's call whatever the source.)"""
    tree = _syntax_tree(source)
    if tree is None:
        return []
    bound = {}   # a name the answer binds -> the dotted path it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "robodyn":
                    if alias.asname:
                        bound[alias.asname] = alias.name
                    else:
                        bound["robodyn"] = "robodyn"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == \
                "robodyn" and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    wanted = {path: reference for reference in references
              for path in (reference, _home(reference)) if path}
    found = {wanted[path] for path in bound.values() if path in wanted}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            path = _dotted(node, bound)
            if path in wanted:
                found.add(wanted[path])
    return sorted(found)


def _home(reference: str) -> str | None:
    """Where the function ``reference`` is defined, when that differs from its name: a
    subject package's face (``robodyn.diffdrive.forward_kinematics``) offers functions of
    its modules (``robodyn.diffdrive.kinematics.forward_kinematics``)."""
    module_name, _, attribute = reference.rpartition(".")
    try:
        function = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError):
        return None
    home = f"{getattr(function, '__module__', '')}.{getattr(function, '__qualname__', '')}"
    return home if home != reference else None


def _dotted(node, bound: dict) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in bound:
        return None
    return ".".join([bound[node.id], *reversed(parts)])


# --------------------------------------------------------------------------- the grading notebook


@dataclass
class _Step:
    """One cell of the grading notebook: what it is ("harness", "setup", "answer", "collect")
    and the exercise it belongs to."""

    role: str
    source: str
    exercise: str = ""


def _plan(official, hand_in, collected: list[str], job_file: str) -> list[_Step]:
    """The cells of the grading notebook, in the official order; ``job_file`` is the job's
    path as the kernel sees it."""
    steps = [_Step("harness", "import classgrade.harness\n"
                              f"{COLLECT} = classgrade.harness.start({job_file!r})")]
    written = set()
    for cell in official.cells:
        if cell.cell_type != "code" or cell.get("id") == INSTALL_CELL_ID:
            continue
        robodyn = cell.get("metadata", {}).get("robodyn", {})
        role, exercise = robodyn.get("role"), robodyn.get("exercise", "")
        if role == "answer":
            answer = hand_in.answers.get(exercise)
            if answer is not None and answer.status == "answered" and exercise in collected:
                if exercise not in written:
                    steps.append(_Step("answer", answer.source, exercise))
                    written.add(exercise)
            else:
                steps.append(_Step("setup", cell.source, exercise))  # the official stub
        elif role == "check":
            if exercise in collected:
                steps.append(_Step("collect", f"{COLLECT}({exercise!r})", exercise))
        else:
            steps.append(_Step("setup", cell.source))
    return steps


def _symbolic(exercise) -> bool:
    """True if an output of the exercise is a sympy expression (read by sympy in the kernel)."""
    return any(isinstance(output.compare, Expression) for output in exercise.outputs)


def _job(exercises: list[str], seed: int, rounds: int, block_sockets: bool) -> dict:
    """What the kernel's harness needs: per exercise the function's name, the adapter, the
    cases' arguments and the package references to guard."""
    job = {"exercises": {}, "block_sockets": block_sockets}
    for exercise_id in exercises:
        exercise = get_exercise(exercise_id)
        job["exercises"][exercise_id] = {
            "function_name": exercise.function_name,
            "adapter": exercise.adapter,
            "cases": [case.args for case in exercise.hidden_cases(seed, rounds)],
            "symbolic": _symbolic(exercise),
            "guards": list(exercise.package_references),
        }
    return job


# --------------------------------------------------------------------------- the kernel


@dataclass
class _Kernel:
    """How this hand-in's kernels start: the kernel spec's folder (the grader's, out of the
    kernel's reach), the paths the kernel is given, and what confines it."""

    spec_dir: Path
    connection_file: Path
    sockets: Path
    work: Path
    job_file: str
    isolation: dict
    groups: object = None


#: The kernel's environment besides what the sandbox sets: one thread per numerical library
#: (a class is graded in parallel), no compiled bytecode written, and the grading switch.
KERNEL_ENVIRONMENT = {"MPLBACKEND": "Agg", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                      "MKL_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                      "ROBODYN_GRADING": "1"}
#: Most processes (and threads) one hand-in's sandbox may have at once.
MAX_PROCESSES = 64
def _kernel_spec(job_dir: Path, limits: Limits, isolation: str, library: Path | None) -> _Kernel:
    """Write the kernel spec that starts the kernel (in the sandbox, or, with isolation
    "none", only within the limits of :mod:`classgrade.confine`)."""
    from classgrade import bwrap

    folder = job_dir / "spec" / "kernels" / "robodyn-grading"
    folder.mkdir(parents=True)
    (job_dir / "conn").mkdir()
    sockets, work = job_dir / "sockets", job_dir / "work"
    sockets.mkdir()
    work.mkdir()
    connection_file = job_dir / "conn" / "connection.json"
    cpu = int(limits.notebook_seconds * 1.5 + 60)
    spec = {"display_name": "robodyn grading", "language": "python",
            "interrupt_mode": "message"}
    if isolation == "bwrap":
        groups = bwrap.KernelGroups(MAX_PROCESSES, int(limits.memory_bytes) + bwrap.TMPFS_BYTES)
        seccomp = bwrap.seccomp_filter(job_dir / "seccomp.bpf")
        spec["argv"] = groups.prefix + bwrap.launch_command(bwrap.kernel_command(
            library, job_dir / "job.pickle", connection_file, sockets,
            bwrap.KernelLimits(int(limits.memory_bytes), cpu, MAX_PROCESSES),
            KERNEL_ENVIRONMENT), job_dir / "bwrap-options", seccomp)
        calls = ("ptrace and the system's administration refused (seccomp)" if seccomp
                 else "no seccomp filter (libseccomp missing)")
        kernel = _Kernel(folder.parent.parent, connection_file, sockets, work, bwrap.JOB_FILE, {
            "isolation": "bubblewrap sandbox (own user, PID, IPC, UTS and network "
                         "namespaces; read-only package without checks; private /tmp; no "
                         f"capabilities; {calls})",
            "network": "none (network namespace)",
            "processes": groups.description}, groups)
    else:
        from classgrade.confine import MAX_USER_PROCESSES, can_unshare

        user, reach = _kernel_user(job_dir) if os.geteuid() == 0 else (None, "")
        unshare = can_unshare(as_root=user is not None)
        argv = [sys.executable, "-m", "classgrade.confine", "--memory",
                str(int(limits.memory_bytes)), "--cpu", str(cpu)]
        argv += ["--unshare"] if unshare else []
        if user is None:
            isolation = {"isolation": "none (--no-sandbox): the answers could read and write "
                                      "every file the grader can"
                                      + (f" (they ran as root: {reach})" if reach else ""),
                         "processes": "not limited", "kernel_user": ""}
            spec["env"] = dict(KERNEL_ENVIRONMENT)
        else:
            isolation = {"isolation": reach,
                         "processes": f"at most {MAX_USER_PROCESSES} of the user {user}",
                         "kernel_user": user}
            argv += ["--user", user, "--own", str(sockets), "--own", str(work),
                     "--read", "{connection_file}", "--read", str(job_dir / "job.pickle"),
                     *(f"--env={name}={value}" for name, value in KERNEL_ENVIRONMENT.items())]
        spec["argv"] = [*argv, "--", sys.executable, "-m", "ipykernel_launcher", "-f",
                        "{connection_file}"]
        spec["interrupt_mode"] = "signal"
        isolation["network"] = "none (network namespace)" if unshare else \
            "sockets blocked in Python only"
        kernel = _Kernel(folder.parent.parent, connection_file, sockets, work,
                         str(job_dir / "job.pickle"), isolation)
    (folder / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    return kernel


def _kernel_user(job_dir: Path) -> tuple[str | None, str]:
    """As root without the sandbox: (:data:`KERNEL_USER`, what the kernel may reach as that
    user) once the way to the kernel's files is open to it (the job folder and its ``conn/``
    may be passed through, not listed); or (None, why not): no such user, or a folder on the
    way to the Python, the packages or the job that the user cannot pass. Then the kernel runs
    as root, and the record says why."""
    from classgrade.confine import user_ids

    try:
        uid, gid = user_ids(KERNEL_USER)
    except ValueError as error:
        return None, str(error)
    def unreachable(needed: dict) -> str:
        """Why the user cannot reach the first of ``needed`` it cannot reach, or ""."""
        for what, (path, bits) in needed.items():
            blocked = _blocked_for(path, uid, gid, bits)
            if blocked:
                return f"the user {KERNEL_USER} cannot reach {what}: {blocked}"
        return ""

    why = unreachable({"the Python": (Path(sys.executable).resolve(), 0o1),
                       "the book's package": (Path(robodyn.__file__).resolve().parent, 0o5),
                       "the grader's package": (Path(__file__).resolve().parent, 0o5)})
    if not why:   # the job's folders are opened only once the rest is known to be reachable
        for folder in (job_dir, job_dir / "conn"):
            os.chmod(folder, PASSABLE)
        why = unreachable({"the job folder": (job_dir / "conn", 0o1)})
    if why:
        return None, why
    checks = Path(robodyn.__file__).resolve().parent / "checks"
    closed = bool(_blocked_for(checks / "__init__.py", uid, gid))
    return KERNEL_USER, (
        f"none (--no-sandbox): the answers ran as the unprivileged user {KERNEL_USER}, who "
        "cannot signal or read the grader's processes or write its files; the book's checks "
        + ("were closed to it" if closed else
           "were readable by it (close robodyn/checks to other users: chmod -R o-rwx)"))


def _blocked_for(path: Path, uid: int, gid: int, bits: int = 0o4) -> str:
    """Why the user ``uid`` (group ``gid``, no other) cannot reach ``path`` ("" if it can):
    the first folder on the way that it may not pass, or ``path`` itself without the
    permission ``bits`` (read 0o4, pass or run 0o1) for that user."""
    def allowed(info: os.stat_result, wanted: int) -> bool:
        shift = 6 if info.st_uid == uid else 3 if info.st_gid == gid else 0
        return info.st_mode & (wanted << shift) == wanted << shift

    try:
        for folder in reversed(path.parents):
            if not allowed(os.stat(folder), 0o1):
                return f"{folder} may not be passed through"
        if not allowed(os.stat(path), bits):
            return f"{path} may not be {'read' if bits & 0o4 else 'passed through or run'}"
    except OSError as error:
        return f"{error.strerror}: {error.filename}"
    return ""


def _client_class():
    import asyncio

    from jupyter_core.utils import ensure_async
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionComplete

    class CappedClient(NotebookClient):
        """A notebook client that keeps at most ``output_cap`` bytes of output per cell and
        notes which cells went over."""

        output_cap = 2**20
        over_limit: set
        output_sizes: dict
        #: Cells allowed more (the collect cells, whose output is the results record).
        larger_caps: dict

        def within_cap(self, msg, cell_index) -> bool:
            """Count a message's size (its content and binary buffers) as the cell's
            output; False, and the cell stopped as by the stop button, past its cap."""
            size = len(json.dumps(msg.get("content", {}), default=str)) + sum(
                len(buffer) for buffer in msg.get("buffers") or ())
            total = self.output_sizes.get(cell_index, 0) + size
            self.output_sizes[cell_index] = total
            if total > self.larger_caps.get(cell_index, self.output_cap):
                if cell_index not in self.over_limit:
                    self.over_limit.add(cell_index)
                    asyncio.ensure_future(ensure_async(self.km.interrupt_kernel()))
                return False
            return True

        def output(self, outs, msg, display_id, cell_index):
            if not self.within_cap(msg, cell_index):
                return None
            return super().output(outs, msg, display_id, cell_index)

        def process_message(self, msg, cell, cell_index):
            """As nbclient's, but a malformed message from the kernel is dropped, never raised
            into the grader: a hand-in can send any (an output whose data is not an object,
            a status without a state), and nbclient's validation then ended the grading
            process (every exercise a "grader error", graded again at every run)."""
            try:
                return super().process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                raise
            except Exception:  # the message is the hand-in's: drop it, go on
                return None

        def handle_comm_msg(self, outs, msg, cell_index):
            """Widget messages count as the cell's output (a flood of them stops it, as
            printing would) and are otherwise dropped: the grader shows no widget, and
            nbclient's handler raised KeyError on a malformed one (every exercise then a
            "grader error")."""
            self.within_cap(msg, cell_index)

    return CappedClient


def _kill_group(pid: int | None) -> None:
    """Kill the kernel's process group (the sandbox's outer process; with it dies every
    process of the sandbox's PID namespace). The pid is the one the grader started, never one
    read from a file."""
    if not pid:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        os.killpg(pid, signal.SIGKILL)


@dataclass
class _Execution:
    """What running the grading notebook gave: per exercise an event ("collected", "timeout",
    "crashed", "output limit") with a message, the results record the collect cell gave, and
    the errors its answer cell raised."""

    events: dict = field(default_factory=dict)
    collected: dict = field(default_factory=dict)
    answer_errors: dict = field(default_factory=dict)
    flags: dict = field(default_factory=dict)
    kernel_starts: int = 0


#: The socket folder, the one folder the sandboxed kernel can write to, may hold at most this
#: many entries (the kernel's sockets take five), each a socket: anything else there (a file,
#: a folder, a link) and the kernel is killed.
SOCKET_FOLDER_ENTRIES = 16


class _SocketFolderWatch:
    """Watch the socket folder while a kernel runs; kill the kernel if it fills the folder."""

    def __init__(self, folder: Path, kill):

        self.folder, self.kill, self.problem = folder, kill, ""
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def check(self) -> str:
        """Why the folder's content is not the kernel's sockets alone ("" if it is): an
        entry that is not a socket (a folder is not looked into: its presence is enough),
        or more than :data:`SOCKET_FOLDER_ENTRIES` entries."""
        with contextlib.suppress(OSError), os.scandir(self.folder) as scan:
            for count, entry in enumerate(scan, start=1):
                if count > SOCKET_FOLDER_ENTRIES:
                    return "the answer filled the grader's socket folder"
                with contextlib.suppress(OSError):
                    if not stat.S_ISSOCK(entry.stat(follow_symlinks=False).st_mode):
                        return (f"the answer wrote {entry.name[:40]!r} into the grader's "
                                "socket folder (only the kernel's sockets belong there)")
        return ""

    def _run(self):
        while not self.stopped.wait(0.25):
            problem = self.check()
            if problem:
                self.problem = problem
                self.kill()
                return

    def stop(self):
        self.stopped.set()
        self.thread.join(timeout=5)


def _execute(official, hand_in, exercises: list[str], kernel: _Kernel, limits: Limits,
             cwd: Path) -> _Execution:
    """Run the grading notebook; restart the kernel without an exercise whose answer killed
    it or would not stop, until every exercise has an event or the notebook's time is up."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient.exceptions import CellTimeoutError, DeadKernelError

    execution = _Execution()
    deadline = time.monotonic() + limits.notebook_seconds
    pending = list(exercises)
    while pending:
        if time.monotonic() >= deadline:
            break
        _empty(kernel.sockets)   # what a killed kernel left there
        steps = _plan(official, hand_in, pending, kernel.job_file)
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(step.source)
                                                   for step in steps])
        km = AsyncKernelManager(
            kernel_name="robodyn-grading",
            kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernel.spec_dir /
                                                                   "kernels")]),
            transport="ipc", ip=str(kernel.sockets / "kernel"),
            connection_file=str(kernel.connection_file))
        client = _client_class()(notebook, km=km, timeout=limits.exercise_seconds,
                                 allow_errors=True, interrupt_on_timeout=False,
                                 startup_timeout=120, record_timing=False,
                                 resources={"metadata": {"path": str(cwd)}})
        client.output_cap, client.over_limit, client.output_sizes = \
            limits.output_bytes, set(), {}
        client.larger_caps = {index: limits.output_bytes + MAX_COLLECTED
                              for index, step in enumerate(steps) if step.role == "collect"}
        execution.kernel_starts += 1
        stopped = None   # (exercise or "", event, message) that ended this kernel
        pid = None
        watch = None
        try:
            with client.setup_kernel(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
                pid = _kernel_pid(km)
                watch = _SocketFolderWatch(kernel.sockets, lambda pid=pid: _kill_group(pid))
                for index, (step, cell) in enumerate(zip(steps, notebook.cells, strict=True)):
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        stopped = (step.exercise, "timeout", "notebook")
                        break
                    client.timeout = max(1, int(min(limits.exercise_seconds, remaining)))
                    try:
                        client.execute_cell(cell, index)
                    except CellTimeoutError:
                        why = "notebook" if remaining < limits.exercise_seconds else "cell"
                        stopped = (step.exercise, "output limit", "") if index in \
                            client.over_limit else (step.exercise, "timeout", why)
                        break
                    except DeadKernelError:
                        stopped = (step.exercise, "crashed", "the kernel died")
                        break
                    _after_cell(step, cell, index, client, execution, pending)
        except DeadKernelError:   # died while starting, or while being set up
            stopped = ("", "crashed", "the kernel died")
        except RuntimeError as error:   # the kernel did not start at all
            stopped = ("", "crashed", f"the kernel did not start: {error}")
        finally:
            if watch is not None:
                watch.stop()
            _kill_group(pid)
            if kernel.groups is not None:
                kernel.groups.kill()
            with contextlib.suppress(Exception):
                client._cleanup_kernel()
        if stopped is not None and stopped[1:] == ("crashed", "the kernel died") and \
                kernel.groups is not None and kernel.groups.out_of_memory():
            stopped = (stopped[0], "memory limit", "processes together")
        if watch is not None and watch.problem:
            exercise = stopped[0] if stopped else ""
            stopped = (exercise, "crashed", watch.problem)
            for other in pending:
                execution.flags.setdefault(other, []).append(watch.problem)
        if stopped is None:
            break
        exercise, event, why = stopped
        if exercise in pending:   # blame the exercise whose cell it was, grade the others
            execution.events[exercise] = (event, why)
            pending.remove(exercise)
        else:                     # a set-up cell, or the time of the whole notebook
            for other in pending:
                execution.events[other] = (event, why)
            pending = []
    for exercise in pending:
        execution.events[exercise] = ("timeout", "notebook")
    return execution


def _empty(folder: Path) -> None:
    """Remove everything in ``folder``, however deep (:func:`classgrade.folders.remove_tree`;
    not following links)."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            remove_tree(entry.path)


def _kernel_pid(km) -> int | None:
    provisioner = getattr(km, "provisioner", None)
    return getattr(provisioner, "pid", None) or getattr(
        getattr(provisioner, "process", None), "pid", None)


def _after_cell(step: _Step, cell, index: int, client, execution: _Execution,
                pending: list) -> None:
    """Note what a finished cell did: an answer's error, an exercise collected (its one
    results record, from the collect cell's output), output over the limit."""
    outputs = cell.get("outputs", [])
    errors = [output for output in outputs if output.get("output_type") == "error"]
    if step.role == "answer" and errors:
        error = errors[0]
        execution.answer_errors[step.exercise] = \
            f"{error.get('ename', 'Error')}: {str(error.get('evalue', ''))[:300]}"
    if step.exercise and index in client.over_limit and step.exercise in pending:
        execution.events[step.exercise] = ("output limit", "")
        pending.remove(step.exercise)
        return
    if step.role == "collect" and step.exercise in pending:
        records = [output["data"][COLLECTED_MIME] for output in outputs
                   if isinstance(output.get("data"), dict) and COLLECTED_MIME in output["data"]]
        if len(records) == 1:
            execution.events[step.exercise] = ("collected", "")
            execution.collected[step.exercise] = records[0]
        elif records:
            problem = "the answer published results records of its own"
            execution.events[step.exercise] = ("crashed", problem)
            execution.flags.setdefault(step.exercise, []).append(problem)
        else:
            message = "the grading cell raised " + (
                f"{errors[0].get('ename')}: {str(errors[0].get('evalue', ''))[:200]}"
                if errors else "nothing and wrote nothing")
            execution.events[step.exercise] = ("crashed", message)
        pending.remove(step.exercise)


# --------------------------------------------------------------------------- judging


def _read_collected(text) -> dict | None:
    """The results record of a collect cell's output: JSON text of a bounded size, a dict."""
    if not isinstance(text, str) or len(text) > MAX_COLLECTED:
        return None
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def _calls(record: dict, symbolic: bool) -> list[Call] | None:
    calls = []
    for item in record.get("calls", []):
        if not isinstance(item, dict):
            return None
        raw = from_plain(item.get("raw"))
        if symbolic:
            raw = _no_strings(raw)
        error = from_plain(item["error"]) if item.get("error") is not None else None
        if error is not None and not isinstance(error, BaseException):
            return None
        changed = item.get("changed", [])
        if not isinstance(changed, list) or not all(isinstance(i, int) for i in changed):
            return None
        changed_at = item.get("changed_at", [])
        if not isinstance(changed_at, list) or not all(isinstance(at, str) for at in changed_at):
            return None
        lines = item.get("printed_lines", 0)
        calls.append(Call(raw=raw, error=error, missing=str(item.get("missing", ""))[:500],
                          changed=tuple(changed), changed_at=tuple(at[:200] for at in changed_at),
                          printed=str(item.get("printed", ""))[:PRINTED_KEPT],
                          printed_lines=lines if isinstance(lines, int) and lines >= 0 else 0))
    return calls


def _no_strings(raw):
    """A string where an expression belongs is unreadable here: sympy would evaluate it."""
    if isinstance(raw, str):
        return type("str", (Opaque,), {})(repr(raw)[:200])
    if isinstance(raw, (tuple, list)):
        return type(raw)(_no_strings(value) for value in raw)
    return raw


class _JudgingTooLong(Exception):
    """Judging one answer used up its time: the exercise's seconds of this process's CPU
    time (:func:`robodyn.grading.calls.time_limit` on the "cpu" clock). sympy, asked to
    compare a value a hand-in sent (``totient`` of a 126-digit number, sent unevaluated),
    would work on it for hours. CPU time, so that other processes' load on the machine does
    not use it up, nor does the wall-clock timer the references' calls use get disturbed."""


def _judge_collected(exercise_id: str, record: dict | None, seed: int, rounds: int,
                     answer_error: str) -> tuple[str, str, str, float]:
    """(status, mistake, feedback, credit) of an exercise from what its answer did in the
    kernel; ``credit`` is the fraction of the exercise's points earned: 1 for a pass, the share
    of the right parts for a failed answer to an exercise of independent parts
    (:attr:`robodyn.grading.run.Outcome.credit`), else 0."""
    exercise = get_exercise(exercise_id)
    if record is None or record.get("exercise") != exercise_id:
        return "crashed", "", (f"{exercise_id}: the grading run found no readable results for "
                               "this exercise (did the notebook change the grading harness?)"), 0.0
    references = [str(name) for name in record.get("references_called", [])][:5]
    if references:
        return "reference", "", _reference_feedback(exercise_id, references, "calls"), 0.0
    if not record.get("defined"):
        raised = f" Your answer cell raised {answer_error} when it ran." if answer_error else ""
        status = "memory limit" if answer_error.startswith("MemoryError") else "failed"
        return status, "", (f"{exercise_id}: your answer does not define "
                            f"{exercise.function_name}.{raised}"), 0.0
    if not record.get("callable"):
        outcome = not_callable(exercise, str(record.get("type", "object"))[:60])
        return "failed", "", str(outcome.failure), 0.0
    cases = exercise.hidden_cases(seed, rounds)
    calls = _calls(record, _symbolic(exercise))
    if calls is None or len(calls) != len(cases):
        return "crashed", "", (f"{exercise_id}: the grading run's results for this exercise are "
                               "incomplete or malformed (did the notebook change the grading "
                               "harness?)"), 0.0
    outcome = judge(exercise, cases, calls)
    if outcome.failure is None:
        return "passed", "", outcome.text, 1.0
    feedback = str(outcome.failure)
    error = outcome.failure.__cause__
    if error is not None:
        where = getattr(error, "where", "")
        feedback = feedback.replace(_TRACEBACK_LINE, f"(Raised at {where} of your answer.)"
                                    if where else "")
    if isinstance(error, MemoryError) or type(error).__name__ == "MemoryError":
        return "memory limit", "", feedback, 0.0
    return outcome.result.status, outcome.mistake, feedback, outcome.credit


def _judging_too_long(exercise_id: str, seconds: float) -> tuple[str, str, str, float]:
    """The outcome of an exercise whose judging used up its ``seconds`` of the grader's time,
    stopped by the timer (:func:`_judge_guarded`) or by the kernel (:func:`_judge_apart`)."""
    return "timeout", "", (
        f"{exercise_id}: judging what the answer returned took more than {seconds:g} s of "
        "the grader's time: a value too costly to compare (a huge power, or a function sympy "
        "would have to factor or expand). Return the value itself."), 0.0


def _judge_guarded(exercise_id: str, collected, seed: int, rounds: int, answer_error: str,
                   limits: Limits) -> tuple[str, str, str, float]:
    """:func:`_judge_collected` within the exercise's seconds of CPU time and the memory the
    grader may use; what went wrong as the exercise's status and feedback."""
    try:
        with time_limit(limits.exercise_seconds, _JudgingTooLong, clock="cpu"):
            status, mistake, feedback, credit = _judge_collected(
                exercise_id, collected, seed, rounds, answer_error)
    except _JudgingTooLong:
        status, mistake, feedback, credit = _judging_too_long(exercise_id,
                                                              limits.exercise_seconds)
    except MemoryError:
        status, mistake, feedback, credit = "memory limit", "", (
            f"{exercise_id}: judging what the answer returned needed more "
            "memory than the grader may use: a value too large to compare. "
            "Return the value itself, of the size the exercise asks for."), 0.0
    except OverflowError:       # the answer's value, not the grader: failed, not its error
        status, mistake, feedback, credit = "failed", "", (
            f"{exercise_id}: what the answer returned overflows when it is compared: a "
            "number too large for a float (a factorial or a power of a huge number, sent "
            "unevaluated). Return the value itself."), 0.0
    except Exception as error:  # noqa: BLE001 - one exercise, not the class
        status, mistake, feedback, credit = "grader error", "", (
            f"{exercise_id}: the grader failed on this answer "
            f"({type(error).__name__}: {error}); please report it"), 0.0
    return status, mistake, feedback, credit


def _judge_apart(exercise_id: str, collected, seed: int, rounds: int, answer_error: str,
                 limits: Limits) -> tuple[str, str, str, float]:
    """:func:`_judge_guarded` in a child process of its own (a fork), which the kernel stops
    once it has used the exercise's seconds of CPU time (``RLIMIT_CPU``) and this process
    kills after a wall-clock backstop: the timer of :func:`_judge_guarded` reaches only code
    that returns to Python, and a value a hand-in sent can keep C code busy for hours
    (``(10**399)**(10**399)`` sent unevaluated, which sympy's lambdify computes with Python's
    integers). Where there is no fork, it runs here."""
    if not hasattr(os, "fork"):
        return _judge_guarded(exercise_id, collected, seed, rounds, answer_error, limits)
    import resource  # Unix only, as fork is
    import select
    seconds = float(limits.exercise_seconds)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                        # the child: judge, send, leave
        code = 0
        try:
            os.close(read_end)
            used = resource.getrusage(resource.RUSAGE_SELF)
            soft = int(used.ru_utime + used.ru_stime + seconds) + 2
            resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))
            outcome = _judge_guarded(exercise_id, collected, seed, rounds, answer_error, limits)
            with os.fdopen(write_end, "w", encoding="utf-8") as stream:
                stream.write(json.dumps(list(outcome)))
        except BaseException:  # noqa: BLE001 - the parent reads no answer and says so
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    chunks, deadline = [], time.monotonic() + max(3 * seconds, seconds + 60)
    with os.fdopen(read_end, "rb") as stream:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([stream], [], [], 1.0)
            if ready:
                chunk = os.read(stream.fileno(), 2**16)
                if not chunk:
                    break
                chunks.append(chunk)
        else:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    with contextlib.suppress(ValueError, TypeError):
        status_, mistake, feedback, credit = json.loads(b"".join(chunks).decode("utf-8"))
        return str(status_), str(mistake), str(feedback), float(credit)
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        return _judging_too_long(exercise_id, seconds)
    return "grader error", "", (f"{exercise_id}: the grader failed on this answer (its "
                                f"judging ended with status {status}); please report it"), 0.0


def _reference_feedback(exercise_id: str, names: list[str], how: str) -> str:
    return (f"{exercise_id}: your answer {how} {', '.join(names)}, the book's own "
            f"implementation of what this exercise asks for\n\nAn answer must compute it "
            f"itself; the grading run gives no points for using the book's function here (other "
            f"functions of the book may be used).")


_EVENT_TEXT = {
    ("timeout", "cell"): "grading stopped this exercise after {cell:g} s: the answer (or its "
                         "cell) ran too long. Look for a loop that never ends.",
    ("timeout", "notebook"): "grading stopped: the notebook used up its {notebook:g} s before "
                             "this exercise was graded.",
    ("crashed", "the kernel died"): "the kernel died while this exercise was graded: the "
                                    "answer ended Python (os._exit, sys.exit in a thread, a "
                                    "crash in compiled code). The exercises after it were "
                                    "graded in a new kernel without it.",
    ("output limit", ""): "the answer printed more than {output} of output; grading does not "
                          "keep that much. Remove the prints inside loops.",
    ("memory limit", "processes together"): "the kernel was stopped: the processes of the "
                                            "answer used more memory together than a hand-in "
                                            "may (its new processes, or files in /tmp, count "
                                            "too). The exercises after it were graded in a "
                                            "new kernel without it.",
}


def _event_feedback(exercise_id: str, event: str, why: str, limits: Limits) -> str:
    template = _EVENT_TEXT.get((event, why))
    if template is None:
        return f"{exercise_id}: {event}: {why}"
    return f"{exercise_id}: " + template.format(cell=limits.exercise_seconds,
                                                notebook=limits.notebook_seconds,
                                                output=_size(limits.output_bytes))


def _size(n_bytes: float) -> str:
    return f"{n_bytes / 2**20:g} MB" if n_bytes >= 2**20 else f"{n_bytes / 2**10:g} kB"


# --------------------------------------------------------------------------- one hand-in


def check_isolation(isolation: str) -> None:
    """A ParameterError unless ``isolation`` is one of :data:`ISOLATIONS` and, for the
    sandbox, this machine can make it (the message says why not, and what --no-sandbox
    means)."""
    from classgrade import bwrap

    if isolation not in ISOLATIONS:
        raise ParameterError(f"isolation must be one of {', '.join(ISOLATIONS)}, got "
                             f"{isolation!r}")
    if isolation == "bwrap" and bwrap.problem():
        raise ParameterError(
            f"cannot grade in the sandbox: {bwrap.problem()}. Grading without it (--no-sandbox) "
            "lets a hand-in read and change every file you can, and forge grades: use it "
            "only for notebooks you trust; every report will say it was used")


def grade_hand_in(hand_in_path, official_path, seed: int, rounds: int = 3,
                  limits: Limits | None = None, work_dir=None, isolation: str = "bwrap",
                  library=None) -> dict:
    """Grade one hand-in against its official exercise notebook; returns the record the
    gradebook and the feedback are written from (JSON-ready).

    ``isolation`` is "bwrap" (the kernel in the sandbox of :mod:`classgrade.bwrap`; a
    ParameterError if this machine cannot make it) or "none" (the instructor's explicit
    ``--no-sandbox``: limits only, and the record says so). ``library`` is a copy of the
    package made by :func:`classgrade.bwrap.copy_library` (a class shares one); without it,
    the hand-in gets its own.
    """
    limits = limits or Limits()
    check_isolation(isolation)
    started = time.perf_counter()
    hand_in_path, official_path = Path(hand_in_path), Path(official_path)
    official = nbformat.read(official_path, as_version=4)
    wanted = exercise_ids(official)
    points = official_points(official)
    hand_in = read_hand_in(hand_in_path, official)
    record = {"hand_in": str(hand_in_path), "official": official_path.name,
              "status": hand_in.status, "message": hand_in.message, "exercises": [],
              "kernel_starts": 0, "isolation": "", "network": "", "processes": "",
              "kernel_user": ""}
    if hand_in.status != "ok":
        record["exercises"] = [asdict(Graded(e, hand_in.status, 0.0, points.get(e, 1.0),
                                             feedback=f"{e}: {hand_in.message}"))
                               for e in wanted]
        record["seconds"] = time.perf_counter() - started
        return record
    graded: dict[str, Graded] = {}
    to_run = []
    for exercise_id in wanted:
        answer = hand_in.answers[exercise_id]
        maximum = points.get(exercise_id, 1.0)
        references = tuple(guarded_names(get_exercise(exercise_id).package_references))
        flags = sorted({*answer.flags, *review_flags(answer.source, references)}) \
            if answer.status == "answered" else []
        named = named_references(answer.source, references) if answer.status == "answered" \
            else []
        notes = [answer.note] if answer.note else []
        graded[exercise_id] = Graded(exercise_id, answer.status, 0.0, maximum, notes=notes,
                                     flags=flags)
        if named:
            graded[exercise_id].status = "reference"
            graded[exercise_id].feedback = _reference_feedback(exercise_id, named, "names")
        elif answer.status == "answered":
            to_run.append(exercise_id)
        elif answer.status == "not attempted":
            graded[exercise_id].feedback = (f"{exercise_id}: not attempted: the answer cell "
                                            "is as it was handed out")
        else:
            graded[exercise_id].feedback = f"{exercise_id}: missing: {answer.note}"
            graded[exercise_id].notes = []
    if to_run:
        with _job_folder(work_dir) as job_dir:
            if isolation == "bwrap" and library is None:
                from classgrade.bwrap import copy_library

                library = copy_library(job_dir / "library")
            kernel = _kernel_spec(job_dir, limits, isolation, library)
            record.update(kernel.isolation)
            with open(job_dir / "job.pickle", "wb") as stream:
                pickle.dump(_job(to_run, seed, rounds, block_sockets=isolation == "none" and
                                 kernel.isolation["network"].startswith("sockets")), stream)
            try:
                execution = _execute(official, hand_in, to_run, kernel, limits, kernel.work)
            finally:
                if kernel.groups is not None:
                    kernel.groups.close()
            record["kernel_starts"] = execution.kernel_starts
            for exercise_id in to_run:
                entry = graded[exercise_id]
                event, why = execution.events.get(exercise_id, ("timeout", "notebook"))
                answer_error = execution.answer_errors.get(exercise_id, "")
                entry.flags = sorted(set(entry.flags) | set(execution.flags.get(exercise_id, [])))
                if event == "collected":
                    collected = _read_collected(execution.collected.get(exercise_id))
                    status, mistake, feedback, credit = _judge_apart(
                        exercise_id, collected, seed, rounds, answer_error, limits)
                else:
                    status, mistake, feedback, credit = event, "", _event_feedback(
                        exercise_id, event, why, limits), 0.0
                entry.points = entry.max_points * credit
                if answer_error and status not in ("failed",):
                    entry.notes.append(f"the answer cell raised {answer_error} when it ran")
                entry.status, entry.mistake, entry.feedback = status, mistake, feedback
    for entry in graded.values():
        # a pass earns every point; a failed answer to an exercise of independent parts the
        # share of its right parts (set above, from the judging); anything else nothing
        if entry.status == "passed":
            entry.points = entry.max_points
        elif entry.status != "failed":
            entry.points = 0.0
        entry.points = round(entry.points, 2)
    record["exercises"] = [asdict(graded[e]) for e in wanted]
    record["seconds"] = time.perf_counter() - started
    return record


@contextlib.contextmanager
def _job_folder(work_dir):
    """A fresh temporary folder (short path: it holds the kernel's Unix sockets)."""
    with temporary_folder("rdg-", work_dir) as folder:   # removed however deep it grew
        yield folder


def fingerprint(official_path, seed: int, rounds: int, limits: Limits) -> str:
    """What a result depends on besides the hand-in: the official notebook, the seed, the
    limits, the grading code and the book's package (the references call its models); a
    change of any of them grades again."""
    digest = hashlib.sha256()
    digest.update(Path(official_path).read_bytes())
    limits_as_numbers = {name: float(value) for name, value in asdict(limits).items()}
    digest.update(json.dumps([seed, rounds, limits_as_numbers]).encode())  # 10 == 10.0
    book = Path(robodyn.__file__).resolve().parent
    for module in [*sorted(Path(__file__).resolve().parent.glob("*.py")),
                   *sorted(book.rglob("*.py"))]:
        digest.update(module.read_bytes())
    return digest.hexdigest()[:16]


def main(argv=None) -> int:
    """Grade the hand-in a request file names; write the record where the request says."""
    argv = sys.argv[1:] if argv is None else argv
    request = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    record = grade_hand_in(request["hand_in"], request["official"], int(request["seed"]),
                           int(request["rounds"]), Limits(**request["limits"]),
                           request.get("work_dir"), request.get("isolation", "bwrap"),
                           request.get("library"))
    from classgrade.reports import write_atomically

    write_atomically(Path(request["result"]), json.dumps(record, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
