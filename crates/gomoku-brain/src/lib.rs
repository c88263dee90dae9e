#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Brain`], [`Limits`], [`Thought`], [`Reason`]: the search and its answer.
//! - [`vcf()`], [`vct()`]: threat-space search on a [`SearchBoard`].
//! - [`Pattern`], [`Summary`]: line patterns and their sum at a point.
//! - [`TimeControl`], [`Clock`]: time budgets and the search clock.
//! - [`opening`]: the brain's decisions in an opening rule (swap, swap2, Soosõrv, Taraguchi).
//! - [`protocol`]: the Gomocup protocol; [`arena`]: engine matches.

pub mod arena;
mod board;
mod eval;
pub mod opening;
mod patterns;
pub mod protocol;
mod search;
mod time;
mod tt;
mod vcf;
mod weights;
mod weights_renju;

pub use board::{Cell, SearchBoard};
pub use patterns::{Pattern, Summary};
pub use search::{Brain, Limits, Reason, ThinkError, Thought, WIN};
pub use time::{Clock, TimeControl};
pub use vcf::{vcf, vct};
