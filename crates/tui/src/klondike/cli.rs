//! The `klondike` command line: play in the terminal (no subcommand), or the tools `show`,
//! `solve` and `bench`. Each subcommand takes only the flags it uses, so a flag it would
//! ignore is refused by the parser; the play flags cannot be combined with a subcommand.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use ::klondike::solver::{self, Budget, Verdict};
use ::klondike::{
    AutoMove, Deal, Draw, Game, Klondike, Move, Options as GameOptions, PassLimit, Rules, Scoring,
    Status,
};
use clap::{Args, Parser, Subcommand};

use super::{App, Options};
use crate::cards::StyleArgs;
use crate::launcher::random_seed;

/// The default time budget of `solve`: long enough for every deal of the 10,000-deal survey
/// but a few, short enough to wait for at a terminal.
pub const SOLVE_SECONDS: f64 = 10.0;

/// The default memory budget of `solve` and `bench`, in MiB: room for the hardest deal seen
/// (1.6 GB), a sixth of the project machine's memory.
pub const MEMORY_MIB: u64 = 4096;

/// Command-line options of `cargo run --release --example klondike`.
#[derive(Debug, Parser)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent command-line flags"
)]
#[command(
    name = "klondike",
    about = "Windows-style Klondike solitaire in the terminal",
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  klondike --draw 3 --scoring vegas\n  klondike --seed 42 --ascii\n  klondike --draw 3 --winnable\n  klondike show --seed 42 --moves \"4-f stock stock\"\n  klondike solve --seed 42 --draw 3\n\nMoves: stock, recycle, w-3 (waste to pile 3), w-f (waste to foundation), 2-f, 5:3-1 (three\ncards from pile 5 to pile 1), 5-1 (one card), fH-3 (hearts foundation to pile 3).\nA deal list has 52 cards in dealing order: cards 0-27 go to the tableau row by row (card 0\npile 1 face up, 1-6 face down on piles 2-7, card 7 pile 2 face up, ...), 28-51 are the stock,\ncard 28 turned first."
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// How to play.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The flags of the terminal game, also given after `play klondike` in the launcher.
#[derive(Debug, Args)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent command-line flags"
)]
pub struct PlayArgs {
    /// The deal.
    #[command(flatten)]
    pub deal: DealArgs,
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Auto-moves to the foundations: none, safe or all.
    #[arg(long, default_value = "safe")]
    pub auto: AutoMove,
    /// Do not finish the game automatically once every card is face up.
    #[arg(long)]
    pub no_auto_finish: bool,
    /// Standard scoring: no time bonus at the end.
    #[arg(long)]
    pub no_time_bonus: bool,
    /// Vegas scoring: carry the balance from deal to deal.
    #[arg(long)]
    pub cumulative: bool,
    /// Card and border style.
    #[command(flatten)]
    pub style: StyleArgs,
    /// Deal only games the solver proved winnable under these rules (the `--seed` deal if it
    /// is, else the next one derived from it; also for `n`).
    #[arg(long, conflicts_with = "deal")]
    pub winnable: bool,
}

/// The play flags alone, as the launcher passes them (no program name, no subcommand).
#[derive(Debug, Parser)]
#[command(name = "play klondike", no_binary_name = true)]
struct PlayCli {
    #[command(flatten)]
    play: PlayArgs,
}

/// Parses the play flags given after `play klondike`.
pub fn parse_play_args(args: &[String]) -> Result<PlayArgs, String> {
    PlayCli::try_parse_from(args)
        .map(|cli| cli.play)
        .map_err(|e| e.render().to_string().trim_end().to_owned())
}

/// The launcher's check of the play flags (see [`crate::launcher::CheckArgsFn`]).
pub fn check_play_args(args: &[String]) -> Result<(), String> {
    parse_play_args(args).and_then(|play| play.app_options().map(|_| ()))
}

/// Which deal: a seed or a 52-card list.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// Seed of the deal (default: from the clock).
    #[arg(long, conflicts_with = "deal")]
    pub seed: Option<u64>,
    /// The deal as 52 cards in dealing order (`"AS 2H 10d ..."`).
    #[arg(long)]
    pub deal: Option<String>,
}

