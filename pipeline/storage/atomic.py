"""Writing several files as one change: all of them, or none, even if the process is killed midway.

Each file is first written in full to a temporary file beside its target (``.<name>.<random>.judge-tmp``,
hidden from every reader). Then a journal listing every move and removal is written and renamed into
place in one step: that rename is the commit. Then the moves and removals are carried out and the journal
deleted. A run killed before the commit leaves only temporary files, which the next run clears; a run
killed after it leaves the journal, and the next run (any command that opens the folder calls `recover`)
finishes the moves. Either way, nobody reads a folder where half a turn is written.

The journal is obeyed only if a judge run here could have written it, because the repository is public:
anybody may commit a ``.judge-commit.json`` in a game folder. So a journal tracked by git is refused, and
so is one that is not exactly what `write_all` writes: paths relative to the folder and inside it (no
``..``, no symbolic link leading out), each move from a temporary file beside its target, removals only
of a turn's files (``state/``, ``results/``, ``private/``, ``orders/``, ``deadlines.yaml``). A refused
journal is left alone, and nothing is moved or removed.

In a game folder (one with a game.yaml), finishing or clearing a change takes the game's lock
(`lock.game_lock`): a reader must not carry out the moves of a writer that is still making them, or clear
the temporary files it is still writing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from pipeline.errors import DataError, PipelineError

from .lock import LOCK_FILE, LockError, game_lock

JOURNAL = ".judge-commit.json"
TEMP_SUFFIX = ".judge-tmp"
JOURNAL_BYTES = 4 * 1024 * 1024  # a rerun of a long game moves a few hundred files; a journal is far smaller
REMOVABLE_FOLDERS = ("state", "results", "private", "orders")  # what a turn's change may delete files in
REMOVABLE_FILES = ("deadlines.yaml",)
JUDGE_FILES = (JOURNAL, LOCK_FILE)


class WriteError(PipelineError):
    """A file could not be written (a full disk, a read-only folder); nothing was changed."""


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _make_parents(folder: Path, made: list[Path]) -> None:
    """Create `folder` and its missing parents, noting each one made, so a failed change can remove them."""
    missing = [folder, *folder.parents]
    missing = [f for f in missing if not f.exists()]
    for f in reversed(missing):
        f.mkdir(exist_ok=True)
        made.append(f)


def _stage(path: Path, text: str, made: list[Path]) -> Path:
    _make_parents(path.parent, made)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    tmp = Path(name)
    try:
        try:
            data = memoryview(text.encode("utf-8"))
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
            os.fchmod(fd, 0o644)  # mkstemp makes files private; game files are meant to be read
        finally:
            os.close(fd)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _relative(path: Path, root: Path) -> str:
    """`path` as the journal writes it: relative to the folder the journal is in."""
    return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()


def write_all(files: Mapping[Path, str], remove: Iterable[Path] = (), root: Path | None = None) -> None:
    """Write `files` and delete `remove` as one change. The journal goes in `root` (by default the
    deepest folder holding every path), which is where `recover` looks for it.

    `DataError` if a path leads out of `root` (through ``..`` or a symbolic link) or a removal is not of a
    turn's files; `WriteError` if a file cannot be written (a full disk): either way nothing is changed."""
    removals = [Path(p) for p in remove]
    targets = [Path(p) for p in files] + removals
    if not targets:
        return
    if root is None:
        root = Path(os.path.commonpath([str(p.parent.absolute()) for p in targets]))
    root_real = root.resolve()
    for path in targets:
        try:
            _check_target(root_real, root, _relative(path, root), removal=path in removals)
        except ValueError as err:
            raise DataError(f"not written: {err}; nothing was changed", file=str(path)) from None
    made: list[Path] = []
    try:
        _make_parents(root, made)
    except OSError as err:
        raise WriteError(f"{root}: cannot create the folder ({_reason(err)}); nothing was changed") from None
    recover(root)
    staged: list[tuple[Path, Path]] = []
    writing = root / JOURNAL
    try:
        for path, text in files.items():
            writing = Path(path)
            staged.append((_stage(writing, text, made), writing))
        journal = {
            "moves": [[_relative(tmp, root), _relative(path, root)] for tmp, path in staged],
            # results before states: a removal interrupted leaves a state with no results, never the reverse
            "remove": [_relative(p, root) for p in sorted(removals, key=lambda p: p.parent.name != "results")],
        }
        writing = root / JOURNAL
        commit = _stage(writing, json.dumps(journal, indent=1), made)
        try:
            os.replace(commit, root / JOURNAL)  # the commit point
        except BaseException:
            commit.unlink(missing_ok=True)
            raise
    except BaseException as err:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        if isinstance(err, OSError):
            raise WriteError(f"{writing}: cannot write the file ({_reason(err)}); nothing was changed") from None
        raise
    _fsync_dir(root)
    recover(root)


def _reason(err: OSError) -> str:
    return (err.strerror or str(err)).lower()


def recover(root: Path) -> None:
    """Finish a change whose journal was committed, or clear the temporary files of one that was not.
    `DataError`, and nothing done, if the journal is not one a judge run here wrote."""
    journal_path = root / JOURNAL
    if not (os.path.lexists(journal_path) or any(_temp_files(root))):
        return
    try:
        with game_lock(root) if (root / "game.yaml").is_file() else contextlib.nullcontext():
            _finish(root)  # looked at again under the lock: the writer may have finished meanwhile
    except LockError:
        if os.path.lexists(journal_path):
            raise DataError(
                "a change was committed here but not finished, and the folder cannot be locked to finish it "
                "(read-only?): run the command again where the game folder is writable",
                file=str(journal_path),
            ) from None
        # only temporary files, invisible to every reader: they wait for a run that may write here


