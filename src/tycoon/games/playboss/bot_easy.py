"""The ``easy`` level of Playboss: the bot's judgement with a beginner's mistakes.

It runs its business by the ``normal`` bot's rules (``bot.py``), but

- it misjudges prices: each game, its sense of when a sale has fallen too far, of what a
  machine must earn, of what raw products and a red field are worth is off by up to
  ``MISJUDGE`` either way (``Tuning``), drawn from its seed; so is what a private deal is
  worth to it (``judge``), so it bargains at terms a careful player would not take;
- it forgets the end of the game: it buys WEBs and raw products, and invests, as if the game
  went on (a WEB is worth nothing at the end); on the red fields it plans as if at least
  ``FORGOTTEN_END`` more lay ahead, so in the last rounds it still buys raw products it cannot
  make into products in time, makes products it will not sell, and waits for a better price
  with a full store, which the final valuation takes at 150 and 1,500 a unit (Playboss I,
  "End of the Game"); a careful player sells what fetches more than that and buys no more;
- it passes up good moves (``PASS_UP``, most of the time): before the roll it rolls at once,
  leaving a loan unpaid before start, a computer unleased, a deal unoffered.

Its mistakes come from its own generator, seeded with the agent, so a seed replays a game.
"""

from __future__ import annotations

from tycoon.core.actions import Action
from tycoon.games.playboss.actions import Roll
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_figures import Tuning
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import TURN

MISJUDGE = 0.5
"""How far off the beginner's prices may be, as a share of the bot's."""
FORGOTTEN_END = 3.0
"""The red fields the beginner always thinks lie ahead, when it plans a red field's decision."""
PASS_UP = 0.8
"""The chance that, before a roll, it rolls at once instead of doing its business."""


class EasyPlaybossBot(PlaybossBot):
    """The normal bot's judgement, with a beginner's misjudged prices, no thought for the end,
    and business left undone."""

    name = "easy"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.tuning = self.misjudged()
        self.factor = self.rng.uniform(1 - MISJUDGE, 1 + MISJUDGE)
        """How far off what a private deal is worth to it is, this game."""

    def seed(self, seed: int | str) -> None:
        super().seed(seed)
        self.tuning = self.misjudged()
        self.factor = self.rng.uniform(1 - MISJUDGE, 1 + MISJUDGE)

    def judge(self, value: int) -> int:
        """A figure of its own in a private deal, misjudged by this game's factor."""
        return int(value * self.factor)

    def misjudged(self) -> Tuning:
        """The bot's knobs as a beginner sees them, drawn from the generator."""
        normal = Tuning()

        def off(value: float) -> float:
            return value * self.rng.uniform(1 - MISJUDGE, 1 + MISJUDGE)

        return Tuning(
            sale_spread=round(off(normal.sale_spread)),
            invest_gain=round(off(normal.invest_gain)),
            decision_value=round(off(normal.decision_value)),
            raw_round=round(off(normal.raw_round)),
            sell_batch=off(normal.sell_batch),
            # The end of the game forgotten: what only pays while the game goes on.
            web_reds=0.0,
            preload_reds=0.0,
            invest_reds=0.0,
            invest_reds_per_product=0.0,
        )

    def reds_ahead(self, st: PlaybossState, b: Business) -> float:
        """The red fields it thinks lie ahead: never fewer than ``FORGOTTEN_END``."""
        return max(super().reds_ahead(st, b), FORGOTTEN_END)

    def _choose(self, st: PlaybossState, b: Business) -> Action | None:
        if st.phase == TURN and self.rng.random() < PASS_UP:
            return Roll()
        return super()._choose(st, b)
