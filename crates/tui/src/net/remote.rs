//! A game's own screen at a network table: the seat's view read back into the game crate's
//! `View` type, the legal actions sent by their text, the seats' names and presence, the host's
//! commands, the results added up across games. The game screens hold a [`Remote`] in place of
//! their local match and bots; the rules stay on the server.

use game::Turn;
use netplay::{AssistAsk, ClientMessage, RecordFormat, SeatKind, TableAction, TableInfo};
use serde::de::DeserializeOwned;

use super::NetScreen;
use super::state::{Assisted, Link, NetState, Note, Presence};
use crate::status::{Level, Status};

/// What a board game's key asks for at a table where it differs from the local game
/// (see [`Remote::at_table`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKey {
    /// A feature of the local game only, by name: "undo", "the options"…
    Off(&'static str),
    /// A host command.
    Host(HostCommand),
    /// `n`: the host's rematch, once the game is over.
    Rematch,
}

/// What the host of a table asks for, from the game screen's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostCommand {
    /// Chooses the next bot the server offers (the strongest first) for [`HostCommand::SeatBots`].
    NextBot,
    /// Seats the chosen bot (the server's default until one is chosen) in every empty seat.
    SeatBots,
    /// Starts the game.
    Start,
    /// A new game at the same seats, once this one is over.
    Rematch,
}

/// What a [`Remote::pump`] brought.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pumped {
    /// A new view (a new action, or a new game) was read.
    pub view: bool,
    /// A game ended: its number.
    pub result: Option<u32>,
    /// The notes logged meanwhile: refusals, link changes, the table's creation.
    pub notes: Vec<Note>,
}

impl Pumped {
    /// Puts each note on `status` (the latest shows, a problem as an error).
    pub fn tell(self, status: &mut Status) {
        for note in self.notes {
            status.set(note.level(), note.text);
        }
    }
}

/// The remote side of a game screen: the link to the server and the seat's decoded view.
#[derive(Debug)]
pub struct Remote<V> {
    link: NetScreen,
    view: Option<V>,
    /// The game number and ply of `view`.
    seen: Option<(u32, usize)>,
    bot: Option<usize>,
    /// How many of the log's notes were handed out by [`Remote::pump`].
    read: usize,
    asked_record: u32,
    totals: Vec<i64>,
    counted: u32,
}

impl<V: DeserializeOwned> Remote<V> {
    /// The remote side over an open link (whatever it already received is read at the next
    /// [`pump`](Remote::pump)).
    pub fn new(link: NetScreen) -> Remote<V> {
        Remote {
            link,
            view: None,
            seen: None,
            bot: None,
            read: 0,
            asked_record: 0,
            totals: Vec::new(),
            counted: 0,
        }
    }

    /// Takes in what the connection delivered; a view the game type does not read is logged
    /// as a problem and the last good view kept. The first pump also hands out the notes
    /// logged before the screen opened (the table's creation).
    pub fn pump(&mut self) -> Pumped {
        self.link.pump();
        let mut pumped = Pumped::default();
        let net = &self.link.state;
        if let Some(update) = &net.state {
            let at = (update.game_number, update.ply);
            if self.seen != Some(at) {
                self.seen = Some(at);
                match serde_json::from_value(update.view.clone()) {
                    Ok(view) => {
                        self.view = Some(view);
                        pumped.view = true;
                    }
                    Err(e) => self
                        .link
                        .state
                        .note(format!("the server's view does not read: {e}"), true),
                }
            }
        }
        let net = &self.link.state;
        if let (Some(outcome), Some(update)) = (&net.result, &net.state)
            && update.game_number > self.counted
        {
            self.counted = update.game_number;
            self.totals.resize(outcome.returns.len(), 0);
            for (total, &won) in self.totals.iter_mut().zip(&outcome.returns) {
                // Returns are whole points in the card games.
                #[allow(clippy::cast_possible_truncation)]
                let won = won.round() as i64;
                *total += won;
            }
            pumped.result = Some(update.game_number);
        }
        let net = &self.link.state;
        let new = (net.noted - self.read).min(net.log.len());
        pumped.notes = net.log[net.log.len() - new..].to_vec();
        self.read = net.noted;
        pumped
    }

