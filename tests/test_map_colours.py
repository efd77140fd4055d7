"""Every game's powers told apart by their colours, by everyone, and the letters drawn on them readable.

For each map or scenario of each family (Diplomacy's standard map, Machiavelli's two boards, Symmachia's
three scenarios, Klarfeld's Catan's seats), every two powers' colours are compared as a person sees them with
normal vision and with each of the three common colour-vision deficiencies simulated: protanopia,
deuteranopia and tritanopia, by the matrices of G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A
Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE Transactions on Visualization
and Computer Graphics 15(6), 2009, at severity 1.0, applied in linear sRGB
(`pipeline/board/presentation/colours.py`); their distance is CIEDE2000 in CIELAB (D65). About 2 is just
told apart side by side; the old standard map's Austria and Russia (#CC6677 and #AA3377, "both pink") were
18.1 apart with normal vision, its Italy and Turkey (#999933 and #EECC66, "both yellowish") 18.4: the
thresholds below fail them.

The letters drawn on a power's colour (a unit's A, F or G, a Catan piece's letter) are checked by WCAG 2's
contrast ratio: 4.5, what body text needs.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pytest

from pipeline.board.presentation import colours as vision
from pipeline.board.presentation import render
from pipeline.games import board_rules, family_of
from pipeline.games.catan import drawing as catan
from pipeline.games.symmachia import FAMILY as SYMMACHIA
from pipeline.games.symmachia import drawing as symmachia
from pipeline.shared.map_text import contrast, ink, tint
from pipeline.storage.maps import load_setup, shipped_board

NORMAL = 22.0  # CIEDE2000 between two powers' colours, normal vision: plainly two hues
DEFICIENT = 15.0  # the same with protanopia, deuteranopia or tritanopia simulated
FILLS = 6.0  # between two powers' land fills (the colour's tint under its hatching, which adds its own cue)
GROUND = 11.0  # between a power's colour and the map's own ground: sea, free land, land beyond the board
LETTERS = 4.5  # WCAG 2 contrast ratio of a letter drawn on a power's colour

BOARDS = [("standard", "standard"), ("judge", "machiavelli-classic"), ("objectif", "machiavelli-1995")]
SCENARIOS = ["aegean-229", "vespers-88", "world-229"]


def too_close(colours: Mapping[str, str], pairs: list[tuple[str, str]], normal: float, deficient: float) -> list[str]:
    """The pairs whose colours look closer than `normal` (normal vision) or `deficient` (any deficiency)."""
    out = []
    for a, b in pairs:
        for seen in vision.VISIONS:
            d = vision.distance(colours[a], colours[b], seen)
            if d < (normal if seen == "normal" else deficient):
                out.append(f"{a} {colours[a]} and {b} {colours[b]} with {seen}: {d:.1f}")
    return out


def on_ground(colours: Mapping[str, str], ground: tuple[str, ...]) -> list[str]:
    return [
        f"{p} {c} on {g} with {seen}"
        for p, c in colours.items()
        for g in ground
        for seen in vision.VISIONS
        if vision.distance(c, g, seen) < GROUND
    ]


def every_pair(colours: Mapping[str, str]) -> list[tuple[str, str]]:
    return list(itertools.combinations(sorted(colours), 2))


@pytest.mark.parametrize(("profile", "map_name"), BOARDS)
def test_every_two_powers_of_a_board_are_told_apart_by_everyone(profile: str, map_name: str) -> None:
    """Units in the power's colour, land in its tint: every two powers apart in both, for each vision."""
    board = shipped_board(map_name)
    palette = render.palette(board, family_of(board_rules(profile)))
    assert set(palette) == set(board.powers)
    colours = {p: c for p, (c, _) in palette.items()}
    fills = {p: tint(c, 0.55) for p, c in colours.items()}  # render._tint: a controlled province
    assert too_close(colours, every_pair(colours), NORMAL, DEFICIENT) == []
    assert too_close(fills, every_pair(fills), FILLS, FILLS) == []
    assert on_ground(colours, (render.SEA, render.LAND, render.OFFBOARD, render.AUTONOMOUS_COLOUR)) == []
    hatchings = [h for _, h in palette.values()]
    assert len(set(hatchings)) == len(hatchings) and set(hatchings) <= set(render.HATCHINGS)


