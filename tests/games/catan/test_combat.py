"""Combat [K 10] and what each attacker does [K 11] [K 13] [K 15] [K 16.3]: the worked cases C-03 to
C-07, C-09 to C-11 and C-16 to C-19."""

from __future__ import annotations

import dataclasses

import pytest

from pipeline.games.catan.options import DEFAULT_OPTIONS
from pipeline.games.catan.outcome import Combat, EffectKind, Reason, Side
from pipeline.games.catan.resources import Hand
from pipeline.games.catan.state import BuildingKind, Card, Corruption, Guard, HeldCard, Player, Ship
from pipeline.games.catan.units import UnitKind, spec

from .helpers import E, S, V, city, of, play, reasons, settlement, state, unit

CITY = "c3/c4/d4"  # V of the examples: H1 c3, H2 c4, H3 d4


def fight(st, order, player="a", **dice):
    """One attack as step 1 of `player`'s turn, with its dice."""
    return play(st, player, {"act": [{"attack": order}]}, dice={f"step 1 {k}": v for k, v in dice.items()})


def duel(attacker: UnitKind, defender: UnitKind, active: bool = True, **dice):
    st = state(units={"c3>c4": unit("a", attacker), "c4>c3": unit("b", defender, active)})
    return fight(st, {"unit": "c3>c4", "target": "c4>c3"}, **dice)


def test_a_defender_that_loses_leaves_and_the_winner_turns_inactive() -> None:
    """[K 10.1] [K 10.2] C-03: military d20 14 against a worker's d10 9: the worker back to its reserve,
    the military inactive until 1 lumber reactivates it."""
    after, events, dice = duel(UnitKind.MILITARY, UnitKind.WORKER, attack=14, defence=9)
    assert S("c4>c3") not in after.units and not after.units[S("c3>c4")].active
    assert [(d.purpose, d.sides) for d in dice.draws[2:]] == [
        ("round 1 a step 1 attack", 20),
        ("round 1 a step 1 defence", 10),
    ]
    (combat,) = of(events, Combat)
    assert combat.winner is Side.ATTACKER and [e.kind for e in combat.effects] == [
        EffectKind.REMOVED,
        EffectKind.DEACTIVATED,
    ]
    assert spec(UnitKind.MILITARY, DEFAULT_OPTIONS).reactivation == Hand.of(lumber=1)


def test_a_tie_between_military_and_worker_turns_both_inactive() -> None:
    """[K 10.4] C-04: 7 against 7."""
    after, _, _ = duel(UnitKind.MILITARY, UnitKind.WORKER, attack=7, defence=7)
    assert not after.units[S("c3>c4")].active and not after.units[S("c4>c3")].active


def test_an_attacker_that_loses_leaves_and_the_defender_is_unchanged() -> None:
    """[K 10.3] C-05: military 5 against military 12."""
    after, _, _ = duel(UnitKind.MILITARY, UnitKind.MILITARY, attack=5, defence=12)
    assert S("c3>c4") not in after.units and after.units[S("c4>c3")] == unit("b", UnitKind.MILITARY)


@pytest.mark.parametrize(
    ("defender", "sides"),
    [(UnitKind.MILITARY, 10), (UnitKind.BARBARIAN, 6), (UnitKind.WORKER, 5), (UnitKind.REFORMER, 4)],
)
def test_an_inactive_defender_rolls_half_its_die(defender: UnitKind, sides: int) -> None:
    """[K 10.5] C-06: d20 → d10, d12 → d6, d10 → d5, d8 → d4, rolled as dice of that many sides."""
    _, _, dice = duel(UnitKind.MILITARY, defender, active=False, attack=1, defence=1)
    assert dice.draws[-1].sides == sides


def test_ties_treat_each_unit_by_its_type() -> None:
    """[K 10.4] a barbarian, a reformer, a diplomat removed on a tie; military, assault troops inactive."""
    after, _, _ = duel(UnitKind.MILITARY, UnitKind.BARBARIAN, attack=5, defence=5)
    assert S("c4>c3") not in after.units and not after.units[S("c3>c4")].active
    after, _, _ = duel(UnitKind.ASSAULT, UnitKind.REFORMER, attack=4, defence=4)
    assert S("c4>c3") not in after.units and not after.units[S("c3>c4")].active
    after, _, _ = duel(UnitKind.ASSAULT, UnitKind.DIPLOMAT, attack=3, defence=3)
    assert S("c4>c3") not in after.units


