"""The multiplayer game server: tables, seats, secrecy, bots, clocks and persistence.

``tycoon serve`` runs it (``tycoon.cli.serve``); :func:`create_app` builds the ASGI
application for tests and for embedding. The server holds the only true state of every
game; each client sees its seat's view and narration only. The protocol is in
``docs/protocol.md``, the design in ``docs/decisions/0013-game-server.md``.

Needs the ``web`` extra (``pip install 'tycoon[web]'``).
"""

from __future__ import annotations

from tycoon.server.config import ServerConfig, default_db_path

__all__ = ["ServerConfig", "create_app", "default_db_path"]


def __getattr__(name: str) -> object:
    # The application pulls in Starlette; import it only when asked for, so that the
    # configuration helpers work without the web extra.
    if name == "create_app":
        from tycoon.server.app import create_app

        return create_app
    raise AttributeError(name)
