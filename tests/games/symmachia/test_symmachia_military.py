"""Armies and fleets in winter [S 4] [S 3.7] (§3.2.2, §3.2.4, §2.2.4): wood and fleet age (S-24),
recruitment and its limits (S-25), home ports, upkeep unpaid."""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.games.symmachia.outcome import Code, Entry, Step, Why
from pipeline.games.symmachia.scenario import Scenario

from .conftest import found, play, start, world


def navy(wood: int, fleets: int = 1, treasury: int = 5000, age: int = 0) -> Scenario:
    units: dict[str, Any] = {
        f"k_f{i}": {"kind": "fleet", "at": "bay", "leader": f"adm{i}", "age": age} for i in range(1, fleets + 1)
    }
    units["k_a1"] = {"kind": "army", "at": "port", "leader": "gen"}
    leaders = {f"adm{i}": {} for i in range(1, fleets + 1)} | {"gen": {}}
    return world(
        ("port-forest",),
        {
            "k": {
                "capital": "port",
                "provinces": ["port", "forest"],
                "treasury": treasury,
                "leaders": leaders,
                "units": units,
            }
        },
        {"forest": {"resources": {"wood": wood}} if wood else {}},
        seas={"bay": "med", "gulf": "indian"},
        coasts={"port": ("bay",)},
    )


def test_s24_a_new_fleet_takes_two_wood_and_a_thousand_talents_its_first_year() -> None:
    """S-24 [S 4.5] [S 3.7] (§3.2.4, §2.2.4): one wood to build, one to maintain; 500 to build, 500 of
    upkeep."""
    scenario = navy(wood=3)
    files = {"k": {"military": {"k_f2": {"create": "fleet", "at": "bay", "commander": {"new": "Nearchus"}}}}}
    result = play(scenario, start(scenario), files)
    assert found(result, Code.FLEET_BUILT, "k", unit="k_f2")
    ledger = result.state.private["k"].ledger
    assert [line.amount for line in ledger if line.ref == "k_f2"] == [-500, -500]
    assert {u.id: u.age for u in result.state.public.units.values() if u.kind.value == "fleet"} == {
        "k_f1": 0,
        "k_f2": 0,
    }
    assert result.state.public.units["k_f2"].leader == "nearchus"


@pytest.mark.parametrize(("age", "after"), [(0, 1), (1, 2)])
def test_s24_a_fleet_without_wood_ages(age: int, after: int) -> None:
    """S-24 [S 3.7] (§2.2.4): without wood a fleet is at -2 the next year, -4 the one after."""
    scenario = navy(wood=0, age=age)
    result = play(scenario, start(scenario))
    assert found(result, Code.FLEET_AGED, "k", unit="k_f1", age=after)
    assert result.state.public.units["k_f1"].age == after


def test_s24_a_third_year_without_wood_sinks_the_fleet() -> None:
    """S-24 [S 3.7] (§2.2.4): too worm-eaten to sail the third year."""
    scenario = navy(wood=0, age=2)
    result = play(scenario, start(scenario))
    assert found(result, Code.FLEET_ROTTED, "k", unit="k_f1")
    assert "k_f1" not in result.state.public.units


def test_s24_the_order_names_the_fleet_left_without_wood() -> None:
    """S-24 [S 3.7] (§3.2.2): one wood for two fleets: the one the orders name goes without."""
    scenario = navy(wood=1, fleets=2)
    result = play(scenario, start(scenario), {"k": {"military": {"k_f1": {"no_wood": True}}}})
    ages = {u.id: u.age for u in result.state.public.units.values() if u.kind.value == "fleet"}
    assert ages == {"k_f1": 1, "k_f2": 0}


def test_a_fleet_without_a_home_port_in_its_group_sinks() -> None:
    """[S 4.4] (§3.2.2): after the campaign a fleet needs a coastal province of its power on its maritime
    group."""
    scenario = world(
        (),
        {
            "k": {
                "capital": "port",
                "provinces": ["port"],
                "leaders": {"adm": {}},
                "units": {"k_f1": {"kind": "fleet", "at": "gulf", "leader": "adm"}},
            }
        },
        seas={"bay": "med", "gulf": "indian"},
        coasts={"port": ("bay",)},
    )
    result = play(scenario, start(scenario))
    assert found(result, Code.NO_HOME_PORT, "k", unit="k_f1")
    assert "k_f1" not in result.state.public.units


