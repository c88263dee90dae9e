//! What the table client knows: the connection, the table, the seat's latest view and legal
//! actions, the action filter, and the messages to show. No terminal code and no rules: the
//! server sends the view and the legal action texts, and this only keeps them.

use game::{Outcome, Turn, Viewer};
use netplay::{
    ActionRef, AssistAsk, BotChoice, ClientMessage, GameBots, LegalAction, RecordText, SeatKind,
    ServerMessage, StateUpdate, TableAction, TableInfo,
};
use serde_json::Value;

/// How many messages the log keeps (older ones scroll away).
pub const LOG_LEN: usize = 50;

/// Whether the connection to the server is up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// Connecting for the first time.
    Connecting,
    /// Connected and greeted.
    Online,
    /// The connection dropped; the client tries again and resumes with its token.
    Lost(String),
}

impl Link {
    /// The link in a word: `connecting`, `online`, `reconnecting`.
    pub const fn word(&self) -> &'static str {
        match self {
            Link::Connecting => "connecting",
            Link::Online => "online",
            Link::Lost(_) => "reconnecting",
        }
    }
}

/// Something from the connection: a server message or a change of the link.
#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    /// The connection is up (the first time or again), with the bots the server offers.
    Connected(Vec<GameBots>),
    /// The connection dropped or could not be made, with the reason.
    Disconnected(String),
    /// A message from the server.
    Message(ServerMessage),
}

/// One thing the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Moves the selection up the filtered legal actions.
    Up,
    /// Moves the selection down.
    Down,
    /// Sends the selected action, or the typed text when nothing matches it.
    Submit,
    /// Adds a character to the filter.
    Type(char),
    /// Removes the filter's last character.
    Backspace,
    /// Empties the filter.
    ClearFilter,
    /// Host: seats bots in the empty seats.
    FillBots,
    /// Host: starts the game.
    Start,
    /// Host: a new game at the same seats.
    Rematch,
    /// Leaves the client.
    Quit,
}

/// One line of the message log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The text, short enough for a game screen's status line at 60 columns where it
    /// reports the link.
    pub text: String,
    /// Whether it reports a problem (a refusal, a lost connection).
    pub alarm: bool,
    /// What the log adds after the text (why the connection dropped).
    pub detail: Option<String>,
}

impl Note {
    /// How a game screen's status line shows it: a problem as an error.
    pub const fn level(&self) -> crate::status::Level {
        if self.alarm {
            crate::status::Level::Error
        } else {
            crate::status::Level::Info
        }
    }
}

/// The client's whole state.
#[derive(Clone, Debug)]
pub struct NetState {
    /// The server, `ws://HOST:PORT`.
    pub server: String,
    /// The player's display name.
    pub name: String,
    /// The connection.
    pub link: Link,
    /// The table's code, once created or joined.
    pub code: Option<String>,
    /// The seat held, once joined.
    pub seat: Option<usize>,
    /// Whether this client created the table.
    pub host: bool,
    /// The table as last announced.
    pub table: Option<TableInfo>,
    /// The game as this seat last saw it.
    pub state: Option<StateUpdate>,
    /// The last game's result, until a new game starts.
    pub result: Option<Outcome>,
    /// The typed filter over the legal actions.
    pub filter: String,
    /// The selected row of [`NetState::filtered`].
    pub selected: usize,
    /// Errors and notices, oldest first.
    pub log: Vec<Note>,
    /// An action was sent and its answer (a new state or an error) has not come yet; a
    /// second Enter meanwhile is ignored, so one keypress never plays twice.
    pub awaiting: bool,
    /// The bots the server offers, per game (from its welcome).
    pub offers: Vec<GameBots>,
    /// How many notes were ever logged (the log keeps the last [`LOG_LEN`]).
    pub noted: usize,
    /// The last game record received (asked for with [`ClientMessage::Record`]).
    pub record: Option<RecordText>,
    /// The server's last answer to an `assist` (Klondike's solver), until a screen takes it.
    pub assist: Option<Assisted>,
}

/// The server solver's answer to an `assist` ([`ServerMessage::Assist`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assisted {
    /// What was asked.
    pub ask: AssistAsk,
    /// The number of actions taken when the solver looked.
    pub ply: usize,
    /// `win`, `impossible` or `unknown`.
    pub verdict: String,
    /// The first move of the winning line.
    pub hint: Option<String>,
    /// For `solve`: the whole winning line.
    pub line: Option<Vec<String>>,
}

