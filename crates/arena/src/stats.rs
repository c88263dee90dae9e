//! Counting results: trinomial (per game) and pentanomial (per opening pair) statistics, the
//! mean score and the Elo difference with its 95% interval.

use crate::Outcome;

/// The 97.5% quantile of the standard normal distribution: a two-sided 95% interval is
/// `mean ± 1.959964 σ`.
const Z_95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference of a mean score in (0, 1): `-400·log10(1/s − 1)`.
///
/// ```
/// assert!((arena::score_to_elo(0.75) - 190.848).abs() < 1e-3);
/// assert_eq!(arena::score_to_elo(0.5), 0.0);
/// ```
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An Elo difference and the half-width of its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The Elo difference of engine A over engine B.
    pub diff: f64,
    /// Half the width of the 95% interval, as cutechess and fastchess print it (`diff ± error`).
    pub error: f64,
}

/// Counts of finished games: per game (wins, draws, losses of engine A) and per finished
/// opening pair (the pair's score in half points, 0 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    trinomial: [usize; 3],
    pentanomial: [usize; 5],
}

impl Stats {
    /// No games.
    pub const fn new() -> Stats {
        Stats {
            trinomial: [0; 3],
            pentanomial: [0; 5],
        }
    }

    /// Counts one game (trinomial only).
    pub fn add_game(&mut self, outcome: Outcome) {
        let i = match outcome {
            Outcome::Win => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 2,
        };
        self.trinomial[i] += 1;
    }

    /// Counts one finished pair (pentanomial only; its games are counted by `add_game`).
    pub fn add_pair(&mut self, first: Outcome, second: Outcome) {
        self.pentanomial[first.half_points() + second.half_points()] += 1;
    }

    /// Wins, draws and losses of engine A.
    pub const fn trinomial(&self) -> [usize; 3] {
        self.trinomial
    }

    /// Finished pairs by the pair's score in half points: `[LL, LD, DD + WL, WD, WW]`.
    pub const fn pentanomial(&self) -> [usize; 5] {
        self.pentanomial
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.trinomial.iter().sum()
    }

    /// Pairs counted.
    pub fn pairs(&self) -> usize {
        self.pentanomial.iter().sum()
    }

    /// Engine A's mean score per game (0.5 with no games).
    #[allow(clippy::cast_precision_loss)] // game counts are far below 2^52
    pub fn score(&self) -> f64 {
        let [w, d, _] = self.trinomial;
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (w as f64 + 0.5 * d as f64) / n as f64
    }

    /// Draws as a fraction of games (0 with no games).
    #[allow(clippy::cast_precision_loss)]
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            self.trinomial[1] as f64 / n as f64
        }
    }

    /// Elo from the per-game counts, as cutechess-cli computes it; `None` without games or
    /// when the score is 0 or 1 (the difference is unbounded).
    pub fn elo_trinomial(&self) -> Option<Elo> {
        let [w, d, l] = self.trinomial;
        elo_of(&[(l, 0.0), (d, 0.5), (w, 1.0)])
    }

    /// Elo from the per-pair counts, as fastchess computes it (each pair scores 0, ¼, ½, ¾ or
    /// 1 per game); `None` without pairs or when the score is 0 or 1.
    pub fn elo_pentanomial(&self) -> Option<Elo> {
        let p = self.pentanomial;
        elo_of(&[
            (p[0], 0.0),
            (p[1], 0.25),
            (p[2], 0.5),
            (p[3], 0.75),
            (p[4], 1.0),
        ])
    }

    /// The mean score and its variance per sample over `(count, score)` buckets, as the SPRT
    /// and the intervals use them; `None` without samples.
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn mean_variance(buckets: &[(usize, f64)]) -> Option<(f64, f64, f64)> {
        let n: usize = buckets.iter().map(|&(c, _)| c).sum();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let mean = buckets.iter().map(|&(c, s)| c as f64 * s).sum::<f64>() / n;
        let var = buckets
            .iter()
            .map(|&(c, s)| c as f64 / n * (s - mean).powi(2))
            .sum::<f64>();
        Some((n, mean, var))
    }

    /// The `(count, score)` buckets of the pentanomial counts.
    pub(crate) fn pair_buckets(&self) -> [(usize, f64); 5] {
        let p = self.pentanomial;
        [
            (p[0], 0.0),
            (p[1], 0.25),
            (p[2], 0.5),
            (p[3], 0.75),
            (p[4], 1.0),
        ]
    }
}

