"""The blue risk field: the shuffled stack of 30 risk cards and what the cards do."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tycoon.core import CHANCE
from tycoon.games.playboss.actions import Borrow, DrawRisk, Hire, LoseMachine, Roll
from tycoon.games.playboss.business import LEASED, OWNED, Machine
from tycoon.games.playboss.data import RiskCard, rules
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import LOSE, RAISE, RISK, TURN

from .helpers import (
    assert_rejected,
    card_with,
    check_books,
    draw_risk,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    products_everywhere,
    snapshot,
    space_of,
    told,
)


def on_blue(players: int = 2, seat: int = 0) -> PlaybossState:
    state = new_game(players, start=seat)
    land_on(state, seat, space_of(state, "blue", after=6), 5)
    assert state.phase == RISK
    return state


def test_the_stack_holds_30_cards() -> None:
    """Playboss, "Game Materials": 30 risk cards; a card's number is its place in the data."""
    state = new_game(2)
    cards = state.rules.risk_cards
    assert len(cards) == 30
    assert [c.number for c in cards] == list(range(30))


def test_the_first_draw_is_chance_over_the_whole_shuffled_stack() -> None:
    """Playboss I, "Now We Can Begin to Play": the risk cards are shuffled and placed face down;
    "The Blue Risk Field": draw a risk card from the stack. Each card is equally likely."""
    state = on_blue()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [DrawRisk(n) for n in range(30)]
    assert all(p == Fraction(1, 30) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert Roll() not in options(state, 0)


def test_cards_seen_go_to_the_bottom_and_are_not_drawn_again_before_the_rest() -> None:
    """Playboss I, "The Blue Risk Field": afterwards, put the card back on the bottom of the
    stack. The next draw is chance over the 29 cards not yet seen."""
    state = on_blue()
    receive = card_with(state, "receive")
    draw_risk(state, receive.number)
    land_on(state, 1, space_of(state, "blue", after=6), 5)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 29
    assert DrawRisk(receive.number) not in [a for a, _ in outcomes]
    assert all(p == Fraction(1, 29) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert_rejected(state, CHANCE, DrawRisk(receive.number), "not a possible chance outcome")


def test_after_all_30_cards_the_stack_repeats_in_the_same_order_without_chance() -> None:
    """Playboss I, "The Blue Risk Field": each card goes back at the bottom, so once all 30
    have been seen the stack comes round again in the order they were drawn."""
    state = new_game(1)
    blue = space_of(state, "blue", after=6)
    # Insured, with a computer, no machines and plenty of cash: no card can stop the game.
    give_webs(state, 0, 2)
    state.businesses[0].computer = OWNED
    state.bank_computers -= 1
    state.businesses[0].cash = 1_000_000
    order = [(7 * k + 3) % 30 for k in range(30)]  # a shuffle
    assert sorted(order) == list(range(30))
    for k, card in enumerate(order):
        land_on(state, 0, blue, 5)
        assert len(state.chance_outcomes()) == 30 - k
        draw_risk(state, card)
        assert state.phase == TURN
    assert state.risk_order == order
    for k in range(35):
        land_on(state, 0, blue, 5)
        assert state.phase == TURN  # drawn without any chance node
        assert state.card == order[k % 30]
    assert state.risk_draws == 65


# --- what the cards do -----------------------------------------------------------------------


def test_a_pay_card_costs_its_amount() -> None:
    """Playboss I, "The Blue Risk Field": follow the instructions on the card: pay the bank."""
    state = on_blue()
    card = card_with(state, "pay", insurable=False, computer_protects=False)
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - card.amount
    assert state.ledger_in == card.amount
    assert state.card == card.number and state.risk_order == [card.number]
    assert state.phase == TURN and state.current_player() == 1


def test_a_pay_per_machine_card_counts_machines_not_rollers() -> None:
    """Playboss I, "The Blue Risk Field" (risk_cards.toml, pay_per_machine): the amount for
    each machine; a double machine counts once."""
    state = on_blue()
    give_machines(state, 0, double=True)
    give_machines(state, 0, 2)
    card = card_with(state, "pay_per_machine", insurable=False, computer_protects=False)
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - 3 * card.amount
    assert state.phase == TURN


def test_a_pay_per_machine_card_costs_nothing_without_machines() -> None:
    """Playboss I, "The Blue Risk Field": no machine, nothing to pay for."""
    state = on_blue()
    draw_risk(state, card_with(state, "pay_per_machine").number)
    assert state.businesses[0].cash == 10_000
    assert state.phase == TURN


def test_a_receive_card_pays_out() -> None:
    """Playboss I, "The Blue Risk Field": some cards bring money from the bank."""
    state = on_blue()
    card = card_with(state, "receive")
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 + card.amount
    assert state.ledger_out == 20_000 + card.amount


def test_lost_raw_products_go_back_to_the_market() -> None:
    """Playboss I, "The Blue Risk Field" and "Repurchase Value": products lost return to the
    highest open price zone, so none leaves play."""
    state = on_blue(players=4)
    give_products(state, 0, raw=6)  # 5 from the 350 zone, 1 from 400
    card = card_with(state, "lose_raw", insurable=True)
    assert card.amount == 3
    draw_risk(state, card.number)
    b = state.businesses[0]
    assert (b.raw, b.finished, b.cash) == (3, 0, 10_000)
    assert state.market == [0, 0, 0, 0, 2, 5, 5, 5]
    assert products_everywhere(state) == 40


def test_a_loss_takes_at_most_what_the_warehouse_holds() -> None:
    """Playboss I, "The Blue Risk Field": one cannot lose products one does not have."""
    state = on_blue(players=4)
    give_products(state, 0, raw=1, finished=1)
    card = max((c for c in state.rules.risk_cards if c.effect == "lose_finished"), key=lambda c: c.amount)
    assert card.amount == 2
    draw_risk(state, card.number)
    b = state.businesses[0]
    assert (b.raw, b.finished) == (1, 0)
    assert state.market == [0, 0, 0, 0, 4, 5, 5, 5]
    assert products_everywhere(state) == 40


def test_losing_the_only_kind_of_machine_needs_no_choice() -> None:
    """Playboss I, "The Blue Risk Field" (risk_cards.toml, lose_machine): a machine goes back to
    the bank; between identical machines there is nothing to choose."""
    state = on_blue()
    give_machines(state, 0, 2)
    draw_risk(state, card_with(state, "lose_machine").number)
    b = state.businesses[0]
    assert b.machines == [Machine(False, 0)]
    assert state.bank_machines == 19
    assert b.cash == 10_000
    assert state.phase == TURN and state.current_player() == 1


def test_losing_one_of_different_machines_is_the_owners_choice() -> None:
    """Playboss I, "The Blue Risk Field" (risk_cards.toml, lose_machine: of your choice)."""
    state = on_blue()
    give_machines(state, 0)
    give_machines(state, 0, double=True)
    give_machines(state, 0)
    draw_risk(state, card_with(state, "lose_machine").number)
    assert state.phase == LOSE and state.current_player() == 0
    assert [a for a in options(state, 0) if isinstance(a, LoseMachine)] == [LoseMachine(0), LoseMachine(1)]
    assert_rejected(state, 0, LoseMachine(3), "there is no machine 3 to lose; your machines are 0 to 2")
    assert_rejected(state, 0, Roll(), "roll is not possible now: a risk card destroyed a machine")
    state.apply(LoseMachine(0), 0)
    assert state.businesses[0].machines == [Machine(True, 0), Machine(False, 0)]
    assert state.bank_machines == 18
    assert state.phase == TURN and state.current_player() == 1


def test_losing_a_machine_without_machines_does_nothing() -> None:
    """Playboss I, "The Blue Risk Field": no machine, nothing to lose."""
    state = on_blue()
    before = snapshot(state)["businesses"]
    draw_risk(state, card_with(state, "lose_machine").number)
    assert snapshot(state)["businesses"] == before
    assert state.bank_machines == 20
    assert state.phase == TURN


def test_a_downgrade_card_turns_a_double_machine_back_to_single() -> None:
    """Playboss I, "The Blue Risk Field" (risk_cards.toml, downgrade): the double roller wears
    out; the machine stays, with single capacity."""
    state = on_blue()
    give_machines(state, 0)
    give_machines(state, 0, double=True)
    draw_risk(state, card_with(state, "downgrade").number)
    assert state.businesses[0].machines == [Machine(False, 0), Machine(False, 0)]
    assert state.bank_machines == 18


def test_a_downgrade_card_spares_single_machines() -> None:
    """Playboss I, "The Blue Risk Field": without a double machine there is nothing to wear."""
    state = on_blue()
    give_machines(state, 0)
    draw_risk(state, card_with(state, "downgrade").number)
    assert state.businesses[0].machines == [Machine(False, 0)]


# --- insurance and the computer --------------------------------------------------------------


def test_holding_2_webs_insures_against_insurable_cards() -> None:
    """Playboss I, "Insurance (2 WEBs)": whoever possesses 2 WEBs is insured against
    accidents, machine failure, fire and water damage. The WEBs are held, not spent."""
    state = on_blue()
    give_machines(state, 0)
    give_webs(state, 0, 2)
    before = snapshot(state)["businesses"]
    draw_risk(state, card_with(state, "lose_machine", insurable=True).number)
    assert snapshot(state)["businesses"] == before
    assert (state.bank_webs, state.bank_machines) == (28, 19)
    assert state.phase == TURN


def test_insurance_does_not_cover_uninsurable_cards() -> None:
    """Playboss I, "Insurance (2 WEBs)": insured against the damages named (see the
    instructions on the risk cards), not against everything."""
    state = on_blue()
    give_webs(state, 0, 2)
    card = card_with(state, "pay", insurable=False, needs="")
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - card.amount
    assert state.businesses[0].webs == 2


def test_one_web_is_no_insurance() -> None:
    """Playboss I, "Insurance (2 WEBs)": it takes 2 WEBs."""
    state = on_blue()
    give_webs(state, 0, 1)
    card = card_with(state, "pay", insurable=True, needs="")
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - card.amount


def test_a_computer_averts_the_cards_it_protects_against() -> None:
    """Playboss I, "The Blue Risk Field" (risk_cards.toml, computer_protects): better stock
    control and planning with a computer, leased or owned, averts some cards."""
    for computer in (LEASED, OWNED):
        state = on_blue()
        state.businesses[0].computer = computer
        state.bank_computers -= 1
        card = card_with(state, "pay", computer_protects=True, needs="")
        draw_risk(state, card.number)
        assert state.businesses[0].cash == 10_000
        assert state.phase == TURN


def test_a_computer_is_no_insurance() -> None:
    """Playboss I, "Insurance (2 WEBs)": only WEBs insure; a computer averts only its own
    cards."""
    state = on_blue()
    state.businesses[0].computer = OWNED
    state.bank_computers -= 1
    card = card_with(state, "pay", insurable=True, needs="")
    assert not card.computer_protects
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - card.amount


def test_insurance_does_not_avert_computer_cards() -> None:
    """Playboss I, "Insurance (2 WEBs)" and risk_cards.toml: the computer's cards are not
    insurable damage."""
    state = on_blue()
    give_webs(state, 0, 2)
    card = card_with(state, "pay", computer_protects=True, needs="")
    assert not card.insurable
    draw_risk(state, card.number)
    assert state.businesses[0].cash == 10_000 - card.amount


# --- paying more than the cash on hand -------------------------------------------------------


def test_a_payment_beyond_cash_must_be_raised_before_the_turn_goes_on() -> None:
    """Playboss I, "Explanations: Credit, Bankruptcy and Private Trade": a payment the cash
    cannot cover is raised by selling to the bank or borrowing against machines; only then does
    play go on."""
    state = on_blue()
    give_machines(state, 0)
    state.businesses[0].cash = 1_000
    card = max(
        (c for c in state.rules.risk_cards if c.effect == "pay" and not c.insurable and not c.computer_protects),
        key=lambda c: c.amount,
    )
    draw_risk(state, card.number)
    assert state.phase == RAISE and state.current_player() == 0
    assert state.due == card.amount
    # Or an offer to another player that brings Marks (Private Business between Players).
    assert {a.kind for a in options(state, 0)} <= {
        "bank-sell",
        "bank-sell-machine",
        "borrow",
        "offer-trade",
        "offer-loan",
    }
    assert_rejected(state, 0, Roll(), f"{card.amount:,} Marks are due")
    state.apply(Borrow(card.amount - 1_000), 0)
    b = state.businesses[0]
    assert (b.cash, b.debt) == (0, card.amount - 1_000)
    assert state.due == 0
    assert state.phase == TURN and state.current_player() == 1


# --- what each card's text presupposes (risk_cards.toml, ``needs``) -----------------------------

CONDITIONAL = [c for c in rules().risk_cards if c.needs]


def _equipped(needs: str, *, lacking: bool, steps: tuple[int, ...] = ()) -> PlaybossState:
    """Seat 0 on a blue field, holding what every card speaks of (raw and finished products, a
    double and a single machine, sales made, one WEB: not insured) except, when ``lacking``,
    what ``needs`` names (the insurance is then simply not there; with it, 2 WEBs)."""
    state = new_game(3, steps=list(steps)) if steps else new_game(2)
    b = state.businesses[0]
    give_products(state, 0, raw=0 if lacking and needs == "raw" else 3)
    give_products(state, 0, finished=0 if lacking and needs == "finished" else 2)
    if not (lacking and needs in ("machine", "workforce") and not steps):
        if not (lacking and needs == "double"):
            give_machines(state, 0, double=True)
        give_machines(state, 0, 1)
    give_webs(state, 0, 2 if needs == "insured" and not lacking else 1)
    b.sales = 0 if lacking and needs == "sales" else 3_000
    if steps and not (lacking and needs == "workforce"):
        state.apply(Hire(2), 0)
    land_on(state, 0, space_of(state, "blue", after=6), 5)
    assert state.phase == RISK
    return state


@pytest.mark.parametrize("card", CONDITIONAL, ids=lambda c: c.title)
def test_a_card_does_not_concern_a_business_without_what_its_text_speaks_of(card: RiskCard) -> None:
    """risk_cards.toml, ``needs``: "Surplus raw materials must be stored at a cost" used to
    charge 1,500 to a business holding no raw products. Each card whose text presupposes
    something (raw or finished products, a machine, a double machine, somebody at work, the
    insurance, customers) leaves a business without it exactly as it was."""
    state = _equipped(card.needs, lacking=True)
    state.log = []
    before = snapshot(state)["businesses"]
    draw_risk(state, card.number)
    assert snapshot(state)["businesses"] == before
    assert told(state)[-1].endswith("the card does not concern it.")
    assert state.phase == TURN


@pytest.mark.parametrize("card", CONDITIONAL, ids=lambda c: c.title)
def test_a_card_concerns_a_business_with_what_its_text_speaks_of(card: RiskCard) -> None:
    state = _equipped(card.needs, lacking=False)
    b = state.businesses[0]
    cash, raw, finished = b.cash, b.raw, b.finished
    machines = list(b.machines)
    draw_risk(state, card.number)
    if state.phase == LOSE:
        state.apply(LoseMachine(1), 0)
    effect = {
        "pay": (cash - card.amount, raw, finished, 2),
        "receive": (cash + card.amount, raw, finished, 2),
        "pay_per_machine": (cash - 2 * card.amount, raw, finished, 2),
        "lose_raw": (cash, raw - min(raw, card.amount), finished, 2),
        "lose_finished": (cash, raw, finished - min(finished, card.amount), 2),
        "lose_machine": (cash, raw, finished, 1),
        "downgrade": (cash, raw, finished, 2),
    }[card.effect]
    assert (b.cash, b.raw, b.finished, len(b.machines)) == effect
    if card.effect == "downgrade":
        assert machines[0].double and not b.machines[0].double
    check_books(state)


def test_with_the_labour_market_somebody_at_work_is_a_worker_unit() -> None:
    """Playboss II, "6. Step": "To operate a machine, one needs one unit of labor": with step 6
    the cards about workers concern a business that employs workers, machines or not."""
    accident = card_with(new_game(2), title="Accident at work")
    state = _equipped("workforce", lacking=True, steps=(6,))
    assert state.businesses[0].machines  # machines, but nobody to run them
    cash = state.businesses[0].cash
    draw_risk(state, accident.number)
    assert state.businesses[0].cash == cash
    state = _equipped("workforce", lacking=False, steps=(6,))
    cash = state.businesses[0].cash
    draw_risk(state, accident.number)
    assert state.businesses[0].cash == cash - accident.amount


def test_every_card_says_what_it_needs_and_the_amounts_agree_with_the_text() -> None:
    """The cards whose titles speak of a thing a business may lack name it; a machine failure
    is one repair (a flat amount), overtime "on every machine" is paid per machine."""
    cards = {c.title: c for c in rules().risk_cards}
    for title, card in cards.items():
        lowered = title.lower()
        if "raw material" in lowered or "raw product" in lowered:
            assert card.needs == "raw", title
        if "finished" in lowered or "dispatch" in lowered:
            assert card.needs == "finished", title
        if "worker" in lowered:
            assert card.needs == "workforce", title
        if "double" in lowered:
            assert card.needs == "double", title
    assert cards["Machine failure: the main drive must be repaired"].effect == "pay"
    assert cards["Poor production planning: overtime on every machine"].effect == "pay_per_machine"
    assert cards["Insurance bonus for a year without claims"].needs == "insured"
    assert cards["A customer goes bankrupt: the receivable is lost"].needs == "sales"
