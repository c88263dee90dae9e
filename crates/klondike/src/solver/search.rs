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
//!
//! # Restarts
//! A depth-first search is fast on most deals and hopelessly slow on a few winnable ones: an
//! early wrong turn can hide a short win behind millions of positions, and another move order
//! finds it at once (the heavy tail of backtracking search). Lost deals have the opposite
//! problem: the exact search must exhaust every real position. So [`Engine::run`] runs three
//! searches side by side, in slices of equal size that grow along the Luby sequence
//! (1, 1, 2, 1, 1, 2, 4, …): the relaxed search of the `relaxed` module (it proves most lost
//! deals with a small fraction of the positions, and stops at its first relaxed win), the
//! *complete* search, resumed where it paused, and *probes*, fresh searches that each get one
//! slice, alternate move orderings, mostly with randomly jittered scores (a seeded generator:
//! the same deal gets the same answer everywhere), and every other one without foundation
//! cards coming back (few deals need them, and leaving them out makes the search much
//! smaller). A winnable deal costs at most about three times its best probe, a lost one about
//! three times its relaxed (or complete) search.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::relaxed::{Outcome, Prover};
use super::state::{Need, State, Step, fmix};
use super::{Budget, Verdict};
use crate::Move;

/// The tables' hasher for 128-bit keys: the two halves folded by the SplitMix64 finalizer (the
/// exact search's keys are already hashes, the relaxed search's are exact packings).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn write_u128(&mut self, v: u128) {
        self.0 = fmix((v as u64) ^ ((v >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The transposition table: keys of every position entered.
pub(crate) type Table = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// How a search orders its steps.
#[derive(Clone, Copy, Debug, Default)]
struct Order {
    /// Moves to the foundations before talon plays to the tableau (see [`State::steps`]).
    foundation_first: bool,
    /// Each step's score gets a random bonus below this (0: none), shuffling close scores.
    jitter: u32,
}

/// The jitter of the probes' move orders: about the gap between neighbouring move kinds.
const JITTER: u32 = 40;
/// Positions in the first slice; slice `k` gets `luby(k)` times this.
const SLICE: u64 = 10_000;

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        let k = u64::BITS - i.leading_zeros(); // 2^(k-1) <= i < 2^k
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A step of xorshift64: the probes' jitter source.
fn next_random(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

struct Frame {
    state: State,
    need: Need,
    /// Whether the only step is a dominance move (it leaves no constraint).
    forced: bool,
    steps: Vec<(i32, Step)>,
    next: usize,
}

impl Frame {
    fn new(state: State) -> Frame {
        Frame {
            state,
            need: Need::NOTHING,
            forced: false,
            steps: Vec::new(),
            next: 0,
        }
    }

    fn fill(&mut self, state: State, need: Need, order: Order, rng: &mut u64) {
        self.state = state;
        self.next = 0;
        self.steps.clear();
        if let Some(step) = state.forced_step() {
            self.need = Need::NOTHING;
            self.forced = true;
            self.steps.push((0, step));
            return;
        }
        self.need = need;
        self.forced = false;
        state.steps(need, order.foundation_first, &mut self.steps);
        if order.jitter > 0 {
            for (score, _) in &mut self.steps {
                *score += (next_random(rng) % u64::from(order.jitter)) as i32;
            }
        }
        self.steps
            .sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    }
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Positions generated (children made by a step).
    pub nodes: u64,
    /// Distinct positions entered (the tables' sizes).
    pub states: u64,
}

/// Where a [`Search`] stands after a slice.
enum Progress {
    /// A winning line from the search's root.
    Won(Vec<Move>),
    /// Every kept step sequence was explored: none wins.
    Exhausted,
    /// The slice ran out; [`Search::resume`] goes on.
    Paused,
}

/// One resumable depth-first search with its own table.
#[derive(Default)]
struct Search {
    table: Table,
    frames: Vec<Frame>,
    depth: usize,
    order: Order,
    rng: u64,
    /// Positions generated since [`start`](Search::start).
    nodes: u64,
}

impl Search {
    /// Starts a search of `root` (neither won nor trivially won) from scratch.
    fn start(&mut self, root: State, order: Order, seed: u64) {
        self.table.clear();
        self.table.insert(root.key());
        self.order = order;
        self.rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        self.nodes = 0;
        self.depth = 0;
        if self.frames.is_empty() {
            self.frames.push(Frame::new(root));
        }
        self.frames[0].fill(root, Need::NOTHING, order, &mut self.rng);
    }

    /// Searches on for at most `nodes` more positions (and until `deadline`).
    fn resume(&mut self, nodes: u64, deadline: Option<Instant>) -> Progress {
        let stop = self.nodes + nodes;
        loop {
            let depth = self.depth;
            let frame = &mut self.frames[depth];
            let Some(&(_, step)) = frame.steps.get(frame.next) else {
                if depth == 0 {
                    return Progress::Exhausted;
                }
                self.depth -= 1;
                continue;
            };
            if self.nodes >= stop
                || (self.nodes.is_multiple_of(1024) && deadline.is_some_and(|d| Instant::now() > d))
            {
                return Progress::Paused;
            }
            frame.next += 1;
            let mut child = frame.state;
            let need = if frame.forced {
                Need::NOTHING
            } else {
                frame.state.need_after(step)
            };
            child.apply(step);
            self.nodes += 1;
            if child.is_won() || child.is_trivially_won() {
                let mut line = Vec::new();
                for frame in &self.frames[..=depth] {
                    frame.state.expand(frame.steps[frame.next - 1].1, &mut line);
                }
                finish(child, &mut line);
                return Progress::Won(line);
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
            self.depth += 1;
            if self.frames.len() == self.depth {
                self.frames.push(Frame::new(child));
            }
            self.frames[self.depth].fill(child, need, self.order, &mut self.rng);
        }
    }
}

/// Reusable search memory: the relaxed search, the complete search and the probes.
#[derive(Default)]
pub(crate) struct Engine {
    relaxed: Prover,
    complete: Search,
    probe: Search,
}

/// The searches that share the budget, in the order they run in each round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Runner {
    Relaxed,
    Probe,
    Complete,
}

impl Engine {
    /// Searches `root` within `budget` (see "Restarts" in the module documentation).
    ///
    /// Each round runs, in this order, the relaxed search (until it proves the deal lost or
    /// finds a relaxed win, which proves nothing), a probe, and the complete search, each for
    /// the round's slice. The probes take turns through configurations, counted separately for
    /// each slice size, so that every size starts with the deterministic search that wins most
    /// deals in a few hundred positions: configuration `c` searches without foundation cards
    /// coming back when `c` is even (if the rules allow them at all; once such a probe is
    /// exhausted, that sub-problem is lost and the probes keep every move), orders foundation
    /// moves first when `c % 4 < 2`, and jitters its scores when `c >= 2`.
    ///
    /// # Why it is exact
    /// Every search explores a subset of the legal lines, so any win it finds is real (it
    /// replays through the rules engine). `Impossible` comes only from an exhausted search of
    /// every move kind the rules allow: the complete search, or a probe that kept foundation
    /// cards coming back (its jitter changes the order of the steps, never which are kept).
    /// Without a budget the complete search runs to its end, so the solver always answers.
    pub(crate) fn run(&mut self, root: State, budget: Budget) -> (Verdict, Counts) {
        let deadline = budget.time.map(|t| Instant::now() + t);
        let mut counts = Counts::default();
        if root.is_won() || root.is_trivially_won() {
            let mut line = Vec::new();
            finish(root, &mut line);
            return (Verdict::Win(line), counts);
        }
        let full_rules = root.foundation_to_tableau();
        let mut restricted_lost = !full_rules;
        let mut relaxed = self.relaxed.start(&root);
        self.complete.start(root, Order::default(), 0);
        let mut round = 0;
        let mut probes_of_size = [0u64; 64];
        loop {
            let size = luby(round + 1);
            let config = probes_of_size[size.trailing_zeros() as usize];
            probes_of_size[size.trailing_zeros() as usize] += 1;
            let slice = SLICE * size;
            let restricted = config % 2 == 0 && !restricted_lost;
            let state = if restricted {
                root.without_foundation_to_tableau()
            } else {
                root
            };
            let order = Order {
                foundation_first: config % 4 < 2,
                jitter: if config < 2 { 0 } else { JITTER },
            };
            for runner in [Runner::Relaxed, Runner::Probe, Runner::Complete] {
                if runner == Runner::Relaxed && !relaxed {
                    continue;
                }
                let nodes = match budget.nodes {
                    Some(max) if counts.nodes >= max => return (Verdict::Unknown, counts),
                    Some(max) => slice.min(max - counts.nodes),
                    None => slice,
                };
                if deadline.is_some_and(|d| Instant::now() > d) {
                    return (Verdict::Unknown, counts);
                }
                if runner == Runner::Relaxed {
                    let before = self.relaxed.nodes;
                    let outcome = self.relaxed.resume(nodes);
                    counts.nodes += self.relaxed.nodes - before;
                    match outcome {
                        Outcome::Lost => return (Verdict::Impossible, counts),
                        Outcome::Inconclusive => relaxed = false,
                        Outcome::Paused => {}
                    }
                    continue;
                }
                let probe = runner == Runner::Probe;
                let search = if probe {
                    self.probe.start(state, order, round);
                    &mut self.probe
                } else {
                    &mut self.complete
                };
                let before = search.nodes;
                let progress = search.resume(nodes, deadline);
                counts.nodes += search.nodes - before;
                counts.states = (self.complete.table.len() + self.probe.table.len()) as u64;
                match progress {
                    Progress::Won(line) => return (Verdict::Win(line), counts),
                    Progress::Exhausted if !(probe && restricted) => {
                        return (Verdict::Impossible, counts);
                    }
                    // Lost without foundation cards coming back: only a complete search decides.
                    Progress::Exhausted => restricted_lost = true,
                    Progress::Paused => {}
                }
            }
            round += 1;
        }
    }
}

/// Appends the public moves that finish a won or trivially won position.
fn finish(state: State, line: &mut Vec<Move>) {
    let mut steps = Vec::new();
    state.finish(&mut steps);
    let mut state = state;
    for step in steps {
        state.expand(step, line);
        state.apply(step);
    }
}
