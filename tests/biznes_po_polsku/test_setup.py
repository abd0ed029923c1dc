"""Setup, the turn order, the end of the game (rulebook, "Setup", "Object of the Game",
"End of the Game")."""

from __future__ import annotations

import pytest

from tycoon.core import CHANCE, load
from tycoon.core.errors import InvalidConfig
from tycoon.games.biznes_po_polsku.actions import Die, Roll
from tycoon.games.biznes_po_polsku.phases import MOVE, OVER, SETUP, TURN
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import FRYZJER, PARTY, check_books, finish_turn, give_firm, land_on, new_game, set_cash


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_get_15000_each(players: int) -> None:
    """ "The game is for 2 to 5 players"; "the Banker pays each player 15 thousand zł"."""
    state = load("biznes_po_polsku", players=players).new_state()
    assert isinstance(state, BiznesState)
    assert [p.cash for p in state.players] == [15_000] * players
    assert all(p.position == 1 for p in state.players)
    check_books(state)


@pytest.mark.parametrize("players", [1, 6, 0])
def test_other_numbers_of_players_are_refused(players: int) -> None:
    with pytest.raises(InvalidConfig, match="2 to 5 players"):
        load("biznes_po_polsku", players=players)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidConfig):
        load("biznes_po_polsku", players=2, rounds=-1)
    with pytest.raises(InvalidConfig):
        load("biznes_po_polsku", players=2, forfeit_forgotten_salary="yes")


def test_the_highest_roll_begins_and_ties_roll_again() -> None:
    """ "The player who rolls the highest number begins ... If players roll the same number,
    they roll again." Only the tied players roll again."""
    state = load("biznes_po_polsku", players=3).new_state()
    assert isinstance(state, BiznesState)
    assert state.phase == SETUP and state.current_player() == CHANCE
    for pips in (5, 5, 2):
        state.apply(Die(pips), CHANCE)
    assert state.phase == SETUP and state.contenders == [0, 1]
    state.apply(Die(3), CHANCE)
    state.apply(Die(4), CHANCE)
    assert state.phase == TURN and state.current_player() == 1 and state.start_seat == 1


def test_one_die_moves_the_pawn_and_a_six_gives_no_extra_roll() -> None:
    """ "Players move their pawns ... by the number of pips rolled on the die (rolling a 6
    does not entitle the player to roll again)." The order is clockwise."""
    state = new_game(3, start=2)
    state.players[2].member = True
    state.apply(Roll(), 2)
    assert state.phase == MOVE
    assert [a for a, _ in state.chance_outcomes()] == [Die(p) for p in range(1, 7)]
    state.apply(Die(6), CHANCE)  # from START (1) to the PARTY (7)
    assert state.players[2].position == PARTY
    assert state.phase == TURN and state.current_player() == 0


def test_the_game_ends_after_the_agreed_rounds_and_the_largest_fortune_wins() -> None:
    """ "If the game ends before the weaker players go bankrupt (with the consent of the
    participants), the winner is the one who has gathered the largest capital." The fortune
    counts cash, firms at founding cost and investments at their price, less mortgages."""
    state = new_game(2, rounds=1)
    give_firm(state, 1, FRYZJER, mortgaged=True)  # 1,600 - 880 to redeem
    set_cash(state, 0, 15_000)
    set_cash(state, 1, 14_000)
    finish_turn(state, 0)
    finish_turn(state, 1)
    assert state.phase == OVER and state.rounds_done == 1
    outcome = state.outcome()
    assert outcome.scores == (15_000, 14_000 + 1_600 - 880)
    assert outcome.winners == (0,)


def test_the_game_ends_when_one_player_is_left() -> None:
    """ "The winner is the player who drives the remaining participants into bankruptcy." """
    from .helpers import TAX

    state = new_game(2)
    set_cash(state, 0, 100)
    land_on(state, 0, TAX, 2)  # an 800 zł fine with nothing to mortgage
    assert state.players[0].bankrupt
    assert state.phase == OVER
    assert state.outcome().winners == (1,) and state.outcome().eliminated == (0,)
    check_books(state)


def test_the_default_game_is_agreed_to_end_after_60_rounds() -> None:
    game = load("biznes_po_polsku", players=2)
    assert game.config() == {"players": 2, "rounds": 60, "forfeit_forgotten_salary": False}
    assert load("biznes_po_polsku", players=2, rounds=0).config()["rounds"] == 0
