//! Keys and mouse clicks of the Gomoku screen, mapped to [`Command`]s through one table
//! ([`BINDINGS`]) that also writes the help screen.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use gomoku::Point;

use crate::xiangqi::input::{Binding, bind, help_rows_of, lookup};

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
    /// The help screen.
    Help,
    /// Leave the game (asks first while one is in progress).
    Quit,
    /// An opening decision key (`x`, `c`, `f`, digits): what it means depends on the phase.
    Opening(char),
}

/// Every key of the game; the help screen lists them in this order.
pub const BINDINGS: &[Binding<Command>] = &[
    bind(
        "← → ↑ ↓ / h l k j",
        "move the cursor",
        Command::Cursor(-1, 0),
        &[KeyCode::Left, KeyCode::Char('h')],
    ),
    bind(
        "",
        "",
        Command::Cursor(1, 0),
        &[KeyCode::Right, KeyCode::Char('l')],
    ),
    bind(
        "",
        "",
        Command::Cursor(0, 1),
        &[KeyCode::Up, KeyCode::Char('k')],
    ),
    bind(
        "",
        "",
        Command::Cursor(0, -1),
        &[KeyCode::Down, KeyCode::Char('j')],
    ),
    bind(
        "Enter / Space / click",
        "place a stone",
        Command::Place,
        &[KeyCode::Enter, KeyCode::Char(' ')],
    ),
    bind(
        ":",
        "type a point (h8, 7,7) or save/load <file>",
        Command::Prompt,
        &[KeyCode::Char(':')],
    ),
    bind(
        "u",
        "undo (against the computer: back to your turn)",
        Command::Undo,
        &[KeyCode::Char('u')],
    ),
    bind(
        "m",
        "move numbers on the stones",
        Command::Numbers,
        &[KeyCode::Char('m')],
    ),
    bind(
        "e",
        "computer's evaluation and line",
        Command::Analysis,
        &[KeyCode::Char('e')],
    ),
    bind(
        "o",
        "options: opponent, level, rule, size, fouls",
        Command::Options,
        &[KeyCode::Char('o')],
    ),
    bind("n", "new game", Command::NewGame, &[KeyCode::Char('n')]),
    bind(
        "x c f 1-9",
        "opening decisions, as the status line says",
        Command::Opening('x'),
        &[],
    ),
    bind(
        "? / F1",
        "this help",
        Command::Help,
        &[KeyCode::Char('?'), KeyCode::F(1)],
    ),
    bind(
        "q / Esc",
        "quit",
        Command::Quit,
        &[KeyCode::Char('q'), KeyCode::Esc],
    ),
];

/// The help's key rows.
pub fn help_rows() -> Vec<(&'static str, &'static str)> {
    help_rows_of(BINDINGS)
}

/// The command a key press stands for: the table, then the opening's decision keys.
pub fn key_command(key: &KeyEvent) -> Option<Command> {
    lookup(BINDINGS, key).or(match key.code {
        KeyCode::Char(c @ ('x' | 'c' | 'f' | '1'..='9'))
            if !key.modifiers.contains(KeyModifiers::CONTROL) =>
        {
            Some(Command::Opening(c))
        }
        _ => None,
    })
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