    /// The seat's view of the game in play (`None` before the first game starts).
    pub fn view(&self) -> Option<&V> {
        self.view.as_ref()
    }

    /// [`pump`](Remote::pump)s and shows the notes in `status` (the last one stays); the
    /// new view, if one came.
    pub fn pump_into(&mut self, status: &mut Status) -> Option<V>
    where
        V: Clone,
    {
        let pumped = self.pump();
        for note in pumped.notes {
            status.set(note.level(), note.text);
        }
        pumped.view.then(|| self.view.clone()).flatten()
    }
}

impl<V> Remote<V> {
    /// What the client knows of the table.
    pub fn net(&self) -> &NetState {
        &self.link.state
    }

    /// The table's settings read as the game's `S` (`None` before the table is announced,
    /// or when they do not read).
    pub fn settings<S: DeserializeOwned>(&self) -> Option<S> {
        serde_json::from_value(self.link.state.table.as_ref()?.settings.clone()).ok()
    }

    /// Whether the game in play is over (false before the first starts).
    pub fn over(&self) -> bool {
        self.link
            .state
            .state
            .as_ref()
            .is_some_and(|update| update.turn == Turn::Over)
    }

    /// The seat whose draw offer is pending, if any.
    pub fn draw_offer(&self) -> Option<usize> {
        self.link.state.state.as_ref()?.draw_offer
    }

    /// Sends a table action (resign, a draw offer or its answer); the server refuses one it
    /// does not offer the seat now, and its answer shows up as a note.
    pub fn table_action(&mut self, action: TableAction) {
        self.link.send(match action {
            TableAction::Resign => ClientMessage::Resign,
            TableAction::OfferDraw => ClientMessage::OfferDraw,
            TableAction::AcceptDraw => ClientMessage::AcceptDraw,
            TableAction::DeclineDraw => ClientMessage::DeclineDraw,
            TableAction::Undo => ClientMessage::Undo,
        });
    }

    /// Carries out what a key asks for at the table, saying in `status` what happens or why
    /// it is refused.
    pub fn at_table(&mut self, key: TableKey, status: &mut Status) {
        let said = match key {
            TableKey::Off(what) => Err(format!("{what} is off at a network table")),
            TableKey::Rematch if !self.over() => {
                Err("a rematch waits for the end of the game".to_owned())
            }
            TableKey::Rematch => self.host(HostCommand::Rematch),
            TableKey::Host(command) => self.host(command),
        };
        match said {
            Ok(text) => status.set(Level::Info, text),
            Err(text) => status.set(Level::Warn, text),
        }
    }

    /// The key row of a board game's table: the host's keys before the start and after the
    /// end, `playing` (the game's own keys) meanwhile for a seat, then help and leave.
    pub fn footer(&self, playing: &str, sep: &str) -> String {
        let host = self.link.state.host;
        let keys = if self.view.is_none() {
            match (host, self.seat_free()) {
                (true, true) => format!("d bot{sep}b seat bots{sep}g start{sep}"),
                (true, false) => format!("g start{sep}"),
                (false, _) => String::new(),
            }
        } else if self.over() {
            if host {
                format!("n rematch{sep}")
            } else {
                String::new()
            }
        } else if self.link.state.seat.is_none() {
            // A spectator does not play.
            String::new()
        } else {
            format!("{playing}{sep}")
        };
        format!("{keys}? help{sep}q leave")
    }

