//! The protocol: every message a client and the server exchange, as serde types shared by the
//! server, the client library and the tests. Each WebSocket text frame holds one JSON object
//! whose `type` field names the message. `PROTOCOL.md` documents them with an example exchange.

use game::{Outcome, Turn, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::table_action::TableAction;
use crate::token::{TableCode, Token};

/// The protocol version this crate speaks; a client's [`ClientMessage::Hello`] must name it.
pub const PROTOCOL_VERSION: u32 = 1;

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of every connection: the protocol version the client speaks.
    Hello {
        /// Must be [`PROTOCOL_VERSION`].
        protocol: u32,
    },
    /// Asks for the list of tables.
    Lobby,
    /// Creates a table; the sender becomes its host. With a `name` the host also takes seat 0,
    /// without one the host watches as a spectator.
    Create {
        /// The game's name (`doudizhu`, `hearts`, …).
        game: String,
        /// The game's settings as JSON; `null` or absent means the defaults.
        #[serde(default)]
        settings: Value,
        /// The host's display name, when the host plays.
        #[serde(default)]
        name: Option<String>,
        /// A host token the client drew itself (64 hex digits from a CSPRNG). A `create`
        /// repeated with the same token (sent again after a connection lost before
        /// `created` arrived) answers for the table it made the first time instead of
        /// making a second one. Without it the server draws the token.
        #[serde(default)]
        token: Option<Token>,
    },
    /// Takes the first free seat of a table that has not started.
    Join {
        /// The table.
        code: TableCode,
        /// The display name shown to the others.
        name: String,
    },
    /// Comes back to a seat (or to hosting) with the token received on joining.
    Resume {
        /// The table.
        code: TableCode,
        /// A seat token or the host token.
        token: Token,
    },
    /// Watches a table; spectators see only the public view.
    Spectate {
        /// The table.
        code: TableCode,
    },
    /// Host only: seats the game's bot in every empty seat.
    FillBots,
    /// Host only, before the start: seats `bot` in `seat`, or in every empty seat when
    /// `seat` is absent. A seat already given to a bot gets the new one.
    SeatBot {
        /// The seat (absent: every empty seat).
        #[serde(default)]
        seat: Option<usize>,
        /// Which bot, at which level (one of the `bots` the welcome lists for this game).
        bot: BotChoice,
    },
    /// Host only: starts the game once every seat is taken.
    Start,
    /// Takes an action for the sender's seat (the seat comes from the token, never from the
    /// message).
    Action {
        /// The action's text (any notation the game reads) or its id.
        action: ActionRef,
    },
    /// Host only: a new game at the same seats once the current one is over.
    Rematch,
    /// Asks for a finished game of the connection's table in one of its game's record
    /// formats; answered by [`ServerMessage::Record`].
    Record {
        /// Which game at the table (absent: the current one).
        #[serde(default)]
        game_number: Option<u32>,
        /// The format (absent: [`RecordFormat::Log`]).
        #[serde(default)]
        format: RecordFormat,
    },
    /// Asks the server's solver about the game in play (Klondike only): answered by
    /// [`ServerMessage::Assist`].
    Assist {
        /// What to ask.
        ask: AssistAsk,
    },
    /// [`TableAction::Resign`]: the sender's seat gives up.
    Resign,
    /// [`TableAction::OfferDraw`]: the sender's seat offers a draw.
    OfferDraw,
    /// [`TableAction::AcceptDraw`]: the sender's seat accepts the pending offer.
    AcceptDraw,
    /// [`TableAction::DeclineDraw`]: the sender's seat declines the pending offer.
    DeclineDraw,
    /// [`TableAction::Undo`]: takes back the last move (one-player tables).
    Undo,
}

/// What an `assist` message asks the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AssistAsk {
    /// The next move of a winning line.
    Hint,
    /// Whether the game can still be won, with a whole winning line.
    Solve,
    /// Xiangqi: every move so far in ICCS, WXF and Chinese, answered by
    /// [`ServerMessage::Moves`].
    Moves,
}

