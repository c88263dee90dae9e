//! The solver's compact position and its macro moves ("steps").
//!
//! # Representation
//! A card is one byte, `rank << 2 | suit` (rank 1..=13 with Ace = 1, suit as
//! [`Suit::index`]), so rank, suit and colour are shifts and masks. A [`State`] is about 190
//! bytes with no heap data: the seven piles (face-down cards at the bottom, then a face-up run),
//! the talon (waste followed by the stock in turning order, exactly as [`Klondike`] keeps it),
//! the four foundation heights and the recycles still allowed. Score is not part of it: it never
//! changes what can be played.
//!
//! # Steps: the stock as a reachable-card set
//! The solver never searches single stock turns. A [`Step::Talon`] plays one card of the talon
//! directly, jumping over the stock turns (and at most one recycle) needed to bring it to the
//! top of the waste; [`Talon::positions`] lists the cards reachable that way (and says why
//! that loses nothing). [`State::expand`] turns a step back into the public
//! [`Move`]s (`stock` × k, `recycle`, `stock` × j, then the play).

use cards_core::{Card, Rank, Suit};

use super::talon::{MAX_TALON, Talon};
use crate::{Klondike, Move, PILES};

/// The most cards a pile can hold: 6 face-down cards under a King-to-Ace run.
pub(crate) const MAX_PILE: usize = 19;
/// `Step` target meaning "the foundation".
pub(crate) const FOUNDATION: u8 = 7;

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
pub(crate) const fn red(c: u8) -> bool {
    matches!(c & 3, 1 | 2)
}

/// Whether `c` goes on `onto` in the tableau.
#[inline]
pub(crate) const fn fits(c: u8, onto: u8) -> bool {
    rank(c) + 1 == rank(onto) && red(c) != red(onto)
}

/// Whether `c` is safe to send up on foundations of heights `found` ([`State::is_safe`]).
pub(crate) fn is_safe(found: [u8; 4], c: u8) -> bool {
    let r = rank(c);
    if r != found[suit(c)] + 1 {
        return false;
    }
    if r <= 2 {
        return true;
    }
    let (a, b) = if red(c) { (0, 3) } else { (1, 2) }; // other colour's suits
    let same_other = match suit(c) {
        0 => 3,
        3 => 0,
        1 => 2,
        _ => 1,
    };
    found[a] + 1 >= r && found[b] + 1 >= r && found[same_other] + 2 >= r
}

/// The solver's byte for a public card (standard cards only).
pub(crate) fn encode(card: Card) -> u8 {
    let rank = card.rank().map_or(0, Rank::ace_low);
    let suit = card.suit().map_or(0, Suit::index);
    (rank << 2) | suit as u8
}

/// The public card for a solver byte.
#[cfg(test)]
pub(crate) fn decode(c: u8) -> Card {
    let rank = Rank::from_ace_low(rank(c)).unwrap_or(Rank::Ace);
    let suit = Suit::from_index(suit(c)).unwrap_or(Suit::Clubs);
    Card::new(rank, suit)
}

/// One solver move: a public move, except that a talon play includes the stock turns and the
/// recycle that bring the card to the top of the waste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Play talon card `pos` (0-based from the bottom of the waste) to pile `to` or to its
    /// foundation (`to == FOUNDATION`), after turning the stock (and recycling first when
    /// `recycle`) until it is the waste's top.
    Talon { pos: u8, recycle: bool, to: u8 },
    /// A pile's top card to its foundation.
    PileToFoundation(u8),
    /// The top `count` cards of pile `from` onto pile `to`.
    PileToPile { from: u8, count: u8, to: u8 },
    /// A foundation's top card (suit index) onto pile `to`.
    FoundationToPile { suit: u8, to: u8 },
}

/// What the step after a postponable move must do (see the `search` module: such a move is
/// only searched when its purpose is served at once). Several fields set mean "any of them".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Need {
    /// Use this card, now the top of a pile (0: none): put a card on it, move it (alone, in a
    /// run, or to its foundation), or bring a card of its suit down from the foundation.
    pub(crate) card: u8,
    /// Put a card on the foundation of this suit index + 1 (0: none).
    pub(crate) up: u8,
    /// Put a King (or a King-based run) into an empty pile.
    pub(crate) king: bool,
    /// Any talon play.
    pub(crate) talon: bool,
}

