//! Rule settings: cards turned per draw, the pass limit, the scoring system and the
//! foundation-to-tableau option. Every number the scoring uses is a named constant here.

use std::fmt;
use std::str::FromStr;

/// How many cards one turn of the stock moves to the waste: 1..=24 (1 and 3 are the usual
/// games). With fewer cards left in the stock, a turn moves what is left.
///
/// ```
/// use klondike::Draw;
/// assert_eq!(Draw::THREE.get(), 3);
/// assert_eq!(Draw::new(0), None);
/// assert_eq!("1".parse::<Draw>(), Ok(Draw::ONE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Draw(u8);

impl Draw {
    /// Draw one card at a time.
    pub const ONE: Draw = Draw(1);
    /// Draw three cards at a time.
    pub const THREE: Draw = Draw(3);
    /// The largest draw: the whole 24-card stock at once.
    pub const MAX: u8 = 24;

    /// A draw of `n` cards, if `1 <= n <= 24`.
    pub const fn new(n: u8) -> Option<Draw> {
        if n >= 1 && n <= Draw::MAX {
            Some(Draw(n))
        } else {
            None
        }
    }

    /// The number of cards per turn.
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// The error for a draw count outside 1..=24, or a pass limit that is not `unlimited` or a
/// positive number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {text:?}: expected {expected}")]
pub struct ParseSettingError {
    what: &'static str,
    text: String,
    expected: &'static str,
}

impl ParseSettingError {
    pub(crate) fn new(what: &'static str, text: &str, expected: &'static str) -> ParseSettingError {
        ParseSettingError {
            what,
            text: text.to_owned(),
            expected,
        }
    }
}

impl TryFrom<u8> for Draw {
    type Error = ParseSettingError;
    fn try_from(n: u8) -> Result<Draw, ParseSettingError> {
        Draw::new(n).ok_or_else(|| ParseSettingError {
            what: "draw",
            text: n.to_string(),
            expected: "a number from 1 to 24",
        })
    }
}

impl From<Draw> for u8 {
    fn from(draw: Draw) -> u8 {
        draw.0
    }
}

impl FromStr for Draw {
    type Err = ParseSettingError;
    fn from_str(s: &str) -> Result<Draw, ParseSettingError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Draw::new)
            .ok_or_else(|| ParseSettingError {
                what: "draw",
                text: s.to_owned(),
                expected: "a number from 1 to 24",
            })
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// How many times the player may go through the stock: unlimited, or `k` passes (so `k - 1`
/// recycles of the waste).
///
/// ```
/// use klondike::PassLimit;
/// assert_eq!(PassLimit::passes(3).and_then(PassLimit::get), Some(3));
/// assert_eq!(PassLimit::UNLIMITED.get(), None);
/// assert_eq!(PassLimit::passes(0), None);
/// assert_eq!("unlimited".parse::<PassLimit>(), Ok(PassLimit::UNLIMITED));
/// ```
///
/// serde writes the text form (`"unlimited"`, `"3"`) and reads it or a plain number (`3`;
/// `0` means unlimited, as in the text form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PassLimit(u8);

impl PassLimit {
    /// No limit on recycling.
    pub const UNLIMITED: PassLimit = PassLimit(0);

    /// At most `k` passes through the stock, if `k >= 1`.
    pub const fn passes(k: u8) -> Option<PassLimit> {
        if k == 0 { None } else { Some(PassLimit(k)) }
    }

    /// The number of passes allowed, or `None` when unlimited.
    pub const fn get(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(self.0) }
    }
}

impl FromStr for PassLimit {
    type Err = ParseSettingError;
    /// `unlimited` (or `none`, `0`, `inf`) or a positive number of passes.
    fn from_str(s: &str) -> Result<PassLimit, ParseSettingError> {
        let text = s.trim().to_ascii_lowercase();
        if matches!(text.as_str(), "unlimited" | "none" | "inf" | "0") {
            return Ok(PassLimit::UNLIMITED);
        }
        text.parse::<u8>()
            .ok()
            .and_then(PassLimit::passes)
            .ok_or_else(|| ParseSettingError {
                what: "pass limit",
                text: s.to_owned(),
                expected: "`unlimited` or a number of passes from 1 to 255",
            })
    }
}

impl serde::Serialize for PassLimit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for PassLimit {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The two JSON forms: `3` or `"3"` / `"unlimited"`.
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Form {
            Passes(u8),
            Text(String),
        }
        let text = match Form::deserialize(deserializer)? {
            Form::Passes(k) => k.to_string(),
            Form::Text(text) => text,
        };
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for PassLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.get() {
            None => f.write_str("unlimited"),
            Some(k) => write!(f, "{k}"),
        }
    }
}

