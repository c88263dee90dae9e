//! The hand-written evaluation: material, piece-square tables, mobility, king safety, and
//! palace and river structure, in centipawns (a soldier before the river is 100) from the
//! side to move's point of view.
//!
//! Each term is computed for both sides and subtracted, so the evaluation is symmetric: a
//! position and its colour-mirrored twin score the same for the side to move (a unit test).

use xiangqi::{Color, Piece, Position, Role};

use crate::board::{Board, ORTHOGONAL, Point, relative_rank, step};

/// Material values by role (the general is priceless and scores 0 here).
pub const fn value(role: Role) -> i32 {
    match role {
        Role::General => 0,
        Role::Advisor | Role::Elephant => 200,
        Role::Horse => 400,
        Role::Cannon => 450,
        Role::Chariot => 900,
        Role::Soldier => 100,
    }
}

/// A bonus for the side to move.
const TEMPO: i32 = 10;

/// The piece-square bonus of `role` on `(file, rank)` seen from its own side (rank 0 is its
/// back rank, file 4 the centre).
fn square_bonus(role: Role, file: usize, rank: usize) -> i32 {
    let centre = 4 - (file as i32 - 4).abs(); // 0 on the edge .. 4 in the middle
    match role {
        Role::Soldier => match rank {
            0..=2 => 0,
            3 | 4 => {
                if file == 4 {
                    10
                } else {
                    0
                }
            }
            // Across the river a soldier can move sideways; it is best on the ranks in front
            // of the palace and near the centre, and weak once it reaches the last rank.
            5 => 60 + 4 * centre,
            6..=8 => 80 + 10 * (rank as i32 - 6).min(1) + 8 * centre,
            _ => 20,
        },
        Role::Horse => {
            const RANK: [i32; 10] = [-10, 0, 10, 15, 20, 30, 35, 35, 25, 5];
            RANK[rank] + 5 * centre - if file == 0 || file == 8 { 15 } else { 0 }
        }
        Role::Chariot => {
            let active = match rank {
                0 => -10,
                1..=4 => 0,
                5 | 6 => 20,
                _ => 30,
            };
            active + if file == 3 || file == 5 { 10 } else { 0 }
        }
        Role::Cannon => {
            let central = if file == 4 { 20 } else { 0 };
            let deep = if rank >= 7 { 10 } else { 0 };
            central + deep + 2 * centre
        }
        Role::Advisor => match (file, rank) {
            (4, 1) => 10,
            (_, 0) => 0,
            _ => -5,
        },
        Role::Elephant => match (file, rank) {
            (4, 2) => 10,
            (_, 0) => 0,
            (0 | 8, _) => -5,
            _ => 0,
        },
        Role::General => match rank {
            0 => {
                if file == 4 {
                    10
                } else {
                    0
                }
            }
            1 => -10,
            _ => -30,
        },
    }
}

/// Per-colour totals, indexed by `Color::index()`.
#[derive(Default)]
struct Sides {
    score: [i32; 2],
    /// Chariots, horses and cannons, and soldiers across the river, per side.
    attackers: [i32; 2],
    advisors: [i32; 2],
    elephants: [i32; 2],
    /// Attack units of the pieces that have crossed the river towards the enemy palace:
    /// chariot 4, horse 3, cannon 2, a soldier near the palace 1.
    raiders: [i32; 2],
}

/// Mobility of one piece: points it can move to (empty or enemy), weighted by role.
fn mobility(board: &Board, p: Point, piece: Piece) -> i32 {
    let enemy_or_empty = |q: Point| board.get(q).is_none_or(|o| o.color != piece.color);
    match piece.role {
        Role::Chariot => {
            let mut n = 0;
            for d in ORTHOGONAL {
                let (empties, first, _) = board.ray(p, d);
                n += empties as i32 + i32::from(first.is_some_and(enemy_or_empty));
            }
            3 * n
        }
        Role::Cannon => {
            let mut n = 0;
            for d in ORTHOGONAL {
                let (empties, _, second) = board.ray(p, d);
                n += empties as i32
                    + 3 * i32::from(
                        second
                            .is_some_and(|s| board.get(s).is_some_and(|o| o.color != piece.color)),
                    );
            }
            n
        }
        Role::Horse => {
            let mut n = 0;
            for (lf, lr, dests) in [
                (0, 1, [(1, 2), (-1, 2)]),
                (0, -1, [(1, -2), (-1, -2)]),
                (1, 0, [(2, 1), (2, -1)]),
                (-1, 0, [(-2, 1), (-2, -1)]),
            ] {
                let Some(leg) = step(p, lf, lr) else { continue };
                if board.get(leg).is_some() {
                    continue;
                }
                n += dests
                    .iter()
                    .filter(|&&(df, dr)| step(p, df, dr).is_some_and(enemy_or_empty))
                    .count() as i32;
            }
            // A horse with one or no way out is nearly trapped.
            8 * n - if n <= 1 { 20 } else { 0 }
        }
        _ => 0,
    }
}