impl Need {
    /// No constraint.
    pub(crate) const NOTHING: Need = Need {
        card: 0,
        up: 0,
        king: false,
        talon: false,
    };

    /// A 128-bit tag xored into the position key, so a constrained visit and a free visit of
    /// the same position are different table entries.
    pub(crate) fn tag(self) -> u128 {
        if self == Need::NOTHING {
            return 0;
        }
        let index = u64::from(self.card)
            | u64::from(self.up) << 8
            | u64::from(self.king) << 16
            | u64::from(self.talon) << 17;
        let a = fmix(index ^ 0x6A09_E667_F3BC_C908);
        let b = fmix(index.rotate_left(32) ^ 0xBB67_AE85_84CA_A73B);
        (u128::from(a) << 64) | u128::from(b)
    }
}

/// The solver's position. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    piles: [[u8; MAX_PILE]; PILES],
    len: [u8; PILES],
    down: [u8; PILES],
    pub(crate) talon: Talon,
    found: [u8; 4],
    foundation_to_tableau: bool,
    /// The sum of every pile's [`pile_term`](State::pile_term), kept up to date by
    /// [`apply`](State::apply): the tableau's part of the [`key`](State::key).
    tableau: [u64; 2],
}

impl State {
    /// The solver's copy of a public position.
    pub(crate) fn new(position: &Klondike) -> State {
        let mut piles = [[0; MAX_PILE]; PILES];
        let mut len = [0; PILES];
        let mut down = [0; PILES];
        for i in 0..PILES {
            for (slot, &card) in piles[i].iter_mut().zip(position.pile(i)) {
                *slot = encode(card);
            }
            len[i] = position.pile(i).len() as u8;
            down[i] = position.face_down(i) as u8;
        }
        let found = Suit::ALL.map(|suit| position.foundation_len(suit));
        let mut state = State {
            piles,
            len,
            down,
            talon: Talon::new(position),
            found,
            foundation_to_tableau: position.rules().foundation_to_tableau,
            tableau: [0; 2],
        };
        for i in 0..PILES {
            state.tally(i, true);
        }
        state
    }

    /// Whether the rules let foundation cards come back to the tableau.
    pub(crate) fn foundation_to_tableau(&self) -> bool {
        self.foundation_to_tableau
    }

    /// The same position searched without foundation-to-tableau moves: every line it finds is
    /// legal under the real rules, but it can only prove a loss if those moves are forbidden.
    pub(crate) fn without_foundation_to_tableau(&self) -> State {
        State {
            foundation_to_tableau: false,
            ..*self
        }
    }

    /// Whether every card is on the foundations.
    pub(crate) fn is_won(&self) -> bool {
        self.found == [13; 4]
    }

    /// Whether the rest is a formality: nothing face down and the talon empty, so the lowest
    /// card left is always on top of its pile and fits its foundation.
    pub(crate) fn is_trivially_won(&self) -> bool {
        self.talon.len == 0 && self.down == [0; PILES]
    }

    /// The foundation heights by suit index.
    pub(crate) fn foundations(&self) -> [u8; 4] {
        self.found
    }

    /// How many cards of pile `i` are face down.
    pub(crate) fn face_down(&self, i: usize) -> usize {
        self.down[i] as usize
    }

    /// Pile `i`, bottom first.
    pub(crate) fn pile(&self, i: usize) -> &[u8] {
        &self.piles[i][..self.len[i] as usize]
    }

    fn top(&self, i: usize) -> Option<u8> {
        self.pile(i).last().copied()
    }

    fn fits_foundation(&self, c: u8) -> bool {
        rank(c) == self.found[suit(c)] + 1
    }

    /// Whether sending `c` to its foundation can never lose the game (a dominance rule, so the
    /// search plays it without trying alternatives). True when `c` fits its foundation and
    /// either its rank is 1 or 2, or both foundations of the other colour reach `rank - 1` and
    /// the other foundation of its colour reaches `rank - 2`.
    ///
    /// Proof sketch: call *low* the cards of the other colour up to `rank - 1`, of `c`'s colour
    /// up to `rank - 2`, and of `c`'s suit up to `rank - 1`; all are on the foundations. In the
    /// tableau `c` and low cards can only ever hold low cards (a card fitting on a low card is
    /// low), and low cards only reach the tableau from the foundations. So deleting from any
    /// winning line every move of `c` and of low cards (and leaving them up) leaves a legal
    /// winning line from the position with `c` up: every other move keeps its source and
    /// target, and cards that `c` covered are only freed earlier. For a 2 the only cards it can
    /// hold are Aces, which are themselves always safe.
    pub(crate) fn is_safe(&self, c: u8) -> bool {
        is_safe(self.found, c)
    }

