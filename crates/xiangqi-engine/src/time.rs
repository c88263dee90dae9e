//! Time management: how long to think from the UCI `go` limits.

use std::time::Duration;

/// The clock part of a `go` command, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on our clock.
    pub time: Duration,
    /// Our increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// How long a search may run: it starts no new iteration after `soft` and stops at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Past this, finish the current iteration and answer.
    pub soft: Duration,
    /// Past this, stop at once.
    pub hard: Duration,
}

impl Budget {
    /// Exactly `movetime` (less the overhead kept for the answer to reach the GUI).
    pub fn fixed(movetime: Duration, overhead: Duration) -> Budget {
        let t = movetime
            .saturating_sub(overhead)
            .max(Duration::from_millis(1));
        Budget { soft: t, hard: t }
    }

    /// A share of the clock: time left over the moves to go (30 in sudden death) plus most of
    /// the increment, never more than the clock minus the overhead, hard limit 4 × soft.
    pub fn from_clock(clock: Clock, overhead: Duration) -> Budget {
        let usable = clock
            .time
            .saturating_sub(overhead)
            .max(Duration::from_millis(1));
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = clock.time / moves + clock.increment * 3 / 4;
        let hard_cap = if moves == 1 { usable } else { usable * 4 / 5 };
        let soft = share.min(hard_cap).max(Duration::from_millis(1));
        Budget {
            soft,
            hard: (soft * 4).min(hard_cap).max(soft),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn budgets() {
        assert_eq!(
            Budget::fixed(MS(1000), MS(10)),
            Budget {
                soft: MS(990),
                hard: MS(990)
            }
        );
        assert_eq!(Budget::fixed(MS(5), MS(10)).hard, MS(1));
        // 60 s sudden death with 1 s increment: 2 s + 0.75 s, hard 11 s.
        let b = Budget::from_clock(
            Clock {
                time: MS(60_000),
                increment: MS(1000),
                moves_to_go: None,
            },
            MS(10),
        );
        assert_eq!(
            b,
            Budget {
                soft: MS(2750),
                hard: MS(11_000)
            }
        );
        // The last move before the control may use the whole clock but the overhead.
        let b = Budget::from_clock(
            Clock {
                time: MS(500),
                increment: MS(0),
                moves_to_go: Some(1),
            },
            MS(20),
        );
        assert_eq!(
            b,
            Budget {
                soft: MS(480),
                hard: MS(480)
            }
        );
        // Almost out of time: never more than 4/5 of what is left.
        let b = Budget::from_clock(
            Clock {
                time: MS(100),
                increment: MS(2000),
                moves_to_go: None,
            },
            MS(0),
        );
        assert_eq!(b.hard, MS(80));
        assert!(b.soft <= b.hard);
    }
}
