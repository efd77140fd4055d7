"""Reading orders written as text.

Accepts the DATC / judge notation and its common variants, case-insensitively::

    A lvp-yor      A lvp - yor      A lvp -> yor      army liverpool to yorkshire
    A lon-bel via convoy            F nth C A lon-bel        F nth convoys A lon - bel
    A vie S A bud-gal               A vie supports A bud     F tri S F ven H
    A par H        A par hold       F stp/sc-bot      F spa(nc)-gas
    A par-bur      (retreat phase)  A par Disband     Build A kie    Remove F nth    Waive

Places are looked up among the board's ids, names and aliases (``mid`` and ``Mid-Atlantic Ocean``
both give ``mao``). Three kinds of error: `OrderSyntaxError` (not understood, or an unknown place),
`AmbiguousOrderError` (a name for more than one place), and, from `legality`, illegal orders.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pipeline.errors import AmbiguousOrderError, IllegalOrderError, OrderError, OrderSyntaxError

from .adjustment import adjustments_due, build_location
from .board import Board, fold_accents, normalise_name, space_of
from .explain import check_words
from .legality import DEFAULT_RULES, Illegal, check_movement_order, check_unit
from .orders import (
    MONEY_KINDS,
    MOVEMENT_KINDS,
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from .outcome import Reason
from .position import PhaseKind, Position
from .retreat import city_retreat, retreat_destination
from .rules import Rules
from .units import UnitKind

_TOKEN = re.compile(r"->|-|[^\s\-]+")
# keywords: the DATC's, the e-mail judge's [M 4.1] (judge, syntax), Objectif's, French
_KINDS = {
    "a": UnitKind.ARMY, "army": UnitKind.ARMY, "armee": UnitKind.ARMY,
    "f": UnitKind.FLEET, "fleet": UnitKind.FLEET, "flotte": UnitKind.FLEET,
    "g": UnitKind.GARRISON, "garrison": UnitKind.GARRISON, "garnison": UnitKind.GARRISON,
}  # fmt: skip
_MOVE = {"-", "->", "to", "m", "move", "moves", "vers"}
_HOLD = {"h", "hold", "holds", "stand", "stands", "xxx", "tient", "reste"}
_SUPPORT = {"s", "support", "supports", "soutient", "soutien"}
_CONVOY = {"c", "convoy", "convoys", "t", "transport", "transports", "convoie", "transporte"}
_CONVERT = {"convert", "converts", "convertit", ">>>"}
_BESIEGE = {"b", "besiege", "besieges", "siege", "as1", "as2", "assiege"}
_LIFT = {"l", "lift", "lifts", "leve"}
_LIFT_TAIL = {"siege", "le"}
_ALLY = {"ally", "allow", "alliance", "allie"}
_DISBAND = {"d", "disband", "disbands"}
_RETREAT = {"r", "retreat", "retreats"}
_BUILD = {"build", "builds"}
_REMOVE = {"remove", "removes"}
_WAIVE = {"waive", "waives"}
_VIA = {"via"}
_MAINTAIN = {"maintain", "maintains", "m", "entretient"}
_SPECIAL_WORDS = {
    "militia": {"militia", "cm", "milice"},
    "mercenaries": {"mercenaries", "mercenary", "em", "mercenaires"},
    "professionals": {"professionals", "professional", "ep"},
}
_LEADING = _WAIVE | _BUILD | _REMOVE | _DISBAND | {"b"}
_LONGEST_NAME = 6  # tokens


class _Reader:
    def __init__(self, text: str, board: Board) -> None:
        self.text = text
        self.board = board
        self.tokens: list[str] = _TOKEN.findall(text)
        # the same tokens, lower case and without accents ("" stands past the end)
        self.words: list[str] = [*_TOKEN.findall(fold_accents(text.lower())), ""]
        if len(self.words) != len(self.tokens) + 1:  # folding changed the tokens: fold each one instead
            self.words = [fold_accents(t.lower()) for t in self.tokens] + [""]
        self.size = len(self.tokens)
        self.pos = 0

    def fail(self, expected: str) -> OrderSyntaxError:
        if self.pos < self.size:
            got = f"got {self.tokens[self.pos]!r}"
        else:
            got = "the order ends there"
        return OrderSyntaxError(f"order {self.text.strip()!r} not understood: expected {expected}, {got}")

    def peek(self) -> str:
        return self.words[self.pos]

    def take(self, words: set[str]) -> bool:
        if self.words[self.pos] in words:
            self.pos += 1
            return True
        return False

    def at_end(self) -> bool:
        return self.pos >= self.size

    def kind(self) -> UnitKind | None:
        found = _KINDS.get(self.words[self.pos])
        if found is not None:
            self.pos += 1
        return found

    def place(self) -> str:
        """The longest run of tokens that names a place."""
        token = self.words[self.pos]
        if self.pos >= self.size or token in _MOVE:
            raise self.fail("a place")
        following = self.words[self.pos + 1]
        if token not in self.board.name_heads and not following.startswith("("):  # the common case: an id
            found = self.board.aliases.get(token)
            if found:
                self.pos += 1
                return found
        for length in range(min(_LONGEST_NAME, self.size - self.pos), 0, -1):
            words = self.tokens[self.pos : self.pos + length]
            if words[-1] in ("-", "->"):
                continue
            candidate = re.sub(r"\s*-\s*", "-", " ".join(words))
            if normalise_name(candidate) in self.board.aliases:
                self.pos += length
                return self.board.location(candidate)
        try:
            return self.board.location(self.tokens[self.pos])  # raises: unknown or ambiguous place
        except OrderError as err:
            raise type(err)(f"order {self.text.strip()!r}: {err}") from None

    def required_kind(self) -> UnitKind:
        found = self.kind()
        if found is None:
            raise self.fail("a unit kind: A, F or G (army, fleet, garrison)")
        return found

    def power(self) -> str:
        if self.at_end():
            raise self.fail("a power")
        name = " ".join(self.tokens[self.pos :])
        self.pos = self.size
        try:
            return self.board.power(name)
        except OrderError as err:
            raise type(err)(f"order {self.text.strip()!r}: {err}") from None

    def special(self) -> str | None:
        """Machiavelli's special units, as the judge writes them: ``militia``, ``elite mercenary``, ``ep``..."""
        self.take({"elite", "citizen's", "citizens"})
        for name, words in _SPECIAL_WORDS.items():
            if self.take(words):
                return name
        return None

    def number(self) -> int:
        word = self.words[self.pos]
        if not word.isdigit():
            raise self.fail("a number")
        self.pos += 1
        return int(word)

    def amount(self) -> int:
        """``12``, ``12 ducats``, ``12 d``."""
        ducats = self.number()
        self.take({"ducats", "ducat", "d"})
        return ducats

    def unit(self) -> tuple[UnitKind | None, str]:
        kind = self.kind()
        return kind, self.place()

    def end(self) -> None:
        if not self.at_end():
            raise self.fail("the end of the order")


