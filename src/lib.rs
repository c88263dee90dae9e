#![doc = include_str!("../README.md")]
//!
//! # Modules
//! Each game crate is re-exported under its own name when its feature is on (all are by
//! default): [`cards_core`], `klondike`, `doudizhu`, `xiangqi`, `gomoku`, `hearts`.

#[cfg(feature = "cards-core")]
pub use cards_core;

#[cfg(feature = "doudizhu")]
pub use doudizhu;

#[cfg(feature = "klondike")]
pub use klondike;

#[cfg(feature = "gomoku")]
pub use gomoku;

#[cfg(feature = "hearts")]
pub use hearts;

#[cfg(feature = "xiangqi")]
pub use xiangqi;
