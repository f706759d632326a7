"""The structured result of a check, as the notebook shows it and the folder checker reads it.

In a notebook every check cell publishes one display output that carries the result as JSON
under :data:`RESULT_MIME` (exercise id, status, first line of the feedback), next to what the
reader sees: the PASSED text, or nothing visible when the check fails (the exception below it
says why). ``python -m classgrade.checknb`` reads these outputs; it never guesses a status
from the name or the text of an exception. Outside a notebook (a script, a doctest) the PASSED
text is printed instead.

The output is written by the student's own kernel, so a student can fake it: this is a
progress report for students and a quick look for instructors, not a grading tool.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

__all__ = ["RESULT_MIME", "STATUSES", "CheckResult", "publish", "results_in"]

#: MIME type of the display output that carries a check's result.
RESULT_MIME = "application/vnd.robodyn.check-result+json"
#: The statuses a check can report.
STATUSES = ("passed", "failed", "not attempted")


@dataclass(frozen=True)
class CheckResult:
    """Outcome of one check: ``status`` is one of :data:`STATUSES`; ``credit`` the share of
    the exercise's points the answer earns (1 for a pass, the right parts' share for an
    exercise of independent parts, else 0)."""

    exercise_id: str
    status: str
    summary: str
    credit: float = 0.0

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data) -> CheckResult | None:
        """The result in a display output's JSON, or None if it is not a well-formed result."""
        if not isinstance(data, dict):
            return None
        values = {key: data.get(key) for key in ("exercise_id", "status", "summary")}
        if not all(isinstance(v, str) for v in values.values()) or (
                values["status"] not in STATUSES):
            return None
        credit = data.get("credit", 1.0 if values["status"] == "passed" else 0.0)
        if isinstance(credit, bool) or not isinstance(credit, (int, float)) or not (
                0.0 <= credit <= 1.0):
            return None
        return cls(**values, credit=float(credit))


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the book's requirements
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def publish(result: CheckResult, text: str) -> None:
    """Show a check's outcome: a display output with the JSON in a notebook, else print."""
    if not _in_kernel():
        if text:
            print(text)
        return
    from IPython.display import display

    bundle = {RESULT_MIME: result.to_json()}
    if text:
        bundle["text/plain"] = text
    else:
        bundle["text/html"] = ""  # nothing to see: the error below tells what went wrong
    display(bundle, raw=True)


def results_in(outputs) -> list[CheckResult]:
    """The check results carried by a code cell's outputs, in order."""
    found = []
    for output in outputs:
        if output.get("output_type") not in ("display_data", "execute_result"):
            continue
        data = output.get("data", {}).get(RESULT_MIME)
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError:
                data = None
        result = CheckResult.from_json(data)
        if result is not None:
            found.append(result)
    return found
