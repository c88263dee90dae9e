//! Xiangqi games for the game-independent [`arena`] crate: an opening suite, players (parlor's
//! engine, the baseline bot, or any external UCI executable), time limits that are enforced,
//! and one game played to a result and a PGN record.
//!
//! A player that sends an illegal or unparsable move, exceeds its time, or crashes loses the
//! game; the record's `Termination` tag says which.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use arena::{GameResult, Outcome as ArenaOutcome, Side, Termination};
use thiserror::Error;
use xiangqi::{Bot, Color, Game, Move, Notation, Outcome, Position, write_pgn};

use crate::search::{Control, Engine, Limits, MAX_THREADS, Score};
use crate::time::{Budget, Clock};

/// One opening: a name and the moves from the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The opening's name.
    pub name: String,
    /// Its moves from the start position.
    pub moves: Vec<Move>,
}

pub use ::arena::ParseOpeningsError;

/// The opening suite committed with this crate (`data/openings.txt`, 58 openings).
pub const OPENINGS: &str = include_str!("../data/openings.txt");

/// Parses a suite: `name | moves` per line, `#` comments and blank lines skipped; every move
/// must be legal from the start position.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, ParseOpeningsError> {
    let mut suite = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |problem: String| ParseOpeningsError {
            line: i + 1,
            problem,
        };
        let (name, moves) = line
            .split_once('|')
            .ok_or_else(|| err("expected `name | moves`".to_string()))?;
        let mut pos = Position::default();
        let mut list = Vec::new();
        for text in moves.split_whitespace() {
            let m: Move = text.parse().map_err(|e| err(format!("{e}")))?;
            pos.play(m)
                .map_err(|_| err(format!("{m} is illegal in {}", pos.fen())))?;
            list.push(m);
        }
        suite.push(Opening {
            name: name.trim().to_string(),
            moves: list,
        });
    }
    Ok(suite)
}

/// Up to `count` distinct openings of `plies` random legal moves from the start position,
/// each kept only if a depth-`depth` search scores it within `max_cp` of even: a varied,
/// balanced suite for self-play (the games that tune the evaluation). The same seed gives the
/// same suite. It gives up after `100 × count` tries, so a suite that cannot be found (no
/// plies, an impossible `max_cp`) comes back short rather than never.
pub fn random_openings(
    count: usize,
    plies: usize,
    depth: u32,
    max_cp: i32,
    seed: u64,
) -> Vec<Opening> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut engine = Engine::new(1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut seen = std::collections::HashSet::new();
    let mut suite = Vec::with_capacity(count);
    for _ in 0..count.saturating_mul(100) {
        if suite.len() == count {
            break;
        }
        let mut game = Game::default();
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            let mut list = xiangqi::MoveList::new();
            game.position().legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.random_range(0..list.len())];
            game.play(m).expect("a legal move");
            moves.push(m);
        }
        if game.outcome().is_some() || !seen.insert(game.position().zobrist_key()) {
            continue;
        }
        engine.clear();
        let result = engine.search(&game, &limits, &Control::default(), |_| {});
        if matches!(result.score, crate::Score::Cp(cp) if cp.abs() <= max_cp) {
            suite.push(Opening {
                name: format!("random {seed}.{}", suite.len() + 1),
                moves,
            });
        }
    }
    suite
}

/// How long a player may think for each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A fixed time per move (`go movetime`); exceeding it by more than the margin loses.
    PerMove(Duration),
    /// A clock with an increment (`go wtime … winc …`); running out loses.
    Clock {
        /// Time at the start of the game.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A fixed depth (`go depth`), with [`DEPTH_TIMEOUT`] as the time limit.
    Depth(u32),
    /// A node budget (`go nodes`), with [`DEPTH_TIMEOUT`] as the time limit.
    Nodes(u64),
}

/// Text that is not a [`Limit`] or a [`PlayerSpec`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ParseSpecError(pub String);

impl std::str::FromStr for Limit {
    type Err = ParseSpecError;