def test_a_city_beaten_loses_status_and_reverts_at_status_1() -> None:
    """[K 7.4] [K 7.6] [K 11.1] C-07: status 2, d20 13 against d12 9 + 2: status 1, the attacker inactive;
    status 1, 10 against 4 + 1: a settlement again, its walls gone; status 3 behind walls, 15 against d20
    14 + 3: the attacker removed."""

    def attack_city(building, **dice):
        st = state(buildings={CITY: building}, units={"c3>c4": unit("a", UnitKind.MILITARY)})
        return fight(st, {"unit": "c3>c4", "city": CITY}, **dice)

    after, events, dice = attack_city(city("b", status=2), attack=13, defence=9)
    assert after.buildings[V(CITY)].status == 1 and not after.units[S("c3>c4")].active
    assert of(events, Combat)[0].defence.total == 11 and dice.draws[-1].sides == 12
    after, events, _ = attack_city(city("b", status=1, walls=True), attack=10, defence=4)
    assert after.buildings[V(CITY)].kind is BuildingKind.SETTLEMENT and not after.buildings[V(CITY)].walls
    assert [e.kind for e in of(events, Combat)[0].effects] == [
        EffectKind.REVERTED,
        EffectKind.WALLS_LOST,
        EffectKind.DEACTIVATED,
    ]
    after, events, dice = attack_city(city("b", status=3, walls=True), attack=15, defence=14)
    assert S("c3>c4") not in after.units and after.buildings[V(CITY)].status == 3
    assert dice.draws[-1].sides == 20 and of(events, Combat)[0].defence.total == 17


def test_a_tie_against_a_city_leaves_it_and_turns_the_attacker_inactive() -> None:
    """[K 7.4] 10 against 8 + 2; a city's die is never halved."""
    st = state(buildings={CITY: city("b", status=2)}, units={"c3>c4": unit("a", UnitKind.MILITARY)})
    after, _, _ = fight(st, {"unit": "c3>c4", "city": CITY}, attack=10, defence=8)
    assert after.buildings[V(CITY)].status == 2 and not after.units[S("c3>c4")].active


def test_assault_troops_never_attack_cities_and_nobody_attacks_a_settlement() -> None:
    """[K 10.8] [K 11.2] C-07, C-19."""
    st = state(
        buildings={CITY: city("b"), "e3/e4/f3": settlement("b")},
        units={"c3>c4": unit("a", UnitKind.ASSAULT), "e3>e4": unit("a", UnitKind.MILITARY)},
    )
    _, events, _ = play(
        st,
        "a",
        {"act": [{"attack": {"unit": "c3>c4", "city": CITY}}, {"attack": {"unit": "e3>e4", "city": "e3/e4/f3"}}]},
    )
    assert reasons(events) == [Reason.CANNOT_ATTACK, Reason.CANNOT_ATTACK]


def test_an_assault_troop_beats_a_worker_and_turns_inactive() -> None:
    """[K 11.2] C-19: d10 8 against d10 3."""
    after, _, dice = duel(UnitKind.ASSAULT, UnitKind.WORKER, attack=8, defence=3)
    assert S("c4>c3") not in after.units and not after.units[S("c3>c4")].active
    assert [d.sides for d in dice.draws[2:]] == [10, 10]


def test_a_diplomat_corrupts_a_city() -> None:
    """[K 13.3] [K 13.4] C-09: B's diplomat on (H1, e12) beats A's city of status 1 (15 against 6 + 1): its
    marker on H1, the diplomat back to B's reserve."""
    st = state(buildings={CITY: city("a")}, units={"c3>c4": unit("b", UnitKind.DIPLOMAT)})
    after, events, _ = fight(st, {"unit": "c3>c4", "city": CITY, "then": "corrupt"}, player="b", attack=15, defence=6)
    assert after.units == {} and after.corruption == (Corruption("c3", V(CITY), "b"),)
    assert [e.kind for e in of(events, Combat)[0].effects] == [EffectKind.CORRUPTED, EffectKind.REMOVED]


