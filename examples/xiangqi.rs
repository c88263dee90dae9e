//! Xiangqi in the terminal and perft: `cargo run --release --example xiangqi` (`-- --help`).
fn main() -> std::process::ExitCode {
    parlor_tui::xiangqi::cli::main()
}
