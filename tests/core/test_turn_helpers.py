"""The helpers two games share for the start roll, the bank's ledger and the passing of the
turn (``tycoon.core.start``, ``ledger`` and ``turns``)."""

from __future__ import annotations

from tycoon.core import ledger
from tycoon.core.start import roll_for_start
from tycoon.core.turns import pass_turn


class Rolling:
    def __init__(self, seats: int) -> None:
        self.setup_rolls = [0] * seats
        self.contenders = list(range(seats))
        self.roller = 0
        self.log: list[str] = []

    def say(self, text: str) -> None:
        self.log.append(text)


def test_the_highest_roll_begins_and_those_tied_roll_again() -> None:
    st = Rolling(3)
    assert [roll_for_start(st, pips) for pips in (5, 6, 6)] == [None, None, None]
    assert st.log[-1] == "Seat 1 and seat 2 tie with 6 and roll again."
    assert (st.contenders, st.roller) == ([1, 2], 0)
    assert roll_for_start(st, 2) is None
    assert roll_for_start(st, 4) == 2
    assert st.setup_rolls == [5, 2, 4]
    assert st.log[-1] == "Seat 2 rolls 4 for the start."


def test_three_tied_are_named_in_a_list() -> None:
    st = Rolling(3)
    for pips in (3, 3, 3):
        roll_for_start(st, pips)
    assert st.log[-1] == "Seat 0, seat 1 and seat 2 tie with 3 and roll again."


def test_the_turn_passes_seats_out_of_play_and_counts_the_round() -> None:
    assert pass_turn(0, 0, [True, True, True]) == (1, 1, False)
    assert pass_turn(2, 0, [True, True, True]) == (0, 1, True)
    assert pass_turn(0, 0, [True, False, True]) == (2, 2, False)
    # Passing the start player on the way: seat 1 began, seat 0 is next after seat 2's out.
    assert pass_turn(0, 1, [True, False, True]) == (2, 2, True)
    # Nobody else plays: all the way round.
    assert pass_turn(1, 0, [False, True, False]) == (1, 3, True)


class Holder:
    def __init__(self, seat: int, cash: int) -> None:
        self.seat = seat
        self.cash = cash


class Bank:
    def __init__(self, log: list[str] | None) -> None:
        self.ledger_in = 0
        self.ledger_out = 0
        self.log = log


WORDS = ledger.Wording(
    "{seat} pays {amount:,} for {why}", "{seat} gets {amount:,} for {why}", "{seat} to {payee}: {amount}"
)


def test_the_ledger_balances_and_tells_only_who_listens() -> None:
    quiet, told = Bank(None), Bank([])
    for bank in (quiet, told):
        a, b = Holder(0, 5000), Holder(1, 0)
        ledger.receive(bank, b, 12_000, "a sale", WORDS)
        ledger.pay(bank, a, 3000, "a fee", WORDS)
        ledger.transfer(bank, b, a, 500, "rent", WORDS)
        assert (a.cash, b.cash) == (2500, 11_500)
        assert (bank.ledger_in, bank.ledger_out) == (3000, 12_000)
        assert a.cash + b.cash == 5000 + bank.ledger_out - bank.ledger_in
    assert quiet.log is None
    assert told.log == ["1 gets 12,000 for a sale", "0 pays 3,000 for a fee", "1 to 0: 500"]
