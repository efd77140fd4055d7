"""Deadlines: when a phase's orders are due, from when the phase opened and the game's settings.

Pure functions; the clock is read by the command that calls them, and each deadline is written down in
the game's `deadlines.yaml` when its phase opens, so the game master can move it by hand.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from pipeline.storage.game_settings import Deadlines


def deadline_after(opened: datetime, kind: str, deadlines: Deadlines) -> datetime | None:
    """The deadline of a phase of `kind` (movement, retreat, adjustment) opened at `opened`: its length
    later, then moved forward to the set time of day and to the next allowed weekday. None if the game
    sets no length for this kind of phase."""
    length = deadlines.lengths.get(kind)
    if length is None:
        return None
    zone = ZoneInfo(deadlines.timezone)
    due = (opened + length).astimezone(zone)
    if deadlines.at is not None:
        at_time = datetime.combine(due.date(), deadlines.at, tzinfo=zone)
        due = at_time if at_time >= due else datetime.combine(due.date() + timedelta(days=1), deadlines.at, zone)
    while due.weekday() not in deadlines.weekdays:
        due = datetime.combine(due.date() + timedelta(days=1), due.timetz().replace(tzinfo=None), zone)
    return due


def is_past(now: datetime, deadline: datetime, deadlines: Deadlines) -> bool:
    """Whether the orders are late: the deadline and its grace have passed."""
    return now >= deadline + deadlines.grace
