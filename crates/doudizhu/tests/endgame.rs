//! The endgame solver: hand-worked puzzles, a naive minimax over the real rules engine on
//! small random endgames, the winning play actually winning, and refused positions.

use cards_core::{BySeat, CardSet};
use doudizhu::{
    Combo, Counts, Deal, Endgame, EndgameError, EndgameSolver, Kind, Move, Play, Rank, RuleSet,
    Seat, Settings, Setup, State, legal_leads, legal_responses,
};

fn counts(text: &str) -> Counts {
    text.parse().unwrap()
}

fn play(text: &str) -> Play {
    text.parse().unwrap()
}

struct Puzzle {
    line: usize,
    endgame: Endgame,
    wins: bool,
    only: Option<String>,
}

fn puzzles() -> Vec<Puzzle> {
    let text = include_str!("data/endgames.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let hands: Vec<Counts> = fields[0].split('|').map(|h| counts(h.trim())).collect();
        let mut all = [Counts::EMPTY; 3];
        all[..hands.len()].copy_from_slice(&hands);
        let trick = match fields[3] {
            "-" => None,
            t => {
                let (owner, text) = t.split_once(':').unwrap();
                Some((owner.parse().unwrap(), play(text).combo))
            }
        };
        out.push(Puzzle {
            line: i + 1,
            endgame: Endgame {
                hands: all,
                seats: hands.len(),
                landlord: fields[1].parse().unwrap(),
                to_move: fields[2].parse().unwrap(),
                trick,
            },
            wins: fields[4] == "win",
            only: match fields[5] {
                "*" | "-" => None,
                text => Some(text.to_owned()),
            },
        });
    }
    out
}

#[test]
fn hand_worked_puzzles_are_solved_with_their_only_winning_play() {
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let puzzles = puzzles();
    assert_eq!(puzzles.len(), 9);
    for p in puzzles {
        let solution = solver.solve(&p.endgame).unwrap();
        assert_eq!(solution.wins, p.wins, "line {}", p.line);
        assert_eq!(solution.play.is_some(), p.wins, "line {}", p.line);
        if let Some(only) = &p.only {
            assert_eq!(solution.play.unwrap().to_string(), *only, "line {}", p.line);
        }
    }
}

/// Cards for each hand's ranks, suits taken in order so the hands never share a card.
fn cards(hands: [Counts; 3]) -> BySeat<CardSet, 3> {
    let mut used = CardSet::EMPTY;
    BySeat::from_fn(|seat: Seat| {
        let mut hand = CardSet::EMPTY;
        for (rank, n) in hands[seat.index()].iter() {
            let cards: CardSet = (rank.cards() - used).iter().take(n as usize).collect();
            used |= cards;
            hand |= cards;
        }
        hand
    })
}

/// The full rules engine at three seats, every move tried, no table: whether the landlord
/// wins.
fn naive_three(state: &State) -> bool {
    if let Some(result) = state.settlement() {
        return result.landlord_won;
    }
    let landlord_moves = Some(state.to_move()) == state.landlord();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut outcomes = moves.into_iter().map(|mv| {
        let mut next = *state;
        next.play(mv).unwrap();
        naive_three(&next)
    });
    if landlord_moves {
        outcomes.any(|w| w)
    } else {
        outcomes.all(|w| w)
    }
}

/// One against one, every move tried, no table: whether seat 0 wins.
fn naive_two(hands: [Counts; 2], to_move: usize, trick: Option<(usize, Combo)>) -> bool {
    let mut plays = Vec::new();
    match trick {
        None => legal_leads(hands[to_move], &RuleSet::DEFAULT, &mut plays),
        Some((_, combo)) => legal_responses(hands[to_move], combo, &RuleSet::DEFAULT, &mut plays),
    }
    let mut outcomes: Vec<bool> = plays
        .iter()
        .map(|p| {
            let mut next = hands;
            next[to_move] = next[to_move].minus(p.counts).unwrap();
            if next[to_move].is_empty() {
                to_move == 0
            } else {
                naive_two(next, 1 - to_move, Some((to_move, p.combo)))
            }
        })
        .collect();
    if trick.is_some() {
        outcomes.push(naive_two(hands, 1 - to_move, None));
    }
    if to_move == 0 {
        outcomes.contains(&true)
    } else {
        outcomes.iter().all(|&w| w)
    }
}

fn random_hands(rng: &mut impl rand::Rng, sizes: &[usize]) -> [Counts; 3] {
    let deal = Deal::shuffled(rng);
    let mut deck: Vec<cards_core::Card> = (deal.hands.as_array()[0]
        | deal.hands.as_array()[1]
        | deal.hands.as_array()[2]
        | deal.bottom)
        .iter()
        .collect();
    cards_core::shuffle(&mut deck, rng);
    let mut hands = [Counts::EMPTY; 3];
    let mut at = 0;
    for (seat, &n) in sizes.iter().enumerate() {
        hands[seat] = Counts::from_cards(deck[at..at + n].iter().copied().collect());
        at += n;
    }
    hands
}

