"""A player's turn and a round [K 3]: trade [K 5], development cards [K 16], the steps' conditions
[K 3.5], guards counting their turns [K 13.7], the titles [K 17.2] [K 17.3] and victory [K 17.5] (C-10,
C-22)."""

from __future__ import annotations

import dataclasses

from pipeline.games.catan.codec import event_to_data, state_to_data
from pipeline.games.catan.options import DEFAULT_OPTIONS
from pipeline.games.catan.orders import orders_from_data
from pipeline.games.catan.outcome import (
    Award,
    Awarded,
    CardPlayed,
    GuardResult,
    GuardStood,
    Reason,
    Rolled,
    StepDone,
    Taken,
    Traded,
    Won,
)
from pipeline.games.catan.resources import Hand
from pipeline.games.catan.routes import route_length
from pipeline.games.catan.state import Card, Corruption, Guard, HeldCard, Player, Ship
from pipeline.games.catan.turn import play_round
from pipeline.games.catan.units import UnitKind
from pipeline.shared.dice import HashDice

from .helpers import E, V, board, city, of, play, reasons, settlement, state, unit

PLENTY = Hand.of(brick=9, lumber=9, wool=9, grain=9, ore=9)


def hand(st, p):
    return st.players[p].hand


def test_an_offer_goes_to_the_first_partner_whose_answers_take_it() -> None:
    """[K 5.1] [K 5.2] b does not answer this offer, c takes it but lacks the ore; b's answer from anyone
    takes the second offer, once."""
    st = state(hands={"a": Hand.of(wool=4), "b": Hand.of(ore=2), "c": Hand()})
    answers = {
        "b": {"accept": [{"from": "a", "give": {"ore": 1}, "get": {"wool": 2}}]},
        "c": {"accept": [{"give": {"ore": 1}, "get": {"wool": 1}}]},
    }
    script = {
        "trade": [
            {"offer": {"give": {"wool": 1}, "get": {"ore": 1}}},
            {"offer": {"to": ["b", "c"], "give": {"wool": 2}, "get": {"ore": 1}}},
            {"offer": {"to": "b", "give": {"wool": 2}, "get": {"ore": 1}}},
        ]
    }
    after, events, _ = play(st, "a", script, answers=answers)
    done = of(events, StepDone)
    assert done[0].reason is Reason.NO_PARTNER
    assert done[0].refusals == (("b", Reason.NO_ANSWER), ("c", Reason.PARTNER_LACKS))
    assert done[1].reason is None and done[2].refusals == (("b", Reason.NO_ANSWER),)  # used once
    assert of(events, Traded) == [Traded("a", "b", Hand.of(wool=2), Hand.of(ore=1))]
    assert hand(after, "a") == Hand.of(wool=2, ore=1) and hand(after, "b") == Hand.of(ore=1, wool=2)


def test_the_bank_trades_four_for_one_or_by_the_players_harbours() -> None:
    """[K 5.3] 4:1 inland; 2:1 in brick from a settlement on the brick harbour a1/b2, 3:1 in the rest from
    the generic harbour c1/d2."""
    st = state(buildings={"c3/c4/d4": settlement("a")}, hands={"a": PLENTY})
    after, events, _ = play(st, "a", {"trade": [{"bank": {"give": "ore", "get": "wool", "times": 2}}]})
    assert hand(after, "a") == PLENTY - Hand.of(ore=8) + Hand.of(wool=2) and of(events, Traded)[0].rate == 4
    port = state(buildings={"a1/b1/b2": settlement("a"), "c1/d1/d2": settlement("a")}, hands={"a": PLENTY})
    _, events, _ = play(
        port,
        "a",
        {
            "trade": [
                {"bank": {"give": "brick", "get": "ore"}},
                {"bank": {"give": "clay", "get": "wool"}},
                {"bank": {"give": "grain", "get": "ore"}},
            ]
        },
    )
    assert [t.rate for t in of(events, Traded)] == [2, 2, 3]
    poor = state(hands={"a": Hand.of(ore=3)})
    _, events, _ = play(poor, "a", {"trade": [{"bank": {"give": "ore", "get": "wool"}}]})
    assert of(events, StepDone)[0].missing == Hand.of(ore=1)


def held(*cards: Card, bought: int = 0) -> tuple[HeldCard, ...]:
    return tuple(HeldCard(c, bought) for c in cards)


