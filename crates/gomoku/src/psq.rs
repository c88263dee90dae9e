//! Gomocup's `.psq` game records, as the Piskvork manager writes them: a header
//! `Piskvorky WxH, 11:11, 0`, one `x,y,ms` line per move with 1-based coordinates (`x` from the
//! left, `y` as [`Point::y`]), then trailing lines (player names, `-1`) that carry no moves.
//!
//! ```
//! use gomoku::{Point, psq};
//! let moves = [Point::new(7, 7), Point::new(8, 8)];
//! let text = psq::write(15, 15, &moves);
//! assert_eq!(text, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n");
//! let record = psq::read(&text)?;
//! assert_eq!((record.width, record.height, record.moves), (15, 15, moves.to_vec()));
//! # Ok::<(), gomoku::psq::ReadPsqError>(())
//! ```

use std::fmt::Write as _;

use crate::Point;

/// A game read from a `.psq` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PsqRecord {
    /// Board width from the header.
    pub width: u8,
    /// Board height from the header.
    pub height: u8,
    /// The moves, Black first.
    pub moves: Vec<Point>,
}

/// Why a `.psq` record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadPsqError {
    /// The first line is not `Piskvorky WxH, …`.
    #[error("not a psq record: the first line should be \"Piskvorky WxH, ...\", got {0:?}")]
    Header(String),
    /// A move line names a point outside the board.
    #[error("psq line {line}: {x},{y} is off the {width}x{height} board")]
    OffBoard {
        /// 1-based line number.
        line: usize,
        /// The 1-based column read.
        x: u32,
        /// The 1-based row read.
        y: u32,
        /// Board width.
        width: u8,
        /// Board height.
        height: u8,
    },
}

/// Writes `moves` on a `width`×`height` board as a `.psq` record (move times 0).
pub fn write(width: u8, height: u8, moves: &[Point]) -> String {
    let mut out = format!("Piskvorky {width}x{height}, 11:11, 0\n");
    for p in moves {
        writeln!(out, "{},{},0", p.x() + 1, p.y() + 1).expect("writing to a String");
    }
    out.push_str("-1\n");
    out
}

/// Reads a `.psq` record: the header's board size and the move lines up to the first line
/// that is not `x,y` or `x,y,ms` (the player names and `-1` that end the file).
pub fn read(text: &str) -> Result<PsqRecord, ReadPsqError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("").trim();
    let (width, height) = header
        .strip_prefix("Piskvorky")
        .and_then(|rest| rest.split(',').next())
        .and_then(|size| {
            let (w, h) = size.trim().split_once(['x', 'X'])?;
            Some((w.trim().parse::<u8>().ok()?, h.trim().parse::<u8>().ok()?))
        })
        .ok_or_else(|| ReadPsqError::Header(header.to_owned()))?;
    let mut moves = Vec::new();
    for (i, line) in lines.enumerate() {
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let coords = match fields[..] {
            [x, y] | [x, y, _] => x.parse::<u32>().ok().zip(y.parse::<u32>().ok()),
            _ => None,
        };
        let Some((x, y)) = coords else { break };
        let on_board = (1..=u32::from(width)).contains(&x) && (1..=u32::from(height)).contains(&y);
        if !on_board {
            return Err(ReadPsqError::OffBoard {
                line: i + 2,
                x,
                y,
                width,
                height,
            });
        }
        moves.push(Point::new((x - 1) as u8, (y - 1) as u8));
    }
    Ok(PsqRecord {
        width,
        height,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_piskvork_record_with_names_and_times() {
        // The form gomoku-brain's arena and the Piskvork manager write.
        let text = "Piskvorky 20x15, 11:11, 0\n10,8,120\n11,9,95\n9,7,0\nparlor\nrapfi\n-1\n";
        let r = read(text).unwrap();
        assert_eq!((r.width, r.height), (20, 15));
        assert_eq!(crate::format_moves(&r.moves), "j8 k9 i7");
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert_eq!(read("h8 i9"), Err(ReadPsqError::Header("h8 i9".to_owned())));
        assert_eq!(
            read("Piskvorky 15x15, 11:11, 0\n16,1,0\n")
                .unwrap_err()
                .to_string(),
            "psq line 2: 16,1 is off the 15x15 board"
        );
        assert_eq!(
            read("Piskvorky 15x15, 11:11, 0\n0,3\n")
                .unwrap_err()
                .to_string(),
            "psq line 2: 0,3 is off the 15x15 board"
        );
    }

    #[test]
    fn write_then_read_is_the_identity() {
        let moves = crate::parse_moves("a1 o15 h8 b2").unwrap();
        let r = read(&write(15, 15, &moves)).unwrap();
        assert_eq!(r.moves, moves);
    }
}
