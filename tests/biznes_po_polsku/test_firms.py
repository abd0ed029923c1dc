"""Founding and developing firms (rulebook, "Founding and Developing a Company")."""

from __future__ import annotations

from tycoon.games.biznes_po_polsku.actions import Buy, Invest, Pass, SellInvestment
from tycoon.games.biznes_po_polsku.phases import BUY, TURN

from .helpers import (
    FRYZJER,
    KIOSK,
    RTV,
    SZKOLA,
    assert_rejected,
    check_books,
    give_firm,
    give_group,
    land_on,
    new_game,
    set_cash,
)


def test_all_23_firms_in_9_groups_with_the_researched_numbers() -> None:
    """research 3.3 and 3.4; fig. 18, Zakład fryzjerski: 1600; 20/110/300/700/1400/3000; 600; 800."""
    state = new_game(2)
    r = state.rules
    assert len(r.firms) == 23 and len(r.groups) == 9
    assert sorted(n for g in r.groups.values() for n in g) == list(r.firms)
    salon = r.space(FRYZJER)
    assert (salon.cost, salon.fees, salon.investment, salon.mortgage) == (
        1600,
        (20, 110, 300, 700, 1400, 3000),
        600,
        800,
    )
    assert all(r.space(n).mortgage * 2 == r.space(n).cost for n in r.firms)


def test_an_unowned_firm_may_be_bought_or_not() -> None:
    """ "he may (but need not) buy the firm on that space." """
    state = new_game(2)
    land_on(state, 0, FRYZJER, 3)
    assert state.phase == BUY and state.legal_actions(0)[:2] == [Buy(), Pass()]
    state.apply(Buy(), 0)
    assert state.owner[FRYZJER] == 0 and state.players[0].cash == 13_400
    land_on(state, 1, KIOSK, 3)
    state.apply(Pass(), 1)
    assert state.owner[KIOSK] == -1
    check_books(state)


def test_the_fee_without_investments_and_double_with_the_whole_group() -> None:
    """fig. 18: "Having all ownership certificates of the same colour, the fee is counted
    double." """
    state2 = new_game(2, start=1)
    give_firm(state2, 0, FRYZJER)
    land_on(state2, 1, FRYZJER, 2)
    assert state2.players[1].cash == 15_000 - 20
    state3 = new_game(2, start=1)
    give_group(state3, 0, FRYZJER)
    land_on(state3, 1, FRYZJER, 2)
    assert state3.players[1].cash == 15_000 - 40 and state3.players[0].cash == 15_040


def test_the_double_fee_stays_when_one_of_the_group_is_mortgaged() -> None:
    """ "If the mortgaged firm was one of a colour set, the fee on the remaining firms of that
    set is still paid double." """
    state = new_game(2, start=1)
    give_group(state, 0, FRYZJER)
    state.set_mortgaged(SZKOLA, True)
    land_on(state, 1, FRYZJER, 2)
    assert state.players[1].cash == 15_000 - 40


def test_fees_follow_the_investment_level() -> None:
    for level, fee in enumerate((110, 300, 700, 1400, 3000), 1):
        state = new_game(2, start=1)
        give_group(state, 0, FRYZJER, level)
        land_on(state, 1, FRYZJER, 2)
        assert state.players[1].cash == 15_000 - fee, level
        check_books(state)


def test_investing_needs_the_whole_group() -> None:
    """ "The owner may start investing in a firm only if he possesses all the firms of the same
    colour group." """
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    give_firm(state, 0, SZKOLA)
    assert Invest(FRYZJER) not in state.legal_actions(0)
    assert_rejected(state, 0, Invest(FRYZJER), "whole green group")


def test_investing_is_even_across_the_group() -> None:
    """ "All firms of one colour group must be developed evenly. The difference in development
    between individual firms of one group may be one element." """
    state = new_game(2)
    give_group(state, 0, FRYZJER)
    state.apply(Invest(FRYZJER), 0)
    assert state.level[FRYZJER] == 1 and state.players[0].cash == 14_400 and state.bank_bricks == 39
    assert_rejected(state, 0, Invest(FRYZJER), "evenly")
    assert Invest(SZKOLA) in state.legal_actions(0) and Invest(RTV) in state.legal_actions(0)
    check_books(state)


def test_the_fifth_level_exchanges_four_bricks_for_a_pyramid() -> None:
    """fig. 19: "The player buying the fifth (last) element exchanges the four elements
    (bricks) collected earlier for one large one (pyramid)." Five levels at most."""
    state = new_game(2)
    give_group(state, 0, FRYZJER, 4)
    set_cash(state, 0, 20_000)
    assert state.bank_bricks == 40 - 12
    state.apply(Invest(FRYZJER), 0)
    assert state.level[FRYZJER] == 5 and state.bank_bricks == 32 and state.bank_pyramids == 14
    state.apply(Invest(SZKOLA), 0)
    state.apply(Invest(RTV), 0)
    assert_rejected(state, 0, Invest(FRYZJER), "all 5 levels")
    check_books(state)


def test_no_investment_beyond_the_bank_s_elements() -> None:
    """Components: 40 one-fold and 15 five-fold elements."""
    state = new_game(2)
    give_group(state, 0, FRYZJER)
    state.bank_bricks = 0
    assert_rejected(state, 0, Invest(FRYZJER), "no brick left")


def test_investments_are_sold_evenly_at_half_price() -> None:
    """ "Investment elements sold to the BANK bring in only half of their price"; "The rule of
    evenness applies not only to development but also to sale." """
    state = new_game(2)
    give_group(state, 0, FRYZJER, 2)
    state.apply(Invest(FRYZJER), 0)
    assert_rejected(state, 0, SellInvestment(SZKOLA), "evenly")
    state.apply(SellInvestment(FRYZJER), 0)
    assert state.level[FRYZJER] == 2 and state.players[0].cash == 15_000 - 600 + 300
    check_books(state)


def test_selling_a_pyramid_takes_back_four_bricks() -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER, 5)
    state.apply(SellInvestment(FRYZJER), 0)
    assert state.level[FRYZJER] == 4 and state.bank_pyramids == 13 and state.bank_bricks == 36
    check_books(state)


def test_investing_only_on_your_own_turn() -> None:
    """Designed: dealing with the bank happens on one's own turn, as the rulebook says of
    mortgages and trades."""
    state = new_game(2)
    give_group(state, 1, FRYZJER)
    assert state.legal_actions(1) == []
    assert_rejected(state, 1, Invest(FRYZJER), "your own turn")
    assert state.phase == TURN


def test_the_quick_investment_check_agrees_with_the_reasons() -> None:
    """``can_invest`` (for the lists of legal actions) says yes exactly when ``invest_error``
    finds no reason, over the states of played games."""
    import random

    from tycoon.agents import RandomAgent
    from tycoon.core import CHANCE, sample_chance
    from tycoon.games.biznes_po_polsku import firms
    from tycoon.games.biznes_po_polsku.bot import BiznesBot

    checked = yes = 0
    for seed in range(4):
        state = new_game(3)
        agents = [BiznesBot(), BiznesBot(), RandomAgent(seed)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            for p in state.players:
                for n in state.firms_of(p.seat):
                    quick = firms.can_invest(state, p, n)
                    assert quick == (firms.invest_error(state, p, n) == ""), (n, p.seat)
                    checked += 1
                    yes += quick
            action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
            state.apply(action, seat)
    assert checked > 1000 and yes > 10
