//! Action ids: a stable bijection between plays (plus pass) and `0..N` for RL agents.

use std::cmp::Ordering;
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::{Combo, Counts, Move, Play, RuleSet, for_each_lead, for_each_response};

/// The pass action's id under the default rules (the last id): 27,471.
pub const PASS_ACTION: u16 = 27_471;

/// Every play a full 54-card deck allows under a rule set, numbered, with pass last.
///
/// # Id order
/// Plays are numbered `0..plays` in this order, and pass is `plays` (the last id):
/// 1. by kind, in [`crate::Kind::ALL`] order (single, pair, trio, trio with single, trio with
///    pair, chain, pair chain, airplane, airplane with singles, airplane with pairs, four with
///    two singles, four with two pairs, bomb, rocket);
/// 2. then by length (shorter first);
/// 3. then by main rank (weaker first);
/// 4. then by the played ranks written weakest first, compared lexicographically (so kickers
///    order `…34` < `…35` < `…44`).
///
/// So id 0 is the single 3, 14 the single red joker, 15 the pair of 3s, and under the
/// default rules there are exactly 27,471 plays and [`PASS_ACTION`] = 27,471 (RLCard's 27,472
/// actions with pass). The order is fixed by these rules, not by RLCard's own numbering.
///
/// ```
/// use doudizhu::{ActionSpace, Move, Play};
///
/// let space = ActionSpace::default_rules();
/// assert_eq!(space.len(), 27_472);
/// let play: Play = "33344455".parse()?;
/// let id = space.id(Move::Play(play)).unwrap();
/// assert_eq!(space.get(id), Some(Move::Play(play)));
/// assert_eq!(space.get(0).unwrap().to_string(), "3");
/// assert_eq!(space.id(Move::Pass), Some(27_471));
/// # Ok::<(), doudizhu::ParsePlayError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ActionSpace {
    rules: RuleSet,
    plays: Vec<Play>,
    /// Ids by the counts they play: an open-addressing table probed linearly from
    /// [`slot_of`] of the counts, [`EMPTY`] where free. The readings of one multiset sit on
    /// one probe chain in id order, so the first one found is the lowest id.
    slots: Box<[u16]>,
    /// Whether two plays share their ranks (permissive presets).
    several_readings: bool,
}

/// A free slot of [`ActionSpace::slots`] (no space has this many plays).
const EMPTY: u16 = u16::MAX;
/// `log2` of the slot count: 65,536 slots keep every preset's table at most half full
/// (30,383 plays at most), so a lookup probes about 1.5 slots on average.
const SLOT_BITS: u32 = 16;

