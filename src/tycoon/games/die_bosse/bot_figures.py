"""The Die Bosse bot's estimates, as public functions: what a concern is worth, where a company
adds most, which capital cards pay a bill with the least overpayment, what a card is worth to a
hand. ``bot.py`` decides with them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.data import Rules

if TYPE_CHECKING:
    from tycoon.games.die_bosse.flow import DieBosseState

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


LETTER_VALUES: dict[int, tuple[float, ...]] = {
    size: tuple(per_letter * (1 + 0.6 * (min(letters, 3) - 1)) for letters in range(7))
    for size, per_letter in GROWTH.items()
}
"""``concern_value`` by size and number of shared letters (1 to 6): ``GROWTH`` per letter,
extra letters counting a little less (they are harder to keep)."""

ALL_LETTERS = 0b111111
"""Every letter's bit (``Rules.letter_masks``): what an empty concern "shares"."""


class Concern:
    """What the bot's estimates need of one concern: its size, the letters it shares (bits),
    its industries (bits) and whether one of them is there twice."""

    __slots__ = ("double", "industries", "letters", "size")

    def __init__(self, rules: Rules, column: Sequence[int]) -> None:
        letters, industries, double = ALL_LETTERS, 0, False
        masks, bits = rules.letter_masks, rules.industry_bits
        for c in column:
            letters &= masks[c]
            bit = bits[c]
            double = double or bool(industries & bit)
            industries |= bit
        self.size = len(column)
        self.letters = letters
        self.industries = industries
        self.double = double

    def value(self) -> float:
        """``concern_value`` of this concern."""
        if not self.size or not self.letters or self.double:
            return 0.0  # nothing shared, or the cartel office will split it
        return LETTER_VALUES[self.size][self.letters.bit_count()]

    def value_with(self, rules: Rules, company: int) -> float:
        """``concern_value`` of this concern with ``company`` laid at its bottom."""
        letters = self.letters & rules.letter_masks[company]
        if not letters or self.double or self.industries & rules.industry_bits[company]:
            return 0.0
        return LETTER_VALUES[self.size + 1][letters.bit_count()]


class Figures:
    """A concern's figures as the bot's turn reads them: the ``Concern``, its worth, the worth
    of what is left without each company (``rest_values``) and without its last one, the most
    of those (``best_rest``), and the most it can gain by taking one more company that keeps
    its letters (``room``: nought for a concern that cannot take one, is doubled, or shares no
    letter)."""

    __slots__ = ("best_rest", "concern", "rests", "room", "value", "without_last")

    def __init__(self, rules: Rules, column: Sequence[int]) -> None:
        c = self.concern = Concern(rules, column)
        self.value = c.value()
        self.rests = rest_values(rules, column)
        self.without_last = self.rests[-1]
        self.best_rest = max(self.rests)
        self.room = 0.0
        if c.size < rules.max_concern and c.letters and not c.double:
            self.room = LETTER_VALUES[c.size + 1][c.letters.bit_count()] - self.value


class FiguresMemo:
    """``Figures`` of the concerns met lately, by their companies (a player's concerns change
    a company at a time, so most are met again at the next decision)."""

    KEPT = 4096
    """How many concerns are kept before the memo starts again."""

    def __init__(self) -> None:
        self.known: dict[tuple[int, ...], Figures] = {}

    def of(self, rules: Rules, column: Sequence[int]) -> Figures:
        key = tuple(column)
        found = self.known.get(key)
        if found is None:
            if len(self.known) >= self.KEPT:
                self.known.clear()
            found = self.known[key] = Figures(rules, column)
        return found


_SHARED: dict[int, tuple[Rules, FiguresMemo]] = {}
"""A ``FiguresMemo`` per set of rules (by its identity, kept with the rules)."""


