#!/usr/bin/env python3
"""Independent perft counts from Fairy-Stockfish (pip install pyffish), used to cross-check
the known-answer table in tests/data/perft.txt. Not used by the test suite.

Usage: python3 pyffish_perft.py DEPTH FEN [--divide]
"""
import sys

import pyffish as sf


def perft(fen, moves, depth):
    legal = sf.legal_moves("xiangqi", fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(fen, moves + [m], depth - 1) for m in legal)


def main():
    depth = int(sys.argv[1])
    fen = sys.argv[2]
    if "--divide" in sys.argv:
        for m in sorted(sf.legal_moves("xiangqi", fen, [])):
            print(m, perft(fen, [m], depth - 1) if depth > 1 else 1)
    print(perft(fen, [], depth))


if __name__ == "__main__":
    main()