/// The rules of a deal.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// Cards turned from the stock at a time, 1 to 24 (1 and 3 are the usual games).
    #[arg(long, default_value = "1")]
    pub draw: Draw,
    /// Passes, scoring and the foundation rule.
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// The rules besides the draw (what `bench` takes: it runs both draws).
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// Passes through the stock: `unlimited` or a number (Vegas caps it at 1 for draw 1, 3 otherwise).
    #[arg(long, default_value = "unlimited")]
    pub passes: PassLimit,
    /// Scoring: standard, vegas or none.
    #[arg(long, default_value = "standard")]
    pub scoring: Scoring,
    /// Forbid moving cards back from the foundations.
    #[arg(long)]
    pub no_foundation_back: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Prints the deal (52 cards in dealing order) and the position after `--moves`, then the
    /// status (`playing`, `won` or `lost`) and the moves played. The moves are played exactly
    /// as given (a line from `solve` replays under the same flags); `--auto` and
    /// `--auto-finish` add automatic moves between them, shown in parentheses.
    #[command(
        after_help = "Examples:\n  klondike show --seed 42\n  klondike show --seed 42 --moves \"4-f stock stock\"\n  klondike show --seed 42 --draw 3 --auto safe --moves \"stock\""
    )]
    Show {
        /// The deal.
        #[command(flatten)]
        deal: DealArgs,
        /// The rules.
        #[command(flatten)]
        rules: RuleArgs,
        /// Auto-moves to the foundations between the given moves: none, safe or all.
        #[arg(long, default_value = "none")]
        auto: AutoMove,
        /// Finish automatically once every card is face up.
        #[arg(long)]
        auto_finish: bool,
        /// Moves to play, space or comma separated (`"stock w-3 2-f"`).
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Solves the deal: prints `win`, `impossible` or `unknown` alone on the first line, then
    /// the winning line, one move per line (stock turns and recycles included), which `show
    /// --moves` replays under the same flags. Answers `unknown` only when a budget runs out:
    /// by default 10 seconds and 4096 MiB. `--json` also reports the positions searched and
    /// the peak memory.
    #[command(
        after_help = "Examples:\n  klondike solve --seed 42 --draw 3\n  klondike solve --seed 7 --passes 3 --json\n  klondike solve --seed 3 --nodes 1000000 --seconds 2.5 --memory 512"
    )]
    Solve {
        /// The deal.
        #[command(flatten)]
        deal: DealArgs,
        /// The rules.
        #[command(flatten)]
        rules: RuleArgs,
        /// Print one JSON object instead (verdict, deal, rules, positions searched, moves).
        #[arg(long)]
        json: bool,
        /// Answer `unknown` after searching this many positions (default: no limit).
        #[arg(long)]
        nodes: Option<u64>,
        /// Answer `unknown` after this many seconds.
        #[arg(long, default_value_t = SOLVE_SECONDS, value_parser = parse_seconds)]
        seconds: f64,
        /// Answer `unknown` rather than hold more than this many MiB.
        #[arg(long, default_value_t = MEMORY_MIB, value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
        memory: u64,
    },
    /// Benchmarks the solver: the deals of seeds 0..N, each with draw 1 and draw 3, on one
    /// thread (or `--jobs N`, whose times are those of a loaded machine); prints
    /// won/impossible/unknown counts and median, mean and maximum times.
    #[command(
        after_help = "Examples:\n  klondike bench --deals 5\n  klondike bench --deals 5 --passes 3 --verbose\n  klondike bench --deals 8 --jobs 2"
    )]
    Bench {
        /// Passes, scoring and the foundation rule (both draws are run).
        #[command(flatten)]
        variant: VariantArgs,
        /// How many seeded deals.
        #[arg(long, default_value = "200")]
        deals: u64,
        /// Node budget per deal (a deal over it counts as unknown).
        #[arg(long, default_value = "20000000")]
        nodes: u64,
        /// Memory budget per deal in MiB (a deal over it counts as unknown).
        #[arg(long, default_value_t = MEMORY_MIB, value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
        memory: u64,
        /// Threads solving deals side by side, 1 to 256.
        #[arg(long, default_value = "1", value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: u16,
        /// Print every deal: seed, verdict, positions, time.
        #[arg(long)]
        verbose: bool,
    },
}

