"""The legal orders exported for an order form agree with the order-file check (pipeline.board.legal_orders).

Positions: every committed state of the three demo games (each turn of each game), and random positions
(a random year of Machiavelli under each profile, as tests/rules/test_random_campaigns.py plays it, and
random Diplomacy games on the standard board). For each:

(a) every exported order, written in an order file of its power, is accepted by `read_order_file`, and
    read back as the very text exported (the canonical notation); so are the builds, the power's other
    orders, and an expense of every kind on every target the money section names, at its cost;
(b) over a broad universe of candidate texts per unit (a move to every place of the board, by convoy or
    not; a support of every unit on the board, holding, converting or moving to every place; a convoy of
    every army to every place; every conversion, siege, retreat, removal...), the check accepts exactly
    the exported orders, but for the two documented exceptions: a plain move that can only go by convoy
    (its "via convoy" form is exported), and convoyed moves and convoys with no route of fleets standing
    on the board (checked here with a path search of its own);
(c) the JSON is the same bytes twice, whatever the order the powers are asked in.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pipeline.board.board import Board, space_of
from pipeline.board.legal_orders import accepted, legal_orders_json, movement_options, notation, retreat_choices
from pipeline.board.notation import parse_order
from pipeline.board.order_kinds import BY_ID, Form
from pipeline.board.order_kinds.expense import EXPENSE_KINDS as KINDS_OF_EXPENSE
from pipeline.board.orders import Convoy, Move, Order, Retreat
from pipeline.board.position import Dislodged, Phase, PhaseKind, Position
from pipeline.board.rules import Rules
from pipeline.board.turns import turn_id
from pipeline.board.units import AUTONOMOUS, SPECIALS, Unit, UnitKind
from pipeline.games import board_rules, family, family_of, play_phase, start_position
from pipeline.storage.gamedir import Game, load_game
from pipeline.storage.maps import shipped_board
from pipeline.storage.orders_files import order_file_text, read_order_file
from tests.board.test_notation import form_pattern
from tests.rules.test_random_campaigns import play_year

GAMES = Path(__file__).resolve().parents[2] / "games"
DEMOS = ("demo", "machiavelli", "machiavelli-objectif")


# ---- positions --------------------------------------------------------------------------------


def demo_cases() -> list[tuple[str, str]]:
    return [(name, turn) for name in DEMOS for turn in load_game(GAMES / name).turns()]


def random_diplomacy(seed: int, phases: int = 9) -> list[Position]:
    """A random standard game: random legal orders (convoys included) from the start, phase after phase."""
    rng = random.Random(seed)
    board = shipped_board("standard")
    position = start_position(board)
    seen = [position]
    for _ in range(phases):
        kind = position.phase.kind
        orders: list[tuple[str, Order]] = []
        if kind is PhaseKind.MOVEMENT:
            options = movement_options(board, position)
            orders = [(position.units[s].power, rng.choice(opts)) for s, opts in options.items() if opts]
        elif kind is PhaseKind.RETREAT:
            choices = retreat_choices(board, position)
            orders = [(d.unit.power, rng.choice(choices[d.unit.space])) for d in position.dislodged]
        else:
            for power in sorted(board.powers):
                data = family_of(Rules()).legal_orders(board, position, Rules(), power)
                assert isinstance(data.adjustments, dict)
                builds = data.adjustments["builds"]
                assert isinstance(builds, list)
                chosen = [b for b in builds if rng.random() < 0.5]
                removals = [u.orders[0] for u in data.units if u.orders and rng.random() < 0.5]
                orders += [(power, parse_order(t, board, kind)) for t in chosen + removals]
        position = play_phase(board, position, orders).after
        seen.append(position)
    return seen


def random_cases() -> list[tuple[str, int, int, bool]]:
    """(profile, seed, index of the position in the random game, made a retreat phase)."""
    cases = [("standard", seed, i, False) for seed in range(2) for i in (0, 3, 6, 9)]
    cases += [("standard", 0, i, True) for i in (1, 5)]
    cases += [("standard-2023", 1, i, False) for i in (3, 6, 9)]  # the same positions, the 2023 rules' checks
    for name in ("judge", "objectif"):
        cases += [(name, 0, i, False) for i in range(5)] + [(name, 1, i, False) for i in (2, 4)]
        cases += [(name, 0, i, True) for i in (1, 2)]
    return cases


_RANDOM: dict[tuple[str, int], list[Position]] = {}


def as_retreat(board: Board, position: Position, rng: random.Random) -> Position:
    """The position made a retreat phase: a few armies and fleets dislodged, each by another power's unit
    now in its place (from a random neighbour, or by convoy), and a few empty spaces left by standoffs."""
    units = dict(position.units)
    dislodged = []
    movable = sorted(u for u in units.values() if u.kind is not UnitKind.GARRISON and u.power != AUTONOMOUS)
    for unit in rng.sample(movable, min(4, len(movable))):
        attacker_from = rng.choice([*sorted(board.neighbours(unit.space)), None])
        dislodged.append(Dislodged(unit, attacker_from))
        units[unit.space] = Unit(rng.choice(sorted(set(board.powers) - {unit.power})), unit.kind, unit.location)
    empty = sorted(s for s in board.spaces if s not in units)
    phase = Phase(position.phase.season, position.phase.year, PhaseKind.RETREAT)
    return dataclasses.replace(
        position,
        phase=phase,
        units=units,
        dislodged=tuple(sorted(dislodged, key=lambda d: d.unit)),
        contested=frozenset(rng.sample(empty, 3)),
    )


def random_position(name: str, seed: int, index: int, retreat: bool) -> tuple[Board, Rules, Position]:
    rules = board_rules(name)
    board = shipped_board(rules.map)
    if (name, seed) not in _RANDOM:
        _RANDOM[name, seed] = random_diplomacy(seed) if rules.map == "standard" else play_year(board, rules, seed)
    positions = _RANDOM[name, seed]
    position = positions[min(index, len(positions) - 1)]
    if retreat:
        position = as_retreat(board, position.at_phase(position.phase), random.Random(f"{name} {seed} {index}"))
    return board, rules, position


def game_for(tmp: Path, board: Board, rules: Rules, game_id: str) -> Game:
    played = family(rules.family)
    return Game(tmp, game_id, game_id, rules.map, board, played, next(iter(played.profiles.values())), rules)


def powers_of(board: Board, position: Position) -> list[str]:
    return sorted(board.powers)


# ---- (a) every exported order is accepted ---------------------------------------------------------


def money_examples(data: dict[str, object]) -> list[str]:
    """An order of every kind the money section describes, built from its templates and targets."""
    money = data["money"]
    if money is None:
        return []
    assert isinstance(money, dict)
    texts: list[str] = []
    borrow = money["borrow"]
    texts += [t.format(ducats=5) for t in borrow["templates"].values()]
    texts += [money["pay"]["template"].format(ducats=1, to=to) for to in money["pay"]["to"]]
    texts += money["permit_bribes"]["orders"] + money["give_chits"]["orders"]
    expenses = money["expenses"]
    templates = expenses["templates"]

    def expense(kind: str, ducats: int, target: str) -> str:
        return templates[kind].format(number=1, ducats=ducats, target=target)

    for kind in ("famine relief", "pacify"):
        texts += [expense(kind, expenses[kind]["cost"], t) for t in expenses[kind]["targets"]]
    texts += [expense("rebellion", t["cost"], t["target"]) for t in expenses["rebellion"]["targets"]]
    if "assassinate" in expenses:
        texts += [expense("assassinate", s, t) for t in expenses["assassinate"]["targets"] for s in (12, 36)]
    for entry in expenses["bribes"]:
        texts += [expense(kind, need, entry["target"]) for kind, need in entry["minimums"].items()]
    for kind in expenses["kinds"]:  # the same expenses from `kinds`, every kind alike
        for offer in kind["offers"]:
            for ducats in kind.get("stakes") or [offer.get("cost", offer.get("minimum"))]:
                texts.append(expense(kind["kind"], ducats, offer["target"]))
    return texts


def check_forms(board: Board, position: Position, texts: list[str]) -> None:
    """Each text is written in exactly one form of the phase's `notation`, a form of the order's kind."""
    forms = [Form(f["form"], f["template"], f["fields"]) for f in notation(position.phase.kind)["forms"]]
    kind_of_form = {f["form"]: f["kind"] for f in notation(position.phase.kind)["forms"]}
    for text in texts:
        matching = [f for f in forms if form_pattern(f).fullmatch(text)]
        assert len(matching) == 1, (text, [f.id for f in matching])
        assert BY_ID[kind_of_form[matching[0].id]].order is type(parse_order(text, board, position.phase.kind))


def check_expense_kinds(expenses: dict[str, Any]) -> None:
    """`kinds` says what the fields by kind say: the same targets, costs, minimums, powers and adjacency."""
    offers = {k["kind"]: k["offers"] for k in expenses["kinds"]}
    assert list(offers) == [k.name for k in KINDS_OF_EXPENSE if k.name in expenses["templates"]]
    for kind in ("famine relief", "pacify"):
        assert offers[kind] == [{"target": t, "cost": expenses[kind]["cost"]} for t in expenses[kind]["targets"]]
    rebellions = [
        {"target": r["target"], "cost": r["cost"], "power": r["controller"]} for r in expenses["rebellion"]["targets"]
    ]
    assert offers["rebellion"] == rebellions
    if "assassinate" in expenses:
        assert offers["assassinate"] == [{"target": p} for p in expenses["assassinate"]["targets"]]
    for kind in ("counter-bribe", "disband", "buy", "to autonomous"):
        assert offers[kind] == [
            {"target": b["target"], "minimum": b["minimums"][kind], "power": b["power"], "adjacent": b["adjacent"]}
            for b in expenses["bribes"]
            if kind in b["minimums"]
        ]


def check_accepted(game: Game, turn: str, position: Position, power: str, tmp: Path) -> int:
    """Write every exported order of `power` in order files and read them as the judge does."""
    data = family_of(game.options).legal_orders(game.setup, position, game.options, power).to_data()
    others = list(data["orders"])
    adjustments = data["adjustments"]
    if adjustments is not None:
        others += [b if isinstance(b, str) else b["order"] for b in adjustments["builds"]]
        assert adjustments["waive_order"] == ("Waive" if adjustments["waive"] else None)
        others += [adjustments["waive_order"]] if adjustments["waive"] else []
    # a file gives each unit one order (two are refused): file k holds the k-th order of every unit
    rounds = max([len(u["orders"]) for u in data["units"]], default=0)
    files = [[u["orders"][k] for u in data["units"] if k < len(u["orders"])] for k in range(rounds)] or [[]]
    files[0] += others
    check_forms(game.setup, position, [*(o for u in data["units"] for o in u["orders"]), *others])
    money = money_examples(data)
    if data["money"] is not None:
        check_expense_kinds(data["money"]["expenses"])
    path = tmp / f"{power}.yaml"
    for texts in files:
        for start in range(0, len(texts), 400):  # an order file holds at most 64 KiB
            chunk = texts[start : start + 400]
            path.write_text(order_file_text(game, turn, power, chunk), encoding="utf-8")
            read = read_order_file(game, turn, position, path)
            assert [str(o) for o in read.orders] == chunk  # read back as the very text exported
    if money:
        path.write_text(order_file_text(game, turn, power, money), encoding="utf-8")
        read_order_file(game, turn, position, path)
    return sum(map(len, files)) + len(money)


@pytest.mark.parametrize(("name", "turn"), demo_cases())
def test_demo_exports_are_accepted(name: str, turn: str, tmp_path: Path) -> None:
    game = load_game(GAMES / name)
    position = game.state(turn)
    total = sum(check_accepted(game, turn, position, p, tmp_path) for p in powers_of(game.setup, position))
    assert total > 0 or position.phase.kind is PhaseKind.RETREAT


@pytest.mark.parametrize(("name", "seed", "index", "retreat"), random_cases())
def test_random_exports_are_accepted(name: str, seed: int, index: int, retreat: bool, tmp_path: Path) -> None:
    board, rules, position = random_position(name, seed, index, retreat)
    game = game_for(tmp_path, board, rules, "random")
    for power in powers_of(board, position):
        check_accepted(game, turn_id(position.phase), position, power, tmp_path)


# ---- (b) whatever the check accepts is exported ---------------------------------------------------


def _locations(board: Board) -> list[str]:
    return sorted({loc for s in board.spaces for loc in (s, *board.locations(s))})


def universe(board: Board, position: Position, unit: Unit) -> Iterator[str]:
    """Candidate texts for one unit: every order the notation has, to every place of the board."""
    me = str(unit)
    places = _locations(board)
    yield f"{me} H"
    for p in places:
        yield f"{me}-{p}"
        yield f"{me}-{p} via convoy"
    for into in "AFG":
        yield f"{me} convert {into}"
    yield from (f"{me} besiege", f"{me} lift", f"{me} Disband")
    for other in position.units.values():
        them = str(other)
        yield f"{me} S {them}"
        for into in "AFG":
            yield f"{me} S {them} convert {into}"
        for p in places:
            yield f"{me} S {them}-{p}"
        if other.kind is UnitKind.ARMY:
            for s in board.spaces:
                yield f"{me} C {them}-{s}"


def adjustment_universe(board: Board, position: Position, power: str) -> Iterator[str]:
    """Candidate adjustment orders of a power: a build of every kind everywhere, a removal or upkeep of
    every unit on the board, a waive."""
    yield "Waive"
    for loc in _locations(board):
        for kind in "AFG":
            yield f"Build {kind} {loc}"
            for special in SPECIALS:
                yield f"Build {special} {kind} {loc}"
    for u in position.units.values():
        yield f"Remove {u}"
        yield f"Maintain {u}"


def fleet_path(board: Board, fleets: set[str], src: str, dst: str, via: str | None) -> bool:
    """A simple path src -> fleets... -> dst (through `via`), by plain depth-first search."""
    usable = fleets - {src, dst}

    def walk(at: str, seen: set[str], through: bool) -> bool:
        if dst in board.fleet_neighbours(at) and through:
            return True
        return any(
            walk(n, seen | {n}, through or n == via)
            for n in sorted(board.fleet_neighbours(at) & usable)
            if n not in seen
        )

    return any(walk(f, {f}, via is None or f == via) for f in sorted(usable) if src in board.fleet_neighbours(f))


def expected(board: Board, position: Position, rules: Rules, power: str, texts: Iterator[str]) -> set[str]:
    """The canonical texts the check accepts among `texts`, less the documented exceptions."""
    fleets = {u.space for u in position.units.values() if u.kind is UnitKind.FLEET and board.can_convoy_from(u.space)}
    out = set()
    for text in texts:
        canonical = accepted(text, board, position, power, rules, family_of(rules).check_order)
        if canonical is None:
            continue
        order = parse_order(canonical, board, position.phase.kind)
        if isinstance(order, Move) and order.kind is UnitKind.ARMY:
            src, dst = space_of(order.at), space_of(order.to)
            by_land = dst in board.army_adjacency[src]
            if not by_land and not order.via_convoy:  # goes by convoy all the same: its "via convoy" form
                canonical = str(Move(order.kind, order.at, order.to, True))
            if (order.via_convoy or not by_land) and not fleet_path(board, fleets, src, dst, None):
                continue
        if isinstance(order, Convoy) and not fleet_path(
            board, fleets, space_of(order.target), space_of(order.to), space_of(order.at)
        ):
            continue
        out.add(canonical)
    return out


def check_complete(board: Board, position: Position, rules: Rules, power: str) -> None:
    exported = family_of(rules).legal_orders(board, position, rules, power)
    by_unit = {u.unit: set(u.orders) for u in exported.units}
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        mine = [d.unit for d in position.dislodged if d.unit.power == power]
    else:
        mine = position.units_of(power)
    assert sorted(by_unit) == sorted(str(u) for u in mine)  # every unit that can be ordered, and only those
    if kind is PhaseKind.ADJUSTMENT:
        found = expected(board, position, rules, power, adjustment_universe(board, position, power))
        adjustments = exported.adjustments
        assert adjustments is not None
        builds = {b if isinstance(b, str) else b["order"] for b in adjustments["builds"]}  # type: ignore[attr-defined]
        listed = set().union(*by_unit.values(), builds, {"Waive"} if adjustments["waive"] else set())
        assert found == listed
        return
    for unit in mine:
        found = expected(board, position, rules, power, universe(board, position, unit))
        assert found == by_unit[str(unit)], str(unit)


def sample_powers(board: Board, position: Position, key: str) -> list[str]:
    """The powers checked in (b): those with something to order; two of them at most, one on a Machiavelli
    board, whose universe is larger (chosen by `key`)."""
    if position.phase.kind is PhaseKind.RETREAT:
        powers = sorted({d.unit.power for d in position.dislodged})
    else:
        powers = sorted({u.power for u in position.units.values()} - {AUTONOMOUS})
    rng = random.Random(key)
    return sorted(
        rng.sample(powers, min(1 if any(s.city is not None for s in board.spaces.values()) else 2, len(powers)))
    )


@pytest.mark.parametrize(("name", "turn"), demo_cases())
def test_demo_exports_are_complete(name: str, turn: str) -> None:
    game = load_game(GAMES / name)
    position = game.state(turn)
    for power in sample_powers(game.setup, position, f"{name} {turn}"):
        check_complete(game.setup, position, game.options, power)


@pytest.mark.parametrize(("name", "seed", "index", "retreat"), random_cases())
def test_random_exports_are_complete(name: str, seed: int, index: int, retreat: bool) -> None:
    board, rules, position = random_position(name, seed, index, retreat)
    if retreat:
        assert position.dislodged
    for power in sample_powers(board, position, f"{name} {seed} {index}"):
        check_complete(board, position, rules, power)


def test_a_retreat_exports_its_retreats_and_disband() -> None:
    game = load_game(GAMES / "demo")
    position = game.state("1902-spring-retreat")
    (entry,) = position.dislodged
    data = family_of(game.options).legal_orders(game.setup, position, game.options, entry.unit.power)
    (unit,) = data.units
    assert unit.unit == str(entry.unit) and unit.orders[-1] == f"{entry.unit} Disband"
    assert all(isinstance(parse_order(t, game.setup, PhaseKind.RETREAT), Retreat) for t in unit.orders[:-1])


def test_convoyed_moves_need_fleets_on_the_board(board: Board) -> None:
    """Rule: "A lon-bel via convoy" is listed when a fleet stands in the North Sea (or a route of fleets
    leads there), never with no fleet at sea; the fleet lists the convoy."""
    from tests.conftest import position as make

    alone = family_of(Rules()).legal_orders(board, make("england: A lon"), Rules(), "england")
    assert not any("via convoy" in t for t in alone.units[0].orders)
    with_fleet = family_of(Rules()).legal_orders(board, make("england: A lon", "england: F nth"), Rules(), "england")
    army = next(u for u in with_fleet.units if u.unit == "A lon")
    fleet = next(u for u in with_fleet.units if u.unit == "F nth")
    assert "A lon-bel via convoy" in army.orders and "A lon-bel" not in army.orders
    assert "A lon-yor via convoy" in army.orders and "A lon-yor" in army.orders
    assert "F nth C A lon-bel" in fleet.orders and "F nth C A lon-nwy" in fleet.orders
    assert "F nth C A lon-bre" not in fleet.orders  # the Channel holds no fleet


def test_under_the_2023_rules_a_convoy_no_route_needs_is_not_offered(board: Board) -> None:
    """[D 4.1] (DATC v3.0 6.G.19: "web-based adjudicators should not give this order as an option"): the fleet
    in the Western Mediterranean lists the convoy of Marseilles to Spain under the 2000 rules only; the Gulf of
    Lyon's convoy, and the army's move there by convoy beside its move by land, are listed under both."""
    from tests.conftest import position as make

    pos = make("france: A mar", "france: F wes", "france: F lyo")
    for name, offered in (("standard", True), ("standard-2023", False)):
        rules = board_rules(name)
        data = {u.unit: u.orders for u in family_of(rules).legal_orders(board, pos, rules, "france").units}
        assert ("F wes C A mar-spa" in data["F wes"]) is offered, name
        assert "F lyo C A mar-spa" in data["F lyo"]
        assert {"A mar-spa", "A mar-spa via convoy"} <= set(data["A mar"])


# ---- (c) the same bytes ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", DEMOS)
def test_export_is_deterministic(name: str) -> None:
    game = load_game(GAMES / name)
    turn = game.current_turn()
    position = game.state(turn)
    powers = list(game.setup.powers)
    first = legal_orders_json(game.setup, position, game.options, powers, game.family.rules.family, game.id, turn)
    again = legal_orders_json(
        game.setup, game.state(turn), game.options, list(reversed(powers)), game.family.rules.family, game.id, turn
    )
    assert first == again
    data = json.loads(first)
    assert json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n" == first  # keys sorted
    assert sorted(data["powers"]) == sorted(powers)


def test_the_command_writes_the_current_turn(tmp_path: Path) -> None:
    """`judge legal-orders FOLDER --power P --out FILE`: the current turn's JSON, for that power only."""
    from click.testing import CliRunner

    from pipeline.cli import cli

    out = tmp_path / "legal.json"
    result = CliRunner().invoke(cli, ["legal-orders", str(GAMES / "demo"), "--power", "France", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    game = load_game(GAMES / "demo")
    assert data["turn"] == game.current_turn() and list(data["powers"]) == ["france"]
    bad = CliRunner().invoke(cli, ["legal-orders", str(GAMES / "demo"), "--power", "narnia"])
    assert bad.exit_code == 1 and "no power 'narnia' in demo" in bad.output


def test_machiavelli_has_no_waive() -> None:
    """Rule: Machiavelli's adjustments are maintenance and purchases; `Waive` is refused by the check as by
    the adjudicator (it was accepted on receipt and then reported as an order of the wrong phase)."""
    game = load_game(GAMES / "machiavelli-objectif")
    position = game.state("1455-spring-adjustment")
    for power in game.setup.powers:
        assert accepted("Waive", game.setup, position, power, game.options, family_of(game.options).check_order) is None
        data = family_of(game.options).legal_orders(game.setup, position, game.options, power).adjustments
        assert data is not None and data["waive"] is False


def test_no_special_unit_in_diplomacy() -> None:
    """Rule: militia, mercenaries and professionals are Machiavelli's; a standard build of one is illegal."""
    game = load_game(GAMES / "demo")
    position = game.state("1901-fall-adjustment")
    builders = [
        p
        for p in game.setup.powers
        if family_of(game.options).legal_orders(game.setup, position, game.options, p).adjustments
    ]
    for power in builders:
        data = family_of(game.options).legal_orders(game.setup, position, game.options, power).adjustments
        assert data is not None
        for build in data["builds"]:  # type: ignore[attr-defined]
            special = build.replace("Build ", "Build militia ")
            assert (
                accepted(special, game.setup, position, power, game.options, family_of(game.options).check_order)
                is None
            )
