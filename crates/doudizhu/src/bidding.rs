//! The auction for the landlord: call points (1/2/3) or call and rob (叫地主/抢地主).

use std::fmt;
use std::str::FromStr;

use crate::Seat;

const PLAYERS: usize = 3;

/// How the landlord is chosen.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum BidMode {
    /// Call points: starting with the first bidder, each player once bids 1, 2 or 3 (higher
    /// than the current bid) or passes; a bid of 3 ends the auction at once; the highest
    /// bidder becomes landlord and the bid is the base stake. All pass: redeal.
    #[default]
    Points,
    /// Call and rob: players in turn may call (叫地主); the first to call is the provisional
    /// landlord. Then each of the two other players, in turn order, may rob (抢地主) once; if
    /// anyone robbed, the original caller gets a final chance to rob back. The last to rob (or
    /// the caller) becomes landlord; the base stake is `2^robs`. Nobody calls: redeal.
    Rob,
}

/// One auction action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bid {
    /// Decline (to bid, to call or to rob).
    Pass,
    /// Bid 1, 2 or 3 points ([`BidMode::Points`]).
    Points(u8),
    /// Call the landlord ([`BidMode::Rob`]).
    Call,
    /// Rob the landlord ([`BidMode::Rob`]).
    Rob,
}

impl fmt::Display for Bid {
    /// `pass`, `1`, `2`, `3`, `call`, `rob`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Pass => f.write_str("pass"),
            Bid::Points(n) => write!(f, "{n}"),
            Bid::Call => f.write_str("call"),
            Bid::Rob => f.write_str("rob"),
        }
    }
}

/// The text is not a bid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bid {0:?}: expected pass, 1, 2, 3, call or rob")]
pub struct ParseBidError(pub String);

impl FromStr for Bid {
    type Err = ParseBidError;

    /// `pass` (or `p`), `1`/`2`/`3`, `call`, `rob`, any case.
    fn from_str(s: &str) -> Result<Bid, ParseBidError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pass" | "p" => Ok(Bid::Pass),
            "1" => Ok(Bid::Points(1)),
            "2" => Ok(Bid::Points(2)),
            "3" => Ok(Bid::Points(3)),
            "call" => Ok(Bid::Call),
            "rob" => Ok(Bid::Rob),
            _ => Err(ParseBidError(s.to_owned())),
        }
    }
}

/// A bid that is not legal now. The auction is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalBid {
    /// The auction is over (or the game is not bidding).
    #[error("the auction is over")]
    Closed,
    /// This bid is not one of the legal bids now.
    #[error("{0} is not a legal bid now")]
    NotLegal(Bid),
}

/// Where the auction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuctionStatus {
    /// Waiting for [`Auction::to_act`].
    Open,
    /// Decided: the landlord and the base stake (the bid, or `2^robs`).
    Won {
        /// The landlord.
        landlord: Seat,
        /// The base stake.
        base: u32,
    },
    /// Nobody bid or called: the cards must be redealt.
    AllPassed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum Stage {
    /// Points mode, or rob mode before anyone called.
    Calling,
    /// Rob mode: the `n`-th (0 or 1) of the two other players decides whether to rob.
    Robbing(u8),
    /// Rob mode: the caller's final chance.
    Final,
}

/// The auction state machine (public information: every seat sees every bid).
///
/// ```
/// use doudizhu::Seat;
/// use doudizhu::{Auction, AuctionStatus, Bid, BidMode};
///
/// let mut auction = Auction::new(BidMode::Points, Seat::ALL[1]);
/// auction.bid(Bid::Points(1))?;            // seat 1
/// assert!(auction.bid(Bid::Points(1)).is_err()); // seat 2 must bid higher
/// auction.bid(Bid::Pass)?;                 // seat 2
/// auction.bid(Bid::Points(2))?;            // seat 0
/// assert_eq!(auction.status(), AuctionStatus::Won { landlord: Seat::ALL[0], base: 2 });
/// # Ok::<(), doudizhu::IllegalBid>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Auction {
    mode: BidMode,
    first: Seat,
    to_act: Seat,
    acted: u8,
    /// Points: the highest bid so far. Rob: the caller and the current holder.
    best: Option<(Seat, u8)>,
    caller: Option<Seat>,
    robs: u8,
    stage: Stage,
    status: AuctionStatus,
}

