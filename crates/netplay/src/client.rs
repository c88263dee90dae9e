//! A client for programs: tests, scripted seats, bots written against the server. It speaks
//! the same [`protocol`](crate::protocol) types the server does.

use std::str::FromStr;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{ClientMessage, GameBots, PROTOCOL_VERSION, ServerMessage};
use crate::token::{ParseCodeError, TableCode};

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
