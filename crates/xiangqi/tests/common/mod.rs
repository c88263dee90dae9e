//! Test oracles shared by the integration tests: the naive legal move generator the fast one
//! is compared with, and small helpers.

use xiangqi::{Color, Move, MoveList, Piece, Position, Role, Setup, Square};

/// The legal moves of `pos` from the fast generator, as a `Vec`.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

/// The reference generator: every pseudo-legal move of the side to move (each piece's rule
/// checked on its own, point by point), kept if the own general is then not attacked and the
/// generals do not face each other. Slow and simple, and built only on the public `Setup`.
pub fn naive_legal_moves(pos: &Position) -> Vec<Move> {
    let setup = pos.to_setup();
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(p) = setup.get(from).filter(|p| p.color == setup.turn) else {
            continue;
        };
        for to in Square::all() {
            let m = Move::new(from, to);
            if from != to && pseudo_legal(&setup, p, m) {
                let mut after = setup;
                after.set(to, Some(p));
                after.set(from, None);
                if !general_attacked(&after, p.color) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// Occupied points strictly between two points of one rank or file.
fn between(setup: &Setup, a: Square, b: Square) -> usize {
    let (fa, ra, fb, rb) = (a.file(), a.rank(), b.file(), b.rank());
    let points: Vec<Square> = if fa == fb {
        (ra.min(rb) + 1..ra.max(rb))
            .filter_map(|r| Square::new(fa, r))
            .collect()
    } else {
        (fa.min(fb) + 1..fa.max(fb))
            .filter_map(|f| Square::new(f, ra))
            .collect()
    };
    points
        .into_iter()
        .filter(|&s| setup.get(s).is_some())
        .count()
}

fn pseudo_legal(setup: &Setup, p: Piece, m: Move) -> bool {
    let (ff, fr, tf, tr) = (
        i32::from(m.from.file()),
        i32::from(m.from.rank()),
        i32::from(m.to.file()),
        i32::from(m.to.rank()),
    );
    let (df, dr) = (tf - ff, tr - fr);
    let target = setup.get(m.to);
    if target.is_some_and(|t| t.color == p.color) {
        return false;
    }
    let empty = |f: i32, r: i32| {
        setup
            .get(Square::new(f as u8, r as u8).expect("on board"))
            .is_none()
    };
    let forward = if p.color == Color::Red { 1 } else { -1 };
    match p.role {
        Role::General => df.abs() + dr.abs() == 1 && m.to.in_palace(p.color),
        Role::Advisor => df.abs() == 1 && dr.abs() == 1 && m.to.in_palace(p.color),
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && m.to.on_side_of(p.color)
                && empty(ff + df / 2, fr + dr / 2)
        }
        Role::Horse => {
            (df.abs() == 1 && dr.abs() == 2 && empty(ff, fr + dr / 2))
                || (df.abs() == 2 && dr.abs() == 1 && empty(ff + df / 2, fr))
        }
        Role::Chariot => (df == 0 || dr == 0) && between(setup, m.from, m.to) == 0,
        Role::Cannon => {
            (df == 0 || dr == 0) && between(setup, m.from, m.to) == usize::from(target.is_some())
        }
        Role::Soldier => {
            (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !m.from.on_side_of(p.color))
        }
    }
}

/// Is `color`'s general attacked in `setup`, by brute force: can any enemy piece move onto
/// it, or do the generals face each other?
fn general_attacked(setup: &Setup, color: Color) -> bool {
    let Some(k) = Square::all().find(|&s| setup.get(s) == Some(Piece::new(color, Role::General)))
    else {
        return true;
    };
    Square::all().any(|from| {
        setup.get(from).is_some_and(|p| {
            p.color != color
                && (pseudo_legal(setup, p, Move::new(from, k))
                    || (p.role == Role::General
                        && from.file() == k.file()
                        && between(setup, from, k) == 0))
        })
    })
}