def test_year_of_plenty_monopoly_and_road_building() -> None:
    """[K 16.5] [K 16.6] [K 16.7] [K 16.2]: one card a turn."""
    base = state(buildings={"c3/c4/d4": settlement("a")}, hands={"b": Hand.of(wool=3, ore=1), "c": Hand.of(wool=2)})
    players = {**base.players, "a": Player(Hand(), held(Card.YEAR_OF_PLENTY, Card.MONOPOLY, Card.ROAD_BUILDING))}
    st = dataclasses.replace(base, players=players)
    after, events, _ = play(
        st,
        "a",
        {
            "trade": [
                {"play": {"card": "year_of_plenty", "take": ["ore", "ore"]}},
                {"play": {"card": "monopoly", "take": "wool"}},
            ]
        },
    )
    assert reasons(events) == [None, Reason.CARD_PLAYED] and hand(after, "a") == Hand.of(ore=2)
    after, events, _ = play(st, "a", {"trade": [{"play": {"card": "monopoly", "take": "wool"}}]})
    assert hand(after, "a") == Hand.of(wool=5) and hand(after, "b") == Hand.of(ore=1)
    assert [t.player for t in of(events, Taken)] == ["b", "c"]
    after, events, _ = play(st, "a", {"build": [{"play": {"card": "road_building", "roads": ["c3/c4", "b3/c3"]}}]})
    assert reasons(events) == [None] and len(after.roads) == 2 and of(events, CardPlayed)
    assert [c.card for c in after.players["a"].cards] == [Card.YEAR_OF_PLENTY, Card.MONOPOLY]


def test_a_card_bought_this_turn_is_not_played() -> None:
    """[K 16.2]"""
    players = {**state().players, "a": Player(Hand(), held(Card.YEAR_OF_PLENTY, bought=1))}
    _, events, _ = play(
        dataclasses.replace(state(), players=players),
        "a",
        {"build": [{"play": {"card": "year_of_plenty", "take": ["ore", "ore"]}}]},
    )
    assert reasons(events) == [Reason.CARD_NEW]


def test_steps_wait_on_their_conditions() -> None:
    """[K 3.5] the roll, the hand, an earlier labelled step, an attack won or lost."""
    st = state(
        hands={"a": Hand.of(ore=4)}, units={"c3>c4": unit("a", UnitKind.MILITARY), "c4>c3": unit("b", UnitKind.WORKER)}
    )
    script = {
        "trade": [
            {"bank": {"give": "ore", "get": "wool"}, "if": {"roll": [2, 8]}},
            {"bank": {"give": "ore", "get": "wool"}, "if": {"has": {"ore": 5}}, "label": "rich"},
            {"bank": {"give": "ore", "get": "grain"}, "if": {"unless": "rich"}, "label": "sold"},
        ],
        "act": [
            {"attack": {"unit": "c3>c4", "target": "c4>c3"}, "label": "hit", "if": {"after": "sold"}},
            {"move": {"unit": "c3>c4", "to": "c3>b3"}, "if": {"lost": "hit"}},
            {"move": {"unit": "c3>c4", "to": "c3>b3"}, "if": {"won": "hit"}},
        ],
    }
    _, events, _ = play(st, "a", script, dice={"step 4 attack": 18, "step 4 defence": 2})
    assert reasons(events) == [Reason.ROLL_DIFFERS, Reason.HAND_SHORT, None, None, Reason.LOST_NOT_MET, Reason.INACTIVE]


def test_a_guard_restores_its_post_at_the_start_of_its_third_turn() -> None:
    """[K 13.7] C-10: a guard that has stood two of its owner's turns stands down at the start of the
    third: the sabotaged counter active, the marker gone, the guard back to the reserve."""
    v = V("c3/c4/d4")
    st = state(
        buildings={"c3/c4/d4": city("a", sabotaged=True)},
        corruption=(Corruption("c3", v, "b"),),
        guards=(Guard("a", v, None, 2), Guard("a", v, "c3", 1)),
    )
    after, events, _ = play(st, "a")
    assert of(events, GuardStood) == [GuardStood("a", str(v), None, GuardResult.STATUS_RESTORED)]
    assert not after.buildings[v].sabotaged and after.guards == (Guard("a", v, "c3", 2),)
    after, events, _ = play(after, "a")
    assert (
        of(events, GuardStood)[0].result is GuardResult.MARKER_REMOVED and after.corruption == () and after.guards == ()
    )


RING = ["c3/c4", "b3/c3", "b2/c3", "c2/c3"]  # four sides of c3 in a line


def test_the_longest_route_goes_to_five_pieces_and_is_cut_by_a_building() -> None:
    """[K 17.2] [K 17.4] a fifth road makes 5 in a line: the title and 2 points; B's settlement on a corner
    inside the line cuts it, and nobody holds it."""
    st = state(buildings={"c3/c4/d4": settlement("a")}, roads={e: "a" for e in RING}, hands={"a": PLENTY})
    after, events, _ = play(st, "a", {"build": [{"road": "c3/d3"}]})
    assert of(events, Awarded) == [Awarded(Award.LONGEST_ROUTE, "a", None, 5)]
    assert after.longest_route == "a" and after.points("a") == 3
    cut = dataclasses.replace(after, buildings={**after.buildings, V("b2/b3/c3"): settlement("b")})
    later, events, _ = play(cut, "b", {"trade": [{"bank": {"give": "ore", "get": "wool"}}]}, answers={}, roll=(6, 6))
    assert reasons(events) == [Reason.CANNOT_AFFORD] and later.longest_route == "a"  # weighed after a step that ran
    rich = dataclasses.replace(cut, players={**cut.players, "b": Player(PLENTY)})
    later, events, _ = play(rich, "b", {"trade": [{"bank": {"give": "ore", "get": "wool"}}]})
    assert of(events, Awarded) == [Awarded(Award.LONGEST_ROUTE, None, "a", 3)] and later.longest_route is None


