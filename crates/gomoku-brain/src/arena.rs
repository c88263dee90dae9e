//! The Gomoku arena over the game-independent [`::arena`] core: [`Player`]s (parlor's
//! brain, a random legal player, any Gomocup brain executable), one game from an opening with
//! the time per move enforced ([`play_game`]), `.psq` records, the 26 canonical renju
//! openings, and [`run_match`] that schedules both colours of every opening in parallel.

use crate::board::SearchBoard;
use crate::search::{Brain, Limits};
use crate::time::TimeControl;
use ::arena::{
    GameResult, Match, Outcome as Score, Pairing, Report, Side, Sprt, Stats, Termination,
};
use gomoku::opening::{CanonicalOpening, OpeningKind};
use gomoku::{Color, FoulPolicy, Outcome, Point, Position, Rule, Settings, psq};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why a player could not give a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// No answer within the time allowed.
    #[error("no answer in time")]
    Timeout,
    /// An answer that is not a move (`ERROR …`, garbage), or a refused command.
    #[error("protocol error: {0}")]
    Protocol(String),
    /// The engine could not be started, or its pipes closed.
    #[error("brain not running: {0}")]
    Crashed(String),
}

/// One side of a game.
pub trait Player {
    /// A short name for records and reports.
    fn name(&self) -> String;
    /// Called once before the player's first move; `turn` is the time per move.
    fn start(&mut self, pos: &Position, turn: Duration) -> Result<(), Failure>;
    /// The move for the side to move in `pos`, reached by `moves` (the game's moves in order,
    /// the opening included, Black first).
    fn play(&mut self, pos: &Position, moves: &[Point]) -> Result<Point, Failure>;
}

/// Parlor's brain, in process, with the time per move the game gives.
#[derive(Debug, Default)]
pub struct Parlor {
    brain: Brain,
    time: TimeControl,
}

impl Player for Parlor {
    fn name(&self) -> String {
        "parlor".to_owned()
    }

    fn start(&mut self, pos: &Position, turn: Duration) -> Result<(), Failure> {
        // Builds the pattern tables now, not in the first move's time.
        SearchBoard::new(pos);
        self.time = TimeControl {
            turn_ms: turn.as_millis() as u64,
            match_ms: 0,
            left_ms: 0,
        };
        self.brain.clear();
        Ok(())
    }

    fn play(&mut self, pos: &Position, _moves: &[Point]) -> Result<Point, Failure> {
        let limits = self.time.limits();
        self.brain
            .think(pos, limits, &AtomicBool::new(false))
            .map(|t| t.best)
            .map_err(|e| Failure::Protocol(e.to_string()))
    }
}

/// A player choosing uniformly among the legal points, seeded.
#[derive(Debug)]
pub struct Random(ChaCha8Rng);

