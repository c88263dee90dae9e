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
//! let mut o = Opening::new(OpeningRule::Soosorv { n: 2 }, 15, Rule::Renju)?;
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

use crate::game::Game;
use crate::point::{Color, Point};
use crate::position::{PlayError, Position};
use crate::rule::Settings;
use std::fmt;

/// One of the two people playing the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// Where the next stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// The choice offered by swap2 after the first three stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Swap2Choice {
    /// Take Black (White, now the first player, plays the fourth move in the game).
    TakeBlack,
    /// Stay White and play the fourth move in the game.
    TakeWhite,
    /// Place a white and a black stone, then the first player chooses a colour.
    PlaceTwo,
}

/// What the opening expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// `by` places the next stone (colour by move number) inside `region` with
    /// [`Opening::place`].
    Place {
        /// Who places.
        by: Player,
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
    /// board. Under Taraguchi, before the first offer, `by` may instead [`Opening::place`] a
    /// single fifth move.
    Offer {
        /// Who offers.
        by: Player,
        /// How many offers are required in total.
        count: u8,
        /// Whether a single fifth move may be placed instead (Taraguchi).
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

/// Why an opening action was refused. Nothing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// The action is not the one expected in this phase.
    #[error("not expected now (the opening expects {expected:?})")]
    WrongPhase {
        /// The current phase.
        expected: Phase,
    },
    /// The stone is outside the region the rule allows.
    #[error("{0} is outside the allowed area")]
    OutsideRegion(Point),
    /// The stone is not legal on the board.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// The offer repeats an earlier offer.
    #[error("{0} is already offered")]
    DuplicateOffer(Point),
    /// The offer is symmetric to an earlier one (the same position after a board symmetry).
    #[error("{0} is symmetric to the offer {1}")]
    SymmetricOffer(Point, Point),
    /// The selection is not one of the offers.
    #[error("{0} is not one of the offers")]
    NotOffered(Point),
    /// The declared number of offers is out of range.
    #[error("the number of fifth moves must be 1..={max}, not {got}")]
    BadCount {
        /// Declared.
        got: u8,
        /// Largest allowed.
        max: u8,
    },
    /// The rule needs a square board with an odd side of at least 9.
    #[error("this opening rule needs a square board with an odd side of at least 9")]
    Board,
}

/// An opening in progress. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Opening {
    rule: OpeningRule,
    size: u8,
    game: Game,
    black: Player,
    phase: Phase,
    offers: Vec<Point>,
    fifths: u8,
}

