//! The Gomoku screen's state and what each command does to it (no drawing here).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use gomoku::opening::{CannotStart, Opening, OpeningRule, Phase, Player, Swap2Choice};
use gomoku::{
    Bot, Color as Stone, DIRECTIONS, FoulPolicy, Game, GameSettings, IllegalMove, Outcome, Point,
    PointSet, Rule, Settings, View, format_moves, parse_moves, psq,
};
use gomoku_brain::opening::{self, Decision};
use gomoku_brain::{Brain, Limits, Thought};

use super::input::Command;
use crate::app::Action;
use crate::computer_record::Record;
use crate::data::DataDir;
use crate::dialogs::{cycle, dialogs_for_state};
use crate::line_input::LineInput;
use crate::net::NetScreen;
use crate::net::remote::{Remote, TableKey};
use crate::overlay::Overlay;
use crate::status::{Level, Status};
use crate::thinker::{Search, Strength, Thinker};

/// Board sizes the options cycle through.
const SIZES: [u8; 4] = [15, 19, 20, 9];

/// Who plays against whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one keyboard.
    Human,
    /// The computer plays this colour.
    Bot(Stone),
}

impl Opponent {
    fn next(self, step: isize) -> Opponent {
        let all = [
            Opponent::Bot(Stone::White),
            Opponent::Bot(Stone::Black),
            Opponent::Human,
        ];
        let i = all.iter().position(|&o| o == self).unwrap_or(0) as isize;
        all[(i + step).rem_euclid(3) as usize]
    }

    /// The match-up in words.
    pub fn describe(self) -> &'static str {
        match self {
            Opponent::Human => "two players",
            Opponent::Bot(Stone::White) => "you black, computer white",
            Opponent::Bot(Stone::Black) => "computer black, you white",
        }
    }
}

/// The difficulty levels, weakest first (level 1 is `LEVELS[0]`).
pub const LEVELS: [Strength; 6] = [
    Strength::Baseline,
    Strength::Depth(2),
    Strength::Depth(4),
    Strength::Time(Duration::from_millis(300)),
    Strength::Time(Duration::from_secs(1)),
    Strength::Time(Duration::from_secs(3)),
];

/// The most a depth level may think: the brain's threat searches take a fifth of it each.
const DEPTH_LEVEL_CAP: Duration = Duration::from_secs(2);

/// The level a game starts with.
pub const DEFAULT_LEVEL: usize = 3;

/// A level in words: `4 · brain 0.3 s a move`.
pub fn level_name(level: usize) -> String {
    Strength::describe(&LEVELS, level, "brain", "threat bot")
}

/// Start-up options: `App::new(Options { .. })`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Rule settings (the foul policy among them).
    pub settings: Settings,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// Index into [`LEVELS`].
    pub level: usize,
    /// ASCII drawing.
    pub ascii: bool,
    /// Seed of the threat bot's tie-breaks.
    pub seed: u64,
    /// Opening rule played before the game. Against the computer, `Opponent::Bot(Black)`
    /// makes the computer the first player of the opening (the tentative Black) and
    /// `Bot(White)` the second; who plays which colour is then the opening's outcome.
    pub opening: Option<OpeningRule>,
    /// The least time between a move and the computer's reply.
    pub pace: Duration,
    /// Where the statistics are kept (`None`: not kept).
    pub data: Option<DataDir>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            settings: Settings::new(Rule::Freestyle),
            width: 15,
            height: 15,
            opponent: Opponent::Bot(Stone::White),
            level: DEFAULT_LEVEL,
            ascii: false,
            seed: 0,
            opening: None,
            pace: Duration::from_millis(300),
            data: None,
        }
    }
}

/// The game's own popups over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The options list, with the highlighted row.
    Options(usize),
    /// "Play Black or White?" before a game against the computer.
    ChooseColor,
}

/// What a "yes" to a question does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sure {
    /// Leave the game in progress.
    Quit,
    /// Abandon it for a new one.
    NewGame,
    /// Clear the statistics.
    ResetStatistics,
}

/// What is open over the board.
pub type GomokuOverlay = Overlay<Popup, Sure>;

/// The rows of the options dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionRow {
    /// Who plays whom.
    Opponent,
    /// How strong the computer plays.
    Level,
    /// The rule set.
    Rule,
    /// The board size.
    Size,
    /// Renju: a forbidden point is refused, or played and lost.
    Fouls,
}