def shared_memo(rules: Rules) -> FiguresMemo:
    """The ``FiguresMemo`` that every bot playing by ``rules`` shares: a concern's figures are a
    pure function of the rules and its companies, and the concerns of one game come back in the
    next (a bot made for each game started with none, and worked out six concerns in seven
    anew)."""
    kept = _SHARED.get(id(rules))
    if kept is None or kept[0] is not rules:
        kept = _SHARED[id(rules)] = (rules, FiguresMemo())
    return kept[1]


def concern_value(rules: Rules, column: Sequence[int]) -> float:
    """The expected worth of one concern: ``GROWTH`` for its size, per shared letter; nothing
    for a concern that shares no letter or holds two companies of one industry (the cartel
    office will split it)."""
    return Concern(rules, column).value()


def rest_values(rules: Rules, column: Sequence[int]) -> list[float]:
    """For each company of ``column``: ``concern_value`` of the concern without it."""
    masks, bits = rules.letter_masks, rules.industry_bits
    size = len(column) - 1
    if not size:
        return [0.0]
    # The letters shared above and below each company, and how often each industry is there.
    above = [ALL_LETTERS]
    for c in column:
        above.append(above[-1] & masks[c])
    below = [ALL_LETTERS]
    for c in reversed(column):
        below.append(below[-1] & masks[c])
    below.reverse()
    counts: dict[int, int] = {}
    for c in column:
        counts[bits[c]] = counts.get(bits[c], 0) + 1
    doubled = [b for b, n in counts.items() if n > 1]
    # Without the company the rest still holds an industry twice when its own is there three
    # times or more, or another industry is there twice (no other than its own when only its
    # own is doubled).
    other_doubled = len(doubled) > 1
    only = doubled[0] if len(doubled) == 1 else -1
    per_letter = LETTER_VALUES[size]
    out = []
    for pos, c in enumerate(column):
        letters = above[pos] & below[pos + 1]
        bit = bits[c]
        double = counts[bit] > 2 or other_doubled or (only >= 0 and only != bit)
        out.append(0.0 if not letters or double else per_letter[letters.bit_count()])
    return out


def position_value(rules: Rules, columns: Sequence[Sequence[int]]) -> float:
    """The expected worth of all of a player's concerns."""
    return sum(concern_value(rules, col) for col in columns)


def best_place(rules: Rules, columns: Sequence[Sequence[int]], company: int) -> tuple[int, float]:
    """The concern index where ``company`` adds most (``len(columns)``: a new one), and the gain."""
    return best_place_among(rules, [Concern(rules, col) for col in columns], company)


def best_place_among(rules: Rules, concerns: Sequence[Concern], company: int) -> tuple[int, float]:
    """``best_place`` over concerns already summed up."""
    mask, bit = rules.letter_masks[company], rules.industry_bits[company]
    best, gain = len(concerns), LETTER_VALUES[1][mask.bit_count()]
    for t, concern in enumerate(concerns):
        if concern.size >= rules.max_concern or not concern.letters & mask or concern.industries & bit:
            continue  # it cannot go there, or it would sit beside another of its industry
        g = concern.value_with(rules, company) - concern.value()
        if g > gain:
            best, gain = t, g
    return best, gain


PAYMENTS_KEPT = 1 << 14
"""How many payments ``payment`` remembers before it starts again."""

_PAYMENTS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[Rules, tuple[int, ...]]] = {}
"""``payment``'s answers by hand, cards paid and bill, with the rules they were worked out by."""


