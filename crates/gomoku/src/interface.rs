//! [`Gomoku`]: the whole game (the opening rule's phases, then play) behind
//! [`game::GameState`], with its [`GameSettings`], [`Action`]s and [`View`].
//!
//! Seats: 0 is the first player (the tentative Black), 1 the second; an opening's swaps can
//! give Black to seat 1 ([`View::black_seat`]). Action ids: the points in row-major order
//! (`y * width + x`, so `a1` is 0), then, only when an opening rule is set, the choices
//! `swap`, `stay`, `take-black`, `take-white`, `place-two`, `single-fifth` and
//! `declare-1..=declare-N` (N the Soosõrv maximum, none for the other rules).

use std::fmt;
use std::str::FromStr;

use game::{Declaration, DeclareError, GameState, InvalidSettings, PlayError, Turn, Viewer};

use crate::game::Game;
use crate::illegal::IllegalMove;
use crate::opening::{CannotStart, Opening, OpeningRule, Phase, Player, Swap2Choice};
use crate::point::{Color, ParsePointError, Point};
use crate::position::{Line, Outcome};
use crate::rule::Settings;
use crate::set::PointSet;

/// Everything that chooses a game: the rule settings, the board size and the opening rule.
/// In JSON every field is optional (`{}` is freestyle on 15×15 without an opening):
/// `{"rule": "renju", "width": 15, "height": 15, "opening": "soosorv-2",
/// "foul_policy": "refuse", "three_at_five": "ignored"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct GameSettings {
    /// Rule set, foul policy and three reading.
    #[serde(flatten)]
    pub rules: Settings,
    /// Board columns (5..=32).
    pub width: u8,
    /// Board rows (5..=32).
    pub height: u8,
    /// The opening rule played before the game, if any.
    pub opening: Option<OpeningRule>,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            rules: Settings::default(),
            width: 15,
            height: 15,
            opening: None,
        }
    }
}

impl GameSettings {
    /// The number of opening choices after the points in the action space.
    fn choices(self) -> usize {
        self.opening
            .map_or(0, |rule| FIRST_DECLARE + usize::from(rule.max_declared()))
    }
}

/// One action: a stone (placed, offered or selected, as the phase says) or an opening choice.
///
/// Text form (`FromStr`, `Display`): a point (`h8`, or Gomocup's `7,7` when parsing), `swap`,
/// `stay`, `take-black`, `take-white`, `place-two`, `single-fifth`, `declare-N`. Parsing
/// ignores case and surrounding space and reads `_` as `-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone on this point: the next move, an opening stone, a fifth-move offer or the
    /// selected offer.
    Stone(Point),
    /// Swap colours.
    Swap,
    /// Keep colours.
    Stay,
    /// The swap2 choice.
    Swap2(Swap2Choice),
    /// Taraguchi: play a single fifth move instead of offering.
    SingleFifth,
    /// Soosõrv: the number of fifth moves Black will offer.
    Declare(u8),
}

/// Offsets of the choices after the points.
const SWAP: usize = 0;
const STAY: usize = 1;
const SWAP2: usize = 2;
const SINGLE_FIFTH: usize = 5;
const FIRST_DECLARE: usize = 6;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Stone(p) => write!(f, "{p}"),
            Action::Swap => f.write_str("swap"),
            Action::Stay => f.write_str("stay"),
            Action::Swap2(choice) => write!(f, "{choice}"),
            Action::SingleFifth => f.write_str("single-fifth"),
            Action::Declare(n) => write!(f, "declare-{n}"),
        }
    }
}

/// Why a text is not an action here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Neither a point nor a choice.
    #[error(
        "{0:?} is not an action (expected a point like h8 or 7,7, or swap, stay, take-black, take-white, place-two, single-fifth, declare-N)"
    )]
    Syntax(String),
    /// A point that does not parse (beyond the largest board).
    #[error(transparent)]
    Point(#[from] ParsePointError),
    /// A point off this board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A choice these settings do not have (no opening rule, or more offers than declarable).
    #[error("{0} is not an action under these settings")]
    NotInThisGame(Action),
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let t = text.trim().to_ascii_lowercase().replace('_', "-");
        Ok(match t.as_str() {
            "swap" => Action::Swap,
            "stay" => Action::Stay,
            "single-fifth" => Action::SingleFifth,
            _ => {
                if let Some(choice) = Swap2Choice::ALL.into_iter().find(|c| c.name() == t) {
                    Action::Swap2(choice)
                } else if let Some(n) = t.strip_prefix("declare-") {
                    match n.parse::<u8>() {
                        Ok(n) if n > 0 => Action::Declare(n),
                        _ => return Err(ParseActionError::Syntax(text.to_owned())),
                    }
                } else if t.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                    Action::Stone(t.parse()?)
                } else {
                    return Err(ParseActionError::Syntax(text.to_owned()));
                }
            }
        })
    }
}

