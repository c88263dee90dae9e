//! One table as an actor: a task that owns the game, its seats and its watchers, and takes
//! commands from connections one at a time. Every call into the game runs under
//! `catch_unwind`, so a game that panics fails its own table and nothing else.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use game::{Declaration, DynGame, Turn, Viewer};
use serde_json::Value;
use tokio::sync::{Notify, mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::bot::{Bot, BotSetup};
use crate::protocol::{
    ActionRef, BotChoice, LegalAction, LoggedAction, Phase, SeatInfo, SeatKind, ServerMessage,
    StateUpdate, TableInfo,
};
use crate::refusal::{Refusal, codes};
use crate::registry::GameEntry;
use crate::storage::{SeatRow, Storage, StoredTable, Write};
use crate::table_action::{TableAction, read_log, replay_onto};
use crate::token::{TableCode, Token, TokenHash, random_seed};

/// A connection's number, unique for the server's lifetime.
pub(crate) type ConnId = u64;

/// How a table treats time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTimes {
    /// How long a bot waits before it acts, so people can follow.
    pub bot_delay: Duration,
    /// How long a disconnected player's seat waits before the bot plays it, until they return.
    pub away_timeout: Duration,
    /// How long a bot may think about one move; past it the game's fallback bot moves
    /// instead (and the log says so).
    pub bot_deadline: Duration,
}

/// Where a table sends one connection's messages.
#[derive(Clone, Debug)]
pub(crate) struct Outbox {
    /// The connection's outgoing queue.
    pub tx: mpsc::Sender<ServerMessage>,
    /// Woken when the connection falls too far behind and must close.
    pub kick: Arc<Notify>,
}

impl Outbox {
    /// Queues `message`; a connection whose queue is full is closed (it resumes with its
    /// token and gets the current state).
    pub fn send(&self, message: ServerMessage) {
        if self.tx.try_send(message).is_err() {
            self.kick.notify_one();
        }
    }
}

/// What a connection asks of its table.
#[derive(Debug)]
pub(crate) enum Command {
    /// Take the first free seat.
    Join {
        conn: ConnId,
        outbox: Outbox,
        name: String,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Come back with a seat or host token.
    Resume {
        conn: ConnId,
        outbox: Outbox,
        token: Token,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Watch.
    Spectate {
        conn: ConnId,
        outbox: Outbox,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Host requests.
    FillBots(ConnId),
    SeatBot(ConnId, Option<usize>, BotChoice),
    Start(ConnId),
    Rematch(ConnId),
    /// An action for the connection's seat.
    Action(ConnId, ActionRef),
    /// A table action for the connection's seat.
    TableAction(ConnId, TableAction),
    /// The connection closed or moved to another table.
    Leave(ConnId),
}

/// The server's side of a running table.
#[derive(Clone, Debug)]
pub(crate) struct TableHandle {
    pub commands: mpsc::Sender<Command>,
    pub info: watch::Receiver<TableInfo>,
    /// The digest of the host token, to find the table a repeated `create` made.
    pub host: TokenHash,
}

/// What a bot decided: its answer to a pending draw offer (`None`: there was none), then
/// the id of its action (`None`: it accepted the offer, or nothing was legal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Decision {
    draw: Option<bool>,
    id: Option<usize>,
}

/// What a bot's thread hands back: the bot (`None` if it panicked) and its decision.
type BotAnswer = (Option<Box<dyn Bot>>, Decision);

/// A bot choosing on a blocking thread, the game it was asked about, and when it must have
/// answered.
struct Thinking {
    seat: usize,
    number: u32,
    ply: usize,
    deadline: Instant,
    task: JoinHandle<BotAnswer>,
}

/// `bot`'s decision for `seat`: first its answer to a draw offer the other seat made
/// (`offer`), then, unless it accepted, one of `legal` (an index out of range counts as 0).
fn decide(
    bot: &mut dyn Bot,
    seat: usize,
    view: &Value,
    legal: &[LegalAction],
    offer: bool,
) -> Decision {
    let draw = offer.then(|| bot.answer_draw(seat, view));
    if draw == Some(true) {
        return Decision { draw, id: None };
    }
    let pick = bot.choose(seat, view, legal);
    Decision {
        draw,
        id: legal.get(pick).or(legal.first()).map(|a| a.id),
    }
}

#[derive(Debug)]
struct Seat {
    kind: SeatKind,
    name: Option<String>,
    /// The digest of the seat's token (humans only): the token itself is never kept.
    token: Option<TokenHash>,
    /// The bot and its level (bot seats only).
    bot: Option<BotChoice>,
    /// Connections holding the seat now.
    connections: usize,
    /// When the last connection left (humans only).
    away_since: Option<Instant>,
}

#[derive(Debug)]
struct Member {
    outbox: Outbox,
    seat: Option<usize>,
    host: bool,
}

/// The game's entry points, guarded: a panic becomes an error instead of unwinding.
fn guard<T>(call: impl FnOnce() -> T) -> Result<T, Refusal> {
    catch_unwind(AssertUnwindSafe(call))
        .map_err(|_| Refusal::new(codes::GAME_FAILED, "the game failed (it panicked)"))
}

/// A new game from the registry, guarded; its errors are the client's (bad settings).
pub(crate) fn new_game(
    entry: &GameEntry,
    settings: &Value,
    seed: u64,
) -> Result<Box<dyn DynGame>, Refusal> {
    let built = guard(|| (entry.new)(settings.clone(), seed))?;
    built.map_err(|e| match e {
        game::NewGameError::UnknownGame { .. } => Refusal::new(codes::UNKNOWN_GAME, e.to_string()),
        _ => Refusal::new(codes::BAD_SETTINGS, e.to_string()),
    })
}

/// Validates a display name: 1 to 32 characters after trimming, no control characters.
fn clean_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let length = name.chars().count();
    if (1..=32).contains(&length) && !name.chars().any(char::is_control) {
        Ok(name.to_owned())
    } else {
        Err(Refusal::new(
            codes::BAD_NAME,
            "a display name has 1 to 32 characters and no control characters",
        ))
    }
}

/// A table's state, owned by its task.
pub(crate) struct Table {
    code: TableCode,
    entry: GameEntry,
    settings: Value,
    host_token: TokenHash,
    storage: Arc<dyn Storage>,
    times: TableTimes,
    seats: Vec<Seat>,
    members: HashMap<ConnId, Member>,
    /// The current game as dealt, before any action (undo replays the log onto it).
    start: Box<dyn DynGame>,
    game: Box<dyn DynGame>,
    number: u32,
    phase: Phase,
    /// The current game's log: moves and table actions, as stored.
    log: Vec<LoggedAction>,
    /// The seat whose draw offer is pending.
    draw_offer: Option<usize>,
    bots: Vec<Option<Box<dyn Bot>>>,
    /// The bot thinking now, on a blocking thread.
    thinking: Option<Thinking>,
    /// When the last action was taken (bots wait `bot_delay` after it).
    last_change: Instant,
    info: watch::Sender<TableInfo>,
}

impl Table {
    /// A new table hosted with `host_token`, stored before it exists for anyone.
    pub async fn create(
        code: TableCode,
        entry: GameEntry,
        settings: Value,
        host_token: &Token,
        storage: Arc<dyn Storage>,
        times: TableTimes,
    ) -> Result<Table, Refusal> {
        let seed = random_seed();
        let game = new_game(&entry, &settings, seed)?;
        let host_token = host_token.hash();
        let stored = async {
            storage
                .write(Write::Table {
                    code: code.clone(),
                    game: entry.name.to_owned(),
                    settings: settings.clone(),
                    host_token,
                })
                .await?;
            storage
                .write(Write::Game {
                    code: code.clone(),
                    number: 1,
                    seed,
                })
                .await
        };
        stored
            .await
            .map_err(|e| Refusal::new(codes::STORAGE, e.to_string()))?;
        Ok(Table::assemble(
            code, entry, settings, host_token, storage, times, game, 1,
        ))
    }

