//! Klondike in the terminal: the [`App`] screen over [`state`] (the game and what each
//! command does), [`input`] (keys and mouse to commands, the help from the same table) and
//! [`ui`] (the widgets, drawn from a `klondike::View` read by [`view`]), plus the [`cli`].
//! The same screen plays at a network table ([`App::remote`]).
//!
//! The tests drive the screen with synthetic key and mouse events and render it into
//! ratatui's `TestBackend`.

pub mod cli;
mod hint;
pub mod input;
pub mod state;
pub mod ui;
pub mod view;

use std::time::Instant;

use ::klondike::{Game, Options as GameOptions};
use crossterm::event::Event;
use ratatui::Frame;
use ratatui::layout::Size;

pub use self::input::Command;
use self::state::Hit;
pub use self::state::{Options, State};
use crate::app::{Action, Screen};
use crate::cards::CardStyle;
use crate::data::DataDir;
use crate::hitmap::HitMap;
use crate::launcher::{LaunchOptions, Memory};
use crate::net::NetScreen;

/// Starts the game from the `play` launcher, with the play flags given after its name.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    let parsed = cli::parse_play_args(&options.args).and_then(|play| play.app_options());
    let (game_options, refused) = match parsed {
        Ok(game_options) => (game_options, None),
        Err(message) => (Options::default(), Some(message)),
    };
    let mut app = App::new(&Options {
        style: options.style,
        seed: options.seed.unwrap_or(game_options.seed),
        data: options.data.clone(),
        ..game_options
    });
    if let Some(message) = refused {
        app.state
            .message_mut()
            .warn(format!("Options not used: {message}"));
    }
    Box::new(app)
}

/// The options a network table follows (auto-move and auto-finish): those of the Klondike
/// flags the launcher remembers in `data` (`play klondike --auto none`), as the local game
/// starts with them; the defaults when none are kept or they do not read.
pub fn remembered_options(data: Option<&DataDir>) -> GameOptions {
    let (memory, _) = Memory::load(data);
    let args = memory.args.get(state::GAME).map_or(&[][..], Vec::as_slice);
    cli::parse_play_args(args)
        .and_then(|play| play.app_options())
        .map_or_else(|_| Options::default().game, |options| options.game)
}

/// The Klondike screen: the state, and the mouse areas of the last frame.
pub struct App {
    state: State,
    hits: HitMap<Hit>,
}

impl App {
    /// A new game with `options` (offering to resume a saved game, if its data directory
    /// holds one).
    pub fn new(options: &Options) -> App {
        App {
            state: State::new(options),
            hits: HitMap::default(),
        }
    }

    /// A screen over an existing game (any position: see [`Game::from_position`]).
    pub fn with_game(game: Game, seed: Option<u64>, style: CardStyle) -> App {
        App {
            state: State::with_game(game, seed, style),
            hits: HitMap::default(),
        }
    }

    /// A seat at a network table (or a spectator's place) over an open link: the server's
    /// view drawn by the same table, moves sent to the server, cards sent up by themselves as
    /// `options` say (see [`State::remote`]).
    pub fn remote(link: NetScreen, style: CardStyle, options: GameOptions) -> App {
        App {
            state: State::remote(link, style, options),
            hits: HitMap::default(),
        }
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The local game being played (`None` at a network table).
    pub fn game(&self) -> Option<&Game> {
        self.state.game()
    }

    /// The seed of the current deal, if it came from one.
    pub fn seed(&self) -> Option<u64> {
        self.state.seed()
    }

    /// The message line (last error, result or hint).
    pub fn message(&self) -> &str {
        self.state.message().text()
    }

    /// Whether a solver question is waiting for its answer.
    pub fn is_solving(&self) -> bool {
        self.state.is_solving()
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let table = ui::Table {
            state: &self.state,
            now: Instant::now(),
        };
        frame.render_stateful_widget(table, frame.area(), &mut self.hits);
        if self.state.overlay().is_none() {
            let waiting = self.state.table().filter(|table| table.view().is_none());
            let lines = waiting.map(crate::net::remote::Remote::waiting_lines);
            crate::windows::draw_waiting(frame, lines, self.state.style(), str::to_owned);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        let now = Instant::now();
        let command = match event {
            Event::Key(key) => {
                if let Some(action) = self.state.overlay_key(key, now) {
                    return action;
                }
                input::key_command(key)
            }
            Event::Mouse(mouse) if self.state.overlay().is_none() => {
                input::mouse_command(mouse, &self.hits)
            }
            _ => None,
        };
        command.map_or(Action::Continue, |c| self.state.apply(c, now))
    }

    fn tick(&mut self) -> Action {
        self.state.tick(Instant::now());
        Action::Continue
    }

    fn min_size(&self) -> Size {
        ui::MIN_SIZE
    }
}

#[cfg(test)]
mod tests;
