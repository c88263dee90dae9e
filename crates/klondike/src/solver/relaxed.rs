//! A relaxed game that proves deals lost fast: it forgets where the face-up tableau cards lie.
//!
//! # The relaxation
//! A relaxed position keeps the foundations, the talon, and for each pile how many of its
//! *structure* cards are still in place: the face-down cards of the root position and the card
//! lying on them (the surface card). Nothing can ever be put between a face-down card and the
//! card on it, so the surface card of a pile with `s` structure cards left is always structure
//! card `s - 1`. Every other card not on the foundations, in the talon or face down is
//! *placed*: it lies on a card one rank higher of the other colour (a *parent*), or it is a
//! King alone at the bottom of a pile with no structure left. Which parent holds which placed
//! card is forgotten.
//!
//! So the relaxed game allows a move when *some* arrangement of the placed cards allows it. A
//! card is free (nothing on it) in some arrangement exactly when the face-up cards of its rank
//! and colour outnumber the placed cards that can lie on them (one rank lower, other colour):
//! each placed card lies on one of the two, and may lie on either. A card can land in the
//! tableau when such a free parent exists, or, for a King, when a pile is empty (piles without
//! structure outnumber the placed Kings). The relaxed moves are the images of every real move:
//!
//! - a talon card (reachable as in [`Talon::positions`]) or a foundation card to the tableau
//!   (it becomes placed) or a talon card to its foundation;
//! - a free card of the tableau to its foundation (a surface card goes: one structure card
//!   fewer);
//! - a surface card, with whatever lies on it, onto a free parent or (a King with structure
//!   under it) into an empty pile: one structure card fewer, the card below turns face up.
//!
//! Moving placed cards between piles only changes the arrangement, so it has no relaxed image.
//! (A King moving with nothing under it into another empty pile gives the same position with
//! two piles swapped, so it is left out.)
//!
//! # Why "relaxed lost" means lost
//! Every real position maps to one relaxed position, and every real move to a relaxed move
//! (or to nothing, when only the arrangement changes): the real position is itself an
//! arrangement that allows the move. Turning the stock only changes the waste position and
//! commutes with every other move, so a winning line can be rewritten to turn cards only just
//! before playing one, which the talon steps cover. So a real winning line maps to a relaxed
//! winning line, and an exhaustive relaxed search that finds none proves the position lost.
//! The converse does not hold (a relaxed win may need two arrangements at once), so a relaxed
//! win proves nothing, and the search stops there.
//!
//! The search keeps the exact search's dominance rule: a safe card (see [`State::is_safe`]) goes
//! up without alternatives, and a foundation card that would be safe to send straight back is
//! never brought down. The proof carries over: the low cards it rests on are all on the
//! foundations, so deleting the moves of the card and of low cards from a relaxed winning line
//! leaves one. The card no longer counts among the visible or placed cards, which only frees
//! its parent (one placed card fewer on it) or a pile (a King), and the cards it could hold or
//! rely on are low.
//!
//! The relaxed key is exact (foundations, structure counts, the talon's cards, waste position
//! and passes left fit in 128 bits), and relaxed positions are few, so this search is a cheap
//! first answer for lost deals, which the exact search can only prove by exhausting every real
//! position.

use super::search::Table;
use super::state::{State, fits, is_safe, rank, red, suit};
use super::talon::{MAX_TALON, Talon};
use crate::PILES;

/// The most structure cards a pile has: six face-down cards and the one on them.
const MAX_STRUCTURE: usize = 7;
/// The most relaxed moves from one position: foundation cards down, talon cards to the tableau
/// and up, surface cards, tableau cards up.
const MAX_CHILDREN: usize = 4 + 2 * MAX_TALON + PILES + 4;
/// Every card's bit (card bytes 4 to 55).
const ALL_CARDS: u64 = ((1 << 56) - 1) & !0xF;
/// The four Kings' bits.
const KINGS: u64 = 0xF << 52;

/// The two cards of `c`'s rank and colour (`c` and its twin).
const fn twins(c: u8) -> u64 {
    (if red(c) { 0b0110 } else { 0b1001 }) << (rank(c) << 2)
}

/// The two cards one rank lower than `c` of the other colour: those that can lie on it.
const fn children(c: u8) -> u64 {
    (if red(c) { 0b1001 } else { 0b0110 }) << ((rank(c) - 1) << 2)
}

