//! Xiangqi in the terminal: two players at one keyboard, or against the baseline bot.
//!
//! The board is drawn with Chinese characters (red and black pieces on a wooden board, or
//! FEN letters with `--ascii`). Moves are made with the cursor or the mouse (select a piece,
//! its legal targets are marked, select a target) or typed in ICCS, WXF or Chinese notation
//! after `:`. The same prompt takes commands: `fen`, `fen <FEN>`, `save <file>`,
//! `load <file>` (PGN or FEN), `new`, `undo`, `bot red|black|off`, and the rules:
//! `rules asian|simple|off` (repetition), `limit <moves>|off` (the move limit),
//! `validation strict|permissive` (how FENs and PGN `[FEN]` tags are checked).

pub mod cli;

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color as TColor, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Wrap};
use xiangqi::{
    Bot, Color, FenError, Game, Move, MoveList, Notation, PgnError, Piece, Position,
    RepetitionRule, RuleSet, Square, Validation,
};

use crate::app::{Action, Screen};
use crate::launcher::LaunchOptions;
use crate::widgets;

/// Builds the xiangqi screen for the launcher: you play Red against the bot.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(
        Game::default(),
        Validation::Strict,
        Some(Color::Black),
        options.seed_or_random(),
        options.style.is_ascii(),
    ))
}

/// Board cell geometry: each point takes four columns and two rows.
const CELL_W: u16 = 4;
const CELL_H: u16 = 2;
/// Left margin for the rank labels.
const MARGIN: u16 = 3;
/// Width and height of the drawn board.
const BOARD_W: u16 = MARGIN + 8 * CELL_W + 2 + 2;
const BOARD_H: u16 = 1 + 9 * CELL_H + 1 + 1;

/// The whole state of the xiangqi screen.
#[allow(clippy::struct_excessive_bools)] // independent view toggles, not a state machine
pub struct App {
    game: Game,
    /// How typed and loaded FENs are checked.
    validation: Validation,
    bot: Bot,
    bot_color: Option<Color>,
    bot_delay: u32,
    cursor: Square,
    selected: Option<Square>,
    prompt: Option<String>,
    message: String,
    message_is_error: bool,
    notation: Notation,
    flipped: bool,
    ascii: bool,
    help: bool,
    seed: u64,
    /// Top-left corner of the board drawing at the last render, for mouse clicks.
    board_origin: Option<(u16, u16)>,
}

impl App {
    /// The screen for `game`, with the bot playing `bot_color` (or nobody); typed and loaded
    /// FENs are checked as `validation` says.
    pub fn new(
        game: Game,
        validation: Validation,
        bot_color: Option<Color>,
        seed: u64,
        ascii: bool,
    ) -> App {
        let pos = game.position();
        let cursor = pos.general(pos.turn());
        App {
            game,
            validation,
            bot: Bot::new(seed),
            bot_color,
            bot_delay: 0,
            cursor,
            selected: None,
            prompt: None,
            message: String::from(
                "Your move. Arrows + Enter or the mouse; ':' to type a move; '?' help.",
            ),
            message_is_error: false,
            notation: Notation::ChineseTraditional,
            flipped: bot_color == Some(Color::Red),
            ascii,
            help: false,
            seed,
            board_origin: None,
        }
        .with_ascii_notation()
    }

    fn with_ascii_notation(mut self) -> App {
        if self.ascii {
            self.notation = Notation::Wxf;
        }
        self
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The status message shown under the board.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The selected piece's square.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// Who the bot plays, if anyone.
    pub fn bot_color(&self) -> Option<Color> {
        self.bot_color
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = text.into();
        self.message_is_error = false;
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = text.into();
        self.message_is_error = true;
    }

    fn human_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.bot_color != Some(self.game.position().turn())
    }

    fn legal_targets(&self, from: Square) -> Vec<Square> {
        let mut moves = MoveList::new();
        self.game.position().legal_moves(&mut moves);
        moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect()
    }

    /// Plays a move for the side to move and reports it.
    fn play(&mut self, m: Move) -> bool {
        let text = self.game.position().write_move(m, self.notation);
        let mover = self.game.position().turn();
        if let Err(e) = self.game.play(m) {
            self.error(format!("{e}."));
            return false;
        }
        self.selected = None;
        self.bot_delay = 3;
        let mut msg = format!("{} played {text} ({m})", side_name(mover));
        if let Some(o) = self.game.outcome() {
            msg = format!("{msg}. Game over: {o}. 'n'ew game, 'u'ndo or 'q'uit.");
        } else if self.game.position().is_check() {
            msg.push_str(". Check!");
        }
        self.info(msg);
        true
    }

