"""A round's reports as data, every line a message of the catalogues with its values (`said.Said`), so
that the same report reads in English and in French [K 3.3]:

- the **public report**: each turn in the order of play, its roll and what it produced for whom, the
  discards of a 7, trades and the offers refused (and why, partner by partner), builds, moves, every
  combat with both dice and what it did, corruption and sabotage, guards standing down, tokens swapped,
  cards played, the longest route and largest army changing hands, the winner; then everyone's victory
  points. What a player keeps to himself (his hand, the card he drew) is not in it;
- each player's **private report**: his hand before and after the round, his development cards (and the
  one he drew), every step of his script run or skipped and why, what his file's problems were if it
  could not be read, and the pieces he has left.

`Report.markdown(t)` puts a report into words with a translator (`t.gettext`, `t.ngettext`, `t.join`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.escape import markdown_text

from .board import Terrain
from .orders import Offer, TurnOrders
from .outcome import (
    Action,
    Award,
    Awarded,
    BankShort,
    Built,
    CardPlayed,
    Combat,
    Die,
    Discarded,
    Effect,
    EffectKind,
    Event,
    ExplorerBoughtOut,
    GuardResult,
    GuardStood,
    HexPlaced,
    IslandSettled,
    Moved,
    Piece,
    PlacedByDefault,
    Produced,
    Reactivated,
    Reactivates,
    Reason,
    Rolled,
    Side,
    Source,
    SpecialPhase,
    StepDone,
    Swapped,
    Taken,
    TokensLaid,
    Traded,
    TurnBegan,
    Won,
)
from .resources import Hand, Resource
from .said import N_, FileProblem, Gettext, Listed, Said, counted, ngettext, said
from .state import PIECES, Card, CatanState, HeldCard
from .units import Target, UnitKind

# ---- words ---------------------------------------------------------------------------------------------

RESOURCE_WORDS: Mapping[Resource, tuple[str, str]] = {
    Resource.BRICK: ngettext("{count} brick", "{count} brick"),
    Resource.LUMBER: ngettext("{count} lumber", "{count} lumber"),
    Resource.WOOL: ngettext("{count} wool", "{count} wool"),
    Resource.GRAIN: ngettext("{count} grain", "{count} grain"),
    Resource.ORE: ngettext("{count} ore", "{count} ore"),
}
RESOURCE_NAMES: Mapping[Resource, str] = {
    Resource.BRICK: N_("brick"),
    Resource.LUMBER: N_("lumber"),
    Resource.WOOL: N_("wool"),
    Resource.GRAIN: N_("grain"),
    Resource.ORE: N_("ore"),
}
UNIT_NAMES: Mapping[UnitKind, str] = {  # the bare noun, as a table's cell or after "of"
    UnitKind.MILITARY: N_("military unit"),
    UnitKind.ASSAULT: N_("assault troop"),
    UnitKind.GUARD: N_("guard"),
    UnitKind.WORKER: N_("worker"),
    UnitKind.BARBARIAN: N_("barbarian"),
    UnitKind.EXPLORER: N_("explorer"),
    UnitKind.DIPLOMAT: N_("diplomat"),
    UnitKind.REFORMER: N_("reformer"),
    UnitKind.PIRATE: N_("pirate"),
    UnitKind.PROTECTION: N_("protection ship"),
}
A_UNIT: Mapping[UnitKind, str] = {  # with its article
    UnitKind.MILITARY: N_("a military unit"),
    UnitKind.ASSAULT: N_("an assault troop"),
    UnitKind.GUARD: N_("a guard"),
    UnitKind.WORKER: N_("a worker"),
    UnitKind.BARBARIAN: N_("a barbarian"),
    UnitKind.EXPLORER: N_("an explorer"),
    UnitKind.DIPLOMAT: N_("a diplomat"),
    UnitKind.REFORMER: N_("a reformer"),
    UnitKind.PIRATE: N_("a pirate"),
    UnitKind.PROTECTION: N_("a protection ship"),
}
TARGET_NAMES: Mapping[Target, str] = {
    Target.CITY: N_("city"),
    Target.SETTLEMENT: N_("settlement"),
    Target.ROUTE_SHIP: N_("ship of a route"),
}
CARD_NAMES: Mapping[Card, str] = {
    Card.KNIGHT: N_("a knight"),
    Card.VICTORY_POINT: N_("a victory point"),
    Card.ROAD_BUILDING: N_("road building"),
    Card.YEAR_OF_PLENTY: N_("year of plenty"),
    Card.MONOPOLY: N_("monopoly"),
}
SOURCE_NAMES: Mapping[Source, str] = {
    Source.SETTLEMENT: N_("settlement"),
    Source.CITY: N_("city"),
    Source.WORKER: N_("worker"),
    Source.BARBARIAN: N_("barbarian"),
    Source.CORRUPTION: N_("corruption marker"),
    Source.START: N_("second settlement"),
    Source.QUICK_START: N_("starting hand"),
}
ACTION_NAMES: Mapping[Action, str] = {
    Action.OFFER: N_("offer"),
    Action.BANK: N_("trade with the bank"),
    Action.ROAD: N_("road"),
    Action.SHIP: N_("ship"),
    Action.SETTLEMENT: N_("settlement"),
    Action.CITY: N_("city"),
    Action.STATUS: N_("status"),
    Action.WALLS: N_("walls"),
    Action.CARD: N_("development card"),
    Action.UNIT: N_("new unit"),
    Action.REACTIVATE: N_("reactivation"),
    Action.PLAY: N_("card played"),
    Action.MOVE: N_("move"),
    Action.MOVE_SHIP: N_("ship moved"),
    Action.MOVE_EXPLORER: N_("explorer moved"),
    Action.ATTACK: N_("attack"),
    Action.KNIGHT: N_("knight"),
    Action.SWAP: N_("tokens swapped"),
}
REASON_WORDS: Mapping[Reason, str] = {
    Reason.ROLL_DIFFERS: N_("the roll is not one the step waits for"),
    Reason.HAND_SHORT: N_("the hand does not hold what the step waits for"),
    Reason.AFTER_NOT_DONE: N_("the step it follows did not run"),
    Reason.UNLESS_DONE: N_("the step it depends on ran"),
    Reason.WON_NOT_MET: N_("the attack it follows was not won"),
    Reason.LOST_NOT_MET: N_("the attack it follows was not lost"),
    Reason.GAME_OVER: N_("the game is over"),
    Reason.CANNOT_AFFORD: N_("the hand cannot pay for it"),
    Reason.BANK_LACKS: N_("the bank lacks the cards"),
    Reason.NO_PIECE_LEFT: N_("no piece of that kind is left"),
    Reason.NO_COUNTER_LEFT: N_("no counter of that kind is left"),
    Reason.NO_MARKER_LEFT: N_(
        "no corruption marker is left: it is the back of a pirate, and both naval counters are on the board"
    ),
    Reason.NOT_LAND: N_("not on land"),
    Reason.NOT_SEA: N_("not on the sea"),
    Reason.OCCUPIED: N_("the place is taken"),
    Reason.DISTANCE_RULE: N_("too near another building (the distance rule)"),
    Reason.NOT_START_ISLAND: N_("not on an island the placement starts on"),
    Reason.NOT_CONNECTED: N_("not connected to the player's roads, ships or buildings"),
    Reason.NOT_OWN_SETTLEMENT: N_("not one of the player's settlements"),
    Reason.NOT_OWN_CITY: N_("not one of the player's cities"),
    Reason.NOT_OWN_BUILDING: N_("not one of the player's buildings"),
    Reason.STATUS_MAX: N_("the city's status is already 4"),
    Reason.HAS_WALLS: N_("the city has its walls already"),
    Reason.QUOTA_FULL: N_("the city has raised all the units its status allows"),
    Reason.SABOTAGED: N_("the city is sabotaged"),
    Reason.SETTLEMENT_UNIT: N_("a settlement raises one assault troop at a time and nothing else"),
    Reason.CITY_ONLY: N_("only a city raises that"),
    Reason.NOT_COASTAL: N_("the building is not on the sea"),
    Reason.NOT_AROUND: N_("the slot is not one of the six round the building"),
    Reason.HEX_FULL: N_("the hex holds as many units as it may"),
    Reason.EXPLORER_THERE: N_("an explorer stands there"),
    Reason.NO_POST: N_("no corruption marker or sabotage of the player's city is there"),
    Reason.POST_TAKEN: N_("a guard holds that post already"),
    Reason.NO_UNIT: N_("no unit is there"),
    Reason.NOT_YOURS: N_("the unit is another player's"),
    Reason.INACTIVE: N_("the unit is inactive"),
    Reason.ALREADY_ACTIVE: N_("the unit is active already"),
    Reason.NO_REACTIVATION: N_("that unit is not reactivated so"),
    Reason.ALREADY_MOVED: N_("the unit has moved this turn already"),
    Reason.ALREADY_ATTACKED: N_("the unit has attacked this turn already"),
    Reason.MOVED_THIS_TURN: N_("the unit moved this turn and may not attack"),
    Reason.CANNOT_MOVE: N_("that unit does not move"),
    Reason.TOO_FAR: N_("too far for the unit"),
    Reason.NOT_NEXT: N_("not next to it"),
    Reason.ENEMY_IN_WAY: N_("an enemy stands in the way"),
    Reason.CANNOT_ATTACK: N_("that unit may not attack that target"),
    Reason.NO_TARGET: N_("there is nothing to attack there"),
    Reason.OWN_TARGET: N_("the target is the player's own"),
    Reason.NOT_END_SHIP: N_("not the ship at the open end of a route"),
    Reason.SHIP_BUILT_THIS_TURN: N_("the ship was built this turn"),
    Reason.SHIP_MOVED: N_("a ship has moved this turn already"),
    Reason.SAME_HEX: N_("both reformers are on one hex"),
    Reason.NO_TOKEN: N_("a hex has no number token"),
    Reason.NO_PARTNER: N_("nobody took the offer"),
    Reason.NO_ANSWER: N_("no standing answer takes it"),
    Reason.PARTNER_LACKS: N_("lacks the cards"),
    Reason.NOT_A_PLAYER: N_("not a player of the game"),
    Reason.NO_CARD: N_("the player holds no such card"),
    Reason.CARD_NEW: N_("the card was bought this turn"),
    Reason.CARD_PLAYED: N_("a card has been played this turn already"),
    Reason.DECK_EMPTY: N_("the deck is empty"),
    Reason.CHOICE_NEEDED: N_("the step names neither corrupt nor sabotage"),
    Reason.SPECIAL_NO_UNITS: N_("units are raised and reactivated in their owner's own turn, not between turns"),
    Reason.NO_SPECIAL_PHASE: N_("no special building phase came for it this round"),
}
EFFECT_WORDS: Mapping[EffectKind, str] = {
    EffectKind.REMOVED: N_("back to the reserve: {what}"),
    EffectKind.DEACTIVATED: N_("turned inactive: {what}"),
    EffectKind.STATUS_LOST: N_("one status lost: {what}"),
    EffectKind.REVERTED: N_("back to a settlement: {what}"),
    EffectKind.WALLS_LOST: N_("walls lost: {what}"),
    EffectKind.CORRUPTED: N_("a corruption marker on {at}, against {player}"),
    EffectKind.SABOTAGED: N_("sabotaged: {what}"),
    EffectKind.SHIP_REMOVED: N_("ship removed: {what}"),
    EffectKind.CARD_FACE_UP: N_("the knight card face up before {player}"),
    EffectKind.CARD_RETURNED: N_("the knight card back into the deck"),
}
WINNERS: Mapping[Side, str] = {
    Side.ATTACKER: N_("the attacker wins"),
    Side.DEFENDER: N_("the defender wins"),
    Side.TIE: N_("a tie"),
}
AWARDS: Mapping[Award, tuple[str, str]] = {
    Award.LONGEST_ROUTE: (N_("{player} takes the longest route ({size})"), N_("nobody holds the longest route now")),
    Award.LARGEST_ARMY: (N_("{player} takes the largest army ({size})"), N_("nobody holds the largest army now")),
}
PIECE_NAMES: Mapping[str, tuple[str, str]] = {  # each with its count
    "settlement": ngettext("{count} settlement", "{count} settlements"),
    "city": ngettext("{count} city", "{count} cities"),
    "road": ngettext("{count} road", "{count} roads"),
    "ship": ngettext("{count} ship", "{count} ships"),
    "walls": ngettext("{count} wall", "{count} walls"),
}


SEAT_NAMES: Mapping[str, str] = {  # the seats of a game, by their pieces' colours (`state.SEATS`)
    "orange": N_("Orange"),
    "blue": N_("Blue"),
    "white": N_("White"),
    "black": N_("Black"),
    "sky": N_("Sky"),
    "brown": N_("Brown"),
}


TERRAIN_NAMES: Mapping[Terrain, str] = {
    Terrain.HILLS: N_("hills"),
    Terrain.FOREST: N_("forest"),
    Terrain.PASTURE: N_("pasture"),
    Terrain.FIELDS: N_("fields"),
    Terrain.MOUNTAINS: N_("mountains"),
    Terrain.GOLD: N_("gold field"),
    Terrain.DESERT: N_("desert"),
    Terrain.SEA: N_("sea"),
}


def seat_name(player: str) -> Said | str:
    """A seat as the reader's language names it (a seat that is no colour as it is)."""
    return said(SEAT_NAMES[player]) if player in SEAT_NAMES else player


