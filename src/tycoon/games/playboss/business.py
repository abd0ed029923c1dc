"""A business: one player's factory, warehouses, money and WEB chips."""

from __future__ import annotations

from typing import Any, NamedTuple

from tycoon.games.playboss.data import Rules

NO_COMPUTER, LEASED, OWNED = 0, 1, 2
COMPUTER_NAMES = ("none", "leased", "owned")

OWN = -1
"""``Machine.lessor`` of a business's own machine."""


class Machine(NamedTuple):
    """A machine on a production floor. Index 0 is ``double`` and index 1 is ``ready``; the
    lease fields say whose it is (decision 0007, ``leases.py``)."""

    double: bool
    """Its two rollers are up: it makes two products per red field."""
    ready: int
    """The turn number (``Business.turns``) of the business it stands in from which it may
    produce (rulebook I: not before the turn after next; with step 6, its next red field:
    ``labour.machine_ready``)."""
    lessor: int = OWN
    """The seat that owns it and leased it to this business, or ``OWN``."""
    rent: int = 0
    """A leased machine's rent: Marks paid to the lessor at each of the lessee's crossings of start."""
    until: int = 0
    """A leased machine's last crossing: the lessee's lap count (``Business.laps``) at whose
    crossing of start the machine goes back to its lessor."""


