//! Game records: xiangqi PGN and plain ICCS move lists, both read and written.
//!
//! PGN follows the convention of xiangqi databases and Fairy-Stockfish: the usual tag pairs
//! with `[Red "…"]`/`[Black "…"]` names, `[Variant "xiangqi"]`, a `[FEN "…"]` tag when the
//! game does not start from the standard position, and a `[Format "…"]` tag naming the
//! notation of the movetext (`ICCS`, `WXF` or `Chinese`). When reading, moves may be in any
//! of the notations (mixed freely); comments `{…}` and `; …`, variations `(…)`, NAGs `$n`,
//! move numbers and the result token are skipped.

use std::fmt::Write as _;

use thiserror::Error;

use crate::game::{Game, RuleSet};
use crate::notation::{Description, MoveTextError, Notation};
use crate::position::{FenError, Position, Validation};
use crate::types::Color;

/// Why a game record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnError {
    /// A malformed tag pair line.
    #[error("malformed pgn tag: {0:?}")]
    Tag(String),
    /// The `[FEN]` tag is not a playable position.
    #[error("bad fen tag: {0}")]
    Fen(#[from] FenError),
    /// A move that is invalid or illegal at that point.
    #[error("move {ply} ({text:?}): {error}")]
    Move {
        /// Ply number, starting at 1.
        ply: usize,
        /// The move text.
        text: String,
        /// What is wrong with it.
        error: MoveTextError,
    },
    /// An unclosed comment or variation.
    #[error("unclosed comment or variation")]
    Unclosed,
}

