//! Opening rules as state machines above the judge: swap, swap2, RIF Soosõrv-N and
//! Taraguchi-N.
//!
//! An [`Opening`] tells a frontend what is expected next ([`Phase`]: who places a stone and
//! where, who may swap colours, who offers or selects fifth moves) and accepts only that.
//! The two people are [`Player::First`] (the tentative Black) and [`Player::Second`]; a swap
//! exchanges their colours. When the opening is over, [`Opening::finish`] hands back the
//! [`Game`] (with the opening stones as its first moves) and who holds Black.
//!
//! Sources: swap and swap2 as used by Gomocup and the Gomoku World Championship; Soosõrv-N and
//! Taraguchi-N as in the RIF rules (the 26 canonical openings, fifth-move offers that must not
//! be symmetric to one another).
//!
//! ```
//! use gomoku::opening::{Opening, OpeningRule, Phase, Player};
//! use gomoku::{Rule, Point};
//!
//! let mut o = Opening::new(OpeningRule::Soosorv { n: 2 }, 15, 15, Rule::Renju)?;
//! for m in ["h8", "h9", "i9"] {
//!     o.place(m.parse()?)?;
//! }
//! assert_eq!(o.canonical().unwrap().name, "Kagetsu");
//! o.decide_swap(false)?;            // Second stays White
//! o.place("j10".parse()?)?;         // the fourth move, by White
//! o.declare(2)?;                    // two fifth-move offers
//! o.decide_swap(false)?;            // First stays Black
//! o.offer("g7".parse()?)?;
//! assert!(o.offer("g7".parse()?).is_err(), "an offer must be new");
//! o.offer("k7".parse()?)?;
//! o.select("k7".parse()?)?;         // White picks the fifth move
//! assert_eq!(o.phase(), Phase::Done);
//! let (game, black) = o.finish()?;
//! assert_eq!(black, Player::First);
//! assert_eq!(game.record(), "h8 h9 i9 j10 k7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::SizeError;
use crate::game::Game;
use crate::illegal::IllegalMove;
use crate::point::{Color, Point};
use crate::position::Position;
use crate::rule::Settings;

/// One of the two people playing the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    /// The player who starts (the tentative Black).
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// Which opening rule.
///
/// Text form (`FromStr`/`Display`, and serde): `swap`, `swap2`, `soosorv-N` (N fifth-move
/// offers at most, 1..=10; `soosorv` alone is `soosorv-2`) and `taraguchi-N` (1..=10;
/// `taraguchi` alone is `taraguchi-10`). Parsing ignores case and reads `õ` as `o`.
///
/// ```
/// use gomoku::opening::OpeningRule;
/// assert_eq!("Soosõrv-8".parse(), Ok(OpeningRule::Soosorv { n: 8 }));
/// assert_eq!(OpeningRule::Taraguchi { n: 10 }.to_string(), "taraguchi-10");
/// assert!("soosorv-0".parse::<OpeningRule>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum OpeningRule {
    /// The first player places three stones (black, white, black); the second chooses colours.
    Swap,
    /// Swap2: after the first three stones the second player takes Black, takes White, or
    /// places two more stones (white, black) and lets the first player choose.
    Swap2,
    /// RIF Soosõrv-N: a canonical opening, swap, the fourth move with the number of fifth-move
    /// offers (1..=n) declared, swap, that many non-symmetric offers, White selects one.
    Soosorv {
        /// Largest number of fifth-move offers that may be declared.
        n: u8,
    },
    /// RIF Taraguchi-N: stones 1-4 in the centre, central 3×3, 5×5 and 7×7, each followed by
    /// a swap option; then Black either plays one fifth move anywhere (the opponent may swap
    /// once more) or offers `n` non-symmetric fifth moves for White to select from.
    Taraguchi {
        /// Number of fifth-move offers in the offering branch.
        n: u8,
    },
}

impl OpeningRule {
    /// Whether the rule places its first stones in the centre (and so needs a square board
    /// with an odd side of at least 9).
    pub const fn is_central(self) -> bool {
        matches!(
            self,
            OpeningRule::Soosorv { .. } | OpeningRule::Taraguchi { .. }
        )
    }

