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
DEPENDABOT = ROOT / ".github" / "dependabot.yml"
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
    """In the workflows, and in Dependabot's configuration (the locks' and the actions' updates)."""
    audited = [*map(str, WORKFLOWS), str(DEPENDABOT)]
    result = subprocess.run(
        [tool("zizmor"), "--offline", "--no-config", "--persona", "auditor", "--color", "never", *audited],
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
def test_only_the_order_check_runs_with_the_base_repository_rights_on_pull_requests(path: Path) -> None:
    on = triggers(load(path))
    assert "workflow_run" not in on
    assert ("pull_request_target" in on) == (path.name == "validate-orders.yml")


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_a_workflow_run_by_pull_requests_uses_no_secret(path: Path) -> None:
    if triggers(load(path)) & {"pull_request", "pull_request_target"}:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bsecrets\s*[.\[]", text)
        assert "secrets: inherit" not in text
        assert "environment" not in load(path)["jobs"].get("check", {})


def test_the_one_zizmor_suppression_is_the_order_checks_trigger() -> None:
    """pull_request_target is "dangerous" because a workflow may run the pull request's code with a write
    token; this one reads its files as data only (the tests below), which GitHub's guidance allows."""
    found = [
        (path.name, line.strip())
        for path in WORKFLOWS
        for line in path.read_text(encoding="utf-8").splitlines()
        if "zizmor:" in line
    ]
    assert len(found) == 1, found
    name, line = found[0]
    assert name == "validate-orders.yml"
    assert line.startswith("pull_request_target: # zizmor: ignore[dangerous-triggers] the head is data only")


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


def test_the_pull_request_workflow_checks_the_head_as_data_and_merges_exactly_what_it_checked() -> None:
    path = ROOT / ".github" / "workflows" / "validate-orders.yml"
    workflow = load(path)
    assert workflow["on"] == {"pull_request_target": {"types": ["opened", "synchronize", "reopened"]}}
    group = workflow["concurrency"]["group"]
    assert group == "validate-orders-${{ github.event.pull_request.number }}" and "adjudicate" not in group
    (job,) = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "write", "pull-requests": "write", "actions": "write"}
    checkouts = [s for s in job["steps"] if str(s.get("uses", "")).startswith("actions/checkout@")]
    assert [c["with"] for c in checkouts] == [{"ref": "main", "fetch-depth": 0, "persist-credentials": False}]
    text = path.read_text(encoding="utf-8")
    for head in ("head.ref", "head.repo", "head_ref", "pull_request.merge"):
        assert head not in text, f"{head}: the head is never checked out"
    assert "${{ github.event.pull_request.head.sha }}" in text  # given to the judge and the merge, as data
    script = "\n".join(step.get("run", "") for step in job["steps"])
    assert 'git fetch --quiet --no-tags origin "+refs/pull/${NUMBER}/head:refs/remotes/pull/head"' in script
    uses_of_head = [line.strip() for line in script.splitlines() if "HEAD_SHA" in line or "pull/head" in line]
    assert uses_of_head == [
        'run: git fetch --quiet --no-tags origin "+refs/pull/${NUMBER}/head:refs/remotes/pull/head"'.removeprefix(
            "run: "
        ),
        'env -u GITHUB_TOKEN judge check-pull-request --base "$base" --head "$HEAD_SHA" --author "$AUTHOR" \\',
    ], "the head is fetched and given to the judge, which checks the merge it makes: nothing else"
    # What is pushed is the merge commit the judge made of what it checked, written only if it passed.
    assert '--number "$NUMBER" --report "$report" --merge-commit "$merge_file"' in script
    assert 'merge=$(cat "$merge_file")' in script and 'if push "$merge"; then result=merged; break; fi' in script
    assert "merge-tree" not in script and "commit-tree" not in script
    for forbidden in ("git checkout --quiet --detach FETCH_HEAD",):  # the only checkout: main again
        assert script.count(forbidden) == 1
    assert not re.search(r"git (switch|merge |worktree|reset)|pip install[^\n]*-e", script)
    assert "env -u GITHUB_TOKEN judge check-pull-request" in script
    assert "gh workflow run adjudicate.yml --ref main" in script


def test_the_adjudication_workflow() -> None:
    workflow = load(ROOT / ".github" / "workflows" / "adjudicate.yml")
    on = workflow["on"]
    assert on["push"] == {"branches": ["main"], "paths": ["games/*/orders/**"]}
    assert on["schedule"]
    inputs = on["workflow_dispatch"]["inputs"]
    assert set(inputs) == {"game", "action", "turn"}
    assert inputs["action"]["options"] == ["adjudicate", "force", "rerun"]
    # What is due shares one group; a master's force or rerun has its own, which nothing else can drop.
    group = workflow["concurrency"]["group"]
    assert "inputs.action != 'adjudicate'" in group and "github.run_id" in group and "|| 'adjudicate' }}" in group
    assert workflow["concurrency"]["cancel-in-progress"] is False
    job = workflow["jobs"]["adjudicate"]
    assert job["permissions"] == {"contents": "write"} and job["environment"] == "adjudication"
    with_secrets = [s for s in job["steps"] if "secrets." in str(s.get("env", ""))]
    assert [s["name"] for s in with_secrets] == ["Adjudicate, commit and push"]
    assert set(with_secrets[0]["env"]) >= {"JUDGE_AGE_IDENTITY", "JUDGE_DICE_SECRETS"}
    script = with_secrets[0]["run"]
    assert 'env -u GITHUB_TOKEN judge run-games "${args[@]}"' in script  # the judge never gets the token
    assert "for attempt in 1 2 3" in script and "git reset --quiet --hard FETCH_HEAD" in script
    assert "git push --quiet origin HEAD:refs/heads/main" in script and "--force" not in script
    site = workflow["jobs"]["site"]
    assert site["uses"] == "$/.github/workflows/pages.yml"
    assert site["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    pages = load(ROOT / ".github" / "workflows" / "pages.yml")
    assert "workflow_call" in pages["on"]
    build = next(s["run"] for s in pages["jobs"]["build"]["steps"] if "judge site" in str(s.get("run", "")))
    # the site dated by its last commit, not the day it is built (tests/test_built_site.py)
    assert build.split() == ["judge", "verify", "games/*/", "judge", "site", "judge", "build-site"]
    assert pages["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_the_dispatch_form_names_a_turn_id_of_every_family() -> None:
    """A game master forcing or rerunning a turn of any family reads in the form what its turn ids look like:
    the `turn` input's examples include one id of each registered family (and nothing that is none)."""
    from pipeline.games import families

    inputs = load(ROOT / ".github" / "workflows" / "adjudicate.yml")["on"]["workflow_dispatch"]["inputs"]
    examples = re.findall(r"[a-z0-9-]+", inputs["turn"]["description"].split("like", 1)[1])
    examples = [e for e in examples if e != "or"]
    kinds = list(families().values())
    assert {f.id for f in kinds} >= {"diplomacy", "machiavelli", "symmachia", "catan"}
    for family in kinds:
        assert any(family.rules.is_turn(e) for e in examples), f"no {family.id} turn id among {examples}"
    assert all(any(f.rules.is_turn(e) for f in kinds) for e in examples), examples


def test_no_workflow_shares_the_adjudications_group() -> None:
    for path in WORKFLOWS:
        if path.name != "adjudicate.yml":
            assert "adjudicate" not in str(load(path).get("concurrency", "")), path.name
            for job in load(path)["jobs"].values():
                assert "adjudicate" not in str(job.get("concurrency", "")), path.name


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_every_python_set_up_keeps_its_downloaded_packages(path: Path) -> None:
    """Kept under the lock the job installs from: CI's with the tests' tools, the others the judge's. The
    release's build restores no cache: nothing another run saved may reach the files a club installs."""
    lock = "requirements-dev.txt" if path.name == "ci.yml" else "requirements.txt"
    for job in load(path)["jobs"].values():
        for step in job.get("steps") or []:
            if not str(step.get("uses", "")).startswith("actions/setup-python@"):
                continue
            if path.name == "release.yml":
                assert "cache" not in step["with"]
            else:
                assert step["with"]["cache"] == "pip" and step["with"]["cache-dependency-path"] == lock


def test_the_release_is_built_from_its_tag_and_attached_to_it() -> None:
    """Issue 33: on a published release, the sdist and the wheel built from it, the tag checked against
    the version, both attached; the only write is to the release."""
    workflow = load(ROOT / ".github" / "workflows" / "release.yml")
    assert triggers(workflow) == {"release"} and workflow["on"]["release"]["types"] == ["published"]
    (job,) = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "write"}
    script = "\n".join(str(step.get("run", "")) for step in job["steps"])
    assert '[ "v$version" != "$TAG" ]' in script and "build_sdist" in script and "sdist/*-" in script
    assert 'gh release upload "$TAG" dist/*.whl dist/*.tar.gz' in script


def test_dependabot_updates_the_locks_and_the_actions() -> None:
    """Issue 33: the hash-locked requirements (pip, which reads pip-compile's files) and the pinned actions."""
    updates = load(DEPENDABOT)["updates"]
    assert {(u["package-ecosystem"], u["directory"]) for u in updates} == {("pip", "/"), ("github-actions", "/")}


def installs(script: str) -> list[str]:
    """Each `pip install` command of a script."""
    return re.findall(r"pip install[^\n]*", script)


@pytest.mark.parametrize("path", [*WORKFLOWS, ROOT / ".ci" / "run"], ids=lambda p: p.name)
def test_every_install_is_of_the_hash_locked_requirements(path: Path) -> None:
    """Issue 33: a job installs exactly what was tested: the packages of a lock, each checked against its
    hashes (`--require-hashes`), then the judge from the checkout without a dependency or a build tool of
    the day (`--no-deps --no-build-isolation`, its build tools being in the lock)."""
    text = path.read_text(encoding="utf-8")
    found = installs(text)
    if path.name != "ci.yml":  # CI's job installs through .ci/run
        assert found, f"{path.name} installs nothing"
    for command in found:
        assert "--require-hashes -r requirements" in command or (
            "--no-deps" in command and "--no-build-isolation" in command
        ), command


def test_the_site_cache_is_the_pages_workflows_alone_keyed_by_the_sites_sources() -> None:
    """What `judge site` and MkDocs keep between runs (docs/site.md): restored and saved by the Pages build on
    main only, under the digest of every source of the site, so that no other workflow can write it."""
    found = [
        (path.name, name, step)
        for path in WORKFLOWS
        for name, job in load(path)["jobs"].items()
        for step in job.get("steps") or []
        if str(step.get("uses", "")).startswith("actions/cache")
    ]
    assert [(file, job) for file, job, _ in found] == [("pages.yml", "build")]
    cache = found[0][2]["with"]
    assert cache["path"] == "_build/cache" and cache["restore-keys"] == "site-"
    assert cache["key"].startswith("site-${{ hashFiles(") and "'games/**'" in cache["key"]
    assert all(
        f"'{source}'" in cache["key"]
        for source in ("site/**", "pipeline/**", "mkdocs.yml", "pyproject.toml", "requirements.txt")
    )
