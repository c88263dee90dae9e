//! Hearts names for the four seats: North, East, South, West, in clockwise play order.

use crate::Seat;

/// North, seat 0.
pub const NORTH: Seat = Seat::ALL[0];
/// East, seat 1 (plays after North).
pub const EAST: Seat = Seat::ALL[1];
/// South, seat 2.
pub const SOUTH: Seat = Seat::ALL[2];
/// West, seat 3.
pub const WEST: Seat = Seat::ALL[3];

/// The seat's letter: `N`, `E`, `S` or `W`.
///
/// ```
/// assert_eq!(hearts::seat_letter(hearts::EAST), 'E');
/// ```
pub const fn seat_letter(seat: Seat) -> char {
    match seat.index() {
        0 => 'N',
        1 => 'E',
        2 => 'S',
        _ => 'W',
    }
}

/// The seat's full name: `North`, `East`, `South` or `West`.
pub const fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "North",
        1 => "East",
        2 => "South",
        _ => "West",
    }
}

/// Reads a seat from its letter or name in any case (`n`, `North`, `w` …) or its index `0`–`3`.
///
/// ```
/// assert_eq!(hearts::parse_seat("south"), Some(hearts::SOUTH));
/// assert_eq!(hearts::parse_seat("3"), Some(hearts::WEST));
/// assert_eq!(hearts::parse_seat("x"), None);
/// ```
pub fn parse_seat(text: &str) -> Option<Seat> {
    match text.trim().to_ascii_lowercase().as_str() {
        "n" | "north" | "0" => Some(NORTH),
        "e" | "east" | "1" => Some(EAST),
        "s" | "south" | "2" => Some(SOUTH),
        "w" | "west" | "3" => Some(WEST),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(parse_seat(&seat_letter(seat).to_string()), Some(seat));
            assert_eq!(parse_seat(seat_name(seat)), Some(seat));
        }
        assert_eq!(NORTH.next(), EAST, "play goes clockwise N, E, S, W");
    }
}