def test_a_diplomat_sabotages_a_city_and_must_say_what_a_win_does() -> None:
    """[K 13.3] [K 13.5] C-10: the city's counter turns inactive, the diplomat leaves; without `then` the
    attack is not made."""
    st = state(buildings={CITY: city("a", status=2)}, units={"c3>c4": unit("b", UnitKind.DIPLOMAT)})
    after, _, _ = fight(st, {"unit": "c3>c4", "city": CITY, "then": "sabotage"}, player="b", attack=20, defence=1)
    assert after.buildings[V(CITY)].sabotaged and after.units == {}
    _, events, _ = fight(st, {"unit": "c3>c4", "city": CITY}, player="b")
    assert reasons(events) == [Reason.CHOICE_NEEDED]


def test_a_diplomat_that_loses_still_leaves() -> None:
    """[K 13.1] C-11: against military, 4 against 9: the military unchanged, the diplomat gone."""
    after, _, _ = duel(UnitKind.DIPLOMAT, UnitKind.MILITARY, attack=4, defence=9)
    assert after.units == {S("c4>c3"): unit("b", UnitKind.MILITARY)}


def test_a_diplomat_turns_the_units_it_beats_inactive() -> None:
    """[K 13.2] C-11: against a worker 11 against 3, against military a tie 6 and 6: the unit inactive, not
    removed; the diplomat gone either way. It may not attack a barbarian."""
    for defender, attack, defence in ((UnitKind.WORKER, 11, 3), (UnitKind.MILITARY, 6, 6)):
        after, _, _ = duel(UnitKind.DIPLOMAT, defender, attack=attack, defence=defence)
        assert after.units == {S("c4>c3"): unit("b", defender, active=False)}
    _, events, _ = duel(UnitKind.DIPLOMAT, UnitKind.BARBARIAN)
    assert reasons(events) == [Reason.CANNOT_ATTACK]


def test_a_guard_defends_with_a_d20_against_all_but_diplomats() -> None:
    """[K 13.6] C-10: B's military 12 against the guard's 15 on A's sabotaged city: the military removed;
    B's diplomat may not attack it; from a slot not round the city the attack is not made."""
    guard = Guard("a", V(CITY))
    st = state(
        buildings={CITY: city("a", sabotaged=True)},
        guards=(guard,),
        units={
            "c3>c4": unit("b", UnitKind.MILITARY),
            "d4>c3": unit("b", UnitKind.DIPLOMAT),
            "c3>b3": unit("b", UnitKind.MILITARY),
        },
    )
    after, _, dice = fight(st, {"unit": "c3>c4", "guard": CITY}, player="b", attack=12, defence=15)
    assert S("c3>c4") not in after.units and after.guards == (guard,) and dice.draws[-1].sides == 20
    _, events, _ = play(
        st, "b", {"act": [{"attack": {"unit": "d4>c3", "guard": CITY}}, {"attack": {"unit": "c3>b3", "guard": CITY}}]}
    )
    assert reasons(events) == [Reason.CANNOT_ATTACK, Reason.NOT_NEXT]
    after, _, _ = fight(st, {"unit": "c3>c4", "guard": CITY}, player="b", attack=16, defence=15)
    assert after.guards == ()


ROUTE = {"a1/b2": "b", "a2/b2": "b"}  # from B's settlement at a1/b1/b2 along the coast; a2/b2 is the open end


def sea_state(**kw):
    ships = {E(e): Ship(o, 0) for e, o in ROUTE.items()}
    buildings = {"a1/b1/b2": settlement("b"), **kw.pop("buildings", {})}
    return state(buildings=buildings, ships=ships, **kw)


