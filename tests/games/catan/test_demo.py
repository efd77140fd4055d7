"""The demo game's inputs played through the rules core [K 3.1] [K 18]: the placement and six rounds of the
four players' files (`demo/`), read as storage reads them, with dice drawn from a seed by purpose. Between
them the files use every kind of step, and each kind runs at least once; every round's reports and map come
out in both languages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from ruamel.yaml import YAML

from pipeline.core.dice import HashDice
from pipeline.games.catan.drawing import render
from pipeline.games.catan.layout import board_from_data
from pipeline.games.catan.options import options_from_data
from pipeline.games.catan.orders import orders_from_data
from pipeline.games.catan.outcome import Action, Combat, Event, StepDone
from pipeline.games.catan.report import private_report, private_view, public_report
from pipeline.games.catan.setup import play_setup, setup_orders_from_data
from pipeline.games.catan.state import CatanState, new_state
from pipeline.games.catan.turn import play_round
from pipeline.games.catan.units import Target, UnitKind
from pipeline.publish.i18n import translator

from .helpers import BOARDS

DEMO = Path(__file__).parent / "demo"
ROUNDS = 6


def _load(path: Path) -> object:
    return YAML().load(path.read_text())


@cache
def _played() -> list[tuple[CatanState, CatanState, tuple[Event, ...]]]:
    """Each round (0: the placement) as the state before, the state after and its records."""
    game = YAML(typ="safe").load((DEMO / "game.yaml").read_text())
    board = board_from_data(YAML(typ="safe").load((BOARDS / f"{game['board']}.yaml").read_text()))
    seats = tuple(game["seats"])
    options = options_from_data(game["options"])
    state = new_state(board, seats, options)
    placed = {p: setup_orders_from_data(_load(DEMO / "0" / f"{p}.yaml"), board, p, seats) for p in seats}
    result = play_setup(board, state, {p: c for p, (c, _) in placed.items()}, options, HashDice("setup"),
                        {p: a for p, (_, a) in placed.items()})  # fmt: skip
    out = [(state, result.state, result.events)]
    for r in range(1, ROUNDS + 1):
        before = out[-1][1]
        orders = {p: orders_from_data(_load(DEMO / str(r) / f"{p}.yaml"), board, p, seats) for p in seats}
        result = play_round(board, before, orders, options, HashDice(f"round {r}"))
        out.append((before, result.state, result.events))
    return out


def test_every_kind_of_step_runs_in_the_demo() -> None:
    """[K 3.2] [K 3.4] every action a script may hold ran at least once, each the file of a player."""
    ran = {e.action for _, _, events in _played() for e in events if isinstance(e, StepDone) and e.reason is None}
    assert ran == set(Action)


def test_the_demo_fights_every_kind_of_combat() -> None:
    """[K 10.8] a city corrupted and one sabotaged, a route's ship, units of several kinds, a guard."""
    combats = [e for _, _, events in _played() for e in events if isinstance(e, Combat)]
    targets = {c.target for c in combats}
    assert {Target.CITY, Target.ROUTE_SHIP, UnitKind.GUARD, UnitKind.MILITARY, UnitKind.PIRATE} <= targets
    assert any(c.unit is None for c in combats)  # a knight card [K 16.3]


def test_every_round_reports_and_draws_in_both_languages() -> None:
    """[K 3.3] the public and private reports and the map, in English and French, of every round."""
    board = board_from_data(YAML(typ="safe").load((BOARDS / "seafarers-4.yaml").read_text()))
    for r, (before, after, events) in enumerate(_played()):
        for lang in ("en", "fr"):
            t = translator(lang)
            points = {p: after.points(p) for p in after.seats}
            assert public_report(r, points, events).markdown(t).count("\n### ") >= 2
            for p in after.seats:
                assert private_report(p, r, private_view(p, before, after), events).markdown(t)
            root = ET.fromstring(render(board, after, events, t, f"round {r}"))
            assert sum(1 for e in root.iter() if (e.get("id") or "").startswith("u-")) == len(after.units)
