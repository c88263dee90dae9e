//! The statistics of games against the computer, for both board games: a [`Stats`] loaded
//! from the data directory and written back after every counted game.
//!
//! A game keeps a [`Record`] (`Record::load(data, "xiangqi")`), calls [`Record::count`] once
//! per game (won or lost; an abandoned game is lost) and shows [`Record::rows`] on its
//! statistics screen; [`Record::reset`] clears the file.

use crate::data::DataDir;
use crate::stats::{Finished, ScoreOrder, Stats};

/// A game's statistics file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    stats: Stats<()>,
    data: Option<DataDir>,
    name: &'static str,
}

impl Record {
    /// The statistics of `name` in `data` (empty if none are kept yet or unreadable); with
    /// no data directory nothing is kept.
    pub(crate) fn load(data: Option<DataDir>, name: &'static str) -> Record {
        let stats = data
            .as_ref()
            .and_then(|d| Stats::load(d, name).ok())
            .unwrap_or_default();
        Record { stats, data, name }
    }

    /// Counts one game and writes the file.
    pub(crate) fn count(&mut self, won: bool) -> Result<(), String> {
        let game = Finished {
            won,
            score: None,
            seconds: None,
        };
        self.stats.tally.record(game, ScoreOrder::Higher);
        match &self.data {
            Some(dir) => self.stats.save(dir, self.name).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Clears the statistics and their file.
    pub(crate) fn reset(&mut self) -> Result<(), String> {
        if let Some(dir) = &self.data {
            return self.stats.reset(dir, self.name).map_err(|e| e.to_string());
        }
        self.stats = Stats::default();
        Ok(())
    }

    /// The statistics screen's rows.
    pub(crate) fn rows(&self) -> Vec<(String, String)> {
        let mut rows = self.stats.tally.rows();
        rows.insert(
            0,
            ("against".to_owned(), "the computer, any level".to_owned()),
        );
        rows
    }

    /// Games counted so far.
    #[cfg(test)]
    pub(crate) fn played(&self) -> u32 {
        self.stats.tally.played
    }
}
