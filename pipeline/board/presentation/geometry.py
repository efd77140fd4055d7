"""The boards as drawings: each space's shape, label point and city point, for the map renderer.

The drawings are data files, ``pipeline/maps/drawing/<map>.json``, written once by ``tools/draw_boards.py``
from the real coastline (see ``docs/maps.md``); this module only reads them. Coordinates are SVG user units
in the drawing's view box (x to the east, y to the south). A space's shape is SVG path data (one closed
subpath per ring, outer rings counter-clockwise in x-y numbers, holes clockwise) and the same rings as
polygons, for hit tests and checks.

A map with no file of its own may share another's drawing (the Objectif board is the 1995 board with two
double coasts: the same spaces, the same neighbours).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pipeline.errors import DataError

DRAWING_DIR = Path(__file__).resolve().parents[2] / "maps" / "drawing"
SAME_DRAWING = {"machiavelli-objectif": "machiavelli-1995"}

Point = tuple[float, float]
Ring = tuple[Point, ...]
Polygon = tuple[Ring, ...]  # the outer ring, then its holes

_SUBPATH = re.compile(r"M([^MZ]*)Z")


@dataclass(frozen=True)
class SpaceShape:
    id: str
    kind: str  # land | coast | sea, as in the map
    path: str  # SVG path data
    polygons: tuple[Polygon, ...]
    label: Point  # where the name and a unit are drawn
    city: Point | None  # the city, for a space that has one (a supply centre's, on the standard board)
    coasts: dict[str, Point] = field(default_factory=dict)  # split coast -> where a fleet on it stands


@dataclass(frozen=True)
class Crossing:
    """An army move over water (a strait, a land bridge): drawn as a line, not as a shared border."""

    spaces: tuple[str, str]
    line: tuple[Point, Point]
    why: str


@dataclass(frozen=True)
class BorderException:
    """Two land spaces that share a border although no army moves between them, and why."""

    spaces: tuple[str, str]
    why: str


@dataclass(frozen=True)
class BoardDrawing:
    name: str  # the map the drawing was made for
    viewbox: tuple[float, float, float, float]
    spaces: dict[str, SpaceShape]
    land: str  # path data of all land, the board's and beyond it (the coastline)
    offboard: str  # path data of the land beyond the board's edge
    crossings: tuple[Crossing, ...]
    exceptions: tuple[BorderException, ...]

    @property
    def width(self) -> float:
        return self.viewbox[2]

    @property
    def height(self) -> float:
        return self.viewbox[3]


def drawing_path(map_name: str) -> Path:
    return DRAWING_DIR / f"{SAME_DRAWING.get(map_name, map_name)}.json"


def has_drawing(map_name: str) -> bool:
    return drawing_path(map_name).exists()


@lru_cache(maxsize=8)
def load_drawing(map_name: str) -> BoardDrawing:
    """The drawing of a map shipped with the project (``machiavelli-classic``), read once per process."""
    path = drawing_path(map_name)
    if not path.exists():
        known = ", ".join(sorted([p.stem for p in DRAWING_DIR.glob("*.json")] + list(SAME_DRAWING)))
        raise DataError(f"no drawing of the map {map_name!r} (drawn: {known})")
    return parse_drawing(json.loads(path.read_text(encoding="utf-8")))


def parse_drawing(data: dict[str, Any]) -> BoardDrawing:
    spaces = {}
    for sid, entry in data["spaces"].items():
        city = entry.get("city")
        spaces[sid] = SpaceShape(
            id=sid,
            kind=entry["kind"],
            path=entry["path"],
            polygons=parse_path(entry["path"]),
            label=_point(entry["label"]),
            city=_point(city) if city else None,
            coasts={c: _point(p) for c, p in sorted(entry.get("coasts", {}).items())},
        )
    crossings = tuple(
        Crossing(
            spaces=(c["spaces"][0], c["spaces"][1]),
            line=((c["line"][0], c["line"][1]), (c["line"][2], c["line"][3])),
            why=c["why"],
        )
        for c in data.get("crossings", [])
    )
    exceptions = tuple(
        BorderException(spaces=(e["spaces"][0], e["spaces"][1]), why=e["why"]) for e in data.get("exceptions", [])
    )
    x, y, w, h = data["viewbox"]
    return BoardDrawing(
        name=data["board"],
        viewbox=(float(x), float(y), float(w), float(h)),
        spaces=spaces,
        land=data.get("land", ""),
        offboard=data.get("offboard", ""),
        crossings=crossings,
        exceptions=exceptions,
    )


def parse_path(d: str) -> tuple[Polygon, ...]:
    """``M x,y x,y ... Z`` subpaths -> polygons: a counter-clockwise ring starts one, a clockwise one is its hole."""
    polygons: list[list[Ring]] = []
    for body in _SUBPATH.findall(d):
        ring = tuple(_point(pair.split(",")) for pair in body.split())
        if _signed_area(ring) >= 0 or not polygons:
            polygons.append([ring])
        else:
            polygons[-1].append(ring)
    return tuple(tuple(p) for p in polygons)


def _signed_area(ring: Ring) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True)) / 2


def _point(values: list[float] | list[str]) -> Point:
    return (float(values[0]), float(values[1]))
