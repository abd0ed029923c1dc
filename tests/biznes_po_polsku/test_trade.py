"""Trades between players (rulebook, "Mortgage": "Players may sell to each other the firms they
have bought, but without their investment elements. The price is agreed between the players ...
exchange firms ... adding a payment or not ... only when it is the turn of the player wishing to
carry out that transaction"). Offers are action families: any price the buyer can pay."""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play, replay
from tycoon.core.families import ActionFamily, Choice, IntRange
from tycoon.core.game import CHANCE, State
from tycoon.core.messages import Message, Seat, Term, msg, plain
from tycoon.core.record import Move, Record
from tycoon.games.biznes_po_polsku import BOTS, firms, trade
from tycoon.games.biznes_po_polsku.actions import (
    ROLL,
    Accept,
    Buy,
    Die,
    Mortgage,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Redeem,
    Reject,
    Roll,
)
from tycoon.games.biznes_po_polsku.phases import ANSWER, BANK, TURN
from tycoon.games.biznes_po_polsku.state import BiznesState, Filed, firm_code

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
    set_cash,
)


def families_of(state: BiznesState, seat: int, cls: type) -> list[ActionFamily]:
    return [f for f in state.action_families(seat) if f.cls is cls]


def test_a_sale_offered_before_the_roll_is_answered_by_the_other_player() -> None:
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    assert not any(isinstance(a, OfferSale) for a in state.legal_actions(0))
    (sales,) = families_of(state, 0, OfferSale)
    # Any price the buyer can pay, in multiples of the smallest banknote.
    assert sales.domains == (
        Choice((FRYZJER,), (msg("bp.fam.firm", firm=Term("bp.space.14"), n=14, owner=Seat(0)),)),
        Choice((1,)),
        IntRange(10, 15_000, 10),
    )
    assert sales.whole
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
    (exchanges,) = families_of(state, 0, OfferExchange)
    # The payment runs from what the other player can add to what the proposer can add.
    assert exchanges.domain("payment") == IntRange(-15_000, 15_000, 10)
    assert_rejected(state, 0, OfferExchange(KIOSK, FRYZJER, -15_010), "seat 1 holds 15,000")
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
    (sales,) = families_of(state, 0, OfferSale)
    assert sales.domain("price") == IntRange(10, 15_000 - 880, 10)
    assert_rejected(state, 0, OfferSale(FRYZJER, 1, 14_130), "880 zł", "15,010 zł, and seat 1 holds 15,000")
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
    assert not families_of(state, 0, OfferSale)
    assert_rejected(state, 0, OfferSale(SZKOLA, 1, 2800), "colour group has investments")


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
        assert families_of(state, 0, OfferPurchase)
        state.apply(OfferPurchase(RTV, 750), 0)
        state.apply(Reject(), 1)
    assert state.action_families(0) == []
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


def test_the_price_is_agreed_in_multiples_of_the_smallest_banknote() -> None:
    """Rulebook, "Components": the smallest banknote is 10 zł."""
    state = new_game(2)
    give_firm(state, 1, RTV)
    assert_rejected(state, 0, OfferPurchase(RTV, 1234), "multiple of 10 zł")
    assert_rejected(state, 0, OfferPurchase(RTV, 0), "from 10 zł")
    assert_rejected(state, 0, OfferPurchase(RTV, 15_010), "you hold 15,000")
    state.apply(OfferPurchase(RTV, 1230), 0)
    state.apply(Accept(), 1)
    assert state.owner[RTV] == 0 and state.players[1].cash == 16_230
    check_books(state)


def test_the_sale_family_runs_up_to_what_the_richest_buyer_can_pay() -> None:
    state = new_game(3)
    give_firm(state, 0, FRYZJER)
    give_firm(state, 0, KIOSK, mortgaged=True)
    set_cash(state, 1, 4_005)
    (sales,) = families_of(state, 0, OfferSale)
    # The richest buyer and the firm with nothing to redeem come first: they reach the top.
    assert sales.domain("to") == Choice((2, 1))
    assert sales.domain("space").values == (FRYZJER, KIOSK)
    assert sales.domain("price") == IntRange(10, 15_000, 10)
    assert not sales.whole
    assert_rejected(state, 0, OfferSale(FRYZJER, 1, 4_010), "4,010 zł, and seat 1 holds 4,005")
    assert_rejected(state, 0, OfferSale(KIOSK, 1, 4_000), "550 zł", "4,550 zł, and seat 1 holds 4,005")
    state.apply(OfferSale(KIOSK, 1, 3_450), 0)
    assert state.current_player() == 1


