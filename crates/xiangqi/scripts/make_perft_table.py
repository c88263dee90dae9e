#!/usr/bin/env python3
"""Regenerates tests/data/perft.txt with Fairy-Stockfish (pip install pyffish) as the
independent reference. Each position is listed with a note on the rule corner it covers;
the random-game positions come from seeded random play with pyffish.

Usage: python3 make_perft_table.py > ../tests/data/perft.txt
"""
import random
import sys
import time

import pyffish as sf

V = "xiangqi"


def perft(fen, moves, depth):
    legal = sf.legal_moves(V, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


POSITIONS = [
    ("start position, black to move after C2.5", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", 3),
    ("facing generals: the last piece between them is pinned to the file", "4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1", 5),
    ("pinned horse between the generals, with chariots", "r3k4/9/9/9/9/9/9/9/4N4/R3K4 w - - 0 1", 4),
    ("double cannon check: only stepping aside helps", "3k5/9/9/9/4c4/4c4/9/9/9/3AK4 w - - 0 1", 5),
    ("cannon check answered by adding a screen", "3k5/9/9/9/4c4/9/4P4/9/9/4KA3 w - - 0 1", 5),
    ("horse legs: crowded horses blocking each other", "2bak4/4a4/2n1b1n2/p3p3p/2N1N4/6N2/P3P3P/4B4/4A4/2BAK4 w - - 0 1", 3),
    ("horse check through its own leg, elephant eyes", "3ak4/4a4/4b4/9/9/9/9/3n2B2/4A4/2BK5 w - - 0 1", 5),
    ("crossed soldiers against a bare general", "3k5/9/3P1P3/4P4/9/9/9/9/9/4K4 b - - 0 1", 5),
    ("soldiers before and after the river, both colours", "3k5/9/9/p1p1P1p2/4p4/P3P1P1P/9/9/9/4K4 w - - 0 1", 4),
    ("stalemate: no legal move, not in check (a loss)", "3k1r3/9/9/9/9/9/9/9/3r5/4K4 w - - 0 1", 3),
    ("checkmate by chariot with the generals facing", "3k5/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1", 3),
    ("chariot pins on rank and file, cannon waiting for a screen", "5k3/9/9/9/9/4r4/9/4N4/9/r2RK1c2 w - - 0 1", 4),
    ("cannon captures over a screen of either colour", "1nbakabn1/9/1c2r2c1/p1p3p1p/4R4/9/P1P3P1P/1C5C1/9/1NBAKABN1 w - - 0 1", 3),
]


def random_positions(seed, plies_list):
    rng = random.Random(seed)
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    out = []
    for plies in plies_list:
        moves = []
        for _ in range(plies):
            legal = sf.legal_moves(V, start, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        out.append((f"random game, seed {seed}, {len(moves)} plies", sf.get_fen(V, start, moves), 3))
    return out


def main():
    print("# Source: Fairy-Stockfish via pyffish " + ".".join(map(str, sf.version())) + ", scripts/make_perft_table.py")
    print("# note ; fen ; perft(1) perft(2) ...")
    for note, fen, depth in POSITIONS + random_positions(7, [20, 40, 80]) + random_positions(11, [30, 60]):
        t = time.time()
        counts = [perft(fen, [], d) for d in range(1, depth + 1)]
        print(f"{note} ; {fen} ; {' '.join(map(str, counts))}", flush=True)
        print(f"{note}: {time.time() - t:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
