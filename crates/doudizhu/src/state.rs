//! The full state of one deal: hands, auction, card play and settlement.

use std::fmt;

use cards_core::{BySeat, Card, CardSet, Deck};
use rand::Rng;

use crate::{
    Auction, AuctionStatus, Bid, BidMode, Combo, Counts, IllegalBid, Move, Play, RuleSet, Seat,
    View, for_each_lead, for_each_response, readings,
};

/// Three players.
pub const PLAYERS: usize = 3;

/// The game settings. Serialised with defaults for missing fields (`{}` is the default game).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default)]
pub struct Settings {
    /// Which combinations are legal.
    pub rules: RuleSet,
    /// How the landlord is chosen.
    pub bidding: BidMode,
    /// The highest stake (the base times every doubling) one deal may cost a farmer, if any.
    pub cap: Option<u32>,
}

/// A deal: 17 cards to each seat and 3 bottom cards for the landlord.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Deal {
    /// Each seat's 17 cards.
    pub hands: BySeat<CardSet, PLAYERS>,
    /// The 3 bottom cards.
    pub bottom: CardSet,
}

/// Why a deal is not 17/17/17 + 3 of one 54-card deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A hand does not hold 17 cards.
    #[error("seat {0} holds {1} cards instead of 17")]
    HandSize(Seat, usize),
    /// The bottom does not hold 3 cards.
    #[error("the bottom holds {0} cards instead of 3")]
    BottomSize(usize),
    /// Two parts of the deal share a card.
    #[error("{0} is dealt twice")]
    Duplicate(Card),
}

impl Deal {
    /// A deal of a deck shuffled with `rng`: cards 0..17 to seat 0, 17..34 to seat 1, 34..51
    /// to seat 2, the last three to the bottom.
    pub fn shuffled<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut deck = Deck::with_jokers54();
        deck.shuffle(rng);
        let mut hands = BySeat::<CardSet, PLAYERS>::default();
        for seat in Seat::ALL {
            hands[seat] = deck.deal(17).to_set();
        }
        Deal {
            hands,
            bottom: deck.to_set(),
        }
    }

    /// The deal of seed `seed` ([`cards_core::seeded_rng`]).
    pub fn from_seed(seed: u64) -> Deal {
        Deal::shuffled(&mut cards_core::seeded_rng(seed))
    }

    /// Checks sizes and that no card is dealt twice.
    pub fn validate(&self) -> Result<(), DealError> {
        let mut seen = CardSet::EMPTY;
        for (seat, &hand) in self.hands.iter() {
            if hand.len() != 17 {
                return Err(DealError::HandSize(seat, hand.len()));
            }
            if let Some(card) = (seen & hand).first() {
                return Err(DealError::Duplicate(card));
            }
            seen |= hand;
        }
        if self.bottom.len() != 3 {
            return Err(DealError::BottomSize(self.bottom.len()));
        }
        if let Some(card) = (seen & self.bottom).first() {
            return Err(DealError::Duplicate(card));
        }
        Ok(())
    }
}

/// The phase of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The auction is open.
    Bidding,
    /// Card play.
    Playing,
    /// A hand is empty: see [`State::settlement`].
    Finished,
    /// Everybody passed the auction: redeal ([`crate::Game::redeal`]).
    AllPassed,
}

/// A move (a play or a pass) that is not legal now, or through the game interface a bid. The
/// state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// A bid refused by the auction.
    #[error(transparent)]
    Bid(#[from] IllegalBid),
    /// The game is not in the card-play phase.
    #[error("cards are not being played now")]
    NotPlaying,
    /// Pass while leading a new trick.
    #[error("you lead this trick: you cannot pass")]
    MustLead,
    /// The cards are not all in the hand of the seat to move.
    #[error("{0} is not in your hand")]
    NotInHand(Counts),
    /// The cards form no combination under the rules.
    #[error("{0} is not a combination")]
    NotCombination(Counts),
    /// The reading given for a play is not one of its cards' readings.
    #[error("{0} cannot be read as {1}")]
    WrongReading(Counts, Combo),
    /// The play does not beat the trick's last play.
    #[error("{play} ({reading}) does not beat {previous} ({previous_reading})")]
    DoesNotBeat {
        /// The ranks played.
        play: Counts,
        /// Its reading.
        reading: Combo,
        /// The play to beat.
        previous: Counts,
        /// Its reading.
        previous_reading: Combo,
    },
}

