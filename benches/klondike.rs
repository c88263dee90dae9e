//! klondike benchmarks: random playouts (direct and through the game interface), move
//! generation, dealing and lost detection.
//!
//! Run with `cargo bench --bench klondike`. Each bench asserts the value it computes against a
//! value computed once before timing.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::GameState;
use game::conformance::random_playout;
use parlor::cards_core::{below, seeded_rng};
use parlor::klondike::{Draw, Klondike, MoveList, Rules, Setup, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most moves one playout makes (random play can cycle the stock forever).
const MAX_MOVES: usize = 300;

/// A random playout through the crate's own API, making the same choices from `rng` as
/// `game::conformance::random_playout` does through the interface: uniformly random legal
/// moves until the game is won, no move is left, or `MAX_MOVES` were played. Returns the
/// moves played.
fn direct_playout(position: &mut Klondike, rng: &mut ChaCha8Rng, moves: &mut MoveList) -> usize {
    for played in 0..MAX_MOVES {
        position.legal_moves(moves);
        if position.is_won() || moves.is_empty() {
            return played;
        }
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    MAX_MOVES
}

/// Random playouts of 100 seeded deals, through the crate's API and through the game
/// interface with the same random choices, side by side: their ratio is the interface's
/// overhead. Both must end in the same positions.
fn playouts(c: &mut Criterion) {
    const DEALS: u64 = 100;
    for (name, draw) in [("draw 1", Draw::ONE), ("draw 3", Draw::THREE)] {
        let rules = Rules::draw(draw);
        // (moves played, cards on the foundations) over all deals.
        let direct = || {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut moves = MoveList::new();
            (0..DEALS).fold((0, 0), |(played, up), seed| {
                let mut position = Klondike::from_seed(seed, rules);
                let n = direct_playout(&mut position, &mut rng, &mut moves);
                (played + n, up + position.foundation_total())
            })
        };
        let interface = || {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut actions = Vec::new();
            (0..DEALS).fold((0, 0), |(played, up), seed| {
                let mut position = <Klondike as GameState>::new(&rules, seed).unwrap();
                let n = random_playout(&mut position, &mut rng, &mut actions, MAX_MOVES);
                (played + n, up + position.foundation_total())
            })
        };
        let expected = direct();
        assert_eq!(interface(), expected, "the two playouts differ");
        let mut group = c.benchmark_group(format!(
            "random playouts ({name}, {DEALS} deals, <= {MAX_MOVES} moves)"
        ));
        group.throughput(Throughput::Elements(DEALS));
        group.bench_function("direct", |b| {
            b.iter(|| {
                let result = direct();
                assert_eq!(result, expected);
                black_box(result)
            });
        });
        group.bench_function("interface", |b| {
            b.iter(|| {
                let result = interface();
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
    let stuck = Klondike::try_from(setup).unwrap();
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
