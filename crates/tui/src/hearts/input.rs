//! Keys and mouse clicks to [`Command`]s, from one table of bindings that also writes the
//! help window and the footer.

use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};

use super::state::{Command, Popup};
use crate::hand::HandHits;

/// One key binding: the keys, what they do, and the footer's short form (if shown there).
pub struct Binding {
    /// The keys, any of which gives the command.
    pub keys: &'static [KeyCode],
    /// The keys as the help window names them.
    pub label: &'static str,
    /// What the command does, for the help window.
    pub help: &'static str,
    /// The footer's words for it (`None`: help only).
    pub footer: Option<&'static str>,
    /// The command.
    pub command: Command,
}

const fn bind(
    keys: &'static [KeyCode],
    label: &'static str,
    help: &'static str,
    footer: Option<&'static str>,
    command: Command,
) -> Binding {
    Binding {
        keys,
        label,
        help,
        footer,
        command,
    }
}

use KeyCode::{Char, End, Enter, Esc, F, Home, Left, Right};

/// The table's keys, in help order.
pub const BINDINGS: &[Binding] = &[
    bind(
        &[Left, Char('h')],
        "← / h",
        "previous card (or click a card)",
        None,
        Command::Left,
    ),
    bind(
        &[Right, Char('l')],
        "→ / l",
        "next card",
        None,
        Command::Right,
    ),
    bind(&[Home], "Home", "first card", None, Command::First),
    bind(&[End], "End", "last card", None, Command::Last),
    bind(
        &[Char(' ')],
        "Space",
        "play the card; while passing, pick or drop it",
        None,
        Command::Toggle,
    ),
    bind(
        &[Enter],
        "Enter",
        "as Space; with three cards picked, pass them",
        Some("Enter play"),
        Command::Confirm,
    ),
    bind(
        &[Char('u')],
        "u",
        "undo your last card (and the cards after it) or your pass",
        Some("u undo"),
        Command::Undo,
    ),
    bind(
        &[Char('t')],
        "t",
        "show the last trick",
        Some("t last trick"),
        Command::LastTrick,
    ),
    bind(
        &[Char('p')],
        "p",
        "points: the score table",
        Some("p points"),
        Command::Scores,
    ),
    bind(
        &[Char('s')],
        "s",
        "statistics (r on that screen resets them)",
        None,
        Command::Statistics,
    ),
    bind(
        &[Char('+'), Char('=')],
        "+",
        "computer players faster",
        None,
        Command::Faster,
    ),
    bind(
        &[Char('-')],
        "-",
        "computer players slower",
        None,
        Command::Slower,
    ),
    bind(
        &[Char('d')],
        "d",
        "difficulty: random, rule, heuristic or mc players",
        None,
        Command::Difficulty,
    ),
    bind(
        &[Char('n')],
        "n n",
        "new game (next seed)",
        None,
        Command::NewGame,
    ),
    bind(
        &[Char('?'), F(1)],
        "? / F1",
        "this help",
        Some("? help"),
        Command::Help,
    ),
    bind(
        &[Char('q'), Esc],
        "q / Esc",
        "quit (asks while a game is in progress, which is saved)",
        Some("q quit"),
        Command::Quit,
    ),
];

/// The help window's rows: `(keys, what they do)`, from [`BINDINGS`].
pub fn help_rows() -> Vec<(&'static str, &'static str)> {
    BINDINGS.iter().map(|b| (b.label, b.help)).collect()
}

/// The footer, from [`BINDINGS`].
pub fn footer() -> String {
    BINDINGS
        .iter()
        .filter_map(|b| b.footer)
        .collect::<Vec<_>>()
        .join("  ")
}

/// What `event` asks for, given the game's open window and where the cards were drawn
/// (the shared windows, help, statistics and questions, take their keys first).
pub fn command(event: &Event, popup: Option<Popup>, hits: &HandHits) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key, popup),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => match popup
        {
            None => hits.card_at(mouse.column, mouse.row).map(Command::Click),
            Some(_) => Some(Command::Close),
        },
        _ => None,
    }
}

fn key_command(key: &KeyEvent, popup: Option<Popup>) -> Option<Command> {
    let bound = BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.command);
    match popup {
        None => bound,
        // The summary: Enter, Space or Esc deal on; q quits; u takes the last card back.
        Some(Popup::HandOver) => match key.code {
            Enter | Esc | Char(' ') => Some(Command::Close),
            Char('q' | 'u' | 'n' | 'p' | 's') => bound,
            _ => None,
        },
        // Any key closes an information window.
        Some(Popup::Scores | Popup::LastTrick) => Some(Command::Close),
    }
}
