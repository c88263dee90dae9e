//! The `klondike` command line: flags, the tools' outputs, refused flags, and every example
//! of the help texts run as written.

use clap::CommandFactory;

use super::*;

fn cli(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("klondike").chain(args.iter().copied()))
}

/// Runs a parsed command line as `main` would, without a terminal: the tools' output, or for
/// the game the screen it starts (its message line).
fn run(cli: &Cli) -> Result<String, String> {
    let Some(command) = &cli.command else {
        return Ok(App::new(&cli.play.app_options()?).message().to_owned());
    };
    let mut out = Vec::new();
    run_tool(command, &mut out).map_err(|e| e.to_string())??;
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// The words of a shell command line (double quotes group words; no escapes are needed by
/// the help texts).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn options_parse() {
    let parsed = cli(&[
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
    let rules = parsed.play.rules.rules();
    assert_eq!(rules.draw, Draw::THREE);
    assert_eq!(rules.scoring, Scoring::Vegas);
    assert_eq!(rules.pass_limit.get(), Some(2));
    assert_eq!(parsed.play.game_options().auto_move, AutoMove::All);
    assert_eq!(parsed.play.deal.seed(), 5);
    for bad in [
        &["--draw", "0"][..],
        &["--draw", "25"],
        &["--scoring", "poker"],
        &["--passes", "-1"],
        &["--auto", "x"],
        &["--seed", "18446744073709551616"],
    ] {
        assert!(cli(bad).is_err(), "{bad:?}");
    }
    assert!(
        cli(&["--seed", "1", "--deal", "AS"]).is_err(),
        "seed and deal conflict"
    );
    assert_eq!(
        cli(&["--seed", "18446744073709551615"])
            .unwrap()
            .play
            .deal
            .seed(),
        u64::MAX
    );
}

#[test]
fn solve_seconds_1e20_is_refused_not_a_panic() {
    for bad in ["1e20", "-1", "0", "nan", "inf", "x", "1e400"] {
        let flag = format!("--seconds={bad}");
        let err = cli(&["solve", "--seed", "1", &flag]).unwrap_err();
        assert!(err.to_string().contains("--seconds"), "{bad}: {err}");
    }
    let parsed = cli(&["solve", "--seed", "1", "--seconds", "0.5"]).unwrap();
    assert!(run(&parsed).is_ok());
    // The library function refuses what the parser would have refused.
    let deal = DealArgs {
        seed: Some(1),
        deal: None,
    };
    let rules = RuleArgs {
        draw: Draw::ONE,
        variant: VariantArgs {
            passes: PassLimit::UNLIMITED,
            scoring: Scoring::Standard,
            no_foundation_back: false,
        },
    };
    for seconds in [1e20, -1.0, 0.0, f64::NAN, f64::INFINITY] {
        assert!(
            solve(&deal, &rules, false, None, seconds, MEMORY_MIB).is_err(),
            "{seconds}"
        );
    }
}

#[test]
fn flags_a_subcommand_does_not_use_are_refused() {
    for args in [
        &["solve", "--seed", "1", "--auto", "none"][..],
        &["solve", "--seed", "1", "--ascii"],
        &["solve", "--seed", "1", "--winnable"],
        &["bench", "--draw", "3"],
        &["bench", "--seed", "1"],
        &["bench", "--deal", "AS"],
        &["bench", "--auto", "safe"],
        &["show", "--cumulative"],
        &["show", "--no-time-bonus"],
        &["--draw", "3", "solve", "--seed", "1"],
        &["--seed", "1", "show"],
    ] {
        assert!(cli(args).is_err(), "{args:?} was accepted");
    }
}

#[test]
fn show_prints_the_position_and_reports_bad_moves() {
    let parsed = cli(&["show", "--seed", "42"]).unwrap();
    let Some(Command::Show { deal, rules, .. }) = &parsed.command else {
        unreachable!()
    };
    let text = show(deal, rules, GameOptions::default(), "stock stock").unwrap();
    assert!(text.starts_with(&format!("deal: {}", Deal::from_seed(42))));
    assert!(text.contains("stock 22"), "{text}");
    assert!(text.contains("status: playing"));
    let err = show(deal, rules, GameOptions::default(), "stock recycle").unwrap_err();
    assert!(
        err.starts_with("move 2 (recycle): the stock still has cards"),
        "{err}"
    );
    let err = show(deal, rules, GameOptions::default(), "stock 9-1").unwrap_err();
    assert!(err.starts_with("move 2: invalid move"), "{err}");
    let plain = run(&cli(&["show", "--seed", "42", "--moves", "stock"]).unwrap()).unwrap();
    assert!(
        plain.contains("moves: stock\n"),
        "no auto-moves by default: {plain}"
    );
}

#[test]
fn bad_deals_are_reported() {
    let err = run(&cli(&["show", "--deal", "AS AS"]).unwrap()).unwrap_err();
    assert_eq!(err, "--deal: AS appears twice in the deal");
    let deal = Deal::from_seed(3).to_string();
    assert!(
        run(&cli(&["show", "--deal", &deal]).unwrap())
            .unwrap()
            .contains(&deal)
    );
    let err = run(&cli(&["solve", "--deal", "AS"]).unwrap()).unwrap_err();
    assert!(err.starts_with("--deal:"), "{err}");
}

#[test]
fn solve_line_replays_with_show_under_the_same_flags() {
    for flags in [
        &["--seed", "1", "--draw", "3"][..],
        &["--seed", "42"],
        &[
            "--seed",
            "5",
            "--passes",
            "3",
            "--scoring",
            "vegas",
            "--draw",
            "3",
        ],
        &["--seed", "9", "--no-foundation-back"],
    ] {
        let args = |command: &'static str| -> Vec<&str> {
            std::iter::once(command)
                .chain(flags.iter().copied())
                .collect()
        };
        let text = run(&cli(&args("solve")).unwrap()).unwrap();
        let mut lines = text.lines();
        let verdict = lines.next().unwrap();
        assert!(
            ["win", "impossible", "unknown"].contains(&verdict),
            "{text}"
        );
        let line: Vec<&str> = lines.collect();
        let moves = line.join(" ");
        let mut show_args = args("show");
        show_args.extend(["--moves", &moves]);
        let shown = run(&cli(&show_args).unwrap()).unwrap();
        let won = shown.contains("status: won");
        assert_eq!(won, verdict == "win", "{flags:?}: {shown}");
    }
}

#[test]
fn solve_json_names_the_verdict_and_seed() {
    let text = run(&cli(&["solve", "--seed", "1", "--draw", "3"]).unwrap()).unwrap();
    let verdict = text.lines().next().unwrap();
    let json = run(&cli(&["solve", "--seed", "1", "--draw", "3", "--json"]).unwrap()).unwrap();
    assert!(
        json.starts_with(&format!("{{\"verdict\":\"{verdict}\",\"seed\":1,")),
        "{json}"
    );
    assert!(json.contains("\"peak_bytes\":"), "{json}");
    for bad in ["0", "-5", "x", "99999999999"] {
        let flag = format!("--memory={bad}");
        assert!(cli(&["solve", "--seed", "1", &flag]).is_err(), "{bad}");
    }
}

#[test]
fn bench_summarises_both_draws() {
    let text = run(&cli(&["bench", "--deals", "2", "--nodes", "200000"]).unwrap()).unwrap();
    assert!(text.contains("draw 1, passes unlimited: 2 deals"), "{text}");
    assert!(text.contains("draw 3"), "{text}");
    assert!(text.contains("peak memory"), "{text}");
    let verdicts = |jobs: &str| {
        let args = [
            "bench",
            "--deals",
            "6",
            "--nodes",
            "200000",
            "--verbose",
            "--jobs",
            jobs,
        ];
        let text = run(&cli(&args).unwrap()).unwrap();
        // Each deal's verdict and positions, without its memory (a reused solver keeps its
        // deepest stack) and time.
        text.lines()
            .filter(|line| line.contains(" seed "))
            .map(|line| line.split(" nodes").next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(verdicts("1"), verdicts("3"), "--jobs changes no verdict");
    assert_eq!(verdicts("1").len(), 12);
    assert!(cli(&["bench", "--jobs", "0"]).is_err());
}

#[test]
fn every_help_example_runs() {
    let mut command = Cli::command();
    command.build();
    let mut helps = vec![command.render_long_help().to_string()];
    for sub in command.get_subcommands_mut() {
        helps.push(sub.render_long_help().to_string());
    }
    let mut ran = 0;
    for help in &helps {
        let examples = help
            .lines()
            .skip_while(|line| line.trim() != "Examples:")
            .skip(1)
            .take_while(|line| !line.trim().is_empty());
        for example in examples.map(str::trim) {
            let words = shell_words(example);
            let parsed = Cli::try_parse_from(&words)
                .unwrap_or_else(|e| panic!("{example}: does not parse: {e}"));
            if let Err(e) = run(&parsed) {
                panic!("{example}: {e}");
            }
            ran += 1;
        }
    }
    assert!(ran >= 10, "only {ran} examples found");
}

/// A reader that went away after `left` bytes, as `head` does.
struct ClosedPipe {
    left: usize,
}

impl Write for ClosedPipe {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn bench_into_a_closed_pipe_stops_quietly() {
    let parsed = cli(&["bench", "--deals", "3", "--nodes", "100000", "--verbose"]).unwrap();
    let Some(Command::Bench { variant, .. }) = &parsed.command else {
        unreachable!()
    };
    let mut pipe = ClosedPipe { left: 10 };
    let result =
        bench(&mut pipe, variant, 3, Budget::nodes(100_000), 1, true).map(|()| ExitCode::SUCCESS);
    assert_eq!(
        result.as_ref().map_err(io::Error::kind).err(),
        Some(io::ErrorKind::BrokenPipe),
        "the first failed write ends the run"
    );
    assert_eq!(crate::output::finish("klondike", result), ExitCode::SUCCESS);
}