def test_a_pirate_sinks_the_ship_at_the_open_end_of_a_route() -> None:
    """[K 15.4] [K 15.5] C-16: 15 against the ship's d12 4: the ship gone, the pirate inactive; 11 against
    11: the pirate eliminated, the ship stays."""
    st = sea_state(units={"a2>a1": unit("a", UnitKind.PIRATE)})
    after, events, dice = fight(st, {"unit": "a2>a1", "ship": "a2/b2"}, attack=15, defence=4)
    assert E("a2/b2") not in after.ships and not after.units[S("a2>a1")].active and dice.draws[-1].sides == 12
    assert of(events, Combat)[0].effects[0].kind is EffectKind.SHIP_REMOVED
    after, _, _ = fight(st, {"unit": "a2>a1", "ship": "a2/b2"}, attack=11, defence=11)
    assert after.units == {} and E("a2/b2") in after.ships


def test_a_protection_ship_gives_the_route_a_d20() -> None:
    """[K 15.5] C-16: with B's active protection ship beside it, the ship rolls a d20: 13 against 17, the
    pirate removed; an inactive protection ship gives nothing."""
    st = sea_state(units={"a2>a1": unit("a", UnitKind.PIRATE), "a1>a2": unit("b", UnitKind.PROTECTION)})
    after, _, dice = fight(st, {"unit": "a2>a1", "ship": "a2/b2"}, attack=13, defence=17)
    assert dice.draws[-1].sides == 20 and S("a2>a1") not in after.units and E("a2/b2") in after.ships
    idle = sea_state(units={"a2>a1": unit("a", UnitKind.PIRATE), "a1>a2": unit("b", UnitKind.PROTECTION, False)})
    _, _, dice = fight(idle, {"unit": "a2>a1", "ship": "a2/b2"}, attack=13, defence=1)
    assert dice.draws[-1].sides == 12


def test_ships_inside_a_route_or_on_a_closed_one_are_never_attacked() -> None:
    """[K 15.4] C-16: a1/b2 is inside the route; with B's settlement at its far end too the route is
    closed; military never attacks a pirate."""
    st = sea_state(units={"a2>a1": unit("a", UnitKind.PIRATE)})
    _, events, _ = fight(st, {"unit": "a2>a1", "ship": "a1/b2"})
    assert reasons(events) == [Reason.NOT_END_SHIP]
    closed = sea_state(buildings={"a2/b2/b3": settlement("b")}, units={"a2>a1": unit("a", UnitKind.PIRATE)})
    _, events, _ = fight(closed, {"unit": "a2>a1", "ship": "a2/b2"})
    assert reasons(events) == [Reason.NOT_END_SHIP]
    _, events, _ = duel(UnitKind.MILITARY, UnitKind.PIRATE)
    assert reasons(events) == [Reason.CANNOT_ATTACK]


def test_a_pirate_and_a_protection_ship_that_tie_both_turn_inactive() -> None:
    """[K 15.7] [K 15.8] C-17: 9 against 9 either way round; the protection ship's d20s."""
    st = state(units={"a2>a1": unit("a", UnitKind.PIRATE), "a1>a2": unit("b", UnitKind.PROTECTION)})
    after, _, dice = fight(st, {"unit": "a2>a1", "target": "a1>a2"}, attack=9, defence=9)
    assert not after.units[S("a2>a1")].active and not after.units[S("a1>a2")].active
    assert [d.sides for d in dice.draws[2:]] == [20, 20]
    after, _, dice = fight(st, {"unit": "a1>a2", "target": "a2>a1"}, player="b", attack=9, defence=9)
    assert not after.units[S("a2>a1")].active and not after.units[S("a1>a2")].active
    assert [d.sides for d in dice.draws[2:]] == [20, 12]


def with_knight(st, bought: int = 0):
    players = dict(st.players)
    players["a"] = Player(Hand(), (HeldCard(Card.KNIGHT, bought),))
    return dataclasses.replace(st, players=players, deck={**st.deck, Card.KNIGHT: 19})


