//! The board vocabulary: [`Color`], [`Role`], [`Piece`], [`Square`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// One of the two sides. Red moves first and sits at ranks 0–4.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// Red (also written "white", `w`, in FEN).
    Red = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colors, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN side-to-move letter: `w` for Red, `b` for Black.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// The seven kinds of piece.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// General (king): one orthogonal step inside the palace.
    General = 0,
    /// Advisor (guard): one diagonal step inside the palace.
    Advisor = 1,
    /// Elephant (minister): two diagonal steps, blocked on the eye, never crosses the river.
    Elephant = 2,
    /// Horse: one orthogonal then one diagonal step outward, blocked on the leg.
    Horse = 3,
    /// Chariot (rook): any distance orthogonally.
    Chariot = 4,
    /// Cannon: moves like a chariot, captures by jumping exactly one screen.
    Cannon = 5,
    /// Soldier (pawn): forward; also sideways after crossing the river.
    Soldier = 6,
}

impl Role {
    /// All roles in index order.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// Index 0–6.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this role one side may have in a legal game.
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// The uppercase FEN / WXF letter: `K A B N R C P` (FEN) — see [`Role::wxf_char`] for WXF.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// The uppercase WXF letter: `K A E H R C P`.
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Parses a letter in either FEN (`K A B N R C P`) or WXF (`K A E H R C P`) spelling, any case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' | 'G' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' | 'S' => Role::Soldier,
            _ => return None,
        })
    }

    /// True for pieces that can attack across the river (chariot, horse, cannon, soldier).
    pub const fn is_attacker(self) -> bool {
        matches!(
            self,
            Role::Horse | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }
}

impl fmt::Display for Role {
    /// The English name: `general`, `advisor`, `elephant`, `horse`, `chariot`, `cannon`,
    /// `soldier`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        })
    }
}

/// A colored piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: uppercase for Red, lowercase for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (`H`/`E` accepted for horse/elephant); case gives the color.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        };
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The traditional Chinese character (帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black).
    pub const fn chinese_traditional(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::General) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Chariot) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Soldier) => '兵',
            (Color::Black, Role::General) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Chariot) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Soldier) => '卒',
        }
    }

    /// The simplified Chinese character (帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black).
    pub const fn chinese_simplified(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::General) => '帅',
            (Color::Black, Role::General) => '将',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Black, Role::Advisor) => '士',
            (Color::Red, Role::Elephant) => '相',
            (Color::Black, Role::Elephant) => '象',
            (_, Role::Horse) => '马',
            (_, Role::Chariot) => '车',
            (_, Role::Cannon) => '炮',
            (Color::Red, Role::Soldier) => '兵',
            (Color::Black, Role::Soldier) => '卒',
        }
    }

    /// The internal board code: 0 is empty, Red 1–7, Black 9–15.
    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) << 3 | (self.role as u8 + 1)
    }

    /// Inverse of [`Piece::code`] for a non-empty code.
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = match code & 7 {
            1 => Role::General,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Chariot,
            6 => Role::Cannon,
            7 => Role::Soldier,
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// One of the 90 points, `file + 9 * rank`: files `a`–`i` left to right from Red's side, ranks
/// 0–9 from Red's back rank (ICCS coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// A string that is not an ICCS square such as `e0` or `H2`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid square {0:?} (expected a file a-i and a rank 0-9, like h2)")]
pub struct ParseSquareError(pub String);

impl Square {
    /// Number of points.
    pub const NUM: usize = 90;

    /// The square at `file` (0–8) and `rank` (0–9), or `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(file + 9 * rank))
        } else {
            None
        }
    }

    /// The square with index `index` (0–89), or `None`.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Builds a square from an index known to be below 90.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// Index 0–89.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0–8 (`a`–`i`).
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0–9 from Red's side.
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// All 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// The square mirrored left-right (file `a` ↔ `i`).
    #[must_use]
    pub const fn flip_files(self) -> Square {
        Square(self.rank() * 9 + 8 - self.file())
    }

    /// The square mirrored top-bottom (rank 0 ↔ 9).
    #[must_use]
    pub const fn flip_ranks(self) -> Square {
        Square((9 - self.rank()) * 9 + self.file())
    }

    /// True if this point lies on `color`'s side of the river.
    pub const fn on_side_of(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// True if this point is inside `color`'s palace.
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let r = b[1].wrapping_sub(b'0');
            if let Some(sq) = Square::new(f, r) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_codes_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(
            Piece::from_fen_char('H'),
            Some(Piece::new(Color::Red, Role::Horse))
        );
        assert_eq!(
            Piece::from_fen_char('e'),
            Some(Piece::new(Color::Black, Role::Elephant))
        );
    }

    #[test]
    fn squares_parse_and_print() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("H2".parse::<Square>().map(Square::index), Ok(7 + 18));
        for bad in ["", "j0", "a10", "a", "e-", "ée"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert!(Square::new(4, 0).is_some_and(|s| s.in_palace(Color::Red)));
        assert!(Square::new(4, 9).is_some_and(|s| s.in_palace(Color::Black)));
        assert!(Square::new(2, 1).is_some_and(|s| !s.in_palace(Color::Red)));
    }

    #[test]
    fn simplified_chinese_black_advisor_is_shi() {
        // Black's advisor was printed 仕, Red's character; it is 士 in both scripts.
        let advisor = |color| Piece::new(color, Role::Advisor);
        assert_eq!(advisor(Color::Black).chinese_simplified(), '士');
        assert_eq!(advisor(Color::Black).chinese_traditional(), '士');
        assert_eq!(advisor(Color::Red).chinese_simplified(), '仕');
        let names: String = Role::ALL
            .iter()
            .map(|&role| Piece::new(Color::Black, role).chinese_simplified())
            .collect();
        assert_eq!(names, "将士象马车炮卒");
    }
}
