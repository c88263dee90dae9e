//! Keys and mouse clicks to [`Command`]s, from one table of bindings that also writes the
//! help window and the footer.
//!
//! Ranks are typed as RLCard characters (`3`–`9`, `T` or `10`, `J`, `Q`, `K`, `A`, `2`, `B`,
//! `R`). The letters that are also commands keep their command: a queen is a capital `Q`
//! (lowercase `q` quits), the others type in either case.

use ::doudizhu::{Bid, BidMode, Phase, Rank};
use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};

use super::state::{Command, Table};
use crate::hand::HandHits;
use crate::net::remote::HostCommand;
pub use crate::shell::{AtTable, Scope};

/// When a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// During an auction by points.
    Points,
    /// During a call-and-rob auction.
    Rob,
    /// During card play.
    Playing,
    /// Once the deal is settled.
    Finished,
    /// At a network table, until the first deal starts.
    Waiting,
}

impl When {
    fn holds(self, phase: Phase, bidding: BidMode, waiting: bool) -> bool {
        match self {
            When::Always => true,
            When::Waiting => waiting,
            _ if waiting => false,
            When::Points => phase == Phase::Bidding && bidding == BidMode::Points,
            When::Rob => phase == Phase::Bidding && bidding == BidMode::Rob,
            When::Playing => phase == Phase::Playing,
            When::Finished => phase == Phase::Finished,
        }
    }
}

/// One key binding: the keys, when it applies, what it does, and the footer's short form.
#[derive(Clone, Copy)]
pub struct Binding {
    /// The keys, any of which gives the command.
    pub keys: &'static [KeyCode],
    /// When it applies.
    pub when: When,
    /// The keys as the help window names them.
    pub label: &'static str,
    /// What the command does, for the help window.
    pub help: &'static str,
    /// The footer's words for it (`None`: help only).
    pub footer: Option<&'static str>,
    /// The command.
    pub command: Command,
    /// Whether it is a key of the local match, of a network table, or of both.
    pub scope: Scope,
}

use KeyCode::{Backspace, Char, End, Enter, Esc, F, Home, Left, Right, Tab};

const fn bind(
    keys: &'static [KeyCode],
    when: When,
    label: &'static str,
    help: &'static str,
    footer: Option<&'static str>,
    command: Command,
) -> Binding {
    Binding {
        keys,
        when,
        label,
        help,
        footer,
        command,
        scope: Scope::Both,
    }
}

/// `binding`, for a local match only.
const fn local(binding: Binding) -> Binding {
    Binding {
        scope: Scope::Local,
        ..binding
    }
}

/// `binding`, for a network table only.
const fn at_table(binding: Binding) -> Binding {
    Binding {
        scope: Scope::Table,
        ..binding
    }
}

/// `binding`, for the host of a network table only.
const fn host(binding: Binding) -> Binding {
    Binding {
        scope: Scope::Host,
        ..binding
    }
}

/// The table's keys, in help order. Rank characters not listed here type into the play.
pub const BINDINGS: &[Binding] = &[
    bind(
        &[Char('1')],
        When::Points,
        "1",
        "bid 1 point",
        Some("1/2/3 bid"),
        Command::Bid(Bid::Points(1)),
    ),
    bind(
        &[Char('2')],
        When::Points,
        "2",
        "bid 2 points",
        None,
        Command::Bid(Bid::Points(2)),
    ),
    bind(
        &[Char('3')],
        When::Points,
        "3",
        "bid 3 points",
        None,
        Command::Bid(Bid::Points(3)),
    ),
    bind(
        &[Char('c')],
        When::Rob,
        "c",
        "call the landlord",
        Some("c call"),
        Command::Bid(Bid::Call),
    ),
    bind(
        &[Char('r')],
        When::Rob,
        "r",
        "rob the landlord",
        Some("r rob"),
        Command::Bid(Bid::Rob),
    ),
    bind(
        &[Char('p')],
        When::Always,
        "p",
        "pass",
        Some("p pass"),
        Command::Pass,
    ),
    bind(
        &[Left, Char('h')],
        When::Always,
        "← / h",
        "cursor left (or click a card)",
        None,
        Command::Left,
    ),
    bind(
        &[Right, Char('l')],
        When::Always,
        "→ / l",
        "cursor right",
        None,
        Command::Right,
    ),
    bind(
        &[Home],
        When::Always,
        "Home",
        "first card",
        None,
        Command::First,
    ),
    bind(
        &[End],
        When::Always,
        "End",
        "last card",
        None,
        Command::Last,
    ),
    bind(
        &[Char(' ')],
        When::Playing,
        "Space",
        "select or drop the card under the cursor",
        None,
        Command::Toggle,
    ),
    bind(
        &[Enter],
        When::Playing,
        "Enter",
        "play typed ranks or chosen cards, or a hinted pass",
        Some("Enter play"),
        Command::Submit,
    ),
    bind(
        &[Char('i')],
        When::Playing,
        "i",
        "hint: select a candidate play; again for the next",
        Some("i hint"),
        Command::Hint,
    ),
    local(bind(
        &[Char('u')],
        When::Always,
        "u",
        "undo your last bid or move (and the bots' after it)",
        Some("u undo"),
        Command::Undo,
    )),
    bind(
        &[Tab],
        When::Always,
        "Tab",
        "sort your hand by rank or by count",
        None,
        Command::Sort,
    ),
    local(bind(
        &[Char('s')],
        When::Always,
        "s",
        "statistics (r on that screen resets them)",
        None,
        Command::Statistics,
    )),
    local(bind(
        &[Char('d')],
        When::Always,
        "d",
        "difficulty: random, greedy or planner players",
        None,
        Command::Difficulty,
    )),
    host(bind(
        &[Char('d')],
        When::Waiting,
        "d",
        "host: choose the bot b seats (the server's bots, strongest first)",
        Some("d bot"),
        Command::Difficulty,
    )),
    host(bind(
        &[Char('b')],
        When::Waiting,
        "b",
        "host: seat bots in the empty seats",
        Some("b bots"),
        Command::Host(HostCommand::SeatBots),
    )),
    host(bind(
        &[Char('g'), Enter],
        When::Waiting,
        "g",
        "host: start the game once every seat is taken",
        Some("g start"),
        Command::Host(HostCommand::Start),
    )),
    bind(
        &[Backspace],
        When::Playing,
        "Backspace",
        "delete the last typed rank",
        None,
        Command::Backspace,
    ),
    local(bind(
        &[Char('n'), Enter],
        When::Finished,
        "n",
        "next deal (after the settlement)",
        Some("n next deal"),
        Command::NextDeal,
    )),
    host(bind(
        &[Char('n'), Enter],
        When::Finished,
        "n",
        "host: a rematch at the same seats (after the settlement)",
        Some("n rematch"),
        Command::NextDeal,
    )),
    bind(
        &[Char('?'), F(1)],
        When::Always,
        "? / F1",
        "this help",
        Some("? help"),
        Command::Help,
    ),
    local(bind(
        &[Char('q'), Esc],
        When::Always,
        "q / Esc",
        "quit (asks first; saved); Esc clears typing first",
        Some("q quit"),
        Command::Quit,
    )),
    at_table(bind(
        &[Char('q'), Esc],
        When::Always,
        "q / Esc",
        "leave the table (asks first; your seat waits); Esc clears typing first",
        Some("q leave"),
        Command::Quit,
    )),
];

