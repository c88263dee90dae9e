//! The `doudizhu` command line: play in the terminal (no subcommand), or the tools `classify`,
//! `moves` and `bench`, in RLCard rank notation (`3456789TJQKA2`, `T` for ten, `B`/`R` for the
//! black/red joker; lowercase and `10` accepted).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ::doudizhu::{
    ActionSpace, BidMode, Counts, Play, RuleSet, Settings, count_leads, for_each_lead,
    for_each_response, random_game, readings,
};
use cards_core::{Deck, seeded_rng};
use clap::{Parser, Subcommand, ValueEnum};

use super::{App, BotKind, Options};
use crate::arena_cli::{ArenaRun, parse_bots};
use crate::cards::StyleArgs;
use crate::data::DataDir;

/// Command-line options of `cargo run --release --example doudizhu`.
#[derive(Debug, Parser)]
#[command(
    name = "doudizhu",
    about = "Dou Dizhu (fight the landlord): you against two bots, plus rules tools",
    after_help = "Ranks are written in RLCard notation: 3456789TJQKA2, T for ten, B/R for the black/red joker.\n\nExamples:\n  doudizhu --seed 7 --bidding rob\n  doudizhu classify 33344455\n  doudizhu moves --hand 33456TTJQKA2BR --after 345678\n  doudizhu moves --hand 333444555666 --rules douzero\n  doudizhu bench"
)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Game seed: the same seed deals the same cards (default: from the clock, shown on screen;
    /// 1 for `arena`).
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// `--ascii`, `--symbols`: how cards, borders and arrows are drawn.
    #[command(flatten)]
    pub style: StyleArgs,
    /// Rule set: default (RLCard), douzero, openspiel or distinct.
    #[arg(long, global = true, default_value = "default", value_parser = parse_rules)]
    pub rules: RuleSet,
    /// How the landlord is chosen.
    #[arg(long, value_enum, default_value_t = Bidding::Points)]
    pub bidding: Bidding,
    /// The most a farmer can win or lose in one deal (default: no cap).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub cap: Option<u32>,
    /// The computer players (the difficulty; also `d` in the game).
    #[arg(long, value_enum, default_value_t = BotKind::default())]
    pub bots: BotKind,
}

/// The bidding systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Bidding {
    /// Bid 1, 2 or 3 points.
    Points,
    /// Call the landlord, then rob (each rob doubles).
    Rob,
}

/// The tools.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the combination (kind, main rank, length) of some ranks, e.g. `classify 33344455`.
    Classify {
        /// The ranks (may be split over several arguments).
        #[arg(required = true)]
        cards: Vec<String>,
    },
    /// Print every legal play of a hand, one per line (ranks ascending within each play).
    Moves {
        /// The hand, e.g. `33456TTJQKA2BR`.
        #[arg(long)]
        hand: String,
        /// The play to beat (`pass` and no value alike mean none: every lead is printed);
        /// when there is one, `pass` is printed first.
        #[arg(long)]
        after: Option<String>,
        /// Prefix each line with its action id (the documented `ActionSpace` order).
        #[arg(long)]
        ids: bool,
    },
    /// Duplicate arena: on the same seeded deals (landlord fixed per deal, base 1, no
    /// auction), the candidate plays the landlord against two opponent farmers, then both
    /// farmers against an opponent landlord, and the opponent plays all three seats as the
    /// baseline; prints win rates and settlement per game per role with 95% intervals, bombs,
    /// springs and time per decision. `--seed` reproduces a run.
    Arena {
        /// Candidate, then the opponent: `random`, `greedy` or `planner` (a third name, if
        /// given, must equal the second).
        #[arg(long, default_value = "planner,greedy,greedy", value_parser = parse_arena_bots)]
        bots: ArenaBots,
        /// The deals and the threads.
        #[command(flatten)]
        run: ArenaRun,
    },
    /// Time move generation, classification and random full games.
    Bench {
        /// Random 20-card hands for lead generation.
        #[arg(long, default_value_t = 200_000)]
        hands: u32,
        /// Random full games.
        #[arg(long, default_value_t = 50_000)]
        games: u32,
    },
}

