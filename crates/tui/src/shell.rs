//! The card games' shell: the [`Screen`] around a table (Hearts, Dou Dizhu), where the deal
//! comes from ([`Source`]: a match here, or a seat at a network table), and where a key
//! binding applies ([`Scope`]). Each game implements [`CardTable`] with what is its own (its
//! commands, keys, drawing); the shell routes events through the shared windows first, ticks
//! the table and draws it.

use crossterm::event::Event;
use ratatui::Frame;
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::cards::CardStyle;
use crate::hand::HandHits;
use crate::net::remote::Remote;
use crate::overlay::{Outcome, Overlay};

/// What a command asks of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep playing.
    Continue,
    /// Leave the game.
    Quit,
}

/// What a card game's table does without a terminal: its commands, its clock, its open
/// window. Implemented in the game's `state.rs`.
pub trait TableState {
    /// Everything a key or a click can ask of the table.
    type Command: Copy;
    /// The game's own windows.
    type Popup;
    /// The command `r` on the statistics screen gives (it asks before resetting them).
    const ASK_RESET_STATISTICS: Self::Command;

    /// Carries out one command; says whether to leave.
    fn apply(&mut self, command: Self::Command) -> Flow;
    /// Advances the clock by one tick (bots, the server's messages).
    fn tick(&mut self);
    /// The open window, to hand it a key.
    fn overlay_mut(&mut self) -> &mut Overlay<Self::Popup, Self::Command>;
    /// A question was answered no (a declined resume discards the saved game).
    fn declined(&mut self);
}

/// What a card game's table gives the shell besides its state: its keys and its drawing.
pub trait CardTable: TableState {
    /// The smallest terminal the table fits.
    const MIN_SIZE: (u16, u16);

    /// What `event` asks for, given where the hand was drawn.
    fn command(&self, event: &Event, hits: &HandHits) -> Option<Self::Command>;
    /// Draws the whole screen, recording where the hand's cards went.
    fn draw(&self, frame: &mut Frame, style: CardStyle, hits: &mut HandHits);
}

/// A card game's screen: the table, the card style and where the hand was drawn.
pub struct App<T> {
    table: T,
    style: CardStyle,
    hits: HandHits,
}

impl<T> App<T> {
    /// The screen over `table`, drawn in `style`.
    pub fn over(table: T, style: CardStyle) -> App<T> {
        App {
            table,
            style,
            hits: HandHits::default(),
        }
    }

    /// The table.
    pub const fn table(&self) -> &T {
        &self.table
    }

    /// The table, to drive it directly.
    pub const fn table_mut(&mut self) -> &mut T {
        &mut self.table
    }

    /// Where the hand's cards were last drawn.
    pub const fn hits(&self) -> &HandHits {
        &self.hits
    }
}

impl<T: TableState> App<T> {
    fn apply(&mut self, command: T::Command) -> Action {
        match self.table.apply(command) {
            Flow::Continue => Action::Continue,
            Flow::Quit => Action::Quit,
        }
    }
}

impl<T: CardTable> Screen for App<T> {
    fn render(&mut self, frame: &mut Frame) {
        self.table.draw(frame, self.style, &mut self.hits);
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        if let Event::Key(key) = event {
            match self.table.overlay_mut().handle_key(key) {
                Outcome::Unhandled => {}
                Outcome::Confirmed(command) => return self.apply(command),
                Outcome::ResetStatistics => return self.apply(T::ASK_RESET_STATISTICS),
                Outcome::Closed => {
                    self.table.declined();
                    return Action::Continue;
                }
                Outcome::Handled => return Action::Continue,
            }
        }
        match self.table.command(event, &self.hits) {
            Some(command) => self.apply(command),
            None => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        self.table.tick();
        Action::Continue
    }

    fn min_size(&self) -> Size {
        let (width, height) = T::MIN_SIZE;
        Size::new(width, height)
    }
}

/// Where the deal comes from: a match in this process (`L`), or a seat at a network table
/// (`R`: the server holds the deal and sends this seat's view).
pub enum Source<L, R> {
    /// A match here, against the computer players.
    Local(Box<L>),
    /// A seat at a table server.
    Remote(Box<R>),
}

impl<L, R> Source<L, R> {
    /// The local match (`None` at a network table).
    pub fn local(&self) -> Option<&L> {
        match self {
            Source::Local(local) => Some(local),
            Source::Remote(_) => None,
        }
    }

    /// The network table (`None` for a local match).
    pub fn remote(&self) -> Option<&R> {
        match self {
            Source::Local(_) => None,
            Source::Remote(remote) => Some(remote),
        }
    }

    /// Whether this is a seat at a network table.
    pub const fn is_remote(&self) -> bool {
        matches!(self, Source::Remote(_))
    }
}

/// Where a key binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In a local match and at a network table.
    Both,
    /// In a local match only (undo, difficulty, statistics, new game).
    Local,
    /// At a network table only.
    Table,
    /// At a network table, for its host only (seat bots, start, rematch).
    Host,
}

impl Scope {
    /// Whether a binding of this scope applies at a network table (`remote`) or not, for its
    /// host or not.
    pub const fn holds(self, remote: bool, host: bool) -> bool {
        match self {
            Scope::Both => true,
            Scope::Local => !remote,
            Scope::Table => remote,
            Scope::Host => remote && host,
        }
    }
}

/// What the keys depend on at a network table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// Whether the first game has yet to start.
    pub waiting: bool,
    /// Whether you host the table.
    pub host: bool,
    /// Whether you watch the table (no seat).
    pub watching: bool,
}

impl AtTable {
    /// The keys' context at `remote`'s table now.
    pub fn of<V: serde::de::DeserializeOwned>(remote: &Remote<V>) -> AtTable {
        AtTable {
            waiting: remote.view().is_none(),
            host: remote.net().host,
            watching: remote.net().seat.is_none(),
        }
    }

    /// Whether a binding of `scope` applies at `table` (`None`: a local game).
    pub const fn allows(table: Option<AtTable>, scope: Scope) -> bool {
        match table {
            Some(at) => scope.holds(true, at.host),
            None => scope.holds(false, false),
        }
    }
}

/// A card game's help rows, `(keys, what they do)`, from its bindings given as `(scope, keys,
/// what they do)`: those that apply here (the host's too, to read about), then `extra`, then
/// `at_table` (what a network table changes) at a table.
pub fn help_rows(
    bindings: impl IntoIterator<Item = (Scope, &'static str, &'static str)>,
    remote: bool,
    extra: &[(&'static str, &'static str)],
    at_table: (&'static str, &'static str),
) -> Vec<(&'static str, &'static str)> {
    let mut rows: Vec<_> = bindings
        .into_iter()
        .filter(|(scope, ..)| scope.holds(remote, true))
        .map(|(_, keys, help)| (keys, help))
        .collect();
    rows.extend_from_slice(extra);
    if remote {
        rows.push(at_table);
    }
    rows
}
