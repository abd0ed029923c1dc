"""The terminal's sentences about players: names for seats, "you" with its verbs, chance."""

from __future__ import annotations

import pytest

from tycoon.cli.naming import SeatNames, counted, possessive, seat_fields
from tycoon.cli.render import renderer_for
from tycoon.games.biznes_po_polsku.actions import OfferSale
from tycoon.games.die_bosse.actions import Transfer
from tycoon.games.playboss.actions import GiveNotice, OfferLoan, RepayPrivate

TABLE = SeatNames(["you", "bot 2", "bot 3"])


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("seat 0 pays 500 Marks to seat 1.", "You pay 500 Marks to bot 2."),
        ("seat 2 accepts seat 0's offer.", "bot 3 accepts your offer."),
        ("Seat 0's offer is waiting.", "Your offer is waiting."),
        ("seat 0 rolls 5 and moves to space 6 (red).", "You roll 5 and move to space 6 (red)."),
        ("Seat 0 falls ill and waits 2 turns.", "You fall ill and wait 2 turns."),
        ("seat 0 owes 500 zł but holds 200.", "You owe 500 zł but hold 200."),
        (
            "seat 0 plays transfer 1× and takes auto C from seat 1 for 3 million.",
            "You play transfer 1× and take auto C from bot 2 for 3 million.",
        ),
        ("seat 1 pays seat 0 and seat 0 passes.", "bot 2 pays you and you pass."),
        # A list of nouns after a plural noun stays as it is; so does the verb of another subject.
        ("seat 0 buys 3 raws and machines; seat 1 moves.", "You buy 3 raws and machines; bot 2 moves."),
        ("seat 0 has 3 cards, and seat 1 has none.", "You have 3 cards, and bot 2 has none."),
        # Chance is chance, never seat -1.
        ("it is seat -1's decision, not seat 0's", "it is chance's decision, not yours"),
        ("Seat -1 draws a card.", "Chance draws a card."),
        # A seat the table does not have is left as the rules said it.
        ("seat 7 is not at this table", "seat 7 is not at this table"),
    ],
)
def test_sentences_about_you_agree(said: str, read: str) -> None:
    assert TABLE.named(said) == read


def test_other_names_keep_the_third_person() -> None:
    table = SeatNames(["Ann", "Bob"])
    assert table.named("seat 0 rolls 5 and moves; seat 1's turn") == "Ann rolls 5 and moves; Bob's turn"


def test_counts_and_owners_read_as_english() -> None:
    assert [counted(1, "card"), counted(7, "card"), counted(1_000, "Mark")] == ["1 card", "7 cards", "1,000 Marks"]
    assert [possessive("you"), possessive("Bob"), possessive("Hans")] == ["your", "Bob's", "Hans'"]


def test_seat_fields_are_found_without_a_declaration() -> None:
    assert seat_fields(OfferLoan) == ("to",)
    assert seat_fields(GiveNotice) == ("seat",)
    assert seat_fields(RepayPrivate) == ("lender",)
    assert seat_fields(OfferSale) == ("to",)
    assert seat_fields(Transfer) == ()  # its card and company are no seats


def test_the_boards_speak_of_you_in_the_second_person() -> None:
    names = ["you", "bot 2"]
    playboss = renderer_for("playboss").auction({"lot": "machine", "debtor": 0, "high_bidder": None}, names)
    biznes = renderer_for("biznes_po_polsku")
    offer = biznes.offer(
        {"kind": "offer-sale", "from": 0, "to": 1, "space": 12, "price": 900, "text": "to sell Lombard to seat 1"},
        names,
    )
    auction = biznes.auction({"firm": 12, "debtor": 0, "high_bidder": None}, {"board": []}, names)
    die_bosse = renderer_for("die_bosse").player({"seat": 1, "hand_size": 1, "concerns": []}, names, {})
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None)
    for part in (playboss, offer, auction, die_bosse):
        console.print(part)
    text = console.export_text()
    assert "from your business" in text and "from your bankruptcy" in text
    assert "You offer to sell Lombard to bot 2" in text
    assert "Hand: 1 card (hidden)" in text
    assert "you's" not in text and "you offers" not in text and "1 cards" not in text


