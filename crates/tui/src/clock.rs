//! Time for the event loop and for bots: a [`Ticker`] that fires on time however many events
//! arrive, and a [`BotClock`] that paces a bot's moves so a player can follow them.
//!
//! The event loop ([`crate::app::run_on`]) owns a `Ticker` and calls
//! [`Screen::tick`](crate::app::Screen::tick) whenever it is due, also between a stream of
//! mouse-motion events. A game with bots keeps a `BotClock` in its state: it
//! [`arms`](BotClock::arm) it when a bot is to move, and in `tick` plays the bot's move once
//! [`BotClock::due`] says the delay has passed. Both take the time as an argument, so tests
//! run them on made-up instants.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use parlor_tui::clock::BotClock;
//! let start = Instant::now();
//! let mut bot = BotClock::new(Duration::from_millis(500));
//! bot.arm(start);
//! assert!(!bot.due(start + Duration::from_millis(400)));
//! assert!(bot.due(start + Duration::from_millis(500)));
//! assert!(!bot.due(start + Duration::from_millis(900)), "fires once per arm");
//! ```

use std::time::{Duration, Instant};

/// A regular beat: due every `period`, measured from the last time it fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticker {
    period: Duration,
    last: Instant,
}

impl Ticker {
    /// A ticker whose first beat is `period` after `now`.
    pub fn new(period: Duration, now: Instant) -> Ticker {
        Ticker { period, last: now }
    }

    /// Whether a beat is due at `now`; if so the next one is a period later.
    pub fn due(&mut self, now: Instant) -> bool {
        if now.saturating_duration_since(self.last) >= self.period {
            self.last = now;
            true
        } else {
            false
        }
    }

    /// How long to wait for events before the next beat.
    pub fn timeout(&self, now: Instant) -> Duration {
        self.period
            .saturating_sub(now.saturating_duration_since(self.last))
    }
}

/// The pause before a bot moves: armed when the bot's turn comes, due once after the delay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotClock {
    delay: Duration,
    armed: Option<Instant>,
}

impl BotClock {
    /// A clock that waits `delay` before each bot move.
    pub fn new(delay: Duration) -> BotClock {
        BotClock { delay, armed: None }
    }

    /// The pause between bot moves.
    pub fn delay(&self) -> Duration {
        self.delay
    }

    /// Changes the pause (a speed option); an armed clock keeps its start.
    pub fn set_delay(&mut self, delay: Duration) {
        self.delay = delay;
    }

    /// Starts waiting at `now`, unless already waiting.
    pub fn arm(&mut self, now: Instant) {
        self.armed.get_or_insert(now);
    }

    /// Stops waiting (the bot's turn is over, or a new game began).
    pub fn disarm(&mut self) {
        self.armed = None;
    }

    /// Whether the clock is waiting.
    pub fn is_armed(&self) -> bool {
        self.armed.is_some()
    }

    /// Whether the delay has passed at `now`; if so the clock disarms (arm it again for the
    /// next move).
    pub fn due(&mut self, now: Instant) -> bool {
        match self.armed {
            Some(start) if now.saturating_duration_since(start) >= self.delay => {
                self.armed = None;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    /// The bug this pins: the old loop ticked only when no event came for a whole period, so
    /// mouse motion every few milliseconds stalled the bots for as long as the mouse moved.
    #[test]
    fn ticks_stay_on_time_while_mouse_motion_keeps_events_arriving() {
        let start = Instant::now();
        let mut ticker = Ticker::new(100 * MS, start);
        // An event every 7 ms for one second: the loop asks the ticker after each.
        let beats = (1..=142)
            .filter(|i| ticker.due(start + 7 * MS * *i))
            .count();
        assert_eq!(beats, 9, "one beat per 100 ms, each a little late");
        assert_eq!(
            ticker.timeout(start + 994 * MS),
            51 * MS,
            "last beat at 945 ms"
        );
    }

    #[test]
    fn a_disarmed_bot_clock_never_fires() {
        let start = Instant::now();
        let mut bot = BotClock::new(300 * MS);
        assert!(!bot.due(start + 1000 * MS));
        bot.arm(start);
        bot.arm(start + 200 * MS);
        assert!(bot.is_armed());
        assert!(
            bot.due(start + 300 * MS),
            "arming twice keeps the first start"
        );
        bot.arm(start);
        bot.disarm();
        assert!(!bot.due(start + 1000 * MS));
    }
}
