//! Tactical suites, every answer re-verified by brute force over the rules crate: wins in one
//! and forced blocks (`tests/data/threats.txt`), and positions with a VCF (`tests/data/vcf.txt`).
//! CI runs every threat position and the first VCF positions; `--ignored full_vcf_suite` runs
//! all, and `--ignored regenerate_suites` rebuilds both files.

mod common;

use common::{
    Case, check_vcf_line, forced_block, naive_vcf, read_suite, winning_points, with_to_move,
};
use gomoku::{Point, Position, Rule, Settings};
use gomoku_brain::{Brain, Clock, Limits, Reason, SearchBoard, Thought, WIN, vcf, vct};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const THREATS: &str = include_str!("data/threats.txt");
const VCF: &str = include_str!("data/vcf.txt");
/// Deepest VCF (in attacking fours) the naive search verifies.
const VCF_DEPTH: u32 = 4;
/// VCF positions checked in CI.
const VCF_CI: usize = 40;

fn limits() -> Limits {
    Limits {
        time: Some(Duration::from_secs(5)),
        depth: Some(2),
        soft: None,
    }
}

#[test]
fn never_misses_a_win_in_one_or_a_forced_block() {
    let cases = read_suite(THREATS);
    assert!(cases.len() >= 200, "{} positions", cases.len());
    let stop = AtomicBool::new(false);
    for case in &cases {
        let pos = case.position();
        let expected = match case.kind.as_str() {
            "win" => winning_points(&pos),
            "block" => forced_block(&pos).into_iter().collect(),
            k => panic!("unknown kind {k}"),
        };
        assert_eq!(
            expected,
            case.answers,
            "brute force disagrees: {}",
            case.line()
        );
        let t = Brain::new(1 << 20).think(&pos, limits(), &stop).unwrap();
        assert!(
            case.answers.contains(&t.best),
            "brain played {}: {}",
            t.best,
            case.line()
        );
        let reason = if case.kind == "win" {
            Reason::Win
        } else {
            Reason::Block
        };
        assert_eq!(t.reason, reason, "{}", case.line());
    }
}

fn check_vcf_case(case: &Case) {
    let pos = case.position();
    assert!(winning_points(&pos).is_empty() && common::threats(&pos).is_empty());
    assert!(
        naive_vcf(&pos, VCF_DEPTH),
        "no VCF by brute force: {}",
        case.line()
    );
    let stop = AtomicBool::new(false);
    let mut clock = Clock::new(Some(Duration::from_secs(10)), &stop);
    let mut board = SearchBoard::new(&pos);
    let line = vcf(&mut board, &mut clock, 30).unwrap_or_else(|| panic!("missed: {}", case.line()));
    let line: Vec<Point> = line.iter().map(|&c| board.point(c)).collect();
    check_vcf_line(&pos, &line).unwrap_or_else(|e| panic!("{e}: {}", case.line()));
    let t = Brain::new(1 << 20).think(&pos, limits(), &stop).unwrap();
    assert!(
        matches!(t.reason, Reason::Vcf | Reason::Win),
        "{:?}: {}",
        t.reason,
        case.line()
    );
}

#[test]
fn finds_the_vcf_in_the_first_vcf_positions() {
    let cases = read_suite(VCF);
    assert!(cases.len() >= VCF_CI);
    for case in &cases[..VCF_CI] {
        check_vcf_case(case);
    }
}