/// The result of a finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Settlement {
    /// The landlord.
    pub landlord: Seat,
    /// Whether the landlord emptied their hand first.
    pub landlord_won: bool,
    /// The base stake: the winning bid, or `2^robs`.
    pub base: u32,
    /// Bombs and rockets played (each doubles).
    pub bombs: u8,
    /// The landlord won and the farmers played no card (doubles).
    pub spring: bool,
    /// The farmers won and the landlord played only the first lead (doubles).
    pub anti_spring: bool,
    /// `base × 2^(bombs + spring + anti_spring)`, before the cap.
    pub multiplier: u64,
    /// The multiplier after the cap: what each farmer wins or pays.
    pub stake: u64,
    /// Each seat's gain: the landlord `±2 × stake`, each farmer `∓stake` (sums to zero).
    pub payouts: BySeat<i64, PLAYERS>,
}

impl Settlement {
    /// Who won: `the landlord` or `the farmers`.
    pub const fn winning_side(&self) -> &'static str {
        if self.landlord_won {
            "the landlord"
        } else {
            "the farmers"
        }
    }
}

impl fmt::Display for Settlement {
    /// How the stake was made: `base 2 × 2^1 bombs/rockets × 2 spring = ×8`, with
    /// `(capped to N)` when the cap applied.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "base {} × 2^{} bombs/rockets", self.base, self.bombs)?;
        if self.spring {
            f.write_str(" × 2 spring")?;
        }
        if self.anti_spring {
            f.write_str(" × 2 anti-spring")?;
        }
        write!(f, " = ×{}", self.multiplier)?;
        if self.stake != self.multiplier {
            write!(f, " (capped to {})", self.stake)?;
        }
        Ok(())
    }
}

/// An unvalidated card-play position, for tests, puzzles and analysis. Build a [`State`]
/// from it with [`State::from_setup`] (or `State::try_from`); [`State::to_setup`] gives it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The settings.
    pub settings: Settings,
    /// Each seat's remaining cards.
    pub hands: BySeat<CardSet, PLAYERS>,
    /// The revealed bottom cards.
    pub bottom: CardSet,
    /// The landlord.
    pub landlord: Seat,
    /// The base stake (at least 1).
    pub base: u32,
    /// The seat to play.
    pub to_move: Seat,
    /// The trick's last play and who made it; `None` when `to_move` leads.
    pub trick: Option<(Seat, Play)>,
    /// Bombs and rockets played so far.
    pub bombs: u8,
    /// Plays (not passes) made so far by each seat (for spring).
    pub plays: BySeat<u8, PLAYERS>,
}

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Two hands, or a hand and the trick, share a card.
    #[error("{0} appears twice")]
    Duplicate(Card),
    /// A hand is empty: the deal is already over.
    #[error("seat {0} has no cards: the deal is over")]
    EmptyHand(Seat),
    /// A hand holds more cards than the rules allow (20 for the landlord, 17 for a farmer).
    #[error("seat {0} holds {1} cards, more than it can")]
    TooManyCards(Seat, usize),
    /// The trick's play is not a reading of its ranks under the rules.
    #[error("the trick's play {0} is not a combination read that way")]
    BadTrick(Counts),
    /// The trick's player is the player to move (two passes end a trick).
    #[error("the trick's last player cannot be the player to move")]
    TrickOwnerToMove,
    /// The base stake is zero.
    #[error("the base stake must be at least 1")]
    ZeroBase,
}

