//! The search: iterative deepening over principal variation search with aspiration windows,
//! a transposition table (probed in quiescence too), quiescence on captures and check
//! evasions, extensions of safe checks and of singular hash moves, reverse futility and
//! null-move pruning, internal iterative reduction, late-move reductions by move number,
//! history and whether the position improves, pruning of late quiet moves (by count,
//! futility and SEE) and of losing captures near the leaves, and the repetition rules of the
//! game being played.
//!
//! # Repetitions
//! When a position on the current line (the game so far, then the search path) repeats, the
//! moves since its earliest occurrence that the rules count (the nearest one, or two for a
//! threefold rule when the line holds both) are judged by the game's [`RuleSet`] as the
//! rules crate would judge them once the repetition completes, at every depth and for every
//! cycle length: a side that checked with every move while the other did not loses (scored
//! like being mated there);
//! under the Asian rules a perpetual chase is judged by replaying the cycle through
//! [`xiangqi::Game`], and the verdict is remembered by the cycle's positions, so each
//! distinct cycle is replayed once per search. Every other repetition is a draw, scored 0: a
//! side that is behind steers into it, a side that is ahead avoids it.
//!
//! # Threads
//! With [`Engine::set_threads`] above 1 the search is Lazy SMP: helper threads run the same
//! iterative deepening (every other one a ply deeper) over the shared transposition table,
//! with their own move-ordering memory, and stop when the main thread answers.

use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use xiangqi::{
    Color, Game, Move, MoveList, Outcome, Piece, Position, RepetitionRule, Role, RuleSet,
};

use crate::board::{Board, legal_moves};
use crate::eval::{evaluate, evaluate_board, value};
use crate::ordering::{Context, Heuristics, MAX_PLY, Picker};
use crate::see::see_ge;
use crate::time::Budget;
use crate::tt::{Bound, Hit, Table};

/// The score of being mated at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INFINITY: i32 = 31_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// The most search threads [`Engine::set_threads`] accepts.
pub const MAX_THREADS: usize = 256;

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// What to search and when to stop.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (default [`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Time to think; `None` is no time limit.
    pub budget: Option<Budget>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until told to stop (also past the depth limit): `go infinite`.
    pub infinite: bool,
    /// Only these root moves (empty: all).
    pub search_moves: Vec<Move>,
    /// How many best lines to report (at least 1).
    pub multipv: usize,
}

/// The flags the protocol loop shares with a running search.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
}

