//! `Match`: deals one after another at one table, with the running totals.

use cards_core::BySeat;

use crate::{Game, Phase, Settings, Settlement};

/// A match: deals dealt one after another from one seed, each a [`Game`] (auction, redeals,
/// play), with the running totals of the payouts, as `hearts::Game` keeps totals across hands.
/// Deal `n` (from 0) is `Game::new(settings, seed + n)`.
///
/// ```
/// use doudizhu::{Bot, GreedyBot, Match, Phase, Settings};
///
/// let mut table = Match::new(Settings::default(), 3);
/// let mut bot = GreedyBot::new();
/// while table.deals_finished() < 2 {
///     let game = table.game_mut();
///     match game.state().phase() {
///         Phase::Finished => { table.next_deal(); }
///         Phase::AllPassed => { game.redeal(); }
///         Phase::Bidding => { let bid = bot.bid(&game.view(game.state().to_move())); game.bid(bid)?; }
///         Phase::Playing => { let mv = bot.play(&game.view(game.state().to_move())); game.play(mv)?; }
///     }
/// }
/// assert_eq!(table.totals().into_array().iter().sum::<i64>(), 0, "zero-sum");
/// assert_eq!(table.history().len(), 1, "the second deal is the current one");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    settings: Settings,
    seed: u64,
    game: Game,
    history: Vec<Settlement>,
}

impl Match {
    /// A new match whose deals come from `seed`.
    pub fn new(settings: Settings, seed: u64) -> Match {
        Match {
            settings,
            seed,
            game: Game::new(settings, seed),
            history: Vec::new(),
        }
    }

    /// The settings.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The seed of the current deal: the match seed plus the number of deals before it.
    pub fn deal_seed(&self) -> u64 {
        self.seed.wrapping_add(self.history.len() as u64)
    }

    /// The current deal.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The current deal, to play it.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The settlements of the deals finished before the current one, oldest first.
    pub fn history(&self) -> &[Settlement] {
        &self.history
    }

    /// How many deals are finished, the current one included once it is.
    pub fn deals_finished(&self) -> usize {
        self.history.len() + usize::from(self.game.state().phase() == Phase::Finished)
    }

    /// The running totals: every finished deal's payouts, the current one's once it is
    /// finished.
    pub fn totals(&self) -> BySeat<i64, 3> {
        let mut totals = BySeat::default();
        for settlement in self.history.iter().chain(&self.game.state().settlement()) {
            for (seat, total) in totals.iter_mut() {
                *total += settlement.payouts[seat];
            }
        }
        totals
    }

    /// Starts the next deal once the current one is finished; returns whether it did.
    pub fn next_deal(&mut self) -> bool {
        let Some(settlement) = self.game.state().settlement() else {
            return false;
        };
        self.history.push(settlement);
        self.game = Game::new(self.settings, self.deal_seed());
        true
    }
}