@pytest.mark.parametrize(("profile", "map_name"), BOARDS)
def test_a_units_letter_reads_on_its_powers_colour(profile: str, map_name: str) -> None:
    """The letter of each unit icon, as the map draws it, contrasts at least 4.5 with its power's colour."""
    board = shipped_board(map_name)
    palette = render.palette(board, family_of(board_rules(profile)))
    assert {p: contrast(ink(c), c) for p, (c, _) in palette.items() if contrast(ink(c), c) < LETTERS} == {}


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_two_powers_of_a_scenario_are_told_apart(name: str) -> None:
    """Symmachia's scenarios: every two of the first eight powers apart in colour for everyone (the Aegean's
    eight: all of them); in the larger scenarios (17 and 18 powers, more than colours can tell apart for
    everyone) two powers of the same hatching are apart in colour, and no two share colour and hatching."""
    scenario = load_setup(SYMMACHIA, name)
    colours, hatchings = symmachia.colours(scenario), symmachia.hatchings(scenario)
    powers = sorted(colours)
    assert powers == sorted(scenario.powers)
    first = list(itertools.combinations(powers[:8], 2))
    alike = [(a, b) for a, b in itertools.combinations(powers, 2) if hatchings[a] == hatchings[b]]
    assert too_close(colours, first + alike, NORMAL, DEFICIENT) == []
    fills = {p: tint(c, 0.6) for p, c in colours.items()}  # the hatching's ground (drawing._pattern)
    assert too_close(fills, first + alike, FILLS, FILLS) == []
    assert len({(colours[p], hatchings[p]) for p in powers}) == len(powers)
    assert on_ground(colours, (symmachia.SEA, symmachia.LAND, symmachia.DESERT, symmachia.OFFBOARD)) == []
    assert [p for p in powers if contrast(ink(colours[p]), colours[p]) < LETTERS] == []


def test_the_catan_seats_are_told_apart_and_their_letters_read() -> None:
    """[K 1.1] up to six seats: every two apart for everyone; a piece's letter (`_text_colour`) readable."""
    seats = {str(i): c for i, c in enumerate(catan.PALETTE)}
    assert too_close(seats, every_pair(seats), NORMAL, DEFICIENT) == []
    assert [c for c in catan.PALETTE if contrast(catan._text_colour(c), c) < LETTERS] == []


def test_the_old_pink_and_yellow_pairs_fail_the_check() -> None:
    """The check itself: the standard map's old Austria and Russia, and Italy and Turkey, come out too close;
    red and green that protanopes and deuteranopes confuse, far for normal vision but close for them, and
    blue and teal for tritanopes; a
    CIEDE2000 value of Sharma, Wu and Dalal's test data (2005), pair 1."""
    assert too_close({"austria": "#CC6677", "russia": "#AA3377"}, [("austria", "russia")], NORMAL, DEFICIENT)
    assert too_close({"italy": "#999933", "turkey": "#EECC66"}, [("italy", "turkey")], NORMAL, DEFICIENT)
    red, green = "#D55E00", "#7A8A00"
    assert vision.distance(red, green) > 30
    assert vision.distance(red, green, "deuteranopia") < 12 and vision.distance(red, green, "protanopia") < 12
    blue, teal = "#3388CC", "#44AA77"  # what tritanopes confuse
    assert vision.distance(blue, teal, "tritanopia") < vision.distance(blue, teal) / 2
    assert vision.delta_e((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)


def test_the_ink_is_the_letter_that_reads() -> None:
    """Black on light colours, white on dark ones, and WCAG 2's ratios at their ends and for mid grey."""
    assert ink("#FFD59E") == "#000000" and ink("#081146") == "#FFFFFF"
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert min(contrast(ink(f"#{v:02X}{v:02X}{v:02X}"), f"#{v:02X}{v:02X}{v:02X}") for v in range(256)) > LETTERS
