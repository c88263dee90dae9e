//! Keys and mouse clicks to [`Command`]s, from one table of bindings that also writes the
//! help window and the footer.
//!
//! Ranks are typed as RLCard characters (`3`–`9`, `T` or `10`, `J`, `Q`, `K`, `A`, `2`, `B`,
//! `R`). The letters that are also commands keep their command: a queen is a capital `Q`
//! (lowercase `q` quits), the others type in either case.

use ::doudizhu::{Bid, BidMode, Phase, Rank};
use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};

use super::state::Command;
use crate::hearts::hand::HandHits;

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
}

impl When {
    fn holds(self, phase: Phase, bidding: BidMode) -> bool {
        match self {
            When::Always => true,
            When::Points => phase == Phase::Bidding && bidding == BidMode::Points,
            When::Rob => phase == Phase::Bidding && bidding == BidMode::Rob,
            When::Playing => phase == Phase::Playing,
            When::Finished => phase == Phase::Finished,
        }
    }
}

/// One key binding: the keys, when it applies, what it does, and the footer's short form.
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
        "play the typed ranks, else the selected cards",
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
    bind(
        &[Char('u')],
        When::Always,
        "u",
        "undo your last bid or move (and the bots' after it)",
        Some("u undo"),
        Command::Undo,
    ),
    bind(
        &[Tab],
        When::Always,
        "Tab",
        "sort your hand by rank or by count",
        None,
        Command::Sort,
    ),
    bind(
        &[Char('s')],
        When::Always,
        "s",
        "statistics (r on that screen resets them)",
        None,
        Command::Statistics,
    ),
    bind(
        &[Char('d')],
        When::Always,
        "d",
        "difficulty: random, greedy or planner players",
        None,
        Command::Difficulty,
    ),
    bind(
        &[Backspace],
        When::Playing,
        "Backspace",
        "delete the last typed rank",
        None,
        Command::Backspace,
    ),
    bind(
        &[Char('n'), Enter],
        When::Finished,
        "n",
        "next deal (after the settlement)",
        Some("n next deal"),
        Command::NextDeal,
    ),
    bind(
        &[Char('?'), F(1)],
        When::Always,
        "? / F1",
        "this help",
        Some("? help"),
        Command::Help,
    ),
    bind(
        &[Char('q'), Esc],
        When::Always,
        "q / Esc",
        "quit (asks first; saved); Esc clears typing first",
        Some("q quit"),
        Command::Quit,
    ),
];

/// How ranks are typed, for the help window.
pub const TYPING: (&str, &str) = (
    "3…9 T J Q K A 2 B R",
    "type a play by ranks (10 for ten, capital Q), e.g. 33344 or BR",
);

/// The help window's rows: `(keys, what they do)`, from [`BINDINGS`], and [`TYPING`].
pub fn help_rows() -> Vec<(&'static str, &'static str)> {
    let mut rows: Vec<_> = BINDINGS.iter().map(|b| (b.label, b.help)).collect();
    rows.push(TYPING);
    rows
}

/// The footer for `phase`, from [`BINDINGS`].
pub fn footer(phase: Phase, bidding: BidMode) -> String {
    let words: Vec<&str> = BINDINGS
        .iter()
        .filter(|b| b.when.holds(phase, bidding))
        .filter_map(|b| b.footer)
        .collect();
    words.join("  ")
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
        .find(|b| b.keys.contains(&key.code) && b.when.holds(phase, context.bidding))
    {
        return Some(binding.command);
    }
    match key.code {
        Char(c) if phase == Phase::Playing && types_a_rank(c) => Some(Command::Type(c)),
        _ => None,
    }
}

/// Whether `c` types into the play: a rank character, or `1`/`0` of `10`.
fn types_a_rank(c: char) -> bool {
    c == '0' || c == '1' || Rank::from_char(c).is_some()
}
