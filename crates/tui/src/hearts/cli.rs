//! The `hearts` command line: play in the terminal (no subcommand) or run the `bench`.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ::hearts::{MoonScoring, PassSchedule, Settings, TieRule};
use clap::{Args, Parser, Subcommand, ValueEnum};

use super::{App, BotKind, Options, Speed};
use crate::arena_cli::{ArenaRun, parse_bots};
use crate::cards::StyleArgs;
use crate::data::DataDir;
use crate::launcher::LaunchOptions;

/// Command-line options of `cargo run --release --example hearts`.
#[derive(Debug, Parser)]
#[command(
    name = "hearts",
    about = "Microsoft-style Hearts: you (South) against three computer players",
    after_help = "Examples:\n  hearts --seed 7\n  hearts --pass left --target 50 --jack-of-diamonds\n  hearts bench --hands 500000"
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Game seed: the same seed deals the same hands (default: from the clock, shown on screen).
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// `--ascii`, `--symbols`: how cards, borders and arrows are drawn.
    #[command(flatten)]
    pub style: StyleArgs,
    /// How fast the computer players play (also `+`/`-` in the game).
    #[arg(long, value_enum, default_value_t = Speed::Normal)]
    pub speed: Speed,
    /// The computer players (the difficulty; also `d` in the game).
    #[arg(long, value_enum, default_value_t = BotKind::default())]
    pub bots: BotKind,
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Rule options; the defaults are Microsoft Hearts.
#[derive(Debug, Args, Clone)]
// One flag per house rule, as on the command line.
#[allow(clippy::struct_excessive_bools)]
pub struct RuleArgs {
    /// Start from OpenSpiel's defaults (Q♠ breaks hearts) instead of Microsoft's.
    #[arg(long, global = true)]
    pub open_spiel: bool,
    /// Pass schedule: cycle (left, right, across, hold), left, right, across or none.
    #[arg(long, global = true, value_parser = parse_schedule, default_value = "cycle")]
    pub pass: PassSchedule,
    /// The game ends when a seat reaches this many points.
    #[arg(long, global = true, default_value_t = 100, value_parser = clap::value_parser!(i32).range(1..=10_000))]
    pub target: i32,
    /// How a shot moon scores.
    #[arg(long, global = true, value_enum, default_value_t = Moon::Others)]
    pub moon: Moon,
    /// What a tie for the lowest total means.
    #[arg(long, global = true, value_enum, default_value_t = Tie::Share)]
    pub tie: Tie,
    /// Playing Q♠ breaks hearts.
    #[arg(long, global = true)]
    pub queen_breaks_hearts: bool,
    /// Hearts and Q♠ may be played on the first trick.
    #[arg(long, global = true)]
    pub points_on_first_trick: bool,
    /// The holder of 2♣ may lead any club to the first trick.
    #[arg(long, global = true)]
    pub any_club_leads: bool,
    /// Taking J♦ scores −10.
    #[arg(long, global = true)]
    pub jack_of_diamonds: bool,
    /// Taking no trick scores −5.
    #[arg(long, global = true)]
    pub no_tricks_bonus: bool,
    /// A leader with only hearts and Q♠ may lead a heart before hearts are broken.
    #[arg(long, global = true)]
    pub lead_hearts_with_queen: bool,
    /// Hearts may be led at any time (no breaking needed).
    #[arg(long, global = true)]
    pub hearts_need_not_break: bool,
}

/// Moon scoring on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Moon {
    /// The shooter scores 0, every other seat 26.
    Others,
    /// The shooter scores −26, every other seat 0.
    Shooter,
}

/// Tie rule on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Tie {
    /// Seats sharing the lowest total share the win.
    Share,
    /// Deal on until one seat alone has the lowest total.
    PlayOn,
}

fn parse_schedule(text: &str) -> Result<PassSchedule, String> {
    text.parse()
        .map_err(|e: ::hearts::ParsePassError| e.to_string())
}