impl OptionRow {
    /// Every row, in order.
    pub const ALL: [OptionRow; 5] = [
        OptionRow::Opponent,
        OptionRow::Level,
        OptionRow::Rule,
        OptionRow::Size,
        OptionRow::Fouls,
    ];

    /// The row's label.
    pub const fn label(self) -> &'static str {
        match self {
            OptionRow::Opponent => "play",
            OptionRow::Level => "level",
            OptionRow::Rule => "rule",
            OptionRow::Size => "board",
            OptionRow::Fouls => "renju fouls",
        }
    }
}

/// The computer's last answer with how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Who the computer played.
    pub side: Stone,
    /// The brain's answer.
    pub thought: Thought,
}

/// What the computer decided: a stone in the game (with the brain's thought, if the brain
/// played), or an opening action.
#[derive(Clone, Debug)]
enum Reply {
    Stone(Point, Option<Thought>),
    Opening(Decision),
}

/// The computer players, shared with the search thread.
struct Players {
    brain: Brain,
    bot: Bot,
}

/// The state of the Gomoku screen.
pub struct State {
    pub(super) options: Options,
    pub(super) game: Game,
    pub(super) cursor: Point,
    pub(super) forbidden: PointSet,
    players: Arc<Mutex<Players>>,
    search: Search<(), Reply>,
    pub(super) analysis: Option<Analysis>,
    pub(super) show_analysis: bool,
    pub(super) numbers: bool,
    status: Status,
    /// The `:` prompt while it is open.
    pub(super) prompt: Option<LineInput>,
    pub(super) overlay: GomokuOverlay,
    pub(super) record: Record,
    /// Whether the current game is in the statistics already.
    counted: bool,
    /// The opening in progress, if any.
    pub(super) opening: Option<Opening>,
    /// Who holds Black after the opening.
    pub(super) black_player: Option<Player>,
    /// The seat at a network table (`None` for a local game): the server holds the game
    /// and `game` is its view replayed.
    table: Option<Box<Remote<View>>>,
}

impl State {
    /// A new game with `options`; refused, with the reason, when the board size is not
    /// 5..=32 each way or the opening rule cannot start on the board.
    pub fn new(options: Options) -> Result<State, CannotStart> {
        let game = Game::new(options.width, options.height, options.settings)?;
        let record = Record::load(options.data.clone(), STATS_NAME);
        let mut state = State {
            cursor: Point::center(options.width, options.height),
            game,
            forbidden: PointSet::new(),
            players: Arc::new(Mutex::new(Players {
                brain: Brain::new(16 << 20),
                bot: Bot::new(options.seed),
            })),
            search: Search::default(),
            analysis: None,
            show_analysis: false,
            numbers: false,
            status: Status::default(),
            prompt: None,
            overlay: Overlay::None,
            record,
            counted: false,
            opening: None,
            black_player: None,
            table: None,
            options,
        };
        state.new_game()?;
        if state.opening.is_none() {
            state.status.clear();
        }
        Ok(state)
    }

    /// A seat at a network table, over an open link: the board, rule and size are the
    /// table's; undo, the computer, the options, a new game, save/load and the statistics
    /// are off (the server keeps the game).
    pub fn remote(link: NetScreen, ascii: bool) -> Result<State, CannotStart> {
        let table = Remote::new(link);
        let settings: GameSettings = table.settings().unwrap_or_default();
        let options = Options {
            settings: settings.rules,
            width: settings.width,
            height: settings.height,
            opponent: Opponent::Human,
            ascii,
            ..Options::default()
        };
        let mut state = State::new(options)?;
        state.table = Some(Box::new(table));
        state.status.clear();
        state.tick();
        Ok(state)
    }

    /// The seat at a network table (`None` for a local game).
    pub fn table(&self) -> Option<&Remote<View>> {
        self.table.as_deref()
    }

