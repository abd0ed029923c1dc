"""The moves of a turn the searching level tries beside the bot's choice
(``die_bosse/bot_candidates.py``): ending the turn, then every purchase and transfer the hand
can pay for, ranked by the bot's figures."""

from __future__ import annotations

import random

from bot_games import bot_decisions
from tycoon.core import CHANCE, sample_chance
from tycoon.games.die_bosse import DieBosseState
from tycoon.games.die_bosse.actions import Buy, End, Move, Place, Transfer
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.bot_candidates import candidates
from tycoon.games.die_bosse.phases import PAY

from .helpers import company, give_concern, hand_card, new_game, permute_hidden


def test_ending_the_turn_comes_first_then_the_purchase_that_grows_a_concern_most() -> None:
    probe = new_game()
    de = company(probe, "alternative-energy", "DE")
    state = new_game(row=[de, 45, 46, 47, 48], hands={0: ["20", "20", "18", "x2", "16", "14", "12"]})
    give_concern(state, 0, [company(state, "aviation", "CDE"), company(state, "electronics", "DEF")])
    give_concern(state, 1, [company(state, "electronics", "ABC"), company(state, "chemistry", "ABF")])
    found = candidates(state, 0)
    assert found[0] == End()
    # Laid under the DE concern, alternative energy DE makes it three: the best purchase.
    assert found[1] == Buy(de)
    assert {a for a in found if isinstance(a, Buy)} == {Buy(c) for c in state.row}
    # The transfer card can take the last company of the other player's concern.
    last = state.columns[1][0][-1]
    assert Transfer(hand_card(state, 0, "x2"), last) in found
    assert not any(isinstance(a, Move) for a in found)
    legal = state.legal_actions(0)
    assert all(a in legal for a in found)


def test_laying_a_company_offers_every_concern_and_paying_nothing_but_the_bots_choice() -> None:
    probe = new_game()
    cde = company(probe, "aviation", "CDE")
    state = new_game(row=[cde, 45, 46, 47, 48], hands={0: ["20", "18", "16", "14", "12", "10", "8t"]})
    give_concern(state, 0, [company(state, "electronics", "DEF"), company(state, "alternative-energy", "DE")])
    state.apply(Buy(cde), 0)
    # Under the DE concern or in a concern of its own: both are tried.
    assert candidates(state, 0) == state.legal_actions(0) == [Place(0), Place(1)]
    state.apply(Place(0), 0)
    state.apply(sample_chance(state, random.Random(0)), CHANCE)  # the row refilled
    state.apply(End(), 0)
    assert state.phase == PAY
    # Which card pays is the bot's: the search takes its choice at once.
    assert len(state.legal_actions(0)) > 1
    assert candidates(state, 0) == []


def test_along_bot_games_every_candidate_is_legal_once_and_sees_no_secret() -> None:
    checked = 0
    for state, seat in bot_decisions("die_bosse", 4, 3, DieBosseBot):
        assert isinstance(state, DieBosseState)
        found = candidates(state, seat)
        if found:
            assert len(set(found)) == len(found)
            assert all(state.refusal(a, seat) is None for a in found)
            other = permute_hidden(state, seat, random.Random(checked))
            assert candidates(other, seat) == found
            checked += 1
    assert checked > 100