/// How one seat of the table is held, as the screens show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Nobody sits there yet.
    Empty,
    /// A player whose client is connected.
    Online,
    /// A player whose client is away (a bot plays for it after the server's timeout).
    Away,
    /// The server's bot.
    Bot,
    /// A player, but whether their client is connected is not known: this client's own link
    /// is down (the last announcement may be stale).
    Unknown,
}

impl Presence {
    /// The word for it.
    pub const fn word(self) -> &'static str {
        match self {
            Presence::Empty => "empty",
            Presence::Online => "online",
            Presence::Away => "away",
            Presence::Bot => "bot",
            Presence::Unknown => "unknown",
        }
    }
}

impl NetState {
    /// A client about to connect to `server` as `name`.
    pub fn new(server: &str, name: &str) -> NetState {
        NetState {
            server: server.to_owned(),
            name: name.to_owned(),
            link: Link::Connecting,
            code: None,
            seat: None,
            host: false,
            table: None,
            state: None,
            result: None,
            filter: String::new(),
            selected: 0,
            log: Vec::new(),
            awaiting: false,
            offers: Vec::new(),
            noted: 0,
            record: None,
            assist: None,
        }
    }

    /// How `seat` is held, from the table announcement; a player's connection is
    /// [`Presence::Unknown`] while this client's own link is down.
    pub fn presence(&self, seat: usize) -> Presence {
        let info = self.table.as_ref().and_then(|table| table.seats.get(seat));
        match info.map(|info| (info.kind, info.connected)) {
            None | Some((SeatKind::Empty, _)) => Presence::Empty,
            Some((SeatKind::Bot, _)) => Presence::Bot,
            Some((SeatKind::Human, _)) if matches!(self.link, Link::Lost(_)) => Presence::Unknown,
            Some((SeatKind::Human, true)) => Presence::Online,
            Some((SeatKind::Human, false)) => Presence::Away,
        }
    }

    /// The bots the server offers for this table's game, the strongest first, each kind at
    /// each of its levels.
    pub fn bot_choices(&self) -> Vec<BotChoice> {
        let game = self.table.as_ref().map(|table| table.game.as_str());
        self.offers
            .iter()
            .filter(|offer| Some(offer.game.as_str()) == game)
            .flat_map(|offer| &offer.kinds)
            .flat_map(|kind| {
                (1..=kind.levels).rev().map(|level| BotChoice {
                    kind: kind.kind.clone(),
                    level,
                })
            })
            .collect()
    }

    /// Sends the action written `text` for this seat: by its id when it is among the legal
    /// actions, else as text (the server then names what is wrong with it). `None` while an
    /// action is already on its way.
    pub fn act(&mut self, text: &str) -> Option<ClientMessage> {
        if self.awaiting {
            return None;
        }
        let action = self
            .legal()
            .iter()
            .find(|action| action.text == text)
            .map_or_else(
                || ActionRef::Text(text.to_owned()),
                |action| ActionRef::Id(action.id),
            );
        self.awaiting = true;
        Some(ClientMessage::Action { action })
    }

    /// The last message that reports a problem, if it is the latest message.
    pub fn alarm(&self) -> Option<&str> {
        self.log
            .last()
            .filter(|note| note.alarm)
            .map(|note| note.text.as_str())
    }

    /// Whether the table has not started its first game yet.
    pub fn waiting(&self) -> bool {
        self.state.is_none()
    }

    /// The legal actions whose text contains every word of the filter (case-insensitive).
    pub fn filtered(&self) -> Vec<&LegalAction> {
        let words: Vec<String> = self
            .filter
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        self.legal()
            .iter()
            .filter(|action| {
                let text = action.text.to_lowercase();
                words.iter().all(|word| text.contains(word.as_str()))
            })
            .collect()
    }

    /// This seat's legal actions now (empty when it is not to act).
    pub fn legal(&self) -> &[LegalAction] {
        self.state.as_ref().map_or(&[], |state| &state.legal)
    }

