"""Order text: canonical round trips, the accepted variants, and the three kinds of error."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.board.board import Board
from pipeline.board.legal_orders import adjustment_choices, movement_options, retreat_choices
from pipeline.board.notation import _common_form, _read_in_full, parse_order, split_orders, structured_order
from pipeline.board.order_checks import read_order
from pipeline.board.order_kinds import BY_ID, KINDS, Form, kind_of
from pipeline.board.order_kinds.expense import EXPENSE_KINDS, ExpenseKind
from pipeline.board.orders import (
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Pay,
    PermitBribes,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Waive,
)
from pipeline.board.position import Dislodged, PhaseKind
from pipeline.board.units import SPECIALS, Unit, UnitKind
from pipeline.datc.reader import read_datc
from pipeline.errors import AmbiguousOrderError, IllegalOrderError, OrderSyntaxError
from pipeline.games import board_rules, family_of, start_position
from pipeline.storage.maps import shipped_board
from tests.conftest import position

A, F, G = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
_BOARD = shipped_board("standard")
_LOCATIONS = sorted(set(_BOARD.aliases.values()))
_SPACES = sorted(_BOARD.spaces)

loc = st.sampled_from(_LOCATIONS)
space = st.sampled_from(_SPACES)
kind = st.sampled_from([A, F, G, None])
unit_kind = st.sampled_from([A, F, G])
movement_orders = st.one_of(
    st.builds(Convert, kind, loc, unit_kind),
    st.builds(SupportConvert, kind, loc, kind, loc, unit_kind),
    st.builds(Besiege, kind, loc),
    st.builds(LiftSiege, kind, loc),
    st.builds(Ally, st.sampled_from(sorted(_BOARD.powers))),
    st.builds(Hold, kind, loc),
    st.builds(Move, kind, loc, loc, st.booleans()),
    st.builds(SupportHold, kind, loc, kind, loc),
    st.builds(SupportMove, kind, loc, kind, loc, loc),
    st.builds(Convoy, kind, loc, kind, loc, loc),
)


@settings(max_examples=300)
@given(movement_orders)
def test_movement_orders_round_trip(order) -> None:
    assert parse_order(str(order), _BOARD, PhaseKind.MOVEMENT) == order


@settings(max_examples=150)
@given(
    st.one_of(
        st.builds(Retreat, kind, loc, loc), st.builds(Disband, kind, loc), st.builds(Convert, kind, loc, unit_kind)
    )
)
def test_retreat_orders_round_trip(order) -> None:
    assert parse_order(str(order), _BOARD, PhaseKind.RETREAT) == order


@settings(max_examples=150)
@given(st.one_of(st.builds(Build, kind, loc), st.builds(Remove, kind, loc), st.just(Waive())))
def test_adjustment_orders_round_trip(order) -> None:
    assert parse_order(str(order), _BOARD, PhaseKind.ADJUSTMENT) == order


_POWERS = sorted(_BOARD.powers)
_power = st.sampled_from(_POWERS)


def _expenses() -> st.SearchStrategy[Expense]:
    def target(kind: ExpenseKind) -> st.SearchStrategy[tuple[UnitKind | None, str]]:
        if kind.target == "unit":
            return st.tuples(kind_, loc)
        return st.tuples(st.none(), _power if kind.target == "power" else space)

    kind_ = st.sampled_from([A, F, G, None])
    taken_back = st.builds(lambda n: Expense(n, 0, "none", None, ""), st.integers(0, 99))  # `Expense 2: none`
    return taken_back | st.sampled_from(EXPENSE_KINDS).flatmap(
        lambda k: st.builds(
            lambda n, d, t: Expense(n, d, k.name, *t), st.integers(0, 99), st.integers(0, 999), target(k)
        )
    )


# an order of each registered kind (a kind added to the registry needs its strategy here)
EXAMPLES: dict[str, st.SearchStrategy[object]] = {
    "hold": st.builds(Hold, kind, loc),
    "move": st.builds(Move, kind, loc, loc, st.booleans()),
    "retreat": st.builds(Retreat, kind, loc, loc),
    "support_move": st.builds(SupportMove, kind, loc, kind, loc, loc),
    "support_convert": st.builds(SupportConvert, kind, loc, kind, loc, unit_kind),
    "support_hold": st.builds(SupportHold, kind, loc, kind, loc),
    "convoy": st.builds(Convoy, kind, loc, kind, loc, loc),
    "convert": st.builds(Convert, kind, loc, unit_kind),
    "besiege": st.builds(Besiege, kind, loc),
    "lift_siege": st.builds(LiftSiege, kind, loc),
    "disband": st.builds(Disband, kind, loc),
    "build": st.builds(Build, kind, loc, st.sampled_from([None, *sorted(SPECIALS)])),
    "remove": st.builds(Remove, kind, loc),
    "maintain": st.builds(Maintain, kind, loc),
    "waive": st.just(Waive()),
    "ally": st.builds(Ally, _power),
    "permit_bribes": st.builds(PermitBribes, _power),
    "expense": _expenses(),
    "borrow": st.builds(Borrow, st.integers(0, 999), st.sampled_from([1, 2])),
    "give_chit": st.builds(GiveChit, _power, _power),
    "pay": st.builds(Pay, st.integers(0, 999), st.sampled_from(["bank", *_POWERS])),
}


def form_pattern(form: Form) -> re.Pattern[str]:
    """A form's template as a pattern: each field a word with no space nor dash (a unit: a kind, if written,
    and a place; a unit kind, a special unit, a number as they are written), an expense's kind some words."""
    word = r"[^\s-]+"
    unit = r"(?:[AFG] )?" + word
    field = {"unit": unit, "other_unit": unit, "new_unit": unit, "target": unit, "expense_kind": ".+?"}
    field |= {"unit_kind": "[AFG]", "special": "|".join(sorted(SPECIALS)), "number": "[0-9]+"}
    pattern = ""
    for part in re.split(r"(\{\w+\})", form.template):
        if part.startswith("{"):
            pattern += "(?:" + field.get(form.fields[part[1:-1]], word) + ")"
        else:
            pattern += re.escape(part)
    return re.compile(pattern)


