//! The search: depth-first over [`Step`]s with a transposition table, dominance moves and
//! move pruning.
//!
//! # Why it is exact
//! Every position reachable from the root through the steps the generator keeps is visited at
//! most once (the transposition table holds the key of every position entered: a position is
//! either on the current path or fully explored without a win, and with no score or depth in
//! play, a position's winnability does not depend on how it was reached). So when the stack
//! empties, no kept step sequence wins, and `Impossible` is proved as long as every pruning
//! rule only drops moves that a winning line never needs:
//!
//! - **Dominance (safe foundation moves).** When [`State::forced_step`] finds a card that can go
//!   up safely, it is the only child: see [`State::is_safe`] for the rule and its proof.
//! - **The stock as a reachable-card set.** Stock turns and recycles are not searched one by
//!   one; a talon step plays any card the current pass (or one recycle) can bring to the top
//!   of the waste. Turning without playing changes nothing but the waste position, and two
//!   recycles in a row give back the same arrangement, so no line is lost; with a pass limit
//!   a recycle is only used where no recycle-free way exists, and it is counted.
//! - **King shuffles.** A King-based run with nothing under it never moves to an empty pile
//!   (the result is the same position with two columns swapped), and of several empty piles
//!   only the first is tried (they are interchangeable).
//! - **Foundation cards coming back** are searched (some deals need them), except a card the
//!   dominance rule would send straight back up.
//! - **Canonical key.** Positions that differ only by the order of the piles share a key
//!   ([`State::key`]).
//!
//! Move ordering (reveals first, then foundation moves, talon plays, emptying a pile, partial
//! runs, foundation cards last) only changes how fast a win is found, never the verdict.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::state::{Need, State, Step};
use super::{Budget, Verdict};
use crate::Move;

/// The table's hasher: keys are already well-mixed 128-bit hashes, so their low half is used
/// as is.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn write_u128(&mut self, v: u128) {
        self.0 = v as u64;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The transposition table: keys of every position entered.
pub(crate) type Table = HashSet<u128, BuildHasherDefault<KeyHasher>>;

struct Frame {
    state: State,
    need: Need,
    /// Whether the only step is a dominance move (it leaves no constraint).
    forced: bool,
    steps: Vec<(i32, Step)>,
    next: usize,
}

impl Frame {
    fn fill(&mut self, state: State, need: Need, foundation_first: bool) {
        self.state = state;
        self.next = 0;
        if let Some(step) = state.forced_step() {
            self.need = Need::NOTHING;
            self.forced = true;
            self.steps.clear();
            self.steps.push((0, step));
        } else {
            self.need = need;
            self.forced = false;
            state.steps(need, foundation_first, &mut self.steps);
        }
    }
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Positions generated (children made by a step).
    pub nodes: u64,
    /// Distinct positions entered (the table's size).
    pub states: u64,
}

/// Reusable search memory.
#[derive(Default)]
pub(crate) struct Engine {
    table: Table,
    frames: Vec<Frame>,
}

