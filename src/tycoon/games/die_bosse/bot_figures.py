"""The Die Bosse bot's estimates, as public functions: what a concern is worth, where a company
adds most, which capital cards pay a bill with the least overpayment, what a card is worth to a
hand. ``bot.py`` decides with them."""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.concerns import shared
from tycoon.games.die_bosse.data import CAPITAL, Rules

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


def card_loss(rules: Rules, hand: Sequence[int], card: int) -> float:
    """What handing over ``card`` takes from the hand's worth (a card of a symbol set takes
    more than its face), then a little for its face, so the smaller card goes first."""
    rest = list(hand)
    rest.remove(card)
    return worth(rules, hand) - worth(rules, rest) + rules.action(card).value / 100
