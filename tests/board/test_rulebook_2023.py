"""The three points where the 2023 rulebook decides otherwise than the 2000 one, each an option of the shared
engine (docs/rule-options.md) that profile `standard-2023` sets: an explicit convoy binds [D 4.3], a fleet
convoys only where a route needs it [D 4.1], civil disorder counts from every centre owned [D 6.4]. Each is
checked here under both profiles, on positions of their own; the DATC v3.0 cases are tests/datc/."""

from __future__ import annotations

import pytest

from pipeline.board.adjustment import adjudicate_adjustments, civil_disorder_order
from pipeline.board.board import Board
from pipeline.board.explain import check_words
from pipeline.board.legality import Illegal, check_movement_order
from pipeline.board.movement import adjudicate_movement
from pipeline.board.notation import parse_order
from pipeline.board.orders import Convoy, MovementOrder
from pipeline.board.outcome import Outcome, Reason, SubReason
from pipeline.board.position import PhaseKind, Position
from pipeline.board.rules import Rules
from pipeline.games import board_rules
from tests.conftest import position

RULES_2000, RULES_2023 = board_rules("standard"), board_rules("standard-2023")


def play(board: Board, pos: Position, rules: Rules, *orders: str) -> tuple[Position, dict[str, Outcome]]:
    given = [(line.partition(":")[0], parse_order(line.partition(":")[2], board)) for line in orders]
    result = adjudicate_movement(board, pos, given, rules=rules)
    return result.position, {str(o.order): o for o in result.outcomes}


def test_the_profiles_differ_on_the_three_options_alone() -> None:
    differ = {name for name in vars(RULES_2000) if getattr(RULES_2000, name) != getattr(RULES_2023, name)}
    assert differ == {"explicit_convoy", "convoy_orders", "civil_disorder_distance"}
    assert (RULES_2000.explicit_convoy, RULES_2023.explicit_convoy) == ("land_fallback", "convoy_only")
    assert board_rules("judge").explicit_convoy == "land_fallback"  # Machiavelli plays the 2000 movement rules


# ---- an explicit convoy [D 4.3] ---------------------------------------------------------------------


def test_an_explicit_convoy_with_none_ordered_goes_over_land_under_2000_and_stays_under_2023(board: Board) -> None:
    """[D 4.3] (DATC 6.G.8): the army in Belgium attacks Holland over land under the 2000 rules and cuts the
    German support there, so Kiel bounces off Ruhr; under the 2023 rules it stays in Belgium, its move no
    attack at all (no convoy carries it), the support stands and Kiel dislodges the French army in Ruhr."""
    pos = position("france: A bel", "france: A ruh", "germany: A hol", "germany: A kie")
    orders = ("france:A bel-hol via convoy", "germany:A hol S A kie-ruh", "germany:A kie-ruh")
    after_2000, out_2000 = play(board, pos, RULES_2000, *orders)
    assert out_2000["A bel-hol via convoy"].reason is Reason.BOUNCED
    assert out_2000["A hol S A kie-ruh"].reason is Reason.SUPPORT_CUT and not after_2000.dislodged
    after_2023, out_2023 = play(board, pos, RULES_2023, *orders)
    assert out_2023["A bel-hol via convoy"].reason is Reason.NO_CONVOY_ORDERED
    assert out_2023["A hol S A kie-ruh"].succeeded and out_2023["A kie-ruh"].succeeded
    assert [d.unit.location for d in after_2023.dislodged] == ["ruh"]


def test_an_explicit_convoy_that_is_not_there_stands_off_with_nobody(board: Board) -> None:
    """[D 4.3] [D 3.3]: under the 2000 rules the two armies stand off in Holland, which is left contested; under
    the 2023 rules the French army never leaves Belgium, so the German one enters Holland."""
    pos = position("france: A bel", "germany: A ruh")
    after_2000, _ = play(board, pos, RULES_2000, "france:A bel-hol via convoy", "germany:A ruh-hol")
    assert after_2000.contested == {"hol"} and after_2000.unit_at("ruh") is not None
    after_2023, out = play(board, pos, RULES_2023, "france:A bel-hol via convoy", "germany:A ruh-hol")
    assert out["A ruh-hol"].succeeded and not after_2023.contested
    assert out["A bel-hol via convoy"].reason is Reason.NO_CONVOY_ORDERED


def test_an_explicit_convoy_with_its_convoy_ordered_goes_by_convoy_under_both(board: Board) -> None:
    """[D 4.3] (DATC 6.G.20): with a convoy ordered the move is a convoyed one under both rulebooks, and a
    dislodged convoy leaves the army where it was, for want of a route (not for want of a convoy order)."""
    pos = position("france: F bre", "france: F mao", "england: A pic", "england: F eng")
    orders = (
        "france:F bre-eng",
        "france:F mao S F bre-eng",
        "england:A pic-bel via convoy",
        "england:F eng C A pic-bel",
    )
    for rules in (RULES_2000, RULES_2023):
        after, out = play(board, pos, rules, *orders)
        assert out["A pic-bel via convoy"].reason is Reason.NO_CONVOY_PATH and after.unit_at("pic") is not None


def test_a_plain_move_to_a_neighbour_convoyed_by_its_own_fleet_goes_by_convoy_under_both(board: Board) -> None:
    """[D 4.3] (DATC 6.G.1): intent is shown by a fleet of the army's own power in both rulebooks: Norway and
    Sweden swap."""
    pos = position("england: A nwy", "england: F ska", "russia: A swe")
    for rules in (RULES_2000, RULES_2023):
        after, _ = play(board, pos, rules, "england:A nwy-swe", "england:F ska C A nwy-swe", "russia:A swe-nwy")
        assert (after.unit_at("swe").power, after.unit_at("nwy").power) == ("england", "russia")


