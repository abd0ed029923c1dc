"""Setting up a game of Playboss: seats, starting capital, the market, who begins."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tycoon.core import CHANCE, load
from tycoon.core.errors import InvalidConfig
from tycoon.games.playboss.actions import Die, Roll
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import SETUP, TURN
from tycoon.words import render

from .helpers import assert_rejected, options, told


def fresh(players: int) -> PlaybossState:
    state = load("playboss", players=players).new_state()
    assert isinstance(state, PlaybossState)
    return state


def roll_for_start(state: PlaybossState, *pips: int) -> None:
    for p in pips:
        assert state.current_player() == CHANCE
        state.apply(Die(p), CHANCE)


@pytest.mark.parametrize("players", range(1, 9))
def test_one_to_eight_businesses_are_accepted(players: int) -> None:
    """Playboss I, "Explanations: Goal and Setup": alone, with two, or with many (5-9) players;
    "Game Materials": 8 game pieces and 8 game cards, one of each per business."""
    state = fresh(players)
    assert len(state.businesses) == players
    assert [b.seat for b in state.businesses] == list(range(players))
    assert all(b.firm for b in state.businesses)


def test_a_ninth_player_takes_part_as_the_worker_representative() -> None:
    """Playboss, "Game Materials": 8 pieces. The ninth of "(5-9) players" needs no piece only as
    the worker representative of step 6, who "does not get a business to start"; the bank
    director, whom the rulebook wants to be a non-player above 6 players, is the software."""
    with pytest.raises(InvalidConfig, match="at most 8 businesses, not 9; a ninth player takes part only as"):
        load("playboss", players=9)
    with pytest.raises(InvalidConfig, match="at most 8 businesses"):
        load("playboss", players=9, steps=[1, 2, 3, 4, 5])
    state = load("playboss", players=9, steps=[6]).new_state()
    assert isinstance(state, PlaybossState)
    assert [b.firm for b in state.businesses] == [True] * 8 + [False]
    assert sorted(state.contenders) == list(range(8))


@pytest.mark.parametrize("players", [0, 10])
def test_zero_or_ten_seats_are_refused(players: int) -> None:
    """Playboss, "Game Materials": 8 businesses and, with step 6, the worker representative."""
    with pytest.raises(InvalidConfig, match=f"Playboss is for 1 to 9 players, not {players}"):
        load("playboss", players=players)
    with pytest.raises(InvalidConfig, match=f"Playboss is for 1 to 9 players, not {players}"):
        load("playboss", players=players, steps=[6])


@pytest.mark.parametrize("players", [1, 4, 8])
def test_each_business_starts_with_10000_marks_and_nothing_else(players: int) -> None:
    """Playboss I, "Choose a Bank Director": 10,000 Marks of starting capital each; the rest
    of the box stays with the bank."""
    state = fresh(players)
    for b in state.businesses:
        assert (b.cash, b.capital_received) == (10_000, 10_000)
        assert (b.raw, b.finished, b.machines, b.webs, b.debt, b.computer) == (0, 0, [], 0, 0, 0)
        assert (b.laps, b.turns, b.advertising, b.bankrupt) == (0, 0, False, False)
    assert (state.bank_machines, state.bank_computers, state.bank_webs) == (20, 8, 30)
    assert state.ledger_out == 10_000 * players
    assert state.risk_order == []


@pytest.mark.parametrize("players", [5, 6, 8])
def test_with_five_or_more_businesses_the_whole_market_is_filled(players: int) -> None:
    """Playboss I, "Preparation for Play": all 40 products lie in the market's dimples."""
    state = fresh(players)
    assert state.rules.zone_prices == (150, 200, 250, 300, 350, 400, 450, 500)
    assert state.market == [5] * 8
    assert state.outside_play == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_with_fewer_than_five_only_the_dear_half_is_filled(players: int) -> None:
    """Playboss I, "Preparation for Play": with less than 5 players fill only half the market;
    the zones from 150 to 300 Marks remain empty, and 20 products stay outside play."""
    state = fresh(players)
    filled = {p: n for p, n in zip(state.rules.zone_prices, state.market, strict=True)}
    assert filled == {150: 0, 200: 0, 250: 0, 300: 0, 350: 5, 400: 5, 450: 5, 500: 5}
    assert state.outside_play == 20


