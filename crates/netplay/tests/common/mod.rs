//! What the integration tests share: the test game, a server on an ephemeral loopback port
//! with its own data directory, and client helpers.
#![allow(dead_code)] // each test binary uses a different part

pub mod nim;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use netplay::{
    ActionRef, Client, ClientMessage, Config, Registry, Server, ServerMessage, SqliteStorage,
    StateUpdate, Storage, TableCode, Token, codes,
};
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The longest any single wait in a test may take before it fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A fresh, empty directory for one test's database.
pub fn temp_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "parlor-netplay-{name}-{}-{nanos}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The registry the tests serve: the test game, plus every parlor game that has landed.
pub fn registry() -> Registry {
    Registry::parlor().with::<nim::SecretNim>()
}

/// A server running on the current runtime.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<std::io::Result<()>>,
}

impl TestServer {
    /// A server storing into SQLite in `dir`.
    pub async fn start(dir: &Path, config: Config) -> TestServer {
        let storage = SqliteStorage::open_dir(dir).expect("sqlite opens");
        TestServer::start_on(Arc::new(storage), config).await
    }

    /// A server over any storage.
    pub async fn start_on(storage: Arc<dyn Storage>, config: Config) -> TestServer {
        TestServer::start_with(storage, config, registry()).await
    }

    /// A server over any storage, hosting `registry`.
    pub async fn start_with(
        storage: Arc<dyn Storage>,
        config: Config,
        registry: Registry,
    ) -> TestServer {
        TestServer::bind("127.0.0.1:0".parse().unwrap(), storage, config, registry).await
    }

    /// A server storing into SQLite in `dir` on `addr` (to restart one where it was).
    pub async fn start_at(addr: SocketAddr, dir: &Path, config: Config) -> TestServer {
        let storage = SqliteStorage::open_dir(dir).expect("sqlite opens");
        TestServer::bind(addr, Arc::new(storage), config, registry()).await
    }

    async fn bind(
        addr: SocketAddr,
        storage: Arc<dyn Storage>,
        config: Config,
        registry: Registry,
    ) -> TestServer {
        let server = Server::bind(addr, config, registry, storage)
            .await
            .expect("server binds");
        let addr = server.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        TestServer {
            addr,
            stop: Some(stop),
            task,
        }
    }

    /// `ws://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    /// A greeted client.
    pub async fn client(&self) -> Client {
        within(Client::connect(&self.url()))
            .await
            .expect("client connects")
    }

    /// Graceful shutdown.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        within(self.task)
            .await
            .expect("server task")
            .expect("server ran");
    }
}

/// Awaits `future`, failing the test after [`PATIENCE`].
pub async fn within<F: std::future::Future>(future: F) -> F::Output {
    tokio::time::timeout(PATIENCE, future)
        .await
        .expect("timed out")
}

/// The next message.
pub async fn next(client: &mut Client) -> ServerMessage {
    within(client.recv()).await.expect("message")
}

/// Skips messages until the next error, and returns its code.
pub async fn error_code(client: &mut Client) -> String {
    within(client.recv_until(|m| match m {
        ServerMessage::Error { code, .. } => Some(code.clone()),
        _ => None,
    }))
    .await
    .expect("an error")
}

/// Skips messages until the next state.
pub async fn state(client: &mut Client) -> StateUpdate {
    within(client.recv_until(|m| match m {
        ServerMessage::State(s) => Some(s.clone()),
        _ => None,
    }))
    .await
    .expect("a state")
}

/// Skips messages until the state after `ply` actions.
pub async fn state_at(client: &mut Client, ply: usize) -> StateUpdate {
    within(client.recv_until(|m| match m {
        ServerMessage::State(s) if s.ply >= ply => Some(s.clone()),
        ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .expect("a state")
}

/// Creates a table of `game`; with a name the creator sits at seat 0.
/// Returns the code and the host token.
pub async fn create(
    client: &mut Client,
    game: &str,
    settings: Value,
    name: Option<&str>,
) -> (TableCode, Token) {
    client
        .send(&ClientMessage::Create {
            game: game.into(),
            settings,
            name: name.map(str::to_owned),
            token: None,
        })
        .await
        .unwrap();
    let created = within(client.recv_until(|m| match m {
        ServerMessage::Created { code, host_token } => Some((code.clone(), host_token.clone())),
        ServerMessage::Error { code, message } => panic!("create refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap();
    if name.is_some() {
        joined(client).await;
    }
    created
}

/// Waits for `joined`; returns the seat and token.
pub async fn joined(client: &mut Client) -> (usize, Token) {
    within(client.recv_until(|m| match m {
        ServerMessage::Joined { seat, token, .. } => Some((*seat, token.clone())),
        ServerMessage::Error { code, message } => panic!("join refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

/// Joins `code` as `name`; returns the seat and token.
pub async fn join(client: &mut Client, code: &TableCode, name: &str) -> (usize, Token) {
    client
        .send(&ClientMessage::Join {
            code: code.clone(),
            name: name.into(),
        })
        .await
        .unwrap();
    joined(client).await
}

/// A Nim table's settings.
pub fn nim(stones: u8) -> Value {
    json!({ "stones": stones })
}

/// Sends an action by text.
pub async fn act(client: &mut Client, text: &str) {
    client
        .send(&ClientMessage::Action {
            action: ActionRef::Text(text.into()),
        })
        .await
        .unwrap();
}

/// Plays a seat to the end of the game with a choice among the legal actions that follows
/// from `seed` and the ply, recording every message received. An action is sent only once
/// the previous one was acknowledged; one the server's rate limit dropped is sent again a
/// moment later, as a well-behaved client does (a game against quick bots can go faster than
/// the default 20 messages a second).
pub async fn play_seeded(mut client: Client, seed: usize) -> (Client, Vec<ServerMessage>) {
    let mut seen = Vec::new();
    let mut pending: Option<ActionRef> = None;
    loop {
        let message = next(&mut client).await;
        seen.push(message.clone());
        match message {
            ServerMessage::State(state) if !state.legal.is_empty() && pending.is_none() => {
                let pick = (state.ply * 7919 + seed * 104_729) % state.legal.len();
                let action = ActionRef::Id(state.legal[pick].id);
                client
                    .send(&ClientMessage::Action {
                        action: action.clone(),
                    })
                    .await
                    .unwrap();
                pending = Some(action);
            }
            ServerMessage::Ack { .. } => pending = None,
            ServerMessage::Result { .. } => return (client, seen),
            ServerMessage::Error { code, .. }
                if code == codes::RATE_LIMITED && pending.is_some() =>
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let action = pending.clone().expect("an action was pending");
                client
                    .send(&ClientMessage::Action { action })
                    .await
                    .unwrap();
            }
            ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
            _ => {}
        }
    }
}

/// [`play_seeded`] with seed 0.
pub async fn play_out(client: Client) -> (Client, Vec<ServerMessage>) {
    play_seeded(client, 0).await
}

/// Records every message a watcher receives until the result.
pub async fn watch(mut client: Client) -> (Client, Vec<ServerMessage>) {
    let mut seen = Vec::new();
    loop {
        let message = next(&mut client).await;
        let done = matches!(message, ServerMessage::Result { .. });
        seen.push(message);
        if done {
            return (client, seen);
        }
    }
}

/// A minimal HTTP/1.1 GET over loopback: the body.
pub async fn http_get(url: &str) -> String {
    http_get_with_status(url).await.1
}

/// A minimal HTTP/1.1 GET over loopback: the status code and the body.
pub async fn http_get_with_status(url: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    within(stream.read_to_string(&mut response)).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap();
    (status, body.to_owned())
}