impl Engine {
    /// Searches `root` within `budget` as a portfolio of exhaustive searches, each with a share
    /// of the node budget (the last one gets all that is left):
    ///
    /// 1. without foundation-to-tableau moves, foundation moves ordered first (an eighth);
    /// 2. without foundation-to-tableau moves, the main ordering (up to a quarter in all);
    /// 3. every move the rules allow, foundation moves first (up to three eighths in all);
    /// 4. every move the rules allow, the main ordering (the rest).
    ///
    /// When the rules forbid foundation-to-tableau moves, only the two orderings are tried (an
    /// eighth, then the rest). The split was tuned on the 200-deal bench at 2 M positions
    /// (BENCHMARKS.md); the orderings find different wins fast.
    ///
    /// Foundation cards coming back multiply the positions reachable, while few deals need
    /// them, so most wins are found faster without them.
    ///
    /// # Why it is exact
    /// Each attempt searches a subset of the legal lines, so a win found by any attempt is a
    /// real win (it replays through the rules engine). `Impossible` is only returned by an
    /// attempt that searched every move kind the rules allow: when the rules forbid
    /// foundation-to-tableau moves, that is every attempt; otherwise only attempts 3 and 4, and
    /// a restricted attempt that proves its sub-problem lost hands over to the next complete
    /// one. Without a node budget every attempt runs to its end (each search is finite), so the
    /// first complete attempt reached decides.
    pub(crate) fn run(&mut self, root: State, budget: Budget) -> (Verdict, Counts) {
        let start = Instant::now();
        let full_rules = root.foundation_to_tableau();
        let restricted = root.without_foundation_to_tableau();
        // (position, foundation_first, cumulative share of the node budget in eighths).
        let phases: &[(State, bool, u64)] = if full_rules {
            &[
                (restricted, true, 1),
                (restricted, false, 2),
                (root, true, 3),
                (root, false, 8),
            ]
        } else {
            &[(root, true, 1), (root, false, 8)]
        };
        let mut total = Counts::default();
        let mut restricted_lost = false;
        for (i, &(state, foundation_first, eighths)) in phases.iter().enumerate() {
            let complete = state.foundation_to_tableau() == full_rules;
            if restricted_lost && !complete {
                continue;
            }
            let last = i + 1 == phases.len();
            let nodes = budget.nodes.map(|max| {
                let cap = if last { max } else { max / 8 * eighths };
                cap.saturating_sub(total.nodes)
            });
            let (verdict, counts) = self.attempt(
                state,
                Budget {
                    nodes,
                    time: budget.time,
                },
                foundation_first,
                start,
            );
            total.nodes += counts.nodes;
            total.states = counts.states;
            match verdict {
                Verdict::Win(_) => return (verdict, total),
                Verdict::Impossible if complete => return (verdict, total),
                // Lost without foundation cards coming back: only a complete search decides.
                Verdict::Impossible => restricted_lost = true,
                Verdict::Unknown => {
                    if last || budget.time.is_some_and(|max| start.elapsed() > max) {
                        return (verdict, total);
                    }
                }
            }
        }
        (Verdict::Unknown, total)
    }

    fn attempt(
        &mut self,
        root: State,
        budget: Budget,
        foundation_first: bool,
        start: Instant,
    ) -> (Verdict, Counts) {
        self.table.clear();
        let mut counts = Counts::default();
        if root.is_won() || root.is_trivially_won() {
            let mut line = Vec::new();
            let mut steps = Vec::new();
            root.finish(&mut steps);
            expand_all(root, &steps, &mut line);
            return (Verdict::Win(line), counts);
        }
        self.table.insert(root.key());
        if self.frames.is_empty() {
            self.frames.push(Frame {
                state: root,
                need: Need::NOTHING,
                forced: false,
                steps: Vec::new(),
                next: 0,
            });
        }
        self.frames[0].fill(root, Need::NOTHING, foundation_first);
        let mut depth = 0;
        loop {
            let frame = &mut self.frames[depth];
            let Some(&(_, step)) = frame.steps.get(frame.next) else {
                if depth == 0 {
                    counts.states = self.table.len() as u64;
                    return (Verdict::Impossible, counts);
                }
                depth -= 1;
                continue;
            };
            frame.next += 1;
            let mut child = frame.state;
            let need = if frame.forced {
                Need::NOTHING
            } else {
                frame.state.need_after(step)
            };
            child.apply(step);
            counts.nodes += 1;
            if budget.nodes.is_some_and(|max| counts.nodes > max)
                || (counts.nodes.is_multiple_of(1024)
                    && budget.time.is_some_and(|max| start.elapsed() > max))
            {
                counts.states = self.table.len() as u64;
                return (Verdict::Unknown, counts);
            }
            if child.is_won() || child.is_trivially_won() {
                let mut line = Vec::new();
                for frame in &self.frames[..=depth] {
                    frame.state.expand(frame.steps[frame.next - 1].1, &mut line);
                }
                let mut steps = Vec::new();
                child.finish(&mut steps);
                expand_all(child, &steps, &mut line);
                counts.states = self.table.len() as u64;
                return (Verdict::Win(line), counts);
            }
            let key = child.key();
            // A constrained visit explores a subset of a free visit's steps: skip it when the
            // position was already entered free.
            if need != Need::NOTHING && self.table.contains(&key) {
                continue;
            }
            if !self.table.insert(key ^ need.tag()) {
                continue;
            }
            depth += 1;
            if self.frames.len() == depth {
                self.frames.push(Frame {
                    state: child,
                    need,
                    forced: false,
                    steps: Vec::new(),
                    next: 0,
                });
            }
            self.frames[depth].fill(child, need, foundation_first);
        }
    }
}

fn expand_all(mut state: State, steps: &[Step], line: &mut Vec<Move>) {
    for &step in steps {
        state.expand(step, line);
        state.apply(step);
    }
}
