//! The search: depth-first over [`Board`]s with a transposition table.
//!
//! # Why it is exact
//! Every board reachable from the root through the plays the generator keeps is entered at
//! most once: the table holds the exact key of every board entered, and a board is either on
//! the current path or fully explored without a win (with no score or depth in play, whether
//! a board wins does not depend on how it was reached). So when the stack empties, no kept
//! play sequence wins, and `Impossible` is proved, because the boards decide exactly what the
//! real game decides and the generator only drops plays a winning line never needs (the
//! dominance rules of the `board` module; the stock as a reachable-card set of the `talon`
//! module). A win found is turned into public moves by the `realize` module, which plays them
//! through the rules engine.
//!
//! Move ordering (cards up first, then surface cards, talon cards, foundation cards down last)
//! only changes how fast a win is found, never the verdict.

use std::time::Instant;

use super::board::{Board, MAX_PLAYS, Play};
use super::realize::realize;
use super::table::Table;
use super::{Budget, Verdict};
use crate::Klondike;

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Boards generated (children made by a play).
    pub nodes: u64,
    /// Distinct boards entered (the table's size).
    pub states: u64,
}

/// One level of the depth-first search.
struct Frame {
    /// Plays from this level to boards not entered before (marked in the table already), with
    /// those boards; the next one to explore last.
    children: Vec<(Play, Board)>,
    /// The play being explored below this level.
    played: Play,
}

/// Reusable search memory: the table and the stack of frames.
#[derive(Default)]
pub(crate) struct Search {
    table: Table,
    frames: Vec<Frame>,
    /// The plays of the board being entered, and the boards they lead to with their keys.
    plays: Vec<Play>,
    boards: Vec<(Board, u128)>,
}

impl Search {
    /// Decides `position` within `budget`.
    pub(crate) fn run(&mut self, position: &Klondike, budget: Budget) -> (Verdict, Counts) {
        let deadline = budget.time.map(|t| Instant::now() + t);
        let max_nodes = budget.nodes.unwrap_or(u64::MAX);
        let (layout, root) = Board::new(position);
        let mut counts = Counts::default();
        let won = |frames: &[Frame], last: Option<Play>| {
            // A line the rules engine rejects would be a bug in the exactness argument; no
            // answer is better than a wrong one.
            let plays = frames.iter().map(|f| f.played).chain(last);
            let line = realize(position, &layout, plays);
            debug_assert!(line.is_some(), "a winning board line did not replay");
            line.map_or(Verdict::Unknown, Verdict::Win)
        };
        if root.is_won() {
            return (won(&[], None), counts);
        }
        self.table.reset(layout.narrow);
        self.table.insert(layout.key(&root));
        let mut depth = 0;
        let mut board = root;
        let verdict = loop {
            // Enter `board` at `depth`: generate its children, marking the new ones (all the
            // table lookups of one board together, so the memory accesses overlap).
            if self.frames.len() == depth {
                self.frames.push(Frame {
                    children: Vec::with_capacity(MAX_PLAYS),
                    played: Play::Reveal(0),
                });
            }
            board.plays(&layout, &mut self.plays);
            counts.nodes += self.plays.len() as u64;
            let mut winner = None;
            self.boards.clear();
            for &play in &self.plays {
                let mut child = board;
                child.apply(&layout, play);
                if child.is_won() {
                    winner = Some(play);
                    break;
                }
                self.boards.push((child, layout.key(&child)));
            }
            if winner.is_some() {
                break won(&self.frames[..depth], winner);
            }
            for &(_, key) in &self.boards {
                self.table.touch(key);
            }
            let children = &mut self.frames[depth].children;
            children.clear();
            for (&play, &(child, key)) in self.plays.iter().zip(&self.boards) {
                if self.table.insert(key) {
                    children.push((play, child));
                }
            }
            // Then go down to the next unexplored child, backing up as needed.
            let next = loop {
                if let Some(next) = self.frames[depth].children.pop() {
                    break Some(next);
                }
                if depth == 0 {
                    break None;
                }
                depth -= 1;
            };
            let Some((play, child)) = next else {
                break Verdict::Impossible;
            };
            if counts.nodes >= max_nodes || deadline.is_some_and(|d| Instant::now() > d) {
                break Verdict::Unknown;
            }
            self.frames[depth].played = play;
            depth += 1;
            board = child;
        };
        counts.states = self.table.len() as u64;
        (verdict, counts)
    }
}
