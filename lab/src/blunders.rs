//! `gomoku blunders`: where lost games were lost, by a stronger engine's judgement, kept as a
//! position set; `gomoku agree`: how often our engine now plays the judge's move there.
//!
//! For every game of a match log that A lost, the judge (an external brain) evaluates the
//! position before and after each of A's moves. The first move that takes A from a position
//! that was not lost (judged at least [`NOT_LOST`]) to a lost one (at most [`LOST`], or a forced
//! loss) is the game's decisive error. Its kind: *defence* when the judge then sees a forced win
//! for the opponent (a threat sequence A did not see coming), *attack* when the judge saw a
//! forced win for A before it (A missed it), *positional* otherwise. Games without such a move
//! slid away with no single decisive error (*drift*).

use crate::arena::{parse_result_line, result_line_moves};
use crate::cli::{AgreeArgs, BlundersArgs};
use crate::game_play::read_openings;
use crate::judged::LossJudge;
use crate::player::{External, Player, MATE};
use crate::read_text;
use gomoku::ai::{Engine, Limits, Request};
use gomoku::{Board, Color, Pos};
use std::sync::atomic::AtomicBool;

/// A judged evaluation at or below this (side to move's view) is a lost position.
const LOST: i32 = -800;
/// A judged evaluation at or above this is not yet lost.
const NOT_LOST: i32 = -300;
/// Mates as evaluations.
/// An evaluation this close to a mate is a forced win seen by the judge.
const FORCED: i32 = MATE - 1_000;

/// A game of the log that A lost.
pub struct LostGame {
    /// The game's opening number in the book (1-based).
    pub number: usize,
    /// A's colour.
    pub a_color: Color,
    /// The moves, the opening's first.
    pub moves: Vec<Pos>,
}

impl LostGame {
    /// The plies after the opening at which A was to move.
    pub fn plies_of_a(&self, opening: usize) -> impl Iterator<Item = usize> + '_ {
        (opening..self.moves.len()).filter(move |&ply| Color::at_ply(ply) == self.a_color)
    }
}

/// `gomoku blunders --log FILE --judge CMD --out FILE [--openings FILE] [--rule R] [--time MS]
/// [--max-games N] [--every-move]` (with `--every-move`: every quiet position of A's lost games,
/// with the judge's move, instead of the decisive errors).
pub fn run_blunders(args: &BlundersArgs) -> Result<(), String> {
    let (rule, ms) = (args.rule, args.time);
    let log = args.log.display();
    let text = read_text(&args.log)?;
    let openings = read_openings(&read_text(&args.openings)?)?;
    let mut judge = External::new(&args.judge)?;
    judge.new_game(15, rule, ms, 0)?;
    let mut lines = vec![format!(
        "# gomoku blunders --log {log} --time {ms}: moves | ours | judge's | kind | before after"
    )];
    let mut kinds = std::collections::BTreeMap::new();
    let mut games = lost_games(&text)?;
    if let Some(n) = args.max_games {
        games.truncate(n);
    }
    let every_move = args.every_move;
    for game in &games {
        let opening = openings.get(game.number - 1).map_or(0, Vec::len);
        if every_move {
            let found = quiet_positions(&mut judge, game, opening)?;
            *kinds.entry("quiet").or_insert(0) += found.len();
            lines.extend(found.iter().map(Found::line));
            continue;
        }
        let kind = match decisive_error(&mut judge, game, opening)? {
            Some(found) => {
                lines.push(found.line());
                found.kind
            }
            None => "drift",
        };
        *kinds.entry(kind).or_insert(0) += 1;
        eprintln!("blunders: game {} ({}): {kind}", game.number, game.a_color.name());
    }
    let out = &args.out;
    std::fs::write(out, lines.join("\n") + "\n").map_err(|e| format!("{}: {e}", out.display()))?;
    println!("BLUNDERS {} lost games: {kinds:?}", games.len());
    Ok(())
}

/// The games of a `gomoku match` log that A lost (by five, forfeit or time).
pub fn lost_games(text: &str) -> Result<Vec<LostGame>, String> {
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some((number, a_color, points)) = parse_result_line(line)? {
            if points == 0.0 {
                let moves = result_line_moves(line)?;
                out.push(LostGame { number, a_color, moves });
            }
        }
    }
    Ok(out)
}

/// A decisive error.
struct Found {
    before: Vec<Pos>,
    ours: Pos,
    judges: Pos,
    kind: &'static str,
    evals: (i32, i32),
}

impl Found {
    fn line(&self) -> String {
        let moves: Vec<String> = self.before.iter().map(|m| format!("{},{}", m.x, m.y)).collect();
        format!(
            "{} | {},{} | {},{} | {} | {} {}",
            moves.join(" "),
            self.ours.x,
            self.ours.y,
            self.judges.x,
            self.judges.y,
            self.kind,
            self.evals.0,
            self.evals.1
        )
    }
}

