//! The vector environment: N games of one kind stepped together, writing into caller-owned
//! arrays, and seeded random playouts.

use game::{GameState, Outcome};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ids::Numbering;
use crate::table::{Encoding, Shape, seat_to_act};

/// The arrays one batch step writes: row `i` belongs to game `i`.
pub struct Buffers<'a> {
    /// `n × observation_len` observations of the seat to act (skipped when `None`).
    pub obs: Option<&'a mut [f32]>,
    /// `n × num_actions` action masks (1 = legal) of the seat to act.
    pub mask: &'a mut [u8],
    /// `n × num_seats` rewards: the finished game's returns on the step that ended it.
    pub rewards: &'a mut [f32],
    /// Whether game `i` ended (and was reset) on this step.
    pub done: &'a mut [bool],
    /// Whether game `i` was cut off by the step limit (and reset) on this step.
    pub truncated: &'a mut [bool],
    /// The seat to act in game `i`.
    pub seat: &'a mut [i64],
    /// The seed game `i`'s current deal came from (`G::new(settings, seed)` replays it).
    pub deal_seed: &'a mut [u64],
}

/// A batch of games behind a pointer.
pub trait Batch: Shape + Send + Sync {
    /// How many games.
    fn len(&self) -> usize;
    /// Deals every game anew from `seed` and writes the first rows.
    fn reset(&mut self, seed: u64, out: Buffers<'_>) -> Result<(), String>;
    /// Takes `actions[i]` in game `i` for its seat to act; games that end are reset. Every
    /// action is checked first: if one is illegal, nothing is played.
    fn step(&mut self, actions: &[i64], out: Buffers<'_>) -> Result<(), String>;
    /// Writes a uniformly random legal action of each game into `actions` (−1 for a game
    /// with none), drawn from the generator `reset` seeded.
    fn sample(&mut self, actions: &mut [i64]) -> Result<(), String>;
}

/// `n` games of `G` with their legal ids (the ones set in each mask row).
pub struct Vector<G: Encoding> {
    settings: G::Settings,
    games: Vec<G>,
    memories: Vec<G::Memory>,
    steps: Vec<u32>,
    legal: Vec<Vec<u32>>,
    max_steps: u32,
    ids: Numbering,
    seeds: ChaCha8Rng,
    policy: ChaCha8Rng,
    buf: Vec<G::Action>,
}

impl<G: Encoding> Vector<G> {
    /// `n` games under `settings`, each cut off after `max_steps` actions (0: never), with
    /// the action id order called `ids`.
    pub fn new(
        settings: G::Settings,
        n: usize,
        max_steps: u32,
        ids: &str,
    ) -> Result<Vector<G>, String> {
        let ids = G::numbering(&settings, ids)?;
        let first = G::new(&settings, 0).map_err(|e| e.to_string())?;
        Ok(Vector {
            ids,
            games: vec![first; n],
            memories: vec![G::Memory::default(); n],
            steps: vec![0; n],
            legal: vec![Vec::new(); n],
            settings,
            max_steps,
            seeds: ChaCha8Rng::seed_from_u64(0),
            policy: ChaCha8Rng::seed_from_u64(0),
            buf: Vec::new(),
        })
    }

    fn deal(&mut self, i: usize, out: &mut Buffers<'_>) {
        let seed = self.seeds.random();
        // Settings were accepted by `new`, and a game's settings do not depend on the seed.
        self.games[i] = G::new(&self.settings, seed).expect("settings accepted before");
        self.memories[i] = G::Memory::default();
        self.steps[i] = 0;
        out.deal_seed[i] = seed;
    }

    /// Rewrites row `i` of the mask, the observation and the seat for game `i`'s new turn,
    /// clearing only the mask entries set before.
    fn write_row(&mut self, i: usize, out: &mut Buffers<'_>) {
        let actions = self.games[i].num_actions();
        let mask = &mut out.mask[i * actions..(i + 1) * actions];
        for &id in &self.legal[i] {
            mask[id as usize] = 0;
        }
        self.legal[i].clear();
        let game = &self.games[i];
        let Some(seat) = seat_to_act(game.turn()) else {
            out.seat[i] = -1;
            return;
        };
        out.seat[i] = seat as i64;
        game.legal_actions(seat, &mut self.buf);
        for &action in &self.buf {
            let id = self.ids.outside(game.action_id(action));
            mask[id] = 1;
            self.legal[i].push(id as u32);
        }
        if let Some(obs) = out.obs.as_deref_mut() {
            let len = G::observation_len(&self.settings);
            game.encode(
                &mut self.memories[i],
                seat,
                &mut obs[i * len..(i + 1) * len],
            );
        }
    }

    fn write_rewards(out: &mut Buffers<'_>, i: usize, seats: usize, outcome: Option<Outcome>) {
        let row = &mut out.rewards[i * seats..(i + 1) * seats];
        match outcome {
            Some(outcome) => {
                for (slot, value) in row.iter_mut().zip(outcome.returns) {
                    *slot = value as f32;
                }
            }
            None => row.fill(0.0),
        }
    }
}

impl<G: Encoding> Shape for Vector<G> {
    fn num_seats(&self) -> usize {
        self.games.first().map_or(0, GameState::num_seats)
    }

    fn num_actions(&self) -> usize {
        self.games.first().map_or(0, GameState::num_actions)
    }

    fn observation_len(&self) -> usize {
        G::observation_len(&self.settings)
    }
}

impl<G: Encoding> Batch for Vector<G> {
    fn len(&self) -> usize {
        self.games.len()
    }

    fn reset(&mut self, seed: u64, mut out: Buffers<'_>) -> Result<(), String> {
        self.seeds = ChaCha8Rng::seed_from_u64(seed);
        self.policy = ChaCha8Rng::seed_from_u64(!seed);
        let seats = self.num_seats();
        out.mask.fill(0);
        for i in 0..self.games.len() {
            self.legal[i].clear();
            self.deal(i, &mut out);
            Self::write_rewards(&mut out, i, seats, None);
            out.done[i] = false;
            out.truncated[i] = false;
            self.write_row(i, &mut out);
        }
        Ok(())
    }

    fn step(&mut self, actions: &[i64], mut out: Buffers<'_>) -> Result<(), String> {
        self.check_len("actions", actions.len())?;
        for (i, &id) in actions.iter().enumerate() {
            let legal = u32::try_from(id).is_ok_and(|id| self.legal[i].contains(&id));
            if !legal {
                let game = &self.games[i];
                let text = usize::try_from(id)
                    .ok()
                    .and_then(|id| self.ids.game(id))
                    .and_then(|id| game.action_from_id(id))
                    .map_or_else(|| "no action".to_string(), |a| format!("{a:?}"));
                return Err(format!(
                    "game {i}: action id {id} ({text}) is not legal for the seat to act \
                     ({}); nothing was played",
                    game.turn()
                ));
            }
        }
        let seats = self.num_seats();
        for (i, &id) in actions.iter().enumerate() {
            let game = &mut self.games[i];
            let seat = seat_to_act(game.turn()).expect("a legal action has a seat to act");
            let action = self
                .ids
                .game(id as usize)
                .and_then(|id| game.action_from_id(id))
                .expect("a legal id names an action");
            game.play_unchecked(seat, action);
            self.steps[i] += 1;
            let outcome = game.outcome();
            let cut = outcome.is_none() && self.max_steps > 0 && self.steps[i] >= self.max_steps;
            Self::write_rewards(&mut out, i, seats, outcome);
            out.done[i] = outcome.is_some();
            out.truncated[i] = cut;
            if outcome.is_some() || cut {
                self.deal(i, &mut out);
            }
            self.write_row(i, &mut out);
        }
        Ok(())
    }

    fn sample(&mut self, actions: &mut [i64]) -> Result<(), String> {
        self.check_len("actions", actions.len())?;
        for (slot, legal) in actions.iter_mut().zip(&self.legal) {
            *slot = if legal.is_empty() {
                -1
            } else {
                i64::from(legal[self.policy.random_range(0..legal.len())])
            };
        }
        Ok(())
    }
}

impl<G: Encoding> Vector<G> {
    fn check_len(&self, what: &str, len: usize) -> Result<(), String> {
        if len == self.games.len() {
            Ok(())
        } else {
            Err(format!(
                "expected {} {what} (one per game), got {len}",
                self.games.len()
            ))
        }
    }
}

/// Plays `n` seeded random games of `G` (uniform over the legal actions, at most `max_steps`
/// actions each); writes each game's returns into `returns` (`n × num_seats`) and its length
/// into `steps`. Game `k` is dealt from a seed drawn from `seed`, so runs reproduce.
pub fn random_playouts<G: GameState>(
    settings: &G::Settings,
    seed: u64,
    max_steps: usize,
    returns: &mut [f64],
    steps: &mut [u64],
) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut game = G::new(settings, 0).map_err(|e| e.to_string())?;
    let seats = game.num_seats();
    for (row, length) in returns.chunks_exact_mut(seats).zip(steps) {
        game = G::new(settings, rng.random()).map_err(|e| e.to_string())?;
        *length =
            game::conformance::random_playout(&mut game, &mut rng, &mut buf, max_steps) as u64;
        let outcome = game.outcome().map_or([0.0; game::MAX_SEATS], |o| o.returns);
        row.copy_from_slice(&outcome[..seats]);
    }
    Ok(())
}
