#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Point`], [`Color`]: coordinates (`h8`, `7,7`) and stone colours.
//! - [`Board`]: stones as line bitboards; [`PointSet`]: bitset of points.
//! - [`Rule`], [`Settings`], [`Foul`]: rule sets and renju settings.
//! - [`Position`], [`Setup`], [`Outcome`]: validated state, checked/unchecked moves, results.
//! - [`Game`]: history, undo, records; [`parse_moves`], [`format_moves`].
//! - [`psq`]: Gomocup's `.psq` game records, read and written.
//! - [`opening`]: opening rules (swap, swap2, Soosõrv-N, Taraguchi-N) as state machines.
//! - [`Gomoku`]: the whole game (opening, then play) behind the `game::GameState` interface;
//!   [`Bot`]: a simple seeded threat bot.

mod board;
mod bot;
mod game;
mod illegal;
mod interface;
pub mod opening;
mod point;
mod position;
pub mod psq;
mod renju;
mod rule;
mod set;

pub use board::{Board, DIRECTIONS, SizeError};
pub use bot::Bot;
pub use game::{Game, ParseMovesError, format_moves, parse_moves};
pub use illegal::IllegalMove;
pub use interface::{Action, Declared, GameSettings, Gomoku, OpeningView, ParseActionError, View};
pub use point::{Color, Gomocup, MAX_SIDE, MIN_SIDE, ParseColorError, ParsePointError, Point};
pub use position::{DiagramError, Line, Outcome, Position, Setup, SetupError};
pub use rule::{Foul, FoulPolicy, ParseRuleError, Rule, Settings, ThreeAtFive, UnknownGomocupRule};
pub use set::{Iter as PointSetIter, PointSet};
