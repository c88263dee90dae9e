use std::collections::HashSet;

use cards_core::{Card, Suit};

use super::board::{self, Board, Layout, Play, encode};
use super::realize::Line;
use super::talon::MAX_TALON;
use super::*;
use crate::Setup;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn card_bytes() {
    let c = |text| encode(card(text));
    assert!(board::fits(c("9H"), c("TS")));
    assert!(!board::fits(c("9D"), c("TH")));
    assert!(!board::fits(c("8C"), c("TH")));
    assert_eq!(board::twin(c("8C")), c("8S"));
    assert_eq!(board::twin(c("QH")), c("QD"));
    assert_eq!(board::rank(c("KD")), 13);
    assert_eq!(board::suit(c("KD")), Suit::Diamonds.index());
}

/// The card numbers (from 0) the talon can bring to the waste's top, with their recycle flags.
fn reachable(position: &Klondike) -> Vec<(u8, bool)> {
    let (_, board) = Board::new(position);
    let mut out = [(0, false); MAX_TALON];
    let n = board.talon.reachable(&mut out);
    out[..n].to_vec()
}

#[test]
fn talon_reaches_the_tops_of_draw_groups() {
    // Draw 3, 24 talon cards, nothing turned yet: the tops after 1, 2, … 8 turns.
    let start = Klondike::from_seed(1, Rules::draw(Draw::THREE));
    let expected: Vec<(u8, bool)> = (1..=8).map(|k| (k * 3 - 1, false)).collect();
    assert_eq!(reachable(&start), expected);
    // After two turns (waste 6): the waste's top, the current pass 8, 11, …, 23, and a
    // recycle reaches 2 (5 is the waste's top already).
    let mut position = start;
    position.play(Move::Stock).unwrap();
    position.play(Move::Stock).unwrap();
    let got = reachable(&position);
    assert_eq!(got[0], (5, false));
    assert!(got.contains(&(2, true)));
    assert!(!got.contains(&(5, true)));
    assert_eq!(got.len(), 8);
    // Draw 1 with no recycle left: only the waste's top and the stock.
    let rules = Rules {
        pass_limit: PassLimit::passes(1).unwrap(),
        ..Rules::default()
    };
    let mut position = Klondike::from_seed(1, rules);
    for _ in 0..3 {
        position.play(Move::Stock).unwrap();
    }
    let got = reachable(&position);
    assert_eq!(got.len(), 22);
    assert!(got.iter().all(|&(number, recycle)| number >= 2 && !recycle));
}

/// Draw 1 for even seeds, draw 3 for odd ones.
fn alternate_draw(seed: u64) -> Draw {
    if seed.is_multiple_of(2) {
        Draw::ONE
    } else {
        Draw::THREE
    }
}

/// Plays up to `plies` plays of the solver's generator from `start`, each picked from its list
/// by a step of `seed`, and each realized as public moves at once (panicking if one is not
/// realizable); `after` sees the position, the layout, the board and the play after each.
/// Returns the last position.
fn random_plays(
    start: &Klondike,
    seed: u64,
    plies: u64,
    mut after: impl FnMut(&Klondike, &Layout, &Board, Play),
) -> Klondike {
    let (layout, mut board) = Board::new(start);
    let mut line = Line::new(start);
    let mut plays = Vec::new();
    for ply in 0..plies {
        board.plays(&layout, &mut plays);
        if plays.is_empty() || board.is_won() {
            break;
        }
        let play = plays[((seed * 31 + ply * 7) % plays.len() as u64) as usize];
        line.realize(&layout, play)
            .unwrap_or_else(|| panic!("seed {seed} ply {ply}: {play:?} not realizable"));
        board.apply(&layout, play);
        after(&line.position, &layout, &board, play);
    }
    line.position
}

#[test]
fn realized_plays_reach_the_same_board() {
    // Random plays from many deals and rules: the position after a play's public moves has
    // the board the play led to (same foundations, structure, visible and surface cards, and
    // talon cards in the same order), so every play is realizable, as the exactness argument
    // says.
    let mut checked = 0;
    for seed in 0..80u64 {
        let rules = Rules {
            draw: alternate_draw(seed),
            pass_limit: PassLimit::passes((seed % 3) as u8 * 2).unwrap_or(PassLimit::UNLIMITED),
            ..Rules::default()
        };
        let start = Klondike::from_seed(seed, rules);
        random_plays(&start, seed, 120, |position, layout, board, play| {
            let (real_layout, real) = Board::new(position);
            assert_eq!(
                board.summary(layout),
                real.summary(&real_layout),
                "seed {seed} {play:?}"
            );
            checked += 1;
        });
    }
    assert!(checked > 2_000, "only {checked} plays checked");
}