def test_s25_recruitment_costs_a_thousand_the_first_year_and_appears_in_winter() -> None:
    """S-25 [S 4.5] (§3.2.4): 500 to raise, 500 of upkeep; in a province still held after the campaign."""
    scenario = navy(wood=1)
    files = {"k": {"military": {"k_a2": {"create": "army", "at": "forest", "commander": "king"}}}}
    result = play(scenario, start(scenario), files)
    assert found(result, Code.ARMY_RAISED, "k", unit="k_a2", province="forest", emergency=False)
    assert [line.amount for line in result.state.private["k"].ledger if line.ref == "k_a2"] == [-500, -500]
    assert result.state.public.units["k_a2"].leader == "k_king"


def test_s25_four_units_at_most_and_one_new_a_year() -> None:
    """S-25 [S 4.5] (§3.2.4): a fifth unit, or a second new one, is refused when the orders are read."""
    from pipeline.errors import DataError
    from pipeline.games.symmachia.orders import read_orders

    scenario = navy(wood=5, fleets=3)
    state = start(scenario)
    fifth = {"power": "k", "year": "229bc", "military": {"k_a2": {"create": "army", "at": "port", "commander": "king"}}}
    with pytest.raises(DataError, match="at most 4 armies and fleets"):
        read_orders(fifth, scenario, state, "k")
    two = {
        "military": {
            "k_a2": {"create": "army", "at": "port", "commander": "king"},
            "k_f9": {"create": "fleet", "at": "bay", "commander": "king"},
        }
    }
    with pytest.raises(DataError, match="one new army or fleet a year"):
        read_orders({"power": "k", "year": "229bc", **two}, scenario, state, "k")


def test_s25_the_emergency_army() -> None:
    """S-25 [S 4.6] (§3.2.4): no army after the campaign and none ordered: if the treasury holds 1,000, an
    army is raised in the capital's province under the king."""
    scenario = world((), {"k": {"capital": "home", "provinces": ["home"], "treasury": 1200}})
    result = play(scenario, start(scenario))
    (raised,) = found(result, Code.ARMY_RAISED, "k", emergency=True)
    unit = result.state.public.units[str(raised.get("unit"))]
    assert (unit.place, unit.leader) == ("home", "k_king")
    poor = world((), {"k": {"capital": "home", "provinces": ["home"], "treasury": 600}})
    assert not found(play(poor, start(poor)), Code.ARMY_RAISED)


def test_upkeep_unpaid_disbands_the_last_listed_unit() -> None:
    """[S 4.2] [S 2.1] (§3.2.2, §2.3): what the treasury cannot pay goes unpaid, in the order the orders
    list the units; a loyal general's unpaid army is disbanded."""
    scenario = navy(wood=1, treasury=0)
    files = {"k": {"military": {"k_a1": {}, "k_f1": {}}}}
    result = play(scenario, start(scenario), files)
    # 300 of income: neither the fleet (paid first, step 18) nor the army can be kept
    assert {r.get("unit") for r in found(result, Code.UNPAID, "k")} == {"k_f1", "k_a1"}
    assert all(line.amount > 0 or line.step < Step.FLEET_UPKEEP for line in result.state.private["k"].ledger)
    assert {r.get("unit") for r in found(result, Code.DISBANDED, "k", why="unpaid")} == {"k_f1", "k_a1"}
    assert result.state.treasury("k") >= 0


def test_a_unit_that_cannot_be_raised_says_why() -> None:
    """[S 4.5] [S 3.7] (§3.2.4, §2.2.4): no wood, no fleet."""
    scenario = navy(wood=0)
    files = {"k": {"military": {"k_f2": {"create": "fleet", "at": "bay", "commander": "king"}}}}
    result = play(scenario, start(scenario), files)
    assert found(result, Code.UNIT_NOT_RAISED, "k", unit="k_f2", why=Why.NO_WOOD.value)
    assert not [line for line in result.state.private["k"].ledger if line.entry == Entry.NEW_FLEET.value]
