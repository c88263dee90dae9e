//! Klondike move text, one move a line, read back from what it writes and played on a
//! seeded deal by `Game::play_text`: a refused move changes nothing.
#![no_main]

use klondike::{Game, Move, Options, Rules};
use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&seed, data)) = data.split_first() else {
        return;
    };
    let mut game = Game::from_seed(u64::from(seed), Rules::default(), Options::default());
    for line in text(data).lines() {
        round_trip::<Move>(line);
        let (position, plies) = (game.position().clone(), game.history().len());
        if game.play_text(line).is_err() {
            assert_eq!(
                game.position(),
                &position,
                "the refused {line:?} changed the game"
            );
            assert_eq!(
                game.history().len(),
                plies,
                "the refused {line:?} was recorded"
            );
        }
    }
});
