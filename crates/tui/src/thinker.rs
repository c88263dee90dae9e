//! Engine work off the input thread, for both board games (Xiangqi and Gomoku).
//!
//! A game hands `Thinker::spawn` a closure that searches and a way to stop it; the search
//! runs on its own thread and sends progress reports (`P`, e.g. an `info` line) and finally
//! its answer (`A`). The game polls on every tick, so the terminal stays responsive, and drops
//! the thinker (which stops the search) when the position changes under it.
//!
//! How a game uses it:
//! ```ignore
//! let control = Arc::new(Control::default());
//! let stop = Arc::clone(&control);
//! let thinker = Thinker::spawn(move || stop.stop(), move |progress| {
//!     engine.lock().search(&game, &limits, &control, |info| progress(info.clone()))
//! });
//! // on each tick:
//! let (latest_info, answer) = thinker.poll();
//! ```

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// How strong the computer plays: a game's difficulty levels are a list of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// The rules crate's seeded baseline bot.
    Baseline,
    /// The engine to this depth.
    Depth(u32),
    /// The engine with this much time per move.
    Time(Duration),
}

impl Strength {
    /// Level `level` (0-based) of `levels` in words: `3 · engine depth 4`, with the game's
    /// names for its engine and its baseline bot.
    pub fn describe(levels: &[Strength], level: usize, engine: &str, baseline: &str) -> String {
        let what = match levels[level.min(levels.len() - 1)] {
            Strength::Baseline => baseline.to_owned(),
            Strength::Depth(d) => format!("{engine} depth {d}"),
            Strength::Time(t) => format!("{engine} {} s a move", t.as_secs_f32()),
        };
        format!("{} · {what}", level + 1)
    }
}

enum Report<P, A> {
    Progress(P),
    Done(A),
}

/// A search running on its own thread; dropping it asks the search to stop.
pub(crate) struct Thinker<P, A> {
    reports: Receiver<Report<P, A>>,
    stop: Option<Box<dyn FnOnce() + Send>>,
}

impl<P: Send + 'static, A: Send + 'static> Thinker<P, A> {
    /// Starts `work` on a new thread; `stop` is called when the thinker is dropped before
    /// the answer arrived (it should make `work` return soon).
    pub(crate) fn spawn(
        stop: impl FnOnce() + Send + 'static,
        work: impl FnOnce(&mut dyn FnMut(P)) -> A + Send + 'static,
    ) -> Thinker<P, A> {
        let (tx, reports) = mpsc::channel();
        thread::spawn(move || {
            let progress = tx.clone();
            let answer = work(&mut |p| {
                // The receiver may be gone (the game moved on): nobody needs the report.
                let _ = progress.send(Report::Progress(p));
            });
            let _ = tx.send(Report::Done(answer));
        });
        Thinker {
            reports,
            stop: Some(Box::new(stop)),
        }
    }

    /// Everything reported since the last poll: the latest progress, and the answer once the
    /// search is done (`Err(())` if the search thread died without one).
    pub(crate) fn poll(&mut self) -> (Option<P>, Option<Result<A, ()>>) {
        let mut latest = None;
        loop {
            match self.reports.try_recv() {
                Ok(Report::Progress(p)) => latest = Some(p),
                Ok(Report::Done(a)) => {
                    self.stop = None;
                    return (latest, Some(Ok(a)));
                }
                Err(TryRecvError::Empty) => return (latest, None),
                Err(TryRecvError::Disconnected) => return (latest, Some(Err(()))),
            }
        }
    }

    /// Blocks until the answer arrives, keeping the last progress report (for tests).
    #[cfg(test)]
    pub(crate) fn wait(&mut self) -> (Option<P>, Result<A, ()>) {
        let mut latest = None;
        loop {
            match self.reports.recv() {
                Ok(Report::Progress(p)) => latest = Some(p),
                Ok(Report::Done(a)) => {
                    self.stop = None;
                    return (latest, Ok(a));
                }
                Err(_) => return (latest, Err(())),
            }
        }
    }
}

/// The computer's search for its move at one ply, and the answer held back until the game's
/// pace allows it (so a reply can be seen): what a board game keeps between ticks.
///
/// On every tick the game asks [`Search::wants_search`] (which drops a search the game has
/// moved past) and [`Search::start`]s one when it says so, else [`Search::poll`]s and plays
/// the answer once it is handed out. The search answers `Ok(T)` or a reason it cannot move.
pub(crate) struct Search<P, T> {
    running: Option<Running<P, T>>,
}

/// What a search thread that died without an answer answers.
const FAILED: &str = "the search failed";

/// A search under way.
struct Running<P, T> {
    thinker: Thinker<P, Result<T, String>>,
    /// The game's length when it started.
    ply: usize,
    since: Instant,
    /// The answer, once in.
    answer: Option<Result<T, String>>,
}

impl<P, T> Default for Search<P, T> {
    fn default() -> Search<P, T> {
        Search { running: None }
    }
}

