//! Solver tests: every win replays through the rules engine, verdicts agree with a brute-force
//! search on small positions, pass limits are honoured and never more optimistic than
//! unlimited passes, and a dead deal is proved impossible at once.
//!
//! The 10,000-deal winnability runs are `#[ignore]`d (minutes in release):
//! `cargo test --release -p parlor-klondike --test solver -- --ignored --nocapture`.

use std::collections::HashSet;

use cards_core::{Card, Pile, Rank, Suit};
use klondike::solver::{self, Budget, Hint, Verdict};
use klondike::{Deal, Draw, Klondike, Move, MoveList, PassLimit, Rules, Setup};

const BUDGET: Budget = Budget::nodes(200_000);

/// Plays `line` from `start` through the checked public API and asserts it wins within the
/// pass limit.
fn assert_replays(start: &Klondike, line: &[Move]) {
    let mut position = *start;
    for (i, &mv) in line.iter().enumerate() {
        if let Err(e) = position.play(mv) {
            panic!("move {i} ({mv}) is illegal: {e}\n{position}");
        }
    }
    assert!(position.is_won(), "the line does not win:\n{position}");
    if let Some(limit) = start.rules().effective_pass_limit().get() {
        assert!(position.pass() <= limit);
    }
}

fn rules(draw: Draw, passes: Option<u8>) -> Rules {
    Rules {
        draw,
        pass_limit: passes.map_or(PassLimit::UNLIMITED, |k| PassLimit::passes(k).unwrap()),
        ..Rules::default()
    }
}

#[test]
fn every_win_replays_through_the_rules_engine() {
    let mut wins = 0;
    for seed in 0..16 {
        for draw in [Draw::ONE, Draw::THREE] {
            let start = Klondike::from_seed(seed, Rules::draw(draw));
            if let Verdict::Win(line) = solver::solve(&start, BUDGET).verdict {
                assert_replays(&start, &line);
                wins += 1;
            }
        }
    }
    assert!(wins >= 16, "only {wins} of 32 deals won");
}

#[test]
fn pass_limited_wins_replay_within_the_limit() {
    for seed in 0..6 {
        for draw in [Draw::ONE, Draw::THREE] {
            for passes in [1, 2, 3] {
                let start = Klondike::from_seed(seed, rules(draw, Some(passes)));
                if let Verdict::Win(line) = solver::solve(&start, BUDGET).verdict {
                    assert_replays(&start, &line);
                    let recycles = line.iter().filter(|&&m| m == Move::Recycle).count();
                    assert!(recycles < passes as usize);
                }
            }
        }
    }
}

#[test]
fn pass_limits_are_never_more_optimistic_than_unlimited() {
    for seed in 100..106 {
        for draw in [Draw::ONE, Draw::THREE] {
            let mut verdicts = Vec::new();
            for passes in [Some(1), Some(2), Some(3), None] {
                let start = Klondike::from_seed(seed, rules(draw, passes));
                verdicts.push(solver::solve(&start, BUDGET).verdict);
            }
            // Winnable with k passes implies winnable with more.
            for (i, tighter) in verdicts.iter().enumerate() {
                for looser in &verdicts[i + 1..] {
                    if matches!(tighter, Verdict::Win(_)) {
                        assert!(
                            !matches!(looser, Verdict::Impossible),
                            "seed {seed} draw {draw}: {verdicts:?}"
                        );
                    }
                }
            }
        }
    }
}

/// A deal where nothing can ever be played: the seven face-up cards are red Kings, Queens,
/// Jacks and a Ten (they take nothing from each other), the black Queens, Jacks, Tens and Nines
/// and the Aces are face down, and the stock holds only cards that fit nowhere.
fn dead_deal() -> Deal {
    let c = |t: &str| t.parse::<Card>().unwrap();
    let tops = ["KH", "KD", "QH", "QD", "JH", "JD", "TH"].map(c);
    let mut buried: Vec<Card> = ["QC", "QS", "JC", "JS", "TC", "TS", "9C", "9S"]
        .map(c)
        .to_vec();
    buried.extend(Suit::ALL.map(|s| Card::new(Rank::Ace, s)));
    let used: HashSet<Card> = tops.iter().chain(&buried).copied().collect();
    let rest: Vec<Card> = Card::standard().filter(|c| !used.contains(c)).collect();
    // 21 face-down slots: the 12 buried cards and 9 of the rest; 24 of the rest in the stock.
    let mut down = buried;
    down.extend(&rest[..9]);
    let stock = &rest[9..];
    assert_eq!(stock.len(), 24);
    let mut cards = vec![Card::BLACK_JOKER; 52];
    let mut down = down.into_iter();
    for pile in 0..7 {
        for depth in 0..=pile {
            cards[Deal::tableau_index(pile, depth)] = if depth == pile {
                tops[pile]
            } else {
                down.next().unwrap()
            };
        }
    }
    cards[28..].copy_from_slice(stock);
    Deal::from_cards(&cards).unwrap()
}

