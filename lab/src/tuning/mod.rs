//! Fitting the evaluation to game outcomes: the records self-play writes, the features a position
//! offers the evaluation, the logistic regression that turns them into weights, and the sampler
//! of the search's own leaves; and fitting the learned candidate order to a player's moves.

pub mod adam;
pub mod comparison;
pub mod data;
pub mod features;
pub mod fit;
pub mod lineconv;
pub mod linenet;
pub mod linepolicy;
pub mod lines;
pub mod net;
pub mod order;
