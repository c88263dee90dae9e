//! The points a piece attacks: where it could capture an enemy piece, or defends an own one.

use crate::tables::{
    ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, List, RAY_MASKS,
    SOLDIER_MOVES,
};
use crate::types::{Piece, Role, Square};

/// The points `piece` on `from` attacks when `occupied` holds every occupied point (a bitset
/// over [`Square::index`]), whoever stands on them: the points it could capture on if an
/// enemy piece stood there, so an own piece on one of them is defended by it. A chariot
/// reaches along each line up to the first piece, and a cannon, over that piece, up to the
/// next;
/// horses and elephants are blocked by a piece on the leg or the eye; the general attacks
/// the palace points next to it (not the enemy general across an open file).
///
/// ```
/// use xiangqi::{Color, Position, Square, attacks};
///
/// let pos = Position::default();
/// let occupied = pos.occupied_by(Color::Red) | pos.occupied_by(Color::Black);
/// let b2: Square = "b2".parse().unwrap();
/// // Red's cannon on b2 attacks b8 and Black's horse on b9 over Black's cannon on b7, and i2
/// // over its own cannon on h2 (over its horse on b0 there is nothing left).
/// let bit = |s: &str| 1u128 << s.parse::<Square>().unwrap().index();
/// let targets = attacks(pos.piece_at(b2).unwrap(), b2, occupied);
/// assert_eq!(targets, bit("b8") | bit("b9") | bit("i2"));
/// ```
pub fn attacks(piece: Piece, from: Square, occupied: u128) -> u128 {
    let s = from.index();
    let c = piece.color.index();
    let empty = |p: u8| occupied & (1u128 << p) == 0;
    let steps = |list: &List<4>| (0..list.len as usize).fold(0, |a, i| a | 1u128 << list.to[i]);
    match piece.role {
        Role::Chariot | Role::Cannon => {
            let mut set = 0;
            for (d, rays) in RAY_MASKS[s].iter().enumerate() {
                // North and east run up the square indices, south and west down.
                let nearest = |bits: u128| match d % 2 {
                    0 => bits.trailing_zeros() as usize,
                    _ => 127 - bits.leading_zeros() as usize,
                };
                // The ray's points up to and including its first piece.
                let reach = |ray: u128| match ray & occupied {
                    0 => ray,
                    blockers => ray ^ RAY_MASKS[nearest(blockers)][d],
                };
                set |= match piece.role {
                    Role::Chariot => reach(*rays),
                    _ => match *rays & occupied {
                        0 => 0,
                        screens => reach(RAY_MASKS[nearest(screens)][d]),
                    },
                };
            }
            set
        }
        Role::Horse => {
            let t = &HORSE_MOVES[s];
            (0..t.len as usize)
                .filter(|&i| empty(t.via[i]))
                .fold(0, |a, i| a | 1u128 << t.to[i])
        }
        Role::Elephant => {
            let t = &ELEPHANT_MOVES[c][s];
            (0..t.len as usize)
                .filter(|&i| empty(t.via[i]))
                .fold(0, |a, i| a | 1u128 << t.to[i])
        }
        Role::Advisor => steps(&ADVISOR_MOVES[c][s]),
        Role::General => steps(&GENERAL_MOVES[c][s]),
        Role::Soldier => {
            let t = &SOLDIER_MOVES[c][s];
            (0..t.len as usize).fold(0, |a, i| a | 1u128 << t.to[i])
        }
    }
}