def test_an_exchange_family_per_player_when_one_family_cannot_reach_its_ends() -> None:
    """The richest owner's only firm is mortgaged: no single order of the firms reaches both
    ends, so each owner gets a family of its own, each reaching its own ends."""
    state = new_game(3)
    give_firm(state, 0, KIOSK)
    give_firm(state, 1, FRYZJER, mortgaged=True)  # seat 1 is the richer: 15,000
    give_firm(state, 2, RTV)
    set_cash(state, 2, 2_000)
    one, two = families_of(state, 0, OfferExchange)
    assert one.domains[1].values == (FRYZJER,) and one.domains[2] == IntRange(-15_000, 15_000 - 880, 10)
    assert two.domains[1].values == (RTV,) and two.domains[2] == IntRange(-2_000, 15_000, 10)


def test_the_exchange_family_asks_only_what_both_sides_can_pay() -> None:
    state = new_game(2)
    give_firm(state, 0, KIOSK)
    give_firm(state, 1, FRYZJER, mortgaged=True)
    set_cash(state, 0, 1_000)
    set_cash(state, 1, 305)
    (exchanges,) = families_of(state, 0, OfferExchange)
    assert exchanges.domains[2] == IntRange(-300, 1_000 - 880, 10)
    assert exchanges.whole
    state.apply(OfferExchange(KIOSK, FRYZJER, -300), 0)
    state.apply(Accept(), 1)
    assert state.owner[FRYZJER] == 0 and not state.mortgaged[FRYZJER]
    assert (state.players[0].cash, state.players[1].cash) == (1_000 + 300 - 880, 5)
    check_books(state)


def test_an_offer_is_checked_without_a_clone_and_exactly_as_apply_decides() -> None:
    """``refusal`` answers for an offer from the rules' own check, with no clone (the random
    agent checks every member it samples with it); for every kind of offer, legal or not, it
    says exactly what ``apply`` decides."""
    import pytest

    from tycoon.core.errors import IllegalAction
    from tycoon.core.game import State

    state = new_game(3)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FRYZJER)
    set_cash(state, 2, 500)
    offers = [
        OfferSale(KIOSK, 1, 1000),
        OfferSale(KIOSK, 2, 10),  # seat 2 cannot also redeem it (550 zł)
        OfferSale(FRYZJER, 1, 100),  # not seat 0's firm
        OfferSale(KIOSK, 0, 100),  # to itself
        OfferPurchase(FRYZJER, 1600),
        OfferPurchase(FRYZJER, 15),  # not a multiple of 10 zł
        OfferPurchase(FRYZJER, 20_000),
        OfferExchange(KIOSK, FRYZJER, 600),
        OfferExchange(KIOSK, FRYZJER, -15_000),
        OfferExchange(FRYZJER, KIOSK, 0),
    ]
    for offer in offers:
        for seat in (0, None, 1):
            if seat != 1:  # seat 1 is not to move: that refusal may take the long way
                state.clone = lambda: pytest.fail("refusal cloned the state")  # type: ignore[method-assign]
            try:
                said = state.refusal(offer, seat)
            finally:
                vars(state).pop("clone", None)
            try:
                state.clone().apply(offer, seat)
                accepted = True
            except IllegalAction:
                accepted = False
            assert (said is None) == accepted, (offer, seat, said)
            assert State.refusal(state, offer, seat) is None if accepted else State.refusal(state, offer, seat)
    state.apply(OfferPurchase(FRYZJER, 1600), 0)
    assert state.refusal(OfferPurchase(FRYZJER, 1600), 0) is not None  # an answer is pending