def parse_order(text: str, board: Board, phase: PhaseKind = PhaseKind.MOVEMENT) -> Order:
    """Read one order. `phase` decides what ``A x-y`` (move or retreat) and ``A x D`` mean."""
    r = _Reader(text, board)
    if r.at_end():
        raise OrderSyntaxError("empty order")
    if r.peek() in _LEADING:  # adjustment orders start with their keyword
        if r.take(_WAIVE):
            r.end()
            return Waive()
        if r.take(_BUILD) or (phase is PhaseKind.ADJUSTMENT and r.take({"b"})):
            special = r.special()
            kind, at = r.unit()
            r.end()
            return Build(kind, at, special)
        if r.take(_REMOVE) or (phase is PhaseKind.ADJUSTMENT and r.take(_DISBAND)):
            kind, at = r.unit()
            r.end()
            return Remove(kind, at)

    if phase is PhaseKind.ADJUSTMENT and r.take(_MAINTAIN):
        kind, at = r.unit()
        r.end()
        return Maintain(kind, at)
    if r.take(_ALLY):
        r.take({"with"})
        return Ally(r.power())
    if r.take({"permit", "autorise", "autoriser"}):
        r.take({"bribes", "bribe", "corruption", "corruptions"})
        r.take({"by", "for", "to", "a", "pour"})
        return PermitBribes(r.power())
    if r.take({"expense", "depense"}):
        return _expense(r)
    if r.take({"borrow", "emprunte"}):
        ducats = r.amount()
        if not r.take({"for", "pour"}):
            raise r.fail("'for 1 year' or 'for 2 years'")
        years = r.number()
        if years not in (1, 2) or not r.take({"year", "years", "an", "ans"}):
            raise r.fail("'1 year' or '2 years'")
        r.end()
        return Borrow(ducats, years)
    if r.take({"pay", "give", "loan", "paie", "donne"}):
        if not r.at_end() and not r.peek().isdigit():  # the judge's `give milan to venice`: a chit
            return _give_chit(r)
        ducats = r.amount()
        if not r.take({"to", "a"}):
            raise r.fail("'to' and 'bank' or a power")
        if r.take({"bank", "banque", "la"}):
            r.take({"banque"})
            r.end()
            return Pay(ducats, "bank")
        return Pay(ducats, r.power())

    kind, at = r.unit()
    if r.at_end() or r.take(_HOLD):
        r.end()
        return Hold(kind, at)
    if r.take(_MOVE) or r.take(_RETREAT):
        r.take({"to"})  # "move to"
        route = [r.place()]
        while r.take(_MOVE):  # the judge's convoy route: A sal - gon - ion - dur
            route.append(r.place())
        via = len(route) > 1
        if r.take(_VIA):
            if not r.take(_CONVOY):
                raise r.fail("'convoy' after 'via'")
            via = True
        r.end()
        if phase is PhaseKind.RETREAT:
            if via:
                raise OrderSyntaxError(f"order {text.strip()!r}: a retreat cannot go by convoy")
            return Retreat(kind, at, route[-1])
        return Move(kind, at, route[-1], via)
    if r.take(_SUPPORT):
        target_kind, target = r.unit()
        if r.take(_MOVE):
            to = r.place()
            r.end()
            return SupportMove(kind, at, target_kind, target, to)
        if r.take(_CONVERT) or r.take({"c"}):
            r.take({"to"})
            into = r.required_kind()
            r.end()
            return SupportConvert(kind, at, target_kind, target, into)
        r.take(_HOLD)
        r.end()
        return SupportHold(kind, at, target_kind, target)
    # "c" is convoy in the DATC's notation and convert in the judge's: a unit kind alone after it converts
    converting = r.peek() == "c" and r.words[r.pos + 1] in _KINDS and r.pos + 2 >= r.size
    if r.take(_CONVERT) or (converting and r.take({"c"})):
        r.take({"to"})
        into = r.required_kind()
        if not r.at_end():  # Objectif writes the place again: G sav >>> F sav
            again = r.place()
            if space_of(again) != space_of(at):
                raise OrderSyntaxError(f"order {text.strip()!r}: a unit converts in its own province")
        r.end()
        return Convert(kind, at, into)
    if r.take(_CONVOY):
        target_kind, target = r.unit()
        if not r.take(_MOVE):
            raise r.fail("'-' and the army's destination")
        to = r.place()
        r.end()
        return Convoy(kind, at, target_kind, target, to)
    if r.take(_BESIEGE):
        r.end()
        return Besiege(kind, at)
    if r.take(_LIFT):
        while r.take(_LIFT_TAIL):
            pass
        r.end()
        return LiftSiege(kind, at)
    if r.take(_DISBAND):
        r.end()
        return Remove(kind, at) if phase is PhaseKind.ADJUSTMENT else Disband(kind, at)
    raise r.fail("H, -, S, C, convert, besiege, lift or Disband after the unit")