    /// A table rebuilt from storage by replaying its current game's log.
    pub fn restore(
        stored: StoredTable,
        entry: GameEntry,
        storage: Arc<dyn Storage>,
        times: TableTimes,
    ) -> Result<Table, Refusal> {
        let start = new_game(&entry, &stored.settings, stored.current.seed)?;
        let read = read_log(&stored.current.actions);
        let game = guard(|| replay_onto(start.as_ref(), &read))?
            .map_err(|e| Refusal::new(codes::GAME_FAILED, format!("replaying the log: {e}")))?;
        let draw_offer = read.draw_offer;
        let mut table = Table::assemble(
            stored.code,
            entry,
            stored.settings,
            stored.host_token,
            storage,
            times,
            start,
            stored.current.number,
        );
        table.game = game;
        table.draw_offer = draw_offer;
        let now = Instant::now();
        for (index, row) in stored.seats {
            if let Some(seat) = table.seats.get_mut(index) {
                seat.kind = row.kind;
                seat.name = row.name;
                seat.token = row.token;
                seat.bot = row.bot;
                seat.away_since = (row.kind == SeatKind::Human).then_some(now);
            }
        }
        table.log = stored.current.actions;
        table.phase = if guard(|| table.game.turn())? == Turn::Over {
            Phase::Over
        } else if stored.current.started {
            Phase::Playing
        } else {
            Phase::Waiting
        };
        table.publish_info();
        Ok(table)
    }

