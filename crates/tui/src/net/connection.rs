//! The connection to the server, on a thread of its own running a small tokio runtime, so the
//! terminal's event loop stays synchronous. It remembers the token the server hands out and,
//! when the connection drops, connects again and resumes the seat with it.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use netplay::{Client, ClientMessage, ServerMessage, TableCode, Token, codes};
use tokio::sync::mpsc as async_mpsc;

use super::state::NetEvent;

/// How long the connection waits before trying again after a drop.
pub const RETRY: Duration = Duration::from_millis(500);

/// The terminal's side of the connection thread.
#[derive(Debug)]
pub struct Connection {
    events: mpsc::Receiver<NetEvent>,
    outgoing: async_mpsc::UnboundedSender<ClientMessage>,
}

impl Connection {
    /// Connects to `server` on a new thread and sends `first` (a `create` or `join`) once
    /// greeted; after a drop it sends `resume` with the token received instead. A `join`
    /// the server refuses because the table has started or is full watches the table instead.
    pub fn open(server: &str, first: ClientMessage) -> std::io::Result<Connection> {
        let (events_tx, events) = mpsc::channel();
        let (outgoing, outgoing_rx) = async_mpsc::unbounded_channel();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let server = server.to_owned();
        thread::Builder::new()
            .name("parlor-net".into())
            .spawn(move || runtime.block_on(run(server, first, events_tx, outgoing_rx)))?;
        Ok(Connection { events, outgoing })
    }

    /// Queues `message` for the server (dropped with a notice if the thread has stopped).
    pub fn send(&self, message: ClientMessage) {
        let _ = self.outgoing.send(message);
    }

    /// Every event that arrived since the last call, without waiting.
    pub fn drain(&self) -> Vec<NetEvent> {
        self.events.try_iter().collect()
    }

    /// The next event, waiting at most `timeout`.
    pub fn wait(&self, timeout: Duration) -> Option<NetEvent> {
        self.events.recv_timeout(timeout).ok()
    }
}

/// Connects, greets, sends the opening message, then relays both ways; reconnects after a
/// drop until the terminal side goes away.
async fn run(
    server: String,
    mut first: ClientMessage,
    events: mpsc::Sender<NetEvent>,
    mut outgoing: async_mpsc::UnboundedReceiver<ClientMessage>,
) {
    let mut seat: Option<(TableCode, Token)> = None;
    loop {
        let reason = match Client::connect(&server).await {
            Ok(mut client) => {
                if events
                    .send(NetEvent::Connected(client.bots().to_vec()))
                    .is_err()
                {
                    return;
                }
                let opening = match &seat {
                    Some((code, token)) => ClientMessage::Resume {
                        code: code.clone(),
                        token: token.clone(),
                    },
                    None => first.clone(),
                };
                let Some(reason) = relay(
                    &mut client,
                    opening,
                    &mut seat,
                    &mut first,
                    &events,
                    &mut outgoing,
                )
                .await
                else {
                    let _ = client.close().await;
                    return;
                };
                reason
            }
            Err(error) => error.to_string(),
        };
        if events.send(NetEvent::Disconnected(reason)).is_err() {
            return;
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// Relays until the connection fails (returns why) or the terminal side goes away (`None`).
/// A refused `join` of a table that has started or is full becomes `spectate`, in `first`
/// too for the reconnects.
async fn relay(
    client: &mut Client,
    opening: ClientMessage,
    seat: &mut Option<(TableCode, Token)>,
    first: &mut ClientMessage,
    events: &mpsc::Sender<NetEvent>,
    outgoing: &mut async_mpsc::UnboundedReceiver<ClientMessage>,
) -> Option<String> {
    if let Err(error) = client.send(&opening).await {
        return Some(error.to_string());
    }
    loop {
        tokio::select! {
            message = outgoing.recv() => {
                let message = message?;
                if let Err(error) = client.send(&message).await {
                    return Some(error.to_string());
                }
            }
            received = client.recv() => {
                let message = match received {
                    Ok(message) => message,
                    Err(error) => return Some(error.to_string()),
                };
                match &message {
                    ServerMessage::Created { code, host_token } => {
                        *seat = Some((code.clone(), host_token.clone()));
                    }
                    ServerMessage::Joined { code, token, .. } => {
                        *seat = Some((code.clone(), token.clone()));
                    }
                    ServerMessage::Error { code, .. }
                        if seat.is_none()
                            && [codes::ALREADY_STARTED, codes::TABLE_FULL].contains(&code.as_str()) =>
                    {
                        if let ClientMessage::Join { code, .. } = first {
                            *first = ClientMessage::Spectate { code: code.clone() };
                            if let Err(error) = client.send(first).await {
                                return Some(error.to_string());
                            }
                            continue;
                        }
                    }
                    _ => {}
                }
                events.send(NetEvent::Message(message)).ok()?;
            }
        }
    }
}
