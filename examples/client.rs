//! A seat scripted from stdin: `cargo run --example client -- --help`.
fn main() -> std::process::ExitCode {
    netplay::cli::client_main()
}