    /// A move the dominance rule plays without alternatives, if any: a safe card from a pile
    /// top, or, when drawing one card, from the talon (the waste's top; with unlimited passes
    /// any talon card, since then every talon card stays reachable whatever the waste holds).
    /// Waste cards are never forced with a draw of more than one: taking a card out of the talon
    /// regroups the later turns, which can hide cards a line needed.
    pub(crate) fn forced_step(&self) -> Option<Step> {
        for i in 0..PILES {
            if let Some(c) = self.top(i)
                && self.is_safe(c)
            {
                return Some(Step::PileToFoundation(i as u8));
            }
        }
        let talon = &self.talon;
        if talon.draw == 1 {
            if talon.waste > 0 && self.is_safe(talon.cards[talon.waste as usize - 1]) {
                return Some(Step::Talon {
                    pos: talon.waste - 1,
                    recycle: false,
                    to: FOUNDATION,
                });
            }
            if talon.is_set() {
                for (pos, &c) in talon.cards().iter().enumerate() {
                    if self.is_safe(c) {
                        return Some(Step::Talon {
                            pos: pos as u8,
                            recycle: pos + 1 < talon.waste as usize,
                            to: FOUNDATION,
                        });
                    }
                }
            }
        }
        None
    }

    /// Every step worth searching here with a score, higher first (see [`Step`] and the
    /// pruning rules in the module documentation of `search`); the caller sorts.
    ///
    /// `foundation_first` ranks moves to the foundations above talon plays to the tableau: a
    /// second move ordering, used by some of the search's probes.
    pub(crate) fn steps(&self, need: Need, foundation_first: bool, out: &mut Vec<(i32, Step)>) {
        let (talon_up, pile_up, pile_up_reveal) = if foundation_first {
            (85, 75, 95)
        } else {
            (60, 40, 90)
        };
        out.clear();
        let first_empty = (0..PILES).find(|&i| self.len[i] == 0);
        // From the talon: only cards with a landing are checked pile by pile.
        let landings = self.landings(first_empty.is_some());
        let mut positions = [(0, false); MAX_TALON];
        let count = self.talon.positions(&mut positions);
        for &(pos, recycle) in &positions[..count] {
            let c = self.talon.cards[pos as usize];
            let cost = if recycle { 2 } else { 0 };
            if self.fits_foundation(c) {
                out.push((
                    talon_up - cost,
                    Step::Talon {
                        pos,
                        recycle,
                        to: FOUNDATION,
                    },
                ));
            }
            if landings & (1 << c) == 0 {
                continue;
            }
            for to in 0..PILES {
                let ok = match self.top(to) {
                    None => rank(c) == 13 && Some(to) == first_empty,
                    Some(onto) => fits(c, onto),
                };
                if ok {
                    out.push((
                        50 - cost,
                        Step::Talon {
                            pos,
                            recycle,
                            to: to as u8,
                        },
                    ));
                }
            }
        }
        // Pile tops to the foundations.
        for from in 0..PILES {
            if let Some(c) = self.top(from)
                && self.fits_foundation(c)
            {
                let reveals = self.len[from] > 1 && self.len[from] - 1 == self.down[from];
                let score = if reveals { pile_up_reveal } else { pile_up };
                out.push((score, Step::PileToFoundation(from as u8)));
            }
        }
        // Pile to pile.
        for from in 0..PILES {
            let len = self.len[from] as usize;
            let down = self.down[from] as usize;
            if len == 0 {
                continue;
            }
            let pile = self.pile(from);
            let base_rank = rank(pile[down]);
            let top_rank = rank(pile[len - 1]);
            for to in 0..PILES {
                if to == from {
                    continue;
                }
                let depth = match self.top(to) {
                    None => {
                        // Only a King-based run, and only one empty pile is worth trying
                        // (they are interchangeable). A King with nothing under it gains
                        // nothing by moving to another empty pile.
                        if Some(to) != first_empty || base_rank != 13 || down == 0 {
                            continue;
                        }
                        down
                    }
                    Some(onto) => {
                        let want = rank(onto) - 1;
                        if want < top_rank || want > base_rank {
                            continue;
                        }
                        let depth = down + (base_rank - want) as usize;
                        if red(pile[depth]) == red(onto) {
                            continue;
                        }
                        depth
                    }
                };
                let count = (len - depth) as u8;
                let score = if depth == down && down > 0 {
                    80 + down as i32
                } else if depth == 0 {
                    30
                } else {
                    // A partial run: exposes a face-up card.
                    let exposed = pile[depth - 1];
                    if self.fits_foundation(exposed) {
                        45
                    } else {
                        10
                    }
                };
                out.push((
                    score,
                    Step::PileToPile {
                        from: from as u8,
                        count,
                        to: to as u8,
                    },
                ));
            }
        }
        // Foundation cards back down.
        if self.foundation_to_tableau {
            for s in 0..4 {
                let r = self.found[s];
                if r == 0 {
                    continue;
                }
                let c = (r << 2) | s as u8;
                // A card the dominance rule would send straight back up is never needed down.
                let mut probe = *self;
                probe.found[s] -= 1;
                if probe.is_safe(c) {
                    continue;
                }
                for to in 0..PILES {
                    let ok = match self.top(to) {
                        None => r == 13 && Some(to) == first_empty,
                        Some(onto) => fits(c, onto),
                    };
                    if ok {
                        out.push((
                            0,
                            Step::FoundationToPile {
                                suit: s as u8,
                                to: to as u8,
                            },
                        ));
                    }
                }
            }
        }
        if need != Need::NOTHING {
            out.retain(|&(_, step)| self.meets(need, step));
        }
    }

