//! The board games' bots: Xiangqi's search engine (`xiangqi-engine`) and Gomoku's brain
//! (`gomoku-brain`), each with levels of time and depth, plus the rules crates' quick bots.
//! Both games hide nothing, so the view holds the whole position; each bot rebuilds it from
//! the view and the table's (public) settings.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Bot, BotKind, BotSetup, Typed, ViewBot, settings_of};
use crate::protocol::LegalAction;

/// Xiangqi's bots, the strongest first.
pub const XIANGQI_BOTS: &[BotKind] = &[
    BotKind {
        name: "engine",
        levels: XIANGQI_LEVELS.len() as u8,
        about: "the xiangqi-engine search; levels 1-8 raise its skill (0, 3, 6, 9, 12, 16, \
                20, 20) and its time per move (50, 100, 150, 250, 400, 700, 1000, 2000 ms)",
        build: |setup| Typed::<xiangqi::Game, _>::boxed(XiangqiEngine::new(setup), setup.seed),
    },
    BotKind {
        name: "baseline",
        levels: 1,
        about: "the rules crate's one-ply material bot",
        build: |setup| {
            Typed::<xiangqi::Game, _>::boxed(
                XiangqiBaseline(xiangqi::Bot::new(setup.seed)),
                setup.seed,
            )
        },
    },
    BotKind::RANDOM,
];

/// Gomoku's bots, the strongest first.
pub const GOMOKU_BOTS: &[BotKind] = &[
    BotKind {
        name: "brain",
        levels: GOMOKU_LEVELS.len() as u8,
        about: "the gomoku-brain search (threat-space search, then alpha-beta); levels 1-6 \
                search to depth 1, 2, 4, then without a depth limit, in 50, 100, 200, 300, \
                600, 1000 ms per move",
        build: gomoku_brain,
    },
    BotKind {
        name: "threat",
        levels: 1,
        about: "the rules crate's quick bot: wins, blocks, else scores nearby points",
        build: gomoku_threat,
    },
    BotKind::RANDOM,
];

/// The engine's skill and time per move at each level.
const XIANGQI_LEVELS: [(u8, u64); 8] = [
    (0, 50),
    (3, 100),
    (6, 150),
    (9, 250),
    (12, 400),
    (16, 700),
    (20, 1000),
    (20, 2000),
];

/// The brain's depth limit and time per move at each level.
const GOMOKU_LEVELS: [(Option<u32>, u64); 6] = [
    (Some(1), 50),
    (Some(2), 100),
    (Some(4), 200),
    (None, 300),
    (None, 600),
    (None, 1000),
];

/// The transposition table of one engine or brain seat.
const HASH_MIB: usize = 8;

/// The entry of `levels` for `level` (1-based; out of range: the nearest).
fn level<T: Copy>(levels: &[T], level: u8) -> T {
    levels[usize::from(level.max(1) - 1).min(levels.len() - 1)]
}

/// The xiangqi-engine search at a level. It replays the game from the view's start position
/// and moves, so the repetition rules know the whole line, also for a bot made afresh in the
/// middle of a game (after a server restart).
struct XiangqiEngine {
    engine: xiangqi_engine::Engine,
    movetime: Duration,
    rules: xiangqi::RuleSet,
}

impl XiangqiEngine {
    fn new(setup: &BotSetup) -> XiangqiEngine {
        let (skill, ms) = level(&XIANGQI_LEVELS, setup.level);
        let mut engine = xiangqi_engine::Engine::new(HASH_MIB);
        engine.set_skill(skill);
        XiangqiEngine {
            engine,
            movetime: Duration::from_millis(ms),
            rules: settings_of::<xiangqi::Game>(setup.settings).rules,
        }
    }

    /// The game up to `view`: its moves replayed from its start, or (if they do not lead to
    /// the view's position) the position alone.
    fn game_at(&self, view: &xiangqi::View) -> Option<xiangqi::Game> {
        let start = |fen: &str| {
            xiangqi::Position::from_fen_with(fen, xiangqi::Validation::Permissive)
                .ok()
                .map(|pos| xiangqi::Game::with_rules(pos, self.rules))
        };
        let replayed = start(&view.start).and_then(|mut game| {
            view.moves.iter().try_for_each(|&m| game.play(m)).ok()?;
            (game.position().fen() == view.fen).then_some(game)
        });
        replayed.or_else(|| start(&view.fen))
    }
}

impl ViewBot<xiangqi::Game> for XiangqiEngine {
    fn choose(&mut self, view: &xiangqi::View, _legal: &[LegalAction]) -> Option<String> {
        let game = self.game_at(view)?;
        let limits = xiangqi_engine::Limits {
            budget: Some(xiangqi_engine::Budget::fixed(self.movetime, Duration::ZERO)),
            ..xiangqi_engine::Limits::default()
        };
        let control = xiangqi_engine::Control::new(false);
        let best = self.engine.search(&game, &limits, &control, |_| {}).best?;
        Some(best.to_string())
    }