    /// The server's view at a network table, once the first game started.
    pub fn remote_view(&self) -> Option<&View> {
        self.table.as_ref()?.view()
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The cursor position.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The status message, if any.
    pub fn message(&self) -> Option<&str> {
        Some(self.status.text()).filter(|t| !t.is_empty())
    }

    /// The status line.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// What is open over the board.
    pub fn overlay(&self) -> &GomokuOverlay {
        &self.overlay
    }

    /// Whether the computer is searching.
    pub fn thinking(&self) -> bool {
        self.search.is_running()
    }

    fn say(&mut self, level: Level, text: impl Into<String>) {
        self.status.set(level, text);
    }

    /// The colour the person plays against the computer.
    fn human_color(&self) -> Option<Stone> {
        self.computer_color().map(Stone::other)
    }

    /// The opening player the computer is, against the computer: the first (the tentative
    /// Black) for `Bot(Black)`, else the second.
    pub fn computer_player(&self) -> Option<Player> {
        match self.options.opponent {
            Opponent::Bot(Stone::Black) => Some(Player::First),
            Opponent::Bot(Stone::White) => Some(Player::Second),
            Opponent::Human => None,
        }
    }

    /// The colour the computer plays in the game: as the options say, or after an opening
    /// the colour its opening player ended with.
    fn computer_color(&self) -> Option<Stone> {
        let Opponent::Bot(color) = self.options.opponent else {
            return None;
        };
        Some(match (self.black_player, self.computer_player()) {
            (Some(black), Some(me)) if black == me => Stone::Black,
            (Some(_), Some(_)) => Stone::White,
            _ => color,
        })
    }

    /// Counts a game against the computer in the statistics, once: when it ends, or when it
    /// is abandoned after the first move (a loss).
    fn count_game(&mut self) {
        let Some(human) = self.human_color() else {
            return;
        };
        if self.counted || self.game.moves().is_empty() || self.opening.is_some() {
            return;
        }
        self.counted = true;
        let won = self.game.position().winner() == Some(human);
        if let Err(e) = self.record.count(won) {
            self.say(Level::Error, format!("statistics not saved: {e}"));
        }
    }

    /// Whether a game is under way (stones played, not over): leaving it asks first.
    pub fn in_progress(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.position().is_over()
    }

    fn refresh(&mut self) {
        self.forbidden = self.game.position().forbidden_points();
    }

    /// Starts a new game with the current options; nothing changes when it cannot start.
    fn new_game(&mut self) -> Result<(), CannotStart> {
        let o = self.options.clone();
        let opening = o
            .opening
            .map(|rule| Opening::new(rule, o.width, o.height, o.settings))
            .transpose()?;
        self.game = Game::new(o.width, o.height, o.settings)?;
        self.counted = false;
        self.search.stop();
        self.analysis = None;
        self.players
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .brain
            .clear();
        self.cursor = Point::center(o.width, o.height);
        self.say(
            Level::Info,
            format!(
                "new game: {} {}x{}, {}",
                o.settings.rule,
                o.width,
                o.height,
                o.opponent.describe()
            ),
        );
        self.black_player = None;
        self.opening = opening;
        if self.opening.is_some() {
            self.say(Level::Info, self.phase_text());
        }
        self.refresh();
        Ok(())
    }

    /// A new game with the current options (which always start: they started before).
    fn restart(&mut self) {
        if let Err(e) = self.new_game() {
            self.say(Level::Error, e.to_string());
        }
    }

    /// A new game, first asking which colour the player takes against the computer.
    fn start_new(&mut self) {
        self.count_game();
        if matches!(self.options.opponent, Opponent::Bot(_)) {
            self.overlay = Overlay::Game(Popup::ChooseColor);
        } else {
            self.restart();
        }
    }

    /// The answer to "play Black or White?": the computer takes the other colour (with an
    /// opening rule: Black is the first player of the opening, White the second).
    pub fn choose_color(&mut self, yours: Stone) {
        self.overlay.close();
        self.options.opponent = Opponent::Bot(yours.other());
        self.restart();
    }

    /// The next board size in [`SIZES`] (or the previous with `step` -1) on which the
    /// opening rule can start; the sizes it cannot start on are skipped, and the status line
    /// says why.
    fn next_size(&mut self, step: isize) {
        let n = SIZES.len() as isize;
        let i = SIZES
            .iter()
            .position(|&s| s == self.options.width)
            .map_or(0, |i| i as isize);
        let mut skipped = None;
        for k in 1..=n {
            let size = SIZES[(i + k * step).rem_euclid(n) as usize];
            let before = self.options.clone();
            self.options.width = size;
            self.options.height = size;
            let fits = self
                .options
                .opening
                .map(|rule| Opening::new(rule, size, size, self.options.settings))
                .transpose();
            match fits {
                Ok(_) => break,
                Err(e) => {
                    self.options = before;
                    skipped = Some(e);
                }
            }
        }
        self.options_changed();
        if let Some(e) = skipped {
            self.say(Level::Warn, format!("{e}: skipped"));
        }
    }

    /// After an option that shapes the game changed: a new game now, or from the next one
    /// when a game is in progress.
    fn options_changed(&mut self) {
        if self.in_progress() {
            self.say(
                Level::Info,
                "takes effect from the next game ('n' starts one)",
            );
        } else {
            self.restart();
        }
    }

    /// What the opening expects next, in words, with the keys that do it.
    fn phase_text(&self) -> String {
        let Some(o) = &self.opening else {
            return String::new();
        };
        let phase = o.phase();
        let keys = match phase {
            Phase::Place { .. } => "Enter places".to_owned(),
            Phase::Swap { .. } => "x swaps, c keeps".to_owned(),
            Phase::Swap2Choice { .. } => "1 black, 2 white, 3 two more stones".to_owned(),
            Phase::Declare { max, .. } => format!("press 1..{max}"),
            Phase::Offer { or_place, .. } => format!(
                "Enter offers, {} so far{}",
                o.offers().len(),
                if or_place {
                    "; f for a single fifth"
                } else {
                    ""
                }
            ),
            Phase::Select { .. } => "Enter selects an offer".to_owned(),
            Phase::Done => String::new(),
        };
        if self.bot_to_move() {
            return format!("opening: {phase} (the computer is thinking…)");
        }
        format!("opening: {phase} ({keys})")
    }

    /// Applies an opening action, then syncs the board and the phase message.
    fn opening_step(&mut self, step: impl FnOnce(&mut Opening) -> Result<(), IllegalMove>) {
        let Some(o) = self.opening.as_mut() else {
            return;
        };
        match step(o) {
            Ok(()) => {
                self.game = o.game().clone();
                if o.phase() == Phase::Done
                    && let Some(done) = self.opening.take()
                {
                    match done.finish() {
                        Ok((game, black)) => {
                            self.game = game;
                            self.black_player = Some(black);
                            let text = match self.human_color() {
                                Some(color) => format!("opening done: you play {color}"),
                                None => format!("opening done: the {black} plays black"),
                            };
                            self.say(Level::Info, text);
                        }
                        Err(e) => self.say(Level::Error, e.to_string()),
                    }
                } else {
                    self.say(Level::Info, self.phase_text());
                }
                self.refresh();
            }
            Err(e) => self.say(Level::Error, e.to_string()),
        }
    }

    fn opening_key(&mut self, c: char) {
        let Some(phase) = self.opening.as_ref().map(Opening::phase) else {
            return;
        };
        match (phase, c) {
            (Phase::Swap { .. }, 'x' | 'c') => self.opening_step(|o| o.decide_swap(c == 'x')),
            (Phase::Swap2Choice { .. }, '1') => {
                self.opening_step(|o| o.swap2(Swap2Choice::TakeBlack));
            }
            (Phase::Swap2Choice { .. }, '2') => {
                self.opening_step(|o| o.swap2(Swap2Choice::TakeWhite));
            }
            (Phase::Swap2Choice { .. }, '3') => {
                self.opening_step(|o| o.swap2(Swap2Choice::PlaceTwo));
            }
            (Phase::Declare { .. }, '1'..='9') => {
                let n = c as u8 - b'0';
                self.opening_step(|o| o.declare(n));
            }
            (Phase::Offer { or_place: true, .. }, 'f') => self.opening_step(Opening::single_fifth),
            _ => {}
        }
    }

    /// Whether the computer is to move (or to act in the opening).
    pub fn bot_to_move(&self) -> bool {
        match &self.opening {
            Some(o) => o.phase().by().is_some() && o.phase().by() == self.computer_player(),
            None => {
                self.computer_color() == Some(self.game.position().to_move())
                    && !self.game.position().is_over()
            }
        }
    }

    /// Runs one command; [`Action::Quit`] when the screen should close.
    pub fn apply(&mut self, command: Command) -> Action {
        if self.table.is_some()
            && let Some(action) = self.apply_at_table(command)
        {
            return action;
        }
        match command {
            Command::Cursor(dx, dy) => self.move_cursor(dx, dy),
            Command::Place => self.place(self.cursor),
            Command::Click(p) => {
                self.cursor = p;
                self.place(p);
            }
            Command::Prompt => self.prompt = Some(LineInput::new(": ").max_len(200)),
            Command::Undo => self.undo(),
            Command::Numbers => {
                self.numbers = !self.numbers;
                let on = if self.numbers { "on" } else { "off" };
                self.say(Level::Info, format!("move numbers {on}"));
            }
            Command::Analysis => {
                self.show_analysis = !self.show_analysis;
                let on = if self.show_analysis {
                    "shown"
                } else {
                    "hidden"
                };
                self.say(Level::Info, format!("computer's evaluation {on}"));
            }
            Command::Options => self.overlay = Overlay::Game(Popup::Options(0)),
            Command::NewGame if self.in_progress() => {
                self.overlay = Overlay::confirm("Abandon this game for a new one?", Sure::NewGame);
            }
            Command::NewGame => self.start_new(),
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::Help => self.overlay = Overlay::help(),
            Command::Quit if self.in_progress() => {
                self.overlay = Overlay::confirm("Quit this game?", Sure::Quit);
            }
            Command::Quit => return Action::Quit,
            Command::Opening(c) => self.opening_key(c),
            Command::Host(_) => self.say(Level::Warn, "b, d and g are the host's keys at a table"),
        }
        Action::Continue
    }

    /// A command at a network table, where it differs from the local game: `None` lets the
    /// local meaning stand (the cursor, placing, typing, numbers, help).
    fn apply_at_table(&mut self, command: Command) -> Option<Action> {
        let key = match command {
            Command::Undo => TableKey::Off("undo"),
            Command::Analysis => TableKey::Off("the computer's evaluation"),
            Command::Options => TableKey::Off("the options"),
            Command::Statistics => TableKey::Off("the statistics"),
            Command::NewGame => TableKey::Rematch,
            Command::Host(command) => TableKey::Host(command),
            Command::Opening(_) => {
                self.say(Level::Warn, "type the opening's choice at : (see the help)");
                return Some(Action::Continue);
            }
            Command::Quit => {
                let question = self.table.as_ref().map(|table| table.leave_question());
                self.overlay = Overlay::confirm(question.unwrap_or_default(), Sure::Quit);
                return Some(Action::Continue);
            }
            _ => return None,
        };
        if let Some(table) = self.table.as_mut() {
            table.at_table(key, &mut self.status);
        }
        Some(Action::Continue)
    }

    /// Takes in what the server sent: the notes (refusals, link changes, moves) in the status
    /// line, then a new view replayed onto the board (its outcome or opening prompt last).
    fn tick_table(&mut self) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let view = table.pump_into(&mut self.status);
        if let Some(settings) = table.settings::<GameSettings>()
            && (settings.rules, settings.width, settings.height)
                != (
                    self.options.settings,
                    self.options.width,
                    self.options.height,
                )
        {
            self.options.settings = settings.rules;
            self.resize(settings.width, settings.height);
            // The board at the table's settings; the server's notes stay in the status line.
            let said = self.status.clone();
            self.restart();
            self.status = said;
        }
        if let Some(view) = view {
            self.show(&view);
        }
    }

