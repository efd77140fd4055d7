"""The movement adjudicator's share of `judge datc`, for bench_trees.py's instruction counts (run in the tree
measured, that tree first on the path).

    python3 bench/trees_adjudication.py CASES record|real|stub STORE

`record` runs the cases and saves every result of `adjudicate_movement` to STORE; `real` runs them again
(reading STORE too, so that both runs pay the same); `stub` runs them with `adjudicate_movement` replaced by
the saved results. Under callgrind, `real` less `stub` is what the adjudicator executes, nothing else.
Prints the cases passed.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Any

import pipeline.datc.runner as runner
from pipeline.datc.reader import read_datc
from pipeline.storage.maps import shipped_board


def main(cases_file: str, mode: str, store_file: str) -> int:
    board = shipped_board("standard")
    cases = read_datc(Path(cases_file).read_text(encoding="utf-8"), cases_file)
    store = Path(store_file)
    adjudicate = runner.adjudicate_movement
    results: list[Any] = [] if mode == "record" else pickle.loads(store.read_bytes())
    if mode == "record":

        def recorded(*args: Any, **kwargs: Any) -> Any:
            results.append(adjudicate(*args, **kwargs))
            return results[-1]

        runner.adjudicate_movement = recorded
    elif mode == "stub":
        saved = iter(results)
        runner.adjudicate_movement = lambda *args, **kwargs: next(saved)
    passed = sum(runner.run_case(board, case).passed for case in cases)
    if mode == "record":
        store.write_bytes(pickle.dumps(results))
    print(passed)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
