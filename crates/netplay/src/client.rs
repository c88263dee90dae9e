//! A client for programs: tests, scripted seats, bots written against the server. It speaks
//! the same [`protocol`](crate::protocol) types the server does.

use std::str::FromStr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{ClientMessage, GameBots, PROTOCOL_VERSION, ServerMessage};
use crate::token::{ParseCodeError, TableCode, Token};

/// Why the client could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server sent something that is not a protocol message.
    #[error("the server sent a message this client does not read: {0}")]
    Json(#[from] serde_json::Error),
    /// The server closed the connection.
    #[error("the server closed the connection{}", reason.as_ref().map(|r| format!(": {r}")).unwrap_or_default())]
    Closed {
        /// The close frame's reason, if any.
        reason: Option<String>,
    },
    /// The server refused the greeting.
    #[error("the server refused: {code}: {message}")]
    Refused {
        /// The error code.
        code: String,
        /// The reason.
        message: String,
    },
    /// The address is not `ws://HOST:PORT` or `ws://HOST:PORT/CODE`.
    #[error("{0}")]
    Url(String),
    /// The command line or the script cannot be followed.
    #[error("{0}")]
    Usage(String),
    /// Writing what the client received failed.
    #[error("output: {0}")]
    Output(#[from] std::io::Error),
    /// A [`Session`] tried to reconnect as often as its [`Backoff`] allows, and failed.
    #[error("gave up after {tries} tries to reconnect: {reason}")]
    GaveUp {
        /// The attempts made.
        tries: u32,
        /// Why the last one failed.
        reason: String,
    },
}

impl ClientError {
    /// Whether the connection dropped (the WebSocket failed or was closed), as opposed to a
    /// message that cannot be read or a refusal: a [`Session`] reconnects after these.
    pub const fn is_lost(&self) -> bool {
        matches!(self, ClientError::WebSocket(_) | ClientError::Closed { .. })
    }
}

/// A table's address as people share it: `ws://HOST:PORT/CODE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinUrl {
    /// `ws://HOST:PORT`.
    pub server: String,
    /// The table code.
    pub code: TableCode,
}

impl FromStr for JoinUrl {
    type Err = ClientError;

    /// Reads `ws://HOST:PORT/CODE` (the scheme may be left out; `wss://` is kept).
    ///
    /// ```
    /// let url: netplay::JoinUrl = "ws://127.0.0.1:7878/k7mq2x".parse()?;
    /// assert_eq!((url.server.as_str(), url.code.as_str()), ("ws://127.0.0.1:7878", "K7MQ2X"));
    /// let short: netplay::JoinUrl = "127.0.0.1:7878/K7MQ2X".parse()?;
    /// assert_eq!(short, url, "ws:// is the default");
    /// assert!("ws://127.0.0.1:7878".parse::<netplay::JoinUrl>().is_err());
    /// # Ok::<(), netplay::ClientError>(())
    /// ```
    fn from_str(text: &str) -> Result<JoinUrl, ClientError> {
        let text = text.trim();
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => (scheme, rest),
            None => ("ws", text),
        };
        let bad = || ClientError::Url(format!("{text:?} is not ws://HOST:PORT/CODE"));
        let (host, code) = rest
            .trim_end_matches('/')
            .rsplit_once('/')
            .ok_or_else(bad)?;
        if host.is_empty() || !matches!(scheme, "ws" | "wss") {
            return Err(bad());
        }
        let code = code
            .parse()
            .map_err(|e: ParseCodeError| ClientError::Url(e.to_string()))?;
        Ok(JoinUrl {
            server: format!("{scheme}://{host}"),
            code,
        })
    }
}

/// One connection to a server, greeted (`hello` sent, `welcome` received).
#[derive(Debug)]
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    games: Vec<String>,
    bots: Vec<GameBots>,
}

