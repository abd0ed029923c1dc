"""What each seat sees: ``view(seat)``, a JSON-ready dict.

Everything in Biznes po polsku is public but the order of the card stacks (``words.py`` says
why), so every seat sees what a spectator sees, and the stacks only as counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.game import CHANCE
from tycoon.core.messages import msg, to_wire
from tycoon.games.biznes_po_polsku import firms, fortune, naming, trade
from tycoon.games.biznes_po_polsku.data import DECKS
from tycoon.games.biznes_po_polsku.decisions import phase_text
from tycoon.games.biznes_po_polsku.phases import BANK, OVER, RAISE
from tycoon.games.biznes_po_polsku.players import CAR_NAMES, OFFICE, Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.flow import BiznesPlay
    from tycoon.games.biznes_po_polsku.state import BiznesState


def view(st: BiznesPlay, seat: int | None, current: int) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees; ``current`` is the seat to move, ``CHANCE`` or
    ``TERMINAL``."""
    seen = common(st, current)
    return seen | own(st, seat, seen)


def own(st: BiznesPlay, seat: int | None, seen: dict[str, Any]) -> dict[str, Any]:
    """What ``seat`` sees besides ``seen``, the common part: only who it is
    (``State.own_view``)."""
    return {} if seat is None else {"you": seat}


def common(st: BiznesPlay, current: int) -> dict[str, Any]:
    """What every seat and a spectator see alike: the view of nobody's seat
    (``State.common_view``)."""
    r = st.rules
    firm_rows = [
        {
            "space": n,
            "owner": _seat(st.owner[n]),
            "level": st.level[n],
            "mortgaged": st.mortgaged[n],
            "fee": firms.fee(st, n) if st.owner[n] != BANK else 0,
        }
        for n in r.firms
    ]
    return {
        "game": "biznes_po_polsku",
        "round": st.rounds_done,
        "round_target": st.game.rounds or None,
        "forfeit_forgotten_salary": st.game.forfeit_forgotten_salary,
        "pending": {
            "seat": current if current >= 0 else None,
            "chance": current == CHANCE,
            "decision": str(st.phase),
            "text": to_wire(phase_text(st)),
        },
        "you": None,
        "start_seat": st.start_seat,
        "turn": st.turn_seat,
        "rolled": st.rolled,
        "board": [
            {"number": s.number, "kind": s.kind, "name": s.name, "group": s.group, "post": s.post} for s in r.board
        ],
        "firms": firm_rows,
        "professions": {str(n): _seat(st.job_holder[n]) for n in r.professions},
        "offices": {k: _seat(v) for k, v in st.office_holder.items()},
        "bank": {
            "bricks": st.bank_bricks,
            "pyramids": st.bank_pyramids,
            "cars": st.bank_cars,
            "welfare_cards": st.bank_welfare,
            "party_cards": st.bank_party,
        },
        "decks": {d: len(st.unseen[d]) + len(st.known[d]) for d in DECKS},
        "last_card": st.card,
        "last_card_text": _card_text(st),
        "last_card_seat": _seat(st.card_drawer) if st.card else None,
        "players": [_player(st, p) for p in st.players],
        "due": _due(st) if st.phase == RAISE else None,
        "offer": _offer(st),
        "answer": st.said.to_json() if st.said is not None else None,
        "offers_left": max(0, r.offers_per_turn - st.offers_made),
        "auction": st.auction.to_json() if st.auction else None,
        "over": st.phase == OVER,
    }


def _offer(st: BiznesState) -> dict[str, Any] | None:
    """The trade on the table: the offer waiting for its answer, or the counter-offer handed back
    to the proposer (``counter``), with its terms as a message (``text``: ``bp.terms.…``) and, for
    a counter-offer, the answer that made it (``said``: the reason's key, figures and message) and
    the offer it answers."""
    deal = st.counter if st.counter is not None else st.offer
    if deal is None:
        return None
    shown: dict[str, Any] = {
        "from": st.proposer,
        "to": trade.counterpart(st, deal),
        **deal.to_json(),
        "text": to_wire(trade.told_terms(st, deal)),
        "counter": st.counter is not None,
    }
    if st.counter is not None and st.offer is not None:
        shown["was"] = {**st.offer.to_json(), "text": to_wire(trade.told_terms(st, st.offer))}
        shown["said"] = st.said.to_json() if st.said is not None else None
    return shown


def _due(st: BiznesState) -> dict[str, Any]:
    """What the pending ``RAISE`` decision must pay, to whom, and what for (a message)."""
    return {"amount": st.due, "to": _seat(st.due_to), "for": to_wire(naming.why(st.rules, st.due_for))}


def _player(st: BiznesState, p: Player) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "cash": p.cash,
        "position": p.position,
        "in_employment_office": p.position == OFFICE,
        "profession": p.profession or None,
        "welfare": p.welfare,
        "party_member": p.member,
        "offices": [k for k, v in st.office_holder.items() if v == p.seat],
        "insurance": p.insurance is not None,
        "car": CAR_NAMES[p.car],
        "wait": p.wait,
        "claims": sum(a for a, _ in p.claims),
        "firms": st.firms_of(p.seat),
        "fortune": 0 if p.bankrupt else fortune.fortune(st, p),
        "bankrupt": p.bankrupt,
    }


def _seat(seat: int) -> int | None:
    return None if seat == BANK else seat


def _card_text(st: BiznesState) -> Any:
    """The last card drawn, told of the player who drew it, as a message on the wire (``LOS
    (chance): Speeding - the police fine seat 2 200 zł``), or ``None`` before the first draw."""
    if not st.card:
        return None
    deck, _, number = st.card.partition(":")
    told = naming.card(st.rules.deck(deck)[int(number)], st.card_drawer)
    return to_wire(msg("bp.view.card", deck=naming.deck(deck), card=told))
