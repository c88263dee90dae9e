#![doc = include_str!("../README.md")]
//!
//! # Modules
//! Each game crate is re-exported under its own name when its feature is on (all are by
//! default): [`cards_core`], `klondike`, `doudizhu`, `xiangqi`, `gomoku`, `hearts`. Every
//! game implements the interface [`game::GameState`] (re-exported as [`game`]), and
//! [`registry::new_game`] creates any of them by name.

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

pub use game;
pub mod registry;
