//! gomoku-brain benchmarks: alpha-beta to a fixed depth from fixed middle-game positions, and
//! the threat searches alone, so node rates compare without a clock in the search.
//!
//! Run with `cargo bench -p parlor-gomoku-brain --bench think`. Each bench asserts the move it
//! computes is legal; the node counts of each position are printed once, so the node rate is
//! nodes divided by the reported time.

#![allow(missing_docs)] // `criterion_group!` generates an undocumented function.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku::{Position, Rule, parse_moves};
use gomoku_brain::{Brain, Clock, Limits, SearchBoard, vct};

/// Positions from arena games against the terminal bot (session 7's records), freestyle.
const POSITIONS: [&str; 6] = [
    "h8 h9 i10 i9 j9 h11 i8 j8 h7 k10 g6 f5 h10 g10",
    "h8 h9 j6 i7 i8 g8 f7 f9 h7 g9 i9 g7 g6 d9 e9 f5",
    "h8 h9 j8 i8 j7 j9 i9 k10 h7 l11 m12 k7",
    "h8 i9 i7 g9 h9 h10 j8 i11 f8 g10 g8 i8 i10 j12 k13 f7 j11 k12",
    "h8 h9 j9 k11 i8 j8 k10 l11 h7 g6 j11 l9 l10",
    "h8 i9 j9 i8 i10 k8 h9 h10 g8 j11 f7 e6 j8 j7 i6 j5",
];

/// Depth of the fixed-depth searches.
const DEPTH: u32 = 5;

fn position(moves: &str) -> Position {
    let mut pos = Position::new(15, 15, Rule::Freestyle).unwrap();
    for m in parse_moves(moves).unwrap() {
        pos.play(m).unwrap();
    }
    pos
}

fn think(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        time: None,
        depth: Some(DEPTH),
    };
    let mut group = c.benchmark_group("gomoku-brain");
    group.sample_size(10);
    for (i, moves) in POSITIONS.iter().enumerate() {
        let pos = position(moves);
        group.bench_function(format!("think depth {DEPTH}, position {i}"), |bench| {
            let t = Brain::new(16 << 20).think(&pos, limits, &stop).unwrap();
            eprintln!(
                "position {i}: depth {} {:?}, {} nodes, best {}",
                t.depth, t.reason, t.nodes, t.best
            );
            bench.iter(|| {
                let t = Brain::new(16 << 20).think(&pos, limits, &stop).unwrap();
                assert!(pos.check(t.best).is_ok());
                black_box(t.nodes)
            });
        });
    }
    group.bench_function("vct of the opponent after a pass, all positions", |bench| {
        let boards: Vec<SearchBoard> = POSITIONS
            .iter()
            .map(|m| {
                let mut setup = position(m).to_setup();
                setup.to_move = setup.to_move.map(gomoku::Color::other);
                SearchBoard::new(&Position::from_setup(&setup).unwrap())
            })
            .collect();
        bench.iter(|| {
            let mut nodes = 0;
            for b in &boards {
                let mut b = b.clone();
                let mut clock = Clock::new(None, &stop);
                black_box(vct(&mut b, &mut clock, 8, 12));
                nodes += clock.nodes;
            }
            assert!(nodes > 0);
            nodes
        });
    });
    group.finish();
}

criterion_group!(benches, think);
criterion_main!(benches);