    /// Whether the game waits for this seat (and no action of its own is on the way).
    pub fn my_turn(&self) -> bool {
        !self.awaiting && !self.legal().is_empty()
    }

    /// The display name of `seat`, from the table announcement.
    pub fn seat_name(&self, seat: usize) -> String {
        self.table
            .as_ref()
            .and_then(|table| table.seats.get(seat))
            .and_then(|info| info.name.clone())
            .unwrap_or_else(|| format!("seat {seat}"))
    }

    /// Who acts now, in words.
    pub fn turn_text(&self) -> String {
        let Some(state) = &self.state else {
            return "waiting for the host to start".to_owned();
        };
        let you = |seat: usize| {
            if Some(seat) == self.seat {
                format!("{} (you)", self.seat_name(seat))
            } else {
                self.seat_name(seat)
            }
        };
        match state.turn {
            Turn::Seat(seat) => format!("{} to act", you(seat)),
            Turn::Simultaneous(seats) => {
                let names: Vec<String> = seats.iter().map(you).collect();
                format!("waiting for {}", names.join(", "))
            }
            Turn::Over => "game over".to_owned(),
        }
    }

    /// Takes in one event from the connection.
    pub fn receive(&mut self, event: NetEvent) {
        match event {
            NetEvent::Connected(offers) => {
                self.offers = offers;
                if matches!(self.link, Link::Lost(_)) {
                    self.note("reconnected".to_owned(), false);
                }
                self.link = Link::Online;
            }
            NetEvent::Disconnected(reason) => {
                self.awaiting = false;
                // The reason can be long (an IO error): the log and the help show it.
                self.push(Note {
                    text: "connection lost; retrying".to_owned(),
                    alarm: true,
                    detail: Some(reason.clone()),
                });
                self.link = Link::Lost(reason);
            }
            NetEvent::Message(message) => self.apply(message),
        }
    }

    fn apply(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Created { code, .. } => {
                self.host = true;
                self.note(
                    format!(
                        "table {code} created: others join with --join {}/{code}",
                        self.server
                    ),
                    false,
                );
            }
            ServerMessage::Joined { code, seat, .. } => {
                self.code = Some(code.to_string());
                self.seat = Some(seat);
            }
            ServerMessage::Watching { code, host } => {
                self.code = Some(code.to_string());
                self.host |= host;
            }
            ServerMessage::Table(table) => {
                self.code = Some(table.code.to_string());
                self.table = Some(table);
            }
            ServerMessage::State(state) => {
                let new_game = self
                    .state
                    .as_ref()
                    .is_none_or(|old| old.game_number != state.game_number);
                if new_game {
                    self.result = None;
                }
                if let Viewer::Seat(seat) = state.viewer {
                    self.seat = Some(seat);
                }
                self.state = Some(state);
                self.awaiting = false;
                self.clamp_selection();
            }
            ServerMessage::Ack { action, .. } => {
                let text = match TableAction::from_log(&action) {
                    Some(TableAction::Resign) => "you resigned".to_owned(),
                    Some(TableAction::OfferDraw) => "you offered a draw".to_owned(),
                    Some(TableAction::AcceptDraw) => "you accepted the draw".to_owned(),
                    Some(TableAction::DeclineDraw) => "you declined the draw".to_owned(),
                    Some(TableAction::Undo) => "you took back a move".to_owned(),
                    // While seats choose at once (Hearts' pass, one card at a time) an action
                    // is a choice, not a play.
                    None => match self.state.as_ref().map(|state| &state.turn) {
                        Some(Turn::Simultaneous(_)) => format!("you chose {action}"),
                        _ => format!("you played {action}"),
                    },
                };
                self.note(text, false);
            }
            ServerMessage::Result { outcome, .. } => self.result = Some(outcome),
            ServerMessage::Record(record) => self.record = Some(record),
            ServerMessage::Assist {
                ask,
                ply,
                verdict,
                hint,
                line,
                ..
            } => {
                self.assist = Some(Assisted {
                    ask,
                    ply,
                    verdict,
                    hint,
                    line,
                });
            }
            ServerMessage::Error { code, message } => {
                self.awaiting = false;
                self.note(format!("error {code}: {message}"), true);
            }
            ServerMessage::Welcome { .. }
            | ServerMessage::Lobby { .. }
            | ServerMessage::Moves { .. } => {}
        }
    }

    /// Applies one command; returns the message to send to the server, if any.
    pub fn command(&mut self, command: Command) -> Option<ClientMessage> {
        match command {
            Command::Up => {
                self.selected = self.selected.saturating_sub(1);
                None
            }
            Command::Down => {
                self.selected += 1;
                self.clamp_selection();
                None
            }
            Command::Type(c) => {
                self.filter.push(c);
                self.selected = 0;
                None
            }
            Command::Backspace => {
                self.filter.pop();
                self.selected = 0;
                None
            }
            Command::ClearFilter => {
                self.filter.clear();
                self.selected = 0;
                None
            }
            Command::Submit => self.submit(),
            Command::FillBots => Some(ClientMessage::FillBots),
            Command::Start => Some(ClientMessage::Start),
            Command::Rematch => Some(ClientMessage::Rematch),
            Command::Quit => None,
        }
    }

    /// The selected action, or the typed text when no legal action matches (the server reads
    /// every notation the game does, and answers an error naming the problem otherwise).
    fn submit(&mut self) -> Option<ClientMessage> {
        if self.awaiting {
            return None;
        }
        let action = match self.filtered().get(self.selected) {
            Some(action) => ActionRef::Id(action.id),
            None if !self.filter.trim().is_empty() => ActionRef::Text(self.filter.trim().into()),
            None => return None,
        };
        self.filter.clear();
        self.selected = 0;
        self.awaiting = true;
        Some(ClientMessage::Action { action })
    }

    fn clamp_selection(&mut self) {
        self.selected = self.selected.min(self.filtered().len().saturating_sub(1));
    }

    /// Logs a message to show.
    pub fn note(&mut self, text: String, alarm: bool) {
        self.push(Note {
            text,
            alarm,
            detail: None,
        });
    }

    fn push(&mut self, note: Note) {
        self.noted += 1;
        self.log.push(note);
        if self.log.len() > LOG_LEN {
            self.log.remove(0);
        }
    }
}