def hand_words(hand: Hand) -> Said:
    """``2 ore and 1 wool``, or ``nothing``."""
    if not hand:
        return said(N_("nothing"))
    return said("{cards}", cards=Listed(tuple(counted(*RESOURCE_WORDS[r], n) for r, n in hand.items())))


def _unit(kind: UnitKind | None) -> Said:
    return said(A_UNIT[kind]) if kind is not None else said(N_("the knight card"))


def _die(d: Die) -> Said:
    if d.bonus:
        return said(
            N_("d{sides} {value} + {bonus} = {total}"), sides=d.sides, value=d.value, bonus=d.bonus, total=d.total
        )
    return said(N_("d{sides} {value}"), sides=d.sides, value=d.value)


def _target(target: UnitKind | Target) -> Said:
    return said(UNIT_NAMES[target] if isinstance(target, UnitKind) else TARGET_NAMES[target])


def _effect(e: Effect) -> Said:
    noun = said(UNIT_NAMES[e.unit]) if e.unit is not None else said(N_("building"))
    what = said(N_("{noun} of {player} at {at}"), noun=noun, player=seat_name(e.player), at=e.at)
    return said(EFFECT_WORDS[e.kind], what=what, at=e.at, player=seat_name(e.player))


# ---- the report ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    heading: Said
    lines: tuple[Said, ...]


