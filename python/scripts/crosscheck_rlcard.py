#!/usr/bin/env python3
"""Cross-checks parlor's Dou Dizhu action ids against RLCard's action space
(``rlcard/games/doudizhu/jsondata/action_space.txt``: 27,471 plays and pass) and writes what
it found to ``python/tests/data/rlcard_actions.json`` so pytest needs no peer.

Run in a virtualenv of its own (never a dependency of the package)::

    python3 -m venv target/peers && target/peers/bin/pip install numpy rlcard
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/crosscheck_rlcard.py

Found with rlcard 1.2.0: the two spaces hold the same 27,472 actions, and the ids agree for
every single, pair, trio, trio with single or pair, chain, pair chain, airplane and the
two-trio airplane with singles (ids 0..1479) and for pass (27,471); from the three-trio
airplane with singles on, the crate numbers the plays of a kind in its own documented order
(``crates/doudizhu/src/action.rs``), RLCard in the order of its data file.
"""

from __future__ import annotations

import hashlib
import json
import pathlib

from rlcard.games.doudizhu.utils import ACTION_2_ID, ID_2_ACTION

import parlor

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "rlcard_actions.json"


def digest(texts) -> str:
    return hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()


def main() -> None:
    table = parlor.table("doudizhu", 0)
    size = len(ACTION_2_ID)
    ours = [table.action_text(i) for i in range(size)]
    assert set(ours) == set(ACTION_2_ID), "the spaces hold different actions"
    agree = next((i for i in range(size) if ours[i] != ID_2_ACTION[i]), size)
    same = [i for i in range(size) if ours[i] == ID_2_ACTION[i]]
    sample = {ID_2_ACTION[i]: i for i in same if i < agree and (i % 37 == 0 or i < 20)}
    sample["pass"] = ACTION_2_ID["pass"]
    everywhere = {ID_2_ACTION[i]: i for i in range(0, size, 97)}
    result = {
        "rlcard": "1.2.0",
        "size": size,
        "sha256_sorted_texts": digest(ACTION_2_ID),
        "ids_agree_below": agree,
        "ids_agreeing": len(same),
        "ids": sample,
        "rlcard_ids_sample": everywhere,
    }
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print(
        f"same {size} actions; ids agree below {agree} and for {len(same)} in all "
        f"(first difference: RLCard {agree} = {ID_2_ACTION[agree] if agree < size else None!r}, parlor "
        f"{ours[agree] if agree < size else None!r}); wrote {DATA}"
    )


if __name__ == "__main__":
    main()
