//! Property tests: the fast generators against a naive filter of the action space, the
//! classifier's order-independence, comparison, and random full games driven through the
//! legal-move lists (conservation, zero-sum settlement, exact replay, illegal plays).

use std::collections::HashSet;
use std::sync::OnceLock;

use cards_core::{CardSet, Deck};
use doudizhu::{
    ActionSpace, Bid, BidMode, Counts, Game, Move, Phase, Play, RuleSet, Seat, Settings, classify,
    legal_leads, legal_responses, readings,
};
use proptest::prelude::*;
use proptest::sample::Index;

fn space(preset: usize) -> &'static ActionSpace {
    static SPACES: OnceLock<Vec<ActionSpace>> = OnceLock::new();
    &SPACES.get_or_init(|| {
        RuleSet::PRESETS
            .iter()
            .map(|&(_, r)| ActionSpace::new(r))
            .collect()
    })[preset]
}

/// A random hand of `size` cards from a seeded shuffle.
fn hand(seed: u64, size: usize) -> Counts {
    Counts::from_cards(Deck::with_jokers54().shuffled(seed).deal(size).to_set())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn leads_equal_the_naive_filter(seed: u64, size in 1usize..=20, preset in 0usize..4) {
        let rules = RuleSet::PRESETS[preset].1;
        let hand = hand(seed, size);
        let mut fast = Vec::new();
        legal_leads(hand, &rules, &mut fast);
        let fast_set: HashSet<Play> = fast.iter().copied().collect();
        prop_assert_eq!(fast_set.len(), fast.len(), "duplicates");
        let naive: HashSet<Play> =
            space(preset).plays().iter().copied().filter(|p| p.counts.is_subset(hand)).collect();
        prop_assert_eq!(fast_set, naive);
        for play in &fast {
            prop_assert!(readings(play.counts, &rules).iter().any(|&c| c == play.combo));
        }
    }

    #[test]
    fn responses_equal_the_naive_filter(seed: u64, size in 1usize..=20, preset in 0usize..4, prev: Index) {
        let rules = RuleSet::PRESETS[preset].1;
        let hand = hand(seed, size);
        let previous = *prev.get(space(preset).plays());
        let mut fast = Vec::new();
        legal_responses(hand, previous.combo, &rules, &mut fast);
        let fast_set: HashSet<Play> = fast.iter().copied().collect();
        prop_assert_eq!(fast_set.len(), fast.len(), "duplicates");
        for play in &fast {
            prop_assert!(play.beats(previous), "{} does not beat {}", play, previous);
        }
        let naive: HashSet<Play> = space(preset)
            .plays()
            .iter()
            .copied()
            .filter(|p| p.counts.is_subset(hand) && p.beats(previous))
            .collect();
        prop_assert_eq!(fast_set, naive);
    }

    #[test]
    fn classification_ignores_input_order(pick: Index, order in Just(()).prop_perturb(|(), mut rng| {
        let mut keys: Vec<u32> = (0..20).map(|_| rng.random()).collect();
        keys.truncate(20);
        keys
    })) {
        let play = *pick.get(ActionSpace::default_rules().plays());
        let mut chars: Vec<(u32, char)> =
            play.counts.to_string().chars().zip(order.iter()).map(|(c, &k)| (k, c)).collect();
        chars.sort_unstable();
        let shuffled: String = chars.iter().map(|&(_, c)| c).collect();
        let counts: Counts = shuffled.parse().unwrap();
        prop_assert_eq!(counts, play.counts);
        prop_assert_eq!(classify(counts, &RuleSet::DEFAULT), Some(play.combo));
    }

    #[test]
    fn comparison_is_a_strict_order_within_kind_and_length(a: Index, b: Index, c: Index) {
        let plays = ActionSpace::default_rules().plays();
        let (a, b, c) = (*a.get(plays), *b.get(plays), *c.get(plays));
        prop_assert!(!a.beats(a));
        prop_assert!(!(a.beats(b) && b.beats(a)));
        if a.beats(b) && b.beats(c) {
            prop_assert!(a.beats(c));
        }
        let same = a.combo.kind == b.combo.kind && a.combo.len == b.combo.len;
        if same && !a.combo.kind.is_bomb() {
            prop_assert_eq!(a.beats(b), a.combo.main > b.combo.main);
        }
        if !same && !a.combo.kind.is_bomb() {
            prop_assert!(!a.beats(b));
        }
    }

    #[test]
    fn random_games_conserve_cards_settle_to_zero_and_replay(
        seed: u64,
        rob in any::<bool>(),
        preset in 0usize..4,
        picks in proptest::collection::vec(any::<Index>(), 120),
    ) {
        let bidding = if rob { BidMode::Rob } else { BidMode::Points };
        let settings = Settings { rules: RuleSet::PRESETS[preset].1, bidding, cap: None };
        let mut game = Game::new(settings, seed);
        let mut moves = Vec::new();
        let mut picks = picks.into_iter().cycle();
        let mut played = CardSet::EMPTY;
        for _ in 0..400 {
            let state = *game.state();
            match state.phase() {
                Phase::Finished => break,
                Phase::AllPassed => {
                    prop_assert!(game.redeal());
                    played = CardSet::EMPTY;
                    continue;
                }
                Phase::Bidding => {
                    let bids: Vec<Bid> = state.legal_bids().collect();
                    let bid = *picks.next().unwrap().get(&bids);
                    game.bid(bid).unwrap();
                }
                Phase::Playing => {
                    // An illegal move changes nothing.
                    let illegal = if state.is_leading() { Move::Pass } else { Move::Play(*picks.next().unwrap().get(space(preset).plays())) };
                    if state.check(illegal).is_err() {
                        prop_assert!(game.play(illegal).is_err());
                        prop_assert_eq!(game.state(), &state);
                    }
                    state.legal_moves(&mut moves);
                    let mv = *picks.next().unwrap().get(&moves);
                    let seat = state.to_move();
                    let before = game.state().hand(seat);
                    game.play(mv).unwrap();
                    played |= before - game.state().hand(seat);
                }
            }
            let s = game.state();
            let hands: Vec<CardSet> = Seat::ALL.into_iter().map(|seat| s.hand(seat)).collect();
            let total: usize = hands.iter().map(|h| h.len()).sum::<usize>() + played.len();
            let union = hands.iter().fold(played, |acc, &h| acc | h);
            let expected = if s.landlord().is_some() { 54 } else { 51 };
            prop_assert_eq!(total, expected);
            prop_assert_eq!(union.len(), expected);
        }
        if let Some(result) = game.state().settlement() {
            prop_assert_eq!(result.payouts.into_array().iter().sum::<i64>(), 0);
            let replayed = game.record().replay().unwrap();
            prop_assert_eq!(replayed.state(), game.state());
        }
    }

    #[test]
    fn random_fast_playouts_settle_to_zero(seed: u64, preset in 0usize..4) {
        let settings = Settings { rules: RuleSet::PRESETS[preset].1, ..Settings::default() };
        let mut rng = cards_core::seeded_rng(seed);
        let (state, result) = doudizhu::random_game(settings, &mut rng, &mut Vec::new());
        prop_assert_eq!(result.payouts.into_array().iter().sum::<i64>(), 0);
        let empty = Seat::ALL.into_iter().filter(|&s| state.hand(s).is_empty()).count();
        prop_assert_eq!(empty, 1);
    }
}

