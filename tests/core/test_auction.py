"""The ascending auction shared by the games: order, bounds, closing, and the same turn order as
the three auctions it replaces (Playboss bankruptcy and purchase auctions, Biznes po polsku
bankruptcy)."""

from __future__ import annotations

import pytest

from tycoon.core.actions import Action, action
from tycoon.core.auction import AscendingAuction, Closing, seats_around, telling
from tycoon.core.errors import IllegalAction
from tycoon.core.families import IntRange
from tycoon.core.messages import Message, Money, msg
from tycoon.words import render


@action("bid")
class Bid(Action):
    amount: int


def test_seats_around_start_left_of_the_seat() -> None:
    assert seats_around(0, 4) == [1, 2, 3]
    assert seats_around(3, 4) == [0, 1, 2]
    assert seats_around(1, 3, last=True) == [2, 0, 1]
    assert seats_around(0, 1, last=True) == [0]
    assert seats_around(0, 1) == []


def test_first_bid_may_be_the_opening_price_then_bids_must_beat_the_standing_bid() -> None:
    a = AscendingAuction([1, 2, 3], opening=1500, raise_by=500)
    assert a.to_bid == 1 and a.lowest() == 1500
    assert a.bids(4000) == IntRange(1500, 4000, 500)
    a.bid(1, 1500)
    assert (a.high_bid, a.high_bidder, a.to_bid, a.lowest()) == (1500, 1, 2, 2000)
    # What a bidder can pay need not lie on the grid: the top bid is the last grid point below it.
    assert a.bids(3999) == IntRange(2000, 3500, 500)
    assert a.bids(1999) is None


def test_step_may_be_finer_than_the_least_raise() -> None:
    a = AscendingAuction([0, 1], opening=100, raise_by=100, step=10)
    a.bid(0, 130)
    assert a.bids(260) == IntRange(230, 260, 10)


def test_the_bid_family_is_whole_and_tight() -> None:
    a = AscendingAuction([0, 1], opening=300)
    family = a.bid_family(Bid, 305, label="Bid for the lot")
    assert family is not None and family.whole
    assert family.domains == (IntRange(300, 305, 1),)
    assert family.corners() == [Bid(300), Bid(305)]
    assert Bid(299) not in family and Bid(306) not in family
    assert a.bid_family(Bid, 299) is None


def test_everyone_passing_before_a_bid_leaves_the_lot_unsold() -> None:
    a = AscendingAuction([2, 0], opening=10)
    a.pass_(2)
    assert a.closing() is Closing.OPEN and a.to_bid == 0
    a.pass_(0)
    assert a.closing() is Closing.UNSOLD
    assert a.bidders == []


def test_the_last_bidder_standing_buys() -> None:
    a = AscendingAuction([1, 2, 3], opening=10, raise_by=5)
    a.bid(1, 10)
    a.bid(2, 15)
    a.pass_(3)
    assert a.to_bid == 1
    assert a.standing(2) == 15 and a.standing(1) == 0
    a.pass_(1)
    assert a.closing() is Closing.SOLD
    assert (a.high_bidder, a.high_bid) == (2, 15)


def test_a_single_bidder_must_still_bid_or_pass() -> None:
    a = AscendingAuction([3], opening=10)
    assert a.closing() is Closing.OPEN and a.to_bid == 3
    a.bid(3, 12)
    assert a.closing() is Closing.SOLD and a.high_bid == 12


def _old_turn_order(bidders: list[int], moves: list[int | None]) -> list[int]:
    """The turn order of the three auctions as they were written in the games (index-based),
    for comparing: ``None`` is a pass, a number a bid."""
    turn, high_bidder, order = 0, -1, []
    bidders = bidders.copy()
    for move in moves:
        seat = bidders[turn]
        order.append(seat)
        if move is None:
            bidders.remove(seat)
        else:
            high_bidder = seat
            turn += 1
        if (high_bidder >= 0 and bidders == [high_bidder]) or not bidders:
            break
        turn %= len(bidders)
        if bidders[turn] == high_bidder:
            turn = (turn + 1) % len(bidders)
    return order


@pytest.mark.parametrize(
    "moves",
    [
        [10, 11, 12, 13, None, 14, None, None],
        [None, 10, None, 11, None],
        [None, None, None, None],
        [10, None, None, None],
        [None, None, 10, 11, 12, None, None],
        [10, 11, None, 12, None],
    ],
)
def test_turn_order_is_the_one_the_games_used(moves: list[int | None]) -> None:
    bidders = [3, 0, 1, 2]
    a = AscendingAuction(bidders, opening=10)
    order = []
    for move in moves:
        if a.closing() is not Closing.OPEN:
            break
        order.append(a.to_bid)
        if move is None:
            a.pass_(a.to_bid)
        else:
            a.bid(a.to_bid, max(move, a.lowest()))
    assert order == _old_turn_order(bidders, moves[: len(order)])


def said(problem: Message | None) -> str | None:
    """A bid's problem as an English reader reads it."""
    return None if problem is None else render(problem)


def test_bid_problem_says_what_bids_are_possible() -> None:
    a = AscendingAuction([0, 1], opening=1000, raise_by=500)
    assert a.bid_problem(1000, 5000) is None
    assert a.bid_problem(2500, 5000) is None
    assert said(a.bid_problem(1200, 5000)) == "bids now run from 1,000 to 5,000, in steps of 500, not 1,200"
    assert said(a.bid_problem(5500, 5000)) == "bids now run from 1,000 to 5,000, in steps of 500, not 5,500"
    assert a.bid_problem(1000, 1200) is None
    assert said(a.bid_problem(1500, 1200)) == "the only bid you can make now is 1,000, not 1,500"
    assert (
        said(a.bid_problem(1000, 900)) == "the lowest bid now is 1,000 and you can pay at most 900: you can only pass"
    )
    assert a.bid_problem(1000, 5000, "bp.unit.zl") is None
    assert "to 5,000 zł," in (said(a.bid_problem(10, 5000, "bp.unit.zl")) or "")
    assert a.bid_problem(10, 5000, "bp.unit.zl") == msg(
        "refuse.bid.range_steps", lo=1000, hi=Money(5000, "bp.unit.zl"), step=500, amount=10
    )


