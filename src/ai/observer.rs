//! What a search can tell a tool that watches it: the positions it evaluates statically at its
//! leaves (the lab samples them to fit the evaluation where the search uses it) and the moves
//! that cut its free nodes off (to fit the candidate order to what the search needs first). The
//! engine never writes anything itself; an observer is handed to an [`Engine`](super::Engine) by
//! its maker.

use super::position::Position;
use crate::board::Board;
use crate::color::Color;

/// Watches the leaves of every search an engine runs (on every search thread, hence `Sync`).
pub trait LeafObserver: Send + Sync {
    /// A leaf the search is about to evaluate statically: `board` with `to_move` to play.
    /// Called in the search's hot path: keep it cheap (count, and act on a few).
    fn leaf(&self, board: &Board, to_move: Color);

    /// A node with no threat to answer whose search `index` cut off (reached beta), `depth`
    /// plies from its leaves; `pos` is the node's position, the move not played. Called in the
    /// search's hot path, like [`LeafObserver::leaf`]. Nothing by default.
    fn cutoff(&self, pos: &Position, index: usize, depth: i32) {
        let _ = (pos, index, depth);
    }
}