    /// Accepts when a search of the view's position says this side is not ahead
    /// ([`xiangqi_engine::accepts_draw`]), in the level's time per move.
    fn answer_draw(&mut self, view: &xiangqi::View) -> bool {
        let Some(game) = self.game_at(view) else {
            return false;
        };
        let color = game.position().turn();
        let limits = xiangqi_engine::Limits {
            budget: Some(xiangqi_engine::Budget::fixed(self.movetime, Duration::ZERO)),
            ..xiangqi_engine::Limits::default()
        };
        xiangqi_engine::accepts_draw(&mut self.engine, &game, color, &limits)
    }
}

/// The rules crate's baseline Xiangqi bot.
struct XiangqiBaseline(xiangqi::Bot);

impl ViewBot<xiangqi::Game> for XiangqiBaseline {
    fn choose(&mut self, view: &xiangqi::View, _legal: &[LegalAction]) -> Option<String> {
        let pos =
            xiangqi::Position::from_fen_with(&view.fen, xiangqi::Validation::Permissive).ok()?;
        self.0.choose(&pos).map(|m| m.to_string())
    }
}

/// The Gomoku position a view shows: the board the settings make, with the view's moves
/// replayed in order (opening stones first, colours alternating).
fn gomoku_position(
    settings: gomoku::GameSettings,
    view: &gomoku::View,
) -> Option<gomoku::Position> {
    let mut pos = gomoku::Position::new(view.width, view.height, settings.rules).ok()?;
    for &p in &view.moves {
        pos.play(p).ok()?;
    }
    Some(pos)
}

/// A Gomoku player that picks a point for the position the view shows. During an opening's
/// choices (swap, swap2…) it has no opinion, and a random legal choice is taken.
struct GomokuPlayer<P> {
    pick: P,
    settings: gomoku::GameSettings,
}

impl<P> GomokuPlayer<P> {
    fn new(setup: &BotSetup, pick: P) -> GomokuPlayer<P> {
        GomokuPlayer {
            pick,
            settings: settings_of::<gomoku::Gomoku>(setup.settings),
        }
    }
}

impl<P> ViewBot<gomoku::Gomoku> for GomokuPlayer<P>
where
    P: FnMut(&gomoku::Position) -> Option<gomoku::Point> + Send,
{
    fn choose(&mut self, view: &gomoku::View, _legal: &[LegalAction]) -> Option<String> {
        if view.opening.is_some() {
            return None;
        }
        let best = (self.pick)(&gomoku_position(self.settings, view)?)?;
        Some(gomoku::Action::Stone(best).to_string())
    }
}

/// The gomoku-brain search at a level.
fn gomoku_brain(setup: &BotSetup) -> Box<dyn Bot> {
    let (depth, ms) = level(&GOMOKU_LEVELS, setup.level);
    let limits = gomoku_brain::Limits {
        time: Some(Duration::from_millis(ms)),
        depth,
        soft: None,
    };
    let mut brain = gomoku_brain::Brain::new(HASH_MIB << 20);
    let pick = move |pos: &gomoku::Position| {
        let thought = brain.think(pos, limits, &AtomicBool::new(false)).ok()?;
        Some(thought.best)
    };
    Typed::<gomoku::Gomoku, _>::boxed(GomokuPlayer::new(setup, pick), setup.seed)
}

/// The rules crate's quick Gomoku bot.
fn gomoku_threat(setup: &BotSetup) -> Box<dyn Bot> {
    let mut bot = gomoku::Bot::new(setup.seed);
    let pick = move |pos: &gomoku::Position| bot.choose(pos);
    Typed::<gomoku::Gomoku, _>::boxed(GomokuPlayer::new(setup, pick), setup.seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{GameState, Viewer};

    /// The move of an engine bot built afresh (as after a server restart) for the side to
    /// move in `game`, from the seat's view as the server sends it (JSON).
    fn fresh_engine_move(game: &xiangqi::Game) -> xiangqi::Move {
        let seat = game.position().turn().index();
        let json = serde_json::to_value(GameState::view(game, Viewer::Seat(seat))).unwrap();
        let view: xiangqi::View = serde_json::from_value(json).unwrap();
        let setup = BotSetup {
            settings: &serde_json::Value::Null,
            level: 6,
            seed: 1,
        };
        let answer = XiangqiEngine::new(&setup).choose(&view, &[]).unwrap();
        answer.parse().unwrap()
    }

    fn game(fen: &str, moves: &str) -> xiangqi::Game {
        let start = xiangqi::Position::from_fen_with(fen, xiangqi::Validation::Permissive);
        let mut game = xiangqi::Game::new(start.unwrap());
        for m in moves.split_whitespace() {
            game.play(m.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn engine_bot_made_after_a_restart_still_claims_the_repetition_draw() {
        // The bot used to rebuild its game from the view's FEN alone, so a bot made after a
        // server restart knew no earlier position and played on.
        // Black, a chariot down, repeats the start position a third time with g7h9: a draw.
        let fen = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        let g = game(fen, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
        assert_eq!(fresh_engine_move(&g), "g7h9".parse().unwrap());
    }
}
