"""The fast YAML readers (`load_yaml_fast`, `parse_yaml_fast`: the files the judge wrote) build the data from
one pass of the C parser's events, and still make every refusal of the events check (docs/security.md, 9:
nesting, long numbers, and where refused anchors, aliases and tags), said as the slow reader says it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from pipeline.errors import DataError
from pipeline.storage import yamlio
from pipeline.storage.yamlio import load_yaml, load_yaml_fast, parse_yaml, parse_yaml_fast

GAMES = Path(__file__).resolve().parents[2] / "games"
WRITTEN = sorted(p for folder in ("state", "results") for p in GAMES.glob(f"*/{folder}/*.yaml"))


def c_loader(text: str) -> Any:
    """What the C loader builds: what the fast readers gave before they built the data themselves."""
    return YAML(typ="safe", pure=False).load(text)


def same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (``1 == True``, ``1 == 1.0`` are not the same here), the
    mappings' keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(map(repr, a)) == list(map(repr, b)) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def assert_read_as_the_slow_reader_reads_it(text: str) -> None:
    try:
        slow = parse_yaml(text, "f.yaml")
    except DataError as err:
        with pytest.raises(DataError) as fast:
            parse_yaml_fast(text, "f.yaml")
        assert str(fast.value) == str(err)
    else:
        assert same(parse_yaml_fast(text, "f.yaml"), slow)


def one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the check-then-load path fail the test: a file read through it was not built in one pass."""

    def second_pass(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the file was parsed a second time")

    monkeypatch.setattr(yamlio, "_check_events", second_pass)


def test_the_committed_games_files_are_built_in_one_pass_as_the_c_loader_builds_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every demo game's states and results; those with a tag (``! ''``, a few of the Catan demo's) are
    checked and loaded as before."""
    expected = {path: c_loader(path.read_text(encoding="utf-8")) for path in WRITTEN}
    tagged = [path for path in WRITTEN if " ! " in path.read_text(encoding="utf-8")]
    assert len(WRITTEN) - len(tagged) > 50
    for path in tagged:
        assert same(load_yaml_fast(path), expected[path]), path
    one_pass(monkeypatch)
    for path in sorted(set(WRITTEN) - set(tagged)):
        assert same(load_yaml_fast(path), expected[path]), path


SCALARS = [
    "1", "-1", "+1", "0o17", "017", "0x1F", "0b101", "1_000", "1.5", "1e3", "1.0e+3", ".5", "-.inf", ".nan",
    "true", "True", "FALSE", "yes", "no", "on", "off", "y", "~", "null", "Null", "", "2001-12-14",
    "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "12:30", "1:20:30", "'1'", '"true"', "'~'",
    "a b", "é", "1.", "-", "0.1_2", "9" * 100, "|\n  literal\n", ">\n  folded\n  text\n",
]  # fmt: skip


@pytest.mark.parametrize("scalar", SCALARS)
def test_a_plain_or_quoted_value_reads_as_the_c_loader_reads_it(monkeypatch: pytest.MonkeyPatch, scalar: str) -> None:
    """YAML 1.2's types (the C loader's resolver): ``yes`` and ``017`` as 1.2 reads them, not 1.1."""
    texts = [f"key: {scalar}\n", f"- {scalar}\n", f"- [a, {scalar}]\n", f"{scalar}: x\nother: {scalar}\n"]
    expected = {}
    for text in texts:
        try:
            expected[text] = c_loader(text)
        except YAMLError:  # libyaml refuses it (`12:30` in a list on one line, `-` as a key): the slow reader says
            assert_read_as_the_slow_reader_reads_it(text)
    assert expected
    one_pass(monkeypatch)
    for text, value in expected.items():
        assert same(parse_yaml_fast(text, "f.yaml"), value), text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "# a comment only\n",
        "---\n",
        "--- x\n...\n",
        "a:\n  b:\n  - c\n  - {d: [1, 2.5, {e: null}]}\nf: []\n",
        "? a\n: 1\n",
        "1: a\n2.5: b\nnull: c\nfalse: d\n2001-12-14: e\n",
        "[" * 100 + "]" * 100,
    ],
    ids=["empty", "comment", "empty-document", "ended-document", "nested", "explicit-key", "typed-keys", "deepest"],
)
def test_documents_are_built_in_one_pass_as_the_c_loader_builds_them(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    expected = c_loader(text)
    one_pass(monkeypatch)
    assert same(parse_yaml_fast(text, "f.yaml"), expected)


@pytest.mark.parametrize(
    "text",
    [
        "base: &b {x: 1}\nmore: *b\n",
        "a: !!str 1\n",
        "a: {<<: {x: 1}, y: 2}\n",
        "%YAML 1.1\n---\na: yes\n",
        "? [a, b]\n: c\n",
    ],
    ids=["alias", "tag", "merge-key", "directive", "list-as-key"],
)
def test_what_one_pass_leaves_aside_is_loaded_as_before(text: str) -> None:
    """Anchors, tags, merge keys, directives, keys that are lists: checked and loaded by the C loader."""
    assert same(parse_yaml_fast(text, "f.yaml"), c_loader(text))


@pytest.mark.parametrize(
    ("text", "aliases", "tags", "message"),
    [
        ("a: " + "[" * 101 + "]" * 101 + "\n", True, True, "lists and mappings nested deeper than 100 levels"),
        ("a: {b: [" + "9" * 101 + "]}\n", True, True, "a number of 101 digits: at most 100 are read"),
        ("a: &x [1]\nb: *x\n", False, True, "anchors and aliases (& and *) are not accepted here"),
        ("a: !!python/object:os.system x\n", True, False, "tags like !!python/object:os.system are not accepted"),
        ("a: 1\nb: 2\na: 3\n", True, True, 'found duplicate key "a"'),
        ("a: 1\n---\nb: 2\n", True, True, "but found another document"),
        ("a: 2001-13-45\n", True, True, "'2001-13-45' cannot be read as !!timestamp"),
        ("a: [1, 2\n", True, True, "not valid YAML"),
    ],
    ids=["deep", "long-number", "alias", "tag", "duplicate-key", "two-documents", "bad-date", "syntax"],
)
def test_every_refusal_is_made_by_the_fast_reader_as_by_the_slow_one(
    tmp_path: Path, text: str, aliases: bool, tags: bool, message: str
) -> None:
    with pytest.raises(DataError) as slow:
        parse_yaml(text, "f.yaml", aliases, tags)
    assert message in str(slow.value)
    with pytest.raises(DataError) as fast:
        parse_yaml_fast(text, "f.yaml", aliases, tags)
    assert str(fast.value) == str(slow.value)
    if aliases and tags:  # a file the judge wrote, read from disk
        path = tmp_path / "f.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as from_file:
            load_yaml_fast(path)
        with pytest.raises(DataError) as slow_file:
            load_yaml(path)
        assert str(from_file.value) == str(slow_file.value)
        assert message in str(from_file.value)