@dataclass(frozen=True)
class Report:
    title: Said
    sections: tuple[Section, ...]

    def markdown(self, t: Gettext) -> str:
        """The report in words: a title, then each section's heading and its lines as a list; every value
        (a seat, a place, what a player's file held) escaped for the Markdown (`markdown_text`)."""
        out = [f"## {capital(self.title.words(t, markdown_text))}", ""]
        for section in self.sections:
            out += [f"### {capital(section.heading.words(t, markdown_text))}", ""]
            out += [f"- {capital(line.words(t, markdown_text))}" for line in section.lines] or ["-"]
            out.append("")
        return "\n".join(out)


def capital(text: str) -> str:
    """The first letter in upper case (a title, a heading, a line of a report)."""
    return text[:1].upper() + text[1:]


def event_line(event: Event, offers: Mapping[tuple[str, int], Offer]) -> Said | None:
    """One record of the round in words, as the public report says it (None: nothing public to say)."""
    if isinstance(event, StepDone):
        return _refused_offer(event, offers)
    line = _EVENT_LINES.get(type(event))
    return line(event) if line is not None else None


def _hex_placed(event: HexPlaced) -> Said:
    template = (
        N_("{player} lays {terrain} on {hex}")
        if event.chosen
        else N_("{player} lays {terrain} on {hex}, the first open hex: none of his choices was open")
    )
    return said(template, player=seat_name(event.player), terrain=said(TERRAIN_NAMES[event.terrain]), hex=event.hex)


