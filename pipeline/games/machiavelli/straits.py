"""Machiavelli's straits [M 8] (judge, map 1-2; judge 3.1b, map rule 1; Objectif §3.2), as movement hooks.

- A strait is a pair of spaces a fleet moves between directly, controlled from a third space; option
  `straits` names the controllers in play (none named: all of the map's) [M 8.1].
- While a fleet of one power stands in the controlling space when the moves begin, the fleets of every
  other power it has not allowed may not move through the strait, support through it or convoy across
  it (`way_closed`) [M 8.2, M 8.3].
- Option `strait_entry_blocks: yes` (judge): a fleet that enters the controlling space this campaign, or a
  garrison there converting into a fleet, already closes the strait (`strait_entered`) [M 8.4].
- Option `strait_permission: allow_command` (judge): `Ally <power>` lets that power's fleets through for the
  phase; `none` (Objectif): the order does not exist (`allies_allowed`) [M 8.5].
- A fleet may not retreat through a strait another power's fleet closes (`retreat_closed`, a hook of the
  retreats: `legality_hooks.py`) [M 10.3].
"""

from __future__ import annotations

from pipeline.board.board import Board, Strait
from pipeline.board.movement import Decisions, Setting
from pipeline.board.order_kinds import kind_of
from pipeline.board.position import Position
from pipeline.board.units import Unit, UnitKind

from .options import MachiavelliOptions


def allies_allowed(rules: MachiavelliOptions) -> bool:
    """The movement hook `allies_allowed`: may `Ally <power>` open a power's straits [M 8.5]?"""
    return rules.strait_permission == "allow_command"


def straits_in_play(board: Board, rules: MachiavelliOptions) -> tuple[Strait, ...]:
    """The map's straits that the rules keep [M 8.1], worked out once per map and choice."""
    key = ("straits in play", rules.straits)
    found = board.memo.get(key)
    if not isinstance(found, tuple):
        found = board.memo[key] = tuple(s for s in board.straits if not rules.straits or s.controller in rules.straits)
    return found


def strait_between(board: Board, rules: MachiavelliOptions, src: str, dst: str) -> Strait | None:
    """The strait in play a fleet passes going from space `src` to space `dst`, if any."""
    for strait in straits_in_play(board, rules):
        if (src, dst) in strait.moves:
            return strait
    return None


def _closes_to(setting: Setting[MachiavelliOptions], kind: UnitKind, owner: str, power: str) -> bool:
    """Does a unit of `kind` of power `owner` in a strait's controlling space close it to `power`'s fleets?
    A fleet of another power that has not allowed `power` does."""
    return kind is UnitKind.FLEET and owner != power and power not in setting.allies.get(owner, ())


def way_closed(setting: Setting[MachiavelliOptions], src: str, dst: str, power: str) -> bool:
    """The movement hook `way_closed`: does the fleet standing in the controlling space when the moves begin
    close the strait from `src` to `dst` to `power`'s fleets [M 8.2, M 8.3]?"""
    strait = strait_between(setting.board, setting.rules, src, dst)
    if strait is None:
        return False
    keeper = setting.position.units.get(strait.controller)
    return keeper is not None and _closes_to(setting, keeper.kind, keeper.power, power)


def strait_entered(decisions: Decisions, i: int) -> bool:
    """The movement hook `entry_blocked`: does a fleet of another power close the strait move `i` passes by
    entering its controlling space now, or by a garrison there becoming a fleet [M 8.4]?"""
    setting = decisions.plan.setting
    mover = decisions.orders[i]
    if setting.rules.strait_entry_blocks != "yes" or mover.unit.kind is not UnitKind.FLEET:
        return False
    strait = strait_between(setting.board, setting.rules, mover.unit.space, decisions.destination(i))
    if strait is None:
        return False
    power = mover.unit.power
    for j in decisions.moves_into.get(strait.controller, ()):
        entering = decisions.orders[j]
        converts = kind_of(entering.order).becomes
        becomes = converts(entering.order) if converts is not None else entering.unit.kind
        if _closes_to(setting, becomes, entering.unit.power, power) and decisions.resolve(j):
            return True
    return False


def retreat_closed(board: Board, position: Position, unit: Unit, space: str, rules: MachiavelliOptions) -> bool:
    """The retreat hook `retreat_closed`: is the way of the dislodged fleet `unit` into `space` a strait in
    play whose controlling space another power's fleet holds [M 10.3]? (No `Ally` opens it: those orders
    were the movement phase's.)"""
    if unit.kind is not UnitKind.FLEET:
        return False
    for strait in straits_in_play(board, rules):
        keeper = position.units.get(strait.controller)
        if (unit.space, space) in strait.moves and keeper is not None:
            if keeper.kind is UnitKind.FLEET and keeper.power != unit.power:
                return True
    return False