/// One move written in each notation a client may show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotatedMove {
    /// ICCS coordinates: `h2e2`.
    pub iccs: String,
    /// WXF: `C2.5`.
    pub wxf: String,
    /// Chinese, simplified characters: `炮二平五`.
    pub chinese: String,
}

impl ClientMessage {
    /// The `type` of every client message, to tell an unknown message from a malformed one.
    pub const TYPES: [&'static str; 18] = [
        "hello",
        "lobby",
        "create",
        "join",
        "resume",
        "spectate",
        "fill_bots",
        "seat_bot",
        "start",
        "action",
        "rematch",
        "record",
        "assist",
        "resign",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "undo",
    ];

    /// The table action this message asks for, if it is one.
    pub const fn table_action(&self) -> Option<TableAction> {
        Some(match self {
            ClientMessage::Resign => TableAction::Resign,
            ClientMessage::OfferDraw => TableAction::OfferDraw,
            ClientMessage::AcceptDraw => TableAction::AcceptDraw,
            ClientMessage::DeclineDraw => TableAction::DeclineDraw,
            ClientMessage::Undo => TableAction::Undo,
            _ => return None,
        })
    }
}

/// An action named by text or by dense id: `"action": "33344"` or `"action": 12`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ActionRef {
    /// The action's text, in any notation the game reads.
    Text(String),
    /// The action's id, below the game's `num_actions`.
    Id(usize),
}

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the server's version and the games it hosts.
    Welcome {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The server's name and version.
        server: String,
        /// The games a table can be created for.
        games: Vec<String>,
        /// Per game, the bots a host may seat and their levels.
        #[serde(default)]
        bots: Vec<GameBots>,
    },
    /// The tables on this server.
    Lobby {
        /// One summary per table.
        tables: Vec<TableInfo>,
    },
    /// A table was created; keep `host_token` to host it again after a reconnect.
    Created {
        /// The code others join with.
        code: TableCode,
        /// The token that proves hosting.
        host_token: Token,
    },
    /// The sender holds this seat; keep `token` to come back to it.
    Joined {
        /// The table.
        code: TableCode,
        /// The seat index.
        seat: usize,
        /// The token that proves the seat.
        token: Token,
    },
    /// The sender watches this table (as a spectator, or as a host without a seat).
    Watching {
        /// The table.
        code: TableCode,
        /// Whether the sender is the host.
        host: bool,
    },
    /// The table changed: seats, names, connections, phase.
    Table(TableInfo),
    /// The game as the receiver may see it, after every action.
    State(StateUpdate),
    /// The sender's action was checked, stored and applied.
    Ack {
        /// The number of actions in this game so far, this one included.
        ply: usize,
        /// The action's canonical text.
        action: String,
    },
    /// The game is over.
    Result {
        /// The table.
        code: TableCode,
        /// Which game at this table (1 for the first, 2 after a rematch…).
        game_number: u32,
        /// Each seat's return and the winners.
        outcome: Outcome,
    },
    /// A finished game in the format asked for.
    Record(RecordText),
    /// The solver's answer to an `assist`.
    Assist {
        /// What was asked.
        ask: AssistAsk,
        /// The number of actions taken when the solver looked.
        ply: usize,
        /// `win` (a winning line exists), `impossible` (proved lost) or `unknown` (the search
        /// ran out of budget).
        verdict: String,
        /// The first move of the winning line, when there is one and it is not empty.
        hint: Option<String>,
        /// For `solve`: the whole winning line, in the game's move texts.
        line: Option<Vec<String>>,
        /// Positions the search generated.
        nodes: u64,
    },
    /// The answer to an `assist` asking for the moves: the game's moves so far.
    Moves {
        /// The number of actions taken.
        ply: usize,
        /// Every move, first first.
        moves: Vec<NotatedMove>,
    },
    /// A message was refused; nothing changed.
    Error {
        /// A stable word naming the problem (see `PROTOCOL.md`).
        code: String,
        /// The problem in words.
        message: String,
    },
}

