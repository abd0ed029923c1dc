"""Action cards in the hand: what capital cards are worth, and which cards a player can tell
apart.

Rulebook "kapitaalkaarten": the printed price must be paid; the bank gives no change and no
credit. The 1 to 8 million cards carry one of three symbols; 2, 3 or 4 cards of *different
value* with the same symbol count together as 16, 32 or 64 million. A set is always worth more
than its cards' face values, so the worth of some capital cards is the best way of grouping
each symbol's cards into sets (``symbol_worth``), plus the plain cards' values.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from tycoon.games.die_bosse.data import SYMBOL_VALUES, SYMBOLS, Rules

WORTHS_KEPT = 1 << 16
"""How many card lists' worths ``Rules.worths`` keeps before it starts again."""


def worth(rules: Rules, cards: Iterable[int]) -> int:
    """What capital cards ``cards`` pay together, in millions, symbol sets counted at their
    set value. Other action cards in ``cards`` count nothing."""
    # A hand's worth is asked for again and again while a player decides: it is remembered.
    key = tuple(cards)
    known = rules.worths.get(key)
    if known is None:
        if len(rules.worths) >= WORTHS_KEPT:
            rules.worths.clear()
        known = rules.worths[key] = _worth(rules, key)
    return known


def _worth(rules: Rules, cards: tuple[int, ...]) -> int:
    plain = 0
    counts: list[int] | None = None
    slots, first = rules.capital_slots, rules.first_action
    for number in cards:
        value, slot = slots[number - first]
        if slot == -1:
            plain += value
        elif slot >= 0:
            if counts is None:
                counts = [0] * (4 * len(SYMBOLS))
            counts[slot] += 1
    if counts is None:
        return plain
    sets = rules.symbol_sets
    total = plain
    # Each symbol's cards apart (a symbol without a card in the list adds nothing).
    for i in range(0, len(counts), 4):
        part = counts[i : i + 4]
        if part != NONE_OF_A_SYMBOL:
            total += symbol_worth(tuple(part), sets)
    return total


NONE_OF_A_SYMBOL = [0] * len(SYMBOL_VALUES)
"""The counts of a symbol none of whose cards is in a list (``_worth``)."""


@cache
def symbol_worth(counts: tuple[int, ...], sets: tuple[tuple[int, int], ...]) -> int:
    """The most that one symbol's cards are worth: ``counts[i]`` cards of value
    ``SYMBOL_VALUES[i]``, grouped into sets of different values (``sets``: size → value)."""
    best = sum(n * v for n, v in zip(counts, SYMBOL_VALUES, strict=True))
    set_value = dict(sets)
    # Try every set that can be formed from the cards (a subset of the values present), then
    # the best grouping of the rest.
    present = [i for i, n in enumerate(counts) if n]
    for mask in range(1, 1 << len(present)):
        chosen = [present[b] for b in range(len(present)) if mask >> b & 1]
        if len(chosen) not in set_value:
            continue
        rest = list(counts)
        for i in chosen:
            rest[i] -= 1
        best = max(best, set_value[len(chosen)] + symbol_worth(tuple(rest), sets))
    return best


def representatives(rules: Rules, cards: Iterable[int]) -> list[int]:
    """One card of each kind a player can tell apart (the lowest number), in order."""
    same = rules.first_same
    out = []
    last = -1
    # Sorted, identical cards lie together (they have consecutive numbers): a kind is new when
    # it differs from the card before.
    for number in sorted(cards):
        kind = same[number]
        if kind != last:
            last = kind
            out.append(number)
    return out


__all__ = ["SYMBOLS", "SYMBOL_VALUES", "representatives", "symbol_worth", "worth"]
