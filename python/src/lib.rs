//! `parlor._native`: parlor's rules engines for Python. The Python package `parlor` builds
//! its PettingZoo and Gymnasium environments on the class `Table` (one game) and offers
//! `VectorEnv` (N games stepped in Rust into numpy arrays) and `random_playouts`.

mod batch;
mod bots;
mod encode;
mod ids;
mod registry;
mod table;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::batch::{Batch, Buffers, Vector};
use crate::registry::{Visit, dispatch, parse_settings};
use crate::table::{Encoding, Native, Shape, Table, seat_to_act};
use game::{Turn, Viewer};

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// What an environment's arrays are sized by, shared by `Table` and `VectorEnv`: the game's
/// name, its seats, its action ids and the length of one observation.
#[pyclass(module = "parlor._native", name = "Dimensions", subclass)]
struct Dimensions {
    /// The game's name.
    #[pyo3(get)]
    name: &'static str,
    /// The number of seats.
    #[pyo3(get)]
    num_seats: usize,
    /// The size of the action space (every id is below it).
    #[pyo3(get)]
    num_actions: usize,
    /// The length of every observation.
    #[pyo3(get)]
    observation_len: usize,
}

impl Dimensions {
    fn of(name: &'static str, shape: &dyn Shape) -> Dimensions {
        Dimensions {
            name,
            num_seats: shape.num_seats(),
            num_actions: shape.num_actions(),
            observation_len: shape.observation_len(),
        }
    }
}

struct MakeTable<'a> {
    settings: &'a str,
    seed: u64,
    action_ids: &'a str,
}

impl Visit for MakeTable<'_> {
    type Out = Result<Box<dyn Table>, String>;
    fn visit<G: Encoding>(self) -> Self::Out {
        let settings = parse_settings::<G>(self.settings)?;
        Ok(Box::new(Native::<G>::new(
            settings,
            self.seed,
            self.action_ids,
        )?))
    }
}

/// One game of parlor through the game interface: seats, turns, legal action ids, checked
/// play, per-seat observations and views. Errors are `ValueError`s with the game's message;
/// a refused action changes nothing.
#[pyclass(module = "parlor._native", name = "Table", extends = Dimensions)]
struct PyTable {
    inner: Box<dyn Table>,
}

#[pymethods]
impl PyTable {
    /// A new game called `game` under `settings` (a JSON object), dealt from `seed`, speaking
    /// the action id order `action_ids` (`"native"`, or a peer's where the game has one).
    #[new]
    #[pyo3(signature = (game, settings = "{}", seed = 0, action_ids = "native"))]
    fn new(
        game: &str,
        settings: &str,
        seed: u64,
        action_ids: &str,
    ) -> PyResult<PyClassInitializer<PyTable>> {
        let job = MakeTable {
            settings,
            seed,
            action_ids,
        };
        let inner = dispatch(game, job)
            .and_then(|made| made)
            .map_err(value_error)?;
        let dimensions = Dimensions::of(inner.name(), &*inner);
        Ok(PyClassInitializer::from(dimensions).add_subclass(PyTable { inner }))
    }

    /// The seats that may act now, ascending (several while Hearts seats pass).
    fn acting(&self) -> Vec<usize> {
        self.inner.turn().seats().iter().collect()
    }

    /// The first seat that may act, `None` once the game is over.
    fn to_act(&self) -> Option<usize> {
        seat_to_act(self.inner.turn())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.turn() == Turn::Over
    }

    /// The ids `seat` may take now, ascending (empty when it is not its turn).
    fn legal_ids(&self, seat: usize) -> Vec<usize> {
        self.inner.legal_ids(seat)
    }