    /// The help's paragraphs about the table: where it is, the seat, the link, and why the
    /// connection dropped (the status line only says that it did).
    pub fn help_lines(&self) -> Vec<String> {
        let net = &self.link.state;
        let code = net.code.as_deref().unwrap_or("?");
        let seat = net
            .seat
            .map_or_else(|| "watching".to_owned(), |seat| format!("seat {seat}"));
        let mut lines = vec![format!(
            "Table {code} at {}, {seat}, {}.",
            net.server,
            net.link.word()
        )];
        if let Link::Lost(reason) = &net.link {
            lines.push(format!(
                "The connection dropped ({reason}); the client tries again every {} ms and \
                 resumes the seat.",
                super::connection::RETRY.as_millis()
            ));
        }
        lines
    }

    /// A seat's [`label`](Remote::seat_label), with `(you)` for this client's seat.
    pub fn player(&self, seat: usize) -> String {
        let you = if self.link.state.seat == Some(seat) {
            " (you)"
        } else {
            ""
        };
        format!("{}{you}", self.seat_label(seat))
    }

    /// Asks the server's solver about the game in play (Klondike's hint and "can it still be
    /// won?"); the answer comes with a later pump, for [`take_assist`](Remote::take_assist).
    pub fn assist(&mut self, ask: AssistAsk) {
        self.link.state.assist = None;
        self.link.send(ClientMessage::Assist { ask });
    }

    /// The server's answer to [`assist`](Remote::assist), once it came (taken: once).
    pub fn take_assist(&mut self) -> Option<Assisted> {
        self.link.state.assist.take()
    }

    /// The question before the screen leaves the table, true to what the server does then
    /// and short enough for a 60-column dialog: a spectator only stops watching; a player's
    /// seat is played, once it has been away past the server's timeout, by the bot the
    /// server names for it (Klondike's is the random one) until the player returns.
    pub fn leave_question(&self) -> String {
        let net = &self.link.state;
        if net.seat.is_none() {
            return "Stop watching this table?".to_owned();
        }
        let game = net.table.as_ref().map(|table| table.game.as_str());
        let offer = net
            .offers
            .iter()
            .find(|offer| Some(offer.game.as_str()) == game);
        match offer {
            Some(offer) => format!(
                "Leave? The {} bot plays on until you return",
                offer.default.kind
            ),
            None => "Leave? The server keeps your seat for your return".to_owned(),
        }
    }

    /// Sends the action written `text` (see [`NetState::act`]).
    pub fn act(&mut self, text: &str) {
        if let Some(message) = self.link.state.act(text) {
            self.link.send(message);
        }
    }

    /// Whether the seat may act now (it has legal actions and none is on its way).
    pub fn my_turn(&self) -> bool {
        self.link.state.my_turn()
    }

    /// As [`host`](Remote::host), saying on `status` what it does or why not.
    pub fn host_on(&mut self, command: HostCommand, status: &mut Status) {
        match self.host(command) {
            Ok(text) => status.info(text),
            Err(text) => status.warn(text),
        }
    }

    /// Carries out a host command: what to tell the player, or why it is refused here (the
    /// server refuses what this client cannot know, and its answer shows up as a note).
    pub fn host(&mut self, command: HostCommand) -> Result<String, String> {
        if !self.link.state.host {
            return Err("only the table's host seats bots, starts and rematches".to_owned());
        }
        let choices = self.link.state.bot_choices();
        let message = match command {
            HostCommand::NextBot => {
                if choices.is_empty() {
                    return Err("the server offers no bots for this game".to_owned());
                }
                let next = self.bot.map_or(0, |i| (i + 1) % choices.len());
                self.bot = Some(next);
                let bot = &choices[next];
                return Ok(format!("b seats: {} level {}", bot.kind, bot.level));
            }
            HostCommand::SeatBots => match self.bot.and_then(|i| choices.get(i)) {
                Some(bot) => ClientMessage::SeatBot {
                    seat: None,
                    bot: bot.clone(),
                },
                None => ClientMessage::FillBots,
            },
            HostCommand::Start => ClientMessage::Start,
            HostCommand::Rematch => ClientMessage::Rematch,
        };
        let said = match &message {
            ClientMessage::Start => "starting…",
            ClientMessage::Rematch => "a rematch at the same seats…",
            _ => "seating bots in the empty seats…",
        };
        self.link.send(message);
        Ok(said.to_owned())
    }

