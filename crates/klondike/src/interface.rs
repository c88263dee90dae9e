//! Klondike as a [`game::GameState`]: one seat, settings [`Rules`], the seed deals.
//!
//! - **Over** when the position is won or has no legal move left. With unlimited passes the
//!   stock can be recycled forever, so such a game may never end; random playouts stop at
//!   their step limit.
//! - **Outcome**: the score (Standard points or the Vegas balance) as seat 0's return, or,
//!   under [`Scoring::None`], 1 for a win and 0 otherwise; seat 0 is the winner of a won game.
//! - **Actions**: the [`Move`] text form, and the fixed ids below (591 in all, the same for
//!   every rule set).
//! - **View**: what lies face up on the table; the face-down cards and the stock's order stay
//!   hidden (the same view for the player and for spectators).
//!
//! | ids | move |
//! |---|---|
//! | 0 | `stock` |
//! | 1 | `recycle` |
//! | 2 | `w-f` |
//! | 3 + t | `w-(t+1)`, waste to pile `t` (0..7) |
//! | 10 + p | `(p+1)-f`, pile `p` to its foundation |
//! | 17 + 7s + t | `f<suit>-(t+1)`, foundation `s` (clubs 0, diamonds 1, hearts 2, spades 3) to pile `t` |
//! | 45 + 13(6p + t') + (n − 1) | `(p+1):n-(t+1)`, `n` = 1..=13 cards from pile `p` to pile `t`, where `t' = t` below `p` and `t − 1` above it |

use cards_core::{Pile, Suit};
use game::{GameState, InvalidSettings, Outcome, PlayError, SeatSet, Turn, Viewer};

use crate::{IllegalMove, Klondike, Move, PILES, ParseMoveError, Rules, Scoring};

/// The first id of each kind of move (see the module documentation).
const WASTE_TO_PILE: usize = 3;
const PILE_TO_FOUNDATION: usize = WASTE_TO_PILE + PILES;
const FOUNDATION_TO_PILE: usize = PILE_TO_FOUNDATION + PILES;
const PILE_TO_PILE: usize = FOUNDATION_TO_PILE + 4 * PILES;
/// The longest run a move carries: a King down to an Ace.
const MAX_RUN: usize = 13;
/// The size of the action space.
const NUM_ACTIONS: usize = PILE_TO_PILE + PILES * (PILES - 1) * MAX_RUN;

/// What the player (and any spectator) sees of a position: everything face up, and how many
/// cards lie face down in each pile and in the stock.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// The rules in force.
    pub rules: Rules,
    /// Face-down cards under each pile's face-up run.
    pub face_down: [u8; PILES],
    /// Each pile's face-up run, bottom card first.
    pub face_up: [Pile; PILES],
    /// How many cards the stock holds.
    pub stock: u8,
    /// The waste, bottom first (every card on it has been seen face up).
    pub waste: Pile,
    /// Cards on each foundation, clubs, diamonds, hearts, spades (0..=13).
    pub foundations: [u8; 4],
    /// The current pass through the stock, 1-based.
    pub pass: u8,
    /// The score.
    pub score: i32,
    /// Recycles of the waste still allowed, `None` when passes are unlimited (a view
    /// written before this field read as unlimited).
    #[serde(default)]
    pub recycles_left: Option<u8>,
}

impl Klondike {
    /// Whether any move is legal here (cheap while the stock or a recycle is available).
    pub fn has_legal_move(&self) -> bool {
        if !self.stock().is_empty() || (!self.waste().is_empty() && self.recycles_left() != Some(0))
        {
            return true;
        }
        let mut moves = crate::MoveList::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// Whether the interface game is over: won, or no legal move left.
    fn is_over(&self) -> bool {
        self.is_won() || !self.has_legal_move()
    }
}

impl GameState for Klondike {
    const NAME: &'static str = "klondike";
    type Settings = Rules;
    type Action = Move;
    type Error = IllegalMove;
    type ParseError = ParseMoveError;
    type View = View;

    fn new(settings: &Rules, seed: u64) -> Result<Klondike, InvalidSettings> {
        Ok(Klondike::from_seed(seed, *settings))
    }

    fn num_seats(&self) -> usize {
        1
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Over
        } else {
            Turn::Seat(0)
        }
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<Move>) {
        out.clear();
        if seat == 0 && !self.is_won() {
            self.for_each_legal_move(|mv| out.push(mv));
        }
    }

    fn play(&mut self, seat: usize, mv: Move) -> Result<(), PlayError<IllegalMove>> {
        PlayError::check_turn(GameState::turn(self), 1, seat)?;
        Klondike::play(self, mv)
            .map(drop)
            .map_err(PlayError::Illegal)
    }

    fn play_unchecked(&mut self, _seat: usize, mv: Move) {
        Klondike::play_unchecked(self, mv);
    }