/// A bot the arena can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ArenaBot {
    /// Random legal moves.
    Random,
    /// The greedy bot.
    Greedy,
    /// The planning bot.
    Planner,
}

impl ArenaBot {
    fn make(self, seed: u64) -> Box<dyn ::doudizhu::Bot> {
        match self {
            ArenaBot::Random => Box::new(::doudizhu::RandomBot::new(seed)),
            ArenaBot::Greedy => Box::new(::doudizhu::GreedyBot::new()),
            ArenaBot::Planner => Box::new(::doudizhu::PlannerBot::new()),
        }
    }

    fn name(self) -> String {
        format!("{self:?}").to_lowercase()
    }
}

/// The arena's candidate and opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaBots {
    /// The bot measured.
    pub candidate: ArenaBot,
    /// The bot it plays against, and the baseline in its seats.
    pub opponent: ArenaBot,
}

fn parse_arena_bots(text: &str) -> Result<ArenaBots, String> {
    let kinds = parse_bots::<ArenaBot>(text)?;
    match kinds[..] {
        [candidate, opponent] => Ok(ArenaBots {
            candidate,
            opponent,
        }),
        [candidate, opponent, third] if third == opponent => Ok(ArenaBots {
            candidate,
            opponent,
        }),
        [_, _, _] => Err("the two opponents must be the same bot".to_owned()),
        _ => Err(format!(
            "give the candidate and the opponent (two or three names), not {}",
            kinds.len()
        )),
    }
}

/// A bot whose decisions are timed (when it has a clock).
struct Timed {
    bot: Box<dyn ::doudizhu::Bot>,
    clock: Option<duplicate::Clock>,
}

impl ::doudizhu::Bot for Timed {
    fn bid(&mut self, view: &::doudizhu::View) -> ::doudizhu::Bid {
        self.bot.bid(view)
    }
    fn play(&mut self, view: &::doudizhu::View) -> ::doudizhu::Move {
        match &mut self.clock {
            Some(clock) => clock.time(|| self.bot.play(view)),
            None => self.bot.play(view),
        }
    }
}

/// The three games of one arena deal.
#[derive(Clone, Copy, Debug)]
struct ArenaDeal {
    /// The candidate as landlord.
    landlord: ::doudizhu::Settlement,
    /// The candidate as both farmers.
    farmers: ::doudizhu::Settlement,
    /// The opponent in every seat.
    baseline: ::doudizhu::Settlement,
    clock: duplicate::Clock,
}

/// Plays `deal` from the fixed-landlord start with `bots[0]` as landlord and `bots[1]` as
/// both farmers; the seats of role `timed` (index into `bots`) are timed into `clock`.
fn arena_game(
    settings: Settings,
    deal: &::doudizhu::Deal,
    landlord: ::doudizhu::Seat,
    bots: [ArenaBot; 2],
    seed: u64,
    timed: Option<usize>,
    clock: &mut duplicate::Clock,
) -> ::doudizhu::Settlement {
    let mut state = ::doudizhu::landlord_start(settings, deal, landlord);
    let mut seats: [Timed; 3] = std::array::from_fn(|i| {
        let role = usize::from(::doudizhu::Seat::ALL[i] != landlord);
        Timed {
            bot: bots[role].make(seed.wrapping_add(i as u64)),
            clock: (timed == Some(role)).then(duplicate::Clock::default),
        }
    });
    let settlement =
        ::doudizhu::play_out(&mut state, &mut seats).expect("card play ends with a settlement");
    for seat in &seats {
        if let Some(c) = seat.clock {
            clock.add(c);
        }
    }
    settlement
}

