#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Match`], [`Pairing`], [`Side`], [`Report`]: the schedule and the parallel run.
//! - [`GameResult`], [`Outcome`], [`Termination`]: one game's result; [`ParseOpeningsError`]:
//!   a bad line of an opening suite.
//! - [`Stats`], [`Elo`]: trinomial and pentanomial counts, score, Elo with its 95% interval.
//! - [`Sprt`], [`SprtDecision`], [`SprtError`]: the generalised sequential probability ratio test.

mod result;
mod schedule;
mod sprt;
mod stats;

pub use result::{GameResult, Outcome, ParseOpeningsError, Termination};
pub use schedule::{Match, Pairing, Report, Side};
pub use sprt::{Sprt, SprtDecision, SprtError};
pub use stats::{Elo, Stats, score_to_elo};
