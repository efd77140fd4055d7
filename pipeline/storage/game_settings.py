"""What game.yaml says besides the rules: players, game masters, languages, secrecy, deadlines, dice.

    title: "Spring tournament, table 2"   # or one per language: {en: "Spring tournament", fr: "Tournoi de printemps"}
    profile: judge
    map: machiavelli-classic
    languages: [fr, en]                  # the site's languages, the first one the game's own
    masters: [gm-login]                  # GitHub logins of the game masters
    secret_orders: true                  # players commit <power>.yaml.age, encrypted to public_key
    secret_money: true                   # treasuries, money orders and income encrypted (default: secret_orders)
    public_key: age1...                  # the game's age key (its private half is a CI secret)
    ended: true                          # the masters ended it: no more turns; its secrets may be published
    created_by: pbem-pipeline 0.2.0      # the release whose `judge new` created it (written by judge new)
    rules_version: 2                     # the family's rules version the game plays (judge new: the newest;
                                         # absent: 1, a game created before versions)
    rules_changes:                       # written by `judge rules-version`: each change, and the turn it
    - {turn: 1903-spring-movement, from: 1, to: 2}   # applies from (earlier turns keep the version before)
    dice: {commitment: 3fa1..., links: 2000}   # the end of the game master's hash chain
    deadlines:
      movement: 72h                      # how long each kind of phase lasts
      retreat: 24h
      adjustment: 48h
      weekdays: [mon, tue, wed, thu, fri, sun]  # a deadline falling on another day moves to the next one
      time: "20:00"                      # and to this time of day
      timezone: Europe/Paris
      grace: 2h                          # orders still accepted this long after the deadline
                                         # (the kinds are the family's: `year` for Symmachia, `round`... for Catan)
    powers:
      florence: {player: some-login, public_key: age1...}

Every problem of the file is reported at once, with its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pipeline.errors import Problem, shown

# A GitHub login: letters, digits and single hyphens, neither first nor last, at most 39 characters.
LOGIN = re.compile(r"[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}")
AGE_RECIPIENT = re.compile(r"^age1[02-9ac-hj-np-z]{58}$")  # bech32, 32 bytes of X25519 key
CREATED_BY = re.compile(r"pbem-pipeline [0-9]+\.[0-9]+\.[0-9]+[0-9A-Za-z.+-]*")  # `judge new`'s created_by:
HEX_64 = re.compile(r"^[0-9a-f]{64}$")
DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*$")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
LANGUAGES = ("fr", "en")
MAX_DURATION = timedelta(days=365)  # a phase or a grace longer than a year is a typo, and overflows dates
MAX_LINKS = 100_000  # the dice chain's length: 2,000 serve any game; each link costs a hash at every check
MAX_TITLE = 200  # characters: a title is shown on one line
NO_BREAK_SPACES = str.maketrans("\u00a0\u202f", "  ")  # French puts them before ":" (not `isprintable`)


@dataclass(frozen=True)
class Deadlines:
    lengths: Mapping[str, timedelta]  # turn kind (`GameFamily.turn_kinds`) -> how long the turn lasts
    weekdays: frozenset[int] = frozenset(range(7))  # Monday is 0
    at: time | None = None
    timezone: str = "UTC"
    grace: timedelta = timedelta(0)


@dataclass(frozen=True)
class DiceCommitment:
    commitment: str
    links: int


@dataclass(frozen=True)
class RulesChange:
    """A game moved from one rules version of its family to another, from a turn on (`judge rules-version`)."""

    turn: str
    was: int
    to: int


@dataclass(frozen=True)
class RulesVersions:
    """The rules versions a game plays: `current` from the turn of its last change on (from its start if it
    has none), and each earlier one until the turn of the change that left it."""

    current: int = 1
    changes: tuple[RulesChange, ...] = ()  # in the order they were made, which is the order of their turns

    def at(self, turn: str, turn_key: Callable[[str], tuple[int, ...]]) -> int:
        """The version `turn` is played under."""
        version = self.current
        for change in reversed(self.changes):
            if turn_key(turn) >= turn_key(change.turn):
                break
            version = change.was
        return version

    @property
    def first(self) -> int:
        """The version the game started with."""
        return self.changes[0].was if self.changes else self.current


@dataclass(frozen=True)
class Settings:
    players: Mapping[str, str] = field(default_factory=dict)  # power -> GitHub login
    player_keys: Mapping[str, str] = field(default_factory=dict)  # power -> age public key
    masters: tuple[str, ...] = ()
    languages: tuple[str, ...] = ("en", "fr")
    secret_orders: bool = False
    secret_money: bool = False
    public_key: str | None = None
    dice: DiceCommitment | None = None
    deadlines: Deadlines | None = None
    demo: bool = False  # a demo game may keep its keys in the folder (demo-secrets.yaml)
    ended: bool = False  # the masters ended the game: its secrets may be published (secrets.yaml)
    titles: Mapping[str, str] = field(default_factory=dict)  # language -> the game's title (`title_in`)
    created_by: str | None = None  # "pbem-pipeline 0.2.0": the release that created the game (None before 0.2.0)
    rules: RulesVersions = RulesVersions()  # the family's rules versions the game plays, and from which turns

    def title_in(self, lang: str, default: str = "") -> str:
        """The title in `lang`, else in the game's own language, else any title given, else `default`."""
        for wanted in (lang, *self.languages):
            if wanted in self.titles:
                return self.titles[wanted]
        return next(iter(self.titles.values()), default)

    def may_write(self, login: str, power: str) -> bool:
        """Whether `login` may send or change the orders of `power`: its player, or a game master."""
        folded = login.lower()
        return folded in (m.lower() for m in self.masters) or self.players.get(power, "").lower() == folded


