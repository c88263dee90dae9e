//! Invariants under random seeds, random rules and random legal play: cards are conserved,
//! face-down cards never move, the fast move generator equals a naive one, illegal moves change
//! nothing, the score equals an independent recomputation from the history, and undo/redo
//! restore every position exactly.

use cards_core::{CardSet, Suit};
use klondike::{
    AutoMove, Draw, Game, Klondike, Move, MoveList, Options, PassLimit, Rules, Scoring, Setup,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// Every syntactically possible move (pile indices in range).
fn all_moves() -> Vec<Move> {
    let mut moves = vec![Move::Stock, Move::Recycle, Move::WasteToFoundation];
    for p in 0..7 {
        moves.push(Move::WasteToPile(p));
        moves.push(Move::PileToFoundation(p));
        for suit in Suit::ALL {
            moves.push(Move::FoundationToPile { suit, to: p });
        }
        for to in 0..7 {
            for count in 0..=13 {
                moves.push(Move::PileToPile { from: p, count, to });
            }
        }
    }
    moves
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(1u8), Just(3u8), 1u8..=24],
        0u8..=4,
        prop_oneof![
            Just(Scoring::Standard),
            Just(Scoring::Vegas),
            Just(Scoring::None)
        ],
        any::<bool>(),
    )
        .prop_map(|(draw, passes, scoring, foundation_to_tableau)| Rules {
            draw: Draw::new(draw).unwrap(),
            pass_limit: PassLimit::passes(passes).unwrap_or(PassLimit::UNLIMITED),
            scoring,
            foundation_to_tableau,
        })
}

fn check_conservation(position: &Klondike) {
    let zones = position.zones();
    let total: usize = zones.iter().map(|z| z.len()).sum();
    let union = zones.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    assert_eq!(total, 52, "{position}");
    assert_eq!(union, CardSet::STANDARD, "{position}");
    let setup: Setup = position.to_setup();
    assert_eq!(
        Klondike::from_setup(&setup).as_ref(),
        Ok(position),
        "setup round trip"
    );
}

fn check_face_down_stay(before: &Klondike, after: &Klondike) {
    for pile in 0..7 {
        let down = after.face_down(pile);
        assert!(down <= before.face_down(pile));
        assert!(
            before.face_down(pile) - down <= 1,
            "at most one card turns over per pile"
        );
        assert_eq!(
            &after.pile(pile)[..down],
            &before.pile(pile)[..down],
            "a face-down card moved"
        );
    }
}

/// The score change of one move, recomputed from the rule tables in the README, independently
/// of the engine's own scoring code.
fn expected_change(rules: Rules, mv: Move, before: &Klondike, after: &Klondike) -> i32 {
    let turned = after.face_down_total() < before.face_down_total();
    match rules.scoring {
        Scoring::None => 0,
        Scoring::Standard => {
            let base = match mv {
                Move::WasteToFoundation | Move::PileToFoundation(_) => 10,
                Move::WasteToPile(_) => 5,
                Move::FoundationToPile { .. } => -15,
                Move::Recycle if rules.draw.get() == 1 => -100,
                Move::Recycle if before.pass() >= 3 => -20,
                _ => 0,
            };
            base + if turned { 5 } else { 0 }
        }
        Scoring::Vegas => match mv {
            Move::WasteToFoundation | Move::PileToFoundation(_) => 5,
            Move::FoundationToPile { .. } => -5,
            _ => 0,
        },
    }
}

