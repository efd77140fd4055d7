"""Rule cases of the Catan variant (`judge cases`, docs/rules/catan.md "Rule cases"): a board, a position
written as a state file writes it, then rounds played with each seat's file and fixed dice, and what must
come out.

```yaml
- id: C-03
  title: A military unit beats a worker
  source: "[K 10.2] (seed, Combats; C-03)"
  profile: catan
  map: base                      # a board of boards/ (the profile's own without it)
  seats: [orange, blue]          # the seats that play, in their order (the board's most without it)
  options: {hand_limit: 9}       # over the defaults [K 19]
  units: {c3>c4: {owner: orange, kind: military}, c4>c3: {owner: blue, kind: worker}}
  hands: {orange: {lumber: 1}}   # also cards, knights; buildings, roads, ships, explorers, guards,
                                 # corruption, tokens, bank, deck, round, longest_route, largest_army
  turns:                         # one round each (the placement first with `placed: false`); `player: blue`
                                 # plays that seat's turn alone, as with a file a player-turn [K 3.1]
    - orders:                    # each seat's file as its YAML (pipeline/games/catan/pages/orders.md)
        orange: {script: {act: [{attack: {unit: c3>c4, target: c4>c3}}]}}
      rolls: {orange: [3, 4], blue: [1, 1]}                       # the income dice of each turn
      dice: {orange step 1 attack: 14, orange step 1 defence: 9}  # the others by purpose [K 3.7]
      expect:
        units: {c3>c4: {owner: orange, kind: military, active: false}}
        hands: {orange: {lumber: 1}}
        points: {orange: 0}
        records: ["the attacker wins"]       # words of the round's record, in English
        no_records: ["skipped"]
```

Pure: the case is data, its board and options come from the caller, the dice are the case's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pipeline.errors import DataError, Problem
from pipeline.shared.dice import DiceError, FixedDice

from . import draft
from .answers import Answers
from .board import Board
from .codec import state_from_data, state_to_data
from .draft import Draft
from .layout import Layout, draw_board
from .options import CatanOptions, HexPlacement
from .orders import TurnOrders, orders_from_data
from .outcome import Event, StepDone
from .report import event_line, offers_of, seat_name, step_line
from .resources import hand_from_data
from .said import FileProblems
from .setup import Choice, play_setup, setup_orders_from_data
from .state import SEATS, CatanState, new_state
from .turn import RoundResult, play_player_turn, play_round

WHOLE = ("buildings", "roads", "ships", "units", "explorers", "guards", "corruption", "bank", "deck", "home", "islands")
HOLDERS = ("longest_route", "largest_army")
PER_SEAT = ("hands", "cards", "knights", "answers")
CASE_KEYS = {"id", "title", "source", "profile", "map", "options", "fixture", "seats", "placed", "round",
             "tokens", "dice", "turns", *WHOLE, *HOLDERS, *PER_SEAT}  # fmt: skip
TURN_KEYS = {"orders", "rolls", "dice", "expect", "refused", "player"}
EXPECT_KEYS = {*WHOLE, *HOLDERS, *PER_SEAT, "tokens", "points", "winner", "round", "records", "no_records",
               "laid", "hand"}  # fmt: skip
_LISTS = ("guards", "corruption")


# ---- the shape of a case, said before any case is played -------------------------------------------


def case_problems(case: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What of a case is not in the shape above, as (key path, what was expected)."""
    out: list[tuple[str, str]] = _unknown(case, CASE_KEYS, "", "a Catan case")
    seats = case.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and seats and len(set(map(str, seats))) == len(seats) and set(seats) <= set(SEATS)
    ):
        out.append(("seats", f"expected the seats that play, each once, among {', '.join(SEATS)}"))
    if "placed" in case and not isinstance(case["placed"], bool):
        out.append(("placed", "expected true (the placement played) or false"))
    out += _position_problems(case, "")
    out += _dice_problems(case.get("dice"), "dice")
    turns = case.get("turns")
    if not isinstance(turns, list) or not turns:
        return [*out, ("turns", "expected a list of rounds, each with the seats' files")]
    for n, turn in enumerate(turns):
        out += _turn_problems(turn, f"turns[{n}]")
    return out


