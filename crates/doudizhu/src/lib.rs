#![doc = include_str!("../README.md")]

mod action;
mod classify;
mod combo;
mod counts;
mod movegen;
mod rank;
mod rules;

pub use action::{ActionSpace, PASS_ACTION};
pub use classify::{Readings, classify, readings};
pub use combo::{Combo, Kind, Move, ParsePlayError, Play};
pub use counts::{Counts, ParseCountsError};
pub use movegen::{count_leads, for_each_lead, for_each_response, legal_leads, legal_responses};
pub use rank::Rank;
pub use rules::{ParseRuleSetError, RuleSet};
