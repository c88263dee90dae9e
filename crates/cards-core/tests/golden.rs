//! Pins the seeded shuffle: these orders must never change, on any platform or release, or
//! every recorded deal and benchmark checksum in parlor changes with them.

use cards_core::{Deck, seeded_rng};
use rand::RngCore;

fn order(deck: &Deck) -> String {
    deck.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seed_1_shuffles_52_cards_to_this_exact_order() {
    assert_eq!(order(&Deck::standard52().shuffled(1)), GOLDEN_52_SEED_1);
}

#[test]
fn seed_1_shuffles_54_cards_to_this_exact_order() {
    assert_eq!(order(&Deck::with_jokers54().shuffled(1)), GOLDEN_54_SEED_1);
}

#[test]
fn seeded_rng_stream_is_pinned() {
    let mut rng = seeded_rng(0);
    let words: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(words, GOLDEN_RNG_SEED_0);
}

// Source: an independent Python implementation of the same algorithms (SplitMix64 key
// expansion, ChaCha8 with a 64-bit block counter and zero nonce, Lemire's bounded integers,
// Durstenfeld's Fisher–Yates): `python3 crates/cards-core/scripts/golden_shuffle.py`.
const GOLDEN_52_SEED_1: &str = "3H 4S 3C JS KD TH 9H 8S QC 2C KH 8C 8H 9S 5H 5C 3S 6S JD 6H QD 4D JH 9D 2D 7H TC KS AS 9C 7S AD KC TD QS AC JC 2S QH 4H 6C 7D 8D 7C AH 5D 4C 5S 2H 6D TS 3D";
const GOLDEN_54_SEED_1: &str = "4S 3C KC 6S 2S BJ 5C KD QD QH 5D 2C TC 7H TH JS 4H 5S 7C 8S 2H 8H AD TS KH JH 3D 9H JC TD RJ 9C 9S KS AC JD AS 2D QC 6H AH 5H 6C 8D 9D 8C 3S 6D 4C 7S 3H 7D QS 4D";
const GOLDEN_RNG_SEED_0: [u64; 3] = [
    13_804_888_775_535_289_832,
    4_211_859_015_901_796_865,
    4_415_496_932_110_364_166,
];
