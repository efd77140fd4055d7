"""The turn reports in English and French: catalogues complete and consistent, every reason put into words,
the demo games' committed results reported in both languages, known situations in exact French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from pipeline.board.calendar import EventKind
from pipeline.board.codec import outcomes_to_data
from pipeline.board.movement import adjudicate_movement
from pipeline.board.notation import parse_order
from pipeline.board.outcome import CHECK_WORDS, Reason, SubReason
from pipeline.board.position import Phase, PhaseKind, Position
from pipeline.board.presentation.report import PhaseRecord, _Report, private_report, public_report
from pipeline.board.presentation.sentences import Entry, Sentences
from pipeline.board.presentation.words import Words, power_forms
from pipeline.board.units import Unit, UnitKind
from pipeline.games import board_rules, family_of
from pipeline.shared import i18n
from pipeline.shared.i18n import LANGUAGES, Translator, po_path, translator
from pipeline.storage.gamedir import load_game
from pipeline.storage.maps import shipped_board
from tests.board_support import load_phase

ROOT = Path(__file__).resolve().parent.parent
GAMES = [ROOT / "games" / name for name in ("demo", "machiavelli", "machiavelli-objectif")]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
NBSP = "\u00a0"


def catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def key(context: str | None, msgid: str) -> tuple[str | None, str]:
    return context, msgid


class Recording(Translator):
    """A translator that remembers which messages it was asked for."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang, translator(lang)._messages)
        self.used: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.used.add(key(None, message))
        return super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.used.add(key(None, singular))
        return super().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self.used.add(key(context, message))
        return super().pgettext(context, message)


def translated_ids(lang: str) -> set[tuple[str | None, str]]:
    out = set()
    for m in catalog(lang):
        if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string):
            out.add(key(m.context, m.id[0] if isinstance(m.id, tuple) else m.id))
    return out


# ---- the catalogues ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    """No fuzzy or empty message; each translation uses exactly the placeholders of its msgid (named only),
    and Babel's own checks (python-format) pass."""
    cat = catalog(lang)
    assert len(cat) > 250
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert not m.fuzzy, m.id
        assert all(strings), f"{lang}: untranslated {m.id!r}"
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        assert "%s" not in ids[0] and "%d" not in ids[0], f"positional placeholder in {m.id!r}"
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, f"{lang}: {text!r} does not match {ids[-1]!r}"
        assert not list(m.check(cat)), (m.id, list(m.check(cat)))


