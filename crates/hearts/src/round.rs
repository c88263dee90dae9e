//! `Round`: one hand of Hearts, from the deal through the passing phase and thirteen tricks to
//! the hand's result.

use std::fmt;

use cards_core::{BySeat, Card, CardSet, Rank, Suit};
use rand::Rng;

use crate::rules::{TrickState, legal_cards, why_illegal};
use crate::{
    HEARTS, IllegalMove, JACK_OF_DIAMONDS, MoonScoring, Move, PassDirection, QUEEN_OF_SPADES,
    ReplayError, Seat, Settings, SetupError, TWO_OF_CLUBS, Trick, View, penalty_points,
};

/// The stage a round is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Seats are choosing the three cards to pass; none has been revealed.
    Passing,
    /// Tricks are being played.
    Playing,
    /// All thirteen tricks are played; the result is final.
    Over,
}

impl fmt::Display for Phase {
    /// `passing`, `playing` or `over`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Passing => "passing",
            Phase::Playing => "playing",
            Phase::Over => "over",
        })
    }
}

/// An unvalidated deal: settings, pass direction and four hands of any content.
/// [`Round::from_setup`] (or `Round::try_from`) checks it; [`Round::to_setup`] gives it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// The rules.
    pub settings: Settings,
    /// Where cards are passed this hand.
    pub direction: PassDirection,
    /// The cards dealt to each seat, North first.
    pub hands: BySeat<CardSet, 4>,
}

/// What a round needs to be rebuilt exactly: the deal, the passes chosen so far and the plays.
/// [`Round::record`] writes one and [`Round::replay`] reads it back, checking every step; serde
/// saves a [`Round`] as its record.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundRecord {
    /// The rules.
    pub settings: Settings,
    /// Where cards are passed this hand.
    pub direction: PassDirection,
    /// The hands as dealt, before passing, North first.
    pub deal: BySeat<CardSet, 4>,
    /// The cards each seat chose to pass: three once chosen, fewer while it picks them one at
    /// a time ([`Move::Pick`]); `None` before its first pick, and in a hold hand.
    pub passes: BySeat<Option<CardSet>, 4>,
    /// Every card played, in order (the seat is implied by the turn).
    pub plays: Vec<Card>,
}

/// The result of a finished hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HandResult {
    /// The score of each seat for this hand, after moon scoring and bonuses.
    pub points: BySeat<i32, 4>,
    /// The penalty points each seat took (1 per heart, 13 for Q♠), before moon and bonuses.
    pub penalty: BySeat<u8, 4>,
    /// The seat that took all 26 penalty points, if one did.
    pub moon: Option<Seat>,
    /// The number of tricks each seat won.
    pub tricks: BySeat<u8, 4>,
}

const FILLER: Card = Card::new(Rank::Two, Suit::Clubs);

/// One hand of Hearts: the full state, every seat's cards included.
///
/// Pure and deterministic: the deal comes from a seed, an `Rng` or four explicit hands, and
/// every change is a [`Move`] through [`play`](Round::play) (checked; an error leaves the
/// round unchanged) or [`play_unchecked`](Round::play_unchecked), the fast path. Give bots and
/// players a [`View`] (from [`view`](Round::view)), which holds only what one seat knows.
///
/// ```
/// use hearts::{Move, Phase, PassDirection, Round, Settings};
///
/// let mut round = Round::deal(Settings::default(), PassDirection::Hold, 7);
/// assert_eq!(round.phase(), Phase::Playing);
/// while let Some(seat) = round.to_move() {
///     let card = round.legal_moves().first().unwrap(); // lowest legal card
///     round.play(Move::Play(seat, card))?;
/// }
/// let result = round.result().unwrap();
/// assert!(result.moon.is_some() || result.points.iter().map(|(_, p)| p).sum::<i32>() == 26);
/// # Ok::<(), hearts::IllegalMove>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "RoundRecord", try_from = "RoundRecord")]
pub struct Round {
    settings: Settings,
    direction: PassDirection,
    dealt: [CardSet; 4],
    hands: [CardSet; 4],
    passes: [CardSet; 4],
    passed: u8,
    phase: Phase,
    plays: [Card; 52],
    len: u8,
    first_leader: Seat,
    winners: [Seat; 13],
    taken: [CardSet; 4],
    tricks_won: [u8; 4],
    turn: Seat,
    hearts_broken: bool,
}