impl Control {
    /// Fresh flags; `pondering` searches without a clock until [`Control::ponderhit`].
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
        }
    }

    /// Asks the search to stop as soon as it can and answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::Release);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which line (1 is the best).
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` without legal moves).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// The best line's score.
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// What the search keeps per position on the current line.
#[derive(Clone, Copy)]
struct Frame {
    pos: Position,
    in_check: bool,
    /// The move that led here and the piece that made it.
    last: Option<(Piece, Move)>,
}

/// Late-move reduction by depth and move number.
fn reduction(depth: i32, moves: usize) -> i32 {
    let r = 0.6 + f64::from(depth.max(1)).ln() * f64::from(moves.clamp(1, 255) as u32).ln() / 2.2;
    r as i32
}

/// How many quiet moves are searched at `depth` near the leaves before the rest are pruned.
fn late_move_limit(depth: i32, improving: bool) -> usize {
    let d = depth.clamp(0, 32) as usize;
    (3 + d * d) / (2 - usize::from(improving))
}

/// True if `color` has a chariot, horse or cannon: null-move pruning is safe enough.
fn has_big_piece(pos: &Position, color: Color) -> bool {
    pos.pieces().any(|(_, p)| {
        p.color == color && matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon)
    })
}

/// What the threads of one search share besides the table.
#[derive(Debug, Default)]
struct Shared {
    /// The main thread has answered: helpers stop.
    done: AtomicBool,
    /// Nodes searched by the helpers.
    helper_nodes: AtomicU64,
}

/// Verdicts of cycles judged for perpetual chase, by a hash of the cycle's positions: 1 if
/// the side to move at the cycle's ends wins, -1 if it loses, 0 for a draw.
struct CycleVerdicts {
    slots: Vec<(u64, i8)>,
}

impl CycleVerdicts {
    const SLOTS: usize = 4096;

    fn new() -> CycleVerdicts {
        CycleVerdicts {
            slots: vec![(0, 0); Self::SLOTS],
        }
    }

    fn slot(key: u64) -> usize {
        (key % Self::SLOTS as u64) as usize
    }

    fn get(&self, key: u64) -> Option<i8> {
        let (k, verdict) = self.slots[Self::slot(key)];
        (k == key && key != 0).then_some(verdict)
    }

    fn insert(&mut self, key: u64, verdict: i8) {
        self.slots[Self::slot(key)] = (key, verdict);
    }
}

/// One thread's search over the shared table.
struct Search<'a> {
    tt: &'a Table,
    heur: &'a mut Heuristics,
    control: &'a Control,
    shared: &'a Shared,
    /// A helper thread: no clock, stops when the main thread is done.
    helper: bool,
    cycles: CycleVerdicts,
    rules: RuleSet,
    /// The game's positions (oldest first) followed by the search path.
    line: Vec<Frame>,
    /// Index of the root position in `line` (the game's positions come before it).
    root: usize,
    /// No repetition reaches back before this index (the position after a null move).
    barrier: usize,
    /// The score of the root's best move so far in the current iteration.
    root_score: i32,
    start: Instant,
    was_pondering: bool,
    budget: Option<Budget>,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    root_depth: i32,
    /// Root moves to skip (earlier MultiPV lines) and to keep (`searchmoves`).
    excluded: Vec<Move>,
    only: Vec<Move>,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The static evaluation at each ply of the search path (`-INFINITY` in check).
    evals: [i32; MAX_PLY],
    /// The move left out at each ply while testing whether the hash move is singular.
    skipped: [Option<Move>; MAX_PLY],
}

impl<'a> Search<'a> {
    /// A search of the last position of `line` without limits, on the main thread.
    fn new(
        tt: &'a Table,
        heur: &'a mut Heuristics,
        control: &'a Control,
        shared: &'a Shared,
        rules: RuleSet,
        line: Vec<Frame>,
    ) -> Search<'a> {
        Search {
            tt,
            heur,
            control,
            shared,
            helper: false,
            cycles: CycleVerdicts::new(),
            rules,
            root: line.len() - 1,
            line,
            barrier: 0,
            root_score: 0,
            start: Instant::now(),
            was_pondering: false,
            budget: None,
            node_limit: None,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 1,
            excluded: Vec::new(),
            only: Vec::new(),
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            evals: [-INFINITY; MAX_PLY],
            skipped: [None; MAX_PLY],
        }
    }

    /// Plies from the root (the root is `line[root]`).
    fn ply(&self) -> usize {
        self.line.len() - 1 - self.root
    }

    fn frame(&self) -> &Frame {
        self.line.last().expect("the line holds the root")
    }

    /// The moves that led to the current position (for move ordering).
    fn context(&self) -> Context {
        let n = self.line.len();
        [
            self.line[n - 1].last,
            n.checked_sub(2).and_then(|i| self.line[i].last),
        ]
    }

    fn push(&mut self, pos: Position, last: Option<(Piece, Move)>) {
        let in_check = pos.is_check();
        self.line.push(Frame {
            pos,
            in_check,
            last,
        });
    }

    /// Nodes searched by every thread so far (exact for the main thread's own count).
    fn total_nodes(&self) -> u64 {
        self.nodes + self.shared.helper_nodes.load(Ordering::Relaxed)
    }

    /// Checks the clock and the node limit every 1024 nodes.
    fn poll(&mut self) {
        if self.nodes & 1023 != 0 {
            return;
        }
        if self.helper {
            self.shared.helper_nodes.fetch_add(1024, Ordering::Relaxed);
            if self.control.stopped() || self.shared.done.load(Ordering::Acquire) {
                self.aborted = true;
            }
            return;
        }
        if self.control.stopped() || self.node_limit.is_some_and(|n| self.total_nodes() >= n) {
            self.aborted = true;
            return;
        }
        if self.was_pondering && !self.control.pondering() {
            self.was_pondering = false;
            self.start = Instant::now();
        }
        if !self.was_pondering && self.budget.is_some_and(|b| self.start.elapsed() >= b.hard) {
            self.aborted = true;
        }
    }

    /// The verdict of the repetition rules if the current position repeats one on the line:
    /// the score for the side to move.
    fn repetition(&mut self) -> Option<i32> {
        let n = self.line.len() - 1;
        let cur = &self.line[n].pos;
        let reversible = cur.halfmoves() as usize;
        // The earlier occurrences, nearest first, as many as complete the repetition: the
        // rules crate judges every move since the earliest of them. With fewer on the line
        // the cycle is judged as if it came round again unchanged.
        let wanted = usize::from(self.rules.repetition_count.max(2)) - 1;
        let mut first = None;
        let mut found = 0;
        let mut j = n;
        while found < wanted
            && let Some(k) = j.checked_sub(if j == n { 4 } else { 2 })
            && n - k <= reversible
            && k >= self.barrier
        {
            j = k;
            let then = &self.line[j].pos;
            if then.zobrist_key() == cur.zobrist_key() && then.board_eq(cur) {
                first = Some(j);
                found += 1;
            }
        }
        Some(self.judge_cycle(first?, n, found + 1))
    }

    /// Judges the moves from `line[j]` to `line[n]` (the same position, which occurs
    /// `occurrences` times in that span) for the side to move.
    fn judge_cycle(&mut self, j: usize, n: usize, occurrences: usize) -> i32 {
        let ply = self.ply() as i32;
        if self.rules.repetition == RepetitionRule::Off {
            return 0;
        }
        // Move k (k in j+1..=n) leads to line[k]; it gave check if line[k] is in check.
        let all_checks = |first: usize| (first..=n).step_by(2).all(|k| self.line[k].in_check);
        let (we_check, they_check) = (all_checks(j + 1), all_checks(j + 2));
        match (we_check, they_check) {
            (true, false) => return -(MATE - ply),
            (false, true) => return MATE - ply,
            (true, true) => return 0,
            (false, false) => {}
        }
        if self.rules.repetition != RepetitionRule::Asian {
            return 0;
        }
        let key = self.line[j..=n]
            .iter()
            .fold(0x9e37_79b9_7f4a_7c15_u64, |h, f| {
                (h.rotate_left(5) ^ f.pos.zobrist_key()).wrapping_mul(0x0100_0000_01b3)
            })
            | 1;
        let verdict = self.cycles.get(key).unwrap_or_else(|| {
            let us = self.line[n].pos.turn();
            let v = self
                .chase_winner(j, n, occurrences)
                .map_or(0, |w| if w == us { 1 } else { -1 });
            self.cycles.insert(key, v);
            v
        });
        i32::from(verdict) * (MATE - ply)
    }

    /// The winner under the Asian rules of the moves from `line[j]` to `line[n]`, replayed
    /// through the rules crate's [`Game`] (`None`: a draw).
    fn chase_winner(&self, j: usize, n: usize, occurrences: usize) -> Option<Color> {
        let mut game = Game::with_rules(
            self.line[j].pos,
            RuleSet {
                repetition_count: u8::try_from(occurrences).ok()?,
                ..self.rules
            },
        );
        for frame in &self.line[j + 1..=n] {
            let (_, m) = frame.last?;
            game.play(m).ok()?;
        }
        match game.repetition_outcome() {
            Some(Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    /// The score of the current position searched to `depth` in the window `alpha..beta`;
    /// `null_ok`: a null move may be tried.
    fn search(&mut self, depth: i32, mut alpha: i32, beta: i32, null_ok: bool) -> i32 {
        let ply = self.ply();
        let pv_node = beta - alpha > 1;
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        if ply > 0 {
            if let Some(score) = self.repetition() {
                return score;
            }
            if self
                .rules
                .move_limit
                .is_some_and(|l| self.frame().pos.halfmoves() >= 2 * l)
            {
                return 0;
            }
            // Mate distance pruning.
            let ply_i = ply as i32;
            let (a, b) = (alpha.max(-(MATE - ply_i)), beta.min(MATE - ply_i - 1));
            if a >= b {
                return a;
            }
        }
        let Frame { pos, in_check, .. } = *self.frame();
        if depth <= 0 && !in_check {
            return self.quiescence(alpha, beta);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(&pos);
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.poll();
        if self.aborted {
            return 0;
        }
        let depth = depth.max(1);
        let skipped = self.skipped[ply];
        let hash = pos.zobrist_key();
        let hit = self.tt.probe(hash);
        if let Some(h) = hit
            && !pv_node
            && ply > 0
            && skipped.is_none()
            && h.depth >= depth
            && let Some(score) = tt_cutoff(h, ply, alpha, beta)
        {
            return score;
        }
        // The mailbox board for the evaluation and the exchanges, built once when needed.
        let cell = OnceCell::new();
        let board = || cell.get_or_init(|| Board::new(&pos));
        let eval = if in_check {
            -INFINITY
        } else {
            hit.map_or_else(|| evaluate_board(board(), pos.turn()), |h| h.eval)
        };
        self.evals[ply] = eval;
        // The side to move stands better than two plies ago: prune less.
        let improving = ply >= 2 && !in_check && eval > self.evals[ply - 2];
        if !pv_node && !in_check && ply > 0 && skipped.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves.
            if depth <= 7 && eval - 90 * (depth - i32::from(improving)) >= beta {
                return eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, cut.
            if null_ok
                && depth >= 3
                && eval >= beta
                && has_big_piece(&pos, pos.turn())
                && let Some(passed) = pos.null_move()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 300).min(2);
                let saved = self.barrier;
                self.barrier = self.line.len();
                self.push(passed, None);
                let score = -self.search(depth - 1 - r, -beta, -beta + 1, false);
                self.line.pop();
                self.barrier = saved;
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        let hash_move = hit.and_then(|h| h.mv);
        // Internal iterative reduction: without a move to try first, search a ply shallower.
        let depth = if depth >= 4 && hash_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let context = self.context();
        let mut picker = Picker::new(&pos, board(), hash_move, ply, context);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried = MoveList::new();
        let original_alpha = alpha;
        while let Some(m) = picker.next(self.heur) {
            if Some(m) == skipped
                || (ply == 0
                    && (self.excluded.contains(&m)
                        || (!self.only.is_empty() && !self.only.contains(&m))))
            {
                continue;
            }
            let capture = pos.capture_of(m);
            let mover = pos.piece_at(m.from).expect("a legal move moves a piece");
            let mut child = pos;
            child.play_unchecked(m);
            let gives_check = child.is_check();
            let quiet = capture.is_none();
            // The late-move reduction by depth and move number, for pruning and reducing.
            let late_r = reduction(depth, searched + 1);
            // Pruning of late moves once a move that does not lose is in hand.
            if ply > 0 && !in_check && searched > 0 && best > -MATE_BOUND {
                let lmr_depth = depth - 1 - late_r;
                if quiet && !gives_check {
                    // Move-count pruning: enough quiet moves tried near the leaves.
                    if quiets_tried.len() >= late_move_limit(depth, improving) {
                        continue;
                    }
                    // Futility: this far below alpha no quiet move can help.
                    if lmr_depth <= 7 && eval + 100 + 110 * lmr_depth.max(0) <= alpha {
                        continue;
                    }
                    // A quiet move that loses its piece near the leaves.
                    if lmr_depth <= 5 && !see_ge(board(), m, -60 * lmr_depth.max(1)) {
                        continue;
                    }
                } else if !quiet && depth <= 6 && !see_ge(board(), m, -120 * depth) {
                    continue;
                }
            }
            let may_extend = (ply as i32) < 2 * self.root_depth;
            let mut extension =
                i32::from(may_extend && gives_check && (pv_node || see_ge(board(), m, 0)));
            // Singular extension: the hash move, when every other move falls well short of
            // its stored score, is searched a ply deeper; when another move reaches beta
            // too, the node cuts.
            if let Some(h) = hit
                && Some(m) == hash_move
                && may_extend
                && ply > 0
                && skipped.is_none()
                && depth >= 6
                && h.depth >= depth - 3
                && h.bound != Bound::Upper
                && h.score.abs() < MATE_BOUND
            {
                let singular_beta = from_tt(h.score, ply) - 2 * depth;
                self.skipped[ply] = Some(m);
                let score = self.search((depth - 1) / 2, singular_beta - 1, singular_beta, false);
                self.skipped[ply] = None;
                // The test's line is not this node's.
                self.pv_len[ply] = 0;
                if self.aborted {
                    return 0;
                }
                if score < singular_beta {
                    extension = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
            let new_depth = depth - 1 + extension;
            self.push(child, Some((mover, m)));
            let score = if searched == 0 {
                -self.search(new_depth, -beta, -alpha, true)
            } else {
                let r = if depth >= 3 && searched > 2 * usize::from(pv_node) && quiet {
                    let mut r = late_r;
                    r += i32::from(!pv_node) + i32::from(!improving);
                    r -= i32::from(in_check || gives_check);
                    r -= self.heur.history(&pos, m, context) / 8000;
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, true);
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, true);
                }
                s
            };
            self.line.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if score >= beta {
                        if quiet {
                            self.heur
                                .reward(&pos, ply, depth, m, &quiets_tried, context);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            }
        }
        if picker.offered() == 0 {
            // Checkmate and stalemate both lose.
            return -(MATE - ply as i32);
        }
        if searched == 0 {
            // Every root move was excluded, or everything was pruned.
            return if ply == 0 { -INFINITY } else { alpha };
        }
        if skipped.is_none() && (ply > 0 || self.excluded.is_empty()) {
            let bound = Bound::of(best, original_alpha, beta);
            self.tt
                .store(hash, best_move, to_tt(best, ply), eval, depth, bound);
        }
        best
    }

    fn quiescence(&mut self, mut alpha: i32, beta: i32) -> i32 {
        let ply = self.ply();
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.poll();
        if self.aborted {
            return 0;
        }
        let Frame { pos, in_check, .. } = *self.frame();
        if ply >= MAX_PLY - 1 {
            return evaluate(&pos);
        }
        // Checks may repeat (captures cannot): the repetition rules come before the table.
        if in_check && let Some(score) = self.repetition() {
            return score;
        }
        let hash = pos.zobrist_key();
        let hit = self.tt.probe(hash);
        if let Some(h) = hit
            && beta - alpha == 1
            && let Some(score) = tt_cutoff(h, ply, alpha, beta)
        {
            return score;
        }
        let original_alpha = alpha;
        let hash_move = hit.and_then(|h| h.mv);
        let board = Board::new(&pos);
        let (eval, mut picker) = if in_check {
            (
                -INFINITY,
                Picker::new(&pos, &board, hash_move, ply, self.context()),
            )
        } else {
            let stand_pat = hit.map_or_else(|| evaluate_board(&board, pos.turn()), |h| h.eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            (stand_pat, Picker::captures(&pos, hash_move))
        };
        let mut best = if in_check { -INFINITY } else { alpha };
        let mut best_move = None;
        while let Some(m) = picker.next(self.heur) {
            let mover = pos.piece_at(m.from).expect("a legal move moves a piece");
            if !in_check {
                let victim = pos.capture_of(m).map_or(0, |v| value(v.role));
                if best + victim + 200 <= alpha || !see_ge(&board, m, 0) {
                    continue;
                }
            }
            let mut child = pos;
            child.play_unchecked(m);
            self.push(child, Some((mover, m)));
            let score = -self.quiescence(-beta, -alpha);
            self.line.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && picker.offered() == 0 {
            return -(MATE - ply as i32);
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt
            .store(hash, best_move, to_tt(best, ply), eval, 0, bound);
        best
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        let child_len = self.pv_len[ply + 1];
        self.pv[ply][0] = Some(m);
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len + 1;
    }

    fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The stored score of `h` if its bound settles the window `alpha..beta` at `ply`.
fn tt_cutoff(h: Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(h.score, ply);
    let fits = match h.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    fits.then_some(score)
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Picks a move at reduced strength from the best lines, as Stockfish's Skill Level does:
/// each line's score gets a random push that grows with the weakness.
pub(crate) fn weakened_choice(
    lines: &[(i32, Move)],
    level: u8,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    let top = lines.first()?.0;
    let last = lines.last()?.0;
    let delta = (top - last).min(100);
    let weakness = 120 - 2 * i32::from(level.min(20));
    lines
        .iter()
        .map(|&(score, m)| {
            let push = (weakness * (top - score) + delta * rng.random_range(0..weakness)) / 128;
            (score + push, m)
        })
        .max_by_key(|&(s, _)| s)
        .map(|(_, m)| m)
}

/// The engine: its transposition table and move-ordering memory, kept across searches.
pub struct Engine {
    tt: Table,
    heur: Heuristics,
    /// The helper threads' move-ordering memory (one per thread beyond the first).
    helpers: Vec<Heuristics>,
    skill: u8,
    rng: ChaCha8Rng,
}

/// The game's positions as search frames, oldest first.
fn game_line(game: &Game) -> Vec<Frame> {
    let mut line: Vec<Frame> = Vec::with_capacity(game.len() + MAX_PLY + 1);
    let moves: Vec<Move> = game.moves().collect();
    for ply in 0..=game.len() {
        let pos = *game.position_at(ply).expect("ply within the game");
        let last = ply.checked_sub(1).and_then(|p| {
            let piece = game.position_at(p)?.piece_at(moves[p].from)?;
            Some((piece, moves[p]))
        });
        line.push(Frame {
            pos,
            in_check: pos.is_check(),
            last,
        });
    }
    line
}

impl Engine {
    /// An engine with a `hash_mib` MiB table at full strength, searching on one thread.
    pub fn new(hash_mib: usize) -> Engine {
        use rand::SeedableRng;
        Engine {
            tt: Table::new(hash_mib),
            heur: Heuristics::new(),
            helpers: Vec::new(),
            skill: 20,
            rng: ChaCha8Rng::seed_from_u64(0x5eed),
        }
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.tt = Table::new(hash_mib);
    }

    /// Searches on `threads` threads (clamped to 1..=[`MAX_THREADS`]; 1, the default, is
    /// deterministic).
    pub fn set_threads(&mut self, threads: usize) {
        self.helpers
            .resize_with(threads.clamp(1, MAX_THREADS) - 1, Heuristics::new);
    }

    /// Skill level 0–20 (20, the default, is full strength; lower levels search shallower and
    /// pick among the best lines with a seeded random push).
    pub fn set_skill(&mut self, level: u8) {
        self.skill = level.min(20);
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heur = Heuristics::new();
        for h in &mut self.helpers {
            *h = Heuristics::new();
        }
    }

    /// Searches the game's current position within `limits`, reporting each finished line
    /// through `on_info`, until a limit is reached or `control` says stop.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &Control,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        self.heur.age();
        let line = game_line(game);
        let root_pos = *game.position();
        let legal = legal_moves(&root_pos);
        let weak = self.skill < 20;
        let multipv = limits
            .multipv
            .max(1)
            .max(if weak { 4 } else { 1 })
            .min(legal.len().max(1));
        let max_depth = limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .min(if weak {
                1 + u32::from(self.skill)
            } else {
                MAX_DEPTH
            })
            .clamp(1, MAX_DEPTH);
        let shared = Shared::default();
        let Engine {
            tt, heur, helpers, ..
        } = self;
        let tt: &Table = tt;
        let new_search = |heur, helper| Search {
            helper,
            start,
            was_pondering: control.pondering(),
            budget: if helper { None } else { limits.budget },
            node_limit: if helper { None } else { limits.nodes },
            only: limits.search_moves.clone(),
            ..Search::new(tt, heur, control, &shared, game.rules(), line.clone())
        };
        let (lines, completed, nodes) = std::thread::scope(|scope| {
            if !legal.is_empty() && !weak {
                for (i, h) in helpers.iter_mut().enumerate() {
                    h.age();
                    let mut search = new_search(h, true);
                    scope.spawn(move || help(&mut search, max_depth as i32, 1 + i as i32 % 2));
                }
            }
            let mut search = new_search(heur, false);
            let (lines, completed) = if legal.is_empty() {
                (Vec::new(), 0)
            } else {
                iterate(&mut search, max_depth as i32, multipv, limits, on_info)
            };
            shared.done.store(true, Ordering::Release);
            // `go infinite` and pondering never answer before they are told to.
            while (limits.infinite || control.pondering()) && !control.stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            (lines, completed, search.total_nodes())
        });
        let (score, best, ponder) = match lines.first() {
            Some((score, pv)) => {
                let best = if weak {
                    let options: Vec<(i32, Move)> =
                        lines.iter().map(|(s, pv)| (*s, pv[0])).collect();
                    weakened_choice(&options, self.skill, &mut self.rng)
                } else {
                    Some(pv[0])
                };
                let ponder = if best == Some(pv[0]) {
                    pv.get(1).copied()
                } else {
                    None
                };
                (*score, best, ponder)
            }
            None => (0, legal.first().copied(), None),
        };
        SearchResult {
            best,
            ponder,
            score: Score::from_internal(score),
            depth: completed,
            nodes,
        }
    }
}

/// A helper thread's iterative deepening from `first` to `max_depth`, until the main thread
/// is done; what it finds reaches the main thread through the table.
fn help(search: &mut Search<'_>, max_depth: i32, first: i32) {
    let mut previous = None;
    for depth in first..=max_depth {
        search.root_depth = depth;
        match aspiration(search, depth, previous) {
            Some((score, _)) if !search.aborted => previous = Some(score),
            _ => return,
        }
    }
}

/// The main thread's iterative deepening: the lines of the last iteration (best first, as
/// `(score, pv)`) and its depth, reporting each through `on_info`.
fn iterate(
    search: &mut Search<'_>,
    max_depth: i32,
    multipv: usize,
    limits: &Limits,
    mut on_info: impl FnMut(&Info),
) -> (Vec<(i32, Vec<Move>)>, u32) {
    let single_reply = legal_moves(&search.frame().pos).len() == 1;
    let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
    let mut completed = 0;
    for depth in 1..=max_depth {
        search.root_depth = depth;
        search.excluded.clear();
        let mut iteration: Vec<(i32, Vec<Move>)> = Vec::new();
        for k in 0..multipv {
            let previous = lines.get(k).map(|l| l.0);
            let Some((score, pv)) = aspiration(search, depth, previous) else {
                break;
            };
            if pv.is_empty() {
                break;
            }
            search.excluded.push(pv[0]);
            iteration.push((score, pv));
        }
        if search.aborted {
            // Root moves that beat alpha in the unfinished iteration were searched to the
            // end: the best of them is the best move found.
            if let Some(first) = iteration.into_iter().next() {
                lines.retain(|l| l.1[0] != first.1[0]);
                lines.insert(0, first);
            }
            break;
        }
        iteration.sort_by_key(|l| std::cmp::Reverse(l.0));
        lines = iteration;
        completed = depth as u32;
        for (k, (score, pv)) in lines.iter().enumerate() {
            on_info(&Info {
                depth: completed,
                seldepth: search.seldepth.max(completed as usize) as u32,
                multipv: k + 1,
                score: Score::from_internal(*score),
                nodes: search.total_nodes(),
                time: search.start.elapsed(),
                hashfull: search.tt.hashfull(),
                pv: pv.clone(),
            });
        }
        let best = lines[0].0;
        let timed = !search.was_pondering && !limits.infinite;
        // With a clock, an iteration past half the soft limit would rarely finish; a fixed
        // move time (soft = hard) searches to the end of its time.
        if timed
            && search.budget.is_some_and(|b| {
                let t = search.start.elapsed();
                t >= b.hard || (b.soft < b.hard && t >= b.soft / 2)
            })
        {
            break;
        }
        if timed && single_reply && search.budget.is_some() {
            break;
        }
        if let Some(n) = limits.mate
            && best >= MATE_BOUND
            && (MATE - best + 1) / 2 <= n as i32
        {
            break;
        }
    }
    (lines, completed)
}

/// One root search at `depth`, in a window around the previous iteration's score that widens
/// on each failure; `None` if the search was stopped before any line finished.
fn aspiration(
    search: &mut Search<'_>,
    depth: i32,
    previous: Option<i32>,
) -> Option<(i32, Vec<Move>)> {
    let mut delta = 30;
    let (mut alpha, mut beta) = match previous {
        Some(p) if depth >= 5 && p.abs() < MATE_BOUND => (p - delta, p + delta),
        _ => (-INFINITY, INFINITY),
    };
    loop {
        let score = search.search(depth, alpha, beta, false);
        if search.aborted {
            let pv = search.root_pv();
            return (!pv.is_empty()).then_some((search.root_score, pv));
        }
        if score <= alpha && alpha > -INFINITY {
            beta = i32::midpoint(alpha, beta);
            alpha = (score - delta).max(-INFINITY);
        } else if score >= beta && beta < INFINITY {
            beta = (score + delta).min(INFINITY);
        } else {
            return Some((score, search.root_pv()));
        }
        delta *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::{Validation, WinReason};

    /// The verdict of the search's repetition check at the end of `moves` played from `fen`,
    /// with the root at the start (every position after it on the search path), and the rules
    /// crate's outcome once the same cycle has come round a third time.
    fn verdicts(fen: &str, moves: &str, rules: RuleSet) -> (Option<i32>, Option<Outcome>) {
        let mut game = Game::with_rules(
            Position::from_fen_with(fen, Validation::Permissive).unwrap(),
            rules,
        );
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        for &m in &moves {
            game.play(m).unwrap();
        }
        let verdict = line_verdict(&game);
        // Play the cycle (the last four plies) once more: the third occurrence ends the game.
        for &m in &moves[moves.len() - 4..] {
            game.play(m).unwrap();
        }
        (verdict, game.outcome())
    }

    /// The search's repetition verdict at the end of `game`, every position after the start
    /// on the search path.
    fn line_verdict(game: &Game) -> Option<i32> {
        let (tt, mut heur) = (Table::new(1), Heuristics::new());
        let (control, shared) = (Control::default(), Shared::default());
        let mut search = Search::new(
            &tt,
            &mut heur,
            &control,
            &shared,
            game.rules(),
            game_line(game),
        );
        search.root = 0;
        search.repetition()
    }

    #[test]
    fn repetitions_are_judged_since_the_first_occurrence() {
        // The rules crate's example (game 110 against Fairy-Stockfish): Red attacks a cannon,
        // then checks twice round the same position. At its third occurrence Red has not
        // checked with every move since the first: a draw, where the last cycle alone would
        // be a perpetual check.
        let mut game = Game::with_rules(
            Position::from_fen_with(
                "9/1CR1k4/4c4/pn2pcr1p/2P6/P8/4Pn2P/4B1N2/9/2BAKA3 b",
                Validation::Permissive,
            )
            .unwrap(),
            RuleSet::ASIAN,
        );
        for m in "e8e9 c8c7 e9e8 c7c8 e8e9 c8c9 e9e8 c9c8".split_whitespace() {
            game.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(line_verdict(&game), Some(0));
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw(xiangqi::DrawReason::Repetition))
        );
        // The checks alone, one cycle from the start: the search calls them lost for Red
        // (Black, to move, wins), as the rules crate will once they come round again.
        let mut game = Game::with_rules(*game.start(), RuleSet::ASIAN);
        for m in "e8e9 c8c9 e9e8 c9c8".split_whitespace() {
            game.play(m.parse().unwrap()).unwrap();
        }
        assert_eq!(line_verdict(&game), Some(MATE - 4));
    }

    /// Idle general moves first, so the chase cycle ends eight plies from the root.
    const DEEP_CHASE: &str = "f0f1 d9e9 f1f2 e9d9 a7a8 i8g7 a8a7 g7i8";

    #[test]
    fn perpetual_chase_is_judged_deep_in_the_search() {
        // Red's chariot chases the unprotected horse (the rules crate's example) after two
        // idle moves: the cycle completes at ply 8, where Red, to move, has lost.
        let (verdict, outcome) =
            verdicts("3k5/8n/R8/9/9/9/9/9/9/5K3 w", DEEP_CHASE, RuleSet::ASIAN);
        assert_eq!(verdict, Some(-(MATE - 8)));
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::PerpetualChase
            })
        );
    }

    #[test]
    fn deep_chase_cycles_agree_with_the_rules_crate() {
        // The same cycle under the simple rules, and with the horse protected (no chase):
        // draws in both, as the rules crate rules.
        for (fen, rules) in [
            ("3k5/8n/R8/9/9/9/9/9/9/5K3 w", RuleSet::SIMPLE),
            ("3k2r1r/8n/R8/9/9/9/9/9/9/5K3 w", RuleSet::ASIAN),
        ] {
            let (verdict, outcome) = verdicts(fen, DEEP_CHASE, rules);
            assert_eq!(verdict, Some(0), "{fen}");
            assert_eq!(
                outcome,
                Some(Outcome::Draw(xiangqi::DrawReason::Repetition))
            );
        }
    }
}