def _give_chit(r: _Reader) -> GiveChit:
    r.take({"chit", "jeton"})
    rest = r.words[r.pos : r.size]
    if "to" not in rest and "a" not in rest:
        raise r.fail("'<power> to <power>': whose chit, and to whom")
    split = r.pos + min(rest.index(w) for w in ("to", "a") if w in rest)
    try:
        victim = r.board.power(" ".join(r.tokens[r.pos : split]))
    except OrderError as err:
        raise type(err)(f"order {r.text.strip()!r}: {err}") from None
    r.pos = split + 1
    return GiveChit(victim, r.power())


def _expense(r: _Reader) -> Expense:
    """``Expense 1: 12 ducats Disband Army Bologna`` (the judge's form), ``Expense 2: 3 counter-bribe A are``."""
    word = r.peek().rstrip(":")
    if not word.isdigit():
        raise r.fail("the expense's number, as in 'Expense 1:'")
    r.pos += 1
    r.take({":"})
    number = int(word)
    ducats = r.amount()
    if r.take({"famine", "fr"}):
        r.take({"relief"})
        place = r.place()
        r.end()
        return Expense(number, ducats, "famine relief", None, place)
    if r.take({"assassinate", "assassination", "assassiner", "assassinat", "murder"}):
        power = r.power()
        r.end()
        return Expense(number, ducats, "assassinate", None, power)
    if r.take({"pacify", "pacification", "pacifier"}):
        r.take({"rebellion", "révolte", "revolte"})
        place = r.place()
        r.end()
        return Expense(number, ducats, "pacify", None, place)
    if r.take({"cause", "rebellion", "rebel", "révolte", "revolte", "fomenter", "susciter"}):
        r.take({"rebellion", "révolte", "revolte", "une"})
        r.take({"in", "en", "à", "a", "dans"})
        place = r.place()
        r.end()
        return Expense(number, ducats, "rebellion", None, place)
    if r.take({"counter", "counterbribe", "counter-bribe", "cb", "contre"}):
        r.take({"-"})
        r.take({"bribe", "corruption"})
        kind = "counter-bribe"
    elif r.take({"disband", "d"}):
        kind = "disband"
    elif r.take({"buy", "purchase", "achat"}):
        kind = "buy"
    elif r.take({"gta"}) or (r.words[r.pos : r.pos + 3] == ["garrison", "to", "autonomous"] and r.take({"garrison"})):
        r.take({"to"})
        r.take({"autonomous"})
        kind = "to autonomous"
    elif r.take({"to"}):
        if not r.take({"autonomous"}):
            raise r.fail("'autonomous'")
        kind = "to autonomous"
    else:
        raise r.fail(
            "famine relief, pacify, rebellion, assassinate, counter-bribe, disband, buy or garrison to autonomous"
        )
    target_kind, target = r.unit()
    r.end()
    return Expense(number, ducats, kind, target_kind, target)


