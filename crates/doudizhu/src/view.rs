//! What one seat may see.

use cards_core::{BySeat, CardSet};

use crate::{
    Auction, Bid, Counts, Move, Phase, Play, Seat, Settings, Turn, for_each_lead, for_each_response,
};

/// One seat's view of a deal: its own hand, the other seats' card counts, the bottom cards once
/// revealed, the public history, the trick and the multiplier. It is built by copying, so no
/// path leads from a `View` to another seat's cards; a spectator's view
/// ([`State::public_view`](crate::State::public_view)) holds no hand. Views serialise (serde)
/// with exactly this content.
///
/// ```
/// use doudizhu::Seat;
/// use doudizhu::{Game, Settings};
///
/// let game = Game::new(Settings::default(), 42);
/// let view = game.view(doudizhu::Seat::ALL[0]);
/// assert_eq!(view.hand.len(), 17);
/// assert_eq!(view.card_counts.into_array(), [17, 17, 17]);
/// assert_eq!(view.bottom, None); // hidden until the auction is won
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// The viewing seat (`None` for a spectator).
    pub seat: Option<Seat>,
    /// Its cards (none for a spectator).
    pub hand: CardSet,
    /// Its ranks.
    pub hand_counts: Counts,
    /// How many cards each seat holds.
    pub card_counts: BySeat<u8, 3>,
    /// The bottom cards, once the landlord has taken them.
    pub bottom: Option<CardSet>,
    /// The landlord, once decided.
    pub landlord: Option<Seat>,
    /// The phase.
    pub phase: Phase,
    /// The seat to act.
    pub to_move: Seat,
    /// The trick's last play and its player (`None` when the seat to move leads).
    pub trick: Option<(Seat, Play)>,
    /// The settings.
    pub settings: Settings,
    /// The auction (public).
    pub auction: Auction,
    /// The current multiplier: base × 2 per bomb or rocket so far; during the auction, the
    /// base it would give if it ended now.
    pub multiplier: u64,
    /// Every bid and play of this deal so far (empty for [`crate::State::view`]).
    pub history: Vec<Turn>,
}

impl View {
    /// Whether it is this seat's turn.
    pub fn is_my_turn(&self) -> bool {
        self.seat == Some(self.to_move) && matches!(self.phase, Phase::Bidding | Phase::Playing)
    }

    /// This seat's legal bids (empty unless it is bidding and it is its turn).
    pub fn legal_bids(&self) -> impl Iterator<Item = Bid> + use<> {
        let mine = self.is_my_turn() && self.phase == Phase::Bidding;
        self.auction.legal_bids().filter(move |_| mine)
    }

    /// Fills `out` (cleared first) with this seat's legal moves (pass first when allowed);
    /// empty unless it is playing and it is its turn.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if !(self.is_my_turn() && self.phase == Phase::Playing) {
            return;
        }
        let rules = &self.settings.rules;
        match self.trick {
            None => for_each_lead(self.hand_counts, rules, |p| out.push(Move::Play(p))),
            Some((_, prev)) => {
                out.push(Move::Pass);
                for_each_response(self.hand_counts, prev.combo, rules, |p| {
                    out.push(Move::Play(p));
                });
            }
        }
    }

    /// Whether `seat` is on this seat's side (itself, or both farmers); a spectator has no side.
    pub fn is_partner(&self, seat: Seat) -> bool {
        let Some(me) = self.seat else { return false };
        seat == me || (self.landlord.is_some_and(|l| l != seat && l != me))
    }

    /// How this seat names `seat`: `"you"`, `"right"` for the next seat (下家, who plays after
    /// you) or `"left"` for the previous one (上家); a spectator names seats `"seat 0"`–`"seat 2"`.
    ///
    /// ```
    /// use doudizhu::{Game, Seat, Settings};
    ///
    /// let view = Game::new(Settings::default(), 1).view(Seat::ALL[0]);
    /// let names = Seat::ALL.map(|s| view.seat_name(s));
    /// assert_eq!(names, ["you", "right", "left"]);
    /// ```
    pub const fn seat_name(&self, seat: Seat) -> &'static str {
        let Some(me) = self.seat else {
            return ["seat 0", "seat 1", "seat 2"][seat.index()];
        };
        match (seat.index() + 3 - me.index()) % 3 {
            0 => "you",
            1 => "right",
            _ => "left",
        }
    }
}