/// The first slot to probe for `counts` (Fibonacci hashing of the packed counts).
fn slot_of(counts: Counts) -> usize {
    (counts.bits().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

fn id_order(a: &Play, b: &Play) -> Ordering {
    (a.combo.kind, a.combo.len, a.combo.main)
        .cmp(&(b.combo.kind, b.combo.len, b.combo.main))
        .then_with(|| a.counts.ranks().cmp(b.counts.ranks()))
}

impl ActionSpace {
    /// Enumerates every play from a full deck under `rules` (a few milliseconds; build once).
    pub fn new(rules: RuleSet) -> ActionSpace {
        let mut plays = Vec::with_capacity(32_768);
        for_each_lead(Counts::FULL_DECK, &rules, |play| plays.push(play));
        plays.sort_unstable_by(id_order);
        plays.dedup();
        let mut slots = vec![EMPTY; 1 << SLOT_BITS].into_boxed_slice();
        let mut several_readings = false;
        for (id, play) in plays.iter().enumerate() {
            let mut slot = slot_of(play.counts);
            while slots[slot] != EMPTY {
                several_readings |= plays[usize::from(slots[slot])].counts == play.counts;
                slot = (slot + 1) & (slots.len() - 1);
            }
            slots[slot] = id as u16;
        }
        ActionSpace {
            rules,
            plays,
            slots,
            several_readings,
        }
    }

    /// The ids on the probe chain of `counts`, in id order among equal counts; stops at the
    /// first free slot. Every id of a play of `counts` is on it.
    fn chain(&self, counts: Counts) -> impl Iterator<Item = u16> + '_ {
        let mask = self.slots.len() - 1;
        let start = slot_of(counts);
        (0..self.slots.len())
            .map(move |step| self.slots[(start + step) & mask])
            .take_while(|&id| id != EMPTY)
    }

    /// The action space of `rules`, built once per rule set and kept for the life of the
    /// program (there are at most 32 rule sets: five flags).
    pub fn of(rules: &RuleSet) -> &'static ActionSpace {
        static SPACES: Mutex<Vec<&'static ActionSpace>> = Mutex::new(Vec::new());
        if *rules == RuleSet::DEFAULT {
            return ActionSpace::default_rules();
        }
        let mut spaces = SPACES.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(space) = spaces.iter().find(|s| s.rules == *rules) {
            return space;
        }
        let space: &'static ActionSpace = Box::leak(Box::new(ActionSpace::new(*rules)));
        spaces.push(space);
        space
    }

    /// Whether some multiset of ranks has several readings under these rules (then plays of
    /// the same ranks have several ids).
    pub fn has_several_readings(&self) -> bool {
        self.several_readings
    }

    /// The shared space of the default rules, built on first use.
    pub fn default_rules() -> &'static ActionSpace {
        static SPACE: OnceLock<ActionSpace> = OnceLock::new();
        SPACE.get_or_init(|| ActionSpace::new(RuleSet::DEFAULT))
    }

    /// The rules this space enumerates.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The number of actions, pass included (27,472 under the default rules).
    pub fn len(&self) -> usize {
        self.plays.len() + 1
    }

    /// Always `false`: pass is always an action.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The id of pass (the last id).
    pub fn pass_id(&self) -> u16 {
        self.plays.len() as u16
    }

    /// Every play, in id order (pass excluded).
    pub fn plays(&self) -> &[Play] {
        &self.plays
    }

    /// The action with this id.
    pub fn get(&self, id: u16) -> Option<Move> {
        match self.plays.get(id as usize) {
            Some(&play) => Some(Move::Play(play)),
            None if id == self.pass_id() => Some(Move::Pass),
            None => None,
        }
    }

    /// The id of a move, or `None` for a play that is not a play under these rules.
    pub fn id(&self, mv: Move) -> Option<u16> {
        match mv {
            Move::Pass => Some(self.pass_id()),
            Move::Play(play) => self
                .chain(play.counts)
                .find(|&id| self.plays[usize::from(id)] == play),
        }
    }

    /// The id of the first reading of a multiset (its only one under the default rules), the
    /// lowest of its ids.
    pub fn id_of_counts(&self, counts: Counts) -> Option<u16> {
        self.chain(counts)
            .find(|&id| self.plays[usize::from(id)].counts == counts)
    }

    /// Fills `out` (cleared first) with the ids of every legal action for `hand`: every lead
    /// when `previous` is `None`, otherwise every response and pass.
    pub fn legal_ids(&self, hand: Counts, previous: Option<Combo>, out: &mut Vec<u16>) {
        out.clear();
        let mut push = |play: Play| {
            if let Some(id) = self.id(Move::Play(play)) {
                out.push(id);
            }
        };
        match previous {
            None => for_each_lead(hand, &self.rules, &mut push),
            Some(prev) => {
                for_each_response(hand, prev, &self.rules, &mut push);
                out.push(self.pass_id());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_ids_follow_the_documented_order() {
        let space = ActionSpace::default_rules();
        let text = |id| space.get(id).unwrap().to_string();
        assert_eq!(text(0), "3");
        assert_eq!(text(14), "R");
        assert_eq!(text(15), "33");
        assert_eq!(text(27), "22");
        assert_eq!(text(28), "333");
        assert_eq!(text(41), "3334");
        assert_eq!(text(PASS_ACTION - 1), "BR");
        assert_eq!(text(PASS_ACTION), "pass");
        assert_eq!(space.get(PASS_ACTION + 1), None);
    }

    /// The lookup before the hash table: a search over every play.
    fn naive_id(space: &ActionSpace, play: Play) -> Option<u16> {
        space
            .plays
            .iter()
            .position(|&p| p == play)
            .map(|i| i as u16)
    }

    fn naive_id_of_counts(space: &ActionSpace, counts: Counts) -> Option<u16> {
        space
            .plays
            .iter()
            .position(|p| p.counts == counts)
            .map(|i| i as u16)
    }

    #[test]
    fn hashed_ids_equal_the_naive_search_on_every_id_of_every_preset() {
        for (name, rules) in RuleSet::PRESETS {
            let space = ActionSpace::new(rules);
            for (id, &play) in space.plays.iter().enumerate() {
                let expected = naive_id(&space, play);
                assert_eq!(expected, Some(id as u16), "{name}: {play}");
                assert_eq!(space.id(Move::Play(play)), expected, "{name}: {play}");
                assert_eq!(
                    space.id_of_counts(play.counts),
                    naive_id_of_counts(&space, play.counts),
                    "{name}: {play}"
                );
            }
            let mut seen = std::collections::HashSet::new();
            let several = !space.plays.iter().all(|p| seen.insert(p.counts));
            assert_eq!(space.has_several_readings(), several, "{name}");
        }
    }

    #[test]
    fn hashed_ids_refuse_what_the_naive_search_does_not_find() {
        // Plays of one rule set that another does not allow, and multisets that are no play.
        let default = ActionSpace::default_rules();
        for (name, rules) in RuleSet::PRESETS {
            for &play in ActionSpace::new(rules).plays() {
                assert_eq!(
                    default.id(Move::Play(play)),
                    naive_id(default, play),
                    "{name}: {play}"
                );
            }
        }
        for text in ["34", "3345", "33334444", "3456", "BR2", "33445"] {
            let counts: Counts = text.parse().unwrap();
            assert_eq!(default.id_of_counts(counts), None, "{text}");
            assert_eq!(naive_id_of_counts(default, counts), None, "{text}");
        }
    }
}
