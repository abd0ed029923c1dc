"""Clocks: a time per decision and a time bank per seat.

When a seat's decision is pending, its decision time runs first, then its bank. When both
are spent, a bot moves for the seat (``Table`` does that and narrates it). A clock stands
still while the seat's person is away and no bot stands in, and while nothing is pending
for a person. Banks are stored with every move; the time spent on the decision pending when
the server stopped is forgotten (that decision gets its full time again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class ClockRule:
    """A table's clock, as the host set it."""

    decision: float
    """Seconds for each decision before the bank is drawn on (0: straight to the bank)."""
    bank: float
    """Seconds each seat may spend over its decision times in the whole game."""

    @classmethod
    def read(cls, data: object) -> ClockRule | None:
        """The rule from a request's ``clock`` (``{"decision": 30, "bank": 300}``; none for
        no clock); ``ValueError`` saying what is wrong otherwise."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ValueError('clock is an object like {"decision": 30, "bank": 300}, or null for none')
        unknown = set(data) - {"decision", "bank"}
        if unknown:
            raise ValueError(f"clock takes decision and bank (seconds); not {', '.join(sorted(unknown))}")
        values = {}
        for name in ("decision", "bank"):
            value = data.get(name, 0)
            if value is None:
                value = 0
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_SECONDS:
                raise ValueError(f"clock {name} is a number of seconds from 0 to {MAX_SECONDS}; not {value!r}")
            values[name] = float(value)
        if values["decision"] + values["bank"] < 1:
            raise ValueError("a clock needs at least one second of decision time or bank")
        return cls(values["decision"], values["bank"])

    def to_json(self) -> dict[str, float]:
        return {"decision": self.decision, "bank": self.bank}


class Clocks:
    """The running clock of one table (monotonic seconds throughout)."""

    def __init__(self, rule: ClockRule, seats: int, banks: list[float] | None = None) -> None:
        self.rule = rule
        self.banks = list(banks) if banks and len(banks) == seats else [rule.bank] * seats
        self.seat: int | None = None
        """The seat whose decision is timed, or none."""
        self.spent = 0.0
        """Seconds spent on this decision in earlier runs of the clock."""
        self.since: float | None = None
        """When the clock started running now, or ``None`` while it stands still."""

    def used(self, now: float) -> float:
        return self.spent + (now - self.since if self.since is not None else 0.0)

    def start(self, seat: int, now: float, running: bool) -> None:
        """A new decision for ``seat``: its full decision time again."""
        self.stop(now)
        self.seat = seat
        self.spent = 0.0
        self.since = now if running else None

    def stop(self, now: float) -> None:
        """The timed decision is taken: draw what went over the decision time from the bank."""
        if self.seat is not None:
            over = max(0.0, self.used(now) - self.rule.decision)
            self.banks[self.seat] = max(0.0, self.banks[self.seat] - over)
        self.seat = None
        self.spent = 0.0
        self.since = None

    def run(self, now: float, running: bool) -> None:
        """Let the clock run or stand still (the person went away or came back)."""
        if running and self.since is None and self.seat is not None:
            self.since = now
        elif not running and self.since is not None:
            self.spent += now - self.since
            self.since = None

    def left(self, now: float) -> float | None:
        """Seconds until the timed seat runs out (decision time and bank), or none."""
        if self.seat is None:
            return None
        return self.rule.decision + self.banks[self.seat] - self.used(now)

    def to_json(self, now: float) -> dict[str, Any]:
        """What a client shows: the timed seat, its decision time and each seat's bank left."""
        banks = list(self.banks)
        decision_left = None
        if self.seat is not None:
            used = self.used(now)
            decision_left = round(max(0.0, self.rule.decision - used), 1)
            banks[self.seat] = max(0.0, banks[self.seat] - max(0.0, used - self.rule.decision))
        return {
            **self.rule.to_json(),
            "seat": self.seat,
            "running": self.since is not None,
            "decision_left": decision_left,
            "banks": [round(b, 1) for b in banks],
        }
