//! From a winning board line back to public moves: each [`Play`] becomes at most one move of
//! placed cards and its real move (see "Why this is exact" in the `board` module), stock
//! turns and recycles included, played through the rules engine as they are chosen.

use cards_core::Suit;

use super::board::{Layout, Play, encode, fits, rank, twin};
use super::talon::MAX_TALON;
use crate::{Klondike, Move, PILES};

/// The public moves that play `plays` from `start` and then finish the game. `None` only if
/// some move is illegal, which the exactness argument rules out.
pub(crate) fn realize(
    start: &Klondike,
    layout: &Layout,
    plays: impl IntoIterator<Item = Play>,
) -> Option<Vec<Move>> {
    let mut line = Line::new(start);
    for play in plays {
        line.realize(layout, play)?;
    }
    line.finish()?;
    Some(line.moves)
}

/// A position and the public moves that led to it, every one checked by [`Klondike::play`].
pub(crate) struct Line {
    pub(crate) position: Klondike,
    pub(crate) moves: Vec<Move>,
}

impl Line {
    pub(crate) fn new(start: &Klondike) -> Line {
        Line {
            position: *start,
            moves: Vec::new(),
        }
    }

    /// Finishes a won board: the lowest card left goes up, again and again.
    fn finish(&mut self) -> Option<()> {
        while !self.position.is_won() {
            let from = (0..PILES).find(|&i| {
                self.position
                    .pile(i)
                    .last()
                    .is_some_and(|&card| self.position.fits_foundation(card))
            })?;
            self.play(Move::PileToFoundation(from as u8))?;
        }
        Some(())
    }

    fn play(&mut self, mv: Move) -> Option<()> {
        self.position.play(mv).ok()?;
        self.moves.push(mv);
        Some(())
    }

    /// The byte of pile `i`'s top card.
    fn top(&self, i: usize) -> Option<u8> {
        self.position.pile(i).last().map(|&card| encode(card))
    }

    /// A pile where card `c` can land: an empty one for a King, else one topped by a parent.
    fn landing(&self, c: u8) -> Option<u8> {
        let to = (0..PILES).find(|&i| match self.top(i) {
            None => rank(c) == 13,
            Some(onto) => fits(c, onto),
        })?;
        Some(to as u8)
    }

    /// Plays `play`: at most one move of placed cards, then its real move.
    pub(crate) fn realize(&mut self, layout: &Layout, play: Play) -> Option<()> {
        match play {
            Play::Up(c) => {
                let (from, at) = (0..PILES).find_map(|i| {
                    let at = self.position.pile(i).iter().position(|&x| encode(x) == c)?;
                    Some((i, at))
                })?;
                let above = self.position.pile(from).len() - at - 1;
                if above > 0 {
                    // The run on `c` moves onto its twin, which has nothing on it.
                    let to = (0..PILES).find(|&i| self.top(i) == Some(twin(c)))?;
                    self.play(Move::PileToPile {
                        from: from as u8,
                        count: above as u8,
                        to: to as u8,
                    })?;
                }
                self.play(Move::PileToFoundation(from as u8))
            }
            Play::Reveal(from) => {
                let pile = self.position.pile(from as usize);
                let down = self.position.face_down(from as usize);
                let to = self.landing(encode(pile[down]))?;
                let count = (pile.len() - down) as u8;
                self.play(Move::PileToPile { from, count, to })
            }
            Play::Talon { number, up, .. } => {
                // Turn (and recycle) until the card is on top: the board chose the recycle
                // only if the current pass cannot bring it.
                let c = layout.talon[number as usize];
                for _ in 0..=2 * MAX_TALON {
                    if self.position.waste_top().map(encode) == Some(c) {
                        break;
                    }
                    let turn = if self.position.stock().is_empty() {
                        Move::Recycle
                    } else {
                        Move::Stock
                    };
                    self.play(turn)?;
                }
                if self.position.waste_top().map(encode) != Some(c) {
                    return None;
                }
                if up {
                    self.play(Move::WasteToFoundation)
                } else {
                    let to = self.landing(c)?;
                    self.play(Move::WasteToPile(to))
                }
            }
            Play::Down(s) => {
                let suit = Suit::from_index(s as usize)?;
                let card = self.position.foundation_top(suit)?;
                let to = self.landing(encode(card))?;
                self.play(Move::FoundationToPile { suit, to })
            }
        }
    }
}
