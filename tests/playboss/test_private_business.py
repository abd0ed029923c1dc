"""Private business between players: trades for Marks at freely agreed prices.

Playboss I, "Private Business between Players"; "Explanations: Credit, Bankruptcy and Private
Trade"; "Decision: Investment" (machines obtained from players produce from the turn after
next). Design: docs/decisions/0006-private-deals.md.
"""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, play
from tycoon.core.record import replay
from tycoon.games.playboss.actions import (
    Accept,
    BankSell,
    Borrow,
    Decline,
    OfferLease,
    OfferLoan,
    OfferTrade,
    Roll,
)
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.business import NO_COMPUTER, OWNED, Machine
from tycoon.games.playboss.deals import MOST_FEE, MOST_INTEREST, MOST_LAPS, MOST_RENT
from tycoon.games.playboss.phases import ANSWER, MOVE, RAISE, TURN
from tycoon.words import render

from .helpers import (
    assert_rejected,
    card_with,
    check_books,
    draw_risk,
    give_computer,
    give_machines,
    give_products,
    give_webs,
    land_on,
    new_game,
    options,
    set_cash,
    space_of,
    told,
)


def test_a_trade_offered_on_another_players_turn_is_answered_at_once_and_play_goes_on() -> None:
    """ "Private business between players is allowed at any time, even without a red field": seat
    1 offers while seat 0 is to roll; seat 1's answer interrupts, then seat 0 rolls."""
    state = new_game(2)
    give_products(state, 1, raw=3)
    state.log = []
    offer = OfferTrade(0, "raw", 3, 900, True)
    assert offer in options(state, 1)  # the menu: 3 raw at 300 each

    state.apply(offer, 1)
    assert (state.phase, state.current_player()) == (ANSWER, 0)
    assert options(state, 0)[:2] == [Accept(), Decline()]
    assert state.view(None)["deals"]["offer"]["from"] == 1
    state.apply(Accept(), 0)

    a, b = state.businesses
    assert (a.raw, a.cash, b.raw, b.cash) == (3, 10_000 - 900, 0, 10_000 + 900)
    assert (state.phase, state.current_player()) == (TURN, 0)
    assert "Seat 1 offers to sell seat 0 3 raw products for 900 Marks." in told(state)
    assert "Seat 0 accepts seat 1's offer." in told(state)
    check_books(state)


def test_a_declined_offer_changes_nothing_and_lapses() -> None:
    state = new_game(2)
    give_products(state, 0, finished=2)
    state.apply(OfferTrade(1, "finished", 1, 3000, True), 0)
    state.apply(Decline(), 1)
    assert (state.businesses[0].finished, state.businesses[0].cash, state.businesses[1].cash) == (2, 10_000, 10_000)
    assert state.deals.offer is None and (state.phase, state.current_player()) == (TURN, 0)
    assert_rejected(state, 1, Accept(), "no offer is waiting")


def test_any_price_may_be_agreed_the_offers_are_a_family() -> None:
    """ "for freely agreed upon prices": the offer is a family of any count held and any price
    the buyer can pay (docs/decisions/0011-action-families.md); no offer is listed."""
    state = new_game(2)
    give_products(state, 0, raw=2)
    offer = OfferTrade(1, "raw", 2, 437, True)
    assert not any(isinstance(a, OfferTrade) for a in state.legal_actions(0))
    sells = [f for f in state.action_families(0) if f.cls is OfferTrade and f.domain("sell").values == (True,)]
    assert [str(f) for f in sells] == ["offer-trade: to 1; goods raw products; count 1–2; marks 0–10,000; sell True"]
    assert offer in sells[0] and state.refusal(offer, 0) is None
    too_dear = OfferTrade(1, "raw", 2, 10_001, True)
    assert render(state.refusal(too_dear, 0) or "").startswith("seat 1 may spend 10,000 Marks and cannot pay 10,001")
    state.apply(offer, 0)
    state.apply(Accept(), 1)
    assert (state.businesses[1].raw, state.businesses[1].cash) == (2, 10_000 - 437)


def test_buying_from_another_player() -> None:
    """An offer may be to buy: the offering side pays, the other delivers."""
    state = new_game(2)
    give_webs(state, 1, 2)
    state.apply(OfferTrade(1, "web", 2, 1500, False), 0)
    state.apply(Accept(), 1)
    assert (state.businesses[0].webs, state.businesses[1].webs) == (2, 0)
    assert (state.businesses[0].cash, state.businesses[1].cash) == (8_500, 11_500)
    check_books(state)


