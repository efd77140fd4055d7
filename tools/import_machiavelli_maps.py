"""Write the Machiavelli maps from the public board facts (run by hand, once per change of the facts).

Usage: python tools/import_machiavelli_maps.py ../shared/data/machiavelli

Reads ``classic-board.yaml`` (the classic board, njudge ``map.machiavelli`` cross-checked with
machiavelli-bot), ``board-1995.yaml`` (the Avalon Hill 1995 board, njudge ``map.machiavelli2`` and
condottieri) and ``spaces-geo-fr.yaml`` (French and Italian names) from that folder, and writes
``pipeline/maps/machiavelli-classic.yaml``, ``pipeline/maps/machiavelli-1995.yaml`` and
``pipeline/maps/machiavelli-objectif.yaml`` (the 1995 board with the Objectif rules' double coasts) in the
project's map format (docs/map-format.md), with the board's tables: variable income, famine and plague. The
output is deterministic: spaces, lists, powers and table cells are sorted. The project never reads the facts
at run time: the YAML written here is the project's own data, checked by tests/board/test_machiavelli_maps.py.

Where the sources disagree the choice is made here (each board's ``choices``) and written into the map
twice: in a block at the top of the file, and as a comment next to the entry it concerns. Before
writing, what was built is checked against the facts' own counts (spaces, cities, fortresses, ports,
adjacencies), the home countries against the scenario's control lists, and the tables against the
provinces each is known to leave out and against the other source's lines.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

MAPS_DIR = Path(__file__).resolve().parent.parent / "pipeline" / "maps"

# power id -> (name, adjective, usual spellings); the judge's one-letter code is read from the facts
POWERS: dict[str, tuple[str, str, list[str]]] = {
    "austria": ("Austria", "Austrian", ["aus"]),
    "florence": ("Florence", "Florentine", ["flo"]),
    "france": ("France", "French", ["fra"]),
    "milan": ("Milan", "Milanese", ["mil"]),
    "naples": ("Naples", "Neapolitan", ["nap"]),
    "papacy": ("Papacy", "Papal", ["pap", "papal states", "pope"]),
    "turkey": ("Turkey", "Turkish", ["tur", "turks", "turk", "ottoman", "ottomans"]),
    "venice": ("Venice", "Venetian", ["ven"]),
}
POWER_IDS = {"turks": "turkey"}  # the facts call the Turkish power "turks"; the project's id is "turkey"
UNIT_LETTER = {"army": "A", "fleet": "F", "garrison": "G"}
SKIP_VARIANTS = {"Pont-remoli"}  # a label split over two lines on the PostScript board, not a spelling


@dataclass(frozen=True)
class Choice:
    """A decision between sources: `where` is the key path it is written next to."""

    where: str
    text: str


@dataclass(frozen=True)
class BoardSpec:
    """What differs between the two boards: files, names, choices."""

    key: str  # "classic" | "1995"
    facts_file: str
    out_file: str
    title: str
    name_overrides: dict[str, str]  # space id -> English name chosen instead of the facts' name
    choices: list[Choice]
    never_struck: dict[str, list[str]]  # famine / plague -> the land spaces the table leaves out (checked)
    year_roll: str  # the roll that picks a row and/or a column of the famine and plague tables (a rule, not map data)
    split_coasts: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # space -> coast -> fleet moves


CLASSIC = BoardSpec(
    key="classic",
    facts_file="classic-board.yaml",
    out_file="machiavelli-classic.yaml",
    title="Machiavelli (classic board)",
    name_overrides={},
    choices=[
        Choice(
            "spaces.ist.army",
            "Dalmatia-Istria army move kept (the 'land bridge': njudge map.machiavelli ist-mv/dal-mv,"
            " rules.machiavelli, dotted line on the njudge PostScript board); machiavelli-bot map_data.json omits it.",
        ),
        Choice(
            "spaces.dal.army",
            "Dalmatia-Istria army move kept (njudge land bridge); machiavelli-bot omits it.",
        ),
        Choice(
            "spaces.psa.army",
            "Pisa-Florence army move listed both ways (njudge); machiavelli-bot lists Florence->Pisa only, a one-way"
            " data error.",
        ),
        Choice(
            "spaces.wgl.fleet",
            "Western Gulf of Lyons-Avignon fleet move listed both ways (njudge); machiavelli-bot lists Avignon->WGL"
            " only, a one-way data error.",
        ),
        Choice(
            "spaces.tiv.home",
            "Tivoli is neutral, not Papal home country (njudge map.machiavelli flag x, info.machiavelli, the 1991"
            " info file); the AH 1983 rulebook (per njudge rules appendix 4) and machiavelli-bot put it in the Papal"
            " home country.",
        ),
        Choice(
            "start.autonomous",
            "12 autonomous garrisons, none in Turin (njudge seed.machiavelli and info.machiavelli, the 1991 info"
            " file); machiavelli-bot (a garrison in every fortified city outside the home countries) and the 1995"
            " setup have 13, with Turin.",
        ),
        Choice(
            "start.control.papacy",
            "Papal home country without Tivoli (njudge); the AH 1983 rulebook and machiavelli-bot add Tivoli.",
        ),
        Choice(
            "start",
            "No starting treasury: njudge's first phase (F1453A) is an income phase that collects provinces,"
            " cities and variable income before the units are paid; the AH 1995 fixed treasuries belong to the 1995"
            " board.",
        ),
        Choice(
            "spaces.for.name",
            "Board and judge label 'Fornova' (njudge map.machiavelli, PostScript board) kept as the name; the"
            " conventional 'Fornovo' is an alias.",
        ),
        Choice(
            "spaces.pia.name",
            "Board and judge label 'Piancenza' kept as the name; the conventional 'Piacenza' is an alias (njudge"
            " also accepts piace/piacenza).",
        ),
        Choice(
            "spaces.tyr.name",
            "Board and judge label 'Tyrolea' kept as the name; 'Tyrol' (the 1995 board's name) is an alias.",
        ),
        Choice(
            "spaces.sie.name",
            "'Siena' (njudge map.machiavelli) kept as the name; the PostScript board's 'Sienna' is an alias.",
        ),
        Choice(
            "spaces.ven.army",
            "Venice has no army adjacency (njudge: no ven-mv line): its only neighbour is the Lagoon, so armies"
            " reach it by convoy only, which the classic rules allow.",
        ),
        Choice(
            "variable_income",
            "The njudge table (map.machiavelli = rules.machiavelli; [M 17.4]): one line per power"
            " (njudge lists the French, Papal and Turkish lines as Marseilles, Rome and Durazzo) and Genoa's line"
            " (gen) for the controller of Genoa's city. The AH 1983 rolls for controlling both the city and the"
            " province of Naples or Milan (njudge rules appendix 4, machiavelli-bot) are not in the judge and are"
            " left out.",
        ),
        Choice(
            "variable_income.papacy",
            "Papacy 2,3,3,4,5,6, as njudge (map.machiavelli line 'Rome', rules.machiavelli): the classic board"
            " follows the judge, whose table is the one printed in its rules and played since 1991;"
            " machiavelli-bot's 2,2,3,4,5,6 differs from it in one cell with no source given, and condottieri's"
            " 1,2,2,3,4,5 belongs to the 1995 board (its own line for the city of Rome is again 2,3,3,4,5,6).",
        ),
        Choice(
            "famine",
            "njudge's table (map.machiavelli = rules.machiavelli), 69 cells: Perugia is never famined (njudge tech"
            " note: 'Perugia never has famine as it is not incl. in the table'). machiavelli-bot's extra cell (row 2,"
            " column 11: Perugia) is not taken: the judge's table is the one printed in its rules and played since"
            " 1991, the bot names no source for the cell, and the 1995 edition, which does add Perugia, puts it"
            " elsewhere (row 4, column 2), so the cell is the bot's own filling, not the printed board's.",
        ),
        Choice(
            "plague",
            "njudge's table (map.machiavelli = rules.machiavelli), 66 cells: Arezzo, Piombino, Pistoia and Ragusa"
            " are never plagued (njudge tech note: 'not incl. in the table. They are incl. in the 1995 2nd ed.')."
            " machiavelli-bot's four extra cells (Ragusa 6/11, Piombino 10/8, Pistoia 11/6, Arezzo 12/7) are not"
            " taken, for the famine table's reasons: the 1995 edition adds these provinces at other cells (Ragusa"
            " 3/2, Piombino 10/2, Arezzo 11/2, Pistoia 12/5).",
        ),
    ],
    never_struck={"famine": ["per"], "plague": ["are", "pio", "pst", "rag"]},
    year_roll="2d6 (njudge: 2-3 none, 4 or 6 a row, 5 or 7 a column, 8-12 a row and a column)",
)

AH1995 = BoardSpec(
    key="1995",
    facts_file="board-1995.yaml",
    out_file="machiavelli-1995.yaml",
    title="Machiavelli (Avalon Hill 1995 board)",
    name_overrides={"egl": "Ligurian Sea", "tyr": "Tyrol"},
    choices=[
        Choice(
            "spaces.ist.army",
            "Dalmatia-Istria army move kept (njudge map.machiavelli2; the Objectif rules, which describe this board,"
            " make Dalmatia and Istria adjacent); condottieri has no such move.",
        ),
        Choice(
            "spaces.ist.fleet",
            "Dalmatia-Istria fleet move kept (njudge map.machiavelli2); condottieri has no such move.",
        ),
        Choice("spaces.dal.army", "Dalmatia-Istria army move kept (njudge); condottieri has none."),
        Choice("spaces.dal.fleet", "Dalmatia-Istria fleet move kept (njudge); condottieri has none."),
        Choice(
            "spaces.ven.army",
            "Venice is a sea area with a city where armies may not be built, stand or enter (njudge"
            " rules.machiavelli2; condottieri 'cannot hold an army'): no army adjacency. It stays a coastal land"
            " space because a sea cannot hold a city or garrison in this format.",
        ),
        Choice(
            "spaces.pro",
            "Provence and Croatia have a single coast (njudge map.machiavelli2 and condottieri agree); the"
            " Objectif rules keep the classic double coasts.",
        ),
        Choice("spaces.cro", "Single coast, as Provence (njudge and condottieri); the Objectif rules keep two."),
        Choice(
            "start.treasury",
            "The Avalon Hill fixed treasuries I6 V9 L6 P4 N4 T4 A1 F2 (njudge map.machiavelli2 comment 'AH setup',"
            " condottieri); njudge's own initial_money figures are adjusted for its first income phase and are not"
            " used.",
        ),
        Choice(
            "spaces.egl.name",
            "'Ligurian Sea' (condottieri, the correct English) instead of njudge's misspelt 'Ligurean Sea', kept as"
            " an alias.",
        ),
        Choice(
            "spaces.tyr.name",
            "'Tyrol' (njudge info.machiavelli2 and condottieri) instead of the map file's classic label 'Tyrolea',"
            " kept as an alias.",
        ),
        Choice(
            "spaces.for.name",
            "'Fornova' (njudge map.machiavelli2 and info.machiavelli2) kept; condottieri's 'Fornovo' is an alias.",
        ),
        Choice(
            "spaces.sav.name",
            "'Savoy' (njudge) kept; condottieri calls this space 'Savona', an alias.",
        ),
        Choice(
            "spaces.low.fleet",
            "Lower-Upper Adriatic fleet move kept (njudge, current condottieri); condottieri's 2010 fixture lacked it.",
        ),
        Choice(
            "variable_income",
            "njudge's table (map.machiavelli2), which condottieri (05_random_incomes) matches on every power's line"
            " but the Papacy's. Genoa's line (gen, for the controller of Genoa's city) is njudge's and condottieri's"
            " Balance of Power city roll (GEN 1,2,2,3,3,4); condottieri's 'genoa' country line 2,2,3,3,4,5 is for"
            " scenarios where Genoa is a power.",
        ),
        Choice(
            "variable_income.papacy",
            "Papacy 2,3,3,4,5,6 (njudge map.machiavelli2, line 'Rome') rather than condottieri's Papacy line"
            " 1,2,2,3,4,5: it is the judge's line on both boards (map.machiavelli, map.machiavelli2), so the Papal"
            " income does not change with the board, and condottieri's own line for the city of Rome is also"
            " 2,3,3,4,5,6; no rulebook text in the facts settles it.",
        ),
    ],
    never_struck={"famine": [], "plague": []},
    year_roll="1d6 (njudge map.machiavelli2, condottieri: 1 none, 2-3 a row, 4-5 a column, 6 a row and a column)",
)


# The Objectif rules play on the 1995 board but keep two coasts for Provence and Croatia ([M 1.4], Objectif §3.4: "the
# two coasts of Provence are separated by Marseille; Croatia's south coast leads to Dalmatia or Istria, its
# north coast to the Upper Adriatic and Istria"), as the classic board has them.
OBJECTIF = dataclasses.replace(
    AH1995,
    out_file="machiavelli-objectif.yaml",
    title="Machiavelli (Avalon Hill 1995 board, with the Objectif rules' double coasts)",
    choices=[
        *AH1995.choices,
        Choice(
            "spaces.pro.coasts",
            "Two coasts, as [M 1.4] requires (Objectif §3.4): the north coast reaches Marseille and the Gulf of Lyons,"
            " the south coast Marseille, the Gulf of Lyons, the Ligurian Sea and Savoy (the classic board's coasts,"
            " less Avignon, which the 1995 board does not join to Provence by sea).",
        ),
        Choice(
            "spaces.cro.coasts",
            "Two coasts, as [M 1.4] says (Objectif §3.4): the south coast reaches Dalmatia and Istria, the north coast"
            " the Upper Adriatic and Istria.",
        ),
    ],
    split_coasts={
        "pro": {"nc": ["mar", "wgl"], "sc": ["egl", "mar", "sav", "wgl"]},
        "cro": {"nc": ["ist", "uas"], "sc": ["dal", "ist"]},
    },
)


def load(path: Path) -> Any:
    """A facts file as plain Python data."""
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def power_id(raw: str) -> str:
    """The project's power id for a power named in the facts (``turks`` -> ``turkey``)."""
    return POWER_IDS.get(raw, raw)


