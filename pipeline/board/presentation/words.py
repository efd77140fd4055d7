"""The words a report is made of, in one language: places, powers, units, sums, seasons and phases.

Places come from the map data: English names (with "the" for seas) and the French names with the forms
French uses after "in"/"to" (`fr_in`: "à Venise", "en Toscane", "au Tyrol", "dans la mer du Nord") and
"from" (`fr_from`: "de Venise", "de Toscane", "du Tyrol", "de la mer du Nord"). Sentences only ever
take these whole phrases, so no preposition or article is glued on in code. Powers, unit kinds, coasts,
seasons and sums come from the gettext catalogues.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from pipeline.board.board import Board, coast_of, space_of
from pipeline.board.position import Phase, PhaseKind
from pipeline.board.units import AUTONOMOUS, CITY, Unit, UnitKind
from pipeline.shared.translations import Translations


def _as_is(text: str) -> str:
    return text


class Words:
    """`shown` writes each name of the map (a place's, a power's) for the medium the words go into: the
    report's Markdown (`pipeline.escape.markdown_text`), or as they are (a map, a feed, a form's data, which
    escape for theirs)."""

    def __init__(self, board: Board, t: Translations, shown: Callable[[str], str] = _as_is) -> None:
        self.board = board
        self.t = t
        self.shown = shown

    # ---- the board --------------------------------------------------------------------------------
    def board_name(self) -> str:
        """The board's name as its map data gives it, in the language: "Machiavelli (classic board)" /
        "Machiavel (plateau classique)"; a map no catalogue knows keeps its own name."""
        t = self.t
        names = {
            "Standard": t.pgettext("board", "Diplomacy (standard board)"),
            "Machiavelli (classic board)": t.pgettext("board", "Machiavelli (classic board)"),
            "Machiavelli (Avalon Hill 1995 board)": t.pgettext("board", "Machiavelli (Avalon Hill 1995 board)"),
            "Machiavelli (Avalon Hill 1995 board, with the Objectif rules' double coasts)": t.pgettext(
                "board", "Machiavelli (Avalon Hill 1995 board, with the Objectif rules' double coasts)"
            ),
        }
        return names.get(self.board.name, self.shown(self.board.name))

    # ---- places -----------------------------------------------------------------------------------
    def _space(self, location: str) -> str:
        return space_of(location).removesuffix(CITY)

    def place(self, location: str) -> str:
        """The bare name: "Venice", "North Sea" / "Venise", "mer du Nord"."""
        sid = self._space(location)
        space = self.board.spaces.get(sid)
        if space is None:
            return self.shown(sid)
        if self.t.lang == "fr":
            return self.shown(space.names.get("fr", space.name))
        return self.shown(space.name)

    def place_coast(self, location: str) -> str:
        """The bare name with its coast, if any: "St Petersburg (north coast)" / "Saint-Pétersbourg (côte nord)"."""
        return self._coast(location, self.place(location))

    def _english(self, location: str, preposition: str) -> str:
        sid = self._space(location)
        space = self.board.spaces.get(sid)
        name = space.name if space is not None else sid
        the = "the " if space is not None and space.kind == "sea" else ""
        return f"{preposition} {the}{self.shown(name)}"

    def _french(self, location: str, form: str) -> str:
        sid = self._space(location)
        space = self.board.spaces.get(sid)
        if space is None:
            return self.shown(sid)
        if form in space.names:
            return self.shown(space.names[form])
        name = space.names.get("fr", space.name)  # a map without French forms: the bare name after the word
        return f"{'à' if form == 'fr_in' else 'de'} {self.shown(name)}"

    def _coast(self, location: str, phrase: str) -> str:
        coast = coast_of(location)
        if not coast:
            return phrase
        names = {
            "nc": self.t.pgettext("coast", "north coast"),
            "sc": self.t.pgettext("coast", "south coast"),
            "ec": self.t.pgettext("coast", "east coast"),
            "wc": self.t.pgettext("coast", "west coast"),
        }
        return self.t.gettext("%(place)s (%(coast)s)") % {"place": phrase, "coast": names.get(coast, coast)}

    def in_(self, location: str) -> str:
        """Where a unit stands: "in Venice", "in the North Sea" / "à Venise", "dans la mer du Nord"."""
        base = self._french(location, "fr_in") if self.t.lang == "fr" else self._english(location, "in")
        return self._coast(location, base)

    def to(self, location: str) -> str:
        """Where a unit goes: "to Venice" / "à Venise" (French says it as for "in")."""
        base = self._french(location, "fr_in") if self.t.lang == "fr" else self._english(location, "to")
        return self._coast(location, base)

    def from_(self, location: str) -> str:
        """Where a unit comes from: "from Venice" / "de Venise", "du Tyrol"."""
        base = self._french(location, "fr_from") if self.t.lang == "fr" else self._english(location, "from")
        return self._coast(location, base)

    # ---- powers -----------------------------------------------------------------------------------
    def _forms(self, power: str) -> tuple[str, str, str, str, str]:
        info = self.board.powers.get(power)
        name = info.name if info is not None else power
        known = power_forms(self.t).get(name)
        if known is not None:
            return known
        adjective = self.shown(info.adjective if info is not None else power)
        name = self.shown(name)
        return name, name, name, name, adjective  # a power no catalogue knows: its map name

    def power(self, power: str) -> str:
        """A power's name on its own (a heading, a table): "Papacy" / "Papauté"."""
        if power == AUTONOMOUS:
            return self.t.gettext("Autonomous garrisons")
        return self._forms(power)[0]

    def power_the(self, power: str) -> str:
        """A power's name inside a sentence: "the Papacy" / "la Papauté", "Venise"."""
        return self._forms(power)[1]

    def power_to(self, power: str) -> str:
        """ "to the Papacy" / "à la Papauté", "à Venise"."""
        return self._forms(power)[2]

    def power_of(self, power: str) -> str:
        """ "of the Papacy" / "de la Papauté", "de Venise", "de l'Autriche"."""
        return self._forms(power)[3]

    def adjective(self, power: str) -> str:
        """The power's adjective for one of its units: "Venetian" / "vénitienne" (armée, flotte and garnison
        are all feminine)."""
        if power == AUTONOMOUS:
            return self.t.gettext("autonomous")
        return self._forms(power)[4]

    # ---- units ------------------------------------------------------------------------------------
    def unit(self, unit: Unit, own: bool = False) -> str:
        """A unit where it stands: "the Venetian army in Ferrara"; `own` leaves the power out ("the army in
        Ferrara", for the power's own orders)."""
        where = self.in_(unit.location)
        t = self.t
        if own:
            text = {
                UnitKind.ARMY: t.gettext("the army %(in_place)s"),
                UnitKind.FLEET: t.gettext("the fleet %(in_place)s"),
                UnitKind.GARRISON: t.gettext("the garrison %(in_place)s"),
            }[unit.kind] % {"in_place": where}
        else:
            text = {
                UnitKind.ARMY: t.gettext("the %(adjective)s army %(in_place)s"),
                UnitKind.FLEET: t.gettext("the %(adjective)s fleet %(in_place)s"),
                UnitKind.GARRISON: t.gettext("the %(adjective)s garrison %(in_place)s"),
            }[unit.kind] % {"adjective": self.adjective(unit.power), "in_place": where}
        return self._special(unit, text)

    def unit_from(self, unit: Unit) -> str:
        """A unit that moved: "the French army from Piedmont" / "l'armée française venue du Piémont"."""
        t = self.t
        text = {
            UnitKind.ARMY: t.gettext("the %(adjective)s army %(from_place)s"),
            UnitKind.FLEET: t.gettext("the %(adjective)s fleet %(from_place)s"),
            UnitKind.GARRISON: t.gettext("the %(adjective)s garrison %(from_place)s"),
        }[unit.kind] % {"adjective": self.adjective(unit.power), "from_place": self.from_(unit.location)}
        return self._special(unit, text)

    def _special(self, unit: Unit, text: str) -> str:
        if not unit.special:
            return text
        return self.t.gettext("%(unit)s (%(special)s)") % {"unit": text, "special": self.special(unit.special)}

    def special(self, special: str) -> str:
        return {
            "militia": self.t.pgettext("special unit", "militia"),
            "mercenaries": self.t.pgettext("special unit", "mercenaries"),
            "professionals": self.t.pgettext("special unit", "professionals"),
        }.get(special, self.shown(special))

    def unknown_unit(self, location: str) -> str:
        """No unit is known there: "the unit in Venice"."""
        return self.t.gettext("the unit %(in_place)s") % {"in_place": self.in_(location)}

    def unknown_unit_from(self, location: str) -> str:
        return self.t.gettext("the unit %(from_place)s") % {"from_place": self.from_(location)}

    def kind_unit(self, kind: UnitKind | None, location: str) -> str:
        """A unit named by an order where the board shows none: its kind as the order gives it, if any."""
        if kind is None:
            return self.unknown_unit(location)
        t = self.t
        return {
            UnitKind.ARMY: t.gettext("the army %(in_place)s"),
            UnitKind.FLEET: t.gettext("the fleet %(in_place)s"),
            UnitKind.GARRISON: t.gettext("the garrison %(in_place)s"),
        }[kind] % {"in_place": self.in_(location)}

    def new_unit(self, kind: UnitKind | None, location: str) -> str:
        """A unit built: "an army in Paris" / "une armée à Paris"."""
        t = self.t
        where = self.in_(location)
        if kind is None:
            return t.gettext("a unit %(in_place)s") % {"in_place": where}
        return {
            UnitKind.ARMY: t.gettext("an army %(in_place)s"),
            UnitKind.FLEET: t.gettext("a fleet %(in_place)s"),
            UnitKind.GARRISON: t.gettext("a garrison %(in_place)s"),
        }[kind] % {"in_place": where}

    # ---- sums and time ----------------------------------------------------------------------------
    def ducats(self, n: int) -> str:
        return self.t.ngettext("%(count)s ducat", "%(count)s ducats", n) % {"count": n}

    def when(self, season: str, year: int) -> str:
        """ "in spring 1455" / "au printemps 1455"."""
        t = self.t
        text = {
            "spring": t.gettext("in spring %(year)s"),
            "summer": t.gettext("in summer %(year)s"),
            "fall": t.gettext("in fall %(year)s"),
            "winter": t.gettext("in winter %(year)s"),
        }.get(season.lower(), t.gettext("in spring %(year)s"))
        return text % {"year": year}

    def phase(self, phase: Phase) -> str:
        """ "Spring 1901: movement" / "Printemps 1901 : mouvements"."""
        t = self.t
        titles = {
            ("spring", PhaseKind.MOVEMENT): t.gettext("Spring %(year)s: movement"),
            ("spring", PhaseKind.RETREAT): t.gettext("Spring %(year)s: retreats"),
            ("spring", PhaseKind.ADJUSTMENT): t.gettext("Spring %(year)s: adjustments"),
            ("summer", PhaseKind.MOVEMENT): t.gettext("Summer %(year)s: movement"),
            ("summer", PhaseKind.RETREAT): t.gettext("Summer %(year)s: retreats"),
            ("summer", PhaseKind.ADJUSTMENT): t.gettext("Summer %(year)s: adjustments"),
            ("fall", PhaseKind.MOVEMENT): t.gettext("Fall %(year)s: movement"),
            ("fall", PhaseKind.RETREAT): t.gettext("Fall %(year)s: retreats"),
            ("fall", PhaseKind.ADJUSTMENT): t.gettext("Fall %(year)s: adjustments"),
            ("winter", PhaseKind.MOVEMENT): t.gettext("Winter %(year)s: movement"),
            ("winter", PhaseKind.RETREAT): t.gettext("Winter %(year)s: retreats"),
            ("winter", PhaseKind.ADJUSTMENT): t.gettext("Winter %(year)s: adjustments"),
        }
        return titles[(phase.season, phase.kind)] % {"year": phase.year}


