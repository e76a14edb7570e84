//! A finished move or hint: played or shown if the game is still the one searched.

use crate::job::{Job, JobKind};
use crate::notify::{AnalysisEvent, HintEvent};
use crate::session::Session;
use gomoku::ai::Decision;
use gomoku::Pos;

/// Plays or shows a finished move or hint, if the game is still the one searched.
pub(crate) fn apply_decision(session: &mut Session, job: &Job, decision: Option<Decision>) {
    let Some(decision) = decision.filter(|_| session.generation() == job.generation) else {
        return;
    };
    match job.kind {
        JobKind::Move => session.play_ai_move(decision.best),
        JobKind::Hint => session.notifier().hint(&hint_event(session, &decision)),
        JobKind::Analysis { .. } | JobKind::Graph => {}
    }
}

/// The page's event for a finished hint.
fn hint_event(session: &Session, decision: &Decision) -> HintEvent {
    let rule = session.game().settings().rule;
    let analysis = AnalysisEvent::new(&decision.analysis, session.generation(), true, rule);
    let best: Pos = decision.best;
    HintEvent {
        generation: session.generation(),
        x: best.x,
        y: best.y,
        notation: best
            .to_notation(session.game().settings().size)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        score: analysis.score,
        mate: analysis.mate,
        chance: analysis.chance,
        depth: analysis.depth,
        pv: analysis.pv,
    }
}