impl RuleArgs {
    /// The settings these options describe.
    pub fn settings(&self) -> Settings {
        let base = if self.open_spiel {
            Settings::open_spiel()
        } else {
            Settings::MICROSOFT
        };
        Settings {
            pass_schedule: self.pass,
            queen_breaks_hearts: base.queen_breaks_hearts || self.queen_breaks_hearts,
            points_on_first_trick: self.points_on_first_trick,
            any_club_leads: self.any_club_leads,
            jack_of_diamonds: self.jack_of_diamonds,
            no_tricks_bonus: self.no_tricks_bonus,
            lead_hearts_with_only_queen: self.lead_hearts_with_queen,
            must_break_hearts: !self.hearts_need_not_break,
            moon: match self.moon {
                Moon::Others => MoonScoring::OthersAdd26,
                Moon::Shooter => MoonScoring::ShooterMinus26,
            },
            target: self.target,
            tie: match self.tie {
                Tie::Share => TieRule::Share,
                Tie::PlayOn => TieRule::PlayOn,
            },
            max_hands: None,
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Random full hands with passing, one thread: prints hands per second (wall and on-CPU)
    /// and a checksum of the points (`--hands 1000` from the default seed 42 prints
    /// 0x85ba2a96cf317863, the value the test suite pins).
    Bench {
        /// How many hands to play.
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
        hands: u64,
    },
    /// Bots play whole games against each other (to the target score, with passing) and the
    /// average points and wins per seat are printed.
    Simulate {
        /// How many games to play.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// The bots in seat order N, E, S, W, comma-separated (`random`, `rule`, `heuristic` or `mc`).
        #[arg(long, default_value = "rule,random,rule,random", value_parser = parse_seats)]
        seats: SeatBots,
    },
    /// Duplicate arena: the first bot (the candidate) takes each seat in turn on the same
    /// seeded deals against the others, and the same deals are played with the second bot in
    /// its place (the baseline); prints the candidate's points per hand with 95% intervals,
    /// its lead over the baseline, wins, moons and time per decision. `--seed` reproduces a run.
    Arena {
        /// Candidate first, then the three opponents (seat order from the candidate's left):
        /// `random`, `rule`, `heuristic` or `mc`, comma-separated.
        #[arg(long, default_value = "heuristic,random,random,random", value_parser = parse_arena_bots)]
        bots: ArenaBots,
        /// The deals and the threads.
        #[command(flatten)]
        run: ArenaRun,
    },
}

/// A bot the arena can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ArenaBot {
    /// Random legal cards.
    Random,
    /// The rule-of-thumb bot.
    Rule,
    /// The heuristic bot (moon block and shooting, guarded passing, J♦).
    Heuristic,
    /// The determinized Monte Carlo bot (heuristic playouts over sampled hidden hands).
    Mc,
}

impl ArenaBot {
    fn make(self, seed: u64) -> Box<dyn ::hearts::Bot> {
        match self {
            ArenaBot::Random => Box::new(::hearts::RandomBot::new(seed)),
            ArenaBot::Rule => Box::new(::hearts::RuleBot),
            ArenaBot::Heuristic => Box::new(::hearts::HeuristicBot),
            ArenaBot::Mc => Box::new(::hearts::MonteCarloBot::new(seed)),
        }
    }
}

/// The arena's candidate and its three opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaBots(pub [ArenaBot; 4]);

fn parse_arena_bots(text: &str) -> Result<ArenaBots, String> {
    <[ArenaBot; 4]>::try_from(parse_bots::<ArenaBot>(text)?)
        .map(ArenaBots)
        .map_err(|k| format!("four bots are needed (candidate first), not {}", k.len()))
}

/// A bot whose decisions are timed.
struct Timed<'a> {
    bot: Box<dyn ::hearts::Bot>,
    clock: Option<&'a mut duplicate::Clock>,
}

impl ::hearts::Bot for Timed<'_> {
    fn choose_pass(&mut self, view: &::hearts::View) -> cards_core::CardSet {
        match self.clock.as_deref_mut() {
            Some(clock) => clock.time(|| self.bot.choose_pass(view)),
            None => self.bot.choose_pass(view),
        }
    }
    fn choose_play(&mut self, view: &::hearts::View) -> cards_core::Card {
        match self.clock.as_deref_mut() {
            Some(clock) => clock.time(|| self.bot.choose_play(view)),
            None => self.bot.choose_play(view),
        }
    }
}

/// One deal of the arena: the candidate's points in each seat, the baseline's, wins, moons.
#[derive(Clone, Copy, Debug, Default)]
struct ArenaDeal {
    candidate: f64,
    baseline: f64,
    wins: u32,
    moons: u32,
    clock: duplicate::Clock,
}

