//! The Xiangqi screen's state and what each command does to it (no drawing here).

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use netplay::TableAction;
use xiangqi::{
    Bot, Color, DrawReason, FenError, Game, Move, MoveList, Notation, Outcome, PgnError, Position,
    RepetitionRule, RuleSet, Settings, Square, Validation, View, WinReason,
};
use xiangqi_engine::{Budget, Control, Engine, Info, Limits, Score};

use super::input::Command;
use crate::app::Action;
use crate::computer_record::Record;
use crate::data::DataDir;
use crate::dialogs::{cycle, dialogs_for_state};
use crate::line_input::LineInput;
use crate::net::NetScreen;
use crate::net::remote::{HostCommand, Remote, TableKey};
use crate::overlay::Overlay;
use crate::status::{Status, plural};
use crate::thinker::{Search, Strength, Thinker};

/// The difficulty levels, weakest first (level 1 is `LEVELS[0]`).
pub const LEVELS: [Strength; 6] = [
    Strength::Baseline,
    Strength::Depth(2),
    Strength::Depth(4),
    Strength::Depth(6),
    Strength::Time(Duration::from_secs(1)),
    Strength::Time(Duration::from_secs(3)),
];

/// The level the game starts with.
pub const DEFAULT_LEVEL: usize = 4;

/// A level in words: `3 · engine depth 4`.
pub fn level_name(level: usize) -> String {
    Strength::describe(&LEVELS, level, "engine", "baseline bot")
}

/// Start-up options: `App::new(Options { .. })`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The position the game starts from.
    pub start: Position,
    /// Adjudication: repetition rule, move limit.
    pub rules: RuleSet,
    /// How typed and loaded FENs are checked.
    pub validation: Validation,
    /// The colour the computer plays, if any.
    pub engine: Option<Color>,
    /// Index into [`LEVELS`].
    pub level: usize,
    /// Seed of the baseline bot.
    pub seed: u64,
    /// ASCII only: FEN letters for pieces, WXF notation.
    pub ascii: bool,
    /// The least time between a move and the computer's reply, so a reply can be seen.
    pub pace: Duration,
    /// Where the statistics are kept (`None`: not kept).
    pub data: Option<DataDir>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            start: Position::default(),
            rules: RuleSet::ASIAN,
            validation: Validation::Strict,
            engine: Some(Color::Black),
            level: DEFAULT_LEVEL,
            seed: 0,
            ascii: false,
            pace: Duration::from_millis(300),
            data: None,
        }
    }
}

/// The game's own popup over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The options list, with the highlighted row.
    Options(usize),
}

/// What a "yes" to a question does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sure {
    /// Leave the game in progress.
    Quit,
    /// Abandon it for a new one.
    NewGame,
    /// Resign it.
    Resign,
    /// Accept the draw this side offered.
    AcceptDraw(Color),
    /// Clear the statistics.
    ResetStatistics,
}

/// What is open over the board.
pub type XiangqiOverlay = Overlay<Popup, Sure>;

/// The rows of the options dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionRow {
    /// Who the computer plays.
    Opponent,
    /// How strong it plays.
    Level,
    /// The repetition rule.
    Repetition,
    /// The move limit.
    MoveLimit,
    /// FEN strictness.
    Validation,
    /// Move-list notation.
    Notation,
}

impl OptionRow {
    /// Every row, in order.
    pub const ALL: [OptionRow; 6] = [
        OptionRow::Opponent,
        OptionRow::Level,
        OptionRow::Repetition,
        OptionRow::MoveLimit,
        OptionRow::Validation,
        OptionRow::Notation,
    ];

    /// The row's label.
    pub const fn label(self) -> &'static str {
        match self {
            OptionRow::Opponent => "computer plays",
            OptionRow::Level => "level",
            OptionRow::Repetition => "repetition rule",
            OptionRow::MoveLimit => "move limit",
            OptionRow::Validation => "FEN checking",
            OptionRow::Notation => "notation",
        }
    }
}

/// Move limits the options cycle through (`None`: no limit).
const MOVE_LIMITS: [Option<u32>; 7] = [
    Some(30),
    Some(40),
    Some(50),
    Some(60),
    Some(80),
    Some(100),
    None,
];

/// What the engine said about the position it searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position searched.
    pub root: Position,
    /// The latest progress report.
    pub info: Info,
}

/// The computer players, shared with the search thread.
struct Players {
    engine: Engine,
    bot: Bot,
}

/// A seat at a network table: the link, and what the screen last saw of it.
struct TableSeat {
    link: Remote<View>,
    /// The pending draw offer last seen, to notice a new one and its answer.
    offer: Option<usize>,
    /// The seat last seen (Black's player sees the board turned round).
    seat: Option<usize>,
    /// The game at the table last shown.
    game: Option<u32>,
}

/// The prompt's commands of the local game only.
const LOCAL_COMMANDS: [&str; 10] = [
    "rules",
    "limit",
    "validation",
    "level",
    "save",
    "load",
    "new",
    "undo",
    "bot",
    "engine",
];

