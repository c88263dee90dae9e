//! The perfect-information endgame solver (残局): two or three seats, every hand known.

use std::collections::HashMap;

use crate::{Combo, Counts, Move, Play, RuleSet, State, for_each_lead, for_each_response};

/// A card-play position with every hand known, as in 残局 puzzles: two seats (one against
/// one) or three (the landlord against two farmers). The landlord plays alone; every other
/// seat is on the farmers' side, and a side wins when one of its seats empties its hand.
///
/// ```
/// use doudizhu::{Endgame, EndgameSolver, RuleSet};
///
/// // Seat 0 holds 3 and K against a lone 2: whichever single it leads, the 2 beats it and
/// // seat 1 is out; seat 0 cannot win. (With 33 + K it would win: the pair cannot be
/// // beaten, and the king is then its last card.)
/// let puzzle = Endgame::two(["3K".parse()?, "2".parse()?], 0);
/// let mut solver = EndgameSolver::new(RuleSet::DEFAULT);
/// assert!(!solver.solve(&puzzle)?.wins);
/// assert!(solver.solve(&Endgame::two(["33K".parse()?, "2".parse()?], 0))?.wins);
/// // With 3 + 2 against a 4 it wins, but only by leading the 2 first.
/// let puzzle = Endgame::two(["32".parse()?, "4".parse()?], 0);
/// let solution = solver.solve(&puzzle)?;
/// assert!(solution.wins);
/// assert_eq!(solution.play.unwrap().to_string(), "2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Endgame {
    /// The hands in turn order; a two-seat endgame leaves the third empty.
    pub hands: [Counts; 3],
    /// The number of seats: 2 or 3.
    pub seats: usize,
    /// The seat playing alone (at two seats, the other seat is the other side).
    pub landlord: usize,
    /// The seat to play.
    pub to_move: usize,
    /// The play to beat and the seat that made it (`None`: the seat to move leads).
    pub trick: Option<(usize, Combo)>,
}

/// Why an [`Endgame`] cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndgameError {
    /// Not two or three seats.
    #[error("an endgame has two or three seats, not {0}")]
    Seats(usize),
    /// A seat index (landlord, seat to move or trick owner) is not at the table.
    #[error("seat {0} is not at a table of {1}")]
    NoSuchSeat(usize, usize),
    /// A seat at the table has no cards: the game is already over.
    #[error("seat {0} has no cards: the game is over")]
    EmptyHand(usize),
    /// The third hand holds cards at a two-seat table.
    #[error("a two-seat endgame has no third hand")]
    ThirdHand,
    /// The hands hold more cards of some rank than a deck.
    #[error("the hands hold more cards of a rank than a 54-card deck")]
    TooManyCards,
    /// The trick was made by the seat to move (two passes end a trick).
    #[error("the trick's owner cannot be the seat to move")]
    TrickOwnerToMove,
    /// The search visited its node budget without deciding.
    #[error("undecided after {0} positions (the node budget)")]
    Budget(u64),
}

/// What the side to move gets with best play from both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether the side of the seat to move wins.
    pub wins: bool,
    /// A winning move when it wins (`None` when it loses).
    pub play: Option<Move>,
}

impl Endgame {
    /// A one-against-one endgame, `to_move` (0 or 1) leading; seat 0 is called the landlord.
    pub fn two(hands: [Counts; 2], to_move: usize) -> Endgame {
        Endgame {
            hands: [hands[0], hands[1], Counts::EMPTY],
            seats: 2,
            landlord: 0,
            to_move,
            trick: None,
        }
    }

    /// The card play of a [`State`] with every hand read (not for a player's eyes).
    pub fn from_state(state: &State) -> Endgame {
        let seat = |s: crate::Seat| s.index();
        Endgame {
            hands: crate::Seat::ALL.map(|s| state.hand_counts(s)),
            seats: 3,
            landlord: state.landlord().map_or(0, seat),
            to_move: seat(state.to_move()),
            trick: state.trick().map(|(s, play)| (seat(s), play.combo)),
        }
    }