/// The two cards one rank higher than `c` of the other colour: those it can lie on.
const fn parents(c: u8) -> u64 {
    (if red(c) { 0b1001u64 } else { 0b0110 }) << ((rank(c) + 1) << 2)
}

/// A relaxed position. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Relaxed {
    talon: Talon,
    /// The talon's cards as bits.
    talon_set: u64,
    found: [u8; 4],
    /// Structure cards still in place, by pile.
    structure: [u8; PILES],
}

impl Relaxed {
    /// The exact key: foundations (16 bits), structure counts (21), talon key bits (16) and
    /// the talon's cards (bits 4 to 55 of the card set).
    fn key(&self) -> u128 {
        let mut key = u128::from(u32::from_le_bytes(self.found));
        for (i, &s) in self.structure.iter().enumerate() {
            key |= u128::from(s) << (32 + 3 * i);
        }
        key | u128::from(self.talon.key_bits()) << 53 | u128::from(self.talon_set) << 72
    }
}

/// How the relaxed search ended a slice.
pub(crate) enum Outcome {
    /// Every relaxed position was explored without a win: the real position is lost.
    Lost,
    /// A relaxed win was found: nothing is proved.
    Inconclusive,
    /// The slice ran out.
    Paused,
}

/// The relaxed search, resumable in slices.
#[derive(Default)]
pub(crate) struct Prover {
    /// The root's structure cards by pile, bottom first.
    cards: [[u8; MAX_STRUCTURE]; PILES],
    /// `hidden[i][s]`: the face-down cards of pile `i` when `s` structure cards are left.
    hidden: [[u64; MAX_STRUCTURE + 1]; PILES],
    foundation_to_tableau: bool,
    visited: Table,
    stack: Vec<Relaxed>,
    /// Relaxed positions generated since the start.
    pub(crate) nodes: u64,
}

impl Prover {
    /// Starts a relaxed search of `root`. Returns false (and searches nothing) when a pile's
    /// face-up cards are not a run, which no legal play produces but a hand-made setup can.
    pub(crate) fn start(&mut self, root: &State) -> bool {
        self.visited.clear();
        self.stack.clear();
        self.nodes = 0;
        let mut structure = [0; PILES];
        for (i, slot) in structure.iter_mut().enumerate() {
            let pile = root.pile(i);
            let down = root.face_down(i);
            if pile.windows(2).skip(down).any(|w| !fits(w[1], w[0])) {
                return false;
            }
            let count = if pile.is_empty() { 0 } else { down + 1 };
            self.cards[i] = [0; MAX_STRUCTURE];
            self.cards[i][..count].copy_from_slice(&pile[..count]);
            *slot = count as u8;
            let mut below = 0;
            self.hidden[i][0] = 0;
            for s in 1..=MAX_STRUCTURE {
                self.hidden[i][s] = below;
                below |= 1 << self.cards[i][s - 1];
            }
        }
        self.foundation_to_tableau = root.foundation_to_tableau();
        let talon = root.talon;
        let root = Relaxed {
            talon,
            talon_set: talon.cards().iter().fold(0, |set, &c| set | 1 << c),
            found: root.foundations(),
            structure,
        };
        self.visited.insert(root.key());
        self.stack.push(root);
        true
    }

    /// Searches on for at most `nodes` more relaxed positions.
    pub(crate) fn resume(&mut self, nodes: u64) -> Outcome {
        let stop = self.nodes + nodes;
        let mut children = [None; MAX_CHILDREN];
        while let Some(position) = self.stack.pop() {
            if self.nodes >= stop {
                self.stack.push(position);
                return Outcome::Paused;
            }
            if position.found == [13; 4]
                || (position.talon.len == 0 && position.structure.iter().all(|&s| s <= 1))
            {
                return Outcome::Inconclusive;
            }
            let count = self.children(&position, &mut children);
            for child in children[..count].iter().flatten() {
                self.nodes += 1;
                if self.visited.insert(child.key()) {
                    self.stack.push(*child);
                }
            }
        }
        Outcome::Lost
    }

