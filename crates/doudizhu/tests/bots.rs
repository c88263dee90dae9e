//! The bots: the greedy bot's and hint's fixes (bombs and the rocket kept whole, the partner
//! not beaten), the planning bot's choices in built positions, and that every bot decides
//! from its seat's view alone.

use cards_core::{BySeat, CardSet};
use doudizhu::{
    Action, Bid, BidMode, Bot, Counts, Decomposer, Game, GreedyBot, Move, Phase, PlannerBot, Play,
    RandomBot, RuleSet, Seat, Settings, Setup, State, Turn, breaks_bomb, played_cards,
    sample_endgame,
};

fn counts(text: &str) -> Counts {
    text.parse().unwrap()
}

fn play(text: &str) -> Play {
    text.parse().unwrap()
}

/// Cards for the ranks of each hand, suits taken in order, so hands never share a card.
fn hands(ranks: [&str; 3]) -> BySeat<CardSet, 3> {
    let mut used = CardSet::EMPTY;
    BySeat::from_fn(|seat: Seat| {
        let mut hand = CardSet::EMPTY;
        for (rank, n) in counts(ranks[seat.index()]).iter() {
            let cards: CardSet = (rank.cards() - used).iter().take(n as usize).collect();
            used |= cards;
            hand |= cards;
        }
        hand
    })
}

/// A card-play position: seat 0 is the landlord; `trick` is who played what last.
fn position(ranks: [&str; 3], to_move: usize, trick: Option<(usize, &str)>) -> State {
    let hands = hands(ranks);
    let trick = trick.map(|(s, text)| (Seat::ALL[s], play(text)));
    State::from_setup(Setup {
        settings: Settings::default(),
        hands,
        bottom: CardSet::EMPTY,
        landlord: Seat::ALL[0],
        base: 1,
        to_move: Seat::ALL[to_move],
        trick,
        bombs: 0,
        plays: BySeat::from_fn(|_| 1),
    })
    .unwrap()
}

fn decide(bot: &mut impl Bot, state: &State) -> Move {
    let view = state.view(state.to_move());
    let mv = bot.play(&view);
    let mut copy = *state;
    copy.play(mv).expect("the bot's move is legal");
    mv
}

#[test]
fn greedy_leads_a_pair_rather_than_a_bomb_as_four_with_two_pairs() {
    // Issue 19: greedy led 3333 + 55 + 66 as "four with two pairs".
    let state = position(["33335566K", "44", "44"], 0, None);
    let mv = decide(&mut GreedyBot::new(), &state);
    assert_eq!(mv, Move::Play(play("55")));
}

#[test]
fn greedy_does_not_split_the_rocket_into_singles() {
    // Issue 19: greedy beat a single K with the black joker, splitting the rocket.
    let state = position(["K9", "BR56", "34"], 1, Some((0, "K")));
    assert_eq!(decide(&mut GreedyBot::new(), &state), Move::Pass);
}

#[test]
fn greedy_does_not_beat_its_partner() {
    // Issue 19: farmer 2 beat farmer 1's 4 with a 5.
    let state = position(["KKAA2", "36", "59T"], 2, Some((1, "4")));
    assert_eq!(decide(&mut GreedyBot::new(), &state), Move::Pass);
}

#[test]
fn greedy_still_goes_out_over_its_partner() {
    let state = position(["KKAA2", "36", "9"], 2, Some((1, "4")));
    assert_eq!(decide(&mut GreedyBot::new(), &state), Move::Play(play("9")));
}

#[test]
fn greedy_choices_never_break_a_bomb_in_random_deals() {
    let mut greedy = GreedyBot::new();
    for seed in 0..40 {
        let mut game = Game::new(Settings::default(), seed);
        while game.state().phase() == Phase::Bidding {
            let view = game.view(game.state().to_move());
            game.bid(greedy.bid(&view)).unwrap();
        }
        while game.state().phase() == Phase::Playing {
            let seat = game.state().to_move();
            let hand = game.state().hand_counts(seat);
            let mv = greedy.play(&game.view(seat));
            if let Move::Play(p) = mv
                && p.len() != hand.len()
            {
                assert!(
                    !breaks_bomb(hand, p),
                    "seed {seed}: {p} breaks a bomb of {hand}"
                );
            }
            game.play(mv).unwrap();
        }
    }
}

#[test]
fn planner_leads_its_weakest_group_of_a_fewest_plays_plan() {
    // 34567 + 999K + 2: three plays; the chain is the weakest group.
    let state = position(["345679992K", "QQ", "JJ"], 0, None);
    assert_eq!(
        decide(&mut PlannerBot::new(), &state),
        Move::Play(play("34567"))
    );
}

#[test]
fn planner_as_landlord_leads_what_the_farmers_cannot_beat_before_its_last_weak_play() {
    // The farmers hold no card above the jack, so the J keeps the lead and the 3 is the only
    // play that may lose it: the J first, the 3 last (leading the 3 first hands them the lead).
    let state = position(
        [
            "3JQQQQKKKKAAAA2222BR",
            "333444455556666JJ",
            "777788889999TTTTJ",
        ],
        0,
        None,
    );
    assert_eq!(
        decide(&mut PlannerBot::new(), &state),
        Move::Play(play("J"))
    );
}