/// What everyone may know about a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableInfo {
    /// The table's code.
    pub code: TableCode,
    /// The game's name.
    pub game: String,
    /// The game's settings as JSON.
    pub settings: Value,
    /// Waiting for players, playing, or over.
    pub phase: Phase,
    /// Which game at this table (1, then 2 after a rematch…).
    pub game_number: u32,
    /// One entry per seat.
    pub seats: Vec<SeatInfo>,
    /// How many spectators watch.
    pub spectators: usize,
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Seats are being taken; no action is accepted yet.
    Waiting,
    /// The game is on.
    Playing,
    /// The game is over; the host may ask for a rematch.
    Over,
    /// The game failed (it panicked); the table accepts nothing more.
    Failed,
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// Who sits there.
    pub kind: SeatKind,
    /// The display name (the game's bot has one too).
    pub name: Option<String>,
    /// Whether a client holds the seat now (always true for a bot).
    pub connected: bool,
    /// The bot in the seat and its level (bot seats only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotChoice>,
}

/// A bot and its level, as a host chooses it for a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BotChoice {
    /// The kind ([`BotOffer::kind`]): `planner`, `heuristic`, `engine`, `random`…
    pub kind: String,
    /// From 1 (weakest) to the kind's [`BotOffer::levels`] (strongest).
    pub level: u8,
}

/// One kind of bot a game offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotOffer {
    /// Its name, used in [`BotChoice::kind`].
    pub kind: String,
    /// How many levels it has (at least 1); level 1 is the weakest.
    pub levels: u8,
    /// What it is, and what its levels change, in words.
    pub about: String,
}

/// The bots of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameBots {
    /// The game's name.
    pub game: String,
    /// The kinds a host may choose, the strongest first.
    pub kinds: Vec<BotOffer>,
    /// The bot `fill_bots` seats and the one that plays for a player who stays away.
    pub default: BotChoice,
}

/// A game record format. Every game has [`RecordFormat::Log`]; the others belong to some
/// games only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordFormat {
    /// The server's own record ([`GameRecord`] as JSON): seed and action log, every game.
    #[default]
    Log,
    /// The crate's JSON record: `doudizhu::Record` (the last deal), or the list of
    /// `hearts::RoundRecord` of every hand.
    Json,
    /// Xiangqi PGN (ICCS movetext), from `xiangqi::write_pgn`.
    Pgn,
    /// Xiangqi: the moves in ICCS, space-separated, from `xiangqi::write_iccs_list`.
    Iccs,
    /// Gomoku: the moves in `h8` form, space-separated, from `gomoku::format_moves`.
    Moves,
    /// Gomoku: Gomocup's `.psq` record, from `gomoku::psq::write`.
    Psq,
}

impl RecordFormat {
    /// The format's name in the protocol and the download's file extension.
    pub const fn name(self) -> &'static str {
        match self {
            RecordFormat::Log => "log",
            RecordFormat::Json => "json",
            RecordFormat::Pgn => "pgn",
            RecordFormat::Iccs => "iccs",
            RecordFormat::Moves => "moves",
            RecordFormat::Psq => "psq",
        }
    }
}

/// A finished game written in one format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordText {
    /// The table.
    pub code: TableCode,
    /// Which game at the table.
    pub game_number: u32,
    /// The format of `text`.
    pub format: RecordFormat,
    /// The record.
    pub text: String,
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Nobody yet.
    Empty,
    /// A player with a token.
    Human,
    /// The server's bot for this game.
    Bot,
}

