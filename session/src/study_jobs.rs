//! The searches of studying a game, beside the game rather than in it: analysis mode (the best
//! moves of a shown position, until stopped) and the evaluation graph of the whole line. Both
//! use the built-in engine and give way to any change of the game or any AI move.

use crate::ai_job::start_ai_if_due;
use crate::error::{AppError, AppResult};
use crate::job::{Job, JobKind};
use crate::jobs::{lock, run_job, with_engine};
use crate::notify::{AnalysisEvent, GraphEvent};
use crate::session::{Session, SharedSession};
use crate::view::EvaluationView;
use crate::view::GameView;
use gomoku::ai::{Limits, Request};
use gomoku::study::graph::evaluate_line;
use gomoku::Level;
use std::time::Duration;

/// The most candidate moves analysis mode shows.
pub const MAX_LINES: usize = 5;

/// How long analysis mode searches one position at most, unless stopped earlier.
const ANALYSIS_LIMIT: Duration = Duration::from_secs(30 * 60);

/// Starts analysis mode on the position before move `ply` of the line, with `lines` candidates
/// (1–5); a running analysis or graph is replaced.
///
/// # Errors
/// `aiThinking` while an AI move or hint runs, `nothingToRedo` for a ply beyond the line,
/// `gameOver` when the position is already decided, `badSettings` for a bad `lines`.
pub fn request_analysis(shared: &SharedSession, ply: usize, lines: usize) -> AppResult<GameView> {
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(AppError::BadSettings(format!("lines must be 1 to {MAX_LINES}")));
    }
    let mut session = lock(shared);
    if session.jobs().is_for_a_move() {
        return Err(AppError::AiThinking);
    }
    let game = session.game();
    let line_len = game.moves().len() + game.redo_stack().len();
    if ply > line_len {
        return Err(gomoku::game::HistoryError::NothingToRedo.into());
    }
    if ply == line_len && !game.is_playing() {
        return Err(gomoku::PlayError::GameOver.into());
    }
    let board = game.board_at(ply);
    let (rule, to_move) = (game.settings().rule, game.color_at(ply));
    session.cancel_job();
    let (engine, notifier) = (session.engine().clone(), session.notifier().clone());
    let threads = session.search_threads();
    let work = move |job: &Job| {
        let limits =
            Limits { move_time: Some(ANALYSIS_LIMIT), multi_pv: lines, ..Limits::default() };
        let request = Request { board: &board, rule, to_move, level: Level::Master, limits };
        let mut report = |a: &gomoku::ai::Analysis| {
            notifier.analysis(&AnalysisEvent::for_analysis(a, job.generation, ply, rule));
        };
        with_engine(&engine, threads, |engine| engine.think(&request, &job.stop, &mut report));
    };
    let kind = JobKind::Analysis { ply };
    run_job(shared, &mut session, kind, start_ai_if_due, work, |_, _, ()| {});
    Ok(session.view())
}

/// Starts computing the evaluation graph: every position of the line not evaluated yet, one
/// short search each, reported as `game://graph` events; the evaluations are kept with the game
/// (and saved with it) when done or stopped.
///
/// # Errors
/// `aiThinking` while an AI move or hint runs.
pub fn request_graph(shared: &SharedSession) -> AppResult<GameView> {
    let mut session = lock(shared);
    if session.jobs().is_for_a_move() {
        return Err(AppError::AiThinking);
    }
    session.cancel_job();
    let game = session.game().clone();
    let from = game.evaluations().len();
    let limits = Limits::per_move(session.graph_ms());
    let (engine, notifier) = (session.engine().clone(), session.notifier().clone());
    let work = move |job: &Job| {
        let total = game.line().len() + 1;
        let (generation, rule) = (job.generation, game.settings().rule);
        let mut report = |ply: usize, e: gomoku::game::Evaluation| {
            let evaluation = EvaluationView::of(&e, rule);
            notifier.graph(&GraphEvent { generation, ply, total, evaluation });
        };
        let done = with_engine(&engine, 1, |engine| {
            evaluate_line(engine, &game, from, limits, &job.stop, &mut report)
        });
        (game, done)
    };
    let keep =
        |session: &mut Session, _: &Job, (game, done)| keep_evaluations(session, &game, done);
    run_job(shared, &mut session, JobKind::Graph, start_ai_if_due, work, keep);
    Ok(session.view())
}

/// Stores the graph's evaluations with the game if its line has not changed.
fn keep_evaluations(
    session: &mut Session,
    searched: &gomoku::Game,
    done: Vec<gomoku::game::Evaluation>,
) {
    if done.is_empty() || session.game().line() != searched.line() {
        return;
    }
    let mut all = searched.evaluations().to_vec();
    all.extend(done);
    session.keep_evaluations(all);
}
