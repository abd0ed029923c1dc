"""The hub: the tables this server process holds, how they are created, loaded and let go, and
what other processes on the same PostgreSQL database tell it.

A table is loaded from the store when a client or a request needs it and leaves memory when
nobody has watched it for a while and nothing runs by itself there. Several processes may hold
the same table: each applies its own clients' moves (the log's unique sequence numbers decide
who was first), and takes in the others' moves when PostgreSQL notifies it. Which seats have a
person connected is shared the same way, with a heartbeat, so stand-ins and clocks agree.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import secrets
import time
import uuid
from collections.abc import Coroutine
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from tycoon.core.registry import spec
from tycoon.server.common import CLOSED, FINISHED, PLAYING, WAITING, TableError, summary
from tycoon.server.config import ServerConfig
from tycoon.server.guard import RateLimits, new_id, new_token, token_hash, token_matches
from tycoon.server.requests import DealRef, RequestError, read_join, read_new_table
from tycoon.server.store import Store, StoreError, TableRow, open_store
from tycoon.server.table import ServerTable

log = logging.getLogger("tycoon.server")

PRESENCE_EVERY = 10.0
"""Seconds between presence heartbeats to other processes."""
PRESENCE_TTL = 30.0
"""Seconds after which another process's word on presence is forgotten."""


