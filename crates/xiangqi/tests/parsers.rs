//! A proptest per parser, on arbitrary strings and bytes and on text shaped like its input:
//! no panic, and parse(display(x)) == x wherever x parses.

use proptest::prelude::*;
use xiangqi::{
    Color, Description, Move, Notation, Position, RuleSet, Script, Setup, Validation, read_pgn,
    write_pgn,
};

const NOTATIONS: [Notation; 4] = [
    Notation::Iccs,
    Notation::Wxf,
    Notation::ChineseSimplified,
    Notation::ChineseTraditional,
];

/// Arbitrary text: any characters, or bytes read as UTF-8 (lossily).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,60}",
        prop::collection::vec(any::<u8>(), 0..60)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// Text shaped like a FEN: ten ranks of piece letters and digits, a side, counters.
fn fen_like() -> impl Strategy<Value = String> {
    (
        prop::collection::vec("[rnbakcpRNBAKCPheHE1-9]{1,9}", 9..11),
        "( [wbrWB]( - -)?( [0-9]{1,3} [0-9]{1,3})?)?",
    )
        .prop_map(|(ranks, rest)| format!("{}{rest}", ranks.join("/")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn fen_parser(s in prop_oneof![text(), fen_like()]) {
        if let Ok(setup) = s.parse::<Setup>() {
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
        }
        for validation in [Validation::Strict, Validation::Permissive] {
            if let Ok(p) = Position::from_fen_with(&s, validation) {
                prop_assert_eq!(Position::from_fen_with(&p.fen(), validation), Ok(p));
            }
        }
    }

    #[test]
    fn iccs_parser(s in prop_oneof![text(), "[a-jA-J0-9 \\-]{0,6}"]) {
        if let Ok(m) = s.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }

    #[test]
    fn wxf_parser(s in prop_oneof![text(), "[+\\-.=0-9KAEBHNRCPGSkaehnrcp]{0,5}"]) {
        if let Some(d) = Description::parse_wxf(&s) {
            prop_assert_eq!(Description::parse_wxf(&d.wxf()), Some(d), "{}", d.wxf());
        }
    }

    #[test]
    fn chinese_parser(
        s in prop_oneof![
            text(),
            "[前中後后一二三四五六七八九1-9１-９帥帅將将仕士相象傌馬马俥車车炮砲包兵卒進进退平]{0,6}",
        ]
    ) {
        if let Some(d) = Description::parse_chinese(&s) {
            for color in Color::ALL {
                for script in [Script::Simplified, Script::Traditional] {
                    let written = d.chinese(color, script);
                    prop_assert_eq!(Description::parse_chinese(&written), Some(d), "{}", written);
                }
            }
        }
    }

    #[test]
    fn move_text_in_a_position(s in prop_oneof![text(), "[+\\-.=1-9KAEHRCPkaehrcp炮二平五进]{0,5}"]) {
        let p = Position::default();
        if let Ok(m) = p.parse_move(&s) {
            for notation in NOTATIONS {
                prop_assert_eq!(p.parse_move(&p.write_move(m, notation)), Ok(m));
            }
        }
    }

    #[test]
    fn pgn_parser(
        s in prop_oneof![
            text(),
            "(\\[[A-Za-z]{1,5} \"[ -~]{0,10}\"\\]\n){0,3}\n([0-9]{1,2}\\.{1,3} )?(h2e2|h9g7|C2\\.5|H8\\+7|炮二平五|\\{c\\}|\\(x\\)|1-0| ){0,6}",
        ]
    ) {
        if let Ok(read) = read_pgn(&s, RuleSet::default(), Validation::Permissive) {
            for notation in NOTATIONS {
                let text = write_pgn(&read.game, notation, &[]);
                let back = read_pgn(&text, RuleSet::default(), Validation::Permissive)
                    .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                prop_assert_eq!(back.game.start(), read.game.start());
                prop_assert_eq!(back.game.moves().collect::<Vec<_>>(), read.game.moves().collect::<Vec<_>>());
            }
        }
    }
}