def test_the_largest_army_comes_with_the_third_knight() -> None:
    """[K 17.3] [K 16.4] a knight won face up makes 3."""
    players = {**state().players, "a": Player(Hand(), held(Card.KNIGHT), knights=2)}
    st = dataclasses.replace(state(units={"f4>f3": unit("b", UnitKind.WORKER)}), players=players)
    after, events, _ = play(
        st, "a", {"act": [{"knight": {"target": "f4>f3"}}]}, dice={"step 1 knight": 9, "step 1 defence": 2}
    )
    assert after.largest_army == "a" and of(events, Awarded) == [Awarded(Award.LARGEST_ARMY, "a", None, 3)]


def test_a_player_wins_on_his_own_turn_only() -> None:
    """[K 17.5] C-22: A holds the target in B's turn and does not win there; at the start of his own turn
    he does, and the round stops."""
    options = dataclasses.replace(DEFAULT_OPTIONS, victory_points=4)
    st = state(seats=("b", "a", "c"), buildings={"c3/c4/d4": city("a"), "e3/e4/f3": city("a")}, options=options)
    result = play_round(board(), st, {}, options, HashDice("win"))
    assert [(type(e).__name__, getattr(e, "player", None)) for e in result.events if isinstance(e, (Rolled, Won))] == [
        ("Rolled", "b"),
        ("Won", "a"),
    ]
    assert result.state.winner == "a"


def test_a_player_who_reaches_the_target_in_his_turn_wins_there() -> None:
    """[K 17.5] C-22: the city that makes the target wins at once; his later steps are not played."""
    options = dataclasses.replace(DEFAULT_OPTIONS, victory_points=3)
    st = state(buildings={"c3/c4/d4": settlement("a"), "e3/e4/f3": settlement("a")}, hands={"a": PLENTY})
    after, events, _ = play(st, "a", {"build": [{"city": "c3/c4/d4"}, {"road": "c3/c4"}]}, options=options)
    assert after.winner == "a" and of(events, Won) == [Won("a", 3, (("settlement", 1), ("city", 1)))]
    assert reasons(events) == [None, Reason.GAME_OVER]


def test_a_round_replays_exactly_from_its_seed() -> None:
    """[K 3.1] [K 3.7] the same state, orders and seed give the same state and records, to the byte."""
    b = board()
    st = state(
        buildings={"c3/c4/d4": city("a", 2), "e3/e4/f3": settlement("b"), "d2/d3/e2": settlement("c")},
        hands={p: PLENTY for p in ("a", "b", "c")},
    )
    orders = {
        "a": orders_from_data(
            {
                "script": {
                    "build": [{"card": "buy"}, {"unit": {"kind": "military", "from": "c3/c4/d4", "at": "c3>c4"}}],
                    "act": [{"move": {"unit": "c3>c4", "to": "c3>b3"}}],
                }
            },
            b,
            "a",
            st.seats,
        ),
        "b": orders_from_data(
            {"script": {"trade": [{"offer": {"give": {"ore": 1}, "get": {"wool": 1}}}]}}, b, "b", st.seats
        ),
        "c": orders_from_data({"answers": {"accept": [{"give": {"wool": 1}, "get": {"ore": 1}}]}}, b, "c", st.seats),
    }
    one = play_round(b, st, orders, DEFAULT_OPTIONS, HashDice("seed"))
    two = play_round(b, st, orders, DEFAULT_OPTIONS, HashDice("seed"))
    assert one == two and repr(state_to_data(one.state)) == repr(state_to_data(two.state))
    assert [event_to_data(e) for e in one.events] == [event_to_data(e) for e in two.events]
    assert one.state.round == 1 and [one.state.players[p].turns for p in st.seats] == [1, 1, 1]
    assert of(list(one.events), Traded) == [Traded("b", "c", Hand.of(ore=1), Hand.of(wool=1))]


def test_a_route_turns_from_road_to_ship_only_at_a_building() -> None:
    """[K 17.2] [K 6.5] two roads and two ships meeting at a2/b2/b3: two in a line, four with a's
    settlement there."""
    ships = {E("a2/b2"): Ship("a"), E("a1/b2"): Ship("a")}
    st = state(roads={"b3/c3": "a", "b2/b3": "a"}, ships=ships)
    assert route_length(board(), st.table(), "a") == 2
    joined = state(roads={"b3/c3": "a", "b2/b3": "a"}, ships=ships, buildings={"a2/b2/b3": settlement("a")})
    assert route_length(board(), joined.table(), "a") == 4


def test_the_guard_fills_no_quota() -> None:
    """[K 13.6] C-10: a city of status 1 with a guard on its counter raises its unit once restored."""
    v = V("c3/c4/d4")
    st = state(buildings={"c3/c4/d4": city("a", sabotaged=True)}, guards=(Guard("a", v, None, 2),), hands={"a": PLENTY})
    _, events, _ = play(st, "a", {"build": [{"unit": {"kind": "military", "from": "c3/c4/d4", "at": "c3>c4"}}]})
    assert reasons(events) == [None]
