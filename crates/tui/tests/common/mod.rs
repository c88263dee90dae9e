//! The table server for the network tests: in-process, on an ephemeral loopback port (or a
//! given one, to restart it), over SQLite in a temporary directory.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use netplay::{ClientMessage, Config, Registry, Server, SqliteStorage};
use parlor_tui::app::Screen;
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
    let (stop, stopped) = oneshot::channel::<()>();
    let (bound_tx, bound_rx) = std::sync::mpsc::channel();
    let dir = dir.to_owned();
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        runtime.block_on(async move {
            let storage = SqliteStorage::open_dir(&dir).expect("sqlite opens");
            let server = Server::bind(
                addr,
                Config::default(),
                Registry::parlor(),
                Arc::new(storage),
            )
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
