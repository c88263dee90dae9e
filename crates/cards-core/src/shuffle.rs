//! Seeded, reproducible randomness: the one way parlor turns a seed into a random stream, and
//! a Fisher–Yates shuffle that depends only on that stream.
//!
//! Reproducibility contract: [`seeded_rng`] expands the `u64` seed with SplitMix64 into a
//! 256-bit ChaCha8 key (all in this crate's code), and [`shuffle`] draws bounded integers with
//! Lemire's unbiased multiply-and-reject method on `next_u32`, also in this crate's code. ChaCha8
//! is a fixed algorithm, so a seed gives the same order on every platform and, as long as these
//! two functions do not change (a golden test pins them), in every release.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The random number generator every parlor deal uses.
pub type GameRng = ChaCha8Rng;

/// The generator for `seed`: ChaCha8 keyed by SplitMix64 expansion of the seed.
///
/// ```
/// use rand::RngCore;
/// let mut a = cards_core::seeded_rng(7);
/// let mut b = cards_core::seeded_rng(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
pub fn seeded_rng(seed: u64) -> GameRng {
    let mut state = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_exact_mut(8) {
        // SplitMix64 (Steele, Lea, Flood 2014).
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A uniform integer in `0..n` (`n > 0`), by Lemire's method (2019), without bias.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    let mut low = product as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}

/// Shuffles `items` uniformly in place with the Fisher–Yates algorithm (Durstenfeld's form:
/// for `i` from the end down to 1, swap item `i` with a uniform item in `0..=i`).
pub fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = seeded_rng(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = below(&mut rng, 7) as usize;
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn different_seeds_differ() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut seeded_rng(1));
        shuffle(&mut b, &mut seeded_rng(2));
        assert_ne!(a, b);
    }
}