def _turn_problems(turn: object, at: str) -> list[tuple[str, str]]:
    """What of one round of a case is not in its shape: its keys, files, rolls, dice, refusals, `expect:`."""
    if not isinstance(turn, Mapping):
        return [(at, "expected a round: orders, rolls, dice, expect")]
    out = _unknown(turn, TURN_KEYS, f"{at}.", "a round")
    if "player" in turn and turn["player"] not in SEATS:
        out.append((f"{at}.player", f"expected the seat whose turn alone is played, among {', '.join(SEATS)}"))
    orders = turn.get("orders")
    if orders is not None and not (
        isinstance(orders, Mapping) and all(v is None or isinstance(v, Mapping) for v in orders.values())
    ):
        out.append((f"{at}.orders", "expected each seat's file as a mapping (script, answers; or setup)"))
    rolls = turn.get("rolls")
    if rolls is not None and not (isinstance(rolls, Mapping) and all(_two_dice(v) for v in rolls.values())):
        out.append((f"{at}.rolls", "expected each seat's two income dice, such as {orange: [3, 4]}"))
    out += _dice_problems(turn.get("dice"), f"{at}.dice")
    refused = turn.get("refused")
    if refused is not None and not (isinstance(refused, Mapping) and all(_texts(v) for v in refused.values())):
        out.append((f"{at}.refused", "expected each seat whose file is refused with words of its problems"))
    return out + _expect_problems(turn.get("expect"), f"{at}.expect")


def _expect_problems(expect: object, at: str) -> list[tuple[str, str]]:
    """What of a round's `expect:` is not in its shape."""
    if expect is None:
        return []
    if not isinstance(expect, Mapping):
        return [(at, "expected a mapping of what must come out")]
    out = _unknown(expect, EXPECT_KEYS, f"{at}.", "what a round gives")
    out += _position_problems(expect, f"{at}.")
    for key in ("records", "no_records"):
        if key in expect and not _texts(expect[key]):
            out.append((f"{at}.{key}", "expected a list of words of the round's record"))
    if "points" in expect and not (
        isinstance(expect["points"], Mapping) and all(_count(v) for v in expect["points"].values())
    ):
        out.append((f"{at}.points", "expected each seat's victory points"))
    return out


def _unknown(data: Mapping[str, Any], keys: set[str], prefix: str, what: str) -> list[tuple[str, str]]:
    """Each key of `data` that is not one of `keys`, at its path, with the keys there are."""
    return [
        (f"{prefix}{key}", f"not a key of {what} ({', '.join(sorted(keys))})")
        for key in sorted(set(data) - keys, key=str)
    ]


def _position_problems(data: Mapping[str, Any], prefix: str) -> list[tuple[str, str]]:
    out = []
    for key in (*WHOLE, "tokens", *PER_SEAT):
        if key not in data or data[key] is None:
            continue
        if key in _LISTS and not isinstance(data[key], list):
            out.append((f"{prefix}{key}", "expected a list, as a state file writes it"))
        elif key not in _LISTS and not isinstance(data[key], Mapping):
            out.append((f"{prefix}{key}", "expected a mapping, as a state file writes it"))
    return out


def _dice_problems(dice: object, where: str) -> list[tuple[str, str]]:
    if dice is None or (isinstance(dice, Mapping) and all(isinstance(k, str) and _count(v) for k, v in dice.items())):
        return []
    return [(where, "expected each die's purpose with its value, such as {orange step 1 attack: 14}")]


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _two_dice(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_count(v) and 1 <= v <= 6 for v in value)


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


# ---- playing a case ----------------------------------------------------------------------------------


