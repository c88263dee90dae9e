//! Klondike solitaire in the terminal: `cargo run --release --example klondike` (`-- --help`).
fn main() -> std::process::ExitCode {
    parlor_tui::klondike::cli::main()
}