#[test]
fn safe_rule() {
    // Foundation heights by suit index: clubs, diamonds, hearts, spades.
    let safe = |found, text| board::is_safe(found, encode(card(text)));
    assert!(safe([0; 4], "AS"), "aces are always safe");
    assert!(!safe([0; 4], "2S"), "does not fit yet");
    assert!(safe([1, 0, 0, 1], "2C"), "twos are always safe");
    // Clubs to 3, diamonds to 1, hearts to 3, spades to 1.
    let found = [3, 1, 3, 1];
    assert!(!safe(found, "4C"), "3D is in play and so is 2D under it");
    assert!(!safe(found, "4H"), "3S is in play and so is 2S under it");
    assert!(safe(found, "2D") && safe(found, "2S"));
    // Diamonds to 2: 4C is safe (3D and 2S may be in play, with the cards under them up).
    let found = [3, 2, 3, 1];
    assert!(safe(found, "4C"));
    assert!(!safe(found, "4H"), "2S is in play");
    assert!(safe(found, "3D"));
    // Where the tighter rule of sessions 1 to 7 said no: 4D and 4H are still in play.
    assert!(safe([4, 3, 3, 2], "5C"));
    assert!(!safe([4, 2, 3, 2], "5C"), "3D is in play under 4D");
}

#[test]
fn won_position_needs_no_moves() {
    let setup = Setup::won();
    let position = Klondike::from_setup(&setup).unwrap();
    assert_eq!(
        solve(&position, Budget::nodes(10)).verdict,
        Verdict::Win(vec![])
    );
    assert_eq!(hint(&position, Budget::UNLIMITED), Hint::Won);
}

#[test]
fn verdict_words() {
    assert_eq!(Verdict::Win(vec![]).to_string(), "win");
    assert_eq!(Verdict::Impossible.to_string(), "impossible");
    assert_eq!(Verdict::Unknown.word(), "unknown");
    assert_eq!(Hint::NoWinningLine.to_string(), "no winning line left");
    assert_eq!(Hint::Move(Move::Stock).to_string(), "stock");
}

#[test]
fn candidate_seeds_start_with_the_seed() {
    assert_eq!(candidate_seed(42, 0), 42);
    assert_ne!(candidate_seed(42, 1), candidate_seed(42, 2));
}

#[test]
fn a_lost_deal_is_proved_lost() {
    // Draw 3 seed 2: no line wins (the search exhausts its boards).
    let start = Klondike::from_seed(2, Rules::draw(Draw::THREE));
    let solution = solve(&start, Budget::UNLIMITED);
    assert_eq!(solution.verdict, Verdict::Impossible);
    assert!(solution.states > 1 && solution.nodes >= solution.states - 1);
}

#[test]
fn the_key_tells_boards_apart() {
    let start = Klondike::from_seed(3, Rules::draw(Draw::THREE));
    let (layout, board) = Board::new(&start);
    let mut plays = Vec::new();
    board.plays(&layout, &mut plays);
    let keys: HashSet<u128> = plays
        .iter()
        .map(|&play| {
            let mut child = board;
            child.apply(&layout, play);
            layout.key(&child)
        })
        .chain([layout.key(&board)])
        .collect();
    assert_eq!(keys.len(), plays.len() + 1);
    // Draw 1 with unlimited passes: where the waste ends does not matter.
    let start = Klondike::from_seed(3, Rules::default());
    let mut turned = start;
    turned.play(Move::Stock).unwrap();
    let key = |position: &Klondike| {
        let (layout, board) = Board::new(position);
        layout.key(&board)
    };
    assert_eq!(key(&start), key(&turned));
    // Draw 3 with unlimited passes: a waste of three cards plays as a full stock, but the
    // waste's end matters with a pass limit.
    let three = Klondike::from_seed(3, Rules::draw(Draw::THREE));
    let mut three_turned = three;
    three_turned.play(Move::Stock).unwrap();
    assert_eq!(key(&three), key(&three_turned));
    let limited = Rules {
        pass_limit: PassLimit::passes(3).unwrap(),
        ..Rules::draw(Draw::THREE)
    };
    let three = Klondike::from_seed(3, limited);
    let mut three_turned = three;
    three_turned.play(Move::Stock).unwrap();
    assert_ne!(key(&three), key(&three_turned));
}

#[test]
fn a_draw_three_waste_of_whole_turns_plays_as_a_full_stock() {
    // Boards that differ only there share a key, and the solver's verdicts stay those of the
    // public positions (checked on the deals below against the position after a turn).
    for seed in 0..20 {
        let start = Klondike::from_seed(seed, Rules::draw(Draw::THREE));
        let mut turned = start;
        turned.play(Move::Stock).unwrap();
        let budget = Budget::nodes(200_000);
        let (a, b) = (
            solve(&start, budget).verdict,
            solve(&turned, budget).verdict,
        );
        if a != Verdict::Unknown && b != Verdict::Unknown {
            assert_eq!(a.word(), b.word(), "seed {seed}");
        }
    }
}