    /// The cards (bits by card byte) that fit on some pile's top, and the Kings when a pile
    /// is empty.
    fn landings(&self, empty_pile: bool) -> u64 {
        let mut bits = if empty_pile { 0xF << (13 << 2) } else { 0 };
        for i in 0..PILES {
            if let Some(t) = self.top(i)
                && rank(t) > 1
            {
                // The two suits of the other colour: clubs and spades (0, 3) or diamonds and
                // hearts (1, 2).
                let below = (rank(t) - 1) << 2;
                bits |= if red(t) { 0b1001 } else { 0b0110 } << below;
            }
        }
        bits
    }

    /// The constraint on the step after `step` (played from this state; see [`Need`]):
    ///
    /// - a partial run move (it exposes a face-up card): use that card;
    /// - a move emptying a pile without turning a card over: a King into an empty pile;
    /// - a foundation card brought down: use it;
    /// - a pile card to its foundation that turns nothing over: use the card exposed (or a
    ///   King into the emptied pile), or the next card of that suit up;
    /// - a talon card to a pile: use it; to its foundation: the next card of that suit up; and
    ///   unless the draw is 1 with unlimited passes (the talon is then a set: every card stays
    ///   reachable, in any order), any talon play also qualifies. A talon play commutes with
    ///   every later step that neither uses its card nor touches the talon (the talon and the
    ///   waste position are the same before and after such a step), so any line can be
    ///   reordered to play it just before its card's use or the next talon play.
    ///
    /// Every other step (it turns a card over, or is a talon play whose timing matters) leaves
    /// no constraint.
    pub(crate) fn need_after(&self, step: Step) -> Need {
        let mut need = Need::NOTHING;
        match step {
            Step::PileToPile { from, count, .. } => {
                let from = from as usize;
                let depth = self.len[from] as usize - count as usize;
                if depth > self.down[from] as usize {
                    need.card = self.piles[from][depth - 1];
                } else if depth == 0 {
                    need.king = true;
                }
            }
            Step::FoundationToPile { suit, .. } => {
                need.card = (self.found[suit as usize] << 2) | suit;
            }
            Step::PileToFoundation(from) => {
                let from = from as usize;
                let len = self.len[from] as usize;
                let down = self.down[from] as usize;
                if down > 0 && len - 1 == down {
                    return Need::NOTHING;
                }
                need.up = suit(self.piles[from][len - 1]) as u8 + 1;
                if len == 1 {
                    need.king = true;
                } else {
                    need.card = self.piles[from][len - 2];
                }
            }
            Step::Talon { pos, to, .. } => {
                need.talon = !self.talon.is_set();
                let c = self.talon.cards[pos as usize];
                if to == FOUNDATION {
                    need.up = suit(c) as u8 + 1;
                } else {
                    need.card = c;
                }
            }
        }
        need
    }

