//! What the card games' duplicate arenas (`hearts arena`, `doudizhu arena`) share on the
//! command line: the run's size and threads, the comma-separated bot list, and, for their
//! tests, the check that a run reproduces whatever the threads.

use clap::{Args, ValueEnum};

/// How many deals the arena plays, and on how many threads.
#[derive(Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaRun {
    /// Deals (each played by the candidate in every role, and by the baseline in its place).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub deals: u64,
    /// Threads (default: the cores available).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
}

impl ArenaRun {
    /// The threads to run on: as asked, or one per core.
    pub fn threads(self) -> usize {
        duplicate::threads(self.threads)
    }
}

/// Reads a comma-separated list of bot names (any case); the error names every choice.
pub fn parse_bots<T: ValueEnum>(text: &str) -> Result<Vec<T>, String> {
    text.split(',')
        .map(|part| T::from_str(part.trim(), true))
        .collect::<Result<_, _>>()
        .map_err(|_| {
            let names: Vec<String> = T::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value)
                .map(|name| name.get_name().to_owned())
                .collect();
            format!("unknown bot in {text:?}: use {}", names.join(", "))
        })
}

/// Runs `arena(threads)` on one thread and on two, asserts the reports agree but for their
/// thread count and timings, and returns the report without them.
#[cfg(test)]
pub fn reproduced(arena: impl Fn(usize) -> String) -> String {
    let without_timings = |report: String| -> String {
        report
            .lines()
            .filter(|l| !l.contains("threads") && !l.contains("time per"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = without_timings(arena(1));
    assert_eq!(one, without_timings(arena(2)));
    one
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
    enum Kind {
        Fast,
        Slow,
    }

    #[test]
    fn bot_lists_are_read_in_any_case_and_a_bad_name_lists_the_choices() {
        assert_eq!(
            parse_bots::<Kind>("fast, SLOW"),
            Ok(vec![Kind::Fast, Kind::Slow])
        );
        assert_eq!(
            parse_bots::<Kind>("fast,nobody"),
            Err("unknown bot in \"fast,nobody\": use fast, slow".to_owned())
        );
    }
}
