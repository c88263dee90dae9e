#![doc = include_str!("../README.md")]

mod declare;
mod dynamic;
mod seat;
mod state;
mod text_serde;

pub mod conformance;

pub use declare::{Declaration, DeclareError};
pub use dynamic::{DynGame, DynPlayError, NewGameError, new_dyn};
pub use seat::{MAX_SEATS, SeatSet, Turn, Viewer};
pub use state::{GameState, InvalidSettings, Outcome, PlayError};

/// serde, for [`serde_as_text!`]'s expansion in other crates.
#[doc(hidden)]
pub use serde as __serde;
