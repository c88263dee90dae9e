//! [`game::GameState`] for [`Game`]: one deal with its auction through the interface every
//! parlor game implements.
//!
//! - Seats `0..3`; the deal and the first bidder come from the seed, and so do the redeals
//!   after an auction everybody declines (dealt at once, [`Game::redeal`]).
//! - Actions are bids while bidding and moves while playing ([`Action`]). Text: a bid as
//!   [`Bid`] writes it (`pass`, `1`, `2`, `3`, `call`, `rob`); a move as [`Move`] writes it
//!   (`pass`, or the ranks weakest first, `33344455`), followed by `/n` when the play is the
//!   `n`-th (from 0) of the readings of its ranks and `n` is not 0 (`333444555666/2`). Readings
//!   are counted as [`readings`] lists them under [`RuleSet::DOUZERO`], the most permissive
//!   rules (every rule set's readings are among them), so a text means the same play under
//!   every rule set; under the one-reading presets (`default`, `distinct`) no text has a `/`.
//! - Ids: the [`ActionSpace`] of the rule set first (the 27,471 plays and pass of RLCard's layout
//!   under the default rules, pass at 27,471), then the six bids: pass, 1, 2, 3, call, rob
//!   (27,472…27,477 under the default rules).
//! - The outcome's returns are the settlement's payouts; the winners are the landlord, or the
//!   two farmers.

use std::fmt;

use game::{GameState, InvalidSettings, Outcome, PlayError, SeatSet, Turn, Viewer};

use crate::{
    ActionSpace, Bid, Counts, Game, IllegalMove, Move, ParseBidError, ParsePlayError, Phase, Play,
    RuleSet, Seat, Settings, State, View, for_each_lead, for_each_response, readings,
};

/// An action through the interface: a bid, or a move. As small as a [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A bid in the auction.
    Bid(Bid),
    /// A move in card play.
    Move(Move),
}

/// The index of a play's reading among the readings of its ranks under the most permissive
/// rules ([`RuleSet::DOUZERO`]).
fn reading_index(play: Play) -> usize {
    readings(play.counts, &RuleSet::DOUZERO)
        .iter()
        .position(|&c| c == play.combo)
        .unwrap_or(0)
}

impl fmt::Display for Action {
    /// `pass`, `1`, `call`…; `pass`, `33344455`, `333444555666/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(bid) => fmt::Display::fmt(bid, f),
            Action::Move(Move::Play(play)) => match reading_index(*play) {
                0 => fmt::Display::fmt(play, f),
                n => write!(f, "{play}/{n}"),
            },
            Action::Move(Move::Pass) => f.write_str("pass"),
        }
    }
}

/// Why a text is not an action of the deal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// During the auction: not a bid.
    #[error(transparent)]
    Bid(#[from] ParseBidError),
    /// During card play: not a move.
    #[error(transparent)]
    Move(#[from] ParsePlayError),
    /// The reading index is not a number or names no reading of the ranks under these rules.
    #[error("{counts} has no reading {reading:?}")]
    NoSuchReading {
        /// The ranks.
        counts: Counts,
        /// The reading given after `/`.
        reading: String,
    },
    /// The deal is over: no action is taken.
    #[error("the deal is over")]
    Over,
}

/// The ids of the six bids, after the action space: pass, 1, 2, 3, call, rob.
const BIDS: [Bid; 6] = [
    Bid::Pass,
    Bid::Points(1),
    Bid::Points(2),
    Bid::Points(3),
    Bid::Call,
    Bid::Rob,
];

impl Game {
    fn space(&self) -> &'static ActionSpace {
        ActionSpace::of(&self.state().settings().rules)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseActionError> {
        let (ranks, reading) = text.split_once('/').unwrap_or((text, "0"));
        if ranks.trim().eq_ignore_ascii_case("pass") && reading == "0" {
            return Ok(Move::Pass);
        }
        let counts: Counts = ranks.parse().map_err(ParsePlayError::from)?;
        let rules = &self.state().settings().rules;
        if readings(counts, rules).is_empty() {
            return Err(if counts.is_empty() {
                ParsePlayError::Empty
            } else {
                ParsePlayError::NotCombination(counts)
            }
            .into());
        }
        let combo = reading
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|i| {
                readings(counts, &RuleSet::DOUZERO)
                    .as_slice()
                    .get(i)
                    .copied()
            })
            .filter(|&combo| readings(counts, rules).as_slice().contains(&combo))
            .ok_or_else(|| ParseActionError::NoSuchReading {
                counts,
                reading: reading.to_owned(),
            })?;
        Ok(Move::Play(Play { combo, counts }))
    }

    /// After an action through the interface: an auction everybody declined is redealt at
    /// once.
    fn redeal_if_due(&mut self) {
        if self.state().phase() == Phase::AllPassed {
            self.redeal();
        }
    }
}