def play_case(
    layout: Layout, seats: tuple[str, ...], options: CatanOptions, case: Mapping[str, Any]
) -> tuple[list[str], list[str]]:
    """The case played: its failures, in words, and its warnings."""
    seats = tuple(case.get("seats") or seats)
    warnings: list[str] = []
    drafting: Draft | None = None
    try:
        if options.hex_placement is HexPlacement.DRAFT and layout.drafts:
            drafting = draft.start(layout, FixedDice(_dice(case.get("dice"), 0)))
            board = draft.board_so_far(layout, drafting)
        else:
            board = layout.board if layout.fixed else draw_board(layout, FixedDice(_dice(case.get("dice"), 0), 1))
        state = _position(board, seats, options, case)
    except DiceError as err:
        return [f"the board cannot be drawn: a die the case does not fix: {err}"], warnings
    except DataError as err:
        return [f"the position cannot be set up: {p}" for p in err.problems], warnings
    placed = bool(case.get("placed", True)) and drafting is None
    failures: list[str] = []
    for n, turn in enumerate(case["turns"], start=1):
        if drafting is not None:  # a drafted board's turns first [K 1.6]
            try:
                drafting, board, state, unmet = _draft_turn(layout, drafting, state, turn)
            except (DiceError, FileProblems) as err:
                return [*failures, f"hex {n}: {err}"], warnings
            failures += [f"hex {n}: {f}" for f in unmet]
            continue
        result, problems, scripts = _play(board, state, options, turn, placed)
        label = "the placement" if not placed else f"round {state.round + 1}"
        if placed and not isinstance(result, str):
            label = f"round {result.state.round}" + (f", the turn of {turn['player']}" if turn.get("player") else "")
        if isinstance(result, str):
            return [*failures, f"{label}: {result}"], warnings
        failures += [f"{label}: {p}" for p in problems]
        failures += [f"{label}: {f}" for f in _compare(board, result, turn.get("expect") or {}, offers_of(scripts))]
        state, placed = result.state, True
    return failures, warnings


def _draft_turn(
    layout: Layout, drafting: Draft, state: CatanState, turn: Mapping[str, Any]
) -> tuple[Draft | None, Board, CatanState, list[str]]:
    """One hex of a drafted board: the drafter's file, its choices, the next hex drawn by the turn's dice, or
    after the last the tokens laid; what came out that the turn's `expect` did not say."""
    seat = drafting.drafter(state.seats)
    own = (turn.get("orders") or {}).get(seat)
    ranked = draft.choices_from_data(own, layout) if own else ()
    laid, events = draft.place(layout, drafting, seat, ranked, FixedDice(_dice(turn.get("dice"), 0)))
    expect = turn.get("expect") or {}
    out: list[str] = []
    if isinstance(laid, Draft):
        after, board = laid, draft.board_so_far(layout, laid)
        tokens = state.tokens
    else:
        after, board = None, laid
        tokens = laid.tokens()
    for hid, terrain in (expect.get("laid") or {}).items():
        if board.hexes.get(str(hid)) is None or board.hexes[str(hid)].terrain.value != terrain:
            got = board.hexes[str(hid)].terrain.value if str(hid) in board.hexes else "no hex"
            out.append(f"the hex {hid}: expected {terrain}, got {got}")
    if "hand" in expect and (after.hand.value if after else None) != expect["hand"]:
        out.append(f"the hex drawn next: expected {expect['hand']}, got {after.hand.value if after else 'none'}")
    for hid, token in (expect.get("tokens") or {}).items():
        if tokens.get(str(hid)) != token:
            out.append(f"the token of {hid}: expected {token}, got {tokens.get(str(hid))}")
    lines = record_lines(events, {})
    out += [
        f"no line of the record says {w!r}: {'; '.join(lines)}"
        for w in expect.get("records") or []
        if not any(w in x for x in lines)
    ]
    return after, board, dataclasses.replace(state, tokens=tokens), out


def _position(board: Board, seats: tuple[str, ...], options: CatanOptions, case: Mapping[str, Any]) -> CatanState:
    """The case's position: a new game's state on the board with the case's pieces, hands and cards."""
    data: dict[str, Any] = state_to_data(new_state(board, seats, options))
    for key in (*WHOLE, *HOLDERS, "round"):
        if key in case:
            data[key] = case[key]
    tokens = data["tokens"]
    assert isinstance(tokens, dict)
    data["tokens"] = {**tokens, **(case.get("tokens") or {})}
    players = data["players"]
    assert isinstance(players, dict)
    for key, field in (("hands", "hand"), ("cards", "cards"), ("knights", "knights"), ("answers", "answers")):
        for seat, value in (case.get(key) or {}).items():
            if seat not in players:
                raise DataError([Problem(f"{key}.{seat}", f"not a seat of the case ({', '.join(seats)})")])
            players[seat] = {**players[seat], field: value}
    return state_from_data(data, board)


