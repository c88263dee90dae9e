//! Xiangqi PGN and move lists: a record read is written back in every notation and reads
//! back to the same moves.
#![no_main]

use parlor_fuzz::text;
use xiangqi::{Notation, Position, RuleSet, Validation, read_move_list, read_pgn, write_pgn};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let rules = RuleSet::default();
    let _ = read_move_list(Position::new(), &text, rules);
    for validation in [Validation::Strict, Validation::Permissive] {
        let Ok(record) = read_pgn(&text, rules, validation) else {
            continue;
        };
        for notation in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::ChineseSimplified,
            Notation::ChineseTraditional,
        ] {
            let written = write_pgn(&record.game, notation, &[]);
            let back = read_pgn(&written, rules, validation).unwrap_or_else(|e| {
                panic!("{text:?} is written {written:?}, which does not read: {e}")
            });
            assert!(
                back.game.moves().eq(record.game.moves()),
                "{text:?} is written {written:?}"
            );
        }
    }
});
