//! Seats: the players at a table, named the same way in every game, with the table size in
//! the type so that a seat the table does not have cannot be built.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at a table of `N` seats: an index below `N`, guaranteed by construction (as
/// shakmaty's `Color` is closed). Games give seats their own names (Hearts: N, E, S, W; Dou
/// Dizhu: landlord and farmers) on top of this index; each game crate names its table size
/// once (`pub type Seat = cards_core::Seat<4>;`). Turn order is increasing index, wrapping.
///
/// ```
/// use cards_core::Seat;
///
/// type Seat3 = Seat<3>;
/// assert_eq!(Seat3::ALL[2].next(), Seat3::ALL[0]);
/// assert_eq!(Seat3::ALL[0].prev(), Seat3::ALL[2]);
/// assert_eq!(Seat3::ALL[1].offset(5), Seat3::ALL[0]);
/// assert_eq!(Seat3::new(3), None, "a 3-seat table has no seat 3");
/// ```
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat<const N: usize>(u8);

/// The error for a seat index the table does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {index} does not exist (seats are 0..{seats})")]
pub struct InvalidSeat {
    /// The index given.
    pub index: usize,
    /// How many seats the table has.
    pub seats: usize,
}

impl<const N: usize> Seat<N> {
    /// Tables have 1 to 255 seats: a seat is one byte. Evaluated (and so checked at compile
    /// time) wherever a seat is built.
    const SIZE_OK: () = assert!(N >= 1 && N <= 255, "a table has 1 to 255 seats");

    /// The number of seats at the table.
    pub const COUNT: usize = N;

    /// Every seat in turn order, seat 0 first.
    pub const ALL: [Seat<N>; N] = {
        let () = Self::SIZE_OK;
        let mut all = [Seat(0); N];
        let mut i = 0;
        while i < N {
            all[i] = Seat(i as u8);
            i += 1;
        }
        all
    };

    /// The seat with this index, if `index < N`.
    pub const fn new(index: usize) -> Option<Seat<N>> {
        let () = Self::SIZE_OK;
        if index < N {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat's index, below `N`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order.
    #[must_use]
    pub const fn next(self) -> Seat<N> {
        self.offset(1)
    }

    /// The previous seat in turn order.
    #[must_use]
    pub const fn prev(self) -> Seat<N> {
        self.offset(N - 1)
    }

    /// The seat `steps` places after this one in turn order.
    #[must_use]
    pub const fn offset(self, steps: usize) -> Seat<N> {
        Seat(((self.0 as usize + steps % N) % N) as u8)
    }
}

impl<const N: usize> TryFrom<u8> for Seat<N> {
    type Error = InvalidSeat;
    fn try_from(index: u8) -> Result<Seat<N>, InvalidSeat> {
        Seat::try_from(usize::from(index))
    }
}

impl<const N: usize> TryFrom<usize> for Seat<N> {
    type Error = InvalidSeat;
    fn try_from(index: usize) -> Result<Seat<N>, InvalidSeat> {
        Seat::new(index).ok_or(InvalidSeat { index, seats: N })
    }
}

impl<const N: usize> From<Seat<N>> for u8 {
    fn from(seat: Seat<N>) -> u8 {
        seat.0
    }
}

impl<const N: usize> From<Seat<N>> for usize {
    fn from(seat: Seat<N>) -> usize {
        seat.index()
    }
}

impl<const N: usize> fmt::Display for Seat<N> {
    /// The seat's index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One value per seat at a table of `N` seats, indexed by [`Seat<N>`]: every index is in
/// range by construction, so access never panics.
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
    pub fn from_fn(mut f: impl FnMut(Seat<N>) -> T) -> Self {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// The value of `seat`.
    pub fn get(&self, seat: Seat<N>) -> &T {
        &self.0[seat.index()]
    }

    /// The value of `seat`, mutably.
    pub fn get_mut(&mut self, seat: Seat<N>) -> &mut T {
        &mut self.0[seat.index()]
    }

    /// Applies `f` to each seat's value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U, N> {
        BySeat(self.0.map(f))
    }

    /// The seats of this table in order.
    pub fn seats(
        &self,
    ) -> impl DoubleEndedIterator<Item = Seat<N>> + ExactSizeIterator + use<T, N> {
        Seat::<N>::ALL.into_iter()
    }

    /// `(seat, value)` pairs in seat order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat<N>, &T)> + ExactSizeIterator {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// `(seat, value)` pairs in seat order, mutably.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Seat<N>, &mut T)> + ExactSizeIterator {
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

impl<T, const N: usize> Index<Seat<N>> for BySeat<T, N> {
    type Output = T;
    fn index(&self, seat: Seat<N>) -> &T {
        self.get(seat)
    }
}

impl<T, const N: usize> IndexMut<Seat<N>> for BySeat<T, N> {
    fn index_mut(&mut self, seat: Seat<N>) -> &mut T {
        self.get_mut(seat)
    }
}

impl<T: serde::Serialize, const N: usize> serde::Serialize for BySeat<T, N> {
    /// A list of `N` values, seat 0 first.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

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
        let s = Seat::<4>::ALL;
        assert_eq!(s[3].next(), s[0]);
        assert_eq!(s[0].prev(), s[3]);
        assert_eq!(s[1].offset(2), s[3]);
        assert_eq!(
            s[1].offset(usize::MAX),
            s[0],
            "no overflow: MAX ≡ 3 (mod 4)"
        );
        assert_eq!(Seat::<3>::ALL.len(), 3);
        assert_eq!(Seat::<4>::new(4), None);
        assert_eq!(
            Seat::<4>::try_from(9u8),
            Err(InvalidSeat { index: 9, seats: 4 })
        );
    }

    #[test]
    fn seat_out_of_range_for_its_table_cannot_be_built() {
        // Issue 13: `Seat::next(0)` divided by zero, `Seat::ALL[3].next(5)` built `Seat(4)` and a
        // `BySeat<_, 3>` indexed by `Seat(3)` panicked. The table size is now the seat's type:
        // every way of making a seat stays below it.
        for seat in Seat::<3>::ALL {
            for steps in [0, 1, 2, 3, 5, 1000, usize::MAX] {
                assert!(seat.offset(steps).index() < 3);
            }
            assert!(seat.next().index() < 3 && seat.prev().index() < 3);
        }
        assert_eq!(Seat::<3>::new(3), None);
        assert_eq!(
            Seat::<3>::try_from(3u8).map_err(|e| e.to_string()),
            Err("seat 3 does not exist (seats are 0..3)".into())
        );
        let table = BySeat::<u8, 3>::new([1, 2, 3]);
        assert_eq!(Seat::<3>::ALL.map(|s| table[s]), [1, 2, 3]);
        assert_eq!(Seat::<1>::ALL[0].next(), Seat::<1>::ALL[0]);
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
