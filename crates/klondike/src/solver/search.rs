//! The search: depth-first over [`Board`]s with a transposition table, and beside it the
//! same search of a relaxed game that proves lost deals sooner.
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
//!
//! Before searching, [`Board::is_stuck`] looks for face-down cards that can never be reached
//! (a card on them can neither go up nor move, for good): about one deal in 45 is lost that
//! way, and the search would have to exhaust every other board to find out.
//!
//! # The relaxed game
//! With more than one card turned at a time, or a pass limit, the talon is a sequence with a
//! position. Drawing one card with unlimited passes, every talon card is reachable at any time,
//! so every line of the real rules is a line of those rules (only the stock turns differ): if
//! the position is lost there, it is lost for real. That search has fewer boards (the waste's
//! end does not count, and safe talon cards go up at once) and often proves a lost deal several
//! times faster, so [`Engine::run`] runs both in turns, slice by slice, until one decides (a win
//! of the relaxed game proves nothing and ends it): a lost deal costs at most twice the
//! cheaper proof, any deal at most twice the real search.

use std::time::Instant;

use super::board::{Board, Layout, MAX_PLAYS, Play};
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

/// Where a [`Search`] stands after a slice.
pub(crate) enum Progress {
    /// A winning line of plays from the root.
    Won(Vec<Play>),
    /// Every kept play sequence was explored: none wins.
    Exhausted,
    /// The slice ran out; [`Search::resume`] goes on.
    Paused,
}

/// One resumable depth-first search: its table and its stack of frames.
#[derive(Default)]
pub(crate) struct Search {
    table: Table,
    frames: Vec<Frame>,
    /// The plays of the board being entered, and the boards they lead to with their keys.
    plays: Vec<Play>,
    boards: Vec<(Board, u128)>,
    /// The level of the board to enter next.
    depth: usize,
    /// The board to enter next (`None` once the search is over).
    next: Option<Board>,
    /// Boards generated since the start.
    nodes: u64,
}

/// Boards generated per slice when two searches take turns.
const SLICE: u64 = 1 << 16;

impl Search {
    /// Starts a search of `root` (not won) with keys from `layout`.
    pub(crate) fn start(&mut self, layout: &Layout, root: Board) {
        self.table.reset(layout.narrow);
        self.table.insert(layout.key(&root));
        self.depth = 0;
        self.next = Some(root);
        self.nodes = 0;
    }

    /// Searches on until about `nodes` more boards are generated or `deadline` passes (checked
    /// every 256 boards entered).
    pub(crate) fn resume(
        &mut self,
        layout: &Layout,
        nodes: u64,
        deadline: Option<Instant>,
    ) -> Progress {
        let stop = self.nodes.saturating_add(nodes);
        let mut entered = 0u32;
        while let Some(board) = self.next.take() {
            entered = entered.wrapping_add(1);
            if self.nodes >= stop
                || (entered.is_multiple_of(256) && deadline.is_some_and(|d| Instant::now() > d))
            {
                self.next = Some(board);
                return Progress::Paused;
            }
            // Enter `board`: generate its children, marking the new ones (all the table
            // lookups of one board together, so that the memory accesses overlap).
            let depth = self.depth;
            if self.frames.len() == depth {
                self.frames.push(Frame {
                    children: Vec::with_capacity(MAX_PLAYS),
                    played: Play::Reveal(0),
                });
            }
            board.plays(layout, &mut self.plays);
            self.nodes += self.plays.len() as u64;
            self.boards.clear();
            for &play in &self.plays {
                let mut child = board;
                child.apply(layout, play);
                if child.is_won() {
                    let path = self.frames[..depth].iter().map(|f| f.played);
                    return Progress::Won(path.chain([play]).collect());
                }
                self.boards.push((child, layout.key(&child)));
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
            // Then down to the next unexplored child, backing up as needed.
            while let Some(frame) = self.frames.get_mut(self.depth) {
                if let Some((play, child)) = frame.children.pop() {
                    frame.played = play;
                    self.depth += 1;
                    self.next = Some(child);
                    break;
                }
                if self.depth == 0 {
                    break;
                }
                self.depth -= 1;
            }
        }
        Progress::Exhausted
    }
}

/// Reusable solver memory: the real search and the relaxed one.
#[derive(Default)]
pub(crate) struct Engine {
    real: Search,
    relaxed: Search,
}

impl Engine {
    /// Decides `position` within `budget` (see the module documentation).
    pub(crate) fn run(&mut self, position: &Klondike, budget: Budget) -> (Verdict, Counts) {
        let deadline = budget.time.map(|t| Instant::now() + t);
        let max_nodes = budget.nodes.unwrap_or(u64::MAX);
        let (layout, root) = Board::new(position);
        let mut counts = Counts::default();
        let won = |plays: Vec<Play>| {
            // A line the rules engine rejects would be a bug in the exactness argument; no
            // answer is better than a wrong one.
            let line = realize(position, &layout, plays);
            debug_assert!(line.is_some(), "a winning board line did not replay");
            line.map_or(Verdict::Unknown, Verdict::Win)
        };
        if root.is_won() {
            return (won(Vec::new()), counts);
        }
        if root.is_stuck(&layout) {
            return (Verdict::Impossible, counts);
        }
        self.real.start(&layout, root);
        let relaxed = root.relaxed(&layout);
        if let Some((layout, root)) = &relaxed {
            self.relaxed.start(layout, *root);
        }
        let mut relaxing = relaxed.is_some();
        let verdict = 'solve: loop {
            for relax in [false, true] {
                if relax && !relaxing {
                    continue;
                }
                let left = max_nodes.saturating_sub(counts.nodes);
                if left == 0 || deadline.is_some_and(|d| Instant::now() > d) {
                    break 'solve Verdict::Unknown;
                }
                let slice = if relaxing { SLICE.min(left) } else { left };
                let (search, layout) = match &relaxed {
                    Some((relaxed_layout, _)) if relax => (&mut self.relaxed, relaxed_layout),
                    _ => (&mut self.real, &layout),
                };
                let before = search.nodes;
                let progress = search.resume(layout, slice, deadline);
                counts.nodes += search.nodes - before;
                match progress {
                    Progress::Exhausted => break 'solve Verdict::Impossible,
                    Progress::Won(_) if relax => relaxing = false,
                    Progress::Won(plays) => break 'solve won(plays),
                    Progress::Paused => {}
                }
            }
        };
        counts.states = self.real.table.len() as u64;
        if relaxed.is_some() {
            counts.states += self.relaxed.table.len() as u64;
        }
        (verdict, counts)
    }
}
