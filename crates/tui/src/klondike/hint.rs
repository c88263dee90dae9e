//! A solver line read as advice: the next step a player can act on, in words, and the cards
//! to highlight. Stock turns before the step are counted, not listed ("turn the stock 3
//! times, then …"), and a move between piles says what it is for (it turns a card up, empties
//! a pile, or frees the card under it).

use ::klondike::{Klondike, Move};
use cards_core::Card;

use super::state::Slot;
use crate::cards::{CardStyle, card_name};

/// What to highlight on the table for a hint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The stock, when it must be turned first.
    pub stock: bool,
    /// The cards to move (when they are in sight).
    pub cards: Vec<Card>,
    /// Where they go.
    pub target: Option<Slot>,
}

/// A hint: the sentence and the highlights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advice {
    /// "turn the stock twice, then play 5♥ from the waste onto 6♣ (pile 4)".
    pub text: String,
    /// What to highlight.
    pub marks: Marks,
}

/// The advice for `line`, a winning line from `position`; `None` for an empty line (won) or
/// a line that does not replay (never from the solver).
///
/// Only the player's next step is advised, not the line: the solver's line is one win among
/// many and its later moves need not be the ones a player would choose.
pub fn advice(position: &Klondike, line: &[Move], style: CardStyle) -> Option<Advice> {
    let turns = line
        .iter()
        .take_while(|mv| matches!(mv, Move::Stock | Move::Recycle))
        .count();
    let mut at = *position;
    for &mv in &line[..turns] {
        at.play(mv).ok()?;
    }
    let Some(&mv) = line.get(turns) else {
        return (turns > 0).then(|| Advice {
            text: "turn the stock".into(),
            marks: Marks {
                stock: true,
                ..Marks::default()
            },
        });
    };
    let name = |card: Card| card_name(card, style);
    let onto = |pile: u8| match at.pile(pile as usize).last() {
        Some(&card) => format!("onto {} (pile {})", name(card), pile + 1),
        None => format!("to the empty pile {}", pile + 1),
    };
    let (what, cards, target) = match mv {
        Move::WasteToPile(to) => {
            let card = *at.waste().last()?;
            (
                format!("play {} from the waste {}", name(card), onto(to)),
                vec![card],
                Slot::Pile(to),
            )
        }
        Move::WasteToFoundation => {
            let card = *at.waste().last()?;
            (
                format!("put {} from the waste up", name(card)),
                vec![card],
                foundation(card)?,
            )
        }
        Move::PileToFoundation(from) => {
            let card = *at.pile(from as usize).last()?;
            let why = purpose(&at, from, 1, style);
            (
                format!("put {} from pile {} up{why}", name(card), from + 1),
                vec![card],
                foundation(card)?,
            )
        }
        Move::PileToPile { from, count, to } => {
            let pile = at.pile(from as usize);
            let run = pile
                .get(pile.len().checked_sub(count as usize)?..)?
                .to_vec();
            let others = match count {
                1 => String::new(),
                2 => " and the card on it".into(),
                n => format!(" and the {} cards on it", n - 1),
            };
            let why = purpose(&at, from, count as usize, style);
            (
                format!(
                    "move {}{others} from pile {} {}{why}",
                    name(run[0]),
                    from + 1,
                    onto(to)
                ),
                run,
                Slot::Pile(to),
            )
        }
        Move::FoundationToPile { suit, to } => {
            let card = at.foundation_top(suit)?;
            (
                format!("bring {} down from its foundation {}", name(card), onto(to)),
                vec![card],
                Slot::Pile(to),
            )
        }
        Move::Stock | Move::Recycle => return None,
    };
    let (text, marks) = match turns {
        0 => (
            what,
            Marks {
                stock: false,
                cards,
                target: Some(target),
            },
        ),
        n => (
            format!("turn the stock {}, then {what}", times(n)),
            Marks {
                stock: true,
                cards: Vec::new(),
                target: None,
            },
        ),
    };
    Some(Advice { text, marks })
}

