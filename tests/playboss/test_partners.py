"""Two players running one business (Playboss II, "6. Step: Labor Market": "One manages the
marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business. The players must agree about their competency division and business
decisions."): the division in ``partners.py`` and the agreement of ``tycoon.agents.Partners``."""

from __future__ import annotations

import doctest
import inspect
from collections.abc import Callable, Sequence

import pytest

import tycoon.games  # noqa: F401  (registers the games)
from tycoon.agents import Partners, RandomAgent
from tycoon.agents import partners as shared_partners
from tycoon.core import Agent, Game, load, play, replay
from tycoon.core.actions import Action, action
from tycoon.core.game import State
from tycoon.core.messages import Text
from tycoon.games.playboss import BOTS, actions, partners
from tycoon.games.playboss.actions import (
    CODEC,
    TRADE_GOODS,
    Accept,
    Advertise,
    BankSell,
    Borrow,
    BuyComputer,
    CostChoice,
    Decline,
    DoNothing,
    GiveNotice,
    Hire,
    Invest,
    Lockout,
    OfferBusiness,
    OfferLease,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    Pass,
    Produce,
    Purchase,
    Roll,
    Sell,
)
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.partners import EITHER, FINANCE, KINDS, PRODUCTION, TRADES, competency
from tycoon.games.playboss.phases import ANSWER, RED, YELLOW
from tycoon.testing import check_game
from tycoon.words import render

from .helpers import give_machines, give_products, land_on, new_game, options, space_of

Choose = Callable[[list[Action]], Action]


class Scripted:
    """A partner that chooses with ``choose`` and notes every list of actions it was shown."""

    def __init__(self, choose: Choose, name: str = "scripted") -> None:
        self.choose = choose
        self.name = name
        self.shown: list[list[Action]] = []

    def seed(self, seed: int | str) -> None:
        pass

    def act(self, state: State, seat: int) -> Action:
        shown = options(state, seat)
        self.shown.append(shown)
        return self.choose(shown)


def first(kind: type[Action]) -> Choose:
    """Choose the first action of ``kind`` shown."""
    return lambda shown: next(a for a in shown if isinstance(a, kind))


def never(shown: list[Action]) -> Action:
    raise AssertionError("this partner must not be asked")


def seat_of_two(production: Agent, finance: Agent) -> Partners:
    return Partners(production, finance, partners.competency, partners.decision_competency)


def kinds(shown: Sequence[Action]) -> set[str]:
    return {a.kind for a in shown}


# --- the division -------------------------------------------------------------------------


def test_every_action_kind_has_a_competency() -> None:
    """Every kind the codec knows (and so every ``@action`` class of ``actions.py``) belongs to
    production, finance or either; ``offer-trade`` goes by its goods."""
    classes = [c for _, c in inspect.getmembers(actions, inspect.isclass) if issubclass(c, Action) and c.kind]
    assert {c.kind for c in classes} == set(CODEC.kinds)
    unclassified = [k for k in CODEC.kinds if k not in KINDS and k != OfferTrade.kind]
    assert unclassified == []
    assert set(KINDS) <= set(CODEC.kinds)
    assert set(KINDS.values()) == set(TRADES.values()) | {EITHER} == {PRODUCTION, FINANCE, EITHER}
    assert set(TRADES) == set(TRADE_GOODS)


def test_an_unclassified_action_is_refused_with_its_kind() -> None:
    @action("no-such-kind")
    class Unknown(Action):
        """An action no game knows."""

    with pytest.raises(ValueError, match="'no-such-kind' has no competency"):
        competency(Unknown())
    with pytest.raises(ValueError, match="trades in 'gold'"):
        competency(OfferTrade(1, "gold", 1, 100, True))


def test_a_partner_decides_on_a_share_of_the_very_state_which_is_left_as_it_was() -> None:
    """The partner is handed a wrapper (``Share``) that presents its share of the seat's
    decision and nothing else of it: the state underneath is the seat's own, unchanged, so it
    works alike where the state's class is compiled and has no ``__dict__`` to change."""
    state = on_red()
    before = state.fingerprint()
    legal, families = state.legal_actions(0), state.action_families(0)
    seen: list[tuple[State, list[Action], list[Action], Text | None, Text | None]] = []

    class Looking(Scripted):
        def act(self, view: State, seat: int) -> Action:
            seen.append(
                (
                    view.unwrapped,
                    view.legal_actions(seat),
                    state.legal_actions(seat),
                    view.refusal(Sell(1), seat),
                    view.refusal(Produce(1), seat),
                )
            )
            assert isinstance(view, shared_partners.Share)
            assert view.legal_actions(1) == state.legal_actions(1)
            return super().act(view, seat)

    assert seat_of_two(Looking(first(Produce)), Scripted(never)).act(state, 0) == Produce(1)
    ((underneath, shown, full, sell, produce),) = seen
    assert underneath is state
    assert Sell(1) not in shown and set(shown) < set(full) and full == legal
    assert sell is not None and render(sell) == "sell 1 is not this partner's to choose"
    assert produce is None
    assert state.fingerprint() == before
    assert state.legal_actions(0) == legal and state.action_families(0) == families