    /// The board's size, the cursor back to its centre when the size changes.
    fn resize(&mut self, width: u8, height: u8) {
        if (width, height) != (self.options.width, self.options.height) {
            self.options.width = width;
            self.options.height = height;
            self.cursor = Point::center(width, height);
        }
    }

    /// Puts the server's view on the board: its moves replayed by the rules crate under the
    /// table's rule, its forbidden points, its outcome or opening prompt in the status line.
    fn show(&mut self, view: &View) {
        let mut game = match Game::new(view.width, view.height, self.options.settings) {
            Ok(game) => game,
            Err(e) => return self.say(Level::Error, format!("the server's board: {e}")),
        };
        for &p in &view.moves {
            if let Err(e) = game.play(p) {
                return self.say(
                    Level::Error,
                    format!("the server's moves do not replay: {e}"),
                );
            }
        }
        self.resize(view.width, view.height);
        self.game = game;
        self.forbidden = view.forbidden.iter().copied().collect();
        match (&view.outcome, &view.opening) {
            (Some(outcome), _) => self.say(Level::Info, outcome.to_string()),
            (None, Some(opening)) => self.say(Level::Info, opening.prompt.clone()),
            (None, None) => {}
        }
    }

    /// A question was answered yes.
    pub fn confirmed(&mut self, sure: Sure) -> Action {
        match sure {
            Sure::Quit => {
                self.count_game();
                return Action::Quit;
            }
            Sure::NewGame => self.start_new(),
            Sure::ResetStatistics => match self.record.reset() {
                Ok(()) => self.say(Level::Info, "statistics reset"),
                Err(e) => self.say(Level::Error, format!("cannot reset the statistics: {e}")),
            },
        }
        Action::Continue
    }

