//! The games a server hosts, by name: how to build each from settings and a seed, and its bot.

use game::{DynGame, GameState, NewGameError};
use serde_json::Value;

use crate::bot::{BotFactory, RandomBot};

/// Builds a game from settings (JSON, `null` for the defaults) and a seed.
pub type GameFactory = fn(Value, u64) -> Result<Box<dyn DynGame>, NewGameError>;

/// One game a server hosts.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// The name clients create tables with ([`GameState::NAME`]).
    pub name: &'static str,
    /// Builds a game.
    pub new: GameFactory,
    /// Builds the bot that plays empty or abandoned seats.
    pub bot: BotFactory,
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

    /// Every parlor game, each played by [`RandomBot`] in empty and abandoned seats; Klondike
    /// also takes `"winnable": true` ([`crate::assist::klondike`]).
    pub fn parlor() -> Registry {
        Registry::new()
            .with::<doudizhu::Game>()
            .with::<hearts::Game>()
            .with::<xiangqi::Game>()
            .with::<gomoku::Gomoku>()
            .with_entry(GameEntry {
                name: "klondike",
                new: crate::assist::new_klondike,
                bot: RandomBot::boxed,
            })
    }

    /// This registry with `G` added, played by [`RandomBot`] until [`Registry::with_bot`]
    /// names another; a game of the same name is replaced.
    #[must_use]
    pub fn with<G: GameState>(self) -> Registry {
        self.with_entry(GameEntry {
            name: G::NAME,
            new: game::new_dyn::<G>,
            bot: RandomBot::boxed,
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

    /// This registry with `bot` playing the game called `name` (no change when there is none).
    #[must_use]
    pub fn with_bot(mut self, name: &str, bot: BotFactory) -> Registry {
        if let Some(entry) = self.games.iter_mut().find(|g| g.name == name) {
            entry.bot = bot;
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
}
