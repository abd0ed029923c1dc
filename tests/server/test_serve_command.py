"""``tycoon serve`` refuses what it cannot do in one line, before it starts."""

from __future__ import annotations

import contextlib
import io
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

pytest.importorskip("uvicorn", reason="tycoon serve needs the web extra: pip install -e '.[web,test]'")

from tycoon.cli.main import main
from tycoon.server.config import db_url
from tycoon.server.store import Store


def serve(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["serve", *args], console=Console(file=out, width=200))
    return status, out.getvalue()


def test_a_database_url_it_does_not_know_is_refused() -> None:
    status, text = serve("--db", "mysql://somewhere/tycoon")
    assert status == 1 and "--db takes a file path, a sqlite:/// URL or a postgresql:// URL" in text


def test_a_negative_collection_interval_is_refused_saying_what_it_takes() -> None:
    status, text = serve("--collect-every", "-1")
    assert status == 1 and "--collect-every takes seconds, 0 or more (0: Python's own collector); not -1" in text


def test_a_port_in_use_is_refused(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        status, text = serve("--port", str(port), "--db", str(tmp_path / "tycoon.db"))
    assert status == 1 and f"cannot listen on 127.0.0.1:{port}" in text


def test_an_sqlite_file_another_server_uses_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tycoon.db"
    other = Store(db_url(str(path)))
    other._lock_sqlite()
    try:
        status, text = serve("--port", "0", "--db", str(path))
    finally:
        other._unlock_sqlite()
    assert status == 1 and "another tycoon server is using" in text and "Traceback" not in text


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_the_same_sqlite_file_by_another_name_is_refused(tmp_path: Path, link: str) -> None:
    """The lock is the file's, not its name's: a second server reaching it through a symlink
    (here in a sqlite:/// URL) or a hard link would keep a log of its own beside it."""
    path, other_name = tmp_path / "tycoon.db", tmp_path / "same.db"
    Store(db_url(str(path))).check()
    if link == "symlink":
        other_name.symlink_to(path)
    else:
        os.link(path, other_name)
    other = Store(db_url(str(path)))
    other._lock_sqlite()
    try:
        status, text = serve("--port", "0", "--db", f"sqlite:///{other_name}")
    finally:
        other._unlock_sqlite()
    assert status == 1 and "Traceback" not in text
    assert text.strip().splitlines() == [
        f"tycoon: another tycoon server is using {other_name}; several "
        "servers share a PostgreSQL database, not an SQLite file"
    ]


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` made unwritable: immutable for root (whom file modes do not stop), else by its
    mode and its folder's."""
    if os.geteuid() == 0:
        made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if made.returncode != 0:
            pytest.skip(f"cannot make a file immutable here: {made.stderr.decode().strip()}")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        return
    path.chmod(0o444)
    path.parent.chmod(0o555)
    try:
        yield
    finally:
        path.parent.chmod(0o755)
        path.chmod(0o644)


def test_a_database_it_cannot_write_is_refused_in_one_line(tmp_path: Path) -> None:
    """Not served and then every move answered ``storage``: the real command, its exit status
    and its standard error."""
    path = tmp_path / "tycoon.db"
    Store(db_url(str(path))).check()  # a tycoon database, schema and all
    script = Path(sys.executable).parent / "tycoon"
    start = [str(script)] if script.exists() else [sys.executable, "-m", "tycoon.cli"]
    with read_only(path):
        done = subprocess.run(
            [*start, "serve", "--port", "0", "--db", str(path)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 1, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tycoon: cannot write to the database {path}"), done.stderr
    assert "serves on" not in done.stdout


def test_a_file_path_becomes_an_sqlite_url(tmp_path: Path) -> None:
    assert db_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert db_url(None).startswith("sqlite:///") and db_url(None).endswith("tycoon/tycoon.db")
    assert db_url("postgresql://u@h/db") == "postgresql://u@h/db"


def test_a_server_process_collects_reference_cycles_in_a_thread_of_its_own() -> None:
    import gc
    import sys
    import time
    import weakref

    from tycoon.cli.serve import tune_process

    class Node:
        other: object = None

    threshold, interval = gc.get_threshold(), sys.getswitchinterval()
    collector = None
    try:
        collector = tune_process(0.05)
        assert collector is not None and collector.is_alive()
        assert not gc.isenabled() and gc.get_freeze_count() > 0 and sys.getswitchinterval() == 0.001
        a, b = Node(), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        assert gone() is not None  # a cycle: reference counting alone does not free it
        deadline = time.monotonic() + 10
        while gone() is not None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert gone() is None, "the collector thread never collected the cycle"
    finally:
        if collector is not None:
            collector.stop()
        gc.enable()
        gc.unfreeze()
        gc.set_threshold(*threshold)
        sys.setswitchinterval(interval)


def test_a_server_process_told_to_collect_as_python_does_collects_young_objects_less_often() -> None:
    import gc
    import sys

    from tycoon.cli.serve import GC_THRESHOLD, tune_process

    threshold, interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        assert tune_process(0) is None
        assert gc.isenabled() and gc.get_threshold() == GC_THRESHOLD and GC_THRESHOLD[0] > threshold[0]
        assert gc.get_freeze_count() > 0 and sys.getswitchinterval() == 0.001
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        sys.setswitchinterval(interval)
