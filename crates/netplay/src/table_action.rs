//! Table actions: what a seat asks of the table rather than playing a move — resign, offer,
//! accept or decline a draw, take back a move — and how they sit in a game's action log.
//!
//! A table action is stored in the log like a move, as `#` and its protocol name
//! (`#resign`, `#offer_draw`…). No game writes an action starting with `#` (the log holds
//! canonical texts, and no game's notation has one), so [`read_log`] tells the two apart, and
//! a restart, a record or the solver replays both the same way.

use game::{Declaration, DynGame};
use serde::{Deserialize, Serialize};

use crate::protocol::LoggedAction;

/// A table action; its protocol name (serde, snake case) is also its client message `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableAction {
    /// The seat gives up (games that offer [`Declaration::Resign`]).
    Resign,
    /// The seat offers a draw (games that offer [`Declaration::Draw`]). The offer stands
    /// until the other seat accepts or declines it, or plays a move instead.
    OfferDraw,
    /// The seat accepts the other seat's offer: the game is drawn by agreement.
    AcceptDraw,
    /// The seat declines the other seat's offer.
    DeclineDraw,
    /// Takes back the last move still in effect (one-player tables only).
    Undo,
}

impl TableAction {
    /// Every table action.
    pub const ALL: [TableAction; 5] = [
        TableAction::Resign,
        TableAction::OfferDraw,
        TableAction::AcceptDraw,
        TableAction::DeclineDraw,
        TableAction::Undo,
    ];

    /// Its protocol name: `resign`, `offer_draw`, `accept_draw`, `decline_draw`, `undo`.
    pub const fn name(self) -> &'static str {
        match self {
            TableAction::Resign => "resign",
            TableAction::OfferDraw => "offer_draw",
            TableAction::AcceptDraw => "accept_draw",
            TableAction::DeclineDraw => "decline_draw",
            TableAction::Undo => "undo",
        }
    }

    /// Its entry in the action log: `#resign`, `#offer_draw`…
    ///
    /// ```
    /// use netplay::TableAction;
    /// assert_eq!(TableAction::OfferDraw.log_text(), "#offer_draw");
    /// assert_eq!(TableAction::from_log("#offer_draw"), Some(TableAction::OfferDraw));
    /// assert_eq!(TableAction::from_log("h2e2"), None);
    /// ```
    pub fn log_text(self) -> String {
        format!("#{}", self.name())
    }

    /// The table action a log entry holds, `None` for a move.
    pub fn from_log(text: &str) -> Option<TableAction> {
        let name = text.strip_prefix('#')?;
        TableAction::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// A game's log read with its table actions applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadLog<'a> {
    /// The moves in effect, in order (moves taken back are gone).
    pub moves: Vec<&'a LoggedAction>,
    /// The declaration that ended the game, and the seat that made it.
    pub declared: Option<(usize, Declaration)>,
    /// The seat whose draw offer is pending.
    pub draw_offer: Option<usize>,
}

/// Reads `log`: an undo drops the last move in effect; an offer stands until it is accepted,
/// declined, or a seat other than the offerer moves (or a move is taken back); a resignation
/// or an accepted offer is the declaration that ends the game.
///
/// ```
/// use netplay::{LoggedAction, TableAction, read_log};
/// let entry = |seat, action: &str| LoggedAction { seat, action: action.into() };
/// let log = [entry(0, "h2e2"), entry(0, "#offer_draw"), entry(1, "h9g7")];
/// let read = read_log(&log);
/// assert_eq!((read.moves.len(), read.draw_offer), (2, None), "black's move lapses the offer");
/// ```
pub fn read_log(log: &[LoggedAction]) -> ReadLog<'_> {
    let mut read = ReadLog::default();
    for entry in log {
        match TableAction::from_log(&entry.action) {
            None => {
                if read.draw_offer.is_some_and(|offerer| offerer != entry.seat) {
                    read.draw_offer = None;
                }
                read.moves.push(entry);
            }
            Some(TableAction::Resign) => read.declared = Some((entry.seat, Declaration::Resign)),
            Some(TableAction::OfferDraw) => read.draw_offer = Some(entry.seat),
            Some(TableAction::AcceptDraw) => {
                read.declared = Some((entry.seat, Declaration::Draw));
                read.draw_offer = None;
            }
            Some(TableAction::DeclineDraw) => read.draw_offer = None,
            Some(TableAction::Undo) => {
                read.moves.pop();
                read.draw_offer = None;
            }
        }
    }
    read
}

/// The game `start` becomes after `read`: its moves played, then its declaration; the error
/// names the entry that does not replay.
pub fn replay_onto(start: &dyn DynGame, read: &ReadLog) -> Result<Box<dyn DynGame>, String> {
    let mut game = start.clone_box();
    for (index, entry) in read.moves.iter().enumerate() {
        game.play_text(entry.seat, &entry.action)
            .map_err(|e| format!("move {index} ({}): {e}", entry.action))?;
    }
    if let Some((seat, declaration)) = read.declared {
        game.declare(seat, declaration)
            .map_err(|e| format!("{declaration} by seat {seat}: {e}"))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seat: usize, action: &str) -> LoggedAction {
        LoggedAction {
            seat,
            action: action.into(),
        }
    }

    #[test]
    fn every_table_action_reads_back_from_its_log_text_and_serde_name() {
        for action in TableAction::ALL {
            assert_eq!(TableAction::from_log(&action.log_text()), Some(action));
            assert_eq!(
                serde_json::to_value(action).unwrap(),
                serde_json::Value::from(action.name())
            );
        }
        assert_eq!(TableAction::from_log("#castle"), None);
        assert_eq!(TableAction::from_log("resign"), None);
    }

    #[test]
    fn an_offer_survives_the_offerers_move_and_lapses_on_the_opponents() {
        let log = [entry(0, "#offer_draw"), entry(0, "h2e2")];
        assert_eq!(read_log(&log).draw_offer, Some(0));
        let log = [entry(0, "#offer_draw"), entry(0, "h2e2"), entry(1, "h9g7")];
        assert_eq!(read_log(&log).draw_offer, None);
        let log = [entry(0, "#offer_draw"), entry(1, "#decline_draw")];
        assert_eq!(read_log(&log).draw_offer, None);
        let log = [entry(0, "#offer_draw"), entry(1, "#accept_draw")];
        let read = read_log(&log);
        assert_eq!(
            (read.draw_offer, read.declared),
            (None, Some((1, Declaration::Draw)))
        );
    }

    #[test]
    fn undo_drops_the_last_move_in_effect() {
        let log = [
            entry(0, "stock"),
            entry(0, "w-f"),
            entry(0, "#undo"),
            entry(0, "stock"),
            entry(0, "#undo"),
        ];
        let moves: Vec<&str> = read_log(&log)
            .moves
            .iter()
            .map(|e| e.action.as_str())
            .collect();
        assert_eq!(moves, ["stock"]);
    }
}
