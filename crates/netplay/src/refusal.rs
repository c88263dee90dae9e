//! Why the server refused a message: a stable code and the reason in words. The codes of the
//! game interface (`DynPlayError::code`) pass through unchanged; the server's own are below.

use game::{DeclareError, DynPlayError};

use crate::protocol::ServerMessage;

/// The server's own error codes (the game interface adds `not_an_action`, `no_such_id`,
/// `no_such_seat`, `game_over`, `not_your_turn` and `illegal`).
pub mod codes {
    /// The frame is not JSON.
    pub const MALFORMED_JSON: &str = "malformed_json";
    /// The JSON has no known `type`.
    pub const UNKNOWN_MESSAGE: &str = "unknown_message";
    /// A known message with missing or mistyped fields.
    pub const BAD_MESSAGE: &str = "bad_message";
    /// Binary frames carry nothing in this protocol.
    pub const BINARY: &str = "binary";
    /// Something came before `hello`.
    pub const HELLO_FIRST: &str = "hello_first";
    /// The client speaks another protocol version.
    pub const VERSION: &str = "version";
    /// The message is longer than the server accepts.
    pub const TOO_LARGE: &str = "too_large";
    /// Too many messages too fast.
    pub const RATE_LIMITED: &str = "rate_limited";
    /// No game has this name.
    pub const UNKNOWN_GAME: &str = "unknown_game";
    /// The game cannot be built from these settings.
    pub const BAD_SETTINGS: &str = "bad_settings";
    /// No table has this code.
    pub const NO_SUCH_TABLE: &str = "no_such_table";
    /// Every seat is taken.
    pub const TABLE_FULL: &str = "table_full";
    /// Seats are only taken before the game starts.
    pub const ALREADY_STARTED: &str = "already_started";
    /// A display name must be 1 to 32 printable characters.
    pub const BAD_NAME: &str = "bad_name";
    /// The token proves nothing at this table.
    pub const BAD_TOKEN: &str = "bad_token";
    /// The message needs a table: join, resume or spectate first.
    pub const NOT_AT_TABLE: &str = "not_at_table";
    /// Only a seated player acts.
    pub const NOT_SEATED: &str = "not_seated";
    /// Only the host fills seats, starts and asks for rematches.
    pub const NOT_HOST: &str = "not_host";
    /// The game has not started.
    pub const NOT_STARTED: &str = "not_started";
    /// A seat is still empty.
    pub const SEATS_EMPTY: &str = "seats_empty";
    /// A rematch needs the game to be over.
    pub const NOT_OVER: &str = "not_over";
    /// The game failed (it panicked); the table accepts nothing more.
    pub const GAME_FAILED: &str = "game_failed";
    /// The action could not be stored, so it was not taken.
    pub const STORAGE: &str = "storage";
    /// The table has shut down.
    pub const TABLE_CLOSED: &str = "table_closed";
    /// `seat_bot` names a bot or level this game does not offer.
    pub const UNKNOWN_BOT: &str = "unknown_bot";
    /// `seat_bot` names a seat the game does not have.
    pub const NO_SUCH_SEAT: &str = "no_such_seat";
    /// `seat_bot` names a seat a player holds.
    pub const SEAT_TAKEN: &str = "seat_taken";
    /// `record` names a game the table has not played.
    pub const NO_SUCH_GAME: &str = "no_such_game";
    /// `record` asks for a format the game is not written in.
    pub const BAD_FORMAT: &str = "bad_format";
    /// A table action the table's game does not have (resigning at Hearts, a draw offer at
    /// Klondike).
    pub const NOT_OFFERED: &str = "not_offered";
    /// `offer_draw` while an offer is pending (the sender's own, or the other seat's).
    pub const ALREADY_OFFERED: &str = "already_offered";
    /// `accept_draw` or `decline_draw` with no offer pending.
    pub const NO_DRAW_OFFER: &str = "no_draw_offer";
    /// `accept_draw` or `decline_draw` of the sender's own offer.
    pub const OWN_OFFER: &str = "own_offer";
    /// `undo` at a table of more than one seat.
    pub const NOT_SOLO: &str = "not_solo";
    /// `undo` with no move left to take back.
    pub const NOTHING_TO_UNDO: &str = "nothing_to_undo";
}

/// A refused message: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct Refusal {
    /// A stable word naming the problem.
    pub code: &'static str,
    /// The problem in words.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and reason.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The `error` message a client receives.
    pub fn to_message(&self) -> ServerMessage {
        ServerMessage::Error {
            code: self.code.to_owned(),
            message: self.message.clone(),
        }
    }
}

impl From<DeclareError> for Refusal {
    fn from(error: DeclareError) -> Refusal {
        let code = match error {
            DeclareError::NotOffered { .. } => codes::NOT_OFFERED,
            DeclareError::NoSuchSeat { .. } => codes::NO_SUCH_SEAT,
            DeclareError::GameOver => "game_over",
        };
        Refusal::new(code, error.to_string())
    }
}

impl From<DynPlayError> for Refusal {
    fn from(error: DynPlayError) -> Refusal {
        Refusal::new(error.code(), error.to_string())
    }
}
