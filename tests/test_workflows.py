"""The GitHub Actions workflows: actionlint and zizmor find nothing, and the security properties hold.

actionlint checks syntax, expressions and (through shellcheck, when it is installed) the `run:` scripts;
zizmor audits security with its most thorough persona, offline. A finding that is a false positive is
suppressed on its line with `# zizmor: ignore[rule]` and the reason, never in a configuration file.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
WRITES_STATE = {"contents", "pages"}  # a job writing these must never be cancelled half-way


def load(path: Path) -> Any:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: python3 -m pip install -e '.[dev]'")
    return found


def triggers(workflow: Any) -> set[str]:
    on = workflow["on"]
    return {on} if isinstance(on, str) else set(on)


def walk(node: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every scalar of a loaded YAML document with its key path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, f"{where}.{key}" if where else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{where}[{i}]")
    else:
        yield where, node


def test_there_are_workflows() -> None:
    names = {p.name for p in WORKFLOWS}
    assert {"ci.yml", "pages.yml", "validate-orders.yml", "adjudicate.yml"} <= names


def test_actionlint_finds_nothing() -> None:
    result = subprocess.run(
        [tool("actionlint"), "-no-color", *map(str, WORKFLOWS)], capture_output=True, text=True, cwd=ROOT
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")


def test_zizmor_finds_nothing() -> None:
    result = subprocess.run(
        [tool("zizmor"), "--offline", "--no-config", "--persona", "auditor", "--color", "never", *map(str, WORKFLOWS)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings to report" in result.stdout, result.stdout


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_top_level_permissions_are_empty(path: Path) -> None:
    assert load(path)["permissions"] == {}


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_no_workflow_runs_with_the_base_repository_rights_on_untrusted_code(path: Path) -> None:
    assert not triggers(load(path)) & {"pull_request_target", "workflow_run"}


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_a_workflow_run_by_pull_requests_uses_no_secret(path: Path) -> None:
    if "pull_request" in triggers(load(path)):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bsecrets\s*[.\[]", text)
        assert "secrets: inherit" not in text


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_each_job_that_writes_has_a_concurrency_group(path: Path) -> None:
    workflow = load(path)
    for name, job in workflow["jobs"].items():
        permissions = job.get("permissions") or {}
        written = {scope for scope, level in permissions.items() if level == "write"}
        if not written:
            continue
        concurrency = job.get("concurrency") or workflow.get("concurrency")
        assert concurrency and concurrency.get("group"), f"job {name} writes {sorted(written)} with no group"
        if written & WRITES_STATE:
            assert concurrency.get("cancel-in-progress") is False, f"job {name} could be cancelled half-way"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_untrusted_values_reach_the_shell_only_through_env(path: Path) -> None:
    for where, value in walk(load(path)):
        if where.endswith(".run"):
            assert "${{" not in str(value), f"{path.name}: {where} expands an expression in the script"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_secrets_are_given_to_steps_only(path: Path) -> None:
    """A secret goes to one step's `env:`, never to a whole job or workflow (nor `secrets: inherit`)."""
    for where, value in walk(load(path)):
        if "secrets." in str(value) or where.endswith(".secrets"):
            assert re.fullmatch(r"jobs\.[\w-]+\.steps\[\d+\]\.env\.\w+", where), f"{path.name}: {where}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_action_is_pinned_by_commit_with_its_version(path: Path) -> None:
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*(?:-\s+)?uses:\s*(\S+)(.*)", line)
        if m is None or m[1].startswith(("./", "$/")):
            continue
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", m[1]), line
        assert re.fullmatch(r"\s+# v\d+(\.\d+)*", m[2]), f"no '# vX' comment: {line}"


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_checkouts_keep_no_credentials(path: Path) -> None:
    for where, value in walk(load(path)):
        if where.endswith(".uses") and str(value).startswith("actions/checkout@"):
            step = where.removesuffix(".uses")
            assert (f"{step}.with.persist-credentials", False) in walk(load(path)), f"{path.name}: {step}"


def test_the_pull_request_workflow_validates_as_the_author_and_comments_only_from_this_repository() -> None:
    workflow = load(ROOT / ".github" / "workflows" / "validate-orders.yml")
    assert workflow["on"] == {"pull_request": None}, "no paths filter: the check must report on every pull request"
    validate, comment = workflow["jobs"]["validate"], workflow["jobs"]["comment"]
    assert validate["permissions"] == {"contents": "read"}
    script = "\n".join(step.get("run", "") for step in validate["steps"])
    assert 'git diff --name-only -z "$BASE_SHA...$HEAD_SHA"' in script
    assert "games/*/orders/*) ;;" in script
    assert 'judge validate "games/$game" --author "$AUTHOR"' in script
    assert "GITHUB_STEP_SUMMARY" in script
    assert comment["permissions"] == {"pull-requests": "write"}
    assert "github.event.pull_request.head.repo.full_name == github.repository" in comment["if"]
    assert not any("uses" in step for step in comment["steps"]), "the commenting job checks nothing out"


def test_the_adjudication_workflow() -> None:
    workflow = load(ROOT / ".github" / "workflows" / "adjudicate.yml")
    on = workflow["on"]
    assert on["push"] == {"branches": ["main"], "paths": ["games/*/orders/**"]}
    assert on["schedule"]
    inputs = on["workflow_dispatch"]["inputs"]
    assert set(inputs) == {"game", "action", "turn"}
    assert inputs["action"]["options"] == ["adjudicate", "force", "rerun"]
    assert workflow["concurrency"] == {"group": "adjudicate", "cancel-in-progress": False}
    job = workflow["jobs"]["adjudicate"]
    assert job["permissions"] == {"contents": "write"}
    with_secrets = [s for s in job["steps"] if "secrets." in str(s.get("env", ""))]
    assert [s["name"] for s in with_secrets] == ["Adjudicate", "Check the games"]
    assert set(with_secrets[0]["env"]) >= {"JUDGE_AGE_IDENTITY", "JUDGE_DICE_SECRETS"}
    assert "JUDGE_DICE_SECRETS" not in with_secrets[1]["env"]  # replaying needs the age keys, never the dice secret
    script = "\n".join(step.get("run", "") for step in job["steps"])
    for command in ("judge adjudicate", "--when-due", "--force", "judge rerun", "judge replay --check", "judge verify"):
        assert command in script
    site = workflow["jobs"]["site"]
    assert site["uses"] == "$/.github/workflows/pages.yml"
    assert site["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    pages = load(ROOT / ".github" / "workflows" / "pages.yml")
    assert "workflow_call" in pages["on"]
    assert pages["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
