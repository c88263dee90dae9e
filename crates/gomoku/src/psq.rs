//! Gomocup's `.psq` game records (the format piskvork saves): a `Piskvorky WxH, 11:11, 0`
//! header, one `x,y,ms` line per move with 1-based coordinates and the time the move took, then
//! free lines (the players' names, `-1`, …) that a reader skips.
//!
//! ```
//! use gomoku::{Point, psq};
//! let moves = [Point::new(7, 7), Point::new(8, 8)];
//! let text = psq::write(15, 15, &moves, &["ann", "bob"]);
//! assert!(text.starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n"));
//! let record = psq::read(&text)?;
//! assert_eq!((record.width, record.height, record.moves.as_slice()), (15, 15, &moves[..]));
//! # Ok::<(), psq::ParsePsqError>(())
//! ```

use std::fmt::Write as _;

use crate::point::{MAX_SIDE, MIN_SIDE, Point};

/// A `.psq` record as read: the board size and the moves, Black's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psq {
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// The moves in order.
    pub moves: Vec<Point>,
}

/// Why a text is not a `.psq` record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePsqError {
    /// The first line is not `Piskvorky WxH, …` with a supported size.
    #[error("not a psq header (Piskvorky WxH, 11:11, 0): {0:?}")]
    Header(String),
    /// A move line names a point off the board.
    #[error("move {index} ({text:?}) is off the {width}x{height} board")]
    OffBoard {
        /// 0-based index of the move.
        index: usize,
        /// Its line.
        text: String,
        /// Board columns.
        width: u8,
        /// Board rows.
        height: u8,
    },
}

/// Writes `moves` on a `width`×`height` board as `.psq`, with `names` after the moves (and a
/// time of 0 ms per move).
pub fn write(width: u8, height: u8, moves: &[Point], names: &[&str]) -> String {
    write_timed(width, height, moves, &[], names)
}

/// As [`write()`], with the time each move took: `times_ms[i]` for move `i` (0 past its end).
///
/// ```
/// use gomoku::{Point, psq};
/// let text = psq::write_timed(15, 15, &[Point::new(7, 7)], &[532], &["ann"]);
/// assert_eq!(text, "Piskvorky 15x15, 11:11, 0\n8,8,532\nann\n-1\n");
/// ```
pub fn write_timed(
    width: u8,
    height: u8,
    moves: &[Point],
    times_ms: &[u64],
    names: &[&str],
) -> String {
    let mut out = format!("Piskvorky {width}x{height}, 11:11, 0\n");
    for (i, p) in moves.iter().enumerate() {
        let ms = times_ms.get(i).copied().unwrap_or(0);
        let _ = writeln!(
            out,
            "{},{},{ms}",
            u32::from(p.x()) + 1,
            u32::from(p.y()) + 1
        );
    }
    for name in names {
        let _ = writeln!(out, "{name}");
    }
    out.push_str("-1\n");
    out
}

/// Reads a `.psq` record: the header's size, then every `x,y[,ms]` line up to the first line
/// that is not one.
pub fn read(text: &str) -> Result<Psq, ParsePsqError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let (width, height) = header
        .trim()
        .strip_prefix("Piskvorky ")
        .and_then(|rest| rest.split(',').next())
        .and_then(|size| size.trim().split_once('x'))
        .and_then(|(w, h)| Some((w.parse::<u8>().ok()?, h.parse::<u8>().ok()?)))
        .filter(|&(w, h)| (MIN_SIDE..=MAX_SIDE).contains(&w) && (MIN_SIDE..=MAX_SIDE).contains(&h))
        .ok_or_else(|| ParsePsqError::Header(header.to_owned()))?;
    let mut moves = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let coordinates = match fields.as_slice() {
            [x, y] | [x, y, _] => x.parse::<i32>().ok().zip(y.parse::<i32>().ok()),
            _ => None,
        };
        let Some((x, y)) = coordinates else { break };
        let point = Point::try_new(x - 1, y - 1)
            .filter(|p| p.x() < width && p.y() < height)
            .ok_or_else(|| ParsePsqError::OffBoard {
                index: moves.len(),
                text: line.to_owned(),
                width,
                height,
            })?;
        moves.push(point);
    }
    Ok(Psq {
        width,
        height,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_piskvork_and_the_arena_write() {
        // The layout of gomoku-brain's arena records and of piskvork's saved games.
        let text =
            "Piskvorky 20x20, 11:11, 0\n10,10,532\n11,11,1003\n10,11,25\nrapfi\nparlor\n-1\n";
        let record = read(text).unwrap();
        assert_eq!((record.width, record.height), (20, 20));
        assert_eq!(
            record.moves,
            [Point::new(9, 9), Point::new(10, 10), Point::new(9, 10)]
        );
    }

    #[test]
    fn bad_headers_and_points_off_the_board_are_refused() {
        assert!(matches!(
            read("Gomoku 15x15\n"),
            Err(ParsePsqError::Header(_))
        ));
        assert!(matches!(
            read("Piskvorky 99x15, 11:11, 0\n"),
            Err(ParsePsqError::Header(_))
        ));
        assert!(matches!(read(""), Err(ParsePsqError::Header(_))));
        assert_eq!(
            read("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n"),
            Err(ParsePsqError::OffBoard {
                index: 1,
                text: "16,1,0".into(),
                width: 15,
                height: 15
            })
        );
    }

    #[test]
    fn write_then_read_gives_the_moves_back() {
        let moves: Vec<Point> = (0..10).map(|i| Point::new(i, (i * 3) % 12)).collect();
        let record = read(&write(12, 13, &moves, &["black", "white"])).unwrap();
        assert_eq!((record.width, record.height, record.moves), (12, 13, moves));
    }
}