def test_every_kind_has_an_example() -> None:
    assert list(EXAMPLES) == [k.id for k in KINDS]


@pytest.mark.parametrize("kind_id", [k.id for k in KINDS])
@settings(max_examples=60)
@given(data=st.data())
def test_every_kind_round_trips_in_its_phases(kind_id: str, data: st.DataObject) -> None:
    """Text to order to text: every kind of the registry reads back its canonical text in every phase it is
    ordered in, and that text is one of its forms."""
    kind = BY_ID[kind_id]
    order = data.draw(EXAMPLES[kind_id])
    assert kind_of(order) is kind
    text = str(order)
    assert any(form_pattern(f).fullmatch(text) for f in kind.forms), text
    for phase in kind.phases:
        assert parse_order(text, _BOARD, phase) == order, phase
        assert str(parse_order(text, _BOARD, phase)) == text


def test_every_legal_order_of_the_opening_round_trips(board: Board) -> None:
    pos = start_position(board)
    options = [o for orders in movement_options(board, pos).values() for o in orders]
    assert len(options) > 200
    for order in options:
        assert parse_order(str(order), board) == order


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A lvp-yor", Move(A, "lvp", "yor")),
        ("A lvp - yor", Move(A, "lvp", "yor")),
        ("a LVP -> Yorkshire", Move(A, "lvp", "yor")),
        ("army liverpool to yor", Move(A, "lvp", "yor")),
        ("A lon-bel via convoy", Move(A, "lon", "bel", True)),
        ("A lon - bel VIA Convoy", Move(A, "lon", "bel", True)),
        ("F nth C A lon-bel", Convoy(F, "nth", A, "lon", "bel")),
        ("F nth convoys A lon - bel", Convoy(F, "nth", A, "lon", "bel")),
        ("A vie S A bud-gal", SupportMove(A, "vie", A, "bud", "gal")),
        ("F mar supports f gas - spa(nc)", SupportMove(F, "mar", F, "gas", "spa/nc")),
        ("F tri S A ven", SupportHold(F, "tri", A, "ven")),
        ("F tri S A ven H", SupportHold(F, "tri", A, "ven")),
        ("A par H", Hold(A, "par")),
        ("A par HOLD", Hold(A, "par")),
        ("A par", Hold(A, "par")),
        ("F stp/sc-bot", Move(F, "stp/sc", "bot")),
        ("F Mid-Atlantic Ocean - spa/nc", Move(F, "mao", "spa/nc")),
        ("F mid-spa(sc)", Move(F, "mao", "spa/sc")),
        ("F nrg S F nth - nwy", SupportMove(F, "nwg", F, "nth", "nwy")),
    ],
)
def test_accepted_variants(board: Board, text: str, expected) -> None:
    assert parse_order(text, board) == expected


