//! The event loop shared by every game screen.
//!
//! A game implements [`Screen`]: it draws itself, reacts to one event at a time and gets a
//! regular [`tick`](Screen::tick) for bots and clocks (on time, even while mouse motion keeps
//! events coming: see [`crate::clock::Ticker`]). It says how much room its layout needs with
//! [`Screen::min_size`]; below that the loop draws [`TooSmall`] instead of a clipped board.
//! All game state and key handling stay in the `Screen`, so tests drive it with synthetic
//! events and render it into ratatui's `TestBackend` without a terminal (see [`key`] and
//! [`render_to_string`], which draw exactly what the loop draws).
//!
//! Rendering never changes the game: the only thing `render` may write is widget state
//! such as the [`HitMap`](crate::hitmap::HitMap) of mouse areas.

use std::io::{self, Stdout};
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Size;
use ratatui::style::{Color, Modifier};
use ratatui::{Frame, Terminal};

use crate::clock::Ticker;
use crate::widgets::TooSmall;

/// What a screen wants after handling an event or a tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Keep running.
    Continue,
    /// Leave this screen (back to the launcher, or exit when started directly).
    Quit,
}

/// One full-screen terminal application: a game, or the launcher.
pub trait Screen {
    /// Draws the whole screen.
    fn render(&mut self, frame: &mut Frame);

    /// Handles one key, mouse or resize event.
    fn handle_event(&mut self, event: &Event) -> Action;

    /// Called every [`TICK`], whatever events arrive (bots, clocks, solver answers).
    fn tick(&mut self) -> Action {
        Action::Continue
    }

    /// The smallest terminal the layout fits (its help and options included); below it the
    /// loop draws "terminal too small: needs W×H" instead of [`render`](Screen::render).
    fn min_size(&self) -> Size {
        Size::ZERO
    }
}

/// Draws `screen`, or the [`TooSmall`] guard when the frame is smaller than its
/// [`min_size`](Screen::min_size).
pub fn draw(frame: &mut Frame, screen: &mut dyn Screen) {
    let needs = screen.min_size();
    let area = frame.area();
    if area.width < needs.width || area.height < needs.height {
        let has = area.as_size();
        frame.render_widget(TooSmall { needs, has }, area);
    } else {
        screen.render(frame);
    }
}

/// The terminal type every screen draws on.
pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// How often [`Screen::tick`] runs.
pub const TICK: Duration = Duration::from_millis(100);

/// Puts the terminal in full-screen mode (alternate screen, raw mode, mouse capture) and
/// installs a panic hook that restores it first, so a crash never leaves a broken terminal.
pub fn init() -> io::Result<Term> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = restore();
        previous(info);
    }));
    enable_raw_mode()?;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    Terminal::new(CrosstermBackend::new(io::stdout()))
}

/// Gives the terminal back: leaves the alternate screen, raw mode and mouse capture.
pub fn restore() -> io::Result<()> {
    disable_raw_mode()?;
    execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    )
}

/// Runs `screen` on an already initialised terminal until it asks to quit. Ctrl-C always quits.
/// Key releases are dropped (some terminals report them), so a key acts once.
pub fn run_on(terminal: &mut Term, screen: &mut dyn Screen) -> io::Result<()> {
    let mut ticker = Ticker::new(TICK, Instant::now());
    loop {
        terminal.draw(|frame| draw(frame, screen))?;
        let mut action = Action::Continue;
        if event::poll(ticker.timeout(Instant::now()))? {
            let event = event::read()?;
            if is_ctrl_c(&event) {
                return Ok(());
            }
            if !matches!(&event, Event::Key(k) if k.kind == KeyEventKind::Release) {
                action = screen.handle_event(&event);
            }
        }
        if action == Action::Continue && ticker.due(Instant::now()) {
            action = screen.tick();
        }
        if action == Action::Quit {
            return Ok(());
        }
    }
}

