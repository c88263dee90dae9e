//! The Gomocup (piskvork) brain protocol on lines of text: [`Command`] parses a line,
//! [`Session`] answers it, and [`serve`] runs a session over a reader and a writer, with a
//! reader thread so that `END` stops a search at once.
//!
//! Commands: `START n`, `RECTSTART w,h`, `RESTART`, `BEGIN`, `TURN x,y`, `BOARD` … `DONE`
//! (lines `x,y,1` own stone, `x,y,2` opponent's), `SWAP2BOARD` … `DONE` (0, 3 or 5 stones in
//! move order), `INFO key value` (`timeout_turn`, `timeout_match`, `time_left`,
//! `max_memory`, `game_type`, `rule`, `folder`; other keys are ignored), `TAKEBACK x,y`,
//! `END` and `ABOUT`. An unknown command gets `UNKNOWN …`, a malformed or impossible one
//! `ERROR …`, and leaves the session unchanged. Every move (or `SWAP`) the brain searched for
//! comes after a `MESSAGE` line saying what the search found, as Rapfi and Yixin write
//! theirs for Piskvork's window: `MESSAGE depth 9 | eval +35 | nodes 271204 | speed
//! 270934/s | time 1001 ms | search | pv 7,8 8,9 6,7`.

use crate::board::SearchBoard;
use crate::opening::SWAP_MARGIN;
use crate::search::{Brain, Limits, Thought, WIN};
use crate::time::TimeControl;
use gomoku::{Color, Point, Position, Rule, Settings, Setup};
use std::io::{self, BufRead, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Instant;

/// Parlor's `ABOUT` answer.
pub const ABOUT: &str = concat!(
    "name=\"parlor\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"parlor engineers\", country=\"Unknown\""
);

/// One `INFO` setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// `timeout_turn` in milliseconds (0: as fast as possible).
    TimeoutTurn(u64),
    /// `timeout_match` in milliseconds (0: no limit).
    TimeoutMatch(u64),
    /// `time_left` in milliseconds.
    TimeLeft(u64),
    /// `max_memory` in bytes (0: no limit).
    MaxMemory(u64),
    /// `game_type` (0 human, 1 brain, 2 tournament, 3 network).
    GameType(u64),
    /// `rule`, mapped by the rules crate ([`Settings::from_gomocup_rule`]).
    Rule(Rule),
    /// `folder`: where the brain may keep files (parlor keeps none).
    Folder(String),
    /// A key this brain does not use (the protocol says to ignore it).
    Other(String),
}

/// A command line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` or `RECTSTART w,h`.
    Start(u8, u8),
    /// `RESTART`.
    Restart,
    /// `BEGIN`.
    Begin,
    /// `TURN x,y`.
    Turn(Point),
    /// `BOARD`: stone lines follow until `DONE`.
    Board,
    /// `SWAP2BOARD`: move lines follow until `DONE`.
    Swap2Board,
    /// `INFO key value`.
    Info(Info),
    /// `TAKEBACK x,y`.
    Takeback(Point),
    /// `END`.
    End,
    /// `ABOUT`.
    About,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCommandError {
    /// Not a command of the protocol (answered `UNKNOWN`).
    #[error("unknown command {0:?}")]
    Unknown(String),
    /// A known command with bad arguments (answered `ERROR`).
    #[error("{0}")]
    Malformed(String),
}

/// Reads Gomocup's `x,y` (0-based, column first).
fn parse_xy(text: &str) -> Result<Point, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("expected x,y, got {text:?}"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<u8>()
            .ok()
            .and_then(|v| Point::try_new(v.into(), 0).map(|_| v))
            .ok_or_else(|| format!("bad coordinate {:?} in {text:?}", v.trim()))
    };
    Ok(Point::new(num(x)?, num(y)?))
}

fn parse_size(text: &str) -> Result<u8, String> {
    text.trim()
        .parse::<u8>()
        .map_err(|_| format!("bad board size {:?}", text.trim()))
}

impl FromStr for Command {
    type Err = ParseCommandError;

