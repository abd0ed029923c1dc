"""Bargaining: counter-offers are offers the proposer could make and pay, reasons are keys of the
game's list that hold and name nothing hidden, a counter-offer costs no offer, and bots that
bargain replay the same from the same seed."""

from __future__ import annotations

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import IllegalAction, load, play
from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.game import Game, State
from tycoon.core.messages import from_wire, to_wire
from tycoon.core.reasons import Reasons
from tycoon.games.biznes_po_polsku import reasons, trade
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Counter,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Reject,
    RejectBecause,
)
from tycoon.games.biznes_po_polsku.bot import AnsweringBot, BiznesBot
from tycoon.games.biznes_po_polsku.bot_easy import EasyBiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.testing.negotiation import ReasonLeak, check_reasons
from tycoon.words import render

from .helpers import AUTOKOMIS, FRYZJER, KIOSK, SZKOLA, give_firm, new_game


def bots(game: Game) -> list[Agent]:
    """Bots that bargain, normal and beginners (whose misjudged offers the others decline)."""
    return [BiznesBot() if s % 2 == 0 else EasyBiznesBot() for s in range(game.num_seats)]


def bots_and_random(game: Game) -> list[Agent]:
    """Bots that bargain, and random players, who make offers a bot counters."""
    return [BiznesBot() if s % 2 == 0 else RandomAgent() for s in range(game.num_seats)]


class Watching:
    """An agent that notes, before each of its moves, the state it moved in."""

    def __init__(self, agent: Agent, seen: list[tuple[State, int, Action]]) -> None:
        self.agent, self.seen, self.name = agent, seen, agent.name

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        action = self.agent.act(state, seat)
        self.seen.append((state.clone(), seat, action))
        return action


def test_every_counter_offer_is_an_offer_the_proposer_could_make_and_pay() -> None:
    game = load("biznes_po_polsku", players=4)
    seen: list[tuple[State, int, Action]] = []
    for seed in range(12):
        agents: list[Agent] = [Watching(a, seen) for a in bots_and_random(game)]
        play(game, agents, seed)
    counters = [(st, seat, a) for st, seat, a in seen if isinstance(a, Counter)]
    assert len(counters) >= 20, len(counters)
    for st, seat, counter in counters:
        assert isinstance(st, BiznesState) and isinstance(counter, Counter) and st.offer is not None
        made = trade.countered(st.offer, counter.amount)
        proposer = st.players[st.proposer]
        # The proposer, back before its roll with an offer to spare, could have offered it.
        could = st.clone()
        could.phase, could.pending, could.offers_made, could.offer = "turn", proposer.seat, 0, None
        assert trade.offer_problem(could, could.players[proposer.seat], made) is None, (made, counter)
        # It is better for the one countering than the offer, and the proposer may accept it.
        side = reasons.side_of(st, made, st.proposer, seat)
        assert side.pays < reasons.side_of(st, st.offer, st.proposer, seat).pays
        after = st.clone()
        after.apply(counter, seat)
        assert after.legal_actions(st.proposer)[:2] == [Accept(), Reject()]
        after.apply(Accept(), st.proposer)


def test_reasons_name_nothing_hidden_in_games_of_bots_and_of_bots_and_random_players() -> None:
    game = load("biznes_po_polsku", players=4)
    assert check_reasons(game, bots, range(10)) > 20
    assert check_reasons(game, bots_and_random, range(6)) > 50


