//! Questions about a position: won, lost, and which card an auto-move policy sends up (asked
//! of a position or of its [`View`], with one answer).

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::str::FromStr;

use cards_core::{Card, Suit};

use crate::state::{fits_foundation, is_safe_to_foundation};
use crate::{Klondike, Move, MoveList, Options, PILES, ParseSettingError, View};

/// Whether a game is still on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Some move can still make progress.
    Playing,
    /// All 52 cards are on the foundations.
    Won,
    /// Only futile actions remain: see [`Klondike::is_lost`].
    Lost,
}

/// Which cards go to the foundations without being asked.
///
/// serde writes the text form: `"none"`, `"safe"`, `"all"`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum AutoMove {
    /// Nothing moves by itself.
    None,
    /// A card goes up only when no card left in play could still need it as a tableau
    /// target ([`Klondike::is_safe_to_foundation`]).
    #[default]
    Safe,
    /// Every card that can go up does.
    All,
}

impl FromStr for AutoMove {
    type Err = ParseSettingError;
    /// `none`, `safe` or `all` (either case).
    fn from_str(s: &str) -> Result<AutoMove, ParseSettingError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "off" => Ok(AutoMove::None),
            "safe" => Ok(AutoMove::Safe),
            "all" | "send-all" => Ok(AutoMove::All),
            _ => Err(ParseSettingError::new(
                "auto-move policy",
                s,
                "`none`, `safe` or `all`",
            )),
        }
    }
}

impl fmt::Display for AutoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AutoMove::None => "none",
            AutoMove::Safe => "safe",
            AutoMove::All => "all",
        })
    }
}

impl Klondike {
    /// The node budget [`status`](Klondike::status) and [`is_lost`](Klondike::is_lost) use.
    pub const LOST_SEARCH_BUDGET: usize = 20_000;

    /// Won, lost (only futile actions remain) or still playing.
    pub fn status(&self) -> Status {
        if self.is_won() {
            Status::Won
        } else if self.is_lost() {
            Status::Lost
        } else {
            Status::Playing
        }
    }

    /// Whether the game is lost: no sequence of moves from here can ever put another card on
    /// a foundation or turn a face-down card over, so only futile actions remain (turning and
    /// recycling the stock without a playable card showing up, shuffling runs and Kings
    /// between piles, moving foundation cards down and back). Searches at most
    /// [`LOST_SEARCH_BUDGET`](Klondike::LOST_SEARCH_BUDGET) positions and answers `false`
    /// when that is not enough, so it never reports a false "stuck".
    ///
    /// It is exact in one direction only: `true` proves the loss; `false` means progress is
    /// still possible, not that the deal can be won (that is the solver's question).
    pub fn is_lost(&self) -> bool {
        self.is_lost_within(Klondike::LOST_SEARCH_BUDGET) == Some(true)
    }

    /// [`is_lost`](Klondike::is_lost) with an explicit budget of positions: `None` when the
    /// budget ran out before an answer.
    pub fn is_lost_within(&self, budget: usize) -> Option<bool> {
        if self.is_won() {
            return Some(false);
        }
        let foundation = self.foundation_total();
        let face_down = self.face_down_total();
        let key = Klondike::search_key;
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        seen.insert(key(self));
        queue.push_back(*self);
        let mut moves = MoveList::new();
        while let Some(position) = queue.pop_front() {
            position.legal_moves(&mut moves);
            for &mv in &moves {
                let mut next = position;
                next.play_unchecked(mv);
                if next.foundation_total() > foundation || next.face_down_total() < face_down {
                    return Some(false);
                }
                if seen.insert(key(&next)) {
                    if seen.len() > budget {
                        return None;
                    }
                    queue.push_back(next);
                }
            }
        }
        Some(true)
    }

    /// The move `policy` makes by itself here, if any: the waste's top card first, then the
    /// piles from 1 to 7.
    pub fn auto_move(&self, policy: AutoMove) -> Option<Move> {
        let foundations = Suit::ALL.map(|suit| self.foundation_len(suit));
        let tops = std::array::from_fn(|i| self.pile(i).last().copied());
        auto_move(policy, foundations, self.waste_top(), tops)
    }

    /// Whether the game can finish itself: every card face up, stock and waste empty and not
    /// yet won. From such a position every remaining card can go up in order (each pile is a
    /// descending run, so the lowest card left is always on top of its pile).
    pub fn can_auto_finish(&self) -> bool {
        can_auto_finish(
            self.foundation_total(),
            self.face_down_total(),
            self.stock().len(),
            self.waste().len(),
        )
    }
}