def test_purchase_production_and_labour_against_marketing_and_finance() -> None:
    production = [
        Purchase(1),
        Invest(0),
        Produce(1),
        Hire(1),
        GiveNotice(0, 1),
        Lockout(),
        OfferWorkers(1, 1, 500),
        OfferLease(1, False, 2000, 1, True),
        OfferTrade(1, "raw", 3, 900, False),
        OfferTrade(1, "machine", 1, 5000, True),
        OfferTrade(1, "double-machine", 1, 10000, True),
    ]
    finance = [
        Sell(1),
        actions.Offer(1, 3000),
        Advertise(),
        actions.FoundMarketing(),
        Borrow(500),
        actions.Repay(500),
        BankSell("raw", 1),
        actions.BankSellMachine(0),
        OfferLoan(1, 2000, 10, 1000, 0, True),
        OfferTrade(1, "finished", 1, 1500, True),
        OfferTrade(1, "computer", 1, 10000, True),
        OfferTrade(1, "web", 1, 500, True),
        BuyComputer(0),
        actions.LeaseComputer(),
        actions.BuyWeb(),
        CostChoice("produce"),
        actions.DeclareGoal("most-profit"),
        OfferBusiness(1, 10000, True),
    ]
    either = [Roll(), DoNothing(), Pass(), Accept(), Decline(), actions.Bid(500), actions.Die(3)]
    assert [competency(a) for a in production] == [PRODUCTION] * len(production)
    assert [competency(a) for a in finance] == [FINANCE] * len(finance)
    assert [competency(a) for a in either] == [EITHER] * len(either)


def test_the_examples_in_the_docstrings() -> None:
    result = doctest.testmod(partners)
    assert result.attempted > 0
    assert result.failed == 0


# --- the agreement ------------------------------------------------------------------------


def on_red() -> PlaybossState:
    """Seat 0 on a red field with a ready machine, raw and finished products: it may purchase,
    invest, produce, sell or do nothing."""
    state = new_game(2)
    give_machines(state, 0)
    give_products(state, 0, raw=2, finished=2)
    land_on(state, 0, space_of(state, "red", after=6), 3)
    assert state.phase == RED
    assert {"purchase", "invest", "produce", "sell", "nothing", "borrow"} <= kinds(options(state, 0))
    return state


def test_on_the_red_field_the_production_partner_decides_first_among_its_own_actions() -> None:
    state = on_red()
    legal = options(state, 0)
    production = Scripted(first(Produce))
    seat = seat_of_two(production, Scripted(never))

    assert seat.act(state, 0) == Produce(1)
    (shown,) = production.shown
    assert {"purchase", "invest", "produce", "nothing"} <= kinds(shown)
    assert not kinds(shown) & {"sell", "borrow", "bank-sell", "advertise"}
    assert all(competency(a) in (PRODUCTION, EITHER) for a in shown)
    # The partner saw its share only; the state is as it was.
    assert options(state, 0) == legal


def test_when_the_production_partner_does_nothing_the_finance_partner_decides() -> None:
    state = on_red()
    production = Scripted(first(DoNothing))
    finance = Scripted(first(Sell))
    seat = seat_of_two(production, finance)

    assert seat.act(state, 0) == Sell(1)
    (shown,) = finance.shown
    assert {"sell", "borrow", "nothing"} <= kinds(shown)
    assert not kinds(shown) & {"purchase", "invest", "produce"}
    assert all(competency(a) in (FINANCE, EITHER) for a in shown)

    # Both content to do nothing: nothing is done.
    agreed = seat_of_two(Scripted(first(DoNothing)), Scripted(first(DoNothing)))
    assert agreed.act(state, 0) == DoNothing()


def test_business_at_any_time_leaves_the_decision_to_both_again() -> None:
    """The finance partner borrows before the production partner buys: after a borrow the red
    field is still pending and the production partner is asked first again."""
    state = on_red()
    finance = Scripted(first(Borrow))
    seat = seat_of_two(Scripted(first(DoNothing)), finance)
    borrow = seat.act(state, 0)
    assert isinstance(borrow, Borrow)
    state.apply(borrow, 0)
    assert state.phase == RED
    production = Scripted(first(Purchase))
    assert seat_of_two(production, Scripted(never)).act(state, 0) == Purchase(1)


def test_the_turn_is_shared_and_rolls_when_both_agree() -> None:
    state = new_game(2)
    production = Scripted(first(Roll))
    finance = Scripted(first(Roll))
    assert seat_of_two(production, finance).act(state, 0) == Roll()
    assert len(production.shown) == len(finance.shown) == 1
    assert Roll() in finance.shown[0]


