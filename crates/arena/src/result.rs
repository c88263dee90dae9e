//! One game's result, from engine A's point of view.

use std::fmt;

/// Win, draw or loss for engine A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Engine A won.
    Win,
    /// A draw.
    Draw,
    /// Engine A lost.
    Loss,
}

impl Outcome {
    /// All outcomes, best first.
    pub const ALL: [Outcome; 3] = [Outcome::Win, Outcome::Draw, Outcome::Loss];

    /// The score: 1, ½ or 0.
    pub const fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The score in half points: 2, 1 or 0.
    pub const fn half_points(self) -> usize {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// The same game seen from the other engine.
    #[must_use]
    pub const fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the game's rules (mate, repetition, move limit …); the text says which.
    Rules(String),
    /// Adjudicated by the arena (for example a game-length cap); the text says why.
    Adjudication(String),
    /// The losing engine sent an illegal or unparsable move; the text names it.
    IllegalMove(String),
    /// The losing engine ran out of time.
    Timeout,
    /// The losing engine crashed, hung up or broke the protocol; the text says how.
    EngineFailure(String),
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules(why) => write!(f, "{why}"),
            Termination::Adjudication(why) => write!(f, "adjudication: {why}"),
            Termination::IllegalMove(what) => write!(f, "illegal move: {what}"),
            Termination::Timeout => write!(f, "loss on time"),
            Termination::EngineFailure(what) => write!(f, "engine failure: {what}"),
        }
    }
}

/// The result of one game: outcome for engine A, why it ended, and the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Win, draw or loss for engine A.
    pub outcome: Outcome,
    /// Why the game ended.
    pub termination: Termination,
    /// The game record (PGN, `.psq` …) as the game writes it.
    pub record: String,
}

impl GameResult {
    /// A result from its parts.
    pub fn new(outcome: Outcome, termination: Termination, record: String) -> GameResult {
        GameResult {
            outcome,
            termination,
            record,
        }
    }
}

/// A line of an opening suite that is not an opening.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("opening suite line {line}: {problem}")]
pub struct ParseOpeningsError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}
