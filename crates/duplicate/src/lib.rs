//! The game-independent half of a duplicate arena: every deal gets a seed derived from the run's
//! seed, deals run over N threads and come back in deal order (so a seed reproduces a run
//! whatever the thread count), and [`Stats`] gives a mean with its 95% confidence interval.
//!
//! The games' halves (which seat plays which bot, what is scored) live in the frontends'
//! `arena` subcommands; the crate `arena` of the engines is not on `main` yet.
//!
//! ```
//! let results = duplicate::run(100, 4, |seed| seed % 7);
//! assert_eq!(results, duplicate::run(100, 1, |seed| seed % 7));
//! let mut stats = duplicate::Stats::default();
//! for r in results {
//!     stats.push(r as f64);
//! }
//! assert_eq!(stats.count(), 100);
//! assert!(stats.ci95() > 0.0);
//! ```

// Counts of deals and decisions stay far below 2^52, where f64 is exact.
#![allow(clippy::cast_precision_loss)]

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The seed of deal `index` of a run seeded `seed` (SplitMix64 of their combination).
pub const fn deal_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The threads to run on: `requested`, or the cores available (at least one).
pub fn threads(requested: Option<u64>) -> usize {
    requested.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t.max(1) as usize,
    )
}

/// Runs `play(index)` for every deal index in `0..deals` (derive each deal's seed with
/// [`deal_seed`]), shared out over `threads` threads (at least one); the results come back
/// in deal order.
pub fn run<R: Send>(deals: u64, threads: usize, play: impl Fn(u64) -> R + Sync) -> Vec<R> {
    let next = AtomicU64::new(0);
    let done: Mutex<Vec<(u64, R)>> = Mutex::new(Vec::with_capacity(deals as usize));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= deals {
                        break;
                    }
                    let result = play(index);
                    done.lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .push((index, result));
                }
            });
        }
    });
    let mut done = done
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    done.sort_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Time spent deciding, and how many decisions: wrap each bot call in [`Clock::time`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    total: std::time::Duration,
    decisions: u64,
}

impl Clock {
    /// Runs `decide`, adding its wall time and one decision.
    pub fn time<T>(&mut self, decide: impl FnOnce() -> T) -> T {
        let start = std::time::Instant::now();
        let answer = decide();
        self.total += start.elapsed();
        self.decisions += 1;
        answer
    }

    /// Adds another clock's time and decisions.
    pub fn add(&mut self, other: Clock) {
        self.total += other.total;
        self.decisions += other.decisions;
    }

    /// Decisions timed.
    pub const fn decisions(&self) -> u64 {
        self.decisions
    }

    /// Mean wall time per decision, in microseconds (0 with none).
    pub fn micros_per_decision(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1e6 / self.decisions as f64
        }
    }
}

/// Running count, mean and variance of a sample (Welford's method).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    count: u64,
    mean: f64,
    m2: f64,
}

impl Stats {
    /// Adds one observation.
    pub fn push(&mut self, x: f64) {
        self.count += 1;
        let delta = x - self.mean;
        self.mean += delta / self.count as f64;
        self.m2 += delta * (x - self.mean);
    }

    /// The number of observations.
    pub const fn count(&self) -> u64 {
        self.count
    }

    /// The mean (0 for an empty sample).
    pub const fn mean(&self) -> f64 {
        self.mean
    }

    /// The half-width of the 95% confidence interval of the mean (normal approximation,
    /// 1.96 standard errors; 0 below two observations).
    pub fn ci95(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let variance = self.m2 / (self.count - 1) as f64;
        1.96 * (variance / self.count as f64).sqrt()
    }
}

impl std::fmt::Display for Stats {
    /// `mean ± half-width`, with the given precision (default 2).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = f.precision().unwrap_or(2);
        write!(f, "{:.digits$} ± {:.digits$}", self.mean(), self.ci95())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_match_the_textbook_sample() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7 (the standard worked example).
        let mut s = Stats::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            s.push(x);
        }
        assert!((s.mean() - 5.0).abs() < 1e-12);
        let expected = 1.96 * (32.0 / 7.0 / 8.0f64).sqrt();
        assert!((s.ci95() - expected).abs() < 1e-12);
        assert_eq!(format!("{s:.1}"), format!("5.0 ± {expected:.1}"));
    }

    #[test]
    fn results_come_back_in_deal_order_whatever_the_threads() {
        let one = run(500, 1, |i| deal_seed(9, i));
        assert_eq!(run(500, 3, |i| deal_seed(9, i)), one);
        assert_eq!(one.len(), 500);
        assert_ne!(one[0], one[1]);
        assert_ne!(deal_seed(1, 0), deal_seed(2, 0));
    }
}
