//! Move ordering: the hash move, good captures (MVV-LVA among those SEE does not lose),
//! killers, the countermove, quiet moves by history, and losing captures last.

use xiangqi::{MAX_MOVES, Move, MoveList, Piece, Position, Square};

use crate::board::legal_moves;
use crate::eval::value;
use crate::see::see;

/// The deepest ply the search tracks killers for.
pub(crate) const MAX_PLY: usize = 128;

/// Index of a piece (colour × role) for the history tables.
fn piece_index(p: Piece) -> usize {
    p.color.index() * 7 + p.role.index()
}

/// What the search learns about quiet moves while it runs.
#[derive(Clone)]
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Butterfly-style history by moving piece and destination.
    history: Box<[[i32; 90]; 14]>,
    /// The refutation of the opponent's last move, by its piece and destination.
    countermoves: Box<[[Option<Move>; 90]; 14]>,
}

const HISTORY_MAX: i32 = 1 << 14;

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; 90]; 14]),
            countermoves: Box::new([[None; 90]; 14]),
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

    /// A quiet move `best` caused a cutoff at `ply` after `previous` (piece, move); the quiet
    /// moves tried before it, `tried`, are penalised.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        previous: Option<(Piece, Move)>,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        if let Some((piece, m)) = previous {
            self.countermoves[piece_index(piece)][m.to.index()] = Some(best);
        }
        let bonus = (depth * depth).min(400);
        let mut update = |m: Move, delta: i32| {
            if let Some(p) = pos.piece_at(m.from) {
                let h = &mut self.history[piece_index(p)][m.to.index()];
                // Gravity: entries saturate smoothly at ±HISTORY_MAX.
                *h += delta * 32 - *h * delta.abs() * 32 / HISTORY_MAX;
            }
        };
        update(best, bonus);
        for &m in tried {
            if m != best {
                update(m, -bonus);
            }
        }
    }

    fn history(&self, pos: &Position, m: Move) -> i32 {
        pos.piece_at(m.from)
            .map_or(0, |p| self.history[piece_index(p)][m.to.index()])
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
        hash_move: Option<Move>,
        heur: &Heuristics,
        ply: usize,
        previous: Option<(Piece, Move)>,
    ) -> Picker {
        let killers = heur.killers[ply.min(MAX_PLY - 1)];
        let counter = previous.and_then(|(p, m)| heur.countermoves[piece_index(p)][m.to.index()]);
        Picker::from_list(&legal_moves(pos), |m| {
            if Some(m) == hash_move {
                HASH_MOVE
            } else if let Some(victim) = pos.capture_of(m) {
                let mvv_lva = capture_order(pos, m, victim);
                if see(pos, m) >= 0 {
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
                heur.history(pos, m)
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
