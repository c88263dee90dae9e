//! Xiangqi move text (ICCS, WXF, Chinese) on a position reached by the first bytes: a move it
//! reads is legal, and every notation's text of a legal move reads back to it.
#![no_main]

use parlor_fuzz::{round_trip, text};
use xiangqi::{Description, Move, MoveList, Notation, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&plies, data)) = data.split_first() else {
        return;
    };
    let plies = usize::from(plies % 64).min(data.len());
    let (choices, data) = data.split_at(plies);
    let mut position = Position::new();
    let mut moves = MoveList::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[usize::from(choice) % moves.len()]);
    }
    let text = text(data);
    round_trip::<Move>(&text);
    let _ = text.parse::<Description>();
    if let Ok(m) = position.parse_move(&text) {
        assert!(position.is_legal(m), "{text:?} reads as the illegal {m}");
    }
    position.legal_moves(&mut moves);
    if let Some(&m) =
        moves.get(usize::from(data.first().copied().unwrap_or(0)) % moves.len().max(1))
    {
        for notation in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::ChineseSimplified,
            Notation::ChineseTraditional,
        ] {
            let written = position.write_move(m, notation);
            assert_eq!(
                position.parse_move(&written),
                Ok(m),
                "{m} in {notation:?} is {written:?}"
            );
        }
    }
});
