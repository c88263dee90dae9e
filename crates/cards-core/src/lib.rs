#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Card`], [`Suit`], [`Rank`], [`Color`]: the vocabulary, with text and glyph forms.
//! - [`CardSet`]: bitset of cards; [`Pile`]: ordered cards; [`Deck`]: decks and dealing.
//! - [`seeded_rng`], [`shuffle`]: reproducible randomness.
//! - [`Seat`], [`BySeat`]: players at a table.
//! - [`parse_cards`]: the list parser (accepted forms are listed in the `parse` module).

mod card;
mod deck;
mod parse;
mod pile;
mod rank;
mod seat;
mod set;
mod shuffle;
mod suit;

pub use card::Card;
pub use deck::{Deck, DuplicateCard};
pub use parse::{ParseCardError, ParseListError, parse_cards};
pub use pile::{Pile, PileFull};
pub use rank::Rank;
pub use seat::{BySeat, InvalidSeat, Seat};
pub use set::{CardSet, Iter as CardSetIter};
pub use shuffle::{GameRng, below, seeded_rng, shuffle};
pub use suit::{Color, Suit};
