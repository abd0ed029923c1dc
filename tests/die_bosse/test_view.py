"""What the page is given of Die Bosse's capital cards: what they are worth, symbol sets counted
by the rules, for the one who holds them; never for another seat."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tycoon.games.die_bosse.actions import Buy, End, Pay, Place
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.state import DieBosseData

from .helpers import company, hand_card, new_game, reveal


def as_the_page_reckons(cards: list[dict[str, Any]], symbol_worths: dict[str, dict[str, int]]) -> int:
    """What ``cards`` (as the view shows them) pay together, as the page adds it up: the plain
    cards' values and each symbol's cards looked up in the view's table."""
    plain = sum(c["value"] for c in cards if c["kind"] == "capital" and not c["symbol"])
    values: dict[str, list[int]] = {}
    for c in cards:
        if c["kind"] == "capital" and c["symbol"]:
            values.setdefault(c["symbol"], []).append(c["value"])
    return plain + sum(symbol_worths[s]["+".join(map(str, sorted(v)))] for s, v in values.items())


def paying() -> DieBosseData:
    """Seat 0 owes 16 million for aviation CDE and holds symbol cards of two symbols."""
    cde = company(new_game(), "aviation", "CDE")
    state = new_game(row=[cde, 0, 1, 2, 3], hands={0: ["1t", "3t", "8t", "3h", "3h", "5h", "10"]})
    state.apply(Buy(cde), 0)
    state.apply(Place(0), 0)
    reveal(state, 10)
    state.apply(End(), 0)
    assert state.phase == "pay"
    return state


def test_the_payer_is_told_what_any_choice_of_its_cards_pays() -> None:
    """Rulebook "kapitaalkaarten": a set of different values with one symbol pays 16, 32 or 64
    million. Every choice of the payer's cards, added up from the view as the page does, is what
    the rules count (``cards.worth``)."""
    state = paying()
    r = state.rules
    view = state.view(0)
    me = view["players"][0]
    assert me["hand_worth"] == worth(r, state.hands[0]) == 32 + (16 + 3) + 10  # 1+3+8 ▲; 3+5 and 3 ◖; 10
    assert view["this_turn"]["paid_worth"] == 0
    assert set(me["symbol_worths"]) == {"triangle", "half-circle"}
    assert me["symbol_worths"]["triangle"]["1+3+8"] == 32 and me["symbol_worths"]["half-circle"]["3+3"] == 6
    hand = dict(zip(state.hands[0], me["hand"], strict=True))
    for size in range(1, len(hand) + 1):
        for chosen in combinations(hand, size):
            assert as_the_page_reckons([hand[c] for c in chosen], me["symbol_worths"]) == worth(r, chosen)

    # Once a card is handed over, what is paid and what the rest would add both come from the view.
    one = hand_card(state, 0, "1t")
    state.apply(Pay(one), 0)
    view = state.view(0)
    me = view["players"][0]
    assert view["this_turn"]["paid_worth"] == 1 == state.view(None)["this_turn"]["paid_worth"]
    three = next(c for c in me["hand"] if c["value"] == 3 and c["symbol"] == "triangle")
    together = as_the_page_reckons([*view["this_turn"]["paid"], three], me["symbol_worths"])
    assert together == worth(r, [one, three["card"]]) == 16


def test_no_seat_is_told_what_another_seats_cards_are_worth() -> None:
    state = paying()
    spectator = state.view(None)
    other = state.view(1)
    assert all("hand_worth" not in p and "symbol_worths" not in p for p in spectator["players"])
    assert "hand_worth" not in other["players"][0] and "symbol_worths" not in other["players"][0]
    # Seat 1 sees its own hand's worth, but no table of choices: it is not paying.
    assert other["players"][1]["hand_worth"] == worth(state.rules, state.hands[1])
    assert "symbol_worths" not in other["players"][1]
    # The payer's table names values, never a card.
    assert all(set(k) <= set("0123456789+") for t in state.view(0)["players"][0]["symbol_worths"].values() for k in t)
