"""The seating of a table: who sits where, who is here, whose clock runs, and the bots that
stand in for absent people.

People take open seats and the host seats bots; a seat's person counts as here while a client
of that seat is connected to this process or to another one sharing the database. A person
away for the table's ``replace_after`` seconds gets a stand-in bot, which gives the seat back
when the person returns or reclaims it. Clocks run only for a person who is here. See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tycoon.core.game import TERMINAL, State
from tycoon.server.authority import Pending
from tycoon.server.bots import check_kind
from tycoon.server.clocks import ClockRule, Clocks
from tycoon.server.common import PLAYING, WAITING, Client, Stale, TableError
from tycoon.server.guard import token_matches
from tycoon.server.store import Conflict, StoreError

if TYPE_CHECKING:
    from tycoon.server.table import ServerTable


class Seating:
    """The seats of one table, their people's presence, their clocks and their stand-ins."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        row = table.row
        self.local: list[int] = [0] * table.seats
        """Connections per seat in this process."""
        self.present: list[bool] = [False] * table.seats
        self.away_since: dict[int, float] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        """The clocks after which a stand-in takes an absent person's seat (``away:<seat>``)."""
        self.rule = ClockRule.read(row.settings.get("clock"))
        self.clocks = Clocks(self.rule, table.seats, (row.clocks or {}).get("banks")) if self.rule else None

    # --- what the seats are -------------------------------------------------------------

    def seat_json(self) -> list[dict[str, Any]]:
        out = []
        for s, seat in enumerate(self.table.row.seats):
            out.append(
                {
                    "seat": s,
                    "name": seat.get("name"),
                    "kind": seat["kind"],
                    "bot": seat.get("bot"),
                    "connected": self.present[s] if seat["kind"] == "human" else None,
                    "stand_in": seat.get("stand_in"),
                }
            )
        return out

    def default_bot(self) -> str:
        table = self.table
        return str(table.row.settings.get("stand_in") or ("bot" if "bot" in table.spec.bots else "random"))

    def controller(self, seat: int) -> tuple[str, str | None]:
        """Who decides for ``seat`` now: ``("bot", kind)``, ``("stand-in", kind)`` or
        ``("person", None)``."""
        info = self.table.row.seats[seat]
        if info["kind"] == "bot":
            return "bot", info.get("bot") or self.default_bot()
        if info.get("stand_in"):
            return "stand-in", info["stand_in"]
        return "person", None

    # --- clocks -------------------------------------------------------------------------

    def clock_turn(self, state: State, status: str, actor: int | None, new_decision: bool) -> None:
        """Run the clock of the person whose decision ``state`` awaits (none for a bot's)."""
        assert self.clocks is not None
        now = time.monotonic()
        p = state.current_player() if status == PLAYING else TERMINAL
        timed = p if p >= 0 and self.controller(p)[0] == "person" else None
        if timed is None:
            self.clocks.stop(now)
        elif self.clocks.seat != timed or (new_decision and actor == timed):
            self.clocks.start(timed, now, running=self.present[timed])
        else:
            self.clocks.run(now, self.present[timed])

    def clocks_json(self) -> dict[str, Any] | None:
        return self.clocks.to_json(time.monotonic()) if self.clocks else None

    # --- start and seats ----------------------------------------------------------------

    async def start(self) -> None:
        """Start the game: open seats get bots, and chance deals."""
        table = self.table
        authority = table.authority
        async with table.lock:
            if table.row.status != WAITING:
                raise TableError("not-waiting", f"the game has already started (the table is {table.row.status})")
            seats = [dict(s) for s in table.row.seats]
            for number, seat in enumerate(seats):
                if seat["kind"] == "open":
                    seat.update(kind="bot", bot=self.default_bot(), name=seat.get("name") or f"Bot {number + 1}")
            work = authority.state.clone()
            pending = Pending(work, [], [], authority.chances)
            pending.fields = {"status": PLAYING, "seats": seats}
            pending.expect_meta = table.row.meta
            authority.chance(pending, time.time())
            try:
                await authority.commit(pending, actor=None)
            except Stale:
                raise TableError("conflict", "the table changed at the same time; try again") from None
            table.publisher.tell_seats()

    async def seat_bot(self, seat: int, kind: str | None) -> None:
        """The host seats a bot: before the game, in place of whoever sat there; during it, as a
        stand-in for the person (``None`` gives the seat back)."""
        table = self.table
        if not 0 <= seat < table.seats:
            raise TableError("bad-seat", f"there is no seat {seat}; seats are 0 to {table.seats - 1}")
        if kind is not None:
            check_kind(table.row.game, kind)
        async with table.lock:
            current = table.row.seats[seat]
            if table.row.status == WAITING:
                seats = [dict(s) for s in table.row.seats]
                if kind is None:
                    seats[seat] = {"kind": "open", "name": None}
                else:
                    seats[seat] = {"kind": "bot", "bot": kind, "name": current.get("name") or f"Bot {seat + 1}"}
                await self.update_seats(seats)
                table.publisher.tell_seats()
            elif table.row.status == PLAYING:
                if current["kind"] == "bot":
                    if kind is None:
                        raise TableError("bad-seat", f"seat {seat} is a bot's; name the kind of bot to seat instead")
                    seats = [dict(s) for s in table.row.seats]
                    seats[seat]["bot"] = kind
                    await self.update_seats(seats)
                    table.publisher.tell_seats()
                else:
                    notice = f"a bot plays for seat {seat}." if kind else f"seat {seat} is the person's again."
                    await self.set_stand_in(seat, kind, notice=notice)
                table.changed(actor=None, broadcast=False)
            else:
                table.authority.check_playing()
        await self.start_if_full()

    async def start_if_full(self) -> None:
        row = self.table.row
        if (
            row.status == WAITING
            and row.settings.get("autostart", True)
            and all(s["kind"] != "open" for s in row.seats)
        ):
            try:
                await self.start()
            except TableError as e:
                if e.code != "not-waiting":
                    raise

    async def join(self, name: str, token_hash: str, wanted: int | None) -> int:
        """A person takes an open seat (``wanted``, or the first open one)."""
        table = self.table
        async with table.lock:
            if table.row.status != WAITING:
                raise TableError("not-waiting", "the game has started; no seat is open")
            open_seats = [s for s, seat in enumerate(table.row.seats) if seat["kind"] == "open"]
            if wanted is not None and wanted not in open_seats:
                raise TableError("seat-taken", f"seat {wanted} is not open; open seats: {open_seats or 'none'}")
            if not open_seats:
                raise TableError("full", "every seat at this table is taken")
            number = wanted if wanted is not None else open_seats[0]
            seats = [dict(s) for s in table.row.seats]
            seats[number] = {"kind": "human", "name": name or f"Player {number + 1}", "token": token_hash}
            await self.update_seats(seats)
            table.publisher.tell_seats()
        await self.start_if_full()
        return number

    async def update_seats(self, seats: list[dict[str, Any]]) -> None:
        """Store ``seats`` (with the lock held) unless another process changed them first."""
        table = self.table
        try:
            await table.store.update(table.id, {"seats": seats}, table.row.meta)
        except Conflict:
            await table.catch_up_locked()
            raise TableError("conflict", "the table changed at the same time; try again") from None
        except StoreError:
            raise TableError("storage", "the change could not be stored; try again") from None
        table.row.seats = seats
        table.row.meta += 1

    async def set_stand_in(self, seat: int, kind: str | None, notice: str) -> None:
        seats = [dict(s) for s in self.table.row.seats]
        if seats[seat].get("stand_in") == kind:
            return
        seats[seat]["stand_in"] = kind
        await self.update_seats(seats)
        self.table.publisher.tell({"type": "notice", "text": notice})
        self.table.publisher.tell_seats()

    # --- who may come in ----------------------------------------------------------------

    async def may_watch(self, host: object) -> None:
        """Raise :class:`TableError` (``deal-in-play``) unless a spectator may watch now: not
        while another table of the same deal is waiting or playing, since its players would see
        the dice and cards their own table is yet to get. The host (``host``: the host's token)
        watches every table of the deal."""
        table = self.table
        if token_matches(host, table.row.host):
            return
        try:
            others = await table.store.deal_tables(table.row.deal)
        except StoreError:
            raise TableError("storage", "the table could not be read; try again") from None
        if any(t.id != table.id and t.status in (WAITING, PLAYING) for t in others):
            raise TableError(
                "deal-in-play",
                "another table plays the same deal and is not over yet: this one is watched once all are over "
                "(or with the host's link)",
            )

    def admit(self, seat: int | None, address: str | None) -> None:
        """Raise :class:`TableError` (``full``) unless a client for ``seat`` (``None``: a
        spectator) from ``address`` may connect now. A seat's person always may: spectators are
        capped apart, per table and per address, so that watchers never lock the players out."""
        if seat is not None:
            return
        config = self.table.config
        watching = [c for c in self.table.publisher.clients if c.seat is None]
        limit = config.max_spectators_per_table
        if len(watching) >= limit:
            raise TableError("full", f"this table has as many spectators as it takes ({limit}); try again later")
        per_address = config.max_spectators_per_address
        if sum(1 for c in watching if c.address == address) >= per_address:
            raise TableError(
                "full", f"this table takes at most {per_address} spectators from one address; close one to watch here"
            )

    # --- presence -----------------------------------------------------------------------

    def attach(self, client: Client) -> None:
        """A client joins: the others hear that its seat is here, then it gets its own sync
        (the caller sends it), which already shows it connected."""
        self.table.last_active = time.monotonic()
        if client.seat is not None:
            self.local[client.seat] += 1
            self.refresh_presence()
        self.table.publisher.clients.add(client)

    def detach(self, client: Client) -> None:
        self.table.publisher.clients.discard(client)
        self.table.last_active = time.monotonic()
        if client.seat is not None:
            self.local[client.seat] -= 1
            self.refresh_presence()

    def refresh_presence(self) -> None:
        """Notice seats whose person came or went (here or at another server process)."""
        table = self.table
        changed = False
        for s in range(table.seats):
            now_present = self.local[s] > 0 or table.hub.remote_present(table.id, s)
            if now_present != self.present[s]:
                self.present[s] = now_present
                changed = True
                self._presence_changed(s, now_present)
        if changed:
            table.hub.announce(table)
            table.publisher.tell_seats()

    def _presence_changed(self, seat: int, present: bool) -> None:
        table = self.table
        if table.row.seats[seat]["kind"] != "human" or table.closed:
            return
        now = time.monotonic()
        timer = self.timers.pop(f"away:{seat}", None)
        if timer is not None:
            timer.cancel()
        if present:
            self.away_since.pop(seat, None)
            if table.row.seats[seat].get("stand_in") and table.row.status == PLAYING:
                table.hub.spawn(self._returned(seat))
        else:
            self.away_since[seat] = now
            self._time_away(seat)
        if self.clocks is not None and self.clocks.seat == seat:
            self.clocks.run(now, present)
        table.bots.schedule()

    def _time_away(self, seat: int) -> None:
        """Start the clock after which a bot stands in for ``seat``'s absent person."""
        table = self.table
        after = table.row.settings.get("replace_after")
        if after is not None and table.row.status in (WAITING, PLAYING):
            self.timers[f"away:{seat}"] = asyncio.get_running_loop().call_later(
                float(after), lambda: table.hub.spawn(self._replace(seat))
            )

    def time_the_absent(self) -> None:
        """In play, every person's seat nobody is connected to has its stand-in clock running:
        also for a person who never came (the clock then runs from the start of the game, or
        from the table's loading after a restart), not only for one who came and went."""
        table = self.table
        if table.closed or table.row.status != PLAYING or table.row.settings.get("replace_after") is None:
            return
        now = time.monotonic()
        for seat, info in enumerate(table.row.seats):
            if (
                info["kind"] == "human"
                and not self.present[seat]
                and not info.get("stand_in")
                and f"away:{seat}" not in self.timers
            ):
                self.away_since.setdefault(seat, now)
                self._time_away(seat)

    # --- stand-ins ----------------------------------------------------------------------

    async def reclaim(self, seat: int) -> None:
        """A person takes their seat back from the bot standing in for them."""
        table = self.table
        async with table.lock:
            if not table.row.seats[seat].get("stand_in"):
                raise TableError("no-stand-in", "no bot plays for you: the seat is yours")
            await self.set_stand_in(seat, None, notice=f"seat {seat} takes the seat back from the bot.")
            table.changed(actor=None, broadcast=False)

    async def _returned(self, seat: int) -> None:
        table = self.table
        async with table.lock:
            if self.present[seat] and table.row.seats[seat].get("stand_in"):
                await self.set_stand_in(seat, None, notice=f"seat {seat} is back and takes the seat from the bot.")
                table.changed(actor=None, broadcast=False)

    async def _replace(self, seat: int) -> None:
        table = self.table
        self.timers.pop(f"away:{seat}", None)
        async with table.lock:
            if self.present[seat] or table.row.status != PLAYING or table.row.seats[seat].get("stand_in"):
                return
            await self.set_stand_in(seat, self.default_bot(), notice=f"seat {seat} is away: a bot plays for them.")
            table.changed(actor=None, broadcast=False)

    def shut(self) -> None:
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
