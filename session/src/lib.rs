//! # gomoku-session — the app layer, without Tauri
//!
//! What the desktop app does between the page and the engine. [`App`] is the front the shell's
//! commands call (one method each; file dialogs are answered before the session is locked).
//! Behind it one [`session::Session`] keeps, by concern and in private fields, the game and its
//! generation, the running job ([`job`]), the external engines ([`engines`]), the preferences
//! and files; the jobs it starts — the AI's move ([`ai_job`]), an opening decision
//! ([`opening_job`]), an external engine's move ([`external_job`]), analysis and the graph
//! ([`study_jobs`]) — all go through one runner ([`jobs`]). The page draws the
//! [`view::GameView`] snapshot and branches on the errors' kinds ([`error::AppError`]).
//! It talks to the outside through ports the shell implements and tests fake: a
//! [`notify::Notifier`] for news, a [`picker::FilePicker`] for files, a
//! [`gomoku::game::Clock`] for time, and [`storage::Storage`] for where files go.

#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub use app::App;

pub mod ai_job;
pub mod app;
pub mod decision;
pub mod engines;
pub mod error;
pub mod event_queue;
pub mod explorer;
pub mod external_job;
pub mod job;
pub mod jobs;
pub mod notify;
pub mod opening_job;
pub mod own_puzzles;
pub mod picker;
pub mod prefs;
pub mod puzzle_progress;
pub mod puzzles;
pub mod registry;
pub mod session;
pub mod storage;
pub mod study_jobs;
pub mod view;
