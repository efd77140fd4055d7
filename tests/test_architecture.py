"""The rules core is pure: no file, network, clock or randomness, and no third-party library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "pipeline" / "core"
ALLOWED_PROJECT = {"pipeline.errors"}
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
    for path in sorted(CORE.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in BANNED_CALLS, f"{path.name}:{node.lineno} calls {node.func.id}"


def test_the_check_would_catch_a_banned_import() -> None:
    tree = ast.parse("import random\nfrom datetime import date\n")
    assert _imports(tree) == ["random", "datetime"]