/// The state of the Xiangqi screen.
pub struct State {
    pub(super) game: Game,
    pub(super) options: Options,
    players: Arc<Mutex<Players>>,
    search: Search<Info, Move>,
    pub(super) analysis: Option<Analysis>,
    pub(super) show_analysis: bool,
    pub(super) cursor: Square,
    pub(super) selected: Option<Square>,
    /// The `:` prompt while it is open.
    pub(super) prompt: Option<LineInput>,
    pub(super) overlay: XiangqiOverlay,
    status: Status,
    pub(super) record: Record,
    /// Whether the current game is in the statistics already.
    counted: bool,
    pub(super) notation: Notation,
    pub(super) flipped: bool,
    /// The ply shown while browsing the move list (`None`: the current position).
    pub(super) view: Option<usize>,
    /// The seat at a network table (`None` for a local game): the server holds the game
    /// and `game` is its view replayed.
    table: Option<Box<TableSeat>>,
}

impl State {
    /// A game with `options`.
    pub fn new(options: Options) -> State {
        let start = options.start;
        let game = Game::with_rules(start, options.rules);
        let mut state = State {
            players: Arc::new(Mutex::new(Players {
                engine: Engine::new(16),
                bot: Bot::new(options.seed),
            })),
            search: Search::default(),
            analysis: None,
            show_analysis: false,
            cursor: start.general(start.turn()),
            selected: None,
            prompt: None,
            overlay: Overlay::None,
            status: Status::default(),
            record: Record::load(options.data.clone(), STATS_NAME),
            counted: false,
            notation: if options.ascii {
                Notation::Wxf
            } else {
                Notation::ChineseTraditional
            },
            flipped: options.engine == Some(Color::Red),
            view: None,
            table: None,
            game,
            options,
        };
        state.info("Your move: arrows + Enter or the mouse, ':' to type; ? help.");
        state
    }

    /// A seat at a network table, over an open link: the start position and rules are the
    /// table's; undo, the engine, the options, a new game, save/load, `:fen` and the
    /// statistics are off (the server keeps the game).
    pub fn remote(link: NetScreen, ascii: bool) -> State {
        let link = Remote::new(link);
        let settings: Settings = link.settings().unwrap_or_default();
        let start = settings
            .new_game()
            .map_or_else(|_| Position::default(), |game| *game.start());
        let mut state = State::new(Options {
            start,
            rules: settings.rules,
            validation: settings.validation,
            engine: None,
            ascii,
            ..Options::default()
        });
        state.table = Some(Box::new(TableSeat {
            link,
            offer: None,
            seat: None,
            game: None,
        }));
        state.status.clear();
        state.tick();
        state
    }

    /// The seat at a network table (`None` for a local game).
    pub fn table(&self) -> Option<&Remote<View>> {
        self.table.as_ref().map(|seat| &seat.link)
    }

