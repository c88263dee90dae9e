//! `Game`: a position with its history, unlimited undo and redo, auto-moves, auto-finish and
//! a Vegas balance carried across deals.

use crate::{AutoMove, Deal, IllegalMove, Klondike, Move, ParseMoveError, Rules, Scoring, Status};

/// Game-level options: what happens by itself between the player's moves.
///
/// serde: every field may be left out and takes its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Options {
    /// Which cards go up to the foundations by themselves.
    pub auto_move: AutoMove,
    /// Once every card is face up and stock and waste are empty, send everything up.
    pub auto_finish: bool,
    /// Standard scoring: add the time bonus to a won game's score ([`Game::final_score`]).
    pub time_bonus: bool,
    /// Vegas scoring: carry the balance into the next deal ([`Game::next_deal`]).
    pub cumulative_vegas: bool,
}

impl Default for Options {
    /// Safe auto-moves, auto-finish on, no time bonus, no cumulative Vegas balance.
    fn default() -> Options {
        Options {
            auto_move: AutoMove::Safe,
            auto_finish: true,
            time_bonus: false,
            cumulative_vegas: false,
        }
    }
}

/// One move in a game's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    /// The move.
    pub mv: Move,
    /// Whether an auto-move policy or auto-finish played it (rather than the player).
    pub auto: bool,
}

/// Why a move given as text was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayTextError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A game in progress: the current [`Klondike`] position, every position before it, and the
/// moves between them.
///
/// Undo and redo step over one player move together with the auto-moves it triggered, and
/// restore everything (cards, face-up state, score, pass) because every position is kept
/// (about 460 bytes each). Auto-moves are recorded, scored and undone like the player's moves.
///
/// ```
/// use klondike::{Entry, Game, Move, Options, Rules};
///
/// let mut game = Game::from_seed(11, Rules::default(), Options::default());
/// let start = *game.position();
/// game.play(Move::Stock)?;
/// game.play_text("stock")?;
/// assert_eq!(game.undo(), Some(Entry { mv: Move::Stock, auto: false }));
/// assert!(game.undo().is_some());
/// assert_eq!(*game.position(), start);
/// assert!(game.redo().is_some());
/// assert_eq!(game.position().waste().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    deal: Option<Deal>,
    options: Options,
    /// `positions[i]` is the position before `entries[i]`; one more position than entries.
    positions: Vec<Klondike>,
    entries: Vec<Entry>,
    /// The index of the current position.
    cursor: usize,
}

impl Game {
    /// A new game of `deal`. Auto-moves that apply at the start are played (and recorded).
    pub fn new(deal: Deal, rules: Rules, options: Options) -> Game {
        Game::starting_at(Some(deal), &Klondike::new(&deal, rules), options)
    }

    /// A new game of `deal` whose cumulative Vegas balance before this deal's ante is
    /// `balance` (a balance kept from an earlier session); the same as [`Game::new`] unless
    /// the rules score Vegas and the options carry the balance.
    pub fn with_balance(deal: Deal, rules: Rules, options: Options, balance: i32) -> Game {
        let carried = if rules.scoring == Scoring::Vegas && options.cumulative_vegas {
            balance
        } else {
            0
        };
        let start = Klondike::with_score(&deal, rules, carried + rules.initial_score());
        Game::starting_at(Some(deal), &start, options)
    }

    /// A new game of the deal for `seed`.
    pub fn from_seed(seed: u64, rules: Rules, options: Options) -> Game {
        Game::new(Deal::from_seed(seed), rules, options)
    }

    /// A game that starts from any position (a [`Setup`](crate::Setup) validated into a
    /// [`Klondike`]); it has no [`deal`](Game::deal). Opening auto-moves are played.
    pub fn from_position(start: &Klondike, options: Options) -> Game {
        Game::starting_at(None, start, options)
    }

    fn starting_at(deal: Option<Deal>, start: &Klondike, options: Options) -> Game {
        let mut game = Game {
            deal,
            options,
            positions: vec![*start],
            entries: Vec::new(),
            cursor: 0,
        };
        game.run_auto_moves();
        game
    }

