//! Fast random playouts: whole hands with passing through the unchecked fast path, for
//! benchmarks and Monte Carlo bots.

use rand::Rng;

use crate::bot::{random_card, random_three};
use crate::{HandResult, Move, PassDirection, Phase, Round, Seat, Settings};

/// Deals a hand with `rng`, passes three random cards per seat (unless `direction` is hold) and
/// plays random legal cards to the end.
///
/// ```
/// let mut rng = cards_core::seeded_rng(1);
/// let result = hearts::random_hand(hearts::Settings::default(), hearts::PassDirection::Left, &mut rng);
/// assert_eq!(result.tricks.iter().map(|(_, &t)| t as usize).sum::<usize>(), 13);
/// ```
pub fn random_hand<R: Rng + ?Sized>(
    settings: Settings,
    direction: PassDirection,
    rng: &mut R,
) -> HandResult {
    let mut round = Round::deal_with(settings, direction, rng);
    if round.phase() == Phase::Passing {
        for seat in Seat::ALL {
            let pass = random_three(round.hand(seat), rng);
            round.play_unchecked(Move::Pass(seat, pass));
        }
    }
    for _ in 0..52 {
        let card = random_card(round.legal_moves(), rng);
        round.play_unchecked(Move::Play(round.turn(), card));
    }
    round.result().expect("52 cards end the hand")
}

/// The checksum of `random_hands(Settings::default(), 42, 1000)`, pinned by a test and
/// asserted by the benchmark.
pub const CHECKSUM_SEED_42_X1000: u64 = 9_636_061_179_922_184_291;

/// The outcome of [`random_hands`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Hands played.
    pub hands: u64,
    /// Total points per seat over all hands.
    pub points: [i64; 4],
    /// Moons shot.
    pub moons: u64,
    /// An order-sensitive checksum of every hand's points (FNV-1a over the four scores).
    pub checksum: u64,
}

/// Plays `hands` random hands from `seed` with one generator, the pass direction following
/// `settings.pass_schedule` hand by hand. The same seed gives the same checksum everywhere.
///
/// ```
/// let a = hearts::random_hands(hearts::Settings::default(), 42, 100);
/// assert_eq!(a, hearts::random_hands(hearts::Settings::default(), 42, 100));
/// assert_eq!(a.points.iter().sum::<i64>(), 26 * 100 + 52 * a.moons as i64);
/// ```
pub fn random_hands(settings: Settings, seed: u64, hands: u64) -> PlayoutStats {
    let mut rng = cards_core::seeded_rng(seed);
    let mut stats = PlayoutStats {
        hands,
        points: [0; 4],
        moons: 0,
        checksum: 0xcbf2_9ce4_8422_2325,
    };
    for hand in 0..hands {
        let direction = settings.pass_schedule.direction(hand as usize);
        let result = random_hand(settings, direction, &mut rng);
        for (seat, &p) in result.points.iter() {
            stats.points[seat.index()] += i64::from(p);
            stats.checksum = (stats.checksum ^ (p as u64 & 0xff)).wrapping_mul(0x0100_0000_01b3);
        }
        stats.moons += u64::from(result.moon.is_some());
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_seed_checksum_is_pinned() {
        // The golden value the benchmark and `hearts bench` print: it changes only if the deal,
        // the random choices or the rules change.
        let stats = random_hands(Settings::default(), 42, 1000);
        assert_eq!((stats.checksum, stats.moons), (CHECKSUM_SEED_42_X1000, 10));
    }
}
