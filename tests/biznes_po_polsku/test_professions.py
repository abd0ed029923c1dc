"""Professions, dismissal, the employment office and the welfare benefit (rulebook,
"Profession (ZAWÓD)", "Dismissal (ZWOLNIENIE) and the Employment Office")."""

from __future__ import annotations

from tycoon.core import CHANCE
from tycoon.games.biznes_po_polsku.actions import Claim, Die, EndTurn, Pass, Roll, TakeJob
from tycoon.games.biznes_po_polsku.phases import END, JOB, TURN
from tycoon.games.biznes_po_polsku.players import OFFICE

from .helpers import (
    ACCOUNTANT,
    DISMISSAL,
    DOCTOR,
    ELECTRICIAN,
    NIESPODZIANKA,
    START,
    TEACHER,
    assert_rejected,
    card,
    check_books,
    draw,
    finish_turn,
    land_on,
    make_member,
    new_game,
    news,
)


def take_job(state, seat: int, space: int) -> None:  # type: ignore[no-untyped-def]
    land_on(state, seat, space, 2)
    assert state.phase == JOB
    state.apply(TakeJob(), seat)


def test_a_free_profession_may_be_taken_or_declined() -> None:
    """ "A player who stops, for example, on the TEACHER space may declare this choice"; "a
    player who stops on a Profession space for the first time does not have to choose it." """
    state = new_game(2)
    land_on(state, 0, TEACHER, 1)
    assert state.phase == JOB and state.legal_actions(0)[:2] == [TakeJob(), Pass()]
    state.apply(Pass(), 0)
    assert state.players[0].profession == 0 and state.job_holder[TEACHER] == -1
    take_job(state, 1, TEACHER)
    assert state.players[1].profession == TEACHER and state.job_holder[TEACHER] == 1
    assert state.players[1].cash == 15_000  # the salary comes from the next pass on


def test_the_salary_is_paid_on_passing_and_on_stopping() -> None:
    """ "the player collects a salary from the BANK each time his journey along the track
    takes him past the space of his chosen profession" (issue: passes or stops)."""
    state = new_game(2)
    take_job(state, 0, DOCTOR)
    finish_turn(state, 1)
    make_member(state, 0)
    land_on(state, 0, DOCTOR + 1, 3)  # from 4 over 6 (doctor) to 7, the party: nothing happens
    assert state.players[0].cash == 15_000 + 1_600
    finish_turn(state, 1)
    land_on(state, 0, DOCTOR, 3)
    assert state.players[0].cash == 15_000 + 2 * 1_600
    check_books(state)


def test_others_pay_the_fee_to_the_holder() -> None:
    """ "every player who has chosen a profession receives a fee from any player who stops on
    the space of that profession." The electrician's fee is 800."""
    state = new_game(2)
    take_job(state, 0, ELECTRICIAN)
    land_on(state, 1, ELECTRICIAN, 2)
    assert state.players[1].cash == 15_000 - 800
    assert state.players[0].cash == 15_000 + 800


def test_a_player_with_a_profession_pays_the_bank_on_another_free_one() -> None:
    """ "If a player has chosen his profession and stops on another, unoccupied profession
    space, he pays the fee stated there to the BANK. Each player may choose only one." """
    state = new_game(2)
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    land_on(state, 0, ACCOUNTANT, 2)
    assert state.phase == TURN and state.players[0].profession == TEACHER
    assert state.players[0].cash == 15_000 - 700 and state.ledger_in == 700
    check_books(state)


def test_dismissal_sends_the_player_to_the_employment_office_for_a_round() -> None:
    """ "If a player stops on the DISMISSAL space, he loses the profession ... moves his pawn
    to the EMPLOYMENT OFFICE ... waits one round. After waiting, he receives the WELFARE
    BENEFIT card and rejoins the game, starting from the START space." """
    state = new_game(2)
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    land_on(state, 0, DISMISSAL, 3)
    p = state.players[0]
    assert p.profession == 0 and state.job_holder[TEACHER] == -1
    assert p.position == OFFICE and p.wait == 1 and not p.welfare
    finish_turn(state, 1)  # seat 0 waits its round, then gets the card
    assert state.current_player() == 1
    assert p.welfare and p.position == START and state.bank_welfare == 4
    assert "WELFARE BENEFIT card and rejoins the game at START" in news(state)
    finish_turn(state, 1)
    assert state.current_player() == 0
    state.apply(Roll(), 0)
    state.apply(Die(1), CHANCE)
    assert p.position == TEACHER
    check_books(state)