    /// The most fifth-move offers White may declare (Soosõrv), 0 for the other rules.
    pub const fn max_declared(self) -> u8 {
        match self {
            OpeningRule::Soosorv { n } if n > 1 => n,
            OpeningRule::Soosorv { .. } => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningRule::Swap => f.write_str("swap"),
            OpeningRule::Swap2 => f.write_str("swap2"),
            OpeningRule::Soosorv { n } => write!(f, "soosorv-{n}"),
            OpeningRule::Taraguchi { n } => write!(f, "taraguchi-{n}"),
        }
    }
}

/// Error for a text that names no opening rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown opening {0:?} (expected swap, swap2, soosorv-N or taraguchi-N, N 1..=10)")]
pub struct ParseOpeningRuleError(pub String);

impl FromStr for OpeningRule {
    type Err = ParseOpeningRuleError;

    fn from_str(text: &str) -> Result<OpeningRule, ParseOpeningRuleError> {
        let t = text.trim().to_lowercase().replace('õ', "o");
        let (name, n) = match t.split_once('-') {
            Some((name, n)) => (
                name,
                Some(n.parse::<u8>().ok().filter(|n| (1..=10).contains(n))),
            ),
            None => (t.as_str(), None),
        };
        match (name, n) {
            ("swap", None) => Ok(OpeningRule::Swap),
            ("swap2", None) => Ok(OpeningRule::Swap2),
            ("soosorv", None) => Ok(OpeningRule::Soosorv { n: 2 }),
            ("soosorv", Some(Some(n))) => Ok(OpeningRule::Soosorv { n }),
            ("taraguchi", None) => Ok(OpeningRule::Taraguchi { n: 10 }),
            ("taraguchi", Some(Some(n))) => Ok(OpeningRule::Taraguchi { n }),
            _ => Err(ParseOpeningRuleError(text.to_owned())),
        }
    }
}

impl From<OpeningRule> for String {
    fn from(rule: OpeningRule) -> String {
        rule.to_string()
    }
}

impl TryFrom<String> for OpeningRule {
    type Error = ParseOpeningRuleError;
    fn try_from(text: String) -> Result<OpeningRule, ParseOpeningRuleError> {
        text.parse()
    }
}

/// Where the next stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Region {
    /// The centre point only.
    Center,
    /// The central `k`×`k` square.
    Square(u8),
    /// Any empty legal point.
    Anywhere,
}

impl Region {
    /// Whether `p` lies in the region of a square board of side `size`.
    pub fn contains(self, p: Point, size: u8) -> bool {
        let c = i32::from(size / 2);
        let (dx, dy) = (i32::from(p.x()) - c, i32::from(p.y()) - c);
        match self {
            Region::Center => dx == 0 && dy == 0,
            Region::Square(k) => dx.abs() <= i32::from(k / 2) && dy.abs() <= i32::from(k / 2),
            Region::Anywhere => true,
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Region::Center => f.write_str("in the centre"),
            Region::Square(k) => write!(f, "in the central {k}x{k}"),
            Region::Anywhere => f.write_str("anywhere"),
        }
    }
}

/// The choice offered by swap2 after the first three stones.
///
/// Text form (the game interface's action text): `take-black`, `take-white`, `place-two`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swap2Choice {
    /// Take Black (White, now the first player, plays the fourth move in the game).
    TakeBlack,
    /// Stay White and play the fourth move in the game.
    TakeWhite,
    /// Place a white and a black stone, then the first player chooses a colour.
    PlaceTwo,
}

impl Swap2Choice {
    /// The three choices, in the order of their action ids.
    pub const ALL: [Swap2Choice; 3] = [
        Swap2Choice::TakeBlack,
        Swap2Choice::TakeWhite,
        Swap2Choice::PlaceTwo,
    ];

    /// The text form.
    pub const fn name(self) -> &'static str {
        match self {
            Swap2Choice::TakeBlack => "take-black",
            Swap2Choice::TakeWhite => "take-white",
            Swap2Choice::PlaceTwo => "place-two",
        }
    }
}

