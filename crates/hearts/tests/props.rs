//! Property tests over random seeds, settings and random legal play: cards conserved, points
//! adding up, the legal set never empty and equal to a naive reading of the rules, illegal plays
//! changing nothing, and serde round trips.

mod common;

use cards_core::{Card, CardSet, Suit};
use common::SEATS;
use hearts::{
    MoonScoring, Move, PassDirection, PassSchedule, Phase, QUEEN_OF_SPADES, Round, Seat, Settings,
    TWO_OF_CLUBS, penalty_points,
};
use proptest::prelude::*;
use proptest::sample::Index;

fn settings() -> impl Strategy<Value = Settings> {
    (any::<[bool; 7]>(), any::<bool>(), 0usize..6).prop_map(|(b, moon, schedule)| Settings {
        queen_breaks_hearts: b[0],
        points_on_first_trick: b[1],
        any_club_leads: b[2],
        jack_of_diamonds: b[3],
        no_tricks_bonus: b[4],
        lead_hearts_with_only_queen: b[5],
        must_break_hearts: b[6],
        moon: if moon {
            MoonScoring::ShooterMinus26
        } else {
            MoonScoring::OthersAdd26
        },
        pass_schedule: match schedule {
            0 => PassSchedule::Cycle,
            5 => PassSchedule::NoPassing,
            n => PassSchedule::Fixed(PassDirection::CYCLE[n - 1]),
        },
        ..Settings::MICROSOFT
    })
}

/// The rules read naively, card by card, straight from the wording.
fn naive_legal(round: &Round) -> CardSet {
    let s = round.settings();
    let Some(seat) = round.to_move() else {
        return CardSet::EMPTY;
    };
    let hand = round.hand(seat);
    let trick = round.current_trick().unwrap();
    let first_trick = round.tricks_played() == 0;
    let mut legal = CardSet::EMPTY;
    for card in hand {
        let suit = card.suit().unwrap();
        let is_point = suit == Suit::Hearts || card == QUEEN_OF_SPADES;
        let ok = match trick.led_suit() {
            // "The holder of 2♣ leads it to the first trick."
            None if first_trick => {
                if s.any_club_leads {
                    suit == Suit::Clubs
                } else {
                    card == TWO_OF_CLUBS
                }
            }
            // "Hearts may not be led until broken unless the leader holds only hearts."
            None => {
                let broken = round.plays().iter().any(|&c| {
                    c.suit() == Some(Suit::Hearts)
                        || (s.queen_breaks_hearts && c == QUEEN_OF_SPADES)
                });
                let only_hearts = hand.iter().all(|c| c.suit() == Some(Suit::Hearts));
                let only_hearts_and_queen = hand
                    .iter()
                    .all(|c| c.suit() == Some(Suit::Hearts) || c == QUEEN_OF_SPADES);
                suit != Suit::Hearts
                    || !s.must_break_hearts
                    || broken
                    || only_hearts
                    || (s.lead_hearts_with_only_queen && only_hearts_and_queen)
            }
            // "Follow suit when able."
            Some(led) if hand.iter().any(|c| c.suit() == Some(led)) => suit == led,
            // "First trick: a player void in clubs may not play a heart or Q♠ unless the hand
            // holds nothing else."
            Some(_) => {
                !first_trick
                    || s.points_on_first_trick
                    || !is_point
                    || hand
                        .iter()
                        .all(|c| c.suit() == Some(Suit::Hearts) || c == QUEEN_OF_SPADES)
            }
        };
        if ok {
            legal.insert(card);
        }
    }
    legal
}

fn check_invariants(round: &Round) {
    // 52 cards conserved across hands, the trick on the table and won tricks.
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for seat in SEATS {
        for part in [round.hand(seat), round.taken(seat)] {
            assert!(seen.is_disjoint(part));
            seen |= part;
            count += part.len();
        }
    }
    if let Some(trick) = round.current_trick() {
        for &card in trick.cards() {
            assert!(seen.insert(card));
            count += 1;
        }
    }
    assert_eq!((seen, count), (CardSet::STANDARD, 52));
    assert_eq!(round.completed_tricks().count(), round.tricks_played());
    // The legal set is never empty while cards remain, and equals the naive rules.
    if round.phase() == Phase::Playing {
        let legal = round.legal_moves();
        assert!(!legal.is_empty());
        assert!(legal.is_subset(round.hand(round.to_move().unwrap())));
        assert_eq!(legal, naive_legal(round));
    }
}