/// Whether the relaxed game (one card at a time, unlimited passes) is lost from `position`.
fn relaxed_lost(position: &Klondike) -> bool {
    let (layout, board) = Board::new(position);
    let (layout, board) = board
        .relaxed(&layout)
        .expect("rules tighter than the relaxed ones");
    let mut search = search::Search::default();
    search.start(&layout, board, 0);
    matches!(
        search.resume(&layout, u64::MAX, None),
        search::Progress::Exhausted
    )
}

#[test]
fn the_relaxed_game_proves_deals_lost() {
    // Draw 3 seed 33 is lost, and so is its relaxed game: that search decides it.
    assert!(relaxed_lost(&Klondike::from_seed(
        33,
        Rules::draw(Draw::THREE)
    )));
    assert_eq!(
        solve(
            &Klondike::from_seed(33, Rules::draw(Draw::THREE)),
            Budget::UNLIMITED
        )
        .verdict,
        Verdict::Impossible
    );
}

#[test]
fn the_relaxed_game_never_calls_a_won_position_lost() {
    // Positions along winning lines (draw 3, or draw 1 with one pass) are winnable, so the
    // relaxed game, which allows more, must never be lost from them.
    let mut checked = 0;
    for seed in 0..20 {
        for rules in [
            Rules::draw(Draw::THREE),
            Rules {
                pass_limit: PassLimit::passes(1).unwrap(),
                ..Rules::default()
            },
        ] {
            let start = Klondike::from_seed(seed, rules);
            let Verdict::Win(line) = solve(&start, Budget::nodes(200_000)).verdict else {
                continue;
            };
            let mut position = start;
            for (ply, &mv) in line.iter().enumerate() {
                if ply % 10 == 0 && position.stock().len() + position.waste().len() > 1 {
                    assert!(!relaxed_lost(&position), "seed {seed} ply {ply}");
                    checked += 1;
                }
                position.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn luby_sequence() {
    let terms: Vec<u64> = (1..=15).map(search::luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

/// Whether some line of board plays wins from `root`, trying every play the board's rules
/// allow ([`Board::every_play`]: no dominance, no waiting). `None` past `cap` boards.
fn naive_wins(layout: &Layout, root: Board, cap: usize) -> Option<bool> {
    let mut seen = HashSet::from([layout.key(&root)]);
    let mut stack = vec![root];
    let mut plays = Vec::new();
    while let Some(board) = stack.pop() {
        if board.is_won() {
            return Some(true);
        }
        board.every_play(layout, &mut plays);
        for &play in &plays {
            let mut child = board;
            child.apply(layout, play);
            if seen.insert(layout.key(&child)) {
                stack.push(child);
            }
        }
        if seen.len() > cap {
            return None;
        }
    }
    Some(false)
}

#[test]
fn verdicts_equal_the_naive_board_search_in_mid_game() {
    // Positions from many deals (draw 1 or 3, foundation cards coming back or not, unlimited
    // passes or two): part of the way along a winning line, then a few random plays (or only
    // random plays, when no line is found): the solver, with its dominance and waiting rules,
    // decides each exactly as a search that tries every board play. This checks the safe
    // rule ([`board::is_safe`]) and the waiting rules also where the public brute force of
    // `tests/solver.rs` cannot reach (foundation cards coming back).
    let mut counts = [0; 2];
    for seed in 0..400u64 {
        let rules = Rules {
            draw: alternate_draw(seed),
            foundation_to_tableau: seed % 4 < 2,
            pass_limit: if seed % 8 < 4 {
                PassLimit::UNLIMITED
            } else {
                PassLimit::passes(2).unwrap()
            },
            ..Rules::default()
        };
        let mut position = Klondike::from_seed(seed, rules);
        let mut random = 40 + seed % 40;
        if let Verdict::Win(line) = solve(&position, Budget::nodes(100_000)).verdict {
            for &mv in &line[..line.len() * (3 + seed as usize % 5) / 8] {
                position.play(mv).unwrap();
            }
            random = seed / 8 % 4;
        }
        let position = random_plays(&position, seed, random, |_, _, _, _| {});
        let (layout, root) = Board::new(&position);
        let Some(truth) = naive_wins(&layout, root, 20_000) else {
            continue;
        };
        let verdict = solve(&position, Budget::UNLIMITED).verdict;
        assert_eq!(
            verdict != Verdict::Impossible,
            truth,
            "seed {seed}: solver {verdict}, naive search {truth}\n{position}"
        );
        counts[usize::from(truth)] += 1;
    }
    // Both answers must occur, often, or the test proves little.
    assert!(counts[0] >= 100 && counts[1] >= 150, "{counts:?}");
}