class Business:
    """One player's business, as the bank keeps its books."""

    __slots__ = (
        "advertising",
        "bankrupt",
        "capital_received",
        "cash",
        "computer",
        "debt",
        "finished",
        "firm",
        "fresh",
        "goal",
        "laps",
        "lease_mark",
        "leased_out",
        "machines",
        "position",
        "raw",
        "sales",
        "seat",
        "statements",
        "tax_base",
        "tax_loss",
        "turns",
        "webs",
        "years",
    )

    def __init__(self, seat: int, position: int, capital: int) -> None:
        self.seat = seat
        """The player's seat number."""
        self.position = position
        """Index of the board space the piece stands on."""
        self.cash = capital
        """Cash on hand, in Marks."""
        self.capital_received = capital
        """Starting capital received from the bank so far (10,000, then 20,000)."""
        self.raw = 0
        """Products in the raw material warehouse."""
        self.finished = 0
        """Products in the finished product warehouse."""
        self.machines: list[Machine] = []
        """The production floor: its own machines and those it leases from other players."""
        self.leased_out = 0
        """Its own machines that stand in other businesses' factories, leased out: still its
        assets and its bank's security (decision 0007)."""
        self.computer = NO_COMPUTER
        """NO_COMPUTER, LEASED or OWNED."""
        self.lease_mark = -1
        """Board space holding the lease's 2 WEB markers; the lease is due again on crossing it."""
        self.webs = 0
        """WEB chips on the WEB area."""
        self.debt = 0
        """Outstanding bank debt, in Marks."""
        self.advertising = False
        """An advertising campaign is running: the next red field's sale earns the next higher price."""
        self.laps = 0
        """How often the piece has crossed start: completed business years."""
        self.turns = 0
        """How many times the player has rolled the die."""
        self.sales = 0
        """Marks earned by selling finished products to the market (for statistics)."""
        self.bankrupt = False
        """Out of the game after bankruptcy."""
        # --- Part II, the expansion steps ---------------------------------------------
        self.fresh = 0
        """Step 3: finished products made on the turn running, which a marketing organisation
        may not sell yet."""
        self.tax_base = 0
        """Step 4: the profit (balance-sheet profit) after tax at the last financial statement."""
        self.tax_loss = 0
        """Step 4: losses carried forward, in Marks, to be offset against later profits."""
        self.statements: list[tuple[int, int, int, int]] = []
        """Step 4: each year's financial statement: (year, profit, loss offset, tax)."""
        self.years: list[tuple[int, ...]] = [(0, 0, 0, 0, 0, 0, capital, 0, 0, capital)]
        """The balance sheet at the end of each business year, year 0 the opening one: the year,
        then the ``finance.BalanceSheet`` fields in order (``flow.py`` takes it at each crossing
        of start once the crossing's payments are made). Public, like everything on the sheet,
        so every viewer gets every year with the view."""
        self.goal = ""
        self.firm = True
        """The seat runs a business: False for the worker representative before he buys one
        (step 6) and for a seat that sold its business (``takeover.py``)."""
        """Step 5: the personal goal written down at the start ("" while none)."""

    def clone(self) -> Business:
        b = Business(0, 0, 0) if COMPILED else Business.__new__(Business)
        b.seat = self.seat
        b.position = self.position
        b.cash = self.cash
        b.capital_received = self.capital_received
        b.raw = self.raw
        b.finished = self.finished
        b.machines = self.machines.copy()
        b.leased_out = self.leased_out
        b.computer = self.computer
        b.lease_mark = self.lease_mark
        b.webs = self.webs
        b.debt = self.debt
        b.advertising = self.advertising
        b.laps = self.laps
        b.turns = self.turns
        b.sales = self.sales
        b.bankrupt = self.bankrupt
        b.fresh = self.fresh
        b.tax_base = self.tax_base
        b.tax_loss = self.tax_loss
        b.statements = self.statements.copy()
        b.years = self.years.copy()
        b.goal = self.goal
        b.firm = self.firm
        return b

    # --- derived figures --------------------------------------------------------------

    def ready_capacity(self) -> int:
        """Products the machines may make on this turn (2 on a double machine)."""
        return sum(2 if m[0] else 1 for m in self.machines if m[1] <= self.turns)

    def machines_owned(self) -> int:
        """The machines that are the business's assets: its own on its floor and those it
        leased out; not those it leases from others (decision 0007)."""
        owned = self.leased_out
        for m in self.machines:  # a loop rather than sum() over a generator: asked at every valuation
            if m.lessor == OWN:
                owned += 1
        return owned

    def credit_limit(self, rules: Rules) -> int:
        # Playboss I, "Lines of Credit": up to half the value of machines and purchased computers;
        # the machines the business owns, leased out or not, are the bank's security.
        owned = rules.credit_per_computer if self.computer == OWNED else 0
        return rules.credit_per_machine * self.machines_owned() + owned

    def credit_room(self, rules: Rules) -> int:
        return max(0, self.credit_limit(rules) - self.debt)

    def insured(self, rules: Rules) -> bool:
        # Playboss I, "Insurance (2 WEBs)": whoever possesses 2 WEBs is insured.
        return self.webs >= rules.insurance_webs

    def production_cost(self, rules: Rules) -> int:
        return rules.production_with_computer if self.computer != NO_COMPUTER else rules.production

    def machine_choices(self, doubles: bool | None = None, *, own: bool = False) -> list[int]:
        """One machine index per distinct kind of machine (double or not, ready when, whose),
        so a choice between identical machines is offered once; only its own machines when
        ``own``."""
        seen: set[Machine] = set()
        out: list[int] = []
        for i, m in enumerate(self.machines):
            if (doubles is None or m[0] == doubles) and (not own or m.lessor == OWN) and m not in seen:
                seen.add(m)
                out.append(i)
        return out

    def loss_choices(self, doubles: bool | None = None) -> list[int]:
        """The machines a write-off or a risk card may strike (``machine_choices``): the
        business's own while it has any of the kind, else the leased ones (decision 0007)."""
        return self.machine_choices(doubles, own=True) or self.machine_choices(doubles)

    def to_json(self, rules: Rules) -> dict[str, Any]:
        return {
            "business": self.firm,
            "seat": self.seat,
            "position": self.position,
            "cash": self.cash,
            "raw": self.raw,
            "finished": self.finished,
            "machines": [
                {"double": m.double, "ready": m.ready <= self.turns}
                | ({"leased_from": m.lessor, "rent": m.rent, "until_lap": m.until} if m.lessor != OWN else {})
                for m in self.machines
            ],
            "leased_out": self.leased_out,
            "computer": COMPUTER_NAMES[self.computer],
            "webs": self.webs,
            "bank_debt": self.debt,
            "credit_room": self.credit_room(rules),
            "advertising": self.advertising,
            "insured": self.insured(rules),
            "laps": self.laps,
            "capital_received": self.capital_received,
            "sales": self.sales,
            "bankrupt": self.bankrupt,
        }

    def fingerprint(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS} | {
            "machines": [list(m) for m in self.machines],
            "statements": [list(s) for s in self.statements],
            "years": [list(y) for y in self.years],
        }


COMPILED = hasattr(Business, "__mypyc_attrs__")
"""Whether this module runs compiled by mypyc (``TYCOON_COMPILE=1 pip install .``,
docs/decisions/0019-compiled-build.md), where a class's ``__new__`` runs its ``__init__``:
``clone`` starts from ``__init__`` there and copies every field over it. A compiled class
keeps no ``__slots__`` either; ``FIELDS`` names its fields in both builds."""
FIELDS: tuple[str, ...] = tuple(sorted(getattr(Business, "__mypyc_attrs__" if COMPILED else "__slots__")))
"""The fields of a ``Business``, in the order of its ``__slots__``."""
