//! Keys and mouse clicks to [`Command`]s, from one table of bindings that also writes the
//! help window and the footer.

use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};

use super::hand::HandHits;
use super::state::{Command, Overlay};

/// What an event asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A command for the table.
    Table(Command),
    /// Leave the game.
    Quit,
}

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
    /// The input.
    pub input: Input,
}

const fn bind(
    keys: &'static [KeyCode],
    label: &'static str,
    help: &'static str,
    footer: Option<&'static str>,
    input: Input,
) -> Binding {
    Binding {
        keys,
        label,
        help,
        footer,
        input,
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
        Input::Table(Command::Left),
    ),
    bind(
        &[Right, Char('l')],
        "→ / l",
        "next card",
        None,
        Input::Table(Command::Right),
    ),
    bind(
        &[Home],
        "Home",
        "first card",
        None,
        Input::Table(Command::First),
    ),
    bind(
        &[End],
        "End",
        "last card",
        None,
        Input::Table(Command::Last),
    ),
    bind(
        &[Char(' ')],
        "Space",
        "play the card; while passing, pick or drop it",
        None,
        Input::Table(Command::Toggle),
    ),
    bind(
        &[Enter],
        "Enter",
        "as Space; with three cards picked, pass them",
        Some("Enter play"),
        Input::Table(Command::Confirm),
    ),
    bind(
        &[Char('u')],
        "u",
        "undo your last card (and the cards after it) or your pass",
        Some("u undo"),
        Input::Table(Command::Undo),
    ),
    bind(
        &[Char('t')],
        "t",
        "show the last trick",
        Some("t last trick"),
        Input::Table(Command::LastTrick),
    ),
    bind(
        &[Char('s')],
        "s",
        "score table",
        Some("s scores"),
        Input::Table(Command::Scores),
    ),
    bind(
        &[Char('+'), Char('=')],
        "+",
        "computer players faster",
        None,
        Input::Table(Command::Faster),
    ),
    bind(
        &[Char('-')],
        "-",
        "computer players slower",
        None,
        Input::Table(Command::Slower),
    ),
    bind(
        &[Char('d')],
        "d",
        "difficulty: random, rule or heuristic players",
        None,
        Input::Table(Command::Difficulty),
    ),
    bind(
        &[Char('n')],
        "n n",
        "new game (next seed)",
        None,
        Input::Table(Command::NewGame),
    ),
    bind(
        &[Char('?'), F(1)],
        "? / F1",
        "this help",
        Some("? help"),
        Input::Table(Command::Help),
    ),
    bind(
        &[Char('q'), Esc],
        "q / Esc",
        "quit (Esc closes a window first)",
        Some("q quit"),
        Input::Quit,
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

/// What `event` asks for, given the open window and where the cards were drawn.
pub fn input(event: &Event, overlay: Overlay, hits: &HandHits) -> Option<Input> {
    match event {
        Event::Key(key) => key_input(key, overlay),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            if overlay == Overlay::None {
                hits.card_at(mouse.column, mouse.row)
                    .map(|i| Input::Table(Command::Click(i)))
            } else {
                Some(Input::Table(Command::Close))
            }
        }
        _ => None,
    }
}

fn key_input(key: &KeyEvent, overlay: Overlay) -> Option<Input> {
    let bound = BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.input);
    match overlay {
        Overlay::None => bound,
        // The summary: Enter, Space or Esc deal on; q quits; u takes the last card back.
        Overlay::HandOver => match key.code {
            Enter | Esc | Char(' ') => Some(Input::Table(Command::Close)),
            Char('q') => Some(Input::Quit),
            Char('u' | 'n' | 's') => bound,
            _ => None,
        },
        // Any key closes an information window.
        Overlay::Help | Overlay::Scores | Overlay::LastTrick => Some(Input::Table(Command::Close)),
    }
}
