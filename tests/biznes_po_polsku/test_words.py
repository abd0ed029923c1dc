"""Every action in the game's own words with its figures, the same for every reader (all is
public here but the order of the stacks), and narration in plain English."""

from __future__ import annotations

import re

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.actions import Action
from tycoon.games.biznes_po_polsku.actions import (
    CODEC,
    Accept,
    Bid,
    Buy,
    BuyCar,
    Claim,
    Die,
    Draw,
    Drive,
    EndTurn,
    Invest,
    JoinParty,
    Mortgage,
    MortgageCar,
    OfferExchange,
    OfferPurchase,
    OfferSale,
    Pass,
    Redeem,
    RedeemCar,
    Reject,
    Roll,
    Run,
    SellInvestment,
    TakeJob,
)
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState

from .helpers import (
    FOTO,
    FRYZJER,
    KIOSK,
    LOS,
    PARTY,
    SENATOR,
    SZKOLA,
    TAX,
    TEACHER,
    give_car,
    give_firm,
    give_group,
    land_on,
    new_game,
    set_cash,
)

ALL_KINDS: list[type[Action]] = [Die, Draw, Roll, Drive, EndTurn, Buy, TakeJob, JoinParty, Run, Pass, Invest]
ALL_KINDS += [SellInvestment, Mortgage, Redeem, BuyCar, MortgageCar, RedeemCar, Claim, OfferSale, OfferPurchase]
ALL_KINDS += [OfferExchange, Accept, Reject, Bid]


def test_every_kind_of_action_has_its_own_words() -> None:
    """Each kind is covered below: a kind added later without words fails here."""
    assert {cls.kind for cls in ALL_KINDS} == set(CODEC.kinds)


def test_dealings_on_your_turn_name_the_firm_and_the_money() -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER, 1)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FOTO)
    assert state.describe(Invest(FRYZJER)) == (
        "invest in Zakład fryzjerski: investment level 2 for 600 zł; the fee becomes 300 zł"
    )
    assert state.describe(SellInvestment(FRYZJER)) == (
        "sell investment level 1 of Zakład fryzjerski back to the bank for 300 zł"
    )
    assert state.describe(Mortgage(SZKOLA)) == (
        "mortgage Szkoła prywatna for 1,400 zł, first selling the group's 3 investment levels at half price"
    )
    assert state.describe(Redeem(KIOSK)) == "redeem Kiosk „Ruchu” for 550 zł"
    assert state.describe(BuyCar()) == "buy a car for 7,000 zł"
    assert state.describe(MortgageCar()) == "mortgage the car for 2,000 zł"
    assert state.describe(RedeemCar()) == "redeem the car for 3,000 zł"
    assert state.describe(Roll()) == "roll the die"


def test_offers_and_answers_say_who_gives_what_for_what() -> None:
    state = new_game(2)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FRYZJER)
    assert state.describe(OfferSale(KIOSK, 1, 1000)) == (
        "offer Kiosk „Ruchu” to seat 1 for 1,000 zł (mortgaged: the buyer also redeems it for 550 zł)"
    )
    assert state.describe(OfferPurchase(FRYZJER, 1600)) == "offer 1,600 zł for Zakład fryzjerski from seat 1"
    assert state.describe(OfferExchange(KIOSK, FRYZJER, 600)) == (
        "offer Kiosk „Ruchu” for Zakład fryzjerski of seat 1, adding 600 zł"
    )
    assert state.describe(OfferExchange(KIOSK, FRYZJER, -600)) == (
        "offer Kiosk „Ruchu” for Zakład fryzjerski of seat 1, asking 600 zł in return"
    )
    state.apply(OfferPurchase(FRYZJER, 1600), 0)
    assert state.describe(Accept(), 1) == "accept seat 0's offer: 1,600 zł for Zakład fryzjerski from seat 1"
    assert state.describe(Reject(), 1) == "reject seat 0's offer"


def test_decisions_on_a_space_name_the_price() -> None:
    state = new_game(2)
    land_on(state, 0, FRYZJER, 2)
    assert state.describe(Buy()) == "found Zakład fryzjerski for 1,600 zł"
    assert state.describe(Pass()) == "do not found Zakład fryzjerski"
    state.apply(Pass(), 0)
    land_on(state, 1, TEACHER, 1)
    assert state.describe(TakeJob()) == "become a teacher (salary 1,400 zł)"
    assert state.describe(Pass()) == "do not become a teacher; wait for another profession"
    state.apply(Pass(), 1)
    land_on(state, 0, PARTY, 2)
    assert state.describe(JoinParty()) == "join the party for 300 zł"
    assert state.describe(Pass()) == "do not join the party"
    state.apply(Pass(), 0)
    land_on(state, 1, SENATOR, 2)
    assert state.describe(Run()) == "run for senator for 2,800 zł (allowance 900 zł)"
    assert state.describe(Pass()) == "do not run for senator"


