//! Xiangqi benchmarks: start-position perft (bulk-counted leaves, one thread) and legal move
//! generation. Run with `cargo bench --bench xiangqi`; nodes/s = elements/s in the report.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::{Position, perft};

fn bench_perft(c: &mut Criterion) {
    let start = Position::default();
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (depth, nodes) in [(3, 79_666u64), (4, 3_290_240)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| {
                let n = perft(black_box(&start), depth);
                assert_eq!(n, nodes);
                n
            });
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let midgame = Position::from_fen(
        "r2a1a1nr/4k2c1/b1n5b/4p4/p1p2N3/P1P1P4/5CpNp/BC7/7R1/R2AK1B2 w - - 6 41",
    )
    .expect("valid fen");
    c.bench_function("xiangqi_legal_moves_midgame", |b| {
        b.iter(|| {
            let n = black_box(&midgame).legal_moves().len();
            assert_eq!(n, 59);
            n
        });
    });
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);
