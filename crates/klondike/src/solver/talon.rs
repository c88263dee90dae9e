//! The talon as the solver sees it: which of the root position's talon cards are left, where
//! the waste ends, and the recycles still allowed.
//!
//! Cards only ever leave the talon (no move puts one back), so within one search the talon is
//! the root's talon (waste then stock, in turning order, numbered from 0) minus the cards played
//! from it, in the same order: a bit set over those numbers says which are left, and the
//! waste is the part of them numbered below [`Talon::boundary`].

use crate::Klondike;

/// The most cards a talon holds (a hand-made setup can put every card there).
pub(crate) const MAX_TALON: usize = 52;

/// The solver's talon. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Talon {
    /// The root's talon cards still here, by number.
    pub(crate) left: u64,
    /// The cards left numbered below this are the waste (its top is the highest); the rest
    /// are the stock. Always just above the waste's top (0 when the waste is empty), so equal
    /// talons have equal fields.
    boundary: u8,
    /// Recycles still allowed, at most the number of cards left: each play from the talon
    /// needs at most one recycle, so a larger allowance never runs out either.
    recycles_left: u8,
    /// Cards turned at a time.
    draw: u8,
}

/// The bits of the numbers below `n`.
const fn below(n: u8) -> u64 {
    (1u64 << n) - 1
}

impl Talon {
    /// The talon of a public position; its cards, numbered, are the waste then the stock.
    pub(crate) fn new(position: &Klondike) -> Talon {
        let count = position.waste().len() + position.stock().len();
        let mut talon = Talon {
            left: below(count as u8),
            boundary: position.waste().len() as u8,
            recycles_left: position.recycles_left().unwrap_or(u8::MAX),
            draw: position.rules().draw.get(),
        };
        talon.clamp_recycles();
        talon
    }

    /// Whether every card left is played.
    pub(crate) fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// The number of the waste's top card, if any.
    pub(crate) fn waste_top(&self) -> Option<u8> {
        let waste = self.left & below(self.boundary);
        (waste != 0).then(|| 63 - waste.leading_zeros() as u8)
    }

    /// Whether the talon turns one card at a time.
    pub(crate) fn draws_one(&self) -> bool {
        self.draw == 1
    }

    /// Whether every card left is reachable whatever the waste holds, in any order: a
    /// single-card draw with a recycle to spare for every card.
    pub(crate) fn is_set(&self) -> bool {
        self.draw == 1 && u32::from(self.recycles_left) >= self.left.count_ones()
    }

    /// The same cards turned one at a time with unlimited passes: a [set](Talon::is_set).
    pub(crate) fn as_set(&self) -> Talon {
        Talon {
            draw: 1,
            recycles_left: self.left.count_ones() as u8,
            ..*self
        }
    }

    /// The cards that can be brought to the top of the waste before the next play:
    /// `(number, recycle)` pairs, at most one per card, without a recycle where possible.
    ///
    /// Turning the stock without playing changes nothing but where the waste ends, so the
    /// solver jumps straight to the card it plays. Between two plays from the talon, a second
    /// recycle brings back exactly the arrangement of the first, so one recycle is enough, and
    /// a card reachable without a recycle leaves the same talon as with one, with more
    /// recycles left, so the recycle variant is only listed for cards the current pass cannot
    /// reach.
    pub(crate) fn reachable(&self, out: &mut [(u8, bool); MAX_TALON]) -> usize {
        let mut n = 0;
        let mut seen = 0u64;
        if let Some(top) = self.waste_top() {
            out[n] = (top, false);
            n += 1;
            seen |= 1 << top;
        }
        let mut turn_tops = |cards: u64, recycle: bool, out: &mut [(u8, bool); MAX_TALON]| {
            let mut rest = cards;
            let mut turned = 0;
            while rest != 0 {
                let card = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                turned += 1;
                if (turned == self.draw || rest == 0) && seen & (1 << card) == 0 {
                    out[n] = (card, recycle);
                    n += 1;
                    seen |= 1 << card;
                }
                turned %= self.draw;
            }
        };
        turn_tops(self.left & !below(self.boundary), false, out);
        if self.recycles_left > 0 {
            turn_tops(self.left, true, out);
        }
        n
    }

    /// Takes out card `number` (from [`reachable`](Talon::reachable)), turning the stock (after
    /// a recycle when `recycle`) until it is the waste's top.
    pub(crate) fn take(&mut self, number: u8, recycle: bool) {
        self.left &= !(1 << number);
        self.boundary = number;
        self.boundary = self.waste_top().map_or(0, |top| top + 1);
        if recycle {
            self.recycles_left -= 1;
        }
        self.clamp_recycles();
    }

    /// The waste's and the stock's cards (bytes, from `numbered`) and the recycles left.
    #[cfg(test)]
    pub(crate) fn cards(&self, numbered: &[u8]) -> (Vec<u8>, Vec<u8>, u8) {
        let mut waste = Vec::new();
        let mut stock = Vec::new();
        for number in 0..64 {
            if self.left & (1 << number) != 0 {
                let pile = if number < self.boundary {
                    &mut waste
                } else {
                    &mut stock
                };
                pile.push(numbered[number as usize]);
            }
        }
        (waste, stock, self.recycles_left)
    }

    fn clamp_recycles(&mut self) {
        self.recycles_left = self.recycles_left.min(self.left.count_ones() as u8);
    }

    /// The talon's part of a key besides its cards: where the waste ends (0 when that does
    /// not matter, see [`restarts`](Talon::restarts)) and the recycles left (which tell a
    /// talon with a recycle to spare for every card apart: it has as many as cards, others
    /// fewer).
    pub(crate) fn key_parts(&self) -> (u8, u8) {
        let boundary = if self.restarts() { 0 } else { self.boundary };
        (boundary, self.recycles_left)
    }

    /// Whether this talon plays exactly as the same cards all in the stock: a recycle to spare
    /// for every card, and a waste whose length is a multiple of the draw or the whole talon
    /// (always, for a [set](Talon::is_set)).
    ///
    /// Why: with `w` cards in the waste, `w` a multiple of the draw `d`, the waste's top is
    /// card `w - 1` of the talon, and the stock turns up cards `w + d - 1`, `w + 2d - 1`, …
    /// and its last card: the tops of turns from the whole talon, as a recycle also brings.
    /// So [`reachable`](Talon::reachable) lists the same cards as with all of them in the
    /// stock, only with other recycle flags, and each [`take`](Talon::take) leaves the same
    /// talon (the recycles left are clamped to the cards left either way). With the whole
    /// talon in the waste, the top is its last card and the rest comes after a recycle: the
    /// same again.
    pub(crate) fn restarts(&self) -> bool {
        let count = self.left.count_ones();
        if u32::from(self.recycles_left) < count {
            return false;
        }
        let waste = (self.left & below(self.boundary)).count_ones();
        self.draw == 1 || waste == count || waste.is_multiple_of(u32::from(self.draw))
    }

    /// The recycles left.
    pub(crate) fn recycles_left(&self) -> u8 {
        self.recycles_left
    }
}