/// The points from which a horse attacks `target` when `occupied` holds every occupied point:
/// those whose leg is empty. A horse's leg is the point next to the horse on its way, so seen
/// from the target it is the target's diagonal neighbour: not the same set as the points a
/// horse on `target` attacks. Engines read it for the points where a horse would check.
///
/// ```
/// use xiangqi::{Square, horse_attackers};
///
/// let bit = |s: &str| 1u128 << s.parse::<Square>().unwrap().index();
/// // A general on e0 with an advisor on f1: only the leg d1 is open, so a horse checks it
/// // from c1 or d2.
/// let occupied = bit("e0") | bit("f1") | bit("e9");
/// assert_eq!(horse_attackers("e0".parse().unwrap(), occupied), bit("c1") | bit("d2"));
/// ```
pub fn horse_attackers(target: Square, occupied: u128) -> u128 {
    let t = &HORSE_ATTACKERS[target.index()];
    (0..t.len as usize)
        .filter(|&i| occupied & (1u128 << t.via[i]) == 0)
        .fold(0, |a, i| a | 1u128 << t.to[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    /// The same by file and rank arithmetic, straight from the rules.
    fn naive(piece: Piece, from: Square, occupied: u128) -> u128 {
        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
        let at = |df: i32, dr: i32| {
            u8::try_from(f + df)
                .ok()
                .zip(u8::try_from(r + dr).ok())
                .and_then(|(f, r)| Square::new(f, r))
        };
        let empty = |sq: Square| occupied & (1u128 << sq.index()) == 0;
        let c = piece.color;
        let mut set = Vec::new();
        match piece.role {
            Role::Chariot | Role::Cannon => {
                for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let line: Vec<Square> = (1..10).map_while(|k| at(df * k, dr * k)).collect();
                    let mut blockers = line.iter().enumerate().filter(|(_, sq)| !empty(**sq));
                    let (from, to) = match piece.role {
                        Role::Chariot => (0, blockers.next()),
                        _ => match blockers.next() {
                            Some((screen, _)) => (screen + 1, blockers.next()),
                            None => (line.len(), None),
                        },
                    };
                    let end = to.map_or(line.len(), |(i, _)| i + 1);
                    set.extend(line.get(from..end).unwrap_or_default());
                }
            }
            Role::Horse => {
                for (df, dr) in [
                    (1, 2),
                    (-1, 2),
                    (1, -2),
                    (-1, -2),
                    (2, 1),
                    (2, -1),
                    (-2, 1),
                    (-2, -1),
                ] {
                    let leg = at(df / 2, dr / 2);
                    if let (Some(to), Some(leg)) = (at(df, dr), leg)
                        && empty(leg)
                    {
                        set.push(to);
                    }
                }
            }
            Role::Elephant => {
                for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                    if let (Some(to), Some(eye)) = (at(df, dr), at(df / 2, dr / 2))
                        && empty(eye)
                        && to.on_side_of(c)
                    {
                        set.push(to);
                    }
                }
            }
            Role::Advisor | Role::General => {
                let steps: &[(i32, i32)] = if piece.role == Role::Advisor {
                    &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
                } else {
                    &[(0, 1), (0, -1), (1, 0), (-1, 0)]
                };
                set.extend(
                    steps
                        .iter()
                        .filter_map(|&(df, dr)| at(df, dr))
                        .filter(|sq| sq.in_palace(c)),
                );
            }
            Role::Soldier => {
                let forward = if c == Color::Red { 1 } else { -1 };
                set.extend(at(0, forward));
                if !from.on_side_of(c) {
                    set.extend(at(1, 0));
                    set.extend(at(-1, 0));
                }
            }
        }
        set.iter().fold(0, |a, sq| a | 1u128 << sq.index())
    }

    #[test]
    fn attacks_agree_with_the_rules_by_arithmetic() {
        let mut bot = crate::Bot::new(3);
        let mut checked = 0;
        for game in 0..20 {
            let mut pos = Position::default();
            for _ in 0..(40 + 10 * game) {
                let occupied = pos.occupied_by(Color::Red) | pos.occupied_by(Color::Black);
                for (sq, piece) in pos.pieces() {
                    assert_eq!(
                        attacks(piece, sq, occupied),
                        naive(piece, sq, occupied),
                        "{piece:?} on {sq} in {}",
                        pos.fen()
                    );
                    checked += 1;
                }
                let Some(m) = bot.choose(&pos) else { break };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn horse_attackers_are_the_horses_that_attack_the_point() {
        let mut bot = crate::Bot::new(5);
        let mut pos = Position::default();
        let horse = Piece::new(Color::Black, Role::Horse);
        for _ in 0..60 {
            let occupied = pos.occupied_by(Color::Red) | pos.occupied_by(Color::Black);
            for target in (0..90).filter_map(Square::from_index) {
                let naive = (0..90)
                    .filter_map(Square::from_index)
                    .filter(|&from| attacks(horse, from, occupied) & 1u128 << target.index() != 0)
                    .fold(0, |a, from| a | 1u128 << from.index());
                assert_eq!(
                    horse_attackers(target, occupied),
                    naive,
                    "{target} in {}",
                    pos.fen()
                );
            }
            let Some(m) = bot.choose(&pos) else { break };
            pos.play_unchecked(m);
        }
    }
}
