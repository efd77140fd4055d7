"""The kingdoms' economy and international trade [S 2] [S 3] (§2.1, §2.2): the seed's worked examples
S-01 to S-08 and S-30 of the examples file, and the rules around them."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.economy import province_balance
from pipeline.games.symmachia.model import Good, round_up_ten
from pipeline.games.symmachia.options import Options
from pipeline.games.symmachia.outcome import Code, Entry, Step, Why
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import State

from .conftest import ScriptDice, found, play, start, world

# ---- S-01, S-02: local income and provincial trade --------------------------------------------------


def test_s01_local_income_of_the_antigonids(demo: Scenario) -> None:
    """S-01 [S 2.2] (§2.1.2): five provinces at 100, Pella's 200, the Pangaion mine's 200: 900; the
    Dardanians' raids in Paeonia take its 100: 800, sure whatever the trade."""
    state = start_state(demo, ScriptDice())
    assert state.public.forecasts["antigonids"].local == 800
    clean = start_state(Scenario.from_data({**_demo_raw(), "ravaged": {}}), ScriptDice())
    assert clean.public.forecasts["antigonids"].local == 900


def _demo_raw() -> Any:
    from pipeline.storage.yamlio import load_yaml

    from .conftest import DEMO

    return load_yaml(DEMO)


def test_s02_provincial_trade_of_the_lagids(demo: Scenario) -> None:
    """S-02 [S 3.1] (§2.1.4): 7 of grain to spare, Ionia short of 2: 2 units placed inside the kingdom at
    200 each, 5 left to export; the buyers' own treasuries pay nothing."""
    state = start_state(demo, ScriptDice())
    lagids = state.public.forecasts["lagids"]
    assert lagids.exports[Good.GRAIN] == 5
    assert Good.GRAIN not in lagids.imports
    grain_tax = 200 * 2
    wine_tax = 200 * 1  # Cyprus's wine fills Egypt's want
    assert lagids.provincial == grain_tax + wine_tax


# ---- S-03 to S-06: Ptolemy's five grain sales --------------------------------------------------------

POSTS = {
    "egypt": "alexandria",
    "rhodes": "rhodes",
    "macedonia": "thessalonica",
    "nabataea": "petra",
    "syria": "antioch",
    "babylonia": "seleucia",
    "parthia": "hecatompylos",
    "gerrhaea": "gerrha",
    "gandhara": "taxila",
    "byzantium": "byzantium",
    "pontus": "sinope",
}


def ptolemy_world(**extra: Any) -> Scenario:
    """The network the worked example of §2.1.6 implies: each route links two posts; Alexandria-Petra
    crosses Idumaea, which is ravaged; the text says the other routes by Petra are cut too, without
    saying why: here Petra-Gerrha crosses Arabia, ravaged as well."""
    provinces: dict[str, dict[str, Any]] = {p: {"trading_post": {"id": post}} for p, post in POSTS.items()}
    provinces["egypt"]["resources"] = {"grain": 7}
    provinces["ionia"] = {"resources": {"grain": -2}}
    provinces["macedonia"]["resources"] = {"grain": -2}
    provinces["nabataea"]["resources"] = {"grain": -1}
    provinces["gandhara"]["resources"] = {"grain": -2}
    provinces["pontus"]["resources"] = {"grain": -1}
    provinces["tauris"] = {"resources": {"grain": 2}}
    links = [
        ("alexandria", "rhodes"),
        ("rhodes", "thessalonica"),
        ("rhodes", "antioch"),
        ("antioch", "seleucia"),
        ("seleucia", "hecatompylos"),
        ("seleucia", "gerrha"),
        ("hecatompylos", "taxila"),
        ("gerrha", "taxila"),
        ("rhodes", "byzantium"),
        ("byzantium", "sinope"),
    ]
    routes = [{"between": list(link)} for link in links] + [
        {"between": ["alexandria", "petra"], "crosses": ["idumaea"]},
        {"between": ["petra", "gerrha"], "crosses": ["arabia"]},
    ]
    provinces["arabia"] = {}
    powers = {
        "ptolemaic": {"capital": "egypt", "provinces": ["egypt", "idumaea", "ionia"]},
        "antigonids": {"capital": "macedonia", "provinces": ["macedonia"]},
        "nabataeans": {"capital": "nabataea", "provinces": ["nabataea"]},
        "mauryas": {"capital": "gandhara", "provinces": ["gandhara"]},
        "hierax": {"capital": "pontus", "provinces": ["pontus"]},
        "parthians": {"capital": "parthia", "provinces": ["parthia"]},
        "seleucids": {"capital": "syria", "provinces": ["syria", "babylonia"]},
        "rhodians": {"capital": "rhodes", "provinces": ["rhodes"]},
        "league": {"capital": "byzantium", "provinces": ["byzantium"]},
        "bosporans": {"capital": "tauris", "provinces": ["tauris"]},
    }
    return world(
        ("egypt-idumaea", "idumaea-nabataea", "syria-babylonia"),
        powers,
        provinces,
        routes=routes,
        ravaged={"idumaea": "war", "arabia": "war"},
        **extra,
    )