/// A positive, finite number of seconds that fits a [`Duration`].
fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds > 0.0 && Duration::try_from_secs_f64(seconds).is_ok() {
        Ok(seconds)
    } else {
        Err(format!(
            "{text:?} is not a positive number of seconds that fits a time budget"
        ))
    }
}

impl DealArgs {
    /// The deal and, when it came from a seed, the seed (from the clock if none was given).
    fn resolve(&self) -> Result<(Deal, Option<u64>), String> {
        if let Some(text) = &self.deal {
            let deal = text.parse::<Deal>().map_err(|e| format!("--deal: {e}"))?;
            return Ok((deal, None));
        }
        let seed = self.seed();
        Ok((Deal::from_seed(seed), Some(seed)))
    }

    fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(random_seed)
    }
}

impl RuleArgs {
    fn rules(&self) -> Rules {
        self.variant.rules(self.draw)
    }
}

impl VariantArgs {
    fn rules(&self, draw: Draw) -> Rules {
        Rules {
            draw,
            pass_limit: self.passes,
            scoring: self.scoring,
            foundation_to_tableau: !self.no_foundation_back,
        }
    }
}

impl PlayArgs {
    /// The terminal game's options (no data directory: `main` adds the user's).
    pub fn app_options(&self) -> Result<Options, String> {
        let deal = self
            .deal
            .deal
            .as_deref()
            .map(|text| text.parse::<Deal>().map_err(|e| format!("--deal: {e}")))
            .transpose()?;
        Ok(Options {
            style: self.style.style(),
            seed: self.deal.seed(),
            deal,
            rules: self.rules.rules(),
            game: self.game_options(),
            winnable: self.winnable,
            data: None,
        })
    }

    fn game_options(&self) -> GameOptions {
        GameOptions {
            auto_move: self.auto,
            auto_finish: !self.no_auto_finish,
            time_bonus: !self.no_time_bonus,
            cumulative_vegas: self.cumulative,
        }
    }
}

/// Runs `show`: returns the text to print, or an error message.
pub fn show(
    deal: &DealArgs,
    rules: &RuleArgs,
    options: GameOptions,
    moves: &str,
) -> Result<String, String> {
    let (deal, _) = deal.resolve()?;
    let mut game = Game::new(deal, rules.rules(), options);
    for (i, text) in moves
        .split([' ', ',', '\n', '\t'])
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        let mv: Move = text.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
        game.play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    let status = match game.status() {
        Status::Playing => "playing",
        Status::Won => "won",
        Status::Lost => "lost",
    };
    let history: Vec<String> = game
        .history()
        .iter()
        .map(|e| {
            if e.auto {
                format!("({})", e.mv)
            } else {
                e.mv.to_string()
            }
        })
        .collect();
    Ok(format!(
        "deal: {deal}\n{}\nstatus: {status}\nmoves: {}\n",
        game.position(),
        history.join(" ")
    ))
}

/// Runs `solve`: the verdict alone on the first line, then one move per line; or a JSON
/// object with `--json`.
pub fn solve(
    deal: &DealArgs,
    rules: &RuleArgs,
    json: bool,
    nodes: Option<u64>,
    seconds: f64,
    memory_mib: u64,
) -> Result<String, String> {
    let (deal, seed) = deal.resolve()?;
    let time = Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|time| !time.is_zero())
        .ok_or_else(|| format!("--seconds: {seconds} is not a positive number of seconds"))?;
    let budget = Budget {
        nodes,
        time: Some(time),
        memory: Some(memory_mib.saturating_mul(1 << 20)),
    };
    let rules = rules.rules();
    let solution = solver::solve(&Klondike::new(&deal, rules), budget);
    let line = solution.verdict.line().unwrap_or(&[]);
    let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
    if json {
        let moves: Vec<String> = moves.iter().map(|mv| format!("\"{mv}\"")).collect();
        let seed = seed.map_or_else(|| "null".to_owned(), |s| s.to_string());
        Ok(format!(
            "{{\"verdict\":\"{}\",\"seed\":{seed},\"deal\":\"{deal}\",\"draw\":{},\"passes\":\"{}\",\"nodes\":{},\"peak_bytes\":{},\"moves\":[{}]}}\n",
            solution.verdict,
            rules.draw,
            rules.effective_pass_limit(),
            solution.nodes,
            solution.peak_bytes,
            moves.join(",")
        ))
    } else {
        Ok(std::iter::once(solution.verdict.to_string())
            .chain(moves)
            .map(|line| line + "\n")
            .collect())
    }
}

