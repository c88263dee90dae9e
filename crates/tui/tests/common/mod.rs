//! The table server for the network tests: in-process, on an ephemeral loopback port (or a
//! given one, to restart it), over SQLite in a temporary directory, and what the tests do
//! with a game screen at its table.
#![allow(dead_code)] // each test binary uses a different part

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use netplay::{ClientMessage, Config, Registry, Server, SqliteStorage};
use parlor_tui::app::{Screen, key, render_to_string};
use parlor_tui::net::{Connection, NetScreen, NetState};
use tokio::sync::oneshot;

/// How long a test waits for anything before failing.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A server on its own runtime thread; dropping `stop` shuts it down gracefully.
pub struct Running {
    /// Shuts the server down when sent (or dropped).
    pub stop: oneshot::Sender<()>,
    /// The server's thread.
    pub thread: std::thread::JoinHandle<()>,
}

/// Starts a server on `addr` over the SQLite file in `dir`.
pub fn serve(addr: SocketAddr, dir: &std::path::Path) -> (SocketAddr, Running) {
    serve_with(addr, dir, Config::default())
}

/// As [`serve`], with `config` (a short away timeout, a bot delay).
pub fn serve_with(
    addr: SocketAddr,
    dir: &std::path::Path,
    config: Config,
) -> (SocketAddr, Running) {
    let (stop, stopped) = oneshot::channel::<()>();
    let (bound_tx, bound_rx) = std::sync::mpsc::channel();
    let dir = dir.to_owned();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        runtime.block_on(async move {
            let storage = SqliteStorage::open_dir(&dir).expect("sqlite opens");
            let server = Server::bind(addr, config, Registry::parlor(), Arc::new(storage))
                .await
                .expect("server binds");
            bound_tx.send(server.local_addr().unwrap()).unwrap();
            server
                .run(async {
                    let _ = stopped.await;
                })
                .await
                .expect("server ran");
        });
    });
    let addr = bound_rx.recv_timeout(PATIENCE).expect("server bound");
    (addr, Running { stop, thread })
}

/// A fresh temporary directory named for `test`.
pub fn temp_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parlor-tui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Ticks every screen until `done` holds, failing after [`PATIENCE`].
pub fn until<S: Screen>(screens: &mut [S], what: &str, mut done: impl FnMut(&[S]) -> bool) {
    let start = Instant::now();
    loop {
        for s in screens.iter_mut() {
            s.tick();
        }
        if done(screens) {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A client of `server` as `name`, connected with `first` (a create or a join).
pub fn link(server: &str, name: &str, first: ClientMessage) -> NetScreen {
    NetScreen::new(
        NetState::new(server, name),
        Connection::open(server, first).unwrap(),
    )
}

/// The message that creates a table of `game` with `settings`, as `name`.
pub fn create(game: &str, settings: serde_json::Value, name: &str) -> ClientMessage {
    ClientMessage::Create {
        game: game.into(),
        settings,
        name: Some(name.into()),
        token: None,
    }
}

/// The message that joins the table `code` as `name`.
pub fn join(code: &str, name: &str) -> ClientMessage {
    ClientMessage::Join {
        code: code.parse().unwrap(),
        name: name.into(),
    }
}

/// Presses `code` on `screen`.
pub fn press<S: Screen>(screen: &mut S, code: KeyCode) {
    screen.handle_event(&key(code));
}

/// Types `text` at the `:` prompt and sends it with Enter.
pub fn type_line<S: Screen>(screen: &mut S, text: &str) {
    press(screen, KeyCode::Char(':'));
    for c in text.chars() {
        press(screen, KeyCode::Char(c));
    }
    press(screen, KeyCode::Enter);
}

/// The screen's words at 80x24: what a player reads on it.
pub fn words<S: Screen>(screen: &mut S) -> Vec<String> {
    render_to_string(screen, 80, 24)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}
