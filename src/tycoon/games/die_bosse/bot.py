"""A heuristic Die Bosse player.

It values its concerns by the profit shares they can be expected to earn (``concern_value``):
the profit table's share per letter for the concern's size, raised for the room it has to
grow, for each shared letter (extra letters count a little less: they are harder to keep).
On its turn it takes, one at a time, the purchase, transfer or rationalising move that raises
that value most by more than it costs, until nothing is worth its price; it moves a company at
most once a turn (a second move could only redo or undo the first); it lays each company where
it adds most, never beside another company of its industry; it pays each bill with the capital
cards that cover it with the least overpayment (symbol sets count at their set value), and a
move in advance with the card whose loss costs its hand least; and when it played nothing it
gives up its least useful card.

It looks only at what its seat may see: the row, the concerns, the sheets, and its own hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tycoon.core.actions import Action
from tycoon.core.game import State
from tycoon.games.die_bosse.actions import Buy, Discard, Done, End, Move, Pay, Place, Transfer
from tycoon.games.die_bosse.bot_figures import (
    HARM,
    MIN_GAIN,
    MONEY,
    best_place,
    card_loss,
    concern_value,
    payment,
)
from tycoon.games.die_bosse.data import CAPITAL, TRANSFER, Rules
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.paying import spare
from tycoon.games.die_bosse.phases import ADVANCE, DISCARD, PAY, PLACE, TURN
from tycoon.games.die_bosse.turn import transfer_cost


class DieBosseBot:
    """Buys what grows its concerns, transfers when it pays, rationalises when it must."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, DieBosseState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        r = state.rules
        if state.phase == TURN:
            return self.turn(state, seat, legal)
        if state.phase == PLACE:
            target, _ = best_place(r, state.columns[seat], state.placing)
            return Place(target)
        if state.phase == PAY:
            plan = payment(r, state.hands[seat], state.paying, state.bill)
            return self.same_card(r, plan[0], legal, Pay)
        if state.phase == ADVANCE:
            return min(legal, key=lambda a: card_loss(r, state.hands[seat], a.card) if isinstance(a, Pay) else 0.0)
        if state.phase == DISCARD:
            if state.discarded:
                return Done()
            return self.same_card(r, self.least_useful(r, state.hands[seat]), legal, Discard)
        return legal[0]

    def turn(self, st: DieBosseState, seat: int, legal: list[Action]) -> Action:
        r = st.rules
        own = st.columns[seat]
        memo: dict[tuple[int, ...], float] = {}

        def value(column: Sequence[int]) -> float:
            key = tuple(column)
            if key not in memo:
                memo[key] = concern_value(r, column)
            return memo[key]

        values = [value(col) for col in own]
        cost = MONEY * self.move_cost(st, seat)
        home = {c: ci for ci, col in enumerate(own) for c in col}
        best: Action = End()
        best_gain = MIN_GAIN
        for a in legal:
            if isinstance(a, Buy):
                _, gain = best_place(r, own, a.card)
                gain -= MONEY * r.companies[a.card].price
            elif isinstance(a, Transfer):
                col = next(col for cols in st.columns for col in cols if col and col[-1] == a.company)
                harm = value(col) - value(col[:-1])
                _, gain = best_place(r, own, a.company)
                gain += HARM * harm - MONEY * transfer_cost(st, a.card, a.company)
            elif isinstance(a, Move):
                if a.company in st.moved:
                    continue  # once a turn: a second move could only undo or redo the first
                ci = home[a.company]
                rest = [c for c in own[ci] if c != a.company]
                if a.concern == ci:
                    gain = value([*rest, a.company]) - values[ci]
                elif a.concern == len(own):
                    gain = value(rest) + value([a.company]) - values[ci]
                else:
                    target = own[a.concern]
                    gain = value(rest) + value([*target, a.company]) - values[ci] - values[a.concern]
                gain -= cost
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def move_cost(self, st: DieBosseState, seat: int) -> float:
        """What the next rationalising move costs the bot, in millions: the rulebook's price
        when it is already paid for in advance, else what the hand loses by the capital card
        that can best pay for it (no change is given: the rest of a big card is paid in
        advance for later moves, but a move must be worth the card on its own)."""
        r = st.rules
        if st.prepaid >= r.rationalise:
            return float(r.rationalise)
        cards = spare(st, seat)
        return min((card_loss(r, st.hands[seat], c) for c in cards), default=float(r.rationalise))

    @staticmethod
    def same_card(rules: Rules, card: int, legal: list[Action], kind: type[Pay] | type[Discard]) -> Action:
        """The legal ``kind`` action for a card identical to ``card``."""
        want = rules.kinds[card - rules.first_action]
        for a in legal:
            if isinstance(a, kind) and rules.kinds[a.card - rules.first_action] == want:
                return a
        return next(a for a in legal if isinstance(a, kind))

    @staticmethod
    def least_useful(rules: Rules, hand: Sequence[int]) -> int:
        """The card to give up: the smallest capital card that completes no symbol set."""

        def use(card: int) -> float:
            c = rules.action(card)
            if c.kind == TRANSFER:
                return 9.0 - c.halves
            if c.kind != CAPITAL:
                return 0.0
            if c.symbol:
                partners = {rules.action(o).value for o in hand if o != card and rules.action(o).symbol == c.symbol}
                return c.value + 8.0 * len(partners - {c.value})
            return float(c.value)

        return min(hand, key=use)
