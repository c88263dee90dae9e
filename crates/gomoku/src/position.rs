//! [`Position`]: a validated position under a rule set, with checked and unchecked moves;
//! [`Setup`]: its unvalidated description.

use crate::board::{Board, DIRECTIONS, SizeError};
use crate::illegal::IllegalMove;
use crate::point::{Color, Point};
use crate::renju;
use crate::rule::{Foul, FoulPolicy, Rule, Settings};
use crate::set::PointSet;
use std::fmt;

/// A straight row of stones from `start` to `end` (inclusive), e.g. a winning five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Line {
    /// One end (the lower-left end for rows and diagonals).
    pub start: Point,
    /// The other end.
    pub end: Point,
}

impl Line {
    /// Number of points.
    pub fn len(&self) -> usize {
        let dx = (i32::from(self.end.x()) - i32::from(self.start.x())).abs();
        let dy = (i32::from(self.end.y()) - i32::from(self.start.y())).abs();
        dx.max(dy) as usize + 1
    }

    /// Always false: a line has at least one point.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The points from `start` to `end`.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let sx = (i32::from(self.end.x()) - i32::from(self.start.x())).signum();
        let sy = (i32::from(self.end.y()) - i32::from(self.start.y())).signum();
        let start = self.start;
        (0..self.len() as i32).filter_map(move |k| start.offset(k * sx, k * sy))
    }

    /// Whether `p` is one of the points.
    pub fn contains(&self, p: Point) -> bool {
        self.points().any(|q| q == p)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.start, self.end)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// `winner` made a winning row, `line`.
    Five {
        /// Who won.
        winner: Color,
        /// The winning row (the whole run, which may be longer than five where that wins).
        line: Line,
    },
    /// Black played a forbidden point under renju with [`FoulPolicy::Lose`]: White wins.
    Foul {
        /// The forbidden point.
        at: Point,
        /// Why it is forbidden.
        foul: Foul,
    },
    /// The board is full and nobody won.
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Five { winner, .. } => Some(*winner),
            Outcome::Foul { .. } => Some(Color::White),
            Outcome::Draw => None,
        }
    }

    /// The winning row, if the game was won by one.
    pub const fn line(&self) -> Option<Line> {
        match self {
            Outcome::Five { line, .. } => Some(*line),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Five { winner, line } => write!(f, "{winner} wins by five ({line})"),
            Outcome::Foul { at, foul } => write!(f, "white wins: black foul at {at} ({foul})"),
            Outcome::Draw => f.write_str("draw: the board is full"),
        }
    }
}

/// A validated position: board, rule settings, side to move and the outcome if the game has
/// ended.
///
/// [`Position::play`] checks a move and returns a [`IllegalMove`] without touching the position;
/// [`Position::play_unchecked`]/[`Position::unplay_unchecked`] are the fast make/unmake pair
/// for search and playouts (win detection included). Move history lives in
/// [`Game`](crate::Game).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    settings: Settings,
    to_move: Color,
    outcome: Option<Outcome>,
}

impl Position {
    /// An empty `width`×`height` board, Black to move.
    pub fn new(
        width: u8,
        height: u8,
        settings: impl Into<Settings>,
    ) -> Result<Position, SizeError> {
        Ok(Position {
            board: Board::new(width, height)?,
            settings: settings.into(),
            to_move: Color::Black,
            outcome: None,
        })
    }

    /// The board.
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The rule settings.
    pub const fn settings(&self) -> Settings {
        self.settings
    }

    /// The rule set.
    pub const fn rule(&self) -> Rule {
        self.settings.rule
    }

