//! `View`: what one seat knows. Bots and frontends get this, never the full [`Round`].

use cards_core::{BySeat, Card, CardSet, Suit};

use crate::rules::{TrickState, legal_cards, why_illegal};
use crate::{
    HandSummary, IllegalMove, JACK_OF_DIAMONDS, PassDirection, Phase, Round, Seat, Settings, Trick,
    penalty_points,
};

/// One seat's knowledge of a round: its own hand, the cards it picked and passed and (once
/// revealed) the cards it received, the public tricks, points taken, scores, whose turn it is,
/// and the voids play has revealed. It is a copy, built by [`Round::view`] or
/// [`Game::view`](crate::Game::view); it holds no other seat's hand or pass, so nothing
/// reachable from it leaks hidden cards. A spectator's view ([`Round::public_view`]) holds no
/// hand at all. Views serialise (serde) with exactly this content.
///
/// ```
/// use hearts::{PassDirection, Round, Settings, NORTH};
///
/// let round = Round::deal(Settings::default(), PassDirection::Left, 3);
/// let view = round.view(NORTH);
/// assert_eq!(view.hand(), round.hand(NORTH));
/// assert_eq!(view.hand_len(hearts::EAST), 13, "others' hands are only counted");
/// assert_eq!(view.received(), None, "nothing is revealed while seats choose");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct View {
    seat: Option<Seat>,
    settings: Settings,
    direction: PassDirection,
    phase: Phase,
    hand: CardSet,
    picked: CardSet,
    passed: Option<CardSet>,
    received: Option<CardSet>,
    awaiting_pass: u8,
    tricks: [Trick; 13],
    num_tricks: u8,
    turn: Option<Seat>,
    hearts_broken: bool,
    voids: [u8; 4],
    taken: [CardSet; 4],
    tricks_won: [u8; 4],
    hand_len: [u8; 4],
    totals: Option<BySeat<i32, 4>>,
    /// Each seat's score for this hand so far, by the crate's scoring.
    #[serde(default)]
    points: [i32; 4],
    /// The score of every finished hand of the game, oldest first.
    #[serde(default)]
    hand_scores: Vec<BySeat<i32, 4>>,
    /// The seat that shot the moon in every finished hand, oldest first.
    #[serde(default)]
    hand_moons: Vec<Option<Seat>>,
    /// The final trick of the last finished hand.
    #[serde(default)]
    last_hand_trick: Option<Trick>,
}

impl View {
    pub(crate) fn new(round: &Round, seat: Option<Seat>, totals: Option<BySeat<i32, 4>>) -> View {
        // A fixed array, not a Vec: views are built on every bot move, with no allocation.
        let mut tricks = [Trick::new(round.first_leader(), &[]); 13];
        let mut num_tricks = 0;
        for trick in round.completed_tricks().chain(round.current_trick()) {
            tricks[num_tricks] = trick;
            num_tricks += 1;
        }
        let mut voids = [0u8; 4];
        let mut hand_len = [13u8; 4];
        for trick in &tricks[..num_tricks] {
            let led = trick.led_suit();
            for (player, card) in trick.plays() {
                hand_len[player.index()] -= 1;
                if let Some(suit) = led.filter(|&s| card.suit() != Some(s)) {
                    voids[player.index()] |= 1 << suit.index();
                }
            }
        }
        let mut awaiting_pass = 0;
        for s in round.awaiting_pass() {
            awaiting_pass |= 1 << s.index();
        }
        View {
            seat,
            settings: *round.settings(),
            direction: round.pass_direction(),
            phase: round.phase(),
            hand: seat.map_or(CardSet::EMPTY, |s| round.hand(s)),
            picked: match seat {
                Some(s) if round.phase() == Phase::Passing => round.picked(s),
                _ => CardSet::EMPTY,
            },
            passed: seat.and_then(|s| round.pass_of(s)),
            received: seat.and_then(|s| round.received(s)),
            awaiting_pass,
            tricks,
            num_tricks: num_tricks as u8,
            turn: round.to_move(),
            hearts_broken: round.hearts_broken(),
            voids,
            taken: std::array::from_fn(|i| round.taken(Seat::ALL[i])),
            tricks_won: std::array::from_fn(|i| round.tricks_won(Seat::ALL[i]) as u8),
            hand_len,
            totals,
            points: match round.result() {
                Some(result) => result.points.into_array(),
                None => std::array::from_fn(|i| {
                    provisional_points(round.settings(), round.taken(Seat::ALL[i]))
                }),
            },
            hand_scores: Vec::new(),
            hand_moons: Vec::new(),
            last_hand_trick: None,
        }
    }

