"""Micha Klarfeld's variant of Catan (issue 14): the base game with its 5-6 player extension, Seafarers
and the walls of Cities & Knights, turned into a war game of units on the hexes' sides, city status,
combat and corruption. The rules the package plays: docs/rules/catan.md ([K 1] ...).

Pure like the rest of `pipeline.games`: the board and its data format (`board`, `layout`), the state and
its codec (`state`, `codec`), a player's files read from plain data (`orders`, `setup`), the adjudication
of a round seat by seat (`turn` and the modules of each mechanism), the reports (`report`, `said`) and the
map (`drawing`); `family` is the family the pipeline speaks to (`FAMILY`).
"""

from .family import FAMILY

__all__ = ["FAMILY"]
