"""The same ingest and search against a real Chroma server started with `chroma run`."""

from __future__ import annotations

import pytest

from conftest import SEEDS, make_settings
from rag.errors import RagError
from rag.service import RagService

pytestmark = pytest.mark.server


def test_ingest_and_search_over_http(chroma_server, tmp_path):
    host, port = chroma_server
    settings = make_settings(tmp_path, **{"store.mode": "http", "store.host": host, "store.port": port})
    first = RagService(settings).ingest([SEEDS], progress=False)
    again = RagService(settings).ingest([SEEDS], progress=False)
    assert (first.added, again.added, again.unchanged) == (38, 0, 38)
    hits = RagService(settings).retriever.search("nowcasting storms from radar reflectivity")
    assert hits[0].paper_id == "000_711129f47277f084#4"
    stats = RagService(settings).stats()
    assert stats["store_mode"] == "http" and stats["papers"] == 38
    assert stats["store"] == f"http://{host}:{port}"


def test_unreachable_server_is_one_line_with_the_fix(tmp_path):
    from conftest import free_port

    port = free_port()
    settings = make_settings(tmp_path, **{"store.mode": "http", "store.port": port})
    with pytest.raises(RagError) as info:
        RagService(settings).retriever
    message = str(info.value)
    assert f"http://127.0.0.1:{port}" in message and "chroma run" in message and "\n" not in message
