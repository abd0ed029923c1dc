"""Replaying a finished table's record for the browser client, one move at a time.

``GET /api/tables/{id}/replay?at=N&seat=S`` answers with the view after the first ``N`` moves of
the record (as seat ``S`` sees it, or as a spectator), the narration of the moves up to it and
the move at which each round begins, so that the page can step forward and back and jump to a
round. It is shown exactly when the record is (the game over at every table sharing its deal):
then every card is in the record anyway. A replay is built once per table and kept for a few
tables; it keeps a copy of the state every ``EVERY`` moves, so a jump replays at most that many.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from tycoon.core.game import State
from tycoon.core.messages import to_wire
from tycoon.core.record import Record, apply_move, game_of

EVERY = 50
"""Moves between kept copies of the state."""
KEPT = 8
"""Replays kept in memory at once (the least recently asked for goes first)."""
NARRATION = 12
"""Moves of narration sent with each answer: the one shown and those before it."""


@dataclass
class Step:
    """One move of the record as the narration tells it."""

    seat: int | None
    """Who moved (``None``: chance)."""
    text: Any
    """The move in words, as a spectator may read it (on the wire: ``to_wire``)."""
    log: list[Any]
    """What the rules narrated while applying it (on the wire)."""
    round: int | None
    """The round after it, when the game's view counts rounds."""


@dataclass
class ReplayBook:
    """A record replayed once: its narration, the moves where rounds begin, copies of the state."""

    record: Record
    steps: list[Step] = field(default_factory=list)
    copies: dict[int, State] = field(default_factory=dict)
    rounds: list[dict[str, int]] = field(default_factory=list)

    @classmethod
    def build(cls, record: Record) -> ReplayBook:
        book = cls(record)
        game = game_of(record)
        state = game.new_state()
        book.copies[0] = state.clone()
        last_round: int | None = None
        for number, move in enumerate(record.moves, 1):
            action = game.codec.from_json(move.action)
            text = to_wire(state.describe(action, None))
            state.log = []
            apply_move(game, state, number, move)
            log = [to_wire(t) for t in state.log or ()]
            state.log = None
            view_round = state.view(None).get("round")
            current = view_round if isinstance(view_round, int) else None
            book.steps.append(Step(move.seat if move.seat >= 0 else None, text, log, current))
            if current is not None and current != last_round:
                book.rounds.append({"round": current, "at": number})
                last_round = current
            if number % EVERY == 0:
                book.copies[number] = state.clone()
        return book

    def state_at(self, at: int) -> State:
        """The state after the first ``at`` moves."""
        base = at - at % EVERY
        state = self.copies[base].clone()
        game = state.game
        for number in range(base + 1, at + 1):
            apply_move(game, state, number, self.record.moves[number - 1])
        return state

    def answer(self, at: int, seat: int | None) -> dict[str, Any]:
        total = len(self.steps)
        at = max(0, min(at, total))
        state = self.state_at(at)
        first = max(0, at - NARRATION)
        return {
            "moves": total,
            "at": at,
            "seat": seat,
            "view": state.view(seat),
            "events": [
                {"n": n, "seat": s.seat, "text": s.text, "log": s.log}
                for n, s in enumerate(self.steps[first:at], first + 1)
            ],
            "rounds": self.rounds,
            "seats": len(self.record.seats),
        }


class Replays:
    """The replays built so far, a few at a time."""

    def __init__(self) -> None:
        self.books: OrderedDict[str, ReplayBook] = OrderedDict()

    def get(self, table: str, record: Record) -> ReplayBook:
        book = self.books.get(table)
        if book is None:
            book = self.books[table] = ReplayBook.build(record)
            while len(self.books) > KEPT:
                self.books.popitem(last=False)
        self.books.move_to_end(table)
        return book
