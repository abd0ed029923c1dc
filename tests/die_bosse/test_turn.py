"""A turn (rulebook "Spelverloop" and its sections 1-3), chance forced."""

from __future__ import annotations

import random

from tycoon.core import CHANCE
from tycoon.core.driver import sample_chance
from tycoon.games.die_bosse import BOTS
from tycoon.games.die_bosse.actions import Buy, Discard, Done, Draw, End, Move, Pay, Place, Transfer
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.data import rules
from tycoon.words import render

from .helpers import (
    assert_rejected,
    company,
    draw,
    give_concern,
    hand_card,
    new_game,
    reveal,
    where_cards,
)

STRONG = ["10", "12", "14", "16", "18", "20", "20"]


def test_a_purchase_is_paid_at_the_end_of_the_turn_and_no_change_is_given() -> None:
    """Rulebook "kapitaalkaarten": the printed price must be paid; paying more, you get
    nothing back. "De betaling gebeurt op het einde van je beurt aan de bank"."""
    a = company(new_game(), "aviation", "A")
    state = new_game(row=[a, 1, 2, 3, 4], hands={0: ["10", "x1", "x2", "x3", "x1", "x2", "x3"]})
    ten = hand_card(state, 0, "10")
    state.apply(Buy(a), 0)
    state.apply(Place(0), 0)
    assert state.columns[0] == [[a]] and state.bill == 8
    assert ten in state.hands[0]  # nothing is paid before the end of the turn
    reveal(state, 10)
    state.apply(End(), 0)
    assert state.phase == "pay" and state.legal_actions(0) == [Pay(ten)]
    state.apply(Pay(ten), 0)
    # 10 million paid for a bill of 8: the card is gone and nothing comes back.
    assert ten in state.discard and ten not in state.hands[0] and state.bill == 0
    assert state.phase == "draw"
    where_cards(state)


def test_the_bank_gives_no_credit() -> None:
    """Rulebook "kapitaalkaarten": "De bank geeft geen wisselgeld en ook geen krediet"."""
    state = new_game(hands={0: ["1t", "1h", "1r", "x1", "x2", "x3", "x1"]})
    assert not any(isinstance(a, Buy) for a in state.legal_actions(0))
    message = assert_rejected(state, Buy(state.row[0]), 0, match="no credit")
    assert '"Cards": capital cards' in message


def test_symbol_sets_count_16_32_and_64_million() -> None:
    """Rulebook "kapitaalkaarten": 2, 3 or 4 cards of different value with the same symbol
    form a higher value together (research 2.5: 16, 32, 64 million)."""
    r = rules()
    state = new_game(hands={0: ["1t", "3t", "5t", "8t", "3h", "3h", "10"]})
    hand = state.hands[0]
    t = [c for c in hand if r.action(c).symbol == "triangle"]
    h = [c for c in hand if r.action(c).symbol == "half-circle"]
    assert worth(r, t[:2]) == 16 and worth(r, t[:3]) == 32 and worth(r, t) == 64
    assert worth(r, h) == 6  # the same value twice is no set
    assert worth(r, hand) == 64 + 6 + 10


def test_a_symbol_set_pays_for_a_dear_company() -> None:
    """A 1 and a 3 with a triangle pay for a 16-million company."""
    cde = company(new_game(), "aviation", "CDE")
    state = new_game(row=[cde, 0, 1, 2, 3], hands={0: ["1t", "3t", "x1", "x2", "x3", "x1", "x2"]})
    state.apply(Buy(cde), 0)
    state.apply(Place(0), 0)
    reveal(state, 10)
    state.apply(End(), 0)
    state.apply(Pay(hand_card(state, 0, "1t")), 0)
    assert state.phase == "pay"  # 1 million does not cover 16
    state.apply(Pay(hand_card(state, 0, "3t")), 0)
    assert state.phase == "draw" and len(state.discard) == 2


