"""Text on a map, shared by the board families' renderer (publish) and the families that draw their own maps:
how wide a name is, whether two boxes overlap, whether a stroke crosses a box, where a name breaks in two,
where a name goes; and what every drawn map writes alike: a coordinate, a colour's tint and luminance, the
ink that reads on it. Pure: no font is read, widths are estimated letter by letter."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom

_NARROW, _WIDE = set("iljtfr.,'- ()"), set("mwMW")

# the colours of powers a map or a chart has no colour of its own for, told apart by colour-vision deficiencies
FALLBACK = ["#CC6677", "#222255", "#EECC66", "#117733", "#7570B3", "#663333", "#999933", "#AA3377"]


@functools.lru_cache(maxsize=8192)  # every name is measured at every size, in every map drawn
def text_width(text: str, size: float) -> float:
    """The width of `text` in the map's sans-serif at `size`, estimated letter by letter (no font metrics)."""
    em = 0.0
    for char in text:
        em += 0.3 if char in _NARROW else 0.8 if char in _WIDE else 0.68 if char.isupper() else 0.55
    return em * size


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_hits(box: Box, p: Point, q: Point, pad: float) -> bool:
    """Does the segment p-q come within `pad` of the box? (Liang-Barsky on the grown box.)"""
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    dx, dy = q[0] - p[0], q[1] - p[1]
    low, high = 0.0, 1.0
    for step, room in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if room < 0:
                return False
        elif step < 0:
            low = max(low, room / step)
        else:
            high = min(high, room / step)
        if low > high:
            return False
    return True


def two_lines(name: str) -> list[str] | None:
    """The name cut at its most central space into two lines, or None for one word."""
    spaces = [i for i, c in enumerate(name) if c == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(len(name) - 2 * i))
    return [name[:cut], name[cut + 1 :]]


def _boxes(
    name: str, sizes: Sequence[float], size_rank: int, centres: Callable[[float, float], Sequence[Point]]
) -> Iterator[tuple[int, list[str], float, Box, Point]]:
    """Every box a name may take, in the order `place_name` tries them, with its rank: at each of `sizes`
    (the largest first), on one line then on two (`two_lines`), centred at each of `centres(width, height)`
    in turn; the rank is `size_rank` a size down, 3 on two lines, 2 a centre further."""
    layouts = [[name]] + ([split] if (split := two_lines(name)) else [])
    for rank_size, size in enumerate(sizes):
        for rank_layout, lines in enumerate(layouts):
            w = max(text_width(line, size) for line in lines)
            h = len(lines) * size * 1.05
            for rank_place, (cx, cy) in enumerate(centres(w, h)):
                rank = size_rank * rank_size + 3 * rank_layout + 2 * rank_place
                yield rank, lines, size, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), (cx, cy)


def place_name(
    name: str,
    sizes: Sequence[float],
    size_rank: int,
    centres: Callable[[float, float], Sequence[Point]],
    blocked: Callable[[Box], int],
    outside: Callable[[Box, Point], int],
) -> tuple[list[str], float, Box]:
    """The lines, size and box of a name: of the boxes `_boxes` makes, each scores what it runs into
    (`blocked`: the arrows it crosses, the marks it covers), its rank and how much of it leaves its place
    (`outside(box, centre)`); the first of the lowest score wins (`choose` over `candidates`, for a map
    drawn once; a map drawn turn after turn keeps its `candidates`)."""
    chosen = choose(candidates(name, sizes, size_rank, centres, outside), lambda box, limit: blocked(box))
    return list(chosen.lines), chosen.size, chosen.box


@dataclass(frozen=True)
class Candidate:
    """A box a name may take, with what it scores whatever else the map holds (its rank and how much of it
    leaves its place) and its order among the name's boxes (`_boxes`)."""

    fixed: int
    order: int
    lines: tuple[str, ...]
    size: float
    box: Box


def candidates(
    name: str,
    sizes: Sequence[float],
    size_rank: int,
    centres: Callable[[float, float], Sequence[Point]],
    outside: Callable[[Box, Point], int],
) -> tuple[Candidate, ...]:
    """Every box of `place_name` for a name, scored but for what it runs into, the lowest score first (then
    in `place_name`'s order): what a map whose places stay the same may make once for all its turns and
    give to `choose`."""
    found = [
        Candidate(rank + outside(box, centre), order, tuple(lines), size, box)
        for order, (rank, lines, size, box, centre) in enumerate(_boxes(name, sizes, size_rank, centres))
    ]
    return tuple(sorted(found, key=lambda c: (c.fixed, c.order)))


def choose(found: Sequence[Candidate], blocked: Callable[[Box, int], int]) -> Candidate:
    """The box `place_name` would take of `candidates`' (the first of the lowest score, `blocked` added):
    they come the lowest fixed score first, and `blocked` adds nothing below zero, so once a box's fixed
    score and order cannot beat the best, no box after it can. `blocked(box, limit)` may stop counting at
    `limit`: a box that runs into that much loses to the best."""
    best = found[0]
    best_key = (best.fixed + blocked(best.box, sys.maxsize), best.order)
    for candidate in found[1:]:
        if (candidate.fixed, candidate.order) >= best_key:
            break
        limit = best_key[0] - candidate.fixed + (candidate.order < best_key[1])
        key = (candidate.fixed + blocked(candidate.box, limit), candidate.order)
        if key < best_key:
            best, best_key = candidate, key
    return best


def coordinate(v: float) -> str:
    """A coordinate rounded to 0.1, without a trailing ``.0``."""
    text = f"{v:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def tint(colour: str, amount: float) -> str:
    """``#RRGGBB`` mixed with white (`amount` of white: 0 the colour, 1 white)."""
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02X}" for c in rgb)


def luminance(colour: str) -> float:
    """The relative luminance of ``#RRGGBB`` (0 black, 1 white): whether a dark or a light ink reads on it."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#RRGGBB`` (or ``#RGB``): of the linear sRGB channels."""
    if len(colour) == 4:
        colour = "#" + "".join(c * 2 for c in colour[1:])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(ink: str, paper: str) -> float:
    """WCAG 2's contrast ratio of two ``#RRGGBB`` (or ``#RGB``) colours: 1 (the same) to 21 (black on white); 4.5 and
    more reads as body text."""
    light, dark = sorted((_relative_luminance(ink), _relative_luminance(paper)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(paper: str) -> str:
    """Black or white, whichever contrasts more with `paper`: a letter drawn on a power's colour (at least
    4.5 on any colour)."""
    return "#000000" if contrast("#000000", paper) >= contrast("#FFFFFF", paper) else "#FFFFFF"
