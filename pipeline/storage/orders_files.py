"""Order files: `orders/<turn>/<power>.yaml`, what players write.

    # France, spring 1901
    game: demo
    turn: 1901-spring-movement
    power: france
    orders:
      - A par-bur
      - A mar S A par-bur
      - F bre-mao

Reading a file checks every order against the position and reports every problem of the file at
once, each with its line: an order not understood, ambiguous, or not allowed; a file whose game,
turn or power does not match its path.

In a game with secret orders the file is ``<power>.yaml.age``, the same document encrypted with age
(`sealed`); it must name its game, turn and power, so that a ciphertext copied to another path (another
turn, another power) is refused. That binding is checked before anything else inside it is used, and its
problem says only what the path expects: nothing of another power's orders reaches a message.

Validation is strict (every problem refuses the file, so the player fixes it before the deadline); the
adjudication is `lenient`: a file that cannot be read costs its power its orders (`RefusedFile`, with a
`Refusal` reason said in general words in public), and an illegal order costs only that order (the unit
has no order), so that no file can stop a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from pipeline.core.explain import check_words
from pipeline.core.notation import parse_order, split_orders, structured_order
from pipeline.core.order_checks import revised, unit_ordered
from pipeline.core.orders import Ally, Order
from pipeline.core.outcome import Reason
from pipeline.core.position import Position
from pipeline.errors import DataError, OrderError, Problem

from .gamedir import Game
from .sealed import SEALED_BYTES, SEALED_SUFFIX, unseal
from .yamlio import line_of, parse_yaml, parse_yaml_fast, read_bytes, read_text


class Refusal(StrEnum):
    """Why the adjudication could not use an order file, or some of its orders (recorded in the results)."""

    NOT_DECRYPTED = "not_decrypted"  # damaged, or encrypted to another key
    WRONG_BINDING = "wrong_binding"  # it names another game, turn or power than its path
    UNREADABLE = "unreadable"  # not UTF-8, too large, not YAML, not an order file's shape
    IN_CLEAR = "in_clear"  # orders in clear in a game with secret orders
    SEALED_IN_OPEN_GAME = "sealed_in_open_game"  # an encrypted file in a game with public orders
    NOT_AN_ORDER_FILE = "not_an_order_file"  # a file in the turn's folder that is no power's order file
    INVALID_ORDERS = "invalid_orders"  # some orders could not be played: those units have no order


class RefusedFile(DataError):
    """An order file the adjudication cannot use at all, and the reason in general words."""

    def __init__(self, reason: Refusal, problems: list[Problem] | Problem | str, file: str | None = None) -> None:
        super().__init__(problems, file)
        self.reason = reason


@dataclass(frozen=True)
class OrderFile:
    power: str
    path: Path
    orders: tuple[Order, ...]
    text: str = ""  # the file as the player wrote it (decrypted, for a secret one)
    dropped: tuple[Problem, ...] = ()  # lenient reading: the orders that could not be played, and why

    @property
    def sealed(self) -> bool:
        return self.path.name.endswith(SEALED_SUFFIX)


ORDER_FILE_BYTES = 64 * 1024  # a power's orders fit in a few kilobytes


def power_of_file(path: Path) -> str | None:
    """The power an order file is for, from its name (``florence.yaml``, ``florence.yaml.age``)."""
    for suffix in (".yaml", ".yaml" + SEALED_SUFFIX):
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            return path.name[: -len(suffix)]
    return None


def read_order_file(game: Game, turn: str, position: Position, path: Path, lenient: bool = False) -> OrderFile:
    """The orders of one file, checked; `RefusedFile` (a `DataError`) with every problem if any order is
    bad, or with `lenient` only if the file cannot be used at all (its bad orders are then left out and
    listed in `OrderFile.dropped`). An encrypted file is decrypted with the keys the game was loaded with
    (`Game.identities`)."""
    power = power_of_file(path) or path.name
    file = str(path)
    if power not in game.board.powers:
        raise RefusedFile(
            Refusal.NOT_AN_ORDER_FILE,
            f"an order file is named <power>.yaml or <power>.yaml.age, with a power of the game "
            f"({', '.join(game.board.powers)})",
            file=file,
        )
    sealed = path.name.endswith(SEALED_SUFFIX)
    if sealed:
        try:
            ciphertext = read_bytes(path, SEALED_BYTES)
        except DataError as err:
            raise RefusedFile(Refusal.UNREADABLE, err.problems) from None
        try:
            source = unseal(ciphertext, game.identities, file)
        except DataError as err:
            raise RefusedFile(Refusal.NOT_DECRYPTED, err.problems) from None
        if len(source.encode("utf-8")) > ORDER_FILE_BYTES:
            raise RefusedFile(Refusal.UNREADABLE, f"the decrypted file is over {ORDER_FILE_BYTES:,} bytes", file=file)
    else:
        try:
            source = read_text(path, ORDER_FILE_BYTES)
        except DataError as err:
            raise RefusedFile(Refusal.UNREADABLE, err.problems) from None
    try:
        read = _read_orders(game, turn, position, path, power, source, _parse(source, file, fast=True), lenient)
        if all(p.line is not None for p in read.dropped):
            return read
    except DataError as err:
        if all(p.line is not None for p in err.problems):
            raise
    # again with the line-keeping parser, so that every problem names its line
    return _read_orders(game, turn, position, path, power, source, _parse(source, file, fast=False), lenient)


def _parse(source: str, file: str, fast: bool) -> Any:
    try:
        return (parse_yaml_fast if fast else parse_yaml)(source, file, aliases=False, tags=False)
    except DataError as err:
        raise RefusedFile(Refusal.UNREADABLE, err.problems) from None


def _check_binding(game: Game, turn: str, path: Path, power: str, data: Mapping[str, Any]) -> None:
    """An encrypted file must name the game, turn and power of its path, and this is checked before anything
    else inside it is read; the problem says only what the path expects, never what the file says."""
    for key, expected in (("game", game.id), ("turn", turn), ("power", power)):
        if data.get(key) is None or str(data.get(key)) != expected:
            raise RefusedFile(
                Refusal.WRONG_BINDING,
                f"an encrypted order file must name the game, turn and power of its path (game: {game.id}, "
                f"turn: {turn}, power: {power}); this one does not, so nothing in it was read",
                file=str(path),
            )


def _read_orders(
    game: Game, turn: str, position: Position, path: Path, power: str, source: str, data: Any, lenient: bool
) -> OrderFile:
    file = str(path)
    sealed = path.name.endswith(SEALED_SUFFIX)
    if not isinstance(data, Mapping):
        raise RefusedFile(Refusal.UNREADABLE, "an order file is a mapping with game, turn, power and orders", file=file)
    if sealed:
        _check_binding(game, turn, path, power, data)
    problems: list[Problem] = []
    for key, expected in (("game", game.id), ("turn", turn), ("power", power)):
        value = data.get(key)
        if value is not None and str(value) != expected:
            problems.append(
                Problem(
                    key, f"this file is for {key} {expected!r} (from its path), not {value!r}", line_of(data, key), file
                )
            )
    if problems:
        raise RefusedFile(Refusal.WRONG_BINDING, problems)
    raw = data.get("orders")
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise RefusedFile(
            Refusal.UNREADABLE,
            Problem(
                "orders", "expected a list of orders, one per line starting with '- '", line_of(data, "orders"), file
            ),
        )
    allow = data.get("allow") or []
    if allow and not game.family.strait_permissions:
        problems.append(
            Problem(
                "allow",
                "`allow:` opens one's straits to other powers' fleets, a Machiavelli rule: "
                "a Diplomacy game has no such key",
                line_of(data, "allow"),
                file,
            )
        )
        allow = []
    if not isinstance(allow, list) or not all(isinstance(p, str) for p in allow):
        problems.append(Problem("allow", "expected a list of powers, like [turkey]", line_of(data, "allow"), file))
        allow = []
    entries = [(f"orders[{i}]", entry) for i, entry in enumerate(raw)]
    entries += [(f"allow[{i}]", str(Ally(p))) for i, p in enumerate(allow)]  # `allow: [turkey]` orders `Ally turkey`
    texts: list[tuple[str, str]] = []
    for where, entry in entries:
        try:
            text = entry if isinstance(entry, str) else structured_order(entry)
        except ValueError as err:
            problems.append(Problem(where, str(err), line_of(data, where), file))
            continue
        texts += [(where, piece) for piece in split_orders(text)]  # `A are-sie; A flo-are`: two orders
    parsed: list[tuple[str, str, Order]] = []
    for where, text in texts:
        try:
            parsed.append((where, text, parse_order(text, game.board, position.phase.kind)))
        except OrderError as err:
            problems.append(Problem(where, str(err), line_of(data, where), file))
    # as the judge reads a set and its revisions: a later `Expense 1:` replaces the first, a second payment
    # to one power is refused
    kept, clashes = revised([((where, text), order) for where, text, order in parsed])
    by_key = {(where, text): order for where, text, order in parsed}
    for (where, text), (first, _) in clashes:
        words = check_words(Reason.ILLEGAL_DUPLICATE, {}, by_key[(where, text)], game.board, position, power)
        line = line_of(data, where)
        lines = f"lines {line_of(data, first)} and {line}" if line is not None else f"{first} and {where}"
        problems.append(Problem(where, f"order {text.strip()!r}: {words} ({lines})", line, file))
    bought = game.family.as_ordered(position, power, [o for _, o in kept])
    orders: list[Order] = []
    ordered: dict[str, str] = {}  # the space of each unit ordered -> where its first order is
    for (where, text), order in kept:
        try:
            seen = game.family.position_for(position, bought, power, order)
            checked = game.family.check_parsed_order(text, order, game.board, seen, power, game.rules)
        except OrderError as err:
            problems.append(Problem(where, str(err), line_of(data, where), file))
            continue
        unit = unit_ordered(seen, checked)
        if unit is not None and unit.space in ordered:
            first, line = ordered[unit.space], line_of(data, where)
            lines = f"lines {line_of(data, first)} and {line}" if line is not None else f"{first} and {where}"
            problems.append(Problem(where, f"two orders for {unit} ({lines}): give each unit one order", line, file))
            continue
        if unit is not None:
            ordered[unit.space] = where
        orders.append(checked)
    problems.sort(key=lambda p: p.line or 0)  # in the order of the file's lines (stable: allow's first)
    if problems and not lenient:
        raise RefusedFile(Refusal.INVALID_ORDERS, problems)
    return OrderFile(power, path, tuple(orders), source, tuple(problems))


def order_file_text(game: Game, turn: str, power: str, orders: list[str]) -> str:
    """An order file as `judge` writes it (for the demo and for order forms)."""
    lines = [f"game: {game.id}", f"turn: {turn}", f"power: {power}", "orders:"]
    lines.extend(f"  - {_yaml_text(o)}" for o in orders)
    return "\n".join(lines) + "\n"


def _yaml_text(text: str) -> str:
    """An order as a YAML item: quoted where YAML would read something else (``Expense 1: 3 ...`` is a
    mapping unquoted)."""
    if ":" in text or "#" in text or text[:1] in "'\"&*!|>%@`{[]},?-" or text != text.strip():
        return "'" + text.replace("'", "''") + "'"
    return text