/// The brain stops the opponent's VCF at search depth 1 (its threat searches and the four
/// extensions read the line to the end): in VCF-suite positions handed to the defender (no
/// win of its own in one or by VCF), wherever some moves stop every VCF of at most
/// `VCF_DEPTH` fours and others do not (brute force), the brain plays one that stops it.
#[test]
fn stops_the_opponents_vcf_that_a_shallow_search_misses() {
    let stop = AtomicBool::new(false);
    let shallow = Limits {
        time: Some(Duration::from_secs(5)),
        depth: Some(1),
        soft: None,
    };
    let mut checked = 0;
    for case in &read_suite(VCF)[..VCF_CI] {
        let attacked = case.position();
        let pos = with_to_move(&attacked, attacked.to_move().other());
        if !winning_points(&pos).is_empty() || naive_vcf(&pos, VCF_DEPTH) {
            continue;
        }
        let moves: Vec<Point> = pos.legal_moves().iter().collect();
        let stopping: Vec<Point> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = pos.clone();
                after.play(m).unwrap();
                !naive_vcf(&after, VCF_DEPTH)
            })
            .collect();
        if stopping.is_empty() || stopping.len() == moves.len() {
            continue;
        }
        let t = Brain::new(1 << 20).think(&pos, shallow, &stop).unwrap();
        assert!(
            stopping.contains(&t.best),
            "played {}, which leaves a VCF; {stopping:?} stop it: {}",
            t.best,
            case.line()
        );
        checked += 1;
        if checked == 8 {
            break;
        }
    }
    assert!(checked >= 4, "only {checked} positions to defend");
}

/// Positions from the records of `gomoku arena --a parlor --b bot --a-ms 100 --b-ms 100
/// --openings 26 --rounds 8 --threads 1 --records DIR` (session 7, freestyle 15x15), chosen
/// where the depth-1 brain without its root defence played a move that leaves the opponent a
/// VCT: the side to move has no five point, and its opponent, were it to move, has a VCT
/// (threes, not only fours) but no VCF and so no open three yet.
const VCT_DEFENCES: [&str; 4] = [
    "h8 h9 i6 g8 f7 g9 g7 i9 f9 f8 e7 d7 h7 i7 j9 i8",
    "h8 h9 h6 g10 i8 g8 g9 i10 f7 h10 f10 i7 e11 d12 j10 j11 k12 k11 i11 h12",
    "h8 i9 h7 h9 i7 g9 j9 f9 e9",
    "h8 h9 i10 i9 g9 i7 h10 g10 i11 f8 j12 k13 i8 j8 k9",
];

/// The opponent's VCF, else its VCT, as deep as the brain's root defence reads them (a VCT
/// of 8 attacking moves, fours to 12): the brain's move must leave none of the lines the
/// defence sees.
fn opponent_line(pos: &Position) -> Option<Vec<Point>> {
    let stop = AtomicBool::new(false);
    // No clock: both searches are bounded by depth, and a clock cut short on a loaded
    // machine would find no line and let a bad move pass.
    let mut clock = Clock::new(None, &stop);
    let mut board = SearchBoard::new(pos);
    let line = vcf(&mut board, &mut clock, 30).or_else(|| vct(&mut board, &mut clock, 8, 12))?;
    Some(line.iter().map(|&c| board.point(c)).collect())
}

/// The brain's move in `pos`, checked to leave the opponent no VCF or VCT (`context` names
/// the position in a failure).
fn move_leaving_no_line(pos: &Position, limits: Limits, context: &str) -> Thought {
    let t = Brain::new(1 << 20)
        .think(pos, limits, &AtomicBool::new(false))
        .unwrap();
    let mut after = pos.clone();
    after.play(t.best).unwrap();
    assert_eq!(
        opponent_line(&after),
        None,
        "{} allows the opponent's line: {context}",
        t.best
    );
    t
}