impl Round {
    /// Deals with [`cards_core::seeded_rng`]`(seed)`: the same seed gives the same deal everywhere.
    pub fn deal(settings: Settings, direction: PassDirection, seed: u64) -> Round {
        Round::deal_with(settings, direction, &mut cards_core::seeded_rng(seed))
    }

    /// Deals with `rng`: a uniform shuffle of 52 cards, 13 consecutive cards per seat.
    pub fn deal_with<R: Rng + ?Sized>(
        settings: Settings,
        direction: PassDirection,
        rng: &mut R,
    ) -> Round {
        let mut deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i).unwrap_or(FILLER));
        cards_core::shuffle(&mut deck, rng);
        let hands =
            std::array::from_fn(|seat| deck[seat * 13..seat * 13 + 13].iter().copied().collect());
        Round::new_unchecked(settings, direction, hands)
    }

    /// Builds a round from four explicit hands after checking they are a Hearts deal.
    ///
    /// ```
    /// use cards_core::{BySeat, CardSet, Suit};
    /// use hearts::{PassDirection, Round, Setup, Settings, NORTH};
    ///
    /// let hands = BySeat::new(Suit::ALL.map(CardSet::suit)); // North all clubs, …
    /// let setup = Setup { settings: Settings::default(), direction: PassDirection::Hold, hands };
    /// let round = Round::try_from(setup)?;
    /// assert_eq!(round.to_move(), Some(NORTH));
    /// assert_eq!(round.to_setup(), setup);
    /// # Ok::<(), hearts::SetupError>(())
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Round, SetupError> {
        let mut seen = CardSet::EMPTY;
        for (_, &hand) in setup.hands.iter() {
            if let Some(card) = (hand - CardSet::STANDARD).first() {
                return Err(SetupError::NotStandard(card));
            }
            if let Some(card) = (hand & seen).first() {
                return Err(SetupError::Repeated(card));
            }
            seen |= hand;
        }
        for (seat, &hand) in setup.hands.iter() {
            if hand.len() != 13 {
                return Err(SetupError::HandSize {
                    seat,
                    len: hand.len(),
                });
            }
        }
        Ok(Round::new_unchecked(
            setup.settings,
            setup.direction,
            setup.hands.into_array(),
        ))
    }

    /// The deal this round started from: settings, pass direction and the hands as dealt
    /// (the passes and plays since are in its [`record`](Round::record)).
    pub fn to_setup(&self) -> Setup {
        Setup {
            settings: self.settings,
            direction: self.direction,
            hands: BySeat::new(self.dealt),
        }
    }

    fn new_unchecked(settings: Settings, direction: PassDirection, hands: [CardSet; 4]) -> Round {
        let mut round = Round {
            settings,
            direction,
            dealt: hands,
            hands,
            passes: [CardSet::EMPTY; 4],
            passed: 0,
            phase: Phase::Passing,
            plays: [FILLER; 52],
            len: 0,
            first_leader: Seat::ALL[0],
            winners: [Seat::ALL[0]; 13],
            taken: [CardSet::EMPTY; 4],
            tricks_won: [0; 4],
            turn: Seat::ALL[0],
            hearts_broken: false,
        };
        if !direction.passes() {
            round.start_play();
        }
        round
    }

    fn start_play(&mut self) {
        let leader = Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()].contains(TWO_OF_CLUBS));
        self.first_leader = leader.unwrap_or(Seat::ALL[0]);
        self.turn = self.first_leader;
        self.phase = Phase::Playing;
    }

    /// The rules in force.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Where cards are passed this hand.
    pub const fn pass_direction(&self) -> PassDirection {
        self.direction
    }

    /// The current phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to play a card, in the playing phase.
    pub fn to_move(&self) -> Option<Seat> {
        (self.phase == Phase::Playing).then_some(self.turn)
    }

    /// The seats that still have to choose their pass (empty outside the passing phase).
    pub fn awaiting_pass(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL
            .into_iter()
            .filter(move |s| self.phase == Phase::Passing && self.passed & (1 << s.index()) == 0)
    }

    /// `seat`'s current hand. This is the full state: give a player its [`View`] instead.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// `seat`'s hand as dealt, before passing.
    pub fn dealt(&self, seat: Seat) -> CardSet {
        self.dealt[seat.index()]
    }

    /// The cards `seat` chose to pass, once all three are chosen.
    pub fn pass_of(&self, seat: Seat) -> Option<CardSet> {
        (self.passed & (1 << seat.index()) != 0).then_some(self.passes[seat.index()])
    }

    /// The cards `seat` has picked for its pass so far ([`Move::Pick`]; all three once the pass
    /// is chosen).
    pub fn picked(&self, seat: Seat) -> CardSet {
        self.passes[seat.index()]
    }

    /// The cards `seat` may pick for its pass now: its hand less the cards already picked
    /// (empty unless it still has to pass).
    pub fn legal_picks(&self, seat: Seat) -> CardSet {
        if self.phase == Phase::Passing && self.passed & (1 << seat.index()) == 0 {
            self.hands[seat.index()] - self.passes[seat.index()]
        } else {
            CardSet::EMPTY
        }
    }

    /// The cards `seat` received, once all passes are revealed.
    pub fn received(&self, seat: Seat) -> Option<CardSet> {
        (self.direction.passes() && self.phase != Phase::Passing)
            .then(|| self.passes[self.direction.giver(seat).index()])
    }

    /// Whether hearts have been broken (a heart, or Q♠ with
    /// [`Settings::queen_breaks_hearts`], has been played).
    pub const fn hearts_broken(&self) -> bool {
        self.hearts_broken
    }

    /// The number of cards played so far (0..=52).
    pub const fn cards_played(&self) -> usize {
        self.len as usize
    }

    /// Every card played, in order.
    pub fn plays(&self) -> &[Card] {
        &self.plays[..self.len as usize]
    }

    /// The number of completed tricks (0..=13).
    pub const fn tricks_played(&self) -> usize {
        self.len as usize / 4
    }

    /// The seat that led the first trick (the holder of 2♣ after passing).
    pub const fn first_leader(&self) -> Seat {
        self.first_leader
    }

    fn leader_of(&self, trick: usize) -> Seat {
        if trick == 0 {
            self.first_leader
        } else {
            self.winners[trick - 1]
        }
    }

    /// Trick `index` (0-based), complete or in progress, if it has begun.
    pub fn trick(&self, index: usize) -> Option<Trick> {
        let start = index * 4;
        if index >= 13
            || start > self.len as usize
            || (start == self.len as usize && self.phase != Phase::Playing)
        {
            return None;
        }
        let end = (start + 4).min(self.len as usize);
        Some(Trick::new(self.leader_of(index), &self.plays[start..end]))
    }

    /// The completed tricks in order.
    pub fn completed_tricks(&self) -> impl ExactSizeIterator<Item = Trick> + '_ {
        (0..self.tricks_played())
            .map(|i| Trick::new(self.leader_of(i), &self.plays[i * 4..i * 4 + 4]))
    }

    /// The trick being played (possibly with no card yet), in the playing phase.
    pub fn current_trick(&self) -> Option<Trick> {
        if self.phase == Phase::Playing {
            self.trick(self.tricks_played())
        } else {
            None
        }
    }

    /// All cards `seat` has won in tricks.
    pub fn taken(&self, seat: Seat) -> CardSet {
        self.taken[seat.index()]
    }

    /// The tricks `seat` has won.
    pub fn tricks_won(&self, seat: Seat) -> usize {
        self.tricks_won[seat.index()] as usize
    }

    /// The penalty points `seat` has taken so far.
    pub fn points_taken(&self, seat: Seat) -> u32 {
        penalty_points(self.taken[seat.index()])
    }

    pub(crate) fn trick_state(&self) -> TrickState {
        let start = self.len as usize & !3;
        TrickState {
            led: if (self.len as usize) > start {
                self.plays[start].suit()
            } else {
                None
            },
            first_trick: self.len < 4,
            hearts_broken: self.hearts_broken,
        }
    }

    /// The cards the seat to move may play (empty outside the playing phase).
    pub fn legal_moves(&self) -> CardSet {
        if self.phase != Phase::Playing {
            return CardSet::EMPTY;
        }
        legal_cards(
            &self.settings,
            self.hands[self.turn.index()],
            self.trick_state(),
        )
    }

    /// Checks a move without making it, naming the rule that refuses it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Play(seat, card) => self.check_play(seat, card),
            Move::Pass(seat, cards) => {
                self.check_passing(seat)?;
                if let Some(card) = (cards - self.hands[seat.index()]).first() {
                    return Err(IllegalMove::NotInHand(card));
                }
                if cards.len() == 3 {
                    Ok(())
                } else {
                    Err(IllegalMove::WrongCount(cards.len()))
                }
            }
            Move::Pick(seat, card) => {
                self.check_passing(seat)?;
                if !self.hands[seat.index()].contains(card) {
                    Err(IllegalMove::NotInHand(card))
                } else if self.passes[seat.index()].contains(card) {
                    Err(IllegalMove::AlreadyPicked(card))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn check_passing(&self, seat: Seat) -> Result<(), IllegalMove> {
        if self.phase != Phase::Passing {
            Err(IllegalMove::NotPassing { phase: self.phase })
        } else if self.passed & (1 << seat.index()) != 0 {
            Err(IllegalMove::AlreadyChosen(seat))
        } else {
            Ok(())
        }
    }

    fn check_play(&self, seat: Seat, card: Card) -> Result<(), IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::NotPlaying { phase: self.phase });
        }
        if seat != self.turn {
            return Err(IllegalMove::NotYourTurn {
                seat,
                turn: self.turn,
            });
        }
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(IllegalMove::NotInHand(card));
        }
        let state = self.trick_state();
        if legal_cards(&self.settings, hand, state).contains(card) {
            Ok(())
        } else {
            Err(why_illegal(&self.settings, hand, state, card))
        }
    }

    /// Makes a move: plays a card, chooses a pass, or picks one card of a pass. A refused move
    /// says which rule forbids it and leaves the round unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Makes a move without checking the rules: the fast path for playouts and search.
    ///
    /// # Panics
    /// May panic, or corrupt the round, if [`check`](Round::check) would refuse the move;
    /// debug builds assert it.
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert_eq!(self.check(mv), Ok(()), "{mv:?} is not legal here");
        match mv {
            Move::Play(_, card) => self.play_card(card),
            Move::Pass(seat, cards) => {
                self.passes[seat.index()] = cards;
                self.pass_chosen(seat);
            }
            Move::Pick(seat, card) => {
                self.passes[seat.index()].insert(card);
                if self.passes[seat.index()].len() == 3 {
                    self.pass_chosen(seat);
                }
            }
        }
    }

    fn play_card(&mut self, card: Card) {
        let seat = self.turn.index();
        self.hands[seat].remove(card);
        self.plays[self.len as usize] = card;
        self.len += 1;
        if HEARTS.contains(card) || (card == QUEEN_OF_SPADES && self.settings.queen_breaks_hearts) {
            self.hearts_broken = true;
        }
        if !self.len.is_multiple_of(4) {
            self.turn = self.turn.next();
            return;
        }
        let trick = self.len as usize / 4 - 1;
        let cards = &self.plays[trick * 4..trick * 4 + 4];
        let led = cards[0].index() / 13;
        let mut best = 0;
        let mut set = CardSet::single(cards[0]);
        for (i, &c) in cards.iter().enumerate().skip(1) {
            set.insert(c);
            if c.index() / 13 == led && c.index() > cards[best].index() {
                best = i;
            }
        }
        let winner = self.leader_of(trick).offset(best);
        self.winners[trick] = winner;
        self.taken[winner.index()] |= set;
        self.tricks_won[winner.index()] += 1;
        self.turn = winner;
        if self.len == 52 {
            self.phase = Phase::Over;
        }
    }

    /// Marks `seat`'s pass as chosen; the fourth choice exchanges the cards and starts play.
    fn pass_chosen(&mut self, seat: Seat) {
        self.passed |= 1 << seat.index();
        if self.passed == 0b1111 {
            for from in Seat::ALL {
                self.hands[from.index()] -= self.passes[from.index()];
            }
            for from in Seat::ALL {
                self.hands[self.direction.receiver(from).index()] |= self.passes[from.index()];
            }
            self.start_play();
        }
    }

    /// The hand's result, once all thirteen tricks are played.
    pub fn result(&self) -> Option<HandResult> {
        (self.phase == Phase::Over).then(|| self.score())
    }

    fn score(&self) -> HandResult {
        let penalty = BySeat::from_fn(|s| penalty_points(self.taken[s.index()]) as u8);
        let moon = Seat::ALL.into_iter().find(|&s| penalty[s] == 26);
        let mut points = BySeat::from_fn(|s| match (moon, self.settings.moon) {
            (None, _) => i32::from(penalty[s]),
            (Some(shooter), MoonScoring::OthersAdd26) => {
                if s == shooter {
                    0
                } else {
                    26
                }
            }
            (Some(shooter), MoonScoring::ShooterMinus26) => {
                if s == shooter {
                    -26
                } else {
                    0
                }
            }
        });
        for seat in Seat::ALL {
            if self.settings.jack_of_diamonds && self.taken[seat.index()].contains(JACK_OF_DIAMONDS)
            {
                points[seat] -= 10;
            }
            // As OpenSpiel's `avoid_all_tricks_bonus`: no bonus in a hand in which the moon
            // was shot.
            if self.settings.no_tricks_bonus && moon.is_none() && self.tricks_won[seat.index()] == 0
            {
                points[seat] -= 5;
            }
        }
        HandResult {
            points,
            penalty,
            moon,
            tricks: BySeat::new(self.tricks_won),
        }
    }

    /// What `seat` knows: its own cards and the public play, nothing of the other hands.
    pub fn view(&self, seat: Seat) -> View {
        View::new(self, Some(seat), None)
    }

    /// What a spectator knows: the public play only, no hand.
    pub fn public_view(&self) -> View {
        View::new(self, None, None)
    }

    /// The record of this round: deal, passes chosen (or picked) so far, plays.
    pub fn record(&self) -> RoundRecord {
        RoundRecord {
            settings: self.settings,
            direction: self.direction,
            deal: BySeat::new(self.dealt),
            passes: BySeat::from_fn(|s| Some(self.passes[s.index()]).filter(|p| !p.is_empty())),
            plays: self.plays().to_vec(),
        }
    }

    /// Rebuilds a round from its record, checking every pass and play.
    ///
    /// ```
    /// use hearts::{Move, PassDirection, Round, Settings};
    ///
    /// let mut round = Round::deal(Settings::default(), PassDirection::Hold, 1);
    /// let seat = round.to_move().unwrap();
    /// round.play(Move::Play(seat, round.legal_moves().first().unwrap()))?;
    /// assert_eq!(Round::replay(&round.record()), Ok(round));
    /// # Ok::<(), hearts::IllegalMove>(())
    /// ```
    pub fn replay(record: &RoundRecord) -> Result<Round, ReplayError> {
        let mut round = Round::from_setup(Setup {
            settings: record.settings,
            direction: record.direction,
            hands: record.deal,
        })?;
        let chosen = record.passes.iter().filter(|(_, p)| p.is_some()).count();
        if (!record.direction.passes() && chosen > 0)
            || (record.direction.passes() && chosen < 4 && !record.plays.is_empty())
        {
            return Err(ReplayError::PassesMismatch);
        }
        for (seat, pass) in record.passes.iter() {
            let Some(cards) = *pass else { continue };
            let moves: Vec<Move> = if cards.len() < 3 {
                cards.iter().map(|card| Move::Pick(seat, card)).collect()
            } else {
                vec![Move::Pass(seat, cards)]
            };
            for mv in moves {
                round
                    .play(mv)
                    .map_err(|error| ReplayError::Pass { seat, error })?;
            }
        }
        for (index, &card) in record.plays.iter().enumerate() {
            round
                .play(Move::Play(round.turn, card))
                .map_err(|error| ReplayError::Play { index, error })?;
        }
        Ok(round)
    }

    pub(crate) const fn turn(&self) -> Seat {
        self.turn
    }
}

impl TryFrom<Setup> for Round {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Round, SetupError> {
        Round::from_setup(setup)
    }
}

impl TryFrom<RoundRecord> for Round {
    type Error = ReplayError;
    fn try_from(record: RoundRecord) -> Result<Round, ReplayError> {
        Round::replay(&record)
    }
}

impl From<Round> for RoundRecord {
    fn from(round: Round) -> RoundRecord {
        round.record()
    }
}

impl fmt::Debug for Round {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Round")
            .field("phase", &self.phase)
            .field("direction", &self.direction)
            .field("hands", &self.hands)
            .field("plays", &self.plays())
            .field("turn", &self.turn)
            .field("hearts_broken", &self.hearts_broken)
            .finish_non_exhaustive()
    }
}