/// The game state: the opening in progress, or the game after it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    Opening(Opening),
    Play {
        game: Game,
        /// Who holds Black.
        black: Player,
        /// The legal points of the side to move, kept so that `turn` sees a renju position
        /// where Black has none left.
        legal: PointSet,
    },
}

/// A whole game of gomoku as the game interface drives it: the opening rule's phases (each
/// choice an [`Action`]), then the game, two seats. It is driven through
/// [`game::GameState`] (turn, legal actions, play, views, outcome); the crate's own types
/// ([`Opening`], [`Game`], [`Position`](crate::Position)) stay the rich API underneath.
///
/// A renju position where Black must move but every empty point is forbidden (possible only
/// with [`FoulPolicy::Refuse`](crate::FoulPolicy)) ends the game as a draw: passing is not
/// modelled.
///
/// ```
/// use game::GameState;
/// use gomoku::{Action, GameSettings, Gomoku, Rule};
/// let settings: GameSettings = serde_json::from_str(r#"{"rule": "renju", "opening": "swap2"}"#)?;
/// assert_eq!(settings.rules.rule, Rule::Renju);
/// let mut g = Gomoku::new(&settings)?;
/// for (seat, text) in [(0, "h8"), (0, "h9"), (0, "i9"), (1, "take-black")] {
///     let action = g.parse_action(seat, text)?;
///     g.play(seat, action)?;
/// }
/// assert_eq!(g.view(game::Viewer::Spectator).black_seat, 1);
/// assert_eq!(g.turn(), game::Turn::Seat(0), "white (seat 0) plays the fourth stone");
/// assert_eq!(g.action_id(Action::Stone("a1".parse()?)), 0);
/// assert_eq!(g.num_actions(), 225 + 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gomoku {
    settings: GameSettings,
    stage: Stage,
    /// A result the players declared, which ends the game whatever the board shows.
    declared: Option<Declared>,
}

/// A result the players declared instead of playing on ([`game::GameState::declare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declared {
    /// This seat resigned; the other won.
    Resigned {
        /// The seat that resigned.
        seat: usize,
    },
    /// The seats agreed a draw.
    DrawAgreed,
}

/// What a seat or a spectator sees (everything: gomoku has no hidden information).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// Board columns.
    pub width: u8,
    /// Board rows.
    pub height: u8,
    /// Black stones, row-major.
    pub black: Vec<Point>,
    /// White stones, row-major.
    pub white: Vec<Point>,
    /// The moves in order (opening stones first).
    pub moves: Vec<Point>,
    /// The last stone placed.
    pub last_move: Option<Point>,
    /// The colour of the next stone in play (`None` during the opening's choices and once
    /// the game is over).
    pub to_move: Option<Color>,
    /// The seat holding Black (0 unless an opening swapped).
    pub black_seat: usize,
    /// Black's forbidden points (renju; empty otherwise).
    pub forbidden: Vec<Point>,
    /// The winning row, once there is one.
    pub winning_line: Option<Line>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// The opening in progress.
    pub opening: Option<OpeningView>,
    /// A result the players declared (resignation, draw by agreement), which ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<Declared>,
}

/// The opening part of a [`View`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OpeningView {
    /// The rule.
    pub rule: OpeningRule,
    /// What is expected next.
    pub phase: Phase,
    /// The phase in words.
    pub prompt: String,
    /// The fifth-move offers made so far (not on the board).
    pub offers: Vec<Point>,
}

