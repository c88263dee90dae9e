//! `Klondike`: a validated position (cards, face-up state, pass, score) and its moves;
//! `Setup`: the unvalidated form of a position.

use std::fmt;

use cards_core::{Card, CardSet, Pile, Rank, Suit};

use crate::{Deal, Move, MoveList, Rules, Scoring, Standard, Vegas};

/// The number of tableau piles.
pub const PILES: usize = 7;

/// A Klondike position: seven tableau piles (face-down cards under a face-up run), the stock,
/// the waste, four foundations, the current pass and the score, under fixed [`Rules`].
///
/// It is `Copy` (about 460 bytes, no heap), so a search can copy-make freely; `Eq` and `Hash`
/// cover every field.
///
/// ```
/// use klondike::{Klondike, Move, MoveList, Rules};
///
/// let mut game = Klondike::from_seed(42, Rules::default());
/// assert_eq!(game.stock().len(), 24);
/// let mut moves = MoveList::new();
/// game.legal_moves(&mut moves);
/// assert!(moves.contains(&Move::Stock));
/// game.play(Move::Stock)?;
/// assert_eq!(game.waste().len(), 1);
/// assert!(game.play(Move::Recycle).is_err(), "the stock is not empty yet");
/// # Ok::<(), klondike::IllegalMove>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Klondike {
    tableau: [Pile; PILES],
    face_down: [u8; PILES],
    /// Waste (bottom first) followed by the stock in turning order: `talon[..waste_len]` is
    /// the waste, `talon[waste_len..]` the stock, `talon[waste_len]` the next card turned.
    /// A turn only moves `waste_len` and a recycle resets it, which is exactly turning the
    /// waste over.
    talon: Pile,
    waste_len: u8,
    foundations: [u8; 4],
    pass: u8,
    score: i32,
    rules: Rules,
}

/// What one move did besides moving cards (the result of a whole game is the interface's
/// [`game::Outcome`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveReport {
    /// The face-down card turned over by the move, if any.
    pub turned_over: Option<Card>,
    /// The score change before clamping (Standard scores never go below 0).
    pub score_change: i32,
}

/// Why a move cannot be played here. Pile numbers in messages are 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// A pile index outside `0..7`.
    #[error("there is no pile {}", *.0 as usize + 1)]
    NoSuchPile(u8),
    /// A stock turn with an empty stock.
    #[error("the stock is empty; recycle the waste instead")]
    EmptyStock,
    /// A recycle while the stock still has cards.
    #[error("the stock still has cards; recycle only when it is empty")]
    StockNotEmpty,
    /// A waste move or recycle with an empty waste (recycling an empty waste does nothing).
    #[error("the waste is empty")]
    EmptyWaste,
    /// A recycle when every allowed pass has been used.
    #[error("no passes left: the limit is {0}")]
    NoPassesLeft(u8),
    /// A move from an empty tableau pile.
    #[error("pile {} is empty", *.0 as usize + 1)]
    EmptyPile(u8),
    /// A run longer than the face-up cards of its pile (or of zero cards).
    #[error("pile {} has {face_up} face-up cards; cannot move {count}", *.pile as usize + 1)]
    NotFaceUp {
        /// The source pile, 0-based.
        pile: u8,
        /// Cards asked for.
        count: u8,
        /// Face-up cards on the pile.
        face_up: u8,
    },
    /// A run moved onto its own pile.
    #[error("a run cannot move onto its own pile")]
    SamePile,
    /// A card that is not the next one for its foundation.
    #[error("{0} cannot go to its foundation yet")]
    NotNextOnFoundation(Card),
    /// A card that does not fit on the target pile's top card.
    #[error("{card} does not fit on {onto}: tableau builds down in alternating colours")]
    DoesNotFit {
        /// The (bottom) card moved.
        card: Card,
        /// The target's top card.
        onto: Card,
    },
    /// A card other than a King moved to an empty pile.
    #[error("only a king can fill an empty pile, not {0}")]
    NeedsKing(Card),
    /// A foundation move from an empty foundation.
    #[error("the {0:?} foundation is empty")]
    EmptyFoundation(Suit),
    /// A foundation-to-tableau move when the rules forbid it.
    #[error("these rules do not allow cards back from the foundations")]
    FoundationLocked,
}