#[test]
fn undo_restores_every_step() {
    use doudizhu::Bot;
    let mut game = Game::new(Settings::default(), 11);
    let mut states = vec![*game.state()];
    let mut bots = [
        doudizhu::RandomBot::new(1),
        doudizhu::RandomBot::new(2),
        doudizhu::RandomBot::new(3),
    ];
    while !matches!(game.state().phase(), Phase::Finished | Phase::AllPassed) {
        let seat = game.state().to_move();
        let view = game.view(seat);
        let bot = &mut bots[seat.index()];
        if game.state().phase() == Phase::Bidding {
            let bid = bot.bid(&view);
            game.bid(bid).unwrap();
        } else {
            let mv = bot.play(&view);
            game.play(mv).unwrap();
        }
        states.push(*game.state());
    }
    assert_eq!(game.history().len() + 1, states.len());
    while let Some(expected) = states.pop() {
        assert_eq!(game.state(), &expected);
        if game.undo().is_none() {
            break;
        }
    }
    assert!(states.is_empty());
}

#[test]
fn greedy_bots_finish_games_and_keep_bombs() {
    use doudizhu::{Bot, GreedyBot};
    for seed in 0..30 {
        let mut game = Game::new(Settings::default(), seed);
        let mut bots = [GreedyBot::new(), GreedyBot::new(), GreedyBot::new()];
        loop {
            match game.state().phase() {
                Phase::Finished => break,
                Phase::AllPassed => {
                    game.redeal();
                }
                Phase::Bidding => {
                    let seat = game.state().to_move();
                    let bid = bots[seat.index()].bid(&game.view(seat));
                    game.bid(bid).unwrap();
                }
                Phase::Playing => {
                    let seat = game.state().to_move();
                    let hand = game.state().hand_counts(seat);
                    let mv = bots[seat.index()].play(&game.view(seat));
                    if let Move::Play(play) = mv {
                        // A bomb or rocket only when it empties the hand, or when nothing
                        // else can lead.
                        if play.combo.kind.is_bomb() && game.state().trick().is_some() {
                            assert_eq!(play.len(), hand.len(), "seed {seed}: greedy spent {play}");
                        }
                    }
                    game.play(mv).unwrap();
                }
            }
        }
        let result = game.state().settlement().unwrap();
        assert_eq!(result.payouts.into_array().iter().sum::<i64>(), 0);
    }
}

