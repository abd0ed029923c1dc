"""Trades between players (rulebook, "Mortgage": "Players may sell to each other the firms they
have bought, but without their investment elements ... exchange firms ... adding a payment or
not ... only when it is the turn of the player wishing to carry out that transaction")."""

from __future__ import annotations

from tycoon.core import load, replay
from tycoon.core.record import Move, Record
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Buy,
    Die,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Reject,
    Roll,
)
from tycoon.games.biznes_po_polsku.state import ANSWER, TURN

from .helpers import (
    FRYZJER,
    KIOSK,
    RTV,
    SZKOLA,
    assert_rejected,
    check_books,
    give_firm,
    give_group,
    new_game,
)


def test_a_sale_offered_before_the_roll_is_answered_by_the_other_player() -> None:
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    offers = [a for a in state.legal_actions(0) if isinstance(a, OfferSale)]
    assert offers == [OfferSale(FRYZJER, 1, x) for x in (800, 1600, 2400, 3200)]
    state.apply(OfferSale(FRYZJER, 1, 2400), 0)
    assert state.phase == ANSWER and state.current_player() == 1
    assert state.legal_actions(1) == [Accept(), Reject()]
    assert state.legal_actions(0) == []
    state.apply(Accept(), 1)
    assert state.owner[FRYZJER] == 1
    assert (state.players[0].cash, state.players[1].cash) == (17_400, 12_600)
    assert state.phase == TURN and state.current_player() == 0
    check_books(state)


def test_a_rejected_offer_changes_nothing_but_the_offers_left() -> None:
    state = new_game(2)
    give_firm(state, 1, FRYZJER)
    state.apply(OfferPurchase(FRYZJER, 1600), 0)
    state.apply(Reject(), 1)
    assert state.owner[FRYZJER] == 1 and state.players[0].cash == 15_000
    assert state.offers_made == 1 and state.phase == TURN


def test_an_exchange_with_a_payment() -> None:
    """ "Players may also exchange firms with each other, adding a payment or not." """
    state = new_game(2)
    give_firm(state, 0, KIOSK)  # 1,000
    give_firm(state, 1, FRYZJER)  # 1,600
    exchanges = [a for a in state.legal_actions(0) if isinstance(a, OfferExchange)]
    assert exchanges == [OfferExchange(KIOSK, FRYZJER, x) for x in (0, 600, -600)]
    state.apply(OfferExchange(KIOSK, FRYZJER, 600), 0)
    state.apply(Accept(), 1)
    assert state.owner[KIOSK] == 1 and state.owner[FRYZJER] == 0
    assert (state.players[0].cash, state.players[1].cash) == (14_400, 15_600)
    check_books(state)


def test_the_buyer_of_a_mortgaged_firm_redeems_it() -> None:
    """ "A firm that has been mortgaged may also be sold (for any price); the buyer is then
    obliged to redeem the mortgaged firm from the BANK (the mortgage value plus 10%)." """
    state = new_game(2)
    give_firm(state, 0, FRYZJER, mortgaged=True)
    state.apply(OfferSale(FRYZJER, 1, 800), 0)
    state.apply(Accept(), 1)
    assert state.owner[FRYZJER] == 1 and not state.mortgaged[FRYZJER]
    assert state.players[1].cash == 15_000 - 800 - 880
    check_books(state)


def test_firms_of_a_group_with_investments_cannot_be_traded() -> None:
    """ "Players may sell to each other the firms they have bought, but without their
    investment elements." """
    state = new_game(2)
    give_group(state, 0, FRYZJER, 1)
    assert not [a for a in state.legal_actions(0) if isinstance(a, OfferSale)]
    assert_rejected(state, 0, OfferSale(SZKOLA, 1, 2800), "not an offer you can make")


def test_offers_only_before_the_roll_of_the_proposers_turn() -> None:
    state = new_game(2)
    give_firm(state, 1, FRYZJER)
    assert_rejected(state, 1, OfferSale(FRYZJER, 0, 1600), "seat 0's decision")
    state.apply(Roll(), 0)
    assert_rejected(state, 0, OfferPurchase(FRYZJER, 1600), "not seat 0's")


def test_three_offers_a_turn_at_most() -> None:
    state = new_game(2)
    give_firm(state, 1, RTV)
    for _ in range(3):
        state.apply(OfferPurchase(RTV, 750), 0)
        state.apply(Reject(), 1)
    assert not [a for a in state.legal_actions(0) if isinstance(a, OfferPurchase)]
    assert_rejected(state, 0, OfferPurchase(RTV, 750), "at most 3 offers")


def test_every_offer_and_answer_is_in_the_record() -> None:
    """Offers and answers are moves like any other: a record of them replays exactly."""
    game = load("biznes_po_polsku", players=2)
    state = game.new_state()
    record = Record.start(game, [{"name": "a"}, {"name": "b"}], None)
    moves = [(-1, Die(6)), (-1, Die(1)), (0, Roll()), (-1, Die(3)), (0, Buy()), (1, Roll()), (-1, Die(2))]
    moves += [(0, OfferSale(SZKOLA, 1, 1400)), (1, Accept())]
    for seat, action in moves:
        state.apply(action, seat)
        record.moves.append(Move(seat, action.to_json()))
    assert state.owner[SZKOLA] == 1
    assert record.moves[-2].action == {"kind": "offer-sale", "space": SZKOLA, "to": 1, "price": 1400}
    assert record.moves[-1].action == {"kind": "accept"}
    assert replay(record).fingerprint() == state.fingerprint()
    assert str(OfferExchange(8, 14, -600)) == "offer-exchange 8 14 -600"
    assert game.codec.parse("offer-exchange 8 14 -600") == OfferExchange(8, 14, -600)
