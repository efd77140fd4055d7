"""A board game's standings as a table, and what the game page says of a position besides: each power with
its supply centres (Diplomacy), or its cities, provinces and treasury (Machiavelli: a family whose `holdings`
are provinces controlled), and its units; the rebellions and the famine of the position."""

from __future__ import annotations

from pipeline.board.board import Board
from pipeline.board.family import AnyFamily
from pipeline.board.position import Position
from pipeline.escape import markdown_text
from pipeline.shared.translations import Translations

from .words import Words


def standings_table(
    board: Board, position: Position, family: AnyFamily, secret: bool, t: Translations
) -> tuple[list[str], list[list[str]], list[str]]:
    """The header, the rows (best power first, as `Family.standing` ranks) and each column's alignment; a
    treasury shown as a dash when it is each power's secret (`secret`)."""
    w = Words(board, t, markdown_text)
    cities = family.holdings == "control"
    if cities:  # provinces and cities are controlled apart, and every power keeps a treasury
        header = [t.gettext("Power"), t.gettext("Cities"), t.gettext("Provinces"), t.gettext("Ducats")]
    else:
        header = [t.gettext("Power"), t.gettext("Supply centres")]
    header.append(t.gettext("Units"))
    align = ["left", *["right"] * (len(header) - 2), "left"]
    ranked = sorted(board.powers, key=lambda p: (tuple(-n for n in family.standing(position, p)), p))
    rows = []
    for power in ranked:
        # a unit's letter and place kept together (no-break space): a narrow column wraps between units only
        units = ", ".join(str(u).replace(" ", "\u00a0") for u in sorted(position.units_of(power))) or "—"
        centres = str(len(position.centres_of(power)))
        if cities:
            held = str(sum(1 for owner in position.cities.values() if owner == power))
            rows.append([w.power(power), held, centres, "—" if secret else _money(position, power, t), units])
        else:
            rows.append([w.power(power), centres, units])
    return header, rows, align


def _money(position: Position, power: str, t: Translations) -> str:
    ducats = position.ledger.ducats(power)
    debt = sum(loan.owed for loan in position.ledger.debt(power))
    return t.gettext("%(ducats)s (owes %(debt)s)") % {"ducats": ducats, "debt": debt} if debt else str(ducats)


def state_notes(board: Board, position: Position, t: Translations) -> list[str]:
    """The rebellions and the famine of a position, a sentence each."""
    w = Words(board, t, markdown_text)
    notes = []
    if position.rebellions:
        rebels = [
            t.gettext("%(place)s (against %(power)s)") % {"place": w.place(p), "power": w.power_the(r.target)}
            for p, r in sorted(position.rebellions.items())
        ]
        notes.append(t.gettext("Rebellions: %(list)s.") % {"list": t.join(rebels)})
    if position.famine:
        notes.append(t.gettext("Famine: %(list)s.") % {"list": t.join([w.place(p) for p in sorted(position.famine)])})
    return notes