/// King safety of `color`: missing defenders weigh with the enemy's attacking force, the
/// enemy pieces across the river count quadratically, and a cannon on the general's file
/// behind one screen (or none) is a standing threat.
fn king_danger(board: &Board, general: Point, color: Color, sides: &Sides) -> i32 {
    let us = color.index();
    let them = 1 - us;
    let attack = sides.attackers[them];
    let raid = sides.raiders[them];
    let mut danger = (2 - sides.advisors[us]) * 8 * attack
        + (2 - sides.elephants[us]) * 5 * attack
        + 2 * raid * raid;
    let enemy = color.other();
    for d in ORTHOGONAL {
        let (_, first, second) = board.ray(general, d);
        if let Some(f) = first
            && board.get(f) == Some(Piece::new(enemy, Role::Cannon))
        {
            // An "empty-headed" cannon pins everything on the file and rank.
            danger += 60;
        }
        if let Some(s) = second
            && board.get(s) == Some(Piece::new(enemy, Role::Cannon))
        {
            danger += 25;
        }
        if let Some(f) = first
            && board.get(f) == Some(Piece::new(enemy, Role::Chariot))
        {
            danger += 20;
        }
    }
    danger
}

/// The static evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let board = Board::new(pos);
    let mut sides = Sides::default();
    let mut generals = [0; 2];
    for (sq, piece) in pos.pieces() {
        let c = piece.color.index();
        let p = sq.index();
        let rank = relative_rank(p, piece.color);
        let file = match piece.color {
            Color::Red => p % 9,
            Color::Black => 8 - p % 9,
        };
        sides.score[c] += value(piece.role) + square_bonus(piece.role, file, rank);
        sides.score[c] += mobility(&board, p, piece);
        if rank >= 5 {
            sides.raiders[c] += match piece.role {
                Role::Chariot => 4,
                Role::Horse => 3,
                Role::Cannon => 2,
                Role::Soldier if rank >= 6 && (2..=6).contains(&file) => 1,
                _ => 0,
            };
        }
        match piece.role {
            Role::Chariot => sides.attackers[c] += 2,
            Role::Horse | Role::Cannon => sides.attackers[c] += 1,
            Role::Soldier if (5..=8).contains(&rank) => sides.attackers[c] += 1,
            Role::Advisor => sides.advisors[c] += 1,
            Role::Elephant => sides.elephants[c] += 1,
            Role::General => generals[c] = p,
            Role::Soldier => {}
        }
    }
    for color in Color::ALL {
        let c = color.index();
        sides.score[c] -= king_danger(&board, generals[c], color, &sides);
    }
    let us = pos.turn().index();
    sides.score[us] - sides.score[1 - us] + TEMPO
}

#[cfg(test)]
mod tests {
    use xiangqi::{Position, Setup, Square, Validation};

    use super::*;

    /// The position with colours swapped and the board turned upside down.
    fn mirrored(pos: &Position) -> Position {
        let mut setup = Setup::empty();
        for (sq, piece) in pos.pieces() {
            setup.set(
                sq.flip_ranks(),
                Some(Piece::new(piece.color.other(), piece.role)),
            );
        }
        setup.turn = pos.turn().other();
        Position::from_setup(setup, Validation::Permissive).unwrap()
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        let mut pos = Position::default();
        let mut bot = xiangqi::Bot::new(7);
        for _ in 0..60 {
            assert_eq!(evaluate(&pos), evaluate(&mirrored(&pos)), "{}", pos.fen());
            let mirrored_files = {
                let mut setup = Setup::empty();
                for (sq, piece) in pos.pieces() {
                    setup.set(sq.flip_files(), Some(piece));
                }
                setup.turn = pos.turn();
                Position::from_setup(setup, Validation::Permissive).unwrap()
            };
            assert_eq!(evaluate(&pos), evaluate(&mirrored_files), "{}", pos.fen());
            let Some(m) = bot.choose(&pos) else { break };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn the_start_position_is_even_and_material_counts() {
        assert_eq!(evaluate(&Position::default()), TEMPO);
        // Red without its a-file chariot is clearly worse, whoever is to move.
        let mut setup = Position::default().to_setup();
        setup.set(Square::new(0, 0).unwrap(), None);
        let pos = Position::from_setup(setup, Validation::Permissive).unwrap();
        assert!(evaluate(&pos) < -700, "{}", evaluate(&pos));
    }
}
