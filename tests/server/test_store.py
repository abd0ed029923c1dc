"""The SQLite store refuses to acknowledge what it cannot keep: a database file deleted or
replaced under it, a write lock another process holds too long, a read that fails."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from serverkit import Server

from tycoon.server.store import Cursor, Store, StoreError, TableRow


def row(table_id: str) -> TableRow:
    return TableRow(id=table_id, game="die_bosse", options={}, seats=[], settings={}, seed="s", deal=table_id, host="h")


def with_store(url: str, body: Callable[[Store], Awaitable[None]], **settings: Any) -> None:
    """Run ``body(store)`` on a started store, closing it after."""

    async def run() -> None:
        store = Store(url, **settings)
        await store.start()
        try:
            await body(store)
        finally:
            await store.close()

    asyncio.run(run())


def test_a_write_after_the_database_file_is_deleted_fails(tmp_path: Path) -> None:
    path = tmp_path / "tycoon.db"

    async def body(store: Store) -> None:
        await store.create([row("a")])
        for name in ("tycoon.db", "tycoon.db-wal", "tycoon.db-shm"):
            (tmp_path / name).unlink(missing_ok=True)
        with pytest.raises(StoreError, match="deleted or replaced"):
            await store.create([row("b")])
        with pytest.raises(StoreError, match="deleted or replaced"):  # and every write after it
            await store.create([row("c")])

    with_store(f"sqlite:///{path}", body)


def test_a_write_after_the_database_file_is_replaced_fails(tmp_path: Path) -> None:
    path = tmp_path / "tycoon.db"

    async def body(store: Store) -> None:
        await store.create([row("a")])
        other = tmp_path / "other.db"
        sqlite3.connect(other).close()
        os.replace(other, path)  # the path now names another file
        with pytest.raises(StoreError, match="deleted or replaced"):
            await store.create([row("b")])

    with_store(f"sqlite:///{path}", body)


def test_a_write_after_the_log_file_is_deleted_fails(tmp_path: Path) -> None:
    """The WAL holds the commits not yet copied into the database: without it they are lost."""
    path = tmp_path / "tycoon.db"

    async def body(store: Store) -> None:
        await store.create([row("a")])
        (tmp_path / "tycoon.db-wal").unlink()
        with pytest.raises(StoreError, match="deleted or replaced"):
            await store.create([row("b")])

    with_store(f"sqlite:///{path}", body)


def test_writes_go_on_while_the_file_stays(tmp_path: Path) -> None:
    async def body(store: Store) -> None:
        for n in range(3):
            await store.create([row(f"t{n}")])
        assert sorted(r.id for r in await store.open_tables()) == ["t0", "t1", "t2"]

    with_store(f"sqlite:///{tmp_path / 'tycoon.db'}", body)


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_a_second_store_on_the_same_file_by_another_name_is_refused(tmp_path: Path, link: str) -> None:
    path = tmp_path / "tycoon.db"
    other_name = tmp_path / "elsewhere.db"

    async def body(store: Store) -> None:
        if link == "symlink":
            other_name.symlink_to(path)
        else:
            os.link(path, other_name)
        with pytest.raises(StoreError, match="another tycoon server is using"):
            Store(f"sqlite:///{other_name}").check()

    with_store(f"sqlite:///{path}", body)


def test_a_write_lock_held_elsewhere_fails_after_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "tycoon.db"

    async def body(store: Store) -> None:
        await store.create([row("a")])
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")  # another process's write lock
            with pytest.raises(StoreError, match="locked"):
                await store.create([row("b")])
        finally:
            other.close()
        await store.create([row("c")])  # the lock gone, writes go on

    with_store(f"sqlite:///{path}", body, sqlite_busy_timeout=0.2)


def test_the_busy_timeout_must_be_a_time() -> None:
    with pytest.raises(ValueError, match="sqlite_busy_timeout"):
        Store("sqlite:///x.db", sqlite_busy_timeout=-1)


def test_a_failed_read_answers_storage(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads fail as writes do: 503 ``storage``, not 500 ``internal``."""
    with Server(db) as server:
        answer = server.create("die_bosse", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}])
        server.hub.tables.clear()  # not in memory: showing it reads the database
        execute = Cursor.execute

        def failing(self: Cursor, sql: str, params: Any = ()) -> Any:
            if sql.lstrip().upper().startswith("SELECT"):
                raise sqlite3.OperationalError("disk I/O error")
            return execute(self, sql, params)

        monkeypatch.setattr(Cursor, "execute", failing)
        for path in (f"/api/tables/{answer['id']}", "/api/tables"):
            reply = server.http.get(path)
            assert reply.status_code == 503, (path, reply.text)
            assert reply.json()["error"]["code"] == "storage"
        refused = server.connect(answer["id"])  # a WebSocket's hello loads the table too
        assert refused.received[0]["code"] == "storage"


def test_a_table_set_up_while_another_process_holds_the_write_lock_answers_storage(tmp_path: Path) -> None:
    path = tmp_path / "tycoon.db"
    with Server(f"sqlite:///{path}", sqlite_busy_timeout=0.2) as server:
        other = sqlite3.connect(path, isolation_level=None, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            reply = server.http.post("/api/tables", json={"game": "die_bosse", "seats": [{"kind": "bot"}] * 3})
            assert reply.status_code == 503 and reply.json()["error"]["code"] == "storage", reply.text
        finally:
            other.close()
        server.create("die_bosse", [{"kind": "bot"}] * 3)


IMMUTABLE_RUN = """
import asyncio, subprocess, sys
sys.path[:0] = [sys.argv[2]]
from test_store import row
from tycoon.server.store import Store, StoreError

async def main(path):
    store = Store("sqlite:///" + path)
    await store.start()
    await store.create([row("a")])
    if subprocess.run(["chattr", "+i", path, path + "-wal", path + "-shm"]).returncode:
        print("no chattr"); return
    try:
        for name in "bcdefgh":
            try:
                await store.create([row(name)])
                print("stored", name)
            except StoreError as e:
                print("refused:", e)
            try:
                await store.read(lambda cur: cur.execute("SELECT count(*) FROM tycoon_tables").fetchone())
            except StoreError as e:
                print("read refused:", e)
    finally:
        subprocess.run(["chattr", "-i", path, path + "-wal", path + "-shm"])
        await store.close()

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("chattr"), reason="making a file immutable takes root and chattr"
)
def test_a_database_made_immutable_while_serving_is_refused_not_a_crash(tmp_path: Path) -> None:
    """The WAL's index (-shm) is a shared memory map: written after the file was made immutable,
    the process died of SIGBUS without a word. Every write and read now asks first."""
    path = tmp_path / "tycoon.db"
    done = subprocess.run(
        [sys.executable, "-c", IMMUTABLE_RUN, str(path), str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    names = [str(path) + end for end in ("", "-wal", "-shm") if Path(str(path) + end).exists()]
    subprocess.run(["chattr", "-i", *names], check=False)  # after a crash too
    if "no chattr" in done.stdout:
        pytest.skip("this file system cannot make a file immutable")
    assert done.returncode == 0, (done.returncode, done.stdout, done.stderr)
    lines = done.stdout.splitlines()
    assert not [line for line in lines if line.startswith("stored")], done.stdout
    assert len([line for line in lines if "refused: the database failed" in line]) == 7 * 2, done.stdout
    assert "can no longer be written" in done.stdout
