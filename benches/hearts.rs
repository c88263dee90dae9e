//! hearts benchmarks: random full hands with passing (the playout speed RL and Monte Carlo
//! bots depend on), legal-move generation and per-seat views.
//!
//! Run with `cargo bench --bench hearts`. Each bench asserts the value it computes.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::GameState;
use hearts::{CHECKSUM_SEED_42_X1000, Game, Move, PassDirection, Phase, Round, Seat, Settings};
use rand::{Rng, SeedableRng};

/// One random hand with per-card passing, through `Round`'s own API: each seat picks three
/// random cards one at a time, then random legal cards are played.
fn direct_hand(settings: Settings, seed: u64, rng: &mut rand_chacha::ChaCha8Rng) -> usize {
    let mut game = Game::new(settings, seed);
    let mut steps = 0;
    while game.round().phase() != Phase::Over {
        let round = game.round();
        let mv = if let Some(seat) = round.to_move() {
            let legal = round.legal_moves();
            Move::Play(
                seat,
                legal.iter().nth(rng.random_range(0..legal.len())).unwrap(),
            )
        } else {
            let waiting: Vec<Seat> = round.awaiting_pass().collect();
            let seat = waiting[rng.random_range(0..waiting.len())];
            let picks = round.legal_picks(seat);
            Move::Pick(
                seat,
                picks.iter().nth(rng.random_range(0..picks.len())).unwrap(),
            )
        };
        game.play_unchecked(mv);
        steps += 1;
    }
    steps
}

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
        let seat = round.to_move().unwrap();
        round.play_unchecked(Move::Play(seat, round.legal_moves().first().unwrap()));
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

fn interface(c: &mut Criterion) {
    // The same random single hands (12 picks + 52 plays) through `game::GameState` and through
    // the crate's API: the interface's overhead is the ratio of the two.
    let settings = Settings {
        max_hands: Some(1),
        ..Settings::default()
    };
    let mut group = c.benchmark_group("hearts interface");
    group.throughput(Throughput::Elements(100));
    group.bench_function("100 random hands, direct API", |b| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        b.iter(|| {
            let steps: usize = (0..100)
                .map(|seed| direct_hand(settings, seed, &mut rng))
                .sum();
            assert_eq!(steps, 100 * 64);
            steps
        });
    });
    group.bench_function("100 random hands, game::GameState", |b| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut steps = 0;
            for seed in 0..100 {
                let mut game = <Game as GameState>::new(&settings, seed).unwrap();
                steps += game::conformance::random_playout(&mut game, &mut rng, &mut buf, 1000);
            }
            assert_eq!(steps, 100 * 64);
            steps
        });
    });
    group.finish();
}

criterion_group!(benches, playouts, moves, interface);
criterion_main!(benches);
