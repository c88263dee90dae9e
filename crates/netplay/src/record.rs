//! Finished games in each game's record format: the game is rebuilt from the server's log
//! (settings, seed, actions) through its own type, then written by its crate's writer.

use game::GameState;

use crate::protocol::{GameRecord, RecordFormat, TableInfo};
use crate::refusal::{Refusal, codes};
use crate::registry::Registry;
use crate::storage::Storage;
use crate::table_action::read_log;

/// Why a record could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The game has no such format.
    #[error("{game} records are written as {known}, not {format}")]
    Format {
        /// The game.
        game: String,
        /// The format asked for.
        format: &'static str,
        /// The formats it has.
        known: String,
    },
    /// The stored log does not replay (it was written by another version of the game).
    #[error("the stored game does not replay: {0}")]
    Replay(String),
}

/// The record formats of one game besides [`RecordFormat::Log`], and their writer.
#[derive(Clone, Copy, Debug)]
pub struct RecordWriter {
    /// The formats `write` knows.
    pub formats: &'static [RecordFormat],
    /// Writes a finished game in one of `formats`.
    pub write: fn(&GameRecord, RecordFormat) -> Result<String, RecordError>,
}

impl RecordWriter {
    /// Only the server's own log.
    pub const LOG_ONLY: RecordWriter = RecordWriter {
        formats: &[],
        write: |record, format| Err(unknown_format(record, format, &[])),
    };

    /// `record` in `format`: the log as JSON, or the game's own writer.
    pub fn text(&self, record: &GameRecord, format: RecordFormat) -> Result<String, RecordError> {
        match format {
            RecordFormat::Log => {
                serde_json::to_string(record).map_err(|e| RecordError::Replay(e.to_string()))
            }
            _ if self.formats.contains(&format) => (self.write)(record, format),
            _ => Err(unknown_format(record, format, self.formats)),
        }
    }
}

fn unknown_format(
    record: &GameRecord,
    format: RecordFormat,
    formats: &[RecordFormat],
) -> RecordError {
    let known: Vec<&str> = std::iter::once("log")
        .chain(formats.iter().map(|f| f.name()))
        .collect();
    RecordError::Format {
        game: record.game.clone(),
        format: format.name(),
        known: known.join(", "),
    }
}

/// Game `number` of the table `info` describes, once it is over, written in `format`. A game
/// in progress is refused: its seed and log would reveal hidden cards.
pub(crate) async fn finished(
    storage: &dyn Storage,
    registry: &Registry,
    info: &TableInfo,
    number: u32,
    format: RecordFormat,
) -> Result<String, Refusal> {
    let code = &info.code;
    let stored = storage
        .load_game(code.clone(), number)
        .await
        .map_err(|e| Refusal::new(codes::STORAGE, e.to_string()))?
        .ok_or_else(|| {
            Refusal::new(
                codes::NO_SUCH_GAME,
                format!("table {code} has no game {number}"),
            )
        })?;
    if stored.outcome.is_none() {
        return Err(Refusal::new(
            codes::NOT_OVER,
            format!("game {number} at {code} is not over yet"),
        ));
    }
    let record = GameRecord {
        game: info.game.clone(),
        settings: info.settings.clone(),
        seed: stored.seed,
        seats: info.seats.iter().map(|s| s.name.clone()).collect(),
        actions: stored.actions,
        outcome: stored.outcome,
    };
    let entry = registry
        .get(&info.game)
        .map_err(|e| Refusal::new(codes::UNKNOWN_GAME, e.to_string()))?;
    entry.records.text(&record, format).map_err(|e| match e {
        RecordError::Format { .. } => Refusal::new(codes::BAD_FORMAT, e.to_string()),
        RecordError::Replay(_) => Refusal::new(codes::GAME_FAILED, e.to_string()),
    })
}

