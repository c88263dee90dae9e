//! Xiangqi benchmarks: start-position perft (bulk-counted leaves, one thread), legal move
//! generation, and random playouts through the game interface against the same playouts
//! through the crate's own API (the interface's overhead). Run with
//! `cargo bench --bench xiangqi`; nodes/s = elements/s in the report.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xiangqi::{Game, MoveList, Position, perft};

fn bench_perft(c: &mut Criterion) {
    let start = Position::default();
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (depth, nodes) in [(3, 79_666u64), (4, 3_290_240)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| {
                let n = perft(black_box(&start), depth);
                assert_eq!(n, nodes);
                n
            });
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let midgame = Position::from_fen(
        "r2a1a1nr/4k2c1/b1n5b/4p4/p1p2N3/P1P1P4/5CpNp/BC7/7R1/R2AK1B2 w - - 6 41",
    )
    .expect("valid fen");
    let mut list = MoveList::new();
    c.bench_function("xiangqi_legal_moves_midgame", |b| {
        b.iter(|| {
            black_box(&midgame).legal_moves(&mut list);
            assert_eq!(list.len(), 59);
            list.len()
        });
    });
}

/// Seeds of the playouts, one game each per iteration.
const SEEDS: std::ops::Range<u64> = 0..4;
/// A bound on plies per game (the 60-move limit ends them well before).
const MAX_PLIES: usize = 2_000;

/// The same random playout as `game::conformance::random_playout`, on the crate's own API.
fn direct_playout(game: &mut Game, rng: &mut ChaCha8Rng, list: &mut MoveList) -> usize {
    for plies in 0..MAX_PLIES {
        if game.outcome().is_some() {
            return plies;
        }
        game.position().legal_moves(list);
        game.play_unchecked(list[rng.random_range(0..list.len())]);
    }
    MAX_PLIES
}

fn bench_playouts(c: &mut Criterion) {
    let mut list = MoveList::new();
    let mut buf = Vec::new();
    let direct = |list: &mut MoveList| -> usize {
        SEEDS
            .map(|seed| {
                direct_playout(
                    &mut Game::default(),
                    &mut ChaCha8Rng::seed_from_u64(seed),
                    list,
                )
            })
            .sum()
    };
    let interface = |buf: &mut Vec<_>| -> usize {
        SEEDS
            .map(|seed| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                game::conformance::random_playout(&mut Game::default(), &mut rng, buf, MAX_PLIES)
            })
            .sum()
    };
    let plies = direct(&mut list);
    assert_eq!(
        interface(&mut buf),
        plies,
        "both playouts play the same games"
    );
    let mut group = c.benchmark_group("xiangqi_random_playouts");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("direct_api", |b| {
        b.iter(|| assert_eq!(direct(&mut list), plies));
    });
    group.bench_function("game_interface", |b| {
        b.iter(|| assert_eq!(interface(&mut buf), plies));
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_playouts);
criterion_main!(benches);
