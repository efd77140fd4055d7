"""The state's three parts and its codec [S 1.4] (§1.2: the report to all, the treasury to each king, the
game master's secrets), and the same inputs giving the same outputs."""

from __future__ import annotations

import copy

import pytest

from pipeline.errors import DataError
from pipeline.games.symmachia.scenario import Scenario
from pipeline.games.symmachia.start import start_state
from pipeline.games.symmachia.state import state_from_data, state_to_data
from pipeline.games.symmachia.year import resolve_year
from pipeline.shared.dice import HashDice


def test_the_codec_says_which_part_is_which(demo: Scenario) -> None:
    """[S 1.4] Public facts, each power's treasury and ledger, the game master's competences: three keys."""
    data = state_to_data(start_state(demo, HashDice("seed")))
    assert set(data) == {"public", "private", "game_master"}
    assert set(data["private"]) == set(demo.powers)
    assert set(data["private"]["lagids"]) == {"treasury", "ledger"}
    assert set(data["game_master"]) == {"competence"}
    assert "competence" not in str(data["public"])  # no secret leaks into the public part
    assert data["public"]["ravaged"] == {"paeonia": ["barbarians"]}


def test_a_state_goes_through_its_codec_unchanged_before_and_after_a_year(demo: Scenario) -> None:
    """[S 1.4] The codec is exact: a state read back from its data is the same state."""
    state = start_state(demo, HashDice("seed"))
    assert state_from_data(state_to_data(state)) == state
    after = resolve_year(demo, state, {}, None, HashDice("year one")).state
    assert after.public.year == -228
    assert state_from_data(state_to_data(after)) == after
    assert any(after.private[p].ledger for p in after.private)


def test_the_same_inputs_give_the_same_outputs(demo: Scenario) -> None:
    """[S 2.1] The resolution is pure: the same state, orders and dice give the same state and records."""
    state = start_state(demo, HashDice("seed"))
    one = resolve_year(demo, state, {}, None, HashDice("year one"))
    two = resolve_year(demo, state, {}, None, HashDice("year one"))
    assert state_to_data(one.state) == state_to_data(two.state)
    assert [r.to_data() for r in one.records] == [r.to_data() for r in two.records]


def test_a_broken_state_file_reports_every_problem(demo: Scenario) -> None:
    """[S 1.4] A state file that cannot be read says each problem at its place."""
    data = copy.deepcopy(state_to_data(start_state(demo, HashDice("seed"))))
    data["public"]["owners"]["mysia"] = "pergamenes"
    data["public"]["units"]["lagids_a1"]["leader"] = "nobody"
    data["private"]["lagids"]["treasury"] = -5
    with pytest.raises(DataError) as err:
        state_from_data(data)
    wheres = {p.where for p in err.value.problems}
    assert {"public.owners.mysia", "public.units.lagids_a1.leader", "private.lagids.treasury"} <= wheres
