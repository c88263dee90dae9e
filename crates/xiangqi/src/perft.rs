//! perft: counting the leaves of the legal move tree, the standard move generator test.

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos` (bulk-counted: the last
/// ply counts the legal move list instead of playing each move).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in &list {
        let mut child = *pos;
        child.play_unchecked(m);
        nodes += perft(&child, depth - 1);
    }
    nodes
}

/// perft split by first move ("divide"), in move generation order. The counts add up to
/// [`perft`]`(pos, depth)`; depth 0 gives an empty list.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
