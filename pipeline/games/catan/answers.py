"""A player's standing answers for the others' turns [K 3.1]: the trades he takes [K 5.2], the cards he
gives up first on a 7 [K 4.6], the resources he takes from gold fields [K 4.4]. They stand from round to
round until his file changes them: each key a file gives (`accept`, `discard`, `gold`) replaces that
answer, a key it leaves out keeps the one before (`stand`); ``accept: []`` withdraws every trade."""

from __future__ import annotations

from dataclasses import dataclass

from .resources import Hand, Resource

KEYS = ("accept", "discard", "gold")


@dataclass(frozen=True)
class Acceptance:
    """A standing answer [K 5.2]: a trade the player takes from `offerers` (empty: anyone), giving at
    most `give` and getting at least `get`, `times` times in the round."""

    offerers: tuple[str, ...]
    give: Hand
    get: Hand
    times: int = 1

    def takes(self, offerer: str, offered: Hand, asked: Hand) -> bool:
        """Would this answer take an offer that gives `offered` and asks `asked` of the answerer?"""
        if self.offerers and offerer not in self.offerers:
            return False
        return self.give.covers(asked) and offered.covers(self.get)


@dataclass(frozen=True)
class Answers:
    accept: tuple[Acceptance, ...] = ()
    discard: tuple[Resource, ...] = ()  # the order he gives cards up in on a 7 [K 4.6]
    gold: tuple[Resource, ...] = ()  # what he takes from gold fields, in turn [K 4.4]
    given: frozenset[str] = frozenset()  # the keys a file wrote, which replace those standing (`KEYS`)

    def __bool__(self) -> bool:
        return bool(self.accept or self.discard or self.gold)


NO_ANSWERS = Answers()


def stand(before: Answers | None, sent: Answers | None) -> Answers:
    """The answers standing after a file: each key the file gave replaces the one before, the others
    stand [K 3.1]."""
    old = before if before is not None else NO_ANSWERS
    new = sent if sent is not None else NO_ANSWERS
    return Answers(
        new.accept if "accept" in new.given else old.accept,
        new.discard if "discard" in new.given else old.discard,
        new.gold if "gold" in new.given else old.gold,
    )


def answers_to_data(answers: Answers) -> dict[str, object]:
    """The answers as a file writes them (the keys that hold something)."""
    out: dict[str, object] = {}
    if answers.accept:
        out["accept"] = [
            {**({"from": list(a.offerers)} if a.offerers else {}), "give": a.give.to_data(), "get": a.get.to_data(),
             **({"times": a.times} if a.times != 1 else {})}
            for a in answers.accept
        ]  # fmt: skip
    if answers.discard:
        out["discard"] = [r.value for r in answers.discard]
    if answers.gold:
        out["gold"] = [r.value for r in answers.gold]
    return out
