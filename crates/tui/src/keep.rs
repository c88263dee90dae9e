//! What a card game keeps in the data directory: its statistics and the game saved on quit,
//! loaded at start and written back with their errors on the status line. Hearts and
//! Dou Dizhu both use it, over [`crate::save`] and [`crate::stats`]. `what` in its messages
//! names what is saved: "game", "match".

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::data::DataDir;
use crate::overlay::Overlay;
use crate::save;
use crate::shell::Flow;
use crate::stats::Stats;
use crate::status::Status;

/// A game's statistics and saved game, in `dir` (none: nothing is kept).
#[derive(Clone, Debug)]
pub struct Keeper<S, E> {
    dir: Option<DataDir>,
    game: &'static str,
    /// The statistics.
    pub stats: Stats<E>,
    saved: Option<S>,
}

impl<S, E: Default> Default for Keeper<S, E> {
    /// Keeps nothing.
    fn default() -> Keeper<S, E> {
        Keeper {
            dir: None,
            game: "",
            stats: Stats::default(),
            saved: None,
        }
    }
}

impl<S: Serialize + DeserializeOwned, E: Serialize + DeserializeOwned + Default> Keeper<S, E> {
    /// Loads `game`'s statistics and saved game from `dir`; what cannot be read is reported
    /// on `status` and left out.
    pub fn open(dir: Option<DataDir>, game: &'static str, status: &mut Status) -> Keeper<S, E> {
        let mut keeper = Keeper {
            dir,
            game,
            stats: Stats::default(),
            saved: None,
        };
        if let Some(dir) = &keeper.dir {
            match Stats::load(dir, game) {
                Ok(stats) => keeper.stats = stats,
                Err(e) => status.error(format!("statistics not read: {e}")),
            }
            match save::load(dir, game) {
                Ok(saved) => keeper.saved = saved,
                Err(e) => status.error(format!("saved game not read: {e}")),
            }
        }
        keeper
    }

    /// Whether anything is kept (there is a data directory).
    pub const fn keeps(&self) -> bool {
        self.dir.is_some()
    }

    /// Whether a saved game waits to be resumed.
    pub const fn has_saved(&self) -> bool {
        self.saved.is_some()
    }

    /// The saved game, to resume it.
    pub fn take_saved(&mut self) -> Option<S> {
        self.saved.take()
    }

    /// Deletes the saved game's file.
    pub fn discard(&self, status: &mut Status) {
        if let Some(dir) = &self.dir
            && let Err(e) = save::discard(dir, self.game)
        {
            status.error(format!("saved game not removed: {e}"));
        }
    }

    /// Saves `game`; the error says why not.
    pub fn store(&self, game: &S) -> Result<(), String> {
        match &self.dir {
            Some(dir) => save::store(dir, self.game, game).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Writes the statistics.
    pub fn save_stats(&self, status: &mut Status) {
        if let Some(dir) = &self.dir
            && let Err(e) = self.stats.save(dir, self.game)
        {
            status.error(format!("statistics not saved: {e}"));
        }
    }

    /// Clears the statistics and their file.
    pub fn reset_stats(&mut self, status: &mut Status) {
        let result = if let Some(dir) = &self.dir {
            self.stats.reset(dir, self.game)
        } else {
            self.stats = Stats::default();
            Ok(())
        };
        match result {
            Ok(()) => status.info("statistics reset"),
            Err(e) => status.error(format!("statistics not reset: {e}")),
        }
    }

    /// `q`: asks before leaving, in `overlay`, a yes/no window whose yes is `confirmed` (save
    /// and quit): at a network table its `leave` question
    /// ([`Remote::leave_question`](crate::net::remote::Remote::leave_question)); while a game
    /// is `in_progress`, whether to quit (and that it is saved). Leaves at once when there is
    /// nothing to lose.
    pub fn ask_quit<P, C>(
        &self,
        what: &str,
        leave: Option<String>,
        in_progress: bool,
        overlay: &mut Overlay<P, C>,
        confirmed: C,
    ) -> Flow {
        let question = if let Some(leave) = leave {
            leave
        } else if !in_progress {
            return Flow::Quit;
        } else if self.keeps() {
            format!("quit? the {what} is saved")
        } else {
            format!("quit this {what}?")
        };
        *overlay = Overlay::confirm(question, confirmed);
        Flow::Continue
    }

    /// Saves `saved` (if there is anything to save) and leaves; when the save fails, the
    /// status line says why and the game goes on.
    pub fn save_and_quit(&self, saved: Option<&S>, what: &str, status: &mut Status) -> Flow {
        if let Some(saved) = saved
            && let Err(e) = self.store(saved)
        {
            status.error(format!("the {what} was not saved: {e}"));
            return Flow::Continue;
        }
        Flow::Quit
    }

    /// The question whether to resume was answered no: the saved game is discarded (if one
    /// waited), and the status line says so.
    pub fn decline(&mut self, what: &str, status: &mut Status) {
        if self.take_saved().is_some() {
            self.discard(status);
            status.info(format!("the saved {what} is discarded: a new {what}"));
        }
    }
}