    /// Asks once per game for the finished game's record in the crate's JSON form (the
    /// card games reveal every hand from it, once the game is over).
    pub fn ask_record(&mut self) {
        let Some(game) = self.link.state.state.as_ref().map(|s| s.game_number) else {
            return;
        };
        if self.asked_record < game {
            self.asked_record = game;
            self.link.send(ClientMessage::Record {
                game_number: Some(game),
                format: RecordFormat::Json,
            });
        }
    }

    /// The record asked for with [`ask_record`](Remote::ask_record), once it came, for the
    /// game in play.
    pub fn record(&self) -> Option<&str> {
        let record = self.link.state.record.as_ref()?;
        let game = self.link.state.state.as_ref()?.game_number;
        (record.game_number == game).then_some(record.text.as_str())
    }

    /// Each seat's points over every finished game at this table (zeros before the first).
    pub fn totals(&self, seats: usize) -> Vec<i64> {
        let mut totals = self.totals.clone();
        totals.resize(seats, 0);
        totals
    }

    /// Which game at the table is shown (1 before the first starts).
    pub fn game_number(&self) -> u32 {
        self.seen.map_or(1, |(game, _)| game)
    }

    /// A seat's display name, and how it is held when that is not "online".
    pub fn seat_label(&self, seat: usize) -> String {
        let net = &self.link.state;
        match net.presence(seat) {
            Presence::Online => net.seat_name(seat),
            Presence::Empty => "(empty)".to_owned(),
            other => format!("{} ({})", net.seat_name(seat), other.word()),
        }
    }

    /// Whether a seat of the table is empty (bots can be seated there).
    fn seat_free(&self) -> bool {
        let table = self.link.state.table.as_ref();
        table.is_some_and(|table| table.seats.iter().any(|s| s.kind == SeatKind::Empty))
    }

    /// The table and the link, for a title: `table ABC234, online`.
    pub fn origin(&self) -> String {
        let code = self.link.state.code.as_deref().unwrap_or("?");
        format!("table {code}, {}", self.link.state.link.word())
    }

    /// The lines of the window shown until the first game starts: how others join (the
    /// command, then the table's address on its own line), every seat, and what the host can
    /// do.
    pub fn waiting_lines(&self) -> Vec<String> {
        let net = &self.link.state;
        let code = net.code.as_deref().unwrap_or("?");
        // The address on a line of its own, without `ws://` (`--join` reads it so): a
        // narrow panel wraps between words, never inside the address.
        let server = net.server.strip_prefix("ws://").unwrap_or(&net.server);
        let mut lines = vec![
            format!("Table {code}: others join with"),
            "play --name NAME --join".to_owned(),
            format!("{server}/{code}"),
            String::new(),
        ];
        let seats = net
            .table
            .as_ref()
            .map_or(0, |table: &TableInfo| table.seats.len());
        for seat in 0..seats {
            let you = if Some(seat) == net.seat {
                "  (you)"
            } else {
                ""
            };
            let presence = net.presence(seat);
            lines.push(match presence {
                Presence::Empty => format!("seat {seat}: empty"),
                _ => format!(
                    "seat {seat}: {} - {}{you}",
                    net.seat_name(seat),
                    presence.word()
                ),
            });
        }
        lines.push(String::new());
        lines.push(if net.host && self.seat_free() {
            "d choose a bot, b seat bots, g start".to_owned()
        } else if net.host {
            "g start".to_owned()
        } else {
            "waiting for the host to start".to_owned()
        });
        lines
    }
}
