"""The reference family's rules and presentation: every member of the contract, in the order of
docs/adding-a-family.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pipeline.errors import DataError, Problem
from pipeline.escape import markdown_text, markup_text
from pipeline.games.contract import (
    FIRST_VERSION,
    MASTER,
    Data,
    GameFamily,
    GameOver,
    Presentation,
    Profile,
    ReadOrders,
    Rules,
    RulesVersion,
    StateData,
    Table,
    Translations,
    TurnResult,
)
from pipeline.shared.dice import PUBLIC, Dice, FixedDice, shares
from pipeline.shared.options import OptionSet

TURN = re.compile(r"t([0-9]{2,})")
PACES = (1, 2, 3)
# the family's own words, in both languages (a family of a club's may keep its own, docs/adding-a-family.md)
WORDS = {
    "en": {
        "turn": "turn {n}",
        "climber": "Climber",
        "summit_rules": "The race to the summit",
        "height": "Height",
        "climbs": "{who} climbs {n} step(s) to height {h}.",
        "stays": "{who} stays at height {h}: jostled at pace {p}.",
        "won": "{who} won, first to the summit.",
        "collisions": ["Climbers who choose the same pace jostle: the highest die climbs.", "No jostling."],
        "summit": "The summit is at height {n}.",
        "private": "Your pace was {p}.",
        "master": "Every die of the turn is public.",
    },
    "fr": {
        "turn": "tour {n}",
        "climber": "Grimpeur",
        "summit_rules": "La course au sommet",
        "height": "Hauteur",
        "climbs": "{who} monte de {n} pas, à la hauteur {h}.",
        "stays": "{who} reste à la hauteur {h} : bousculé à l'allure {p}.",
        "won": "{who} a gagné, le premier au sommet.",
        "collisions": [
            "Les grimpeurs qui choisissent la même allure se bousculent : le plus haut dé monte.",
            "Personne ne se bouscule.",
        ],
        "summit": "Le sommet est à la hauteur {n}.",
        "private": "Votre allure était {p}.",
        "master": "Tous les dés du tour sont publics.",
    },
}


def _w(t: Translations, key: str) -> Any:
    return WORDS.get(t.lang, WORDS["en"])[key]


@dataclass(frozen=True)
class Track:
    name: Mapping[str, str]
    length: int
    climbers: Mapping[str, Mapping[str, str]]  # id -> en, fr, colour


@dataclass(frozen=True)
class Climb:
    number: int  # the turn being played
    heights: Mapping[str, int]
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class Options:
    collisions: bool = True  # climbers of the same pace jostle
    summit: int = 0  # the summit's height; 0: the track's length
    version: int = 2  # the rules version (`VERSIONS`): not an option of game.yaml, but its `rules_version`


# The family's rules versions (docs/adding-a-family.md, "A new version of the rules"): version 2 changed what a
# jostled climber who loses does, which changes the results of turns already played.
VERSIONS = (
    FIRST_VERSION,
    RulesVersion(
        2,
        {
            "en": "A climber who loses a jostle climbs one step instead of none.",
            "fr": "Un grimpeur qui perd une bousculade monte d'un pas au lieu de rester.",
        },
    ),
)


class SummitRules(Rules[Track, Climb, int, None, Options]):
    setup_folder = "tracks"
    turn_example = "t01"
    turn_pattern = TURN
    turn_kinds = ("turn",)

    def setup_from_data(self, data: Any) -> Track:
        problems = []
        if not isinstance(data, Mapping) or not isinstance(data.get("length"), int) or data["length"] < 1:
            problems.append(Problem("length", "expected the hill's length, a whole number of at least 1"))
        if not isinstance(data, Mapping) or not isinstance(data.get("climbers"), Mapping) or not data["climbers"]:
            problems.append(Problem("climbers", "expected the climbers by id, each with its names and colour"))
        if problems:
            raise DataError(problems)
        return Track(
            dict(data.get("name") or {}), data["length"], {str(k): dict(v) for k, v in data["climbers"].items()}
        )

    def powers(self, setup: Track) -> tuple[str, ...]:
        return tuple(setup.climbers)

    def seats(self, setup: Track, options: Options) -> tuple[str, ...]:
        return self.powers(setup)

    def options_of(self, profile: Options, data: Data) -> Options:
        values = {k: v for k, v in data.items() if k in ("collisions", "summit")}
        return replace(profile, **values)

    def with_version(self, options: Options, version: int) -> Options:
        return replace(options, version=version)

    def rolls_dice(self, options: Options) -> bool:
        return options.collisions

    def turn_key(self, turn: str) -> tuple[int, ...]:
        m = TURN.fullmatch(turn)
        if m is None:
            raise ValueError(f"{turn!r} is not a turn id like t01")
        return (int(m[1]),)

    def turn_kind(self, turn: str) -> str:
        return "turn"

    def start(self, setup: Track, options: Options, dice: Dice) -> tuple[str, Climb]:
        return "t01", Climb(1, {p: 0 for p in setup.climbers})

    def state_to_data(self, setup: Track, state: Climb, secret: bool) -> StateData:
        public = {"turn": state.number, "heights": dict(state.heights)}
        return StateData(public | ({"winners": list(state.winners)} if state.winners else {}), {} if secret else None)

    def state_from_data(self, setup: Track, public: Data, secret: Data | None, file: str) -> Climb:
        heights = public.get("heights")
        if not isinstance(public.get("turn"), int) or not isinstance(heights, Mapping):
            raise DataError([Problem("heights", "expected the turn and each climber's height")], file=file)
        return Climb(public["turn"], {str(k): int(v) for k, v in heights.items()}, tuple(public.get("winners") or ()))

    def powers_to_order(self, setup: Track, state: Climb) -> list[str]:
        return [] if state.winners else sorted(setup.climbers)

    def read_orders(
        self,
        setup: Track,
        state: Climb,
        options: Options,
        power: str,
        data: Data,
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders[int]:
        pace = data.get("pace")
        if pace not in PACES:
            return ReadOrders(1, (Problem("pace", f"expected a pace of 1, 2 or 3, not {pace!r}", lines("pace")),))
        return ReadOrders(int(pace))

    def no_orders(self, setup: Track, state: Climb, power: str) -> int:
        return 1

    def order_lines(self, orders: int) -> list[str]:
        return [f"pace {orders}"]

    def order_words(self, orders: int) -> list[str]:
        return [f"climbs {orders} step(s)"]

    def revealed_lines(self, orders: int, secret: bool) -> list[str] | None:
        return None

    def read_ruling(self, setup: Track, state: Climb, data: Data) -> None:
        return None

    def no_ruling(self, setup: Track, state: Climb) -> None:
        return None

    def waiting_for(
        self, setup: Track, state: Climb, options: Options, orders: Mapping[str, int], ruling: None
    ) -> list[str]:
        return []

    def adjudicate(
        self,
        setup: Track,
        turn: str,
        state: Climb,
        options: Options,
        orders: Mapping[str, int],
        ruling: None,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult[Climb]:
        paces = {p: orders.get(p, 1) for p in sorted(setup.climbers)}
        climbs = _climbs(paces, options, dice)
        summit = options.summit or setup.length
        heights = {p: min(summit, state.heights[p] + climbs[p]) for p in paces}
        winners = tuple(sorted(p for p in heights if heights[p] >= summit))
        after = Climb(state.number + 1, heights, winners)
        record = {
            "paces": paces,
            "climbs": climbs,
            "heights": heights,
            **({"winners": list(winners)} if winners else {}),
        }
        rolled = shares(dice.draws)
        private: dict[str, Data] = {p: {"pace": pace} for p, pace in paces.items()}
        result = TurnResult(f"t{after.number:02d}", after, record, {"dice": list(rolled.public)}, private)
        return result.with_dice(rolled)

    def legal_orders(self, setup: Track, state: Climb, options: Options, powers: Sequence[str], secret: bool) -> Data:
        return {"powers": {p: {"pace": list(PACES)} for p in powers}}

    def game_over(self, setup: Track, state: Climb, options: Options) -> GameOver | None:
        return GameOver(state.winners, "summit") if state.winners else None

    def ranking(self, setup: Track, state: Climb) -> list[tuple[str, tuple[int, ...]]]:
        return sorted(((p, (h,)) for p, h in state.heights.items()), key=lambda item: (-item[1][0], item[0]))

    def case_problems(self, case: Data) -> list[tuple[str, str]]:
        problems = [] if isinstance(case.get("heights"), Mapping) else [("heights", "expected each climber's height")]
        return problems + [
            ("turns", "expected a list of turns") for _ in [0] if not isinstance(case.get("turns"), list)
        ]

    def play_case(self, setup: Track, options: Options, case: Data) -> tuple[list[str], list[str]]:
        state = Climb(1, {**{p: 0 for p in setup.climbers}, **case["heights"]})
        failures = []
        for n, turn in enumerate(case["turns"], 1):
            dice = FixedDice({str(k): int(v) for k, v in (turn.get("dice") or {}).items()}, default=1)
            result = self.adjudicate(setup, f"t{n:02d}", state, options, turn["orders"], None, dice, False, False)
            state = result.state
            expect = dict(turn.get("expect") or {})
            winners = expect.pop("winners", [])
            failures += [
                f"turn {n}: {p} at {state.heights[p]}, not {h}" for p, h in expect.items() if state.heights[p] != h
            ]
            if sorted(winners) != list(state.winners):
                failures.append(f"turn {n}: the winners are {list(state.winners)}, not {sorted(winners)}")
        return failures, []


def _climbs(paces: Mapping[str, int], options: Options, dice: Dice) -> dict[str, int]:
    """How far each climber climbs: his pace, but of those who chose the same pace, only the highest die's."""
    climbs = dict(paces)
    if not options.collisions:
        return climbs
    for pace in PACES:
        same = [p for p, chosen in paces.items() if chosen == pace]
        if len(same) < 2:
            continue
        rolls = {p: dice.roll(f"jostle {p}", 6, PUBLIC) for p in same}
        top = max(rolls.values())
        first = [p for p, r in rolls.items() if r == top]
        for p in same:
            climbs[p] = pace if first == [p] else _jostled(options)
    return climbs


