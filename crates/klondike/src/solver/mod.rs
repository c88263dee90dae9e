//! An exact solver for thoughtful Klondike (every card known): does a deal or any position
//! reached in play have a winning line, and which?
//!
//! - [`solve`] / [`Solver::solve`]: [`Verdict::Win`] with a line of public [`Move`]s (stock
//!   turns and recycles included) that replays to a win through [`Klondike::play`],
//!   [`Verdict::Impossible`] (proved: no line wins, within the pass limit), or
//!   [`Verdict::Unknown`] only when the caller's [`Budget`] runs out.
//! - [`hint`]: the next move of a winning line, or "no winning line left".
//! - [`deal_winnable`] / [`deal_winnable_with`]: a seeded deal the solver proved winnable.
//! - [`survey`]: solve many seeded deals, on several threads if asked, and time each
//!   (benchmarks, winnability rates).
//!
//! Draw 1, draw 3 or any draw, with unlimited passes or a pass limit (a line never needs more
//! passes than the rules allow), with or without foundation cards coming back to the tableau
//! (searched when the rules allow them).
//!
//! # How
//! The search runs on boards that forget where the face-up cards lie (which parent holds which
//! card): the `board` module shows that a board wins exactly when the real position does, and
//! every board move is one real move after at most one move of placed cards, so a winning
//! board line turns back into public moves (`realize`). Boards are few and small, their keys
//! exact. On them: a depth-first search with a transposition table (`search`), dominance moves
//! (safe cards go up at once, and never come back down), cards brought down from a foundation
//! or (draw 1) taken from the talon only when the next play can use them, the stock as a
//! reachable-card set per draw window (`talon`, where a waste of whole turns plays as a full
//! stock), and no King shuffles between empty piles. Before it, a check for
//! face-down cards under a card that can never go up nor move proves some deals lost at once;
//! beside it, the same search under relaxed rules (one card at a time, unlimited passes)
//! proves many lost deals sooner, and probes in shuffled move orders find the wins a fixed
//! order reaches late (`search`).
//!
//! ```
//! use klondike::solver::{self, Budget, Verdict};
//! use klondike::{Draw, Klondike, Rules};
//!
//! let start = Klondike::from_seed(1, Rules::draw(Draw::THREE));
//! let solution = solver::solve(&start, Budget::nodes(2_000_000));
//! if let Verdict::Win(line) = &solution.verdict {
//!     let mut position = start;
//!     for &mv in line {
//!         position.play(mv)?;
//!     }
//!     assert!(position.is_won());
//! }
//! # Ok::<(), klondike::IllegalMove>(())
//! ```

mod board;
mod realize;
mod search;
mod table;
mod talon;

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::{Deal, Draw, Klondike, Move, PassLimit, Rules};

/// How much work a search may do before it answers [`Verdict::Unknown`]: a number of
/// positions generated (the solver's boards, see the module documentation), a wall-clock time,
/// a memory size, any of them together, or none (search to the end).
///
/// A node budget gives the same answer on every machine; a time budget does not. The memory
/// budget bounds what the search holds (its tables of boards and its stacks: see
/// [`Solution::peak_bytes`]; a search stack deeper than at the last check can add a little
/// over it); the hardest deal seen held about 1.6 GB.
///
/// ```
/// use std::time::Duration;
/// use klondike::solver::Budget;
/// let budget = Budget::time(Duration::from_secs(10)).with_memory(1 << 30);
/// assert_eq!(budget.memory, Some(1 << 30));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Budget {
    /// At most this many positions generated.
    pub nodes: Option<u64>,
    /// At most this much time (checked every 256 positions entered).
    pub time: Option<Duration>,
    /// At most this many bytes held (a table that would grow past it stops the search).
    pub memory: Option<u64>,
}

impl Budget {
    /// No limit: the search runs until it proves a win or a loss.
    pub const UNLIMITED: Budget = Budget {
        nodes: None,
        time: None,
        memory: None,
    };

    /// A budget of `nodes` positions.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::UNLIMITED
        }
    }

    /// A budget of wall-clock time.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::UNLIMITED
        }
    }

    /// This budget with a memory limit of `bytes` as well.
    #[must_use]
    pub const fn with_memory(self, bytes: u64) -> Budget {
        Budget {
            memory: Some(bytes),
            ..self
        }
    }
}

/// The solver's answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// A winning line from the position: public moves, stock turns and recycles included.
    Win(Vec<Move>),
    /// Proved: no sequence of moves wins (within the pass limit).
    Impossible,
    /// The budget ran out first.
    Unknown,
}

