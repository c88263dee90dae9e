//! Hearts: OpenSpiel's `information_state_tensor`, built from the seat's own [`View`].
//!
//! Source: `open_spiel/games/hearts/hearts.cc` (`HeartsState::InformationStateTensor`) and
//! `hearts.h` (`kInformationStateTensorSize` = 5088); `python/scripts/crosscheck_openspiel.py`
//! compares element for element through `pyspiel`. Card ids are OpenSpiel's (`rank * 4 +
//! suit`, the game interface's action ids). Layout, in order:
//!
//! | floats | what |
//! |---|---|
//! | 4 | pass direction one-hot: hold, left, across, right |
//! | 52 | the hand as dealt |
//! | 52 | the cards passed (picked so far while passing) |
//! | 52 | the cards received (once every seat has passed) |
//! | 52 | the current hand |
//! | 4 × 36 | each seat's points this hand + 10, as a thermometer (the jack of diamonds counts −10 when that rule is on) |
//! | 13 × 7 × 52 | the tricks: trick `i`'s card played `k`-th by its leader `l` is at `i·364 + (l+k)·52 + card` (seats N E S W N E S) |
//!
//! The tensor describes the hand in progress (OpenSpiel's game is one hand).

use cards_core::{Card, CardSet};
use game::{GameState, Viewer};
use hearts::interface::card_id;
use hearts::{Game, PassDirection, Seat, View};

use crate::table::Encoding;

const CARDS: usize = 52;
const MAX_SCORE: usize = 36;
const JD_POINTS: i32 = 10;
const TRICK: usize = 7 * CARDS;
/// The length of the tensor.
pub const LEN: usize = 4 + 4 * CARDS + 4 * MAX_SCORE + 13 * TRICK;

fn write_set(cards: CardSet, out: &mut [f32]) {
    for card in cards {
        out[card_id(card)] = 1.0;
    }
}

fn points(view: &View, seat: Seat) -> i32 {
    let jack: Card = Card::new(cards_core::Rank::Jack, cards_core::Suit::Diamonds);
    let mut points = view.points_taken(seat) as i32;
    if view.settings().jack_of_diamonds && view.taken(seat).contains(jack) {
        points -= JD_POINTS;
    }
    points
}

/// Writes OpenSpiel's information state tensor of `view`'s seat into `out` (`LEN` long).
pub fn encode_view(view: &View, out: &mut [f32]) {
    out.fill(0.0);
    let Some(me) = view.seat() else { return };
    let direction = match view.pass_direction() {
        PassDirection::Hold => 0,
        PassDirection::Left => 1,
        PassDirection::Across => 2,
        PassDirection::Right => 3,
    };
    out[direction] = 1.0;
    let passed = view.picked() | view.passed().unwrap_or(CardSet::EMPTY);
    let received = view.received().unwrap_or(CardSet::EMPTY);
    let hand = view.hand() - passed;
    let mine_played: CardSet = view
        .tricks()
        .iter()
        .flat_map(hearts::Trick::plays)
        .filter(|&(seat, _)| seat == me)
        .map(|(_, card)| card)
        .collect();
    let dealt = (hand | passed | mine_played) - received;
    let mut at = 4;
    for set in [dealt, passed, received, hand] {
        write_set(set, &mut out[at..at + CARDS]);
        at += CARDS;
    }
    for seat in Seat::ALL {
        let ones = (points(view, seat) + JD_POINTS).clamp(0, MAX_SCORE as i32) as usize;
        out[at..at + ones].fill(1.0);
        at += MAX_SCORE;
    }
    for (i, trick) in view.tricks().iter().enumerate() {
        let base = at + i * TRICK;
        let leader = trick.leader().index();
        for (k, &card) in trick.cards().iter().enumerate() {
            out[base + (leader + k) * CARDS + card_id(card)] = 1.0;
        }
    }
}

impl Encoding for Game {
    fn observation_len(_: &hearts::Settings) -> usize {
        LEN
    }

    type Memory = ();

    fn encode(&self, (): &mut (), seat: usize, out: &mut [f32]) {
        encode_view(&GameState::view(self, Viewer::Seat(seat)), out);
    }

    fn render(&self) -> String {
        let view = GameState::view(self, Viewer::Spectator);
        let mut lines = vec![format!(
            "hand {}, pass {:?}, phase {:?}",
            self.hand_number(),
            view.pass_direction(),
            view.phase()
        )];
        for trick in view.tricks().iter().rev().take(3).rev() {
            let cards: Vec<String> = trick.plays().map(|(s, c)| format!("{s}:{c}")).collect();
            lines.push(format!("trick: {}", cards.join(" ")));
        }
        let points: Vec<String> = Seat::ALL
            .iter()
            .map(|&s| format!("{s} {}", view.points_taken(s)))
            .collect();
        lines.push(format!("points this hand: {}", points.join(", ")));
        if let Some(totals) = view.totals() {
            lines.push(format!("totals: {:?}", totals.into_array()));
        }
        lines.join("\n")
    }
}
