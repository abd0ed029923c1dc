"""The game's words as message parameters: amounts in złoty, the spaces of the track, the
professions, the offices, the card stacks and the cards, and what a payment is for.

The rules tell what happens in messages (``tycoon.core.messages``); the catalogues
(``server/client/messages/biznes_po_polsku/<lang>.json``, keys ``bp.…``) hold the words. A space
or a card of the shipped data is a catalogue word (``Term("bp.space.14")``); one of a board or a
stack of one's own (the options ``board``, ``los``, ``niespodzianka``) has no catalogue entry
and is named by the text of its data file, as it is.

What a payment is for travels with it through the agenda (``tasks.Pay``), the claims and the
money due as a short code (``"visit 14"``, ``"card los 0"``): a task's fields are plain values,
and the code is read back into a message for the narration (``why``) and into English for the
decision's text and the view, which are English still (``why_english``). Imports nothing of the
game but its data.
"""

from __future__ import annotations

from tycoon.core.messages import Money, Param, Term, Text, msg
from tycoon.games.biznes_po_polsku.data import Card, Rules, rules
from tycoon.games.biznes_po_polsku.text import a

ZL = "bp.unit.zl"
"""The catalogue key that writes an amount of złoty (``1,600 zł``)."""

CARD_WHYS = ("receive", "pay", "repairs", "collect", "pay_each")
"""The card effects that move money, and so say what a payment is for."""


def zl(amount: int) -> Money:
    """An amount of złoty, as the catalogue writes it."""
    return Money(amount, ZL)


def _shipped(r: Rules, n: int) -> bool:
    """Whether space ``n`` is the one the shipped board prints (and so has catalogue words)."""
    return 1 <= n <= len(r.board) and r.space(n) == rules().space(n)


def space(r: Rules, n: int) -> Param:
    """Space ``n`` by its printed name (``Zakład fryzjerski``; in English with its meaning)."""
    if _shipped(r, n):
        return Term(f"bp.space.{n}")
    if 1 <= n <= len(r.board):
        return r.space(n).name
    return msg("bp.space_n", n=n)


def job(r: Rules, n: int) -> Param:
    """The profession of space ``n`` as one becomes it (``a teacher``; Polish: ``nauczycielem``)."""
    return Term(f"bp.job.{n}") if _shipped(r, n) else r.space(n).english


def job_of(r: Rules, n: int) -> Param:
    """The profession of space ``n`` as the one whose salary or services are paid (``a
    teacher``; Polish: ``nauczyciela``)."""
    return Term(f"bp.job.{n}.of") if _shipped(r, n) else r.space(n).english


def deck(name: str) -> Term:
    """A card stack: ``LOS (chance)``, ``NIESPODZIANKA (surprise)``."""
    return Term(f"bp.deck.{name}")


def group(name: str) -> Term:
    """A colour group by its name in the data (``violet``)."""
    return Term(f"bp.group.{name}")


def _shipped_card(card: Card) -> bool:
    shipped = rules().deck(card.deck)
    return card.number < len(shipped) and shipped[card.number] == card


def card(card: Card, seat: Param) -> Text:
    """What ``card`` says, told of ``seat``, the player who drew it."""
    if _shipped_card(card):
        return msg(f"bp.card.{card.deck}.{card.number}", seat=seat, amount=zl(card.amount), pyramid=zl(card.pyramid))
    return card.told.replace("{seat}", f"seat {seat}") if card.told else f"“{card.title}”"


# --- what a payment is for -----------------------------------------------------------------


def why(r: Rules, code: str) -> Text:
    """The payment's reason ``code`` as a message (``"visit 14"``: ``a visit to Zakład
    fryzjerski``)."""
    kind, *rest = code.split(" ")
    if kind == "card":
        found = r.deck(rest[0])[int(rest[1])]
        if _shipped_card(found):
            return msg(f"bp.why.{found.deck}.{found.number}")
        return found.why
    if kind not in KINDS:
        return code  # no code: words given as they are
    n = [int(x) for x in rest]
    if kind in ("visit", "found", "mortgage", "redeem", "auction", "buyback", "sale"):
        return msg(f"bp.why.{kind}", firm=space(r, n[0]))
    if kind == "invest":
        return msg("bp.why.invest", firm=space(r, n[0]), level=n[1])
    if kind == "sold":
        return msg("bp.why.sold", firm=space(r, n[0]), n=n[1])
    if kind in ("salary", "services"):
        return msg(f"bp.why.{kind}", job=job_of(r, n[0]))
    if kind in ("allowance", "donation", "campaign"):
        return msg(f"bp.why.{kind}", post=r.space(n[0]).post)
    return msg(f"bp.why.{kind}")


WHY_ENGLISH = {
    "start": "stopping on START",
    "hospital": "the hospital",
    "taxes": "unpaid taxes",
    "welfare": "the welfare benefit, passing START",
    "party_support": "supporting the party",
    "party_fee": "the party's entry fee",
    "parliament": "the repair of the parliament building",
    "car": "a car",
    "car_mortgage": "the mortgage on the car",
    "car_redeem": "redeeming the car",
    "car_buyback": "the bank buys back the bankrupt player's car",
    "bank_claims": "the bank's claims in bankruptcy",
    "rest": "everything left in bankruptcy",
    "exchange": "the exchange",
    "visit": "a visit to {0}",
    "found": "founding {0}",
    "mortgage": "the mortgage on {0}",
    "redeem": "redeeming {0}",
    "auction": "{0} at the bankruptcy auction",
    "buyback": "the bank buys back the investments in {0}",
    "sale": "{0}",
}
"""What a payment is for, in English, for the texts still written in English (the pending
decision's, the view's money due): the catalogue's ``bp.why.…`` words."""


KINDS = frozenset({*WHY_ENGLISH, "invest", "sold", "salary", "services", "allowance", "donation", "campaign"})
"""Every kind of reason code but ``card``."""


def why_english(r: Rules, code: str) -> str:
    """The payment's reason ``code`` in English words, for the texts not written as messages yet."""
    kind, *rest = code.split(" ")
    if kind == "card":
        return r.deck(rest[0])[int(rest[1])].why
    if kind not in KINDS:
        return code
    n = [int(x) for x in rest]
    if kind == "invest":
        return f"investment level {n[1]} in {r.space(n[0]).name}"
    if kind == "sold":
        what = "an investment level" if n[1] == 1 else f"{n[1]} investment levels"
        return f"{what} of {r.space(n[0]).name} sold back"
    if kind == "salary":
        return f"the salary of {a(r.space(n[0]).english)}"
    if kind == "services":
        return f"the {r.space(n[0]).english}'s services"
    if kind == "allowance":
        return f"the allowance of {a(r.space(n[0]).english)}"
    if kind == "donation":
        return f"a donation to the {r.space(n[0]).english}"
    if kind == "campaign":
        return f"the campaign for {r.space(n[0]).english}"
    return WHY_ENGLISH[kind].format(*(r.space(m).name for m in n))
