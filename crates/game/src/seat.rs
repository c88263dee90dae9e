//! Seats as the interface sees them: indices, sets of seats, whose turn it is, who looks.

use std::fmt;

/// The most seats any parlor game has (Hearts).
pub const MAX_SEATS: usize = 4;

/// A set of seat indices `0..MAX_SEATS`, one bit each.
///
/// ```
/// use game::SeatSet;
/// let set = SeatSet::EMPTY.with(0).with(2);
/// assert!(set.contains(2) && !set.contains(1));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [0, 2]);
/// assert_eq!(SeatSet::first(3).len(), 3);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Seats `0..n` (at most [`MAX_SEATS`]).
    pub const fn first(n: usize) -> SeatSet {
        let n = if n > MAX_SEATS { MAX_SEATS } else { n };
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// This set with `seat` added; a seat of `MAX_SEATS` or more is ignored.
    #[must_use]
    pub const fn with(self, seat: usize) -> SeatSet {
        if seat < MAX_SEATS {
            SeatSet(self.0 | 1 << seat)
        } else {
            self
        }
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: usize) -> bool {
        seat < MAX_SEATS && self.0 & (1 << seat) != 0
    }

    /// How many seats the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..MAX_SEATS).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<usize> for SeatSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> SeatSet {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Who may act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// One seat acts.
    Seat(usize),
    /// Several seats act in any order, each independently of the others (Hearts passing):
    /// the set holds the seats that still have to act.
    Simultaneous(SeatSet),
    /// The game is over; nobody acts.
    Over,
}

impl Turn {
    /// The seats that may act now.
    ///
    /// ```
    /// use game::{SeatSet, Turn};
    /// assert!(Turn::Seat(1).seats().contains(1));
    /// assert!(Turn::Over.seats().is_empty());
    /// ```
    pub fn seats(self) -> SeatSet {
        match self {
            Turn::Seat(seat) => SeatSet::EMPTY.with(seat),
            Turn::Simultaneous(set) => set,
            Turn::Over => SeatSet::EMPTY,
        }
    }

    /// Whether `seat` may act now.
    pub fn includes(self, seat: usize) -> bool {
        self.seats().contains(seat)
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Seat(seat) => write!(f, "seat {seat}"),
            Turn::Simultaneous(set) => {
                f.write_str("seats")?;
                for seat in set.iter() {
                    write!(f, " {seat}")?;
                }
                Ok(())
            }
            Turn::Over => f.write_str("nobody (the game is over)"),
        }
    }
}

/// Who looks at the game: one seat, which sees its own hidden information, or a spectator,
/// who sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat.
    Seat(usize),
    /// Anyone else: only public information.
    Spectator,
}
