"""Concerns: the columns of companies each player lays out in front of them.

Rulebook "Bedrijven kopen en concern uitbouwen": a new card goes at the bottom of an existing
column or starts a new one; the order within a column changes only by rationalising. A concern
holds at most 6 different companies sharing at least one letter in their title bars; from 3
companies on it earns a profit share, for each letter all its companies share.
"""

from __future__ import annotations

from collections.abc import Sequence

from tycoon.core.messages import Text, msg
from tycoon.games.die_bosse.data import LETTERS, Rules

Column = list[int]
"""A concern: company numbers from top to bottom."""

NEW = -1
"""Where a company goes that starts a concern of its own (a waiting rationalising move)."""


def shared(rules: Rules, column: Sequence[int]) -> frozenset[str]:
    """The letters every company of ``column`` carries (all letters for an empty column)."""
    letters = frozenset(LETTERS)
    for number in column:
        letters &= rules.companies[number].letters
    return letters


def can_join(rules: Rules, column: Sequence[int], company: int) -> Text:
    """Why ``company`` may not go at the bottom of ``column`` (a message), or ``""`` if it may.

    Two companies of one industry are not refused here: the rulebook treats them as a mistake
    a co-player may discover (see ``duplicates``), not as a placement that cannot be made.
    """
    if len(column) >= rules.max_concern:
        return msg("db.no.concern_full", most=rules.max_concern)
    # The letters as bits (``Rules.letter_masks``) first: every company laid is checked.
    masks = rules.letter_masks
    common = masks[company]
    for number in column:
        common &= masks[number]
    if not common:
        return msg("db.no.no_letter", letters="".join(sorted(shared(rules, column))))
    return ""


def duplicates(rules: Rules, column: Sequence[int]) -> list[int]:
    """The companies of ``column`` whose industry is already in it higher up: the ones to be
    moved out when the cartel office discovers them (rulebook "Rationaliseren")."""
    # Each industry is one bit (``Rules.industry_bits``): checked at the end of every turn.
    bits = rules.industry_bits
    seen = 0
    out = []
    for number in column:
        bit = bits[number]
        if seen & bit:
            out.append(number)
        seen |= bit
    return out


def share(rules: Rules, column: Sequence[int]) -> int:
    """The profit share ``column`` earns at a distribution: the table's amount for its size,
    once per shared letter; nothing below 3 companies."""
    per_letter = rules.profit_table.get(len(column), 0)
    if not per_letter or len(column) < rules.min_paying:
        return 0
    return per_letter * len(shared(rules, column))


def locate(columns: Sequence[Sequence[int]], company: int) -> tuple[int, int]:
    """Where ``company`` lies: (column index, position), or (-1, -1)."""
    for c, column in enumerate(columns):
        if company in column:
            return c, column.index(company)
    return -1, -1
