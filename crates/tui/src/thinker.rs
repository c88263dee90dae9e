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
use std::time::Duration;

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