    /// This view with the public result of the game's finished hands: each one's score and
    /// moon, and the last one's final trick.
    pub(crate) fn with_history(mut self, history: &[HandSummary]) -> View {
        self.hand_scores = history.iter().map(|h| h.result.points).collect();
        self.hand_moons = history.iter().map(|h| h.result.moon).collect();
        self.last_hand_trick = history.last().map(|h| h.last_trick);
        self
    }

    /// `seat`'s score for this hand so far: its penalty points and, under the J♦ variant,
    /// −10 for the jack, as [`HandResult::points`](crate::HandResult::points) counts them;
    /// once the hand is over, exactly its result (moon and no-tricks bonus included).
    ///
    /// ```
    /// use hearts::{Game, Settings, NORTH};
    /// let game = Game::new(Settings::default(), 1);
    /// assert_eq!(game.view(NORTH).points(NORTH), 0);
    /// assert!(game.view(NORTH).hand_scores().is_empty());
    /// ```
    pub const fn points(&self, seat: Seat) -> i32 {
        self.points[seat.index()]
    }

    /// The score of every finished hand of the game, oldest first (empty for a view of a
    /// lone [`Round`]).
    pub fn hand_scores(&self) -> &[BySeat<i32, 4>] {
        &self.hand_scores
    }

    /// The seat that shot the moon in every finished hand, `None` where no seat did, oldest
    /// first, beside [`hand_scores`](View::hand_scores) (empty for a view of a lone
    /// [`Round`], and in a view serialised before moons were sent).
    ///
    /// ```
    /// use hearts::{Game, Settings, NORTH};
    /// let game = Game::new(Settings::default(), 1);
    /// assert!(game.view(NORTH).hand_moons().is_empty());
    /// ```
    pub fn hand_moons(&self) -> &[Option<Seat>] {
        &self.hand_moons
    }

    /// The final trick of the game's last finished hand: public once played, and kept after
    /// the next hand is dealt, so a hand's summary can show it once play has moved on (a
    /// network table deals the next hand at once). `None` before the first hand is over.
    pub const fn last_hand_trick(&self) -> Option<&Trick> {
        self.last_hand_trick.as_ref()
    }

    /// The seat this view belongs to (`None` for a spectator).
    pub const fn seat(&self) -> Option<Seat> {
        self.seat
    }

    /// The rules in force.
    pub const fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Where cards are passed this hand.
    pub const fn pass_direction(&self) -> PassDirection {
        self.direction
    }

    /// The round's phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// This seat's current cards.
    pub const fn hand(&self) -> CardSet {
        self.hand
    }

    /// The cards this seat has picked for its pass so far, while passing (one at a time, as
    /// through the game interface; all three once chosen).
    pub const fn picked(&self) -> CardSet {
        self.picked
    }

    /// The three cards this seat chose to pass, once chosen.
    pub const fn passed(&self) -> Option<CardSet> {
        self.passed
    }

    /// The three cards this seat received, once every seat has chosen (`None` before, and in
    /// hold hands).
    pub const fn received(&self) -> Option<CardSet> {
        self.received
    }

    /// Whether this seat still has to choose its pass.
    pub const fn must_pass(&self) -> bool {
        match self.seat {
            Some(seat) => self.awaiting_pass(seat),
            None => false,
        }
    }