/// An unvalidated position with public fields; [`Klondike::try_from`] (or
/// [`Klondike::from_setup`]) validates it and [`Klondike::to_setup`] gives it back.
///
/// ```
/// use klondike::{Klondike, Rules, Setup, SetupError};
/// let game = Klondike::from_seed(3, Rules::default());
/// let mut setup = game.to_setup();
/// assert_eq!(Klondike::try_from(setup), Ok(game));
/// setup.face_down[6] = 7; // pile 7 has 7 cards: its top would be face down
/// assert_eq!(Klondike::try_from(setup), Err(SetupError::FaceDownTop(6)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The tableau piles, bottom card first.
    pub tableau: [Pile; PILES],
    /// How many cards at the bottom of each pile are face down.
    pub face_down: [u8; PILES],
    /// The stock in turning order (`stock[0]` is turned next).
    pub stock: Pile,
    /// The waste, bottom first (the last card is the playable top).
    pub waste: Pile,
    /// Cards on each foundation, indexed by [`Suit::index`] (0 = empty, 13 = complete).
    pub foundations: [u8; 4],
    /// The rules.
    pub rules: Rules,
    /// The current pass through the stock, 1-based.
    pub pass: u8,
    /// The score.
    pub score: i32,
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A joker is not a Klondike card.
    #[error("{0} is a joker")]
    Joker(Card),
    /// A card appears twice (counting the foundations).
    #[error("{0} appears twice")]
    Duplicate(Card),
    /// A card appears nowhere.
    #[error("{0} is missing")]
    Missing(Card),
    /// A foundation with more than 13 cards.
    #[error("the {0:?} foundation has more than 13 cards")]
    FoundationOverfull(Suit),
    /// A non-empty pile whose top card is face down (it would have been turned over).
    #[error("pile {}'s top card is face down", *.0 as usize + 1)]
    FaceDownTop(u8),
    /// Face-up cards that do not build down in alternating colours.
    #[error("pile {}'s face-up cards are not a run in alternating colours", *.0 as usize + 1)]
    BrokenRun(u8),
    /// A pass number of 0 or beyond the pass limit.
    #[error("pass {0} is outside the pass limit")]
    BadPass(u8),
}

/// Whether `card` may be placed on `onto` in the tableau: one rank lower, other colour.
pub fn fits_on(card: Card, onto: Card) -> bool {
    match (card.rank(), onto.rank()) {
        (Some(low), Some(high)) => {
            low.ace_low() + 1 == high.ace_low() && card.color() != onto.color()
        }
        _ => false,
    }
}

fn is_king(card: Card) -> bool {
    card.rank() == Some(Rank::King)
}

/// The foundation card of `suit` holding `len` cards (its top), if any.
fn foundation_card(suit: Suit, len: u8) -> Option<Card> {
    Rank::from_ace_low(len).map(|rank| Card::new(rank, suit))
}

fn suit_of(card: Card) -> Suit {
    card.suit().unwrap_or(Suit::Clubs)
}

fn rank_value(card: Card) -> u8 {
    card.rank().map_or(0, Rank::ace_low)
}

/// For each card (by index), the cards that fit on it in the tableau as a bitmask: the two
/// cards one rank lower in the other colour.
const FITS_ON: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut onto = 0;
    while onto < 52 {
        let mut card = 0;
        while card < 52 {
            let (Some(a), Some(b)) = (Card::from_index(card), Card::from_index(onto)) else {
                unreachable!()
            };
            let (Some(low), Some(high)) = (a.rank(), b.rank()) else {
                unreachable!()
            };
            if low.ace_low() + 1 == high.ace_low() && a.color() as u8 != b.color() as u8 {
                table[onto] |= 1 << card;
            }
            card += 1;
        }
        onto += 1;
    }
    table
};