    /// The next game with `deal` and the same rules and options. With Vegas scoring and
    /// [`Options::cumulative_vegas`], the current balance carries over (and the new ante is
    /// paid from it).
    #[must_use]
    pub fn next_deal(&self, deal: Deal) -> Game {
        self.next_deal_with(deal, *self.rules(), self.options)
    }

    /// The next game with `deal` under new `rules` and `options` (a restart after a rules
    /// change): the balance carries over as in [`next_deal`](Game::next_deal) when both this
    /// game and the new one play cumulative Vegas.
    #[must_use]
    pub fn next_deal_with(&self, deal: Deal, rules: Rules, options: Options) -> Game {
        let carried = if self.rules().scoring == Scoring::Vegas && self.options.cumulative_vegas {
            self.position().score()
        } else {
            0
        };
        Game::with_balance(deal, rules, options, carried)
    }

    /// The deal this game started from (`None` for [`from_position`](Game::from_position)).
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.positions[0].rules()
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options (takes effect from the next move).
    pub fn set_options(&mut self, options: Options) {
        self.options = options;
    }

    /// The current position.
    pub fn position(&self) -> &Klondike {
        &self.positions[self.cursor]
    }

    /// The starting position.
    pub fn start(&self) -> &Klondike {
        &self.positions[0]
    }

    /// The moves played to reach the current position (redoable moves excluded).
    pub fn history(&self) -> &[Entry] {
        &self.entries[..self.cursor]
    }

    /// The positions from the start to the current one (`history().len() + 1` of them).
    pub fn positions(&self) -> &[Klondike] {
        &self.positions[..=self.cursor]
    }

    /// Won, lost or playing, for the current position.
    pub fn status(&self) -> Status {
        self.position().status()
    }

    /// Plays the player's move `mv`, then any auto-moves it allows. Drops the redo list.
    /// Returns how many moves were played in all (1 plus the auto-moves).
    pub fn play(&mut self, mv: Move) -> Result<usize, IllegalMove> {
        let mut next = *self.position();
        next.play(mv)?;
        self.push(mv, &next, false);
        Ok(1 + self.run_auto_moves())
    }

    /// Parses and plays a move in the text form (`w-3`, `5:3-1`, …).
    pub fn play_text(&mut self, text: &str) -> Result<usize, PlayTextError> {
        let mv: Move = text.parse()?;
        Ok(self.play(mv)?)
    }

    fn push(&mut self, mv: Move, next: &Klondike, auto: bool) {
        self.positions.truncate(self.cursor + 1);
        self.entries.truncate(self.cursor);
        self.positions.push(*next);
        self.entries.push(Entry { mv, auto });
        self.cursor += 1;
    }

    /// The next automatic move from the current position under the options, if any.
    pub fn pending_auto_move(&self) -> Option<Move> {
        let position = self.position();
        position.auto_move(self.options.policy(position.can_auto_finish()))
    }

    fn run_auto_moves(&mut self) -> usize {
        let mut played = 0;
        while let Some(mv) = self.pending_auto_move() {
            let mut next = *self.position();
            next.play_unchecked(mv);
            self.push(mv, &next, true);
            played += 1;
        }
        played
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.entries.len()
    }

    /// Takes back the last player move and the auto-moves it triggered (or, at the start,
    /// the opening auto-moves). Returns the entry taken back first in play order (the
    /// player's move, or the first opening auto-move), or `None` when there was nothing to
    /// undo.
    pub fn undo(&mut self) -> Option<Entry> {
        if self.cursor == 0 {
            return None;
        }
        self.cursor -= 1;
        while self.cursor > 0 && self.entries[self.cursor].auto {
            self.cursor -= 1;
        }
        Some(self.entries[self.cursor])
    }

    /// Replays the next undone player move and its auto-moves. Returns that move's entry, or
    /// `None` when there was nothing to redo.
    pub fn redo(&mut self) -> Option<Entry> {
        let entry = *self.entries.get(self.cursor)?;
        self.cursor += 1;
        while self.cursor < self.entries.len() && self.entries[self.cursor].auto {
            self.cursor += 1;
        }
        Some(entry)
    }

