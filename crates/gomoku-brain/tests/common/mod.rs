//! Brute-force references over the rules crate alone (no brain code): win-in-one points,
//! five threats, and a naive VCF search; and the suite file format.

#![allow(dead_code)]

use gomoku::{Color, Outcome, Point, Position, Rule, Settings, Setup, format_moves, parse_moves};

/// The legal points where the side to move makes a winning five.
pub fn winning_points(pos: &Position) -> Vec<Point> {
    let me = pos.to_move();
    let mut scratch = pos.clone();
    pos.legal_moves()
        .iter()
        .filter(|&p| {
            let won = matches!(scratch.play_unchecked(p), Some(Outcome::Five { winner, .. }) if winner == me);
            scratch.unplay_unchecked(p);
            won
        })
        .collect()
}

/// `pos` with `color` to move (the same stones).
pub fn with_to_move(pos: &Position, color: Color) -> Position {
    let mut setup = pos.to_setup();
    setup.to_move = Some(color);
    Position::from_setup(&setup).expect("a position with another side to move")
}

/// The points where the opponent of the side to move would make a five.
pub fn threats(pos: &Position) -> Vec<Point> {
    winning_points(&with_to_move(pos, pos.to_move().other()))
}

/// The one legal block of a single five threat when the side to move cannot win at once.
pub fn forced_block(pos: &Position) -> Option<Point> {
    if !winning_points(pos).is_empty() {
        return None;
    }
    match threats(pos).as_slice() {
        [p] if pos.check(*p).is_ok() => Some(*p),
        _ => None,
    }
}

/// The attacker's five points on the lines through `m` (which the attacker just played,
/// having had no five point before).
fn five_points_through(pos: &Position, m: Point, attacker: Color) -> Vec<Point> {
    let mut scratch = with_to_move(pos, attacker);
    let mut out = Vec::new();
    for (dx, dy) in gomoku::DIRECTIONS {
        for k in (-4..=4).filter(|&k| k != 0) {
            let Some(q) = m.offset(k * dx, k * dy) else {
                continue;
            };
            if out.contains(&q) || scratch.check(q).is_err() {
                continue;
            }
            if matches!(scratch.play_unchecked(q), Some(Outcome::Five { winner, .. }) if winner == attacker)
            {
                out.push(q);
            }
            scratch.unplay_unchecked(q);
        }
    }
    out
}

/// Whether the side to move wins by continuous fours within `depth` fours, trying every
/// legal point at every step.
pub fn naive_vcf(pos: &Position, depth: u32) -> bool {
    if !winning_points(pos).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let me = pos.to_move();
    let threats = threats(pos);
    let candidates: Vec<Point> = match threats.as_slice() {
        [] => pos.legal_moves().iter().collect(),
        [block] if pos.check(*block).is_ok() => vec![*block],
        _ => return false,
    };
    for m in candidates {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let fives = five_points_through(&after, m, me);
        match fives.as_slice() {
            [] => {}
            [block] => {
                if after.check(*block).is_err() {
                    return true;
                }
                let mut next = after.clone();
                next.play_unchecked(*block);
                if !next.is_over() && naive_vcf(&next, depth - 1) {
                    return true;
                }
            }
            _ => return true,
        }
    }
    false
}

/// Checks that `line` (attacker first) is a VCF in `pos`: every attacking move leaves the
/// attacker exactly one five point that the defender takes, and the line ends with the
/// attacker's five or with a four the defender cannot stop.
pub fn check_vcf_line(pos: &Position, line: &[Point]) -> Result<(), String> {
    let me = pos.to_move();
    let mut p = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        p.check(m).map_err(|e| format!("move {i} ({m}): {e}"))?;
        let outcome = p.play_unchecked(m);
        if i % 2 == 1 {
            continue;
        }
        if let Some(o) = outcome {
            return if o.winner() == Some(me) && i + 1 == line.len() {
                Ok(())
            } else {
                Err(format!("move {i} ({m}) ends the game: {o}"))
            };
        }
        let fives = five_points_through(&p, m, me);
        match (fives.as_slice(), line.get(i + 1)) {
            ([], _) => return Err(format!("move {i} ({m}) is not a four")),
            ([block], Some(&reply)) if reply == *block => {}
            ([block], None) if p.check(*block).is_err() => return Ok(()),
            ([_, _, ..], None) if winning_points(&p).is_empty() => return Ok(()),
            _ => {
                return Err(format!(
                    "after move {i} ({m}) the reply is not forced: {fives:?}"
                ));
            }
        }
    }
    Err("the line ends without a win".to_owned())
}

/// One suite position.
#[derive(Clone, Debug)]
pub struct Case {
    pub rule: Rule,
    pub size: u8,
    pub kind: String,
    pub answers: Vec<Point>,
    pub moves: Vec<Point>,
}

impl Case {
    pub fn position(&self) -> Position {
        let mut pos = Position::new(self.size, self.size, Settings::new(self.rule)).unwrap();
        for &m in &self.moves {
            pos.play(m).unwrap();
        }
        pos
    }

    pub fn line(&self) -> String {
        format!(
            "{} | {} | {} | {} | {}",
            self.rule,
            self.size,
            self.kind,
            format_moves(&self.answers),
            format_moves(&self.moves)
        )
    }
}

/// Reads a suite: `rule | size | kind | answers | moves` lines, `#` comments.
pub fn read_suite(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 5, "bad suite line {l:?}");
            Case {
                rule: f[0].parse().unwrap(),
                size: f[1].parse().unwrap(),
                kind: f[2].to_owned(),
                answers: parse_moves(f[3]).unwrap(),
                moves: parse_moves(f[4]).unwrap(),
            }
        })
        .collect()
}

/// An empty setup, for tests that build positions by hand.
pub fn empty(size: u8, rule: Rule) -> Setup {
    Setup::empty(size, size, rule)
}
