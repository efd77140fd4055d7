"""A refused order keeps, beside its English message, what a report needs to say it in the reader's
language (`Problem.said`): the order as written and its reason's code, which a power's private report
carries (`refused.said`) for the private page (docs/orders.md: the three kinds of error)."""

from __future__ import annotations

from pathlib import Path

from pipeline.storage.gamedir import load_game

ROOT = Path(__file__).resolve().parent.parent.parent


def test_each_kind_of_refused_order_is_kept_as_data() -> None:
    game = load_game(ROOT / "games" / "machiavelli")
    turn = game.turns()[0]  # spring 1454: Florence has an army in Florence and one in Arezzo
    state = game.state(turn, public=True)
    orders = ["A flo jumps", "A flo-ven", "A are H", "A are-sie"]
    read = game.family.rules.read_orders(
        game.setup, state, game.options, "florence", {"orders": orders}, lambda where: None, True
    )
    said = {dict(p.said)["order"]: dict(p.said)["result"] for p in read.problems}
    assert said == {
        "A flo jumps": "not_understood",
        "A flo-ven": "illegal_not_adjacent",
        "A are-sie": "illegal_duplicate",
    }
    assert all("order" in p.message for p in read.problems)  # the English words stay for `judge validate`
