//! The fast move generator against the naive one on rule corners, and the capacity of the
//! move list at its worst case.

mod common;

use common::{legal_moves, naive_legal_moves};
use xiangqi::{
    Color, FenError, MAX_MOVES, MAX_PIECES_PER_SIDE, Move, Position, PositionError, Validation,
    perft,
};

fn permissive(fen: &str) -> Position {
    Position::from_fen_with(fen, Validation::Permissive).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

#[test]
fn fast_generator_equals_naive_on_rule_corners() {
    for fen in [
        xiangqi::START_FEN,
        "3k5/9/9/9/4c4/4c4/9/9/9/3AK4 w",
        "3k5/9/9/9/4c4/9/4P4/9/9/4KA3 w",
        "4k4/9/9/9/9/9/9/9/4N4/4K4 w",
        "3k5/9/9/9/9/9/9/3n5/4A4/4K4 w",
        "1n1k5/9/9/1p7/9/9/9/1C7/9/4K4 w",
    ] {
        let p = permissive(fen);
        let fast = sorted(legal_moves(&p));
        assert_eq!(fast, sorted(naive_legal_moves(&p)), "{fen}");
        assert!(fast.iter().all(|&m| p.is_legal(m)), "{fen}");
    }
}

/// Eight chariots on their own ranks and files: each has an open rank and file.
const EIGHT_CHARIOTS: &str = "4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/3K5 w - - 0 1";

#[test]
fn more_than_128_legal_moves_fit_the_move_list() {
    // A permissive position with 136 legal moves panicked in `MoveList::push` (capacity 128)
    // from `perft --fen`, the terminal game, a PGN `[FEN]` tag and serde.
    let p = permissive(EIGHT_CHARIOTS);
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 136);
    assert_eq!(sorted(moves), sorted(naive_legal_moves(&p)));
    assert_eq!(perft(&p, 1), 136);
    assert!(perft(&p, 2) > 0);
}

#[test]
fn the_move_list_holds_the_most_pieces_validation_accepts() {
    // Sixteen red pieces (the general, eight open chariots, seven cannons): the most a side
    // may have even under permissive validation, the case `MAX_MOVES` is computed for.
    let fen = "4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/CCCK1CCCC w - - 0 1";
    let p = permissive(fen);
    assert_eq!(
        p.pieces().filter(|(_, q)| q.color == Color::Red).count(),
        MAX_PIECES_PER_SIDE
    );
    let moves = legal_moves(&p);
    assert!(
        moves.len() > 128 && moves.len() <= MAX_MOVES,
        "{}",
        moves.len()
    );
    assert_eq!(sorted(moves), sorted(naive_legal_moves(&p)));
    // One piece more is refused, with the reason.
    let more = "4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/CCCKCCCCC w - - 0 1";
    assert_eq!(
        Position::from_fen_with(more, Validation::Permissive),
        Err(FenError::Invalid(PositionError::TooManyPiecesOnSide {
            color: Color::Red,
            count: 17
        }))
    );
}
