"""Every bad input is one clear line (`error: <file>:<line>: what is wrong`), never a traceback.

Each test plays one hostile or mistaken input through the `judge` command line, as a player or a game
master could send it, and checks the message says what was wrong and where.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from pipeline.storage import atomic

from .conftest import GAMES, copy_game, invoke, write_orders

HEADER = "game: demo\nturn: 1902-fall-movement\npower: france\n"


# --- YAML that would blow up whoever builds it --------------------------------------------------------


@pytest.mark.parametrize(
    "orders",
    ["[" * 5000 + "]" * 5000, "{a: " * 5000 + "1" + "}" * 5000, "\n" + "".join(" " * i + "- \n" for i in range(200))],
    ids=["lists", "mappings", "block-lists"],
)
def test_deep_nesting_in_an_order_file_is_refused_in_one_line(tmp_path: Path, orders: str) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + "orders: " + orders)
    out = invoke("validate", folder).assert_error("lists and mappings nested deeper than 100 levels")
    assert out.startswith(f"error: {path}:") and len(out.splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("orders: [" + "9" * 5000 + "]\n", ":4: a number of 5,000 digits: at most 100 are read"),
        ("orders: [0x" + "f" * 5000 + "]\n", ":4: a number of 5,002 digits: at most 100 are read"),
        ("orders: [!!python/object:os.system x]\n", ":4: tags like !!python/object:os.system are not accepted"),
        ("orders: [A par H]\nnote: 2001-13-45\n", ":5: '2001-13-45' cannot be read as !!timestamp (month must be in"),
        ("orders: &a [A par H]\nmore: *a\n", ":4: anchors and aliases (& and *) are not accepted here"),
    ],
    ids=["huge-int", "huge-hex", "python-tag", "bad-date", "alias"],
)
def test_values_yaml_cannot_build_are_refused_with_their_line(tmp_path: Path, text: str, message: str) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + text)
    invoke("validate", folder).assert_error(f"{path}{message}")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "an order file is a mapping with game, turn, power and orders"),
        (HEADER.encode() + b"orders:\n  - A par H\xff\n", ":5: the file is not UTF-8 text"),
        (bytes(range(256)), ":2: the file is not UTF-8 text"),  # its first byte over 0x7f comes after a newline
    ],
    ids=["empty", "latin-1", "binary"],
)
def test_an_empty_or_binary_order_file_is_refused(tmp_path: Path, content: bytes, message: str) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", content)
    invoke("validate", folder).assert_error(f"{path}{message}" if message[0] == ":" else message)


def test_an_order_file_that_is_a_folder_or_a_dangling_link_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", "")
    path.unlink()
    path.mkdir()
    invoke("validate", folder).assert_error(f"{path}: not an order file")
    path.rmdir()
    path.symlink_to(tmp_path / "nowhere")
    invoke("validate", folder).assert_error(f"{path}: not an order file")


# --- structured orders ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ("{unit: A par, move: bur, via: 7}", "`via` takes a list of places, like [gon, ion], not 7"),
        ("{unit: A par, move: bur, via: [1, 2]}", "`via` takes a list of places, like [gon, ion], not [1, 2]"),
        ("{unit: A par, hold: true, via: [bur]}", "`via` goes with `move`"),
        ("{unit: 5, move: bur}", "`unit` takes text: the unit, like 'A par', not 5"),
        ("{unit: A par, move: [bur]}", "`move` takes text: the place moved to, like bur, not ['bur']"),
        ("{unit: A par, support: A mar}", "`support` takes a mapping with the supported `unit`"),
        ("{unit: A par, support: {unit: [A mar]}}", "`support.unit` takes text"),
        ("{unit: A par, support: {unit: A mar, move: 3}}", "`support.move` takes text"),
        ("{unit: A par, support: {unit: A mar, hold: true}}", "`support` takes a mapping"),
        ("{unit: F bre, convoy: {unit: A par, convert: army}}", "`convoy` takes a mapping with the convoyed `unit`"),
        ("{unit: A par, convert: {a: 1}}", "`convert` takes text"),
        ("{unit: A par, hold: false}", "write `hold: true`, not False"),
        ("{unit: A par, move: bur, 1: x, b: y}", "unknown key '1'"),
    ],
)
def test_a_structured_order_with_a_value_of_the_wrong_type_says_what_is_expected(
    tmp_path: Path, order: str, message: str
) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + f"orders:\n  - {order}\n")
    invoke("validate", folder).assert_error(f"{path}:5: orders[0]: ", message)


def test_structured_orders_of_every_kind_still_read(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    write_orders(
        folder,
        "france",
        HEADER + "orders:\n  - {unit: A par, move: bur}\n  - {unit: A mar, support: {unit: A par, move: bur}}\n"
        "  - {unit: F bre, hold: true}\n",
    )
    out = invoke("validate", folder)
    out.assert_clean()
    assert out.result.exit_code == 0, out.result.output
    assert "  A mar S A par-bur" in out.lines


# --- orders that are valid one by one but not together -------------------------------------------------


def test_two_orders_for_one_unit_name_the_unit_and_both_lines(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + "orders:\n  - A par H\n  - F bre H\n  - {unit: A par, move: bur}\n")
    invoke("validate", folder).assert_error(
        f"{path}:7: orders[2]: two orders for A par (lines 5 and 7): give each unit one order"
    )


def test_a_garrison_and_an_army_of_one_province_are_two_units(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "machiavelli")
    header = "game: machiavelli\nturn: 1455-spring-movement\npower: venice\n"
    path = write_orders(folder, "venice", header + "orders:\n  - G ven H\n  - A pad H\n  - A pad H\n")
    invoke("encrypt", folder, path).assert_error("two orders for A pad (lines 6 and 7)")  # secret orders
    path = write_orders(folder, "venice", header + "orders:\n  - G ven H\n  - A pad H\n")
    assert invoke("encrypt", folder, path).result.exit_code == 0


def test_allow_in_a_diplomacy_game_is_refused_as_a_machiavelli_key(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + "orders:\n  - A par H\nallow: [england]\n")
    invoke("validate", folder).assert_error(f"{path}:6: allow: `allow:` opens one's straits", "a Machiavelli rule")


def test_allow_of_something_else_than_powers_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "machiavelli")
    header = "game: machiavelli\nturn: 1455-spring-movement\npower: venice\n"
    path = write_orders(folder, "venice", header + "orders: [G ven H]\nallow: [[turkey]]\n")
    invoke("encrypt", folder, path).assert_error(f"{path}:5: allow: expected a list of powers, like [turkey]")


# --- game.yaml -----------------------------------------------------------------------------------------


def _with_game_yaml(tmp_path: Path, name: str, text: str) -> Path:
    folder = copy_game(tmp_path, name)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("options: [famine]\n", "options: expected a mapping of rule options, like famine: false, not ['famine']"),
        ("options: 5\n", "options: expected a mapping of rule options"),
        ("profile: [judge]\n", "profile: expected the name of a profile"),
        ("map: {a: 1}\n", "map: expected the name of a map"),
        ("masters: alice\n", "masters: expected a list of GitHub logins"),
        ("languages: fr\n", "languages: expected a list of languages among fr, en"),
        ("languages: [[fr]]\n", "languages: expected a list of languages among fr, en"),
        ("deadlines: {movement: 99999999d}\n", "deadlines.movement: '99999999d' is longer than 365 days"),
        ("deadlines: {movement: 1e300}\n", "deadlines.movement: 1e+300 is longer than 365 days"),
        ("deadlines: {movement: .nan}\n", "deadlines.movement: nan is not a duration like 72h"),
        ("deadlines: {grace: 99999999999999d}\n", "deadlines.grace: '99999999999999d' is longer than 365 days"),
        ("deadlines: {[1]: 2h}\n", "deadlines.(1,): unknown setting"),
        ("title: [a, b]\n", "title: the title is text (put it in quotes), not ['a', 'b']"),
        ("title: '" + "x" * 201 + "'\n", "title: the title is one line of at most 200 characters"),
        ("title: {de: Spiel}\n", "title: the titles are given per language, fr or en, not 'de': {en: "),
        ("title: {}\n", "title: the titles are given per language, fr or en: {en: "),
        ("title: {en: A game, fr: [a]}\n", "title.fr: the title is text (put it in quotes), not ['a']"),
        ("title: {fr: '" + "x" * 201 + "'}\n", "title.fr: the title is one line of at most 200 characters"),
        ("title: !!python/object:os.system x\n", "tags like !!python/object:os.system are not accepted here"),
    ],
)
def test_a_game_yaml_value_of_the_wrong_type_says_what_is_expected(tmp_path: Path, extra: str, message: str) -> None:
    text = (GAMES / "demo" / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("title:", "old_title:").replace("map:", "old_map:")  # the value tried comes first
    folder = _with_game_yaml(tmp_path, "demo", extra + text)
    out = invoke("status", folder).assert_error(f"{folder / 'game.yaml'}:1: {message}")
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize("powers", ["[france]", "5", "france", "true"])
def test_powers_that_are_not_a_mapping_are_refused_with_their_line(tmp_path: Path, powers: str) -> None:
    text = (GAMES / "demo" / "game.yaml").read_text(encoding="utf-8")
    folder = _with_game_yaml(tmp_path, "demo", text.split("powers:")[0] + f"powers: {powers}\n")
    invoke("status", folder).assert_error(f"{folder / 'game.yaml'}:3: powers: expected a mapping of each power")


@pytest.mark.parametrize("links", ["1e11", "100000000000", "100001", str(10**99)])
def test_a_dice_chain_too_long_to_check_is_refused(tmp_path: Path, links: str) -> None:
    text = (GAMES / "machiavelli" / "game.yaml").read_text(encoding="utf-8").replace("links: 2000", f"links: {links}")
    folder = _with_game_yaml(tmp_path, "machiavelli", text)
    for command in ("status", "verify"):
        invoke(command, folder).assert_error("dice.links: expected the length of the hash chain, a whole number from 2")


def test_an_alias_bomb_in_game_yaml_is_refused_unbuilt(tmp_path: Path) -> None:
    bomb = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 9))
    folder = _with_game_yaml(tmp_path, "demo", "l0: &l0 [lol]\n" + bomb + "title: *l8\n")
    out = invoke("status", folder).assert_error(f"{folder / 'game.yaml'}:1: anchors and aliases (& and *)")
    assert len(out) < 2000


def test_a_huge_game_yaml_is_refused_unread(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    with (folder / "game.yaml").open("a", encoding="utf-8") as out:
        out.write("# padding\n" * 30_000)
    invoke("status", folder).assert_error("game.yaml: the file is 3", "bytes; at most 262,144 are read")


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00t\x00i", b"- a list\n", b"\x00\x01"], ids=repr)
def test_an_empty_binary_or_list_game_yaml_is_refused(tmp_path: Path, content: bytes) -> None:
    folder = copy_game(tmp_path, "demo")
    (folder / "game.yaml").write_bytes(content)
    invoke("status", folder).assert_error(f"error: {folder / 'game.yaml'}")


def test_a_game_yaml_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    (folder / "game.yaml").unlink()
    (folder / "game.yaml").mkdir()
    invoke("status", folder).assert_error(f"{folder / 'game.yaml'}: cannot read the file: Is a directory")


# --- rule cases and DATC files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["cases: " + "[" * 3000 + "]" * 3000, "cases:\n  - id: X\n    turns: " + "{a: " * 3000 + "1" + "}" * 3000],
    ids=["lists", "mappings"],
)
def test_deep_nesting_in_a_rule_case_file_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "cases.yaml"
    path.write_text(text, encoding="utf-8")
    out = invoke("cases", path).assert_error(f"{path}:", "lists and mappings nested deeper than 100 levels")
    assert out.startswith("error: ")


def test_a_datc_file_that_is_not_utf8_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.txt"
    path.write_bytes(b"CASE T.1 caf\xe9\nEND\n".replace(b"CASE T.1 caf", b"# comment\nCASE T.1 caf"))
    out = invoke("datc", path).assert_error(f"error: {path}:2: the file is not UTF-8 text")
    assert len(out.splitlines()) == 1


def test_a_datc_file_that_is_a_folder_or_missing_is_one_line(tmp_path: Path) -> None:
    invoke("datc", tmp_path).assert_error(f"error: {tmp_path}: cannot read the file: Is a directory")
    invoke("datc", tmp_path / "none.txt").assert_error(f"error: {tmp_path / 'none.txt'}: cannot read the file")


# --- orders sent as an issue ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "orders", ["# only a comment", "```text\n- # a comment\n\n   \n1. # another\n```"], ids=["comment", "bullets"]
)
def test_an_issue_whose_orders_section_holds_no_order_says_so(tmp_path: Path, orders: str) -> None:
    games = tmp_path / "games"
    copy_game(games, "demo")
    body = tmp_path / "body.md"
    body.write_text(
        f"### Game\n\ndemo\n\n### Turn\n\n1902-fall-movement\n\n### Power\n\nfrance\n\n### Orders\n\n{orders}\n",
        encoding="utf-8",
    )
    sent = invoke("orders-from-issue", "--games", games, "--author", "alice", "--sender", "alice", "--body-file", body)
    sent.assert_error("error: no order was found in the Orders section")
    assert not (games / "demo" / "orders" / "1902-fall-movement").exists()


# --- a full disk, a read-only folder -------------------------------------------------------------------


def test_a_full_disk_while_a_turn_is_written_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_game(tmp_path, "demo")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")  # as a flush fails: no file named

    monkeypatch.setattr(atomic.os, "fsync", full)
    out = invoke("adjudicate", folder, "--force").assert_error(f"error: {folder}/")
    assert out.splitlines()[-1].endswith(".yaml: cannot write the file (no space left on device); nothing was changed")
    assert sum(line.startswith("error:") for line in out.splitlines()) == 1


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (OSError(errno.EROFS, "Read-only file system", "/games/demo"), "cannot write the file (read-only"),
        (PermissionError(errno.EACCES, "Permission denied", "/games/demo"), "cannot write the file (permission"),
    ],
    ids=["read-only", "not-allowed"],
)
def test_a_folder_that_cannot_be_written_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, message: str
) -> None:
    folder = copy_game(tmp_path, "demo")

    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
    out = invoke("adjudicate", folder, "--force").assert_error(f"error: {folder}/", message)
    assert "Traceback" not in out


def test_a_rule_case_of_the_wrong_shape_is_refused_with_its_lines(tmp_path: Path) -> None:
    """`turns: 5`, orders given as text instead of a list, a turn that is a list: each said with its line,
    never a TypeError."""
    path = tmp_path / "cases.yaml"
    path.write_text(
        "cases:\n- id: x\n  turns: 5\n- id: y\n  turns:\n  - orders: {venice: A ven H}\n- id: z\n  turns: [[5]]\n"
    )
    out = invoke("cases", path).assert_error(
        f"{path}:3: cases[0].turns: expected a list of turns",
        f"{path}:6: cases[1].turns[0].orders.venice: expected a list of orders as text",
        f"{path}:8: cases[2].turns[0]: expected a turn",
    )
    assert "Traceback" not in out
