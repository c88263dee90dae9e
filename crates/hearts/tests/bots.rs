//! The heuristic and Monte Carlo bots in scripted positions (ducking Q♠ last to play,
//! blocking a moon, shooting from a safe hand), the Monte Carlo bot's sampled hands staying
//! consistent with its view, and the proof that every bot decides from its seat's view alone.

use cards_core::{BySeat, Card, CardSet, Suit};
use hearts::bot::sample_hands;
use hearts::{
    Bot, EAST, HeuristicBot, MonteCarloBot, Move, NORTH, PassDirection, Phase, QUEEN_OF_SPADES,
    RandomBot, Round, RuleBot, SOUTH, Seat, Settings, Setup,
};

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// Hands from the given cards per seat, the rest of the deck dealt out in order to fill each
/// hand to 13, never giving a seat a card of a suit listed in its `void`.
fn deal(given: [&str; 4], void: [Option<Suit>; 4]) -> BySeat<CardSet, 4> {
    let mut hands: [CardSet; 4] = given.map(set);
    let mut rest = CardSet::STANDARD - hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    for (i, hand) in hands.iter_mut().enumerate() {
        for c in rest {
            if hand.len() == 13 {
                break;
            }
            if c.suit() != void[i] {
                hand.insert(c);
                rest.remove(c);
            }
        }
    }
    assert!(rest.is_empty(), "the fill left {rest}");
    BySeat::from_fn(|s: Seat| hands[s.index()])
}

fn round(hands: BySeat<CardSet, 4>, plays: &[&str]) -> Round {
    let mut round = Round::from_setup(Setup {
        settings: Settings::default(),
        direction: PassDirection::Hold,
        hands,
    })
    .unwrap();
    for &text in plays {
        let seat = round.to_move().unwrap();
        round.play(Move::Play(seat, card(text))).unwrap();
    }
    round
}

/// The bots the scenarios hold for: the heuristic and a small Monte Carlo budget.
fn strong_bots() -> [Box<dyn Bot>; 2] {
    [
        Box::new(HeuristicBot),
        Box::new(MonteCarloBot::with_samples(7, 8)),
    ]
}

#[test]
fn heuristic_and_mc_duck_the_queen_when_last_to_play() {
    // Trick 2: W leads 5♠, N K♠, E drops Q♠; S, last, holds A♠ and 4♠: it must play 4♠.
    let hands = deal(
        ["2C KS", "3C QS", "4C AS 4S", "AC 5S"],
        [None, None, Some(Suit::Spades), None],
    );
    let round = round(hands, &["2C", "3C", "4C", "AC", "5S", "KS", "QS"]);
    assert_eq!(round.to_move(), Some(SOUTH));
    for mut bot in strong_bots() {
        assert_eq!(bot.choose_play(&round.view(SOUTH)), card("4S"));
    }
}

#[test]
fn mc_blocks_a_moon_its_view_makes_certain() {
    // E takes every point in tricks 1-9 (25: Q♠ and twelve hearts dumped by S and W, who show
    // voids in clubs and diamonds); N wins trick 10 with A♠ and leads trick 11 from A♥, 2♦,
    // 2♠. K♦ and Q♦ are unseen and S and W hold no diamond, so E has them: 2♦ hands E the
    // lead and then A♥ (the moon, 26 for N); 2♠ risks it when E holds the top spade. A♥ takes
    // the last heart itself: the moon is blocked for one point.
    let hands = BySeat::new([
        set("2C 3C 4C 5C 3D 4D 5D 6D 7D AS AH 2D 2S"),
        set("AC KC QC JC AD JD TD 9D 8D 4S KD QD KS"),
        set("6C 8C TC 3H QS 6H 8H TH QH 3S 6S 7S 8S"),
        set("7C 9C 2H 4H 5H 7H 9H JH KH 5S 9S TS JS"),
    ]);
    let plays = [
        "2C", "AC", "6C", "7C", // N leads, E wins
        "KC", "8C", "9C", "3C", //
        "QC", "TC", "2H", "4C", // W void in clubs
        "JC", "3H", "4H", "5C", // S void in clubs
        "AD", "QS", "5H", "3D", // S and W void in diamonds
        "JD", "6H", "7H", "4D", //
        "TD", "8H", "9H", "5D", //
        "9D", "TH", "JH", "6D", //
        "8D", "QH", "KH", "7D", // E has 25 points
        "4S", "3S", "5S", "AS", // N wins
    ];
    let round = round(hands, &plays);
    assert_eq!(round.points_taken(EAST), 25);
    assert_eq!(round.to_move(), Some(NORTH));
    let mut mc = MonteCarloBot::with_samples(7, 24);
    assert_eq!(mc.choose_play(&round.view(NORTH)), card("AH"));
    // The rule bot, which knows nothing of moons, leads low and hands E the moon.
    assert_ne!(RuleBot.choose_play(&round.view(NORTH)), card("AH"));
}

#[test]
fn heuristic_blocks_a_scripted_moon_attempt() {
    // E takes trick 1, then Q♠, then a heart dumped by W (void in diamonds): 14 points, all
    // E's. Trick 4: E leads 7♥; N, last, holds K♥ and 6♥. Ducking would hand E the trick and
    // keep the moon alive: N wins it with K♥.
    let hands = deal(
        [
            "2C 4S 3D KH 6H",
            "AC KS AD 7H",
            "3C QS 2D 3H",
            "4C 3S 2H 4H",
        ],
        [None, None, None, Some(Suit::Diamonds)],
    );
    let plays = [
        "2C", "AC", "3C", "4C", // E wins
        "KS", "QS", "3S", "4S", // E takes Q♠
        "AD", "2D", "2H", "3D", // W dumps a heart on E
        "7H", "3H", "4H",
    ];
    let round = round(hands, &plays);
    assert_eq!(round.points_taken(EAST), 14);
    assert_eq!(round.to_move(), Some(NORTH));
    assert_eq!(HeuristicBot.choose_play(&round.view(NORTH)), card("KH"));
    // The rule bot, which knows nothing of moons, ducks.
    assert_eq!(RuleBot.choose_play(&round.view(NORTH)), card("6H"));
}

