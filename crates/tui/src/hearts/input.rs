//! Keys and mouse clicks to [`Command`]s, from one table of bindings that also writes the
//! help window and the footer. At a network table the local game's keys (undo, new game,
//! statistics, speed, difficulty) are off, and the host has keys of its own until the first
//! game starts.

use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};

use super::state::{Command, Popup, Table};
use crate::hand::HandHits;
use crate::net::remote::HostCommand;
use crate::shell::{AtTable, Scope};

/// One key binding: the keys, what they do, the footer's short form (if shown there) and
/// where it applies (the host's keys, [`Scope::Host`], until the first game starts).
#[derive(Clone, Copy)]
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
    /// Whether it is a key of the local game, of a network table, or of both.
    pub scope: Scope,
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
        scope: Scope::Both,
    }
}

/// `binding`, with `scope`.
const fn only(scope: Scope, binding: Binding) -> Binding {
    Binding { scope, ..binding }
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
    only(
        Scope::Local,
        bind(
            &[Char('u')],
            "u",
            "undo your last card (and the cards after it) or your pass",
            Some("u undo"),
            Command::Undo,
        ),
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
    only(
        Scope::Local,
        bind(
            &[Char('s')],
            "s",
            "statistics (r on that screen resets them)",
            None,
            Command::Statistics,
        ),
    ),
    only(
        Scope::Local,
        bind(
            &[Char('+'), Char('=')],
            "+",
            "computer players faster",
            None,
            Command::Faster,
        ),
    ),
    only(
        Scope::Local,
        bind(
            &[Char('-')],
            "-",
            "computer players slower",
            None,
            Command::Slower,
        ),
    ),
    only(
        Scope::Local,
        bind(
            &[Char('d')],
            "d",
            "difficulty: random, rule, heuristic or mc players",
            None,
            Command::Difficulty,
        ),
    ),
    only(
        Scope::Local,
        bind(
            &[Char('n')],
            "n n",
            "new game (next seed)",
            None,
            Command::NewGame,
        ),
    ),
    only(
        Scope::Host,
        bind(
            &[Char('d')],
            "d",
            "host: choose the bot b seats (the server's bots, strongest first)",
            Some("d bot"),
            Command::Difficulty,
        ),
    ),
    only(
        Scope::Host,
        bind(
            &[Char('b')],
            "b",
            "host: seat bots in the empty seats",
            Some("b bots"),
            Command::Host(HostCommand::SeatBots),
        ),
    ),
    only(
        Scope::Host,
        bind(
            &[Char('g')],
            "g",
            "host: start the game once every seat is taken",
            Some("g start"),
            Command::Host(HostCommand::Start),
        ),
    ),
    bind(
        &[Char('?'), F(1)],
        "? / F1",
        "this help",
        Some("? help"),
        Command::Help,
    ),
    only(
        Scope::Local,
        bind(
            &[Char('q'), Esc],
            "q / Esc",
            "quit (asks while a game is in progress, which is saved)",
            Some("q quit"),
            Command::Quit,
        ),
    ),
    only(
        Scope::Table,
        bind(
            &[Char('q'), Esc],
            "q / Esc",
            "leave the table (asks first; your seat waits); after the game Enter: host's rematch",
            Some("q leave"),
            Command::Quit,
        ),
    ),
];

/// What a network table changes, for the help window.
pub const AT_A_TABLE: (&str, &str) = (
    "at a table",
    "no undo, save, new game, statistics, speed or difficulty: the server holds the game; the host seats bots, starts and rematches",
);

/// The help window's rows: `(keys, what they do)`, from [`BINDINGS`] (and [`AT_A_TABLE`] at a
/// network table).
pub fn help_rows(remote: bool) -> Vec<(&'static str, &'static str)> {
    crate::shell::help_rows(
        BINDINGS.iter().map(|b| (b.scope, b.label, b.help)),
        remote,
        &[],
        AT_A_TABLE,
    )
}

/// What the keys depend on: the game's open window, and the network table (`None` in a
/// local game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The game's own window, if one is open.
    pub popup: Option<Popup>,
    /// At a network table: whether the first game has yet to start, and whether you host.
    pub table: Option<AtTable>,
}

impl Context {
    /// The context of `table` now.
    pub fn of(table: &Table) -> Context {
        Context {
            popup: table.popup(),
            table: table.remote_link().map(AtTable::of),
        }
    }
}

impl Binding {
    /// Whether the binding applies in `context`: its scope holds, and a host's key only
    /// until the first game starts.
    fn applies(&self, context: Context) -> bool {
        let waiting = context.table.is_some_and(|t| t.waiting);
        AtTable::allows(context.table, self.scope) && (self.scope != Scope::Host || waiting)
    }
}

/// The footer in `context`, from [`BINDINGS`] (a spectator's without the play keys).
pub fn footer(context: Context) -> String {
    let watching = context.table.is_some_and(|t| t.watching);
    BINDINGS
        .iter()
        .filter(|b| b.applies(context))
        .filter(|b| !(watching && matches!(b.command, Command::Toggle | Command::Confirm)))
        .filter_map(|b| b.footer)
        .collect::<Vec<_>>()
        .join("  ")
}

/// What `event` asks for in `context`, given where the cards were drawn (the shared windows,
/// help, statistics and questions, take their keys first).
pub fn command(event: &Event, context: Context, hits: &HandHits) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key, context),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            match context.popup {
                None => hits.card_at(mouse.column, mouse.row).map(Command::Click),
                Some(_) => Some(Command::Close),
            }
        }
        _ => None,
    }
}

fn key_command(key: &KeyEvent, context: Context) -> Option<Command> {
    let bound = BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key.code) && b.applies(context))
        .map(|b| b.command);
    match context.popup {
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
