"""Symmachia as a family of the pipeline (`GameFamily`): a game folder plays its scenario a year a turn.

- The setup is a scenario (`scenarios/<name>.yaml`, `scenario.Scenario`); the options are `Options`, with
  game.yaml's `options:` over the defaults.
- A turn is a year: ``y01-229bc``, ``y02-228bc``... (`turn_id`); the first is the scenario's start year.
- The state file is the public part of `state.State`; each power's treasury and ledger, and the game
  master's part (every leader's secret competence), are the secret part storage encrypts beside it.
- One order file per power a year (`orders.read_orders`: what was expected and the nearest names at each
  key path; self-defeating orders as warnings), and the game master's ruling file, ``ruling.yaml``
  (`orders.read_ruling`). A year waits while free text has no ruling (`year.pending`).
- The year's records (`outcome.Record`) go where their `seen` says: the public results, each reader's
  private report, the game master's record; and each die where its audience, said where it was rolled as
  the record it decides, reads it (`shared.dice.shares`): a plot's in its sponsor's report, a competence's,
  a loyalty test's and, while the option `battle_dice_sealed` holds, a fight's in the game master's record,
  the others in the public results.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pipeline.errors import DataError, Problem, shown
from pipeline.escape import markdown_text
from pipeline.games.contract import (
    MASTER,
    Data,
    GameFamily,
    GameOver,
    Presentation,
    Profile,
    ReadOrders,
    Rules,
    StateData,
    Table,
    Translations,
    TurnResult,
)
from pipeline.shared.dice import Dice, shares
from pipeline.shared.options import OptionSet

from . import cases, drawing, form, legal, option_words, report
from .checking import nearest
from .model import next_year, year_label
from .options import DEFAULT_OPTIONS, Options
from .orders import PowerOrders, Ruling, empty_ruling, no_orders, read_orders, read_ruling
from .outcome import Record, Seen
from .scenario import Scenario
from .start import start_state
from .state import State, state_from_data, state_to_data
from .year import pending, resolve_year

TURN = re.compile(r"y([0-9]{2,})-([0-9]+)(bc|ad)")  # a year's turn id (`turn_id`), matched whole


def turn_id(scenario: Scenario, year: int) -> str:
    """``y01-229bc``: the year's number in the game, then the year."""
    number, y = 1, scenario.start_year
    while y != year:
        y = next_year(y)
        number += 1
    return f"y{number:02d}-{year_label(year)}"


