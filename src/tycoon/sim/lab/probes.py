"""What the lab notes while a game is played, besides its outcome: who started, each seat's worth
and cash at every checkpoint (a business year, ten rounds, a profit distribution), and the
round in which each eliminated seat went out.

A probe looks at the state after every action; it only reads. A game names its own in its
spec's faces (``Faces(probe="tycoon.sim.lab.probes:PlaybossProbe")``), built on what its state
holds; a game that names none gets :class:`Probe`, which notes the first seat to decide and the
final round its spectator view shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tycoon.core.errors import InvalidConfig
from tycoon.core.game import CHANCE, State
from tycoon.core.registry import spec
from tycoon.core.spec import find
from tycoon.sim.lab.faces import faces_of


@dataclass
class Notes:
    """What a probe noted in one game."""

    checkpoint: str = ""
    """What one step of ``worth`` and ``cash`` is: ``"year"``, ``"10 rounds"``, ``"distribution"``,
    or empty when the game reports none."""
    worth: list[list[int]] = field(default_factory=list)
    """Per seat, its worth at the start and at each checkpoint it reached, in the game's unit:
    Playboss profit (assets less starting capital and debts), Biznes po polsku fortune
    (possessions less mortgages), Die Bosse profit shares."""
    cash: list[list[int]] = field(default_factory=list)
    """Per seat, its cash at the same moments."""
    first_seat: int | None = None
    """The seat that took the first turn (the start player), if known."""
    out_round: dict[int, int] = field(default_factory=dict)
    """Seat → the round in which it was eliminated."""
    rounds: int | None = None
    """Rounds played, if the game counts them."""
    landings: list[list[int]] = field(default_factory=list)
    """Track games: per seat, how often its piece came to rest on each space (index 0 is start),
    by a die roll or a card; empty for games without a track."""


class Probe:
    """Notes the first seat to decide and the rounds played; knows nothing of any game."""

    checkpoint = ""

    def __init__(self) -> None:
        self.notes = Notes(checkpoint=self.checkpoint)

    def start(self, state: State) -> None:
        """Called once, on the fresh state."""
        n = state.game.num_seats
        self.notes.worth = [[] for _ in range(n)]
        self.notes.cash = [[] for _ in range(n)]

    def step(self, state: State, seat: int) -> None:
        """Called after each action, with the seat that took it."""
        if self.notes.first_seat is None and seat != CHANCE:
            self.notes.first_seat = seat

    def finish(self, state: State) -> Notes:
        rounds = state.view(None).get("round")
        if isinstance(rounds, int) and not isinstance(rounds, bool):
            self.notes.rounds = rounds
        return self.notes


class PlaybossProbe(Probe):
    """Playboss: a checkpoint when each business completes a business year (crosses start)."""

    checkpoint = "year"

    def start(self, state: State) -> None:
        super().start(state)
        st: Any = state
        self._laps = [b.laps for b in st.businesses]
        self._at = [b.position for b in st.businesses]
        self.notes.landings = [[0] * len(st.rules.board) for _ in st.businesses]
        self._out = 0
        self._note_all(st)

    def _note(self, st: Any, seat: int) -> None:
        self.notes.worth[seat].append(st.balance_sheet(seat).profit)
        self.notes.cash[seat].append(st.businesses[seat].cash)

    def _note_all(self, st: Any) -> None:
        for seat in range(len(st.businesses)):
            self._note(st, seat)

    def step(self, state: State, seat: int) -> None:
        st: Any = state
        for s, b in enumerate(st.businesses):
            if b.position != self._at[s]:
                self._at[s] = b.position
                self.notes.landings[s][b.position] += 1
            if b.laps != self._laps[s]:
                self._laps[s] = b.laps
                self._note(st, s)
        if len(st.eliminated) != self._out:
            for s in st.eliminated[self._out :]:
                self.notes.out_round[s] = st.rounds_done
            self._out = len(st.eliminated)

    def finish(self, state: State) -> Notes:
        # The start roll decides who begins (both rulebooks); the state keeps the seat.
        st: Any = state
        self.notes.first_seat = st.start_seat
        self.notes.rounds = st.rounds_done
        return self.notes


class BiznesProbe(Probe):
    """Biznes po polsku: a checkpoint every ten rounds."""

    checkpoint = "10 rounds"
    every = 10

    def start(self, state: State) -> None:
        super().start(state)
        st: Any = state
        self._round = st.rounds_done
        self._at = [p.position for p in st.players]
        self._spaces = len(st.rules.board)
        self.notes.landings = [[0] * self._spaces for _ in st.players]
        self._note_all(st)

    def _note_all(self, st: Any) -> None:
        # The fortune as the end of the game counts it: possessions less mortgages, the
        # "profit" of the game's own sheets (its spec's report).
        fortunes = fortunes_of(st)
        for p in st.players:
            self.notes.worth[p.seat].append(fortunes[p.seat])
            self.notes.cash[p.seat].append(p.cash)

    def step(self, state: State, seat: int) -> None:
        st: Any = state
        if st.rounds_done != self._round:
            self._round = st.rounds_done
            if self._round % self.every == 0:
                self._note_all(st)
        for p in st.players:
            if p.position != self._at[p.seat]:
                self._at[p.seat] = p.position
                # Spaces are numbered from 1 at START; the employment office is off the track.
                if 1 <= p.position <= self._spaces:
                    self.notes.landings[p.seat][p.position - 1] += 1
            if p.bankrupt and p.seat not in self.notes.out_round:
                self.notes.out_round[p.seat] = st.rounds_done

    def finish(self, state: State) -> Notes:
        # The start roll decides who begins (both rulebooks); the state keeps the seat.
        st: Any = state
        self.notes.first_seat = st.start_seat
        self.notes.rounds = st.rounds_done
        return self.notes


class DieBosseProbe(Probe):
    """Die Bosse: a checkpoint at each profit distribution; worth and cash are the profit shares
    written down so far."""

    checkpoint = "distribution"

    def start(self, state: State) -> None:
        super().start(state)
        st: Any = state
        self._done = len(st.sheets[0])
        for seat in range(st.game.num_seats):
            self._note(st, seat)

    def _note(self, st: Any, seat: int) -> None:
        score = st.score(seat)
        self.notes.worth[seat].append(score)
        self.notes.cash[seat].append(score)

    def step(self, state: State, seat: int) -> None:
        super().step(state, seat)
        st: Any = state
        if len(st.sheets[0]) != self._done:
            self._done = len(st.sheets[0])
            for s in range(st.game.num_seats):
                self._note(st, s)


def fortunes_of(state: State) -> dict[int, int]:
    """Each seat's standing as its game's end-of-game sheets (``GameSpec.report``) count it:
    the ``profit`` that closes its sheet (Biznes po polsku: its fortune)."""
    report = spec(state.game.id).report
    assert report is not None, f"{state.game.id} has no end-of-game sheets"
    return {int(sheet["seat"]): int(sheet["profit"]) for sheet in report(state)}


def probe_for(game_id: str) -> Probe:
    """A fresh probe of ``game_id``: the one its spec's faces name, else :class:`Probe` (also for
    a game the registry does not know)."""
    named = faces_of(game_id).probe
    probe = find(named)() if named else Probe()
    if not isinstance(probe, Probe):
        raise InvalidConfig(f"{game_id}'s probe {named!r} is no tycoon.sim.lab.probes.Probe")
    return probe
