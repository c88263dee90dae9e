//! The parsers fed arbitrary text (issue 13): none panics, and whatever one accepts, its
//! canonical `Display` parses back to the same value.

use hearts::{PassDirection, PassSchedule, parse_seat, seat_name};
use proptest::prelude::*;

proptest! {
    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in "\\PC{0,16}") {
        let _ = text.parse::<PassDirection>();
        let _ = text.parse::<PassSchedule>();
        let _ = parse_seat(&text);
    }

    #[test]
    fn parsers_round_trip_what_they_accept(
        text in "(?i)(left|right|across|hold|none|keep|cycle|no|off|[lrahc]|n|e|s|w|north|east|south|west|[0-4]| |x){1,2}"
    ) {
        if let Ok(direction) = text.parse::<PassDirection>() {
            prop_assert_eq!(direction.to_string().parse::<PassDirection>(), Ok(direction));
        }
        if let Ok(schedule) = text.parse::<PassSchedule>() {
            prop_assert_eq!(schedule.to_string().parse::<PassSchedule>(), Ok(schedule));
        }
        if let Some(seat) = parse_seat(&text) {
            prop_assert_eq!(parse_seat(seat_name(seat)), Some(seat));
        }
    }
}
