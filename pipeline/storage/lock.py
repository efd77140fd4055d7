"""One writer at a time in a game folder: a lock held for a command's whole read-decide-write sequence.

Two `judge adjudicate` started together (a push and the hourly deadline run, say) would otherwise both
read the same turn, both decide to play it and both write it; and a reader finishing a change
(`atomic.recover`) must not carry out the moves of a writer that is still making them. The lock is
`fcntl.flock` on ``.judge-lock`` in the game folder: the kernel releases it when its holder ends, even
killed, so no stale lock is ever left to clear by hand. The file stays (removing it would let a third
process lock a new file while a second waits on the old one) and is ignored by git.

The lock is re-entrant within a process: a command holding it may call others that take it again
(`adjudicate` calls `load_game`, which may call `recover`).
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

from pipeline.errors import PipelineError

LOCK_FILE = ".judge-lock"

F = TypeVar("F", bound=Callable[..., Any])

_held: dict[str, tuple[int, int]] = {}  # folder's real path -> (file descriptor, how many times taken)


class LockError(PipelineError):
    """The game folder cannot be locked for writing (a read-only checkout, say)."""


def _open_lock_file(folder: Path) -> int:
    path = folder / LOCK_FILE
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as err:
        try:
            return os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)  # flock needs no write access
        except OSError:
            pass
        reason = (err.strerror or str(err)).lower()
        raise LockError(
            f"{path}: cannot create the lock file ({reason}), so the game cannot be written safely; "
            "commands that only read the game still work (run writing commands where the folder is writable)"
        ) from None


@contextmanager
def game_lock(folder: Path) -> Iterator[None]:
    """Hold the lock of the game in `folder`, waiting for any other judge command writing it to finish."""
    key = os.path.realpath(folder)
    if key in _held:
        fd, count = _held[key]
        _held[key] = (fd, count + 1)
    else:
        fd = _open_lock_file(folder)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        _held[key] = (fd, 1)
    try:
        yield
    finally:
        fd, count = _held[key]
        if count > 1:
            _held[key] = (fd, count - 1)
        else:
            del _held[key]
            os.close(fd)  # closing the only descriptor releases the lock


def writes_game(func: F) -> F:
    """For a command whose first argument is a game folder it writes: the whole command holds the game's
    lock. A folder with no game.yaml is not locked (the command itself says there is no game there)."""

    @wraps(func)
    def locked(folder: Path, *args: Any, **kwargs: Any) -> Any:
        if not (Path(folder) / "game.yaml").is_file():
            return func(folder, *args, **kwargs)
        with game_lock(Path(folder)):
            return func(folder, *args, **kwargs)

    return locked  # type: ignore[return-value]


def creates_game(func: F) -> F:
    """For `judge new`: the folder is made first, so that two creations of one game do not interleave; a
    creation that fails removes the folder it made (its lock included), leaving nothing behind."""

    @wraps(func)
    def locked(folder: Path, *args: Any, **kwargs: Any) -> Any:
        made = not Path(folder).exists()
        try:
            Path(folder).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise LockError(f"{folder}: cannot create the game folder ({(err.strerror or str(err)).lower()})") from None
        try:
            with game_lock(Path(folder)):
                return func(folder, *args, **kwargs)
        except BaseException:
            if made:
                shutil.rmtree(folder, ignore_errors=True)
            raise

    return locked  # type: ignore[return-value]
