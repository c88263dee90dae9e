//! The command lines of the `server` and `client` examples (`cargo run --release --example
//! server -- --help`).

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use std::io::Write;

use clap::Parser;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, BufReader};

use crate::client::{Backoff, ClientError, JoinUrl, Session, SessionEvent};
use crate::protocol::{ActionRef, BotChoice, ClientMessage, RecordFormat, ServerMessage};
use crate::registry::Registry;
use crate::server::{Config, Limits, Server};
use crate::storage::{PostgresStorage, SqliteStorage, Storage};
use crate::table::TableTimes;

/// `server`: the parlor table server.
#[derive(Debug, Parser)]
#[command(
    name = "server",
    about = "parlor's table server: WebSocket at ws://BIND:PORT/ws"
)]
pub struct ServerCli {
    /// The address to listen on (0.0.0.0 for the LAN).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 7878)]
    pub port: u16,
    /// The directory of the SQLite database.
    #[arg(long, default_value = "parlor-data")]
    pub data: PathBuf,
    /// A PostgreSQL URL (postgres://USER@HOST:PORT/DB) to store tables in instead of SQLite.
    #[arg(long)]
    pub database: Option<String>,
    /// The longest message accepted, in bytes.
    #[arg(long, default_value_t = Limits::default().max_message_bytes)]
    pub max_message_bytes: usize,
    /// Messages per second per connection, on average.
    #[arg(long, default_value_t = Limits::default().messages_per_second)]
    pub rate: u32,
    /// Messages a connection may send at once.
    #[arg(long, default_value_t = Limits::default().burst)]
    pub burst: u32,
    /// Open connections per client address.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    pub connections_per_address: usize,
    /// Messages queued for a slow client before it is disconnected.
    #[arg(long, default_value_t = Limits::default().outbox)]
    pub outbox: usize,
    /// Milliseconds a bot waits before acting, so people can follow.
    #[arg(long, default_value_t = 500)]
    pub bot_delay_ms: u64,
    /// Seconds a disconnected player's seat waits before the bot plays it.
    #[arg(long, default_value_t = 60)]
    pub away_timeout: u64,
    /// Milliseconds a bot may think about one move; past it the game's quick fallback bot
    /// moves for it (and the log says so).
    #[arg(long, default_value_t = 5000)]
    pub bot_deadline_ms: u64,
}

