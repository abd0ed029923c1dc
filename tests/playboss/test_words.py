"""Playboss actions in the game's own words (``words.py``, ``PlaybossState.describe``): every
kind of action reads in words with its figures, every action class and field says what it
means, and what a viewer may not know (another seat's personal goal) stays out of the words and
of the narration."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import random
import textwrap

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.messages import Message, msg
from tycoon.games.playboss import naming, words
from tycoon.games.playboss.actions import (
    CODEC,
    BankSell,
    BankSellMachine,
    Bid,
    DeclareGoal,
    Die,
    DoNothing,
    GiveNotice,
    Invest,
    OfferLoan,
    OfferTrade,
    OfferWorkers,
    Pass,
    Purchase,
    Sell,
    WriteOff,
)
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.data import rules
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.goals import PERSONAL
from tycoon.games.playboss.phases import OVER
from tycoon.words import problems, render

from .helpers import give_machines, give_products, give_webs, land_on, new_game, options, space_of


def label(state: PlaybossState, action: Action, viewer: int | None = None) -> str:
    """``action``'s label for ``viewer``, rendered in English."""
    return render(state.describe(action, viewer))


GOAL_WORDS = {goal: render(msg(f"pb.goals.{goal}")) for goal in PERSONAL}
"""Each personal goal as the English label names it."""


def classes() -> list[type[Action]]:
    return [CODEC._lookup(kind) for kind in CODEC.kinds]


def test_every_kind_of_action_has_words_of_its_own() -> None:
    assert {cls.kind for cls in words._WORDS} == set(CODEC.kinds)


