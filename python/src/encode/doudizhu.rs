//! Dou Dizhu: DouZero's observation arrays, built from the seat's own [`View`] (its hand
//! and the public counts) and the public card play, summed up a turn at a time in
//! [`Played`] rather than read again from the whole history at each observation.
//!
//! Source: `douzero/env/env.py` (`get_obs`, `_get_obs_landlord`, `_get_obs_landlord_up`,
//! `_get_obs_landlord_down`, `_cards2array`, `_action_seq_list2array`) of the `douzero` 1.1.0
//! package; `python/scripts/crosscheck_douzero.py` compares element for element.
//!
//! One observation is `X + Z = 1240` floats: `x` (319 for the landlord, zero-padded to 430;
//! 430 for a farmer) then `z` (the last 15 moves, 5 × 162). A card set is DouZero's 54-vector:
//! for ranks 3…A, 2 a column of four (as many ones as copies, rank `r` at `4r..4r+4`), then
//! the black and the red joker. Positions are DouZero's: `landlord`, `landlord_down` (plays
//! after the landlord), `landlord_up` (plays before it). During the auction only the hand is
//! written (DouZero has no auction).
//!
//! The tests hold the naive encoder this one replaced (every aggregate recomputed from the
//! view's history into a zeroed buffer) and check that both write the same floats at every
//! decision of random games under every rule set.

use std::sync::OnceLock;

use doudizhu::{
    Action, Counts, Game, ParseRuleSetError, Phase, Rank, RuleSet, Seat, Settings, Turn, View,
};
use game::{GameState, Viewer};

use crate::ids::{self, Numbering, Order};
use crate::table::Encoding;

/// The name of RLCard's action id order.
const RLCARD: &str = "rlcard";

/// RLCard's numbering of the 27,471 plays and pass (`rlcard` 1.2.0, `action_space.txt`): the
/// game interface's id of each RLCard id, as little-endian `u16`s. Written and checked element
/// for element by `scripts/crosscheck_rlcard.py`; RLCard's order follows its data file, not a
/// rule the crate could state, so it is kept here as data. The bids keep their ids after it.
const RLCARD_IDS: &[u8] = include_bytes!("rlcard_ids.bin");

/// RLCard's order over every action of the default rules (the bids unchanged).
fn rlcard_order() -> Result<&'static Order, String> {
    static ORDER: OnceLock<Result<Order, String>> = OnceLock::new();
    let order = ORDER.get_or_init(|| {
        let mut to_game: Vec<u32> = RLCARD_IDS
            .chunks_exact(2)
            .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
            .collect();
        let all = <Game as GameState>::new(&Settings::default(), 0)
            .map_err(|e| e.to_string())?
            .num_actions();
        to_game.extend(to_game.len() as u32..all as u32);
        Order::new(to_game).map_err(|e| format!("RLCard's id table is damaged: {e}"))
    });
    order.as_ref().map_err(Clone::clone)
}

/// The length of one card vector.
const CARDS: usize = 54;
/// A farmer's `x` (and the room every `x` takes; the landlord's is
/// `5 * CARDS + 17 + 17 + 15` = 319).
pub const X_FARMER: usize = 7 * CARDS + 20 + 17 + 15;
/// The moves `z` holds.
const HISTORY: usize = 15;
/// The length of an observation.
pub const LEN: usize = X_FARMER + HISTORY * CARDS;

/// DouZero's column of a rank held `n` times: `n` ones, then zeros.
const COLUMNS: [[f32; 4]; 5] = [
    [0.0, 0.0, 0.0, 0.0],
    [1.0, 0.0, 0.0, 0.0],
    [1.0, 1.0, 0.0, 0.0],
    [1.0, 1.0, 1.0, 0.0],
    [1.0, 1.0, 1.0, 1.0],
];

/// Writes `counts` as DouZero's 54-vector into `out` (`CARDS` long, every element written).
fn write_cards(counts: Counts, out: &mut [f32]) {
    let (columns, jokers) = out.split_at_mut(52);
    for (rank, column) in columns.chunks_exact_mut(4).enumerate() {
        column.copy_from_slice(&COLUMNS[usize::from(counts.get(Rank::ALL[rank]))]);
    }
    jokers[0] = f32::from(counts.get(Rank::BlackJoker));
    jokers[1] = f32::from(counts.get(Rank::RedJoker));
}

