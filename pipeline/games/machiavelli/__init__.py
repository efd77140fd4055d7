"""Machiavelli (the e-mail judge's rules and the Objectif club's): provinces and cities controlled,
garrisons and sieges, straits, money (loans, expenses, bribes, rebellions, assassination), the year's
income, famine and plague, on the shared engine. Nothing outside this package imports it but the
registry (`pipeline.games`)."""

from __future__ import annotations

from pipeline.games.board_family import board_family

from .family import MachiavelliFamily

FAMILY = board_family(MachiavelliFamily())

__all__ = ["FAMILY"]