impl fmt::Display for Swap2Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the opening expects next. `Display` says it in words (the prompt a frontend shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "phase")]
pub enum Phase {
    /// `by` places the next stone, of colour `color`, inside `region` with
    /// [`Opening::place`].
    Place {
        /// Who places.
        by: Player,
        /// The colour of the stone (by move number).
        color: Color,
        /// Where.
        region: Region,
    },
    /// `by` decides whether to swap colours ([`Opening::decide_swap`]).
    Swap {
        /// Who decides.
        by: Player,
    },
    /// Swap2: `by` chooses with [`Opening::swap2`].
    Swap2Choice {
        /// Who chooses.
        by: Player,
    },
    /// Soosõrv: `by` (White, who just played the fourth move) declares the number of
    /// fifth-move offers with [`Opening::declare`].
    Declare {
        /// Who declares.
        by: Player,
        /// Largest allowed number.
        max: u8,
    },
    /// `by` (Black) offers fifth moves with [`Opening::offer`] until `count` are on the
    /// board. Under Taraguchi, before the first offer, `by` may instead choose
    /// [`Opening::single_fifth`] and place one fifth move.
    Offer {
        /// Who offers.
        by: Player,
        /// How many offers are required in total.
        count: u8,
        /// Whether a single fifth move may be chosen instead (Taraguchi).
        or_place: bool,
    },
    /// `by` (White) selects one of the offers with [`Opening::select`].
    Select {
        /// Who selects.
        by: Player,
    },
    /// The opening is over: call [`Opening::finish`].
    Done,
}

impl Phase {
    /// Who acts in this phase (`None` once the opening is over).
    pub const fn by(self) -> Option<Player> {
        match self {
            Phase::Place { by, .. }
            | Phase::Swap { by }
            | Phase::Swap2Choice { by }
            | Phase::Declare { by, .. }
            | Phase::Offer { by, .. }
            | Phase::Select { by } => Some(by),
            Phase::Done => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Place { by, color, region } => {
                write!(f, "the {by} places a {color} stone {region}")
            }
            Phase::Swap { by } => write!(f, "the {by} swaps colours or keeps them"),
            Phase::Swap2Choice { by } => write!(
                f,
                "the {by} takes black, takes white, or places two more stones"
            ),
            Phase::Declare { by, max } => write!(
                f,
                "the {by} declares how many fifth moves black offers (1..={max})"
            ),
            Phase::Offer {
                by,
                count,
                or_place,
            } => {
                write!(f, "the {by} offers {count} fifth moves")?;
                if or_place {
                    f.write_str(", or plays a single fifth move")?;
                }
                Ok(())
            }
            Phase::Select { by } => write!(f, "the {by} selects one of the offered fifth moves"),
            Phase::Done => f.write_str("the opening is over"),
        }
    }
}

/// Why an opening cannot start on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CannotStart {
    /// The board size itself is unsupported.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The rule starts in the centre and needs a square board with an odd side of at least 9.
    #[error(
        "the opening {rule} cannot start on a {width}x{height} board: it needs a square board with an odd side of at least 9"
    )]
    NeedsOddSquare {
        /// The rule.
        rule: OpeningRule,
        /// Board columns.
        width: u8,
        /// Board rows.
        height: u8,
    },
}

/// An opening in progress. See the [module documentation](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    rule: OpeningRule,
    game: Game,
    black: Player,
    phase: Phase,
    offers: Vec<Point>,
    fifths: u8,
}

impl Opening {
    /// Starts an opening on an empty `width`×`height` board under `settings`; refused, with
    /// the reason, when the rule cannot start there.
    pub fn new(
        rule: OpeningRule,
        width: u8,
        height: u8,
        settings: impl Into<Settings>,
    ) -> Result<Opening, CannotStart> {
        let game = Game::new(width, height, settings)?;
        if rule.is_central() && (width != height || width < 9 || width.is_multiple_of(2)) {
            return Err(CannotStart::NeedsOddSquare {
                rule,
                width,
                height,
            });
        }
        let region = if rule.is_central() {
            Region::Center
        } else {
            Region::Anywhere
        };
        Ok(Opening {
            rule,
            game,
            black: Player::First,
            phase: Phase::Place {
                by: Player::First,
                color: Color::Black,
                region,
            },
            offers: Vec::new(),
            fifths: 0,
        })
    }