fn foundation(card: Card) -> Option<Slot> {
    card.suit().map(Slot::Foundation)
}

fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// What taking `count` cards off pile `from` achieves: a card turned up, an empty pile, or
/// the card under them freed.
fn purpose(at: &Klondike, from: u8, count: usize, style: CardStyle) -> String {
    let pile = at.pile(from as usize);
    let left = pile.len().saturating_sub(count);
    if left == 0 {
        return format!(" to empty pile {}", from + 1);
    }
    if left <= at.face_down(from as usize) {
        return " to turn a card up".into();
    }
    format!(" to free {}", card_name(pile[left - 1], style))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::klondike::{Rules, Setup};
    use cards_core::Pile;

    /// A hand-made layout: three face-down cards under each top card but on pile 4, where
    /// 10♥ 9♠ lie face up over two; 8♦ on the waste.
    fn layout() -> Klondike {
        let piles = [
            "AC AD AH KH",
            "AS QC QH QS",
            "JC JH TC JS",
            "TS 9C TH 9S",
            "TD 5H 5D KD",
            "4H 4D 3H QD",
            "3D 2H 2D JD",
        ];
        let setup = Setup {
            tableau: std::array::from_fn(|i| piles[i].parse().unwrap()),
            face_down: [3, 3, 3, 2, 3, 3, 3],
            stock: "KC KS 8C 8S 7C 7S 6C 6S 5C 5S 4C 4S 3C 3S 2C 2S 9H 9D 8H 7H 7D 6H 6D"
                .parse()
                .unwrap(),
            waste: "8D".parse::<Pile>().unwrap(),
            foundations: [0; 4],
            rules: Rules::default(),
            pass: 1,
            score: 0,
        };
        Klondike::from_setup(&setup).expect("a valid layout")
    }

    fn text(line: &[Move]) -> String {
        advice(&layout(), line, CardStyle::Symbol).unwrap().text
    }

    #[test]
    fn a_move_says_what_it_is_for() {
        let single = Move::PileToPile {
            from: 1,
            count: 1,
            to: 0,
        };
        assert_eq!(
            text(&[single]),
            "move Q♠ from pile 2 onto K♥ (pile 1) to turn a card up"
        );
        let run = Move::PileToPile {
            from: 3,
            count: 2,
            to: 2,
        };
        assert_eq!(
            text(&[run, single]),
            "move 10♥ and the card on it from pile 4 onto J♠ (pile 3) to turn a card up"
        );
        assert_eq!(
            text(&[Move::WasteToPile(3)]),
            "play 8♦ from the waste onto 9♠ (pile 4)"
        );
        let marks = advice(&layout(), &[run], CardStyle::Ascii).unwrap().marks;
        assert_eq!(
            marks,
            Marks {
                stock: false,
                cards: vec!["TH".parse().unwrap(), "9S".parse().unwrap()],
                target: Some(Slot::Pile(2)),
            }
        );
    }

    /// The bug this pins: a hint said "stock" once per turn, so a player read "stock"
    /// fourteen times before the move that mattered.
    #[test]
    fn stock_turns_are_counted_not_listed() {
        let mut line = vec![Move::Stock; 14];
        line.push(Move::WasteToPile(3));
        let advice = advice(&layout(), &line, CardStyle::Ascii).unwrap();
        assert_eq!(
            advice.text,
            "turn the stock 14 times, then play 3S from the waste onto 9S (pile 4)"
        );
        assert_eq!(
            advice.marks,
            Marks {
                stock: true,
                cards: Vec::new(),
                target: None
            }
        );
        assert_eq!(
            text(&[
                Move::Stock,
                Move::PileToPile {
                    from: 1,
                    count: 1,
                    to: 0
                }
            ])
            .split(',')
            .next(),
            Some("turn the stock once")
        );
        assert_eq!(advice_or_none(&[]), None, "nothing to advise in a won game");
    }

    fn advice_or_none(line: &[Move]) -> Option<Advice> {
        advice(&layout(), line, CardStyle::Ascii)
    }
}
