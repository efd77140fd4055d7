"""A Symmachia year in words, as the club published it (Markdown, in the reader's language): the public
report (the trade table, transit at each trading post, disorders, next year's surpluses and deficits,
each army's and fleet's seasons, battles and pacifications, assassinations, speeches as written, patrons,
the prestige table with its causes, then everything else that happened), a power's private report (its
treasury line by line, the results of its secret acts) and the game master's view (everything, with the
leaders' competences and the sealed dice).

The records are the year's (`outcome.Record.to_data`, as the results file keeps them); every sentence is a
catalogue message (`t.gettext`), every name the scenario's in the reader's language, and every value put
into the Markdown escaped for it (`pipeline.escape.markdown_text`: a leader's name is a player's or the game
master's choice, and a state read from a file may hold any text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from pipeline.escape import markdown_code, markdown_text
from pipeline.games.contract import Translations

from .checking import said_words
from .french import Noun, compose, noun
from .model import Title, UnitKind
from .scenario import Scenario
from .state import State

Data = Mapping[str, Any]
SEASONS = ("spring", "summer", "autumn")
CAMPAIGN = {"move", "hold", "defence", "retreat", "destroyed", "embarked", "landed", "convoyed", "raid"}
CAMPAIGN |= {"raid_stopped", "blockade", "pirates_cleared", "desert_losses", "not_in_phase", "pacify_failed"}
BATTLES = {"battle", "pacified"}
ASSASSINATIONS = {"plot", "palace_plot", "king_died", "leader_died", "loyalty", "betrayal"}
TABLED = {"trade", "trade_cancelled", "transit", "shortage", "speech", "patronage"}
TABLED |= {"patron_of_the_year", "prestige", "battle_values", "winner"}


def year_in_words(year: int, t: Translations) -> str:
    """« 229 av. J.-C. », "229 BC"."""
    if year < 0:
        return t.gettext("%(year)s BC") % {"year": -year}
    return t.gettext("AD %(year)s") % {"year": year}


def _as_is(text: str) -> str:
    return text


class Namer:
    """The scenario's and the state's names in the reader's language, each as `shown` writes it for its
    medium (the report's Markdown: `markdown_text`; as they are for a map or a form, which escape for theirs)."""

    def __init__(
        self,
        scenario: Scenario,
        state: State | None,
        t: Translations,
        before: State | None = None,
        shown: Callable[[str], str] = _as_is,
    ) -> None:
        self.s, self.st, self.t = scenario, state, t
        self.before = before  # the names of those gone during the year (a leader killed, a unit destroyed)
        self.shown = shown

    def title(self, title: Title) -> str:
        return self.shown(title.fr if self.t.lang == "fr" else title.en)

    def power(self, pid: Any) -> str:
        if not pid:  # a side that is not there (a trade cancelled before it had a buyer)
            return "—"
        pid = str(pid)
        if self.st is not None and pid in self.st.public.powers:
            return self.title(self.st.public.powers[pid].name)
        start = self.s.powers.get(pid)
        return self.title(start.name) if start is not None else self.shown(pid)

    def place(self, place: Any) -> str:
        return self.title(self.s.place_name(str(place))) if place else self.t.gettext("nowhere")

    def leader(self, lid: Any) -> str:
        for state in (self.st, self.before):
            if state is not None and str(lid) in state.public.leaders:
                return self.title(state.public.leaders[str(lid)].name)
        return self.shown(str(lid))

    def unit(self, uid: Any) -> str:
        """A power's army or fleet by its leader ("Sosibius's army", « l’armée de Sosibios »), or a horde's,
        pirates' or mercenaries' name."""
        for state in (self.st, self.before):
            if state is None:
                continue
            pub = state.public
            if str(uid) in pub.units:
                unit = pub.units[str(uid)]
                if unit.kind is UnitKind.FLEET:
                    return elided(self.t.gettext("%(leader)s's fleet") % {"leader": self.leader(unit.leader)}, self.t)
                return elided(self.t.gettext("%(leader)s's army") % {"leader": self.leader(unit.leader)}, self.t)
            bands = {h.id: h.name for h in pub.hordes} | {p.id: p.name for p in pub.pirates}
            if str(uid) in bands:
                return self.title(bands[str(uid)])
        merc = self.s.mercenaries.get(str(uid))
        return self.title(merc.name) if merc is not None else self.shown(str(uid))

    def ref(self, ref: Any) -> str:
        """What a treasury line is for: a power, a unit, a place, by its name."""
        ref = str(ref)
        if not ref:
            return ""
        if ref in self.s.powers or (self.st is not None and ref in self.st.public.powers):
            return self.power(ref)
        if ref in self.s.provinces or ref in self.s.seas or ref in self.s.posts:
            return self.place(ref)
        return self.unit(ref)

    def good(self, good: Any) -> str:
        return self.shown(label(GOODS, good, self.t))

    def why(self, why: Any) -> str:
        return self.shown(label(WHYS, why, self.t))

    def text(self, value: Any) -> str:
        """Any other value of a record (a number, a code) as the medium shows it."""
        return self.shown(str(value))

    def names(self, items: Any, name: Callable[[Any], str]) -> str:
        return self.t.join([name(i) for i in items]) if items else "—"

    def noun(self, section: str, ident: Any, shown: str) -> Noun:
        """A name as a French sentence says it: the scenario's running form (« le royaume séleucide »),
        else the name as shown, read for an article it begins with (« l’armée de Sosibios »)."""
        known = self.s.french.get(section, {}).get(str(ident))
        if known is None:
            return noun(shown)
        return Noun(self.shown(known.name), known.article, known.feminine)


def label(table: Mapping[str, Callable[[Translations], str]], code: Any, t: Translations) -> str:
    """A code in words (a code no table has: its own words)."""
    made = table.get(str(code))
    return made(t) if made is not None else str(code).replace("_", " ")


GOODS: dict[str, Callable[[Translations], str]] = {
    "grain": lambda t: t.gettext("grain"),
    "wine": lambda t: t.gettext("wine"),
    "crafts": lambda t: t.gettext("crafts"),
    "incense": lambda t: t.gettext("incense"),
    "wood": lambda t: t.gettext("wood"),
    "mercenaries": lambda t: t.gettext("mercenaries"),
}

WHYS: dict[str, Callable[[Translations], str]] = {
    "over_capacity": lambda t: t.gettext("orders over the published capacity"),
    "no_matching_order": lambda t: t.gettext("no matching order from the partner"),
    "no_route": lambda t: t.gettext("no usable route"),
    "unaffordable": lambda t: t.gettext("the treasury could not pay"),
    "no_path": lambda t: t.gettext("no way to reach the unit"),
    "unavailable": lambda t: t.gettext("not available"),
    "no_unit": lambda t: t.gettext("the unit no longer exists"),
    "full": lambda t: t.gettext("no room for more"),
    "foot_only": lambda t: t.gettext("a fleet takes foot soldiers only"),
    "not_allowed": lambda t: t.gettext("not allowed by the rules"),
    "not_matched": lambda t: t.gettext("the partner's terms differ"),
    "not_possible": lambda t: t.gettext("no longer possible"),
    "limit": lambda t: t.gettext("over the limit of units"),
    "no_wood": lambda t: t.gettext("no wood"),
    "no_battle": lambda t: t.gettext("no battle was fought"),
    "occupation": lambda t: t.gettext("occupation"),
    "pillage": lambda t: t.gettext("pillage"),
    "raid": lambda t: t.gettext("a raid"),
    "pirates": lambda t: t.gettext("pirates"),
    "barbarians": lambda t: t.gettext("barbarians"),
    "epidemic": lambda t: t.gettext("an epidemic"),
    "war": lambda t: t.gettext("war"),
    "beaten": lambda t: t.gettext("beaten"),
    "storm": lambda t: t.gettext("a storm"),
    "sunk": lambda t: t.gettext("sunk"),
    "unpaid": lambda t: t.gettext("unpaid"),
    "tribute": lambda t: t.gettext("tribute paid"),
    "orders": lambda t: t.gettext("its orders"),
    "defence": lambda t: t.gettext("its defence"),
    "impossible": lambda t: t.gettext("impossible"),
    "enemy_fleet": lambda t: t.gettext("an enemy fleet"),
    "army_in_defence": lambda t: t.gettext("an army in defence"),
    "quiet": lambda t: t.gettext("nothing"),
    "non_decisive": lambda t: t.gettext("not decisive"),
    "total": lambda t: t.gettext("a total victory"),
    "again": lambda t: t.gettext("the dice rolled again"),
    "assassination": lambda t: t.gettext("assassination"),
    "battle": lambda t: t.gettext("killed in battle"),
    "palace plot": lambda t: t.gettext("a palace plot"),
    "no home port": lambda t: t.gettext("no home port"),
    "rotted": lambda t: t.gettext("rotted away"),
    "turned pirate": lambda t: t.gettext("turned pirate"),
    "favourable": lambda t: t.gettext("a favourable year"),
    "bad_harvest": lambda t: t.gettext("a bad harvest"),
    "total_victory": lambda t: t.gettext("total victory"),
    "disaster": lambda t: t.gettext("disaster"),
    "conquest": lambda t: t.gettext("conquest"),
    "province_lost": lambda t: t.gettext("province lost"),
    "capital_taken": lambda t: t.gettext("capital taken"),
    "capital_lost": lambda t: t.gettext("capital lost"),
    "euergetes": lambda t: t.gettext("benefactor (every province supplied)"),
    "famine": lambda t: t.gettext("famine"),
    "patron": lambda t: t.gettext("patron of the year"),
    "rome": lambda t: t.gettext("Rome"),
}

ENTRIES: dict[str, Callable[[Translations], str]] = {
    "local_income": lambda t: t.gettext("local income"),
    "provincial_trade": lambda t: t.gettext("provincial trade"),
    "sale_tax": lambda t: t.gettext("tax on sales abroad"),
    "transit": lambda t: t.gettext("transit"),
    "wood_bought": lambda t: t.gettext("wood bought"),
    "wood_sold": lambda t: t.gettext("wood sold"),
    "mercenaries_bought": lambda t: t.gettext("mercenaries bought"),
    "mercenaries_sold": lambda t: t.gettext("mercenaries sold"),
    "tribute": lambda t: t.gettext("tribute"),
    "counter_corruption": lambda t: t.gettext("counter-corruption"),
    "plot_general": lambda t: t.gettext("plot on a general"),
    "bribe": lambda t: t.gettext("bribe"),
    "gift_received": lambda t: t.gettext("gift received"),
    "gift_given": lambda t: t.gettext("gift given"),
    "dorea_paid": lambda t: t.gettext("dôrea paid"),
    "dorea_received": lambda t: t.gettext("dôrea received"),
    "new_fleet": lambda t: t.gettext("new fleet"),
    "fleet_upkeep": lambda t: t.gettext("fleet upkeep"),
    "new_army": lambda t: t.gettext("new army"),
    "army_upkeep": lambda t: t.gettext("army upkeep"),
    "plot_king": lambda t: t.gettext("plot on a king"),
    "patronage": lambda t: t.gettext("patronage"),
    "favourable_event": lambda t: t.gettext("favourable year"),
    "treasury_taken": lambda t: t.gettext("treasury taken"),
}

SEASON_NAMES: dict[str, Callable[[Translations], str]] = {
    "spring": lambda t: t.gettext("Spring"),
    "summer": lambda t: t.gettext("Summer"),
    "autumn": lambda t: t.gettext("Autumn"),
}


# the sentence of each record's code, with its details as named fields (a code not here is said in a table)
SENTENCES: dict[str, Callable[[Translations], str]] = {
    "local_income": lambda t: t.gettext("%(power)s collects %(amount)s talents from its provinces."),
    "provincial_trade": lambda t: t.gettext("%(power)s earns %(amount)s talents from trade within its kingdom."),
    "supplied": lambda t: t.gettext("%(power)s covers every need of %(good)s."),
    "main_post": lambda t: t.gettext("%(power)s trades through its main trading post %(post)s."),
    "main_post_refused": lambda t: t.gettext("%(power)s may not make %(post)s its main trading post: %(why)s."),
    "no_main_post": lambda t: t.gettext("%(power)s has no main trading post: border trade only."),
    "mercenaries_join": lambda t: t.gettext("%(mercenary)s join %(unit)s."),
    "mercenaries_cancelled": lambda t: t.gettext("%(mercenary)s do not come: %(why)s."),
    "tribute": lambda t: t.gettext("%(power)s pays %(amount)s talents of tribute: %(horde)s leave %(province)s."),
    "tribute_refused": lambda t: t.gettext("%(power)s pays no tribute for %(province)s: %(why)s."),
    "treaty": lambda t: t.gettext("Treaty of friendship: %(powers)s."),
    "treaty_unsigned": lambda t: t.gettext("%(power)s offered friendship to %(partner)s, who did not sign."),
    "treaty_broken": lambda t: t.gettext("The friendship of %(powers)s is broken by %(by)s."),
    "rome_request": lambda t: t.gettext("%(power)s asks Rome's arbitration on %(provinces)s."),
    "rome_ruling": lambda t: t.gettext("Rome decides that %(province)s goes to %(to)s."),
    "rome_free": lambda t: t.gettext("Rome declares %(province)s free."),
    "new_capital": lambda t: t.gettext("%(power)s sets its court in %(province)s."),
    "command": lambda t: t.gettext("%(leader)s takes command of %(unit)s."),
    "disgrace": lambda t: t.gettext("%(leader)s falls into disgrace."),
    "disbanded": lambda t: t.gettext("%(unit)s is disbanded: %(why)s."),
    "usurpation": lambda t: t.gettext("%(leader)s rises against %(against)s with %(unit)s in %(province)s."),
    "pirate_admiral": lambda t: t.gettext("%(leader)s turns pirate in %(zone)s."),
    "counter_corruption": lambda t: t.gettext("%(power)s spends %(amount)s talents to keep %(unit)s loyal."),
    "patronage": lambda t: t.gettext("%(power)s spends %(amount)s talents on the arts."),
    "corruption_offer": lambda t: t.gettext("%(power)s offers %(amount)s talents to %(unit)s."),
    "corruption_dropped": lambda t: t.gettext("The offer to %(unit)s is dropped: %(why)s."),
    "plot_refused": lambda t: t.gettext("%(power)s's plot against %(victim)s does not happen: %(why)s."),
    "gift": lambda t: t.gettext("%(power)s gives %(amount)s talents to %(to)s."),
    "gift_refused": lambda t: t.gettext("%(power)s's gift to %(to)s is not made: %(why)s."),
    "protector": lambda t: t.gettext("%(protector)s is the protector of %(minor)s (%(amount)s talents)."),
    "autonomy": lambda t: t.gettext("%(minor)s takes back its freedom from %(aggressor)s."),
    "dorea": lambda t: t.gettext("Dôrea between %(power)s and %(partner)s."),
    "dorea_failed": lambda t: t.gettext("The dôrea of %(power)s with %(partner)s fails: %(why)s."),
    "secession": lambda t: t.gettext("%(province)s secedes from %(power)s (die %(roll)s)."),
    "secession_test": lambda t: t.gettext("%(province)s is tempted by secession (die %(roll)s)."),
    "new_king": lambda t: t.gettext("%(king)s is the new king of %(power)s."),
    "new_leader": lambda t: t.gettext("%(leader)s takes command of %(unit)s."),
    "eliminated": lambda t: t.gettext("%(power)s is eliminated."),
    "treasury_taken": lambda t: t.gettext("%(power)s takes %(amount)s talents from the treasury of %(from)s."),
    "fleet_built": lambda t: t.gettext("%(power)s builds a fleet."),
    "army_raised": lambda t: t.gettext("%(power)s raises %(unit)s in %(province)s."),
    "unit_not_raised": lambda t: t.gettext("%(power)s cannot raise %(unit)s: %(why)s."),
    "no_home_port": lambda t: t.gettext("%(unit)s has no home port and is lost."),
    "upkeep": lambda t: t.gettext("%(power)s keeps %(unit)s (%(amount)s talents)."),
    "unpaid": lambda t: t.gettext("%(unit)s is not paid and disbands."),
    "fleet_aged": lambda t: t.gettext("%(unit)s ages without wood (age %(age)s)."),
    "fleet_rotted": lambda t: t.gettext("%(unit)s rots away in its third year without wood."),
    "ravaged": lambda t: t.gettext("%(province)s is ravaged: %(why)s."),
    "event": lambda t: t.gettext("Event (die %(roll)s): %(kind)s in %(province)s."),
    "quiet_event": lambda t: t.gettext("Event (die %(roll)s): a quiet season."),
    "storm": lambda t: t.gettext("A storm over %(place)s."),
    "horde": lambda t: t.gettext("%(horde)s appear in %(province)s."),
    "horde_moves": lambda t: t.gettext("%(horde)s move from %(frm)s to %(to)s."),
    "horde_gone": lambda t: t.gettext("%(horde)s are gone: %(why)s."),
    "pirates": lambda t: t.gettext("%(pirates)s infest %(zone)s off %(province)s."),
    "pirates_gone": lambda t: t.gettext("%(pirates)s are gone: %(why)s."),
    "bad_harvest": lambda t: t.gettext("A bad harvest in %(province)s."),
    "epidemic": lambda t: t.gettext("An epidemic in %(province)s."),
    "favourable": lambda t: t.gettext("A favourable year in %(province)s: %(amount)s talents."),
    "move": lambda t: t.gettext("%(unit)s moves from %(frm)s to %(to)s."),
    "hold": lambda t: t.gettext("%(unit)s stays where it is instead of `%(order)s`: %(why)s."),
    "defence": lambda t: t.gettext("%(unit)s moves to meet %(threat)s toward %(toward)s."),
    "retreat": lambda t: t.gettext("%(unit)s retreats to %(to)s."),
    "destroyed": lambda t: t.gettext("%(unit)s is destroyed: %(why)s."),
    "pacify_failed": lambda t: t.gettext("%(unit)s fails to pacify %(province)s."),
    "embarked": lambda t: t.gettext("%(army)s embarks on %(fleet)s."),
    "landed": lambda t: t.gettext("%(army)s lands from %(fleet)s in %(province)s."),
    "convoyed": lambda t: t.gettext("%(fleet)s carries %(army)s to %(to)s."),
    "raid": lambda t: t.gettext("%(unit)s raids %(province)s."),
    "raid_stopped": lambda t: t.gettext("%(unit)s cannot raid %(province)s: %(why)s."),
    "blockade": lambda t: t.gettext("%(unit)s blockades %(zone)s."),
    "pirates_cleared": lambda t: t.gettext("%(unit)s clears %(pirates)s away."),
    "desert_losses": lambda t: t.gettext("%(unit)s suffers in the desert."),
    "not_in_phase": lambda t: t.gettext("%(army)s and %(fleet)s do not meet: their orders do not match."),
    "plot": lambda t: t.gettext("A plot against %(victim)s: he survives."),
    "plot_killed": lambda t: t.gettext("A plot against %(victim)s: he is killed."),
    "palace_plot": lambda t: t.gettext("A palace plot against %(king)s (die %(roll)s)."),
    "king_died": lambda t: t.gettext("%(king)s, king of %(power)s, is dead: %(cause)s."),
    "leader_died": lambda t: t.gettext("%(leader)s is dead: %(cause)s."),
    "loyalty": lambda t: t.gettext("%(leader)s's loyalty is tested (die %(roll)s for %(chance)s)."),
    "betrayal": lambda t: t.gettext("%(unit)s is bought: %(malus)s in battle."),
    "pacified": lambda t: t.gettext("%(unit)s pacifies %(province)s, taken from %(frm)s."),
    "pacified_free": lambda t: t.gettext("%(unit)s pacifies %(province)s, free until then."),
    "battle": lambda t: t.gettext("Battle at %(place)s: %(winner)s beats %(loser)s (%(result)s, by %(difference)s)."),
}


def _sentence(code: str, t: Translations) -> str | None:
    """The sentence of a record's code in the reader's language (None: said in a table)."""
    made = SENTENCES.get(code)
    return made(t) if made is not None else None


POWER_KEYS = ("power", "to", "partner", "by", "against", "from", "minor", "protector", "aggressor", "new_power")
PLACE_KEYS = ("province", "place", "zone", "toward", "post", "threat")
UNIT_KEYS = ("unit", "army", "fleet", "horde", "pirates", "mercenary", "winner", "loser")
FROM_POWER = ("pacified", "treasury_taken")  # the records whose `frm` is a power; elsewhere a place


def _named(record: Data, n: Namer) -> tuple[dict[str, str], dict[str, list[Noun]]]:
    """A record's details in words, and for French the names among them as a sentence says them."""
    out: dict[str, str] = {"power": n.power(record.get("power", ""))}
    nouns: dict[str, list[Noun]] = {"power": [n.noun("powers", record.get("power", ""), out["power"])]}
    for key, value in record.items():
        if key in ("step", "code", "season", "seen", "readers"):
            continue
        kind = _kind(key, value, record, n)
        if kind == "powers" and not value:
            out[key] = n.t.gettext("independence")
            nouns[key] = [noun(out[key])]
        elif kind in ("powers", "places", "units", "leaders"):
            name = {"powers": n.power, "places": n.place, "units": n.unit, "leaders": n.leader}[kind]
            out[key] = name(value)
            nouns[key] = [n.noun(kind if kind != "units" else _band(value, n), value, out[key])]
        elif key in ("powers", "provinces", "patrons"):
            section, name = ("places", n.place) if key == "provinces" else ("powers", n.power)
            out[key] = n.names(value, name)
            nouns[key] = [n.noun(section, v, name(v)) for v in value or ()]
        else:
            out[key] = _detail(key, value, n)
    if str(record.get("code")) in FROM_POWER and "frm" in out:
        out["from"], nouns["from"] = out["frm"], nouns["frm"]  # the sentence names it so
    return out, nouns


def _kind(key: str, value: Any, record: Data, n: Namer) -> str | None:
    """Whether a record's detail names powers, places, units or leaders (None: something else)."""
    if key == "frm":
        return "powers" if str(record.get("code")) in FROM_POWER else "places"
    if key in POWER_KEYS:
        return "places" if key == "to" and (value in n.s.provinces or value in n.s.seas) else "powers"
    if key in PLACE_KEYS:
        return "places"
    if key in UNIT_KEYS:
        return "units"
    return "leaders" if key in ("leader", "king", "victim") else None


def _band(uid: Any, n: Namer) -> str:
    """Where the scenario's French names a unit's kind: a horde's or pirates' (`bands`), a contingent's."""
    return "mercenaries" if str(uid) in n.s.mercenaries else "bands"


def _detail(key: str, value: Any, n: Namer) -> str:
    """Any other detail of a record in words."""
    if key in ("why", "kind", "cause", "result"):
        return n.why(value)
    if key == "good":
        return n.good(value)
    if key == "order":  # in a code span
        return markdown_code(value)
    if isinstance(value, list):
        return n.names(value, n.text)
    return n.text(value)


class _Safe(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


_VOWEL_AFTER_DE = re.compile(r"\b([dD])e ([aeiouyhàâéèêëîïôûAEIOUYHÀÂÉÈÊÎÏÔÛ])")


def elided(text: str, t: Translations) -> str:
    """In French « de » elided before a vowel (« manque d’encens », « l’armée d’Achaïos »)."""
    return _VOWEL_AFTER_DE.sub(r"\1’\2", text) if t.lang == "fr" else text


def written(sentence: str, t: Translations) -> str:
    """A sentence made of a template and names as the language writes it: its first letter a capital, and
    in French « de » elided before a vowel."""
    sentence = elided(sentence, t)
    return sentence[:1].upper() + sentence[1:]


def say(record: Data, n: Namer) -> str:
    """One record as a sentence."""
    code = str(record.get("code"))
    if code == "event" and record.get("kind") == "quiet":
        code = "quiet_event"
    elif code == "plot" and record.get("killed"):
        code = "plot_killed"
    elif code == "pacified" and not record.get("frm"):
        code = "pacified_free"
    elif code == "rome_ruling" and not record.get("to"):
        code = "rome_free"
    template = _sentence(code, n.t)
    values, nouns = _named(record, n)
    fields = _Safe(values)
    if template is None:
        details = ", ".join(f"{k}: {v}" for k, v in fields.items() if k != "power")
        return f"{fields['power']}: {n.text(record.get('code'))} ({details})"
    return filled(template, fields, nouns, n.t)


def filled(template: str, values: dict[str, str], nouns: Mapping[str, list[Noun]], t: Translations) -> str:
    """A sentence's template filled with its values; in French each name with its article, contracted
    with « de » and « à », and the verb agreed with a plural subject (`french.compose`)."""
    if t.lang == "fr":
        return written(compose(template, values, nouns, t.join), t)
    return written(template % _Safe(values), t)


def inert(text: str) -> str:
    """A player's own words (a speech) as Markdown shows them and nothing more: on one line, its spaces and
    line breaks as single spaces, escaped as every value of the report is (`markdown_text`)."""
    return markdown_text(" ".join(text.split()))


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    if not rows:
        return []
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return [*lines, ""]


def public_report(scenario: Scenario, before: State, after: State | None, results: Data, t: Translations) -> list[str]:
    """The public report's lines."""
    n = Namer(scenario, after or before, t, before, markdown_text)
    records = [r for r in results.get("records") or [] if isinstance(r, Mapping)]
    by_code: dict[str, list[Data]] = {}
    for r in records:
        by_code.setdefault(str(r.get("code")), []).append(r)
    out: list[str] = [f"# {year_in_words(before.public.year, t)}", ""]
    out += _trade(by_code, n)
    out += _transit(by_code, n)
    shortages = [
        filled(t.gettext("%(power)s lacks %(good)s in %(provinces)s."), *_named(r, n), t)
        for r in by_code.get("shortage", [])
    ]
    if shortages:
        out += ["## " + t.gettext("Disorders and shortages"), "", *[f"- {s}" for s in shortages], ""]
    if after is not None:
        out += _forecasts(after, n)
    out += _campaign(records, n)
    out += _listed(t.gettext("Battles and pacifications"), [r for r in records if r.get("code") in BATTLES], n)
    out += _listed(t.gettext("Assassinations"), [r for r in records if r.get("code") in ASSASSINATIONS], n)
    speeches = by_code.get("speech", [])
    if speeches:
        out += ["## " + t.gettext("Speeches"), ""]
        for r in speeches:
            said = r.get("text_fr") if t.lang == "fr" and r.get("text_fr") else r.get("text", "")
            out += [f"**{n.power(r.get('power'))}**", "", f"> {inert(str(said))}", ""]
    patrons = [n.power(p) for r in by_code.get("patronage", []) for p in r.get("patrons") or []]
    if patrons:
        of_year = [n.power(r.get("power")) for r in by_code.get("patron_of_the_year", [])]
        out += ["## " + t.gettext("Patrons"), ""]
        out += [t.gettext("Patrons of the arts this year: %(powers)s.") % {"powers": t.join(patrons)}]
        if of_year:
            out += ["", t.gettext("Patron of the year: %(power)s.") % {"power": t.join(of_year)}]
        out += [""]
    out += _prestige(by_code, before, after, n)
    rest = [r for r in records if r.get("code") not in TABLED | CAMPAIGN | BATTLES | ASSASSINATIONS]
    out += _listed(t.gettext("The year's other news"), rest, n)
    return out


def _trade(by_code: Mapping[str, list[Data]], n: Namer) -> list[str]:
    """The trades carried out, then those that were not and why: two narrow tables (a phone's width), no
    cell left blank."""
    t = n.t
    out: list[str] = []
    rows = []
    for r in by_code.get("trade", []):
        route = t.gettext("border") if r.get("border") else " → ".join(n.place(p) for p in r.get("route") or [])
        goods = t.gettext("%(quantity)s %(good)s") % {
            "quantity": n.text(r.get("quantity", "")),
            "good": n.good(r.get("good")),
        }
        rows.append([goods, n.power(r.get("seller")), n.power(r.get("buyer")), route])
    if rows:
        header = [t.gettext("Goods"), t.gettext("Seller"), t.gettext("Buyer"), t.gettext("Route")]
        out += ["## " + t.gettext("Trade"), "", *_table(header, rows)]
    cancelled = [_cancelled(r, n) for r in by_code.get("trade_cancelled", [])]
    if cancelled:
        header = [t.gettext("Good"), t.gettext("Seller"), t.gettext("Buyer"), t.gettext("Why not")]
        out += ["## " + t.gettext("Trade not carried out"), "", *_table(header, cancelled)]
    return out


def _cancelled(r: Data, n: Namer) -> list[str]:
    """A trade not carried out: its partners (a power's orders of a good over its capacity: the power on its
    side, all its partners on the other) and why, with the quantities the record knows."""
    t = n.t
    seller, buyer = n.power(r.get("seller")), n.power(r.get("buyer"))
    if r.get("op"):  # over capacity: all that power's orders of the good
        everyone = t.gettext("all its partners")
        power = n.power(r.get("power"))
        seller, buyer = (power, everyone) if r.get("op") == "sell" else (everyone, power)
    why = n.why(r.get("why"))
    if r.get("capacity") is not None:
        why = t.gettext("%(why)s: %(quantity)s ordered, %(capacity)s allowed") % {
            "why": why,
            "quantity": n.text(r.get("quantity", "")),
            "capacity": n.text(r.get("capacity")),
        }
    elif r.get("quantity") is not None:
        why = t.gettext("%(why)s (%(quantity)s)") % {"why": why, "quantity": n.text(r.get("quantity"))}
    return [n.good(r.get("good")), seller, buyer, why]


def _transit(by_code: Mapping[str, list[Data]], n: Namer) -> list[str]:
    t = n.t
    rows = [
        [n.place(r.get("post")), n.text(r.get("units", "")), n.text(r.get("talents", "")), n.power(r.get("power", ""))]
        for r in by_code.get("transit", [])
    ]
    if not rows:
        return []
    header = [t.gettext("Trading post"), t.gettext("Units"), t.gettext("Talents"), t.gettext("Earned by")]
    return ["## " + t.gettext("Transit"), "", *_table(header, rows)]


def _forecasts(after: State, n: Namer) -> list[str]:
    t = n.t
    rows = []
    for pid, f in sorted(after.public.forecasts.items()):
        exports = t.join([f"{n.good(g.value)} {q}" for g, q in f.exports.items()]) or "—"
        imports = t.join([f"{n.good(g.value)} {q}" for g, q in f.imports.items()]) or "—"
        rows.append([n.power(pid), str(f.local), str(f.provincial), exports, imports])
    header = [t.gettext("Power"), t.gettext("Local income"), t.gettext("Provincial trade")]
    title = t.gettext("Next year: revenues, surpluses and deficits")
    return [f"## {title}", "", *_table([*header, t.gettext("Surpluses"), t.gettext("Deficits")], rows)]


def _campaign(records: list[Data], n: Namer) -> list[str]:
    t = n.t
    out: list[str] = []
    for season in SEASONS:
        seasonal = [r for r in records if r.get("season") == season and r.get("code") in CAMPAIGN]
        if seasonal:
            out += [f"### {SEASON_NAMES[season](t)}", "", *[f"- {say(r, n)}" for r in seasonal], ""]
    return ["## " + t.gettext("The campaign"), "", *out] if out else []


def _listed(title: str, records: list[Data], n: Namer) -> list[str]:
    if not records:
        return []
    return [f"## {title}", "", *[f"- {say(r, n)}" for r in records], ""]


def _prestige(by_code: Mapping[str, list[Data]], before: State, after: State | None, n: Namer) -> list[str]:
    t = n.t
    causes: dict[str, list[str]] = {}
    for r in by_code.get("prestige", []):
        delta = int(r.get("delta", 0))
        cause = n.why(r.get("cause"))
        about = r.get("about") or []
        if about:
            cause += " (" + t.join([_about(a, n) for a in about]) + ")"
        causes.setdefault(str(r.get("power")), []).append(f"{delta:+d} {cause}")
    state = after or before
    rows = [
        [n.power(pid), str(info.prestige), f"{info.last_gain:+d}", "; ".join(causes.get(pid, [])) or "—"]
        for pid, info in sorted(state.public.powers.items(), key=lambda item: (-item[1].prestige, item[0]))
        if info.major
    ]
    header = [t.gettext("Power"), t.gettext("Prestige"), t.gettext("This year"), t.gettext("Why")]
    out = ["## " + t.gettext("Prestige"), "", *_table(header, rows)]
    winners = [n.power(r.get("power")) for r in by_code.get("winner", [])]
    if winners:
        out += [t.gettext("The game is won by %(powers)s.") % {"powers": t.join(winners)}, ""]
    return out


def _about(what: Any, n: Namer) -> str:
    """What a prestige line is about: a good, a place, else a power or a unit (a disaster's) by its name."""
    if what in GOODS:
        return n.good(what)
    if what in n.s.provinces or what in n.s.seas or what in n.s.posts:
        return n.place(what)
    return n.ref(what)


def private_report(scenario: Scenario, after: State | None, private: Data, t: Translations) -> list[str]:
    """A power's own report: its treasury line by line, the results of its secret acts, and the dice it
    alone reads (with the game master)."""
    n = Namer(scenario, after, t, shown=markdown_text)
    out = ["## " + t.gettext("Treasury"), ""]
    rows = []
    for line in private.get("ledger") or []:
        step, entry, amount, ref = [*line, "", "", 0, ""][:4]
        where = n.ref(ref)
        rows.append([n.text(step), n.shown(label(ENTRIES, entry, t)), f"{int(amount):+d}", where])
    out += _table([t.gettext("Step"), t.gettext("Line"), t.gettext("Talents"), t.gettext("For")], rows)
    out += [t.gettext("Treasury at the year's end: %(amount)s talents.") % {"amount": private.get("treasury", 0)}, ""]
    secret = [r for r in private.get("records") or [] if isinstance(r, Mapping)]
    out += _listed(t.gettext("Secret acts and what came of them"), secret, n)
    out += refused_words(scenario, private.get("refused"), t)
    return out + _dice(t.gettext("Secret dice"), private, t)


def private_words(scenario: Scenario, state: State, t: Translations) -> dict[str, Any]:
    """The private-report page's words for a power's report (`Presentation.private_words`): its sections'
    headings, the treasury lines' and the records' codes and every name in words, the records' sentences."""
    n = Namer(scenario, state, t)
    pub = state.public
    names = {p: n.power(p) for p in sorted({*scenario.powers, *pub.powers})}
    names |= {p: n.place(p) for p in sorted({*scenario.provinces, *scenario.seas})}
    names |= {p: n.title(post.name) for p, post in sorted(scenario.posts.items())}
    names |= _start_units(scenario, t)  # those gone since (a report of an earlier year names them)
    names |= {u: n.unit(u) for u in sorted({*pub.units, *scenario.mercenaries})}
    names |= {lid: n.leader(lid) for lid in sorted(pub.leaders)}
    codes = {code: made(t) for table in (ENTRIES, WHYS, GOODS) for code, made in sorted(table.items())}
    headings = {
        "ledger": t.gettext("Treasury"),
        "ledger_columns": [t.gettext("Step"), t.gettext("Line"), t.gettext("Talents"), t.gettext("For")],
        "treasury": t.gettext("Treasury at the year's end"),
        "records": t.gettext("Secret acts and what came of them"),
        "dice": t.gettext("Secret dice"),
        "purpose": t.gettext("Die"),
        "sides": t.gettext("Sides"),
        "value": t.gettext("Value"),
    }
    sentences = {code: made(t) for code, made in sorted(SENTENCES.items())}
    return {"headings": headings, "words": codes | names, "sentences": sentences}


def _start_units(scenario: Scenario, t: Translations) -> dict[str, str]:
    """Each army and fleet of the scenario's start by its first commander."""
    out = {}
    for start in scenario.powers.values():
        leaders = {leader.id: leader.name for leader in (start.king, *start.leaders)}
        for u in start.units:
            who = Namer(scenario, None, t).title(leaders[u.leader]) if u.leader in leaders else u.leader
            kind = t.gettext("%(leader)s's fleet") if u.kind is UnitKind.FLEET else t.gettext("%(leader)s's army")
            out[u.id] = kind % {"leader": who}
    return out


def refused_words(scenario: Scenario, refused: Any, t: Translations) -> list[str]:
    """Why the power's order file was refused, each problem at its line in the reader's language (what the
    reader kept of it: `checking.problem`), or as the English words where only they were kept."""
    if not isinstance(refused, Mapping):
        return []
    names = Namer(scenario, None, t)
    problems = [str(p) for p in refused.get("problems") or []]
    said = list(refused.get("said") or [])
    lines = []
    for i, english in enumerate(problems):
        kept = said[i] if i < len(said) and isinstance(said[i], Mapping) else None
        if kept is None:
            lines.append(english)
            continue
        why = said_words(kept, t.gettext, names.place)
        line = kept.get("line")
        lines.append(t.gettext("Line %(line)s: %(why)s") % {"line": line, "why": why} if line else why)
    head = t.gettext("Your order file was refused: the year was played as without orders. Why:")
    return ["## " + t.gettext("Order file refused"), "", head, "", *("- " + markdown_text(x) for x in lines), ""]


def master_view(scenario: Scenario, before: State, master: Data, t: Translations) -> list[str]:
    """The game master's record: the records only he sees, the leaders' competences, the sealed dice."""
    n = Namer(scenario, before, t, shown=markdown_text)
    out = _listed(t.gettext("For the game master's eyes"), [r for r in master.get("records") or []], n)
    rows = [[n.leader(lid), f"{c:+d}"] for lid, c in sorted(before.master.competence.items())]
    out += ["## " + t.gettext("Competences"), "", *_table([t.gettext("Leader"), t.gettext("Competence")], rows)]
    return out + _dice(t.gettext("Sealed dice"), master, t)


def _dice(title: str, record: Data, t: Translations) -> list[str]:
    """The dice a record holds that the public results do not, as a table under `title` (each value escaped
    for the Markdown, as every value of a report)."""
    dice = [d for d in record.get("dice") or [] if isinstance(d, Mapping)]
    if not dice:
        return []
    rows = [
        [markdown_text(d.get("purpose")), "d" + markdown_text(d.get("sides")), markdown_text(d.get("value"))]
        for d in dice
    ]
    header = [t.gettext("Die"), t.gettext("Sides"), t.gettext("Value")]
    return ["## " + title, "", *_table(header, rows)]
