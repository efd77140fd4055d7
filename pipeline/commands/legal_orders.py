"""`judge legal-orders`: every legal order of the current turn, as JSON for an order form (docs/legal-orders.md)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.errors import DataError
from pipeline.publish.turns import legal_orders_data
from pipeline.storage.gamedir import load_game


def legal_orders(folder: Path, power: str | None = None) -> str:
    """The JSON text for the game's current turn: one power's orders, or those of every power who orders."""
    game = load_game(folder)
    turn = game.current_turn()
    data = legal_orders_data(game, turn, power)
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write(text: str, out: Path) -> None:
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        raise DataError(f"cannot write the file: {err.strerror}", file=str(out)) from None
