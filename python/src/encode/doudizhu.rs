//! Dou Dizhu: DouZero's observation arrays, built from the seat's own [`View`].
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

use std::sync::OnceLock;

use doudizhu::{Action, Counts, Game, ParseRuleSetError, Phase, RuleSet, Seat, Settings, View};
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

/// Writes `counts` as DouZero's 54-vector into `out`.
pub fn write_cards(counts: Counts, out: &mut [f32]) {
    for (rank, copies) in counts.iter() {
        let r = rank.index();
        if r < 13 {
            out[4 * r..4 * r + usize::from(copies)].fill(1.0);
        } else {
            out[52 + r - 13] = 1.0;
        }
    }
}

/// DouZero's `_get_one_hot_array`: a one at `n - 1` (numpy's index −1, the last, for 0).
fn one_hot(n: usize, out: &mut [f32]) {
    let len = out.len();
    out[(n + len - 1) % len] = 1.0;
}

/// Writes fields one after another.
struct Cursor<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Cursor<'_> {
    fn cards(&mut self, counts: Counts) {
        write_cards(counts, &mut self.out[self.at..self.at + CARDS]);
        self.at += CARDS;
    }

    fn one_hot(&mut self, n: usize, len: usize) {
        one_hot(n, &mut self.out[self.at..self.at + len]);
        self.at += len;
    }
}

/// The public card play: each move (a pass is empty) with its seat, in order.
fn card_play(view: &View) -> Vec<(Seat, Counts, bool)> {
    view.history
        .iter()
        .filter_map(|turn| match turn.action {
            Action::Bid(_) => None,
            Action::Pass => Some((turn.seat, Counts::EMPTY, false)),
            Action::Play { cards, combo } => {
                Some((turn.seat, Counts::from_cards(cards), combo.kind.is_bomb()))
            }
        })
        .collect()
}

/// Writes DouZero's observation of `view`'s seat into `out` (`LEN` long).
pub fn encode_view(view: &View, out: &mut [f32]) {
    out.fill(0.0);
    let hand = view.hand_counts;
    let (Some(me), Some(landlord), Phase::Playing | Phase::Finished) =
        (view.seat, view.landlord, view.phase)
    else {
        write_cards(hand, &mut out[..CARDS]);
        return;
    };
    let moves = card_play(view);
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
    // `get_last_move`: the last move, or the one before it when the last was a pass.
    let last = match moves.as_slice() {
        [.., before, (_, last, _)] if last.is_empty() => before.1,
        [.., (_, last, _)] => *last,
        [] => Counts::EMPTY,
    };
    let left = |seat: Seat| usize::from(*view.card_counts.get(seat));
    let (down, up) = (landlord.next(), landlord.prev());
    let mut x = Cursor { out, at: 0 };
    x.cards(hand);
    x.cards(other);
    if me == landlord {
        x.cards(last);
        x.cards(played[up.index()]);
        x.cards(played[down.index()]);
        x.one_hot(left(up), 17);
        x.one_hot(left(down), 17);
    } else {
        let mate = if me == up { down } else { up };
        x.cards(played[landlord.index()]);
        x.cards(played[mate.index()]);
        x.cards(last);
        x.cards(last_of[landlord.index()]);
        x.cards(last_of[mate.index()]);
        x.one_hot(left(landlord), 20);
        x.one_hot(left(mate), 17);
    }
    // `_get_one_hot_bomb`: a one at the count itself.
    x.out[x.at + bombs.min(14)] = 1.0;
    let recent = &moves[moves.len().saturating_sub(HISTORY)..];
    let z = &mut out[X_FARMER..];
    let first = HISTORY - recent.len();
    for (slot, &(_, counts, _)) in recent.iter().enumerate() {
        let at = (first + slot) * CARDS;
        write_cards(counts, &mut z[at..at + CARDS]);
    }
}

impl Encoding for Game {
    fn observation_len(_: &doudizhu::Settings) -> usize {
        LEN
    }

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

    fn encode(&self, seat: usize, out: &mut [f32]) {
        encode_view(&GameState::view(self, Viewer::Seat(seat)), out);
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
