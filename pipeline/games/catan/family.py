"""Klarfeld's Catan as a family of the pipeline (`GameFamily`): a game folder plays its board a round a turn.

- The setup is a board file (`boards/<name>.yaml`, `layout.Layout`); the options are `CatanOptions`, with
  game.yaml's `options:` over the defaults [K 19]. The powers are the seats, named by their pieces'
  colours (`SEATS`: orange, blue, white, black, sky, brown), as many as the board takes at most, in the
  order of play.
- The first turn, ``r00``, is the placement (its files hold the ranked choices, `setup.py`); then ``r01``,
  ``r02``... a round each, every seat's turn in order (`turn.play_round`).
- The state file is the public part of the state: every hand and the development cards as their counts
  [K 3.3], the deck as its size; the hands, the cards and the deck are the secret part storage encrypts
  beside it. A drawn board keeps its drawn hexes in the state (`laid`).
- A round's records go where they may be read: the public results (every record but a player's script's
  steps and the card he drew), each player's private report (his steps, his card, his hands, cards and
  pieces), each die where its audience reads it (`shared.dice.shares`): the public results, but the
  development cards' draws, which would tell the card and the deck, in the game master's record until the
  game ends.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pipeline.errors import DataError, Problem
from pipeline.escape import markdown_text
from pipeline.games.contract import (
    MASTER,
    Data,
    GameFamily,
    GameOver,
    Presentation,
    Profile,
    ReadOrders,
    Rules,
    StateData,
    Table,
    Translations,
    TurnResult,
)
from pipeline.shared.dice import Dice, shares
from pipeline.shared.options import OptionSet

from . import cases, draft
from .answers import NO_ANSWERS, Answers, answers_to_data, stand
from .board import Board, Edge, Harbour, Hex, Slot, Terrain, Vertex, cell_place
from .checks import draft_warnings, placement_warnings, script_warnings
from .codec import event_from_data, event_to_data, state_from_data, state_to_data
from .draft import Draft
from .drawing import PALETTE, render
from .file_words import answers_said, choice_said, draft_said, steps_said
from .form import order_form
from .layout import Layout, draw_board, layout_from_data
from .legal import legal_orders
from .option_words import option_words
from .options import DEFAULT_OPTIONS, CatanOptions, HexPlacement, TurnFiles, options_from_data
from .orders import Offer, TurnOrders, orders_from_data
from .outcome import Action, Built, Event, HexPlaced, StepDone
from .report import (
    RESOURCE_NAMES,
    Private,
    capital,
    draft_report,
    offers_of,
    private_report,
    private_view,
    public_report,
    seat_name,
)
from .resources import Hand, hand_from_data, resource_named
from .said import N_, FileProblem, FileProblems, Said, said
from .setup import Choice, play_setup, setup_orders_from_data
from .state import SEATS, Card, CatanState, HeldCard, new_state
from .turn import next_seat, play_player_turn, play_round

# The turn ids, each matched whole: a round, or a player-turn of it (`r03-2`: its second seat's), and a
# seat's hex of a drafted board [K 1.6].
TURN = re.compile(r"r([0-9]{2,})(?:-([0-9]))?")
DRAFT_TURN = re.compile(r"h([0-9]{2,})")
PLACEMENT = "r00"


@dataclasses.dataclass(frozen=True)
class DraftChoice:
    """A seat's file for a draft turn: the drawn hexes it would lay its hex on, ranked [K 1.6]."""

    ranked: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Placement:
    """A seat's file for the placement rounds: its ranked choices and its gold answers [K 18.2]."""

    choices: tuple[Choice, ...] = ()
    answers: Answers = dataclasses.field(default_factory=Answers)


@dataclasses.dataclass(frozen=True)
class Unread:
    """A seat's file that cannot be read: its problems, kept as messages so that its private report says
    them in the reader's language; its turn is played without steps [K 3.4]."""

    problems: tuple[FileProblem, ...]


