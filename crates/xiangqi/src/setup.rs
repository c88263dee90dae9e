//! [`Setup`]: an unvalidated position, and its FEN text form.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::types::{Color, Piece, Square};

/// The standard start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// An unvalidated position: any pieces anywhere. Parse one from FEN, edit it, then build a
/// playable [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (the FEN halfmove clock).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmoves: u32,
}

/// Why a string is not FEN.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseFenError {
    /// The string has no board field.
    #[error("empty fen")]
    Empty,
    /// The board field does not have ten ranks separated by `/`.
    #[error("fen board has {0} ranks, expected 10")]
    RankCount(usize),
    /// A rank describes more or fewer than nine points.
    #[error("fen rank {rank} describes {points} points, expected 9")]
    RankWidth {
        /// Rank number 0–9 from Red's side.
        rank: u8,
        /// How many points it described.
        points: usize,
    },
    /// An unknown character in the board field.
    #[error("invalid piece character {0:?} in fen")]
    PieceChar(char),
    /// The side field is not `w`, `r` or `b`.
    #[error("invalid side to move {0:?} in fen (expected w, r or b)")]
    Side(String),
    /// The side field is missing.
    #[error("fen has no side to move")]
    MissingSide,
    /// A counter field is not a number (or a placeholder field is not `-`).
    #[error("invalid fen field {0:?}")]
    Field(String),
    /// More fields than FEN has.
    #[error("too many fen fields")]
    TooManyFields,
}

impl Setup {
    /// A board with no pieces, Red to move.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The standard start position.
    pub fn start() -> Setup {
        START_FEN.parse().expect("the start fen parses")
    }

    /// The piece on `sq`.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts (or with `None` removes) a piece.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The board field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.board[(file + 9 * rank) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    /// Parses FEN as UCCI and WXF tools write it: `board side - - halfmoves fullmoves`.
    ///
    /// Liberal: `H`/`E` are accepted for horse/elephant, the side may be `w`, `r` or `b`
    /// (any case), and everything after the side is optional (two-field FENs); placeholder
    /// `-` fields may be left out.
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        let mut fields = s.split_whitespace();
        let board = fields.next().ok_or(ParseFenError::Empty)?;
        let mut setup = Setup::empty();
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(ParseFenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(ParseFenError::PieceChar(c));
                    }
                    file += d as usize;
                } else {
                    let p = Piece::from_fen_char(c).ok_or(ParseFenError::PieceChar(c))?;
                    if file < 9 {
                        setup.board[file + 9 * rank as usize] = Some(p);
                    }
                    file += 1;
                }
                if file > 9 {
                    break;
                }
            }
            if file != 9 {
                return Err(ParseFenError::RankWidth { rank, points: file });
            }
        }
        let side = fields.next().ok_or(ParseFenError::MissingSide)?;
        setup.turn = match side.to_ascii_lowercase().as_str() {
            "w" | "r" => Color::Red,
            "b" => Color::Black,
            _ => return Err(ParseFenError::Side(side.to_owned())),
        };
        let rest: Vec<&str> = fields.collect();
        let numbers: Vec<&str> = rest.iter().copied().skip_while(|f| *f == "-").collect();
        if rest.len() - numbers.len() > 2 {
            return Err(ParseFenError::Field("-".to_owned()));
        }
        if numbers.len() > 2 {
            return Err(ParseFenError::TooManyFields);
        }
        let num = |f: &str| {
            f.parse::<u32>()
                .map_err(|_| ParseFenError::Field(f.to_owned()))
        };
        if let Some(h) = numbers.first() {
            setup.halfmoves = num(h)?;
        }
        if let Some(f) = numbers.get(1) {
            setup.fullmoves = num(f)?.max(1);
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    /// Writes the full six-field FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} - - {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Role;

    #[test]
    fn start_fen_round_trips() {
        let s = Setup::start();
        assert_eq!(s.to_string(), START_FEN);
        assert_eq!(s.board.iter().flatten().count(), 32);
        let e0 = "e0".parse::<Square>().unwrap();
        assert_eq!(s.get(e0), Some(Piece::new(Color::Red, Role::General)));
    }

    #[test]
    fn fen_synonyms_and_short_forms() {
        let two = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
        let s: Setup = two.parse().unwrap();
        assert_eq!(s, Setup::start());
        let b: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 b 3 7".parse().unwrap();
        assert_eq!((b.turn, b.halfmoves, b.fullmoves), (Color::Black, 3, 7));
        let c: Setup = "4k4/9/9/9/9/9/9/9/9/4K4 B - - 0 1".parse().unwrap();
        assert_eq!(c.turn, Color::Black);
    }

    #[test]
    fn fen_errors_are_named() {
        use ParseFenError as E;
        let cases: [(&str, ParseFenError); 9] = [
            ("", E::Empty),
            ("9/9 w", E::RankCount(2)),
            (
                "4k5/9/9/9/9/9/9/9/9/4K4 w",
                E::RankWidth {
                    rank: 9,
                    points: 10,
                },
            ),
            (
                "4k3/9/9/9/9/9/9/9/9/4K4 w",
                E::RankWidth { rank: 9, points: 8 },
            ),
            ("4x4/9/9/9/9/9/9/9/9/4K4 w", E::PieceChar('x')),
            ("4k4/9/9/9/9/9/9/9/9/4K4", E::MissingSide),
            ("4k4/9/9/9/9/9/9/9/9/4K4 x", E::Side("x".into())),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w - - z 1", E::Field("z".into())),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 5", E::TooManyFields),
        ];
        for (fen, want) in cases {
            assert_eq!(fen.parse::<Setup>(), Err(want), "{fen}");
        }
    }
}
