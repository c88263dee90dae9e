//! The bots: the greedy bot's and hint's fixes (bombs and the rocket kept whole, the partner
//! not beaten), the planning bot's choices in built positions, and that every bot decides
//! from its seat's view alone.

use cards_core::{BySeat, CardSet};
use doudizhu::{
    Bid, BidMode, Bot, Counts, Decomposer, Game, GreedyBot, Move, Phase, PlannerBot, Play,
    RandomBot, RuleSet, Seat, Settings, Setup, State, breaks_bomb,
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