/// What a network table changes, for the help window.
pub const AT_A_TABLE: (&str, &str) = (
    "at a table",
    "no undo, save, statistics or difficulty: the server holds the game; the host seats bots, starts and rematches",
);

/// How ranks are typed, for the help window.
pub const TYPING: (&str, &str) = (
    "3…9 T J Q K A 2 B R",
    "type a play by ranks (10 for ten, capital Q), e.g. 33344 or BR",
);

/// The help window's rows: `(keys, what they do)`, from [`BINDINGS`], and [`TYPING`] (and
/// [`AT_A_TABLE`] at a network table).
pub fn help_rows(remote: bool) -> Vec<(&'static str, &'static str)> {
    crate::shell::help_rows(
        BINDINGS.iter().map(|b| (b.scope, b.label, b.help)),
        remote,
        &[TYPING],
        AT_A_TABLE,
    )
}

/// The footer in `context`, from [`BINDINGS`].
pub fn footer(context: Context) -> String {
    let words: Vec<&str> = BINDINGS
        .iter()
        .filter(|b| b.applies(context))
        .filter_map(|b| b.footer)
        .collect();
    words.join("  ")
}

impl Binding {
    fn applies(&self, context: Context) -> bool {
        AtTable::allows(context.table, self.scope)
            && self
                .when
                .holds(context.phase, context.bidding, context.waiting())
    }
}

/// What the keys depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The deal's phase.
    pub phase: Phase,
    /// The auction.
    pub bidding: BidMode,
    /// Whether ranks are typed or cards selected (Esc clears them before it quits).
    pub typing: bool,
    /// At a network table: what the keys depend on there (`None` in a local match).
    pub table: Option<AtTable>,
}

impl Context {
    /// Whether the first deal at a network table has yet to start.
    const fn waiting(self) -> bool {
        matches!(self.table, Some(AtTable { waiting: true, .. }))
    }

    /// The context of `table` now.
    pub fn of(table: &Table) -> Context {
        Context {
            phase: table.phase(),
            bidding: table.settings().bidding,
            typing: !table.input().is_empty() || !table.selected().is_empty(),
            table: table.remote_link().map(AtTable::of),
        }
    }
}

/// What `event` asks for, given the context and where the cards were drawn (the shared
/// windows, help, statistics and questions, take their keys first).
pub fn command(event: &Event, context: Context, hits: &HandHits) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key, context),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            hits.card_at(mouse.column, mouse.row).map(Command::Click)
        }
        _ => None,
    }
}

fn key_command(key: &KeyEvent, context: Context) -> Option<Command> {
    let phase = context.phase;
    if key.code == Esc && context.typing {
        return Some(Command::Clear);
    }
    if let Some(binding) = BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key.code) && b.applies(context))
    {
        return Some(binding.command);
    }
    match key.code {
        Char(c) if phase == Phase::Playing && !context.waiting() && types_a_rank(c) => {
            Some(Command::Type(c))
        }
        _ => None,
    }
}

/// Whether `c` types into the play: a rank character, or `1`/`0` of `10`.
fn types_a_rank(c: char) -> bool {
    c == '0' || c == '1' || Rank::from_char(c).is_some()
}
