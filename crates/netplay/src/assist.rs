//! Help the server gives beyond the views: Klondike's hint and "can this still be won?" from
//! the klondike crate's solver, deals proved winnable, and Xiangqi's move list in the crate's
//! notations (the moves are public; the view holds only the last one).
//!
//! The solver needs the face-down cards, which no view holds, so an answer is computed from
//! the table's stored seed and action log, replayed here, and only the answer (a verdict and
//! a line of public moves) goes back. Klondike's view is the same for the player and for
//! spectators and nobody plays against the player, so any member of a Klondike table may ask:
//! the answer tells them nothing the player could not ask for. Searches run on tokio's
//! blocking threads, at most [`SOLVERS`] at once, each within [`BUDGET`].

use std::sync::Arc;
use std::time::Duration;

use game::{DynGame, NewGameError};
use klondike::solver::{self, Budget};
use klondike::{Klondike, Move, Rules};
use serde_json::Value;
use tokio::sync::Semaphore;
use xiangqi::Notation;

use crate::protocol::{AssistAsk, NotatedMove, Phase, ServerMessage, TableInfo};
use crate::refusal::Refusal;
use crate::storage::Storage;

/// Refusal codes of `assist` (documented in `PROTOCOL.md`).
pub(crate) mod codes {
    /// The table's game has no assistance (only Klondike has).
    pub const NO_ASSIST: &str = "no_assist";
    /// Every solver slot is busy; ask again.
    pub const SOLVER_BUSY: &str = "solver_busy";
}

/// At most this many searches run at once, server-wide.
pub const SOLVERS: usize = 2;

/// The work one answer may take: positions and wall-clock time, whichever ends first.
pub const BUDGET: Budget = Budget {
    nodes: Some(3_000_000),
    time: Some(Duration::from_secs(5)),
    memory: Some(512 << 20),
};

/// How many candidate deals a winnable table tries before it gives up (each within the
/// crate's [`solver::WINNABLE_BUDGET`]).
const WINNABLE_TRIES: u64 = 200;

static SLOTS: Semaphore = Semaphore::const_new(SOLVERS);

/// The settings key asking for a deal the solver proved winnable: `{"winnable": true}`.
pub const WINNABLE: &str = "winnable";

/// Klondike's settings: the crate's [`Rules`] plus the optional `"winnable": true`.
fn settings(mut rules: Value) -> Result<(Rules, bool), NewGameError> {
    let bad = |message: String| NewGameError::BadSettings {
        game: "klondike",
        message,
    };
    let winnable = match rules.as_object_mut().and_then(|o| o.remove(WINNABLE)) {
        None | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(other) => return Err(bad(format!("{WINNABLE} is true or false, not {other}"))),
    };
    let rules = if rules.is_null() {
        Rules::default()
    } else {
        serde_json::from_value(rules).map_err(|e| bad(e.to_string()))?
    };
    Ok((rules, winnable))
}

/// The deal a Klondike table plays for `seed`: the seed's own deal, or with `"winnable":
/// true` the first deal from it that the solver proves winnable
/// ([`solver::deal_winnable_among`]), the same for the same seed on every run.
pub fn klondike(value: Value, seed: u64) -> Result<Klondike, NewGameError> {
    let (rules, winnable) = settings(value)?;
    if !winnable {
        return Ok(Klondike::from_seed(seed, rules));
    }
    let found = solver::deal_winnable_among(seed, rules, WINNABLE_TRIES).ok_or_else(|| {
        NewGameError::BadSettings {
            game: "klondike",
            message: format!("no winnable deal among {WINNABLE_TRIES} tries"),
        }
    })?;
    Ok(Klondike::new(&found.deal, rules))
}

/// The registry's factory for Klondike tables (see [`klondike()`]).
pub fn new_klondike(value: Value, seed: u64) -> Result<Box<dyn DynGame>, NewGameError> {
    Ok(Box::new(klondike(value, seed)?))
}

/// The answer to `assist` at the table `info` describes, from its stored game.
pub(crate) async fn answer(
    storage: Arc<dyn Storage>,
    info: TableInfo,
    ask: AssistAsk,
) -> Result<ServerMessage, Refusal> {
    match (info.game.as_str(), ask) {
        ("klondike", AssistAsk::Hint | AssistAsk::Solve) => solve(storage, info, ask).await,
        ("xiangqi", AssistAsk::Moves) => moves(storage, info).await,
        (game, _) => Err(Refusal::new(
            codes::NO_ASSIST,
            format!("{game} has no {ask:?} help (klondike has hints, xiangqi its moves)")
                .to_lowercase(),
        )),
    }
}

/// The table's current game as stored: its seed and log.
async fn stored_game(
    storage: &Arc<dyn Storage>,
    info: &TableInfo,
) -> Result<crate::storage::StoredGame, Refusal> {
    storage
        .load_game(info.code.clone(), info.game_number)
        .await
        .map_err(|e| Refusal::new(crate::refusal::codes::STORAGE, e.to_string()))?
        .ok_or_else(|| Refusal::new(crate::refusal::codes::STORAGE, "the game is not stored"))
}

