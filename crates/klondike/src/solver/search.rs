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
//! of the relaxed game proves nothing and ends it).
//!
//! # Probes
//! A depth-first search is fast on most winnable deals and very slow on a few: an early wrong
//! turn can hide a short win behind hundreds of millions of boards, which another move order
//! finds at once (the heavy tail of backtracking search). So every round also gives a quarter
//! slice to a *probe*: a fresh search whose move order is shuffled a little by a seeded
//! generator (the same deal gets the same answer everywhere), restarted with a new seed after
//! 1, 1, 2, 1, 1, 2, 4, … times 2,048 boards (the Luby sequence); a round's quarter slice
//! stops early where the current probe's budget ends. A probe keeps every play, so a probe
//! that runs out proves the deal lost as well. Shares of the time: the real search at most
//! 4/9, the relaxed one 4/9 and probes at most 1/9 while the relaxed search runs, else 4/5
//! and 1/5. (Short probes every round find the late wins sooner than full-slice probes every
//! fourth round did, at the same share: on the draw-3 bench deals 0..199, 37 M boards in all
//! against 66 M, the slowest 8.9 M against 16.2 M.)
//!
//! The first round gives the probes a full slice instead, shared by as many successive
//! probes as it holds (the first fifteen of the sequence): most late wins fall to one of the
//! first few probes within a few thousand boards, and waiting a round for each probe left
//! them behind several real slices. A deal the real search decides in its first slice is
//! still decided by it alone, and a lost deal pays one slice more. (Draw-3 bench deals
//! 0..199, with the safe rule of session 8: 28.0 M boards in all against 32.8 M, p90 212 k
//! against 365 k; draw 1: 6.6 M against 6.9 M.)

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
    /// Distinct boards entered (the sizes of the tables of the searches that ran).
    pub states: u64,
    /// The most memory the searches held at once, in bytes (tables and stacks).
    pub peak_bytes: u64,
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
    /// The table reached its memory limit: the search cannot go on.
    OutOfMemory,
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
    /// The state of the generator that shuffles the move order (0: the usual order).
    shuffle: u64,
    /// The plays of the board being entered, with their shuffled ranks.
    ranked: Vec<(u64, Play)>,
}

/// Boards generated per slice when searches take turns.
const SLICE: u64 = 1 << 16;
/// Boards a probe generates per round: a quarter slice, so that probes keep their share of
/// the time (one part in five or nine) in small steps.
const PROBE_SLICE: u64 = SLICE / 4;
/// The unit of the probes' Luby sequence, in boards generated.
const PROBE_UNIT: u64 = 1 << 11;
/// How far a probe's shuffle can move a play: up to this many places earlier or later.
const SHUFFLE: u64 = 3;

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

impl Search {
    /// Starts a search of `root` (not won) with keys from `layout`, in the usual move order
    /// (`shuffle` 0) or one shuffled by a generator seeded with `shuffle`.
    pub(crate) fn start(&mut self, layout: &Layout, root: Board, shuffle: u64) {
        self.table.reset(layout.narrow);
        self.table.insert(layout.key(&root));
        self.depth = 0;
        self.next = Some(root);
        self.nodes = 0;
        self.shuffle = if shuffle == 0 {
            0
        } else {
            shuffle.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
        };
    }

    /// Moves each play up to [`SHUFFLE`] places in the order (for a probe).
    fn shuffle_plays(&mut self) {
        self.ranked.clear();
        for (i, &play) in self.plays.iter().enumerate() {
            // xorshift64
            self.shuffle ^= self.shuffle << 13;
            self.shuffle ^= self.shuffle >> 7;
            self.shuffle ^= self.shuffle << 17;
            let rank = i as u64 * 2 + self.shuffle % (2 * SHUFFLE + 1);
            self.ranked.push((rank, play));
        }
        self.ranked.sort_unstable_by_key(|&(rank, _)| rank);
        for (slot, &(_, play)) in self.plays.iter_mut().zip(&self.ranked) {
            *slot = play;
        }
    }

    /// Distinct boards entered.
    fn states(&self) -> u64 {
        self.table.len() as u64
    }

