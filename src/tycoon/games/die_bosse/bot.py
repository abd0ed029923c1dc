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
    ALL_LETTERS,
    HARM,
    LETTER_VALUES,
    MIN_GAIN,
    MONEY,
    Figures,
    best_place_among,
    card_loss,
    payment,
    shared_memo,
)
from tycoon.games.die_bosse.data import CAPITAL, TRANSFER, Rules, rules
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.paying import budget, can_rationalise, spare
from tycoon.games.die_bosse.phases import ADVANCE, DISCARD, PAY, PLACE, TURN

CARDS = range(rules().total_cards)
BUYS = [Buy(c) for c in CARDS]
PAYS = [Pay(c) for c in CARDS]
DISCARDS = [Discard(c) for c in CARDS]
PLACES = [Place(t) for t in range(len(rules().companies) + 1)]
END, DONE = End(), Done()
"""The bot's answers that name a card or a concern, made once (actions are immutable; most of
the bot's decisions are one of these), as ``chance`` makes its outcomes."""


class DieBosseBot:
    """Buys what grows its concerns, transfers when it pays, rationalises when it must."""

    name = "bot"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        assert isinstance(state, DieBosseState)
        # The bot builds its few candidates itself, checked as the rules check them, instead of
        # scanning the legal list; it picks what the legal list would have led it to.
        r = state.rules
        hand = state.hands[seat]
        if state.phase == TURN:
            return self.turn(state, seat)
        if state.phase == PLACE:
            memo = shared_memo(r)
            concerns = [memo.of(r, col).concern for col in state.columns[seat]]
            target, _ = best_place_among(r, concerns, state.placing)
            return PLACES[target]
        if state.phase == PAY:
            # The payment's first card is the lowest of its kind in the hand (``payment``
            # builds its choices in the hand's order), the card a player names.
            return PAYS[payment(r, hand, state.paying, state.bill)[0]]
        if state.phase == ADVANCE:
            return PAYS[min(spare(state, seat), key=lambda c: card_loss(r, hand, c))]
        if state.phase == DISCARD:
            if state.discarded:
                return DONE
            return DISCARDS[self.same_card(r, self.least_useful(r, hand), hand)]
        return state.legal_actions(seat)[0]

    def turn(self, st: DieBosseState, seat: int) -> Action:
        """The purchase, transfer or move that raises the bot's estimate most by more than it
        costs (by ``MIN_GAIN``), in the order the legal list holds them; else the end of the turn.

        The figures are ``bot_figures``' (``best_place``, ``concern_value``), worked out here on
        the concerns' bits once for all candidates: this is the hot path of simulation."""
        r = st.rules
        own = st.columns[seat]
        masks, bits = r.letter_masks, r.industry_bits
        full = r.max_concern
        worths = LETTER_VALUES
        memo = shared_memo(r)
        known = memo.known  # looked up here first: the bot's turn asks for every concern
        figures = [known.get(tuple(col)) or memo.of(r, col) for col in own]
        concerns = [f.concern for f in figures]
        values = [f.value for f in figures]
        # For each concern that can take a company: (index, size, letters, industries, double).
        open_ = [(t, c.size, c.letters, c.industries, c.double) for t, c in enumerate(concerns) if c.size < full]

        def placed(company: int) -> float:
            """``best_place``'s gain for ``company``."""
            mask, bit = masks[company], bits[company]
            gain = worths[1][mask.bit_count()]
            for t, size, letters, industries, double in open_:
                shared_ = letters & mask
                if not shared_ or industries & bit:
                    continue
                g = (0.0 if double else worths[size + 1][shared_.bit_count()]) - values[t]
                if g > gain:
                    gain = g
            return gain

        left = budget(st, seat)
        best: Action = END
        best_gain = MIN_GAIN
        prices = r.prices
        for card in st.row:
            price = prices[card]
            if price > left:
                continue
            gain = placed(card)
            gain -= MONEY * price
            if gain > best_gain:
                best, best_gain = BUYS[card], gain
        # The transfer cards in hand, one of each kind (the lowest: the hand is sorted), with
        # what each costs in halves of a price.
        transfers = []
        halves, same = r.halves, r.first_same
        kind = -1
        for c in st.hands[seat]:
            if halves[c] and same[c] != kind:
                kind = same[c]
                transfers.append((c, halves[c]))
        if transfers:
            for other, columns in enumerate(st.columns):
                if other == seat:
                    continue
                for col in columns:
                    company = col[-1]
                    price = prices[company]
                    gained: float | None = None
                    harm = 0.0
                    for t, h in transfers:
                        cost = price * h // 2
                        if cost > left:
                            continue
                        if gained is None:
                            victim = memo.of(r, col)
                            harm = victim.value - victim.without_last
                            gained = placed(company)
                        gain = gained
                        gain += HARM * harm - MONEY * cost
                        if gain > best_gain:
                            best, best_gain = Transfer(t, company), gain
        if can_rationalise(st, seat):
            move = self.best_move(st, seat, figures, values, best_gain)
            if move is not None:
                best = move
        return best

    def best_move(
        self, st: DieBosseState, seat: int, figures: list[Figures], values: list[float], best_gain: float
    ) -> Move | None:
        """The rationalising move that gains more than ``best_gain`` and most, or ``None``; a
        company already moved this turn stays (a second move could only redo or undo the
        first). ``figures`` are those of the seat's concerns, ``values`` their worths."""
        # The most a concern can gain by taking a company: one more company, the same letters.
        room = LETTER_VALUES[1][3]
        for f in figures:
            if f.room > room:
                room = f.room
        # The concerns with a company whose move might pay (the bound below, taken for the
        # concern's best rest): about one call in six has none, and lists no target.
        movable = [ci for ci, f in enumerate(figures) if f.best_rest - f.value + room > best_gain - 1e-9]
        if not movable:
            return None
        r = st.rules
        own = st.columns[seat]
        new = len(own)
        masks, bits = r.letter_masks, r.industry_bits
        full = r.max_concern
        single = LETTER_VALUES[1]
        # The targets a company may go to, in order: each concern with room and a letter, as
        # (index, letters, industries, double, worth per letter once grown, worth now), then a
        # concern of its own, which "shares" every letter, holds no industry and is worth nothing.
        targets = []
        for t, f in enumerate(figures):
            c = f.concern
            if c.size < full and c.letters:
                targets.append((t, c.letters, c.industries, c.double, LETTER_VALUES[c.size + 1], f.value))
        targets.append((new, ALL_LETTERS, 0, False, single, 0.0))
        best: Move | None = None
        cost: float | None = None
        for ci in movable:
            col = own[ci]
            last = len(col) - 1
            rests = figures[ci].rests
            for pos, company in enumerate(col):
                if company in st.moved:
                    continue
                rest_value = rests[pos]
                if rest_value - values[ci] + room <= best_gain - 1e-9:
                    continue  # no target can make this move pay (moves to one's own concern never do)
                mask, bit = masks[company], bits[company]
                for t, shared_, industries, double, per_letter, worth_now in targets:
                    # The same companies, the same worth: never a gain; nor a concern of its own
                    # for a company alone.
                    if t == ci or (t == new and not last):
                        continue
                    letters = shared_ & mask
                    if not letters:
                        continue
                    joined = 0.0 if double or industries & bit else per_letter[letters.bit_count()]
                    gain = rest_value + joined - values[ci] - worth_now
                    if gain <= best_gain:
                        continue  # the move's cost, never below nothing, cannot make it pay
                    if cost is None:
                        cost = MONEY * self.move_cost(st, seat)
                    gain -= cost
                    if gain > best_gain:
                        best, best_gain = Move(company, t), gain
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
    def same_card(rules: Rules, card: int, hand: Sequence[int]) -> int:
        """The card of ``hand`` a player names for one identical to ``card``: the lowest-numbered."""
        kinds, first = rules.kinds, rules.first_action
        want = kinds[card - first]
        lowest = card
        for c in hand:  # a loop: min() of a generator costs more, at every card the bot pays
            if c < lowest and kinds[c - first] == want:
                lowest = c
        return lowest

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
