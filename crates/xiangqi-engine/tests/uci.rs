//! Protocol transcripts: scripted stdin → expected stdout. Numbers that depend on the clock
//! (`nodes`, `nps`, `time`, `hashfull`) are masked as `_`; everything else is compared whole.

use std::io::Write;
use std::sync::{Arc, Mutex};

use xiangqi_engine::uci::Uci;

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Shared {
    /// Everything written so far.
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn mask(line: &str) -> String {
    let mut out = Vec::new();
    let mut words = line.split(' ');
    while let Some(w) = words.next() {
        out.push(w.to_string());
        if line.starts_with("info depth") && matches!(w, "nodes" | "nps" | "time" | "hashfull") {
            words.next();
            out.push("_".to_string());
        }
    }
    out.join(" ")
}

/// Feeds `script` line by line, the way a GUI does: after a `go` that ends by itself it waits
/// for the `bestmove` before sending the next line. Returns the masked output.
fn transcript(script: &str) -> String {
    let out = Shared::default();
    let mut uci = Uci::new(out.clone());
    for line in script.lines() {
        uci.handle(line);
        let endless = line.contains("infinite") || line.contains("ponder");
        if line.starts_with("go") && !endless {
            uci.wait();
        }
    }
    uci.stop();
    let text = out.text();
    text.lines().map(mask).collect::<Vec<_>>().join("\n")
}

#[test]
fn handshake() {
    assert_eq!(
        transcript("uci\nisready"),
        "id name parlor-xiangqi 0.1.0
id author the parlor developers
option name Hash type spin default 16 min 1 max 4096
option name Threads type spin default 1 min 1 max 256
option name Clear Hash type button
option name MultiPV type spin default 1 min 1 max 128
option name Skill Level type spin default 20 min 0 max 20
option name Move Overhead type spin default 10 min 0 max 5000
option name Ponder type check default false
uciok
readyok"
    );
}

#[test]
fn mate_in_one_by_depth() {
    // The chariot on a8 holds rank 8 and the red general the e-file; b5b9 mates.
    assert_eq!(
        transcript("position fen 3k5/R8/9/9/1R7/9/9/9/9/4K4 w - - 0 1\ngo depth 3"),
        "info depth 1 seldepth 1 multipv 1 score mate 1 nodes _ nps _ hashfull _ time _ pv b5b9
info depth 2 seldepth 2 multipv 1 score mate 1 nodes _ nps _ hashfull _ time _ pv b5b9
info depth 3 seldepth 3 multipv 1 score mate 1 nodes _ nps _ hashfull _ time _ pv b5b9
bestmove b5b9"
    );
}

#[test]
fn go_mate_stops_at_the_mate() {
    let out = transcript("position fen 3k5/R8/9/9/1R7/9/9/9/9/4K4 w - - 0 1\ngo mate 1");
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.ends_with("bestmove b5b9"), "{out}");
}

#[test]
fn perft_divides_and_counts() {
    let out = transcript("position startpos moves h2e2\ngo perft 1");
    let lines: Vec<&str> = out.lines().collect();
    // One line per black reply to the central cannon, a blank line, the total.
    let mut pos = xiangqi::Position::default();
    pos.play("h2e2".parse().unwrap()).unwrap();
    let mut list = xiangqi::MoveList::new();
    pos.legal_moves(&mut list);
    let n = list.len();
    assert_eq!(lines.len(), n + 2, "{out}");
    assert!(lines[..n].iter().all(|l| l.ends_with(": 1")), "{out}");
    assert_eq!(lines[n..], ["", &format!("Nodes searched: {n}")]);
    assert!(transcript("go perft 2").ends_with("\nNodes searched: 1920"));
    assert!(transcript("go perft 3").ends_with("\nNodes searched: 79666"));
}

#[test]
fn malformed_lines_get_info_string_and_change_nothing() {
    let out = transcript(
        "position fen 3k5/R8/9/9/1R7/9/9/9/9/4K4 w - - 0 1
position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1
position startpos moves h2e2 h2e2
position startpos moves h2-e2x
position
go depth x
go wtime
go searchmoves a0a9
go sideways 3
go perft 99
setoption name Hash value 0
setoption name Hash value lots
setoption name Fancy value 1
setoption name Threads value 0
setoption Hash 4
xyzzy
go depth 1",
    );
    let lines: Vec<&str> = out.lines().collect();
    // The reason comes from the rules crate's FEN error.
    assert!(
        lines[0].starts_with("info string invalid fen \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1\": "),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1..14],
        [
            "info string move 2 h2e2 is illegal in rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            "info string move 1 \"h2-e2x\" is not ICCS (like h2e2)",
            "info string position needs: startpos | fen <fen> [moves <m>…]",
            "info string invalid depth value \"x\"",
            "info string wtime needs a value",
            "info string searchmoves: a0a9 is not legal here",
            "info string unknown go parameter \"sideways\"",
            "info string perft depth 99 is too deep (at most 8)",
            "info string Hash must be between 1 and 4096, got 0",
            "info string invalid Hash value \"lots\"",
            "info string unknown option \"Fancy\"",
            "info string Threads must be between 1 and 256, got 0",
            "info string setoption needs: name <id> [value <x>]",
        ]
    );
    assert_eq!(lines[14], "info string unknown command \"xyzzy\"");
    // The first position stands: the search still finds the mate in one.
    assert_eq!(lines[lines.len() - 1], "bestmove b5b9");
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_meanwhile() {
    let out = transcript("go infinite\nisready\nstop\nisready");
    let lines: Vec<&str> = out.lines().collect();
    let ready = lines.iter().position(|l| *l == "readyok").unwrap();
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove "))
        .unwrap();
    assert!(ready < best, "{out}");
    assert_eq!(lines.last(), Some(&"readyok"));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        1
    );
}

