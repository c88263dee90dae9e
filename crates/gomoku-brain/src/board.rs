//! [`SearchBoard`]: the rules crate's [`Position`] (its line bitboards judge wins and renju
//! fouls) kept in step with the brain's pattern state, which every move updates
//! incrementally: the window keys of the 40 points on the four lines through the stone, their
//! patterns, summaries and the evaluation totals.

use crate::eval::{Net, Totals};
use crate::patterns::{EMPTY, Pattern, Summary, Table, WALL, slot, stone_code, table};
use gomoku::{Color, DIRECTIONS, Point, Position, Rule};

/// Cells of padding around the board, so every window of ±5 stays inside the arrays.
const PAD: usize = 5;

/// A point of the padded board, as an index into its arrays.
pub type Cell = u16;

/// The search's board.
#[derive(Clone)]
pub struct SearchBoard {
    pos: Position,
    width: usize,
    height: usize,
    stride: usize,
    offsets: [isize; 4],
    tables: [&'static Table; 2],
    restricted: bool,
    codes: Vec<u8>,
    /// `[cell][direction]`: the ten neighbours' codes.
    keys: Vec<[u32; 4]>,
    /// `[cell][colour][direction]`, kept for empty cells.
    patterns: Vec<[[Pattern; 4]; 2]>,
    /// `[cell][colour]`, kept for empty cells.
    summaries: Vec<[Summary; 2]>,
    /// Stones within two cells (in both coordinates), for candidate moves.
    near: Vec<u8>,
    /// Per colour, a bit per cell whose summary is a five, a four or an open three (cleared
    /// when the cell's summary is refreshed; read only together with `codes`).
    threat_bits: [Vec<u64>; 2],
    /// The evaluation's sums over the empty cells.
    totals: Totals,
    hash: u64,
    moves: Vec<Cell>,
    /// The empty cells whose patterns the moves played changed, as they were before.
    saved: Vec<Saved>,
    /// Per move played: where its cells start in `saved`, and the totals before it.
    frames: Vec<(usize, Totals)>,
}

/// An empty cell's patterns and summaries before a move changed them (`undo` puts them back
/// instead of reading the tables again).
#[derive(Clone, Copy)]
struct Saved {
    cell: Cell,
    patterns: [[Pattern; 4]; 2],
    summaries: [Summary; 2],
}

/// A fixed pseudo-random number for `(cell, colour)` (splitmix64), for Zobrist hashing.
const fn zobrist(cell: Cell, color: Color) -> u64 {
    let mut z = (cell as u64 * 2 + color.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hashed in when White is to move.
const WHITE_TO_MOVE: u64 = 0x5851_F42D_4C95_7F2D;

impl SearchBoard {
    /// The search board of `pos` (which may be finished; search it only if it is not).
    pub fn new(pos: &Position) -> SearchBoard {
        let board = pos.board();
        let (width, height) = (board.width() as usize, board.height() as usize);
        let stride = width + 2 * PAD;
        let area = stride * (height + 2 * PAD);
        let offsets = DIRECTIONS.map(|(dx, dy)| dx as isize + dy as isize * stride as isize);
        let rule = pos.rule();
        let mut b = SearchBoard {
            pos: pos.clone(),
            width,
            height,
            stride,
            offsets,
            tables: Color::ALL.map(|c| table(rule, c)),
            restricted: rule == Rule::Renju,
            codes: vec![WALL; area],
            keys: vec![[0; 4]; area],
            patterns: vec![[[Pattern::None; 4]; 2]; area],
            summaries: vec![[Summary::default(); 2]; area],
            near: vec![0; area],
            threat_bits: [vec![0; area.div_ceil(64)], vec![0; area.div_ceil(64)]],
            totals: Totals::new(Net::of(rule)),
            hash: 0,
            moves: Vec::new(),
            saved: Vec::new(),
            frames: Vec::new(),
        };
        for y in 0..height {
            for x in 0..width {
                let p = Point::new(x as u8, y as u8);
                let c = b.cell(p);
                b.codes[c as usize] = board.get(p).map_or(EMPTY, stone_code);
            }
        }
        b.recompute();
        b
    }

    /// Recomputes every key, pattern, summary, count and total from the cell codes.
    fn recompute(&mut self) {
        self.hash = if self.pos.to_move() == Color::White {
            WHITE_TO_MOVE
        } else {
            0
        };
        self.totals = Totals::new(Net::of(self.pos.rule()));
        self.near.fill(0);
        for c in self.cells() {
            if let Some(color) = self.stone(c) {
                self.hash ^= zobrist(c, color);
                self.mark_near(c, 1);
            }
        }
        for c in 0..self.codes.len() {
            for d in 0..4 {
                let mut key = 0;
                for k in (-5..=5).filter(|&k| k != 0) {
                    let n = c as isize + k as isize * self.offsets[d];
                    let code = usize::try_from(n)
                        .ok()
                        .and_then(|n| self.codes.get(n))
                        .copied()
                        .unwrap_or(WALL);
                    key |= u32::from(code) << (2 * slot(k));
                }
                self.keys[c][d] = key;
            }
        }
        for c in self.cells() {
            if self.codes[c as usize] == EMPTY {
                for d in 0..4 {
                    self.refresh_pattern(c, d);
                }
                self.refresh_summary(c);
                self.add_total(c, true);
            }
        }
    }

    /// The rules crate's position.
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The side to move.
    pub const fn to_move(&self) -> Color {
        self.pos.to_move()
    }

    /// The Zobrist hash of stones and side to move.
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones on the board.
    pub fn stones(&self) -> usize {
        self.pos.board().stones()
    }

    /// Whether no empty point is left.
    pub fn is_full(&self) -> bool {
        self.pos.board().is_full()
    }

    /// Moves played since this board was built, oldest first.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The cell of a point on the board.
    pub const fn cell(&self, p: Point) -> Cell {
        ((p.y() as usize + PAD) * self.stride + p.x() as usize + PAD) as Cell
    }

    /// The point of a cell on the board.
    pub fn point(&self, c: Cell) -> Point {
        let c = c as usize;
        Point::new((c % self.stride - PAD) as u8, (c / self.stride - PAD) as u8)
    }

    /// The cells of the board, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let (w, h, stride) = (self.width, self.height, self.stride);
        (0..h).flat_map(move |y| (0..w).map(move |x| ((y + PAD) * stride + x + PAD) as Cell))
    }

    /// The stone on a cell.
    pub fn stone(&self, c: Cell) -> Option<Color> {
        match self.codes[c as usize] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether a cell is an empty point of the board.
    pub fn is_empty(&self, c: Cell) -> bool {
        self.codes[c as usize] == EMPTY
    }

    /// Whether an empty cell has a stone within two cells.
    pub fn is_near(&self, c: Cell) -> bool {
        self.near[c as usize] > 0
    }

    /// The cell `k` steps from `c` along direction `d` (may be padding).
    pub fn step(&self, c: Cell, d: usize, k: i32) -> Cell {
        (c as isize + k as isize * self.offsets[d]) as Cell
    }

    /// What a stone of `color` on the empty cell `c` makes along direction `d`.
    pub fn pattern(&self, c: Cell, color: Color, d: usize) -> Pattern {
        self.patterns[c as usize][color.index()][d]
    }

    /// The summary of the empty cell `c` for `color`.
    pub fn summary(&self, c: Cell, color: Color) -> Summary {
        self.summaries[c as usize][color.index()]
    }

    /// The static evaluation for the side to move (see `eval.rs`): a small network over the
    /// empty points' pattern pairs and the threat kinds each side holds, about 400 units to a
    /// logit of the win rate.
    pub fn evaluate(&self) -> i32 {
        self.totals.score(self.to_move())
    }

    /// Whether a stone of the side to move on the empty cell `c` is a renju foul (exact: the
    /// rules crate's checker decides wherever the patterns leave a foul possible).
    pub fn is_forbidden(&self, c: Cell) -> bool {
        self.is_forbidden_for(c, self.to_move())
    }

    /// As [`SearchBoard::is_forbidden`], for `color`.
    pub fn is_forbidden_for(&self, c: Cell, color: Color) -> bool {
        self.restricted
            && color == Color::Black
            && self.summary(c, Color::Black).may_be_foul()
            && self.pos.foul_at(self.point(c)).is_some()
    }

    /// Plays the empty cell `c` for the side to move (no legality check).
    pub fn play(&mut self, c: Cell) {
        let color = self.to_move();
        self.pos.play_unchecked(self.point(c));
        self.frames.push((self.saved.len(), self.totals));
        self.add_total(c, false);
        self.set(c, stone_code(color));
        self.hash ^= zobrist(c, color) ^ WHITE_TO_MOVE;
        self.mark_near(c, 1);
        self.moves.push(c);
    }

    /// Takes back the last move: the cell codes and window keys are written back, and the
    /// patterns, summaries and totals the move changed are restored from what it saved (the
    /// move's own cell kept its patterns while it held the stone).
    ///
    /// # Panics
    /// If no move was played on this board.
    pub fn undo(&mut self) {
        let c = self.moves.pop().expect("undo without a move");
        let color = self.stone(c).expect("the last move's stone");
        let (start, totals) = self.frames.pop().expect("a frame per move");
        self.pos.unplay_unchecked(self.point(c));
        self.write_code(c, EMPTY);
        for saved in self.saved.drain(start..).rev() {
            let n = saved.cell as usize;
            self.patterns[n] = saved.patterns;
            self.summaries[n] = saved.summaries;
            for i in 0..2 {
                mark_threat(&mut self.threat_bits[i], n, saved.summaries[i]);
            }
        }
        self.totals = totals;
        self.hash ^= zobrist(c, color) ^ WHITE_TO_MOVE;
        self.mark_near(c, -1);
    }

    /// Writes `code` on `c` and into the window keys of the 40 cells that see it.
    fn write_code(&mut self, c: Cell, code: u8) {
        self.codes[c as usize] = code;
        for d in 0..4 {
            for k in (-5..=5).filter(|&k| k != 0) {
                let n = self.step(c, d, k);
                let bit = 2 * slot(-k);
                let key = &mut self.keys[n as usize][d];
                *key = (*key & !(3 << bit)) | u32::from(code) << bit;
            }
        }
    }

    /// Writes a stone's `code` on `c` and updates the 40 cells whose windows see it.
    fn set(&mut self, c: Cell, code: u8) {
        self.write_code(c, code);
        for d in 0..4 {
            for k in (-5..=5).filter(|&k| k != 0) {
                let n = self.step(c, d, k);
                if self.codes[n as usize] == EMPTY {
                    self.update_pattern(n, d);
                }
            }
        }
    }

    /// Re-reads the patterns of the empty cell `n` along direction `d` after its key
    /// changed, saving the cell's state first; the summary and the totals change only for a
    /// colour whose pattern did (far neighbours often keep theirs).
    fn update_pattern(&mut self, n: Cell, d: usize) {
        let i = n as usize;
        let key = self.keys[i][d];
        let new = Color::ALL.map(|color| self.tables[color.index()].get(key));
        if new == [self.patterns[i][0][d], self.patterns[i][1][d]] {
            return;
        }
        self.saved.push(Saved {
            cell: n,
            patterns: self.patterns[i],
            summaries: self.summaries[i],
        });
        for color in Color::ALL {
            let ci = color.index();
            if new[ci] != self.patterns[i][ci][d] {
                // Built whole rather than written in place: reading the four back after
                // storing one of them stalls the load.
                let old = self.patterns[i][ci];
                let patterns = std::array::from_fn(|k| if k == d { new[ci] } else { old[k] });
                self.patterns[i][ci] = patterns;
                let restricted = self.restricted && color == Color::Black;
                let summary = Summary::lookup(patterns, restricted);
                self.totals.replace(color, &self.summaries[i][ci], &summary);
                self.summaries[i][ci] = summary;
                mark_threat(&mut self.threat_bits[ci], i, summary);
            }
        }
    }

    fn refresh_pattern(&mut self, c: Cell, d: usize) {
        let key = self.keys[c as usize][d];
        for color in Color::ALL {
            self.patterns[c as usize][color.index()][d] = self.tables[color.index()].get(key);
        }
    }

    fn refresh_summary(&mut self, c: Cell) {
        for color in Color::ALL {
            let restricted = self.restricted && color == Color::Black;
            let summary = Summary::new(self.patterns[c as usize][color.index()], restricted);
            self.summaries[c as usize][color.index()] = summary;
            mark_threat(&mut self.threat_bits[color.index()], c as usize, summary);
        }
    }

    /// The empty cells near a stone where one of `colors` would make a five, a four or an
    /// open three, in board order (every tactical scan reads only these).
    pub fn threat_cells<'a>(&'a self, colors: &[Color]) -> impl Iterator<Item = Cell> + use<'a> {
        let picked = Color::ALL.map(|c| colors.contains(&c));
        let words = self.threat_bits[0].len();
        (0..words).flat_map(move |w| {
            let mut bits = Color::ALL
                .iter()
                .filter(|c| picked[c.index()])
                .fold(0, |acc, c| acc | self.threat_bits[c.index()][w]);
            std::iter::from_fn(move || {
                let low = bits.trailing_zeros();
                (bits != 0).then(|| {
                    bits &= bits - 1;
                    (w * 64) as Cell + low as Cell
                })
            })
            .filter(|&c| self.is_empty(c) && self.is_near(c))
        })
    }

    /// Counts the empty cell `c` in the totals (`add`), or no longer (a stone goes there).
    fn add_total(&mut self, c: Cell, add: bool) {
        for color in Color::ALL {
            let summary = self.summaries[c as usize][color.index()];
            if add {
                self.totals.add(color, &summary);
            } else {
                self.totals.remove(color, &summary);
            }
        }
    }

    fn mark_near(&mut self, c: Cell, delta: i8) {
        let s = self.stride as isize;
        for dy in -2..=2 {
            for dx in -2..=2 {
                let n = (c as isize + dy * s + dx) as usize;
                self.near[n] = self.near[n].wrapping_add_signed(delta);
            }
        }
    }

    /// The empty cells near a stone (every empty cell on an empty board), in board order.
    pub fn candidates(&self, out: &mut Vec<Cell>) {
        out.clear();
        out.extend(
            self.cells()
                .filter(|&c| self.is_empty(c) && self.is_near(c)),
        );
        if out.is_empty() && self.stones() == 0 {
            let b = self.pos.board();
            out.push(self.cell(Point::center(b.width(), b.height())));
        }
    }

    /// The cells where `color` makes a five.
    pub fn fives(&self, color: Color) -> impl Iterator<Item = Cell> + '_ {
        self.threat_cells(&[color])
            .filter(move |&c| self.summary(c, color).is_five())
    }