def test_phase_decides_what_a_dash_and_disband_mean(board: Board) -> None:
    assert parse_order("A par-bur", board, PhaseKind.RETREAT) == Retreat(A, "par", "bur")
    assert parse_order("A par DISBAND", board, PhaseKind.RETREAT) == Disband(A, "par")
    assert parse_order("A par DISBAND", board, PhaseKind.ADJUSTMENT) == Remove(A, "par")
    assert parse_order("Remove gol", board, PhaseKind.ADJUSTMENT) == Remove(None, "lyo")
    assert parse_order("BUILD F stp/nc", board, PhaseKind.ADJUSTMENT) == Build(F, "stp/nc")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty order"),
        ("A xyz-par", "order 'A xyz-par': unknown place 'xyz'"),
        ("A par jumps", "expected H, -, S, C, convert, besiege, lift or Disband after the unit, got 'jumps'"),
        ("A par-", "expected a place, the order ends there"),
        ("F nth C A lon", "expected '-' and the army's destination"),
        ("A par-bur via", "expected 'convoy' after 'via'"),
        ("A par-bur now", "expected the end of the order, got 'now'"),
    ],
)
def test_not_understood(board: Board, text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_order(text, board)


def test_a_retreat_cannot_go_by_convoy(board: Board) -> None:
    with pytest.raises(OrderSyntaxError, match="a retreat cannot go by convoy"):
        parse_order("A bre-lon via convoy", board, PhaseKind.RETREAT)


def test_ambiguous_coast(board: Board) -> None:
    pos = position("france: F mao")
    with pytest.raises(AmbiguousOrderError, match="name the coast"):
        read_order("F mao-spa", board, pos, "france")
    assert read_order("F mao-spa/sc", board, pos, "france") == Move(F, "mao", "spa/sc")


def test_one_coast_reachable_is_filled_in(board: Board) -> None:
    assert read_order("F gas-spa", board, position("france: F gas"), "france") == Move(F, "gas", "spa/nc")


@pytest.mark.parametrize(
    ("text", "power", "code", "words"),
    [
        ("A par-lon", "france", "illegal_not_adjacent", "Paris is not next to London"),
        ("A par-mao", "france", "illegal_terrain", "an army cannot go to Mid-Atlantic Ocean"),
        ("F bre-par", "france", "illegal_terrain", "a fleet cannot go to Paris"),
        ("A mar-bur", "germany", "illegal_not_owner", "the army in Marseilles belongs to France, not to Germany"),
        ("A bur-par", "france", "illegal_no_unit", "France has no unit in Burgundy"),
        ("F par-bur", "france", "illegal_wrong_kind", "the unit in Paris is an army, not a fleet"),
        ("A par S A mar-spa", "france", "illegal_unreachable", "the army in Paris cannot reach Spain"),
        ("A par S A par", "france", "illegal_own_space", "the army in Paris cannot move or give support to where"),
        ("F bre C A par-lon", "france", "illegal_not_convoyable", "the fleet in Brest cannot convoy"),
        (
            "Build A par",
            "france",
            "illegal_wrong_phase",
            "builds belong to the adjustment phase, not to a movement phase",
        ),
    ],
)
def test_illegal_here(board: Board, text: str, power: str, code: str, words: str) -> None:
    pos = position("france: A par", "france: A mar", "france: F bre")
    with pytest.raises(IllegalOrderError) as err:
        read_order(text, board, pos, power)
    assert err.value.reason.value == code
    assert str(err.value).startswith(f"order {text!r}: {words}")


def test_retreat_and_adjustment_orders_are_checked_in_their_phase(board: Board) -> None:
    pos = position("germany: A bur", kind=PhaseKind.RETREAT)  # came from Munich, dislodging the French
    pos = type(pos).build(pos.phase, pos.units.values(), {}, [Dislodged(Unit("france", A, "bur"), "mun")])
    assert read_order("A bur-par", board, pos, "france") == Retreat(A, "bur", "par")
    with pytest.raises(
        IllegalOrderError, match="the army in Burgundy cannot retreat to Munich, where its attacker came from"
    ):
        read_order("A bur-mun", board, pos, "france")
    choices = retreat_choices(board, pos)["bur"]
    assert Retreat(A, "bur", "mun") not in choices and Disband(A, "bur") in choices

    adj = position(
        "germany: A mun",
        kind=PhaseKind.ADJUSTMENT,
        season="fall",
        owners={"mun": "germany", "ber": "germany", "kie": "germany"},
    )
    assert read_order("Build F kie", board, adj, "germany") == Build(F, "kie")
    with pytest.raises(IllegalOrderError, match="there is no room for a new unit in Munich"):
        read_order("Build A mun", board, adj, "germany")
    due, choices = adjustment_choices(board, adj, "germany")
    assert due == 2 and Build(F, "ber") in choices and Waive() in choices


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the e-mail judge's Machiavelli grammar
        ("Fleet Pisa Convert to Garrison", Convert(F, "pis", G)),
        ("G pis c a", Convert(G, "pis", A)),
        ("A sie besiege", Besiege(A, "sie")),
        ("A sie siege", Besiege(A, "sie")),
        ("a sie lift siege", LiftSiege(A, "sie")),
        ("A sie stand", Hold(A, "sie")),
        ("F gon t A sal - dur", Convoy(F, "gon", A, "sal", "dur")),
        ("A sal - gon - ion - dur", Move(A, "sal", "dur", True)),
        ("Army Arezzo -> Siena", Move(A, "are", "sie")),
        ("A per supports G sie convert army", SupportConvert(A, "per", G, "sie", A)),
        ("ally with turkey", Ally("turkey")),
        # Objectif's notation, its accents lost
        ("G pis >>> F pis", Convert(G, "pis", F)),
        ("F pis AS1", Besiege(F, "pis")),
        ("A pis XXX", Hold(A, "pis")),
        # French
        ("A Sienne soutient A Pise", SupportHold(A, "sie", A, "pis")),
        ("A Gênes - Génes", None),  # accents do not matter; a move to its own province reads fine
        # the province expenses of rebellions, in English and French
        ("Expense 1: 15 cause rebellion Siena", Expense(1, 15, "rebellion", None, "sie")),
        ("Expense 2: 9 ducats rebellion sie", Expense(2, 9, "rebellion", None, "sie")),
        ("Expense 1: 15 révolte à Sienne", Expense(1, 15, "rebellion", None, "sie")),
        ("Expense 3: 12 pacify rebellion Pise", Expense(3, 12, "pacify", None, "pis")),
        ("Expense 1: 12 pacifier Sienne", Expense(1, 12, "pacify", None, "sie")),
        ("Expense 4: 24 assassinate florence", Expense(4, 24, "assassinate", None, "florence")),
        ("give chit florence to turkey", GiveChit("florence", "turkey")),  # a chit, not ducats
        ("Permit bribes turkey", PermitBribes("turkey")),
        ("autorise turkey", PermitBribes("turkey")),
    ],
)
def test_machiavelli_notation(text: str, expected) -> None:
    board = _machiavelli_board()
    order = parse_order(text, board)
    if expected is not None:
        assert order == expected
    assert parse_order(str(order), board) == order


