//! The checks parlor's fuzz targets share: a parser's round trip, and one driver that plays
//! any [`GameState`] from arbitrary bytes. Each target in `fuzz_targets/` is a few lines over
//! these; `FUZZING.md` at the top of the repository says how to run them.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use game::{GameState, Viewer};

/// Parses `text` as `T`. When it parses, the canonical text `Display` writes must parse back
/// to the same value; returns the value.
///
/// # Panics
/// When the written text does not read back (the bug the fuzzer looks for).
pub fn round_trip<T>(text: &str) -> Option<T>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    let value = text.parse::<T>().ok()?;
    let written = value.to_string();
    match written.parse::<T>() {
        Ok(back) => assert_eq!(
            back, value,
            "{text:?} reads as {value:?}, is written {written:?}, which reads back differently"
        ),
        Err(e) => {
            panic!("{text:?} reads as {value:?}, is written {written:?}, which does not parse: {e}")
        }
    }
    Some(value)
}

/// The input as text: UTF-8 when it is, else lossily decoded, so every input is tried.
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Plays a game of `G` from arbitrary bytes and checks the contract of `GameState::play`.
///
/// Layout: an optional first line `{...}\n` holding the settings as JSON (else the default
/// settings), then 8 bytes of seed, then operations. Each operation is a byte whose low
/// nibble picks the seat (one past the last seat names a seat that does not exist) and
/// whose high nibble picks how the action is named:
/// - `0..=5`: by id, two more bytes (little-endian), reduced modulo `num_actions() + 1`;
/// - `6..=12`: the legal action of that seat at the index of one more byte, so that games
///   get deep;
/// - `13..=15`: as text, one length byte then that many bytes, through `parse_action`.
///
/// At every step: a checked `play` never panics; it accepts exactly the listed legal
/// actions; an accepted action leaves the state `play_unchecked` leaves; a refused one
/// changes nothing (`==` before and after). A parsed action has an id that maps back to it.
/// At the end every view survives a JSON round trip.
///
/// # Panics
/// When the game breaks one of these rules.
pub fn drive<G: GameState>(data: &[u8]) {
    let (settings, data) = match data.first() {
        Some(b'{') => {
            let Some(end) = data.iter().position(|&b| b == b'\n') else {
                return;
            };
            let Ok(settings) = serde_json::from_slice::<G::Settings>(&data[..end]) else {
                return;
            };
            (settings, &data[end + 1..])
        }
        _ => (G::Settings::default(), data),
    };
    let Some((seed, mut ops)) = data.split_first_chunk::<8>() else {
        return;
    };
    let Ok(mut game) = G::new(&settings, u64::from_le_bytes(*seed)) else {
        return;
    };
    let mut legal = Vec::new();
    while let Some((&op, rest)) = ops.split_first() {
        ops = rest;
        let seat = usize::from(op & 0x0f) % (game.num_seats() + 1);
        let action = match op >> 4 {
            0..=5 => {
                let Some((id, rest)) = ops.split_first_chunk::<2>() else {
                    break;
                };
                ops = rest;
                let id = usize::from(u16::from_le_bytes(*id)) % (game.num_actions() + 1);
                game.action_from_id(id)
            }
            6..=12 => {
                let Some((&index, rest)) = ops.split_first() else {
                    break;
                };
                ops = rest;
                game.legal_actions(seat, &mut legal);
                (!legal.is_empty()).then(|| legal[usize::from(index) % legal.len()])
            }
            _ => {
                let Some((&len, rest)) = ops.split_first() else {
                    break;
                };
                let (bytes, rest) = rest.split_at(usize::from(len).min(rest.len()));
                ops = rest;
                parse::<G>(&game, seat, &text(bytes))
            }
        };
        if let Some(action) = action {
            step(&mut game, seat, action, &mut legal);
        }
    }
    for viewer in (0..game.num_seats())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        let view = game.view(viewer);
        let json = serde_json::to_string(&view).expect("views serialise to JSON");
        let back: G::View = serde_json::from_str(&json).expect("views deserialise from JSON");
        assert_eq!(
            back, view,
            "the view of {viewer:?} changes in a JSON round trip"
        );
    }
}

/// Reads an action from text; a parsed action must have an id that names it.
fn parse<G: GameState>(game: &G, seat: usize, text: &str) -> Option<G::Action> {
    let action = game.parse_action(seat, text).ok()?;
    let id = game.action_id(action);
    assert!(
        id < game.num_actions(),
        "{text:?} reads as {action}, whose id {id} is out of range"
    );
    assert_eq!(
        game.action_from_id(id),
        Some(action),
        "{text:?} reads as {action}, whose id {id} names another action"
    );
    Some(action)
}

/// Plays `action` for `seat`, checked, and checks what `play` did against the legal list.
fn step<G: GameState>(game: &mut G, seat: usize, action: G::Action, legal: &mut Vec<G::Action>) {
    game.legal_actions(seat, legal);
    let listed = legal.contains(&action);
    let before = game.clone();
    match game.play(seat, action) {
        Ok(()) => {
            assert!(
                listed,
                "{action} was accepted for seat {seat} but is not listed as legal"
            );
            let mut unchecked = before;
            unchecked.play_unchecked(seat, action);
            assert_eq!(
                &unchecked, game,
                "play and play_unchecked of {action} differ"
            );
        }
        Err(e) => {
            assert!(
                !listed,
                "the legal {action} was refused for seat {seat}: {e}"
            );
            assert_eq!(&before, game, "the refused {action} ({e}) changed the game");
        }
    }
}
