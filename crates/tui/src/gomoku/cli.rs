//! The `gomoku` command line: play in the terminal (no subcommand), `judge` a record, run
//! the Gomocup `brain`, or play an engine `arena`.

use std::fmt::Write as _;
use std::io::Read as _;
use std::process::ExitCode;

use ::gomoku::opening::OpeningRule;
use ::gomoku::{
    Color as Stone, FoulPolicy, Game, Outcome, Rule, Settings, ThreeAtFive, parse_moves,
};
use clap::{Parser, Subcommand, ValueEnum};
use gomoku_brain::arena::{
    Failure, GameSpec, Gomocup, MatchSpec, Parlor, Player, Random, run_match,
};
use std::time::Duration;

use super::{App, Opponent, Options};
use crate::launcher::LaunchOptions;
use crate::output::print_to_stdout;

/// Command-line options of `cargo run --release --example gomoku`.
#[derive(Debug, Parser)]
#[command(
    name = "gomoku",
    about = "Five in a row (freestyle, standard, renju, caro) in the terminal, and a record judge",
    after_help = "Examples:\n  gomoku --rule renju\n  gomoku --size 19 --opponent human\n  gomoku --rule renju --opening soosorv-2\n  gomoku judge --rule renju --size 15 --moves \"h8 i9 h9 h10 i8 g8 j8\"\n\nCoordinates: h8 (column letter from a, row from 1 at the bottom) or Gomocup's 0-based 7,7."
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Rule set: freestyle, standard, renju, caro or caro-overline.
    #[arg(long, global = true, default_value = "freestyle", value_parser = parse_rule)]
    pub rule: Rule,
    /// Board size: one number (15) or WIDTHxHEIGHT (20x15), each 5..=32.
    #[arg(long, global = true, default_value = "15", value_parser = parse_size)]
    pub size: (u8, u8),
    /// Renju: whether a row whose only straight-four point also makes a five is a three.
    #[arg(long, global = true, value_enum, default_value_t = ThreeReading::Ignored)]
    pub three_at_five: ThreeReading,
    /// Who plays the other side (play only).
    #[arg(long, value_enum, default_value_t = OpponentArg::BotWhite)]
    pub opponent: OpponentArg,
    /// How strong the computer plays: 1 is the threat bot, 2 and 3 the brain at depth 2 and
    /// 4, 4-6 the brain at 0.3 s, 1 s and 3 s a move.
    #[arg(long, default_value_t = super::state::DEFAULT_LEVEL as u8 + 1,
          value_parser = clap::value_parser!(u8).range(1..=super::LEVELS.len() as i64))]
    pub level: u8,
    /// Draw with ASCII only (X and O stones).
    #[arg(long)]
    pub ascii: bool,
    /// Seed for the bot's tie-breaks (default: from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Opening rule before the game: swap, swap2, soosorv-N (1..=10 fifth-move offers,
    /// default 2) or taraguchi-N (default 10). Soosorv and taraguchi need an odd square board
    /// of at least 9. Against the computer, bot-black makes it the opening's first player.
    #[arg(long, value_parser = parse_opening)]
    pub opening: Option<OpeningRule>,
}

/// The renju three reading on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThreeReading {
    /// The row is not a three (default), as the Gomocup judges (Piskvork, GomocupJudge,
    /// Rapfi) read RIF's definition.
    Ignored,
    /// The row is a three (renju-note, quintet).
    Counts,
}

/// The opponent on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OpponentArg {
    /// You play Black against the bot.
    BotWhite,
    /// The bot plays Black, you White.
    BotBlack,
    /// Two people at one keyboard.
    Human,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replays a record and stops at the first move that ends the game. Prints the result on
    /// the first line, `<winner> <index> <why>` (`black 8 five`, `white 12 foul`,
    /// `draw 224 draw`; index 0-based) or `none`, then Black's forbidden points in the
    /// position reached (renju), one per line. A forbidden move loses at once, as judges rule.
    Judge {
        /// The moves, space separated (`h8 i9 ...` or `7,7 8,8 ...`); read from standard input
        /// if omitted.
        #[arg(long)]
        moves: Option<String>,
        /// Print the forbidden points as Gomocup's `x,y` instead of `h8`.
        #[arg(long)]
        gomocup: bool,
    },
    /// Speaks the Gomocup (piskvork) brain protocol on standard input and output, for
    /// tournament managers and GUIs (the rule comes from `INFO rule`).
    Brain,
    /// Plays engine A against engine B over the 26 canonical renju openings (or a suite from
    /// `--openings-file`, or extensions of them, `--balanced`), each with both colours;
    /// prints every game, then the score and the Elo difference of A with its 95% interval.
    /// Late answers, illegal moves and renju fouls lose.
    Arena(ArenaArgs),
}

