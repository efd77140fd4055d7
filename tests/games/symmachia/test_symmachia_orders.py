"""A power's orders for a year and the game master's ruling [S 10] (§5.3, §4.1.7): read from plain data
with every problem at once, warnings for orders that defeat themselves, the minor powers' limits (S-33)
and conditions (S-21)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pipeline.errors import DataError
from pipeline.games.symmachia.model import Good, OrderKind, Season, UnitKind
from pipeline.games.symmachia.orders import (
    ConditionKind,
    NoteRuling,
    PendingRuling,
    Status,
    TradeOp,
    parse_campaign_order,
    read_orders,
    read_ruling,
)
from pipeline.games.symmachia.outcome import Code
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import State
from pipeline.games.symmachia.year import resolve_year
from pipeline.shared.dice import HashDice
from pipeline.storage.yamlio import parse_yaml

from .conftest import start, world

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "symmachia.md"


@pytest.fixture(scope="module")
def state(demo: Scenario) -> State:
    return start_state(demo, HashDice("orders"))


def problems(data: Any, scenario: Scenario, state: State, power: str) -> dict[str, str]:
    with pytest.raises(DataError) as err:
        read_orders(data, scenario, state, power)
    return {p.where: p.message for p in err.value.problems}


def test_the_rules_pages_example_is_a_valid_order_file(demo: Scenario, state: State) -> None:
    """[S 10.1] The example of the rules page reads as it says: trade, politics, military preparation and
    campaign plans with retreats, defences, secondary plans and a condition."""
    block = re.search(r"\*\*S 10\.1\*\*.*?```yaml\n(.*?)```", RULES_PAGE.read_text(), re.S)
    assert block is not None
    orders, warnings = read_orders(parse_yaml(block[1], "example"), demo, state, "lagids")
    grain, wood, merc = orders.trade
    assert (grain.op, grain.good, grain.quantity, grain.route) == (
        TradeOp.SELL,
        Good.GRAIN,
        2,
        ("alexandria", "rhodes", "thessalonica"),
    )
    assert (wood.op, wood.good, wood.partner) == (TradeOp.BUY, Good.WOOD, "northern_league")
    assert (merc.mercenary, merc.assign_to) == ("achaean_citizens", "lagids_a1")
    pol = orders.politics
    assert pol.patronage and pol.friendship == ("seleucids",) and pol.plot_generals == ("achaeus",)
    assert [(g.to, g.amount) for g in pol.gifts] == [("rhodes", 200), ("seleucids", 100)]
    assert pol.dorea[0].get_provinces == ("cilicia",) and pol.dorea[0].give_talents == 300
    a1 = orders.unit("lagids_a1")
    assert a1 is not None and a1.commander == "ptolemy" and a1.mercenaries == ("idumaean_archers",)
    spring, summer, autumn = a1.plan
    assert (spring.order.kind, spring.order.target, spring.retreat, spring.defence) == (
        OrderKind.MARCH,
        "idumaea",
        ("egypt",),
        2,
    )
    assert [str(o) for o in spring.secondary] == ["D0", "M egypt"] and spring.secondary_if == ("seleucids",)
    assert summer.order.kind is OrderKind.PACIFY
    assert autumn.only_if is not None and autumn.only_if.kind is ConditionKind.UNIT_AT and str(autumn.otherwise) == "D1"
    a3 = orders.unit("lagids_a3")
    assert a3 is not None and (a3.status, a3.kind, a3.at, a3.new_commander) == (
        Status.CREATE,
        UnitKind.ARMY,
        "egypt",
        "Nicanor",
    )
    assert orders.unit("lagids_a2") is not None and orders.unit("lagids_a2").status is Status.DISBAND  # type: ignore[union-attr]
    assert any("spend" in w.message for w in warnings)  # a busy year for the Lagid treasury


def test_every_problem_is_reported_at_once_with_the_nearest_names(demo: Scenario, state: State) -> None:
    """[S 10.2] Unknown names with the nearest known, a unit's orders out of reach, four mercenaries,
    horsemen aboard a fleet, two new units, a condition on the season itself: all in one error."""
    data = {
        "power": "seleucids",
        "year": "229bc",
        "trade": [{"sell": "grian", "quantity": 1, "to": "lagids"}, {"buy": "wine", "quantity": 1, "from": "lagid"}],
        "politics": {"gifts": {"seleucids": 100}, "friendship": ["attalid"]},
        "military": {
            "seleucids_a1": {
                "mercenaries": ["apamean_elephants", "median_horse", "cretan_archers", "rhodian_slingers"],
                "plan": [
                    "M mesopotamia",
                    "M egypt",
                    {"order": "P", "only_if": {"unit": "lagids_a1", "at": "egypt", "after": "autumn"}},
                ],
            },
            "seleucids_f1": {"mercenaries": ["median_horse"], "plan": ["Q persian_gulf"]},
            "seleucids_a3": {"create": "army", "at": "syria", "commander": "king"},
            "seleucids_f2": {"create": "fleet", "at": "cilician_sea", "commander": {"new": "Nicanor"}},
        },
    }
    found = problems(data, demo, state, "seleucids")
    assert "did you mean 'grain'?" in found["trade[0].sell"]
    assert "did you mean 'lagids'?" in found["trade[1].from"]
    assert "does not deal with itself" in found["politics.gifts.seleucids"]
    assert "did you mean 'attalids'?" in found["politics.friendship[0]"]
    assert "at most three mercenary units" in found["military.seleucids_a1.mercenaries"]
    assert "Egypt is not next to Mesopotamia, where the unit will be" in found["military.seleucids_a1.plan[1].order"]
    assert "earlier seasons only" in found["military.seleucids_a1.plan[2].only_if.after"]
    assert "foot soldiers only" in found["military.seleucids_f1.mercenaries[0]"]
    assert "expected an order letter" in found["military.seleucids_f1.plan[0].order"]
    assert "one new army or fleet a year" in found["military"]


@pytest.mark.parametrize(
    ("politics", "where", "message"),
    [
        ({"dorea": [{"with": "lagids", "give": {"talents": 100}}]}, "politics.dorea", "signs no territorial treaty"),
        ({"gifts": {"lagids": 100}}, "politics.gifts", "makes no gifts"),
        ({"patronage": True}, "politics.patronage", "no patron of the arts"),
        (
            {"corruption": [{"target": "lagids_a1", "amount": 600, "for": ["lagids"]}]},
            "politics.corruption[0].for",
            "only for its own",
        ),
        ({"tribute": ["paeonia"]}, "politics.tribute[0]", "only on its own territory"),
        (
            {
                "counter_corruption": {"bosporans_a1": 300},
                "corruption": [{"target": "lagids_a1", "amount": 600}],
                "plot_generals": ["sosibius"],
            },
            "politics",
            "at most 1000 talents",
        ),
    ],
)
def test_s33_a_minor_powers_limits(
    demo: Scenario, state: State, politics: dict[str, Any], where: str, message: str
) -> None:
    """S-33 [S 7.4] (§3.3.4): no territorial treaty, no gift, no patronage, bribes for itself only, tribute
    on its own land, at most 1,000 a year in secret spending."""
    found = problems({"power": "bosporans", "year": "229bc", "politics": politics}, demo, state, "bosporans")
    assert message in found[where]


def test_s33_a_king_makes_two_gifts_to_minors_at_most() -> None:
    """S-33 [S 7.3] (§3.3.4): two gifts a year to minor powers; to major powers, as many as he likes."""
    minors = {m: {"capital": m, "provinces": [m], "major": False, "protector": "k"} for m in ("m1", "m2", "m3")}
    scenario = world(
        (), {"k": {"capital": "home", "provinces": ["home"]}, "j": {"capital": "far", "provinces": ["far"]}, **minors}
    )
    state = start(scenario)
    two = {"power": "k", "year": "229bc", "politics": {"gifts": {"m1": 10, "m2": 10, "j": 10}}}
    read_orders(two, scenario, state, "k")
    three = {"power": "k", "year": "229bc", "politics": {"gifts": {"m1": 10, "m2": 10, "m3": 10}}}
    assert (
        "at most 2 gifts a year to minor powers, these are 3" in problems(three, scenario, state, "k")["politics.gifts"]
    )


def test_self_defeating_orders_are_warnings(demo: Scenario, state: State) -> None:
    """[S 10.2] [S 3.4] [S 1.5] Sales over the published capacity, an amount not in tens, tribute where no
    horde is, spending beyond the treasury: legal, and warned."""
    data = {
        "power": "attalids",
        "year": "229bc",
        "trade": [{"sell": "grain", "quantity": 3, "to": "lagids"}],
        "politics": {"gifts": {"lagids": 2995}, "tribute": ["thrace"]},
    }
    orders, warnings = read_orders(data, demo, state, "attalids")
    messages = " | ".join(w.message for w in warnings)
    assert "exceed what you may sell (1)" in messages
    assert "2995 is read as 3000" in messages
    assert "no horde is in 'thrace'" in messages
    assert "spend 3000 talents" in messages or "spend" in messages
    assert orders.politics.gifts[0].amount == 3000


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("M mysia", "M mysia"),
        ("d2", "D2"),
        ("DN", "DN"),
        ("P", "P"),
        ("F lagids_a1", "F lagids_a1"),
        ("A Hellespontine Phrygia", "A hellespontine_phrygia"),
    ],
)
def test_campaign_orders_in_the_sheets_letters(text: str, expected: str) -> None:
    """[S 6.1] (§4.1.1, §4.2): an order letter and its place or unit; D with its radius."""
    assert str(parse_campaign_order(text)) == expected


def test_s21_conditions_on_the_same_season_are_refused(demo: Scenario, state: State) -> None:
    """S-21 [S 6.9] (§4.1.7): a condition may look at treaties and earlier seasons, never the season
    itself (Euthydemus's "M Aria only if the Parthians do not enter it")."""
    valid = {"military": {"antigonids_a1": {"plan": [{"order": "M macedonia", "only_if": {"treaty": "achaeans"}}]}}}
    orders, _ = read_orders({"power": "antigonids", "year": "229bc", **valid}, demo, state, "antigonids")
    row = orders.unit("antigonids_a1").plan[0]  # type: ignore[union-attr]
    assert row.only_if is not None and row.only_if.kind is ConditionKind.TREATY
    same = {
        "military": {
            "antigonids_a1": {
                "plan": [{"order": "M macedonia", "only_if": {"unit": "lagids_a1", "at": "egypt", "after": "spring"}}]
            }
        }
    }
    found = problems({"power": "antigonids", "year": "229bc", **same}, demo, state, "antigonids")
    assert "earlier seasons only" in found["military.antigonids_a1.plan[0].only_if.after"]


def test_free_text_waits_for_the_game_masters_ruling(demo: Scenario, state: State) -> None:
    """S-21 [S 10.4] [S 6.9] (§4.1.7): notes the program cannot read stop the year until the game master
    rules: ignored, or the plan he writes for them; `force` ignores them."""
    data = {
        "power": "antigonids",
        "year": "229bc",
        "military": {"antigonids_a1": {"plan": ["D3"], "notes": "do what seems best"}},
    }
    orders, _ = read_orders(data, demo, state, "antigonids")
    with pytest.raises(PendingRuling, match="notes of antigonids_a1"):
        resolve_year(demo, state, {"antigonids": orders}, None, HashDice("y"))
    resolve_year(demo, state, {"antigonids": orders}, None, HashDice("y"), force=True)
    ruling = read_ruling({"year": "229bc", "notes": {"antigonids_a1": {"plan": ["M macedonia"]}}}, demo, state)
    assert ruling.notes == {"antigonids_a1": NoteRuling.REPLACED}
    result = resolve_year(demo, state, {"antigonids": orders}, ruling, HashDice("y"))
    spring = next(r for r in result.records if r.code is Code.MOVE and r.get("unit") == "antigonids_a1")
    assert (spring.season, spring.get("to")) == (Season.SPRING, "macedonia")


def test_a_ruling_with_unknown_names_is_refused(demo: Scenario, state: State) -> None:
    """[S 10.4] The ruling is checked like an order file."""
    with pytest.raises(DataError) as err:
        read_ruling({"year": "229bc", "heirs": {"lagid": "Ptolemy IV"}, "rome": {"ionia": "romans"}}, demo, state)
    messages = " | ".join(str(p) for p in err.value.problems)
    assert "did you mean 'lagids'?" in messages and "rome.ionia" in messages


def test_orders_for_another_year_are_refused(demo: Scenario, state: State) -> None:
    """[S 10.2] An order file names the year it is for."""
    found = problems({"power": "lagids", "year": "228bc"}, demo, state, "lagids")
    assert "the year to play is 229bc" in found["year"]