    /// Command words are read case-insensitively; surrounding spaces are ignored.
    fn from_str(line: &str) -> Result<Command, ParseCommandError> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let bad = ParseCommandError::Malformed;
        let none = |c: Command| {
            if rest.is_empty() {
                Ok(c)
            } else {
                Err(bad(format!("{word} takes no argument")))
            }
        };
        match word.to_ascii_uppercase().as_str() {
            "START" => parse_size(rest).map(|n| Command::Start(n, n)).map_err(bad),
            "RECTSTART" => {
                let (w, h) = rest
                    .split_once(',')
                    .ok_or_else(|| bad(format!("RECTSTART expects width,height, got {rest:?}")))?;
                Ok(Command::Start(
                    parse_size(w).map_err(bad)?,
                    parse_size(h).map_err(bad)?,
                ))
            }
            "RESTART" => none(Command::Restart),
            "BEGIN" => none(Command::Begin),
            "BOARD" => none(Command::Board),
            "SWAP2BOARD" => none(Command::Swap2Board),
            "END" => none(Command::End),
            "ABOUT" => none(Command::About),
            "TURN" => parse_xy(rest).map(Command::Turn).map_err(bad),
            "TAKEBACK" => parse_xy(rest).map(Command::Takeback).map_err(bad),
            "INFO" => parse_info(rest).map(Command::Info).map_err(bad),
            _ => Err(ParseCommandError::Unknown(line.to_owned())),
        }
    }
}

fn parse_info(rest: &str) -> Result<Info, String> {
    let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let value = value.trim();
    let num = || {
        value
            .parse::<u64>()
            .map_err(|_| format!("INFO {key} expects a number, got {value:?}"))
    };
    Ok(match key.to_ascii_lowercase().as_str() {
        "" => return Err("INFO expects a key and a value".to_owned()),
        "timeout_turn" => Info::TimeoutTurn(num()?),
        "timeout_match" => Info::TimeoutMatch(num()?),
        "time_left" => Info::TimeLeft(num()?),
        "max_memory" => Info::MaxMemory(num()?),
        "game_type" => Info::GameType(num()?),
        "rule" => Info::Rule(
            Settings::from_gomocup_rule(num()? as u32)
                .map_err(|e| e.to_string())?
                .rule,
        ),
        "folder" => Info::Folder(value.to_owned()),
        other => Info::Other(other.to_owned()),
    })
}

/// A block of lines being read (`BOARD` or `SWAP2BOARD`), with the first error met.
#[derive(Clone, Debug)]
enum Block {
    Board(Vec<(Point, u8)>, Option<String>),
    Swap2(Vec<Point>, Option<String>),
}

/// What answering a line produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// Lines to send back, in order.
    pub lines: Vec<String>,
    /// Whether the session is over (`END`).
    pub quit: bool,
}

impl Answer {
    fn line(text: impl Into<String>) -> Answer {
        Answer {
            lines: vec![text.into()],
            quit: false,
        }
    }

    fn none() -> Answer {
        Answer::default()
    }

    /// The answer of a search begun at `start`: a `MESSAGE` line with what it found (depth,
    /// score, nodes, speed, time, how, line), as Piskvork shows and managers skip, then `text`.
    fn searched(t: &Thought, start: Instant, text: impl Into<String>) -> Answer {
        let ms = start.elapsed().as_millis();
        let speed = u128::from(t.nodes) * 1000 / ms.max(1);
        let how = format!("{:?}", t.reason).to_lowercase();
        let line: Vec<String> = t.pv.iter().map(|p| p.gomocup().to_string()).collect();
        let message = format!(
            "MESSAGE depth {} | eval {} | nodes {} | speed {speed}/s | time {ms} ms | {how} | pv {}",
            t.depth,
            t.score_text(),
            t.nodes,
            line.join(" ")
        );
        Answer {
            lines: vec![message, text.into()],
            quit: false,
        }
    }
}

