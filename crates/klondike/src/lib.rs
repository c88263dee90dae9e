#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Deal`]: the 52 cards in dealing order, from a seed or a list.
//! - [`Klondike`]: a validated position; [`Setup`]: its unvalidated form; [`Move`] and
//!   [`MoveList`]: moves, their text form and the legal-move buffer.
//! - [`Rules`], [`Draw`], [`PassLimit`], [`Scoring`], [`Standard`], [`Vegas`]: settings and the
//!   scoring numbers.
//! - [`Status`], [`AutoMove`]: won/lost detection and auto-move policies.
//! - [`Game`]: history with undo/redo, auto-moves and auto-finish.
//! - [`View`]: what the player sees, for the [`game::GameState`](::game::GameState) implementation on
//!   [`Klondike`] (one seat, settings [`Rules`], the seed deals; see the README).

mod analysis;
mod deal;
mod game;
mod interface;
mod moves;
mod rules;
pub mod solver;
mod state;

pub use analysis::{AutoMove, Status};
pub use deal::{Deal, DealError};
pub use game::{Entry, Game, Options, PlayTextError};
pub use interface::View;
pub use moves::{Move, MoveList, ParseMoveError};
pub use rules::{Draw, ParseSettingError, PassLimit, Rules, Scoring, Standard, Vegas};
pub use state::{IllegalMove, Klondike, MoveReport, PILES, Setup, SetupError, fits_on};