    /// `movetime=MS`, `depth=N`, `nodes=N` or `clock=MS+MS` (base and increment).
    ///
    /// ```
    /// use std::time::Duration;
    /// use xiangqi_engine::arena::Limit;
    /// assert_eq!("movetime=1000".parse(), Ok(Limit::PerMove(Duration::from_secs(1))));
    /// assert_eq!(
    ///     "clock=60000+500".parse(),
    ///     Ok(Limit::Clock { base: Duration::from_secs(60), increment: Duration::from_millis(500) })
    /// );
    /// assert!("depth=x".parse::<Limit>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Limit, ParseSpecError> {
        let bad = || {
            ParseSpecError(format!(
                "invalid limit {text:?} (movetime=MS, depth=N, nodes=N or clock=MS+MS)"
            ))
        };
        let (key, value) = text.split_once('=').ok_or_else(bad)?;
        let ms = |v: &str| v.parse().map(Duration::from_millis).map_err(|_| bad());
        match key {
            "movetime" => ms(value).map(Limit::PerMove),
            "depth" => value.parse().map(Limit::Depth).map_err(|_| bad()),
            "nodes" => value.parse().map(Limit::Nodes).map_err(|_| bad()),
            "clock" => {
                let (base, inc) = value.split_once('+').unwrap_or((value, "0"));
                Ok(Limit::Clock {
                    base: ms(base)?,
                    increment: ms(inc)?,
                })
            }
            _ => Err(bad()),
        }
    }
}

impl PlayerSpec {
    /// `parlor` with optional `:skill=N,hash=MIB,threads=N` settings, `baseline`, or
    /// `uci:COMMAND` (with `options` as `NAME=VALUE` and the engine's rank offset).
    ///
    /// ```
    /// use xiangqi_engine::arena::PlayerSpec;
    /// assert_eq!(
    ///     PlayerSpec::parse("parlor:skill=3,threads=2", &[], 0),
    ///     Ok(PlayerSpec::Parlor { hash_mib: 16, skill: 3, threads: 2 })
    /// );
    /// assert!(PlayerSpec::parse("stockfish", &[], 0).is_err());
    /// ```
    pub fn parse(
        text: &str,
        options: &[String],
        rank_offset: u8,
    ) -> Result<PlayerSpec, ParseSpecError> {
        if let Some(command) = text.strip_prefix("uci:") {
            let options = options
                .iter()
                .map(|o| {
                    o.split_once('=')
                        .map(|(n, v)| (n.to_string(), v.to_string()))
                        .ok_or_else(|| {
                            ParseSpecError(format!("invalid engine option {o:?} (NAME=VALUE)"))
                        })
                })
                .collect::<Result<_, _>>()?;
            return Ok(PlayerSpec::External {
                command: command.to_string(),
                options,
                rank_offset,
            });
        }
        if text == "baseline" {
            return Ok(PlayerSpec::Baseline);
        }
        let settings = match text.split_once(':') {
            Some(("parlor", s)) => s,
            None if text == "parlor" => "",
            _ => {
                return Err(ParseSpecError(format!(
                    "unknown player {text:?} (parlor[:skill=N,hash=MIB,threads=N], baseline or uci:COMMAND)"
                )));
            }
        };
        let (mut hash_mib, mut skill, mut threads) = (16, 20, 1);
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            let bad = || {
                ParseSpecError(format!(
                    "invalid parlor setting {setting:?} (skill=0..20, hash=MIB, threads=N)"
                ))
            };
            match setting.split_once('=').ok_or_else(bad)? {
                ("skill", v) => skill = v.parse().ok().filter(|s| *s <= 20).ok_or_else(bad)?,
                ("hash", v) => {
                    hash_mib = v
                        .parse()
                        .ok()
                        .filter(|h| (1..=4096).contains(h))
                        .ok_or_else(bad)?;
                }
                ("threads", v) => {
                    threads = v
                        .parse()
                        .ok()
                        .filter(|t| (1..=MAX_THREADS).contains(t))
                        .ok_or_else(bad)?;
                }
                _ => return Err(bad()),
            }
        }
        Ok(PlayerSpec::Parlor {
            hash_mib,
            skill,
            threads,
        })
    }
}

