"""The Catan code and tests cite rules that docs/rules/catan.md has, and every rule test cites one
(docs/rules/README.md: citing a rule)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "rules" / "catan.md"
CITED = [
    *sorted((ROOT / "pipeline" / "games" / "catan").glob("*.py")),
    *sorted(p for p in Path(__file__).parent.glob("*.py") if p.name != Path(__file__).name),
]
CITATION = re.compile(r"\[K (\d+(?:\.\d+)?)\]")
UNCITED = {"test_citations.py", "test_state.py", "helpers.py"}  # the codec's and this check's tests state no rule


def _rules() -> set[str]:
    text = PAGE.read_text()
    return set(re.findall(r"^\*\*K (\d+\.\d+)\*\*", text, re.M)) | set(re.findall(r"^## K (\d+) ", text, re.M))


def test_every_citation_names_a_rule_of_the_page() -> None:
    rules = _rules()
    missing = [
        f"{path.relative_to(ROOT)}: [K {n}]"
        for path in CITED
        for n in CITATION.findall(path.read_text())
        if n not in rules
    ]
    assert not missing, "\n".join(missing)


def test_the_check_would_catch_a_missing_rule() -> None:
    assert "99.1" not in _rules() and CITATION.findall("a rule [K 99.1] and [K 4]") == ["99.1", "4"]


def test_every_rule_test_cites_its_rule() -> None:
    bare = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        if path.name in UNCITED:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                if not CITATION.search(ast.get_docstring(node) or ""):
                    bare.append(f"{path.name}::{node.name}")
    assert not bare, "rule tests without their [K n.m]:\n" + "\n".join(bare)
