//! Property tests: the fast judge against the slow reference, symmetry, undo, illegal moves,
//! opening machines driven by arbitrary actions (the parsers are in `tests/parsers.rs`).

// Coordinates and run lengths read best as single letters here.
#![allow(clippy::many_single_char_names)]

mod common;

use common::Grid;
use gomoku::opening::transform;
use gomoku::opening::{Opening, OpeningRule, Phase, Swap2Choice};
use gomoku::{
    Board, Color, Game, IllegalMove, Outcome, Point, PointSet, Position, Rule, Settings, Setup,
    ThreeAtFive,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// A renju position built from random stones (`0` empty, `1` black, `2` white per cell,
/// with the given weights), skipping any stone that would make a winning row.
fn random_renju(w: u8, h: u8, cells: &[u8], reading: ThreeAtFive) -> Position {
    let mut board = Board::new(w, h).unwrap();
    for (i, &c) in cells.iter().enumerate().take(w as usize * h as usize) {
        let p = Point::new((i % w as usize) as u8, (i / w as usize) as u8);
        let color = match c {
            1 => Color::Black,
            2 => Color::White,
            _ => continue,
        };
        board.place_unchecked(p, color);
        let wins = (0..4).any(|d| {
            let (b, a) = board.run(p, color, d);
            let n = a + b + 1;
            if color == Color::Black {
                n == 5
            } else {
                n >= 5
            }
        });
        if wins {
            board.remove_unchecked(p, color);
        }
    }
    let mut setup = Setup::empty(w, h, Settings::new(Rule::Renju).with_three_at_five(reading));
    setup.black = board.points(Color::Black).iter().collect();
    setup.white = board.points(Color::White).iter().collect();
    setup.to_move = Some(Color::Black);
    Position::from_setup(&setup).unwrap()
}

fn cells() -> impl Strategy<Value = Vec<u8>> {
    // Black density 15%..45%, white 5%..20%: sparse boards give many threes, dense ones many
    // fours and overlines.
    (15u8..45, 5u8..20).prop_flat_map(|(black, white)| {
        prop::collection::vec(0u8..100, 225).prop_map(move |v| {
            v.into_iter()
                .map(|r| {
                    if r < black {
                        1
                    } else if r < black + white {
                        2
                    } else {
                        0
                    }
                })
                .collect()
        })
    })
}

fn reading() -> impl Strategy<Value = ThreeAtFive> {
    prop_oneof![Just(ThreeAtFive::Counts), Just(ThreeAtFive::Ignored)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fast_forbidden_map_equals_reference(
        w in 9u8..=13, h in 9u8..=13, cells in cells(), reading in reading(),
    ) {
        let pos = random_renju(w, h, &cells, reading);
        let fast = pos.forbidden_points();
        let slow = Grid::from_position(&pos).forbidden(reading);
        prop_assert_eq!(fast, slow, "{:?}", pos);
        for p in pos.board().empty_points() {
            let f = pos.foul_at(p);
            let r = Grid::from_position(&pos).foul(p.x().into(), p.y().into(), reading);
            prop_assert_eq!(f, r, "at {} in {:?}", p, pos);
        }
    }

    #[test]
    fn forbidden_map_is_invariant_under_symmetries(n in 9u8..=13, cells in cells(), sym in 1u8..8) {
        let pos = random_renju(n, n, &cells, ThreeAtFive::Counts);
        let mut setup = pos.to_setup();
        setup.black = setup.black.iter().map(|&p| transform(p, sym, n)).collect();
        setup.white = setup.white.iter().map(|&p| transform(p, sym, n)).collect();
        let image = Position::from_setup(&setup).unwrap();
        let mapped: PointSet = pos.forbidden_points().iter().map(|p| transform(p, sym, n)).collect();
        prop_assert_eq!(image.forbidden_points(), mapped);
        for p in pos.board().empty_points() {
            prop_assert_eq!(pos.foul_at(p), image.foul_at(transform(p, sym, n)));
        }
    }

    #[test]
    fn random_play_undo_and_illegal_moves(
        rule in prop::sample::select(Rule::ALL.to_vec()),
        w in 5u8..=20, h in 5u8..=20,
        picks in prop::collection::vec(any::<Index>(), 0..120),
        sym in 0u8..8,
    ) {
        let mut game = Game::new(w, h, rule).unwrap();
        // The same game mirrored, on square boards only.
        let mut mirror = (w == h).then(|| Game::new(w, h, rule).unwrap());
        for pick in picks {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = pick.get(&legal.iter().collect::<Vec<_>>()).to_owned();
            // Illegal moves change nothing.
            let before = game.clone();
            if let Some(q) = game.moves().first().copied() {
                prop_assert_eq!(game.play(q), Err(IllegalMove::Occupied(q)));
            }
            let off = Point::new(w, 0);
            prop_assert_eq!(game.play(off), Err(IllegalMove::OffBoard(off)));
            prop_assert_eq!(&game, &before);
            // Play, compare with the reference win scan, then undo and replay.
            let outcome = game.play(p).unwrap();
            let expected = reference_win(game.position(), p);
            let five_winner = match outcome {
                Some(Outcome::Five { winner, .. }) => Some(winner),
                _ => None,
            };
            prop_assert_eq!(five_winner, expected);
            if let Some(line) = outcome.and_then(|o| o.line()) {
                prop_assert!(line.len() >= 5 && line.contains(p));
                prop_assert!(line.points().all(|q| game.position().board().get(q) == Some(game.position().to_move().other())));
            }
            let after = game.clone();
            game.undo();
            prop_assert_eq!(&game, &before);
            game.play(p).unwrap();
            prop_assert_eq!(&game, &after);
            let (b, wh) = (game.position().board().count(Color::Black), game.position().board().count(Color::White));
            prop_assert_eq!(b + wh, game.moves().len());
            prop_assert!(b == wh || b == wh + 1);
            if let Some(m) = mirror.as_mut() {
                let o2 = m.play(transform(p, sym, w)).unwrap();
                prop_assert_eq!(o2.and_then(|o| o.winner()), outcome.and_then(|o| o.winner()));
            }
            if outcome.is_some() {
                break;
            }
        }
    }
}

/// The winning row made by the stone on `p` (the last move), by walking the board: the colour
/// on `p` if its run (and, in caro, its ends) wins under the rule.
fn reference_win(pos: &Position, p: Point) -> Option<Color> {
    let b = pos.board();
    let me = b.get(p)?;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut ends = [None, None];
        let mut n = 1;
        for (i, s) in [1, -1].into_iter().enumerate() {
            let mut k = 1;
            loop {
                match p.offset(s * k * dx, s * k * dy).filter(|&q| b.contains(q)) {
                    Some(q) if b.get(q) == Some(me) => n += 1,
                    Some(q) => {
                        ends[i] = b.get(q);
                        break;
                    }
                    None => break,
                }
                k += 1;
            }
        }
        let blocked = ends == [Some(me.other()), Some(me.other())];
        let wins = match pos.rule() {
            Rule::Freestyle => n >= 5,
            Rule::Standard => n == 5,
            Rule::Renju => {
                if me == Color::Black {
                    n == 5
                } else {
                    n >= 5
                }
            }
            Rule::Caro => n == 5 && !blocked,
            Rule::CaroOverline => n >= 6 || (n == 5 && !blocked),
        };
        if wins {
            return Some(me);
        }
    }
    None
}

/// One opening action, for the random-driver property.
#[derive(Clone, Debug)]
enum Act {
    Place(u8, u8),
    Offer(u8, u8),
    Select(u8, u8),
    Swap(bool),
    Swap2(u8),
    Declare(u8),
    SingleFifth,
}

fn act() -> impl Strategy<Value = Act> {
    // Points biased to the centre, where the opening rules put their stones.
    let c = || 3u8..12;
    prop_oneof![
        4 => (c(), c()).prop_map(|(x, y)| Act::Place(x, y)),
        2 => (c(), c()).prop_map(|(x, y)| Act::Offer(x, y)),
        1 => (c(), c()).prop_map(|(x, y)| Act::Select(x, y)),
        2 => any::<bool>().prop_map(Act::Swap),
        1 => (0u8..3).prop_map(Act::Swap2),
        1 => (0u8..6).prop_map(Act::Declare),
        1 => Just(Act::SingleFifth),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn opening_machines_never_panic_and_errors_change_nothing(
        rule in prop_oneof![
            Just(OpeningRule::Swap),
            Just(OpeningRule::Swap2),
            (1u8..4).prop_map(|n| OpeningRule::Soosorv { n }),
            (1u8..4).prop_map(|n| OpeningRule::Taraguchi { n }),
        ],
        acts in prop::collection::vec(act(), 0..40),
    ) {
        let mut o = Opening::new(rule, 15, 15, Rule::Renju).unwrap();
        for a in acts {
            let before = o.clone();
            let r = match a {
                Act::Place(x, y) => o.place(Point::new(x, y)),
                Act::Offer(x, y) => o.offer(Point::new(x, y)),
                Act::Select(x, y) => o.select(Point::new(x, y)),
                Act::Swap(s) => o.decide_swap(s),
                Act::Swap2(i) => o.swap2([Swap2Choice::TakeBlack, Swap2Choice::TakeWhite, Swap2Choice::PlaceTwo][i as usize]),
                Act::Declare(n) => o.declare(n),
                Act::SingleFifth => o.single_fifth(),
            };
            if r.is_err() {
                prop_assert_eq!(&o, &before);
            }
            // The game never holds more than the five opening stones, and offers are
            // pairwise distinct and never symmetric to one another.
            prop_assert!(o.game().moves().len() <= 5);
            let offers = o.offers();
            for (i, &a) in offers.iter().enumerate() {
                for &b in &offers[i + 1..] {
                    prop_assert!(a != b && !gomoku::opening::symmetric(o.game().position(), a, b));
                }
            }
            if o.phase() == Phase::Done {
                let (game, _) = o.clone().finish().unwrap();
                let expected = match rule {
                    OpeningRule::Swap => 3,
                    OpeningRule::Swap2 => [3, 5].iter().copied().find(|&n| n == game.moves().len()).unwrap_or(0),
                    _ => 5,
                };
                prop_assert_eq!(game.moves().len(), expected);
                break;
            }
        }
    }
}
