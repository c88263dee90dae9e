//! Rule settings: Microsoft Hearts defaults and every common house variant.

use std::fmt;
use std::str::FromStr;

use crate::Seat;

/// Where the three passed cards go in one hand.
///
/// Play goes clockwise (N → E → S → W), so the player on your left is the next one to play:
/// `Left` passes to the next seat, `Right` to the previous one, `Across` to the partner seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassDirection {
    /// To the next seat in play order (N → E).
    Left,
    /// To the previous seat in play order (N → W).
    Right,
    /// To the seat opposite (N → S).
    Across,
    /// No passing this hand ("hold").
    Hold,
}

impl PassDirection {
    /// The four directions of the Microsoft cycle, in cycle order.
    pub const CYCLE: [PassDirection; 4] = [
        PassDirection::Left,
        PassDirection::Right,
        PassDirection::Across,
        PassDirection::Hold,
    ];

    /// How many seats clockwise the cards travel (0 for `Hold`).
    pub const fn offset(self) -> usize {
        match self {
            PassDirection::Left => 1,
            PassDirection::Across => 2,
            PassDirection::Right => 3,
            PassDirection::Hold => 0,
        }
    }

    /// The seat that receives `from`'s cards.
    pub const fn receiver(self, from: Seat) -> Seat {
        from.offset(self.offset())
    }

    /// The seat whose cards `to` receives.
    pub const fn giver(self, to: Seat) -> Seat {
        to.offset(4 - self.offset())
    }

    /// Whether cards change hands at all.
    pub const fn passes(self) -> bool {
        !matches!(self, PassDirection::Hold)
    }
}

impl fmt::Display for PassDirection {
    /// `left`, `right`, `across` or `hold`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PassDirection::Left => "left",
            PassDirection::Right => "right",
            PassDirection::Across => "across",
            PassDirection::Hold => "hold",
        })
    }
}

/// The error for text that names no pass direction or schedule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown pass direction or schedule {0:?} (expected left, right, across, hold, cycle or none)"
)]
pub struct ParsePassError(pub String);

impl FromStr for PassDirection {
    type Err = ParsePassError;

    /// Reads `left`/`l`, `right`/`r`, `across`/`a`, `hold`/`h`/`none` in any case.
    fn from_str(s: &str) -> Result<PassDirection, ParsePassError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "left" | "l" => Ok(PassDirection::Left),
            "right" | "r" => Ok(PassDirection::Right),
            "across" | "a" => Ok(PassDirection::Across),
            "hold" | "h" | "none" | "keep" => Ok(PassDirection::Hold),
            _ => Err(ParsePassError(s.to_owned())),
        }
    }
}

/// Which way cards are passed in each hand of a game.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum PassSchedule {
    /// Microsoft's cycle: hand 1 left, 2 right, 3 across, 4 hold, then again.
    #[default]
    Cycle,
    /// The same direction every hand.
    Fixed(PassDirection),
    /// Never pass (every hand is a hold hand).
    NoPassing,
}

impl PassSchedule {
    /// The direction for hand `hand` (0-based: hand 0 is the first of the game).
    pub const fn direction(self, hand: usize) -> PassDirection {
        match self {
            PassSchedule::Cycle => PassDirection::CYCLE[hand % 4],
            PassSchedule::Fixed(direction) => direction,
            PassSchedule::NoPassing => PassDirection::Hold,
        }
    }
}

impl fmt::Display for PassSchedule {
    /// `cycle`, `none` or the fixed direction's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassSchedule::Cycle => f.write_str("cycle"),
            PassSchedule::NoPassing => f.write_str("none"),
            PassSchedule::Fixed(direction) => fmt::Display::fmt(direction, f),
        }
    }
}

impl FromStr for PassSchedule {
    type Err = ParsePassError;

    /// Reads `cycle`, `none`/`no`/`off`, or a direction (a fixed schedule), in any case.
    fn from_str(s: &str) -> Result<PassSchedule, ParsePassError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cycle" | "c" => Ok(PassSchedule::Cycle),
            "none" | "no" | "off" => Ok(PassSchedule::NoPassing),
            other => other
                .parse()
                .map(PassSchedule::Fixed)
                .map_err(|_| ParsePassError(s.to_owned())),
        }
    }
}

/// How a shot moon is scored.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum MoonScoring {
    /// The shooter scores 0 and every other seat 26 (Microsoft, OpenSpiel).
    #[default]
    OthersAdd26,
    /// The shooter scores −26 and every other seat 0.
    ShooterMinus26,
}

