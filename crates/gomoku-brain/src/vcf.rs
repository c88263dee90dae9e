//! Threat-space search for the side to move: VCF (victory by continuous fours: every attacking
//! move makes a four, so the defender's reply is forced) and VCT (victory by continuous threats:
//! fours and open threes, where the defender tries every move that stops the threat or makes a
//! four of their own, and a three fails if the defender then has a VCF).
//!
//! Both return the winning line: attacker and defender moves alternating, ending with the
//! attacker's five, or with the attacker's move that leaves the defender no defence (two five
//! points, or a block that is a renju foul for Black).

use crate::board::{Cell, SearchBoard};
use crate::patterns::Summary;
use crate::time::Clock;
use gomoku::Color;
use std::collections::HashMap;

/// Positions (by hash) already shown not to win within a depth, with that depth.
#[derive(Debug, Default)]
pub struct Failures(HashMap<u64, u32>);

impl Failures {
    fn known(&self, hash: u64, depth: u32) -> bool {
        self.0.get(&hash).is_some_and(|&d| d >= depth)
    }

    fn record(&mut self, hash: u64, depth: u32) {
        let d = self.0.entry(hash).or_insert(0);
        *d = (*d).max(depth);
    }
}

/// The cells where `color` makes a four (or better) and may legally play, strongest first.
fn four_moves(b: &SearchBoard, color: Color) -> Vec<Cell> {
    let mut out: Vec<Cell> = b
        .threat_cells(&[color])
        .filter(|&c| b.summary(c, color).fours > 0)
        .filter(|&c| !b.is_forbidden_for(c, color))
        .collect();
    out.sort_by_key(|&c| -b.summary(c, color).score);
    out
}

/// Up to two of `color`'s five points.
fn five_points(b: &SearchBoard, color: Color) -> Vec<Cell> {
    b.fives(color).take(2).collect()
}

/// A VCF for the side to move within `depth` fours: the line, or `None`.
pub fn vcf(b: &mut SearchBoard, clock: &mut Clock, depth: u32) -> Option<Vec<Cell>> {
    let mut failures = Failures::default();
    let mut line = Vec::new();
    vcf_in(b, clock, depth, &mut failures, &mut line).then(|| {
        line.reverse();
        line
    })
}

/// What every threat search checks first: a five of the side to move (pushed on `line`:
/// `Some(true)`), or the depth, time or a known failure ruling the node out (`Some(false)`);
/// `None` when the node must be searched.
fn settled(
    b: &SearchBoard,
    clock: &mut Clock,
    depth: u32,
    failures: &Failures,
    line: &mut Vec<Cell>,
) -> Option<bool> {
    if let Some(&five) = five_points(b, b.to_move()).first() {
        line.push(five);
        return Some(true);
    }
    (depth == 0 || clock.tick() || failures.known(b.hash(), depth)).then_some(false)
}

/// The VCF recursion; on success `line` holds the winning line, last move first.
fn vcf_in(
    b: &mut SearchBoard,
    clock: &mut Clock,
    depth: u32,
    failures: &mut Failures,
    line: &mut Vec<Cell>,
) -> bool {
    if let Some(result) = settled(b, clock, depth, failures, line) {
        return result;
    }
    let me = b.to_move();
    let op = me.other();
    let threats = five_points(b, op);
    let moves = match threats.as_slice() {
        [] => four_moves(b, me),
        [block] if b.summary(*block, me).fours > 0 && !b.is_forbidden(*block) => vec![*block],
        _ => Vec::new(),
    };
    let mut points = Vec::with_capacity(2);
    for m in moves {
        b.play(m);
        b.five_points_through(m, me, &mut points);
        let won = match points.as_slice() {
            [] => false,
            // The defender cannot block (a renju foul), or two five points: one is left.
            [block] if b.is_forbidden(*block) => {
                line.push(m);
                true
            }
            [block] => {
                let block = *block;
                b.play(block);
                let won = vcf_in(b, clock, depth - 1, failures, line);
                b.undo();
                if won {
                    line.extend([block, m]);
                }
                won
            }
            _ => {
                line.push(m);
                true
            }
        };
        b.undo();
        if won {
            return true;
        }
    }
    if !clock.expired() {
        failures.record(b.hash(), depth);
    }
    false
}

/// Cells that answer an attacker's open three made on `m`: where the attacker would make a
/// four on the lines through `m` or anywhere an unstoppable four, and the defender's fours.
fn three_defences(b: &SearchBoard, m: Cell, attacker: Color) -> Vec<Cell> {
    let defender = attacker.other();
    let mut out = four_points_near(b, m, attacker);
    for c in b.threat_cells(&[attacker, defender]) {
        if !out.contains(&c)
            && (b.summary(c, attacker).is_winning_four() || b.summary(c, defender).fours > 0)
        {
            out.push(c);
        }
    }
    out.retain(|&c| !b.is_forbidden_for(c, defender));
    out
}

