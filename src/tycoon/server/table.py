"""One table of the server: its game, its seats, its clients, its bots and its clock, as four
parts under one lock.

:class:`ServerTable` only composes them: the :class:`~tycoon.server.authority.Authority`
applies and stores every change of the game, the :class:`~tycoon.server.publisher.Publisher`
builds what each seat is shown and tells it, the :class:`~tycoon.server.seating.Seating`
keeps the seats, presence, clocks and stand-ins, and the
:class:`~tycoon.server.bots.BotRunner` makes the moves no person makes. (The games' own
``Table`` classes are their rulebooks' tables; this is the server's.) See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tycoon.core.game import State
from tycoon.core.registry import load, spec
from tycoon.server.authority import Authority
from tycoon.server.bots import BotRunner
from tycoon.server.common import CLOSED, summary
from tycoon.server.publisher import Publisher
from tycoon.server.seating import Seating
from tycoon.server.store import TableRow

if TYPE_CHECKING:
    from tycoon.server.hub import Hub


class ServerTable:
    """A table in memory (the hub loads it from the store and keeps it while it is used)."""

    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.store = hub.store
        self.config = hub.config
        self.row = row
        self.id = row.id
        self.spec = spec(row.game)
        self.game = load(row.game, players=len(row.seats), **row.options)
        self.seats = len(row.seats)
        self.lock = asyncio.Lock()
        """Held by every change of the game or the seats, so they happen one at a time."""
        self.last_active = time.monotonic()
        self.closed = False
        self.bots = BotRunner(self)
        self.authority = Authority(self)
        self.publisher = Publisher(self)
        self.seating = Seating(self)

    @property
    def state(self) -> State:
        """The state as stored (:attr:`Authority.state`)."""
        return self.authority.state

    @property
    def version(self) -> int:
        """The sequence number of the last log entry taken in."""
        return self.authority.version

    async def restore(self) -> None:
        """Rebuild the game and the chat from the store."""
        await self.authority.restore()
        await self.publisher.restore_chat()

    def summary(self) -> dict[str, Any]:
        """The public summary of the table (``GET /api/tables/{id}``)."""
        return summary(self.row, self.seating.seat_json(), self.version, self.spec.title)

    def changed(self, actor: int | None = None, broadcast: bool = True) -> None:
        """After every change: tell the clients, then see what must happen by itself."""
        self.last_active = time.monotonic()
        if broadcast:
            self.publisher.broadcast()
        self.seating.time_the_absent()
        if self.seating.clocks is not None and actor is None:
            self.seating.clock_turn(self.state, self.row.status, None, new_decision=False)
        self.bots.schedule()

    # --- other processes ----------------------------------------------------------------

    async def catch_up(self) -> None:
        """Take in what another server process stored (a move, a seat, the status)."""
        async with self.lock:
            await self.catch_up_locked()

    async def catch_up_locked(self) -> None:
        row = await self.store.table(self.id)
        if row is None:
            return
        entries = await self.store.entries(self.id, self.version)
        seats_changed = row.meta != self.row.meta or row.status != self.row.status
        self.row.seats, self.row.settings, self.row.meta = row.seats, row.settings, row.meta
        for entry in entries:
            self.authority.replay(entry, narrate=True)
        clocks = self.seating.clocks
        if row.clocks and clocks is not None and entries:
            clocks.banks = list(row.clocks.get("banks", clocks.banks))
        self.row.status, self.row.outcome, self.row.version = row.status, row.outcome, self.version
        if entries or seats_changed:
            self.changed(actor=None)
            if seats_changed:
                self.publisher.tell_seats()
        if self.row.status == CLOSED and not self.closed:
            self.shut("the host closed the table")

    # --- the end ------------------------------------------------------------------------

    async def close(self) -> None:
        """The host closes the table: no more moves; clients are told and let go."""
        async with self.lock:
            if self.row.status != CLOSED:
                await self.store.append(self.id, self.version, [], {"status": CLOSED})
                self.row.status = CLOSED
        self.shut("the host closed the table")

    def shut(self, reason: str) -> None:
        """Stop everything this table runs in this process and let its clients go."""
        self.closed = True
        self.seating.shut()
        self.bots.shut()
        self.publisher.shut(reason)

    def busy(self) -> bool:
        """Whether something runs by itself here (a bot thinking, a clock or an away timer)."""
        return bool(self.seating.timers) or self.bots.busy()
