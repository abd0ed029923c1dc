"""Where tables live between moves: table rows, the append-only action log, snapshots, chat.

One :class:`Store` for both databases: SQLite (stdlib ``sqlite3``, the embedded default) and
PostgreSQL (``psycopg``). Every write goes through one writer thread that commits whatever
has queued up in a single transaction (group commit), each job inside its own savepoint, so
one table's conflict never spoils another's move. A job's future resolves only after the
commit: the server tells nobody of a move before it is stored. The log's primary key
``(table_id, seq)`` is the guard against two writers storing the same sequence number; the
loser gets :class:`Conflict`. On PostgreSQL each stored move also sends ``NOTIFY tycoon`` so
that other server processes sharing the database catch up. See docs/decisions/0013-game-server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import sqlite3
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import orjson

log = logging.getLogger("tycoon.server")

T = TypeVar("T")

SCHEMA_VERSION = 1
CHANNEL = "tycoon"
"""The PostgreSQL notification channel."""


class StoreError(Exception):
    """The database failed (connection lost, disk full, the file gone): the write did not
    happen, or the read could not be made."""


class Conflict(StoreError):
    """Another writer changed the table first (a sequence number taken, a version moved on)."""


@dataclass
class TableRow:
    """A table as stored: its setup, its seats and where its game stands."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    """Per seat: ``kind`` (human, bot, open), ``name``, ``bot`` (its kind), ``token`` (the
    SHA-256 of the seat's token, never the token), ``stand_in`` (a bot playing for an absent
    person)."""
    settings: dict[str, Any]
    """Clock, stand-in rules, autostart, listing."""
    seed: str
    """The seed of chance; never leaves the server."""
    deal: str
    """Tables sharing a deal share the seed (duplicate play)."""
    host: str
    """The SHA-256 of the host's token."""
    status: str = "waiting"
    version: int = 0
    """The sequence number of the last log entry."""
    meta: int = 0
    """Bumped by every change of seats or settings (optimistic locking)."""
    clocks: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)


@dataclass
class Entry:
    """One line of a table's action log."""

    seq: int
    """From 1, one per entry, unique per table."""
    kind: str
    """``move`` or ``takeback`` (the seat's last move is taken back)."""
    seat: int
    """The seat that moved, or -1 for chance."""
    action: dict[str, Any] | None
    """The action's JSON form (none for a take-back)."""
    by: str
    """Who chose it: ``person``, ``bot``, ``stand-in``, ``clock`` or ``chance``."""
    at: float
    """When it was stored (Unix time)."""


@dataclass
class ChatLine:
    id: int
    table_id: str
    seat: int
    to: int | None
    name: str
    text: str
    at: float


_SCHEMA = {
    "sqlite": """
CREATE TABLE IF NOT EXISTS tycoon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
    settings TEXT NOT NULL, seed TEXT NOT NULL, deal TEXT NOT NULL, host TEXT NOT NULL,
    status TEXT NOT NULL, version INTEGER NOT NULL, meta INTEGER NOT NULL, clocks TEXT,
    outcome TEXT, created REAL NOT NULL, updated REAL NOT NULL);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
CREATE INDEX IF NOT EXISTS tables_deal ON tables (deal);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
    action TEXT, by TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    to_seat INTEGER, name TEXT NOT NULL, text TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);
""",
    "postgresql": """
CREATE TABLE IF NOT EXISTS tycoon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
    settings TEXT NOT NULL, seed TEXT NOT NULL, deal TEXT NOT NULL, host TEXT NOT NULL,
    status TEXT NOT NULL, version INTEGER NOT NULL, meta INTEGER NOT NULL, clocks TEXT,
    outcome TEXT, created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status);
CREATE INDEX IF NOT EXISTS tables_deal ON tables (deal);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
    action TEXT, by TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, data BYTEA NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS chat (
    id BIGSERIAL PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    to_seat INTEGER, name TEXT NOT NULL, text TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);
""",
}

