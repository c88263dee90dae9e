//! Move ordering: the hash move, good captures (MVV-LVA among those SEE does not lose),
//! killers, the countermove, quiet moves by history (the move's own and how it fared after
//! the two moves before it), and losing captures last.

use xiangqi::{MAX_MOVES, Move, MoveList, Piece, Position};

use crate::board::{Board, legal_moves};
use crate::eval::value;
use crate::see::see_ge;

/// The deepest ply the search tracks killers for.
pub(crate) const MAX_PLY: usize = 128;

/// Index of a piece (colour × role) for the history tables.
fn piece_index(p: Piece) -> usize {
    p.color.index() * 7 + p.role.index()
}

/// The moves that led to a position, as (piece, move): the opponent's last move, then the
/// side to move's own move before it (`None` at the start of the game or after a null move).
pub(crate) type Context = [Option<(Piece, Move)>; 2];

/// A history table by moving piece and destination.
type PieceTo = [[i32; 90]; 14];

/// What the search learns about quiet moves while it runs.
#[derive(Clone)]
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Butterfly-style history by moving piece and destination.
    history: Box<PieceTo>,
    /// The refutation of the opponent's last move, by its piece and destination.
    countermoves: Box<[[Option<Move>; 90]; 14]>,
    /// Continuation history: how a move fared after an earlier move, by that move's piece and
    /// destination (`piece_index * 90 + to`).
    continuation: Vec<PieceTo>,
}

/// The row of the continuation history for the moves that follow this earlier move.
fn continuation_row((piece, m): (Piece, Move)) -> usize {
    piece_index(piece) * 90 + m.to.index()
}

/// Moves a history entry towards `delta`'s sign, saturating smoothly at ±`HISTORY_MAX`.
fn gravity(h: &mut i32, delta: i32) {
    *h += delta * 32 - *h * delta.abs() * 32 / HISTORY_MAX;
}

const HISTORY_MAX: i32 = 1 << 14;

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; 90]; 14]),
            countermoves: Box::new([[None; 90]; 14]),
            continuation: vec![[[0; 90]; 14]; 14 * 90],
        }
    }

    /// Between searches: killers are position-specific, history is halved.
    pub(crate) fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// A quiet move `best` caused a cutoff at `ply` after the moves of `context`; the quiet
    /// moves tried before it, `tried`, are penalised.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        context: Context,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        if let Some((piece, m)) = context[0] {
            self.countermoves[piece_index(piece)][m.to.index()] = Some(best);
        }
        let bonus = (depth * depth).min(400);
        let rows = context.map(|c| c.map(continuation_row));
        let mut update = |m: Move, delta: i32| {
            if let Some(p) = pos.piece_at(m.from) {
                let (piece, to) = (piece_index(p), m.to.index());
                gravity(&mut self.history[piece][to], delta);
                for row in rows.iter().flatten() {
                    gravity(&mut self.continuation[*row][piece][to], delta);
                }
            }
        };
        update(best, bonus);
        for &m in tried {
            if m != best {
                update(m, -bonus);
            }
        }
    }

    /// The quiet move `m`'s history after the moves of `context`.
    pub(crate) fn history(&self, pos: &Position, m: Move, context: Context) -> i32 {
        pos.piece_at(m.from).map_or(0, |p| {
            let (piece, to) = (piece_index(p), m.to.index());
            let follow_ups: i32 = context
                .iter()
                .flatten()
                .map(|&c| self.continuation[continuation_row(c)][piece][to])
                .sum();
            self.history[piece][to] + follow_ups
        })
    }
}

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Legal moves with their ordering scores, picked best first. The main search's picker
/// offers the hash move before it generates the others: a cutoff on the hash move saves
/// generating and scoring them.
pub(crate) struct Picker<'a> {
    pos: &'a Position,
    /// The main search's ordering (`None`: quiescence's captures).
    main: Option<Main<'a>>,
    /// The hash move, until it is offered.
    hash_move: Option<Move>,
    /// The hash move once offered (the generated moves leave it out).
    offered_hash: Option<Move>,
    /// The generated moves with their scores (`None` until needed).
    moves: Option<Scored>,
    /// How many moves were offered.
    offered: usize,
}

