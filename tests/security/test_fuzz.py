"""A fuzzer: thousands of mangled order files, game.yaml files and issue bodies through the command line.

Each input starts from a real file (the demo games' order files and game.yaml, an order issue as GitHub
writes it) and is mangled by a few seeded mutations: random bytes, lines deleted, duplicated or swapped,
values replaced by other YAML (lists, mappings, numbers, huge numbers, booleans, null, deep nesting,
anchors and aliases, tags), unicode and very long text. Whatever comes in, the command exits 0 or 1,
never with a traceback, and every line of its error output starts with ``error:`` or names the file.

Hypothesis draws the mutations (`derandomize=True`: the same inputs on every run, so CI is reproducible).
An input that once gave a traceback is kept in `REGRESSIONS`, played on every run.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.storage.gamedir import load_game

from .conftest import CURRENT_TURN, GAMES, copy_game, invoke, write_orders

FUZZ = settings(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None)


def examples(count: int) -> settings:
    return settings(FUZZ, max_examples=count)


# --- the mutations -------------------------------------------------------------------------------------

VALUES = [
    "[]",
    "{}",
    "[a, [b, {c: d}]]",
    "{unit: 5, move: [x]}",
    "{unit: A par, via: 7}",
    "5",
    "-1",
    "0",
    "3.5",
    "1e999",
    ".nan",
    "9" * 120,
    "9" * 5000,
    "0x" + "f" * 300,
    "true",
    "no",
    "null",
    "~",
    "''",
    "[" * 300 + "]" * 300,
    "{a: " * 300 + "1" + "}" * 300,
    "&a [x, x]",
    "*a",
    "!!python/object:os.system ls",
    "!!binary aGVsbG8=",
    "!foo x",
    "2001-13-45",
    "2026-12-01T20:00:00+01:00",
    "20:00",
    "'ÿ€\u202eé中文🎲'",
    '"\\x00\\ud800"',
    "x" * 5000,
    "'" + "y" * 70_000 + "'",
    "A par-bur",
    "{unit: A par, support: {unit: A mar, move: bur}}",
    "- - - - x",
    "? [a, b]\n  : c",
    "|\n  text\n  block",
    "---\nsecond: document",
]


def mutate(text: str, rng: random.Random, steps: int) -> bytes:
    """`text` mangled by `steps` mutations drawn from `rng`."""
    data = text
    raw: bytes | None = None
    for _ in range(steps):
        lines = data.split("\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        what = rng.choices(range(9), weights=(2, 2, 2, 4, 4, 4, 2, 1, 1))[0]  # mostly values: past the YAML parser
        if what == 0:
            del lines[i]
        elif what == 1:
            lines.insert(i, lines[j])
        elif what == 2:
            lines[i], lines[j] = lines[j], lines[i]
        elif what in (3, 4, 5):  # a value replaced: after the key, or as a list item
            line = lines[i]
            cut = line.find(": ") + 2 if ": " in line else line.find("- ") + 2 if "- " in line else len(line)
            lines[i] = line[:cut] + rng.choice(VALUES)
        elif what == 6:
            lines.insert(i, " " * rng.randrange(6) + rng.choice(["", "- ", "key: ", "orders: "]) + rng.choice(VALUES))
        elif what == 7:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]  # cut short
        data = "\n".join(lines)
        if what == 8:
            raw = data.encode("utf-8", "surrogatepass")
            at = rng.randrange(len(raw) + 1)
            raw = raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8))) + raw[at:]
            data = raw.decode("utf-8", "surrogateescape")
    return data.encode("utf-8", "surrogateescape")


mutations = st.tuples(st.randoms(use_true_random=False), st.integers(1, 4))


def assert_clean(outcome_: object, root: Path) -> None:
    """Exit 0 or 1, no traceback, and each error line starts with ``error:`` or names a file of the game."""
    from .conftest import Outcome

    assert isinstance(outcome_, Outcome)
    outcome_.assert_clean()
    for line in outcome_.result.stderr.splitlines():
        assert line.startswith(("error: ", str(root))), outcome_.result.stderr


# --- (a) order files -----------------------------------------------------------------------------------


def _seed_orders(game: str) -> list[tuple[str, str]]:
    """(power, text) of order files to mangle: for each power of the current turn, a valid file (each unit
    holds, in text and in the structured form) and the power's files of past turns rewritten for the
    current turn."""
    turn = CURRENT_TURN[game]
    position = load_game(GAMES / game).state(turn, public=True)
    seeds = []
    for power in sorted({u.power for u in position.units.values()} - {"autonomous"}):
        units = [str(u) for u in position.units.values() if u.power == power]
        header = f"# {power}\ngame: {game}\nturn: {turn}\npower: {power}\norders:\n"
        seeds.append((power, header + "".join(f"  - {u} H\n" for u in units)))
        seeds.append((power, header + "".join(f"  - {{unit: {u}, hold: true}}\n" for u in units)))
    for path in sorted((GAMES / game / "orders").glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8").replace(f"turn: {path.parent.name}", f"turn: {turn}")
        seeds.append((path.stem, text))
    power = "france" if game == "demo" else "florence"
    structured = (
        f"game: {game}\nturn: {turn}\npower: {power}\norders:\n"
        "  - {unit: A par, move: bur}\n  - {unit: A mar, support: {unit: A par, move: bur}}\n"
        "  - {unit: F bre, convoy: {unit: A par, move: lon}}\n  - {unit: A are, move: sie, via: [tys, gon]}\n"
        "  - {unit: F psa, convert: garrison}\n  - {unit: A sie, besiege: true}\n"
        "  - 'Expense 1: 3 ducats to bribe G sie'\nallow: [turkey]\n"
    )
    return [*seeds, (power, structured)]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    for name in CURRENT_TURN:
        copy_game(root, name)
    return root


def _fuzz_orders(games: Path, game: str, seed: tuple[str, str], rng: random.Random, steps: int) -> None:
    folder = games / game
    power, text = seed
    path = write_orders(folder, power, mutate(text, rng, steps))
    try:
        assert_clean(invoke("validate", folder), games)
    finally:
        path.unlink()


@examples(1000)
@given(seed=st.sampled_from(_seed_orders("demo")), mutation=mutations)
def test_fuzzed_order_files_of_the_diplomacy_demo(
    games: Path, seed: tuple[str, str], mutation: tuple[random.Random, int]
) -> None:
    _fuzz_orders(games, "demo", seed, *mutation)


@examples(350)
@given(seed=st.sampled_from(_seed_orders("machiavelli")), mutation=mutations)
def test_fuzzed_order_files_of_the_machiavelli_demo(
    games: Path, seed: tuple[str, str], mutation: tuple[random.Random, int]
) -> None:
    _fuzz_orders(games, "machiavelli", seed, *mutation)


# --- (b) game.yaml ------------------------------------------------------------------------------------


@examples(700)
@given(game=st.sampled_from(sorted(CURRENT_TURN)), mutation=mutations)
def test_fuzzed_game_yaml(games: Path, game: str, mutation: tuple[random.Random, int]) -> None:
    path = games / game / "game.yaml"
    original = (GAMES / game / "game.yaml").read_text(encoding="utf-8")
    path.write_bytes(mutate(original, *mutation))
    try:
        assert_clean(invoke("status", games / game), games)
    finally:
        path.write_text(original, encoding="utf-8")


# --- (c) issue bodies ---------------------------------------------------------------------------------

BODY = (
    "### Game\n\ndemo\n\n### Turn\n\n1902-fall-movement\n\n### Power\n\nfrance\n\n### Orders\n\n"
    "```text\n- A par-bur\n* F bre-eng\n# a comment\n\n1. A mar-spa\n```\n"
)


@pytest.fixture(scope="module")
def issue_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo game, France played by alice, for `judge orders-from-issue --author alice`."""
    root = tmp_path_factory.mktemp("issues")
    folder = copy_game(root, "demo")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text.replace("  france:\n    player:", "  france:\n    player: alice"))
    return root