impl Random {
    /// A random player whose choices follow `seed`.
    pub fn new(seed: u64) -> Random {
        Random(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl Player for Random {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn start(&mut self, _pos: &Position, _turn: Duration) -> Result<(), Failure> {
        Ok(())
    }

    fn play(&mut self, pos: &Position, _moves: &[Point]) -> Result<Point, Failure> {
        pos.random_move(&mut self.0)
            .ok_or_else(|| Failure::Protocol("no legal move".to_owned()))
    }
}

/// A Gomocup brain over a pair of pipes (usually a child process's), driven as piskvork
/// does: `START`, the `INFO` limits and rule, `ABOUT` (waited for, untimed), `BOARD` (or
/// `BEGIN`) for its first move, `TURN` after.
pub struct Gomocup {
    name: String,
    to: Box<dyn Write + Send>,
    from: mpsc::Receiver<String>,
    child: Option<Child>,
    turn: Duration,
    grace: Duration,
    /// Whether the brain has been sent the board of this game.
    has_board: bool,
    /// When its last move arrived.
    answered: Instant,
}

/// The least time between a brain's move and the next command to it: some brains (Rapfi
/// 0.43) print their move before they listen again, and drop a `TURN` sent at once.
const SETTLE: Duration = Duration::from_millis(20);

/// Time an engine gets to answer `START` (loading its files).
const START_TIMEOUT: Duration = Duration::from_secs(30);

impl Gomocup {
    /// A brain talking over `from`/`to`, allowed `grace` beyond the time per move before a
    /// move counts as late.
    pub fn over(
        name: &str,
        from: impl Read + Send + 'static,
        to: impl Write + Send + 'static,
        grace: Duration,
    ) -> Gomocup {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(from).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gomocup {
            name: name.to_owned(),
            to: Box::new(to),
            from: rx,
            child: None,
            turn: Duration::ZERO,
            grace,
            has_board: false,
            answered: Instant::now(),
        }
    }

    /// Starts the executable at `path` in its own directory (as piskvork does).
    pub fn spawn(path: &Path, grace: Duration) -> Result<Gomocup, Failure> {
        let crashed = |e: io::Error| Failure::Crashed(format!("{}: {e}", path.display()));
        let path = path.canonicalize().map_err(crashed)?;
        let mut child = Command::new(&path)
            .current_dir(path.parent().unwrap_or(Path::new(".")))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(crashed)?;
        let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
        let name = path
            .file_stem()
            .map_or_else(|| "brain".to_owned(), |s| s.to_string_lossy().into_owned());
        let mut g = Gomocup::over(&name, stdout.expect("piped"), stdin.expect("piped"), grace);
        g.child = Some(child);
        Ok(g)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.to, "{line}")
            .and_then(|()| self.to.flush())
            .map_err(|e| Failure::Crashed(e.to_string()))
    }

    /// The next answer line, skipping `MESSAGE`/`DEBUG`/`SUGGEST` lines.
    fn answer(&mut self, timeout: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.from.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_owned();
                    let word = line.split_whitespace().next().unwrap_or("");
                    if !matches!(word, "" | "MESSAGE" | "DEBUG" | "SUGGEST") {
                        return Ok(line);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => return Err(Failure::Timeout),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Crashed("the brain closed its output".to_owned()));
                }
            }
        }
    }

    fn read_move(&mut self) -> Result<Point, Failure> {
        let line = self.answer(self.turn + self.grace)?;
        self.answered = Instant::now();
        line.parse::<Point>()
            .ok()
            .filter(|_| line.contains(','))
            .ok_or(Failure::Protocol(format!("not a move: {line:?}")))
    }
}

impl Player for Gomocup {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, pos: &Position, turn: Duration) -> Result<(), Failure> {
        self.turn = turn;
        self.has_board = false;
        let b = pos.board();
        let start = if b.width() == b.height() {
            format!("START {}", b.width())
        } else {
            format!("RECTSTART {},{}", b.width(), b.height())
        };
        self.send(&start)?;
        let ok = self.answer(START_TIMEOUT)?;
        if ok != "OK" {
            return Err(Failure::Protocol(format!("{start} answered {ok:?}")));
        }
        let rule = gomoku::Settings::new(pos.rule()).gomocup_rule();
        for info in [
            format!("INFO timeout_turn {}", turn.as_millis()),
            "INFO timeout_match 0".to_owned(),
            "INFO time_left 2147483647".to_owned(),
            "INFO max_memory 268435456".to_owned(),
            "INFO game_type 1".to_owned(),
            format!("INFO rule {rule}"),
        ] {
            self.send(&info)?;
        }
        // A round trip, so that what the brain does on the settings (allocating its hash
        // table) is not counted in its first move.
        self.send("ABOUT")?;
        self.answer(START_TIMEOUT).map(drop)
    }

    fn play(&mut self, pos: &Position, moves: &[Point]) -> Result<Point, Failure> {
        std::thread::sleep(SETTLE.saturating_sub(self.answered.elapsed()));
        match moves.last() {
            Some(p) if self.has_board => self.send(&format!("TURN {}", p.gomocup()))?,
            None => self.send("BEGIN")?,
            Some(_) => {
                // In the order played: brains such as Rapfi replay the list and pass to keep
                // the colours alternating, so a list grouped by colour ends with the wrong
                // side to move.
                let me = pos.to_move();
                self.send("BOARD")?;
                for (i, p) in moves.iter().enumerate() {
                    let field = if Color::ALL[i % 2] == me { 1 } else { 2 };
                    self.send(&format!("{},{field}", p.gomocup()))?;
                }
                self.send("DONE")?;
            }
        }
        self.has_board = true;
        self.read_move()
    }
}

