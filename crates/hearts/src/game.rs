//! `Game`: hands dealt one after another until a seat reaches the target, with the pass
//! cycle, running totals, the completed hands and undo within the current hand.

use cards_core::{BySeat, Card, CardSet, Seat};

use crate::{
    HandResult, IllegalPass, IllegalPlay, NextHandError, Phase, ReplayError, Round, RoundRecord,
    RoundSetup, Settings, TieRule, View,
};

/// One action of a hand, as recorded for undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// A seat chose three cards to pass.
    Pass(Seat, CardSet),
    /// A seat played a card.
    Play(Seat, Card),
}

/// A finished hand: how it went and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSummary {
    /// The full record (deal, passes, plays); [`Round::replay`] rebuilds the hand.
    pub record: RoundRecord,
    /// The score of the hand.
    pub result: HandResult,
    /// The game totals after this hand.
    pub totals: BySeat<i32, 4>,
}

/// A game of Hearts: hands until a seat's total reaches [`Settings::target`] at the end of a
/// hand; the lowest total wins.
///
/// Ties: with [`TieRule::Share`] (the default) every seat sharing the lowest total wins; with
/// [`TieRule::PlayOn`] hands continue until the lowest total is held by one seat alone.
///
/// Hands are dealt from the game seed (hand `n` uses a seed derived from the game seed and `n`)
/// or explicitly with [`next_hand_with`](Game::next_hand_with). Passing follows
/// [`Settings::pass_schedule`]. Serde saves a game as its list of hand records and rebuilds it
/// by replaying them.
///
/// ```
/// use hearts::{Game, Phase, Settings};
///
/// let mut game = Game::new(Settings { target: 30, ..Settings::default() }, 5);
/// let mut bot = hearts::RuleBot;
/// while !game.is_over() {
///     if game.round().phase() == Phase::Over {
///         game.next_hand()?;
///     }
///     hearts::bot::play_step(&mut game, &mut [bot, bot, bot, bot]);
/// }
/// assert!(game.totals().iter().any(|(_, &t)| t >= 30));
/// # Ok::<(), hearts::NextHandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    settings: Settings,
    seed: u64,
    totals: BySeat<i32, 4>,
    history: Vec<HandSummary>,
    round: Round,
    actions: Vec<Action>,
}

