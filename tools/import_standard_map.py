"""Write pipeline/maps/standard.yaml from the public standard-map facts (run once, by hand).

Usage: python tools/import_standard_map.py ../shared/data/standard > pipeline/maps/standard.yaml

The sources are CSV tables of provinces, regions (coasts) and borders, and a judge map file for
names, aliases and the 1901 position. The project never reads them at run time: the YAML this
writes is the project's own data, checked by tests/board/test_board.py.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

CANONICAL = {"mid": "mao", "nat": "nao", "nrg": "nwg", "gol": "lyo"}  # godip spellings -> ours
COAST = {"e": "ec", "n": "nc", "s": "sc"}
POWERS = {
    "AUS": ("austria", "Austria", "Austrian"),
    "ENG": ("england", "England", "English"),
    "FRA": ("france", "France", "French"),
    "GER": ("germany", "Germany", "German"),
    "ITA": ("italy", "Italy", "Italian"),
    "RUS": ("russia", "Russia", "Russian"),
    "TUR": ("turkey", "Turkey", "Turkish"),
}


# French names for reports, from general knowledge: the name, how French says "in" (or "to") it and how it says
# "from" it ("à Paris" / "de Paris", "en Bourgogne" / "de Bourgogne", "dans la mer du Nord" / "de la mer du Nord").
FRENCH = {
    "adr": ("mer Adriatique", "dans la mer Adriatique", "de la mer Adriatique"),
    "aeg": ("mer Égée", "dans la mer Égée", "de la mer Égée"),
    "alb": ("Albanie", "en Albanie", "d'Albanie"),
    "ank": ("Ankara", "à Ankara", "d'Ankara"),
    "apu": ("Apulie", "en Apulie", "d'Apulie"),
    "arm": ("Arménie", "en Arménie", "d'Arménie"),
    "bal": ("mer Baltique", "dans la mer Baltique", "de la mer Baltique"),
    "bar": ("mer de Barents", "dans la mer de Barents", "de la mer de Barents"),
    "bel": ("Belgique", "en Belgique", "de Belgique"),
    "ber": ("Berlin", "à Berlin", "de Berlin"),
    "bla": ("mer Noire", "dans la mer Noire", "de la mer Noire"),
    "boh": ("Bohême", "en Bohême", "de Bohême"),
    "bot": ("golfe de Botnie", "dans le golfe de Botnie", "du golfe de Botnie"),
    "bre": ("Brest", "à Brest", "de Brest"),
    "bud": ("Budapest", "à Budapest", "de Budapest"),
    "bul": ("Bulgarie", "en Bulgarie", "de Bulgarie"),
    "bur": ("Bourgogne", "en Bourgogne", "de Bourgogne"),
    "cly": ("Clyde", "dans la Clyde", "de la Clyde"),
    "con": ("Constantinople", "à Constantinople", "de Constantinople"),
    "den": ("Danemark", "au Danemark", "du Danemark"),
    "eas": ("Méditerranée orientale", "dans la Méditerranée orientale", "de la Méditerranée orientale"),
    "edi": ("Édimbourg", "à Édimbourg", "d'Édimbourg"),
    "eng": ("Manche", "dans la Manche", "de la Manche"),
    "fin": ("Finlande", "en Finlande", "de Finlande"),
    "gal": ("Galicie", "en Galicie", "de Galicie"),
    "gas": ("Gascogne", "en Gascogne", "de Gascogne"),
    "gre": ("Grèce", "en Grèce", "de Grèce"),
    "hel": ("baie d'Héligoland", "dans la baie d'Héligoland", "de la baie d'Héligoland"),
    "hol": ("Hollande", "en Hollande", "de Hollande"),
    "ion": ("mer Ionienne", "dans la mer Ionienne", "de la mer Ionienne"),
    "iri": ("mer d'Irlande", "dans la mer d'Irlande", "de la mer d'Irlande"),
    "kie": ("Kiel", "à Kiel", "de Kiel"),
    "lon": ("Londres", "à Londres", "de Londres"),
    "lvn": ("Livonie", "en Livonie", "de Livonie"),
    "lvp": ("Liverpool", "à Liverpool", "de Liverpool"),
    "lyo": ("golfe du Lion", "dans le golfe du Lion", "du golfe du Lion"),
    "mao": ("Atlantique central", "dans l'Atlantique central", "de l'Atlantique central"),
    "mar": ("Marseille", "à Marseille", "de Marseille"),
    "mos": ("Moscou", "à Moscou", "de Moscou"),
    "mun": ("Munich", "à Munich", "de Munich"),
    "naf": ("Afrique du Nord", "en Afrique du Nord", "d'Afrique du Nord"),
    "nao": ("Atlantique Nord", "dans l'Atlantique Nord", "de l'Atlantique Nord"),
    "nap": ("Naples", "à Naples", "de Naples"),
    "nth": ("mer du Nord", "dans la mer du Nord", "de la mer du Nord"),
    "nwg": ("mer de Norvège", "dans la mer de Norvège", "de la mer de Norvège"),
    "nwy": ("Norvège", "en Norvège", "de Norvège"),
    "par": ("Paris", "à Paris", "de Paris"),
    "pic": ("Picardie", "en Picardie", "de Picardie"),
    "pie": ("Piémont", "au Piémont", "du Piémont"),
    "por": ("Portugal", "au Portugal", "du Portugal"),
    "pru": ("Prusse", "en Prusse", "de Prusse"),
    "rom": ("Rome", "à Rome", "de Rome"),
    "ruh": ("Ruhr", "dans la Ruhr", "de la Ruhr"),
    "rum": ("Roumanie", "en Roumanie", "de Roumanie"),
    "ser": ("Serbie", "en Serbie", "de Serbie"),
    "sev": ("Sébastopol", "à Sébastopol", "de Sébastopol"),
    "sil": ("Silésie", "en Silésie", "de Silésie"),
    "ska": ("Skagerrak", "dans le Skagerrak", "du Skagerrak"),
    "smy": ("Smyrne", "à Smyrne", "de Smyrne"),
    "spa": ("Espagne", "en Espagne", "d'Espagne"),
    "stp": ("Saint-Pétersbourg", "à Saint-Pétersbourg", "de Saint-Pétersbourg"),
    "swe": ("Suède", "en Suède", "de Suède"),
    "syr": ("Syrie", "en Syrie", "de Syrie"),
    "tri": ("Trieste", "à Trieste", "de Trieste"),
    "tun": ("Tunis", "à Tunis", "de Tunis"),
    "tus": ("Toscane", "en Toscane", "de Toscane"),
    "tyr": ("Tyrol", "au Tyrol", "du Tyrol"),
    "tys": ("mer Tyrrhénienne", "dans la mer Tyrrhénienne", "de la mer Tyrrhénienne"),
    "ukr": ("Ukraine", "en Ukraine", "d'Ukraine"),
    "ven": ("Venise", "à Venise", "de Venise"),
    "vie": ("Vienne", "à Vienne", "de Vienne"),
    "wal": ("pays de Galles", "au pays de Galles", "du pays de Galles"),
    "war": ("Varsovie", "à Varsovie", "de Varsovie"),
    "wes": ("Méditerranée occidentale", "dans la Méditerranée occidentale", "de la Méditerranée occidentale"),
    "yor": ("Yorkshire", "dans le Yorkshire", "du Yorkshire"),
}


def loc(text: str) -> str:
    text = text.strip().lower()
    m = re.match(r"^([a-z]+)\((\w+)\)$", text)
    if m:
        return f"{CANONICAL.get(m[1], m[1])}/{m[2]}"
    return CANONICAL.get(text, text)


def judge_adjacency(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Army and fleet adjacency from a judge map file's ``COAST ANK ABUTS ARM BLA CON smy`` lines.

    A lower-case neighbour is reachable by armies only; ``BUL/EC`` lines are a coast's fleet moves,
    and the lower-case ``bul`` line gives the army moves of a split-coast province.
    """
    types: dict[str, str] = {}
    abuts: dict[str, list[str]] = {}
    for line in text.splitlines():
        m = re.match(r"^(WATER|COAST|LAND|SHUT)\s+(\S+)\s+ABUTS\s+(.*)$", line)
        if m:
            types[m[2]] = m[1]
            abuts[m[2]] = m[3].split()

    def terrain(name: str) -> str:
        return types.get(name) or types.get(name.upper()) or types.get(name.lower()) or "COAST"

    split = {k.split("/")[0].upper() for k in types if "/" in k}
    army: dict[str, set[str]] = {}
    fleet: dict[str, set[str]] = {}
    for name, targets in abuts.items():
        kind, space = types[name], name.split("/")[0].upper()
        if kind == "SHUT":
            continue
        if kind in ("LAND", "COAST") and "/" not in name and (space not in split or name.islower()):
            for t in targets:
                if t.upper() != "SWI" and terrain(t) != "WATER":
                    army.setdefault(loc(name), set()).add(loc(t.split("/")[0]))
        if kind in ("WATER", "COAST") and (space not in split or "/" in name):
            for t in targets:
                if not t.islower() and t != "SWI" and terrain(t) != "LAND":
                    fleet.setdefault(loc(name.replace("/", "(") + ")" if "/" in name else name), set()).add(
                        loc(t.replace("/", "(") + ")" if "/" in t else t)
                    )
    return army, fleet