fn recompute_score(rules: Rules, positions: &[Klondike], moves: &[Move]) -> i32 {
    let mut score = if rules.scoring == Scoring::Vegas {
        -52
    } else {
        0
    };
    for (pair, &mv) in positions.windows(2).zip(moves) {
        score += expected_change(rules, mv, &pair[0], &pair[1]);
        if rules.scoring == Scoring::Standard {
            score = score.max(0);
        }
    }
    score
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_invariant(
        seed in any::<u64>(),
        rules in rules_strategy(),
        choices in proptest::collection::vec(any::<Index>(), 0..160),
    ) {
        let candidates = all_moves();
        let mut position = Klondike::from_seed(seed, rules);
        let mut positions = vec![position];
        let mut played = Vec::new();
        let mut moves = MoveList::new();
        for choice in &choices {
            check_conservation(&position);
            position.legal_moves(&mut moves);
            // The fast generator equals the naive filter over every possible move, with no
            // duplicates, and every illegal move is refused without any change.
            let naive: Vec<Move> = candidates.iter().copied().filter(|&m| position.is_legal(m)).collect();
            let mut fast = moves.to_vec();
            prop_assert!(fast.len() <= MoveList::MAX_LEGAL);
            let sort_key = |m: &Move| m.to_string();
            fast.sort_by_key(sort_key);
            let mut naive_sorted = naive.clone();
            naive_sorted.sort_by_key(sort_key);
            prop_assert_eq!(&fast, &naive_sorted);
            let n = fast.len();
            fast.dedup();
            prop_assert_eq!(fast.len(), n, "duplicate legal moves");
            for &mv in candidates.iter().filter(|m| !naive.contains(m)).step_by(7) {
                let before = position;
                prop_assert!(position.play(mv).is_err());
                prop_assert_eq!(position, before);
            }
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice.index(moves.len())];
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            let before = position;
            let report = position.play(mv).unwrap();
            check_face_down_stay(&before, &position);
            prop_assert_eq!(report.turned_over.is_some(), position.face_down_total() < before.face_down_total());
            played.push(mv);
            positions.push(position);
            prop_assert_eq!(position.score(), recompute_score(rules, &positions, &played));
        }
        check_conservation(&position);
        // A position declared lost really is: no random continuation makes progress.
        if position.is_lost() {
            let (up, down) = (position.foundation_total(), position.face_down_total());
            let mut rng = cards_core::seeded_rng(seed);
            for _ in 0..20 {
                let mut walk = position;
                for _ in 0..200 {
                    walk.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    walk.play_unchecked(moves[cards_core::below(&mut rng, moves.len() as u32) as usize]);
                    prop_assert!(walk.foundation_total() <= up && walk.face_down_total() >= down, "{position}");
                }
            }
        }
    }

    #[test]
    fn game_undo_and_redo_restore_every_position(
        seed in any::<u64>(),
        rules in rules_strategy(),
        policy in prop_oneof![Just(AutoMove::None), Just(AutoMove::Safe), Just(AutoMove::All)],
        auto_finish in any::<bool>(),
        choices in proptest::collection::vec(any::<Index>(), 0..120),
    ) {
        let options = Options { auto_move: policy, auto_finish, ..Options::default() };
        let mut game = Game::from_seed(seed, rules, options);
        let mut moves = MoveList::new();
        for choice in &choices {
            game.position().legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice.index(moves.len())];
            game.play(mv).unwrap();
        }
        let end = *game.position();
        let history: Vec<_> = game.history().to_vec();
        let positions = game.positions().to_vec();
        // Every step of the history is a legal move from the previous position, auto-moves
        // obey the policy, and the score matches an independent recomputation.
        for (pair, entry) in positions.windows(2).zip(&history) {
            let mut replay = pair[0];
            replay.play(entry.mv).unwrap();
            prop_assert_eq!(replay, pair[1]);
            if entry.auto && !(auto_finish && pair[0].can_auto_finish()) {
                prop_assert_ne!(policy, AutoMove::None);
                if policy == AutoMove::Safe {
                    let card = match entry.mv {
                        Move::WasteToFoundation => pair[0].waste_top(),
                        Move::PileToFoundation(p) => pair[0].pile(p as usize).last().copied(),
                        _ => None,
                    };
                    prop_assert!(card.is_some_and(|c| pair[0].is_safe_to_foundation(c)));
                }
            }
        }
        let moves_played: Vec<Move> = history.iter().map(|e| e.mv).collect();
        prop_assert_eq!(end.score(), recompute_score(rules, &positions, &moves_played));
        // No auto-move is left pending.
        prop_assert_eq!(game.pending_auto_move(), None);
        // Undo back to the start restores the deal exactly.
        let mut undone = 0;
        while let Some(entry) = game.undo() {
            undone += 1;
            prop_assert!(positions.contains(game.position()));
            // What undo took back is the entry just past the new current position: a
            // player's move, or an opening auto-move at the start.
            prop_assert_eq!(history[game.history().len()], entry);
            prop_assert!(!entry.auto || game.history().is_empty());
        }
        prop_assert_eq!(*game.position(), Klondike::from_seed(seed, rules));
        prop_assert!(game.history().is_empty());
        // Redo replays to the same end.
        let mut redone = 0;
        while game.redo().is_some() {
            redone += 1;
        }
        prop_assert_eq!(undone, redone);
        prop_assert_eq!(*game.position(), end);
        prop_assert_eq!(game.history(), &history[..]);
    }
}