def test_a_machine_bought_privately_produces_only_from_the_turn_after_next() -> None:
    """ "Decision: Investment": "a machine cannot produce anything until the turn after next (in
    2 die rolls), that follows after the purchase or leasing"."""
    state = new_game(2)
    give_machines(state, 1, 1, double=True)
    state.apply(OfferTrade(1, "double-machine", 1, 12_000 - 3_000, False), 0)
    state.apply(Accept(), 1)
    a = state.businesses[0]
    assert a.machines == [Machine(True, a.turns + 2)] and state.businesses[1].machines == []
    assert a.ready_capacity() == 0
    check_books(state)


def test_a_purchased_computer_may_be_sold_a_leased_one_not() -> None:
    state = new_game(3)
    give_computer(state, 1)
    give_computer(state, 2, leased=True)
    state.apply(OfferTrade(1, "computer", 1, 15_000 - 5_000, False), 0)
    state.apply(Accept(), 1)
    assert (state.businesses[0].computer, state.businesses[1].computer) == (OWNED, NO_COMPUTER)
    assert_rejected(state, 2, OfferTrade(1, "computer", 1, 1_000, True), "owns no purchased computer")
    check_books(state)


def test_offers_the_offering_side_cannot_honour_are_refused_with_the_reason() -> None:
    state = new_game(2)
    give_products(state, 0, raw=1)
    assert_rejected(state, 0, OfferTrade(1, "raw", 2, 300, True), "seat 0 holds 1 raw product and cannot sell 2")
    assert_rejected(state, 0, OfferTrade(1, "raw", 1, 10_001, False), "seat 0 may spend 10,000")
    assert_rejected(state, 0, OfferTrade(1, "machine", 1, 5_000, True), "seat 0 has no single machine")
    assert_rejected(state, 0, OfferTrade(1, "gold", 1, 5_000, True), "goods must be one of")
    assert_rejected(state, 0, OfferTrade(0, "raw", 1, 150, True), "no other seat 0")
    assert_rejected(state, 0, OfferLoan(1, 20_000, 10, 1_000, 0, True), "cannot lend 20,000")
    # The other side is checked too: seat 1 holds no raw to sell.
    assert_rejected(state, 0, OfferTrade(1, "raw", 1, 150, False), "seat 1 holds 0 raw")


def test_at_acceptance_both_sides_are_checked_again() -> None:
    """An offer that can no longer be honoured when answered cannot be accepted, only declined."""
    state = new_game(2)
    give_products(state, 0, raw=1)
    state.apply(OfferTrade(1, "raw", 1, 300, True), 0)
    state.apply(BankSell("raw", 1), 0)  # the offering side sells it to the bank meanwhile
    assert Accept() not in options(state, 1)
    assert_rejected(state, 1, Accept(), "can no longer be honoured", "holds 0 raw")
    state.apply(Decline(), 1)
    assert state.current_player() == 0


def test_one_offer_is_open_at_a_time_and_one_per_seat_between_rolls() -> None:
    """Designed here so that offers never stall the game (docs/decisions/0006-private-deals.md)."""
    state = new_game(3)
    give_products(state, 0, raw=3)
    state.apply(OfferTrade(1, "raw", 1, 150, True), 0)
    assert_rejected(state, 2, OfferTrade(0, "raw", 1, 150, False), "one offer is open at a time")
    state.apply(Decline(), 1)
    assert_rejected(state, 0, OfferTrade(2, "raw", 1, 150, True), "one offer per seat between two rolls")
    assert not any(isinstance(a, OfferTrade) for a in options(state, 0))
    state.apply(OfferTrade(0, "raw", 1, 150, False), 2)  # another seat may still offer
    state.apply(Decline(), 0)
    state.apply(Roll(), 0)
    assert state.phase == MOVE
    state.apply(OfferTrade(1, "raw", 1, 150, True), 0)  # a new roll, a new offer; during chance
    state.apply(Accept(), 1)
    assert state.current_player() == CHANCE


def test_selling_a_pledged_machine_repays_the_bank_out_of_the_price() -> None:
    """ "Lines of Credit": the machine secured the seller's credit."""
    state = new_game(2)
    give_machines(state, 0, 2)
    state.apply(Borrow(10_000), 0)
    set_cash(state, 0, 0)
    # For 4,000 the sale could not bring the debt back within the limit of one machine.
    assert_rejected(state, 0, OfferTrade(1, "machine", 1, 4_000, True), "5,000 Marks above that must be repaid")
    state.apply(OfferTrade(1, "machine", 1, 7_000, True), 0)
    state.apply(Accept(), 1)
    a = state.businesses[0]
    assert (a.debt, a.cash, len(a.machines)) == (5_000, 2_000, 1)
    check_books(state)


