//! Gomoku in the terminal, and the record judge: `cargo run --release --example gomoku` (`-- --help`).
fn main() -> std::process::ExitCode {
    parlor_tui::gomoku::cli::main()
}