def _machiavelli_board() -> Board:
    """A few Tuscan and Ligurian spaces with their French names (the real boards are checked elsewhere)."""

    def space(kind: str, fr: str, army: list[str], fleet: list[str] | None = None) -> dict:
        data = {"kind": kind, "names": {"fr": fr}, "army": army}
        if fleet is not None:
            data["fleet"] = fleet
        return data

    return Board.from_dict(
        {
            "name": "tuscany",
            "powers": {"florence": {}, "turkey": {}},
            "spaces": {
                "sie": space("coast", "Sienne", ["pis", "are"], ["pis"]) | {"name": "Siena"},
                "pis": space("coast", "Pise", ["sie"], ["sie", "gon"]) | {"name": "Pisa"},
                "are": space("land", "Arezzo", ["sie"]) | {"name": "Arezzo"},
                "per": space("land", "Pérouse", []) | {"name": "Perugia"},
                "gen": space("land", "Gênes", []) | {"name": "Genoa"},
                "sal": space("coast", "Salerne", [], ["gon"]) | {"name": "Salerno"},
                "dur": space("coast", "Durazzo", [], ["ion"]) | {"name": "Durazzo"},
                "gon": {"kind": "sea", "name": "Gulf of Naples", "fleet": ["pis", "sal", "ion"]},
                "ion": {"kind": "sea", "name": "Ionian Sea", "fleet": ["gon", "dur"]},
            },
        }
    )


