//! Statistics per game, as Windows Solitaire keeps them: games played and won, win rate,
//! streaks, best score and best time, plus whatever the game adds (a Vegas balance,
//! standings).
//!
//! A game holds a [`Stats<E>`] where `E` is its own extra record (`()` if none), loaded with
//! [`Stats::load`] from the [`DataDir`] at start. When a game ends (won, lost, or abandoned
//! after the first move) it calls [`Tally::record`] and [`Stats::save`]. The statistics screen
//! is the [`crate::widgets::StatsView`] widget over [`Tally::rows`] and the game's own rows;
//! `r` on that screen asks to reset, and [`Stats::reset`] clears the file.
//!
//! ```
//! use parlor_tui::stats::{Finished, ScoreOrder, Tally};
//! let mut tally = Tally::default();
//! tally.record(Finished { won: true, score: Some(640), seconds: Some(187) }, ScoreOrder::Higher);
//! tally.record(Finished { won: false, score: Some(90), seconds: None }, ScoreOrder::Higher);
//! assert_eq!((tally.played, tally.won, tally.best_score), (2, 1, Some(640)));
//! assert_eq!(tally.win_percent(), Some(50));
//! ```

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::data::{DataDir, DataError};

/// How one game ended, for the statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    /// Whether the player won.
    pub won: bool,
    /// The final score, if the game scores.
    pub score: Option<i64>,
    /// Seconds from the first move to the end (recorded as a best time only for a win).
    pub seconds: Option<u64>,
}

/// Which scores are better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreOrder {
    /// Higher is better (Klondike).
    Higher,
    /// Lower is better (Hearts).
    Lower,
}

/// The counts every game keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Games finished or abandoned.
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// The current streak: wins in a row (positive) or losses in a row (negative).
    pub streak: i32,
    /// The longest run of wins.
    pub longest_win_streak: u32,
    /// The longest run of losses.
    pub longest_losing_streak: u32,
    /// The best score of any game, won or not.
    pub best_score: Option<i64>,
    /// The fastest win, in seconds.
    pub best_seconds: Option<u64>,
}

impl Tally {
    /// Counts one game.
    pub fn record(&mut self, game: Finished, order: ScoreOrder) {
        self.played += 1;
        if game.won {
            self.won += 1;
            self.streak = self.streak.max(0) + 1;
            self.longest_win_streak = self.longest_win_streak.max(self.streak.unsigned_abs());
            if let Some(seconds) = game.seconds {
                self.best_seconds = Some(self.best_seconds.map_or(seconds, |b| b.min(seconds)));
            }
        } else {
            self.streak = self.streak.min(0) - 1;
            self.longest_losing_streak = self.longest_losing_streak.max(self.streak.unsigned_abs());
        }
        if let Some(score) = game.score {
            self.best_score = Some(match (self.best_score, order) {
                (None, _) => score,
                (Some(best), ScoreOrder::Higher) => best.max(score),
                (Some(best), ScoreOrder::Lower) => best.min(score),
            });
        }
    }

    /// Games won in percent of games played, rounded down; `None` before the first game.
    pub fn win_percent(&self) -> Option<u32> {
        (self.played > 0).then(|| (u64::from(self.won) * 100 / u64::from(self.played)) as u32)
    }

    /// The rows of the statistics screen: label, value.
    pub fn rows(&self) -> Vec<(String, String)> {
        let streak = match self.streak {
            0 => "none".to_owned(),
            n if n > 0 => format!("{n} won"),
            n => format!("{} lost", n.unsigned_abs()),
        };
        let or_dash = |v: Option<String>| v.unwrap_or_else(|| "-".to_owned());
        vec![
            ("Games played".into(), self.played.to_string()),
            ("Games won".into(), self.won.to_string()),
            (
                "Win rate".into(),
                or_dash(self.win_percent().map(|p| format!("{p}%"))),
            ),
            ("Current streak".into(), streak),
            (
                "Longest winning streak".into(),
                self.longest_win_streak.to_string(),
            ),
            (
                "Longest losing streak".into(),
                self.longest_losing_streak.to_string(),
            ),
            (
                "Best score".into(),
                or_dash(self.best_score.map(|s| s.to_string())),
            ),
            (
                "Best time".into(),
                or_dash(self.best_seconds.map(clock_time)),
            ),
        ]
    }
}