impl ServerCli {
    /// The server configuration these flags describe.
    pub fn config(&self) -> Config {
        Config {
            limits: Limits {
                max_message_bytes: self.max_message_bytes,
                messages_per_second: self.rate,
                burst: self.burst,
                connections_per_address: self.connections_per_address,
                outbox: self.outbox,
            },
            times: TableTimes {
                bot_delay: Duration::from_millis(self.bot_delay_ms),
                away_timeout: Duration::from_secs(self.away_timeout),
                bot_deadline: Duration::from_millis(self.bot_deadline_ms),
            },
        }
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn server_main() -> ExitCode {
    let cli = ServerCli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(cli: ServerCli) -> Result<(), Box<dyn std::error::Error>> {
    let storage: Arc<dyn Storage> = match &cli.database {
        Some(url) => Arc::new(PostgresStorage::connect(url).await?),
        None => Arc::new(SqliteStorage::open_dir(&cli.data)?),
    };
    let address = SocketAddr::new(cli.bind, cli.port);
    let server = Server::bind(address, cli.config(), Registry::parlor(), storage).await?;
    let address = server.local_addr()?;
    if cli.database.is_some() {
        tracing::info!("storing tables in PostgreSQL");
    } else {
        let file = cli.data.join(SqliteStorage::FILE);
        tracing::info!("storing tables in {}", file.display());
    }
    tracing::info!("listening on ws://{address}/ws");
    server.run(stop_signal()).await?;
    Ok(())
}

/// Resolves on Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// `client`: a seat (or a host, or a watcher) scripted from standard input.
///
/// Each line of stdin is an action text, sent when it is this seat's turn; lines starting
/// with `/` are sent at once: `/bots` (fill empty seats with the default bot), `/bot [SEAT]
/// KIND LEVEL` (a chosen bot in one seat, or in every empty one), `/start`, `/rematch`,
/// `/lobby`, `/resign`, `/draw` (offer one), `/accept`, `/decline` (the pending offer),
/// `/undo` (one-player tables), `/record [FORMAT] [GAME]` (a finished game: `pgn`, `psq`,
/// `json`…). Every message from the server is printed to stdout as one JSON line. When the
/// connection drops (a server restart), the client says so on stderr, reconnects with
/// back-off (`--retries`) and resumes its seat with the token the server gave it. The client
/// exits once stdin is done and the game it plays is over.
#[derive(Debug, Parser)]
#[command(
    name = "client",
    about = "Script a seat at a parlor table from stdin (one action per line)"
)]
pub struct ClientCli {
    /// Join a table: ws://HOST:PORT/CODE.
    #[arg(long, conflicts_with = "create")]
    pub join: Option<JoinUrl>,
    /// Create a table of this game on --server.
    #[arg(long, requires = "server")]
    pub create: Option<String>,
    /// The server for --create: ws://HOST:PORT.
    #[arg(long)]
    pub server: Option<String>,
    /// The game's settings as JSON, for --create.
    #[arg(long, default_value = "null")]
    pub settings: String,
    /// The display name (without one, --create hosts without a seat).
    #[arg(long)]
    pub name: Option<String>,
    /// With --join: come back to a seat with its token instead of taking a new one.
    #[arg(long, requires = "join")]
    pub resume: Option<String>,
    /// With --join: watch instead of playing.
    #[arg(long, requires = "join", conflicts_with_all = ["resume", "name"])]
    pub spectate: bool,
    /// Send each stdin line as it is (hand-written JSON messages), at once.
    #[arg(long)]
    pub raw: bool,
    /// After the connection drops (a server restart), how many times to try reconnecting,
    /// waiting 250 ms, then twice as long each time up to 5 s (0: exit at once).
    #[arg(long, default_value_t = Backoff::default().tries)]
    pub retries: u32,
}

/// Runs the scripted client.
pub fn client_main() -> ExitCode {
    let cli = ClientCli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("client: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = BufReader::new(tokio::io::stdin());
    let (mut out, mut log) = (std::io::stdout(), std::io::stderr());
    match runtime.block_on(script(cli, stdin, &mut out, &mut log)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("client: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The message that puts the client at its table.
fn opening(cli: &ClientCli) -> Result<(String, ClientMessage), ClientError> {
    let usage = || {
        ClientError::Usage(
            "give --join ws://HOST:PORT/CODE or --create GAME --server ws://HOST:PORT".into(),
        )
    };
    if let Some(game) = &cli.create {
        let settings = serde_json::from_str(&cli.settings)?;
        let server = cli.server.clone().ok_or_else(usage)?;
        return Ok((
            server,
            ClientMessage::Create {
                game: game.clone(),
                settings,
                name: cli.name.clone(),
                // Drawn here, so a create sent again after a drop makes no second table.
                token: Some(crate::token::Token::generate()),
            },
        ));
    }
    let url = cli.join.clone().ok_or_else(usage)?;
    let message = if cli.spectate {
        ClientMessage::Spectate { code: url.code }
    } else if let Some(token) = &cli.resume {
        ClientMessage::Resume {
            code: url.code,
            token: crate::token::Token::from_string(token.clone()),
        }
    } else {
        ClientMessage::Join {
            code: url.code,
            name: cli
                .name
                .clone()
                .ok_or_else(|| ClientError::Usage("--join needs --name".into()))?,
        }
    };
    Ok((url.server, message))
}

/// The `/command` lines a script may hold.
const COMMANDS: &str = "/bots, /bot [SEAT] KIND LEVEL, /start, /rematch, /lobby, /resign, /draw, /accept, /decline, \
     /undo, /record [FORMAT] [GAME]";

/// A `/command` line as a message.
fn command(line: &str) -> Option<ClientMessage> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let bot = |kind: &str, level: &str| {
        Some(BotChoice {
            kind: kind.to_owned(),
            level: level.parse().ok()?,
        })
    };
    match words.as_slice() {
        ["/bots"] => Some(ClientMessage::FillBots),
        ["/bot", kind, level] => Some(ClientMessage::SeatBot {
            seat: None,
            bot: bot(kind, level)?,
        }),
        ["/bot", seat, kind, level] => Some(ClientMessage::SeatBot {
            seat: Some(seat.parse().ok()?),
            bot: bot(kind, level)?,
        }),
        ["/start"] => Some(ClientMessage::Start),
        ["/rematch"] => Some(ClientMessage::Rematch),
        ["/lobby"] => Some(ClientMessage::Lobby),
        ["/resign"] => Some(ClientMessage::Resign),
        ["/draw"] => Some(ClientMessage::OfferDraw),
        ["/accept"] => Some(ClientMessage::AcceptDraw),
        ["/decline"] => Some(ClientMessage::DeclineDraw),
        ["/undo"] => Some(ClientMessage::Undo),
        ["/record", rest @ ..] if rest.len() <= 2 => Some(ClientMessage::Record {
            format: match rest.first() {
                Some(format) => serde_json::from_value(serde_json::Value::from(*format)).ok()?,
                None => RecordFormat::Log,
            },
            game_number: match rest.get(1) {
                Some(number) => Some(number.parse().ok()?),
                None => None,
            },
        }),
        _ => None,
    }
}

/// Plays the script of `cli` from `input` against the server: every message received goes
/// to `out` as one JSON line, news of the connection (lost, reconnecting, resumed) to `log`.
/// After a drop it reconnects with [`Backoff`] (`--retries` tries) and resumes the seat with
/// its token; a line sent just before a drop may be lost with the connection.
///
/// # Errors
/// The connection could not be made or came back after no try, the server sent what this
/// client does not read, the script ran out of actions on the seat's turn, or `out`/`log`
/// failed.
pub async fn script(
    cli: ClientCli,
    input: impl AsyncBufRead + Unpin,
    out: &mut impl Write,
    log: &mut impl Write,
) -> Result<(), ClientError> {
    let (server, first) = opening(&cli)?;
    let backoff = Backoff {
        tries: cli.retries,
        ..Backoff::default()
    };
    let mut session = Session::open(&server, first, backoff).await?;
    let mut input = input.lines();
    let mut queue: VecDeque<String> = VecDeque::new();
    let mut input_open = true;
    let mut my_turn = false;
    let mut pending = false;
    let mut over = false;
    loop {
        // Send what can go now: commands at the head of the queue, and an action on our turn.
        while let Some(line) = queue.front() {
            let sent = if cli.raw {
                session.send_raw(line).await?
            } else if line.starts_with('/') {
                if let Some(message) = command(line) {
                    session.send(&message).await?
                } else {
                    writeln!(log, "client: unknown command {line} ({COMMANDS})")?;
                    true
                }
            } else if my_turn && !pending {
                let action = ActionRef::Text(line.clone());
                let sent = session.send(&ClientMessage::Action { action }).await?;
                pending = sent;
                sent
            } else {
                break;
            };
            if !sent {
                break;
            }
            queue.pop_front();
        }
        if !input_open && queue.is_empty() && (over || cli.raw) {
            return Ok(());
        }
        if !input_open && queue.is_empty() && my_turn && !pending {
            return Err(ClientError::Usage(
                "the script ran out of actions on this seat's turn".into(),
            ));
        }
        tokio::select! {
            line = input.next_line(), if input_open => match line {
                Ok(Some(line)) if line.trim().is_empty() => {}
                Ok(Some(line)) => queue.push_back(line.trim().to_owned()),
                Ok(None) | Err(_) => input_open = false,
            },
            event = session.recv() => match event? {
                SessionEvent::Message(message) => {
                    writeln!(out, "{}", serde_json::to_string(&message)?)?;
                    match &message {
                        ServerMessage::State(state) => {
                            my_turn = !state.legal.is_empty();
                            over = state.turn == game::Turn::Over;
                        }
                        // After our action, the next state says whether we act again.
                        ServerMessage::Ack { .. } => (my_turn, pending) = (false, false),
                        // A refused action is dropped; the next line is tried on the next turn.
                        ServerMessage::Error { .. } => pending = false,
                        ServerMessage::Result { .. } => over = true,
                        _ => {}
                    }
                }
                SessionEvent::Retrying { reason, attempt, tries, wait } => {
                    // The state after the resume says whose turn it is.
                    (my_turn, pending) = (false, false);
                    let what = if attempt == 1 { "connection lost" } else { "no connection" };
                    writeln!(
                        log,
                        "client: {what} ({reason}); reconnecting in {} ms, try {attempt} of {tries}",
                        wait.as_millis()
                    )?;
                }
                SessionEvent::Resumed => writeln!(log, "client: reconnected; resuming")?,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slash_lines_name_the_table_actions_and_bad_ones_are_none() {
        assert_eq!(command("/resign"), Some(ClientMessage::Resign));
        assert_eq!(command("/draw"), Some(ClientMessage::OfferDraw));
        assert_eq!(command("/accept"), Some(ClientMessage::AcceptDraw));
        assert_eq!(command("/decline"), Some(ClientMessage::DeclineDraw));
        assert_eq!(command("/undo"), Some(ClientMessage::Undo));
        for bad in [
            "/resign now",
            "/bot planner many",
            "/record chess",
            "/nothing",
        ] {
            assert_eq!(command(bad), None, "{bad}");
        }
    }
}
