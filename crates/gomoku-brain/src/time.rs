//! Time management: a move's budget from the Gomocup limits, and the clock a search reads.

use crate::search::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The time limits the manager announces (`INFO timeout_turn`, `timeout_match`,
/// `time_left`), in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Limit for one move; `0` means play as fast as possible.
    pub turn_ms: u64,
    /// Limit for the whole match; `0` means no limit.
    pub match_ms: u64,
    /// What is left of the match time.
    pub left_ms: u64,
}

impl Default for TimeControl {
    /// Gomocup's usual tournament limits: 5 s a move, 180 s a match.
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: 5_000,
            match_ms: 180_000,
            left_ms: 180_000,
        }
    }
}

impl TimeControl {
    /// The time to spend on one move: the turn limit, or a share of the match time left if
    /// that is smaller, less a reserve for the answer to reach the manager.
    pub fn budget(&self) -> Duration {
        let mut ms = if self.turn_ms == 0 { 20 } else { self.turn_ms };
        if self.match_ms > 0 {
            ms = ms.min(self.left_ms / 15);
        }
        let reserve = (ms / 20).clamp(15, 50);
        Duration::from_millis(ms.saturating_sub(reserve).max(2))
    }

    /// The limits of one move: the [budget](TimeControl::budget), all of it spent under a
    /// per-move limit; under a match clock no iteration starts after half of it, the rest
    /// saved for later moves.
    pub fn limits(&self) -> Limits {
        let time = self.budget();
        Limits {
            time: Some(time),
            depth: None,
            soft: (self.match_ms > 0).then(|| time / 2),
        }
    }
}

/// A search's clock: a hard deadline, the stop flag the protocol's reader sets, and a node
/// count.
#[derive(Debug)]
pub struct Clock<'a> {
    start: Instant,
    deadline: Instant,
    stop: &'a AtomicBool,
    /// Nodes visited so far.
    pub nodes: u64,
    expired: bool,
}

impl<'a> Clock<'a> {
    /// A clock running out `budget` from now (never, for `None`), or when `stop` is set.
    pub fn new(budget: Option<Duration>, stop: &'a AtomicBool) -> Clock<'a> {
        let start = Instant::now();
        Clock {
            start,
            deadline: start + budget.unwrap_or(Duration::from_secs(86_400 * 365)),
            stop,
            nodes: 0,
            expired: false,
        }
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time left before the deadline.
    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// Counts a node; true once time is up or the search was stopped (checked every 256
    /// nodes, and then for good).
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.expired && self.nodes.is_multiple_of(256) {
            self.expired = Instant::now() >= self.deadline || self.stop.load(Ordering::Relaxed);
        }
        self.expired
    }

    /// Whether time ran out (as last seen by [`Clock::tick`]).
    pub const fn expired(&self) -> bool {
        self.expired
    }

    /// Runs `f` with the deadline pulled in to at most `limit` from now, then restores it;
    /// an expiry inside `f` caused only by the shorter deadline is forgotten.
    pub fn within<T>(&mut self, limit: Duration, f: impl FnOnce(&mut Clock<'a>) -> T) -> T {
        let outer = self.deadline;
        self.deadline = outer.min(Instant::now() + limit);
        let out = f(self);
        self.deadline = outer;
        self.expired = Instant::now() >= outer || self.stop.load(Ordering::Relaxed);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_per_move_limit_is_spent_whole_and_a_match_clock_saved() {
        let per_move = TimeControl {
            turn_ms: 1_000,
            match_ms: 0,
            left_ms: 0,
        };
        let limits = per_move.limits();
        assert_eq!(limits.time, Some(Duration::from_millis(950)));
        assert_eq!((limits.depth, limits.soft), (None, None));
        let match_clock = TimeControl {
            turn_ms: 5_000,
            match_ms: 180_000,
            left_ms: 30_000,
        };
        let limits = match_clock.limits();
        assert_eq!(limits.time, Some(Duration::from_millis(1_950)));
        assert_eq!(limits.soft, Some(Duration::from_millis(975)));
    }

    #[test]
    fn budget_keeps_a_reserve_and_shares_the_match_time() {
        let tc = |turn_ms, match_ms, left_ms| TimeControl {
            turn_ms,
            match_ms,
            left_ms,
        };
        assert_eq!(tc(1_000, 0, 0).budget(), Duration::from_millis(950));
        assert_eq!(tc(100, 0, 0).budget(), Duration::from_millis(85));
        assert_eq!(
            tc(5_000, 180_000, 15_000).budget(),
            Duration::from_millis(950)
        );
        assert_eq!(tc(0, 0, 0).budget(), Duration::from_millis(5));
        assert_eq!(tc(30_000, 180_000, 0).budget(), Duration::from_millis(2));
    }

    #[test]
    fn the_stop_flag_expires_the_clock() {
        let stop = AtomicBool::new(false);
        let mut clock = Clock::new(None, &stop);
        assert!(!(0..1000).any(|_| clock.tick()));
        stop.store(true, Ordering::Relaxed);
        assert!((0..256).any(|_| clock.tick()));
        assert!(clock.expired());
    }
}