def check_login(value: Any, where: str) -> Problem | None:
    """The problem with a login from game.yaml, or None if it is a valid GitHub login."""
    if not isinstance(value, str):
        return Problem(where, f"a GitHub login is text (put it in quotes), not {value!r}")
    if value.startswith("@"):
        return Problem(where, f"write the GitHub login without '@': {value[1:]!r}")
    if len(value) > 39:
        return Problem(where, f"{value!r} is not a GitHub login: at most 39 characters")
    if not LOGIN.fullmatch(value):
        return Problem(where, f"{value!r} is not a GitHub login: letters, digits and single hyphens, not first or last")
    return None


def parse_duration(text: object) -> timedelta | None:
    """``72h``, ``3d``, ``1d 12h``, ``90m`` (or a number of hours); None if not understood. A duration too
    long for any date (``99999999999d``) is `timedelta.max`, which `MAX_DURATION` refuses."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int | float):
        if text != text:  # NaN
            return None
        try:
            return timedelta(hours=float(text))
        except OverflowError:
            return timedelta.max
    m = DURATION.match(str(text))
    if not m or not any(m.groups()):
        return None
    days, hours, minutes = (int(g) if g else 0 for g in m.groups())
    try:
        return timedelta(days=days, hours=hours, minutes=minutes)
    except OverflowError:
        return timedelta.max


def _duration_problem(value: object, where: str, example: str) -> tuple[timedelta | None, Problem | None]:
    """A duration of game.yaml, or the problem with it: not one, not over zero, or over `MAX_DURATION`."""
    length = parse_duration(value)
    if length is None or length <= timedelta(0):
        return None, Problem(where, f"{shown(value)} is not a duration like {example}")
    if length > MAX_DURATION:
        return None, Problem(where, f"{shown(value)} is longer than {MAX_DURATION.days} days")
    return length, None


@dataclass(frozen=True)
class FamilyFacts:
    """What game.yaml's settings are checked against of the game's family: the powers of the game, the kinds
    of turn (`Rules.turn_kinds`, each of which may have a deadline), how many rules versions it has
    (`GameFamily.rules_versions`) and what sorts its turn ids (`Rules.turn_key`, which refuses a name that
    is none)."""

    powers: tuple[str, ...]
    turn_kinds: tuple[str, ...]
    versions: int = 1
    turn_key: Callable[[str], tuple[int, ...]] | None = None
    name: str = "its family"  # the family's id, as messages name it


def parse_settings(data: Mapping[str, Any], facts: FamilyFacts) -> tuple[Settings, list[Problem]]:
    """The settings of a game.yaml already parsed; problems carry key paths, not lines yet."""
    powers, turn_kinds = facts.powers, facts.turn_kinds
    problems: list[Problem] = []
    titles = _titles(data.get("title"), problems)
    players, player_keys = _players(data.get("powers") or {}, powers, problems)
    masters = _masters(data.get("masters") or [], problems)
    languages = data.get("languages") or ["en", "fr"]
    if not isinstance(languages, list) or any(not isinstance(lang, str) or lang not in LANGUAGES for lang in languages):
        problems.append(Problem("languages", f"expected a list of languages among {', '.join(LANGUAGES)}"))
        languages = ["en", "fr"]
    secret = _flag(data, "secret_orders", False, problems)
    secret_money = _flag(data, "secret_money", secret, problems)
    public_key = _key("public_key", data.get("public_key"), problems)
    for name, wanted in (("secret_orders", secret), ("secret_money", secret_money)):
        if wanted and public_key is None and "public_key" not in data:
            problems.append(Problem(name, "secrets need the game's public_key (see `judge keygen`)"))
    demo = _flag(data, "demo", False, problems)
    ended = _flag(data, "ended", False, problems)
    created_by = data.get("created_by")
    if created_by is not None and not (isinstance(created_by, str) and CREATED_BY.fullmatch(created_by)):
        problems.append(Problem("created_by", "expected the release that created the game, like 'pbem-pipeline 0.2.0'"))
        created_by = None
    return (
        Settings(
            players,
            player_keys,
            tuple(masters),
            tuple(str(lang) for lang in languages),
            secret,
            secret_money,
            public_key,
            _dice(data.get("dice"), problems),
            _deadlines(data.get("deadlines"), problems, turn_kinds),
            demo,
            ended,
            titles,
            created_by,
            rules_versions(data, facts, problems),
        ),
        problems,
    )


def rules_versions(data: Mapping[str, Any], facts: FamilyFacts, problems: list[Problem]) -> RulesVersions:
    """`rules_version:` and `rules_changes:`: the versions a game plays, each a version its family has, each
    change from the version before it, at a turn later than the one before, to the version in force."""
    current = _version(data.get("rules_version", 1), "rules_version", facts, problems)
    raw = data.get("rules_changes") or []
    if not isinstance(raw, list):
        problems.append(Problem("rules_changes", "expected a list of changes like {turn: ..., from: 1, to: 2}"))
        raw = []
    changes = [change for i, item in enumerate(raw) if (change := _change(item, i, facts, problems)) is not None]
    if len(changes) < len(raw):
        return RulesVersions(current or 1)
    for i in range(1, len(changes)):
        before, change = changes[i - 1], changes[i]
        if not _later(change.turn, before.turn, facts):
            problems.append(
                Problem(f"rules_changes[{i}].turn", f"expected a turn after {before.turn}, the change before's")
            )
        if change.was != before.to:
            problems.append(
                Problem(f"rules_changes[{i}].from", f"expected {before.to}, the version the change before moved to")
            )
    if changes and current is not None and current != changes[-1].to:
        problems.append(
            Problem("rules_version", f"expected {changes[-1].to}, the version the last of rules_changes moved to")
        )
    return RulesVersions(current or 1, tuple(changes))


def _login(where: str, value: object, problems: list[Problem]) -> str | None:
    """A GitHub login, or None: none given, or not a login (a problem)."""
    if value is None or value == "":
        return None
    problem = check_login(value, where)
    if problem is not None:
        problems.append(problem)
        return None
    return str(value)


def _key(where: str, value: object, problems: list[Problem]) -> str | None:
    """An age public key, or None: none given, or not a key (a problem)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not AGE_RECIPIENT.match(value):
        problems.append(Problem(where, f"{value!r} is not an age public key (age1 followed by 58 characters)"))
        return None
    return value


