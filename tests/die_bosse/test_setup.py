"""Setup and the cards (rulebook "Beschrijving van de kaarten" and "Spelvoorbereiding")."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from tycoon.core import CHANCE, load
from tycoon.core.errors import InvalidConfig
from tycoon.games.die_bosse.actions import Draw, Remove, Reveal
from tycoon.games.die_bosse.data import CAPITAL, INDUSTRIES, PROFIT, TRANSFER, rules

from .helpers import new_game, state_of, where_cards


def test_two_to_six_players() -> None:
    """Rulebook: "voor 2 tot 6 spelers"."""
    for n in range(2, 7):
        assert load("die_bosse", players=n).num_seats == n
    for n in (0, 1, 7):
        with pytest.raises(InvalidConfig, match="2 to 6 players"):
            load("die_bosse", players=n)


def test_54_industry_cards_nine_per_industry_priced_by_their_letters() -> None:
    """Research 2.2 and 2.4: 54 industry cards, 1 to 5 letters A-F, 8 to 24 million."""
    r = rules()
    assert len(r.companies) == 54
    assert Counter(c.industry for c in r.companies) == dict.fromkeys(INDUSTRIES, 9)
    assert {len(c.letters): c.price for c in r.companies} == {1: 8, 2: 12, 3: 16, 4: 20, 5: 24}
    # The designed letters: every letter 25 times, every industry the same spread of sizes.
    assert Counter(letter for c in r.companies for letter in c.letters) == dict.fromkeys("ABCDEF", 25)
    for industry in INDUSTRIES:
        sizes = sorted(len(c.letters) for c in r.companies if c.industry == industry)
        assert sizes == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert len({(c.industry, c.letters) for c in r.companies}) == 54


def test_54_action_cards_44_capital_8_transfer_2_profit() -> None:
    """Research 2.2 and 2.5: capital 1, 3, 5, 8 (with a symbol) and 10-20 million."""
    r = rules()
    kinds = Counter(a.kind for a in r.actions)
    assert kinds == {CAPITAL: 44, TRANSFER: 8, PROFIT: 2}
    symbols = {(a.value, a.symbol) for a in r.actions if a.kind == CAPITAL and a.symbol}
    assert {v for v, _ in symbols} == {1, 3, 5, 8}
    assert all(not a.symbol for a in r.actions if a.kind == CAPITAL and a.value >= 10)
    assert {a.value for a in r.actions if a.kind == CAPITAL and not a.symbol} == {10, 12, 14, 16, 18, 20}
    assert sorted(a.halves for a in r.actions if a.kind == TRANSFER) == [1, 1, 1, 2, 2, 2, 3, 3]
    assert r.total_cards == 108


def test_five_companies_face_up_and_seven_action_cards_each() -> None:
    """Rulebook "Spelvoorbereiding": 5 industry cards face up; 7 action cards each."""
    state = new_game(4)
    assert len(state.row) == 5 and len(state.industry_stack) == 49
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert state.current_player() == 0 and state.phase == "turn"
    where_cards(state)


def test_the_row_is_laid_by_chance_over_the_whole_stack() -> None:
    state = state_of(3)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 54 and all(p == Fraction(1, 54) for _, p in outcomes)
    assert all(isinstance(a, Reveal) for a, _ in outcomes)


def test_a_profit_card_in_the_first_deal_is_replaced() -> None:
    """Rulebook "Spelvoorbereiding": a profit card dealt at first is replaced by another card,
    the same as dealing only from the other 52 cards; identical cards are one outcome."""
    state = state_of(3)
    for c in range(5):
        state.apply(Reveal(c), CHANCE)
    outcomes = state.chance_outcomes()
    assert all(isinstance(a, Draw) and state.rules.action(a.card).kind != PROFIT for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1
    ten = next(p for a, p in outcomes if isinstance(a, Draw) and state.rules.action(a.card).value == 10)
    assert ten == Fraction(4, 52)
    assert len(outcomes) == 12 + 6 + 3  # 12 symbol cards, 6 plain values, 3 transfer factors


def test_with_two_players_14_industry_cards_are_taken_out_unseen() -> None:
    """Rulebook "Spelvoorbereiding": "bij 2 spelers: 14 kaarten vooraf uit het spel nemen"."""
    state = state_of(2)
    assert all(isinstance(a, Remove) for a, _ in state.chance_outcomes())
    state.log = []
    state = new_game(2)
    assert len(state.removed) == 14 and len(state.industry_stack) == 54 - 14 - 5
    view = state.view(0)
    assert view["removed"] == 14 and "removed_cards" not in view
    where_cards(state)
