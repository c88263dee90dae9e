//! Keys and mouse to [`Command`]s: the one table the key handling and the help come from.

use crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use super::state::Hit;
use crate::hitmap::HitMap;
use crate::keymap::{self, Binding, Key};

/// Everything a player can ask of the Klondike screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor one slot left.
    Left,
    /// Move the cursor one slot right.
    Right,
    /// On a pile: take one more card; above the tableau: nothing; else up to the top row.
    Up,
    /// On a pile: take one card fewer; on the top row: down to the tableau.
    Down,
    /// Pick up at the cursor, or drop there; on the stock: turn it.
    Act,
    /// Pick up pile N (the run that fits is found), or drop on it.
    Pile(u8),
    /// Pick up the waste card.
    Waste,
    /// The held card, or the card at the cursor, to its foundation.
    Foundation,
    /// Every card that can go up.
    AllUp,
    /// Turn the stock (recycle the waste when the stock is empty).
    Draw,
    /// Type a move in its text form.
    TypeMove,
    /// Take back the last move.
    Undo,
    /// Play the move taken back again.
    Redo,
    /// A new random deal (asks first while a game is in progress).
    NewGame,
    /// Type a seed to deal.
    DealBySeed,
    /// Deal this deal again (asks first).
    Restart,
    /// A new deal the solver proved winnable (asks first).
    WinnableDeal,
    /// The options popup.
    Options,
    /// Advice: the next step of a winning line, highlighted on the table.
    Hint,
    /// Can this game still be won?
    CanWin,
    /// The help.
    Help,
    /// The statistics.
    Statistics,
    /// Put the held cards back, stop waiting for the solver, or else quit (asks first).
    Back,
    /// Quit (asks first while a game is in progress; the game is saved).
    Quit,
    /// A left click on a slot of the table (`None`: beside everything).
    Click(Option<Hit>),
    /// The left button released (the end of a drag).
    Release(Option<Hit>),
    /// A right click: send that card up.
    RightClick(Hit),
}

/// What a confirmation question was about; the question's "yes" runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmed {
    /// Quit (saving the game in progress).
    Quit,
    /// Quit although the game could not be saved.
    QuitUnsaved,
    /// Abandon this game for a new random deal.
    NewGame,
    /// Abandon this game for a deal proved winnable.
    WinnableDeal,
    /// Deal this deal again.
    Restart,
    /// Abandon this game for the deal of a seed typed.
    Seed(u64),
    /// Play on from the saved game.
    Resume,
    /// Clear the statistics.
    ResetStatistics,
}

const fn bind(keys: &'static [Key], command: Command, help: &'static str) -> Binding<Command> {
    Binding::new(keys, command, help)
}

const PILE: &str = "pick up pile N (the run that fits), or drop on it";

