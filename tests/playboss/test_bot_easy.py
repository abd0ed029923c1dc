"""Playboss's beginner (``easy``): the normal bot's judgement with a beginner's mistakes, seeded.
Here the mistake that costs it most: it forgets that the game ends (Playboss I, "End of the
Game": a finished product counts 1,500 and a raw one 150 in the final valuation)."""

from __future__ import annotations

from tycoon.core import load, play
from tycoon.games.playboss import bot_figures as fig
from tycoon.games.playboss.actions import DoNothing, Purchase, Sell
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.games.playboss.bot_easy import FORGOTTEN_END, EasyPlaybossBot
from tycoon.games.playboss.flow import PlaybossState

from .helpers import give_machines, give_products, land_on, new_game, space_of


def last_red_field(finished: int) -> PlaybossState:
    """A one-round game: seat 0, with a machine, ``finished`` products and no raw ones, on its
    last red field."""
    state = new_game(2, rounds=1)
    give_machines(state, 0, 1)
    give_products(state, 0, finished=finished)
    land_on(state, 0, space_of(state, "red", after=6))
    assert fig.reds_left(state, state.businesses[0]) < 0.6
    return state


def test_on_its_last_red_field_the_beginner_buys_raw_products_the_normal_bot_sells() -> None:
    """The normal bot sells its product for more than the valuation's 1,500; the beginner, as if
    red fields lay ahead, buys raw products it cannot make into products in time."""
    state = last_red_field(finished=1)
    assert PlaybossBot().act(state, 0) == Sell(1)
    for seed in range(8):
        assert isinstance(EasyPlaybossBot(seed).act(state, 0), Purchase)


def test_with_nothing_to_sell_at_the_end_the_beginner_still_buys() -> None:
    state = last_red_field(finished=0)
    assert PlaybossBot().act(state, 0) == DoNothing()
    assert isinstance(EasyPlaybossBot("end").act(state, 0), Purchase)


def test_the_beginner_always_thinks_red_fields_lie_ahead() -> None:
    state = last_red_field(finished=0)
    b = state.businesses[0]
    assert PlaybossBot().reds_ahead(state, b) < 0.6
    assert EasyPlaybossBot().reds_ahead(state, b) == FORGOTTEN_END


def test_two_beginners_play_a_whole_game_legally_and_the_same_for_a_seed() -> None:
    """The default game, two beginners and two normal bots: play() applies every choice through
    the rules, which refuse an illegal one; the beginners' mistakes come from their seeds."""
    game = load("playboss", players=4)

    def moves(seed: str) -> list[object]:
        agents = [EasyPlaybossBot(), PlaybossBot(), EasyPlaybossBot(), PlaybossBot()]
        return [m.action for m in play(game, agents, seed).record.moves]

    assert moves("beginner:1") == moves("beginner:1")
    assert moves("beginner:1") != moves("beginner:2")
