"""Side-by-side peers for BENCHMARKS.md and a one-off cross-check (never part of CI).

    python3 -m venv /tmp/ddzvenv && /tmp/ddzvenv/bin/pip install rlcard numpy
    /tmp/ddzvenv/bin/pip install --no-deps douzero
    /tmp/ddzvenv/bin/python crates/doudizhu/scripts/peers.py bench
    /tmp/ddzvenv/bin/python crates/doudizhu/scripts/peers.py hands 200 > /tmp/hands.txt
    /tmp/ddzvenv/bin/python crates/doudizhu/scripts/peers.py actions > /tmp/rlcard_actions.txt

`bench` times RLCard's `DoudizhuJudger.playable_cards_from_hand`, DouZero's
`MovesGener.gen_moves` and RLCard's raw game on the same random 20-card hands (seeded).
`hands N` prints N random 20-card hands followed by RLCard's leads for each (one line per hand:
`hand<TAB>play play ...`), for comparison with `cargo run --example doudizhu -- moves`.
`douzero-hands N` does the same with DouZero's `MovesGener.gen_moves` (compare with
`moves --rules douzero`). `actions` prints RLCard's 27,472 action strings, one a line.
"""
import random
import sys
import time

RANKS = "3456789TJQKA2BR"
DECK = [r for r in RANKS[:13] for _ in range(4)] + ["B", "R"]


def random_hands(n, size=20, seed=1):
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        deck = DECK[:]
        rng.shuffle(deck)
        hands.append("".join(sorted(deck[:size], key=RANKS.index)))
    return hands


def rlcard_leads(hand):
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    return DoudizhuJudger.playable_cards_from_hand(hand)


DOUZERO_CODE = {r: v for r, v in zip("3456789TJQKA", range(3, 15))}
DOUZERO_CODE.update({"2": 17, "B": 20, "R": 30})


def douzero_leads(hand):
    from douzero.env.move_generator import MovesGener
    return MovesGener([DOUZERO_CODE[c] for c in hand]).gen_moves()


def bench():
    hands = random_hands(2000)
    for name, fn in [("rlcard playable_cards_from_hand", rlcard_leads), ("douzero MovesGener.gen_moves", douzero_leads)]:
        fn(hands[0])
        start = time.perf_counter()
        total = 0
        for hand in hands:
            total += len(fn(hand))
        elapsed = time.perf_counter() - start
        print(f"{name}: {len(hands) / elapsed:,.0f} hands/s ({total} plays)")
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(1)
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 10:
        state, _ = game.init_game()
        while not game.is_over():
            state, _ = game.step(rng.choice(state["actions"]))
        games += 1
    elapsed = time.perf_counter() - start
    print(f"rlcard raw DoudizhuGame random game: {games / elapsed:,.1f} games/s")
    import rlcard
    env = rlcard.make("doudizhu", config={"seed": 1})
    from rlcard.agents import RandomAgent
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(3)])
    env.run(is_training=False)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 10:
        env.run(is_training=False)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"rlcard env.run random game: {games / elapsed:,.1f} games/s")


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "bench"
    if cmd == "bench":
        bench()
    elif cmd == "hands":
        for hand in random_hands(int(sys.argv[2])):
            print(hand + "\t" + " ".join(sorted(rlcard_leads(hand))))
    elif cmd == "douzero-hands":
        inverse = {v: k for k, v in DOUZERO_CODE.items()}
        for hand in random_hands(int(sys.argv[2]), seed=5):
            moves = {"".join(sorted((inverse[c] for c in m), key=RANKS.index)) for m in douzero_leads(hand)}
            print(hand + "\t" + " ".join(sorted(moves)))
    elif cmd == "actions":
        from rlcard.games.doudizhu.utils import ID_2_ACTION
        print("\n".join(ID_2_ACTION))


if __name__ == "__main__":
    main()