    /// Clicking or pressing Enter on `sq`: select an own piece, or move the selected one.
    fn activate(&mut self, sq: Square) {
        self.cursor = sq;
        if let Some(o) = self.game.outcome() {
            self.info(format!("Game over: {o}. 'n'ew game or 'u'ndo."));
            return;
        }
        if !self.human_to_move() {
            self.info("The bot is thinking…");
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
                    self.info(format!(
                        "Selected {sq}: {n} legal move{}.",
                        if n == 1 { "" } else { "s" }
                    ));
                }
            }
            _ => self.error(format!(
                "Select one of {}'s pieces first.",
                side_name(pos.turn())
            )),
        }
    }

    fn undo(&mut self) {
        // Against the bot, take back the bot's reply as well so it is your turn again.
        let mut n = 0;
        while self.game.undo().is_some() {
            n += 1;
            if self.bot_color != Some(self.game.position().turn()) {
                break;
            }
        }
        self.selected = None;
        if n == 0 {
            self.error("Nothing to undo.");
        } else {
            self.info(format!(
                "Took back {n} move{}.",
                if n == 1 { "" } else { "s" }
            ));
        }
    }

    fn new_game(&mut self, start: Position) {
        self.game = Game::with_rules(start, self.game.rules());
        self.selected = None;
        self.cursor = start.general(start.turn());
        self.bot_delay = 3;
    }

    /// Runs a line typed at the `:` prompt: a move in any notation, or a command.
    pub fn submit(&mut self, line: &str) {
        let line = line.trim();
        let (cmd, arg) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "fen" if arg.is_empty() => {
                let fen = self.game.position().fen();
                self.info(format!("FEN: {fen}"));
            }
            "fen" => match Position::from_fen_with(arg, self.validation) {
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
            "save" if !arg.is_empty() => {
                let is_fen = std::path::Path::new(arg)
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("fen"));
                let text = if is_fen {
                    format!("{}\n", self.game.position().fen())
                } else {
                    xiangqi::write_pgn(&self.game, self.notation, &[("Event", "parlor xiangqi")])
                };
                match std::fs::write(arg, text) {
                    Ok(()) => self.info(format!("Saved to {arg}.")),
                    Err(e) => self.error(format!("Cannot save {arg}: {e}")),
                }
            }
            "load" if !arg.is_empty() => match std::fs::read_to_string(arg) {
                Ok(text) => self.load_text(&text, arg),
                Err(e) => self.error(format!("Cannot read {arg}: {e}")),
            },
            "new" => {
                self.new_game(Position::default());
                self.info("New game.");
            }
            "undo" => self.undo(),
            "bot" => match arg {
                "red" => self.set_bot(Some(Color::Red)),
                "black" => self.set_bot(Some(Color::Black)),
                "off" | "none" => self.set_bot(None),
                _ => self.error("Usage: bot red | bot black | bot off"),
            },
            "save" | "load" => self.error(format!(
                "Usage: {cmd} <file> (.pgn, or .fen for the position)"
            )),
            _ => {
                if !self.human_to_move() {
                    self.error("Not your turn.");
                    return;
                }
                // ICCS is played as typed, so that a refusal names the rule it breaks.
                let typed = line.parse::<Move>().map_err(|_| ());
                match typed.or_else(|()| self.game.position().parse_move(line)) {
                    Ok(m) => {
                        self.play(m);
                    }
                    Err(e) => self.error(format!("{e}. Moves: h2e2, C2.5, 炮二平五; commands: fen, save, load, new, undo, bot, rules, limit, validation.")),
                }
            }
        }
    }

    fn load_text(&mut self, text: &str, name: &str) {
        match Position::from_fen_with(text.trim(), self.validation) {
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
        match xiangqi::read_pgn(text, self.game.rules(), self.validation) {
            Ok(pgn) => {
                self.game = pgn.game;
                self.selected = None;
                self.bot_delay = 3;
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
        match (self.validation, error) {
            (Validation::Strict, FenError::Invalid(_)) => {
                " (composed positions: ':validation permissive')"
            }
            _ => "",
        }
    }

    fn set_rules(&mut self, rules: RuleSet) {
        self.game.set_rules(rules);
        let mut msg = format!("Rules: {}", rules_text(rules));
        if let Some(o) = self.game.outcome() {
            msg = format!("{msg}. Game over: {o}");
        }
        self.info(format!("{msg}."));
    }

    fn cycle_repetition(&mut self) {
        let rules = self.game.rules();
        let all = RepetitionRule::ALL;
        let next =
            all[(all.iter().position(|&r| r == rules.repetition).unwrap_or(0) + 1) % all.len()];
        self.set_rules(RuleSet {
            repetition: next,
            ..rules
        });
    }

    fn set_validation(&mut self, validation: Validation) {
        self.validation = validation;
        self.info(format!(
            "FENs and PGN [FEN] tags are now checked {}.",
            validation_name(validation)
        ));
    }

    fn set_bot(&mut self, color: Option<Color>) {
        self.bot_color = color;
        self.bot_delay = 3;
        match color {
            Some(c) => self.info(format!("The bot plays {}.", side_name(c))),
            None => self.info("Two players: the bot is off."),
        }
    }

    fn cycle_bot(&mut self) {
        let next = match self.bot_color {
            None => Some(Color::Black),
            Some(Color::Black) => Some(Color::Red),
            Some(Color::Red) => None,
        };
        self.set_bot(next);
    }

    fn cycle_notation(&mut self) {
        self.notation = match self.notation {
            Notation::ChineseTraditional => Notation::ChineseSimplified,
            Notation::ChineseSimplified => Notation::Wxf,
            Notation::Wxf => Notation::Iccs,
            Notation::Iccs => Notation::ChineseTraditional,
        };
        self.info(format!("Move list in {}.", notation_name(self.notation)));
    }

    fn move_cursor(&mut self, df: i8, dr: i8) {
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        let f = (self.cursor.file() as i8 + df).clamp(0, 8) as u8;
        let r = (self.cursor.rank() as i8 + dr).clamp(0, 9) as u8;
        self.cursor = Square::new(f, r).unwrap_or(self.cursor);
    }

    /// The board square drawn at terminal cell (`x`, `y`), if any.
    fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let (ox, oy) = self.board_origin?;
        let col = x.checked_sub(ox + MARGIN)?;
        let row = y.checked_sub(oy + 1)?;
        let (c, r) = (((col + 1) / CELL_W) as u8, ((row + 1) / CELL_H) as u8);
        if c > 8 || r > 9 {
            return None;
        }
        let (file, rank) = if self.flipped { (8 - c, r) } else { (c, 9 - r) };
        Square::new(file, rank)
    }

    fn piece_text(&self, p: Piece, right_edge: bool) -> String {
        if self.ascii {
            format!("{}{}", p.fen_char(), if right_edge { ' ' } else { '-' })
        } else {
            p.chinese_traditional().to_string()
        }
    }

    fn board_lines(&self) -> Vec<Line<'static>> {
        let pos = self.game.position();
        let wood = TColor::Rgb(0xe8, 0xc8, 0x8e);
        let base = if self.ascii {
            Style::default()
        } else {
            Style::default().bg(wood).fg(TColor::Rgb(0x5a, 0x3a, 0x1a))
        };
        let targets = self
            .selected
            .map(|s| self.legal_targets(s))
            .unwrap_or_default();
        let last = self.game.last_move();
        let checked = pos.is_check().then(|| pos.general(pos.turn()));
        let mut lines = Vec::new();
        let mut files = String::new();
        for c in 0..9u8 {
            let f = if self.flipped { 8 - c } else { c };
            files.push(char::from(b'a' + f));
            files.push_str("   ");
        }
        lines.push(Line::raw(format!(
            "{:MARGIN$}{}",
            "",
            files.trim_end(),
            MARGIN = MARGIN as usize
        )));
        for row in 0..10u8 {
            let rank = if self.flipped { row } else { 9 - row };
            let mut spans = vec![Span::raw(format!("{rank:<2} "))];
            for c in 0..9u8 {
                let file = if self.flipped { 8 - c } else { c };
                let sq = Square::new(file, rank).expect("on board");
                let mut style = base;
                let text = match pos.piece_at(sq) {
                    Some(p) => {
                        let fg = if p.color == Color::Red {
                            TColor::Red
                        } else if self.ascii {
                            TColor::Reset
                        } else {
                            TColor::Black
                        };
                        style = style.fg(fg).add_modifier(Modifier::BOLD);
                        self.piece_text(p, c == 8)
                    }
                    None if targets.contains(&sq) => {
                        style = style.fg(TColor::Green).add_modifier(Modifier::BOLD);
                        match (self.ascii, c == 8) {
                            (true, false) => "*-".into(),
                            (true, true) => "* ".into(),
                            (false, false) => "●─".into(),
                            (false, true) => "● ".into(),
                        }
                    }
                    None => self.empty_point(sq),
                };
                if targets.contains(&sq) && pos.piece_at(sq).is_some() {
                    style = style.bg(TColor::LightGreen);
                }
                if last.is_some_and(|m| m.from == sq || m.to == sq) {
                    style = style.bg(TColor::LightBlue);
                }
                if checked == Some(sq) {
                    style = style.bg(TColor::LightRed);
                }
                if self.selected == Some(sq) {
                    style = style.bg(TColor::Yellow);
                }
                if self.cursor == sq {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                spans.push(Span::styled(text, style));
                if c < 8 {
                    let link = if self.ascii { "--" } else { "──" };
                    spans.push(Span::styled(link, base));
                }
            }
            lines.push(Line::from(spans));
            if row < 9 {
                lines.push(self.between_line(row, base));
            }
        }
        lines
    }

    /// The empty point symbol (two columns): grid crossings, edges and corners.
    fn empty_point(&self, sq: Square) -> String {
        if self.ascii {
            let right = if self.flipped {
                sq.file() == 0
            } else {
                sq.file() == 8
            };
            return if right { "+ ".into() } else { "+-".into() };
        }
        let (f, r) = (sq.file(), sq.rank());
        let top = if self.flipped { r == 0 } else { r == 9 };
        let bottom = if self.flipped { r == 9 } else { r == 0 };
        let river_top = if self.flipped { r == 4 } else { r == 5 };
        let river_bottom = if self.flipped { r == 5 } else { r == 4 };
        let left = if self.flipped { f == 8 } else { f == 0 };
        let right = if self.flipped { f == 0 } else { f == 8 };
        let ch = match (
            top || river_bottom && !left && !right,
            bottom || river_top && !left && !right,
            left,
            right,
        ) {
            _ if (river_bottom || river_top) && !left && !right => {
                if river_bottom {
                    '┴'
                } else {
                    '┬'
                }
            }
            (true, _, true, _) => '┌',
            (true, _, _, true) => '┐',
            (_, true, true, _) => '└',
            (_, true, _, true) => '┘',
            (true, ..) => '┬',
            (_, true, ..) => '┴',
            (_, _, true, _) => '├',
            (_, _, _, true) => '┤',
            _ => '┼',
        };
        let tail = if right { ' ' } else { '─' };
        format!("{ch}{tail}")
    }

    /// The line between board rows `row` and `row + 1` (top to bottom): verticals, the
    /// palace diagonals and the river.
    fn between_line(&self, row: u8, base: Style) -> Line<'static> {
        let mut s = String::from("   ");
        if row == 4 {
            let river = if self.ascii {
                "|     Chu He        Han Jie     |"
            } else {
                "│    楚  河           漢  界    │"
            };
            return Line::from(vec![
                Span::raw("   "),
                Span::styled(river.to_string(), base),
            ]);
        }
        for c in 0..9u8 {
            s.push(if self.ascii { '|' } else { '│' });
            if c < 8 {
                // Palace diagonals between files d-e-f (columns 3-5) in rows 0-2 and 7-9.
                let palace_row = row <= 1 || row >= 7;
                let diag = if palace_row && (c == 3 || c == 4) {
                    let down = (row == 0 || row == 7) == (c == 3);
                    if self.ascii {
                        if down { " \\ " } else { " / " }
                    } else if down {
                        " ╲ "
                    } else {
                        " ╱ "
                    }
                } else {
                    "   "
                };
                s.push_str(diag);
            }
        }
        Line::from(vec![
            Span::raw("   "),
            Span::styled(s[3..].to_string(), base),
        ])
    }

    fn side_lines(&self) -> Vec<Line<'static>> {
        let pos = self.game.position();
        let mut lines = Vec::new();
        let mode = match self.bot_color {
            None => "two players".to_string(),
            Some(c) => format!("bot plays {}", side_name(c)),
        };
        lines.push(Line::styled(
            format!("Xiangqi · {mode} · seed {}", self.seed),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        lines.push(Line::raw(format!(
            "Rules: {} · FEN {}",
            rules_text(self.game.rules()),
            match self.validation {
                Validation::Strict => "strict",
                Validation::Permissive => "permissive",
            }
        )));
        let status = if let Some(o) = self.game.outcome() {
            Span::styled(
                format!("Game over: {o}"),
                Style::default()
                    .fg(TColor::Magenta)
                    .add_modifier(Modifier::BOLD),
            )
        } else {
            let turn = side_name(pos.turn());
            let color = if pos.turn() == Color::Red {
                TColor::Red
            } else {
                TColor::Reset
            };
            let check = if pos.is_check() { " — CHECK!" } else { "" };
            Span::styled(
                format!("{turn} to move{check}"),
                Style::default().fg(color).add_modifier(Modifier::BOLD),
            )
        };
        lines.push(Line::from(status));
        if let Some(o) = self.game.outcome() {
            lines.push(Line::raw(format!("Result {}", o.result_str())));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!("Moves ({})", notation_name(self.notation)),
            Style::default().add_modifier(Modifier::UNDERLINED),
        ));
        let mut p = *self.game.start();
        let mut rows: Vec<String> = Vec::new();
        for m in self.game.moves() {
            let text = p.write_move(m, self.notation);
            if p.turn() == Color::Red || rows.is_empty() {
                let dots = if p.turn() == Color::Red { "." } else { "..." };
                rows.push(format!("{:>3}{dots} {text}", p.fullmoves()));
            } else if let Some(last) = rows.last_mut() {
                last.push_str("  ");
                last.push_str(&text);
            }
            p.play_unchecked(m);
        }
        let shown = 14;
        let skip = rows.len().saturating_sub(shown);
        if skip > 0 {
            lines.push(Line::raw("  …"));
        }
        lines.extend(rows.into_iter().skip(skip).map(Line::raw));
        lines
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The rules in force, in words: `asian repetition · 60-move limit`.
fn rules_text(rules: RuleSet) -> String {
    let limit = rules
        .move_limit
        .map_or_else(|| "no move limit".to_owned(), |n| format!("{n}-move limit"));
    format!("{} repetition · {limit}", rules.repetition)
}

fn validation_name(v: Validation) -> &'static str {
    match v {
        Validation::Strict => "strictly",
        Validation::Permissive => "permissively",
    }
}

fn notation_name(n: Notation) -> &'static str {
    match n {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::ChineseSimplified => "Chinese, simplified",
        Notation::ChineseTraditional => "Chinese, traditional",
    }
}