    /// `seat`'s action mask: 1 for each id it may take now.
    fn action_mask<'py>(&self, py: Python<'py>, seat: usize) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0i8; self.inner.num_actions()];
        for id in self.inner.legal_ids(seat) {
            mask[id] = 1;
        }
        PyArray1::from_vec(py, mask)
    }

    /// What `seat` may know, as the game's observation tensor (float32).
    fn observe<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(seat)?;
        let mut out = vec![0.0f32; self.inner.observation_len()];
        self.inner.encode(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes what `seat` may know into `out` (a contiguous float32 array of
    /// `observation_len`), the caller's buffer reused: `observe` without its allocation.
    /// `ValueError` (and `out` untouched) for a wrong seat, length or layout.
    fn observe_into(&mut self, seat: usize, out: &Bound<'_, PyArray1<f32>>) -> PyResult<()> {
        self.check_seat(seat)?;
        let mut out = out.readwrite();
        let out = out.as_slice_mut().map_err(|e| value_error(e.to_string()))?;
        let len = self.inner.observation_len();
        if out.len() != len {
            return Err(value_error(format!(
                "the observation has {len} elements, the array {}",
                out.len()
            )));
        }
        self.inner.encode(seat, out);
        Ok(())
    }

    /// `observe(seat)` and `action_mask(seat)` in one call (what a PettingZoo `observe`
    /// returns).
    #[allow(clippy::type_complexity)]
    fn observe_with_mask<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>)> {
        Ok((self.observe(py, seat)?, self.action_mask(py, seat)))
    }

    /// Takes the action with id `action` for `seat`; `ValueError` (and no change) if refused.
    fn play(&mut self, seat: usize, action: usize) -> PyResult<()> {
        self.inner.play_id(seat, action).map_err(value_error)
    }

    /// The id of the action `text` names for `seat` (in the game's notation).
    fn parse(&self, seat: usize, text: &str) -> PyResult<usize> {
        self.inner.parse_id(seat, text).map_err(value_error)
    }

    /// The canonical text of the action with id `action`.
    fn action_text(&self, action: usize) -> PyResult<String> {
        self.inner.action_text(action).ok_or_else(|| {
            value_error(format!(
                "no action has id {action} (ids are below {})",
                self.inner.num_actions()
            ))
        })
    }

    /// What `seat` (or a spectator, for `None`) may know, as JSON text.
    #[pyo3(signature = (seat = None))]
    fn view(&self, seat: Option<usize>) -> String {
        self.inner
            .view_json(seat.map_or(Viewer::Spectator, Viewer::Seat))
    }

    /// The game as text (public information only).
    fn render(&self) -> String {
        self.inner.render()
    }

    /// Each seat's return once the game is over, else `None`.
    fn returns(&self) -> Option<Vec<f64>> {
        let seats = self.inner.num_seats();
        self.inner.outcome().map(|o| o.returns[..seats].to_vec())
    }

    /// The winning seats once the game is over, else `None`.
    fn winners(&self) -> Option<Vec<usize>> {
        self.inner.outcome().map(|o| o.winners.iter().collect())
    }

    /// Deals a new game under the same settings from `seed`.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        self.inner.reset(seed).map_err(value_error)
    }
}

impl PyTable {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.inner.num_seats() {
            Ok(())
        } else {
            Err(value_error(format!(
                "seat {seat} does not exist (this game has {} seats)",
                self.inner.num_seats()
            )))
        }
    }
}

struct MakeBatch<'a> {
    settings: &'a str,
    n: usize,
    max_steps: u32,
    action_ids: &'a str,
}

impl Visit for MakeBatch<'_> {
    type Out = Result<(Box<dyn Batch>, &'static str), String>;
    fn visit<G: Encoding>(self) -> Self::Out {
        let settings = parse_settings::<G>(self.settings)?;
        let batch = Vector::<G>::new(settings, self.n, self.max_steps, self.action_ids)?;
        Ok((Box::new(batch), G::NAME))
    }
}

/// `n` games of one kind stepped together inside Rust with the GIL released. The arrays are
/// allocated once and rewritten in place by `reset` and `step`: read them, do not write them.
/// A game that ends is dealt anew at once (its returns in `rewards`, `done` set for that step).
#[pyclass(module = "parlor._native", name = "VectorEnv", extends = Dimensions)]
struct PyVectorEnv {
    inner: Box<dyn Batch>,
    /// `n × observation_len` float32 observations of each game's seat to act, or `None`.
    #[pyo3(get)]
    observations: Option<Py<PyArray2<f32>>>,
    /// `n × num_actions` uint8 masks of each game's seat to act.
    #[pyo3(get)]
    action_mask: Py<PyArray2<u8>>,
    /// `n × num_seats` float32 rewards of the last step.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// Whether each game ended on the last step.
    #[pyo3(get)]
    done: Py<PyArray1<bool>>,
    /// Whether each game was cut off by `max_steps` on the last step.
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    /// The seat to act in each game.
    #[pyo3(get)]
    seat: Py<PyArray1<i64>>,
    /// The seed each game's current deal came from (`Table(game, settings, seed)` replays it).
    #[pyo3(get)]
    deal_seed: Py<PyArray1<u64>>,
}