impl Auction {
    /// A new auction in which `first` acts first.
    pub const fn new(mode: BidMode, first: Seat) -> Auction {
        Auction {
            mode,
            first,
            to_act: first,
            acted: 0,
            best: None,
            caller: None,
            robs: 0,
            stage: Stage::Calling,
            status: AuctionStatus::Open,
        }
    }

    /// The bidding mode.
    pub const fn mode(&self) -> BidMode {
        self.mode
    }

    /// The seat that acted first.
    pub const fn first(&self) -> Seat {
        self.first
    }

    /// The seat to act (meaningful while open).
    pub const fn to_act(&self) -> Seat {
        self.to_act
    }

    /// Where the auction stands.
    pub const fn status(&self) -> AuctionStatus {
        self.status
    }

    /// The highest bid so far (points mode), or the provisional landlord and the robs so far
    /// (rob mode: `(holder, robs)`).
    pub const fn leader(&self) -> Option<(Seat, u8)> {
        match self.mode {
            BidMode::Points => self.best,
            BidMode::Rob => match self.best {
                Some((seat, _)) => Some((seat, self.robs)),
                None => None,
            },
        }
    }

    /// The base stake if the auction ended now: the highest bid, or `2^robs`.
    pub const fn base(&self) -> u32 {
        match (self.mode, self.best) {
            (BidMode::Points, Some((_, points))) => points as u32,
            (BidMode::Points, None) => 0,
            (BidMode::Rob, _) => 1 << self.robs,
        }
    }

    /// The legal bids now, in a fixed order (pass first). Empty once the auction is over.
    pub fn legal_bids(&self) -> impl Iterator<Item = Bid> + use<> {
        let mut bids = [Bid::Pass; 4];
        let mut n = 0;
        if self.status == AuctionStatus::Open {
            bids[0] = Bid::Pass;
            n = 1;
            match (self.mode, self.stage) {
                (BidMode::Points, _) => {
                    let current = self.best.map_or(0, |(_, p)| p);
                    for points in current + 1..=3 {
                        bids[n] = Bid::Points(points);
                        n += 1;
                    }
                }
                (BidMode::Rob, Stage::Calling) => {
                    bids[1] = Bid::Call;
                    n = 2;
                }
                (BidMode::Rob, _) => {
                    bids[1] = Bid::Rob;
                    n = 2;
                }
            }
        }
        bids.into_iter().take(n)
    }

    /// Whether `bid` is legal now.
    pub fn is_legal(&self, bid: Bid) -> bool {
        self.legal_bids().any(|b| b == bid)
    }

    /// Applies the bid of [`Auction::to_act`]; an illegal bid changes nothing.
    pub fn bid(&mut self, bid: Bid) -> Result<(), IllegalBid> {
        if self.status != AuctionStatus::Open {
            return Err(IllegalBid::Closed);
        }
        if !self.is_legal(bid) {
            return Err(IllegalBid::NotLegal(bid));
        }
        let seat = self.to_act;
        self.acted += 1;
        match self.mode {
            BidMode::Points => {
                if let Bid::Points(points) = bid {
                    self.best = Some((seat, points));
                    if points == 3 {
                        self.finish();
                        return Ok(());
                    }
                }
                if self.acted as usize == PLAYERS {
                    self.finish();
                } else {
                    self.to_act = seat.next();
                }
            }
            BidMode::Rob => match self.stage {
                Stage::Calling => {
                    if bid == Bid::Call {
                        self.caller = Some(seat);
                        self.best = Some((seat, 0));
                        self.stage = Stage::Robbing(0);
                        self.to_act = seat.next();
                    } else if self.acted as usize == PLAYERS {
                        self.finish();
                    } else {
                        self.to_act = seat.next();
                    }
                }
                Stage::Robbing(n) => {
                    if bid == Bid::Rob {
                        self.robs += 1;
                        self.best = Some((seat, self.robs));
                    }
                    match (n, self.caller) {
                        (0, _) => {
                            self.stage = Stage::Robbing(1);
                            self.to_act = seat.next();
                        }
                        (_, Some(caller)) if self.robs > 0 => {
                            self.stage = Stage::Final;
                            self.to_act = caller;
                        }
                        _ => self.finish(),
                    }
                }
                Stage::Final => {
                    if bid == Bid::Rob {
                        self.robs += 1;
                        self.best = Some((seat, self.robs));
                    }
                    self.finish();
                }
            },
        }
        Ok(())
    }

