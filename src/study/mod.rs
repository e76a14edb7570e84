//! Studying games with the AI: what a review shows beside the moves. The evaluation graph
//! ([`graph`]) searches every position of a game's line, and [`chances`] turns scores into the
//! winning chances a person reads; the AI itself ([`crate::ai`]) knows nothing of games, so the
//! functions that read a [`crate::Game`] for it live here.

pub mod catalogue;
pub mod chances;
pub mod explorer;
pub mod graph;
pub mod puzzle;
pub mod trainer;
