//! The solver's position: Klondike with the arrangement of the face-up cards forgotten, and
//! why that forgets nothing that matters.
//!
//! # The board
//! A card is one byte, `rank << 2 | suit` (rank 1..=13 with Ace = 1, suit as
//! [`Suit::index`]), and a set of cards is a `u64` with that bit set. A [`Board`] keeps the
//! foundation heights, the [talon](Talon), and for each pile how many of its *structure* cards
//! are still in place: the face-down cards of the root position and the face-up card lying on
//! them (the *surface* card). Nothing can ever be put between a face-down card and the card on
//! it, so the surface card of a pile with `s` structure cards left is always structure card
//! `s - 1` of the root (kept in the [`Layout`]). Every other card in the tableau is *placed*:
//! it lies on a card one rank higher of the other colour (a *parent*), or it is a King at the
//! bottom of a pile with no structure left. Which parent holds which placed card is forgotten:
//! a board stands for every arrangement of the placed cards.
//!
//! A card is free (nothing on it) in some arrangement exactly when the visible cards of its
//! rank and colour outnumber the placed cards that can lie on them (one rank lower, other
//! colour): each of those lies on one of the two, and may lie on either. A card can land in
//! the tableau when such a free parent exists, or, for a King, when a pile is empty (piles
//! without structure outnumber the placed Kings). The board's moves ([`Play`]) are:
//!
//! - a free card of the tableau to its foundation (a surface card going up leaves one
//!   structure card fewer);
//! - a surface card, with whatever lies on it, onto a free parent or (a King with structure
//!   under it) into an empty pile: one structure card fewer, the card below turns face up;
//! - a talon card (reachable as in [`Talon::reachable`]) to its foundation or onto the tableau;
//! - a foundation card back onto the tableau, when the rules allow it.
//!
//! Moving placed cards between piles only changes the arrangement, so it is no move here. (A
//! King moving with nothing under it into another empty pile gives the same board.)
//!
//! # Why this is exact
//! *Every real line maps to a board line.* Every real position maps to one board, and every
//! real move to a play (or to nothing, when only the arrangement changes): the real position
//! is itself an arrangement that allows it. Turning the stock only changes where the waste
//! ends and commutes with every other move, so a winning line can be rewritten to turn cards
//! only just before playing one, which the talon plays cover. So if no board line wins, no
//! real line does.
//!
//! *Every board line maps to a real line* ([`realize`](super::realize)): from any real
//! position of a board, each play is legal after at most one move of placed cards.
//! - A free card `c` to its foundation: if something lies on `c`, it is a placed card `x`, so
//!   `c`'s twin (same rank and colour) is visible with nothing on it (two visible cards of the
//!   type, at most one placed card on them): `x` and the run on it move onto the twin, and `c`
//!   is on top.
//! - A card landing on the tableau (from the talon, from a foundation, or a surface card with
//!   its run): some visible parent has nothing on it (visible parents outnumber the placed
//!   cards that can lie on them), so it is a pile top; it is never in the moving run (those
//!   ranks are lower). An empty pile is a pile without structure and without a placed King.
//!
//! So the board game wins exactly when the real game does, and the search runs on boards:
//! far fewer positions than real ones, no pile contents to copy, and exact keys.
//!
//! # Dominance
//! A card that is safe to send up ([`is_safe`]) goes up without alternatives, and a foundation
//! card that would be safe to send straight back is never brought down. With a single-card
//! draw, the same holds for the waste's top, and for any talon card when the talon
//! [is a set](Talon::is_set) (every card stays reachable whatever the waste holds). Waste cards
//! are never forced with a draw of more than one: taking a card out of the talon regroups the
//! later turns, which can hide cards a line needed. A safe talon card never goes into the
//! tableau (going up leaves the same talon).
//!
//! # Waiting
//! A card put into the tableau from a foundation, or from a talon that is a set, must be of
//! use at once (see `Board::usable`): else a shortest winning line could have played it later.

use cards_core::{Card, Rank, Suit};