    /// Whether `step` meets `need` (see [`Need`]).
    fn meets(&self, need: Need, step: Step) -> bool {
        let onto = |to: u8| -> Option<u8> {
            if to == FOUNDATION {
                None
            } else {
                Some(self.top(to as usize).unwrap_or(0))
            }
        };
        let into_empty = |to: u8| to != FOUNDATION && self.len[to as usize] == 0;
        let t = need.card;
        let card_used = t != 0
            && match step {
                Step::Talon { to, .. } => onto(to) == Some(t),
                Step::PileToFoundation(from) => self.top(from as usize) == Some(t),
                Step::PileToPile { from, to, .. } => {
                    self.top(from as usize) == Some(t) || onto(to) == Some(t)
                }
                Step::FoundationToPile { suit: s, to } => {
                    onto(to) == Some(t) || s as usize == suit(t)
                }
            };
        let went_up = need.up != 0
            && match step {
                Step::Talon { pos, to, .. } => {
                    to == FOUNDATION && suit(self.talon.cards[pos as usize]) + 1 == need.up as usize
                }
                Step::PileToFoundation(from) => self
                    .top(from as usize)
                    .is_some_and(|c| suit(c) + 1 == need.up as usize),
                _ => false,
            };
        let king_in = need.king
            && match step {
                Step::Talon { to, .. }
                | Step::PileToPile { to, .. }
                | Step::FoundationToPile { to, .. } => into_empty(to),
                Step::PileToFoundation(_) => false,
            };
        let talon = need.talon && matches!(step, Step::Talon { .. });
        card_used || went_up || king_in || talon
    }

    /// Plays a step (it must come from [`steps`](State::steps) or
    /// [`forced_step`](State::forced_step)).
    pub(crate) fn apply(&mut self, step: Step) {
        let touched = match step {
            Step::Talon { to, .. } | Step::FoundationToPile { to, .. } => [to, FOUNDATION],
            Step::PileToFoundation(from) => [from, FOUNDATION],
            Step::PileToPile { from, to, .. } => [from, to],
        };
        for &i in &touched {
            if i != FOUNDATION {
                self.tally(i as usize, false);
            }
        }
        self.move_cards(step);
        for &i in &touched {
            if i != FOUNDATION {
                self.tally(i as usize, true);
            }
        }
    }

    /// Adds (or takes away) pile `i`'s term of the tableau key.
    fn tally(&mut self, i: usize, add: bool) {
        let term = self.pile_term(i);
        for (sum, t) in self.tableau.iter_mut().zip(term) {
            *sum = if add {
                sum.wrapping_add(t)
            } else {
                sum.wrapping_sub(t)
            };
        }
    }

