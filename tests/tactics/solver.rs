//! A slow, deliberately simple solver for victories by continuous fours (VCF), written for the
//! tactics suite independently of the engine under test: it uses only [`Board`],
//! [`Rule::would_win_at`] and [`renju::forbidden`].
//!
//! # Terms
//! * A *winning point* of a colour is an empty point where one more stone of that colour wins
//!   under the rule (`Rule::would_win_at`). A black five is never forbidden in renju, so a winning
//!   point is always playable.
//! * A *four* is a legal move after which the mover has at least one winning point.
//! * The *length* of a VCF counts the attacker's moves, including the one that makes five.
//!
//! # The game tree (A = attacker, D = defender, A to move)
//! 1. A has a winning point: A wins in one move.
//! 2. D has two winning points: A cannot stop both, the line fails. D has one: A must play exactly
//!    there, and that move must itself be a four (a counter-four) for the line to go on.
//! 3. A plays a four. If A now has two winning points, D cannot block both (D has no five: A's
//!    move took D's only winning point, if any) and A wins with its next move. If A has one, D must
//!    block it; when D is black in renju and the point is forbidden, D cannot, and A wins with its
//!    next move. Otherwise D blocks and we are back at 1 with one attacker move spent.
//!
//! # Two facts used for speed (each obviously true)
//! * A stone of one colour never creates a winning point for the other colour: winning depends
//!   only on runs of the mover's own stones, which an opposing stone can only cut.
//! * If A had no winning point and then plays `m`, every new winning point `w` lies on a line
//!   through `m` at most four points away, and that line holds at least three more A stones within
//!   four points of `m` (the five through `w` must contain `m`, else `w` was winning before).

use gomoku::board::index_of;
use gomoku::renju::forbidden;
use gomoku::{Board, Color, Pos, Rule};
use std::collections::HashMap;

/// The four line directions: horizontal, vertical and the two diagonals.
const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The search ran into its node budget; the answer is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The point `k` steps from `p` along `line`, if it is on the board.
fn step(board: &Board, p: Pos, line: (i32, i32), k: i32) -> Option<Pos> {
    let size = i32::from(board.size());
    let (x, y) = (i32::from(p.x) + line.0 * k, i32::from(p.y) + line.1 * k);
    ((0..size).contains(&x) && (0..size).contains(&y)).then(|| Pos::new(x as u8, y as u8))
}

/// The points on the four lines through `p`, one to four steps away.
fn near(board: &Board, p: Pos) -> Vec<Pos> {
    let offsets = (-4..=4).filter(|&k| k != 0);
    LINES.iter().flat_map(|&l| offsets.clone().filter_map(move |k| step(board, p, l, k))).collect()
}

/// Whether one more `color` stone on the empty point `p` wins.
pub fn wins_at(board: &Board, rule: Rule, p: Pos, color: Color) -> bool {
    rule.would_win_at(board, index_of(p), color)
}

/// Every winning point of `color`.
pub fn winning_points(board: &Board, rule: Rule, color: Color) -> Vec<Pos> {
    board.empty_points().filter(|&p| wins_at(board, rule, p, color)).collect()
}

/// Whether `color` may play on `p`: the point is empty and, for black in renju, not forbidden.
pub fn is_legal(board: &Board, rule: Rule, p: Pos, color: Color) -> bool {
    board.contains(p)
        && board.stone(p).is_none()
        && !(rule == Rule::Renju && color == Color::Black && forbidden(board, p).is_some())
}

/// Every legal move of `color`, in reading order.
pub fn legal_moves(board: &Board, rule: Rule, color: Color) -> Vec<Pos> {
    let empty: Vec<Pos> = board.empty_points().collect();
    empty.into_iter().filter(|&p| is_legal(board, rule, p, color)).collect()
}

/// Whether a `color` stone on `m` could make a winning point: some line through `m` holds at
/// least three `color` stones within four points of it (see the module notes).
fn could_make_four(board: &Board, m: Pos, color: Color) -> bool {
    LINES.iter().any(|&l| {
        let own = (-4..=4).filter(|&k| k != 0).filter_map(|k| step(board, m, l, k));
        own.filter(|&q| board.stone(q) == Some(color)).count() >= 3
    })
}

/// The winning points `color` has after a stone of its own on `m`, for a `color` that had none
/// before: they all lie near `m` (see the module notes). `m` must be empty; the board is restored.
fn new_winning_points(board: &mut Board, rule: Rule, m: Pos, color: Color) -> Vec<Pos> {
    board.place(m, color);
    let points = near(board, m);
    let wins = points.into_iter().filter(|&q| board.stone(q).is_none()).collect::<Vec<_>>();
    let wins = wins.into_iter().filter(|&q| wins_at(board, rule, q, color)).collect();
    board.remove(m);
    wins
}

