//! What a search can tell a tool that watches it: the positions it evaluates statically at its
//! leaves (the lab samples them to fit the evaluation where the search uses it). The engine never
//! writes anything itself; an observer is handed to an [`Engine`](super::Engine) by its maker.

use crate::board::Board;
use crate::color::Color;

/// Watches the leaves of every search an engine runs (on every search thread, hence `Sync`).
pub trait LeafObserver: Send + Sync {
    /// A leaf the search is about to evaluate statically: `board` with `to_move` to play.
    /// Called in the search's hot path: keep it cheap (count, and act on a few).
    fn leaf(&self, board: &Board, to_move: Color);
}
