#!/usr/bin/env python3
"""Independent re-implementation of cards-core's seeded shuffle, used to derive the golden
orders in tests/golden.rs: SplitMix64 key expansion, ChaCha8 (original DJB layout, 64-bit block
counter, zero nonce, as rand_chacha uses), Lemire bounded integers, Fisher-Yates.
Run: python3 crates/cards-core/scripts/golden_shuffle.py"""
M32, M64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF

def splitmix_key(seed):
    key, state = b"", seed
    for _ in range(4):
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        key += (z ^ (z >> 31)).to_bytes(8, "little")
    return key

def rotl(v, n):
    return ((v << n) | (v >> (32 - n))) & M32

def chacha8_words(key):
    k = [int.from_bytes(key[i:i + 4], "little") for i in range(0, 32, 4)]
    counter = 0
    while True:
        s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + k + [counter & M32, counter >> 32, 0, 0]
        x = s[:]
        def qr(a, b, c, d):
            x[a] = (x[a] + x[b]) & M32; x[d] = rotl(x[d] ^ x[a], 16)
            x[c] = (x[c] + x[d]) & M32; x[b] = rotl(x[b] ^ x[c], 12)
            x[a] = (x[a] + x[b]) & M32; x[d] = rotl(x[d] ^ x[a], 8)
            x[c] = (x[c] + x[d]) & M32; x[b] = rotl(x[b] ^ x[c], 7)
        for _ in range(4):  # 8 rounds = 4 double rounds
            qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
            qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
        for i in range(16):
            yield (x[i] + s[i]) & M32
        counter += 1

def below(words, n):
    m = next(words) * n
    low = m & M32
    if low < n:
        t = ((1 << 32) - n) % n
        while low < t:
            m = next(words) * n
            low = m & M32
    return m >> 32

def cards(jokers):
    out = [r + s for s in "CDHS" for r in "23456789TJQKA"]
    return out + (["BJ", "RJ"] if jokers else [])

def shuffled(seed, jokers):
    deck, words = cards(jokers), chacha8_words(splitmix_key(seed))
    for i in range(len(deck) - 1, 0, -1):
        j = below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return " ".join(deck)

if __name__ == "__main__":
    w = chacha8_words(splitmix_key(0))
    print("rng seed 0:", [next(w) | (next(w) << 32) for _ in range(3)])
    print("52 seed 1:", shuffled(1, False))
    print("54 seed 1:", shuffled(1, True))
