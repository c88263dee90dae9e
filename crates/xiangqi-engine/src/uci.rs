//! The UCI protocol as Pikafish speaks it: FEN as the rules crate reads it, moves in ICCS
//! without a dash (`h2e2`, ranks 0–9).
//!
//! The loop reads commands on its own thread while a search runs on another, so `stop`,
//! `ponderhit`, `isready` and `quit` are answered at once. A line it cannot use gets
//! `info string <problem>` and changes nothing.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name <id> [value <x>]` (`Hash`,
//! `Threads`, `Clear Hash`, `MultiPV`, `Skill Level`, `Move Overhead`, `Ponder`),
//! `position startpos|fen <fen> [moves <m>…]`, `go [depth|nodes|movetime|mate <n>]
//! [wtime|btime|winc|binc <ms>] [movestogo <n>] [infinite] [ponder] [searchmoves <m>…]`,
//! `go perft <n>`, `stop`, `ponderhit`, `quit`, and `d` (print the position).

use std::io::{BufRead, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use xiangqi::{Color, Game, Move, Position, perft, perft_divide};

use crate::search::{Control, Engine, Info, Limits, MAX_DEPTH, MAX_THREADS, Score, SearchResult};
use crate::time::{Budget, Clock};

/// The engine's name in `id name`.
pub const NAME: &str = concat!("parlor-xiangqi ", env!("CARGO_PKG_VERSION"));

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit` was read.
    Quit,
}

/// The engine's options and their UCI declarations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Options {
    hash_mib: usize,
    multipv: usize,
    skill: u8,
    overhead_ms: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: 16,
            multipv: 1,
            skill: 20,
            overhead_ms: 10,
        }
    }
}

const OPTION_LINES: [&str; 7] = [
    "option name Hash type spin default 16 min 1 max 4096",
    "option name Threads type spin default 1 min 1 max 256",
    "option name Clear Hash type button",
    "option name MultiPV type spin default 1 min 1 max 128",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name Ponder type check default false",
];

/// A search running on its own thread.
struct Running {
    control: Arc<Control>,
    /// Set just before the thread prints `bestmove`: from then on the search is over.
    answered: Arc<AtomicBool>,
    handle: JoinHandle<Engine>,
}

/// The protocol state: the position, the options, and the engine (on loan to the search
/// thread while one runs).
pub struct Uci<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    options: Options,
    engine: Option<Engine>,
    running: Option<Running>,
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    // A closed output (the GUI went away) is not the engine's problem to report.
    let mut w = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// `info …` for one line of a search, in Pikafish's field order.
pub fn info_line(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let ms = info.time.as_millis();
    let nps = u128::from(info.nodes) * 1000 / ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {nps} hashfull {} time {ms} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.hashfull,
        pv.join(" ")
    )
}

/// `bestmove …` for a result.
pub fn bestmove_line(result: &SearchResult) -> String {
    match (result.best, result.ponder) {
        (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        (Some(b), None) => format!("bestmove {b}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}

/// Reads the value after a keyword.
fn number<T: FromStr>(key: &str, value: Option<&str>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("{key} needs a value"))?;
    v.parse().map_err(|_| format!("invalid {key} value {v:?}"))
}

impl<W: Write + Send + 'static> Uci<W> {
    /// A fresh engine writing to `out`, at the start position.
    pub fn new(out: W) -> Uci<W> {
        let options = Options::default();
        Uci {
            out: Arc::new(Mutex::new(out)),
            game: Game::default(),
            options,
            engine: Some(Engine::new(options.hash_mib)),
            running: None,
        }
    }

    /// Reads commands until `quit` or the end of the input, then stops any search.
    pub fn run(mut self, input: impl BufRead) {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if self.handle(&line) == Flow::Quit {
                break;
            }
        }
        self.stop();
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn problem(&self, what: &str) {
        self.say(&format!("info string {what}"));
    }

    /// Handles one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.reap();
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                self.say(&format!("id name {NAME}"));
                self.say("id author the parlor developers");
                for l in OPTION_LINES {
                    self.say(l);
                }
                self.say("uciok");
            }
            "isready" => self.say("readyok"),
            "ucinewgame" => {
                if let Some(engine) = self.idle_engine("ucinewgame") {
                    engine.clear();
                    self.game = Game::default();
                }
            }
            "setoption" => self.setoption(&rest),
            "position" => match parse_position(&rest) {
                Ok(game) => self.game = game,
                Err(e) => self.problem(&e),
            },
            "go" => self.go(&rest),
            "stop" => self.stop(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.control.ponderhit();
                }
            }
            "d" => {
                self.say(&self.game.position().ascii());
                self.say(&format!("Fen: {}", self.game.position().fen()));
            }
            "quit" => return Flow::Quit,
            other => self.problem(&format!("unknown command {other:?}")),
        }
        Flow::Continue
    }

    /// Stops a running search (it prints its `bestmove`) and waits for it.
    pub fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.control.stop();
        }
        self.wait();
    }

    /// Waits for a running search to finish on its own.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let engine = r.handle.join().expect("the search thread does not panic");
            self.engine = Some(engine);
        }
    }

    /// Takes the engine back from a search that has answered (a GUI may send the next `go`
    /// as soon as it reads `bestmove`, before the thread has returned).
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.answered.load(Ordering::Acquire) || r.handle.is_finished())
        {
            self.wait();
        }
    }

    /// The engine if no search is running; otherwise says why `what` must wait.
    fn idle_engine(&mut self, what: &str) -> Option<&mut Engine> {
        if self.running.is_some() {
            self.problem(&format!("{what} ignored while searching (send stop first)"));
            return None;
        }
        self.engine.as_mut()
    }

    fn setoption(&mut self, rest: &[&str]) {
        let text = rest.join(" ");
        let Some(spec) = text.strip_prefix("name ") else {
            self.problem("setoption needs: name <id> [value <x>]");
            return;
        };
        let (name, value) = match spec.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (spec.trim(), None),
        };
        let key = name.to_ascii_lowercase();
        let int = |lo: u64, hi: u64| -> Result<u64, String> {
            let v: u64 = number(name, value)?;
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(format!("{name} must be between {lo} and {hi}, got {v}"))
            }
        };
        let result = match key.as_str() {
            "hash" => int(1, 4096).map(|v| {
                let mib = v as usize;
                self.options.hash_mib = mib;
                if let Some(e) = self.idle_engine("setoption Hash") {
                    e.set_hash(mib);
                }
            }),
            "threads" => int(1, MAX_THREADS as u64).map(|v| {
                if let Some(e) = self.idle_engine("setoption Threads") {
                    e.set_threads(v as usize);
                }
            }),
            "clear hash" => {
                if let Some(e) = self.idle_engine("setoption Clear Hash") {
                    e.clear();
                }
                Ok(())
            }
            "multipv" => int(1, 128).map(|v| self.options.multipv = v as usize),
            "skill level" => int(0, 20).map(|v| {
                self.options.skill = v as u8;
                if let Some(e) = self.idle_engine("setoption Skill Level") {
                    e.set_skill(v as u8);
                }
            }),
            "move overhead" => int(0, 5000).map(|v| self.options.overhead_ms = v),
            "ponder" => match value {
                Some("true" | "false") => Ok(()),
                _ => Err("Ponder must be true or false".to_string()),
            },
            _ => Err(format!("unknown option {name:?}")),
        };
        if let Err(e) = result {
            self.problem(&e);
        }
    }

    /// `go`: a malformed line is named first, busy or not; a well-formed one while a search
    /// runs is ignored.
    fn go(&mut self, rest: &[&str]) {
        let parsed = if rest.first() == Some(&"perft") {
            number::<u32>("perft", rest.get(1).copied()).and_then(|depth| {
                if depth > 8 {
                    Err(format!("perft depth {depth} is too deep (at most 8)"))
                } else {
                    Ok(Go::Perft(depth))
                }
            })
        } else {
            parse_go(rest, &self.game, self.options)
                .map(|(limits, ponder)| Go::Search(limits, ponder))
        };
        match parsed {
            Err(e) => self.problem(&e),
            Ok(_) if self.running.is_some() => self.problem("go ignored: already searching"),
            Ok(Go::Perft(depth)) => self.perft(depth),
            Ok(Go::Search(limits, pondering)) => self.search(limits, pondering),
        }
    }

    /// Starts a search in its own thread; `bestmove` is printed when it ends.
    fn search(&mut self, limits: Limits, pondering: bool) {
        let Some(mut engine) = self.engine.take() else {
            return;
        };
        let control = Arc::new(Control::new(pondering));
        let game = self.game.clone();
        let out = Arc::clone(&self.out);
        let shared = Arc::clone(&control);
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let handle = thread::spawn(move || {
            let result = engine.search(&game, &limits, &shared, |info| say(&out, &info_line(info)));
            done.store(true, Ordering::Release);
            say(&out, &bestmove_line(&result));
            engine
        });
        self.running = Some(Running {
            control,
            answered,
            handle,
        });
    }

    fn perft(&self, depth: u32) {
        let pos = *self.game.position();
        let mut total = 0;
        if depth > 0 {
            for (m, n) in perft_divide(&pos, depth) {
                self.say(&format!("{m}: {n}"));
                total += n;
            }
        } else {
            total = perft(&pos, 0);
        }
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
    }
}

/// Parses `startpos|fen <fen> [moves …]` into a game; nothing is changed on error.
fn parse_position(rest: &[&str]) -> Result<Game, String> {
    let moves_at = rest.iter().position(|&w| w == "moves");
    let (spec, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let start = match spec.split_first() {
        Some((&"startpos", [])) => Position::default(),
        Some((&"fen", fen)) if !fen.is_empty() => {
            let text = fen.join(" ");
            Position::from_fen(&text).map_err(|e| format!("invalid fen {text:?}: {e}"))?
        }
        _ => return Err("position needs: startpos | fen <fen> [moves <m>…]".to_string()),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let m: Move = text
            .parse()
            .map_err(|_| format!("move {} {text:?} is not ICCS (like h2e2)", i + 1))?;
        game.play(m).map_err(|_| {
            format!(
                "move {} {text} is illegal in {}",
                i + 1,
                game.position().fen()
            )
        })?;
    }
    Ok(game)
}

/// Parses the `go` arguments; returns the limits and whether to ponder.
/// A well-formed `go`.
enum Go {
    /// `go perft N`.
    Perft(u32),
    /// A search within these limits, pondering or not.
    Search(Limits, bool),
}

fn parse_go(rest: &[&str], game: &Game, options: Options) -> Result<(Limits, bool), String> {
    let mut limits = Limits {
        multipv: options.multipv,
        ..Limits::default()
    };
    let mut pondering = false;
    let mut movetime = None;
    let (mut clocks, mut increments, mut moves_to_go) = ([None; 2], [Duration::ZERO; 2], None);
    let ms = |key: &str, v: Option<&str>| -> Result<Duration, String> {
        // GUIs may send a negative time left when a clock has run out.
        let n: i64 = number(key, v)?;
        Ok(Duration::from_millis(n.max(0) as u64))
    };
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1).copied();
        i += 2;
        match key {
            "depth" => limits.depth = Some(number::<u32>(key, value)?.clamp(1, MAX_DEPTH)),
            "nodes" => limits.nodes = Some(number(key, value)?),
            "mate" => limits.mate = Some(number(key, value)?),
            "movetime" => movetime = Some(ms(key, value)?),
            "wtime" => clocks[0] = Some(ms(key, value)?),
            "btime" => clocks[1] = Some(ms(key, value)?),
            "winc" => increments[0] = ms(key, value)?,
            "binc" => increments[1] = ms(key, value)?,
            "movestogo" => moves_to_go = Some(number(key, value)?),
            "infinite" => {
                limits.infinite = true;
                i -= 1;
            }
            "ponder" => {
                pondering = true;
                i -= 1;
            }
            "searchmoves" => {
                let legal = crate::board::legal_moves(game.position());
                for text in &rest[i - 1..] {
                    let m: Move = text
                        .parse()
                        .map_err(|_| format!("searchmoves: {text:?} is not ICCS"))?;
                    if !legal.contains(&m) {
                        return Err(format!("searchmoves: {m} is not legal here"));
                    }
                    limits.search_moves.push(m);
                }
                break;
            }
            other => return Err(format!("unknown go parameter {other:?}")),
        }
    }
    let overhead = Duration::from_millis(options.overhead_ms);
    let us = usize::from(game.position().turn() == Color::Black);
    limits.budget = match (movetime, clocks[us]) {
        (Some(t), _) => Some(Budget::fixed(t, overhead)),
        (None, Some(time)) => Some(Budget::from_clock(
            Clock {
                time,
                increment: increments[us],
                moves_to_go,
            },
            overhead,
        )),
        (None, None) => None,
    };
    Ok((limits, pondering))
}
