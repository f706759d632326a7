"""Who handed in what: the hand-ins of a class folder, with the students named as the class's
learning platform names them.

Each file of the folder is read by its path in the folder; the layouts are recognised file by
file, so a folder that merges the downloads of several platforms works too.

- **Canvas** ("Download submissions" of an assignment): flat files
  ``<login>_<user id>_<submission id>_<file>``, or ``<login>_LATE_<user id>_<submission id>_<file>``
  for a submission Canvas marks late. ``<login>`` is the name part Canvas writes (the student's
  sortable name squashed, ``fischerlena``), ``<file>`` the student's own file name, which
  Canvas suffixes with ``-1``, ``-2`` when a file of that name was handed in again. The
  student is the login, the id the Canvas user id; ``LATE`` fills the late column.
- **Moodle** ("Download all submissions"): a folder per submission,
  ``<Full Name>_<id>_assignsubmission_file_/<anything>`` (or without the trailing underscore),
  or, when Moodle is told not to make folders, files
  ``<Full Name>_<id>_assignsubmission_file_<file>``. The student is the full name, the id
  Moodle's number (the participant id of the assignment). Moodle marks no late submission in
  the names: the late column stays empty.
- **Plain names**: ``DIR/<student>.ipynb`` or ``DIR/<student>/<anything>.ipynb``. A browser's
  copy suffix (``Smith_John_04_differential_drive (1).ipynb``) marks a later download of the
  same student's file, not a new student, and the exercise notebook's name
  (``_04_differential_drive``) is not part of the student's name: both are stripped.

Names are NFC-normalised (a name typed on macOS and on Windows is one name); nothing else is
folded: ``müller_anna`` and ``möller_anna``, ``a b`` and ``a_b`` are different students. Each
student has a ``key`` that keeps them apart (the platform's id where there is one, else the
name), and reports name files by it (:func:`classgrade.reports.student_page`).

A **roster** (:func:`read_roster`: a CSV file with a header row and the columns ``id``,
``name`` and ``email``, in any order, UTF-8 with or without a byte-order mark) maps the id,
login, email or name found in a file's name to the roster's name and id. A hand-in that is not
on the roster is still graded, and listed as "not on the roster"; a roster student without a
hand-in is listed as "no hand-in".

Of several submissions of one student (of one exercise notebook), the **latest** is graded
(:func:`latest`): the largest platform submission id, else the largest resubmission number
(Canvas's ``-2``, a browser's ``(2)``), else the newest file; the others are listed.

**Zip files** are unpacked (:func:`unpack_notebooks`) into a temporary folder, safely: no
member may name a path outside it or be a symbolic link, and caps on the number of members
and the unpacked size refuse a zip bomb (:class:`ZipLimits`); their notebooks are the hand-ins
of the zip's student. Every other file of the folder (``.py``, ``.pdf``, a zip without a
notebook or refused) is listed as not graded, never dropped without a word. Left out as not
hand-ins: Jupyter's checkpoints, macOS's ``__MACOSX`` folders and ``.DS_Store``, Windows'
``Thumbs.db`` and ``desktop.ini``, and the output and roster files when they lie in the folder.

Notes
-----
Canvas's login part is not a login of the institution's systems; with a roster, the roster's
name and id replace it. Moodle's number is the assignment's participant id, not the user id
its gradebook import identifies users by, and no roster holds it: a Moodle hand-in is found on
the roster by its full name, and the roster's emails are what Moodle's import can use.
Group submissions and anonymous grading are not recognised (such files are plain names).
"""

from __future__ import annotations

import csv
import os
import re
import shutil
import stat
import tempfile
import unicodedata
import zipfile
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath

from classgrade.handin import MAX_BYTES as MAX_NOTEBOOK_BYTES
from robodyn.core.errors import ParameterError

__all__ = ["LAYOUTS", "HandInFile", "Inventory", "Named", "NotGraded", "Roster", "RosterEntry",
           "Student", "ZipLimits", "csv_rows", "find_submissions", "latest", "name_of",
           "read_roster", "unpack_notebooks"]