#[test]
fn heuristic_and_mc_shoot_the_moon_from_a_safe_hand() {
    // N holds the top of every suit it holds; everything it keeps wins, so it takes all 26.
    let hands = deal(
        ["AC KC QC AS KS QS AH KH QH JH TH 9H AD", "", "", ""],
        [None, None, None, None],
    );
    for north in strong_bots() {
        let mut round = round(hands, &[]);
        let mut bots: [Box<dyn Bot>; 4] = [
            north,
            Box::new(HeuristicBot),
            Box::new(HeuristicBot),
            Box::new(HeuristicBot),
        ];
        while round.phase() == Phase::Playing {
            let seat = round.to_move().unwrap();
            let c = bots[seat.index()].choose_play(&round.view(seat));
            round.play(Move::Play(seat, c)).unwrap();
        }
        let result = round.result().unwrap();
        assert_eq!(result.moon, Some(NORTH));
    }
}

#[test]
fn mc_samples_only_hands_its_view_allows() {
    // Hands played by heuristic bots with passing; at every decision the sampled hidden
    // hands must give each seat its card count, respect every shown void, keep the cards
    // this seat passed with their receiver until played, and deal exactly the unseen cards.
    let mut rng = cards_core::seeded_rng(31);
    for seed in 0..6 {
        let mut round = Round::deal(Settings::default(), PassDirection::Left, seed);
        let mut bots = [HeuristicBot; 4];
        while let Some(seat) = { round.awaiting_pass().next() } {
            let pass = bots[seat.index()].choose_pass(&round.view(seat));
            round.play(Move::Pass(seat, pass)).unwrap();
        }
        while let Some(me) = round.to_move() {
            let view = round.view(me);
            let hands = sample_hands(&view, &mut rng).expect("a consistent deal exists");
            let mut all = CardSet::EMPTY;
            for seat in Seat::ALL {
                let hand = hands[seat];
                assert_eq!(hand.len(), view.hand_len(seat));
                assert!((all & hand).is_empty());
                all |= hand;
                for suit in Suit::ALL {
                    if view.is_void(seat, suit) {
                        assert!(hand.of_suit(suit).is_empty());
                    }
                }
            }
            assert_eq!(hands[me], view.hand());
            assert_eq!(all, view.hand() | view.unseen());
            let receiver = PassDirection::Left.receiver(me);
            let passed = view.passed().unwrap() & view.unseen();
            assert!(passed.is_subset(hands[receiver]));
            let card = bots[me.index()].choose_play(&view);
            round.play(Move::Play(me, card)).unwrap();
        }
    }
}

#[test]
fn heuristic_passes_an_unguarded_queen_and_keeps_a_guarded_one() {
    let unguarded = deal(
        ["QS 2S 3C 4C 5C 6C 7D 8D 9D TD JD 2H 3H", "", "", ""],
        [None; 4],
    );
    let r = Round::from_setup(Setup {
        settings: Settings::default(),
        direction: PassDirection::Left,
        hands: unguarded,
    })
    .unwrap();
    assert!(
        HeuristicBot
            .choose_pass(&r.view(NORTH))
            .contains(QUEEN_OF_SPADES)
    );
    let guarded = deal(
        ["QS 2S 3S 4S 5S 6C 7D 8D 9D TD JD 2H 3H", "", "", ""],
        [None; 4],
    );
    let r = Round::from_setup(Setup {
        settings: Settings::default(),
        direction: PassDirection::Left,
        hands: guarded,
    })
    .unwrap();
    let pass = HeuristicBot.choose_pass(&r.view(NORTH));
    assert!(!pass.contains(QUEEN_OF_SPADES));
    // The lone club goes: it makes a void.
    assert!(pass.contains(card("6C")), "{pass}");
}

/// Every bot decides from the view alone: the same view built over a different split of the
/// hidden cards gives the same choice.
fn same_choice_whatever_is_hidden(mut make: impl FnMut() -> Box<dyn Bot>) {
    for seed in 0..20u64 {
        let a = Round::deal(Settings::default(), PassDirection::Hold, seed);
        let me = a.to_move().unwrap();
        let hidden: Vec<Card> = (CardSet::STANDARD - a.hand(me)).iter().collect();
        let mut order = hidden.clone();
        order.rotate_left(13);
        let mut next = order
            .chunks(13)
            .map(|c| c.iter().copied().collect::<CardSet>());
        let hands = BySeat::from_fn(|s: Seat| {
            if s == me {
                a.hand(me)
            } else {
                next.next().unwrap()
            }
        });
        let b = Round::from_setup(Setup {
            settings: Settings::default(),
            direction: PassDirection::Hold,
            hands,
        })
        .unwrap();
        assert_eq!(a.view(me), b.view(me));
        assert_eq!(
            make().choose_play(&a.view(me)),
            make().choose_play(&b.view(me))
        );
    }
}

#[test]
fn every_bot_sees_only_its_view() {
    same_choice_whatever_is_hidden(|| Box::new(HeuristicBot));
    same_choice_whatever_is_hidden(|| Box::new(RuleBot));
    same_choice_whatever_is_hidden(|| Box::new(RandomBot::new(4)));
    same_choice_whatever_is_hidden(|| Box::new(MonteCarloBot::with_samples(4, 4)));
}