def _tokens_laid(event: TokensLaid) -> Said:
    return said(N_("the number tokens are laid at random on the {count} producing hexes"), count=event.count)


def _rolled(event: Rolled) -> Said:
    a, b = event.dice
    return said(N_("{player} rolls {a} and {b}: {total}"), player=seat_name(event.player), a=a, b=b, total=event.total)


def _produced(event: Produced) -> Said:
    if event.source is Source.QUICK_START:
        return said(
            N_("{player} receives {cards}, the starting hand"),
            player=seat_name(event.player),
            cards=hand_words(event.cards),
        )
    return said(
        N_("{player} receives {cards} from {hex} ({source} at {at})"),
        player=seat_name(event.player),
        cards=hand_words(event.cards),
        hex=event.hex,
        source=said(SOURCE_NAMES[event.source]),
        at=event.at,
    )


def _bank_short(event: BankShort) -> Said:
    return said(
        N_("the bank lacks {resource} ({owed} owed): nobody receives any"),
        resource=said(RESOURCE_NAMES[event.resource]),
        owed=event.owed,
    )


def _placed_by_default(event: PlacedByDefault) -> Said:
    if not event.tried:
        return said(
            N_("{player} ranked no placement choice: his settlement goes on the first open corner of the board"),
            player=seat_name(event.player),
        )
    return counted(
        *ngettext(
            "{player}'s placement choice could not be taken (taken by another, too close to a settlement, or off "
            "the start islands): his settlement goes on the first open corner of the board",
            "none of {player}'s {count} placement choices could be taken (taken by others, too close to a "
            "settlement, or off the start islands): his settlement goes on the first open corner of the board",
        ),
        event.tried,
        player=seat_name(event.player),
    )


