//! Xiangqi FEN under both validations: read back from what it writes, and every listed move
//! of the position plays.
#![no_main]

use parlor_fuzz::text;
use xiangqi::{MoveList, Position, Setup, Validation};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let _ = text.parse::<Setup>();
    for validation in [Validation::Strict, Validation::Permissive] {
        let Ok(position) = Position::from_fen_with(&text, validation) else {
            continue;
        };
        let fen = position.fen();
        let back = Position::from_fen_with(&fen, validation)
            .unwrap_or_else(|e| panic!("{text:?} is written {fen:?}, which does not read: {e}"));
        assert_eq!(
            back, position,
            "{text:?} is written {fen:?}, which reads differently"
        );
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        for &m in moves.iter() {
            position.clone().play(m).expect("a listed move is legal");
        }
        let _ = position.outcome();
    }
});