    fn finish(&mut self) {
        self.status = match self.best {
            Some((landlord, _)) => AuctionStatus::Won {
                landlord,
                base: self.base(),
            },
            None => AuctionStatus::AllPassed,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(mode: BidMode, first: usize, bids: &[&str]) -> Auction {
        let mut auction = Auction::new(mode, Seat::ALL[first]);
        for bid in bids {
            auction
                .bid(bid.parse().unwrap())
                .unwrap_or_else(|e| panic!("{bid}: {e}"));
        }
        auction
    }

    fn won(seat: usize, base: u32) -> AuctionStatus {
        AuctionStatus::Won {
            landlord: Seat::ALL[seat],
            base,
        }
    }

    #[test]
    fn points_mode() {
        assert_eq!(
            run(BidMode::Points, 0, &["pass", "pass", "pass"]).status(),
            AuctionStatus::AllPassed
        );
        assert_eq!(run(BidMode::Points, 2, &["3"]).status(), won(2, 3));
        assert_eq!(
            run(BidMode::Points, 1, &["1", "2", "pass"]).status(),
            won(2, 2)
        );
        assert_eq!(
            run(BidMode::Points, 0, &["pass", "1", "pass"]).status(),
            won(1, 1)
        );
        let mut auction = run(BidMode::Points, 0, &["2"]);
        assert_eq!(
            auction.legal_bids().collect::<Vec<_>>(),
            [Bid::Pass, Bid::Points(3)]
        );
        let before = auction;
        assert_eq!(
            auction.bid(Bid::Points(1)),
            Err(IllegalBid::NotLegal(Bid::Points(1)))
        );
        assert_eq!(auction.bid(Bid::Call), Err(IllegalBid::NotLegal(Bid::Call)));
        assert_eq!(auction, before);
        auction.bid(Bid::Points(3)).unwrap();
        assert_eq!(auction.bid(Bid::Pass), Err(IllegalBid::Closed));
        assert_eq!(auction.legal_bids().count(), 0);
    }

    #[test]
    fn rob_mode() {
        assert_eq!(
            run(BidMode::Rob, 0, &["pass", "pass", "pass"]).status(),
            AuctionStatus::AllPassed
        );
        // Call, nobody robs: no final chance.
        assert_eq!(
            run(BidMode::Rob, 0, &["call", "pass", "pass"]).status(),
            won(0, 1)
        );
        // Call, one rob, the caller declines the final chance.
        assert_eq!(
            run(BidMode::Rob, 0, &["call", "rob", "pass", "pass"]).status(),
            won(1, 2)
        );
        // Call, two robs, the caller robs back: three robs.
        assert_eq!(
            run(BidMode::Rob, 1, &["call", "rob", "rob", "rob"]).status(),
            won(1, 8)
        );
        // A late caller: seats 0 and 1 declined to call, then may still rob.
        let auction = run(BidMode::Rob, 0, &["pass", "pass", "call", "rob"]);
        assert_eq!(auction.to_act(), Seat::ALL[1]);
        assert_eq!(
            auction.legal_bids().collect::<Vec<_>>(),
            [Bid::Pass, Bid::Rob]
        );
        assert_eq!(
            run(
                BidMode::Rob,
                0,
                &["pass", "pass", "call", "rob", "pass", "pass"]
            )
            .status(),
            won(0, 2)
        );
        assert!(
            Auction::new(BidMode::Rob, Seat::ALL[0])
                .bid(Bid::Rob)
                .is_err()
        );
    }
}