#[test]
fn a_dead_deal_is_impossible_at_once() {
    for draw in [Draw::ONE, Draw::THREE] {
        let start = Klondike::new(&dead_deal(), Rules::draw(draw));
        let solution = solver::solve(&start, Budget::nodes(10));
        assert_eq!(solution.verdict, Verdict::Impossible, "draw {draw}");
        assert_eq!(solution.nodes, 0, "no step was worth trying");
        assert_eq!(solver::hint(&start, Budget::nodes(10)), Hint::NoWinningLine);
    }
}

/// A hand-made position with all 52 cards in one place: the stock, or pile 4 (face down but
/// the top card), bottom card first.
fn everything_in(stock: bool, cards: &[Card], rules: Rules) -> Klondike {
    let mut setup = Klondike::new(&Deal::from_seed(0), rules).to_setup();
    setup.tableau = [Pile::new(); 7];
    setup.face_down = [0; 7];
    setup.waste = Pile::new();
    setup.stock = Pile::new();
    let to = if stock {
        &mut setup.stock
    } else {
        setup.face_down[3] = 51;
        &mut setup.tableau[3]
    };
    for &card in cards {
        to.push(card);
    }
    Klondike::from_setup(&setup).unwrap()
}

#[test]
fn positions_beyond_any_deal_are_solved() {
    // 52 talon cards, or 51 face-down cards in one pile: far more than a deal has (and more
    // than a 64-bit key holds).
    let shuffled: Vec<Card> = Deal::from_seed(5).cards().to_vec();
    // With a single-card draw and unlimited passes every talon card is reachable at any
    // time, so the Aces go up, then the Twos, ...
    let start = everything_in(true, &shuffled, Rules::default());
    let Verdict::Win(line) = solver::solve(&start, BUDGET).verdict else {
        panic!("a full talon with draw 1 always wins");
    };
    assert_replays(&start, &line);
    // A pile that turns over in foundation order (Aces first) goes straight up.
    let mut ordered: Vec<Card> = Card::standard().collect();
    ordered.sort_by_key(|c| std::cmp::Reverse((c.rank().map(Rank::ace_low), c.suit())));
    let start = everything_in(false, &ordered, Rules::draw(Draw::THREE));
    let Verdict::Win(line) = solver::solve(&start, BUDGET).verdict else {
        panic!("a pile in foundation order wins");
    };
    assert_replays(&start, &line);
    assert_eq!(line.len(), 52);
    // Shuffled, with other rules: decided either way, and wins replay.
    for seed in 0..4 {
        let shuffled: Vec<Card> = Deal::from_seed(seed).cards().to_vec();
        for (stock, draw) in [(true, Draw::THREE), (false, Draw::ONE)] {
            let start = everything_in(stock, &shuffled, rules(draw, Some(2)));
            match solver::solve(&start, BUDGET).verdict {
                Verdict::Win(line) => assert_replays(&start, &line),
                Verdict::Impossible => {}
                Verdict::Unknown => panic!("seed {seed}: undecided"),
            }
        }
    }
}

#[test]
fn a_card_stuck_for_good_is_proved_lost_at_once() {
    // Seed 178's seventh pile is KH JD 8H 3C TC 8D 7C, bottom first: the 7C on top can never
    // leave, since the 3C it waits for to go up and both red 8s it could move onto lie under
    // it. Without looking for such cards the search needs 15.7 M boards (draw 1) to say so.
    for draw in [Draw::ONE, Draw::THREE] {
        let solution = solver::solve(&Klondike::from_seed(178, Rules::draw(draw)), BUDGET);
        assert_eq!(solution.verdict, Verdict::Impossible, "draw {draw}");
        assert_eq!(solution.nodes, 0);
    }
}

