//! [`Position`]: a validated position with legal move generation, play and outcome.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::moves::{Move, MoveList};
use crate::setup::{ParseFenError, Setup};
use crate::tables::{
    ADVISOR_MOVES, DIAGONAL_NEIGHBOURS, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS,
    HORSE_MOVES, RAYS, SOLDIER_ATTACKERS, SOLDIER_MOVES,
};
use crate::types::{Color, Piece, Role, Square};
use crate::zobrist;

// Board codes (see `Piece::code`): role + 1, plus 8 for Black.
const GENERAL: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const CHARIOT: u8 = 5;
const CANNON: u8 = 6;
const SOLDIER: u8 = 7;

/// The most pieces one side may have, even under [`Validation::Permissive`]: as many as a
/// side starts with.
pub const MAX_PIECES_PER_SIDE: usize = 16;

/// How strictly [`Position::from_setup`] checks a [`Setup`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Validation {
    /// Everything a position reached from the start position must satisfy: piece counts,
    /// every piece on a point it can reach, generals not facing, the side not to move not in
    /// check.
    #[default]
    Strict,
    /// For composed puzzles: up to [`MAX_PIECES_PER_SIDE`] pieces a side of any roles on any
    /// points, except that each side has exactly one general inside its palace, the generals
    /// do not face each other and the side not to move is not in check (otherwise the game
    /// could not go on).
    Permissive,
}

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no general.
    #[error("{0} has no general")]
    MissingGeneral(Color),
    /// A side has more pieces than a side starts with ([`MAX_PIECES_PER_SIDE`]), which
    /// even permissive validation refuses: it bounds the legal move list ([`MAX_MOVES`]).
    ///
    /// [`MAX_MOVES`]: crate::MAX_MOVES
    #[error("{color} has {count} pieces (at most {MAX_PIECES_PER_SIDE})")]
    TooManyPiecesOnSide {
        /// Whose pieces.
        color: Color,
        /// How many there are.
        count: usize,
    },
    /// A side has more pieces of a role than the game has.
    #[error("{color} has {count} pieces of role {role} (at most {max})", max = role.max_count())]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// Which role.
        role: Role,
        /// How many there are.
        count: usize,
    },
    /// A general outside its palace.
    #[error("general on {0} is outside its palace")]
    GeneralOutsidePalace(Square),
    /// An advisor off the five palace points it can reach.
    #[error("advisor on {0} is off the points an advisor can reach")]
    AdvisorOffPoint(Square),
    /// An elephant off the seven points it can reach.
    #[error("elephant on {0} is off the points an elephant can reach")]
    ElephantOffPoint(Square),
    /// A soldier behind its start rank or on an unreachable point before the river.
    #[error("soldier on {0} is on a point a soldier cannot reach")]
    SoldierOffPoint(Square),
    /// The two generals face each other on an open file.
    #[error("the generals face each other")]
    GeneralsFacing,
    /// The side that is not to move is in check (it would be captured).
    #[error("{0}, not to move, is in check")]
    OpponentInCheck(Color),
}

/// A FEN that does not give a playable position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not FEN syntax.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// Valid syntax, but not a playable position.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Why a move is not legal: the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum IllegalMoveReason {
    /// No piece stands on the point the move starts from.
    #[error("there is no piece on its starting point")]
    NoPiece,
    /// The piece on the starting point belongs to the side not to move.
    #[error("that piece is not yours")]
    NotYourPiece,
    /// The target holds a piece of the mover's own side.
    #[error("it would capture a piece of your own")]
    CapturesOwnPiece,
    /// The piece never moves that way (wrong shape, out of the palace, across the river,
    /// a soldier backwards or sideways before the river).
    #[error("a {0} does not move that way")]
    NotThatPiecesMove(Role),
    /// A horse move whose leg (the point next to the horse) is occupied.
    #[error("the horse's leg is blocked")]
    LegBlocked,
    /// An elephant move whose eye (the point between) is occupied.
    #[error("the elephant's eye is blocked")]
    EyeBlocked,
    /// A chariot or cannon move with a piece in the way.
    #[error("a piece stands in the way")]
    PathBlocked,
    /// A cannon capture with no piece to jump.
    #[error("a cannon captures only by jumping a screen, and there is none")]
    NoScreen,
    /// A cannon capture over more than one piece.
    #[error("a cannon captures by jumping exactly one screen, and there are several")]
    TooManyScreens,
    /// After the move the mover's general would be attacked.
    #[error("it leaves your general attacked")]
    LeavesGeneralAttacked,
    /// After the move the generals would face each other on an open file.
    #[error("the generals would face each other")]
    GeneralsWouldFace,
    /// The game is already over ([`Game::play`](crate::Game::play) only).
    #[error("the game is over")]
    GameOver,
}

