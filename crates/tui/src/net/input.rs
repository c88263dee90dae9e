//! Keys to [`Command`]s. The fixed keys live in [`KEYS`], which also writes the help line;
//! every other printable character types into the action filter.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::state::Command;

/// One fixed key: its code, whether it needs Ctrl, what it does, and its help text.
pub struct Binding {
    /// The key.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
    /// The command.
    pub command: Command,
    /// How the help line names the key.
    pub label: &'static str,
    /// What it does, in a word or two.
    pub help: &'static str,
}

const fn bind(
    code: KeyCode,
    ctrl: bool,
    command: Command,
    label: &'static str,
    help: &'static str,
) -> Binding {
    Binding {
        code,
        ctrl,
        command,
        label,
        help,
    }
}

/// Every fixed key, in help order.
pub const KEYS: &[Binding] = &[
    bind(KeyCode::Up, false, Command::Up, "↑↓", "pick"),
    bind(KeyCode::Down, false, Command::Down, "", ""),
    bind(KeyCode::Enter, false, Command::Submit, "Enter", "play"),
    bind(KeyCode::Backspace, false, Command::Backspace, "", ""),
    bind(KeyCode::Esc, false, Command::ClearFilter, "Esc", "clear"),
    bind(KeyCode::Char('b'), true, Command::FillBots, "^B", "bots"),
    bind(KeyCode::Char('s'), true, Command::Start, "^S", "start"),
    bind(KeyCode::Char('r'), true, Command::Rematch, "^R", "rematch"),
    bind(KeyCode::Char('q'), true, Command::Quit, "^Q", "quit"),
];

/// The command for `event`, if it is a key this client reads.
pub fn command(event: &Event) -> Option<Command> {
    let Event::Key(KeyEvent {
        code, modifiers, ..
    }) = event
    else {
        return None;
    };
    let ctrl = modifiers.contains(KeyModifiers::CONTROL);
    if let Some(binding) = KEYS.iter().find(|b| b.code == *code && b.ctrl == ctrl) {
        return Some(binding.command);
    }
    match code {
        KeyCode::Char(c) if !ctrl && !c.is_control() => Some(Command::Type(*c)),
        _ => None,
    }
}

/// The help line: `↑↓ pick · Enter play …` (typing filters, as the `> _` line shows).
pub fn help() -> String {
    let keys: Vec<String> = KEYS
        .iter()
        .filter(|b| !b.label.is_empty())
        .map(|b| format!("{} {}", b.label, b.help))
        .collect();
    keys.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::key;

    #[test]
    fn every_binding_maps_to_its_command() {
        for binding in KEYS {
            let modifiers = if binding.ctrl {
                KeyModifiers::CONTROL
            } else {
                KeyModifiers::NONE
            };
            let event = Event::Key(KeyEvent::new(binding.code, modifiers));
            assert_eq!(command(&event), Some(binding.command), "{}", binding.label);
        }
    }

    #[test]
    fn plain_letters_type_and_ctrl_letters_do_not() {
        assert_eq!(command(&key(KeyCode::Char('b'))), Some(Command::Type('b')));
        assert_eq!(command(&key(KeyCode::Char(' '))), Some(Command::Type(' ')));
        let ctrl_x = Event::Key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::CONTROL));
        assert_eq!(command(&ctrl_x), None);
        assert_eq!(command(&key(KeyCode::F(5))), None);
    }

    #[test]
    fn help_names_each_labelled_key() {
        assert_eq!(
            help(),
            "↑↓ pick · Enter play · Esc clear · ^B bots · ^S start · ^R rematch · ^Q quit"
        );
    }
}