def test_dismissal_spares_a_player_without_a_job() -> None:
    state = new_game(2)
    land_on(state, 0, DISMISSAL, 3)
    assert state.players[0].position == DISMISSAL and state.players[0].wait == 0


def test_the_welfare_benefit_is_paid_on_passing_start_not_on_stopping() -> None:
    """ "after passing the START space he receives the welfare benefit ... If ... he stops on
    the START space, the benefit is forfeited." Stopping brings only the START bonus."""
    state = new_game(2)
    p = state.players[0]
    state.bank_welfare -= 1
    p.welfare = True
    land_on(state, 0, TEACHER, 3)  # from 39 over START
    assert p.cash == 15_000 + 500
    state.apply(Pass(), 0)
    finish_turn(state, 1)
    land_on(state, 0, START, 2)
    assert p.cash == 15_000 + 500 + 300


def test_taking_a_profession_returns_the_welfare_card() -> None:
    """ "If the unemployed player finds work again, then upon accepting a PROFESSION card he
    returns the WELFARE BENEFIT card." """
    state = new_game(2)
    p = state.players[0]
    state.bank_welfare -= 1
    p.welfare = True
    take_job(state, 0, DOCTOR)
    assert not p.welfare and state.bank_welfare == 5
    check_books(state)


def test_the_staff_reduction_card_dismisses_like_the_space_and_takes_the_insurance() -> None:
    """ "Staff reduction..." means "(as on the DISMISSAL space) the loss of employment";
    the INSURANCE card must be returned "if he is dismissed from work, either by drawing a card
    or by stopping on the DISMISSAL space". It goes to the bottom of its stack."""
    state = new_game(2)
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    insurance = card(state, "los", "insurance")
    state.unseen["los"].remove(insurance.number)
    state.players[0].insurance = ("los", insurance.number)
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "dismissal").number)
    p = state.players[0]
    assert p.profession == 0 and p.position == OFFICE and p.insurance is None
    assert state.known["los"] == [insurance.number]
    check_books(state)


def test_by_default_the_software_never_forgets_a_salary() -> None:
    state = new_game(2)
    assert not state.game.forfeit_forgotten_salary
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    land_on(state, 0, TEACHER + 1, 2)
    assert state.players[0].cash == 15_000 + 1_400 and state.players[0].claims == []


def test_table_faithful_play_needs_a_claim_before_the_next_player_moves() -> None:
    """ "If the next player makes a move and the previous player has forgotten to report
    passing the profession space, that salary is forfeited." Option forfeit_forgotten_salary."""
    state = new_game(2, forfeit_forgotten_salary=True)
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    land_on(state, 0, TEACHER + 1, 2)  # passes the teacher's space: a claim waits
    p = state.players[0]
    assert p.cash == 15_000 and p.claims == [(1_400, f"salary {TEACHER}")]
    assert state.phase == END and state.legal_actions(0)[:2] == [EndTurn(), Claim()]
    state.apply(EndTurn(), 0)
    assert state.current_player() == 1 and Claim() in state.legal_actions(0)
    state.apply(Roll(), 1)  # the next player moves: forfeited
    assert p.claims == [] and p.cash == 15_000
    assert "forgot to report 1,400 zł: forfeited" in news(state)
    assert_rejected(state, 0, Claim(), "nothing to claim")


def test_a_claim_reported_in_time_is_paid() -> None:
    state = new_game(2, forfeit_forgotten_salary=True)
    take_job(state, 0, TEACHER)
    finish_turn(state, 1)
    land_on(state, 0, TEACHER + 1, 2)
    state.apply(Claim(), 0)
    assert state.players[0].cash == 15_000 + 1_400
    assert state.current_player() == 1 and state.phase == TURN
    check_books(state)