/// Why [`Position::play`] or [`Game::play`](crate::Game::play) refused a move: the move and
/// the rule it breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[error("{mv} is illegal: {reason}")]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
    /// Why it is refused.
    pub reason: IllegalMoveReason,
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser is not in check but has no legal move (a loss in xiangqi, not a draw).
    Stalemate,
    /// The loser checked perpetually (a repetition rule).
    PerpetualCheck,
    /// The loser chased perpetually (Asian/WXF repetition rule).
    PerpetualChase,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// A position repeated without a forbidden perpetual.
    Repetition,
    /// The natural move limit without a capture was reached.
    MoveLimit,
    /// Neither side has a piece that can cross the river (chariot, horse, cannon, soldier).
    InsufficientMaterial,
    /// The players agreed.
    Agreement,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// The rule that decided it.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The PGN result: `1-0` (Red won), `0-1` or `1/2-1/2`.
    pub const fn result_str(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::Red, ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Stalemate => "stalemate (no legal move loses)",
                    WinReason::PerpetualCheck => "perpetual check by the loser",
                    WinReason::PerpetualChase => "perpetual chase by the loser",
                    WinReason::Resignation => "resignation",
                };
                write!(f, "{winner} wins by {why}")
            }
            Outcome::Draw(reason) => {
                let why = match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::MoveLimit => "the move limit without capture",
                    DrawReason::InsufficientMaterial => "insufficient material",
                    DrawReason::Agreement => "agreement",
                };
                write!(f, "draw by {why}")
            }
        }
    }
}

/// A legal xiangqi position: board, side to move, counters and its Zobrist key.
///
/// Built only from a validated [`Setup`] (or FEN); [`Default`] is the start position. It is a
/// small `Copy` value, so search and perft copy it instead of undoing moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; 90],
    occupied: [u128; 2],
    generals: [u8; 2],
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    zobrist: u64,
}

#[inline]
const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

#[inline]
const fn code_color(code: u8) -> usize {
    (code >> 3) as usize
}

/// True if the generals (Red's, Black's) stand on one file with nothing between them.
fn facing(board: &[u8; 90], generals: [u8; 2]) -> bool {
    let (r, b) = (generals[0] as usize, generals[1] as usize);
    r % 9 == b % 9 && (r + 9..b).step_by(9).all(|s| board[s] == 0)
}

/// True if the general on `k` is attacked by `them` (check, or facing the enemy general).
#[inline]
#[allow(clippy::many_single_char_names)] // k(ing), h(orses), s(oldiers), p(iece), d(irection)
fn attacked(board: &[u8; 90], k: usize, them: usize) -> bool {
    let tb = (them as u8) << 3;
    let horse = tb | HORSE;
    let h = &HORSE_ATTACKERS[k];
    for i in 0..h.len as usize {
        if board[h.to[i] as usize] == horse && board[h.via[i] as usize] == 0 {
            return true;
        }
    }
    let soldier = tb | SOLDIER;
    let s = &SOLDIER_ATTACKERS[them][k];
    for i in 0..s.len as usize {
        if board[s.to[i] as usize] == soldier {
            return true;
        }
    }
    let chariot = tb | CHARIOT;
    let cannon = tb | CANNON;
    let general = tb | GENERAL;
    for (d, ray) in RAYS[k].iter().enumerate() {
        let n = ray.len as usize;
        let mut i = 0;
        while i < n && board[ray.to[i] as usize] == 0 {
            i += 1;
        }
        if i == n {
            continue;
        }
        let p = board[ray.to[i] as usize];
        if p == chariot || (d < 2 && p == general) {
            return true;
        }
        i += 1;
        while i < n && board[ray.to[i] as usize] == 0 {
            i += 1;
        }
        if i < n && board[ray.to[i] as usize] == cannon {
            return true;
        }
    }
    false
}

/// Generation context: a scratch copy of the board for make/test/unmake.
struct Gen<'a> {
    board: [u8; 90],
    us: usize,
    them: usize,
    general: usize,
    risky_from: u128,
    risky_to: u128,
    list: &'a mut MoveList,
}