/// A game read from PGN: the tags in file order and the game.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs in order (`Event`, `Red`, `FEN`, …).
    pub tags: Vec<(String, String)>,
    /// The game, with the moves played from the start position (or the `FEN` tag).
    pub game: Game,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PGN in `notation`, with extra tag pairs (written after the standard ones
/// unless they replace one of them, e.g. `("Red", "Hu Ronghua")`).
pub fn write_pgn(game: &Game, notation: Notation, tags: &[(&str, &str)]) -> String {
    let result = game.outcome().map_or("*", |o| o.result_str());
    let format = match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::ChineseSimplified | Notation::ChineseTraditional => "Chinese",
    };
    let mut std_tags: Vec<(String, String)> = [
        ("Game", "Chinese Chess"),
        ("Variant", "xiangqi"),
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("Red", "?"),
        ("Black", "?"),
        ("Result", result),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    for (k, v) in tags {
        if let Some(slot) = std_tags
            .iter_mut()
            .find(|(sk, _)| sk.eq_ignore_ascii_case(k))
        {
            (*v).clone_into(&mut slot.1);
        } else {
            std_tags.push(((*k).to_owned(), (*v).to_owned()));
        }
    }
    if *game.start() != Position::default() {
        std_tags.push(("FEN".to_owned(), game.start().fen()));
    }
    std_tags.push(("Format".to_owned(), format.to_owned()));
    let mut out = String::new();
    for (k, v) in &std_tags {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    let mut line = String::new();
    let mut pos = *game.start();
    for (i, m) in game.moves().enumerate() {
        let mut token = String::new();
        if pos.turn() == Color::Red {
            let _ = write!(token, "{}. ", pos.fullmoves());
        } else if i == 0 {
            let _ = write!(token, "{}... ", pos.fullmoves());
        }
        token.push_str(&pos.write_move(m, notation));
        if line.chars().count() + token.chars().count() > 78 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
        pos.play_unchecked(m);
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// Reads one PGN game (the first, if the text holds several), judged by `rules`, with its
/// `[FEN]` tag checked as `validation` asks ([`Validation::Strict`] unless the record is a
/// composed position). The moves are read as recorded, even past the point where `rules`
/// would have ended the game.
pub fn read_pgn(text: &str, rules: RuleSet, validation: Validation) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut in_moves = false;
    for line in text.trim_start_matches('\u{feff}').lines() {
        let t = line.trim();
        if !in_moves && t.starts_with('[') {
            let inner = t
                .strip_prefix('[')
                .and_then(|s| s.strip_suffix(']'))
                .ok_or_else(|| PgnError::Tag(t.to_owned()))?;
            let (key, rest) = inner
                .split_once(char::is_whitespace)
                .ok_or_else(|| PgnError::Tag(t.to_owned()))?;
            let value = rest.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| PgnError::Tag(t.to_owned()))?;
            tags.push((
                key.to_owned(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
        } else if !t.is_empty() || in_moves {
            if t.starts_with('[') && in_moves {
                break; // the next game
            }
            in_moves = in_moves || !t.is_empty();
            // Strip `;` comments to the end of the line.
            movetext.push_str(t.split(';').next().unwrap_or(""));
            movetext.push('\n');
        }
    }
    let start = match tags.iter().find(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => Position::from_fen_with(fen, validation)?,
        None => Position::default(),
    };
    let mut game = Game::with_rules(start, rules);
    read_moves_into(&mut game, &movetext)?;
    Ok(PgnGame { tags, game })
}

/// Splits movetext into move tokens, dropping comments, variations, NAGs, numbers, results.
fn move_tokens(movetext: &str) -> Result<Vec<String>, PgnError> {
    let mut clean = String::new();
    let mut depth = 0usize;
    let mut comment = false;
    for c in movetext.chars() {
        match c {
            '{' if !comment => comment = true,
            '}' if comment => comment = false,
            '(' if !comment => depth += 1,
            ')' if !comment && depth > 0 => depth -= 1,
            _ if comment || depth > 0 => {}
            _ => clean.push(c),
        }
    }
    if comment || depth > 0 {
        return Err(PgnError::Unclosed);
    }
    let mut tokens = Vec::new();
    for raw in clean.split_whitespace() {
        // Leading move numbers: "12." "12..." or "12.h2e2"; but "25.6" is a WXF move (the
        // second of several soldiers on file 5 to file 6), not move 25.
        let t = raw.trim_start_matches(|c: char| c.is_ascii_digit());
        let t =
            if t.len() < raw.len() && t.starts_with('.') && Description::parse_wxf(raw).is_none() {
                t.trim_start_matches('.')
            } else {
                raw
            };
        if t.is_empty() || t.starts_with('$') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&t) {
            continue;
        }
        tokens.push(t.trim_end_matches(['!', '?', '+', '#']).to_owned());
        // WXF moves end in a digit, so a trailing '+' is always a check mark, never notation.
    }
    Ok(tokens)
}

fn read_moves_into(game: &mut Game, movetext: &str) -> Result<(), PgnError> {
    for (i, token) in move_tokens(movetext)?.into_iter().enumerate() {
        // parse_move only returns legal moves, and a record may go on past a result the
        // rules would have declared: the move is recorded as played.
        let m = game
            .position()
            .parse_move(&token)
            .map_err(|error| PgnError::Move {
                ply: i + 1,
                text: token,
                error,
            })?;
        game.play_unchecked(m);
    }
    Ok(())
}

/// The moves of `game` as a plain space-separated ICCS list (`h2e2 h9g7 …`).
pub fn write_iccs_list(game: &Game) -> String {
    game.moves()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays a move list (ICCS, or any notation; numbers and comments are skipped) from `start`.
pub fn read_move_list(start: Position, text: &str, rules: RuleSet) -> Result<Game, PgnError> {
    let mut game = Game::with_rules(start, rules);
    read_moves_into(&mut game, text)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_round_trips_in_every_notation() {
        let mut g = Game::default();
        for m in [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2b6", "c6c5",
        ] {
            g.play(m.parse().unwrap()).unwrap();
        }
        for n in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::ChineseSimplified,
            Notation::ChineseTraditional,
        ] {
            let text = write_pgn(
                &g,
                n,
                &[("Red", "Hu \"Ronghua\""), ("Opening", "central cannon")],
            );
            assert!(text.contains("[Variant \"xiangqi\"]"), "{text}");
            let back = read_pgn(&text, RuleSet::default(), Validation::Strict).unwrap();
            assert_eq!(
                back.game.moves().collect::<Vec<_>>(),
                g.moves().collect::<Vec<_>>(),
                "{text}"
            );
            assert_eq!(back.tag("Red"), Some("Hu \"Ronghua\""));
            assert_eq!(back.tag("opening"), Some("central cannon"));
        }
    }

    #[test]
    fn pgn_with_fen_comments_and_mixed_notation() {
        let text = "[Event \"test\"]\n[FEN \"3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1\"]\n\n\
                    1. a1d1 {check} d9e9 2. 俥六平五 (2. R6.4 e9f9) 將5平4 ; comment\n3. R5.6 $1 1-0\n";
        let g = read_pgn(text, RuleSet::default(), Validation::Strict).unwrap();
        assert_eq!(write_iccs_list(&g.game), "a1d1 d9e9 d1e1 e9d9 e1d1");
        let again = write_pgn(&g.game, Notation::Iccs, &[]);
        assert!(
            again.contains("[FEN \"3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1\"]"),
            "{again}"
        );
    }

    #[test]
    fn bad_records_name_the_problem() {
        assert!(matches!(
            read_pgn("[Event test]\n", RuleSet::default(), Validation::Strict),
            Err(PgnError::Tag(_))
        ));
        assert!(matches!(
            read_pgn(
                "[FEN \"9/9 w\"]\n1. h2e2",
                RuleSet::default(),
                Validation::Strict
            ),
            Err(PgnError::Fen(_))
        ));
        assert!(matches!(
            read_pgn(
                "1. h2e2 h9g7 2. h2e9",
                RuleSet::default(),
                Validation::Strict
            ),
            Err(PgnError::Move {
                ply: 3,
                error: MoveTextError::Illegal(_),
                ..
            })
        ));
        assert!(matches!(
            read_pgn("1. h2e2 xyz", RuleSet::default(), Validation::Strict),
            Err(PgnError::Move {
                ply: 2,
                error: MoveTextError::Invalid(_),
                ..
            })
        ));
        assert!(matches!(
            read_pgn("1. h2e2 {oops", RuleSet::default(), Validation::Strict),
            Err(PgnError::Unclosed)
        ));
        let g = read_move_list(Position::default(), "h2e2 h9g7 h0g2", RuleSet::default()).unwrap();
        assert_eq!(g.len(), 3);
        let bom = read_pgn(
            "\u{feff}[Event \"x\"]\r\n\r\n1. h2e2 h9g7 *\r\n",
            RuleSet::default(),
            Validation::Strict,
        )
        .unwrap();
        assert_eq!((bom.tag("Event"), bom.game.len()), (Some("x"), 2));
    }

    /// Nine cannons and a chariot: 142 legal moves (the move list held 128).
    const NINE_CANNONS: &str = "4k4/9/9/9/C1C1C1C1C/1C1C1C1C1/9/9/9/R2K5 w - - 0 1";

    #[test]
    fn pgn_fen_tag_is_strict_unless_permissive() {
        let text = format!("[FEN \"{NINE_CANNONS}\"]\n\n1. a0a1 *\n");
        assert!(matches!(
            read_pgn(&text, RuleSet::default(), Validation::Strict),
            Err(PgnError::Fen(FenError::Invalid(_)))
        ));
        let g = read_pgn(&text, RuleSet::default(), Validation::Permissive).unwrap();
        assert_eq!(write_iccs_list(&g.game), "a0a1");
    }

    #[test]
    fn pgn_reads_back_wxf_tandem_soldier_moves() {
        // Three red soldiers on the e-file: WXF writes the middle one's move as `25.6`, which
        // the reader took for move number 25.
        let start = Position::from_fen_with(
            "3k5/9/9/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1",
            Validation::Permissive,
        )
        .unwrap();
        let mut g = Game::new(start);
        for m in ["e5d5", "d9d8", "d5c5", "d8d9"] {
            g.play(m.parse().unwrap()).unwrap();
        }
        let text = write_pgn(&g, Notation::Wxf, &[]);
        assert!(text.contains("1. 25.6 "), "{text}");
        let back = read_pgn(&text, RuleSet::default(), Validation::Permissive).unwrap();
        assert_eq!(write_iccs_list(&back.game), write_iccs_list(&g));
    }
}