    /// Whether `seat` still has to choose its pass.
    pub const fn awaiting_pass(&self, seat: Seat) -> bool {
        self.awaiting_pass & (1 << seat.index()) != 0
    }

    /// The seat to play, in the playing phase.
    pub const fn to_move(&self) -> Option<Seat> {
        self.turn
    }

    /// Whether this seat is to play a card.
    pub fn is_my_turn(&self) -> bool {
        self.turn.is_some() && self.turn == self.seat
    }

    /// The tricks played so far, the current one (if begun) last.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks[..self.num_tricks as usize]
    }

    /// The completed tricks.
    pub fn completed_tricks(&self) -> &[Trick] {
        let n = self.tricks().iter().take_while(|t| t.is_complete()).count();
        &self.tricks[..n]
    }

    /// The trick in progress (possibly with no card yet), in the playing phase.
    pub fn current_trick(&self) -> Option<&Trick> {
        self.tricks().last().filter(|t| !t.is_complete())
    }

    /// The last completed trick.
    pub fn last_trick(&self) -> Option<&Trick> {
        self.completed_tricks().last()
    }

    /// Whether hearts have been broken.
    pub const fn hearts_broken(&self) -> bool {
        self.hearts_broken
    }

    /// Whether `seat` has shown it holds no `suit` (it did not follow a `suit` lead).
    pub const fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids[seat.index()] & (1 << suit as u8) != 0
    }

    /// The cards `seat` has won in tricks (public: tricks are played face up).
    pub const fn taken(&self, seat: Seat) -> CardSet {
        self.taken[seat.index()]
    }

    /// The penalty points `seat` has taken this hand.
    pub const fn points_taken(&self, seat: Seat) -> u32 {
        penalty_points(self.taken[seat.index()])
    }

    /// The tricks `seat` has won this hand.
    pub const fn tricks_won(&self, seat: Seat) -> usize {
        self.tricks_won[seat.index()] as usize
    }

    /// How many cards `seat` holds.
    pub const fn hand_len(&self, seat: Seat) -> usize {
        self.hand_len[seat.index()] as usize
    }

    /// Every card played so far.
    pub fn played(&self) -> CardSet {
        self.tricks()
            .iter()
            .flat_map(|t| t.cards().iter().copied())
            .collect()
    }

    /// The cards held by the other seats, as far as this seat can tell (all standard cards
    /// not in its hand and not yet played).
    pub fn unseen(&self) -> CardSet {
        CardSet::STANDARD - self.hand - self.played()
    }

    /// The game totals before this hand, when the view comes from a [`Game`](crate::Game).
    pub const fn totals(&self) -> Option<BySeat<i32, 4>> {
        self.totals
    }

    fn trick_state(&self) -> TrickState {
        let current = self.current_trick();
        TrickState {
            led: current.and_then(Trick::led_suit),
            first_trick: self.num_tricks <= 1 && current.is_some(),
            hearts_broken: self.hearts_broken,
        }
    }

    /// The cards this seat may play now (empty when it is not its turn).
    pub fn legal_moves(&self) -> CardSet {
        if !self.is_my_turn() {
            return CardSet::EMPTY;
        }
        legal_cards(&self.settings, self.hand, self.trick_state())
    }

    /// Checks a card as [`Round::check`] would check [`Move::Play`](crate::Move::Play), from this
    /// seat's knowledge alone.
    /// A spectator holds no card, so every card is refused as not in hand.
    pub fn check_play(&self, card: Card) -> Result<(), IllegalMove> {
        match (self.turn, self.seat) {
            (None, _) => return Err(IllegalMove::NotPlaying { phase: self.phase }),
            (Some(turn), Some(seat)) if turn != seat => {
                return Err(IllegalMove::NotYourTurn { seat, turn });
            }
            _ => {}
        }
        if !self.hand.contains(card) {
            return Err(IllegalMove::NotInHand(card));
        }
        let state = self.trick_state();
        if legal_cards(&self.settings, self.hand, state).contains(card) {
            Ok(())
        } else {
            Err(why_illegal(&self.settings, self.hand, state, card))
        }
    }
}

