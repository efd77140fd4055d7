"""Diplomacy: the standard game, supply centres and winter adjustments, on the shared board engine."""

from __future__ import annotations

from pipeline.games.board_family import board_family

from .family import DiplomacyFamily

FAMILY = board_family(DiplomacyFamily())

__all__ = ["FAMILY"]
