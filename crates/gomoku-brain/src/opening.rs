//! The brain's side of an opening rule (swap, swap2, Soosõrv, Taraguchi): what to do in each
//! [`Phase`] of a [`gomoku::opening::Opening`] when the brain is the one to act.
//!
//! Every decision is judged by a short search of the positions it leads to, scored for
//! Black:
//! - placing a stone (the opening's stones are followed by the opponent's choice of colour):
//!   the candidate that leaves the position closest to even;
//! - swap: keep or take the colour the search prefers;
//! - swap2 after three stones: take Black when White to move stands worse than
//!   [`SWAP_MARGIN`], else stay White (as the Gomocup `SWAP2BOARD` answer does);
//! - declaring fifth-move offers (Soosõrv): the most when Black stands better, else one;
//! - offering fifth moves: the strongest for Black that the rule allows (White picks the
//!   weakest of them); the single fifth move of Taraguchi is not used;
//! - selecting an offer: the one that leaves Black worst.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use gomoku::Rule;
//! use gomoku::opening::{Opening, OpeningRule, Phase};
//! use gomoku_brain::opening::{Decision, decide};
//! use gomoku_brain::{Brain, Limits};
//!
//! let mut opening = Opening::new(OpeningRule::Swap, 15, 15, Rule::Freestyle).unwrap();
//! let mut brain = Brain::new(1 << 20);
//! let limits = Limits { time: None, depth: Some(2), soft: None };
//! while opening.phase() != Phase::Done {
//!     let decision = decide(&mut brain, &opening, limits, &AtomicBool::new(false)).unwrap();
//!     decision.apply(&mut opening).unwrap();
//! }
//! assert_eq!(opening.game().moves().len(), 3);
//! ```

use std::sync::atomic::AtomicBool;

use gomoku::opening::{Opening, Phase, Swap2Choice};
use gomoku::{Color, IllegalMove, Point, Position};

use crate::search::{Brain, Limits};

/// Below this score for White to move after swap2's three stones, the brain takes Black
/// (about 0.4 of a logit: a win rate near 41%).
pub const SWAP_MARGIN: i32 = -150;

/// Candidate points judged for a stone or an offer: the nearest to the stones.
const CANDIDATES: usize = 8;

/// One opening action, as [`decide`] chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Place the next stone ([`Opening::place`]).
    Place(Point),
    /// Swap colours or keep them ([`Opening::decide_swap`]).
    Swap(bool),
    /// Swap2's choice ([`Opening::swap2`]).
    Swap2(Swap2Choice),
    /// The number of fifth-move offers ([`Opening::declare`]).
    Declare(u8),
    /// Offer a fifth move ([`Opening::offer`]).
    Offer(Point),
    /// Select an offered fifth move ([`Opening::select`]).
    Select(Point),
}

impl Decision {
    /// Makes the decision in `opening`.
    pub fn apply(self, opening: &mut Opening) -> Result<(), IllegalMove> {
        match self {
            Decision::Place(p) => opening.place(p),
            Decision::Swap(swap) => opening.decide_swap(swap),
            Decision::Swap2(choice) => opening.swap2(choice),
            Decision::Declare(n) => opening.declare(n),
            Decision::Offer(p) => opening.offer(p),
            Decision::Select(p) => opening.select(p),
        }
    }
}

