"""Play `games/symmachia-world`, the demo game of Symmachia on the seed's whole world of 229 BC
(`world-229`), with the project's own commands: `judge new --profile symmachia --map world-229 --demo`,
then for each year every power's order file written as a player writes it (plain YAML naming its game,
turn and power), sealed with `judge encrypt`, and the year played with `judge adjudicate`.

The orders are in `tools/symmachia_world_orders.yaml`, a year a section, a power a key: the eastern
powers at war (the Seleucids and the Bactrians against the Parthians, the Mauryas against Bactria), the
grain of the Nile sold to the Indus along the long routes (by Gerrha, then, once the Persian Gulf is
blockaded, by Rhodes, Antioch, Seleucia, Hecatompylos and Bactra), the western powers at their own business;
each speech in both languages (S 7.12).
Nothing here changes a state or a die: the sealed files are the only input, and the game replays byte
for byte (`judge replay --check games/symmachia-world/`). The game's dice secret is drawn afresh by
`judge new`, so each run from the start plays another game; `--from TURN` plays on from a year not yet adjudicated.

    python3 tools/symmachia_world_demo.py                 # the whole game, from judge new
    python3 tools/symmachia_world_demo.py --from y03-227bc  # play on, the earlier years kept
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from demo_commands import entitle, judge, send  # noqa: E402
from ruamel.yaml import YAML  # noqa: E402

FOLDER = ROOT / "games" / "symmachia-world"
ORDERS = ROOT / "tools" / "symmachia_world_orders.yaml"
TITLE = {
    "en": "Symmachia: the whole world of 229 BC, from Macedon to the Indus",
    "fr": "Symmachia : le monde entier en 229 av. J.-C., de la Macédoine à l’Indus",
}


def create(folder: Path) -> None:
    """`judge new` of the game on the world scenario, its title in both languages."""
    if folder.exists():
        shutil.rmtree(folder)
    judge("new", folder, "--profile", "symmachia", "--map", "world-229", "--demo")
    entitle(folder, TITLE)


def play(folder: Path, first: str | None) -> None:
    """Each year of the orders file from `first` on (every year if None): send its files, adjudicate it."""
    years = YAML(typ="safe").load(ORDERS.read_text(encoding="utf-8"))
    started = first is None
    for turn, files in years.items():
        started = started or turn == first
        if not started:
            continue
        for power, body in files.items():
            send(folder, turn, power, {"year": turn.split("-")[1], **body})
        print(judge("adjudicate", folder), end="")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FOLDER)
    parser.add_argument("--from", dest="first", help="play on from this year (its folder as adjudicated before)")
    args = parser.parse_args()
    if args.first is None:
        create(args.folder)
    play(args.folder, args.first)


if __name__ == "__main__":
    main()
