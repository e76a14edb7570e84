//! How each level searches: depth, time, threat search and deliberate imprecision.

use super::selectivity::Pruning;
use crate::level::Level;

/// Hard's node budget per move: between a full depth-4 and depth-5 search, set by matches (200 ms
/// per move, 52 games): Hard–Medium 63.5 % at 8 000 nodes, 85.6 % at 15 000, 89.4 % at 30 000;
/// Master–Hard 82.7 %, 84.6 % (three runs: 84.6, 78.8, 84.6) and 72.1 % respectively. With the
/// later, faster search: Hard–Medium 77.9 % at 15 000 and at 20 000 nodes alike,
/// Master–Hard 90.4 %. With the selective search Hard may go 8 plies deep in those nodes (at 5,
/// Hard–Medium fell to 71.2 %): Hard–Medium 78.8 %, Master–Hard 80.8 %.
const HARD_NODES: u64 = 15_000;

/// The search settings of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelConfig {
    /// Deepest iteration.
    pub max_depth: u32,
    /// Longest thinking time per move in milliseconds (the caller's limit may be shorter).
    pub max_time_ms: u64,
    /// The time a move of this level is given in the app, in milliseconds (at most
    /// `max_time_ms`): the one place the app's thinking times are set.
    pub move_time_ms: u64,
    /// Most nodes searched per move (0 = no limit of its own): a strength that does not depend
    /// on the machine's speed.
    pub max_nodes: u64,
    /// Longest VCF searched at the root (0 = none).
    pub vcf_fours: u32,
    /// Longest VCT (fours and open threes) searched at the root, in attacker moves (0 = none).
    pub vct_threats: u32,
    /// Root moves within this many points of the best may be chosen at random (0 = always best).
    pub noise: i32,
    /// How many of the best root moves the random choice considers.
    pub choices: usize,
    /// How the search prunes: selectively for the deep searches, carefully for the shallow ones.
    pub pruning: Pruning,
    /// Whether the chosen move is checked against the opponent's VCF and VCT before it is
    /// played (the next best taken if it loses); in play only, not in multi-PV analysis or a
    /// search to a fixed depth or node count.
    pub defends: bool,
    /// Whether the evaluation adds the network on top of the linear values (the deep searches,
    /// whose leaves it was fitted for; Easy and Medium keep the linear evaluation, with which
    /// their strengths were measured and set apart).
    pub network: bool,
}

impl LevelConfig {
    /// The settings for `level`.
    pub const fn of(level: Level) -> LevelConfig {
        match level {
            Level::Easy => LevelConfig {
                max_depth: 1,
                max_time_ms: 300,
                move_time_ms: 300,
                max_nodes: 0,
                vcf_fours: 0,
                vct_threats: 0,
                noise: 400,
                choices: 5,
                pruning: Pruning::Careful,
                defends: false,
                network: false,
            },
            Level::Medium => LevelConfig {
                max_depth: 2,
                max_time_ms: 500,
                move_time_ms: 500,
                max_nodes: 0,
                vcf_fours: 6,
                vct_threats: 0,
                noise: 0,
                choices: 1,
                pruning: Pruning::Careful,
                defends: false,
                network: false,
            },
            Level::Hard => LevelConfig {
                max_depth: 8,
                max_time_ms: 800,
                move_time_ms: 800,
                max_nodes: HARD_NODES,
                vcf_fours: 8,
                vct_threats: 0,
                noise: 0,
                choices: 1,
                pruning: Pruning::Selective,
                defends: false,
                network: true,
            },
            Level::Master => LevelConfig {
                max_depth: 64,
                max_time_ms: 5_000,
                move_time_ms: 3_000,
                max_nodes: 0,
                vcf_fours: 24,
                vct_threats: 7,
                noise: 0,
                choices: 1,
                pruning: Pruning::Selective,
                defends: true,
                network: true,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_gives_each_level_more_time_than_the_one_below_and_never_past_its_cap() {
        let times: Vec<u64> = Level::ALL.iter().map(|&l| LevelConfig::of(l).move_time_ms).collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
        for level in Level::ALL {
            let config = LevelConfig::of(level);
            assert!(config.move_time_ms <= config.max_time_ms, "{level}");
        }
    }
}