/// Plays `hand_seed`'s deal with `lineup` (index 0 at `seat`, then the seats to its left) and
/// returns the points of every seat.
fn arena_hand(
    settings: Settings,
    direction: ::hearts::PassDirection,
    hand_seed: u64,
    lineup: [ArenaBot; 4],
    seat: usize,
    clock: &mut duplicate::Clock,
) -> ::hearts::HandResult {
    let mut clock = Some(clock);
    let mut bots: [Timed<'_>; 4] = std::array::from_fn(|i| {
        let k = (i + 4 - seat) % 4;
        Timed {
            bot: lineup[k].make(hand_seed.wrapping_add(i as u64)),
            clock: if k == 0 { clock.take() } else { None },
        }
    });
    let mut round = ::hearts::Round::deal(settings, direction, hand_seed);
    ::hearts::play_round(&mut round, &mut bots)
}

/// The duplicate arena; returns the report.
// Deal and hand counts stay far below 2^52, where f64 is exact.
#[allow(clippy::cast_precision_loss)]
pub fn arena(settings: Settings, seed: u64, deals: u64, threads: usize, bots: ArenaBots) -> String {
    let lineup = bots.0;
    let mut baseline_lineup = lineup;
    baseline_lineup[0] = lineup[1];
    let results = duplicate::run(deals, threads, |index| {
        let hand_seed = duplicate::deal_seed(seed, index);
        let direction = settings.pass_schedule.direction(index as usize);
        let mut deal = ArenaDeal::default();
        let mut unused = duplicate::Clock::default();
        for seat in 0..4 {
            let result = arena_hand(
                settings,
                direction,
                hand_seed,
                lineup,
                seat,
                &mut deal.clock,
            );
            let me = ::hearts::Seat::ALL[seat];
            let mine = result.points[me];
            deal.candidate += f64::from(mine) / 4.0;
            deal.wins += u32::from(result.points.iter().all(|(_, &p)| mine <= p));
            deal.moons += u32::from(result.moon == Some(me));
            let base = arena_hand(
                settings,
                direction,
                hand_seed,
                baseline_lineup,
                seat,
                &mut unused,
            );
            deal.baseline += f64::from(base.points[me]) / 4.0;
        }
        deal
    });
    let mut candidate = duplicate::Stats::default();
    let mut baseline = duplicate::Stats::default();
    let mut lead = duplicate::Stats::default();
    let (mut wins, mut moons) = (0u64, 0u64);
    let mut clock = duplicate::Clock::default();
    for deal in &results {
        candidate.push(deal.candidate);
        baseline.push(deal.baseline);
        lead.push(deal.baseline - deal.candidate);
        wins += u64::from(deal.wins);
        moons += u64::from(deal.moons);
        clock.add(deal.clock);
    }
    let name = |b: ArenaBot| format!("{b:?}").to_lowercase();
    let opponents: Vec<String> = lineup[1..].iter().map(|&b| name(b)).collect();
    let hands = (4 * deals) as f64;
    format!(
        "hearts arena: {} against {} ({}), {deals} deals x 4 seats, seed {seed}, {threads} threads\n\
         \x20 {} points/hand   {}\n\
         \x20 {} points/hand   {} (baseline: {} in the candidate's seats)\n\
         \x20 baseline - candidate {} points/hand (positive: the candidate takes fewer)\n\
         \x20 lowest score (ties shared) {:.1}% of hands; moons shot {moons}\n\
         \x20 time per decision {:.1} us over {} decisions\n",
        name(lineup[0]),
        opponents.join(","),
        settings.pass_schedule,
        name(lineup[0]),
        candidate,
        name(baseline_lineup[0]),
        baseline,
        name(baseline_lineup[0]),
        lead,
        100.0 * wins as f64 / hands,
        clock.micros_per_decision(),
        clock.decisions(),
    )
}

/// The four bots of `simulate`, North first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatBots(pub [BotKind; 4]);

fn parse_seats(text: &str) -> Result<SeatBots, String> {
    let kinds: Vec<BotKind> = text
        .split(',')
        .map(|part| BotKind::from_str(part.trim(), true))
        .collect::<Result<_, _>>()
        .map_err(|_| format!("unknown bot in {text:?}: use random, rule, heuristic or mc"))?;
    <[BotKind; 4]>::try_from(kinds)
        .map(SeatBots)
        .map_err(|k| format!("four bots are needed (N,E,S,W), not {}", k.len()))
}

