"""Playboss's words as message parameters: amounts in Marks, goods counted, the fields of the
board, the risk cards, and what a payment is for.

The rules tell what happens in messages (``tycoon.core.messages``); the catalogues
(``server/client/messages/playboss/<lang>.json``, keys ``pb.…``) hold the words, in German the
edition's own (Mark, WEB-Chips, Risikokarten; ``docs/glossary.md``). A risk card of the shipped
deck is a catalogue word (``Term("pb.term.risk.4")``); one of a deck of one's own (the option
``risk_cards``) has no catalogue entry and is named by the title in its data file, as it is.

What a payment is for travels with it through the agenda (``tasks.Charge``) and the money due
as a short code (``"interest 12000"``, ``"rent 2 1"``): a task's fields are plain values, and
the code is read back into a message only when somebody listens (``why``), and into English for
the pending decision's text, which is English still (``why_english``). Imports nothing of the
game but its data.
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

WHYS: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "credit": ((), "bank credit"),
    "credit_computer": ((), "bank credit on the computer"),
    "credit_machine": ((), "bank credit on the new machine"),
    "repay": ((), "repaying bank credit"),
    "computer": ((), "a computer"),
    "machine": ((), "a new machine (it produces from the turn after next)"),
    "machine_red": ((), "a new machine (it produces from its next red field)"),
    "web": ((), "a WEB chip"),
    "raw": ((("goods", GOODS),), "{goods}"),
    "sold_back": ((("goods", GOODS),), "{goods} sold back to the bank"),
    "secured": ((), "the bank debt that equipment secured"),
    "auction": ((("goods", GOODS),), "{goods} at the bankruptcy auction"),
    "bank_takes": ((("goods", GOODS),), "{goods} taken by the bank at the repurchase value"),
    "claims": ((), "the bank's claims in bankruptcy"),
    "bought": ((("goods", GOODS),), "{goods} bought privately"),
    "produce": ((("goods", GOODS),), "producing {goods}"),
    "sell": ((("goods", GOODS),), "selling {goods}"),
    "sell_advertising": ((("goods", GOODS),), "selling {goods} with an advertising campaign"),
    "sell_half": ((("goods", GOODS),), "selling {goods} at half the market price"),
    "sell_market": ((("goods", GOODS),), "selling {goods} at the market price"),
    "sell_each": ((("goods", GOODS), ("each", COUNT)), "selling {goods} at {each} each"),
    "produce_all": ((("goods", GOODS),), "producing {goods} on every machine at the cost field"),
    "produce_cost": ((("goods", GOODS),), "producing {goods} at the cost field"),
    "idle": ((("goods", GOODS),), "idling costs of {goods}"),
    "salaries_cost": ((), "the salaries at the cost field"),
    "salaries_cost_bank": ((), "the salaries at the cost field (to the bank: the representative is bankrupt)"),
    "capital": ((), "the second half of the starting capital"),
    "interest": ((("debt", MONEY),), "interest and fees on {debt} of bank debt"),
    "strike_idle": ((("goods", GOODS),), "idle fees of {goods} during the strike"),
    "lockout_idle": ((("goods", GOODS),), "idle costs of {goods} during the lockout"),
    "salaries": ((("goods", GOODS), ("wage", COUNT)), "the salaries of {goods} at {wage}"),
    "salaries_bank": (
        (("goods", GOODS), ("wage", COUNT)),
        "the salaries of {goods} at {wage} (to the bank: the representative is bankrupt)",
    ),
    "strike_wages": (
        (("goods", GOODS), ("seat", SEAT), ("rate", COUNT)),
        "strike wages for {goods} of {seat} at {rate}",
    ),
    "unemployment": ((("goods", GOODS), ("rate", COUNT)), "unemployment support for {goods} at {rate}"),
    "rent": ((("goods", GOODS), ("lessor", SEAT)), "the rent of {goods} leased from {lessor}"),
    "private_loan": ((), "a private loan"),
    "repay_private": ((), "repaying a private loan"),
    "private_due": ((("lender", SEAT),), "interest, fees and loans due to {lender}"),
    "taken_over": ((("borrower", SEAT),), "{borrower}'s private loan, taken over by the bank"),
    "claim": ((), "its claim in bankruptcy"),
    "marketing_found": ((("trough", COUNT),), "founding a marketing organisation (trough {trough})"),
    "marketing_sale": ((), "a finished product sold through the marketing organisation"),
    "marketing_year": ((("trough", COUNT),), "a year of marketing organisation {trough}"),
    "purchase_auction": ((("goods", GOODS), ("each", COUNT)), "{goods} at the purchase auction, {each} each"),
    "risk": ((("card", CARD),), "the risk card “{card}”"),
    "business": ((("seller", SEAT),), "{seller}'s business"),
    "tax": ((("profit", MONEY),), "income tax on {profit} of profit"),
}
"""Each kind of reason code: its parameters in the order the code gives them, with their kinds,
and its words in English for the texts still written in English (the pending decision's); the
narration's words are the catalogue's ``pb.say.why.<kind>``."""

GOODS_ENGLISH = {
    "raw": ("raw product", "raw products"),
    "finished": ("finished product", "finished products"),
    "products": ("product", "products"),
    "machine": ("a machine", "machines"),
    "machines": ("machine", "machines"),
    "double-machine": ("a double machine", "double machines"),
    "computer": ("a computer", "computers"),
    "web": ("WEB chip", "WEB chips"),
    "workers": ("worker", "workers"),
    "striking": ("striking worker", "striking workers"),
    "locked-out": ("locked-out worker", "locked-out workers"),
    "units": ("unit", "units"),
}
"""Goods counted in English words (``why_english``); an article stands for one where the
catalogue writes one too."""


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
    if found is None or len(found[0]) != len(given):
        return reason
    params: dict[str, Param] = {}
    for (name, of), value in zip(found[0], given, strict=True):
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


def why_english(r: Rules, reason: str) -> str:
    """The payment's reason code in English words, for the texts not written as messages yet."""
    kind, *given = reason.split(" ")
    found = WHYS.get(kind)
    if found is None or len(found[0]) != len(given):
        return reason
    words: dict[str, str] = {}
    for (name, of), value in zip(found[0], given, strict=True):
        if of == GOODS:
            what, n = value.split(":")
            one, many = GOODS_ENGLISH.get(what, (what, what))
            count = int(n)
            words[name] = (one if one.startswith("a ") else f"1 {one}") if count == 1 else f"{count:,} {many}"
        elif of == SEAT:
            words[name] = f"seat {value}"
        elif of == MONEY:
            words[name] = f"{int(value):,} Mark" + ("" if int(value) == 1 else "s")
        elif of == CARD:
            words[name] = r.risk_cards[int(value)].title
        else:
            words[name] = f"{int(value):,}"
    return found[1].format(**words)
