//! Results the players declare instead of playing on: a resignation, a draw by agreement.
//! An optional capability of [`GameState`](crate::GameState): a game that offers them lists
//! them in [`GameState::DECLARATIONS`](crate::GameState::DECLARATIONS) and implements
//! [`GameState::declare`](crate::GameState::declare); every other game refuses them with
//! [`DeclareError::NotOffered`], so a server can stay generic.

use std::fmt;

/// A result declared by the players rather than reached on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declaration {
    /// The declaring seat gives up; its opponent wins.
    Resign,
    /// The seats agreed a draw (the declaring seat accepted the other's offer).
    Draw,
}

impl Declaration {
    /// Both declarations, in this order.
    pub const ALL: [Declaration; 2] = [Declaration::Resign, Declaration::Draw];
}

impl fmt::Display for Declaration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Declaration::Resign => "resignation",
            Declaration::Draw => "draw by agreement",
        })
    }
}

/// Why [`GameState::declare`](crate::GameState::declare) refused a declaration; nothing
/// changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeclareError {
    /// This game has no such declaration.
    #[error("{game} does not offer {declaration}")]
    NotOffered {
        /// The game's name.
        game: &'static str,
        /// What was declared.
        declaration: Declaration,
    },
    /// The seat is not at this table.
    #[error("seat {seat} does not exist (this game has {seats} seats)")]
    NoSuchSeat {
        /// The seat named.
        seat: usize,
        /// How many seats the game has.
        seats: usize,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

impl DeclareError {
    /// The check every implementation of `declare` starts with: the game offers
    /// `declaration` among `offered`, `seat` is below `seats` and the game is not `over`.
    ///
    /// ```
    /// use game::{Declaration, DeclareError};
    /// let offered = &[Declaration::Resign];
    /// assert_eq!(DeclareError::check("go", offered, Declaration::Resign, 2, 1, false), Ok(()));
    /// assert!(matches!(
    ///     DeclareError::check("go", offered, Declaration::Draw, 2, 1, false),
    ///     Err(DeclareError::NotOffered { .. })
    /// ));
    /// ```
    pub fn check(
        game: &'static str,
        offered: &[Declaration],
        declaration: Declaration,
        seats: usize,
        seat: usize,
        over: bool,
    ) -> Result<(), DeclareError> {
        if !offered.contains(&declaration) {
            Err(DeclareError::NotOffered { game, declaration })
        } else if seat >= seats {
            Err(DeclareError::NoSuchSeat { seat, seats })
        } else if over {
            Err(DeclareError::GameOver)
        } else {
            Ok(())
        }
    }
}
