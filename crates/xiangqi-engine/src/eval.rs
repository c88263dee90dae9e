//! The evaluation: material, piece-square tables, mobility, king safety, and palace and
//! river structure, in centipawns from the side to move's point of view. The terms are
//! written by hand; their weights (`weights.rs`) are fitted to game results by
//! [`crate::tune`].
//!
//! Each term is computed for both sides and subtracted, so the evaluation is symmetric: a
//! position and its colour-mirrored twin score the same for the side to move (a unit test).

use xiangqi::{Color, Piece, Position, Role, Square};

use crate::board::{Board, DIAGONAL, ORTHOGONAL, Point, relative_rank, step};

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

/// The evaluation's terms: each is a count per side (a piece on a point, a move it has, a
/// missing defender under attack, …) that [`WEIGHTS`] prices twice, for the middlegame and
/// for the endgame. The evaluation is linear in the weights, which is what lets
/// [`crate::tune`] fit them to game results.
pub mod term {
    /// A piece of each role (indexed by `Role::index()`; the general's is unused).
    pub const MATERIAL: usize = 0;
    /// A piece of role `r` on a point: `PST + 50 r + 5 rank + file`, the rank from its own
    /// side (0 is its back rank) and the file folded onto 0 (edge) ..= 4 (centre).
    pub const PST: usize = MATERIAL + 7;
    /// A chariot's move (to an empty point or a capture).
    pub const CHARIOT_MOBILITY: usize = PST + 7 * 50;
    /// A cannon's quiet move.
    pub const CANNON_MOBILITY: usize = CHARIOT_MOBILITY + 1;
    /// An enemy piece a cannon attacks over a screen.
    pub const CANNON_TARGET: usize = CANNON_MOBILITY + 1;
    /// A horse's move (to an empty point or a capture).
    pub const HORSE_MOBILITY: usize = CANNON_TARGET + 1;
    /// A horse with at most one move.
    pub const HORSE_TRAPPED: usize = HORSE_MOBILITY + 1;
    /// A missing advisor, times the enemy's attackers (chariot 2, horse and cannon 1, a
    /// soldier across the river 1).
    pub const ADVISOR_GAP: usize = HORSE_TRAPPED + 1;
    /// A missing elephant, times the enemy's attackers.
    pub const ELEPHANT_GAP: usize = ADVISOR_GAP + 1;
    /// The enemy's raid (pieces across the river: chariot 4, horse 3, cannon 2, a soldier
    /// near the palace 1).
    pub const RAID: usize = ELEPHANT_GAP + 1;
    /// The enemy's raid, squared.
    pub const RAID_SQUARED: usize = RAID + 1;
    /// The enemy's raid times the missing advisors and elephants.
    pub const RAID_GAPS: usize = RAID_SQUARED + 1;
    /// An enemy cannon facing the general with nothing between ("empty-headed").
    pub const EMPTY_CANNON: usize = RAID_GAPS + 1;
    /// An enemy cannon facing the general over one screen.
    pub const SCREENED_CANNON: usize = EMPTY_CANNON + 1;
    /// An enemy chariot facing the general with nothing between.
    pub const FACING_CHARIOT: usize = SCREENED_CANNON + 1;
    /// The side to move.
    pub const TEMPO: usize = FACING_CHARIOT + 1;
    /// A piece of role `r` of the side to move that an enemy piece attacks and no own piece
    /// defends (the other side's are the quiescence search's business: they can be taken).
    pub const HANGING: usize = TEMPO + 1;
    /// A piece of role `r` of the side to move that a cheaper enemy piece attacks (soldier,
    /// then advisor and elephant, horse, cannon, chariot), defended or not.
    pub const THREATENED: usize = HANGING + 7;
    /// Two or more pieces of the side to move hanging or threatened.
    pub const THREATS: usize = THREATENED + 7;
    /// A point from which an enemy chariot, cannon or horse (`SAFE_CHECK` + 0, 1, 2) that can
    /// move there would check the general, and that no own piece attacks.
    pub const SAFE_CHECK: usize = THREATS + 1;
    /// The same, on a point an own piece attacks.
    pub const UNSAFE_CHECK: usize = SAFE_CHECK + 3;
    /// A point of the palace the enemy attacks.
    pub const PALACE_ATTACKS: usize = UNSAFE_CHECK + 1;
    /// A piece of role `r` pinned to its general: the only screen between the general and
    /// an enemy chariot (or the enemy general), one of two between it and an enemy cannon,
    /// or the leg of an enemy horse that would check it.
    pub const PINNED: usize = PALACE_ATTACKS + 1;
    /// An enemy piece that would give check by moving away (a screen or a horse's leg as
    /// for [`PINNED`], the enemy's own piece).
    pub const DISCOVERER: usize = PINNED + 7;
    /// A point of the palace the enemy attacks and no own piece but the general defends.
    pub const WEAK_PALACE: usize = DISCOVERER + 1;
    /// The safe checking points (all roles) times the enemy's raid.
    pub const CHECKS_RAID: usize = WEAK_PALACE + 1;
    /// How many terms there are.
    pub const COUNT: usize = CHECKS_RAID + 1;
}

