//! The schedule of a match (openings × rounds, each opening as a pair of games with the colours
//! swapped) and its parallel run.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use crate::{GameResult, Sprt, SprtDecision, Stats};

/// Which side engine A plays: the side that moves first, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Engine A moves first (Red in Xiangqi, Black in Gomoku).
    First,
    /// Engine B moves first.
    Second,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The game's number in the schedule, from 0. Games `2k` and `2k + 1` form a pair.
    pub game: usize,
    /// The opening to start from, an index into the caller's suite.
    pub opening: usize,
    /// Engine A's side.
    pub a_side: Side,
}

/// A match: `rounds` passes over `openings` openings, each opening played twice in a row with
/// the sides swapped, on `threads` threads, optionally stopped early by an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    openings: usize,
    rounds: usize,
    threads: usize,
    sprt: Option<Sprt>,
}

/// What a match produced: the finished games in schedule order and their statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Every finished game with its result, in schedule order.
    pub results: Vec<(Pairing, GameResult)>,
    /// Counts over the finished games (pentanomial over the finished pairs).
    pub stats: Stats,
    /// The SPRT's decision if it stopped the match.
    pub sprt_decision: Option<SprtDecision>,
}

impl Match {
    /// `rounds` passes over `openings` openings (2 × openings × rounds games), one thread.
    pub const fn new(openings: usize, rounds: usize) -> Match {
        Match {
            openings,
            rounds,
            threads: 1,
            sprt: None,
        }
    }

    /// Plays up to `threads` games at once (at least 1).
    #[must_use]
    pub const fn threads(self, threads: usize) -> Match {
        Match {
            threads: if threads == 0 { 1 } else { threads },
            ..self
        }
    }

    /// Stops the match as soon as `sprt` decides (checked after each finished pair).
    #[must_use]
    pub const fn sprt(self, sprt: Sprt) -> Match {
        Match {
            sprt: Some(sprt),
            ..self
        }
    }

    /// The number of games scheduled.
    pub const fn len(&self) -> usize {
        2 * self.openings * self.rounds
    }

    /// Whether no game is scheduled.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The scheduled game number `game`.
    ///
    /// ```
    /// use arena::{Match, Pairing, Side};
    /// let m = Match::new(2, 2);
    /// let order: Vec<(usize, Side)> = (0..m.len()).map(|g| {
    ///     let p = m.pairing(g);
    ///     (p.opening, p.a_side)
    /// }).collect();
    /// assert_eq!(order, [
    ///     (0, Side::First), (0, Side::Second), (1, Side::First), (1, Side::Second),
    ///     (0, Side::First), (0, Side::Second), (1, Side::First), (1, Side::Second),
    /// ]);
    /// ```
    pub const fn pairing(&self, game: usize) -> Pairing {
        Pairing {
            game,
            opening: (game / 2) % self.openings,
            a_side: if game.is_multiple_of(2) {
                Side::First
            } else {
                Side::Second
            },
        }
    }

