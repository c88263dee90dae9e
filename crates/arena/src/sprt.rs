//! The generalised sequential probability ratio test (GSPRT) with logistic Elo bounds, over
//! game pairs, as fastchess computes it.

use thiserror::Error;

use crate::Stats;

/// SPRT parameters that make no test.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
pub enum SprtError {
    /// `alpha` or `beta` is not strictly between 0 and 1, or they add up to 1 or more.
    #[error(
        "sprt error rates must lie in (0, 1) and add up to less than 1, got alpha {alpha} and beta {beta}"
    )]
    ErrorRates {
        /// The false-positive rate given.
        alpha: f64,
        /// The false-negative rate given.
        beta: f64,
    },
    /// `elo0` is not below `elo1`.
    #[error("sprt elo0 must be below elo1, got {elo0} and {elo1}")]
    Bounds {
        /// The null hypothesis given.
        elo0: f64,
        /// The alternative given.
        elo1: f64,
    },
}

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0: engine A is not better than `elo0` (the LLR fell to the lower bound).
    H0,
    /// H1: engine A is at least `elo1` better (the LLR rose to the upper bound).
    H1,
}

/// A GSPRT of `elo0` against `elo1` (logistic Elo) with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// The expected score of a logistic Elo difference.
fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test, if the parameters make one.
    ///
    /// ```
    /// let sprt = arena::Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    /// let (lower, upper) = sprt.bounds();
    /// assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
    /// assert!(arena::Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
    /// ```
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let rate_ok = |r: f64| r > 0.0 && r < 1.0;
        if !(rate_ok(alpha) && rate_ok(beta) && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        // Also rejects NaN.
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err(SprtError::Bounds { elo0, elo1 });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The hypotheses `(elo0, elo1)`.
    pub const fn elo(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// The stopping bounds `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio over the finished pairs: `(s1 − s0)(2s − s0 − s1) / (2σ²/n)`
    /// with `s` the mean pair score per game and `σ²` its variance; 0 while the variance is 0.
    pub fn llr(&self, stats: &Stats) -> f64 {
        Self::llr_of(self, &stats.pair_buckets())
    }

    /// The log-likelihood ratio over single games (trinomial), the same formula per game.
    pub fn llr_trinomial(&self, stats: &Stats) -> f64 {
        let [w, d, l] = stats.trinomial();
        Self::llr_of(self, &[(l, 0.0), (d, 0.5), (w, 1.0)])
    }

    fn llr_of(&self, buckets: &[(usize, f64)]) -> f64 {
        let Some((n, mean, var)) = Stats::mean_variance(buckets) else {
            return 0.0;
        };
        if var == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var / n)
    }

    /// The decision over the finished pairs, if the LLR has left its bounds.
    pub fn decision(&self, stats: &Stats) -> Option<SprtDecision> {
        let llr = self.llr(stats);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    fn games(w: usize, d: usize, l: usize) -> Stats {
        let mut s = Stats::new();
        for (n, o) in [(w, Outcome::Win), (d, Outcome::Draw), (l, Outcome::Loss)] {
            (0..n).for_each(|_| s.add_game(o));
        }
        s
    }

    #[test]
    fn trinomial_llr_by_hand() {
        // 4307 - 8620 - 4063 (W-D-L) with elo0 = 0, elo1 = 3: s = 0.507180…, σ² per game
        // 0.123848…, s1 = 0.504317…, s0 = 0.5, so LLR = 0.004317 · 0.009862 / (2σ²/16990)
        // = 2.9922 (computed independently in Python from the same formula).
        let sprt = Sprt::new(0.0, 3.0, 0.05, 0.05).unwrap();
        let llr = sprt.llr_trinomial(&games(4307, 8620, 4063));
        assert!((llr - 2.9922).abs() < 1e-3, "{llr}");
    }

    #[test]
    fn pentanomial_llr_and_decisions() {
        let sprt = Sprt::new(0.0, 20.0, 0.05, 0.05).unwrap();
        let mut s = Stats::new();
        assert!(sprt.llr(&s).abs() < 1e-12);
        // Every pair a win and a draw: no variance yet, so no evidence either way.
        s.add_pair(Outcome::Win, Outcome::Draw);
        assert!(sprt.llr(&s).abs() < 1e-12);
        // Pairs scoring ¾ most of the time: the LLR grows until H1.
        let mut decided = None;
        for i in 0..200 {
            let b = if i % 4 == 0 {
                Outcome::Loss
            } else {
                Outcome::Draw
            };
            s.add_pair(Outcome::Win, b);
            decided = sprt.decision(&s);
            if decided.is_some() {
                break;
            }
        }
        assert_eq!(decided, Some(SprtDecision::H1));
        // The mirror image accepts H0.
        let mut s = Stats::new();
        for i in 0..200 {
            let a = if i % 4 == 0 {
                Outcome::Win
            } else {
                Outcome::Draw
            };
            s.add_pair(Outcome::Loss, a);
        }
        assert!(sprt.llr(&s) < sprt.bounds().0);
        assert_eq!(sprt.decision(&s), Some(SprtDecision::H0));
    }

    #[test]
    fn bad_parameters_are_errors() {
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.6, 0.5),
            Err(SprtError::ErrorRates { .. })
        ));
        assert!(matches!(
            Sprt::new(5.0, 5.0, 0.05, 0.05),
            Err(SprtError::Bounds { .. })
        ));
        assert!(matches!(
            Sprt::new(f64::NAN, 5.0, 0.05, 0.05),
            Err(SprtError::Bounds { .. })
        ));
        assert_eq!(
            Sprt::new(1.0, 0.0, 0.05, 0.05).unwrap_err().to_string(),
            "sprt elo0 must be below elo1, got 1 and 0"
        );
    }
}
