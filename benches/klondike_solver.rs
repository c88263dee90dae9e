//! Klondike solver benchmarks: solving fixed seeded deals, draw 1 and draw 3.
//!
//! Run with `cargo bench --bench klondike_solver`. Each bench checks every verdict against the
//! one computed once before timing. The 200-deal survey of issue 4 (median, maximum, unknowns)
//! is the CLI command `cargo run --release --example klondike -- bench`.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::klondike::solver::{Budget, Solver, Verdict};
use parlor::klondike::{Draw, Klondike, Rules};

/// Deals decided quickly in both draws (a mix of wins and proved losses).
const DRAW_ONE: [u64; 8] = [0, 1, 2, 3, 4, 5, 6, 9];
const DRAW_THREE: [u64; 8] = [0, 5, 8, 9, 11, 12, 15, 23];
const BUDGET: Budget = Budget::nodes(1_000_000);

fn words(solver: &mut Solver, seeds: &[u64], draw: Draw) -> Vec<&'static str> {
    seeds
        .iter()
        .map(|&seed| {
            solver
                .solve(&Klondike::from_seed(seed, Rules::draw(draw)), BUDGET)
                .verdict
                .word()
        })
        .collect()
}

fn solve(c: &mut Criterion) {
    let mut solver = Solver::new();
    for (name, draw, seeds) in [
        ("solve 8 deals, draw 1", Draw::ONE, &DRAW_ONE),
        ("solve 8 deals, draw 3", Draw::THREE, &DRAW_THREE),
    ] {
        let expected = words(&mut solver, seeds, draw);
        assert!(expected.iter().all(|w| *w != Verdict::Unknown.word()));
        c.bench_function(name, |b| {
            b.iter(|| {
                let got = words(&mut solver, black_box(seeds), draw);
                assert_eq!(got, expected);
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = solve
}
criterion_main!(benches);