/// The fours of `color`, a side without winning points, each with the winning points it makes.
/// With `only`, just that point is tried (the attacker must block the defender's four there).
pub fn fours(
    board: &mut Board,
    rule: Rule,
    color: Color,
    only: Option<Pos>,
) -> Vec<(Pos, Vec<Pos>)> {
    let tried: Vec<Pos> = match only {
        Some(p) => vec![p],
        None => board.empty_points().collect(),
    };
    let tried: Vec<Pos> = tried.into_iter().filter(|&m| could_make_four(board, m, color)).collect();
    let mut found = Vec::new();
    for m in tried {
        let wins = new_winning_points(board, rule, m, color);
        if !wins.is_empty() && is_legal(board, rule, m, color) {
            found.push((m, wins));
        }
    }
    found
}

/// Whether the defender, to move, cannot block the attacker's single winning point `w`: it is
/// forbidden for black in renju.
fn block_is_forbidden(board: &Board, rule: Rule, w: Pos, defender: Color) -> bool {
    rule == Rule::Renju && defender == Color::Black && forbidden(board, w).is_some()
}

/// What is known about one position (attacker to move): it fails within `fails_within` moves and
/// wins within `wins_within` moves.
#[derive(Clone, Copy, Debug)]
struct Known {
    fails_within: u32,
    wins_within: u32,
}

/// The VCF solver for one rule, with a memory of solved positions (keyed by every point of the
/// board and the attacker's colour, so it can never confuse two positions).
pub struct Solver {
    rule: Rule,
    memo: HashMap<Vec<u8>, Known>,
    /// Attacker positions searched so far.
    pub nodes: u64,
    budget: u64,
}

impl Solver {
    /// A solver without a node budget.
    pub fn new(rule: Rule) -> Solver {
        Solver::with_budget(rule, u64::MAX)
    }

    /// A solver that gives up (returns [`OutOfBudget`]) after `budget` attacker positions.
    pub fn with_budget(rule: Rule, budget: u64) -> Solver {
        Solver { rule, memo: HashMap::new(), nodes: 0, budget }
    }

    /// The rule this solver plays by.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The shortest VCF of `attacker`, to move, if there is one of at most `max` moves.
    pub fn shortest(
        &mut self,
        board: &mut Board,
        attacker: Color,
        max: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        for length in 1..=max {
            if self.wins_within(board, attacker, length)? {
                return Ok(Some(length));
            }
        }
        Ok(None)
    }

