//! The tactical suite `data/tactics.txt`: mates in 1–4 and winning captures, each verified
//! here by exhaustive search with the rules crate alone (independent of the engine), and
//! solved by the engine.
//!
//! - `cargo test -p parlor-xiangqi-engine --test tactics` verifies the cheap entries (mates
//!   in 1 and 2, the first captures) and has the engine solve the first ones at a small depth.
//! - `cargo test --release -p parlor-xiangqi-engine --test tactics -- --ignored full_suite
//!   --nocapture` verifies every entry and gives the engine 1 s per position, printing how
//!   many it solved.
//! - `TACTICS_PGN=games.pgn … -- --ignored generate --nocapture` prints candidate entries
//!   from game records (how the suite was built, from `xiangqi arena --pgn` output).

use std::time::Duration;

use xiangqi::{Game, Move, MoveList, Position, Validation};
use xiangqi_engine::{Budget, Control, Engine, Limits, value};

/// The legal moves of `pos` as a list.
fn legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

const SUITE: &str = include_str!("../data/tactics.txt");

/// What an entry asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A forced mate in this many moves and no faster one.
    Mate(u32),
    /// A capture that wins at least this much material against every defence, by a 4-ply
    /// full-width material minimax.
    Capture(i32),
}

struct Entry {
    pos: Position,
    kind: Kind,
    /// Every first move that achieves it.
    solutions: Vec<Move>,
}

fn suite() -> Vec<Entry> {
    SUITE
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "{l}");
            let pos = Position::from_fen_with(parts[0], Validation::Permissive).unwrap();
            let kind = match parts[1].split_once(' ') {
                Some(("mate", n)) => Kind::Mate(n.parse().unwrap()),
                Some(("capture", n)) => Kind::Capture(n.parse().unwrap()),
                _ => panic!("bad kind in {l}"),
            };
            let solutions = parts[2]
                .split_whitespace()
                .map(|m| m.parse().unwrap())
                .collect();
            Entry {
                pos,
                kind,
                solutions,
            }
        })
        .collect()
}

/// True if playing `m` mates at once or leaves a mate within `n - 1` more moves against
/// every defence (full width).
fn mates_with(pos: &Position, m: Move, n: u32) -> bool {
    let mut after = *pos;
    after.play_unchecked(m);
    let replies = legal(&after);
    replies.is_empty()
        || (n > 1
            && replies.iter().all(|&r| {
                let mut again = after;
                again.play_unchecked(r);
                mates_within(&again, n - 1)
            }))
}

/// True if the side to move mates in at most `n` moves against every defence.
fn mates_within(pos: &Position, n: u32) -> bool {
    n > 0 && legal(pos).iter().any(|&m| mates_with(pos, m, n))
}

/// The first moves that mate within `n`, sorted.
fn mating_moves(pos: &Position, n: u32) -> Vec<Move> {
    let mut found: Vec<Move> = legal(pos)
        .iter()
        .copied()
        .filter(|&m| mates_with(pos, m, n))
        .collect();
    found.sort();
    found
}

const MATED: i32 = 100_000;

/// Full-width material negamax (alpha-beta, exact) over `plies`; having no move loses.
fn material(pos: &Position, plies: u32, mut alpha: i32, beta: i32) -> i32 {
    let moves = legal(pos);
    if moves.is_empty() {
        return -MATED;
    }
    if plies == 0 {
        let mut score = 0;
        for (_, p) in pos.pieces() {
            let v = value(p.role);
            score += if p.color == pos.turn() { v } else { -v };
        }
        return score;
    }
    for &m in &moves {
        let mut after = *pos;
        after.play_unchecked(m);
        alpha = alpha.max(-material(&after, plies - 1, -beta, -alpha));
        if alpha >= beta {
            break;
        }
    }
    alpha
}

/// Each move's exact 4-ply material score.
fn capture_scores(pos: &Position) -> Vec<(i32, Move)> {
    let mut scores: Vec<(i32, Move)> = legal(pos)
        .iter()
        .map(|&m| {
            let mut after = *pos;
            after.play_unchecked(m);
            (-material(&after, 3, -MATED - 1, MATED + 1), m)
        })
        .collect();
    scores.sort_by_key(|&(s, m)| (std::cmp::Reverse(s), m));
    scores
}

/// The moves that win at least `gain` over the static balance with a capture, if they are
/// the only ones that do.
fn winning_captures(pos: &Position, gain: i32) -> Option<Vec<Move>> {
    let base = material(pos, 0, -MATED - 1, MATED + 1);
    let scores = capture_scores(pos);
    let winners: Vec<Move> = scores
        .iter()
        .filter(|&&(s, _)| s - base >= gain && s < MATED / 2)
        .map(|&(_, m)| m)
        .collect();
    let all_captures = winners.iter().all(|&m| pos.capture_of(m).is_some());
    (!winners.is_empty() && all_captures && winners.len() <= 2).then_some(winners)
}

fn verify(e: &Entry) {
    let fen = e.pos.fen();
    match e.kind {
        Kind::Mate(n) => {
            assert!(
                !mates_within(&e.pos, n - 1),
                "{fen}: a mate faster than {n}"
            );
            assert_eq!(mating_moves(&e.pos, n), e.solutions, "{fen}: mate in {n}");
        }
        Kind::Capture(gain) => {
            assert_eq!(
                winning_captures(&e.pos, gain),
                Some(e.solutions.clone()),
                "{fen}"
            );
        }
    }
}