SALES = [
    {"sell": "grain", "quantity": 1, "to": "antigonids"},
    {"sell": "grain", "quantity": 1, "to": "nabataeans"},
    {"sell": "grain", "quantity": 1, "to": "hierax"},
    {"sell": "grain", "quantity": 2, "to": "mauryas", "route": ["seleucia", "hecatompylos", "taxila"]},
]
PURCHASES: dict[str, Any] = {
    "antigonids": {"trade": [{"buy": "grain", "quantity": 2, "from": "ptolemaic"}]},  # he was promised 2
    "nabataeans": {"trade": [{"buy": "grain", "quantity": 1, "from": "ptolemaic"}]},
    "hierax": {"trade": [{"buy": "grain", "quantity": 1, "from": "bosporans"}]},  # Panticapaeum's merchants
    "mauryas": {"trade": [{"buy": "grain", "quantity": 2, "from": "ptolemaic"}]},
}


def _lines(state: State, power: str, entry: Entry) -> list[tuple[int, str]]:
    return [(line.amount, line.ref) for line in state.private[power].ledger if line.entry == entry.value]


def test_s03_an_order_over_capacity_voids_every_order_of_that_good() -> None:
    """S-03 [S 3.4] (§2.1.5): six units promised, five to sell: none of Ptolemy's grain orders is carried
    out, and his files warned him."""
    scenario = ptolemy_world()
    state = start(scenario)
    over = [dict(SALES[0], quantity=2), *SALES[1:]]
    from pipeline.games.symmachia.orders import read_orders

    _, warnings = read_orders({"power": "ptolemaic", "year": "229bc", "trade": over}, scenario, state, "ptolemaic")
    assert any("exceed what you may sell (5)" in w.message for w in warnings)
    result = play(scenario, state, {"ptolemaic": {"trade": over}, **PURCHASES})
    void = found(result, Code.TRADE_CANCELLED, why=Why.OVER_CAPACITY.value)
    assert [(r.power, r.get("good"), r.get("quantity")) for r in void] == [("ptolemaic", "grain", 6)]
    assert not found(result, Code.TRADE, seller="ptolemaic")
    assert _lines(result.state, "ptolemaic", Entry.SALE_TAX) == []


def test_s04_to_s06_the_five_grain_sales_routes_and_transit() -> None:
    """S-04 [S 3.4] [S 3.2]: the smaller quantity is traded (1 of Macedon's 2), Hierax's sale falls for
    want of his order, 4 units sold at 200. S-05 [S 3.5] (§2.1.6): Macedon by Rhodes; the Nabataeans across
    the border (Idumaea is ravaged, no transit); the Mauryas by Hecatompylos, the seller's advice between
    two routes of six posts; the transit of each post, 50 a unit. S-06: 800 of sales, 150 of transit at
    Alexandria under the strict rules, besides the 400 of provincial trade."""
    scenario = ptolemy_world()
    result = play(scenario, start(scenario), {"ptolemaic": {"trade": SALES}, **PURCHASES})
    trades = {r.get("buyer"): r for r in found(result, Code.TRADE, seller="ptolemaic")}
    assert {b: r.get("quantity") for b, r in trades.items()} == {"antigonids": 1, "nabataeans": 1, "mauryas": 2}
    assert trades["antigonids"].get("route") == ("alexandria", "rhodes", "thessalonica")
    assert trades["nabataeans"].get("border") is True and trades["nabataeans"].get("route") == ()
    assert trades["mauryas"].get("route") == ("alexandria", "rhodes", "antioch", "seleucia", "hecatompylos", "taxila")
    assert found(result, Code.TRADE_CANCELLED, seller="ptolemaic", buyer="hierax", why=Why.NO_MATCHING_ORDER.value)
    transit = {r.get("post"): r.get("talents") for r in found(result, Code.TRANSIT)}
    assert transit == {
        "alexandria": 150,
        "rhodes": 150,
        "antioch": 100,
        "seleucia": 100,
        "hecatompylos": 100,
        "taxila": 100,
        "thessalonica": 50,
    }
    ptolemy = result.state.private["ptolemaic"]
    assert sum(a for a, _ in _lines(result.state, "ptolemaic", Entry.SALE_TAX)) == 800
    assert _lines(result.state, "ptolemaic", Entry.TRANSIT) == [(150, "alexandria")]
    assert (400, "") in _lines(result.state, "ptolemaic", Entry.PROVINCIAL_TRADE)
    assert ptolemy.ledger[0].step == Step.INCOME
    for buyer in ("antigonids", "nabataeans", "mauryas"):
        assert not [line for line in result.state.private[buyer].ledger if line.amount < 0 and line.step == Step.TRADE]