impl Gen<'_> {
    /// Is the general safe after moving `from` → `to`, with the general then on `k`?
    #[inline]
    fn safe(&mut self, from: usize, to: usize, k: usize) -> bool {
        let captured = self.board[to];
        self.board[to] = self.board[from];
        self.board[from] = 0;
        let ok = !attacked(&self.board, k, self.them);
        self.board[from] = self.board[to];
        self.board[to] = captured;
        ok
    }

    #[inline]
    fn add(&mut self, from: usize, to: usize, risky: bool) {
        if !(risky || self.risky_to & bit(to) != 0) || self.safe(from, to, self.general) {
            self.list.push(Move::new(
                Square::from_index_unchecked(from as u8),
                Square::from_index_unchecked(to as u8),
            ));
        }
    }

    #[inline]
    fn not_own(&self, to: usize) -> bool {
        let c = self.board[to];
        c == 0 || code_color(c) != self.us
    }

    fn run(&mut self, mut pieces: u128) {
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let risky = self.risky_from & bit(from) != 0;
            match self.board[from] & 7 {
                CHARIOT => {
                    for ray in &RAYS[from] {
                        for i in 0..ray.len as usize {
                            let to = ray.to[i] as usize;
                            let c = self.board[to];
                            if c == 0 {
                                self.add(from, to, risky);
                            } else {
                                if code_color(c) != self.us {
                                    self.add(from, to, risky);
                                }
                                break;
                            }
                        }
                    }
                }
                CANNON => {
                    for ray in &RAYS[from] {
                        let n = ray.len as usize;
                        let mut i = 0;
                        while i < n {
                            let to = ray.to[i] as usize;
                            if self.board[to] != 0 {
                                break;
                            }
                            self.add(from, to, risky);
                            i += 1;
                        }
                        i += 1;
                        while i < n {
                            let to = ray.to[i] as usize;
                            let c = self.board[to];
                            if c != 0 {
                                if code_color(c) != self.us {
                                    self.add(from, to, risky);
                                }
                                break;
                            }
                            i += 1;
                        }
                    }
                }
                HORSE => {
                    let t = &HORSE_MOVES[from];
                    for i in 0..t.len as usize {
                        let to = t.to[i] as usize;
                        if self.board[t.via[i] as usize] == 0 && self.not_own(to) {
                            self.add(from, to, risky);
                        }
                    }
                }
                SOLDIER => {
                    let t = &SOLDIER_MOVES[self.us][from];
                    for i in 0..t.len as usize {
                        let to = t.to[i] as usize;
                        if self.not_own(to) {
                            self.add(from, to, risky);
                        }
                    }
                }
                ELEPHANT => {
                    let t = &ELEPHANT_MOVES[self.us][from];
                    for i in 0..t.len as usize {
                        let to = t.to[i] as usize;
                        if self.board[t.via[i] as usize] == 0 && self.not_own(to) {
                            self.add(from, to, risky);
                        }
                    }
                }
                ADVISOR => {
                    let t = &ADVISOR_MOVES[self.us][from];
                    for i in 0..t.len as usize {
                        let to = t.to[i] as usize;
                        if self.not_own(to) {
                            self.add(from, to, risky);
                        }
                    }
                }
                _ => {
                    let t = &GENERAL_MOVES[self.us][from];
                    for i in 0..t.len as usize {
                        let to = t.to[i] as usize;
                        if self.not_own(to) && self.safe(from, to, to) {
                            self.list.push(Move::new(
                                Square::from_index_unchecked(from as u8),
                                Square::from_index_unchecked(to as u8),
                            ));
                        }
                    }
                }
            }
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::from_setup(Setup::start(), Validation::Strict)
            .expect("the start position is valid")
    }
}

impl Position {
    /// The standard start position.
    pub fn new() -> Position {
        Position::default()
    }

    /// Validates a setup.
    pub fn from_setup(setup: Setup, validation: Validation) -> Result<Position, PositionError> {
        let mut counts = [[0usize; 7]; 2];
        let mut generals = [None::<u8>; 2];
        let mut board = [0u8; 90];
        let mut occupied = [0u128; 2];
        for sq in Square::all() {
            let Some(p) = setup.board[sq.index()] else {
                continue;
            };
            let c = p.color.index();
            counts[c][p.role.index()] += 1;
            board[sq.index()] = p.code();
            occupied[c] |= bit(sq.index());
            if p.role == Role::General {
                generals[c] = Some(sq.index() as u8);
            }
        }
        for color in Color::ALL {
            let c = color.index();
            if counts[c][0] == 0 {
                return Err(PositionError::MissingGeneral(color));
            }
            let count = counts[c].iter().sum();
            if count > MAX_PIECES_PER_SIDE {
                return Err(PositionError::TooManyPiecesOnSide { color, count });
            }
            for role in Role::ALL {
                let count = counts[c][role.index()];
                let limit = if validation == Validation::Strict || role == Role::General {
                    role.max_count()
                } else {
                    MAX_PIECES_PER_SIDE
                };
                if count > limit {
                    return Err(PositionError::TooManyPieces { color, role, count });
                }
            }
        }
        for sq in Square::all() {
            let Some(p) = setup.board[sq.index()] else {
                continue;
            };
            let ok = match p.role {
                Role::General => sq.in_palace(p.color),
                _ if validation == Validation::Permissive => true,
                Role::Advisor => {
                    let r = if p.color == Color::Red {
                        sq.rank()
                    } else {
                        9 - sq.rank()
                    };
                    sq.in_palace(p.color) && (sq.file() + r) % 2 == 1
                }
                Role::Elephant => {
                    let r = if p.color == Color::Red {
                        sq.rank()
                    } else {
                        9 - sq.rank()
                    };
                    sq.on_side_of(p.color)
                        && r % 2 == 0
                        && sq.file() % 2 == 0
                        && (r + sq.file()) % 4 == 2
                }
                Role::Soldier => {
                    let r = if p.color == Color::Red {
                        sq.rank()
                    } else {
                        9 - sq.rank()
                    };
                    r >= 5 || (r >= 3 && sq.file() % 2 == 0)
                }
                _ => true,
            };
            if !ok {
                return Err(match p.role {
                    Role::General => PositionError::GeneralOutsidePalace(sq),
                    Role::Advisor => PositionError::AdvisorOffPoint(sq),
                    Role::Elephant => PositionError::ElephantOffPoint(sq),
                    _ => PositionError::SoldierOffPoint(sq),
                });
            }
        }
        let generals = [generals[0].unwrap_or(0), generals[1].unwrap_or(0)];
        let pos = Position {
            board,
            occupied,
            generals,
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            zobrist: 0,
        };
        if pos.generals_facing() {
            return Err(PositionError::GeneralsFacing);
        }
        let them = setup.turn.other();
        if attacked(
            &pos.board,
            pos.generals[them.index()] as usize,
            setup.turn.index(),
        ) {
            return Err(PositionError::OpponentInCheck(them));
        }
        Ok(Position {
            zobrist: zobrist::hash_board(&pos.board, pos.turn),
            ..pos
        })
    }

