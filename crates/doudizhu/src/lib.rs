#![doc = include_str!("../README.md")]

mod action;
mod bidding;
mod bot;
mod classify;
mod combo;
mod counts;
mod game;
pub mod interface;
mod r#match;
mod movegen;
mod rank;
mod rules;
mod state;
mod view;

pub use action::{ActionSpace, PASS_ACTION};
pub use bidding::{Auction, AuctionStatus, Bid, BidMode, IllegalBid, ParseBidError};
pub use bot::{
    Bot, Decomposer, Endgame, EndgameError, EndgameSolver, GreedyBot, Opponents, PlannerBot,
    RandomBot, Solution, breaks_bomb, landlord_start, play_out, played_cards, random_game,
    sample_endgame,
};
pub use classify::{Readings, classify, readings};
pub use combo::{Combo, Kind, Move, ParsePlayError, Play};
pub use counts::{Counts, ParseCountsError};
pub use game::{Action, Game, Record, ReplayError, Turn};
pub use r#match::Match;
pub use movegen::{count_leads, for_each_lead, for_each_response, legal_leads, legal_responses};
pub use rank::Rank;
pub use rules::{ParseRuleSetError, RuleSet};
pub use state::{
    Deal, DealError, IllegalMove, PLAYERS, Phase, Settings, Settlement, Setup, SetupError, State,
};
pub use view::View;

/// A seat at the Dou Dizhu table: 0, 1, 2, in turn order.
pub type Seat = cards_core::Seat<3>;