    #[allow(clippy::too_many_arguments)]
    fn assemble(
        code: TableCode,
        entry: GameEntry,
        settings: Value,
        host_token: TokenHash,
        storage: Arc<dyn Storage>,
        times: TableTimes,
        game: Box<dyn DynGame>,
        number: u32,
    ) -> Table {
        let num_seats = guard(|| game.num_seats()).unwrap_or(0);
        let seats = (0..num_seats)
            .map(|_| Seat {
                kind: SeatKind::Empty,
                name: None,
                token: None,
                bot: None,
                connections: 0,
                away_since: None,
            })
            .collect();
        let placeholder = TableInfo {
            code: code.clone(),
            game: entry.name.to_owned(),
            settings: settings.clone(),
            phase: Phase::Waiting,
            game_number: number,
            seats: Vec::new(),
            spectators: 0,
        };
        let mut table = Table {
            code,
            entry,
            settings,
            host_token,
            storage,
            times,
            seats,
            members: HashMap::new(),
            start: game.clone_box(),
            game,
            number,
            phase: Phase::Waiting,
            log: Vec::new(),
            draw_offer: None,
            bots: (0..num_seats).map(|_| None).collect(),
            thinking: None,
            last_change: Instant::now(),
            info: watch::Sender::new(placeholder),
        };
        table.publish_info();
        table
    }

