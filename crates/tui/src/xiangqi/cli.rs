//! The `xiangqi` command line: play in the terminal (no subcommand) or count `perft`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use xiangqi::{
    Color, FenError, Position, RepetitionRule, RuleSet, Settings, Validation, perft, perft_divide,
};

use super::{App, LEVELS, Options};
use crate::launcher::LaunchOptions;
use crate::output::print_to_stdout;

/// Command-line options of `cargo run --release --example xiangqi`.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    about = "Xiangqi (Chinese chess) in the terminal, and perft",
    after_help = "Examples:\n  xiangqi                      # you (Red) against the engine\n  xiangqi --level 1            # against the baseline bot\n  xiangqi --bot none           # two players\n  xiangqi --repetition simple --move-limit 0\n  xiangqi perft 5\n  xiangqi perft 3 --divide --fen \"3k5/9/9/9/9/9/9/9/9/4K4 w\"\n  xiangqi perft 2 --permissive --fen \"4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/3K5 w\""
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Which side the computer plays.
    #[arg(long, value_enum, default_value_t = BotSide::Black)]
    pub bot: BotSide,
    /// How strong the computer plays: 1 is the baseline bot, 2-4 the engine at depth 2, 4
    /// and 6, 5 and 6 the engine at 1 s and 3 s a move.
    #[arg(long, default_value_t = super::state::DEFAULT_LEVEL as u8 + 1,
          value_parser = clap::value_parser!(u8).range(1..=LEVELS.len() as i64))]
    pub level: u8,
    /// Start from this position (FEN, strictly checked unless --permissive).
    #[arg(long)]
    pub fen: Option<String>,
    /// Accept composed positions in FENs (here, in the game and in PGN `[FEN]` tags): any
    /// roles on any points, up to 16 pieces a side.
    #[arg(long, global = true)]
    pub permissive: bool,
    /// How repetitions are judged: asian (AXF/WXF: perpetual check or chase loses), simple
    /// (perpetual check loses, other repetitions draw) or off.
    #[arg(long, default_value_t = RepetitionRule::Asian)]
    pub repetition: RepetitionRule,
    /// Moves without a capture before the game is drawn (0: no limit).
    #[arg(long, default_value_t = 60)]
    pub move_limit: u32,
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
    /// Writes a suite of random balanced openings for `arena --openings` (self-play data).
    Openings {
        /// How many openings.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Random moves from the start position.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(1..=100))]
        plies: u16,
        /// Keep an opening only if a search this deep scores it within --max-cp of even.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// The largest score kept, in centipawns.
        #[arg(long, default_value_t = 100)]
        max_cp: i32,
        /// The random seed (the same seed gives the same suite).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Fits the engine's evaluation weights to the results of games (Texel tuning) and writes
    /// them as the engine's `weights.rs`.
    Tune(TuneArgs),
    /// Scores the quiet positions of finished games with a teacher engine and writes them as
    /// labelled positions for `tune --positions`.
    Label(LabelArgs),
}