impl View {
    /// The move `policy` makes by itself in the position this view shows: the same answer as
    /// [`Klondike::auto_move`], read from the foundations and the face-up tops alone.
    pub fn auto_move(&self, policy: AutoMove) -> Option<Move> {
        let tops = std::array::from_fn(|i| self.face_up[i].last().copied());
        auto_move(policy, self.foundations, self.waste.last().copied(), tops)
    }

    /// Whether the position this view shows can finish itself ([`Klondike::can_auto_finish`]).
    pub fn can_auto_finish(&self) -> bool {
        let face_down = self.face_down.iter().map(|&n| usize::from(n)).sum();
        let foundations = self.foundations.iter().map(|&n| usize::from(n)).sum();
        can_auto_finish(
            foundations,
            face_down,
            usize::from(self.stock),
            self.waste.len(),
        )
    }
}

impl Options {
    /// The policy in force where the game `can_auto_finish`: every card goes up once it can
    /// finish itself and [`auto_finish`](Options::auto_finish) is on, else
    /// [`auto_move`](Options::auto_move).
    pub fn policy(&self, can_auto_finish: bool) -> AutoMove {
        if self.auto_finish && can_auto_finish {
            AutoMove::All
        } else {
            self.auto_move
        }
    }
}

/// The auto-move rule over what it reads: the foundation heights, the waste's top and each
/// pile's top card (a position and a view show all of them).
fn auto_move(
    policy: AutoMove,
    foundations: [u8; 4],
    waste_top: Option<Card>,
    pile_tops: [Option<Card>; PILES],
) -> Option<Move> {
    let wanted = |card| match policy {
        AutoMove::None => false,
        AutoMove::Safe => is_safe_to_foundation(foundations, card),
        AutoMove::All => fits_foundation(foundations, card),
    };
    if waste_top.is_some_and(wanted) {
        return Some(Move::WasteToFoundation);
    }
    (0..PILES)
        .find(|&i| pile_tops[i].is_some_and(wanted))
        .map(|i| Move::PileToFoundation(i as u8))
}