    /// Starts the table's task; it runs until every handle is gone or `shutdown` turns true.
    pub fn spawn(self, mut shutdown: watch::Receiver<bool>) -> TableHandle {
        let (commands, mut rx) = mpsc::channel(256);
        let handle = TableHandle {
            commands,
            info: self.info.subscribe(),
            host: self.host_token,
        };
        let mut table = self;
        tokio::spawn(async move {
            loop {
                let due = table.due_bot().filter(|_| table.thinking.is_none());
                let wake = due.map_or_else(|| Instant::now() + Duration::from_secs(3600), |d| d.1);
                let deadline = table.thinking.as_ref().map(|t| t.deadline);
                let thinking = async {
                    match table.thinking.as_mut() {
                        Some(thinking) => (&mut thinking.task).await,
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    command = rx.recv() => match command {
                        Some(command) => table.handle(command).await,
                        None => break,
                    },
                    () = tokio::time::sleep_until(wake), if due.is_some() => {
                        if let Some((seat, _)) = due {
                            table.start_bot(seat);
                        }
                    }
                    answer = thinking => table.bot_answered(answer).await,
                    () = tokio::time::sleep_until(deadline.unwrap_or(wake)), if deadline.is_some() => {
                        table.bot_overdue().await;
                    }
                    _ = shutdown.changed() => break,
                }
            }
            tracing::debug!(table = %table.code, "table task ends");
        });
        handle
    }

    /// Seats the creator: at seat 0 when they gave a name, else as a watching host.
    pub async fn seat_creator(
        &mut self,
        conn: ConnId,
        outbox: Outbox,
        name: Option<String>,
        host_token: &Token,
    ) {
        outbox.send(ServerMessage::Created {
            code: self.code.clone(),
            host_token: host_token.clone(),
        });
        let result = if let Some(name) = name {
            self.join(conn, outbox.clone(), &name, Some(host_token))
                .await
        } else {
            self.watch(conn, &outbox, true);
            Ok(())
        };
        if let Err(refusal) = result {
            outbox.send(refusal.to_message());
        }
    }

    async fn handle(&mut self, command: Command) {
        let (conn, result) = match command {
            Command::Join {
                conn,
                outbox,
                name,
                reply,
            } => {
                let result = self.join(conn, outbox, &name, None).await;
                let _ = reply.send(result);
                return;
            }
            Command::Resume {
                conn,
                outbox,
                token,
                reply,
            } => {
                let _ = reply.send(self.resume(conn, &outbox, &token));
                return;
            }
            Command::Spectate {
                conn,
                outbox,
                reply,
            } => {
                self.watch(conn, &outbox, false);
                let _ = reply.send(Ok(()));
                return;
            }
            Command::Leave(conn) => return self.leave(conn),
            Command::FillBots(conn) => {
                let bot = self.entry.default_bot();
                (conn, self.seat_bots(conn, None, bot).await)
            }
            Command::SeatBot(conn, seat, bot) => (conn, self.seat_bots(conn, seat, bot).await),
            Command::Start(conn) => (conn, self.start(conn).await),
            Command::Rematch(conn) => (conn, self.rematch(conn).await),
            Command::Action(conn, action) => (conn, self.member_action(conn, action).await),
            Command::TableAction(conn, action) => {
                (conn, self.member_table_action(conn, action).await)
            }
        };
        if let (Err(refusal), Some(member)) = (result, self.members.get(&conn)) {
            member.outbox.send(refusal.to_message());
        }
    }

    /// Seats `name` in the first empty seat; the host joins with the host token, which is
    /// then also the seat's token.
    async fn join(
        &mut self,
        conn: ConnId,
        outbox: Outbox,
        name: &str,
        host_token: Option<&Token>,
    ) -> Result<(), Refusal> {
        let name = clean_name(name)?;
        if self.phase != Phase::Waiting {
            return Err(Refusal::new(
                codes::ALREADY_STARTED,
                format!(
                    "table {} has started; seats are taken before the start",
                    self.code
                ),
            ));
        }
        let index = self
            .seats
            .iter()
            .position(|s| s.kind == SeatKind::Empty)
            .ok_or_else(|| {
                Refusal::new(
                    codes::TABLE_FULL,
                    format!("every seat at {} is taken", self.code),
                )
            })?;
        // The host's seat token is the host token: one secret to come back with.
        let token = host_token.cloned().unwrap_or_else(Token::generate);
        let row = SeatRow {
            kind: SeatKind::Human,
            name: Some(name),
            token: Some(token.hash()),
            bot: None,
        };
        self.persist(Write::Seat {
            code: self.code.clone(),
            seat: index,
            row: row.clone(),
        })
        .await?;
        let seat = &mut self.seats[index];
        seat.kind = row.kind;
        seat.name = row.name;
        seat.token = row.token;
        seat.bot = None;
        seat.connections = 1;
        seat.away_since = None;
        outbox.send(ServerMessage::Joined {
            code: self.code.clone(),
            seat: index,
            token,
        });
        self.members.insert(
            conn,
            Member {
                outbox,
                seat: Some(index),
                host: host_token.is_some(),
            },
        );
        self.publish_info();
        Ok(())
    }

    fn resume(&mut self, conn: ConnId, outbox: &Outbox, token: &Token) -> Result<(), Refusal> {
        let host = self.host_token.matches(token);
        let seat = self
            .seats
            .iter()
            .position(|s| s.token.is_some_and(|t| t.matches(token)));
        let Some(index) = seat else {
            if host {
                self.watch(conn, outbox, true);
                return Ok(());
            }
            return Err(Refusal::new(
                codes::BAD_TOKEN,
                format!("this token holds no seat at table {}", self.code),
            ));
        };
        let seat = &mut self.seats[index];
        seat.connections += 1;
        seat.away_since = None;
        outbox.send(ServerMessage::Joined {
            code: self.code.clone(),
            seat: index,
            token: token.clone(),
        });
        self.members.insert(
            conn,
            Member {
                outbox: outbox.clone(),
                seat: Some(index),
                host,
            },
        );
        self.publish_info();
        self.send_game(outbox, Viewer::Seat(index));
        Ok(())
    }

    fn watch(&mut self, conn: ConnId, outbox: &Outbox, host: bool) {
        outbox.send(ServerMessage::Watching {
            code: self.code.clone(),
            host,
        });
        self.members.insert(
            conn,
            Member {
                outbox: outbox.clone(),
                seat: None,
                host,
            },
        );
        self.publish_info();
        self.send_game(outbox, Viewer::Spectator);
    }

    fn leave(&mut self, conn: ConnId) {
        let Some(member) = self.members.remove(&conn) else {
            return;
        };
        if let Some(seat) = member.seat.and_then(|s| self.seats.get_mut(s)) {
            seat.connections = seat.connections.saturating_sub(1);
            if seat.connections == 0 {
                seat.away_since = Some(Instant::now());
            }
        }
        self.publish_info();
    }

    fn host(&self, conn: ConnId) -> Result<(), Refusal> {
        match self.members.get(&conn) {
            Some(m) if m.host => Ok(()),
            _ => Err(Refusal::new(
                codes::NOT_HOST,
                "only the host fills seats, starts and asks for a rematch",
            )),
        }
    }

    /// Seats `bot` in `seat` (a bot's seat or an empty one), or in every empty seat.
    async fn seat_bots(
        &mut self,
        conn: ConnId,
        seat: Option<usize>,
        bot: BotChoice,
    ) -> Result<(), Refusal> {
        self.host(conn)?;
        if self.phase != Phase::Waiting {
            return Err(Refusal::new(codes::ALREADY_STARTED, "the game has started"));
        }
        let Some(kind) = self.entry.bot(&bot) else {
            let offered: Vec<String> = self
                .entry
                .bots
                .iter()
                .map(|k| match k.levels {
                    1 => format!("{} (level 1)", k.name),
                    n => format!("{} (levels 1-{n})", k.name),
                })
                .collect();
            return Err(Refusal::new(
                codes::UNKNOWN_BOT,
                format!(
                    "{} has no bot {:?} at level {}; it offers {}",
                    self.entry.name,
                    bot.kind,
                    bot.level,
                    offered.join(", ")
                ),
            ));
        };
        let seats: Vec<usize> = match seat {
            None => (0..self.seats.len())
                .filter(|&i| self.seats[i].kind == SeatKind::Empty)
                .collect(),
            Some(index) => match self.seats.get(index).map(|s| s.kind) {
                None => {
                    return Err(Refusal::new(
                        codes::NO_SUCH_SEAT,
                        format!(
                            "{} has seats 0 to {}",
                            self.entry.name,
                            self.seats.len() - 1
                        ),
                    ));
                }
                Some(SeatKind::Human) => {
                    return Err(Refusal::new(
                        codes::SEAT_TAKEN,
                        format!("a player holds seat {index}"),
                    ));
                }
                Some(SeatKind::Empty | SeatKind::Bot) => vec![index],
            },
        };
        for index in seats {
            let row = SeatRow {
                kind: SeatKind::Bot,
                name: Some(format!("{} bot {}", kind.name, index + 1)),
                token: None,
                bot: Some(bot.clone()),
            };
            self.persist(Write::Seat {
                code: self.code.clone(),
                seat: index,
                row: row.clone(),
            })
            .await?;
            let seat = &mut self.seats[index];
            seat.kind = row.kind;
            seat.name = row.name;
            seat.bot = row.bot;
            self.bots[index] = None;
        }
        self.publish_info();
        Ok(())
    }

    async fn start(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.host(conn)?;
        if self.phase != Phase::Waiting {
            return Err(Refusal::new(codes::ALREADY_STARTED, "the game has started"));
        }
        if let Some(empty) = self.seats.iter().position(|s| s.kind == SeatKind::Empty) {
            return Err(Refusal::new(
                codes::SEATS_EMPTY,
                format!("seat {empty} is empty: wait for a player or fill it with a bot"),
            ));
        }
        self.persist(Write::Start {
            code: self.code.clone(),
            number: self.number,
        })
        .await?;
        self.begin();
        Ok(())
    }

    async fn rematch(&mut self, conn: ConnId) -> Result<(), Refusal> {
        self.host(conn)?;
        if self.phase != Phase::Over {
            return Err(Refusal::new(
                codes::NOT_OVER,
                "a rematch starts once the game is over",
            ));
        }
        let seed = random_seed();
        let game = new_game(&self.entry, &self.settings, seed)?;
        let number = self.number + 1;
        self.persist(Write::Game {
            code: self.code.clone(),
            number,
            seed,
        })
        .await?;
        self.persist(Write::Start {
            code: self.code.clone(),
            number,
        })
        .await?;
        self.start = game.clone_box();
        self.game = game;
        self.number = number;
        self.log.clear();
        self.draw_offer = None;
        self.bots.iter_mut().for_each(|bot| *bot = None);
        self.begin();
        Ok(())
    }

    fn begin(&mut self) {
        self.phase = Phase::Playing;
        self.last_change = Instant::now();
        self.publish_info();
        self.broadcast_game();
    }

    /// The seat of `conn`, which may act now: it is seated and the game is in play.
    fn acting_seat(&self, conn: ConnId) -> Result<usize, Refusal> {
        let seat = self
            .members
            .get(&conn)
            .and_then(|m| m.seat)
            .ok_or_else(|| {
                Refusal::new(
                    codes::NOT_SEATED,
                    "only a seated player acts (spectators and hosts without a seat watch)",
                )
            })?;
        match self.phase {
            Phase::Playing => Ok(seat),
            Phase::Waiting => Err(Refusal::new(codes::NOT_STARTED, "the game has not started")),
            Phase::Over => Err(game::DynPlayError::Refused(game::PlayError::GameOver).into()),
            Phase::Failed => Err(Refusal::new(codes::GAME_FAILED, "the game failed")),
        }
    }

    async fn member_action(&mut self, conn: ConnId, action: ActionRef) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        let (ply, text) = self.apply(seat, &action).await?;
        self.acknowledge(conn, ply, text).await;
        Ok(())
    }

