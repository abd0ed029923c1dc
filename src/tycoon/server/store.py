"""The server's database: ``Store(url)`` (or :func:`open_store`) is the store a URL names,
:class:`~tycoon.server.store_sqlite.SQLiteStore` or
:class:`~tycoon.server.store_postgresql.PostgreSQLStore`, both of the interface and the shared
writer in :mod:`tycoon.server.storage`. Importing this module makes both kinds known. See
docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

from tycoon.server.storage import (
    SCHEMA_VERSION,
    ChatLine,
    Conflict,
    Cursor,
    Entry,
    Job,
    Store,
    StoreError,
    TableRow,
    open_store,
    store_class,
)
from tycoon.server.store_postgresql import PostgreSQLStore
from tycoon.server.store_sqlite import SQLiteStore

__all__ = [
    "SCHEMA_VERSION",
    "ChatLine",
    "Conflict",
    "Cursor",
    "Entry",
    "Job",
    "PostgreSQLStore",
    "SQLiteStore",
    "Store",
    "StoreError",
    "TableRow",
    "open_store",
    "store_class",
]
