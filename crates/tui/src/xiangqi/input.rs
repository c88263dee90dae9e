//! Keys and mouse clicks of the Xiangqi screen, mapped to [`Command`]s through one table
//! ([`KEYMAP`], the shared [`crate::keymap`] convention) that also writes the help screen.

use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use xiangqi::Square;

use crate::keymap::{self, Binding, Key};
use crate::net::remote::HostCommand;

/// Everything a player can ask of the Xiangqi screen outside a prompt or dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor by (files, ranks) as seen on screen (right and up are positive).
    Cursor(i8, i8),
    /// Select the piece under the cursor, or move the selected piece there.
    Activate,
    /// A click on a board point.
    Click(Square),
    /// Drop the selection (or leave the move-list browser).
    Deselect,
    /// Open the `:` prompt for a move or a command.
    Prompt,
    /// Take back a move (against the engine: back to your turn).
    Undo,
    /// Step back through the move list.
    Back,
    /// Step forward through the move list.
    Forward,
    /// Jump to the start of the game in the move list.
    First,
    /// Back to the current position.
    Last,
    /// Resign the game (asks first).
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Show or hide the engine's evaluation and principal variation.
    Analysis,
    /// Next move-list notation.
    Notation,
    /// Turn the board around.
    Flip,
    /// The options dialog: opponent, level, rules, move limit, strictness.
    Options,
    /// Start a new game (asks first while one is in progress).
    NewGame,
    /// The statistics against the computer.
    Statistics,
    /// The help screen.
    Help,
    /// Leave the game (asks first while one is in progress).
    Quit,
    /// What the host of a network table asks for: bots in the empty seats, the start.
    Host(HostCommand),
}

/// Every key of the game but the cursor's ([`keymap::CURSOR`]); the help screen lists them in
/// this order.
pub const KEYMAP: &[Binding<Command>] = &[
    Binding::new(
        &[Key::code(KeyCode::Enter), Key::char(' ')],
        Command::Activate,
        "select a piece, then its target (or click)",
    ),
    Binding::new(
        &[Key::char(':'), Key::char('/')],
        Command::Prompt,
        "type a move or a command (below)",
    ),
    Binding::new(
        &[Key::char('u')],
        Command::Undo,
        "undo (not at a network table)",
    ),
    Binding::new(
        &[Key::char('['), Key::code(KeyCode::PageUp)],
        Command::Back,
        "step back through the moves",
    ),
    Binding::new(
        &[Key::char(']'), Key::code(KeyCode::PageDown)],
        Command::Forward,
        "step forward through the moves",
    ),
    Binding::new(
        &[Key::code(KeyCode::Home)],
        Command::First,
        "the first move",
    ),
    Binding::new(
        &[Key::code(KeyCode::End)],
        Command::Last,
        "back to the current position",
    ),
    Binding::new(&[Key::char('r')], Command::Resign, "resign (asks first)"),
    Binding::new(
        &[Key::char('d')],
        Command::OfferDraw,
        "offer a draw, or answer one (the host before the start: choose the bot)",
    ),
    Binding::new(
        &[Key::char('e')],
        Command::Analysis,
        "engine evaluation and line on/off (not at a table)",
    ),
    Binding::new(
        &[Key::char('m')],
        Command::Notation,
        "notation: Chinese, WXF, ICCS",
    ),
    Binding::new(&[Key::char('f')], Command::Flip, "flip the board"),
    Binding::new(
        &[Key::char('o')],
        Command::Options,
        "options: opponent, level, rules, strictness (not at a table)",
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
        &[Key::char('?'), Key::code(KeyCode::F(1))],
        Command::Help,
        "this help",
    ),
    Binding::new(
        &[Key::code(KeyCode::Esc)],
        Command::Deselect,
        "deselect; leave the move browser",
    ),
    Binding::new(&[Key::char('q')], Command::Quit, "quit"),
];

/// The command a key press stands for: the shared cursor keys, then [`KEYMAP`].
pub fn key_command(key: &KeyEvent) -> Option<Command> {
    keymap::cursor(key)
        .map(|(files, ranks)| Command::Cursor(files, ranks))
        .or_else(|| keymap::command(KEYMAP, key))
}

/// Where the board was drawn at the last render, recorded by the board widget, so that a
/// click maps to the point under it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardHits {
    /// The top-left cell of the a9 corner (or i0 when flipped) and the grid steps.
    pub origin: Option<(u16, u16)>,
    /// Columns and rows between points.
    pub step: (u16, u16),
    /// Rows of the river drawn between ranks 5 and 4 beyond the step (1 on the compact
    /// board, where the ranks are one row apart but the river still has its own row).
    pub river: u16,
    /// Whether Black was at the bottom.
    pub flipped: bool,
}

impl BoardHits {
    /// The board point drawn at terminal cell (`x`, `y`), if any: the nearest point within
    /// half a step.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let (ox, oy) = self.origin?;
        let (sx, sy) = self.step;
        let col = (x + 1).checked_sub(ox)? / sx;
        let mut dy = (y + sy / 2).checked_sub(oy)?;
        if dy >= 5 * sy {
            // Below the river: the river's own row is no point.
            dy = dy.checked_sub(self.river).filter(|d| *d >= 5 * sy)?;
        }
        let row = dy / sy;
        if col > 8 || row > 9 {
            return None;
        }
        let (c, r) = (col as u8, row as u8);
        let (file, rank) = if self.flipped { (8 - c, r) } else { (c, 9 - r) };
        Square::new(file, rank)
    }
}

/// The command an event stands for outside prompts and dialogs.
pub fn command(event: &Event, hits: &BoardHits) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key),
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            hits.square_at(m.column, m.row).map(Command::Click)
        }
        _ => None,
    }
}