/// The defender's answers to an attacker's three that still stands (it has points for an
/// unstoppable four): the points that may stop all of them, each the point itself or one
/// on its lines where the attacker makes a four (as for a new three), and the defender's
/// fours; `None` when no such three stands.
fn standing_defences(b: &SearchBoard, attacker: Color) -> Option<Vec<Cell>> {
    let defender = attacker.other();
    let cells: Vec<Cell> = b.threat_cells(&[attacker, defender]).collect();
    let mut standing = cells
        .iter()
        .copied()
        .filter(|&c| b.summary(c, attacker).is_winning_four() && !b.is_forbidden_for(c, attacker));
    let first = standing.next()?;
    let mut out = vec![first];
    out.extend(four_points_near(b, first, attacker));
    for p in standing {
        let near = four_points_near(b, p, attacker);
        out.retain(|&c| c == p || near.contains(&c));
    }
    for c in cells {
        if b.summary(c, defender).fours > 0 && !out.contains(&c) {
            out.push(c);
        }
    }
    out.retain(|&c| !b.is_forbidden_for(c, defender));
    Some(out)
}

/// The empty cells within five of `p` on its lines where `attacker` makes a four.
fn four_points_near(b: &SearchBoard, p: Cell, attacker: Color) -> Vec<Cell> {
    let mut out = Vec::new();
    for d in 0..4 {
        for k in (-5..=5).filter(|&k| k != 0) {
            let c = b.step(p, d, k);
            if b.is_empty(c) && b.summary(c, attacker).fours > 0 {
                out.push(c);
            }
        }
    }
    out
}

/// Whether a stone with this summary makes a four or an open three: a move the defender must
/// answer.
const fn is_threat(s: Summary) -> bool {
    s.fours > 0 || s.open_threes > 0
}

/// A VCT for the side to move within `depth` attacking moves (fours within them are searched
/// as a VCF of `vcf_depth`): the line along the defender's best try, or `None`. The depth
/// grows one attacking move at a time, so the short wins come first and, when the clock
/// stops a deep search, the shallow ones were read whole. The defender may answer a three
/// with fours of its own: the attacker's forced blocks count as attacking moves, and after
/// a block that is no threat the attack goes on while an earlier three still stands.
pub fn vct(
    b: &mut SearchBoard,
    clock: &mut Clock,
    depth: u32,
    vcf_depth: u32,
) -> Option<Vec<Cell>> {
    let mut failures = VctFailures::default();
    let mut line = Vec::new();
    for d in 1..=depth {
        if vct_in(b, clock, d, vcf_depth, &mut failures, &mut line) {
            line.reverse();
            return Some(line);
        }
        if clock.expired() {
            break;
        }
    }
    None
}

/// What one VCT has shown not to win: its own positions, and those of the VCFs inside it
/// (all `vcf_depth` deep: the VCFs of all its nodes, the attacker's and the defender's
/// refutations, share one table).
#[derive(Debug, Default)]
struct VctFailures {
    vct: Failures,
    vcf: Failures,
}

fn vct_in(
    b: &mut SearchBoard,
    clock: &mut Clock,
    depth: u32,
    vcf_depth: u32,
    failures: &mut VctFailures,
    line: &mut Vec<Cell>,
) -> bool {
    if let Some(result) = settled(b, clock, depth, &failures.vct, line) {
        return result;
    }
    let me = b.to_move();
    let op = me.other();
    let threats = five_points(b, op);
    if threats.is_empty() {
        let mut sub = Vec::new();
        if vcf_in(b, clock, vcf_depth, &mut failures.vcf, &mut sub) {
            line.extend(sub);
            return true;
        }
    }
    let (mut moves, quiet_block): (Vec<Cell>, bool) = match threats.as_slice() {
        [] => (
            b.threat_cells(&[me])
                .filter(|&c| is_threat(b.summary(c, me)))
                .collect(),
            false,
        ),
        // A forced block that is no threat itself continues the attack only while an
        // earlier three of the attacker stands (the defender made a four instead).
        [block] => (vec![*block], !is_threat(b.summary(*block, me))),
        _ => return false,
    };
    moves.retain(|&c| !b.is_forbidden(c));
    moves.sort_by_key(|&c| -b.summary(c, me).score);
    moves.truncate(12);
    let mut points = Vec::with_capacity(2);
    for m in moves {
        if clock.expired() {
            break;
        }
        b.play(m);
        b.five_points_through(m, me, &mut points);
        let replies = match points.as_slice() {
            [block] => vec![*block],
            [] => {
                let mut refutation = Vec::new();
                if vcf_in(b, clock, vcf_depth, &mut failures.vcf, &mut refutation) {
                    b.undo();
                    continue;
                }
                if quiet_block {
                    let Some(replies) = standing_defences(b, me) else {
                        b.undo();
                        continue;
                    };
                    replies
                } else {
                    three_defences(b, m, me)
                }
            }
            _ => Vec::new(),
        };
        let replies: Vec<Cell> = replies
            .into_iter()
            .filter(|&r| !b.is_forbidden(r))
            .collect();
        let mut proof = Vec::new();
        let mut won = true;
        for r in replies {
            b.play(r);
            let mut sub = Vec::new();
            let ok = vct_in(b, clock, depth - 1, vcf_depth, failures, &mut sub);
            b.undo();
            if !ok {
                won = false;
                break;
            }
            if proof.is_empty() || sub.len() > proof.len() {
                sub.push(r);
                proof = sub;
            }
        }
        b.undo();
        if won && !clock.expired() {
            // With no defence left (two fives, only forbidden blocks) the line ends on `m`.
            line.extend(proof);
            line.push(m);
            return true;
        }
    }
    if !clock.expired() {
        failures.vct.record(b.hash(), depth);
    }
    false
}
