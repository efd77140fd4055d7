"""The trade phase [K 5]: offers to the other players, taken by their standing answers, and trade with the
bank at 4:1 or through a harbour at 3:1 or 2:1."""

from __future__ import annotations

from .answers import Answers
from .context import Context, Skip
from .orders import BankTrade, Offer
from .outcome import Reason, Traded
from .resources import Hand


def offer(ctx: Context, order: Offer) -> None:
    """The offer goes to each partner in turn (by default every other player, in the order of play after
    the offerer); the first whose standing answers take it and who holds the cards trades [K 5.1]
    [K 5.2]."""
    table, player = ctx.table, ctx.player
    hand = table.hand(player)
    if not hand.covers(order.give):
        raise Skip(Reason.CANNOT_AFFORD, hand.missing(order.give))
    seats = table.seats
    i = seats.index(player)
    partners = order.to or (*seats[i + 1 :], *seats[:i])
    refusals: list[tuple[str, Reason]] = []
    for partner in partners:
        answers = ctx.answers.get(partner, Answers())
        match = next(
            (
                n
                for n, a in enumerate(answers.accept)
                if a.takes(player, order.give, order.get) and ctx.uses.get((partner, n), 0) < a.times
            ),
            None,
        )
        if match is None:
            refusals.append((partner, Reason.NO_ANSWER))
        elif not table.hand(partner).covers(order.get):
            refusals.append((partner, Reason.PARTNER_LACKS))
        else:
            ctx.uses[(partner, match)] = ctx.uses.get((partner, match), 0) + 1
            table.pay_to(player, partner, order.give)
            table.pay_to(partner, player, order.get)
            ctx.emit(Traded(player, partner, order.give, order.get))
            return
    raise Skip(Reason.NO_PARTNER, refusals=tuple(refusals))


def bank_rate(ctx: Context, give: Hand) -> int:
    """4 cards of one resource for 1; 3 with a 3:1 harbour; 2 of the harbour's resource with a 2:1 harbour
    [K 5.3]: a harbour serves the player with a building on one of its two corners."""
    (resource,) = {r for r, _ in give.items()}
    generic, special = ctx.board.harbour_rates(v for v, _ in ctx.table.buildings_of(ctx.player))
    return 2 if resource in special else 3 if generic else 4


def bank(ctx: Context, order: BankTrade) -> None:
    rate = bank_rate(ctx, Hand.one(order.give))
    cost, got = Hand.one(order.give, rate * order.times), Hand.one(order.get, order.times)
    table = ctx.table
    if table.bank is not None and not table.bank.covers(got):
        raise Skip(Reason.BANK_LACKS)
    ctx.charge(cost)
    table.take(ctx.player, got)
    ctx.emit(Traded(ctx.player, None, cost, got, rate))