    /// The server's view at a network table, once the first game started.
    pub fn remote_view(&self) -> Option<&View> {
        self.table()?.view()
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The status message.
    pub fn message(&self) -> &str {
        self.status.text()
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The selected piece's square.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// What is open over the board.
    pub fn overlay(&self) -> &XiangqiOverlay {
        &self.overlay
    }

    /// Whether the computer is searching.
    pub fn thinking(&self) -> bool {
        self.search.is_running()
    }

    /// The position on the board: the browsed one, or the current one.
    pub fn shown(&self) -> &Position {
        self.view
            .and_then(|ply| self.game.position_at(ply))
            .unwrap_or(self.game.position())
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status.info(text);
    }

    fn warn(&mut self, text: impl Into<String>) {
        self.status.warn(text);
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status.error(text);
    }

    /// Counts a game against the computer in the statistics, once: when it ends, or when it
    /// is abandoned after the first move (a loss).
    fn count_game(&mut self) {
        let Some(engine) = self.options.engine else {
            return;
        };
        if self.counted || self.game.is_empty() {
            return;
        }
        let won = self
            .game
            .outcome()
            .is_some_and(|o| o.winner() == Some(engine.other()));
        self.counted = true;
        if let Err(e) = self.record.count(won) {
            self.status.error(format!("Statistics not saved: {e}."));
        }
    }

    /// Whether a game is under way (moves played, not over): leaving it asks first.
    pub fn in_progress(&self) -> bool {
        !self.game.is_empty() && self.game.outcome().is_none()
    }

    fn engine_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.options.engine == Some(self.game.position().turn())
    }

    /// The legal targets of the piece on `from` in the shown position.
    pub fn legal_targets(&self, from: Square) -> Vec<Square> {
        let mut moves = MoveList::new();
        self.shown().legal_moves(&mut moves);
        moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect()
    }

    /// Every move of the game in the current notation, with the position before it.
    pub fn move_texts(&self) -> Vec<(Position, String)> {
        let mut p = *self.game.start();
        self.game
            .moves()
            .map(|m| {
                let before = p;
                p.play_unchecked(m);
                (before, before.write_move(m, self.notation))
            })
            .collect()
    }

    /// Runs one command; [`Action::Quit`] when the screen should close.
    pub fn apply(&mut self, command: Command) -> Action {
        if self.table.is_some()
            && let Some(action) = self.apply_at_table(command)
        {
            return action;
        }
        match command {
            Command::Cursor(df, dr) => self.move_cursor(df, dr),
            Command::Activate => self.activate(self.cursor),
            Command::Click(sq) => self.activate(sq),
            Command::Deselect => {
                self.selected = None;
                if self.view.take().is_some() {
                    self.info("Back to the current position.");
                } else {
                    self.info("Deselected.");
                }
            }
            Command::Prompt => self.prompt = Some(LineInput::new(": ").max_len(120)),
            Command::Undo => self.undo(),
            Command::Back => self.step(-1),
            Command::Forward => self.step(1),
            Command::First => self.browse(0),
            Command::Last => self.browse(self.game.len()),
            Command::Resign => self.ask_resign(),
            Command::OfferDraw => self.offer_draw(),
            Command::Analysis => {
                self.show_analysis = !self.show_analysis;
                let on = if self.show_analysis {
                    "shown"
                } else {
                    "hidden"
                };
                self.info(format!("Engine evaluation and line {on}."));
            }
            Command::Notation => self.cycle_notation(),
            Command::Flip => {
                self.flipped = !self.flipped;
                self.info("Board flipped.");
            }
            Command::Options => self.overlay = Overlay::Game(Popup::Options(0)),
            Command::NewGame if self.in_progress() => {
                self.overlay = Overlay::confirm("Abandon this game for a new one?", Sure::NewGame);
            }
            Command::NewGame => {
                self.new_game(Position::default());
                self.info("New game.");
            }
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::Help => self.overlay = Overlay::help(),
            Command::Quit if self.in_progress() => {
                self.overlay = Overlay::confirm("Quit this game?", Sure::Quit);
            }
            Command::Quit => return Action::Quit,
            Command::Host(_) => self.warn("b and g are the host's keys at a network table."),
        }
        Action::Continue
    }

    /// A command at a network table, where it differs from the local game: `None` lets the
    /// local meaning stand (moving, typing, browsing, resign and draw, notation, help).
    fn apply_at_table(&mut self, command: Command) -> Option<Action> {
        let waiting = self.remote_view().is_none();
        let key = match command {
            Command::Undo => TableKey::Off("undo"),
            Command::Analysis => TableKey::Off("the engine's evaluation"),
            Command::Options => TableKey::Off("the options"),
            Command::Statistics => TableKey::Off("the statistics"),
            Command::NewGame => TableKey::Rematch,
            Command::Host(command) => TableKey::Host(command),
            // Before the start there is no draw to offer: `d` chooses the host's bot.
            Command::OfferDraw if waiting => TableKey::Host(HostCommand::NextBot),
            Command::Quit => {
                let question = self.table.as_ref().map(|s| s.link.leave_question());
                self.overlay = Overlay::confirm(question.unwrap_or_default(), Sure::Quit);
                return Some(Action::Continue);
            }
            _ => return None,
        };
        if let Some(seat) = self.table.as_mut() {
            seat.link.at_table(key, &mut self.status);
        }
        Some(Action::Continue)
    }

    /// A question was answered yes.
    pub fn confirmed(&mut self, sure: Sure) -> Action {
        match sure {
            Sure::Quit => {
                self.count_game();
                return Action::Quit;
            }
            Sure::NewGame => {
                self.new_game(Position::default());
                self.info("New game.");
            }
            Sure::Resign if self.table.is_some() => {
                self.table_action(TableAction::Resign);
                self.info("Resigning…");
            }
            Sure::Resign => {
                let side = self.human_side();
                self.game.resign(side);
                self.stop_thinking();
                self.announce_end();
            }
            Sure::AcceptDraw(_) if self.table.is_some() => {
                self.table_action(TableAction::AcceptDraw);
                self.info("Accepting the draw…");
            }
            Sure::AcceptDraw(_) => {
                self.game.agree_draw();
                self.announce_end();
            }
            Sure::ResetStatistics => match self.record.reset() {
                Ok(()) => self.info("Statistics reset."),
                Err(e) => self.error(format!("Cannot reset the statistics: {e}.")),
            },
        }
        Action::Continue
    }

    /// A question was answered no (or closed).
    pub fn declined(&mut self, sure: Sure) {
        match sure {
            Sure::AcceptDraw(_) if self.table.is_some() => {
                self.table_action(TableAction::DeclineDraw);
                self.info("You decline the draw.");
            }
            Sure::AcceptDraw(by) => {
                self.warn(format!("{} declines the draw.", side_name(by.other())));
            }
            Sure::ResetStatistics => self.info("Statistics kept."),
            Sure::Quit | Sure::NewGame | Sure::Resign => self.info("Carry on."),
        }
    }

    /// Closes the options.
    pub fn close_options(&mut self) {
        self.overlay.close();
    }

    /// In the options dialog: moves the highlight by `rows`.
    pub fn options_move(&mut self, rows: isize) {
        if let Overlay::Game(Popup::Options(row)) = self.overlay {
            let row = cycle(row, rows, OptionRow::ALL.len());
            self.overlay = Overlay::Game(Popup::Options(row));
        }
    }

    /// In the options dialog: the highlighted option's next (`step` 1) or previous value.
    pub fn options_change(&mut self, step: isize) {
        let Overlay::Game(Popup::Options(row)) = self.overlay else {
            return;
        };
        let next = |i: usize, n: usize| cycle(i, step, n);
        match OptionRow::ALL[row] {
            OptionRow::Opponent => {
                let all = [Some(Color::Black), Some(Color::Red), None];
                let i = all.iter().position(|&c| c == self.options.engine);
                self.set_engine(all[next(i.unwrap_or(0), all.len())]);
            }
            OptionRow::Level => {
                self.options.level = next(self.options.level, LEVELS.len());
                self.stop_thinking();
                self.info(format!("Level {}.", level_name(self.options.level)));
            }
            OptionRow::Repetition => {
                let all = RepetitionRule::ALL;
                let rules = self.game.rules();
                let i = all.iter().position(|&r| r == rules.repetition);
                self.set_rules(RuleSet {
                    repetition: all[next(i.unwrap_or(0), all.len())],
                    ..rules
                });
            }
            OptionRow::MoveLimit => {
                let rules = self.game.rules();
                let i = MOVE_LIMITS.iter().position(|&l| l == rules.move_limit);
                self.set_rules(RuleSet {
                    move_limit: MOVE_LIMITS[next(i.unwrap_or(0), MOVE_LIMITS.len())],
                    ..rules
                });
            }
            OptionRow::Validation => self.set_validation(match self.options.validation {
                Validation::Strict => Validation::Permissive,
                Validation::Permissive => Validation::Strict,
            }),
            OptionRow::Notation => self.cycle_notation(),
        }
    }

    /// An option's value in words.
    pub fn option_value(&self, row: OptionRow) -> String {
        let rules = self.game.rules();
        match row {
            OptionRow::Opponent => self
                .options
                .engine
                .map_or("nobody (two players)", side_name)
                .to_owned(),
            OptionRow::Level => level_name(self.options.level),
            OptionRow::Repetition => rules.repetition.to_string(),
            OptionRow::MoveLimit => limit_text(rules.move_limit),
            OptionRow::Validation => validation_word(self.options.validation).to_owned(),
            OptionRow::Notation => notation_name(self.notation).to_owned(),
        }
    }

    fn human_side(&self) -> Color {
        match self.options.engine {
            Some(c) => c.other(),
            None => self.game.position().turn(),
        }
    }

    fn ask_resign(&mut self) {
        if self.game.outcome().is_some() {
            self.error("The game is over.");
        } else {
            self.overlay = Overlay::confirm("Resign this game?", Sure::Resign);
        }
    }

    /// Offers a draw: the other player answers, or the engine, which takes it only when it
    /// judges itself worse by more than a pawn and a half.
    fn offer_draw(&mut self) {
        if self.game.outcome().is_some() {
            self.error("The game is over.");
            return;
        }
        if let Some(seat) = &self.table {
            let me = seat.link.net().seat;
            match seat.link.draw_offer() {
                Some(by) if Some(by) != me => self.ask_accept(by),
                Some(_) => self.warn("You have offered a draw: the other player answers."),
                None => {
                    self.table_action(TableAction::OfferDraw);
                    self.info("Draw offered: waiting for the answer.");
                    // Taken as made: the answer may come with the same update as the offer.
                    if let Some(seat) = self.table.as_mut() {
                        seat.offer = me;
                    }
                }
            }
            return;
        }
        let by = self.human_side();
        let Some(engine) = self.options.engine else {
            self.overlay = Overlay::confirm(
                format!(
                    "{} offers a draw. {}, do you accept?",
                    side_name(by),
                    side_name(by.other())
                ),
                Sure::AcceptDraw(by),
            );
            return;
        };
        let own_view = self
            .analysis
            .as_ref()
            .filter(|a| a.root.turn() == engine)
            .map(|a| a.info.score);
        match own_view {
            Some(Score::Cp(cp)) if cp < -150 => {
                self.game.agree_draw();
                self.stop_thinking();
                self.announce_end();
            }
            Some(Score::Mate(n)) if n < 0 => {
                self.game.agree_draw();
                self.stop_thinking();
                self.announce_end();
            }
            Some(score) => self.warn(format!(
                "The engine declines the draw: it judges the game {} for itself.",
                score_text(score)
            )),
            None => self.warn("The computer declines the draw."),
        }
    }

    fn announce_end(&mut self) {
        self.count_game();
        if let Some(o) = self.game.outcome() {
            self.info(self.game_over(o));
        }
    }

    /// The game-over message: the outcome, and at a table what the keys do then (alone, the
    /// key row says it: the message fits one row of an 80-column terminal).
    fn game_over(&self, outcome: impl std::fmt::Display) -> String {
        match self.table() {
            Some(link) if link.net().host => {
                format!("Game over: {outcome}. 'n' rematch, 'q' leave.")
            }
            Some(_) => format!("Game over: {outcome}. 'q' leaves the table."),
            None => format!("Game over: {outcome}."),
        }
    }

    /// Sends a table action for this seat.
    fn table_action(&mut self, action: TableAction) {
        if let Some(seat) = self.table.as_mut() {
            seat.link.table_action(action);
        }
    }

    /// Asks whether to accept the draw the player at `by` offers (or, with another question
    /// open, says how to answer it).
    fn ask_accept(&mut self, by: usize) {
        let Some(seat) = &self.table else { return };
        let name = seat.link.net().seat_name(by);
        if self.overlay.is_none() {
            self.overlay = Overlay::confirm(
                format!("{name} offers a draw. Accept?"),
                Sure::AcceptDraw(seat_color(by)),
            );
        }
        self.info(format!("{name} offers a draw: 'd' answers."));
    }

    fn step(&mut self, by: isize) {
        let now = self.view.unwrap_or(self.game.len()) as isize;
        self.browse((now + by).clamp(0, self.game.len() as isize) as usize);
    }

    fn browse(&mut self, ply: usize) {
        self.selected = None;
        if ply >= self.game.len() {
            self.view = None;
            self.info("The current position.");
        } else {
            self.view = Some(ply);
            self.info(format!(
                "Browsing: after move {ply} of {}. ']' forward, End or Esc back to the game.",
                self.game.len()
            ));
        }
    }

    /// Plays a move for the side to move and reports it; at a table, sends it to the
    /// server (which refuses an illegal one, the status line says why).
    fn play(&mut self, m: Move) {
        self.selected = None;
        if let Some(seat) = self.table.as_mut() {
            seat.link.act(&m.to_string());
            return;
        }
        if let Err(e) = self.game.play(m) {
            self.error(format!("{e}."));
            return;
        }
        self.view = None;
        self.report_move();
    }

    /// Says who played the last move, and check, a repetition or the end after it.
    fn report_move(&mut self) {
        let ply = self.game.len();
        let (Some(m), Some(before)) = (
            self.game.last_move(),
            ply.checked_sub(1).and_then(|p| self.game.position_at(p)),
        ) else {
            return;
        };
        let text = before.write_move(m, self.notation);
        let msg = format!("{} played {text} ({m})", side_name(before.turn()));
        if let Some(o) = self.game.outcome() {
            self.count_game();
            self.info(format!("{msg}. {}", self.game_over(o)));
        } else if let Some(warning) = self.repetition_warning() {
            self.warn(format!("{msg}. {warning}"));
        } else if self.game.position().is_check() {
            self.info(format!("{msg}. Check!"));
        } else {
            self.info(format!("{msg}."));
        }
    }

    /// After a repeated position: how often it occurred and what the rule in force will rule
    /// if it comes back until the count is reached.
    pub fn repetition_warning(&self) -> Option<String> {
        let seen = self.game.repetitions();
        let rules = self.game.rules();
        if seen < 2 || rules.repetition == RepetitionRule::Off {
            return None;
        }
        let mut probe = self.game.clone();
        probe.set_rules(RuleSet {
            repetition_count: u8::try_from(seen).unwrap_or(u8::MAX),
            ..rules
        });
        let verdict = probe
            .repetition_outcome()
            .map_or_else(|| "the rule decides".to_owned(), |o| o.to_string());
        Some(format!(
            "Position repeated {seen} times; at {} ({} rule): {verdict}.",
            rules.repetition_count, rules.repetition
        ))
    }

    /// Clicking or pressing Enter on `sq`: select an own piece, or move the selected one.
    fn activate(&mut self, sq: Square) {
        self.cursor = sq;
        if let Some(ply) = self.view {
            self.warn(format!(
                "Browsing move {ply}: End or Esc goes back to the game to move."
            ));
            return;
        }
        if let Some(o) = self.game.outcome() {
            self.info(self.game_over(o));
            return;
        }
        if let Some(why) = self.not_yours() {
            self.info(why);
            return;
        }
        let pos = *self.game.position();
        let own = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
        match self.selected {
            Some(from) if from == sq => {
                self.selected = None;
                self.info("Deselected.");
            }
            Some(from) if !own => {
                self.play(Move::new(from, sq));
            }
            _ if own => {
                let n = self.legal_targets(sq).len();
                self.selected = Some(sq);
                if n == 0 {
                    self.error(format!("The piece on {sq} has no legal move."));
                } else {
                    self.info(format!("Selected {sq}: {n} legal move{}.", plural(n)));
                }
            }
            _ => self.error(format!(
                "Select one of {}'s pieces first.",
                side_name(pos.turn())
            )),
        }
    }

    /// Why the player may not move now (the computer's or the other seat's turn), if so.
    fn not_yours(&self) -> Option<String> {
        match self.table() {
            None => self
                .engine_to_move()
                .then(|| "The computer is thinking…".to_owned()),
            Some(link) if link.net().awaiting => Some("Your move is on its way.".to_owned()),
            Some(link) if !link.my_turn() => Some(format!(
                "Not your turn: {} is to move.",
                side_name(self.game.position().turn())
            )),
            Some(_) => None,
        }
    }

    fn undo(&mut self) {
        self.stop_thinking();
        self.view = None;
        // Against the engine, take back its reply as well so it is your turn again.
        let mut n = 0;
        while self.game.undo().is_some() {
            n += 1;
            if self.options.engine != Some(self.game.position().turn()) {
                break;
            }
        }
        self.selected = None;
        if n == 0 {
            self.error("Nothing to undo.");
        } else {
            self.info(format!("Took back {n} move{}.", plural(n)));
        }
    }

    fn new_game(&mut self, start: Position) {
        self.count_game();
        self.counted = false;
        self.stop_thinking();
        self.game = Game::with_rules(start, self.game.rules());
        self.selected = None;
        self.view = None;
        self.analysis = None;
        self.cursor = start.general(start.turn());
        self.players
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .engine
            .clear();
    }

    /// Runs a line typed at the `:` prompt: a move in any notation, or a command.
    pub fn submit(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        let lower = cmd.to_ascii_lowercase();
        if self.table.is_some()
            && (LOCAL_COMMANDS.contains(&lower.as_str()) || (lower == "fen" && !arg.is_empty()))
        {
            self.warn(format!(":{lower} is off at a network table."));
            return;
        }
        match lower.as_str() {
            "" => {}
            "fen" if arg.is_empty() => {
                let fen = self.game.position().fen();
                self.info(format!("FEN: {fen}"));
            }
            "fen" => match Position::from_fen_with(arg, self.options.validation) {
                Ok(p) => {
                    self.new_game(p);
                    self.info("Position loaded.");
                }
                Err(e) => self.error(format!("Bad FEN: {e}{}.", self.permissive_hint(&e))),
            },
            "rules" => match arg.parse::<RepetitionRule>() {
                Ok(repetition) => self.set_rules(RuleSet {
                    repetition,
                    ..self.game.rules()
                }),
                Err(e) => self.error(format!("{e}. Usage: rules asian | simple | off")),
            },
            "limit" => match arg.parse::<u32>() {
                Ok(n) => self.set_rules(RuleSet {
                    move_limit: (n > 0).then_some(n),
                    ..self.game.rules()
                }),
                Err(_) if matches!(arg, "off" | "none") => self.set_rules(RuleSet {
                    move_limit: None,
                    ..self.game.rules()
                }),
                Err(_) => self.error("Usage: limit <moves without a capture> | limit off"),
            },
            "validation" => match arg {
                "strict" => self.set_validation(Validation::Strict),
                "permissive" => self.set_validation(Validation::Permissive),
                _ => self.error("Usage: validation strict | validation permissive"),
            },
            "level" => match arg.parse::<usize>() {
                Ok(n) if (1..=LEVELS.len()).contains(&n) => {
                    self.options.level = n - 1;
                    self.stop_thinking();
                    self.info(format!("Level {}.", level_name(n - 1)));
                }
                _ => self.error(format!("Usage: level 1..{}", LEVELS.len())),
            },
            "save" if !arg.is_empty() => self.save(arg),
            "load" if !arg.is_empty() => match std::fs::read_to_string(arg) {
                Ok(text) => self.load_text(&text, arg),
                Err(e) => self.error(format!("Cannot read {arg}: {e}")),
            },
            "new" => {
                self.new_game(Position::default());
                self.info("New game.");
            }
            "undo" => self.undo(),
            "resign" => self.ask_resign(),
            "draw" => self.offer_draw(),
            "bot" | "engine" => match arg {
                "red" => self.set_engine(Some(Color::Red)),
                "black" => self.set_engine(Some(Color::Black)),
                "off" | "none" => self.set_engine(None),
                _ => self.error(format!("Usage: {cmd} red | {cmd} black | {cmd} off")),
            },
            "save" | "load" => self.error(format!(
                "Usage: {cmd} <file> (.pgn, or .fen for the position)"
            )),
            _ => self.typed_move(line),
        }
    }

    fn typed_move(&mut self, line: &str) {
        if self.view.is_some() {
            self.warn("Browsing the move list: End or Esc goes back to the game to move.");
            return;
        }
        if self.game.outcome().is_some() {
            self.error("Not your turn.");
            return;
        }
        if let Some(why) = self.not_yours() {
            self.error(why);
            return;
        }
        // ICCS is played as typed, so that a refusal names the rule it breaks.
        let typed = line.parse::<Move>().map_err(|_| ());
        match typed.or_else(|()| self.game.position().parse_move(line)) {
            Ok(m) => self.play(m),
            Err(e) => self.error(format!(
                "{e}. Moves: {}; commands: see '?'.",
                move_examples(self.options.ascii)
            )),
        }
    }

    fn save(&mut self, path: &str) {
        let is_fen = std::path::Path::new(path)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("fen"));
        let text = if is_fen {
            format!("{}\n", self.game.position().fen())
        } else {
            xiangqi::write_pgn(&self.game, self.notation, &[("Event", "parlor xiangqi")])
        };
        match std::fs::write(path, text) {
            Ok(()) => self.info(format!("Saved to {path}.")),
            Err(e) => self.error(format!("Cannot save {path}: {e}")),
        }
    }