def test_several_companies_in_one_turn_and_the_row_is_refilled_after_each() -> None:
    """Rulebook 1: "Welke en hoeveel, bepaal je zelf"; "Na het kopen worden de te koop
    aangeboden bedrijven weer tot 5 aangevuld"."""
    state = new_game(hands={0: STRONG})
    first = state.row[0]
    state.apply(Buy(first), 0)
    state.apply(Place(0), 0)
    assert state.current_player() == CHANCE and len(state.row) == 4
    outcomes = state.chance_outcomes()
    assert {a.card for a, _ in outcomes} == set(state.industry_stack)  # type: ignore[attr-defined]
    new = state.industry_stack[-1]
    reveal(state, new)
    assert len(state.row) == 5 and state.current_player() == 0
    state.apply(Buy(new), 0)  # the company just laid out can be bought at once
    state.apply(Place(1), 0)
    assert state.bill == state.rules.companies[first].price + state.rules.companies[new].price


def test_a_company_goes_under_a_concern_sharing_a_letter_or_starts_a_new_one() -> None:
    """Rulebook 1: a new card goes under an existing column or starts a new one; a concern's
    companies share at least one letter; at most 6 companies."""
    probe = new_game()
    de = company(probe, "alternative-energy", "DE")
    ab = company(probe, "auto", "AB")
    state = new_game(row=[de, ab, 0, 1, 2], hands={0: STRONG})
    cde, def_ = company(state, "aviation", "CDE"), company(state, "electronics", "DEF")
    give_concern(state, 0, [cde, def_])
    state.apply(Buy(ab), 0)
    assert state.legal_actions(0) == [Place(1)]
    assert_rejected(state, Place(0), 0, match="shares no letter")
    state.apply(Place(1), 0)
    reveal(state, state.industry_stack[0])
    state.apply(Buy(de), 0)
    state.apply(Place(0), 0)
    assert state.columns[0][0] == [cde, def_, de]  # at the bottom: the order only changes by rationalising


def test_a_concern_holds_at_most_six_companies() -> None:
    probe = new_game()
    e_cards = [
        company(probe, i, letters)
        for i, letters in (
            ("aviation", "CDE"),
            ("electronics", "E"),
            ("alternative-energy", "AEF"),
            ("chemistry", "ADEF"),
            ("oil", "DEF"),
            ("auto", "DE"),
        )
    ]
    extra = company(probe, "oil", "E")
    state = new_game(row=[extra, 0, 1, 2, 3], hands={0: STRONG})
    give_concern(state, 0, e_cards)
    state.apply(Buy(extra), 0)
    assert_rejected(state, Place(0), 0, match="at most 6")


def test_a_transfer_takes_the_last_company_of_another_players_concern() -> None:
    """Rulebook 2: only the last card of a concern; ½, 1 or 1½ times the price to the bank;
    with more transfer cards the next freed card; the card goes under an own concern or
    starts one."""
    state = new_game(hands={0: ["x1", "x2", "x3", "20", "20", "18", "18"]})
    cde, def_, de = (
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "alternative-energy", "DE"),
    )
    give_concern(state, 1, [cde, def_, de])
    half, full, one_half = (hand_card(state, 0, n) for n in ("x1", "x2", "x3"))
    assert_rejected(state, Transfer(half, def_), 0, match="only the last company")
    assert_rejected(state, Transfer(hand_card(state, 0, "20"), de), 0, match="not a transfer card")
    state.apply(Transfer(half, de), 0)
    assert state.bill == 6 and state.columns[1] == [[cde, def_]] and state.placing == de
    state.apply(Place(0), 0)
    state.apply(Transfer(full, def_), 0)  # the next freed card
    assert state.bill == 6 + 16
    state.apply(Place(0), 0)
    state.apply(Transfer(one_half, cde), 0)
    assert state.bill == 6 + 16 + 24 and state.columns[1] == []
    state.apply(Place(0), 0)
    assert state.columns[0] == [[de, def_, cde]]
    assert state.played == [half, full, one_half]
    state.apply(End(), 0)
    for _ in range(3):
        state.apply(state.legal_actions(0)[0], 0)
    assert state.phase == "draw" and set(state.played) == set()
    assert {half, full, one_half} <= set(state.discard)


