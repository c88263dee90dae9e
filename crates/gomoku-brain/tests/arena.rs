//! Arena games: parlor against itself in process and over the Gomocup protocol, against a
//! random player, and against brains that break the rules.

use gomoku::{Color, Position, Rule};
use gomoku_brain::arena::{
    Failure, GameSpec, Gomocup, MatchSpec, Parlor, Player, Random, balanced_openings, openings,
    parse_openings, play_game, run_match,
};
use gomoku_brain::protocol::serve;
use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn spec(rule: Rule) -> GameSpec {
    GameSpec {
        rule,
        size: 15,
        grace: Duration::from_secs(2),
    }
}

const FAST: [Duration; 2] = [Duration::from_millis(40), Duration::from_millis(40)];

/// Parlor's protocol loop in a thread, as a [`Gomocup`] player.
fn piped_parlor() -> Gomocup {
    let (from_engine, to_arena) = std::io::pipe().unwrap();
    let (from_arena, to_engine) = std::io::pipe().unwrap();
    std::thread::spawn(move || serve(BufReader::new(from_arena), to_arena));
    Gomocup::over(
        "parlor-pipe",
        from_engine,
        to_engine,
        Duration::from_secs(2),
    )
}

/// A fake brain in a thread: answers `OK` to `START` and `answer` to every move request.
fn fake(answer: Option<&'static str>) -> Gomocup {
    fake_hearing(answer).0
}

/// [`fake`], with every line the brain was sent.
fn fake_hearing(answer: Option<&'static str>) -> (Gomocup, Arc<Mutex<Vec<String>>>) {
    let (from_engine, mut to_arena) = std::io::pipe().unwrap();
    let (from_arena, to_engine) = std::io::pipe().unwrap();
    let heard = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&heard);
    std::thread::spawn(move || {
        for line in BufReader::new(from_arena).lines() {
            let line = line.unwrap();
            log.lock().unwrap().push(line.clone());
            let reply = if line.starts_with("START") {
                Some("OK")
            } else if line.starts_with("ABOUT") {
                Some("name=\"fake\"")
            } else if ["TURN", "BEGIN", "DONE"]
                .iter()
                .any(|w| line.starts_with(w))
            {
                answer
            } else {
                None
            };
            if let Some(r) = reply {
                writeln!(to_arena, "{r}").unwrap();
            }
        }
    });
    let brain = Gomocup::over("fake", from_engine, to_engine, Duration::from_millis(100));
    (brain, heard)
}

#[test]
fn the_openings_are_the_26_canonical_renju_openings() {
    let all = openings(15);
    assert_eq!(all.len(), 26);
    for (i, o) in all.iter().enumerate() {
        let mut pos = Position::new(15, 15, Rule::Renju).unwrap();
        for &p in o {
            pos.play(p).unwrap();
        }
        assert!(!all[..i].contains(o));
        let named = gomoku::opening::CanonicalOpening::identify(o[0], o[1], o[2]).unwrap();
        assert_eq!(named, &gomoku::opening::CanonicalOpening::ALL[i]);
    }
    assert_eq!(
        all[0],
        gomoku::parse_moves("h8 h9 h10").unwrap(),
        "D1 Kansei"
    );
}

#[test]
fn an_opening_suite_is_read_and_its_bad_lines_are_named() {
    let text = "# two openings\nh8 h9 h10 # D1\n\n7,7 8,8 9,9 i8\n";
    let suite = parse_openings(text, 15, Rule::Renju).unwrap();
    assert_eq!(suite.len(), 2);
    assert_eq!(suite[0], openings(15)[0]);
    assert_eq!(suite[1], gomoku::parse_moves("h8 i9 j10 i8").unwrap());
    for (bad, line, problem) in [
        ("h8 h8", 1, "h8"),
        ("h8\nh8 zz", 2, "zz"),
        ("h8 a1 h9 a3 h10 a5 h11 a7 h12", 1, "ends the game"),
        (
            "# renju: Black's double three\nh8 a1 i8 a3 j9 a5 j10 a7 j8",
            2,
            "j8",
        ),
    ] {
        let e = parse_openings(bad, 15, Rule::Renju).unwrap_err();
        assert_eq!(e.line, line, "{bad:?}: {e}");
        assert!(e.to_string().contains(problem), "{bad:?}: {e}");
    }
    assert_eq!(
        parse_openings("p1", 15, Rule::Freestyle).unwrap_err().line,
        1
    );
}

#[test]
fn the_rapfi_balanced_suites_are_distinct_five_stone_openings_of_their_rule() {
    for (text, rule) in [
        (
            include_str!("../data/openings-freestyle.txt"),
            Rule::Freestyle,
        ),
        (include_str!("../data/openings-renju.txt"), Rule::Renju),
    ] {
        let suite = parse_openings(text, 15, rule).unwrap();
        assert!(suite.len() >= 8, "{rule:?}: {} openings", suite.len());
        for (i, o) in suite.iter().enumerate() {
            assert_eq!(o.len(), 5, "{rule:?} {o:?}");
            assert!(openings(15).iter().any(|c| o[..3] == c[..]), "{o:?}");
            assert!(!suite[..i].contains(o), "{rule:?}: {o:?} twice");
        }
    }
}