fn elo_of(buckets: &[(usize, f64)]) -> Option<Elo> {
    let (n, mean, var) = Stats::mean_variance(buckets)?;
    if mean <= 0.0 || mean >= 1.0 {
        return None;
    }
    let sigma = (var / n).sqrt();
    // Clamp the interval's ends inside (0, 1) so a lopsided small sample still has a width.
    let lo = (mean - Z_95 * sigma).max(f64::EPSILON);
    let hi = (mean + Z_95 * sigma).min(1.0 - f64::EPSILON);
    Some(Elo {
        diff: score_to_elo(mean),
        error: (score_to_elo(hi) - score_to_elo(lo)) / 2.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trinomial(w: usize, d: usize, l: usize) -> Stats {
        let mut s = Stats::new();
        for (n, o) in [(w, Outcome::Win), (d, Outcome::Draw), (l, Outcome::Loss)] {
            for _ in 0..n {
                s.add_game(o);
            }
        }
        s
    }

    #[test]
    fn a_75_percent_score_is_190_8_elo() {
        // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.848…
        let elo = trinomial(75, 0, 25).elo_trinomial().unwrap();
        assert!((elo.diff - 190.848_501_9).abs() < 1e-6, "{elo:?}");
    }

    #[test]
    fn elo_interval_matches_cutechess() {
        // cutechess-cli's formula by hand for 449 - 276 - 275 (the score line of a published
        // match, MidnightChessEngine's changelog "Add History Heuristic"): it printed
        // "Elo difference: 60.7 +/- 18.5".
        let elo = trinomial(449, 275, 276).elo_trinomial().unwrap();
        assert!((elo.diff - 60.7).abs() < 0.05, "{elo:?}");
        assert!((elo.error - 18.5).abs() < 0.05, "{elo:?}");
    }

    #[test]
    fn an_even_score_is_zero_elo_and_extremes_are_unbounded() {
        assert!(trinomial(10, 0, 10).elo_trinomial().unwrap().diff.abs() < 1e-12);
        assert_eq!(trinomial(3, 0, 0).elo_trinomial(), None);
        assert_eq!(trinomial(0, 0, 3).elo_trinomial(), None);
        assert_eq!(Stats::new().elo_trinomial(), None);
        assert_eq!(Stats::new().elo_pentanomial(), None);
        assert!((Stats::new().score() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn pentanomial_interval_by_hand() {
        // Pairs: 2× WW, 5× DD, 3× LD. Pair scores per game 1, 0.5, 0.25; mean 0.525;
        // variance 0.2·0.475² + 0.5·0.025² + 0.3·0.275² = 0.068125; σ = sqrt(0.068125/10).
        let mut s = Stats::new();
        for (n, a, b) in [
            (2, Outcome::Win, Outcome::Win),
            (5, Outcome::Draw, Outcome::Draw),
            (3, Outcome::Loss, Outcome::Draw),
        ] {
            for _ in 0..n {
                s.add_game(a);
                s.add_game(b);
                s.add_pair(a, b);
            }
        }
        assert_eq!(s.pentanomial(), [0, 3, 5, 0, 2]);
        assert_eq!(s.pairs(), 10);
        assert!((s.score() - 0.525).abs() < 1e-12);
        let elo = s.elo_pentanomial().unwrap();
        let sigma = (0.068_125_f64 / 10.0).sqrt();
        let lo = score_to_elo(0.525 - Z_95 * sigma);
        let hi = score_to_elo(0.525 + Z_95 * sigma);
        assert!((elo.diff - score_to_elo(0.525)).abs() < 1e-9);
        assert!((elo.error - (hi - lo) / 2.0).abs() < 1e-9);
        assert!((elo.diff - 17.39).abs() < 0.01, "{elo:?}");
    }
}