def payment(rules: Rules, hand: Sequence[int], paid: Sequence[int], bill: int) -> list[int]:
    """The capital cards of ``hand`` that, added to ``paid``, cover ``bill`` with the least
    overpayment (then the fewest cards)."""
    # Paying is a search over the hand's choices of cards, met again and again by a searching
    # player's worlds (the same hands, bills and payments in each of its options): remembered.
    key = (tuple(hand), tuple(paid), bill)
    known = _PAYMENTS.get(key)
    if known is not None and known[0] is rules:
        return list(known[1])
    if len(_PAYMENTS) >= PAYMENTS_KEPT:
        _PAYMENTS.clear()
    cards = work_out_payment(rules, key[0], key[1], bill)
    _PAYMENTS[key] = (rules, tuple(cards))
    # A bill is paid a card at a time, the payment's first card first (the lowest of its kind
    # in the hand). What is left of the payment is the payment of what is left (the same least
    # overpayment, and first among its equals: see ``work_out_payment``), so it is remembered
    # now rather than searched for again at every card paid.
    rest, given = list(key[0]), list(key[1])
    for i in range(len(cards) - 1):
        rest.remove(cards[i])
        given.append(cards[i])
        _PAYMENTS[(tuple(rest), tuple(given), bill)] = (rules, tuple(cards[i + 1 :]))
    return cards


def work_out_payment(rules: Rules, hand: Sequence[int], paid: Sequence[int], bill: int) -> list[int]:
    """``payment`` worked out afresh.

    Its answer lists the cards in the hand's order, each the lowest of its kind still free, and
    without its first card it is this search's answer for the hand without that card and the
    cards paid with it: a choice covers the bill and what it pays are the same with the card
    moved from the choice to the cards paid; a better rest would make a better whole (a
    covering choice holds a covering one built here, and any card more pays strictly more);
    and the choices are met in the same order with that card out of the hand."""
    same, slots, first = rules.first_same, rules.capital_slots, rules.first_action
    capital = [c for c in hand if slots[c - first][1] != -2]
    if len(capital) == 1 and worth(rules, paid) < bill:
        return capital  # the only card there is, whether it covers the rest or not
    paid_kinds = tuple(same[c] for c in paid)
    # Each choice of cards once, by the kinds of its cards (identical cards are alike), in the
    # order first met: its kinds, sorted, name it, with the cards and what they pay. A choice
    # that covers the bill is not added to: any card more pays strictly more (every capital
    # card is worth something), so nothing built on it can be better.
    options: dict[tuple[int, ...], tuple[list[int], int]] = {(): ([], worth(rules, paid_kinds))}
    for card in capital:
        kind = same[card]
        value, slot = slots[card - first]
        for key, (cards, total) in list(options.items()):
            if total >= bill:
                continue
            # Kept sorted: a hand is (its cards and so their kinds in order), so a kind joins
            # at the end but for a hand given out of order.
            new_key = (*key, kind) if not key or key[-1] <= kind else tuple(sorted((*key, kind)))
            if new_key not in options:
                # A card without a symbol adds its face to the worth (cards.worth counts it
                # alone); one with a symbol may complete a set.
                options[new_key] = (
                    [*cards, card],
                    total + value if slot == -1 else worth(rules, paid_kinds + new_key),
                )
    best: list[int] | None = None
    best_score = (0, 0)
    for cards, total in options.values():
        if total < bill:
            continue
        score = (total, len(cards))
        if best is None or score < best_score:
            best, best_score = cards, score
    return best if best is not None else capital


def card_loss(rules: Rules, hand: Sequence[int], card: int) -> float:
    """What handing over ``card`` takes from the hand's worth (a card of a symbol set takes
    more than its face), then a little for its face, so the smaller card goes first."""
    rest = list(hand)
    rest.remove(card)
    return worth(rules, hand) - worth(rules, rest) + rules.action(card).value / 100


def standing(state: DieBosseState) -> list[float]:
    """Each seat's standing for a search cut short (``GameSpec.evaluate``): the shares written
    on its sheet, plus what its concerns are expected to earn (``position_value``) and its
    capital in hand at ``MONEY`` a million. A seat's hand is its own secret: a search reads it
    in a world it dealt itself (``State.resample``), never in the true one."""
    r = state.rules
    return [
        state.score(s) + position_value(r, state.columns[s]) + MONEY * worth(r, state.hands[s])
        for s in range(state.game.num_seats)
    ]
