"""Mercenaries [S 3.9] (§2.2.6, §3.2.3): the Achaean citizens (S-09) and the Thracians' way to Bithynia
(S-10)."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.outcome import Code, Entry, Step, Why
from pipeline.games.symmachia.scenario import Scenario

from .conftest import found, play, start, world


def test_s09_the_achaean_citizens_one_for_the_phalanx_one_for_egypt() -> None:
    """S-09 [S 3.9] [S 3.2] [S 3.4] (§2.2.6): one contingent joins the League's phalanx (+1); the other is
    sold to Egypt's garrison army: 200 from Alexandria to the League, no transit; the promised grain is a
    separate matter."""
    scenario = world(
        (),
        {
            "achaeans": {
                "capital": "achaea",
                "provinces": ["achaea"],
                "leaders": {"g": {}},
                "units": {"achaeans_a1": {"kind": "army", "at": "achaea", "leader": "g"}},
            },
            "ptolemaic": {
                "capital": "egypt",
                "provinces": ["egypt"],
                "leaders": {"h": {}},
                "units": {"ptolemaic_a1": {"kind": "army", "at": "egypt", "leader": "h"}},
            },
        },
        {"achaea": {"mercenaries": {"citizens_1": {"kind": "foot"}, "citizens_2": {"kind": "foot"}}}},
        seas={"myrtoan": "med", "egyptian": "med"},
        sea_edges=("myrtoan-egyptian",),
        coasts={"achaea": ("myrtoan",), "egypt": ("egyptian",)},
    )
    files = {
        "achaeans": {
            "trade": [{"sell": "mercenaries", "unit": "citizens_2", "to": "ptolemaic"}],
            "military": {"achaeans_a1": {"mercenaries": ["citizens_1"]}},
        },
        "ptolemaic": {
            "trade": [{"buy": "mercenaries", "unit": "citizens_2", "from": "achaeans", "assign_to": "ptolemaic_a1"}]
        },
    }
    result = play(scenario, start(scenario), files)
    assert found(result, Code.MERCENARIES_JOIN, "achaeans", mercenary="citizens_1", unit="achaeans_a1")
    assert found(
        result, Code.MERCENARIES_JOIN, "ptolemaic", mercenary="citizens_2", unit="ptolemaic_a1", seller="achaeans"
    )
    sold = [
        (line.step, line.amount)
        for line in result.state.private["achaeans"].ledger
        if line.entry == Entry.MERCENARIES_SOLD.value
    ]
    bought = [
        (line.step, line.amount)
        for line in result.state.private["ptolemaic"].ledger
        if line.entry == Entry.MERCENARIES_BOUGHT.value
    ]
    assert sold == [(Step.MERCENARIES, 200)] and bought == [(Step.MERCENARIES, -200)]
    assert not found(result, Code.TRANSIT)


def thracian_world(
    treaties: bool = False, through: str = "sea", ravaged: bool = False
) -> tuple[Scenario, dict[str, Any]]:
    """Leukon sells his Thracians to Antigonus's army landed in Bithynia (Prusias's). The Thracians may go
    by the Sea of Thrace, by the League's Byzantium, by Pergamon's Mysia, or by an independent province."""
    edges = {
        "sea": (),
        "byzantium": ("thrace-byzantium", "byzantium-bithynia"),
        "mysia": ("thrace-chersonese",),
        "independent": ("thrace-wilds", "wilds-bithynia"),
    }[through]
    coasts: dict[str, tuple[str, ...]] = (
        {"thrace": ("thracian_sea",), "bithynia": ("thracian_sea",)} if through == "sea" else {}
    )
    if through == "mysia":
        coasts = {"chersonese": ("hellespont",), "mysia": ("hellespont",)}
        edges = (*edges, "mysia-bithynia")
    powers: dict[str, Any] = {
        "leukon": {"capital": "thrace", "provinces": ["thrace"]},
        "antigonids": {
            "capital": "macedonia",
            "provinces": ["macedonia", "chersonese"],
            "leaders": {"g": {}},
            "units": {"antigonids_a1": {"kind": "army", "at": "bithynia", "leader": "g"}},
        },
        "league": {"capital": "bithynia", "provinces": ["bithynia", "byzantium"]},
        "pergamon": {"capital": "mysia", "provinces": ["mysia"]},
    }
    scenario = world(
        edges,
        powers,
        {"thrace": {"mercenaries": {"thracians": {"kind": "foot"}}}, "macedonia": {}, "chersonese": {}},
        seas={"thracian_sea": "med", "hellespont": "med"},
        coasts=coasts,
        ravaged={"thrace": "war"} if ravaged else {},
    )
    files: dict[str, Any] = {
        "leukon": {"trade": [{"sell": "mercenaries", "unit": "thracians", "to": "antigonids"}]},
        "antigonids": {
            "trade": [{"buy": "mercenaries", "unit": "thracians", "from": "leukon", "assign_to": "antigonids_a1"}],
            "military": {"antigonids_a1": {"plan": [{"order": "D0", "defence": "DN"}] * 3}},
        },
    }
    if treaties:
        files["leukon"]["politics"] = {"friendship": ["pergamon"]}
        files["pergamon"] = {"politics": {"friendship": ["leukon"]}}
    return scenario, files


@pytest.mark.parametrize(
    ("through", "treaties", "joins", "why"),
    [
        ("sea", False, True, None),  # an empty sea zone, and a destination held by the enemy
        ("byzantium", False, False, Why.NO_PATH),  # the League's land: neither buyer's nor seller's, no treaty
        ("mysia", True, True, None),  # Pergamon signed a treaty with the seller
        ("independent", False, False, Why.NO_PATH),  # independents never let them pass
    ],
)
def test_s10_the_thracians_way_to_bithynia(through: str, treaties: bool, joins: bool, why: Why | None) -> None:
    """S-10 [S 3.9] (§2.2.6): through the buyer's or seller's land, a treaty friend of the seller's, or
    empty seas; the destination may be the enemy's and hold his armies."""
    scenario, files = thracian_world(treaties, through)
    result = play(scenario, start(scenario), files)
    assert bool(found(result, Code.MERCENARIES_JOIN, mercenary="thracians")) == joins
    if why is not None:
        assert found(result, Code.MERCENARIES_CANCELLED, mercenary="thracians", why=why.value)
        assert not [
            line for line in result.state.private["antigonids"].ledger if line.entry == Entry.MERCENARIES_BOUGHT.value
        ]


