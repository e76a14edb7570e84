//! Opening rules (swap1, swap2, and renju's RIF, Yamaguchi, Soosõrv-8 and Taraguchi-10) as a
//! small state machine beside the move rules, and an AI that plays every role of them.
//!
//! The move rules ([`crate::Rule`], [`crate::Board`], [`crate::renju`]) do not change: an
//! [`Opening`] only says whose decision it is, which decisions are legal, which stones they put
//! on the board and who ends up with black. Once it [`is_done`](Opening::is_done), the game goes
//! on from [`Opening::stones`] with normal moves, [`Opening::to_move`] to play.
//!
//! ```
//! use gomoku::opening::{Decision, Opening, OpeningRule, Phase, Role};
//! use gomoku::{Color, Pos};
//! let mut opening = Opening::new(OpeningRule::Swap1, 15).unwrap();
//! for (x, y) in [(7, 7), (8, 7), (7, 9)] {
//!     opening.apply(Decision::Place(Pos::new(x, y))).unwrap();
//! }
//! assert_eq!(opening.phase(), Phase::ResponderChooses);
//! opening.apply(Decision::TakeBlack).unwrap(); // the responder swaps
//! assert!(opening.is_done());
//! assert_eq!(opening.black_player(), Some(Role::Responder));
//! assert_eq!(opening.to_move(), Color::White); // the opener, now white, plays move 4
//! ```

pub mod ai;
mod decision;
mod error;
mod rule;
mod state;
pub mod symmetry;
mod transition;

pub use decision::{BadDecision, Decision, Offers, Phase, Role};
pub use error::OpeningError;
pub use rule::{OpeningRule, UnknownOpeningRule, MAX_OFFERS};
pub use state::Opening;