    /// A question was answered no (or closed).
    pub fn declined(&mut self, sure: Sure) {
        match sure {
            Sure::ResetStatistics => self.say(Level::Info, "statistics kept"),
            Sure::Quit | Sure::NewGame => self.say(Level::Info, "carry on"),
        }
    }

    /// Closes the game's own popup.
    pub fn close_popup(&mut self) {
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
        match OptionRow::ALL[row] {
            OptionRow::Opponent => {
                self.options.opponent = self.options.opponent.next(step);
                self.search.stop();
                self.say(
                    Level::Info,
                    format!("now {}", self.options.opponent.describe()),
                );
            }
            OptionRow::Level => {
                self.options.level = cycle(self.options.level, step, LEVELS.len());
                self.search.stop();
                self.say(
                    Level::Info,
                    format!("level {}", level_name(self.options.level)),
                );
            }
            OptionRow::Rule => {
                let all = Rule::ALL;
                let i = all
                    .iter()
                    .position(|&r| r == self.options.settings.rule)
                    .unwrap_or(0) as isize;
                self.options.settings.rule =
                    all[(i + step).rem_euclid(all.len() as isize) as usize];
                self.options_changed();
            }
            OptionRow::Size => self.next_size(step),
            OptionRow::Fouls => {
                let s = self.options.settings;
                self.options.settings = s.with_foul_policy(match s.foul_policy {
                    FoulPolicy::Refuse => FoulPolicy::Lose,
                    FoulPolicy::Lose => FoulPolicy::Refuse,
                });
                self.options_changed();
            }
        }
    }

