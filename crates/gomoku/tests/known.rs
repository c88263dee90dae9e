//! Runs the known-answer table `tests/data/renju-fouls.txt` (its source is in its header)
//! through the fast judge and the definition-driven reference.

mod common;

use common::{Grid, marked};
use gomoku::{Foul, Rule};

#[test]
fn renju_foul_table() {
    let text = include_str!("data/renju-fouls.txt");
    let mut cases = 0;
    for block in text.split("\n= ").skip(1) {
        let mut lines = block.lines();
        let name = lines.next().unwrap();
        let expect = lines
            .next()
            .unwrap()
            .strip_prefix("expect: ")
            .unwrap()
            .trim();
        let expected = match expect {
            "none" => None,
            "overline" => Some(Foul::Overline),
            "double-four" => Some(Foul::DoubleFour),
            "double-three" => Some(Foul::DoubleThree),
            other => panic!("{name}: unknown expectation {other}"),
        };
        let diagram = lines.collect::<Vec<_>>().join("\n");
        let (pos, p) = marked(&diagram, Rule::Renju);
        assert_eq!(pos.foul_at(p), expected, "{name}");
        let reference = Grid::from_position(&pos).foul(
            p.x().into(),
            p.y().into(),
            pos.settings().three_at_five,
        );
        assert_eq!(reference, expected, "{name} (reference)");
        cases += 1;
    }
    assert_eq!(cases, 8);
}
