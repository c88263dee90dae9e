//! Texel tuning: fits the evaluation's weights (`weights.rs`) to game results.
//!
//! Each quiet position of a set of games (not in check, the move played from it not a
//! capture, no capture winning material by static exchange) becomes a [`Sample`]: its
//! terms (Red's counts minus Black's), its phase and the game's result for Red. The
//! evaluation is linear in the weights, so the predicted result
//! `1 / (1 + 10^(−K·eval/400))` and the mean squared error against the real results have
//! an exact gradient; [`Tuner`] fits `K` once to the starting weights, then descends (Adam) on
//! all the weights at once.

use std::collections::HashSet;
use std::fmt::Write as _;

use xiangqi::{Color, PgnError, Position, RuleSet, Validation, read_pgn};

use crate::board::legal_moves;
use crate::eval::{MAX_PHASE, Terms, WEIGHTS, count_terms, term};
use crate::search::Score;
use crate::see::see;

/// One position's terms and its game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The non-zero terms: (term, Red's count minus Black's).
    terms: Vec<(u16, i16)>,
    /// The phase, 0 (no chariot, horse or cannon left) ..= 32.
    phase: u8,
    /// The game's result for Red: 1, ½ or 0.
    result: f32,
}

/// Red's counts minus Black's, for every term.
struct Trace([i32; term::COUNT]);

impl Terms for Trace {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.0[term] += if color == Color::Red { count } else { -count };
    }
}

impl Sample {
    /// The sample of `pos` from a game that ended `result` for Red.
    pub fn new(pos: &Position, result: f32) -> Sample {
        let mut trace = Trace([0; term::COUNT]);
        let phase = count_terms(pos, &mut trace);
        Sample {
            terms: (0..term::COUNT)
                .filter(|&t| trace.0[t] != 0)
                .map(|t| (t as u16, trace.0[t] as i16))
                .collect(),
            phase: phase as u8,
            result,
        }
    }

    /// The evaluation for Red under `weights`.
    fn eval(&self, weights: &[[f64; 2]]) -> f64 {
        let ph = f64::from(self.phase) / f64::from(MAX_PHASE);
        self.terms
            .iter()
            .map(|&(t, c)| {
                let [mg, eg] = weights[usize::from(t)];
                f64::from(c) * (mg * ph + eg * (1.0 - ph))
            })
            .sum()
    }
}

/// The game records of `text` (PGN, one game after another), each from its `[Event ` tag.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut games: Vec<&str> = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices("[Event ") {
        if i > start {
            games.push(&text[start..i]);
        }
        start = i;
    }
    games.push(&text[start..]);
    games.retain(|g| !g.trim().is_empty());
    games
}

/// The samples of every game in `text` (PGN, one game after another, each with a decisive or
/// drawn `Result` tag; unfinished games are skipped): the quiet positions from ply `skip` on.
pub fn samples_from_pgn(text: &str, skip: usize) -> Result<Vec<Sample>, PgnError> {
    Ok(quiet_positions(text, skip)?
        .iter()
        .map(|(pos, result)| Sample::new(pos, *result))
        .collect())
}

