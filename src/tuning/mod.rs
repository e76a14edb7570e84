//! Fitting the evaluation to game outcomes: the records self-play writes, the features a position
//! offers the evaluation, and the logistic regression that turns them into weights.

pub mod data;
pub mod features;
pub mod fit;