def test_the_knight_attacks_anywhere_and_wins_ties() -> None:
    """[K 16.3] C-18: a d12 7 against a military unit's d20 7 across the board: the unit removed, the card
    face up; 5 against 9: the card back into the deck."""
    st = with_knight(state(units={"f4>f3": unit("b", UnitKind.MILITARY)}))
    script = {"act": [{"knight": {"target": "f4>f3"}}]}
    after, events, dice = play(st, "a", script, dice={"step 1 knight": 7, "step 1 defence": 7})
    assert after.units == {} and after.players["a"].knights == 1 and after.players["a"].cards == ()
    assert [(d.purpose, d.sides) for d in dice.draws[2:]] == [
        ("round 1 a step 1 knight", 12),
        ("round 1 a step 1 defence", 20),
    ]
    assert of(events, Combat)[0].unit is None
    after, events, _ = play(st, "a", script, dice={"step 1 knight": 5, "step 1 defence": 9})
    assert after.units == st.units and after.players["a"].knights == 0 and after.deck[Card.KNIGHT] == 20
    assert of(events, Combat)[0].effects[-1].kind is EffectKind.CARD_RETURNED


def test_the_knight_is_not_played_the_turn_it_is_bought_nor_against_pirates() -> None:
    """[K 16.2] [K 16.3] [K 10.8]"""
    st = with_knight(state(units={"f4>f3": unit("b", UnitKind.MILITARY), "a2>a1": unit("b", UnitKind.PIRATE)}), 1)
    _, events, _ = play(st, "a", {"act": [{"knight": {"target": "f4>f3"}}]})
    assert reasons(events) == [Reason.CARD_NEW]
    _, events, _ = play(with_knight(st), "a", {"act": [{"knight": {"target": "a2>a1"}}]})
    assert reasons(events) == [Reason.CANNOT_ATTACK]


def test_attacks_need_a_neighbour_an_active_unit_and_come_once_a_turn() -> None:
    """[K 9.7] [K 10.6] [K 10.9] from across the hex the attack is not made; an inactive unit does not
    attack; a unit that attacked and won is inactive and attacks no more."""
    st = state(
        units={
            "c3>c4": unit("a", UnitKind.MILITARY),
            "c4>c3": unit("b", UnitKind.WORKER),
            "c4>c5": unit("b", UnitKind.WORKER),
            "e3>e4": unit("a", UnitKind.MILITARY, False),
            "e4>e3": unit("b", UnitKind.WORKER),
        }
    )
    script = {
        "act": [
            {"attack": {"unit": "c3>c4", "target": "c4>c5"}},
            {"attack": {"unit": "e3>e4", "target": "e4>e3"}},
            {"attack": {"unit": "c3>c4", "target": "c4>c3"}},
            {"attack": {"unit": "c3>c4", "target": "c4>c5"}},
        ]
    }
    _, events, _ = play(st, "a", script, dice={"step 3 attack": 20, "step 3 defence": 1})
    assert reasons(events) == [Reason.NOT_NEXT, Reason.INACTIVE, None, Reason.INACTIVE]


def test_a_unit_may_move_then_attack_unless_the_game_says_otherwise() -> None:
    """[K 10.9] (option attack_after_move)"""
    st = state(units={"c3>b3": unit("a", UnitKind.MILITARY), "c4>c3": unit("b", UnitKind.WORKER)})
    script = {"act": [{"move": {"unit": "c3>b3", "to": "c3>c4"}}, {"attack": {"unit": "c3>c4", "target": "c4>c3"}}]}
    _, events, _ = play(st, "a", script, dice={"step 2 attack": 20, "step 2 defence": 1})
    assert reasons(events) == [None, None]
    no = dataclasses.replace(DEFAULT_OPTIONS, attack_after_move=False)
    _, events, _ = play(st, "a", script, options=no)
    assert reasons(events) == [None, Reason.MOVED_THIS_TURN]


def test_explorers_cannot_be_attacked_and_barbarians_defend_with_a_d12() -> None:
    """[K 14.1] [K 12.3] C-13, C-14: an explorer stands on a corner no attack names (one at a city's
    corner meets the city, not it); a barbarian rolls a d12."""
    st = state(units={"c3>c4": unit("a", UnitKind.MILITARY)}, explorers={V(CITY): unit("b", UnitKind.EXPLORER)})
    _, events, _ = fight(st, {"unit": "c3>c4", "city": CITY})
    assert reasons(events) == [Reason.NO_TARGET]
    _, _, dice = duel(UnitKind.MILITARY, UnitKind.BARBARIAN, attack=1, defence=1)
    assert dice.draws[-1].sides == 12
