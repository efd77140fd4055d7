"""The rules core and the families stay pure (no file, network, clock or randomness, no third-party
library); no module outside a family names or imports it; no import cycle among the pipeline's modules."""

from __future__ import annotations

import ast
import dataclasses
import re
import sys
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "pipeline" / "board"
# what every family shares, pure itself (test_the_shared_modules_are_pure)
ALLOWED_PROJECT = {
    "pipeline.errors",
    "pipeline.escape",
    "pipeline.shared.dice",
    "pipeline.shared.dice_chain",
    "pipeline.shared.options",
    "pipeline.shared.translations",
    "pipeline.shared.map_text",
}
BANNED_MODULES = {"random", "time", "datetime", "os", "pathlib", "subprocess", "socket", "io", "shutil", "secrets"}
BANNED_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_core_imports_only_the_standard_library_and_project_errors() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in sorted(CORE.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for name in _imports(tree):
            root = name.split(".")[0]
            assert name in ALLOWED_PROJECT or (root in stdlib and root not in BANNED_MODULES), (
                f"{path.name} imports {name}"
            )


def test_core_calls_no_io() -> None:
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in BANNED_CALLS, f"{path.name}:{node.lineno} calls {node.func.id}"


SHARED = [
    "errors.py",
    "escape.py",
    "shared/dice.py",
    "shared/dice_chain.py",
    "shared/options.py",
    "shared/translations.py",
]


@pytest.mark.parametrize("name", SHARED)
def test_the_shared_modules_are_pure(name: str) -> None:
    """What the board engine and the families may import of the project besides themselves: the errors, the
    escapes (docs/security.md, "Player text is data") and the dice, the standard library alone, no I/O."""
    path = CORE.parent / name
    tree = ast.parse(path.read_text(), str(path))
    for imported in _imports(tree):
        root = imported.split(".")[0]
        assert imported in ALLOWED_PROJECT or (root in set(sys.stdlib_module_names) and root not in BANNED_MODULES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in BANNED_CALLS, f"{name}:{node.lineno} calls {node.func.id}"


def test_the_check_would_catch_a_banned_import() -> None:
    tree = ast.parse("import random\nfrom datetime import date\n")
    assert _imports(tree) == ["random", "datetime"]


# ---- the game families (docs/architecture.md) ---------------------------------------------------------

PIPELINE = CORE.parent
GAMES = PIPELINE / "games"
FAMILIES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())
REGISTRY = GAMES / "__init__.py"  # imports the families' packages to register them
# the default of `Rules.family`: what a game plays without a profile (a value, not a switch)
DEFAULT_FAMILY_HOLDER = CORE / "rules.py"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PIPELINE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PIPELINE.rglob("*.py"))}