def _no_discard(discards: bool) -> Said:
    """What a 7 did when nobody gave cards back: nobody held more than his limit, or 7s take none."""
    if discards:
        return said(N_("a 7 produces nothing, and nobody holds more cards than his limit: nobody gives any back"))
    return said(N_("a 7 produces nothing"))


def _discarded(event: Discarded) -> Said:
    return said(
        N_("{player} gives back {cards} on the 7"), player=seat_name(event.player), cards=hand_words(event.cards)
    )


def _traded(event: Traded) -> Said:
    if event.partner is None:
        return said(
            N_("{player} trades {gave} with the bank for {got} ({rate} for 1)"),
            player=seat_name(event.player),
            gave=hand_words(event.gave),
            got=hand_words(event.got),
            rate=event.rate,
        )
    return said(
        N_("{player} gives {gave} to {partner} for {got}"),
        player=seat_name(event.player),
        partner=seat_name(event.partner),
        gave=hand_words(event.gave),
        got=hand_words(event.got),
    )


def _bought_out(event: ExplorerBoughtOut) -> Said:
    return said(
        N_("{player} builds on the explorer of {owner} at {at} and pays {owner} {paid}"),
        player=seat_name(event.player),
        owner=seat_name(event.owner),
        at=event.at,
        paid=hand_words(event.paid),
    )


def _reactivated(event: Reactivated) -> Said:
    return said(
        N_("{player} reactivates {unit} at {at} for {paid}"),
        player=seat_name(event.player),
        unit=said(A_UNIT[event.unit]),
        at=event.at,
        paid=hand_words(event.paid),
    )


def _moved(event: Moved) -> Said:
    path = " → ".join(event.path)
    if event.unit is None:
        return said(N_("{player} moves a ship of a route: {path}"), player=seat_name(event.player), path=path)
    return said(
        N_("{player} moves {unit}: {path}"),
        player=seat_name(event.player),
        unit=said(A_UNIT[event.unit]),
        path=path,
    )


def _guard_stood(event: GuardStood) -> Said:
    gone = N_("the guard of {player} at {city} stands down after three turns: the marker on {hex} is gone")
    back = N_("the guard of {player} at {city} stands down after three turns: the city's counter is active again")
    template = gone if event.result is GuardResult.MARKER_REMOVED else back
    return said(template, player=seat_name(event.player), city=event.city, hex=event.hex or "")


def _reactivates(event: Reactivates) -> Said:
    return said(N_("the pirate of {player} at {at} is active again"), player=seat_name(event.player), at=event.at)


def _swapped(event: Swapped) -> Said:
    (h1, h2), (t1, t2) = event.hexes, event.tokens
    return said(
        N_("the reformers of {player} swap the number tokens of {a} and {b}: {a} now {ta}, {b} {tb}"),
        player=seat_name(event.player),
        a=h1,
        b=h2,
        ta=t1,
        tb=t2,
    )


def _taken(event: Taken) -> Said:
    return said(
        N_("{player} gives {cards} to {by} (monopoly)"),
        player=seat_name(event.player),
        by=seat_name(event.by),
        cards=hand_words(event.cards),
    )


def _awarded(event: Awarded) -> Said:
    took, lost = AWARDS[event.award]
    return said(took, player=seat_name(event.player), size=event.size) if event.player else said(lost)


def _special_phase(event: SpecialPhase) -> Said:
    return said(N_("the special building phase after the turn of {player}"), player=seat_name(event.after))