/// The quiet positions of every finished game in `text` from ply `skip` on, each with its
/// game's result for Red: not in check, not just after a capture, and without a capture that
/// wins material by static exchange (the positions [`samples_from_pgn`] fits).
pub fn quiet_positions(text: &str, skip: usize) -> Result<Vec<(Position, f32)>, PgnError> {
    let mut positions = Vec::new();
    for record in split_games(text) {
        let pgn = read_pgn(record, RuleSet::ASIAN, Validation::Strict)?;
        let result = match pgn.tag("Result") {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let game = &pgn.game;
        for (ply, m) in game.moves().enumerate().skip(skip) {
            let pos = game.position_at(ply).expect("ply within the game");
            if !pos.is_check() && pos.piece_at(m.to).is_none() && !wins_material(pos) {
                positions.push((*pos, result));
            }
        }
    }
    Ok(positions)
}

/// A teacher's score beyond which every position counts as won (mates included).
const TEACHER_CLAMP: f64 = 3000.0;

/// A teacher's `score` of a position with `turn` to move, as centipawns for Red (mates as
/// ±3,000).
pub fn red_centipawns(score: Score, turn: Color) -> f64 {
    let cp = match score {
        Score::Cp(cp) => f64::from(cp).clamp(-TEACHER_CLAMP, TEACHER_CLAMP),
        Score::Mate(n) if n > 0 => TEACHER_CLAMP,
        Score::Mate(_) => -TEACHER_CLAMP,
    };
    if turn == Color::Red { cp } else { -cp }
}

/// The labels of positions a teacher scored: `labelled` holds (Red's centipawns by the
/// teacher, the game's result for Red). The teacher's scale `K` is fitted to the results;
/// each label is `blend` × the result + (1 − `blend`) × the result the teacher's score
/// predicts. Returns the labels and `K`.
pub fn blended_labels(labelled: &[(f64, f32)], blend: f64) -> (Vec<f64>, f64) {
    let k = best_k(|k| {
        let sum: f64 = labelled
            .iter()
            .map(|&(cp, result)| (f64::from(result) - sigmoid(k, cp)).powi(2))
            .sum();
        sum / count(labelled.len())
    });
    let labels = labelled
        .iter()
        .map(|&(cp, result)| blend * f64::from(result) + (1.0 - blend) * sigmoid(k, cp))
        .collect();
    (labels, k)
}

/// The samples of labelled positions: one `FEN | score` line each, the score Red's expected
/// result from 0 (a loss) to 1 (a win), as a teacher's evaluation or a game's result gives
/// it. Blank lines and lines starting with `#` are skipped.
fn samples_from_positions(text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let problem = |what: String| format!("line {}: {what}", i + 1);
        let (fen, score) = line
            .split_once('|')
            .ok_or_else(|| problem("expected `FEN | score`".into()))?;
        let pos = Position::from_fen(fen.trim()).map_err(|e| problem(e.to_string()))?;
        let score: f32 = score
            .trim()
            .parse()
            .ok()
            .filter(|s| (0.0..=1.0).contains(s))
            .ok_or_else(|| {
                problem(format!(
                    "score {:?} is not a number from 0 to 1",
                    score.trim()
                ))
            })?;
        samples.push(Sample::new(&pos, score));
    }
    Ok(samples)
}

/// True if the side to move has a capture that wins material by static exchange: the
/// position is not quiet, its static evaluation misses what the capture wins.
fn wins_material(pos: &Position) -> bool {
    legal_moves(pos)
        .iter()
        .any(|&m| pos.piece_at(m.to).is_some() && see(pos, m) > 0)
}

/// The samples for a fit and for a held-out error, from games and labelled positions added
/// file by file.
pub struct GameSets {
    /// The samples to fit.
    pub fit: Vec<Sample>,
    /// The samples held out of the fit.
    pub held_out: Vec<Sample>,
    /// The moves of each game added, to add each game once.
    seen: HashSet<String>,
    /// How many distinct games were added to fit from (some of them held out).
    offered: usize,
    /// How many labelled positions were added (some of them held out).
    labelled: usize,
    /// Every how many games, and every how many labelled positions, one is held out.
    every: usize,
}

impl GameSets {
    /// Empty sets that will hold out every `holdout_every`th game (none if `None`).
    pub fn new(holdout_every: Option<usize>) -> GameSets {
        GameSets {
            fit: Vec::new(),
            held_out: Vec::new(),
            seen: HashSet::new(),
            offered: 0,
            labelled: 0,
            every: holdout_every.map_or(usize::MAX, |n| n.max(1)),
        }
    }

    /// Adds the samples (from ply `skip` on) of the games in `text` not added before (the
    /// same moves make the same positions): all held out if `held_out`, else every Nth held
    /// out. Add the held-out games first, so that a game also given to fit is held out only.
    pub fn add(&mut self, text: &str, held_out: bool, skip: usize) -> Result<(), PgnError> {
        for game in split_games(text) {
            let moves = game.split_once("\n\n").map_or(game, |(_, moves)| moves);
            if !self.seen.insert(moves.to_owned()) {
                continue;
            }
            if !held_out {
                self.offered += 1;
            }
            let into = if held_out || self.offered.is_multiple_of(self.every) {
                &mut self.held_out
            } else {
                &mut self.fit
            };
            into.extend(samples_from_pgn(game, skip)?);
        }
        Ok(())
    }

