//! Rule sets: the points where public Dou Dizhu engines disagree, as flags with presets.

use std::fmt;
use std::str::FromStr;

/// Which combinations are legal, beyond the core every engine agrees on.
///
/// The core (always on): singles, pairs, trios, trio + single, trio + pair, chains of ≥ 5
/// singles, chains of ≥ 3 pairs, airplanes of ≥ 2 trios (bare, with one single per trio or with
/// one pair per trio), bombs and the rocket; chains never contain a 2 or a joker; kickers never
/// include the body's own rank; pair kickers are distinct ranks and never jokers.
///
/// | preset | `four_with_two` | `rocket_kicker` | `bomb_kicker` | `adjacent_wings` | `distinct_singles` | readings |
/// |---|---|---|---|---|---|---|
/// | [`RuleSet::DEFAULT`] (RLCard) | yes | no | no | no | no | one |
/// | [`RuleSet::DOUZERO`] | yes | yes | yes | yes | no | several |
/// | [`RuleSet::OPENSPIEL`] | no | no | no | yes | no | several |
/// | [`RuleSet::DISTINCT_KICKERS`] | yes | no | no | no | yes | one |
///
/// Sources: RLCard's `doudizhu` action space (27,472 actions with pass; Zha et al., *RLCard*,
/// 2019), DouZero's `move_generator.py` (Zha et al., ICML 2021) and OpenSpiel's
/// `dou_dizhu_utils` as summarised in parlor issue 5. Under the default flags every multiset
/// of ranks has at most one reading; the permissive flags create multisets with several (for
/// example `333444555666` is a four-trio airplane and, with adjacent wings, also a three-trio
/// airplane carrying `333` or `666` as its wings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools)] // independent rule flags, documented one by one
pub struct RuleSet {
    /// Four of a rank with two singles (`333345`) or two pairs (`33334455`) is a combination
    /// (never a bomb).
    pub four_with_two: bool,
    /// The two jokers may both be single kickers of one play (`3334` style plays with `BR`).
    pub rocket_kicker: bool,
    /// All four cards of a rank may be single kickers of one airplane (`333444555666` + `7777`).
    pub bomb_kicker: bool,
    /// A trio adjacent to an airplane's body may serve as its wings (`333444555` + `666`).
    pub adjacent_wings: bool,
    /// Single kickers must be of distinct ranks (`33344455` is then illegal).
    pub distinct_singles: bool,
}

impl RuleSet {
    /// RLCard's rules (the default): 27,471 plays from a full deck, one reading each.
    pub const DEFAULT: RuleSet = RuleSet {
        four_with_two: true,
        rocket_kicker: false,
        bomb_kicker: false,
        adjacent_wings: false,
        distinct_singles: false,
    };
    /// DouZero-like: the rocket and split bombs may be kickers, adjacent trios may be wings.
    pub const DOUZERO: RuleSet = RuleSet {
        four_with_two: true,
        rocket_kicker: true,
        bomb_kicker: true,
        adjacent_wings: true,
        distinct_singles: false,
    };
    /// OpenSpiel-like: no four-with-two, adjacent trios may be wings.
    pub const OPENSPIEL: RuleSet = RuleSet {
        four_with_two: false,
        rocket_kicker: false,
        bomb_kicker: false,
        adjacent_wings: true,
        distinct_singles: false,
    };
    /// The default with single kickers of distinct ranks.
    pub const DISTINCT_KICKERS: RuleSet = RuleSet {
        distinct_singles: true,
        ..RuleSet::DEFAULT
    };

    /// The named presets, as `(name, rules)`; names are what [`FromStr`] accepts.
    pub const PRESETS: [(&'static str, RuleSet); 4] = [
        ("default", RuleSet::DEFAULT),
        ("douzero", RuleSet::DOUZERO),
        ("openspiel", RuleSet::OPENSPIEL),
        ("distinct", RuleSet::DISTINCT_KICKERS),
    ];

    /// The preset's name, if these flags are a preset.
    pub fn preset_name(&self) -> Option<&'static str> {
        RuleSet::PRESETS
            .iter()
            .find(|(_, r)| r == self)
            .map(|(name, _)| *name)
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::DEFAULT
    }
}

/// The text is not a preset name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?}: expected default (or rlcard), douzero, openspiel or distinct")]
pub struct ParseRuleSetError(pub String);

impl FromStr for RuleSet {
    type Err = ParseRuleSetError;

    /// Reads a preset name, case-insensitively: `default` (also `rlcard`), `douzero`,
    /// `openspiel`, `distinct`.
    fn from_str(s: &str) -> Result<RuleSet, ParseRuleSetError> {
        let name = s.trim().to_ascii_lowercase();
        if name == "rlcard" {
            return Ok(RuleSet::DEFAULT);
        }
        RuleSet::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, r)| *r)
            .ok_or_else(|| ParseRuleSetError(s.to_owned()))
    }
}

impl fmt::Display for RuleSet {
    /// The preset name, or the flags for a custom set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(name) => f.write_str(name),
            None => write!(
                f,
                "custom(four_with_two={}, rocket_kicker={}, bomb_kicker={}, adjacent_wings={}, distinct_singles={})",
                self.four_with_two,
                self.rocket_kicker,
                self.bomb_kicker,
                self.adjacent_wings,
                self.distinct_singles
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_round_trip_by_name() {
        for (name, rules) in RuleSet::PRESETS {
            assert_eq!(name.parse::<RuleSet>(), Ok(rules));
            assert_eq!(rules.to_string(), name);
        }
        assert_eq!("RLCard".parse::<RuleSet>(), Ok(RuleSet::DEFAULT));
        assert!("tencent".parse::<RuleSet>().is_err());
        let custom = RuleSet {
            bomb_kicker: true,
            ..RuleSet::DEFAULT
        };
        assert!(custom.to_string().starts_with("custom("));
    }
}
