"""The Biznes po polsku bot: it plays only legal moves, beats random play by far, and follows
the plain sense of the rules in the situations it meets."""

from __future__ import annotations

from tycoon.agents import RandomAgent
from tycoon.core import load, play
from tycoon.core.actions import Action
from tycoon.core.driver import Agent
from tycoon.core.game import State
from tycoon.games.biznes_po_polsku import BOTS
from tycoon.games.biznes_po_polsku.actions import (
    Accept,
    Buy,
    Drive,
    Invest,
    Mortgage,
    OfferPurchase,
    Reject,
    Roll,
)
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import (
    FRYZJER,
    KIOSK,
    RTV,
    SZKOLA,
    TAX,
    give_car,
    give_firm,
    give_group,
    land_on,
    new_game,
    set_cash,
)


def bot_wins(players: int, games: int) -> list[bool]:
    """Whether the bot won each of ``games`` seeded default games against random players; its
    seat rotates with the seed."""
    game = load("biznes_po_polsku", players=players)
    wins = []
    for seed in range(games):
        seat = seed % players
        agents: list[Agent] = [BiznesBot() if s == seat else RandomAgent() for s in range(players)]
        wins.append(seat in play(game, agents, seed).state.outcome().winners)
    return wins


class Checked:
    """Wraps an agent and checks that every action it takes is legal when it takes it."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name

    def seed(self, seed: int | str) -> None:
        self.agent.seed(seed)

    def act(self, state: State, seat: int) -> Action:
        action = self.agent.act(state, seat)
        assert action in state.legal_actions(seat)
        return action


def test_the_bot_is_the_games_bot() -> None:
    assert BOTS["bot"] is BiznesBot and BiznesBot().name == "bot"


def test_the_bot_beats_three_random_players_in_at_least_70_percent_of_200_games() -> None:
    """200 seeded 4-player default games (60 rounds), the bot in each seat in turn; a fair share
    would be 25%. With these seeds it wins 199."""
    wins = bot_wins(players=4, games=200)
    assert sum(wins) / len(wins) >= 0.9


def test_the_bot_takes_only_legal_actions_and_games_end() -> None:
    for players, forfeit in ((2, False), (5, True), (3, True)):
        game = load("biznes_po_polsku", players=players, rounds=30, forfeit_forgotten_salary=forfeit)
        for seed in range(3):
            agents: list[Agent] = [Checked(BiznesBot()) for _ in range(players - 1)] + [Checked(RandomAgent())]
            assert play(game, agents, seed, max_actions=50_000).state.is_terminal()


def test_it_buys_a_firm_and_completes_a_group() -> None:
    state = new_game(2)
    land_on(state, 0, FRYZJER, 2)
    assert BiznesBot().act(state, 0) == Buy()


def test_it_invests_evenly_in_a_whole_group() -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER)
    set_cash(state, 0, 20_000)
    bot = BiznesBot()
    first = bot.act(state, 0)
    assert isinstance(first, Invest)
    state.apply(first, 0)
    second = bot.act(state, 0)
    assert isinstance(second, Invest) and second.space != first.space


def test_it_offers_to_buy_the_firm_that_completes_its_group() -> None:
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    give_firm(state, 0, SZKOLA)
    give_firm(state, 1, RTV)
    assert BiznesBot().act(state, 0) == OfferPurchase(RTV, 750)


def test_it_refuses_to_sell_a_firm_that_completes_the_buyers_group() -> None:
    state = new_game(2)
    give_firm(state, 0, FRYZJER)
    give_firm(state, 0, SZKOLA)
    give_firm(state, 1, RTV)
    state.apply(OfferPurchase(RTV, 1500), 0)
    assert BiznesBot().act(state, 1) == Reject()


def test_it_accepts_a_generous_offer_for_a_firm_it_cannot_use() -> None:
    state = new_game(2)
    give_firm(state, 1, KIOSK)
    state.apply(OfferPurchase(KIOSK, 2000), 0)
    assert BiznesBot().act(state, 1) == Accept()


def test_when_short_it_mortgages_a_lone_firm_before_its_group() -> None:
    state = new_game(2)
    set_cash(state, 0, 0)
    give_group(state, 0, FRYZJER)
    give_firm(state, 0, KIOSK)
    land_on(state, 0, TAX, 2)
    assert BiznesBot().act(state, 0) == Mortgage(KIOSK)


def test_with_a_car_it_avoids_the_tax_office() -> None:
    state = new_game(2)
    give_car(state, 0)
    state.players[0].position = TAX - 3
    from tycoon.core import CHANCE
    from tycoon.games.biznes_po_polsku.actions import Die

    state.apply(Roll(), 0)
    state.apply(Die(3), CHANCE)
    assert isinstance(state, BiznesState)
    assert BiznesBot().act(state, 0) == Drive(8)
