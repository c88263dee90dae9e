//! Parlor's bots for Python, each deciding from one seat's view and nothing else.

use cards_core::CardSet;
use doudizhu::{
    Action, Auction, Bot, Counts, Move, Phase, PlannerBot, Play, RuleSet, Seat, Settings, Turn,
    View,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Takes `counts` from `pool`, for each rank its lowest-indexed cards left: suits play no part
/// in Dou Dizhu, so any cards of the right ranks stand for a seat's cards.
fn take(pool: &mut CardSet, counts: Counts) -> PyResult<CardSet> {
    let mut cards = CardSet::EMPTY;
    for (rank, n) in counts.iter() {
        let mut of_rank = *pool & rank.cards();
        for _ in 0..n {
            let card = of_rank.pop_first().ok_or_else(|| {
                PyValueError::new_err(format!("more {rank}s than a 54-card deck holds"))
            })?;
            cards.insert(card);
        }
    }
    *pool -= cards;
    Ok(cards)
}

fn seat(index: usize) -> PyResult<Seat> {
    Seat::ALL
        .get(index)
        .copied()
        .ok_or_else(|| PyValueError::new_err(format!("seat {index} is not 0, 1 or 2")))
}

/// The view of `me` built from what it sees: its ranks, the card counts, the landlord and the
/// card play so far (`(seat, ranks)`, `""` or `"pass"` for a pass).
fn view(
    hand: &str,
    me: usize,
    landlord: usize,
    card_counts: [u8; 3],
    history: Vec<(usize, String)>,
) -> PyResult<View> {
    let rules = RuleSet::DEFAULT;
    let me = seat(me)?;
    let landlord = seat(landlord)?;
    let hand_counts: Counts = hand
        .parse()
        .map_err(|e| PyValueError::new_err(format!("hand {hand:?}: {e}")))?;
    if hand_counts.len() != usize::from(card_counts[me.index()]) {
        return Err(PyValueError::new_err(format!(
            "the hand holds {} cards, the card counts say {}",
            hand_counts.len(),
            card_counts[me.index()]
        )));
    }
    let mut pool = CardSet::ALL;
    let cards = take(&mut pool, hand_counts)?;
    let mut turns = Vec::with_capacity(history.len());
    let mut trick: Option<(Seat, Play)> = None;
    let mut passes = 0;
    for (who, text) in history {
        let who = seat(who)?;
        if text.is_empty() || text.eq_ignore_ascii_case("pass") {
            turns.push(Turn {
                seat: who,
                action: Action::Pass,
            });
            passes += 1;
            if passes == 2 {
                trick = None;
                passes = 0;
            }
            continue;
        }
        let play = Play::parse(&text, &rules)
            .map_err(|e| PyValueError::new_err(format!("play {text:?}: {e}")))?;
        let played = take(&mut pool, play.counts)?;
        turns.push(Turn {
            seat: who,
            action: Action::Play {
                cards: played,
                combo: play.combo,
            },
        });
        trick = Some((who, play));
        passes = 0;
    }
    let settings = Settings::default();
    Ok(View {
        seat: Some(me),
        hand: cards,
        hand_counts,
        card_counts: cards_core::BySeat::new(card_counts),
        bottom: None,
        landlord: Some(landlord),
        phase: Phase::Playing,
        to_move: me,
        trick,
        settings,
        auction: Auction::new(settings.bidding, landlord),
        multiplier: 1,
        history: turns,
    })
}

/// The Dou Dizhu planning bot's move for one seat, from that seat's view only: its `hand`
/// (ranks in RLCard notation, `"33344BR"`), its `seat` and the `landlord`'s (0, 1, 2 in turn
/// order), the cards each seat holds, and the card play so far as `(seat, ranks)` pairs
/// (`""` or `"pass"` for a pass). Returns the play in RLCard notation, or `"pass"`. The bot's
/// endgame deals are drawn from `seed`. Bad input is a `ValueError`.
#[pyfunction]
#[pyo3(signature = (hand, seat, landlord, card_counts, history, seed = 0))]
fn doudizhu_planner_play(
    hand: &str,
    seat: usize,
    landlord: usize,
    card_counts: [u8; 3],
    history: Vec<(usize, String)>,
    seed: u64,
) -> PyResult<String> {
    let view = view(hand, seat, landlord, card_counts, history)?;
    Ok(match PlannerBot::with_seed(seed).play(&view) {
        Move::Pass => "pass".to_owned(),
        Move::Play(play) => play.to_string(),
    })
}

/// Adds the bots' functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(doudizhu_planner_play, module)?)
}
