"""An order file written with the seed's French words (its order sheet, §5.3: « vente », « achat »,
« politique », « licenciée »...) read as the same file in English: each French key, and the few words a
value chooses among (a good, a status, a season), turned into the English one, with the way back for the
key paths of its problems (pipeline/games/symmachia/pages/orders.fr.md lists them).

Keys match without regard to case or accents (``quantite`` is ``quantité``); a key given in both
languages in the same mapping is a problem of its own.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from pipeline.errors import Problem

from .checking import N_, problem

# the keys of each part of the file, French -> English (the English keys are read as they are)
TOP = {"annee": "year", "commerce": "trade", "politique": "politics", "militaire": "military"}
TRADE = {
    "vente": "sell",
    "achat": "buy",
    "quantite": "quantity",
    "a": "to",
    "de": "from",
    "route": "route",
    "unite": "unit",
    "affecter_a": "assign_to",
}
POLITICS = {
    "nouvelle_capitale": "new_capital",
    "comptoir_principal": "main_trading_post",
    "pardon": "forgive",
    "complot_rois": "plot_kings",
    "rome": "rome",
    "dons": "gifts",
    "tribut": "tribute",
    "discours": "speech",
    "mecenat": "patronage",
    "amitie": "friendship",
    "traites_territoriaux": "dorea",
    "complot_strateges": "plot_generals",
    "contre_corruption": "counter_corruption",
    "corruption": "corruption",
    "bosphore": "bosporus",
}
DOREA = {"avec": "with", "donne": "give", "recoit": "get"}
SHARE = {"talents": "talents", "provinces": "provinces"}
BRIBE = {"cible": "target", "montant": "amount", "pour": "for"}
UNIT = {
    "statut": "status",
    "creation": "create",
    "en": "at",
    "commandant": "commander",
    "mercenaires": "mercenaries",
    "sans_bois": "no_wood",
    "plan": "plan",
    "priorites_defense": "defence_priorities",
    "combattre_d_abord": "fight_first",
    "precisions": "notes",
}
COMMANDER = {"nouveau": "new"}
PRIORITIES = {"provinces": "provinces", "ennemis": "enemies"}
ROW = {
    "ordre": "order",
    "retraite": "retreat",
    "defense": "defence",
    "secondaire": "secondary",
    "secondaire_si": "secondary_if",
    "seulement_si": "only_if",
    "sinon": "otherwise",
}
CONDITION = {"traite": "treaty", "unite": "unit", "en": "at", "apres": "after"}

# the words a value chooses among, French -> English
GOODS = {
    "ble": "grain",
    "vin": "wine",
    "artisanat": "crafts",
    "encens": "incense",
    "bois": "wood",
    "mercenaires": "mercenaries",
}
VALUES = {
    "sell": GOODS,
    "buy": GOODS,
    "status": {"maintenue": "maintain", "licenciee": "disband"},
    "create": {"armee": "army", "flotte": "fleet"},
    "commander": {"roi": "king"},
    "after": {"printemps": "spring", "ete": "summer", "automne": "autumn"},
}


def bare(word: str) -> str:
    """A key or a word as it is matched: lower case, no accents, words joined by ``_``."""
    decomposed = unicodedata.normalize("NFD", word.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace(" ", "_").replace("-", "_")


class Renamer:
    """Turns a file's French keys into English ones; `back` gives a problem's key path as the file wrote it."""

    def __init__(self) -> None:
        self.paths: dict[str, str] = {}  # English key path -> the file's own
        self.problems: list[Problem] = []

    def file(self, data: Any) -> Any:
        top = self.mapping(data, "", "", TOP)
        if not isinstance(top, dict):
            return top
        for key, part in (("trade", self.trade), ("politics", self.politics), ("military", self.military)):
            if key in top:
                top[key] = part(top[key], key)
        return top

    def mapping(self, data: Any, where: str, said: str, keys: Mapping[str, str]) -> Any:
        """`data` with its French keys (of `keys`) in English; `where` its English path, `said` the file's."""
        if not isinstance(data, Mapping):
            return data
        out: dict[Any, Any] = {}
        for key, value in data.items():
            english = keys.get(bare(key), key) if isinstance(key, str) else key
            path = f"{where}.{english}" if where else str(english)
            if english in out:
                written = f"{said}.{key}" if said else str(key)
                self.problems.append(
                    problem(written, N_("{key} is given twice, in French and in English"), key=repr(key))
                )
                continue
            self.paths[path] = f"{said}.{key}" if said else str(key)
            words = VALUES.get(str(english))
            out[english] = words.get(bare(value), value) if words and isinstance(value, str) else value
        return out

    def items(self, data: Any, where: str, keys: Mapping[str, str]) -> Any:
        if not isinstance(data, list):
            return data
        said = self.back(where)
        return [self.mapping(item, f"{where}[{i}]", f"{said}[{i}]", keys) for i, item in enumerate(data)]

    def trade(self, data: Any, where: str) -> Any:
        return self.items(data, where, TRADE)

    def politics(self, data: Any, where: str) -> Any:
        out = self.mapping(data, where, self.back(where), POLITICS)
        if not isinstance(out, dict):
            return out
        if "corruption" in out:
            out["corruption"] = self.items(out["corruption"], f"{where}.corruption", BRIBE)
        if "dorea" in out:
            treaties = self.items(out["dorea"], f"{where}.dorea", DOREA)
            for i, treaty in enumerate(treaties if isinstance(treaties, list) else []):
                for part in ("give", "get"):
                    if isinstance(treaty, dict) and part in treaty:
                        path = f"{where}.dorea[{i}].{part}"
                        treaty[part] = self.mapping(treaty[part], path, self.back(path), SHARE)
            out["dorea"] = treaties
        return out

    def military(self, data: Any, where: str) -> Any:
        if not isinstance(data, Mapping):
            return data
        out = {}
        for uid, raw in data.items():
            path = f"{where}.{uid}"
            self.paths[path] = f"{self.back(where)}.{uid}"
            unit = self.mapping(raw, path, self.back(path), UNIT)
            if isinstance(unit, dict):
                self.unit_parts(unit, path)
            out[uid] = unit
        return out

    def unit_parts(self, unit: dict[Any, Any], where: str) -> None:
        if isinstance(unit.get("commander"), Mapping):
            path = f"{where}.commander"
            unit["commander"] = self.mapping(unit["commander"], path, self.back(path), COMMANDER)
        if "defence_priorities" in unit:
            path = f"{where}.defence_priorities"
            unit["defence_priorities"] = self.mapping(unit["defence_priorities"], path, self.back(path), PRIORITIES)
        if "plan" in unit:
            rows = self.items(unit["plan"], f"{where}.plan", ROW)
            for i, row in enumerate(rows if isinstance(rows, list) else []):
                if isinstance(row, dict) and "only_if" in row:
                    path = f"{where}.plan[{i}].only_if"
                    row["only_if"] = self.mapping(row["only_if"], path, self.back(path), CONDITION)
            unit["plan"] = rows

    def back(self, where: str) -> str:
        """An English key path as the file wrote it: its longest known beginning replaced."""
        cut = len(where)
        while cut > 0:
            head = where[:cut]
            if head in self.paths:
                return self.paths[head] + where[cut:]
            cut = max(where.rfind(".", 0, cut), where.rfind("[", 0, cut))
        return where