def test_misspelt_place_names_the_closest() -> None:
    """The message names each space once, by its name and id, not every alias close to what was written."""
    with pytest.raises(OrderSyntaxError) as err:
        parse_order("A Sienna H", _machiavelli_board())
    assert str(err.value).endswith("unknown place 'Sienna' (did you mean Siena (sie)?)"), err.value


_CLASSIC = shipped_board("machiavelli-classic")


def test_several_orders_on_one_line_are_split_at_their_semicolons() -> None:
    """[M 4.1] (judge, syntax: its example ``Army Arezzo -> Sienna; Army Florence -> Arezzo``)."""
    line = "Army Arezzo -> Sienna; Army Florence -> Arezzo"
    assert [str(parse_order(t, _CLASSIC)) for t in split_orders(line)] == ["A are-sie", "A flo-are"]
    assert split_orders("A are-sie;") == ["A are-sie"] and split_orders("A are-sie") == ["A are-sie"]


def test_a_semicolon_left_in_a_place_is_named_with_the_one_space_it_ends() -> None:
    with pytest.raises(OrderSyntaxError) as err:
        parse_order("Army Arezzo -> Sienna; Army Florence -> Arezzo", _CLASSIC)
    message = str(err.value)
    assert "Siena (sie) without the ';'" in message and "separates two orders" in message, message
    assert "sienn" not in message and "'siena'" not in message


@pytest.mark.parametrize(
    ("text", "names"),
    [("A tre-ven", ("Trent", "trt", "Treviso", "trv")), ("A car H", ("Carinthia", "cri", "Carniola", "crn"))],
)
def test_an_abbreviation_of_two_places_names_both_and_how_to_write_each(text: str, names: tuple[str, ...]) -> None:
    """[M 1.9] (judge, map 6: three letters only where they are unambiguous)."""
    with pytest.raises(AmbiguousOrderError) as err:
        parse_order(text, _CLASSIC)
    first, first_id, second, second_id = names
    assert f"may be {first} or {second}: write {first_id} for {first}, {second_id} for {second}" in str(err.value)


def test_a_build_in_a_movement_phase_is_said_to_belong_to_the_adjustments() -> None:
    """``b a siena`` is the judge's build [M 4.1]: out of the adjustment phase it is refused as a build, not
    read as a unit at a place ``b``."""
    assert parse_order("b a siena", _CLASSIC) == Build(UnitKind.ARMY, "sie")
    start = start_position(_CLASSIC, board_rules("judge"))
    with pytest.raises(IllegalOrderError) as err:
        read_order(
            "b a siena", _CLASSIC, start, "florence", board_rules("judge"), family_of(board_rules("judge")).check_order
        )
    assert "builds belong to the adjustment phase, not to a movement phase" in str(err.value)


