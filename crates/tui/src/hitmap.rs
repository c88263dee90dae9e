//! Mouse hit areas, recorded while rendering.
//!
//! A game's widgets are `StatefulWidget`s whose state is (or holds) a [`HitMap`]: while it
//! draws a card, a pile or a board point, the widget [`push`](HitMap::push)es the screen
//! rectangle with what it stands for. The game clears the map at the start of each render and
//! asks [`HitMap::at`] where a click landed. Later pushes lie on top, so a popup's buttons
//! win over the board below them. The map is the only thing a render writes.
//!
//! ```
//! use parlor_tui::hitmap::HitMap;
//! use ratatui::layout::Rect;
//! let mut hits = HitMap::default();
//! hits.push(Rect::new(0, 0, 10, 3), "pile");
//! hits.push(Rect::new(2, 1, 4, 1), "card");
//! assert_eq!(hits.at(3, 1), Some(&"card"));
//! assert_eq!(hits.at(0, 0), Some(&"pile"));
//! assert_eq!(hits.at(20, 0), None);
//! ```

use ratatui::layout::{Position, Rect};

/// Screen rectangles and what each stands for, in drawing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitMap<T> {
    areas: Vec<(Rect, T)>,
}

impl<T> Default for HitMap<T> {
    fn default() -> HitMap<T> {
        HitMap { areas: Vec::new() }
    }
}

impl<T> HitMap<T> {
    /// Forgets every area (call before drawing a new frame).
    pub fn clear(&mut self) {
        self.areas.clear();
    }

    /// Records that `area` shows `target`; empty areas are skipped.
    pub fn push(&mut self, area: Rect, target: T) {
        if !area.is_empty() {
            self.areas.push((area, target));
        }
    }

    /// What the cell at (`column`, `row`) shows: the last area pushed that holds it.
    pub fn at(&self, column: u16, row: u16) -> Option<&T> {
        let cell = Position::new(column, row);
        self.areas
            .iter()
            .rev()
            .find(|(area, _)| area.contains(cell))
            .map(|(_, target)| target)
    }

    /// The recorded areas, in drawing order.
    pub fn areas(&self) -> &[(Rect, T)] {
        &self.areas
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clear_forgets_and_empty_areas_are_skipped() {
        let mut hits = HitMap::default();
        hits.push(Rect::new(1, 1, 0, 5), 1);
        hits.push(Rect::new(1, 1, 2, 2), 2);
        assert_eq!(hits.areas().len(), 1);
        assert_eq!(hits.at(2, 2), Some(&2));
        assert_eq!(hits.at(3, 2), None, "the right edge is outside");
        hits.clear();
        assert_eq!(hits.at(2, 2), None);
    }
}