use super::talon::{MAX_TALON, Talon};
use crate::{Klondike, PILES};

/// A card's rank, 1 (Ace) to 13 (King).
#[inline]
pub(crate) const fn rank(c: u8) -> u8 {
    c >> 2
}

/// A card's suit index (`Suit::index`: clubs, diamonds, hearts, spades).
#[inline]
pub(crate) const fn suit(c: u8) -> usize {
    (c & 3) as usize
}

/// Whether a card is red (diamonds or hearts).
#[inline]
const fn red(c: u8) -> bool {
    matches!(c & 3, 1 | 2)
}

/// Whether `c` goes on `onto` in the tableau.
#[inline]
pub(crate) const fn fits(c: u8, onto: u8) -> bool {
    rank(c) + 1 == rank(onto) && red(c) != red(onto)
}

/// The card of the same rank and colour (clubs and spades, diamonds and hearts).
#[inline]
pub(crate) const fn twin(c: u8) -> u8 {
    (c & !3) | (3 - (c & 3))
}

/// A card's bit in a card set.
#[inline]
const fn bit(c: u8) -> u64 {
    1 << c
}

/// The four Kings' bits.
const KINGS: u64 = 0xF << 52;

/// The clubs' bits, Ace to King (shifted by a suit index: that suit's).
const RANK_BITS: u64 = 0x0011_1111_1111_1110;

/// The two cards of `c`'s rank and colour (`c` and its twin).
#[inline]
const fn twins(c: u8) -> u64 {
    (if red(c) { 0b0110 } else { 0b1001 }) << (rank(c) << 2)
}

/// The two cards one rank lower than `c` of the other colour: those that can lie on it.
#[inline]
const fn children(c: u8) -> u64 {
    (if red(c) { 0b1001 } else { 0b0110 }) << ((rank(c) - 1) << 2)
}

/// The two cards one rank higher than `c` of the other colour: those it can lie on.
#[inline]
const fn parents(c: u8) -> u64 {
    (if red(c) { 0b1001u64 } else { 0b0110 }) << ((rank(c) + 1) << 2)
}

/// Whether `c` is safe to send up on foundations of heights `found` (by suit index), a
/// dominance rule: the search then plays it without trying alternatives. True when `c` fits
/// its foundation (its suit is at `rank - 1`), both foundations of the other colour reach
/// `rank - 2` and the other foundation of its colour reaches `rank - 3` (so Aces and 2s are
/// always safe). lonelybot's dominance mask uses the same bounds; until session 8 this
/// solver used the tighter `rank - 1` and `rank - 2`.
///
/// Proof. Call *low* (the set `Λ`) the cards of the other colour up to `rank - 1`, of `c`'s
/// suit up to `rank`, and of the other suit of its colour up to `rank - 2`. Three facts:
/// - a card that fits on a low card is low (on a card of the other colour of rank at most
///   `rank - 1` lie cards of `c`'s colour of rank at most `rank - 2`, on `c` cards of the
///   other colour of rank `rank - 1`, and so on down), so in the tableau a low card only ever
///   holds low cards, and a card that is not low never lies on one;
/// - each suit's low cards are its lowest ones;
/// - every low card that is not on its foundation has the card under it (same suit, one rank
///   lower) on its foundation: that is what the heights say (the other colour's suits hold
///   everything below their low cards of rank `rank - 1`, the other suit of `c`'s colour
///   everything below its `rank - 2`, `c`'s suit everything below `c`).
///
/// Take any winning line `L` from the position, and build a line `L'` from the position with
/// `c` up: every move of a low card in `L` is left out (a low card on a foundation stays up;
/// one brought down in `L` stays up), and every low card of `L'` goes up as soon as it is face
/// up in the tableau or `L` takes it from the talon (it fits, by the third fact, since low
/// cards never come down in `L'`; it is free, since only low cards could lie on it, and they
/// went up first). Every other move of `L` is kept as it is. Then, move by move, `L'`'s
/// position is `L`'s with its face-up low cards on the foundations, a few cards turned face up
/// earlier, and the same talon; each kept move stays legal: its card is not low, so its target
/// is not low (first fact) and is the same top card or empty pile; a card going up finds the
/// same card under it, or a low one that `L'` sent up; a card coming down is still on top of
/// its foundation (second fact); a run moved has only low cards less on it. When `L` ends with
/// every card up, so does `L'`. So if the position wins, the position with `c` up wins too,
/// with a line no longer than `L` less one (every card that `L'` sends up went up in `L`, and
/// `c`'s own move up is in `L` too): sending `c` up at once loses nothing. The same deletion
/// shows that bringing down a card that would be safe again at once, or playing a safe talon
/// card into the tableau instead of up, never shortens a line. For `c` on the waste's top
/// with a single-card draw, `L'`'s talon is `L`'s without `c`: `L'` turns the same cards but
/// skips `c`'s turn, and `L` only ever plays the waste's top while `c` is on it by playing `c`
/// (a low card, left out); in a talon that is a set, order does not matter at all.
pub(crate) fn is_safe(found: [u8; 4], c: u8) -> bool {
    let r = rank(c);
    if r != found[suit(c)] + 1 {
        return false;
    }
    let (a, b) = if red(c) { (0, 3) } else { (1, 2) }; // the other colour's suits
    found[a] + 2 >= r && found[b] + 2 >= r && found[suit(twin(c))] + 3 >= r
}