const fn seat_of(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl Gomoku {
    /// A new game under `settings`; refused, with the reason, when the board size is
    /// unsupported or the opening rule cannot start on it.
    pub fn new(settings: &GameSettings) -> Result<Gomoku, CannotStart> {
        let (w, h) = (settings.width, settings.height);
        let stage = match settings.opening {
            Some(rule) => Stage::Opening(Opening::new(rule, w, h, settings.rules)?),
            None => Stage::play(Game::new(w, h, settings.rules)?, Player::First),
        };
        Ok(Gomoku {
            settings: *settings,
            stage,
            declared: None,
        })
    }

    /// The settings.
    pub const fn settings(&self) -> &GameSettings {
        &self.settings
    }

    /// The game so far (the opening's stones during the opening).
    pub fn game(&self) -> &Game {
        match &self.stage {
            Stage::Opening(o) => o.game(),
            Stage::Play { game, .. } => game,
        }
    }

    /// The opening in progress, if any.
    pub fn opening(&self) -> Option<&Opening> {
        match &self.stage {
            Stage::Opening(o) => Some(o),
            Stage::Play { .. } => None,
        }
    }

    /// Who holds Black now.
    pub fn black(&self) -> Player {
        match &self.stage {
            Stage::Opening(o) => o.black(),
            Stage::Play { black, .. } => *black,
        }
    }

    /// Who acts now, `None` once the game is over.
    pub fn to_act(&self) -> Option<Player> {
        if self.declared.is_some() {
            return None;
        }
        match &self.stage {
            Stage::Opening(o) => o.phase().by(),
            Stage::Play { game, black, legal } => {
                let pos = game.position();
                (!pos.is_over() && !legal.is_empty()).then(|| {
                    if pos.to_move() == Color::Black {
                        *black
                    } else {
                        black.other()
                    }
                })
            }
        }
    }

    /// The result, once the game is over (a draw when Black is left with only forbidden
    /// points).
    fn result(&self) -> Option<Outcome> {
        match &self.stage {
            Stage::Opening(_) => None,
            Stage::Play { game, legal, .. } => game
                .position()
                .outcome()
                .or(legal.is_empty().then_some(Outcome::Draw)),
        }
    }

    /// The action with this text, resolved against these settings: the point must be on the
    /// board and the choice must exist under the opening rule.
    fn resolve(&self, text: &str) -> Result<Action, ParseActionError> {
        let action: Action = text.parse()?;
        match action {
            Action::Stone(p) if !self.game().position().board().contains(p) => {
                Err(ParseActionError::OffBoard(p))
            }
            Action::Stone(_) => Ok(action),
            _ if Gomoku::choice_id(action).is_some_and(|i| i < self.settings.choices()) => {
                Ok(action)
            }
            _ => Err(ParseActionError::NotInThisGame(action)),
        }
    }

    /// The offset of a choice after the points (`None` for a stone and for `declare-0`).
    fn choice_id(action: Action) -> Option<usize> {
        Some(match action {
            Action::Stone(_) | Action::Declare(0) => return None,
            Action::Swap => SWAP,
            Action::Stay => STAY,
            Action::Swap2(c) => SWAP2 + c as usize,
            Action::SingleFifth => SINGLE_FIFTH,
            Action::Declare(n) => FIRST_DECLARE + usize::from(n) - 1,
        })
    }

    /// The actions the player to act may take now, into `out` (cleared first).
    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match &self.stage {
            Stage::Play { legal, .. } => {
                if self.to_act().is_some() {
                    out.extend(legal.iter().map(Action::Stone));
                }
            }
            Stage::Opening(o) => {
                let pos = o.game().position();
                let width = pos.board().width();
                match o.phase() {
                    Phase::Place { region, .. } => out.extend(
                        pos.legal_moves()
                            .iter()
                            .filter(|&p| region.contains(p, width))
                            .map(Action::Stone),
                    ),
                    Phase::Swap { .. } => out.extend([Action::Swap, Action::Stay]),
                    Phase::Swap2Choice { .. } => {
                        out.extend(Swap2Choice::ALL.map(Action::Swap2));
                    }
                    Phase::Declare { max, .. } => out.extend((1..=max).map(Action::Declare)),
                    Phase::Offer { or_place, .. } => {
                        out.extend(
                            pos.legal_moves()
                                .iter()
                                .filter(|&p| o.check_offer(p).is_ok())
                                .map(Action::Stone),
                        );
                        if or_place && o.offers().is_empty() {
                            out.push(Action::SingleFifth);
                        }
                    }
                    Phase::Select { .. } => {
                        out.extend(o.offers().iter().map(|&p| Action::Stone(p)));
                    }
                    Phase::Done => {}
                }
            }
        }
    }

    /// Takes `action` for the player to act, checked; nothing changes on error.
    fn apply(&mut self, action: Action) -> Result<(), IllegalMove> {
        match &mut self.stage {
            Stage::Play { game, legal, .. } => {
                let Action::Stone(p) = action else {
                    return Err(IllegalMove::WrongPhase {
                        expected: Phase::Done,
                    });
                };
                if game.position().is_over() || legal.is_empty() {
                    return Err(IllegalMove::GameOver);
                }
                game.play(p)?;
                *legal = game.position().legal_moves();
            }
            Stage::Opening(o) => {
                match (o.phase(), action) {
                    (Phase::Place { .. }, Action::Stone(p)) => o.place(p),
                    (Phase::Offer { .. }, Action::Stone(p)) => o.offer(p),
                    (Phase::Select { .. }, Action::Stone(p)) => o.select(p),
                    (_, Action::Swap | Action::Stay) => o.decide_swap(action == Action::Swap),
                    (_, Action::Swap2(choice)) => o.swap2(choice),
                    (_, Action::SingleFifth) => o.single_fifth(),
                    (_, Action::Declare(n)) => o.declare(n),
                    (expected, Action::Stone(_)) => Err(IllegalMove::WrongPhase { expected }),
                }?;
                if o.phase() == Phase::Done {
                    let (game, black) = o.clone().finish()?;
                    self.stage = Stage::play(game, black);
                }
            }
        }
        Ok(())
    }

    /// Takes an action known to be legal; in play, without checks.
    fn apply_unchecked(&mut self, action: Action) {
        match (&mut self.stage, action) {
            (Stage::Play { game, legal, .. }, Action::Stone(p)) => {
                game.play_unchecked(p);
                *legal = game.position().legal_moves();
            }
            _ => self.apply(action).expect("a legal action"),
        }
    }

    /// What everybody sees.
    fn public_view(&self) -> View {
        let game = self.game();
        let pos = game.position();
        let board = pos.board();
        View {
            width: board.width(),
            height: board.height(),
            black: board.points(Color::Black).iter().collect(),
            white: board.points(Color::White).iter().collect(),
            moves: game.moves().to_vec(),
            last_move: game.last_move(),
            to_move: match &self.stage {
                Stage::Opening(o) => match o.phase() {
                    Phase::Place { color, .. } => Some(color),
                    _ => None,
                },
                Stage::Play { .. } => self.to_act().map(|_| pos.to_move()),
            },
            black_seat: seat_of(self.black()),
            forbidden: pos.forbidden_points().iter().collect(),
            winning_line: pos.winning_line(),
            outcome: self.result(),
            opening: self.opening().map(|o| OpeningView {
                rule: o.rule(),
                phase: o.phase(),
                prompt: o.phase().to_string(),
                offers: o.offers().to_vec(),
            }),
            declared: self.declared,
        }
    }
}

