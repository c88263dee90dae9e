//! Card text: `Card`, `parse_cards`, `CardSet` and `Pile`, each read back from what it writes.
#![no_main]

use cards_core::{Card, CardSet, Pile, parse_cards};
use parlor_fuzz::{round_trip, text};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = text(data);
    round_trip::<Card>(&text);
    let set = round_trip::<CardSet>(&text);
    let pile = round_trip::<Pile>(&text);
    if let Ok(cards) = parse_cards(&text) {
        let written: Vec<String> = cards.iter().map(Card::to_string).collect();
        assert_eq!(
            parse_cards(&written.join(" ")).as_ref(),
            Ok(&cards),
            "{text:?}"
        );
        if let Some(set) = set {
            assert!(
                cards.iter().all(|&c| set.contains(c)),
                "{text:?}: a card is missing from the set"
            );
        }
        if let Some(pile) = pile {
            assert_eq!(pile.len(), cards.len(), "{text:?}: pile and list differ");
        }
    }
});
