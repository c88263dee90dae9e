//! klondike benchmarks: random playouts, move generation, dealing and lost detection.
//!
//! Run with `cargo bench --bench klondike`. Each bench asserts the value it computes against a
//! value computed once before timing.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parlor::cards_core::{GameRng, below, seeded_rng};
use parlor::klondike::{Draw, Klondike, MoveList, Rules, Setup, Status};

/// The most moves one playout makes (random play can cycle the stock forever).
const MAX_MOVES: usize = 300;

/// Plays uniformly random legal moves from the deal for `seed` until no move is left or
/// `MAX_MOVES` were played; returns (moves played, cards on the foundations).
fn playout(seed: u64, rules: Rules, rng: &mut GameRng) -> (usize, usize) {
    let mut position = Klondike::from_seed(seed, rules);
    let mut moves = MoveList::new();
    let mut played = 0;
    while played < MAX_MOVES {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[below(rng, moves.len() as u32) as usize];
        position.play_unchecked(mv);
        played += 1;
    }
    (played, position.foundation_total())
}

fn playouts(c: &mut Criterion) {
    const DEALS: u64 = 100;
    for (name, draw) in [("draw 1", Draw::ONE), ("draw 3", Draw::THREE)] {
        let rules = Rules::draw(draw);
        let run = || {
            let mut rng = seeded_rng(7);
            (0..DEALS).fold((0, 0), |(moves, up), seed| {
                let (m, f) = playout(seed, rules, &mut rng);
                (moves + m, up + f)
            })
        };
        let expected = run();
        let mut group = c.benchmark_group(format!(
            "random playouts ({name}, {DEALS} deals, <= {MAX_MOVES} moves)"
        ));
        group.throughput(Throughput::Elements(DEALS));
        group.bench_function("playouts", |b| {
            b.iter(|| {
                let result = run();
                assert_eq!(result, expected);
                black_box(result)
            });
        });
        group.finish();
        println!(
            "{name}: {} moves and {} foundation cards over {DEALS} playouts",
            expected.0, expected.1
        );
    }
}

fn move_generation(c: &mut Criterion) {
    // Positions from the middle of random games.
    let mut rng = seeded_rng(3);
    let positions: Vec<Klondike> = (0..64)
        .map(|seed| {
            let mut position = Klondike::from_seed(seed, Rules::default());
            let mut moves = MoveList::new();
            for _ in 0..40 {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[below(&mut rng, moves.len() as u32) as usize]);
            }
            position
        })
        .collect();
    let count = |positions: &[Klondike]| {
        let mut moves = MoveList::new();
        positions
            .iter()
            .map(|p| {
                p.legal_moves(&mut moves);
                moves.len()
            })
            .sum::<usize>()
    };
    let expected = count(&positions);
    c.bench_function("legal_moves x64 mid-game positions", |b| {
        b.iter(|| {
            let total = count(black_box(&positions));
            assert_eq!(total, expected);
            total
        });
    });
}

fn dealing(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("deal from seed", |b| {
        b.iter(|| {
            seed += 1;
            let position = Klondike::from_seed(black_box(seed), Rules::default());
            assert_eq!(position.stock().len(), 24);
            black_box(position)
        });
    });
}

fn lost_detection(c: &mut Criterion) {
    // A stuck layout (see the crate's analysis tests): the search must visit every talon state.
    let down = [
        "AC AD AH", "AS QC QS", "JC JS TC", "TS 9C 9S", "TD 5H 5D", "4H 4D 3H", "3D 2H 2D",
    ];
    let tops = ["KH", "QH", "JH", "TH", "KD", "QD", "JD"];
    let setup = Setup {
        tableau: std::array::from_fn(|i| format!("{} {}", down[i], tops[i]).parse().unwrap()),
        face_down: [3; 7],
        stock: "KC KS 8C 8S 7C 7S 6C 6S 5C 5S 4C 4S 3C 3S 2C 2S 9H 9D 8H 8D 7H 7D 6H 6D"
            .parse()
            .unwrap(),
        waste: "".parse().unwrap(),
        foundations: [0; 4],
        rules: Rules::default(),
        pass: 1,
        score: 0,
    };
    let stuck = Klondike::from_setup(&setup).unwrap();
    c.bench_function("status of a stuck position (proves lost)", |b| {
        b.iter(|| {
            let status = black_box(&stuck).status();
            assert_eq!(status, Status::Lost);
            status
        });
    });
    let fresh = Klondike::from_seed(1, Rules::default());
    c.bench_function("status of a fresh deal", |b| {
        b.iter(|| {
            let status = black_box(&fresh).status();
            assert_eq!(status, Status::Playing);
            status
        });
    });
}

criterion_group!(benches, playouts, move_generation, dealing, lost_detection);
criterion_main!(benches);
