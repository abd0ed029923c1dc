"""Chance in Die Bosse: the setup, refilling the row, drawing action cards, reshuffling.

Rulebook "Spelvoorbereiding": the two stacks are shuffled; 5 industry cards are laid face up
for sale (with 2 players, 14 are first taken out unseen); each player is dealt 7 action cards,
and a profit card in this first deal is replaced by another card. Rulebook "Spelverloop": after
the turn the player draws 2 action cards; when the stack is used up, the played cards are
shuffled into a new stack. Rulebook "Profit": a profit card drawn pays out at once and is not
replaced.

The stacks' order is never stored: each draw is a chance node over the cards still in the
stack, each equally likely (as decided for Playboss's risk stack in
``docs/decisions/0003-risk-deck-chance.md``); identical action cards are one outcome, named by
the lowest number of that kind still in the stack.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

from tycoon.core.actions import Action
from tycoon.core.messages import Seat, msg
from tycoon.games.die_bosse import profits
from tycoon.games.die_bosse.actions import Draw, Remove, Reveal
from tycoon.games.die_bosse.data import PROFIT, rules
from tycoon.games.die_bosse.phases import DRAW, REFILL, SETUP, TURN
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.words import company


def outcomes(st: DieBosseData) -> list[tuple[Action, Fraction]]:
    """The chance outcomes now, with their exact probabilities (none when a seat decides)."""
    if st.phase == SETUP:
        if len(st.removed) < st.removals():
            p = _chance(1, len(st.industry_stack))
            return [(REMOVE[c], p) for c in st.industry_stack]
        if len(st.row) < st.rules.row:
            p = _chance(1, len(st.industry_stack))
            return [(REVEAL[c], p) for c in st.industry_stack]
        # A profit card dealt in the first deal is replaced (shuffled back): the same as
        # dealing only from the other cards.
        return _draw_outcomes(st, initial=True)
    if st.phase == REFILL:
        p = _chance(1, len(st.industry_stack))
        return [(REVEAL[c], p) for c in st.industry_stack]
    if st.phase == DRAW:
        return _draw_outcomes(st, initial=False)
    return []


def weights(st: DieBosseData) -> tuple[list[Action], list[int]]:
    """The chance outcomes of ``outcomes``, in the same order, with whole weights: each card
    of the stack 1, each kind of action card the number of its cards in the stack."""
    phase = st.phase
    if phase == DRAW:  # the most frequent first: two draws a turn
        return draw_groups(st, initial=False)
    if phase == SETUP:
        if len(st.removed) < st.removals():
            return [REMOVE[c] for c in st.industry_stack], [1] * len(st.industry_stack)
        if len(st.row) < st.rules.row:
            return [REVEAL[c] for c in st.industry_stack], [1] * len(st.industry_stack)
        return draw_groups(st, initial=True)
    if phase == REFILL:
        return [REVEAL[c] for c in st.industry_stack], [1] * len(st.industry_stack)
    return [], []


def _draw_outcomes(st: DieBosseData, initial: bool) -> list[tuple[Action, Fraction]]:
    draws, counts = draw_groups(st, initial)
    shares = CHANCES[sum(counts)]
    return [(draw, shares[n]) for draw, n in zip(draws, counts, strict=True)]


def _chance(n: int, total: int) -> Fraction:
    return CHANCES[total][n]


def draw_groups(st: DieBosseData, initial: bool) -> tuple[list[Action], list[int]]:
    """The cards that can be drawn: for each kind of card the draw of the lowest number in the
    stack, and how many of that kind are there (two lists, in the stack's order). The first
    deal skips the profit cards."""
    same, profit = st.rules.first_same, st.rules.first_profit
    draws: list[Action] = []
    counts: list[int] = []
    # The stack is sorted and identical cards have consecutive numbers: each kind is one run,
    # begun where the kind changes. One pass over the stack (a few dozen cards) costs less than
    # finding each run's end by bisection (a draw is the hot path of chance).
    kind = profit_at = -1
    for card in st.action_stack:
        first = same[card]
        if first == kind:
            counts[-1] += 1
        else:
            kind = first
            if first == profit:
                profit_at = len(draws)
            draws.append(DRAW_CARD[card])
            counts.append(1)
    if initial and profit_at >= 0:
        del draws[profit_at], counts[profit_at]
    return draws, counts


CARDS = range(rules().total_cards)
CHANCES = [[Fraction(n, total) if total else Fraction(0) for n in range(total + 1)] for total in CARDS]
"""``CHANCES[total][n]``: ``n`` chances in ``total``, made once (no stack holds more cards
than there are)."""
REMOVE = [Remove(c) for c in CARDS]
REVEAL = [Reveal(c) for c in CARDS]
DRAW_CARD = [Draw(c) for c in CARDS]
"""The chance outcomes, made once (actions are immutable): listing them is the hot path of
simulation."""


def allowed(st: DieBosseData, action: Action) -> bool:
    """Whether ``action`` is one of the chance outcomes now."""
    if st.phase == DRAW:  # the most frequent first: two draws a turn
        return isinstance(action, Draw) and _drawable(st, action.card, initial=False)
    if st.phase == SETUP:
        if len(st.removed) < st.removals():
            return isinstance(action, Remove) and action.card in st.industry_stack
        if len(st.row) < st.rules.row:
            return isinstance(action, Reveal) and action.card in st.industry_stack
        return isinstance(action, Draw) and _drawable(st, action.card, initial=True)
    return st.phase == REFILL and isinstance(action, Reveal) and action.card in st.industry_stack


def _drawable(st: DieBosseData, card: int, initial: bool) -> bool:
    """Whether ``card`` names a draw: the lowest-numbered card of its kind in the stack (in the
    first deal, not a profit card)."""
    r = st.rules
    if not r.is_action(card) or (initial and r.first_same[card] == r.first_profit):
        return False
    stack = st.action_stack
    i = bisect_left(stack, card)
    return i < len(stack) and stack[i] == card and (i == 0 or stack[i - 1] < r.first_same[card])


def setup(st: DieBosseData, action: Action) -> bool:
    """Apply a chance outcome of the setup (``allowed`` has said it is one); whether the setup
    goes on (else the first turn has begun)."""
    if isinstance(action, Remove):
        st.industry_stack.remove(action.card)
        st.removed.append(action.card)
        if len(st.removed) == st.removals():
            st.say(msg("db.say.removed", n=len(st.removed)))
        return True
    if isinstance(action, Reveal):
        _reveal(st, action.card)
        return True
    assert isinstance(action, Draw)
    return not _deal(st, action.card)


def refill(st: DieBosseData, action: Action) -> bool:
    """Apply a company revealed to refill the row; whether the refill goes on (else the turn
    goes on)."""
    assert isinstance(action, Reveal)
    _reveal(st, action.card)
    if len(st.row) == st.rules.row or not st.industry_stack:
        st.phase = TURN
        return False
    return True


def draw(st: DieBosseData, action: Action) -> bool:
    """Apply an action card drawn at the end of the turn; the draw is over (``False``): the
    agenda goes on."""
    assert isinstance(action, Draw)
    _draw(st, action.card)
    return False


def _reveal(st: DieBosseData, card: int) -> None:
    st.industry_stack.remove(card)
    st.row.append(card)
    if st.log is not None:  # narration only when somebody listens
        st.say(msg("db.say.for_sale", company=company(st.rules, card)))


def _deal(st: DieBosseData, card: int) -> bool:
    """Deal ``card``; whether the deal is complete (and the first turn has begun)."""
    seat = min(range(st.game.num_seats), key=lambda s: len(st.hands[s]))
    st.action_stack.remove(card)
    st.hands[seat].append(card)
    st.hands[seat].sort()
    if all(len(h) == st.rules.hand for h in st.hands):
        st.say(msg("db.say.dealt", n=st.rules.hand))
        start_turn(st, 0)
        return True
    return False


def _draw(st: DieBosseData, card: int) -> None:
    seat = st.turn_seat
    st.action_stack.remove(card)
    if st.rules.action(card).kind == PROFIT:
        # Rulebook "Profit": play pauses, the concerns are paid; the card is discarded
        # and no replacement is drawn.
        st.say(msg("db.say.draws_profit", seat=Seat(seat)))
        st.discard.append(card)
        profits.distribute(st, msg("db.why.profit_card", seat=Seat(seat)))
    else:
        st.hands[seat].append(card)
        st.hands[seat].sort()
        if st.log is not None:  # narration only when somebody listens
            st.say(msg("db.say.draws", seat=Seat(seat)))


def ready_to_draw(st: DieBosseData) -> bool:
    """Make a draw pending, reshuffling the discard pile into a new stack when the stack has
    run out (rulebook "Spelverloop"); ``False`` when no card is left anywhere to draw."""
    if not st.action_stack and st.discard:
        st.action_stack = sorted(st.discard)
        st.discard = []
        st.given_up = [[] for _ in st.given_up]
        st.say(msg("db.say.reshuffled"))
    if st.action_stack:
        st.phase = DRAW
        return True
    st.say(msg("db.say.stack_empty", seat=Seat(st.turn_seat)))
    return False


def start_turn(st: DieBosseData, seat: int) -> None:
    """``seat``'s turn begins."""
    st.turn_seat = seat
    st.turns += 1
    st.phase = TURN
    st.reset_turn()
