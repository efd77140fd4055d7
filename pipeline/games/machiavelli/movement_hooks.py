"""What Machiavelli adds to the shared movement engine (`pipeline.board.movement.MovementHooks`), each rule
in the module of its concept: straits (`straits.py`), Venice (`venice.py`), conversions (`conversions.py`),
sieges (`sieges.py`), the rebels (`rebellions.py`) and assassination (`assassination.py`); with them, what it
adds to the checks of one order, which the plan makes (`legality_hooks.py`)."""

from __future__ import annotations

from pipeline.board.legality import Illegal
from pipeline.board.movement import Decisions, MovementHooks, Setting, Sieges
from pipeline.board.position import Rebellion
from pipeline.board.units import Unit

from . import conversions, rebellions, sieges, straits, venice
from .assassination import holds_for_assassination
from .legality_hooks import LEGALITY_HOOKS
from .options import MachiavelliOptions


def movement_hooks(assassinated: frozenset[str] = frozenset()) -> MovementHooks[MachiavelliOptions]:
    """The hooks of one movement phase, in which the units of the `assassinated` powers hold whatever they
    were ordered, conduct no siege (or pause it) and put down no rebellion [M 16.4]."""

    def void(setting: Setting[MachiavelliOptions], unit: Unit) -> Illegal | None:
        return holds_for_assassination(assassinated, unit)

    def sieges_after(decisions: Decisions) -> Sieges:
        return sieges.sieges_after(decisions, assassinated)

    def after_moves(
        decisions: Decisions, owners: dict[str, str], cities: dict[str, str]
    ) -> tuple[dict[str, Rebellion], dict[str, str], dict[str, str]]:
        return rebellions.after_moves(decisions, owners, cities, assassinated)

    return MovementHooks[MachiavelliOptions](
        allies_allowed=straits.allies_allowed,
        void=void if assassinated else None,
        before_moves=conversions.garrisons_convert_first,
        way_closed=straits.way_closed,
        siege_lock=sieges.siege_lock,
        converts_in_place=conversions.converts_in_place,
        shut_spaces=venice.shut_spaces,
        extra_support=rebellions.rebel_support,
        entry_blocked=straits.strait_entered,
        conversion_stopped=venice.conversion_stopped,
        converts_when_dislodged=conversions.converts_when_dislodged,
        sieges=sieges_after,
        after_moves=after_moves,
        legality=LEGALITY_HOOKS,
    )


MOVEMENT_HOOKS = movement_hooks()  # a phase in which no power is assassinated