/// The complete state of one deal (all hands: not for players' eyes; see [`State::view`]).
///
/// `play`/`bid` check and return a typed error, leaving the state untouched on error;
/// `play_unchecked` is the fast path for playouts. History and undo live in [`crate::Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    settings: Settings,
    hands: [CardSet; PLAYERS],
    counts: [Counts; PLAYERS],
    bottom: CardSet,
    auction: Auction,
    landlord: Option<Seat>,
    base: u32,
    to_move: Seat,
    trick: Option<(Seat, Play)>,
    passes: u8,
    bombs: u8,
    plays: [u8; PLAYERS],
    phase: Phase,
}

impl TryFrom<Setup> for State {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<State, SetupError> {
        State::from_setup(setup)
    }
}

impl State {
    /// A new deal at the start of the auction, `first_bidder` to act first.
    pub fn new(settings: Settings, deal: &Deal, first_bidder: Seat) -> Result<State, DealError> {
        deal.validate()?;
        let hands = *deal.hands.as_array();
        Ok(State {
            settings,
            hands,
            counts: hands.map(Counts::from_cards),
            bottom: deal.bottom,
            auction: Auction::new(settings.bidding, first_bidder),
            landlord: None,
            base: 0,
            to_move: first_bidder,
            trick: None,
            passes: 0,
            bombs: 0,
            plays: [0; PLAYERS],
            phase: Phase::Bidding,
        })
    }

    /// Validates a card-play position.
    pub fn from_setup(setup: Setup) -> Result<State, SetupError> {
        if setup.base == 0 {
            return Err(SetupError::ZeroBase);
        }
        let mut seen = CardSet::EMPTY;
        for (seat, &hand) in setup.hands.iter() {
            if let Some(card) = (seen & hand).first() {
                return Err(SetupError::Duplicate(card));
            }
            seen |= hand;
            if hand.is_empty() {
                return Err(SetupError::EmptyHand(seat));
            }
            let most = if seat == setup.landlord { 20 } else { 17 };
            if hand.len() > most {
                return Err(SetupError::TooManyCards(seat, hand.len()));
            }
        }
        if let Some((seat, play)) = setup.trick {
            if seat == setup.to_move {
                return Err(SetupError::TrickOwnerToMove);
            }
            if !readings(play.counts, &setup.settings.rules)
                .as_slice()
                .contains(&play.combo)
            {
                return Err(SetupError::BadTrick(play.counts));
            }
        }
        let passes = match setup.trick {
            Some((seat, _)) if seat.next() != setup.to_move => 1,
            _ => 0,
        };
        let hands = *setup.hands.as_array();
        Ok(State {
            settings: setup.settings,
            hands,
            counts: hands.map(Counts::from_cards),
            bottom: setup.bottom,
            auction: Auction::new(setup.settings.bidding, setup.landlord),
            landlord: Some(setup.landlord),
            base: setup.base,
            to_move: setup.to_move,
            trick: setup.trick,
            passes,
            bombs: setup.bombs,
            plays: *setup.plays.as_array(),
            phase: Phase::Playing,
        })
    }

    /// The card-play position as a [`Setup`] (`None` during and after an unfinished auction:
    /// a setup describes card play). `State::try_from(state.to_setup()?)` plays on exactly as
    /// this state, though its auction is forgotten.
    pub fn to_setup(&self) -> Option<Setup> {
        if !matches!(self.phase, Phase::Playing | Phase::Finished) {
            return None;
        }
        Some(Setup {
            settings: self.settings,
            hands: BySeat::new(self.hands),
            bottom: self.bottom,
            landlord: self.landlord?,
            base: self.base,
            to_move: self.to_move,
            trick: self.trick,
            bombs: self.bombs,
            plays: BySeat::new(self.plays),
        })
    }