impl Drop for Gomocup {
    fn drop(&mut self) {
        let _ = self.send("END");
        if let Some(child) = self.child.as_mut() {
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What a game is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    /// Rule set (renju fouls lose, as judges rule).
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// How late a move may be before it loses on time.
    pub grace: Duration,
}

/// A finished game: the winner (`None`: draw), why it ended and its `.psq` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The winning colour.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
    /// The moves, opening included.
    pub moves: Vec<Point>,
    /// Piskvork's `.psq` form: a `Piskvorky WxH, 11:11, 0` header, one `x,y,ms` line per
    /// move (1-based coordinates), the two players' names and `-1`.
    pub record: String,
}

/// Plays one game from `opening` (moves, Black first); `turn` is Black's and White's time
/// per move. Illegal moves, failures and late answers lose.
pub fn play_game<'p>(
    spec: &GameSpec,
    opening: &[Point],
    black: &'p mut dyn Player,
    white: &'p mut dyn Player,
    turn: [Duration; 2],
) -> Played {
    let players: [&'p mut dyn Player; 2] = [black, white];
    let settings = Settings::new(spec.rule).with_foul_policy(FoulPolicy::Lose);
    let mut pos = Position::new(spec.size, spec.size, settings).expect("a supported size");
    let mut moves = Vec::new();
    let mut times = Vec::new();
    let names = [players[0].name(), players[1].name()];
    let finish = |winner, termination, moves: Vec<Point>, times: &[u64]| {
        let record = psq::write_timed(spec.size, spec.size, &moves, times, &[&names[0], &names[1]]);
        Played {
            winner,
            termination,
            moves,
            record,
        }
    };
    for &p in opening {
        if pos.play(p).is_err() {
            return finish(
                None,
                Termination::Adjudication(format!("bad opening move {p}")),
                moves,
                &times,
            );
        }
        moves.push(p);
        times.push(0);
    }
    let mut started = [false; 2];
    loop {
        let side = pos.to_move().index();
        let loses = Some(pos.to_move().other());
        if !started[side] {
            if let Err(e) = players[side].start(&pos, turn[side]) {
                return finish(
                    loses,
                    Termination::EngineFailure(e.to_string()),
                    moves,
                    &times,
                );
            }
            started[side] = true;
        }
        let t0 = Instant::now();
        let answer = players[side].play(&pos, &moves);
        let took = t0.elapsed();
        let p = match answer {
            Ok(p) => p,
            Err(Failure::Timeout) => return finish(loses, Termination::Timeout, moves, &times),
            Err(e) => {
                return finish(
                    loses,
                    Termination::EngineFailure(e.to_string()),
                    moves,
                    &times,
                );
            }
        };
        if took > turn[side] + spec.grace {
            return finish(loses, Termination::Timeout, moves, &times);
        }
        let outcome = match pos.play(p) {
            Ok(o) => o,
            Err(e) => {
                return finish(
                    loses,
                    Termination::IllegalMove(format!("{p}: {e}")),
                    moves,
                    &times,
                );
            }
        };
        moves.push(p);
        times.push(u64::try_from(took.as_millis()).unwrap_or(u64::MAX));
        match outcome {
            None => {}
            Some(Outcome::Draw) => {
                return finish(None, Termination::Rules("full board".into()), moves, &times);
            }
            Some(o) => return finish(o.winner(), Termination::Rules(o.to_string()), moves, &times),
        }
    }
}

/// The 26 canonical renju openings of the rules crate (RIF order, D1–D13 then I1–I13) as
/// three moves around the centre of a `size` board (at least 5×5).
pub fn openings(size: u8) -> Vec<Vec<Point>> {
    let c = Point::center(size, size);
    let at = |(dx, dy): (i32, i32)| c.offset(dx, dy).expect("within two points of the centre");
    CanonicalOpening::ALL
        .iter()
        .map(|o| {
            let white = match o.kind {
                OpeningKind::Direct => (0, 1),
                OpeningKind::Indirect => (1, 1),
            };
            vec![c, at(white), at((o.third.0.into(), o.third.1.into()))]
        })
        .collect()
}

pub use ::arena::ParseOpeningsError;

/// Parses an opening suite: one opening per line, its moves from the empty `size` board in
/// the rules crate's notation (`h8 h9 j10` or Gomocup's `7,7 7,8 9,9`); `#` starts a comment
/// and blank lines are skipped; every move must be legal under `rule` and no opening may end
/// the game.
pub fn parse_openings(
    text: &str,
    size: u8,
    rule: Rule,
) -> Result<Vec<Vec<Point>>, ParseOpeningsError> {
    let mut suite = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let err = |problem: String| ParseOpeningsError {
            line: i + 1,
            problem,
        };
        let moves = gomoku::parse_moves(line).map_err(|e| err(e.to_string()))?;
        let mut pos = Position::new(size, size, rule).map_err(|e| err(e.to_string()))?;
        for &m in &moves {
            match pos.play(m) {
                Ok(None) => {}
                Ok(Some(_)) => return Err(err(format!("{m} ends the game"))),
                Err(e) => return Err(err(format!("{m}: {e}"))),
            }
        }
        suite.push(moves);
    }
    Ok(suite)
}