    /// Parses and strictly validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, Validation::Strict)
    }

    /// Parses a FEN and validates it as asked.
    pub fn from_fen_with(fen: &str, validation: Validation) -> Result<Position, FenError> {
        Ok(Position::from_setup(fen.parse()?, validation)?)
    }

    /// The position as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for (i, &c) in self.board.iter().enumerate() {
            setup.board[i] = Piece::from_code(c);
        }
        setup.turn = self.turn;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The FEN of this position (six fields).
    pub fn fen(&self) -> String {
        self.to_setup().to_string()
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after Black's move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// True if both positions have the same pieces on the same squares and the same side to
    /// move (counters ignored): the repetition test.
    pub fn board_eq(&self, other: &Position) -> bool {
        self.board == other.board && self.turn == other.turn
    }

    /// The Zobrist key of board and side to move (counters excluded), kept incrementally:
    /// equal positions have equal keys, for transposition tables and repetition tests.
    #[inline]
    pub fn zobrist_key(&self) -> u64 {
        self.zobrist
    }

    /// Where `color`'s general stands.
    pub fn general(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.generals[color.index()])
    }

    /// The squares holding `color`'s pieces, as a bitset over [`Square::index`].
    pub fn occupied_by(&self, color: Color) -> u128 {
        self.occupied[color.index()]
    }

    /// Every piece on the board with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board.iter().enumerate().filter_map(|(i, &c)| {
            Piece::from_code(c).map(|p| (Square::from_index_unchecked(i as u8), p))
        })
    }

    fn generals_facing(&self) -> bool {
        facing(&self.board, self.generals)
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.turn.index();
        attacked(&self.board, self.generals[us] as usize, us ^ 1)
    }

    /// True if `color`'s general is attacked (or faces the other general).
    pub fn is_attacked_general(&self, color: Color) -> bool {
        let c = color.index();
        attacked(&self.board, self.generals[c] as usize, c ^ 1)
    }

    /// Replaces the contents of `list` with every legal move, in generation order (no
    /// allocation: the list has room for the most moves any valid position has).
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        let us = self.turn.index();
        let them = us ^ 1;
        let k = self.generals[us] as usize;
        let (risky_from, risky_to) = if attacked(&self.board, k, them) {
            (!0, !0)
        } else {
            self.risky_squares(k, them)
        };
        let mut g = Gen {
            board: self.board,
            us,
            them,
            general: k,
            risky_from,
            risky_to,
            list,
        };
        g.run(self.occupied[us]);
    }

    /// Squares whose piece leaving (or a piece arriving) could expose our general on `k` when
    /// not in check: the first two pieces on a line towards an enemy chariot, cannon or
    /// general, the empty points before an enemy cannon, and the horse legs around `k`.
    #[inline]
    fn risky_squares(&self, k: usize, them: usize) -> (u128, u128) {
        let tb = (them as u8) << 3;
        let mut from = DIAGONAL_NEIGHBOURS[k];
        let mut to = 0u128;
        for (d, ray) in RAYS[k].iter().enumerate() {
            let n = ray.len as usize;
            let mut i = 0;
            let mut empty = 0u128;
            while i < n && self.board[ray.to[i] as usize] == 0 {
                empty |= bit(ray.to[i] as usize);
                i += 1;
            }
            if i == n {
                continue;
            }
            let first = ray.to[i] as usize;
            if self.board[first] == tb | CANNON {
                to |= empty;
            }
            let mut pinned = bit(first);
            let mut seen = 1;
            i += 1;
            while i < n {
                let c = self.board[ray.to[i] as usize];
                if c != 0 {
                    if c == tb | CHARIOT || c == tb | CANNON || (d < 2 && c == tb | GENERAL) {
                        from |= pinned;
                        break;
                    }
                    if seen == 1 {
                        pinned |= bit(ray.to[i] as usize);
                    }
                    seen += 1;
                }
                i += 1;
            }
        }
        (from, to)
    }

    /// True if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legality(m).is_ok()
    }

    /// Why `m` is not legal here, if it is not.
    pub(crate) fn legality(&self, m: Move) -> Result<(), IllegalMoveReason> {
        use IllegalMoveReason as R;
        let (from, to) = (m.from.index(), m.to.index());
        let code = self.board[from];
        let us = self.turn.index();
        if code == 0 {
            return Err(R::NoPiece);
        }
        if code_color(code) != us {
            return Err(R::NotYourPiece);
        }
        let target = self.board[to];
        if target != 0 && code_color(target) == us {
            return Err(R::CapturesOwnPiece);
        }
        let role = Piece::from_code(code).map_or(Role::General, |p| p.role);
        let wrong = Err(R::NotThatPiecesMove(role));
        let in_list = |l: &crate::tables::List<4>| l.to[..l.len as usize].contains(&(to as u8));
        // A step with a blocking point (horse leg, elephant eye): which entry of the table.
        let stepped = |to_list: &[u8], via: &[u8], blocked: IllegalMoveReason| match to_list
            .iter()
            .position(|&s| s as usize == to)
        {
            None => wrong,
            Some(i) if self.board[via[i] as usize] != 0 => Err(blocked),
            Some(_) => Ok(()),
        };
        match code & 7 {
            GENERAL if !in_list(&GENERAL_MOVES[us][from]) => wrong,
            ADVISOR if !in_list(&ADVISOR_MOVES[us][from]) => wrong,
            ELEPHANT => {
                let steps = &ELEPHANT_MOVES[us][from];
                let n = steps.len as usize;
                stepped(&steps.to[..n], &steps.via[..n], R::EyeBlocked)
            }
            HORSE => {
                let steps = &HORSE_MOVES[from];
                let n = steps.len as usize;
                stepped(&steps.to[..n], &steps.via[..n], R::LegBlocked)
            }
            SOLDIER => {
                let steps = &SOLDIER_MOVES[us][from];
                if steps.to[..steps.len as usize].contains(&(to as u8)) {
                    Ok(())
                } else {
                    wrong
                }
            }
            slider @ (CHARIOT | CANNON) => match self.count_between(from, to) {
                None => wrong,
                Some(0) if slider == CHARIOT || target == 0 => Ok(()),
                Some(_) if slider == CHARIOT || target == 0 => Err(R::PathBlocked),
                Some(0) => Err(R::NoScreen),
                Some(1) => Ok(()),
                Some(_) => Err(R::TooManyScreens),
            },
            _ => Ok(()),
        }?;
        let mut board = self.board;
        board[to] = code;
        board[from] = 0;
        let mut generals = self.generals;
        if code & 7 == GENERAL {
            generals[us] = to as u8;
        }
        if facing(&board, generals) {
            Err(R::GeneralsWouldFace)
        } else if attacked(&board, generals[us] as usize, us ^ 1) {
            Err(R::LeavesGeneralAttacked)
        } else {
            Ok(())
        }
    }

    /// Pieces strictly between two squares on one line, or `None` if not on a line.
    fn count_between(&self, a: usize, b: usize) -> Option<usize> {
        let (fa, ra, fb, rb) = (a % 9, a / 9, b % 9, b / 9);
        let step = if fa == fb {
            9
        } else if ra == rb {
            1
        } else {
            return None;
        };
        let (lo, hi) = (a.min(b), a.max(b));
        Some(
            (lo + step..hi)
                .step_by(step)
                .filter(|&s| self.board[s] != 0)
                .count(),
        )
    }

    /// Plays a move after checking it is legal; on error the position is unchanged and the
    /// error names the rule the move breaks.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.legality(m)
            .map_err(|reason| IllegalMove { mv: m, reason })?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]), updating the Zobrist key and
    /// counters incrementally. An illegal move leaves a meaningless position (but never
    /// undefined behaviour); `from` must hold a piece of the side to move.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.index(), m.to.index());
        let us = self.turn.index();
        let piece = self.board[from];
        debug_assert!(piece != 0 && code_color(piece) == us);
        let captured = self.board[to];
        self.zobrist ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to) ^ zobrist::SIDE;
        if captured == 0 {
            self.halfmoves = self.halfmoves.saturating_add(1);
        } else {
            self.zobrist ^= zobrist::piece(captured, to);
            self.occupied[us ^ 1] &= !bit(to);
            self.halfmoves = 0;
        }
        self.occupied[us] ^= bit(from) | bit(to);
        self.board[to] = piece;
        self.board[from] = 0;
        if piece & 7 == GENERAL {
            self.generals[us] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// The piece a move would capture, if any.
    pub fn capture_of(&self, m: Move) -> Option<Piece> {
        Piece::from_code(self.board[m.to.index()])
    }

    /// True if playing the legal move `m` checks the opponent.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = *self;
        p.play_unchecked(m);
        p.is_check()
    }

    /// The position with the other side to move and nothing else changed, if that is a legal
    /// position (the side now not to move must not be in check). Used for threat detection.
    #[must_use]
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut p = *self;
        p.turn = p.turn.other();
        p.zobrist ^= zobrist::SIDE;
        Some(p)
    }

    /// Checkmate or stalemate (both lose for the side to move), or `None` while the side to
    /// move has a legal move. Repetition, move limits and material are the [`Game`]'s job.
    ///
    /// [`Game`]: crate::Game
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        let reason = if self.is_check() {
            WinReason::Checkmate
        } else {
            WinReason::Stalemate
        };
        Some(Outcome::Win {
            winner: self.turn.other(),
            reason,
        })
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        !list.is_empty()
    }

    /// True if neither side has a chariot, horse, cannon or soldier, so nobody can ever give
    /// check: a dead draw.
    pub fn insufficient_material(&self) -> bool {
        self.board
            .iter()
            .all(|&c| c == 0 || matches!(c & 7, GENERAL | ADVISOR | ELEPHANT))
    }

    /// A multi-line picture of the board (Red at the bottom, FEN letters, `.` for empty).
    pub fn ascii(&self) -> String {
        let mut s = String::new();
        for rank in (0..10u8).rev() {
            s.push(char::from(b'0' + rank));
            s.push(' ');
            for file in 0..9u8 {
                let c = self.board[(file + 9 * rank) as usize];
                s.push(Piece::from_code(c).map_or('.', Piece::fen_char));
                s.push(' ');
            }
            s.pop();
            s.push('\n');
        }
        s.push_str("  a b c d e f g h i\n");
        s
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_setup())
    }
}

