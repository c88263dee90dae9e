//! The parlor launcher: `cargo run --release --example play`.
fn main() -> std::process::ExitCode {
    parlor_tui::launcher::main()
}