def _resolved_imports(path: Path) -> set[str]:
    """Every `pipeline` module the file imports, anywhere in it (inside functions too), relative
    imports resolved; `from package import module` counts as importing the module."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            submodules = {f"{module}.{a.name}" for a in node.names} & MODULES.keys()
            found |= submodules
            if len(submodules) < len(node.names):  # names taken from the module itself
                found.add(module)
    return {m for m in found if m in MODULES and m != name}


def _outside(family: str) -> list[Path]:
    home = GAMES / family
    return [p for p in MODULES.values() if home not in p.parents]


@pytest.mark.parametrize("family", FAMILIES)
def test_no_module_outside_a_family_imports_it(family: str) -> None:
    package = f"pipeline.games.{family}"
    for path in _outside(family):
        if path == REGISTRY:
            continue
        bad = sorted(m for m in _resolved_imports(path) if m == package or m.startswith(package + "."))
        assert not bad, f"{path.relative_to(PIPELINE.parent)} imports {', '.join(bad)}"


@pytest.mark.parametrize("family", FAMILIES)
def test_no_module_outside_a_family_names_it(family: str) -> None:
    """A family is asked for, never named: no `== "machiavelli"` anywhere else."""
    for path in _outside(family):
        if path == DEFAULT_FAMILY_HOLDER and family == "diplomacy":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and node.value == family:
                raise AssertionError(f"{path.relative_to(PIPELINE.parent)}:{node.lineno} names the family {family!r}")


def _family_modules() -> list[Path]:
    return sorted(GAMES.rglob("*.py"))


@pytest.mark.parametrize("path", _family_modules(), ids=lambda p: str(p.relative_to(GAMES)))
def test_family_modules_are_pure(path: Path) -> None:
    """The families' rules modules hold to the core's rules: the standard library, the core, the
    families' interface, nothing that reads a file, a clock or a die."""
    stdlib = set(sys.stdlib_module_names)
    tree = ast.parse(path.read_text(), str(path))
    for name in _imports(tree):
        root = name.split(".")[0]
        project = name in ALLOWED_PROJECT or name.startswith(("pipeline.board.", "pipeline.games"))
        assert project or (root in stdlib and root not in BANNED_MODULES), f"{path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in BANNED_CALLS, f"{path.name}:{node.lineno} calls {node.func.id}"


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules along it (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_no_import_cycle() -> None:
    graph = {name: _resolved_imports(path) for name, path in MODULES.items()}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_would_catch_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


# ---- syntax apart from legality (docs/architecture.md) ----------------------------------------------

# the modules that decide whether an order is allowed, or what it does
LEGALITY = {
    "pipeline.board.legality",
    "pipeline.board.order_checks",
    "pipeline.board.retreat",
    "pipeline.board.adjustment",
    "pipeline.board.movement",
    "pipeline.board.resolver",
    "pipeline.board.explain",
    "pipeline.board.rules",
}


def _reached(start: str) -> set[str]:
    """Every pipeline module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in _resolved_imports(MODULES[todo.pop()]) - seen:
            seen.add(name)
            todo.append(name)
    return seen


@pytest.mark.parametrize("reader", ["pipeline.board.notation", "pipeline.board.order_kinds"])
def test_the_notation_imports_no_legality_module(reader: str) -> None:
    """The parser reads text into orders and reports syntax only: neither it nor the order kinds it reads
    with import, even through another module, a legality check, a rule or a family."""
    reached = _reached(reader)
    bad = sorted(m for m in reached if m in LEGALITY or m.startswith("pipeline.games"))
    assert not bad, f"{reader} imports {', '.join(bad)}"


def test_the_legality_check_would_be_caught() -> None:
    assert "pipeline.board.legality" in _reached("pipeline.board.order_checks")


# ---- citations (docs/rules/README.md) -------------------------------------------------------------

ROOT = PIPELINE.parent
CITED_DIRS = ("pipeline", "tests", "bench", "tools")
# documents that are not in the repository (docs/rules/citations.md maps them to rule numbers); the
# pattern is written so that it does not match itself
OLD_CITATION = re.compile(
    r"rules[_ ]digest|\bdigest(?:'s)? §?\d|test_cases\.md|differences\.md|order[_]grammar|\bG-\d+\b"
)


def _old_citations(text: str) -> list[tuple[int, str]]:
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if OLD_CITATION.search(line)]


def test_code_cites_only_the_rules_pages() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line}"
        for folder in CITED_DIRS
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in _old_citations(path.read_text())
    ]
    assert not found, "cite the rules pages ([M 7.4], docs/rules/citations.md) instead of:\n" + "\n".join(found)


def test_the_citation_check_would_catch_an_old_one() -> None:
    old = ["# gap G" + "-9", "(rules" + "_digest 12)", "see test_cases" + ".md BR-01", "differences" + ".md 14"]
    assert [n for n, _ in _old_citations("\n".join(old))] == [1, 2, 3, 4]
    assert _old_citations("# the siege lock [M 7.5] (judge, garrisons; Objectif §8.2); BR-01 [M 14.1]") == []


# ---- the shared board engine (docs/architecture.md, "The board engine") --------------------------------

# The modules of the engine Diplomacy and Machiavelli share, with their presentation: every module of
# pipeline/board/, its options (`rules.py`, the shared ones) and their words (`presentation/option_words.py`)
# included. Machiavelli's own options are its family's (pipeline/games/machiavelli/options.py), and so are
# their words (pipeline/games/machiavelli/option_words.py).
ENGINE = sorted(CORE.rglob("*.py"))
# the options every board family's engine shares: the board, the family, and the standard rules' choices where
# the 2000 and 2023 rulebooks differ (docs/rule-options.md); every other rule option is Machiavelli's
SHARED_OPTIONS = {"map", "family", "explicit_convoy", "convoy_orders", "civil_disorder_distance"}
MACHIAVELLI_BOARD_FACTS = {"single_unit", "straits"}  # Venice's one unit, the straits: facts of Machiavelli's maps


def _machiavelli_names() -> tuple[set[str], set[str], set[str]]:
    """Machiavelli's rule options, their choices with a name of their own (``convert_first``, not ``yes``),
    and its maps' facts: the names the shared engine must not use."""
    from pipeline.games.machiavelli.options import CHOICES, MachiavelliOptions

    options = {f.name for f in dataclasses.fields(MachiavelliOptions)} - SHARED_OPTIONS
    choices = {c for name in options for c in CHOICES.get(name, ()) if "_" in c}
    return options, choices, MACHIAVELLI_BOARD_FACTS


def test_the_engine_options_are_the_shared_ones() -> None:
    """The board's `Rules` hold what Diplomacy and Machiavelli share; Machiavelli's own are its subclass's."""
    from pipeline.board.rules import Rules
    from pipeline.games import board_families
    from pipeline.games.machiavelli.options import MachiavelliOptions

    assert {f.name for f in dataclasses.fields(Rules)} == SHARED_OPTIONS
    assert issubclass(MachiavelliOptions, Rules) and len(dataclasses.fields(MachiavelliOptions)) > 30
    for family in board_families().values():  # each family's profiles and options are of its own class
        fields = {f.name for f in dataclasses.fields(family.option_class)}
        assert set(family.options) <= fields, family.id
        assert all(type(rules) is family.option_class for rules in family.profiles.values()), family.id
    assert board_families()["machiavelli"].option_class is MachiavelliOptions


def _family_rules_in(source: str, options: set[str], choices: set[str], facts: set[str]) -> list[str]:
    """Where `source` reads one of the `options` of its rules (``rules.siege_commitment``, or by its name:
    ``getattr(rules, "famine")``), names one of the `choices` (``"convert_first"``), reads one of the board's
    `facts` (``space.single_unit``) or silences the type checker about the rules. A map reader may store a fact
    and a data key may share an option's name (``data.get("famine")``): neither is a read of the rule."""
    lines = enumerate(source.splitlines(), 1)
    found = [f"line {n}: type: ignore" for n, line in lines if "type: ignore" in line and "rules" in line]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            if (_of_rules(node.value) and node.attr in options) or (
                node.attr in facts and isinstance(node.ctx, ast.Load)
            ):
                found.append(f"line {node.lineno}: {node.attr}")
        elif isinstance(node, ast.Call) and any(_of_rules(a) for a in node.args):
            named = [a.value for a in node.args if isinstance(a, ast.Constant) and a.value in options]
            found += [f"line {node.lineno}: {name!r}" for name in named]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in choices:
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


def _of_rules(node: ast.expr) -> bool:
    """Is `node` a game's rules (``rules``, ``setting.rules``)?"""
    return (isinstance(node, ast.Name) and node.id == "rules") or (
        isinstance(node, ast.Attribute) and node.attr == "rules"
    )


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(CORE)))
def test_the_shared_engine_reads_no_rule_of_machiavelli(path: Path) -> None:
    """Straits, Venice, sieges, conversions, cities, retreats into a city, the expense limit: Machiavelli's
    `MovementHooks`, `LegalityHooks` and `Family` hooks, never read in the engine its family shares with
    Diplomacy."""
    found = _family_rules_in(path.read_text(), *_machiavelli_names())
    assert not found, f"board/{path.relative_to(CORE)}: " + ", ".join(found)