def test_s05_the_document_reading_of_alexandrias_transit() -> None:
    """S-05, S-06 [S 3.5] (option `border_trade_pays_seller_transit`, A2): the worked example's figures,
    4 units and 200 at Alexandria, 1,000 from the grain abroad."""
    scenario = ptolemy_world()
    result = play(
        scenario,
        start(scenario),
        {"ptolemaic": {"trade": SALES}, **PURCHASES},
        options=Options(border_trade_pays_seller_transit=True),
    )
    assert _lines(result.state, "ptolemaic", Entry.TRANSIT) == [(200, "alexandria")]
    assert sum(a for a, _ in _lines(result.state, "ptolemaic", Entry.SALE_TAX)) + 200 == 1000


def test_s05_without_advice_a_die_chooses_between_equal_routes() -> None:
    """[S 3.5] (§2.1.6): equal routes and no advice from the seller: the die decides (here the second of
    the two sorted routes, by Hecatompylos)."""
    scenario = ptolemy_world()
    sales = [{"sell": "grain", "quantity": 2, "to": "mauryas"}]
    dice = ScriptDice({"229bc route grain ptolemaic mauryas": 2})
    result = play(scenario, start(scenario), {"ptolemaic": {"trade": sales}, "mauryas": PURCHASES["mauryas"]}, dice)
    (trade,) = found(result, Code.TRADE, buyer="mauryas")
    assert "hecatompylos" in trade.get("route")  # type: ignore[operator]
    assert dice.rolled("route grain ptolemaic mauryas")[0].sides == 2


def test_a_route_through_pirates_or_a_blockade_is_avoided_and_the_next_shortest_taken() -> None:
    """[S 3.5] (§2.1.6, §4.2.1, §5.2.3): links whose sea zones pirates infest are not taken."""
    scenario = world(
        ("a-b",),
        {"p": {"capital": "a", "provinces": ["a"]}, "q": {"capital": "c", "provinces": ["c"]}},
        {
            "a": {"trading_post": {"id": "pa"}, "resources": {"wine": 2}},
            "c": {"trading_post": {"id": "pc"}, "resources": {"wine": -1}},
            "b": {"trading_post": {"id": "pb"}},
        },
        seas={"gulf": "med"},
        coasts={"b": ("gulf",)},
        routes=[{"between": ["pa", "pc"], "crosses": ["gulf"]}, {"between": ["pa", "pb"]}, {"between": ["pb", "pc"]}],
        pirates=[{"id": "corsairs", "at": "b", "zone": "gulf", "leader": {"id": "chief", "competence": 0}}],
    )
    files = {
        "p": {"trade": [{"sell": "wine", "quantity": 1, "to": "q"}]},
        "q": {"trade": [{"buy": "wine", "quantity": 1, "from": "p"}]},
    }
    (trade,) = found(play(scenario, start(scenario), files), Code.TRADE)
    assert trade.get("route") == ("pa", "pb", "pc")


def test_no_route_and_no_border_cancels_the_sale() -> None:
    """[S 3.5] (§2.1.6): the goods must reach the buyer by a route or across a border."""
    scenario = world(
        (),
        {"p": {"capital": "a", "provinces": ["a"]}, "q": {"capital": "c", "provinces": ["c"]}},
        {"a": {"resources": {"wine": 2}}, "c": {"resources": {"wine": -1}}},
    )
    files = {
        "p": {"trade": [{"sell": "wine", "quantity": 1, "to": "q"}]},
        "q": {"trade": [{"buy": "wine", "quantity": 1, "from": "p"}]},
    }
    result = play(scenario, start(scenario), files)
    assert found(result, Code.TRADE_CANCELLED, why=Why.NO_ROUTE.value)
    assert found(result, Code.NO_MAIN_POST, "p")


# ---- S-07, S-08: shortages ---------------------------------------------------------------------


def test_s07_famine_in_drangiana_costs_a_point_and_no_revolt_without_a_crisis() -> None:
    """S-07 [S 3.3] [S 9.1] [S 7.9] (§2.2.1, §3.4.2): Arsaces did not bring in enough grain: Drangiana
    starves, the Parthians lose 1 prestige; with no disaster and no king's death nothing revolts."""
    scenario = world(
        ("parthyene-drangiana",),
        {"parthians": {"capital": "parthyene", "provinces": ["parthyene", "drangiana"]}},
        {"drangiana": {"resources": {"grain": -1}}},
    )
    result = play(scenario, start(scenario))
    assert found(result, Code.SHORTAGE, "parthians", good="grain", provinces=("drangiana",))
    assert found(result, Code.PRESTIGE, "parthians", cause="famine", delta=-1)
    assert result.state.public.powers["parthians"].prestige == -1
    assert not found(result, Code.SECESSION_TEST)


