//! hearts benchmarks: random full hands with passing (the playout speed RL and Monte Carlo
//! bots depend on), legal-move generation and per-seat views.
//!
//! Run with `cargo bench --bench hearts`. Each bench asserts the value it computes.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hearts::{CHECKSUM_SEED_42_X1000, PassDirection, Round, Settings};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("hearts");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("1000 random hands with passing (seed 42)", |b| {
        b.iter(|| {
            let stats = hearts::random_hands(Settings::default(), black_box(42), 1000);
            assert_eq!(stats.checksum, CHECKSUM_SEED_42_X1000);
            stats
        });
    });
    group.finish();
}

fn moves(c: &mut Criterion) {
    let mut round = Round::deal(Settings::default(), PassDirection::Hold, 3);
    for _ in 0..21 {
        round.play_unchecked(round.legal_moves().first().unwrap());
    }
    c.bench_function("hearts legal_moves mid-hand", |b| {
        b.iter(|| {
            let legal = black_box(&round).legal_moves();
            assert!(!legal.is_empty());
            legal
        });
    });
    let seat = round.to_move().unwrap();
    c.bench_function("hearts view mid-hand", |b| {
        b.iter(|| {
            let view = black_box(&round).view(seat);
            assert_eq!(view.tricks().len(), 6);
            view
        });
    });
}

criterion_group!(benches, playouts, moves);
criterion_main!(benches);