/// The time allowed for a move searched to a fixed depth or node count.
pub const DEPTH_TIMEOUT: Duration = Duration::from_secs(120);

/// How late a move may arrive before it counts as a loss on time (process and pipe latency).
pub const TIME_MARGIN: Duration = Duration::from_millis(200);

/// Who plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// parlor's engine in-process.
    Parlor {
        /// Transposition table size.
        hash_mib: usize,
        /// Skill level 0–20.
        skill: u8,
        /// Search threads (Lazy SMP).
        threads: usize,
    },
    /// The rules crate's seeded baseline bot (answers at once, whatever the limit).
    Baseline,
    /// An external UCI engine.
    External {
        /// The executable.
        command: String,
        /// `setoption` pairs sent after `uci`.
        options: Vec<(String, String)>,
        /// Add this to every rank in the moves it reads and subtract it in those it writes:
        /// 0 for Pikafish-style ranks 0–9, 1 for Fairy-Stockfish's ranks 1–10.
        rank_offset: u8,
    },
}

/// A player with its limit and a display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The name in the records.
    pub name: String,
    /// Who plays.
    pub spec: PlayerSpec,
    /// How long it may think.
    pub limit: Limit,
}

/// Why a player lost without the rules deciding.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Failure {
    Timeout,
    Illegal(String),
    Crash(String),
}

/// A running player.
enum Player {
    Parlor(Box<Engine>),
    Baseline(Box<Bot>),
    External(External),
}

/// An external engine process and the lines it prints.
struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    rank_offset: u8,
}

impl External {
    fn start(
        command: &str,
        options: &[(String, String)],
        rank_offset: u8,
    ) -> Result<External, Failure> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| Failure::Crash("empty command".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crash(format!("cannot start {command:?}: {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut ext = External {
            child,
            stdin,
            lines,
            rank_offset,
        };
        ext.send("uci")?;
        ext.wait_for("uciok", Duration::from_secs(10))?;
        for (name, value) in options {
            ext.send(&format!("setoption name {name} value {value}"))?;
        }
        ext.send("isready")?;
        ext.wait_for("readyok", Duration::from_secs(10))?;
        Ok(ext)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crash(format!("engine stdin closed: {e}")))
    }