#[test]
fn planner_keeps_the_rocket_for_when_it_wins() {
    let state = position(["99TJQ", "BR56", "34"], 1, Some((0, "K")));
    assert_eq!(decide(&mut PlannerBot::new(), &state), Move::Pass);
    // With the landlord down to one card, the rocket stops it.
    let state = position(["9", "BR56", "34"], 1, Some((0, "K")));
    assert_eq!(
        decide(&mut PlannerBot::new(), &state),
        Move::Play(play("BR"))
    );
}

#[test]
fn planner_does_not_beat_its_partner() {
    let state = position(["KKAA2", "36", "59T"], 2, Some((1, "4")));
    assert_eq!(decide(&mut PlannerBot::new(), &state), Move::Pass);
}

#[test]
fn planner_feeds_a_partner_down_to_one_card() {
    // Farmer 2 leads; farmer 1 holds one card: lead the lowest single, not the pair.
    let state = position(["KKAA2", "9", "33TJ"], 2, None);
    assert_eq!(
        decide(&mut PlannerBot::new(), &state),
        Move::Play(play("3"))
    );
}

#[test]
fn planner_answers_cheaply_and_only_when_it_shortens_its_plan() {
    // 888 is a group of its plan: beat 555 with it.
    let state = position(["555J", "888QQ", "46"], 1, Some((0, "555")));
    assert_eq!(
        decide(&mut PlannerBot::new(), &state),
        Move::Play(play("888"))
    );
}

#[test]
fn planner_bids_by_strength_and_robs_only_when_strong() {
    let mut bot = PlannerBot::new();
    let strong = "3456789TJQKA22BR2";
    let weak = "33445566789TJQ9T8";
    for (hand, want_points, want_rob) in [(strong, Bid::Points(3), true), (weak, Bid::Pass, false)]
    {
        for mode in [BidMode::Points, BidMode::Rob] {
            let settings = Settings {
                bidding: mode,
                ..Settings::default()
            };
            let deal = doudizhu::Deal {
                hands: hands([hand, "", ""]),
                bottom: CardSet::EMPTY,
            };
            let mut rest = CardSet::ALL - deal.hands[Seat::ALL[0]];
            let mut deal = deal;
            for seat in [Seat::ALL[1], Seat::ALL[2]] {
                deal.hands[seat] = rest.iter().take(17).collect();
                rest -= deal.hands[seat];
            }
            deal.bottom = rest;
            let state = State::new(settings, &deal, Seat::ALL[0]).unwrap();
            let bid = bot.bid(&state.view(Seat::ALL[0]));
            match mode {
                BidMode::Points => assert_eq!(bid, want_points, "{hand}"),
                BidMode::Rob => assert_eq!(bid == Bid::Call, want_rob, "{hand}"),
            }
        }
    }
}

#[test]
fn planner_plays_whole_games_legally_and_they_end() {
    let mut bots = [PlannerBot::new(), PlannerBot::new(), PlannerBot::new()];
    for seed in 0..20 {
        let mut game = Game::new(Settings::default(), seed);
        loop {
            let seat = game.state().to_move();
            match game.state().phase() {
                Phase::Bidding => game.bid(bots[seat.index()].bid(&game.view(seat))).unwrap(),
                Phase::Playing => game
                    .play(bots[seat.index()].play(&game.view(seat)))
                    .unwrap(),
                Phase::AllPassed => {
                    game.redeal();
                }
                Phase::Finished => break,
            }
        }
        assert!(game.state().settlement().is_some());
    }
}

#[test]
fn decomposition_finds_a_two_play_split() {
    let mut search = Decomposer::new(RuleSet::DEFAULT);
    // 34567 then the pair chain 334455 (or 333444+57 then 55): two plays, found by the search
    // where a pass taking the longest group first (34567, then 33 44 55 or 333444 5 5) is not
    // guaranteed to.
    assert_eq!(search.cost(counts("33344455567")), 2);
}

/// Every bot decides from the view alone: permuting the cards hidden from it (the other
/// seats' hands, same sizes) never changes its move.
fn same_move_whatever_is_hidden(mut make: impl FnMut() -> Box<dyn Bot>) {
    for seed in 0..15u64 {
        let game = Game::new(Settings::default(), seed);
        let state = game.state();
        let me = state.to_move();
        let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != me).collect();
        let hidden = state.hand(others[0]) | state.hand(others[1]) | state.bottom();
        // Redistribute the hidden cards: the second seat's cards first.
        let mut order: Vec<_> = hidden.iter().collect();
        order.rotate_left(20);
        let mut deal = *game.deal();
        deal.hands[others[0]] = order[..17].iter().copied().collect();
        deal.hands[others[1]] = order[17..34].iter().copied().collect();
        deal.bottom = order[34..].iter().copied().collect();
        let twin = State::new(Settings::default(), &deal, me).unwrap();
        assert_eq!(twin.view(me), state.view(me));
        let a = make().bid(&state.view(me));
        let b = make().bid(&twin.view(me));
        assert_eq!(a, b);
    }
}

