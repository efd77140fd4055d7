"""`judge legal-orders`: every legal order of the current turn, as JSON for an order form (docs/legal-orders.md)."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.board.legal_orders import legal_orders_json
from pipeline.errors import DataError, OrderError
from pipeline.storage.gamedir import Game, load_game


def legal_orders(folder: Path, power: str | None = None) -> str:
    """The JSON text for the game's current turn: one power's orders, or every power's."""
    game = load_game(folder)
    turn = game.current_turn()
    own = _own_kind(game, turn, power)
    if own is not None:
        return own
    if power is not None:
        try:
            power = game.board.power(power)
        except OrderError as err:  # an unknown power
            raise DataError(f"{err} (powers: {', '.join(game.board.powers)})") from None
    powers = [power] if power is not None else list(game.board.powers)
    return legal_orders_json(game.board, game.position(turn), game.rules, powers, game.family, game.id, turn)


def _own_kind(game: Game, turn: str, power: str | None) -> str | None:
    """The legal orders a family of its own kind gives (`GameFamily.legal_orders`), as JSON; None for a
    board family, whose are `board.legal_orders`'."""
    family = game.game_family
    state = game.state(turn, public=True)
    powers = family.powers_to_order(game.board, state)
    if not powers or family.legal_orders(game.board, state, game.options, powers[0]) is None:
        return None
    if power is not None and power not in powers:
        raise DataError(f"no power {power!r} orders in {game.id} this turn (powers: {', '.join(powers)})")
    data = {
        "game": game.id,
        "turn": turn,
        "powers": {p: family.legal_orders(game.board, state, game.options, p) for p in ([power] if power else powers)},
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(text: str, out: Path) -> None:
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        raise DataError(f"cannot write the file: {err.strerror}", file=str(out)) from None
