"""Development cards other than the knight [K 16.5]-[K 16.7] (the knight attacks: `combat.knight`): one
card a turn, never one bought this turn [K 16.2]."""

from __future__ import annotations

from . import build
from .context import Context, Skip
from .orders import Play
from .outcome import CardPlayed, Reason, Taken
from .resources import Hand
from .state import Card, HeldCard, Player


def playable(ctx: Context, card: Card) -> HeldCard:
    """The card of this kind the player may play now, or the step is skipped."""
    if ctx.card_played:
        raise Skip(Reason.CARD_PLAYED)
    held = [c for c in ctx.table.players[ctx.player].cards if c.card is card]
    if not held:
        raise Skip(Reason.NO_CARD)
    old = [c for c in held if c.bought < ctx.table.round]
    if not old:
        raise Skip(Reason.CARD_NEW)
    return old[0]


def _spend(ctx: Context, held: HeldCard, knights: int = 0) -> None:
    p = ctx.table.players[ctx.player]
    cards = list(p.cards)
    cards.remove(held)
    ctx.table.players[ctx.player] = Player(p.hand, tuple(cards), p.knights + knights, p.turns)
    ctx.card_played = True


def play(ctx: Context, order: Play) -> None:
    held = playable(ctx, order.card)
    table = ctx.table
    if order.card is Card.YEAR_OF_PLENTY:  # two cards from the bank [K 16.6]
        wanted = Hand.from_cards(order.take)
        if table.bank is not None and not table.bank.covers(wanted):
            raise Skip(Reason.BANK_LACKS)
        table.take(ctx.player, wanted)
        _spend(ctx, held)
        ctx.emit(CardPlayed(ctx.player, order.card, took=wanted))
        return
    if order.card is Card.MONOPOLY:  # every card of one resource from every other player [K 16.7]
        (resource,) = order.take
        _spend(ctx, held)
        ctx.emit(CardPlayed(ctx.player, order.card, resource=resource))
        for other in table.seats:
            n = table.hand(other)[resource]
            if other != ctx.player and n:
                table.pay_to(other, ctx.player, Hand.one(resource, n))
                ctx.emit(Taken(other, ctx.player, Hand.one(resource, n)))
        return
    # road building [K 16.5]: one or two roads or ships, free; the card is spent once one is laid
    first: Skip | None = None
    laid = 0
    mark = len(ctx.events)
    for lay, edge in [*((build.road, e) for e in order.roads), *((build.ship, e) for e in order.ships)]:
        try:
            lay(ctx, edge, free=True)
            laid += 1
        except Skip as skip:
            first = first or skip
    if not laid:
        raise first or Skip(Reason.NO_CARD)
    _spend(ctx, held)
    ctx.events.insert(mark, CardPlayed(ctx.player, order.card))
