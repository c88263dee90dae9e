#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Engine`], [`Limits`], [`Control`], [`Info`], [`Score`], [`SearchResult`]: the search.
//! - [`evaluate`]: the evaluation (hand-written terms, tuned weights); [`see()`]: static exchange
//!   evaluation.
//! - [`tune`]: Texel tuning of the evaluation's weights on game results.
//! - [`Budget`], [`Clock`]: time management.
//! - [`uci`]: the UCI protocol loop as Pikafish speaks it.
//! - [`arena`]: Xiangqi games for the `arena` crate: openings, players, enforced time limits.

pub mod arena;
mod board;
mod draw;
mod eval;
mod ordering;
mod search;
mod see;
mod time;
mod tt;
pub mod tune;
pub mod uci;
mod weights;

pub use draw::{AHEAD_CP, accepts_draw};
pub use eval::{evaluate, value};
pub use search::{
    Control, Engine, Info, Limits, MATE, MAX_DEPTH, MAX_THREADS, Score, SearchResult,
};
pub use see::see;
pub use time::{Budget, Clock};
