//! One property per parser: arbitrary strings and bytes never panic, and whatever parses
//! prints back to a text that parses to the same value (parse(display(x)) == x). Generated
//! values (points, move lists, boards) round-trip through their text too.

use gomoku::opening::OpeningRule;
use gomoku::{
    Action, Board, Color, Point, PointSet, Rule, Setup, ThreeAtFive, format_moves, parse_moves,
};
use proptest::prelude::*;

/// Arbitrary text: printable strings, strings near the notations, and bytes read as UTF-8.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,24}",
        "[a-zA-Z]{0,3}[0-9]{0,4}(,[0-9 ]{0,4})?",
        "([a-zA-Z_-]{0,12}[0-9]{0,3}[ ;,]?){0,4}",
        prop::collection::vec(any::<u8>(), 0..32)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// A diagram-like text: rows of cells with optional row numbers.
fn diagram_text() -> impl Strategy<Value = String> {
    prop::collection::vec("[0-9]{0,2} ?[.XO+xoBW·●○ -]{0,12}", 0..10)
        .prop_map(|rows| rows.join("\n"))
}

fn board() -> impl Strategy<Value = Board> {
    (5u8..=32, 5u8..=32).prop_flat_map(|(w, h)| {
        prop::collection::vec(0u8..3, usize::from(w) * usize::from(h)).prop_map(move |cells| {
            let mut board = Board::new(w, h).unwrap();
            for (i, c) in cells.into_iter().enumerate() {
                let p = Point::new((i % usize::from(w)) as u8, (i / usize::from(w)) as u8);
                match c {
                    1 => board.place_unchecked(p, Color::Black),
                    2 => board.place_unchecked(p, Color::White),
                    _ => {}
                }
            }
            board
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn points_parse_back(s in text(), x in 0u8..32, y in 0u8..32) {
        if let Ok(p) = s.parse::<Point>() {
            prop_assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
        let p = Point::new(x, y);
        prop_assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        prop_assert_eq!(p.gomocup().to_string().parse::<Point>(), Ok(p));
    }

    #[test]
    fn move_lists_parse_back(s in text(), points in prop::collection::vec((0u8..32, 0u8..32), 0..12)) {
        if let Ok(moves) = parse_moves(&s) {
            prop_assert_eq!(parse_moves(&format_moves(&moves)), Ok(moves));
        }
        let moves: Vec<Point> = points.into_iter().map(|(x, y)| Point::new(x, y)).collect();
        prop_assert_eq!(parse_moves(&format_moves(&moves)), Ok(moves.clone()));
        let run_together: String = moves.iter().map(ToString::to_string).collect();
        prop_assert_eq!(parse_moves(&run_together), Ok(moves));
    }

    #[test]
    fn diagrams_parse_back(s in prop_oneof![text(), diagram_text()], board in board()) {
        if let Ok(setup) = Setup::from_diagram(&s, Rule::Renju) {
            let mut b = Board::new(setup.width, setup.height).unwrap();
            for (color, list) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
                for &p in list {
                    b.place_unchecked(p, color);
                }
            }
            prop_assert_eq!(Setup::from_diagram(&b.diagram(), Rule::Renju), Ok(setup));
        }
        let setup = Setup::from_diagram(&board.diagram(), Rule::Renju).unwrap();
        prop_assert_eq!((setup.width, setup.height), (board.width(), board.height()));
        prop_assert_eq!(setup.black.into_iter().collect::<PointSet>(), board.points(Color::Black));
        prop_assert_eq!(setup.white.into_iter().collect::<PointSet>(), board.points(Color::White));
    }

    #[test]
    fn names_parse_back(s in text()) {
        if let Ok(r) = s.parse::<Rule>() {
            prop_assert_eq!(r.to_string().parse::<Rule>(), Ok(r));
        }
        if let Ok(c) = s.parse::<Color>() {
            prop_assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        }
        if let Ok(o) = s.parse::<OpeningRule>() {
            prop_assert_eq!(o.to_string().parse::<OpeningRule>(), Ok(o));
        }
    }

    #[test]
    fn actions_parse_back(s in text()) {
        if let Ok(a) = s.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
    }
}

#[test]
fn every_opening_rule_and_three_reading_has_a_text_that_parses_back() {
    for n in 1..=10 {
        for rule in [OpeningRule::Soosorv { n }, OpeningRule::Taraguchi { n }] {
            assert_eq!(rule.to_string().parse(), Ok(rule));
        }
    }
    for reading in [ThreeAtFive::Ignored, ThreeAtFive::Counts] {
        let json = serde_json::to_string(&reading).unwrap();
        assert_eq!(serde_json::from_str::<ThreeAtFive>(&json).unwrap(), reading);
    }
}