@dataclasses.dataclass(frozen=True)
class CatanGame:
    """The state of a game between two turns: the board as laid, the state, and whether the placement is
    played."""

    board: Board
    state: CatanState
    placed: bool = False
    open_hands: bool = False  # every hand in the public state [K 3.3]
    player_turns: bool = False  # a file a player-turn, not a round [K 3.1]
    draft: Draft | None = None  # the board being drafted, before the placement [K 1.6]
    hands_known: bool = dataclasses.field(default=True, compare=False)  # read with its secret part, or open hands

    @property
    def turn(self) -> str:
        if self.draft is not None:
            return draft.turn_id(self.draft)
        if not self.placed:
            return PLACEMENT
        if not self.player_turns:
            return f"r{self.state.round + 1:02d}"
        seat = next_seat(self.state)
        index = self.state.seats.index(seat) + 1
        return f"r{self.state.round + (index == 1):02d}-{index}"


def _laid(layout: Layout, board: Board) -> dict[str, Any]:
    """The hexes a drawn board drew (every hex of a board laid without a frame), as the state keeps them."""
    drawn = sorted(board.hexes) if layout.table is not None else sorted({*layout.drawn_terrain, *layout.drawn_token})
    out: dict[str, Any] = {}
    for hid in drawn:
        h = board.hexes[hid]
        out[hid] = {"terrain": h.terrain.value, **({"token": h.token} if h.token is not None else {})}
    return out


def _board(layout: Layout, public: Mapping[str, Any], problems: list[Problem]) -> Board:
    """The board as the state says it was laid: its drawn hexes (an open board's cells), its harbours."""
    laid = public.get("laid") or {}
    if not laid:
        return layout.board
    hexes = dict(layout.board.hexes)
    for hid, entry in laid.items():
        place = (hexes[hid].q, hexes[hid].r) if hid in hexes else cell_place(str(hid)) if layout.table else None
        try:
            terrain = Terrain(entry["terrain"])
            token = entry.get("token")
        except (KeyError, TypeError, ValueError):
            problems.append(Problem(f"laid.{hid}", "expected the hex's terrain and token as it was drawn"))
            continue
        if place is None:
            problems.append(Problem(f"laid.{hid}", "not a hex of the board"))
            continue
        hexes[str(hid)] = Hex(str(hid), place[0], place[1], terrain, token if isinstance(token, int) else None)
    board = layout.board.with_hexes(hexes)
    if "harbours" not in public:
        return board
    harbours = []
    for i, entry in enumerate(public.get("harbours") or []):
        edge = board.edge_named(entry.get("edge") if isinstance(entry, Mapping) else None)
        trade = entry.get("trade") if isinstance(entry, Mapping) else None
        if edge is None or (trade != "any" and resource_named(trade) is None):
            problems.append(Problem(f"harbours[{i}]", "expected a harbour's side and trade as it was laid"))
            continue
        harbours.append(Harbour(edge, None if trade == "any" else resource_named(trade)))
    return board.with_harbours(tuple(harbours))


def _line(value: Any) -> str:
    """An order's value as plain text, deterministic: what an order line and the dice hash show."""
    if isinstance(value, (Vertex, Edge, Slot)):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = [
            f"{f.name}={_line(getattr(value, f.name))}"
            for f in dataclasses.fields(value)
            if getattr(value, f.name) != f.default and getattr(value, f.name) not in ((), None, "")
        ]
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, Hand):
        return str(value)
    if isinstance(value, (tuple, list, frozenset)):
        items = sorted(value) if isinstance(value, frozenset) else value
        return "[" + "; ".join(_line(v) for v in items) + "]"
    return str(getattr(value, "value", value))


def _public(event: Event) -> dict[str, Any] | None:
    """A record as the public results hold it: a card bought without the card; a step only if it is an
    offer refused (what the public report says of it); None: the record is private."""
    if isinstance(event, StepDone):
        return event_to_data(event) if event.action is Action.OFFER and event.reason is not None else None
    if isinstance(event, Built) and event.card is not None:
        return event_to_data(dataclasses.replace(event, card=None))
    return event_to_data(event)


def _private(event: Event, player: str) -> bool:
    if isinstance(event, StepDone):
        return event.player == player
    return isinstance(event, Built) and event.player == player and event.card is not None


def _view_data(view: Private) -> dict[str, Any]:
    return {
        "hand_before": view.hand_before.to_data(),
        "hand_after": view.hand_after.to_data(),
        "cards": [{"card": c.card.value, "bought": c.bought} for c in view.cards],
        "knights": view.knights,
        "pieces": dict(view.pieces),
        "points": view.points,
    }