    /// Waits for a line starting with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, Failure> {
        self.read_until(prefix, timeout, |_| {})
    }

    /// Passes each line to `seen` until one starts with `prefix`; returns that one.
    fn read_until(
        &mut self,
        prefix: &str,
        timeout: Duration,
        mut seen: impl FnMut(&str),
    ) -> Result<String, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(line) => seen(&line),
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Crash("engine exited".into()));
                }
            }
        }
    }

    /// Shifts the ranks of an ICCS move by `delta` (0 or ±offset).
    fn shift(text: &str, delta: i32) -> String {
        let b = text.as_bytes();
        let mut out = String::new();
        let mut i = 0;
        while i < b.len() {
            out.push(b[i] as char);
            let digits: String = text[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            let rank: i32 = digits.parse().unwrap_or(-100);
            out.push_str(&(rank + delta).to_string());
            i += 1 + digits.len();
        }
        out
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Both clocks of a game, by `Color::index()`.
#[derive(Clone, Copy)]
struct Clocks([Duration; 2]);

impl Player {
    fn start(spec: &PlayerSpec, seed: u64) -> Result<Player, Failure> {
        Ok(match spec {
            PlayerSpec::Parlor {
                hash_mib,
                skill,
                threads,
            } => {
                let mut e = Engine::new(*hash_mib);
                e.set_skill(*skill);
                e.set_threads(*threads);
                Player::Parlor(Box::new(e))
            }
            PlayerSpec::Baseline => Player::Baseline(Box::new(Bot::new(seed))),
            PlayerSpec::External {
                command,
                options,
                rank_offset,
            } => {
                let mut ext = External::start(command, options, *rank_offset)?;
                ext.send("ucinewgame")?;
                Player::External(ext)
            }
        })
    }

    /// Asks for a move; returns it (not yet checked for legality) and the time it took.
    fn go(
        &mut self,
        game: &Game,
        limit: Limit,
        clocks: Clocks,
        increment: Duration,
    ) -> Result<(String, Duration), Failure> {
        let start = Instant::now();
        let us = game.position().turn().index();
        let allowed = match limit {
            Limit::PerMove(t) => t + TIME_MARGIN,
            Limit::Clock { .. } => clocks.0[us] + TIME_MARGIN,
            Limit::Depth(_) | Limit::Nodes(_) => DEPTH_TIMEOUT,
        };
        let text = match self {
            Player::Parlor(engine) => {
                let limits = match limit {
                    Limit::PerMove(t) => Limits {
                        budget: Some(Budget::fixed(t, Duration::from_millis(5))),
                        ..Limits::default()
                    },
                    Limit::Clock { .. } => Limits {
                        budget: Some(Budget::from_clock(
                            Clock {
                                time: clocks.0[us],
                                increment,
                                moves_to_go: None,
                            },
                            Duration::from_millis(10),
                        )),
                        ..Limits::default()
                    },
                    Limit::Depth(d) => Limits {
                        depth: Some(d),
                        ..Limits::default()
                    },
                    Limit::Nodes(n) => Limits {
                        nodes: Some(n),
                        ..Limits::default()
                    },
                };
                let r = engine.search(game, &limits, &Control::default(), |_| {});
                r.best
                    .map_or_else(|| "(none)".to_string(), |m| m.to_string())
            }
            Player::Baseline(bot) => bot
                .choose(game.position())
                .map_or_else(|| "(none)".to_string(), |m| m.to_string()),
            Player::External(ext) => {
                let start_fen = game.position_at(0).expect("start").fen();
                let moves: Vec<String> = game
                    .moves()
                    .map(|m| External::shift(&m.to_string(), i32::from(ext.rank_offset)))
                    .collect();
                let position = if moves.is_empty() {
                    format!("position fen {start_fen}")
                } else {
                    format!("position fen {start_fen} moves {}", moves.join(" "))
                };
                ext.send(&position)?;
                let go = match limit {
                    Limit::PerMove(t) => format!("go movetime {}", t.as_millis()),
                    Limit::Clock { .. } => format!(
                        "go wtime {} btime {} winc {} binc {}",
                        clocks.0[0].as_millis(),
                        clocks.0[1].as_millis(),
                        increment.as_millis(),
                        increment.as_millis()
                    ),
                    Limit::Depth(d) => format!("go depth {d}"),
                    Limit::Nodes(n) => format!("go nodes {n}"),
                };
                ext.send(&go)?;
                let line = ext.wait_for("bestmove", allowed)?;
                let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
                External::shift(&text, -i32::from(ext.rank_offset))
            }
        };
        let took = start.elapsed();
        if took > allowed {
            return Err(Failure::Timeout);
        }
        Ok((text, took))
    }
}

/// A teacher for [`crate::tune`]'s labelled positions: parlor's engine or an external UCI
/// engine that scores positions by searching each to a fixed depth.
pub struct Teacher(Player);

impl Teacher {
    /// Starts the player `spec` (the baseline bot has no scores to give).
    pub fn start(spec: &PlayerSpec) -> Result<Teacher, String> {
        if *spec == PlayerSpec::Baseline {
            return Err("the baseline bot cannot score positions".into());
        }
        Player::start(spec, 0)
            .map(Teacher)
            .map_err(|f| failure_text(&f))
    }

    /// The score of `pos` searched to `depth`, for the side to move.
    pub fn score(&mut self, pos: &Position, depth: u32) -> Result<Score, String> {
        match &mut self.0 {
            Player::Parlor(engine) => {
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                let r = engine.search(&Game::new(*pos), &limits, &Control::default(), |_| {});
                Ok(r.score)
            }
            Player::Baseline(_) => Err("the baseline bot cannot score positions".into()),
            Player::External(ext) => {
                let mut score = None;
                ext.send(&format!("position fen {}", pos.fen()))
                    .and_then(|()| ext.send(&format!("go depth {depth}")))
                    .and_then(|()| {
                        ext.read_until("bestmove", DEPTH_TIMEOUT, |line| {
                            score = info_score(line).or(score);
                        })
                    })
                    .map_err(|f| failure_text(&f))?;
                score.ok_or_else(|| "the engine gave no score before its bestmove".into())
            }
        }
    }
}

/// The exact score of the best line in a UCI `info` line (`score cp N` or `score mate N`),
/// if it has one: not a bound, not a second `multipv` line, not in an `info string`.
fn info_score(line: &str) -> Option<Score> {
    // `string` takes the rest of the line as text.
    let words: Vec<&str> = line
        .split_whitespace()
        .take_while(|&w| w != "string")
        .collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|&w| w == key)
            .map(|i| &words[i + 1..])
    };
    if after("multipv").is_some_and(|rest| rest.first() != Some(&"1")) {
        return None;
    }
    let score = match after("score")? {
        [kind, n, rest @ ..] if !rest.first().is_some_and(|w| w.ends_with("bound")) => {
            (*kind, n.parse().ok()?)
        }
        _ => return None,
    };
    match score {
        ("cp", n) => Some(Score::Cp(n)),
        ("mate", n) => Some(Score::Mate(n)),
        _ => None,
    }
}