#[test]
fn parents_locked_on_the_foundations_leave_a_card_stuck() {
    // 7C lies on 3C; both red 8s are on the foundations. When foundation cards may come back,
    // an 8 can come down for the 7C, so the search has to look; when they may not, the 7C can
    // never leave and the deal is lost at once.
    let position = |foundation_to_tableau| {
        let p = |text: &str| text.parse::<Pile>().unwrap();
        let mut tableau = [Pile::new(); 7];
        tableau[0] = p("3C 7C");
        let foundations = [0, 8, 8, 0];
        let mut stock = Pile::new();
        for card in Card::standard() {
            let on_foundation = card
                .suit()
                .zip(card.rank())
                .is_some_and(|(s, r)| r.ace_low() <= foundations[s.index()]);
            if !on_foundation && !tableau[0].contains(&card) {
                stock.push(card);
            }
        }
        hand_made(&tableau, stock, foundations, foundation_to_tableau)
    };
    let locked = solver::solve(&position(false), BUDGET);
    assert_eq!((locked.verdict, locked.nodes), (Verdict::Impossible, 0));
    assert!(solver::solve(&position(true), BUDGET).nodes > 0);
}

#[test]
fn hints_follow_a_winning_line_to_the_end() {
    // Playing hint after hint wins (it never goes round in circles), with either draw.
    for draw in [Draw::ONE, Draw::THREE] {
        let found = solver::deal_winnable(5, draw, PassLimit::UNLIMITED).unwrap();
        let mut position = Klondike::new(&found.deal, Rules::draw(draw));
        for _ in 0..600 {
            match solver::hint(&position, BUDGET) {
                Hint::Move(mv) => {
                    position.play(mv).unwrap();
                }
                Hint::Won => break,
                other => panic!("a winnable position got {other:?}"),
            }
        }
        assert!(position.is_won(), "draw {draw}");
    }
}