/// Writes fields one after another, each in full.
struct Fields<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Fields<'_> {
    fn next(&mut self, len: usize) -> &mut [f32] {
        self.at += len;
        &mut self.out[self.at - len..self.at]
    }

    fn cards(&mut self, counts: Counts) {
        write_cards(counts, self.next(CARDS));
    }

    /// A one at `at`, zeros elsewhere.
    fn one_at(&mut self, at: usize, len: usize) {
        let field = self.next(len);
        field.fill(0.0);
        field[at] = 1.0;
    }

    /// DouZero's `_get_one_hot_array`: a one at `n - 1` (numpy's index −1, the last, for 0).
    fn one_hot(&mut self, n: usize, len: usize) {
        self.one_at((n + len - 1) % len, len);
    }

    fn zeros(&mut self, len: usize) {
        self.next(len).fill(0.0);
    }
}

/// One public card-play move as DouZero reads it: the seat, the ranks (empty for a pass),
/// and whether it was a bomb or a rocket. `None` for a bid.
fn card_move(turn: &Turn) -> Option<(Seat, Counts, bool)> {
    match turn.action {
        Action::Bid(_) => None,
        Action::Pass => Some((turn.seat, Counts::EMPTY, false)),
        Action::Play { cards, combo } => {
            Some((turn.seat, Counts::from_cards(cards), combo.kind.is_bomb()))
        }
    }
}

/// What DouZero's observation sums up of the public card play, kept up to date a turn at a
/// time from the game's history ([`Played::catch_up`]), so an observation late in the deal
/// costs what an early one does.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// The deal summed up ([`Game::redeals`]: an all-pass auction deals again) and how many
    /// of its turns are in.
    redeals: u32,
    turns: usize,
    /// The cards each seat played.
    by_seat: [Counts; 3],
    /// Each seat's last move (empty for a pass).
    last_of: [Counts; 3],
    /// The bombs and rockets played.
    bombs: usize,
    /// The last `HISTORY` moves: move `k` (from 0) at `k % HISTORY`.
    recent: [Counts; HISTORY],
    /// The moves so far.
    moves: usize,
}

impl Played {
    /// Adds the turns of `game` not yet in (starting again after a redeal).
    fn catch_up(&mut self, game: &Game) {
        let history = game.history();
        if game.redeals() != self.redeals || history.len() < self.turns {
            *self = Played {
                redeals: game.redeals(),
                ..Played::default()
            };
        }
        for (seat, counts, bomb) in history[self.turns..].iter().filter_map(card_move) {
            self.by_seat[seat.index()] = self.by_seat[seat.index()].plus(counts);
            self.last_of[seat.index()] = counts;
            self.bombs += usize::from(bomb);
            self.recent[self.moves % HISTORY] = counts;
            self.moves += 1;
        }
        self.turns = history.len();
    }

    /// The `k`-th move from the end (0: the last), empty before the first.
    fn back(&self, k: usize) -> Counts {
        if k < self.moves.min(HISTORY) {
            self.recent[(self.moves - 1 - k) % HISTORY]
        } else {
            Counts::EMPTY
        }
    }
}

/// Writes DouZero's observation of `view`'s seat into `out` (`LEN` long, every element
/// written) from the card play summed up in `played`.
fn encode(view: &View, played: &Played, out: &mut [f32]) {
    let hand = view.hand_counts;
    let mut x = Fields { out, at: 0 };
    let (Some(me), Some(landlord), Phase::Playing | Phase::Finished) =
        (view.seat, view.landlord, view.phase)
    else {
        x.cards(hand);
        x.zeros(LEN - CARDS);
        return;
    };
    let all_played = played.by_seat.iter().fold(Counts::EMPTY, |a, &b| a.plus(b));
    let other = Counts::FULL_DECK
        .minus(hand)
        .and_then(|rest| rest.minus(all_played))
        .unwrap_or(Counts::EMPTY);
    // `get_last_move`: the last move, or the one before it when the last was a pass.
    let last = match played.back(0) {
        pass if pass.is_empty() => played.back(1),
        last => last,
    };
    let left = |seat: Seat| usize::from(*view.card_counts.get(seat));
    let (down, up) = (landlord.next(), landlord.prev());
    x.cards(hand);
    x.cards(other);
    if me == landlord {
        x.cards(last);
        x.cards(played.by_seat[up.index()]);
        x.cards(played.by_seat[down.index()]);
        x.one_hot(left(up), 17);
        x.one_hot(left(down), 17);
    } else {
        let mate = if me == up { down } else { up };
        x.cards(played.by_seat[landlord.index()]);
        x.cards(played.by_seat[mate.index()]);
        x.cards(last);
        x.cards(played.last_of[landlord.index()]);
        x.cards(played.last_of[mate.index()]);
        x.one_hot(left(landlord), 20);
        x.one_hot(left(mate), 17);
    }
    // `_get_one_hot_bomb`: a one at the count itself.
    x.one_at(played.bombs.min(14), 15);
    x.zeros(X_FARMER - x.at);
    // `z`: the last `HISTORY` moves, oldest first, empty slots before the first move.
    for k in (0..HISTORY).rev() {
        x.cards(played.back(k));
    }
}

