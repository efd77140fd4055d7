"""Every error the project raises on purpose.

Standard library only (and `pipeline.escape`, which is too): the pure rules core imports this module. The
command line turns a `PipelineError` into a one-line message and exit status 1, never a traceback.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from pipeline.escape import log_line, visible


def shown(value: object, limit: int = 60) -> str:
    """A value as a message quotes it: its repr, cut short, whatever a player or a game master wrote."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@contextmanager
def naming(path: object) -> Iterator[None]:
    """An `OSError` raised inside names `path` if it named no file: a write that fails on a full disk
    (ENOSPC at the flush) says only "No space left on device", and the command line must say where."""
    try:
        yield
    except OSError as err:
        if err.filename is None:
            raise OSError(err.errno, err.strerror or str(err), str(path)) from err
        raise


class PipelineError(Exception):
    """Root of all errors shown to a user as a plain message."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a data file: where it is and what is wrong.

    `where` is a key path such as ``spaces.bul.army[2]``; `line` is filled in by the storage layer,
    which alone knows the file. `said` is what a report puts into the reader's language where the message
    is English: an order file's refused order as written (``order``) and the reason's code (``result``,
    an outcome `Reason` or ``not_understood``, ``ambiguous``) with its details; empty for other problems.
    """

    where: str
    message: str
    line: int | None = None
    file: str | None = None
    said: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        """The problem as a log shows it: its file and key path (which may hold any name a player wrote) on one line,
        and no line of it beginning a workflow command (`pipeline.escape.log_line`)."""
        place = visible(self.file or "")
        if self.line is not None:
            place = f"{place}:{self.line}" if place else f"line {self.line}"
        where = visible(self.where)
        if place:
            text = f"{place}: {where}: {self.message}" if where else f"{place}: {self.message}"
        else:
            text = f"{where}: {self.message}" if where else self.message
        return "\n".join(log_line(line) for line in text.split("\n"))


class DataError(PipelineError):
    """A data file (map, game, state, orders) that cannot be used; carries every problem found."""

    def __init__(self, problems: list[Problem] | Problem | str, file: str | None = None) -> None:
        if isinstance(problems, str):
            problems = [Problem("", problems, file=file)]
        elif isinstance(problems, Problem):
            problems = [problems]
        if file is not None:
            problems = [p if p.file else dataclasses.replace(p, file=file) for p in problems]
        self.problems: list[Problem] = problems
        super().__init__("\n".join(str(p) for p in problems))


class MapError(DataError):
    """A map file that breaks the map format's rules (unknown ids, asymmetric adjacency...)."""


class OrderError(PipelineError, ValueError):
    """An order that cannot be used. The three subclasses say why."""


class OrderSyntaxError(OrderError):
    """The text is not understood as an order at all."""


class AmbiguousOrderError(OrderError):
    """The text could mean more than one order (a name or a coast that is not unique)."""


class IllegalOrderError(OrderError):
    """The order is understood but not allowed in this position. `reason` is the rules' code for why."""

    def __init__(self, message: str, reason: object = None, detail: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.detail = dict(detail or {})  # what the reason speaks of (places, powers), as the results record it
