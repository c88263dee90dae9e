//! Klondike: what the player sees, from the interface's [`klondike::View`] (face-up cards
//! and counts; face-down cards and the stock's order never enter it).
//!
//! | floats | what |
//! |---|---|
//! | 52 × 11 | per card (cards-core's index `suit · 13 + rank`: clubs first, 2 = 0 … A = 12): one-hot where it lies face up: pile 1…7, the waste's top, lower in the waste, on its foundation, or not in sight |
//! | 7 × 6 | per pile, its face-down cards as a thermometer (at most 6) |
//! | 24 | the stock's size as a thermometer |
//! | 24 | the waste's size as a thermometer |

use cards_core::{Card, Rank, Suit};
use game::{GameState, Viewer};
use klondike::Klondike;

use crate::table::Encoding;

const PILES: usize = 7;
const PLACES: usize = PILES + 4;
const WASTE_TOP: usize = PILES;
const WASTE_BELOW: usize = PILES + 1;
const FOUNDATION: usize = PILES + 2;
const UNSEEN: usize = PILES + 3;
const FACE_DOWN: usize = 6;
const TALON: usize = 24;
/// The length of an observation.
pub const LEN: usize = 52 * PLACES + PILES * FACE_DOWN + 2 * TALON;

fn thermometer(n: usize, out: &mut [f32]) {
    let n = n.min(out.len());
    out[..n].fill(1.0);
}

impl Encoding for Klondike {
    fn observation_len(_: &klondike::Rules) -> usize {
        LEN
    }

    type Memory = ();

    fn encode(&self, (): &mut (), _seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let view = GameState::view(self, Viewer::Seat(0));
        let mut place = [UNSEEN; 52];
        for (pile, run) in view.face_up.iter().enumerate() {
            for card in run {
                place[card.index()] = pile;
            }
        }
        let waste = view.waste.as_slice();
        for (i, card) in waste.iter().enumerate() {
            place[card.index()] = if i + 1 == waste.len() {
                WASTE_TOP
            } else {
                WASTE_BELOW
            };
        }
        for (suit, &len) in view.foundations.iter().enumerate() {
            for value in 1..=len {
                let rank = Rank::from_ace_low(value).expect("foundations hold at most 13");
                place[Card::new(rank, Suit::ALL[suit]).index()] = FOUNDATION;
            }
        }
        for (card, &at) in place.iter().enumerate() {
            out[card * PLACES + at] = 1.0;
        }
        let mut at = 52 * PLACES;
        for &down in &view.face_down {
            thermometer(usize::from(down), &mut out[at..at + FACE_DOWN]);
            at += FACE_DOWN;
        }
        thermometer(usize::from(view.stock), &mut out[at..at + TALON]);
        thermometer(waste.len(), &mut out[at + TALON..at + 2 * TALON]);
    }

    fn render(&self) -> String {
        self.to_string()
    }
}
