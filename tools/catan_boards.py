"""Write the Catan boards for five and six players and the seed's large board (pipeline/games/catan/boards/),
each a board file checked by the family's own reader [K 1.5]:

- ``base-56``: the base game's 5-6 player extension: its 30 land hexes in rows of 3, 4, 5, 6, 5, 4 and 3 in a
  frame of sea, terrains and tokens drawn by lot (or drafted) from the extension's pool, its 11 harbours on
  the frame;
- ``seafarers-56``: the project's own Seafarers map for five or six players on the pieces of both boxes:
  the 5-6 island in the west, where the placement goes, and three islands across the sea to the east, each
  with a gold field;
- ``large``: the seed's large board, "tous les hexagones de terre et de mer des deux jeux": every hex of
  both games with their 5-6 extensions (the pool), drafted or drawn into a frame of 8 rows of 10;
- ``large-open``: the same pool laid without a frame, where the players like, on a table [K 1.6].

The counts are those of docs/rules/catan.md [K 1.5]; the fixed arrangements (seafarers-56's hexes and
tokens, every fixed harbour) are the project's, made here once from a seeded shuffle and written out, so
that the files are plain data that nothing regenerates at run time.

    python3 tools/catan_boards.py        # writes the four files
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ruamel.yaml import YAML  # noqa: E402

from pipeline.games.catan.board import DIRECTIONS  # noqa: E402
from pipeline.games.catan.layout import layout_from_data  # noqa: E402

BOARDS = ROOT / "pipeline" / "games" / "catan" / "boards"

# the base game with its 5-6 player extension [K 1.5]
BASE_56_TERRAINS = {"hills": 5, "forest": 6, "pasture": 6, "fields": 6, "mountains": 5, "desert": 2}
BASE_56_TOKENS = [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12]
BASE_56_HARBOURS = {"any": 5, "brick": 1, "lumber": 1, "wool": 2, "grain": 1, "ore": 1}
# Seafarers with its 5-6 player extension, as the project counts them [K 1.5]
SEA_TERRAINS = {"sea": 30, "gold": 3, "desert": 2, "hills": 3, "forest": 3, "pasture": 3, "fields": 3, "mountains": 3}
SEA_TOKENS = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
SEA_HARBOURS = {"any": 5, "brick": 1, "lumber": 1, "wool": 1, "grain": 2, "ore": 1}


def island_56() -> list[tuple[int, int]]:
    """The 5-6 island: rows of 3, 4, 5, 6, 5, 4 and 3 hexes."""
    return [(q, r) for r in range(-3, 4) for q in range(max(-3, -3 - r), min(2, 2 - r) + 1)]


def ring(land: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The cells next to `land` that are not land: its frame of sea."""
    return {(q + dq, r + dr) for q, r in land for dq, dr in DIRECTIONS} - land