#[test]
fn deal_winnable_is_deterministic_and_winnable() {
    for draw in [Draw::ONE, Draw::THREE] {
        for seed in [0, 1, 2] {
            let a = solver::deal_winnable(seed, draw, PassLimit::passes(2).unwrap()).unwrap();
            assert_eq!(
                solver::deal_winnable(seed, draw, PassLimit::passes(2).unwrap()),
                Some(a.clone())
            );
            assert_eq!(a.deal, Deal::from_seed(a.seed));
            assert_replays(&Klondike::new(&a.deal, rules(draw, Some(2))), &a.line);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force on small positions.

/// A small position: most cards already on the foundations, a few in play (some face down,
/// some in the talon), built from a seed.
fn small_position(seed: u64, draw: Draw, passes: Option<u8>, in_play: usize) -> Klondike {
    // Take the cards of the highest ranks in a seeded order: the foundations hold the rest.
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    // Foundation heights: remove `in_play` cards from the tops of the suits.
    let mut heights = [13u8; 4];
    let mut cards = Vec::new();
    while cards.len() < in_play {
        let s = next(4);
        if heights[s] > 0 {
            cards.push(Card::new(
                Rank::from_ace_low(heights[s]).unwrap(),
                Suit::from_index(s).unwrap(),
            ));
            heights[s] -= 1;
        }
    }
    // Shuffle the cards in play.
    for i in (1..cards.len()).rev() {
        cards.swap(i, next(i + 1));
    }
    let mut tableau = [Pile::new(); 7];
    let mut face_down = [0u8; 7];
    let mut stock = Pile::new();
    let piles = 2 + next(3);
    for card in cards {
        let pile = next(piles + 2);
        if pile < piles {
            tableau[pile].push(card);
        } else {
            stock.push(card);
        }
    }
    // Everything but the top of each pile face down, except runs that happen to fit.
    for (i, pile) in tableau.iter().enumerate() {
        if !pile.is_empty() {
            let mut down = pile.len() - 1;
            while down > 0 && klondike::fits_on(pile[down], pile[down - 1]) {
                down -= 1;
            }
            face_down[i] = down as u8;
        }
    }
    // Foundation cards coming back would put nearly the whole deck in play, out of the brute
    // force's reach: they are off here and tested on their own below.
    let setup = Setup {
        tableau,
        face_down,
        stock,
        waste: Pile::new(),
        foundations: heights,
        rules: Rules {
            foundation_to_tableau: false,
            ..rules(draw, passes)
        },
        pass: 1,
        score: 0,
    };
    Klondike::from_setup(&setup).unwrap()
}

/// The key of a position for the brute force: everything but the score (and the pass number
/// when passes are unlimited).
fn brute_key(position: &Klondike) -> String {
    let mut text = position.to_string();
    if let Some(i) = text.find("| pass") {
        let end = text[i..].find('\n').map_or(text.len(), |j| i + j);
        text.replace_range(i..end, "");
    }
    let pass = if position.rules().effective_pass_limit().get().is_some() {
        position.pass()
    } else {
        0
    };
    format!(
        "{text}|{:?}|{:?}|{pass}",
        position.stock(),
        position.waste()
    )
}

/// Whether any sequence of legal public moves wins: an exhaustive search of every reachable
/// position through `legal_moves` and `play`, nothing pruned. `None` when the position has
/// more than 100,000 reachable positions (too big to settle here).
fn brute_force(start: &Klondike) -> Option<bool> {
    let mut seen = HashSet::new();
    let mut stack = vec![*start];
    seen.insert(brute_key(start));
    let mut moves = MoveList::new();
    while let Some(position) = stack.pop() {
        if position.is_won() {
            return Some(true);
        }
        position.legal_moves(&mut moves);
        for &mv in &moves {
            let mut next = position;
            next.play(mv).unwrap();
            if seen.insert(brute_key(&next)) {
                stack.push(next);
            }
        }
        if seen.len() > 100_000 {
            return None;
        }
    }
    Some(false)
}

#[test]
fn verdicts_equal_brute_force_on_small_positions() {
    let mut counts = [0; 2];
    for seed in 0..200u64 {
        let draw = if seed % 3 == 0 {
            Draw::THREE
        } else {
            Draw::ONE
        };
        let passes = match seed % 4 {
            0 => None,
            1 => Some(1),
            2 => Some(2),
            _ => Some(3),
        };
        let in_play = 8 + (seed % 6) as usize;
        let start = small_position(seed, draw, passes, in_play);
        let Some(truth) = brute_force(&start) else {
            continue;
        };
        let verdict = solver::solve(&start, Budget::UNLIMITED).verdict;
        match &verdict {
            Verdict::Win(line) => {
                assert!(truth, "seed {seed}: solver wins a lost position\n{start}");
                assert_replays(&start, line);
            }
            Verdict::Impossible => {
                assert!(
                    !truth,
                    "seed {seed}: solver says impossible, brute force wins\n{start}"
                );
            }
            Verdict::Unknown => panic!("unlimited budget gave unknown"),
        }
        counts[usize::from(truth)] += 1;
    }
    // Both answers must occur, often, or the test proves little.
    assert!(counts[0] >= 10 && counts[1] >= 50, "{counts:?}");
}

/// A position won only by bringing a card back from a foundation: 7C sits on 6C and needs a
/// red 8, but both are on the foundations; 8H comes down onto 9C, 7C goes onto it, 6C turns
/// over and everything goes up.
fn needs_foundation_card(foundation_to_tableau: bool) -> Klondike {
    let p = |text: &str| text.parse::<Pile>().unwrap();
    let mut tableau = [Pile::new(); 7];
    tableau[0] = p("6C 7C");
    tableau[1] = p("9C");
    let stock = p("8C TC JC QC KC 9H TH JH QH KH");
    hand_made(&tableau, stock, [5, 13, 8, 13], foundation_to_tableau)
}

/// A hand-made position (draw 1, unlimited passes): `tableau` with the bottom card of pile 1
/// face down, `stock`, and foundations of the heights given by suit index.
fn hand_made(
    tableau: &[Pile; 7],
    stock: Pile,
    foundations: [u8; 4],
    foundation_to_tableau: bool,
) -> Klondike {
    let setup = Setup {
        tableau: *tableau,
        face_down: [1, 0, 0, 0, 0, 0, 0],
        stock,
        waste: Pile::new(),
        foundations,
        rules: Rules {
            foundation_to_tableau,
            ..Rules::default()
        },
        pass: 1,
        score: 0,
    };
    Klondike::from_setup(&setup).unwrap()
}

#[test]
fn foundation_cards_coming_back_are_searched() {
    let start = needs_foundation_card(true);
    let Verdict::Win(line) = solver::solve(&start, Budget::UNLIMITED).verdict else {
        panic!("the foundation move was not found");
    };
    assert!(
        line.iter()
            .any(|mv| matches!(mv, Move::FoundationToPile { .. }))
    );
    assert_replays(&start, &line);
    let locked = needs_foundation_card(false);
    assert_eq!(
        solver::solve(&locked, Budget::UNLIMITED).verdict,
        Verdict::Impossible
    );
    assert_eq!(brute_force(&locked), Some(false));
}

// ---------------------------------------------------------------------------------------------
// Winnability runs (slow: release only, ignored by default).

/// Solves seeds `0..deals` (budget `SOLVER_NODES` boards each, unlimited by default; every
/// deal printed with `SOLVER_VERBOSE`), prints the winnability with its 95% interval, and
/// returns the fraction won and its standard error.
#[allow(clippy::cast_precision_loss, reason = "deal counts are small")]
fn winnability(draw: Draw, deals: u64) -> (f64, f64) {
    let budget = std::env::var("SOLVER_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(Budget::UNLIMITED, Budget::nodes);
    let verbose = std::env::var_os("SOLVER_VERBOSE").is_some();
    let seeds: Vec<u64> = (0..deals).collect();
    let entries = solver::survey(&seeds, Rules::draw(draw), budget, 1);
    if verbose {
        for entry in &entries {
            println!(
                "{} {} {} {:?}",
                entry.seed, entry.verdict, entry.nodes, entry.elapsed
            );
        }
    }
    let wins = entries
        .iter()
        .filter(|e| matches!(e.verdict, Verdict::Win(_)))
        .count();
    let unknown = entries
        .iter()
        .filter(|e| e.verdict == Verdict::Unknown)
        .count();
    let n = deals as f64;
    let p = wins as f64 / n;
    let se = (p * (1.0 - p) / n).sqrt();
    let mut times: Vec<_> = entries.iter().map(|e| e.elapsed).collect();
    times.sort();
    println!(
        "draw {draw}: {wins}/{deals} won = {:.2}% ± {:.2}% (95%), {unknown} unknown, median {:?}, max {:?}",
        100.0 * p,
        100.0 * 1.96 * se,
        times[times.len() / 2],
        times[times.len() - 1]
    );
    assert_eq!(unknown, 0, "every deal is decided without a budget");
    (p, se)
}

/// Asserts that a winnability estimate agrees with a published one (`published ± half`, a
/// 95% interval) at the 99% level: the difference is within 2.58 standard errors of both.
fn agrees((p, se): (f64, f64), published: f64, half: f64) {
    let combined = (se * se + (half / 1.96).powi(2)).sqrt();
    assert!(
        (p - published).abs() <= 2.58 * combined,
        "{:.2}% is not consistent with the published {:.2}% ± {half:.2}%",
        100.0 * p,
        100.0 * published
    );
}

#[test]
#[ignore = "minutes in release: 10,000 deals"]
fn winnability_draw_one() {
    // Published: 90.48% ± 0.12% (as quoted in issue 4).
    agrees(winnability(Draw::ONE, 10_000), 0.9048, 0.0012);
}

#[test]
#[ignore = "minutes in release: 10,000 deals"]
fn winnability_draw_three() {
    // Published: 81.95% ± 0.08% (as quoted in issue 4; Blake and Gent's Solvitaire figure).
    agrees(winnability(Draw::THREE, 10_000), 0.8195, 0.0008);
}

#[test]
#[ignore = "release only: 200 deals per draw, the benchmark set"]
fn survey_200() {
    for draw in [Draw::ONE, Draw::THREE] {
        winnability(draw, 200);
    }
}

#[test]
fn a_memory_budget_bounds_the_search_and_peak_memory_is_reported() {
    // The first draw-3 deal whose search holds at least 4 MB without a memory limit.
    let budget = Budget::nodes(3_000_000);
    let (position, unbounded) = (0..60)
        .map(|seed| Klondike::from_seed(seed, Rules::draw(Draw::THREE)))
        .map(|position| (position, solver::solve(&position, budget)))
        .find(|(_, solution)| solution.peak_bytes >= 4 << 20)
        .expect("a deal that needs a few megabytes");
    assert!(
        unbounded.peak_bytes >= unbounded.states * 8,
        "the tables are counted"
    );
    let memory = unbounded.peak_bytes / 2;
    let bounded = solver::solve(&position, budget.with_memory(memory));
    assert_eq!(bounded.verdict, Verdict::Unknown, "{unbounded:?}");
    assert!(
        bounded.peak_bytes <= memory + (1 << 20),
        "held {} bytes under a budget of {memory}",
        bounded.peak_bytes
    );
    // With room enough, the memory budget changes nothing.
    let roomy = solver::solve(&position, budget.with_memory(unbounded.peak_bytes * 2));
    assert_eq!(roomy.verdict, unbounded.verdict);
    assert_eq!(roomy.nodes, unbounded.nodes);
}
