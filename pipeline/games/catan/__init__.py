"""Micha Klarfeld's variant of Catan (issue 14): the base game with its 5-6 player extension, Seafarers
and the walls of Cities & Knights, turned into a war game of units on the hexes' sides, city status,
combat and corruption. The rules the package plays: docs/rules/catan.md ([K 1] ...).

The rules core only, pure like the rest of `pipeline.games`: the board and its data format
(`board`, `layout`), the state and its codec (`state`, `codec`), a turn's orders read from plain data
(`orders`), and the adjudication of a round seat by seat (`turn` and the modules of each mechanism).
Not yet registered as a family.
"""
