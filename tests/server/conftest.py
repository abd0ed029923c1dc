"""The server tests need the web extra; without it every module says so as it skips (the
guard is in ``serverkit``, which each of them imports first)."""

from pathlib import Path

import pytest

try:
    from serverkit import DATABASES, database_url
except (ImportError, pytest.skip.Exception):  # no web extra: the modules skip themselves
    DATABASES, database_url = ["sqlite"], None


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: an SQLite file, then a PostgreSQL schema."""
    assert database_url is not None
    url: str = database_url(request.param, tmp_path)
    return url