    /// An option's value in words.
    pub fn option_value(&self, row: OptionRow) -> String {
        let o = &self.options;
        match row {
            OptionRow::Opponent => o.opponent.describe().to_owned(),
            OptionRow::Level => level_name(o.level),
            OptionRow::Rule => o.settings.rule.to_string(),
            OptionRow::Size => format!("{}x{}", o.width, o.height),
            OptionRow::Fouls => match o.settings.foul_policy {
                FoulPolicy::Refuse => "refused (cannot be played)".to_owned(),
                FoulPolicy::Lose => "lose (black may play them and loses)".to_owned(),
            },
        }
    }

    /// Plays `p` for the side to move (a person), reporting errors in the status line.
    pub fn place(&mut self, p: Point) {
        if let Some(table) = self.table.as_mut() {
            if table.my_turn() {
                table.act(&p.to_string());
            } else {
                self.say(Level::Warn, "not your turn");
            }
            return;
        }
        if self.bot_to_move() {
            self.say(Level::Warn, "wait: the computer is thinking");
            return;
        }
        if let Some(phase) = self.opening.as_ref().map(Opening::phase) {
            match phase {
                Phase::Place { .. } => self.opening_step(|o| o.place(p)),
                Phase::Offer { .. } => self.opening_step(|o| o.offer(p)),
                Phase::Select { .. } => self.opening_step(|o| o.select(p)),
                _ => self.say(Level::Warn, self.phase_text()),
            }
            return;
        }
        self.play(p);
    }

    fn play(&mut self, p: Point) {
        let mover = self.game.position().to_move();
        match self.game.play(p) {
            Ok(Some(outcome)) => {
                let tone = match outcome {
                    Outcome::Foul { .. } => Level::Warn,
                    _ => Level::Info,
                };
                self.say(tone, outcome.to_string());
                self.refresh();
                self.count_game();
            }
            Ok(None) => {
                match self.overline_note(p, mover) {
                    Some(note) => self.say(Level::Warn, note),
                    None => self.status.clear(),
                }
                self.refresh();
            }
            Err(e) => {
                let text = match e {
                    IllegalMove::GameOver => {
                        "the game is over: n starts a new one, u undoes".to_owned()
                    }
                    other => other.to_string(),
                };
                self.say(Level::Error, text);
            }
        }
    }

    /// After a move that did not end the game: if it made six or more in a row, why that
    /// row does not win under the rule in force.
    fn overline_note(&self, p: Point, mover: Stone) -> Option<String> {
        let board = self.game.position().board();
        let longest = (0..DIRECTIONS.len())
            .map(|d| {
                let (behind, ahead) = board.run(p, mover, d);
                behind + ahead + 1
            })
            .max()?;
        (longest >= 6).then(|| {
            format!(
                "{p} makes {longest} in a row: an overline does not win under {}",
                self.options.settings.rule
            )
        })
    }