    /// The score, plus the Standard time bonus for a win after `seconds` when
    /// [`Options::time_bonus`] is on.
    pub fn final_score(&self, seconds: u64) -> i32 {
        let position = self.position();
        if self.options.time_bonus && position.is_won() {
            position.score() + position.rules().time_bonus(seconds)
        } else {
            position.score()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Draw, MoveList};

    #[test]
    fn undo_at_the_start_and_redo_at_the_end_do_nothing() {
        let options = Options {
            auto_move: AutoMove::None,
            ..Options::default()
        };
        let mut game = Game::from_seed(4, Rules::default(), options);
        assert_eq!(game.undo(), None);
        assert_eq!(game.redo(), None);
        game.play(Move::Stock).unwrap();
        assert_eq!(game.redo(), None);
        let stock = Entry {
            mv: Move::Stock,
            auto: false,
        };
        assert_eq!(game.undo(), Some(stock));
        assert!(game.can_redo());
        game.play(Move::Stock).unwrap();
        assert!(!game.can_redo(), "a new move drops the redo list");
    }

    #[test]
    fn auto_moves_undo_with_the_move_that_triggered_them() {
        // Find a seed and move whose play triggers an auto-move under send-all.
        let options = Options {
            auto_move: AutoMove::All,
            ..Options::default()
        };
        for seed in 0..200 {
            let mut game = Game::from_seed(seed, Rules::default(), options);
            let before = *game.position();
            let mut moves = MoveList::new();
            before.legal_moves(&mut moves);
            for &mv in &moves {
                let mut trial = game.clone();
                let played = trial.play(mv).unwrap();
                if played > 1 {
                    assert!(trial.history().last().unwrap().auto);
                    let player = Entry { mv, auto: false };
                    assert_eq!(
                        trial.undo(),
                        Some(player),
                        "the player's move is taken back"
                    );
                    assert_eq!(*trial.position(), before);
                    assert_eq!(trial.redo(), Some(player));
                    assert_eq!(trial.history().len(), game.history().len() + played);
                    game = trial;
                    assert!(game.history().iter().any(|e| e.auto));
                    return;
                }
            }
        }
        panic!("no seed triggered an auto-move");
    }

    #[test]
    fn vegas_balance_carries_when_cumulative() {
        let rules = Rules {
            scoring: Scoring::Vegas,
            draw: Draw::THREE,
            ..Rules::default()
        };
        let options = Options {
            cumulative_vegas: true,
            auto_move: AutoMove::None,
            ..Options::default()
        };
        let game = Game::from_seed(1, rules, options);
        assert_eq!(game.position().score(), -52);
        let next = game.next_deal(Deal::from_seed(2));
        assert_eq!(next.position().score(), -104);
        let fresh = Game::from_seed(
            1,
            rules,
            Options {
                cumulative_vegas: false,
                ..options
            },
        );
        assert_eq!(fresh.next_deal(Deal::from_seed(2)).position().score(), -52);
        let draw_one = Rules {
            draw: Draw::ONE,
            ..rules
        };
        let changed = next.next_deal_with(Deal::from_seed(2), draw_one, options);
        assert_eq!(
            changed.position().score(),
            -156,
            "a rules change keeps the balance"
        );
        let standard = next.next_deal_with(Deal::from_seed(2), Rules::default(), options);
        assert_eq!(
            standard.position().score(),
            0,
            "Standard scoring starts at 0"
        );
    }

    #[test]
    fn play_text_reports_both_kinds_of_error() {
        let mut game = Game::from_seed(1, Rules::default(), Options::default());
        let before = game.clone();
        assert!(matches!(
            game.play_text("nonsense"),
            Err(PlayTextError::Parse(_))
        ));
        assert!(matches!(
            game.play_text("recycle"),
            Err(PlayTextError::Illegal(IllegalMove::StockNotEmpty))
        ));
        assert_eq!(game.position(), before.position());
        assert_eq!(game.history(), before.history());
    }
}
