"""Every action in the game's own words with its figures, the same for every reader (all is
public here but the order of the stacks), and narration in plain English."""

from __future__ import annotations

import re

import pytest

from tycoon.agents import RandomAgent
from tycoon.core import CHANCE, load, sample_chance
from tycoon.core.actions import Action
from tycoon.core.messages import from_wire, to_wire
from tycoon.games.biznes_po_polsku.actions import (
    CODEC,
    Accept,
    Bid,
    Buy,
    BuyCar,
    Claim,
    Counter,
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
    RejectBecause,
    Roll,
    Run,
    SellInvestment,
    TakeJob,
)
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.biznes_po_polsku.state import BiznesState
from tycoon.words import render

from .helpers import (
    ACCOUNTANT,
    FOTO,
    FRYZJER,
    HOT_DOGS,
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
ALL_KINDS += [OfferExchange, Accept, Reject, RejectBecause, Counter, Bid]


def test_every_kind_of_action_has_its_own_words() -> None:
    """Each kind is covered below: a kind added later without words fails here."""
    assert {cls.kind for cls in ALL_KINDS} == set(CODEC.kinds)


def test_dealings_on_your_turn_name_the_firm_and_the_money() -> None:
    state = new_game(2)
    give_group(state, 0, FRYZJER, 1)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FOTO)
    assert render(state.describe(Invest(FRYZJER))) == (
        "invest in Zakład fryzjerski (hairdresser's salon): investment level 2 for 600 zł; the fee becomes 300 zł"
    )
    assert render(state.describe(SellInvestment(FRYZJER))) == (
        "sell investment level 1 of Zakład fryzjerski (hairdresser's salon) back to the bank for 300 zł"
    )
    assert render(state.describe(Mortgage(SZKOLA))) == (
        "mortgage Szkoła prywatna (private school) for 1,400 zł, first selling the group's 3 investment levels at "
        "half price"
    )
    assert render(state.describe(Redeem(KIOSK))) == "redeem Kiosk „Ruchu” (newsstand) for 550 zł"
    assert render(state.describe(BuyCar())) == "buy a car for 7,000 zł"
    assert render(state.describe(MortgageCar())) == "mortgage the car for 2,000 zł"
    assert render(state.describe(RedeemCar())) == "redeem the car for 3,000 zł"
    assert render(state.describe(Roll())) == "roll the die"


def test_offers_and_answers_say_who_gives_what_for_what() -> None:
    state = new_game(2)
    give_firm(state, 0, KIOSK, mortgaged=True)
    give_firm(state, 1, FRYZJER)
    assert render(state.describe(OfferSale(KIOSK, 1, 1000))) == (
        "offer to sell Kiosk „Ruchu” (newsstand) to seat 1 for 1,000 zł "
        "(Kiosk „Ruchu” (newsstand) is mortgaged: the buyer also redeems it for 550 zł)"
    )
    assert (
        render(state.describe(OfferPurchase(FRYZJER, 1600)))
        == "offer to buy Zakład fryzjerski (hairdresser's salon) from seat 1 for 1,600 zł"
    )
    assert render(state.describe(OfferExchange(KIOSK, FRYZJER, 600))) == (
        "offer to exchange Kiosk „Ruchu” (newsstand) for seat 1's Zakład fryzjerski (hairdresser's salon), adding "
        "600 zł "
        "(Kiosk „Ruchu” (newsstand) is mortgaged: the receiver also redeems it for 550 zł)"
    )
    assert render(state.describe(OfferExchange(KIOSK, FRYZJER, -600))).startswith(
        "offer to exchange Kiosk „Ruchu” (newsstand) for seat 1's Zakład fryzjerski (hairdresser's salon), asking "
        "600 zł in return"
    )
    state.apply(OfferPurchase(FRYZJER, 1600), 0)
    assert (
        render(state.log[-1])
        == "Seat 0 offers to buy Zakład fryzjerski (hairdresser's salon) from seat 1 for 1,600 zł."
    )
    assert (
        render(state.describe(Accept(), 1))
        == "accept seat 0's offer to buy Zakład fryzjerski (hairdresser's salon) for 1,600 zł"
    )
    assert (
        render(state.describe(Reject(), 1))
        == "reject seat 0's offer to buy Zakład fryzjerski (hairdresser's salon) for 1,600 zł"
    )
    # A reason that holds is read with its figures; one that does not, by what it means.
    assert render(state.describe(RejectBecause("price"), 1)) == (
        "reject seat 0's offer to buy Zakład fryzjerski (hairdresser's salon) for 1,600 zł: the terms do not suit "
        "seat 1"
    )
    assert render(state.describe(RejectBecause("too-cheap"), 1)) == (
        "reject seat 0's offer to buy Zakład fryzjerski (hairdresser's salon) for 1,600 zł: the price is below what "
        "the firm cost to found"
    )
    assert render(state.describe(Counter(2400, "price"), 1)) == (
        "counter seat 0's offer: seat 0 to buy Zakład fryzjerski (hairdresser's salon) from seat 1 for 2,400 zł; the "
        "terms do not suit seat 1"
    )
    state.apply(Counter(2400, "price"), 1)
    assert (
        render(state.log[-1])
        == "Seat 1 declines: 1,600 zł for Zakład fryzjerski (hairdresser's salon) is less than the 2,400 zł seat 1 "
        "asks."
    )
    assert (
        render(state.describe(Accept(), 0))
        == "accept seat 1's counter-offer to buy Zakład fryzjerski (hairdresser's salon) for 2,400 zł"
    )