/// The solver's byte for a public card (standard cards only).
pub(crate) fn encode(card: Card) -> u8 {
    let rank = card.rank().map_or(0, Rank::ace_low);
    let suit = card.suit().map_or(0, Suit::index);
    (rank << 2) | suit as u8
}

/// The most structure cards in a pile (a hand-made setup can stack every card in one).
const MAX_STRUCTURE: usize = 52;

/// What stays fixed during a search: the root's structure cards and talon cards, and how
/// keys are packed.
#[derive(Clone)]
pub(crate) struct Layout {
    /// Each pile's structure cards, bottom first.
    structure: [[u8; MAX_STRUCTURE]; PILES],
    /// The root's talon cards by number (waste bottom first, then the stock in turning order).
    pub(crate) talon: [u8; MAX_TALON],
    /// Whether the rules let foundation cards come back to the tableau.
    foundation_to_tableau: bool,
    /// The weight of each pile's structure count in a [key](Layout::key).
    structure_weight: [u64; PILES],
    /// How many values the foundations and structure part of a key takes.
    low_radix: u64,
    /// The root's talon cards plus one: the values of the waste's end.
    boundary_radix: u64,
    /// The root's recycles left plus one.
    recycles_radix: u64,
    /// Whether every key is below `u64::MAX`.
    pub(crate) narrow: bool,
}

/// The values of one foundation height, 0 to 13.
const HEIGHTS: u64 = 14;

impl Layout {
    /// Sets the key packing for a search from `root`.
    fn pack(&mut self, root: &Board) {
        let mut weight = HEIGHTS.pow(4);
        for (slot, &s) in self.structure_weight.iter_mut().zip(&root.structure) {
            *slot = weight;
            weight *= u64::from(s) + 1;
        }
        self.low_radix = weight;
        self.boundary_radix = u64::from(root.talon.left.count_ones()) + 1;
        self.recycles_radix = u64::from(root.talon.recycles_left()) + 1;
        let talon_radix =
            (self.boundary_radix * self.recycles_radix) << root.talon.left.count_ones();
        self.narrow = u128::from(self.low_radix) * u128::from(talon_radix) < u128::from(u64::MAX);
    }

