//! [`game::GameState`] for xiangqi: a [`Game`] (the position with the rules that end it)
//! driven through parlor's game interface, with its [`Settings`] and [`View`].
//!
//! Seats: 0 is Red, 1 is Black. Actions are [`Move`]s, written in ICCS (`h2e2`) and read in
//! any notation the crate reads (`h2e2`, `H2-E2`, `C2.5`, `炮二平五`). Action ids are from-to
//! pairs: `90 × from + to` over [`Square::index`], 8,100 ids, of which those with
//! `from == to` name no move.

use game::{Declaration, DeclareError, GameState, InvalidSettings, PlayError, Turn, Viewer};

use crate::game::{Game, RuleSet};
use crate::moves::{Move, MoveList};
use crate::notation::MoveTextError;
use crate::position::{FenError, IllegalMove, Outcome, Position, Validation};
use crate::types::{Color, Square};

/// Everything that chooses a xiangqi game: the adjudication rules, how strictly the start
/// position is validated, and the start position (`None`: the standard one).
///
/// In JSON every field may be left out and takes its default (`{}` is the default game):
/// `{"rules": {"repetition": "simple", "move_limit": 50}, "validation": "permissive",
/// "fen": "3k5/9/…/4K4 w"}`. Unknown fields are refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Repetition rule, move limit, insufficient material.
    pub rules: RuleSet,
    /// How strictly `fen` is checked (strict by default).
    pub validation: Validation,
    /// The start position as FEN; `None` for the standard start.
    pub fen: Option<String>,
}

impl Settings {
    /// The game these settings start, or why the start position is not valid.
    pub fn new_game(&self) -> Result<Game, FenError> {
        let start = match &self.fen {
            Some(fen) => Position::from_fen_with(fen, self.validation)?,
            None => Position::default(),
        };
        Ok(Game::with_rules(start, self.rules))
    }
}

/// What everyone sees of a xiangqi game (nothing is hidden): the position, what a board
/// needs to show it, and the line from the start (for the repetition rules).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// The current position as FEN.
    pub fen: String,
    /// The move that led to it.
    pub last_move: Option<Move>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The result with the rule that decided it, once the game is over.
    pub outcome: Option<Outcome>,
    /// The start position as FEN (empty in views written before it was added).
    #[serde(default)]
    pub start: String,
    /// Every move from the start, which the repetition rules judge by.
    #[serde(default)]
    pub moves: Vec<Move>,
}

/// The number of action ids: every from-to pair.
const NUM_ACTIONS: usize = Square::NUM * Square::NUM;

impl GameState for Game {
    const NAME: &'static str = "xiangqi";
    type Settings = Settings;
    type Action = Move;
    type Error = IllegalMove;
    type ParseError = MoveTextError;
    type View = View;

    /// The game `settings` describe; xiangqi has no chance, so `seed` is unused.
    fn new(settings: &Settings, _seed: u64) -> Result<Game, InvalidSettings> {
        settings.new_game().map_err(InvalidSettings::new)
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.outcome().is_some() {
            Turn::Over
        } else {
            Turn::Seat(self.position().turn().index())
        }
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<Move>) {
        out.clear();
        if self.turn() == Turn::Seat(seat) {
            let mut moves = MoveList::new();
            self.position().legal_moves(&mut moves);
            out.extend_from_slice(&moves);
        }
    }

    fn play(&mut self, seat: usize, mv: Move) -> Result<(), PlayError<IllegalMove>> {
        PlayError::check_turn(GameState::turn(self), 2, seat)?;
        Game::play(self, mv).map_err(PlayError::Illegal)
    }

    fn play_unchecked(&mut self, _seat: usize, mv: Move) {
        Game::play_unchecked(self, mv);
    }

    /// ICCS text is read as it stands, legal or not (so that `play` can say why it is
    /// refused); WXF and Chinese notation are resolved against the position.
    fn parse_action(&self, _seat: usize, text: &str) -> Result<Move, MoveTextError> {
        text.parse::<Move>()
            .or_else(|_| self.position().parse_move(text))
    }

    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn action_id(&self, mv: Move) -> usize {
        mv.from.index() * Square::NUM + mv.to.index()
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        let from = Square::from_index(id / Square::NUM)?;
        let to = Square::from_index(id % Square::NUM)?;
        (from != to).then_some(Move::new(from, to))
    }

    fn view(&self, _viewer: Viewer) -> View {
        let pos = self.position();
        View {
            fen: pos.fen(),
            last_move: self.last_move(),
            check: pos.is_check(),
            outcome: self.outcome(),
            start: self.start().fen(),
            moves: self.moves().collect(),
        }
    }

    fn outcome(&self) -> Option<game::Outcome> {
        Game::outcome(self).map(|o| game::Outcome::two_player(o.winner().map(Color::index)))
    }

    const DECLARATIONS: &'static [Declaration] = &Declaration::ALL;

    /// [`Game::resign`] for the seat's colour, or [`Game::agree_draw`]; the view's outcome
    /// then names [`WinReason::Resignation`](crate::WinReason::Resignation) or
    /// [`DrawReason::Agreement`](crate::DrawReason::Agreement).
    fn declare(&mut self, seat: usize, declaration: Declaration) -> Result<(), DeclareError> {
        DeclareError::check(
            Self::NAME,
            Self::DECLARATIONS,
            declaration,
            2,
            seat,
            self.outcome().is_some(),
        )?;
        match declaration {
            Declaration::Resign => self.resign(if seat == 0 { Color::Red } else { Color::Black }),
            Declaration::Draw => self.agree_draw(),
        }
        Ok(())
    }
}
