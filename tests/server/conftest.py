"""Fixtures: one shared server process for the module, fresh clients per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from srvutil import Client, ServerProc


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server with an empty SQLite database."""
    data: Path = tmp_path_factory.mktemp("srv") / "data"
    proc = ServerProc(data).start()
    yield proc
    proc.stop()


@pytest.fixture
def alice(server: ServerProc) -> Client:
    """A guest user."""
    return Client(server.url)


@pytest.fixture
def bob(server: ServerProc) -> Client:
    """Another guest user."""
    return Client(server.url)