def test_the_pending_decision_names_the_players() -> None:
    view = {"pending": {"seat": 1, "text": "answer seat 0's offer"}}
    assert renderer_for("coinflip").decision(view, ["you", "bot 2"], 0).plain == "bot 2's decision: answer your offer"


def test_the_board_addresses_you_at_the_start_of_a_sentence() -> None:
    from rich.console import Console

    view = {"pending": {"seat": 0, "text": "roll"}, "businesses": [], "board": []}
    console = Console(width=100, record=True, color_system=None)
    console.print(renderer_for("playboss").status(view, ["you", "bot 2"]))
    console.print(renderer_for("playboss").businesses({"businesses": [_business(0)]}, ["you", "bot 2"], 0))
    text = console.export_text()
    assert "Your decision: roll" in text
    assert "1 you" in text and "(you)" not in text


def _business(seat: int) -> dict[str, object]:
    return {"seat": seat, "position": 0, "cash": 0, "raw": 0, "finished": 0, "bank_debt": 0, "credit_room": 0}


def test_offer_forms_name_the_players_in_their_titles_and_questions() -> None:
    from tycoon.cli.form import Form
    from tycoon.cli.menu import family_title
    from tycoon.core.families import ActionFamily, Choice, IntRange

    family = ActionFamily(
        OfferSale,
        (Choice((5,), ("Szkoła prywatna (space 5, owned by seat 2)",)), Choice((1,)), IntRange(10, 100, 10)),
        label="Offer a firm to seat 1",
        prompts=("which firm?", "to seat 1?", "for how much?"),
    )
    assert family_title(family, TABLE) == "Offer a firm to bot 2"
    said: list[str] = []
    asked: list[str] = []
    form = Form(family, TABLE, lambda prompt: asked.append(prompt) or "20", lambda text: said.append(text.plain))
    assert form.fill() == [5, 1, 20]
    assert said[0].startswith("Offer a firm to bot 2 — 'cancel' leaves")
    assert "  to bot 2? 2 bot 2 (the only choice)" in said
    # A label naming its owner's seat names the player, as the menus do.
    assert "  which firm? Szkoła prywatna (space 5, owned by bot 3) (the only choice)" in said
    assert asked == ["  for how much? [10..100 step 10]> "]


def test_chance_is_named_chance_wherever_a_seat_is_named() -> None:
    from tycoon.cli.render.base import seat_name

    assert TABLE.name(-1) == "chance" and seat_name(["you"], -1) == "chance"
    view = {"pending": {"seat": -1, "text": "the die decides"}}
    assert renderer_for("coinflip").decision(view, ["you", "bot 2"], 0).plain == "Chance: the die decides"


def test_counts_agree_with_their_nouns_on_every_board() -> None:
    from rich.console import Console

    names = ["you", "bot 2"]
    console = Console(width=200, record=True, color_system=None)
    die_bosse = renderer_for("die_bosse")
    one = {"seat": 0, "profit": 3, "hand_size": 1, "concerns": [{"companies": [{}], "share": 2}]}
    two = {"seat": 0, "profit": 3, "hand_size": 2, "concerns": [{"companies": [{}, {}, {}]}, {"companies": [{}]}]}
    console.print(die_bosse.standings({"players": [one]}, names))
    console.print(die_bosse.standings({"players": [two]}, names))
    biznes_bank = {"bricks": 1, "pyramids": 1, "cars": 1, "welfare_cards": 1, "party_cards": 1}
    console.print(renderer_for("biznes_po_polsku").status({"bank": biznes_bank}, names))
    console.print(renderer_for("playboss").status({"bank": {"machines": 1, "computers": 1, "webs": 1}}, names))
    text = console.export_text()
    assert "1 concern (1 company)" in text and "1 card" in text
    assert "2 concerns (3 companies, 1 company)" in text and "2 cards" in text
    assert "1 brick, 1 pyramid, 1 car, 1 welfare card, 1 membership card" in text
    assert "1 machine, 1 computer, 1 WEB " in text
    assert "1 companies" not in text and "1 cards" not in text and "1 bricks" not in text
