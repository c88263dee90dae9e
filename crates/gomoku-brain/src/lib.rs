//! A Gomoku brain (placeholder docs, replaced below).

mod board;
mod patterns;

pub use board::{Cell, SearchBoard};
pub use patterns::{Pattern, Summary};