def _plain(value: Any) -> Any:
    """An order's value as plain text parts, deterministic: what an order line and the dice hash show."""
    if "__str__" in vars(type(value)) and not isinstance(value, str | int | enum.Enum):
        return str(value)  # an order as written: ``M mysia``, ``D2``
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [
            f"{f.name}={_plain(getattr(value, f.name))}"
            for f in dataclasses.fields(value)
            if getattr(value, f.name) != f.default and getattr(value, f.name) not in ((), "", None, False)
        ]
        return ", ".join(fields) if fields else "-"
    if isinstance(value, tuple | list):
        return "[" + "; ".join(str(_plain(v)) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + "; ".join(f"{k}: {_plain(v)}" for k, v in value.items()) + "}"
    return getattr(value, "value", value)


class SymmachiaRules(Rules[Scenario, State, PowerOrders, Ruling, Options]):
    """Symmachia's rules: a scenario's year a turn [S 2]."""

    turn_example = "y01-229bc"
    turn_pattern = TURN
    has_money = True
    always_secret = True
    setup_folder = "scenarios"
    turn_kinds = ("year",)
    ruling_file = "ruling"

    # ---- the game's fixed data and options ---------------------------------------------------------

    def setup_from_data(self, data: object) -> Scenario:
        return Scenario.from_data(data)

    def powers(self, setup: Scenario) -> tuple[str, ...]:
        return tuple(sorted(setup.powers))

    def seats(self, setup: Scenario, options: Options) -> tuple[str, ...]:
        return self.powers(setup)

    def options_of(self, profile: Options, data: Data) -> Options:
        known = {f.name: f for f in dataclasses.fields(Options)}
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        for key, value in data.items():
            field = known.get(str(key))
            if field is None:
                problems.append(Problem(f"options.{key}", "not an option of Symmachia" + nearest(str(key), known)))
                continue
            default = getattr(profile, field.name)
            if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
                what = "yes or no (true, false)" if isinstance(default, bool) else "a whole number"
                problems.append(Problem(f"options.{key}", f"expected {what}, found {shown(value)}"))
                continue
            values[field.name] = value
        if problems:
            raise DataError(problems)
        return dataclasses.replace(profile, **values)

    def rolls_dice(self, options: Options) -> bool:
        return True

    # ---- turns -------------------------------------------------------------------------------------

    def turn_key(self, turn: str) -> tuple[int, ...]:
        m = TURN.fullmatch(turn)
        if m is None:
            raise ValueError(f"{turn!r} is not a year's turn id like {self.turn_example}")
        return (int(m[1]),)

    def turn_kind(self, turn: str) -> str:
        return "year"

    def start(self, setup: Scenario, options: Options, dice: Dice) -> tuple[str, State]:
        state = start_state(setup, dice, options)
        return turn_id(setup, state.public.year), state

    # ---- the state codec ---------------------------------------------------------------------------

    def state_to_data(self, setup: Scenario, state: State, secret: bool) -> StateData:
        data = state_to_data(state)
        return StateData(data["public"], {"private": data["private"], "game_master": data["game_master"]})

    def state_from_data(self, setup: Scenario, public: Data, secret: Data | None, file: str) -> State:
        hidden = secret or {"private": {}, "game_master": {"competence": {}}}
        try:
            return state_from_data({"public": public, **hidden})
        except DataError as err:
            problems = [Problem(p.where.removeprefix("public."), p.message, p.line) for p in err.problems]
            raise DataError(problems, file=file) from None

    # ---- orders ------------------------------------------------------------------------------------

    def powers_to_order(self, setup: Scenario, state: State) -> list[str]:
        """Every power alive of the scenario's; a power born in the game (a usurper's) has no player and
        plays as without orders [S 10.3]."""
        return sorted(p for p, info in state.public.powers.items() if not info.eliminated and p in setup.powers)

    def read_orders(
        self,
        setup: Scenario,
        state: State,
        options: Options,
        power: str,
        data: Data,
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders[PowerOrders]:
        try:
            orders, warnings = read_orders(dict(data), setup, state, power)
        except DataError as err:
            # a file with a problem is refused whole: at adjudication its power plays as without orders
            return ReadOrders(no_orders(power, state.public.year), tuple(err.problems))
        return ReadOrders(orders, (), tuple(warnings))

    def no_orders(self, setup: Scenario, state: State, power: str) -> PowerOrders:
        return no_orders(power, state.public.year)

    def order_lines(self, orders: PowerOrders) -> list[str]:
        out = [f"trade: {_plain(line)}" for line in orders.trade]
        if orders.politics != type(orders.politics)():
            out.append(f"politics: {_plain(orders.politics)}")
        out += [f"{u.unit}: {_plain(dataclasses.replace(u, unit=''))}" for u in orders.military]
        return out

    def order_words(self, orders: PowerOrders) -> list[str]:
        return self.order_lines(orders)  # each section's orders as the file gives them

    def revealed_lines(self, orders: PowerOrders, secret: bool) -> list[str] | None:
        p = orders.politics
        kept = dataclasses.replace(p, plot_kings=(), plot_generals=(), counter_corruption=(), corruption=())
        return self.order_lines(dataclasses.replace(orders, politics=kept))

    def read_ruling(self, setup: Scenario, state: State, data: Data) -> Ruling:
        return read_ruling(dict(data), setup, state)

    def no_ruling(self, setup: Scenario, state: State) -> Ruling:
        return empty_ruling(state.public.year)

    def waiting_for(
        self, setup: Scenario, state: State, options: Options, orders: Mapping[str, PowerOrders], ruling: Ruling
    ) -> list[str]:
        return pending(state, orders, ruling, options)

    def adjudicate(
        self,
        setup: Scenario,
        turn: str,
        state: State,
        options: Options,
        orders: Mapping[str, PowerOrders],
        ruling: Ruling,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult[State]:
        result = resolve_year(setup, state, orders, ruling, dice, options, force=force)
        after = result.state
        public = [r.to_data() for r in result.records if r.seen is Seen.PUBLIC]
        # a power's dice in the reports of the scenario's powers that read its records (a power born in the
        # game has no report: its protector's holds them, else the game master's record)
        readers = [p for p in self.powers(setup) if p in after.private]
        rolled = shares(dice.draws, lambda power: [p for p in readers if _reader(p, power, after)])
        record: dict[str, Any] = {"year": year_label(state.public.year), "records": public}
        record_end: dict[str, Any] = {"dice": list(rolled.public)} if rolled.public else {}
        private: dict[str, Data] = {}
        for power in sorted(after.private):
            own = [r.to_data() for r in result.records if _reads(r, power, after)]
            books = after.private[power]
            private[power] = {
                "treasury": books.treasury,
                "ledger": [[line.step, line.entry, line.amount, line.ref] for line in books.ledger],
                **({"records": own} if own else {}),
            }
        master = {"records": [r.to_data() for r in result.records if r.seen is Seen.MASTER]}
        following = turn_id(setup, after.public.year)
        return TurnResult(following, after, record, record_end, private, master).with_dice(rolled)

    def legal_orders(
        self, setup: Scenario, state: State, options: Options, powers: Sequence[str], secret: bool
    ) -> Data:
        return {"powers": {p: legal.legal_orders(setup, state, p) for p in powers}}

    def game_over(self, setup: Scenario, state: State, options: Options) -> GameOver | None:
        """The year some major power reached the prestige threshold: the highest wins, co-winners on a tie
        [S 9.4]."""
        winners = state.public.winners
        return GameOver(tuple(winners), "prestige") if winners else None

    def ranking(self, setup: Scenario, state: State) -> list[tuple[str, tuple[int, ...]]]:
        majors = [(p, (info.prestige, info.last_gain)) for p, info in state.public.powers.items() if info.major]
        return sorted(majors, key=lambda item: (-item[1][0], -item[1][1], item[0]))

    # ---- rule cases (docs/rules/symmachia.md, "Rule cases") ----------------------------------------

    def case_problems(self, case: Data) -> list[tuple[str, str]]:
        return cases.case_problems(case)

    def play_case(self, setup: Scenario, options: Options, case: Data) -> tuple[list[str], list[str]]:
        return cases.play_case(setup, options, case)


class SymmachiaPresentation(Presentation[Scenario, State, Options]):
    """Symmachia's reports, maps and words (`report`, `drawing`, `form`, `option_words`)."""

    rules_page = f"{__package__}:pages/rules.md"
    orders_page = f"{__package__}:pages/orders.md"
    secret_note = "Each power's treasury and ledger, and the game master's part: encrypted beside it."
    revealed_note = "the plots and bribes stay secret."

    def title(self, setup: Scenario, turn: str, t: Translations) -> str:
        year = setup.start_year
        for _ in range(SymmachiaRules().turn_key(turn)[0] - 1):
            year = next_year(year)
        return report.year_in_words(year, t)

    def power_name(self, setup: Scenario, power: str, t: Translations) -> str:
        return report.Namer(setup, None, t).power(power)

    def setup_name(self, setup: Scenario, t: Translations) -> str:
        return markdown_text(setup.title.fr if t.lang == "fr" else setup.title.en)

    def profile_title(self, profile: str, t: Translations) -> str:
        return t.gettext("Symmachia") if profile == "symmachia" else profile

    def seat_word(self, t: Translations) -> str:
        return t.gettext("Power")

    def standings(self, setup: Scenario, state: State, secret: bool, t: Translations) -> Table:
        header = (self.seat_word(t), t.gettext("Prestige"), t.gettext("Last year's gain"))
        ranked = SymmachiaRules().ranking(setup, state)
        rows = tuple((markdown_text(self.power_name(setup, p, t)), *(str(v) for v in values)) for p, values in ranked)
        return Table(header, rows, ("left", "right", "right"))

    def standing_labels(self, t: Translations, secret: bool) -> list[str | None]:
        return [t.gettext("Prestige"), None]

    def axis_label(self, setup: Scenario, turn: str, t: Translations) -> str:
        return self.title(setup, turn, t)

    def colours(self, setup: Scenario) -> Mapping[str, str]:
        return drawing.colours(setup)

    def state_notes(self, setup: Scenario, state: State, t: Translations) -> list[str]:
        return []

    def option_words(self, options: Options, t: Translations) -> dict[str, list[str]]:
        return option_words.option_words(options, t)

    def report(
        self,
        setup: Scenario,
        options: Options,
        turn: str,
        before: State,
        after: State | None,
        results: Data,
        t: Translations,
        viewer: str | None = None,
    ) -> str:
        data = dict(results)
        lines = report.public_report(setup, before, after, data, t)
        if viewer == MASTER:
            lines += report.master_view(setup, before, data.get(MASTER) or {}, t)
            for power, own in sorted((data.get("private_of") or {}).items()):
                lines += [f"# {report.Namer(setup, before, t, shown=markdown_text).power(power)}", ""]
                lines += report.private_report(setup, after, own, t)
        elif viewer is not None:
            lines += report.private_report(setup, after, data.get("private") or {}, t)
        return "\n".join(lines).rstrip() + "\n"

    def draw_map(
        self,
        setup: Scenario,
        options: Options,
        turn: str,
        state: State,
        results: Data | None,
        languages: Sequence[Translations],
    ) -> Mapping[str, Mapping[str, str]]:
        """The map at the year's start, and once it is adjudicated one a season with its moves and battles."""
        records = [r for r in (results or {}).get("records") or [] if isinstance(r, Mapping)]
        maps: dict[str, dict[str, str]] = {}
        for t in languages:
            start = drawing.draw_year(setup, state, records, None, t)
            if start is None:
                return {}
            maps.setdefault("", {})[t.lang] = start
            for season in report.SEASONS if results is not None else ():
                maps.setdefault(season, {})[t.lang] = drawing.draw_year(setup, state, records, season, t) or start
        return maps

    def order_form(self, setup: Scenario, state: State, options: Options, t: Translations) -> Data:
        return form.order_form(setup, state, t)

    def private_words(self, setup: Scenario, state: State, t: Translations) -> Data:
        return report.private_words(setup, state, t)

    def outcome_words(self, setup: Scenario, over: GameOver, t: Translations) -> str:
        names = t.join([markdown_text(self.power_name(setup, p, t)) for p in over.winners])
        return t.ngettext(
            "%(powers)s won, first in prestige the year the threshold was reached.",
            "%(powers)s won together, equal in prestige the year the threshold was reached.",
            len(over.winners),
        ) % {"powers": names}


def _reads(record: Record, power: str, state: State) -> bool:
    """Whether a private record is `power`'s to read: its own, or a minor's it protects."""
    if record.seen is not Seen.PRIVATE:
        return False
    return any(_reader(power, r, state) for r in record.readers)


def _reader(power: str, of: str, state: State) -> bool:
    """Whether `power` reads what is `of`'s: its own, or a minor's it protects."""
    return of == power or state.controller(of) == power


FAMILY = GameFamily(
    "symmachia",
    MappingProxyType({"symmachia": Profile("symmachia", "symmachia", "aegean-229", DEFAULT_OPTIONS)}),
    OptionSet.of_dataclass("symmachia", Options),
    SymmachiaRules(),
    SymmachiaPresentation(),
    form_script="symmachia-form.js",
)
