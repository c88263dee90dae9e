//! [`DynGame`]: the object-safe face of every [`GameState`], for containers that hold tables
//! of different games (a server, a lobby). Actions travel as text or ids, views as JSON.

use crate::declare::{Declaration, DeclareError};
use crate::seat::{Turn, Viewer};
use crate::state::{GameState, InvalidSettings, Outcome, PlayError};

/// Any game behind a pointer: what a table server needs, with actions as text or ids and
/// views as JSON. Every [`GameState`] is one.
pub trait DynGame: Send {
    /// The game's name ([`GameState::NAME`]).
    fn name(&self) -> &'static str;
    /// The number of seats.
    fn num_seats(&self) -> usize;
    /// Who may act now.
    fn turn(&self) -> Turn;
    /// The canonical texts of the actions `seat` may take now.
    fn legal_action_texts(&self, seat: usize) -> Vec<String>;
    /// The ids of the actions `seat` may take now, into `out` (cleared first).
    fn legal_action_ids(&self, seat: usize, out: &mut Vec<usize>);
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// Reads `text` as an action for `seat` and takes it; returns its canonical text.
    fn play_text(&mut self, seat: usize, text: &str) -> Result<String, DynPlayError>;
    /// Takes the action with this id for `seat`; returns its canonical text.
    fn play_id(&mut self, seat: usize, id: usize) -> Result<String, DynPlayError>;
    /// What `viewer` may know, as JSON.
    fn view_json(&self, viewer: Viewer) -> Result<serde_json::Value, serde_json::Error>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The results the players may declare ([`GameState::DECLARATIONS`]).
    fn declarations(&self) -> &'static [Declaration];
    /// Ends the game by `seat`'s declaration ([`GameState::declare`]).
    fn declare(&mut self, seat: usize, declaration: Declaration) -> Result<(), DeclareError>;
    /// A copy of this game.
    fn clone_box(&self) -> Box<dyn DynGame>;
}

/// Why [`DynGame::play_text`] or [`DynGame::play_id`] refused an action. The messages are the
/// games' own; [`code`](DynPlayError::code) is a stable word for protocols.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DynPlayError {
    /// The text is not an action of this game here.
    #[error("{0}")]
    NotAnAction(String),
    /// No action has this id.
    #[error("no action has id {id} (ids are below {size})")]
    NoSuchId {
        /// The id given.
        id: usize,
        /// The size of the action space.
        size: usize,
    },
    /// The interface refused it (no such seat, game over, not this seat's turn) or the rules
    /// did, with the game's own reason as text.
    #[error("{0}")]
    Refused(PlayError<String>),
}

impl DynPlayError {
    /// A stable one-word code: `not_an_action`, `no_such_id`, `no_such_seat`, `game_over`,
    /// `not_your_turn`, `illegal`.
    pub fn code(&self) -> &'static str {
        match self {
            DynPlayError::NotAnAction(_) => "not_an_action",
            DynPlayError::NoSuchId { .. } => "no_such_id",
            DynPlayError::Refused(refusal) => match refusal {
                PlayError::NoSuchSeat { .. } => "no_such_seat",
                PlayError::GameOver => "game_over",
                PlayError::NotYourTurn { .. } => "not_your_turn",
                PlayError::Illegal(_) => "illegal",
            },
        }
    }
}

impl<E: std::error::Error> From<PlayError<E>> for DynPlayError {
    fn from(error: PlayError<E>) -> DynPlayError {
        DynPlayError::Refused(error.map_illegal(|e| e.to_string()))
    }
}

impl<G: GameState> DynGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn num_seats(&self) -> usize {
        GameState::num_seats(self)
    }

    fn turn(&self) -> Turn {
        GameState::turn(self)
    }

    fn legal_action_texts(&self, seat: usize) -> Vec<String> {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        actions.iter().map(ToString::to_string).collect()
    }

    fn legal_action_ids(&self, seat: usize, out: &mut Vec<usize>) {
        let mut actions = Vec::new();
        self.legal_actions(seat, &mut actions);
        out.clear();
        out.extend(actions.iter().map(|&a| self.action_id(a)));
    }

    fn num_actions(&self) -> usize {
        GameState::num_actions(self)
    }

    fn play_text(&mut self, seat: usize, text: &str) -> Result<String, DynPlayError> {
        PlayError::<G::Error>::check_turn(GameState::turn(self), GameState::num_seats(self), seat)?;
        let action = self
            .parse_action(seat, text)
            .map_err(|e| DynPlayError::NotAnAction(e.to_string()))?;
        GameState::play(self, seat, action)?;
        Ok(action.to_string())
    }

    fn play_id(&mut self, seat: usize, id: usize) -> Result<String, DynPlayError> {
        let action = self.action_from_id(id).ok_or(DynPlayError::NoSuchId {
            id,
            size: GameState::num_actions(self),
        })?;
        GameState::play(self, seat, action)?;
        Ok(action.to_string())
    }

    fn view_json(&self, viewer: Viewer) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self.view(viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        GameState::outcome(self)
    }

    fn declarations(&self) -> &'static [Declaration] {
        G::DECLARATIONS
    }

    fn declare(&mut self, seat: usize, declaration: Declaration) -> Result<(), DeclareError> {
        GameState::declare(self, seat, declaration)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}

/// Why a game could not be created from a name and settings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    /// No game has this name.
    #[error("unknown game {name:?} (games: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The names that exist, comma-separated.
        known: String,
    },
    /// The settings are not the game's settings.
    #[error("settings for {game} are not valid: {message}")]
    BadSettings {
        /// The game.
        game: &'static str,
        /// What the JSON reader said.
        message: String,
    },
    /// The settings are well-formed but the game cannot start under them.
    #[error(transparent)]
    Invalid(#[from] InvalidSettings),
}

/// Creates a `G` from settings as JSON (`null` means the defaults) and a seed, behind a
/// [`DynGame`] pointer: the building block of a registry of games by name.
pub fn new_dyn<G: GameState>(
    settings: serde_json::Value,
    seed: u64,
) -> Result<Box<dyn DynGame>, NewGameError> {
    let settings: G::Settings = if settings.is_null() {
        G::Settings::default()
    } else {
        serde_json::from_value(settings).map_err(|e| NewGameError::BadSettings {
            game: G::NAME,
            message: e.to_string(),
        })?
    };
    Ok(Box::new(G::new(&settings, seed)?))
}
