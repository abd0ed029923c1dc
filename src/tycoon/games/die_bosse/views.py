"""What a seat may see of a game of Die Bosse, as JSON-ready data: its own hand, the others'
hand sizes, everything face up; never a stack's order or another player's cards."""

from __future__ import annotations

from typing import Any

from tycoon.core.game import SharedDict, SharedList
from tycoon.games.die_bosse.concerns import NEW, share
from tycoon.games.die_bosse.data import PROFIT, TRANSFER
from tycoon.games.die_bosse.decisions import phase_text
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
            "text": phase_text(st),
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
    own hand face up (``State.own_view``)."""
    if seat is None:
        return {}
    players = list(seen["players"])
    players[seat] = players[seat] | {"hand": [action_json(st, c) for c in st.hands[seat]]}
    return {"you": seat, "players": players}
