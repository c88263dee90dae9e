//! A simple seeded baseline bot: two-ply material lookahead with random tie-breaks.
//!
//! It takes a mate (or stalemate, which also wins) when it sees one, prefers winning captures,
//! avoids leaving pieces en prise to an immediate recapture, and otherwise plays a random
//! legal move. Meant as a sparring partner and a reproducible baseline for playouts; a real
//! search engine is a separate project.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::{Piece, Role};

/// Material value in tenths of a soldier (crossed soldiers count double).
pub fn piece_value(piece: Piece, on_enemy_side: bool) -> i32 {
    match piece.role {
        Role::General => 10_000,
        Role::Chariot => 90,
        Role::Cannon => 45,
        Role::Horse => 40,
        Role::Advisor | Role::Elephant => 20,
        Role::Soldier if on_enemy_side => 20,
        Role::Soldier => 10,
    }
}

fn gain(pos: &Position, m: Move) -> i32 {
    pos.capture_of(m)
        .map_or(0, |p| piece_value(p, !m.to.on_side_of(p.color)))
}

/// The baseline bot, deterministic for a given seed.
#[derive(Clone, Debug)]
pub struct Bot {
    rng: ChaCha8Rng,
}

impl Bot {
    /// A bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Bot {
        Bot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Picks a legal move, or `None` if there is none (the game is over).
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut best: Option<(i32, Move)> = None;
        let mut replies = MoveList::new();
        for &m in &moves {
            let mut after = *pos;
            after.play_unchecked(m);
            after.legal_moves(&mut replies);
            let score = if replies.is_empty() {
                1_000_000
            } else {
                let threat = replies.iter().map(|&r| gain(&after, r)).max().unwrap_or(0);
                10 * (gain(pos, m) - threat)
                    + if after.is_check() { 5 } else { 0 }
                    + self.rng.random_range(0..10)
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_is_deterministic_and_legal() {
        let mut a = Bot::new(3);
        let mut b = Bot::new(3);
        let mut p = Position::default();
        for _ in 0..40 {
            let m = a.choose(&p);
            assert_eq!(m, b.choose(&p));
            let Some(m) = m else { break };
            assert!(p.is_legal(m));
            p.play_unchecked(m);
        }
    }

    #[test]
    fn bot_takes_a_free_chariot_and_mates() {
        // The red chariot on a5 takes the unprotected black chariot on e5.
        let p = Position::from_fen("3k5/9/9/9/R3r4/9/9/9/9/5K3 w").unwrap();
        assert_eq!(Bot::new(1).choose(&p), Some("a5e5".parse().unwrap()));
        // Mate in one: the chariot on a8 holds rank 8, the red general holds the e-file, and
        // the other chariot checks on rank 9 or on the d-file.
        let q = Position::from_fen("3k5/R8/9/9/1R7/9/9/9/9/4K4 w").unwrap();
        let m = Bot::new(1).choose(&q).unwrap();
        let mut after = q;
        after.play_unchecked(m);
        assert!(after.outcome().is_some(), "{m} does not mate");
    }
}