    /// The rule.
    pub const fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// What is expected next.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// Who currently holds Black.
    pub const fn black(&self) -> Player {
        self.black
    }

    /// Who holds `color`.
    pub fn holder(&self, color: Color) -> Player {
        if color == Color::Black {
            self.black
        } else {
            self.black.other()
        }
    }

    /// The stones placed so far, as a game.
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The fifth-move offers made so far (they are not on the board).
    pub fn offers(&self) -> &[Point] {
        &self.offers
    }

    /// The canonical opening (RIF, 26) formed by the first three stones, if they form one.
    pub fn canonical(&self) -> Option<&'static CanonicalOpening> {
        let m = self.game.moves();
        if m.len() < 3 {
            return None;
        }
        CanonicalOpening::identify(m[0], m[1], m[2])
    }

    fn wrong(&self) -> IllegalMove {
        IllegalMove::WrongPhase {
            expected: self.phase,
        }
    }

    /// A `Place` phase for `by`: the colour of the next stone follows the move number.
    fn place_phase(&self, by: Player, region: Region) -> Phase {
        let color = if self.game.moves().len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        Phase::Place { by, color, region }
    }

    /// Places the next stone.
    pub fn place(&mut self, p: Point) -> Result<(), IllegalMove> {
        let Phase::Place { region, .. } = self.phase else {
            return Err(self.wrong());
        };
        if !region.contains(p, self.game.position().board().width()) {
            return Err(IllegalMove::OutsideRegion { at: p, region });
        }
        self.game.play(p)?;
        let n = self.game.moves().len();
        self.phase = match (self.rule, n) {
            (OpeningRule::Swap, 1 | 2) | (OpeningRule::Swap2, 1 | 2 | 4) => {
                self.place_phase(Player::First.other_if(n == 4), Region::Anywhere)
            }
            (OpeningRule::Swap | OpeningRule::Soosorv { .. }, 3) => {
                Phase::Swap { by: Player::Second }
            }
            (OpeningRule::Swap2, 3) => Phase::Swap2Choice { by: Player::Second },
            (OpeningRule::Swap2, 5) => Phase::Swap { by: Player::First },
            (OpeningRule::Soosorv { .. }, 1) => self.place_phase(Player::First, Region::Square(3)),
            (OpeningRule::Soosorv { .. }, 2) => self.place_phase(Player::First, Region::Square(5)),
            (OpeningRule::Soosorv { .. }, 4) => Phase::Declare {
                by: self.holder(Color::White),
                max: self.rule.max_declared(),
            },
            (OpeningRule::Taraguchi { .. }, 1..=4) => Phase::Swap {
                by: self.holder(if n % 2 == 1 {
                    Color::White
                } else {
                    Color::Black
                }),
            },
            (OpeningRule::Taraguchi { .. }, 5) => Phase::Swap {
                by: self.holder(Color::White),
            },
            _ => Phase::Done,
        };
        Ok(())
    }

    /// Decides whether to swap colours.
    pub fn decide_swap(&mut self, swap: bool) -> Result<(), IllegalMove> {
        let Phase::Swap { .. } = self.phase else {
            return Err(self.wrong());
        };
        if swap {
            self.black = self.black.other();
        }
        let n = self.game.moves().len();
        self.phase = match (self.rule, n) {
            (OpeningRule::Soosorv { .. }, 3) => {
                self.place_phase(self.holder(Color::White), Region::Anywhere)
            }
            (OpeningRule::Soosorv { .. }, 4) => Phase::Offer {
                by: self.holder(Color::Black),
                count: self.fifths,
                or_place: false,
            },
            (OpeningRule::Taraguchi { .. }, 1..=3) => self.place_phase(
                self.holder(if n % 2 == 1 {
                    Color::White
                } else {
                    Color::Black
                }),
                Region::Square(2 * n as u8 + 1),
            ),
            (OpeningRule::Taraguchi { n: count }, 4) => Phase::Offer {
                by: self.holder(Color::Black),
                count: count.max(1),
                or_place: true,
            },
            _ => Phase::Done,
        };
        Ok(())
    }

    /// Swap2: the second player's choice after the first three stones.
    pub fn swap2(&mut self, choice: Swap2Choice) -> Result<(), IllegalMove> {
        let Phase::Swap2Choice { by } = self.phase else {
            return Err(self.wrong());
        };
        self.phase = match choice {
            Swap2Choice::TakeBlack => {
                self.black = by;
                Phase::Done
            }
            Swap2Choice::TakeWhite => {
                self.black = by.other();
                Phase::Done
            }
            Swap2Choice::PlaceTwo => self.place_phase(by, Region::Anywhere),
        };
        Ok(())
    }

    /// Soosõrv: declares the number of fifth-move offers.
    pub fn declare(&mut self, count: u8) -> Result<(), IllegalMove> {
        let Phase::Declare { by, max } = self.phase else {
            return Err(self.wrong());
        };
        if count == 0 || count > max {
            return Err(IllegalMove::BadCount { got: count, max });
        }
        self.fifths = count;
        self.phase = Phase::Swap { by: by.other() };
        Ok(())
    }

    /// Taraguchi: before the first offer, Black chooses to play a single fifth move instead
    /// of offering; the next action is [`Opening::place`], anywhere.
    pub fn single_fifth(&mut self) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Offer {
                by, or_place: true, ..
            } if self.offers.is_empty() => {
                self.phase = self.place_phase(by, Region::Anywhere);
                Ok(())
            }
            _ => Err(self.wrong()),
        }
    }

    /// Whether `p` may be offered now as a fifth move: legal for Black, not offered yet, and
    /// not symmetric to an earlier offer.
    pub fn check_offer(&self, p: Point) -> Result<(), IllegalMove> {
        let Phase::Offer { .. } = self.phase else {
            return Err(self.wrong());
        };
        self.game.position().check(p)?;
        if self.offers.contains(&p) {
            return Err(IllegalMove::DuplicateOffer(p));
        }
        if let Some(&q) = self
            .offers
            .iter()
            .find(|&&q| symmetric(self.game.position(), q, p))
        {
            return Err(IllegalMove::SymmetricOffer(p, q));
        }
        Ok(())
    }

    /// Offers a fifth move (see [`Opening::check_offer`]).
    pub fn offer(&mut self, p: Point) -> Result<(), IllegalMove> {
        self.check_offer(p)?;
        let Phase::Offer { by, count, .. } = self.phase else {
            return Err(self.wrong());
        };
        self.offers.push(p);
        if self.offers.len() >= usize::from(count) {
            self.phase = Phase::Select { by: by.other() };
        } else {
            self.phase = Phase::Offer {
                by,
                count,
                or_place: false,
            };
        }
        Ok(())
    }

    /// Selects one of the offers as the fifth move.
    pub fn select(&mut self, p: Point) -> Result<(), IllegalMove> {
        let Phase::Select { .. } = self.phase else {
            return Err(self.wrong());
        };
        if !self.offers.contains(&p) {
            return Err(IllegalMove::NotOffered(p));
        }
        self.game.play(p)?;
        self.offers.clear();
        self.phase = Phase::Done;
        Ok(())
    }

    /// The game and who holds Black, once the phase is [`Phase::Done`]. The opening stones
    /// are the game's first moves, and [`Game::undo`] does not take them back.
    pub fn finish(self) -> Result<(Game, Player), IllegalMove> {
        if self.phase != Phase::Done {
            return Err(self.wrong());
        }
        let mut game = self.game;
        game.end_opening();
        Ok((game, self.black))
    }
}