@functools.lru_cache(maxsize=8)  # a page names powers thousands of times: the forms looked up once a language
def power_forms(t: Translations) -> dict[str, tuple[str, str, str, str, str]]:
    """Every power of the shipped maps, by its map name: its name alone, in a sentence, after "to", after
    "of", and its adjective for a unit (French: feminine, as armée, flotte and garnison are). Shared by every
    caller: not to be changed."""
    return {
        "Austria": (
            t.pgettext("power", "Austria"),
            t.pgettext("power in a sentence", "Austria"),
            t.pgettext("to power", "to Austria"),
            t.pgettext("of power", "of Austria"),
            t.pgettext("unit of power", "Austrian"),
        ),
        "England": (
            t.pgettext("power", "England"),
            t.pgettext("power in a sentence", "England"),
            t.pgettext("to power", "to England"),
            t.pgettext("of power", "of England"),
            t.pgettext("unit of power", "English"),
        ),
        "France": (
            t.pgettext("power", "France"),
            t.pgettext("power in a sentence", "France"),
            t.pgettext("to power", "to France"),
            t.pgettext("of power", "of France"),
            t.pgettext("unit of power", "French"),
        ),
        "Germany": (
            t.pgettext("power", "Germany"),
            t.pgettext("power in a sentence", "Germany"),
            t.pgettext("to power", "to Germany"),
            t.pgettext("of power", "of Germany"),
            t.pgettext("unit of power", "German"),
        ),
        "Italy": (
            t.pgettext("power", "Italy"),
            t.pgettext("power in a sentence", "Italy"),
            t.pgettext("to power", "to Italy"),
            t.pgettext("of power", "of Italy"),
            t.pgettext("unit of power", "Italian"),
        ),
        "Russia": (
            t.pgettext("power", "Russia"),
            t.pgettext("power in a sentence", "Russia"),
            t.pgettext("to power", "to Russia"),
            t.pgettext("of power", "of Russia"),
            t.pgettext("unit of power", "Russian"),
        ),
        "Turkey": (
            t.pgettext("power", "Turkey"),
            t.pgettext("power in a sentence", "Turkey"),
            t.pgettext("to power", "to Turkey"),
            t.pgettext("of power", "of Turkey"),
            t.pgettext("unit of power", "Turkish"),
        ),
        "Florence": (
            t.pgettext("power", "Florence"),
            t.pgettext("power in a sentence", "Florence"),
            t.pgettext("to power", "to Florence"),
            t.pgettext("of power", "of Florence"),
            t.pgettext("unit of power", "Florentine"),
        ),
        "Milan": (
            t.pgettext("power", "Milan"),
            t.pgettext("power in a sentence", "Milan"),
            t.pgettext("to power", "to Milan"),
            t.pgettext("of power", "of Milan"),
            t.pgettext("unit of power", "Milanese"),
        ),
        "Naples": (
            t.pgettext("power", "Naples"),
            t.pgettext("power in a sentence", "Naples"),
            t.pgettext("to power", "to Naples"),
            t.pgettext("of power", "of Naples"),
            t.pgettext("unit of power", "Neapolitan"),
        ),
        "Papacy": (
            t.pgettext("power", "Papacy"),
            t.pgettext("power in a sentence", "the Papacy"),
            t.pgettext("to power", "to the Papacy"),
            t.pgettext("of power", "of the Papacy"),
            t.pgettext("unit of power", "Papal"),
        ),
        "Venice": (
            t.pgettext("power", "Venice"),
            t.pgettext("power in a sentence", "Venice"),
            t.pgettext("to power", "to Venice"),
            t.pgettext("of power", "of Venice"),
            t.pgettext("unit of power", "Venetian"),
        ),
    }
