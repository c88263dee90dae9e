//! Hearts against three computer players: `cargo run --release --example hearts` (`-- --help`).
fn main() -> std::process::ExitCode {
    parlor_tui::hearts::cli::main()
}
