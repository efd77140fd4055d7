"""A player's file in words, as `judge validate` prints it and his private report recalls it: each step of
his script (what it does, its condition and label), his standing answers [K 3.1], his placement choices
[K 18.2] and his draft [K 1.6]. Every sentence is a message of the catalogues (`said.Said`), so that the
same file reads in English and in French; places are the board's names, cards are hands in words.
"""

from __future__ import annotations

from collections.abc import Mapping

from .answers import Acceptance, Answers
from .board import Edge, Slot
from .orders import (
    Attack,
    BankTrade,
    BuyCard,
    CityRef,
    GuardRef,
    Knight,
    Move,
    MoveExplorer,
    MoveShip,
    Offer,
    Order,
    Place,
    Play,
    RaiseUnit,
    Reactivate,
    ShipRef,
    Step,
    Swap,
    When,
)
from .outcome import Action, Section
from .report import A_UNIT, RESOURCE_NAMES, hand_words, seat_name
from .resources import Hand, Resource
from .said import N_, Listed, Said, counted, ngettext, said
from .state import Card
from .units import UnitKind

SECTION_NAMES: Mapping[Section, str] = {
    Section.INCOME: N_("income"),
    Section.TRADE: N_("trade"),
    Section.BUILD: N_("build"),
    Section.ACT: N_("movement and combat"),
    Section.SPECIAL: N_("special building"),
}
PLACED: Mapping[Action, str] = {
    Action.ROAD: N_("a road on {at}"),
    Action.SHIP: N_("a ship on {at}"),
    Action.SETTLEMENT: N_("a settlement on {at}"),
    Action.CITY: N_("a city on {at}"),
    Action.STATUS: N_("the status of the city on {at} raised by one"),
    Action.WALLS: N_("walls round the city on {at}"),
}


def _places(places: tuple[Slot | Edge, ...] | tuple[object, ...], style: str = "standard") -> Listed:
    return Listed(tuple(str(p) for p in places), style)


def _resources(items: tuple[Resource, ...]) -> Listed:
    return Listed(tuple(said(RESOURCE_NAMES[r]) for r in items))


def _who(players: tuple[str, ...], anyone: str) -> Said:
    if not players:
        return said(anyone)
    return said("{players}", players=Listed(tuple(seat_name(p) for p in players), "or"))


def _trade(order: Offer | BankTrade) -> Said:
    if isinstance(order, Offer):
        return said(
            N_("offer {give} for {get} to {to}"),
            give=hand_words(order.give),
            get=hand_words(order.get),
            to=_who(order.to, N_("every other player in turn")),
        )
    return counted(
        *ngettext(
            "trade {give} for {get} with the bank, {count} time", "trade {give} for {get} with the bank, {count} times"
        ),
        order.times,
        give=said(RESOURCE_NAMES[order.give]),
        get=said(RESOURCE_NAMES[order.get]),
    )


def _place(order: Place) -> Said:
    what = said(PLACED[order.action], at=str(order.at))
    if order.discount:
        return said(N_("{what}, two cards less: {cards}"), what=what, cards=hand_words(Hand.from_cards(order.discount)))
    return what


def _raise(order: RaiseUnit) -> Said:
    unit = said(A_UNIT[order.kind])
    if order.kind is UnitKind.GUARD:
        return _post(
            order.city,
            order.marker,
            N_("a guard on the status counter of the city on {city}"),
            N_("a guard on the corruption marker on {hex} against the city on {city}"),
        )
    if order.kind is UnitKind.EXPLORER:
        return said(N_("an explorer raised on the corner of its city {at}"), at=str(order.source))
    return said(N_("{unit} raised by the building on {source}, on {at}"), unit=unit, source=str(order.source),
                at=str(order.at))  # fmt: skip


def _post(city: object, marker: str | None, on_counter: str, on_marker: str) -> Said:
    """A guard's post [K 13.6]: a city's status counter, or a corruption marker on a hex against it."""
    if marker is None:
        return said(on_counter, city=str(city))
    return said(on_marker, hex=said(N_("hex {hex}"), hex=marker), city=str(city))


def _guard(ref: GuardRef) -> Said:
    return _post(
        ref.city,
        ref.marker,
        N_("the guard on the status counter of the city on {city}"),
        N_("the guard on the marker on {hex} against the city on {city}"),
    )


def _play(order: Play) -> Said:
    if order.card is Card.YEAR_OF_PLENTY:
        return said(N_("year of plenty played, taking {cards}"), cards=hand_words(Hand.from_cards(order.take)))
    if order.card is Card.MONOPOLY:
        return said(N_("a monopoly played on {resource}"), resource=_resources(order.take))
    return said(
        N_("road building played: {pieces}"),
        pieces=Listed(
            tuple(said(N_("a road on {at}"), at=str(e)) for e in order.roads)
            + tuple(said(N_("a ship on {at}"), at=str(e)) for e in order.ships)
        ),
    )