fn engine_move(pos: &Position, limits: &Limits) -> Option<Move> {
    Engine::new(16)
        .search(&Game::new(*pos), limits, &Control::default(), |_| {})
        .best
}

#[test]
fn suite_has_100_positions_of_both_kinds() {
    let s = suite();
    assert!(s.len() >= 100, "{}", s.len());
    for n in 1..=4 {
        assert!(s.iter().any(|e| e.kind == Kind::Mate(n)), "no mate in {n}");
    }
    assert!(s.iter().any(|e| matches!(e.kind, Kind::Capture(_))));
}

#[test]
fn cheap_entries_verify_and_the_engine_solves_some() {
    let s = suite();
    let mates = s.iter().filter(|e| matches!(e.kind, Kind::Mate(1 | 2)));
    let captures = s
        .iter()
        .filter(|e| matches!(e.kind, Kind::Capture(_)))
        .take(8);
    for e in mates.chain(captures) {
        verify(e);
    }
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    for e in s
        .iter()
        .filter(|e| matches!(e.kind, Kind::Mate(1 | 2)))
        .take(10)
    {
        let m = engine_move(&e.pos, &limits).unwrap();
        assert!(e.solutions.contains(&m), "{}: played {m}", e.pos.fen());
    }
}

#[test]
fn a_defenders_null_move_does_not_hide_a_quiet_mate_in_2() {
    // The best capture (the chariot takes the horse on h0) sets a window the defender's lost
    // static evaluation still stands above; with the null move reduced by up to three plies
    // more on the tuned evaluation's scores the engine played the capture even at depth 14
    // (session 28's move ordering). It mates from depth 15 (about 0.3 M nodes).
    let fen = "2bakabnr/9/7c1/p2C4p/2p3p2/9/P1P1c1P1P/N8/1r7/R1BAKABNR b - - 3 7";
    let pos = Position::from_fen_with(fen, Validation::Strict).unwrap();
    let limits = Limits {
        depth: Some(15),
        ..Limits::default()
    };
    let m = engine_move(&pos, &limits).unwrap();
    assert!(mating_moves(&pos, 2).contains(&m), "played {m}");
}

#[test]
#[ignore = "verifies every entry (mates in 3 and 4 take a while) and solves each at 1 s"]
fn full_suite() {
    let s = suite();
    let mut solved = [0usize; 5];
    let mut counts = [0usize; 5];
    for e in &s {
        verify(e);
        let limits = Limits {
            budget: Some(Budget::fixed(Duration::from_secs(1), Duration::ZERO)),
            ..Limits::default()
        };
        let m = engine_move(&e.pos, &limits).unwrap();
        let k = match e.kind {
            Kind::Mate(n) => n as usize - 1,
            Kind::Capture(_) => 4,
        };
        counts[k] += 1;
        if e.solutions.contains(&m) {
            solved[k] += 1;
        } else {
            println!(
                "unsolved: {} {:?}: played {m}, wanted {:?}",
                e.pos.fen(),
                e.kind,
                e.solutions
            );
        }
    }
    for (k, name) in ["mate 1", "mate 2", "mate 3", "mate 4", "capture"]
        .iter()
        .enumerate()
    {
        println!("{name}: {}/{}", solved[k], counts[k]);
    }
    println!("total: {}/{}", solved.iter().sum::<usize>(), s.len());
}

/// Prints `fen | kind | solutions` if `pos` is a mate in exactly 1–4 or has winning captures.
fn candidate(pos: &Position, mates: bool) -> Option<String> {
    if legal(pos).is_empty() {
        return None;
    }
    let line = |kind: String, moves: &[Move]| {
        let text: Vec<String> = moves.iter().map(Move::to_string).collect();
        format!("{} | {kind} | {}", pos.fen(), text.join(" "))
    };
    if mates && let Some(n) = (1..=4u32).find(|&n| mates_within(pos, n)) {
        return Some(line(format!("mate {n}"), &mating_moves(pos, n)));
    }
    if mates_within(pos, 2) {
        return None;
    }
    winning_captures(pos, 300).map(|w| line("capture 300".to_string(), &w))
}

#[test]
#[ignore = "prints candidate suite entries from the game records in $TACTICS_PGN"]
fn generate() {
    // The positions 1, 3, 5 and 7 plies before each checkmate (mates in 1-4 when they are
    // forced) and every tenth position of each game (winning captures); with
    // TACTICS_CAPTURES=all, every position for winning captures only.
    let captures_only = std::env::var("TACTICS_CAPTURES").is_ok_and(|v| v == "all");
    let path = std::env::var("TACTICS_PGN").expect("TACTICS_PGN names a PGN file");
    let text = std::fs::read_to_string(path).unwrap();
    for record in text.split("[Game ").filter(|r| !r.trim().is_empty()) {
        let Ok(pgn) = xiangqi::read_pgn(
            &format!("[Game {record}"),
            xiangqi::RuleSet::default(),
            Validation::Permissive,
        ) else {
            continue;
        };
        let game = pgn.game;
        let mated = legal(game.position()).is_empty();
        for ply in 0..game.len() {
            let pos = game.position_at(ply).unwrap();
            let before_end = game.len() - ply;
            let mates = !captures_only && mated && before_end % 2 == 1 && before_end <= 7;
            let look = mates || ply % 10 == 5 || (captures_only && ply > 4);
            if look && let Some(line) = candidate(pos, mates) {
                println!("{line}");
            }
        }
    }
}
