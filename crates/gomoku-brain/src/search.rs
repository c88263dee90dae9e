//! The brain: immediate tactics, VCF and VCT at the root, then iterative deepening
//! alpha-beta (principal variation search, late quiet moves reduced by a logarithmic rule and
//! pruned by move count near the leaves, where static futility also cuts nodes; killer moves)
//! over the pattern evaluation, with a transposition table and threat-driven move generation (a
//! five threat has one answer, an open three or double threat only its defences and
//! counter-fours).

use crate::board::{Cell, SearchBoard};
use crate::patterns::Pattern;
use crate::time::Clock;
use crate::tt::{Bound, Table};
use crate::vcf::{vcf, vct};
use gomoku::{Color, Point, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Score of a win on the board now; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are forced wins or losses.
const WIN_BOUND: i32 = WIN - 1_000;
/// Deepest ply the search goes (forced answers extend the depth).
const MAX_PLY: usize = 64;
/// Moves searched at an ordinary node, the strongest by pattern score: at least this many,
/// more far from the leaves ([`branch`]).
const BRANCH: usize = 16;
/// Deepest quiet node whose late quiet moves are pruned by count ([`MOVE_COUNTS`]).
const PRUNE_DEPTH: i32 = 8;
/// Deepest quiet node that static futility may cut: off the principal variation, a node
/// whose evaluation beats beta by [`FUTILITY_MARGIN`] per ply of depth is not searched.
const FUTILITY_DEPTH: i32 = 5;
/// Evaluation units per ply of depth (about a fifth of a logit).
const FUTILITY_MARGIN: i32 = 80;

/// What to stop at: a time budget and/or a depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Time for the whole move (`None`: no limit).
    pub time: Option<Duration>,
    /// Deepest iteration (`None`: until time runs out, or 30).
    pub depth: Option<u32>,
    /// No iteration starts after this much of the move's time, to save the rest of a match
    /// clock (`None`: iterations run until `time`, all of a per-move limit being spent).
    pub soft: Option<Duration>,
}

/// How the move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first move, in the centre.
    Opening,
    /// It makes a five, or an unstoppable four.
    Win,
    /// It blocks the opponent's five.
    Block,
    /// It starts a victory by continuous fours.
    Vcf,
    /// It starts a victory by continuous threats.
    Vct,
    /// Alpha-beta chose it.
    Search,
}

/// The brain's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move.
    pub best: Point,
    /// Its score for the side to move (`±WIN` minus plies for a forced result).
    pub score: i32,
    /// Depth of the last completed iteration (0 when no search was needed).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Point>,
    /// How it was found.
    pub reason: Reason,
}

impl Thought {
    /// The score as words: `+35` (evaluation units, about 400 to a logit of the win rate, for
    /// the side to move), `wins in 7` or `loses in 4` (plies to the five).
    pub fn score_text(&self) -> String {
        if self.score > WIN_BOUND {
            format!("wins in {}", WIN - self.score)
        } else if self.score < -WIN_BOUND {
            format!("loses in {}", WIN + self.score)
        } else {
            format!("{:+}", self.score)
        }
    }
}

/// Why there is nothing to think about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The side to move has no legal point (renju: every empty point is forbidden).
    #[error("no legal move")]
    NoMove,
}

/// The brain: its transposition table, kept between moves of a game.
#[derive(Clone, Debug)]
pub struct Brain {
    tt: Table,
}

impl Default for Brain {
    fn default() -> Brain {
        Brain::new(32 << 20)
    }
}

/// The threats of one node, read from the summaries of the candidate cells.
struct Threats {
    my_five: Option<Cell>,
    op_fives: Vec<Cell>,
    my_winning_four: Option<Cell>,
    /// Whether the opponent has a point for an unstoppable four or a four-three.
    op_winning_four: bool,
    /// One of the opponent's four-three points when it has no point for an unstoppable
    /// four: its open three can be stopped where the opponent makes no four.
    op_four_three: Option<Cell>,
}

impl Brain {
    /// A brain with a transposition table of about `tt_bytes`.
    pub fn new(tt_bytes: usize) -> Brain {
        Brain {
            tt: Table::new(tt_bytes),
        }
    }