    /// Checks that the position is a game in progress.
    pub fn validate(&self) -> Result<(), EndgameError> {
        let n = self.seats;
        if !(2..=3).contains(&n) {
            return Err(EndgameError::Seats(n));
        }
        let owner = self.trick.map(|(s, _)| s);
        for seat in [Some(self.landlord), Some(self.to_move), owner]
            .into_iter()
            .flatten()
        {
            if seat >= n {
                return Err(EndgameError::NoSuchSeat(seat, n));
            }
        }
        if n == 2 && !self.hands[2].is_empty() {
            return Err(EndgameError::ThirdHand);
        }
        if let Some(seat) = (0..n).find(|&s| self.hands[s].is_empty()) {
            return Err(EndgameError::EmptyHand(seat));
        }
        let total = self.hands.iter().fold(Counts::EMPTY, |a, &h| a.plus(h));
        if !total.is_subset(Counts::FULL_DECK) {
            return Err(EndgameError::TooManyCards);
        }
        if owner == Some(self.to_move) {
            return Err(EndgameError::TrickOwnerToMove);
        }
        Ok(())
    }

    /// The position after the seat to move makes `mv` (unchecked: `mv` is legal and does
    /// not empty its hand).
    #[must_use]
    pub fn after(&self, mv: Move) -> Endgame {
        let me = self.to_move;
        let next = (me + 1) % self.seats;
        let mut child = *self;
        child.to_move = next;
        match mv {
            Move::Pass => {
                if self.trick.is_some_and(|(owner, _)| owner == next) {
                    child.trick = None;
                }
            }
            Move::Play(play) => {
                child.hands[me] = Counts::from_bits(self.hands[me].bits() - play.counts.bits())
                    .expect("a legal play is in the hand");
                child.trick = Some((me, play.combo));
            }
        }
        child
    }

    /// The transposition key: the three hands' rank counts and one word for the seats, the
    /// landlord, the seat to move, the trick's owner and the reading to beat.
    fn key(&self) -> [u64; 4] {
        let (owner, combo) = match self.trick {
            Some((owner, combo)) => (owner as u64 + 1, combo),
            None => (0, Combo::new(crate::Kind::Single, crate::Rank::Three)),
        };
        let meta = self.to_move as u64
            | owner << 2
            | (self.seats as u64) << 4
            | (self.landlord as u64) << 6
            | (combo.kind as u64) << 8
            | (combo.main as u64) << 16
            | u64::from(combo.len) << 24;
        [
            self.hands[0].bits(),
            self.hands[1].bits(),
            self.hands[2].bits(),
            meta,
        ]
    }
}

/// Past this many positions the transposition table is cleared (about 40 MB).
const TABLE_LIMIT: usize = 1_000_000;

/// Solves [`Endgame`]s by depth-first search over every legal play and pass, with a
/// transposition table of decided positions kept between calls (for one rule set).
///
/// Each node tries first a play that empties the hand, then the plays with the most cards
/// (passing first when the trick is its own side's), and stops at the first move that wins
/// for the side to move.
#[derive(Clone, Debug)]
pub struct EndgameSolver {
    rules: RuleSet,
    table: HashMap<[u64; 4], bool>,
    buffers: Vec<Vec<Play>>,
    nodes: u64,
    budget: u64,
}

impl EndgameSolver {
    /// A solver for `rules` with no node budget.
    pub fn new(rules: RuleSet) -> EndgameSolver {
        EndgameSolver {
            rules,
            table: HashMap::new(),
            buffers: Vec::new(),
            nodes: 0,
            budget: u64::MAX,
        }
    }