def test_no_transfer_from_ones_own_concern() -> None:
    state = new_game(hands={0: ["x1", "20", "20", "18", "18", "16", "16"]})
    c = company(state, "aviation", "CDE")
    give_concern(state, 0, [c])
    assert_rejected(state, Transfer(hand_card(state, 0, "x1"), c), 0, match="another player")


RATIONALISE = (
    'Rulebook 3, "Rationaliseren": "Pas op: elke kaart (bedrijf) dat je wenst te herschikken kost '
    'je 1 miljoen frank aan de bank. Dit moet je vooraf betalen."'
)


def test_rationalising_is_paid_in_advance_one_million_per_company_moved() -> None:
    """Rulebook 3, "Rationaliseren": "Pas op: elke kaart (bedrijf) dat je wenst te herschikken
    kost je 1 miljoen frank aan de bank. Dit moet je vooraf betalen." The move waits for its
    payment, made with a capital card at once (no change is given), not added to the bill."""
    state = new_game(hands={0: ["1t", "1h", "3r", "10", "x1", "x2", "x3"]})
    cde, def_, de = (
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "alternative-energy", "DE"),
    )
    give_concern(state, 0, [cde, def_, de])
    one_t, one_h, three, ten = (hand_card(state, 0, n) for n in ("1t", "1h", "3r", "10"))
    assert_rejected(state, Move(de, 0), 0, match="already at the bottom")
    state.apply(Move(cde, 0), 0)  # to the bottom of its own concern: first the payment
    assert state.phase == "advance" and state.columns[0] == [[cde, def_, de]]
    assert state.legal_actions(0) == [Pay(one_t), Pay(one_h), Pay(three), Pay(ten)]
    assert_rejected(state, End(), 0)
    state.apply(Pay(one_t), 0)
    assert state.phase == "turn" and state.columns[0] == [[def_, de, cde]]
    assert state.bill == 0 and state.prepaid == 0 and one_t not in state.hands[0]
    state.apply(Move(def_, 1), 0)  # into a new concern, paid with 3 million: 2 are left paid
    state.apply(Pay(three), 0)
    assert state.columns[0] == [[de, cde], [def_]] and state.prepaid == 2
    state.apply(Move(def_, 0), 0)  # already paid for: made at once, no card asked
    assert state.phase == "turn" and state.columns[0] == [[de, cde, def_]] and state.prepaid == 1
    assert state.played == [one_t, three] and state.bill == 0
    # The turn's end: nothing on the bill; what was paid in advance and not used is lost.
    state.apply(End(), 0)
    assert state.phase == "draw" and state.prepaid == 0
    assert {one_t, three} <= set(state.discard) and state.hands[0] == sorted([one_h, ten, *state.hands[0][2:]])
    where_cards(state)


def test_a_player_who_cannot_pay_in_advance_cannot_rationalise() -> None:
    """Rulebook 3 (see ``RATIONALISE``): without a capital card to pay with, no move."""
    state = new_game(hands={0: ["x1", "x2", "x3", "x1", "x2", "x3", "x1"]})
    cde, def_ = company(state, "aviation", "CDE"), company(state, "electronics", "DEF")
    give_concern(state, 0, [cde, def_])
    assert not any(isinstance(a, Move) for a in state.legal_actions(0))
    message = assert_rejected(state, Move(cde, 0), 0, match="paid in advance")
    assert '"3. Rationalising"' in message


