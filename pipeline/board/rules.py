"""Rule options of the board families: the choices where rule sets differ, and the profiles that bundle them.

`Rules` holds what Diplomacy and Machiavelli share: the board, the family, and the three points where the
2023 Diplomacy rulebook differs from the 2000 one (the 2000 rules by default). A family with options of its
own subclasses it (Machiavelli's `pipeline.games.machiavelli.options.MachiavelliOptions`); the engine reads
none of them: what they change comes in through the family's hooks. The profiles that bundle options
(Diplomacy's `standard`, the 2000 rules, and `standard-2023`; Machiavelli's `judge` and `objectif`) belong
to the families (`pipeline.games.profile`); a game picks a profile and may override single options.
docs/rule-options.md lists every option with its default per profile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Self, get_args, get_origin, get_type_hints

from pipeline.errors import DataError, Problem

# The options with named choices, each a `Literal` that mypy checks wherever an option is compared
# (`rules.convoy_orders == "any_rout"` is a type error); `option_kinds` and the checks of `with_options`
# are derived from these annotations, so a choice is written in one place.
ExplicitConvoy = Literal["land_fallback", "convoy_only"]
ConvoyOrders = Literal["any_route", "necessary_fleet"]
CivilDisorderDistance = Literal["home_centres", "owned_centres"]


DEFAULT_FAMILY = "diplomacy"  # the family of rules given no profile (the DATC's, the standard map's)


@dataclass(frozen=True)
class Rules:
    """Options of the movement and retreat rules every board family shares (see docs/rule-options.md)."""

    map: str = "standard"
    family: str = DEFAULT_FAMILY  # the game family (`pipeline.games`): its calendar, orders and state
    # the Diplomacy rulebook's choices where the 2023 edition differs from the 2000 one (DATC v3.0)
    explicit_convoy: ExplicitConvoy = "land_fallback"  # `via convoy` with no convoy ordered: over land, or no move
    convoy_orders: ConvoyOrders = "any_route"  # a convoy order: any fleet on a route, or one a route needs
    civil_disorder_distance: CivilDisorderDistance = "home_centres"  # disbands counted from home or owned centres

    def with_options(self, options: Mapping[str, Any]) -> Self:
        """These rules with some options overridden; a bad name or value raises `DataError`, with every
        problem of `options` at once."""
        choices, flags = option_kinds(type(self))
        known = {f.name for f in dataclasses.fields(self)}
        problems = []
        changes: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                problems.append(Problem(f"options.{name}", f"unknown rule option (known: {', '.join(sorted(known))})"))
            elif name in choices and value not in choices[name]:
                problems.append(
                    Problem(f"options.{name}", f"expected one of {', '.join(choices[name])}, got {value!r}")
                )
            elif name in flags and not isinstance(value, bool):
                problems.append(Problem(f"options.{name}", f"expected true or false, got {value!r}"))
            else:
                try:
                    changes[name] = self.option_value(name, value)
                except ValueError as why:
                    problems.append(Problem(f"options.{name}", str(why)))
        if problems:
            raise DataError(problems)
        return dataclasses.replace(self, **changes)

    def option_value(self, name: str, value: Any) -> Any:
        """The value a game.yaml gives option `name` (neither a named choice nor a flag), as the rules hold
        it; `ValueError` says what was expected. A family with such options of its own overrides it."""
        return value


OptionKinds = tuple[dict[str, tuple[str, ...]], frozenset[str]]
_KINDS: dict[type[Rules], OptionKinds] = {}  # each class of rules' kinds, read once


def option_kinds(rules: type[Rules]) -> OptionKinds:
    """The named choices of each `Literal` option and the names of the yes/no options of a class of
    rules, read from its annotations."""
    if rules not in _KINDS:
        choices: dict[str, tuple[str, ...]] = {}
        flags = set()
        for name, hint in get_type_hints(rules).items():
            if get_origin(hint) is Literal:
                choices[name] = tuple(str(c) for c in get_args(hint))
            elif hint is bool:
                flags.add(name)
        _KINDS[rules] = choices, frozenset(flags)
    return _KINDS[rules]


CHOICES, FLAGS = option_kinds(Rules)  # the shared options' (a family's own: `option_kinds` of its class)
