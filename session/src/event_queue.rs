//! The session's notices to the page as a queue the page drains with one waiting request at a
//! time, instead of events pushed into the webview.
//!
//! A pushed event reaches the page as a script the webview evaluates, and WebKit's web process
//! kept about 2–3 KB for every one of them: over an evening of play (thousands of moves, each
//! with its search progress) it grew without end (docs/soak-log.md). A waiting request answered
//! with data evaluates nothing. [`QueueNotifier`] is the [`Notifier`] that fills the queue;
//! [`EventQueue::wait`] is what the shell's `wait_events` command answers with.

use crate::notify::{AnalysisEvent, GraphEvent, HintEvent, Notifier};
use crate::view::GameView;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The names the page knows the notices by.
pub mod names {
    /// The game changed (`{ generation }`): the page asks for the view.
    pub const VIEW: &str = "game://view";
    /// Search progress.
    pub const ANALYSIS: &str = "game://analysis";
    /// A finished hint.
    pub const HINT: &str = "game://hint";
    /// An external engine failed: `{ message }`.
    pub const ENGINE_ERROR: &str = "game://engine-error";
    /// One more position of the evaluation graph.
    pub const GRAPH: &str = "game://graph";
}

/// The most notices kept while the page does not ask (a page that stopped asking loses the
/// oldest; it asks for the view when it starts again).
pub const CAPACITY: usize = 1_000;

/// One notice: its name and its data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueuedEvent {
    /// The notice's name (see [`names`]).
    pub event: &'static str,
    /// Its data.
    pub payload: Value,
}

/// Notices waiting for the page.
#[derive(Default)]
pub struct EventQueue {
    events: Mutex<VecDeque<QueuedEvent>>,
    arrived: Condvar,
}

impl EventQueue {
    /// Adds a notice; the oldest is dropped beyond [`CAPACITY`].
    pub fn push(&self, event: &'static str, payload: Value) {
        let mut events = self.lock();
        if events.len() >= CAPACITY {
            events.pop_front();
        }
        events.push_back(QueuedEvent { event, payload });
        self.arrived.notify_all();
    }

    /// Every notice waiting, in order, once there is one or `timeout` has passed (then none).
    pub fn wait(&self, timeout: Duration) -> Vec<QueuedEvent> {
        let events = self.lock();
        let (mut events, _) = self
            .arrived
            .wait_timeout_while(events, timeout, |events| events.is_empty())
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        events.drain(..).collect()
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<QueuedEvent>> {
        self.events.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The [`Notifier`] that queues the session's notices for the page.
pub struct QueueNotifier {
    /// The queue the page drains.
    pub queue: std::sync::Arc<EventQueue>,
}

impl QueueNotifier {
    fn push(&self, event: &'static str, payload: impl Serialize) {
        self.queue.push(event, serde_json::to_value(payload).unwrap_or(Value::Null));
    }
}

impl Notifier for QueueNotifier {
    fn view(&self, view: &GameView) {
        self.push(names::VIEW, json!({ "generation": view.generation }));
    }
    fn analysis(&self, event: &AnalysisEvent) {
        self.push(names::ANALYSIS, event);
    }
    fn hint(&self, event: &HintEvent) {
        self.push(names::HINT, event);
    }
    fn engine_error(&self, message: &str) {
        self.push(names::ENGINE_ERROR, json!({ "message": message }));
    }
    fn graph(&self, event: &GraphEvent) {
        self.push(names::GRAPH, event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn notices_come_out_in_order_and_a_wait_without_any_ends_empty() {
        let queue = EventQueue::default();
        queue.push(names::VIEW, json!({ "generation": 1 }));
        queue.push(names::HINT, json!({ "x": 7 }));
        let batch = queue.wait(Duration::from_secs(5));
        assert_eq!(batch.iter().map(|e| e.event).collect::<Vec<_>>(), [names::VIEW, names::HINT]);
        assert!(queue.wait(Duration::from_millis(20)).is_empty());
    }

    #[test]
    fn a_waiting_request_wakes_when_a_notice_arrives() {
        let queue = Arc::new(EventQueue::default());
        let waiter = {
            let queue = queue.clone();
            std::thread::spawn(move || queue.wait(Duration::from_secs(30)))
        };
        std::thread::sleep(Duration::from_millis(50));
        queue.push(names::ENGINE_ERROR, json!({ "message": "x" }));
        let batch = waiter.join().unwrap();
        assert_eq!(batch.len(), 1);
        assert_eq!(batch[0].payload["message"], "x");
    }

    #[test]
    fn beyond_the_capacity_the_oldest_notices_go() {
        let queue = EventQueue::default();
        for n in 0..CAPACITY + 5 {
            queue.push(names::ANALYSIS, json!(n));
        }
        let batch = queue.wait(Duration::from_millis(1));
        assert_eq!(batch.len(), CAPACITY);
        assert_eq!(batch[0].payload, json!(5));
    }
}