impl Verdict {
    /// `"win"`, `"impossible"` or `"unknown"`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Win(_) => "win",
            Verdict::Impossible => "impossible",
            Verdict::Unknown => "unknown",
        }
    }

    /// The winning line, if any.
    pub fn line(&self) -> Option<&[Move]> {
        match self {
            Verdict::Win(line) => Some(line),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    /// The word alone (see [`word`](Verdict::word)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A verdict with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The answer.
    pub verdict: Verdict,
    /// Positions generated.
    pub nodes: u64,
    /// Distinct boards stored in the transposition tables (of the real search, the relaxed one
    /// and the current probe; see the module documentation).
    pub states: u64,
    /// The most memory the search held at once, in bytes: its tables and stacks (measured
    /// between slices of 65,536 boards, when tables only grow).
    pub peak_bytes: u64,
}

/// A solver that keeps its memory (transposition table, search stack) between solves.
///
/// ```
/// use klondike::solver::{Budget, Solver, Verdict};
/// use klondike::{Klondike, Rules};
///
/// let mut solver = Solver::new();
/// for seed in 0..3 {
///     let solution = solver.solve(&Klondike::from_seed(seed, Rules::default()), Budget::nodes(1_000_000));
///     assert!(matches!(solution.verdict, Verdict::Win(_) | Verdict::Impossible | Verdict::Unknown));
/// }
/// ```
#[derive(Default)]
pub struct Solver {
    engine: search::Engine,
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Solver")
    }
}

impl Solver {
    /// A solver with empty memory.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Decides `position` within `budget`.
    pub fn solve(&mut self, position: &Klondike, budget: Budget) -> Solution {
        let (verdict, counts) = self.engine.run(position, budget);
        Solution {
            verdict,
            nodes: counts.nodes,
            states: counts.states,
            peak_bytes: counts.peak_bytes,
        }
    }
}

/// Decides `position` within `budget` (a fresh [`Solver`]).
pub fn solve(position: &Klondike, budget: Budget) -> Solution {
    Solver::new().solve(position, budget)
}

/// Whether a position can still be won, and how to go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    /// The first move of a winning line.
    Move(Move),
    /// The game is already won.
    Won,
    /// No winning line is left: the game is lost (proved).
    NoWinningLine,
    /// The budget ran out before an answer.
    Unknown,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Move(mv) => write!(f, "{mv}"),
            Hint::Won => f.write_str("won"),
            Hint::NoWinningLine => f.write_str("no winning line left"),
            Hint::Unknown => f.write_str("unknown"),
        }
    }
}

/// The next move of a winning line from `position`, or [`Hint::NoWinningLine`] when the
/// position is lost (the exact answer to "have I lost?").
///
/// ```
/// use klondike::solver::{hint, Budget, Hint};
/// use klondike::{Klondike, Rules};
///
/// let mut position = Klondike::from_seed(4, Rules::default());
/// if let Hint::Move(mv) = hint(&position, Budget::nodes(1_000_000)) {
///     position.play(mv)?; // a hint is always legal
/// }
/// # Ok::<(), klondike::IllegalMove>(())
/// ```
pub fn hint(position: &Klondike, budget: Budget) -> Hint {
    match solve(position, budget).verdict {
        Verdict::Win(line) => line.first().map_or(Hint::Won, |&mv| Hint::Move(mv)),
        Verdict::Impossible => Hint::NoWinningLine,
        Verdict::Unknown => Hint::Unknown,
    }
}

/// A deal the solver proved winnable, from [`deal_winnable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinnableDeal {
    /// The seed of the deal ([`Deal::from_seed`]).
    pub seed: u64,
    /// The deal.
    pub deal: Deal,
    /// A winning line from the deal.
    pub line: Vec<Move>,
}

/// The node budget [`deal_winnable`] gives each candidate deal.
pub const WINNABLE_BUDGET: u64 = 300_000;
/// How many candidate deals [`deal_winnable`] tries before giving up.
pub const WINNABLE_TRIES: u64 = 10_000;