    async fn member_table_action(
        &mut self,
        conn: ConnId,
        action: TableAction,
    ) -> Result<(), Refusal> {
        let seat = self.acting_seat(conn)?;
        let (ply, text) = self.apply_table_action(seat, action).await?;
        self.acknowledge(conn, ply, text).await;
        Ok(())
    }

    /// Sends `conn` the `ack` of its action, then everyone the game after it.
    async fn acknowledge(&mut self, conn: ConnId, ply: usize, action: String) {
        if let Some(member) = self.members.get(&conn) {
            member.outbox.send(ServerMessage::Ack { ply, action });
        }
        self.after_action().await;
    }

    /// Checks `action` on a copy of the game, stores it, then makes the copy the game: a
    /// refused, failed or unstored action changes nothing. A move by the seat a draw was
    /// offered to lapses the offer.
    async fn apply(&mut self, seat: usize, action: &ActionRef) -> Result<(usize, String), Refusal> {
        let mut next = guard(|| self.game.clone_box())?;
        let played = guard(|| match action {
            ActionRef::Text(text) => next.play_text(seat, text),
            ActionRef::Id(id) => next.play_id(seat, *id),
        })?;
        let text = played?;
        let offer = self.draw_offer.filter(|&offerer| offerer == seat);
        self.commit(seat, text, next, offer).await
    }

    /// Checks a table action against the table and the game, on a copy, then stores and
    /// takes it like [`Table::apply`]; every refusal names the problem and changes nothing.
    async fn apply_table_action(
        &mut self,
        seat: usize,
        action: TableAction,
    ) -> Result<(usize, String), Refusal> {
        let (next, offer) = self.try_table_action(seat, action)?;
        self.commit(seat, action.log_text(), next, offer).await
    }

