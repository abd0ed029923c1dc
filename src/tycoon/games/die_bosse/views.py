"""What a seat may see of a game of Die Bosse, as JSON-ready data: its own hand, the others'
hand sizes, everything face up; never a stack's order or another player's cards. What capital
cards are worth, symbol sets counted, comes from the rules (``cards.worth``), never reckoned
by a page (decision 0040)."""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from tycoon.core.game import SharedDict, SharedList
from tycoon.core.messages import to_wire
from tycoon.games.die_bosse.cards import symbol_worth, worth
from tycoon.games.die_bosse.concerns import NEW, share
from tycoon.games.die_bosse.data import PROFIT, SYMBOL_VALUES, SYMBOLS, TRANSFER
from tycoon.games.die_bosse.decisions import phase_text
from tycoon.games.die_bosse.phases import ADVANCE, PAY
from tycoon.games.die_bosse.state import DieBosseData

CONCERNS_KEPT = 1 << 14
"""How many concerns' pictures ``Rules.concern_json`` keeps before it starts again."""


def company_json(st: DieBosseData, number: int) -> SharedDict:
    """A company card as views show it: the one picture of that card (``Rules.card_json``),
    shared by every view."""
    known = st.rules.card_json.get(number)
    if known is None:
        c = st.rules.companies[number]
        known = SharedDict(card=number, industry=c.industry, letters="".join(sorted(c.letters)), price=c.price)
        st.rules.card_json[number] = known
    return known


def action_json(st: DieBosseData, number: int) -> SharedDict:
    """An action card as views show it: the one picture of that card (``Rules.card_json``),
    shared by every view."""
    known = st.rules.card_json.get(number)
    if known is None:
        a = st.rules.action(number)
        fields: dict[str, Any] = {"card": number, "kind": a.kind}
        if a.kind == TRANSFER:
            fields["halves"] = a.halves
        elif a.kind != PROFIT:
            fields["value"] = a.value
            fields["symbol"] = a.symbol or None
        known = st.rules.card_json[number] = SharedDict(fields)
    return known


def concern_json(st: DieBosseData, column: list[int]) -> SharedDict:
    """A concern as views show it, its companies from the top and the share it earns: one
    picture per list of companies while it is kept (``Rules.concern_json``), shared by every
    view, so that a concern nobody touched is the same object from one view to the next."""
    key = tuple(column)
    kept = st.rules.concern_json
    known = kept.get(key)
    if known is None:
        if len(kept) >= CONCERNS_KEPT:
            kept.clear()
        companies = SharedList([company_json(st, c) for c in key])
        known = kept[key] = SharedDict(companies=companies, share=share(st.rules, key))
    return known


def profit_json(st: DieBosseData) -> SharedDict:
    """The profit table as views show it (shares by concern size, the sizes as strings)."""
    known = st.rules.card_json.get(PROFIT_TABLE)
    if known is None:
        table = {str(k): v for k, v in sorted(st.rules.profit_table.items())}
        known = st.rules.card_json[PROFIT_TABLE] = SharedDict(table)
    return known


PROFIT_TABLE = -1
"""Where ``Rules.card_json`` keeps the profit table's picture (no card has this number)."""


def view(st: DieBosseData, seat: int | None, current: int) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may see; ``current`` is the player to decide."""
    seen = common(st, current)
    return seen | own(st, seat, seen)


def common(st: DieBosseData, current: int) -> dict[str, Any]:
    """What every seat and a spectator see alike: the view of nobody's seat, every hand face
    down (``State.common_view``)."""
    players = []
    for s in range(st.game.num_seats):
        players.append(
            {
                "seat": s,
                "hand": None,
                "hand_size": len(st.hands[s]),
                "concerns": [concern_json(st, col) for col in st.columns[s]],
                "sheet": st.sheets[s].copy(),
                "profit": st.score(s),
            }
        )
    return {
        "game": "die_bosse",
        "you": None,
        "pending": {
            "seat": current if current >= 0 else None,
            "decision": str(st.phase),
            "text": to_wire(phase_text(st)),
        },
        "turn": st.turn_seat,
        "round": st.turns // st.game.num_seats,
        "row": [company_json(st, c) for c in st.row],
        "industry_stack": len(st.industry_stack),
        "removed": len(st.removed),
        "action_stack": len(st.action_stack),
        "discard_pile": len(st.discard),
        "players": players,
        "this_turn": {
            "bill": st.bill,
            "played": [action_json(st, c) for c in st.played],
            "paid": [action_json(st, c) for c in st.paying],
            "paid_worth": worth(st.rules, st.paying),
            "prepaid": st.prepaid,
            "moving": [{"company": company_json(st, c), "concern": None if t == NEW else t} for c, t in st.moving],
            "advance_due": st.advance_due(),
            "moved": [company_json(st, c) for c in st.moved],
            "placing": company_json(st, st.placing) if st.placing >= 0 else None,
            "last_turn": st.ending,
        },
        "distributions": st.distributions,
        "profit_table": profit_json(st),
    }


def own(st: DieBosseData, seat: int | None, seen: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` sees besides ``seen``, the common part, which it leaves as it is: its
    own hand face up and what its capital cards are worth; while it pays, what each of its
    symbols' cards are worth in any choice of them (``symbol_worths``)."""
    if seat is None:
        return {}
    players = list(seen["players"])
    hand = st.hands[seat]
    mine = {"hand": [action_json(st, c) for c in hand], "hand_worth": worth(st.rules, hand)}
    if st.phase in (PAY, ADVANCE) and seen["pending"]["seat"] == seat:
        mine["symbol_worths"] = symbol_worths(st, [*st.paying, *hand])
    players[seat] = players[seat] | mine
    return {"you": seat, "players": players}


def symbol_worths(st: DieBosseData, cards: list[int]) -> dict[str, SharedDict]:
    """For each symbol among ``cards``' capital cards, what every choice of its cards pays
    together, by their values in order joined by ``+`` (``{"triangle": {"1": 1, "1+3": 16, …}}``).
    A page that lets a player choose cards to pay with adds the plain cards' values and looks
    each symbol's up here: rulebook "kapitaalkaarten", a set of different values with one symbol
    counts 16, 32 or 64 million (``cards.symbol_worth``)."""
    r = st.rules
    # Counted by slot as ``cards.worth`` counts: 4 × symbol + the value's index.
    counts = [0] * (len(SYMBOLS) * len(SYMBOL_VALUES))
    for number in cards:
        slot = r.capital_slots[number - r.first_action][1]
        if slot >= 0:
            counts[slot] += 1
    worths: dict[str, SharedDict] = {}
    for i, symbol in enumerate(SYMBOLS):
        held = tuple(counts[i * len(SYMBOL_VALUES) : (i + 1) * len(SYMBOL_VALUES)])
        if any(held):
            worths[symbol] = _choices(held, r.symbol_sets)
    return worths


@cache
def _choices(held: tuple[int, ...], sets: tuple[tuple[int, int], ...]) -> SharedDict:
    """What every choice of one symbol's cards pays, ``held[i]`` cards of value
    ``SYMBOL_VALUES[i]`` held: one picture per holding, shared by every view (a hand holds a
    few of the deck's symbol cards, so the holdings are few)."""
    table: dict[str, int] = {}
    for chosen in product(*(range(n + 1) for n in held)):
        if any(chosen):
            key = "+".join(str(v) for v, n in zip(SYMBOL_VALUES, chosen, strict=True) for _ in range(n))
            table[key] = symbol_worth(chosen, sets)
    return SharedDict(table)