/// What the player to act in `opening` does, each candidate searched within `limits`
/// divided among the candidates; `None` once the opening is over or when no point is left.
pub fn decide(
    brain: &mut Brain,
    opening: &Opening,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<Decision> {
    let pos = opening.game().position();
    let share = Limits {
        time: limits.time.map(|t| t / CANDIDATES as u32),
        depth: Some(limits.depth.unwrap_or(4).min(4)),
        soft: limits.soft.map(|t| t / CANDIDATES as u32),
    };
    let mut black_value = |pos: &Position| black_value(brain, pos, share, stop);
    match opening.phase() {
        Phase::Place { region, .. } => {
            let side = pos.board().width();
            let points = nearest(pos, |p| region.contains(p, side));
            points
                .into_iter()
                .filter_map(|p| {
                    let mut next = opening.clone();
                    next.place(p).ok()?;
                    Some((black_value(next.game().position()).abs(), p))
                })
                .min_by_key(|&(value, _)| value)
                .map(|(_, p)| Decision::Place(p))
        }
        Phase::Swap { by } => {
            let want = if black_value(pos) >= 0 {
                Color::Black
            } else {
                Color::White
            };
            Some(Decision::Swap(opening.holder(want) != by))
        }
        Phase::Swap2Choice { .. } => {
            let for_white = -black_value(pos);
            Some(Decision::Swap2(if for_white < SWAP_MARGIN {
                Swap2Choice::TakeBlack
            } else {
                Swap2Choice::TakeWhite
            }))
        }
        Phase::Declare { max, .. } => Some(Decision::Declare(if black_value(pos) > 0 {
            max
        } else {
            1
        })),
        Phase::Offer { .. } => nearest(pos, |p| opening.check_offer(p).is_ok())
            .into_iter()
            .map(|p| (after(pos, p).as_ref().map_or(i32::MIN, &mut black_value), p))
            .max_by_key(|&(value, _)| value)
            .map(|(_, p)| Decision::Offer(p)),
        Phase::Select { .. } => opening
            .offers()
            .iter()
            .map(|&p| (after(pos, p).as_ref().map_or(i32::MAX, &mut black_value), p))
            .min_by_key(|&(value, _)| value)
            .map(|(_, p)| Decision::Select(p)),
        Phase::Done => None,
    }
}

/// The searched score of `pos` for Black (0 when there is nothing to search).
fn black_value(brain: &mut Brain, pos: &Position, limits: Limits, stop: &AtomicBool) -> i32 {
    let score = brain.think(pos, limits, stop).map_or(0, |t| t.score);
    match pos.to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// `pos` after a stone on `p`, if it may go there.
fn after(pos: &Position, p: Point) -> Option<Position> {
    let mut next = pos.clone();
    next.play(p).ok()?;
    Some(next)
}

/// Up to [`CANDIDATES`] empty points that `allowed` accepts, nearest first to the stones
/// (to the centre on an empty board).
fn nearest(pos: &Position, allowed: impl Fn(Point) -> bool) -> Vec<Point> {
    let board = pos.board();
    let (w, h) = (board.width(), board.height());
    let stones: Vec<Point> = [Color::Black, Color::White]
        .into_iter()
        .flat_map(|c| board.points(c))
        .collect();
    let centre = Point::center(w, h);
    let distance = |a: Point, b: Point| {
        let dx = i32::from(a.x()).abs_diff(i32::from(b.x()));
        let dy = i32::from(a.y()).abs_diff(i32::from(b.y()));
        (dx.max(dy), dx + dy)
    };
    let near = |p: Point| {
        let to_stones = stones.iter().map(|&s| distance(p, s)).min();
        (
            to_stones.unwrap_or_else(|| distance(p, centre)),
            distance(p, centre),
            p.y(),
            p.x(),
        )
    };
    let mut points: Vec<Point> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Point::new(x, y)))
        .filter(|&p| board.is_empty_at(p) && allowed(p))
        .collect();
    points.sort_by_cached_key(|&p| near(p));
    points.truncate(CANDIDATES);
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::Rule;
    use gomoku::opening::OpeningRule;

    fn play_out(rule: OpeningRule, size: u8) -> Opening {
        let mut opening = Opening::new(rule, size, size, Rule::Freestyle).unwrap();
        let mut brain = Brain::new(1 << 20);
        let limits = Limits {
            time: None,
            depth: Some(2),
            soft: None,
        };
        let stop = AtomicBool::new(false);
        for _ in 0..40 {
            let Some(decision) = decide(&mut brain, &opening, limits, &stop) else {
                break;
            };
            decision
                .apply(&mut opening)
                .unwrap_or_else(|e| panic!("{rule}: {decision:?} refused: {e}"));
        }
        opening
    }

    #[test]
    fn the_brain_plays_every_opening_rule_to_its_end() {
        for (rule, stones) in [
            (OpeningRule::Swap, 3),
            (OpeningRule::Swap2, 3),
            (OpeningRule::Soosorv { n: 2 }, 4),
            (OpeningRule::Taraguchi { n: 3 }, 4),
        ] {
            let opening = play_out(rule, 15);
            assert_eq!(opening.phase(), Phase::Done, "{rule}");
            // The chosen offer is played when the opening finishes.
            let (game, _) = opening.clone().finish().unwrap();
            assert!(game.moves().len() >= stones, "{rule}: {:?}", game.moves());
        }
    }

    #[test]
    fn the_first_stone_goes_next_to_the_centre() {
        let opening = Opening::new(OpeningRule::Swap, 15, 15, Rule::Freestyle).unwrap();
        let limits = Limits {
            time: None,
            depth: Some(1),
            soft: None,
        };
        let decision = decide(
            &mut Brain::new(1 << 20),
            &opening,
            limits,
            &AtomicBool::new(false),
        );
        let Some(Decision::Place(p)) = decision else {
            panic!("{decision:?}");
        };
        assert!(p.x().abs_diff(7) <= 1 && p.y().abs_diff(7) <= 1, "{p:?}");
    }
}