_COLUMNS = (
    "id, game, options, seats, settings, seed, deal, host, status, version, meta, clocks, outcome, created, updated"
)


def _row(values: Sequence[Any]) -> TableRow:
    (
        id_,
        game,
        options,
        seats,
        settings,
        seed,
        deal,
        host,
        status,
        version,
        meta,
        clocks,
        outcome,
        created,
        updated,
    ) = values
    return TableRow(
        id=id_,
        game=game,
        options=json.loads(options),
        seats=json.loads(seats),
        settings=json.loads(settings),
        seed=seed,
        deal=deal,
        host=host,
        status=status,
        version=version,
        meta=meta,
        clocks=json.loads(clocks) if clocks else None,
        outcome=json.loads(outcome) if outcome else None,
        created=created,
        updated=updated,
    )


def _dump(value: Any) -> str | None:
    """JSON text for a column: compact, UTF-8, by orjson as the messages are (the standard
    library's encoder took a quarter of the writer's time under load)."""
    return None if value is None else orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class Cursor:
    """What a write job gets: ``execute`` with ``?`` placeholders on either database."""

    def __init__(self, raw: Any, dialect: str) -> None:
        self.raw = raw
        self.dialect = dialect

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        if self.dialect == "postgresql":
            sql = sql.replace("?", "%s")
        return self.raw.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if self.dialect == "postgresql":
            with self.raw.cursor() as cur:
                cur.executemany(sql.replace("?", "%s"), rows)
            return
        self.raw.executemany(sql, rows)


Job = Callable[[Cursor], Any]