OrderCheck = Callable[[Board, Position, str, Order, Rules], Order]


def read_order(
    text: str,
    board: Board,
    position: Position,
    power: str,
    rules: Rules = DEFAULT_RULES,
    check: OrderCheck | None = None,
) -> Order:
    """Read an order and check it is allowed in `position` for `power`.

    Raises `OrderSyntaxError` (not understood), `AmbiguousOrderError` (a coast must be named) or
    `IllegalOrderError` (understood, not allowed here), each with a message naming the order.
    Whether a convoy is ordered for a long army move depends on the other orders and is left to
    the adjudication. `check` is the legality check of the game's family (`Family.check_order`); by
    default the shared one, `check_order`.
    """
    order = parse_order(text, board, position.phase.kind)
    return check_parsed_order(text, order, board, position, power, rules, check)


def check_parsed_order(
    text: str,
    order: Order,
    board: Board,
    position: Position,
    power: str,
    rules: Rules = DEFAULT_RULES,
    check: OrderCheck | None = None,
) -> Order:
    """`read_order` for an order already parsed from `text` (which names it in the messages)."""
    try:
        return (check or check_order)(board, position, power, order, rules)
    except Illegal as why:
        quoted = text.strip()
        if why.reason is Reason.ILLEGAL_COAST_NEEDED:
            raise AmbiguousOrderError(f"order {quoted!r} is ambiguous: name the coast") from None
        words = check_words(why.reason, why.detail, order, board, position, power, rules)
        raise IllegalOrderError(f"order {quoted!r}: {words}", why.reason) from None


def check_order(board: Board, position: Position, power: str, order: Order, rules: Rules = DEFAULT_RULES) -> Order:
    """Check one order on its own in the phase of `position`; raise `Illegal` with the reason.

    The orders every family shares, with Diplomacy's adjustments; a family with other orders (money,
    builds bought) checks those first and hands the rest to this check (`Family.check_order`)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT and isinstance(order, MONEY_KINDS):
        raise Illegal(Reason.ILLEGAL_OPTION_OFF)  # no money in this game
    if kind is PhaseKind.MOVEMENT and isinstance(order, Ally):
        if order.power not in board.powers:
            raise Illegal(Reason.ILLEGAL_NOT_OWNER)
        return order
    if kind is PhaseKind.MOVEMENT and isinstance(order, MOVEMENT_KINDS):
        return check_movement_order(board, position, power, order, rules)
    if kind is PhaseKind.RETREAT and isinstance(order, (Retreat, Disband, Convert)):
        entry = next((d for d in position.dislodged if d.unit.space == space_of(order.at)), None)
        if entry is None:
            raise Illegal(Reason.NOT_DISLODGED)
        check_unit(order.kind, order.at, entry.unit, power)
        if isinstance(order, Retreat):
            return Retreat(
                entry.unit.kind, entry.unit.location, retreat_destination(board, position, entry, order.to, rules)
            )
        if isinstance(order, Convert):
            if order.into is not UnitKind.GARRISON or not city_retreat(board, position, entry, rules):
                raise Illegal(Reason.ILLEGAL_NO_CITY)
            return Convert(entry.unit.kind, entry.unit.location, order.into)
        return Disband(entry.unit.kind, entry.unit.location)
    if kind is PhaseKind.ADJUSTMENT and isinstance(order, (Build, Remove, Waive)):
        due = adjustments_due(position, power)
        if isinstance(order, Remove):
            if due >= 0:
                raise Illegal(Reason.NO_REMOVAL_DUE)
            check_unit(order.kind, order.at, position.unit_at(space_of(order.at)), power)
            return order
        if due <= 0:
            raise Illegal(Reason.NO_BUILD_ALLOWED)
        if isinstance(order, Build):
            build_location(board, position, power, order, set())
        return order
    raise Illegal(Reason.ILLEGAL_WRONG_PHASE)
