"""The ``easy`` level of Die Bosse: the bot's judgement with a beginner's mistakes.

It weighs its moves as the ``normal`` bot does (``bot.py``), but, now and then,

- it buys on impulse (``IMPULSE``): a company of the row it can pay for, whatever it is worth
  to its concerns, instead of the move it worked out;
- it pays without counting (``CARELESS``): a bill with any card that comes to hand, not the
  ones that cover it with the least overpayment;
- it gives up a card without thinking (``CARELESS``), not its least useful one.

Its mistakes come from its own generator, seeded with the agent, so a seed replays a game.
Measured against the normal bot, these are the mistakes that cost: misjudging what a million
is worth, or ending a turn early, does not (the normal bot gains by spending less).
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.die_bosse.actions import Buy
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.phases import DISCARD, PAY, TURN

IMPULSE = 0.2
"""The chance that a decision of its turn is an impulse buy (when it can pay for one)."""
CARELESS = 0.5
"""The chance that it pays a bill, or gives up a card, without working out which."""


class EasyDieBosseBot(DieBosseBot):
    """The normal bot's judgement, with a beginner's impulse buys and careless payments."""

    name = "easy"

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, DieBosseState)
        phase = state.phase
        if phase == TURN and self.rng.random() < IMPULSE:
            buys = [a for a in state.legal_actions(seat) if isinstance(a, Buy)]
            if buys:
                return self.rng.choice(buys)
        elif phase in (PAY, DISCARD) and self.rng.random() < CARELESS:
            return self.rng.choice(state.legal_actions(seat))
        return super().act(state, seat)