def _flag(data: Mapping[str, Any], name: str, default: bool, problems: list[Problem]) -> bool:
    """A yes/no setting: its value, its default when absent, false when it is not true or false (a problem)."""
    value = data.get(name, default)
    if not isinstance(value, bool):
        problems.append(Problem(name, "expected true or false"))
        return False
    return value


def _players(
    raw_powers: object, powers: tuple[str, ...], problems: list[Problem]
) -> tuple[dict[str, str], dict[str, str]]:
    """`powers:`: each power's player's login and public key, by power."""
    players: dict[str, str] = {}
    player_keys: dict[str, str] = {}
    if not isinstance(raw_powers, Mapping):
        problems.append(
            Problem("powers", "expected a mapping of each power to its player, like france: {player: login}")
        )
        raw_powers = {}
    for power, info in raw_powers.items():
        if power not in powers:
            problems.append(
                Problem(f"powers.{power}", f"unknown power {shown(power)} (the map has {', '.join(powers)})")
            )
            continue
        if info is None:
            continue
        if not isinstance(info, Mapping):
            problems.append(Problem(f"powers.{power}", "expected a mapping with player and public_key"))
            continue
        if (who := _login(f"powers.{power}.player", info.get("player"), problems)) is not None:
            players[str(power)] = who
        if (pk := _key(f"powers.{power}.public_key", info.get("public_key"), problems)) is not None:
            player_keys[str(power)] = pk
    return players, player_keys