/// The score of `taken` before a hand is over: the penalty points, and −10 for J♦ under that
/// variant (the moon and the no-tricks bonus are known only at the end).
fn provisional_points(settings: &Settings, taken: CardSet) -> i32 {
    let jack = if settings.jack_of_diamonds && taken.contains(JACK_OF_DIAMONDS) {
        10
    } else {
        0
    };
    penalty_points(taken) as i32 - jack
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EAST, NORTH, SOUTH, WEST};

    #[test]
    fn views_carry_each_hands_score_moon_and_final_trick_and_this_hands_points() {
        use game::GameState;
        let settings = Settings {
            jack_of_diamonds: true,
            no_tricks_bonus: true,
            ..Settings::default()
        };
        for seed in 0..4 {
            let mut game = crate::Game::new(settings, seed);
            let mut actions = Vec::new();
            let mut step = 0usize;
            while let Some(seat) = game::GameState::turn(&game).seats().iter().next() {
                let view = game.view(Seat::ALL[seat]);
                let history: Vec<_> = game.history().iter().map(|h| h.result.points).collect();
                assert_eq!(view.hand_scores(), history.as_slice());
                let moons: Vec<_> = game.history().iter().map(|h| h.result.moon).collect();
                assert_eq!(view.hand_moons(), moons.as_slice());
                // The last hand's final trick, as its record replays.
                let last = game.history().last().map(|h| {
                    let replayed = Round::replay(&h.record).unwrap();
                    replayed.completed_tricks().last().unwrap()
                });
                assert_eq!(view.last_hand_trick().copied(), last, "seed {seed}");
                assert!(last.is_none_or(|t| t.is_complete()));
                let summed = history.iter().fold([0; 4], |mut sum, points| {
                    for (total, p) in sum.iter_mut().zip(points.into_array()) {
                        *total += p;
                    }
                    sum
                });
                assert_eq!(summed, game.totals().into_array(), "seed {seed}");
                assert_points(&game, &view);
                game.legal_actions(seat, &mut actions);
                let action = actions[step * 7 % actions.len()];
                GameState::play(&mut game, seat, action).unwrap();
                step += 1;
            }
            assert_eq!(game.round().phase(), Phase::Over);
            assert_points(&game, &game.public_view());
        }
    }

    /// A view's points this hand: the hand's result once it is over, else the penalty
    /// points with −10 for J♦.
    fn assert_points(game: &crate::Game, view: &View) {
        for s in Seat::ALL {
            let taken = view.taken(s);
            let jack = if taken.contains(JACK_OF_DIAMONDS) {
                10
            } else {
                0
            };
            let expected = game
                .round()
                .result()
                .map_or(penalty_points(taken) as i32 - jack, |result| {
                    result.points[s]
                });
            assert_eq!(view.points(s), expected, "seat {s:?}");
        }
    }

    #[test]
    fn view_agrees_with_the_round_and_reveals_voids() {
        let mut round = Round::deal(Settings::default(), PassDirection::Hold, 11);
        while round.phase() == Phase::Playing {
            let seat = round.to_move().unwrap();
            let view = round.view(seat);
            assert_eq!(view.legal_moves(), round.legal_moves());
            for other in [NORTH, EAST, SOUTH, WEST] {
                assert_eq!(round.view(other).hand_len(seat), round.hand(seat).len());
                if other != seat {
                    assert!(round.view(other).legal_moves().is_empty());
                }
                for suit in Suit::ALL {
                    if view.is_void(other, suit) {
                        assert!(
                            round.hand(other).of_suit(suit).is_empty(),
                            "a revealed void is real"
                        );
                    }
                }
            }
            for card in round.hand(seat) {
                assert_eq!(
                    view.check_play(card),
                    round.check(crate::Move::Play(seat, card))
                );
            }
            let card = round.legal_moves().last().unwrap();
            round.play(crate::Move::Play(seat, card)).unwrap();
        }
        assert_eq!(round.view(NORTH).completed_tricks().len(), 13);
    }
}