    /// Takes back moves: one in a two-player game, back to the person's turn against the
    /// computer.
    pub fn undo(&mut self) {
        if self.opening.is_some() {
            self.say(Level::Warn, "no undo during the opening (n restarts it)");
            return;
        }
        self.search.stop();
        if self.game.undo().is_none() {
            self.say(Level::Warn, "nothing to undo");
            return;
        }
        if self.computer_color() == Some(self.game.position().to_move()) {
            // Back to the person's turn; an opening's stones stay.
            self.game.undo();
        }
        if let Some(p) = self.game.last_move() {
            self.cursor = p;
        }
        self.say(Level::Info, "undone");
        self.refresh();
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let (w, h) = (
            i32::from(self.options.width),
            i32::from(self.options.height),
        );
        let x = (i32::from(self.cursor.x()) + i32::from(dx)).rem_euclid(w);
        let y = (i32::from(self.cursor.y()) + i32::from(dy)).rem_euclid(h);
        self.cursor = Point::new(x as u8, y as u8);
    }

    /// Runs a line typed at the `:` prompt: a point, or `save`/`load` a record.
    pub fn submit(&mut self, text: &str) {
        let text = text.trim();
        let (cmd, arg) = text
            .split_once(char::is_whitespace)
            .map_or((text, ""), |(c, a)| (c, a.trim()));
        match cmd {
            "" => {}
            "save" | "load" if self.table.is_some() => {
                self.say(Level::Warn, "save and load are off at a network table");
            }
            _ if text.parse::<Point>().is_err()
                && let Some(table) = self.table.as_mut() =>
            {
                // An opening's choice (`take-black`, `swap`…), in the server's words.
                table.act(text);
            }
            "save" if !arg.is_empty() => self.save(arg),
            "load" if !arg.is_empty() => match std::fs::read_to_string(arg) {
                Ok(record) => self.load(&record, arg),
                Err(e) => self.say(Level::Error, format!("cannot read {arg}: {e}")),
            },
            "save" | "load" => self.say(
                Level::Error,
                format!("usage: {cmd} <file> (.psq for Gomocup, else the move list)"),
            ),
            _ => match text.parse::<Point>() {
                Ok(p) if self.game.position().board().contains(p) => {
                    self.place(p);
                    if self.game.last_move() == Some(p) {
                        self.cursor = p;
                    }
                }
                Ok(p) => self.say(Level::Error, format!("{p} is off the board")),
                Err(e) => self.say(Level::Error, e.to_string()),
            },
        }
    }

