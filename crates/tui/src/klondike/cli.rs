//! The `klondike` command line: play in the terminal (no subcommand), or `show` a deal and
//! the position after some moves. The solver adds its own subcommands to [`Command`].

use std::fmt::Write as _;
use std::process::ExitCode;

use ::klondike::{
    AutoMove, Deal, Draw, Game, Move, Options as GameOptions, PassLimit, Rules, Scoring,
};
use clap::{Parser, Subcommand};

use super::{App, Options};
use crate::launcher::LaunchOptions;

/// Command-line options of `cargo run --release --example klondike`.
#[derive(Debug, Parser)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent command-line flags"
)]
#[command(
    name = "klondike",
    about = "Windows-style Klondike solitaire in the terminal",
    after_help = "Examples:\n  klondike --draw 3 --scoring vegas\n  klondike --seed 42 --ascii\n  klondike --draw 3 --winnable\n  klondike show --seed 42 --moves \"stock w-3 2-f\"\n\nMoves: stock, recycle, w-3 (waste to pile 3), w-f (waste to foundation), 2-f, 5:3-1 (three\ncards from pile 5 to pile 1), 5-1 (one card), fH-3 (hearts foundation to pile 3).\nA deal list has 52 cards in dealing order: cards 0-27 go to the tableau row by row (card 0\npile 1 face up, 1-6 face down on piles 2-7, card 7 pile 2 face up, ...), 28-51 are the stock,\ncard 28 turned first."
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Cards turned from the stock at a time, 1 to 24 (1 and 3 are the usual games).
    #[arg(long, global = true, default_value = "1")]
    pub draw: Draw,
    /// Passes through the stock: `unlimited` or a number (Vegas caps it at 1 for draw 1, 3 otherwise).
    #[arg(long, global = true, default_value = "unlimited")]
    pub passes: PassLimit,
    /// Scoring: standard, vegas or none.
    #[arg(long, global = true, default_value = "standard")]
    pub scoring: Scoring,
    /// Forbid moving cards back from the foundations.
    #[arg(long, global = true)]
    pub no_foundation_back: bool,
    /// Seed of the deal (default: from the clock).
    #[arg(long, global = true, conflicts_with = "deal")]
    pub seed: Option<u64>,
    /// The deal as 52 cards in dealing order (`"AS 2H 10d ..."`).
    #[arg(long, global = true)]
    pub deal: Option<String>,
    /// Auto-moves to the foundations: none, safe or all.
    #[arg(long, global = true, default_value = "safe")]
    pub auto: AutoMove,
    /// Do not finish the game automatically once every card is face up.
    #[arg(long, global = true)]
    pub no_auto_finish: bool,
    /// Standard scoring: no time bonus at the end.
    #[arg(long)]
    pub no_time_bonus: bool,
    /// Vegas scoring: carry the balance from deal to deal.
    #[arg(long)]
    pub cumulative: bool,
    /// Draw cards with ASCII names (`AS`, `TD`) instead of Unicode glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// Deal only games the solver proved winnable under these rules (the `--seed` deal if it
    /// is, else the next one derived from it; also for `n`).
    #[arg(long, conflicts_with = "deal")]
    pub winnable: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Prints the deal (52 cards in dealing order) and the position after `--moves`, then the
    /// status (`playing`, `won` or `lost`) and the score.
    Show {
        /// Moves to play first, space or comma separated (`"stock w-3 2-f"`).
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Solves the deal (`--seed N` or `--deal "..."`, with `--draw`, `--passes`): prints `win`,
    /// `impossible` or `unknown` alone on the first line, then the winning line, one move per
    /// line (stock turns and recycles included).
    Solve {
        /// Print one JSON object instead (verdict, deal, rules, positions searched, moves).
        #[arg(long)]
        json: bool,
        /// Answer `unknown` after searching this many positions.
        #[arg(long, default_value = "20000000")]
        nodes: u64,
        /// Answer `unknown` after this many seconds.
        #[arg(long)]
        seconds: Option<f64>,
    },
    /// Benchmarks the solver: the deals of seeds 0..N, each with draw 1 and draw 3 (and
    /// `--passes`), one thread; prints won/impossible/unknown counts and median, mean and
    /// maximum times.
    Bench {
        /// How many seeded deals.
        #[arg(long, default_value = "200")]
        deals: u64,
        /// Node budget per deal (a deal over it counts as unknown).
        #[arg(long, default_value = "20000000")]
        nodes: u64,
        /// Print every deal: seed, verdict, positions, time.
        #[arg(long)]
        verbose: bool,
    },
}

