//! Move notations: WXF (`C2.5`, `H8+7`, `+C.5`) and Chinese (`炮二平五`, `馬8進7`, 前/中/後),
//! parsed into a [`Description`] and resolved against a [`Position`].
//!
//! A description names the piece, where it stands (its file, or front/middle/rear among
//! identical pieces on one file), the direction (advance, retreat, traverse) and a target
//! (a file, or a number of ranks for straight moves). Files are numbered 1–9 from each
//! player's own right: Red's file 1 is ICCS file `i`, Black's file 1 is ICCS file `a`.

use std::fmt::Write as _;
use std::str::FromStr;

use thiserror::Error;

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};

/// The direction of a move, relative to the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// Towards the opponent (`+`, 進/进).
    Advance,
    /// Towards the own side (`-`, 退).
    Retreat,
    /// Along the rank (`.` or `=`, 平).
    Traverse,
}

/// Which of several identical pieces moves. File numbers are 1–9 from the mover's right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The piece on this file (the usual case).
    File(u8),
    /// The front piece of two or three on a file (`+C`, 前), optionally on a given file.
    Front(Option<u8>),
    /// The middle piece of three on a file (中).
    Middle(Option<u8>),
    /// The rear piece (`-C`, 後/后).
    Rear(Option<u8>),
    /// The n-th piece (1 = front, up to 9) of four or more on a file (WXF `25`, Chinese
    /// 二兵); in real games only soldiers, in composed positions any piece.
    Nth(u8, Option<u8>),
}

/// A move described the way WXF and Chinese notations do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Description {
    /// The moving piece's role.
    pub role: Role,
    /// Which piece of that role.
    pub origin: Origin,
    /// The direction.
    pub op: Op,
    /// A file number (traverse, and every advisor/elephant/horse move) or a rank count.
    pub target: u8,
}

/// Which characters Chinese notation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Script {
    /// 车马炮进后帅将.
    Simplified,
    /// 俥傌炮進後帥將 (Red) and 車馬砲將 (Black).
    Traditional,
}

/// A notation to write moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates: `h2e2`.
    Iccs,
    /// WXF: `C2.5`.
    Wxf,
    /// Chinese, simplified characters: `炮二平五`.
    ChineseSimplified,
    /// Chinese, traditional characters: `炮二平五`, `馬8進7`.
    ChineseTraditional,
}

/// Why a move text could not be turned into a move here.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The text is not ICCS, WXF or Chinese notation at all.
    #[error("not valid move notation: {0:?}")]
    Invalid(String),
    /// Valid notation, but no legal move here matches it.
    #[error("illegal here: {0:?}")]
    Illegal(String),
    /// Valid notation that matches more than one legal move.
    #[error("ambiguous here: {0:?}")]
    Ambiguous(String),
}

/// File number 1–9 from `color`'s right.
pub const fn file_number(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

const fn straight(role: Role) -> bool {
    matches!(
        role,
        Role::General | Role::Chariot | Role::Cannon | Role::Soldier
    )
}

/// Same-colour same-role pieces on `sq`'s file, front (nearest the opponent) first.
fn column(pos: &Position, sq: Square, piece: Piece) -> Vec<Square> {
    let mut v: Vec<Square> = (0..10u8)
        .filter_map(|r| Square::new(sq.file(), r))
        .filter(|&s| pos.piece_at(s) == Some(piece))
        .collect();
    if piece.color == Color::Red {
        v.reverse();
    }
    v
}

/// Whether another piece of `col` (the same pieces on the file of `m.from`) has a legal move
/// with the same direction and target as `m`, so that the file form would be ambiguous.
fn file_form_ambiguous(pos: &Position, m: Move, piece: Piece, col: &[Square]) -> bool {
    let want = geometry(piece.role, piece.color, m);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&o| {
        o.from != m.from && col.contains(&o.from) && geometry(piece.role, piece.color, o) == want
    })
}

/// Files holding two or more of `piece` (tandem soldiers; other pieces only in composed
/// positions).
fn stacked_files(pos: &Position, piece: Piece) -> usize {
    (0..9u8)
        .filter(|&f| {
            (0..10u8)
                .filter(|&r| Square::new(f, r).and_then(|s| pos.piece_at(s)) == Some(piece))
                .count()
                >= 2
        })
        .count()
}