    /// An exact key for a board of this search: foundation heights, structure counts, the
    /// talon's [key parts](Talon::key_parts) and which talon cards are left, in mixed radix
    /// (each part below its value at the root plus one), so that a deal's keys fit in 64 bits.
    pub(crate) fn key(&self, board: &Board) -> u128 {
        let found = board
            .found
            .iter()
            .rev()
            .fold(0, |k, &f| k * HEIGHTS + u64::from(f));
        let structure: u64 = (0..PILES)
            .map(|i| u64::from(board.structure[i]) * self.structure_weight[i])
            .sum();
        let (boundary, recycles) = board.talon.key_parts();
        let talon = (board.talon.left * self.recycles_radix + u64::from(recycles))
            * self.boundary_radix
            + u64::from(boundary);
        u128::from(found + structure) + u128::from(self.low_radix) * u128::from(talon)
    }
}

/// A move on the board (see the module documentation), in the order the search tries them
/// when several apply: cards up, surface cards, talon cards, foundation cards down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Play {
    /// A free tableau card (its byte) to its foundation.
    Up(u8),
    /// Pile `i`'s surface card, with whatever lies on it, onto a free parent or (a King) into
    /// an empty pile.
    Reveal(u8),
    /// Talon card `number` ([`Layout::talon`]), brought to the top of the waste (after a
    /// recycle when `recycle`), to its foundation (`up`) or onto the tableau.
    Talon { number: u8, recycle: bool, up: bool },
    /// The top card of a foundation (suit index) onto the tableau.
    Down(u8),
}

/// The most plays from one board: cards up and down, surface cards, two per talon card.
pub(crate) const MAX_PLAYS: usize = 4 + 4 + PILES + 2 * MAX_TALON;

/// The solver's position. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) talon: Talon,
    /// Cards on each foundation, by suit index.
    found: [u8; 4],
    /// Structure cards still in place, by pile.
    structure: [u8; PILES],
    /// The face-up tableau cards (placed and surface cards).
    visible: u64,
    /// The surface cards.
    surfaces: u64,
    /// The structure cards under the surface cards.
    face_down: u64,
}

impl Board {
    /// The board of a public position, with the layout it is read against.
    pub(crate) fn new(position: &Klondike) -> (Layout, Board) {
        let mut layout = Layout {
            structure: [[0; MAX_STRUCTURE]; PILES],
            talon: [0; MAX_TALON],
            foundation_to_tableau: position.rules().foundation_to_tableau,
            structure_weight: [0; PILES],
            low_radix: 0,
            boundary_radix: 0,
            recycles_radix: 0,
            narrow: false,
        };
        let talon = position.waste().iter().chain(position.stock());
        for (slot, &card) in layout.talon.iter_mut().zip(talon) {
            *slot = encode(card);
        }
        let mut board = Board {
            talon: Talon::new(position),
            found: Suit::ALL.map(|suit| position.foundation_len(suit)),
            structure: [0; PILES],
            visible: 0,
            surfaces: 0,
            face_down: 0,
        };
        for i in 0..PILES {
            let pile = position.pile(i);
            let down = position.face_down(i);
            if pile.is_empty() {
                continue;
            }
            for (slot, &card) in layout.structure[i].iter_mut().zip(&pile[..=down]) {
                *slot = encode(card);
            }
            board.structure[i] = down as u8 + 1;
            board.surfaces |= bit(encode(pile[down]));
            board.face_down |= pile[..down]
                .iter()
                .fold(0, |set, &card| set | bit(encode(card)));
            for &card in &pile[down..] {
                board.visible |= bit(encode(card));
            }
            board.settle(&layout, i);
        }
        layout.pack(&board);
        (layout, board)
    }

    /// The same board under relaxed rules (one card turned at a time, unlimited passes), with
    /// its layout, unless the rules are already as loose: every line of the real rules is a
    /// line of the relaxed ones, so a board lost under them is lost (see the `search` module).
    pub(crate) fn relaxed(&self, layout: &Layout) -> Option<(Layout, Board)> {
        if self.talon.is_set() {
            return None;
        }
        let mut board = *self;
        board.talon = self.talon.as_set();
        let mut layout = layout.clone();
        layout.pack(&board);
        Some((layout, board))
    }

