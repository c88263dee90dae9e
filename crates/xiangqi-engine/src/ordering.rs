//! Move ordering: the hash move, good captures (MVV-LVA among those SEE does not lose),
//! killers, the countermove, quiet moves by history (the move's own and how it fared after
//! the two moves before it), and losing captures last.

use xiangqi::{MAX_MOVES, Move, MoveList, Piece, Position, Square};

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

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Legal moves with their ordering scores, picked best first.
pub(crate) struct Picker {
    moves: [Move; MAX_MOVES],
    scores: [i32; MAX_MOVES],
    len: usize,
    next: usize,
}

impl Picker {
    fn from_list(list: &MoveList, mut score: impl FnMut(Move) -> i32) -> Picker {
        let filler = list.first().copied().unwrap_or(Move::new(
            Square::from_index(0).expect("a0"),
            Square::from_index(0).expect("a0"),
        ));
        let mut moves = [filler; MAX_MOVES];
        let mut scores = [0; MAX_MOVES];
        for (i, &m) in list.iter().enumerate() {
            moves[i] = m;
            scores[i] = score(m);
        }
        Picker {
            moves,
            scores,
            len: list.len(),
            next: 0,
        }
    }

    /// Orders every legal move of `pos` for the main search.
    pub(crate) fn new(
        pos: &Position,
        board: &Board,
        hash_move: Option<Move>,
        heur: &Heuristics,
        ply: usize,
        context: Context,
    ) -> Picker {
        let killers = heur.killers[ply.min(MAX_PLY - 1)];
        let counter = context[0].and_then(|(p, m)| heur.countermoves[piece_index(p)][m.to.index()]);
        Picker::from_list(&legal_moves(pos), |m| {
            if Some(m) == hash_move {
                HASH_MOVE
            } else if let Some(victim) = pos.capture_of(m) {
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

    /// The captures of `pos`, most valuable victim first (quiescence).
    pub(crate) fn captures(pos: &Position) -> Picker {
        let mut list = legal_moves(pos);
        list.retain(|&m| pos.capture_of(m).is_some());
        Picker::from_list(&list, |m| {
            pos.capture_of(m).map_or(0, |v| capture_order(pos, m, v))
        })
    }

    /// How many moves there are.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The best move not yet returned.
    pub(crate) fn next(&mut self) -> Option<Move> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
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

/// MVV-LVA: the victim's value first, the cheaper attacker breaking ties.
fn capture_order(pos: &Position, m: Move, victim: Piece) -> i32 {
    let attacker = pos.piece_at(m.from).map_or(0, |p| value(p.role));
    value(victim.role) * 16 - attacker / 16
}