/// Runs `bench`: solves seeds `0..deals` with draw 1 and draw 3 on `jobs` threads and writes
/// a summary per draw (and, with `verbose`, a line per deal).
pub fn bench(
    out: &mut dyn Write,
    variant: &VariantArgs,
    deals: u64,
    budget: Budget,
    jobs: usize,
    verbose: bool,
) -> io::Result<()> {
    for draw in [Draw::ONE, Draw::THREE] {
        let rules = variant.rules(draw);
        let seeds: Vec<u64> = (0..deals).collect();
        let entries = solver::survey(&seeds, rules, budget, jobs);
        if verbose {
            for e in &entries {
                writeln!(
                    out,
                    "draw {draw} seed {}: {} {} nodes {:.1} MiB {:?}",
                    e.seed,
                    e.verdict,
                    e.nodes,
                    mib(e.peak_bytes),
                    e.elapsed
                )?;
            }
        }
        let peak = entries.iter().map(|e| e.peak_bytes).max().unwrap_or(0);
        let count = |f: &dyn Fn(&Verdict) -> bool| entries.iter().filter(|e| f(&e.verdict)).count();
        let won = count(&|v| matches!(v, Verdict::Win(_)));
        let lost = count(&|v| *v == Verdict::Impossible);
        let unknown = count(&|v| *v == Verdict::Unknown);
        let mut times: Vec<f64> = entries
            .iter()
            .map(|e| e.elapsed.as_secs_f64() * 1e3)
            .collect();
        times.sort_by(f64::total_cmp);
        let n = u32::try_from(times.len().max(1)).unwrap_or(u32::MAX);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let mean = times.iter().sum::<f64>() / f64::from(n);
        let max = times.last().copied().unwrap_or(0.0);
        writeln!(
            out,
            "draw {draw}, passes {}: {deals} deals: {won} won, {lost} impossible, {unknown} unknown; median {median:.3} ms, mean {mean:.3} ms, max {max:.1} ms; peak memory {:.1} MiB",
            rules.effective_pass_limit(),
            mib(peak)
        )?;
    }
    Ok(())
}

/// Bytes in MiB, for printing.
#[allow(clippy::cast_precision_loss, reason = "a size printed to one decimal")]
fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

/// Runs a tool subcommand, writing its output to `out`: `Err` when the output cannot be
/// written, `Ok(Err(message))` when the tool refuses its input (nothing is written then).
pub fn run_tool(command: &Command, out: &mut dyn Write) -> io::Result<Result<(), String>> {
    let text = match command {
        Command::Show {
            deal,
            rules,
            auto,
            auto_finish,
            moves,
        } => {
            let options = GameOptions {
                auto_move: *auto,
                auto_finish: *auto_finish,
                ..GameOptions::default()
            };
            show(deal, rules, options, moves)
        }
        Command::Solve {
            deal,
            rules,
            json,
            nodes,
            seconds,
            memory,
        } => solve(deal, rules, *json, *nodes, *seconds, *memory),
        Command::Bench {
            variant,
            deals,
            nodes,
            memory,
            jobs,
            verbose,
        } => {
            let budget = Budget::nodes(*nodes).with_memory(memory.saturating_mul(1 << 20));
            bench(out, variant, *deals, budget, usize::from(*jobs), *verbose)?;
            return Ok(Ok(()));
        }
    };
    match text {
        Ok(text) => out.write_all(text.as_bytes()).map(Ok),
        Err(message) => Ok(Err(message)),
    }
}

/// The entry point of `examples/klondike.rs`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(command) = &cli.command {
        return crate::output::print_to_stdout("klondike", |out| {
            Ok(match run_tool(command, out)? {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("klondike: {message}");
                    ExitCode::from(2)
                }
            })
        });
    }
    let options = match cli.play.app_options() {
        Ok(options) => Options {
            data: crate::data::DataDir::user(),
            ..options
        },
        Err(err) => {
            eprintln!("klondike: {err}");
            return ExitCode::from(2);
        }
    };
    let mut app = App::new(&options);
    match crate::app::run(&mut app) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("klondike: terminal error: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests;