/// The root defence: at depth 1 alpha-beta and its four extensions (a VCF at the leaves) do
/// not see an opponent's VCT that starts with a quiet three, so without the root's check of
/// the opponent's threats after a pass the brain plays one of the many moves that allow it.
#[test]
fn the_root_defence_stops_a_vct_that_depth_one_misses() {
    let stop = AtomicBool::new(false);
    // A tenth of the time goes to the root's first threat search and a fifth to the
    // defence's: a minute and two, which the test build (about 5 s a position on an idle
    // core) does not reach even on a loaded machine, where a tenth of a minute ran out.
    let depth_one = Limits {
        time: Some(Duration::from_secs(600)),
        depth: Some(1),
        soft: None,
    };
    for moves in VCT_DEFENCES {
        let mut pos = Position::new(15, 15, Rule::Freestyle).unwrap();
        for m in gomoku::parse_moves(moves).unwrap() {
            pos.play(m).unwrap();
        }
        let attacker = with_to_move(&pos, pos.to_move().other());
        assert!(winning_points(&pos).is_empty() && winning_points(&attacker).is_empty());
        // No VCF means no open three either (its open four would be a VCF of one four).
        let mut board = SearchBoard::new(&attacker);
        let mut clock = Clock::new(None, &stop);
        assert!(vcf(&mut board, &mut clock, 30).is_none(), "a VCF: {moves}");
        assert!(opponent_line(&attacker).is_some(), "no VCT: {moves}");
        move_leaving_no_line(&pos, depth_one, moves);
    }
}

/// A four-three point is stopped on its three's line as well, where the attacker makes no
/// four. From a renju game against Rapfi (opening D2 Keigetsu): Black's j9 makes l7 a
/// four-three (the four i7-k7 and the three i10-j9-l7 on the diagonal); White's h11 closes
/// the diagonal's end and wins (Rapfi, 300,000 nodes: `+M13`). When the defences were only
/// the points where either side makes a four, h11 was never searched, the brain scored the
/// position lost for White and, as Black, played into it thinking it won.
#[test]
fn a_four_three_is_also_stopped_on_its_three_line() {
    let mut pos = Position::new(15, 15, Rule::Renju).unwrap();
    for m in gomoku::parse_moves("h8 h9 i10 i8 i7 g10 j7 f9 k7 h7 j9").unwrap() {
        pos.play(m).unwrap();
    }
    let depth = Limits {
        time: Some(Duration::from_secs(60)),
        depth: Some(9),
        soft: None,
    };
    let t = move_leaving_no_line(&pos, depth, "the four-three");
    assert!(
        t.score > -WIN + 1_000,
        "{} scored lost: {}",
        t.best,
        t.score_text()
    );
}

/// A VCT reads on through the defender's counter-fours: after one and the attacker's block
/// (no threat itself), the attacker's three still stands and the defender must answer it
/// again. From a freestyle game against Rapfi (suite opening I2, game 47 of session 24):
/// after Black's l7 Rapfi scores White's win in 21 plies (`+M21`, 114,000 nodes) along
/// k8 m8 i5 j6 i6 i8 j5 n9 m9 k6 …, Black answering with fours; six plies on, the VCT found
/// nothing while a counter-four ended every line of the attack.
#[test]
fn a_vct_reads_through_the_defenders_counter_fours() {
    let moves = "h8 i9 j9 h6 l9 i7 i10 j8 k9 k7 l6 l8 l7 k8 m8 i5 j6 i6 i8";
    let mut pos = Position::new(15, 15, Rule::Freestyle).unwrap();
    for m in gomoku::parse_moves(moves).unwrap() {
        pos.play(m).unwrap();
    }
    let stop = AtomicBool::new(false);
    let mut board = SearchBoard::new(&pos);
    let mut clock = Clock::new(None, &stop);
    let line = vct(&mut board, &mut clock, 8, 12).expect("White's VCT");
    let line: Vec<Point> = line.iter().map(|&c| board.point(c)).collect();
    // Played out: legal, with a counter-four of Black's on the way, and White wins at the
    // end (a five, or two five points left to Black).
    let mut p = pos.clone();
    let mut counter_fours = 0;
    for (i, &m) in line.iter().enumerate() {
        p.check(m)
            .unwrap_or_else(|e| panic!("move {i} ({m}) of {line:?}: {e}"));
        if p.play_unchecked(m).is_some() {
            assert_eq!(i + 1, line.len(), "the game ended early: {line:?}");
            break;
        }
        if i % 2 == 1 && !common::threats(&p).is_empty() {
            counter_fours += 1;
        }
    }
    assert!(counter_fours > 0, "no counter-four in {line:?}");
    assert!(
        p.is_over() || common::threats(&p).len() >= 2,
        "White has not won at the end of {line:?}"
    );
}