/// Five-stone extensions of `openings` (three-stone ones such as [`openings`] gives), White to
/// move, that parlor scores close to even: White's fourth stone parlor's choice and Black's
/// fifth the point within three of the centre whose position scores nearest 0 for White, all
/// at `depth` plies (no clock, so the suite is the same on every machine).
pub fn balanced_openings(
    openings: Vec<Vec<Point>>,
    size: u8,
    rule: Rule,
    depth: u32,
) -> Vec<Vec<Point>> {
    let limits = Limits {
        time: None,
        depth: Some(depth),
        soft: None,
    };
    let stop = AtomicBool::new(false);
    let mut brain = Brain::new(16 << 20);
    let centre = Point::center(size, size);
    openings
        .into_iter()
        .filter_map(|mut moves| {
            let mut pos = Position::new(size, size, rule).ok()?;
            for &m in &moves {
                pos.play(m).ok()?;
            }
            let fourth = brain.think(&pos, limits, &stop).ok()?.best;
            pos.play(fourth).ok()?;
            moves.push(fourth);
            let mut best: Option<(i32, Point)> = None;
            for dy in -3..=3 {
                for dx in -3..=3 {
                    let Some(p) = centre.offset(dx, dy) else {
                        continue;
                    };
                    let mut next = pos.clone();
                    if !matches!(next.play(p), Ok(None)) {
                        continue;
                    }
                    brain.clear();
                    let Ok(t) = brain.think(&next, limits, &stop) else {
                        continue;
                    };
                    if best.is_none_or(|(s, _)| t.score.abs() < s) {
                        best = Some((t.score.abs(), p));
                    }
                }
            }
            moves.push(best?.1);
            Some(moves)
        })
        .collect()
}

/// A match between players A and B.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The games' rule, size and grace.
    pub game: GameSpec,
    /// Time per move of A and of B.
    pub turn: [Duration; 2],
    /// The openings, each played once with either colour per round.
    pub openings: Vec<Vec<Point>>,
    /// Rounds over the openings.
    pub rounds: usize,
    /// Games played at once.
    pub threads: usize,
    /// Stop early when this test decides.
    pub sprt: Option<Sprt>,
}

/// Makes a fresh player for a game (the argument is the game's number, for seeds).
pub type Factory<'a> = &'a (dyn Fn(usize) -> Result<Box<dyn Player>, Failure> + Sync);

/// Plays the match, calling `on_game` after each game (in the order games finish).
pub fn run_match(
    spec: &MatchSpec,
    a: Factory,
    b: Factory,
    mut on_game: impl FnMut(&Pairing, &GameResult, &Stats),
) -> Report {
    let mut m = Match::new(spec.openings.len(), spec.rounds).threads(spec.threads);
    if let Some(s) = spec.sprt {
        m = m.sprt(s);
    }
    m.run(
        |pairing| {
            let opening = &spec.openings[pairing.opening];
            let (pa, pb) = match (a(pairing.game), b(pairing.game)) {
                (Ok(pa), Ok(pb)) => (pa, pb),
                (Err(e), _) => {
                    return GameResult::new(
                        Score::Loss,
                        Termination::EngineFailure(e.to_string()),
                        String::new(),
                    );
                }
                (_, Err(e)) => {
                    return GameResult::new(
                        Score::Win,
                        Termination::EngineFailure(e.to_string()),
                        String::new(),
                    );
                }
            };
            let (mut pa, mut pb) = (pa, pb);
            let a_black = pairing.a_side == Side::First;
            let [turn_a, turn_b] = spec.turn;
            let played = if a_black {
                play_game(
                    &spec.game,
                    opening,
                    pa.as_mut(),
                    pb.as_mut(),
                    [turn_a, turn_b],
                )
            } else {
                play_game(
                    &spec.game,
                    opening,
                    pb.as_mut(),
                    pa.as_mut(),
                    [turn_b, turn_a],
                )
            };
            let a_color = if a_black { Color::Black } else { Color::White };
            let score = match played.winner {
                None => Score::Draw,
                Some(c) if c == a_color => Score::Win,
                Some(_) => Score::Loss,
            };
            GameResult::new(score, played.termination, played.record)
        },
        |p, r, s| on_game(p, r, s),
    )
}
