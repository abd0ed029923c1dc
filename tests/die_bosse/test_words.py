"""Die Bosse in words: descriptions of actions, warnings before costly moves, the legend, the
end-of-game sheet, and the grammar of what the game says."""

from __future__ import annotations

import random
import re

import pytest

from tycoon.cli import hooks
from tycoon.core import CHANCE, load, play
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.errors import IllegalAction
from tycoon.games.die_bosse import BOTS, report
from tycoon.games.die_bosse.actions import Buy, Discard, Draw, End, Move, Place
from tycoon.games.die_bosse.flow import DieBosseState
from tycoon.games.die_bosse.words import legend, plural, warning
from tycoon.words import render

from .helpers import assert_rejected, company, draw, give_concern, hand_card, new_game, reveal


def test_the_profit_sheet_rows_add_up_to_the_total_once() -> None:
    """The end-of-game sheet lists each distribution once; the rows add up to the total, and
    nothing else is listed (money and cards count nothing at the end: "Einde en afrekening")."""
    game = load("die_bosse", players=3)
    agents: list[Agent] = [BOTS["bot"]() for _ in range(3)]
    state = play(game, agents, 4).state
    sheets = report(state)
    assert [s["seat"] for s in sheets] == [0, 1, 2]
    for seat, sheet in enumerate(sheets):
        amounts = [amount for _, amount in sheet["assets"]]
        assert amounts == state.sheets[seat]  # type: ignore[attr-defined]
        assert sum(amounts) == sheet["total_assets"] == sheet["profit"] == state.outcome().scores[seat]
        assert sheet["liabilities"] == [] and sheet["total_liabilities"] == 0
        assert render(sheet["title"]) == "Profit sheet"
        assert render(sheet["assets"][-1][0]).endswith("(end of the game)")


def test_place_says_which_concern_the_company_joins_or_that_it_starts_one() -> None:
    probe = new_game()
    de = company(probe, "alternative-energy", "DE")
    state = new_game(row=[de, 45, 46, 47, 48], hands={0: ["20", "20", "18", "18", "16", "16", "14"]})
    give_concern(state, 0, [company(state, "aviation", "CDE"), company(state, "electronics", "DEF")])
    state.apply(Buy(de), 0)
    assert render(state.describe(Place(0), 0)) == (
        "lay alt. energy DE (12M) under concern 1 (2 companies sharing DE; then 3 companies sharing DE)"
    )
    assert render(state.describe(Place(1), 0)) == "start a new concern 2 with alt. energy DE (12M)"
    assert render(state.describe(Place(1), None)) == render(state.describe(Place(1), 2))  # nothing in it is hidden


def test_a_warning_before_two_companies_of_one_industry_meet_in_a_concern() -> None:
    """Rulebook 3: two companies of one colour in a concern must be rationalised; who cannot pay
    gives up all action cards. The player is told before laying the company, with the cost."""
    probe = new_game()
    adef = company(probe, "aviation", "ADEF")
    state = new_game(row=[adef, 0, 1, 2, 3], hands={0: ["20", "x1", "x2", "x3", "x1", "x2", "x3"]})
    cde = company(state, "aviation", "CDE")
    give_concern(state, 0, [cde])
    assert warning(state, Buy(adef)) is None
    state.apply(Buy(adef), 0)
    warned = warning(state, Place(0))
    assert warned is not None
    said = render(warned)
    assert "aviation ADEF (20M) would join concern 1 beside aviation CDE (16M)" in said
    assert "1 million, paid in advance" in said
    # Its capital card pays the bill of 20 and nothing is left: all seven cards would be lost.
    assert "you would give up all 7 action cards" in said
    assert warning(state, Place(1)) is None  # a concern of its own: nothing to fear
    assert hooks.warning("die_bosse", state, Place(0)) == warned  # the terminal asks to confirm it
    state.apply(Place(0), 0)
    reveal(state, state.industry_stack[0])
    ended = warning(state, End())
    assert ended is not None and "ending the turn moves aviation ADEF (20M)" in render(ended)