def _island_settled(event: IslandSettled) -> Said:
    return counted(
        *ngettext(
            "{player} settles a new island, that of {hex}, first: {count} victory point",
            "{player} settles a new island, that of {hex}, first: {count} victory points",
        ),
        event.points,
        player=seat_name(event.player),
        hex=said(N_("hex {hex}"), hex=event.island),
    )


def _won(event: Won) -> Said:
    return said(
        N_("{player} reaches {points} victory points and wins the game: {why}"),
        player=seat_name(event.player),
        points=event.points,
        why=_why(event),
    )


WHY: Mapping[str, tuple[tuple[str, str], int]] = {  # each source of points in words, and what one is worth
    "settlement": (ngettext("{count} settlement", "{count} settlements"), 1),
    "city": (ngettext("{count} city", "{count} cities"), 2),
    "card": (ngettext("{count} victory point card", "{count} victory point cards"), 1),
}
TITLES: Mapping[str, str] = {"longest_route": N_("the longest route (2)"), "largest_army": N_("the largest army (2)")}


def _why(won: Won) -> Listed:
    """What a winner's points are made of [K 17.1] [K 17.6]."""
    parts: list[Said] = []
    for source, count in won.made_of:
        if source in WHY:
            (one, many), worth = WHY[source]
            parts.append(said(N_("{what} ({points})"), what=counted(one, many, count), points=count * worth))
        elif source in TITLES:
            parts.append(said(TITLES[source]))
        else:
            parts.append(said(N_("new islands ({points})"), points=count))
    return Listed(tuple(parts))


def _refusals(step: StepDone) -> Listed:
    """Why each partner refused an offer, partner by partner."""
    return Listed(
        tuple(
            said(N_("{partner}: {reason}"), partner=seat_name(p), reason=said(REASON_WORDS[r]))
            for p, r in step.refusals
        )
    )


def _refused_offer(step: StepDone, offers: Mapping[tuple[str, int], Offer]) -> Said | None:
    offer = offers.get((step.player, step.index))
    if offer is None or step.reason is None:
        return None
    if step.reason is Reason.NO_PARTNER:
        why: Said = said("{refusals}", refusals=_refusals(step))
    else:
        why = said(REASON_WORDS[step.reason])
    return said(
        N_("{player} offers {give} for {get}, refused ({why})"),
        player=seat_name(step.player),
        give=hand_words(offer.give),
        get=hand_words(offer.get),
        why=why,
    )


BUILT: Mapping[Piece, str] = {
    Piece.ROAD: N_("{player} builds a road on {at}"),
    Piece.SHIP: N_("{player} builds a ship on {at}"),
    Piece.SETTLEMENT: N_("{player} builds a settlement on {at}"),
    Piece.CITY: N_("{player} builds a city on {at} (status {status})"),
    Piece.STATUS: N_("{player} raises the status of the city on {at} to {status}"),
    Piece.WALLS: N_("{player} builds walls round the city on {at}"),
    Piece.CARD: N_("{player} buys a development card"),
    Piece.UNIT: N_("{player} raises {unit} on {at}"),
}


def _built(event: Built) -> Said:
    unit = said(A_UNIT[event.unit]) if event.unit is not None else ""
    what = said(BUILT[event.piece], player=seat_name(event.player), at=event.at, status=event.status, unit=unit)
    if event.free:
        return said(N_("{what} (free)"), what=what)
    return said(N_("{what}, for {paid}"), what=what, paid=hand_words(event.paid))


def _combat(c: Combat) -> Said:
    if c.unit is None:
        attacker = said(N_("{player} plays a knight"), player=seat_name(c.attacker))
    else:
        attacker = said(
            N_("{player} attacks with {unit} from {at}"), player=seat_name(c.attacker), unit=_unit(c.unit), at=c.at
        )
    target = said(
        N_("{target} of {player} at {at}"), target=_target(c.target), player=seat_name(c.defender), at=c.target_at
    )
    fight = said(
        N_("{attacker} against the {target}: {attack} against {defence}, {winner}"),
        attacker=attacker,
        target=target,
        attack=_die(c.attack),
        defence=_die(c.defence),
        winner=said(WINNERS[c.winner]),
    )
    if not c.effects:
        return fight
    return said(N_("{fight}; {effects}"), fight=fight, effects=Listed(tuple(_effect(e) for e in c.effects)))


