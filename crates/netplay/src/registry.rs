//! The games a server hosts, by name: how to build each from settings and a seed, the bots a
//! host may seat, and the record formats of a finished game.

use game::{DynGame, GameState, NewGameError};
use serde_json::Value;

use crate::bot::{self, BotKind};
use crate::protocol::{BotChoice, GameBots};
use crate::record::{self, RecordWriter};

/// Builds a game from settings (JSON, `null` for the defaults) and a seed.
pub type GameFactory = fn(Value, u64) -> Result<Box<dyn DynGame>, NewGameError>;

/// One game a server hosts.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// The name clients create tables with ([`GameState::NAME`]).
    pub name: &'static str,
    /// Builds a game.
    pub new: GameFactory,
    /// The bots a host may seat, the strongest first (never empty).
    pub bots: &'static [BotKind],
    /// The level of `bots[0]` that `fill_bots` seats and that plays for absent players.
    pub default_level: u8,
    /// The quick bot (at level 1) that moves for a bot seat past its deadline.
    pub fallback: BotKind,
    /// The record formats besides [`RecordFormat::Log`](crate::RecordFormat::Log), and their
    /// writer.
    pub records: RecordWriter,
}

impl GameEntry {
    /// The bot `fill_bots` seats and that plays for a player who stays away.
    pub fn default_bot(&self) -> BotChoice {
        BotChoice {
            kind: self.bots[0].name.to_owned(),
            level: self.default_level,
        }
    }

    /// The kind `choice` names, if this game offers it at that level.
    pub fn bot(&self, choice: &BotChoice) -> Option<&'static BotKind> {
        self.bots.iter().find(|kind| kind.accepts(choice))
    }

    /// The game's bots as the protocol lists them.
    pub fn bot_list(&self) -> GameBots {
        GameBots {
            game: self.name.to_owned(),
            kinds: self.bots.iter().map(BotKind::offer).collect(),
            default: self.default_bot(),
        }
    }
}

/// The games a server hosts, in the order the lobby lists them.
///
/// ```
/// # use game::{GameState, InvalidSettings, Outcome, PlayError, Turn, Viewer};
/// # #[derive(Clone, Debug, PartialEq)] struct Coin(bool);
/// # impl GameState for Coin {
/// #     const NAME: &'static str = "coin"; type Settings = (); type Action = u8;
/// #     type Error = std::fmt::Error; type ParseError = std::num::ParseIntError; type View = bool;
/// #     fn new(_: &(), _: u64) -> Result<Coin, InvalidSettings> { Ok(Coin(false)) }
/// #     fn num_seats(&self) -> usize { 1 }
/// #     fn turn(&self) -> Turn { if self.0 { Turn::Over } else { Turn::Seat(0) } }
/// #     fn legal_actions(&self, _: usize, out: &mut Vec<u8>) { out.clear(); if !self.0 { out.push(0) } }
/// #     fn play(&mut self, s: usize, a: u8) -> Result<(), PlayError<std::fmt::Error>> {
/// #         PlayError::check_turn(self.turn(), 1, s)?; if a != 0 { return Err(PlayError::Illegal(std::fmt::Error)) }
/// #         self.0 = true; Ok(()) }
/// #     fn play_unchecked(&mut self, _: usize, _: u8) { self.0 = true }
/// #     fn parse_action(&self, _: usize, t: &str) -> Result<u8, Self::ParseError> { t.parse() }
/// #     fn num_actions(&self) -> usize { 1 }
/// #     fn action_id(&self, _: u8) -> usize { 0 }
/// #     fn action_from_id(&self, id: usize) -> Option<u8> { (id == 0).then_some(0) }
/// #     fn view(&self, _: Viewer) -> bool { self.0 }
/// #     fn outcome(&self) -> Option<Outcome> { self.0.then(|| Outcome::new(&[1.0], game::SeatSet::EMPTY.with(0))) }
/// # }
/// let registry = netplay::Registry::new().with::<Coin>();
/// assert_eq!(registry.names(), ["coin"]);
/// let game = (registry.get("coin")?.new)(serde_json::Value::Null, 7)?;
/// assert_eq!(game.num_seats(), 1);
/// assert!(registry.get("chess").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Registry {
    games: Vec<GameEntry>,
}

