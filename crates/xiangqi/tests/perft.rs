//! Known-answer perft tests from `tests/data/perft.txt` (each block names its source).
//!
//! CI runs every count up to [`NODE_LIMIT`] nodes; the deeper ones run with
//! `cargo test -p parlor-xiangqi --release -- --ignored`.

use xiangqi::{Position, Validation, perft, perft_divide};

/// Counts above this many nodes are skipped by the default (debug) run.
const NODE_LIMIT: u64 = 4_000_000;

struct Entry {
    note: String,
    fen: String,
    counts: Vec<u64>,
}

fn table() -> Vec<Entry> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad line {l}");
            Entry {
                note: parts[0].to_owned(),
                fen: parts[1].to_owned(),
                counts: parts[2]
                    .split_whitespace()
                    .map(|c| c.parse().expect("count"))
                    .collect(),
            }
        })
        .collect()
}

fn run(limit: u64, min: u64) -> usize {
    let mut checked = 0;
    for e in table() {
        let pos = Position::from_fen_with(&e.fen, Validation::Permissive)
            .unwrap_or_else(|err| panic!("{}: {err}", e.fen));
        for (i, &want) in e.counts.iter().enumerate() {
            if want > limit || want < min {
                continue;
            }
            let depth = i as u32 + 1;
            assert_eq!(
                perft(&pos, depth),
                want,
                "{} ({}) depth {depth}",
                e.note,
                e.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_table_small_counts() {
    let n = run(NODE_LIMIT, 0);
    assert!(n >= 40, "only {n} counts checked");
}

#[test]
#[ignore = "slow in debug: run with --release -- --ignored"]
fn perft_table_deep_counts() {
    run(u64::MAX, NODE_LIMIT + 1);
}

#[test]
fn table_has_at_least_ten_positions_besides_the_start() {
    let t = table();
    let others = t
        .iter()
        .filter(|e| {
            !e.fen
                .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
        })
        .count();
    assert!(others >= 10, "{others}");
}

#[test]
fn divide_adds_up() {
    let pos = Position::default();
    let div = perft_divide(&pos, 3);
    assert_eq!(div.len(), 44);
    assert_eq!(div.iter().map(|(_, n)| n).sum::<u64>(), 79_666);
    assert!(perft_divide(&pos, 0).is_empty());
    assert_eq!(perft(&pos, 0), 1);
}