def test_pieces_start_on_the_red_field_next_to_start() -> None:
    """Playboss I, "Now We Can Begin to Play": all pieces are placed on the red square next to
    the start."""
    state = fresh(3)
    board = state.rules.board
    assert board[0] == "start"
    assert [b.position for b in state.businesses] == [1, 1, 1]
    assert board[1] == "red"


def test_the_die_decides_who_begins_each_roll_a_sixth() -> None:
    """Playboss I, "Now We Can Begin to Play": everyone rolls the die; the start is chance."""
    state = fresh(3)
    assert state.phase == SETUP
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Die(p) for p in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


def test_the_highest_roll_begins() -> None:
    """Playboss I, "Now We Can Begin to Play": whoever rolls the highest begins."""
    state = fresh(3)
    roll_for_start(state, 2, 5, 3)
    assert state.phase == TURN
    assert state.current_player() == 1
    assert (state.start_seat, state.turn_seat) == (1, 1)
    assert options(state, 1)[0] == Roll()
    assert [b.position for b in state.businesses] == [1, 1, 1]


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_players_only() -> None:
    """Playboss I, "Now We Can Begin to Play": the highest roll begins; a tie at the top is
    settled by the tied players rolling again (a six gives no extra roll)."""
    state = fresh(4)
    roll_for_start(state, 6, 2, 6, 1)
    assert state.phase == SETUP
    assert state.contenders == [0, 2]
    # Only seats 0 and 2 roll again: two more rolls decide; seats 1 and 3 keep their first roll.
    roll_for_start(state, 4, 4)
    assert state.phase == SETUP
    assert state.contenders == [0, 2]
    roll_for_start(state, 3, 5)
    assert state.phase == TURN
    assert state.current_player() == 2
    assert state.setup_rolls == [3, 2, 5, 1]


def test_a_tie_below_the_highest_roll_needs_no_reroll() -> None:
    """Playboss I, "Now We Can Begin to Play": only the highest roll matters."""
    state = fresh(3)
    roll_for_start(state, 2, 2, 4)
    assert state.phase == TURN
    assert state.current_player() == 2


def test_nothing_can_be_done_before_the_die_has_decided_who_begins() -> None:
    """Playboss I, "Now We Can Begin to Play": the die decides who begins before any play."""
    state = fresh(2)
    assert options(state, 0) == []
    assert_rejected(state, 0, Roll(), "before the die has decided who begins")
    assert_rejected(state, CHANCE, Die(7), "not a possible chance outcome")


def test_a_solo_game_starts_at_once_without_a_start_roll() -> None:
    """Playboss I, "Explanations: Goal and Setup": one may play alone to learn the game; with
    nobody to roll against, the single business begins at once."""
    state = fresh(1)
    assert state.phase == TURN
    assert state.current_player() == 0
    assert state.chance_outcomes() == []
    assert options(state, 0)[0] == Roll()
    assert_rejected(state, CHANCE, Die(3), "die 3 is a chance outcome, but it is seat 0's decision")


def test_a_tie_at_the_start_is_narrated_with_each_seat_named() -> None:
    """The narration names each tied seat as a seat, which every client renders as the
    player's name (it read "Seats 0, 2 tie", counted from 0 where the table shows 1 to 4)."""
    state = fresh(4)
    state.log = []
    roll_for_start(state, 6, 2, 6, 1)
    assert told(state)[-1] == "Tie with 6: seat 0 and seat 2 roll again."
    assert render(state.log[-1], "en", ["Ann", "Bob", "Cy", "Di"]) == "Tie with 6: Ann and Cy roll again."
    assert render(state.log[-1], "de") == "Gleichstand mit 6: Spieler 0 und Spieler 2 würfeln noch einmal."
    roll_for_start(state, 3, 3)
    assert told(state)[-1] == "Tie with 3: seat 0 and seat 2 roll again."
    state = fresh(3)
    state.log = []
    roll_for_start(state, 4, 4, 4)
    assert told(state)[-1] == "Tie with 4: seat 0, seat 1 and seat 2 roll again."
    assert render(state.log[-1], "en", ["you", "Bob", "Cy"]) == "Tie with 4: you, Bob and Cy roll again."