fn geometry(role: Role, color: Color, m: Move) -> (Op, u8) {
    let dr = i32::from(m.to.rank()) - i32::from(m.from.rank());
    let dr = if color == Color::Red { dr } else { -dr };
    let op = match dr.signum() {
        1 => Op::Advance,
        -1 => Op::Retreat,
        _ => Op::Traverse,
    };
    let target = if straight(role) && op != Op::Traverse {
        dr.unsigned_abs() as u8
    } else {
        file_number(m.to, color)
    };
    (op, target)
}

impl Description {
    /// The canonical description of a legal move `m` in `pos` (`None` if no piece of the side
    /// to move stands on `m.from`).
    pub fn of(pos: &Position, m: Move) -> Option<Description> {
        let piece = pos.piece_at(m.from).filter(|p| p.color == pos.turn())?;
        let (op, target) = geometry(piece.role, piece.color, m);
        let col = column(pos, m.from, piece);
        let n = col.len();
        let idx = col.iter().position(|&s| s == m.from).unwrap_or(0);
        let fnum = file_number(m.from, piece.color);
        // Advisors and elephants on one file differ by direction in every real game; only
        // composed positions (three on a file, or off their points) need front and rear.
        let diagonal = matches!(piece.role, Role::Advisor | Role::Elephant);
        let origin = if n < 2 || (diagonal && !file_form_ambiguous(pos, m, piece, &col)) {
            Origin::File(fnum)
        } else {
            let q = (stacked_files(pos, piece) > 1).then_some(fnum);
            match (n, idx) {
                (_, 0) if n <= 3 => Origin::Front(q),
                (3, 1) => Origin::Middle(q),
                // The tenth of ten pieces on a file (composed positions) has no digit.
                (_, i) if i == n - 1 && (n <= 3 || i >= 9) => Origin::Rear(q),
                (_, i) => Origin::Nth(i as u8 + 1, q),
            }
        };
        Some(Description {
            role: piece.role,
            origin,
            op,
            target,
        })
    }

    fn matches(self, pos: &Position, m: Move) -> bool {
        let Some(piece) = pos.piece_at(m.from) else {
            return false;
        };
        if piece.role != self.role || geometry(piece.role, piece.color, m) != (self.op, self.target)
        {
            return false;
        }
        let fnum = file_number(m.from, piece.color);
        let col = column(pos, m.from, piece);
        let n = col.len();
        let idx = col.iter().position(|&s| s == m.from).unwrap_or(0);
        let on = |q: Option<u8>| q.is_none_or(|f| f == fnum);
        match self.origin {
            Origin::File(f) => f == fnum,
            Origin::Front(q) => n >= 2 && idx == 0 && on(q),
            Origin::Middle(q) => n == 3 && idx == 1 && on(q),
            Origin::Rear(q) => n >= 2 && idx == n - 1 && on(q),
            Origin::Nth(i, q) => n >= 2 && idx + 1 == i as usize && on(q),
        }
    }