    /// Forgets what earlier searches stored (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The move for the side to move in `pos`, within `limits`, giving up early when `stop`
    /// is set. Under renju Black never gets a forbidden point.
    pub fn think(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: &AtomicBool,
    ) -> Result<Thought, ThinkError> {
        if pos.is_over() {
            return Err(ThinkError::GameOver);
        }
        let legal = pos.legal_moves();
        let Some(any) = legal.iter().next() else {
            return Err(ThinkError::NoMove);
        };
        let mut b = SearchBoard::new(pos);
        let mut clock = Clock::new(limits.time, stop);
        let answer = |best: Point, score, reason, pv: Vec<Point>, clock: &Clock| Thought {
            best,
            score,
            depth: 0,
            nodes: clock.nodes,
            pv,
            reason,
        };
        if b.stones() == 0 {
            let board = pos.board();
            let c = Point::center(board.width(), board.height());
            let best = if legal.contains(c) { c } else { any };
            return Ok(answer(best, 0, Reason::Opening, vec![best], &clock));
        }
        let t = threats(&b);
        if let Some(c) = t.my_five {
            return Ok(answer(
                b.point(c),
                WIN - 1,
                Reason::Win,
                vec![b.point(c)],
                &clock,
            ));
        }
        if t.op_fives.len() > 1 {
            let block = t.op_fives.iter().find(|&&c| !b.is_forbidden(c));
            let best = block.map_or(any, |&c| b.point(c));
            return Ok(answer(best, -WIN + 2, Reason::Block, vec![best], &clock));
        }
        if t.op_fives.is_empty() {
            if let Some(c) = t.my_winning_four {
                return Ok(answer(
                    b.point(c),
                    WIN - 3,
                    Reason::Win,
                    vec![b.point(c)],
                    &clock,
                ));
            }
            let share = threat_share(limits);
            let vcf_line = clock.within(share, |clock| vcf(&mut b, clock, 30));
            let threat_line = vcf_line.map(|l| (l, Reason::Vcf)).or_else(|| {
                let vct_line = (!t.op_winning_four)
                    .then(|| {
                        clock.within(share, |clock| vct(&mut b, clock, ROOT_VCT.0, ROOT_VCT.1))
                    })
                    .flatten();
                vct_line.map(|l| (l, Reason::Vct))
            });
            if let Some((line, reason)) = threat_line {
                let pv: Vec<Point> = line.iter().map(|&c| b.point(c)).collect();
                return Ok(answer(pv[0], WIN - pv.len() as i32, reason, pv, &clock));
            }
        }
        let mut root = root_moves(&b, &t);
        // Against an open three the root moves are its defences already.
        if t.op_fives.is_empty() && !t.op_winning_four && root.len() > 1 {
            root = defences(pos, &mut b, &mut clock, root, threat_share(limits));
        }
        debug_assert!(root.iter().all(|&c| pos.check(b.point(c)).is_ok()));
        let Some(&first) = root.first() else {
            // Only forbidden points answer the threats: any legal move loses as well.
            return Ok(answer(any, -WIN + 2, Reason::Search, vec![any], &clock));
        };
        let reason = if t.op_fives.is_empty() {
            Reason::Search
        } else {
            Reason::Block
        };
        if root.len() == 1 {
            return Ok(answer(
                b.point(first),
                0,
                reason,
                vec![b.point(first)],
                &clock,
            ));
        }
        let mut search = Search {
            tt: &mut self.tt,
            clock,
            pv: vec![Vec::new(); MAX_PLY + 1],
            killers: vec![[None; 2]; MAX_PLY + 1],
        };
        let mut best = (first, 0, 0, vec![first]);
        let max_depth = limits.depth.unwrap_or(30);
        for depth in 1..=max_depth {
            let result = search.root(&mut b, &root, depth as i32, best.0);
            let expired = search.clock.expired();
            // An unfinished iteration still counts where a move beat the previous best.
            if let Some((score, m)) = result
                && (!expired || m != best.0)
            {
                let done = if expired { best.2 } else { depth };
                best = (m, score, done, search.pv[0].clone());
            }
            if expired || best.1.abs() > WIN_BOUND {
                break;
            }
            if limits
                .soft
                .is_some_and(|soft| search.clock.elapsed() > soft)
            {
                break;
            }
        }
        let pv = best.3.iter().map(|&c| b.point(c)).collect();
        Ok(Thought {
            best: b.point(best.0),
            score: best.1,
            depth: best.2,
            nodes: search.clock.nodes,
            pv,
            reason,
        })
    }
}