    fn load_text(&mut self, text: &str, name: &str) {
        match Position::from_fen_with(text.trim(), self.options.validation) {
            Ok(p) => {
                self.new_game(p);
                self.info(format!("Loaded the position from {name}."));
                return;
            }
            Err(e @ FenError::Invalid(_)) => {
                let hint = self.permissive_hint(&e);
                self.error(format!("Cannot load {name}: {e}{hint}."));
                return;
            }
            Err(FenError::Parse(_)) => {} // not a FEN: a game record?
        }
        match xiangqi::read_pgn(text, self.game.rules(), self.options.validation) {
            Ok(pgn) => {
                self.new_game(*pgn.game.start());
                self.game = pgn.game;
                let n = self.game.len();
                self.info(format!("Loaded {name}: {n} moves."));
            }
            Err(e) => {
                let hint = match &e {
                    PgnError::Fen(fen) => self.permissive_hint(fen),
                    _ => "",
                };
                self.error(format!("Cannot load {name}: {e}{hint}."));
            }
        }
    }

    /// After a FEN refused by strict validation: how to allow composed positions.
    fn permissive_hint(&self, error: &FenError) -> &'static str {
        match (self.options.validation, error) {
            (Validation::Strict, FenError::Invalid(_)) => {
                " (composed positions: ':validation permissive')"
            }
            _ => "",
        }
    }

    fn set_rules(&mut self, rules: RuleSet) {
        self.stop_thinking();
        self.game.set_rules(rules);
        self.options.rules = rules;
        let mut msg = format!("Rules: {}", rules_text(rules));
        if let Some(o) = self.game.outcome() {
            msg = format!("{msg}. Game over: {o}");
        }
        self.info(format!("{msg}."));
    }

    fn set_validation(&mut self, validation: Validation) {
        self.options.validation = validation;
        self.info(format!(
            "FENs and PGN [FEN] tags are now checked {}.",
            validation_word(validation)
        ));
    }

    fn set_engine(&mut self, color: Option<Color>) {
        self.stop_thinking();
        self.options.engine = color;
        match color {
            Some(c) => self.info(format!("The computer plays {}.", side_name(c))),
            None => self.info("Two players: the computer is off."),
        }
    }

    fn cycle_notation(&mut self) {
        self.notation = match self.notation {
            Notation::ChineseTraditional => Notation::ChineseSimplified,
            Notation::ChineseSimplified => Notation::Wxf,
            Notation::Wxf => Notation::Iccs,
            Notation::Iccs if self.options.ascii => Notation::Wxf,
            Notation::Iccs => Notation::ChineseTraditional,
        };
        self.info(format!("Moves in {}.", notation_name(self.notation)));
    }

    fn move_cursor(&mut self, df: i8, dr: i8) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let f = (self.cursor.file() as i8 + df).clamp(0, 8) as u8;
        let r = (self.cursor.rank() as i8 + dr).clamp(0, 9) as u8;
        self.cursor = Square::new(f, r).unwrap_or(self.cursor);
    }

    fn stop_thinking(&mut self) {
        self.search.stop();
    }

    /// Starts the computer's search when it is to move, and plays its answer once it is in
    /// and the pace allows. Called on every tick; never blocks.
    pub fn tick(&mut self) {
        if self.table.is_some() {
            return self.tick_table();
        }
        let ply = self.game.len();
        if self.search.wants_search(ply, self.engine_to_move()) {
            let thinker = self.think();
            self.search.start(thinker, ply);
            return;
        }
        let (info, answer) = self.search.poll(self.options.pace, self.prompt.is_some());
        if let Some(info) = info {
            self.analysis = Some(Analysis {
                root: *self.game.position(),
                info,
            });
        }
        match answer {
            Some(Ok(m)) => self.play(m),
            Some(Err(e)) => self.error(format!("The computer cannot move: {e}.")),
            None => {}
        }
    }

    /// Blocks until the computer's answer is in and plays it, ignoring the pace (tests).
    #[cfg(test)]
    pub fn finish_thinking(&mut self) {
        self.tick();
        if let Some(info) = self.search.wait() {
            self.analysis = Some(Analysis {
                root: *self.game.position(),
                info,
            });
        }
        self.options.pace = Duration::ZERO;
        self.tick();
    }

    /// Takes in what the server sent: its notes (refusals, link changes) in the status line,
    /// a new view replayed onto the board with the move reported, and a draw offer or its
    /// answer.
    fn tick_table(&mut self) {
        let Some(seat) = self.table.as_mut() else {
            return;
        };
        let view = seat.link.pump_into(&mut self.status);
        let me = seat.link.net().seat;
        if me != seat.seat {
            seat.seat = me;
            self.flipped = me == Some(Color::Black.index());
        }
        let game = Some(seat.link.game_number());
        let new_game = view.is_some() && std::mem::replace(&mut seat.game, game) != game;
        // Every change of the offer comes with a new state (the server logs it), and a
        // refusal with none: the offer is read only with a new view.
        let Some(view) = view else {
            return;
        };
        let moved = self.show(&view, new_game);
        let Some(seat) = self.table.as_mut() else {
            return;
        };
        let offer = seat.link.draw_offer();
        let before = std::mem::replace(&mut seat.offer, offer);
        match offer {
            Some(by) if offer != before && Some(by) != me => self.ask_accept(by),
            None if before.is_some() => {
                if matches!(&self.overlay, Overlay::Confirm(c) if matches!(c.yes, Sure::AcceptDraw(_)))
                {
                    self.overlay.close();
                }
                // Not answered by a move (which lapses it) or by the end: declined.
                if before == me && !moved && self.game.outcome().is_none() {
                    self.warn("Your draw offer was declined.");
                }
            }
            _ => {}
        }
    }

    /// Puts the server's view on the board, replayed through the rules crate under the
    /// table's rules, and reports a new game, a new move or the end; whether a move was
    /// added.
    fn show(&mut self, view: &View, new_game: bool) -> bool {
        let game = match replay(view, self.options.rules) {
            Ok(game) => game,
            Err(e) => {
                self.error(format!("The server's game does not replay: {e}."));
                return false;
            }
        };
        let changed = new_game
            || game.len() != self.game.len()
            || game.position() != self.game.position()
            || game.outcome() != self.game.outcome();
        if !changed {
            return false;
        }
        let added = game.len() > self.game.len() || (new_game && !game.is_empty());
        let fresh = game.is_empty();
        self.game = game;
        self.selected = None;
        self.view = self.view.filter(|&ply| ply < self.game.len());
        if self.game.outcome() != view.outcome {
            self.warn(format!(
                "The server's result ({}) is not what the rules here say.",
                view.outcome
                    .map_or_else(|| "none".to_owned(), |o| o.to_string())
            ));
        } else if fresh && self.game.outcome().is_none() {
            let mine = self
                .table()
                .and_then(|link| link.net().seat)
                .map(seat_color);
            match mine {
                Some(c) => self.info(format!("The game begins: you play {}.", side_name(c))),
                None => self.info("The game begins."),
            }
        } else if added {
            self.report_move();
        } else {
            self.announce_end();
        }
        added
    }

    fn think(&self) -> Thinker<Info, Result<Move, String>> {
        let game = self.game.clone();
        let players = Arc::clone(&self.players);
        let strength = LEVELS[self.options.level.min(LEVELS.len() - 1)];
        let control = Arc::new(Control::default());
        let stop = Arc::clone(&control);
        Thinker::spawn(
            move || stop.stop(),
            move |progress: &mut dyn FnMut(Info)| {
                let mut players = players.lock().unwrap_or_else(PoisonError::into_inner);
                let limits = match strength {
                    Strength::Baseline => {
                        return players
                            .bot
                            .choose(game.position())
                            .ok_or_else(|| "no legal move".to_owned());
                    }
                    Strength::Depth(d) => Limits {
                        depth: Some(d),
                        ..Limits::default()
                    },
                    Strength::Time(t) => Limits {
                        budget: Some(Budget::fixed(t, Duration::from_millis(20))),
                        ..Limits::default()
                    },
                };
                let result = players
                    .engine
                    .search(&game, &limits, &control, |info| progress(info.clone()));
                result.best.ok_or_else(|| "no legal move".to_owned())
            },
        )
    }
}