    /// The rules it solves under.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Limits each [`solve`](EndgameSolver::solve) to `nodes` searched positions (decided
    /// positions stay in the table, so a repeated call goes further).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// The positions searched by the last [`solve`](EndgameSolver::solve).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins `endgame`, and a winning move.
    pub fn solve(&mut self, endgame: &Endgame) -> Result<Solution, EndgameError> {
        endgame.validate()?;
        self.nodes = 0;
        for mv in self.moves(endgame, 0) {
            if self.wins_by(endgame, mv)? {
                return Ok(Solution {
                    wins: true,
                    play: Some(mv),
                });
            }
        }
        Ok(Solution {
            wins: false,
            play: None,
        })
    }

    /// Whether the side to move wins `endgame` by making `mv` (a legal move: a play from its
    /// hand that beats the trick, or a pass when there is a trick to pass on).
    pub fn wins_with(&mut self, endgame: &Endgame, mv: Move) -> Result<bool, EndgameError> {
        endgame.validate()?;
        self.nodes = 0;
        self.wins_by(endgame, mv)
    }

    fn wins_by(&mut self, endgame: &Endgame, mv: Move) -> Result<bool, EndgameError> {
        let lands = endgame.to_move == endgame.landlord;
        match mv {
            Move::Play(p) if p.counts == endgame.hands[endgame.to_move] => Ok(true),
            _ => Ok(self.landlord_wins(&endgame.after(mv), 1)? == lands),
        }
    }

    /// The moves of the seat to move, in search order.
    fn moves(&mut self, endgame: &Endgame, depth: usize) -> Vec<Move> {
        let plays = self.plays(endgame, depth);
        let mut moves: Vec<Move> = plays.iter().map(|&p| Move::Play(p)).collect();
        self.buffers[depth] = plays;
        if let Some((owner, _)) = endgame.trick {
            let pass_first = (owner == endgame.landlord) == (endgame.to_move == endgame.landlord);
            if pass_first {
                moves.insert(0, Move::Pass);
            } else {
                moves.push(Move::Pass);
            }
        }
        moves
    }

    /// The plays of the seat to move, most cards first, in the reused buffer of `depth`.
    fn plays(&mut self, endgame: &Endgame, depth: usize) -> Vec<Play> {
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        let mut plays = std::mem::take(&mut self.buffers[depth]);
        plays.clear();
        let hand = endgame.hands[endgame.to_move];
        match endgame.trick {
            None => for_each_lead(hand, &self.rules, |p| plays.push(p)),
            Some((_, combo)) => for_each_response(hand, combo, &self.rules, |p| plays.push(p)),
        }
        plays.sort_by_key(|p| std::cmp::Reverse(p.len()));
        plays
    }

    fn landlord_wins(&mut self, endgame: &Endgame, depth: usize) -> Result<bool, EndgameError> {
        let key = endgame.key();
        if let Some(&known) = self.table.get(&key) {
            return Ok(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(EndgameError::Budget(self.budget));
        }
        let me = endgame.to_move;
        let lands = me == endgame.landlord;
        let hand = endgame.hands[me];
        let plays = self.plays(endgame, depth);
        let mut mover_wins = plays.first().is_some_and(|p| p.counts == hand);
        let pass = endgame.trick.map(|(owner, _)| {
            let pass_first = (owner == endgame.landlord) == lands;
            (pass_first, Move::Pass)
        });
        let ordered = pass
            .filter(|&(first, _)| first)
            .map(|(_, mv)| mv)
            .into_iter()
            .chain(plays.iter().map(|&p| Move::Play(p)))
            .chain(pass.filter(|&(first, _)| !first).map(|(_, mv)| mv));
        let mut result = Ok(());
        if !mover_wins {
            for mv in ordered {
                match self.landlord_wins(&endgame.after(mv), depth + 1) {
                    Ok(wins) if wins == lands => {
                        mover_wins = true;
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        self.buffers[depth] = plays;
        result?;
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        let landlord_wins = mover_wins == lands;
        self.table.insert(key, landlord_wins);
        Ok(landlord_wins)
    }
}
