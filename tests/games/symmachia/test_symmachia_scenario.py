"""The scenario format and its check [S 1.2] (the seed gives no map, §1; places from §2.1.6 and §5.1),
the demo scenario, and a game's first state [S 1.3]."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pipeline.errors import DataError
from pipeline.games.symmachia.model import Good, PlaceKind, UnitKind
from pipeline.games.symmachia.scenario import Scenario, check_scenario
from pipeline.games.symmachia.start import start_state
from pipeline.shared.dice import HashDice
from pipeline.storage.yamlio import load_yaml, locate

from .conftest import DEMO


def _demo_data() -> Any:
    return load_yaml(DEMO)


def test_the_demo_scenario_loads_with_the_powers_the_issue_names(demo: Scenario) -> None:
    """[S 1.2] The Aegean in 229 BC: the Antigonids, the Lagids, the Seleucids, the Attalids, the Achaeans,
    a northern league, two minors under their protectors, independents, a desert, a pass, a strait, the two
    maritime groups and the Erythraean-Indian passage (§1, §3.2.2, §5.1)."""
    majors = sorted(p for p, info in demo.powers.items() if info.major)
    assert majors == ["achaeans", "antigonids", "attalids", "lagids", "northern_league", "seleucids"]
    minors = {p: info.protector for p, info in demo.powers.items() if not info.major}
    assert minors == {"bosporans": "northern_league", "rhodes": "lagids"}
    held = {p for info in demo.powers.values() for p in info.provinces}
    assert {"thrace", "cappadocia", "galatia", "attica"} <= set(demo.provinces) - held  # independents
    assert demo.provinces["syrian_desert"].kind is PlaceKind.DESERT
    assert demo.is_pass("thessaly", "aetolia")
    assert demo.strait_of("byzantium", "bithynia") is not None
    assert "hellespontine_phrygia" not in demo.provinces["chersonese"].borders  # the Dardanelles: by sea only
    assert {z.group for z in demo.seas.values()} == {"mediterranean", "indian"}
    assert demo.long_passages[frozenset(("erythraean_sea", "indian_sea"))] == 3
    assert sorted(demo.by_number) == list(range(1, len(demo.provinces) + 1))


def test_the_antigonid_kingdom_is_the_seeds_example(demo: Scenario) -> None:
    """[S 2.2] The Antigonids hold five provinces, Pella's capital and the Pangaion mine in Chalcidice
    (§2.1.2): the demo follows the seed's example."""
    antigonids = demo.powers["antigonids"]
    assert sorted(antigonids.provinces) == ["chalcidice", "euboea", "macedonia", "paeonia", "thessaly"]
    assert antigonids.capital == "macedonia" and demo.provinces["chalcidice"].mines == 1


def test_every_problem_is_reported_at_once_with_where_and_the_nearest_name() -> None:
    """[S 1.2] A scenario is checked like a map: each problem with its key path, an unknown name with the
    nearest known one, all of them in one error."""
    data = copy.deepcopy(_demo_data())
    data["provinces"]["mysia"]["borders"].append("lidya")  # misspelt
    data["provinces"]["lydia"]["number"] = 1  # Macedonia's
    data["provinces"]["media"]["events"].append("pirates")  # inland
    data["provinces"]["thessaly"]["borders"].remove("aetolia")  # Aetolia still lists Thessaly
    data["powers"]["attalids"]["capital"] = "ionia"  # not theirs
    data["powers"]["rhodes"].pop("protector")
    data["powers"]["lagids"]["units"]["lagids_a3"] = {"kind": "army", "at": "egypt", "leader": "sosibius"}
    with pytest.raises(DataError) as err:
        Scenario.from_data(data)
    messages = {p.where: p.message for p in err.value.problems}
    assert "did you mean 'lydia'?" in messages["provinces.mysia.borders[5]"]
    assert "already 'macedonia'" in messages["provinces.lydia.number"]
    assert "coastal provinces only" in messages["provinces.media.events[3]"]
    assert "does not list 'aetolia'" in messages["provinces.aetolia.borders"]
    assert "not among the power's provinces" in messages["powers.attalids.capital"]
    assert "needs its protector" in messages["powers.rhodes.protector"]
    assert "already commands" in messages["powers.lagids.units.lagids_a3.leader"]
    assert len(err.value.problems) >= 7


def test_a_fifth_unit_and_an_unknown_field_are_refused() -> None:
    """[S 4.5] At most four armies and fleets a power (§3.2.4); a field the format does not have is named
    with the nearest that it does."""
    data = copy.deepcopy(_demo_data())
    units = data["powers"]["seleucids"]["units"]
    data["powers"]["seleucids"]["leaders"]["nicanor"] = {"name": "Nicanor"}
    data["powers"]["seleucids"]["leaders"]["hermias"] = {"name": "Hermias"}
    units["seleucids_a3"] = {"kind": "army", "at": "cilicia", "leader": "nicanor"}
    units["seleucids_a4"] = {"kind": "army", "at": "babylonia", "leader": "hermias"}
    data["provinces"]["egypt"]["resource"] = {"grain": 1}
    problems = check_scenario(data)
    assert any("at most 4 armies and fleets, this one has 5" in p for p in problems)
    assert any("unexpected field 'resource'" in p and "did you mean 'resources'?" in p for p in problems)


def test_the_storage_layer_can_put_lines_on_the_problems() -> None:
    """[S 1.2] Problems carry key paths the YAML reader turns into lines of the file, as for maps."""
    data = _demo_data()
    data["provinces"]["rhodes"]["trading_post"]["id"] = "alexandria"
    with pytest.raises(DataError) as err:
        Scenario.from_data(data)
    located = locate(err.value.problems, data, "aegean-229.yaml")
    assert all(p.line is not None for p in located)
    assert "provinces.egypt.trading_post.id: the trading post 'alexandria' is already in 'rhodes'" in str(located[0])


def test_the_first_state_draws_the_competences_in_secret_and_publishes_the_year(demo: Scenario) -> None:
    """[S 1.3] [S 5.1] Every leader gets a competence from -1 to +2, the game master's alone; the first
    year's revenues and capacities are public (§3.2.1, §2.1.4, §2.1.5)."""
    state = start_state(demo, HashDice("a game"))
    leaders = set(state.public.leaders)
    assert set(state.master.competence) == leaders
    assert all(-1 <= c <= 2 for c in state.master.competence.values())
    assert state == start_state(demo, HashDice("a game"))  # the same dice, the same secrets
    antigonids = state.public.forecasts["antigonids"]
    assert antigonids.local == 800  # Paeonia ravaged by the Dardanians: 900 less its 100 (§2.1.2)
    assert state.public.forecasts["lagids"].exports[Good.GRAIN] == 5  # 7 less Ionia's 2 (§2.1.4)
    assert state.public.units["achaeans_f1"].kind is UnitKind.FLEET
    assert state.treasury("lagids") == 2500