#: The layouts a hand-in's name is read in.
LAYOUTS = ("canvas", "moodle", "plain")
#: Canvas's bulk download: login, optional LATE, user id, submission id, the student's file.
CANVAS = re.compile(r"^(?P<login>[^_]+?)(?P<late>_(?i:late))?_(?P<user>\d+)_(?P<submission>\d+)"
                    r"_(?P<file>.+)$")
#: Moodle's download of all submissions: full name, id, the plugin, optionally a file name.
MOODLE = re.compile(r"^(?P<name>.+)_(?P<id>\d+)_assignsubmission_(?P<plugin>[A-Za-z]+)"
                    r"(?:_(?P<file>.*))?$")
#: A browser's copy suffix, `` (1)``, at the end of a file's stem.
COPY_SUFFIX = re.compile(r"\s*\((?P<number>\d+)\)$")
#: Canvas's resubmission suffix, ``-1``, at the end of a file's stem.
CANVAS_SUFFIX = re.compile(r"-(?P<number>\d+)$")
#: Files and folders that are no hand-in of anyone: written by Jupyter and operating systems.
NOT_HAND_INS = frozenset({".ipynb_checkpoints", "__MACOSX", ".DS_Store", "Thumbs.db",
                          "desktop.ini"})
#: The roster's columns (header names, in any case and order).
ROSTER_COLUMNS = ("id", "name", "email")


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip()


# --------------------------------------------------------------------------- names


@dataclass(frozen=True)
class Named:
    """Who a file's name says handed it in: the ``layout`` it was read in, the ``name``, the
    platform's ``id`` and ``login`` (empty where the layout has none), ``late`` (True, False,
    or None where the layout does not say), and the ``submission`` id and ``resubmission``
    number that order one student's submissions (0 where the layout has none)."""

    layout: str
    name: str
    id: str = ""
    login: str = ""
    late: bool | None = None
    submission: int = 0
    resubmission: int = 0


def name_of(relative, chapters: tuple[str, ...] = ()) -> Named:
    """Who handed in the file at ``relative`` (its path in the class folder, a str or a path),
    as Canvas, Moodle or a plain name says; ``chapters`` are the exercise notebooks' stems,
    stripped from plain names.

    >>> name_of("fischerlena_LATE_123456_7890123_04_differential_drive-1.ipynb")
    Named(layout='canvas', name='fischerlena', id='123456', login='fischerlena', late=True, \
submission=7890123, resubmission=1)
    >>> name_of("Lena Fischer_4711_assignsubmission_file_/diffdrive.ipynb").name
    'Lena Fischer'
    >>> name_of("Smith_John_04_differential_drive (1).ipynb", ("04_differential_drive",))
    Named(layout='plain', name='Smith_John', id='', login='', late=None, submission=0, \
resubmission=1)
    """
    parts = PurePosixPath(relative).parts
    if not parts:
        raise ParameterError("a hand-in's path must name a file, got an empty path")
    first = _nfc(parts[0])
    moodle = MOODLE.match(first)
    if moodle:
        return Named("moodle", _nfc(moodle["name"]), moodle["id"],
                     resubmission=_resubmission(parts[-1], COPY_SUFFIX))
    canvas = CANVAS.match(first)
    if canvas:
        return Named("canvas", canvas["login"], canvas["user"], canvas["login"],
                     late=canvas["late"] is not None, submission=int(canvas["submission"]),
                     resubmission=_resubmission(canvas["file"], CANVAS_SUFFIX))
    return _plain(parts, chapters)


def _resubmission(file: str, suffix: re.Pattern) -> int:
    found = suffix.search(PurePosixPath(file).stem)
    return int(found["number"]) if found else 0


def _plain(parts: tuple[str, ...], chapters: tuple[str, ...]) -> Named:
    """A plain name: the folder, or the file's stem, without copy suffix and chapter name."""
    nested = len(parts) > 1
    name = _nfc(parts[0] if nested else PurePosixPath(parts[0]).stem)
    copy = COPY_SUFFIX.search(name)
    name = COPY_SUFFIX.sub("", name)
    number = int(copy["number"]) if copy else 0
    if nested:
        number = max(number, _resubmission(parts[-1], COPY_SUFFIX))
    return Named("plain", _without_chapter(name, chapters) or name, resubmission=number)


