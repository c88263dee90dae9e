//! Keys and mouse clicks of the Xiangqi screen, mapped to [`Command`]s through one table
//! ([`BINDINGS`]) that also writes the help screen.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use xiangqi::Square;

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
    /// The help screen.
    Help,
    /// Leave the game (asks first while one is in progress).
    Quit,
}

/// One row of a key table: the keys as the help shows them, what they do, the command.
/// Generic over the game's command type (Gomoku uses it too).
pub struct Binding<C> {
    /// The keys, as written in the help (empty: shares the help row above).
    pub keys: &'static str,
    /// What they do.
    pub what: &'static str,
    /// The command.
    pub command: C,
    codes: &'static [KeyCode],
}

/// A key table row; `codes` are the key codes that give `command`.
pub const fn bind<C>(
    keys: &'static str,
    what: &'static str,
    command: C,
    codes: &'static [KeyCode],
) -> Binding<C> {
    Binding {
        keys,
        what,
        command,
        codes,
    }
}

/// A table's help rows: `(keys, what they do)`, skipping the rows that share a line.
pub fn help_rows_of<C>(table: &[Binding<C>]) -> Vec<(&'static str, &'static str)> {
    table
        .iter()
        .filter(|b| !b.keys.is_empty())
        .map(|b| (b.keys, b.what))
        .collect()
}

/// The command of the first row of `table` that lists the pressed key (none with Ctrl).
pub fn lookup<C: Copy>(table: &[Binding<C>], key: &KeyEvent) -> Option<C> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    table
        .iter()
        .find(|b| b.codes.contains(&key.code))
        .map(|b| b.command)
}

/// Every key of the game; the help screen lists them in this order.
pub const BINDINGS: &[Binding<Command>] = &[
    bind(
        "← / h",
        "cursor left",
        Command::Cursor(-1, 0),
        &[KeyCode::Left, KeyCode::Char('h')],
    ),
    bind(
        "→ / l",
        "cursor right",
        Command::Cursor(1, 0),
        &[KeyCode::Right, KeyCode::Char('l')],
    ),
    bind(
        "↑ / k",
        "cursor up",
        Command::Cursor(0, 1),
        &[KeyCode::Up, KeyCode::Char('k')],
    ),
    bind(
        "↓ / j",
        "cursor down",
        Command::Cursor(0, -1),
        &[KeyCode::Down, KeyCode::Char('j')],
    ),
    bind(
        "Enter / Space / click",
        "select a piece, then its target",
        Command::Activate,
        &[KeyCode::Enter, KeyCode::Char(' ')],
    ),
    bind(
        ":",
        "type a move (h2e2, C2.5, 炮二平五) or a command",
        Command::Prompt,
        &[KeyCode::Char(':'), KeyCode::Char('/')],
    ),
    bind("u", "undo", Command::Undo, &[KeyCode::Char('u')]),
    bind(
        "[ / ]",
        "step back / forward through the moves",
        Command::Back,
        &[KeyCode::Char('['), KeyCode::PageUp],
    ),
    bind(
        "",
        "",
        Command::Forward,
        &[KeyCode::Char(']'), KeyCode::PageDown],
    ),
    bind(
        "Home / End",
        "first move / current position",
        Command::First,
        &[KeyCode::Home],
    ),
    bind("", "", Command::Last, &[KeyCode::End]),
    bind("r", "resign", Command::Resign, &[KeyCode::Char('r')]),
    bind(
        "d",
        "offer a draw",
        Command::OfferDraw,
        &[KeyCode::Char('d')],
    ),
    bind(
        "e",
        "engine evaluation and line on/off",
        Command::Analysis,
        &[KeyCode::Char('e')],
    ),
    bind(
        "m",
        "notation: Chinese, WXF, ICCS",
        Command::Notation,
        &[KeyCode::Char('m')],
    ),
    bind("f", "flip the board", Command::Flip, &[KeyCode::Char('f')]),
    bind(
        "o",
        "options: opponent, level, rules",
        Command::Options,
        &[KeyCode::Char('o')],
    ),
    bind("n", "new game", Command::NewGame, &[KeyCode::Char('n')]),
    bind(
        "? / F1",
        "this help",
        Command::Help,
        &[KeyCode::Char('?'), KeyCode::F(1)],
    ),
    bind(
        "Esc",
        "deselect, back to the current position",
        Command::Deselect,
        &[KeyCode::Esc],
    ),
    bind("q", "quit", Command::Quit, &[KeyCode::Char('q')]),
];

/// The help's key rows.
pub fn help_rows() -> Vec<(&'static str, &'static str)> {
    help_rows_of(BINDINGS)
}

/// The command a key press stands for.
pub fn key_command(key: &KeyEvent) -> Option<Command> {
    lookup(BINDINGS, key)
}

/// Where the board was drawn at the last render, recorded by the board widget, so that a
/// click maps to the point under it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardHits {
    /// The top-left cell of the a9 corner (or i0 when flipped) and the grid steps.
    pub origin: Option<(u16, u16)>,
    /// Columns and rows between points.
    pub step: (u16, u16),
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
        let row = (y + 1).checked_sub(oy)? / sy;
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