/// Options of `gomoku arena`.
#[derive(Debug, clap::Args)]
pub struct ArenaArgs {
    /// Player A: `parlor`, `random`, `bot` (the terminal game's bot) or the path of a Gomocup
    /// brain executable (started in its own directory).
    #[arg(long, default_value = "parlor")]
    pub a: String,
    /// Player B, as for A.
    #[arg(long, default_value = "bot")]
    pub b: String,
    /// Time per move of A, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub a_ms: u64,
    /// Time per move of B, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub b_ms: u64,
    /// How late an answer may be before it loses on time, in milliseconds.
    #[arg(long, default_value_t = 100)]
    pub grace_ms: u64,
    /// Rounds over the openings.
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Play only the first N openings.
    #[arg(long)]
    pub openings: Option<usize>,
    /// Opening suite file: one opening per line, moves from the empty board (`h8 h9 j10` or
    /// `7,7 7,8 9,9`), `#` starts a comment; default: the 26 canonical renju openings.
    #[arg(long)]
    pub openings_file: Option<std::path::PathBuf>,
    /// Extend each opening by two stones that parlor scores near even at this depth (a
    /// three-stone opening becomes five, White to move), instead of the three-stone openings
    /// Black wins in freestyle.
    #[arg(long)]
    pub balanced: Option<u32>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Write each game as `game-NNNN.psq` into this directory.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Stop early by SPRT between Elo `E0,E1` (alpha = beta = 0.05).
    #[arg(long, value_parser = parse_sprt)]
    pub sprt: Option<arena::Sprt>,
}

fn parse_sprt(text: &str) -> Result<arena::Sprt, String> {
    let bad = || format!("invalid SPRT bounds {text:?}: expected E0,E1 like 0,50");
    let (e0, e1) = text.split_once(',').ok_or_else(bad)?;
    let e0: f64 = e0.trim().parse().map_err(|_| bad())?;
    let e1: f64 = e1.trim().parse().map_err(|_| bad())?;
    arena::Sprt::new(e0, e1, 0.05, 0.05).map_err(|e| e.to_string())
}

/// The terminal game's bot as an arena player.
struct FrontendBot(::gomoku::Bot);

impl Player for FrontendBot {
    fn name(&self) -> String {
        "bot".to_owned()
    }

    fn start(&mut self, _pos: &::gomoku::Position, _turn: Duration) -> Result<(), Failure> {
        Ok(())
    }

    fn play(
        &mut self,
        pos: &::gomoku::Position,
        _moves: &[::gomoku::Point],
    ) -> Result<::gomoku::Point, Failure> {
        self.0
            .choose(pos)
            .ok_or_else(|| Failure::Protocol("no legal move".to_owned()))
    }
}

/// Makes the player a name on the command line stands for; `game` seeds the random ones.
fn make_player(name: &str, game: usize, grace: Duration) -> Result<Box<dyn Player>, Failure> {
    Ok(match name {
        "parlor" => Box::new(Parlor::default()),
        "random" => Box::new(Random::new(game as u64)),
        "bot" => Box::new(FrontendBot(::gomoku::Bot::new(game as u64))),
        path => Box::new(Gomocup::spawn(std::path::Path::new(path), grace)?),
    })
}

/// Runs `gomoku arena`.
fn arena_main(args: &ArenaArgs, rule: Rule, size: u8) -> Result<(), String> {
    let grace = Duration::from_millis(args.grace_ms);
    let mut openings = match &args.openings_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            gomoku_brain::arena::parse_openings(&text, size, rule)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => gomoku_brain::arena::openings(size),
    };
    openings.truncate(args.openings.unwrap_or(openings.len()));
    if let Some(depth) = args.balanced {
        openings = gomoku_brain::arena::balanced_openings(openings, size, rule, depth);
    }
    let spec = MatchSpec {
        game: GameSpec { rule, size, grace },
        turn: [
            Duration::from_millis(args.a_ms),
            Duration::from_millis(args.b_ms),
        ],
        openings,
        rounds: args.rounds,
        threads: args.threads,
        sprt: args.sprt,
    };
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let a = |g: usize| make_player(&args.a, g, grace);
    let b = |g: usize| make_player(&args.b, g, grace);
    let mut io_error = None;
    let report = run_match(&spec, &a, &b, |p, r, stats| {
        let colour = if p.a_side == arena::Side::First {
            "black"
        } else {
            "white"
        };
        println!(
            "game {:>4} opening {:>2} A {colour}: {:?} ({}) | {}",
            p.game + 1,
            p.opening + 1,
            r.outcome,
            r.termination,
            score_line(stats)
        );
        if let Some(dir) = &args.records
            && let Err(e) =
                std::fs::write(dir.join(format!("game-{:04}.psq", p.game + 1)), &r.record)
        {
            io_error.get_or_insert(e.to_string());
        }
    });
    println!(
        "{} ({} ms) vs {} ({} ms), {rule} {size}x{size}: {}",
        args.a,
        args.a_ms,
        args.b,
        args.b_ms,
        score_line(&report.stats)
    );
    if let Some(d) = report.sprt_decision {
        println!("SPRT: {d:?}");
    }
    io_error.map_or(Ok(()), Err)
}