    /// Whether some structure cards can never leave their places, so the game is lost: the
    /// search would have to exhaust every other board to find out.
    ///
    /// The check finds the largest set `S` of structure cards, closed downwards in each pile,
    /// where each card is stuck given `S`: it cannot go up (a lower card of its suit is in
    /// `S`), it has no parent to land on (each lies under a card of `S`, or is on a foundation
    /// that cards cannot leave), and it is no King. Starting from every structure card, the
    /// top card of `S` in a pile leaves `S` while it has such a way out, until nothing changes.
    ///
    /// Why a non-empty `S` means lost: in a winning line every card of `S` leaves its place;
    /// take the first one to leave. The cards above it left before, so none of them is in
    /// `S`; it goes up (then the lower cards of its suit left their places before it, so none
    /// is in `S`), or onto a parent (then face up, so not under a card of `S`), or it is a
    /// King: each contradicts its being stuck given `S`.
    pub(crate) fn is_stuck(&self, layout: &Layout) -> bool {
        let mut stuck = self.structure;
        loop {
            let mut in_s = 0u64;
            let mut under_s = 0u64;
            for (cards, &count) in layout.structure.iter().zip(&stuck) {
                for (height, &c) in cards[..count as usize].iter().enumerate() {
                    in_s |= bit(c);
                    if height + 1 < count as usize {
                        under_s |= bit(c);
                    }
                }
            }
            let mut changed = false;
            for (cards, count) in layout.structure.iter().zip(&mut stuck) {
                if *count == 0 {
                    continue;
                }
                let c = cards[*count as usize - 1];
                let s = suit(c);
                let up = (self.found[s] + 1..rank(c)).all(|r| in_s & bit((r << 2) | s as u8) == 0);
                let mut reachable_parents = parents(c) & !under_s;
                if !layout.foundation_to_tableau {
                    reachable_parents &= !self.foundation_cards();
                }
                let parent = reachable_parents != 0;
                if rank(c) == 13 || up || parent {
                    *count -= 1;
                    changed = true;
                }
            }
            if !changed {
                return stuck.iter().any(|&s| s > 0);
            }
        }
    }

    /// Whether the game is won, or the rest is a formality: nothing face down and the talon
    /// empty, so the lowest card left is always on top of its pile and fits its foundation.
    pub(crate) fn is_won(&self) -> bool {
        self.found == [13; 4] || (self.talon.is_empty() && self.structure.iter().all(|&s| s <= 1))
    }

    /// The cards on the foundations.
    fn foundation_cards(&self) -> u64 {
        (0..4).fold(0, |set, s| {
            let ranks = RANK_BITS & ((1 << ((self.found[s] + 1) << 2)) - 1);
            set | ranks << s
        })
    }

    /// The talon's cards: those neither in the tableau nor on a foundation.
    fn talon_cards(&self) -> u64 {
        (RANK_BITS * 0xF) & !(self.visible | self.face_down | self.foundation_cards())
    }

    /// The placed cards: visible cards that are not surface cards.
    fn placed(&self) -> u64 {
        self.visible & !self.surfaces
    }

    /// Whether some card of `c`'s rank and colour has nothing on it, in some arrangement.
    fn free(&self, c: u8) -> bool {
        (self.visible & twins(c)).count_ones() > (self.placed() & children(c)).count_ones()
    }

    /// Whether `c` (not visible) can land in the tableau, in some arrangement.
    fn lands(&self, c: u8) -> bool {
        if rank(c) == 13 {
            let empty: u32 = self.structure.iter().map(|&s| u32::from(s == 0)).sum();
            empty > (self.placed() & KINGS).count_ones()
        } else {
            (self.visible & parents(c)).count_ones() > (self.placed() & twins(c)).count_ones()
        }
    }

    /// The next card up on suit `s`'s foundation, if any.
    fn next_up(&self, s: usize) -> Option<u8> {
        (self.found[s] < 13).then(|| ((self.found[s] + 1) << 2) | s as u8)
    }

    /// Pile `i`'s surface card (it must have structure left).
    fn surface(&self, layout: &Layout, i: usize) -> u8 {
        layout.structure[i][self.structure[i] as usize - 1]
    }