class Store:
    """The database behind the server (see the module docstring)."""

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 5.0) -> None:
        self.url = url
        if url.startswith("sqlite:///"):
            self.dialect = "sqlite"
            self.path = url.removeprefix("sqlite:///")
        elif url.startswith(("postgresql://", "postgres://")):
            self.dialect = "postgresql"
            self.path = ""
        else:
            raise ValueError(f"unknown database URL {url!r}: use sqlite:///PATH or postgresql://...")
        if sqlite_synchronous.upper() not in ("FULL", "NORMAL"):
            raise ValueError("sqlite_synchronous is FULL or NORMAL")
        self.synchronous = sqlite_synchronous.upper()
        if not 0 <= sqlite_busy_timeout <= 600:
            raise ValueError("sqlite_busy_timeout is seconds, from 0 to 600")
        self.busy_timeout = sqlite_busy_timeout
        """Seconds a statement waits for a lock another process holds before it fails."""
        self._jobs: queue.SimpleQueue[tuple[Job, asyncio.Future[Any]] | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tycoon-db-read")
        self._local = threading.local()
        self._listener: threading.Thread | None = None
        self._stopping = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._on_notify: Callable[[str], None] | None = None
        self._lock_file: Any = None
        self._file: int | None = None
        """A descriptor of the SQLite file, held open while the server runs: its lock, and
        the file whose deletion :meth:`_check_file` notices."""
        self._identity: tuple[int, int] | None = None
        self._wal_identity: tuple[int, int] | None = None
        self._connections: list[Any] = []
        self.origin = uuid.uuid4().hex[:12]
        """This process, in its notifications: it ignores its own."""
        self.commits = 0
        """Transactions committed (for the benchmark)."""

    # --- life -------------------------------------------------------------------------

    def describe(self) -> str:
        """The database for people: the SQLite file, or the PostgreSQL URL without password."""
        if self.dialect == "sqlite":
            return self.path
        head, at, tail = self.url.rpartition("@")
        if at and ":" in head.split("//", 1)[-1]:
            user = head.split("//", 1)[-1].split(":", 1)[0]
            return f"{head.split('//', 1)[0]}//{user}:***@{tail}"
        return self.url

    async def start(self, on_notify: Callable[[str], None] | None = None) -> None:
        """Open the database (creating the file and the schema when needed) and start the
        writer thread, and on PostgreSQL the listener for other processes' notifications."""
        self._loop = asyncio.get_running_loop()
        self._on_notify = on_notify
        await asyncio.to_thread(self._prepare)
        ready = threading.Event()
        self._writer = threading.Thread(target=self._write_loop, args=(ready,), name="tycoon-db-write", daemon=True)
        self._writer.start()
        await asyncio.to_thread(ready.wait)
        if self.dialect == "postgresql" and on_notify is not None:
            started = threading.Event()
            self._listener = threading.Thread(
                target=self._listen_loop, args=(started,), name="tycoon-db-listen", daemon=True
            )
            self._listener.start()
            await asyncio.to_thread(started.wait, 10)

    async def close(self) -> None:
        self._stopping.set()
        self._jobs.put(None)
        if self._writer is not None:
            await asyncio.to_thread(self._writer.join, 10)
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
        self._readers.shutdown(wait=True)
        for conn in self._connections:
            with contextlib.suppress(Exception):
                conn.close()
        self._connections.clear()
        self._unlock_sqlite()

    def check(self) -> None:
        """Open the database once, as the server will (creating the file and the schema), and let
        go of it: :class:`StoreError` saying why it cannot be used, before anything starts."""
        try:
            self._prepare()
        except StoreError:
            raise
        except Exception as e:
            raise StoreError(f"cannot open the database {self.describe()}: {e}") from None
        finally:
            self._unlock_sqlite()

    def _connect(self, *, autocommit: bool = False) -> Any:
        if self.dialect == "sqlite":
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=self.busy_timeout)
            conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self.synchronous}")
            return conn
        import psycopg

        return psycopg.connect(self.url, autocommit=autocommit)

    def _prepare(self) -> None:
        if self.dialect == "sqlite":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._lock_sqlite()
        conn = self._connect(autocommit=True)
        try:
            cur = Cursor(conn, self.dialect)
            if self.dialect == "postgresql":
                # Two processes starting at once must not both create the schema.
                cur.execute("SELECT pg_advisory_lock(7411)")
            for statement in _SCHEMA[self.dialect].split(";"):
                if statement.strip():
                    cur.execute(statement)
            found = cur.execute("SELECT value FROM tycoon_meta WHERE key = 'schema'").fetchone()
            if found is None:
                cur.execute("INSERT INTO tycoon_meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(found[0]) > SCHEMA_VERSION:
                raise StoreError(
                    f"the database was written by a newer tycoon (schema {found[0]}; this one knows {SCHEMA_VERSION})"
                )
            self._probe(cur)
            if self.dialect == "postgresql":
                cur.execute("SELECT pg_advisory_unlock(7411)")
        finally:
            conn.close()

    def _probe(self, cur: Cursor) -> None:
        """Write to the database once and commit, so that a database the server may read but
        not write (a read-only file or folder, an immutable file, a read-only PostgreSQL
        user) is refused before the server says it serves, not at every move after."""
        try:
            cur.execute(
                "INSERT INTO tycoon_meta (key, value) VALUES ('opened', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (repr(time.time()),),
            )
        except Exception as e:
            raise StoreError(f"cannot write to the database {self.describe()}: {e}") from None

    def _lock_sqlite(self) -> None:
        """One server process per SQLite file: a second would not hear the first's moves, and
        through another name (a symlink, a hard link) it would even keep a log of its own.

        The lock is on the file, not on its name: on Linux an ``flock`` of the database file
        itself, which Linux keeps apart from the POSIX locks SQLite takes on it; elsewhere
        (where the two kinds of lock may meet) an ``flock`` of a lock file beside the file the
        name resolves to. The descriptor also tells :meth:`_check_file` the file's identity."""
        real = os.path.realpath(self.path)
        try:
            fd = os.open(real, os.O_RDONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        except OSError as e:
            raise StoreError(f"cannot open the database {self.path}: {e.strerror or e}") from None
        info = os.fstat(fd)
        self._file, self._identity = fd, (info.st_dev, info.st_ino)
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks here; documented
            return
        target: Any = fd
        if not sys.platform.startswith("linux"):
            target = self._lock_file = open(real + ".lock", "a+")  # noqa: SIM115 (held while serving)
        try:
            fcntl.flock(target, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._unlock_sqlite()
            raise StoreError(
                f"another tycoon server is using {self.path}; several servers share a PostgreSQL "
                "database, not an SQLite file"
            ) from None

    def _unlock_sqlite(self) -> None:
        """Let go of the lock (after the connections: closing a descriptor of the file drops
        every POSIX lock this process holds on it, SQLite's included)."""
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None
        if self._file is not None:
            os.close(self._file)
            self._file = None

    def _remember_wal(self, conn: Any) -> None:
        """Note which file the WAL is, once the writer has it open."""
        conn.execute("SELECT count(*) FROM tycoon_meta").fetchone()  # opens (or makes) the WAL
        with contextlib.suppress(OSError):
            info = os.stat(self.path + "-wal")
            self._wal_identity = (info.st_dev, info.st_ino)

    def _check_file(self) -> None:
        """Before a commit: :class:`StoreError` if the database file or its WAL was deleted or
        replaced while the server ran. SQLite would go on writing to the open, nameless files
        and report success; after a restart every such move would be gone. One ``fstat`` and
        two ``stat`` calls per transaction, against a commit's ``fsync``."""
        if self._file is None or self._identity is None:
            return
        try:
            gone = os.fstat(self._file).st_nlink == 0
            info = os.stat(self.path)
            gone = gone or (info.st_dev, info.st_ino) != self._identity
            if self._wal_identity is not None:
                wal = os.stat(self.path + "-wal")
                gone = gone or (wal.st_dev, wal.st_ino) != self._wal_identity
        except FileNotFoundError:
            gone = True
        if gone:
            raise StoreError(
                f"the database file {self.path} (or its -wal) was deleted or replaced while the "
                "server ran; nothing more can be stored: restore it and restart the server"
            )

    def _check_writable(self) -> None:
        """Before SQLite touches the files: :class:`StoreError` if the database, its WAL or the
        WAL's index (-shm) can no longer be written (made read-only or immutable while the
        server ran). The index is a shared memory map, and a write to it after the file was made
        immutable kills the process with SIGBUS, without a word; ``access`` asks the kernel
        first (one system call a file)."""
        if self._file is None:
            return
        for name in (self.path, self.path + "-wal", self.path + "-shm"):
            if os.path.exists(name) and not os.access(name, os.W_OK):
                raise StoreError(
                    f"the database file {name} can no longer be written (made read-only or immutable "
                    "while the server ran); nothing more can be stored or read safely: make it "
                    "writable again and restart the server"
                )

    # --- the writer -------------------------------------------------------------------

    def write(self, job: Job) -> asyncio.Future[Any]:
        """Run ``job(cursor)`` in the next transaction; the future resolves after the commit
        with the job's result, or fails with :class:`Conflict` or :class:`StoreError`."""
        assert self._loop is not None, "the store is not started"
        future: asyncio.Future[Any] = self._loop.create_future()
        self._jobs.put((job, future))
        return future

    def _write_loop(self, ready: threading.Event) -> None:
        conn = None
        try:
            conn = self._connect()
            if self.dialect == "sqlite":
                self._remember_wal(conn)
        except Exception as e:
            log.error("cannot open the database: %s", e)
        finally:
            ready.set()
        while True:
            first = self._jobs.get()
            if first is None:
                break
            jobs = [first]
            while len(jobs) < 500:
                try:
                    nxt = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._jobs.put(None)
                    break
                jobs.append(nxt)
            results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
            try:
                if conn is None:
                    conn = self._connect()
                    if self.dialect == "sqlite" and self._wal_identity is None:
                        self._remember_wal(conn)
                results = self._run_batch(conn, jobs)
            except Exception as e:  # the whole transaction failed
                log.error("database write failed: %s", e)
                try:
                    if conn is None:
                        pass
                    elif self.dialect == "postgresql":
                        conn.rollback()
                    elif conn.in_transaction:  # not when refused before it began
                        conn.execute("ROLLBACK")
                except Exception:
                    pass
                if self.dialect == "postgresql":
                    try:
                        if conn is not None:
                            conn.close()
                    except Exception:
                        pass
                    conn = None
                failure = StoreError(f"the database failed: {e}")
                results = [(future, None, failure) for _, future in jobs]
            self.commits += 1
            loop = self._loop
            assert loop is not None
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle, results)
        if conn is not None:
            conn.close()

    def _run_batch(
        self, conn: Any, jobs: list[tuple[Job, asyncio.Future[Any]]]
    ) -> list[tuple[asyncio.Future[Any], Any, BaseException | None]]:
        """Commit ``jobs`` in one transaction. First all at once, which is what nearly always
        happens; if one of them fails (a conflict), the transaction is rolled back and run
        again with each job in a savepoint of its own, so that only that job fails."""
        cur = Cursor(conn, self.dialect)
        self._begin(cur)
        try:
            results = [job(cur) for job, _ in jobs]
        except Exception:
            self._rollback(conn, cur)
        else:
            self._commit(conn, cur)
            return [(future, result, None) for (_, future), result in zip(jobs, results, strict=True)]
        return self._run_one_by_one(conn, cur, jobs)

    def _run_one_by_one(
        self, conn: Any, cur: Cursor, jobs: list[tuple[Job, asyncio.Future[Any]]]
    ) -> list[tuple[asyncio.Future[Any], Any, BaseException | None]]:
        integrity: tuple[type[BaseException], ...] = (sqlite3.IntegrityError, Conflict)
        if self.dialect == "postgresql":
            import psycopg

            integrity = (psycopg.IntegrityError, Conflict)
        self._begin(cur)
        out: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        for job, future in jobs:
            cur.execute("SAVEPOINT job")
            try:
                result = job(cur)
            except integrity as e:
                cur.execute("ROLLBACK TO SAVEPOINT job")
                cur.execute("RELEASE SAVEPOINT job")
                out.append((future, None, e if isinstance(e, Conflict) else Conflict(str(e))))
                continue
            except Exception as e:
                cur.execute("ROLLBACK TO SAVEPOINT job")
                cur.execute("RELEASE SAVEPOINT job")
                log.exception("a database job failed")
                out.append((future, None, StoreError(str(e))))
                continue
            cur.execute("RELEASE SAVEPOINT job")
            out.append((future, result, None))
        self._commit(conn, cur)
        return out

    def _begin(self, cur: Cursor) -> None:
        if self.dialect == "sqlite":
            self._check_writable()
            cur.execute("BEGIN IMMEDIATE")

    def _commit(self, conn: Any, cur: Cursor) -> None:
        if self.dialect == "sqlite":
            self._check_file()
            self._check_writable()
            cur.execute("COMMIT")
        else:
            conn.commit()

    def _rollback(self, conn: Any, cur: Cursor) -> None:
        if self.dialect == "sqlite":
            cur.execute("ROLLBACK")
        else:
            conn.rollback()

    # --- reads ------------------------------------------------------------------------

    async def read(self, fn: Callable[[Cursor], T]) -> T:
        """Run ``fn(cursor)`` on a reading connection, off the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, self._read, fn)

    def _read(self, fn: Callable[[Cursor], T]) -> T:
        """``fn`` on this thread's connection; whatever fails (connecting too) is a
        :class:`StoreError`, which the server answers ``storage``."""
        conn = getattr(self._local, "conn", None)
        try:
            if self.dialect == "sqlite":
                self._check_writable()
            if conn is None:
                conn = self._connect(autocommit=True)
                self._local.conn = conn
                self._connections.append(conn)
            return fn(Cursor(conn, self.dialect))
        except Exception as e:
            if self.dialect == "postgresql" and conn is not None:
                self._local.conn = None
                with contextlib.suppress(ValueError):
                    self._connections.remove(conn)
                with contextlib.suppress(Exception):
                    conn.close()
            raise StoreError(f"the database failed: {e}") from e

    # --- notifications (PostgreSQL) -----------------------------------------------------

    def _listen_loop(self, started: threading.Event) -> None:
        while not self._stopping.is_set():
            try:
                conn = self._connect(autocommit=True)
                conn.execute(f"LISTEN {CHANNEL}")
                started.set()
                while not self._stopping.is_set():
                    for note in conn.notifies(timeout=0.5):
                        payload, _, origin = note.payload.rpartition("@")
                        if origin != self.origin:  # this process knows what it stored itself
                            self._deliver(payload)
                conn.close()
            except Exception as e:
                started.set()
                if not self._stopping.is_set():
                    log.warning("lost the PostgreSQL notification connection (%s); reconnecting", e)
                    # Whatever was missed meanwhile: tell the server to check every table.
                    self._deliver("*")
                    time.sleep(1.0)

    def _deliver(self, payload: str) -> None:
        if self._on_notify is None or self._loop is None:
            return
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._on_notify, payload)

    def notify(self, cur: Cursor, payload: str) -> None:
        """Inside a write job: tell other processes (PostgreSQL; delivered at commit)."""
        if self.dialect == "postgresql":
            cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{payload}@{self.origin}"))

    async def announce(self, payload: str) -> None:
        """Tell other processes something that needs no write of its own (presence)."""
        if self.dialect == "postgresql":
            await self.write(lambda cur: self.notify(cur, payload))

    # --- the operations the server uses ---------------------------------------------------

    async def create(self, rows: list[TableRow]) -> None:
        def job(cur: Cursor) -> None:
            for r in rows:
                cur.execute(
                    f"INSERT INTO tables ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        r.id,
                        r.game,
                        _dump(r.options),
                        _dump(r.seats),
                        _dump(r.settings),
                        r.seed,
                        r.deal,
                        r.host,
                        r.status,
                        r.version,
                        r.meta,
                        _dump(r.clocks),
                        _dump(r.outcome),
                        r.created,
                        r.updated,
                    ),
                )

        await self.write(job)

    async def table(self, table_id: str) -> TableRow | None:
        def fn(cur: Cursor) -> TableRow | None:
            found = cur.execute(f"SELECT {_COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            return _row(found) if found else None

        return await self.read(fn)

    async def open_tables(self, limit: int = 100) -> list[TableRow]:
        def fn(cur: Cursor) -> list[TableRow]:
            rows = cur.execute(
                f"SELECT {_COLUMNS} FROM tables WHERE status = 'waiting' ORDER BY created DESC LIMIT ?", (limit * 4,)
            ).fetchall()
            return [_row(r) for r in rows]

        return await self.read(fn)

    async def playing_tables(self) -> list[str]:
        """The ids of the tables whose game is on."""

        def fn(cur: Cursor) -> list[str]:
            return [r[0] for r in cur.execute("SELECT id FROM tables WHERE status = 'playing'").fetchall()]

        return await self.read(fn)

    async def deal_tables(self, deal: str) -> list[TableRow]:
        def fn(cur: Cursor) -> list[TableRow]:
            rows = cur.execute(f"SELECT {_COLUMNS} FROM tables WHERE deal = ?", (deal,)).fetchall()
            return [_row(r) for r in rows]

        return await self.read(fn)

    async def entries(self, table_id: str, after: int = 0) -> list[Entry]:
        def fn(cur: Cursor) -> list[Entry]:
            rows = cur.execute(
                "SELECT seq, kind, seat, action, by, at FROM actions WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after),
            ).fetchall()
            return [Entry(s, k, seat, json.loads(a) if a else None, by, at) for s, k, seat, a, by, at in rows]

        return await self.read(fn)

    async def snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        def fn(cur: Cursor) -> tuple[int, bytes] | None:
            found = cur.execute(
                "SELECT seq, data FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT 1", (table_id,)
            ).fetchone()
            return (int(found[0]), bytes(found[1])) if found else None

        return await self.read(fn)

    def append_job(
        self,
        table_id: str,
        expect_version: int,
        entries: list[Entry],
        fields: dict[str, Any],
        snapshot: tuple[int, bytes] | None = None,
        expect_meta: int | None = None,
    ) -> Job:
        """A job storing ``entries`` and the table's new ``fields`` (status, clocks, outcome,
        seats) if the table is still at ``expect_version`` (and ``expect_meta``)."""
        version = entries[-1].seq if entries else expect_version

        def job(cur: Cursor) -> None:
            _update(cur, table_id, {**fields, "version": version}, expect_version, expect_meta)
            if entries:
                cur.executemany(
                    "INSERT INTO actions (table_id, seq, kind, seat, action, by, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(table_id, e.seq, e.kind, e.seat, _dump(e.action), e.by, e.at) for e in entries],
                )
            if snapshot is not None:
                cur.execute(
                    "INSERT INTO snapshots (table_id, seq, data) VALUES (?, ?, ?)", (table_id, snapshot[0], snapshot[1])
                )
                cur.execute("DELETE FROM snapshots WHERE table_id = ? AND seq < ?", (table_id, snapshot[0]))
            self.notify(cur, f"t:{table_id}")

        return job

    async def append(
        self,
        table_id: str,
        expect_version: int,
        entries: list[Entry],
        fields: dict[str, Any],
        snapshot: tuple[int, bytes] | None = None,
        expect_meta: int | None = None,
    ) -> None:
        await self.write(self.append_job(table_id, expect_version, entries, fields, snapshot, expect_meta))

    async def update(self, table_id: str, fields: dict[str, Any], expect_meta: int) -> None:
        """Change seats or settings if nobody else did since ``expect_meta``."""

        def job(cur: Cursor) -> None:
            _update(cur, table_id, fields, None, expect_meta)
            self.notify(cur, f"t:{table_id}")

        await self.write(job)

    async def add_chat(self, line: ChatLine) -> int:
        def job(cur: Cursor) -> int:
            sql = "INSERT INTO chat (table_id, seat, to_seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)"
            params = (line.table_id, line.seat, line.to, line.name, line.text, line.at)
            if self.dialect == "postgresql":
                found = cur.execute(sql + " RETURNING id", params).fetchone()
                new_id = int(found[0])
            else:
                new_id = int(cur.execute(sql, params).lastrowid)
            self.notify(cur, f"c:{line.table_id}")
            return new_id

        result: int = await self.write(job)
        return result

    async def chat(self, table_id: str, after: int = 0, limit: int = 100) -> list[ChatLine]:
        def fn(cur: Cursor) -> list[ChatLine]:
            rows = cur.execute(
                "SELECT id, table_id, seat, to_seat, name, text, at FROM chat WHERE table_id = ? AND id > ? "
                "ORDER BY id DESC LIMIT ?",
                (table_id, after, limit),
            ).fetchall()
            return [ChatLine(*r) for r in reversed(rows)]

        return await self.read(fn)


def _update(
    cur: Cursor, table_id: str, fields: dict[str, Any], expect_version: int | None, expect_meta: int | None
) -> None:
    sets = []
    params: list[Any] = []
    for name, value in fields.items():
        if name not in ("status", "version", "seats", "settings", "clocks", "outcome"):
            raise ValueError(f"cannot update {name!r}")
        sets.append(f"{name} = ?")
        params.append(_dump(value) if name in ("seats", "settings", "clocks", "outcome") else value)
    sets.append("updated = ?")
    params.append(time.time())
    if "seats" in fields or "settings" in fields:
        sets.append("meta = meta + 1")
    where = "id = ?"
    params.append(table_id)
    if expect_version is not None:
        where += " AND version = ?"
        params.append(expect_version)
    if expect_meta is not None:
        where += " AND meta = ?"
        params.append(expect_meta)
    changed = cur.execute(f"UPDATE tables SET {', '.join(sets)} WHERE {where}", params).rowcount
    if changed != 1:
        raise Conflict(f"table {table_id} changed meanwhile")


def _settle(results: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in results:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
