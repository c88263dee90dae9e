//! The `xiangqi` command line: play in the terminal (no subcommand) or count `perft`.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use xiangqi::{Color, Position, Validation, perft, perft_divide};

use super::App;
use crate::launcher::LaunchOptions;

/// Command-line options of `cargo run --release --example xiangqi`.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    about = "Xiangqi (Chinese chess) in the terminal, and perft",
    after_help = "Examples:\n  xiangqi                      # you (Red) against the bot\n  xiangqi --bot none           # two players\n  xiangqi perft 5\n  xiangqi perft 3 --divide --fen \"3k5/9/9/9/9/9/9/9/9/4K4 w\""
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Which side the bot plays.
    #[arg(long, value_enum, default_value_t = BotSide::Black)]
    pub bot: BotSide,
    /// Start from this position (FEN; composed positions are accepted).
    #[arg(long)]
    pub fen: Option<String>,
    /// Bot seed (default: from the clock, shown on screen).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Draw with ASCII only (FEN letters instead of Chinese characters).
    #[arg(long)]
    pub ascii: bool,
}

/// Who the bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotSide {
    /// The bot plays Red (moves first).
    Red,
    /// The bot plays Black.
    Black,
    /// No bot: two players at one keyboard.
    None,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Counts legal move paths to DEPTH (bulk-counted, one thread). The last line of output
    /// is the total node count.
    Perft {
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count for each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Runs parlor's engine as a UCI engine on stdin/stdout (as Pikafish speaks UCI).
    Uci,
}

fn parse_fen(fen: Option<&str>) -> Result<Position, String> {
    fen.map_or(Ok(Position::default()), |f| {
        Position::from_fen_with(f, Validation::Permissive)
            .map_err(|e| format!("invalid --fen {f:?}: {e}"))
    })
}

/// Runs the command line.
#[allow(clippy::cast_precision_loss)] // nodes/s for display
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft { depth, fen, divide }) => {
            let pos = match parse_fen(fen.as_deref().or(cli.fen.as_deref())) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("xiangqi: {e}");
                    return ExitCode::from(2);
                }
            };
            let start = Instant::now();
            let total = if divide {
                let rows = perft_divide(&pos, depth);
                for (m, n) in &rows {
                    println!("{m}: {n}");
                }
                rows.iter()
                    .map(|(_, n)| n)
                    .sum::<u64>()
                    .max(u64::from(depth == 0))
            } else {
                perft(&pos, depth)
            };
            let secs = start.elapsed().as_secs_f64();
            eprintln!(
                "perft {depth}: {total} nodes in {secs:.3} s ({:.1} M nodes/s)",
                total as f64 / secs.max(1e-9) / 1e6 // display only: precision loss is harmless
            );
            println!("{total}");
            ExitCode::SUCCESS
        }
        Some(Command::Uci) => {
            xiangqi_engine::uci::Uci::new(std::io::stdout()).run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
        None => {
            let start = match parse_fen(cli.fen.as_deref()) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("xiangqi: {e}");
                    return ExitCode::from(2);
                }
            };
            let options = LaunchOptions {
                ascii: cli.ascii,
                seed: cli.seed,
            };
            let bot = match cli.bot {
                BotSide::Red => Some(Color::Red),
                BotSide::Black => Some(Color::Black),
                BotSide::None => None,
            };
            let mut app = App::new(start, bot, options.seed_or_random(), options.ascii);
            match crate::app::run(&mut app) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("xiangqi: {err}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
