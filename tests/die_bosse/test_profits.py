"""Profit distributions and the end of the game (rulebook "Profit", "Einde en afrekening")."""

from __future__ import annotations

from tycoon.games.die_bosse.actions import Buy, End, Pay, Place
from tycoon.games.die_bosse.concerns import share, shared
from tycoon.games.die_bosse.profits import distribute

from .helpers import company, give_concern, hand_card, new_game, where_cards

STRONG = ["10", "12", "14", "16", "18", "20", "20"]


def test_the_rulebooks_example_four_companies_sharing_d_and_e_pay_2_x_3_million() -> None:
    """Rulebook blz. 5: "een serie van 4 kaarten met 2 gelijke letters (D en E) ... geeft recht
    op een winstaandeel van 2 x 3 miljoen"."""
    state = new_game()
    column = [
        company(state, "alternative-energy", "DE"),
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "oil", "BCDE"),
    ]
    assert shared(state.rules, column) == {"D", "E"}
    assert share(state.rules, column) == 2 * 3


def test_the_rulebooks_example_five_companies_sharing_e_pay_8_million() -> None:
    """Rulebook blz. 5: "5 kaarten met de letter E, dus een winstaandeel van 8 miljoen"."""
    state = new_game()
    column = [
        company(state, "oil", "E"),
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "alternative-energy", "AEF"),
        company(state, "chemistry", "ADEF"),
    ]
    assert shared(state.rules, column) == {"E"}
    assert share(state.rules, column) == 8


def test_both_examples_paid_at_a_distribution_and_written_on_the_sheet() -> None:
    """Rulebook "Profit": the shares are worked out per player and written on a sheet."""
    state = new_game()
    give_concern(
        state,
        0,
        [
            company(state, "alternative-energy", "DE"),
            company(state, "aviation", "CDE"),
            company(state, "electronics", "DEF"),
            company(state, "oil", "BCDE"),
        ],
    )
    give_concern(
        state,
        1,
        [
            company(state, "oil", "E"),
            company(state, "chemistry", "CDE"),
            company(state, "auto", "DE"),
            company(state, "alternative-energy", "AEF"),
            company(state, "electronics", "E"),
        ],
    )
    give_concern(state, 1, [company(state, "aviation", "A")])
    where_cards(state)
    assert distribute(state, "test") == [6, 8, 0]
    assert state.sheets == [[6], [8], [0]] and state.distributions == 1
    assert distribute(state, "test") == [6, 8, 0]
    assert [state.score(s) for s in range(3)] == [12, 16, 0]


def test_fewer_than_three_companies_earn_nothing_and_six_earn_15_per_letter() -> None:
    """Rulebook 1: "Het minimum aantal bedrijven dat recht geeft op een winstaandeel in een
    concern is 3"; 15 per letter for 6 is designed (data/rules.toml)."""
    state = new_game()
    two = [company(state, "alternative-energy", "DE"), company(state, "aviation", "CDE")]
    assert share(state.rules, two) == 0
    six = [
        company(state, i, letters)
        for i, letters in (
            ("aviation", "CDE"),
            ("electronics", "E"),
            ("alternative-energy", "AEF"),
            ("chemistry", "ADEF"),
            ("oil", "DEF"),
            ("auto", "DE"),
        )
    ]
    assert share(state.rules, six) == 15
    assert share(state.rules, six[:3]) == 1


def test_the_last_company_sold_ends_the_game_after_the_buyers_turn_with_a_last_distribution() -> None:
    """Rulebook "Einde en afrekening": the game ends when the last company is sold; the buyer
    finishes the turn but draws no new cards; then everybody gets one more distribution; only
    the written shares count; the highest total wins."""
    state = new_game(row=[45, 46, 47, 48, 49], hands={0: STRONG})
    last = state.row[0]
    # Everything else is already owned: each remaining card as a concern of seat 2.
    for c in [*state.industry_stack, *state.row[1:]]:
        if c in state.row:
            state.row.remove(c)
        else:
            state.industry_stack.remove(c)
        state.columns[2].append([c])
    three = [
        company(state, "alternative-energy", "DE"),
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
    ]
    state.columns[2] = [col for col in state.columns[2] if col[0] not in three]
    state.columns[1].append(three)
    state.sheets = [[5], [0], [0]]
    where_cards(state)
    state.apply(Buy(last), 0)
    state.apply(Place(0), 0)
    assert state.ending and state.current_player() == 0  # the buyer finishes the turn
    state.apply(End(), 0)
    state.apply(Pay(hand_card(state, 0, "10")), 0)
    assert state.is_terminal()
    assert len(state.hands[0]) == 6  # no new cards
    assert state.sheets == [[5, 0], [0, 2], [0, 0]]
    outcome = state.outcome()
    assert outcome.scores == (5, 2, 0) and outcome.winners == (0,)
    where_cards(state)


def test_equal_totals_share_the_win() -> None:
    state = new_game(row=[45, 46, 47, 48, 49], hands={0: STRONG})
    last = state.row[0]
    for c in [*state.industry_stack, *state.row[1:]]:
        (state.row if c in state.row else state.industry_stack).remove(c)
        state.columns[2].append([c])
    state.sheets = [[3], [3], [1]]
    state.apply(Buy(last), 0)
    state.apply(Place(0), 0)
    state.apply(End(), 0)
    state.apply(Pay(hand_card(state, 0, "10")), 0)
    assert state.outcome().winners == (0, 1)