def test_the_pending_offer_reads_in_words_for_the_one_who_answers() -> None:
    """The decision's text says what the offer proposes, not its typed form, and leaves out
    the seat it is made to: that seat is the one reading it."""
    state = new_game(3)
    give_firm(state, 2, HOT_DOGS)
    state.apply(OfferPurchase(HOT_DOGS, 4200), 0)
    assert (
        render(state.phase_text())
        == "Seat 0 offers to buy Budka z hot-dogami (hot-dog stand) for 4,200 zł; accept, reject or counter"
    )
    assert render(state.phase_text(), "pl") == (
        "Gracz 0 proponuje: kupić firmę Budka z hot-dogami za 4\u00a0200 zł; przyjmij, odrzuć albo złóż kontrofertę"
    )
    view = state.view(2)
    assert view["pending"]["text"] == to_wire(state.phase_text())
    assert (
        render(from_wire(view["offer"]["text"])) == "to buy Budka z hot-dogami (hot-dog stand) from seat 2 for 4,200 zł"
    )
    assert "offer-purchase" not in render(from_wire(view["pending"]["text"]))


def test_decisions_on_a_space_name_what_is_at_stake_and_its_price() -> None:
    state = new_game(2)
    land_on(state, 0, FRYZJER, 2)
    assert (
        render(state.phase_text())
        == "Zakład fryzjerski (hairdresser's salon) is unowned: found it for 1,600 zł, or pass"
    )
    state.apply(Pass(), 0)
    land_on(state, 1, ACCOUNTANT, 1)
    assert (
        render(state.phase_text())
        == "Zawód: Księgowy (profession: accountant) is free: become an accountant, or wait for a better profession"
    )
    assert (
        render(state.phase_text(), "pl")
        == "Zawód: Księgowy – wolne miejsce: zostań księgowym albo poczekaj na lepszy zawód"
    )
    assert render(state.describe(TakeJob())) == "become an accountant (salary 2,000 zł)"
    assert render(state.describe(Pass())) == "do not become an accountant; wait for another profession"
    state.apply(TakeJob(), 1)
    assert "Seat 1 becomes an accountant." in map(render, state.log)
    land_on(state, 0, SENATOR, 2)
    assert render(state.phase_text()) == "the office of senator is free: run for it for 2,800 zł, or pass"


def test_decisions_on_a_space_name_the_price() -> None:
    state = new_game(2)
    land_on(state, 0, FRYZJER, 2)
    assert render(state.describe(Buy())) == "found Zakład fryzjerski (hairdresser's salon) for 1,600 zł"
    assert render(state.describe(Pass())) == "do not found Zakład fryzjerski (hairdresser's salon)"
    state.apply(Pass(), 0)
    land_on(state, 1, TEACHER, 1)
    assert render(state.describe(TakeJob())) == "become a teacher (salary 1,400 zł)"
    assert render(state.describe(Pass())) == "do not become a teacher; wait for another profession"
    state.apply(Pass(), 1)
    land_on(state, 0, PARTY, 2)
    assert render(state.describe(JoinParty())) == "join the party for 300 zł"
    assert render(state.describe(Pass())) == "do not join the party"
    state.apply(Pass(), 0)
    land_on(state, 1, SENATOR, 2)
    assert render(state.describe(Run())) == "run for senator for 2,800 zł (allowance 900 zł)"
    assert render(state.describe(Pass())) == "do not run for senator"


