//! # parlor-netplay
//!
//! parlor's authoritative table server and its client library. The server drives every game
//! only through the game interface ([`game::DynGame`]): it checks each action with the rules
//! crate, sends each seat only its own view and spectators only the public one, stores every
//! action before acknowledging it, and rebuilds its tables after a restart by replaying their
//! logs.
//!
//! | module | holds |
//! |---|---|
//! | [`protocol`] | every message, as serde types shared by server, clients and tests |
//! | [`server`] | the axum server: WebSocket sessions, limits, the lobby, finished games |
//! | [`registry`] | the games a server hosts, by name, each with its bot |
//! | [`assist`] | help beyond the views: Klondike's solver and winnable deals, Xiangqi's move list |
//! | [`bot`] | the [`Bot`] trait, the bots each game offers, driven from the seat's view |
//! | [`record`] | finished games in each game's record format (PGN, `.psq`, the crates' JSON) |
//! | [`storage`] | the [`Storage`] trait, SQLite and PostgreSQL on one schema |
//! | [`client`] | a WebSocket client for programs, tests and bot authors |
//! | [`cli`] | the `server` and `client` examples' command lines |
//! | `web` | the browser client (`web/`), embedded and served at `/` |
//!
//! `PROTOCOL.md` at the repository root documents the protocol with a full exchange.

pub mod assist;
pub mod bot;
pub mod cli;
pub mod client;
mod limits;
pub mod protocol;
pub mod record;
mod refusal;
pub mod registry;
pub mod server;
pub mod storage;
mod table;
mod table_action;
mod token;
mod web;

pub use bot::{Bot, BotFactory, BotKind, BotSetup, RandomBot, Typed, ViewBot};
pub use client::{Backoff, Client, ClientError, JoinUrl, Session, SessionEvent};
pub use limits::{AddressSlots, RateLimiter};
pub use protocol::{
    ActionRef, AssistAsk, BotChoice, BotOffer, ClientMessage, GameBots, GameRecord, LegalAction,
    LoggedAction, NotatedMove, PROTOCOL_VERSION, Phase, RecordFormat, RecordText, SeatInfo,
    SeatKind, ServerMessage, StateUpdate, TableInfo,
};
pub use record::{RecordError, RecordWriter};
pub use refusal::{Refusal, codes};
pub use registry::{GameEntry, GameFactory, Registry};
pub use server::{Config, Limits, Server, StartError};
pub use storage::{PostgresStorage, SqliteStorage, Storage, StorageError};
pub use table::TableTimes;
pub use table_action::{ReadLog, TableAction, read_log, replay_onto};
pub use token::{CODE_LEN, ParseCodeError, TableCode, Token, TokenHash, random_seed};