/// The key bindings, in help order.
pub const KEYMAP: &[Binding<Command>] = &[
    bind(
        &[Key::code(KeyCode::Left), Key::char('h')],
        Command::Left,
        "move the cursor (up/down on a pile: more/fewer cards)",
    ),
    bind(
        &[Key::code(KeyCode::Right), Key::char('l')],
        Command::Right,
        "move the cursor (up/down on a pile: more/fewer cards)",
    ),
    bind(
        &[Key::code(KeyCode::Up), Key::char('k')],
        Command::Up,
        "move the cursor (up/down on a pile: more/fewer cards)",
    ),
    bind(
        &[Key::code(KeyCode::Down), Key::char('j')],
        Command::Down,
        "move the cursor (up/down on a pile: more/fewer cards)",
    ),
    bind(
        &[Key::code(KeyCode::Enter), Key::char(' ')],
        Command::Act,
        "pick up or drop at the cursor; on the stock: turn it",
    ),
    bind(&[Key::char('1')], Command::Pile(0), PILE),
    bind(&[Key::char('2')], Command::Pile(1), PILE),
    bind(&[Key::char('3')], Command::Pile(2), PILE),
    bind(&[Key::char('4')], Command::Pile(3), PILE),
    bind(&[Key::char('5')], Command::Pile(4), PILE),
    bind(&[Key::char('6')], Command::Pile(5), PILE),
    bind(&[Key::char('7')], Command::Pile(6), PILE),
    bind(&[Key::char('w')], Command::Waste, "pick up the waste card"),
    bind(
        &[Key::char('d')],
        Command::Draw,
        "draw: turn the stock (recycle when it is empty)",
    ),
    bind(
        &[Key::char(':')],
        Command::TypeMove,
        "type a move: 3-f, w-5, 7:3-1 (3 cards), fH-2, stock, recycle",
    ),
    bind(
        &[Key::char('f')],
        Command::Foundation,
        "send the held card (or the cursor's) to its foundation",
    ),
    bind(
        &[Key::char('a')],
        Command::AllUp,
        "send every card that can go up",
    ),
    bind(
        &[
            Key::char('u'),
            Key::ctrl('z'),
            Key::code(KeyCode::Backspace),
        ],
        Command::Undo,
        "undo",
    ),
    bind(&[Key::char('r'), Key::ctrl('y')], Command::Redo, "redo"),
    bind(
        &[Key::char('i')],
        Command::Hint,
        "hint: the next step of a winning line (solver)",
    ),
    bind(
        &[Key::char('c')],
        Command::CanWin,
        "can this game still be won? (solver)",
    ),
    bind(
        &[Key::char('n')],
        Command::NewGame,
        "new deal (proved winnable if that option is on)",
    ),
    bind(&[Key::char('g')], Command::DealBySeed, "deal by seed"),
    bind(&[Key::char('R')], Command::Restart, "restart this deal"),
    bind(
        &[Key::char('W')],
        Command::WinnableDeal,
        "new deal the solver proved winnable",
    ),
    bind(
        &[Key::char('o')],
        Command::Options,
        "options: draw, passes, scoring, auto-moves",
    ),
    bind(
        &[Key::char('s')],
        Command::Statistics,
        "statistics (r there resets them)",
    ),
    bind(
        &[Key::char('?'), Key::code(KeyCode::F(1))],
        Command::Help,
        "this help",
    ),
    bind(
        &[Key::code(KeyCode::Esc)],
        Command::Back,
        "put back the held cards, stop the solver, or quit",
    ),
    bind(
        &[Key::char('q')],
        Command::Quit,
        "quit (a game in progress is saved for next time)",
    ),
];

/// Notes under the key table in the help.
pub const MOUSE: &str = "Mouse: click the stock to turn it; click a card then a pile, or drag; double-click or right-click sends a card up.";

/// The command for a key in play, if it has one.
pub fn key_command(key: &KeyEvent) -> Option<Command> {
    keymap::command(KEYMAP, key)
}

/// The command for a mouse event over the table whose hit areas are `hits`.
pub fn mouse_command(mouse: &MouseEvent, hits: &HitMap<Hit>) -> Option<Command> {
    let hit = hits.at(mouse.column, mouse.row).copied();
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Command::Click(hit)),
        MouseEventKind::Up(MouseButton::Left) => Some(Command::Release(hit)),
        MouseEventKind::Down(MouseButton::Right) => hit.map(Command::RightClick),
        _ => None,
    }
}

/// What the keys that differ at a network table do there, for the help (after the keys that
/// do the same).
pub const AT_TABLE: &[(&str, &str)] = &[
    ("u", "undo: the server takes back the last move"),
    ("g", "the host: start the game"),
    ("n", "the host: a rematch, once the game is over"),
    (
        "i c",
        "hint and \"can it still be won?\" from the server's solver",
    ),
];

/// What the help says about a network table.
pub const AT_TABLE_NOTE: &str = "At a network table the server keeps the game and takes back moves, but has no redo: redo, new deals, restart, deal by seed, the options (draw, passes, scoring, auto-moves), statistics and saving are off; no card goes up by itself (f, a or a double click send them).";

/// Whether `command`'s key does at a network table what it does in a local game (the
/// others are off there, or the host's, or ask the server's solver: [`AT_TABLE`]).
pub const fn same_at_table(command: Command) -> bool {
    !matches!(
        command,
        Command::Undo
            | Command::Redo
            | Command::NewGame
            | Command::DealBySeed
            | Command::Restart
            | Command::WinnableDeal
            | Command::Options
            | Command::Statistics
            | Command::Hint
            | Command::CanWin
    )
}