    /// Adds the labelled positions in `text`, every Nth held out, counted across all the
    /// files added. Each line is `FEN | score`, the score Red's expected result from 0 (a
    /// loss) to 1 (a win); blank lines and lines starting with `#` are skipped. A malformed
    /// line is refused with its number and the problem, and then nothing is added.
    pub fn add_positions(&mut self, text: &str) -> Result<(), String> {
        for sample in samples_from_positions(text)? {
            self.labelled += 1;
            if self.labelled.is_multiple_of(self.every) {
                self.held_out.push(sample);
            } else {
                self.fit.push(sample);
            }
        }
        Ok(())
    }
}

/// The weights as floats, `[middlegame, endgame]` per term.
pub fn current_weights() -> Vec<[f64; 2]> {
    WEIGHTS
        .iter()
        .map(|&[mg, eg]| [f64::from(mg), f64::from(eg)])
        .collect()
}

/// Reads the weights back from the source [`weights_source`] writes (the `[mg, eg],` pairs
/// in order; comments skipped).
pub fn parse_weights_source(text: &str) -> Result<Vec<[f64; 2]>, String> {
    let table = text
        .split_once("= [")
        .ok_or("no `= [` table in the weights source")?
        .1;
    let mut weights = Vec::with_capacity(term::COUNT);
    for line in table.lines() {
        let code = line.split("//").next().unwrap_or("");
        for pair in code.split("],").filter(|p| p.contains('[')) {
            let inner = pair.trim().trim_start_matches('[');
            let (mg, eg) = inner
                .split_once(',')
                .ok_or_else(|| format!("bad pair {pair:?}"))?;
            let number = |t: &str| {
                t.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("bad number {t:?}"))
            };
            weights.push([number(mg)?, number(eg)?]);
        }
    }
    if weights.len() != term::COUNT {
        return Err(format!(
            "{} weight pairs, expected {}",
            weights.len(),
            term::COUNT
        ));
    }
    Ok(weights)
}

/// The mean squared error of the predictions under `weights` with scaling `k`.
pub fn error(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (f64::from(s.result) - sigmoid(k, s.eval(weights))).powi(2))
        .sum();
    sum / count(samples.len())
}

/// `n` (at least 1) as a float: sample counts stay far below 2^52.
#[allow(clippy::cast_precision_loss)]
fn count(n: usize) -> f64 {
    n.max(1) as f64
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The scaling `K` that best fits `weights` to the results (to 0.001, between 0.05 and 5).
pub fn fit_k(samples: &[Sample], weights: &[[f64; 2]]) -> f64 {
    best_k(|k| error(samples, weights, k))
}

/// The `K` between 0.05 and 5 (to 0.001) where the error `f` is least.
fn best_k(f: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.05, 5.0);
    while hi - lo > 0.001 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi)
}

/// Gradient descent (Adam) on the weights, with an L2 pull of strength `lambda` towards the
/// starting weights (it keeps the rarely seen points of the tables where they were).
pub struct Tuner<'a> {
    samples: &'a [Sample],
    k: f64,
    lambda: f64,
    start: Vec<[f64; 2]>,
    /// The current weights.
    pub weights: Vec<[f64; 2]>,
    m: Vec<[f64; 2]>,
    v: Vec<[f64; 2]>,
    steps: i32,
}

