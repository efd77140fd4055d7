"""The narrative of `games/catan-six` (tools/catan_six_demo.py), found in its records once it is played:
`narrative/game.md` and `narrative/game.fr.md`, which the game's page shows, say who won and what his points
were made of, and the first turn each mechanism of the variant shows in, with a link to it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from catan_scenes import turn_events

from pipeline.games.catan.outcome import (
    Award,
    Awarded,
    BankShort,
    Built,
    Combat,
    Discarded,
    EffectKind,
    Event,
    ExplorerBoughtOut,
    HexPlaced,
    IslandSettled,
    Produced,
    Reason,
    Side,
    Source,
    SpecialPhase,
    StepDone,
    Traded,
    Won,
)
from pipeline.games.catan.units import UnitKind

SEATS = {
    "orange": ("Orange", "Orange"), "blue": ("Blue", "Bleu"), "white": ("White", "Blanc"), "black": ("Black", "Noir"),
    "sky": ("Sky", "Ciel"), "brown": ("Brown", "Brun"),
}  # fmt: skip
SOURCES = {  # each source of points: its words for one and for more, in English and French, and its worth
    "settlement": (("a settlement (1)", "{n} settlements ({p})"), ("une colonie (1)", "{n} colonies ({p})"), 1),
    "city": (("a city (2)", "{n} cities ({p})"), ("une ville (2)", "{n} villes ({p})"), 2),
    "longest_route": (("the longest route (2)",) * 2, ("la route la plus longue (2)",) * 2, 0),
    "largest_army": (("the largest army (2)",) * 2, ("l'armée la plus puissante (2)",) * 2, 0),
    "card": (
        ("a victory point card (1)", "{n} victory point cards ({p})"),
        ("une carte de point de victoire (1)", "{n} cartes de point de victoire ({p})"),
        1,
    ),
    "islands": (("new islands ({n})",) * 2, ("de nouvelles îles ({n})",) * 2, 0),
}


def _special_build(events: list[Event]) -> bool:
    """A piece built in a special building phase: a `Built` after a `SpecialPhase` and before the next turn."""
    inside = False
    for e in events:
        inside = isinstance(e, SpecialPhase) or (inside and type(e).__name__ != "TurnBegan")
        if inside and isinstance(e, Built):
            return True
    return False


def _twice(events: list[Event]) -> bool:
    combats = [e for e in events if isinstance(e, Combat) and e.unit is UnitKind.MILITARY]
    return any(c.winner is Side.DEFENDER and any(d.at == c.at and d.attacker == c.attacker for d in combats[i + 1 :])
               for i, c in enumerate(combats))  # fmt: skip


def _effect(kind: EffectKind) -> Callable[[list[Event]], bool]:
    return lambda es: any(isinstance(e, Combat) and any(f.kind is kind for f in e.effects) for e in es)


# each mechanism: what shows it in a turn's records, and its words in English and French
# fmt: off
MECHANISMS: list[tuple[Callable[[list[Event]], bool], str, str]] = [
    (lambda es: any(isinstance(e, HexPlaced) and not e.chosen for e in es),
     "a drafted hex none of whose drafter's places was open: it goes on the open cell nearest the centre",
     "un hexagone dont aucune des places classées par son joueur n'était libre : il va sur la case libre la plus "
     "proche du centre"),
    (lambda es: any(type(e).__name__ == "TokensLaid" for e in es),
     "the last hex laid: the land closed by the sea, the tokens and the harbours laid at random",
     "le dernier hexagone posé : la terre fermée par la mer, les jetons et les ports posés au hasard"),
    (_special_build, "a piece built in the special building phase, after another's turn",
     "une pièce bâtie dans la phase de construction spéciale, après le tour d'un autre"),
    (lambda es: any(isinstance(e, Traded) and e.partner for e in es),
     "an offer taken by a standing answer given in the first round",
     "une offre prise par une réponse permanente donnée au premier tour de table"),
    (lambda es: any(isinstance(e, Traded) and e.partner is None and e.rate in (2, 3) for e in es),
     "a trade with the bank through a harbour", "un échange avec la banque par un port"),
    (lambda es: any(isinstance(e, Discarded) for e in es), "cards given back on a 7", "des cartes rendues sur un 7"),
    (lambda es: any(isinstance(e, BankShort) for e in es), "the bank short of a resource: nobody gets it",
     "la banque à court d'une ressource : personne n'en reçoit"),
    (lambda es: any(isinstance(e, Produced) and e.source is Source.WORKER for e in es), "a worker's card",
     "la carte d'un ouvrier"),
    (lambda es: any(isinstance(e, Combat) and e.unit is None for e in es), "a knight card's attack",
     "l'attaque d'une carte chevalier"),
    (lambda es: any(isinstance(e, Awarded) and e.award is Award.LONGEST_ROUTE and e.before and e.player for e in es),
     "the longest route changing hands", "la route la plus longue qui change de mains"),
    (lambda es: any(isinstance(e, Awarded) and e.award is Award.LARGEST_ARMY and e.before and e.player for e in es),
     "the largest army changing hands", "l'armée la plus puissante qui change de mains"),
    (lambda es: any(isinstance(e, ExplorerBoughtOut) for e in es), "an explorer bought out for 2 ore",
     "un explorateur racheté pour 2 minerais"),
    (lambda es: any(isinstance(e, IslandSettled) for e in es), "a new island settled: its bonus",
     "une nouvelle île colonisée : son bonus"),
    (lambda es: any(isinstance(e, Produced) and e.source is Source.CORRUPTION for e in es), "corruption income",
     "le revenu d'une corruption"),
    (lambda es: any(isinstance(e, StepDone) and e.reason is Reason.NO_MARKER_LEFT for e in es),
     "no corruption marker left: both naval counters out",
     "plus de marqueur de corruption : les deux pions navals sont dehors"),
    (lambda es: any(isinstance(e, Combat) and e.unit is UnitKind.MILITARY and e.target is UnitKind.PROTECTION
                    for e in es),
     "a military unit attacking a protection ship across a coast",
     "une unité militaire qui attaque un navire de protection par-delà une côte"),
    (_twice, "one attack a unit: a soldier steps onto the slot a lost one left, and attacks",
     "une attaque par unité : un soldat prend la place d'un autre, perdu, et attaque"),
    (_effect(EffectKind.STATUS_LOST), "a city losing a status", "une ville qui perd un statut"),
    (_effect(EffectKind.REVERTED), "a city beaten back to a settlement", "une ville ramenée à une colonie"),
    (lambda es: any(isinstance(e, Won) for e in es), "the winner", "le vainqueur"),
]
# fmt: on


def first_turns(game: Any) -> list[tuple[str, str, str]]:
    """Each mechanism's first turn, with its words."""
    found: dict[int, str] = {}
    for turn in game.adjudicated():
        events = turn_events(game, turn)
        for i, (test, _, _) in enumerate(MECHANISMS):
            if i not in found and test(events):
                found[i] = turn
    return [(found[i], MECHANISMS[i][1], MECHANISMS[i][2]) for i in sorted(found, key=lambda i: (found[i], i))]


