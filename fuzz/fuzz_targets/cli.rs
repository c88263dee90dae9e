//! The command lines of the terminal apps and tools (`parlor-tui`'s `Cli` structs), parsed
//! with clap's `try_parse_from`: the first byte picks the program, the rest are its
//! arguments separated by NUL bytes. The tools that only compute (Dou Dizhu `classify` and
//! `moves`, Klondike `show`) also run on what parses; those that play, solve or time do not.
#![no_main]

use clap::Parser;
use parlor_tui::{doudizhu, gomoku, hearts, klondike, launcher, xiangqi};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&program, data)) = data.split_first() else {
        return;
    };
    let text = parlor_fuzz::text(data);
    let args = std::iter::once("parlor").chain(text.split('\0'));
    match program % 6 {
        0 => {
            if let Ok(cli) = klondike::cli::Cli::try_parse_from(args) {
                if let Some(command @ klondike::cli::Command::Show { .. }) = &cli.command {
                    let _ = klondike::cli::run_tool(command, &mut std::io::sink());
                }
            }
        }
        1 => {
            if let Ok(cli) = doudizhu::cli::Cli::try_parse_from(args) {
                if matches!(
                    cli.command,
                    Some(
                        doudizhu::cli::Command::Classify { .. }
                            | doudizhu::cli::Command::Moves { .. }
                    )
                ) {
                    let _ = doudizhu::cli::run(&cli);
                }
            }
        }
        2 => drop(xiangqi::cli::Cli::try_parse_from(args)),
        3 => drop(gomoku::cli::Cli::try_parse_from(args)),
        4 => {
            if let Ok(cli) = hearts::cli::Cli::try_parse_from(args) {
                let _ = cli.rules.settings();
            }
        }
        _ => drop(launcher::Cli::try_parse_from(args)),
    }
});
