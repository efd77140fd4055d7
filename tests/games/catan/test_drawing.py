"""The map of a Catan game [K 2] (docs/render.md's house style): every hex, piece and unit drawn once with
its owner, inactive units marked, the round's moves and combats, a legend in the reader's language, the
players' colours apart for colour-blind readers, the same bytes from the same inputs."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from pipeline.board.presentation.colours import VISIONS, closest_pair
from pipeline.games.catan import outcome as oc
from pipeline.games.catan.drawing import PALETTE, render
from pipeline.games.catan.outcome import Die, Side
from pipeline.games.catan.state import Corruption, Guard, Ship
from pipeline.games.catan.units import Target, UnitKind
from pipeline.shared.i18n import translator

from .helpers import E, V, board, city, settlement, state, unit

SVG = "{http://www.w3.org/2000/svg}"


def _state():
    st = state(
        buildings={
            "c3/c4/d4": city("a", 2, walls=True),
            "d2/d3/e2": settlement("b"),
            "e3/e4/f3": city("c", 1, sabotaged=True),
        },
        roads={"c3/d4": "a", "d2/d3": "b"},
        units={
            "c3>d4": unit("a", UnitKind.MILITARY, home="c3/c4/d4"),
            "d4>c3": unit("b", UnitKind.DIPLOMAT, active=False, home="d2/d3/e2"),
        },
    )
    return replace(
        st,
        ships={E("a1/b2"): Ship("a")},
        corruption=(Corruption("d4", V("c3/c4/d4"), "b"),),
        guards=(Guard("a", V("c3/c4/d4"), "d4"),),
    )


EVENTS = [
    oc.Moved("a", UnitKind.MILITARY, ("c3>c4", "c3>d4")),
    oc.Combat(
        "a", UnitKind.MILITARY, "c3>d4", "b", UnitKind.DIPLOMAT, "d4>c3", Die(20, 14), Die(5, 3), Side.ATTACKER, ()
    ),
    oc.Combat("a", None, "", "c", Target.CITY, "e3/e4/f3", Die(12, 2), Die(12, 9, 1), Side.DEFENDER, ()),
]


def _svg(lang: str = "en") -> str:
    return render(board(), _state(), EVENTS, translator(lang), "Round 1")


def test_every_hex_piece_and_unit_is_drawn_once_with_its_owner() -> None:
    """[K 2.2] [K 2.3] hexes, buildings on their corners, roads and ships on their sides, units on slots."""
    root = ET.fromstring(_svg())
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    assert sum(1 for i in ids if i.startswith("h-")) == len(board().hexes)
    st = _state()
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    for v, b in st.buildings.items():
        assert by_id[f"b-{v}"].get("data-owner") == b.owner
    assert by_id["b-c3/c4/d4"].get("data-status") == "2"
    assert by_id["r-c3/d4"].get("data-owner") == "a" and by_id["s-a1/b2"].get("data-owner") == "a"
    assert by_id["u-c3>d4"].get("data-active") == "true" and by_id["u-d4>c3"].get("data-active") == "false"
    assert "inactive" in ET.tostring(by_id["u-d4>c3"]).decode()
    assert by_id["g-c3/c4/d4-d4"].get("data-owner") == "a" and by_id["m-d4-c3/c4/d4"].get("data-owner") == "b"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}desc") is not None


def test_the_rounds_moves_and_combats_are_drawn() -> None:
    """[K 9.1] a move's arrow, [K 10.1] a combat's burst with its result, a knight's without a line."""
    root = ET.fromstring(_svg())
    marks = {e.get("id"): e for e in root.iter() if e.get("id", "").startswith(("mv-", "cb-"))}
    assert sorted(marks) == ["cb-2", "cb-3", "mv-1"]
    assert "won" in (marks["cb-2"].get("class") or "") and "lost" in (marks["cb-3"].get("class") or "")
    assert marks["cb-2"].find(f"{SVG}line") is not None and marks["cb-3"].find(f"{SVG}line") is None


def test_the_legend_and_the_terrains_are_in_the_readers_language() -> None:
    """[K 1.3] the terrains named in words, in English or in French."""
    en, fr = _svg("en"), _svg("fr")
    assert ">forest<" in en and ">forêt<" in fr and ">military unit<" in en and ">unité militaire<" in fr
    assert "a: 2 points" in en and "a\u00a0: 2 points" in fr
    assert len(en.encode()) < 300_000


def test_the_same_inputs_give_the_same_bytes() -> None:
    """[K 3.7] the same state and records draw the same document."""
    assert _svg() == _svg()


def test_the_players_colours_stay_apart_for_every_kind_of_vision() -> None:
    """[K 1.1] up to six players; docs/render.md: every two at least 19 apart (CIEDE2000), colour-blindness
    simulated."""
    distance, vision, a, b = closest_pair({str(i): c for i, c in enumerate(PALETTE)})  # every vision of VISIONS
    assert distance >= 19, (vision, a, b)
    assert len(VISIONS) == 4
