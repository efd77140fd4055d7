"""The demo game, `games/catan-demo` [K 3.1] [K 18]: four seats on the Seafarers board with a quick start,
the placement and eleven rounds. Each turn is played again through the family from its committed state, its
revealed order files and the seed its results recorded; between them the files use every kind of step and
each kind runs at least once, and every round's reports and map come out in both languages."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from pipeline.games.catan.codec import event_from_data
from pipeline.games.catan.outcome import Action, Built, Combat, EffectKind, Event, GuardResult, GuardStood, StepDone
from pipeline.games.catan.units import Target, UnitKind
from pipeline.shared.dice import HashDice
from pipeline.shared.i18n import translator
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.orders_files import without_binding

DEMO = Path(__file__).resolve().parents[3] / "games" / "catan-demo"


@cache
def _game() -> Game:
    return load_game(DEMO)


@cache
def _played() -> list[tuple[str, Any, Any, tuple[Event, ...]]]:
    """Each adjudicated turn: its id, the result of playing it again, the state before, and every record
    (the public ones and each seat's own)."""
    game = _game()
    family = game.family
    out = []
    for turn in game.adjudicated():
        before = game.state(turn)
        orders = {}
        for seat in game.powers:
            data = YAML().load((game.orders_dir(turn) / f"{seat}.yaml").read_text())
            own = without_binding(data)  # as storage hands it over
            orders[seat] = family.rules.read_orders(
                game.setup, before, game.options, seat, own, lambda w: None, True
            ).orders
        seed = str((game.recorded_results(turn) or {})["seed"]["seed"])
        result = family.rules.adjudicate(
            game.setup, turn, before, game.options, orders, None, HashDice(seed), True, False
        )
        records = [*result.record["records"], *(r for p in result.private.values() for r in p["own_records"])]
        out.append((turn, result, before, tuple(event_from_data(r) for r in records)))
    return out


def test_the_demo_plays_again_to_its_committed_states() -> None:
    """[K 3.7] the same files and dice give the same next state."""
    game = _game()
    played = _played()
    assert [t for t, *_ in played] == ["r00", *(f"r{n:02d}" for n in range(1, 12))]
    for _, result, _, _ in played:
        assert result.state == game.state(result.turn)


def test_every_kind_of_step_runs_in_the_demo() -> None:
    """[K 3.2] [K 3.4] every action a script may hold ran at least once, each from a seat's file."""
    ran = {e.action for *_, events in _played() for e in events if isinstance(e, StepDone) and e.reason is None}
    assert ran == set(Action)


def test_the_demo_fights_on_land_and_at_sea() -> None:
    """[K 10.8] cities, a route's ship, military units, a barbarian, a worker, a pirate; a knight card."""
    combats = [e for *_, events in _played() for e in events if isinstance(e, Combat)]
    targets = {c.target for c in combats}
    assert {Target.CITY, Target.ROUTE_SHIP, UnitKind.MILITARY, UnitKind.BARBARIAN, UnitKind.PIRATE} <= targets
    assert any(c.unit is None for c in combats)  # a knight card [K 16.3]


def test_every_kind_of_unit_is_raised_in_the_demo() -> None:
    """[K 8.1] military units, assault troops, guards, workers, barbarians, explorers, diplomats, reformers,
    pirates and protection ships, each raised by a seat's file."""
    raised = {e.unit for *_, events in _played() for e in events if isinstance(e, Built) and e.unit is not None}
    assert raised == set(UnitKind)


def test_the_demo_corrupts_sabotages_and_guards() -> None:
    """[K 13.3] [K 13.4] [K 13.5] [K 13.6] [K 13.7] a diplomat corrupts a city and another sabotages one; each
    victim raises a guard on its post, and the sabotaged city's guard stands down after three turns."""
    effects = {x.kind for *_, events in _played() for e in events if isinstance(e, Combat) for x in e.effects}
    assert {EffectKind.CORRUPTED, EffectKind.SABOTAGED} <= effects
    stood = [e for *_, events in _played() for e in events if isinstance(e, GuardStood)]
    assert [e.result for e in stood] == [GuardResult.STATUS_RESTORED]
    game = _game()
    assert game.state("r10").state.guards and game.state("r10").state.corruption


def test_every_round_reports_and_draws_in_both_languages() -> None:
    """[K 3.3] the public report, each seat's private one and the map, in English and French."""
    game = _game()
    family = game.family
    for turn, result, before, _ in _played():
        public = {**result.record, **result.record_end}
        for lang in ("en", "fr"):
            t = translator(lang)
            report = family.presentation.report(game.setup, game.options, turn, before, result.state, public, t)
            assert report is not None and report.count("\n### ") >= 2
            for seat, own in result.private.items():
                own_view = {**public, "private": own}
                mine = family.presentation.report(
                    game.setup, game.options, turn, before, result.state, own_view, t, seat
                )
                assert mine is not None and t.gettext("your script").capitalize() in mine
            maps = family.presentation.draw_map(game.setup, game.options, turn, result.state, public, [t])
            assert maps is not None
            root = ET.fromstring(maps[""][lang])
            units = sum(1 for e in root.iter() if (e.get("id") or "").startswith("u-"))
            assert units == len(result.state.state.units)