#[test]
fn balanced_openings_extend_the_given_ones_by_two_legal_stones_near_the_centre() {
    // One opening at depth 1: the brain thinks once per point near the centre.
    let given: Vec<_> = openings(15).into_iter().skip(11).take(1).collect();
    let balanced = balanced_openings(given.clone(), 15, Rule::Freestyle, 1);
    assert_eq!(balanced.len(), 1);
    let long = &balanced[0];
    assert_eq!(long[..3], given[0][..]);
    assert_eq!(long.len(), 5);
    let mut pos = Position::new(15, 15, Rule::Freestyle).unwrap();
    for &p in long {
        assert_eq!(pos.play(p), Ok(None), "{long:?}");
    }
    assert_eq!(pos.to_move(), Color::White);
    let (x, y) = (i32::from(long[4].x()), i32::from(long[4].y()));
    assert!((x - 7).abs() <= 3 && (y - 7).abs() <= 3, "{long:?}");
}

#[test]
fn parlor_plays_itself_in_process_and_over_the_protocol() {
    let opening = &openings(15)[5];
    let (mut a, mut b) = (Parlor::default(), Parlor::default());
    let played = play_game(&spec(Rule::Freestyle), opening, &mut a, &mut b, FAST);
    // Two equal brains sometimes fill the board (a draw by the rules, seen in CI).
    assert!(
        played.winner.is_some() || played.moves.len() == 15 * 15,
        "{played:?}"
    );
    assert!(
        matches!(played.termination, arena::Termination::Rules(_)),
        "{played:?}"
    );
    assert!(
        played
            .record
            .starts_with("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,0\n"),
        "{}",
        played.record
    );
    assert!(played.record.ends_with("parlor\nparlor\n-1\n"));

    let (mut a, mut b) = (piped_parlor(), piped_parlor());
    let played = play_game(&spec(Rule::Renju), opening, &mut a, &mut b, FAST);
    assert!(
        matches!(played.termination, arena::Termination::Rules(_)),
        "{played:?}"
    );
    assert_eq!(played.record.lines().count(), played.moves.len() + 4);
}

#[test]
fn a_brain_is_sent_the_opening_in_the_order_played() {
    // Rapfi replays `BOARD`'s list, passing to keep the colours alternating: a list grouped
    // by colour left it searching for Black when it was White.
    let opening = gomoku::parse_moves("h8 h9 j10 k8 g6").unwrap();
    let (mut white, heard) = fake_hearing(Some("0,0"));
    let mut black = Parlor::default();
    let played = play_game(
        &spec(Rule::Freestyle),
        &opening,
        &mut black,
        &mut white,
        FAST,
    );
    assert!(
        played.termination.to_string().contains("illegal move"),
        "{played:?}"
    );
    let heard = heard.lock().unwrap();
    let board = heard.iter().position(|l| l == "BOARD").unwrap();
    let expected: Vec<String> = opening
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{},{}", p.gomocup(), if i % 2 == 0 { 2 } else { 1 }))
        .chain(["DONE".to_owned()])
        .collect();
    assert_eq!(heard[board + 1..board + 7], expected[..]);
    let reply = played.moves[6];
    assert!(
        heard.contains(&format!("TURN {}", reply.gomocup())),
        "{heard:?}"
    );
}

#[test]
fn illegal_moves_garbage_and_silence_lose() {
    let opening = &openings(15)[0];
    for (answer, expect) in [
        (Some("7,7"), "illegal move"),
        (Some("hello"), "protocol error"),
        (None, "loss on time"),
    ] {
        let mut bad = fake(answer);
        let mut good = Parlor::default();
        // The fake brain is White, to move after the three opening stones.
        let played = play_game(&spec(Rule::Freestyle), opening, &mut good, &mut bad, FAST);
        assert_eq!(played.winner, Some(Color::Black), "{played:?}");
        assert!(
            played.termination.to_string().contains(expect),
            "{}",
            played.termination
        );
    }
}

#[test]
fn a_short_match_against_a_random_player() {
    let m = MatchSpec {
        game: spec(Rule::Freestyle),
        turn: FAST,
        openings: openings(15)[..2].to_vec(),
        rounds: 1,
        threads: 2,
        sprt: None,
    };
    let parlor = |_: usize| -> Result<Box<dyn Player>, Failure> { Ok(Box::new(Parlor::default())) };
    let random =
        |g: usize| -> Result<Box<dyn Player>, Failure> { Ok(Box::new(Random::new(g as u64))) };
    let mut seen = 0;
    let report = run_match(&m, &parlor, &random, |_, _, _| seen += 1);
    assert_eq!(seen, 4);
    assert_eq!(report.stats.trinomial(), [4, 0, 0]);
}
