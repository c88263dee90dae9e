//! Per-game observation encodings (see each module for its layout and its source).

pub mod board;
pub mod doudizhu;
pub mod hearts;
pub mod klondike;
