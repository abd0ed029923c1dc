"""Race to ten: a toy game whose every decision is an entry of a ``Decisions`` registry, for
testing ``tycoon.core.decisions`` apart from any real game.

The rules. Seats take turns adding 1, 2 or 3 to a shared count; whoever brings it to ``target``
or beyond wins. A seat that has just added 3 must then say whether it *keeps* the 3 or
*halves* it to 1 (a second decision of the same seat). The flow below names no decision but
``READY`` and ``OVER``: what each phase offers, refuses, does and says is its entry's.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from tycoon.core.actions import Action, action
from tycoon.core.decisions import ALLOWED, READY, Decision, Decisions, Refusal
from tycoon.core.errors import GameOver, IllegalAction, NotYourTurn
from tycoon.core.messages import Text

RULE = "Race to ten"


class Phase(StrEnum):
    READY = READY
    TURN = "turn"
    KEEP = "keep"
    OVER = "over"


@action("add")
class Add(Action):
    n: int


@action("keep")
class Keep(Action):
    pass


@action("halve")
class Halve(Action):
    pass


class Race:
    """A game of race to ten in progress."""

    decisions: ClassVar[Decisions[Race]]
    """The game's decisions (a variant's subclass brings its own registry)."""

    def __init__(self, seats: int = 2, target: int = 10) -> None:
        self.seats = seats
        self.target = target
        self.count = 0
        self.seat = 0
        self.phase: str = Phase.TURN
        self.winner = -1

    # --- the flow: generic over the decisions -------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == Phase.OVER or seat != self.seat:
            return []
        return self.decisions[self.phase].legal(self, seat)

    def phase_text(self) -> str:
        return self.decisions[self.phase].text(self)

    def _decision(self, seat: int) -> Decision[Race]:
        if self.phase == Phase.OVER:
            raise GameOver("the race is over")
        if seat != self.seat:
            raise NotYourTurn(f"it is seat {self.seat}'s decision: {self.phase_text()}")
        return self.decisions[self.phase]

    def refusal(self, action: Action, seat: int) -> Text | None:
        try:
            decision = self._decision(seat)
        except IllegalAction as e:
            return e.text
        return decision.refusal(self, seat, action)

    def apply(self, action: Action, seat: int) -> None:
        decision = self._decision(seat)
        decision.refuse(self, seat, action)
        phase = self.phase
        self.phase = READY
        if decision.carry_out(self, seat, action):
            self.phase = phase
        if self.phase == READY:  # the next seat's turn
            self.seat = (self.seat + 1) % self.seats
            self.phase = Phase.TURN


# --- the decisions ------------------------------------------------------------------------


def _turn_choices(st: Race, seat: int) -> list[Action]:
    return [Add(n) for n in (1, 2, 3)]


def _check_turn(st: Race, seat: int, act: Action) -> Refusal:
    if not isinstance(act, Add):
        return f"{act} is not possible now: {st.phase_text()}", RULE
    if not 1 <= act.n <= 3:
        return f"add 1, 2 or 3, not {act.n}", RULE
    return ALLOWED


def _add(st: Race, seat: int, act: Action) -> bool:
    assert isinstance(act, Add)
    st.count += act.n
    if st.count >= st.target:
        st.phase, st.winner = Phase.OVER, seat
    elif act.n == 3:
        st.phase = Phase.KEEP
    return False


def _check_keep(st: Race, seat: int, act: Action) -> Refusal:
    if not isinstance(act, Keep | Halve):
        return f"{act} is not possible now: {st.phase_text()}", RULE
    return ALLOWED


def _keep(st: Race, seat: int, act: Action) -> bool:
    if isinstance(act, Halve):
        st.count -= 2
    return False


DECISIONS: Decisions[Race] = Decisions()
DECISIONS.add(
    Phase.TURN,
    text=lambda st: f"add 1, 2 or 3 to {st.count}",
    legal=_turn_choices,
    check=_check_turn,
    carry_out=_add,
)
DECISIONS.add(
    Phase.KEEP,
    text=lambda st: "keep the 3 just added, or halve it to 1",
    legal=lambda st, seat: [Keep(), Halve()],
    check=_check_keep,
    carry_out=_keep,
)
DECISIONS.add(Phase.OVER, text=lambda st: f"seat {st.winner} has won")
Race.decisions = DECISIONS
