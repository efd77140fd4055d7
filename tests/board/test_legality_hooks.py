"""The shared checks of one order and the retreats read no Machiavelli rule: what Machiavelli adds comes in as
its `LegalityHooks` (pipeline/games/machiavelli/legality_hooks.py), and without them (Diplomacy) the engine
plays the standard rules. The rules themselves are played by the rule cases (tests/rules/cases); these
tests show that the hooks, and only they, bring them in."""

from __future__ import annotations

import pytest

from pipeline.board.board import Board
from pipeline.board.explain import check_words
from pipeline.board.legality import NO_LEGALITY_HOOKS, Illegal, check_movement_order
from pipeline.board.orders import Besiege, Build, Convert
from pipeline.board.outcome import Reason
from pipeline.board.position import Dislodged, Phase, PhaseKind, Position
from pipeline.board.retreat import city_retreat, retreat_destination, retreat_options
from pipeline.board.rules import Rules
from pipeline.board.units import Unit, UnitKind
from pipeline.games import family_of
from pipeline.games.machiavelli.family import PROFILES
from pipeline.games.machiavelli.legality_hooks import LEGALITY_HOOKS
from pipeline.games.machiavelli.options import MachiavelliOptions
from pipeline.storage.maps import shipped_board

A, F, G = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
JUDGE = PROFILES["judge"]
RETREAT = Phase("spring", 1455, PhaseKind.RETREAT)


@pytest.fixture(scope="module")
def classic() -> Board:
    return shipped_board("machiavelli-classic")


def test_machiavelli_gives_every_hook_and_diplomacy_none() -> None:
    hooks = family_of(JUDGE).legality_hooks
    assert hooks is LEGALITY_HOOKS and family_of(JUDGE).movement_hooks.legality is LEGALITY_HOOKS
    assert all(getattr(hooks, name) is not None for name in hooks.__dataclass_fields__)
    assert family_of(Rules()).legality_hooks is NO_LEGALITY_HOOKS


def test_a_strait_held_by_another_fleet_is_closed_to_retreats_only_with_the_hooks(classic: Board) -> None:
    # [M 10.3]: a fleet may not retreat through a strait another power's fleet closes (Messina: gon-ion)
    fleet = Dislodged(Unit("venice", F, "gon"), "tys")
    position = Position.build(RETREAT, [Unit("naples", F, "mes")], dislodged=[fleet])
    assert retreat_destination(classic, position, fleet, "ion", JUDGE) == "ion"
    with pytest.raises(Illegal) as refused:
        retreat_destination(classic, position, fleet, "ion", JUDGE, LEGALITY_HOOKS)
    assert refused.value.reason is Reason.ILLEGAL_STRAIT_CLOSED
    own = Position.build(RETREAT, [Unit("venice", F, "mes")], dislodged=[fleet])  # its own fleet: open
    assert retreat_destination(classic, own, fleet, "ion", JUDGE, LEGALITY_HOOKS) == "ion"


def test_venice_with_a_garrison_takes_no_retreat_only_with_the_hooks(classic: Board) -> None:
    # [M 9.2]: Venice's province and city are one space; its garrison keeps a retreat out
    fleet = Dislodged(Unit("austria", F, "lag"), None)  # a fleet in the lagoon, next to Venice
    position = Position.build(RETREAT, [Unit("venice", G, "ven")], dislodged=[fleet])
    assert "ven" in retreat_options(classic, position, fleet, JUDGE)
    assert "ven" not in retreat_options(classic, position, fleet, JUDGE, LEGALITY_HOOKS)


def test_a_retreat_into_a_city_and_a_conversion_need_the_hooks(classic: Board) -> None:
    # [M 10.2]: a dislodged army may become the garrison of its empty fortified city (last resort under the
    # judge's rules, so with every other retreat taken); [M 6]: an army converts into its city's garrison
    army = Dislodged(Unit("florence", A, "sie"), "pis")
    around = [Unit("milan", A, s) for s in sorted(classic.army_adjacency["sie"])]
    position = Position.build(RETREAT, around, dislodged=[army])
    assert retreat_options(classic, position, army, JUDGE, LEGALITY_HOOKS) == []
    assert city_retreat(classic, position, army, JUDGE, LEGALITY_HOOKS)
    assert not city_retreat(classic, position, army, JUDGE)
    moving = Position.build(Phase("spring", 1455, PhaseKind.MOVEMENT), [Unit("florence", A, "sie")])
    order = Convert(A, "sie", G)
    assert check_movement_order(classic, moving, "florence", order, JUDGE, LEGALITY_HOOKS) == order
    with pytest.raises(Illegal) as refused:
        check_movement_order(classic, moving, "florence", order, JUDGE)
    assert refused.value.reason is Reason.ILLEGAL_NO_CITY


def test_an_army_besieges_a_port_unless_the_hooks_say_fleets_only(classic: Board) -> None:
    # [M 7.3] option `port_siege_units`: `fleet_only` keeps armies from besieging a port (Naples)
    position = Position.build(
        Phase("spring", 1455, PhaseKind.MOVEMENT), [Unit("papacy", A, "nap"), Unit("naples", G, "nap")]
    )
    order = Besiege(A, "nap")
    fleets_only = MachiavelliOptions(map=JUDGE.map, family=JUDGE.family, port_siege_units="fleet_only")
    assert check_movement_order(classic, position, "papacy", order, fleets_only) == order
    assert check_movement_order(classic, position, "papacy", order, JUDGE, LEGALITY_HOOKS) == order
    with pytest.raises(Illegal):
        check_movement_order(classic, position, "papacy", order, fleets_only, LEGALITY_HOOKS)


def test_the_unit_limit_is_worded_only_where_the_check_gave_it() -> None:
    # [M 3.5]: a build beyond the rules' limit of a kind says so; Diplomacy's rules have no such limit, and
    # a Diplomacy build with none due says that none is due
    board = shipped_board("standard")
    position = Position.build(Phase("fall", 1901, PhaseKind.ADJUSTMENT), [Unit("germany", A, "mun")])
    build = Build(A, "mun")
    words = check_words(Reason.NO_BUILD_ALLOWED, {}, build, board, position, "germany")
    assert words == "Germany has no build due"
    limit = check_words(Reason.NO_BUILD_ALLOWED, {"allowed": "12"}, build, board, position, "germany")
    assert limit == "Germany has as many units of that kind as the rules allow"