def test_a_reason_reading_the_stacks_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check has teeth: a reason that told the next LOS card would differ between worlds."""

    def leaky(st: BiznesState, side: reasons.Side) -> reasons.Facts | None:
        return {"seat": side.seat, "held": st.unseen["los"][0]}

    monkeypatch.setitem(reasons._FACTS, "price", leaky)
    with pytest.raises(ReasonLeak, match="in a world it cannot tell apart"):
        check_reasons(load("biznes_po_polsku", players=4), bots_and_random, range(6))


def test_a_reason_is_a_key_of_the_list_that_holds_and_holds_no_figure() -> None:
    assert all(not any(c.isdigit() for c in key) for key in reasons.REASONS.keys)
    with pytest.raises(ValueError, match="without digits"):
        Reasons("a game", {"pay-1000": "a figure hidden in a key"})
    state = new_game(4)
    give_firm(state, 1, KIOSK)
    state.apply(OfferPurchase(KIOSK, 600), 0)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="'cheap' is no reason in Biznes po polsku; the reasons are: price, "):
        state.apply(RejectBecause("cheap"), 1)
    # Kiosk „Ruchu” completes nothing for seat 0: that reason does not hold, so it is refused.
    with pytest.raises(IllegalAction, match="'completes-group' is no reason for this deal"):
        state.apply(RejectBecause("completes-group"), 1)
    with pytest.raises(IllegalAction, match="counter-offer names 610 to 15,000 zł"):
        state.apply(Counter(600, "too-cheap"), 1)
    assert state.fingerprint() == before
    family = next(f for f in state.action_families(1) if f.cls is RejectBecause)
    assert list(family.domains[0]) == ["price", "too-cheap"]
    state.apply(RejectBecause("too-cheap"), 1)
    assert (
        render(state.log[-1])
        == "Seat 1 declines: 600 zł is less than the 1,000 zł Kiosk „Ruchu” (newsstand) cost to found."
    )
    answer = state.view(3)["answer"]
    assert answer == {
        "seat": 1,
        "to": 0,
        "kind": "reject-because",
        "reason": "too-cheap",
        "facts": {"paid": 600, "firm": KIOSK, "cost": 1000},
        "text": to_wire(state.log[-1]),
    }
    assert render(from_wire(answer["text"]), "de") == (
        "Spieler 1 lehnt ab: 600 zł ist weniger als die 1.000 zł, die die Gründung von Kiosk „Ruchu” (Zeitungskiosk) "
        "gekostet hat."
    )


def test_a_counter_offer_costs_no_offer_and_is_not_countered_again() -> None:
    state = new_game(4)
    give_firm(state, 1, KIOSK)
    state.apply(OfferPurchase(KIOSK, 600), 0)
    assert state.view(0)["offers_left"] == 2
    state.apply(Counter(1500, "too-cheap"), 1)
    view = state.view(2)
    assert state.phase == "counter" and state.pending == 0 and view["offers_left"] == 2
    assert view["offer"]["counter"] and view["offer"]["price"] == 1500 and view["offer"]["was"]["price"] == 600
    assert view["offer"]["said"]["reason"] == "too-cheap"
    assert [f.cls for f in state.action_families(0)] == [RejectBecause]
    with pytest.raises(IllegalAction, match="not countered again"):
        state.apply(Counter(700, "price"), 0)
    state.apply(RejectBecause("too-dear"), 0)
    assert render(state.log[-1]) == (
        "Seat 0 declines seat 1's counter-offer: 1,500 zł is more than the 1,000 zł Kiosk „Ruchu” (newsstand) cost "
        "to found."
    )
    assert state.phase == "turn" and state.pending == 0 and state.offer is None and state.counter is None
    assert state.view(0)["offers_left"] == 2


def test_an_accepted_counter_offer_carries_out_the_trade_at_its_terms() -> None:
    state = new_game(4)
    give_firm(state, 0, SZKOLA)
    give_firm(state, 1, FRYZJER)
    state.apply(OfferExchange(SZKOLA, FRYZJER, -500), 0)
    state.apply(Counter(200, "price"), 1)
    assert render(state.log[-1]) == (
        "Seat 1 declines: for Zakład fryzjerski (hairdresser's salon) seat 1 asks Szkoła prywatna (private school) "
        "and 200 zł, not Szkoła prywatna (private school) with "
        "500 zł back."
    )
    state.apply(Accept(), 0)
    assert state.owner[SZKOLA] == 1 and state.owner[FRYZJER] == 0
    assert state.players[0].cash == 15_000 - 200 and state.players[1].cash == 15_000 + 200
    assert render(from_wire(state.view(0)["answer"]["text"])) == "Seat 0 accepts seat 1's counter-offer."


def test_a_sale_is_countered_lower_within_what_the_buyer_holds() -> None:
    state = new_game(3)
    give_firm(state, 0, AUTOKOMIS)
    state.players[2].cash = 900
    state.apply(OfferSale(AUTOKOMIS, 2, 890), 0)
    family = next(f for f in state.action_families(2) if f.cls is Counter)
    assert (family.domains[0].lo, family.domains[0].hi) == (10, 880)  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="10 to 880 zł"):
        state.apply(Counter(890, "price"), 2)


def test_bots_that_bargain_replay_the_same_game_from_the_same_seed() -> None:
    game = load("biznes_po_polsku", players=4)
    for seed in (3, 4):
        first = play(game, [BiznesBot(), AnsweringBot(), BiznesBot(), RandomAgent()], seed).record.moves
        again = play(game, [BiznesBot(), AnsweringBot(), BiznesBot(), RandomAgent()], seed).record.moves
        assert first == again
        kinds = {m.action["kind"] for m in first}
        assert {"reject-because", "accept"} <= kinds


def test_the_bot_that_only_answers_never_offers_nor_counters() -> None:
    game = load("biznes_po_polsku", players=4)
    for seed in range(4):
        moves = play(game, [AnsweringBot(), RandomAgent(), AnsweringBot(), RandomAgent()], seed).record.moves
        own = [m.action["kind"] for m in moves if m.seat in (0, 2)]
        assert not [k for k in own if k.startswith("offer") or k == "counter"]


def test_a_counter_at_the_founding_cost_says_the_figure_once() -> None:
    state = new_game(4)
    give_firm(state, 1, KIOSK)
    state.apply(OfferPurchase(KIOSK, 600), 0)
    state.apply(Counter(1000, "too-cheap"), 1)
    assert render(state.log[-1]) == (
        "Seat 1 declines: 600 zł for Kiosk „Ruchu” (newsstand) is less than the 1,000 zł seat 1 asks, "
        "what Kiosk „Ruchu” (newsstand) cost to found."
    )
    state.apply(RejectBecause("price"), 0)
    state.apply(OfferPurchase(KIOSK, 700), 0)
    # Asking more than the founding cost keeps both clauses: the figures differ.
    state.apply(Counter(1200, "too-cheap"), 1)
    assert render(state.log[-1]) == (
        "Seat 1 declines: 700 zł for Kiosk „Ruchu” (newsstand) is less than the 1,200 zł seat 1 asks: "
        "700 zł is less than the 1,000 zł Kiosk „Ruchu” (newsstand) cost to found."
    )