/// The time each of the root's threat searches may take: a tenth of the move's (two seconds
/// without a clock). At a fifth, they took 180–360 ms of a 900 ms move with nothing found in
/// most positions, and the search behind them did better with that time (BENCHMARKS.md,
/// session 22).
fn threat_share(limits: Limits) -> Duration {
    limits.time.map_or(Duration::from_secs(2), |t| t / 10)
}

/// How deep the root's threat searches read a VCT, its own and the opponent's in the root
/// defence: attacking moves, and fours in each VCF inside it. Read deeper in the defence (10
/// moves, fours to 16), it took time from alpha-beta and lost strength in renju
/// (BENCHMARKS.md, session 25).
const ROOT_VCT: (u32, u32) = (8, 12);

/// A VCF, else a VCT, of the side to move: the winning line.
fn threat_line(b: &mut SearchBoard, clock: &mut Clock) -> Option<Vec<Cell>> {
    vcf(b, clock, 30).or_else(|| {
        (!clock.expired())
            .then(|| vct(b, clock, ROOT_VCT.0, ROOT_VCT.1))
            .flatten()
    })
}

/// The root moves that stop the opponent's threat sequence, when it has one. Alpha-beta's
/// horizon misses such sequences (against the terminal bot, VCTs of 13–23 plies made possible
/// by one quiet move), while the threat searches read them to the end: the opponent's threats
/// are searched as if it moved now (a pass), and if it wins so, each root move (the points of
/// its line first) is played and the search repeated (`share` for the first search, twice
/// that for all the others). The moves after which a line was found are dropped: the others
/// are kept in `root`'s order, those shown to stop every line first and those the clock left
/// untried after them; all of `root` when the opponent has no line or nothing stops it.
fn defences(
    pos: &Position,
    b: &mut SearchBoard,
    clock: &mut Clock,
    root: Vec<Cell>,
    share: Duration,
) -> Vec<Cell> {
    let mut pass = pos.to_setup();
    pass.to_move = Some(pos.to_move().other());
    let Ok(pass) = Position::from_setup(&pass) else {
        return root;
    };
    let mut opponent = SearchBoard::new(&pass);
    let Some(line) = clock.within(share, |clock| threat_line(&mut opponent, clock)) else {
        return root;
    };
    let mut tried: Vec<Cell> = line.iter().copied().filter(|c| root.contains(c)).collect();
    tried.extend(root.iter().copied().filter(|c| !line.contains(c)));
    let (safe, refuted) = clock.within(share * 2, |clock| {
        let (mut safe, mut refuted) = (Vec::new(), Vec::new());
        for m in tried {
            b.play(m);
            let found = threat_line(b, clock).is_some();
            b.undo();
            if clock.expired() {
                break;
            }
            if found {
                refuted.push(m);
            } else {
                safe.push(m);
            }
        }
        (safe, refuted)
    });
    surviving(root, &safe, &refuted)
}

/// The root moves left after the opponent's threats were searched behind some of them:
/// those after which no line was found (`safe`) first, then the untried ones, each in
/// `root`'s order; the `refuted` ones only when nothing else is left.
fn surviving(root: Vec<Cell>, safe: &[Cell], refuted: &[Cell]) -> Vec<Cell> {
    let (mut kept, untried): (Vec<Cell>, Vec<Cell>) = root
        .iter()
        .filter(|c| !refuted.contains(c))
        .partition(|c| safe.contains(c));
    kept.extend(untried);
    if kept.is_empty() { root } else { kept }
}

/// Reads the threats of the side to move and of the opponent.
fn threats(b: &SearchBoard) -> Threats {
    let me = b.to_move();
    let op = me.other();
    let mut t = Threats {
        my_five: None,
        op_fives: Vec::new(),
        my_winning_four: None,
        op_winning_four: false,
        op_four_three: None,
    };
    let mut op_unstoppable = false;
    for c in b.threat_cells(&[me, op]) {
        let (mine, theirs) = (b.summary(c, me), b.summary(c, op));
        if mine.is_five() && t.my_five.is_none() {
            t.my_five = Some(c);
        }
        if theirs.is_five() && t.op_fives.len() < 2 {
            t.op_fives.push(c);
        }
        if mine.is_winning_four() && t.my_winning_four.is_none() && !b.is_forbidden(c) {
            t.my_winning_four = Some(c);
        }
        let four_three = theirs.fours > 0 && theirs.open_threes > 0;
        if (theirs.is_winning_four() || four_three) && !b.is_forbidden_for(c, op) {
            t.op_winning_four = true;
            op_unstoppable |= theirs.is_winning_four();
            if four_three && t.op_four_three.is_none() {
                t.op_four_three = Some(c);
            }
        }
    }
    if op_unstoppable {
        t.op_four_three = None;
    }
    t
}