def _target(target: Slot | CityRef | ShipRef | GuardRef, then: str | None = None) -> Said:
    if isinstance(target, Slot):
        return said(N_("the unit on {at}"), at=str(target))
    if isinstance(target, ShipRef):
        return said(N_("the ship on {at}"), at=str(target.edge))
    if isinstance(target, GuardRef):
        return _guard(target)
    city = said(N_("the city on {at}"), at=str(target.vertex))
    if then == "corrupt":
        return said(N_("{city}, to corrupt it"), city=city)
    if then == "sabotage":
        return said(N_("{city}, to sabotage it"), city=city)
    return city


def _act(order: Order) -> Said:
    if isinstance(order, Move):
        return said(N_("the unit on {at} moves to {path}"), at=str(order.unit), path=" → ".join(map(str, order.path)))
    if isinstance(order, MoveShip):
        return said(N_("the ship on {at} moves to {to}"), at=str(order.source), to=str(order.to))
    if isinstance(order, MoveExplorer):
        return said(
            N_("the explorer on {at} moves to {path}"), at=str(order.source), path=" → ".join(map(str, order.path))
        )
    if isinstance(order, Attack):
        target = _target(order.target, order.then)
        return said(N_("the unit on {at} attacks {target}"), at=str(order.unit), target=target)
    if isinstance(order, Knight):
        return said(N_("a knight played against {target}"), target=_target(order.target))
    assert isinstance(order, Swap)
    a, b = order.reformers
    return said(N_("the reformers on {a} and {b} swap the tokens of their hexes"), a=str(a), b=str(b))


def order_said(order: Order) -> Said:
    """What one step does, in words."""
    if isinstance(order, (Offer, BankTrade)):
        return _trade(order)
    if isinstance(order, Place):
        return _place(order)
    if isinstance(order, BuyCard):
        return said(N_("a development card bought"))
    if isinstance(order, RaiseUnit):
        return _raise(order)
    if isinstance(order, Reactivate):
        if isinstance(order.at, GuardRef):
            return said(N_("{guard} reactivated"), guard=_guard(order.at))
        return said(N_("the unit on {at} reactivated"), at=str(order.at))
    if isinstance(order, Play):
        return _play(order)
    return _act(order)


def when_said(when: When) -> Said | None:
    """A step's condition in words [K 3.5] (None: it has none)."""
    parts: list[Said] = []
    if when.roll is not None:
        parts.append(said(N_("the roll is {rolls}"), rolls=Listed(tuple(str(n) for n in sorted(when.roll)), "or")))
    if when.has is not None:
        parts.append(said(N_("the hand holds {cards}"), cards=hand_words(when.has)))
    for label, template in (
        (when.after, N_("the step {label} ran")),
        (when.unless, N_("the step {label} did not run")),
        (when.won, N_("the attack {label} was won")),
        (when.lost, N_("the attack {label} was lost or tied")),
    ):
        if label is not None:
            parts.append(said(template, label=label))
    return said(N_("if {conditions}"), conditions=Listed(tuple(parts))) if parts else None


def step_said(step: Step, number: int) -> Said:
    """A step as `judge validate` prints it: its phase, its place in that phase, what it does, its
    condition and label."""
    line = said(
        N_("{phase} {number}: {what}"),
        phase=said(SECTION_NAMES[step.section]),
        number=number,
        what=order_said(step.order),
    )
    when = when_said(step.when)
    if when is not None:
        line = said(N_("{step}, {when}"), step=line, when=when)
    if step.label is not None:
        line = said(N_("{step} (labelled {label})"), step=line, label=step.label)
    return line


def steps_said(steps: tuple[Step, ...]) -> list[Said]:
    """Every step of a script in words, numbered within its phase as the file lists them."""
    seen: dict[Section, int] = {}
    out = []
    for step in steps:
        seen[step.section] = seen.get(step.section, 0) + 1
        out.append(step_said(step, seen[step.section]))
    return out


def acceptance_said(a: Acceptance) -> Said:
    return counted(
        *ngettext(
            "trades taken from {offerers}: giving at most {give} for at least {get}, {count} time a round",
            "trades taken from {offerers}: giving at most {give} for at least {get}, {count} times a round",
        ),
        a.times,
        offerers=_who(a.offerers, N_("anyone")),
        give=hand_words(a.give),
        get=hand_words(a.get),
    )


def answers_said(answers: Answers) -> list[Said]:
    """Standing answers in words [K 3.1], one line each."""
    out = [acceptance_said(a) for a in answers.accept]
    if answers.discard:
        out.append(said(N_("given back first on a 7: {cards}"), cards=_resources(answers.discard)))
    if answers.gold:
        out.append(said(N_("taken from gold fields, in turn: {cards}"), cards=_resources(answers.gold)))
    return out


def choice_said(number: int, settlement: object, road: object | None, ship: object | None) -> Said:
    """A placement choice in words [K 18.2]."""
    piece = said(N_("a road on {at}"), at=str(road)) if road is not None else said(N_("a ship on {at}"), at=str(ship))
    return said(N_("choice {number}: a settlement on {at} and {piece}"), number=number, at=str(settlement), piece=piece)


def draft_said(ranked: tuple[str, ...]) -> Said:
    """A drafter's choices in words [K 1.6]."""
    hexes = Listed(tuple(said(N_("hex {hex}"), hex=h) for h in ranked), "or")
    return said(N_("the hex drawn laid on {hexes}, the first still empty"), hexes=hexes)
