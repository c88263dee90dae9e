//! The talon as the solver sees it: the waste followed by the stock in turning order, exactly
//! as [`Klondike`] keeps it, with the waste's length, the draw and the recycles left.
//!
//! Cards only ever leave the talon (no move puts one back), so within one search the talon is
//! the root's talon minus the cards played from it, in the same order.

use super::state::encode;
use crate::{Klondike, Move};

/// The talon's size (24 cards at the deal, never more).
pub(crate) const MAX_TALON: usize = 24;
/// [`Talon::recycles_left`] value meaning "no pass limit".
pub(crate) const UNLIMITED: u8 = u8::MAX;

/// The solver's talon. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Talon {
    /// Waste (bottom first) then stock (next to turn first); `len` of them are cards.
    pub(crate) cards: [u8; MAX_TALON],
    /// How many cards the talon holds.
    pub(crate) len: u8,
    /// How many of them are in the waste.
    pub(crate) waste: u8,
    /// Recycles still allowed ([`UNLIMITED`]: no limit).
    pub(crate) recycles_left: u8,
    /// Cards turned at a time.
    pub(crate) draw: u8,
}

impl Talon {
    /// The talon of a public position.
    pub(crate) fn new(position: &Klondike) -> Talon {
        let mut cards = [0; MAX_TALON];
        let waste = position.waste();
        for (slot, &card) in cards.iter_mut().zip(waste.iter().chain(position.stock())) {
            *slot = encode(card);
        }
        Talon {
            cards,
            len: (waste.len() + position.stock().len()) as u8,
            waste: waste.len() as u8,
            recycles_left: position.recycles_left().unwrap_or(UNLIMITED),
            draw: position.rules().draw.get(),
        }
    }

    /// The talon's cards.
    pub(crate) fn cards(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    /// Whether every talon card is reachable whatever the waste holds, in any order: a
    /// single-card draw with unlimited passes.
    pub(crate) fn is_set(&self) -> bool {
        self.draw == 1 && self.recycles_left == UNLIMITED
    }

    /// The talon cards that can be brought to the top of the waste before the next play:
    /// `(pos, recycle)` pairs, at most one per position, without a recycle where possible.
    ///
    /// Turning the stock without playing changes nothing but the waste position, so the solver
    /// jumps straight to the card it plays. Between two plays from the talon, a second recycle
    /// brings back exactly the arrangement of the first, so one recycle is enough, and a
    /// position reachable without a recycle is never worse than the same one reached with it
    /// (more passes left), so the recycle variant is only listed for positions the current pass
    /// cannot reach.
    pub(crate) fn positions(&self, out: &mut [(u8, bool); MAX_TALON]) -> usize {
        let len = self.len;
        let draw = self.draw;
        let mut n = 0;
        let mut seen = 0u32;
        if self.waste > 0 {
            out[n] = (self.waste - 1, false);
            n += 1;
            seen |= 1 << self.waste;
        }
        let mut p = self.waste;
        while p < len {
            p = (p + draw).min(len);
            out[n] = (p - 1, false);
            n += 1;
            seen |= 1 << p;
        }
        if self.recycles_left > 0 && len > 0 {
            let mut p = 0;
            while p < len {
                p = (p + draw).min(len);
                if seen & (1 << p) == 0 {
                    out[n] = (p - 1, true);
                    n += 1;
                }
            }
        }
        n
    }

    /// Takes out the card at `pos` (from [`positions`](Talon::positions)), turning the stock
    /// (after a recycle when `recycle`) until it is the waste's top, and returns it.
    pub(crate) fn take(&mut self, pos: u8, recycle: bool) -> u8 {
        let p = pos as usize;
        let c = self.cards[p];
        let len = self.len as usize;
        self.cards.copy_within(p + 1..len, p);
        self.cards[len - 1] = 0;
        self.len -= 1;
        self.waste = pos;
        if recycle && self.recycles_left != UNLIMITED {
            self.recycles_left -= 1;
        }
        c
    }

    /// The public moves that bring the card at `pos` to the top of the waste: `stock` × k,
    /// `recycle`, `stock` × j.
    pub(crate) fn expand(&self, pos: u8, recycle: bool, out: &mut Vec<Move>) {
        let draw = self.draw;
        let mut waste = self.waste;
        if recycle {
            let turns = (self.len - waste).div_ceil(draw);
            out.extend(std::iter::repeat_n(Move::Stock, turns as usize));
            out.push(Move::Recycle);
            waste = 0;
        }
        let turns = (pos + 1 - waste).div_ceil(draw);
        out.extend(std::iter::repeat_n(Move::Stock, turns as usize));
    }

    /// The talon's part of a position key, given that its cards are known from the rest of
    /// the position: the waste position (left out when the talon [is a set](Talon::is_set))
    /// and the recycles left.
    pub(crate) fn key_bits(&self) -> u64 {
        let waste = if self.is_set() { 0 } else { self.waste };
        u64::from(waste) | u64::from(self.recycles_left) << 8
    }
}