/// The duplicate arena; returns the report.
pub fn arena(settings: Settings, seed: u64, deals: u64, threads: usize, bots: ArenaBots) -> String {
    let (cand, opp) = (bots.candidate, bots.opponent);
    let results = duplicate::run(deals, threads, |index| {
        let deal_seed = duplicate::deal_seed(seed, index);
        let deal = ::doudizhu::Deal::from_seed(deal_seed);
        let landlord = ::doudizhu::Seat::ALL[(index % 3) as usize];
        let mut clock = duplicate::Clock::default();
        let mut unused = duplicate::Clock::default();
        let game = |bots, timed, clock: &mut duplicate::Clock| {
            arena_game(settings, &deal, landlord, bots, deal_seed, timed, clock)
        };
        ArenaDeal {
            landlord: game([cand, opp], Some(0), &mut clock),
            farmers: game([opp, cand], Some(1), &mut clock),
            baseline: game([opp, opp], None, &mut unused),
            clock,
        }
    });
    let mut report = format!(
        "doudizhu arena: {} against {}, {deals} deals (landlord fixed, base 1), seed {seed}, {threads} threads\n",
        cand.name(),
        opp.name()
    );
    let mut clock = duplicate::Clock::default();
    let (mut bombs, mut springs) = ([0u64; 3], [0u64; 3]);
    for deal in &results {
        clock.add(deal.clock);
        for (i, s) in [deal.landlord, deal.farmers, deal.baseline]
            .iter()
            .enumerate()
        {
            bombs[i] += u64::from(s.bombs);
            springs[i] += u64::from(s.spring || s.anti_spring);
        }
    }
    for (role, as_landlord) in [("landlord", true), ("farmers", false)] {
        let mut wins = duplicate::Stats::default();
        let mut base_wins = duplicate::Stats::default();
        let mut lead = duplicate::Stats::default();
        let mut score = duplicate::Stats::default();
        let mut base_score = duplicate::Stats::default();
        // Per game: the landlord's payout, or one farmer's.
        #[allow(clippy::cast_precision_loss)] // small stakes
        let gain = |s: &::doudizhu::Settlement| {
            let p = s.payouts[s.landlord] as f64;
            if as_landlord { p } else { -p / 2.0 }
        };
        let won = |s: &::doudizhu::Settlement| f64::from(u8::from(s.landlord_won == as_landlord));
        for deal in &results {
            let mine = if as_landlord {
                deal.landlord
            } else {
                deal.farmers
            };
            wins.push(won(&mine));
            base_wins.push(won(&deal.baseline));
            lead.push(won(&mine) - won(&deal.baseline));
            score.push(gain(&mine));
            base_score.push(gain(&deal.baseline));
        }
        let _ = writeln!(
            report,
            "  as {role:<8}  wins {:>5.1}% ± {:.1}  (baseline {} {:.1}%; lead {:+.1} ± {:.1} points of win rate)\n\
             \x20             settlement/game {score:.3}  (baseline {base_score:.3})",
            100.0 * wins.mean(),
            100.0 * wins.ci95(),
            opp.name(),
            100.0 * base_wins.mean(),
            100.0 * lead.mean(),
            100.0 * lead.ci95(),
        );
    }
    let _ = writeln!(
        report,
        "  bombs and rockets played: candidate landlord {} | candidate farmers {} | baseline {}\n\
         \x20 springs (and anti-springs): {} | {} | {}\n\
         \x20 time per decision {:.1} us over {} decisions",
        bombs[0],
        bombs[1],
        bombs[2],
        springs[0],
        springs[1],
        springs[2],
        clock.micros_per_decision(),
        clock.decisions()
    );
    report
}

fn parse_rules(text: &str) -> Result<RuleSet, String> {
    text.parse()
        .map_err(|e: ::doudizhu::ParseRuleSetError| e.to_string())
}

fn parse_counts(what: &str, text: &str) -> Result<Counts, String> {
    text.parse::<Counts>()
        .map_err(|e| format!("{what} {text:?}: {e}"))
}

