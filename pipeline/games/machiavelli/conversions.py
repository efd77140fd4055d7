"""How conversions meet the moves [M 6.6, M 6.7, M 9.2], as movement hooks.

- `conversion_model: separate_space` (judge): the city is a space of its own and a conversion is a move
  between the province and its city, with a move's strengths [M 6.6]: the shared engine's default.
- `conversion_model: convert_first` (Objectif §8.2) [M 6.7]: an army or fleet converting into a garrison
  holds the province against the moves, then converts, even when a stronger attack takes the province
  (`converts_in_place`, `converts_when_dislodged`); a garrison converting into an empty province converts
  before the moves and then holds there with the supports of its conversion; against another power's
  unit in the province it attacks as a move; with a unit of its own power there it cannot convert
  (`garrisons_convert_first`).
- In a single-unit province (Venice) every conversion is made in place [M 9.2] (`venice.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.board.board import space_of
from pipeline.board.legality import Illegal
from pipeline.board.movement import Setting, UnitOrder
from pipeline.board.order_kinds import kind_of
from pipeline.board.order_kinds.support_convert import KIND as SUPPORT_CONVERT
from pipeline.board.orders import Hold, SupportHold
from pipeline.board.outcome import Reason
from pipeline.board.units import CITY, Unit, UnitKind

from .options import MachiavelliOptions
from .venice import in_single_unit_province


def _convert_first(rules: MachiavelliOptions) -> bool:
    return rules.conversion_model == "convert_first"


def converts_in_place(setting: Setting[MachiavelliOptions], unit: Unit) -> bool:
    """The movement hook `converts_in_place`: in a single-unit province every conversion [M 9.2]; under
    `convert_first` an army or fleet becoming a garrison [M 6.7]."""
    return in_single_unit_province(setting.board, unit) or (
        _convert_first(setting.rules) and unit.kind is not UnitKind.GARRISON
    )


def converts_when_dislodged(setting: Setting[MachiavelliOptions]) -> bool:
    """The movement hook `converts_when_dislodged`: under `convert_first` a unit converting into a garrison
    does so even when a stronger attack takes the province, and is safe in its city [M 6.7]."""
    return _convert_first(setting.rules)


def garrisons_convert_first(setting: Setting[MachiavelliOptions], orders: Sequence[UnitOrder]) -> Sequence[UnitOrder]:
    """The movement hook `before_moves`: under `convert_first` a garrison converting into an army or fleet of
    an empty province does so before the moves, and then holds there (the supports of its conversion become
    hold supports); with a unit of its own power in the province it cannot convert; against another power's
    unit it attacks as a move [M 6.7]."""
    if not _convert_first(setting.rules):
        return orders
    occupied = {o.unit.space: o.unit for o in orders}
    converted: dict[str, Unit] = {}  # the garrison's space -> the unit it became
    after = list(orders)
    for i, planned in enumerate(orders):
        unit, order = planned.unit, planned.order
        becomes = kind_of(order).becomes
        if becomes is None or unit.kind is not UnitKind.GARRISON:
            continue
        province = space_of(unit.location)
        there = occupied.get(province)
        if there is not None and there.power == unit.power:
            after[i] = planned.refused(Illegal(Reason.ILLEGAL_CONVERSION))
        elif there is None and not setting.board.spaces[province].single_unit:
            new = Unit(unit.power, becomes(order), province, unit.special)
            after[i] = UnitOrder(new, Hold(new.kind, new.location), planned.given, planned.refusal)
            converted[unit.space] = new
    for s, planned in enumerate(after):
        support = SUPPORT_CONVERT.of(planned.order)
        if support is not None and support.target_kind is UnitKind.GARRISON:
            army = converted.get(space_of(support.target) + CITY)
            if army is not None and army.kind is support.into:
                held = SupportHold(support.kind, support.at, army.kind, army.location)
                after[s] = UnitOrder(planned.unit, held, planned.given, planned.refusal)
    return after
