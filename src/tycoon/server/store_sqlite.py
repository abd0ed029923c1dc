"""The embedded database: one SQLite file (stdlib ``sqlite3``), in WAL mode, for one server
process. The process holds the file locked while it serves, and checks before every
transaction that the file is still the one it opened and can still be written. See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tycoon.server.storage import Cursor, Store, StoreError


class SQLiteStore(Store):
    """A :class:`~tycoon.server.store.Store` in an SQLite file (``sqlite:///PATH``)."""

    dialect = "sqlite"
    prefixes = ("sqlite:///",)
    shared = False
    schema = """
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
"""

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL", sqlite_busy_timeout: float = 5.0) -> None:
        super().__init__(url, sqlite_synchronous=sqlite_synchronous, sqlite_busy_timeout=sqlite_busy_timeout)
        self.path = url.removeprefix("sqlite:///")
        self._lock_file: Any = None
        self._file: int | None = None
        """A descriptor of the SQLite file, held open while the server runs: its lock, and
        the file whose deletion :meth:`_check_file` notices."""
        self._identity: tuple[int, int] | None = None
        self._wal_identity: tuple[int, int] | None = None

    def describe(self) -> str:
        return self.path

    def _connect(self, *, autocommit: bool = False) -> Any:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=self.busy_timeout)
        conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={self.synchronous}")
        return conn

    def _hold(self) -> None:
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock_sqlite()

    def _opened(self, conn: Any) -> None:
        if self._wal_identity is None:
            self._remember_wal(conn)

    def _abandon(self, conn: Any) -> Any:
        if conn.in_transaction:  # not when refused before it began
            conn.execute("ROLLBACK")
        return conn

    def _integrity_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.IntegrityError,)

    def _begin(self, cur: Cursor) -> None:
        self._check_writable()
        cur.execute("BEGIN IMMEDIATE")

    def _commit(self, conn: Any, cur: Cursor) -> None:
        self._check_file()
        self._check_writable()
        cur.execute("COMMIT")

    def _rollback(self, conn: Any, cur: Cursor) -> None:
        cur.execute("ROLLBACK")

    def _before_read(self) -> None:
        self._check_writable()

    def _read_failed(self, conn: Any) -> None:
        pass  # the connection is kept: SQLite's errors leave it usable

    def _schema_made(self, cur: Cursor) -> None:
        pass

    async def _listen(self) -> None:
        pass  # nobody else writes to the file

    async def _stop_listening(self) -> None:
        pass

    def notify(self, cur: Cursor, payload: str) -> None:
        pass

    async def announce(self, payload: str) -> None:
        pass

    def _insert_id(self, cur: Cursor, sql: str, params: Sequence[Any]) -> int:
        return int(cur.execute(sql, params).lastrowid)

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

    def _let_go(self) -> None:
        self._unlock_sqlite()

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