    /// The side to move.
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The outcome, once the game has ended.
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        self.outcome.and_then(|o| o.winner())
    }

    /// The winning row, if the game was won by one.
    pub fn winning_line(&self) -> Option<Line> {
        self.outcome.and_then(|o| o.line())
    }

    /// Whether Black is restricted (renju).
    const fn has_fouls(&self) -> bool {
        matches!(self.settings.rule, Rule::Renju)
    }

    /// The foul Black would commit on the empty point `p`, under renju; `None` under other
    /// rules, for occupied or off-board points, and for allowed points.
    pub fn foul_at(&self, p: Point) -> Option<Foul> {
        if !self.has_fouls() || !self.board.is_empty_at(p) {
            return None;
        }
        renju::foul_at(&mut self.board.clone(), p, self.settings.three_at_five)
    }

    /// Every point forbidden for Black in this position (empty under rules other than renju),
    /// whoever is to move.
    pub fn forbidden_points(&self) -> PointSet {
        if self.has_fouls() {
            renju::forbidden_points(&self.board, self.settings.three_at_five)
        } else {
            PointSet::new()
        }
    }

    /// The points the side to move may play: every empty point, minus Black's forbidden points
    /// under renju with [`FoulPolicy::Refuse`]; empty once the game is over.
    pub fn legal_moves(&self) -> PointSet {
        if self.is_over() {
            return PointSet::new();
        }
        let empty = self.board.empty_points();
        if self.to_move == Color::Black
            && self.has_fouls()
            && self.settings.foul_policy == FoulPolicy::Refuse
        {
            empty.difference(&self.forbidden_points())
        } else {
            empty
        }
    }

    /// A uniformly random legal move (seeded randomness only: pass e.g. a
    /// `rand_chacha::ChaCha8Rng`), or `None` if there is none.
    pub fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        let legal = self.legal_moves();
        let n = legal.len();
        if n == 0 {
            return None;
        }
        legal.iter().nth(rng.random_range(0..n))
    }

    /// Checks that the side to move may play `p`, without playing it.
    pub fn check(&self, p: Point) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.board.contains(p) {
            return Err(IllegalMove::OffBoard(p));
        }
        if self.board.get(p).is_some() {
            return Err(IllegalMove::Occupied(p));
        }
        if self.to_move == Color::Black
            && self.settings.foul_policy == FoulPolicy::Refuse
            && let Some(foul) = self.foul_at(p)
        {
            return Err(IllegalMove::Forbidden { at: p, foul });
        }
        Ok(())
    }

    /// Plays `p` for the side to move, returning the outcome if the move ends the game.
    /// On error nothing changes.
    pub fn play(&mut self, p: Point) -> Result<Option<Outcome>, IllegalMove> {
        self.check(p)?;
        Ok(self.play_unchecked(p))
    }

    /// Plays `p` for the side to move without legality checks, detecting a win, a draw and
    /// (renju with [`FoulPolicy::Lose`]) a foul. Returns the outcome if the game ends.
    ///
    /// # Panics
    /// In debug builds, if `p` is off the board or occupied. Playing after the game has ended,
    /// or a forbidden point under [`FoulPolicy::Refuse`], is the caller's mistake and gives an
    /// unspecified (but memory-safe) position.
    #[inline]
    pub fn play_unchecked(&mut self, p: Point) -> Option<Outcome> {
        let color = self.to_move;
        let foul = if color == Color::Black
            && self.has_fouls()
            && self.settings.foul_policy == FoulPolicy::Lose
        {
            renju::foul_at(&mut self.board, p, self.settings.three_at_five)
        } else {
            None
        };
        self.board.place_unchecked(p, color);
        self.to_move = color.other();
        self.outcome = if let Some(foul) = foul {
            Some(Outcome::Foul { at: p, foul })
        } else if let Some(line) = self.winning_line_through(p, color) {
            Some(Outcome::Five {
                winner: color,
                line,
            })
        } else if self.board.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        };
        self.outcome
    }

    /// Takes back the stone on `p`, which must be the last move played.
    ///
    /// # Panics
    /// In debug builds, if `p` does not hold a stone of the side that moved last.
    #[inline]
    pub fn unplay_unchecked(&mut self, p: Point) {
        let color = self.to_move.other();
        self.board.remove_unchecked(p, color);
        self.to_move = color;
        self.outcome = None;
    }

    /// The winning row through `p` for `color` (whose stone is on `p`), if there is one.
    #[inline]
    fn winning_line_through(&self, p: Point, color: Color) -> Option<Line> {
        let black = color == Color::Black;
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let run = self.board.run(p, color, d);
            let len = run.0 + run.1 + 1;
            if len < 5 {
                continue;
            }
            let blocked = matches!(self.settings.rule, Rule::Caro | Rule::CaroOverline)
                && self.board.blocked_both(p, color.other(), d, run);
            if self.settings.rule.run_wins(black, len, blocked) {
                let (b, a) = (run.0 as i32, run.1 as i32);
                let start = p.offset(-b * dx, -b * dy)?;
                let end = p.offset(a * dx, a * dy)?;
                return Some(Line { start, end });
            }
        }
        None
    }

    /// A text diagram of the board (see [`Board::diagram`]).
    pub fn diagram(&self) -> String {
        self.board.diagram()
    }

    /// The unvalidated description of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            width: self.board.width(),
            height: self.board.height(),
            black: self.board.points(Color::Black).iter().collect(),
            white: self.board.points(Color::White).iter().collect(),
            to_move: Some(self.to_move),
            settings: self.settings,
        }
    }

    /// Builds a position from a [`Setup`], validating it.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut board = Board::new(setup.width, setup.height).map_err(SetupError::Size)?;
        for (color, list) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
            for &p in list {
                if !board.contains(p) {
                    return Err(SetupError::OffBoard(p));
                }
                if board.get(p).is_some() {
                    return Err(SetupError::Duplicate(p));
                }
                board.place_unchecked(p, color);
            }
        }
        let to_move =
            setup
                .to_move
                .unwrap_or(if board.count(Color::Black) > board.count(Color::White) {
                    Color::White
                } else {
                    Color::Black
                });
        let pos = Position {
            board,
            settings: setup.settings,
            to_move,
            outcome: None,
        };
        for color in Color::ALL {
            for p in pos.board.points(color) {
                if let Some(line) = pos.winning_line_through(p, color) {
                    return Err(SetupError::Finished {
                        winner: color,
                        line,
                    });
                }
            }
        }
        if pos.board.is_full() {
            return Err(SetupError::Full);
        }
        Ok(pos)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position {}x{} {} {} to move{}",
            self.board.width(),
            self.board.height(),
            self.settings.rule,
            self.to_move,
            match self.outcome {
                Some(o) => format!(" ({o})"),
                None => String::new(),
            }
        )?;
        fmt::Display::fmt(&self.board, f)
    }
}