/// Runs the command line and returns the process exit code. Output into a closed pipe
/// (`… | head -5`) ends quietly.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(output) => crate::output::print_to_stdout("doudizhu", |out| {
            out.write_all(output.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }),
        Err(message) => {
            eprintln!("doudizhu: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `cli` and returns what it prints (the game itself prints nothing).
pub fn run(cli: &Cli) -> Result<String, String> {
    let rules = cli.rules;
    match &cli.command {
        None => {
            let settings = Settings {
                rules,
                bidding: match cli.bidding {
                    Bidding::Points => BidMode::Points,
                    Bidding::Rob => BidMode::Rob,
                },
                cap: cli.cap,
            };
            let options = crate::launcher::LaunchOptions {
                seed: cli.seed,
                ..crate::launcher::LaunchOptions::default()
            };
            let mut app = App::new(&Options {
                settings,
                seed: options.seed_or_random(),
                bots: cli.bots,
                style: cli.style.style(),
                data: DataDir::user(),
            });
            crate::app::run(&mut app).map_err(|e| e.to_string())?;
            Ok(String::new())
        }
        Some(Command::Classify { cards }) => classify(&cards.concat(), rules),
        Some(Command::Moves { hand, after, ids }) => moves(hand, after.as_deref(), rules, *ids),
        Some(Command::Bench { hands, games }) => Ok(bench(*hands, *games, rules)),
        Some(Command::Arena { bots, run }) => {
            let settings = Settings {
                rules,
                ..Settings::default()
            };
            Ok(arena(
                settings,
                cli.seed.unwrap_or(1),
                run.deals,
                run.threads(),
                *bots,
            ))
        }
    }
}

/// `classify`: every reading of the ranks, or an error if they are no combination.
pub fn classify(text: &str, rules: RuleSet) -> Result<String, String> {
    let counts = parse_counts("cards", text)?;
    if counts.is_empty() {
        return Err("no cards given".into());
    }
    let all = readings(counts, &rules);
    if all.is_empty() {
        return Err(format!(
            "{counts} is not a combination under the {rules} rules"
        ));
    }
    let mut out = String::new();
    for combo in &all {
        let _ = writeln!(out, "{counts}: {combo} ({} cards)", counts.len());
    }
    Ok(out)
}

/// `moves`: every legal play, one a line, ranks ascending; `pass` first when responding.
/// Lines follow the action-id order; a multiset with several readings is printed once per
/// reading only with `--ids`. The hand and the play to beat are checked together: they cannot
/// hold more cards of a rank than the deck (four, one of each joker).
pub fn moves(hand: &str, after: Option<&str>, rules: RuleSet, ids: bool) -> Result<String, String> {
    let hand = parse_counts("--hand", hand)?;
    if hand.is_empty() {
        return Err("the hand is empty".into());
    }
    let after = match after.map(str::trim) {
        Some("") => {
            return Err("--after is empty: give the play to beat (e.g. 345678), or pass".into());
        }
        Some(text) if text.eq_ignore_ascii_case("pass") => None,
        other => other,
    };
    if let Some(text) = after {
        let previous = parse_counts("--after", text)?;
        if !hand.plus(previous).is_subset(Counts::FULL_DECK) {
            return Err(format!(
                "--hand {hand} and --after {previous} together hold more cards of a rank than the deck has (four of each, one of each joker)"
            ));
        }
    }
    let space = if rules == RuleSet::DEFAULT {
        None
    } else {
        Some(ActionSpace::new(rules))
    };
    let space = space
        .as_ref()
        .unwrap_or_else(|| ActionSpace::default_rules());
    let mut plays: Vec<Play> = Vec::new();
    let mut out = String::new();
    match after {
        None => for_each_lead(hand, &rules, |p| plays.push(p)),
        Some(text) => {
            let previous = parse_counts("--after", text)?;
            let all = readings(previous, &rules);
            if all.is_empty() {
                return Err(format!(
                    "--after {previous} is not a combination under the {rules} rules"
                ));
            }
            // Under permissive rules the previous play may have several readings: a response
            // may beat any of them.
            for combo in &all {
                for_each_response(hand, *combo, &rules, |p| plays.push(p));
            }
            if ids {
                let _ = write!(out, "{}\t", space.pass_id());
            }
            out.push_str("pass\n");
        }
    }
    let mut keyed: Vec<(u16, Play)> = plays
        .into_iter()
        .map(|p| (space.id(::doudizhu::Move::Play(p)).unwrap_or(u16::MAX), p))
        .collect();
    keyed.sort();
    keyed.dedup();
    let mut printed = BTreeSet::new();
    for (id, play) in keyed {
        if ids {
            let _ = writeln!(out, "{id}\t{play}");
        } else if printed.insert(play.counts) {
            let _ = writeln!(out, "{play}");
        }
    }
    Ok(out)
}

#[allow(clippy::cast_precision_loss)] // rates for display only
fn rate(n: u64, elapsed: Duration) -> String {
    let per_second = n as f64 / elapsed.as_secs_f64().max(1e-9);
    if per_second >= 1e6 {
        format!("{:.2} M/s", per_second / 1e6)
    } else {
        format!("{:.1} k/s", per_second / 1e3)
    }
}

/// `bench`: quick timings (the criterion benches in `benches/doudizhu.rs` are the reference).
pub fn bench(hands: u32, games: u32, rules: RuleSet) -> String {
    let mut out = format!("rules: {rules} (release build, one thread)\n");
    let samples: Vec<Counts> = (0..1024u64)
        .map(|seed| Counts::from_cards(Deck::with_jokers54().shuffled(seed).deal(20).to_set()))
        .collect();
    let start = Instant::now();
    let mut total = 0u64;
    for i in 0..hands as usize {
        total += count_leads(std::hint::black_box(samples[i % samples.len()]), &rules) as u64;
    }
    let elapsed = start.elapsed();
    let _ = writeln!(
        out,
        "leads on random 20-card hands: {} hands in {:.2?} = {} ({} plays)",
        hands,
        elapsed,
        rate(u64::from(hands), elapsed),
        total
    );
    let space = ActionSpace::new(rules);
    let inputs: Vec<Counts> = space.plays().iter().map(|p| p.counts).collect();
    let rounds = 40;
    let start = Instant::now();
    let mut found = 0u64;
    for _ in 0..rounds {
        for &counts in std::hint::black_box(&inputs) {
            found += u64::from(::doudizhu::classify(counts, &rules).is_some());
        }
    }
    let elapsed = start.elapsed();
    let _ = writeln!(
        out,
        "classification: {} multisets in {:.2?} = {} (all {} plays of the action space, {} rounds)",
        found,
        elapsed,
        rate(found, elapsed),
        inputs.len(),
        rounds
    );
    let settings = Settings {
        rules,
        ..Settings::default()
    };
    let mut rng = seeded_rng(1);
    let mut buffer = Vec::with_capacity(4096);
    let start = Instant::now();
    let mut landlord_wins = 0u32;
    for _ in 0..games {
        let (_, result) = random_game(settings, &mut rng, &mut buffer);
        landlord_wins += u32::from(result.landlord_won);
    }
    let elapsed = start.elapsed();
    let _ = writeln!(
        out,
        "random full games (deal, bidding, play, settlement): {} in {:.2?} = {} (landlord won {:.1}%)",
        games,
        elapsed,
        rate(u64::from(games), elapsed),
        100.0 * f64::from(landlord_wins) / f64::from(games.max(1))
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena_cli::reproduced;

    #[test]
    fn arena_reproduces_a_run_whatever_the_threads_and_refuses_bad_bot_lists() {
        let cli = Cli::try_parse_from([
            "doudizhu",
            "arena",
            "--bots",
            "planner,greedy,greedy",
            "--deals",
            "6",
            "--seed",
            "3",
        ])
        .unwrap();
        let Some(Command::Arena { bots, run }) = cli.command else {
            panic!("not the arena: {:?}", cli.command);
        };
        let one = reproduced(|threads| arena(Settings::default(), 3, run.deals, threads, bots));
        assert!(one.contains("as landlord"), "{one}");
        for bad in ["planner", "planner,greedy,random", "planner,nobody"] {
            assert!(parse_arena_bots(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn classify_prints_the_combination() {
        assert_eq!(
            classify("33344455", RuleSet::DEFAULT).unwrap(),
            "33344455: airplane with singles 3-4 (8 cards)\n"
        );
        assert_eq!(
            classify("br", RuleSet::DEFAULT).unwrap(),
            "BR: rocket (2 cards)\n"
        );
        assert!(
            classify("JQKA2", RuleSet::DEFAULT)
                .unwrap_err()
                .contains("not a combination")
        );
        assert!(
            classify("33X", RuleSet::DEFAULT)
                .unwrap_err()
                .contains("unknown rank")
        );
        assert_eq!(
            classify("333444555666", RuleSet::DOUZERO)
                .unwrap()
                .lines()
                .count(),
            3
        );
    }

    #[test]
    fn moves_lists_each_play_once() {
        let out = moves("33456TTJQKA2BR", Some("345678"), RuleSet::DEFAULT, false).unwrap();
        assert_eq!(out, "pass\nBR\n");
        let out = moves("3345", None, RuleSet::DEFAULT, false).unwrap();
        assert_eq!(out, "3\n4\n5\n33\n");
        let out = moves("3456789", Some("34567"), RuleSet::DEFAULT, true).unwrap();
        assert!(out.starts_with("27471\tpass\n"), "{out}");
        assert_eq!(out.lines().count(), 3);
        assert!(moves("", None, RuleSet::DEFAULT, false).is_err());
        assert!(
            moves("33", Some("34"), RuleSet::DEFAULT, false)
                .unwrap_err()
                .contains("not a combination")
        );
        assert_eq!(
            moves("3345", Some("pass"), RuleSet::DEFAULT, false).unwrap(),
            "3\n4\n5\n33\n",
            "after a pass: every lead"
        );
        let cli = Cli::try_parse_from(["doudizhu", "moves", "--hand", "3", "--rules", "douzero"])
            .unwrap();
        assert_eq!(cli.rules, RuleSet::DOUZERO);
        assert!(
            Cli::try_parse_from(["doudizhu", "moves", "--hand", "3", "--rules", "nope"]).is_err()
        );
    }

    #[test]
    fn moves_refuses_more_copies_than_the_deck_holds() {
        // Issue 13: `--hand B --after B` and `--hand 2222 --after 2222` were answered, although
        // the deck has one black joker and four 2s; `--after pass` was refused and an empty
        // `--after` gave an error with a blank name.
        for (hand, after) in [("B", "B"), ("2222", "2222"), ("33", "333")] {
            let error = moves(hand, Some(after), RuleSet::DEFAULT, false).unwrap_err();
            assert!(
                error.contains("together hold more cards of a rank than the deck"),
                "{error}"
            );
        }
        let error = moves("33333", None, RuleSet::DEFAULT, false).unwrap_err();
        assert!(error.contains("too many 3s"), "{error}");
        assert_eq!(
            moves("B", Some("R"), RuleSet::DEFAULT, false).unwrap(),
            "pass\n",
            "one joker each is fine"
        );
        let error = moves("3345", Some(""), RuleSet::DEFAULT, false).unwrap_err();
        assert_eq!(
            error,
            "--after is empty: give the play to beat (e.g. 345678), or pass"
        );
        assert!(moves("3345", Some("PASS"), RuleSet::DEFAULT, false).is_ok());
    }

    #[test]
    fn bench_runs_small() {
        let out = bench(100, 10, RuleSet::DEFAULT);
        assert_eq!(out.lines().count(), 4, "{out}");
    }
}