def _finish(root: Path) -> None:
    journal_path = root / JOURNAL
    if os.path.lexists(journal_path):
        moves, removals = read_journal(root)
        for tmp, path in moves:
            if tmp.exists():
                os.replace(tmp, path)
                _fsync_dir(path.parent)
        for path in removals:
            path.unlink(missing_ok=True)
        journal_path.unlink()
        _fsync_dir(root)
    for stale in list(_temp_files(root)):
        stale.unlink(missing_ok=True)


def _temp_files(root: Path) -> Iterator[Path]:
    """The temporary files under `root`, never following a symbolic link out of it (`os.walk` does not
    descend into linked folders; a linked file is removed as a link, its target untouched)."""
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [name for name in subfolders if name != ".git"]
        for name in names:
            if name.startswith(".") and name.endswith(TEMP_SUFFIX):
                yield Path(folder) / name


def read_journal(root: Path) -> tuple[list[tuple[Path, Path]], list[Path]]:
    """The moves and removals of the journal in `root`, each path checked; `DataError` (one line, naming
    the journal) if it is tracked by git or is not exactly what `write_all` writes."""
    journal_path = root / JOURNAL
    if _tracked_by_git(journal_path):
        raise DataError(
            "refused: this change journal is committed to the repository, so no judge run here wrote it; "
            f"nothing was done. Remove it (git rm {JOURNAL} in the game folder) and run the command again",
            file=str(journal_path),
        )
    try:
        return _parse_journal(root, journal_path)
    except ValueError as err:
        raise DataError(
            f"refused: this change journal is not one a judge run writes ({err}); nothing was done. If no judge "
            "command is running, delete it and check the game with git status",
            file=str(journal_path),
        ) from None


def _parse_journal(root: Path, journal_path: Path) -> tuple[list[tuple[Path, Path]], list[Path]]:
    if journal_path.is_symlink() or not journal_path.is_file():
        raise ValueError("not a plain file")
    if journal_path.stat().st_size > JOURNAL_BYTES:
        raise ValueError(f"over {JOURNAL_BYTES:,} bytes")
    try:
        data = json.loads(journal_path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, RecursionError):
        raise ValueError("not JSON") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"not JSON: {err.msg} at line {err.lineno}") from None
    if not isinstance(data, dict) or sorted(data) != ["moves", "remove"]:
        raise ValueError('expected an object with "moves" and "remove"')
    raw_moves, raw_removals = data["moves"], data["remove"]
    if not isinstance(raw_moves, list) or not all(
        isinstance(m, list) and len(m) == 2 and all(isinstance(p, str) for p in m) for m in raw_moves
    ):
        raise ValueError('"moves" must be a list of [temporary file, target] pairs')
    if not isinstance(raw_removals, list) or not all(isinstance(p, str) for p in raw_removals):
        raise ValueError('"remove" must be a list of paths')
    root_real = root.resolve()
    moves = []
    for source, target in raw_moves:
        tmp = _inside(root_real, root, source)
        path = _check_target(root_real, root, target, removal=False)
        pattern = re.escape(f".{path.name}.") + ".+" + re.escape(TEMP_SUFFIX)
        if tmp.parent != path.parent or not re.fullmatch(pattern, tmp.name, re.DOTALL):
            raise ValueError(f"{source!r} is not a temporary file written for {target!r}")
        if tmp.is_symlink():
            raise ValueError(f"{source!r} is a symbolic link")
        moves.append((tmp, path))
    removals = [_check_target(root_real, root, p, removal=True) for p in raw_removals]
    return moves, removals


def _inside(root_real: Path, root: Path, text: str) -> Path:
    """The path `text` names (relative to `root`, or absolute as older journals wrote it), with its folder
    resolved; `ValueError` if it climbs out with ``..`` or leads out of `root` through a symbolic link."""
    if not text or "\0" in text:
        raise ValueError("an empty path")
    given = Path(text)
    if ".." in given.parts:
        raise ValueError(f"{text!r} climbs out of the folder with '..'")
    full = given if given.is_absolute() else root / given
    folder = full.parent.resolve()
    if full.name in ("", ".") or (folder != root_real and root_real not in folder.parents):
        raise ValueError(f"{text!r} is outside the folder")
    inner = (folder / full.name).relative_to(root_real)
    if ".git" in inner.parts:
        raise ValueError(f"{text!r} is inside .git")
    return folder / full.name


def _check_target(root_real: Path, root: Path, text: str, removal: bool) -> Path:
    path = _inside(root_real, root, text)
    inner = path.relative_to(root_real)
    if inner.as_posix() in JUDGE_FILES:
        raise ValueError(f"{text!r} is the judge's own file")
    if removal and not (
        (len(inner.parts) >= 2 and inner.parts[0] in REMOVABLE_FOLDERS) or inner.as_posix() in REMOVABLE_FILES
    ):
        raise ValueError(
            f"{text!r} may not be removed (only files of {', '.join(f'{f}/' for f in REMOVABLE_FOLDERS)} "
            f"or {', '.join(REMOVABLE_FILES)})"
        )
    return path


def _tracked_by_git(path: Path) -> bool:
    """Whether git tracks `path`. Not in a git work tree, or no git at hand: not tracked. Never raises."""
    git = shutil.which("git")
    if git is None:
        return False
    folder = path.parent
    try:
        inside = subprocess.run(
            [git, "rev-parse", "--is-inside-work-tree"], cwd=folder, capture_output=True, text=True, timeout=30
        )
        if inside.returncode != 0 or inside.stdout.strip() != "true":
            return False
        listed = subprocess.run(
            [git, "ls-files", "--error-unmatch", "--", path.name], cwd=folder, capture_output=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return listed.returncode == 0