/// The moves worth searching, best first by pattern score: the block of a five threat; the
/// defences and counter-fours against an open three or double threat (where either side
/// makes a four, and against a four-three point also the points of its three's line);
/// otherwise the strongest candidates. Renju fouls are left out.
fn root_moves(b: &SearchBoard, t: &Threats) -> Vec<Cell> {
    let me = b.to_move();
    let op = me.other();
    if let Some(&c) = t.op_fives.first() {
        return if b.is_forbidden(c) {
            Vec::new()
        } else {
            vec![c]
        };
    }
    let mut moves = Vec::new();
    b.candidates(&mut moves);
    if t.op_winning_four {
        moves.retain(|&c| b.summary(c, me).fours > 0 || b.summary(c, op).fours > 0);
        if let Some(c) = t.op_four_three {
            for p in three_line(b, c, op) {
                if !moves.contains(&p) {
                    moves.push(p);
                }
            }
        }
    }
    let mut scored: Vec<(i32, Cell)> = moves.into_iter().map(|c| (order_score(b, c), c)).collect();
    scored.sort_by_key(|&(s, c)| (-s, c));
    let mut out: Vec<Cell> = scored.into_iter().map(|(_, c)| c).collect();
    out.retain(|&c| !b.is_forbidden(c));
    out
}

/// The empty points within four of `c` on the lines where a stone of `color` there makes
/// an open three: where that three is stopped before it is made.
fn three_line(b: &SearchBoard, c: Cell, color: Color) -> Vec<Cell> {
    let mut out = Vec::new();
    for d in (0..4).filter(|&d| b.pattern(c, color, d) == Pattern::OpenThree) {
        out.extend(
            (-4..=4)
                .map(|k| b.step(c, d, k))
                .filter(|&p| p != c && b.is_empty(p)),
        );
    }
    out
}

/// Attack first, defence close behind.
fn order_score(b: &SearchBoard, c: Cell) -> i32 {
    let me = b.to_move();
    let mine = b.summary(c, me).score;
    let theirs = b.summary(c, me.other()).score;
    mine * 6 + theirs * 5
}

struct Search<'t, 'c> {
    tt: &'t mut Table,
    clock: Clock<'c>,
    pv: Vec<Vec<Cell>>,
    /// Per ply, the last two quiet moves that caused a cut-off.
    killers: Vec<[Option<Cell>; 2]>,
}

/// Whether a move makes a four or an open three, or stops the opponent's four: such moves
/// are never reduced or pruned. (Stopping a mere open-three point is quiet: most candidates
/// near the opponent's twos stop one, and counted tactical they were never reduced.)
fn is_tactical(b: &SearchBoard, c: Cell) -> bool {
    let me = b.to_move();
    let (mine, theirs) = (b.summary(c, me), b.summary(c, me.other()));
    mine.fours > 0 || mine.open_threes > 0 || theirs.fours > 0
}

/// How many plies shallower the `index`th move of a node `depth` deep is searched first:
/// late quiet moves (`quiet`: neither the move nor its node tactical) of nodes at least 3
/// deep, by `ln(depth) * ln(index) / 1.5` (at least one ply, leaving at least one).
fn reduction(depth: i32, index: usize, quiet: bool) -> i32 {
    if !quiet || depth < 3 || index < 2 {
        return 0;
    }
    let index = f64::from(u32::try_from(index).unwrap_or(u32::MAX));
    let r = f64::from(depth).ln() * index.ln() / 1.5;
    (r as i32).clamp(1, depth - 1)
}

/// How many candidates a quiet node `depth` plies deep searches (the others only if all of
/// those lose): [`BRANCH`], or
/// `3 + depth^1.32` where that is more (18 at depth 8, 23 at 10, 29 at 12), the count by
/// which Rapfi prunes (its `futilityMoveCount` when the evaluation improves).
fn branch(depth: i32) -> usize {
    BRANCH.max((3.0 + f64::from(depth.max(1)).powf(1.32)) as usize)
}

