"""Rule cases: a position, the orders of one or more phases, and what must come out (docs/rule-cases.md).

A case file is YAML::

    cases:
      - id: SG-01
        title: Two consecutive besiege orders
        source: "[M 7.1] (judge, garrisons; Objectif §8.1 AS, §8.2)"
        profile: judge              # or objectif, standard; `options:` overrides single rule options
        rules_version: 1            # optional: the family's rules version (its newest if not given)
        phase: Spring 1455 Movement
        units: {florence: [A sie], autonomous: [G sie]}
        control: {florence: [sie]}  # optional; also cities, sieges, owners (supply centres)
        turns:
          - orders: {florence: [A sie besiege]}
            results: {A sie besiege: siege_started}   # optional: the result code of orders, as written
            expect:                                   # optional: the position after the phase
              units: {florence: [A sie], autonomous: [G sie]}
          - orders: {florence: [A sie besiege]}
            expect: {units: {florence: [A sie]}, cities: {florence: [sie]}}

Each turn is played from the position the previous one left (its next phase). Every problem of a
case file is reported with its line, and a case that cannot be set up fails with its reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.errors import DataError, PipelineError, Problem
from pipeline.games import GameFamily, family, profile
from pipeline.storage.maps import load_setup
from pipeline.storage.yamlio import line_of, load_yaml


@dataclass
class RuleCase:
    id: str
    title: str
    source: str
    file: str
    line: int | None
    data: Mapping[str, Any]


@dataclass
class CaseOutcome:
    case: RuleCase
    passed: bool
    failures: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # what the case may not mean as written

    def report(self) -> str:
        c = self.case
        where = f"{c.file}:{c.line}" if c.line else c.file
        lines = [f"{'FAILED' if not self.passed else 'WARNING'} {c.id} {c.title} ({where})"]
        lines.extend(f"  {f}" for f in self.failures)
        lines.extend(f"  warning: {w}" for w in self.warnings)
        return "\n".join(lines)


def read_cases(path: Path) -> list[RuleCase]:
    data = load_yaml(path)
    file = str(path)
    if not isinstance(data, Mapping) or not isinstance(data.get("cases"), list):
        raise DataError("a case file is a mapping with a list `cases`", file=file)
    cases, problems, seen = [], [], set()
    fixtures = data.get("fixtures") or {}
    if not isinstance(fixtures, Mapping) or not all(isinstance(f, Mapping) for f in fixtures.values()):
        problems.append(
            Problem("fixtures", "expected a mapping of names to positions", line_of(data, "fixtures"), file)
        )
        fixtures = {}
    for i, raw in enumerate(data["cases"]):
        where = f"cases[{i}]"
        if not isinstance(raw, Mapping) or not raw.get("id") or not raw.get("turns"):
            problems.append(Problem(where, "a case needs an id and turns", line_of(data, where), file))
            continue
        named = raw.get("fixture")
        if named is not None and named != START and named not in fixtures:
            known = ", ".join([START, *map(str, fixtures)])
            problems.append(
                Problem(f"{where}.fixture", f"no fixture {named!r} (known: {known})", line_of(data, where), file)
            )
            continue
        if named is not None and named != START:
            raw = {**fixtures[named], **raw}  # the case's own keys over its fixture's
        played = _family_of(raw)
        shape = [(f"{where}.{w}" if w else where, m) for w, m in played.rules.case_problems(raw)]
        if not _version_ok(raw.get("rules_version", played.newest_version), played):
            shape.append(
                (f"{where}.rules_version", f"expected a rules version of {played.id}, 1 to {played.newest_version}")
            )
        problems += [Problem(w, m, line_of(data, w), file) for w, m in shape]
        if raw["id"] in seen:
            problems.append(Problem(f"{where}.id", f"case id {raw['id']!r} is used twice", line_of(data, where), file))
        seen.add(raw["id"])
        cases.append(
            RuleCase(
                str(raw["id"]), str(raw.get("title", "")), str(raw.get("source", "")), file, line_of(data, where), raw
            )
        )
    if problems:
        raise DataError(problems)
    return cases


def _version_ok(value: object, played: GameFamily[Any, Any, Any, Any, Any]) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= played.newest_version


def _family_of(raw: Mapping[str, Any]) -> GameFamily[Any, Any, Any, Any, Any]:
    """The family whose profile a case names (`standard` if it names none)."""
    return family(profile(str(raw.get("profile", "standard"))).family)


START = "start"  # the fixture every case may name: the map's starting position under the case's profile


def case_files(paths: Iterable[Path]) -> list[Path]:
    """The case files named, folders searched for *.yaml."""
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.rglob("*.yaml")) if path.is_dir() else [path])
    return files


def run_rule_case(case: RuleCase) -> CaseOutcome:
    try:
        return _run(case)
    except (PipelineError, ValueError) as err:
        return CaseOutcome(case, False, [f"cannot be played: {err}"])
    except (TypeError, AttributeError, KeyError) as err:  # a value of another shape deeper in the case
        return CaseOutcome(case, False, [f"cannot be played: a value of the case is not of the expected kind ({err})"])


def _run(case: RuleCase) -> CaseOutcome:
    """A case played by the family its profile names, on the profile's setup (or the case's `map`), with its
    options over the profile's, under its `rules_version` (the family's newest if it names none)."""
    data = case.data
    chosen = profile(str(data.get("profile", "standard")))
    played = family(chosen.family)
    setup = load_setup(played, str(data.get("map", chosen.map)))
    options = played.rules.options_of(chosen.options, data.get("options") or {})
    options = played.rules.with_version(options, int(data.get("rules_version", played.newest_version)))
    failures, warnings = played.rules.play_case(setup, options, data)
    return CaseOutcome(case, not failures, failures, warnings)