impl Stage {
    fn play(game: Game, black: Player) -> Stage {
        let legal = game.position().legal_moves();
        Stage::Play { game, black, legal }
    }
}

impl GameState for Gomoku {
    const NAME: &'static str = "gomoku";
    type Settings = GameSettings;
    type Action = Action;
    type Error = IllegalMove;
    type ParseError = ParseActionError;
    type View = View;

    fn new(settings: &GameSettings, _seed: u64) -> Result<Gomoku, InvalidSettings> {
        Gomoku::new(settings).map_err(InvalidSettings::new)
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        self.to_act().map_or(Turn::Over, |p| Turn::Seat(seat_of(p)))
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<Action>) {
        if self.to_act().map(seat_of) == Some(seat) {
            self.legal_into(out);
        } else {
            out.clear();
        }
    }

    fn play(&mut self, seat: usize, action: Action) -> Result<(), PlayError<IllegalMove>> {
        PlayError::check_turn(GameState::turn(self), 2, seat)?;
        self.apply(action).map_err(PlayError::Illegal)
    }

    fn play_unchecked(&mut self, _seat: usize, action: Action) {
        self.apply_unchecked(action);
    }

    fn parse_action(&self, _seat: usize, text: &str) -> Result<Action, ParseActionError> {
        self.resolve(text)
    }

    fn num_actions(&self) -> usize {
        usize::from(self.settings.width) * usize::from(self.settings.height)
            + self.settings.choices()
    }

    fn action_id(&self, action: Action) -> usize {
        let points = usize::from(self.settings.width) * usize::from(self.settings.height);
        match action {
            Action::Stone(p) => {
                usize::from(p.y()) * usize::from(self.settings.width) + usize::from(p.x())
            }
            choice => points + Gomoku::choice_id(choice).unwrap_or(usize::MAX - points),
        }
    }

    fn action_from_id(&self, id: usize) -> Option<Action> {
        let width = usize::from(self.settings.width);
        let points = width * usize::from(self.settings.height);
        if id < points {
            return Some(Action::Stone(Point::new(
                (id % width) as u8,
                (id / width) as u8,
            )));
        }
        let offset = id - points;
        if offset >= self.settings.choices() {
            return None;
        }
        Some(match offset {
            SWAP => Action::Swap,
            STAY => Action::Stay,
            SINGLE_FIFTH => Action::SingleFifth,
            o if o < SINGLE_FIFTH => Action::Swap2(Swap2Choice::ALL[o - SWAP2]),
            o => Action::Declare((o - FIRST_DECLARE + 1) as u8),
        })
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.public_view()
    }

