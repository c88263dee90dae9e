//! Gomocup protocol transcripts: a scripted input, the exact output expected.

use gomoku_brain::protocol::{ABOUT, serve};
use std::collections::VecDeque;
use std::io::{BufReader, Cursor, Read};
use std::time::{Duration, Instant};

/// Runs a session over `script` (lines joined by CR LF, as managers send them): every
/// output line, the `MESSAGE` lines included.
fn full_transcript(script: &[&str]) -> Vec<String> {
    let input = script.join("\r\n") + "\r\n";
    let mut out = Vec::new();
    serve(Cursor::new(input.into_bytes()), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The output of [`full_transcript`] without the `MESSAGE` lines (their node counts and
/// times vary), as a manager reads it.
fn transcript(script: &[&str]) -> Vec<String> {
    let mut out = full_transcript(script);
    out.retain(|l| !l.starts_with("MESSAGE "));
    out
}

#[test]
fn each_move_follows_a_message_with_the_search() {
    let out = full_transcript(&[
        "START 15",
        "INFO timeout_turn 200",
        "BEGIN",
        "TURN 8,8",
        // A new board where the brain has four in a row: it makes five.
        "BOARD",
        "7,7,1",
        "0,0,2",
        "8,7,1",
        "2,0,2",
        "9,7,1",
        "4,0,2",
        "10,7,1",
        "6,0,2",
        "DONE",
    ]);
    assert_eq!(out.len(), 7, "{out:?}");
    assert_eq!(out[0], "OK");
    assert!(
        out[1].starts_with("MESSAGE depth 0 | eval +0 | nodes "),
        "{}",
        out[1]
    );
    assert!(out[1].ends_with("| opening | pv 7,7"), "{}", out[1]);
    assert_eq!(out[2], "7,7");
    let searched: Vec<&str> = out[3].split(" | ").collect();
    assert!(searched[0].starts_with("MESSAGE depth "), "{}", out[3]);
    let depth: u32 = searched[0]["MESSAGE depth ".len()..].parse().unwrap();
    assert!(depth >= 1, "{}", out[3]);
    assert_eq!(searched[5], "search", "{}", out[3]);
    let pv = searched[6].strip_prefix("pv ").unwrap();
    assert_eq!(pv.split(' ').next(), Some(out[4].as_str()), "{}", out[3]);
    assert!(
        out[5].starts_with("MESSAGE depth 0 | eval wins in 1 |")
            && out[5].ends_with("| win | pv 6,7"),
        "{}",
        out[5]
    );
    assert_eq!(out[6], "6,7");
}

#[test]
fn start_begin_about_and_restart() {
    let out = transcript(&[
        "ABOUT",
        "START 15",
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO time_left 100000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO folder C:\\brains",
        "INFO evaluate 7,7",
        "BEGIN",
        "RESTART",
        "RECTSTART 20,15",
        "BEGIN",
    ]);
    assert_eq!(out, [ABOUT, "OK", "7,7", "OK", "OK", "9,7"]);
}

#[test]
fn board_wins_in_one_and_blocks_a_five() {
    let out = transcript(&[
        "START 15",
        // The brain (field 1, Black: as many stones as the opponent) has four in a row.
        "BOARD", "7,7,1", "0,0,2", "8,7,1", "2,0,2", "9,7,1", "4,0,2", "10,7,1", "6,0,2", "DONE",
        // The brain is White (one stone fewer); the opponent's four has one open end left.
        "BOARD", "7,7,2", "6,7,1", "8,7,2", "0,0,1", "9,7,2", "14,14,1", "10,7,2", "DONE",
    ]);
    assert_eq!(out, ["OK", "6,7", "11,7"]);
}

#[test]
fn turns_takeback_and_forced_answers() {
    let out = transcript(&[
        "START 15",
        "INFO rule 1",
        "BOARD",
        "7,7,2",
        "6,7,1",
        "8,7,2",
        "0,0,1",
        "9,7,2",
        "14,14,1",
        "10,7,2",
        "DONE",
        // Take back the brain's block and then the opponent's stone on 10,7: the opponent
        // is to move and plays 11,7, whose five point 10,7 the brain must take.
        "TAKEBACK 11,7",
        "TAKEBACK 11,7",
        "TAKEBACK 10,7",
        "TURN 11,7",
    ]);
    assert_eq!(
        out,
        [
            "OK",
            "11,7",
            "OK",
            "ERROR no stone on 11,7 to take back",
            "OK",
            "10,7"
        ]
    );
}

#[test]
fn rule_bitmask_and_renju_fouls() {
    // Renju (rule 4): the brain is Black; White's four h7-g6-f5-e4 (d3 blocked) has its five
    // point on i8, which would be a double three for Black (f8 g8 . i8 and i8 . i10 i11).
    // Black cannot block, so it plays any other legal point.
    let own = ["5,7", "6,7", "8,9", "8,10", "3,2"];
    let other = ["4,3", "5,4", "6,5", "7,6", "14,14"];
    let mut setup = gomoku::Setup::empty(15, 15, gomoku::Rule::Renju);
    setup.black = own.iter().map(|p| p.parse().unwrap()).collect();
    setup.white = other.iter().map(|p| p.parse().unwrap()).collect();
    let pos = gomoku::Position::from_setup(&setup).unwrap();
    assert_eq!(
        pos.foul_at("i8".parse().unwrap()),
        Some(gomoku::Foul::DoubleThree)
    );
    let mut script = vec!["START 15".to_owned(), "INFO rule 4".into(), "BOARD".into()];
    script.extend(own.iter().map(|p| format!("{p},1")));
    script.extend(other.iter().map(|p| format!("{p},2")));
    script.push("DONE".into());
    let out = transcript(&script.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(out.len(), 2, "{out:?}");
    let answer: gomoku::Point = out[1].parse().unwrap();
    assert!(
        pos.check(answer).is_ok(),
        "{answer} must be legal for black"
    );
    let out = transcript(&[
        "START 15",
        "INFO rule 12",
        "INFO rule 2",
        "INFO rule 9",
        "BEGIN",
    ]);
    assert_eq!(
        out,
        [
            "OK",
            "ERROR unknown Gomocup rule 12 (expected 0 freestyle, 1 exact five, 4 renju, 8 caro, 9 caro with exact five; bit 2, continuous game, may be added)",
            "7,7"
        ]
    );
}

#[test]
fn malformed_and_unknown_lines_change_nothing() {
    let out = transcript(&[
        "BEGIN",
        "START",
        "START 40",
        "RECTSTART 20",
        "START 15",
        "HELLO world",
        "TURN 7",
        "TURN 15,3",
        "TURN a,b",
        "INFO timeout_turn soon",
        "INFO",
        "BEGIN now",
        "BOARD",
        "7,7,1",
        "7,7,2",
        "DONE",
        "BOARD",
        "7,7,3",
        "1,1",
        "DONE",
        "BOARD",
        "7,7,1",
        "8,8,1",
        "DONE",
        "SWAP2BOARD",
        "7,7",
        "DONE",
        "TAKEBACK 1,1",
        "BEGIN",
    ]);
    assert_eq!(
        out,
        [
            "ERROR no board yet: send START first",
            "ERROR bad board size \"\"",
            "ERROR board size 40x40 is not supported (each side must be 5..=32)",
            "ERROR RECTSTART expects width,height, got \"20\"",
            "OK",
            "UNKNOWN unknown command \"HELLO world\"",
            "ERROR expected x,y, got \"7\"",
            "ERROR 15,3: p4 is off the board",
            "ERROR bad coordinate \"a\" in \"a,b\"",
            "ERROR INFO timeout_turn expects a number, got \"soon\"",
            "ERROR INFO expects a key and a value",
            "ERROR BEGIN takes no argument",
            "ERROR two stones on h8",
            "ERROR bad field \"3\" in \"7,7,3\" (expected 1 or 2)",
            "ERROR 2 own and 0 opponent stones: cannot be the brain's turn",
            "ERROR SWAP2BOARD expects 0, 3 or 5 stones, got 1",
            "ERROR no stone on 1,1 to take back",
            "7,7",
        ]
    );
}

#[test]
fn swap2_places_three_stones_then_chooses() {
    let out = transcript(&["START 15", "INFO timeout_turn 500", "SWAP2BOARD", "DONE"]);
    let stones: Vec<&str> = out[1].split(' ').collect();
    assert_eq!(stones.len(), 3, "{out:?}");
    assert_eq!(stones[0], "7,7");
    let out = transcript(&[
        "START 15",
        "INFO timeout_turn 500",
        "SWAP2BOARD",
        "7,7",
        "8,7",
        "9,9",
        "DONE",
        "SWAP2BOARD",
        "7,7",
        "7,8",
        "7,6",
        "0,0",
        "7,5",
        "DONE",
    ]);
    assert_eq!(out.len(), 3);
    assert!(
        out[1] == "SWAP" || out[1].split(',').count() == 2,
        "{out:?}"
    );
    // Black's open three on column 7 after five stones: White to move stands worse... but
    // must block; the brain either swaps to Black or blocks the three.
    assert!(
        ["SWAP", "7,4", "7,9", "7,3", "7,10"].contains(&out[2].as_str()),
        "{out:?}"
    );
}

/// A reader that hands out its parts one `read` at a time, sleeping before each.
struct Slow(VecDeque<(Duration, Vec<u8>)>);

impl Read for Slow {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((wait, part)) = self.0.pop_front() else {
            return Ok(0);
        };
        std::thread::sleep(wait);
        buf[..part.len()].copy_from_slice(&part);
        Ok(part.len())
    }
}

#[test]
fn end_stops_a_long_search_at_once() {
    let script = "START 15\nINFO timeout_turn 60000\nINFO timeout_match 0\nBOARD\n7,7,2\n8,8,1\n9,7,2\nDONE\n";
    let input = Slow(VecDeque::from([
        (Duration::ZERO, script.as_bytes().to_vec()),
        (Duration::from_millis(300), b"END\n".to_vec()),
    ]));
    let start = Instant::now();
    let mut out = Vec::new();
    serve(BufReader::new(input), &mut out).unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "END waited for a 60 s search: {:?}",
        start.elapsed()
    );
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().next(), Some("OK"));
}
