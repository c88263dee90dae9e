//! Rule sets and their settings.

use std::fmt;
use std::str::FromStr;

/// What makes a winning row, and whether Black has forbidden points.
///
/// | rule | who wins with | overline (6+) | blocked both ends | fouls |
/// |---|---|---|---|---|
/// | [`Freestyle`](Rule::Freestyle) | five or more | wins | wins | none |
/// | [`Standard`](Rule::Standard) | exactly five | does not win, play goes on | wins | none |
/// | [`Renju`](Rule::Renju) | Black exactly five, White five or more | Black: foul; White: wins | wins | Black only |
/// | [`Caro`](Rule::Caro) | exactly five | does not win | does not win | none |
/// | [`CaroOverline`](Rule::CaroOverline) | five or more | wins, even blocked | an exact five does not win | none |
///
/// Sources: freestyle and standard as Gomocup and the Gomoku World Championship define them;
/// renju per the RIF International Rules of Renju (articles on five, overline, four, straight
/// four, three, double-three, double-four); caro as Gomocup plays it (a row blocked by opponent
/// stones at both ends does not win; the board edge never blocks).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; an overline does not and play goes on.
    Standard,
    /// RIF renju: Black wins only with exactly five and may not make an overline, a
    /// double-four or a double-three; White wins with five or more, unrestricted.
    Renju,
    /// Caro: exactly five wins, unless both ends are blocked by opponent stones.
    Caro,
    /// Caro with overlines (Gomocup rule 8, as Piskvork judges it): six or more always wins;
    /// an exact five wins unless both ends are blocked by opponent stones.
    CaroOverline,
}

impl Rule {
    /// Every rule set.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroOverline,
    ];

    /// Whether a run of `len` stones of `black`/white wins under this rule, given whether the
    /// cells just past both ends hold opponent stones (`blocked_both`).
    pub const fn run_wins(self, black: bool, len: u32, blocked_both: bool) -> bool {
        match self {
            Rule::Freestyle => len >= 5,
            Rule::Standard => len == 5,
            Rule::Renju => {
                if black {
                    len == 5
                } else {
                    len >= 5
                }
            }
            Rule::Caro => len == 5 && !blocked_both,
            Rule::CaroOverline => len >= 6 || (len == 5 && !blocked_both),
        }
    }

    /// The canonical name, as accepted by [`FromStr`].
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroOverline => "caro-overline",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an unknown rule name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule {0:?} (expected freestyle, standard, renju, caro or caro-overline)")]
pub struct ParseRuleError(pub String);

impl FromStr for Rule {
    type Err = ParseRuleError;

    /// Accepts the canonical names, case-insensitively, plus `exact`/`exact5` for standard and
    /// `caro-overlines`/`caro_overline` for the caro variant with overlines.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n = s.trim().to_ascii_lowercase().replace('_', "-");
        Ok(match n.as_str() {
            "freestyle" | "free" => Rule::Freestyle,
            "standard" | "exact" | "exact5" => Rule::Standard,
            "renju" => Rule::Renju,
            "caro" => Rule::Caro,
            "caro-overline" | "caro-overlines" => Rule::CaroOverline,
            _ => return Err(ParseRuleError(s.to_owned())),
        })
    }
}

/// A renju foul: why a point is forbidden for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once (also two fours along one line, `X.XXX.X`).
    DoubleFour,
    /// Two or more (real) threes at once.
    DoubleThree,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double-four",
            Foul::DoubleThree => "double-three",
        })
    }
}

/// What happens when Black plays a forbidden point under renju.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum FoulPolicy {
    /// `play` refuses the move with [`IllegalMove::Forbidden`](crate::IllegalMove::Forbidden)
    /// (the default: what a playing interface wants).
    #[default]
    Refuse,
    /// The move is played and Black loses at once, as tournament judges and Gomocup managers
    /// rule; use it to judge records.
    Lose,
}

/// How a three is read when the point that would complete its straight four also makes a
/// five in another line. Published judges differ here; on random renju game records the two
/// readings give different forbidden maps in about 3% of positions.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeAtFive {
    /// The three is not counted (default): a three is a row to which Black can add a stone to
    /// make a straight four *without at the same time making a five*, so a row whose only
    /// straight-four point also makes a five is no three. This is how the Gomocup judges read
    /// RIF's definition: the Piskvork manager's renju check, GomocupJudge's `check_forbid`,
    /// Rapfi's forbidden-point check.
    #[default]
    Ignored,
    /// The three is counted: a point that makes a five is never forbidden, so it is a legal
    /// completion and the row is a three (renju-note and quintet read it so).
    Counts,
}