/// The brain's side of a Gomocup session: board, rule, time limits and the brain.
#[derive(Debug)]
pub struct Session {
    brain: Brain,
    tt_bytes: usize,
    rule: Rule,
    time: TimeControl,
    pos: Option<Position>,
    block: Option<Block>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

/// Transposition table size without a memory limit, and its share of `max_memory`.
const DEFAULT_TT: usize = 64 << 20;

impl Session {
    /// A session before `START`: freestyle, Gomocup's default time limits.
    pub fn new() -> Session {
        Session {
            brain: Brain::new(DEFAULT_TT),
            tt_bytes: DEFAULT_TT,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            pos: None,
            block: None,
        }
    }

    /// The current position, once started.
    pub const fn position(&self) -> Option<&Position> {
        self.pos.as_ref()
    }

    /// Answers one input line; `stop` cuts a search short (the reader sets it on `END`).
    pub fn handle(&mut self, line: &str, stop: &AtomicBool) -> Answer {
        let text = line.trim();
        if text.is_empty() {
            return Answer::none();
        }
        if self.block.is_some() {
            return self.block_line(text, stop);
        }
        match text.parse::<Command>() {
            Ok(command) => self.command(command, stop),
            Err(e @ ParseCommandError::Unknown(_)) => Answer::line(format!("UNKNOWN {e}")),
            Err(e) => Answer::line(format!("ERROR {e}")),
        }
    }

    fn command(&mut self, command: Command, stop: &AtomicBool) -> Answer {
        match command {
            Command::Start(w, h) => match Position::new(w, h, self.settings()) {
                Ok(pos) => {
                    // Builds the pattern tables now, not in the first move's time.
                    SearchBoard::new(&pos);
                    self.pos = Some(pos);
                    self.brain.clear();
                    Answer::line("OK")
                }
                Err(e) => Answer::line(format!("ERROR {e}")),
            },
            Command::About => Answer::line(ABOUT),
            Command::End => Answer {
                lines: Vec::new(),
                quit: true,
            },
            Command::Info(info) => self.info(&info),
            Command::Restart
            | Command::Begin
            | Command::Turn(_)
            | Command::Board
            | Command::Swap2Board
            | Command::Takeback(_) => {
                let Some(pos) = self.pos.as_mut() else {
                    return Answer::line("ERROR no board yet: send START first");
                };
                match command {
                    Command::Restart => {
                        let b = pos.board();
                        *pos = Position::new(b.width(), b.height(), pos.settings())
                            .expect("the size was accepted by START");
                        self.brain.clear();
                        Answer::line("OK")
                    }
                    Command::Begin if pos.board().stones() > 0 => {
                        Answer::line("ERROR BEGIN on a board that is not empty")
                    }
                    Command::Begin => self.reply(stop),
                    Command::Turn(p) => match pos.play(p) {
                        Ok(_) => self.reply(stop),
                        Err(e) => Answer::line(format!("ERROR {}: {e}", p.gomocup())),
                    },
                    Command::Takeback(p) => match take_back(pos, p) {
                        Ok(back) => {
                            *pos = back;
                            Answer::line("OK")
                        }
                        Err(e) => Answer::line(format!("ERROR {e}")),
                    },
                    Command::Board => {
                        self.block = Some(Block::Board(Vec::new(), None));
                        Answer::none()
                    }
                    _ => {
                        self.block = Some(Block::Swap2(Vec::new(), None));
                        Answer::none()
                    }
                }
            }
        }
    }

    fn settings(&self) -> Settings {
        Settings::new(self.rule)
    }

    fn info(&mut self, info: &Info) -> Answer {
        match *info {
            Info::TimeoutTurn(ms) => self.time.turn_ms = ms,
            Info::TimeoutMatch(ms) => self.time.match_ms = ms,
            Info::TimeLeft(ms) => self.time.left_ms = ms,
            Info::MaxMemory(bytes) => {
                let bytes = if bytes == 0 {
                    DEFAULT_TT
                } else {
                    (bytes / 2).min(DEFAULT_TT as u64 * 4) as usize
                };
                if bytes != self.tt_bytes {
                    self.tt_bytes = bytes;
                    self.brain = Brain::new(bytes);
                }
            }
            Info::Rule(rule) => {
                self.rule = rule;
                if let Some(pos) = &self.pos {
                    let mut setup = pos.to_setup();
                    setup.settings = self.settings();
                    match Position::from_setup(&setup) {
                        Ok(p) => {
                            SearchBoard::new(&p);
                            self.pos = Some(p);
                        }
                        Err(e) => return Answer::line(format!("ERROR {e}")),
                    }
                }
            }
            Info::GameType(_) | Info::Folder(_) | Info::Other(_) => {}
        }
        Answer::none()
    }