/// What the main search orders its moves by besides the heuristics.
struct Main<'a> {
    board: &'a Board,
    ply: usize,
    context: Context,
}

/// Moves with their ordering scores; those before `next` were offered.
struct Scored {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

impl Scored {
    fn new(list: MoveList, mut score: impl FnMut(Move) -> i32) -> Scored {
        let mut scores = [0; MAX_MOVES];
        for (s, &m) in scores.iter_mut().zip(list.iter()) {
            *s = score(m);
        }
        Scored {
            moves: list,
            scores,
            next: 0,
        }
    }

    /// The best move not yet offered.
    fn next(&mut self) -> Option<Move> {
        let len = self.moves.len();
        if self.next >= len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.scores.swap(self.next, best);
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

impl<'a> Picker<'a> {
    /// Orders every legal move of `pos` for the main search: the hash move, good captures,
    /// killers, the countermove, quiet moves by history, bad captures.
    pub(crate) fn new(
        pos: &'a Position,
        board: &'a Board,
        hash_move: Option<Move>,
        ply: usize,
        context: Context,
    ) -> Picker<'a> {
        Picker {
            pos,
            main: Some(Main {
                board,
                ply,
                context,
            }),
            hash_move,
            offered_hash: None,
            moves: None,
            offered: 0,
        }
    }

    /// The captures of `pos` for quiescence: the hash move if it is one, then the others,
    /// most valuable victim first.
    pub(crate) fn captures(pos: &'a Position, hash_move: Option<Move>) -> Picker<'a> {
        Picker {
            pos,
            main: None,
            hash_move: hash_move.filter(|&m| pos.capture_of(m).is_some()),
            offered_hash: None,
            moves: None,
            offered: 0,
        }
    }

    /// How many moves were offered so far: 0 after `next` returned `None` means there is no
    /// legal move (no capture, for quiescence's picker).
    pub(crate) fn offered(&self) -> usize {
        self.offered
    }

    /// The best move not yet offered, ordered with the heuristics `heur` as they are now.
    pub(crate) fn next(&mut self, heur: &Heuristics) -> Option<Move> {
        if self.moves.is_none() {
            if let Some(h) = self.hash_move.take()
                && self.pos.is_legal(h)
            {
                self.offered_hash = Some(h);
                self.offered += 1;
                return Some(h);
            }
            self.moves = Some(self.generate(heur));
        }
        let m = self.moves.as_mut().and_then(Scored::next)?;
        self.offered += 1;
        Some(m)
    }

    /// The legal moves with their scores, less the hash move if it was offered.
    fn generate(&self, heur: &Heuristics) -> Scored {
        let pos = self.pos;
        let mut list = legal_moves(pos);
        if let Some(h) = self.offered_hash {
            list.retain(|&m| m != h);
        }
        let Some(Main {
            board,
            ply,
            context,
        }) = self.main
        else {
            list.retain(|&m| pos.capture_of(m).is_some());
            return Scored::new(list, |m| {
                pos.capture_of(m).map_or(0, |v| capture_order(pos, m, v))
            });
        };
        let killers = heur.killers[ply.min(MAX_PLY - 1)];
        let counter = context[0].and_then(|(p, m)| heur.countermoves[piece_index(p)][m.to.index()]);
        Scored::new(list, |m| {
            if let Some(victim) = pos.capture_of(m) {
                let mvv_lva = capture_order(pos, m, victim);
                if see_ge(board, m, 0) {
                    GOOD_CAPTURE + mvv_lva
                } else {
                    BAD_CAPTURE + mvv_lva
                }
            } else if Some(m) == killers[0] {
                KILLER
            } else if Some(m) == killers[1] {
                KILLER - 1
            } else if Some(m) == counter {
                COUNTER
            } else {
                heur.history(pos, m, context)
            }
        })
    }
}

/// MVV-LVA: the victim's value first, the cheaper attacker breaking ties.
fn capture_order(pos: &Position, m: Move, victim: Piece) -> i32 {
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    value(victim.role) * 16 - attacker / 16
}
