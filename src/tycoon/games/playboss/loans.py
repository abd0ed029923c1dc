"""Private loans between players.

Playboss I, "Lines of Credit": "Every player can offer private credit loans to fellow players.
The interest rate and fees are free to be negotiated among the players." "End of the Game":
"Private loans are also subtracted and the positive credit added to the lender's totals."
"Explanations: Credit, Bankruptcy and Private Trade": a private loan that cannot be repaid
when it comes due means bankruptcy; the bank is satisfied first, then the private lenders.

Designed here (docs/decisions/0006-private-deals.md): a loan is agreed by an offer and its
acceptance (``deals.py``). Like bank credit, its interest (a percentage of the amount still
owed) and its fee fall due at each of the borrower's crossings of start while anything is
owed; the amount itself is due at the crossing agreed, or is repaid by agreement: the borrower
repays any part at any time (``RepayPrivate``), and what is still owed at the end counts in
both balance sheets. A payment due is charged like a bank payment (``PlaybossData.charge``),
paid to the lender: short of cash the borrower must raise it, and one who cannot is bankrupt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.messages import Seat, msg
from tycoon.games.playboss import private
from tycoon.games.playboss.actions import RepayPrivate
from tycoon.games.playboss.business import Business
from tycoon.games.playboss.menus import counts
from tycoon.games.playboss.naming import code, money
from tycoon.games.playboss.private import Loan
from tycoon.games.playboss.promises import promised
from tycoon.games.playboss.tasks import LoanDue

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData

RULE = msg("pb.no.rule.private_loans")


def owed_to(st: PlaybossData, borrower: int, lender: int) -> int:
    """Everything ``borrower`` owes ``lender``."""
    return sum(x.owed() for x in st.deals.loans if x.borrower == borrower and x.lender == lender)


def other_debt(st: PlaybossData, seat: int) -> int:
    """The balance sheet's "Other debt": everything ``seat`` owes other players."""
    return private.other_debt(st.deals.loans, seat)


def loans_given(st: PlaybossData, seat: int) -> int:
    """The balance sheet's "Loans given": everything other players owe ``seat``."""
    return private.loans_given(st.deals.loans, seat)


def lend(
    st: PlaybossData, lender: Business, borrower: Business, amount: int, interest: int, fee: int, laps: int
) -> None:
    """Book an accepted loan and hand the money over (the caller has checked everything)."""
    due = borrower.laps + laps if laps else 0
    st.deals.loans.append(Loan(lender.seat, borrower.seat, amount, interest, fee, due))
    st.transfer(lender, borrower, amount, "private_loan")


def book_claim(st: PlaybossData, creditor: int, debtor: int, amount: int) -> None:
    """A payment due to another player that is no loan (a machine's rent, ``leases.py``),
    booked before it is charged as a claim without principal, in arrears until paid: so it is
    raised, settled (``settle``: arrears first) and shared in a bankruptcy exactly like interest
    in arrears, and no loan's amount is touched by it."""
    claim = Loan(creditor, debtor, 0, 0, 0, 0)
    claim.arrears = amount
    st.deals.loans.append(claim)


# --- repaying by agreement -------------------------------------------------------------------


def _repayable(st: PlaybossData, b: Business, lender: int) -> int:

    return max(0, min(owed_to(st, b.seat, lender), b.cash - promised(st, b)))


def families(st: PlaybossData, b: Business) -> list[ActionFamily]:
    """Repaying each lender: in steps of the credit step up to what ``b`` owes it and may
    spend, and the whole debt when it is no multiple of the step."""
    step = st.rules.credit_step
    out: list[ActionFamily] = []
    for lender in sorted({x.lender for x in st.deals.loans if x.borrower == b.seat}):
        most = _repayable(st, b, lender)
        label = msg("pb.fam.repay_private", lender=Seat(lender))
        out += counts(RepayPrivate, step, most, step=step, fixed=(lender,), label=label)
        if most and most % step and most == owed_to(st, b.seat, lender):
            out += counts(RepayPrivate, most, most, fixed=(lender,), label=label)
    return out


