"""Loading map files: YAML in, a checked `Board` out, every problem with its file and line."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pipeline.core.board import Board
from pipeline.errors import DataError, MapError

from .yamlio import load_yaml, load_yaml_fast, locate

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"


def load_board(path: Path) -> Board:
    try:
        return Board.from_dict(load_yaml_fast(path))
    except MapError:
        data = load_yaml(path)  # again, with the lines of its problems
        try:
            return Board.from_dict(data)
        except MapError as err:
            raise MapError(locate(err.problems, data, str(path))) from None


def map_path(name: str) -> Path:
    """The file of a map shipped with the project (``standard``), or a path given as is."""
    candidate = MAPS_DIR / f"{name}.yaml"
    if candidate.exists():
        return candidate
    path = Path(name)
    if path.exists():
        return path
    known = ", ".join(sorted(p.stem for p in MAPS_DIR.glob("*.yaml")))
    raise DataError(f"no map named {name!r} (the project has: {known})")


@lru_cache(maxsize=8)
def shipped_board(name: str = "standard") -> Board:
    """A map shipped with the project, loaded once per process."""
    return load_board(map_path(name))