    /// The settings.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The auction (public).
    pub const fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The seat to act: to bid while bidding, to play while playing; after the end, the
    /// seat that emptied its hand.
    pub const fn to_move(&self) -> Seat {
        match self.phase {
            Phase::Bidding => self.auction.to_act(),
            _ => self.to_move,
        }
    }

    /// The landlord, once the auction is won.
    pub const fn landlord(&self) -> Option<Seat> {
        self.landlord
    }

    /// A seat's cards (every seat's: this is the full state).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// A seat's ranks.
    pub fn hand_counts(&self, seat: Seat) -> Counts {
        self.counts[seat.index()]
    }

    /// The three bottom cards.
    pub const fn bottom(&self) -> CardSet {
        self.bottom
    }

    /// The trick's last play and its player; `None` when the player to move leads.
    pub const fn trick(&self) -> Option<(Seat, Play)> {
        self.trick
    }

    /// Consecutive passes since the trick's last play (0 or 1 while a trick is open).
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// Bombs and rockets played so far.
    pub const fn bombs(&self) -> u8 {
        self.bombs
    }

    /// Plays (not passes) each seat has made.
    pub fn plays_made(&self, seat: Seat) -> u8 {
        self.plays[seat.index()]
    }

    /// The current multiplier: base × 2 per bomb or rocket so far (spring is settled at the
    /// end). During the auction, the base it would give if it ended now ([`Auction::base`]:
    /// the highest bid, or `2^robs`).
    pub const fn multiplier(&self) -> u64 {
        match self.phase {
            Phase::Bidding | Phase::AllPassed => self.auction.base() as u64,
            Phase::Playing | Phase::Finished => (self.base as u64) << self.bombs,
        }
    }

    /// The legal bids of the seat to act (empty outside the auction).
    pub fn legal_bids(&self) -> impl Iterator<Item = Bid> + use<> {
        let open = self.phase == Phase::Bidding;
        self.auction.legal_bids().filter(move |_| open)
    }

    /// Applies the bid of the seat to act. When the auction is won the landlord takes the
    /// bottom cards and leads; when all pass the phase becomes [`Phase::AllPassed`].
    pub fn bid(&mut self, bid: Bid) -> Result<(), IllegalBid> {
        if self.phase != Phase::Bidding {
            return Err(IllegalBid::Closed);
        }
        self.auction.bid(bid)?;
        match self.auction.status() {
            AuctionStatus::Open => {}
            AuctionStatus::AllPassed => self.phase = Phase::AllPassed,
            AuctionStatus::Won { landlord, base } => {
                let i = landlord.index();
                self.hands[i] |= self.bottom;
                self.counts[i] = Counts::from_cards(self.hands[i]);
                self.landlord = Some(landlord);
                self.base = base;
                self.to_move = landlord;
                self.phase = Phase::Playing;
            }
        }
        Ok(())
    }

    /// Whether the seat to move leads (may not pass).
    pub const fn is_leading(&self) -> bool {
        self.trick.is_none()
    }

    /// Fills `out` (cleared first) with the plays the seat to move may make (pass, legal
    /// whenever the seat does not lead, is not included: see [`State::is_leading`]).
    pub fn legal_plays(&self, out: &mut Vec<Play>) {
        out.clear();
        if self.phase != Phase::Playing {
            return;
        }
        let hand = self.counts[self.to_move.index()];
        let rules = &self.settings.rules;
        match self.trick {
            None => for_each_lead(hand, rules, |p| out.push(p)),
            Some((_, prev)) => for_each_response(hand, prev.combo, rules, |p| out.push(p)),
        }
    }

