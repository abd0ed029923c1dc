"""Server tests need the web extra; without it they are skipped, saying so."""

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server tests need the web extra: pip install -e '.[web,test]'")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2 (the test extra)")

from serverkit import DATABASES, database_url


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: an SQLite file, then a PostgreSQL schema."""
    return database_url(request.param, tmp_path)