/// The seed of candidate `i` for [`deal_winnable`]: the seed itself first, then SplitMix64
/// steps from it.
fn candidate_seed(seed: u64, i: u64) -> u64 {
    if i == 0 {
        return seed;
    }
    let mut z = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A deal proved winnable under draw `draw` and `pass_limit` (default rules otherwise),
/// deterministic per seed: the deal of `seed` itself if the solver wins it within
/// [`WINNABLE_BUDGET`] positions, else the first such deal among seeds derived from it.
/// `None` only if none of [`WINNABLE_TRIES`] candidates is proved winnable (never seen for
/// draw 1 or 3). [`deal_winnable_with`] takes any rules.
///
/// ```
/// use klondike::solver::deal_winnable;
/// use klondike::{Draw, Klondike, PassLimit, Rules};
///
/// let found = deal_winnable(7, Draw::THREE, PassLimit::UNLIMITED).expect("a winnable deal");
/// assert_eq!(deal_winnable(7, Draw::THREE, PassLimit::UNLIMITED), Some(found.clone()));
/// let mut position = Klondike::new(&found.deal, Rules::draw(Draw::THREE));
/// for &mv in &found.line {
///     position.play(mv)?;
/// }
/// assert!(position.is_won());
/// # Ok::<(), klondike::IllegalMove>(())
/// ```
pub fn deal_winnable(seed: u64, draw: Draw, pass_limit: PassLimit) -> Option<WinnableDeal> {
    let rules = Rules {
        draw,
        pass_limit,
        ..Rules::default()
    };
    deal_winnable_with(seed, rules)
}

/// [`deal_winnable`] under any rules (Vegas pass limits, foundation cards locked, ...).
///
/// ```
/// use klondike::solver::deal_winnable_with;
/// use klondike::{Rules, Scoring};
///
/// let vegas = Rules { scoring: Scoring::Vegas, foundation_to_tableau: false, ..Rules::default() };
/// assert!(deal_winnable_with(3, vegas).is_some());
/// ```
pub fn deal_winnable_with(seed: u64, rules: Rules) -> Option<WinnableDeal> {
    deal_winnable_among(seed, rules, WINNABLE_TRIES)
}

/// [`deal_winnable_with`] trying at most `tries` candidates (the seed's own deal first).
///
/// ```
/// use klondike::solver::deal_winnable_among;
/// use klondike::Rules;
///
/// assert_eq!(deal_winnable_among(3, Rules::default(), 0), None);
/// ```
pub fn deal_winnable_among(seed: u64, rules: Rules, tries: u64) -> Option<WinnableDeal> {
    let mut solver = Solver::new();
    (0..tries).find_map(|i| {
        let seed = candidate_seed(seed, i);
        let deal = Deal::from_seed(seed);
        match solver
            .solve(&Klondike::new(&deal, rules), Budget::nodes(WINNABLE_BUDGET))
            .verdict
        {
            Verdict::Win(line) => Some(WinnableDeal { seed, deal, line }),
            _ => None,
        }
    })
}

/// One deal of a [`survey`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurveyEntry {
    /// The deal's seed.
    pub seed: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// Positions generated.
    pub nodes: u64,
    /// The most memory the solve held ([`Solution::peak_bytes`]).
    pub peak_bytes: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
}

/// Solves the deals of `seeds` under `rules`, timing each: the engine of the `bench` command
/// and of the winnability runs. `jobs` threads (at least one) take the deals in turn, each
/// with its own reused [`Solver`]; the entries come back in the order of `seeds`. With more
/// than one job the deals share the machine, so their times are those of a loaded machine.
///
/// ```
/// use klondike::solver::{survey, Budget};
/// use klondike::Rules;
///
/// let one = survey(&[0, 1, 2, 3], Rules::default(), Budget::nodes(100_000), 1);
/// let two = survey(&[0, 1, 2, 3], Rules::default(), Budget::nodes(100_000), 2);
/// let verdicts = |entries: &[klondike::solver::SurveyEntry]| {
///     entries.iter().map(|e| (e.seed, e.verdict.clone())).collect::<Vec<_>>()
/// };
/// assert_eq!(verdicts(&one), verdicts(&two));
/// ```
pub fn survey(seeds: &[u64], rules: Rules, budget: Budget, jobs: usize) -> Vec<SurveyEntry> {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut solver = Solver::new();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&seed) = seeds.get(i) else {
                return done;
            };
            let position = Klondike::from_seed(seed, rules);
            let start = Instant::now();
            let solution = solver.solve(&position, budget);
            done.push((
                i,
                SurveyEntry {
                    seed,
                    verdict: solution.verdict,
                    nodes: solution.nodes,
                    peak_bytes: solution.peak_bytes,
                    elapsed: start.elapsed(),
                },
            ));
        }
    };
    let mut entries: Vec<(usize, SurveyEntry)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..jobs.max(1)).map(|_| scope.spawn(work)).collect();
        let mut all = work();
        for worker in workers {
            all.extend(worker.join().expect("a survey thread panicked"));
        }
        all
    });
    entries.sort_unstable_by_key(|&(i, _)| i);
    entries.into_iter().map(|(_, entry)| entry).collect()
}

#[cfg(test)]
mod tests;
