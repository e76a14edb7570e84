//! Studying games with the AI: what a review shows beside the moves. The evaluation graph
//! ([`graph`]) searches every position of a game's line; the AI itself ([`crate::ai`]) knows
//! nothing of games, so the functions that read a [`crate::Game`] for it live here.

pub mod graph;
