"""Machines leased between players.

Playboss I, "Decision: Investment": "Every player can buy or lease machines from other players,
even if that player is not on a decision field. As a result of the delivery and setup time, a
machine cannot produce anything until the turn after next (in 2 die rolls), that follows after
the purchase or leasing." "Explanations: Credit, Bankruptcy and Private Trade": "you can
privately sell or lease, to and from other players, machines with single or double production
capacity."

The rulebook gives no terms; designed here (docs/decisions/0007-machine-leasing.md):

* A lease is agreed by an offer and its acceptance (``OfferLease`` in ``deals.py``): one of the
  lessor's own machines moves into the lessee's factory, where it produces from the lessee's
  turn after next. It stays the lessor's: the machine is a ``Machine`` whose ``lessor`` names
  the owner, and the owner counts it in ``Business.leased_out``, so it is in the lessor's
  balance sheet and credit limit and in neither of the lessee's. The lessee may not sell it,
  lease it on, or improve it.
* The rent is due at each of the lessee's crossings of start while the lease runs, paid to the
  lessor like a private loan's interest (``PlaybossData.charge``): booked first as the lessor's
  claim (``loans.book_claim``), so a lessee short of cash must raise it, and one that cannot is
  bankrupt with the lessor among its private creditors. At the crossing agreed the rent is paid
  for the last time and the machine goes back to the lessor's factory, where it produces from
  the lessor's turn after next.
* Losses (the white write-off field, risk cards that destroy a machine or set a double one back
  to single) fall on the lessee's own machines first; only a business that has none of the kind
  struck loses a leased one, which is then its lessor's loss: a destroyed machine goes to the
  bank and its lease ends, a double one falls back to single and is returned so.
* Bankruptcy: a bankrupt lessee's leased machines go back to their lessors, never into the
  auction; a bankrupt lessor's leased-out machines are its assets: they come back from the
  lessees' factories (the leases end) and are auctioned with the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tycoon.core.messages import Message, Seat, msg
from tycoon.games.playboss import labour, loans
from tycoon.games.playboss.business import OWN, Business, Machine
from tycoon.games.playboss.naming import code, goods_code
from tycoon.games.playboss.tasks import RentDue

if TYPE_CHECKING:
    from tycoon.games.playboss.state import PlaybossData


def lease(st: PlaybossData, lessor: Business, lessee: Business, index: int, rent: int, laps: int) -> None:
    """Move the lessor's machine ``index`` into the lessee's factory for ``laps`` of the
    lessee's crossings of start at ``rent`` Marks each (the caller has checked everything)."""
    m = lessor.machines.pop(index)
    assert m.lessor == OWN
    # Delivery and setup take until the lessee's turn after next (with step 6, its next red field).
    ready = labour.machine_ready(st, lessee)
    lessee.machines.append(Machine(m.double, ready, lessor.seat, rent, lessee.laps + laps))
    lessor.leased_out += 1


def rent_due(b: Business) -> int:
    """The rent ``b`` owes at its next crossing of start, for every machine it leases."""
    due = 0
    for m in b.machines:  # a loop rather than sum() over a generator: the bots' reserves ask this
        if m.lessor != OWN:
            due += m.rent
    return due


def on_cross(st: PlaybossData, b: Business) -> None:
    """The lessee crosses start: one task per lessor, for the rent and the machines due back."""
    lessors = sorted({m.lessor for m in b.machines if m.lessor != OWN})
    st.agenda.push(*(RentDue(lessor) for lessor in lessors))


def due(st: PlaybossData, b: Business, lessor: int) -> None:
    """Charge ``b`` the year's rent for the machines it leases from ``lessor``, after giving
    back those whose lease ends at this crossing."""
    owner = st.businesses[lessor]
    running = [m for m in b.machines if m.lessor == lessor]
    rent = sum(m.rent for m in running)
    for m in running:
        if m.until <= b.laps:
            give_back(st, b, b.machines.index(m), msg("pb.say.lease_ends"))
    if rent:
        loans.book_claim(st, lessor, b.seat, rent)
        count = len(running)
        st.charge(b, rent, code("rent", goods_code("machines", count), lessor), to=owner)


def give_back(st: PlaybossData, lessee: Business, index: int, why: Message) -> None:
    """The leased machine ``index`` goes back into its lessor's factory, producing there from
    the lessor's turn after next; ``why`` says why."""
    m = lessee.machines.pop(index)
    owner = st.businesses[m.lessor]
    owner.leased_out -= 1
    owner.machines.append(Machine(m.double, labour.machine_ready(st, owner)))
    told = "pb.say.gives_back_double" if m.double else "pb.say.gives_back"
    st.say(msg(told, seat=Seat(lessee.seat), owner=Seat(owner.seat), why=why))


def give_up(st: PlaybossData, b: Business, index: int) -> None:
    """Machine ``index`` leaves ``b``'s factory for good (written off or destroyed) and goes
    back to the bank; a leased one is its lessor's loss, and its lease ends."""
    m = b.machines.pop(index)
    st.bank_machines += 1
    if m.lessor != OWN:
        st.businesses[m.lessor].leased_out -= 1
        st.say(msg("pb.say.lessor_loses", lessor=Seat(m.lessor), seat=Seat(b.seat)))


def loss_error(b: Business, index: int) -> Message | None:
    """Why the write-off field or a risk card may not take ``b``'s machine ``index`` (a leased
    one while the business has machines of its own), or None."""
    m = b.machines[index]
    if m.lessor == OWN or not b.machine_choices(own=True):
        return None
    return msg("pb.no.leased_machine", machine=index, lessor=Seat(m.lessor))


def on_bankruptcy(st: PlaybossData, b: Business) -> list[bool]:
    """A bankrupt business's leases end. The machines it leases go back to their lessors; the
    machines it leased out come back from the lessees' factories for its auction: returned as
    their "double" flags."""
    for i in reversed(range(len(b.machines))):
        if b.machines[i].lessor != OWN:
            give_back(st, b, i, msg("pb.say.lessee_bankrupt", seat=Seat(b.seat)))
    doubles: list[bool] = []
    for lessee in st.businesses:
        for i in reversed(range(len(lessee.machines))):
            m = lessee.machines[i]
            if m.lessor == b.seat:
                del lessee.machines[i]
                doubles.append(m.double)
                st.say(msg("pb.say.lease_to_auction", seat=Seat(lessee.seat), owner=Seat(b.seat)))
    b.leased_out = 0
    return doubles


def view(st: PlaybossData) -> list[dict[str, Any]]:
    """Every lease running: who leases which machine to whom, on what terms."""
    return [
        {"lessor": m.lessor, "lessee": x.seat, "double": m.double, "rent": m.rent, "until_lap": m.until}
        for x in st.businesses
        for m in x.machines
        if m.lessor != OWN
    ]