    /// The memory the search holds: its table and its stack of frames, in bytes.
    fn bytes(&self) -> u64 {
        let frame = size_of::<Frame>() + MAX_PLAYS * size_of::<(Play, Board)>();
        (self.table.bytes() + self.frames.len() * frame) as u64
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
            if self.shuffle != 0 && self.plays.len() > 1 {
                self.shuffle_plays();
            }
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
            if self.table.is_full() {
                return Progress::OutOfMemory;
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

/// Reusable solver memory: the real search, the relaxed one and the probes.
#[derive(Default)]
pub(crate) struct Engine {
    real: Search,
    relaxed: Search,
    probe: Search,
}

/// The searches that take turns, in their order within a round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Runner {
    Real,
    Relaxed,
    Probe,
}

impl Engine {
    /// The memory the three searches hold, in bytes.
    fn bytes(&self) -> u64 {
        self.real.bytes() + self.relaxed.bytes() + self.probe.bytes()
    }

    /// Decides `position` within `budget` (see the module documentation). A memory budget
    /// bounds the three searches together: before each slice, the search that runs may let
    /// its table grow only into what the others leave.
    pub(crate) fn run(&mut self, position: &Klondike, budget: Budget) -> (Verdict, Counts) {
        let deadline = budget.time.map(|t| Instant::now() + t);
        let memory = budget.memory.unwrap_or(u64::MAX);
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
        self.real.start(&layout, root, 0);
        let relaxed = root.relaxed(&layout);
        if let Some((layout, root)) = &relaxed {
            self.relaxed.start(layout, *root, 0);
        } else {
            self.relaxed.start(&layout, root, 0); // unused: only its memory is given back
        }
        self.probe.start(&layout, root, 0); // given back; a probe starts before it runs
        let mut relaxing = relaxed.is_some();
        // The memory held by the three searches, kept current slice by slice.
        let mut total = self.bytes();
        counts.peak_bytes = total;
        // Probes started so far, and boards left to the current one.
        let (mut probes, mut probe_left) = (0, 0);
        let mut first_round = true;
        let verdict = 'solve: loop {
            // The probes' part of the round: a full slice in the first round, for successive
            // probes, then a quarter slice (or what is left of the current probe's budget).
            let mut probe_round = if first_round { SLICE } else { PROBE_SLICE };
            let runners = [Runner::Real, Runner::Relaxed, Runner::Probe];
            let mut step = 0;
            while let Some(&runner) = runners.get(step) {
                step += 1;
                if runner == Runner::Relaxed && !relaxing {
                    continue;
                }
                let left = max_nodes.saturating_sub(counts.nodes);
                if left == 0 || deadline.is_some_and(|d| Instant::now() > d) {
                    break 'solve Verdict::Unknown;
                }
                let (search, layout, slice) = match (runner, &relaxed) {
                    (Runner::Relaxed, Some((relaxed_layout, _))) => {
                        (&mut self.relaxed, relaxed_layout, SLICE)
                    }
                    (Runner::Probe, _) => {
                        if probe_left == 0 {
                            probes += 1;
                            probe_left = luby(probes) * PROBE_UNIT;
                            self.probe.start(&layout, root, probes);
                        }
                        (&mut self.probe, &layout, probe_round.min(probe_left))
                    }
                    _ => (&mut self.real, &layout, SLICE),
                };
                let own = search.table.bytes() as u64;
                let others = total.saturating_sub(search.bytes());
                let room = memory.saturating_sub(others + search.bytes() - own);
                search
                    .table
                    .set_limit(usize::try_from(room).unwrap_or(usize::MAX));
                let before = search.nodes;
                let progress = search.resume(layout, slice.min(left), deadline);
                let generated = search.nodes - before;
                counts.nodes += generated;
                if runner == Runner::Probe {
                    probe_left = probe_left.saturating_sub(generated);
                    probe_round = probe_round.saturating_sub(generated);
                    if first_round && probe_left == 0 && probe_round > 0 {
                        step -= 1; // the next probe, in the same slice
                    }
                }
                total = others + search.bytes();
                counts.peak_bytes = counts.peak_bytes.max(total);
                match progress {
                    Progress::OutOfMemory => break 'solve Verdict::Unknown,
                    Progress::Exhausted => break 'solve Verdict::Impossible,
                    Progress::Won(_) if runner == Runner::Relaxed => relaxing = false,
                    Progress::Won(plays) => break 'solve won(plays),
                    Progress::Paused => {}
                }
            }
            first_round = false;
        };
        counts.states = self.real.states();
        if probes > 0 {
            counts.states += self.probe.states();
        }
        if relaxed.is_some() {
            counts.states += self.relaxed.states();
        }
        (verdict, counts)
    }
}