def test_s10_mercenaries_of_a_ravaged_province_are_not_raised() -> None:
    """S-10 [S 3.9] (§2.2.6): a province ravaged last campaign raises no contingent."""
    scenario, files = thracian_world(ravaged=True)
    result = play(scenario, start(scenario), files)
    assert found(result, Code.MERCENARIES_CANCELLED, mercenary="thracians", why=Why.UNAVAILABLE.value)


def test_three_contingents_at_most_and_foot_only_aboard_a_fleet() -> None:
    """[S 3.9] (§3.2.3): the fourth contingent is refused by the orders' check; horsemen do not board."""
    from pipeline.errors import DataError
    from pipeline.games.symmachia.orders import read_orders

    mercs = {f"m{i}": {"kind": "foot"} for i in range(4)} | {"horse": {"kind": "cavalry"}}
    scenario = world(
        (),
        {
            "k": {
                "capital": "home",
                "provinces": ["home"],
                "leaders": {"adm": {}},
                "units": {"k_f1": {"kind": "fleet", "at": "bay", "leader": "adm"}},
            }
        },
        {"home": {"mercenaries": mercs}},
        seas={"bay": "med"},
        coasts={"home": ("bay",)},
    )
    state = start(scenario)
    with pytest.raises(DataError) as err:
        read_orders(
            {"power": "k", "year": "229bc", "military": {"k_f1": {"mercenaries": ["m0", "m1", "m2", "horse"]}}},
            scenario,
            state,
            "k",
        )
    assert "foot soldiers only" in str(err.value)
    with pytest.raises(DataError, match="at most three"):
        read_orders(
            {"power": "k", "year": "229bc", "military": {"k_f1": {"mercenaries": ["m0", "m1", "m2", "m3"]}}},
            scenario,
            state,
            "k",
        )
