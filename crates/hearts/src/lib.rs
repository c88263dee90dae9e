#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Settings`], [`PassSchedule`], [`PassDirection`], [`MoonScoring`], [`TieRule`]: the rules.
//! - [`Round`]: one hand (deal, passing, tricks, result); [`Setup`], [`RoundRecord`]; [`Move`].
//! - [`Game`]: hands to the target score, totals, pass cycle, undo.
//! - [`View`]: what one seat knows; [`Trick`]: the cards of one trick.
//! - [`bot`]: [`RandomBot`], [`RuleBot`], [`HeuristicBot`] and the [`Bot`] trait.
//! - [`random_hand`], [`random_hands`]: fast random playouts.
//! - [`interface`]: `game::GameState` for [`Game`] (the whole game, through the interface
//!   every parlor game implements).

pub mod bot;
mod error;
mod game;
pub mod interface;
mod moves;
mod playout;
mod round;
mod rules;
mod seats;
mod settings;
mod trick;
mod view;

pub use bot::{Bot, HeuristicBot, MonteCarloBot, RandomBot, RuleBot, play_round};
pub use error::{IllegalMove, NextHandError, ReplayError, SetupError};
pub use game::{Game, GameReplayError, HandSummary};
pub use moves::Move;
pub use playout::{CHECKSUM_SEED_42_X1000, PlayoutStats, random_hand, random_hands};
pub use round::{HandResult, Phase, Round, RoundRecord, Setup};
pub use rules::{
    HEARTS, JACK_OF_DIAMONDS, POINT_CARDS, QUEEN_OF_SPADES, TWO_OF_CLUBS, penalty_points,
};
pub use seats::{EAST, NORTH, SOUTH, WEST, parse_seat, seat_letter, seat_name};
pub use settings::{MoonScoring, ParsePassError, PassDirection, PassSchedule, Settings, TieRule};
pub use trick::Trick;
pub use view::View;

/// A seat at the Hearts table: North, East, South, West (0–3), in play order.
pub type Seat = cards_core::Seat<4>;
