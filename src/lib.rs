//! # parlor
//!
//! Rules engines for classic games, re-exported from one facade. Each game is a cargo feature
//! (all on by default) and a module here; the crates can also be used on their own.
//!
//! ```
//! use parlor::cards_core::{Deck, CardSet};
//!
//! let deck = Deck::standard52().shuffled(1);
//! assert_eq!(deck.iter().copied().collect::<CardSet>(), CardSet::STANDARD);
//! ```

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