/// The scoring system. The numbers are the constants of [`Standard`] and [`Vegas`]. serde
/// writes the text form: `"standard"`, `"vegas"`, `"none"`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// No score is kept (it stays 0).
    None,
    /// Windows "Standard" scoring; the score never goes below 0.
    #[default]
    Standard,
    /// Windows "Vegas" scoring: a 52 ante, 5 per card on the foundations; the score (a dollar
    /// balance) may be negative. Vegas also caps the passes (see [`Rules::effective_pass_limit`]).
    Vegas,
}

impl FromStr for Scoring {
    type Err = ParseSettingError;
    /// `standard`, `vegas` or `none` (either case).
    fn from_str(s: &str) -> Result<Scoring, ParseSettingError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" | "std" => Ok(Scoring::Standard),
            "vegas" => Ok(Scoring::Vegas),
            "none" | "off" => Ok(Scoring::None),
            _ => Err(ParseSettingError {
                what: "scoring",
                text: s.to_owned(),
                expected: "`standard`, `vegas` or `none`",
            }),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scoring::None => "none",
            Scoring::Standard => "standard",
            Scoring::Vegas => "vegas",
        })
    }
}

/// Windows Standard scoring (Windows 3.x–XP Solitaire; the table in Wikipedia's "Klondike
/// (solitaire)" article, section "Scoring").
#[derive(Debug)]
pub struct Standard;

impl Standard {
    /// A card from the waste or a tableau pile to a foundation.
    pub const TO_FOUNDATION: i32 = 10;
    /// A card from the waste to a tableau pile.
    pub const WASTE_TO_TABLEAU: i32 = 5;
    /// A face-down tableau card turned over.
    pub const TURN_OVER: i32 = 5;
    /// A card from a foundation back to a tableau pile.
    pub const FOUNDATION_TO_TABLEAU: i32 = -15;
    /// Each recycle of the waste when drawing one card at a time.
    pub const RECYCLE_DRAW_ONE: i32 = -100;
    /// Each recycle from the end of the third pass on when drawing more than one card.
    pub const RECYCLE_DRAW_MANY: i32 = -20;
    /// Recycles ending passes `1..FREE_PASSES_DRAW_MANY` are free when drawing several cards.
    pub const FREE_PASSES_DRAW_MANY: u8 = 3;
    /// Time bonus numerator: a win after `s >= 30` seconds earns `700_000 / s` points.
    pub const TIME_BONUS: i32 = 700_000;
    /// No time bonus for wins faster than this many seconds.
    pub const TIME_BONUS_MIN_SECONDS: u64 = 30;
}

/// Windows Vegas scoring.
#[derive(Debug)]
pub struct Vegas;

impl Vegas {
    /// The ante paid at the start of each deal.
    pub const ANTE: i32 = -52;
    /// Each card that reaches a foundation.
    pub const TO_FOUNDATION: i32 = 5;
    /// Each card that comes back from a foundation.
    pub const FOUNDATION_TO_TABLEAU: i32 = -5;
    /// The passes allowed when drawing one card (one pass: no recycle).
    pub const PASSES_DRAW_ONE: u8 = 1;
    /// The passes allowed when drawing more than one card.
    pub const PASSES_DRAW_MANY: u8 = 3;
}

/// The rule settings of a game.
///
/// The default is Windows Solitaire's: draw 1, unlimited passes, Standard scoring, foundation
/// cards may come back to the tableau.
///
/// ```
/// use klondike::{Draw, PassLimit, Rules, Scoring};
/// let vegas = Rules { draw: Draw::THREE, scoring: Scoring::Vegas, ..Rules::default() };
/// assert_eq!(vegas.effective_pass_limit(), PassLimit::passes(3).unwrap());
/// ```
///
/// serde: every field may be left out and takes its default, so `{}` is the default rules
/// and `{"draw": 3, "scoring": "vegas"}` Vegas draw three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Cards per stock turn.
    pub draw: Draw,
    /// How many passes through the stock are allowed.
    pub pass_limit: PassLimit,
    /// The scoring system.
    pub scoring: Scoring,
    /// Whether a foundation's top card may move back onto a tableau pile.
    pub foundation_to_tableau: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            draw: Draw::ONE,
            pass_limit: PassLimit::UNLIMITED,
            scoring: Scoring::Standard,
            foundation_to_tableau: true,
        }
    }
}

impl Rules {
    /// Default rules with `draw` cards per turn.
    pub fn draw(draw: Draw) -> Rules {
        Rules {
            draw,
            ..Rules::default()
        }
    }