impl Registry {
    /// No games.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Every parlor game with its crates' bots (the strongest by default) and record formats;
    /// Klondike also takes `"winnable": true` ([`crate::assist::klondike`]).
    pub fn parlor() -> Registry {
        Registry::new()
            .with::<doudizhu::Game>()
            .with_bots(doudizhu::Game::NAME, bot::DOUDIZHU_BOTS, 1)
            .with_fallback(doudizhu::Game::NAME, bot::DOUDIZHU_BOTS[1])
            .with_records(doudizhu::Game::NAME, record::DOUDIZHU)
            .with::<hearts::Game>()
            .with_bots(hearts::Game::NAME, bot::HEARTS_BOTS, 1)
            .with_fallback(hearts::Game::NAME, bot::HEARTS_BOTS[2])
            .with_records(hearts::Game::NAME, record::HEARTS)
            .with::<xiangqi::Game>()
            .with_bots(xiangqi::Game::NAME, bot::XIANGQI_BOTS, 4)
            .with_fallback(xiangqi::Game::NAME, bot::XIANGQI_BOTS[1])
            .with_records(xiangqi::Game::NAME, record::XIANGQI)
            .with::<gomoku::Gomoku>()
            .with_bots(gomoku::Gomoku::NAME, bot::GOMOKU_BOTS, 4)
            .with_fallback(gomoku::Gomoku::NAME, bot::GOMOKU_BOTS[1])
            .with_records(gomoku::Gomoku::NAME, record::GOMOKU)
            .with_entry(GameEntry {
                name: "klondike",
                new: crate::assist::new_klondike,
                bots: &[BotKind::RANDOM],
                default_level: 1,
                fallback: BotKind::RANDOM,
                records: RecordWriter::LOG_ONLY,
            })
    }

    /// This registry with `G` added, played by [`bot::RandomBot`] until
    /// [`Registry::with_bots`] names others, with only the server's own record format until
    /// [`Registry::with_records`] adds more; a game of the same name is replaced.
    #[must_use]
    pub fn with<G: GameState>(self) -> Registry {
        self.with_entry(GameEntry {
            name: G::NAME,
            new: game::new_dyn::<G>,
            bots: &[BotKind::RANDOM],
            default_level: 1,
            fallback: BotKind::RANDOM,
            records: RecordWriter::LOG_ONLY,
        })
    }

    /// This registry with `entry` added, replacing a game of the same name.
    #[must_use]
    pub fn with_entry(mut self, entry: GameEntry) -> Registry {
        match self.games.iter_mut().find(|g| g.name == entry.name) {
            Some(slot) => *slot = entry,
            None => self.games.push(entry),
        }
        self
    }

    /// This registry with `bots` (the strongest first, `bots[0]` at `default_level` the
    /// default) offered for the game called `name` (no change when there is none or `bots`
    /// is empty).
    #[must_use]
    pub fn with_bots(
        mut self,
        name: &str,
        bots: &'static [BotKind],
        default_level: u8,
    ) -> Registry {
        if let (Some(entry), Some(strongest)) =
            (self.games.iter_mut().find(|g| g.name == name), bots.first())
        {
            entry.bots = bots;
            entry.default_level = default_level.clamp(1, strongest.levels);
        }
        self
    }

    /// This registry with `fallback` (at level 1) moving for the bot seats of the game
    /// called `name` that miss their deadline ([`BotKind::RANDOM`] until this is called).
    #[must_use]
    pub fn with_fallback(mut self, name: &str, fallback: BotKind) -> Registry {
        if let Some(entry) = self.games.iter_mut().find(|g| g.name == name) {
            entry.fallback = fallback;
        }
        self
    }

    /// This registry with `records` writing the finished games of the game called `name`.
    #[must_use]
    pub fn with_records(mut self, name: &str, records: RecordWriter) -> Registry {
        if let Some(entry) = self.games.iter_mut().find(|g| g.name == name) {
            entry.records = records;
        }
        self
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Result<&GameEntry, NewGameError> {
        self.games
            .iter()
            .find(|g| g.name == name)
            .ok_or_else(|| NewGameError::UnknownGame {
                name: name.to_owned(),
                known: self.names().join(", "),
            })
    }

    /// The games' names.
    pub fn names(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.name).collect()
    }

    /// Every game's bots, as the welcome lists them.
    pub fn bot_lists(&self) -> Vec<GameBots> {
        self.games.iter().map(GameEntry::bot_list).collect()
    }
}
