"""Politics: the party, the MP, the senator and the city council member.

Rulebook, "MP (POSEŁ)", "Political Party (PARTIA POLITYCZNA) and Party Membership Card",
"Senator (SENATOR) and City Council Member (RADNY RADY MIASTA)". Allowances are paid by the
movement (``track.move``) on passing the office's space; immunity is ``track.immune``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.errors import IllegalAction
from tycoon.core.messages import Seat, Term, msg
from tycoon.games.biznes_po_polsku.phases import BANK, OFFICE_CHOICE, PARTY
from tycoon.games.biznes_po_polsku.players import Player

if TYPE_CHECKING:
    from tycoon.games.biznes_po_polsku.state import BiznesState

PARTY_RULE = msg("bp.no.rule.party")
MP_RULE = msg("bp.no.rule.mp")


def land_party(st: BiznesState, p: Player) -> None:
    """``p`` stops on the party space: may join, or (both cards taken) supports it."""
    space = st.rules.space(st.rules.party_space)
    if p.member:
        # "A party member does not pay the 300 zł to the BANK when he stops on the space."
        return
    if st.bank_party:
        st.decide(PARTY, p.seat)
        return
    # Printed on the space: "if you can no longer become a member, you support it with 300 zł".
    st.charge(p, space.support, "party_support")


def join(st: BiznesState, p: Player) -> None:
    """``p`` joins the party."""
    space = st.rules.space(st.rules.party_space)
    if p.member or not st.bank_party or p.cash < space.fee:
        raise IllegalAction(msg("bp.no.join"), PARTY_RULE)
    st.bank_party -= 1
    p.member = True
    st.pay(p, space.fee, "party_fee")
    st.say(msg("bp.say.joins_party", seat=Seat(p.seat)))


def land_post(st: BiznesState, p: Player, post: str) -> None:
    """``p`` stops on the space of office ``post``: a donation, a fine, or the choice to run."""
    space = st.rules.space(st.rules.post_spaces[post])
    holder = st.office_holder[post]
    if holder == p.seat:
        return
    if holder != BANK:
        # "he must pay the owner of the MP mandate a donation" (likewise senator, council member).
        st.charge(p, space.donation, f"donation {space.number}", holder)
        return
    if post == "mp" and not p.member:
        # "If a player stops on an unbought MP space and cannot buy the MP mandate (because he
        # has no PARTY MEMBERSHIP card), he must pay a donation of 1000 zł to the BANK."
        st.charge(p, space.unbought_fine, "parliament")
        return
    # The senator and council member spaces: those who do not run "move on, paying nothing".
    st.decide(OFFICE_CHOICE, p.seat)


def run(st: BiznesState, p: Player, post: str) -> None:
    """``p`` takes the unbought office ``post``."""
    space = st.rules.space(st.rules.post_spaces[post])
    if st.office_holder[post] != BANK or p.cash < space.cost or (post == "mp" and not p.member):
        raise IllegalAction(msg("bp.no.run", office=Term(f"bp.office.{post}")), MP_RULE)
    st.office_holder[post] = p.seat
    st.pay(p, space.cost, f"campaign {space.number}")
    st.say(msg("bp.say.takes_office", seat=Seat(p.seat), post=post))


def lose_mandate(st: BiznesState) -> None:
    """The MP loses the mandate; another party member may take it later (rulebook, "Political
    Party": "The MP mandate may, however, be lost during the game")."""
    holder = st.office_holder["mp"]
    if holder == BANK:
        st.say(msg("bp.say.no_mp"))
        return
    st.office_holder["mp"] = BANK
    st.say(msg("bp.say.loses_mandate", seat=Seat(holder)))
