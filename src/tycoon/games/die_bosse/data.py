"""Die Bosse component data, read from the TOML files in ``data/``.

The files say, entry by entry, what comes from the rulebook, from research, or was designed
here. This module only turns them into typed, validated values.

Every number of a file is a whole number from 0 to 1,000,000 (``tycoon.core.datafiles.MOST``);
the files are the game's own (Die Bosse takes no data file of one's own), checked as they are read.

Every physical card has a number: industry cards are 0 to 53 in the order of
``industry_cards.toml``, action cards 54 to 107 in the order of ``action_cards.toml`` (each
entry's copies in a row). Records and views name cards by these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tycoon.core.datafiles import parse
from tycoon.core.game import SharedDict

INDUSTRIES = ("aviation", "electronics", "alternative-energy", "chemistry", "oil", "auto")
"""The six industries (rulebook: luchtvaart, elektronica, alternatieve energie, chemie,
aardolie, auto). Each has its own colour on the cards."""

LETTERS = "ABCDEF"
"""The merger letters on the industry cards' title bars."""

SYMBOLS = ("triangle", "half-circle", "rectangle")
"""The symbols on the small capital cards (1, 3, 5 and 8 million)."""

SYMBOL_VALUES = (1, 3, 5, 8)
"""The values of the small capital cards that carry a symbol."""

CAPITAL, TRANSFER, PROFIT = "capital", "transfer", "profit"
"""The kinds of action card."""


@dataclass(frozen=True, slots=True)
class Company:
    """An industry card: a company for sale."""

    number: int
    """The card's number, 0 to 53."""
    industry: str
    """One of ``INDUSTRIES``."""
    letters: frozenset[str]
    """The letters in its title bar: its merger possibilities."""
    price: int
    """The printed price, in millions."""

    @property
    def text(self) -> str:
        return f"{self.industry} {''.join(sorted(self.letters))} ({self.price}M)"


@dataclass(frozen=True, slots=True)
class ActionCard:
    """An action card: capital, transfer or profit."""

    number: int
    """The card's number, 54 to 107."""
    kind: str
    """``CAPITAL``, ``TRANSFER`` or ``PROFIT``."""
    value: int = 0
    """A capital card's value, in millions."""
    symbol: str = ""
    """A small capital card's symbol (one of ``SYMBOLS``), else ``""``."""
    halves: int = 0
    """A transfer card's factor in halves: 1 = ½×, 2 = 1×, 3 = 1½× the price."""

    @property
    def key(self) -> tuple[str, int, str, int]:
        """What a player can tell apart: cards with the same key are identical."""
        return (self.kind, self.value, self.symbol, self.halves)

    @property
    def text(self) -> str:
        if self.kind == CAPITAL:
            return f"{self.value}M {self.symbol}" if self.symbol else f"{self.value}M"
        if self.kind == TRANSFER:
            return f"transfer {FACTORS[self.halves]}×"
        return "profit"


FACTORS = {1: "½", 2: "1", 3: "1½"}
"""A transfer card's factor as printed, by ``halves``."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number of Die Bosse, and the cards."""

    companies: tuple[Company, ...]
    """The 54 industry cards, by number."""
    actions: tuple[ActionCard, ...]
    """The 54 action cards, by number minus ``first_action``."""
    first_action: int
    """The number of the first action card (54)."""
    row: int
    hand: int
    draw: int
    two_player_removed: int
    max_concern: int
    min_paying: int
    rationalise: int
    """What rationalising costs per company moved, in millions, paid in advance."""
    set_values: dict[int, int]
    """Value in millions of a symbol set, by its number of cards (2, 3 or 4)."""
    symbol_sets: tuple[tuple[int, int], ...]
    """``set_values`` as (number of cards, value) pairs, by number."""
    profit_table: dict[int, int]
    """Profit share per shared letter, by concern size (sizes not listed pay nothing)."""
    kinds: tuple[int, ...]
    """For each action card (by number minus ``first_action``): the number of the first card
    identical to it; ``-1`` for a profit card."""
    first_same: tuple[int, ...]
    """For each card by its number: the lowest number of the cards identical to it (both
    profit cards: the first of them); a company is only itself."""
    first_profit: int
    """The number of the first profit card (-1 if there is none)."""
    prices: tuple[int, ...]
    """For each company: its price, in millions."""
    letter_masks: tuple[int, ...]
    """For each company: its letters as bits (A = 1, B = 2, ... F = 32), so that the letters a
    concern shares are the ``&`` of its companies' masks."""
    industry_bits: tuple[int, ...]
    """For each company: its industry as one bit (``1 << INDUSTRIES.index``)."""
    capital_slots: tuple[tuple[int, int], ...]
    """For each action card (by number minus ``first_action``): (value, slot) for a capital
    card, where slot is ``4 * symbol + value index`` for a card with a symbol and -1 for a plain
    one; ``(0, -2)`` for a transfer or profit card. What ``cards.worth`` counts with."""
    halves: tuple[int, ...]
    """For each card by its number: what a transfer card costs, in halves of the company's
    price (1, 2 or 3); 0 for any other card. What the bot's turn reads its transfers by."""

    worths: dict[tuple[int, ...], int] = field(default_factory=dict, compare=False, repr=False)
    """What ``cards.worth`` worked out lately, by the list of cards."""
    card_json: dict[int, SharedDict] = field(default_factory=dict, compare=False, repr=False)
    """Each card's picture in a view, by its number, made once (``views.py``): the same
    ``SharedDict`` in every view, which refuses change. The profit table's is kept here too."""
    concern_json: dict[tuple[int, ...], SharedDict] = field(default_factory=dict, compare=False, repr=False)
    """The pictures of the concerns views showed lately, by their companies (``views.py``)."""

    @property
    def total_cards(self) -> int:
        return len(self.companies) + len(self.actions)

    def action(self, number: int) -> ActionCard:
        return self.actions[number - self.first_action]

    def is_company(self, number: int) -> bool:
        return 0 <= number < len(self.companies)

    def is_action(self, number: int) -> bool:
        return self.first_action <= number < self.first_action + len(self.actions)