def test_the_car_choice_names_both_spaces() -> None:
    state = new_game(2)
    give_car(state, 0)
    state.players[0].position = TAX - 3
    state.apply(Roll(), 0)
    assert render(state.describe(Die(3), CHANCE)) == "the die shows 3"
    state.apply(Die(3), CHANCE)
    assert render(state.describe(Drive(3))) == "stop on space 21, Urząd skarbowy (tax office) (3 spaces)"
    assert render(state.describe(Drive(8))) == "drive 5 spaces further, to space 26, Auto-bar (roadside bar) (8 spaces)"


def test_chance_says_what_happens_and_never_before() -> None:
    state = load("biznes_po_polsku", players=2).new_state()
    assert isinstance(state, BiznesState)
    assert render(state.describe(Die(5), CHANCE)) == "Seat 0 rolls 5 for the start"
    state = new_game(2)
    land_on(state, 0, LOS, 2)
    assert (
        render(state.describe(Draw("los", 4), CHANCE))
        == "LOS (chance) card: A win in the lottery - the BANK pays seat 0 1,000 zł"
    )


def test_claims_and_the_end_of_the_turn_name_the_money() -> None:
    state = new_game(2, forfeit_forgotten_salary=True)
    state.players[0].claims.append((1_600, f"salary {ACCOUNTANT}"))
    assert render(state.describe(Claim(), 0)) == "claim 1,600 zł: the salary of an accountant, 1,600 zł"
    assert render(state.describe(EndTurn())) == "end the turn, forfeiting the 1,600 zł not claimed"


def test_a_bid_names_the_firm_under_the_hammer() -> None:
    state = new_game(3)
    set_cash(state, 0, 0)
    give_firm(state, 0, KIOSK, mortgaged=True)
    land_on(state, 0, TAX, 2)
    assert render(state.describe(Bid(600), 1)) == "bid 600 zł for Kiosk „Ruchu” (newsstand)"
    assert render(state.describe(Pass(), 1)) == "bid no more for Kiosk „Ruchu” (newsstand)"


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


BAD_GRAMMAR = re.compile(
    r"\(s\)|\b1 (turn|round|level|space|card|firm|player)s\b|\bSeats? -1\b|\bseat -1\b|\bSeats \d"
    r"|\b[Aa] (?!used|uni|one)[aeiouAEIOU]|\b[Aa]n [b-df-hj-np-tv-z]"
)
"""Plurals left open, a count of one in the plural, chance named as a seat, "a accountant",
"an teacher"."""
SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
"""The narration is read by everybody: it names each player, never addresses one."""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_description_is_in_words_and_the_same_for_every_reader(seed: int) -> None:
    for state, seat, legal in played(seed)[::3]:
        for action in legal:
            text = render(state.describe(action, seat))
            assert text != str(action) or isinstance(action, Roll), (action, text)
            assert not BAD_GRAMMAR.search(text), text
            assert {render(state.describe(action, v)) for v in (None, *range(len(state.players)))} == {text}


@pytest.mark.parametrize("seed", [4, 5])
def test_narration_reads_as_english(seed: int) -> None:
    final = played(seed, players=5, bots=1)[-1][0]
    assert final.log
    for line in map(render, final.log):
        assert not BAD_GRAMMAR.search(line), line
        assert not SECOND_PERSON.search(line), line