pub use crate::weights::WEIGHTS;

/// The game phase at its fullest (every chariot, horse and cannon on the board): chariot 4,
/// horse and cannon 2.
pub const MAX_PHASE: i32 = 32;

/// Receives the terms of a position as they are counted.
pub trait Terms {
    /// `count` more of `term` for `color`.
    fn add(&mut self, color: Color, term: usize, count: i32);
}

/// The priced sum, Red minus Black, in middlegame and endgame centipawns.
#[derive(Default)]
struct Priced {
    mg: i32,
    eg: i32,
}

impl Terms for Priced {
    #[inline]
    fn add(&mut self, color: Color, term: usize, count: i32) {
        let [mg, eg] = WEIGHTS[term];
        let sign = if color == Color::Red { count } else { -count };
        self.mg += i32::from(mg) * sign;
        self.eg += i32::from(eg) * sign;
    }
}

/// Per-colour counts, indexed by `Color::index()`.
#[derive(Default)]
struct Sides {
    /// Chariots (2), horses and cannons (1), and soldiers across the river (1).
    attackers: [i32; 2],
    advisors: [i32; 2],
    elephants: [i32; 2],
    /// Attack units of the pieces across the river: chariot 4, horse 3, cannon 2, a soldier
    /// near the palace 1.
    raiders: [i32; 2],
    /// The points each side's pieces stand on, by role.
    pieces: [[u128; 7]; 2],
    /// The points each side attacks.
    attacked: [u128; 2],
    /// The points each side attacks, by the attackers' [`worth`].
    attacked_by_worth: [[u128; 5]; 2],
    /// The points each side's pieces can move to, by role.
    reach: [[u128; 7]; 2],
}

/// The order of value of a role among the pieces that can be threatened (soldier 0, advisor
/// and elephant 1, horse 2, cannon 3, chariot 4; the general is never threatened, it is in
/// check).
const fn worth(role: Role) -> Option<usize> {
    match role {
        Role::Soldier => Some(0),
        Role::Advisor | Role::Elephant => Some(1),
        Role::Horse => Some(2),
        Role::Cannon => Some(3),
        Role::Chariot => Some(4),
        Role::General => None,
    }
}

/// The points `piece` on `p` attacks (own pieces on them defended) and the points it can
/// move to, counting its mobility terms on the way.
fn attacks_and_mobility(
    board: &Board,
    p: Point,
    piece: Piece,
    terms: &mut impl Terms,
) -> (u128, u128) {
    let c = piece.color;
    let sq = Square::from_index(p).expect("a point of the board");
    let occupied = board.occupied();
    let attacks = xiangqi::attacks(piece, sq, occupied);
    let not_own = !board.occupied_by(c);
    let mut reach = attacks & not_own;
    match piece.role {
        Role::Chariot => {
            terms.add(c, term::CHARIOT_MOBILITY, reach.count_ones() as i32);
        }
        Role::Cannon => {
            let quiet = xiangqi::attacks(Piece::new(c, Role::Chariot), sq, occupied) & !occupied;
            let targets = attacks & board.occupied_by(c.other());
            reach = quiet | targets;
            terms.add(c, term::CANNON_MOBILITY, quiet.count_ones() as i32);
            terms.add(c, term::CANNON_TARGET, targets.count_ones() as i32);
        }
        Role::Horse => {
            let n = reach.count_ones() as i32;
            terms.add(c, term::HORSE_MOBILITY, n);
            terms.add(c, term::HORSE_TRAPPED, i32::from(n <= 1));
        }
        _ => {}
    }
    (attacks, reach)
}

