"""Writing several files as one change: all of them, or none, even if the process is killed midway.

Each file is first written in full to a temporary file beside its target (``.<name>.<random>.judge-tmp``,
hidden from every reader). Then a journal listing every move and removal is written and renamed into
place in one step: that rename is the commit. Then the moves and removals are carried out and the journal
deleted. A run killed before the commit leaves only temporary files, which the next run clears; a run
killed after it leaves the journal, and the next run (any command that opens the folder calls `recover`)
finishes the moves. Either way, nobody reads a folder where half a turn is written.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from pipeline.errors import naming

JOURNAL = ".judge-commit.json"
TEMP_SUFFIX = ".judge-tmp"


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


def _stage(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with naming(path), os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:  # ENOSPC names no file
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes files private; game files are meant to be read
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def write_all(files: Mapping[Path, str], remove: Iterable[Path] = (), root: Path | None = None) -> None:
    """Write `files` and delete `remove` as one change. The journal goes in `root` (by default the
    deepest folder holding every path), which is where `recover` looks for it."""
    targets = [Path(p) for p in files] + [Path(p) for p in remove]
    if not targets:
        return
    if root is None:
        root = Path(os.path.commonpath([str(p.parent.absolute()) for p in targets]))
    root.mkdir(parents=True, exist_ok=True)
    recover(root)
    staged: list[tuple[Path, Path]] = []
    try:
        for path, text in files.items():
            staged.append((_stage(Path(path), text), Path(path)))
        journal = {
            "moves": [[str(tmp.absolute()), str(path.absolute())] for tmp, path in staged],
            # results before states: a removal interrupted leaves a state with no results, never the reverse
            "remove": [str(Path(p).absolute()) for p in sorted(remove, key=lambda p: Path(p).parent.name != "results")],
        }
        commit = _stage(root / JOURNAL, json.dumps(journal, indent=1))
    except BaseException:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
        raise
    os.replace(commit, root / JOURNAL)  # the commit point
    _fsync_dir(root)
    recover(root)


def recover(root: Path) -> None:
    """Finish a change whose journal was committed, or clear the temporary files of one that was not."""
    journal_path = root / JOURNAL
    if journal_path.exists():
        journal = json.loads(journal_path.read_text(encoding="utf-8"))
        for tmp, path in journal["moves"]:
            if Path(tmp).exists():
                os.replace(tmp, path)
                _fsync_dir(Path(path).parent)
        for path in journal["remove"]:
            Path(path).unlink(missing_ok=True)
        journal_path.unlink()
        _fsync_dir(root)
    if root.is_dir():
        for stale in root.rglob(f".*{TEMP_SUFFIX}"):
            stale.unlink(missing_ok=True)
