//! Gomoku points, move lists and interface actions, read back from what they write, and a
//! move list played on a board.
#![no_main]

use gomoku::{Action, Game, Point, Settings, format_moves, parse_moves};
use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    round_trip::<Point>(&text);
    round_trip::<Action>(&text);
    if let Ok(points) = parse_moves(&text) {
        let written = format_moves(&points);
        assert_eq!(
            parse_moves(&written).as_ref(),
            Ok(&points),
            "{text:?} is written {written:?}"
        );
        let mut game = Game::new(15, 15, Settings::default()).expect("15x15 is a board size");
        for p in points {
            let before = game.clone();
            if game.play(p).is_err() {
                assert!(game == before, "the refused {p} changed the game");
            }
        }
    }
});