/// The points from which a piece of `role` would check a general on `general`: along the
/// open lines for a chariot, over one screen for a cannon, and for a horse the two points
/// beyond each empty diagonal neighbour (the horse's leg).
fn checking_points(board: &Board, general: Point, role: Role) -> u128 {
    let sq = Square::from_index(general).expect("a point of the board");
    match role {
        Role::Horse => xiangqi::horse_attackers(sq, board.occupied()),
        _ => xiangqi::attacks(Piece::new(Color::Red, role), sq, board.occupied()),
    }
}

/// The piece in the enemy palace that `color`'s general on `general` sees along its file
/// with nothing between: the enemy general cannot take it (the generals would face), so the
/// general defends it.
fn held_by_facing(board: &Board, general: Point, color: Color) -> u128 {
    let forward = if color == Color::Red { (0, 1) } else { (0, -1) };
    match board.ray(general, forward) {
        (_, Some(q), _) if PALACES[color.other().index()] & 1 << q != 0 => 1 << q,
        _ => 0,
    }
}

/// The pieces that stand between `color`'s general on `general` and an enemy piece that
/// would check it if they moved away: a chariot's only screen (or, for `color`'s own pieces,
/// the only piece between the generals), both screens of a cannon with two, and the leg of a
/// horse.
fn general_blockers(board: &Board, general: Point, color: Color) -> u128 {
    let enemy = |p: Option<Point>, role: Role| {
        p.and_then(|p| board.get(p)) == Some(Piece::new(color.other(), role))
    };
    let mut set = 0;
    for d in ORTHOGONAL {
        let (_, Some(first), Some(second)) = board.ray(general, d) else {
            continue;
        };
        let own_first = board.get(first).is_some_and(|f| f.color == color);
        if enemy(Some(second), Role::Chariot) || (own_first && enemy(Some(second), Role::General)) {
            set |= 1 << first;
        } else if enemy(board.ray(second, d).1, Role::Cannon) {
            set |= 1 << first | 1 << second;
        }
    }
    for (df, dr) in DIAGONAL {
        let Some(leg) = step(general, df, dr) else {
            continue;
        };
        if board.get(leg).is_some()
            && [(2 * df, dr), (df, 2 * dr)]
                .into_iter()
                .any(|(hf, hr)| enemy(step(general, hf, hr), Role::Horse))
        {
            set |= 1 << leg;
        }
    }
    set
}

/// The points of each colour's palace, by `Color::index()`.
const PALACES: [u128; 2] = [palace(Color::Red), palace(Color::Black)];

const fn palace(color: Color) -> u128 {
    let mut set = 0;
    let mut p = 0;
    while let Some(sq) = Square::from_index(p) {
        if sq.in_palace(color) {
            set |= 1 << p;
        }
        p += 1;
    }
    set
}

