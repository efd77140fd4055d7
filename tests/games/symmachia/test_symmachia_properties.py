"""Properties of any year of the demo, whatever the orders and the dice [S 2.1] [S 6.8]: it resolves (no
traceback), no treasury goes below zero, every talent is in a ledger, and at the campaign's end no two
hostile forces share a place (A36)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.errors import DataError
from pipeline.games.symmachia.orders import PowerOrders, read_orders
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.year import resolve_year
from pipeline.shared.dice import HashDice

from .conftest import DEMO

_DEMO: Scenario | None = None


def demo_scenario() -> Scenario:
    global _DEMO
    if _DEMO is None:
        from pipeline.storage.yamlio import load_yaml

        _DEMO = Scenario.from_data(load_yaml(DEMO))
    return _DEMO


def random_plans(draw: Any, scenario: Scenario, units: dict[str, Any]) -> dict[str, Any]:
    """Plans of marches along the map, pacifications, defences and raids, each row checked to be reachable."""
    files: dict[str, Any] = {}
    armies = sorted(u for u, unit in units.items() if unit.kind.value == "army")
    fleets = sorted(u for u, unit in units.items() if unit.kind.value == "fleet")
    for uid, unit in sorted(units.items()):
        here, rows = unit.place, []
        for _ in range(draw(st.integers(0, 3))):
            if unit.kind.value == "fleet":
                near = list(scenario.seas[here].adjacent)
                coasts = list(scenario.coasts_of(here))
                choice = draw(st.sampled_from(["M", "D", "R", "N", "F"] if coasts else ["M", "D", "F"]))
                if choice == "F":
                    rows.append(
                        f"F {draw(st.sampled_from([f for f in fleets if units[f].power != unit.power] or fleets))}"
                    )
                elif choice == "N" and coasts:
                    rows.append(f"N {draw(st.sampled_from(sorted(coasts)))}")
                elif choice == "M" and near:
                    here = draw(st.sampled_from(sorted(near)))
                    rows.append(f"M {here}")
                elif choice == "R" and coasts:
                    rows.append(f"R {draw(st.sampled_from(sorted(coasts)))}")
                else:
                    rows.append(f"D{draw(st.integers(0, 3))}")
            else:
                near = list(scenario.provinces[here].borders)
                choice = draw(st.sampled_from(["M", "P", "D", "F", "E"]))
                if choice == "F":
                    rows.append(
                        {
                            "order": f"F {draw(st.sampled_from([a for a in armies if units[a].power != unit.power]))}",
                            "defence": "DN",
                        }
                    )
                elif choice == "E" and fleets:
                    rows.append(f"E {draw(st.sampled_from(fleets))}")
                    break  # what follows an embarkation is the fleet's to say
                elif choice == "M" and near:
                    here = draw(st.sampled_from(sorted(near)))
                    rows.append(
                        {"order": f"M {here}", "defence": draw(st.sampled_from(["D0", "D1", "D2", "D3", "DN"]))}
                    )
                elif choice == "P":
                    rows.append("P")
                else:
                    rows.append(f"D{draw(st.integers(0, 3))}")
        files.setdefault(unit.power, {}).setdefault("military", {})[uid] = {"plan": rows}
    return files


@st.composite
def years(draw: Any) -> tuple[dict[str, Any], str]:
    scenario = demo_scenario()
    state = start_state(scenario, HashDice("properties"))
    return random_plans(draw, scenario, dict(state.public.units)), draw(st.text("abcdef", min_size=1, max_size=6))


# derandomized: the same examples in every run, so that CI says the same thing twice; the one case a random
# search found that broke the rule is kept below as a regression test
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(years())
def test_any_year_resolves_within_the_rules(case: tuple[dict[str, Any], str]) -> None:
    files, seed = case
    scenario = demo_scenario()
    state = start_state(scenario, HashDice("properties"))
    orders: dict[str, PowerOrders] = {}
    for power, data in files.items():
        # minor powers may not invade beyond their neighbours: such random orders are refused, not played
        try:
            orders[power] = read_orders({"power": power, "year": "229bc", **data}, scenario, state, power)[0]
        except DataError:
            continue  # a refused file is that power's silence
    result = resolve_year(scenario, state, orders, None, HashDice(seed))
    for power, private in result.state.private.items():
        balance = state.treasury(power) if power in state.private else 0
        for line in private.ledger:
            balance += line.amount
            assert balance >= 0
        assert balance == private.treasury
    player = {p: info.protector or p for p, info in result.state.public.powers.items()}
    places: dict[str, set[str]] = {}
    for unit in result.state.public.units.values():
        if unit.aboard is None:
            places.setdefault(unit.place, set()).add(player[unit.power])
    for horde in result.state.public.hordes:
        places.setdefault(horde.place, set()).add("horde")
    # treaties were not signed: at the campaign's end forces of different players never share a place;
    # units raised in winter do not count (they appear after the campaign)
    raised = {str(r.get("unit")) for r in result.records if r.code.value in ("army_raised", "fleet_built")}
    for place, sides in places.items():
        if len(sides) > 1:
            here = [
                u
                for u in result.state.public.units.values()
                if u.place == place and u.id not in raised and u.aboard is None
            ]
            hordes = [h for h in result.state.public.hordes if h.place == place]
            assert len({player[u.power] for u in here} | ({"horde"} if hordes else set())) <= 1, place


def test_hostile_forces_met_at_sea_fight() -> None:
    """The year the random search found: a Lagid fleet (M carpathian_sea, D0, R caria) raids Caria, whose
    minor (Rhodes) breaks with its protector at once [S 7.4]; the Rhodian fleet beside it in the Carpathian Sea
    is then hostile, and the two fight before the autumn ends rather than share the zone [S 6.8] (A36)."""
    known = json.loads((Path(__file__).parent / "hostile_forces_at_sea.json").read_text(encoding="utf-8"))
    test_any_year_resolves_within_the_rules.hypothesis.inner_test((known["files"], known["seed"]))  # type: ignore[attr-defined]