    /// Whether `attacker`, to move, wins by continuous fours in at most `moves` of its moves.
    pub fn wins_within(
        &mut self,
        board: &mut Board,
        attacker: Color,
        moves: u32,
    ) -> Result<bool, OutOfBudget> {
        if moves == 0 {
            return Ok(false);
        }
        if !winning_points(board, self.rule, attacker).is_empty() {
            return Ok(true);
        }
        if moves == 1 {
            return Ok(false);
        }
        let key = memo_key(board, attacker);
        let known = self.memo.get(&key).copied();
        if let Some(k) = known {
            if moves <= k.fails_within {
                return Ok(false);
            }
            if moves >= k.wins_within {
                return Ok(true);
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let won = self.attack(board, attacker, moves)?;
        let entry =
            self.memo.entry(key).or_insert(Known { fails_within: 0, wins_within: u32::MAX });
        if won {
            entry.wins_within = entry.wins_within.min(moves);
        } else {
            entry.fails_within = entry.fails_within.max(moves);
        }
        Ok(won)
    }

    /// Rules 2 and 3 of the module notes: the attacker has no winning point and `moves >= 2`.
    fn attack(
        &mut self,
        board: &mut Board,
        attacker: Color,
        moves: u32,
    ) -> Result<bool, OutOfBudget> {
        let defender = !attacker;
        let threats = winning_points(board, self.rule, defender);
        if threats.len() >= 2 {
            return Ok(false);
        }
        let candidates = fours(board, self.rule, attacker, threats.first().copied());
        // First the fours that win at once, then the ones that need the defender's block.
        for (m, wins) in &candidates {
            if wins.len() >= 2 || self.block_impossible(board, attacker, *m, wins[0]) {
                return Ok(true);
            }
        }
        for (m, wins) in candidates {
            board.place(m, attacker);
            board.place(wins[0], defender);
            let won = self.wins_within(board, attacker, moves - 1);
            board.remove(wins[0]);
            board.remove(m);
            if won? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether, after the attacker's four on `m`, the defender may not block its winning point `w`.
    fn block_impossible(&self, board: &mut Board, attacker: Color, m: Pos, w: Pos) -> bool {
        board.place(m, attacker);
        let impossible = block_is_forbidden(board, self.rule, w, !attacker);
        board.remove(m);
        impossible
    }

    /// One shortest winning line of `attacker` (at most `max` moves) in human notation: attacker
    /// moves with the defender's forced blocks in brackets, e.g. `h8 (h9) j10 (k11) l12`; `(*)`
    /// marks a four the defender cannot stop (two winning points, or a forbidden block).
    pub fn winning_line(&mut self, board: &mut Board, attacker: Color, max: u32) -> Option<String> {
        let length = self.shortest(board, attacker, max).ok()??;
        let mut line = Vec::new();
        let mut played = Vec::new();
        self.follow(board, attacker, length, &mut line, &mut played);
        for p in played.into_iter().rev() {
            board.remove(p);
        }
        Some(line.join(" "))
    }

    /// Walks one line of exactly `moves` moves, appending its moves to `line`; the stones it puts
    /// on the board are listed in `played` for the caller to take off.
    fn follow(
        &mut self,
        board: &mut Board,
        attacker: Color,
        moves: u32,
        line: &mut Vec<String>,
        played: &mut Vec<Pos>,
    ) {
        let size = board.size();
        let name = |p: Pos| p.to_notation(size).map_or_else(|| p.to_string(), |n| n.to_string());
        if let Some(&w) = winning_points(board, self.rule, attacker).first() {
            line.push(name(w));
            return;
        }
        let threats = winning_points(board, self.rule, !attacker);
        for (m, wins) in fours(board, self.rule, attacker, threats.first().copied()) {
            if wins.len() >= 2 || self.block_impossible(board, attacker, m, wins[0]) {
                if moves == 2 {
                    line.extend([name(m), "(*)".to_string(), name(wins[wins.len() - 1])]);
                    return;
                }
                continue;
            }
            board.place(m, attacker);
            board.place(wins[0], !attacker);
            if self.wins_within(board, attacker, moves - 1) == Ok(true) {
                played.extend([m, wins[0]]);
                line.extend([name(m), format!("({})", name(wins[0]))]);
                return self.follow(board, attacker, moves - 1, line, played);
            }
            board.remove(wins[0]);
            board.remove(m);
        }
    }
}

/// The memo key: the attacker and every point of the board.
fn memo_key(board: &Board, attacker: Color) -> Vec<u8> {
    let code = |c: Option<Color>| match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    std::iter::once(code(Some(attacker)))
        .chain(board.points().map(|p| code(board.stone(p))))
        .collect()
}

/// Whether `attacker`, to move, has a move after which it holds two winning points while the
/// other side holds none (an open four or a double four that nothing stops). `attacker` must have
/// no winning point of its own.
pub fn has_unstoppable_four(board: &mut Board, rule: Rule, attacker: Color) -> bool {
    let theirs = winning_points(board, rule, !attacker);
    fours(board, rule, attacker, None)
        .into_iter()
        .any(|(m, wins)| wins.len() >= 2 && theirs.iter().all(|&t| t == m))
}

/// The threat `color` has against a side to move that has no five: `Some("four")` for exactly one
/// winning point, `Some("three")` for none but a move making an unstoppable four, else `None`.
pub fn threat(board: &mut Board, rule: Rule, color: Color) -> Option<&'static str> {
    match winning_points(board, rule, color).len() {
        1 => Some("four"),
        0 if has_unstoppable_four(board, rule, color) => Some("three"),
        _ => None,
    }
}

/// The good defences of `side`, to move, against the opponent's threat, by brute force: every
/// legal move `m` after which the opponent has no five, no move giving it two winning points while
/// `side` has none, and no VCF of at most `max_vcf` moves.
pub fn good_defences(
    solver: &mut Solver,
    board: &mut Board,
    side: Color,
    max_vcf: u32,
) -> Result<Vec<Pos>, OutOfBudget> {
    let rule = solver.rule();
    let mut good = Vec::new();
    for m in legal_moves(board, rule, side) {
        board.place(m, side);
        let holds = holds_after(solver, board, side, max_vcf);
        board.remove(m);
        if holds? {
            good.push(m);
        }
    }
    Ok(good)
}

/// Whether `side`, having just moved, is safe from the opponent's five, unstoppable four and VCF.
fn holds_after(
    solver: &mut Solver,
    board: &mut Board,
    side: Color,
    max_vcf: u32,
) -> Result<bool, OutOfBudget> {
    let rule = solver.rule();
    let opponent = !side;
    if !winning_points(board, rule, opponent).is_empty()
        || has_unstoppable_four(board, rule, opponent)
    {
        return Ok(false);
    }
    Ok(!solver.wins_within(board, opponent, max_vcf)?)
}