/// Seconds as `m:ss` (or `h:mm:ss` from an hour).
pub fn clock_time(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A game's statistics: the shared [`Tally`] and the game's own record `E`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats<E> {
    /// Played, won, streaks, bests.
    pub tally: Tally,
    /// What this game keeps besides.
    pub extra: E,
}

impl<E: Serialize + DeserializeOwned + Default> Stats<E> {
    /// The statistics of `game` (`"klondike"`, …) in `dir`: empty when none are kept yet.
    pub fn load(dir: &DataDir, game: &str) -> Result<Stats<E>, DataError> {
        Ok(dir.load(&file_name(game))?.unwrap_or_default())
    }

    /// Writes the statistics of `game` to `dir`.
    pub fn save(&self, dir: &DataDir, game: &str) -> Result<(), DataError> {
        dir.store(&file_name(game), self)
    }

    /// Clears these statistics and deletes the file of `game` in `dir`.
    pub fn reset(&mut self, dir: &DataDir, game: &str) -> Result<(), DataError> {
        *self = Stats::default();
        dir.remove(&file_name(game))
    }
}

fn file_name(game: &str) -> String {
    format!("{game}-stats.json")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::test_dir;

    fn finished(won: bool, score: i64, seconds: u64) -> Finished {
        Finished {
            won,
            score: Some(score),
            seconds: Some(seconds),
        }
    }

    #[test]
    fn streaks_count_runs_and_bests_keep_the_best() {
        let mut tally = Tally::default();
        for (won, score, seconds) in [
            (true, 300, 200),
            (true, 500, 150),
            (false, 900, 10),
            (false, 0, 5),
            (false, 0, 5),
            (true, 100, 400),
        ] {
            tally.record(finished(won, score, seconds), ScoreOrder::Higher);
        }
        assert_eq!(
            tally,
            Tally {
                played: 6,
                won: 3,
                streak: 1,
                longest_win_streak: 2,
                longest_losing_streak: 3,
                best_score: Some(900),
                best_seconds: Some(150),
            }
        );
        let mut hearts = Tally::default();
        hearts.record(finished(true, 40, 0), ScoreOrder::Lower);
        hearts.record(finished(false, 12, 0), ScoreOrder::Lower);
        assert_eq!(hearts.best_score, Some(12));
    }

    #[test]
    fn rows_read_as_the_statistics_screen_shows_them() {
        let mut tally = Tally::default();
        assert_eq!(tally.rows()[2].1, "-", "no win rate before a game");
        tally.record(finished(true, 640, 3725), ScoreOrder::Higher);
        tally.record(finished(false, 5, 10), ScoreOrder::Higher);
        tally.record(finished(false, 5, 10), ScoreOrder::Higher);
        let values: Vec<String> = tally.rows().into_iter().map(|(_, v)| v).collect();
        assert_eq!(
            values,
            ["3", "1", "33%", "2 lost", "1", "2", "640", "1:02:05"]
        );
        assert_eq!(clock_time(65), "1:05");
    }

    #[test]
    fn statistics_survive_a_save_and_a_reset_deletes_them() {
        let dir = test_dir("stats");
        let mut stats: Stats<i32> = Stats::load(&dir, "klondike").unwrap();
        assert_eq!(stats, Stats::default());
        stats.tally.record(finished(true, 1, 1), ScoreOrder::Higher);
        stats.extra = -52;
        stats.save(&dir, "klondike").unwrap();
        assert_eq!(Stats::<i32>::load(&dir, "klondike").unwrap(), stats);
        stats.reset(&dir, "klondike").unwrap();
        assert_eq!(
            Stats::<i32>::load(&dir, "klondike").unwrap(),
            Stats::default()
        );
        std::fs::remove_dir_all(dir.path()).unwrap();
    }
}