def test_the_engine_is_every_module_of_the_board() -> None:
    names = {str(p.relative_to(CORE)) for p in ENGINE}
    assert {"movement.py", "retreat.py", "legality.py", "explain.py", "order_kinds/expense.py", "rules.py"} <= names
    assert {"presentation/report.py", "presentation/render.py", "presentation/option_words.py"} <= names


def test_the_engine_check_would_catch_a_rule_read_in_the_engine() -> None:
    options, choices, facts = _machiavelli_names()
    assert {"siege_commitment", "strait_entry_blocks", "famine"} <= options and "map" not in options
    assert "convert_first" in choices and "yes" not in choices and facts == {"single_unit", "straits"}
    source = (
        'a = setting.rules.siege_commitment == "locked"\n'
        'b = getattr(rules, "conversion_model") == "convert_first"  # type: ignore\n'
        "c = board.spaces[p].single_unit or position.famine\n"
        'd = data.get("famine"), info.get("single_unit"), rules.map\n'
        "board.straits = read(data)\n"
        "f = [s for s in board.straits]\n"
        "class D(svgwrite.Drawing):  # type: ignore[misc]\n"
        "    pass\n"
    )
    assert sorted(_family_rules_in(source, options, choices, facts)) == [
        "line 1: siege_commitment",
        "line 2: 'conversion_model'",
        "line 2: 'convert_first'",
        "line 2: type: ignore",
        "line 3: single_unit",
        "line 6: straits",
    ]