    /// Fills `out` (cleared first) with every legal move: pass first when allowed, then plays.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.phase != Phase::Playing {
            return;
        }
        if self.trick.is_some() {
            out.push(Move::Pass);
        }
        let hand = self.counts[self.to_move.index()];
        let rules = &self.settings.rules;
        match self.trick {
            None => for_each_lead(hand, rules, |p| out.push(Move::Play(p))),
            Some((_, prev)) => {
                for_each_response(hand, prev.combo, rules, |p| out.push(Move::Play(p)));
            }
        }
    }

    /// Checks a move for the seat to move without applying it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::NotPlaying);
        }
        let Move::Play(play) = mv else {
            return if self.trick.is_none() {
                Err(IllegalMove::MustLead)
            } else {
                Ok(())
            };
        };
        if !play.counts.is_subset(self.counts[self.to_move.index()]) {
            return Err(IllegalMove::NotInHand(play.counts));
        }
        let all = readings(play.counts, &self.settings.rules);
        if all.is_empty() {
            return Err(IllegalMove::NotCombination(play.counts));
        }
        if !all.iter().any(|&c| c == play.combo) {
            return Err(IllegalMove::WrongReading(play.counts, play.combo));
        }
        match self.trick {
            Some((_, prev)) if !play.beats(prev) => Err(IllegalMove::DoesNotBeat {
                play: play.counts,
                reading: play.combo,
                previous: prev.counts,
                previous_reading: prev.combo,
            }),
            _ => Ok(()),
        }
    }

    /// Plays a move for the seat to move (the lowest-indexed cards of each rank leave the
    /// hand). An illegal move returns an error and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays exact cards for the seat to move, returning the move made. No cards is a pass.
    /// With several readings (permissive presets) the first that is legal here is used:
    /// leading, the first in [`readings`] order; responding, the first that beats.
    pub fn play_cards(&mut self, cards: CardSet) -> Result<Move, IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::NotPlaying);
        }
        if cards.is_empty() {
            self.play(Move::Pass)?;
            return Ok(Move::Pass);
        }
        let counts = Counts::from_cards(cards);
        if !cards.is_subset(self.hands[self.to_move.index()]) {
            return Err(IllegalMove::NotInHand(counts));
        }
        let all = readings(counts, &self.settings.rules);
        let combo = match self.trick {
            None => all.first(),
            Some((_, prev)) => all
                .iter()
                .copied()
                .find(|c| c.beats(prev.combo))
                .or(all.first()),
        }
        .ok_or(IllegalMove::NotCombination(counts))?;
        let play = Play { combo, counts };
        self.play_cards_as(cards, combo)?;
        Ok(Move::Play(play))
    }

    /// Plays exact cards under an explicit reading (for replays and permissive presets).
    pub fn play_cards_as(&mut self, cards: CardSet, combo: Combo) -> Result<(), IllegalMove> {
        let counts = Counts::from_cards(cards);
        if !cards.is_subset(self.hands[self.to_move.index()]) && self.phase == Phase::Playing {
            return Err(IllegalMove::NotInHand(counts));
        }
        let play = Play { combo, counts };
        self.check(Move::Play(play))?;
        self.apply(play, cards);
        Ok(())
    }

    /// The cards a play takes from the hand of the seat to move: for each rank, its
    /// lowest-indexed cards. Assumes the hand holds the ranks.
    pub fn cards_for(&self, play: Play) -> CardSet {
        self.cards_in_hand(self.to_move, play.counts)
            .unwrap_or(CardSet::EMPTY)
    }

    /// The cards of `seat`'s hand that make up `counts` (for each rank, its lowest-indexed
    /// cards), or `None` if the hand does not hold those ranks.
    pub fn cards_in_hand(&self, seat: Seat, counts: Counts) -> Option<CardSet> {
        counts.cards_in(self.hands[seat.index()])
    }

    /// Plays a move without checking it: the fast path for playouts and search.
    ///
    /// # Panics
    /// May panic or corrupt the state if the move is not legal ([`State::check`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Pass => {
                self.passes += 1;
                self.to_move = self.to_move.next();
                if self.passes == 2 {
                    self.trick = None;
                    self.passes = 0;
                }
            }
            Move::Play(play) => {
                let cards = self.cards_for(play);
                self.apply(play, cards);
            }
        }
    }

    fn apply(&mut self, play: Play, cards: CardSet) {
        let seat = self.to_move;
        let i = seat.index();
        self.hands[i] -= cards;
        self.counts[i] = Counts::from_bits(self.counts[i].bits() - play.counts.bits())
            .expect("a legal play leaves valid counts");
        self.plays[i] += 1;
        if play.combo.kind.is_bomb() {
            self.bombs += 1;
        }
        self.trick = Some((seat, play));
        self.passes = 0;
        if self.hands[i].is_empty() {
            self.phase = Phase::Finished;
        } else {
            self.to_move = seat.next();
        }
    }

    /// The settlement, once a hand is empty.
    pub fn settlement(&self) -> Option<Settlement> {
        if self.phase != Phase::Finished {
            return None;
        }
        let landlord = self.landlord?;
        let landlord_won = self.to_move == landlord;
        let farmers_played: u32 = Seat::ALL
            .into_iter()
            .filter(|&s| s != landlord)
            .map(|s| u32::from(self.plays[s.index()]))
            .sum();
        let spring = landlord_won && farmers_played == 0;
        let anti_spring = !landlord_won && self.plays[landlord.index()] == 1;
        let doublings = u32::from(self.bombs) + u32::from(spring) + u32::from(anti_spring);
        let multiplier = u64::from(self.base) << doublings;
        let stake = match self.settings.cap {
            Some(cap) => multiplier.min(u64::from(cap)),
            None => multiplier,
        };
        let sign: i64 = if landlord_won { 1 } else { -1 };
        let stake_signed = sign * stake as i64;
        let payouts = BySeat::from_fn(|s| {
            if s == landlord {
                2 * stake_signed
            } else {
                -stake_signed
            }
        });
        Some(Settlement {
            landlord,
            landlord_won,
            base: self.base,
            bombs: self.bombs,
            spring,
            anti_spring,
            multiplier,
            stake,
            payouts,
        })
    }

    /// What `seat` may see, without any history (see [`crate::Game::view`] for one with it).
    pub fn view(&self, seat: Seat) -> View {
        self.view_with_history(Some(seat), Vec::new())
    }

    /// What a spectator may see: no hand, only public information.
    pub fn public_view(&self) -> View {
        self.view_with_history(None, Vec::new())
    }

    pub(crate) fn view_with_history(&self, seat: Option<Seat>, history: Vec<crate::Turn>) -> View {
        let revealed = self.landlord.is_some();
        View {
            seat,
            hand: seat.map_or(CardSet::EMPTY, |s| self.hands[s.index()]),
            hand_counts: seat.map_or(Counts::EMPTY, |s| self.counts[s.index()]),
            card_counts: BySeat::from_fn(|s| self.hands[s.index()].len() as u8),
            bottom: revealed.then_some(self.bottom),
            landlord: self.landlord,
            phase: self.phase,
            to_move: self.to_move(),
            trick: self.trick,
            settings: self.settings,
            auction: self.auction,
            multiplier: self.multiplier(),
            history,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Kind, Rank};

    fn seat(i: usize) -> Seat {
        Seat::ALL[i]
    }

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    fn endgame() -> State {
        // Landlord (seat 0) holds 3 cards; farmers hold two and one.
        let setup = Setup {
            settings: Settings::default(),
            hands: BySeat::new([set("3C 3D 7S"), set("4C 5C"), set("2H")]),
            bottom: set("7S 8S 9S"),
            landlord: seat(0),
            base: 2,
            to_move: seat(0),
            trick: None,
            bombs: 1,
            plays: BySeat::new([3, 2, 2]),
        };
        State::from_setup(setup).unwrap()
    }

    /// A card-play position in which seat 0, the landlord, leads.
    fn landlord_leads(
        settings: Settings,
        hands: [&str; 3],
        base: u32,
        bombs: u8,
        plays: [u8; 3],
    ) -> State {
        State::from_setup(Setup {
            settings,
            hands: BySeat::new(hands.map(set)),
            bottom: CardSet::EMPTY,
            landlord: seat(0),
            base,
            to_move: seat(0),
            trick: None,
            bombs,
            plays: BySeat::new(plays),
        })
        .unwrap()
    }

    #[test]
    fn setup_validation() {
        let mut setup = Setup {
            settings: Settings::default(),
            hands: BySeat::new([set("3C"), set("3C"), set("4C")]),
            bottom: CardSet::EMPTY,
            landlord: seat(0),
            base: 1,
            to_move: seat(0),
            trick: None,
            bombs: 0,
            plays: BySeat::default(),
        };
        assert_eq!(
            State::from_setup(setup),
            Err(SetupError::Duplicate("3C".parse().unwrap()))
        );
        setup.hands = BySeat::new([set("3C"), set("3D"), CardSet::EMPTY]);
        assert_eq!(
            State::from_setup(setup),
            Err(SetupError::EmptyHand(seat(2)))
        );
        setup.hands = BySeat::new([set("3C"), set("3D"), set("4D")]);
        let pair = |text: &str| Play::parse(text, &RuleSet::DEFAULT).unwrap();
        setup.trick = Some((seat(0), pair("55")));
        assert_eq!(State::from_setup(setup), Err(SetupError::TrickOwnerToMove));
        let wrong = Play {
            combo: Combo::new(Kind::Single, Rank::Five),
            counts: "56".parse().unwrap(),
        };
        setup.trick = Some((seat(1), wrong));
        assert_eq!(
            State::from_setup(setup),
            Err(SetupError::BadTrick(wrong.counts))
        );
        setup.trick = Some((seat(1), pair("55")));
        let state = State::from_setup(setup).unwrap();
        assert_eq!(state.passes(), 1, "seat 2 passed after seat 1 played");
        assert_eq!(
            state.to_setup(),
            Some(setup),
            "to_setup gives the setup back"
        );
        setup.base = 0;
        assert_eq!(State::from_setup(setup), Err(SetupError::ZeroBase));
    }

    #[test]
    fn illegal_plays_change_nothing() {
        let mut state = endgame();
        let before = state;
        assert_eq!(state.play(Move::Pass), Err(IllegalMove::MustLead));
        assert!(matches!(
            state.play_cards(set("3C 7S")),
            Err(IllegalMove::NotCombination(_))
        ));
        assert!(matches!(
            state.play_cards(set("4C")),
            Err(IllegalMove::NotInHand(_))
        ));
        let wrong = Play {
            combo: Combo::new(Kind::Single, Rank::Three),
            counts: "33".parse().unwrap(),
        };
        assert!(matches!(
            state.play(Move::Play(wrong)),
            Err(IllegalMove::WrongReading(..))
        ));
        assert_eq!(state, before);
        state.play_cards(set("3C 3D")).unwrap();
        let before = state;
        assert!(matches!(
            state.play_cards(set("4C")),
            Err(IllegalMove::DoesNotBeat { .. })
        ));
        assert_eq!(state, before);
    }

    #[test]
    fn trick_ends_after_two_passes_and_settles() {
        let mut state = endgame();
        state.play("33".parse::<Move>().unwrap()).unwrap();
        state.play(Move::Pass).unwrap();
        state.play(Move::Pass).unwrap();
        assert!(state.is_leading());
        assert_eq!(state.to_move(), seat(0));
        state.play_cards(set("7S")).unwrap();
        assert_eq!(state.phase(), Phase::Finished);
        let result = state.settlement().unwrap();
        assert!(result.landlord_won && !result.spring);
        assert_eq!(result.multiplier, 4);
        assert_eq!(result.payouts.into_array(), [8, -4, -4]);
    }

    #[test]
    fn farmers_win_with_anti_spring_and_cap() {
        let capped = Settings {
            cap: Some(5),
            ..Settings::default()
        };
        let mut state = landlord_leads(capped, ["3C 4D", "5C", "2H"], 3, 0, [0, 0, 0]);
        state.play_cards(set("3C")).unwrap();
        state.play_cards(set("5C")).unwrap();
        assert_eq!(state.phase(), Phase::Finished);
        let result = state.settlement().unwrap();
        assert!(!result.landlord_won && result.anti_spring && !result.spring);
        assert_eq!((result.multiplier, result.stake), (6, 5));
        assert_eq!(result.payouts.into_array(), [-10, 5, 5]);
        assert_eq!(result.winning_side(), "the farmers");
        assert_eq!(
            result.to_string(),
            "base 3 × 2^0 bombs/rockets × 2 anti-spring = ×6 (capped to 5)"
        );
    }

    #[test]
    fn view_multiplier_shows_the_auction_value_after_robs() {
        // Issue 13: the `View`'s multiplier read 0 during the auction, even after robs.
        let deal = Deal::from_seed(3);
        let rob = Settings {
            bidding: BidMode::Rob,
            ..Settings::default()
        };
        let mut state = State::new(rob, &deal, seat(0)).unwrap();
        assert_eq!(
            state.view(seat(0)).multiplier,
            1,
            "nobody called yet: base 1"
        );
        state.bid(Bid::Call).unwrap();
        state.bid(Bid::Rob).unwrap();
        assert_eq!(state.phase(), Phase::Bidding);
        assert_eq!(state.view(seat(2)).multiplier, 2, "one rob doubles");
        state.bid(Bid::Rob).unwrap();
        assert_eq!(state.view(seat(0)).multiplier, 4, "two robs");
        let mut points = State::new(Settings::default(), &deal, seat(0)).unwrap();
        points.bid(Bid::Points(2)).unwrap();
        assert_eq!(points.public_view().multiplier, 2, "the highest bid so far");
    }

    #[test]
    fn spring_doubles_the_settlement() {
        // The landlord plays out (a pair, then a single) while neither farmer plays a card.
        let hands = ["3C 3D 9S", "4C 5C", "6H 7H"];
        let mut state = landlord_leads(Settings::default(), hands, 3, 1, [2, 0, 0]);
        state.play_cards(set("3C 3D")).unwrap();
        state.play(Move::Pass).unwrap();
        state.play(Move::Pass).unwrap();
        state.play_cards(set("9S")).unwrap();
        let result = state.settlement().unwrap();
        assert!(result.landlord_won && result.spring && !result.anti_spring);
        // base 3 × 2 (one bomb) × 2 (spring) = 12; the landlord wins 2 × 12 from the farmers.
        assert_eq!((result.multiplier, result.stake), (12, 12));
        assert_eq!(
            result.to_string(),
            "base 3 × 2^1 bombs/rockets × 2 spring = ×12"
        );
        assert_eq!(result.payouts.into_array(), [24, -12, -12]);
    }

    #[test]
    fn landlord_takes_the_bottom_and_leads() {
        let deal = Deal::from_seed(7);
        let mut state = State::new(Settings::default(), &deal, seat(1)).unwrap();
        assert_eq!(state.to_move(), seat(1));
        state.bid(Bid::Points(2)).unwrap();
        state.bid(Bid::Pass).unwrap();
        assert_eq!(state.phase(), Phase::Bidding);
        state.bid(Bid::Pass).unwrap();
        assert_eq!(state.phase(), Phase::Playing);
        assert_eq!(state.landlord(), Some(seat(1)));
        assert_eq!(state.hand(seat(1)).len(), 20);
        assert!(deal.bottom.is_subset(state.hand(seat(1))));
        assert_eq!(state.to_move(), seat(1));
        assert_eq!(state.multiplier(), 2);
        assert_eq!(state.bid(Bid::Pass), Err(IllegalBid::Closed));
    }
}
