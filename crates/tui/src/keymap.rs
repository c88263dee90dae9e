//! Key bindings as data: the one table a game's `input.rs` maps keys with and its help is
//! generated from, so the help can never disagree with the keys.
//!
//! A game writes `const KEYMAP: &[Binding<Command>]`, one [`Binding`] per command (several
//! keys may share one), and calls [`command`] on each key event. [`help_rows`] turns the
//! same table into the rows of the help screen ([`crate::widgets::Help`]): bindings that
//! share a description are merged into one row, and runs of digits read `1-7`.
//!
//! The convention across the games (README.md has the table): arrows or `hjkl` move,
//! Enter/Space act, `u` undo, `n` new game, `i` hint, `?` help, `s` statistics, `o` options,
//! `q`/Esc quit (asking first while a game is in progress).
//!
//! ```
//! use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
//! use parlor_tui::cards::CardStyle;
//! use parlor_tui::keymap::{Binding, Key, command, help_rows};
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Command { Left, Undo }
//! const KEYMAP: &[Binding<Command>] = &[
//!     Binding::new(&[Key::code(KeyCode::Left), Key::char('h')], Command::Left, "move left"),
//!     Binding::new(&[Key::char('u'), Key::ctrl('z')], Command::Undo, "undo"),
//! ];
//! let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
//! assert_eq!(command(KEYMAP, &ctrl_z), Some(Command::Undo));
//! assert_eq!(help_rows(KEYMAP, CardStyle::Ascii)[0], ("Left h".to_owned(), "move left"));
//! ```

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::cards::{CardStyle, Direction};

/// One key as a binding names it: a key code, with or without Ctrl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
}

impl Key {
    /// A key without modifiers (Shift is part of a character: `Key::char('R')`).
    pub const fn code(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }

    /// A character key.
    pub const fn char(c: char) -> Key {
        Key::code(KeyCode::Char(c))
    }

    /// Ctrl and a character key.
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
        }
    }

    /// Whether `event` is this key (Shift and Alt are ignored: the character carries case).
    pub fn matches(&self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let code = match event.code {
            // Some terminals send Shift-Tab as BackTab, others as Tab with Shift.
            KeyCode::Tab if event.modifiers.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
            code => code,
        };
        self.ctrl == ctrl && self.code == code
    }

    /// The key's name in help: `←` (`Left` in ASCII), `Enter`, `Space`, `Ctrl-Z`, `q`.
    pub fn name(&self, style: CardStyle) -> String {
        let base = match self.code {
            KeyCode::Left => style.arrow(Direction::Left).to_owned(),
            KeyCode::Right => style.arrow(Direction::Right).to_owned(),
            KeyCode::Up => style.arrow(Direction::Up).to_owned(),
            KeyCode::Down => style.arrow(Direction::Down).to_owned(),
            KeyCode::Char(' ') => "Space".to_owned(),
            KeyCode::Char(c) if self.ctrl => c.to_ascii_uppercase().to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".to_owned(),
            KeyCode::Esc => "Esc".to_owned(),
            KeyCode::Tab => "Tab".to_owned(),
            KeyCode::BackTab => "Shift-Tab".to_owned(),
            KeyCode::Backspace => "Backspace".to_owned(),
            KeyCode::Delete => "Del".to_owned(),
            KeyCode::Home => "Home".to_owned(),
            KeyCode::End => "End".to_owned(),
            KeyCode::PageUp => "PgUp".to_owned(),
            KeyCode::PageDown => "PgDn".to_owned(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl {
            format!("Ctrl-{base}")
        } else {
            base
        }
    }
}

/// Keys bound to one command, with the help text for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding<C: 'static> {
    /// The keys, in the order the help lists them.
    pub keys: &'static [Key],
    /// The command they give.
    pub command: C,
    /// What the command does, for the help (lowercase, no full stop).
    pub help: &'static str,
}

impl<C> Binding<C> {
    /// A binding of `keys` to `command`.
    pub const fn new(keys: &'static [Key], command: C, help: &'static str) -> Binding<C> {
        Binding {
            keys,
            command,
            help,
        }
    }
}

/// The cursor keys of the board games, arrows or `hjkl`, as the step (columns, rows) on
/// screen with right and up positive. A game looks a key up here first ([`cursor`]) and
/// wraps the step in its own command; [`help_rows_with_cursor`] puts them first in its help.
pub const CURSOR: &[Binding<(i8, i8)>] = &[
    Binding::new(
        &[Key::code(KeyCode::Left), Key::char('h')],
        (-1, 0),
        "move the cursor",
    ),
    Binding::new(
        &[Key::code(KeyCode::Right), Key::char('l')],
        (1, 0),
        "move the cursor",
    ),
    Binding::new(
        &[Key::code(KeyCode::Up), Key::char('k')],
        (0, 1),
        "move the cursor",
    ),
    Binding::new(
        &[Key::code(KeyCode::Down), Key::char('j')],
        (0, -1),
        "move the cursor",
    ),
];