impl Client {
    /// Connects to `server` (`ws://HOST:PORT`; the `/ws` path is added) and greets it.
    pub async fn connect(server: &str) -> Result<Client, ClientError> {
        let url = format!("{}/ws", server.trim_end_matches('/'));
        // tungstenite zero-fills its whole read buffer before every read (128 KiB by default);
        // 16 KiB holds a large state update in one read at an eighth of the cost.
        let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
        let (socket, _) =
            tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), false).await?;
        let mut client = Client {
            socket,
            games: Vec::new(),
            bots: Vec::new(),
        };
        client
            .send(&ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
            })
            .await?;
        match client.recv().await? {
            ServerMessage::Welcome { games, bots, .. } => {
                client.games = games;
                client.bots = bots;
                Ok(client)
            }
            ServerMessage::Error { code, message } => Err(ClientError::Refused { code, message }),
            other => Err(ClientError::Url(format!(
                "{server} answered hello with {other:?}; is it a parlor server?"
            ))),
        }
    }

    /// The games the server hosts, from its welcome.
    pub fn games(&self) -> &[String] {
        &self.games
    }

    /// The bots the server offers per game, from its welcome.
    pub fn bots(&self) -> &[GameBots] {
        &self.bots
    }

    /// Sends one message.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        self.send_raw(&serde_json::to_string(message)?).await
    }

    /// Sends one text frame as it is (for tests of bad input and for hand-written JSON).
    pub async fn send_raw(&mut self, text: &str) -> Result<(), ClientError> {
        self.socket.send(Message::text(text)).await?;
        Ok(())
    }

    /// The next message from the server. Cancel-safe: usable in `tokio::select!`.
    pub async fn recv(&mut self) -> Result<ServerMessage, ClientError> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => return Ok(serde_json::from_str(text.as_str())?),
                Some(Ok(Message::Close(frame))) => {
                    return Err(ClientError::Closed {
                        reason: frame.map(|f| format!("{} {}", u16::from(f.code), f.reason)),
                    });
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
                None => return Err(ClientError::Closed { reason: None }),
            }
        }
    }

    /// Receives until `pick` returns `Some`, and returns that (the messages before are dropped).
    pub async fn recv_until<T>(
        &mut self,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Result<T, ClientError> {
        loop {
            let message = self.recv().await?;
            if let Some(found) = pick(&message) {
                return Ok(found);
            }
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) -> Result<(), ClientError> {
        self.socket.close(None).await?;
        Ok(())
    }
}

/// How a [`Session`] reconnects: up to `tries` attempts, the first after `first_wait`, each
/// next one after twice the wait before, at most `max_wait`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// Attempts after a drop before giving up (0: give up at once).
    pub tries: u32,
    /// The wait before the first attempt.
    pub first_wait: Duration,
    /// The longest wait between two attempts.
    pub max_wait: Duration,
}

impl Default for Backoff {
    /// 10 tries, 250 ms doubling to 5 s: about 35 s in all, long enough for a server restart.
    fn default() -> Backoff {
        Backoff {
            tries: 10,
            first_wait: Duration::from_millis(250),
            max_wait: Duration::from_secs(5),
        }
    }
}

impl Backoff {
    /// The wait before attempt `attempt` (1 for the first).
    ///
    /// ```
    /// use std::time::Duration;
    /// let backoff = netplay::Backoff::default();
    /// let waits: Vec<u64> = (1..=7).map(|n| backoff.wait(n).as_millis() as u64).collect();
    /// assert_eq!(waits, [250, 500, 1000, 2000, 4000, 5000, 5000]);
    /// ```
    pub fn wait(&self, attempt: u32) -> Duration {
        let doublings = attempt.saturating_sub(1).min(16);
        self.first_wait
            .saturating_mul(1 << doublings)
            .min(self.max_wait)
    }
}

/// What a [`Session`] brings: a message, or news of its connection.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionEvent {
    /// A message from the server.
    Message(ServerMessage),
    /// The connection is down (why); attempt `attempt` of `tries` to reconnect comes after
    /// `wait`.
    Retrying {
        /// Why the connection dropped, or why the last attempt failed.
        reason: String,
        /// The coming attempt, from 1.
        attempt: u32,
        /// The attempts allowed.
        tries: u32,
        /// How long until it.
        wait: Duration,
    },
    /// Connected again, and the seat resumed with its token (the server answers with the
    /// seat and the game as it is now).
    Resumed,
}

/// A connection that keeps its place at a table: it remembers the token the server hands out
/// (`created`, `joined`) and, when the connection drops (a server restart), connects again with
/// [`Backoff`] and resumes with it, as the terminal clients do. A spectator watches again.
#[derive(Debug)]
pub struct Session {
    server: String,
    /// The message that puts a new connection back at the table: the opening until the
    /// server hands out a token, then `resume` with it.
    comeback: ClientMessage,
    client: Option<Client>,
    backoff: Backoff,
    /// The attempts made since the connection dropped.
    attempts: u32,
    next_try: Instant,
    /// Why the connection dropped, until [`Session::recv`] has said so.
    lost: Option<String>,
}