/// Plays `games` games with the given bots and returns, per seat, the total points and the
/// wins (a shared win counts for each winner).
pub fn simulate(
    settings: Settings,
    seed: u64,
    games: u64,
    seats: SeatBots,
) -> ([i64; 4], [u64; 4]) {
    let mut points = [0i64; 4];
    let mut wins = [0u64; 4];
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut bots: [Box<dyn ::hearts::Bot>; 4] = std::array::from_fn(|i| {
            seats.0[i].make(game_seed.wrapping_mul(4).wrapping_add(i as u64))
        });
        let mut game = ::hearts::Game::new(settings, game_seed);
        loop {
            while ::hearts::bot::play_step(&mut game, &mut bots).is_some() {}
            if game.is_over() || game.next_hand().is_err() {
                break;
            }
        }
        for (seat, &total) in game.totals().iter() {
            points[seat.index()] += i64::from(total);
        }
        for seat in game.winners().unwrap_or_default() {
            wins[seat.index()] += 1;
        }
    }
    (points, wins)
}

/// The on-CPU time of this thread, from `/proc/thread-self/schedstat` (Linux), if available.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn bench(out: &mut dyn Write, settings: Settings, seed: u64, hands: u64) -> io::Result<()> {
    let cpu_start = thread_cpu_time();
    let start = Instant::now();
    let stats = ::hearts::random_hands(settings, seed, hands);
    let wall = start.elapsed();
    let cpu = cpu_start.and_then(|s| Some(thread_cpu_time()?.saturating_sub(s)));
    // Hand counts stay far below 2^52, where f64 is exact.
    #[allow(clippy::cast_precision_loss)]
    let rate = |d: Duration| hands as f64 / d.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "hearts bench: {hands} random hands with passing ({} schedule), seed {seed}, one thread",
        settings.pass_schedule
    )?;
    writeln!(
        out,
        "  wall time  {:>9.3} s  {:>12.0} hands/s",
        wall.as_secs_f64(),
        rate(wall)
    )?;
    if let Some(cpu) = cpu.filter(|c| !c.is_zero()) {
        writeln!(
            out,
            "  cpu time   {:>9.3} s  {:>12.0} hands/s (time on a core; on a loaded machine wall time also counts waiting)",
            cpu.as_secs_f64(),
            rate(cpu)
        )?;
    }
    writeln!(out, "  checksum   {:#018x}", stats.checksum)?;
    writeln!(out, "  moons      {}", stats.moons)?;
    writeln!(
        out,
        "  points     N {}  E {}  S {}  W {}",
        stats.points[0], stats.points[1], stats.points[2], stats.points[3]
    )
}

fn report_simulation(
    out: &mut dyn Write,
    settings: Settings,
    seed: u64,
    games: u64,
    seats: SeatBots,
) -> io::Result<()> {
    let (points, wins) = simulate(settings, seed, games, seats);
    writeln!(
        out,
        "hearts simulate: {games} games to {}, seeds {seed}..",
        settings.target
    )?;
    for (i, seat) in ::hearts::Seat::ALL.into_iter().enumerate() {
        #[allow(clippy::cast_precision_loss)] // small counts
        let mean = points[i] as f64 / games as f64;
        writeln!(
            out,
            "  {:<6} {:<7} mean total {mean:>7.1}  wins {:>6}",
            ::hearts::seat_name(seat),
            format!("{:?}", seats.0[i]).to_lowercase(),
            wins[i]
        )?;
    }
    Ok(())
}