/// The server's view replayed through the crate under `rules`: the start position, every
/// move, and a resignation or an agreed draw (the declarations moves do not replay).
fn replay(view: &View, rules: RuleSet) -> Result<Game, String> {
    // Views written before `start` was added carry only the current position.
    let (fen, moves) = if view.start.is_empty() {
        (&view.fen, &[][..])
    } else {
        (&view.start, &view.moves[..])
    };
    let start = Position::from_fen_with(fen, Validation::Permissive)
        .map_err(|e| format!("its position: {e}"))?;
    let mut game = Game::with_rules(start, rules);
    for (i, &m) in moves.iter().enumerate() {
        game.play(m)
            .map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    match view.outcome {
        Some(Outcome::Win {
            winner,
            reason: WinReason::Resignation,
        }) => game.resign(winner.other()),
        Some(Outcome::Draw(DrawReason::Agreement)) => game.agree_draw(),
        _ => {}
    }
    Ok(game)
}

/// The colour of a table's seat: 0 is Red, 1 is Black.
fn seat_color(seat: usize) -> Color {
    if seat == Color::Red.index() {
        Color::Red
    } else {
        Color::Black
    }
}

/// "Red" or "Black".
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// A score in words for the side it belongs to: `+1.25`, `mate in 3`, `mated in 2`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) if n > 0 => format!("mate in {n}"),
        Score::Mate(n) => format!("mated in {}", -n),
    }
}