def _without_chapter(name: str, chapters: tuple[str, ...]) -> str:
    """``name`` without an exercise notebook's stem as its prefix or suffix (joined by ``_``,
    ``-`` or a space); empty if nothing else is left."""
    for chapter in sorted(chapters, key=len, reverse=True):
        for separator in ("_", "-", " "):
            if name.endswith(separator + chapter):
                return name[: -len(chapter) - 1].strip(" _-")
            if name.startswith(chapter + separator):
                return name[len(chapter) + 1:].strip(" _-")
    return name


# --------------------------------------------------------------------------- the roster


@dataclass(frozen=True)
class RosterEntry:
    """One student of the roster: ``id``, ``name`` and ``email`` (id or email may be empty)."""

    id: str
    name: str
    email: str = ""

    @property
    def key(self) -> str:
        return "roster:" + (self.id or self.email.casefold() or self.name)


def _words(name: str) -> list[str]:
    return [word for word in re.split(r"[\W_]+", name.casefold()) if word]


def _name_keys(name: str) -> set[str]:
    """The ways one name is written by the platforms: its words in any order
    ("Smith_John", "John Smith", "Smith, John") and squashed in either order ("johnsmith",
    "smithjohn", as Canvas's login part)."""
    words = _words(name)
    if not words:
        return set()
    return {" ".join(sorted(words)), "".join(words), "".join(reversed(words))}


class Roster:
    """A class's roster: finds the entry that a hand-in's name names (:meth:`find`)."""

    def __init__(self, entries):
        self.entries = tuple(entries)
        self._by_id = {entry.id: entry for entry in self.entries if entry.id}
        self._by_email = {entry.email.casefold(): entry for entry in self.entries
                          if entry.email}
        self._by_local = defaultdict(list)
        self._by_name = defaultdict(list)
        for entry in self.entries:
            if entry.email:
                self._by_local[entry.email.casefold().split("@")[0]].append(entry)
            for key in _name_keys(entry.name):
                self._by_name[key].append(entry)

    def find(self, named: Named) -> RosterEntry | None:
        """The roster's entry for ``named``: by its id (not Moodle's participant id, which no
        roster holds), else by its login or name as an email, an email's local part or a
        roster id, else by its name (exactly, then in any case, then written another way;
        unique); None if not on the roster or ambiguous."""
        if named.id and named.layout != "moodle" and named.id in self._by_id:
            return self._by_id[named.id]
        for token in (named.login, named.name):
            if token and token.casefold() in self._by_email:
                return self._by_email[token.casefold()]
            if token and token in self._by_id:
                return self._by_id[token]
            found = self._by_local.get(token.casefold(), []) if token else []
            if len(found) == 1:
                return found[0]
        for same in (lambda entry: entry.name == named.name,
                     lambda entry: entry.name.casefold() == named.name.casefold()):
            found = [entry for entry in self.entries if same(entry)]
            if found:
                return found[0] if len(found) == 1 else None
        found = {entry for key in _name_keys(named.name) for entry in self._by_name.get(key, [])}
        return found.pop() if len(found) == 1 else None


