"""The Die Bosse bot: legal moves only, wins against random players, sees only its view."""

from __future__ import annotations

import random

from bot_games import decisions
from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, play
from tycoon.core.driver import Agent
from tycoon.core.spec import resolved
from tycoon.games.die_bosse import BOTS, DieBosseState
from tycoon.games.die_bosse.actions import Buy, End, Move, Pay, Place
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.die_bosse.bot_figures import MIN_GAIN, MONEY, payment, position_value, work_out_payment
from tycoon.games.die_bosse.concerns import can_join

from .helpers import company, give_concern, hand_card, new_game, permute_hidden


def test_the_bot_is_the_games_bot() -> None:
    assert resolved(BOTS["bot"]) is DieBosseBot and DieBosseBot().name == "bot"


def test_the_bot_wins_at_least_70_percent_of_200_four_player_games_against_random_players() -> None:
    """200 seeded games, the bot in each seat in turn (with these seeds it wins all 200)."""
    game = load("die_bosse", players=4)
    wins = 0
    for seed in range(200):
        seat = seed % 4
        agents: list[Agent] = [DieBosseBot() if s == seat else RandomAgent() for s in range(4)]
        wins += seat in play(game, agents, seed).state.outcome().winners
    assert wins / 200 >= 0.7
    assert wins >= 195


def test_the_bot_decides_only_on_what_its_seat_may_see() -> None:
    """At states along bot games, sharing out the hidden cards anew never changes its choice."""
    game = load("die_bosse", players=3)
    checked = 0
    for seed in range(6):
        bots = [DieBosseBot(f"{seed}:{s}") for s in range(3)]
        pick = random.Random(seed)  # the positions checked, a fifth of them
        for state, seat, choice in decisions(game, seed, bots):
            assert isinstance(state, DieBosseState)
            if pick.random() < 0.2:
                for k in range(2):
                    other = permute_hidden(state, seat, random.Random(k))
                    assert bots[seat].act(other, seat) == choice
                    checked += 1
    assert checked > 100


def test_the_bot_grows_its_concern_with_a_company_sharing_its_letter() -> None:
    probe = new_game()
    de = company(probe, "alternative-energy", "DE")
    state = new_game(row=[de, 45, 46, 47, 48], hands={0: ["20", "20", "18", "18", "16", "16", "14"]})
    give_concern(state, 0, [company(state, "aviation", "CDE"), company(state, "electronics", "DEF")])
    bot = DieBosseBot()
    assert bot.act(state, 0) == Buy(de)
    state.apply(Buy(de), 0)
    assert bot.act(state, 0) == Place(0)


def test_the_bot_pays_with_the_least_overpayment_using_symbol_sets() -> None:
    state = new_game(hands={0: ["1t", "3t", "20", "18", "x1", "x2", "x3"]})
    r = state.rules
    hand = state.hands[0]
    assert payment(r, hand, [], 16) == [hand_card(state, 0, "1t"), hand_card(state, 0, "3t")]
    assert payment(r, hand, [], 18) == [hand_card(state, 0, "18")]
    assert sorted(payment(r, hand, [], 30)) == sorted([hand_card(state, 0, n) for n in ("1t", "3t", "18")])


def test_a_remembered_payment_is_the_one_worked_out_and_cannot_be_spoiled() -> None:
    state = new_game(hands={0: ["1t", "3t", "20", "18", "x1", "x2", "x3"]})
    r = state.rules
    hand = state.hands[0]
    rng = random.Random(4)
    for _ in range(200):
        cards = sorted(rng.sample(hand, rng.randint(1, len(hand))))
        paid = [c for c in cards if rng.random() < 0.2]
        cards = [c for c in cards if c not in paid]
        bill = rng.randint(1, 60)
        first = payment(r, cards, paid, bill)
        assert first == work_out_payment(r, cards, paid, bill)
        first.append(-1)  # a caller's change to its answer is its own
        assert payment(r, cards, paid, bill) == work_out_payment(r, cards, paid, bill)