/// A rule set with its settings. `Settings::default()` is freestyle.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default)]
pub struct Settings {
    /// The rule set.
    pub rule: Rule,
    /// Renju only: refuse forbidden points, or let them be played and lose.
    pub foul_policy: FoulPolicy,
    /// Renju only: the reading of a three whose completion also makes a five.
    pub three_at_five: ThreeAtFive,
}

impl Settings {
    /// `rule` with default settings.
    pub const fn new(rule: Rule) -> Settings {
        Settings {
            rule,
            foul_policy: FoulPolicy::Refuse,
            three_at_five: ThreeAtFive::Ignored,
        }
    }

    /// These settings with a different foul policy.
    #[must_use]
    pub const fn with_foul_policy(mut self, policy: FoulPolicy) -> Settings {
        self.foul_policy = policy;
        self
    }

    /// These settings with a different three reading.
    #[must_use]
    pub const fn with_three_at_five(mut self, reading: ThreeAtFive) -> Settings {
        self.three_at_five = reading;
        self
    }
}

/// A Gomocup `INFO rule` value that names no rule parlor plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown Gomocup rule {0} (expected 0 freestyle, 1 exact five, 4 renju, 8 caro, 9 caro with exact five; bit 2, continuous game, may be added)"
)]
pub struct UnknownGomocupRule(pub u32);

impl Settings {
    /// The settings for a Gomocup `INFO rule` bitmask (bit 1 exactly five, bit 2 continuous
    /// game, bit 4 renju, bit 8 caro): 0 freestyle, 1 [`Standard`](Rule::Standard), 4
    /// [`Renju`](Rule::Renju), 8 [`CaroOverline`](Rule::CaroOverline) (Gomocup's caro: six or
    /// more always wins), 9 [`Caro`](Rule::Caro) (exact five). The continuous-game bit concerns
    /// the manager, not the rules, and is ignored. Renju comes with the default foul policy
    /// and three reading (the Gomocup judges' reading).
    ///
    /// Source: the Gomocup protocol (`INFO rule`) and the Gomocup rules 0, 1, 4, 8, 9.
    ///
    /// ```
    /// use gomoku::{Rule, Settings};
    /// assert_eq!(Settings::from_gomocup_rule(4).unwrap().rule, Rule::Renju);
    /// assert_eq!(Settings::from_gomocup_rule(9).unwrap().rule, Rule::Caro);
    /// assert_eq!(Settings::from_gomocup_rule(8 | 2).unwrap().rule, Rule::CaroOverline);
    /// assert!(Settings::from_gomocup_rule(5).is_err());
    /// ```
    pub const fn from_gomocup_rule(bits: u32) -> Result<Settings, UnknownGomocupRule> {
        let rule = match bits & !2 {
            0 => Rule::Freestyle,
            1 => Rule::Standard,
            4 => Rule::Renju,
            8 => Rule::CaroOverline,
            9 => Rule::Caro,
            _ => return Err(UnknownGomocupRule(bits)),
        };
        Ok(Settings::new(rule))
    }

    /// The Gomocup `INFO rule` value of this rule set (without the continuous-game bit).
    pub const fn gomocup_rule(self) -> u32 {
        match self.rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::CaroOverline => 8,
            Rule::Caro => 9,
        }
    }
}

impl From<Rule> for Settings {
    fn from(rule: Rule) -> Settings {
        Settings::new(rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>(), Ok(r));
            assert_eq!(r.to_string().to_uppercase().parse::<Rule>(), Ok(r));
        }
        assert!("gomoku".parse::<Rule>().is_err());
    }

    #[test]
    fn gomocup_rules_round_trip() {
        for rule in Rule::ALL {
            let bits = Settings::new(rule).gomocup_rule();
            assert_eq!(Settings::from_gomocup_rule(bits), Ok(Settings::new(rule)));
            assert_eq!(
                Settings::from_gomocup_rule(bits | 2),
                Ok(Settings::new(rule))
            );
        }
        for bad in [5, 7, 12, 13, 16, u32::MAX] {
            assert_eq!(
                Settings::from_gomocup_rule(bad),
                Err(UnknownGomocupRule(bad))
            );
        }
    }

    #[test]
    fn run_wins_table() {
        assert!(Rule::Freestyle.run_wins(true, 6, true));
        assert!(!Rule::Standard.run_wins(false, 6, false));
        assert!(Rule::Standard.run_wins(false, 5, true));
        assert!(!Rule::Renju.run_wins(true, 6, false));
        assert!(Rule::Renju.run_wins(false, 6, false));
        assert!(!Rule::Caro.run_wins(true, 5, true));
        assert!(!Rule::Caro.run_wins(true, 6, false));
        assert!(Rule::CaroOverline.run_wins(true, 6, false));
        assert!(Rule::CaroOverline.run_wins(true, 6, true));
        assert!(!Rule::CaroOverline.run_wins(true, 5, true));
    }
}
