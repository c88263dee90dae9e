//! Dou Dizhu against two bots, plus tools: `cargo run --release --example doudizhu -- --help`.
fn main() -> std::process::ExitCode {
    parlor_tui::doudizhu::cli::main()
}