impl Player {
    const fn other_if(self, cond: bool) -> Player {
        if cond { self.other() } else { self }
    }
}

/// Whether some symmetry of the (square) board maps the stones onto themselves, colour for
/// colour, and `a` onto `b`.
pub fn symmetric(pos: &Position, a: Point, b: Point) -> bool {
    let board = pos.board();
    let n = board.width();
    if n != board.height() {
        return false;
    }
    let black = board.points(Color::Black);
    let white = board.points(Color::White);
    (1..8).any(|s| {
        transform(a, s, n) == b
            && black.iter().all(|p| black.contains(transform(p, s, n)))
            && white.iter().all(|p| white.contains(transform(p, s, n)))
    })
}

/// The symmetry `sym` (0..8: `sym & 3` quarter turns, then a mirror if `sym & 4`) of the
/// point `p` on a square board of side `side`.
pub fn transform(p: Point, sym: u8, side: u8) -> Point {
    let (x, y) = (p.x(), p.y());
    let m = side - 1;
    let (x, y) = match sym & 3 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        _ => (y, m - x),
    };
    if sym & 4 == 0 {
        Point::new(x, y)
    } else {
        Point::new(m - x, y)
    }
}

/// A symmetry of offsets from a point.
type OffsetMap = fn((i32, i32)) -> (i32, i32);