    /// Writes the relaxed positions one move away into `out` and returns how many.
    fn children(&self, p: &Relaxed, out: &mut [Option<Relaxed>]) -> usize {
        let found_set = (0..4).fold(0u64, |set, s| {
            set | (1..=p.found[s]).fold(0, |bits, r| bits | 1 << ((r << 2) | s as u8))
        });
        let mut hidden = 0;
        let mut surfaces = 0;
        for i in 0..PILES {
            let s = p.structure[i] as usize;
            hidden |= self.hidden[i][s];
            if s > 0 {
                surfaces |= 1 << self.cards[i][s - 1];
            }
        }
        let visible = ALL_CARDS & !found_set & !p.talon_set & !hidden;
        let placed = visible & !surfaces;
        let empty: u32 = p.structure.iter().map(|&s| u32::from(s == 0)).sum();
        let empty = empty > (placed & KINGS).count_ones();
        let free = |c: u8| (visible & twins(c)).count_ones() > (placed & children(c)).count_ones();
        let lands = |c: u8| {
            if rank(c) == 13 {
                empty
            } else {
                (visible & parents(c)).count_ones() > (placed & twins(c)).count_ones()
            }
        };
        let fits_up = |c: u8| rank(c) == p.found[suit(c)] + 1;
        // A free tableau card to its foundation.
        let up = |c: u8| {
            let mut child = *p;
            child.found[suit(c)] += 1;
            if surfaces & (1 << c) != 0 {
                for i in 0..PILES {
                    let s = child.structure[i] as usize;
                    if s > 0 && self.cards[i][s - 1] == c {
                        child.structure[i] -= 1;
                    }
                }
            }
            child
        };
        let next_up = |s: usize| (p.found[s] < 13).then(|| ((p.found[s] + 1) << 2) | s as u8);
        // Dominance, as in the exact search: a safe card goes up without alternatives.
        for c in (0..4).filter_map(next_up) {
            if visible & (1 << c) != 0 && free(c) && is_safe(p.found, c) {
                out[0] = Some(up(c));
                return 1;
            }
        }
        let talon = &p.talon;
        if talon.draw == 1 {
            let top = talon.waste.checked_sub(1).map(|pos| (pos, false));
            let any = (0..talon.len).map(|pos| (pos, pos + 1 < talon.waste));
            for (pos, recycle) in top.into_iter().chain(any.filter(|_| talon.is_set())) {
                let c = talon.cards[pos as usize];
                if is_safe(p.found, c) {
                    let mut child = *p;
                    child.talon.take(pos, recycle);
                    child.talon_set &= !(1 << c);
                    child.found[suit(c)] += 1;
                    out[0] = Some(child);
                    return 1;
                }
            }
        }
        let mut n = 0;
        let mut push = |child: Relaxed| {
            out[n] = Some(child);
            n += 1;
        };
        // Foundation cards back to the tableau (tried last: pushed first).
        if self.foundation_to_tableau {
            for s in 0..4 {
                let r = p.found[s];
                let c = (r << 2) | s as u8;
                let mut below = p.found;
                // A card the dominance rule would send straight back up is never needed down.
                if r > 0
                    && {
                        below[s] -= 1;
                        !is_safe(below, c)
                    }
                    && lands(c)
                {
                    let mut child = *p;
                    child.found[s] -= 1;
                    push(child);
                }
            }
        }
        // Talon cards.
        let mut positions = [(0, false); MAX_TALON];
        let reachable = p.talon.positions(&mut positions);
        for &(pos, recycle) in &positions[..reachable] {
            let c = p.talon.cards[pos as usize];
            let (up, down) = (fits_up(c), lands(c));
            if up || down {
                let mut child = *p;
                child.talon.take(pos, recycle);
                child.talon_set &= !(1 << c);
                if down {
                    push(child);
                }
                if up {
                    child.found[suit(c)] += 1;
                    push(child);
                }
            }
        }
        // Surface cards (and what lies on them) to the tableau: the card below turns over.
        for i in 0..PILES {
            let s = p.structure[i] as usize;
            if s == 0 {
                continue;
            }
            let c = self.cards[i][s - 1];
            let ok = if rank(c) == 13 {
                s > 1 && empty
            } else {
                lands(c)
            };
            if ok {
                let mut child = *p;
                child.structure[i] -= 1;
                push(child);
            }
        }
        // Free tableau cards to their foundations (tried first).
        for c in (0..4).filter_map(next_up) {
            if visible & (1 << c) != 0 && free(c) {
                push(up(c));
            }
        }
        n
    }
}
