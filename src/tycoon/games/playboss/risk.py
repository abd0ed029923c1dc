"""The blue risk field: draw the top risk card, follow it, put it back at the bottom.

Playboss I, "The Blue Risk Field". The stack is shuffled face down at the start, so the first
pass through it is chance (each card not yet seen is equally likely to be next); after the
last card the stack comes round again in the same order, and drawing is no longer chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.messages import Seat, msg
from tycoon.games.playboss import leases, naming
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
    seat = Seat(b.seat)
    if st.log is not None:
        st.say(msg("pb.say.draws_risk", seat=seat, card=naming.risk_card(r, number)))
    lacking = _lacking(st, b, card.needs)
    if lacking:
        st.say(msg(f"pb.say.unconcerned.{lacking}", seat=seat, webs=r.insurance_webs))
        return
    if card.insurable and b.insured(r):
        st.say(msg("pb.say.insured", seat=seat, webs=r.insurance_webs))
        return
    if card.computer_protects and b.computer != NO_COMPUTER:
        st.say(msg("pb.say.computer_prevents", seat=seat))
        return
    effect, amount = card.effect, card.amount
    why = f"risk {number}"
    if effect == "pay":
        st.charge(b, amount, why)
    elif effect == "pay_per_machine":
        if b.machines:
            st.charge(b, amount * len(b.machines), why)
    elif effect == "receive":
        st.receive(b, amount, why)
    elif effect == "lose_raw":
        n = min(amount, b.raw)
        b.raw -= n
        st.return_products(n)
        st.say(msg("pb.say.loses_raw", seat=seat, n=n) if n else msg("pb.say.no_raw_to_lose", seat=seat))
    elif effect == "lose_finished":
        n = min(amount, b.finished)
        b.finished -= n
        st.return_products(n)
        st.say(msg("pb.say.loses_finished", seat=seat, n=n) if n else msg("pb.say.no_finished_to_lose", seat=seat))
    elif effect == "lose_machine":
        choices = b.loss_choices()
        if len(choices) > 1:
            st.decide(LOSE, b.seat)
        elif choices:
            lose_machine(st, b, choices[0])
        else:
            st.say(msg("pb.say.no_machine_to_lose", seat=seat))
    elif effect == "downgrade":
        # Decision 0007: an own double machine first; a leased one falls back for its lessor.
        doubles = b.loss_choices(doubles=True)
        if doubles:
            b.machines[doubles[0]] = b.machines[doubles[0]]._replace(double=False)
            st.say(msg("pb.say.falls_back", seat=seat))
        else:
            st.say(msg("pb.say.no_double", seat=seat))


def concerns(st: PlaybossData, b: Business, needs: str) -> bool:
    """Whether a card needing ``needs`` (``data.RISK_NEEDS``) concerns ``b``."""
    return not _lacking(st, b, needs)


def _lacking(st: PlaybossData, b: Business, needs: str) -> str:
    """What ``b`` lacks that a card needing ``needs`` speaks of, as the end of the narration's
    key ``pb.say.unconcerned.…``, or "" when the card concerns it. Decided here: what each
    card's text presupposes (``risk_cards.toml``, docs/playboss.md "Risk cards")."""
    if needs == "raw" and not b.raw:
        return "raw"
    if needs == "finished" and not b.finished:
        return "finished"
    if needs == "machine" and not b.machines:
        return "machine"
    if needs == "double" and not any(m.double for m in b.machines):
        return "double"
    if needs == "insured" and not b.insured(st.rules):
        return "insured"
    if needs == "sales" and not b.sales:
        return "sales"
    if needs == "workforce":
        lab = st.expansion.labour
        if lab is not None and not lab.workers[b.seat]:
            return "workers"
        if lab is None and not b.machines:
            return "workforce"
    return ""


def lose_machine(st: PlaybossData, b: Business, index: int) -> None:
    st.say(msg("pb.say.loses_machine", seat=Seat(b.seat)))
    # A leased machine is its lessor's loss, and its lease ends (decision 0007).
    leases.give_up(st, b, index)
