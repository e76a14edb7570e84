//! The "quiet" self-play player of the generator: it never makes a threat.
//!
//! Each move is a legal point within two points of a stone, chosen at random (seeded), after
//! which the mover has neither a winning point (a four or a five), nor a move giving it two (an
//! open three), nor a VCF of at most [`SHORT_VCF`] moves (by the slow solver; a position it
//! cannot decide within [`BUDGET`] nodes counts as having one). Neither side ever has to answer
//! anything, so the board fills with closed threes and broken shapes that chain into long VCFs
//! only — the positions games between players who cash every short VCF at once almost never
//! leave on the board. Of a few quiet moves drawn each turn, one that gives the mover such a long
//! VCF is preferred. The game ends when no quiet move is left.

use super::solver::{self, Solver};
use gomoku::{Board, Color, Pos, Rule};

/// The longest VCF a quiet move may give the mover.
const SHORT_VCF: u32 = 14;
/// Solver nodes allowed for checking one move.
const BUDGET: u64 = 20_000;
/// How many quiet moves are drawn each turn; one of them that gives the mover a VCF (necessarily
/// longer than [`SHORT_VCF`]) of at most `LONG_VCF` moves is preferred.
const SAMPLE: usize = 6;
const LONG_VCF: u32 = 20;

/// A small seeded generator (xorshift64*), so a game is reproducible from its seed. (Not `rand`:
/// the stored suite names its games by this generator's seeds.)
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Whether `p` is within two points (in both directions) of a stone.
fn near_a_stone(board: &Board, p: Pos) -> bool {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    (-2..=2).any(|dx| {
        (-2..=2).any(|dy| {
            let (nx, ny) = (x + dx, y + dy);
            let size = i32::from(board.size());
            (0..size).contains(&nx)
                && (0..size).contains(&ny)
                && board.stone(Pos::new(nx as u8, ny as u8)).is_some()
        })
    })
}

/// Whether `color` playing `p` makes no five, no four, no open three and no VCF of at most
/// [`SHORT_VCF`] moves.
fn is_quiet(board: &mut Board, rule: Rule, p: Pos, color: Color) -> bool {
    if solver::wins_at(board, rule, p, color) {
        return false;
    }
    board.place(p, color);
    let quiet = solver::winning_points(board, rule, color).is_empty()
        && !solver::has_unstoppable_four(board, rule, color)
        && Solver::with_budget(rule, BUDGET).wins_within(board, color, SHORT_VCF) == Ok(false);
    board.remove(p);
    quiet
}

/// Whether `color`, to move again after playing `p`, has a VCF of at most [`LONG_VCF`] moves.
fn gives_long_vcf(board: &mut Board, rule: Rule, p: Pos, color: Color) -> bool {
    board.place(p, color);
    let long = Solver::with_budget(rule, BUDGET).wins_within(board, color, LONG_VCF) == Ok(true);
    board.remove(p);
    long
}

/// Up to [`SAMPLE`] quiet moves of `color`, in random order.
fn quiet_sample(board: &mut Board, rule: Rule, color: Color, dice: &mut Dice) -> Vec<Pos> {
    let mut candidates: Vec<Pos> = solver::legal_moves(board, rule, color)
        .into_iter()
        .filter(|&p| near_a_stone(board, p))
        .collect();
    let mut sample = Vec::new();
    while sample.len() < SAMPLE && !candidates.is_empty() {
        let p = candidates.swap_remove(dice.below(candidates.len()));
        if is_quiet(board, rule, p, color) {
            sample.push(p);
        }
    }
    sample
}

/// Continues the game after `moves` with quiet moves until none is left.
pub fn play(rule: Rule, seed: u64, mut moves: Vec<Pos>, mut board: Board) -> Vec<Pos> {
    let mut dice = Dice(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    loop {
        let color = Color::at_ply(moves.len());
        let sample = quiet_sample(&mut board, rule, color, &mut dice);
        let Some(&first) = sample.first() else { return moves };
        let chosen = sample
            .iter()
            .copied()
            .find(|&p| gives_long_vcf(&mut board, rule, p, color))
            .unwrap_or(first);
        board.place(chosen, color);
        moves.push(chosen);
    }
}
