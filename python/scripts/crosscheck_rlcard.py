#!/usr/bin/env python3
"""Cross-checks parlor's Dou Dizhu action ids against RLCard's action space
(``rlcard/games/doudizhu/jsondata/action_space.txt``: 27,471 plays and pass) and writes

- ``python/src/encode/rlcard_ids.bin``: the game interface's id of each RLCard id (27,472
  little-endian u16), compiled into the extension as the ``action_ids="rlcard"`` order;
- ``python/tests/data/rlcard_actions.json``: the checksum of RLCard's whole table and a sample
  of it, so pytest checks the order element for element without RLCard installed.

Run in a virtualenv of its own (never a dependency of the package)::

    python3 -m venv target/peers && target/peers/bin/pip install numpy rlcard
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/crosscheck_rlcard.py

It checks that both spaces hold the same 27,472 actions, then, through the installed package,
that ``Table("doudizhu", action_ids="rlcard")`` names every RLCard id exactly as RLCard does and
that on random games its legal ids are the RLCard ids of the legal plays. After the table
file changes, rebuild the package (``pip install ./python``) and run the script again: the
first run checks the order the installed package was built with.

Found with rlcard 1.2.0: the same 27,472 actions; the game interface's own ids equal RLCard's
below 1,480 (singles through the two-trio airplane with singles) and for pass, and differ from
the three-trio airplane with singles on, where RLCard numbers the plays of a kind in the order
of its data file (no rule of kicker order that fits every kind: a four-trio airplane lists the
kickers holding a joker first, a three-trio one lists three distinct kickers, then trios, then
pairs with a single).
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys
from array import array

from rlcard.games.doudizhu.utils import ACTION_2_ID, ID_2_ACTION

import parlor

ROOT = pathlib.Path(__file__).resolve().parents[1]
TABLE = ROOT / "src" / "encode" / "rlcard_ids.bin"
DATA = ROOT / "tests" / "data" / "rlcard_actions.json"


def checksum(texts) -> str:
    """The sha256 of the action texts in id order, one a line."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def write_table() -> None:
    native = parlor.Table("doudizhu")
    size = len(ID_2_ACTION)
    ours = {native.action_text(i): i for i in range(size)}
    assert set(ours) == set(ACTION_2_ID), "the spaces hold different actions"
    agree = next(i for i in range(size) if native.action_text(i) != ID_2_ACTION[i])
    ids = array("H", (ours[text] for text in ID_2_ACTION))
    if sys.byteorder == "big":
        ids.byteswap()
    TABLE.write_bytes(ids.tobytes())
    DATA.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "rlcard": "1.2.0",
        "size": size,
        "native_ids_agree_below": agree,
        "sha256_texts_in_rlcard_order": checksum(ID_2_ACTION),
        "sample": {str(i): ID_2_ACTION[i] for i in range(0, size, 97)} | {str(size - 1): "pass"},
    }
    DATA.write_text(json.dumps(result, indent=1) + "\n")
    print(f"same {size} actions, native ids agree below {agree}; wrote {TABLE} and {DATA}")


def check_installed() -> None:
    table = parlor.Table("doudizhu", "{}", 0, "rlcard")
    texts = [table.action_text(i) for i in range(len(ID_2_ACTION))]
    wrong = [i for i, text in enumerate(texts) if text != ID_2_ACTION[i]]
    if wrong:
        raise SystemExit(
            f"the installed package names {len(wrong)} RLCard ids differently (first: {wrong[0]}); "
            "rebuild it (pip install ./python) and run again"
        )
    rng = random.Random(7)
    decisions = 0
    for seed in range(200):
        table.reset(seed)
        while (seat := table.to_act()) is not None:
            legal = table.legal_ids(seat)
            plays = [i for i in legal if i < len(ID_2_ACTION)]
            assert all(ACTION_2_ID[table.action_text(i)] == i for i in plays)
            table.play(seat, rng.choice(legal))
            decisions += 1
    print(f"the installed package speaks RLCard's ids: all {len(texts)} by name, "
          f"legal ids at {decisions} decisions of 200 random games")


if __name__ == "__main__":
    write_table()
    check_installed()