def main(src: Path) -> None:
    provinces = list(csv.DictReader((src / "provinces.csv").open()))
    regions = list(csv.DictReader((src / "regions.csv").open()))
    borders = [[c.strip() for c in row] for row in csv.reader((src / "borders.csv").open())][1:]
    kind = {loc(r["province"]): r["terrain"] for r in regions if not r["coast"]}
    kind.update({loc(r["province"]): "coast" for r in regions if r["coast"]})  # split coasts: a coast with named coasts
    coasts: dict[str, list[str]] = {}
    for r in regions:
        if r["coast"]:
            coasts.setdefault(loc(r["province"]), []).append(COAST[r["coast"]])
    army: dict[str, set[str]] = {p: set() for p in kind}
    fleet: dict[str, set[str]] = {}
    for a, b, terrain in borders:
        a, b = loc(a), loc(b)
        if terrain in ("land", "coast"):
            army[a.split("/")[0]].add(b.split("/")[0])
            army[b.split("/")[0]].add(a.split("/")[0])
        if terrain in ("sea", "coast"):
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
    # the judge map file's adjacency (complete, where the border table misses a few edges)
    judge_army, judge_fleet = judge_adjacency((src / "standard.map").read_text())
    for a, targets in judge_army.items():
        for b in targets:
            army[a].add(b)
            army[b].add(a)
    for a, targets in judge_fleet.items():
        for b in targets:
            fleet.setdefault(a, set()).add(b)
            fleet.setdefault(b, set()).add(a)
    # names and aliases from the judge map file
    aliases: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for line in (src / "standard.map").read_text().splitlines():
        m = re.match(r"^([A-Z][^=]*?)\s+=\s+(.*)$", line)
        if not m or "coast)" in m[1]:
            continue
        words = [w.replace("+", " ") for w in m[2].split()]
        pid = loc(words[0])
        names[pid] = m[1].strip()
        extra = [w for w in words[1:] if "/" not in w and "(" not in w and w != pid]
        if pid in CANONICAL.values():
            extra = [k for k, v in CANONICAL.items() if v == pid] + extra
        aliases[pid] = list(dict.fromkeys(extra))
    out = [
        "# The standard Diplomacy map (1901 position), in the project's map format: see docs/map-format.md.",
        "# Facts from the public standard-map tables (provinces, coasts, borders) and the judge map file",
        "# (names, aliases, and the edges the border table lacks: gal-ukr, lvn-war, nwy-stp, bot-fin,\n"
        "# bot-lvn, bot-stp/sc, bot-swe, con-smy, mao-spa/sc, nwy-stp/nc, tus-tys).",
        "# Switzerland is impassable and left out. French names (for reports) from general knowledge.",
        "# Written by tools/import_standard_map.py.",
        "name: Standard",
        "coastal_convoys: false",
        "powers:",
    ]
    for code, (pid, name, adj) in POWERS.items():
        out.append(f"  {pid}: {{name: {name}, adjective: {adj}, aliases: [{code.lower()}]}}")
    out.append("spaces:")
    home = {loc(p["short_name"]): p["supply_center_for"] for p in provinces}
    for p in provinces:
        pid = loc(p["short_name"])
        if pid == "swi":
            continue
        fields = [f"name: {names.get(pid, p['full_name'])!r}".replace("'", '"'), f"kind: {kind[pid]}"]
        owner = home[pid]
        if owner:
            fields.append("supply_center: true")
            if owner != "neutral":
                fields.append(f"home: {POWERS[owner][0]}")
        fr, fr_in, fr_from = FRENCH[pid]
        fields.append(f'names: {{fr: "{fr}", fr_in: "{fr_in}", fr_from: "{fr_from}"}}')
        out.append(f"  {pid}:")
        out.extend(f"    {f}" for f in fields)
        if aliases.get(pid):
            out.append(f"    aliases: [{', '.join(aliases[pid])}]")
        if army[pid]:
            out.append(f"    army: [{', '.join(sorted(army[pid]))}]")
        if pid in coasts:
            out.append("    coasts:")
            for c in coasts[pid]:
                out.append(f"      {c}: [{', '.join(sorted(fleet[f'{pid}/{c}']))}]")
        elif pid in fleet:
            out.append(f"    fleet: [{', '.join(sorted(fleet[pid]))}]")
    out.append("start:")
    out.append("  season: spring")
    out.append("  year: 1901")
    units: dict[str, list[str]] = {}
    owners: dict[str, list[str]] = {}
    current = None
    for line in (src / "standard.map").read_text().splitlines()[1:]:
        m = re.match(r"^([A-Z]+)\s+\(\w+\)\s+(.*)$", line)
        if m:
            current = m[1][:3]
            owners[POWERS[current][0]] = [loc(x) for x in m[2].split()]
            continue
        m = re.match(r"^([AF]) ([A-Z/]+)$", line)
        if m and current:
            units.setdefault(POWERS[current][0], []).append(f"{m[1]} {loc(m[2])}")
        if line.startswith("UNOWNED"):
            break
    out.append("  units:")
    for pid, lst in units.items():
        out.append(f"    {pid}: [{', '.join(lst)}]")
    out.append("  owners:")
    for pid, lst in owners.items():
        out.append(f"    {pid}: [{', '.join(lst)}]")
    print("\n".join(out))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
