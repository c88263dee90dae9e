//! Answering a draw offer: the engine accepts when its own search says it is not ahead.

use xiangqi::{Color, Game};

use crate::search::{Control, Engine, Limits, Score};

/// How far ahead, in centipawns, a side must be to play on rather than take a draw: about
/// half a pawn, so that the side to move's small edge of tempo does not count as a lead.
pub const AHEAD_CP: i32 = 50;

/// Whether `color` accepts a draw in `game`: it searches the position within `limits` and
/// accepts unless the score, from `color`'s side, is a mate for it or more than
/// [`AHEAD_CP`] centipawns. A game without a legal move (over) is accepted: nothing is lost.
///
/// ```
/// use xiangqi::{Color, Game, Position};
/// use xiangqi_engine::{Budget, Engine, Limits, accepts_draw};
/// use std::time::Duration;
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// let mut engine = Engine::new(1);
/// // Red has both chariots against a bare general: Red plays on, Black takes the draw.
/// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K3R w").unwrap();
/// let game = Game::new(pos);
/// assert!(!accepts_draw(&mut engine, &game, Color::Red, &limits));
/// assert!(accepts_draw(&mut engine, &game, Color::Black, &limits));
/// ```
pub fn accepts_draw(engine: &mut Engine, game: &Game, color: Color, limits: &Limits) -> bool {
    let result = engine.search(game, limits, &Control::new(false), |_| {});
    if result.best.is_none() {
        return true;
    }
    let for_mover = match result.score {
        Score::Mate(n) => {
            if n > 0 {
                i32::MAX
            } else {
                i32::MIN
            }
        }
        Score::Cp(cp) => cp,
    };
    let for_color = if game.position().turn() == color {
        for_mover
    } else {
        for_mover.saturating_neg()
    };
    for_color <= AHEAD_CP
}