impl Cli {
    fn rules(&self) -> Rules {
        Rules {
            draw: self.draw,
            pass_limit: self.passes,
            scoring: self.scoring,
            foundation_to_tableau: !self.no_foundation_back,
        }
    }

    fn game_options(&self) -> GameOptions {
        GameOptions {
            auto_move: self.auto,
            auto_finish: !self.no_auto_finish,
            time_bonus: !self.no_time_bonus,
            cumulative_vegas: self.cumulative,
        }
    }

    fn parsed_deal(&self) -> Result<Option<Deal>, String> {
        self.deal
            .as_deref()
            .map(|text| text.parse::<Deal>().map_err(|e| format!("--deal: {e}")))
            .transpose()
    }

    fn seed(&self) -> u64 {
        LaunchOptions {
            seed: self.seed,
            ..LaunchOptions::default()
        }
        .seed_or_random()
    }
}

/// Runs `show`: returns the text to print, or an error message.
pub fn show(cli: &Cli, moves: &str) -> Result<String, String> {
    let deal = cli
        .parsed_deal()?
        .unwrap_or_else(|| Deal::from_seed(cli.seed()));
    let mut game = Game::new(deal, cli.rules(), cli.game_options());
    for (i, text) in moves
        .split([' ', ',', '\n', '\t'])
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        let mv: Move = text.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
        game.play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", i + 1))?;
    }
    let position = game.position();
    let mut out = String::new();
    let _ = writeln!(out, "deal: {deal}");
    let _ = writeln!(out, "{position}");
    let status = match game.status() {
        ::klondike::Status::Playing => "playing",
        ::klondike::Status::Won => "won",
        ::klondike::Status::Lost => "lost",
    };
    let _ = writeln!(out, "status: {status}");
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
    let _ = writeln!(out, "moves: {}", history.join(" "));
    Ok(out)
}

/// Runs `solve`: the verdict alone on the first line, then one move per line; or a JSON
/// object with `--json`.
pub fn solve(cli: &Cli, json: bool, nodes: u64, seconds: Option<f64>) -> Result<String, String> {
    use ::klondike::solver::{self, Budget};
    let (seed, deal) = if let Some(deal) = cli.parsed_deal()? {
        (None, deal)
    } else {
        let seed = cli.seed();
        (Some(seed), Deal::from_seed(seed))
    };
    let time = match seconds {
        Some(s) if s.is_finite() && s > 0.0 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(format!(
                "--seconds: {s} is not a positive number of seconds"
            ));
        }
        None => None,
    };
    let budget = Budget {
        nodes: Some(nodes),
        time,
    };
    let position = ::klondike::Klondike::new(&deal, cli.rules());
    let solution = solver::solve(&position, budget);
    let line = solution.verdict.line().unwrap_or(&[]);
    let mut out = String::new();
    if json {
        let moves: Vec<String> = line.iter().map(|mv| format!("\"{mv}\"")).collect();
        let seed = seed.map_or_else(|| "null".to_owned(), |s| s.to_string());
        let _ = writeln!(
            out,
            "{{\"verdict\":\"{}\",\"seed\":{seed},\"deal\":\"{deal}\",\"draw\":{},\"passes\":\"{}\",\"nodes\":{},\"moves\":[{}]}}",
            solution.verdict,
            cli.draw,
            cli.rules().effective_pass_limit(),
            solution.nodes,
            moves.join(",")
        );
    } else {
        let _ = writeln!(out, "{}", solution.verdict);
        for mv in line {
            let _ = writeln!(out, "{mv}");
        }
    }
    Ok(out)
}

/// Runs `bench`: solves seeds `0..deals` with draw 1 and draw 3 and summarises the times.
pub fn bench(cli: &Cli, deals: u64, nodes: u64, verbose: bool) -> String {
    use ::klondike::solver::{self, Budget, Verdict};
    let mut out = String::new();
    for draw in [Draw::ONE, Draw::THREE] {
        let rules = Rules {
            draw,
            ..cli.rules()
        };
        let mut entries = Vec::new();
        for seed in 0..deals {
            let entry = solver::survey([seed], rules, Budget::nodes(nodes));
            if verbose {
                let e = &entry[0];
                println!(
                    "draw {draw} seed {seed}: {} {} nodes {:?}",
                    e.verdict, e.nodes, e.elapsed
                );
            }
            entries.extend(entry);
        }
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
        let _ = writeln!(
            out,
            "draw {draw}, passes {}: {deals} deals: {won} won, {lost} impossible, {unknown} unknown; median {median:.3} ms, mean {mean:.3} ms, max {max:.1} ms",
            rules.effective_pass_limit()
        );
    }
    out
}