/// Runs the command line. Tool output into a closed pipe (`… | head -5`) ends quietly.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = cli.rules.settings();
    match cli.command {
        Some(Command::Bench { hands }) => crate::output::print_to_stdout("hearts", |out| {
            bench(out, settings, cli.seed.unwrap_or(42), hands)?;
            Ok(ExitCode::SUCCESS)
        }),
        Some(Command::Arena { bots, run }) => {
            print!(
                "{}",
                arena(
                    settings,
                    cli.seed.unwrap_or(1),
                    run.deals,
                    run.threads(),
                    bots
                )
            );
            ExitCode::SUCCESS
        }
        Some(Command::Simulate { games, seats }) => {
            crate::output::print_to_stdout("hearts", |out| {
                report_simulation(out, settings, cli.seed.unwrap_or(1), games, seats)?;
                Ok(ExitCode::SUCCESS)
            })
        }
        None => {
            let options = LaunchOptions {
                seed: cli.seed,
                ..LaunchOptions::default()
            };
            let mut app = App::new(&Options {
                settings,
                seed: options.seed_or_random(),
                bots: cli.bots,
                speed: cli.speed,
                style: cli.style.style(),
                data: DataDir::user(),
            });
            match crate::app::run(&mut app) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("hearts: {err}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena_cli::reproduced;

    /// A reader that has gone away: every write fails with `BrokenPipe`.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn tools_into_a_closed_pipe_end_quietly() {
        // Issue 13: `hearts bench | head -1` panicked ("failed printing to stdout").
        let bench = bench(&mut ClosedPipe, Settings::default(), 1, 10);
        assert_eq!(
            bench.as_ref().map_err(io::Error::kind),
            Err(io::ErrorKind::BrokenPipe)
        );
        let code = crate::output::finish("hearts", bench.map(|()| ExitCode::SUCCESS));
        assert_eq!(code, ExitCode::SUCCESS);
        let simulation = report_simulation(
            &mut ClosedPipe,
            Settings::default(),
            1,
            1,
            SeatBots([BotKind::Random; 4]),
        );
        assert_eq!(
            simulation.map_err(|e| e.kind()),
            Err(io::ErrorKind::BrokenPipe)
        );
    }

    #[test]
    fn arena_reproduces_a_run_whatever_the_threads_and_refuses_bad_bot_lists() {
        let cli = Cli::try_parse_from([
            "hearts",
            "arena",
            "--bots",
            "heuristic,random,rule,random",
            "--deals",
            "4",
            "--seed",
            "3",
        ])
        .unwrap();
        let Some(Command::Arena { bots, run }) = cli.command else {
            panic!("not the arena: {:?}", cli.command);
        };
        let one = reproduced(|threads| arena(Settings::default(), 3, run.deals, threads, bots));
        assert!(one.contains("heuristic points/hand"), "{one}");
        for bad in [
            "heuristic",
            "heuristic,rule,rule",
            "heuristic,rule,rule,nobody",
        ] {
            assert!(parse_arena_bots(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn flags_map_to_settings() {
        let cli = Cli::try_parse_from([
            "hearts",
            "--pass",
            "across",
            "--target",
            "50",
            "--jack-of-diamonds",
        ])
        .unwrap();
        let s = cli.rules.settings();
        assert_eq!(
            s.pass_schedule,
            PassSchedule::Fixed(::hearts::PassDirection::Across)
        );
        assert_eq!(
            (s.target, s.jack_of_diamonds, s.queen_breaks_hearts),
            (50, true, false)
        );
        let cli =
            Cli::try_parse_from(["hearts", "--open-spiel", "bench", "--hands", "10"]).unwrap();
        assert!(cli.rules.settings().queen_breaks_hearts);
        assert!(matches!(cli.command, Some(Command::Bench { hands: 10 })));
        assert_eq!(
            Cli::try_parse_from(["hearts"]).unwrap().rules.settings(),
            Settings::MICROSOFT
        );
    }

    #[test]
    fn simulate_counts_every_game_and_rule_bots_win_more() {
        let cli = Cli::try_parse_from([
            "hearts",
            "simulate",
            "--games",
            "20",
            "--seats",
            "rule, random,RULE,random",
        ])
        .unwrap();
        let Some(Command::Simulate { games, seats }) = cli.command else {
            panic!("simulate")
        };
        let (points, wins) = simulate(Settings::default(), 1, games, seats);
        assert!(wins.iter().sum::<u64>() >= 20, "every game has a winner");
        assert!(wins[0] + wins[2] > wins[1] + wins[3]);
        assert!(points[0] + points[2] < points[1] + points[3]);
        assert!(Cli::try_parse_from(["hearts", "simulate", "--seats", "rule,rule"]).is_err());
        assert!(
            Cli::try_parse_from(["hearts", "simulate", "--seats", "rule,rule,rule,smart"]).is_err()
        );
    }

    #[test]
    fn bad_flags_are_refused() {
        assert!(Cli::try_parse_from(["hearts", "--pass", "sideways"]).is_err());
        assert!(Cli::try_parse_from(["hearts", "--target", "0"]).is_err());
        assert!(Cli::try_parse_from(["hearts", "bench", "--hands", "0"]).is_err());
        assert!(Cli::try_parse_from(["hearts", "--seed", "x"]).is_err());
    }
}
