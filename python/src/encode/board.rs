//! Xiangqi and Gomoku: board planes in an AlphaZero-style layout.
//!
//! An observation is `planes × height × width` floats, plane-major, each plane row-major
//! in the game's own square order, so that square `i` of a plane is the square of action
//! ids: Xiangqi squares `file + 9 · rank` (`a0` = 0, Red at the bottom; a move's id is
//! `from · 90 + to`), Gomoku points `y · width + x` (`a1` = 0). The board is never flipped:
//! the planes say whose pieces are whose.
//!
//! - Xiangqi, 15 planes of 10 × 9: the observing seat's general, advisors, elephants,
//!   horses, chariots, cannons, soldiers (roles in [`xiangqi::Role`] order), then the
//!   opponent's in the same order, then a plane of ones when the observing seat is to move.
//!   Seat 0 plays Red.
//! - Gomoku, 4 planes of `height × width`: the observing seat's stones, the opponent's, the
//!   points forbidden to Black (renju; empty otherwise), then a plane of ones when the
//!   observing seat holds Black.

use game::{GameState, Viewer};

use crate::table::Encoding;

/// Xiangqi planes.
const XIANGQI_PLANES: usize = 2 * 7 + 1;
/// Gomoku planes.
const GOMOKU_PLANES: usize = 4;

impl Encoding for xiangqi::Game {
    fn observation_len(_: &xiangqi::Settings) -> usize {
        XIANGQI_PLANES * xiangqi::Square::NUM
    }

    type Memory = ();

    fn encode(&self, (): &mut (), seat: usize, out: &mut [f32]) {
        const SQUARES: usize = xiangqi::Square::NUM;
        out.fill(0.0);
        let position = self.position();
        let me = xiangqi::Color::ALL[seat.min(1)];
        for index in 0..SQUARES {
            let square = xiangqi::Square::from_index(index).expect("below 90");
            if let Some(piece) = position.piece_at(square) {
                let side = usize::from(piece.color != me);
                out[(side * 7 + piece.role as usize) * SQUARES + index] = 1.0;
            }
        }
        if position.turn() == me && self.outcome().is_none() {
            out[14 * SQUARES..].fill(1.0);
        }
    }

    fn render(&self) -> String {
        self.position().to_string()
    }
}

impl Encoding for gomoku::Gomoku {
    fn observation_len(settings: &gomoku::GameSettings) -> usize {
        GOMOKU_PLANES * usize::from(settings.width) * usize::from(settings.height)
    }

    type Memory = ();

    fn encode(&self, (): &mut (), seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let view = GameState::view(self, Viewer::Seat(seat));
        let width = usize::from(view.width);
        let area = width * usize::from(view.height);
        let index = |p: &gomoku::Point| usize::from(p.y()) * width + usize::from(p.x());
        let black = view.black_seat == seat;
        let (mine, theirs) = if black {
            (&view.black, &view.white)
        } else {
            (&view.white, &view.black)
        };
        for (plane, points) in [mine, theirs, &view.forbidden].into_iter().enumerate() {
            for point in points {
                out[plane * area + index(point)] = 1.0;
            }
        }
        if black {
            out[3 * area..4 * area].fill(1.0);
        }
    }

    fn render(&self) -> String {
        self.game().diagram()
    }
}