# ---- the pipeline's interface to the families (pipeline.games.contract) --------------------------------

# The path of a turn (docs/architecture.md): these modules ask the game's family's contract alone
# (`game.family.rules`), never the board engine's `Family`, its positions or its orders, so that every family
# goes the same way.
TURN_PATH = [
    PIPELINE / "commands" / name for name in ("game.py", "turn_orders.py", "turn_files.py", "turn_dice.py")
] + [PIPELINE / "storage" / name for name in ("orders_files.py", "gamedir.py")]
BOARD_ONLY = {"pipeline.board.position", "pipeline.board.orders", "pipeline.board.board", "pipeline.board.calendar"}


@pytest.mark.parametrize("path", TURN_PATH, ids=lambda p: p.name)
def test_the_path_of_a_turn_asks_only_the_game_family(path: Path) -> None:
    bad = sorted(_resolved_imports(path) & BOARD_ONLY)
    assert not bad, f"{path.relative_to(PIPELINE.parent)} imports {', '.join(bad)}"
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        assert not _board_call(node), (
            f"{path.relative_to(PIPELINE.parent)}:{getattr(node, 'lineno', '?')} asks .{getattr(node, 'attr', '')} "
            "(a board family's): ask game.family.rules"
        )


def _board_call(node: ast.AST) -> bool:
    """`game.position(...)`, the engine's family behind a board family's rules (`rules.family`), or any
    `.play_phase` / `.start_position` (the board families' hooks)."""
    if not isinstance(node, ast.Attribute):
        return False
    on_game = isinstance(node.value, ast.Name) and node.value.id == "game"
    on_rules = isinstance(node.value, ast.Attribute) and node.value.attr == "rules"
    return (
        (on_game and node.attr == "position")
        or (on_rules and node.attr == "family")
        or node.attr in ("play_phase", "start_position")
    )


def test_the_check_would_catch_a_board_call() -> None:
    tree = ast.parse("result = game.family.rules.family.play_phase(board, game.position(turn), orders)")
    assert sum(_board_call(n) for n in ast.walk(tree)) == 3


def test_every_family_speaks_the_pipeline_interface() -> None:
    """Each registered family is a whole `GameFamily`: its rules and its presentation leave no member of the
    contract abstract."""
    from pipeline.games import GameFamily, families

    for family_id, family in families().items():
        assert isinstance(family, GameFamily)
        for part in (family.rules, family.presentation):
            assert not getattr(type(part), "__abstractmethods__", None), f"{family_id} leaves members abstract"
        assert family.id == family_id and family.rules.turn_example, family_id
        assert family.rules.is_turn(family.rules.turn_example), (
            f"{family_id}: its turn_pattern refuses its turn_example"
        )


# --- an order kind is one module (docs/architecture.md, "A board order kind") --------------------------------
# isinstance tests on an order kind left outside pipeline/board/order_kinds/: none. The rules ask the kind what
# they need (`kind_of(order).holds`, `.moves_to`, `.supports_into`, `.becomes`, `.adjusts`...), and a family's
# rules that settle one kind's own orders take them from the kind (`KIND.of(order)`, `KIND.among(orders)`).
KIND_TESTS_LIMIT = 0
ORDER_KINDS = PIPELINE / "board" / "order_kinds"
# the layers that present orders dispatch through the kind (`kind_of(order)`), never on its class
PRESENTING = [
    PIPELINE / "publish",
    PIPELINE / "commands",
    PIPELINE / "board" / "presentation",
    PIPELINE / "board" / "explain.py",
]
WHERE_IT_GOES = (
    "an order kind's sentence, result, aftermath, explanation and drawing go in its module "
    "(pipeline/board/order_kinds/<kind>.py, registered on its OrderKind), found with kind_of(order)"
)


def _order_kind_classes() -> set[str]:
    from pipeline.board.order_kinds import KINDS

    return {kind.order.__name__ for kind in KINDS}