/// The set bits of a pile mask, lowest first.
fn bits(mut mask: u8) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let bit = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            Some(bit)
        }
    })
}

impl Klondike {
    /// The starting position of `deal` under `rules` (score: the Vegas ante, or 0).
    pub fn new(deal: &Deal, rules: Rules) -> Klondike {
        Klondike::with_score(deal, rules, rules.initial_score())
    }

    /// The starting position of the deal for `seed` ([`Deal::from_seed`]).
    pub fn from_seed(seed: u64, rules: Rules) -> Klondike {
        Klondike::new(&Deal::from_seed(seed), rules)
    }

    /// The starting position with a given starting score (a cumulative Vegas balance).
    pub fn with_score(deal: &Deal, rules: Rules, score: i32) -> Klondike {
        let cards = deal.cards();
        let mut tableau = [Pile::new(); PILES];
        let mut face_down = [0; PILES];
        for (pile, column) in tableau.iter_mut().enumerate() {
            for depth in 0..=pile {
                column.push(cards[Deal::tableau_index(pile, depth)]);
            }
            face_down[pile] = pile as u8;
        }
        let mut talon = Pile::new();
        for &card in &cards[Deal::TABLEAU_CARDS..] {
            talon.push(card);
        }
        Klondike {
            tableau,
            face_down,
            talon,
            waste_len: 0,
            foundations: [0; 4],
            pass: 1,
            score,
            rules,
        }
    }

    /// Validates a [`Setup`] (the same as [`Klondike::try_from`]).
    pub fn from_setup(setup: &Setup) -> Result<Klondike, SetupError> {
        let mut seen = CardSet::EMPTY;
        let mut add = |card: Card| {
            if card.is_joker() {
                Err(SetupError::Joker(card))
            } else if seen.insert(card) {
                Ok(())
            } else {
                Err(SetupError::Duplicate(card))
            }
        };
        for suit in Suit::ALL {
            let len = setup.foundations[suit.index()];
            if len > 13 {
                return Err(SetupError::FoundationOverfull(suit));
            }
            for n in 1..=len {
                add(foundation_card(suit, n).unwrap_or(Card::BLACK_JOKER))?;
            }
        }
        for (i, pile) in setup.tableau.iter().enumerate() {
            for &card in pile {
                add(card)?;
            }
            let down = setup.face_down[i] as usize;
            if !pile.is_empty() && down >= pile.len() {
                return Err(SetupError::FaceDownTop(i as u8));
            }
            if pile
                .get(down..)
                .is_some_and(|up| up.windows(2).any(|w| !fits_on(w[1], w[0])))
            {
                return Err(SetupError::BrokenRun(i as u8));
            }
        }
        for &card in setup.waste.iter().chain(setup.stock.iter()) {
            add(card)?;
        }
        if let Some(missing) = (CardSet::STANDARD - seen).first() {
            return Err(SetupError::Missing(missing));
        }
        let limit = setup.rules.effective_pass_limit().get().unwrap_or(u8::MAX);
        if setup.pass == 0 || setup.pass > limit {
            return Err(SetupError::BadPass(setup.pass));
        }
        let mut talon = setup.waste;
        for &card in &setup.stock {
            talon.push(card);
        }
        let mut face_down = setup.face_down;
        for (down, pile) in face_down.iter_mut().zip(&setup.tableau) {
            if pile.is_empty() {
                *down = 0;
            }
        }
        Ok(Klondike {
            tableau: setup.tableau,
            face_down,
            talon,
            waste_len: setup.waste.len() as u8,
            foundations: setup.foundations,
            pass: setup.pass,
            score: setup.score,
            rules: setup.rules,
        })
    }