    /// The game after `seat`'s table action, and the draw offer pending then.
    fn try_table_action(
        &self,
        seat: usize,
        action: TableAction,
    ) -> Result<(Box<dyn DynGame>, Option<usize>), Refusal> {
        let offered = |declaration| {
            if self.game.declarations().contains(&declaration) {
                Ok(())
            } else {
                Err(Refusal::new(
                    codes::NOT_OFFERED,
                    format!("{} has no {}", self.entry.name, declaration),
                ))
            }
        };
        let pending = || match self.draw_offer {
            None => Err(Refusal::new(
                codes::NO_DRAW_OFFER,
                "no draw is on offer to answer",
            )),
            Some(offerer) if offerer == seat => Err(Refusal::new(
                codes::OWN_OFFER,
                "the draw offer is your own: the other seat answers it",
            )),
            Some(_) => Ok(()),
        };
        let mut next = guard(|| self.game.clone_box())?;
        let offer = match action {
            TableAction::Resign => {
                offered(Declaration::Resign)?;
                guard(|| next.declare(seat, Declaration::Resign))?.map_err(Refusal::from)?;
                None
            }
            TableAction::OfferDraw => {
                offered(Declaration::Draw)?;
                if let Some(offerer) = self.draw_offer {
                    return Err(Refusal::new(
                        codes::ALREADY_OFFERED,
                        if offerer == seat {
                            "you have offered a draw already: wait for the answer".to_owned()
                        } else {
                            format!("seat {offerer} has offered a draw: accept or decline it")
                        },
                    ));
                }
                Some(seat)
            }
            TableAction::AcceptDraw => {
                pending()?;
                guard(|| next.declare(seat, Declaration::Draw))?.map_err(Refusal::from)?;
                None
            }
            TableAction::DeclineDraw => {
                pending()?;
                None
            }
            TableAction::Undo => {
                let seats = guard(|| self.game.num_seats())?;
                if seats != 1 {
                    return Err(Refusal::new(
                        codes::NOT_SOLO,
                        format!(
                            "undo is for one-player tables; {} has {seats} seats",
                            self.entry.name
                        ),
                    ));
                }
                let mut read = read_log(&self.log);
                if read.moves.pop().is_none() {
                    return Err(Refusal::new(
                        codes::NOTHING_TO_UNDO,
                        "no move is left to take back",
                    ));
                }
                next = guard(|| replay_onto(self.start.as_ref(), &read))?
                    .map_err(|e| Refusal::new(codes::GAME_FAILED, e))?;
                None
            }
        };
        Ok((next, offer))
    }

    /// Stores `text` by `seat` as the next entry of the log, then makes `next` the game with
    /// `offer` the pending draw offer.
    async fn commit(
        &mut self,
        seat: usize,
        text: String,
        next: Box<dyn DynGame>,
        offer: Option<usize>,
    ) -> Result<(usize, String), Refusal> {
        self.persist(Write::Action {
            code: self.code.clone(),
            number: self.number,
            ply: self.log.len(),
            seat,
            action: text.clone(),
        })
        .await?;
        self.game = next;
        self.draw_offer = offer;
        self.log.push(LoggedAction {
            seat,
            action: text.clone(),
        });
        self.last_change = Instant::now();
        Ok((self.log.len(), text))
    }

    async fn after_action(&mut self) {
        self.broadcast_game();
        let outcome = match guard(|| self.game.outcome()) {
            Ok(outcome) => outcome,
            Err(refusal) => return self.fail(&refusal),
        };
        let Some(outcome) = outcome else {
            return;
        };
        if let Err(refusal) = self
            .persist(Write::Finish {
                code: self.code.clone(),
                number: self.number,
                outcome,
            })
            .await
        {
            tracing::error!(table = %self.code, "storing the result failed: {refusal}");
        }
        self.phase = Phase::Over;
        self.publish_info();
        self.broadcast(&ServerMessage::Result {
            code: self.code.clone(),
            game_number: self.number,
            outcome,
        });
    }

    /// The next seat a bot plays, and when: bot seats after `bot_delay`, seats whose player
    /// is away after `away_timeout`.
    fn due_bot(&self) -> Option<(usize, Instant)> {
        if self.phase != Phase::Playing {
            return None;
        }
        let turn = guard(|| self.game.turn()).ok()?;
        let after_delay = self.last_change + self.times.bot_delay;
        turn.seats()
            .iter()
            .filter_map(|index| {
                let seat = self.seats.get(index)?;
                match (seat.kind, seat.connections, seat.away_since) {
                    (SeatKind::Bot, _, _) => Some((index, after_delay)),
                    (SeatKind::Human, 0, Some(since)) => {
                        Some((index, after_delay.max(since + self.times.away_timeout)))
                    }
                    _ => None,
                }
            })
            .min_by_key(|&(_, at)| at)
    }

    /// What `seat`'s bot is asked: the seat's view, its legal actions, and whether the other
    /// seat's draw offer awaits its answer.
    fn bot_question(&self, seat: usize) -> Result<(Value, Vec<LegalAction>, bool), Refusal> {
        guard(|| {
            let view = self
                .game
                .view_json(Viewer::Seat(seat))
                .unwrap_or(Value::Null);
            (view, legal_actions(self.game.as_ref(), seat))
        })
        .map(|(view, legal)| {
            let offer = self.draw_offer.is_some_and(|offerer| offerer != seat);
            (view, legal, offer)
        })
    }

