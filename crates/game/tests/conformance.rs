//! The conformance suite passes a correct game and catches each kind of broken one.

use game::conformance::{Config, check, random_playout};
use game::{GameState, InvalidSettings, Outcome, PlayError, Turn, Viewer};
use rand::SeedableRng;

/// How the test game is broken, if at all.
#[derive(Clone, Copy, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
enum Defect {
    #[default]
    None,
    /// `play` forgets to check whose turn it is.
    NoTurnCheck,
    /// A refused take still flips the turn.
    RefusalChangesState,
    /// Texts are written with a prefix that does not parse.
    TextDoesNotParse,
    /// Ids are not distinct.
    SharedIds,
}

#[derive(Debug, thiserror::Error)]
#[error("take 1 to 3 stones, and no more than are left")]
struct TakeError;

/// Nim whose views name the viewer's seat: take 1–3 from a pile whose
/// size comes from the seed; who takes the last stone wins.
#[derive(Clone, Debug, PartialEq)]
struct Nim {
    left: u8,
    to_move: usize,
    defect: Defect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Take(u8);

impl std::fmt::Display for Take {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "take{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct NimView {
    left: u8,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    seat: Option<usize>,
}

impl GameState for Nim {
    const NAME: &'static str = "nim";
    type Settings = Defect;
    type Action = Take;
    type Error = TakeError;
    type ParseError = std::num::ParseIntError;
    type View = NimView;

    fn new(defect: &Defect, seed: u64) -> Result<Nim, InvalidSettings> {
        Ok(Nim {
            left: 5 + (seed % 20) as u8,
            to_move: 0,
            defect: *defect,
        })
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn turn(&self) -> Turn {
        if self.left == 0 {
            Turn::Over
        } else {
            Turn::Seat(self.to_move)
        }
    }
    fn legal_actions(&self, seat: usize, out: &mut Vec<Take>) {
        out.clear();
        if self.turn().includes(seat) {
            out.extend((1..=3).filter(|&n| n <= self.left).map(Take));
        }
    }
    fn play(&mut self, seat: usize, take: Take) -> Result<(), PlayError<TakeError>> {
        if self.defect != Defect::NoTurnCheck {
            PlayError::check_turn(self.turn(), 2, seat)?;
        }
        if take.0 == 0 || take.0 > 3 || take.0 > self.left {
            if self.defect == Defect::RefusalChangesState {
                self.to_move ^= 1;
            }
            return Err(PlayError::Illegal(TakeError));
        }
        self.play_unchecked(seat, take);
        Ok(())
    }
    fn play_unchecked(&mut self, _: usize, take: Take) {
        self.left -= take.0;
        if self.left > 0 {
            self.to_move ^= 1;
        }
    }
    fn parse_action(&self, _: usize, text: &str) -> Result<Take, Self::ParseError> {
        let digits = if self.defect == Defect::TextDoesNotParse {
            text
        } else {
            text.trim_start_matches("take")
        };
        digits.parse().map(Take)
    }
    fn num_actions(&self) -> usize {
        4
    }
    fn action_id(&self, take: Take) -> usize {
        if self.defect == Defect::SharedIds {
            0
        } else {
            usize::from(take.0)
        }
    }
    fn action_from_id(&self, id: usize) -> Option<Take> {
        (id < 4).then_some(Take(id as u8))
    }
    fn view(&self, viewer: Viewer) -> NimView {
        let seat = match viewer {
            Viewer::Seat(s) if s < 2 => Some(s),
            _ => None,
        };
        NimView {
            left: self.left,
            seat,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then(|| Outcome::two_player(Some(self.to_move)))
    }
}

#[test]
fn a_correct_game_passes() {
    check::<Nim>(&Defect::None, &Config::default());
}

#[test]
#[should_panic(expected = "acted out of turn")]
fn a_missing_turn_check_is_caught() {
    check::<Nim>(&Defect::NoTurnCheck, &Config::default());
}

#[test]
#[should_panic(expected = "changed the game")]
fn a_refusal_that_changes_the_state_is_caught() {
    check::<Nim>(&Defect::RefusalChangesState, &Config::default());
}

#[test]
#[should_panic(expected = "does not parse")]
fn a_text_that_does_not_parse_back_is_caught() {
    check::<Nim>(&Defect::TextDoesNotParse, &Config::default());
}

#[test]
#[should_panic(expected = "does not map back")]
fn shared_ids_are_caught() {
    check::<Nim>(&Defect::SharedIds, &Config::default());
}

#[test]
fn random_playouts_end_games() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    for seed in 0..50 {
        let mut nim = Nim::new(&Defect::None, seed).unwrap();
        let start = nim.left;
        let steps = random_playout(&mut nim, &mut rng, &mut buf, 1_000);
        assert_eq!(nim.turn(), Turn::Over);
        assert!(steps >= usize::from(start).div_ceil(3) && steps <= usize::from(start));
    }
}

#[test]
fn dyn_game_reports_errors_by_code() {
    let mut table = game::new_dyn::<Nim>(serde_json::Value::Null, 0).unwrap();
    assert_eq!(table.name(), "nim");
    assert_eq!(
        table.play_text(0, "nonsense").unwrap_err().code(),
        "not_an_action"
    );
    assert_eq!(table.play_text(0, "take9").unwrap_err().code(), "illegal");
    assert_eq!(
        table.play_text(1, "take1").unwrap_err().code(),
        "not_your_turn"
    );
    assert_eq!(
        table.play_text(2, "take1").unwrap_err().code(),
        "no_such_seat"
    );
    assert_eq!(table.play_id(0, 99).unwrap_err().code(), "no_such_id");
    assert_eq!(table.play_id(0, 2).unwrap(), "take2");
    assert_eq!(
        table.view_json(Viewer::Spectator).unwrap(),
        serde_json::json!({"left": 3})
    );
    let bad = game::new_dyn::<Nim>(serde_json::json!("Sometimes"), 0);
    assert!(matches!(
        bad,
        Err(game::NewGameError::BadSettings { game: "nim", .. })
    ));
}

#[test]
fn values_named_in_finds_only_canonical_texts_at_any_depth() {
    let json = serde_json::json!({
        "hand": ["7", "07", {"deep": ["300", "12"]}],
        "count": 5,
        "name": "seven",
    });
    let mut found = game::conformance::values_named_in::<u8>(&json);
    found.sort_unstable();
    // "07" parses to 7 but is not 7's text; "300" is no u8; the number 5 is not a string.
    assert_eq!(found, [7, 12]);
}