def _field_docs(cls: type[Action]) -> dict[str, str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs = {}
    for node, after in itertools.pairwise(body):
        field = isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        if field and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            docs[node.target.id] = str(after.value.value)  # type: ignore[union-attr]
    return docs


@pytest.mark.parametrize("cls", classes(), ids=lambda c: c.kind)
def test_every_action_class_and_field_says_what_it_means(cls: type[Action]) -> None:
    """The terminal's ``help KIND`` reads the class's docstring and each field's."""
    assert cls.__doc__ and cls.__doc__ != Action.__doc__, f"{cls.__name__} has no docstring"
    docs = _field_docs(cls)
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        assert docs.get(field.name, "").strip(), f"{cls.__name__}.{field.name} has no docstring"


def test_seat_fields_name_the_fields_that_hold_a_seat() -> None:
    seats = {cls.kind: cls.seat_fields for cls in classes() if cls.seat_fields}
    assert seats == {
        "notice": ("seat",),
        "strike": ("seat",),
        "end-strike": ("seat",),
        "offer-trade": ("to",),
        "offer-loan": ("to",),
        "offer-lease": ("to",),
        "repay-private": ("lender",),
        "offer-workers": ("to",),
        "offer-business": ("to",),
    }


def test_the_menus_raw_syntax_reads_in_words_with_its_figures() -> None:
    """Issue examples: ``invest 5000`` (the number is the credit part), ``write-off -1`` (-1 is
    paying with a WEB), ``bank-sell-machine 0``, ``notice 0 1``, ``offer-loan 1 2000 10 1000 0
    yes``."""
    state = new_game(3, steps=[6])
    give_machines(state, 0, 1)
    give_machines(state, 0, 1, double=True)
    give_products(state, 0, raw=3, finished=2)
    give_webs(state, 0, 1)
    assert label(state, Invest(5000), 0) == "Invest in a machine: 10,000 Marks, 5,000 of it on credit"
    assert label(state, Invest(0), 0) == "Invest in a machine: 10,000 Marks, all in cash"
    assert label(state, WriteOff(-1), 0) == "Pay the write-off with a WEB chip and keep every machine"
    assert label(state, BankSellMachine(1), 0) == "Sell machine 2 (double) to the bank for 5,000 Marks"
    # Another seat reading it does not learn whose machine it is: only its number.
    assert label(state, BankSellMachine(1), 1) == "Sell machine 2 to the bank for 5,000 Marks"
    assert label(state, BankSell("raw", 2), None) == "Sell 2 raw products to the bank for 300 Marks"
    assert label(state, GiveNotice(0, 1), 2) == "Give notice to 1 worker of seat 0: leaving on its next red field"
    assert label(state, OfferLoan(1, 2000, 10, 1000, 0, True), 0) == (
        "Offer seat 1 a loan of 2,000 Marks at 10% and a fee of 1,000 Marks a year, repaid by agreement"
    )
    assert label(state, OfferTrade(1, "raw", 3, 900, False), 0) == (
        "Offer seat 1 to buy 3 raw products from it for 900 Marks (300 Marks each)"
    )
    assert label(state, OfferWorkers(2, 1, 700), 0) == (
        "Offer the worker representative, seat 2, an agreement: 1 more worker and a salary of "
        "700 Marks per worker and red field for all its workers"
    )
    assert label(state, Die(4), CHANCE) == "The die shows 4"


def test_decisions_read_with_what_they_cost_and_bring_now() -> None:
    state = new_game(2, steps=[2])
    give_machines(state, 0, 1)
    give_products(state, 0, finished=2)
    land_on(state, 0, space_of(state, "red", after=6), 2)
    # Two businesses: the dear half of the market was filled; the 2 products seat 0 holds came
    # from the 350 zone, whose 2 empty dimples a sale fills first (3,500 each).
    assert label(state, Purchase(2), 0) == "Buy 2 raw products at the market price for 700 Marks"
    assert label(state, Sell(2), 0) == "Sell 2 finished products for 7,000 Marks"
    assert label(state, DoNothing(), 0) == "Do nothing"
    state.apply(Purchase(2), 0)
    assert label(state, Bid(400), 1) == "Bid 400 Marks for the raw product left in the zone"
    state.expansion.auction.units = 3  # type: ignore[union-attr]
    assert (
        label(state, Bid(400), 1) == "Bid 400 Marks a unit for the 3 raw products left in the zone (1,200 Marks in all)"
    )
    assert label(state, Pass(), 1) == "Pass: drop out of the bidding"


EXAMPLES: dict[str, dict[str, object]] = {
    "die": {"pips": 3},
    "risk": {"card": 0},
    "purchase": {"count": 2},
    "invest": {"credit": 5000},
    "produce": {"count": 1},
    "sell": {"count": 1},
    "cost": {"choice": "idle"},
    "write-off": {"machine": 0},
    "lose-machine": {"machine": 0},
    "bank-sell": {"goods": "finished", "count": 1},
    "bank-sell-machine": {"machine": 0},
    "borrow": {"amount": 500},
    "repay": {"amount": 500},
    "improve": {"machine": 0},
    "buy-computer": {"credit": 0},
    "bid": {"amount": 5000},
    "withdraw-marketing": {"trough": 0},
    "offer": {"count": 1, "price": 3000},
    "declare-goal": {"goal": "sales"},
    "hire": {"count": 1},
    "notice": {"seat": 0, "count": 1},
    "strike": {"seat": 0},
    "end-strike": {"seat": 0},
    "offer-trade": {"to": 1, "goods": "web", "count": 2, "marks": 2000, "sell": True},
    "offer-loan": {"to": 1, "amount": 5000, "interest": 5, "fee": 0, "laps": 2, "lend": False},
    "offer-lease": {"to": 1, "double": True, "rent": 2000, "laps": 1, "lend": True},
    "repay-private": {"lender": 1, "amount": 1000},
    "offer-workers": {"to": 0, "count": 0, "salary": 700},
    "offer-business": {"to": 1, "marks": 25000, "buy": True},
    "decline-because": {"reason": "price"},
    "counter": {"terms": 8, "reason": "price"},
}
"""An example of each kind of action with fields."""


@pytest.mark.parametrize("cls", classes(), ids=lambda c: c.kind)
def test_an_example_of_every_kind_reads_in_words(cls: type[Action]) -> None:
    """In a game with every step on, seat 0 with a machine and products, on its turn."""
    state = new_game(3, steps=[1, 2, 3, 4, 5, 6])
    give_machines(state, 0, 1)
    give_products(state, 0, raw=2, finished=2)
    action = cls(**EXAMPLES.get(cls.kind, {}))  # type: ignore[call-arg]
    for viewer in (0, 1, None):
        text = label(state, action, viewer)
        assert text.strip() and text != str(action), (str(action), viewer, text)


# --- every legal action of seeded games -----------------------------------------------------

STEP_SETS = [(), (1,), (2,), (3,), (4,), (5,), (6,), (2, 3, 4, 5), (1, 2, 3, 4, 5, 6)]


def _agents(game_seats: int, kind: str, seed: int) -> list[Agent]:
    if kind == "bot":
        return [PlaybossBot() for _ in range(game_seats)]
    return [RandomAgent(f"{seed}:{s}") for s in range(game_seats)]


@pytest.mark.parametrize("steps", STEP_SETS, ids=lambda s: "steps" + ("".join(map(str, s)) or "none"))
def test_every_legal_action_of_seeded_games_has_words_of_its_own(steps: tuple[int, ...]) -> None:
    """Random and bot games of two years, two to four seats: at every fifth decision, every
    legal action of the seat deciding and of the seat after it reads otherwise than its bare
    text form, for the seat deciding, for that other seat and for everybody."""
    for players, kind in ((2, "random"), (3, "bot"), (4, "random"), (4, "bot")):
        if 6 in steps and players < 2:
            continue
        game = load("playboss", players=players, years=2, steps=list(steps))
        state = game.new_state()
        assert isinstance(state, PlaybossState)
        seed = players * 10 + len(steps)
        agents = _agents(players, kind, seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal() and moves < 1500:
            seat = state.current_player()
            if seat == CHANCE:
                action = sample_chance(state, rng)
                assert label(state, action, None) != str(action)
            else:
                if moves % 5 == 0:
                    other = (seat + 1) % players
                    for who in (seat, other):
                        for a in options(state, who):
                            for viewer in (who, None):
                                text = label(state, a, viewer)
                                assert text.strip() and text != str(a), (steps, str(a), viewer)
                action = agents[seat].act(state, seat)
            state.apply(action, seat)
            moves += 1


# --- hidden things stay hidden ---------------------------------------------------------------

GOAL_TEXTS = {goal: (goal, GOAL_WORDS[goal]) for goal in PERSONAL}


@pytest.mark.parametrize(
    "steps", [(5,), (2, 3, 4, 5), (1, 2, 3, 4, 5, 6)], ids=lambda s: "steps" + "".join(map(str, s))
)
def test_in_all_bot_games_no_words_or_narration_reveal_another_seats_personal_goal(steps: tuple[int, ...]) -> None:
    """Playboss II, "5. Step": personal goals are written down and discussed after the game.
    Until then no seat reads another's: the declaration reads "declares a personal goal" to
    everybody but its owner, who reads its goal; no line of the narration names it. The bots
    here write down goals other than "profit" too, so that every goal's words are looked for."""
    for players in (2, 3, 4):
        game = load("playboss", players=players, years=1, steps=list(steps))
        state = game.new_state()
        assert isinstance(state, PlaybossState)
        state.log = []
        agents = [GoalWriter(PERSONAL[s % len(PERSONAL)]) for s in range(players)]
        rng = random.Random(players)
        declared = 0
        while not state.is_terminal():
            seat = state.current_player()
            action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
            if isinstance(action, DeclareGoal):
                declared += 1
                secret = GOAL_TEXTS[action.goal]
                for viewer in [*range(players), None]:
                    text = label(state, action, viewer)
                    if viewer == seat:
                        assert GOAL_WORDS[action.goal] in text
                    else:
                        assert text == "declares a personal goal", (viewer, text)
                        assert not any(w in text for w in secret)
            told = len(state.log)
            state.apply(action, seat)
            if state.phase != OVER:
                for said in state.log[told:]:
                    # The line that a goal is written down names the seat, never the goal.
                    assert (
                        not isinstance(said, Message)
                        or said.key != "pb.say.writes_goal"
                        or set(said.params) == {"seat"}
                    )
                    line = render(said)
                    for texts in GOAL_TEXTS.values():
                        assert not any(f"{w}." in line or f"goal: {w}" in line for w in texts), line
                    assert "personal goal" not in line or line.endswith("writes down a personal goal.")
        assert declared == sum(b.firm for b in state.businesses)


class GoalWriter(PlaybossBot):
    """The Playboss bot, writing down ``goal`` as its personal goal."""

    def __init__(self, goal: str) -> None:
        super().__init__()
        self.goal = goal

    def act(self, state: object, seat: int) -> Action:
        assert isinstance(state, PlaybossState)
        choice = super().act(state, seat)
        if isinstance(choice, DeclareGoal):
            return DeclareGoal(self.goal)
        return choice


def test_a_reason_leaves_out_a_figure_of_nothing() -> None:
    from tycoon.games.playboss.words import reason_text

    assert render(reason_text("borrower-debt", {"borrower": 2, "debt": 2000, "owed": 500})) == (
        "Seat 2 owes the bank 2,000 Marks and other players 500 Marks"
    )
    assert (
        render(reason_text("borrower-debt", {"borrower": 2, "debt": 2000, "owed": 0}))
        == "Seat 2 owes the bank 2,000 Marks"
    )
    assert (
        render(reason_text("borrower-debt", {"borrower": 2, "debt": 0, "owed": 500}))
        == "Seat 2 owes other players 500 Marks"
    )
    assert render(reason_text("borrower-cash", {"borrower": 1, "cash": 0})) == "Seat 1 holds no cash"
    assert render(reason_text("borrower-cash", {"borrower": 1, "cash": 300})) == "Seat 1 holds only 300 Marks in cash"


@pytest.mark.parametrize("goods", ["raw:3", "machine:1", "striking:1", "workers:12"])
def test_every_reason_for_a_payment_reads_in_every_language(goods: str) -> None:
    """A payment's reason code is told from the catalogue (``pb.say.why.<kind>``), in the
    narration and in the pending decision's text, and every language has the words."""
    r = rules()
    sample = {naming.COUNT: "1500", naming.SEAT: "2", naming.MONEY: "12000", naming.GOODS: goods, naming.CARD: "4"}
    for kind, params in naming.WHYS.items():
        reason = naming.code(kind, *(sample[of] for _, of in params))
        told = naming.why(r, reason)
        assert isinstance(told, Message) and told.key == f"pb.say.why.{kind}"
        for language in ("en", "de", "nl", "pl"):
            assert problems(told, language) == []
    assert render(naming.why(r, "risk 4")) == "the risk card “Machine failure: the main drive must be repaired”"
    assert naming.why(r, "no code at all") == "no code at all"
