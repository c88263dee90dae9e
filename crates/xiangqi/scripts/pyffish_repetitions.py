#!/usr/bin/env python3
"""Repetition verdicts from Fairy-Stockfish (pip install pyffish) for tests/data/repetitions.txt.

Reads lines `FEN<TAB>MOVES` (ICCS moves, ranks 0-9, as parlor writes them) that end at the
third occurrence of a position, and writes `VERDICT<TAB>FEN<TAB>MOVES` with Fairy-Stockfish's
verdict (red, black or draw) of that repetition. Each line is cut to start two plies before
the first of the three occurrences (earlier when Fairy-Stockfish's verdict would change: its
chase test needs the move before), and dropped when Fairy-Stockfish ends the game before the
last move (the move limit). Lines parlor's rules crate judges differently are then marked by
hand with `differs ` before the verdict.

Usage: python3 pyffish_repetitions.py < endings.tsv >> ../tests/data/repetitions.txt
"""
import sys

import pyffish as sf

V = "xiangqi"


def fsf_move(m):
    return f"{m[0]}{int(m[1]) + 1}{m[2]}{int(m[3]) + 1}"


def verdict(fen, moves):
    """Fairy-Stockfish's verdict after `moves` from `fen`, or None while the game goes on."""
    moves = [fsf_move(m) for m in moves]
    over, result = sf.is_optional_game_end(V, fen, moves)
    if not over:
        return None
    if result == 0:
        return "draw"
    red_to_move = (len(moves) % 2 == 0) == (" w " in f" {fen} ")
    return "red" if (result > 0) == red_to_move else "black"


def main():
    dropped = 0
    for line in sys.stdin:
        fen, moves = line.rstrip("\n").split("\t")
        moves = moves.split()
        want = verdict(fen, moves)
        if want is None or verdict(fen, moves[:-1]) is not None:
            dropped += 1
            continue
        fens = [sf.get_fen(V, fen, [fsf_move(m) for m in moves[:k]]) for k in range(len(moves) + 1)]
        key = lambda f: " ".join(f.split()[:2])
        seen = [k for k, f in enumerate(fens) if key(f) == key(fens[-1])]
        k = max(seen[-3] - 2, 0)
        while k > 0 and (verdict(fens[k], moves[k:]) != want or verdict(fens[k], moves[k:-1]) is not None):
            k -= 2
        print(f"{want}\t{fens[k]}\t{' '.join(moves[k:])}")
    print(f"dropped {dropped} line(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
