//! Bots for empty seats and for players who stay away. A bot sees exactly what a client in
//! its seat would: that seat's view and its legal actions, nothing more.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::protocol::LegalAction;

/// A player the server seats in place of a person.
pub trait Bot: Send {
    /// Picks one of `legal` (never empty) for `seat`, knowing only `view`, that seat's view.
    /// Returns an index into `legal`; an index out of range is treated as 0.
    fn choose(&mut self, seat: usize, view: &Value, legal: &[LegalAction]) -> usize;
}

/// Builds a game's bot from a seed.
pub type BotFactory = fn(u64) -> Box<dyn Bot>;

/// Picks uniformly among the legal actions, from a seeded generator: the bot every game gets
/// until it registers its own.
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
    pub fn boxed(seed: u64) -> Box<dyn Bot> {
        Box::new(RandomBot::new(seed))
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, _seat: usize, _view: &Value, legal: &[LegalAction]) -> usize {
        self.rng.random_range(0..legal.len().max(1))
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
}