def _card_played(event: CardPlayed) -> Said:
    if event.card is Card.YEAR_OF_PLENTY:
        return said(
            N_("{player} plays year of plenty and takes {cards}"),
            player=seat_name(event.player),
            cards=hand_words(event.took),
        )
    if event.card is Card.MONOPOLY and event.resource is not None:
        return said(
            N_("{player} plays a monopoly on {resource}"),
            player=seat_name(event.player),
            resource=said(RESOURCE_NAMES[event.resource]),
        )
    return said(N_("{player} plays {card}"), player=seat_name(event.player), card=said(CARD_NAMES[event.card]))


# each kind of record by its type: how the public report says it (`event_line`; a step its own way)
_EVENT_LINES: Mapping[type, Callable[[Any], Said | None]] = {
    HexPlaced: _hex_placed,
    TokensLaid: _tokens_laid,
    Rolled: _rolled,
    Produced: _produced,
    BankShort: _bank_short,
    Discarded: _discarded,
    Traded: _traded,
    Built: _built,
    ExplorerBoughtOut: _bought_out,
    Reactivated: _reactivated,
    Moved: _moved,
    Combat: _combat,
    GuardStood: _guard_stood,
    Reactivates: _reactivates,
    Swapped: _swapped,
    CardPlayed: _card_played,
    Taken: _taken,
    Awarded: _awarded,
    SpecialPhase: _special_phase,
    IslandSettled: _island_settled,
    Won: _won,
    PlacedByDefault: _placed_by_default,
}


def _turns(events: Iterable[Event]) -> list[tuple[str | None, list[Event]]]:
    """The records cut into turns (the placement's records, before any turn, under None)."""
    out: list[tuple[str | None, list[Event]]] = [(None, [])]
    for e in events:
        if isinstance(e, TurnBegan):
            out.append((e.player, []))
        else:
            out[-1][1].append(e)
    return [(p, es) for p, es in out if p is not None or es]


def _turn_lines(events: Sequence[Event], offers: Mapping[tuple[str, int], Offer], discards: bool) -> list[Said]:
    """A turn's records in words; after a roll of 7 that nobody gave cards back on, why nothing happened."""
    lines = []
    for n, event in enumerate(events):
        line = event_line(event, offers)
        if line is not None:
            lines.append(line)
        if isinstance(event, Rolled) and event.total == 7:
            given = next((e for e in events[n + 1 :] if isinstance(e, (Discarded, Rolled))), None)
            if not isinstance(given, Discarded):
                lines.append(_no_discard(discards))
    return lines


def offers_of(orders: Mapping[str, TurnOrders]) -> dict[tuple[str, int], Offer]:
    """Every offer of the players' scripts, by player and step: what a refused offer's line says."""
    return {(p, s.index): s.order for p, o in orders.items() for s in o.steps if isinstance(s.order, Offer)}


def public_report(
    round_no: int,
    points: Mapping[str, int],
    events: Sequence[Event],  # read twice: by turn, and for the title
    offers: Mapping[tuple[str, int], Offer] | None = None,
    hands: Mapping[str, Hand] | None = None,
    discards: bool = True,
) -> Report:
    """The round's public report: each turn's records in words (a 7 nobody gave cards back on said so:
    `discards`, the game's rule that hands over the limit are halved on a 7), then everyone's victory points
    (`points`, in the order of the seats), and with open hands [K 3.3] every hand at the end of the round."""
    sections = []
    for player, turn in _turns(events):
        if player:
            heading = said(N_("the turn of {player}"), player=seat_name(player))
        elif any(isinstance(e, HexPlaced) for e in turn):
            heading = said(N_("the board"))
        else:
            heading = said(N_("the placement"))
        lines = tuple(_turn_lines(turn, offers or {}, discards))
        sections.append(Section(heading, lines))
    lines = tuple(
        counted(
            *ngettext("{player}: {count} victory point", "{player}: {count} victory points"), n, player=seat_name(p)
        )
        for p, n in points.items()
    )
    sections.append(Section(said(N_("victory points")), lines))
    if hands is not None:
        held = tuple(said(N_("{player}: {cards}"), player=seat_name(p), cards=hand_words(h)) for p, h in hands.items())
        sections.append(Section(said(N_("the hands, open")), held))
    title = said(N_("round {round}"), round=round_no) if round_no else said(N_("the initial placement"))
    if any(isinstance(e, HexPlaced) for e in events):
        title = said(N_("the board"))
    return Report(title, tuple(sections))