    /// The pass limit in force: [`pass_limit`](Rules::pass_limit), tightened under Vegas
    /// scoring to 1 pass (draw 1) or 3 passes (any other draw).
    pub fn effective_pass_limit(&self) -> PassLimit {
        if self.scoring != Scoring::Vegas {
            return self.pass_limit;
        }
        let vegas = if self.draw.get() == 1 {
            Vegas::PASSES_DRAW_ONE
        } else {
            Vegas::PASSES_DRAW_MANY
        };
        match self.pass_limit.get() {
            Some(k) if k < vegas => self.pass_limit,
            _ => PassLimit(vegas),
        }
    }

    /// The score a new deal starts with: the Vegas ante or 0.
    pub fn initial_score(&self) -> i32 {
        if self.scoring == Scoring::Vegas {
            Vegas::ANTE
        } else {
            0
        }
    }

    /// The score change of the recycle that ends pass `pass` (1-based).
    pub fn recycle_score(&self, pass: u8) -> i32 {
        match self.scoring {
            Scoring::Standard if self.draw.get() == 1 => Standard::RECYCLE_DRAW_ONE,
            Scoring::Standard if pass >= Standard::FREE_PASSES_DRAW_MANY => {
                Standard::RECYCLE_DRAW_MANY
            }
            _ => 0,
        }
    }

    /// The Standard time bonus for a win after `seconds`: `700_000 / seconds` from 30 seconds
    /// on, else 0; always 0 under other scoring systems.
    pub fn time_bonus(&self, seconds: u64) -> i32 {
        if self.scoring != Scoring::Standard || seconds < Standard::TIME_BONUS_MIN_SECONDS {
            return 0;
        }
        (Standard::TIME_BONUS as u64 / seconds) as i32
    }

    /// Applies a score change under this system: Standard clamps at 0, Vegas does not,
    /// `None` keeps 0.
    pub fn add_score(&self, score: i32, delta: i32) -> i32 {
        match self.scoring {
            Scoring::None => 0,
            Scoring::Standard => (score + delta).max(0),
            Scoring::Vegas => score + delta,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vegas_caps_passes() {
        let mut rules = Rules {
            scoring: Scoring::Vegas,
            ..Rules::default()
        };
        assert_eq!(rules.effective_pass_limit().get(), Some(1));
        rules.draw = Draw::THREE;
        assert_eq!(rules.effective_pass_limit().get(), Some(3));
        rules.pass_limit = PassLimit::passes(2).unwrap();
        assert_eq!(
            rules.effective_pass_limit().get(),
            Some(2),
            "a tighter user limit stays"
        );
        rules.scoring = Scoring::Standard;
        rules.pass_limit = PassLimit::passes(9).unwrap();
        assert_eq!(rules.effective_pass_limit().get(), Some(9));
    }

    #[test]
    fn recycle_penalties() {
        let one = Rules::default();
        assert_eq!(one.recycle_score(1), -100);
        assert_eq!(one.recycle_score(7), -100);
        let three = Rules::draw(Draw::THREE);
        assert_eq!(three.recycle_score(1), 0);
        assert_eq!(three.recycle_score(2), 0);
        assert_eq!(three.recycle_score(3), -20);
        assert_eq!(three.recycle_score(4), -20);
        let vegas = Rules {
            scoring: Scoring::Vegas,
            ..Rules::default()
        };
        assert_eq!(vegas.recycle_score(1), 0);
    }

    #[test]
    fn time_bonus_and_clamping() {
        let rules = Rules::default();
        assert_eq!(rules.time_bonus(29), 0);
        assert_eq!(rules.time_bonus(100), 7000);
        assert_eq!(rules.add_score(10, -100), 0);
        let vegas = Rules {
            scoring: Scoring::Vegas,
            ..Rules::default()
        };
        assert_eq!(vegas.add_score(-52, -5), -57);
        assert_eq!(vegas.time_bonus(100), 0);
        let none = Rules {
            scoring: Scoring::None,
            ..Rules::default()
        };
        assert_eq!(none.add_score(0, 10), 0);
    }

    #[test]
    fn settings_parse() {
        assert_eq!("3".parse::<Draw>(), Ok(Draw::THREE));
        assert!("25".parse::<Draw>().is_err());
        assert!(
            "x".parse::<Draw>()
                .unwrap_err()
                .to_string()
                .contains("draw")
        );
        assert_eq!("2".parse::<PassLimit>().map(PassLimit::get), Ok(Some(2)));
        assert_eq!("Vegas".parse::<Scoring>(), Ok(Scoring::Vegas));
        assert!("poker".parse::<Scoring>().is_err());
        assert_eq!(PassLimit::UNLIMITED.to_string(), "unlimited");
    }
}
