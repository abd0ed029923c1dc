"""The game's words as message parameters: amounts in złoty, the spaces of the track, the
professions, the offices, the card stacks and the cards, and what a payment is for.

The rules tell what happens in messages (``tycoon.core.messages``); the catalogues
(``server/client/messages/biznes_po_polsku/<lang>.json``, keys ``bp.…``) hold the words. A space
or a card of the shipped data is a catalogue word (``Term("bp.space.14")``); one of a board or a
stack of one's own (the options ``board``, ``los``, ``niespodzianka``) has no catalogue entry
and is named by the text of its data file, as it is.

What a payment is for travels with it through the agenda (``tasks.Pay``), the claims and the
money due as a short code (``"visit 14"``, ``"card los 0"``): a task's fields are plain values,
and the code is read back into a message (``why``) for the narration, the decision's text and
the view. Imports nothing of the game but its data.
"""

from __future__ import annotations

from tycoon.core.messages import Money, Param, Seat, Term, Text, msg
from tycoon.games.biznes_po_polsku.data import Card, Rules, rules

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


def card(card: Card, seat: int) -> Text:
    """What ``card`` says, told of ``seat``, the player who drew it; a card of a deck of one's own
    by its data file's words (``Card.told_for``)."""
    if _shipped_card(card):
        return msg(
            f"bp.card.{card.deck}.{card.number}", seat=Seat(seat), amount=zl(card.amount), pyramid=zl(card.pyramid)
        )
    return card.told_for(seat)


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


KINDS = frozenset(
    {
        *("start", "hospital", "taxes", "welfare", "party_support", "party_fee", "parliament", "car"),
        *("car_mortgage", "car_redeem", "car_buyback", "bank_claims", "rest", "exchange"),
        *("visit", "found", "mortgage", "redeem", "auction", "buyback", "sale"),
        *("invest", "sold", "salary", "services", "allowance", "donation", "campaign"),
    }
)
"""Every kind of reason code but ``card``."""