    /// Writes the plays worth searching into `out`, the one to try first last (the search
    /// pops them): a dominance move alone if there is one (see the module documentation).
    pub(crate) fn plays(&self, layout: &Layout, out: &mut Vec<Play>) {
        out.clear();
        if let Some(forced) = self.forced(layout) {
            out.push(forced);
            return;
        }
        let mut reachable = [(0, false); MAX_TALON];
        let count = self.talon.reachable(&mut reachable);
        // A card put into the tableau from a foundation, or from a talon that is a set, must
        // have a use at once (see `usable`; any talon card counts as a user, reachable or
        // not); the last talon card may be needed to empty the talon. A talon card that
        // would wait in turn counts only if it has a use itself: its talon waits after a
        // foundation card comes down as it does now, after a talon card leaves if two are left.
        let users = self.talon_cards() | self.surfaces | self.foundation_tops(layout);
        let talon_waits = self.talon.is_set() && !self.talon.left.is_power_of_two();
        let waiting = |cards_left: u32| {
            if talon_waits && cards_left >= 2 {
                self.talon_cards()
            } else {
                0
            }
        };
        let cards = self.talon.left.count_ones();
        let (waiting_after_down, waiting_after_talon) =
            (waiting(cards), waiting(cards.saturating_sub(1)));
        if layout.foundation_to_tableau {
            for s in 0..4 {
                let r = self.found[s];
                let c = (r << 2) | s as u8;
                let mut below = self.found;
                // A card the dominance rule would send straight back up is never needed down.
                if r > 0
                    && {
                        below[s] -= 1;
                        !is_safe(below, c)
                    }
                    && self.lands(c)
                    && (self.usable(users, waiting_after_down, c)
                        || (r > 1 && self.follows_down(users, c)))
                {
                    out.push(Play::Down(s as u8));
                }
            }
        }
        // Closest first: the waste's top, the stock in turning order, then after a recycle.
        // (So after a stock turn towards a card, every play tried before it was tried before
        // it from the previous position too: following the hints of the main search makes
        // progress. A line found by a probe, in a shuffled order, has no such guarantee.)
        for &(number, recycle) in reachable[..count].iter().rev() {
            let c = layout.talon[number as usize];
            let up = self.next_up(suit(c)) == Some(c);
            // A safe card goes up rather than into the tableau (the same talon is left).
            if self.lands(c)
                && !(up && is_safe(self.found, c))
                && (!talon_waits || self.usable(users, waiting_after_talon, c))
            {
                out.push(Play::Talon {
                    number,
                    recycle,
                    up: false,
                });
            }
            if up {
                out.push(Play::Talon {
                    number,
                    recycle,
                    up: true,
                });
            }
        }
        for i in 0..PILES {
            if self.structure[i] == 0 {
                continue;
            }
            if self.lands(self.surface(layout, i)) {
                out.push(Play::Reveal(i as u8));
            }
        }
        for c in (0..4).filter_map(|s| self.next_up(s)) {
            if self.visible & bit(c) != 0 && self.free(c) {
                out.push(Play::Up(c));
            }
        }
    }

    /// Every play the board's rules allow, nothing held back (no dominance, no waiting): the
    /// naive generator the tests check [`plays`](Board::plays) against.
    #[cfg(test)]
    pub(crate) fn every_play(&self, layout: &Layout, out: &mut Vec<Play>) {
        out.clear();
        for c in (0..4).filter_map(|s| self.next_up(s)) {
            if self.visible & bit(c) != 0 && self.free(c) {
                out.push(Play::Up(c));
            }
        }
        for i in 0..PILES {
            if self.structure[i] > 0 && self.lands(self.surface(layout, i)) {
                out.push(Play::Reveal(i as u8));
            }
        }
        let mut reachable = [(0, false); MAX_TALON];
        let count = self.talon.reachable(&mut reachable);
        for &(number, recycle) in &reachable[..count] {
            let c = layout.talon[number as usize];
            for up in [false, true] {
                if (up && self.next_up(suit(c)) == Some(c)) || (!up && self.lands(c)) {
                    out.push(Play::Talon {
                        number,
                        recycle,
                        up,
                    });
                }
            }
        }
        if layout.foundation_to_tableau {
            for s in 0..4u8 {
                let r = self.found[s as usize];
                if r > 0 && self.lands((r << 2) | s) {
                    out.push(Play::Down(s));
                }
            }
        }
    }

