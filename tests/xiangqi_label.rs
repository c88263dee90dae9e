//! `xiangqi label` and `xiangqi tune --positions` end to end: games from the arena, their quiet
//! positions scored by parlor's engine run as an external UCI teacher (`uci:xiangqi uci`),
//! then fitted by the tuner; bad input is refused with a message.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::example;

fn xiangqi(args: &[&str]) -> Output {
    Command::new(example("xiangqi"))
        .args(args)
        .output()
        .expect("xiangqi runs")
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn games_scored_by_an_external_teacher_tune_the_weights() {
    let dir = std::env::temp_dir().join(format!("parlor-xiangqi-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (games, positions, weights) = (
        dir.join("games.pgn"),
        dir.join("positions.txt"),
        dir.join("weights.rs"),
    );
    let played = xiangqi(&[
        "arena",
        "--a",
        "parlor",
        "--a-limit",
        "depth=2",
        "--b",
        "parlor",
        "--b-limit",
        "depth=3",
        "--count",
        "1",
        "--pgn",
        text(&games),
    ]);
    assert!(played.status.success(), "{played:?}");

    let teacher = format!("uci:{} uci", example("xiangqi").display());
    let labelled = xiangqi(&[
        "label",
        text(&games),
        "--teacher",
        &teacher,
        "--depth",
        "3",
        "--every",
        "2",
        "--concurrency",
        "2",
        "--out",
        text(&positions),
    ]);
    assert!(labelled.status.success(), "{labelled:?}");
    let lines = std::fs::read_to_string(&positions).unwrap();
    assert!(lines.lines().count() >= 5, "{lines}");
    for line in lines.lines() {
        let (fen, label) = line.split_once(" | ").expect("`FEN | label`");
        assert_eq!(fen.matches('/').count(), 9, "{line}");
        let label: f64 = label.parse().expect("a number");
        assert!((0.0..=1.0).contains(&label), "{line}");
    }

    // The tuner reads every FEN back.
    let tuned = xiangqi(&[
        "tune",
        "--positions",
        text(&positions),
        "--iterations",
        "3",
        "--out",
        text(&weights),
    ]);
    assert!(tuned.status.success(), "{tuned:?}");
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(source.contains("pub const WEIGHTS"), "{source}");

    // Bad input: a teacher that cannot score, a blend out of range, a malformed label, no
    // games or labels at all (the message names both ways to give them).
    let refused = |args: &[&str], problem: &str| {
        let out = xiangqi(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.code() == Some(2) && stderr.contains(problem),
            "{args:?}: {stderr}"
        );
    };
    refused(
        &["label", text(&games), "--teacher", "baseline"],
        "the baseline bot cannot score positions",
    );
    refused(
        &["label", text(&games), "--teacher", "parlor", "--blend", "2"],
        "--blend 2 is not from 0 to 1",
    );
    std::fs::write(&positions, "rnbakabnr | 0.5\n").unwrap();
    refused(&["tune", "--positions", text(&positions)], "line 1: ");
    refused(&["tune"], "<PGN|--positions <POSITIONS>>");
    std::fs::write(&positions, "# only a comment\n").unwrap();
    refused(
        &["tune", "--positions", text(&positions)],
        "nothing to fit: no quiet positions from finished games or labelled positions",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