def test_the_catalogues_hold_every_message_of_the_code_and_no_other() -> None:
    """`pybabel extract` would find nothing new: the .po files are up to date with pipeline/."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT / "pipeline"), method_map=[("**.py", "python")]
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.add(key(context, msgid))
    for lang in LANGUAGES:
        assert translated_ids(lang) == found, lang


def test_french_typography_puts_a_no_break_space_before_colons_and_semicolons() -> None:
    for m in catalog("fr"):
        if not m.id:
            continue  # the header
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            for found in re.finditer("[:;]", text):
                assert text[found.start() - 1] == NBSP, text


def test_every_power_of_every_map_has_its_french_forms() -> None:
    """Powers in French: Autriche, Florence, France, Milan, Naples, Papauté, Turquie, Venise; Angleterre,
    Allemagne, Italie, Russie for Diplomacy; with their article where French needs one."""
    t = translator("fr")
    forms = power_forms(t)
    for name in ("standard", "machiavelli-classic", "machiavelli-1995", "machiavelli-objectif"):
        for power in shipped_board(name).powers.values():
            assert power.name in forms, power.name
    assert [forms[n][0] for n in ("Papacy", "Turkey", "Germany", "England")] == [
        "Papauté",
        "Turquie",
        "Allemagne",
        "Angleterre",
    ]
    assert forms["Papacy"][1:4] == ("la Papauté", "à la Papauté", "de la Papauté")
    assert forms["Venice"][1:5] == ("Venise", "à Venise", "de Venise", "vénitienne")
    assert forms["Austria"][2] == "à l'Autriche"


# ---- every reason in words ----------------------------------------------------------------------

DETAIL: dict[Reason, dict[str, str]] = {
    Reason.BOUNCED: {"against": "tyr"},
    Reason.SUPPORT_CUT: {"by": "tyr"},
    Reason.CITY_TAKEN: {"by": "venice"},
    Reason.DISLODGED: {"by": "tyr", "dislodged_from": "tyr"},
    Reason.ILLEGAL_NO_UNIT: {"at": "ven"},
    Reason.ILLEGAL_NOT_OWNER: {"owner": "venice"},
    Reason.ILLEGAL_WRONG_KIND: {"actual": "F"},
    Reason.ILLEGAL_UNREACHABLE: {"at": "tyr"},
    Reason.RETREAT_BOUNCED: {"with": "tyr"},
    Reason.CUT: {"granted": "10", "due": "10+2 due Spring 1455"},
    Reason.COLLECTED: {"paid": "12"},
    Reason.DEFAULTED: {"paid": "3"},
    Reason.TOO_LITTLE: {"paid": "3", "needed": "6"},
    Reason.OUTBID: {"paid": "6", "needed": "6"},
    Reason.BRIBE_TOO_SMALL: {"paid": "6", "needed": "9"},
    Reason.ATTEMPT_FAILED: {"paid": "12", "die": "2"},
    Reason.REBELLION_NOT_ALLOWED: {"why": "already_rebelling"},
}


def sample_position() -> Position:
    return Position.build(
        Phase("spring", 1454, PhaseKind.MOVEMENT),
        [
            Unit("milan", UnitKind.ARMY, "mil"),
            Unit("austria", UnitKind.ARMY, "tyr"),
            Unit("venice", UnitKind.FLEET, "ven"),
        ],
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_reason_has_a_sentence_in_both_catalogues(reason: Reason, lang: str) -> None:
    """Each reason code the resolver can give is explained by whole sentences of the catalogue (a reason the
    report forgot raises, or comes out as a code)."""
    board = shipped_board("machiavelli-classic")
    t = Recording(lang)
    sentences = Sentences(Words(board, t), sample_position())
    order = parse_order("A mil-tyr", board)
    entry = Entry("milan", "A mil-tyr", order, reason, reason is Reason.SUCCEEDS, DETAIL.get(reason, {}))
    text = sentences.result(entry)
    assert text and text != reason.value and "%(" not in text
    assert "_" not in reason.value or reason.value not in text  # a code such as no_order never shows
    reason_messages = {k for k in t.used if k[0] is None and not k[1].startswith(("the ", "a ", "an ", "%(place"))}
    assert reason_messages, reason
    assert t.used <= translated_ids("en") and t.used <= translated_ids("fr")


# ---- the demo games -------------------------------------------------------------------------------


def _sentence_patterns(lang: str) -> list[re.Pattern[str]]:
    patterns = []
    for m in catalog(lang):
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            if text:
                escaped = re.escape(text).replace(r"%\(", "%(").replace(r"\)s", ")s").replace(r"\)d", ")d")
                patterns.append(re.compile(PLACEHOLDER.sub(".+", escaped)))
    return patterns


def _records() -> list[tuple[str, str, PhaseRecord]]:
    out = []
    for folder in GAMES:
        game = load_game(folder)
        for turn in game.turns():
            if game.results_path(turn).exists():
                out.append((folder.name, turn, load_phase(game, turn)))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_demo_games_are_reported_and_every_failed_order_explained(lang: str) -> None:
    """Every order of the committed results has its row; each failed order's result is a sentence of the
    catalogue (never a reason code), and the French report says it in French."""
    patterns = _sentence_patterns(lang)
    codes = {r.value for r in Reason}
    failed = 0
    for game, turn, record in _records():
        report = public_report(record, translator(lang))
        rows = {}
        for line in report.splitlines():
            cells = [c.strip() for c in line.strip("|").split(" | ")] if line.startswith("| `") else []
            if cells:
                rows.setdefault(cells[0].strip("`"), []).append(cells)
        for entry in record.entries():
            assert entry.text in rows, (game, turn, entry.text)
            if entry.succeeded:
                continue
            failed += 1
            for _order, meaning, result in rows[entry.text]:
                assert result not in codes and f"({entry.reason.value}" not in result, (game, turn, result)
                assert any(p.fullmatch(result) for p in patterns), (game, turn, result)
                assert meaning and any(p.fullmatch(meaning) for p in patterns), (game, turn, meaning)
            if lang == "fr":
                english = public_report(record, translator("en"))
                assert rows[entry.text][0][2] not in english
    assert failed >= 20  # bounces, dislodgements, a city taken: the demo games fail orders of several kinds


def test_reports_are_the_same_bytes_every_time() -> None:
    """Two runs, the second with the catalogues compiled again, give the same bytes."""

    def everything() -> list[str]:
        out = []
        for _game, _turn, record in _records():
            for lang in LANGUAGES:
                out.append(public_report(record, translator(lang)))
                for power in sorted(record.board.powers):
                    out.append(private_report(record, power, translator(lang)))
        return out

    first = everything()
    i18n.translator.cache_clear()
    assert everything() == first


# ---- known situations, in French ------------------------------------------------------------------


def _record(game: str, turn: str) -> PhaseRecord:
    return load_phase(load_game(ROOT / "games" / game), turn)


def _row(report: str, order: str) -> str:
    return next(line for line in report.splitlines() if line.startswith(f"| `{order}` |"))


def test_french_standoff_names_the_other_army_and_where_it_came_from() -> None:
    """Rule: two armies of equal strength moving to the same space both stay where they are (standoff);
    the report names the other unit and the place it came from ("de Varsovie")."""
    report = public_report(_record("demo", "1901-spring-movement"), translator("fr"))
    assert _row(report, "A vie-gal") == (
        f"| `A vie-gal` | L'armée à Vienne se rend en Galicie. | Échec{NBSP}: rebondit contre l'armée russe venue de "
        "Varsovie. |"
    )
    assert "## Printemps 1901\u00a0: mouvements" in report


def test_french_support_cut_by_an_attack_on_the_supporter() -> None:
    """Rule: a support is cut when the supporting unit is attacked from a space other than the one the supported
    move goes to; the attack itself bounces off the holding supporter. "venue du Tyrol": du, not de le."""
    board = shipped_board("machiavelli-classic")
    rules = board_rules("judge")
    played = Position.build(
        Phase("spring", 1454, PhaseKind.MOVEMENT),
        [
            Unit("milan", UnitKind.ARMY, "mil"),
            Unit("milan", UnitKind.ARMY, "com"),
            Unit("austria", UnitKind.ARMY, "tyr"),
        ],
    )
    orders = [
        ("milan", parse_order("A mil S A com-pav", board)),
        ("milan", parse_order("A com-pav", board)),
        ("austria", parse_order("A tyr-mil", board)),
    ]
    result = adjudicate_movement(board, played, orders, rules=rules)
    record = PhaseRecord(
        board, rules, family_of(rules), played.phase, played, outcomes_to_data(board, played, result.outcomes)
    )
    report = public_report(record, translator("fr"))
    assert _row(report, "A mil S A com-pav") == (
        f"| `A mil S A com-pav` | L'armée à Milan soutient l'armée milanaise à Côme, qui se rend à Pavie. | "
        f"Échec{NBSP}: soutien coupé par l'armée autrichienne venue du Tyrol. |"
    )
    assert _row(report, "A tyr-mil").endswith(f"| Échec{NBSP}: rebondit contre l'armée milanaise à Milan. |")


def test_french_dislodged_unit_and_its_retreats() -> None:
    """Rule: a dislodged unit may retreat to an adjacent space that is empty, was not left empty by a
    standoff, and is not where its attacker came from (here Cremona); the places are joined with "ou"."""
    report = public_report(_record("machiavelli", "1454-fall-movement"), translator("fr"))
    assert (
        "- L'armée autrichienne à Milan est délogée par l'armée milanaise venue de Crémone et peut se retirer à "
        "Bergame, en Carinthie, à Pavie, à Plaisance, à Trente ou au Tyrol."
    ) in report.splitlines()


def test_french_loan_and_private_report() -> None:
    """Rule: a one-year loan costs 20% interest (20 ducats borrowed, 24 repaid a year later, in the same
    season); the private report gives the treasury before and after and the loan."""
    record = load_phase(load_game(ROOT / "games" / "machiavelli"), "1454-spring-movement", private=True)
    report = public_report(record, translator("fr"))
    assert _row(report, "Borrow 20 for 1 year") == (
        f"| `Borrow 20 for 1 year` | Emprunte 20 ducats à la banque pour 1 an. | Réussite{NBSP}: prêt de 20 ducats"
        f"{NBSP}; 24 ducats à rembourser au printemps 1455. |"
    )
    assert "Borrow" not in public_report(
        _record("machiavelli", "1454-spring-movement"), translator("fr")
    )  # secret money
    private = private_report(record, "florence", translator("fr"))
    assert f"- Trésor au moment des ordres{NBSP}: 0 ducat." in private
    assert f"- Trésor après cette phase{NBSP}: 8 ducats." in private
    assert (
        f"- 24 ducats à rembourser au printemps 1455 (emprunt{NBSP}: 20 ducats{NBSP}; intérêts{NBSP}: 4 ducats)."
        in private
    )


def test_french_place_forms_come_from_the_map_data() -> None:
    """ "in" and "from" forms with their articles: à Venise / de Venise, au Tyrol / du Tyrol, en mer Ionienne /
    de la mer Ionienne, dans la mer du Nord / de la mer du Nord (standard map)."""
    t = translator("fr")
    classic = Words(shipped_board("machiavelli-classic"), t)
    assert [classic.in_("ven"), classic.from_("ven")] == ["à Venise", "de Venise"]
    assert [classic.in_("tyr"), classic.from_("tyr")] == ["au Tyrol", "du Tyrol"]
    assert [classic.in_("ion"), classic.from_("ion")] == ["en mer Ionienne", "de la mer Ionienne"]
    assert classic.in_("cro/sc") == "en Croatie (côte sud)"
    standard = Words(shipped_board("standard"), t)
    assert [standard.in_("nth"), standard.from_("nth")] == ["dans la mer du Nord", "de la mer du Nord"]
    assert standard.to("stp/nc") == "à Saint-Pétersbourg (côte nord)"
    english = Words(shipped_board("standard"), translator("en"))
    assert [english.in_("nth"), english.from_("par")] == ["in the North Sea", "from Paris"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(EventKind), ids=lambda k: k.value)
def test_every_event_has_its_sentence_in_both_catalogues(kind: EventKind, lang: str) -> None:
    """Each kind of event a calendar can announce is reported by a sentence of its own, for a place (or a
    power) and for a unit lost, never by the catch-all "Event: ..." that shows the results file's word."""
    _game, _turn, record = next(r for r in _records() if r[0] == "machiavelli")
    report = _Report(record, lang)
    t = Recording(lang)
    report.t = t
    report.w = Words(record.board, t)
    place = "milan" if kind in (EventKind.ASSASSINATION, EventKind.ELIMINATED, EventKind.VICTORY) else "mil"
    unit_lost = {"event": kind.value, "place": "mil", "unit": "A mil", "power": "milan"}
    for event in ({"event": kind.value, "place": place}, unit_lost):
        catch_all = t.gettext("Event: %(event)s %(in_place)s.") % {
            "event": kind.value,
            "in_place": report.w.in_(str(event["place"])),
        }
        text = report.event(event)
        assert text and text != catch_all and "%(" not in text, (event, text)
    assert t.used <= translated_ids("en") and t.used <= translated_ids("fr")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("why", list(SubReason), ids=lambda w: w.value)