    /// Pile `i`'s term of the key: a 128-bit Zobrist hash of its cards by height, mixed with
    /// its face-down count through a non-linear finalizer (so summing the terms of the seven
    /// piles keeps which cards lie on which, while forgetting the order of the piles).
    fn pile_term(&self, i: usize) -> [u64; 2] {
        let (mut x, mut y) = (0, 0);
        for (height, &c) in self.pile(i).iter().enumerate() {
            let [zx, zy] = ZOBRIST[height][c as usize];
            x ^= zx;
            y ^= zy;
        }
        let down = u64::from(self.down[i]);
        let x = fmix(x ^ down.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let y = fmix(y ^ down.wrapping_mul(0xD1B5_4A32_D192_ED03));
        [
            fmix(x ^ y.rotate_left(29)),
            fmix(y ^ x.rotate_left(17) ^ 0x5851_F42D_4C95_7F2D),
        ]
    }

    fn move_cards(&mut self, step: Step) {
        match step {
            Step::Talon { pos, recycle, to } => {
                let c = self.talon.take(pos, recycle);
                self.place(c, to);
            }
            Step::PileToFoundation(from) => {
                let from = from as usize;
                self.len[from] -= 1;
                let c = self.piles[from][self.len[from] as usize];
                self.piles[from][self.len[from] as usize] = 0;
                self.found[suit(c)] += 1;
                self.reveal(from);
            }
            Step::PileToPile { from, count, to } => {
                let (from, to) = (from as usize, to as usize);
                let start = (self.len[from] - count) as usize;
                let dest = self.len[to] as usize;
                let mut run = [0; 13];
                run[..count as usize]
                    .copy_from_slice(&self.piles[from][start..start + count as usize]);
                self.piles[to][dest..dest + count as usize].copy_from_slice(&run[..count as usize]);
                self.piles[from][start..start + count as usize].fill(0);
                self.len[to] += count;
                self.len[from] -= count;
                self.reveal(from);
            }
            Step::FoundationToPile { suit, to } => {
                let s = suit as usize;
                let c = (self.found[s] << 2) | suit;
                self.found[s] -= 1;
                self.place(c, to);
            }
        }
    }

    fn place(&mut self, c: u8, to: u8) {
        if to == FOUNDATION {
            self.found[suit(c)] += 1;
        } else {
            let to = to as usize;
            self.piles[to][self.len[to] as usize] = c;
            self.len[to] += 1;
        }
    }

    fn reveal(&mut self, pile: usize) {
        if self.down[pile] > 0 && self.down[pile] == self.len[pile] {
            self.down[pile] -= 1;
        }
    }

    /// The finishing steps of a trivially won position: the lowest card left goes up, again
    /// and again.
    pub(crate) fn finish(&self, out: &mut Vec<Step>) {
        let mut state = *self;
        while !state.is_won() {
            let from = (0..PILES)
                .find(|&i| state.top(i).is_some_and(|c| state.fits_foundation(c)))
                .expect("a trivially won position always has a card to send up");
            let step = Step::PileToFoundation(from as u8);
            out.push(step);
            state.apply(step);
        }
    }

    /// The public moves that play `step` from this state.
    pub(crate) fn expand(&self, step: Step, out: &mut Vec<Move>) {
        match step {
            Step::Talon { pos, recycle, to } => {
                self.talon.expand(pos, recycle, out);
                out.push(if to == FOUNDATION {
                    Move::WasteToFoundation
                } else {
                    Move::WasteToPile(to)
                });
            }
            Step::PileToFoundation(from) => out.push(Move::PileToFoundation(from)),
            Step::PileToPile { from, count, to } => {
                out.push(Move::PileToPile { from, count, to });
            }
            Step::FoundationToPile { suit, to } => out.push(Move::FoundationToPile {
                suit: Suit::from_index(suit as usize).unwrap_or(Suit::Clubs),
                to,
            }),
        }
    }

    /// A 128-bit key of the position up to the order of the piles (which never matters), for
    /// the transposition table.
    ///
    /// The tableau part is the sum of the seven piles' [terms](State::pile_term), kept up to
    /// date move by move, so positions that differ only by which column holds which pile share
    /// a key. The talon needs no place of its own: it only ever loses cards, so within one
    /// search its cards are those found neither in the tableau nor on the foundations, in their
    /// original order, and the foundation heights are in the key. Then the waste position and
    /// the passes left; with a single-card draw and unlimited passes the waste position is left
    /// out, since every talon card is then reachable whatever it is.
    pub(crate) fn key(&self) -> u128 {
        let rest = u64::from(u32::from_le_bytes(self.found)) | self.talon.key_bits() << 32;
        let a = fmix(self.tableau[0] ^ fmix(rest ^ 0x2545_F491_4F6C_DD1D));
        let b = fmix(self.tableau[1] ^ fmix(rest.rotate_left(32) ^ 0x1405_7B7E_F767_814F));
        (u128::from(a) << 64) | u128::from(b)
    }
}

/// The SplitMix64 finalizer: a bijection of `u64` with full avalanche.
pub(crate) const fn fmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Random 128-bit words by pile height and card byte, for [`State::pile_term`] (SplitMix64
/// from a fixed seed, computed at compile time).
static ZOBRIST: [[[u64; 2]; 56]; MAX_PILE] = {
    let mut table = [[[0; 2]; 56]; MAX_PILE];
    let mut seed: u64 = 0x4B4C_4F4E_4449_4B45;
    let mut h = 0;
    while h < MAX_PILE {
        let mut c = 0;
        while c < 56 {
            let mut lane = 0;
            while lane < 2 {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                table[h][c][lane] = fmix(seed);
                lane += 1;
            }
            c += 1;
        }
        h += 1;
    }
    table
};