/// How many entries of a long list in a view are shown (the latest ones).
pub const LATEST: usize = 4;

/// A seat's JSON view as readable `(key, value)` lines: the hand first, then every other field
/// in order; lists of plain values joined by spaces, long lists cut to their [`LATEST`]
/// entries (the table's latest plays), `null` as `-`. The game's settings are left out (the
/// table announcement holds them).
pub fn view_lines(view: &Value) -> Vec<(String, String)> {
    let Value::Object(fields) = view else {
        return vec![(String::new(), compact(view))];
    };
    let hand = fields.get_key_value("hand");
    hand.into_iter()
        .chain(
            fields
                .iter()
                .filter(|(key, _)| !matches!(key.as_str(), "hand" | "settings")),
        )
        .map(|(key, value)| (key.replace('_', " "), field_text(value)))
        .collect()
}

fn field_text(value: &Value) -> String {
    match value {
        Value::Array(items) if items.iter().all(is_plain) => {
            items.iter().map(compact).collect::<Vec<_>>().join(" ")
        }
        Value::Array(items) if items.len() > LATEST => {
            let latest: Vec<String> = items[items.len() - LATEST..].iter().map(compact).collect();
            format!("({} earlier) {}", items.len() - LATEST, latest.join(" · "))
        }
        Value::Array(items) => items.iter().map(compact).collect::<Vec<_>>().join(" · "),
        other => compact(other),
    }
}

fn is_plain(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

/// A value on one line: strings without quotes, `null` as `-`, the rest as compact JSON.
fn compact(value: &Value) -> String {
    match value {
        Value::Null => "-".to_owned(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

impl NetState {
    /// The last result in words: each seat's return, the winners marked.
    pub fn result_text(&self) -> Option<String> {
        let outcome = self.result.as_ref()?;
        let seats = self.table.as_ref().map_or(0, |table| table.seats.len());
        let parts: Vec<String> = (0..seats)
            .map(|seat| {
                let won = if outcome.winners.contains(seat) {
                    " (won)"
                } else {
                    ""
                };
                format!("{} {:+}{won}", self.seat_name(seat), outcome.returns[seat])
            })
            .collect();
        Some(format!("result: {}", parts.join(" · ")))
    }
}