/// The auto-finish rule over card counts: not won, nothing face down, stock and waste empty.
fn can_auto_finish(foundations: usize, face_down: usize, stock: usize, waste: usize) -> bool {
    foundations < 52 && face_down == 0 && stock == 0 && waste == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Setup};
    use cards_core::Pile;
    use game::{GameState, Viewer};
    use proptest::prelude::*;
    use proptest::sample::Index;

    fn position(piles: [&str; 7], foundations: [u8; 4], stock: &str, waste: &str) -> Klondike {
        let setup = Setup {
            tableau: piles.map(|p| p.parse::<Pile>().unwrap()),
            face_down: [0; 7],
            stock: stock.parse().unwrap(),
            waste: waste.parse().unwrap(),
            foundations,
            rules: Rules::default(),
            pass: 1,
            score: 0,
        };
        Klondike::from_setup(&setup).unwrap()
    }

    #[test]
    fn safe_policy_waits_for_the_other_colour() {
        // Foundations: clubs to 2, diamonds A, hearts to 2, spades A. Piles: 2D, 2S, 3C.
        let mut stock = Vec::new();
        for suit in ['C', 'D', 'H', 'S'] {
            for rank in ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"] {
                let text = format!("{rank}{suit}");
                if text != "3C" {
                    stock.push(text);
                }
            }
        }
        let mut game = position(
            ["2D", "2S", "3C", "", "", "", ""],
            [2, 1, 2, 1],
            &stock.join(" "),
            "",
        );
        let card = |text: &str| text.parse().unwrap();
        assert!(
            game.is_safe_to_foundation(card("2D")),
            "both black aces are up"
        );
        assert!(
            game.is_safe_to_foundation(card("2S")),
            "both red aces are up"
        );
        assert!(game.fits_foundation(card("3C")));
        assert!(
            !game.is_safe_to_foundation(card("3C")),
            "2D could still go on 3C"
        );
        assert_eq!(
            game.auto_move(AutoMove::Safe),
            Some(Move::PileToFoundation(0))
        );
        assert_eq!(game.auto_move(AutoMove::None), None);
        game.play(Move::PileToFoundation(0)).unwrap();
        assert!(
            game.is_safe_to_foundation(card("3C")),
            "both red twos are up now"
        );
        game.play(Move::PileToFoundation(1)).unwrap();
        assert_eq!(
            game.auto_move(AutoMove::Safe),
            Some(Move::PileToFoundation(2))
        );
        assert!(
            game.is_safe_to_foundation(card("3D")),
            "both black twos are up"
        );
    }

    #[test]
    fn auto_finish_position_is_recognised() {
        let mut game = position(
            [
                "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS",
                "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH",
                "KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D AC",
                "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AD",
                "",
                "",
                "",
            ],
            [0; 4],
            "",
            "",
        );
        assert!(game.can_auto_finish());
        let mut steps = 0;
        while let Some(mv) = game.auto_move(AutoMove::All) {
            let view = game.view(Viewer::Seat(0));
            assert!(view.can_auto_finish());
            assert_eq!(view.auto_move(AutoMove::All), Some(mv));
            game.play(mv).unwrap();
            steps += 1;
        }
        assert!(!game.view(Viewer::Seat(0)).can_auto_finish(), "won");
        assert_eq!(steps, 52);
        assert_eq!(game.status(), Status::Won);
    }

    /// A stuck layout: seven red face-up tops over three face-down cards each (the Aces and
    /// the black 9s to Queens are buried), and a stock with nothing that fits anywhere.
    fn stuck(stock: &str) -> Setup {
        let down = [
            "AC AD AH", "AS QC QS", "JC JS TC", "TS 9C 9S", "TD 5H 5D", "4H 4D 3H", "3D 2H 2D",
        ];
        let tops = ["KH", "QH", "JH", "TH", "KD", "QD", "JD"];
        Setup {
            tableau: std::array::from_fn(|i| format!("{} {}", down[i], tops[i]).parse().unwrap()),
            face_down: [3; 7],
            stock: stock.parse().unwrap(),
            waste: Pile::new(),
            foundations: [0; 4],
            rules: Rules::default(),
            pass: 1,
            score: 0,
        }
    }

    const STUCK_STOCK: &str =
        "KC KS 8C 8S 7C 7S 6C 6S 5C 5S 4C 4S 3C 3S 2C 2S 9H 9D 8H 8D 7H 7D 6H 6D";

    #[test]
    fn cycling_a_useless_stock_is_lost() {
        let game = Klondike::from_setup(&stuck(STUCK_STOCK)).unwrap();
        assert_eq!(game.status(), Status::Lost);
        let mut three = stuck(STUCK_STOCK);
        three.rules.draw = crate::Draw::THREE;
        assert_eq!(Klondike::from_setup(&three).unwrap().status(), Status::Lost);
    }

    #[test]
    fn a_playable_card_deep_in_the_stock_is_not_lost() {
        // Swap 6D (stock, last) with AC (face down): the Ace turns up after 24 stock turns.
        let mut setup = stuck(&STUCK_STOCK.replace("6D", "AC"));
        setup.tableau[0] = "6D AD AH KH".parse().unwrap();
        let game = Klondike::from_setup(&setup).unwrap();
        assert_eq!(game.status(), Status::Playing);
        assert_eq!(
            game.is_lost_within(5),
            None,
            "a tiny budget gives up instead of guessing"
        );
    }

    #[test]
    fn building_on_the_tableau_without_progress_is_still_lost() {
        // 9S in the stock fits on TH, and the 8s and 7s on it, but nothing ever turns over.
        let mut setup = stuck(&STUCK_STOCK.replace("6D", "9S"));
        setup.tableau[3] = "TS 9C 6D TH".parse().unwrap();
        let game = Klondike::from_setup(&setup).unwrap();
        assert_eq!(game.is_lost_within(200_000), Some(true));
    }

    #[test]
    fn won_is_not_lost() {
        let setup = Setup::won();
        let game = Klondike::from_setup(&setup).unwrap();
        assert_eq!(game.status(), Status::Won);
        assert!(!game.is_lost());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The view answers the auto-move questions as the position does, at every step of
        /// random legal play (cards going up now and then, so that the foundations grow).
        #[test]
        fn the_view_auto_moves_as_the_position_does(
            seed in any::<u64>(),
            draw_three in any::<bool>(),
            choices in proptest::collection::vec(any::<Index>(), 0..300),
        ) {
            let rules = if draw_three { Rules::draw(crate::Draw::THREE) } else { Rules::default() };
            let mut position = Klondike::from_seed(seed, rules);
            let mut moves = MoveList::new();
            for choice in &choices {
                let view = position.view(Viewer::Seat(0));
                for policy in [AutoMove::None, AutoMove::Safe, AutoMove::All] {
                    prop_assert_eq!(view.auto_move(policy), position.auto_move(policy), "{}", policy);
                }
                prop_assert_eq!(view.can_auto_finish(), position.can_auto_finish());
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = position.auto_move(AutoMove::All).filter(|_| choice.index(3) == 0);
                position.play_unchecked(mv.unwrap_or_else(|| moves[choice.index(moves.len())]));
            }
        }
    }

    #[test]
    fn options_send_everything_up_only_where_the_game_finishes_itself() {
        let options = crate::Options::default();
        assert_eq!(options.policy(false), AutoMove::Safe);
        assert_eq!(options.policy(true), AutoMove::All);
        let manual = crate::Options {
            auto_finish: false,
            ..options
        };
        assert_eq!(manual.policy(true), AutoMove::Safe);
    }
}