/// The cursor step [`CURSOR`] binds to `event`, if any.
pub fn cursor(event: &KeyEvent) -> Option<(i8, i8)> {
    command(CURSOR, event)
}

/// The help rows of a board game: the [`CURSOR`] row, then `keymap`'s rows.
pub fn help_rows_with_cursor<C>(
    keymap: &[Binding<C>],
    style: CardStyle,
) -> Vec<(String, &'static str)> {
    let mut rows = help_rows(CURSOR, style);
    rows.extend(help_rows(keymap, style));
    rows
}

/// The command bound to `event` in `keymap`, if any (the first binding that has the key).
pub fn command<C: Copy>(keymap: &[Binding<C>], event: &KeyEvent) -> Option<C> {
    keymap
        .iter()
        .find(|b| b.keys.iter().any(|k| k.matches(event)))
        .map(|b| b.command)
}

/// The help rows of `keymap`: (key names, what they do). Neighbouring bindings with the same
/// help text share a row (`← → ↑ ↓  move the cursor`), and a run of three or more
/// consecutive digits or letters reads `1-7`.
pub fn help_rows<C>(keymap: &[Binding<C>], style: CardStyle) -> Vec<(String, &'static str)> {
    let mut rows: Vec<(Vec<Key>, &'static str)> = Vec::new();
    for binding in keymap {
        match rows.last_mut() {
            Some((keys, help)) if *help == binding.help => keys.extend(binding.keys),
            _ => rows.push((binding.keys.to_vec(), binding.help)),
        }
    }
    rows.into_iter()
        .map(|(keys, help)| (key_names(&keys, style), help))
        .collect()
}

/// The names of `keys` separated by spaces, with runs like `1 2 3 4` written `1-4`.
fn key_names(keys: &[Key], style: CardStyle) -> String {
    let mut names = Vec::new();
    let mut i = 0;
    while i < keys.len() {
        let mut end = i;
        while end + 1 < keys.len() && next_char(keys[end], keys[end + 1]) {
            end += 1;
        }
        if end >= i + 2 {
            names.push(format!("{}-{}", keys[i].name(style), keys[end].name(style)));
        } else {
            names.extend(keys[i..=end].iter().map(|k| k.name(style)));
        }
        i = end + 1;
    }
    names.join(" ")
}

fn next_char(a: Key, b: Key) -> bool {
    match (a, b) {
        (
            Key {
                code: KeyCode::Char(x),
                ctrl: false,
            },
            Key {
                code: KeyCode::Char(y),
                ctrl: false,
            },
        ) => x.is_ascii_alphanumeric() && y as u32 == x as u32 + 1,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Command {
        Left,
        Right,
        Pile(u8),
        Undo,
        Restart,
    }

    const KEYMAP: &[Binding<Command>] = &[
        Binding::new(
            &[Key::code(KeyCode::Left), Key::char('h')],
            Command::Left,
            "move",
        ),
        Binding::new(
            &[Key::code(KeyCode::Right), Key::char('l')],
            Command::Right,
            "move",
        ),
        Binding::new(&[Key::char('1')], Command::Pile(0), "pile N"),
        Binding::new(&[Key::char('2')], Command::Pile(1), "pile N"),
        Binding::new(&[Key::char('3')], Command::Pile(2), "pile N"),
        Binding::new(&[Key::char('u'), Key::ctrl('z')], Command::Undo, "undo"),
        Binding::new(&[Key::char('R')], Command::Restart, "restart"),
    ];

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn keys_map_to_their_commands() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            command(KEYMAP, &press(KeyCode::Char('h'), none)),
            Some(Command::Left)
        );
        assert_eq!(
            command(KEYMAP, &press(KeyCode::Char('2'), none)),
            Some(Command::Pile(1))
        );
        assert_eq!(
            command(KEYMAP, &press(KeyCode::Char('z'), KeyModifiers::CONTROL)),
            Some(Command::Undo)
        );
        assert_eq!(command(KEYMAP, &press(KeyCode::Char('z'), none)), None);
        assert_eq!(
            command(KEYMAP, &press(KeyCode::Char('u'), KeyModifiers::CONTROL)),
            None,
            "Ctrl-U is not u"
        );
        assert_eq!(
            command(KEYMAP, &press(KeyCode::Char('R'), KeyModifiers::SHIFT)),
            Some(Command::Restart)
        );
    }

    #[test]
    fn help_rows_merge_shared_descriptions_and_digit_runs() {
        let rows = help_rows(KEYMAP, CardStyle::Glyph);
        let expected: Vec<(String, &str)> = vec![
            ("← h → l".into(), "move"),
            ("1-3".into(), "pile N"),
            ("u Ctrl-Z".into(), "undo"),
            ("R".into(), "restart"),
        ];
        assert_eq!(rows, expected);
        assert_eq!(help_rows(KEYMAP, CardStyle::Ascii)[0].0, "Left h Right l");
    }

    /// README's key table: the cells of each game's column, with the key column's text
    /// where the game's cell is not "—".
    fn readme_columns() -> Vec<(String, String)> {
        let readme = include_str!("../../../README.md");
        let mut rows = readme
            .lines()
            .skip_while(|l| !l.starts_with("| key | every game |"))
            .take_while(|l| l.starts_with('|'));
        let cells = |line: &str| -> Vec<String> {
            line.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        };
        let header = cells(rows.next().expect("README has the key table"));
        let mut columns: Vec<(String, String)> =
            header.iter().map(|h| (h.clone(), String::new())).collect();
        for row in rows.skip(1) {
            let row = cells(row);
            for (i, cell) in row.iter().enumerate().skip(2) {
                if cell != "—" {
                    let text = &mut columns[i].1;
                    for part in [" ", row[0].as_str(), " ", cell.as_str()] {
                        text.push_str(part);
                    }
                }
            }
        }
        columns
    }

    /// Whether `text` names `key` in backticks: as itself, in a run of arrows or `hjkl`, or
    /// in a range such as `1-7` or `3`–`9`.
    fn names(text: &str, key: &Key) -> bool {
        let name = key.name(CardStyle::Glyph);
        let quoted: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        let parts = quoted
            .iter()
            .copied()
            .chain(quoted.iter().flat_map(|q| q.split([' ', '/'])));
        let in_range = |from: char, to: char| {
            let mut c = name.chars();
            matches!((c.next(), c.next()), (Some(k), None) if from <= k && k <= to)
        };
        parts.clone().any(|part| {
            part == name
                || (part.chars().all(|c| "←→↑↓".contains(c)) && part.contains(name.as_str()))
                || (part == "hjkl" && name.len() == 1 && part.contains(name.as_str()))
                || matches!(part.chars().collect::<Vec<_>>()[..], [a, '-', b] if in_range(a, b))
        }) || text.split('`').collect::<Vec<_>>().windows(3).any(|w| {
            // `3`–`9`
            let (a, dash, b) = (w[0], w[1], w[2]);
            dash == "–" && a.len() == 1 && b.len() == 1 && {
                let (a, b) = (a.chars().next().unwrap(), b.chars().next().unwrap());
                in_range(a, b)
            }
        })
    }

    fn codes(keys: &[KeyCode]) -> Vec<Key> {
        keys.iter().map(|&code| Key::code(code)).collect()
    }

    #[test]
    fn the_readme_key_table_lists_every_binding_of_every_game() {
        fn keys_of<C>(keymap: &[Binding<C>]) -> Vec<Key> {
            keymap.iter().flat_map(|b| b.keys.iter().copied()).collect()
        }
        let board = |keymap: Vec<Key>| [keys_of(CURSOR), keymap].concat();
        let games: [(&str, Vec<Key>); 5] = [
            ("Klondike", keys_of(crate::klondike::input::KEYMAP)),
            (
                "Dou Dizhu",
                crate::doudizhu::input::BINDINGS
                    .iter()
                    .flat_map(|b| codes(b.keys))
                    .collect(),
            ),
            (
                "Hearts",
                crate::hearts::input::BINDINGS
                    .iter()
                    .flat_map(|b| codes(b.keys))
                    .collect(),
            ),
            ("Xiangqi", board(keys_of(crate::xiangqi::input::KEYMAP))),
            ("Gomoku", board(keys_of(crate::gomoku::input::KEYMAP))),
        ];
        let columns = readme_columns();
        for (game, keys) in games {
            let (_, text) = columns
                .iter()
                .find(|(name, _)| name == game)
                .unwrap_or_else(|| panic!("README's key table has no {game} column"));
            for key in keys {
                assert!(
                    names(text, &key),
                    "README's key table does not name {} for {game}",
                    key.name(CardStyle::Glyph)
                );
            }
        }
    }
}