/// Xiangqi's moves so far, replayed from the log and written in each notation.
async fn moves(storage: Arc<dyn Storage>, info: TableInfo) -> Result<ServerMessage, Refusal> {
    let stored = stored_game(&storage, &info).await?;
    let failed = |e: String| Refusal::new(crate::refusal::codes::GAME_FAILED, e);
    let settings: xiangqi::Settings = if info.settings.is_null() {
        xiangqi::Settings::default()
    } else {
        serde_json::from_value(info.settings).map_err(|e| failed(e.to_string()))?
    };
    let mut game = settings.new_game().map_err(|e| failed(e.to_string()))?;
    let read = crate::table_action::read_log(&stored.actions);
    let mut moves = Vec::with_capacity(read.moves.len());
    for logged in read.moves {
        let position = *game.position();
        let mv = position
            .parse_move(&logged.action)
            .map_err(|e| failed(e.to_string()))?;
        moves.push(NotatedMove {
            iccs: position.write_move(mv, Notation::Iccs),
            wxf: position.write_move(mv, Notation::Wxf),
            chinese: position.write_move(mv, Notation::ChineseSimplified),
        });
        game.play(mv).map_err(|e| failed(e.to_string()))?;
    }
    Ok(ServerMessage::Moves {
        ply: stored.actions.len(),
        moves,
    })
}

/// Klondike's hint or whole line, searched on a blocking thread.
async fn solve(
    storage: Arc<dyn Storage>,
    info: TableInfo,
    ask: AssistAsk,
) -> Result<ServerMessage, Refusal> {
    if info.phase != Phase::Playing {
        return Err(Refusal::new(
            crate::refusal::codes::NOT_STARTED,
            "hints are for a game in play",
        ));
    }
    let stored = stored_game(&storage, &info).await?;
    let permit = SLOTS.try_acquire().map_err(|_| {
        Refusal::new(
            codes::SOLVER_BUSY,
            format!("{SOLVERS} searches are running; ask again in a moment"),
        )
    })?;
    let settings = info.settings;
    let solved = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut position = klondike(settings, stored.seed).map_err(|e| e.to_string())?;
        for logged in crate::table_action::read_log(&stored.actions).moves {
            let mv: Move = logged.action.parse().map_err(|e| format!("{e}"))?;
            position.play(mv).map_err(|e| format!("{e}"))?;
        }
        Ok::<_, String>((stored.actions.len(), solver::solve(&position, BUDGET)))
    })
    .await
    .map_err(|_| Refusal::new(crate::refusal::codes::GAME_FAILED, "the solver failed"))?
    .map_err(|e| {
        Refusal::new(
            crate::refusal::codes::GAME_FAILED,
            format!("replaying the game: {e}"),
        )
    })?;
    let (ply, solution) = solved;
    Ok(reply(ask, ply, &solution))
}

/// The `assist` message for a solution found at `ply`.
fn reply(ask: AssistAsk, ply: usize, solution: &solver::Solution) -> ServerMessage {
    let line = solution
        .verdict
        .line()
        .map(|line| line.iter().map(ToString::to_string).collect::<Vec<_>>());
    ServerMessage::Assist {
        ask,
        ply,
        verdict: solution.verdict.word().to_owned(),
        hint: line.as_ref().and_then(|l| l.first().cloned()),
        line: if ask == AssistAsk::Solve { line } else { None },
        nodes: solution.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klondike::solver::Verdict;
    use serde_json::json;

    #[test]
    fn winnable_settings_deal_a_deal_the_solver_wins_and_the_same_one_each_time() {
        let rules = Rules::default();
        let won = klondike(json!({"winnable": true}), 11).unwrap();
        assert_eq!(klondike(json!({"winnable": true}), 11).unwrap(), won);
        let solution = solver::solve(&won, BUDGET);
        assert!(matches!(solution.verdict, Verdict::Win(_)));
        assert_eq!(
            klondike(json!({"winnable": false}), 11).unwrap(),
            Klondike::from_seed(11, rules)
        );
        assert_eq!(
            klondike(Value::Null, 11).unwrap(),
            Klondike::from_seed(11, rules)
        );
    }

    #[test]
    fn bad_klondike_settings_are_refused_with_the_reason() {
        let error = klondike(json!({"winnable": 1}), 0).unwrap_err().to_string();
        assert!(error.contains("winnable is true or false"), "{error}");
        let error = klondike(json!({"draw": "nine"}), 0)
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("settings for klondike are not valid"),
            "{error}"
        );
    }

    #[test]
    fn a_hint_is_the_first_move_of_the_line_and_only_solve_sends_the_line() {
        let position = klondike(json!({"winnable": true}), 3).unwrap();
        let solution = solver::solve(&position, BUDGET);
        let line = solution.verdict.line().unwrap();
        let ServerMessage::Assist {
            hint,
            line: sent,
            verdict,
            ..
        } = reply(AssistAsk::Hint, 0, &solution)
        else {
            panic!("not an assist message");
        };
        assert_eq!((verdict.as_str(), hint), ("win", Some(line[0].to_string())));
        assert_eq!(sent, None);
        let ServerMessage::Assist { line: sent, .. } = reply(AssistAsk::Solve, 0, &solution) else {
            panic!("not an assist message");
        };
        assert_eq!(sent.map(|l| l.len()), Some(line.len()));
    }
}