/// King-safety terms of `color`: missing defenders against the enemy's attacking force, the
/// enemy's raid across the river, and cannons and chariots facing the general.
fn king_safety(board: &Board, general: Point, color: Color, sides: &Sides, terms: &mut impl Terms) {
    let us = color.index();
    let them = 1 - us;
    let attack = sides.attackers[them];
    let raid = sides.raiders[them];
    let gaps = 4 - sides.advisors[us] - sides.elephants[us];
    terms.add(color, term::ADVISOR_GAP, (2 - sides.advisors[us]) * attack);
    terms.add(
        color,
        term::ELEPHANT_GAP,
        (2 - sides.elephants[us]) * attack,
    );
    terms.add(color, term::RAID, raid);
    terms.add(color, term::RAID_SQUARED, raid * raid);
    terms.add(color, term::RAID_GAPS, raid * gaps);
    let mut safe_checks = 0;
    for (i, role) in [Role::Chariot, Role::Cannon, Role::Horse]
        .into_iter()
        .enumerate()
    {
        let checks = checking_points(board, general, role) & sides.reach[them][role.index()];
        let safe = (checks & !sides.attacked[us]).count_ones() as i32;
        terms.add(color, term::SAFE_CHECK + i, safe);
        terms.add(color, term::UNSAFE_CHECK, checks.count_ones() as i32 - safe);
        safe_checks += safe;
    }
    terms.add(color, term::CHECKS_RAID, safe_checks * raid);
    let palace_attacks = PALACES[us] & sides.attacked[them];
    terms.add(
        color,
        term::PALACE_ATTACKS,
        palace_attacks.count_ones() as i32,
    );
    let defended = sides.attacked_by_worth[us].iter().fold(0, |a, b| a | b);
    terms.add(
        color,
        term::WEAK_PALACE,
        (palace_attacks & !defended).count_ones() as i32,
    );
    let blockers = general_blockers(board, general, color);
    for (_, piece) in board.pieces_in(blockers) {
        if piece.color == color {
            terms.add(color, term::PINNED + piece.role.index(), 1);
        } else {
            terms.add(color, term::DISCOVERER, 1);
        }
    }
    let enemy = color.other();
    for d in ORTHOGONAL {
        let (_, first, second) = board.ray(general, d);
        let first = first.and_then(|f| board.get(f));
        if first == Some(Piece::new(enemy, Role::Cannon)) {
            terms.add(color, term::EMPTY_CANNON, 1);
        }
        if second.and_then(|s| board.get(s)) == Some(Piece::new(enemy, Role::Cannon)) {
            terms.add(color, term::SCREENED_CANNON, 1);
        }
        if first == Some(Piece::new(enemy, Role::Chariot)) {
            terms.add(color, term::FACING_CHARIOT, 1);
        }
    }
}

/// Threat terms of the pieces of `color`, the side to move: hanging (attacked, undefended),
/// threatened by a cheaper enemy piece, and two or more such pieces at once.
fn threats(color: Color, sides: &Sides, terms: &mut impl Terms) {
    let (us, them) = (color.index(), 1 - color.index());
    let mut under_threat = 0;
    for role in Role::ALL {
        let Some(w) = worth(role) else { continue };
        let pieces = sides.pieces[us][role.index()];
        let hanging = pieces & sides.attacked[them] & !sides.attacked[us];
        let cheaper = sides.attacked_by_worth[them][..w]
            .iter()
            .fold(0, |a, b| a | b);
        let threatened = pieces & cheaper;
        let r = role.index();
        terms.add(color, term::HANGING + r, hanging.count_ones() as i32);
        terms.add(color, term::THREATENED + r, threatened.count_ones() as i32);
        under_threat |= hanging | threatened;
    }
    terms.add(
        color,
        term::THREATS,
        i32::from(under_threat.count_ones() >= 2),
    );
}

/// Counts every term of `pos` into `terms`; returns the phase (0 ..= [`MAX_PHASE`]).
pub fn count_terms(pos: &Position, terms: &mut impl Terms) -> i32 {
    count_board_terms(&Board::new(pos), pos.turn(), terms)
}

/// [`count_terms`] of the position on `board` with `turn` to move.
fn count_board_terms(board: &Board, turn: Color, terms: &mut impl Terms) -> i32 {
    let mut sides = Sides::default();
    let mut generals = [0; 2];
    let mut phase = 0;
    for (p, piece) in board.pieces() {
        let c = piece.color.index();
        let rank = relative_rank(p, piece.color);
        let file = p % 9;
        let folded = file.min(8 - file);
        let role = piece.role.index();
        terms.add(piece.color, term::MATERIAL + role, 1);
        terms.add(piece.color, term::PST + 50 * role + 5 * rank + folded, 1);
        let (attacks, reach) = attacks_and_mobility(board, p, piece, terms);
        sides.pieces[c][role] |= 1 << p;
        sides.reach[c][role] |= reach;
        sides.attacked[c] |= attacks;
        if let Some(w) = worth(piece.role) {
            sides.attacked_by_worth[c][w] |= attacks;
        }
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
            Role::Chariot => {
                sides.attackers[c] += 2;
                phase += 4;
            }
            Role::Horse | Role::Cannon => {
                sides.attackers[c] += 1;
                phase += 2;
            }
            Role::Soldier if (5..=8).contains(&rank) => sides.attackers[c] += 1,
            Role::Advisor => sides.advisors[c] += 1,
            Role::Elephant => sides.elephants[c] += 1,
            Role::General => generals[c] = p,
            Role::Soldier => {}
        }
    }
    for color in Color::ALL {
        let c = color.index();
        sides.attacked[c] |= held_by_facing(board, generals[c], color);
    }
    for color in Color::ALL {
        king_safety(board, generals[color.index()], color, &sides, terms);
    }
    threats(turn, &sides, terms);
    terms.add(turn, term::TEMPO, 1);
    phase.min(MAX_PHASE)
}

