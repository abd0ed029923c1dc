"""Rationalising: rearranging one's own companies, 1 million a company, paid in advance; and
the cartel office that splits two companies of one industry in a concern.

Rulebook "Rationaliseren": rationalising means reordering and restacking one's own companies;
every company moved costs 1 million to the bank, paid in advance. If another player discovers
two or more companies of one colour in one concern, they must be rationalised; whoever has not
enough money to rationalise must give up all their action cards. Here the other players always
discover it, at the end of the turn it was made in, once the bill is paid.

A ``move`` names one company and where it goes: the bottom of another concern sharing a letter,
the bottom of its own concern, or a concern of its own. It waits for its payment in advance
(``paying.py``) unless what was paid in advance earlier this turn still covers it.
"""

from __future__ import annotations

from tycoon.core.decisions import Refusal
from tycoon.core.messages import Items, Param, Seat, msg
from tycoon.games.die_bosse import words
from tycoon.games.die_bosse.actions import Move
from tycoon.games.die_bosse.cards import worth
from tycoon.games.die_bosse.concerns import NEW, can_join, duplicates, locate
from tycoon.games.die_bosse.paying import OK, can_rationalise, no_advance
from tycoon.games.die_bosse.phases import ADVANCE, RULE_BUY, RULE_RATIONALISE, TURN
from tycoon.games.die_bosse.state import DieBosseData
from tycoon.games.die_bosse.words import concerns_are, millions


def check(st: DieBosseData, seat: int, action: Move) -> Refusal:
    """Why ``seat`` may not make the rationalising move ``action`` now."""
    r = st.rules
    own = st.columns[seat]
    ci, pos = locate(own, action.company)
    if ci < 0:
        return msg("db.no.not_yours", company=action.company), RULE_RATIONALISE
    if not 0 <= action.concern <= len(own):
        return concerns_are(own), RULE_RATIONALISE
    if action.concern == ci and pos == len(own[ci]) - 1:
        return msg("db.no.at_bottom"), RULE_RATIONALISE
    if action.concern == len(own) and len(own[ci]) == 1:
        return msg("db.no.own_concern"), RULE_RATIONALISE
    if action.concern not in (ci, len(own)):
        why = can_join(r, own[action.concern], action.company)
        if why:
            return why, RULE_BUY
    if not can_rationalise(st, seat):
        return no_advance(st, seat), RULE_RATIONALISE
    return OK


def request(st: DieBosseData, seat: int, action: Move) -> None:
    """The player asks for ``action``: made at once if already paid for, else it waits for the
    payment in advance (the ``advance`` decision)."""
    target = NEW if action.concern == len(st.columns[seat]) else action.concern
    st.moving = [(action.company, target)]
    if st.prepaid >= st.rules.rationalise:
        make_moves(st, seat)
        st.phase = TURN
    else:
        st.phase = ADVANCE


def make_moves(st: DieBosseData, seat: int) -> None:
    """Make the moves waiting in ``st.moving``, paid for in advance (``st.prepaid``)."""
    r = st.rules
    own = st.columns[seat]
    for company, concern in st.moving:
        st.prepaid -= r.rationalise
        ci, _ = locate(own, company)
        if concern == NEW:
            where = msg("db.where.new")
        elif concern == ci:
            where = msg("db.where.bottom_of_its", n=concern + 1)
        else:
            where = msg("db.where.bottom_of", n=concern + 1)
        move(own, company, concern)
        st.moved.append(company)
        if st.log is not None:  # narration only when somebody listens
            st.say(
                msg(
                    "db.say.rationalises",
                    seat=Seat(seat),
                    company=words.company(r, company),
                    where=where,
                    cost=millions(r.rationalise),
                )
            )
    st.moving = []


def move(own: list[list[int]], company: int, concern: int) -> None:
    """Move ``company`` to the bottom of ``own[concern]`` (``NEW`` or one past the last: a
    concern of its own); a concern left empty goes."""
    ci, _ = locate(own, company)
    source = own[ci]
    target = own[concern] if concern != NEW and concern < len(own) else None
    source.remove(company)
    if target is None:
        own.append([company])
    else:
        target.append(company)
    if not source:
        own.remove(source)


def cartel(st: DieBosseData, seat: int) -> None:
    """The cartel office looks at ``seat``'s concerns at the end of the turn: every later
    company of an industry already in its concern moves to a concern of its own, paid in
    advance like any rationalising (what was paid in advance and not used counts first, then
    the ``advance`` decision); who cannot pay gives up all their action cards (the companies
    move anyway)."""
    r = st.rules
    own = st.columns[seat]
    found = [d for col in own for d in duplicates(r, col)]
    if not found:
        return
    cost = len(found) * r.rationalise
    told: dict[str, Param] = {
        "seat": Seat(seat),
        "companies": Items(tuple(words.company(r, d) for d in found)),
        "cost": millions(cost),
    }
    st.moving = [(d, NEW) for d in found]
    if st.prepaid >= cost:
        st.say(msg("db.say.cartel_prepaid", **told))
        make_moves(st, seat)
    elif st.prepaid + worth(r, st.hands[seat]) >= cost:
        st.say(msg("db.say.cartel_advance", **told))
        st.phase = ADVANCE
    else:
        st.say(msg("db.say.cartel_cannot", n=len(st.hands[seat]), **told))
        st.discard += st.hands[seat]
        st.given_up[seat] += st.hands[seat]
        st.hands[seat] = []
        for d, _ in st.moving:
            move(own, d, NEW)
        st.moving = []
