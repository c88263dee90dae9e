//! Every command-line tool, its standard output a pipe whose reader is already gone (as in
//! `xiangqi perft 1 --divide | head -0`), ends with success and nothing about the pipe on standard error, as Unix tools do, instead
//! of panicking with "failed printing to stdout: Broken pipe".
//!
//! The tools are this package's examples, which `cargo test` builds beside the test binaries.

mod common;

use std::process::{Command, Stdio};

use common::example;

fn assert_quiet_on_closed_pipe(tool: &str, args: &[&str]) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let output = Command::new(example(tool))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the tool runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && !stderr.contains("panicked") && !stderr.contains("pipe"),
        "{tool} {args:?} into a closed pipe: {} with stderr {stderr:?}",
        output.status
    );
}

#[test]
fn every_tool_ends_quietly_when_its_output_pipe_is_closed() {
    assert_quiet_on_closed_pipe("xiangqi", &["perft", "2", "--divide"]);
    assert_quiet_on_closed_pipe("klondike", &["show", "--seed", "1"]);
    assert_quiet_on_closed_pipe("doudizhu", &["moves", "--hand", "33445566778899TTJQKA2BR"]);
    assert_quiet_on_closed_pipe(
        "gomoku",
        &["judge", "--moves", "h8 h9 i8 i9 j8 j9 k8 k9 l8"],
    );
    assert_quiet_on_closed_pipe("hearts", &["bench", "--hands", "10"]);
}
