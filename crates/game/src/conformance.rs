//! The generic test suite every implementation of [`GameState`] runs, and a random playout.
//!
//! [`check`] plays random legal games from many seeds and, at every step, checks the contract
//! of the interface; it panics with a message naming the broken rule. Call it from each
//! crate's tests:
//!
//! ```text
//! game::conformance::check::<xiangqi::Position>(&Default::default(), &Config::default());
//! ```
//!
//! The crate's README has a complete example on a small game.

use std::collections::HashSet;
use std::fmt::Display;
use std::ops::Range;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::declare::{Declaration, DeclareError};
use crate::seat::{SeatSet, Turn, Viewer};
use crate::state::{GameState, PlayError};

/// How much [`check`] does.
#[derive(Clone, Debug)]
pub struct Config {
    /// One random game per seed: the seed builds the game and drives the random choices.
    pub seeds: Range<u64>,
    /// Steps after which a game stops being followed (it need not be over).
    pub max_steps: usize,
    /// At most this many legal actions per step are each applied to a copy.
    pub actions_applied: usize,
    /// Random ids per step that name no legal action, each of which must be refused.
    pub illegal_probes: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            seeds: 0..20,
            max_steps: 2_000,
            actions_applied: 16,
            illegal_probes: 8,
        }
    }
}

/// Plays random legal games of `G` under `settings` and checks, at every step:
/// - the turn names existing seats, seats not to act have no legal actions, seats to act
///   have some, and the outcome exists exactly when the turn is [`Turn::Over`];
/// - every legal action's id is in range and maps back to it, its text parses back to it,
///   and ids and texts are distinct (bijections on the legal actions);
/// - legal actions apply (checked and unchecked alike), while ids that name no legal action,
///   actions by a seat not to act and by a seat that does not exist are refused and change
///   nothing;
/// - every viewer's view survives a JSON round trip;
/// - a declaration the game offers ends it (a resignation: the other seats win; a draw:
///   nobody does), one it does not offer, or one after the end, is refused and changes
///   nothing;
/// - construction is deterministic for a seed.
///
/// # Panics
/// When the implementation breaks one of these rules (that is its purpose).
pub fn check<G: GameState>(settings: &G::Settings, config: &Config) {
    for seed in config.seeds.clone() {
        let mut game = G::new(settings, seed).expect("the settings build a game");
        assert_eq!(
            game,
            G::new(settings, seed).expect("the settings build a game"),
            "seed {seed}: two games built from one seed differ"
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut actions = Vec::new();
        for step in 0..config.max_steps {
            let turn = game.turn();
            check_step(&game, turn, config, &mut rng, seed, step);
            if turn == Turn::Over {
                break;
            }
            let movers: Vec<usize> = turn.seats().iter().collect();
            let seat = movers[rng.random_range(0..movers.len())];
            game.legal_actions(seat, &mut actions);
            let action = actions[rng.random_range(0..actions.len())];
            if let Err(e) = game.play(seat, action) {
                panic!("seed {seed} step {step}: legal action {action} refused: {e}");
            }
        }
    }
}

fn check_step<G: GameState>(
    game: &G,
    turn: Turn,
    config: &Config,
    rng: &mut ChaCha8Rng,
    seed: u64,
    step: usize,
) {
    let at = format!("seed {seed} step {step}");
    let seats = game.num_seats();
    assert!(
        turn.seats().iter().all(|s| s < seats),
        "{at}: turn {turn} names a seat the game does not have"
    );
    assert_eq!(
        game.outcome().is_some(),
        turn == Turn::Over,
        "{at}: an outcome must exist exactly when the game is over"
    );
    assert!(
        turn == Turn::Over || !turn.seats().is_empty(),
        "{at}: nobody is to act in a game that is not over"
    );
    for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let view = game.view(viewer);
        let json = serde_json::to_string(&view).expect("views serialise to JSON");
        let back: G::View = serde_json::from_str(&json).expect("views deserialise from JSON");
        assert_eq!(
            back, view,
            "{at}: the view of {viewer:?} changes in a JSON round trip"
        );
    }
    let mut actions = Vec::new();
    for seat in 0..seats {
        game.legal_actions(seat, &mut actions);
        if turn.includes(seat) {
            assert!(
                !actions.is_empty(),
                "{at}: seat {seat} is to act but has no action"
            );
            check_actions(game, seat, &actions, config, rng, &at);
        } else {
            assert!(
                actions.is_empty(),
                "{at}: seat {seat} is not to act but lists actions"
            );
        }
    }
    check_declarations(game, turn, &at);
    let mut probe = game.clone();
    assert!(
        matches!(
            probe.play(seats, first_action(game, turn)),
            Err(PlayError::NoSuchSeat { .. } | PlayError::GameOver)
        ) || turn == Turn::Over,
        "{at}: an action by seat {seats}, which does not exist, was not refused as such"
    );
    assert_eq!(&probe, game, "{at}: a refused action changed the game");
    if turn == Turn::Over {
        for seat in 0..seats {
            if let Some(a) = game.action_from_id(0) {
                assert!(
                    matches!(probe.play(seat, a), Err(PlayError::GameOver)),
                    "{at}: an action after the end was not refused as game over"
                );
            }
        }
    }
}

