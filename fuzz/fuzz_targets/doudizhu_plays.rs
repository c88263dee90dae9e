//! Dou Dizhu play text under every rule preset: `Counts`, `Play`, `Move`, each read back
//! from what it writes.
#![no_main]

use doudizhu::{Counts, Move, Play, RuleSet};
use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    round_trip::<Counts>(&text);
    round_trip::<Move>(&text);
    for (name, rules) in RuleSet::PRESETS {
        if let Ok(play) = Play::parse(&text, &rules) {
            let written = play.to_string();
            let back = Play::parse(&written, &rules)
                .unwrap_or_else(|e| panic!("{name}: {text:?} is written {written:?}: {e}"));
            assert_eq!(back.counts, play.counts, "{name}: {text:?}");
        }
    }
});
