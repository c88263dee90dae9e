//! The test game: Nim with hidden information, small enough to read in a minute, with both
//! kinds of turn the server must handle.
//!
//! Each of two seats is dealt a secret card (a marker such as `card-417`, seen only in its own
//! view). First both seats bid 1–3 at the same time (`Turn::Simultaneous`, like Hearts
//! passing): a bid stays hidden from the other seat until both have bid; the higher bid moves
//! first (seat 0 on a tie). Then they take 1–3 stones in turn from the pile; who takes the last
//! stone wins.

use std::fmt;

use game::{GameState, InvalidSettings, Outcome, PlayError, SeatSet, Turn, Viewer};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The rules: the pile size, and a test hook that makes the game panic.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NimSettings {
    /// Stones in the pile at the start (1–50).
    pub stones: u8,
    /// Taking stones so that this many are left panics (to test that a failing game fails
    /// only its own table).
    pub explode_at: Option<u8>,
}

impl Default for NimSettings {
    fn default() -> NimSettings {
        NimSettings {
            stones: 10,
            explode_at: None,
        }
    }
}

/// A bid or a take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimAction {
    /// Bid 1–3 for the first move.
    Bid(u8),
    /// Take 1–3 stones.
    Take(u8),
}

impl fmt::Display for NimAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimAction::Bid(n) => write!(f, "bid {n}"),
            NimAction::Take(n) => write!(f, "take {n}"),
        }
    }
}

/// Why an action is refused.
#[derive(Debug, thiserror::Error)]
pub enum NimError {
    /// Bids and takes are 1 to 3, and no more than the pile holds.
    #[error("{0} is not allowed here (1 to 3, no more than the pile holds, bids before takes)")]
    NotAllowed(NimAction),
}

/// Why a text is not an action.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not `bid N`, `take N` or `N`")]
pub struct ParseNimError(String);

/// What one viewer knows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NimView {
    /// Stones left.
    pub stones: u8,
    /// The viewer's own card (seats only).
    pub card: Option<String>,
    /// The viewer's own bid (seats only).
    pub my_bid: Option<u8>,
    /// Both bids, once both are in.
    pub bids: Option<[u8; 2]>,
}

/// The game.
#[derive(Clone, Debug, PartialEq)]
pub struct SecretNim {
    stones: u8,
    cards: [u16; 2],
    bids: [Option<u8>; 2],
    to_move: usize,
    explode_at: Option<u8>,
}

impl SecretNim {
    /// The marker a card shows as in its holder's view.
    pub fn card_text(card: u16) -> String {
        format!("card-{card}")
    }

    /// Both seats' card markers.
    pub fn cards(&self) -> [String; 2] {
        self.cards.map(SecretNim::card_text)
    }

    fn bidding(&self) -> bool {
        self.bids.iter().any(Option::is_none)
    }

    fn allowed(&self, seat: usize, action: NimAction) -> bool {
        match action {
            NimAction::Bid(n) => {
                self.bidding() && self.bids[seat].is_none() && (1..=3).contains(&n)
            }
            NimAction::Take(n) => !self.bidding() && (1..=3).contains(&n) && n <= self.stones,
        }
    }
}

impl GameState for SecretNim {
    const NAME: &'static str = "nim";
    type Settings = NimSettings;
    type Action = NimAction;
    type Error = NimError;
    type ParseError = ParseNimError;
    type View = NimView;

    fn new(settings: &NimSettings, seed: u64) -> Result<SecretNim, InvalidSettings> {
        if !(1..=50).contains(&settings.stones) {
            return Err(InvalidSettings::new("stones must be 1 to 50"));
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let first = rng.random_range(100..1000);
        let mut second = rng.random_range(100..999);
        if second >= first {
            second += 1;
        }
        Ok(SecretNim {
            stones: settings.stones,
            cards: [first, second],
            bids: [None, None],
            to_move: 0,
            explode_at: settings.explode_at,
        })
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.bidding() {
            Turn::Simultaneous(
                (0..2)
                    .filter(|&s| self.bids[s].is_none())
                    .collect::<SeatSet>(),
            )
        } else if self.stones == 0 {
            Turn::Over
        } else {
            Turn::Seat(self.to_move)
        }
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<NimAction>) {
        out.clear();
        if self.turn().includes(seat) {
            let make = if self.bidding() {
                NimAction::Bid
            } else {
                NimAction::Take
            };
            out.extend((1..=3).map(make).filter(|&a| self.allowed(seat, a)));
        }
    }

    fn play(&mut self, seat: usize, action: NimAction) -> Result<(), PlayError<NimError>> {
        PlayError::check_turn(self.turn(), 2, seat)?;
        if !self.allowed(seat, action) {
            return Err(PlayError::Illegal(NimError::NotAllowed(action)));
        }
        self.play_unchecked(seat, action);
        Ok(())
    }

    fn play_unchecked(&mut self, seat: usize, action: NimAction) {
        match action {
            NimAction::Bid(n) => {
                self.bids[seat] = Some(n);
                if let [Some(a), Some(b)] = self.bids {
                    self.to_move = usize::from(b > a);
                }
            }
            NimAction::Take(n) => {
                self.stones -= n;
                assert!(
                    Some(self.stones) != self.explode_at,
                    "the test game explodes at {} stones",
                    self.stones
                );
                if self.stones > 0 {
                    self.to_move ^= 1;
                }
            }
        }
    }

    fn parse_action(&self, _seat: usize, text: &str) -> Result<NimAction, ParseNimError> {
        let text = text.trim().to_ascii_lowercase();
        let bad = || ParseNimError(text.clone());
        let (word, number) = text.rsplit_once(' ').unwrap_or(("", &text));
        let n: u8 = number.parse().map_err(|_| bad())?;
        match word.trim() {
            "bid" => Ok(NimAction::Bid(n)),
            "" if self.bidding() => Ok(NimAction::Bid(n)),
            "take" | "" => Ok(NimAction::Take(n)),
            _ => Err(bad()),
        }
    }

    fn num_actions(&self) -> usize {
        6
    }

    fn action_id(&self, action: NimAction) -> usize {
        match action {
            NimAction::Bid(n) => usize::from(n) - 1,
            NimAction::Take(n) => usize::from(n) + 2,
        }
    }

    fn action_from_id(&self, id: usize) -> Option<NimAction> {
        match id {
            0..=2 => Some(NimAction::Bid(id as u8 + 1)),
            3..=5 => Some(NimAction::Take(id as u8 - 2)),
            _ => None,
        }
    }

    fn view(&self, viewer: Viewer) -> NimView {
        let seat = match viewer {
            Viewer::Seat(s) if s < 2 => Some(s),
            _ => None,
        };
        NimView {
            stones: self.stones,
            card: seat.map(|s| SecretNim::card_text(self.cards[s])),
            my_bid: seat.and_then(|s| self.bids[s]),
            bids: match self.bids {
                [Some(a), Some(b)] => Some([a, b]),
                _ => None,
            },
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.turn() == Turn::Over).then(|| Outcome::two_player(Some(self.to_move)))
    }
}
