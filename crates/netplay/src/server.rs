//! The server: an axum router with one WebSocket endpoint (`/ws`) and a few plain HTTP reads
//! (`/lobby`, finished games), a session per connection, and a registry of table actors.

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc, oneshot, watch};

use crate::limits::{AddressSlot, AddressSlots, RateLimiter};
use crate::protocol::{
    ClientMessage, PROTOCOL_VERSION, RecordFormat, RecordText, ServerMessage, TableInfo,
};
use crate::refusal::{Refusal, codes};
use crate::registry::Registry;
use crate::storage::{Storage, StorageError};
use crate::table::{Command, ConnId, Outbox, Table, TableHandle, TableTimes};
use crate::token::{TableCode, Token};

/// The bounds on what one client may send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The longest message accepted, in bytes; longer ones are refused with `too_large`, and
    /// frames over four times this close the connection.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average.
    pub messages_per_second: u32,
    /// Messages a connection may send at once.
    pub burst: u32,
    /// Open connections one address may hold.
    pub connections_per_address: usize,
    /// Messages queued for a connection before it counts as too slow and is closed.
    pub outbox: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 16 * 1024,
            messages_per_second: 20,
            burst: 40,
            connections_per_address: 32,
            outbox: 256,
        }
    }
}

/// How a server runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Bounds on clients.
    pub limits: Limits,
    /// Bot pacing and the away timeout.
    pub times: TableTimes,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            times: TableTimes {
                bot_delay: Duration::ZERO,
                away_timeout: Duration::from_secs(60),
                bot_deadline: Duration::from_secs(5),
            },
        }
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The address could not be bound.
    #[error("cannot listen: {0}")]
    Bind(#[from] std::io::Error),
    /// The stored tables could not be read.
    #[error("cannot load tables: {0}")]
    Storage(#[from] StorageError),
}

struct Shared {
    registry: Registry,
    storage: Arc<dyn Storage>,
    config: Config,
    tables: Mutex<HashMap<TableCode, TableHandle>>,
    /// Held while a table is created, so that a repeated `create` waits for the first.
    creating: tokio::sync::Mutex<()>,
    slots: AddressSlots,
    next_conn: AtomicU64,
    shutdown: watch::Receiver<bool>,
}

impl Shared {
    fn table(&self, code: &TableCode) -> Result<TableHandle, Refusal> {
        self.tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(code)
            .cloned()
            .ok_or_else(|| Refusal::new(codes::NO_SUCH_TABLE, format!("no table has code {code}")))
    }

    /// The table hosted with `token`, if any.
    fn hosted_with(&self, token: &Token) -> Option<TableCode> {
        let host = token.hash();
        self.tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .find(|(_, table)| table.host == host)
            .map(|(code, _)| code.clone())
    }

    fn lobby(&self) -> Vec<TableInfo> {
        let tables = self
            .tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut infos: Vec<TableInfo> = tables.values().map(|t| t.info.borrow().clone()).collect();
        infos.sort_by(|a, b| a.code.cmp(&b.code));
        infos
    }
}

/// A bound server, its stored tables restored, ready to [`run`](Server::run).
pub struct Server {
    shared: Arc<Shared>,
    listener: TcpListener,
    stop: watch::Sender<bool>,
}

impl Server {
    /// Binds `address` (port 0 picks a free one) and rebuilds every stored table by replaying
    /// its log. A table whose log no longer replays is skipped with an error in the log.
    pub async fn bind(
        address: SocketAddr,
        config: Config,
        registry: Registry,
        storage: Arc<dyn Storage>,
    ) -> Result<Server, StartError> {
        let listener = TcpListener::bind(address).await?;
        let (stop, shutdown) = watch::channel(false);
        let mut tables = HashMap::new();
        for stored in storage.load_tables().await? {
            let code = stored.code.clone();
            let restored = registry
                .get(&stored.game)
                .map_err(|e| e.to_string())
                .and_then(|entry| {
                    Table::restore(stored, *entry, Arc::clone(&storage), config.times)
                        .map_err(|e| e.to_string())
                });
            match restored {
                Ok(table) => {
                    tables.insert(code, table.spawn(shutdown.clone()));
                }
                Err(e) => tracing::error!(table = %code, "not restored: {e}"),
            }
        }
        tracing::info!(tables = tables.len(), "tables restored");
        let shared = Arc::new(Shared {
            registry,
            storage,
            config,
            tables: Mutex::new(tables),
            creating: tokio::sync::Mutex::new(()),
            slots: AddressSlots::default(),
            next_conn: AtomicU64::new(1),
            shutdown,
        });
        Ok(Server {
            shared,
            listener,
            stop,
        })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` resolves, then closes every connection (with a close frame)
    /// and stops every table. Every acknowledged action is already stored.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let app = router(Arc::clone(&self.shared));
        let stop = self.stop;
        let result = axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down");
            let _ = stop.send(true);
        })
        .await;
        tracing::info!("stopped");
        result
    }
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .merge(crate::web::routes())
        .route("/ws", get(upgrade))
        .route("/lobby", get(lobby))
        .route("/tables/{code}/games/{number}", get(record))
        .with_state(shared)
}

async fn lobby(State(shared): State<Arc<Shared>>) -> Json<Vec<TableInfo>> {
    Json(shared.lobby())
}

/// The query of a record download.
#[derive(Debug, serde::Deserialize)]
struct RecordQuery {
    #[serde(default)]
    format: RecordFormat,
}

/// A finished game in one of its record formats (`?format=pgn`; the server's own log by
/// default). Games in progress are refused: their seed and log would reveal hidden cards.
async fn record(
    State(shared): State<Arc<Shared>>,
    Path((code, number)): Path<(String, u32)>,
    Query(query): Query<RecordQuery>,
) -> Response {
    let Ok(code) = code.parse::<TableCode>() else {
        return (StatusCode::NOT_FOUND, "no such table\n").into_response();
    };
    let Ok(table) = shared.table(&code) else {
        return (StatusCode::NOT_FOUND, "no such table\n").into_response();
    };
    let info = table.info.borrow().clone();
    let format = query.format;
    match crate::record::finished(&*shared.storage, &shared.registry, &info, number, format).await {
        Ok(text) => {
            let kind = if matches!(format, RecordFormat::Log | RecordFormat::Json) {
                "application/json"
            } else {
                "text/plain; charset=utf-8"
            };
            let file = format!("attachment; filename=\"{code}-{number}.{}\"", format.name());
            (
                [
                    (header::CONTENT_TYPE, kind.to_owned()),
                    (header::CONTENT_DISPOSITION, file),
                ],
                text,
            )
                .into_response()
        }
        Err(refusal) => {
            let status = match refusal.code {
                codes::NOT_OVER => StatusCode::CONFLICT,
                codes::NO_SUCH_GAME => StatusCode::NOT_FOUND,
                codes::BAD_FORMAT => StatusCode::BAD_REQUEST,
                _ => StatusCode::INTERNAL_SERVER_ERROR,
            };
            (status, format!("{}\n", refusal.message)).into_response()
        }
    }
}

/// Each connection's WebSocket read buffer. tungstenite zero-fills the whole buffer before
/// every read (128 KiB by default, a fifth of the load bench's time in `memset` and `malloc`);
/// a client's messages are small, and a longer one simply takes more reads.
const READ_BUFFER: usize = 4096;

async fn upgrade(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let limits = shared.config.limits;
    let Some(slot) = shared.slots.take(peer.ip(), limits.connections_per_address) else {
        tracing::warn!(%peer, "too many connections from this address");
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address\n",
        )
            .into_response();
    };
    let hard_limit = limits.max_message_bytes.saturating_mul(4);
    upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(hard_limit)
        .max_frame_size(hard_limit)
        .on_upgrade(move |socket| connection(socket, peer, shared, slot))
}

/// One client's connection: reads messages, writes what its tables and the server send.
async fn connection(socket: WebSocket, peer: SocketAddr, shared: Arc<Shared>, _slot: AddressSlot) {
    let conn = shared.next_conn.fetch_add(1, Ordering::Relaxed);
    let limits = shared.config.limits;
    let (tx, mut rx) = mpsc::channel(limits.outbox);
    let outbox = Outbox {
        tx,
        kick: Arc::new(Notify::new()),
    };
    let mut session = Session {
        conn,
        shared: Arc::clone(&shared),
        outbox: outbox.clone(),
        limiter: RateLimiter::new(limits.messages_per_second, limits.burst),
        greeted: false,
        table: None,
    };
    let mut shutdown = shared.shutdown.clone();
    let (mut sink, mut stream) = socket.split();
    tracing::debug!(%peer, conn, "connected");
    let close = loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => session.receive(text.as_str()).await,
                Some(Ok(Message::Binary(_))) => session.refuse(&Refusal::new(
                    codes::BINARY,
                    "this protocol sends JSON in text frames",
                )),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | None => break None,
                Some(Err(e)) => {
                    tracing::debug!(conn, "connection error: {e}");
                    break Some((1009, "message too large or broken frame"));
                }
            },
            outgoing = rx.recv() => {
                let Some(message) = outgoing else { break None };
                let Ok(text) = serde_json::to_string(&message) else { continue };
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break None;
                }
            }
            () = outbox.kick.notified() => break Some((1008, "too far behind; resume with your token")),
            _ = shutdown.changed() => break Some((1001, "server shutting down")),
        }
    };
    session.leave().await;
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = sink.send(Message::Close(Some(frame))).await;
    }
    tracing::debug!(conn, "disconnected");
}

/// What one connection is doing.
struct Session {
    conn: ConnId,
    shared: Arc<Shared>,
    outbox: Outbox,
    limiter: RateLimiter,
    greeted: bool,
    /// The table this connection is attached to.
    table: Option<TableHandle>,
}

impl Session {
    fn send(&self, message: ServerMessage) {
        self.outbox.send(message);
    }

    fn refuse(&self, refusal: &Refusal) {
        self.send(refusal.to_message());
    }

    async fn receive(&mut self, text: &str) {
        if !self.limiter.allow() {
            let limits = self.shared.config.limits;
            return self.refuse(&Refusal::new(
                codes::RATE_LIMITED,
                format!(
                    "more than {} messages per second (bursts of {}); message dropped",
                    limits.messages_per_second, limits.burst
                ),
            ));
        }
        match parse(text, self.shared.config.limits.max_message_bytes) {
            Ok(message) => {
                if let Err(refusal) = self.handle(message).await {
                    self.refuse(&refusal);
                }
            }
            Err(refusal) => self.refuse(&refusal),
        }
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<(), Refusal> {
        match (&message, self.greeted) {
            (ClientMessage::Hello { protocol }, _) => {
                if *protocol != PROTOCOL_VERSION {
                    return Err(Refusal::new(
                        codes::VERSION,
                        format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"),
                    ));
                }
                self.greeted = true;
                self.send(ServerMessage::Welcome {
                    protocol: PROTOCOL_VERSION,
                    server: format!("parlor-netplay {}", env!("CARGO_PKG_VERSION")),
                    games: self
                        .shared
                        .registry
                        .names()
                        .iter()
                        .map(|&n| n.to_owned())
                        .collect(),
                    bots: self.shared.registry.bot_lists(),
                });
                return Ok(());
            }
            (_, false) => {
                return Err(Refusal::new(
                    codes::HELLO_FIRST,
                    format!("send {{\"type\":\"hello\",\"protocol\":{PROTOCOL_VERSION}}} first"),
                ));
            }
            _ => {}
        }
        if let Some(action) = message.table_action() {
            return self.forward(Command::TableAction(self.conn, action)).await;
        }
        match message {
            // A second hello changes nothing; table actions were forwarded above.
            ClientMessage::Hello { .. }
            | ClientMessage::Resign
            | ClientMessage::OfferDraw
            | ClientMessage::AcceptDraw
            | ClientMessage::DeclineDraw
            | ClientMessage::Undo => Ok(()),
            ClientMessage::Lobby => {
                self.send(ServerMessage::Lobby {
                    tables: self.shared.lobby(),
                });
                Ok(())
            }
            ClientMessage::Create {
                game,
                settings,
                name,
                token,
            } => self.create(&game, settings, name, token).await,
            ClientMessage::Join { code, name } => {
                self.attach(&code, |conn, outbox, reply| Command::Join {
                    conn,
                    outbox,
                    name,
                    reply,
                })
                .await
            }
            ClientMessage::Resume { code, token } => {
                self.attach(&code, |conn, outbox, reply| Command::Resume {
                    conn,
                    outbox,
                    token,
                    reply,
                })
                .await
            }
            ClientMessage::Spectate { code } => {
                self.attach(&code, |conn, outbox, reply| Command::Spectate {
                    conn,
                    outbox,
                    reply,
                })
                .await
            }
            ClientMessage::FillBots => self.forward(Command::FillBots(self.conn)).await,
            ClientMessage::SeatBot { seat, bot } => {
                self.forward(Command::SeatBot(self.conn, seat, bot)).await
            }
            ClientMessage::Record {
                game_number,
                format,
            } => self.record(game_number, format).await,
            ClientMessage::Start => self.forward(Command::Start(self.conn)).await,
            ClientMessage::Rematch => self.forward(Command::Rematch(self.conn)).await,
            ClientMessage::Action { action } => {
                self.forward(Command::Action(self.conn, action)).await
            }
            ClientMessage::Assist { ask } => self.assist(ask),
        }
    }

    /// Creates a table, or, for a `create` repeated with the host token of a table this
    /// server already made, answers for that table again (`created`, then as `resume`).
    async fn create(
        &mut self,
        game: &str,
        settings: Value,
        name: Option<String>,
        token: Option<Token>,
    ) -> Result<(), Refusal> {
        let entry = *self
            .shared
            .registry
            .get(game)
            .map_err(|e| Refusal::new(codes::UNKNOWN_GAME, e.to_string()))?;
        if token.as_ref().is_some_and(|t| !t.is_well_formed()) {
            return Err(Refusal::new(
                codes::BAD_TOKEN,
                "a host token a client proposes has 64 lowercase hex digits from a CSPRNG",
            ));
        }
        let shared = Arc::clone(&self.shared);
        let _creating = shared.creating.lock().await;
        let made = token.as_ref().and_then(|t| self.shared.hosted_with(t));
        if let (Some(code), Some(token)) = (made, token.clone()) {
            self.send(ServerMessage::Created {
                code: code.clone(),
                host_token: token.clone(),
            });
            return self
                .attach(&code, |conn, outbox, reply| Command::Resume {
                    conn,
                    outbox,
                    token,
                    reply,
                })
                .await;
        }
        let host_token = token.unwrap_or_else(Token::generate);
        let code = loop {
            let code = TableCode::generate();
            if self.shared.table(&code).is_err() {
                break code;
            }
        };
        let mut table = Table::create(
            code.clone(),
            entry,
            settings,
            &host_token,
            Arc::clone(&self.shared.storage),
            self.shared.config.times,
        )
        .await?;
        self.leave().await;
        table
            .seat_creator(self.conn, self.outbox.clone(), name, &host_token)
            .await;
        tracing::info!(table = %code, game, "table created");
        let handle = table.spawn(self.shared.shutdown.clone());
        self.shared
            .tables
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(code, handle.clone());
        self.table = Some(handle);
        Ok(())
    }

    /// Attaches this connection to a table with `command`, leaving the previous table only
    /// once the new one accepted.
    async fn attach(
        &mut self,
        code: &TableCode,
        command: impl FnOnce(ConnId, Outbox, oneshot::Sender<Result<(), Refusal>>) -> Command,
    ) -> Result<(), Refusal> {
        let handle = self.shared.table(code)?;
        let (reply, answer) = oneshot::channel();
        handle
            .commands
            .send(command(self.conn, self.outbox.clone(), reply))
            .await
            .map_err(|_| closed())?;
        answer.await.map_err(|_| closed())??;
        let previous = self.table.replace(handle);
        if let Some(previous) = previous {
            let _ = previous.commands.send(Command::Leave(self.conn)).await;
        }
        Ok(())
    }

    /// A finished game of this connection's table, in `format`.
    async fn record(&self, number: Option<u32>, format: RecordFormat) -> Result<(), Refusal> {
        let table = self.table.as_ref().ok_or_else(not_at_table)?;
        let info = table.info.borrow().clone();
        let number = number.unwrap_or(info.game_number);
        let text = crate::record::finished(
            &*self.shared.storage,
            &self.shared.registry,
            &info,
            number,
            format,
        )
        .await?;
        self.send(ServerMessage::Record(RecordText {
            code: info.code,
            game_number: number,
            format,
            text,
        }));
        Ok(())
    }

    async fn forward(&self, command: Command) -> Result<(), Refusal> {
        let table = self.table.as_ref().ok_or_else(not_at_table)?;
        table.commands.send(command).await.map_err(|_| closed())
    }

    /// Answers an `assist` from a task of its own, so the connection reads on meanwhile.
    fn assist(&self, ask: crate::protocol::AssistAsk) -> Result<(), Refusal> {
        let info = self
            .table
            .as_ref()
            .map(|t| t.info.borrow().clone())
            .ok_or_else(|| {
                Refusal::new(
                    codes::NOT_AT_TABLE,
                    "join, resume or spectate a table first",
                )
            })?;
        let (storage, outbox) = (Arc::clone(&self.shared.storage), self.outbox.clone());
        tokio::spawn(async move {
            let answer = crate::assist::answer(storage, info, ask).await;
            outbox.send(answer.unwrap_or_else(|refusal| refusal.to_message()));
        });
        Ok(())
    }

    async fn leave(&mut self) {
        if let Some(table) = self.table.take() {
            let _ = table.commands.send(Command::Leave(self.conn)).await;
        }
    }
}

fn not_at_table() -> Refusal {
    Refusal::new(
        codes::NOT_AT_TABLE,
        "join, resume or spectate a table first",
    )
}

fn closed() -> Refusal {
    Refusal::new(codes::TABLE_CLOSED, "the table has shut down")
}

/// Reads one client message, telling apart text that is too long, not JSON, of an unknown
/// type, and a known type with bad fields.
pub fn parse(text: &str, max_bytes: usize) -> Result<ClientMessage, Refusal> {
    if text.len() > max_bytes {
        return Err(Refusal::new(
            codes::TOO_LARGE,
            format!(
                "{} bytes is more than the {max_bytes} a message may have",
                text.len()
            ),
        ));
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|e| Refusal::new(codes::MALFORMED_JSON, format!("not JSON: {e}")))?;
    let kind = value
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    if !ClientMessage::TYPES.contains(&kind.as_str()) {
        return Err(Refusal::new(
            codes::UNKNOWN_MESSAGE,
            format!(
                "unknown message type {kind:?} (known: {})",
                ClientMessage::TYPES.join(", ")
            ),
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| Refusal::new(codes::BAD_MESSAGE, format!("bad {kind} message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names_each_kind_of_bad_input() {
        let code = |text: &str| parse(text, 64).unwrap_err().code;
        assert_eq!(code("{not json"), codes::MALFORMED_JSON);
        assert_eq!(code(r#"{"type":"dance"}"#), codes::UNKNOWN_MESSAGE);
        assert_eq!(code(r#"{"no":"type"}"#), codes::UNKNOWN_MESSAGE);
        assert_eq!(
            code(r#"{"type":"join","code":"ABC234"}"#),
            codes::BAD_MESSAGE
        );
        assert_eq!(
            code(r#"{"type":"join","code":"0","name":"x"}"#),
            codes::BAD_MESSAGE
        );
        assert_eq!(
            code(&format!(r#"{{"type":"lobby","pad":"{}"}}"#, "x".repeat(64))),
            codes::TOO_LARGE
        );
        assert_eq!(parse(r#"{"type":"lobby"}"#, 64), Ok(ClientMessage::Lobby));
    }
}