/// How many moves a quiet node `depth` plies deep (1 to [`PRUNE_DEPTH`], at index
/// `depth - 1`) searches before it drops its remaining quiet moves: `(3 + depth^1.3) / 2`,
/// rounded down.
const MOVE_COUNTS: [usize; PRUNE_DEPTH as usize] = [2, 2, 3, 4, 5, 6, 7, 8];

impl Search<'_, '_> {
    /// One iteration at the root over `moves`, the previous best first. Returns the score
    /// and the best move, or `None` when time ran out before the first move was searched.
    fn root(
        &mut self,
        b: &mut SearchBoard,
        moves: &[Cell],
        depth: i32,
        prev: Cell,
    ) -> Option<(i32, Cell)> {
        let mut ordered = vec![prev];
        ordered.extend(moves.iter().copied().filter(|&c| c != prev));
        let tactical: Vec<bool> = ordered.iter().map(|&m| is_tactical(b, m)).collect();
        let (mut alpha, beta) = (-WIN, WIN);
        let mut best = prev;
        for (i, &m) in ordered.iter().enumerate() {
            b.play(m);
            let later = (i > 0).then(|| reduction(depth, i, !tactical[i]));
            let score = self.child(b, depth - 1, 1, (alpha, beta), later);
            b.undo();
            if self.clock.expired() {
                return (i > 0).then_some((alpha, best));
            }
            if score > alpha || i == 0 {
                alpha = score.max(alpha);
                best = m;
                let mut line = vec![m];
                line.extend_from_slice(&self.pv[1]);
                self.pv[0] = line;
            }
        }
        Some((alpha, best))
    }

    /// The score of a move just played on `b`, searched `depth` plies deep from the child at
    /// `ply`, by principal variation search: the first move (`later: None`) with the full
    /// window, a later one with a null window, first `later` plies shallower; a move that
    /// beats `alpha` is searched again without the reduction, then with the full window.
    fn child(
        &mut self,
        b: &mut SearchBoard,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        later: Option<i32>,
    ) -> i32 {
        let Some(r) = later else {
            return -self.node(b, depth, ply, -beta, -alpha);
        };
        let mut s = alpha + 1;
        if r > 0 {
            s = -self.node(b, depth - r, ply, -alpha - 1, -alpha);
        }
        if s > alpha && !self.clock.expired() {
            s = -self.node(b, depth, ply, -alpha - 1, -alpha);
        }
        if s > alpha && s < beta && !self.clock.expired() {
            s = -self.node(b, depth, ply, -beta, -alpha);
        }
        s
    }

    /// Orders the moves of a quiet node (given by pattern score, each with whether it is
    /// tactical): the tactical ones first, then the killers of this ply, then the rest; the
    /// pattern order is kept within each.
    fn order(&self, moves: &mut [(Cell, bool)], ply: usize) {
        let killers = self.killers[ply];
        moves.sort_by_key(|&(m, tactical)| {
            if tactical {
                0
            } else if killers.contains(&Some(m)) {
                1
            } else {
                2
            }
        });
    }

