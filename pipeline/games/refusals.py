"""Why the adjudication could not use an order file, or some of its orders (recorded in the results)."""

from __future__ import annotations

from enum import StrEnum

from pipeline.errors import DataError, Problem


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