def _kind_tests(tree: ast.AST, classes: set[str]) -> list[int]:
    """The lines of the isinstance tests whose second argument names an order kind's class."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            if len(node.args) == 2 and any(
                (isinstance(n, ast.Name) and n.id in classes) or (isinstance(n, ast.Attribute) and n.attr in classes)
                for n in ast.walk(node.args[1])
            ):
                lines.append(node.lineno)
    return sorted(lines)


def _imports_the_board(tree: ast.AST, path: Path) -> bool:
    """Does the module import from the board engine (where the order kinds are)? A family of its own orders
    (Catan's `Move`) may name a class alike without it being a board order kind."""
    inside = PIPELINE / "board" in path.parents
    return any(
        isinstance(node, ast.ImportFrom)
        and ((node.module or "").startswith("pipeline.board") or (inside and node.level > 0))
        for node in ast.walk(tree)
    )


def _kind_tests_outside_the_kinds() -> dict[Path, list[int]]:
    classes = _order_kind_classes()
    found = {}
    for path in sorted(PIPELINE.rglob("*.py")):
        if ORDER_KINDS not in path.parents:
            tree = ast.parse(path.read_text(), str(path))
            lines = _kind_tests(tree, classes) if _imports_the_board(tree, path) else []
            if lines:
                found[path] = lines
    return found


def test_no_new_isinstance_on_an_order_kind() -> None:
    found = _kind_tests_outside_the_kinds()
    total = sum(len(lines) for lines in found.values())
    where = "; ".join(f"{p.relative_to(PIPELINE.parent)}:{','.join(map(str, ls))}" for p, ls in found.items())
    assert total <= KIND_TESTS_LIMIT, (
        f"{total} isinstance tests on an order kind outside order_kinds/ (at most {KIND_TESTS_LIMIT}): {where}. "
        + WHERE_IT_GOES
    )


def test_the_presenting_layers_test_no_order_kind() -> None:
    for path, lines in _kind_tests_outside_the_kinds().items():
        inside = any(path == p or p in path.parents for p in PRESENTING)
        assert not inside, f"{path.relative_to(PIPELINE.parent)}:{lines[0]} tests an order's class: " + WHERE_IT_GOES


def test_the_kind_test_count_would_catch_one() -> None:
    tree = ast.parse(
        "if isinstance(o, Move | orders.Retreat):\n    pass\nif isinstance(o, (Hold, str)):\n    pass\n"
        "if isinstance(o, str):\n    pass\n"
    )
    assert _kind_tests(tree, _order_kind_classes()) == [1, 3]
    board = ast.parse("from pipeline.board.orders import Move\n")
    assert _imports_the_board(board, PIPELINE / "games" / "x.py")
    assert not _imports_the_board(ast.parse("from .orders import Move\n"), PIPELINE / "games" / "catan" / "x.py")
    assert _imports_the_board(ast.parse("from .orders import Move\n"), PIPELINE / "board" / "x.py")


# ---- no function over 100 lines (issue 29, "the knots cut") ----------------------------------------------

LONGEST_FUNCTION = 100  # lines, from the `def` line to the last line of the body
# functions allowed over it for a while, by module and name (none today: the last knots were cut in issue 29);
# a function named here that fits again fails the test below, so the list only shrinks.
LONG_FOR_NOW: set[tuple[str, str]] = set()


def _long_functions(tree: ast.AST, limit: int = LONGEST_FUNCTION) -> list[tuple[str, int, int]]:
    """Each function or method of `tree` over `limit` lines: its name, first line and length."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                found.append((node.name, node.lineno, length))
    return found


def test_no_function_is_over_100_lines() -> None:
    """A function a reader cannot hold at once is several: none in pipeline/ over 100 lines, but the ones
    `LONG_FOR_NOW` names, which must still be over it (a split one leaves the list)."""
    long = {
        (name, function): f"{path.relative_to(ROOT)}:{line} {function} ({length} lines)"
        for name, path in MODULES.items()
        for function, line, length in _long_functions(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert sorted(v for k, v in long.items() if k not in LONG_FOR_NOW) == []
    assert sorted(LONG_FOR_NOW - set(long)) == [], "split: remove them from LONG_FOR_NOW"


def test_the_length_check_would_catch_a_long_function() -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(100))
    tree = ast.parse(f"def short():\n    pass\n\n\nclass A:\n    def long(self):\n{body}\n")
    assert _long_functions(tree) == [("long", 6, 101)]