def csv_rows(path, what: str) -> list[list[str]]:
    """The rows of the instructor's CSV file ``path`` (a roster, overrides): UTF-8, with or
    without the byte-order mark a spreadsheet's "CSV UTF-8" writes. Raises ParameterError
    naming ``what`` it is, the file and why it cannot be read."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ParameterError(f"{what} {str(path)!r} cannot be read: {error}") from None
    except UnicodeDecodeError:
        raise ParameterError(f"{what} {str(path)!r} is not UTF-8 text; save it as CSV UTF-8")\
            from None
    return list(csv.reader(text.splitlines()))


def read_roster(path) -> Roster:
    """The roster in the CSV file ``path``: a header row naming the columns ``id``, ``name``
    and ``email`` (in any case and order; other columns are left alone), then a row per
    student; UTF-8, with or without a byte-order mark. Raises ParameterError naming the file
    and what is wrong."""
    path = Path(path)
    rows = csv_rows(path, "roster")
    header = [_nfc(cell).casefold() for cell in rows[0]] if rows else []
    missing = [column for column in ROSTER_COLUMNS if column not in header]
    if missing:
        raise ParameterError(
            f"roster {str(path)!r} must have a header row with the columns id, name and email; "
            f"missing {', '.join(missing)} (found: {', '.join(header) or 'nothing'})")
    where = {column: header.index(column) for column in ROSTER_COLUMNS}
    entries, seen = [], {}
    for number, row in enumerate(rows[1:], start=2):
        values = {column: _nfc(row[index]) if index < len(row) else ""
                  for column, index in where.items()}
        if not any(values.values()):
            continue
        if not values["name"]:
            raise ParameterError(f"roster {str(path)!r}, line {number}: the name is empty")
        for column in ("id", "email"):
            value = values[column].casefold()
            if value and (column, value) in seen:
                raise ParameterError(
                    f"roster {str(path)!r}, line {number}: {column} {values[column]!r} is "
                    f"also on line {seen[(column, value)]}; each student once")
            seen[(column, value)] = number
        entry = RosterEntry(values["id"], values["name"], values["email"])
        if ("key", entry.key) in seen:
            raise ParameterError(
                f"roster {str(path)!r}, line {number}: {entry.name!r} has neither id nor email, "
                f"and line {seen[('key', entry.key)]} has the same name; give an id")
        seen[("key", entry.key)] = number
        entries.append(entry)
    return Roster(entries)


# --------------------------------------------------------------------------- students


@dataclass(frozen=True)
class Student:
    """A student as the reports show them: ``key`` (keeps two students apart: the roster's or
    the platform's id, else the name), ``name``, ``id``, ``login`` and ``email`` (empty where
    unknown), and ``on_roster`` (None when no roster was given)."""

    key: str
    name: str
    id: str = ""
    login: str = ""
    email: str = ""
    on_roster: bool | None = None


def identify(named: Named, roster: Roster | None = None) -> Student:
    """The student ``named`` stands for, with the roster's name, id and email if on it."""
    entry = roster.find(named) if roster is not None else None
    if entry is not None:
        return Student(entry.key, entry.name, entry.id, named.login, entry.email, True)
    key = f"{named.layout}:{named.id}" if named.id else f"name:{named.name}"
    return Student(key, named.name, named.id, named.login, "",
                   None if roster is None else False)


# --------------------------------------------------------------------------- hand-in files


@dataclass(frozen=True)
class HandInFile:
    """A handed-in notebook: its ``path`` (for a zip's notebook, where it was unpacked), the
    student's name as shown, its ``key`` (its path in the class folder; ``alice.zip/x.ipynb``
    for a zip's), the ``who`` (:class:`Student`), the ``layout`` it was named in, ``late``
    (True, False, None: the layout does not say), and ``order`` (larger is later)."""

    path: Path
    student: str
    key: str
    who: Student | None = None
    layout: str = "plain"
    late: bool | None = None
    order: tuple = ()

    def __post_init__(self):
        if self.who is None:
            object.__setattr__(self, "who", Student("name:" + self.student, self.student))


@dataclass(frozen=True)
class NotGraded:
    """A file of the class folder that is not graded: its ``key`` (path in the folder), the
    ``student`` its name names (empty if none), the ``reason``, and the student's key
    (:class:`Student`), by which a roster's student without a notebook is told of it."""

    key: str
    student: str
    reason: str
    student_key: str = ""


@dataclass
class Inventory:
    """The class folder read: the notebooks to grade, and the files that are not graded."""

    hand_ins: list = field(default_factory=list)
    not_graded: list = field(default_factory=list)


@dataclass(frozen=True)
class ZipLimits:
    """Caps on unpacking one zip hand-in: the members it may hold (``max_members``) and the
    bytes its notebooks may unpack to (``max_bytes``); a zip over either is refused."""

    max_members: int = 500
    max_bytes: int = 256 * 2**20

    def __post_init__(self):
        for name in ("max_members", "max_bytes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ParameterError(f"ZipLimits.{name} must be a whole number >= 1, got "
                                     f"{value!r}")