def test_an_offer_refusal_allowed_is_taken_once_by_that_seat_and_only_as_things_stood() -> None:
    """``apply`` takes an offer that ``refusal`` has just allowed without asking again; only
    that very action, of that seat, with nothing applied in between: a seat that is no whole
    number, another seat, or the same offer after another move is checked again, and refused
    with the state left as it was."""
    import pytest

    from tycoon.core.errors import IllegalAction

    state = new_game(3)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FRYZJER)
    redemption = state.rules.redemptions[KIOSK]
    set_cash(state, 0, 1600 + redemption - 10)  # the offer, or the redemption, not both
    offer = OfferPurchase(FRYZJER, 1600)
    for seat in (True, 1.0, 1):
        assert state.refusal(offer, 0) is None
        before = state.fingerprint()
        with pytest.raises(IllegalAction):
            state.apply(offer, seat)  # type: ignore[arg-type]
        assert state.fingerprint() == before
    assert state.refusal(offer, 0) is None
    state.apply(Redeem(KIOSK), 0)  # what may be done at any time: the offer is now too dear
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(offer, 0)
    assert state.fingerprint() == before
    set_cash(state, 0, 1600)
    assert state.refusal(offer, None) is None
    state.apply(offer)
    assert state.phase == ANSWER and state.offer == offer
    with pytest.raises(IllegalAction):
        state.apply(offer, 0)  # an answer is pending: taken once


def test_an_action_legal_actions_listed_is_taken_by_that_seat_only_and_only_if_listed() -> None:
    """``apply`` takes an action ``legal_actions`` has just listed for a seat without asking
    again; an action added to the list afterwards, the same action for another seat, or one
    listed before another move is checked again, and refused with the state as it was."""
    import pytest

    from tycoon.core.errors import IllegalAction

    state = new_game(3)
    give_firm(state, 0, KIOSK)
    listed = state.legal_actions(0)
    assert ROLL in listed and Mortgage(KIOSK) in listed
    listed.append(OfferPurchase(KIOSK, 100))  # seat 0's own firm: no offer of seat 0's
    before = state.fingerprint()
    for action, seat in ((listed[-1], 0), (ROLL, 1), (ROLL, True)):
        with pytest.raises(IllegalAction):
            state.apply(action, seat)  # type: ignore[arg-type]
        assert state.fingerprint() == before
        state.legal_actions(0)
    mortgage = next(a for a in state.legal_actions(0) if a == Mortgage(KIOSK))
    state.apply(mortgage, 0)  # listed: what may be done at any time, done
    with pytest.raises(IllegalAction):
        state.apply(mortgage, 0)  # listed before the move: checked again, and mortgaged now
    assert state.mortgaged[KIOSK]
    state.apply(ROLL, 0)
    outcomes, _ = state.chance_weights()  # the die's faces: chance's, not a seat's
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(outcomes[2], 0)
    assert state.fingerprint() == before
    state.apply(outcomes[2], CHANCE)
    assert state.rolled == 3


def test_the_firms_of_an_offer_are_named_as_on_the_track_played() -> None:
    """A track of one's own with a firm renamed: its offers name it so, even after offers on
    the shipped track were listed (the choices of firms are kept between decisions)."""
    from importlib import resources

    text = resources.files("tycoon.games.biznes_po_polsku").joinpath("data", "board.toml").read_text("utf-8")
    assert 'name = "Zakład fryzjerski"' in text
    own = text.replace('name = "Zakład fryzjerski"', 'name = "Salon fryzjerski"')
    shipped = "Zakład fryzjerski (hairdresser's salon)"  # the shipped firm's words, in English
    for board, name in ((None, shipped), (own, "Salon fryzjerski"), (None, shipped)):
        state = new_game(2) if board is None else new_game(2, board=board)
        give_firm(state, 0, FRYZJER)
        (sales,) = families_of(state, 0, OfferSale)
        labels = sales.domains[0].labels  # type: ignore[union-attr]
        assert [plain(label) for label in labels] == [f"{name} — space 14, owned by seat 0"]