fn limit_text(limit: Option<u32>) -> String {
    limit.map_or_else(|| "no move limit".to_owned(), |n| format!("{n}-move limit"))
}

/// The rules in force, in words: `asian repetition · 60-move limit`.
pub fn rules_text(rules: RuleSet) -> String {
    format!(
        "{} repetition · {}",
        rules.repetition,
        limit_text(rules.move_limit)
    )
}

fn validation_word(v: Validation) -> &'static str {
    match v {
        Validation::Strict => "strictly",
        Validation::Permissive => "permissively",
    }
}

/// The notation's name.
pub fn notation_name(n: Notation) -> &'static str {
    match n {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::ChineseSimplified => "Chinese, simplified",
        Notation::ChineseTraditional => "Chinese, traditional",
    }
}

/// The statistics file's name in the data directory.
pub const STATS_NAME: &str = "xiangqi";

/// Moves as a player may type them, by example (without Chinese where only ASCII is shown).
pub fn move_examples(ascii: bool) -> &'static str {
    if ascii {
        "h2e2, C2.5"
    } else {
        "h2e2, C2.5, 炮二平五"
    }
}

/// The commands of the `:` prompt and the rules, for the help screen.
pub fn prompt_help(ascii: bool) -> Vec<String> {
    let files = if ascii {
        "Files: each side counts 1-9 from its own right (Red at the bottom, Black at the top)."
    } else {
        "Files: Red counts 一…九 from its right (bottom), Black 1…9 from its right (top)."
    };
    [
        &format!(
            "At ':': a move ({}) or fen · fen <FEN> · save <file.pgn|.fen> · load <file>",
            move_examples(ascii)
        ),
        "  new · undo · resign · draw · engine red|black|off · level 1-6 · rules asian|simple|off",
        "  limit <moves>|off · validation strict|permissive",
        files,
        "Checkmate and stalemate lose; the generals may not face each other on an open file.",
        "Repetition: asian (AXF/WXF) perpetual check or chase loses; simple: perpetual check.",
        "At a network table the server keeps the game: moves, resign (r) and draw offers (d)",
        "  go to it; undo, the engine, options, new game, save/load, :fen <FEN> are off.",
    ]
    .map(String::from)
    .to_vec()
}

dialogs_for_state!();