impl GameState for Game {
    const NAME: &'static str = "doudizhu";
    type Settings = Settings;
    type Action = Action;
    type Error = IllegalMove;
    type ParseError = ParseActionError;
    type View = View;

    fn new(settings: &Settings, seed: u64) -> Result<Game, InvalidSettings> {
        if settings.cap == Some(0) {
            return Err(InvalidSettings::new("the cap must be at least 1"));
        }
        Ok(Game::new(*settings, seed))
    }

    fn num_seats(&self) -> usize {
        Seat::COUNT
    }

    fn turn(&self) -> Turn {
        let state = self.state();
        match state.phase() {
            Phase::Bidding | Phase::Playing => Turn::Seat(state.to_move().index()),
            Phase::Finished => Turn::Over,
            // Redealt at once through the interface: reached only through `Game`'s own API.
            Phase::AllPassed => Turn::Simultaneous(SeatSet::EMPTY),
        }
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<Action>) {
        out.clear();
        let state: &State = self.state();
        if state.to_move().index() != seat {
            return;
        }
        match state.phase() {
            Phase::Bidding => out.extend(state.legal_bids().map(Action::Bid)),
            Phase::Playing => {
                let hand = state.hand_counts(state.to_move());
                let rules = &state.settings().rules;
                if state.trick().is_some() {
                    out.push(Action::Move(Move::Pass));
                }
                let mut push = |play: Play| out.push(Action::Move(Move::Play(play)));
                match state.trick() {
                    None => for_each_lead(hand, rules, &mut push),
                    Some((_, previous)) => {
                        for_each_response(hand, previous.combo, rules, &mut push);
                    }
                }
            }
            Phase::Finished | Phase::AllPassed => {}
        }
    }

    fn play(&mut self, seat: usize, action: Action) -> Result<(), PlayError<IllegalMove>> {
        PlayError::check_turn(GameState::turn(self), Seat::COUNT, seat)?;
        match action {
            Action::Bid(bid) => self.bid(bid).map_err(|e| PlayError::Illegal(e.into()))?,
            Action::Move(mv) => Game::play(self, mv).map_err(PlayError::Illegal)?,
        }
        self.redeal_if_due();
        Ok(())
    }

    fn play_unchecked(&mut self, _seat: usize, action: Action) {
        match action {
            Action::Bid(bid) => self.bid(bid).expect("a legal bid"),
            Action::Move(mv) => Game::play_unchecked(self, mv),
        }
        self.redeal_if_due();
    }

    fn parse_action(&self, _seat: usize, text: &str) -> Result<Action, ParseActionError> {
        match self.state().phase() {
            Phase::Bidding => Ok(Action::Bid(text.parse()?)),
            Phase::Playing => Ok(Action::Move(self.parse_move(text)?)),
            Phase::Finished | Phase::AllPassed => Err(ParseActionError::Over),
        }
    }

    fn num_actions(&self) -> usize {
        self.space().len() + BIDS.len()
    }

    fn action_id(&self, action: Action) -> usize {
        let space = self.space();
        match action {
            Action::Move(mv) => space.id(mv).map_or(usize::MAX, usize::from),
            Action::Bid(bid) => {
                space.len()
                    + BIDS
                        .iter()
                        .position(|&b| b == bid)
                        .unwrap_or(usize::MAX - space.len())
            }
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Action> {
        let space = self.space();
        match id.checked_sub(space.len()) {
            None => space.get(u16::try_from(id).ok()?).map(Action::Move),
            Some(bid) => BIDS.get(bid).copied().map(Action::Bid),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        match viewer {
            Viewer::Seat(seat) => {
                Seat::new(seat).map_or_else(|| self.public_view(), |s| Game::view(self, s))
            }
            Viewer::Spectator => self.public_view(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let settlement = self.state().settlement()?;
        // Payouts are at most 2 × 8 × 2^16 (base, bombs, spring): exact in an f64.
        #[allow(clippy::cast_precision_loss)]
        let returns = settlement.payouts.into_array().map(|p| p as f64);
        let winners = Seat::ALL
            .into_iter()
            .filter(|&s| (s == settlement.landlord) == settlement.landlord_won)
            .map(Seat::index)
            .collect();
        Some(Outcome::new(&returns, winners))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_is_as_small_as_a_move() {
        assert_eq!(std::mem::size_of::<Action>(), std::mem::size_of::<Move>());
    }

    #[test]
    fn one_reading_presets_write_no_reading_index() {
        // Every play of the one-reading presets is the first of its ranks' DouZero readings,
        // so its text is its ranks alone.
        for rules in [RuleSet::DEFAULT, RuleSet::DISTINCT_KICKERS] {
            for &play in ActionSpace::of(&rules).plays() {
                assert_eq!(reading_index(play), 0, "{play} under {rules}");
            }
        }
    }
}
