//! # gomoku — the engine of the Gomoku (五子棋) game
//!
//! Pure Rust, no GUI: the board, the rules (freestyle, standard, renju with RIF forbidden points),
//! one game with undo/redo and clocks, save files, opening rules (swap1, swap2, RIF), the AI, and
//! the Gomocup `pbrain` protocol. Training, matches and benchmarks live in the lab crate
//! (`gomoku-lab`), which uses this crate's public API.
//!
//! ## Coordinates — one convention everywhere
//! * **Protocol coordinates** ([`Pos`]): `x,y`, zero-based; `x` is the column counted from the
//!   left, `y` the row counted from the **top**, exactly as the Gomocup protocol sends them.
//!   `Pos` prints and parses as `"7,7"`.
//! * **Human notation** ([`Notation`]): a column letter from `a` and a row number counted from the
//!   **bottom**, starting at 1 — `h8` is the centre of a 15×15 board, `a1` its lower-left corner,
//!   as Yixin-Board and Gomoku Calculator show them. Converting needs the board size:
//!   [`Pos::to_notation`] and [`Notation::to_pos`].
//!
//! ```
//! use gomoku::{Notation, Pos};
//! let h8: Notation = "h8".parse().unwrap();
//! assert_eq!(h8.to_pos(15).unwrap(), Pos::new(7, 7));
//! assert_eq!(Pos::new(0, 14).to_notation(15).unwrap().to_string(), "a1");
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod ai;
pub mod board;
mod color;
pub mod diagram;
pub mod game;
mod level;
pub mod opening;
mod pos;
pub mod protocol;
pub mod record;
pub mod renju;
mod rule;
pub mod study;

pub use board::{Board, Cell};
pub use color::Color;
pub use game::{Game, Move, Outcome, PlayError, Settings};
pub use level::{Level, Mode, PlayerKind, UnknownLevel};
pub use pos::{CoordError, Notation, Pos, MAX_SIZE, MIN_SIZE};
pub use renju::Forbidden;
pub use rule::{count_side, run_length, Rule, UnknownRule};
