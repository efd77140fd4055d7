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
from pathlib import Path
from typing import Any

from pipeline.errors import DataError, Problem
from pipeline.games.refusals import Refusal, RefusedFile

from .gamedir import Game
from .sealed import SEALED_BYTES, SEALED_SUFFIX, unseal
from .yamlio import line_of, locate, parse_yaml, parse_yaml_fast, read_bytes, read_text


@dataclass(frozen=True)
class OrderFile:
    power: str
    path: Path
    orders: Any  # the family's value of a power's orders (a board family's: a tuple of `Order`)
    text: str = ""  # the file as the player wrote it (decrypted, for a secret one)
    dropped: tuple[Problem, ...] = ()  # lenient reading: the orders that could not be played, and why
    warnings: tuple[Problem, ...] = ()  # legal orders that defeat themselves (said, the file still used)

    @property
    def sealed(self) -> bool:
        return self.path.name.endswith(SEALED_SUFFIX)


ORDER_FILE_BYTES = 64 * 1024  # a power's orders fit in a few kilobytes
BINDING = ("game", "turn", "power")  # what an order file says of its path: storage checks it, the family never sees it


def without_binding(data: Mapping[str, Any]) -> dict[str, Any]:
    """An order file's data as its family reads it (`GameFamily.read_orders`): without the binding keys,
    which storage checks."""
    return {k: v for k, v in data.items() if k not in BINDING}


def power_of_file(path: Path) -> str | None:
    """The power an order file is for, from its name (``florence.yaml``, ``florence.yaml.age``)."""
    for suffix in (".yaml", ".yaml" + SEALED_SUFFIX):
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            return path.name[: -len(suffix)]
    return None


__all__ = ["OrderFile", "Refusal", "RefusedFile", "power_of_file", "read_order_file", "read_ruling_file"]


def read_order_file(game: Game, turn: str, position: Any, path: Path, lenient: bool = False) -> OrderFile:
    """The orders of one file, checked; `RefusedFile` (a `DataError`) with every problem if any order is
    bad, or with `lenient` only if the file cannot be used at all (its bad orders are then left out and
    listed in `OrderFile.dropped`). An encrypted file is decrypted with the keys the game was loaded with
    (`Game.identities`)."""
    power = power_of_file(path) or path.name
    file = str(path)
    if power not in game.powers:
        raise RefusedFile(
            Refusal.NOT_AN_ORDER_FILE,
            f"an order file is named <power>.yaml or <power>.yaml.age, with a power of the game "
            f"({', '.join(game.powers)})",
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
    game: Game, turn: str, state: Any, path: Path, power: str, source: str, data: Any, lenient: bool
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
    rules = game.family.rules
    try:
        own = without_binding(data)
        read = rules.read_orders(
            game.setup, state, game.options_at(turn), power, own, lambda w: line_of(data, w), lenient
        )
    except RefusedFile as err:
        raise RefusedFile(err.reason, err.problems, file=file) from None
    except DataError as err:
        raise RefusedFile(Refusal.UNREADABLE, locate(err.problems, data, file)) from None
    problems = locate(list(read.problems), data, file)
    if problems and not lenient:
        raise RefusedFile(Refusal.INVALID_ORDERS, problems)
    warnings = tuple(locate(list(read.warnings), data, file))
    return OrderFile(power, path, read.orders, source, tuple(problems), warnings)


def read_ruling_file(game: Game, turn: str, state: Any, path: Path) -> tuple[Any, str]:
    """The game master's ruling for a turn (`GameFamily.ruling_file`), decrypted if sealed, and its text;
    `DataError` with every problem, each with its line."""
    file = str(path)
    if path.name.endswith(SEALED_SUFFIX):
        source = unseal(read_bytes(path, SEALED_BYTES), game.identities, file)
    else:
        source = read_text(path, ORDER_FILE_BYTES)
    try:
        return _ruling(game, turn, state, file, source, _parse(source, file, fast=True))
    except DataError as err:
        if all(p.line is not None for p in err.problems):
            raise
    return _ruling(game, turn, state, file, source, _parse(source, file, fast=False))  # again, with the lines


def _ruling(game: Game, turn: str, state: Any, file: str, source: str, data: Any) -> tuple[Any, str]:
    if not isinstance(data, Mapping):
        raise DataError("a ruling file is a mapping", file=file)
    binding = (("game", game.id), ("turn", turn))
    if file.endswith(SEALED_SUFFIX) and any(str(data.get(key)) != expected for key, expected in binding):
        # as an encrypted order file's: checked before anything else inside it is read, said without its words
        raise DataError(
            f"an encrypted ruling must name the game and turn of its path (game: {game.id}, turn: {turn}); "
            "this one does not, so nothing in it was read",
            file=file,
        )
    rest = {k: v for k, v in data.items() if k not in ("game", "turn")}
    problems = [
        Problem(key, f"this ruling is for {key} {expected!r}, not {data.get(key)!r}", line_of(data, key), file)
        for key, expected in binding
        if data.get(key) is not None and str(data.get(key)) != expected
    ]
    try:
        ruling = game.family.rules.read_ruling(game.setup, state, rest)
    except DataError as err:
        problems += locate(err.problems, data, file)
        ruling = None
    if problems:
        raise DataError(problems)
    return ruling, source


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