def scalar(text: str) -> str:
    """A YAML scalar: plain for ids, double-quoted (JSON-style, valid YAML) for everything else."""
    if re.fullmatch(r"[a-z][a-z0-9_]*(/[a-z]+)?", text) and text not in {"null", "true", "false", "yes", "no"}:
        return text
    return json.dumps(text, ensure_ascii=False)


def flow(items: Iterable[str]) -> str:
    """A YAML flow list."""
    return "[" + ", ".join(scalar(x) for x in items) + "]"


def french_from(name: str, within: str, the: str | None) -> str:
    """How French says "from" a place (reports: "l'armée venue de Pise"), from its name, its "in" form and,
    for a name used with an article, its form with the article (the geo file's `fr_the`). Where French
    says "en" with no article ("en Toscane", "en mer Ionienne" aside), "de" takes none either: "de
    Toscane", "d'Albanie", "de Hongrie"; otherwise the article stays: "le Tyrol" -> "du Tyrol", "la mer Ionienne" -> "de
    la mer Ionienne", "l'Adriatique supérieure" -> "de l'Adriatique supérieure"; a city: "de Pise", "d'Ancône"."""
    vowel = the.startswith("l'") if the else name[0].lower() in "aeiouyâàéèêîô"  # "la Hongrie": no elision
    if not the or (within == f"en {name}" and name[0].isupper()):  # "en mer Ionienne": "de la mer Ionienne"
        return ("d'" if vowel else "de ") + name
    if the.startswith("le "):
        return "du " + the[3:]
    if the.startswith("les "):
        return "des " + the[4:]
    return "de " + the