def test_bid_problem_writes_the_unit_and_the_games_reason_for_the_top() -> None:
    """A game bidding per unit, whose bidders pay from cash for the whole lot of three."""
    a = AscendingAuction([0, 1], opening=400, raise_by=50)

    def why(x: int) -> str:
        return f"3 at {x} cost {3 * x:,} but you hold 1,200"

    per_unit = "pb.no.mark_per_unit"
    assert said(a.bid_problem(380, 400, per_unit, why=why)) == (
        "the only bid you can make now is 400 Marks per unit, not 380"
    )
    assert said(a.bid_problem(450, 400, per_unit, why=why)) == (
        "the only bid you can make now is 400 Marks per unit, not 450: 3 at 450 cost 1,350 but you hold 1,200"
    )
    assert said(a.bid_problem(350, 500, per_unit, why=why)) == (
        "bids now run from 400 to 500 Marks per unit, in steps of 50, not 350"
    )
    assert said(a.bid_problem(550, 500, per_unit, why=why)) == (
        "bids now run from 400 to 500 Marks per unit, in steps of 50, not 550: 3 at 550 cost 1,650 but you hold 1,200"
    )
    # Too poor for the lowest bid: the reason is given for the lowest bid, whatever was asked.
    assert said(a.bid_problem(100, 300, per_unit, why=why)) == (
        "the lowest bid now is 400 Marks per unit: 3 at 400 cost 1,200 but you hold 1,200; you can only pass"
    )
    assert said(a.bid_problem(100, 300, "pb.unit.mark")) == (
        "the lowest bid now is 400 Marks and you can pay at most 300 Marks: you can only pass"
    )
    assert a.bid_problem(500, 500, "pb.unit.mark", why=why) is None


def test_answer_bids_or_passes_and_refuses_a_wrong_bid_leaving_the_bidding_as_it_was() -> None:
    a = AscendingAuction([1, 2], opening=400, raise_by=50)
    assert a.answer(1, 400, 600, "the rule", unit="pb.unit.mark") is Closing.OPEN
    assert (a.high_bid, a.high_bidder, a.to_bid) == (400, 1, 2)
    before = a.clone()
    with pytest.raises(IllegalAction) as caught:
        a.answer(2, 700, 600, "the rule", unit="pb.unit.mark", why=lambda x: f"{x:,} is more than 600")
    # str() of the refusal is its English sentence, the rule cited.
    assert str(caught.value) == (
        "bids now run from 450 to 600 Marks, in steps of 50, not 700: 700 is more than 600 (the rule)"
    )
    assert caught.value.rule == "the rule"
    assert a == before
    assert a.answer(2, None, 600, "the rule") is Closing.SOLD
    assert (a.high_bid, a.high_bidder, a.bidders) == (400, 1, [1])


def test_telling_says_the_bid_or_the_pass() -> None:
    assert telling(3, 1500, unit=" Marks per unit") == "Seat 3 bids 1,500 Marks per unit."
    assert telling(1, 600, lambda x: f"{x:,} zł") == "Seat 1 bids 600 zł."
    assert telling(0, None, unit=" Marks") == "Seat 0 passes."


def test_the_docstring_examples_hold() -> None:
    import doctest

    import tycoon.core.auction

    result = doctest.testmod(tycoon.core.auction)
    assert result.attempted > 0 and result.failed == 0


def test_misuse_is_a_bug_not_an_illegal_action() -> None:
    a = AscendingAuction([0, 1], opening=10, raise_by=2)
    with pytest.raises(ValueError, match="seat 0 bids now, not seat 1"):
        a.bid(1, 10)
    with pytest.raises(ValueError, match="9 is no bid now"):
        a.bid(0, 9)
    with pytest.raises(ValueError, match="11 is no bid now"):
        a.bid(0, 11)
    a.pass_(0)
    a.pass_(1)
    with pytest.raises(ValueError, match="the bidding is over"):
        a.pass_(0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([], 10), "at least one bidder"),
        (([1, 1], 10), "only once"),
    ],
)
def test_bad_set_up_is_refused(args: tuple[list[int], int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AscendingAuction(*args)
    with pytest.raises(ValueError, match="at least 1"):
        AscendingAuction([0], 10, raise_by=0)


def test_clone_is_independent_and_equal() -> None:
    a = AscendingAuction([0, 1, 2], opening=10)
    a.bid(0, 10)
    twin = a.clone()
    assert twin == a and twin is not a and twin.to_json() == a.to_json()
    twin.pass_(1)
    assert a.bidders == [0, 1, 2] and twin.bidders == [0, 2]
    assert twin != a


def test_to_json_shows_the_bidding() -> None:
    a = AscendingAuction([2, 0], opening=10, raise_by=5)
    a.bid(2, 10)
    assert a.to_json() == {
        "bidders": [2, 0],
        "to_bid": 0,
        "high_bid": 10,
        "high_bidder": 2,
        "lowest": 15,
        "opening": 10,
        "raise_by": 5,
        "step": 5,
        "turn": 1,
        "closing": "open",
    }
    a.pass_(0)
    assert a.to_json()["closing"] == "sold" and a.to_json()["to_bid"] is None