/// The seed of hand `hand` in a game seeded with `seed`.
fn hand_seed(seed: u64, hand: usize) -> u64 {
    seed ^ (hand as u64)
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Game {
    /// A new game whose hands are dealt from `seed`.
    pub fn new(settings: Settings, seed: u64) -> Game {
        let round = Round::deal(
            settings,
            settings.pass_schedule.direction(0),
            hand_seed(seed, 0),
        );
        Game {
            settings,
            seed,
            totals: BySeat::default(),
            history: Vec::new(),
            round,
            actions: Vec::new(),
        }
    }

    /// A new game whose first hand is dealt explicitly (later hands come from `seed` unless
    /// also given with [`next_hand_with`](Game::next_hand_with)).
    pub fn with_deal(
        settings: Settings,
        seed: u64,
        hands: BySeat<CardSet, 4>,
    ) -> Result<Game, NextHandError> {
        let direction = settings.pass_schedule.direction(0);
        let round = Round::from_setup(RoundSetup {
            settings,
            direction,
            hands,
        })?;
        Ok(Game {
            settings,
            seed,
            totals: BySeat::default(),
            history: Vec::new(),
            round,
            actions: Vec::new(),
        })
    }

    /// The rules.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The current hand (finished until [`next_hand`](Game::next_hand) deals the next one).
    /// This is the full state: give players a [`view`](Game::view).
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// The index of the current hand, 0 for the first.
    pub fn hand_number(&self) -> usize {
        self.history.len() - usize::from(self.round.phase() == Phase::Over)
    }

    /// The running totals, including the current hand once it is finished.
    pub const fn totals(&self) -> BySeat<i32, 4> {
        self.totals
    }

    /// The finished hands, oldest first.
    pub fn history(&self) -> &[HandSummary] {
        &self.history
    }

    /// The actions of the current hand, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// What `seat` knows, with the game totals.
    pub fn view(&self, seat: Seat) -> View {
        View::new(&self.round, seat, Some(self.totals))
    }

    /// Chooses `seat`'s pass in the current hand (see [`Round::choose_pass`]).
    pub fn choose_pass(&mut self, seat: Seat, cards: CardSet) -> Result<(), IllegalPass> {
        self.round.choose_pass(seat, cards)?;
        self.actions.push(Action::Pass(seat, cards));
        Ok(())
    }

    /// Plays `card` for `seat` (see [`Round::play`]); the last card of a hand adds its result to
    /// the totals.
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<(), IllegalPlay> {
        self.round.play(seat, card)?;
        self.actions.push(Action::Play(seat, card));
        if let Some(result) = self.round.result() {
            for seat in Seat::ALL {
                self.totals[seat] += result.points[seat];
            }
            self.history.push(HandSummary {
                record: self.round.record(),
                result,
                totals: self.totals,
            });
        }
        Ok(())
    }

    /// Whether the game is over: the current hand is finished, a seat has reached the target
    /// and (with [`TieRule::PlayOn`]) the lowest total is not shared.
    pub fn is_over(&self) -> bool {
        if self.round.phase() != Phase::Over
            || self.totals.iter().all(|(_, &t)| t < self.settings.target)
        {
            return false;
        }
        self.settings.tie == TieRule::Share || self.lowest().len() == 1
    }

    fn lowest(&self) -> Vec<Seat> {
        let min = self.totals.iter().map(|(_, &t)| t).min().unwrap_or(0);
        self.totals
            .iter()
            .filter(|&(_, &t)| t == min)
            .map(|(s, _)| s)
            .collect()
    }

    /// The winners (lowest total; several when they share it), once the game is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        self.is_over().then(|| self.lowest())
    }

    /// Deals the next hand from the game seed.
    pub fn next_hand(&mut self) -> Result<(), NextHandError> {
        self.check_next()?;
        let n = self.history.len();
        self.round = Round::deal(
            self.settings,
            self.settings.pass_schedule.direction(n),
            hand_seed(self.seed, n),
        );
        self.actions.clear();
        Ok(())
    }

    /// Deals the next hand explicitly.
    pub fn next_hand_with(&mut self, hands: BySeat<CardSet, 4>) -> Result<(), NextHandError> {
        self.check_next()?;
        let direction = self.settings.pass_schedule.direction(self.history.len());
        self.round = Round::from_setup(RoundSetup {
            settings: self.settings,
            direction,
            hands,
        })?;
        self.actions.clear();
        Ok(())
    }

    fn check_next(&self) -> Result<(), NextHandError> {
        if self.is_over() {
            Err(NextHandError::GameOver)
        } else if self.round.phase() != Phase::Over {
            Err(NextHandError::HandInProgress)
        } else {
            Ok(())
        }
    }

    /// Takes back the last action of the current hand (a play, or a pass; taking back a pass
    /// after all four were revealed hides them again). Undoing the last card of a hand removes
    /// its result from the totals. Returns the action undone, or `None` at the start of a hand.
    pub fn undo(&mut self) -> Option<Action> {
        let action = self.actions.pop()?;
        if self.round.phase() == Phase::Over {
            self.history.pop();
            self.totals = self
                .history
                .last()
                .map_or_else(BySeat::default, |h| h.totals);
        }
        let record = self.round.record();
        let mut round = Round::from_setup(RoundSetup {
            settings: record.settings,
            direction: record.direction,
            hands: record.deal,
        })
        .expect("the current deal was validated");
        for &a in &self.actions {
            match a {
                Action::Pass(seat, cards) => round.choose_pass_unchecked(seat, cards),
                Action::Play(_, card) => round.play_unchecked(card),
            }
        }
        self.round = round;
        Some(action)
    }

    /// The record of every hand, the current one last.
    pub fn records(&self) -> Vec<RoundRecord> {
        let mut records: Vec<RoundRecord> = self.history.iter().map(|h| h.record.clone()).collect();
        if self.round.phase() != Phase::Over {
            records.push(self.round.record());
        }
        records
    }

    /// Rebuilds a game from its settings, seed and hand records, replaying every step.
    pub fn replay(
        settings: Settings,
        seed: u64,
        records: &[RoundRecord],
    ) -> Result<Game, GameReplayError> {
        let mut game = Game::new(settings, seed);
        for (hand, record) in records.iter().enumerate() {
            if record.settings != settings
                || record.direction != settings.pass_schedule.direction(hand)
            {
                return Err(GameReplayError::Mismatch { hand });
            }
            let round =
                Round::replay(record).map_err(|error| GameReplayError::Hand { hand, error })?;
            if hand > 0 {
                game.check_next()
                    .map_err(|_| GameReplayError::Mismatch { hand })?;
            }
            game.actions = Vec::new();
            for (seat, pass) in record.passes.iter() {
                if let Some(cards) = *pass {
                    game.actions.push(Action::Pass(seat, cards));
                }
            }
            let mut seat_round = Round::from_setup(RoundSetup {
                settings,
                direction: record.direction,
                hands: record.deal,
            })
            .map_err(|e| GameReplayError::Hand {
                hand,
                error: e.into(),
            })?;
            for (seat, pass) in record.passes.iter() {
                if let Some(cards) = *pass {
                    seat_round.choose_pass_unchecked(seat, cards);
                }
            }
            for &card in &record.plays {
                let seat = seat_round.turn();
                seat_round.play_unchecked(card);
                game.actions.push(Action::Play(seat, card));
            }
            game.round = round;
            if let Some(result) = game.round.result() {
                for seat in Seat::ALL {
                    game.totals[seat] += result.points[seat];
                }
                game.history.push(HandSummary {
                    record: record.clone(),
                    result,
                    totals: game.totals,
                });
            }
        }
        Ok(game)
    }
}

/// Why a game record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameReplayError {
    /// A hand does not replay.
    #[error("hand {hand}: {error}")]
    Hand {
        /// The hand index.
        hand: usize,
        /// The error.
        error: ReplayError,
    },
    /// A hand's settings or pass direction differ from the game's, or a hand follows an
    /// unfinished hand or the end of the game.
    #[error("hand {hand} does not belong to this game at this point")]
    Mismatch {
        /// The hand index.
        hand: usize,
    },
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Game, RoundRecord, Settings};

    #[derive(serde::Serialize, serde::Deserialize)]
    struct GameRecord {
        settings: Settings,
        seed: u64,
        hands: Vec<RoundRecord>,
    }

    impl serde::Serialize for Game {
        /// Settings, seed and the record of every hand.
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            GameRecord {
                settings: self.settings,
                seed: self.seed,
                hands: self.records(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> serde::Deserialize<'de> for Game {
        /// Replays the hands, so a saved game that breaks a rule is refused.
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let record = GameRecord::deserialize(deserializer)?;
            Game::replay(record.settings, record.seed, &record.hands)
                .map_err(serde::de::Error::custom)
        }
    }
}
