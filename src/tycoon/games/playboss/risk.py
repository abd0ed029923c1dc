"""The blue risk field: draw the top risk card, follow it, put it back at the bottom.

Playboss I, "The Blue Risk Field". The stack is shuffled face down at the start, so the first
pass through it is chance (each card not yet seen is equally likely to be next); after the
last card the stack comes round again in the same order, and drawing is no longer chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.games.playboss import leases
from tycoon.games.playboss.business import NO_COMPUTER, Business
from tycoon.games.playboss.phases import LOSE, RISK

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData


def draw(st: PlaybossData, b: Business) -> None:

    deck = st.rules.risk_cards
    if len(st.risk_order) < len(deck):
        st.decide(RISK, b.seat)
        return
    card = st.risk_order[st.risk_draws % len(deck)]
    resolve(st, b, card)


def resolve(st: PlaybossData, b: Business, number: int) -> None:
    """Carry out risk card ``number`` for ``b``."""

    r = st.rules
    card = r.risk_cards[number]
    st.risk_draws += 1
    st.card = number
    st.say(f"Seat {b.seat} draws a risk card: {card.title}.")
    lacking = _lacking(st, b, card.needs)
    if lacking:
        st.say(f"Seat {b.seat} {lacking}: the card does not concern it.")
        return
    if card.insurable and b.insured(r):
        st.say(f"Seat {b.seat} is insured (it holds {r.insurance_webs} WEBs): no damage.")
        return
    if card.computer_protects and b.computer != NO_COMPUTER:
        st.say(f"Seat {b.seat}'s computer prevents it: no damage.")
        return
    effect, amount = card.effect, card.amount
    if effect == "pay":
        st.charge(b, amount, card.title.lower())
    elif effect == "pay_per_machine":
        if b.machines:
            st.charge(b, amount * len(b.machines), card.title.lower())
    elif effect == "receive":
        st.receive(b, amount, card.title.lower())
    elif effect == "lose_raw":
        n = min(amount, b.raw)
        b.raw -= n
        st.return_products(n)
        st.say(
            f"Seat {b.seat} loses {n} raw product(s); they go back to the market."
            if n
            else f"Seat {b.seat} has no raw product to lose."
        )
    elif effect == "lose_finished":
        n = min(amount, b.finished)
        b.finished -= n
        st.return_products(n)
        st.say(
            f"Seat {b.seat} loses {n} finished product(s); they go back to the market."
            if n
            else f"Seat {b.seat} has no finished product to lose."
        )
    elif effect == "lose_machine":
        choices = b.loss_choices()
        if len(choices) > 1:
            st.decide(LOSE, b.seat)
        elif choices:
            lose_machine(st, b, choices[0])
        else:
            st.say(f"Seat {b.seat} has no machine to lose.")
    elif effect == "downgrade":
        # Decision 0007: an own double machine first; a leased one falls back for its lessor.
        doubles = b.loss_choices(doubles=True)
        if doubles:
            b.machines[doubles[0]] = b.machines[doubles[0]]._replace(double=False)
            st.say(f"Seat {b.seat}'s double machine falls back to single capacity.")
        else:
            st.say(f"Seat {b.seat} has no double machine: no damage.")


def concerns(st: PlaybossData, b: Business, needs: str) -> bool:
    """Whether a card needing ``needs`` (``data.RISK_NEEDS``) concerns ``b``."""
    return not _lacking(st, b, needs)


def _lacking(st: PlaybossData, b: Business, needs: str) -> str:
    """What ``b`` lacks that a card needing ``needs`` speaks of, as the narration says it, or
    "" when the card concerns it. Decided here: what each card's text presupposes
    (``risk_cards.toml``, docs/playboss.md "Risk cards")."""
    if needs == "raw" and not b.raw:
        return "holds no raw products"
    if needs == "finished" and not b.finished:
        return "holds no finished products"
    if needs == "machine" and not b.machines:
        return "has no machine"
    if needs == "double" and not any(m.double for m in b.machines):
        return "has no double machine"
    if needs == "insured" and not b.insured(st.rules):
        return f"is not insured (it holds fewer than {st.rules.insurance_webs} WEBs)"
    if needs == "sales" and not b.sales:
        return "has sold nothing to the market: it has no customers"
    if needs == "workforce":
        lab = st.expansion.labour
        if lab is not None and not lab.workers[b.seat]:
            return "employs no workers"
        if lab is None and not b.machines:
            return "runs no machine: nobody works in its factory"
    return ""


def lose_machine(st: PlaybossData, b: Business, index: int) -> None:
    st.say(f"Seat {b.seat} loses a machine; it goes back to the bank.")
    # A leased machine is its lessor's loss, and its lease ends (decision 0007).
    leases.give_up(st, b, index)