def test_the_advance_payment_leaves_the_turns_bill_payable() -> None:
    """Rulebook 3 (see ``RATIONALISE``) with "kapitaalkaarten" ("geen krediet"): a company bought
    this turn is paid at the end, so a card the bill needs cannot pay a move in advance."""
    probe = new_game()
    e = company(probe, "electronics", "E")
    state = new_game(row=[e, 0, 1, 2, 3], hands={0: ["8t", "1h", "x1", "x2", "x3", "x1", "x2"]})
    cde, def_ = company(state, "aviation", "CDE"), company(state, "electronics", "DEF")
    give_concern(state, 0, [cde, def_])
    state.apply(Buy(e), 0)
    state.apply(Place(1), 0)
    reveal(state, state.industry_stack[0])
    assert state.bill == 8
    eight, one = hand_card(state, 0, "8t"), hand_card(state, 0, "1h")
    state.apply(Move(cde, 0), 0)
    # 8 and 1 with different symbols: the 8 is needed for the bill, the 1 can pay the move.
    assert state.legal_actions(0) == [Pay(one)]
    assert_rejected(state, Pay(eight), 0, match="bill of 8 million")
    state.apply(Pay(one), 0)
    assert state.columns[0] == [[def_, cde], [e]]
    # Now the 8 is the last capital card, and the bill needs it: no more moves.
    assert not any(isinstance(a, Move) for a in state.legal_actions(0))
    assert_rejected(state, Move(def_, 0), 0, match="paid in advance")
    state.apply(End(), 0)
    state.apply(Pay(eight), 0)
    assert state.phase == "draw"
    where_cards(state)


def test_a_symbol_set_needed_for_the_bill_is_not_broken_up_for_a_move() -> None:
    """The advance payment may not take a card whose loss leaves the rest short of the bill,
    counting symbol sets at their set value ("kapitaalkaarten")."""
    probe = new_game()
    cde = company(probe, "aviation", "CDE")
    state = new_game(row=[cde, 0, 1, 2, 3], hands={0: ["1t", "3t", "x1", "x2", "x3", "x1", "x2"]})
    a, b = company(state, "electronics", "DEF"), company(state, "auto", "DE")
    give_concern(state, 0, [a, b])
    state.apply(Buy(cde), 0)  # 16 million: only the 1 and 3 triangle together pay it
    state.apply(Place(0), 0)
    reveal(state, state.industry_stack[0])
    assert not any(isinstance(x, Move) for x in state.legal_actions(0))


def test_two_companies_of_one_industry_must_be_rationalised_paid_in_advance() -> None:
    """Rulebook 3: two companies of one colour in a concern, once discovered, must be
    rationalised: "Indien een medespeler ontdekt dat je twee of meer bedrijven van een zelfde
    kleur in eenzelfde concern gestoken hebt, moet je deze bedrijven verplicht rationaliseren."
    The software discovers it at the end of the turn, once the bill is paid; the move is paid
    in advance like any rationalising (see ``RATIONALISE``)."""
    probe = new_game()
    adef = company(probe, "aviation", "ADEF")
    state = new_game(row=[adef, 0, 1, 2, 3], hands={0: ["20", "5t", "x1", "x2", "x3", "x1", "x2"]})
    cde = company(state, "aviation", "CDE")
    give_concern(state, 0, [cde])
    state.apply(Buy(adef), 0)
    state.apply(Place(0), 0)  # a mistake the rulebook lets a player make
    assert state.columns[0] == [[cde, adef]]
    reveal(state, state.industry_stack[0])
    state.log = []
    state.apply(End(), 0)
    assert state.phase == "pay" and state.bill == 20  # the bill holds the purchase only
    state.apply(Pay(hand_card(state, 0, "20")), 0)
    assert state.phase == "advance" and state.columns[0] == [[cde, adef]]
    five = hand_card(state, 0, "5t")
    assert state.legal_actions(0) == [Pay(five)]
    state.apply(Pay(five), 0)
    assert state.columns[0] == [[cde], [adef]] and state.phase == "draw"
    assert any("must move" in line and "1 million" in line for line in map(render, state.log))
    where_cards(state)