def repay(st: PlaybossData, b: Business, action: RepayPrivate) -> None:
    step = st.rules.credit_step
    owed = owed_to(st, b.seat, action.lender)
    most = _repayable(st, b, action.lender)
    if not owed:
        raise IllegalAction(msg("pb.no.owe_nothing", lender=Seat(action.lender)), RULE)
    if action.amount <= 0 or action.amount > most or (action.amount % step and action.amount != owed):
        raise IllegalAction(
            msg("pb.no.repay_private", lender=Seat(action.lender), owed=money(owed), most=money(most), step=step),
            RULE,
        )
    st.transfer(b, st.businesses[action.lender], action.amount, "repay_private")
    settle(st, b.seat, action.lender, action.amount)


def settle(st: PlaybossData, borrower: int, lender: int, amount: int) -> None:
    """``amount`` Marks paid by ``borrower`` to ``lender``: interest in arrears first, then the
    amounts of the loans, those due first, then the oldest."""
    mine = [x for x in st.deals.loans if x.borrower == borrower and x.lender == lender]
    for x in mine:
        part = min(amount, x.arrears)
        x.arrears -= part
        amount -= part
    due_first = sorted(mine, key=lambda x: (x.due_lap == 0, x.due_lap))
    for x in due_first:
        part = min(amount, x.amount)
        x.amount -= part
        amount -= part
    st.deals.loans = [x for x in st.deals.loans if x.owed()]


# --- crossing start ----------------------------------------------------------------------


def on_cross(st: PlaybossData, b: Business) -> None:
    """The borrower crosses start: each lender's interest, fees and amounts due become tasks,
    done first after the bank's interest (one payment per lender)."""
    lenders = sorted({x.lender for x in st.deals.loans if x.borrower == b.seat})
    st.agenda.push(*(LoanDue(lender) for lender in lenders))


def due(st: PlaybossData, b: Business, lender: int) -> None:
    """Charge ``b`` what it owes ``lender`` at this crossing of start."""
    total = 0
    for x in st.deals.loans:
        if x.borrower == b.seat and x.lender == lender:
            charge = x.amount * x.interest // 100 + x.fee
            x.arrears += charge
            total += x.arrears
            if x.due_lap and x.due_lap <= b.laps:
                total += x.amount
    if total:
        st.charge(b, total, code("private_due", lender), to=st.businesses[lender])


# --- bankruptcy --------------------------------------------------------------------------


def on_bankruptcy(st: PlaybossData, b: Business) -> None:
    """Loans the bankrupt business had given pass to the bank at their face value: the
    borrower owes the bank instead, and the bank credits the amount to the estate."""
    for x in st.deals.loans:
        if x.lender == b.seat and x.owed():
            borrower = st.businesses[x.borrower]
            borrower.debt += x.owed()
            st.receive(b, x.owed(), code("taken_over", x.borrower))
    st.deals.loans = [x for x in st.deals.loans if x.lender != b.seat]


def pay_lenders(st: PlaybossData, b: Business) -> None:
    """After the bank is satisfied, the private lenders share what is left pro rata to their
    claims (Marks that do not divide evenly go one each to the largest claims); the loans end."""
    claims: dict[int, int] = {}
    for x in st.deals.loans:
        if x.borrower == b.seat:
            claims[x.lender] = claims.get(x.lender, 0) + x.owed()
    total = sum(claims.values())
    if total:
        pot = min(b.cash, total)
        shares = {s: pot * c // total for s, c in claims.items()}
        rest = pot - sum(shares.values())
        for s in sorted(claims, key=lambda s: (-claims[s], s))[:rest]:
            shares[s] += 1
        for s in sorted(shares):
            if shares[s]:
                st.transfer(b, st.businesses[s], shares[s], "claim")
            lost = claims[s] - shares[s]
            if lost:
                st.say(msg("pb.say.lender_loses", seat=Seat(s), amount=money(lost), borrower=Seat(b.seat)))
    st.deals.loans = [x for x in st.deals.loans if x.borrower != b.seat]
