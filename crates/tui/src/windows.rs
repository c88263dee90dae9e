//! Draws the shared windows of an [`Overlay`] (help, statistics, a question) in the game's
//! style; the game draws its own popups ([`Overlay::Game`]) itself. Hearts, Dou Dizhu,
//! Xiangqi and Gomoku use it.

use ratatui::Frame;

use crate::cards::CardStyle;
use crate::overlay::Overlay;
use crate::widgets::{ConfirmDialog, Help, StatsView};

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
