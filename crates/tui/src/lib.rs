//! # parlor-tui
//!
//! The terminal frontends of parlor, on `ratatui` + `crossterm`: one module per game plus the
//! shared pieces.
//!
//! - [`app`]: the [`Screen`](app::Screen) trait every game implements, the event loop
//!   ([`app::run`]), and test helpers that drive a screen without a terminal.
//! - [`cards`]: card glyphs with red and black suits, and the ASCII fallback.
//! - [`widgets`]: centred popups, the help screen, a status line.
//! - [`launcher`]: the `play` menu that starts any game in-process.
//! - [`output`]: standard output for the tools, quiet on a closed pipe.
//!
//! A game screen in a few lines:
//!
//! ```
//! use crossterm::event::{Event, KeyCode};
//! use parlor_tui::app::{key, render_to_string, Action, Screen};
//! use ratatui::{widgets::Paragraph, Frame};
//!
//! struct Hello;
//! impl Screen for Hello {
//!     fn render(&mut self, frame: &mut Frame) {
//!         frame.render_widget(Paragraph::new("hello, q quits"), frame.area());
//!     }
//!     fn handle_event(&mut self, event: &Event) -> Action {
//!         match event {
//!             Event::Key(k) if k.code == KeyCode::Char('q') => Action::Quit,
//!             _ => Action::Continue,
//!         }
//!     }
//! }
//!
//! assert!(render_to_string(&mut Hello, 20, 1).starts_with("hello"));
//! assert_eq!(Hello.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
//! // In a real terminal: parlor_tui::app::run(&mut Hello)?;
//! ```

pub mod app;
pub mod cards;
pub mod doudizhu;
pub mod gomoku;
pub mod hearts;
pub mod klondike;
pub mod launcher;
pub mod net;
pub mod output;
pub mod widgets;
pub mod xiangqi;