/// The longest game before the arena adjudicates a draw (the rules' 60-move limit without a
/// capture usually ends a game long before).
pub const MAX_PLIES: usize = 400;

/// Plays one game of the schedule: engine `a` on `side`, from `opening`; returns the result for
/// `a` with the PGN record. `seed` seeds the baseline bot.
pub fn play_game(
    a: &Contender,
    b: &Contender,
    opening: &Opening,
    side: Side,
    round: usize,
    seed: u64,
) -> GameResult {
    let (red, black) = match side {
        Side::First => (a, b),
        Side::Second => (b, a),
    };
    let mut game = Game::default();
    for &m in &opening.moves {
        game.play(m).expect("openings are checked when parsed");
    }
    let contenders = [red, black];
    let mut players = Vec::with_capacity(2);
    let mut termination = None;
    let mut loser = None;
    for (i, c) in contenders.iter().enumerate() {
        match Player::start(&c.spec, seed.wrapping_add(i as u64)) {
            Ok(p) => players.push(p),
            Err(f) => {
                termination = Some(failure_termination(&f, &c.name));
                loser = Some(Color::ALL[i]);
                break;
            }
        }
    }
    let mut clocks = Clocks([Duration::ZERO; 2]);
    for (i, c) in contenders.iter().enumerate() {
        if let Limit::Clock { base, .. } = c.limit {
            clocks.0[i] = base;
        }
    }
    while termination.is_none() {
        if let Some(outcome) = game.outcome() {
            termination = Some(Termination::Rules(outcome.to_string()));
            break;
        }
        if game.len() >= MAX_PLIES {
            termination = Some(Termination::Adjudication(format!("{MAX_PLIES} plies")));
            break;
        }
        let turn = game.position().turn();
        let c = contenders[turn.index()];
        let increment = match c.limit {
            Limit::Clock { increment, .. } => increment,
            _ => Duration::ZERO,
        };
        let answer = players[turn.index()].go(&game, c.limit, clocks, increment);
        let failure = match answer {
            Ok((text, took)) => {
                if let Limit::Clock { .. } = c.limit {
                    clocks.0[turn.index()] =
                        clocks.0[turn.index()].saturating_sub(took) + increment;
                }
                match text.parse::<Move>() {
                    Ok(m) if game.play(m).is_ok() => continue,
                    _ => Failure::Illegal(text),
                }
            }
            Err(f) => f,
        };
        termination = Some(failure_termination(&failure, &c.name));
        loser = Some(turn);
    }
    let termination = termination.expect("the loop ends with a termination");
    if let Some(l) = loser {
        game.resign(l);
    }
    let outcome_for_red = match (loser, game.outcome()) {
        (Some(l), _) => {
            if l == Color::Red {
                ArenaOutcome::Loss
            } else {
                ArenaOutcome::Win
            }
        }
        (
            None,
            Some(Outcome::Win {
                winner: Color::Red, ..
            }),
        ) => ArenaOutcome::Win,
        (None, Some(Outcome::Win { .. })) => ArenaOutcome::Loss,
        (None, _) => ArenaOutcome::Draw,
    };
    if loser.is_none() && game.outcome().is_none() {
        game.agree_draw();
    }
    let outcome = match side {
        Side::First => outcome_for_red,
        Side::Second => outcome_for_red.reversed(),
    };
    let round = (round + 1).to_string();
    let term = termination.to_string();
    let record = write_pgn(
        &game,
        Notation::Iccs,
        &[
            ("Event", "parlor arena"),
            ("Round", &round),
            ("Red", &red.name),
            ("Black", &black.name),
            ("Opening", &opening.name),
            ("Termination", &term),
        ],
    );
    GameResult::new(outcome, termination, record)
}