def _jostled(options: Options) -> int:
    """How far a climber who loses a jostle climbs: none under version 1, one step from version 2 on."""
    return 0 if options.version == 1 else 1


class SummitPresentation(Presentation[Track, Climb, Options]):
    rules_page = f"{__package__}:pages/rules.md"
    orders_page = f"{__package__}:pages/orders.md"

    def title(self, setup: Track, turn: str, t: Translations) -> str:
        return str(_w(t, "turn")).format(n=SummitRules().turn_key(turn)[0])

    def power_name(self, setup: Track, power: str, t: Translations) -> str:
        return setup.climbers[power].get(t.lang) or power

    def setup_name(self, setup: Track, t: Translations) -> str:
        return markdown_text(setup.name.get(t.lang) or "")

    def profile_title(self, profile: str, t: Translations) -> str:
        return str(_w(t, "summit_rules")) if profile == "summit" else profile

    def seat_word(self, t: Translations) -> str:
        return str(_w(t, "climber"))

    def standings(self, setup: Track, state: Climb, secret: bool, t: Translations) -> Table:
        rows = tuple(
            (markdown_text(self.power_name(setup, p, t)), str(h[0])) for p, h in SummitRules().ranking(setup, state)
        )
        return Table((self.seat_word(t), str(_w(t, "height"))), rows, ("left", "right"))

    def standing_labels(self, t: Translations, secret: bool) -> list[str | None]:
        return [str(_w(t, "height"))]

    def axis_label(self, setup: Track, turn: str, t: Translations) -> str:
        return turn

    def colours(self, setup: Track) -> Mapping[str, str]:
        return {p: info["colour"] for p, info in setup.climbers.items()}

    def state_notes(self, setup: Track, state: Climb, t: Translations) -> list[str]:
        return []

    def option_words(self, options: Options, t: Translations) -> dict[str, list[str]]:
        jostle = list(_w(t, "collisions"))
        return {
            "collisions": jostle if options.collisions else jostle[::-1],
            "summit": [str(_w(t, "summit")).format(n=options.summit or "…")],
        }

    def report(
        self,
        setup: Track,
        options: Options,
        turn: str,
        before: Climb,
        after: Climb | None,
        results: Data,
        t: Translations,
        viewer: str | None = None,
    ) -> str:
        lines = [f"# {markdown_text(self.title(setup, turn, t))}", ""]
        for p, climbed in sorted(results["climbs"].items()):
            who, h, pace = markdown_text(self.power_name(setup, p, t)), results["heights"][p], results["paces"][p]
            line = (
                _w(t, "climbs").format(who=who, n=climbed, h=h)
                if climbed
                else _w(t, "stays").format(who=who, h=h, p=pace)
            )
            lines.append(f"- {line}")
        if viewer == MASTER:
            lines += ["", str(_w(t, "master"))]
        elif viewer is not None:
            lines += ["", str(_w(t, "private")).format(p=(results.get("private") or {}).get("pace", "?"))]
        return "\n".join(lines) + "\n"

    def draw_map(
        self,
        setup: Track,
        options: Options,
        turn: str,
        state: Climb,
        results: Data | None,
        languages: Sequence[Translations],
    ) -> Mapping[str, Mapping[str, str]]:
        return {"": {t.lang: self._svg(setup, options, turn, state, t) for t in languages}}

    def _svg(self, setup: Track, options: Options, turn: str, state: Climb, t: Translations) -> str:
        summit = options.summit or setup.length
        marks = []
        for i, (p, h) in enumerate(sorted(state.heights.items())):
            x, y = 20 + 40 * i, 200 - int(180 * h / summit)
            name = markup_text(self.power_name(setup, p, t))
            marks.append(
                f'<circle cx="{x}" cy="{y}" r="8" fill="{setup.climbers[p]["colour"]}"><title>{name}</title></circle>'
            )
        title = markup_text(self.title(setup, turn, t))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 220"><title>{title}</title>'
                f'<path d="M0 210 L100 10 L200 210 Z" fill="#ddd"/>{"".join(marks)}</svg>\n')  # fmt: skip

    def order_form(self, setup: Track, state: Climb, options: Options, t: Translations) -> Data:
        return {"paces": list(PACES), "words": {"pace": "pace" if t.lang == "en" else "allure"}}

    def outcome_words(self, setup: Track, over: GameOver, t: Translations) -> str:
        who = t.join([markdown_text(self.power_name(setup, p, t)) for p in over.winners])
        return str(_w(t, "won")).format(who=who)


FAMILY: GameFamily[Track, Climb, int, None, Options] = GameFamily(
    "summit",
    {"summit": Profile("summit", "summit", "hill", Options())},
    OptionSet.of_dataclass(
        "summit",
        Options,
        rules={"collisions": "the race's rules", "summit": "the track"},
        leave_out=frozenset({"version"}),
    ),
    SummitRules(),
    SummitPresentation(),
    rules_versions=VERSIONS,
)


__all__ = ["FAMILY"]