def find_submissions(folder, out=None, roster: Roster | None = None,
                     chapters: tuple[str, ...] = (), unpack_to=None,
                     zip_limits: ZipLimits | None = None, leave_out=()) -> Inventory:
    """Every file of ``folder`` (and its subfolders), sorted: notebooks to grade, with their
    students named (see the module's docstring), and the files not graded, with the reason.

    ``out`` (the output folder) and the paths in ``leave_out`` (the roster) are left out if
    inside ``folder``. Zips are unpacked into the folder ``unpack_to`` (a temporary folder
    the caller removes); without it, a zip is listed as not unpacked.
    """
    folder = Path(folder)
    skipped = [Path(path).resolve() for path in (out, *leave_out) if path is not None]
    zip_limits = zip_limits or ZipLimits()
    inventory = Inventory()
    for path in _files(folder, skipped):
        relative = PurePosixPath(_shown(path.relative_to(folder).as_posix()))
        named = name_of(relative, chapters)
        who = identify(named, roster)
        odd = _not_a_file(path)
        if odd:
            inventory.not_graded.append(NotGraded(relative.as_posix(), who.name, odd, who.key))
        elif path.suffix.lower() == ".ipynb":
            inventory.hand_ins.append(_hand_in(path, relative.as_posix(), named, who,
                                               _mtime(path)))
        elif path.suffix.lower() == ".zip" and unpack_to is not None:
            _add_zip(inventory, path, relative.as_posix(), named, who, Path(unpack_to),
                     zip_limits)
        else:
            reason = ("a zip, not unpacked" if path.suffix.lower() == ".zip"
                      else "not a notebook (.ipynb)")
            inventory.not_graded.append(NotGraded(relative.as_posix(), who.name, reason, who.key))
    return inventory


def _files(folder: Path, skipped: list[Path]):
    """The files under ``folder``, sorted, without those of :data:`NOT_HAND_INS` and those in
    or at ``skipped``; symbolic links to folders are not followed."""
    found = []
    for root, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if name not in NOT_HAND_INS
                            and not _at_or_in(Path(root) / name, skipped))
        for name in files:
            path = Path(root) / name
            if name not in NOT_HAND_INS and not _at_or_in(path, skipped):
                found.append(path)
    return sorted(found)


def _at_or_in(path: Path, skipped: list[Path]) -> bool:
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):      # a link in a loop: not the output or the roster
        return False
    return any(resolved == other or other in resolved.parents for other in skipped)


def _not_a_file(path: Path) -> str:
    """Why ``path`` is no file a hand-in can be read from, or "": a link that leads nowhere
    (in a loop, or to nothing), a named pipe, a socket or a device, whose reading would stop
    the grader or wait for ever."""
    try:
        mode = path.stat().st_mode
    except (OSError, RuntimeError):
        return "a link that leads to no file (in a loop, or to nothing)"
    if stat.S_ISREG(mode):
        return ""
    kind = ("a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file")
    return f"{kind}, not a file"