impl Session {
    /// Connects to `server`, greets it and sends `opening` (a `create`, `join`, `resume` or
    /// `spectate`). A `create` should carry a token of its own, so that sending it again
    /// after a drop before `created` came makes no second table.
    pub async fn open(
        server: &str,
        opening: ClientMessage,
        backoff: Backoff,
    ) -> Result<Session, ClientError> {
        let mut client = Client::connect(server).await?;
        client.send(&opening).await?;
        Ok(Session {
            server: server.to_owned(),
            comeback: opening,
            client: Some(client),
            backoff,
            attempts: 0,
            next_try: Instant::now(),
            lost: None,
        })
    }

    /// Whether the connection is up (messages sent now reach the server).
    pub const fn is_connected(&self) -> bool {
        self.client.is_some()
    }

    /// Sends `message`; `false` when the connection is down (it was not sent).
    pub async fn send(&mut self, message: &ClientMessage) -> Result<bool, ClientError> {
        self.send_raw(&serde_json::to_string(message)?).await
    }

    /// Sends one text frame as it is; `false` when the connection is down (it was not sent;
    /// a drop found here is reported by the next [`Session::recv`]).
    pub async fn send_raw(&mut self, text: &str) -> Result<bool, ClientError> {
        let Some(client) = &mut self.client else {
            return Ok(false);
        };
        match client.send_raw(text).await {
            Ok(()) => Ok(true),
            Err(error) => self.drop_connection(error).map(|()| false),
        }
    }

    /// The next message, or news of the connection: while it is down, each attempt to
    /// reconnect, after its wait. Cancel-safe (usable in `tokio::select!`): a cancelled
    /// attempt is made again by the next call, at the same time.
    ///
    /// # Errors
    /// A message that does not read, [`ClientError::GaveUp`] once the tries are spent, and a
    /// drop itself when the backoff allows no tries.
    pub async fn recv(&mut self) -> Result<SessionEvent, ClientError> {
        if let Some(reason) = self.lost.take() {
            return Ok(self.retrying(reason));
        }
        if let Some(client) = &mut self.client {
            return match client.recv().await {
                Ok(message) => {
                    self.remember(&message);
                    Ok(SessionEvent::Message(message))
                }
                Err(error) => {
                    self.drop_connection(error)?;
                    let reason = self.lost.take().unwrap_or_default();
                    Ok(self.retrying(reason))
                }
            };
        }
        tokio::time::sleep_until(self.next_try).await;
        let failed = match Client::connect(&self.server).await {
            Ok(mut client) => match client.send(&self.comeback).await {
                Ok(()) => {
                    self.client = Some(client);
                    return Ok(SessionEvent::Resumed);
                }
                Err(error) => error,
            },
            Err(error) => error,
        };
        self.attempts += 1;
        if self.attempts >= self.backoff.tries {
            return Err(ClientError::GaveUp {
                tries: self.attempts,
                reason: failed.to_string(),
            });
        }
        Ok(self.retrying(failed.to_string()))
    }

    /// Closes the connection politely, if it is up.
    pub async fn close(self) -> Result<(), ClientError> {
        match self.client {
            Some(client) => client.close().await,
            None => Ok(()),
        }
    }

    /// Keeps the token of a seat or of hosting, to resume with it.
    fn remember(&mut self, message: &ServerMessage) {
        let (code, token): (&TableCode, &Token) = match message {
            ServerMessage::Created { code, host_token } => (code, host_token),
            ServerMessage::Joined { code, token, .. } => (code, token),
            _ => return,
        };
        self.comeback = ClientMessage::Resume {
            code: code.clone(),
            token: token.clone(),
        };
    }

    /// Counts the connection as dropped (for `recv` to say so and reconnect), or gives the
    /// error back when it is not a drop or no tries are allowed.
    fn drop_connection(&mut self, error: ClientError) -> Result<(), ClientError> {
        if !error.is_lost() || self.backoff.tries == 0 {
            return Err(error);
        }
        self.client = None;
        self.attempts = 0;
        self.lost = Some(error.to_string());
        Ok(())
    }

    /// Schedules the next attempt and says when it comes.
    fn retrying(&mut self, reason: String) -> SessionEvent {
        let attempt = self.attempts + 1;
        let wait = self.backoff.wait(attempt);
        self.next_try = Instant::now() + wait;
        SessionEvent::Retrying {
            reason,
            attempt,
            tries: self.backoff.tries,
            wait,
        }
    }
}