    /// Asks `seat`'s bot for a decision on a blocking thread: it gets the seat's view and
    /// legal actions, nothing else. The table goes on taking commands meanwhile; past
    /// `bot_deadline` [`Table::bot_overdue`] moves instead.
    fn start_bot(&mut self, seat: usize) {
        let (view, legal, offer) = match self.bot_question(seat) {
            Ok(question) => question,
            Err(refusal) => return self.fail(&refusal),
        };
        let mut bot = self.bots[seat].take().unwrap_or_else(|| {
            let choice = self.seats[seat]
                .bot
                .clone()
                .unwrap_or_else(|| self.entry.default_bot());
            let kind = self.entry.bot(&choice).unwrap_or(&self.entry.bots[0]);
            (kind.build)(&BotSetup {
                settings: &self.settings,
                level: choice.level,
                seed: random_seed(),
            })
        });
        let task = tokio::task::spawn_blocking(move || {
            // A bot that panics is dropped (a new one is built next time); the table goes on.
            let decided = catch_unwind(AssertUnwindSafe(|| {
                decide(bot.as_mut(), seat, &view, &legal, offer)
            }));
            match decided {
                Ok(decision) => (Some(bot), decision),
                Err(_) => (
                    None,
                    Decision {
                        draw: offer.then_some(false),
                        id: legal.first().map(|a| a.id),
                    },
                ),
            }
        });
        self.thinking = Some(Thinking {
            seat,
            number: self.number,
            ply: self.log.len(),
            deadline: Instant::now() + self.times.bot_deadline,
            task,
        });
    }

    /// Takes the bot's answer, unless the game moved on while it thought (a player's action
    /// in a simultaneous turn, a draw offer, a rematch): then it is asked again when its
    /// seat is due.
    async fn bot_answered(&mut self, answer: Result<BotAnswer, tokio::task::JoinError>) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let seat = thinking.seat;
        let (bot, decision) = answer.unwrap_or((None, Decision::default()));
        if bot.is_none() {
            tracing::error!(table = %self.code, seat, "the bot failed; a new one takes over");
        }
        if thinking.number != self.number || thinking.ply != self.log.len() {
            return;
        }
        self.bots[seat] = bot;
        self.take_decision(seat, decision).await;
    }

