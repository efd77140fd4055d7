"""`judge legal-orders`: every legal order of the current turn, as JSON for an order form (docs/legal-orders.md)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.core.legal_orders import legal_orders_json
from pipeline.errors import DataError, OrderError
from pipeline.games import GameFamily
from pipeline.storage.gamedir import load_game


def legal_orders(folder: Path, power: str | None = None) -> str:
    """The JSON text for the game's current turn: one power's orders, or every power's."""
    game = load_game(folder)
    turn = game.current_turn()
    family = game.game_family
    if type(family).legal_orders is not GameFamily.legal_orders:  # a family of its own kind gives its own
        if power is not None and power not in game.powers:
            raise DataError(f"no power {power!r} in {game.id} (its powers: {', '.join(game.powers)})")
        state = game.state(turn)
        every = {p: family.legal_orders(game.board, state, game.options, p) for p in (power,) if p} or {
            p: family.legal_orders(game.board, state, game.options, p) for p in game.powers
        }
        return json.dumps({"game": game.id, "turn": turn, "powers": every}, ensure_ascii=False, indent=1) + "\n"
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