#[test]
fn two_seat_endgames_match_a_naive_minimax() {
    let mut rng = cards_core::seeded_rng(19);
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let mut wins = 0;
    for round in 0..150 {
        let hands = random_hands(&mut rng, &[5, 5]);
        let to_move = round % 2;
        let endgame = Endgame::two([hands[0], hands[1]], to_move);
        let solution = solver.solve(&endgame).unwrap();
        let seat0 = naive_two([hands[0], hands[1]], to_move, None);
        assert_eq!(
            solution.wins,
            seat0 == (to_move == 0),
            "{hands:?} {to_move}"
        );
        wins += usize::from(solution.wins);
    }
    // Both answers occur, so the comparison is not trivially one-sided.
    assert!(wins > 10 && wins < 140, "{wins}");
}

#[test]
fn three_seat_endgames_match_a_naive_minimax_over_the_rules_engine() {
    let mut rng = cards_core::seeded_rng(20);
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let mut landlord_wins = 0;
    for round in 0..60 {
        let hands = random_hands(&mut rng, &[4, 3, 3]);
        let to_move = Seat::ALL[round % 3];
        let state = State::from_setup(Setup {
            settings: Settings::default(),
            hands: cards(hands),
            bottom: CardSet::EMPTY,
            landlord: Seat::ALL[0],
            base: 1,
            to_move,
            trick: None,
            bombs: 0,
            plays: BySeat::from_fn(|_| 1),
        })
        .unwrap();
        let endgame = Endgame::from_state(&state);
        let solution = solver.solve(&endgame).unwrap();
        let landlord = naive_three(&state);
        let mover_is_landlord = to_move == Seat::ALL[0];
        assert_eq!(solution.wins, landlord == mover_is_landlord, "{hands:?}");
        landlord_wins += usize::from(landlord);
    }
    assert!(landlord_wins > 5 && landlord_wins < 55, "{landlord_wins}");
}

#[test]
fn the_winning_play_leaves_the_other_side_lost() {
    let mut rng = cards_core::seeded_rng(21);
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let mut checked = 0;
    for round in 0..100 {
        let hands = random_hands(&mut rng, &[6, 6]);
        let endgame = Endgame::two([hands[0], hands[1]], round % 2);
        let solution = solver.solve(&endgame).unwrap();
        let Some(mv) = solution.play else { continue };
        let Move::Play(p) = mv else {
            panic!("a lead is never a pass")
        };
        if p.counts == endgame.hands[endgame.to_move] {
            continue;
        }
        let reply = solver.solve(&endgame.after(mv)).unwrap();
        assert!(!reply.wins, "{endgame:?} {mv}");
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn ten_against_ten_is_decided() {
    // A full 10 + 10 endgame, the size the benchmark times.
    let mut rng = cards_core::seeded_rng(22);
    let hands = random_hands(&mut rng, &[10, 10]);
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let endgame = Endgame::two([hands[0], hands[1]], 0);
    let first = solver.solve(&endgame).unwrap();
    assert!(solver.nodes() > 0);
    // A fresh solver agrees, and the answer is stable with the table warm.
    assert_eq!(
        EndgameSolver::new(RuleSet::DEFAULT).solve(&endgame),
        Ok(first)
    );
    assert_eq!(solver.solve(&endgame), Ok(first));
}

#[test]
fn a_node_budget_gives_up_with_a_typed_error() {
    let mut rng = cards_core::seeded_rng(23);
    let hands = random_hands(&mut rng, &[10, 10]);
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    solver.set_budget(3);
    let endgame = Endgame::two([hands[0], hands[1]], 0);
    assert_eq!(solver.solve(&endgame), Err(EndgameError::Budget(3)));
}

#[test]
fn malformed_endgames_are_refused_with_the_reason() {
    let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
    let good = Endgame::two([counts("34"), counts("5")], 0);
    let pair = Combo::new(Kind::Pair, Rank::Nine);
    let cases = [
        (Endgame { seats: 4, ..good }, EndgameError::Seats(4)),
        (
            Endgame { to_move: 2, ..good },
            EndgameError::NoSuchSeat(2, 2),
        ),
        (
            Endgame {
                hands: [counts("34"), Counts::EMPTY, Counts::EMPTY],
                ..good
            },
            EndgameError::EmptyHand(1),
        ),
        (
            Endgame {
                hands: [counts("34"), counts("5"), counts("6")],
                ..good
            },
            EndgameError::ThirdHand,
        ),
        (
            Endgame {
                hands: [counts("3333"), counts("3"), Counts::EMPTY],
                ..good
            },
            EndgameError::TooManyCards,
        ),
        (
            Endgame {
                trick: Some((0, pair)),
                ..good
            },
            EndgameError::TrickOwnerToMove,
        ),
    ];
    for (endgame, error) in cases {
        assert_eq!(solver.solve(&endgame), Err(error));
        assert!(!error.to_string().is_empty());
    }
}