    /// This position as a [`Setup`], which validates back to it.
    pub fn to_setup(&self) -> Setup {
        let mut stock = Pile::new();
        for &card in self.stock() {
            stock.push(card);
        }
        let mut waste = self.talon;
        waste.truncate(self.waste_len as usize);
        Setup {
            tableau: self.tableau,
            face_down: self.face_down,
            stock,
            waste,
            foundations: self.foundations,
            rules: self.rules,
            pass: self.pass,
            score: self.score,
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Tableau pile `pile` (0-based), bottom card first; the first
    /// [`face_down`](Klondike::face_down) cards are face down.
    ///
    /// # Panics
    /// If `pile >= 7`.
    pub fn pile(&self, pile: usize) -> &[Card] {
        &self.tableau[pile]
    }

    /// How many cards at the bottom of pile `pile` are face down.
    ///
    /// # Panics
    /// If `pile >= 7`.
    pub fn face_down(&self, pile: usize) -> usize {
        self.face_down[pile] as usize
    }

    /// The face-up cards of pile `pile`, bottom first (always a run in alternating colours).
    ///
    /// # Panics
    /// If `pile >= 7`.
    pub fn face_up(&self, pile: usize) -> &[Card] {
        &self.tableau[pile][self.face_down[pile] as usize..]
    }

    /// The stock in turning order: `stock()[0]` is the next card turned.
    pub fn stock(&self) -> &[Card] {
        &self.talon[self.waste_len as usize..]
    }

    /// The waste, bottom first: the last card is the playable top.
    pub fn waste(&self) -> &[Card] {
        &self.talon[..self.waste_len as usize]
    }

    /// The playable top card of the waste.
    pub fn waste_top(&self) -> Option<Card> {
        self.waste().last().copied()
    }

    /// How many cards the foundation of `suit` holds (0..=13).
    pub fn foundation_len(&self, suit: Suit) -> u8 {
        self.foundations[suit.index()]
    }

    /// The top card of the foundation of `suit`.
    pub fn foundation_top(&self, suit: Suit) -> Option<Card> {
        foundation_card(suit, self.foundations[suit.index()])
    }

    /// The cards on all foundations (0..=52).
    pub fn foundation_total(&self) -> usize {
        self.foundations.iter().map(|&n| n as usize).sum()
    }

    /// The face-down cards left in the tableau.
    pub fn face_down_total(&self) -> usize {
        self.face_down.iter().map(|&n| n as usize).sum()
    }

    /// The current pass through the stock, 1-based (recycling starts the next).
    pub fn pass(&self) -> u8 {
        self.pass
    }

    /// Recycles still allowed, or `None` when passes are unlimited.
    pub fn recycles_left(&self) -> Option<u8> {
        self.rules
            .effective_pass_limit()
            .get()
            .map(|limit| limit.saturating_sub(self.pass))
    }

    /// The score (Vegas: the balance, possibly negative; `Scoring::None`: 0).
    pub fn score(&self) -> i32 {
        self.score
    }

    /// Whether all 52 cards are on the foundations.
    pub fn is_won(&self) -> bool {
        self.foundations == [13; 4]
    }

    /// Whether `card` is the next card its foundation takes.
    pub fn fits_foundation(&self, card: Card) -> bool {
        fits_foundation(self.foundations, card)
    }

    /// Every card's place as a set per zone, for checks: (tableau face-up, tableau face-down,
    /// stock and waste, foundations).
    pub fn zones(&self) -> [CardSet; 4] {
        let mut up = CardSet::EMPTY;
        let mut down = CardSet::EMPTY;
        for i in 0..PILES {
            let split = self.face_down[i] as usize;
            down |= self.tableau[i][..split].iter().copied().collect();
            up |= self.tableau[i][split..].iter().copied().collect();
        }
        let mut foundations = CardSet::EMPTY;
        for suit in Suit::ALL {
            for n in 1..=self.foundation_len(suit) {
                foundations |= foundation_card(suit, n).map_or(CardSet::EMPTY, CardSet::single);
            }
        }
        [up, down, self.talon.to_set(), foundations]
    }

    fn pile_index(pile: u8) -> Result<usize, IllegalMove> {
        if (pile as usize) < PILES {
            Ok(pile as usize)
        } else {
            Err(IllegalMove::NoSuchPile(pile))
        }
    }

    fn check_onto(&self, card: Card, to: u8) -> Result<(), IllegalMove> {
        match self.tableau[Klondike::pile_index(to)?].top() {
            None if is_king(card) => Ok(()),
            None => Err(IllegalMove::NeedsKing(card)),
            Some(onto) if fits_on(card, onto) => Ok(()),
            Some(onto) => Err(IllegalMove::DoesNotFit { card, onto }),
        }
    }

    fn check_foundation(&self, card: Card) -> Result<(), IllegalMove> {
        if self.fits_foundation(card) {
            Ok(())
        } else {
            Err(IllegalMove::NotNextOnFoundation(card))
        }
    }

    /// This position with what never changes the moves available cleared: the score, and the
    /// pass number when passes are unlimited. Positions equal under this key have the same
    /// futures (for searches such as [`is_lost`](Klondike::is_lost)).
    #[must_use]
    pub fn search_key(&self) -> Klondike {
        let mut key = *self;
        key.score = 0;
        if self.rules.effective_pass_limit().get().is_none() {
            key.pass = 1;
        }
        key
    }

    /// Whether `mv` is legal here, and if not, why.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Stock => {
                if self.stock().is_empty() {
                    Err(IllegalMove::EmptyStock)
                } else {
                    Ok(())
                }
            }
            Move::Recycle => {
                if !self.stock().is_empty() {
                    Err(IllegalMove::StockNotEmpty)
                } else if self.waste_len == 0 {
                    Err(IllegalMove::EmptyWaste)
                } else if self.recycles_left() == Some(0) {
                    Err(IllegalMove::NoPassesLeft(self.pass))
                } else {
                    Ok(())
                }
            }
            Move::WasteToPile(to) => {
                self.check_onto(self.waste_top().ok_or(IllegalMove::EmptyWaste)?, to)
            }
            Move::WasteToFoundation => {
                self.check_foundation(self.waste_top().ok_or(IllegalMove::EmptyWaste)?)
            }
            Move::PileToFoundation(from) => {
                let top = self.tableau[Klondike::pile_index(from)?]
                    .top()
                    .ok_or(IllegalMove::EmptyPile(from))?;
                self.check_foundation(top)
            }
            Move::PileToPile { from, count, to } => {
                let source = Klondike::pile_index(from)?;
                Klondike::pile_index(to)?;
                if from == to {
                    return Err(IllegalMove::SamePile);
                }
                let pile = &self.tableau[source];
                if pile.is_empty() {
                    return Err(IllegalMove::EmptyPile(from));
                }
                let face_up = (pile.len() - self.face_down[source] as usize) as u8;
                if count == 0 || count > face_up {
                    return Err(IllegalMove::NotFaceUp {
                        pile: from,
                        count,
                        face_up,
                    });
                }
                self.check_onto(pile[pile.len() - count as usize], to)
            }
            Move::FoundationToPile { suit, to } => {
                if !self.rules.foundation_to_tableau {
                    return Err(IllegalMove::FoundationLocked);
                }
                let card = self
                    .foundation_top(suit)
                    .ok_or(IllegalMove::EmptyFoundation(suit))?;
                self.check_onto(card, to)
            }
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` if it is legal and reports what it did; otherwise returns why and changes
    /// nothing.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking it: the fast path for search and playouts.
    ///
    /// # Panics
    /// `mv` must be legal here (as from [`legal_moves`](Klondike::legal_moves)); an illegal
    /// move may panic or leave an inconsistent position.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let mut turned_over = None;
        match mv {
            Move::Stock => {
                let turn = (self.rules.draw.get() as usize).min(self.stock().len());
                self.waste_len += turn as u8;
            }
            Move::Recycle => {
                self.waste_len = 0;
            }
            Move::WasteToPile(to) => {
                let card = self.take_waste_top();
                self.tableau[to as usize].push(card);
            }
            Move::WasteToFoundation => {
                let card = self.take_waste_top();
                self.foundations[suit_of(card).index()] += 1;
            }
            Move::PileToFoundation(from) => {
                let card = self.tableau[from as usize]
                    .pop()
                    .expect("play_unchecked: empty pile");
                self.foundations[suit_of(card).index()] += 1;
                turned_over = self.turn_over(from as usize);
            }
            Move::PileToPile { from, count, to } => {
                let source = &mut self.tableau[from as usize];
                let run = source.split_off(source.len() - count as usize);
                self.tableau[to as usize]
                    .try_extend_from_slice(&run)
                    .expect("play_unchecked: a tableau pile holds at most 19 cards");
                turned_over = self.turn_over(from as usize);
            }
            Move::FoundationToPile { suit, to } => {
                let card = self
                    .foundation_top(suit)
                    .expect("play_unchecked: empty foundation");
                self.foundations[suit.index()] -= 1;
                self.tableau[to as usize].push(card);
            }
        }
        let score_change = self
            .rules
            .score_change(mv, turned_over.is_some(), self.pass);
        if mv == Move::Recycle {
            // Saturates: with unlimited passes a player may recycle more than 255 times, and
            // past that only "many" matters to the scoring and pass-limit rules.
            self.pass = self.pass.saturating_add(1);
        }
        self.score = self.rules.add_score(self.score, score_change);
        MoveReport {
            turned_over,
            score_change,
        }
    }

    fn take_waste_top(&mut self) -> Card {
        let top = self.waste_len as usize - 1;
        let card = self.talon[top];
        let len = self.talon.len();
        self.talon.as_mut_slice().copy_within(top + 1..len, top);
        self.talon.truncate(len - 1);
        self.waste_len -= 1;
        card
    }

    fn turn_over(&mut self, pile: usize) -> Option<Card> {
        let down = &mut self.face_down[pile];
        if *down > 0 && *down as usize == self.tableau[pile].len() {
            *down -= 1;
            self.tableau[pile].top()
        } else {
            None
        }
    }

    /// Fills `moves` with every legal move (clearing it first), in a fixed order: stock or
    /// recycle, waste moves, pile-to-foundation, pile-to-pile, foundation-to-pile.
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.for_each_legal_move(|mv| moves.push(mv));
    }

    /// Calls `push` with every legal move, in the order of
    /// [`legal_moves`](Klondike::legal_moves) (the interface fills its `Vec` with it directly).
    pub(crate) fn for_each_legal_move(&self, mut push: impl FnMut(Move)) {
        if !self.stock().is_empty() {
            push(Move::Stock);
        } else if self.waste_len > 0 && self.recycles_left() != Some(0) {
            push(Move::Recycle);
        }
        // `wanted`: every card that fits on some non-empty pile's top; `spaces`: the empty
        // piles as a bitmask. A card's targets are found with one bit test in the common case.
        let mut wanted = 0u64;
        let mut spaces = 0u8;
        for (i, pile) in self.tableau.iter().enumerate() {
            match pile.top() {
                Some(top) => wanted |= FITS_ON[top.index()],
                None => spaces |= 1 << i,
            }
        }
        let targets = |card: Card| -> u8 {
            let mut mask = 0;
            if wanted >> card.index() & 1 != 0 {
                for (to, pile) in self.tableau.iter().enumerate() {
                    if pile
                        .top()
                        .is_some_and(|top| FITS_ON[top.index()] >> card.index() & 1 != 0)
                    {
                        mask |= 1 << to;
                    }
                }
            }
            if spaces != 0 && is_king(card) {
                mask |= spaces;
            }
            mask
        };
        if let Some(card) = self.waste_top() {
            if self.fits_foundation(card) {
                push(Move::WasteToFoundation);
            }
            for to in bits(targets(card)) {
                push(Move::WasteToPile(to));
            }
        }
        for (from, pile) in self.tableau.iter().enumerate() {
            if pile.top().is_some_and(|card| self.fits_foundation(card)) {
                push(Move::PileToFoundation(from as u8));
            }
        }
        for (from, pile) in self.tableau.iter().enumerate() {
            let len = pile.len();
            for depth in self.face_down[from] as usize..len {
                for to in bits(targets(pile[depth]) & !(1 << from)) {
                    push(Move::PileToPile {
                        from: from as u8,
                        count: (len - depth) as u8,
                        to,
                    });
                }
            }
        }
        if self.rules.foundation_to_tableau {
            for suit in Suit::ALL {
                if let Some(card) = self.foundation_top(suit) {
                    for to in bits(targets(card)) {
                        push(Move::FoundationToPile { suit, to });
                    }
                }
            }
        }
    }

    /// Whether moving `card` to its foundation is safe: it fits there and no card still in
    /// play could need it as a tableau target (both cards one rank lower in the other colour
    /// are already on the foundations; Aces are always safe).
    pub fn is_safe_to_foundation(&self, card: Card) -> bool {
        is_safe_to_foundation(self.foundations, card)
    }
}

/// [`Klondike::fits_foundation`] over the foundation heights alone (clubs, diamonds, hearts,
/// spades), which a [`View`](crate::View) shows too.
pub(crate) fn fits_foundation(foundations: [u8; 4], card: Card) -> bool {
    rank_value(card) == foundations[suit_of(card).index()] + 1
}

/// [`Klondike::is_safe_to_foundation`] over the foundation heights alone.
pub(crate) fn is_safe_to_foundation(foundations: [u8; 4], card: Card) -> bool {
    fits_foundation(foundations, card) && !needed_as_target(foundations, card)
}

/// Whether a card of this colour and rank could still be wanted as a tableau target by a
/// card not on the foundations: a card of rank `r` is needed by the two cards of rank
/// `r - 1` in the other colour.
fn needed_as_target(foundations: [u8; 4], card: Card) -> bool {
    let Some(rank) = card.rank() else {
        return false;
    };
    let below = rank.ace_low() - 1;
    if below == 0 {
        return false;
    }
    let other = card.color().other();
    Suit::ALL
        .iter()
        .any(|&suit| suit.color() == other && foundations[suit.index()] < below)
}

impl Rules {
    /// The score change of `mv` under these rules, given whether it turned a card over and
    /// the pass it was played in. See [`Standard`] and [`Vegas`] for the numbers.
    pub fn score_change(&self, mv: Move, turned_over: bool, pass: u8) -> i32 {
        match self.scoring {
            Scoring::None => 0,
            Scoring::Standard => {
                let base = match mv {
                    Move::Stock | Move::PileToPile { .. } => 0,
                    Move::Recycle => self.recycle_score(pass),
                    Move::WasteToPile(_) => Standard::WASTE_TO_TABLEAU,
                    Move::WasteToFoundation | Move::PileToFoundation(_) => Standard::TO_FOUNDATION,
                    Move::FoundationToPile { .. } => Standard::FOUNDATION_TO_TABLEAU,
                };
                base + if turned_over { Standard::TURN_OVER } else { 0 }
            }
            Scoring::Vegas => match mv {
                Move::WasteToFoundation | Move::PileToFoundation(_) => Vegas::TO_FOUNDATION,
                Move::FoundationToPile { .. } => Vegas::FOUNDATION_TO_TABLEAU,
                _ => 0,
            },
        }
    }
}

impl TryFrom<Setup> for Klondike {
    type Error = SetupError;

    /// Validates a [`Setup`]: every standard card exactly once, no overfull foundation, face-up
    /// runs in alternating colours over face-down cards, a pass within the limit.
    fn try_from(setup: Setup) -> Result<Klondike, SetupError> {
        Klondike::from_setup(&setup)
    }
}

impl fmt::Display for Klondike {
    /// A plain-text picture: a header line, then one line per pile (`##` for face-down cards).
    ///
    /// ```text
    /// stock 23 | waste 4H | foundations AC -- -- -- | pass 1 | score 10
    /// 1: KS
    /// 2: ## QH
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stock {} | waste ", self.stock().len())?;
        match self.waste_top() {
            Some(card) => write!(f, "{card}")?,
            None => f.write_str("--")?,
        }
        f.write_str(" | foundations")?;
        for suit in Suit::ALL {
            match self.foundation_top(suit) {
                Some(card) => write!(f, " {card}")?,
                None => f.write_str(" --")?,
            }
        }
        writeln!(f, " | pass {} | score {}", self.pass, self.score)?;
        for i in 0..PILES {
            write!(f, "{}:", i + 1)?;
            for (depth, card) in self.tableau[i].iter().enumerate() {
                if depth < self.face_down[i] as usize {
                    f.write_str(" ##")?;
                } else {
                    write!(f, " {card}")?;
                }
            }
            if i + 1 < PILES {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Klondike {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Klondike {{ rules: {:?}, stock: {:?} }}",
            self.rules,
            self.stock()
        )?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
impl Setup {
    /// A won position: every card on its foundation, default rules.
    pub(crate) fn won() -> Setup {
        Setup {
            tableau: [Pile::new(); 7],
            face_down: [0; 7],
            stock: Pile::new(),
            waste: Pile::new(),
            foundations: [13; 4],
            rules: Rules::default(),
            pass: 1,
            score: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Draw, PassLimit};

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn deal_lays_out_rows() {
        let deal = Deal::from_seed(5);
        let game = Klondike::new(&deal, Rules::default());
        let cards = deal.cards();
        assert_eq!(game.pile(0), &[cards[0]]);
        assert_eq!(game.pile(1), &[cards[1], cards[7]]);
        assert_eq!(game.pile(6).last(), Some(&cards[27]));
        assert_eq!(game.face_up(6), &[cards[27]]);
        assert_eq!(game.face_down(6), 6);
        assert_eq!(game.stock()[0], cards[28]);
        assert_eq!(game.stock().len(), 24);
        assert!(game.waste().is_empty());
        assert_eq!(game.pass(), 1);
        assert_eq!(
            game.zones().iter().fold(CardSet::EMPTY, |a, &b| a | b),
            CardSet::STANDARD
        );
    }

    #[test]
    fn fits_on_needs_alternating_colours_one_rank_down() {
        assert!(fits_on(card("QH"), card("KS")));
        assert!(fits_on(card("AD"), card("2C")));
        assert!(!fits_on(card("QS"), card("KC")), "same colour");
        assert!(!fits_on(card("JH"), card("KS")), "two ranks apart");
        assert!(!fits_on(card("KH"), card("AS")), "no wrapping");
    }

    #[test]
    fn klondike_stays_small() {
        assert!(
            std::mem::size_of::<Klondike>() <= 480,
            "{}",
            std::mem::size_of::<Klondike>()
        );
    }

    #[test]
    fn vegas_starts_with_the_ante() {
        let rules = Rules {
            scoring: Scoring::Vegas,
            draw: Draw::THREE,
            ..Rules::default()
        };
        let game = Klondike::from_seed(1, rules);
        assert_eq!(game.score(), -52);
        assert_eq!(game.recycles_left(), Some(2));
        let unlimited = Klondike::from_seed(
            1,
            Rules {
                pass_limit: PassLimit::UNLIMITED,
                ..Rules::default()
            },
        );
        assert_eq!(unlimited.recycles_left(), None);
    }
}