/// The game as one receiver may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateUpdate {
    /// The table.
    pub code: TableCode,
    /// Which game at this table.
    pub game_number: u32,
    /// The number of actions taken in this game.
    pub ply: usize,
    /// Who may act now.
    pub turn: Turn,
    /// Whose view this is: the receiver's seat, or a spectator's.
    pub viewer: Viewer,
    /// The game's view for `viewer` (`DynGame::view_json`).
    pub view: Value,
    /// The receiver's legal actions now (empty for spectators and seats not to act).
    pub legal: Vec<LegalAction>,
    /// The seat whose draw offer is pending, if any (everyone sees it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<usize>,
    /// The table actions the receiver may take now (none for spectators).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub table_actions: Vec<TableAction>,
}

/// One legal action: its id and canonical text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The dense id.
    pub id: usize,
    /// The canonical text.
    pub text: String,
}

/// A finished game as downloaded from `GET /tables/{code}/games/{n}`: everything needed to
/// replay it through the game interface.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's name.
    pub game: String,
    /// The settings.
    pub settings: Value,
    /// The seed the game was built from.
    pub seed: u64,
    /// The seats' names, seat 0 first.
    pub seats: Vec<Option<String>>,
    /// Every action in order.
    pub actions: Vec<LoggedAction>,
    /// The result.
    pub outcome: Option<Outcome>,
}

/// One action of a game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedAction {
    /// The seat that acted.
    pub seat: usize,
    /// The action's canonical text.
    pub action: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn type_of(message: &ClientMessage) -> String {
        serde_json::to_value(message).unwrap()["type"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn types_lists_every_client_message() {
        let code: TableCode = "ABC234".parse().unwrap();
        let every = [
            ClientMessage::Hello { protocol: 1 },
            ClientMessage::Lobby,
            ClientMessage::Create {
                game: "nim".into(),
                settings: Value::Null,
                name: None,
                token: None,
            },
            ClientMessage::Join {
                code: code.clone(),
                name: "ann".into(),
            },
            ClientMessage::Resume {
                code: code.clone(),
                token: Token::generate(),
            },
            ClientMessage::Spectate { code },
            ClientMessage::FillBots,
            ClientMessage::SeatBot {
                seat: None,
                bot: BotChoice {
                    kind: "random".into(),
                    level: 1,
                },
            },
            ClientMessage::Start,
            ClientMessage::Action {
                action: ActionRef::Id(0),
            },
            ClientMessage::Rematch,
            ClientMessage::Record {
                game_number: None,
                format: RecordFormat::Pgn,
            },
            ClientMessage::Assist {
                ask: AssistAsk::Hint,
            },
            ClientMessage::Resign,
            ClientMessage::OfferDraw,
            ClientMessage::AcceptDraw,
            ClientMessage::DeclineDraw,
            ClientMessage::Undo,
        ];
        let types: Vec<String> = every.iter().map(type_of).collect();
        assert_eq!(types, ClientMessage::TYPES);
        for message in &every {
            if let Some(action) = message.table_action() {
                assert_eq!(type_of(message), action.name());
            }
        }
    }

    #[test]
    fn actions_are_text_or_id() {
        let text: ClientMessage =
            serde_json::from_str(r#"{"type":"action","action":"3S"}"#).unwrap();
        let id: ClientMessage = serde_json::from_str(r#"{"type":"action","action":12}"#).unwrap();
        assert_eq!(
            (text, id),
            (
                ClientMessage::Action {
                    action: ActionRef::Text("3S".into())
                },
                ClientMessage::Action {
                    action: ActionRef::Id(12)
                }
            )
        );
    }

    #[test]
    fn create_settings_and_name_default() {
        let message: ClientMessage =
            serde_json::from_str(r#"{"type":"create","game":"hearts"}"#).unwrap();
        assert_eq!(
            message,
            ClientMessage::Create {
                game: "hearts".into(),
                settings: Value::Null,
                name: None,
                token: None
            }
        );
    }
}
