//! `Game`: hands dealt one after another until a seat reaches the target, with the pass
//! cycle, running totals, the completed hands and undo within the current hand.

use cards_core::{BySeat, CardSet};

use crate::{
    HandResult, IllegalMove, Move, NextHandError, Phase, ReplayError, Round, RoundRecord, Seat,
    Settings, Setup, TieRule, Trick, View,
};

/// A finished hand: how it went and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSummary {
    /// The full record (deal, passes, plays); [`Round::replay`] rebuilds the hand.
    pub record: RoundRecord,
    /// The score of the hand.
    pub result: HandResult,
    /// The game totals after this hand.
    pub totals: BySeat<i32, 4>,
    /// The hand's final trick.
    pub last_trick: Trick,
}

/// A game of Hearts: hands until a seat's total reaches [`Settings::target`] at the end of a
/// hand (or [`Settings::max_hands`] hands are played); the lowest total wins.
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
    moves: Vec<Move>,
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
            moves: Vec::new(),
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
        let round = Round::from_setup(Setup {
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
            moves: Vec::new(),
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

    /// The moves of the current hand, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// What `seat` knows, with the game totals.
    pub fn view(&self, seat: Seat) -> View {
        View::new(&self.round, Some(seat), Some(self.totals)).with_history(&self.history)
    }

    /// What a spectator knows: the public play and the totals, no hand.
    pub fn public_view(&self) -> View {
        View::new(&self.round, None, Some(self.totals)).with_history(&self.history)
    }

    /// Makes a move in the current hand (see [`Round::play`]); the last card of a hand adds its
    /// result to the totals. A refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.round.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Makes a move without checking it (see [`Round::play_unchecked`]).
    ///
    /// # Panics
    /// May panic, or corrupt the game, if [`Round::check`] would refuse the move.
    pub fn play_unchecked(&mut self, mv: Move) {
        self.round.play_unchecked(mv);
        self.moves.push(mv);
        self.close_hand();
    }

    /// Once the current hand is over, adds its result to the totals and the hand to the
    /// history.
    fn close_hand(&mut self) {
        let Some(result) = self.round.result() else {
            return;
        };
        let Some(last_trick) = self.round.completed_tricks().last() else {
            return;
        };
        for seat in Seat::ALL {
            self.totals[seat] += result.points[seat];
        }
        self.history.push(HandSummary {
            record: self.round.record(),
            result,
            totals: self.totals,
            last_trick,
        });
    }

    /// Whether the game is over: the current hand is finished, and either
    /// [`Settings::max_hands`] hands are played, or a seat has reached the target and (with
    /// [`TieRule::PlayOn`]) the lowest total is not shared.
    pub fn is_over(&self) -> bool {
        if self.round.phase() != Phase::Over {
            return false;
        }
        if self
            .settings
            .max_hands
            .is_some_and(|most| self.history.len() >= most as usize)
        {
            return true;
        }
        if self.totals.iter().all(|(_, &t)| t < self.settings.target) {
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
        self.moves.clear();
        Ok(())
    }

    /// Deals the next hand explicitly.
    pub fn next_hand_with(&mut self, hands: BySeat<CardSet, 4>) -> Result<(), NextHandError> {
        self.check_next()?;
        let direction = self.settings.pass_schedule.direction(self.history.len());
        self.round = Round::from_setup(Setup {
            settings: self.settings,
            direction,
            hands,
        })?;
        self.moves.clear();
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

    /// Takes back the last move of the current hand (a play, a pick, or a pass; taking back a
    /// pass after all four were revealed hides them again). Undoing the last card of a hand
    /// removes its result from the totals. Returns the move undone, or `None` at the start of a
    /// hand.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        if self.round.phase() == Phase::Over {
            self.history.pop();
            self.totals = self
                .history
                .last()
                .map_or_else(BySeat::default, |h| h.totals);
        }
        let mut round =
            Round::from_setup(self.round.to_setup()).expect("the current deal was validated");
        for &mv in &self.moves {
            round.play_unchecked(mv);
        }
        self.round = round;
        Some(mv)
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
            game.moves = replay_moves(record);
            game.round = round;
            game.close_hand();
        }
        Ok(game)
    }
}

/// The moves of a record that replays (passes whole, or the picks of a pass chosen in part,
/// then the plays), each with its seat.
fn replay_moves(record: &RoundRecord) -> Vec<Move> {
    let mut moves = Vec::new();
    for (seat, pass) in record.passes.iter() {
        match *pass {
            Some(cards) if cards.len() < 3 => {
                moves.extend(cards.iter().map(|c| Move::Pick(seat, c)));
            }
            Some(cards) => moves.push(Move::Pass(seat, cards)),
            None => {}
        }
    }
    let mut round = Round::from_setup(Setup {
        settings: record.settings,
        direction: record.direction,
        hands: record.deal,
    })
    .expect("the record replayed");
    for &mv in &moves {
        round.play_unchecked(mv);
    }
    for &card in &record.plays {
        let mv = Move::Play(round.turn(), card);
        round.play_unchecked(mv);
        moves.push(mv);
    }
    moves
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
