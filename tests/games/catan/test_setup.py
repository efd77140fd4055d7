"""The initial placement [K 18]: snake order, ranked choices, the distance rule, the second
settlement's cards."""

from __future__ import annotations

import pytest

from pipeline.errors import DataError
from pipeline.games.catan.options import DEFAULT_OPTIONS
from pipeline.games.catan.outcome import Built, Piece, Produced, Reason, Source, StepDone
from pipeline.games.catan.resources import Hand, Resource
from pipeline.games.catan.setup import Choice, play_setup, setup_from_data
from pipeline.shared.dice import HashDice

from .helpers import E, V, board, state


def test_placements_go_in_snake_order_from_ranked_choices() -> None:
    """[K 18.1] [K 18.2] a, b, c, then c, b, a; b's first choice is next to a's settlement and is passed;
    c, who sent nothing, takes the first open corner."""
    b = board()
    choices = {
        "a": (Choice(V("c3/c4/d4"), road=E("c3/c4")), Choice(V("e3/e4/f3"), road=E("e3/e4"))),
        "b": (
            Choice(V("b3/c3/c4"), road=E("b3/c3")),
            Choice(V("d2/d3/e2"), road=E("d2/d3")),
            Choice(V("d5/d6/e5"), road=E("d5/d6")),
        ),
    }
    result = play_setup(b, state(), choices, DEFAULT_OPTIONS, HashDice("s"))  # c sends nothing: the fallback
    settlements = [e for e in result.events if isinstance(e, Built) and e.piece is Piece.SETTLEMENT]
    assert [e.player for e in settlements] == ["a", "b", "c", "c", "b", "a"]
    assert [e.at for e in settlements[:2]] == ["c3/c4/d4", "d2/d3/e2"]
    assert [(d.player, d.reason) for d in result.events if isinstance(d, StepDone)] == [("b", Reason.DISTANCE_RULE)]
    assert all(e.free for e in result.events if isinstance(e, Built))
    st = result.state
    assert sum(1 for x in st.buildings.values() if x.owner == "a") == 2 and st.roads[E("c3/c4")] == "a"
    assert st.buildings[V("d5/d6/e5")].owner == "b"


def test_the_second_settlement_brings_a_card_of_each_hex_round_it() -> None:
    """[K 18.3] e3/e4/f3: mountains, fields, fields; the first settlement brings nothing."""
    b = board()
    choices = {"a": (Choice(V("c3/c4/d4"), road=E("c3/c4")), Choice(V("e3/e4/f3"), road=E("e3/e4")))}
    result = play_setup(b, state(seats=("a",)), choices, DEFAULT_OPTIONS, HashDice("s"))
    assert result.state.players["a"].hand == Hand.of(ore=1, grain=2)
    assert {p.source for p in result.events if isinstance(p, Produced)} == {Source.START}


def test_a_setup_file_reads_with_every_problem() -> None:
    """[K 18.2] a settlement with a road or a ship touching it; every problem at once."""
    b = board()
    assert setup_from_data({"setup": [{"settlement": "c3/c4/d4", "ship": "c3/c4"}]}, b) == (
        Choice(V("c3/c4/d4"), ship=E("c3/c4")),
    )
    with pytest.raises(DataError) as err:
        setup_from_data(
            {
                "setup": [
                    {"settlement": "c3/c4/d9", "road": "e3/e4"},
                    {"settlement": "c3/c4/d4", "road": "e3/e4"},
                    {"road": "c3/c4"},
                ]
            },
            b,
        )
    assert [p.where for p in err.value.problems] == ["setup[0].settlement", "setup[1].road", "setup[2]"]


def test_a_quick_start_hands_every_player_the_starting_cards() -> None:
    """[K 18.4] after both placement rounds, each player takes the game's starting hand from the bank."""
    from pipeline.games.catan.options import options_from_data, options_to_data

    options = options_from_data({"starting_hand": {"ore": 3, "lumber": 2}})
    assert options_to_data(options) == {"starting_hand": {"lumber": 2, "ore": 3}}
    choices = {"a": (Choice(V("c3/c4/d4"), road=E("c3/c4")), Choice(V("e3/e4/f3"), road=E("e3/e4")))}
    result = play_setup(board(), state(seats=("a", "b")), choices, options, HashDice("s"))
    assert result.state.players["a"].hand == Hand.of(ore=4, grain=2, lumber=2)
    assert result.state.players["b"].hand.covers(Hand.of(ore=3, lumber=2))
    quick = [p for p in result.events if isinstance(p, Produced) and p.source is Source.QUICK_START]
    assert [(p.player, p.cards) for p in quick] == [("a", Hand.of(ore=3, lumber=2)), ("b", Hand.of(ore=3, lumber=2))]
    assert result.state.bank is not None and result.state.bank[Resource.ORE] == 19 - 6 - 1 - (
        result.state.players["b"].hand[Resource.ORE] - 3
    )
