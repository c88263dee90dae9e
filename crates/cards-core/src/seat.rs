//! Seats: the players at a table, named the same way in every game.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table, 0..4. Games give seats their own names (Hearts: N, E, S, W; Dou Dizhu:
/// landlord and farmers) on top of this index. Turn order is increasing index, wrapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Seat(u8);

/// The error for a seat index of 4 or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {0} does not exist (seats are 0..4)")]
pub struct InvalidSeat(pub u8);

impl Seat {
    /// The most seats a table has.
    pub const MAX: usize = 4;
    /// All four seats.
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat with this index, if `index < 4`.
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's index, 0..4.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order at a table of `players` seats.
    #[must_use]
    pub const fn next(self, players: usize) -> Seat {
        Seat(((self.0 as usize + 1) % players) as u8)
    }

    /// The previous seat in turn order at a table of `players` seats.
    #[must_use]
    pub const fn prev(self, players: usize) -> Seat {
        Seat(((self.0 as usize + players - 1) % players) as u8)
    }

    /// The seat `steps` places after this one at a table of `players` seats.
    #[must_use]
    pub const fn offset(self, steps: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + steps) % players) as u8)
    }

    /// The first `players` seats in turn order.
    pub fn all(players: usize) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator {
        (0..players.min(Seat::MAX) as u8).map(Seat)
    }
}

impl TryFrom<u8> for Seat {
    type Error = InvalidSeat;
    fn try_from(index: u8) -> Result<Seat, InvalidSeat> {
        Seat::new(index as usize).ok_or(InvalidSeat(index))
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl fmt::Display for Seat {
    /// The seat's index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One value per seat at a table of `N` seats (2..=4), indexed by [`Seat`].
///
/// ```
/// use cards_core::{BySeat, Seat};
///
/// let mut scores = BySeat::<i32, 3>::default();
/// *scores.get_mut(Seat::ALL[1]) += 5;
/// assert_eq!(scores[Seat::ALL[1]], 5);
/// let doubled = scores.map(|s| s * 2);
/// assert_eq!(doubled.iter().map(|(_, s)| s).sum::<i32>(), 10);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T, const N: usize>([T; N]);

impl<T, const N: usize> BySeat<T, N> {
    /// Wraps one value per seat, seat 0 first.
    pub const fn new(values: [T; N]) -> Self {
        BySeat(values)
    }

    /// Builds each seat's value from the seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// The value of `seat`.
    ///
    /// # Panics
    /// When `seat.index() >= N` (a seat the table does not have).
    pub fn get(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }

    /// The value of `seat`, mutably.
    ///
    /// # Panics
    /// When `seat.index() >= N`.
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }

    /// Applies `f` to each seat's value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U, N> {
        BySeat(self.0.map(f))
    }

    /// The seats of this table in order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + use<T, N> {
        Seat::all(N)
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// `(seat, value)` pairs in seat order, mutably.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Seat, &mut T)> + ExactSizeIterator {
        self.0
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values as an array, seat 0 first.
    pub fn as_array(&self) -> &[T; N] {
        &self.0
    }

    /// Unwraps the array, seat 0 first.
    pub fn into_array(self) -> [T; N] {
        self.0
    }
}

impl<T: Default, const N: usize> Default for BySeat<T, N> {
    fn default() -> Self {
        BySeat(std::array::from_fn(|_| T::default()))
    }
}

impl<T, const N: usize> Index<Seat> for BySeat<T, N> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        self.get(seat)
    }
}

impl<T, const N: usize> IndexMut<Seat> for BySeat<T, N> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        self.get_mut(seat)
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize, const N: usize> serde::Serialize for BySeat<T, N> {
    /// A list of `N` values, seat 0 first.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>, const N: usize> serde::Deserialize<'de> for BySeat<T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        let count = values.len();
        <[T; N]>::try_from(values)
            .map(BySeat)
            .map_err(|_| serde::de::Error::invalid_length(count, &format!("{N} seats").as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_order_wraps() {
        let s = Seat::ALL;
        assert_eq!(s[2].next(3), s[0]);
        assert_eq!(s[0].prev(3), s[2]);
        assert_eq!(s[3].next(4), s[0]);
        assert_eq!(s[1].offset(2, 4), s[3]);
        assert_eq!(Seat::all(3).count(), 3);
        assert_eq!(Seat::new(4), None);
        assert_eq!(Seat::try_from(9), Err(InvalidSeat(9)));
    }

    #[test]
    fn by_seat_access() {
        let mut table = BySeat::new(["a", "b", "c", "d"]);
        *table.get_mut(Seat::ALL[3]) = "z";
        assert_eq!(table.iter().map(|(_, v)| *v).collect::<String>(), "abcz");
        assert_eq!(table.seats().last(), Some(Seat::ALL[3]));
        let from = BySeat::<usize, 2>::from_fn(Seat::index);
        assert_eq!(from.into_array(), [0, 1]);
        for (seat, value) in table.iter_mut() {
            if seat.index() == 0 {
                *value = "y";
            }
        }
        assert_eq!(table.as_array()[0], "y");
    }
}