/// Text that often is a move: the move forms' characters in random order.
fn move_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[ wWfFcdhsCDHS♥♠0-9:-]{0,7}").unwrap()
}

/// A deal text: the 52 cards in random order and spellings (`10h`, `TH`, `h10`, `♥T`), or a
/// random cut of it, or a card repeated.
fn deal_like() -> impl Strategy<Value = String> {
    (
        any::<u64>(),
        0usize..=53,
        proptest::collection::vec(0u8..4, 52),
        any::<bool>(),
    )
        .prop_map(|(seed, len, spellings, repeat)| {
            let deal = klondike::Deal::from_seed(seed);
            let mut words: Vec<String> = deal
                .cards()
                .iter()
                .zip(spellings)
                .map(|(card, spelling)| {
                    let text = card.to_string();
                    let (rank, suit) = text.split_at(1);
                    match spelling {
                        0 => text.clone(),
                        1 => text.to_lowercase().replace('t', "10"),
                        2 => format!("{suit}{rank}"),
                        _ => format!("{rank}{}", card.suit().map_or('?', Suit::symbol)),
                    }
                })
                .collect();
            if repeat {
                let first = words[0].clone();
                words[1] = first;
            }
            words.truncate(len);
            words.join(" ")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn move_parser_never_panics_and_round_trips(
        text in prop_oneof![any::<String>(), move_like()],
        bytes in proptest::collection::vec(any::<u8>(), 0..12),
    ) {
        for text in [text, String::from_utf8_lossy(&bytes).into_owned()] {
            if let Ok(mv) = text.parse::<Move>() {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
                prop_assert_eq!(mv.to_string().parse::<Move>().map(|m| m.to_string()), Ok(mv.to_string()));
            }
        }
    }

    #[test]
    fn deal_parser_never_panics_and_round_trips(
        text in prop_oneof![any::<String>(), deal_like()],
        bytes in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        for text in [text, String::from_utf8_lossy(&bytes).into_owned()] {
            if let Ok(deal) = text.parse::<klondike::Deal>() {
                prop_assert_eq!(deal.to_string().parse::<klondike::Deal>(), Ok(deal));
            }
        }
    }

    #[test]
    fn setting_parsers_never_panic_and_round_trip(text in any::<String>()) {
        if let Ok(draw) = text.parse::<Draw>() {
            prop_assert_eq!(draw.to_string().parse::<Draw>(), Ok(draw));
        }
        if let Ok(passes) = text.parse::<PassLimit>() {
            prop_assert_eq!(passes.to_string().parse::<PassLimit>(), Ok(passes));
        }
        if let Ok(scoring) = text.parse::<Scoring>() {
            prop_assert_eq!(scoring.to_string().parse::<Scoring>(), Ok(scoring));
        }
        if let Ok(auto) = text.parse::<AutoMove>() {
            prop_assert_eq!(auto.to_string().parse::<AutoMove>(), Ok(auto));
        }
    }
}

#[test]
fn deal_like_text_parses_when_complete() {
    // The generator above does produce valid deals (so the round trip is exercised).
    let deal = klondike::Deal::from_seed(5);
    let text = deal.to_string().to_lowercase().replace('t', "10");
    assert_eq!(text.parse::<klondike::Deal>(), Ok(deal));
}