@pytest.mark.parametrize(
    ("offer", "answering"),
    [
        (OfferTrade(1, "finished", 1, 1500, True), FINANCE),
        (OfferTrade(1, "raw", 1, 300, True), PRODUCTION),
        (OfferTrade(1, "machine", 1, 5000, True), PRODUCTION),
        (OfferLoan(1, 2000, 10, 1000, 0, True), FINANCE),
    ],
    ids=["finished", "raw", "machine", "loan"],
)
def test_an_answer_goes_to_the_partner_whose_competency_the_deal_is(offer: Action, answering: str) -> None:
    state = new_game(2)
    give_machines(state, 0)
    give_products(state, 0, raw=1, finished=1)
    state.apply(offer, 0)
    assert (state.phase, state.current_player()) == (ANSWER, 1)
    asked = Scripted(first(Accept))
    seat = seat_of_two(asked, Scripted(never)) if answering == PRODUCTION else seat_of_two(Scripted(never), asked)

    assert seat.act(state, 1) == Accept()
    (shown,) = asked.shown
    assert shown[:2] == [Accept(), Decline()]
    assert all(competency(a) in (answering, EITHER) for a in shown)


def test_the_yellow_cost_field_is_the_finance_partners_alone() -> None:
    state = new_game(2)
    give_machines(state, 0)
    give_products(state, 0, raw=1, finished=1)
    land_on(state, 0, space_of(state, "yellow", after=6), 4)
    assert state.phase == YELLOW
    finance = Scripted(first(CostChoice))
    assert isinstance(seat_of_two(Scripted(never), finance).act(state, 0), CostChoice)


def test_a_choice_outside_the_partners_share_is_refused() -> None:
    """An agent must choose within its share: one that can be told why is asked again, any
    other makes the seat raise rather than play the other partner's decision."""
    state = on_red()
    refusal = r"the production partner \(scripted\) chose sell 1: sell 1 is the finance partner's decision"
    with pytest.raises(ValueError, match=refusal):
        seat_of_two(Scripted(lambda shown: Sell(1)), Scripted(never)).act(state, 0)

    class Person(Scripted):
        def __init__(self, answers: list[Action]) -> None:
            super().__init__(lambda shown: answers.pop(0))
            self.told: list[str] = []

        def refused(self, action: Action, reason: Text) -> None:
            self.told.append(f"{action}: {render(reason)}")

    person = Person([Sell(1), Purchase(99), Produce(1)])
    assert seat_of_two(person, Scripted(never)).act(state, 0) == Produce(1)
    assert person.told[0] == "sell 1: sell 1 is the finance partner's decision"
    assert person.told[1].startswith("purchase 99: ")
    # A legal action of the partner's share that the list does not show (an offer at a price of
    # one's own, a member of a family) is taken.
    custom = OfferTrade(1, "raw", 1, 275, True)
    assert custom not in state.legal_actions(0)
    assert seat_of_two(Person([custom]), Scripted(never)).act(state, 0) == custom


# --- whole games --------------------------------------------------------------------------


class Checked:
    """Passes a seat's agent through, checking that every action it plays is legal."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.actions = 0

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = options(state, seat)
        choice = self.agent.act(state, seat)
        assert choice in legal, f"{choice} is not legal for seat {seat}: {state}"
        self.actions += 1
        return choice


class Counting:
    """Passes a partner through, counting the actions it chose."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.kinds: dict[str, int] = {}

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        choice = self.agent.act(state, seat)
        self.kinds[choice.kind] = self.kinds.get(choice.kind, 0) + 1
        return choice


@pytest.mark.parametrize("steps", [[], [1, 2, 3, 4, 5, 6]], ids=["base", "steps123456"])
def test_a_seeded_game_with_a_seat_of_two_partners_ends_legally_and_replays(steps: list[int]) -> None:
    game = load("playboss", players=3, years=2, steps=steps)
    production, finance = Counting(BOTS["bot"]()), Counting(RandomAgent())
    seat = Checked(seat_of_two(production, finance))
    agents: list[Agent] = [seat, Checked(BOTS["bot"]()), Checked(RandomAgent())]

    result = play(game, agents, seed=11)

    assert result.state.is_terminal()
    assert seat.actions > 0 and production.kinds and finance.kinds
    assert not set(production.kinds) & {"sell", "borrow", "repay", "bank-sell"}
    assert not set(finance.kinds) & {"purchase", "invest", "produce", "hire"}
    assert result.record.seats[0]["agent"] == "bot+random"
    assert replay(result.record).fingerprint() == result.state.fingerprint()
    again = play(game, [seat_of_two(BOTS["bot"](), RandomAgent()), BOTS["bot"](), RandomAgent()], seed=11)
    assert again.record.moves == result.record.moves


def partners_and_others(game: Game) -> list[Agent]:
    seats: list[Agent] = [seat_of_two(BOTS["bot"](), RandomAgent()), seat_of_two(RandomAgent(), BOTS["bot"]())]
    return [*seats, BOTS["bot"](), RandomAgent()][: game.num_seats]


@pytest.mark.parametrize("steps", [[], [1, 2], [1, 2, 3, 4, 5, 6]], ids=["base", "steps12", "steps123456"])
def test_games_with_partners_conform(steps: list[int]) -> None:
    for players in (2, 4):
        game = load("playboss", players=players, years=2, steps=steps)
        report = check_game(game, seeds=range(3), agents_factory=partners_and_others, max_checked_states_per_game=4)
        assert report.games == 3