impl TryFrom<&Setup> for Position {
    type Error = SetupError;
    fn try_from(s: &Setup) -> Result<Position, SetupError> {
        Position::from_setup(s)
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;
    fn try_from(s: Setup) -> Result<Position, SetupError> {
        Position::from_setup(&s)
    }
}

/// An unvalidated position: size, stone lists, side to move and settings. Any content is
/// allowed here; [`Position::from_setup`] says what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Setup {
    /// Columns (5..=32).
    pub width: u8,
    /// Rows (5..=32).
    pub height: u8,
    /// Black stones.
    pub black: Vec<Point>,
    /// White stones.
    pub white: Vec<Point>,
    /// Side to move; `None` means White if Black has more stones, else Black.
    pub to_move: Option<Color>,
    /// Rule settings.
    pub settings: Settings,
}

impl Setup {
    /// An empty `width`×`height` setup.
    pub fn empty(width: u8, height: u8, settings: impl Into<Settings>) -> Setup {
        Setup {
            width,
            height,
            black: Vec::new(),
            white: Vec::new(),
            to_move: None,
            settings: settings.into(),
        }
    }

    /// Reads a board diagram: one text line per row, top row first. In each line a leading
    /// row number is ignored, then every non-blank character is a cell: `X`/`x`/`●`/`B` black,
    /// `O`/`o`/`○`/`W` white, `.`/`+`/`·`/`-` empty. Blank lines and a column-letter line
    /// (only lowercase letters and spaces) are skipped. All rows must have the same width.
    pub fn from_diagram(text: &str, settings: impl Into<Settings>) -> Result<Setup, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.chars().all(|c| c.is_ascii_lowercase() || c == ' ') {
                continue;
            }
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
            let mut row = Vec::new();
            for c in t.chars().filter(|c| !c.is_whitespace()) {
                row.push(match c {
                    'X' | 'x' | '●' | 'B' => Some(Color::Black),
                    'O' | 'o' | '○' | 'W' => Some(Color::White),
                    '.' | '+' | '·' | '-' => None,
                    _ => {
                        return Err(DiagramError::BadCell {
                            line: i + 1,
                            found: c,
                        });
                    }
                });
            }
            if let Some(first) = rows.first()
                && first.len() != row.len()
            {
                return Err(DiagramError::Ragged { line: i + 1 });
            }
            rows.push(row);
        }
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if !(5..=32).contains(&width) || !(5..=32).contains(&height) {
            return Err(DiagramError::Size(SizeError {
                width: width as u32,
                height: height as u32,
            }));
        }
        let mut setup = Setup::empty(width as u8, height as u8, settings);
        for (r, row) in rows.iter().enumerate() {
            let y = (height - 1 - r) as u8;
            for (x, cell) in row.iter().enumerate() {
                match cell {
                    Some(Color::Black) => setup.black.push(Point::new(x as u8, y)),
                    Some(Color::White) => setup.white.push(Point::new(x as u8, y)),
                    None => {}
                }
            }
        }
        Ok(setup)
    }
}

/// Why a diagram could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// A character that is not a stone or an empty mark.
    #[error("line {line}: unexpected character {found:?} in a board diagram")]
    BadCell {
        /// 1-based line of the text.
        line: usize,
        /// The character.
        found: char,
    },
    /// A row of a different width from the first.
    #[error("line {line}: row width differs from the first row")]
    Ragged {
        /// 1-based line of the text.
        line: usize,
    },
    /// The diagram's size is not 5..=32 each way.
    #[error(transparent)]
    Size(SizeError),
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Unsupported board size.
    #[error(transparent)]
    Size(SizeError),
    /// A stone off the board.
    #[error("stone at {0} is off the board")]
    OffBoard(Point),
    /// Two stones on one point.
    #[error("two stones on {0}")]
    Duplicate(Point),
    /// Somebody has already won.
    #[error("{winner} has already won ({line})")]
    Finished {
        /// The colour with a winning row.
        winner: Color,
        /// The row.
        line: Line,
    },
    /// No empty point is left.
    #[error("the board is full")]
    Full,
}