/// The game `record` logs, rebuilt through its own type: the moves in effect, then the
/// declaration that ended it ([`read_log`]).
pub fn replay<G: GameState>(record: &GameRecord) -> Result<G, RecordError> {
    let bad = |e: &dyn std::fmt::Display| RecordError::Replay(e.to_string());
    let settings: G::Settings = if record.settings.is_null() {
        G::Settings::default()
    } else {
        serde_json::from_value(record.settings.clone()).map_err(|e| bad(&e))?
    };
    let mut game = G::new(&settings, record.seed).map_err(|e| bad(&e))?;
    let read = read_log(&record.actions);
    for (ply, logged) in read.moves.iter().enumerate() {
        let action = game
            .parse_action(logged.seat, &logged.action)
            .map_err(|e| bad(&format!("move {ply} ({}): {e}", logged.action)))?;
        game.play(logged.seat, action)
            .map_err(|e| bad(&format!("move {ply} ({}): {e}", logged.action)))?;
    }
    if let Some((seat, declaration)) = read.declared {
        game.declare(seat, declaration)
            .map_err(|e| bad(&format!("{declaration} by seat {seat}: {e}")))?;
    }
    Ok(game)
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, RecordError> {
    serde_json::to_string_pretty(value).map_err(|e| RecordError::Replay(e.to_string()))
}

/// The name of `seat` for a record (`?` when it has none).
fn seat_name(record: &GameRecord, seat: usize) -> &str {
    record
        .seats
        .get(seat)
        .and_then(Option::as_deref)
        .unwrap_or("?")
}

/// Dou Dizhu: the crate's `Record` of the deal played (after any redeals).
pub const DOUDIZHU: RecordWriter = RecordWriter {
    formats: &[RecordFormat::Json],
    write: |record, _| json(&replay::<doudizhu::Game>(record)?.record()),
};

/// Hearts: the crate's `RoundRecord` of every hand, in order.
pub const HEARTS: RecordWriter = RecordWriter {
    formats: &[RecordFormat::Json],
    write: |record, _| json(&replay::<hearts::Game>(record)?.records()),
};

/// Xiangqi: PGN with the seats' names (ICCS movetext) and, for a declared result, a
/// `Termination` tag (`Red resigns`, `Black resigns`, `draw agreed`); or the ICCS move list.
pub const XIANGQI: RecordWriter = RecordWriter {
    formats: &[RecordFormat::Pgn, RecordFormat::Iccs],
    write: |record, format| {
        let game = replay::<xiangqi::Game>(record)?;
        let mut tags = vec![
            ("Event", "parlor table"),
            ("Red", seat_name(record, 0)),
            ("Black", seat_name(record, 1)),
        ];
        if let Some(termination) = xiangqi_termination(&game) {
            tags.push(("Termination", termination));
        }
        Ok(match format {
            RecordFormat::Iccs => xiangqi::write_iccs_list(&game),
            _ => xiangqi::write_pgn(&game, xiangqi::Notation::Iccs, &tags),
        })
    },
};

/// The PGN `Termination` of a declared Xiangqi result.
fn xiangqi_termination(game: &xiangqi::Game) -> Option<&'static str> {
    use xiangqi::{Color, DrawReason, Outcome, WinReason};
    match game.outcome()? {
        Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        } => Some(if winner == Color::Red {
            "Black resigns"
        } else {
            "Red resigns"
        }),
        Outcome::Draw(DrawReason::Agreement) => Some("draw agreed"),
        _ => None,
    }
}

/// Gomoku: the move list in `h8` form, or Gomocup's `.psq` (Black's seat named first).
pub const GOMOKU: RecordWriter = RecordWriter {
    formats: &[RecordFormat::Moves, RecordFormat::Psq],
    write: |record, format| {
        let game = replay::<gomoku::Gomoku>(record)?;
        let played = game.game();
        Ok(match format {
            RecordFormat::Psq => {
                let black = match game.black() {
                    gomoku::opening::Player::First => 0,
                    gomoku::opening::Player::Second => 1,
                };
                let board = played.position().board();
                gomoku::psq::write(
                    board.width(),
                    board.height(),
                    played.moves(),
                    &[seat_name(record, black), seat_name(record, 1 - black)],
                )
            }
            _ => played.record(),
        })
    },
};
