//! Every rule-setting parser of the rules crates, each read back from what it writes.
#![no_main]

use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    round_trip::<klondike::Draw>(&text);
    round_trip::<klondike::PassLimit>(&text);
    round_trip::<klondike::Scoring>(&text);
    round_trip::<klondike::AutoMove>(&text);
    round_trip::<doudizhu::RuleSet>(&text);
    round_trip::<doudizhu::Bid>(&text);
    round_trip::<xiangqi::RepetitionRule>(&text);
    round_trip::<gomoku::Rule>(&text);
    round_trip::<gomoku::Color>(&text);
    round_trip::<gomoku::opening::OpeningRule>(&text);
    round_trip::<hearts::PassDirection>(&text);
    round_trip::<hearts::PassSchedule>(&text);
    if let Some(seat) = hearts::parse_seat(&text) {
        assert_eq!(
            hearts::parse_seat(hearts::seat_name(seat)),
            Some(seat),
            "{text:?}"
        );
    }
});
