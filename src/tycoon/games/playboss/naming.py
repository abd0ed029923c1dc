"""Playboss's words as message parameters: amounts in Marks, goods counted, the fields of the
board, the risk cards, and what a payment is for.

The rules tell what happens in messages (``tycoon.core.messages``); the catalogues
(``server/client/messages/playboss/<lang>.json``, keys ``pb.…``) hold the words, in German the
edition's own (Mark, WEB-Chips, Risikokarten; ``docs/glossary.md``). A risk card of the shipped
deck is a catalogue word (``Term("pb.term.risk.4")``); one of a deck of one's own (the option
``risk_cards``) has no catalogue entry and is named by the title in its data file, as it is.

What a payment is for travels with it through the agenda (``tasks.Charge``) and the money due
as a short code (``"interest 12000"``, ``"rent 2 1"``): a task's fields are plain values, and
the code is read back into a message only when somebody listens (``why``): the narration and
the pending decision's text. Imports nothing of the game but its data.
"""

from __future__ import annotations

from tycoon.core.messages import Message, Money, Param, Seat, Term, Text, msg
from tycoon.games.playboss.data import RiskCard, Rules, rules

MARK = "pb.unit.mark"
"""The catalogue key that writes an amount of Marks (``12,500 Marks``, ``12.500 Mark``)."""


def money(amount: int) -> Money:
    """An amount of Marks, as the catalogue writes it."""
    return Money(amount, MARK)


def goods(kind: str, n: int) -> Message:
    """``n`` of a kind of goods counted with its plural (``3 raw products``, ``a machine``):
    ``raw``, ``finished``, ``machine``, ``double-machine``, ``computer``, ``web``, or the
    ``products``, ``machines``, ``workers`` (``striking``, ``locked-out``) and ``units`` a rule
    counts."""
    return msg(f"pb.term.goods.{kind}", n=n)


def field(kind: str) -> Term:
    """A kind of field of the board (``red``: ``red decision field``)."""
    return Term(f"pb.field.{kind}")


def risk_card(r: Rules, number: int) -> Param:
    """Risk card ``number`` of the deck in play by its title in the reader's language, or by
    the title of a deck of one's own as it is."""
    card = r.risk_cards[number]
    return Term(f"pb.term.risk.{number}") if _shipped(card) else card.title


def _shipped(card: RiskCard) -> bool:
    deck = rules().risk_cards
    return card.number < len(deck) and deck[card.number] == card


# --- what a payment is for -----------------------------------------------------------------

COUNT, SEAT, MONEY, GOODS, CARD = "count", "seat", "money", "goods", "card"
"""The kinds of a reason's parameters: a number, a seat, an amount of Marks, goods counted
(``raw:3``, written as ``goods``), a risk card by its number."""

WHYS: dict[str, tuple[tuple[str, str], ...]] = {
    "credit": (),
    "credit_computer": (),
    "credit_machine": (),
    "repay": (),
    "computer": (),
    "machine": (),
    "machine_red": (),
    "web": (),
    "raw": (("goods", GOODS),),
    "sold_back": (("goods", GOODS),),
    "secured": (),
    "auction": (("goods", GOODS),),
    "bank_takes": (("goods", GOODS),),
    "claims": (),
    "bought": (("goods", GOODS),),
    "produce": (("goods", GOODS),),
    "sell": (("goods", GOODS),),
    "sell_advertising": (("goods", GOODS),),
    "sell_half": (("goods", GOODS),),
    "sell_market": (("goods", GOODS),),
    "sell_each": (("goods", GOODS), ("each", COUNT)),
    "produce_all": (("goods", GOODS),),
    "produce_cost": (("goods", GOODS),),
    "idle": (("goods", GOODS),),
    "salaries_cost": (),
    "salaries_cost_bank": (),
    "capital": (),
    "interest": (("debt", MONEY),),
    "strike_idle": (("goods", GOODS),),
    "lockout_idle": (("goods", GOODS),),
    "salaries": (("goods", GOODS), ("wage", COUNT)),
    "salaries_bank": (("goods", GOODS), ("wage", COUNT)),
    "strike_wages": (("goods", GOODS), ("seat", SEAT), ("rate", COUNT)),
    "unemployment": (("goods", GOODS), ("rate", COUNT)),
    "rent": (("goods", GOODS), ("lessor", SEAT)),
    "private_loan": (),
    "repay_private": (),
    "private_due": (("lender", SEAT),),
    "taken_over": (("borrower", SEAT),),
    "claim": (),
    "marketing_found": (("trough", COUNT),),
    "marketing_sale": (),
    "marketing_year": (("trough", COUNT),),
    "purchase_auction": (("goods", GOODS), ("each", COUNT)),
    "risk": (("card", CARD),),
    "business": (("seller", SEAT),),
    "tax": (("profit", MONEY),),
}
"""Each kind of reason code: its parameters in the order the code gives them, with their kinds;
its words are the catalogue's ``pb.say.why.<kind>``."""


def code(kind: str, *params: int | str) -> str:
    """A reason code: ``code("rent", goods_code("machines", 2), 1)`` is ``"rent machines:2 1"``."""
    return " ".join((kind, *(str(p) for p in params)))


def goods_code(kind: str, n: int) -> str:
    """Goods counted, as a reason code's parameter (``raw:3``)."""
    return f"{kind}:{n}"


def why(r: Rules, reason: str) -> Text:
    """The payment's reason code as a message (``"interest 12000"``: ``interest and fees on
    12,000 Marks of bank debt``); words that are no code are given as they are."""
    kind, *given = reason.split(" ")
    found = WHYS.get(kind)
    if found is None or len(found) != len(given):
        return reason
    params: dict[str, Param] = {}
    for (name, of), value in zip(found, given, strict=True):
        if of == GOODS:
            what, n = value.split(":")
            params[name] = goods(what, int(n))
        elif of == SEAT:
            params[name] = Seat(int(value))
        elif of == MONEY:
            params[name] = money(int(value))
        elif of == CARD:
            params[name] = risk_card(r, int(value))
        else:
            params[name] = int(value)
    return Message(f"pb.say.why.{kind}", params)
