"""The income phase [K 4]: the two dice, what each hex of the number produces for the buildings, workers,
barbarians and corrupters on it, the bank running short, and on a 7 the discards (no robber).
"""

from __future__ import annotations

from dataclasses import dataclass

from .answers import Answers
from .board import YIELDS, Slot, Terrain, Vertex
from .context import Context
from .options import BarbarianIncome, Rounding
from .outcome import BankShort, Discarded, Produced, Rolled, Source
from .resources import EMPTY, RESOURCES, Hand, Resource
from .state import Building, Unit
from .units import UnitKind


def income_phase(ctx: Context) -> int:
    """Roll, then produce or (on a 7) discard [K 4.1] [K 4.6]; the roll."""
    dice = (ctx.roll_die("roll 1", 6), ctx.roll_die("roll 2", 6))
    ctx.emit(Rolled(ctx.player, dice))
    ctx.roll = sum(dice)
    if ctx.roll == 7:
        discard_on_seven(ctx)
    else:
        produce(ctx, ctx.roll)
    return ctx.roll


@dataclass(frozen=True)
class _Claim:
    player: str
    hex: str
    source: Source
    cards: Hand
    at: str


def produce(ctx: Context, roll: int) -> None:
    """Every hex whose token is `roll` produces [K 4.2]-[K 4.5] [K 12.2] [K 12.4] [K 13.4]."""
    claims: list[_Claim] = []
    for hid in sorted(ctx.board.hexes):
        if ctx.table.tokens.get(hid) == roll and ctx.board.hexes[hid].terrain.produces:
            claims += _hex_claims(ctx, hid)
    _pay_claims(ctx, claims)


def _cards(ctx: Context, terrain: Terrain, player: str, n: int) -> Hand:
    if terrain is Terrain.GOLD:
        return Hand.from_cards(ctx.gold_choice(player) for _ in range(n))
    return Hand.one(YIELDS[terrain], n)


def _hex_claims(ctx: Context, hid: str) -> list[_Claim]:
    """What one producing hex owes: to its barbarians alone if any stand on it, else to its buildings
    (less the corruption markers' share) and the workers beside them."""
    table = ctx.table
    barbarians = [(s, u) for s, u in sorted(table.units.items()) if s.hex == hid and u.kind is UnitKind.BARBARIAN]
    buildings = [(v, table.buildings[v]) for v in ctx.board.hex_vertices(hid) if v in table.buildings]
    if barbarians:  # [K 12.4]: the hex's buildings and workers get nothing
        return _barbarian_claims(ctx, hid, barbarians, buildings)
    workers: dict[str, list[str]] = {}
    for slot, unit in sorted(table.units.items()):
        if slot.hex == hid and unit.kind is UnitKind.WORKER and unit.active:  # an inactive worker idles [K 12.2]
            workers.setdefault(unit.owner, []).append(str(slot))
    out = [claim for vertex, b in buildings for claim in _building_claims(ctx, hid, vertex, b, workers)]
    owners = {b.owner for _, b in buildings}
    terrain = ctx.board.hexes[hid].terrain
    for owner in sorted(workers):
        if owner in owners:  # a worker earns only beside its owner's building [K 12.2]
            for at in workers[owner]:
                out.append(_Claim(owner, hid, Source.WORKER, _cards(ctx, terrain, owner, 1), at))
    return out