def _view_from_data(data: Mapping[str, Any]) -> Private:
    return Private(
        _hand(data.get("hand_before", {})),
        _hand(data.get("hand_after", {})),
        tuple(HeldCard(Card(c["card"]), int(c["bought"])) for c in data.get("cards", [])),
        int(data.get("knights", 0)),
        {str(k): int(v) for k, v in (data.get("pieces") or {}).items()},
        int(data.get("points", 0)),
    )


class CatanFamily(Rules[Layout, "CatanGame", Any, None, CatanOptions], Presentation[Layout, "CatanGame", CatanOptions]):
    """Klarfeld's Catan's rules and presentation, in one class (the contract's two parts)."""

    turn_example = "r01"
    turn_pattern = re.compile(f"{TURN.pattern}|{DRAFT_TURN.pattern}")
    has_money = True  # a player's hand and development cards are his own business [K 3.3]
    always_secret = True
    setup_folder = "boards"
    turn_kinds = ("draft", "placement", "round", "player_turn")
    rules_page = f"{__package__}:pages/rules.md"
    orders_page = f"{__package__}:pages/orders.md"
    secret_note = "Every hand, the development cards and the deck: encrypted beside it."
    revealed_note = "nothing stays secret once the round is played."

    # ---- the game's fixed data and options ---------------------------------------------------------

    def setup_from_data(self, data: Any) -> Layout:
        return layout_from_data(data)

    def powers(self, setup: Layout) -> tuple[str, ...]:
        return SEATS[: min(setup.board.players[1], len(SEATS))]

    def seats(self, setup: Layout, options: CatanOptions) -> tuple[str, ...]:
        """The seats that play [K 3.1]: option `players`, between the fewest and the most the board takes,
        or the most."""
        fewest, most = setup.board.players
        n = options.players or most
        if not fewest <= n <= min(most, len(SEATS)):
            raise DataError(
                [Problem("options.players", f"the board {setup.board.name} takes {fewest} to {most} players, not {n}")]
            )
        return SEATS[:n]

    def option_words(self, options: CatanOptions, t: Translations) -> dict[str, list[str]]:
        return option_words(options, t)

    def options_of(self, profile: CatanOptions, data: Data) -> CatanOptions:
        return options_from_data(dict(data))

    def rolls_dice(self, options: CatanOptions) -> bool:
        return True

    # ---- turns -------------------------------------------------------------------------------------

    def turn_key(self, turn: str) -> tuple[int, ...]:
        if d := DRAFT_TURN.fullmatch(turn):
            return (0, int(d[1]), 0)
        m = TURN.fullmatch(turn)
        if m is None:
            raise ValueError(f"{turn!r} is not a round's turn id like {self.turn_example} (or r01-2, a player-turn)")
        return (1, int(m[1]), int(m[2] or 0))

    def turn_kind(self, turn: str) -> str:
        if turn == PLACEMENT:
            return "placement"
        if DRAFT_TURN.fullmatch(turn):
            return "draft"
        return "player_turn" if "-" in turn else "round"

    def start(self, setup: Layout, options: CatanOptions, dice: Dice) -> tuple[str, CatanGame]:
        """The board laid (a drawn board drawn with the game's setup dice [K 1.6]) and the placement to come
        [K 18.1]."""
        seats = self.seats(setup, options)
        drafting = None
        if options.hex_placement is HexPlacement.DRAFT:
            if not setup.drafts:
                raise DataError(
                    [Problem("options.hex_placement", f"the board {setup.board.name} draws no hex to draft")]
                )
            drafting = draft.start(setup, dice)
            board = draft.board_so_far(setup, drafting)
        else:
            board = setup.board if setup.fixed else draw_board(setup, dice)
        state = new_state(board, seats, options)
        game = CatanGame(board, state, False, options.open_hands, _player_turns(options), drafting)
        return game.turn, game

    # ---- the state codec ---------------------------------------------------------------------------

    def state_to_data(self, setup: Layout, state: CatanGame, secret: bool) -> StateData:
        full = state_to_data(state.state)
        public: dict[str, Any] = {"placed": state.placed}
        if state.player_turns:
            public["player_turns"] = True
        if state.draft is not None:
            public["laid"] = {h: {"terrain": t.value} for h, t in state.draft.laid.items()}
            public["draft"] = {"hand": state.draft.hand.value}
        elif not setup.fixed:
            public["laid"] = _laid(setup, state.board)
            if setup.harbours:  # laid on the coast once the hexes were [K 1.8]
                public["harbours"] = [
                    {"edge": str(h.edge), "trade": h.resource.value if h.resource else "any"}
                    for h in state.board.harbours
                ]
        if not secret:
            return StateData({**public, **full})
        public |= state_to_data(state.state, hidden=True)
        players = full["players"]
        assert isinstance(players, Mapping)
        if state.open_hands:  # the hands in the open, the development cards still each player's own [K 3.3]
            shown = public["players"]
            assert isinstance(shown, Mapping)
            public["players"] = {p: {"hand": players[p]["hand"], **d} for p, d in shown.items()}
        hidden = {
            "players": {
                p: ({"cards": d["cards"]} if state.open_hands else {"hand": d["hand"], "cards": d["cards"]})
                | ({"answers": d["answers"]} if "answers" in d else {})  # the standing answers [K 3.1]
                for p, d in players.items()
            },
            "deck": full["deck"],
        }
        return StateData(public, hidden)

    def state_from_data(
        self, setup: Layout, public: Mapping[str, Any], secret: Mapping[str, Any] | None, file: str
    ) -> CatanGame:
        problems: list[Problem] = []
        board = _board(setup, public, problems)
        data = {k: v for k, v in public.items() if k not in ("placed", "laid", "player_turns", "draft", "harbours")}
        drafting = _drafting(public, board, problems)
        players = data.get("players")
        open_hands = isinstance(players, Mapping) and any(
            isinstance(d, Mapping) and "hand" in d for d in players.values()
        )
        if isinstance(players, Mapping):
            own = (secret or {}).get("players") or {}
            data["players"] = {
                p: {
                    "hand": (d or {}).get("hand") if open_hands else (own.get(p) or {}).get("hand", {}),
                    "cards": (own.get(p) or {}).get("cards", _shown_cards(d)),
                    "knights": (d or {}).get("knights", 0),
                    "turns": (d or {}).get("turns", 0),
                    "answers": (own.get(p) or {}).get("answers"),
                }
                for p, d in players.items()
            }
        if secret is not None or "cards" in (data.get("deck") or {}):
            data["deck"] = (secret or {}).get("deck", {})
        try:
            state = state_from_data(data, board)
        except DataError as err:
            problems += err.problems
            raise DataError(problems, file=file) from None
        if problems:
            raise DataError(problems, file=file)
        placed, player_turns = bool(public.get("placed", False)), bool(public.get("player_turns", False))
        known = secret is not None or open_hands
        return CatanGame(board, state, placed, open_hands, player_turns, drafting, known)

    # ---- orders ------------------------------------------------------------------------------------

    def powers_to_order(self, setup: Layout, state: CatanGame) -> list[str]:
        """Every seat, or with a file a player-turn the seat whose turn it is [K 3.1]."""
        if state.state.winner is not None:
            return []
        if state.draft is not None:
            return [state.draft.drafter(state.state.seats)]
        if state.placed and state.player_turns:
            return [next_seat(state.state)]
        return list(state.state.seats)

    def read_orders(
        self,
        setup: Layout,
        state: CatanGame,
        options: CatanOptions,
        power: str,
        data: Mapping[str, Any],
        lines: Callable[[str], int | None],
        lenient: bool,
    ) -> ReadOrders[Any]:
        seats = state.state.seats
        try:
            if state.draft is not None:
                ranked = draft.choices_from_data(data, setup)
                return ReadOrders(DraftChoice(ranked), (), () if lenient else _warned(draft_warnings(ranked, {
                    h: True for h in draft.empty(setup, state.draft)})))  # fmt: skip
            if not state.placed:
                choices, answers = setup_orders_from_data(data, state.board, power, seats)
                warned = () if lenient else _warned(placement_warnings(state.board, state.state, choices))
                return ReadOrders(Placement(choices, answers), (), warned)
            orders = orders_from_data(data, state.board, power, seats)
            if lenient:  # the adjudication: the warnings are the file's sender's, when he checks it
                return ReadOrders(orders)
            warned = _warned(script_warnings(state.board, state.state, options, power, orders, state.hands_known))
            return ReadOrders(orders, (), warned)
        except FileProblems as err:
            # a file with a problem is refused whole: at adjudication its seat plays as without orders [K 3.4]
            found = tuple(dataclasses.replace(f, line=f.line or lines(f.where)) for f in err.found)
            return ReadOrders(Unread(found), tuple(err.problems))

    def order_words(self, orders: Placement | TurnOrders | DraftChoice | Unread) -> list[str]:
        """A seat's file in words [K 3.4]: its draft, its placement choices, or its script's steps by phase,
        then its standing answers [K 3.1]."""
        return [line.words() for line in _file_said(orders)]

    def no_orders(self, setup: Layout, state: CatanGame, power: str) -> Placement | TurnOrders | DraftChoice:
        if state.draft is not None:
            return DraftChoice()
        return TurnOrders() if state.placed else Placement()

    def order_lines(self, orders: Placement | TurnOrders | Unread) -> list[str]:
        if isinstance(orders, Unread):
            return []
        if isinstance(orders, DraftChoice):
            return [f"draft: {', '.join(orders.ranked)}"] if orders.ranked else []
        if isinstance(orders, Placement):
            out = [f"setup {i}: {_line(c)}" for i, c in enumerate(orders.choices, start=1)]
        else:
            out = [
                f"{s.section.value} {s.index}: {s.action.value} {_line(s.order)}"
                + (f" if {_line(s.when)}" if s.when != type(s.when)() else "")
                + (f" label {s.label}" if s.label else "")
                for s in orders.steps
            ]
        answers = orders.answers
        out += [f"accept: {_line(a)}" for a in answers.accept]
        if answers.discard:
            out.append(f"discard: {_line(answers.discard)}")
        if answers.gold:
            out.append(f"gold: {_line(answers.gold)}")
        return out

    def revealed_lines(self, orders: Any, secret: bool) -> list[str] | None:
        return None  # nothing stays secret once the round is played: the file as written

    def read_ruling(self, setup: Layout, state: CatanGame, data: Data) -> None:
        return None

    def no_ruling(self, setup: Layout, state: CatanGame) -> None:
        return None

    def waiting_for(
        self, setup: Layout, state: CatanGame, options: CatanOptions, orders: Mapping[str, Any], ruling: None
    ) -> list[str]:
        return []

    def adjudicate(
        self,
        setup: Layout,
        turn: str,
        state: CatanGame,
        options: CatanOptions,
        orders: Mapping[str, Any],
        ruling: None,
        dice: Dice,
        secret: bool,
        force: bool,
    ) -> TurnResult[CatanGame]:
        board, before = state.board, state.state
        if state.draft is not None:
            return self._draft_turn(setup, state, orders, dice)
        if not state.placed:
            placements = {p: o for p, o in orders.items() if isinstance(o, Placement)}
            result = play_setup(board, before, {p: o.choices for p, o in placements.items()}, options, dice,
                                {p: o.answers for p, o in placements.items()})  # fmt: skip
            offers: dict[tuple[str, int], Offer] = {}
        else:
            scripts = {p: o for p, o in orders.items() if isinstance(o, TurnOrders)}
            if state.player_turns:
                result = play_player_turn(board, before, next_seat(before), scripts, options, dice)
            else:
                result = play_round(board, before, scripts, options, dice)
            offers = offers_of(scripts)
        after = CatanGame(board, result.state, True, state.open_hands, state.player_turns)
        events = result.events
        record: dict[str, Any] = {
            "round": after.state.round if state.placed else 0,
            "records": [d for e in events if (d := _public(e)) is not None],
        }
        if offers:
            record["offers"] = [
                {"player": p, "step": i, "give": o.give.to_data(), "get": o.get.to_data()}
                for (p, i), o in sorted(offers.items())
            ]
        record["points"] = {p: after.state.shown_points(p) for p in after.state.seats}  # cards unseen [K 3.3]
        if options.open_hands:  # [K 3.3]
            record["hands"] = {p: after.state.players[p].hand.to_data() for p in after.state.seats}
        if after.state.winner is not None:
            record["winner"] = after.state.winner
        rolled = shares(dice.draws)
        record_end = {"dice": list(rolled.public)} if rolled.public else {}
        private: dict[str, dict[str, Any]] = {
            p: {
                "view": _view_data(private_view(p, before, after.state)),
                "own_records": [event_to_data(e) for e in events if _private(e, p)],
            }
            for p in after.state.seats
        }
        for p, own in private.items():
            standing = answers_to_data(after.state.answers.get(p, NO_ANSWERS))
            if standing:  # as its file writes them, said in the reader's language [K 3.1]
                own["answers"] = standing
        for p, o in orders.items():
            if isinstance(o, Unread) and p in private:
                private[p]["file_problems"] = [f.to_data() for f in o.problems]
        return TurnResult(after.turn, after, record, record_end, private).with_dice(rolled)

    def _draft_turn(
        self, setup: Layout, state: CatanGame, orders: Mapping[str, Any], dice: Dice
    ) -> TurnResult[CatanGame]:
        """A seat lays the hex it drew; the next is drawn, or after the last the tokens are laid [K 1.6]."""
        assert state.draft is not None
        seat = state.draft.drafter(state.state.seats)
        choice = orders.get(seat)
        ranked = choice.ranked if isinstance(choice, DraftChoice) else ()
        laid, events = draft.place(setup, state.draft, seat, ranked, dice)
        if isinstance(laid, Draft):
            after = dataclasses.replace(state, board=draft.board_so_far(setup, laid), draft=laid)
        else:
            after = dataclasses.replace(
                state, board=laid, draft=None, state=dataclasses.replace(state.state, tokens=laid.tokens())
            )
        record: dict[str, Any] = {"round": 0, "records": [event_to_data(e) for e in events]}
        record["points"] = {p: 0 for p in after.state.seats}
        rolled = shares(dice.draws)
        record_end = {"dice": list(rolled.public)} if rolled.public else {}
        own: dict[str, Any] = {"draft": len(state.draft.laid) + 1, "own_records": record["records"]}
        if isinstance(choice, Unread):  # the drafter learns why his file was not used
            own["file_problems"] = [f.to_data() for f in choice.problems]
        return TurnResult(after.turn, after, record, record_end, {seat: own}).with_dice(rolled)

    # ---- what the site shows -----------------------------------------------------------------------

    def ranking(self, setup: Layout, state: CatanGame) -> list[tuple[str, tuple[int, ...]]]:
        points = [(p, (state.state.shown_points(p),)) for p in state.state.seats]  # no secret card counted
        return sorted(points, key=lambda item: (-item[1][0], state.state.seats.index(item[0])))

    def game_over(self, setup: Layout, state: CatanGame, options: CatanOptions) -> GameOver | None:
        """The first to reach the target in his own turn wins [K 17.5]."""
        winner = state.state.winner
        return GameOver((winner,), "points") if winner is not None else None

    def legal_orders(
        self, setup: Layout, state: CatanGame, options: CatanOptions, powers: Sequence[str], secret: bool
    ) -> Data:
        return {"powers": {p: self._legal(setup, state, options, p) for p in powers}}

    def _legal(self, setup: Layout, state: CatanGame, options: CatanOptions, power: str) -> Mapping[str, Any]:
        if state.draft is not None:  # the hex to lay and the drawn hexes still empty [K 1.6]
            return {"draft": {"hex": state.draft.hand.value, "hexes": draft.empty(setup, state.draft)}}
        return legal_orders(state.board, state.state, options, power, state.placed)

    def order_form(self, setup: Layout, state: CatanGame, options: CatanOptions, t: Translations) -> Data:
        return order_form(state.board, state.state, t)

    def private_words(self, setup: Layout, state: CatanGame, t: Translations) -> Data:
        """The private-report page's words: a seat's report's sections and fields, the resources by name."""
        headings = {
            "view": N_("Your seat after the round"),
            "hand_before": N_("Hand before"),
            "hand_after": N_("Hand after"),
            "cards": N_("Development cards"),
            "knights": N_("Knights"),
            "pieces": N_("Pieces left"),
            "points": N_("Points"),
            "own_records": N_("Your steps and what came of them"),
            "answers": N_("Your answers"),
        }
        words = {r.value: t.gettext(name) for r, name in RESOURCE_NAMES.items()}
        return {"headings": {k: t.gettext(v) for k, v in headings.items()}, "words": words}

    def power_name(self, setup: Layout, power: str, t: Translations) -> str:
        return said("{seat}", seat=seat_name(power)).words(t)

    def setup_name(self, setup: Layout, t: Translations) -> str:
        return markdown_text(setup.board.title.get(t.lang) or setup.board.name)

    def profile_title(self, profile: str, t: Translations) -> str:
        return t.gettext("Klarfeld's Catan") if profile == "catan" else profile

    def seat_word(self, t: Translations) -> str:
        return t.gettext("Colour")  # a player's side is his colour: "Player" is the column of his login

    def standings(self, setup: Layout, state: CatanGame, secret: bool, t: Translations) -> Table:
        rows = tuple((markdown_text(self.power_name(setup, p, t)), str(v[0])) for p, v in self.ranking(setup, state))
        return Table((self.seat_word(t), capital(t.gettext("victory points"))), rows, ("left", "right"))

    def standing_labels(self, t: Translations, secret: bool) -> list[str | None]:
        return [capital(t.gettext("victory points"))]

    def axis_label(self, setup: Layout, turn: str, t: Translations) -> str:
        return turn if self.turn_kind(turn) != "draft" else ""

    def colours(self, setup: Layout) -> Mapping[str, str]:
        return dict(zip(SEATS, PALETTE, strict=False))

    def state_notes(self, setup: Layout, state: CatanGame, t: Translations) -> list[str]:
        return []

    def outcome_words(self, setup: Layout, over: GameOver, t: Translations) -> str:
        names = t.join([markdown_text(self.power_name(setup, p, t)) for p in over.winners])
        return t.gettext("%(players)s won, first to the victory points the game set.") % {"players": names}

    def title(self, setup: Layout, turn: str, t: Translations) -> str:
        if turn == PLACEMENT:
            return capital(said(N_("the initial placement")).words(t))
        if self.turn_kind(turn) == "draft":
            return capital(said(N_("the board: hex {number}"), number=self.turn_key(turn)[1]).words(t))
        _, round_no, seat = self.turn_key(turn)
        if seat and seat <= len(SEATS):
            return capital(
                said(
                    N_("round {round}, the turn of {player}"), round=round_no, player=seat_name(SEATS[seat - 1])
                ).words(t)
            )
        return capital(said(N_("round {round}"), round=round_no).words(t))

    def report(
        self,
        setup: Layout,
        options: CatanOptions,
        turn: str,
        before: CatanGame,
        after: CatanGame | None,
        results: Data,
        t: Translations,
        viewer: str | None = None,
    ) -> str:
        """The round's public report, and a seat's private one after it (its data under `private`)."""
        events = [event_from_data(d) for d in results.get("records") or []]
        offers = {
            (str(o["player"]), int(o["step"])): Offer((), _hand(o["give"]), _hand(o["get"]))
            for o in results.get("offers") or []
        }
        round_no = int(results.get("round", 0))
        hands = results.get("hands")
        shown = {str(p): _hand(h) for p, h in hands.items()} if isinstance(hands, Mapping) else None
        discards = (options or DEFAULT_OPTIONS).discard_on_seven  # what a 7 nobody gave cards back on says
        out = public_report(round_no, dict(results.get("points") or {}), events, offers, shown, discards).markdown(t)
        if viewer == MASTER:  # every seat's report after the public one
            every = results.get("private_of")
            for seat, own in sorted(every.items()) if isinstance(every, Mapping) else ():
                out += _private_text(before, str(seat), round_no, own, t)
        elif viewer is not None:
            out += _private_text(before, viewer, round_no, results.get("private"), t)
        return out

    # ---- rule cases (docs/rules/catan.md, "Rule cases") ------------------------------------------------

    def case_problems(self, case: Data) -> list[tuple[str, str]]:
        return cases.case_problems(case)

    def play_case(self, setup: Layout, options: CatanOptions, case: Data) -> tuple[list[str], list[str]]:
        return cases.play_case(setup, self.powers(setup), options, case)

    def draw_map(
        self,
        setup: Layout,
        options: CatanOptions,
        turn: str,
        state: CatanGame,
        results: Data | None,
        languages: Sequence[Translations],
    ) -> Mapping[str, Mapping[str, str]]:
        """The map of the board after the turn, with its moves and combats."""
        return {"": {t.lang: self._map(setup, turn, state, results, t) for t in languages}}

    def _map(self, setup: Layout, turn: str, state: CatanGame, results: Data | None, t: Translations) -> str:
        events = [event_from_data(d) for d in (results or {}).get("records") or []]
        board_name = state.board.title.get(t.lang) or state.board.name
        title = t.gettext("%(board)s: %(turn)s") % {"board": board_name, "turn": self.title(setup, turn, t)}
        board, unlaid = state.board, frozenset[str]()
        if state.draft is not None:  # a draft turn's map shows the hex it laid, the others still to come [K 1.6]
            laid = {**state.draft.laid, **{e.hex: e.terrain for e in events if isinstance(e, HexPlaced)}}
            board = draft.board_so_far(setup, Draft(laid, state.draft.hand))
            unlaid = frozenset(h for h in draft.empty(setup, Draft(laid, state.draft.hand)))
        return render(board, state.state, events, t, title, unlaid)