def _masters(raw_masters: object, problems: list[Problem]) -> list[str]:
    """`masters:`: the game masters' GitHub logins."""
    if not isinstance(raw_masters, list):
        problems.append(Problem("masters", "expected a list of GitHub logins"))
        return []
    return [m for i, value in enumerate(raw_masters) if (m := _login(f"masters[{i}]", value, problems)) is not None]


def _titles(raw: object, problems: list[Problem]) -> dict[str, str]:
    """`title: "..."` (every language's) or `title: {en: "...", fr: "..."}`: language -> title."""
    if raw is None:
        return {}
    example = '{en: "Spring tournament", fr: "Tournoi de printemps"}'
    if not isinstance(raw, Mapping):
        return dict.fromkeys(LANGUAGES, str(raw)) if _title_ok(raw, "title", problems, example) else {}
    unknown = [shown(lang) for lang in raw if lang not in LANGUAGES]
    if not raw or unknown:
        wrong = f", not {', '.join(unknown)}" if unknown else ""
        problems.append(
            Problem("title", f"the titles are given per language, {' or '.join(LANGUAGES)}{wrong}: {example}")
        )
        return {}
    return {str(lang): str(text) for lang, text in raw.items() if _title_ok(text, f"title.{lang}", problems)}


def _title_ok(text: object, where: str, problems: list[Problem], example: str = "") -> bool:
    """Whether `text` is a title (one line of text); if not, its problem is added."""
    if not isinstance(text, str) or not text.strip():
        also = f"; or one per language: {example}" if example else ""
        problems.append(Problem(where, f"the title is text (put it in quotes), not {shown(text)}{also}"))
        return False
    if len(text) > MAX_TITLE or not text.translate(NO_BREAK_SPACES).isprintable():
        problems.append(Problem(where, f"the title is one line of at most {MAX_TITLE} characters"))
        return False
    return True


def _dice(raw: object, problems: list[Problem]) -> DiceCommitment | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        problems.append(Problem("dice", "expected a mapping with commitment and links"))
        return None
    commitment, links = raw.get("commitment"), raw.get("links")
    ok = True
    if not isinstance(commitment, str) or not HEX_64.match(commitment):
        problems.append(Problem("dice.commitment", "expected the 64 hexadecimal digits of a sha256 hash"))
        ok = False
    if isinstance(links, bool) or not isinstance(links, int) or not 2 <= links <= MAX_LINKS:
        problems.append(
            Problem("dice.links", f"expected the length of the hash chain, a whole number from 2 to {MAX_LINKS:,}")
        )
        ok = False
    return DiceCommitment(str(commitment), int(links)) if ok else None  # type: ignore[arg-type]