    fn block_line(&mut self, text: &str, stop: &AtomicBool) -> Answer {
        let done = text.eq_ignore_ascii_case("DONE");
        match (self.block.as_mut().expect("inside a block"), done) {
            (Block::Board(stones, err), false) => {
                let parsed = text
                    .rsplit_once(',')
                    .ok_or_else(|| format!("expected x,y,field, got {text:?}"))
                    .and_then(|(xy, field)| {
                        let p = parse_xy(xy)?;
                        match field.trim() {
                            "1" => Ok((p, 1)),
                            "2" => Ok((p, 2)),
                            f => Err(format!("bad field {f:?} in {text:?} (expected 1 or 2)")),
                        }
                    });
                match parsed {
                    Ok(s) => stones.push(s),
                    Err(e) => {
                        err.get_or_insert(e);
                    }
                }
                Answer::none()
            }
            (Block::Swap2(moves, err), false) => {
                match parse_xy(text) {
                    Ok(p) => moves.push(p),
                    Err(e) => {
                        err.get_or_insert(e);
                    }
                }
                Answer::none()
            }
            (_, true) => match self.block.take().expect("inside a block") {
                Block::Board(_, Some(e)) | Block::Swap2(_, Some(e)) => {
                    Answer::line(format!("ERROR {e}"))
                }
                Block::Board(stones, None) => match self.board_position(&stones) {
                    Ok(pos) => {
                        self.pos = Some(pos);
                        self.reply(stop)
                    }
                    Err(e) => Answer::line(format!("ERROR {e}")),
                },
                Block::Swap2(moves, None) => self.swap2(&moves, stop),
            },
        }
    }

    /// The position of a `BOARD` block: the brain's stones are field 1 and it is to move, so
    /// it is Black when both sides have as many stones, White when it has one fewer.
    fn board_position(&self, stones: &[(Point, u8)]) -> Result<Position, String> {
        let pos = self.pos.as_ref().expect("started");
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let other = stones.len() - own;
        let me = if own == other {
            Color::Black
        } else if own + 1 == other {
            Color::White
        } else {
            return Err(format!(
                "{own} own and {other} opponent stones: cannot be the brain's turn"
            ));
        };
        let mut setup = Setup::empty(pos.board().width(), pos.board().height(), pos.settings());
        for &(p, field) in stones {
            let color = if field == 1 { me } else { me.other() };
            match color {
                Color::Black => setup.black.push(p),
                Color::White => setup.white.push(p),
            }
        }
        setup.to_move = Some(me);
        Position::from_setup(&setup).map_err(|e| e.to_string())
    }

    /// Thinks on the current position, plays the move found and answers it.
    fn reply(&mut self, stop: &AtomicBool) -> Answer {
        let pos = self.pos.as_mut().expect("started");
        let limits = self.time.limits();
        let start = Instant::now();
        match self.brain.think(pos, limits, stop) {
            Ok(t) => {
                pos.play(t.best).expect("the brain plays legal moves");
                Answer::searched(&t, start, t.best.gomocup().to_string())
            }
            Err(e) => Answer::line(format!("ERROR {e}")),
        }
    }

