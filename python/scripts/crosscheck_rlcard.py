#!/usr/bin/env python3
"""Cross-checks parlor's Dou Dizhu action ids against RLCard's action space (the 27,472 ids
of ``rlcard/games/doudizhu/jsondata/action_space.txt``, pass last) and writes a sample of
them to ``python/tests/data/rlcard_actions.json`` so pytest needs no peer.

Run in a virtualenv of its own (never a dependency of the package)::

    python3 -m venv target/peers && target/peers/bin/pip install numpy rlcard
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/crosscheck_rlcard.py
"""

from __future__ import annotations

import json
import pathlib

from rlcard.games.doudizhu.utils import ACTION_2_ID

import parlor

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "rlcard_actions.json"


def main() -> None:
    table = parlor.table("doudizhu", 0)
    ids = {text: i for text, i in ACTION_2_ID.items()}
    assert len(ids) == 27_472, len(ids)
    for text, expected in ids.items():
        ours = "pass" if text == "pass" else table.action_text(expected)
        assert ours == text, (expected, text, ours)
    sample = {text: i for text, i in ids.items() if i % 101 == 0 or text in ("pass", "BR")}
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps({"size": len(ids), "ids": sample}, indent=0, sort_keys=True) + "\n")
    print(f"all {len(ids)} RLCard action ids equal parlor's; wrote {len(sample)} to {DATA}")


if __name__ == "__main__":
    main()