def _load(name: str) -> dict[str, Any]:
    text = resources.files("tycoon.games.die_bosse").joinpath("data", name).read_text(encoding="utf-8")
    return parse(name, text)


@cache
def rules() -> Rules:
    """The rules and cards of Die Bosse, loaded and checked once."""
    r = _load("rules.toml")
    base, per_letter = int(r["prices"]["base"]), int(r["prices"]["per_letter"])
    companies: list[Company] = []
    for i, c in enumerate(_load("industry_cards.toml")["card"]):
        letters = frozenset(str(c["letters"]))
        if c["industry"] not in INDUSTRIES:
            raise ValueError(f"industry_cards.toml: card {i} has unknown industry {c['industry']!r}")
        if not letters or not letters <= set(LETTERS) or len(letters) != len(str(c["letters"])):
            raise ValueError(f"industry_cards.toml: card {i} needs distinct letters from {LETTERS}")
        price = base + per_letter * len(letters)
        if price % 2:
            # A ½× transfer pays half the price: it must be a whole number of millions.
            raise ValueError(f"industry_cards.toml: card {i} would cost {price}M, an odd price")
        companies.append(Company(i, str(c["industry"]), letters, price))
    a = _load("action_cards.toml")
    first = len(companies)
    actions: list[ActionCard] = []

    def add(count: int, **fields: Any) -> None:
        for _ in range(count):
            actions.append(ActionCard(first + len(actions), **fields))

    for c in a["capital"]:
        symbol = str(c.get("symbol", ""))
        if symbol and symbol not in SYMBOLS:
            raise ValueError(f"action_cards.toml: unknown symbol {symbol!r}")
        add(int(c["count"]), kind=CAPITAL, value=int(c["value"]), symbol=symbol)
    for c in a["transfer"]:
        if int(c["halves"]) not in FACTORS:
            raise ValueError(f"action_cards.toml: a transfer factor must be 1, 2 or 3 halves, not {c['halves']}")
        add(int(c["count"]), kind=TRANSFER, halves=int(c["halves"]))
    add(int(a["profit"]["count"]), kind=PROFIT)
    rationalise = int(r["prices"]["rationalise"])
    smallest = min(card.value for card in actions if card.kind == CAPITAL)
    if not 0 < rationalise <= smallest:
        # Rationalising is paid in advance, a move at a time: one capital card must pay it.
        raise ValueError(f"rules.toml: rationalising must cost 1 to {smallest} million (the smallest capital card)")
    kinds = []
    first_same = [c.number for c in companies]
    for card in actions:
        same = next(c.number for c in actions if c.key == card.key)
        if any(c.key != card.key for c in actions[same - first : card.number - first]):
            # Identical cards must lie together: a draw names the lowest of its kind in the stack.
            raise ValueError(f"action_cards.toml: two entries describe the same card ({card.text})")
        kinds.append(-1 if card.kind == PROFIT else same)
        first_same.append(same)
    profits = [c.number for c in actions if c.kind == PROFIT]
    slots = []
    for card in actions:
        if card.kind != CAPITAL:
            slots.append((0, -2))
        elif card.symbol:
            if card.value not in SYMBOL_VALUES:
                raise ValueError(f"action_cards.toml: a card with a symbol is worth one of {SYMBOL_VALUES} million")
            slots.append((card.value, 4 * SYMBOLS.index(card.symbol) + SYMBOL_VALUES.index(card.value)))
        else:
            slots.append((card.value, -1))
    return Rules(
        kinds=tuple(kinds),
        first_same=tuple(first_same),
        first_profit=profits[0] if profits else -1,
        prices=tuple(c.price for c in companies),
        letter_masks=tuple(sum(1 << LETTERS.index(x) for x in c.letters) for c in companies),
        industry_bits=tuple(1 << INDUSTRIES.index(c.industry) for c in companies),
        capital_slots=tuple(slots),
        halves=tuple([0] * len(companies) + [c.halves if c.kind == TRANSFER else 0 for c in actions]),
        companies=tuple(companies),
        actions=tuple(actions),
        first_action=first,
        row=int(r["table"]["row"]),
        hand=int(r["table"]["hand"]),
        draw=int(r["table"]["draw"]),
        two_player_removed=int(r["table"]["two_player_removed"]),
        max_concern=int(r["concern"]["max_size"]),
        min_paying=int(r["concern"]["min_paying"]),
        rationalise=rationalise,
        set_values={int(k): int(v) for k, v in r["symbol_sets"].items()},
        symbol_sets=tuple(sorted((int(k), int(v)) for k, v in r["symbol_sets"].items())),
        profit_table={int(k): int(v) for k, v in r["profit"].items()},
    )
