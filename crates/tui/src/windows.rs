//! Draws the shared windows of an [`Overlay`] (help, statistics, a question) in the game's
//! style; the game draws its own popups ([`Overlay::Game`]) itself. Hearts, Dou Dizhu,
//! Xiangqi and Gomoku use it.

use ratatui::Frame;
use ratatui::text::Line;

use crate::cards::CardStyle;
use crate::overlay::Overlay;
use crate::widgets::{ConfirmDialog, Help, Popup, StatsView};

/// What the shared windows show for one game.
pub struct Windows<'a> {
    /// The game's name, for the titles ("Hearts: help").
    pub game: &'a str,
    /// The help's key rows.
    pub keys: &'a [(String, &'a str)],
    /// The help's paragraphs.
    pub rules: &'a [&'a str],
    /// The statistics rows.
    pub stats: &'a [(String, String)],
    /// The style.
    pub style: CardStyle,
}

impl Windows<'_> {
    /// Draws the open shared window of `overlay` over the frame, if any.
    pub fn draw<G, C>(&self, frame: &mut Frame, overlay: &Overlay<G, C>) {
        let area = frame.area();
        match overlay {
            Overlay::None | Overlay::Game(_) => {}
            Overlay::Help(state) => {
                let title = format!("{}: help", self.game);
                let help = Help {
                    title: &title,
                    keys: self.keys,
                    text: self.rules,
                    style: self.style,
                };
                help.render_scrolled(area, frame.buffer_mut(), state);
            }
            Overlay::Statistics => {
                let title = format!("{}: statistics", self.game);
                let view = StatsView {
                    title: &title,
                    rows: self.stats,
                    style: self.style,
                };
                frame.render_widget(view, area);
            }
            Overlay::Confirm(confirm) => frame.render_widget(
                ConfirmDialog {
                    question: &confirm.question,
                    style: self.style,
                },
                area,
            ),
        }
    }
}

/// What a card game's shared windows show, before its spelling (Hearts, Dou Dizhu).
pub struct Shared<'a> {
    /// The game's name, for the titles.
    pub game: &'a str,
    /// The help's key rows: `(keys, what they do)`.
    pub keys: &'a [(&'a str, &'a str)],
    /// The help's paragraphs.
    pub rules: &'a [String],
    /// The statistics rows.
    pub stats: &'a [(String, String)],
    /// The style.
    pub style: CardStyle,
}

/// Draws the open shared window of `overlay` with `shared`'s keys and rules put through
/// `spell` (the game's ASCII spelling).
pub fn draw_shared<G, C>(
    frame: &mut Frame,
    overlay: &Overlay<G, C>,
    shared: &Shared<'_>,
    spell: impl Fn(&str) -> String,
) {
    let whats: Vec<String> = shared.keys.iter().map(|(_, what)| spell(what)).collect();
    let keys: Vec<(String, &str)> = shared
        .keys
        .iter()
        .zip(&whats)
        .map(|((k, _), what)| (spell(k), what.as_str()))
        .collect();
    let rules: Vec<String> = shared.rules.iter().map(|r| spell(r)).collect();
    let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
    Windows {
        game: shared.game,
        keys: &keys,
        rules: &rules,
        stats: shared.stats,
        style: shared.style,
    }
    .draw(frame, overlay);
}

/// Draws the window a network table shows until its first game starts (`lines`, put
/// through `spell`), if there is one.
pub fn draw_waiting(
    frame: &mut Frame,
    lines: Option<Vec<String>>,
    style: CardStyle,
    spell: impl Fn(&str) -> String,
) {
    if let Some(lines) = lines {
        let lines = lines.iter().map(|l| Line::raw(spell(l))).collect();
        let popup = Popup {
            title: "Waiting for players",
            lines,
            style,
        };
        frame.render_widget(popup, frame.area());
    }
}