    /// The tops of the foundations, when they may come back to the tableau.
    fn foundation_tops(&self, layout: &Layout) -> u64 {
        if !layout.foundation_to_tableau {
            return 0;
        }
        (0..4u8)
            .filter(|&s| self.found[s as usize] > 0)
            .fold(0, |set, s| set | bit((self.found[s as usize] << 2) | s))
    }

    /// Whether card `c`, put into the tableau from the talon or a foundation, can be used by
    /// the very next play: a card that could lie on it lands (from `users`: the talon's
    /// cards, the surface cards, the foundation tops; a card of `waiting`, talon cards whose
    /// landing would wait in turn, only if it has such a use itself), or its twin goes up
    /// (which `c` keeps free).
    ///
    /// A play that puts `c` into the tableau from a foundation, or from a talon that [is a
    /// set](Talon::is_set), with no such use is never needed: in a shortest winning line it
    /// can wait until just before the first play that needs `c` there, and the line stays
    /// legal and as short.
    /// - `c` stays reachable meanwhile: every card of such a talon is, and a foundation card
    ///   stays on top, since nothing goes up on it before that play (the next card of its
    ///   suit could only go up after it). Other talons change when a card leaves them, so
    ///   their cards are never held back.
    /// - The plays in between never needed `c` in the tableau, and `c` lands at the later
    ///   time as well: its parents are the same cards, with one fewer card of its rank and
    ///   colour lying on them.
    /// - The plays that need `c` in the tableau are those a visible `c` allows: a card that
    ///   can lie on `c` landing, and `c`'s twin going up (`c` counts as a visible card of its
    ///   type, see [`free`](Board::free)). Sending `c` itself up next is shorter straight from
    ///   where it was; the last talon card may be needed to empty the talon; a foundation
    ///   card whose suit follows it down is kept ([`follows_down`](Board::follows_down)).
    /// - No play needs two waiting cards at once (a card lands on one parent; a card of its
    ///   type lying on two new parents would have needed one of them first). So a shortest
    ///   winning line can be rewritten, taking each time the last waiting play not followed
    ///   at once by a play that needs it and moving it to just before the first such play,
    ///   until every waiting play is followed at once by a play that needs it: a move leaves
    ///   the plays after the new place as they were, and those it shifts one place earlier
    ///   with their followers (no follower needs two waiting cards), so the last bad place
    ///   only moves earlier. Then the first play of the line is kept: if it waits, the next
    ///   play needs its card; if that next play is a talon card landing on it that waits in
    ///   turn, the play after needs that card, so it has a use itself, which the board before
    ///   both plays already shows (the cards that lie on it, and its twin, are neither `c`
    ///   nor changed by `c`'s play). (A reveal is never held back this way: a card may need
    ///   two reveals, one to turn it up and one to turn up its parent.)
    fn usable(&self, users: u64, waiting: u64, c: u8) -> bool {
        let t = twin(c);
        let kids = children(c) & users;
        if kids & !waiting != 0 || (self.visible & bit(t) != 0 && self.next_up(suit(t)) == Some(t))
        {
            return true;
        }
        let mut waiting_kids = kids & waiting;
        while waiting_kids != 0 {
            let x = waiting_kids.trailing_zeros() as u8;
            waiting_kids &= waiting_kids - 1;
            if self.usable(users, 0, x) {
                return true;
            }
        }
        false
    }