def _dice(dice: object, round_no: int) -> dict[str, int]:
    """A turn's dice by purpose, ``round N`` put before a purpose that does not start with it (nor with
    ``board``)."""
    out: dict[str, int] = {}
    for purpose, value in (dice or {}).items() if isinstance(dice, Mapping) else ():
        text = str(purpose)
        out[text if text.startswith(("round ", "board ")) else f"round {round_no} {text}"] = int(value)
    return out


def _play(
    board: Board, state: CatanState, options: CatanOptions, turn: Mapping[str, Any], placed: bool
) -> tuple[RoundResult | str, list[str], dict[str, TurnOrders]]:
    """One round (or the placement) of a case: its result, or why it cannot be played, the problems of
    files that were refused when the case did not say so, and the scripts read (what a refused offer's
    line says)."""
    player = turn.get("player")
    r = state.round + 1 if player in (None, state.seats[0]) else state.round
    values = _dice(turn.get("dice"), r)
    for seat, (first, second) in (turn.get("rolls") or {}).items():
        values[f"round {r} {seat} roll 1"], values[f"round {r} {seat} roll 2"] = first, second
    dice = FixedDice(values)
    problems: list[str] = []
    expected_refusals = turn.get("refused") or {}
    scripts: dict[str, TurnOrders] = {}
    choices: dict[str, tuple[Choice, ...]] = {}
    answers: dict[str, Answers] = {}
    for seat, own in (turn.get("orders") or {}).items():
        if seat not in state.seats:
            return f"{seat!r} is not a seat of the case ({', '.join(state.seats)})", problems, scripts
        try:
            if placed:
                scripts[seat] = orders_from_data(own or {}, board, seat, state.seats)
            else:
                choices[seat], answers[seat] = setup_orders_from_data(own or {}, board, seat, state.seats)
        except FileProblems as err:
            said = [p.words() for p in err.found]
            wanted = expected_refusals.get(seat)
            if wanted is None:
                problems += [f"the file of {seat} is refused: {p}" for p in said]
            else:
                problems += [
                    f"the file of {seat}: no problem says {w!r} (it says: {'; '.join(said)})"
                    for w in wanted
                    if not any(w in p for p in said)
                ]
    for seat in expected_refusals:
        if seat in scripts or seat in choices:
            problems.append(f"the file of {seat} was read, not refused")
    try:
        if placed and player is not None:
            if player not in state.seats:
                return f"{player!r} is not a seat of the case ({', '.join(state.seats)})", problems, scripts
            return play_player_turn(board, state, str(player), scripts, options, dice), problems, scripts
        if placed:
            return play_round(board, state, scripts, options, dice), problems, scripts
        return play_setup(board, state, choices, options, dice, answers), problems, scripts
    except DiceError as err:
        return f"a die the case does not fix: {err}", problems, scripts


def record_lines(events: tuple[Event, ...], offers: Mapping[tuple[str, int], Any]) -> list[str]:
    """The round's records in English words, one a line: what the public report says, and each script's
    steps as its player's private report says them, after the player's name."""
    lines = []
    for event in events:
        if isinstance(event, StepDone):
            lines.append(f"{seat_name(event.player)} {step_line(event).words()}")
        line = event_line(event, offers)
        if line is not None:
            lines.append(line.words())
    return lines


def _compare(
    board: Board, result: RoundResult, expect: Mapping[str, Any], offers: Mapping[tuple[str, int], Any]
) -> list[str]:
    """What the round left that the case did not expect, a line each (none: the case passes)."""
    after = result.state
    got = state_to_data(after)
    return [
        *_compare_sections(board, got, expect),
        *_compare_tokens(after, expect),
        *_compare_hands(after, expect),
        *_compare_players(board, got, expect),
        *_compare_standing(after, expect),
        *_compare_records(record_lines(result.events, offers), expect),
    ]