/// Blends a middlegame and an endgame score by `phase`.
pub fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The static evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_board(&Board::new(pos), pos.turn())
}

/// [`evaluate`] of the position on `board` with `turn` to move.
pub(crate) fn evaluate_board(board: &Board, turn: Color) -> i32 {
    let mut priced = Priced::default();
    let phase = count_board_terms(board, turn, &mut priced);
    let red = taper(priced.mg, priced.eg, phase);
    if turn == Color::Red { red } else { -red }
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

    /// Each term's count for Red and for Black.
    struct Counts([[i32; 2]; term::COUNT]);

    impl Terms for Counts {
        fn add(&mut self, color: Color, term: usize, count: i32) {
            self.0[term][color.index()] += count;
        }
    }

    fn counts(fen: &str) -> Counts {
        let pos = Position::from_fen_with(fen, Validation::Permissive).unwrap();
        let mut counts = Counts([[0; 2]; term::COUNT]);
        count_terms(&pos, &mut counts);
        counts
    }

    #[test]
    fn threats_count_hanging_pieces_and_cheaper_attackers() {
        let chariot = Role::Chariot.index();
        // Black's horse on b6 attacks Red's lone chariot on c4, Red to move.
        let c = counts("5k3/9/9/1n7/9/2R6/9/9/9/3K5 w - - 0 1");
        assert_eq!(c.0[term::HANGING + chariot], [1, 0]);
        assert_eq!(c.0[term::THREATENED + chariot], [1, 0]);
        assert_eq!(c.0[term::THREATS], [0, 0]);
        // Black to move: the threat is Black's to carry out, not a term.
        let c = counts("5k3/9/9/1n7/9/2R6/9/9/9/3K5 b - - 0 1");
        assert_eq!(c.0[term::HANGING + chariot], [0, 0]);
        assert_eq!(c.0[term::THREATENED + chariot], [0, 0]);
        // A soldier on c3 defends the chariot: still threatened by the cheaper horse, no
        // longer hanging.
        let c = counts("5k3/9/9/1n7/9/2R6/2P6/9/9/3K5 w - - 0 1");
        assert_eq!(c.0[term::HANGING + chariot], [0, 0]);
        assert_eq!(c.0[term::THREATENED + chariot], [1, 0]);
        // The horse forks the chariot on c4 and a cannon on d5: two pieces under threat.
        let c = counts("5k3/9/9/1n7/3C5/2R6/9/9/9/3K5 w - - 0 1");
        let cannon = Role::Cannon.index();
        assert_eq!(c.0[term::THREATENED + cannon], [1, 0]);
        assert_eq!(c.0[term::THREATS], [1, 0]);
    }

    #[test]
    fn checks_count_the_points_an_enemy_piece_could_check_from() {
        let safe = |i: usize| term::SAFE_CHECK + i;
        // Black's chariot on a5 can check Red's general on e0 from a0 and e5; the general
        // defends neither.
        let c = counts("3k5/9/9/9/r8/9/9/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[safe(0)], [2, 0]);
        assert_eq!(c.0[term::UNSAFE_CHECK], [0, 0]);
        // Black's horse on b3 can check from c1 and d2 (the legs d1 and f1 are empty) and
        // attacks d2 in the palace; a Red advisor on d1 blocks the leg of both.
        let c = counts("3k5/9/9/9/9/9/1n7/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[safe(2)], [2, 0]);
        assert_eq!(c.0[term::PALACE_ATTACKS], [1, 0]);
        let c = counts("3k5/9/9/9/9/9/1n7/9/3A5/4K4 w - - 0 1");
        assert_eq!(c.0[safe(2)], [0, 0]);
        // Black's cannon on a2 can check from e2 over Red's advisor on e1, which does not
        // defend e2; a soldier on e1 would, and the check is no longer safe.
        let c = counts("3k5/9/9/9/9/9/9/c8/4A4/4K4 w - - 0 1");
        assert_eq!(c.0[safe(1)], [1, 0]);
        let c = counts("3k5/9/9/9/9/9/9/c8/4P4/4K4 w - - 0 1");
        assert_eq!(c.0[safe(1)], [0, 0]);
        assert_eq!(c.0[term::UNSAFE_CHECK], [1, 0]);
    }

    #[test]
    fn pins_discoverers_weak_palace_points_and_checks_times_raid() {
        let pinned = |role: Role| term::PINNED + role.index();
        // Red's horse on e1 is the only screen between its general and Black's chariot.
        let c = counts("4k4/9/9/9/4r4/9/9/9/4N4/4K4 w - - 0 1");
        assert_eq!(c.0[pinned(Role::Horse)], [1, 0]);
        assert_eq!(c.0[term::DISCOVERER], [0, 0]);
        // Two screens before Black's cannon: both are pinned.
        let c = counts("4k4/9/9/9/4c4/9/9/4P4/4A4/4K4 w - - 0 1");
        assert_eq!(c.0[pinned(Role::Advisor)], [1, 0]);
        assert_eq!(c.0[pinned(Role::Soldier)], [1, 0]);
        // With a Black soldier as the second screen, it is a discoverer instead.
        let c = counts("4k4/9/9/9/4c4/9/9/4p4/4A4/4K4 w - - 0 1");
        assert_eq!(c.0[pinned(Role::Advisor)], [1, 0]);
        assert_eq!(c.0[pinned(Role::Soldier)], [0, 0]);
        assert_eq!(c.0[term::DISCOVERER], [1, 0]);
        // Red's chariot alone between the generals is pinned; for Black it is a check, not
        // a discoverer.
        let c = counts("4k4/9/9/9/9/4R4/9/9/9/4K4 b - - 0 1");
        assert_eq!(c.0[pinned(Role::Chariot)], [1, 0]);
        assert_eq!(c.0[term::DISCOVERER], [0, 0]);
        // Red's advisor on d1 is the leg of Black's horse on d2; Black's own soldier on f1
        // is the leg of its horse on g1: a discovered check waiting.
        let c = counts("3k5/9/9/9/9/9/9/3n5/3A1pn2/4K4 w - - 0 1");
        assert_eq!(c.0[pinned(Role::Advisor)], [1, 0]);
        assert_eq!(c.0[term::DISCOVERER], [1, 0]);
        // Black's horse on b3 attacks d2 in Red's palace; a Red advisor on e1 defends it.
        let c = counts("3k5/9/9/9/9/9/1n7/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[term::WEAK_PALACE], [1, 0]);
        let c = counts("3k5/9/9/9/9/9/1n7/9/4A4/4K4 w - - 0 1");
        assert_eq!(c.0[term::PALACE_ATTACKS], [1, 0]);
        assert_eq!(c.0[term::WEAK_PALACE], [0, 0]);
        // Black's chariot across the river on a4 (raid 4) can check from a0 and e4.
        let c = counts("3k5/9/9/9/9/r8/9/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[term::CHECKS_RAID], [8, 0]);
    }

    #[test]
    fn the_general_defends_a_piece_the_enemy_general_could_only_take_into_facing() {
        let horse = Role::Horse.index();
        // Black's general on e9 attacks Red's horse on e8; with Red's general on e0 and the
        // file open, it cannot take it: not hanging.
        let c = counts("4k4/4N4/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[term::HANGING + horse], [0, 0]);
        // A soldier on e4 closes the file: the horse hangs to the general.
        let c = counts("4k4/4N4/9/9/9/4p4/9/9/9/4K4 w - - 0 1");
        assert_eq!(c.0[term::HANGING + horse], [1, 0]);
    }

    #[test]
    fn the_start_position_is_even_and_material_counts() {
        assert_eq!(
            evaluate(&Position::default()),
            i32::from(WEIGHTS[term::TEMPO][0])
        );
        // Red without its a-file chariot is clearly worse, whoever is to move.
        let mut setup = Position::default().to_setup();
        setup.set(Square::new(0, 0).unwrap(), None);
        let pos = Position::from_setup(setup, Validation::Permissive).unwrap();
        assert!(evaluate(&pos) < -700, "{}", evaluate(&pos));
    }
}
