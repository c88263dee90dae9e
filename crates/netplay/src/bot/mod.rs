//! Bots for empty seats and for players who stay away. A bot sees exactly what a client in
//! its seat would: that seat's view and its legal actions, nothing more. The crates' bots are
//! driven from their game's typed view ([`ViewBot`]): the JSON the seat would receive is read
//! back into the game's `View` type, so a bot cannot reach anything the seat may not know.

mod boards;
mod cards;

use std::marker::PhantomData;

use game::GameState;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::protocol::{BotChoice, BotOffer, LegalAction};

pub use boards::{GOMOKU_BOTS, XIANGQI_BOTS};
pub use cards::{DOUDIZHU_BOTS, HEARTS_BOTS};

/// A player the server seats in place of a person. It runs on a blocking thread, never on
/// the async runtime, and keeps to its own time budget.
pub trait Bot: Send {
    /// Picks one of `legal` (never empty) for `seat`, knowing only `view`, that seat's view.
    /// Returns an index into `legal`; an index out of range is treated as 0.
    fn choose(&mut self, seat: usize, view: &Value, legal: &[LegalAction]) -> usize;

    /// Whether `seat` accepts the other seat's draw offer, knowing only `view`; asked on the
    /// seat's turn, before [`Bot::choose`]. Declines unless the bot knows better.
    fn answer_draw(&mut self, seat: usize, view: &Value) -> bool {
        let _ = (seat, view);
        false
    }
}

/// What a bot is built from: the table's settings (public, as in the lobby), its level and a
/// seed.
#[derive(Clone, Copy, Debug)]
pub struct BotSetup<'a> {
    /// The game's settings as the table was created with them.
    pub settings: &'a Value,
    /// From 1 to the kind's [`BotKind::levels`].
    pub level: u8,
    /// The seed of its random choices.
    pub seed: u64,
}

/// Builds a bot.
pub type BotFactory = fn(&BotSetup) -> Box<dyn Bot>;

/// One kind of bot a game offers, with its levels.
#[derive(Clone, Copy, Debug)]
pub struct BotKind {
    /// Its name in the protocol (`planner`, `engine`, …).
    pub name: &'static str,
    /// How many levels it has (at least 1).
    pub levels: u8,
    /// What it is and what its levels change.
    pub about: &'static str,
    /// Builds one.
    pub build: BotFactory,
}

impl BotKind {
    /// The uniformly random player every game has.
    pub const RANDOM: BotKind = BotKind {
        name: "random",
        levels: 1,
        about: "picks uniformly among the legal actions",
        build: RandomBot::boxed,
    };

    /// The kind as the protocol lists it.
    pub fn offer(&self) -> BotOffer {
        BotOffer {
            kind: self.name.to_owned(),
            levels: self.levels,
            about: self.about.to_owned(),
        }
    }

    /// Whether `choice` names this kind at one of its levels.
    pub fn accepts(&self, choice: &BotChoice) -> bool {
        choice.kind == self.name && (1..=self.levels).contains(&choice.level)
    }
}

/// Picks uniformly among the legal actions, from a seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A bot whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// [`RandomBot::new`] behind a pointer: a [`BotFactory`].
    pub fn boxed(setup: &BotSetup) -> Box<dyn Bot> {
        Box::new(RandomBot::new(setup.seed))
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, _seat: usize, _view: &Value, legal: &[LegalAction]) -> usize {
        self.rng.random_range(0..legal.len().max(1))
    }
}

/// A bot of one game that reads the seat's view as the game's own `View` type and answers
/// with the text of an action.
pub trait ViewBot<G: GameState>: Send {
    /// The action to take, as the game writes it (`None`: no opinion, a random legal action
    /// is taken instead).
    fn choose(&mut self, view: &G::View, legal: &[LegalAction]) -> Option<String>;

    /// Whether to accept the other seat's draw offer ([`Bot::answer_draw`]); declines unless
    /// the bot knows better.
    fn answer_draw(&mut self, view: &G::View) -> bool {
        let _ = view;
        false
    }
}

/// A [`ViewBot`] as a [`Bot`]: the JSON view is read back into `G::View`; an answer that is
/// not among the legal actions (or a view that does not read) falls back to a random one,
/// with a warning in the log.
pub struct Typed<G, B> {
    bot: B,
    fallback: RandomBot,
    game: PhantomData<fn() -> G>,
}

impl<G: GameState, B: ViewBot<G> + 'static> Typed<G, B> {
    /// `bot`, with random choices from `seed` when it has none.
    pub fn boxed(bot: B, seed: u64) -> Box<dyn Bot> {
        Box::new(Typed {
            bot,
            fallback: RandomBot::new(seed),
            game: PhantomData::<fn() -> G>,
        })
    }
}

impl<G: GameState, B: ViewBot<G>> Bot for Typed<G, B> {
    fn choose(&mut self, seat: usize, view: &Value, legal: &[LegalAction]) -> usize {
        let answer = match serde_json::from_value::<G::View>(view.clone()) {
            Ok(view) => self.bot.choose(&view, legal),
            Err(e) => {
                tracing::warn!(game = G::NAME, seat, "a bot cannot read its view: {e}");
                None
            }
        };
        let found = answer
            .as_deref()
            .and_then(|text| legal.iter().position(|a| a.text == text));
        found.unwrap_or_else(|| {
            if let Some(text) = answer {
                tracing::warn!(
                    game = G::NAME,
                    seat,
                    "a bot chose {text:?}, not a legal action"
                );
            }
            self.fallback.choose(seat, view, legal)
        })
    }

    fn answer_draw(&mut self, seat: usize, view: &Value) -> bool {
        match serde_json::from_value::<G::View>(view.clone()) {
            Ok(view) => self.bot.answer_draw(&view),
            Err(e) => {
                tracing::warn!(game = G::NAME, seat, "a bot cannot read its view: {e}");
                false
            }
        }
    }
}

/// The game's settings from the table's JSON (the defaults for `null`), as the game read them.
fn settings_of<G: GameState>(settings: &Value) -> G::Settings {
    if settings.is_null() {
        G::Settings::default()
    } else {
        serde_json::from_value(settings.clone()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(n: usize) -> Vec<LegalAction> {
        (0..n)
            .map(|id| LegalAction {
                id,
                text: id.to_string(),
            })
            .collect()
    }

    #[test]
    fn random_bot_follows_its_seed_and_covers_every_action() {
        let actions = legal(5);
        let picks = |seed| {
            let mut bot = RandomBot::new(seed);
            (0..200)
                .map(|_| bot.choose(0, &Value::Null, &actions))
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(3), picks(3));
        assert_ne!(picks(3), picks(4));
        let seen: std::collections::HashSet<_> = picks(3).into_iter().collect();
        assert_eq!(seen.len(), 5);
    }

    #[test]
    fn a_kind_accepts_only_its_own_levels() {
        let choice = |kind: &str, level| BotChoice {
            kind: kind.into(),
            level,
        };
        assert!(BotKind::RANDOM.accepts(&choice("random", 1)));
        assert!(!BotKind::RANDOM.accepts(&choice("random", 0)));
        assert!(!BotKind::RANDOM.accepts(&choice("random", 2)));
        assert!(!BotKind::RANDOM.accepts(&choice("planner", 1)));
    }
}
