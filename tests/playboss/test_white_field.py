"""The white write-off field: a machine reaches the end of its usable lifespan."""

from __future__ import annotations

from tycoon.games.playboss.actions import DoNothing, Roll, WriteOff
from tycoon.games.playboss.business import Machine
from tycoon.games.playboss.flow import PlaybossState
from tycoon.games.playboss.phases import TURN, WHITE

from .helpers import assert_rejected, give_machines, give_webs, land_on, new_game, options, snapshot, space_of


def land_on_white(state: PlaybossState, seat: int = 0) -> None:
    land_on(state, seat, space_of(state, "white", after=6), 4)


def on_white(*doubles: bool, webs: int = 0) -> PlaybossState:
    state = new_game(2, start=0)
    for double in doubles:
        give_machines(state, 0, double=double)
    give_webs(state, 0, webs)
    land_on_white(state)
    assert state.phase == WHITE and state.current_player() == 0
    return state


def write_offs(state: PlaybossState) -> list[WriteOff]:
    return [a for a in options(state, 0) if isinstance(a, WriteOff)]


def test_the_board_has_one_white_field_just_before_start() -> None:
    """Playboss I, "The White Write-off Field" (board.toml: one white field, before start)."""
    state = new_game(2)
    board = state.rules.board
    assert board.count("white") == 1
    assert board[-1] == "white"


def test_a_single_machine_is_returned_to_the_bank() -> None:
    """Playboss I, "The White Write-off Field": return a machine, without replacement."""
    state = on_white(False)
    assert write_offs(state) == [WriteOff(0)]
    state.apply(WriteOff(0), 0)
    b = state.businesses[0]
    assert b.machines == []
    assert state.bank_machines == 20
    assert b.cash == 10_000
    assert state.phase == TURN and state.current_player() == 1


def test_a_double_machine_falls_back_to_single() -> None:
    """Playboss I, "The White Write-off Field": with a machine of double capacity it is
    sufficient to set it back to single production capacity."""
    state = on_white(True)
    state.apply(WriteOff(0), 0)
    assert state.businesses[0].machines == [Machine(False, 0)]
    assert state.bank_machines == 19
    assert state.phase == TURN and state.current_player() == 1


def test_the_owner_chooses_among_different_machines() -> None:
    """Playboss I, "The White Write-off Field": return *a* machine, or set a double one back;
    identical machines are one choice."""
    state = on_white(False, True, False)
    assert write_offs(state) == [WriteOff(0), WriteOff(1)]
    state.apply(WriteOff(2), 0)
    assert state.businesses[0].machines == [Machine(False, 0), Machine(True, 0)]
    assert state.bank_machines == 18


def test_one_web_may_be_paid_instead() -> None:
    """Playboss I, "The White Write-off Field": if you possess 1 WEB, you may pay it to the
    bank instead and keep your machine."""
    state = on_white(False, True, webs=2)
    assert write_offs(state) == [WriteOff(0), WriteOff(1), WriteOff(-1)]
    state.apply(WriteOff(-1), 0)
    b = state.businesses[0]
    assert b.machines == [Machine(False, 0), Machine(True, 0)]
    assert (b.webs, state.bank_webs, state.bank_machines) == (1, 29, 18)
    assert b.cash == 10_000
    assert state.phase == TURN and state.current_player() == 1


def test_without_a_web_a_machine_must_go() -> None:
    """Playboss I, "The White Write-off Field": the WEB is an option only if you possess one;
    there is no doing nothing."""
    state = on_white(False)
    assert_rejected(state, 0, WriteOff(-1), "you hold no WEB to pay instead of a machine")
    assert_rejected(state, 0, WriteOff(1), "there is no machine 1 to write off; your machines are 0 to 0")
    assert_rejected(state, 0, DoNothing(), "nothing is not possible now: white write-off field")
    assert_rejected(state, 0, Roll(), "roll is not possible now")


def test_nothing_happens_without_machines() -> None:
    """Playboss I, "The White Write-off Field": a business without machines has nothing to
    write off; a WEB it holds stays with it and the turn moves on."""
    state = new_game(2, start=0)
    give_webs(state, 0, 1)
    before = snapshot(state)["businesses"][0]
    land_on_white(state)
    after = snapshot(state)["businesses"][0]
    assert after | {"position": 0, "turns": 0} == before | {"position": 0, "turns": 0}
    assert state.businesses[0].position == space_of(state, "white", after=6)
    assert state.bank_machines == 20 and state.bank_webs == 29
    assert state.phase == TURN and state.current_player() == 1


def test_a_write_off_is_only_a_white_field_decision() -> None:
    """Playboss I, "The White Write-off Field": only who lands on it writes off."""
    state = new_game(2, start=0)
    give_machines(state, 0)
    assert_rejected(state, 0, WriteOff(0), "write-off 0 is not possible now")


def test_a_bot_whose_machines_were_sold_while_the_write_off_waited_does_nothing() -> None:
    """Selling the last machine to the bank while the white field waits leaves nothing to write
    off; the bot (and a search playing on with it) then ends the decision instead of failing."""
    from tycoon.games.playboss.actions import BankSellMachine
    from tycoon.games.playboss.bot import PlaybossBot

    state = on_white(False)
    state.apply(BankSellMachine(0), 0)
    assert state.phase == WHITE and state.businesses[0].machines == []
    assert options(state, 0)[0] == DoNothing()
    action = PlaybossBot().act(state, 0)
    assert action == DoNothing()
    state.apply(action, 0)
    assert state.phase == TURN and state.current_player() == 1