    /// Whether, after foundation card `c` comes down, the card under it could follow (a
    /// parent of it is in the tableau or among `users`, which may land first): the one play
    /// of its suit that differs if `c` waits.
    fn follows_down(&self, users: u64, c: u8) -> bool {
        (self.visible | users) & parents(c - 4) != 0
    }

    /// The dominance move, if any: a safe free tableau card up, or with a single-card draw a
    /// safe waste top (or, when the talon is a set, any safe talon card).
    fn forced(&self, layout: &Layout) -> Option<Play> {
        for c in (0..4).filter_map(|s| self.next_up(s)) {
            if self.visible & bit(c) != 0 && self.free(c) && is_safe(self.found, c) {
                return Some(Play::Up(c));
            }
        }
        let talon = &self.talon;
        let safe = |number: u8| is_safe(self.found, layout.talon[number as usize]);
        let up = |number: u8, recycle: bool| Play::Talon {
            number,
            recycle,
            up: true,
        };
        let top = talon.waste_top();
        if talon.draws_one() {
            if let Some(top) = top.filter(|&t| safe(t)) {
                return Some(up(top, false));
            }
            if talon.is_set() {
                let mut left = talon.left;
                while left != 0 {
                    let number = left.trailing_zeros() as u8;
                    left &= left - 1;
                    if safe(number) {
                        // Cards under the waste's top need a recycle; the stock's do not.
                        return Some(up(number, top.is_some_and(|t| number < t)));
                    }
                }
            }
        }
        None
    }

    /// Plays `play` (from [`plays`](Board::plays)).
    pub(crate) fn apply(&mut self, layout: &Layout, play: Play) {
        match play {
            Play::Up(c) => {
                self.found[suit(c)] += 1;
                self.visible &= !bit(c);
                // A surface card going up uncovers the card under it.
                if self.surfaces & bit(c) != 0
                    && let Some(i) =
                        (0..PILES).find(|&i| self.structure[i] > 0 && self.surface(layout, i) == c)
                {
                    self.uncover(layout, i);
                }
            }
            Play::Reveal(i) => self.uncover(layout, i as usize),
            Play::Talon {
                number,
                recycle,
                up,
            } => {
                let c = layout.talon[number as usize];
                self.talon.take(number, recycle);
                if up {
                    self.found[suit(c)] += 1;
                } else {
                    self.visible |= bit(c);
                }
            }
            Play::Down(s) => {
                let c = (self.found[s as usize] << 2) | s;
                self.found[s as usize] -= 1;
                self.visible |= bit(c);
            }
        }
    }

    /// Pile `i`'s surface card stops being structure (it went up, or it is placed now); the
    /// structure card under it, if any, turns face up as the new surface card.
    fn uncover(&mut self, layout: &Layout, i: usize) {
        let c = self.surface(layout, i);
        self.surfaces &= !bit(c);
        self.structure[i] -= 1;
        if self.structure[i] > 0 {
            let below = self.surface(layout, i);
            self.face_down &= !bit(below);
            self.surfaces |= bit(below);
            self.visible |= bit(below);
            self.settle(layout, i);
        }
    }

    /// Everything the board says, with talon cards by byte (waste, then stock) instead of by
    /// number, so that boards read against different layouts compare.
    #[cfg(test)]
    pub(crate) fn summary(&self, layout: &Layout) -> impl PartialEq + std::fmt::Debug {
        let (waste, stock, recycles) = self.talon.cards(&layout.talon);
        (
            self.found,
            self.structure,
            self.visible,
            self.surfaces,
            self.face_down,
            self.talon_cards(),
            waste,
            stock,
            recycles,
        )
    }

    /// One board for one position: a King at the bottom of pile `i` with nothing under it
    /// counts as placed, not as structure (it acts the same either way; moving it into another
    /// empty pile would gain nothing, so it never moves but up).
    fn settle(&mut self, layout: &Layout, i: usize) {
        let c = self.surface(layout, i);
        if self.structure[i] == 1 && rank(c) == 13 {
            self.surfaces &= !bit(c);
            self.structure[i] = 0;
        }
    }
}
