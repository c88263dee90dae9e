//! The [`GameState`] trait every parlor game implements, with its result and error types.

use std::fmt::{Debug, Display};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::declare::{Declaration, DeclareError};
use crate::seat::{MAX_SEATS, SeatSet, Turn, Viewer};

/// A game as a server, an arena, a bot harness or a binding drives it without knowing which
/// game it is: OpenSpiel's `State` and PettingZoo's AEC loop, reduced to what parlor needs.
///
/// Seats are indices `0..num_seats()`. Every action has a canonical text form (its
/// [`Display`], the game's own notation: `h2e2`, `AS`, `333444`, `w-3`, `h8`) that
/// [`parse_action`](GameState::parse_action) reads back, and a dense id in
/// `0..num_actions()`, fixed for a game and its settings, for learning code.
///
/// The interface is a thin layer: each crate keeps its own rich API and implements this
/// trait over it. Generic code takes `G: GameState` (monomorphised, zero-cost); tables of
/// different games in one container use [`DynGame`](crate::DynGame).
pub trait GameState: Clone + PartialEq + Debug + Send + 'static {
    /// The game's name in protocols and registries: `klondike`, `doudizhu`, `xiangqi`,
    /// `gomoku`, `hearts`.
    const NAME: &'static str;

    /// Everything that chooses the rules: rule set, variant, board size, target score…
    /// Serialised as JSON in protocols; `Default` is the crate's default game.
    type Settings: Clone + Default + PartialEq + Debug + Serialize + DeserializeOwned + Send;

    /// One action: a move, a card, a bid, a stone.
    type Action: Copy + Eq + Debug + Display + Send;

    /// Why an action was refused (the crate's own play error, carrying the reason).
    type Error: std::error::Error + Send + Sync + 'static;

    /// Why a text is not an action here.
    type ParseError: std::error::Error + Send + Sync + 'static;

    /// What one viewer may know of the game; serialisable, and holding nothing the viewer
    /// may not see (a test in each card-game crate proves it).
    type View: Clone + PartialEq + Debug + Serialize + DeserializeOwned;

    /// A new game under `settings`; every random choice (deals, redeals) comes from `seed`.
    fn new(settings: &Self::Settings, seed: u64) -> Result<Self, InvalidSettings>;

    /// The number of seats (1 for Klondike).
    fn num_seats(&self) -> usize;

    /// Who may act now.
    fn turn(&self) -> Turn;

    /// Clears `out` and fills it with the actions `seat` may take now (none when it is not
    /// that seat's turn). Reusing one buffer, no allocation happens after the first call.
    fn legal_actions(&self, seat: usize, out: &mut Vec<Self::Action>);

    /// Takes `action` for `seat`, checked; a refused action changes nothing.
    fn play(&mut self, seat: usize, action: Self::Action) -> Result<(), PlayError<Self::Error>>;

    /// Takes an action known to be legal for `seat`, without checks (search and playouts).
    ///
    /// # Panics
    /// May panic, or leave the state inconsistent, when the action is not legal.
    fn play_unchecked(&mut self, seat: usize, action: Self::Action);

    /// Reads an action for `seat` from text: the canonical form and the other notations the
    /// crate accepts, resolved against this state.
    fn parse_action(&self, seat: usize, text: &str) -> Result<Self::Action, Self::ParseError>;

    /// The size of the action space: every action id is below it.
    fn num_actions(&self) -> usize;

    /// The dense id of `action`, below [`num_actions`](GameState::num_actions).
    fn action_id(&self, action: Self::Action) -> usize;

    /// The action with this id, whether or not it is legal now; `None` for an id that
    /// names no action.
    fn action_from_id(&self, id: usize) -> Option<Self::Action>;

    /// What `viewer` may know. A seat index out of range is treated as a spectator.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The results the players may declare instead of playing on (resign, draw by
    /// agreement); none unless the game overrides it.
    const DECLARATIONS: &'static [Declaration] = &[];

    /// Ends the game by `declaration` of `seat`: `seat` resigns, or `seat` agrees to a draw
    /// (how the draw was offered is the caller's business: a table's offer and answer).
    /// Refused, changing nothing, when the game does not offer it (the default refuses
    /// everything), the seat does not exist or the game is over
    /// ([`DeclareError::check`]). It need not be `seat`'s turn.
    fn declare(&mut self, seat: usize, declaration: Declaration) -> Result<(), DeclareError> {
        let _ = seat;
        Err(DeclareError::NotOffered {
            game: Self::NAME,
            declaration,
        })
    }
}