    /// The legal move this description names in `pos`.
    pub fn resolve(&self, pos: &Position) -> Result<Move, MoveTextError> {
        let mut found = None;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &m in &moves {
            if self.matches(pos, m) {
                if found.is_some() {
                    return Err(MoveTextError::Ambiguous(self.wxf()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| MoveTextError::Illegal(self.wxf()))
    }

    /// WXF text: `C2.5`, `H8+7`, `+C.5`, `25.6` (second soldier from the front on file 5).
    pub fn wxf(&self) -> String {
        let l = self.role.wxf_char();
        let mut s = String::new();
        match self.origin {
            Origin::File(f) => {
                let _ = write!(s, "{l}{f}");
            }
            Origin::Front(None) => {
                let _ = write!(s, "+{l}");
            }
            Origin::Rear(None) => {
                let _ = write!(s, "-{l}");
            }
            Origin::Middle(None) => {
                let _ = write!(s, "2{l}");
            }
            Origin::Nth(i, None) => {
                let _ = write!(s, "{i}{l}");
            }
            Origin::Front(Some(f)) => {
                let _ = write!(s, "+{f}");
            }
            Origin::Middle(Some(f)) => {
                let _ = write!(s, "2{f}");
            }
            Origin::Rear(Some(f)) => {
                // Rear of two or of three: the index is not known without the position; WXF
                // writes the count from the front, so rear uses `-` with the file.
                let _ = write!(s, "-{f}");
            }
            Origin::Nth(i, Some(f)) => {
                let _ = write!(s, "{i}{f}");
            }
        }
        s.push(match self.op {
            Op::Advance => '+',
            Op::Retreat => '-',
            Op::Traverse => '.',
        });
        let _ = write!(s, "{}", self.target);
        s
    }

    /// Parses WXF: `C2.5`, `c2=5`, `H8+7`, `+C.5`, `C+.5`, `-R-1`, `25.6`, `-5.6`, case-insensitive;
    /// `.` and `=` both mean traverse; `B`/`N` are accepted for elephant/horse.
    pub fn parse_wxf(text: &str) -> Option<Description> {
        let c: Vec<char> = text.trim().chars().collect();
        if c.len() != 4 {
            return None;
        }
        let op = |ch: char| match ch {
            '+' => Some(Op::Advance),
            '-' => Some(Op::Retreat),
            '.' | '=' => Some(Op::Traverse),
            _ => None,
        };
        let digit = |ch: char| {
            ch.to_digit(10)
                .filter(|d| (1..=9).contains(d))
                .map(|d| d as u8)
        };
        let target = digit(c[3])?;
        let o = op(c[2])?;
        let (role, origin) = if let (Some(r), Some(f)) = (Role::from_char(c[0]), digit(c[1])) {
            (r, Origin::File(f))
        } else if let (Some(r), Some(pos)) = (Role::from_char(c[1]), op(c[0])) {
            match pos {
                Op::Advance => (r, Origin::Front(None)),
                Op::Retreat => (r, Origin::Rear(None)),
                Op::Traverse => return None,
            }
        } else if let (Some(r), Some(pos)) = (Role::from_char(c[0]), op(c[1])) {
            match pos {
                Op::Advance => (r, Origin::Front(None)),
                Op::Retreat => (r, Origin::Rear(None)),
                Op::Traverse => return None,
            }
        } else if let (Some(i), Some(f)) = (digit(c[0]), digit(c[1])) {
            (Role::Soldier, Origin::Nth(i, Some(f)))
        } else if let (Some(pos), Some(f)) = (op(c[0]), digit(c[1])) {
            match pos {
                Op::Advance => (Role::Soldier, Origin::Front(Some(f))),
                Op::Retreat => (Role::Soldier, Origin::Rear(Some(f))),
                Op::Traverse => return None,
            }
        } else if let (Some(i), Some(r)) = (digit(c[0]), Role::from_char(c[1])) {
            (r, Origin::Nth(i, None))
        } else {
            return None;
        };
        Description::checked(role, origin, o, target)
    }

    fn checked(role: Role, origin: Origin, op: Op, target: u8) -> Option<Description> {
        // Diagonal movers never traverse; elephants and advisors have no front/rear form.
        if !straight(role) && op == Op::Traverse {
            return None;
        }
        Some(Description {
            role,
            origin,
            op,
            target,
        })
    }

    /// Chinese text for a move by `color`: numbers are Chinese numerals for Red and Arabic
    /// digits for Black; `炮二平五`, `馬8進7`, `前炮平五`, `中兵進一`, `二兵平四`, `前兵三平四`.
    pub fn chinese(&self, color: Color, script: Script) -> String {
        let piece = Piece::new(color, self.role);
        let pc = match script {
            Script::Simplified => piece.chinese_simplified(),
            Script::Traditional => piece.chinese_traditional(),
        };
        // Out-of-range numbers (only from hand-built descriptions) print as '?'.
        let numeral = |n: u8| -> char {
            ['一', '二', '三', '四', '五', '六', '七', '八', '九']
                .get(usize::from(n).wrapping_sub(1))
                .copied()
                .unwrap_or('?')
        };
        let num = |n: u8| -> char {
            match color {
                Color::Red => numeral(n),
                Color::Black => char::from_digit(u32::from(n), 10)
                    .filter(|_| n > 0)
                    .unwrap_or('?'),
            }
        };
        let rear = match script {
            Script::Simplified => '后',
            Script::Traditional => '後',
        };
        let mut s = String::new();
        let qualified = |s: &mut String, mark: char, q: Option<u8>| {
            s.push(mark);
            s.push(pc);
            if let Some(f) = q {
                s.push(num(f));
            }
        };
        match self.origin {
            Origin::File(f) => {
                s.push(pc);
                s.push(num(f));
            }
            Origin::Front(q) => qualified(&mut s, '前', q),
            Origin::Middle(q) => qualified(&mut s, '中', q),
            Origin::Rear(q) => qualified(&mut s, rear, q),
            Origin::Nth(i, q) => qualified(&mut s, numeral(i), q),
        }
        s.push(match (self.op, script) {
            (Op::Advance, Script::Simplified) => '进',
            (Op::Advance, Script::Traditional) => '進',
            (Op::Retreat, _) => '退',
            (Op::Traverse, _) => '平',
        });
        s.push(num(self.target));
        s
    }

    /// Parses Chinese notation in simplified or traditional characters, with Chinese
    /// numerals, ASCII or full-width digits for either side.
    #[allow(clippy::many_single_char_names)] // c(hars), p(iece), f(ile), q(ualifier), o(p), t(arget)
    pub fn parse_chinese(text: &str) -> Option<Description> {
        let c: Vec<char> = text
            .trim()
            .chars()
            .filter(|ch| !ch.is_whitespace())
            .collect();
        let role = |ch: char| {
            Some(match ch {
                '帥' | '帅' | '將' | '将' => Role::General,
                '仕' | '士' => Role::Advisor,
                '相' | '象' => Role::Elephant,
                '傌' | '馬' | '马' => Role::Horse,
                '俥' | '車' | '车' => Role::Chariot,
                '炮' | '砲' | '包' => Role::Cannon,
                '兵' | '卒' => Role::Soldier,
                _ => return None,
            })
        };
        let num = |ch: char| -> Option<u8> {
            let n = match ch {
                '一' => 1,
                '二' => 2,
                '三' => 3,
                '四' => 4,
                '五' => 5,
                '六' => 6,
                '七' => 7,
                '八' => 8,
                '九' => 9,
                '１'..='９' => ch as u32 - '０' as u32,
                '1'..='9' => ch as u32 - '0' as u32,
                _ => return None,
            };
            Some(n as u8)
        };
        let op = |ch: char| match ch {
            '進' | '进' => Some(Op::Advance),
            '退' => Some(Op::Retreat),
            '平' => Some(Op::Traverse),
            _ => None,
        };
        let (role, origin, rest) = match c.as_slice() {
            [p, f, rest @ ..] if role(*p).is_some() && num(*f).is_some() => {
                (role(*p)?, Origin::File(num(*f)?), rest)
            }
            [mark, p, rest @ ..] if role(*p).is_some() => {
                let (q, rest) = match rest {
                    [f, r @ ..] if num(*f).is_some() && r.len() == 2 => (num(*f), r),
                    _ => (None, rest),
                };
                let origin = match mark {
                    '前' => Origin::Front(q),
                    '中' => Origin::Middle(q),
                    '後' | '后' => Origin::Rear(q),
                    m => Origin::Nth(num(*m)?, q),
                };
                (role(*p)?, origin, rest)
            }
            _ => return None,
        };
        match rest {
            [o, t] => Description::checked(role, origin, op(*o)?, num(*t)?),
            _ => None,
        }
    }
}

impl FromStr for Description {
    type Err = MoveTextError;
    /// Parses WXF or Chinese notation.
    fn from_str(s: &str) -> Result<Description, MoveTextError> {
        Description::parse_wxf(s)
            .or_else(|| Description::parse_chinese(s))
            .ok_or_else(|| MoveTextError::Invalid(s.to_owned()))
    }
}

impl Position {
    /// WXF text of a legal move. Tandem soldiers (three or more on a file, or two files with
    /// two or more) are written as their index from the front plus the file, `25.6`, as
    /// Fairy-Stockfish and WXF records do; everything else is [`Description::wxf`].
    fn wxf_text(&self, m: Move, d: Description) -> String {
        let qualified = matches!(
            d.origin,
            Origin::Front(Some(_))
                | Origin::Middle(Some(_))
                | Origin::Rear(Some(_))
                | Origin::Nth(_, Some(_))
        );
        match self.piece_at(m.from) {
            // Two files each with two or more of a piece other than a soldier happen only in
            // composed positions, and WXF has no form for them: ICCS, which every reader takes.
            Some(piece) if qualified && piece.role != Role::Soldier => m.to_string(),
            Some(piece) if d.role == Role::Soldier && !matches!(d.origin, Origin::File(_)) => {
                let col = column(self, m.from, piece);
                if col.len() < 3 && !qualified {
                    return d.wxf();
                }
                let idx = col.iter().position(|&s| s == m.from).unwrap_or(0);
                if idx >= 9 {
                    return d.wxf(); // the tenth of ten (composed positions): rear
                }
                let op = match d.op {
                    Op::Advance => '+',
                    Op::Retreat => '-',
                    Op::Traverse => '.',
                };
                format!(
                    "{}{}{op}{}",
                    idx + 1,
                    file_number(m.from, piece.color),
                    d.target
                )
            }
            _ => d.wxf(),
        }
    }

    /// Reads a move in any notation: ICCS (`h2e2`, `H2-E2`), WXF (`C2.5`) or Chinese
    /// (`炮二平五`). The errors tell invalid notation from a move that is illegal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        if let Ok(m) = text.parse::<Move>() {
            return if self.is_legal(m) {
                Ok(m)
            } else {
                Err(MoveTextError::Illegal(text.trim().to_owned()))
            };
        }
        let d: Description = text.parse()?;
        d.resolve(self).map_err(|e| match e {
            MoveTextError::Illegal(_) => MoveTextError::Illegal(text.trim().to_owned()),
            MoveTextError::Ambiguous(_) => MoveTextError::Ambiguous(text.trim().to_owned()),
            other @ MoveTextError::Invalid(_) => other,
        })
    }

    /// Writes a legal move in the given notation.
    pub fn write_move(&self, m: Move, notation: Notation) -> String {
        let d = || Description::of(self, m);
        match notation {
            Notation::Iccs => m.to_string(),
            Notation::Wxf => d().map_or_else(|| m.to_string(), |d| self.wxf_text(m, d)),
            Notation::ChineseSimplified => d().map_or_else(
                || m.to_string(),
                |d| d.chinese(self.turn(), Script::Simplified),
            ),
            Notation::ChineseTraditional => d().map_or_else(
                || m.to_string(),
                |d| d.chinese(self.turn(), Script::Traditional),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(pos: &mut Position, text: &str) -> Move {
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play_unchecked(m);
        m
    }

    #[test]
    fn opening_in_three_notations() {
        let mut p = Position::default();
        let m = "h2e2".parse::<Move>().unwrap();
        assert_eq!(p.write_move(m, Notation::Wxf), "C2.5");
        assert_eq!(p.write_move(m, Notation::ChineseTraditional), "炮二平五");
        assert_eq!(p.write_move(m, Notation::ChineseSimplified), "炮二平五");
        assert_eq!(play(&mut p, "炮二平五"), m);
        let h = "h9g7".parse::<Move>().unwrap();
        assert_eq!(p.write_move(h, Notation::Wxf), "H8+7");
        assert_eq!(p.write_move(h, Notation::ChineseTraditional), "馬8進7");
        assert_eq!(p.write_move(h, Notation::ChineseSimplified), "马8进7");
        assert_eq!(play(&mut p, "H8+7"), h);
        // Red chariot i0 up one: R1+1; the horse b0 to c2: H8+7.
        assert_eq!(p.parse_move("R1+1"), Ok("i0i1".parse().unwrap()));
        assert_eq!(p.parse_move("傌八進七"), Ok("b0c2".parse().unwrap()));
        assert_eq!(p.parse_move("马八进七"), Ok("b0c2".parse().unwrap()));
        assert_eq!(p.parse_move("h8+7"), Ok("b0c2".parse().unwrap()));
    }

    #[test]
    fn front_and_rear_pieces() {
        // Two red cannons on the e-file (e2 front? no: e5 front, e2 rear).
        let p = Position::from_fen("3k5/9/9/9/4C4/9/9/4C4/9/4K4 w").unwrap();
        let front = "e5d5".parse::<Move>().unwrap();
        let rear = "e2d2".parse::<Move>().unwrap();
        assert_eq!(p.write_move(front, Notation::Wxf), "+C.6");
        assert_eq!(p.write_move(rear, Notation::Wxf), "-C.6");
        assert_eq!(
            p.write_move(front, Notation::ChineseTraditional),
            "前炮平六"
        );
        assert_eq!(p.write_move(rear, Notation::ChineseSimplified), "后炮平六");
        assert_eq!(p.parse_move("C+.6"), Ok(front));
        assert_eq!(p.parse_move("C+=6"), Ok(front));
        assert_eq!(p.parse_move("後炮平六"), Ok(rear));
        // The file form is ambiguous here.
        assert!(matches!(
            p.parse_move("C5.6"),
            Err(MoveTextError::Ambiguous(_))
        ));
    }

    #[test]
    fn tandem_soldiers() {
        // Three red soldiers on the e-file: front, middle, rear.
        let p = Position::from_fen_with(
            "3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w",
            crate::Validation::Permissive,
        )
        .unwrap();
        let mid = "e5d5".parse::<Move>().unwrap();
        assert_eq!(p.write_move(mid, Notation::ChineseTraditional), "中兵平六");
        assert_eq!(
            p.write_move(mid, Notation::Wxf),
            "25.6",
            "Fairy-Stockfish writes 25=6"
        );
        assert_eq!(p.parse_move("中兵平六"), Ok(mid));
        assert_eq!(p.parse_move("2P.6"), Ok(mid));
        assert_eq!(
            p.parse_move("25.6"),
            Ok(mid),
            "pyffish-style tandem index plus file"
        );
        // Two files with two soldiers each: the file qualifies front/rear.
        let q = Position::from_fen_with(
            "3k5/9/9/2P1P4/2P1P4/9/9/9/9/4K4 w",
            crate::Validation::Permissive,
        )
        .unwrap();
        let m = "c6b6".parse::<Move>().unwrap();
        assert_eq!(q.write_move(m, Notation::Wxf), "17.8");
        let rear = "c5d5".parse::<Move>().unwrap();
        assert_eq!(
            q.write_move(rear, Notation::Wxf),
            "27.6",
            "Fairy-Stockfish writes 27=6"
        );
        assert_eq!(
            q.write_move(rear, Notation::ChineseSimplified),
            "后兵七平六"
        );
        assert_eq!(q.parse_move("-7.6"), Ok(rear));
        assert_eq!(q.parse_move("27=6"), Ok(rear));
        assert_eq!(q.write_move(m, Notation::ChineseTraditional), "前兵七平八");
        assert_eq!(q.parse_move("前兵七平八"), Ok(m));
        assert_eq!(q.parse_move("17.8"), Ok(m));
    }

    #[test]
    fn invalid_and_illegal_are_distinct() {
        let p = Position::default();
        for bad in [
            "",
            "hello",
            "C2.0",
            "C0.5",
            "X2.5",
            "炮十平五",
            "E3.5",
            "炮二平",
            "h2e",
        ] {
            assert!(
                matches!(p.parse_move(bad), Err(MoveTextError::Invalid(_))),
                "{bad}"
            );
        }
        for illegal in ["C2.0x", "C3.5", "R1+3", "炮二進九", "e3e5", "h2h8"] {
            let r = p.parse_move(illegal);
            assert!(
                matches!(
                    r,
                    Err(MoveTextError::Illegal(_) | MoveTextError::Invalid(_))
                ),
                "{illegal}: {r:?}"
            );
        }
        assert!(matches!(
            p.parse_move("C3.5"),
            Err(MoveTextError::Illegal(_))
        ));
        assert!(matches!(
            p.parse_move("炮二進九"),
            Err(MoveTextError::Illegal(_))
        ));
        assert!(matches!(
            p.parse_move("e3e5"),
            Err(MoveTextError::Illegal(_))
        ));
    }

    #[test]
    fn hand_built_out_of_range_descriptions_do_not_panic() {
        let d = Description {
            role: Role::Chariot,
            origin: Origin::File(0),
            op: Op::Advance,
            target: 200,
        };
        assert_eq!(d.chinese(Color::Red, Script::Simplified), "车?进?");
        assert_eq!(d.chinese(Color::Black, Script::Traditional), "車?進?");
        assert_eq!(d.wxf(), "R0+200");
        assert!(matches!(
            d.resolve(&Position::default()),
            Err(MoveTextError::Illegal(_))
        ));
    }

    #[test]
    fn every_legal_move_round_trips_from_the_start() {
        let p = Position::default();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for &m in &moves {
            for n in [
                Notation::Iccs,
                Notation::Wxf,
                Notation::ChineseSimplified,
                Notation::ChineseTraditional,
            ] {
                let text = p.write_move(m, n);
                assert_eq!(p.parse_move(&text), Ok(m), "{n:?} {text}");
            }
        }
    }

    #[test]
    fn simplified_chinese_writes_black_advisor_moves_with_shi() {
        let mut p = Position::default();
        play(&mut p, "h2e2");
        let m: Move = "d9e8".parse().unwrap();
        assert_eq!(p.write_move(m, Notation::ChineseSimplified), "士4进5");
        assert_eq!(p.write_move(m, Notation::ChineseTraditional), "士4進5");
        assert_eq!(p.parse_move("士4进5"), Ok(m));
    }
}
