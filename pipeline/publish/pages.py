"""The pages of a game, built in memory as Markdown from its committed state and results.

Reason codes are explained in plain words here; the translated reports of the publication issue
will replace this with gettext catalogues.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.storage.gamedir import Game, phase_of_turn
from pipeline.storage.yamlio import load_yaml

REASONS = {
    "succeeds": "succeeds",
    "bounced": "bounced",
    "no_convoy_path": "no convoy got through",
    "convoy_paradox": "fails: convoy paradox (Szykman rule)",
    "support_cut": "support cut",
    "support_not_matched": "the supported unit did something else",
    "convoy_not_matched": "the army did not order this move",
    "convoy_disrupted": "convoy disrupted",
    "dislodged": "dislodged",
    "no_order": "no order: holds",
    "disbanded": "disbanded",
    "retreat_bounced": "bounced with another retreat: disbanded",
    "civil_disorder": "removed (civil disorder)",
}


@dataclass(frozen=True)
class Page:
    path: Path  # relative to the site folder
    content: str


def _reason(entry: dict[str, Any]) -> str:
    code = str(entry.get("result", ""))
    text = REASONS.get(code, code.removeprefix("illegal_").replace("_", " "))
    if code.startswith("illegal_"):
        text = f"illegal: {text}"
    extras = [f"{k.replace('_', ' ')} {v}" for k, v in entry.items() if k not in ("order", "result", "succeeded")]
    return text + (f" ({', '.join(extras)})" if extras else "")


def game_pages(game: Game) -> list[Page]:
    """The game's page: its current position, then every adjudicated turn, newest first."""
    turns = game.turns()
    current = turns[-1]
    position = game.position(current)
    lines = [f"# {game.title}", "", f"Map: {game.board.name}. Next turn: **{position.phase}**.", ""]
    machiavelli = game.rules.game == "machiavelli"
    if machiavelli:  # provinces and cities are controlled apart, and every power keeps a treasury
        lines += ["## Position", "", "| Power | Units | Provinces | Cities | Ducats |", "|---|---|---|---|---|"]
    else:
        lines += ["## Position", "", "| Power | Units | Supply centres |", "|---|---|---|"]
    for pid, power in sorted(game.board.powers.items()):
        units = ", ".join(str(u) for u in sorted(position.units_of(pid))) or "-"
        centres = ", ".join(sorted(position.centres_of(pid))) or "-"
        if machiavelli:
            cities = sorted(p for p, owner in position.cities.items() if owner == pid)
            ducats = position.ledger.ducats(pid)
            debt = sum(loan.owed for loan in position.ledger.debt(pid))
            money = f"{ducats} (owes {debt})" if debt else str(ducats)
            lines.append(
                f"| {power.name} | {units} | {len(position.centres_of(pid))}: {centres} "
                f"| {len(cities)}: {', '.join(cities) or '-'} | {money} |"
            )
        else:
            lines.append(f"| {power.name} | {units} | {len(position.centres_of(pid))}: {centres} |")
    if position.rebellions:
        lines += ["", "Rebellions: " + ", ".join(f"{p} (against {r.target})" for p, r in position.rebellions.items())]
    if position.famine:
        lines += ["", "Famine: " + ", ".join(sorted(position.famine))]
    for turn in reversed(turns):
        path = game.results_path(turn)
        if not path.exists():
            continue
        results = load_yaml(path)
        lines += ["", f"## {phase_of_turn(turn)}", "", "| Power | Order | Result |", "|---|---|---|"]
        for pid, entries in results["orders"].items():
            name = game.board.powers[pid].name if pid in game.board.powers else pid
            for entry in entries:
                lines.append(f"| {name} | `{entry['order']}` | {_reason(dict(entry))} |")
    return [Page(Path("games") / game.id / "index.md", "\n".join(lines) + "\n")]