    /// The five point(s) of `color` along the four lines through `c` (after a stone of
    /// `color` on `c` made a four): at most two are returned.
    pub fn five_points_through(&self, c: Cell, color: Color, out: &mut Vec<Cell>) {
        out.clear();
        for d in 0..4 {
            for k in (-4..=4).filter(|&k| k != 0) {
                let n = self.step(c, d, k);
                if self.is_empty(n)
                    && self.pattern(n, color, d) == Pattern::Five
                    && !out.contains(&n)
                {
                    out.push(n);
                }
            }
        }
    }
}

/// Keeps the bit of cell `c` in a colour's threat set equal to its summary `s`.
fn mark_threat(bits: &mut [u64], c: usize, s: Summary) {
    let bit = 1 << (c % 64);
    if s.fives > 0 || s.fours > 0 || s.open_threes > 0 {
        bits[c / 64] |= bit;
    } else {
        bits[c / 64] &= !bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::parse_moves;

    fn position(moves: &str, rule: Rule) -> Position {
        let mut p = Position::new(15, 15, rule).unwrap();
        for m in parse_moves(moves).unwrap() {
            p.play(m).unwrap();
        }
        p
    }

    fn same_state(a: &SearchBoard, b: &SearchBoard) {
        assert_eq!(a.hash, b.hash);
        for colors in [&[Color::Black][..], &[Color::White], &Color::ALL] {
            let threats: Vec<Cell> = a.threat_cells(colors).collect();
            assert_eq!(threats, b.threat_cells(colors).collect::<Vec<_>>());
            let naive: Vec<Cell> = a
                .cells()
                .filter(|&c| a.is_empty(c) && a.is_near(c))
                .filter(|&c| {
                    colors.iter().any(|&color| {
                        let s = a.summary(c, color);
                        s.fives > 0 || s.fours > 0 || s.open_threes > 0
                    })
                })
                .collect();
            assert_eq!(threats, naive);
        }
        assert_eq!(a.totals, b.totals);
        assert_eq!(a.evaluate(), crate::eval::naive_score(a));
        assert_eq!(a.near, b.near);
        for c in a.cells() {
            assert_eq!(
                a.keys[c as usize],
                b.keys[c as usize],
                "keys of {}",
                a.point(c)
            );
            if a.is_empty(c) {
                assert_eq!(a.summaries[c as usize], b.summaries[c as usize]);
            }
        }
    }

    #[test]
    fn incremental_updates_equal_a_fresh_board() {
        for rule in Rule::ALL {
            let moves = "h8 i9 h9 h10 i8 g8 j8 k8 j10 f7 e6 j7";
            let mut inc = SearchBoard::new(&Position::new(15, 15, rule).unwrap());
            for m in parse_moves(moves).unwrap() {
                inc.play(inc.cell(m));
            }
            let fresh = SearchBoard::new(&position(moves, rule));
            same_state(&inc, &fresh);
            for _ in 0..5 {
                inc.undo();
            }
            let fresh = SearchBoard::new(&position("h8 i9 h9 h10 i8 g8 j8", rule));
            same_state(&inc, &fresh);
        }
    }

    #[test]
    fn random_play_and_undo_keep_the_state_of_a_fresh_board() {
        // A fixed linear congruential sequence picks the moves and when to take some back.
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        for rule in Rule::ALL {
            let mut pos = Position::new(15, 15, rule).unwrap();
            let mut b = SearchBoard::new(&pos);
            let mut played = Vec::new();
            for _ in 0..120 {
                if !played.is_empty() && next(4) == 0 {
                    b.undo();
                    pos.unplay_unchecked(played.pop().unwrap());
                } else {
                    // Near the stones, where the patterns are.
                    let mut near = Vec::new();
                    b.candidates(&mut near);
                    let legal: Vec<Point> = near
                        .into_iter()
                        .map(|c| b.point(c))
                        .filter(|&p| pos.check(p).is_ok())
                        .collect();
                    if pos.is_over() || legal.is_empty() {
                        break;
                    }
                    let m = legal[next(legal.len())];
                    pos.play(m).unwrap();
                    b.play(b.cell(m));
                    played.push(m);
                }
                same_state(&b, &SearchBoard::new(&pos));
            }
        }
    }

    #[test]
    fn fives_and_fours_are_seen() {
        let b = SearchBoard::new(&position("h8 a1 i8 a2 j8 a3 k8", Rule::Freestyle));
        let fives: Vec<Point> = b.fives(Color::Black).map(|c| b.point(c)).collect();
        let expected: Vec<Point> = parse_moves("g8 l8").unwrap();
        assert_eq!(fives, expected);
        assert!(b.fives(Color::White).next().is_none());
        let mut out = Vec::new();
        let b = SearchBoard::new(&position("h8 a1 i8 a2 j8 a3", Rule::Freestyle));
        let mut b2 = b.clone();
        b2.play(b.cell("k8".parse().unwrap()));
        b2.five_points_through(b.cell("k8".parse().unwrap()), Color::Black, &mut out);
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn forbidden_points_match_the_rules_crate() {
        let p = position("f8 a1 g8 a2 i10 a3 i11 a4", Rule::Renju);
        let b = SearchBoard::new(&p);
        let exact = p.forbidden_points();
        for c in b.cells().filter(|&c| b.is_empty(c)) {
            assert_eq!(
                b.is_forbidden(c),
                exact.contains(b.point(c)),
                "{}",
                b.point(c)
            );
        }
        assert!(exact.contains("i8".parse().unwrap()));
    }
}
