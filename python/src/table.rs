//! One game behind a pointer: the [`Encoding`] a game adds to [`GameState`] for learning
//! code, and the object-safe [`Table`] every single-step environment drives.

use game::{GameState, Outcome, Turn, Viewer};

use crate::ids::{self, Numbering};

/// What the bindings add to a [`GameState`]: a fixed-length observation tensor per seat and
/// a text picture of the game. Implemented per game in [`crate::encode`].
pub trait Encoding: GameState<Settings: Sync, Action: Sync> + Sync {
    /// The length of every observation under these settings (the same for every seat and
    /// every state, so the vector environment can lay observations out in one array).
    fn observation_len(settings: &Self::Settings) -> usize;

    /// What the encoding keeps of one game between observations: running sums of the
    /// public record that [`Encoding::encode`] brings up to date from the game, so an
    /// observation need not read the whole record again (`()` where the state holds
    /// everything). Whoever holds a game holds one beside it and resets it to its default
    /// with every new game.
    type Memory: Default + Clone + Send + Sync;

    /// Writes what `seat` may know into `out` (`observation_len` long, every element
    /// written, whatever it held before), bringing `memory` up to date first. Nothing
    /// hidden from `seat` enters it.
    fn encode(&self, memory: &mut Self::Memory, seat: usize, out: &mut [f32]);

    /// The game as text, for people watching (public information only).
    fn render(&self) -> String;

    /// Rewrites settings given by name (a preset's name for a structured setting) into the
    /// settings' JSON form, through the crate's own parser; the default changes nothing.
    fn resolve_names(_settings: &mut serde_json::Value) -> Result<(), String> {
        Ok(())
    }

    /// The action id order called `name` under `settings`: [`ids::NATIVE`] (the game
    /// interface's own) for every game; a game adds the orders of peers whose actions it
    /// numbers alike.
    fn numbering(_settings: &Self::Settings, name: &str) -> Result<Numbering, String> {
        if name == ids::NATIVE {
            Ok(Numbering::NATIVE)
        } else {
            Err(ids::unknown(Self::NAME, name, &[ids::NATIVE]))
        }
    }
}

/// The first seat that may act now (the lowest of a simultaneous set), `None` once over.
pub fn seat_to_act(turn: Turn) -> Option<usize> {
    match turn {
        Turn::Seat(seat) => Some(seat),
        Turn::Simultaneous(set) => set.iter().next(),
        Turn::Over => None,
    }
}

/// The sizes an environment's arrays follow (one game's or a batch's).
pub trait Shape {
    /// The number of seats.
    fn num_seats(&self) -> usize;
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The length of every observation.
    fn observation_len(&self) -> usize;
}

/// Any game with its settings, as the Python classes hold it. Errors are the games' own
/// messages.
pub trait Table: Shape + Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// Who may act now.
    fn turn(&self) -> Turn;
    /// The ids `seat` may take now, ascending.
    fn legal_ids(&self, seat: usize) -> Vec<usize>;
    /// Takes the action with this id for `seat`, checked; a refused action changes nothing.
    fn play_id(&mut self, seat: usize, id: usize) -> Result<(), String>;
    /// Reads `text` as an action of `seat` and returns its id (nothing is played).
    fn parse_id(&self, seat: usize, text: &str) -> Result<usize, String>;
    /// The canonical text of the action with this id.
    fn action_text(&self, id: usize) -> Option<String>;
    /// Writes `seat`'s observation into `out`.
    fn encode(&mut self, seat: usize, out: &mut [f32]);
    /// What `viewer` may know, as JSON text.
    fn view_json(&self, viewer: Viewer) -> String;
    /// The game as text.
    fn render(&self) -> String;
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// A new game under the same settings, dealt from `seed`.
    fn reset(&mut self, seed: u64) -> Result<(), String>;
}

/// A game `G` with the settings it was made from, speaking the ids of a [`Numbering`].
pub struct Native<G: Encoding> {
    /// The game.
    pub game: G,
    /// Its settings (kept for resets).
    pub settings: G::Settings,
    /// What its encoding keeps between observations.
    pub memory: G::Memory,
    /// The ids Python sees.
    pub ids: Numbering,
}

impl<G: Encoding> Native<G> {
    /// A new game from settings and a seed, with the action id order called `ids`.
    pub fn new(settings: G::Settings, seed: u64, ids: &str) -> Result<Native<G>, String> {
        let ids = G::numbering(&settings, ids)?;
        let game = G::new(&settings, seed).map_err(|e| e.to_string())?;
        Ok(Native {
            game,
            settings,
            memory: G::Memory::default(),
            ids,
        })
    }
}

impl<G: Encoding> Shape for Native<G> {
    fn num_seats(&self) -> usize {
        self.game.num_seats()
    }

    fn num_actions(&self) -> usize {
        self.game.num_actions()
    }

    fn observation_len(&self) -> usize {
        G::observation_len(&self.settings)
    }
}

impl<G: Encoding> Table for Native<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn turn(&self) -> Turn {
        self.game.turn()
    }

    fn legal_ids(&self, seat: usize) -> Vec<usize> {
        let mut actions = Vec::new();
        self.game.legal_actions(seat, &mut actions);
        let mut ids: Vec<usize> = actions
            .iter()
            .map(|&a| self.ids.outside(self.game.action_id(a)))
            .collect();
        ids.sort_unstable();
        ids
    }

    fn play_id(&mut self, seat: usize, id: usize) -> Result<(), String> {
        let action = self.action(id)?;
        self.game.play(seat, action).map_err(|e| e.to_string())
    }

    fn parse_id(&self, seat: usize, text: &str) -> Result<usize, String> {
        let action = self
            .game
            .parse_action(seat, text)
            .map_err(|e| e.to_string())?;
        Ok(self.ids.outside(self.game.action_id(action)))
    }

    fn action_text(&self, id: usize) -> Option<String> {
        self.action(id).ok().map(|a| a.to_string())
    }

    fn encode(&mut self, seat: usize, out: &mut [f32]) {
        self.game.encode(&mut self.memory, seat, out);
    }

    fn view_json(&self, viewer: Viewer) -> String {
        serde_json::to_string(&self.game.view(viewer))
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    fn render(&self) -> String {
        self.game.render()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.game = G::new(&self.settings, seed).map_err(|e| e.to_string())?;
        self.memory = G::Memory::default();
        Ok(())
    }
}

impl<G: Encoding> Native<G> {
    /// The action Python's id `id` names.
    fn action(&self, id: usize) -> Result<G::Action, String> {
        self.ids
            .game(id)
            .and_then(|id| self.game.action_from_id(id))
            .ok_or_else(|| {
                format!(
                    "no action has id {id} (ids are below {})",
                    self.game.num_actions()
                )
            })
    }
}
