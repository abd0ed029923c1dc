"""Paying the bank: the turn's bill at the end of the turn, and rationalising in advance.

Rulebook "kapitaalkaarten": the printed price must be paid; whoever pays more gets nothing
back; the bank gives no change and no credit. Rulebook "Spelverloop": the payment for the turn
is made at the end of the turn. Rulebook "Rationaliseren": each company moved costs 1 million,
"Dit moet je vooraf betalen" (paid in advance).

Purchases and transfers add their cost to the bill, which the player pays at the end by
handing over capital cards one at a time until they cover it. So that the bill can always be
paid, a purchase or transfer is allowed only while the hand's capital cards are worth at least
the bill with its cost added. A rationalising move is paid before it is made, with a capital
card the bill can spare (``docs/die-bosse.md``).
"""

from __future__ import annotations

from tycoon.core.decisions import ALLOWED, Refusal
from tycoon.core.messages import Message, Seat, msg
from tycoon.games.die_bosse import words
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.data import CAPITAL
from tycoon.games.die_bosse.phases import RULE_CAPITAL, RULE_RATIONALISE
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.words import cards, millions

OK = ALLOWED
"""A ``Refusal`` (``tycoon.core.decisions``) that refuses nothing."""


def budget(st: DieBosseData, seat: int) -> int:
    """How much more the turn may cost: the hand's capital worth less the bill so far."""
    return worth(st.rules, st.hands[seat]) - st.bill


def spare(st: DieBosseData, seat: int, first: bool = False) -> list[int]:
    """The capital cards (one of each kind) that can pay in advance for rationalising: those
    whose loss leaves the rest of the hand worth at least the turn's bill. With ``first``,
    only the first one found (enough to know whether a move can be paid)."""
    r = st.rules
    hand = st.hands[seat]  # sorted: identical cards lie together
    slots, same, start = r.capital_slots, r.first_same, r.first_action
    out = []
    kind = -1
    for i, c in enumerate(hand):
        if same[c] == kind or slots[c - start][1] == -2:
            continue  # one of each kind (the lowest-numbered), capital cards only
        kind = same[c]
        if st.bill and worth(r, hand[:i] + hand[i + 1 :]) < st.bill:
            continue
        out.append(c)
        if first:
            break
    return out


def can_rationalise(st: DieBosseData, seat: int) -> bool:
    """Whether a move can be paid for: already paid in advance, or a card to spare."""
    if st.prepaid >= st.rules.rationalise:
        return True
    if not st.bill:
        # Nothing to keep for the bill: any capital card pays.
        slots, first = st.rules.capital_slots, st.rules.first_action
        for c in st.hands[seat]:  # noqa: SIM110 (a loop: any() of a generator costs twice as much, at every turn of the bot)
            if slots[c - first][1] != -2:
                return True
        return False
    return bool(spare(st, seat, first=True))


def short(cost: int, left: int, what: str) -> Message:
    """Why something costing ``cost`` cannot be afforded with ``left`` to spend; ``what`` is
    ``"buy"`` or ``"take"`` (a company bought, or taken by a transfer)."""
    return msg("db.no.short", cost=millions(cost), left=millions(left), what=what)


def no_advance(st: DieBosseData, seat: int) -> Message:
    """Why no move can be paid for in advance now."""
    cost = millions(st.rules.rationalise)
    if not any(st.rules.action(c).kind == CAPITAL for c in st.hands[seat]):
        return msg("db.no.advance_no_capital", cost=cost)
    return msg("db.no.advance_bill", cost=cost, bill=millions(st.bill))


def check_bill(st: DieBosseData, seat: int, card: int) -> Refusal:
    """Why ``card`` may not be handed over towards the bill."""
    r = st.rules
    hand = st.hands[seat]
    if card not in hand or r.action(card).kind != CAPITAL:
        return msg("db.no.not_capital", card=card), RULE_CAPITAL
    if not lowest_of_its_kind(st, hand, card):
        return msg("db.no.lowest_identical", card=card), RULE_CAPITAL
    return OK


def lowest_of_its_kind(st: DieBosseData, hand: list[int], card: int) -> bool:
    """Whether ``card`` (in ``hand``) is the lowest-numbered of the identical cards there: the
    one a player names (identical cards have consecutive numbers)."""
    lowest = st.rules.first_same[card]
    for c in hand:  # noqa: SIM110 (a loop: any() of a generator costs twice as much, at every payment)
        if lowest <= c < card:
            return False
    return True


def check_advance(st: DieBosseData, seat: int, card: int) -> Refusal:
    """Why ``card`` may not pay in advance for the moves waiting."""
    r = st.rules
    hand = st.hands[seat]
    if card not in hand or r.action(card).kind != CAPITAL:
        return msg("db.no.not_capital", card=card), RULE_RATIONALISE
    if not lowest_of_its_kind(st, hand, card):
        return msg("db.no.lowest_identical", card=card), RULE_CAPITAL
    if card not in spare(st, seat):
        return msg("db.no.keep_for_bill", bill=millions(st.bill), card=words.card(r, card)), RULE_CAPITAL
    return OK


def pay_bill(st: DieBosseData, seat: int, card: int) -> bool:
    """Hand ``card`` over towards the bill; whether the bill is paid now."""
    r = st.rules
    st.hands[seat].remove(card)
    st.paying.append(card)
    paid = worth(r, st.paying)
    if paid < st.bill:
        return False
    if st.log is not None:  # narration only when somebody listens
        st.say(
            msg(
                "db.say.pays_bill",
                seat=Seat(seat),
                paid=millions(paid),
                cards=cards(r, st.paying),
                bill=millions(st.bill),
            )
        )
    st.played += st.paying
    st.paying = []
    st.bill = 0
    return True


def pay_advance(st: DieBosseData, seat: int, card: int) -> bool:
    """Hand ``card`` over in advance for the moves waiting; whether they are paid for now."""
    r = st.rules
    st.hands[seat].remove(card)
    st.paying.append(card)
    if st.advance_due():
        return False
    paid = worth(r, st.paying)
    if st.log is not None:  # narration only when somebody listens
        st.say(msg("db.say.pays_advance", seat=Seat(seat), paid=millions(paid), cards=cards(r, st.paying)))
    st.prepaid += paid
    st.played += st.paying
    st.paying = []
    return True