    fn save(&mut self, path: &str) {
        let is_psq = std::path::Path::new(path)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("psq"));
        let (w, h) = (self.options.width, self.options.height);
        let text = if is_psq {
            psq::write(w, h, self.game.moves(), &[])
        } else {
            format!("{}\n", format_moves(self.game.moves()))
        };
        match std::fs::write(path, text) {
            Ok(()) => self.say(
                Level::Info,
                format!("saved {} moves to {path}", self.game.moves().len()),
            ),
            Err(e) => self.say(Level::Error, format!("cannot save {path}: {e}")),
        }
    }

    /// Loads a record (`.psq`, or a move list on the current board) as a new game under the
    /// current rules; a record that does not replay changes nothing.
    pub fn load(&mut self, text: &str, name: &str) {
        let record = if text.trim_start().starts_with("Piskvorky") {
            psq::read(text).map_err(|e| e.to_string())
        } else {
            parse_moves(text)
                .map(|moves| psq::Psq {
                    width: self.options.width,
                    height: self.options.height,
                    moves,
                })
                .map_err(|e| e.to_string())
        };
        let replayed = record.and_then(|r| {
            let mut game =
                Game::new(r.width, r.height, self.options.settings).map_err(|e| e.to_string())?;
            for (i, &p) in r.moves.iter().enumerate() {
                game.play(p)
                    .map_err(|e| format!("move {} ({p}): {e}", i + 1))?;
            }
            Ok((game, r.width, r.height))
        });
        match replayed {
            Ok((game, width, height)) => {
                self.options.width = width;
                self.options.height = height;
                self.options.opening = None;
                self.opening = None;
                self.search.stop();
                self.analysis = None;
                self.game = game;
                if let Some(p) = self.game.last_move() {
                    self.cursor = p;
                }
                let n = self.game.moves().len();
                let end = self
                    .game
                    .position()
                    .outcome()
                    .map_or(String::new(), |o| format!("; {o}"));
                self.say(Level::Info, format!("loaded {n} moves from {name}{end}"));
                self.refresh();
            }
            Err(e) => self.say(Level::Error, format!("cannot load {name}: {e}")),
        }
    }

    /// Starts the computer's search when it is to move and plays its answer once it is in
    /// and the pace allows. Called on every tick; never blocks.
    pub fn tick(&mut self) {
        if self.table.is_some() {
            return self.tick_table();
        }
        let ply = self.game.moves().len();
        if self.search.wants_search(ply, self.bot_to_move()) {
            let thinker = self.think();
            self.search.start(thinker, ply);
            return;
        }
        if let (_, Some(answer)) = self.search.poll(self.options.pace, self.prompt.is_some()) {
            self.play_answer(answer);
        }
    }

    /// Blocks until the computer's answer is in and plays it, ignoring the pace (tests).
    #[cfg(test)]
    pub fn finish_thinking(&mut self) {
        self.tick();
        self.search.wait();
        self.options.pace = Duration::ZERO;
        self.tick();
    }

    fn play_answer(&mut self, answer: Result<Reply, String>) {
        match answer {
            Ok(Reply::Stone(p, thought)) => {
                let side = self.game.position().to_move();
                self.analysis = thought.map(|thought| Analysis { side, thought });
                self.play(p);
            }
            Ok(Reply::Opening(decision)) => {
                self.opening_step(|o| decision.apply(o));
                let what = match decision {
                    Decision::Place(p) | Decision::Offer(p) | Decision::Select(p) => {
                        self.cursor = p;
                        format!("the computer chose {p}")
                    }
                    Decision::Swap(true) => "the computer swaps".to_owned(),
                    Decision::Swap(false) => "the computer keeps the colours".to_owned(),
                    Decision::Swap2(choice) => format!("the computer chose {choice}"),
                    Decision::Declare(n) => format!("the computer declares {n}"),
                };
                let next = self.status.text().to_owned();
                self.say(Level::Info, format!("{what}; {next}"));
            }
            Err(e) => self.say(Level::Error, format!("the computer cannot move: {e}")),
        }
    }

    fn think(&self) -> Thinker<(), Result<Reply, String>> {
        let pos = self.game.position().clone();
        let opening = self.opening.clone();
        let players = Arc::clone(&self.players);
        let strength = LEVELS[self.options.level.min(LEVELS.len() - 1)];
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        Thinker::spawn(
            move || flag.store(true, Ordering::Release),
            move |_progress: &mut dyn FnMut(())| {
                let mut players = players.lock().unwrap_or_else(PoisonError::into_inner);
                let limits = match strength {
                    // The threat bot knows no openings: the brain decides them, shallowly.
                    Strength::Baseline if opening.is_some() => Limits {
                        time: Some(DEPTH_LEVEL_CAP),
                        depth: Some(2),
                        soft: None,
                    },
                    Strength::Baseline => {
                        return players
                            .bot
                            .choose(&pos)
                            .map(|p| Reply::Stone(p, None))
                            .ok_or_else(|| "no legal move".to_owned());
                    }
                    // A depth level still has a time cap: without one the brain gives its
                    // threat searches two seconds each before the depth search even starts.
                    Strength::Depth(d) => Limits {
                        time: Some(DEPTH_LEVEL_CAP),
                        depth: Some(d),
                        soft: None,
                    },
                    Strength::Time(t) => Limits {
                        time: Some(t),
                        depth: None,
                        soft: None,
                    },
                };
                if let Some(opening) = &opening {
                    return opening::decide(&mut players.brain, opening, limits, &stop)
                        .map(Reply::Opening)
                        .ok_or_else(|| "no opening move is left".to_owned());
                }
                players
                    .brain
                    .think(&pos, limits, &stop)
                    .map(|t| Reply::Stone(t.best, Some(t)))
                    .map_err(|e| e.to_string())
            },
        )
    }
}

/// The statistics file's name in the data directory.
pub const STATS_NAME: &str = "gomoku";

/// The keys and rules the help screen adds to the key table.
pub const RULES_HELP: &[&str] = &[
    "At ':': a point (h8 or 7,7), save <file> (.psq: Gomocup record; else the move list),",
    "  load <file> (either form).",
    "Black moves first. Make a row of five to win; a full board is a draw.",
    "freestyle: five or more wins. standard: exactly five; an overline does not win.",
    "renju: Black wins only with exactly five and may not play a forbidden point (×):",
    "  overline, double-four, double-three (RIF). White wins with five or more.",
    "caro: a five blocked at both ends does not win; caro-overline: overlines win.",
];

dialogs_for_state!();