/// The result of a finished game: each seat's return and the winners.
///
/// Returns follow the game's usual scoring, as OpenSpiel reports it for that game: +1 / 0 /
/// −1 for the board games, the settlement for Dou Dizhu, points (negated: fewer is better)
/// for Hearts, the score for Klondike. Seats at and past `num_seats` hold 0.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// One return per seat, seat 0 first.
    pub returns: [f64; MAX_SEATS],
    /// The seats that won (empty for a draw, or a lost solitaire game).
    pub winners: SeatSet,
}

impl Outcome {
    /// An outcome from per-seat returns (at most [`MAX_SEATS`]) and the winners.
    ///
    /// ```
    /// use game::{Outcome, SeatSet};
    /// let o = Outcome::new(&[1.0, -1.0], SeatSet::EMPTY.with(0));
    /// assert_eq!(o.returns, [1.0, -1.0, 0.0, 0.0]);
    /// ```
    pub fn new(returns: &[f64], winners: SeatSet) -> Outcome {
        let mut all = [0.0; MAX_SEATS];
        for (slot, &value) in all.iter_mut().zip(returns) {
            *slot = value;
        }
        Outcome {
            returns: all,
            winners,
        }
    }

    /// A two-seat result: `Some(seat)` won (+1 / −1), `None` a draw (0 / 0).
    pub fn two_player(winner: Option<usize>) -> Outcome {
        match winner {
            Some(w) => {
                let mut returns = [-1.0, -1.0];
                returns[w.min(1)] = 1.0;
                Outcome::new(&returns, SeatSet::EMPTY.with(w))
            }
            None => Outcome::new(&[0.0, 0.0], SeatSet::EMPTY),
        }
    }
}

/// Why [`GameState::play`] refused an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<E> {
    /// The seat is not at this table.
    #[error("seat {seat} does not exist (this game has {seats} seats)")]
    NoSuchSeat {
        /// The seat named.
        seat: usize,
        /// How many seats the game has.
        seats: usize,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat is to act.
    #[error("it is not seat {seat}'s turn (waiting for {turn})")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: usize,
        /// Who may act.
        turn: Turn,
    },
    /// The game's rules refuse the action.
    #[error(transparent)]
    Illegal(E),
}

impl<E> PlayError<E> {
    /// The same refusal with the rules' error turned into another type (for example its text).
    pub fn map_illegal<F>(self, f: impl FnOnce(E) -> F) -> PlayError<F> {
        match self {
            PlayError::NoSuchSeat { seat, seats } => PlayError::NoSuchSeat { seat, seats },
            PlayError::GameOver => PlayError::GameOver,
            PlayError::NotYourTurn { seat, turn } => PlayError::NotYourTurn { seat, turn },
            PlayError::Illegal(e) => PlayError::Illegal(f(e)),
        }
    }

    /// The check every implementation of [`GameState::play`] starts with: `seat` exists
    /// and may act now.
    ///
    /// ```
    /// use game::{PlayError, Turn};
    /// assert!(PlayError::<()>::check_turn(Turn::Seat(0), 2, 0).is_ok());
    /// assert_eq!(PlayError::<()>::check_turn(Turn::Over, 2, 0), Err(PlayError::GameOver));
    /// ```
    pub fn check_turn(turn: Turn, seats: usize, seat: usize) -> Result<(), PlayError<E>> {
        if seat >= seats {
            Err(PlayError::NoSuchSeat { seat, seats })
        } else if turn == Turn::Over {
            Err(PlayError::GameOver)
        } else if !turn.includes(seat) {
            Err(PlayError::NotYourTurn { seat, turn })
        } else {
            Ok(())
        }
    }
}

/// Settings a game cannot be built from (a board size out of range, an opening rule that
/// cannot start on that board…), with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid settings: {reason}")]
pub struct InvalidSettings {
    /// What is wrong, in words.
    pub reason: String,
}

impl InvalidSettings {
    /// The error with this reason.
    pub fn new(reason: impl Display) -> InvalidSettings {
        InvalidSettings {
            reason: reason.to_string(),
        }
    }
}