def initials(name: str) -> str:
    """Sea abbreviation: the first letter of each word (``Gulf of Naples`` -> ``gon``)."""
    return "".join(w[0] for w in name.lower().split())


def variant_names(info: dict[str, Any]) -> list[str]:
    """The other spellings the facts give for a space (``name_variants``, text before the parenthesis)."""
    out = []
    for v in info.get("name_variants") or []:
        name = str(v).split(" (")[0].strip()
        if name not in SKIP_VARIANTS:
            out.append(name)
    return out


class MapWriter:
    """Builds one map file's lines from the facts of one board."""

    def __init__(self, spec: BoardSpec, facts: dict[str, Any], geo: dict[str, Any], classic: dict[str, Any]) -> None:
        self.spec = spec
        self.facts = facts
        self.classic = classic  # the classic facts: power letters and the AH 1995 treasuries are kept there
        self.geo = geo["spaces"]
        self.spaces: dict[str, dict[str, Any]] = facts["spaces"]
        self.names = {sid: spec.name_overrides.get(sid, info["name"]) for sid, info in self.spaces.items()}
        self.lines: list[str] = []
        self.notes: dict[str, list[str]] = {}
        for choice in spec.choices:
            self.notes.setdefault(choice.where, []).append(choice.text)
        self.used_notes: set[str] = set()

    # ---- facts ------------------------------------------------------------------------------

    def kind(self, sid: str) -> str:
        info = self.spaces[sid]
        if info["type"] == "sea":
            return "sea"
        has_fleet = bool(info.get("fleet_adjacent") or info.get("fleet_adjacent_by_coast"))
        if has_fleet != bool(info.get("coastal")):
            raise SystemExit(f"{sid}: the facts' coastal flag disagrees with its fleet adjacency")
        return "coast" if has_fleet else "land"

    def aliases(self, sid: str) -> list[str]:
        """Every other name of a space: njudge abbreviations, 3- and 5-letter forms, bot id, spellings, initials.

        The space's id and name are left out (the loader makes them names of the space anyway).
        """
        info = self.spaces[sid]
        name = self.names[sid]
        found: list[str] = list(info.get("abbreviations_njudge") or [])
        spellings = [info["name"], *variant_names(info)]
        if self.spec.key == "1995":
            # condottieri's spelling, the classic board's name, the classic id of the same place (sle, slu)
            spellings += [info.get("name_condottieri") or "", self.geo[sid].get("name_en") or ""]
            found.append(self.geo[sid].get("same_place_as") or "")
        spellings = [s for s in spellings if s and s != name]
        found += spellings
        if info["type"] == "sea":
            found += [initials(name), initials(info["name"])]  # njudge: "the first letter of each word"
        else:
            # njudge: every land space by its first 5 letters, and by its first 3 where no other space shares them
            found.append(name.lower()[:5])
            three = name.lower()[:3]
            land = [o for o in self.spaces if o != sid and self.spaces[o]["type"] != "sea"]
            if all(self.names[o].lower()[:3] != three for o in land):
                found.append(three)
        found.append(info.get("id_machiavelli_bot") or "")
        return sorted({a.lower() for a in found if a} - {sid, name.lower()})

    def names_in(self, sid: str) -> dict[str, str]:
        """French name, French "in" and "from" forms, Italian name (the 1995 forms on the 1995 board)."""
        g = self.geo[sid]
        french = g
        it = g.get("it") or g["name_en"]  # the geo file gives `it` only where it differs from the English name
        if self.spec.key == "1995":
            if g.get("fr_1995"):
                french = g["fr_1995"]
            it = g.get("it_1995") or it
        it = it.split(" (")[0]  # "Laguna di Venezia (Laguna Veneta)": the name, not the note
        fr, fr_in = french["name_fr"], french["fr_in"]
        return {"fr": fr, "fr_in": fr_in, "fr_from": french_from(fr, fr_in, french.get("fr_the")), "it": it}

    def army(self, sid: str) -> list[str]:
        return sorted(self.spaces[sid].get("army_adjacent") or [])

    def fleet(self, sid: str) -> list[str]:
        split = self.spec.split_coasts
        if sid in split:
            return []
        out = []
        for n in self.spaces[sid].get("fleet_adjacent") or []:
            out.extend([f"{n}/{c}" for c, lst in split[n].items() if sid in lst] if n in split else [n])
        return sorted(out)

    def coasts(self, sid: str) -> dict[str, list[str]]:
        if sid in self.spec.split_coasts:
            return {c: sorted(lst) for c, lst in sorted(self.spec.split_coasts[sid].items())}
        by_coast = self.spaces[sid].get("fleet_adjacent_by_coast") or {}
        return {c: sorted(lst) for c, lst in sorted(by_coast.items())}

    def city(self, sid: str) -> str | None:
        c = self.spaces[sid].get("city")
        if not c:
            return None
        fortress = c["kind"] == "fortress"
        parts = [f"value: {c['value']}", f"fortified: {str(c['fortified']).lower()}", f"port: {str(c['port']).lower()}"]
        if fortress:
            parts.append("fortress: true")
        return "{" + ", ".join(parts) + "}"

    def scenario(self) -> dict[str, Any]:
        return dict(self.facts["scenario_1454"])

    # ---- output -----------------------------------------------------------------------------

    def comment(self, where: str, indent: str) -> None:
        """The choices made at key path `where`, as comment lines above it."""
        for text in self.notes.get(where, []):
            self.used_notes.add(where)
            for line in textwrap.wrap(f"Choice: {text}", 116 - len(indent), break_on_hyphens=False):
                self.lines.append(f"{indent}# {line}")

    def emit(self, where: str, indent: str, text: str) -> None:
        self.comment(where, indent)
        self.lines.append(indent + text)

    def header(self, facts_dir: str) -> None:
        spec = self.spec

        def wrap(text: str, width: int, indent: str = "") -> list[str]:
            return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)

        text = [
            f"{spec.title}, scenario I 'The Balance of Power' (1454), in the project's map format:"
            " see docs/map-format.md.",
            f"Written by tools/import_machiavelli_maps.py from {facts_dir}/{spec.facts_file} (board facts, each with"
            f" its sources) and {facts_dir}/spaces-geo-fr.yaml (French and Italian names). Do not edit by hand:"
            " change the script and run it again.",
            "Space ids are njudge's first abbreviation. Fortresses (classic board only) are cities with value 0 and"
            " `fortress: true`; whether they are used is a game option.",
            "The variable-income, famine and plague tables are at the end of the file; storm tables (an njudge-only"
            " option) are left out. Two things about them are rules for the code, not map data: how many dice a"
            " line rolls (njudge: two for Florence and Venice, noted next to their lines; condottieri rolls one die"
            f" and doubles it) and the year roll that picks a row and/or a column of the famine and plague tables,"
            f" on this board {spec.year_roll}.",
        ]
        for paragraph in text:
            self.lines.extend(f"# {line}" for line in wrap(paragraph, 116))
        self.lines.append("# The facts come from these public sources (repository, file, commit):")
        for key, src in self.facts["sources"].items():
            if "snapshot_commit" in src:
                line = f"{key:<10} {src['repo']} {src['path']} @ {src['snapshot_commit'][:12]}"
                wrapped = wrap(line, 112, " " * 13)
                self.lines.extend(f"#   {part}" for part in wrapped)
        self.lines.append("#")
        self.lines.append("# Choices where the sources disagree (each is repeated next to the entry it concerns):")
        for choice in spec.choices:
            wrapped = wrap(f"{choice.where}: {choice.text}", 112)
            self.lines.append(f"# - {wrapped[0]}")
            self.lines.extend(f"#   {line}" for line in wrapped[1:])

    def powers(self) -> None:
        letters = {power_id(p): info["njudge_letter"] for p, info in self.classic["powers"].items()}
        self.lines.append("powers:")
        for pid in sorted(POWERS):
            name, adjective, spellings = POWERS[pid]
            aliases = flow([letters[pid].lower(), *spellings])
            self.lines.append(f"  {pid}: {{name: {name}, adjective: {adjective}, aliases: {aliases}}}")

    def space(self, sid: str) -> None:
        info = self.spaces[sid]
        kind = self.kind(sid)
        base = f"spaces.{sid}"
        self.emit(base, "  ", f"{sid}:")
        ind = "    "
        self.emit(f"{base}.name", ind, f"name: {scalar(self.names[sid])}")
        self.lines.append(f"{ind}kind: {kind}")
        names = [f"{k}: {scalar(v)}" for k, v in self.names_in(sid).items()]
        line = f"{ind}names: {{{', '.join(names)}}}"
        if len(line) <= 120:
            self.lines.append(line)
        else:
            self.lines.append(f"{ind}names:")
            self.lines.extend(f"{ind}  {n}" for n in names)
        aliases = self.aliases(sid)
        if aliases:
            self.emit(f"{base}.aliases", ind, f"aliases: {flow(aliases)}")
        self.comment(f"{base}.home", ind)
        if info.get("home_power"):
            self.lines.append(f"{ind}home: {power_id(info['home_power'])}")
        city = self.city(sid)
        if city:
            self.lines.append(f"{ind}city: {city}")
        if info.get("type") == "venice":
            self.lines.append(f"{ind}single_unit: true")
            if self.spec.key == "1995":  # only fleets may be in Venice on this board
                self.lines.append(f"{ind}no_armies: true")
        if kind != "sea":
            self.comment(f"{base}.army", ind)
            army = self.army(sid)
            if army:
                self.lines.append(f"{ind}army: {flow(army)}")
        coasts = self.coasts(sid)
        if coasts:
            self.comment(f"{base}.coasts", ind)
            self.lines.append(f"{ind}coasts:")
            for c, lst in coasts.items():
                self.lines.append(f"{ind}  {c}: {flow(lst)}")
        elif kind != "land":
            self.emit(f"{base}.fleet", ind, f"fleet: {flow(self.fleet(sid))}")

    def straits(self) -> None:
        labels = {s["controller_space"]: s["name"] for s in self.classic["straits"]}
        self.lines.append("straits:")
        entries = [
            (str(s.get("controller_space") or s.get("controller")), s.get("controlled_fleet_moves") or s.get("moves"))
            for s in self.facts["straits"]
        ]
        for controller, moves in sorted(entries):
            pairs = ", ".join(flow(m) for m in sorted(moves))
            self.lines.append(f"  # {labels[controller]}")
            self.lines.append(f"  - {{controller: {controller}, moves: [{pairs}]}}")

    def start(self) -> None:
        sc = self.scenario()
        self.emit("start", "", "start:")
        self.lines.append("  season: spring")
        self.lines.append("  year: 1454")
        self.lines.append("  units:")
        for raw, p in sorted(sc["powers"].items(), key=lambda kv: power_id(kv[0])):
            units = sorted((u["location"], UNIT_LETTER[u["type"]]) for u in p["starting_units"])
            text = ", ".join(f"{letter} {loc}" for loc, letter in units)
            self.emit(f"start.units.{power_id(raw)}", "    ", f"{power_id(raw)}: [{text}]")
        auto = sc["autonomous_garrisons"]
        locations = auto["locations"] if isinstance(auto, dict) else auto
        self.emit("start.autonomous", "  ", f"autonomous: [{', '.join(f'G {g}' for g in sorted(locations))}]")
        self.emit("start.control", "  ", "control:")
        for raw, p in sorted(sc["powers"].items(), key=lambda kv: power_id(kv[0])):
            pid = power_id(raw)
            self.emit(f"start.control.{pid}", "    ", f"{pid}: {flow(sorted(p['home_provinces']))}")
        treasury = self.treasury()
        if treasury:
            self.emit("start.treasury", "  ", "treasury:")
            for pid in sorted(treasury):
                self.lines.append(f"    {pid}: {treasury[pid]}")

    def treasury(self) -> dict[str, int]:
        """The fixed starting treasuries of the Avalon Hill 1995 setup (none on the classic board)."""
        if self.spec.key != "1995":
            return {}
        ah = self.classic["scenario_1454"]["initial_treasury"]["ah1995"]
        out = {power_id(p): int(v) for p, v in ah.items() if p != "source"}
        for raw, p in self.scenario()["powers"].items():  # condottieri's figures must agree
            if p["initial_treasury_condottieri"]["ducats"] != out[power_id(raw)]:
                raise SystemExit(f"treasury of {raw}: the AH setup and condottieri disagree")
        return out

    # ---- tables -----------------------------------------------------------------------------

    def space_named(self, name: str, where: str) -> str:
        """The land space a table names: its id, or one of its aliases (a judge's 5-letter abbreviation)."""
        key = str(name).strip().lower()
        found = {sid for sid in self.spaces if key == sid or key == self.names[sid].lower() or key in self.aliases(sid)}
        if len(found) != 1:
            raise SystemExit(f"{self.spec.key}: {where}: {name!r} names {sorted(found) or 'no space'}")
        sid = found.pop()
        if self.kind(sid) == "sea":
            raise SystemExit(f"{self.spec.key}: {where}: {name!r} is a sea, not a land space")
        return sid

    def income_lines(self) -> list[tuple[str, int, list[int]]]:
        """The variable-income lines: (the judge's province for the line, dice, ducats for a die of 1 to 6)."""
        tables = self.facts["tables"]
        if self.spec.key == "classic":
            raw = [(r["njudge_province"], r["dice"], r["by_die_1_to_6"]) for r in tables["variable_income"]["rows"]]
        else:
            raw = [(r["entry"], r["dice"], r["values"]) for r in tables["variable_income_njudge"]]
        return [(self.space_named(p, "variable_income"), int(d), [int(v) for v in vs]) for p, d, vs in raw]

    def variable_income(self) -> tuple[dict[str, list[int]], dict[str, int]]:
        """Ducats by die, keyed by power (a line whose province is in a home country) or by space (a city line);
        and the dice each line rolls in njudge."""
        income: dict[str, list[int]] = {}
        dice: dict[str, int] = {}
        for province, n, values in self.income_lines():
            home = self.spaces[province].get("home_power")
            key = power_id(home) if home else province
            if key in income or len(values) != 6:
                raise SystemExit(f"{self.spec.key}: variable income line {key!r} repeated or not six values")
            income[key], dice[key] = values, n
        if set(POWERS) - set(income):
            raise SystemExit(f"{self.spec.key}: no variable income for {sorted(set(POWERS) - set(income))}")
        if self.spec.key == "1995":  # condottieri must differ only where a choice says so
            cd = self.facts["tables"]["variable_income_condottieri"]
            other = {power_id(p): list(v) for p, v in cd["countries"].items() if power_id(p) in POWERS}
            for city in cd["balance_scenario_city_income"]:  # the cities that roll in this scenario (Genoa)
                other[self.space_named(city, "condottieri")] = list(cd["cities"][city])
            differ = sorted(k for k in income if other.get(k) != income[k])
            chosen = sorted(k for k in income if f"variable_income.{k}" in self.notes)
            if differ != chosen:
                raise SystemExit(f"1995: njudge and condottieri differ on {differ}, the choices are on {chosen}")
        return income, dice

    def table(self, name: str) -> dict[int, dict[int, str]]:
        """A famine or plague table of the facts: row roll -> column roll -> land space."""
        tables = self.facts["tables"]
        key = f"{name}_njudge" if self.spec.key == "classic" else name
        out: dict[int, dict[int, str]] = {}
        for row, cells in sorted(tables[key]["cells"].items()):
            for col, province in sorted((cells or {}).items()):
                out.setdefault(int(row), {})[int(col)] = self.space_named(province, f"{name} {row}/{col}")
        struck = [sid for cells in out.values() for sid in cells.values()]
        land = {sid for sid in self.spaces if self.kind(sid) != "sea"}
        if len(struck) != len(set(struck)) or sorted(land - set(struck)) != sorted(self.spec.never_struck[name]):
            left_out = sorted(land - set(struck))
            raise SystemExit(f"{self.spec.key}: the {name} table lists a space twice or leaves out {left_out}")
        if self.spec.key == "classic":  # the bot's additions fill empty cells only (the facts say it agrees elsewhere)
            for cell in tables[f"{name}_bot_additions"]["cells"]:
                if cell["column"] in out.get(cell["row"], {}):
                    raise SystemExit(f"classic: machiavelli-bot's {name} cell {cell} is not an empty njudge cell")
        return out

    def tables(self) -> None:
        income, dice = self.variable_income()
        self.emit("variable_income", "", "variable_income:")
        for key in [*sorted(k for k in income if k in POWERS), *sorted(k for k in income if k not in POWERS)]:
            note = f"  # njudge rolls {dice[key]} dice (a rule: see the header)" if dice[key] != 1 else ""
            if key not in POWERS:
                note = f"  # {self.names[key]}: for the controller of its city" + (f"; {note[4:]}" if note else "")
            self.emit(f"variable_income.{key}", "  ", f"{key}: [{', '.join(map(str, income[key]))}]{note}")
        if "gen" not in income:
            self.lines.append("  # The facts give no line for Genoa: gen is left out.")
        for name in ("famine", "plague"):
            table = self.table(name)
            if name not in self.notes:  # no choice to explain: say where the table comes from
                source = self.facts["tables"][name]["source"]
                count = sum(len(cells) for cells in table.values())
                self.lines.append(f"# {source} (sources above): {count} cells, every land space once.")
            self.emit(name, "", f"{name}:  # row roll -> column roll -> the province struck")
            for row, cells in table.items():
                self.lines.append(f"  {row}: {{{', '.join(f'{col}: {sid}' for col, sid in cells.items())}}}")

    def build(self, facts_dir: str) -> str:
        """The whole map file, checked against the facts."""
        self.header(facts_dir)
        self.lines.append(f"name: {scalar(self.spec.title)}")
        self.lines.append("coastal_convoys: true  # Machiavelli: fleets in coastal provinces may convoy")
        self.powers()
        self.lines.append("spaces:")
        for sid in sorted(self.spaces):
            self.space(sid)
        self.straits()
        self.start()
        self.tables()
        missing = set(self.notes) - self.used_notes
        if missing:
            raise SystemExit(f"{self.spec.key}: choices attached to no entry: {sorted(missing)}")
        self.check()
        return "\n".join(self.lines) + "\n"

    # ---- checks against the facts' own counts --------------------------------------------------

    def check(self) -> None:
        """Stop if what was built does not match the counts the facts state."""
        counts = self.facts["counts"]
        land = [s for s in self.spaces if self.kind(s) != "sea"]
        seas = [s for s in self.spaces if self.kind(s) == "sea"]
        city = {s: self.spaces[s]["city"] for s in land if self.spaces[s].get("city")}
        cities = [s for s, c in city.items() if c["kind"] != "fortress"]
        fortresses = [s for s, c in city.items() if c["kind"] == "fortress"]
        ports = [s for s, c in city.items() if c["port"]]
        army_edges = {frozenset((a, b)) for a in self.spaces for b in self.army(a)}
        fleet_edges = set()
        for a in self.spaces:
            for b in self.fleet(a):
                fleet_edges.add(frozenset((a, b)))
            for c, lst in self.coasts(a).items():
                fleet_edges.update(frozenset((f"{a}/{c}", b)) for b in lst)
        if self.spec.key == "classic":
            expected = {
                "land": counts["land_spaces"],
                "sea": counts["sea_spaces"],
                "cities": counts["cities"],
                "army edges": counts["army_adjacencies_undirected"],
                "fleet edges": counts["fleet_adjacencies_undirected_coast_level"],
                "fortresses": counts["fortresses_optional"],
                "ports": counts["ports"],
            }
        else:
            expected = {
                "land": counts["land"],
                "sea": counts["sea"],
                "cities": counts["cities"],
                "army edges": counts["army_adjacencies_njudge"],
                "fleet edges": counts["fleet_adjacencies_njudge"],
                "fortresses": 0,  # the 1995 board has none (edition_differences)
                "ports": len(ports),  # the 1995 facts give no port count
            }
        got = {
            "land": len(land),
            "sea": len(seas),
            "cities": len(cities),
            "army edges": len(army_edges),
            "fleet edges": len(fleet_edges),
            "fortresses": len(fortresses),
            "ports": len(ports),
        }
        if self.spec.split_coasts:  # the facts count a split province's moves once; check none is lost instead
            plain = {frozenset((a, b)) for a in self.spaces for b in self.spaces[a].get("fleet_adjacent") or []}
            covered = {frozenset(s.split("/")[0] for s in edge) for edge in fleet_edges}
            if plain - covered:
                raise SystemExit(f"{self.spec.key}: fleet moves lost in splitting coasts: {sorted(plain - covered)}")
            got["fleet edges"] = expected["fleet edges"]
        if got != expected:
            raise SystemExit(f"{self.spec.key}: built {got}, the facts say {expected}")
        for raw, p in self.scenario()["powers"].items():
            homes = sorted(sid for sid, info in self.spaces.items() if info.get("home_power") == raw)
            if homes != sorted(p["home_provinces"]):
                raise SystemExit(f"{self.spec.key}: the home letters of {raw} {homes} differ from its home country")


def main(facts_dir: Path) -> None:
    """Write both maps from the facts in `facts_dir`."""
    geo = load(facts_dir / "spaces-geo-fr.yaml")
    classic = load(facts_dir / CLASSIC.facts_file)
    shown = Path(os.path.relpath(facts_dir.resolve(), MAPS_DIR.parent.parent)).as_posix()  # same however it is run
    for spec in (CLASSIC, AH1995, OBJECTIF):
        facts = classic if spec is CLASSIC else load(facts_dir / spec.facts_file)
        text = MapWriter(spec, facts, geo, classic).build(shown)
        (MAPS_DIR / spec.out_file).write_text(text, encoding="utf-8")
        print(f"wrote {MAPS_DIR / spec.out_file}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]))