impl<P: Send + 'static, T: Send + 'static> Search<P, T> {
    /// Whether a search is under way (or its answer waits for the pace).
    pub(crate) fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Stops the search, if any.
    pub(crate) fn stop(&mut self) {
        self.running = None;
    }

    /// Drops a search started at another ply or no longer wanted (`to_move` false: it is not
    /// the computer's turn); whether one should start now.
    pub(crate) fn wants_search(&mut self, ply: usize, to_move: bool) -> bool {
        if !to_move || self.running.as_ref().is_some_and(|r| r.ply != ply) {
            self.running = None;
        }
        to_move && self.running.is_none()
    }

    /// Keeps `thinker`, the search for the move at `ply`.
    pub(crate) fn start(&mut self, thinker: Thinker<P, Result<T, String>>, ply: usize) {
        self.running = Some(Running {
            thinker,
            ply,
            since: Instant::now(),
            answer: None,
        });
    }

    /// The latest progress report, and the answer once it is in and `pace` has passed since
    /// the search started, unless `hold` (the player is typing); a search thread that died
    /// answers an error. Handing out the answer ends the search.
    pub(crate) fn poll(
        &mut self,
        pace: Duration,
        hold: bool,
    ) -> (Option<P>, Option<Result<T, String>>) {
        let Some(r) = self.running.as_mut() else {
            return (None, None);
        };
        let mut progress = None;
        if r.answer.is_none() {
            // Once the answer is in, the thread is gone: polling again would read its end
            // as a failure.
            let (latest, done) = r.thinker.poll();
            progress = latest;
            r.answer = done.map(|done| done.unwrap_or_else(|()| Err(FAILED.to_owned())));
        }
        if r.answer.is_none() || hold || r.since.elapsed() < pace {
            return (progress, None);
        }
        let answer = self.running.take().and_then(|r| r.answer);
        (progress, answer)
    }

    /// Blocks until the answer is in (tests, which set no pace); the last progress.
    #[cfg(test)]
    pub(crate) fn wait(&mut self) -> Option<P> {
        let r = self.running.as_mut()?;
        if r.answer.is_some() {
            return None;
        }
        let (progress, done) = r.thinker.wait();
        r.answer = Some(done.unwrap_or_else(|()| Err(FAILED.to_owned())));
        progress
    }
}

impl<P, A> Drop for Thinker<P, A> {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn progress_then_answer_arrive_from_the_thread() {
        let mut t = Thinker::spawn(
            || {},
            |progress| {
                for i in 1..=3 {
                    progress(i);
                }
                "done"
            },
        );
        assert_eq!(t.wait(), (Some(3), Ok("done")));
    }

    #[test]
    fn a_quick_answer_waiting_for_the_pace_is_not_read_as_a_failed_search() {
        let mut search: Search<(), u8> = Search::default();
        assert!(search.wants_search(4, true));
        search.start(Thinker::spawn(|| {}, |_| Ok(7)), 4);
        assert!(!search.wants_search(4, true), "one search per ply");
        let pace = std::time::Duration::from_millis(100);
        let start = std::time::Instant::now();
        let answer = loop {
            // Polled many times after the thread ended, while the pace holds the answer back.
            if let (_, Some(answer)) = search.poll(pace, false) {
                break answer;
            }
            thread::sleep(std::time::Duration::from_millis(2));
        };
        assert_eq!(answer, Ok(7));
        assert!(start.elapsed() >= pace);
        assert!(!search.is_running());
    }

    #[test]
    fn a_search_is_dropped_when_the_game_moves_past_it_or_is_held_while_typing() {
        let mut search: Search<(), u8> = Search::default();
        search.start(Thinker::spawn(|| {}, |_| Ok(1)), 2);
        assert!(search.wants_search(3, true), "another ply: a new search");
        assert!(!search.is_running());
        search.start(Thinker::spawn(|| {}, |_| Ok(2)), 3);
        search.wait();
        assert_eq!(search.poll(std::time::Duration::ZERO, true), (None, None));
        assert_eq!(
            search.poll(std::time::Duration::ZERO, false),
            (None, Some(Ok(2)))
        );
        assert!(!search.wants_search(3, false), "not the computer's turn");
    }

    #[test]
    fn dropping_a_thinker_stops_the_search() {
        let stop = Arc::new(AtomicBool::new(false));
        let (flag, seen) = (Arc::clone(&stop), Arc::clone(&stop));
        let (tx, rx) = mpsc::channel();
        let t: Thinker<(), ()> = Thinker::spawn(
            move || flag.store(true, Ordering::SeqCst),
            move |_| {
                while !seen.load(Ordering::SeqCst) {
                    thread::yield_now();
                }
                tx.send(()).unwrap();
            },
        );
        drop(t);
        rx.recv_timeout(std::time::Duration::from_secs(10))
            .expect("the search saw the stop");
    }
}