/// `+W =D -L, score S, Elo D ± E` for engine A.
fn score_line(stats: &arena::Stats) -> String {
    let [w, d, l] = stats.trinomial();
    let elo = stats.elo_trinomial().map_or_else(
        || "Elo n/a".to_owned(),
        |e| format!("Elo {:+.0} ± {:.0}", e.diff, e.error),
    );
    format!("+{w} ={d} -{l}, score {:.3}, {elo}", stats.score())
}

fn parse_opening(text: &str) -> Result<OpeningRule, String> {
    text.parse()
        .map_err(|e: ::gomoku::opening::ParseOpeningRuleError| e.to_string())
}

fn parse_rule(text: &str) -> Result<Rule, String> {
    text.parse()
        .map_err(|e: ::gomoku::ParseRuleError| e.to_string())
}

/// Reads `15` or `20x15`.
fn parse_size(text: &str) -> Result<(u8, u8), String> {
    let bad =
        || format!("invalid size {text:?}: expected a number 5..=32 or WIDTHxHEIGHT like 20x15");
    let (w, h) = match text.trim().split_once(['x', 'X', '*']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (text.trim(), text.trim()),
    };
    let w: u8 = w.parse().map_err(|_| bad())?;
    let h: u8 = h.parse().map_err(|_| bad())?;
    if !(5..=32).contains(&w) || !(5..=32).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// Judges a record; returns the report text, or an error message for a record that cannot be
/// replayed (bad notation, an occupied or off-board point).
pub fn judge(
    settings: Settings,
    (width, height): (u8, u8),
    moves: &str,
    gomocup: bool,
) -> Result<String, String> {
    let settings = settings.with_foul_policy(FoulPolicy::Lose);
    let moves = parse_moves(moves).map_err(|e| e.to_string())?;
    let mut game = Game::new(width, height, settings).map_err(|e| e.to_string())?;
    let mut out = String::new();
    let mut result = None;
    for (i, &p) in moves.iter().enumerate() {
        match game.play(p) {
            Ok(Some(outcome)) => {
                result = Some((i, outcome));
                break;
            }
            Ok(None) => {}
            Err(e) => return Err(format!("move {i} ({p}): {e}")),
        }
    }
    match result {
        None => out.push_str("none\n"),
        Some((i, Outcome::Five { winner, .. })) => writeln!(out, "{winner} {i} five").unwrap(),
        Some((i, Outcome::Foul { .. })) => writeln!(out, "{} {i} foul", Stone::White).unwrap(),
        Some((i, Outcome::Draw)) => writeln!(out, "draw {i} draw").unwrap(),
    }
    for p in game.position().forbidden_points() {
        if gomocup {
            writeln!(out, "{}", p.gomocup()).unwrap();
        } else {
            writeln!(out, "{p}").unwrap();
        }
    }
    Ok(out)
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = Settings::new(cli.rule).with_three_at_five(match cli.three_at_five {
        ThreeReading::Counts => ThreeAtFive::Counts,
        ThreeReading::Ignored => ThreeAtFive::Ignored,
    });
    match cli.command {
        Some(Command::Judge { moves, gomocup }) => {
            let moves = if let Some(m) = moves {
                m
            } else {
                let mut text = String::new();
                if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                    eprintln!("gomoku judge: cannot read standard input: {e}");
                    return ExitCode::from(2);
                }
                text
            };
            match judge(settings, cli.size, &moves, gomocup) {
                Ok(text) => print_to_stdout("gomoku judge", |out| {
                    out.write_all(text.as_bytes())?;
                    Ok(ExitCode::SUCCESS)
                }),
                Err(e) => {
                    eprintln!("gomoku judge: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Arena(args)) => match arena_main(&args, cli.rule, cli.size.0) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gomoku arena: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Brain) => {
            let stdin = std::io::BufReader::new(std::io::stdin());
            match gomoku_brain::protocol::serve(stdin, std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("gomoku brain: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            let launch = LaunchOptions {
                seed: cli.seed,
                ..LaunchOptions::default()
            };
            let app = App::new(Options {
                settings,
                width: cli.size.0,
                height: cli.size.1,
                opponent: match cli.opponent {
                    OpponentArg::BotWhite => Opponent::Bot(Stone::White),
                    OpponentArg::BotBlack => Opponent::Bot(Stone::Black),
                    OpponentArg::Human => Opponent::Human,
                },
                ascii: cli.ascii,
                seed: launch.seed_or_random(),
                opening: cli.opening,
                level: usize::from(cli.level - 1),
                data: crate::data::DataDir::user(),
                ..Options::default()
            });
            let mut app = match app {
                Ok(app) => app,
                Err(e) => {
                    eprintln!("gomoku: {e}");
                    return ExitCode::from(2);
                }
            };
            match crate::app::run(&mut app) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("gomoku: {err}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renju() -> Settings {
        Settings::new(Rule::Renju)
    }

    #[test]
    fn judge_reports_five_foul_draw_and_none() {
        // Black h8..l8 five at index 8; the move after it is ignored. In the final position
        // g8 and m8 would be overlines, so they are forbidden for Black.
        let r = judge(renju(), (15, 15), "h8 a1 i8 a2 j8 a3 k8 a4 l8 a5", false).unwrap();
        assert_eq!(r, "black 8 five\ng8\nm8\n");
        // Black's i8 is a double-three: a foul at index 8, white wins.
        let r = judge(renju(), (15, 15), "f8 a1 g8 a2 i10 a3 i11 a4 i8", false).unwrap();
        assert!(r.starts_with("white 8 foul\n"), "{r}");
        // No result: the forbidden points of the position follow, one per line.
        let r = judge(renju(), (15, 15), "f8 a1 g8 a2 i10 a3 i11 a4", false).unwrap();
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[0], "none");
        assert!(lines.contains(&"i8"), "{r}");
        let r = judge(renju(), (15, 15), "f8 a1 g8 a2 i10 a3 i11 a4", true).unwrap();
        assert!(r.lines().any(|l| l == "8,7"), "{r}");
        // Under freestyle there are no forbidden points and an overline wins.
        let r = judge(
            Settings::new(Rule::Freestyle),
            (15, 15),
            "a1 a15 b1 b15 c1 c15 e1 e15 f1 o15 d1",
            false,
        )
        .unwrap();
        assert_eq!(r, "black 10 five\n");
        let r = judge(
            Settings::new(Rule::Standard),
            (15, 15),
            "a1 a15 b1 b15 c1 c15 e1 e15 f1 o15 d1",
            false,
        )
        .unwrap();
        assert_eq!(r, "none\n");
        // A full 5x5 board with no five.
        //   5 X X O O X
        //   4 O O X X O
        //   3 X X O O X
        //   2 O O X X O
        //   1 X X O O X
        let draw = "a5 c5 b5 d5 e5 a4 c4 b4 d4 e4 a3 c3 b3 d3 e3 a2 c2 b2 d2 e2 a1 c1 b1 d1 e1";
        let r = judge(Settings::new(Rule::Freestyle), (5, 5), draw, false).unwrap();
        assert_eq!(r, "draw 24 draw\n");
    }

    #[test]
    fn judge_rejects_bad_records() {
        assert_eq!(
            judge(renju(), (15, 15), "h8 h8", false),
            Err("move 1 (h8): h8 is occupied".to_owned())
        );
        assert!(
            judge(renju(), (15, 15), "h8 p1", false)
                .unwrap_err()
                .contains("off the board")
        );
        assert!(
            judge(renju(), (15, 15), "h8 ??", false)
                .unwrap_err()
                .contains("move 1")
        );
    }

    #[test]
    fn openings_parse() {
        assert_eq!(parse_opening("swap2"), Ok(OpeningRule::Swap2));
        assert_eq!(
            parse_opening("Soosõrv-8"),
            Ok(OpeningRule::Soosorv { n: 8 })
        );
        assert_eq!(
            parse_opening("taraguchi"),
            Ok(OpeningRule::Taraguchi { n: 10 })
        );
        assert!(parse_opening("soosorv-0").is_err());
        assert!(parse_opening("swap-3").is_err());
        assert!(parse_opening("yamaguchi").is_err());
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("15"), Ok((15, 15)));
        assert_eq!(parse_size("20x15"), Ok((20, 15)));
        assert!(parse_size("4").is_err());
        assert!(parse_size("33x5").is_err());
        assert!(parse_size("big").is_err());
    }

    #[test]
    fn command_line_parses() {
        let cli = Cli::try_parse_from([
            "gomoku", "judge", "--rule", "renju", "--size", "15", "--moves", "h8 i9",
        ])
        .unwrap();
        assert_eq!(cli.rule, Rule::Renju);
        assert!(matches!(cli.command, Some(Command::Judge { .. })));
        assert!(Cli::try_parse_from(["gomoku", "--rule", "chess"]).is_err());
    }
}