def test_what_is_left_of_a_payment_is_the_payment_of_what_is_left() -> None:
    """``payment`` remembers the rest of a payment for the hand and cards paid after each card
    of it (a bill is paid a card at a time); worked out afresh, it is the same, card for card,
    over hands of every kind of action card (identical cards, symbol sets, cards no capital),
    and its first card is always the lowest of its kind in the hand (the bot names it as is)."""
    state = new_game()
    r = state.rules
    deck = list(range(r.first_action, r.total_cards))
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        cards = sorted(rng.sample(deck, rng.randint(2, 12)))
        paid = [c for c in cards if rng.random() < 0.1]
        hand = [c for c in cards if c not in paid]
        bill = rng.randint(1, 70)
        plan = work_out_payment(r, hand, paid, bill)
        assert payment(r, hand, paid, bill) == plan
        # Its first card is the one a player names: the lowest of its kind in the hand.
        assert not plan or plan[0] == min(c for c in hand if r.first_same[c] == r.first_same[plan[0]])
        for card in plan[:-1]:
            hand.remove(card)
            paid.append(card)
            plan = plan[1:]
            assert work_out_payment(r, hand, paid, bill) == plan
            assert payment(r, hand, paid, bill) == plan
            assert plan[0] == min(c for c in hand if r.first_same[c] == r.first_same[plan[0]])
            checked += 1
    assert checked > 1000


def test_the_bot_hands_over_its_payment_plan_card_by_card() -> None:
    probe = new_game()
    cde = company(probe, "aviation", "CDE")
    state = new_game(row=[cde, 45, 46, 47, 48], hands={0: ["1t", "3t", "20", "18", "x1", "x2", "x3"]})
    state.apply(Buy(cde), 0)
    state.apply(Place(0), 0)
    state.apply(state.chance_outcomes()[0][0], CHANCE)
    state.apply(End(), 0)
    bot = DieBosseBot()
    first = bot.act(state, 0)
    assert isinstance(first, Pay) and first.card in (hand_card(state, 0, "1t"), hand_card(state, 0, "3t"))
    state.apply(first, 0)
    state.apply(bot.act(state, 0), 0)
    assert state.phase == "draw" and hand_card(state, 0, "20") in state.hands[0]


def test_the_bot_moves_a_company_at_most_once_a_turn() -> None:
    """Rationalising costs 1 million a company, paid in advance (rulebook 3): the bot moves
    electronics CD out of its long concern, buys auto C into its BC concern, and then does not
    move electronics CD again (the second move would join auto C for another million; moving a
    company twice in a turn can only redo or undo what the first move did)."""
    probe = new_game(players=4)
    auto_c = company(probe, "auto", "C")
    state = new_game(players=4, row=[auto_c, 0, 1, 3, 4], hands={0: ["5t", "10", "x1", "x2", "x3", "x1", "x2"]})
    cd = company(state, "electronics", "CD")
    long_concern = [
        company(state, "alternative-energy", "CDEF"),
        company(state, "aviation", "ADEF"),
        company(state, "oil", "DEF"),
        company(state, "chemistry", "CDE"),
        cd,
        company(state, "auto", "CDEF"),
    ]
    for column in (
        long_concern,
        [
            company(state, "chemistry", "BC"),
            company(state, "aviation", "BC"),
            company(state, "alternative-energy", "BCD"),
        ],
        [company(state, "chemistry", "D")],
        [company(state, "alternative-energy", "F")],
        [company(state, "electronics", "E"), company(state, "oil", "E")],
    ):
        give_concern(state, 0, column)
    bot = DieBosseBot()
    assert bot.act(state, 0) == Move(cd, 5)
    state.apply(Move(cd, 5), 0)
    assert bot.act(state, 0) == Pay(hand_card(state, 0, "5t"))
    state.apply(Pay(hand_card(state, 0, "5t")), 0)
    assert state.moved == [cd] and state.prepaid == 4
    assert bot.act(state, 0) == Buy(auto_c)
    state.apply(Buy(auto_c), 0)
    assert bot.act(state, 0) == Place(1)
    state.apply(Place(1), 0)
    state.apply(state.chance_outcomes()[0][0], CHANCE)
    # Joining auto C would raise the bot's estimate, and the move is paid for already.
    assert can_join(state.rules, state.columns[0][1], cd) == ""
    assert bot.act(state, 0) == End()


def test_every_move_of_the_bot_is_worth_more_than_it_costs() -> None:
    """Along seeded bot games: each rationalising move raises the bot's estimate of its
    concerns by more than the move costs it, and no company is moved twice in a turn."""
    game = load("die_bosse", players=3)
    moves = 0
    for seed in range(8):
        bots = [DieBosseBot(f"{seed}:{s}") for s in range(3)]
        for state, seat, choice in decisions(game, seed, bots):
            assert isinstance(state, DieBosseState)
            if isinstance(choice, Move):
                assert choice.company not in state.moved
                cost = MONEY * bots[seat].move_cost(state, seat)
                before = position_value(state.rules, state.columns[seat])
                after = state.clone()
                after.apply(choice, seat)
                while after.phase == "advance":
                    after.apply(bots[seat].act(after, seat), seat)
                assert position_value(state.rules, after.columns[seat]) - before > cost + MIN_GAIN
                moves += 1
    assert moves > 10
