"""Politics: the party, the MP, the senator and the city council member (rulebook, "MP
(POSEŁ)", "Political Party (PARTIA POLITYCZNA) and Party Membership Card", "Senator (SENATOR)
and City Council Member (RADNY RADY MIASTA)")."""

from __future__ import annotations

from tycoon.games.biznes_po_polsku.actions import JoinParty, Pass, Run
from tycoon.games.biznes_po_polsku.phases import OFFICE_CHOICE, TURN
from tycoon.games.biznes_po_polsku.phases import PARTY as PARTY_PHASE

from .helpers import (
    COUNCILLOR,
    MP,
    NIESPODZIANKA,
    PARTY,
    POLICE,
    PRISON,
    SENATOR,
    assert_rejected,
    card,
    check_books,
    draw,
    finish_turn,
    land_on,
    make_member,
    new_game,
)


def test_joining_the_party_costs_the_300_entry_fee() -> None:
    """ "He must first stop on the POLITICAL PARTY space and pay the entry fee for the PARTY
    MEMBERSHIP card." Entry fee 300 (space 7)."""
    state = new_game(2)
    land_on(state, 0, PARTY, 2)
    assert state.phase == PARTY_PHASE
    state.apply(JoinParty(), 0)
    assert state.players[0].member and state.bank_party == 1 and state.players[0].cash == 14_700
    check_books(state)


def test_a_member_pays_nothing_on_the_party_space() -> None:
    """ "A party member does not pay the 300 zł to the BANK when he stops on the space." """
    state = new_game(2)
    make_member(state, 0)
    land_on(state, 0, PARTY, 2)
    assert state.phase == TURN and state.players[0].cash == 15_000


def test_with_both_cards_taken_others_support_the_party_with_300() -> None:
    """ "The PARTY MEMBERSHIP card exists in two copies"; "Other players who stop on the
    POLITICAL PARTY space support the party with 300 zł, paid to the BANK" (printed: "if you
    can no longer become a member")."""
    state = new_game(3)
    make_member(state, 1)
    make_member(state, 2)
    land_on(state, 0, PARTY, 2)
    assert state.players[0].cash == 14_700 and state.ledger_in == 300
    check_books(state)


def test_only_a_party_member_may_become_mp_for_3000() -> None:
    """ "Only a person who has previously become a party member has the right to become an MP";
    "He must ... pay 3000 zł to the BANK"."""
    state = new_game(2)
    make_member(state, 0)
    land_on(state, 0, MP, 2)
    assert state.phase == OFFICE_CHOICE and Run() in state.legal_actions(0)
    state.apply(Run(), 0)
    assert state.office_holder["mp"] == 0 and state.players[0].cash == 12_000


def test_a_non_member_pays_1000_on_the_unbought_mp_space() -> None:
    """ "If a player stops on an unbought MP space and cannot buy the MP mandate (because he has
    no PARTY MEMBERSHIP card), he must pay a donation of 1000 zł to the BANK"."""
    state = new_game(2)
    land_on(state, 0, MP, 2)
    assert state.phase == TURN and state.players[0].cash == 14_000
    assert state.office_holder["mp"] == -1


def test_the_mp_collects_allowances_and_donations() -> None:
    """ "The MP is entitled to an allowance of 1000 zł each time he passes the MP space";
    "If another player stops on the MP space ... he must pay the owner of the MP mandate a
    donation of 1000 zł"."""
    state = new_game(2)
    state.office_holder["mp"] = 0
    land_on(state, 0, MP + 1, 3)  # passes 25, stops on the Auto-bar
    assert state.players[0].cash == 16_000
    state.apply(Pass(), 0)
    land_on(state, 1, MP, 1)
    assert state.players[1].cash == 14_000 and state.players[0].cash == 17_000
    check_books(state)


def test_an_mp_is_immune_to_police_and_prison() -> None:
    """ "An MP cannot be punished or detained by the police. An MP cannot go to prison." """
    state = new_game(2)
    state.office_holder["mp"] = 0
    land_on(state, 0, POLICE, 2)
    assert state.players[0].wait == 0
    finish_turn(state, 1)
    land_on(state, 0, PRISON, 2)
    assert state.players[0].wait == 0
    finish_turn(state, 1)
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "pay", police=True).number)
    assert state.players[0].cash == 15_000  # the police fine is not paid
    land_on(state, 1, POLICE, 2)
    assert state.players[1].wait == 1


def test_the_mandate_can_be_lost_and_taken_by_the_other_member() -> None:
    """ "The MP mandate may, however, be lost during the game, and then another holder of a
    PARTY MEMBERSHIP card may become the MP." (The political scandal card.)"""
    state = new_game(2)
    make_member(state, 0)
    make_member(state, 1)
    state.office_holder["mp"] = 0
    land_on(state, 0, NIESPODZIANKA, 2)
    draw(state, "niespodzianka", card(state, "niespodzianka", "lose_mandate").number)
    assert state.office_holder["mp"] == -1
    land_on(state, 1, MP, 2)
    state.apply(Run(), 1)
    assert state.office_holder["mp"] == 1
    check_books(state)


def test_the_senator_costs_2800_and_brings_900() -> None:
    """SENATOR card (fig. 13): campaign 2800 zł; allowance 900 zł; donation 900 zł. No party
    membership is needed."""
    state = new_game(2)
    land_on(state, 0, SENATOR, 2)
    state.apply(Run(), 0)
    assert state.players[0].cash == 12_200 and state.office_holder["senator"] == 0
    land_on(state, 1, SENATOR, 2)
    assert state.players[1].cash == 14_100 and state.players[0].cash == 13_100
    land_on(state, 0, SENATOR + 1, 2)
    assert state.players[0].cash == 14_000


def test_the_council_member_costs_1800_and_brings_500() -> None:
    """CITY COUNCIL MEMBER card (fig. 14): campaign 1800 zł; allowance 500 zł; reward 500 zł."""
    state = new_game(2)
    land_on(state, 0, COUNCILLOR, 2)
    state.apply(Run(), 0)
    assert state.players[0].cash == 13_200
    land_on(state, 1, COUNCILLOR, 2)
    assert state.players[1].cash == 14_500 and state.players[0].cash == 13_700
    check_books(state)


def test_declining_an_unbought_senate_seat_costs_nothing() -> None:
    """ "Players who stop on an unbought SENATOR space ... and give up taking the office ...
    move on, paying nothing." """
    state = new_game(2)
    land_on(state, 0, SENATOR, 2)
    state.apply(Pass(), 0)
    assert state.players[0].cash == 15_000 and state.office_holder["senator"] == -1


def test_running_without_the_money_is_refused() -> None:
    from .helpers import set_cash

    state = new_game(2)
    set_cash(state, 0, 1_000)
    land_on(state, 0, SENATOR, 2)
    assert state.legal_actions(0) == [Pass()]
    assert_rejected(state, 0, Run(), "not possible now")
