//! Klondike deals as 52 cards: read back from what they write, and dealt into a game.
#![no_main]

use klondike::{Deal, Klondike, MoveList, Rules};
use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(deal) = round_trip::<Deal>(&text(data)) {
        let game = Klondike::new(&deal, Rules::default());
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        for &mv in moves.iter() {
            game.clone().play(mv).expect("a listed move is legal");
        }
    }
});
