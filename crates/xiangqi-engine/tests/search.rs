//! The search against the repetition rules of the game it plays in.

use xiangqi::{Color, DrawReason, Game, Move, Outcome, Position, Validation};
use xiangqi_engine::{Control, Engine, Limits, Score};

fn game(fen: &str, moves: &str) -> Game {
    let pos = Position::from_fen_with(fen, Validation::Permissive).unwrap();
    let mut g = Game::new(pos);
    for m in moves.split_whitespace() {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

fn best(g: &Game, depth: u32) -> (Move, Score) {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = Engine::new(8).search(g, &limits, &Control::default(), |_| {});
    (r.best.unwrap(), r.score)
}

#[test]
fn never_completes_a_losing_perpetual_check() {
    // The rules crate's perpetual-check example: Red has checked on the d- and e-files in
    // turn; e1d1 would repeat the position with every red move a check, which loses.
    let g = game(
        "3k5/9/9/9/9/9/9/9/R8/5K3 w",
        "a1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
    );
    let mut repeat = g.clone();
    repeat.play("e1d1".parse().unwrap()).unwrap();
    assert!(matches!(
        repeat.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
    let (m, score) = best(&g, 6);
    assert_ne!(m, "e1d1".parse().unwrap());
    assert!(!matches!(score, Score::Mate(n) if n < 0), "{score:?}");
}

#[test]
fn claims_a_repetition_draw_when_behind() {
    // Black has no a-file chariot; the horses have shuffled twice round, and g7h9 makes the
    // start position (without that chariot) appear a third time: a draw Black takes.
    let fen = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let g = game(fen, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
    let (m, score) = best(&g, 6);
    assert_eq!(m, "g7h9".parse().unwrap());
    assert_eq!(score, Score::Cp(0));
    let mut after = g.clone();
    after.play(m).unwrap();
    assert_eq!(after.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn avoids_a_repetition_draw_when_ahead() {
    // After one round of the same shuffle, Red (a chariot up) does not repeat h0g2.
    let fen = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    let g = game(fen, "h0g2 h9g7 g2h0 g7h9");
    assert_eq!(g.outcome(), None);
    let (m, score) = best(&g, 6);
    assert_ne!(m, "h0g2".parse().unwrap());
    assert!(matches!(score, Score::Cp(cp) if cp > 300), "{score:?}");
}