def test_s08_the_capital_is_fed_first_then_the_trading_posts() -> None:
    """S-08 [S 3.3] (§2.2.1): 3 of grain for the capital's 1, the port's 1 and the farms' 2: the farms
    starve, the only province short."""
    scenario = world(
        ("cap-port", "port-rural", "rural-granary"),
        {"k": {"capital": "cap", "provinces": ["cap", "port", "rural", "granary"]}},
        {
            "cap": {"resources": {"grain": -1}},
            "port": {"resources": {"grain": -1}, "trading_post": {"id": "harbour"}},
            "rural": {"resources": {"grain": -2}},
            "granary": {"resources": {"grain": 3}},
        },
    )
    state = start(scenario)
    assert state.public.forecasts["k"].imports == {Good.GRAIN: 1}
    result = play(scenario, state)
    assert found(result, Code.SHORTAGE, "k", good="grain", provinces=("rural",))


def test_s30_amounts_are_counted_in_tens() -> None:
    """S-30 [S 1.5] (§2): an amount forgotten is rounded up to the next ten."""
    assert [round_up_ten(x) for x in (45, 1001, 300)] == [50, 1010, 300]


# ---- ravaged provinces, bad harvests, the main trading post -------------------------------------------


@pytest.mark.parametrize(
    ("ravaged", "harvest", "expected"),
    [
        (False, False, {Good.GRAIN: 2, Good.WINE: 1, Good.CRAFTS: 1, Good.INCENSE: -1}),
        (True, False, {Good.INCENSE: -1}),  # no surplus, the deficit remains (§2.1.7)
        (False, True, {Good.GRAIN: -1, Good.CRAFTS: 1, Good.INCENSE: -1}),  # S-32: no food surplus, grain -1 (§5.2.4)
    ],
)
def test_s32_a_ravaged_province_and_a_bad_harvest(ravaged: bool, harvest: bool, expected: dict[Good, int]) -> None:
    """S-32 [S 2.4] [S 8.10]: what a province's balance keeps after a war or a bad harvest."""
    scenario = world(
        ("x-y",),
        {"k": {"capital": "y", "provinces": ["x", "y"]}},
        {"x": {"resources": {"grain": 2, "wine": 1, "crafts": 1, "incense": -1}, "mines": 1}},
    )
    assert province_balance(scenario, "x", ravaged, harvest, ()) == expected


def test_s34_the_main_trading_post_rules() -> None:
    """S-34 [S 3.6] (§2.1.6): by default the nearest active post of one's own (a ravaged one is passed
    over); a choice within two provinces is kept; one farther is refused, as is a post of a king fought
    last year unless he forgives."""
    scenario = world(
        ("cap-near", "near-mid", "mid-far", "cap-rival", "rival-rivalcap"),
        {
            "k": {"capital": "cap", "provinces": ["cap", "near", "mid", "far"]},
            "r": {"capital": "rivalcap", "provinces": ["rival", "rivalcap"]},
        },
        {
            "near": {"trading_post": {"id": "c1"}},
            "mid": {"trading_post": {"id": "c2"}},
            "far": {"trading_post": {"id": "c3"}},
            "rival": {"trading_post": {"id": "rp"}},
        },
        ravaged={"near": "war"},
    )
    state = start(scenario)
    result = play(scenario, state)
    assert found(result, Code.MAIN_POST, "k", post="c2", chosen=False)  # c1 is ravaged
    far = play(scenario, state, {"k": {"politics": {"main_trading_post": "c3"}}})
    assert found(far, Code.MAIN_POST_REFUSED, "k", post="c3")
    from dataclasses import replace

    k = replace(state.public.powers["k"], fought=("r",))
    fought = replace(state, public=replace(state.public, powers={**state.public.powers, "k": k}))
    refused = play(scenario, fought, {"k": {"politics": {"main_trading_post": "rp"}}})
    assert found(refused, Code.MAIN_POST_REFUSED, "k", post="rp", why=Why.NOT_ALLOWED.value)
    forgiven = play(
        scenario, fought, {"k": {"politics": {"main_trading_post": "rp"}}, "r": {"politics": {"forgive": ["k"]}}}
    )
    assert found(forgiven, Code.MAIN_POST, "k", post="rp", chosen=True)