/// Options of `xiangqi label`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example (Fairy-Stockfish as the teacher, half its verdict and half the game's):\n  xiangqi label games.pgn --teacher uci:/path/fairy-stockfish --teacher-option UCI_Variant=xiangqi \\\n    --teacher-option \"Use NNUE=false\" --depth 9 --every 6 --blend 0.5 --out positions.txt\n  xiangqi tune --positions positions.txt --holdout-every 10 --iterations 1000 --out crates/xiangqi-engine/src/weights.rs"
)]
pub struct LabelArgs {
    /// PGN files of finished games.
    #[arg(required = true)]
    pub pgn: Vec<std::path::PathBuf>,
    /// The engine that scores the positions: parlor[:hash=MIB] or uci:COMMAND.
    #[arg(long)]
    pub teacher: String,
    /// A `setoption` for an external teacher (NAME=VALUE, repeatable).
    #[arg(long)]
    pub teacher_option: Vec<String>,
    /// The depth the teacher searches each position to.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Skip each game's first plies (the opening).
    #[arg(long, default_value_t = 16)]
    pub skip: usize,
    /// Keep every Nth quiet position (in the order of the games).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// The weight of the game's result in each label, from 0 (the teacher's score alone) to 1
    /// (the result alone).
    #[arg(long, default_value_t = 0.5)]
    pub blend: f64,
    /// How many teachers score at once (each its own engine or process).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub concurrency: u64,
    /// Write the labelled positions here (default: standard output).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// Options of `xiangqi tune`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("input").required(true).multiple(true))]
#[command(
    after_help = "Example (self-play games, then tuning):\n  xiangqi openings --count 1000 > openings.txt\n  xiangqi arena --openings openings.txt --a-limit nodes=6000 --b parlor --b-limit nodes=6600 --concurrency 2 --pgn games.pgn\n  xiangqi tune games.pgn --holdout-every 10 --out crates/xiangqi-engine/src/weights.rs"
)]
pub struct TuneArgs {
    /// PGN files of finished games.
    #[arg(group = "input")]
    pub pgn: Vec<std::path::PathBuf>,
    /// Files of labelled positions, one `FEN | score` line each (Red's expected result, 0 to
    /// 1); with `--holdout-every N`, every Nth position is held out (counted across files).
    #[arg(long, group = "input")]
    pub positions: Vec<std::path::PathBuf>,
    /// Skip each game's first plies (the opening).
    #[arg(long, default_value_t = 16)]
    pub skip: usize,
    /// Steps of gradient descent.
    #[arg(long, default_value_t = 300)]
    pub iterations: usize,
    /// The learning rate, in centipawns per step.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// The pull towards the starting weights (L2; none by default, which fitted best: see
    /// BENCHMARKS.md).
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// Start from the weights in this file (a `weights.rs` the tuner wrote; default: the
    /// engine's own).
    #[arg(long)]
    pub start: Option<std::path::PathBuf>,
    /// Games held out of the fit, to watch the error on positions it has not seen (every game
    /// counts once: repeated games are dropped, and a held-out game is not fitted).
    #[arg(long)]
    pub holdout: Vec<std::path::PathBuf>,
    /// Hold out every Nth game of the PGN files too (after dropping repeated games).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..))]
    pub holdout_every: Option<u32>,
    /// Where to write the weights (default: standard output).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
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

impl Cli {
    /// The game settings the flags choose, starting from `fen`.
    fn settings(&self, fen: Option<&str>) -> Settings {
        Settings {
            rules: RuleSet {
                repetition: self.repetition,
                move_limit: (self.move_limit > 0).then_some(self.move_limit),
                ..RuleSet::ASIAN
            },
            validation: if self.permissive {
                Validation::Permissive
            } else {
                Validation::Strict
            },
            fen: fen.map(str::to_owned),
        }
    }
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let fen = match &cli.command {
        Some(Command::Perft { fen, .. }) => fen.as_deref().or(cli.fen.as_deref()),
        None
        | Some(
            Command::Uci
            | Command::Arena(_)
            | Command::Openings { .. }
            | Command::Tune(_)
            | Command::Label(_),
        ) => cli.fen.as_deref(),
    };
    let settings = cli.settings(fen);
    let game = match settings.new_game() {
        Ok(game) => game,
        Err(e) => {
            let hint = match e {
                FenError::Invalid(_) if !cli.permissive => " (composed positions: --permissive)",
                _ => "",
            };
            eprintln!("xiangqi: invalid --fen {:?}: {e}{hint}", fen.unwrap_or(""));
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Perft { depth, divide, .. }) => print_to_stdout("xiangqi", |out| {
            perft_report(out, game.position(), depth, divide)
        }),
        Some(Command::Arena(args)) => match arena_main(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xiangqi arena: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Openings {
            count,
            plies,
            depth,
            max_cp,
            seed,
        }) => print_to_stdout("xiangqi", |out| {
            let suite =
                xiangqi_engine::arena::random_openings(count, plies.into(), depth, max_cp, seed);
            for o in &suite {
                let moves: Vec<String> = o.moves.iter().map(ToString::to_string).collect();
                writeln!(out, "{} | {}", o.name, moves.join(" "))?;
            }
            if suite.len() < count {
                eprintln!(
                    "xiangqi openings: only {} of {count} distinct openings within {max_cp} cp",
                    suite.len()
                );
                return Ok(ExitCode::FAILURE);
            }
            Ok(ExitCode::SUCCESS)
        }),
        Some(Command::Tune(args)) => match tune_main(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xiangqi tune: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Label(args)) => match label_main(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("xiangqi label: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Uci) => {
            xiangqi_engine::uci::Uci::new(std::io::stdout()).run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
        None => {
            let options = LaunchOptions {
                seed: cli.seed,
                ..LaunchOptions::default()
            };
            let bot = match cli.bot {
                BotSide::Red => Some(Color::Red),
                BotSide::Black => Some(Color::Black),
                BotSide::None => None,
            };
            let mut app = App::new(Options {
                start: *game.start(),
                rules: game.rules(),
                validation: settings.validation,
                engine: bot,
                level: usize::from(cli.level - 1),
                seed: options.seed_or_random(),
                ascii: cli.ascii,
                data: crate::data::DataDir::user(),
                ..Options::default()
            });
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

fn label_main(args: &LabelArgs) -> Result<(), String> {
    use std::fmt::Write as _;
    use xiangqi_engine::arena::{PlayerSpec, Teacher};
    use xiangqi_engine::tune::{blended_labels, quiet_positions, red_centipawns};

    if !(0.0..=1.0).contains(&args.blend) {
        return Err(format!("--blend {} is not from 0 to 1", args.blend));
    }
    let spec = PlayerSpec::parse(&args.teacher, &args.teacher_option, 0).map_err(|e| e.0)?;
    let mut positions = Vec::new();
    for path in &args.pgn {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        positions.extend(
            quiet_positions(&text, args.skip).map_err(|e| format!("{}: {e}", path.display()))?,
        );
    }
    let every = usize::try_from(args.every).unwrap_or(usize::MAX);
    let positions: Vec<_> = positions
        .into_iter()
        .skip(every - 1)
        .step_by(every)
        .collect();
    if positions.is_empty() {
        return Err("no quiet positions from finished games".into());
    }
    let concurrency = usize::try_from(args.concurrency).unwrap_or(1);
    let chunk = positions.len().div_ceil(concurrency);
    let started = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let scores = std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                let (spec, done, total) = (&spec, &done, positions.len());
                scope.spawn(move || -> Result<Vec<f64>, String> {
                    let mut teacher = Teacher::start(spec)?;
                    part.iter()
                        .map(|(pos, _)| {
                            let score = teacher.score(pos, args.depth)?;
                            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                            if n.is_multiple_of(10_000) {
                                eprintln!(
                                    "{n} of {total} positions scored ({:.0} s)",
                                    started.elapsed().as_secs_f64()
                                );
                            }
                            Ok(red_centipawns(score, pos.turn()))
                        })
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| "a teacher thread panicked".to_string())?
            })
            .collect::<Result<Vec<Vec<f64>>, String>>()
    })?;
    let labelled: Vec<(f64, f32)> = scores
        .into_iter()
        .flatten()
        .zip(positions.iter().map(|&(_, result)| result))
        .collect();
    let (labels, k) = blended_labels(&labelled, args.blend);
    eprintln!(
        "{} positions scored in {:.0} s; the teacher's K {k:.3}",
        positions.len(),
        started.elapsed().as_secs_f64()
    );
    let mut text = String::new();
    for ((pos, _), label) in positions.iter().zip(labels) {
        let _ = writeln!(text, "{} | {label:.4}", pos.fen());
    }
    if let Some(path) = &args.out {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    } else {
        print!("{text}");
        Ok(())
    }
}

fn tune_main(args: &TuneArgs) -> Result<(), String> {
    use xiangqi_engine::tune::{
        GameSets, Tuner, current_weights, error, fit_k, parse_weights_source, weights_source,
    };

    let mut sets = GameSets::new(args.holdout_every.map(|n| n as usize));
    // Held-out games first: a game also given to fit is held out only.
    let held_out_files = args.holdout.iter().map(|p| (p, true));
    for (path, held_out) in held_out_files.chain(args.pgn.iter().map(|p| (p, false))) {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        sets.add(&text, held_out, args.skip)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    for path in &args.positions {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        sets.add_positions(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let GameSets {
        fit: samples,
        held_out: holdout,
        ..
    } = sets;
    if samples.is_empty() {
        return Err(
            "nothing to fit: no quiet positions from finished games or labelled positions".into(),
        );
    }
    let weights = match &args.start {
        Some(path) => parse_weights_source(
            &std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?,
        None => current_weights(),
    };
    let k = fit_k(&samples, &weights);
    let report = |what: &str, weights: &[[f64; 2]]| {
        eprint!("{what}: error {:.6}", error(&samples, weights, k));
        if !holdout.is_empty() {
            eprint!(", held out {:.6}", error(&holdout, weights, k));
        }
        eprintln!();
    };
    eprintln!(
        "{} positions ({} held out); K {k:.3}",
        samples.len(),
        holdout.len()
    );
    report("start", &weights);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut tuner = Tuner::new(&samples, weights, k, args.lambda);
    for i in 1..=args.iterations {
        tuner.step(args.rate, threads);
        if i % 100 == 0 || i == args.iterations {
            report(&format!("step {i}"), &tuner.weights);
        }
    }
    let source = weights_source(&tuner.weights);
    if let Some(path) = &args.out {
        std::fs::write(path, source).map_err(|e| format!("{}: {e}", path.display()))
    } else {
        print!("{source}");
        Ok(())
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

/// `perft`: the per-move counts with `divide`, then the total on the last line; the speed on
/// stderr.
#[allow(clippy::cast_precision_loss)] // nodes/s for display
fn perft_report(
    out: &mut dyn Write,
    pos: &Position,
    depth: u32,
    divide: bool,
) -> io::Result<ExitCode> {
    let start = Instant::now();
    let total = if divide {
        let rows = perft_divide(pos, depth);
        for (m, n) in &rows {
            writeln!(out, "{m}: {n}")?;
        }
        rows.iter()
            .map(|(_, n)| n)
            .sum::<u64>()
            .max(u64::from(depth == 0))
    } else {
        perft(pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {total} nodes in {secs:.3} s ({:.1} M nodes/s)",
        total as f64 / secs.max(1e-9) / 1e6 // display only: precision loss is harmless
    );
    writeln!(out, "{total}")?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that went away after `room` bytes, like `| head -c`.
    struct ClosedPipe {
        room: usize,
    }

    impl Write for ClosedPipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn perft_divide_into_a_closed_pipe_ends_quietly() {
        // `xiangqi perft 1 --divide | head -5` panicked: "failed printing to stdout".
        let result = perft_report(&mut ClosedPipe { room: 30 }, &Position::default(), 1, true);
        let err = result.expect_err("the write fails");
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(
            crate::output::finish("xiangqi", Err(err)),
            ExitCode::SUCCESS
        );
        let mut all = Vec::new();
        perft_report(&mut all, &Position::default(), 1, true).unwrap();
        let text = String::from_utf8(all).unwrap();
        assert_eq!(text.lines().count(), 45);
        assert_eq!(text.lines().last(), Some("44"));
    }

    #[test]
    fn flags_choose_rules_and_strictness() {
        let cli = Cli::parse_from(["xiangqi", "--repetition", "simple", "--move-limit", "0"]);
        let settings = cli.settings(None);
        assert_eq!(settings.rules.repetition, RepetitionRule::Simple);
        assert_eq!(settings.rules.move_limit, None);
        assert_eq!(settings.validation, Validation::Strict);
        let composed = "3k5/9/9/9/9/RRR6/9/9/9/4K4 w";
        assert!(cli.settings(Some(composed)).new_game().is_err());
        let cli = Cli::parse_from(["xiangqi", "perft", "1", "--permissive", "--fen", composed]);
        assert_eq!(
            cli.settings(Some(composed)).validation,
            Validation::Permissive
        );
        assert!(cli.settings(Some(composed)).new_game().is_ok());
        assert!(Cli::try_parse_from(["xiangqi", "--repetition", "sometimes"]).is_err());
    }
}