    /// Plays the match: `play` plays one game (called from up to `threads` threads at once);
    /// `on_result` sees each finished game in the order they finish, with the statistics so
    /// far (on the calling thread: print progress, write records there). With an SPRT, no new
    /// game starts once it has decided; the games already under way (at most `threads`) are
    /// finished and counted.
    pub fn run<P, F>(&self, play: P, mut on_result: F) -> Report
    where
        P: Fn(&Pairing) -> GameResult + Sync,
        F: FnMut(&Pairing, &GameResult, &Stats),
    {
        let total = self.len();
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let mut finished: Vec<Option<GameResult>> = vec![None; total];
        let mut stats = Stats::new();
        let mut sprt_decision = None;
        thread::scope(|scope| {
            // A rendezvous channel: a worker hands over its result before it starts another
            // game, so at most `threads` games run past an SPRT decision.
            let (tx, rx) = mpsc::sync_channel::<(usize, GameResult)>(0);
            for _ in 0..self.threads.min(total) {
                let tx = tx.clone();
                let (next, stop, play) = (&next, &stop, &play);
                scope.spawn(move || {
                    while !stop.load(Ordering::Acquire) {
                        let game = next.fetch_add(1, Ordering::AcqRel);
                        if game >= total {
                            break;
                        }
                        let result = play(&self.pairing(game));
                        if tx.send((game, result)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            for (game, result) in rx {
                let pairing = self.pairing(game);
                stats.add_game(result.outcome);
                if let Some(Some(partner)) = finished.get(game ^ 1) {
                    let (first, second) = if game.is_multiple_of(2) {
                        (result.outcome, partner.outcome)
                    } else {
                        (partner.outcome, result.outcome)
                    };
                    stats.add_pair(first, second);
                    if sprt_decision.is_none() {
                        sprt_decision = self.sprt.and_then(|s| s.decision(&stats));
                        if sprt_decision.is_some() {
                            stop.store(true, Ordering::Release);
                        }
                    }
                }
                on_result(&pairing, &result, &stats);
                finished[game] = Some(result);
            }
        });
        let results = finished
            .into_iter()
            .enumerate()
            .filter_map(|(game, r)| r.map(|r| (self.pairing(game), r)))
            .collect();
        Report {
            results,
            stats,
            sprt_decision,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Mutex;

    use super::*;
    use crate::{Outcome, Termination};

    fn result(outcome: Outcome) -> GameResult {
        GameResult::new(outcome, Termination::Rules("test".into()), String::new())
    }

    #[test]
    fn every_game_is_played_once_on_many_threads() {
        let seen = Mutex::new(HashSet::new());
        let m = Match::new(7, 3).threads(4);
        let report = m.run(
            |p| {
                assert!(
                    seen.lock().unwrap().insert(p.game),
                    "game {} played twice",
                    p.game
                );
                result(if p.opening % 2 == 0 {
                    Outcome::Win
                } else {
                    Outcome::Loss
                })
            },
            |_, _, _| {},
        );
        assert_eq!(seen.lock().unwrap().len(), 42);
        assert_eq!(report.results.len(), 42);
        assert!(
            report
                .results
                .iter()
                .enumerate()
                .all(|(i, (p, _))| p.game == i)
        );
        assert_eq!(report.stats.games(), 42);
        assert_eq!(report.stats.pairs(), 21);
        // Openings 0, 2, 4, 6 win both games, 1, 3, 5 lose both.
        assert_eq!(report.stats.pentanomial(), [9, 0, 0, 0, 12]);
        assert_eq!(report.sprt_decision, None);
    }

    #[test]
    fn pairs_are_counted_whatever_order_games_finish_in() {
        // On 2 threads the second game of a pair may finish first; the pair is the same.
        let report = Match::new(20, 1).threads(2).run(
            |p| {
                if p.a_side == Side::First {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    result(Outcome::Win)
                } else {
                    result(Outcome::Draw)
                }
            },
            |_, _, _| {},
        );
        assert_eq!(report.stats.pentanomial(), [0, 0, 0, 20, 0]);
        assert_eq!(report.stats.trinomial(), [20, 20, 0]);
    }

    #[test]
    fn sprt_stops_a_lopsided_match_early() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let mut calls = 0;
        let report = Match::new(1000, 1).threads(2).sprt(sprt).run(
            |p| {
                result(if p.game % 3 == 0 {
                    Outcome::Draw
                } else {
                    Outcome::Win
                })
            },
            |_, _, _| calls += 1,
        );
        assert_eq!(report.sprt_decision, Some(SprtDecision::H1));
        assert!(report.stats.games() < 100, "{:?}", report.stats);
        assert_eq!(calls, report.stats.games());
        assert_eq!(report.results.len(), report.stats.games());
    }

    #[test]
    fn an_empty_match_plays_nothing() {
        let report = Match::new(0, 5)
            .threads(3)
            .run(|_| unreachable!(), |_, _, _| {});
        assert!(report.results.is_empty());
        assert_eq!(report.stats, Stats::new());
    }
}