/// Reads and drops every event already waiting, so that keys typed in one screen (the
/// launcher's menu) never reach the next one.
pub fn drain_events() -> io::Result<()> {
    while event::poll(Duration::ZERO)? {
        event::read()?;
    }
    Ok(())
}

/// Runs `screen` full-screen until it quits, restoring the terminal afterwards (also on error).
pub fn run(screen: &mut dyn Screen) -> io::Result<()> {
    let mut terminal = init()?;
    let result = run_on(&mut terminal, screen);
    restore()?;
    result
}

fn is_ctrl_c(event: &Event) -> bool {
    matches!(event, Event::Key(KeyEvent { code: KeyCode::Char('c'), modifiers, .. })
        if modifiers.contains(KeyModifiers::CONTROL))
}

/// A key-press event, for tests and scripted input.
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Key-press events for each character of `text`, for tests.
pub fn keys(text: &str) -> Vec<Event> {
    text.chars().map(|c| key(KeyCode::Char(c))).collect()
}

/// Renders `screen` into a `width`×`height` test buffer and returns its text, one line per
/// row (styles dropped), for snapshot-style assertions.
pub fn render_to_string(screen: &mut dyn Screen, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| draw(frame, screen))
        .expect("draw into test backend");
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut skip = 0;
        for x in 0..width {
            // A wide symbol occupies the next cell too; that cell holds an empty placeholder.
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buffer[(x, y)].symbol();
            skip = unicode_width(symbol).saturating_sub(1);
            out.push_str(symbol);
        }
        out.push('\n');
    }
    out
}

/// `buffer`'s text with every style dropped, to compare with `Buffer::with_lines` in tests.
pub fn plain(mut buffer: Buffer) -> Buffer {
    for cell in &mut buffer.content {
        cell.fg = Color::Reset;
        cell.bg = Color::Reset;
        cell.modifier = Modifier::empty();
    }
    buffer
}

/// Renders `screen` into a `width`×`height` test buffer (no too-small guard) and returns it
/// [`plain`], for whole-buffer assertions.
pub fn render_plain(screen: &mut dyn Screen, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| screen.render(frame))
        .expect("draw into test backend");
    plain(terminal.backend().buffer().clone())
}

fn unicode_width(symbol: &str) -> usize {
    ratatui::text::Span::raw(symbol).width()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::widgets::Paragraph;

    struct Counter(u32);

    impl Screen for Counter {
        fn render(&mut self, frame: &mut Frame) {
            frame.render_widget(Paragraph::new(format!("count {}", self.0)), frame.area());
        }
        fn handle_event(&mut self, event: &Event) -> Action {
            match event {
                Event::Key(k) if k.code == KeyCode::Char('q') => Action::Quit,
                _ => {
                    self.0 += 1;
                    Action::Continue
                }
            }
        }
    }

    #[test]
    fn screens_run_without_a_terminal() {
        let mut screen = Counter(0);
        for event in keys("ab") {
            assert_eq!(screen.handle_event(&event), Action::Continue);
        }
        assert_eq!(screen.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
        assert_eq!(screen.tick(), Action::Continue);
        assert!(render_to_string(&mut screen, 12, 2).starts_with("count 2"));
    }

    struct Big;

    impl Screen for Big {
        fn render(&mut self, frame: &mut Frame) {
            frame.render_widget(Paragraph::new("board"), frame.area());
        }
        fn handle_event(&mut self, _: &Event) -> Action {
            Action::Continue
        }
        fn min_size(&self) -> Size {
            Size::new(30, 3)
        }
    }

    #[test]
    fn a_terminal_below_the_minimum_shows_what_is_needed() {
        assert_eq!(
            render_to_string(&mut Big, 29, 3),
            "                             \n  terminal too small: needs  \n       30x3 (now 29x3)       \n"
        );
        assert!(render_to_string(&mut Big, 30, 3).starts_with("board"));
    }

    #[test]
    fn ctrl_c_is_recognised() {
        let event = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(is_ctrl_c(&event));
        assert!(!is_ctrl_c(&key(KeyCode::Char('c'))));
    }
}