#[test]
fn commands_that_need_an_idle_engine_wait_for_stop() {
    // Sent one after the other while `go infinite` runs (no waiting between them); a
    // malformed `go` is named even then.
    let out = Shared::default();
    let mut uci = Uci::new(out.clone());
    for line in [
        "go infinite",
        "ucinewgame",
        "setoption name Hash value 8",
        "go depth x",
        "go perft 2",
        "go infinite",
        "stop",
    ] {
        uci.handle(line);
    }
    uci.stop();
    let text = out.text();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(
        lines,
        [
            "info string ucinewgame ignored while searching (send stop first)",
            "info string setoption Hash ignored while searching (send stop first)",
            "info string invalid depth value \"x\"",
            "info string go ignored: already searching",
            "info string go ignored: already searching",
        ]
    );
}

#[test]
fn ponder_then_ponderhit_answers_on_the_clock() {
    // While pondering the engine never answers; after ponderhit it has a 3 s clock (about
    // 100 ms for this move) and answers by itself.
    let out = Shared::default();
    let mut uci = Uci::new(out.clone());
    uci.handle("position startpos moves h2e2");
    uci.handle("go ponder wtime 3000 btime 3000");
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(!out.text().contains("bestmove"));
    uci.handle("ponderhit");
    uci.wait();
    let text = out.text();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{text}"
    );
}

#[test]
fn multipv_reports_each_line() {
    let out = transcript("setoption name MultiPV value 3\nposition startpos\ngo depth 2");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    for (i, l) in lines[..6].iter().enumerate() {
        let prefix = format!("info depth {} seldepth", i / 3 + 1);
        assert!(l.starts_with(&prefix), "{l}");
        assert!(l.contains(&format!(" multipv {} ", i % 3 + 1)), "{l}");
    }
    // Three different first moves at each depth.
    let firsts: std::collections::HashSet<&str> = lines[3..6]
        .iter()
        .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3);
}

#[test]
fn skill_level_still_plays_legal_moves() {
    for level in [0, 5, 10] {
        let out = transcript(&format!(
            "setoption name Skill Level value {level}\nposition startpos moves h2e2\ngo depth 8"
        ));
        let best = out
            .lines()
            .last()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .to_string();
        let mut pos = xiangqi::Position::default();
        pos.play("h2e2".parse().unwrap()).unwrap();
        assert!(pos.is_legal(best.parse().unwrap()), "level {level}: {out}");
        // Depth is capped at 1 + level.
        let deepest = out.lines().filter(|l| l.starts_with("info depth")).count();
        assert!(deepest <= 4 * (1 + level), "level {level}: {out}");
    }
}

#[test]
fn threads_search_together_and_find_the_mate() {
    // Lazy SMP on three threads: the helpers share the table and stop with the main thread;
    // the answer is still a mate in one (the check b5b9, or any move that keeps Black, who
    // has no move already, stalemated: stalemate loses), and node counts include every thread.
    let fen = "3k5/R8/9/9/1R7/9/9/9/9/4K4 w - - 0 1";
    let out = transcript(&format!(
        "setoption name Threads value 3\nposition fen {fen}\ngo depth 6"
    ));
    let best = out
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .and_then(|l| l.split_whitespace().next());
    let mut pos = xiangqi::Position::from_fen(fen).unwrap();
    pos.play(best.expect("a bestmove").parse().unwrap())
        .unwrap();
    assert!(
        matches!(
            pos.outcome(),
            Some(xiangqi::Outcome::Win {
                winner: xiangqi::Color::Red,
                ..
            })
        ),
        "{out}"
    );
    assert!(out.contains("score mate 1"), "{out}");
    let during = transcript(
        "setoption name Threads value 2\ngo infinite\nsetoption name Threads value 1\nstop",
    );
    assert!(
        during.contains("info string setoption Threads ignored while searching (send stop first)"),
        "{during}"
    );
}

/// An output that holds the search thread for a while after each `bestmove` is flushed,
/// the way a slow pipe does: the line is readable, the thread has not returned.
#[derive(Clone, Default)]
struct SlowAfterBestmove {
    out: Shared,
    bestmove_pending: bool,
}

impl Write for SlowAfterBestmove {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bestmove_pending |= buf.starts_with(b"bestmove");
        self.out.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        if std::mem::take(&mut self.bestmove_pending) {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        Ok(())
    }
}

#[test]
fn go_right_after_bestmove_is_not_ignored() {
    // A GUI (or the arena) may send the next position and go as soon as it reads bestmove,
    // while the search thread is still returning: that go used to be refused as "already
    // searching" and never answered. The output holds the thread after each bestmove, so
    // every go below arrives inside that window.
    let out = Shared::default();
    let mut uci = Uci::new(SlowAfterBestmove {
        out: out.clone(),
        bestmove_pending: false,
    });
    let bestmoves = || {
        out.text()
            .lines()
            .filter(|l| l.starts_with("bestmove"))
            .count()
    };
    for n in 1..=5 {
        uci.handle("position startpos");
        uci.handle("go depth 1");
        let asked = std::time::Instant::now();
        while bestmoves() < n {
            assert!(
                asked.elapsed().as_secs() < 10,
                "go number {n} was not answered"
            );
            std::thread::yield_now();
        }
    }
    uci.stop();
    let text = out.text();
    assert!(!text.contains("already searching"), "{text}");
    assert_eq!(bestmoves(), 5);
}
