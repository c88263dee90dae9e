//! cards-core benchmarks: seeded shuffles and `CardSet` operations.
//!
//! Run with `cargo bench --bench cards`. Each bench asserts the value it computes.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::cards_core::{Card, CardSet, Deck, Rank, Suit, seeded_rng};

fn shuffle(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    c.bench_function("shuffle 52 (shared rng)", |b| {
        b.iter(|| {
            let mut deck = Deck::standard52();
            deck.shuffle(&mut rng);
            assert_eq!(deck.len(), 52);
            black_box(deck)
        });
    });
    let mut seed = 0u64;
    c.bench_function("seeded deal 52 (new rng per deal)", |b| {
        b.iter(|| {
            seed += 1;
            let deck = Deck::standard52().shuffled(black_box(seed));
            assert_eq!(deck.len(), 52);
            black_box(deck)
        });
    });
}

fn card_set(c: &mut Criterion) {
    let hands: Vec<CardSet> = (0..64)
        .map(|seed| Deck::with_jokers54().shuffled(seed).deal(17).to_set())
        .collect();
    c.bench_function("CardSet rank_counts x64", |b| {
        b.iter(|| {
            let total: usize = black_box(&hands)
                .iter()
                .map(|h| h.rank_counts().iter().map(|&n| n as usize).sum::<usize>())
                .sum();
            assert!(total <= 64 * 17);
            total
        });
    });
    c.bench_function("CardSet iterate x64", |b| {
        b.iter(|| {
            let total: usize = black_box(&hands)
                .iter()
                .map(|h| h.iter().map(Card::index).sum::<usize>())
                .sum();
            black_box(total)
        });
    });
    c.bench_function("CardSet suit/rank filters x64", |b| {
        b.iter(|| {
            let mut n = 0;
            for h in black_box(&hands) {
                n += h.of_suit(Suit::Hearts).len()
                    + h.of_rank(Rank::Queen).len()
                    + (*h & !CardSet::JOKERS).len();
            }
            assert!(n > 0);
            n
        });
    });
}

criterion_group!(benches, shuffle, card_set);
criterion_main!(benches);
