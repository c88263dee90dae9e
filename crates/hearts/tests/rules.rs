//! One test per rule and per setting, played through `Round` on explicit deals. Each test
//! quotes the rule from the specification (issue 8: Microsoft Hearts with its common variants).

mod common;

use cards_core::{BySeat, Card, CardSet, Suit};
use common::{card, hands, play_all, play_lowest, round, set};
use hearts::{
    EAST, IllegalMove, MoonScoring, Move, NORTH, PassDirection, Phase, ReplayError, Round, SOUTH,
    Seat, Settings, Setup, SetupError, WEST,
};

const MS: Settings = Settings::MICROSOFT;
const HOLD: PassDirection = PassDirection::Hold;
/// North all clubs, East all diamonds, South all hearts, West all spades.
const BY_SUIT: [&str; 4] = ["", "", "", ""];
/// N: clubs but K♣, and 2♦. E: 2♥ and diamonds. S: hearts but 2♥ 5♥, 3♠ 4♠.
/// W: K♣ 5♥ and spades but 3♠ 4♠ (Q♠ included). West wins trick one with K♣.
const WEST_WINS_FIRST: [&str; 4] = ["", "2H", "", "KC 5H 2S"];

/// Asserts that `seat` playing `text` is refused with `error` and changes nothing.
fn refused(round: &mut Round, seat: hearts::Seat, text: &str, error: IllegalMove) {
    let before = round.clone();
    assert_eq!(
        round.play(Move::Play(seat, card(text))),
        Err(error),
        "{text}"
    );
    assert_eq!(*round, before, "a refused play changes nothing");
}

#[test]
fn deals_are_checked() {
    let setup = |h| Setup {
        settings: MS,
        direction: HOLD,
        hands: h,
    };
    let mut bad = hands(BY_SUIT);
    bad[NORTH].remove(card("AC"));
    assert_eq!(
        Round::from_setup(setup(bad)),
        Err(SetupError::HandSize {
            seat: NORTH,
            len: 12
        })
    );
    bad[EAST].insert(card("2C"));
    assert_eq!(
        Round::from_setup(setup(bad)),
        Err(SetupError::Repeated(card("2C")))
    );
    let mut joker = hands(BY_SUIT);
    joker[WEST].insert(Card::RED_JOKER);
    assert_eq!(
        Round::from_setup(setup(joker)),
        Err(SetupError::NotStandard(Card::RED_JOKER))
    );
    assert!(Round::try_from(setup(hands(BY_SUIT))).is_ok());
}

#[test]
fn seeded_deals_are_reproducible_and_complete() {
    // "4 seats (N, E, S, W; play goes clockwise), 52 cards, 13 each, seeded deal."
    let a = Round::deal(MS, HOLD, 99);
    assert_eq!(a, Round::deal(MS, HOLD, 99));
    assert_ne!(a.hand(NORTH), Round::deal(MS, HOLD, 100).hand(NORTH));
    let all = common::SEATS.iter().fold(CardSet::EMPTY, |acc, &s| {
        assert_eq!(a.hand(s).len(), 13);
        assert!(acc.is_disjoint(a.hand(s)));
        acc | a.hand(s)
    });
    assert_eq!(all, CardSet::STANDARD);
}

#[test]
fn two_of_clubs_leads_the_first_trick() {
    // "The holder of 2♣ leads it to the first trick."
    let mut r = round(MS, HOLD, ["", "2C 3C", "", ""]);
    assert_eq!(r.to_move(), Some(EAST));
    refused(&mut r, EAST, "3C", IllegalMove::MustLeadTwoOfClubs);
    assert_eq!(r.legal_moves(), set("2C"));
    r.play(Move::Play(EAST, card("2C"))).unwrap();
}

#[test]
fn setting_any_club_may_lead_the_first_trick() {
    // Setting `any_club_leads` (OpenSpiel `can_lead_any_club`): the 2♣ holder leads any club.
    let any = Settings {
        any_club_leads: true,
        ..MS
    };
    let mut r = round(any, HOLD, WEST_WINS_FIRST);
    assert_eq!(r.to_move(), Some(NORTH));
    refused(&mut r, NORTH, "2D", IllegalMove::MustLeadClub);
    r.play(Move::Play(NORTH, card("AC"))).unwrap();
    let mut r = round(MS, HOLD, WEST_WINS_FIRST);
    refused(&mut r, NORTH, "AC", IllegalMove::MustLeadTwoOfClubs);
}

