"""The conformance suite's family checks, on the lot auction (``tests/toy_auction.py``): a
conforming game passes them, and each fault built into it on purpose is caught."""

from __future__ import annotations

import pytest

from toy_auction import Bid, LotAuction, LotAuctionState, Sell
from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, play
from tycoon.core.families import ActionFamily, CountedFamilies
from tycoon.core.registry import load
from tycoon.testing import ConformanceError, check_game, check_state


def test_the_lot_auction_conforms_and_its_families_are_checked() -> None:
    report = check_game(load("lot-auction", players=3), seeds=range(6), max_checked_states_per_game=8)
    assert report.games == 6
    assert report.families_checked > 10 and report.family_members_tried > 40


def test_random_agents_explore_the_families() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        record = play(load("lot-auction", players=3), [RandomAgent() for _ in range(3)], seed).record
        kinds |= {m.action["kind"] for m in record.moves}
    assert {"bid", "pass", "sell", "worth"} <= kinds


def bidding_state(broken: str = "", points: int = 0) -> LotAuctionState:
    """Lot 1 revealed, seat 1 to bid; seat 0 holds ``points``."""
    state = LotAuction(players=3, broken=broken).new_state()
    state.apply(state.chance_outcomes()[0][0], CHANCE)
    state.points[0] = points
    return state


def test_a_sale_family_wider_than_the_bank_pays_is_caught() -> None:
    state = bidding_state("wide", points=8)
    assert [str(f) for f in state.action_families(0)] == ["sell: count 1–8; price 1–3"]
    with pytest.raises(ConformanceError, match=r"\[family-bounds\].*count = 8 \(its hi\)"):
        check_state(state)
    check_state(bidding_state("", points=8))  # min(held, 5): tight


def test_a_family_with_no_legal_member_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"\[family-(bounds|empty)\]"):
        check_state(bidding_state("empty"))


def test_a_whole_family_with_a_refused_member_is_caught() -> None:
    state = bidding_state("refuse-bid")
    assert state.action_families()[0].whole
    with pytest.raises(ConformanceError, match=r"\[families\].*is whole but its (member|corner) 'bid 1' was refused"):
        check_state(state)


def test_an_empty_description_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"\[describe\]"):
        check_state(bidding_state("mute"))


def test_texts_for_everyone_at_once_that_differ_from_each_seats_are_caught() -> None:
    with pytest.raises(ConformanceError, match=r"\[describe\].*describe_all\('pass'\) gave.*'something happened'"):
        check_state(bidding_state("one-text"))


def test_family_members_are_not_taken_for_illegal_actions() -> None:
    # Bid(5) is no listed action but a member of seat 1's bid family: the illegal-action check
    # must not try it (it is legal), while a bid of another seat must still be refused.
    state = bidding_state()
    report = check_state(state, other_actions=[Bid(5), Sell(1, 1)])
    assert report.illegal_actions_rejected > 0


def test_a_shared_part_of_a_view_holding_a_changeable_list_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"\[view\].*shared part .* holds a list that could be changed"):
        check_state(bidding_state("shared-list"))


def test_families_counted_other_than_listed_are_caught() -> None:
    state = bidding_state("", points=8)
    listed = state.action_families(0)
    assert listed
    state.counted_families = lambda seat=None: CountedFamilies(len(listed) + 1, lambda: listed)  # type: ignore[method-assign]
    with pytest.raises(ConformanceError, match=r"\[families\] counted_families\(0\)"):
        check_state(state)


def test_a_family_built_alone_other_than_listed_is_caught() -> None:
    state = bidding_state("", points=8)
    listed = state.action_families(0)
    assert listed
    other = ActionFamily(listed[0].cls, listed[0].domains, "another label")
    makers = [lambda: other] * len(listed)
    state.counted_families = lambda seat=None: CountedFamilies(len(listed), lambda: listed, makers)  # type: ignore[method-assign]
    with pytest.raises(ConformanceError, match=r"\[families\] counted_families\(0\)"):
        check_state(state)