@examples(900)
@given(mutation=mutations, crlf=st.booleans())
def test_fuzzed_issue_bodies(issue_games: Path, mutation: tuple[random.Random, int], crlf: bool) -> None:
    body = issue_games / "body.md"
    text = mutate(BODY, *mutation)
    body.write_bytes(text.replace(b"\n", b"\r\n") if crlf else text)
    try:
        outcome = invoke(
            "orders-from-issue", "--games", issue_games, "--author", "alice", "--sender", "alice", "--body-file", body
        )
        assert_clean(outcome, issue_games)
    finally:
        shutil.rmtree(issue_games / "demo" / "orders" / CURRENT_TURN["demo"], ignore_errors=True)


# --- inputs the fuzzer found -------------------------------------------------------------------------

HEADER = "game: demo\nturn: 1902-fall-movement\npower: france\n"
REGRESSIONS = [  # (command, the file's text)
    ("validate", HEADER + "orders:\n  - A par H\x00\n"),  # a NUL: a ReaderError of three lines
    ("validate", HEADER + 'orders:\n  - "\\ud800"\n'),  # a lone surrogate, escaped
    ("status", "title: \x07\n"),
    ("validate", HEADER + "turn: 1902-fall-movement\n  - A par H\n  - F bre H\n"),  # a duplicate key quoting 3 lines
]


@pytest.mark.parametrize(("command", "text"), REGRESSIONS)
def test_inputs_the_fuzzer_found_stay_fixed(games: Path, command: str, text: str) -> None:
    folder = games / "demo"
    if command == "validate":
        path = write_orders(folder, "france", text)
    else:
        path = folder / "game.yaml"
        path.write_text(text, encoding="utf-8")
    try:
        assert_clean(invoke(command, folder), games)
    finally:
        if command == "validate":
            path.unlink()
        else:
            shutil.copy(GAMES / "demo" / "game.yaml", path)