def two_concerns() -> tuple[DieBosseState, tuple[int, int, int]]:
    """Seat 0 holding aviation CDE and electronics DEF in concern 1, aviation D in concern 2."""
    state = new_game(hands={0: ["10", "12", "14", "16", "18", "20", "20"]})
    cde, def_, de = (
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "aviation", "D"),
    )
    give_concern(state, 0, [cde, def_])
    give_concern(state, 0, [de])
    return state, (cde, def_, de)


def test_no_warning_when_the_industries_differ_and_a_move_is_warned_of_too() -> None:
    state, (cde, def_, _) = two_concerns()
    assert warning(state, Move(def_, 1)) is None
    warned = warning(state, Move(cde, 1))
    assert warned is not None
    said = render(warned)
    assert "beside aviation D (8M)" in said
    assert "give up all" not in said.split(".")[-1]  # the hand can pay: no loss foretold
    assert warning(state, End()) is None


def test_a_menus_labels_read_as_each_action_described_alone() -> None:
    """``labels`` makes what a seat's moves share once; every text is ``describe``'s: a move to
    a concern that is not there or of a company that is no company is told as ``describe``
    tells it, an ill-formed one refused as it refuses it, and the other actions described
    alone."""
    state, (cde, def_, de) = two_concerns()
    menu = [Move(c, to) for c in (cde, def_, de) for to in range(3)] + [End(), Buy(state.row[0])]
    labels = state.labels(menu, 0)
    assert labels == [state.describe(a, 0) for a in menu]
    said = [render(t) for t in labels]
    assert len(set(said)) == len(said)  # every move reads as its own
    assert any("bottom" in t for t in said) and any("a concern of its own" in t for t in said), said
    for odd in (Move(cde, 3), Move(10**6, 0)):  # told by its kind and values, as describe tells it
        assert state.labels([Move(cde, 0), odd], 0)[1] == state.describe(odd, 0) == str(odd)
    bad = Move(True, 0)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as alone:
        state.describe(bad, 0)
    with pytest.raises(IllegalAction) as together:
        state.labels([Move(cde, 0), bad], 0)
    assert str(together.value) == str(alone.value)


def test_the_discard_menu_shows_each_cards_value_to_its_holder_only() -> None:
    state = new_game(hands={0: ["10", "3t", "x1", "x2", "x3", "x1", "x2"]})
    state.apply(End(), 0)
    assert state.phase == "discard"
    ten, three, half = (hand_card(state, 0, n) for n in ("10", "3t", "x1"))
    assert render(state.describe(Discard(ten), 0)) == "give up 10M"
    assert render(state.describe(Discard(three), 0)) == "give up 3M triangle"
    assert render(state.describe(Discard(half), 0)) == "give up transfer ½×"
    for viewer in (None, 1, 2):
        assert render(state.describe(Discard(ten), viewer)) == "give up an action card"


def test_a_card_drawn_is_named_to_the_one_who_draws_it_only() -> None:
    state = new_game(hands={0: ["10", "3t", "x1", "x2", "x3", "x1", "x2"]})
    state.apply(End(), 0)
    state.apply(Discard(hand_card(state, 0, "10")), 0)
    state.apply(state.legal_actions(0)[-1], 0)  # done
    assert state.phase == "draw"
    card = next(c for c in state.action_stack if state.rules.action(c).text == "12M")
    assert render(state.describe(Draw(card), 0)) == "an action card is drawn by seat 0: 12M"
    assert (
        render(state.describe(Draw(card), 1))
        == render(state.describe(Draw(card), None))
        == "an action card is drawn by seat 0"
    )
    draw(state, "12")


def test_the_legend_explains_the_capital_card_symbols_from_the_data() -> None:
    assert hooks.legend("die_bosse") == legend()  # what the terminal shows once
    text = render(legend())
    for mark in ("▲ triangle", "◗ half circle", "■ rectangle"):
        assert mark in text
    assert "1, 3, 5 and 8 million" in text and "2 cards 16M, 3 cards 32M and 4 cards 64M" in text
    # In the Dutch rulebook's words, numbers as the Dutch write them.
    dutch = render(legend(), "nl")
    assert "▲ driehoek" in dutch and "Transferkaarten (transfer ½×, transfer 1× en transfer 1½×)" in dutch