def test_a_card_is_told_of_the_player_who_drew_it() -> None:
    """The card's printed text speaks to the one who draws it ("the BANK pays you 300 zł");
    the narration, which every seat reads, names that player instead, and so does the
    description of the draw and the view's last card."""
    state = new_game(3, start=1)
    assert (state.view(None)["last_card"], state.view(None)["last_card_seat"]) == ("", None)
    land_on(state, 1, LOS, 2)
    assert (
        render(state.describe(Draw("los", 0), CHANCE))
        == "LOS (chance) card: Tax refund for last year - the BANK pays seat 1 300 zł"
    )
    state.apply(Draw("los", 0), CHANCE)
    assert [render(text) for text in state.log[-2:]] == [
        "Seat 1 draws LOS (chance): Tax refund for last year - the BANK pays seat 1 300 zł.",
        "Seat 1 receives 300 zł from the bank: tax refund for last year.",
    ]
    told = from_wire(state.view(0)["last_card_text"])
    assert render(told) == "LOS (chance): Tax refund for last year - the BANK pays seat 1 300 zł"
    assert render(told, "pl") == "LOS: Zwrot podatku za ubiegły rok - BANK płaci 300 zł graczowi 1"
    # Who drew it, as data: the page names the player without reading the narration.
    assert [state.view(v)["last_card_seat"] for v in (None, 0, 1, 2)] == [1] * 4
    for deck in ("los", "niespodzianka"):
        for c in state.rules.deck(deck):
            assert c.told, f"{deck} card {c.number} has no third-person form"
            assert not SECOND_PERSON.search(c.told_for(2)), c.told
            assert not SECOND_PERSON.search(c.why), c.why


def test_a_card_of_ones_own_deck_without_a_told_form_is_quoted() -> None:
    from tycoon.games.biznes_po_polsku.data import Card

    plain = Card("los", 0, "Your aunt sends you 50 zł", "receive", amount=50)
    assert plain.told_for(1) == "“Your aunt sends you 50 zł”"
    assert plain.why == "the LOS card"
    headed = Card("niespodzianka", 0, "Speeding - the police fine you 200 zł", "pay", amount=200)
    assert headed.why == "speeding"


def test_at_the_terminal_the_drawer_reads_you_and_the_others_the_name() -> None:
    from tycoon.cli.naming import SeatNames

    line = "Seat 0 draws LOS: Tax refund for last year - the BANK pays seat 0 300 zł."
    assert SeatNames(["you", "bot 2"]).named(line) == (
        "You draw LOS: Tax refund for last year - the BANK pays you 300 zł."
    )
    assert (
        SeatNames(["Ann", "you"]).named(line) == "Ann draws LOS: Tax refund for last year - the BANK pays Ann 300 zł."
    )


def test_narration_names_a_card_only_once_it_is_drawn() -> None:
    """The order of the stacks is the one secret: no card title reaches the log before the
    card is drawn."""
    state = new_game(3)
    cards = [c for d in ("los", "niespodzianka") for c in state.rules.deck(d)]
    texts = {c.told_for(s) for c in cards for s in range(3)} | {c.title for c in cards}
    for seed in range(6, 9):
        history = played(seed, players=3, bots=1)
        final = history[-1][0]
        assert final.log is not None
        told: set[str] = set()
        drawn_any = False
        for line in map(render, final.log):
            drawn = re.match(r"Seat \d+ draws (LOS \(chance\)|NIESPODZIANKA \(surprise\)): (.*)\.$", line)
            if drawn:
                told.add(drawn.group(2))
                drawn_any = True
                continue
            for text in texts - told:
                assert text not in line, (line, text)
        assert drawn_any


def test_every_action_and_field_is_explained_for_help() -> None:
    """The terminal's ``help KIND`` reads the class's docstring and the one under each field."""
    import dataclasses

    from tycoon.cli.menu import class_doc, field_docs

    for cls in ALL_KINDS:
        assert class_doc(cls), f"{cls.kind} has no docstring"
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            assert field_docs(cls).get(f.name), f"{cls.kind}: the field {f.name!r} has no docstring"


def test_every_field_that_holds_a_seat_is_declared_so() -> None:
    """A front end shows and reads the fields in ``seat_fields`` as the players' names; every
    field whose meaning is a seat is declared, and no other."""
    import dataclasses

    from tycoon.cli.menu import field_docs

    declared = {cls.kind: set(cls.seat_fields) for cls in ALL_KINDS}
    assert declared["offer-sale"] == {"to"}
    for cls in ALL_KINDS:
        docs = field_docs(cls)
        seats = {f.name for f in dataclasses.fields(cls) if docs.get(f.name, "").lower().startswith("the seat")}  # type: ignore[arg-type]
        assert seats == declared[cls.kind], cls.kind
