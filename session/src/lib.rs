//! # gomoku-session — the app layer, without Tauri
//!
//! What the desktop app does between the page and the engine: one [`session::Session`] (the
//! game, its generation, the running job, the preferences, the external engines, review and
//! study), the jobs it starts (the AI's move, a hint, analysis, the evaluation graph, an opening
//! decision, an external engine's move) on threads of their own, the [`view::GameView`] snapshot
//! the page draws, and the errors it answers with ([`error::AppError`], `{ kind, message }`).
//! It talks to the outside through ports the shell implements and tests fake: a
//! [`notify::Notifier`] for news, a [`picker::FilePicker`] for files, a
//! [`gomoku::game::Clock`] for time, and [`storage::Storage`] for where files go.

#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub use app::App;

pub mod ai_job;
pub mod app;
pub mod engines;
pub mod error;
pub mod external_job;
pub mod jobs;
pub mod notify;
pub mod opening_job;
pub mod picker;
pub mod prefs;
pub mod registry;
pub mod session;
pub mod storage;
pub mod study;
pub mod study_jobs;
pub mod view;