def test_counts_agree_with_their_nouns() -> None:
    assert [plural(n, "action card") for n in (0, 1, 2)] == ["0 action cards", "1 action card", "2 action cards"]
    assert plural(1, "company", "companies") == "1 company" and plural(3, "company", "companies") == "3 companies"
    state = new_game(hands={0: ["10", "12", "14", "16", "18", "20", "20"]})
    state.apply(Buy(state.row[0]), 0)
    assert "you have no concern yet: index 0 in the action starts your first one" in assert_rejected(state, Place(2), 0)
    state.apply(Place(0), 0)
    reveal(state, state.industry_stack[0])
    said = assert_rejected(state, Move(state.columns[0][0][0], 3), 0)
    assert "you have concern 1 (index 0 in the action), or index 1 for a new one" in said


def test_whoever_gives_up_a_single_card_is_told_so_in_the_singular() -> None:
    probe = new_game()
    adef = company(probe, "aviation", "ADEF")
    state = new_game(row=[adef, 0, 1, 2, 3], hands={0: ["20", "x1", "x2", "x3", "x1", "x2", "x3"]})
    give_concern(state, 0, [company(state, "aviation", "CDE")])
    state.apply(Buy(adef), 0)
    state.apply(Place(0), 0)
    reveal(state, state.industry_stack[0])
    # Five of the six transfer cards leave the hand (given to the discard pile for the test).
    for _ in range(5):
        card = state.hands[0].pop()
        state.discard.append(card)
    state.log = []
    last = state.hands[0][-1]
    state.apply(End(), 0)
    state.apply(state.legal_actions(0)[0], 0)  # the 20M pays the bill; nothing is left to move
    assert any("gives up all their action cards (1 action card)" in line for line in map(render, state.log))
    assert state.given_up[0] == [last] and last in state.discard  # face down, as they are not named
    assert state.current_player() == CHANCE


CONCERN_MENTION = re.compile(r"\bconcerns? (\d+)(?: to (\d+))?")
"""A concern named by its number in the game's words (``concern 2``, ``concerns 1 to 3``)."""


def test_concerns_are_numbered_from_1_in_every_description_and_narration() -> None:
    """A person reads concerns counted from 1 (the first is "concern 1"), while the actions
    name them by their index from 0: every description of a legal move, every warning and every
    line the rules narrate in a seeded game says a number from 1 to one past the player's
    concerns, and the first concern started is "concern 1"."""
    game = load("die_bosse", players=3)
    state = game.new_state()
    state.log = []
    agents: list[Agent] = [BOTS["bot"]() for _ in range(3)]
    rng = random.Random(5)
    for agent in agents:
        agent.seed(5)
    texts: list[str] = []
    while not state.is_terminal() and len(texts) < 4000:
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            own = len(state.columns[seat])  # type: ignore[attr-defined]
            for a in state.legal_actions(seat):
                for said in (render(state.describe(a, seat)), render(hooks.warning("die_bosse", state, a) or "")):
                    for m in CONCERN_MENTION.finditer(said):
                        assert 1 <= int(m.group(1)) <= own + 1, said
                        texts.append(said)
            action = agents[seat].act(state, seat)
        state.apply(action, seat)
    narrated = [line for line in map(render, state.log) if CONCERN_MENTION.search(line)]
    for line in narrated:
        assert all(int(m.group(1)) >= 1 for m in CONCERN_MENTION.finditer(line)), line
    assert texts and narrated
    assert any(line.endswith("starts concern 1 with it.") for line in narrated)
    assert not any("concern 0" in t for t in texts + narrated)


def test_every_card_of_the_deal_reads_alike_to_everyone() -> None:
    """The deal is told as one line, not 21: each card dealt reads the same to every seat, its
    holder included (the hand shows once it is dealt), so a front end counts them as one."""
    state = load("die_bosse", players=3).new_state()
    rng = random.Random(2)
    deal: set[str] = set()
    while state.current_player() == CHANCE:
        action = sample_chance(state, rng)
        if isinstance(action, Draw):
            deal.update(map(render, state.describe_all(action)))
        state.apply(action, CHANCE)
    assert deal == {"an action card is dealt"}