def test_the_firms_of_every_trade_form_name_their_owner() -> None:
    """A form lists firms of several players: each choice says whose firm it is (``seat N``, which
    a front end names), mortgaged or not, and says the new owner once a firm changes hands."""
    state = new_game(3)
    give_firm(state, 0, FRYZJER)
    give_firm(state, 1, KIOSK)
    give_firm(state, 2, SZKOLA, mortgaged=True)
    by_kind = {f.cls: f for f in state.action_families(0)}
    purchase = by_kind[OfferPurchase].domains[0]
    assert isinstance(purchase, Choice)
    assert {v: plain(label) for v, label in zip(purchase.values, purchase.labels, strict=True)} == {
        KIOSK: "Kiosk „Ruchu” (newsstand) — space 8, owned by seat 1",
        SZKOLA: "Szkoła prywatna (private school) — space 4, mortgaged, owned by seat 2",
    }
    sale = by_kind[OfferSale].domains[0]
    assert isinstance(sale, Choice)
    assert [plain(label) for label in sale.labels] == [
        "Zakład fryzjerski (hairdresser's salon) — space 14, owned by seat 0"
    ]
    exchanges = [f for f in state.action_families(0) if f.cls is OfferExchange]
    assert exchanges
    for family in exchanges:
        for domain in family.domains[:2]:
            assert isinstance(domain, Choice)
            for space, label in zip(domain.values, domain.labels, strict=True):
                assert plain(label).endswith(f"owned by seat {state.owner[space]}"), label
                assert isinstance(label, Message) and label.params["owner"] == Seat(state.owner[space])
    state.set_owner(KIOSK, 2)  # the kiosk changes hands: the kept choices must not name the old owner
    purchase = next(f for f in state.action_families(0) if f.cls is OfferPurchase).domains[0]
    assert isinstance(purchase, Choice)
    assert "Kiosk „Ruchu” (newsstand) — space 8, owned by seat 2" in [plain(label) for label in purchase.labels]


def test_the_terminal_lists_the_firms_of_a_trade_form_with_their_owners_names() -> None:
    """The terminal puts the players' names in the firms' labels, as in every other text."""
    from tycoon.cli.menu import domain_text
    from tycoon.cli.naming import SeatNames

    state = new_game(3)
    give_firm(state, 1, KIOSK)
    purchase = next(f for f in state.action_families(0) if f.cls is OfferPurchase).domains[0]
    assert isinstance(purchase, Choice)
    listed = domain_text(purchase, SeatNames(["you", "Bob", "Eve"]), False)
    assert listed == "1 Kiosk „Ruchu” (newsstand) — space 8, owned by Bob"


def for_trade_on_the_board(state: BiznesState) -> tuple[tuple[Filed, ...], ...]:
    """Each seat's firms that may change hands, worked out from the board as the check of an
    offer reads it: (what taking it over costs, the space, the label's code), sorted."""
    filed: list[list[Filed]] = [[] for _ in state.players]
    for n in state.rules.firms:
        seat = state.owner[n]
        if seat != BANK and firms.tradeable(state, n):
            filed[seat].append((trade.redeem_cost(state, n), n, firm_code(n, seat, state.mortgaged[n])))
    return tuple(tuple(sorted(kept)) for kept in filed)


def test_the_firms_each_seat_owns_and_may_trade_are_kept_as_the_board_says_over_random_games() -> None:
    """``for_trade``, kept by the rules that change an owner, a mortgage or an investment, and
    ``owned`` and ``whole_groups``, kept by those that change an owner, are after every move
    what the board says, in games of random players and of bots (which build, mortgage, trade
    and go bankrupt to the bank and to each other)."""
    game = load("biznes_po_polsku", players=4)
    checked: list[int] = [0, 0, 0]  # moves; those after which some seat had firms to trade, a whole group

    def watch(state: State, seat: int) -> None:
        assert isinstance(state, BiznesState)
        assert state.for_trade == for_trade_on_the_board(state), f"after move {checked[0]} of seat {seat}"
        owners = [tuple([n for n in state.rules.firms if state.owner[n] == s]) for s in range(len(state.players))]
        assert list(state.owned) == owners, f"after move {checked[0]} of seat {seat}"
        whole = [tuple([n for n in mine if firms.owns_group(state, s, n)]) for s, mine in enumerate(owners)]
        assert list(state.whole_groups) == whole, f"after move {checked[0]} of seat {seat}"
        checked[0] += 1
        checked[1] += any(state.for_trade)
        checked[2] += any(state.whole_groups)

    for seed in range(6):
        play(game, [RandomAgent() for _ in range(4)], seed, watch=watch)
        play(game, [BOTS["bot"]() for _ in range(4)], seed, watch=watch)
    assert checked[1] > checked[0] // 2 > 1000
    assert checked[2] > 100


def test_a_clone_keeps_its_own_firms_to_trade() -> None:
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    twin = state.clone()
    assert isinstance(twin, BiznesState)
    twin.set_mortgaged(FRYZJER, True)
    assert state.for_trade == for_trade_on_the_board(state) == (((0, FRYZJER, firm_code(FRYZJER, 0, False)),), ())
    assert twin.for_trade == for_trade_on_the_board(twin) != state.for_trade
