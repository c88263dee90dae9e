#![doc = include_str!("../README.md")]

mod declare;
mod dynamic;
mod seat;
mod state;

pub mod conformance;

pub use declare::{Declaration, DeclareError};
pub use dynamic::{DynGame, DynPlayError, NewGameError, new_dyn};
pub use seat::{MAX_SEATS, SeatSet, Turn, Viewer};
pub use state::{GameState, InvalidSettings, Outcome, PlayError};
