//! Keys and mouse clicks of the Gomoku screen, mapped to [`Command`]s through one table
//! ([`KEYMAP`], the shared [`crate::keymap`] convention) that also writes the help screen.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use gomoku::Point;

use crate::keymap::{self, Binding, Key};
use crate::net::remote::HostCommand;

/// Everything a player can ask of the Gomoku screen outside a prompt or dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor by (columns, rows); up is positive.
    Cursor(i8, i8),
    /// Place a stone (or make the opening's move) at the cursor.
    Place,
    /// A click on a board point.
    Click(Point),
    /// Open the `:` prompt for a coordinate or a command.
    Prompt,
    /// Take back a move (against the computer: back to your turn).
    Undo,
    /// Move numbers on the stones on or off.
    Numbers,
    /// The computer's evaluation and line on or off.
    Analysis,
    /// The options dialog: opponent, level, rule, size, foul policy.
    Options,
    /// Start a new game (asks first while one is in progress).
    NewGame,
    /// The statistics against the computer.
    Statistics,
    /// The help screen.
    Help,
    /// Leave the game (asks first while one is in progress).
    Quit,
    /// An opening decision key (`x`, `c`, `f`, digits): what it means depends on the phase.
    Opening(char),
    /// What the host of a network table asks for: a bot, bots in the empty seats, start.
    Host(HostCommand),
}

/// Every key of the game but the cursor's ([`keymap::CURSOR`]); the help screen lists them in
/// this order. The opening's decision
/// keys (`x`, `c`, `f`, digits) mean what the status line says for the phase.
pub const KEYMAP: &[Binding<Command>] = &[
    Binding::new(
        &[Key::code(KeyCode::Enter), Key::char(' ')],
        Command::Place,
        "place a stone (or click)",
    ),
    Binding::new(
        &[Key::char(':')],
        Command::Prompt,
        "type a point (h8, 7,7), save/load <file> or an opening choice at a table",
    ),
    Binding::new(
        &[Key::char('u')],
        Command::Undo,
        "undo (against the computer: back to your turn; not at a table)",
    ),
    Binding::new(
        &[Key::char('m')],
        Command::Numbers,
        "move numbers on the stones",
    ),
    Binding::new(
        &[Key::char('e')],
        Command::Analysis,
        "computer's evaluation and line (not at a table)",
    ),
    Binding::new(
        &[Key::char('o')],
        Command::Options,
        "options: opponent, level, rule, size, fouls (not at a table)",
    ),
    Binding::new(
        &[Key::char('n')],
        Command::NewGame,
        "new game (at a table: the host's rematch)",
    ),
    Binding::new(
        &[Key::char('s')],
        Command::Statistics,
        "statistics (not at a table)",
    ),
    Binding::new(
        &[Key::char('d')],
        Command::Host(HostCommand::NextBot),
        "at a table, the host: choose the bot to seat",
    ),
    Binding::new(
        &[Key::char('b')],
        Command::Host(HostCommand::SeatBots),
        "at a table, the host: seat bots in the empty seats",
    ),
    Binding::new(
        &[Key::char('g')],
        Command::Host(HostCommand::Start),
        "at a table, the host: start the game",
    ),
    Binding::new(
        &[Key::char('x'), Key::char('c'), Key::char('f')],
        Command::Opening('x'),
        "opening decisions, as the status line says (and digits)",
    ),
    Binding::new(
        &[Key::char('?'), Key::code(KeyCode::F(1))],
        Command::Help,
        "this help",
    ),
    Binding::new(
        &[Key::char('q'), Key::code(KeyCode::Esc)],
        Command::Quit,
        "quit",
    ),
];

/// The command a key press stands for: the opening's decision keys carry their character.
pub fn key_command(key: &KeyEvent) -> Option<Command> {
    match key.code {
        KeyCode::Char(c @ ('x' | 'c' | 'f' | '1'..='9'))
            if !key.modifiers.contains(KeyModifiers::CONTROL) =>
        {
            Some(Command::Opening(c))
        }
        _ => keymap::cursor(key)
            .map(|(columns, rows)| Command::Cursor(columns, rows))
            .or_else(|| keymap::command(KEYMAP, key)),
    }
}

/// Where the board was drawn at the last render, recorded by the board widget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardHits {
    /// The terminal cell of the top-left point, the columns per point, and the board size.
    pub origin: Option<(u16, u16)>,
    /// Columns per point.
    pub cell: u16,
    /// Board width and height in points.
    pub size: (u8, u8),
}

impl BoardHits {
    /// The point drawn at terminal cell (`x`, `y`), if any.
    pub fn point_at(&self, x: u16, y: u16) -> Option<Point> {
        let (ox, oy) = self.origin?;
        let col = x.checked_sub(ox)? / self.cell.max(1);
        let row = y.checked_sub(oy)?;
        let (w, h) = (u16::from(self.size.0), u16::from(self.size.1));
        (col < w && row < h).then(|| Point::new(col as u8, (h - 1 - row) as u8))
    }
}

/// The command an event stands for outside prompts and dialogs.
pub fn command(event: &Event, hits: &BoardHits) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            hits.point_at(m.column, m.row).map(Command::Click)
        }
        _ => None,
    }
}
