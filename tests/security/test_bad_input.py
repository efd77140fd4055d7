"""Every bad input is one clear line (`error: <file>:<line>: what is wrong`), never a traceback.

Each test plays one hostile or mistaken input through the `judge` command line, as a player or a game
master could send it, and checks the message says what was wrong and where.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import copy_game, invoke, write_orders

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
    write_orders(folder, "venice", header + "orders:\n  - G ven H\n  - A pad H\n  - A pad H\n")
    invoke("validate", folder).assert_error("two orders for A pad (lines 6 and 7)")
    write_orders(folder, "venice", header + "orders:\n  - G ven H\n  - A pad H\n")
    assert invoke("validate", folder).result.exit_code == 0


def test_allow_in_a_diplomacy_game_is_refused_as_a_machiavelli_key(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "demo")
    path = write_orders(folder, "france", HEADER + "orders:\n  - A par H\nallow: [england]\n")
    invoke("validate", folder).assert_error(f"{path}:6: allow: `allow:` opens one's straits", "a Machiavelli rule")


def test_allow_of_something_else_than_powers_is_refused(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "machiavelli")
    header = "game: machiavelli\nturn: 1455-spring-movement\npower: venice\n"
    path = write_orders(folder, "venice", header + "orders: [G ven H]\nallow: [[turkey]]\n")
    invoke("validate", folder).assert_error(f"{path}:5: allow: expected a list of powers, like [turkey]")