def _compare_sections(board: Board, got: Mapping[str, Any], expect: Mapping[str, Any]) -> list[str]:
    """The state's sections the case expects whole, each read as a state file's would be."""
    out: list[str] = []
    for key in (*WHOLE, *HOLDERS):
        if key not in expect:
            continue
        try:
            want = state_to_data(state_from_data({**got, key: expect[key]}, board)).get(key)
        except DataError as err:
            out += [f"expect.{key}: {p}" for p in err.problems]
            continue
        if want != got.get(key):
            out.append(f"{key}: expected {_flow(want)}, got {_flow(got.get(key))}")
    return out


def _compare_tokens(after: CatanState, expect: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for hex_id, token in (expect.get("tokens") or {}).items():
        if after.tokens.get(str(hex_id)) != token:
            out.append(f"the token of {hex_id}: expected {token}, got {after.tokens.get(str(hex_id))}")
    return out


def _compare_hands(after: CatanState, expect: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for seat, hand in (expect.get("hands") or {}).items():
        problems: list[Any] = []
        want_hand = hand_from_data(hand, f"expect.hands.{seat}", problems)
        have = after.players.get(str(seat))
        if problems or have is None:
            out += [str(p) for p in problems] or [f"expect.hands.{seat}: not a seat of the case"]
        elif have.hand != want_hand:
            out.append(f"the hand of {seat}: expected {want_hand}, got {have.hand}")
    return out


def _compare_players(board: Board, got: Mapping[str, Any], expect: Mapping[str, Any]) -> list[str]:
    """Each seat's development cards, knights and standing answers the case expects."""
    players = got["players"]
    assert isinstance(players, Mapping)
    out: list[str] = []
    for key, field in (("cards", "cards"), ("knights", "knights"), ("answers", "answers")):
        for seat, value in (expect.get(key) or {}).items():
            if seat not in players:
                out.append(f"expect.{key}.{seat}: not a seat of the case")
                continue
            data = {**got, "players": {**players, seat: {**players[seat], field: value}}}
            try:
                want = state_to_data(state_from_data(data, board))["players"]
            except DataError as err:
                out += [f"expect.{key}.{seat}: {p}" for p in err.problems]
                continue
            assert isinstance(want, Mapping)
            if want[seat].get(field, {}) != players[seat].get(field, {}):
                wanted, held = _flow(want[seat].get(field, {})), _flow(players[seat].get(field, {}))
                out.append(f"the {field} of {seat}: expected {wanted}, got {held}")
    return out


def _compare_standing(after: CatanState, expect: Mapping[str, Any]) -> list[str]:
    """The seats' points, the winner and the round the case expects."""
    out: list[str] = []
    for seat, points in (expect.get("points") or {}).items():
        if str(seat) not in after.seats:
            out.append(f"expect.points.{seat}: not a seat of the case")
        elif after.points(str(seat)) != points:
            out.append(f"the points of {seat}: expected {points}, got {after.points(str(seat))}")
    if "winner" in expect and after.winner != expect["winner"]:
        out.append(f"the winner: expected {expect['winner'] or 'nobody'}, got {after.winner or 'nobody'}")
    if "round" in expect and after.round != expect["round"]:
        out.append(f"the round: expected {expect['round']}, got {after.round}")
    return out


def _compare_records(lines: list[str], expect: Mapping[str, Any]) -> list[str]:
    """The words the round's record should say, and those it should not."""
    out: list[str] = []
    for words in expect.get("records") or []:
        if not any(words in line for line in lines):
            out.append(f"no line of the record says {words!r}; the record:" + "".join(f"\n    {x}" for x in lines))
    for words in expect.get("no_records") or []:
        found = [line for line in lines if words in line]
        if found:
            out.append(f"the record says {words!r}, which it should not: {found[0]}")
    return out


def _flow(value: object) -> str:
    """Plain data as one line of YAML's flow style, keys in their order."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