/// Direct (second stone orthogonally next to the first) or indirect (diagonally).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningKind {
    /// D1–D13.
    Direct,
    /// I1–I13.
    Indirect,
}

/// One of the 26 canonical renju openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CanonicalOpening {
    /// Romanised Japanese name.
    pub name: &'static str,
    /// Direct or indirect.
    pub kind: OpeningKind,
    /// 1..=13 within its kind.
    pub number: u8,
    /// The third stone relative to the first, with the second at `(0, 1)` (direct) or
    /// `(1, 1)` (indirect).
    pub third: (i8, i8),
}

const fn op(
    name: &'static str,
    kind: OpeningKind,
    number: u8,
    third: (i8, i8),
) -> CanonicalOpening {
    CanonicalOpening {
        name,
        kind,
        number,
        third,
    }
}

impl CanonicalOpening {
    /// The 26 canonical openings, in the RIF order D1–D13, I1–I13 (black on h8, white on h9
    /// for direct, i9 for indirect; the third stone given as an offset from h8).
    pub const ALL: [CanonicalOpening; 26] = {
        use OpeningKind::{Direct as D, Indirect as I};
        [
            op("Kansei", D, 1, (0, 2)),
            op("Keigetsu", D, 2, (1, 2)),
            op("Sosei", D, 3, (2, 2)),
            op("Kagetsu", D, 4, (1, 1)),
            op("Zangetsu", D, 5, (2, 1)),
            op("Ugetsu", D, 6, (1, 0)),
            op("Kinsei", D, 7, (2, 0)),
            op("Shogetsu", D, 8, (1, -1)),
            op("Kyugetsu", D, 9, (0, -1)),
            op("Shingetsu", D, 10, (1, -2)),
            op("Zuisei", D, 11, (0, -2)),
            op("Sangetsu", D, 12, (2, -1)),
            op("Yusei", D, 13, (2, -2)),
            op("Chosei", I, 1, (2, 2)),
            op("Kyogetsu", I, 2, (2, 1)),
            op("Kosei", I, 3, (2, 0)),
            op("Suigetsu", I, 4, (2, -1)),
            op("Ryusei", I, 5, (2, -2)),
            op("Ungetsu", I, 6, (1, 0)),
            op("Hogetsu", I, 7, (1, -1)),
            op("Rangetsu", I, 8, (1, -2)),
            op("Gingetsu", I, 9, (0, -1)),
            op("Myojo", I, 10, (0, -2)),
            op("Shagetsu", I, 11, (-1, -1)),
            op("Meigetsu", I, 12, (-1, -2)),
            op("Suisei", I, 13, (-2, -2)),
        ]
    };