    fn outcome(&self) -> Option<game::Outcome> {
        match self.declared {
            Some(Declared::Resigned { seat }) => {
                return Some(game::Outcome::two_player(Some(1 - seat)));
            }
            Some(Declared::DrawAgreed) => return Some(game::Outcome::two_player(None)),
            None => {}
        }
        let outcome = self.result()?;
        let black = seat_of(self.black());
        Some(game::Outcome::two_player(
            outcome
                .winner()
                .map(|c| if c == Color::Black { black } else { 1 - black }),
        ))
    }

    const DECLARATIONS: &'static [Declaration] = &Declaration::ALL;

    /// Either seat may resign or agree a draw at any point before the end, opening included;
    /// the view then shows [`View::declared`].
    fn declare(&mut self, seat: usize, declaration: Declaration) -> Result<(), DeclareError> {
        DeclareError::check(
            Self::NAME,
            Self::DECLARATIONS,
            declaration,
            2,
            seat,
            self.turn() == Turn::Over,
        )?;
        self.declared = Some(match declaration {
            Declaration::Resign => Declared::Resigned { seat },
            Declaration::Draw => Declared::DrawAgreed,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_left_with_only_forbidden_points_ends_in_a_draw() {
        use crate::{Foul, Position, Rule, Setup};
        let mut setup = Setup::from_diagram(
            "O O X X O O
             X X O O X X
             X X X . X X
             O O X X O O
             X X O O X X",
            Rule::Renju,
        )
        .unwrap();
        setup.to_move = Some(Color::Black);
        let pos = Position::try_from(setup).unwrap();
        assert_eq!(pos.foul_at("d3".parse().unwrap()), Some(Foul::Overline));
        let g = Gomoku {
            settings: GameSettings {
                rules: Settings::new(Rule::Renju),
                width: 6,
                height: 5,
                opening: None,
            },
            stage: Stage::play(Game::from_position(pos), Player::First),
            declared: None,
        };
        assert_eq!(g.turn(), Turn::Over);
        assert_eq!(g.outcome(), Some(game::Outcome::two_player(None)));
        assert_eq!(g.view(Viewer::Spectator).outcome, Some(Outcome::Draw));
    }

    #[test]
    fn action_texts_round_trip() {
        for text in [
            "h8",
            "swap",
            "stay",
            "take-black",
            "take-white",
            "place-two",
            "single-fifth",
            "declare-3",
        ] {
            assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
        }
        assert_eq!("7,7".parse::<Action>(), Ok(Action::Stone(Point::new(7, 7))));
        assert_eq!(
            " Take_Black ".parse::<Action>(),
            Ok(Action::Swap2(Swap2Choice::TakeBlack))
        );
        for bad in ["", "declare-0", "declare-x", "declare-300", "-h8", "swapp"] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn ids_follow_the_documented_layout() {
        let g = Gomoku::new(&GameSettings {
            opening: Some(OpeningRule::Soosorv { n: 3 }),
            ..GameSettings::default()
        })
        .unwrap();
        assert_eq!(g.num_actions(), 225 + 6 + 3);
        assert_eq!(g.action_id(Action::Stone("o1".parse().unwrap())), 14);
        assert_eq!(g.action_id(Action::Stone("a2".parse().unwrap())), 15);
        let choices = [
            Action::Swap,
            Action::Stay,
            Action::Swap2(Swap2Choice::TakeBlack),
            Action::Swap2(Swap2Choice::TakeWhite),
            Action::Swap2(Swap2Choice::PlaceTwo),
            Action::SingleFifth,
            Action::Declare(1),
            Action::Declare(2),
            Action::Declare(3),
        ];
        for (i, a) in choices.into_iter().enumerate() {
            assert_eq!(g.action_id(a), 225 + i, "{a}");
            assert_eq!(g.action_from_id(225 + i), Some(a));
        }
        assert_eq!(g.action_from_id(234), None);
        assert_eq!(
            g.parse_action(0, "declare-4"),
            Err(ParseActionError::NotInThisGame(Action::Declare(4)))
        );
        let plain = Gomoku::new(&GameSettings::default()).unwrap();
        assert_eq!(plain.num_actions(), 225);
        assert_eq!(plain.action_from_id(225), None);
        assert!(plain.parse_action(0, "swap").is_err());
        assert_eq!(
            plain.parse_action(0, "p1"),
            Err(ParseActionError::OffBoard("p1".parse().unwrap()))
        );
    }
}