impl PyVectorEnv {
    fn run(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(&mut dyn Batch, Buffers<'_>) -> Result<(), String> + Send,
    ) -> PyResult<()> {
        let mut obs = self.observations.as_ref().map(|a| a.bind(py).readwrite());
        let mut mask = self.action_mask.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut done = self.done.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut seat = self.seat.bind(py).readwrite();
        let mut deal_seed = self.deal_seed.bind(py).readwrite();
        let contiguous = |e: numpy::AsSliceError| value_error(e.to_string());
        let buffers = Buffers {
            obs: match obs.as_mut() {
                Some(o) => Some(o.as_slice_mut().map_err(contiguous)?),
                None => None,
            },
            mask: mask.as_slice_mut().map_err(contiguous)?,
            rewards: rewards.as_slice_mut().map_err(contiguous)?,
            done: done.as_slice_mut().map_err(contiguous)?,
            truncated: truncated.as_slice_mut().map_err(contiguous)?,
            seat: seat.as_slice_mut().map_err(contiguous)?,
            deal_seed: deal_seed.as_slice_mut().map_err(contiguous)?,
        };
        let inner = &mut *self.inner;
        py.detach(move || work(inner, buffers)).map_err(value_error)
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `n` games called `game` under `settings` (JSON); `observations=False` skips encoding
    /// (masks only); a game is cut off (`truncated`) after `max_steps` actions (0: never);
    /// `action_ids` as for `Table`.
    #[new]
    #[pyo3(signature = (
        game, n, settings = "{}", observations = true, max_steps = 0, action_ids = "native"
    ))]
    fn new(
        py: Python<'_>,
        game: &str,
        n: usize,
        settings: &str,
        observations: bool,
        max_steps: u32,
        action_ids: &str,
    ) -> PyResult<PyClassInitializer<PyVectorEnv>> {
        let job = MakeBatch {
            settings,
            n,
            max_steps,
            action_ids,
        };
        let (inner, name) = dispatch(game, job)
            .and_then(|made| made)
            .map_err(value_error)?;
        let dimensions = Dimensions::of(name, &*inner);
        let obs =
            observations.then(|| PyArray2::zeros(py, [n, inner.observation_len()], false).unbind());
        let env = PyVectorEnv {
            observations: obs,
            action_mask: PyArray2::zeros(py, [n, inner.num_actions()], false).unbind(),
            rewards: PyArray2::zeros(py, [n, inner.num_seats()], false).unbind(),
            done: PyArray1::from_vec(py, vec![false; n]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; n]).unbind(),
            seat: PyArray1::zeros(py, [n], false).unbind(),
            deal_seed: PyArray1::zeros(py, [n], false).unbind(),
            inner,
        };
        Ok(PyClassInitializer::from(dimensions).add_subclass(env))
    }

    /// Deals every game from `seed` (each later deal draws its seed from it too).
    #[pyo3(signature = (seed = 0))]
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.run(py, move |batch, out| batch.reset(seed, out))
    }

    /// Takes `actions[i]` (an id) in game `i` for `seat[i]`. If any action is illegal,
    /// raises `ValueError` naming the game and plays nothing.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let actions = actions.readonly();
        let actions = actions.as_slice().map_err(|e| value_error(e.to_string()))?;
        self.run(py, move |batch, out| batch.step(actions, out))
    }

    /// Writes a uniformly random legal action of each game into `actions` (int64, one per
    /// game; −1 where a game has none), from a generator seeded by `reset`.
    fn sample(&mut self, py: Python<'_>, actions: &Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let mut actions = actions.readwrite();
        let actions = actions
            .as_slice_mut()
            .map_err(|e| value_error(e.to_string()))?;
        let inner = &mut *self.inner;
        py.detach(move || inner.sample(actions))
            .map_err(value_error)
    }

    /// How many games.
    fn __len__(&self) -> usize {
        self.inner.len()
    }
}

struct Playouts<'a> {
    settings: &'a str,
    n: usize,
    seed: u64,
    max_steps: usize,
}

impl Visit for Playouts<'_> {
    type Out = Result<(Vec<f64>, Vec<u64>, usize), String>;
    fn visit<G: Encoding>(self) -> Self::Out {
        let settings = parse_settings::<G>(self.settings)?;
        let seats = G::new(&settings, 0).map_err(|e| e.to_string())?.num_seats();
        let mut returns = vec![0.0; self.n * seats];
        let mut steps = vec![0; self.n];
        batch::random_playouts::<G>(
            &settings,
            self.seed,
            self.max_steps,
            &mut returns,
            &mut steps,
        )?;
        Ok((returns, steps, seats))
    }
}

/// Plays `n` uniformly random games of `game` in Rust (GIL released): returns each game's
/// returns (`n × num_seats`, float64) and length in actions (`n`, uint64). Reproducible from
/// `seed`.
#[pyfunction]
#[pyo3(signature = (game, n, settings = "{}", seed = 0, max_steps = 100_000))]
#[allow(clippy::type_complexity)]
fn random_playouts<'py>(
    py: Python<'py>,
    game: &str,
    n: usize,
    settings: &str,
    seed: u64,
    max_steps: usize,
) -> PyResult<(Bound<'py, PyArray2<f64>>, Bound<'py, PyArray1<u64>>)> {
    let job = Playouts {
        settings,
        n,
        seed,
        max_steps,
    };
    let (returns, steps, seats) = py
        .detach(|| dispatch(game, job).and_then(|done| done))
        .map_err(value_error)?;
    let returns = PyArray1::from_vec(py, returns).reshape([n, seats])?;
    Ok((returns, PyArray1::from_vec(py, steps)))
}

struct DefaultSettings;

impl Visit for DefaultSettings {
    type Out = String;
    fn visit<G: Encoding>(self) -> String {
        registry::default_settings::<G>()
    }
}

/// `game`'s default settings as JSON.
#[pyfunction]
fn default_settings(game: &str) -> PyResult<String> {
    dispatch(game, DefaultSettings).map_err(value_error)
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Dimensions>()?;
    module.add_class::<PyTable>()?;
    module.add_class::<PyVectorEnv>()?;
    module.add_function(wrap_pyfunction!(random_playouts, module)?)?;
    module.add_function(wrap_pyfunction!(default_settings, module)?)?;
    bots::register(module)?;
    module.add("GAMES", registry::GAMES.to_vec())?;
    Ok(())
}
