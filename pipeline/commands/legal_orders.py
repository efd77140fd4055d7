"""`judge legal-orders`: every legal order of the current turn, as JSON for an order form (docs/legal-orders.md)."""

from __future__ import annotations

from pathlib import Path

from pipeline.core.legal_orders import legal_orders_json
from pipeline.errors import DataError, OrderError
from pipeline.storage.gamedir import load_game


def legal_orders(folder: Path, power: str | None = None) -> str:
    """The JSON text for the game's current turn: one power's orders, or every power's."""
    game = load_game(folder)
    turn = game.current_turn()
    if power is not None:
        try:
            power = game.board.power(power)
        except OrderError as err:  # an unknown power
            raise DataError(f"{err} (powers: {', '.join(game.board.powers)})") from None
    powers = [power] if power is not None else list(game.board.powers)
    return legal_orders_json(game.board, game.position(turn), game.rules, powers, game.family, game.id, turn)


def write(text: str, out: Path) -> None:
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        raise DataError(f"cannot write the file: {err.strerror}", file=str(out)) from None