def _private_text(table: CatanGame, seat: str, round_no: int, own: Any, t: Translations) -> str:
    """A seat's private report from its data (its hands, cards, steps, standing answers, and why its file was
    refused; a drafter's hex)."""
    if not isinstance(own, Mapping):
        return ""
    records = [event_from_data(d) for d in own.get("own_records") or []]
    refused = own.get("refused")
    refused = refused if isinstance(refused, Mapping) else {}
    # the file's problems as messages, said in the reader's language; else as storage wrote them
    problems = tuple(FileProblem.from_data(p) for p in own.get("file_problems") or []) or tuple(
        FileProblem("", said("{message}", message=str(p))) for p in refused.get("problems") or []
    )
    if isinstance(own.get("draft"), int):
        return "\n" + draft_report(seat, own["draft"], records, problems).markdown(t)
    if not isinstance(own.get("view"), Mapping):
        return ""
    answers = tuple(answers_said(_standing(table, seat, own.get("answers"))))
    view = _view_from_data(own["view"])
    return "\n" + private_report(seat, round_no, view, records, problems, answers).markdown(t)


def _standing(table: CatanGame, seat: str, data: object) -> Answers:
    """A seat's standing answers as its private results keep them (its file's words) [K 3.1]."""
    if not isinstance(data, Mapping):
        return NO_ANSWERS
    try:
        return stand(None, orders_from_data({"answers": data}, table.board, seat, table.state.seats).answers)
    except DataError:
        return NO_ANSWERS


