"""Play `games/catan-six`, the demo game of Klarfeld's Catan for six players on the seed's large board laid
without a frame (`large-open`), from its creation to its end, with the project's own commands: `judge new`,
then for every turn each seat's order file written as a player writes it (plain YAML naming its game, turn
and seat), sealed with `judge encrypt` and the turn played with `judge adjudicate`. Nothing here changes a
state or a die: the files are the only input, and the game replays byte for byte (`judge replay --check`).

The files come from a director that reads each turn's state as its seats would (the demo's key is in the
open) and writes what each seat does: the draft's hexes laid round a main island with isles off its coast,
the placement on the best corners, then each round a seat's trades, builds and units, with the scenes
that show every mechanism of the variant (`SCENES`, each from the round it may start in, done once; the
rounds they came in are in the game's narrative).

The game's dice secret is drawn afresh by `judge new`, so each run plays another game: one that ends before
every scene showed is begun again (`--tries`). Once a game is won, `catan_story.py` writes its narrative.

    python3 tools/catan_six_demo.py [--folder games/catan-six]     # writes the whole game (minutes)
    python3 tools/catan_six_demo.py --story                        # the narrative of the game as played
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import catan_story  # noqa: E402
from catan_director import Director  # noqa: E402
from demo_commands import entitle, judge, send  # noqa: E402
from ruamel.yaml import YAML  # noqa: E402

from pipeline.storage.gamedir import load_game  # noqa: E402

PLAYERS = {"orange": "ada", "blue": "bruno", "white": "chloe", "black": "dmitri", "sky": "emma", "brown": "farid"}
OPTIONS = {"hex_placement": "draft", "victory_points": 14, "starting_hand": {"brick": 2, "lumber": 2, "wool": 1,
           "grain": 1}}  # fmt: skip
TITLE = {"en": "Klarfeld's Catan for six: the large board without a frame",
         "fr": "Le Catan de Klarfeld à six : le grand plateau sans cadre"}  # fmt: skip


class Unfinished(Exception):
    """A game that ended before every scene showed: the director begins a new one."""


def create(folder: Path) -> None:
    """`judge new` of the game, its title in both languages."""
    if folder.exists():
        shutil.rmtree(folder)
    options = folder.parent / "catan-six-options.yaml"
    YAML().dump(OPTIONS, options)
    try:
        players = [x for seat, login in PLAYERS.items() for x in ("--player", f"{seat}={login}")]
        judge("new", folder, "--profile", "catan", "--map", "large-open", "--options", options, "--demo", *players)
    finally:
        options.unlink()
    entitle(folder, TITLE)


def play(folder: Path) -> None:
    director = Director()
    while True:
        game = load_game(folder)
        turn = game.current_turn()
        state = game.state(turn)
        if state.state.winner is not None:
            print(f"{turn}: {state.state.winner} has won; scenes shown: {director.scenes.done}")
            if not director.scenes.finished:
                names = [s.name for s in (*director.scenes.pending, *director.scenes.active)]
                raise Unfinished(f"the game ended before every scene showed: {', '.join(names)}")
            catan_story.write(game)
            return
        files = director.files(game, turn, state)
        for seat, body in files.items():
            send(folder, turn, seat, body)
        waiting = game.family.rules.powers_to_order(game.setup, state)
        force = ["--force"] if set(waiting) - set(files) else []
        print(judge("adjudicate", folder, *force).strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=ROOT / "games" / "catan-six")
    parser.add_argument("--tries", type=int, default=5, help="games begun again when one ends before its scenes")
    parser.add_argument("--story", action="store_true", help="only write the narrative of the game played")
    args = parser.parse_args()
    if args.story:
        catan_story.write(load_game(args.folder))
        return
    for attempt in range(1, args.tries + 1):
        create(args.folder)
        try:
            play(args.folder)
            return
        except Unfinished as err:
            print(f"game {attempt}: {err}; a new game")
    raise SystemExit("no game showed every scene")


if __name__ == "__main__":
    main()