    /// Swap2: place three stones (none given), or with three or five given either take
    /// Black (`SWAP`) when White to move stands worse than [`SWAP_MARGIN`], or play White's
    /// move.
    fn swap2(&mut self, moves: &[Point], stop: &AtomicBool) -> Answer {
        let pos = self.pos.as_ref().expect("started");
        let (w, h) = (pos.board().width(), pos.board().height());
        let mut setup = Setup::empty(w, h, pos.settings());
        for (i, &p) in moves.iter().enumerate() {
            if i % 2 == 0 {
                setup.black.push(p);
            } else {
                setup.white.push(p);
            }
        }
        let given = match Position::from_setup(&setup) {
            Ok(p) => p,
            Err(e) => return Answer::line(format!("ERROR {e}")),
        };
        match moves.len() {
            0 => {
                let stones = self.swap2_opening(&given, stop);
                let mut pos = given;
                for &p in &stones {
                    if pos.play(p).is_err() {
                        return Answer::line("ERROR board too small for a swap2 opening");
                    }
                }
                self.pos = Some(pos);
                let text: Vec<String> = stones.iter().map(|p| p.gomocup().to_string()).collect();
                Answer::line(text.join(" "))
            }
            3 | 5 => {
                let limits = self.time.limits();
                let start = Instant::now();
                match self.brain.think(&given, limits, stop) {
                    Ok(t) if t.score < SWAP_MARGIN => {
                        self.pos = Some(given);
                        Answer::searched(&t, start, "SWAP")
                    }
                    Ok(t) => {
                        let mut pos = given;
                        pos.play(t.best).expect("the brain plays legal moves");
                        self.pos = Some(pos);
                        Answer::searched(&t, start, t.best.gomocup().to_string())
                    }
                    Err(e) => Answer::line(format!("ERROR {e}")),
                }
            }
            n => Answer::line(format!(
                "ERROR SWAP2BOARD expects 0, 3 or 5 stones, got {n}"
            )),
        }
    }

    /// Three opening stones (Black, White, Black) near the centre, the candidate whose
    /// position scores closest to even for White to move after a shallow search.
    fn swap2_opening(&mut self, empty: &Position, stop: &AtomicBool) -> Vec<Point> {
        const CANDIDATES: [[(i32, i32); 3]; 4] = [
            [(0, 0), (1, 1), (2, -1)],
            [(0, 0), (1, 0), (0, 2)],
            [(0, 0), (1, 1), (-1, 2)],
            [(0, 0), (0, 1), (2, 1)],
        ];
        let (w, h) = (empty.board().width(), empty.board().height());
        let centre = Point::center(w, h);
        let mut best: Option<(i32, Vec<Point>)> = None;
        for offsets in CANDIDATES {
            let stones: Option<Vec<Point>> = offsets
                .iter()
                .map(|&(dx, dy)| centre.offset(dx, dy).filter(|&p| empty.board().contains(p)))
                .collect();
            let Some(stones) = stones else { continue };
            let mut pos = empty.clone();
            if stones.iter().any(|&p| pos.play(p).is_err()) {
                continue;
            }
            let limits = Limits {
                time: Some(self.time.budget() / 8),
                depth: Some(4),
                soft: None,
            };
            let score = self
                .brain
                .think(&pos, limits, stop)
                .map_or(WIN, |t| t.score.abs());
            if best.as_ref().is_none_or(|b| score < b.0) {
                best = Some((score, stones));
            }
        }
        best.map(|b| b.1).unwrap_or_default()
    }
}

/// Why a stone cannot be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no stone on {} to take back", .0.gomocup())]
pub struct TakebackError(pub Point);

/// `pos` without the stone on `p`; the side whose stone it was is to move.
fn take_back(pos: &Position, p: Point) -> Result<Position, TakebackError> {
    let color = pos.board().get(p).ok_or(TakebackError(p))?;
    let mut setup = pos.to_setup();
    setup.black.retain(|&q| q != p);
    setup.white.retain(|&q| q != p);
    setup.to_move = Some(color);
    Position::from_setup(&setup).map_err(|_| TakebackError(p))
}

/// Runs a session: reads commands from `input` on a thread of its own (so `END` is seen and
/// stops a search at once), answers on `output`, and returns after `END` or at the end of
/// the input.
pub fn serve<R, W>(input: R, mut output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<String>();
    let reader_stop = Arc::clone(&stop);
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if line.trim().eq_ignore_ascii_case("END") {
                reader_stop.store(true, Ordering::Relaxed);
            }
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut session = Session::new();
    for line in rx {
        let answer = session.handle(&line, &stop);
        for l in &answer.lines {
            writeln!(output, "{l}")?;
        }
        output.flush()?;
        if answer.quit {
            break;
        }
    }
    Ok(())
}