fn failure_text(f: &Failure) -> String {
    match f {
        Failure::Timeout => "the engine took too long".into(),
        Failure::Illegal(m) => format!("the engine played {m:?}"),
        Failure::Crash(why) => why.clone(),
    }
}

fn failure_termination(f: &Failure, name: &str) -> Termination {
    match f {
        Failure::Timeout => Termination::Timeout,
        Failure::Illegal(m) => Termination::IllegalMove(format!("{name} played {m:?}")),
        Failure::Crash(why) => Termination::EngineFailure(format!("{name}: {why}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_shift_round_trips() {
        assert_eq!(External::shift("h2e2", 1), "h3e3");
        assert_eq!(External::shift("c9e8", 1), "c10e9");
        assert_eq!(External::shift("c10e9", -1), "c9e8");
        assert_eq!(External::shift("(none)", -1).parse::<Move>().ok(), None);
    }

    #[test]
    fn info_lines_give_their_score() {
        let line = "info depth 9 seldepth 12 multipv 1 score cp -35 nodes 9000 pv h2e2";
        assert_eq!(info_score(line), Some(Score::Cp(-35)));
        assert_eq!(
            info_score("info depth 3 score mate -2 pv a0a1"),
            Some(Score::Mate(-2))
        );
        assert_eq!(
            info_score("info depth 1 multipv 1 score cp 7"),
            Some(Score::Cp(7))
        );
        assert_eq!(
            info_score("info score cp 8 string score cp 9"),
            Some(Score::Cp(8))
        );
        for no in [
            "info depth 3 nodes 10",
            "bestmove h2e2",
            "info score cp x",
            "info score",
            "info string score cp 5",
            "info depth 9 multipv 2 score cp 40 pv h2e2",
            "info depth 9 score cp 40 lowerbound nodes 10",
            "info depth 9 score cp 40 upperbound",
        ] {
            assert_eq!(info_score(no), None, "{no}");
        }
    }

    #[test]
    fn a_teacher_scores_for_the_side_to_move() {
        let mut parlor = Teacher::start(&PlayerSpec::Parlor {
            hash_mib: 1,
            skill: 20,
            threads: 1,
        })
        .unwrap();
        // Red's chariot checks on the d-file; the generals may not face on the e-file: mate.
        let mate = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert_eq!(parlor.score(&mate, 3), Ok(Score::Mate(1)));
        assert!(Teacher::start(&PlayerSpec::Baseline).is_err());
        let missing = PlayerSpec::External {
            command: "/nonexistent/engine".into(),
            options: vec![],
            rank_offset: 0,
        };
        assert!(Teacher::start(&missing).is_err());
    }

    #[test]
    fn bad_suites_name_the_line() {
        assert_eq!(
            parse_openings("# c\nok | h2e2\nbad h2e2").unwrap_err(),
            ParseOpeningsError {
                line: 3,
                problem: "expected `name | moves`".into()
            }
        );
        assert!(
            parse_openings("x | h2e2 h2e2")
                .unwrap_err()
                .problem
                .contains("illegal")
        );
    }
}