impl FromStr for Position {
    type Err = FenError;
    /// Parses a strictly validated FEN.
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup, Validation::Strict)
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.to_setup()
    }
}

// Serialized as its FEN, read back strictly validated.
game::serde_as_text!(Position);

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen_with(fen, Validation::Permissive)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn legal(p: &Position) -> MoveList {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        list
    }

    fn moves_from(p: &Position, sq: &str) -> Vec<String> {
        let from: Square = sq.parse().unwrap();
        let mut v: Vec<String> = legal(p)
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to.to_string())
            .collect();
        v.sort();
        v
    }

    fn all_moves(p: &Position) -> Vec<String> {
        let mut v: Vec<String> = legal(p).iter().map(ToString::to_string).collect();
        v.sort();
        v
    }

    #[test]
    fn start_position_has_44_moves() {
        let p = Position::default();
        assert_eq!(legal(&p).len(), 44);
        assert!(!p.is_check());
        assert_eq!(p.fen(), crate::START_FEN);
    }

    #[test]
    fn horse_leg_blocks_moves() {
        let p = Position::default();
        assert_eq!(moves_from(&p, "b0"), ["a2", "c2"]);
        // A piece on the leg b1 blocks both upward jumps; d1 (leg c0) stays open.
        let q = pos("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w");
        assert_eq!(moves_from(&q, "b0"), ["d1"]);
    }

    #[test]
    fn horse_check_uses_the_attacking_horse_leg() {
        // Black horse d2 attacks e0 through its leg d1; a piece on e1 does not block it.
        let p = pos("3k5/9/9/9/9/9/9/3n5/4A4/4K4 w");
        assert!(p.is_check());
        let blocked = pos("3k5/9/9/9/9/9/9/3n5/3A5/4K4 w");
        assert!(!blocked.is_check());
    }

    #[test]
    fn elephant_eye_and_river() {
        // Elephant on c4 may not cross the river: only a2 and e2.
        let q = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
        assert_eq!(moves_from(&q, "c4"), ["a2", "e2"]);
        // A piece on the eye d3 blocks e2.
        let eye = pos("3k5/9/9/9/9/2B6/3P5/9/9/4K4 w");
        assert_eq!(moves_from(&eye, "c4"), ["a2"]);
    }

    #[test]
    fn advisors_and_generals_stay_in_the_palace() {
        let p = pos("4k4/9/9/9/9/9/9/9/4A4/3K5 w");
        assert_eq!(moves_from(&p, "e1"), ["d2", "f0", "f2"]);
        assert_eq!(moves_from(&p, "d0"), ["d1", "e0"]);
        let corner = pos("4k4/9/9/9/9/9/9/5A3/9/3K5 w");
        assert_eq!(moves_from(&corner, "f2"), ["e1"]);
    }

    #[test]
    fn chariot_slides_until_blocked() {
        let p = pos("3k5/9/9/9/p8/9/9/9/9/R3K4 w");
        assert_eq!(
            moves_from(&p, "a0"),
            ["a1", "a2", "a3", "a4", "a5", "b0", "c0", "d0"]
        );
    }

    #[test]
    fn soldiers_before_and_after_the_river() {
        let p = pos("4k4/9/9/9/2P6/4P4/9/9/9/3K5 w");
        assert_eq!(moves_from(&p, "e4"), ["e5"]);
        assert_eq!(moves_from(&p, "c5"), ["b5", "c6", "d5"]);
        let b = pos("3k5/9/9/9/9/4p4/9/9/9/4K4 b");
        assert_eq!(moves_from(&b, "e4"), ["d4", "e3", "f4"]);
    }

    #[test]
    fn facing_generals_pin_the_last_piece() {
        // The cannon on e1 is the only piece between the generals: it may only move along
        // the file; the general may step aside.
        let p = pos("4k4/9/9/9/9/9/9/9/4C4/4K4 w");
        assert_eq!(
            moves_from(&p, "e1"),
            ["e2", "e3", "e4", "e5", "e6", "e7", "e8"]
        );
        assert_eq!(moves_from(&p, "e0"), ["d0", "f0"]);
        // A pinned horse cannot move at all.
        let h = pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w");
        assert_eq!(moves_from(&h, "e1"), Vec::<String>::new());
        // The general may not step onto the open file of the other general.
        let q = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
        assert_eq!(moves_from(&q, "e0"), ["e1", "f0"]);
    }

    #[test]
    fn cannon_needs_exactly_one_screen() {
        let p = pos("1n1k5/9/9/1p7/9/9/9/1C7/9/4K4 w");
        assert_eq!(
            moves_from(&p, "b2"),
            [
                "a2", "b0", "b1", "b3", "b4", "b5", "b9", "c2", "d2", "e2", "f2", "g2", "h2", "i2"
            ]
        );
        let unscreened = pos("4k4/9/9/9/9/9/9/9/4C4/3K5 b");
        assert!(!unscreened.is_check());
        let screened = pos("4k4/4a4/9/9/9/9/9/9/4C4/3K5 b");
        assert!(screened.is_check());
    }

    #[test]
    fn cannon_check_answered_by_adding_a_screen() {
        // Black cannon e5 checks e0 over the screen e3. Moving the general is illegal (d0
        // faces the black general, e1 stays in the line, f0 is occupied); the only answer
        // is a second screen: the advisor to e1.
        let p = pos("3k5/9/9/9/4c4/9/4P4/9/9/4KA3 w");
        assert!(p.is_check());
        assert_eq!(all_moves(&p), ["f0e1"]);
    }

    #[test]
    fn double_cannon_check() {
        // Cannons on e5 and e4: the nearer one screens the farther. A piece put between
        // becomes the screen of the nearer cannon, so only stepping aside helps.
        let p = pos("3k5/9/9/9/4c4/4c4/9/9/9/3AK4 w");
        assert!(p.is_check());
        assert_eq!(all_moves(&p), ["e0f0"]);
    }

    #[test]
    fn stalemate_loses() {
        // Red is not in check, but d0, e1 (chariot d1) and f0 (chariot f9) are all covered.
        let s = pos("3k1r3/9/9/9/9/9/9/9/3r5/4K4 w");
        assert!(!s.is_check());
        assert_eq!(legal(&s).len(), 0);
        assert_eq!(
            s.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Stalemate
            })
        );
    }

    #[test]
    fn checkmate_loses() {
        // Chariot on e9-file? Red chariots on d8 and e7... classic: black general e9 checked
        // by the chariot on e8, protected by the horse on g7? Use a chariot mate on the back
        // rank with the red general covering the file.
        let m = pos("3k5/9/3R5/9/9/9/9/9/9/4K4 b");
        // Black general d9: checked by the chariot d7; d8 on the file, e9/e8 face red general.
        assert!(m.is_check());
        assert_eq!(
            m.outcome(),
            Some(Outcome::Win {
                winner: Color::Red,
                reason: WinReason::Checkmate
            })
        );
    }

    #[test]
    fn validation_names_each_problem() {
        use PositionError as E;
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let cases = [
            ("4k4/9/9/9/9/9/9/9/9/9 w", E::MissingGeneral(Color::Red)),
            ("3k5/9/9/9/9/9/9/9/9/3rK4 b", E::OpponentInCheck(Color::Red)),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", E::GeneralsFacing),
            (
                "3k5/9/9/9/9/9/9/9/9/K8 w",
                E::GeneralOutsidePalace(sq("a0")),
            ),
            ("3k5/9/9/9/9/9/9/9/3A5/4K4 w", E::AdvisorOffPoint(sq("d1"))),
            ("3k5/9/9/9/9/9/9/9/1B7/4K4 w", E::ElephantOffPoint(sq("b1"))),
            ("3k5/9/9/9/9/9/9/9/P8/4K4 w", E::SoldierOffPoint(sq("a1"))),
            ("3k5/9/9/9/9/9/1P7/9/9/4K4 w", E::SoldierOffPoint(sq("b3"))),
            (
                "3k5/9/9/9/9/RRR6/9/9/9/4K4 w",
                E::TooManyPieces {
                    color: Color::Red,
                    role: Role::Chariot,
                    count: 3,
                },
            ),
            (
                "3k1a3/4a4/4a4/9/9/9/9/9/9/4K4 w",
                E::TooManyPieces {
                    color: Color::Black,
                    role: Role::Advisor,
                    count: 3,
                },
            ),
            (
                "3kk4/9/9/9/9/9/9/9/9/4K4 w",
                E::TooManyPieces {
                    color: Color::Black,
                    role: Role::General,
                    count: 2,
                },
            ),
        ];
        for (fen, want) in cases {
            assert_eq!(
                Position::from_fen(fen),
                Err(FenError::Invalid(want)),
                "{fen}"
            );
        }
        // Valid points for advisors and elephants of both colours.
        assert!(
            Position::from_fen("3akab2/4a4/9/9/9/9/9/9/4A4/B2AK4 w").is_err(),
            "three black advisors"
        );
        assert!(
            Position::from_fen("3akab2/9/9/9/9/9/9/9/4A4/B2AK4 w").is_err(),
            "elephant a0 is off-point"
        );
        assert!(Position::from_fen("2bakab2/9/9/9/9/9/9/9/4A4/2BAK4 w").is_ok());
        // Permissive mode accepts composed positions but still needs sane generals.
        assert!(
            Position::from_fen_with("3k5/9/9/9/9/RRR6/9/9/1B7/4K4 w", Validation::Permissive)
                .is_ok()
        );
        assert!(
            Position::from_fen_with("4k4/9/9/9/9/9/9/9/9/4K4 w", Validation::Permissive).is_err()
        );
    }

    #[test]
    fn huge_counters_saturate_instead_of_panicking() {
        let mut p =
            Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 4294967295 4294967295").unwrap();
        p.play("d9d8".parse().unwrap()).unwrap();
        assert_eq!((p.halfmoves(), p.fullmoves()), (u32::MAX, u32::MAX));
    }

    #[test]
    fn illegal_move_names_the_broken_rule() {
        use IllegalMoveReason as R;
        const S: &str = crate::START_FEN;
        let wrong = R::NotThatPiecesMove;
        let cases = [
            (S, "e0e2", wrong(Role::General)),
            (S, "i0h1", wrong(Role::Chariot)),
            (S, "a3a2", wrong(Role::Soldier)),
            (S, "a3b3", wrong(Role::Soldier)),
            (S, "e3e5", wrong(Role::Soldier)),
            (S, "e4e5", R::NoPiece),
            (S, "a9a8", R::NotYourPiece),
            (S, "a0b0", R::CapturesOwnPiece),
            (S, "h2h7", R::NoScreen),
            (S, "h2h8", R::PathBlocked),
            ("4k4/9/9/4p4/4p4/9/9/9/4C4/3K5 w", "e1e9", R::TooManyScreens),
            (S, "a0a4", R::PathBlocked),
            (S, "h2g4", wrong(Role::Cannon)),
            ("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w", "b0a2", R::LegBlocked),
            ("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w", "b0b2", wrong(Role::Horse)),
            ("3k5/9/9/9/9/2B6/3P5/9/9/4K4 w", "c4e2", R::EyeBlocked),
            (
                "3k5/9/9/9/9/2B6/3P5/9/9/4K4 w",
                "c4e6",
                wrong(Role::Elephant),
            ),
            ("4k4/9/9/9/9/9/9/9/4N4/4K4 w", "e1g2", R::GeneralsWouldFace),
            ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0d0", R::GeneralsWouldFace),
            (
                "3k5/9/9/9/4c4/9/4P4/9/9/4KA3 w",
                "e3d3",
                wrong(Role::Soldier),
            ),
            (
                "3k5/9/9/9/4c4/9/4P4/9/9/4KA3 w",
                "e0e1",
                R::LeavesGeneralAttacked,
            ),
        ];
        for (fen, text, reason) in cases {
            let mut p = pos(fen);
            let before = p;
            let m: Move = text.parse().unwrap();
            assert!(!p.is_legal(m), "{fen} {text}");
            assert_eq!(
                p.play(m),
                Err(IllegalMove { mv: m, reason }),
                "{fen} {text}"
            );
            assert_eq!(p, before);
        }
        let mut p = Position::default();
        assert!(p.play("h2e2".parse().unwrap()).is_ok());
        assert_eq!(p.turn(), Color::Black);
        let err = p.play("h9h8".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "h9h8 is illegal: a horse does not move that way"
        );
    }
}