@dataclass(frozen=True)
class Private:
    """What a player's private report says besides the round's records: his hands before and after, his
    development cards, the knights before him, his pieces left and his points."""

    hand_before: Hand
    hand_after: Hand
    cards: tuple[HeldCard, ...]
    knights: int
    pieces: Mapping[str, int]
    points: int


def private_view(player: str, before: CatanState, after: CatanState) -> Private:
    table = after.table()
    p = after.players[player]
    pieces = {piece: table.pieces_left(player, piece) for piece in PIECES}
    return Private(before.players[player].hand, p.hand, p.cards, p.knights, pieces, after.points(player))


def step_line(step: StepDone) -> Said:
    action = said(ACTION_NAMES[step.action])
    if step.reason is None:
        return said(N_("step {index} ({action}): done"), index=step.index, action=action)
    why = said(REASON_WORDS[step.reason])
    if step.missing:
        why = said(N_("{why}: {missing} missing"), why=why, missing=hand_words(step.missing))
    if step.refusals:
        why = said(N_("{why}: {refusals}"), why=why, refusals=_refusals(step))
    return said(N_("step {index} ({action}): skipped, {why}"), index=step.index, action=action, why=why)


def private_report(
    player: str,
    round_no: int,
    view: Private,
    events: Iterable[Event],
    problems: tuple[FileProblem, ...] = (),
    answers: tuple[Said, ...] = (),
) -> Report:
    """What only `player` reads of the round: his hands, his cards, his script's steps, his file's
    problems, his standing answers [K 3.1] (`answers`, in words), his pieces left."""
    events = list(events)
    hand = (
        said(N_("hand at the start of the round: {cards}"), cards=hand_words(view.hand_before)),
        said(N_("hand at the end of the round: {cards}"), cards=hand_words(view.hand_after)),
    )
    cards: list[Said] = [
        said(N_("{card}, bought in round {round}"), card=said(CARD_NAMES[c.card]), round=c.bought) for c in view.cards
    ]
    cards += [
        said(N_("drawn this round: {card}"), card=said(CARD_NAMES[e.card]))
        for e in events
        if isinstance(e, Built) and e.player == player and e.card is not None
    ]
    if view.knights:
        cards.append(said(N_("knights face up: {count}"), count=view.knights))
    steps = [step_line(e) for e in events if isinstance(e, StepDone) and e.player == player]
    if problems:
        steps = [said(N_("your file could not be read, and your turn was played without it:"))]
        steps += [_problem_line(p) for p in problems]
    elif not steps:
        steps = [said(N_("no steps"))]
    pieces = said(
        N_("pieces left: {pieces}"),
        pieces=Listed(tuple(counted(*PIECE_NAMES[p], view.pieces.get(p, 0)) for p in PIECES)),
    )
    points = counted(*ngettext("{count} victory point", "{count} victory points"), view.points)
    title = (
        said(N_("round {round}, for {player}"), round=round_no, player=seat_name(player))
        if round_no
        else said(N_("the initial placement, for {player}"), player=seat_name(player))
    )
    return Report(
        title,
        (
            Section(said(N_("your hand")), hand),
            Section(said(N_("your development cards")), tuple(cards) or (said(N_("none")),)),
            Section(said(N_("your script")), tuple(steps)),
            Section(
                said(N_("your standing answers")),
                answers or (said(N_("none: you take no trade, and give back and take gold as the rules say")),),
            ),
            Section(said(N_("your pieces")), (pieces, points)),
        ),
    )


def draft_report(player: str, number: int, events: Iterable[Event], problems: tuple[FileProblem, ...]) -> Report:
    """What the drafter of a hex reads of his turn [K 1.6]: where his hex went, and why his file could not
    be read if it could not."""
    lines = [line for e in events if isinstance(e, HexPlaced) and (line := event_line(e, {})) is not None]
    if problems:
        lines = [said(N_("your file could not be read: your hex went on the first open place")), *lines]
        lines += [_problem_line(p) for p in problems]
    title = said(N_("the board: hex {number}, for {player}"), number=number, player=seat_name(player))
    return Report(title, (Section(said(N_("your hex")), tuple(lines)),))


def _problem_line(p: FileProblem) -> Said:
    if p.line:
        return said(N_("line {line}, {where}: {what}"), line=p.line, where=p.where, what=p.what)
    return said(N_("{where}: {what}"), where=p.where or "-", what=p.what)