const HELP_KEYS: &[(&str, &str)] = &[
    ("arrows / hjkl", "move the cursor"),
    (
        "Enter / space",
        "select a piece, then its target (or click with the mouse)",
    ),
    ("Esc", "deselect"),
    (":", "type a move (h2e2, C2.5, 炮二平五) or a command"),
    ("u", "undo (against the bot: your last move and its reply)"),
    ("b", "bot: off → plays Black → plays Red"),
    ("r", "repetition rule: asian → simple → off"),
    (
        "m",
        "move list notation: Chinese traditional/simplified, WXF, ICCS",
    ),
    ("f", "flip the board"),
    ("n", "new game"),
    ("?", "this help"),
    ("q", "quit"),
];

const HELP_RULES: &[&str] = &[
    "Commands after ':': fen · fen <FEN> · save <file.pgn|file.fen> · load <file> · new · undo · bot red|black|off",
    "  rules asian|simple|off · limit <moves>|off (0 is off) · validation strict|permissive",
    "Rules: checkmate and stalemate both lose; generals may not face each other on an open file;",
    "perpetual check or chase loses (asian: AXF/WXF rules; simple: only perpetual check loses);",
    "by default 60 moves without a capture, or no attacking pieces left, is a draw.",
];

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let [main, status] =
            Layout::vertical([Constraint::Min(BOARD_H + 2), Constraint::Length(2)]).areas(area);
        let [board_area, side] =
            Layout::horizontal([Constraint::Length(BOARD_W + 2), Constraint::Min(20)]).areas(main);
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(if self.ascii {
                " xiangqi "
            } else {
                " 象棋 xiangqi "
            });
        let inner = block.inner(board_area);
        frame.render_widget(block, board_area);
        self.board_origin = Some((inner.x, inner.y));
        frame.render_widget(Paragraph::new(self.board_lines()), inner);
        frame.render_widget(
            Paragraph::new(self.side_lines())
                .block(Block::bordered().border_type(BorderType::Rounded))
                .wrap(Wrap { trim: false }),
            side,
        );
        let line = match &self.prompt {
            Some(text) => format!(": {text}▏"),
            None => self.message.clone(),
        };
        let color = if self.prompt.is_some() {
            TColor::Cyan
        } else if self.message_is_error {
            TColor::Red
        } else {
            TColor::Reset
        };
        let [msg, hint] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(status);
        widgets::status_line(frame, msg, &line, color);
        widgets::status_line(
            frame,
            hint,
            "arrows+Enter/mouse move · : type move/command · u undo · b bot · m notation · f flip · n new · ? help · q quit",
            TColor::DarkGray,
        );
        if self.help {
            widgets::help(frame, "Xiangqi help", HELP_KEYS, HELP_RULES);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        if self.help {
            if matches!(event, Event::Key(_)) {
                self.help = false;
            }
            return Action::Continue;
        }
        if let Some(text) = self.prompt.as_mut() {
            if let Event::Key(k) = event {
                match k.code {
                    KeyCode::Enter => {
                        let line = std::mem::take(text);
                        self.prompt = None;
                        self.submit(&line);
                    }
                    KeyCode::Esc => {
                        self.prompt = None;
                        self.info("Cancelled.");
                    }
                    KeyCode::Backspace => {
                        text.pop();
                    }
                    KeyCode::Char(c) if !k.modifiers.contains(KeyModifiers::CONTROL) => {
                        text.push(c);
                    }
                    _ => {}
                }
            }
            return Action::Continue;
        }
        match event {
            Event::Key(k) => match k.code {
                KeyCode::Char('q') => return Action::Quit,
                KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0),
                KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0),
                KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, 1),
                KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, -1),
                KeyCode::Enter | KeyCode::Char(' ') => self.activate(self.cursor),
                KeyCode::Esc => {
                    self.selected = None;
                    self.info("Deselected.");
                }
                KeyCode::Char(':' | '/' | 'i') => self.prompt = Some(String::new()),
                KeyCode::Char('u') => self.undo(),
                KeyCode::Char('b') => self.cycle_bot(),
                KeyCode::Char('r') => self.cycle_repetition(),
                KeyCode::Char('m') => self.cycle_notation(),
                KeyCode::Char('f') => {
                    self.flipped = !self.flipped;
                    self.info("Board flipped.");
                }
                KeyCode::Char('n') => {
                    self.new_game(Position::default());
                    self.info("New game.");
                }
                KeyCode::Char('?') => self.help = true,
                _ => {}
            },
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some(sq) = self.square_at(mouse.column, mouse.row) {
                    self.activate(sq);
                }
            }
            _ => {}
        }
        Action::Continue
    }

    fn tick(&mut self) -> Action {
        if self.bot_delay > 0 {
            self.bot_delay -= 1;
            return Action::Continue;
        }
        let pos = *self.game.position();
        if self.prompt.is_none()
            && self.game.outcome().is_none()
            && self.bot_color == Some(pos.turn())
            && let Some(m) = self.bot.choose(&pos)
        {
            self.play(m);
            self.bot_delay = 0;
        }
        Action::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{key, keys, render_to_string};

    fn two_players() -> App {
        App::new(Game::default(), Validation::Strict, None, 1, false)
    }

    fn type_line(app: &mut App, text: &str) {
        app.handle_event(&key(KeyCode::Char(':')));
        for e in keys(text) {
            app.handle_event(&e);
        }
        app.handle_event(&key(KeyCode::Enter));
    }

    #[test]
    fn board_renders_with_chinese_pieces_and_status() {
        let mut app = two_players();
        let screen = render_to_string(&mut app, 110, 30);
        for s in [
            "俥",
            "傌",
            "相",
            "仕",
            "帥",
            "炮",
            "兵",
            "車",
            "馬",
            "象",
            "士",
            "將",
            "砲",
            "卒",
            "楚",
            "Red to move",
        ] {
            assert!(screen.contains(s), "{s} missing:\n{screen}");
        }
        let mut ascii = App::new(Game::default(), Validation::Strict, None, 1, true);
        let screen = render_to_string(&mut ascii, 110, 30);
        assert!(
            screen.contains("R---N---B---A---K---A---B---N---R"),
            "{screen}"
        );
    }

    #[test]
    fn cursor_select_and_move() {
        let mut app = two_players();
        assert_eq!(app.cursor().to_string(), "e0");
        // Move the cursor to h2 (3 right, 2 up) and select the cannon, then to e2.
        for code in [
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Up,
        ] {
            app.handle_event(&key(code));
        }
        assert_eq!(app.cursor().to_string(), "h2");
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.selected().map(|s| s.to_string()), Some("h2".into()));
        let screen = render_to_string(&mut app, 110, 30);
        assert!(screen.contains("Selected h2"), "{screen}");
        for _ in 0..3 {
            app.handle_event(&key(KeyCode::Left));
        }
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(
            app.game().last_move().map(|m| m.to_string()),
            Some("h2e2".into())
        );
        assert!(app.message().contains("炮二平五"), "{}", app.message());
        assert_eq!(app.game().position().turn(), Color::Black);
    }

    #[test]
    fn typed_moves_in_every_notation_and_errors() {
        let mut app = two_players();
        type_line(&mut app, "炮二平五");
        type_line(&mut app, "H8+7");
        type_line(&mut app, "h0g2");
        assert_eq!(app.game().len(), 3);
        type_line(&mut app, "xyz");
        assert!(
            app.message().contains("not valid move notation"),
            "{}",
            app.message()
        );
        type_line(&mut app, "C3.5");
        assert!(app.message().contains("illegal here"), "{}", app.message());
        type_line(&mut app, "a9a5");
        assert_eq!(app.message(), "a9a5 is illegal: a piece stands in the way.");
        assert_eq!(app.game().len(), 3);
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().len(), 2);
        type_line(&mut app, "fen");
        assert!(app.message().starts_with("FEN: "), "{}", app.message());
        type_line(&mut app, "fen 3k5/9/9/9/9/9/9/9/9/4K4 w");
        assert!(app.message().contains("Position loaded"));
        type_line(&mut app, "fen nonsense");
        assert!(app.message().contains("Bad FEN"));
    }

    #[test]
    fn save_and_load_pgn_and_fen() {
        let dir = std::env::temp_dir().join(format!("parlor-xiangqi-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pgn = dir.join("g.pgn");
        let fen = dir.join("p.fen");
        let mut app = two_players();
        type_line(&mut app, "h2e2");
        type_line(&mut app, "h9g7");
        type_line(&mut app, &format!("save {}", pgn.display()));
        type_line(&mut app, &format!("save {}", fen.display()));
        let mut other = two_players();
        type_line(&mut other, &format!("load {}", pgn.display()));
        assert_eq!(other.game().len(), 2, "{}", other.message());
        let mut third = two_players();
        type_line(&mut third, &format!("load {}", fen.display()));
        assert_eq!(third.game().position(), app.game().position());
        type_line(&mut third, "load /nonexistent/file.pgn");
        assert!(third.message().contains("Cannot read"));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn bot_replies_and_undo_takes_back_both() {
        let mut app = App::new(
            Game::default(),
            Validation::Strict,
            Some(Color::Black),
            5,
            false,
        );
        type_line(&mut app, "h2e2");
        for _ in 0..10 {
            app.tick();
        }
        assert_eq!(app.game().len(), 2, "the bot answered");
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().len(), 0);
        assert_eq!(app.game().position().turn(), Color::Red);
    }

    #[test]
    fn mouse_clicks_select_and_move() {
        use crossterm::event::{MouseEvent, MouseEventKind};
        let mut app = two_players();
        let _ = render_to_string(&mut app, 110, 30);
        let (ox, oy) = app.board_origin.unwrap();
        // h2: column 7, row 7 from the top.
        let click = |c: u16, r: u16| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: ox + MARGIN + c * CELL_W,
                row: oy + 1 + r * CELL_H,
                modifiers: KeyModifiers::NONE,
            })
        };
        app.handle_event(&click(7, 7));
        assert_eq!(app.selected().map(|s| s.to_string()), Some("h2".into()));
        app.handle_event(&click(4, 7));
        assert_eq!(
            app.game().last_move().map(|m| m.to_string()),
            Some("h2e2".into())
        );
    }

    #[test]
    fn launcher_entry_starts_against_the_bot() {
        let mut screen = start(&LaunchOptions {
            seed: Some(9),
            ..LaunchOptions::default()
        });
        let text = render_to_string(screen.as_mut(), 110, 30);
        assert!(
            text.contains("bot plays Black") && text.contains("seed 9"),
            "{text}"
        );
    }

    #[test]
    fn checkmate_is_announced_with_the_rule() {
        let p = Position::from_fen("3k5/R8/9/9/1R7/9/9/9/9/4K4 w").unwrap();
        let mut app = App::new(Game::new(p), Validation::Strict, None, 1, false);
        type_line(&mut app, "b5b9");
        assert!(
            app.message().contains("red wins by checkmate"),
            "{}",
            app.message()
        );
        let screen = render_to_string(&mut app, 110, 30);
        assert!(screen.contains("Game over"), "{screen}");
        app.handle_event(&key(KeyCode::Char('?')));
        assert!(render_to_string(&mut app, 110, 40).contains("Xiangqi help"));
        assert_eq!(app.handle_event(&key(KeyCode::Char('x'))), Action::Continue);
        assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
    }

    fn press(app: &mut App, path: &[KeyCode]) {
        for &code in path {
            app.handle_event(&key(code));
        }
    }

    #[test]
    fn an_illegal_target_shows_the_rule_it_breaks() {
        // The game guessed "the general may not be left attacked or facing" for any refusal.
        let mut app = two_players();
        // From e0: four left to a0 (the chariot), select, then one right and one up to b1.
        press(&mut app, &[KeyCode::Left; 4]);
        press(
            &mut app,
            &[KeyCode::Enter, KeyCode::Right, KeyCode::Up, KeyCode::Enter],
        );
        assert_eq!(
            app.message(),
            "a0b1 is illegal: a chariot does not move that way."
        );
        // The horse on b0 to d1 has its leg (c0) blocked.
        press(&mut app, &[KeyCode::Down, KeyCode::Enter, KeyCode::Right]);
        press(&mut app, &[KeyCode::Right, KeyCode::Up, KeyCode::Enter]);
        assert_eq!(
            app.message(),
            "b0d1 is illegal: the horse's leg is blocked."
        );
        assert!(app.game().is_empty());
    }

    /// Eight open chariots: 136 legal moves, more than the move list used to hold.
    const EIGHT_CHARIOTS: &str = "4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/3K5 w - - 0 1";

    #[test]
    fn fen_prompt_is_strict_unless_permissive() {
        let mut app = two_players();
        type_line(&mut app, &format!("fen {EIGHT_CHARIOTS}"));
        assert!(
            app.message()
                .starts_with("Bad FEN: red has 8 pieces of role chariot (at most 2)"),
            "{}",
            app.message()
        );
        assert!(app.message().contains(":validation permissive"));
        type_line(&mut app, "fen 9/9 w");
        assert_eq!(
            app.message(),
            "Bad FEN: fen board has 2 ranks, expected 10."
        );
        type_line(&mut app, "validation permissive");
        type_line(&mut app, &format!("fen {EIGHT_CHARIOTS}"));
        assert_eq!(app.message(), "Position loaded.");
        // Selecting a chariot lists its targets from the full move list (136 moves).
        press(&mut app, &[KeyCode::Up; 4]);
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.message(), "Selected d4: 16 legal moves.");
        let screen = render_to_string(&mut app, 110, 30);
        assert!(screen.contains("FEN permissive"), "{screen}");
    }

    #[test]
    fn rules_are_chosen_in_the_game() {
        let mut app = two_players();
        type_line(&mut app, "rules simple");
        assert_eq!(app.game().rules().repetition, RepetitionRule::Simple);
        assert_eq!(app.message(), "Rules: simple repetition · 60-move limit.");
        type_line(&mut app, "limit 40");
        assert_eq!(app.game().rules().move_limit, Some(40));
        type_line(&mut app, "limit off");
        assert_eq!(app.game().rules().move_limit, None);
        type_line(&mut app, "limit many");
        assert!(
            app.message().starts_with("Usage: limit"),
            "{}",
            app.message()
        );
        type_line(&mut app, "rules sometimes");
        assert!(
            app.message().contains("unknown repetition rule"),
            "{}",
            app.message()
        );
        app.handle_event(&key(KeyCode::Char('r')));
        assert_eq!(app.game().rules().repetition, RepetitionRule::Off);
        let screen = render_to_string(&mut app, 110, 30);
        assert!(
            screen.contains("Rules: off repetition · no move limit"),
            "{screen}"
        );
        // A new game keeps the rules.
        app.handle_event(&key(KeyCode::Char('n')));
        assert_eq!(app.game().rules().move_limit, None);
    }
}