def _warned(found: list[FileProblem]) -> tuple[Problem, ...]:
    """Warnings as storage takes them, each at its key path, in English."""
    return tuple(Problem(f.where, f.what.words()) for f in found)


def _file_said(orders: Placement | TurnOrders | DraftChoice | Unread) -> list[Said]:
    if isinstance(orders, Unread):
        return []
    if isinstance(orders, DraftChoice):
        return [draft_said(orders.ranked)] if orders.ranked else []
    if isinstance(orders, Placement):
        lines = [choice_said(i, c.settlement, c.road, c.ship) for i, c in enumerate(orders.choices, start=1)]
    else:
        lines = steps_said(orders.steps)
    return lines + answers_said(stand(None, orders.answers))


def _drafting(public: Mapping[str, Any], board: Board, problems: list[Problem]) -> Draft | None:
    """A draft under way, from the public state: the hexes laid so far and the hex drawn for the next seat."""
    held = public.get("draft")
    if held is None:
        return None
    try:
        hand = Terrain(held["hand"])
    except (KeyError, TypeError, ValueError):
        problems.append(Problem("draft.hand", "expected the terrain of the hex drawn for the next seat"))
        return None
    laid = {str(h): board.hexes[str(h)].terrain for h in public.get("laid") or {} if str(h) in board.hexes}
    return Draft(laid, hand)


def _shown_cards(public: Any) -> list[dict[str, Any]]:
    """A player's cards as the public state shows them: none, but the victory point cards every player shows
    once the game is won [K 17.5]."""
    shown = public.get("victory_cards", 0) if isinstance(public, Mapping) else 0
    return [{"card": Card.VICTORY_POINT.value, "bought": 0}] * (shown if isinstance(shown, int) else 0)


def _player_turns(options: CatanOptions) -> bool:
    return options.turn_files is TurnFiles.PLAYER


def _hand(data: Any) -> Hand:
    return hand_from_data(data, "", [])


_CATAN = CatanFamily()
FAMILY = GameFamily(
    "catan",
    MappingProxyType({"catan": Profile("catan", "catan", "seafarers-4", DEFAULT_OPTIONS)}),
    OptionSet.of_dataclass("catan", CatanOptions),
    _CATAN,
    _CATAN,
    form_script="catan-form.js",
)