#[test]
fn records_round_trip_through_json_and_replay() {
    use doudizhu::Bot;
    let settings = Settings {
        rules: RuleSet::DOUZERO,
        bidding: BidMode::Rob,
        cap: Some(64),
    };
    let mut game = Game::new(settings, 5);
    let mut bots = [
        doudizhu::RandomBot::new(7),
        doudizhu::RandomBot::new(8),
        doudizhu::RandomBot::new(9),
    ];
    loop {
        match game.state().phase() {
            Phase::Finished => break,
            Phase::AllPassed => {
                game.redeal();
            }
            Phase::Bidding => {
                let seat = game.state().to_move();
                let bid = bots[seat.index()].bid(&game.view(seat));
                game.bid(bid).unwrap();
            }
            Phase::Playing => {
                let seat = game.state().to_move();
                let mv = bots[seat.index()].play(&game.view(seat));
                game.play(mv).unwrap();
            }
        }
    }
    let record = game.record();
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains("\"bottom\""));
    let back: doudizhu::Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.replay().unwrap().state(), game.state());
    // A tampered result is caught.
    let mut forged = record.clone();
    if let Some(result) = forged.result.as_mut() {
        result.stake += 1;
    }
    assert_eq!(
        forged.replay().unwrap_err(),
        doudizhu::ReplayError::ResultMismatch
    );
    let play: Play = "33344455".parse().unwrap();
    let text = serde_json::to_string(&play).unwrap();
    assert_eq!(serde_json::from_str::<Play>(&text).unwrap(), play);
}

/// The fast generators against the naive filter on many more hands than the proptests:
/// `cargo test -p parlor-doudizhu --test properties -- --ignored` (about 10 s).
#[test]
#[ignore = "slow: 4 presets x 20,000 hands x every play of the action space"]
fn many_hands_equal_the_naive_filter() {
    for (preset, &(name, rules)) in RuleSet::PRESETS.iter().enumerate() {
        let plays = space(preset).plays();
        for seed in 0..20_000u64 {
            let hand = hand(seed.wrapping_mul(0x9E37_79B9), 1 + (seed % 20) as usize);
            let mut fast = Vec::new();
            legal_leads(hand, &rules, &mut fast);
            let fast: HashSet<Play> = fast.into_iter().collect();
            let naive: HashSet<Play> = plays
                .iter()
                .copied()
                .filter(|p| p.counts.is_subset(hand))
                .collect();
            assert_eq!(fast, naive, "{name}: {hand}");
            let previous = plays[(seed as usize * 7919) % plays.len()];
            let mut responses = Vec::new();
            legal_responses(hand, previous.combo, &rules, &mut responses);
            let responses: HashSet<Play> = responses.into_iter().collect();
            let naive: HashSet<Play> = naive.into_iter().filter(|p| p.beats(previous)).collect();
            assert_eq!(responses, naive, "{name}: {hand} after {previous}");
        }
    }
}
