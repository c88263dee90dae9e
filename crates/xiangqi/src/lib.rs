#![doc = include_str!("../README.md")]
//!
//! # Modules
//! - [`Color`], [`Role`], [`Piece`], [`Square`]: the vocabulary.
//! - [`Setup`] (unvalidated, FEN text) and [`Position`] (validated, playable).
//! - [`Move`] (ICCS) and [`MoveList`] (fixed capacity, [`MAX_MOVES`]).
//! - [`perft`], [`perft_divide`]: move generator counts.
//! - [`Description`], [`Notation`]: WXF and Chinese notation; [`Position::parse_move`] reads
//!   any notation, [`Position::write_move`] writes one.
//! - [`Game`], [`RuleSet`]: history, undo and adjudication (repetition, move limit, material).
//! - [`read_pgn`], [`write_pgn`], [`read_move_list`], [`write_iccs_list`]: game records.
//! - [`Bot`]: a seeded baseline opponent.

mod attacks;
mod bot;
mod game;
mod interface;
mod moves;
mod notation;
mod perft;
mod pgn;
mod position;
mod setup;
mod tables;
mod types;
mod zobrist;

pub use attacks::{attacks, horse_attackers};
pub use bot::{Bot, piece_value};
pub use game::{Game, ParseRepetitionRuleError, RepetitionRule, RuleSet};
pub use interface::{Settings, View};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use notation::{Description, MoveTextError, Notation, Op, Origin, Script, file_number};
pub use perft::{perft, perft_divide};
pub use pgn::{PgnError, PgnGame, read_move_list, read_pgn, write_iccs_list, write_pgn};
pub use position::{
    DrawReason, FenError, IllegalMove, IllegalMoveReason, MAX_PIECES_PER_SIDE, Outcome, Position,
    PositionError, Validation, WinReason,
};
pub use setup::{ParseFenError, START_FEN, Setup};
pub use types::{Color, ParseSquareError, Piece, Role, Square};