def _shown(name: str) -> str:
    """A file name as the reports show it: bytes that are no UTF-8 (the operating system
    keeps them as lone surrogates, which no report can write) as backslash escapes,
    ``\\xff``, so that every name can be written and no two become one."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _hand_in(path: Path, key: str, named: Named, who: Student, mtime: int,
             member_time: int = 0) -> HandInFile:
    return HandInFile(path, who.name, key, who, named.layout, named.late,
                      (named.submission, named.resubmission, mtime, member_time))


def _add_zip(inventory: Inventory, path: Path, key: str, named: Named, who: Student,
             unpack_to: Path, limits: ZipLimits) -> None:
    """The notebooks of the zip at ``path`` as hand-ins of its student; the zip listed as not
    graded if refused or without a notebook, and its other members in one line."""
    target = Path(tempfile.mkdtemp(prefix="zip-", dir=unpack_to))
    notebooks, others, problem = unpack_notebooks(path, target, limits)
    if problem:
        inventory.not_graded.append(NotGraded(key, who.name, f"a zip, refused: {problem}",
                                                who.key))
        return
    if not notebooks:
        inventory.not_graded.append(NotGraded(
            key, who.name, "a zip without a notebook" + _listing(others), who.key))
        return
    seen: dict[str, int] = {}
    for member, unpacked, member_time in notebooks:
        # A zip may hold two members of one name: each its own key (the second "#2"), in
        # the zip's order, so that neither's record overwrites the other's.
        seen[member] = seen.get(member, 0) + 1
        copy = f"#{seen[member]}" if seen[member] > 1 else ""
        inventory.hand_ins.append(_hand_in(unpacked, f"{key}/{member}{copy}", named, who,
                                           _mtime(path), member_time))
    if others:
        inventory.not_graded.append(NotGraded(
            key, who.name, f"{len(others)} of its files are not notebooks" + _listing(others),
            who.key))


def _listing(names: list[str], shown: int = 5) -> str:
    if not names:
        return ""
    more = f", and {len(names) - shown} more" if len(names) > shown else ""
    return f" ({', '.join(names[:shown])}{more})"


def unpack_notebooks(path, into, limits: ZipLimits | None = None):
    """Unpack the notebooks (``*.ipynb``) of the zip at ``path`` into the empty folder ``into``,
    each under a name of its own (``0.ipynb``, ``1.ipynb``, ...), never a name of the zip.

    Returns ``(notebooks, others, problem)``: per notebook (its name in the zip, where it was
    unpacked, its time stamp in the zip as an integer), the names of the other members, and
    why the zip was refused ("" if it was not; nothing is unpacked then). Refused: a file that
    is not a zip, an encrypted member, a member whose name leads outside the zip's folder
    (absolute, ``..``) or is a symbolic link, more members than ``limits.max_members`` (and,
    before its directory is read, a zip whose end record lists more than
    :data:`DIRECTORY_FACTOR` times as many entries), a notebook larger than a hand-in may be
    (:data:`classgrade.handin.MAX_BYTES`), notebooks that unpack to more than
    ``limits.max_bytes`` (both counted as they unpack, not trusted from the zip's directory).
    Nested zips are not unpacked (they are "others").
    """
    limits = limits or ZipLimits()
    into = Path(into)
    try:
        listed = _listed_entries(path)
        if listed > DIRECTORY_FACTOR * limits.max_members:
            return [], [], (f"it lists {listed} entries, more than "
                            f"{DIRECTORY_FACTOR * limits.max_members} (a zip bomb?)")
        with zipfile.ZipFile(path) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            problem = _refusal(members, limits)
            if problem:
                return [], [], problem
            wanted = [info for info in members if _is_notebook_member(info.filename)]
            others = [info.filename for info in members if info not in wanted
                      and not _not_a_hand_in(info.filename)]
            into.mkdir(parents=True, exist_ok=True)
            notebooks, budget = [], limits.max_bytes
            for number, info in enumerate(wanted):
                target = into / f"{number}.ipynb"
                # No notebook is unpacked past what a hand-in may have (the grader refuses
                # a larger one anyway): a bomb fills no disk with what is never read.
                written = _copy_capped(archive, info, target, min(budget, MAX_NOTEBOOK_BYTES))
                if written > MAX_NOTEBOOK_BYTES:
                    _remove(into)
                    return [], [], (f"the notebook {info.filename!r} unpacks to more than "
                                    f"{_megabytes(MAX_NOTEBOOK_BYTES)}, more than a hand-in "
                                    "may have (a zip bomb?)")
                budget -= written
                if budget < 0:
                    _remove(into)
                    return [], [], (f"its notebooks unpack to more than "
                                    f"{_megabytes(limits.max_bytes)} (a zip bomb?)")
                notebooks.append((info.filename, target, _zip_time(info)))
            return notebooks, others, ""
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, zlib.error,
            ValueError) as error:
        _remove(into)
        return [], [], f"not a zip that can be read ({error})"
    except (RuntimeError, NotImplementedError) as error:   # encrypted, unknown compression
        _remove(into)
        return [], [], f"a member cannot be unpacked ({error})"


#: A zip whose directory lists more entries than this many times ``ZipLimits.max_members``
#: (files and folders) is refused before its directory is read.
DIRECTORY_FACTOR = 4


def _listed_entries(path) -> int:
    """How many entries the zip's end record says its directory has (0 if it has none):
    read from the file's end, before zipfile reads the whole directory, which for a zip of
    millions of empty entries takes seconds and a gigabyte in the grader."""
    read_end = getattr(zipfile, "_EndRecData", None)   # the stdlib's own reader of it
    if read_end is None:        # a Python without it: zipfile's own reading, as before
        return 0
    with open(path, "rb") as stream:
        end = read_end(stream)
    return int(end[zipfile._ECD_ENTRIES_TOTAL]) if end else 0  # noqa: SLF001


def _refusal(members: list, limits: ZipLimits) -> str:
    """Why a zip with these members is refused before anything is unpacked, or ""."""
    if len(members) > limits.max_members:
        return f"it holds {len(members)} files, more than {limits.max_members}"
    for info in members:
        name = info.filename
        parts = PurePosixPath(name.replace("\\", "/")).parts
        if name.startswith(("/", "\\")) or ".." in parts or re.match(r"^[A-Za-z]:", name):
            return f"the member {name!r} names a path outside the zip's folder"
        if stat.S_ISLNK(info.external_attr >> 16):
            return f"the member {name!r} is a symbolic link"
        if info.flag_bits & 0x1:
            return f"the member {name!r} is encrypted"
    for info in members:
        if _is_notebook_member(info.filename) and info.file_size > MAX_NOTEBOOK_BYTES:
            return (f"the notebook {info.filename!r} would unpack to "
                    f"{_megabytes(info.file_size)}, more than a hand-in may have "
                    f"({_megabytes(MAX_NOTEBOOK_BYTES)})")
    declared = sum(info.file_size for info in members if _is_notebook_member(info.filename))
    if declared > limits.max_bytes:
        return (f"its notebooks would unpack to {_megabytes(declared)}, more than "
                f"{_megabytes(limits.max_bytes)}")
    return ""


def _is_notebook_member(name: str) -> bool:
    return name.lower().endswith(".ipynb") and not _not_a_hand_in(name)


def _not_a_hand_in(name: str) -> bool:
    return any(part in NOT_HAND_INS for part in PurePosixPath(name).parts)


def _copy_capped(archive, info, target: Path, budget: int, chunk: int = 2**20) -> int:
    """Copy a member to ``target``; the bytes written, stopping once over ``budget``."""
    written = 0
    with archive.open(info) as source, open(target, "wb") as sink:
        while written <= budget:
            block = source.read(chunk)
            if not block:
                break
            sink.write(block)
            written += len(block)
    return written


def _zip_time(info) -> int:
    try:
        return int(datetime(*info.date_time).timestamp())
    except (ValueError, OverflowError):
        return 0


def _megabytes(n_bytes: int) -> str:
    return f"{n_bytes / 2**20:g} MB"


def _remove(folder: Path) -> None:
    """Remove what was unpacked into ``folder`` (the folder stays, empty)."""
    for path in folder.glob("*"):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


# --------------------------------------------------------------------------- the latest


def latest(hand_ins: list, group=lambda hand_in: hand_in.who.key):
    """The latest hand-in of each group (a student by default; by ``order``: the platform's
    submission id, the resubmission number, the file's time), in the order of ``hand_ins``,
    and for each kept hand-in's key the others of its group, latest first."""
    groups = defaultdict(list)
    for hand_in in hand_ins:
        groups[group(hand_in)].append(hand_in)
    kept, others = [], {}
    for hand_in in hand_ins:
        members = groups[group(hand_in)]
        newest = max(members, key=lambda h: (h.order, h.key))
        if hand_in is newest:
            kept.append(hand_in)
            rest = sorted((h for h in members if h is not newest),
                          key=lambda h: (h.order, h.key), reverse=True)
            if rest:
                others[hand_in.key] = rest
    return kept, others
