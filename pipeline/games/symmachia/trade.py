"""International trade, step 4 of the year [S 3.1] ... [S 3.7]: the main trading posts, the orders
checked against the published capacities, the partners' quantities matched, the shortest usable route
between the two main posts (the seller's advice when routes tie, else a die), border trade when there
is no route, the sale tax, the transit of 50 a unit at each post crossed, and wood paid by its buyer.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .model import Good, UnitKind
from .orders import Status, TradeLine, TradeOp
from .outcome import Code, Entry, Step, Why
from .work import Work

TRANSIT = 50  # per unit and post crossed [S 3.5]
WOOD_PRICE = 200  # and mercenaries: paid by the buyer's treasury to the seller [S 3.1]
MAIN_POST_REACH = 2  # provinces or sea zones from the capital [S 3.6]


def _post_active(w: Work, post: str) -> bool:
    return w.s.posts[post].province not in w.ravaged_last


def main_post_allowed(w: Work, power: str, post: str) -> Why | None:
    """Why `post` cannot be the power's main trading post this year, or None [S 3.6]: it must be active,
    within two provinces or zones of the capital, and not held by a king the power fought last year
    (unless that king forgives it in his orders)."""
    if not _post_active(w, post):
        return Why.UNAVAILABLE
    info = w.powers[power]
    province = w.s.posts[post].province
    if w.s.distances(info.capital).get(province, MAIN_POST_REACH + 1) > MAIN_POST_REACH:
        return Why.NOT_POSSIBLE
    holder = w.owners.get(province)
    if holder is not None and holder != power and holder in info.fought_last_year:
        forgiven = w.orders.get(holder)
        if forgiven is None or power not in forgiven.politics.forgive:
            return Why.NOT_ALLOWED
    return None


def choose_main_posts(w: Work) -> dict[str, str | None]:
    """Each power's main trading post for this year's trade: its choice if allowed, else the active
    post it holds nearest its capital (a die between equals), else none: border trade only."""
    out: dict[str, str | None] = {}
    for power in w.alive_powers():
        info = w.powers[power]
        orders = w.orders.get(power)
        wanted = orders.politics.main_trading_post if orders is not None else None
        chosen = wanted or info.main_post
        if chosen is not None:
            why = main_post_allowed(w, power, chosen)
            if why is None:
                out[power] = chosen
                w.rec(Step.TRADE, Code.MAIN_POST, power, post=chosen, chosen=True)
                continue
            if wanted is not None:
                w.rec(Step.TRADE, Code.MAIN_POST_REFUSED, power, post=wanted, why=why.value)
        dist = w.s.distances(info.capital)
        own = [p for p, post in w.s.posts.items() if w.owners.get(post.province) == power and _post_active(w, p)]
        if not own:
            out[power] = None
            w.rec(Step.TRADE, Code.NO_MAIN_POST, power)
            continue
        best = min(dist.get(w.s.posts[p].province, 99) for p in own)
        post = w.pick([p for p in own if dist.get(w.s.posts[p].province, 99) == best], "main post", power)
        out[power] = post
        w.rec(Step.TRADE, Code.MAIN_POST, power, post=post, chosen=False)
    return out


def _usable(w: Work, place: str) -> bool:
    if place in w.s.seas:
        return place not in w.blockades_last and not any(p.zone == place for p in w.pirates)
    return place not in w.ravaged_last


def shortest_routes(w: Work, a: str, b: str) -> list[tuple[str, ...]]:
    """Every route between two posts through the fewest posts, on links none of whose places is
    ravaged, infested by pirates or blockaded, between active posts [S 3.5]."""
    if a == b:
        return [(a,)]
    links: dict[str, list[str]] = {}
    for route in w.s.routes:
        if not (_post_active(w, route.a) and _post_active(w, route.b)) or not all(_usable(w, x) for x in route.crosses):
            continue
        links.setdefault(route.a, []).append(route.b)
        links.setdefault(route.b, []).append(route.a)
    dist = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        for nxt in sorted(links.get(here, [])):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    if b not in dist:
        return []
    paths: list[tuple[str, ...]] = []

    def back(node: str, tail: tuple[str, ...]) -> None:
        if node == a:
            paths.append((a, *tail))
            return
        for prev in sorted(links.get(node, [])):
            if dist.get(prev) == dist[node] - 1:
                back(prev, (node, *tail))

    back(b, ())
    return sorted(paths)


def _follows(advice: tuple[str, ...], path: tuple[str, ...]) -> bool:
    it = iter(path)
    return all(post in it for post in advice)


def border_trade(w: Work, seller: str, buyer: str) -> bool:
    """Can the two trade across a land border [S 3.6]? Some province of each must touch, neither
    invaded by pirates, barbarians or troops obeying neither partner."""
    partners = {seller, buyer}

    def invaded(province: str) -> bool:
        if any(p.province == province for p in w.pirates) or any(h.place == province for h in w.hordes):
            return True
        return any(u.power not in partners and w.player(u.power) not in partners for u in w.unit_at(province))

    for p in w.provinces_of(seller):
        for q in w.s.provinces[p].borders:
            if w.owners.get(q) == buyer and not invaded(p) and not invaded(q):
                return True
    return False


def wood_need(w: Work, power: str) -> int:
    """Wood a power may buy: what its fleets and a fleet it builds this winter lack [S 3.7]."""
    fleets = sum(1 for u in w.units_of(power) if u.kind is UnitKind.FLEET)
    orders = w.orders.get(power)
    new = (
        0
        if orders is None
        else sum(1 for u in orders.military if u.status is Status.CREATE and u.kind is UnitKind.FLEET)
    )
    own = sum(v for p in w.provinces_of(power) if (v := w.balances.get(p, {}).get(Good.WOOD, 0)) > 0)
    return max(0, fleets + 2 * new - own)


def settle_trade(w: Work) -> tuple[dict[tuple[str, Good], int], dict[tuple[str, Good], int]]:
    """Step 4; gives what each power exported and imported of each good, for the shortages."""
    posts = choose_main_posts(w)
    valid = {power: _within_capacity(w, power) for power in w.alive_powers() if w.orders.get(power) is not None}
    exported: dict[tuple[str, Good], int] = {}
    imported: dict[tuple[str, Good], int] = {}
    transit: dict[str, int] = {}
    for seller, buyer, good in _pairs(valid):
        carried = _carry(w, valid, posts, seller, buyer, good)
        if carried is None:
            continue
        quantity, crossed = carried
        for post in crossed:
            transit[post] = transit.get(post, 0) + quantity
        exported[(seller, good)] = exported.get((seller, good), 0) + quantity
        imported[(buyer, good)] = imported.get((buyer, good), 0) + quantity
    _pay_transit(w, transit)
    for power in w.alive_powers():
        own = sum(v for p in w.provinces_of(power) if (v := w.balances.get(p, {}).get(Good.WOOD, 0)) > 0)
        w.wood[power] = own + imported.get((power, Good.WOOD), 0) - exported.get((power, Good.WOOD), 0)
    for power, main in posts.items():
        w.powers[power].main_post = main
    return exported, imported


def _within_capacity(w: Work, power: str) -> list[TradeLine]:
    """A power's trade orders of goods, less those of a good whose total is over the published capacity:
    none of that good's orders is carried out [S 3.4]."""
    orders = w.orders[power]
    forecast = w.state.public.forecasts.get(power)
    lines = [t for t in orders.trade if t.good is not Good.MERCENARIES and t.partner in w.powers]
    kept = []
    for op in TradeOp:
        for good in Good:
            mine = [t for t in lines if t.op is op and t.good is good]
            if not mine:
                continue
            total = sum(t.quantity for t in mine)
            if op is TradeOp.SELL:
                cap = forecast.exports.get(good, 0) if forecast else 0
            elif good is Good.WOOD:
                cap = wood_need(w, power)
            else:
                cap = forecast.imports.get(good, 0) if forecast else 0
            if total > cap:
                w.rec(
                    Step.TRADE,
                    Code.TRADE_CANCELLED,
                    power,
                    good=good.value,
                    op=op.value,
                    quantity=total,
                    capacity=cap,
                    why=Why.OVER_CAPACITY.value,
                )
                continue
            kept.extend(mine)
    return kept