impl Opening {
    /// Starts an opening on an empty `size`×`size` board under `settings`.
    pub fn new(
        rule: OpeningRule,
        size: u8,
        settings: impl Into<Settings>,
    ) -> Result<Opening, OpeningError> {
        let game = Game::new(size, size, settings).map_err(|_| OpeningError::Board)?;
        let central = matches!(
            rule,
            OpeningRule::Soosorv { .. } | OpeningRule::Taraguchi { .. }
        );
        if central && (size < 9 || size.is_multiple_of(2)) {
            return Err(OpeningError::Board);
        }
        let region = if central {
            Region::Center
        } else {
            Region::Anywhere
        };
        Ok(Opening {
            rule,
            size,
            game,
            black: Player::First,
            phase: Phase::Place {
                by: Player::First,
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

    fn holder(&self, color: Color) -> Player {
        if color == Color::Black {
            self.black
        } else {
            self.black.other()
        }
    }

    fn wrong(&self) -> OpeningError {
        OpeningError::WrongPhase {
            expected: self.phase,
        }
    }

    /// Places the next stone.
    pub fn place(&mut self, p: Point) -> Result<(), OpeningError> {
        let region = match self.phase {
            Phase::Place { region, .. } => region,
            Phase::Offer { or_place: true, .. } if self.offers.is_empty() => Region::Anywhere,
            _ => return Err(self.wrong()),
        };
        if !region.contains(p, self.size) {
            return Err(OpeningError::OutsideRegion(p));
        }
        self.game.play(p)?;
        let n = self.game.moves().len();
        self.phase = match (self.rule, n) {
            (OpeningRule::Swap, 1 | 2) | (OpeningRule::Swap2, 1 | 2 | 4) => Phase::Place {
                by: Player::First.other_if(n == 4),
                region: Region::Anywhere,
            },
            (OpeningRule::Swap | OpeningRule::Soosorv { .. }, 3) => {
                Phase::Swap { by: Player::Second }
            }
            (OpeningRule::Swap2, 3) => Phase::Swap2Choice { by: Player::Second },
            (OpeningRule::Swap2, 5) => Phase::Swap { by: Player::First },
            (OpeningRule::Soosorv { .. }, 1) => Phase::Place {
                by: Player::First,
                region: Region::Square(3),
            },
            (OpeningRule::Soosorv { .. }, 2) => Phase::Place {
                by: Player::First,
                region: Region::Square(5),
            },
            (OpeningRule::Soosorv { n: max }, 4) => Phase::Declare {
                by: self.holder(Color::White),
                max: max.max(1),
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
    pub fn decide_swap(&mut self, swap: bool) -> Result<(), OpeningError> {
        let Phase::Swap { .. } = self.phase else {
            return Err(self.wrong());
        };
        if swap {
            self.black = self.black.other();
        }
        let n = self.game.moves().len();
        self.phase = match (self.rule, n) {
            (OpeningRule::Soosorv { .. }, 3) => Phase::Place {
                by: self.holder(Color::White),
                region: Region::Anywhere,
            },
            (OpeningRule::Soosorv { .. }, 4) => Phase::Offer {
                by: self.holder(Color::Black),
                count: self.fifths,
                or_place: false,
            },
            (OpeningRule::Taraguchi { .. }, 1..=3) => Phase::Place {
                by: self.holder(if n % 2 == 1 {
                    Color::White
                } else {
                    Color::Black
                }),
                region: Region::Square(2 * n as u8 + 1),
            },
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
    pub fn swap2(&mut self, choice: Swap2Choice) -> Result<(), OpeningError> {
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
            Swap2Choice::PlaceTwo => Phase::Place {
                by,
                region: Region::Anywhere,
            },
        };
        Ok(())
    }

    /// Soosõrv: declares the number of fifth-move offers.
    pub fn declare(&mut self, count: u8) -> Result<(), OpeningError> {
        let Phase::Declare { by, max } = self.phase else {
            return Err(self.wrong());
        };
        if count == 0 || count > max {
            return Err(OpeningError::BadCount { got: count, max });
        }
        self.fifths = count;
        self.phase = Phase::Swap { by: by.other() };
        Ok(())
    }

    /// Offers a fifth move. Offers must be distinct, legal for Black, and not symmetric to
    /// an earlier offer.
    pub fn offer(&mut self, p: Point) -> Result<(), OpeningError> {
        let Phase::Offer { by, count, .. } = self.phase else {
            return Err(self.wrong());
        };
        self.game.position().check(p)?;
        if self.offers.contains(&p) {
            return Err(OpeningError::DuplicateOffer(p));
        }
        if let Some(&q) = self
            .offers
            .iter()
            .find(|&&q| symmetric(self.game.position(), q, p))
        {
            return Err(OpeningError::SymmetricOffer(p, q));
        }
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
    pub fn select(&mut self, p: Point) -> Result<(), OpeningError> {
        let Phase::Select { .. } = self.phase else {
            return Err(self.wrong());
        };
        if !self.offers.contains(&p) {
            return Err(OpeningError::NotOffered(p));
        }
        self.game.play(p)?;
        self.offers.clear();
        self.phase = Phase::Done;
        Ok(())
    }

    /// The game and who holds Black, once the phase is [`Phase::Done`].
    pub fn finish(self) -> Result<(Game, Player), OpeningError> {
        if self.phase != Phase::Done {
            return Err(self.wrong());
        }
        Ok((self.game, self.black))
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
        let mut o = Opening::new(OpeningRule::Swap, 15, Rule::Freestyle).unwrap();
        for m in ["h8", "h9", "i9"] {
            o.place(p(m)).unwrap();
        }
        assert_eq!(o.phase(), Phase::Swap { by: Player::Second });
        assert!(o.place(p("a1")).is_err());
        o.decide_swap(true).unwrap();
        let (g, black) = o.finish().unwrap();
        assert_eq!((g.moves().len(), black), (3, Player::Second));

        let mut o = Opening::new(OpeningRule::Swap2, 15, Rule::Freestyle).unwrap();
        for m in ["h8", "h9", "i9"] {
            o.place(p(m)).unwrap();
        }
        o.swap2(Swap2Choice::PlaceTwo).unwrap();
        assert_eq!(
            o.phase(),
            Phase::Place {
                by: Player::Second,
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
    fn soosorv_regions_count_and_symmetric_offers() {
        let mut o = Opening::new(OpeningRule::Soosorv { n: 3 }, 15, Rule::Renju).unwrap();
        assert_eq!(o.place(p("a1")), Err(OpeningError::OutsideRegion(p("a1"))));
        o.place(p("h8")).unwrap();
        assert_eq!(
            o.place(p("j10")),
            Err(OpeningError::OutsideRegion(p("j10")))
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
                region: Region::Anywhere
            }
        );
        o.place(p("h11")).unwrap();
        assert_eq!(o.declare(4), Err(OpeningError::BadCount { got: 4, max: 3 }));
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
            Err(OpeningError::SymmetricOffer(p("i7"), p("g7")))
        );
        o.offer(p("i6")).unwrap();
        assert_eq!(o.select(p("i7")), Err(OpeningError::NotOffered(p("i7"))));
        o.select(p("i6")).unwrap();
        let (g, black) = o.finish().unwrap();
        assert_eq!(g.record(), "h8 h9 h10 h11 i6");
        assert_eq!(black, Player::Second);
    }

    #[test]
    fn taraguchi_both_branches() {
        for offer in [false, true] {
            let mut o = Opening::new(OpeningRule::Taraguchi { n: 2 }, 15, Rule::Renju).unwrap();
            o.place(p("h8")).unwrap();
            o.decide_swap(false).unwrap();
            assert_eq!(
                o.place(p("j10")),
                Err(OpeningError::OutsideRegion(p("j10")))
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
                o.place(p("a1")).unwrap();
                assert_eq!(o.phase(), Phase::Swap { by: Player::Second });
                o.decide_swap(true).unwrap();
            }
            let (g, black) = o.finish().unwrap();
            assert_eq!(g.record(), "h8 i9 j10 e5 a1");
            assert_eq!(black, if offer { Player::First } else { Player::Second });
        }
        assert_eq!(
            Opening::new(OpeningRule::Taraguchi { n: 10 }, 14, Rule::Renju).unwrap_err(),
            OpeningError::Board
        );
    }
}