/// What happens when the game ends with several seats sharing the lowest total.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// The game ends; all seats with the lowest total share the win.
    #[default]
    Share,
    /// Keep dealing hands until exactly one seat has the lowest total.
    PlayOn,
}

/// Every rule that varies between Hearts tables.
///
/// [`Settings::default`] is Microsoft Hearts (Windows): passing cycles left, right, across,
/// hold; 2♣ leads; no points on the first trick; the queen of spades does not break hearts;
/// moon: others +26; the game ends at 100. Each field names the OpenSpiel `hearts` game
/// parameter for the same rule (OpenSpiel plays one hand, so it has no target score).
///
/// ```
/// use hearts::Settings;
///
/// let ms = Settings::default();
/// assert!(!ms.queen_breaks_hearts && !ms.points_on_first_trick && ms.must_break_hearts);
/// let os = Settings::open_spiel();
/// assert!(os.queen_breaks_hearts);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
// Each flag is an independent house rule, one-to-one with OpenSpiel's boolean parameters.
#[allow(clippy::struct_excessive_bools)]
pub struct Settings {
    /// Which way cards are passed, hand by hand. Default: [`PassSchedule::Cycle`].
    /// OpenSpiel: `pass_cards` (true/false only; the direction is a chance event).
    pub pass_schedule: PassSchedule,
    /// Whether playing Q♠ breaks hearts. Default `false` (Microsoft).
    /// OpenSpiel: `qs_breaks_hearts` (default `true`).
    pub queen_breaks_hearts: bool,
    /// Whether a heart or Q♠ may be played on the first trick. Default `false`.
    /// OpenSpiel: `no_pts_on_first_trick` (the negation; default `true`, i.e. no points).
    pub points_on_first_trick: bool,
    /// Whether the holder of 2♣ may lead any club to the first trick. Default `false`.
    /// OpenSpiel: `can_lead_any_club` (default `false`).
    pub any_club_leads: bool,
    /// Whether taking J♦ scores −10. Default `false`. OpenSpiel: `jd_bonus` (default `false`).
    pub jack_of_diamonds: bool,
    /// Whether taking no trick at all scores −5. Default `false`. As in OpenSpiel, there is no
    /// bonus in a hand in which a seat shot the moon.
    /// OpenSpiel: `avoid_all_tricks_bonus` (default `false`).
    pub no_tricks_bonus: bool,
    /// Whether a leader holding only hearts and Q♠ may lead a heart before hearts are broken
    /// (otherwise Q♠ must be led). Default `false`.
    /// OpenSpiel: `can_lead_hearts_instead_of_qs` (default `false`).
    pub lead_hearts_with_only_queen: bool,
    /// Whether hearts must be broken before they may be led. Default `true`.
    /// OpenSpiel: `must_break_hearts` (default `true`).
    pub must_break_hearts: bool,
    /// How a shot moon scores. Default [`MoonScoring::OthersAdd26`].
    /// OpenSpiel: no parameter (it always adds 26 to the other seats).
    pub moon: MoonScoring,
    /// The game ends after the hand in which a seat reaches this total. Default 100.
    /// OpenSpiel: none (it plays a single hand).
    pub target: i32,
    /// What a tie for the lowest total at the end means. Default [`TieRule::Share`].
    /// OpenSpiel: none.
    pub tie: TieRule,
    /// The game also ends after this many hands, whatever the totals. Default `None` (no
    /// limit); `Some(1)` is a single hand, as OpenSpiel's `hearts` plays.
    pub max_hands: Option<u32>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::MICROSOFT
    }
}

impl Settings {
    /// Microsoft Hearts (the default).
    pub const MICROSOFT: Settings = Settings {
        pass_schedule: PassSchedule::Cycle,
        queen_breaks_hearts: false,
        points_on_first_trick: false,
        any_club_leads: false,
        jack_of_diamonds: false,
        no_tricks_bonus: false,
        lead_hearts_with_only_queen: false,
        must_break_hearts: true,
        moon: MoonScoring::OthersAdd26,
        target: 100,
        tie: TieRule::Share,
        max_hands: None,
    };

    /// OpenSpiel's `hearts` defaults: as Microsoft, but Q♠ breaks hearts.
    pub const fn open_spiel() -> Settings {
        Settings {
            queen_breaks_hearts: true,
            ..Settings::MICROSOFT
        }
    }
}
