//! A simple, fast bot: wins if it can, blocks a five, otherwise scores each nearby point by
//! the runs it makes for itself and denies the opponent. Seeded tie-breaks, no allocation
//! beyond the candidate scan. It plays the game, not the opening rules. (The strong engine is
//! a separate crate.)

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::DIRECTIONS;
use crate::point::{Color, Point};
use crate::position::{Outcome, Position};

/// The bot. The same seed and the same positions give the same moves.
///
/// ```
/// use gomoku::{Bot, Point, Position, Rule};
/// let pos = Position::new(15, 15, Rule::Renju)?;
/// assert_eq!(Bot::new(7).choose(&pos), Some(Point::new(7, 7)), "it opens in the centre");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bot {
    rng: ChaCha8Rng,
}

impl Bot {
    /// A bot whose tie-breaks follow `seed`.
    pub fn new(seed: u64) -> Bot {
        Bot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The bot's move for the side to move, or `None` if there is no legal move.
    pub fn choose(&mut self, pos: &Position) -> Option<Point> {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let board = pos.board();
        if board.stones() == 0 {
            let c = Point::center(board.width(), board.height());
            if legal.contains(c) {
                return Some(c);
            }
        }
        let me = pos.to_move();
        let near: Vec<Point> = legal.iter().filter(|&p| near_stone(pos, p)).collect();
        let candidates = if near.is_empty() {
            legal.iter().collect()
        } else {
            near
        };
        let mut scratch = pos.clone();
        let mut best: Option<(i64, Point)> = None;
        for &p in &candidates {
            if let Some(Outcome::Five { winner, .. }) = scratch.play_unchecked(p)
                && winner == me
            {
                return Some(p);
            }
            scratch.unplay_unchecked(p);
            let score = 10 * value(pos, p, me)
                + 9 * value(pos, p, me.other())
                + self.rng.random_range(0..8);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, p));
            }
        }
        best.map(|(_, p)| p)
    }
}

fn near_stone(pos: &Position, p: Point) -> bool {
    (-2..=2).any(|dx| {
        (-2..=2).any(|dy| {
            p.offset(dx, dy)
                .is_some_and(|q| pos.board().get(q).is_some())
        })
    })
}

/// How good a stone of `color` on `p` would be for `color`: runs and their open ends.
fn value(pos: &Position, p: Point, color: Color) -> i64 {
    let board = pos.board();
    let mut total = 0;
    for &(dx, dy) in &DIRECTIONS {
        let mut len = 1;
        let mut open = 0;
        for s in [1, -1] {
            let mut k = 1;
            loop {
                match p
                    .offset(s * k * dx, s * k * dy)
                    .filter(|&q| board.contains(q))
                {
                    Some(q) if board.get(q) == Some(color) => len += 1,
                    Some(q) if board.get(q).is_none() => {
                        open += 1;
                        break;
                    }
                    _ => break,
                }
                k += 1;
            }
        }
        total += match (len.min(5), open) {
            (5, _) => 1_000_000,
            (4, 2) => 50_000,
            (4, 1) | (3, 2) => 5_000,
            (3, 1) | (2, 2) => 150,
            (2, 1) => 20,
            (1, 2) => 4,
            _ => 0,
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rule, parse_moves};

    fn pos(moves: &str, rule: Rule) -> Position {
        let mut p = Position::new(15, 15, rule).unwrap();
        for m in parse_moves(moves).unwrap() {
            p.play(m).unwrap();
        }
        p
    }

    #[test]
    fn opens_in_the_centre_wins_and_blocks() {
        let mut bot = Bot::new(1);
        assert_eq!(
            bot.choose(&pos("", Rule::Freestyle)),
            Some(Point::new(7, 7))
        );
        // Black to move with four in a row: it completes the five.
        let p = pos("h8 a1 i8 a2 j8 a3 k8 b5", Rule::Freestyle);
        let m = bot.choose(&p).unwrap();
        assert!(m == "g8".parse().unwrap() || m == "l8".parse().unwrap());
        // White to move, Black threatens five at l8 (g8 blocked): White blocks.
        let p = pos("h8 g8 i8 a2 j8 a3 k8", Rule::Freestyle);
        assert_eq!(bot.choose(&p), Some("l8".parse().unwrap()));
    }

    #[test]
    fn never_plays_a_forbidden_point() {
        // Black's i8 is a double-three; the bot must pick something else.
        let p = pos("f8 a1 g8 a2 i10 a3 i11 a4", Rule::Renju);
        let forbidden = p.forbidden_points();
        assert!(forbidden.contains("i8".parse().unwrap()));
        for seed in 0..20 {
            let m = Bot::new(seed).choose(&p).unwrap();
            assert!(!forbidden.contains(m));
        }
    }
}