def _barbarian_claims(
    ctx: Context, hid: str, barbarians: list[tuple[Slot, Unit]], buildings: list[tuple[Vertex, Building]]
) -> list[_Claim]:
    """The barbarians' share of a hex: one card each, or the buildings' cards shared out [K 12.4]."""
    terrain = ctx.board.hexes[hid].terrain
    if ctx.options.barbarian_income is BarbarianIncome.EACH:
        shares = [1] * len(barbarians)
    else:
        total = sum(2 if b.is_city else 1 for _, b in buildings)
        shares = [total // len(barbarians) + (i < total % len(barbarians)) for i in range(len(barbarians))]
    return [
        _Claim(unit.owner, hid, Source.BARBARIAN, _cards(ctx, terrain, unit.owner, n), str(slot))
        for (slot, unit), n in zip(barbarians, shares, strict=True)
        if n
    ]


def _building_claims(
    ctx: Context, hid: str, vertex: Vertex, b: Building, workers: dict[str, list[str]]
) -> list[_Claim]:
    """A building's cards from the hex; a corruption marker against it takes half, and the workers it
    counts, who then earn nothing [K 13.4]."""
    terrain = ctx.board.hexes[hid].terrain
    n = 2 if b.is_city else 1
    marker = next((c for c in ctx.table.corruption if c.hex == hid and c.city == vertex), None)
    source = Source.CITY if b.is_city else Source.SETTLEMENT
    if marker is None:
        return [_Claim(b.owner, hid, source, _cards(ctx, terrain, b.owner, n), str(vertex))]
    out: list[_Claim] = []
    base = n + (len(workers.get(b.owner, [])) if ctx.options.corruption_counts_workers else 0)
    half = base // 2 if ctx.options.corruption_rounding is Rounding.DOWN else (base + 1) // 2
    kept = n - min(half, n)
    if kept:
        out.append(_Claim(b.owner, hid, source, _cards(ctx, terrain, b.owner, kept), str(vertex)))
    if half:
        out.append(_Claim(marker.owner, hid, Source.CORRUPTION, _cards(ctx, terrain, marker.owner, half), str(vertex)))
    if ctx.options.corruption_counts_workers and half > n:
        workers[b.owner] = workers[b.owner][: len(workers[b.owner]) - (half - n)]
    return out


def _pay_claims(ctx: Context, claims: list[_Claim]) -> None:
    """The bank pays what it can [K 4.7]: a resource it cannot give every player in full goes to
    nobody, unless only one player is owed it, who gets what is left."""
    table = ctx.table
    owed = sum((c.cards for c in claims), EMPTY)
    left = {r: owed[r] for r in RESOURCES}
    if table.bank is not None:
        for r in RESOURCES:
            if owed[r] > table.bank[r]:
                claimants = {c.player for c in claims if c.cards[r]}
                left[r] = table.bank[r] if len(claimants) == 1 else 0
                ctx.emit(BankShort(r, owed[r]))
    for c in claims:
        amounts: dict[Resource, int] = {}
        for r, n in c.cards.items():
            amounts[r] = min(n, left[r])
            left[r] -= amounts[r]
        cards = Hand.of(amounts)
        if cards:
            table.take(c.player, cards)
            ctx.emit(Produced(c.player, c.hex, c.source, cards, c.at))


def hand_limit(ctx: Context, player: str) -> int:
    """The cards a player may hold on a 7 [K 4.6]: 7, and 2 more for each wall he has."""
    walls = sum(1 for _, b in ctx.table.buildings_of(player) if b.walls)
    return ctx.options.hand_limit + (2 * walls if ctx.options.walls_raise_hand_limit else 0)


def discard_on_seven(ctx: Context) -> None:
    """A 7 produces nothing; who holds more than his limit gives half his cards, rounded down, back to
    the bank, in the order of his standing answer, then the resource he holds most of [K 4.6]."""
    if not ctx.options.discard_on_seven:
        return
    seats = ctx.table.seats
    start = seats.index(ctx.player)
    for player in seats[start:] + seats[:start]:
        hand = ctx.table.hand(player)
        if hand.total <= hand_limit(ctx, player):
            continue
        cards = discards(hand, hand.total // 2, ctx.answers.get(player, Answers()).discard)
        ctx.table.pay(player, cards)
        ctx.emit(Discarded(player, cards))


def discards(hand: Hand, n: int, order: tuple[Resource, ...]) -> Hand:
    """The `n` cards a hand gives up: first those of `order`, in turn, while it holds them; then one at a
    time the resource it holds most of (the first in the resources' order on a tie)."""
    chosen: list[Resource] = []
    rest = hand
    for r in order:
        if len(chosen) == n:
            break
        if rest[r]:
            chosen.append(r)
            rest = rest - Hand.one(r)
    while len(chosen) < n:
        r = max(RESOURCES, key=lambda x: (rest[x], -RESOURCES.index(x)))
        chosen.append(r)
        rest = rest - Hand.one(r)
    return Hand.from_cards(chosen)