def test_whoever_cannot_pay_the_rationalisation_gives_up_all_action_cards() -> None:
    """Rulebook 3: "Wie niet genoeg geld heeft om te rationaliseren, moet al zijn actiekaarten
    afgeven"."""
    probe = new_game()
    adef = company(probe, "aviation", "ADEF")
    state = new_game(row=[adef, 0, 1, 2, 3], hands={0: ["20", "x1", "x2", "x3", "x1", "x2", "x3"]})
    cde = company(state, "aviation", "CDE")
    give_concern(state, 0, [cde])
    hand = list(state.hands[0])
    state.apply(Buy(adef), 0)
    state.apply(Place(0), 0)
    reveal(state, state.industry_stack[0])
    state.apply(End(), 0)
    state.apply(Pay(hand_card(state, 0, "20")), 0)  # the bill is paid; nothing is left for the move
    assert state.hands[0] == [] and set(hand) <= set(state.discard)
    assert state.columns[0] == [[cde], [adef]]
    assert state.phase == "draw"
    where_cards(state)


def test_a_player_who_plays_no_action_card_gives_up_at_least_one_then_draws_two() -> None:
    """Rulebook "Spelverloop": "Indien je geen actiekaart uitspeelt bij je beurt, moet je toch
    minstens 1 actiekaart afgeven"; afterwards the player takes 2 new action cards."""
    state = new_game(hands={0: STRONG})
    state.apply(End(), 0)
    assert state.phase == "discard"
    assert_rejected(state, Done(), 0, match="at least one")
    card = state.hands[0][0]
    state.apply(Discard(card), 0)
    assert card in state.discard and len(state.hands[0]) == 6
    assert state.given_up[0] == [card]  # face down: only seat 0 knows which card it was
    state.apply(Done(), 0)
    assert state.phase == "draw"
    state.log = []
    draw(state, "1t")
    draw(state, "3t")
    assert len(state.hands[0]) == 8 and state.current_player() == 1
    # The narration tells that cards are drawn, never which.
    assert [render(t) for t in state.log] == ["Seat 0 draws an action card.", "Seat 0 draws an action card."]


def test_the_discard_pile_is_shuffled_into_a_new_stack_when_the_stack_runs_out() -> None:
    """Rulebook "Spelverloop": "Is de stapel op, schud dan alle uitgespeelde kaarten tot een
    nieuwe stapel"."""
    state = new_game(hands={0: STRONG})
    keep = state.action_stack[0]
    moved = [c for c in state.action_stack if c != keep]
    state.action_stack = [keep]
    state.discard = moved.copy()
    state.apply(End(), 0)
    state.apply(Discard(state.hands[0][0]), 0)
    state.apply(Done(), 0)
    assert [a for a, _ in state.chance_outcomes()] == [Draw(keep)]
    state.apply(Draw(keep), CHANCE)
    assert state.discard == [] and len(state.action_stack) == len(moved) + 1
    assert not any(state.given_up)  # the card given up face down went into the new stack
    assert sum(p for _, p in state.chance_outcomes()) == 1
    where_cards(state)


def test_a_profit_card_drawn_pays_and_is_not_replaced() -> None:
    """Rulebook "Profit": play pauses, concerns are paid, the profit card goes to the discard
    pile and no replacement card is drawn."""
    state = new_game(hands={0: STRONG})
    cde, def_, de = (
        company(state, "aviation", "CDE"),
        company(state, "electronics", "DEF"),
        company(state, "alternative-energy", "DE"),
    )
    give_concern(state, 1, [cde, def_, de])
    state.apply(End(), 0)
    state.apply(Discard(state.hands[0][0]), 0)
    state.apply(Done(), 0)
    profit = draw(state, "profit")
    assert profit in state.discard and len(state.hands[0]) == 6
    assert state.sheets == [[0], [2], [0]]  # 3 companies sharing D and E: 2 × 1 million
    draw(state, "8r")
    assert len(state.hands[0]) == 7 and state.current_player() == 1


def test_only_the_player_whose_turn_it_is_acts() -> None:
    state = new_game(hands={0: STRONG})
    assert state.legal_actions(1) == []
    assert_rejected(state, End(), 1, match="it is seat 0's decision, not seat 1's")