fn check_declarations<G: GameState>(game: &G, turn: Turn, at: &str) {
    let seats = game.num_seats();
    for declaration in Declaration::ALL {
        for seat in 0..=seats {
            let mut probe = game.clone();
            let result = probe.declare(seat, declaration);
            let offered = G::DECLARATIONS.contains(&declaration);
            if !offered || seat == seats || turn == Turn::Over {
                assert!(
                    result.is_err(),
                    "{at}: {declaration} by seat {seat} was accepted"
                );
                assert_eq!(
                    &probe, game,
                    "{at}: a refused {declaration} changed the game"
                );
                if !offered {
                    assert!(
                        matches!(result, Err(DeclareError::NotOffered { .. })),
                        "{at}: {declaration}, not offered, refused as {result:?}"
                    );
                }
                continue;
            }
            if let Err(e) = result {
                panic!("{at}: {declaration} by seat {seat} refused: {e}");
            }
            assert_eq!(
                probe.turn(),
                Turn::Over,
                "{at}: {declaration} did not end the game"
            );
            let outcome = probe.outcome().expect("a game over has an outcome");
            let expected: SeatSet = match declaration {
                Declaration::Resign => (0..seats).filter(|&s| s != seat).collect(),
                Declaration::Draw => SeatSet::EMPTY,
            };
            assert_eq!(
                outcome.winners, expected,
                "{at}: the winners after {declaration} by seat {seat}"
            );
        }
    }
}

/// Some action that can be offered to `play` to test refusals: a legal one of a mover, or
/// the action with id 0.
fn first_action<G: GameState>(game: &G, turn: Turn) -> G::Action {
    let mut actions = Vec::new();
    if let Some(seat) = turn.seats().iter().next() {
        game.legal_actions(seat, &mut actions);
    }
    actions
        .first()
        .copied()
        .or_else(|| (0..game.num_actions()).find_map(|id| game.action_from_id(id)))
        .expect("the action space names at least one action")
}

fn check_actions<G: GameState>(
    game: &G,
    seat: usize,
    actions: &[G::Action],
    config: &Config,
    rng: &mut ChaCha8Rng,
    at: &str,
) {
    let size = game.num_actions();
    let mut ids = HashSet::new();
    let mut texts = HashSet::new();
    for &action in actions {
        let id = game.action_id(action);
        assert!(id < size, "{at}: {action} has id {id}, outside 0..{size}");
        assert_eq!(
            game.action_from_id(id),
            Some(action),
            "{at}: id {id} does not map back to {action}"
        );
        assert!(ids.insert(id), "{at}: two legal actions share id {id}");
        let text = action.to_string();
        match game.parse_action(seat, &text) {
            Ok(parsed) => assert_eq!(parsed, action, "{at}: {text:?} parses to {parsed}"),
            Err(e) => panic!("{at}: the text {text:?} of a legal action does not parse: {e}"),
        }
        assert!(
            texts.insert(text.clone()),
            "{at}: two legal actions are both written {text:?}"
        );
    }
    let step = (actions.len() / config.actions_applied.max(1)).max(1);
    for &action in actions.iter().step_by(step) {
        let mut checked = game.clone();
        if let Err(e) = checked.play(seat, action) {
            panic!("{at}: legal action {action} refused: {e}");
        }
        let mut unchecked = game.clone();
        unchecked.play_unchecked(seat, action);
        assert_eq!(
            checked, unchecked,
            "{at}: play and play_unchecked of {action} differ"
        );
    }
    for _ in 0..config.illegal_probes {
        let id = rng.random_range(0..size);
        if ids.contains(&id) {
            continue;
        }
        if let Some(action) = game.action_from_id(id) {
            let mut probe = game.clone();
            assert!(
                probe.play(seat, action).is_err(),
                "{at}: {action} (id {id}) is not listed as legal but was accepted"
            );
            assert_eq!(
                &probe, game,
                "{at}: the refused action {action} changed the game"
            );
        }
    }
    let turn = game.turn();
    if let Some(other) = (0..game.num_seats()).find(|&s| !turn.includes(s)) {
        let mut probe = game.clone();
        assert!(
            matches!(
                probe.play(other, actions[0]),
                Err(PlayError::NotYourTurn { .. })
            ),
            "{at}: seat {other} acted out of turn"
        );
        assert_eq!(&probe, game, "{at}: an action out of turn changed the game");
    }
}

/// Plays uniformly random legal actions (a random seat among those to act) until the game is
/// over or `max_steps` actions were taken; returns the number taken. `buf` is reused.
pub fn random_playout<G: GameState, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    buf: &mut Vec<G::Action>,
    max_steps: usize,
) -> usize {
    for steps in 0..max_steps {
        let seat = match game.turn() {
            Turn::Over => return steps,
            Turn::Seat(seat) => seat,
            Turn::Simultaneous(set) => {
                let n = rng.random_range(0..set.len());
                set.iter().nth(n).unwrap_or(0)
            }
        };
        game.legal_actions(seat, buf);
        let action = buf[rng.random_range(0..buf.len())];
        game.play_unchecked(seat, action);
    }
    max_steps
}

/// Every value of `T` named anywhere in a JSON document: each string that parses as a `T`
/// whose canonical text is that same string (`"QS"` names a card, `"qs"` does not). Leak
/// tests use it to list what a serialised view reveals, whatever the view's layout.
pub fn values_named_in<T: FromStr + Display>(value: &serde_json::Value) -> Vec<T> {
    let mut found = Vec::new();
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            serde_json::Value::String(text) => {
                if let Ok(named) = text.parse::<T>()
                    && named.to_string() == *text
                {
                    found.push(named);
                }
            }
            serde_json::Value::Array(items) => pending.extend(items),
            serde_json::Value::Object(map) => pending.extend(map.values()),
            _ => {}
        }
    }
    found
}