    /// The canonical opening formed by black `b1`, white `w2`, black `b3`, under any of the 8
    /// symmetries: `w2` next to `b1` and `b3` within two rows and columns of `b1`.
    pub fn identify(b1: Point, w2: Point, b3: Point) -> Option<&'static CanonicalOpening> {
        let d = |p: Point| {
            (
                i32::from(p.x()) - i32::from(b1.x()),
                i32::from(p.y()) - i32::from(b1.y()),
            )
        };
        let (v, u) = (d(w2), d(b3));
        // The 8 linear symmetries of offsets.
        let maps: [OffsetMap; 8] = [
            |(x, y)| (x, y),
            |(x, y)| (-y, x),
            |(x, y)| (-x, -y),
            |(x, y)| (y, -x),
            |(x, y)| (-x, y),
            |(x, y)| (y, x),
            |(x, y)| (x, -y),
            |(x, y)| (-y, -x),
        ];
        maps.iter().find_map(|f| {
            let (kind, (tx, ty)) = match f(v) {
                (0, 1) => (OpeningKind::Direct, f(u)),
                (1, 1) => (OpeningKind::Indirect, f(u)),
                _ => return None,
            };
            CanonicalOpening::ALL
                .iter()
                .find(|o| o.kind == kind && o.third == (tx as i8, ty as i8))
        })
    }

    /// The code `D4`, `I7`, ...
    pub fn code(&self) -> String {
        let k = if self.kind == OpeningKind::Direct {
            'D'
        } else {
            'I'
        };
        format!("{k}{}", self.number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rule::Rule;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn the_26_openings_cover_the_central_square_once() {
        // Every third stone in the 5x5 around h8 names exactly one opening, and the 26 are
        // pairwise inequivalent (RIF: 13 direct + 13 indirect).
        let c = Point::new(7, 7);
        for w in [p("h9"), p("i9")] {
            let mut seen = std::collections::HashSet::new();
            for dx in -2..=2 {
                for dy in -2..=2 {
                    let b3 = c.offset(dx, dy).unwrap();
                    if b3 == c || b3 == w {
                        continue;
                    }
                    let o =
                        CanonicalOpening::identify(c, w, b3).expect("every placement is canonical");
                    seen.insert(o.name);
                }
            }
            assert_eq!(seen.len(), 13);
        }
        assert_eq!(
            CanonicalOpening::identify(c, p("h9"), p("i9"))
                .unwrap()
                .code(),
            "D4"
        );
        // A rotated and mirrored Kagetsu is still Kagetsu.
        assert_eq!(
            CanonicalOpening::identify(c, p("g8"), p("g7"))
                .unwrap()
                .name,
            "Kagetsu"
        );
        assert_eq!(CanonicalOpening::identify(c, p("j8"), p("g7")), None);
    }

    #[test]
    fn swap_and_swap2() {
        let mut o = Opening::new(OpeningRule::Swap, 15, 15, Rule::Freestyle).unwrap();
        for m in ["h8", "h9", "i9"] {
            o.place(p(m)).unwrap();
        }
        assert_eq!(o.phase(), Phase::Swap { by: Player::Second });
        assert!(o.place(p("a1")).is_err());
        o.decide_swap(true).unwrap();
        let (g, black) = o.finish().unwrap();
        assert_eq!((g.moves().len(), black), (3, Player::Second));

        let mut o = Opening::new(OpeningRule::Swap2, 15, 15, Rule::Freestyle).unwrap();
        for m in ["h8", "h9", "i9"] {
            o.place(p(m)).unwrap();
        }
        o.swap2(Swap2Choice::PlaceTwo).unwrap();
        assert_eq!(
            o.phase(),
            Phase::Place {
                by: Player::Second,
                color: Color::White,
                region: Region::Anywhere
            }
        );
        o.place(p("j10")).unwrap();
        o.place(p("g7")).unwrap();
        assert_eq!(o.phase(), Phase::Swap { by: Player::First });
        o.decide_swap(false).unwrap();
        let (g, black) = o.finish().unwrap();
        assert_eq!(g.record(), "h8 h9 i9 j10 g7");
        assert_eq!(g.position().to_move(), Color::White);
        assert_eq!(black, Player::First);
    }

    #[test]
    fn undo_does_not_take_back_stones_placed_by_the_opening() {
        let mut o = Opening::new(OpeningRule::Swap, 15, 15, Rule::Freestyle).unwrap();
        for m in ["h8", "h9", "i9"] {
            o.place(p(m)).unwrap();
        }
        o.decide_swap(false).unwrap();
        let (mut g, _) = o.finish().unwrap();
        g.play(p("a1")).unwrap();
        assert_eq!(g.undo(), Some(p("a1")));
        assert_eq!(g.undo(), None);
        assert_eq!(g.record(), "h8 h9 i9");
        assert_eq!(g.opening_moves(), [p("h8"), p("h9"), p("i9")]);
    }

    #[test]
    fn an_opening_that_cannot_start_says_why() {
        let e = Opening::new(OpeningRule::Soosorv { n: 2 }, 20, 20, Rule::Renju).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the opening soosorv-2 cannot start on a 20x20 board: it needs a square board with an odd side of at least 9"
        );
        assert!(Opening::new(OpeningRule::Swap2, 20, 15, Rule::Renju).is_ok());
    }

    #[test]
    fn soosorv_regions_count_and_symmetric_offers() {
        let mut o = Opening::new(OpeningRule::Soosorv { n: 3 }, 15, 15, Rule::Renju).unwrap();
        assert_eq!(
            o.place(p("a1")),
            Err(IllegalMove::OutsideRegion {
                at: p("a1"),
                region: Region::Center
            })
        );
        o.place(p("h8")).unwrap();
        assert_eq!(
            o.place(p("j10")),
            Err(IllegalMove::OutsideRegion {
                at: p("j10"),
                region: Region::Square(3)
            })
        );
        o.place(p("h9")).unwrap();
        o.place(p("h10")).unwrap();
        assert_eq!(o.canonical().unwrap().name, "Kansei");
        o.decide_swap(true).unwrap();
        assert_eq!(o.black(), Player::Second);
        assert_eq!(
            o.phase(),
            Phase::Place {
                by: Player::First,
                color: Color::White,
                region: Region::Anywhere
            }
        );
        o.place(p("h11")).unwrap();
        assert_eq!(o.declare(4), Err(IllegalMove::BadCount { got: 4, max: 3 }));
        o.declare(2).unwrap();
        o.decide_swap(false).unwrap();
        assert!(matches!(
            o.phase(),
            Phase::Offer {
                by: Player::Second,
                count: 2,
                ..
            }
        ));
        // The position h8 h9 h10 h11 is symmetric about the h-file: g7 mirrors to i7.
        o.offer(p("g7")).unwrap();
        assert_eq!(
            o.offer(p("i7")),
            Err(IllegalMove::SymmetricOffer(p("i7"), p("g7")))
        );
        o.offer(p("i6")).unwrap();
        assert_eq!(o.select(p("i7")), Err(IllegalMove::NotOffered(p("i7"))));
        o.select(p("i6")).unwrap();
        let (g, black) = o.finish().unwrap();
        assert_eq!(g.record(), "h8 h9 h10 h11 i6");
        assert_eq!(black, Player::Second);
    }

    #[test]
    fn taraguchi_both_branches() {
        for offer in [false, true] {
            let mut o = Opening::new(OpeningRule::Taraguchi { n: 2 }, 15, 15, Rule::Renju).unwrap();
            o.place(p("h8")).unwrap();
            o.decide_swap(false).unwrap();
            assert_eq!(
                o.place(p("j10")),
                Err(IllegalMove::OutsideRegion {
                    at: p("j10"),
                    region: Region::Square(3)
                })
            );
            o.place(p("i9")).unwrap();
            o.decide_swap(false).unwrap();
            o.place(p("j10")).unwrap();
            o.decide_swap(false).unwrap();
            o.place(p("e5")).unwrap();
            o.decide_swap(false).unwrap();
            if offer {
                o.offer(p("a1")).unwrap();
                assert!(o.place(p("b2")).is_err(), "no single fifth once offering");
                o.offer(p("o15")).unwrap();
                o.select(p("a1")).unwrap();
            } else {
                o.single_fifth().unwrap();
                o.place(p("a1")).unwrap();
                assert_eq!(o.phase(), Phase::Swap { by: Player::Second });
                o.decide_swap(true).unwrap();
            }
            let (g, black) = o.finish().unwrap();
            assert_eq!(g.record(), "h8 i9 j10 e5 a1");
            assert_eq!(black, if offer { Player::First } else { Player::Second });
        }
        assert_eq!(
            Opening::new(OpeningRule::Taraguchi { n: 10 }, 14, 14, Rule::Renju).unwrap_err(),
            CannotStart::NeedsOddSquare {
                rule: OpeningRule::Taraguchi { n: 10 },
                width: 14,
                height: 14
            }
        );
    }
}
