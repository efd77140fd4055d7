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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pipeline.core.notation import read_order
from pipeline.core.orders import Order
from pipeline.core.position import Position
from pipeline.errors import DataError, OrderError, Problem

from .gamedir import Game
from .yamlio import line_of, load_yaml


@dataclass(frozen=True)
class OrderFile:
    power: str
    path: Path
    orders: tuple[Order, ...]


def read_order_file(game: Game, turn: str, position: Position, path: Path) -> OrderFile:
    """The orders of one file, checked; `DataError` with every problem if any order is bad."""
    power = path.stem
    file = str(path)
    if power not in game.board.powers:
        raise DataError(f"the file name must be a power of the game ({', '.join(game.board.powers)})", file=file)
    data = load_yaml(path)
    if not isinstance(data, Mapping):
        raise DataError("an order file is a mapping with game, turn, power and orders", file=file)
    problems: list[Problem] = []
    for key, expected in (("game", game.id), ("turn", turn), ("power", power)):
        value = data.get(key)
        if value is not None and str(value) != expected:
            problems.append(
                Problem(
                    key, f"this file is for {key} {expected!r} (from its path), not {value!r}", line_of(data, key), file
                )
            )
    raw = data.get("orders")
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        problems.append(
            Problem(
                "orders", "expected a list of orders, one per line starting with '- '", line_of(data, "orders"), file
            )
        )
        raw = []
    orders: list[Order] = []
    for i, text in enumerate(raw):
        where = f"orders[{i}]"
        if not isinstance(text, str):
            problems.append(
                Problem(
                    where, f"expected an order as text, such as 'A par-bur', got {text!r}", line_of(data, where), file
                )
            )
            continue
        try:
            orders.append(read_order(text, game.board, position, power, game.rules))
        except OrderError as err:
            problems.append(Problem(where, str(err), line_of(data, where), file))
    if problems:
        raise DataError(problems)
    return OrderFile(power, path, tuple(orders))


def order_file_text(game: Game, turn: str, power: str, orders: list[str]) -> str:
    """An order file as `judge` writes it (for the demo and for order forms)."""
    lines = [f"game: {game.id}", f"turn: {turn}", f"power: {power}", "orders:"]
    lines.extend(f"  - {o}" for o in orders)
    return "\n".join(lines) + "\n"
