"""Loading map files: YAML in, a checked `Board` out, every problem with its file and line."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.board.board import Board
from pipeline.errors import DataError, MapError

from .yamlio import load_yaml, load_yaml_fast, locate

if TYPE_CHECKING:  # a type only: `judge datc` loads a map without the families
    from pipeline.games import GameFamily

MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"


def load_board(path: Path) -> Board:
    board: Board = _read_checked(path, Board.from_dict, MapError)
    board.id = path.stem  # its drawing's name (`pipeline.board.presentation.render.drawing_for`)
    return board


def _read_checked(path: Path, build: Callable[[Any], Any], error: type[DataError]) -> Any:
    """What `build` makes of a file's data, read fast; on a problem read again, with the lines of its problems."""
    try:
        return build(load_yaml_fast(path))
    except error:
        data = load_yaml(path)
        try:
            return build(data)
        except error as err:
            raise error(locate(err.problems, data, str(path))) from None


def map_path(name: str) -> Path:
    """The file of a map shipped with the project (``standard``), or a path given as is."""
    return _shipped(MAPS_DIR, name, "map")


def _shipped(folder: Path, name: str, what: str) -> Path:
    candidate = folder / f"{name}.yaml"
    if candidate.exists():
        return candidate
    path = Path(name)
    if path.exists():
        return path
    known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))
    raise DataError(f"no {what} named {name!r} (the project has: {known})")


@lru_cache(maxsize=8)
def shipped_board(name: str = "standard") -> Board:
    """A map shipped with the project, loaded once per process."""
    return load_board(map_path(name))


def setup_path(family: GameFamily[Any, Any, Any, Any, Any], name: str) -> Path:
    """The file of a setup a family ships (`pipeline/maps/<name>.yaml` for the board families, else
    `<setup_folder>/<name>.yaml` in the family's own package's folder), or a path given as is."""
    folder = family.rules.setup_folder
    if folder == "maps":
        return map_path(name)
    return _shipped(family_folder(family) / folder, name, folder.removesuffix("s"))


def family_folder(family: GameFamily[Any, Any, Any, Any, Any]) -> Path:
    """The folder of a family's package (where its rules are defined): its data files are found there."""
    module = sys.modules[type(family.rules).__module__]
    return Path(str(module.__file__)).resolve().parent


def load_setup(family: GameFamily[Any, Any, Any, Any, Any], name: str) -> Any:
    """A game's setup: a board family's map (one per process for a shipped one), or the family's own,
    read from its file with every problem at its line."""
    if family.rules.setup_folder == "maps":
        return shipped_board(name) if (MAPS_DIR / f"{name}.yaml").exists() else load_board(map_path(name))
    return _family_setup(family, setup_path(family, name))


@lru_cache(maxsize=8)
def _family_setup(family: GameFamily[Any, Any, Any, Any, Any], path: Path) -> Any:
    return _read_checked(path, family.rules.setup_from_data, DataError)
