//! Repetition verdicts against Fairy-Stockfish, from `tests/data/repetitions.txt`: the rules
//! crate must give Fairy-Stockfish's verdict at the third occurrence (and none before it),
//! except on the endings marked `differs`, which must still differ (when one comes to agree,
//! drop its mark).

use xiangqi::{Color, Game, Outcome, Position, Validation};

fn verdict(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "none",
        Some(Outcome::Win {
            winner: Color::Red, ..
        }) => "red",
        Some(Outcome::Win { .. }) => "black",
        Some(Outcome::Draw(_)) => "draw",
    }
}

#[test]
fn repetition_verdicts_match_fairy_stockfish() {
    let (mut agreed, mut differ) = (0, 0);
    for line in include_str!("data/repetitions.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [tag, fen, moves] = fields[..] else {
            panic!("bad line {line}");
        };
        let start = Position::from_fen_with(fen, Validation::Permissive)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut game = Game::new(start);
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(game.outcome(), None, "{fen}: over before move {i} ({m})");
            game.play(m.parse().unwrap())
                .unwrap_or_else(|e| panic!("{fen}: {m}: {e}"));
        }
        assert_eq!(game.repetitions(), 3, "{fen}");
        let ours = verdict(game.outcome());
        if let Some(theirs) = tag.strip_prefix("differs ") {
            assert_ne!(
                ours,
                theirs,
                "{fen} {}: now agrees, drop its mark",
                moves.join(" ")
            );
            differ += 1;
        } else {
            assert_eq!(ours, tag, "{fen} {}", moves.join(" "));
            agreed += 1;
        }
    }
    assert_eq!((agreed, differ), (77, 2));
}