def test_the_car_choice_names_both_spaces() -> None:
    state = new_game(2)
    give_car(state, 0)
    state.players[0].position = TAX - 3
    state.apply(Roll(), 0)
    assert state.describe(Die(3), CHANCE) == "the die shows 3"
    state.apply(Die(3), CHANCE)
    assert state.describe(Drive(3)) == "stop on space 21, Urząd skarbowy (3 spaces)"
    assert state.describe(Drive(8)) == "drive 5 spaces further, to space 26, Auto-bar (8 spaces)"


def test_chance_says_what_happens_and_never_before() -> None:
    state = load("biznes_po_polsku", players=2).new_state()
    assert isinstance(state, BiznesState)
    assert state.describe(Die(5), CHANCE) == "seat 0 rolls 5 for the start"
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    title = state.rules.deck("los")[4].title
    assert state.describe(Draw("los", 4), CHANCE) == f"LOS card: {title}"


def test_claims_and_the_end_of_the_turn_name_the_money() -> None:
    state = new_game(2, forfeit_forgotten_salary=True)
    state.players[0].claims.append((1_600, "the salary of a hairdresser"))
    assert state.describe(Claim(), 0) == "claim 1,600 zł: the salary of a hairdresser, 1,600 zł"
    assert state.describe(EndTurn()) == "end the turn, forfeiting the 1,600 zł not claimed"


def test_a_bid_names_the_firm_under_the_hammer() -> None:
    state = new_game(3)
    set_cash(state, 0, 0)
    give_firm(state, 0, KIOSK, mortgaged=True)
    land_on(state, 0, TAX, 2)
    assert state.describe(Bid(600), 1) == "bid 600 zł for Kiosk „Ruchu”"
    assert state.describe(Pass(), 1) == "bid no more for Kiosk „Ruchu”"


# --- played games: every description, every line of narration ----------------------------


def played(seed: int, players: int = 4, bots: int = 2) -> list[tuple[BiznesState, int, list[Action]]]:
    """Every decision of one seeded game of bots and random players: the state, the seat to
    move and what it may do."""
    import random

    game = load("biznes_po_polsku", players=players, rounds=25, forfeit_forgotten_salary=seed % 2 == 1)
    state = game.new_state()
    assert isinstance(state, BiznesState)
    state.log = []
    rng = random.Random(seed)
    agents = [BiznesBot() if s < bots else RandomAgent(f"{seed}:{s}") for s in range(players)]
    seen: list[tuple[BiznesState, int, list[Action]]] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            seen.append((state.clone(), seat, state.legal_actions(seat)))
            action = agents[seat].act(state, seat)
        state.apply(action, seat)
    seen.append((state, -2, []))
    return seen


BAD_GRAMMAR = re.compile(r"\(s\)|\b1 turns\b|\bSeats? -1\b|\bseat -1\b|\bSeats \d")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_description_is_in_words_and_the_same_for_every_reader(seed: int) -> None:
    for state, seat, legal in played(seed)[::3]:
        for action in legal:
            text = state.describe(action, seat)
            assert text != str(action) or isinstance(action, Roll), (action, text)
            assert not BAD_GRAMMAR.search(text), text
            assert {state.describe(action, v) for v in (None, *range(len(state.players)))} == {text}


@pytest.mark.parametrize("seed", [4, 5])
def test_narration_reads_as_english(seed: int) -> None:
    final = played(seed, players=5, bots=1)[-1][0]
    assert final.log
    for line in final.log:
        assert not BAD_GRAMMAR.search(line), line


def test_narration_names_a_card_only_once_it_is_drawn() -> None:
    """The order of the stacks is the one secret: no card title reaches the log before the
    card is drawn."""
    state = new_game(3)
    titles = {c.title for d in ("los", "niespodzianka") for c in state.rules.deck(d)}
    for seed in range(6, 9):
        history = played(seed, players=3, bots=1)
        final = history[-1][0]
        assert final.log is not None
        told: set[str] = set()
        for line in final.log:
            drawn = re.match(r"Seat \d+ draws (LOS|NIESPODZIANKA): (.*)\.$", line)
            if drawn:
                told.add(drawn.group(2))
                continue
            for title in titles - told:
                assert title not in line, (line, title)


def test_every_action_and_field_is_explained_for_help() -> None:
    """The terminal's ``help KIND`` reads the class's docstring and the one under each field."""
    import dataclasses

    from tycoon.cli.menu import class_doc, field_docs

    for cls in ALL_KINDS:
        assert class_doc(cls), f"{cls.kind} has no docstring"
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            assert field_docs(cls).get(f.name), f"{cls.kind}: the field {f.name!r} has no docstring"