impl<'a> Tuner<'a> {
    /// A tuner starting from `weights`, with scaling `k`.
    pub fn new(samples: &'a [Sample], weights: Vec<[f64; 2]>, k: f64, lambda: f64) -> Tuner<'a> {
        Tuner {
            samples,
            k,
            lambda,
            start: weights.clone(),
            m: vec![[0.0; 2]; weights.len()],
            v: vec![[0.0; 2]; weights.len()],
            weights,
            steps: 0,
        }
    }

    /// The gradient of the error over `samples` (unscaled sum).
    fn gradient(&self, samples: &[Sample]) -> Vec<[f64; 2]> {
        let mut grad = vec![[0.0; 2]; self.weights.len()];
        let slope = self.k * std::f64::consts::LN_10 / 400.0;
        for sample in samples {
            let predicted = sigmoid(self.k, sample.eval(&self.weights));
            let outer = -2.0
                * (f64::from(sample.result) - predicted)
                * predicted
                * (1.0 - predicted)
                * slope;
            let phase = f64::from(sample.phase) / f64::from(MAX_PHASE);
            for &(term, count) in &sample.terms {
                let x = outer * f64::from(count);
                grad[usize::from(term)][0] += x * phase;
                grad[usize::from(term)][1] += x * (1.0 - phase);
            }
        }
        grad
    }

    /// One step of Adam with learning rate `rate` (centipawns), over all samples, the work
    /// split across `threads`.
    pub fn step(&mut self, rate: f64, threads: usize) {
        let chunk = self.samples.len().div_ceil(threads.max(1)).max(1);
        let parts: Vec<Vec<[f64; 2]>> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .samples
                .chunks(chunk)
                .map(|part| scope.spawn(|| self.gradient(part)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a gradient thread"))
                .collect()
        });
        let n = count(self.samples.len());
        self.steps += 1;
        let (b1, b2) = (0.9_f64, 0.999_f64);
        for t in 0..self.weights.len() {
            for i in 0..2 {
                let g = parts.iter().map(|p| p[t][i]).sum::<f64>() / n
                    + self.lambda * (self.weights[t][i] - self.start[t][i]);
                self.m[t][i] = b1 * self.m[t][i] + (1.0 - b1) * g;
                self.v[t][i] = b2 * self.v[t][i] + (1.0 - b2) * g * g;
                let m = self.m[t][i] / (1.0 - b1.powi(self.steps));
                let v = self.v[t][i] / (1.0 - b2.powi(self.steps));
                self.weights[t][i] -= rate * m / (v.sqrt() + 1e-12);
            }
        }
    }
}

const ROLES: [&str; 7] = [
    "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
];

const SCALARS: [&str; term::HANGING - term::CHARIOT_MOBILITY] = [
    "chariot mobility",
    "cannon mobility",
    "cannon target",
    "horse mobility",
    "horse trapped",
    "advisor gap",
    "elephant gap",
    "raid",
    "raid squared",
    "raid gaps",
    "empty cannon",
    "screened cannon",
    "facing chariot",
    "tempo",
];

/// The Rust source of `weights.rs` holding `weights` (rounded to whole centipawns).
pub fn weights_source(weights: &[[f64; 2]]) -> String {
    let pair = |t: usize| {
        let [mg, eg] = weights[t];
        format!("[{}, {}],", mg.round() as i16, eg.round() as i16)
    };
    let row = |range: std::ops::Range<usize>| range.map(pair).collect::<Vec<_>>().join(" ");
    let mut out = String::from(
        "//! The evaluation's weights: `[middlegame, endgame]` centipawns for each term of\n\
         //! [`crate::eval::term`], in order. Written by `xiangqi tune` (see BENCHMARKS.md); change\n\
         //! them by tuning again rather than by hand.\n\n\
         use crate::eval::term::COUNT;\n\n\
         #[rustfmt::skip]\n\
         pub const WEIGHTS: [[i16; 2]; COUNT] = [\n",
    );
    let _ = writeln!(out, "    // material: {}", ROLES.join(" "));
    let _ = writeln!(out, "    {}", row(term::MATERIAL..term::PST));
    for (r, role) in ROLES.iter().enumerate() {
        for rank in 0..10 {
            let first = term::PST + 50 * r + 5 * rank;
            let _ = writeln!(out, "    {} // {role}, rank {rank}", row(first..first + 5));
        }
    }
    for (i, name) in SCALARS.iter().enumerate() {
        let _ = writeln!(out, "    {} // {name}", pair(term::CHARIOT_MOBILITY + i));
    }
    for (first, name) in [(term::HANGING, "hanging"), (term::THREATENED, "threatened")] {
        let _ = writeln!(out, "    // {name}: {}", ROLES.join(" "));
        let _ = writeln!(out, "    {}", row(first..first + 7));
    }
    let _ = writeln!(out, "    {} // threats", pair(term::THREATS));
    let _ = writeln!(out, "    // safe checks: chariot cannon horse");
    let _ = writeln!(out, "    {}", row(term::SAFE_CHECK..term::UNSAFE_CHECK));
    let _ = writeln!(out, "    {} // unsafe checks", pair(term::UNSAFE_CHECK));
    let _ = writeln!(out, "    {} // palace attacks", pair(term::PALACE_ATTACKS));
    let _ = writeln!(out, "    // pinned: {}", ROLES.join(" "));
    let _ = writeln!(out, "    {}", row(term::PINNED..term::PINNED + 7));
    for (t, name) in [
        (term::DISCOVERER, "discoverers"),
        (term::WEAK_PALACE, "weak palace points"),
        (term::CHECKS_RAID, "safe checks times raid"),
    ] {
        let _ = writeln!(out, "    {} // {name}", pair(t));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate;

    #[test]
    fn the_weights_file_is_what_the_writer_writes() {
        assert_eq!(
            weights_source(&current_weights()),
            include_str!("weights.rs"),
            "weights.rs is written by `xiangqi tune`"
        );
        assert_eq!(
            parse_weights_source(include_str!("weights.rs")),
            Ok(current_weights())
        );
        assert!(parse_weights_source("= [\n[1, 2], // one\n];").is_err());
    }

    #[test]
    fn a_sample_evaluates_as_the_engine_does() {
        let mut pos = Position::default();
        let mut bot = xiangqi::Bot::new(11);
        let weights = current_weights();
        for _ in 0..80 {
            let s = Sample::new(&pos, 0.5);
            let red = if pos.turn() == Color::Red { 1 } else { -1 } * evaluate(&pos);
            // The engine rounds the tapered sum towards zero; the sample keeps the fraction.
            assert!(
                (s.eval(&weights) - f64::from(red)).abs() < 1.0,
                "{}",
                pos.fen()
            );
            let Some(m) = bot.choose(&pos) else { break };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn tuning_lowers_the_error_and_learns_a_result() {
        // Red is a chariot up in every position of a game Red won, and the evaluation is told
        // a chariot is worth nothing: the tuner must put the value back.
        let mut setup = Position::default().to_setup();
        setup.set(xiangqi::Square::new(0, 9).unwrap(), None);
        let pos = Position::from_setup(setup, Validation::Permissive).unwrap();
        let samples = vec![Sample::new(&pos, 1.0); 8];
        let mut weights = current_weights();
        weights[term::MATERIAL + 4] = [0.0, 0.0];
        let before = error(&samples, &weights, 1.0);
        let mut tuner = Tuner::new(&samples, weights, 1.0, 0.0);
        for _ in 0..200 {
            tuner.step(5.0, 2);
        }
        let after = error(&samples, &tuner.weights, 1.0);
        assert!(after < before / 2.0, "{before} -> {after}");
        assert!(tuner.weights[term::MATERIAL + 4][0] > 100.0);
    }

    #[test]
    fn games_give_quiet_positions_with_their_result() {
        let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. e2e6 1-0\n\n\
                   [Event \"b\"]\n[Result \"*\"]\n\n1. h2e2 *\n";
        assert_eq!(split_games(pgn).len(), 2);
        let samples = samples_from_pgn(pgn, 0).unwrap();
        // Ply 0 and 1 are quiet; ply 2 (e2e6) captures the soldier. Game b has no result.
        assert_eq!(samples.len(), 2);
        assert!(
            samples
                .iter()
                .all(|s| (s.result - 1.0).abs() < f32::EPSILON)
        );
        assert!(samples_from_pgn("[Event \"x\"]\n[Result \"1-0\"]\n\n1. z9z9\n", 0).is_err());
        // After 1. h2e2 a9a8 Red's cannon takes the undefended soldier on e6 by static
        // exchange: ply 2 is no sample though Red plays the quiet h0g2.
        let missed = "[Event \"d\"]\n[Result \"1-0\"]\n\n1. h2e2 a9a8 2. h0g2 1-0\n";
        assert_eq!(samples_from_pgn(missed, 0).unwrap().len(), 2);
        // Games a, b, a, b and then c: a and b once; the third distinct game (c) held out.
        let mut sets = GameSets::new(Some(3));
        sets.add(&format!("{pgn}{pgn}"), false, 0).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (2, 0));
        let c = "[Event \"c\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 0-1\n";
        sets.add(c, false, 0).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (2, 2));
        // A held-out game given again to fit is not fitted, nor counted towards every third.
        let mut sets = GameSets::new(Some(3));
        sets.add(c, true, 1).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (0, 1));
        sets.add(&format!("{c}{pgn}{pgn}"), false, 0).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (2, 1));
    }

    #[test]
    fn every_nth_labelled_position_is_held_out_across_files() {
        let start = Position::default().fen();
        let five = format!("{start} | 0.5\n").repeat(5);
        let mut sets = GameSets::new(Some(3));
        sets.add_positions(&five).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (4, 1));
        // The count goes on in the next file: its first position is the sixth.
        sets.add_positions(&format!("{start} | 1\n")).unwrap();
        assert_eq!((sets.fit.len(), sets.held_out.len()), (4, 2));
        // A refused file adds nothing.
        assert!(sets.add_positions(&format!("{five}{start}\n")).is_err());
        assert_eq!((sets.fit.len(), sets.held_out.len()), (4, 2));
        let mut all_fitted = GameSets::new(None);
        all_fitted.add_positions(&five).unwrap();
        assert_eq!((all_fitted.fit.len(), all_fitted.held_out.len()), (5, 0));
    }