# ---- a convoy a route needs [D 4.1] ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("src", "dst", "via", "needed"),
    [
        ("mar", "spa", "lyo", True),  # the Gulf of Lyon touches both
        ("mar", "spa", "wes", False),  # Marseilles touches only the Gulf of Lyon, which touches Spain
        ("lvp", "edi", "eng", True),  # Liverpool, Irish Sea, Channel, North Sea, Edinburgh: no shortcut (6.G.6)
        ("lvp", "edi", "nwg", True),  # Liverpool, North Atlantic, Norwegian Sea, Edinburgh
        ("lon", "tun", "mao", True),  # London, Channel, Mid-Atlantic, Western Mediterranean, Tunis
        ("lon", "tun", "iri", False),  # the Irish Sea only lengthens a way the Channel and the Mid-Atlantic make
        ("swe", "nwy", "ska", True),  # a convoy to a neighbour (6.G.1)
        ("swe", "nwy", "bot", False),  # the Gulf of Bothnia does not touch Norway: on no route at all (6.G.7)
    ],
)
def test_a_route_needs_a_sea_no_shorter_one_leaves_out(
    board: Board, src: str, dst: str, via: str, needed: bool
) -> None:
    """[D 4.1]: the map's geography alone, whatever fleets stand there; a sea on some route that passes no sea
    twice is not always on one that needs it."""
    assert board.needed_on_route(src, dst, via) is needed
    if via != "bot":
        assert board.convoy_possible(src, dst, via)  # on a route of the 2000 rules all the same


def test_a_convoy_by_a_fleet_no_route_needs_is_refused_under_2023_only(board: Board) -> None:
    """[D 4.1] (DATC v3.0 6.G.19): the French fleet in the Western Mediterranean may convoy Marseilles to Spain
    under the 2000 rules; under the 2023 rules its order is illegal, for a reason of its own, said in words."""
    pos = position("france: A mar", "france: F wes", "italy: F lyo")
    order = parse_order("F wes C A mar-spa", board)
    assert isinstance(order, Convoy)
    assert check_movement_order(board, pos, "france", order, RULES_2000) == order
    with pytest.raises(Illegal) as refused:
        check_movement_order(board, pos, "france", order, RULES_2023)
    assert refused.value.reason is Reason.ILLEGAL_NO_CONVOY_ROUTE
    assert SubReason.of(refused.value.detail) is SubReason.NOT_NEEDED
    words = check_words(refused.value.reason, refused.value.detail, order, board, pos, "france")
    assert words == (
        "every chain of fleets through Western Mediterranean that could carry the army in Marseilles to Spain has "
        "a shorter way round Western Mediterranean: under these rules a fleet convoys only where a chain needs it"
    )
    needed = parse_order("F lyo C A mar-spa", board)
    assert isinstance(needed, MovementOrder)
    assert check_movement_order(board, pos, "italy", needed, RULES_2023) == needed


def test_a_void_convoy_shows_no_intent_so_the_armies_meet_head_to_head(board: Board) -> None:
    """[D 4.1] [D 4.3] (DATC v3.0 6.G.19): under the 2000 rules France's own fleet shows intent and the armies
    swap; under the 2023 rules its order is void, Italy's convoy shows none, and both armies bounce."""
    pos = position("france: A mar", "france: F wes", "italy: F lyo", "italy: A spa")
    orders = ("france:A mar-spa", "france:F wes C A mar-spa", "italy:F lyo C A mar-spa", "italy:A spa-mar")
    swapped, _ = play(board, pos, RULES_2000, *orders)
    assert swapped.unit_at("spa").power == "france"
    after, out = play(board, pos, RULES_2023, *orders)
    assert after.unit_at("spa").power == "italy" and out["A mar-spa"].reason is Reason.BOUNCED
    assert out["F wes C A mar-spa"].reason is Reason.ILLEGAL_NO_CONVOY_ROUTE


# ---- civil disorder [D 6.4] -----------------------------------------------------------------------


def test_civil_disorder_counts_from_the_home_centres_owned_or_from_every_centre_owned(board: Board) -> None:
    """[D 6.4] (DATC v3.0 6.J.11): Italy owns Warsaw alone. Under the 2000 rules, owning none of its home
    centres, it counts from all of them: Tuscany is one move from Rome and Warsaw goes; under the 2023 rules
    it counts from Warsaw, and Tuscany goes."""
    pos = position("italy: A war", "italy: A tus", kind=PhaseKind.ADJUSTMENT, season="fall", owners={"war": "italy"})
    assert [u.location for u in civil_disorder_order(board, pos, "italy", RULES_2000)] == ["war", "tus"]
    assert [u.location for u in civil_disorder_order(board, pos, "italy", RULES_2023)] == ["tus", "war"]
    for rules, removed in ((RULES_2000, "war"), (RULES_2023, "tus")):
        result = adjudicate_adjustments(board, pos, [], rules)
        (outcome,) = result.outcomes
        assert outcome.reason is Reason.CIVIL_DISORDER and str(outcome.order) == f"Remove A {removed}"
        assert removed not in result.position.units


def test_civil_disorder_counts_from_the_home_centres_when_it_owns_no_centre_at_all(board: Board) -> None:
    """[D 6.4]: a power that owns no centre (it removes every unit anyway) is ranked from its home centres
    under both rulebooks, so the order of its removals is the same."""
    pos = position("italy: A war", "italy: A tus", kind=PhaseKind.ADJUSTMENT, season="fall")
    ranked = [[u.location for u in civil_disorder_order(board, pos, "italy", r)] for r in (RULES_2000, RULES_2023)]
    assert ranked == [["war", "tus"], ["war", "tus"]]