/// The first of A's moves after which the judge sees A lost, having not seen it lost before.
fn decisive_error(
    judge: &mut External,
    game: &LostGame,
    opening: usize,
) -> Result<Option<Found>, String> {
    for ply in game.plies_of_a(opening) {
        let before = &game.moves[..ply];
        let (judges, eval_before) = judge.judge(before, game.a_color)?;
        if eval_before < NOT_LOST {
            return Ok(None);
        }
        let (_, eval_after) = judge.judge(&game.moves[..=ply], !game.a_color)?;
        let eval_after = -eval_after;
        if eval_after <= LOST {
            let kind = if eval_after <= -FORCED {
                "defence"
            } else if eval_before >= FORCED {
                "attack"
            } else {
                "positional"
            };
            let ours = game.moves[ply];
            let found = Found {
                before: before.to_vec(),
                ours,
                judges,
                kind,
                evals: (eval_before, eval_after),
            };
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Every position of a lost game where A was to move, still not lost by the judge's evaluation
/// and with no forced win for either side in sight: the quiet positions where games drift away.
fn quiet_positions(
    judge: &mut External,
    game: &LostGame,
    opening: usize,
) -> Result<Vec<Found>, String> {
    let mut found = Vec::new();
    for ply in game.plies_of_a(opening) {
        let before = &game.moves[..ply];
        let (judges, eval) = judge.judge(before, game.a_color)?;
        if eval < NOT_LOST {
            break;
        }
        if eval.abs() < FORCED {
            let ours = game.moves[ply];
            found.push(Found {
                before: before.to_vec(),
                ours,
                judges,
                kind: "quiet",
                evals: (eval, eval),
            });
        }
    }
    Ok(found)
}

/// `gomoku agree --positions FILE [--level L] [--time MS] [--rule R] [--judge CMD
/// [--judge-time MS] [--cache FILE]]`: how often our engine plays the judge's move in a position
/// set written by `gomoku blunders`, and with a judge how much worse our moves are by its
/// evaluation ([`LossJudge`]).
pub fn run_agree(args: &AgreeArgs) -> Result<(), String> {
    let (level, rule, ms) = (args.level, args.rule, args.time);
    let text = read_text(&args.positions)?;
    let mut engine = Engine::new(32, 1);
    let mut losses = match &args.judge {
        Some(cmd) => Some(LossJudge::new(cmd, rule, args.judge_time, args.cache.as_deref())?),
        None => None,
    };
    let (mut total, mut same) = (0, 0);
    let mut by_kind = std::collections::BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [moves, _, judges, kind, ..] = fields.as_slice() else {
            return Err(format!("bad position line {line:?}"));
        };
        let moves: Vec<Pos> = moves
            .split_whitespace()
            .map(|m| m.parse::<Pos>().map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let judges: Pos = judges.parse().map_err(|e: gomoku::CoordError| e.to_string())?;
        let mut board = Board::new(15).map_err(|e| e.to_string())?;
        for (i, &m) in moves.iter().enumerate() {
            board.place(m, Color::at_ply(i));
        }
        let to_move = Color::at_ply(moves.len());
        let request = Request { board: &board, rule, to_move, level, limits: Limits::per_move(ms) };
        engine.clear_hash();
        let best = engine.think(&request, &AtomicBool::new(false), &mut |_| {}).map(|d| d.best);
        total += 1;
        let entry = by_kind.entry(kind.to_string()).or_insert((0, 0));
        entry.1 += 1;
        if best == Some(judges) {
            same += 1;
            entry.0 += 1;
        }
        if let (Some(judge), Some(best)) = (losses.as_mut(), best) {
            judge.add(&moves, best, judges)?;
        }
    }
    if let Some(judge) = losses {
        println!("{}", judge.summary());
    }
    println!(
        "AGREE {same}/{total} positions ({level}, {ms} ms); by kind (agreed, of): {by_kind:?}"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_gives_the_games_a_lost_with_their_moves() {
        let log = "\
opening   1 gomoku-master as black: Won(White) after 5 moves  [x] h8i9h9h10g8
opening   1 gomoku-master as white: Won(White) after 4 moves  [x] h8i9h9h10
opening   2 gomoku-master as white: Forfeit(White) after 2 moves  [x] h8i9
RESULT something";
        let games = lost_games(log).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].number, games[0].a_color), (1, Color::Black));
        assert_eq!(games[0].moves.len(), 5);
        assert_eq!(games[0].moves[0], Pos::new(7, 7));
        assert_eq!((games[1].number, games[1].a_color), (2, Color::White));
    }
}