def winner(game: Any) -> tuple[Won, str]:
    for turn in reversed(game.adjudicated()):
        won = [e for e in turn_events(game, turn) if isinstance(e, Won)]
        if won:
            return won[0], turn
    raise SystemExit("the game has no winner")


def _title(game: Any, turn: str, lang: str) -> str:
    from pipeline.shared.i18n import translator

    return game.family.presentation.title(game.setup, turn, translator(lang))


def woken_turn(game: Any) -> str | None:
    """The first turn a city whose counter a lost status woke raises a unit over its quota [K 7.3]: its
    state before says `woken`, its records a unit its owner raised by it."""
    for turn in game.adjudicated():
        before = game.state(turn).state
        woken = {v: b.owner for v, b in before.buildings.items() if b.woken}
        if not woken:
            continue
        board = game.state(turn).board
        for e in turn_events(game, turn):
            if (
                isinstance(e, Built)
                and e.unit is not None
                and any(
                    e.player == owner and board.slot_named(e.at) in board.vertex_slots(v) for v, owner in woken.items()
                )
            ):
                return turn
    return None


def write(game: Any) -> None:
    """narrative/game.md and game.fr.md."""
    won, turn = winner(game)
    woken = woken_turn(game)
    made = {k: n for k, n in won.made_of}
    folder = Path(game.folder) / "narrative"
    folder.mkdir(exist_ok=True)
    shown = first_turns(game)
    if woken:
        shown.append(
            (
                woken,
                "a city's counter woken by its lost status: it raises a unit more",
                "le pion de statut d'une ville réveillé par le statut perdu : elle lève une unité de plus",
            )
        )
        shown.sort(key=lambda s: (game.family.rules.turn_key(s[0]), s[1]))
    for lang, column, name in (("en", 1, "game.md"), ("fr", 2, "game.fr.md")):
        parts = []
        for key, n in made.items():
            words = SOURCES[key][column - 1][0 if n == 1 else 1]
            parts.append(words.format(n=n, p=n * SOURCES[key][2]))
        seat = SEATS[won.player][column - 1]
        if lang == "en":
            head = (f"**{seat} won** in [{_title(game, turn, lang).lower()}]({turn}.md) with {won.points} victory "
                    f"points: {', '.join(parts)}.")  # fmt: skip
            intro = "Where each mechanism of the variant first shows:"
        else:
            head = (f"**{seat} a gagné** au [{_title(game, turn, lang).lower()}]({turn}.md) avec {won.points} "
                    f"points de victoire : {', '.join(parts)}.")  # fmt: skip
            intro = "Où chaque mécanisme de la variante se voit la première fois :"
        lines = [head, "", intro, ""]
        lines += [f"- [{_title(game, t, lang)}]({t}.md) : {words}" if lang == "fr" else
                  f"- [{_title(game, t, lang)}]({t}.md): {words}" for t, *texts in shown
                  for words in [texts[column - 1]]]  # fmt: skip
        (folder / name).write_text("\n".join(lines).replace(" :", "\u00a0:") + "\n" if lang == "fr" else
                                   "\n".join(lines) + "\n")  # fmt: skip