    fn parse_action(&self, _seat: usize, text: &str) -> Result<Move, ParseMoveError> {
        text.parse()
    }

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    /// The move's id in the layout of the module documentation.
    ///
    /// # Panics
    /// For a move no text names (a pile outside `0..7`, a count outside 1..=13, a run onto
    /// its own pile); legal and parsed moves always have an id.
    fn action_id(&self, mv: Move) -> usize {
        let pile = |p: u8| {
            assert!((p as usize) < PILES, "{mv:?} names no pile");
            p as usize
        };
        match mv {
            Move::Stock => 0,
            Move::Recycle => 1,
            Move::WasteToFoundation => 2,
            Move::WasteToPile(to) => WASTE_TO_PILE + pile(to),
            Move::PileToFoundation(from) => PILE_TO_FOUNDATION + pile(from),
            Move::FoundationToPile { suit, to } => {
                FOUNDATION_TO_PILE + suit.index() * PILES + pile(to)
            }
            Move::PileToPile { from, count, to } => {
                let (from, to, count) = (pile(from), pile(to), count as usize);
                assert!(
                    from != to && (1..=MAX_RUN).contains(&count),
                    "{mv:?} has no id"
                );
                let target = if to < from { to } else { to - 1 };
                PILE_TO_PILE + (from * (PILES - 1) + target) * MAX_RUN + count - 1
            }
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        let pile = |i: usize| i as u8;
        Some(match id {
            0 => Move::Stock,
            1 => Move::Recycle,
            2 => Move::WasteToFoundation,
            _ if id < PILE_TO_FOUNDATION => Move::WasteToPile(pile(id - WASTE_TO_PILE)),
            _ if id < FOUNDATION_TO_PILE => Move::PileToFoundation(pile(id - PILE_TO_FOUNDATION)),
            _ if id < PILE_TO_PILE => {
                let i = id - FOUNDATION_TO_PILE;
                Move::FoundationToPile {
                    suit: Suit::ALL[i / PILES],
                    to: pile(i % PILES),
                }
            }
            _ if id < NUM_ACTIONS => {
                let i = id - PILE_TO_PILE;
                let (pair, count) = (i / MAX_RUN, i % MAX_RUN + 1);
                let (from, target) = (pair / (PILES - 1), pair % (PILES - 1));
                let to = if target < from { target } else { target + 1 };
                Move::PileToPile {
                    from: pile(from),
                    count: count as u8,
                    to: pile(to),
                }
            }
            _ => return None,
        })
    }

    fn view(&self, _viewer: Viewer) -> View {
        let setup = self.to_setup();
        View {
            rules: setup.rules,
            face_down: setup.face_down,
            face_up: std::array::from_fn(|i| {
                let mut pile = setup.tableau[i];
                pile.split_off(setup.face_down[i] as usize)
            }),
            stock: setup.stock.len() as u8,
            waste: setup.waste,
            foundations: setup.foundations,
            pass: setup.pass,
            score: setup.score,
            recycles_left: self.recycles_left(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let won = self.is_won();
        let value = match self.rules().scoring {
            Scoring::None => f64::from(u8::from(won)),
            Scoring::Standard | Scoring::Vegas => f64::from(self.score()),
        };
        let winners = if won {
            SeatSet::EMPTY.with(0)
        } else {
            SeatSet::EMPTY
        };
        Some(Outcome::new(&[value], winners))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_cover_every_move_once() {
        let position = Klondike::from_seed(0, Rules::default());
        for id in 0..NUM_ACTIONS {
            let mv = position.action_from_id(id).unwrap();
            assert_eq!(position.action_id(mv), id, "{mv}");
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{mv} has a text");
        }
        assert_eq!(NUM_ACTIONS, 591);
        assert_eq!(position.action_from_id(NUM_ACTIONS), None);
        assert_eq!(
            position.action_id("7:13-6".parse().unwrap()),
            NUM_ACTIONS - 1
        );
        assert_eq!(
            position.action_id("fS-7".parse().unwrap()),
            PILE_TO_PILE - 1
        );
    }

    #[test]
    fn the_view_counts_the_recycles_left_and_reads_without_them() {
        let unlimited = Klondike::from_seed(4, Rules::default());
        assert_eq!(unlimited.view(Viewer::Spectator).recycles_left, None);
        let vegas = Rules {
            scoring: Scoring::Vegas,
            ..Rules::draw(crate::Draw::THREE)
        };
        let mut position = Klondike::from_seed(4, vegas);
        assert_eq!(position.view(Viewer::Seat(0)).recycles_left, Some(2));
        while !position.stock().is_empty() {
            position.play(Move::Stock).unwrap();
        }
        position.play(Move::Recycle).unwrap();
        let view = position.view(Viewer::Seat(0));
        assert_eq!((view.pass, view.recycles_left), (2, Some(1)));
        let mut json = serde_json::to_value(&view).unwrap();
        json.as_object_mut().unwrap().remove("recycles_left");
        let old: View = serde_json::from_value(json).unwrap();
        assert_eq!(old.recycles_left, None, "an older view reads as unlimited");
    }
}
