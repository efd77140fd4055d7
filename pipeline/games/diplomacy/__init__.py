"""Diplomacy: the standard game, supply centres and winter adjustments, on the shared engine."""

from __future__ import annotations

from .family import DiplomacyFamily

FAMILY = DiplomacyFamily()

__all__ = ["FAMILY"]
