//! A Gomoku brain (placeholder docs, replaced below).

pub mod arena;
mod board;
mod patterns;
pub mod protocol;
mod search;
mod time;
mod tt;
mod vcf;

pub use board::{Cell, SearchBoard};
pub use patterns::{Pattern, Summary};
pub use search::{Brain, Limits, Reason, ThinkError, Thought, WIN};
pub use time::{Clock, TimeControl};
pub use vcf::{vcf, vct};