/// Every refused play leaves the round exactly as it was, and `play` accepts exactly the legal set.
fn check_refusals(round: &mut Round) {
    let before = round.clone();
    let legal = round.legal_moves();
    for seat in Seat::ALL {
        for card in Card::standard() {
            let ok = round.to_move() == Some(seat) && legal.contains(card);
            assert_eq!(
                round.check(Move::Play(seat, card)).is_ok(),
                ok,
                "{card} by {seat}"
            );
            if !ok {
                assert!(round.play(Move::Play(seat, card)).is_err());
                assert_eq!(*round, before);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_hands_keep_every_invariant(
        seed in any::<u64>(),
        settings in settings(),
        hand in 0usize..4,
        choices in proptest::collection::vec(any::<Index>(), 64),
    ) {
        let direction = settings.pass_schedule.direction(hand);
        let mut round = Round::deal(settings, direction, seed);
        let mut choices = choices.into_iter();
        if direction.passes() {
            for seat in SEATS {
                let hand = round.hand(seat);
                let mut pass = CardSet::EMPTY;
                while pass.len() < 3 {
                    let cards: Vec<Card> = (hand - pass).iter().collect();
                    pass.insert(*choices.next().unwrap().get(&cards));
                }
                check_invariants(&round);
                round.play(Move::Pass(seat, pass)).unwrap();
            }
        }
        for step in 0..52 {
            check_invariants(&round);
            if step % 7 == 0 {
                check_refusals(&mut round);
            }
            let legal: Vec<Card> = round.legal_moves().iter().collect();
            let seat = round.to_move().unwrap();
            let card = match choices.next() {
                Some(index) => *index.get(&legal),
                None => legal[0],
            };
            round.play(Move::Play(seat, card)).unwrap();
        }
        check_invariants(&round);
        let result = round.result().unwrap();
        // Each hand's points add up to 26 without bonuses, or reflect a moon.
        let penalty: u32 = SEATS.iter().map(|&s| penalty_points(round.taken(s))).sum();
        prop_assert_eq!(penalty, 26);
        let mut points = result.points.into_array();
        for seat in SEATS {
            if settings.jack_of_diamonds && round.taken(seat).contains(hearts::JACK_OF_DIAMONDS) {
                points[seat.index()] += 10;
            }
            // As OpenSpiel: no "no tricks" bonus in a hand in which the moon was shot.
            if settings.no_tricks_bonus && result.moon.is_none() && round.tricks_won(seat) == 0 {
                points[seat.index()] += 5;
            }
        }
        match result.moon {
            None => prop_assert_eq!(points.iter().sum::<i32>(), 26),
            Some(shooter) => {
                prop_assert_eq!(penalty_points(round.taken(shooter)), 26);
                for seat in SEATS {
                    let expected = match (seat == shooter, settings.moon) {
                        (true, MoonScoring::OthersAdd26) | (false, MoonScoring::ShooterMinus26) => 0,
                        (false, MoonScoring::OthersAdd26) => 26,
                        (true, MoonScoring::ShooterMinus26) => -26,
                    };
                    prop_assert_eq!(points[seat.index()], expected);
                }
            }
        }
        prop_assert_eq!(result.tricks.iter().map(|(_, &t)| u32::from(t)).sum::<u32>(), 13);
        prop_assert_eq!(Round::replay(&round.record()), Ok(round.clone()));
    }

    #[test]
    fn fast_playouts_agree_with_checked_play(seed in any::<u64>(), settings in settings()) {
        let mut rng = cards_core::seeded_rng(seed);
        let result = hearts::random_hand(settings, settings.pass_schedule.direction(0), &mut rng);
        prop_assert_eq!(result.penalty.iter().map(|(_, &p)| u32::from(p)).sum::<u32>(), 26);
        prop_assert_eq!(result.moon.is_some(), result.penalty.iter().any(|(_, &p)| p == 26));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn serde_round_trips_any_reachable_round(
        seed in any::<u64>(),
        settings in settings(),
        steps in 0usize..60,
    ) {
        let direction = settings.pass_schedule.direction(seed as usize % 4);
        let mut round = Round::deal(settings, direction, seed);
        let mut rng = cards_core::seeded_rng(seed ^ 1);
        let mut bot = hearts::RandomBot::new(seed);
        for _ in 0..steps {
            use hearts::Bot;
            match round.phase() {
                Phase::Passing => {
                    let seat = round.awaiting_pass().next().unwrap();
                    let pass = bot.choose_pass(&round.view(seat));
                    round.play(Move::Pass(seat, pass)).unwrap();
                }
                Phase::Playing => {
                    let seat = round.to_move().unwrap();
                    let card = bot.choose_play(&round.view(seat));
                    round.play(Move::Play(seat, card)).unwrap();
                }
                Phase::Over => break,
            }
        }
        let _ = &mut rng;
        let json = serde_json::to_string(&round).unwrap();
        let back: Round = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, round);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// "No API path from a View reaches another seat's hand": swapping two unplayed cards of
    /// one suit between two other seats (which keeps every earlier play legal; 2♣ excepted,
    /// as its holder leads) leaves the viewer's `View` exactly the same.
    #[test]
    fn views_do_not_depend_on_hidden_cards(seed in any::<u64>(), plays in 0usize..52, viewer in 0usize..4) {
        let settings = Settings::default();
        let mut round = Round::deal(settings, PassDirection::Hold, seed);
        let mut rng = cards_core::seeded_rng(seed);
        for _ in 0..plays {
            use hearts::Bot;
            let seat = round.to_move().unwrap();
            let card = hearts::RandomBot::new(rng_next(&mut rng)).choose_play(&round.view(seat));
            round.play(Move::Play(seat, card)).unwrap();
        }
        let viewer = Seat::ALL[viewer];
        let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != viewer).collect();
        let mut swapped = None;
        'find: for (i, &a) in others.iter().enumerate() {
            for &b in &others[i + 1..] {
                for suit in Suit::ALL {
                    // 2♣ is public: its holder leads the first trick.
                    let hidden = |s: Seat| round.hand(s).of_suit(suit).without(TWO_OF_CLUBS).first();
                    if let (Some(x), Some(y)) = (hidden(a), hidden(b)) {
                        swapped = Some((a, b, x, y));
                        break 'find;
                    }
                }
            }
        }
        let Some((a, b, x, y)) = swapped else { return Ok(()) };
        let mut record = round.record();
        record.deal[a] = record.deal[a].without(x).with(y);
        record.deal[b] = record.deal[b].without(y).with(x);
        let other = Round::replay(&record).unwrap();
        prop_assert_ne!(other.hand(a), round.hand(a));
        prop_assert_eq!(other.view(viewer), round.view(viewer));
    }
}

fn rng_next(rng: &mut cards_core::GameRng) -> u64 {
    use rand::RngCore;
    rng.next_u64()
}