class Hub:
    def __init__(self, config: ServerConfig, store: Store | None = None) -> None:
        self.config = config
        self.store = store or open_store(
            config.db, sqlite_synchronous=config.sqlite_synchronous, sqlite_busy_timeout=config.sqlite_busy_timeout
        )
        self.tables: dict[str, ServerTable] = {}
        self._loading: dict[str, asyncio.Future[ServerTable | None]] = {}
        self.bots = ThreadPoolExecutor(max_workers=max(1, config.bot_threads), thread_name_prefix="tycoon-bot")
        self.searchers: ProcessPoolExecutor | None = None
        """The processes of the searching bots (``config.search_processes``), or ``None``."""
        self.restart_searchers()
        self.process = uuid.uuid4().hex[:12]
        """This process, in presence messages to others."""
        self.remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        """Per table, per other process: the seats with a person connected there, and until when
        that holds."""
        self.tasks: set[asyncio.Task[Any]] = set()
        self.create_limits = RateLimits(config.create_rate, 30)
        self.started = time.time()
        self.deals_made = 0
        """Tables set up since this process started (the deal's number under ``config.seed``)."""

    # --- life -------------------------------------------------------------------------

    async def start(self) -> None:
        await self.store.start(self.on_notify)
        self.spawn(self._housekeeping())
        self.spawn(self._resume())

    async def _resume(self) -> None:
        """Load every game in play, so that its bots and clocks go on after a restart without
        waiting for a person to come back."""
        for table_id in await self.store.playing_tables():
            try:
                await self.get(table_id)
            except Exception:
                log.exception("table %s could not be resumed", table_id)

    async def close(self) -> None:
        for table in list(self.tables.values()):
            if table.publisher.clients and self.store.shared:
                table.seating.local = [0] * table.seats
                await self._announce_now(table)
            table.shut("the server is stopping")
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.bots.shutdown(wait=False, cancel_futures=True)
        if self.searchers is not None:
            self.searchers.shutdown(wait=False, cancel_futures=True)
        await self.store.close()

    def restart_searchers(self, broken: ProcessPoolExecutor | None = None) -> None:
        """Start the search processes (``config.search_processes`` of them, if any); or, given
        the pool that broke (a process of it was killed), a new one in its place, once."""
        if broken is not None:
            if self.searchers is not broken:
                return  # already replaced
            broken.shutdown(wait=False, cancel_futures=True)
        if self.config.search_processes > 0:
            # Started by a server of their own, not forked from this process and its threads.
            context = multiprocessing.get_context("forkserver")
            self.searchers = ProcessPoolExecutor(max_workers=self.config.search_processes, mp_context=context)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background, keeping hold of it and logging what it raises."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def _housekeeping(self) -> None:
        beat = 0.0
        while True:
            await asyncio.sleep(1.0 if self.store.shared else 15.0)
            now = time.monotonic()
            if self.store.shared:
                self._expire_presence()
                if now - beat >= PRESENCE_EVERY:
                    beat = now
                    for table in list(self.tables.values()):
                        if table.publisher.clients:
                            await self._announce_now(table)
            for table in list(self.tables.values()):
                if (
                    not table.publisher.clients
                    and not table.busy()
                    and now - table.last_active > self.config.idle_unload
                ):
                    self.unload(table)

    def unload(self, table: ServerTable) -> None:
        table.shut("the table left memory")
        self.tables.pop(table.id, None)
        self.remote.pop(table.id, None)

    # --- tables -------------------------------------------------------------------------

    async def get(self, table_id: str) -> ServerTable:
        """The table, loaded if needed; :class:`RequestError` 404 if there is none."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 64:
            raise RequestError(404, "no-table", "there is no such table")
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_future()
            self._loading[table_id] = loading
            try:
                row = await self.store.table(table_id)
                found: ServerTable | None = None
                if row is not None:
                    found = ServerTable(self, row)
                    await found.restore()
                    if row.status == CLOSED:
                        found.closed = True
                    else:
                        self.tables[table_id] = found
                        found.changed(actor=None, broadcast=False)
                loading.set_result(found)
            except Exception as e:
                loading.set_exception(e)
                loading.exception()  # retrieved: the waiting requests re-raise it
                raise
            finally:
                self._loading.pop(table_id, None)
        table = await loading
        if table is None:
            raise RequestError(404, "no-table", f"there is no table {table_id!r}")
        return table

    async def row(self, table_id: str) -> TableRow:
        table = self.tables.get(table_id)
        if table is not None:
            return table.row
        row = await self.store.table(table_id)
        if row is None:
            raise RequestError(404, "no-table", f"there is no table {table_id!r}")
        return row

    async def summary(self, table_id: str) -> dict[str, Any]:
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        row = await self.row(table_id)
        seats = [
            {
                "seat": s,
                "name": seat.get("name"),
                "kind": seat["kind"],
                "bot": seat.get("bot"),
                "connected": self.remote_present(table_id, s) if seat["kind"] == "human" else None,
                "stand_in": seat.get("stand_in"),
            }
            for s, seat in enumerate(row.seats)
        ]
        return summary(row, seats, row.version, spec(row.game).title)

    async def open_tables(self) -> list[dict[str, Any]]:
        rows = await self.store.open_tables()
        out = []
        for row in rows:
            # A copy of a deal (copies, same_deal_as) is never listed: whoever plays one copy
            # would find the others there, and watch one further ahead.
            listed = row.settings.get("listed", True) and not row.settings.get("copy_of")
            if listed and any(s["kind"] == "open" for s in row.seats):
                out.append(await self.summary(row.id))
            if len(out) >= 100:
                break
        return out

    def check_host(self, row: TableRow, token: object) -> None:
        if not token:
            raise RequestError(401, "no-token", "this needs the host's token: send 'Authorization: Bearer <token>'")
        if not token_matches(token, row.host):
            raise RequestError(403, "not-host", "that is not this table's host token")

    async def record_ready(self, row: TableRow) -> None:
        """Raise unless the record may be shown: the game is over here and at every table that
        shares its deal (their dice and cards are the same)."""
        if row.status not in (FINISHED, CLOSED):
            raise RequestError(409, "not-over", "the record is shown once the game is over")
        for other in await self.store.deal_tables(row.deal):
            if other.status not in (FINISHED, CLOSED):
                raise RequestError(
                    409,
                    "deal-in-play",
                    "another table plays the same deal and is not over yet; its players must not see this one first",
                )

    # --- creating tables ----------------------------------------------------------------

    def _next_seed(self) -> str:
        """The seed of the next deal: fresh random bits, or the server's seed and the deal's
        number when ``--seed`` was given."""
        self.deals_made += 1
        if self.config.seed is None:
            return str(secrets.randbits(64))
        return f"{self.config.seed}:{self.deals_made}"

    async def create(self, body: Any, base: str, address: str) -> dict[str, Any]:
        """Set up one table (or several sharing a deal) from a ``POST /api/tables`` body."""
        if not self.create_limits.allow(address):
            raise RequestError(429, "rate", "too many tables set up from this address; wait a little")
        request = read_new_table(body)
        game_id, plans, host_seat = request.game, request.seats, request.host_seat
        settings = request.settings()

        host = new_token()
        seed, deal = self._next_seed(), new_id()
        copy_of: str | None = None
        if request.same_deal_as is not None:
            seed, deal = await self._same_deal(request.same_deal_as, game_id, request.options, len(plans))
            host_row = await self.row(request.same_deal_as.table)
            host_hash = host_row.host
            host = str(request.same_deal_as.host_token)
            copy_of = host_row.id
        else:
            host_hash = token_hash(host)

        rows: list[TableRow] = []
        answers: list[dict[str, Any]] = []
        for _ in range(request.copies):
            table_id = new_id()
            copy_of = copy_of or (rows[0].id if rows else None)
            seats_row = []
            seats_out = []
            for number, plan in enumerate(plans):
                entry = plan.to_row()
                out: dict[str, Any] = {"seat": number, "kind": plan.kind, "name": plan.name}
                if plan.kind == "human":
                    token = new_token()
                    entry["token"] = token_hash(token)
                    fragment = f"token={token}" + (f"&host={host}" if number == host_seat else "")
                    out.update(token=token, link=f"{base}/table/{table_id}#{fragment}")
                elif plan.kind == "bot":
                    out["bot"] = plan.bot
                seats_row.append(entry)
                seats_out.append(out)
            row_settings = {**settings, "copy_of": copy_of} if copy_of else settings
            rows.append(TableRow(table_id, game_id, request.options, seats_row, row_settings, seed, deal, host_hash))
            answers.append(
                {
                    "id": table_id,
                    "game": game_id,
                    "seats": seats_out,
                    "spectator_link": f"{base}/table/{table_id}",
                    "host_link": f"{base}/table/{table_id}#host={host}",
                }
            )
        try:
            await self.store.create(rows)
        except StoreError:
            raise RequestError(503, "storage", "the table could not be stored; try again") from None
        for answer in answers:
            if request.autostart and all(p.kind != "open" for p in plans):
                table = await self.get(answer["id"])
                await table.seating.start()
            answer["status"] = (await self.row(answer["id"])).status
        first = dict(answers[0])
        first["host_token"] = host
        if request.copies > 1:
            first["copies"] = answers[1:]
        return first

    async def _same_deal(self, ref: DealRef, game_id: str, options: dict[str, Any], seats: int) -> tuple[str, str]:
        row = await self.row(ref.table)
        self.check_host(row, ref.host_token)
        if row.game != game_id or row.options != options or len(row.seats) != seats:
            raise RequestError(
                400, "bad-request", "a table with the same deal plays the same game with the same options and seats"
            )
        # Once a table of the deal is over its record (every card, every die) may be read by
        # anyone, and a new table with that deal would be played by people who know it.
        over = [t.id for t in await self.store.deal_tables(row.deal) if t.status not in (WAITING, PLAYING)]
        if over:
            raise RequestError(
                409,
                "deal-over",
                f"table {over[0]} of this deal is over (finished or closed), so its cards may be known; "
                "a deal is shared only while every table of it is waiting or playing: set up a new table instead",
            )
        return row.seed, row.deal

    # --- seats --------------------------------------------------------------------------

    async def join(self, table_id: str, body: Any, base: str) -> dict[str, Any]:
        request = read_join(body)
        table = await self.get(table_id)
        token = new_token()
        try:
            number = await table.seating.join(request.name, token_hash(token), request.seat)
        except TableError as e:
            raise RequestError(409, e.code, e.message) from None
        return {
            "id": table_id,
            "seat": number,
            "token": token,
            "link": f"{base}/table/{table_id}#token={token}",
            "status": table.row.status,
        }

    # --- other processes ----------------------------------------------------------------

    def on_notify(self, payload: str) -> None:
        if payload == "*":
            for loaded in list(self.tables.values()):
                self.spawn(loaded.catch_up())
            return
        kind, _, rest = payload.partition(":")
        if kind in ("t", "c"):
            table = self.tables.get(rest)
            if table is not None:
                self.spawn(table.catch_up() if kind == "t" else table.publisher.catch_up_chat())
        elif kind == "p":
            try:
                data = json.loads(rest)
                proc, table_id, seats = str(data["proc"]), str(data["t"]), frozenset(int(s) for s in data["s"])
            except (ValueError, KeyError, TypeError):
                return
            if proc == self.process:
                return
            self.remote.setdefault(table_id, {})[proc] = (seats, time.monotonic() + PRESENCE_TTL)
            watched = self.tables.get(table_id)
            if watched is not None:
                watched.seating.refresh_presence()

    def remote_present(self, table_id: str, seat: int) -> bool:
        now = time.monotonic()
        return any(seat in seats and until > now for seats, until in self.remote.get(table_id, {}).values())

    def _expire_presence(self) -> None:
        now = time.monotonic()
        for table_id, procs in list(self.remote.items()):
            stale = [p for p, (_, until) in procs.items() if until <= now]
            for p in stale:
                del procs[p]
            if stale and table_id in self.tables:
                self.tables[table_id].seating.refresh_presence()

    def announce(self, table: ServerTable) -> None:
        """Tell other processes which seats of ``table`` have a person connected here."""
        if self.store.shared:
            self.spawn(self._announce_now(table))

    async def _announce_now(self, table: ServerTable) -> None:
        seats = [s for s in range(table.seats) if table.seating.local[s] > 0]
        payload = "p:" + json.dumps({"proc": self.process, "t": table.id, "s": seats}, separators=(",", ":"))
        try:
            await self.store.announce(payload)
        except StoreError as e:
            log.warning("could not tell other processes who is connected: %s", e)

    def stats(self) -> dict[str, Any]:
        return {
            "tables_loaded": len(self.tables),
            "clients": sum(len(t.publisher.clients) for t in self.tables.values()),
            "commits": self.store.commits,
            "uptime": round(time.time() - self.started, 1),
        }


__all__ = ["WAITING", "Hub"]
