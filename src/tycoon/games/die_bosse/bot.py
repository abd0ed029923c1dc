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
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.concerns import shared
from tycoon.games.die_bosse.data import CAPITAL, TRANSFER, Rules
from tycoon.games.die_bosse.phases import ADVANCE, DISCARD, PAY, PLACE, TURN
from tycoon.games.die_bosse.state import DieBosseState
from tycoon.games.die_bosse.turn import spare, transfer_cost

GROWTH = {1: 0.6, 2: 1.4, 3: 2.6, 4: 5.0, 5: 9.5, 6: 15.0}
"""What a concern of each size is worth per letter: the profit table's share (1, 3, 8, 15)
plus what it may still grow into; a concern of 1 or 2 earns nothing yet but is a start."""

MONEY = 0.06
"""The value of one million of capital, in the units of ``concern_value``: capital only buys
companies, so it is worth little beside the profit shares it can bring."""

HARM = 0.4
"""How much a loss to an opponent counts, beside a gain of the bot's own."""

MIN_GAIN = 0.05
"""An action must raise the value by more than this, beyond what it costs."""


def concern_value(rules: Rules, column: Sequence[int]) -> float:
    """The expected worth of one concern: ``GROWTH`` for its size, per shared letter."""
    if not column:
        return 0.0
    letters = len(shared(rules, column))
    if not letters:
        return 0.0
    industries = {rules.companies[c].industry for c in column}
    if len(industries) < len(column):
        return 0.0  # the cartel office will split it
    return GROWTH[len(column)] * (1 + 0.6 * (min(letters, 3) - 1))


def position_value(rules: Rules, columns: Sequence[Sequence[int]]) -> float:
    """The expected worth of all of a player's concerns."""
    return sum(concern_value(rules, col) for col in columns)


def best_place(rules: Rules, columns: Sequence[Sequence[int]], company: int) -> tuple[int, float]:
    """The concern index where ``company`` adds most (``len(columns)``: a new one), and the gain."""
    card = rules.companies[company]
    best, gain = len(columns), concern_value(rules, [company])
    for t, col in enumerate(columns):
        if len(col) >= rules.max_concern or not shared(rules, col) & card.letters:
            continue
        if any(rules.companies[c].industry == card.industry for c in col):
            continue
        g = concern_value(rules, [*col, company]) - concern_value(rules, col)
        if g > gain:
            best, gain = t, g
    return best, gain


def payment(rules: Rules, hand: Sequence[int], paid: Sequence[int], bill: int) -> list[int]:
    """The capital cards of ``hand`` that, added to ``paid``, cover ``bill`` with the least
    overpayment (then the fewest cards)."""
    capital = [c for c in hand if rules.action(c).kind == CAPITAL]
    options: dict[tuple[int, ...], list[int]] = {(): []}
    for card in capital:
        for key, cards in list(options.items()):
            new_key = tuple(sorted((*key, rules.kinds[card - rules.first_action])))
            if new_key not in options:
                options[new_key] = [*cards, card]
    best: list[int] | None = None
    best_score = (0, 0)
    for cards in options.values():
        total = worth(rules, [*paid, *cards])
        if total < bill:
            continue
        score = (total, len(cards))
        if best is None or score < best_score:
            best, best_score = cards, score
    return best if best is not None else capital


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
            return min(legal, key=lambda a: self.loss(r, state.hands[seat], a))
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
        return min((self.loss(r, st.hands[seat], Pay(c)) for c in cards), default=float(r.rationalise))

    @staticmethod
    def loss(rules: Rules, hand: Sequence[int], pay: Action) -> float:
        """What handing over ``pay``'s card takes from the hand's worth (a card of a symbol set
        takes more than its face), then a little for its face, so the smaller card goes first."""
        assert isinstance(pay, Pay)
        rest = list(hand)
        rest.remove(pay.card)
        return worth(rules, hand) - worth(rules, rest) + rules.action(pay.card).value / 100

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
