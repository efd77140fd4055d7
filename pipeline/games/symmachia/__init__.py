"""Symmachia: the Objectif club's game of the Hellenistic kings (docs/rules/symmachia.md, rules [S n.m]).

One turn is a year: trade, politics and intrigue, a campaign of three seasons, then the winter. The
package is the family's rules core, pure like the rest of `pipeline/games/`: the scenario format and its
check (`scenario`), the state and its codec (`state`), a power's orders for a year and the game master's
ruling (`orders`), and the year's resolution in the rules' order (`year`, with `economy`, `trade`,
`mercenaries`, `military`, `campaign`, `battles`, `combat`, `politics`, `events`, `prestige`). `family`
makes it a family of the pipeline (a `GameFamily`, docs/architecture.md), registered by `pipeline.games`.
"""

from .family import FAMILY

__all__ = ["FAMILY"]
