"""The hot-path JSON (orjson when installed): the same JSON values as the standard library."""

from __future__ import annotations

import json

from cuttle.server import fastjson
from cuttle.server.game import protocol as P
from cuttle.table import Table


def test_a_table_message_reads_back_as_the_standard_library_writes_it() -> None:
    table = Table("standard", seed=3)
    table.play(table.to_act, table.legal(table.to_act)[0])
    msg = P.event_message(table, 0, 1, table.history[0].line())
    msg["text"] = "You draw the 7♦."  # non-ASCII text travels as UTF-8
    text = fastjson.dumps(msg)
    assert json.loads(text) == json.loads(json.dumps(msg))
    assert fastjson.loads(text) == json.loads(text)
    assert fastjson.dumps_bytes(msg).decode() == text
    assert " " not in fastjson.dumps({"a": [1, 2], "b": None})


def test_what_orjson_refuses_still_encodes() -> None:
    big = {"n": 2**70, 3: "int key"}
    assert json.loads(fastjson.dumps(big)) == {"n": 2**70, "3": "int key"}
    assert json.loads(fastjson.dumps_bytes(big)) == {"n": 2**70, "3": "int key"}
