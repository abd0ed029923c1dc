"""The turn engine of Die Bosse, on top of the rule modules: the game protocol's
``DieBosseState`` — who is to move, the legal actions, ``apply`` (the shared guard, then the
pending decision's entry in ``decisions.py``) — and the end of the turn as an agenda of typed
tasks (``tasks.py``).

The layers, each importing only those below it: ``phases`` and ``data`` at the bottom; the
card and concern figures (``cards``, ``concerns``); the state as data (``state``); the words
and the rule modules that read and write it (``words``, ``paying``, ``rationalising``,
``turn``, ``chance``, ``profits``); the decisions (``decisions``) and ``views``; this module
on top.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from tycoon.core.actions import Action
from tycoon.core.agenda import Handlers
from tycoon.core.errors import IllegalAction
from tycoon.core.game import CHANCE, TERMINAL, Observation, Outcome, State
from tycoon.core.guard import admit, require_turn, tell
from tycoon.core.messages import Text, msg
from tycoon.games.die_bosse import chance, information, profits, rationalising, views, words
from tycoon.games.die_bosse.actions import CODEC
from tycoon.games.die_bosse.decisions import DECISIONS, phase_text
from tycoon.games.die_bosse.phases import CHANCE_PHASES, DISCARD, OVER, PAY, READY
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.tasks import Cartel, Close, DrawCard, GiveUp, NextTurn, SettleBill

if TYPE_CHECKING:
    from tycoon.games.die_bosse.game import DieBosse

BY_PHASE: Final = DECISIONS.by_phase
"""The decisions by phase (``decisions.py``), indexed without a call."""


class DieBosseState(DieBosseData, State):
    """A game of Die Bosse in progress (the data is ``DieBosseData``'s)."""

    game: DieBosse

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.turn_seat

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return chance.outcomes(self)

    def chance_weights(self) -> tuple[list[Action], list[int]]:
        return chance.weights(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        if seat is None:
            seat = self.current_player()
        if self.phase == OVER:
            return []
        if seat == CHANCE:
            return [a for a, _ in chance.outcomes(self)]
        if self.phase in CHANCE_PHASES or seat != self.turn_seat:
            return []
        return BY_PHASE[self.phase].legal(self, seat)

    def apply(self, action: Action, seat: object = None) -> None:
        # ``seat: object``: ``admit`` refuses a seat that is no whole number as illegal; the
        # compiled build (docs/decisions/0019-compiled-build.md) would raise TypeError before it.
        seat = self._seat(action, seat)
        phase = self.phase
        decision = BY_PHASE[phase]
        # ``decision.refuse`` written out: it runs at every move.
        reason, rule = decision.check(self, seat, action)
        if reason:
            raise IllegalAction(reason, rule)
        # The flow ends the decision; what it does may open the next one, or keep it.
        self.phase = READY
        if decision.carry_out(self, seat, action):
            self.phase = phase
        elif self.phase == READY:
            HANDLERS.run(self, self.agenda, lambda: self.phase == READY)
            assert self.phase != READY, "the end of the turn ran out of tasks with no decision pending"

    def refusal(self, action: Action, seat: int | None = None) -> Text | None:
        # What apply would refuse, from the same checks, without a clone.
        try:
            s = self._seat(action, seat)
        except IllegalAction as e:
            return e.text or type(e).__name__
        return BY_PHASE[self.phase].refusal(self, s, action)

    def _seat(self, action: Action, seat: object) -> int:
        """The seat taking ``action`` once the checks every action passes first (``admit``, the
        seat's turn) have; ``IllegalAction`` otherwise."""
        current = self.current_player()
        seat = admit(action, seat, current, self.game.num_seats, CODEC)
        if seat != current:
            require_turn(action, seat, current, phase_text(self))
        return seat

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise IllegalAction(msg("refuse.not_over"))
        scores = tuple(self.score(s) for s in range(self.game.num_seats))
        best = max(scores)
        return Outcome(scores, tuple(s for s, v in enumerate(scores) if v == best))

    def describe(self, action: Action, viewer: int | None = None) -> Text:
        return tell(action, CODEC, lambda: words.describe(self, action, viewer))

    def describe_all(self, action: Action) -> tuple[Text, ...]:
        return tell(action, CODEC, lambda: words.describe_all(self, action))

    def labels(self, actions: Sequence[Action], seat: int) -> list[Text]:
        return words.labels(self, actions, seat, self.describe)

    def phase_text(self) -> Text:
        """The pending decision, as a message."""
        return phase_text(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat, self.current_player())

    def common_view(self) -> dict[str, Any]:
        return views.common(self, self.current_player())

    def own_view(self, seat: int | None, common: dict[str, Any]) -> dict[str, Any]:
        return views.own(self, seat, common)

    def observation(self, seat: int) -> Observation:
        return information.observation(self, seat)

    def observation_vector(self, seat: int) -> array[float]:
        return information.vector(self, seat)

    def resample(self, seat: int, rng: random.Random) -> DieBosseState:
        twin = self.clone()
        information.resample(twin, seat, rng)
        return twin


# --- the end of the turn ----------------------------------------------------------------------

HANDLERS: Handlers[DieBosseState] = Handlers()
DRAW_CARD, NEXT_TURN = DrawCard(), NextTurn()
"""The tasks that close every turn, made once (tasks are immutable)."""


@HANDLERS.on(SettleBill)
def _settle_bill(st: DieBosseState, _: SettleBill) -> None:
    if st.bill:
        st.phase = PAY


@HANDLERS.on(Cartel)
def _cartel(st: DieBosseState, _: Cartel) -> None:
    rationalising.cartel(st, st.turn_seat)


@HANDLERS.on(GiveUp)
def _give_up(st: DieBosseState, _: GiveUp) -> None:
    # Rulebook "Spelverloop": "Indien je geen actiekaart uitspeelt bij je beurt, moet je toch
    # minstens 1 actiekaart afgeven."
    if not st.played and st.hands[st.turn_seat]:
        st.phase = DISCARD


@HANDLERS.on(Close)
def _close(st: DieBosseState, _: Close) -> None:
    # The cards played and paid go to the discard pile; what was paid in advance and not used
    # is lost (no change is given).
    st.discard += st.played + st.paying
    st.played, st.paying = [], []
    st.bill = 0
    st.prepaid = 0
    st.moving = []
    if st.ending:
        # Rulebook "Einde en afrekening": the buyer of the last company draws no more; one more
        # distribution for everyone ends the game.
        profits.distribute(st, msg("db.why.end"))
        st.phase = OVER
        st.say(msg("db.say.over"))
        return
    st.agenda.add(*[DRAW_CARD] * st.rules.draw, NEXT_TURN)


@HANDLERS.on(DrawCard)
def _draw_card(st: DieBosseState, _: DrawCard) -> None:
    if not chance.ready_to_draw(st):
        st.agenda.discard(lambda t: isinstance(t, DrawCard))


@HANDLERS.on(NextTurn)
def _next_turn(st: DieBosseState, _: NextTurn) -> None:
    chance.start_turn(st, (st.turn_seat + 1) % st.game.num_seats)