def _pairs(valid: dict[str, list[TradeLine]]) -> list[tuple[str, str, Good]]:
    """Every (seller, buyer, good) an order names, by good, seller and buyer."""
    return sorted(
        {
            (t.partner if t.op is TradeOp.BUY else p, p if t.op is TradeOp.BUY else t.partner, t.good)
            for p, ts in valid.items()
            for t in ts
        },
        key=lambda k: (k[2].value, k[0], k[1]),
    )


def _carry(
    w: Work, valid: dict[str, list[TradeLine]], posts: dict[str, str | None], seller: str, buyer: str, good: Good
) -> tuple[int, tuple[str, ...]] | None:
    """One trade between two partners: the quantity carried and the posts its route crosses, its sale tax
    and wood paid; None (and the reason recorded) when it does not happen [S 3.4] [S 3.5]."""
    sold = sum(
        t.quantity for t in valid.get(seller, []) if t.op is TradeOp.SELL and t.partner == buyer and t.good is good
    )
    bought = sum(
        t.quantity for t in valid.get(buyer, []) if t.op is TradeOp.BUY and t.partner == seller and t.good is good
    )
    deal: dict[str, Any] = {"good": good.value, "seller": seller, "buyer": buyer}
    if not sold or not bought:
        w.rec(Step.TRADE, Code.TRADE_CANCELLED, seller if sold else buyer, **deal, why=Why.NO_MATCHING_ORDER.value)
        return None
    quantity = min(sold, bought)  # partners who disagree trade the smaller quantity [S 3.4]
    post_a, post_b = posts.get(seller), posts.get(buyer)
    route = _route(w, valid, seller, buyer, good, post_a, post_b)
    if route is None:
        w.rec(Step.TRADE, Code.TRADE_CANCELLED, seller, **deal, quantity=quantity, why=Why.NO_ROUTE.value)
        return None
    if good is Good.WOOD and not w.transfer(
        buyer, seller, WOOD_PRICE * quantity, Step.TRADE, Entry.WOOD_BOUGHT, Entry.WOOD_SOLD
    ):
        w.rec(Step.TRADE, Code.TRADE_CANCELLED, buyer, **deal, quantity=quantity, why=Why.UNAFFORDABLE.value)
        return None
    if good not in (Good.INCENSE, Good.WOOD):
        w.credit(seller, 200 * quantity, Step.TRADE, Entry.SALE_TAX, buyer)
    crossed = route
    if not route and w.o.border_trade_pays_seller_transit and post_a is not None:
        crossed = (post_a,)  # the worked example's reading [S 3.5]
    w.rec(
        Step.TRADE,
        Code.TRADE,
        seller,
        good=good.value,
        quantity=quantity,
        seller=seller,
        buyer=buyer,
        route=route,
        border=not route,
    )
    return quantity, crossed