    /// The bot thinking now has missed its deadline: the game's fallback bot decides for
    /// the seat at once, and the late answer is dropped (with the late bot; a new one is
    /// built for the seat's next move).
    async fn bot_overdue(&mut self) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        let seat = thinking.seat;
        tracing::warn!(
            table = %self.code,
            seat,
            deadline_ms = self.times.bot_deadline.as_millis(),
            fallback = self.entry.fallback.name,
            "the bot missed its deadline; the fallback bot plays this move"
        );
        let (view, legal, offer) = match self.bot_question(seat) {
            Ok(question) => question,
            Err(refusal) => return self.fail(&refusal),
        };
        let mut fallback = (self.entry.fallback.build)(&BotSetup {
            settings: &self.settings,
            level: 1,
            seed: random_seed(),
        });
        let decision =
            guard(|| decide(fallback.as_mut(), seat, &view, &legal, offer)).unwrap_or(Decision {
                draw: offer.then_some(false),
                id: legal.first().map(|a| a.id),
            });
        self.take_decision(seat, decision).await;
    }

    /// Takes a bot's decision for `seat`: its answer to the draw offer, then its action.
    async fn take_decision(&mut self, seat: usize, decision: Decision) {
        let answer = decision.draw.map(|accept| {
            if accept {
                TableAction::AcceptDraw
            } else {
                TableAction::DeclineDraw
            }
        });
        if let Some(answer) = answer {
            let answered = self.apply_table_action(seat, answer).await.map(drop);
            if !self.bot_step_done(answered).await || answer == TableAction::AcceptDraw {
                return;
            }
        }
        let result = match decision.id {
            Some(id) => self.apply(seat, &ActionRef::Id(id)).await.map(drop),
            None => Err(Refusal::new(
                codes::GAME_FAILED,
                format!("seat {seat} is to act but has no legal action"),
            )),
        };
        self.bot_step_done(result).await;
    }

    /// What follows one step a bot took: the game after it, or the failure. Returns whether
    /// the step was taken.
    async fn bot_step_done(&mut self, result: Result<(), Refusal>) -> bool {
        match result {
            Ok(()) => {
                self.after_action().await;
                true
            }
            Err(refusal) if refusal.code == codes::STORAGE => {
                tracing::error!(table = %self.code, "bot action not stored: {refusal}");
                // Try again after the delay rather than spinning.
                self.last_change = Instant::now();
                false
            }
            Err(refusal) => {
                self.fail(&refusal);
                false
            }
        }
    }

    fn fail(&mut self, refusal: &Refusal) {
        tracing::error!(table = %self.code, "table failed: {refusal}");
        self.phase = Phase::Failed;
        self.publish_info();
        self.broadcast(&refusal.to_message());
    }

    /// Stores `write`. The future holds no borrow of the table, which stays `!Sync` (games
    /// need only be `Send`).
    fn persist(&self, write: Write) -> impl Future<Output = Result<(), Refusal>> + Send + 'static {
        let stored = self.storage.write(write);
        let code = self.code.clone();
        async move {
            stored.await.map_err(|e| {
                tracing::error!(table = %code, "storage: {e}");
                Refusal::new(
                    codes::STORAGE,
                    format!("the server could not store this: {e}"),
                )
            })
        }
    }

    fn broadcast(&self, message: &ServerMessage) {
        for member in self.members.values() {
            member.outbox.send(message.clone());
        }
    }

    /// Sends each member the game as it may see it.
    fn broadcast_game(&mut self) {
        let mut failed = None;
        let mut spectator_view = None;
        for member in self.members.values() {
            let viewer = member.seat.map_or(Viewer::Spectator, Viewer::Seat);
            let update = if viewer == Viewer::Spectator {
                spectator_view
                    .get_or_insert_with(|| self.state_for(viewer))
                    .clone()
            } else {
                self.state_for(viewer)
            };
            match update {
                Ok(update) => member.outbox.send(ServerMessage::State(update)),
                Err(refusal) => failed = Some(refusal),
            }
        }
        if let Some(refusal) = failed {
            self.fail(&refusal);
        }
    }

    /// Sends one newcomer the game (once started) and the result (once over).
    fn send_game(&mut self, outbox: &Outbox, viewer: Viewer) {
        if self.phase == Phase::Waiting {
            return;
        }
        match self.state_for(viewer) {
            Ok(update) => outbox.send(ServerMessage::State(update)),
            Err(refusal) => return self.fail(&refusal),
        }
        if let Ok(Some(outcome)) = guard(|| self.game.outcome()) {
            outbox.send(ServerMessage::Result {
                code: self.code.clone(),
                game_number: self.number,
                outcome,
            });
        }
    }

    fn state_for(&self, viewer: Viewer) -> Result<StateUpdate, Refusal> {
        let game = self.game.as_ref();
        let (turn, view, legal) = guard(|| {
            let legal = match viewer {
                Viewer::Seat(seat) if self.phase == Phase::Playing => legal_actions(game, seat),
                _ => Vec::new(),
            };
            (game.turn(), game.view_json(viewer), legal)
        })?;
        let view = view.map_err(|e| {
            Refusal::new(
                codes::GAME_FAILED,
                format!("the view does not serialise: {e}"),
            )
        })?;
        Ok(StateUpdate {
            code: self.code.clone(),
            game_number: self.number,
            ply: self.log.len(),
            turn,
            viewer,
            view,
            legal,
            draw_offer: self.draw_offer,
            table_actions: match viewer {
                Viewer::Seat(seat) if turn != Turn::Over => self.table_actions(seat),
                _ => Vec::new(),
            },
        })
    }

    /// The table actions `seat` may take now: resign and offer, accept or decline a draw
    /// where the game has them, undo at a one-player table with a move to take back.
    fn table_actions(&self, seat: usize) -> Vec<TableAction> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        let declarations = self.game.declarations();
        let mut actions = Vec::new();
        if declarations.contains(&Declaration::Resign) {
            actions.push(TableAction::Resign);
        }
        if declarations.contains(&Declaration::Draw) {
            match self.draw_offer {
                None => actions.push(TableAction::OfferDraw),
                Some(offerer) if offerer != seat => {
                    actions.extend([TableAction::AcceptDraw, TableAction::DeclineDraw]);
                }
                Some(_) => {}
            }
        }
        if self.seats.len() == 1 && !read_log(&self.log).moves.is_empty() {
            actions.push(TableAction::Undo);
        }
        actions
    }

    fn publish_info(&mut self) {
        let seats = self
            .seats
            .iter()
            .map(|s| SeatInfo {
                kind: s.kind,
                name: s.name.clone(),
                connected: s.kind == SeatKind::Bot || s.connections > 0,
                bot: s.bot.clone(),
            })
            .collect();
        let info = TableInfo {
            code: self.code.clone(),
            game: self.entry.name.to_owned(),
            settings: self.settings.clone(),
            phase: self.phase,
            game_number: self.number,
            seats,
            spectators: self.members.values().filter(|m| m.seat.is_none()).count(),
        };
        if *self.info.borrow() != info {
            self.broadcast(&ServerMessage::Table(info.clone()));
            self.info.send_replace(info);
        }
    }
}

/// A seat's legal actions, ids and texts side by side (both lists follow the game's order).
fn legal_actions(game: &dyn DynGame, seat: usize) -> Vec<LegalAction> {
    let mut ids = Vec::new();
    game.legal_action_ids(seat, &mut ids);
    ids.into_iter()
        .zip(game.legal_action_texts(seat))
        .map(|(id, text)| LegalAction { id, text })
        .collect()
}