def test_a_business_short_of_cash_may_raise_it_by_selling_to_another_player() -> None:
    """ "Explanations: Producing and Selling": "he should try to sell unused machines or excess
    product to other players so as to gain some cash"."""
    state = new_game(2)
    set_cash(state, 0, 0)
    give_products(state, 0, finished=2)
    land_on(state, 0, space_of(state, "blue"))
    draw_risk(state, card_with(state, title="Storm tears the roof off").number)  # 2,500
    assert state.phase == RAISE
    assert_rejected(state, 0, OfferTrade(1, "raw", 1, 150, False), "only offers that bring you Marks")
    state.apply(OfferTrade(1, "finished", 2, 6_000, True), 0)
    state.apply(Accept(), 1)
    assert state.phase != RAISE and state.businesses[0].cash == 6_000 - 2_500
    check_books(state)


def test_deals_go_into_the_record_and_replay() -> None:
    """ARCHITECTURE, "Several players deciding": every offer and answer goes into the record.
    An offer ends with one acceptance or refusal, after a counter-offer or not."""
    game = load("playboss", players=3, years=2)
    result = play(game, [RandomAgent(), RandomAgent(), PlaybossBot()], 3)
    kinds = [move.action["kind"] for move in result.record.moves]
    offers = kinds.count("offer-trade") + kinds.count("offer-loan") + kinds.count("offer-lease")
    assert offers > 0 and kinds.count("counter") > 0
    assert offers == kinds.count("accept") + kinds.count("decline") + kinds.count("decline-because")
    assert replay(result.record).fingerprint() == result.state.fingerprint()


def test_terms_beyond_the_bounds_of_a_deal_are_refused_and_change_nothing() -> None:
    """The rulebook leaves interest, fees, terms, rents and salaries to the players; the bounds
    chosen (docs/playboss.md) keep every figure of a game within what a view can carry: a loan
    at 2**63 percent would leave arrears no JSON encoder of 64-bit integers can send."""
    state = new_game(2)
    give_machines(state, 0)
    huge = 2**62  # within 64 bits: the deal's own bounds refuse it
    for offer in (
        OfferLoan(1, 1_000, huge, 0, 0, True),
        OfferLoan(1, 1_000, MOST_INTEREST + 1, 0, 0, True),
        OfferLoan(1, 1_000, 10, MOST_FEE + 1, 0, True),
        OfferLoan(1, 1_000, 10, huge, 0, True),
        OfferLoan(1, 1_000, 10, 1_000, MOST_LAPS + 1, True),
        OfferLoan(1, 1_000, 10, 1_000, huge, True),
    ):
        assert_rejected(state, 0, offer, "interest 0 to 100 percent", "a fee of 0 to 10,000", "0 to 10 crossings")
    # 2**63 percent, beyond 64 bits, is refused before the rules look at it
    assert_rejected(state, 0, OfferLoan(1, 1_000, 2**63, 0, 0, True), "interest", "2^63-1")
    for lease in (OfferLease(1, False, MOST_RENT + 1, 1, True), OfferLease(1, False, 2_000, MOST_LAPS + 1, True)):
        assert_rejected(state, 0, lease, "a rent of 0 to 10,000 Marks", "1 to 10 crossings")
    # At the bounds the offers are made.
    state.apply(OfferLoan(1, 1_000, MOST_INTEREST, MOST_FEE, MOST_LAPS, True), 0)
    state.apply(Decline(), 1)
    state.apply(OfferLease(0, False, MOST_RENT, MOST_LAPS, False), 1)


def test_the_offers_families_show_the_bounds_apply_keeps() -> None:
    state = new_game(2)
    give_machines(state, 1)
    families = {(f.kind, f.label): f for f in state.action_families(0)}
    loan = next(f for (kind, _), f in families.items() if kind == "offer-loan")
    assert (loan.domain("interest").hi, loan.domain("fee").hi, loan.domain("laps").hi) == (  # type: ignore[union-attr]
        MOST_INTEREST,
        MOST_FEE,
        MOST_LAPS,
    )
    lease = next(f for (kind, _), f in families.items() if kind == "offer-lease")
    assert (lease.domain("rent").hi, lease.domain("laps").hi) == (MOST_RENT, MOST_LAPS)  # type: ignore[union-attr]