#[test]
#[ignore = "the whole VCF suite verified by brute force: a few minutes"]
fn full_vcf_suite() {
    for case in &read_suite(VCF) {
        check_vcf_case(case);
    }
}

/// A random game where each move lands next to a stone already on the board.
fn random_game(rng: &mut ChaCha8Rng, rule: Rule, size: u8) -> Vec<Vec<Point>> {
    let mut pos = Position::new(size, size, Settings::new(rule)).unwrap();
    let mut moves = vec![Point::center(size, size)];
    pos.play(moves[0]).unwrap();
    let mut prefixes = Vec::new();
    while !pos.is_over() {
        let near: Vec<Point> = pos
            .legal_moves()
            .iter()
            .filter(|p| {
                (-1..=1).any(|dx| {
                    (-1..=1).any(|dy| {
                        p.offset(dx, dy)
                            .is_some_and(|q| pos.board().get(q).is_some())
                    })
                })
            })
            .collect();
        if near.is_empty() {
            break;
        }
        let m = near[rng.random_range(0..near.len())];
        pos.play(m).unwrap();
        moves.push(m);
        prefixes.push(moves.clone());
    }
    prefixes
}

#[test]
#[ignore = "rewrites tests/data/threats.txt and tests/data/vcf.txt"]
fn regenerate_suites() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let rules = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroOverline,
    ];
    let (mut wins, mut blocks, mut vcfs) = (Vec::new(), Vec::new(), Vec::new());
    let mut game = 0;
    while wins.len() < 120 || blocks.len() < 120 || vcfs.len() < 100 {
        let rule = rules[game % rules.len()];
        let size = if game % 7 == 6 { 20 } else { 15 };
        game += 1;
        for moves in random_game(&mut rng, rule, size) {
            if moves.len() < 8 || rng.random_range(0..4) != 0 {
                continue;
            }
            let mut case = Case {
                rule,
                size,
                kind: String::new(),
                answers: Vec::new(),
                moves,
            };
            let pos = case.position();
            if pos.is_over() {
                continue;
            }
            let win = winning_points(&pos);
            if !win.is_empty() {
                if wins.len() < 120 {
                    case.kind = "win".into();
                    case.answers = win;
                    wins.push(case.line());
                }
            } else if let Some(b) = forced_block(&pos) {
                if blocks.len() < 120 {
                    case.kind = "block".into();
                    case.answers = vec![b];
                    blocks.push(case.line());
                }
            } else if vcfs.len() < 100
                && common::threats(&pos).is_empty()
                && naive_vcf(&pos, VCF_DEPTH)
            {
                case.kind = "vcf".into();
                vcfs.push(case.line());
            }
        }
    }
    let header = |what: &str| {
        format!(
            "# {what}\n# Source: positions from seeded random games (ChaCha8, seed 18; each move next to a stone), \
             5 rules, 15x15 and 20x20;\n# answers by brute force over every legal point with the rules crate \
             (tests/common/mod.rs).\n# Regenerate: cargo test -p parlor-gomoku-brain --test tactics -- --ignored regenerate_suites\n\
             # rule | size | kind | answers | moves\n"
        )
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut threats =
        header("Wins in one (every winning point) and forced blocks (the one block).");
    threats += &(wins
        .into_iter()
        .chain(blocks)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n");
    std::fs::write(format!("{dir}/threats.txt"), threats).unwrap();
    let mut v = header(&format!(
        "Positions with a VCF of at most {VCF_DEPTH} fours (no win in one, no five threat)."
    ));
    v += &(vcfs.join("\n") + "\n");
    std::fs::write(format!("{dir}/vcf.txt"), v).unwrap();
}
