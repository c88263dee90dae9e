//! One arena game between two instances of parlor's engine, and the opening suite.

use std::collections::HashSet;

use arena::{Match, Side, Termination};
use xiangqi::{MoveList, Position, RuleSet, read_pgn};
use xiangqi_engine::arena::{
    Contender, Limit, OPENINGS, Opening, PlayerSpec, parse_openings, play_game, random_openings,
};
use xiangqi_engine::see;

/// The position an opening's moves reach from the start.
fn position_after(o: &Opening) -> Position {
    let mut pos = Position::default();
    for &m in &o.moves {
        pos.play(m).unwrap();
    }
    pos
}

#[test]
fn the_suite_has_at_least_50_distinct_legal_openings() {
    let suite = parse_openings(OPENINGS).unwrap();
    assert!(suite.len() >= 50, "{}", suite.len());
    let mut seen = HashSet::new();
    for o in &suite {
        let pos = position_after(o);
        assert!(
            seen.insert(pos.fen()),
            "{} repeats another opening's position",
            o.name
        );
    }
}

/// No opening of the suite leaves a piece to be won: the side to move has no capture that
/// wins 200 cp or more by static exchange (a chariot left to a cannon's jump, say), which
/// would decide the game pair by the colours.
#[test]
fn no_suite_opening_hangs_a_piece() {
    for o in parse_openings(OPENINGS).unwrap() {
        let pos = position_after(&o);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &m in &moves {
            assert!(see(&pos, m) < 200, "{}: {m} wins {}", o.name, see(&pos, m));
        }
    }
}

#[test]
fn random_suites_are_seeded_distinct_and_read_back() {
    let suite = random_openings(12, 6, 4, 100, 5);
    assert_eq!(suite, random_openings(12, 6, 4, 100, 5));
    assert_ne!(suite, random_openings(12, 6, 4, 100, 6));
    let lines: Vec<String> = suite
        .iter()
        .map(|o| {
            let moves: Vec<String> = o.moves.iter().map(ToString::to_string).collect();
            format!("{} | {}", o.name, moves.join(" "))
        })
        .collect();
    let text = lines.join("\n");
    assert_eq!(parse_openings(&text).unwrap(), suite);
    // No plies: one opening (the start position, kept whatever it scores) exists, and the
    // search gives up.
    assert_eq!(random_openings(3, 0, 1, 10_000, 5).len(), 1);
    // No opening scores within -1 cp of even.
    assert!(random_openings(3, 2, 1, -1, 5).is_empty());
    let mut seen = HashSet::new();
    for o in &suite {
        assert_eq!(o.moves.len(), 6, "{}", o.name);
        let pos = position_after(o);
        assert!(seen.insert(pos.fen()), "{} repeats a position", o.name);
    }
}

#[test]
fn two_engines_play_a_game_to_a_recorded_result() {
    let suite = parse_openings(OPENINGS).unwrap();
    let engine = |name: &str, depth| Contender {
        name: name.to_string(),
        spec: PlayerSpec::Parlor {
            hash_mib: 4,
            skill: 20,
            threads: 1,
        },
        limit: Limit::Depth(depth),
    };
    let (a, b) = (engine("deep", 3), engine("shallow", 1));
    let report = Match::new(1, 1).run(
        |p| play_game(&a, &b, &suite[p.opening], p.a_side, p.game, 1),
        |_, _, _| {},
    );
    assert_eq!(report.results.len(), 2);
    for (p, r) in &report.results {
        // The game ended by the rules or the arena's cap, not by a failure.
        assert!(
            matches!(
                r.termination,
                Termination::Rules(_) | Termination::Adjudication(_)
            ),
            "{:?}",
            r.termination
        );
        let pgn = read_pgn(
            &r.record,
            RuleSet::default(),
            xiangqi::Validation::Permissive,
        )
        .unwrap();
        let (red, black) = if p.a_side == Side::First {
            ("deep", "shallow")
        } else {
            ("shallow", "deep")
        };
        assert_eq!(pgn.tag("Red"), Some(red));
        assert_eq!(pgn.tag("Black"), Some(black));
        assert_eq!(pgn.tag("Opening"), Some(suite[0].name.as_str()));
        // The record replays to the result the arena scored.
        let result = pgn.tag("Result").unwrap();
        let red_score = match result {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        let a_score = if p.a_side == Side::First {
            red_score
        } else {
            1.0 - red_score
        };
        assert!(
            (a_score - r.outcome.score()).abs() < 1e-9,
            "{result} vs {:?}",
            r.outcome
        );
    }
}

#[test]
fn a_crashing_engine_loses() {
    let suite = parse_openings(OPENINGS).unwrap();
    let good = Contender {
        name: "parlor".into(),
        spec: PlayerSpec::Parlor {
            hash_mib: 1,
            skill: 20,
            threads: 1,
        },
        limit: Limit::Depth(1),
    };
    let missing = Contender {
        name: "missing".into(),
        spec: PlayerSpec::External {
            command: "/nonexistent/engine".into(),
            options: vec![],
            rank_offset: 0,
        },
        limit: Limit::Depth(1),
    };
    let r = play_game(&good, &missing, &suite[0], Side::Second, 0, 1);
    assert_eq!(r.outcome, arena::Outcome::Win);
    assert!(
        matches!(r.termination, Termination::EngineFailure(_)),
        "{:?}",
        r.termination
    );
}
