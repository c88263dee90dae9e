//! Standard output for the command-line tools: a closed pipe (`… | head`) ends the tool
//! quietly, as Unix tools do, instead of panicking in `println!`.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Runs `report` against a buffered, locked standard output and flushes it. A write that
/// fails because the reader went away (`BrokenPipe`) ends the tool with success and no
/// message; any other write error is printed on stderr under the tool's `name` and fails.
///
/// The body returns the tool's own exit code for everything it decides itself.
///
/// ```
/// use std::io::Write;
/// let code = parlor_tui::output::print_to_stdout("demo", |out| {
///     writeln!(out, "one line")?;
///     Ok(std::process::ExitCode::SUCCESS)
/// });
/// assert_eq!(code, std::process::ExitCode::SUCCESS);
/// ```
pub fn print_to_stdout(
    name: &str,
    report: impl FnOnce(&mut dyn Write) -> io::Result<ExitCode>,
) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    finish(
        name,
        report(&mut out).and_then(|code| out.flush().map(|()| code)),
    )
}

/// The exit code for a tool body's result: see [`print_to_stdout`].
pub fn finish(name: &str, result: io::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_ends_quietly_and_other_errors_fail() {
        let broken = io::Error::new(io::ErrorKind::BrokenPipe, "reader gone");
        assert_eq!(finish("t", Err(broken)), ExitCode::SUCCESS);
        let full = io::Error::new(io::ErrorKind::StorageFull, "disk full");
        assert_eq!(finish("t", Err(full)), ExitCode::FAILURE);
        assert_eq!(finish("t", Ok(ExitCode::from(2))), ExitCode::from(2));
    }
}