/// The entry point of `examples/klondike.rs`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Solve {
            json,
            nodes,
            seconds,
        }) => match solve(&cli, *json, *nodes, *seconds) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("klondike: {err}");
                ExitCode::from(2)
            }
        },
        Some(Command::Bench {
            deals,
            nodes,
            verbose,
        }) => {
            print!("{}", bench(&cli, *deals, *nodes, *verbose));
            ExitCode::SUCCESS
        }
        Some(Command::Show { moves }) => match show(&cli, moves) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(err) => {
                eprintln!("klondike: {err}");
                ExitCode::from(2)
            }
        },
        None => {
            let deal = match cli.parsed_deal() {
                Ok(deal) => deal,
                Err(err) => {
                    eprintln!("klondike: {err}");
                    return ExitCode::from(2);
                }
            };
            let options = Options {
                ascii: cli.ascii,
                seed: cli.seed(),
                deal,
                rules: cli.rules(),
                game: cli.game_options(),
                winnable: cli.winnable,
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("klondike").chain(args.iter().copied()))
    }

    #[test]
    fn options_parse() {
        let cli = cli(&[
            "--draw",
            "3",
            "--scoring",
            "vegas",
            "--passes",
            "2",
            "--auto",
            "all",
            "--seed",
            "5",
        ])
        .unwrap();
        assert_eq!(cli.rules().draw, Draw::THREE);
        assert_eq!(cli.rules().scoring, Scoring::Vegas);
        assert_eq!(cli.rules().pass_limit.get(), Some(2));
        assert_eq!(cli.game_options().auto_move, AutoMove::All);
        assert_eq!(cli.seed(), 5);
        for bad in [
            &["--draw", "0"][..],
            &["--draw", "25"],
            &["--scoring", "poker"],
            &["--passes", "-1"],
            &["--auto", "x"],
        ] {
            assert!(self::cli(bad).is_err(), "{bad:?}");
        }
        assert!(
            self::cli(&["--seed", "1", "--deal", "AS"]).is_err(),
            "seed and deal conflict"
        );
    }

    #[test]
    fn show_prints_the_position_and_reports_bad_moves() {
        let parsed = cli(&["--seed", "42", "--auto", "none", "show"]).unwrap();
        let text = show(&parsed, "stock stock").unwrap();
        assert!(text.starts_with(&format!("deal: {}", Deal::from_seed(42))));
        assert!(text.contains("stock 22"));
        assert!(text.contains("status: playing"));
        assert!(text.contains("moves: stock stock"));
        let err = show(&parsed, "stock recycle").unwrap_err();
        assert!(
            err.starts_with("move 2 (recycle): the stock still has cards"),
            "{err}"
        );
        let err = show(&parsed, "stock 9-1").unwrap_err();
        assert!(err.starts_with("move 2: invalid move"), "{err}");
    }

    #[test]
    fn bad_deals_are_reported() {
        let parsed = cli(&["--deal", "AS AS", "show"]).unwrap();
        let err = show(&parsed, "").unwrap_err();
        assert_eq!(err, "--deal: AS appears twice in the deal");
        let deal = Deal::from_seed(3).to_string();
        let parsed = cli(&["--deal", &deal, "show"]).unwrap();
        assert!(show(&parsed, "").unwrap().contains(&deal));
    }

    #[test]
    fn solve_prints_the_verdict_then_a_replayable_line() {
        let parsed = cli(&["--seed", "1", "--draw", "3", "solve"]).unwrap();
        let text = solve(&parsed, false, 2_000_000, None).unwrap();
        let mut lines = text.lines();
        let verdict = lines.next().unwrap();
        assert!(
            ["win", "impossible", "unknown"].contains(&verdict),
            "{text}"
        );
        let mut position = ::klondike::Klondike::new(&Deal::from_seed(1), parsed.rules());
        for line in lines {
            position.play(line.parse().unwrap()).unwrap();
        }
        assert_eq!(position.is_won(), verdict == "win");
        let json = solve(&parsed, true, 2_000_000, None).unwrap();
        assert!(
            json.starts_with(&format!("{{\"verdict\":\"{verdict}\",\"seed\":1,")),
            "{json}"
        );
        assert!(solve(&parsed, false, 10, Some(-1.0)).is_err());
        let bad = cli(&["--deal", "AS", "solve"]).unwrap();
        assert!(
            solve(&bad, false, 10, None)
                .unwrap_err()
                .starts_with("--deal:")
        );
    }

    #[test]
    fn bench_summarises_both_draws() {
        let parsed = cli(&["bench", "--deals", "2"]).unwrap();
        let text = bench(&parsed, 2, 200_000, false);
        assert!(text.contains("draw 1, passes unlimited: 2 deals"), "{text}");
        assert!(text.contains("draw 3"), "{text}");
    }
}