#[test]
fn every_bot_sees_only_its_view() {
    same_move_whatever_is_hidden(|| Box::new(GreedyBot::new()));
    same_move_whatever_is_hidden(|| Box::new(PlannerBot::new()));
    same_move_whatever_is_hidden(|| Box::new(RandomBot::new(1)));
}

/// Card play from `landlord_start` with planner bots, recording the history as `play_out`
/// does, until at most `left` cards remain; returns the state and the history.
fn late_position(seed: u64, left: usize) -> Option<(State, Vec<Turn>)> {
    let deal = doudizhu::Deal::from_seed(seed);
    let mut state = doudizhu::landlord_start(Settings::default(), &deal, Seat::ALL[0]);
    let mut bots = [PlannerBot::new(), PlannerBot::new(), PlannerBot::new()];
    let mut history = Vec::new();
    while state.phase() == Phase::Playing {
        let held: usize = Seat::ALL.iter().map(|&s| state.hand(s).len()).sum();
        if held <= left {
            return Some((state, history));
        }
        let seat = state.to_move();
        let mut view = state.view(seat);
        view.history.clone_from(&history);
        let mv = bots[seat.index()].play(&view);
        let action = match mv {
            Move::Pass => Action::Pass,
            Move::Play(p) => Action::Play {
                cards: state.cards_for(p),
                combo: p.combo,
            },
        };
        state.play(mv).unwrap();
        history.push(Turn { seat, action });
    }
    None
}

#[test]
fn sampled_endgames_agree_with_the_view() {
    let mut rng = cards_core::seeded_rng(8);
    let mut checked = 0;
    for seed in 0..20 {
        let Some((state, history)) = late_position(seed, 30) else {
            continue;
        };
        let me = state.to_move();
        let mut view = state.view(me);
        assert_eq!(
            sample_endgame(&view, &mut rng),
            None,
            "no history, no sample"
        );
        view.history = history;
        let played = played_cards(&view).unwrap();
        let hidden = CardSet::ALL - view.hand - played;
        for _ in 0..5 {
            let e = sample_endgame(&view, &mut rng).unwrap();
            assert_eq!(e.hands[me.index()], state.hand_counts(me));
            assert_eq!(e.to_move, me.index());
            assert_eq!(e.landlord, 0);
            let mut total = Counts::EMPTY;
            for seat in Seat::ALL {
                assert_eq!(e.hands[seat.index()].len(), state.hand(seat).len());
                if seat != me {
                    total = total.plus(e.hands[seat.index()]);
                }
            }
            assert_eq!(total, Counts::from_cards(hidden));
            if me != Seat::ALL[0] {
                let kept = Counts::from_cards(state.bottom() & hidden);
                assert!(kept.is_subset(e.hands[0]));
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
}

#[test]
fn planner_solves_the_endgame_it_would_misplay_by_plan() {
    // The landlord holds the rocket and a 4; each farmer holds a single 2, and the history
    // accounts for every other card. The plan leads the 4 (a 2 beats it and goes out); the
    // endgame search leads the rocket, then the 4 goes out.
    let state = position(["BR4", "2", "2"], 0, None);
    let mut view = state.view(Seat::ALL[0]);
    let held = state.hand(Seat::ALL[0]) | state.hand(Seat::ALL[1]) | state.hand(Seat::ALL[2]);
    view.history = vec![Turn {
        seat: Seat::ALL[1],
        action: Action::Play {
            cards: CardSet::ALL - held,
            combo: play("3").combo,
        },
    }];
    assert_eq!(PlannerBot::new().play(&view), Move::Play(play("BR")));
    // Without the history it cannot sample, and the plan decides.
    assert_eq!(
        PlannerBot::new().play(&state.view(Seat::ALL[0])),
        Move::Play(play("4"))
    );
}

#[test]
fn planner_sees_only_its_view_in_the_endgame() {
    // Late positions with the history: moving the hidden cards between the other two seats
    // (same sizes) leaves the view, and so the move, unchanged.
    let mut checked = 0;
    for seed in 0..10 {
        let Some((state, history)) = late_position(seed, 14) else {
            continue;
        };
        checked += 1;
        let me = state.to_move();
        let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != me).collect();
        let mut setup = state.to_setup().unwrap();
        let hidden: Vec<_> = (state.hand(others[0]) | state.hand(others[1]))
            .iter()
            .collect();
        let first = state.hand(others[0]).len();
        let mut order = hidden.clone();
        order.rotate_left(1);
        setup.hands[others[0]] = order[..first].iter().copied().collect();
        setup.hands[others[1]] = order[first..].iter().copied().collect();
        let twin = State::from_setup(setup).unwrap();
        let (mut a, mut b) = (state.view(me), twin.view(me));
        a.history.clone_from(&history);
        b.history = history;
        assert_eq!(a, b);
        assert_eq!(
            PlannerBot::with_seed(3).play(&a),
            PlannerBot::with_seed(3).play(&b)
        );
    }
    assert!(checked >= 2, "{checked}");
}
