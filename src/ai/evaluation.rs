//! The evaluation's learned parameters, handed to an [`Engine`](super::Engine) when it is made:
//! for each rule the point tables of both colours (from [`RuleWeights`]), the network on top of
//! them (freestyle and standard share one; renju's has rows for each colour), and the learned
//! candidate order if the rule has one (freestyle alone).
//!
//! [`Evaluation::embedded`] gives the files compiled into the engine (`weights/*.txt`); a tool
//! that generates data with other weights builds its own with [`Evaluation::with_weights`] and
//! [`Evaluation::with_network`]. The parameters are immutable and shared (`Arc`), so engines,
//! positions and search threads hold them without copying.

use super::net::NetTable;
use super::policy::{Policy, PolicyWeights};
use super::weights::{PointTable, RuleWeights};
use crate::color::Color;
use crate::rule::Rule;
use std::sync::{Arc, OnceLock};

/// One rule's parameters.
#[derive(Clone)]
pub struct RuleEvaluation {
    /// The point table of each colour, by [`Color::index`].
    pub(crate) points: [Arc<PointTable>; 2],
    /// The network on top of the linear values, if this rule has one.
    pub(crate) network: Option<Arc<NetTable>>,
    /// The learned candidate order, if this rule has one.
    pub(crate) policy: Option<Arc<Policy>>,
}

impl RuleEvaluation {
    /// The same parameters without the network (the levels that play the linear evaluation).
    pub fn without_network(&self) -> RuleEvaluation {
        RuleEvaluation { network: None, ..self.clone() }
    }

    /// Whether a network is on top of the linear values.
    pub fn has_network(&self) -> bool {
        self.network.is_some()
    }
}

/// The parameters of every rule.
#[derive(Clone)]
pub struct Evaluation {
    rules: [RuleEvaluation; 3],
}

impl Evaluation {
    /// The parameters compiled into the engine (read once per process, then shared).
    pub fn embedded() -> Evaluation {
        static EMBEDDED: OnceLock<Evaluation> = OnceLock::new();
        EMBEDDED.get_or_init(build_embedded).clone()
    }

    /// The parameters of `rule`.
    pub fn rule(&self, rule: Rule) -> &RuleEvaluation {
        &self.rules[slot(rule)]
    }

    /// These parameters with `weights` as `rule`'s linear values.
    pub fn with_weights(mut self, rule: Rule, weights: &RuleWeights) -> Evaluation {
        self.rules[slot(rule)].points = point_tables(weights);
        self
    }

    /// These parameters with `order` (or the hand-set order alone) as `rule`'s candidate order.
    pub fn with_order(mut self, rule: Rule, order: Option<&PolicyWeights>) -> Evaluation {
        self.rules[slot(rule)].policy = order.map(|o| Arc::new(Policy::of(o)));
        self
    }

    /// These parameters with `network` (or none) on top of `rule` alone.
    pub fn with_network(mut self, rule: Rule, network: Option<NetTable>) -> Evaluation {
        self.rules[slot(rule)].network = network.map(Arc::new);
        self
    }
}

/// The embedded linear weights of `rule`.
pub fn embedded_weights(rule: Rule) -> RuleWeights {
    let text = match rule {
        Rule::Freestyle => include_str!("weights/freestyle.txt"),
        Rule::Standard => include_str!("weights/standard.txt"),
        Rule::Renju => include_str!("weights/renju.txt"),
    };
    RuleWeights::parse(text).unwrap_or_else(|e| panic!("embedded {e}"))
}

/// The embedded network of `rule`: freestyle and standard share one (a network of standard's
/// own measured worse), renju's has rows for each colour.
pub fn embedded_network(rule: Rule) -> NetTable {
    let text = match rule {
        Rule::Freestyle | Rule::Standard => include_str!("weights/net-freestyle.txt"),
        Rule::Renju => include_str!("weights/net-renju.txt"),
    };
    NetTable::parse(text).unwrap_or_else(|e| panic!("embedded {e}"))
}

/// The embedded learned candidate order of `rule`, if it has one: freestyle's alone; standard
/// and renju keep the hand-set order (freestyle's order for standard and one fitted to renju
/// games measured no better: docs/strength-log.md, 2026-12-04).
pub fn embedded_order(rule: Rule) -> Option<PolicyWeights> {
    let text = match rule {
        Rule::Freestyle => include_str!("weights/order-freestyle.txt"),
        Rule::Standard | Rule::Renju => return None,
    };
    Some(PolicyWeights::parse(text).unwrap_or_else(|e| panic!("embedded {e}")))
}

fn build_embedded() -> Evaluation {
    let shared = Arc::new(embedded_network(Rule::Freestyle));
    let of = |rule: Rule| RuleEvaluation {
        points: point_tables(&embedded_weights(rule)),
        network: Some(match rule {
            Rule::Renju => Arc::new(embedded_network(rule)),
            _ => shared.clone(),
        }),
        policy: embedded_order(rule).map(|order| Arc::new(Policy::of(&order))),
    };
    Evaluation { rules: Rule::ALL.map(of) }
}

fn point_tables(weights: &RuleWeights) -> [Arc<PointTable>; 2] {
    Color::ALL.map(|c| Arc::new(PointTable::of(&weights.sets[c.index()])))
}

fn slot(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::weights::{Weights, QUADS};

    #[test]
    fn every_rule_has_its_tables_and_a_network_renju_one_per_colour_freestyle_an_order() {
        let evaluation = Evaluation::embedded();
        for rule in Rule::ALL {
            let r = evaluation.rule(rule);
            assert_eq!(r.points[0].quads.len(), QUADS);
            let network = r.network.as_deref().expect("a network");
            assert_eq!(network.is_per_colour(), rule.has_forbidden_points(), "{rule}");
        }
        let network = |rule| evaluation.rule(rule).network.clone().unwrap();
        assert!(Arc::ptr_eq(&network(Rule::Freestyle), &network(Rule::Standard)));
        let order = |rule: Rule| evaluation.rule(rule).policy.is_some();
        assert!(order(Rule::Freestyle) && !order(Rule::Renju) && !order(Rule::Standard));
    }

    #[test]
    fn other_weights_change_only_their_rule() {
        let hand = RuleWeights { sets: [Weights::hand(), Weights::hand()] };
        let embedded = Evaluation::embedded();
        let changed = embedded
            .clone()
            .with_weights(Rule::Standard, &hand)
            .with_network(Rule::Freestyle, None);
        let quad = 5;
        let hand_table = PointTable::of(&hand.sets[0]);
        assert_eq!(changed.rule(Rule::Standard).points[0].quads[quad], hand_table.quads[quad]);
        let (a, b) =
            (&changed.rule(Rule::Freestyle).points[0], &embedded.rule(Rule::Freestyle).points[0]);
        assert!(Arc::ptr_eq(a, b), "freestyle keeps the embedded tables");
        assert!(!changed.rule(Rule::Freestyle).has_network());
    }
}
