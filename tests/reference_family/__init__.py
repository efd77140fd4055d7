"""The tests' reference family, written by following docs/adding-a-family.md: "summit", a race up a hill.

Each turn every climber chooses a pace of 1, 2 or 3 steps; climbers who chose the same pace jostle: each
rolls a die, the highest climbs his pace, the others one step (all of them on a tie); under the family's rules
version 1, the others stayed where they were (its `VERSIONS`: how a family keeps a changed rule's old
behaviour for the games that started with it). Whoever reaches the summit first wins,
several on the same turn win together. A few hundred lines that give every member of the contract
(`pipeline/games/contract.py`); `tests/test_contract.py` registers it (`pipeline.games.register`) and plays
it beside the project's families. It is not a family of the site: nothing registers it outside the tests.
"""

from .family import FAMILY

__all__ = ["FAMILY"]