impl Encoding for Game {
    fn observation_len(_: &doudizhu::Settings) -> usize {
        LEN
    }

    type Memory = Played;

    /// `rules` may name a preset (`"douzero"`, `"openspiel"`…), read by [`RuleSet`]'s parser.
    fn resolve_names(settings: &mut serde_json::Value) -> Result<(), String> {
        if let Some(name) = settings.get("rules").and_then(serde_json::Value::as_str) {
            let rules: RuleSet = name.parse().map_err(|e: ParseRuleSetError| e.to_string())?;
            settings["rules"] = serde_json::to_value(rules).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// `"rlcard"`: RLCard's ids for the plays and pass, under RLCard's rules (the default).
    fn numbering(settings: &Settings, name: &str) -> Result<Numbering, String> {
        match name {
            ids::NATIVE => Ok(Numbering::NATIVE),
            RLCARD if settings.rules == RuleSet::DEFAULT => rlcard_order().map(Numbering::of),
            RLCARD => Err(format!(
                "action_ids=\"rlcard\" needs RLCard's rules (rules=\"default\"): RLCard numbers \
                 only their 27,472 actions, and rules {:?} allow others",
                settings.rules.preset_name().unwrap_or("(custom)")
            )),
            _ => Err(ids::unknown(Game::NAME, name, &[ids::NATIVE, RLCARD])),
        }
    }

    /// From the seat's history-free view (its hand, the public counts) and the public card
    /// play summed up in `played`.
    fn encode(&self, played: &mut Played, seat: usize, out: &mut [f32]) {
        played.catch_up(self);
        let view = Seat::new(seat).map_or_else(
            || self.state().public_view(),
            |seat| self.state().view(seat),
        );
        encode(&view, played, out);
    }

    fn render(&self) -> String {
        let view = GameState::view(self, Viewer::Spectator);
        let counts = view.card_counts.into_array();
        let landlord = view
            .landlord
            .map_or_else(|| "not yet".to_string(), |s| format!("seat {}", s.index()));
        let mut lines = vec![format!(
            "phase: {:?}, landlord: {landlord}, cards left: {} / {} / {}, multiplier {}",
            view.phase, counts[0], counts[1], counts[2], view.multiplier
        )];
        for turn in view.history.iter().rev().take(6).rev() {
            let action = match turn.action {
                Action::Bid(bid) => format!("bids {bid}"),
                Action::Pass => "passes".to_string(),
                Action::Play { cards, .. } => format!("plays {}", Counts::from_cards(cards)),
            };
            lines.push(format!("seat {} {action}", turn.seat.index()));
        }
        lines.push(format!("to move: seat {}", view.to_move.index()));
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use doudizhu::BidMode;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::batch::{Batch, Buffers, Vector};
    use crate::table::{Native, Shape, Table, seat_to_act};

    /// The naive reference: DouZero's observation of `view`'s seat recomputed from the
    /// view's whole history into a zeroed `out` (the encoder before [`Played`]).
    fn encode_view(view: &View, out: &mut [f32]) {
        out.fill(0.0);
        let hand = view.hand_counts;
        let (Some(me), Some(landlord), Phase::Playing | Phase::Finished) =
            (view.seat, view.landlord, view.phase)
        else {
            write_cards(hand, &mut out[..CARDS]);
            return;
        };
        let moves: Vec<_> = view.history.iter().filter_map(card_move).collect();
        let mut played = [Counts::EMPTY; 3];
        let mut last_of = [Counts::EMPTY; 3];
        for &(seat, counts, _) in &moves {
            played[seat.index()] = played[seat.index()].plus(counts);
            last_of[seat.index()] = counts;
        }
        let bombs = moves.iter().filter(|m| m.2).count();
        let all_played = played.iter().fold(Counts::EMPTY, |a, &b| a.plus(b));
        let other = Counts::FULL_DECK
            .minus(hand)
            .and_then(|rest| rest.minus(all_played))
            .unwrap_or(Counts::EMPTY);
        let last = match moves.as_slice() {
            [.., before, (_, last, _)] if last.is_empty() => before.1,
            [.., (_, last, _)] => *last,
            [] => Counts::EMPTY,
        };
        let left = |seat: Seat| usize::from(*view.card_counts.get(seat));
        let one_hot = |out: &mut [f32], n: usize| {
            let len = out.len();
            out[(n + len - 1) % len] = 1.0;
        };
        let (down, up) = (landlord.next(), landlord.prev());
        let (cards, counts): (Vec<Counts>, [(usize, usize); 2]) = if me == landlord {
            let cards = vec![hand, other, last, played[up.index()], played[down.index()]];
            (cards, [(left(up), 17), (left(down), 17)])
        } else {
            let mate = if me == up { down } else { up };
            let cards = vec![
                hand,
                other,
                played[landlord.index()],
                played[mate.index()],
                last,
                last_of[landlord.index()],
                last_of[mate.index()],
            ];
            (cards, [(left(landlord), 20), (left(mate), 17)])
        };
        let mut at = 0;
        for set in cards {
            write_cards(set, &mut out[at..at + CARDS]);
            at += CARDS;
        }
        for (n, len) in counts {
            one_hot(&mut out[at..at + len], n);
            at += len;
        }
        out[at + bombs.min(14)] = 1.0;
        let recent = &moves[moves.len().saturating_sub(HISTORY)..];
        let first = HISTORY - recent.len();
        for (slot, &(_, counts, _)) in recent.iter().enumerate() {
            let at = X_FARMER + (first + slot) * CARDS;
            write_cards(counts, &mut out[at..at + CARDS]);
        }
    }

    /// Every preset rule set under both bidding modes.
    fn every_settings() -> Vec<Settings> {
        let modes = [BidMode::Points, BidMode::Rob];
        RuleSet::PRESETS
            .iter()
            .flat_map(|&(_, rules)| {
                modes.map(|bidding| Settings {
                    rules,
                    bidding,
                    cap: None,
                })
            })
            .collect()
    }

    /// Checks every seat's observation of `table`, written into a buffer of stale values,
    /// against the naive encoder's.
    fn check_every_seat(table: &mut Native<Game>) {
        let (mut fast, mut naive) = (vec![f32::NAN; LEN], vec![0.0; LEN]);
        for seat in 0..3 {
            fast.fill(f32::NAN);
            table.encode(seat, &mut fast);
            encode_view(
                &GameState::view(&table.game, Viewer::Seat(seat)),
                &mut naive,
            );
            assert_eq!(fast, naive, "seat {seat} of {:?}", table.game.record());
        }
    }

    #[test]
    fn fast_encoder_equals_the_naive_one_on_random_games_of_every_rule_set() {
        // Observations at random decisions only, so `Played` also catches up over several
        // turns at once; games follow each other on one table, through `reset`.
        let mut rng = ChaCha8Rng::seed_from_u64(20);
        for settings in every_settings() {
            let mut table = Native::<Game>::new(settings, 0, ids::NATIVE).expect("settings");
            let mut checked = 0;
            for seed in 0..30 {
                table.reset(seed).expect("settings");
                while let Some(seat) = seat_to_act(table.turn()) {
                    if rng.random_bool(0.6) {
                        check_every_seat(&mut table);
                        checked += 1;
                    }
                    let legal = table.legal_ids(seat);
                    let id = legal[rng.random_range(0..legal.len())];
                    table.play_id(seat, id).expect("a legal id");
                }
                check_every_seat(&mut table);
            }
            assert!(
                checked > 500,
                "{checked} decisions checked under {settings:?}"
            );
        }
    }

    #[test]
    fn played_starts_again_after_a_redeal_whose_history_is_as_long_as_before() {
        // Points bidding, seed 3: two passes (observed), a third redeals; in the new deal a
        // bid of 3 wins at once and the landlord leads, so the history is 2 turns long
        // again, as long as when last observed.
        let mut table = Native::<Game>::new(Settings::default(), 3, ids::NATIVE).expect("ok");
        let act = |table: &mut Native<Game>, text: &str| {
            let seat = seat_to_act(table.turn()).expect("a seat to act");
            let id = table.parse_id(seat, text).expect("an action");
            table.play_id(seat, id).expect("legal");
        };
        act(&mut table, "pass");
        act(&mut table, "pass");
        check_every_seat(&mut table);
        act(&mut table, "pass");
        assert_eq!((table.game.redeals(), table.game.history().len()), (1, 0));
        act(&mut table, "3");
        let landlord = seat_to_act(table.turn()).expect("the landlord leads");
        let lead = table.legal_ids(landlord)[0];
        table.play_id(landlord, lead).expect("legal");
        assert_eq!(table.game.history().len(), 2);
        check_every_seat(&mut table);
    }

    #[test]
    fn played_starts_again_after_a_reset_whose_history_grew_longer_before_observing() {
        // Observed a few moves into card play; after the reset more turns than that pass
        // unobserved, so only the table's reset of its memory tells the new deal from the
        // old one.
        let mut table = Native::<Game>::new(Settings::default(), 5, ids::NATIVE).expect("ok");
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut random_turns = |table: &mut Native<Game>, turns: usize| {
            for _ in 0..turns {
                let seat = seat_to_act(table.turn()).expect("a seat to act");
                let legal = table.legal_ids(seat);
                let id = legal[rng.random_range(0..legal.len())];
                table.play_id(seat, id).expect("a legal id");
            }
        };
        random_turns(&mut table, 8);
        check_every_seat(&mut table);
        let before = table.game.history().len();
        table.reset(6).expect("settings");
        random_turns(&mut table, 14);
        assert!(table.game.history().len() > before);
        assert_eq!(table.game.state().phase(), Phase::Playing);
        check_every_seat(&mut table);
    }

    #[test]
    fn vector_env_observations_equal_the_naive_encoder_across_resets() {
        // Each row is replayed on a game of its own, dealt from the row's deal seed.
        let settings = Settings {
            rules: RuleSet::DOUZERO,
            ..Settings::default()
        };
        let n = 3;
        let mut batch = Vector::<Game>::new(settings, n, 0, ids::NATIVE).expect("settings");
        let mut obs = vec![0.0; n * LEN];
        let mut mask = vec![0; n * batch.num_actions()];
        let mut rewards = vec![0.0; n * 3];
        let (mut done, mut truncated) = (vec![false; n], vec![false; n]);
        let (mut seat, mut deal_seed) = (vec![0; n], vec![0; n]);
        let mut actions = vec![0; n];
        let mut replay: Vec<Game> = Vec::new();
        let mut deals = 0;
        for step in 0..600 {
            let before = seat.clone();
            let buffers = Buffers {
                obs: Some(&mut obs),
                mask: &mut mask,
                rewards: &mut rewards,
                done: &mut done,
                truncated: &mut truncated,
                seat: &mut seat,
                deal_seed: &mut deal_seed,
            };
            if step == 0 {
                batch.reset(1, buffers).expect("reset");
            } else {
                batch.sample(&mut actions).expect("sample");
                batch.step(&actions, buffers).expect("legal actions");
            }
            for i in 0..n {
                if step == 0 || done[i] || truncated[i] {
                    let game = <Game as GameState>::new(&settings, deal_seed[i]).expect("ok");
                    if step == 0 {
                        replay.push(game);
                    } else {
                        replay[i] = game;
                    }
                    deals += 1;
                } else {
                    let action = replay[i]
                        .action_from_id(actions[i] as usize)
                        .expect("an id");
                    GameState::play_unchecked(&mut replay[i], before[i] as usize, action);
                }
                let mut naive = vec![0.0; LEN];
                let view = GameState::view(&replay[i], Viewer::Seat(seat[i] as usize));
                encode_view(&view, &mut naive);
                assert_eq!(obs[i * LEN..(i + 1) * LEN], naive, "row {i} at step {step}");
            }
        }
        assert!(
            deals > 3 + 10,
            "{deals} deals: games ended and were dealt anew"
        );
    }
}