def test_an_order_with_a_colon_written_unquoted_in_yaml_is_read_as_its_text() -> None:
    """docs/orders.md writes ``- Expense 1: 9 buy G luc``, which YAML reads as a mapping of one key."""
    assert structured_order({"Expense 1": "9 buy G luc"}) == "Expense 1: 9 buy G luc"
    assert structured_order({"Expense 2": "none"}) == "Expense 2: none"
    assert parse_order("Expense 2: none", _CLASSIC) == Expense(2, 0, "none", None, "")
    assert str(Expense(2, 0, "none", None, "")) == "Expense 2: none"


def _either(read: Callable[[], Order | None]) -> object:
    """What a reading gives: its order, or the words of its error."""
    try:
        return read()
    except (OrderSyntaxError, AmbiguousOrderError) as err:
        return str(err)


def _datc_order_texts() -> list[str]:
    files = sorted((Path(__file__).parents[1] / "datc" / "files").glob("*.txt"))
    cases = [c for f in files for c in read_datc(f.read_text(encoding="utf-8"), f.name)]
    return sorted({text for c in cases for section in c.sections.values() for _, text in section.entries})


def test_the_common_forms_read_as_the_kinds_read_every_order_of_the_datc_files(board: Board) -> None:
    texts = _datc_order_texts()
    taken = [t for t in texts if _common_form(t, board) is not None]
    assert len(texts) > 500 and len(taken) > 150  # the fast path reads a good part of them
    for text in texts:
        common = _common_form(text, board)
        full = _either(lambda text=text: _read_in_full(text, board, PhaseKind.MOVEMENT))  # type: ignore[misc]
        assert common is None or common == full, text


_PIECES = [
    *("A", "F", "G", "a", "army", "Fleet", "B", "d", "build", "S", "s", "C", "c", "H", "h", "hold", "-", "->", "to"),
    *("m", "via", "convoy", "VIA", "Convoy", "lon", "LON", "bel", "nth", "NTH", "eng", "bre", "par", "mid", "mao"),
    *("north", "sea", "stp/sc", "stp", "(sc)", "spa(nc)", "spa", "gas", "lon-bel", "xyz", "Gênes", "", "  "),
]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_PIECES), min_size=0, max_size=8), st.sampled_from([" ", "  ", "\t"]))
def test_the_common_forms_read_as_the_kinds_read_random_texts(pieces: list[str], space: str) -> None:
    text = space.join(pieces)
    common = _common_form(text, _BOARD)
    assert common is None or common == _either(lambda: _read_in_full(text, _BOARD, PhaseKind.MOVEMENT))


def test_the_common_forms_are_read_without_the_kinds_tries(board: Board) -> None:
    assert _common_form("A LON - BEL", board) == Move(A, "lon", "bel")
    assert _common_form("A lon - bel via convoy", board) == Move(A, "lon", "bel", True)
    assert _common_form("F NTH S A LON - BEL", board) == SupportMove(F, "nth", A, "lon", "bel")
    assert _common_form("F NTH S A LON", board) == SupportHold(F, "nth", A, "lon")
    assert _common_form("F NTH C A LON - BEL", board) == Convoy(F, "nth", A, "lon", "bel")
    assert _common_form("A PAR H", board) == Hold(A, "par")
    assert _common_form("A PAR", board) == Hold(A, "par")
    for other in (
        "A lon-bel",
        "F mid - spa",
        "F spa(nc) - gas",
        "A lon - bel via",
        "F tri S A ven H",
    ):
        assert _common_form(other, board) is None, other  # read in full
    for head in ("A mid - spa", "F ENG C A LON - BRE"):  # ``mid``, ``eng``: first words of names (Eng. Channel)
        assert _common_form(head, board) is None, head