def _deadlines(raw: object, problems: list[Problem], turn_kinds: tuple[str, ...]) -> Deadlines | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        problems.append(Problem("deadlines", f"expected a mapping ({', '.join(turn_kinds)}, weekdays, time...)"))
        return None
    lengths: dict[str, timedelta] = {}
    for kind in turn_kinds:
        if kind in raw:
            length, problem = _duration_problem(raw[kind], f"deadlines.{kind}", "72h, 3d or 1d 12h")
            if problem is not None:
                problems.append(problem)
            elif length is not None:
                lengths[kind] = length
    unknown = sorted(str(k) for k in set(raw) - {*turn_kinds, "weekdays", "time", "timezone", "grace"})
    known = ", ".join([*turn_kinds, "weekdays", "time", "timezone", "grace"])
    for name in unknown:
        problems.append(Problem(f"deadlines.{name}", f"unknown setting ({known})"))
    weekdays = frozenset(range(7))
    if "weekdays" in raw:
        days = raw["weekdays"]
        if not isinstance(days, list) or not days or any(str(d).lower()[:3] not in WEEKDAYS for d in days):
            problems.append(Problem("deadlines.weekdays", f"expected a list of days among {', '.join(WEEKDAYS)}"))
        else:
            weekdays = frozenset(WEEKDAYS.index(str(d).lower()[:3]) for d in days)
    at = None
    if raw.get("time") is not None:
        m = re.match(r"^(\d{1,2}):(\d{2})$", str(raw["time"]))
        if not m or int(m[1]) > 23 or int(m[2]) > 59:
            problems.append(Problem("deadlines.time", f'{raw["time"]!r} is not a time of day like "20:00"'))
        else:
            at = time(int(m[1]), int(m[2]))
    timezone = str(raw.get("timezone", "UTC"))
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        problems.append(Problem("deadlines.timezone", f"unknown time zone {timezone!r} (e.g. Europe/Paris, UTC)"))
        timezone = "UTC"
    grace = timedelta(0)
    if raw.get("grace") not in (None, 0):
        length, problem = _duration_problem(raw["grace"], "deadlines.grace", "2h")
        if problem is not None:
            problems.append(problem)
        grace = length or timedelta(0)
    return Deadlines(lengths, weekdays, at, timezone, grace)


def _version(value: object, where: str, facts: FamilyFacts, problems: list[Problem]) -> int | None:
    """A rules version of the game's family, or None (a problem): a whole number from 1 to its newest."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= facts.versions:
        return value
    have = "1" if facts.versions == 1 else f"1 to {facts.versions}"
    newer = isinstance(value, int) and not isinstance(value, bool) and value > facts.versions
    why = " (a newer release of the judge has it: upgrade first)" if newer else ""
    problems.append(Problem(where, f"{shown(value)} is not a rules version of {facts.name} ({have}){why}"))
    return None


def _change(item: object, i: int, facts: FamilyFacts, problems: list[Problem]) -> RulesChange | None:
    """One change of `rules_changes:`: its turn, the version it left and the one it moved to."""
    where = f"rules_changes[{i}]"
    if not isinstance(item, Mapping) or set(item) != {"turn", "from", "to"}:
        problems.append(Problem(where, "expected a change like {turn: <the turn it applies from>, from: 1, to: 2}"))
        return None
    turn = item["turn"]
    turn_ok = isinstance(turn, str) and _is_turn(turn, facts)
    if not turn_ok:
        problems.append(Problem(f"{where}.turn", f"{shown(turn)} is not a turn id of the game"))
    was = _version(item["from"], f"{where}.from", facts, problems)
    to = _version(item["to"], f"{where}.to", facts, problems)
    if was is None or to is None or not turn_ok:
        return None
    if was == to:
        problems.append(Problem(f"{where}.to", f"expected another version than {was}, the one it changes from"))
        return None
    return RulesChange(str(turn), was, to)


def _is_turn(turn: str, facts: FamilyFacts) -> bool:
    if facts.turn_key is None:
        return True
    try:
        facts.turn_key(turn)
    except (ValueError, KeyError):
        return False
    return True


def _later(turn: str, before: str, facts: FamilyFacts) -> bool:
    return facts.turn_key is None or facts.turn_key(turn) > facts.turn_key(before)
