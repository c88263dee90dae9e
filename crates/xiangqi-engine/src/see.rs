//! Static exchange evaluation: the material balance of the capture sequence on one point when
//! each side always recaptures with its least valuable piece and may stop at any time.

use xiangqi::{Move, Piece, Position, Role};

use crate::board::{Board, relative_rank};
use crate::eval::value;

/// Exchange value of a piece: the general only ever captures last.
fn exchange_value(role: Role, point: usize, color: xiangqi::Color) -> i32 {
    match role {
        Role::General => 20_000,
        Role::Soldier if relative_rank(point, color) >= 5 => 200,
        r => value(r),
    }
}

/// The static exchange value of the move `m` for the side playing it: what the capture wins
/// (nothing for a quiet move) less what the exchange on its point then costs. Pins are
/// ignored, as in most engines.
pub fn see(pos: &Position, m: Move) -> i32 {
    exchange(&Board::new(pos), m)
}

/// [`see()`] on the board of the position.
fn exchange(board: &Board, m: Move) -> i32 {
    let mut board = *board;
    let target = m.to.index();
    let Some(mover) = board.get(m.from.index()) else {
        return 0;
    };
    let mut gains = [0i32; 34];
    gains[0] = board.get(target).map_or(0, |victim| {
        exchange_value(victim.role, target, victim.color)
    });
    let mut on_target = exchange_value(mover.role, target, mover.color);
    board.set(m.from.index(), None);
    board.set(target, Some(mover));
    let mut side = mover.color.other();
    let mut attackers = Vec::with_capacity(8);
    let mut depth = 0;
    loop {
        board.attackers(target, side, &mut attackers);
        let Some(&(from, role)) = attackers
            .iter()
            .min_by_key(|&&(p, r)| exchange_value(r, p, side))
        else {
            break;
        };
        depth += 1;
        gains[depth] = on_target - gains[depth - 1];
        on_target = exchange_value(role, target, side);
        board.set(from, None);
        board.set(target, Some(Piece::new(side, role)));
        side = side.other();
        if depth + 1 == gains.len() {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// True if the static exchange value of `m` on `board` is at least `threshold`: [`see()`],
/// answered without the exchange when the captured piece alone decides it (it is worth less
/// than `threshold`, or the capture wins at least `threshold` even when the capturer is lost).
pub(crate) fn see_ge(board: &Board, m: Move, threshold: i32) -> bool {
    let target = m.to.index();
    let worth = |p: Option<Piece>| p.map_or(0, |p| exchange_value(p.role, target, p.color));
    let victim = worth(board.get(target));
    if victim < threshold {
        return false;
    }
    victim - worth(board.get(m.from.index())) >= threshold || exchange(board, m) >= threshold
}

#[cfg(test)]
mod tests {
    use xiangqi::{Position, Validation};

    use super::*;

    fn see_of(fen: &str, m: &str) -> i32 {
        let pos = Position::from_fen_with(fen, Validation::Permissive).unwrap();
        let m: Move = m.parse().unwrap();
        assert!(pos.is_legal(m), "{m} is not legal in {fen}");
        see(&pos, m)
    }

    #[test]
    fn known_exchanges() {
        // A free chariot.
        assert_eq!(see_of("3k5/9/9/9/R3r4/9/9/9/9/5K3 w", "a5e5"), 900);
        // Cannon takes a horse (over a soldier) guarded by a chariot: +400 - 450.
        assert_eq!(see_of("3k5/9/4r4/9/4n4/4p4/4C4/9/9/5K3 w", "e3e5"), -50);
        // Chariot takes a soldier guarded by a horse: +100 - 900.
        assert_eq!(see_of("3k5/9/3n5/9/4p4/9/9/9/4R4/3K5 w", "e1e5"), -800);
        // Horse takes a cannon guarded by a soldier, backed by a red chariot: 450 - 400, and
        // the soldier that recaptured has crossed the river, so it is worth 200: +250.
        assert_eq!(see_of("4k4/9/9/9/4p4/4c4/2N6/9/9/3KR4 w", "c3e4"), 250);
        // Quiet moves: a chariot to a point a soldier guards loses it; to a free point, nothing.
        assert_eq!(see_of("3k5/9/9/9/9/3p5/9/9/9/4RK3 w", "e0e4"), -900);
        assert_eq!(see_of("3k5/9/9/9/9/3p5/9/9/9/4RK3 w", "e0e3"), 0);
    }

    /// `see_ge` agrees with `see` at every threshold on every legal move of positions
    /// reached by random play.
    #[test]
    fn see_ge_agrees_with_see() {
        let mut bot = xiangqi::Bot::new(11);
        for game in 0..8 {
            let mut pos = Position::default();
            for _ in 0..(20 + 10 * game) {
                for m in crate::board::legal_moves(&pos).iter().copied() {
                    let exact = see(&pos, m);
                    let board = Board::new(&pos);
                    for t in [-901, -900, -500, -120, -60, -1, 0, 1, 100, 200, 450, 900] {
                        assert_eq!(see_ge(&board, m, t), exact >= t, "{} {m} {t}", pos.fen());
                    }
                }
                let Some(m) = bot.choose(&pos) else { break };
                pos.play_unchecked(m);
            }
        }
    }
}