def test_every_sub_reason_has_its_own_sentence(why: SubReason, lang: str) -> None:
    """The report says what a sub-reason adds to its reason, in a sentence of its own."""
    board = shipped_board("machiavelli-classic")
    reason = next(r for r, words in CHECK_WORDS.items() if isinstance(words, dict) and why.value in words)
    sentences = Sentences(Words(board, translator(lang)), sample_position())
    order = parse_order("A mil-tyr", board)
    general = sentences.result(Entry("milan", "A mil-tyr", order, reason, False, {}))
    text = sentences.result(Entry("milan", "A mil-tyr", order, reason, False, {"why": why.value}))
    assert text != general and why.value not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bribe_below_its_minimum_is_not_blamed_on_counter_bribes(lang: str) -> None:
    """A bribe that fails with no counter-bribe on its unit was below its minimum and says so; one that
    counter-bribes took under the minimum names them [M 14.3] [M 14.6]."""
    board = shipped_board("machiavelli-classic")
    sentences = Sentences(Words(board, translator(lang)), sample_position())
    order = parse_order("Expense 1: 6 buy G sie", board)
    alone = sentences.result(
        Entry("milan", str(order), order, Reason.BRIBE_TOO_SMALL, False, {"paid": "6", "needed": "9"})
    )
    countered = sentences.result(
        Entry("milan", str(order), order, Reason.BRIBE_TOO_SMALL, False, {"paid": "9", "needed": "9", "counter": "3"})
    )
    assert ("minimum" in alone) and "counter" not in alone.replace("contre", "counter").lower()
    assert "counter" in countered.replace("contre", "counter").lower() and "3" in countered
