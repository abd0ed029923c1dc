"""``tycoon serve`` refuses what it cannot do in one line, before it starts."""

from __future__ import annotations

import io
import socket
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
        other._lock_file.close()
    assert status == 1 and "another tycoon server is using" in text and "Traceback" not in text


def test_a_file_path_becomes_an_sqlite_url(tmp_path: Path) -> None:
    assert db_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert db_url(None).startswith("sqlite:///") and db_url(None).endswith("tycoon/tycoon.db")
    assert db_url("postgresql://u@h/db") == "postgresql://u@h/db"


def test_a_server_process_collects_young_objects_less_often() -> None:
    import gc
    import sys

    from tycoon.cli.serve import GC_THRESHOLD, tune_process

    threshold, interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        tune_process()
        assert gc.get_threshold() == GC_THRESHOLD and GC_THRESHOLD[0] > threshold[0]
        assert gc.get_freeze_count() > 0 and sys.getswitchinterval() == 0.001
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        sys.setswitchinterval(interval)
