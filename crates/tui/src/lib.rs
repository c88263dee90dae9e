//! # parlor-tui
//!
//! The terminal frontends of parlor, on `ratatui` + `crossterm`: one module per game plus the
//! shared pieces.
//!
//! - [`app`]: the [`Screen`](app::Screen) trait every game implements, the event loop
//!   ([`app::run`]) with the too-small guard, and test helpers that drive a screen without a
//!   terminal.
//! - [`cards`]: card labels (`--ascii`, `--symbols`), and the character set of borders,
//!   pointers and arrows.
//! - [`theme`]: the named styles, readable on light and dark backgrounds.
//! - [`keymap`]: key bindings as data; a game's key handling and its help come from one table.
//! - [`overlay`]: what is open over a game (help, statistics, a yes/no question, the game's
//!   own popups) and the keys of the shared ones.
//! - [`widgets`]: popup, scrollable help, confirmation dialog, statistics screen, too-small
//!   guard.
//! - [`status`]: the status line, one kind of message (info, warning, error).
//! - [`hand`]: a hand of face-up cards with its marks, recording where each card was drawn
//!   (Hearts, Dou Dizhu).
//! - [`shell`]: the card games' shell: [`App<T>`](shell::App) over a table's
//!   [`TableState`](shell::TableState) and [`CardTable`](shell::CardTable), local or at a
//!   network table ([`Source`](shell::Source)).
//! - [`windows`]: the card games' shared windows (help, statistics, a question).
//! - [`keep`]: a card game's statistics and saved game in the data directory.
//! - [`line_input`]: a one-line text field.
//! - [`hitmap`]: mouse hit areas recorded while rendering.
//! - [`clock`]: the event loop's ticker and the bots' pacing clock.
//! - [`data`], [`stats`], [`save`]: the user's data directory, statistics per game, save on
//!   quit and resume.
//! - [`launcher`]: the `play` menu that starts any game in-process.
//! - [`net`]: network play: the games' own screens at a table server (Dou Dizhu, Hearts,
//!   Gomoku), and a generic table client for the others.
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
pub mod arena_cli;
pub mod cards;
pub mod clock;
pub(crate) mod computer_record;
pub mod data;
pub(crate) mod dialogs;
pub mod doudizhu;
pub mod gomoku;
pub mod hand;
pub mod hearts;
pub mod hitmap;
pub mod keep;
pub mod keymap;
pub mod klondike;
pub mod launcher;
pub mod line_input;
pub mod net;
pub mod output;
pub mod overlay;
pub mod save;
pub mod shell;
pub mod stats;
pub mod status;
pub mod theme;
pub mod thinker;
pub mod widgets;
pub mod windows;
pub mod xiangqi;