def _route(
    w: Work,
    valid: dict[str, list[TradeLine]],
    seller: str,
    buyer: str,
    good: Good,
    post_a: str | None,
    post_b: str | None,
) -> tuple[str, ...] | None:
    """The route between the partners' main posts (the seller's advice among the shortest ones), () across
    a border, None with neither [S 3.5]."""
    advice = next(
        (t.route for t in valid[seller] if t.op is TradeOp.SELL and t.partner == buyer and t.good is good and t.route),
        (),
    )
    routes = shortest_routes(w, post_a, post_b) if post_a is not None and post_b is not None else []
    if routes:
        matching = [r for r in routes if advice and _follows(advice, r)] or routes
        chosen = w.pick([" ".join(r) for r in matching], "route", good.value, seller, buyer)
        return tuple(chosen.split(" "))
    return () if border_trade(w, seller, buyer) else None


def _pay_transit(w: Work, transit: dict[str, int]) -> None:
    """Each post's transit to the holder of its province; a post an independent province holds pays
    nobody [S 3.5]."""
    for post in sorted(transit):
        holder = w.owners.get(w.s.posts[post].province)
        talents = TRANSIT * transit[post]
        if holder is not None:
            w.credit(holder, talents, Step.TRADE, Entry.TRANSIT, post)
        w.rec(Step.TRADE, Code.TRANSIT, holder, post=post, units=transit[post], talents=talents)