    #[test]
    fn labelled_positions_are_read_or_refused_by_line() {
        let start = Position::default().fen();
        let text = format!("# a comment\n\n{start} | 0.75\n{start} |1\n");
        let samples = samples_from_positions(&text).unwrap();
        assert_eq!(samples.len(), 2);
        assert!((samples[0].result - 0.75).abs() < f32::EPSILON);
        for (bad, problem) in [
            (format!("{start} 0.5"), "line 1: expected `FEN | score`"),
            (
                format!("{start} | 1.5"),
                "line 1: score \"1.5\" is not a number from 0 to 1",
            ),
            (
                format!("{start} | x"),
                "line 1: score \"x\" is not a number from 0 to 1",
            ),
        ] {
            assert_eq!(samples_from_positions(&bad).unwrap_err(), problem);
        }
        assert!(
            samples_from_positions("\nnot a fen | 0.5")
                .unwrap_err()
                .starts_with("line 2: ")
        );
    }

    #[test]
    fn teacher_scores_are_red_centipawns() {
        for (score, turn, red) in [
            (Score::Cp(120), Color::Red, 120.0),
            (Score::Cp(120), Color::Black, -120.0),
            (Score::Cp(-9000), Color::Red, -3000.0),
            (Score::Mate(3), Color::Black, -3000.0),
            (Score::Mate(-2), Color::Black, 3000.0),
        ] {
            assert!(
                (red_centipawns(score, turn) - red).abs() < 1e-9,
                "{score:?}"
            );
        }
    }

    #[test]
    fn blended_labels_fit_the_teachers_scale() {
        // Results that follow a logistic curve of the teacher's score with K = 0.8: the fit
        // finds that K, and the labels mix result and prediction as asked.
        let labelled: Vec<(f64, f32)> = (-20..=20)
            .map(|i| {
                let cp = f64::from(i) * 50.0;
                (cp, sigmoid(0.8, cp) as f32)
            })
            .collect();
        let (labels, k) = blended_labels(&labelled, 0.0);
        assert!((k - 0.8).abs() < 0.01, "{k}");
        for (&(cp, result), label) in labelled.iter().zip(&labels) {
            assert!((label - sigmoid(k, cp)).abs() < 1e-9);
            assert!((label - f64::from(result)).abs() < 0.01);
        }
        let won = [(400.0, 1.0), (-400.0, 0.0), (0.0, 1.0)];
        let (labels, _) = blended_labels(&won, 1.0);
        assert_eq!(labels, vec![1.0, 0.0, 1.0]);
        let (labels, k) = blended_labels(&won, 0.5);
        assert!((labels[2] - 0.75).abs() < 1e-9, "{labels:?}");
        assert!(labels[0] > 0.75 && labels[1] < 0.25 && k > 0.0);
    }
}
