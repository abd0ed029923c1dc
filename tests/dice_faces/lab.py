"""What the lab notes of a dice race: each seat's banked points at every round, and the report's
chart of them."""

from __future__ import annotations

from typing import Any, ClassVar

from tycoon.core.game import State
from tycoon.sim.lab.gamereport import Point, Watcher
from tycoon.sim.lab.probes import Notes, Probe


class DiceProbe(Probe):
    """A checkpoint at the start, at each new round and at the end: every seat's banked points
    (worth and cash alike)."""

    checkpoint = "round"

    def start(self, state: State) -> None:
        super().start(state)
        st: Any = state
        self._round = st.round
        self._note(st)

    def _note(self, st: Any) -> None:
        for seat, points in enumerate(st.scores):
            self.notes.worth[seat].append(points)
            self.notes.cash[seat].append(points)

    def step(self, state: State, seat: int) -> None:
        super().step(state, seat)
        st: Any = state
        if st.round != self._round:
            self._round = st.round
            self._note(st)

    def finish(self, state: State) -> Notes:
        st: Any = state
        self._note(st)
        self.notes.rounds = st.round
        return self.notes


class DiceWatcher(Watcher):
    """The report's figures: banked points and the points at stake, after every roll."""

    measures: ClassVar[list[str]] = ["banked", "at stake"]
    money: ClassVar[tuple[str, ...]] = ("banked",)
    x_label: ClassVar[str] = "roll"

    def __init__(self, state: State, names: list[str]) -> None:
        self.rolls = 0
        """Rolls of the die so far."""
        self.roller = 0
        """The seat whose die the move being replayed is."""
        super().__init__(state, names)

    def figures(self, state: State, seat: int) -> dict[str, int]:
        st: Any = state
        return {"banked": st.scores[seat], "at stake": st.turn_points if seat == st.seat else 0}

    def note(self, state: State) -> None:
        # A point after every roll, along the roll's number.
        for seat in range(len(self.names)):
            self.series[seat].append(Point(self.rolls, self.figures(state, seat)))

    def before(self, state: State, seat: int, action: Any) -> None:
        st: Any = state
        self.roller = st.seat

    def after(self, state: State, seat: int, action: Any, round_before: int) -> None:
        if type(action).__name__ == "Face":
            self.rolls += 1
            self.note(state)
            if action.value == 1:
                self.events.append((self.rolls, f"{self.names[self.roller]} rolls a 1 and loses the turn's points"))