def test_the_end_of_the_turn_is_listed_first_before_the_many_moves() -> None:
    """With a dozen rationalising moves and transfers listed, ending the turn stays easy to find:
    it comes first in the legal list (the page lays its choices out in this order, so "End the
    turn" is its first button and gets key 1); the purchases, transfers and moves follow in
    their order."""
    state = new_game(hands={0: ["10", "12", "14", "16", "x1", "x2", "x3"]})
    stack = [state.rules.companies[c] for c in state.industry_stack]
    with_e = [c.number for c in stack if "E" in c.letters]
    give_concern(state, 0, with_e[:2])
    give_concern(state, 0, with_e[2:4])
    give_concern(state, 1, with_e[4:5])
    legal = state.legal_actions(0)
    kinds = [a.kind for a in legal]
    assert kinds.count("move") >= 4 and "transfer" in kinds and "buy" in kinds
    assert legal[0] == End() and kinds.count("end") == 1
    rest = kinds[1:]
    assert rest == sorted(rest, key=["buy", "transfer", "move"].index)


DUTCH_HEADINGS = (
    "Spelvoorbereiding",
    "Spelverloop",
    "Bedrijven kopen en concern uitbouwen",
    "kapitaalkaarten",
    "Transfers doorvoeren",
    "Rationaliseren",
)
"""The Dutch rulebook's headings that refusals cite, beside the reader's own words."""

ENGLISH_HEADINGS = (
    'Die Bosse, "Setup"',
    'Die Bosse, "Play"',
    'Die Bosse, "1. Buying companies and building concerns"',
    'Die Bosse, "Cards": capital cards',
    'Die Bosse, "2. Transfers"',
    'Die Bosse, "3. Rationalising"',
)
"""The headings of the rulebook's English reading that refusals cite."""


def test_refusals_cite_the_rulebooks_heading_in_the_readers_words_with_the_dutch_one_beside() -> None:
    """Every refusal met in a seeded game, of every kind of action and of good and bad values,
    is a message that names its rule by a catalogue word: in English by a heading of the
    rulebook's English reading with the Dutch heading beside it, where a player looks it up; in
    each of the four languages with no key missing."""
    from tycoon.core.errors import IllegalAction
    from tycoon.core.messages import Message
    from tycoon.words import problems

    state = new_game(hands={0: STRONG})
    agents = [BOTS["bot"]() for _ in range(3)]
    rng = random.Random(8)
    rules_cited: set[str] = set()
    for _ in range(250):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat != CHANCE:
            hand = state.hands[seat] or [0]
            own = [c for col in state.columns[seat] for c in col] or [0]
            others = [col[-1] for s, cols in enumerate(state.columns) if s != seat for col in cols] or [0]
            tries = [
                Buy(rng.choice([*state.row, 0, 60])),
                Transfer(rng.choice(hand), rng.choice(others)),
                Transfer(60, rng.choice(own)),
                Place(rng.choice([0, 1, 7, -1])),
                Move(rng.choice(own), rng.choice([0, 1, 5, -1])),
                Pay(rng.choice(hand)),
                Pay(0),
                Discard(rng.choice([*hand, 0])),
                Done(),
                End(),
            ]
            for action in tries:
                probe = state.clone()
                try:
                    probe.apply(action, seat)
                except IllegalAction as e:
                    assert isinstance(e.reason, Message) and isinstance(e.rule, Message), str(e)
                    cited = render(e.rule)
                    assert any(cited.startswith(h) for h in ENGLISH_HEADINGS), cited
                    assert any(d in cited.rpartition(" (")[2] for d in DUTCH_HEADINGS), cited
                    assert str(e).endswith(f"({cited})")
                    for language in ("en", "de", "nl", "pl"):
                        assert problems(e.text, language) == [], (language, str(e))
                    rules_cited.add(cited)
            action = agents[seat].act(state, seat)
        else:
            action = sample_chance(state, rng)
        state.apply(action, seat)
    assert len(rules_cited) >= 4, rules_cited
