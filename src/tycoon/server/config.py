"""The server's settings, with the defaults ``tycoon serve`` uses."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path


def default_db_path() -> Path:
    """Where the embedded SQLite database lives when ``--db`` is not given: the per-user data
    folder (``$XDG_DATA_HOME/tycoon`` or ``~/.local/share/tycoon`` on Linux, ``~/Library/
    Application Support/tycoon`` on macOS, ``%LOCALAPPDATA%\\tycoon`` on Windows)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tycoon" / "tycoon.db"


def db_url(text: str | None) -> str:
    """The database URL for ``--db``: a ``postgresql://`` or ``sqlite:///`` URL as given, a
    file path as a ``sqlite:///`` URL, nothing as the default file."""
    if not text:
        return f"sqlite:///{default_db_path()}"
    if text.startswith(("postgresql://", "postgres://", "sqlite:///")):
        return text
    if "://" in text:
        raise ValueError(f"--db takes a file path, a sqlite:/// URL or a postgresql:// URL; not {text!r}")
    return f"sqlite:///{Path(text).expanduser().resolve()}"


@dataclass
class ServerConfig:
    """Everything the server may be told; the defaults are those of ``tycoon serve``."""

    db: str = field(default_factory=lambda: db_url(None))
    """The database: ``sqlite:///PATH`` or ``postgresql://...``."""
    think_time: float = 0.6
    """Seconds a bot waits before it moves, so that people can follow (0 in tests)."""
    seed: str | None = None
    """When set, the deals of the tables this server sets up follow from it: the n-th table
    created since the server started is dealt from ``SEED:n``, so a server restarted with the
    same seed deals the same games in the same order (for tests and reproducible classes).
    Unset, every table is dealt from a fresh random seed."""
    bot_threads: int = 2
    """Threads in which bots think, off the event loop."""
    search_processes: int = 0
    """Processes in which the searching bots (the ``hard`` level) decide, so that their search
    does not share the event loop's interpreter; 0: in the bot threads like the others
    (``tycoon serve`` starts one)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://example.org``) whose pages may open WebSockets besides the server's
    own; ``*`` allows any."""
    snapshot_every: int = 200
    """A snapshot of a table's state is stored every this many log entries, so a long game
    does not replay from its start."""
    history: int = 400
    """Narration events kept in memory per table for reconnecting clients; older gaps get a
    fresh snapshot instead."""
    idle_unload: float = 600.0
    """Seconds after which a table nobody watches and no bot or clock drives leaves memory."""
    max_message: int = 16_384
    """The largest WebSocket message a client may send, in bytes."""
    max_body: int = 65_536
    """The largest HTTP request body, in bytes."""
    rate: float = 20.0
    """Messages per second a connection may send on average ..."""
    burst: float = 40.0
    """... and in a burst."""
    max_spectators_per_table: int = 64
    """Spectators (clients without a seat's token) one table takes at once; a seat's person
    always gets in, however many watch."""
    max_spectators_per_address: int = 8
    """Spectators of one table from one address at once."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a request's head (``tycoon serve``; see
    ``tycoon.server.connections``)."""
    max_connections_per_address: int = 128
    """Connections (HTTP and WebSocket) one address holds at once (``tycoon serve``)."""
    create_rate: float = 1.0
    """Tables per second one address may create on average (burst: 30)."""
    sqlite_synchronous: str = "FULL"
    """SQLite's ``synchronous`` setting: ``FULL`` survives a power cut, ``NORMAL`` only a
    crash of the server process (see docs/decisions/0013-game-server.md)."""
    sqlite_busy_timeout: float = 5.0
    """Seconds a write waits while another process holds the SQLite file's write lock (a
    backup, a ``sqlite3`` shell) before its moves are answered ``storage``."""
    log_level: str = "info"
    """uvicorn's log level."""
