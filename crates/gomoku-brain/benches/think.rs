//! gomoku-brain benchmarks, without a clock, so the work is the same in every run and node
//! rates compare across builds: the VCT search of the root defence from fixed middle-game
//! positions, and `Brain::think` to depth 8 from the freestyle opening suite and those
//! positions.
//!
//! Run with `cargo bench -p parlor-gomoku-brain --bench think`. Each bench asserts that
//! every run visits the same nodes; the node count is printed once, so the node rate is
//! nodes divided by the time.

#![allow(missing_docs)] // `criterion_group!` generates an undocumented function.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use gomoku::{Color, Point, Position, Rule, parse_moves};
use gomoku_brain::arena::parse_openings;
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

/// The position after `moves`.
fn position(moves: impl IntoIterator<Item = Point>) -> Position {
    let mut pos = Position::new(15, 15, Rule::Freestyle).unwrap();
    for m in moves {
        pos.play(m).unwrap();
    }
    pos
}

/// The search boards of the positions with the side to move swapped (a pass), as the root
/// defence reads the opponent's threats.
fn passed() -> Vec<SearchBoard> {
    POSITIONS
        .iter()
        .map(|moves| {
            let mut setup = position(parse_moves(moves).unwrap()).to_setup();
            setup.to_move = setup.to_move.map(Color::other);
            SearchBoard::new(&Position::from_setup(&setup).unwrap())
        })
        .collect()
}

/// Runs the VCT search the root defence runs on a copy of every board; returns the lines
/// found and the nodes visited.
fn run(boards: &[SearchBoard]) -> (usize, u64) {
    let stop = AtomicBool::new(false);
    let mut found = 0;
    let mut nodes = 0;
    for b in boards {
        let mut b = b.clone();
        let mut clock = Clock::new(None, &stop);
        found += usize::from(vct(&mut b, &mut clock, 8, 12).is_some());
        nodes += clock.nodes;
    }
    (found, nodes)
}

fn threats(c: &mut Criterion) {
    let boards = passed();
    let mut group = c.benchmark_group("gomoku-brain");
    group.sample_size(10);
    group.bench_function(
        "vct of 8 threats, fours to 12, 6 positions after a pass",
        |bench| {
            let (found, nodes) = run(&boards);
            eprintln!("vct: {found} of 6 positions won, {nodes} nodes");
            assert_eq!(
                found, 1,
                "one of the six has a VCT for the side that passed"
            );
            bench.iter(|| {
                let result = run(&boards);
                assert_eq!(result, (found, nodes));
                black_box(result)
            });
        },
    );
    group.finish();
}

/// The freestyle opening suite's positions but I5 (its 11th) and the bench positions but
/// the first: in those two the root's threat searches run into the two seconds each gets
/// without a clock, so their work would depend on the machine's speed (at I5 the side that
/// just moved wins by a VCT if given a pass, so the root defence searches one behind every
/// root move).
fn openings_and_positions() -> Vec<Position> {
    let suite = include_str!("../data/openings-freestyle.txt");
    let mut openings = parse_openings(suite, 15, Rule::Freestyle).unwrap();
    openings.remove(10);
    let positions = POSITIONS[1..].iter().map(|m| parse_moves(m).unwrap());
    openings
        .into_iter()
        .chain(positions)
        .map(position)
        .collect()
}

/// Thinks to `depth` on every position with a new brain; returns the moves and scores found
/// and the nodes visited.
fn think_all(positions: &[Position], depth: u32) -> (Vec<(Point, i32)>, u64) {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut nodes = 0;
    let answers = positions
        .iter()
        .map(|pos| {
            let thought = Brain::default().think(pos, limits, &stop).unwrap();
            nodes += thought.nodes;
            (thought.best, thought.score)
        })
        .collect();
    (answers, nodes)
}

fn search(c: &mut Criterion) {
    let positions = openings_and_positions();
    let first = think_all(&positions, 8);
    eprintln!("think: {} positions, {} nodes", positions.len(), first.1);
    let mut group = c.benchmark_group("gomoku-brain");
    group.sample_size(10);
    group.bench_function("think to depth 8, 19 positions", |bench| {
        bench.iter(|| {
            let result = think_all(&positions, 8);
            assert_eq!(result, first);
            black_box(result)
        });
    });
    group.finish();
}

criterion_group!(benches, threats, search);
criterion_main!(benches);