#[test]
fn turn_order_is_clockwise_and_enforced() {
    // "4 seats (N, E, S, W; play goes clockwise)"; error "not your turn".
    let mut r = round(MS, HOLD, BY_SUIT);
    refused(
        &mut r,
        SOUTH,
        "2H",
        IllegalMove::NotYourTurn {
            seat: SOUTH,
            turn: NORTH,
        },
    );
    r.play(Move::Play(NORTH, card("2C"))).unwrap();
    assert_eq!(r.to_move(), Some(EAST));
    refused(&mut r, EAST, "2C", IllegalMove::NotInHand(card("2C")));
}

#[test]
fn follow_suit_and_highest_card_of_the_led_suit_wins() {
    // "Follow suit when able. The highest card of the led suit wins; the winner leads next."
    let mut r = round(MS, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C 3D 3S");
    refused(
        &mut r,
        WEST,
        "2S",
        IllegalMove::MustFollowSuit { suit: Suit::Clubs },
    );
    r.play(Move::Play(WEST, card("KC"))).unwrap();
    assert_eq!(r.tricks_played(), 1);
    assert_eq!(r.completed_tricks().next().unwrap().winner(), Some(WEST));
    assert_eq!(r.to_move(), Some(WEST), "the winner leads next");
    assert_eq!(r.tricks_won(WEST), 1);
    assert_eq!(r.taken(WEST), set("2C 3D 3S KC"));
}

#[test]
fn no_points_on_the_first_trick() {
    // "First trick: a player void in clubs may not play a heart or Q♠ unless the hand holds
    // nothing else."
    let mut r = round(MS, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C");
    refused(&mut r, EAST, "2H", IllegalMove::NoPointsOnFirstTrick);
    play_all(&mut r, "3D");
    assert_eq!(r.legal_moves(), set("3S 4S"), "South must keep its hearts");
    // A hand of nothing but hearts may play one.
    let mut r = round(MS, HOLD, BY_SUIT);
    play_all(&mut r, "2C 2D");
    assert_eq!(r.legal_moves(), CardSet::suit(Suit::Hearts));
    play_all(&mut r, "AH");
    refused(&mut r, WEST, "QS", IllegalMove::NoPointsOnFirstTrick);
    play_all(&mut r, "AS");
}

#[test]
fn setting_points_allowed_on_the_first_trick() {
    // Setting `points_on_first_trick` (OpenSpiel `no_pts_on_first_trick = false`).
    let s = Settings {
        points_on_first_trick: true,
        ..MS
    };
    let mut r = round(s, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C 2H");
    let mut r = round(s, HOLD, BY_SUIT);
    play_all(&mut r, "2C 2D 2H QS");
    assert_eq!(r.points_taken(NORTH), 14);
}

#[test]
fn hearts_may_not_be_led_until_broken() {
    // "Hearts may not be led until broken (a heart has been played on an earlier trick)."
    let mut r = round(MS, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C 3D 3S KC");
    refused(&mut r, WEST, "5H", NOT_BROKEN);
    assert!(!r.hearts_broken());
    // East discards 2♥ on a spade lead: hearts are broken from the next trick on.
    play_all(&mut r, "QS 2D 2H 4S");
    assert!(r.hearts_broken());
    assert_eq!(r.to_move(), Some(WEST));
    assert_eq!(r.points_taken(WEST), 14);
    play_all(&mut r, "5H");
}

#[test]
fn hearts_may_be_led_by_a_hand_of_only_hearts() {
    // "… unless the leader holds only hearts."
    // West: K♣ and twelve hearts; it wins trick one with K♣ and must then lead a heart.
    let mut r = round(
        MS,
        HOLD,
        ["", "", "", "KC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"],
    );
    play_all(&mut r, "2C");
    let e = r.legal_moves().first().unwrap();
    r.play(Move::Play(EAST, e)).unwrap();
    let s = r.legal_moves().first().unwrap();
    r.play(Move::Play(SOUTH, s)).unwrap();
    play_all(&mut r, "KC");
    assert_eq!(r.to_move(), Some(WEST));
    assert!(!r.hearts_broken());
    assert_eq!(r.legal_moves(), r.hand(WEST));
    play_all(&mut r, "2H");
}

#[test]
fn setting_queen_of_spades_breaks_hearts() {
    // Setting `queen_breaks_hearts` (OpenSpiel `qs_breaks_hearts`, default true there; false in
    // Microsoft Hearts).
    for (breaks, expected) in [(false, Err(NOT_BROKEN)), (true, Ok(()))] {
        let s = Settings {
            queen_breaks_hearts: breaks,
            ..MS
        };
        let mut r = round(s, HOLD, WEST_WINS_FIRST);
        play_all(&mut r, "2C 3D 3S KC QS 2D 4D 4S");
        assert_eq!(r.hearts_broken(), breaks);
        assert_eq!(r.play(Move::Play(WEST, card("5H"))), expected);
    }
}

/// The refusal of a heart lead before hearts are broken, under the default rules.
const NOT_BROKEN: IllegalMove = IllegalMove::HeartsNotBroken {
    queen_breaks_hearts: false,
    must_lead_queen: false,
};

#[test]
fn hearts_not_broken_refusal_states_the_rule_in_force() {
    // Issue 13: the refusal said "until a heart has been played" even with
    // `queen_breaks_hearts` (Q♠ breaks them too), and did not say that a hand of only hearts
    // and Q♠ must lead Q♠.
    let qs = Settings {
        queen_breaks_hearts: true,
        ..MS
    };
    let mut r = round(qs, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C 3D 3S KC");
    let error = r.play(Move::Play(WEST, card("5H"))).unwrap_err();
    assert_eq!(
        error.to_string(),
        "hearts not broken: a heart may not be led until a heart or the queen of spades has been played"
    );
    let west = "KC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH";
    for (settings, breaks) in [(MS, "a heart"), (qs, "a heart or the queen of spades")] {
        let mut r = round(settings, HOLD, ["", "", "", west]);
        play_all(&mut r, "2C");
        for _ in 0..2 {
            let seat = r.to_move().unwrap();
            r.play(Move::Play(seat, r.legal_moves().first().unwrap()))
                .unwrap();
        }
        play_all(&mut r, "KC");
        let error = r.play(Move::Play(WEST, card("2H"))).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "hearts not broken: the hand holds only hearts and the queen of spades, so the queen of spades must be led (a heart may not be led until {breaks} has been played)"
            )
        );
        assert_eq!(
            r.view(WEST).check_play(card("2H")),
            Err(error),
            "the view agrees"
        );
    }
}

#[test]
fn setting_hearts_need_not_be_broken() {
    // Setting `must_break_hearts = false` (OpenSpiel `must_break_hearts`).
    let s = Settings {
        must_break_hearts: false,
        ..MS
    };
    let mut r = round(s, HOLD, WEST_WINS_FIRST);
    play_all(&mut r, "2C 3D 3S KC 5H");
}

#[test]
fn setting_lead_hearts_when_only_queen_and_hearts_remain() {
    // Setting `lead_hearts_with_only_queen` (OpenSpiel `can_lead_hearts_instead_of_qs`).
    let west = "KC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH";
    let must_lead_queen = IllegalMove::HeartsNotBroken {
        queen_breaks_hearts: false,
        must_lead_queen: true,
    };
    for (allowed, expected) in [(false, Err(must_lead_queen)), (true, Ok(()))] {
        let s = Settings {
            lead_hearts_with_only_queen: allowed,
            ..MS
        };
        let mut r = round(s, HOLD, ["", "", "", west]);
        play_all(&mut r, "2C");
        for _ in 0..2 {
            let seat = r.to_move().unwrap();
            r.play(Move::Play(seat, r.legal_moves().first().unwrap()))
                .unwrap();
        }
        play_all(&mut r, "KC");
        assert_eq!(r.hand(WEST), set("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"));
        assert_eq!(r.play(Move::Play(WEST, card("2H"))), expected);
        if !allowed {
            play_all(&mut r, "QS");
        }
    }
}

#[test]
fn shooting_the_moon_scores_26_to_every_other_seat() {
    // "A seat that takes all hearts and Q♠ shoots the moon: it scores 0 and every other seat 26."
    let mut r = round(MS, HOLD, BY_SUIT);
    play_lowest(&mut r);
    let result = r.result().unwrap();
    assert_eq!(result.moon, Some(NORTH));
    assert_eq!(result.points.into_array(), [0, 26, 26, 26]);
    assert_eq!(result.penalty.into_array(), [26, 0, 0, 0]);
    assert_eq!(result.tricks.into_array(), [13, 0, 0, 0]);
    assert_eq!(r.phase(), Phase::Over);
    assert_eq!(
        r.play(Move::Play(NORTH, card("2C"))),
        Err(IllegalMove::NotPlaying { phase: Phase::Over })
    );
}

#[test]
fn setting_shooter_minus_26() {
    // "(a setting offers "shooter −26" instead)"
    let mut r = round(
        Settings {
            moon: MoonScoring::ShooterMinus26,
            ..MS
        },
        HOLD,
        BY_SUIT,
    );
    play_lowest(&mut r);
    assert_eq!(r.result().unwrap().points.into_array(), [-26, 0, 0, 0]);
}

#[test]
fn setting_jack_of_diamonds_and_no_tricks_bonuses() {
    // Settings `jack_of_diamonds` (OpenSpiel `jd_bonus`: J♦ −10) and `no_tricks_bonus`
    // (OpenSpiel `avoid_all_tricks_bonus`: −5 for taking no tricks).
    let s = Settings {
        jack_of_diamonds: true,
        ..MS
    };
    let mut r = round(s, HOLD, BY_SUIT);
    play_lowest(&mut r);
    assert_eq!(r.result().unwrap().points.into_array(), [-10, 26, 26, 26]);
    // Without a moon, a seat that takes no trick scores its (zero) points − 5.
    let s = Settings {
        no_tricks_bonus: true,
        ..MS
    };
    let mut checked = 0;
    for seed in 0..200 {
        let mut r = Round::deal(s, HOLD, seed);
        play_lowest(&mut r);
        let result = r.result().unwrap();
        if result.moon.is_some() {
            continue;
        }
        for seat in Seat::ALL {
            let expected =
                i32::from(result.penalty[seat]) - if result.tricks[seat] == 0 { 5 } else { 0 };
            assert_eq!(result.points[seat], expected, "seed {seed}");
            checked += usize::from(result.tricks[seat] == 0);
        }
    }
    assert!(checked > 0, "some seat took no trick");
}

#[test]
fn no_tricks_bonus_is_not_given_in_a_moon_hand() {
    // Issue 13: OpenSpiel's `avoid_all_tricks_bonus` awards no −5 in a hand in which someone shot
    // the moon (hearts.cc, `ComputeScore`: `if (avoid_all_tricks_bonus_ && !moon_shot)`); parlor
    // gave East, South and West 26 − 5 here. North takes every trick and shoots the moon.
    let s = Settings {
        no_tricks_bonus: true,
        ..MS
    };
    let mut r = round(s, HOLD, BY_SUIT);
    play_lowest(&mut r);
    let result = r.result().unwrap();
    assert_eq!(result.moon, Some(NORTH));
    assert_eq!(result.tricks.into_array(), [13, 0, 0, 0]);
    assert_eq!(result.points.into_array(), [0, 26, 26, 26]);
    let minus = Settings {
        moon: MoonScoring::ShooterMinus26,
        ..s
    };
    let mut r = round(minus, HOLD, BY_SUIT);
    play_lowest(&mut r);
    assert_eq!(r.result().unwrap().points.into_array(), [-26, 0, 0, 0]);
}

#[test]
fn ordinary_hands_score_one_per_heart_and_13_for_the_queen() {
    // "Scoring: 1 per heart, 13 for Q♠."
    let mut ordinary = 0;
    for seed in 0..20 {
        let mut r = Round::deal(MS, HOLD, seed);
        play_lowest(&mut r);
        let result = r.result().unwrap();
        if result.moon.is_some() {
            continue;
        }
        ordinary += 1;
        for seat in common::SEATS {
            assert_eq!(
                result.points[seat],
                hearts::penalty_points(r.taken(seat)) as i32
            );
            assert_eq!(result.penalty[seat] as i32, result.points[seat]);
        }
        assert_eq!(result.points.iter().map(|(_, &p)| p).sum::<i32>(), 26);
    }
    assert!(ordinary > 10);
}

#[test]
fn passes_are_hidden_until_every_seat_has_chosen() {
    // "All seats choose before any pass is revealed; a seat knows the cards it received."
    for direction in [
        PassDirection::Left,
        PassDirection::Right,
        PassDirection::Across,
    ] {
        let mut r = Round::deal(MS, direction, 5);
        let dealt: BySeat<CardSet, 4> = BySeat::from_fn(|s| r.hand(s));
        let passes: BySeat<CardSet, 4> = BySeat::from_fn(|s| dealt[s].iter().take(3).collect());
        assert_eq!(
            r.play(Move::Play(NORTH, card("2C"))),
            Err(IllegalMove::NotPlaying {
                phase: Phase::Passing
            })
        );
        for seat in [NORTH, EAST, SOUTH] {
            r.play(Move::Pass(seat, passes[seat])).unwrap();
            for s in common::SEATS {
                assert_eq!(r.hand(s), dealt[s], "nothing moves before the last pass");
                assert_eq!(r.view(s).received(), None);
            }
        }
        assert_eq!(r.view(NORTH).passed(), Some(passes[NORTH]));
        assert!(r.view(WEST).must_pass());
        r.play(Move::Pass(WEST, passes[WEST])).unwrap();
        assert_eq!(r.phase(), Phase::Playing);
        for seat in common::SEATS {
            let giver = direction.giver(seat);
            assert_eq!(r.view(seat).received(), Some(passes[giver]));
            assert_eq!(r.hand(seat), (dealt[seat] - passes[seat]) | passes[giver]);
        }
        let leader = r.to_move().unwrap();
        assert!(
            r.hand(leader).contains(hearts::TWO_OF_CLUBS),
            "the holder after passing leads"
        );
    }
    assert_eq!(PassDirection::Left.receiver(NORTH), EAST);
    assert_eq!(PassDirection::Right.receiver(NORTH), WEST);
    assert_eq!(PassDirection::Across.receiver(NORTH), SOUTH);
}

#[test]
fn bad_passes_are_refused_and_change_nothing() {
    let mut r = Round::deal(MS, PassDirection::Left, 8);
    let hand = r.hand(NORTH);
    let before = r.clone();
    let two: CardSet = hand.iter().take(2).collect();
    assert_eq!(
        r.play(Move::Pass(NORTH, two)),
        Err(IllegalMove::WrongCount(2))
    );
    let foreign = r.hand(EAST).first().unwrap();
    assert_eq!(
        r.play(Move::Pass(NORTH, two.with(foreign))),
        Err(IllegalMove::NotInHand(foreign))
    );
    assert_eq!(r, before);
    let three: CardSet = hand.iter().take(3).collect();
    r.play(Move::Pass(NORTH, three)).unwrap();
    let after = r.clone();
    assert_eq!(
        r.play(Move::Pass(NORTH, three)),
        Err(IllegalMove::AlreadyChosen(NORTH))
    );
    assert_eq!(r, after);
    let mut hold = Round::deal(MS, HOLD, 8);
    assert_eq!(
        hold.play(Move::Pass(NORTH, hold.hand(NORTH).iter().take(3).collect())),
        Err(IllegalMove::NotPassing {
            phase: Phase::Playing
        })
    );
}

#[test]
fn rounds_replay_from_their_record() {
    // "A round can be replayed from a record of passes and plays."
    let mut r = Round::deal(MS, PassDirection::Across, 21);
    for seat in common::SEATS {
        r.play(Move::Pass(
            seat,
            r.hand(seat).iter().rev().take(3).collect(),
        ))
        .unwrap();
    }
    for _ in 0..30 {
        let seat = r.to_move().unwrap();
        r.play(Move::Play(seat, r.legal_moves().last().unwrap()))
            .unwrap();
    }
    let record = r.record();
    assert_eq!(Round::replay(&record).as_ref(), Ok(&r));
    let mut bad = record.clone();
    bad.plays[10] = bad.plays[9];
    assert!(matches!(
        Round::replay(&bad),
        Err(ReplayError::Play { index: 10, .. })
    ));
    let mut bad = record;
    bad.passes[SOUTH] = None;
    assert_eq!(Round::replay(&bad), Err(ReplayError::PassesMismatch));
}