def ids(cells: set[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Each cell's id as the boards write them: its row's letter from the top, its place in the row from 1."""
    rows = sorted({r for _, r in cells})
    out = {}
    for i, r in enumerate(rows):
        for n, q in enumerate(sorted(q for q, rr in cells if rr == r), start=1):
            out[(q, r)] = f"{chr(ord('a') + i)}{n}"
    return out


def coast_sides(land: set[tuple[int, int]], sea: set[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each side between a land and a sea cell, as (land, sea), round the land's centre by angle."""
    cx = sum(q + r / 2 for q, r in land) / len(land)
    cy = sum(r for _, r in land) / len(land)
    sides = [((q, r), (q + dq, r + dr)) for q, r in land for dq, dr in DIRECTIONS if (q + dq, r + dr) in sea]

    def angle(side: tuple[tuple[int, int], tuple[int, int]]) -> float:
        (q1, r1), (q2, r2) = side
        x, y = (q1 + r1 / 2 + q2 + r2 / 2) / 2, (r1 + r2) / 2 * math.sqrt(3) / 2
        return math.atan2(y - cy * math.sqrt(3) / 2, x - cx)

    return sorted(sides, key=angle)


def _corners(side: tuple[tuple[int, int], tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    (q1, r1), (q2, r2) = side
    around = {(q1 + dq, r1 + dr) for dq, dr in DIRECTIONS} & {(q2 + dq, r2 + dr) for dq, dr in DIRECTIONS}
    return {frozenset({(q1, r1), (q2, r2), c}) for c in around}


def spread(sides: list, n: int) -> list:
    """`n` of the sides, evenly round the coast, no two on one corner (the next side along when one would)."""
    step = len(sides) / n
    chosen: list = []
    taken: set = set()
    for i in range(n):
        k = int(i * step)
        while k < len(sides) and _corners(sides[k]) & taken:
            k += 1
        assert k < len(sides), "no room for the harbours"
        chosen.append(sides[k])
        taken |= _corners(sides[k])
    return chosen


def harbours(chosen: list, names: dict[tuple[int, int], str], pool: dict[str, int]) -> list[dict[str, str]]:
    """The harbours on the sides chosen, their trades dealt in turn: a 3:1, a 2:1, a 3:1..."""
    generic = [t for t, n in pool.items() if t == "any" for _ in range(n)]
    special = [t for t, n in pool.items() if t != "any" for _ in range(n)]
    trades = []
    while generic or special:
        trades += [x.pop(0) for x in (generic, special) if x]
    return [{"edge": f"{names[a]}/{names[b]}", "trade": t} for (a, b), t in zip(chosen, trades, strict=True)]


def framed(land: set[tuple[int, int]]) -> tuple[dict[str, dict], dict[tuple[int, int], str], set[tuple[int, int]]]:
    """Drawn hexes on `land` in a frame of sea: the hexes by id, the ids by place, the frame."""
    sea = ring(land)
    names = ids(land | sea)
    hexes = {names[c]: {"at": list(c), "terrain": "drawn" if c in land else "sea"} for c in sorted(land | sea)}
    return hexes, names, sea


def board_file(name: str, en: str, fr: str, players: list[int], **parts: object) -> dict:
    """A board file's data: its name, title in both languages and players, then its parts in order."""
    return {"board": name, "title": {"en": en, "fr": fr}, "players": players, **parts}


def base_56() -> dict:
    land = set(island_56())
    hexes, names, sea = framed(land)
    coast = harbours(spread(coast_sides(land, sea), 11), names, BASE_56_HARBOURS)
    pool = {"terrains": BASE_56_TERRAINS, "tokens": BASE_56_TOKENS}
    return board_file("base-56", "The island for five or six", "L'île pour cinq ou six", [5, 6], hexes=hexes,
                      harbours=coast, pool=pool)  # fmt: skip


ISLANDS_56 = [  # three islands east of the 5-6 island, each of its terrains, the first its gold field
    [(5, -4), (6, -4), (5, -3), (6, -3), (4, -3)],
    [(6, -1), (7, -1), (5, 0), (6, 0), (5, 1)],
    [(3, 3), (4, 3), (2, 4), (3, 4)],
]
ISLAND_TERRAINS = [
    ["gold", "mountains", "forest", "pasture", "hills"],
    ["gold", "fields", "hills", "forest", "pasture"],
    ["gold", "mountains", "fields", "forest"],
]
ISLAND_TOKENS = [[4, 9, 10, 5, 8], [11, 6, 3, 9, 4], [10, 5, 8, 3]]


def seafarers_56() -> dict:
    main = island_56()
    rng = random.Random("seafarers-56")  # the project's arrangement, made once and written out
    terrains = [t for t, n in BASE_56_TERRAINS.items() for _ in range(n)]
    rng.shuffle(terrains)
    tokens = list(BASE_56_TOKENS)
    rng.shuffle(tokens)
    placed = {}
    for cell, terrain in zip(main, terrains, strict=True):
        placed[cell] = (terrain, None if terrain == "desert" else tokens.pop())
    for cells, kinds, nums in zip(ISLANDS_56, ISLAND_TERRAINS, ISLAND_TOKENS, strict=True):
        placed |= {c: (k, n) for c, k, n in zip(cells, kinds, nums, strict=True)}
    land = set(placed)
    qs, rs = [q + r / 2 for q, r in land], [r for _, r in land]
    box = {(q, r) for r in range(min(rs) - 1, max(rs) + 2) for q in range(-8, 12)
           if min(qs) - 1 <= q + r / 2 <= max(qs) + 1}  # fmt: skip
    sea = (box | ring(land)) - land
    names = ids(land | sea)
    hexes = {}
    for c in sorted(land | sea):
        terrain, token = placed.get(c, ("sea", None))
        hexes[names[c]] = {"at": list(c), "terrain": terrain, **({"token": token} if token else {})}
    main_sides = spread(coast_sides(set(main), sea), 11)
    island_sides = [coast_sides(set(cells), sea)[1] for cells in ISLANDS_56]
    coast = harbours(main_sides + island_sides, names, {**BASE_56_HARBOURS, "any": 6, "ore": 2, "grain": 2})
    return board_file("seafarers-56", "Seafarers for five or six: the eastern isles",
                      "Marins à cinq ou six : les îles de l'est", [5, 6], start=[names[(0, 0)]],
                      hexes=dict(sorted(hexes.items())), harbours=coast)  # fmt: skip


LARGE_TERRAINS = {t: BASE_56_TERRAINS.get(t, 0) + SEA_TERRAINS.get(t, 0) for t in
                  ("hills", "forest", "pasture", "fields", "mountains", "gold", "desert", "sea")}  # fmt: skip
LARGE_TOKENS = sorted(BASE_56_TOKENS + SEA_TOKENS)
LARGE_HARBOURS = {t: BASE_56_HARBOURS.get(t, 0) + SEA_HARBOURS.get(t, 0) for t in
                  ("any", "brick", "lumber", "wool", "grain", "ore")}  # fmt: skip
LARGE_POOL = {"terrains": LARGE_TERRAINS, "tokens": LARGE_TOKENS, "harbours": LARGE_HARBOURS}


def large() -> dict:
    cells = {(c - (r - (r & 1)) // 2, r) for r in range(8) for c in range(10)}  # 8 rows of 10, the frame's inside
    hexes, _, _ = framed(cells)
    return board_file("large", "The large board, in a frame", "Le grand plateau, dans un cadre", [3, 6],
                      hexes=hexes, pool=LARGE_POOL)  # fmt: skip


def large_open() -> dict:
    return board_file("large-open", "The large board, without a frame", "Le grand plateau, sans cadre", [3, 6],
                      table={"rows": 24, "columns": 36}, pool=LARGE_POOL)  # fmt: skip


HEADERS = {
    "base-56": "The base game's island for five or six players [K 1.5]: the 5-6 extension's 30 land hexes in rows of\n"
    "3 to 6 in a frame of sea, terrains and tokens drawn from its pool, its 11 harbours (tools/catan_boards.py).",
    "seafarers-56": "A Seafarers board for five or six players [K 1.5]: the 5-6 island in the west, where the\n"
    "placement goes (start), three isles to the east with a gold field each; the project's own map on the\n"
    "pieces of both boxes (tools/catan_boards.py).",
    "large": "The seed's large board in a frame [K 1.5] [K 1.6]: every hex of both games with their 5-6 extensions,\n"
    "drawn or drafted into 8 rows of 10, their tokens, their harbours laid on the coast (tools/catan_boards.py).",
    "large-open": "The seed's large board without a frame [K 1.6]: the same pool, laid by the players where they like\n"
    "on a table of 24 rows of 36 cells, closed by the sea (tools/catan_boards.py).",
}


def _flow(value: object) -> str:
    """A value in YAML's flow style, as the board files write a hex, a harbour and the pool."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    text = str(value)
    return f'"{text}"' if any(c in text for c in ":',{}[]#") else text


def text_of(data: dict) -> str:
    """The board file's text: one line a hex and a harbour, as the shipped boards are written."""
    lines = [f"# {line}" for line in HEADERS[data["board"]].splitlines()]
    for key, value in data.items():
        if key == "hexes":
            lines.append(f"{key}:")
            lines += [f"  {hid}: {_flow(value[hid])}" for hid in sorted(value, key=lambda h: (h[0], int(h[1:])))]
        elif key == "harbours":
            lines.append(f"{key}:")
            lines += [f"  - {_flow(h)}" for h in value]
        elif key == "pool":
            lines.append(f"{key}:")
            lines += [f"  {k}: {_flow(v)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def write(data: dict) -> None:
    text = text_of(data)
    layout_from_data(YAML(typ="safe").load(text))  # the family's own check: every problem said
    path = BOARDS / f"{data['board']}.yaml"
    path.write_text(text)
    print(path.relative_to(ROOT), dict(Counter(h["terrain"] for h in data.get("hexes", {}).values())))


if __name__ == "__main__":
    for made in (base_56(), seafarers_56(), large(), large_open()):
        write(made)
