"""What is still to happen in a turn of Playboss, as typed tasks on the state's agenda
(``tycoon.core.agenda``); ``flow.py`` runs them in order until a decision is pending.

A move queues the crossing of start, a computer lease passed, the landing and the end of the
turn (Playboss I, "Now We Can Begin to Play"). Crossing start queues, in front of the landing,
each private lender's and lessor's payments and the expansion steps' costs (a marketing
organisation's, the year's tax); a red field with step 6 queues the labour market's part of the
field. A payment a rule makes a business owe (``PlaybossData.charge``) is a ``Charge`` done next: from
cash, by raising the money, or in bankruptcy.

A task's ``str()`` is its kind and its values (``"loan 2"``), as the turn's steps always read
in the state's fingerprint.
"""

from __future__ import annotations

from tycoon.core.agenda import Task, task


@task("cross")
class Cross(Task):
    """The moving business crosses start: a business year is complete."""


@task("year end")
class YearEnd(Task):
    """The moving business's balance sheet for the year just completed is taken, after the
    crossing's payments (interest, rent, marketing costs, tax)."""


@task("lease")
class LeaseDue(Task):
    """The move passed the computer's lease mark: renew the lease or return the computer."""


@task("land")
class Land(Task):
    """The business lands on its space and does what the field says."""


@task("end")
class EndTurn(Task):
    """The turn ends: the game may end, or the die passes on."""


@task("loan")
class LoanDue(Task):
    """Interest, fees and amounts due to the private lender ``lender`` on crossing start."""

    lender: int


@task("rent")
class RentDue(Task):
    """The rent of machines leased from ``lessor``, and those due back, on crossing start."""

    lessor: int


@task("marketing")
class MarketingDue(Task):
    """Step 3: the yearly costs of the organisation at ``trough`` fall due."""

    trough: int


@task("tax")
class Tax(Task):
    """Step 4: the year's financial statement and its income tax."""


@task("labour effective")
class LabourEffective(Task):
    """Step 6, a red field: what was decided before it takes effect (notice, a strike called)."""


@task("labour window")
class LabourWindow(Task):
    """Step 6, a red field: the worker representative's say (strikes, terminations)."""


@task("labour pay")
class LabourPay(Task):
    """Step 6, a red field: the salaries, or a strike's or lockout's idle costs."""


@task("labour wages")
class LabourWages(Task):
    """Step 6, a red field struck or locked out: the representative pays strike wages."""


@task("labour decide")
class LabourDecide(Task):
    """Step 6, a red field: the business's own decision."""


@task("labour release")
class LabourRelease(Task):
    """Step 6, a red field: the workers given notice leave."""


@task("charge")
class Charge(Task):
    """``payer`` must pay ``amount`` for ``why`` to the bank (``to`` -1) or to seat ``to``;
    ``loan``: the payment settles private loans (not salaries). Paid from cash, or the business
    must raise the money, or it is bankrupt (Playboss I, "Explanations: Credit, Bankruptcy and
    Private Trade")."""

    payer: int
    amount: int
    why: str
    to: int
    loan: bool


RED_FIELD_LABOUR = (LabourEffective(), LabourWindow(), LabourPay(), LabourDecide(), LabourRelease())
"""Step 6: the labour market's part of a red field, in order."""
