"""Mercenaries, step 5 of the year [S 3.9]: each named contingent of a province that is not ravaged
serves its master's unit or is sold (200 from the buyer to the seller, no transit); it must reach its
unit on its own, through the buyer's, the seller's or the seller's treaty friends' land, empty seas and
no invaded place, never an independent province nor a desert; three at most a unit, foot only aboard a
fleet; for this year only."""

from __future__ import annotations

from collections import deque

from .model import Good, MercenaryKind, UnitKind
from .orders import TradeLine, TradeOp
from .outcome import Code, Entry, Step, Why
from .trade import WOOD_PRICE
from .work import UnitW, Work

MAX_MERCENARIES = 3


def available(w: Work, power: str) -> list[str]:
    """The contingents a power may use or sell this year: raised in its provinces not ravaged."""
    return sorted(
        m.id for m in w.s.mercenaries.values() if w.owners.get(m.origin) == power and m.origin not in w.ravaged_last
    )


def _passable(w: Work, place: str, buyer: str, seller: str) -> bool:
    if place in w.s.seas:
        # an empty sea zone: no pirates, no fleet hostile to the buyer
        return not any(p.zone == place for p in w.pirates) and not any(
            u.kind is UnitKind.FLEET and w.hostile(u.power, buyer) for u in w.unit_at(place)
        )
    prov = w.s.provinces[place]
    owner = w.owners.get(place)
    if prov.desert or owner is None:
        return False  # deserts cannot be crossed; independents never let them pass
    friends = owner in (buyer, seller) or w.player(owner) in (buyer, seller) or frozenset((owner, seller)) in w.treaties
    if not friends:
        return False
    if any(h.place == place for h in w.hordes) or any(p.province == place for p in w.pirates):
        return False
    return not any(w.hostile(u.power, buyer) for u in w.unit_at(place))


def path_exists(w: Work, origin: str, destination: str, buyer: str, seller: str) -> bool:
    """Can a contingent walk from its province to its unit's place [S 3.9]? The destination may be
    anybody's and hold enemies; every place between must let it pass."""
    if origin == destination:
        return True
    seen = {origin}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for nxt in w.s.neighbours(here):
            if nxt in seen:
                continue
            if frozenset((here, nxt)) in w.s.long_passages:
                continue  # not the Erythraean-Indian passage [S 8.2]
            if nxt == destination:
                return True
            seen.add(nxt)
            if _passable(w, nxt, buyer, seller):
                queue.append(nxt)
    return False


def _join(w: Work, merc: str, unit: UnitW, seller: str) -> Why | None:
    info = w.s.mercenaries[merc]
    if len(unit.mercenaries) >= MAX_MERCENARIES:
        return Why.FULL
    if unit.kind is UnitKind.FLEET and info.kind is not MercenaryKind.FOOT:
        return Why.FOOT_ONLY
    if not path_exists(w, info.origin, unit.place, unit.power, seller):
        return Why.NO_PATH
    return None


def _offered(w: Work, seller: str, buyer: str, merc: str) -> bool:
    """Whether `seller` ordered the sale of contingent `merc` to `buyer`."""
    sold = w.orders.get(seller)
    return sold is not None and any(
        t.good is Good.MERCENARIES and t.op is TradeOp.SELL and t.mercenary == merc and t.partner == buyer
        for t in sold.trade
    )


def _why_not_bought(w: Work, buyer: str, seller: str, merc: str, unit: UnitW | None, used: set[str]) -> Why | None:
    """Why `buyer` may not take `merc` from `seller` into `unit`, before payment; None if it may."""
    if not _offered(w, seller, buyer, merc):
        return Why.NO_MATCHING_ORDER
    if merc in used or merc not in available(w, seller):
        return Why.UNAVAILABLE
    if unit is None or unit.power != buyer:
        return Why.NO_UNIT
    return _join(w, merc, unit, seller)


def _buy(w: Work, buyer: str, line: TradeLine, merc: str, used: set[str]) -> None:
    """One order of `buyer` to buy a contingent: it joins the unit named, paid, or is cancelled with its reason."""
    seller = line.partner
    unit = w.units.get(line.assign_to or "")
    why = _why_not_bought(w, buyer, seller, merc, unit, used)
    if why is None and unit is not None:
        if not w.transfer(
            buyer, seller, WOOD_PRICE, Step.MERCENARIES, Entry.MERCENARIES_BOUGHT, Entry.MERCENARIES_SOLD, merc
        ):
            why = Why.UNAFFORDABLE
    if why is not None or unit is None:
        w.rec(
            Step.MERCENARIES,
            Code.MERCENARIES_CANCELLED,
            buyer,
            mercenary=merc,
            seller=seller,
            why=(why or Why.NO_UNIT).value,
        )
        return
    used.add(merc)
    unit.mercenaries.append(merc)
    w.rec(Step.MERCENARIES, Code.MERCENARIES_JOIN, buyer, mercenary=merc, unit=unit.id, seller=seller)


def _sales(w: Work, used: set[str]) -> None:
    """Every order to buy a contingent, power by power, in order."""
    for buyer in w.alive_powers():
        orders = w.orders.get(buyer)
        if orders is None:
            continue
        for line in orders.trade:
            if line.good is Good.MERCENARIES and line.op is TradeOp.BUY and line.mercenary is not None:
                _buy(w, buyer, line, line.mercenary, used)


def _assign_own(w: Work, power: str, uid: str, merc: str, mine: list[str], used: set[str]) -> None:
    """`power` puts its own contingent `merc` into its unit `uid`, or the order is cancelled with its reason."""
    unit = w.units.get(uid)
    if merc not in mine:
        if unit is None or merc not in unit.mercenaries:
            w.rec(Step.MERCENARIES, Code.MERCENARIES_CANCELLED, power, mercenary=merc, why=Why.UNAVAILABLE.value)
        return
    if unit is None or unit.power != power:
        w.rec(Step.MERCENARIES, Code.MERCENARIES_CANCELLED, power, mercenary=merc, why=Why.NO_UNIT.value)
        return
    why = _join(w, merc, unit, power)
    if why is not None:
        w.rec(Step.MERCENARIES, Code.MERCENARIES_CANCELLED, power, mercenary=merc, unit=uid, why=why.value)
        return
    used.add(merc)
    mine.remove(merc)
    unit.mercenaries.append(merc)
    w.rec(Step.MERCENARIES, Code.MERCENARIES_JOIN, power, mercenary=merc, unit=uid, seller=power)


def _minor_takes_own(w: Work, power: str, mine: list[str], used: set[str]) -> None:
    """A minor power always takes its own mercenaries into its armies and fleets [S 7.4]."""
    for merc in list(mine):
        for unit in sorted(w.units_of(power), key=lambda u: (u.kind is not UnitKind.ARMY, u.id)):
            if _join(w, merc, unit, power) is None:
                used.add(merc)
                mine.remove(merc)
                unit.mercenaries.append(merc)
                w.rec(Step.MERCENARIES, Code.MERCENARIES_JOIN, power, mercenary=merc, unit=unit.id, seller=power)
                break


def hire(w: Work) -> None:
    """Step 5."""
    used: set[str] = set()
    # sales first: a contingent sold and also kept goes to the buyer whose order matches
    _sales(w, used)
    for power in w.alive_powers():
        orders = w.orders.get(power)
        wanted = [] if orders is None else [(u.unit, m) for u in orders.military for m in u.mercenaries]
        mine = [m for m in available(w, power) if m not in used]
        for uid, merc in wanted:
            _assign_own(w, power, uid, merc, mine, used)
        if not w.powers[power].major:
            _minor_takes_own(w, power, mine, used)
