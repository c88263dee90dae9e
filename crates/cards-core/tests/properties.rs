//! Property tests: `CardSet` against a `BTreeSet` model, parse/display round trips, shuffles
//! are permutations, and arbitrary text never panics the parsers.

use std::collections::BTreeSet;

use cards_core::{Card, CardSet, Deck, Pile, Rank, Suit, parse_cards, seeded_rng};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (0..Card::NUM).prop_map(|i| Card::from_index(i).unwrap())
}

#[derive(Clone, Debug)]
enum Op {
    Insert(Card),
    Remove(Card),
    Union(Vec<Card>),
    Intersect(Vec<Card>),
    Difference(Vec<Card>),
    Complement,
}

fn any_op() -> impl Strategy<Value = Op> {
    let cards = || proptest::collection::vec(any_card(), 0..20);
    prop_oneof![
        any_card().prop_map(Op::Insert),
        any_card().prop_map(Op::Remove),
        cards().prop_map(Op::Union),
        cards().prop_map(Op::Intersect),
        cards().prop_map(Op::Difference),
        Just(Op::Complement),
    ]
}

proptest! {
    #[test]
    fn card_set_behaves_like_a_btree_set(ops in proptest::collection::vec(any_op(), 0..60)) {
        let mut set = CardSet::EMPTY;
        let mut model = BTreeSet::new();
        for op in ops {
            match op {
                Op::Insert(c) => prop_assert_eq!(set.insert(c), model.insert(c)),
                Op::Remove(c) => prop_assert_eq!(set.remove(c), model.remove(&c)),
                Op::Union(cs) => {
                    set |= cs.iter().copied().collect::<CardSet>();
                    model.extend(cs);
                }
                Op::Intersect(cs) => {
                    set &= cs.iter().copied().collect::<CardSet>();
                    let other: BTreeSet<Card> = cs.into_iter().collect();
                    model = model.intersection(&other).copied().collect();
                }
                Op::Difference(cs) => {
                    set -= cs.iter().copied().collect::<CardSet>();
                    for c in cs {
                        model.remove(&c);
                    }
                }
                Op::Complement => {
                    set = !set;
                    model = Card::all().filter(|c| !model.contains(c)).collect();
                }
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.is_empty(), model.is_empty());
            prop_assert!(set.iter().eq(model.iter().copied()), "ordered iteration");
            prop_assert!(set.iter().rev().eq(model.iter().rev().copied()), "reverse iteration");
            prop_assert_eq!(set.first(), model.first().copied());
            prop_assert_eq!(set.last(), model.last().copied());
            for suit in Suit::ALL {
                prop_assert_eq!(set.of_suit(suit).len(), model.iter().filter(|c| c.suit() == Some(suit)).count());
            }
            for rank in Rank::ALL {
                prop_assert_eq!(set.count_rank(rank), model.iter().filter(|c| c.rank() == Some(rank)).count());
            }
            for card in Card::all() {
                prop_assert_eq!(set.contains(card), model.contains(&card));
            }
        }
    }

    #[test]
    fn set_text_round_trips(cards in proptest::collection::vec(any_card(), 0..54)) {
        let set: CardSet = cards.into_iter().collect();
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
    }

    #[test]
    fn pile_text_round_trips(cards in proptest::collection::vec(any_card(), 0..54)) {
        let pile = Pile::try_from(cards.as_slice()).unwrap();
        prop_assert_eq!(pile.to_string().parse::<Pile>(), Ok(pile));
        prop_assert_eq!(pile.as_slice(), cards.as_slice());
    }

    #[test]
    fn shuffles_are_permutations(seed in any::<u64>(), jokers in any::<bool>()) {
        let deck = if jokers { Deck::with_jokers54() } else { Deck::standard52() };
        let shuffled = deck.shuffled(seed);
        prop_assert_eq!(shuffled.len(), deck.len());
        prop_assert_eq!(shuffled.to_set(), deck.to_set());
        prop_assert_eq!(shuffled, deck.shuffled(seed), "same seed, same order");
        let mut again = deck;
        again.shuffle(&mut seeded_rng(seed));
        prop_assert_eq!(again, shuffled, "shuffled(seed) == shuffle(seeded_rng(seed))");
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in "\\PC{0,12}") {
        let _ = text.parse::<Card>();
        let _ = parse_cards(&text);
        let _ = text.parse::<CardSet>();
        let _ = text.parse::<Pile>();
    }

    #[test]
    fn parsers_round_trip_what_they_accept(text in "[0-9AaJjQqKkTtBbRrSsHhDdCc♠♥♦♣🂡🃏 ,;xX\\-]{0,24}") {
        // Whatever text a parser accepts, its canonical `Display` parses back to the same value.
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        if let Ok(set) = text.parse::<CardSet>() {
            prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        }
        if let Ok(pile) = text.parse::<Pile>() {
            prop_assert_eq!(pile.to_string().parse::<Pile>(), Ok(pile));
        }
        if let Ok(cards) = parse_cards(&text) {
            let written: Vec<String> = cards.iter().map(ToString::to_string).collect();
            prop_assert_eq!(parse_cards(&written.join(" ")), Ok(cards));
        }
    }

    #[test]
    fn card_like_text_never_panics(text in "[0-9AaJjQqKkTtBbRrSsHhDdCc♠♥♦♣🂡🃏 ,;]{0,16}") {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        let _ = parse_cards(&text);
    }
}

#[test]
fn uniform_enough_first_card() {
    // Each of 52 cards should lead a shuffled deck about 1/52 of the time; with 52,000 seeds
    // the expected count is 1,000 and a count outside 800..1200 is a >6-sigma event.
    let mut counts = [0u32; 52];
    for seed in 0..52_000 {
        counts[Deck::standard52().shuffled(seed)[0].index()] += 1;
    }
    assert!(
        counts.iter().all(|&n| (800..1200).contains(&n)),
        "{counts:?}"
    );
}
