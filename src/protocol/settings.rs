//! The brain's settings, set by `INFO` lines.

use crate::ai::Limits;
use crate::level::Level;
use crate::rule::Rule;

/// What the manager told the brain about time, memory and rules.
#[derive(Clone, Debug)]
pub struct BrainSettings {
    /// Milliseconds per move (0 = no limit).
    pub timeout_turn: u64,
    /// Milliseconds for the whole match (0 = no limit).
    pub timeout_match: u64,
    /// Milliseconds left in the match.
    pub time_left: Option<u64>,
    /// Memory limit in bytes (0 = none).
    pub max_memory: u64,
    /// The rule.
    pub rule: Rule,
    /// Deepest search (`INFO max_depth`).
    pub max_depth: Option<u32>,
    /// Most nodes (`INFO max_node`).
    pub max_node: Option<u64>,
    /// Playing strength (`INFO level`, an extension: easy, medium, hard, master).
    pub level: Level,
    /// Search threads (`INFO thread_num`; 1 by default, as Gomocup's single-core rule wants).
    pub threads: usize,
}

impl Default for BrainSettings {
    fn default() -> Self {
        BrainSettings {
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            rule: Rule::Freestyle,
            max_depth: None,
            max_node: None,
            level: Level::Master,
            threads: 1,
        }
    }
}

impl BrainSettings {
    /// Applies one `INFO key value`. Unknown keys are ignored, as the protocol asks.
    ///
    /// # Errors
    /// A message when a known key has a value that is not a number (or a level name).
    pub fn apply(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || {
            value.parse::<i64>().map_err(|_| format!("INFO {key} expects a number, got {value:?}"))
        };
        let non_negative = || number().map(|n| n.max(0) as u64);
        match key {
            "timeout_turn" => self.timeout_turn = non_negative()?,
            "timeout_match" => self.timeout_match = non_negative()?,
            "time_left" => self.time_left = Some(non_negative()?),
            "max_memory" => self.max_memory = non_negative()?,
            "rule" => self.rule = rule_of(non_negative()?),
            "max_depth" => self.max_depth = Some(non_negative()?.clamp(1, 64) as u32),
            "max_node" => self.max_node = Some(non_negative()?.max(1)),
            "level" => self.level = value.parse().map_err(|e| format!("{e}"))?,
            "thread_num" => {
                self.threads = non_negative()?.clamp(1, crate::ai::MAX_THREADS as u64) as usize
            }
            "game_type" | "folder" | "evaluate" => {}
            _ => {}
        }
        Ok(())
    }

    /// The search limits for the next move.
    pub fn limits(&self) -> Limits {
        let match_left =
            (self.timeout_match > 0).then(|| self.time_left.unwrap_or(self.timeout_match));
        let mut limits = Limits::for_clock(self.timeout_turn, match_left);
        limits.depth = self.max_depth;
        limits.nodes = self.max_node;
        limits
    }

    /// Hash table size in MiB: a quarter of the memory limit, at most 256 MiB, 64 MiB by default.
    pub fn hash_mb(&self) -> usize {
        match self.max_memory {
            0 => 64,
            bytes => ((bytes / 4) >> 20).clamp(1, 256) as usize,
        }
    }

    /// Nothing to do yet; kept so per-move bookkeeping has one place.
    pub fn after_move(&mut self) {}
}

/// The Gomocup `INFO rule` value of a rule (bit 1: exactly five; bit 4: renju): what a client
/// sends, and what [`rule_of`] reads back.
pub fn rule_code(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// The rule of a Gomocup `INFO rule` bitmask: 4 renju (and 2, read as renju like Yixin-Board
/// does), 1 exactly five (standard), 0 freestyle.
pub fn rule_of(mask: u64) -> Rule {
    if mask & 4 != 0 || mask == 2 {
        Rule::Renju
    } else if mask & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_mask_follows_piskvork_and_yixin() {
        assert_eq!(rule_of(0), Rule::Freestyle);
        assert_eq!(rule_of(1), Rule::Standard);
        assert_eq!(rule_of(2), Rule::Renju);
        assert_eq!(rule_of(4), Rule::Renju);
        for rule in Rule::ALL {
            assert_eq!(rule_of(u64::from(rule_code(rule))), rule);
        }
    }

    #[test]
    fn bad_numbers_are_errors_and_unknown_keys_are_ignored() {
        let mut s = BrainSettings::default();
        assert!(s.apply("timeout_turn", "fast").is_err());
        assert_eq!(s.timeout_turn, 5_000);
        assert!(s.apply("colour_of_the_sky", "blue").is_ok());
        s.apply("max_memory", "83886080").unwrap();
        assert_eq!(s.hash_mb(), 20);
    }
}
