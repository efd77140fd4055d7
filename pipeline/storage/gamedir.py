"""The folder of one game, `games/<game-id>/`, and what lives where in it.

    game.yaml                         title, rules, players, game masters, deadlines, keys (`game_settings`)
    state/<turn>.yaml                 the position a turn is played in (the first one written by `judge new`)
    orders/<turn>/<power>.yaml        each power's orders for that turn (revealed in clear once adjudicated)
    orders/<turn>/<power>.yaml.age    the same, encrypted to the game's key, in a game with secret orders
    results/<turn>.yaml               every order of the turn as read, with its result and reason, the dice
    deadlines.yaml                    when each turn's orders are due (written as the turn opens)
    .judge-commit.json                only while a change is being written (`atomic`; never committed)
    .judge-lock                       held by the command writing the game (`lock`; ignored by git)
    demo-secrets.yaml                 a demo game's keys, in the open (never in a real game)
    secrets.yaml                      an ended game's keys, published so anyone can check it (`judge publish-secrets`)

A turn id is the family's (`Rules.turn_key` sorts them in the order they are played): a board family's
names a phase, ``1901-spring-movement``, Symmachia's a year, ``y01-229bc``, the Catan variant's a round, ``r01``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pipeline.errors import DataError, Problem, shown
from pipeline.games import GameFamily, family, profile
from pipeline.games.contract import Profile

from .atomic import recover, write_all
from .game_settings import FamilyFacts, Settings, parse_settings
from .maps import load_setup
from .private_files import private_state_path
from .sealed import available_identities, unseal
from .yamlio import load_yaml, load_yaml_fast, locate, parse_yaml_fast


@dataclass
class Game:
    folder: Path
    id: str
    title: str
    map_name: str
    setup: Any  # the game's setup, the family's: a board family's map (`Board`), Symmachia's scenario...
    family: GameFamily[Any, Any, Any, Any, Any]  # the family the profile names: its rules and presentation
    profile: Profile[Any]  # the profile game.yaml names
    options: Any  # the family's rule options: the profile's, with game.yaml's over them, at the rules version in force
    settings: Settings = field(default_factory=Settings)
    data: Mapping[str, Any] = field(default_factory=dict)  # game.yaml as written
    identities: tuple[str, ...] = ()  # private age keys at hand (environment, key file, a demo or ended game's own)
    # each results and state file as last read, with the (inode, mtime, size) it was read at: a turn's results are
    # asked for by the order files' record, the dice seed, the trigger and the refusals of one replay step, and
    # a turn's state and results by its phase page, the one before, its map and the charts of `judge site`
    _read: dict[Path, tuple[tuple[int, int, int], Any]] = field(default_factory=dict, repr=False, compare=False)
    # each state file's public position, made once from the data read (positions are values: never changed)
    _positions: dict[Path, tuple[Any, Any]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def powers(self) -> tuple[str, ...]:
        """Every power of the game (the setup's, or as many as its options take: `Rules.seats`)."""
        return self.family.rules.seats(self.setup, self.options)

    def turn_key(self, turn: str) -> tuple[int, ...]:
        """What sorts the game's turn ids in the order they are played."""
        return self.family.rules.turn_key(turn)

    def rules_version(self, turn: str) -> int:
        """The family's rules version `turn` is played under (game.yaml's `rules_version`, `rules_changes`)."""
        return self.settings.rules.at(turn, self.turn_key)

    def options_at(self, turn: str) -> Any:
        """The options `turn` is played under: `options` at the rules version in force at that turn."""
        version = self.rules_version(turn)
        if version == self.settings.rules.current:
            return self.options
        return self.family.rules.with_version(self.options, version)

    @property
    def secret_money(self) -> bool:
        """Whether each power's own business (a board family's treasury, loans, money orders and income) is
        kept encrypted."""
        rules = self.family.rules
        return rules.has_money and (self.settings.secret_money or rules.always_secret)

    def title_in(self, lang: str) -> str:
        """The game's title in `lang` (`title: {en: ..., fr: ...}` in game.yaml), else in another language."""
        return self.settings.title_in(lang, self.title)

    @property
    def players(self) -> Mapping[str, str]:
        return self.settings.players

    def state_path(self, turn: str) -> Path:
        return self.folder / "state" / f"{turn}.yaml"

    def results_path(self, turn: str) -> Path:
        return self.folder / "results" / f"{turn}.yaml"

    def recorded_results(self, turn: str) -> Mapping[str, Any] | None:
        """A turn's committed results as data (None: not adjudicated, or not a mapping), read once while the
        file stays as it was. The data is shared by every caller: copy it before changing it."""
        data = self._read_once(self.results_path(turn))
        return data if isinstance(data, Mapping) else None

    def adjudicated_at(self, turn: str) -> datetime | None:
        """When a turn was adjudicated, as its results record it (`adjudicated: {at: ...}`); None: not
        adjudicated, or adjudicated with no clock given (a replayed demo)."""
        results = self.recorded_results(turn)
        trigger = results.get("adjudicated") if results is not None else None
        return adjudication_time(trigger.get("at")) if isinstance(trigger, Mapping) else None

    def forget_files(self) -> None:
        """Let go of the files read so far (`judge site` keeps every game of a club, one read at a time)."""
        self._read.clear()
        self._positions.clear()

    def _read_once(self, path: Path) -> Any:
        """A file the judge wrote (state, results) as data, with the fast parser, read again only once it has
        changed; None if there is no such file."""
        try:
            stat = path.stat()
        except FileNotFoundError:
            return None
        stamp = (stat.st_ino, stat.st_mtime_ns, stat.st_size)  # a rewrite (os.replace) changes the inode
        cached = self._read.get(path)
        if cached is None or cached[0] != stamp:
            cached = (stamp, load_yaml_fast(path))
            self._read[path] = cached
        return cached[1]

    def orders_dir(self, turn: str) -> Path:
        return self.folder / "orders" / turn

    @property
    def deadlines_path(self) -> Path:
        return self.folder / "deadlines.yaml"

    @property
    def open_secrets_path(self) -> Path:
        """Where the game's own keys may be read in the open: a demo game's, or an ended game's once published."""
        return self.folder / ("demo-secrets.yaml" if self.settings.demo else "secrets.yaml")

    def open_secrets(self) -> Mapping[str, Any]:
        """The game's keys in the open (`age_identity`, `dice_secret`): a demo game's, so anyone can replay it,
        or an ended game's, published so anyone can check every revealed file and every die; nothing for a
        game being played, even if such a file were committed by mistake."""
        if not (self.settings.demo or self.settings.ended) or not self.open_secrets_path.exists():
            return {}
        data = load_yaml(self.open_secrets_path, max_bytes=4096, aliases=False)
        return data if isinstance(data, Mapping) else {}

    def adjudicated(self) -> list[str]:
        """The turns that have results, in the order played."""
        return [t for t in self.turns() if self.results_path(t).exists()]

    def turn_number(self, turn: str) -> int:
        """1 for the game's first turn, 2 for the next...: which link of the dice chain the turn reveals."""
        return self.turns().index(turn) + 1

    def turns(self) -> list[str]:
        """Every turn with a state file, in the order played."""
        states = self.folder / "state"
        names = [p.stem for p in states.glob("*.yaml")] if states.is_dir() else []
        valid = []
        key = self.family.rules.turn_key
        for name in names:
            try:
                key(name)
            except (ValueError, KeyError):
                raise DataError(
                    f"state file name {name!r} is not a turn id like {self.family.rules.turn_example}",
                    file=str(states / f"{name}.yaml"),
                ) from None
            valid.append(name)
        return sorted(valid, key=key)

    def current_turn(self) -> str:
        turns = self.turns()
        if not turns:
            raise DataError("the game has no state yet (create it with `judge new`)", file=str(self.folder))
        return turns[-1]

    def state(self, turn: str, public: bool = False) -> Any:
        """The state a turn is played in, the family's value. Its secret part (beside it, encrypted: the
        treasuries and loans of a game with secret money, each power's and the game master's part of a
        family that keeps them) is decrypted with the keys at hand; `public` reads only what everybody may
        see."""
        path = self.state_path(turn)
        private_path = private_state_path(path)
        secret: Mapping[str, Any] | None = None
        if private_path.exists() and not public:
            secret = parse_yaml_fast(  # the judge wrote it: the fast parser (lines only if a problem needs them)
                unseal(private_path.read_bytes(), self.identities, str(private_path)), str(private_path)
            )
        data = self._read_once(path)
        if data is None:
            data = load_yaml(path)  # says why the file cannot be read
        if not secret:
            made = self._positions.get(path)
            if made is not None and made[0] is data:  # the same read of the same file: a state is a value
                return made[1]
        rules = self.family.rules
        try:
            state = rules.state_from_data(self.setup, data, secret, str(path))
        except DataError:
            data = load_yaml(path)  # again, to give the lines
            try:
                return rules.state_from_data(self.setup, data, secret, str(path))
            except DataError as err:
                raise DataError(locate(err.problems, data, str(path))) from None
        if not secret:
            self._positions[path] = (data, state)
        return state


def family_facts(played_by: GameFamily[Any, Any, Any, Any, Any], seats: tuple[str, ...]) -> FamilyFacts:
    """What game.yaml's settings are checked against of a game's family, for a game of these seats."""
    rules = played_by.rules
    return FamilyFacts(seats, rules.turn_kinds, len(played_by.rules_versions), rules.turn_key, played_by.id)


GAME_FILE_BYTES = 256 * 1024  # a game.yaml of a hundred players fits in a few kilobytes


def read_game_file(path: Path) -> Mapping[str, Any]:
    """game.yaml as written, refused in one line if it is over `GAME_FILE_BYTES`, uses anchors, aliases or
    tags (a few lines of aliases make a title of hundreds of megabytes), or is not a mapping."""
    data = load_yaml(path, max_bytes=GAME_FILE_BYTES, aliases=False, tags=False)
    if not isinstance(data, Mapping):
        raise DataError("game.yaml must be a mapping with title, map and powers", file=str(path))
    return data


def load_game(folder: Path, identity_file: Path | None = None) -> Game:
    """The game in `folder`, after finishing any change a killed run left committed (`atomic.recover`),
    with the private keys at hand: `identity_file`, the environment, and a demo game's own."""
    path = folder / "game.yaml"
    if not path.exists():
        raise DataError(f"no game here: {path} does not exist")
    recover(folder)
    data = read_game_file(path)
    options = data.get("options") or {}
    wrong = [
        Problem(key, f"expected {what}, not {shown(data[key])}")
        for key, what, ok in (
            ("profile", "the name of a profile (standard, judge, objectif)", isinstance(data.get("profile"), str)),
            ("map", "the name of a map", isinstance(data.get("map"), str)),
            ("options", "a mapping of rule options, like famine: false", isinstance(options, Mapping)),
        )
        if key in data and not ok
    ]
    if wrong:
        raise DataError(locate(wrong, data, str(path)))
    try:
        base = profile(str(data.get("profile", "standard")))
        played_by = family(base.family)
        problems = played_by.options.problems(options)  # an option the family does not have, said with its own
        if problems:
            raise DataError(problems)
        played = played_by.rules.options_of(base.options, options)
    except DataError as err:
        raise DataError(locate(err.problems or [Problem("profile", str(err))], data, str(path))) from None
    rules = played_by.rules
    map_name = str(data.get("map", base.map))
    setup = load_setup(played_by, map_name)
    try:
        seats = rules.seats(setup, played)  # the powers of this game: a family's options may take fewer
    except DataError as err:
        raise DataError(locate(err.problems, data, str(path))) from None
    settings, problems = parse_settings(data, family_facts(played_by, seats))
    if rules.rolls_dice(played) and settings.dice is None:
        problems.append(
            Problem(
                "dice",
                "this game's rules roll dice, so game.yaml must keep the dice commitment `judge new` wrote "
                "(dice: {commitment: ..., links: ...}); without it anybody could compute the dice",
            )
        )
    if problems:
        raise DataError(locate(problems, data, str(path)))
    game_id = folder.resolve().name  # the folder's own name, also when it is given as `.`
    title = settings.title_in("en", game_id)
    played = rules.with_version(played, settings.rules.current)
    game = Game(folder, game_id, title, map_name, setup, played_by, base, played, settings, data)
    demo = game.open_secrets().get("age_identity")
    game.identities = (*available_identities(identity_file), *([str(demo)] if demo else []))
    return game


__all__ = ["Game", "load_game", "write_all"]


def deadlines(game: Game) -> dict[str, datetime]:
    """The deadline of each turn that has one (`deadlines.yaml`: turn id -> ISO 8601 time)."""
    path = game.deadlines_path
    if not path.exists():
        return {}
    data = load_yaml(path)
    found: dict[str, datetime] = {}
    problems: list[Problem] = []
    for turn, value in (data or {}).items() if isinstance(data, Mapping) else []:
        try:
            when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
            if when.tzinfo is None:
                raise ValueError
        except ValueError:
            problems.append(
                Problem(str(turn), f"{value!r} is not a time like 2026-12-03T20:00:00+01:00", file=str(path))
            )
            continue
        found[str(turn)] = when
    if problems:
        raise DataError(problems)
    return found


def recorded_time(when: datetime) -> str:
    """A time as the results record it: UTC, to the second, ISO 8601 (``2026-12-07T23:38:01Z``)."""
    return when.astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def adjudication_time(value: object) -> datetime | None:
    """The time a turn's results record its adjudication at (`Trigger.at`); None: none, or not a time."""
    if isinstance(value, datetime):  # a YAML timestamp, as the file may read
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)
