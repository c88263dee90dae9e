//! The parlor table server: `cargo run --release --example server -- --help`.
fn main() -> std::process::ExitCode {
    netplay::cli::server_main()
}
