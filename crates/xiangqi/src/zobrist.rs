//! Zobrist keys, generated at compile time from a fixed SplitMix64 stream.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Keys per board code (0–15) and square; code 0 (empty) is all zeros.
static PIECES: [[u64; 90]; 16] = {
    let mut t = [[0u64; 90]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut c = 1;
    while c < 16 {
        let mut s = 0;
        while s < 90 {
            let (next, k) = splitmix(state);
            state = next;
            t[c][s] = k;
            s += 1;
        }
        c += 1;
    }
    t
};

/// XORed in when Black is to move.
pub(crate) const SIDE: u64 = splitmix(0x1234_5678_9ABC_DEF0).1;

#[inline]
pub(crate) fn piece(code: u8, sq: usize) -> u64 {
    PIECES[code as usize][sq]
}

/// The hash computed from scratch.
pub(crate) fn hash_board(board: &[u8; 90], turn: crate::Color) -> u64 {
    let mut h = if turn == crate::Color::Black { SIDE } else { 0 };
    for (s, &c) in board.iter().enumerate() {
        h ^= piece(c, s);
    }
    h
}
