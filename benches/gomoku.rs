//! gomoku benchmarks: make+undo with win detection, the renju forbidden-point map, and random
//! playouts through the game interface against the crate's own API.
//!
//! Run with `cargo bench --bench gomoku`. Each bench asserts the value it computes.
//! Targets (issue 7): at least 1,000,000 make+undo per second; the forbidden map of a dense
//! 15x15 renju position in at most 50 µs. Issue 14: the interface costs at most 5 % over the
//! direct API in random playouts.

#![allow(missing_docs)] // `criterion_group!` generates an undocumented function.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gomoku::{Board, Color, GameSettings, Gomoku, Point, Position, Rule, Settings, Setup};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A position reached by `stones` random legal moves that never end the game.
fn dense(rule: Rule, stones: usize, seed: u64) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::new(15, 15, rule).unwrap();
    while pos.board().stones() < stones {
        let p = pos.random_move(&mut rng).unwrap();
        if pos.play(p).unwrap().is_some() {
            pos.unplay_unchecked(p);
        }
    }
    pos
}

/// Slow count of the empty points where the side to move would make a five (any length
/// under freestyle), by walking the board.
fn count_winning_points(pos: &Position) -> usize {
    let b = pos.board();
    let me = pos.to_move();
    b.empty_points()
        .iter()
        .filter(|&p| {
            gomoku::DIRECTIONS.iter().any(|&(dx, dy)| {
                let mut n = 1;
                for s in [1, -1] {
                    let mut k = 1;
                    while let Some(q) = p.offset(s * k * dx, s * k * dy) {
                        if b.get(q) != Some(me) {
                            break;
                        }
                        n += 1;
                        k += 1;
                    }
                }
                n >= 5
            })
        })
        .count()
}

fn make_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku");
    for (rule, stones) in [(Rule::Freestyle, 60), (Rule::Renju, 60)] {
        let mut pos = dense(rule, stones, 7);
        let empties: Vec<Point> = pos.board().empty_points().iter().collect();
        let expected = count_winning_points(&pos);
        assert!(pos.to_move() == Color::Black);
        group.throughput(Throughput::Elements(empties.len() as u64));
        group.bench_function(
            format!("make+undo with win check, {rule}, {stones} stones"),
            |b| {
                b.iter(|| {
                    let mut wins = 0;
                    for &p in black_box(&empties) {
                        wins += usize::from(pos.play_unchecked(p).is_some());
                        pos.unplay_unchecked(p);
                    }
                    // Under renju an overline is not a win for Black; this position has none.
                    assert_eq!(wins, expected);
                    wins
                });
            },
        );
    }
    group.finish();
}

/// A foul-rich 15x15 renju position: random stones (about 40% black, 15% white), skipping any
/// that would make a winning row (Black overlines are kept: they are not wins under renju).
fn foul_rich(seed: u64) -> Position {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = Board::new(15, 15).unwrap();
    for y in 0..15 {
        for x in 0..15 {
            let r: u8 = rng.random_range(0..100);
            let color = match r {
                0..40 => Color::Black,
                40..55 => Color::White,
                _ => continue,
            };
            let p = Point::new(x, y);
            board.place_unchecked(p, color);
            let wins = (0..4).any(|d| {
                let (b, a) = board.run(p, color, d);
                if color == Color::Black {
                    a + b + 1 == 5
                } else {
                    a + b + 1 >= 5
                }
            });
            if wins {
                board.remove_unchecked(p, color);
            }
        }
    }
    let mut setup = Setup::empty(15, 15, Rule::Renju);
    setup.black = board.points(Color::Black).iter().collect();
    setup.white = board.points(Color::White).iter().collect();
    Position::from_setup(&setup).unwrap()
}

fn forbidden_map(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku");
    // A `Vec`, not an array: three positions are too large for the stack together.
    let positions = vec![
        ("random play", dense(Rule::Renju, 100, 3)),
        ("random play", dense(Rule::Renju, 140, 3)),
        ("random stones", foul_rich(11)),
    ];
    for (kind, pos) in positions {
        let expected = pos.forbidden_points();
        let name = format!(
            "forbidden map, renju 15x15, {kind}, {} stones, {} empty, {} forbidden",
            pos.board().stones(),
            225 - pos.board().stones(),
            expected.len()
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let map = black_box(&pos).forbidden_points();
                assert_eq!(map, expected);
                map
            });
        });
    }
    group.finish();
}

/// One random playout with the crate's API: a uniformly random legal point until the game
/// ends (or no legal point is left). Returns the number of moves.
fn direct_playout(mut pos: Position, rng: &mut ChaCha8Rng) -> usize {
    use rand::Rng;
    let mut moves = 0;
    while !pos.is_over() {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let p = legal.iter().nth(rng.random_range(0..legal.len())).unwrap();
        pos.play_unchecked(p);
        moves += 1;
    }
    moves
}

/// Random playouts of 15x15 games, through `game::conformance::random_playout` on [`Gomoku`]
/// and with [`Position`] directly. Both draw the same random numbers for the same choices
/// (legal points in the same order), so they play the same games: the checksum of moves
/// played is asserted equal, and the time ratio is the interface's overhead.
fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku playouts");
    for rule in [Rule::Freestyle, Rule::Renju] {
        let settings = GameSettings {
            rules: Settings::new(rule),
            ..GameSettings::default()
        };
        let start = Position::new(15, 15, rule).unwrap();
        let table = <Gomoku as game::GameState>::new(&settings, 0).unwrap();
        let games = 20;
        let expected: usize = (0..games)
            .map(|seed| direct_playout(start.clone(), &mut ChaCha8Rng::seed_from_u64(seed)))
            .sum();
        group.bench_function(format!("{rule} 15x15, {games} games, direct API"), |b| {
            b.iter(|| {
                let total: usize = (0..games)
                    .map(|seed| {
                        direct_playout(
                            black_box(&start).clone(),
                            &mut ChaCha8Rng::seed_from_u64(seed),
                        )
                    })
                    .sum();
                assert_eq!(total, expected);
                total
            });
        });
        let mut buf = Vec::new();
        group.bench_function(format!("{rule} 15x15, {games} games, interface"), |b| {
            b.iter(|| {
                let total: usize = (0..games)
                    .map(|seed| {
                        let mut g = black_box(&table).clone();
                        let mut rng = ChaCha8Rng::seed_from_u64(seed);
                        game::conformance::random_playout(&mut g, &mut rng, &mut buf, 1000)
                    })
                    .sum();
                assert_eq!(total, expected);
                total
            });
        });
    }
    group.finish();
}

criterion_group!(benches, make_undo, forbidden_map, playouts);
criterion_main!(benches);
