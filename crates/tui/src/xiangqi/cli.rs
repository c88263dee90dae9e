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
#[allow(clippy::large_enum_variant)] // parsed once at start-up
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
    /// Plays a match between two engines over an opening suite, both colours per opening.
    Arena(ArenaArgs),
}

/// Options of `xiangqi arena`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Players: parlor[:skill=N,hash=MIB] | baseline | uci:COMMAND\n\
Limits: movetime=MS | depth=N | nodes=N | clock=MS+MS\n\
Example (Fairy-Stockfish, ranks 1-10):\n  xiangqi arena --b uci:/path/fairy-stockfish --b-option UCI_Variant=xiangqi \\\n    --b-option \"Use NNUE=false\" --b-ranks 1 --b-limit depth=6 --a-limit movetime=1000"
)]
pub struct ArenaArgs {
    /// Engine A.
    #[arg(long, default_value = "parlor")]
    pub a: String,
    /// Engine B.
    #[arg(long, default_value = "baseline")]
    pub b: String,
    /// Engine A's limit.
    #[arg(long, default_value = "movetime=1000")]
    pub a_limit: String,
    /// Engine B's limit.
    #[arg(long, default_value = "movetime=1000")]
    pub b_limit: String,
    /// A `setoption` for engine A (NAME=VALUE, repeatable; external engines only).
    #[arg(long)]
    pub a_option: Vec<String>,
    /// A `setoption` for engine B (NAME=VALUE, repeatable; external engines only).
    #[arg(long)]
    pub b_option: Vec<String>,
    /// Rank offset of engine A's moves (1 for Fairy-Stockfish's ranks 1-10).
    #[arg(long, default_value_t = 0)]
    pub a_ranks: u8,
    /// Rank offset of engine B's moves.
    #[arg(long, default_value_t = 0)]
    pub b_ranks: u8,
    /// Engine A's name in the records (default: its spec).
    #[arg(long)]
    pub a_name: Option<String>,
    /// Engine B's name in the records (default: its spec and limit).
    #[arg(long)]
    pub b_name: Option<String>,
    /// Opening suite file (`name | moves` lines; default: the built-in 58 openings).
    #[arg(long)]
    pub openings: Option<std::path::PathBuf>,
    /// Use only the first N openings.
    #[arg(long)]
    pub count: Option<usize>,
    /// Passes over the suite.
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Write every game's PGN here.
    #[arg(long)]
    pub pgn: Option<std::path::PathBuf>,
    /// Stop early by SPRT: ELO0,ELO1,ALPHA,BETA (e.g. 0,10,0.05,0.05).
    #[arg(long)]
    pub sprt: Option<String>,
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
        Some(Command::Arena(args)) => match arena_main(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xiangqi arena: {e}");
                ExitCode::from(2)
            }
        },
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

fn arena_main(args: &ArenaArgs) -> Result<(), String> {
    use std::io::Write as _;
    use xiangqi_engine::arena::{Contender, OPENINGS, PlayerSpec, parse_openings, play_game};

    let text = match &args.openings {
        Some(path) => {
            std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => OPENINGS.to_string(),
    };
    let mut suite = parse_openings(&text).map_err(|e| e.to_string())?;
    suite.truncate(args.count.unwrap_or(suite.len()));
    let contender =
        |spec: &str, limit: &str, options: &[String], ranks: u8, name: &Option<String>| {
            Ok::<_, String>(Contender {
                name: name.clone().unwrap_or_else(|| format!("{spec} {limit}")),
                spec: PlayerSpec::parse(spec, options, ranks).map_err(|e| e.to_string())?,
                limit: limit
                    .parse()
                    .map_err(|e: xiangqi_engine::arena::ParseSpecError| e.to_string())?,
            })
        };
    let engine_a = contender(
        &args.a,
        &args.a_limit,
        &args.a_option,
        args.a_ranks,
        &args.a_name,
    )?;
    let engine_b = contender(
        &args.b,
        &args.b_limit,
        &args.b_option,
        args.b_ranks,
        &args.b_name,
    )?;
    let mut schedule = arena::Match::new(suite.len(), args.rounds).threads(args.concurrency);
    let mut schedule_sprt = None;
    if let Some(text) = &args.sprt {
        let v: Vec<f64> = text
            .split(',')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| format!("invalid --sprt {text:?}"))?;
        let [elo0, elo1, alpha, beta] = v[..] else {
            return Err(format!("--sprt needs ELO0,ELO1,ALPHA,BETA, got {text:?}"));
        };
        let sprt = arena::Sprt::new(elo0, elo1, alpha, beta).map_err(|e| e.to_string())?;
        schedule = schedule.sprt(sprt);
        schedule_sprt = Some(sprt);
    }
    let mut pgn = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let total = schedule.len();
    let report = schedule.run(
        |p| {
            play_game(
                &engine_a,
                &engine_b,
                &suite[p.opening],
                p.a_side,
                p.game,
                p.game as u64,
            )
        },
        |p, r, stats| {
            let [w, d, l] = stats.trinomial();
            println!(
                "game {}/{total} ({}, {} as Red): {} {:?} ({}); {w} - {l} - {d}",
                p.game + 1,
                suite[p.opening].name,
                if p.a_side == arena::Side::First {
                    &engine_a.name
                } else {
                    &engine_b.name
                },
                engine_a.name,
                r.outcome,
                r.termination,
            );
            if let Some(f) = pgn.as_mut() {
                let _ = writeln!(f, "{}", r.record);
            }
        },
    );
    println!("{}", report.stats.summary(&engine_a.name, &engine_b.name));
    if let Some(sprt) = schedule_sprt {
        let (lower, upper) = sprt.bounds();
        let llr = sprt.llr(&report.stats);
        match report.sprt_decision {
            Some(d) => println!("SPRT: llr {llr:.2} ({lower:.2}, {upper:.2}), {d:?} accepted"),
            None => println!("SPRT: llr {llr:.2} ({lower:.2}, {upper:.2}), no decision"),
        }
    }
    Ok(())
}