    /// Remembers a quiet move that cut off at `ply`.
    fn cut_off(&mut self, m: Cell, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    /// Negamax with alpha-beta; scores are for the side to move.
    fn node(
        &mut self,
        b: &mut SearchBoard,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.clock.tick() {
            return 0;
        }
        if b.is_full() {
            return 0;
        }
        let t = threats(b);
        let ply_i = ply as i32;
        if t.my_five.is_some() {
            return WIN - ply_i - 1;
        }
        if t.op_fives.len() > 1 || t.op_fives.first().is_some_and(|&c| b.is_forbidden(c)) {
            return -(WIN - ply_i - 2);
        }
        if t.op_fives.is_empty() && t.my_winning_four.is_some() {
            return WIN - ply_i - 3;
        }
        let forced = !t.op_fives.is_empty();
        // No VCF at the leaves: the nodes it took cost two plies of depth in a second.
        if ply >= MAX_PLY || (depth <= 0 && !forced) {
            return b.evaluate();
        }
        let key = b.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry
            && e.depth >= depth
        {
            let score = from_tt(e.score, ply_i);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        let quiet_node = !forced && !t.op_winning_four;
        if quiet_node && beta - alpha == 1 && depth <= FUTILITY_DEPTH {
            let eval = b.evaluate();
            if eval - FUTILITY_MARGIN * depth >= beta {
                return eval;
            }
        }
        let moves = root_moves(b, &t);
        if moves.is_empty() {
            return -(WIN - ply_i - 2);
        }
        // A quiet node searches its strongest candidates, the rest only when all of those
        // lose: a loss is proved over every move.
        let head = if quiet_node {
            branch(depth).min(moves.len())
        } else {
            moves.len()
        };
        let mut moves: Vec<(Cell, bool)> =
            moves.into_iter().map(|m| (m, is_tactical(b, m))).collect();
        if quiet_node {
            self.order(&mut moves[..head], ply);
        }
        if let Some(best) = entry.and_then(|e| e.best)
            && let Some(i) = moves.iter().position(|&(c, _)| c == best)
        {
            moves[..=i].rotate_right(1);
        }
        // The forced answer to a four costs no depth, so four sequences are read to the end.
        // The defences against an open three or a four-three cost a ply like any move: free,
        // every three of a line would multiply the tree.
        let next_depth = if forced { depth } else { depth - 1 };
        let alpha0 = alpha;
        let mut best = (-WIN, moves[0].0);
        for (i, &(m, tactical)) in moves.iter().enumerate() {
            // Past the strongest candidates, or (the quiet moves come last, so the rest too)
            // past the count, a node that has a move not lost stops.
            if quiet_node
                && best.0 > -WIN_BOUND
                && (i >= head
                    || (!tactical && depth <= PRUNE_DEPTH && i >= MOVE_COUNTS[depth as usize - 1]))
            {
                break;
            }
            b.play(m);
            let later = (i > 0).then(|| reduction(depth, i, quiet_node && !tactical));
            let score = self.child(b, next_depth, ply + 1, (alpha, beta), later);
            b.undo();
            if self.clock.expired() {
                return 0;
            }
            if score > best.0 {
                best = (score, m);
                if score > alpha {
                    alpha = score;
                    let mut line = vec![m];
                    line.extend_from_slice(&self.pv[ply + 1]);
                    self.pv[ply] = line;
                    if score >= beta {
                        if quiet_node && !tactical {
                            self.cut_off(m, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best.0 >= beta {
            Bound::Lower
        } else if best.0 > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth, to_tt(best.0, ply_i), bound, Some(best.1));
        best.0
    }
}

/// A score stored in the table counts win distances from the node, not the root.
const fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

const fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_spare_tactical_and_early_moves_and_leave_a_ply() {
        for depth in 1..=40 {
            for index in 0..BRANCH {
                let r = reduction(depth, index, true);
                assert_eq!(reduction(depth, index, false), 0, "a tactical move");
                if depth < 3 || index < 2 {
                    assert_eq!(r, 0, "depth {depth}, move {index}");
                } else {
                    assert!((1..depth).contains(&r), "depth {depth}, move {index}: {r}");
                }
            }
        }
        // ln 10 · ln 15 / 1.5 = 4.16.
        assert_eq!(reduction(10, 15, true), 4);
    }

    #[test]
    fn the_branch_widens_only_far_from_the_leaves() {
        for depth in -1..=7 {
            assert_eq!(branch(depth), BRANCH, "depth {depth}");
        }
        assert_eq!((branch(8), branch(10), branch(12)), (18, 23, 29));
        for depth in 1..40 {
            assert!(branch(depth + 1) >= branch(depth), "depth {depth}");
        }
    }

    #[test]
    fn refuted_root_moves_go_and_untried_ones_stay_behind_the_safe_ones() {
        let root = vec![1, 2, 3, 4, 5];
        assert_eq!(surviving(root.clone(), &[4, 2], &[1, 5]), vec![2, 4, 3]);
        // The clock stopped after one safe move: the untried ones are not dropped with it.
        assert_eq!(surviving(root.clone(), &[3], &[1]), vec![3, 2, 4, 5]);
        assert_eq!(surviving(root.clone(), &[], &[2, 4]), vec![1, 3, 5]);
        assert_eq!(surviving(root.clone(), &[], &[1, 2, 3, 4, 5]), root);
    }

    #[test]
    fn move_counts_follow_their_formula() {
        for (depth, &count) in (1..=PRUNE_DEPTH).zip(&MOVE_COUNTS) {
            let formula = f64::midpoint(3.0, f64::from(depth).powf(1.3).floor());
            assert_eq!(count, formula as usize, "depth {depth}");
        }
    }
}
