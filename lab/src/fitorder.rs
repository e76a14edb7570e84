//! `gomoku fit-order`: fits the learned candidate order ([`gomoku::ai::policy`]) to the moves one
//! player or colour made in `gomoku match` logs or `gomoku gen-data` records, and writes the file
//! the engine embeds (`src/ai/weights/order-*.txt`).

use crate::arena::{parse_result_line, result_line_moves};
use crate::cli::FitOrderArgs;
use crate::cutoffs::{cutoff_choices, CutoffPlan};
use crate::gendata::write_atomically;
use crate::read_text;
use crate::tuning::data::read_record_files;
use crate::tuning::order::{choices_of_game, cross_entropy, fit, top_k, Choice, FitOptions};
use gomoku::ai::policy::PolicyWeights;
use gomoku::{Color, Pos, Rule};

/// Every `HELD_OUT`-th choice (from the first) is held out to measure the fit.
const HELD_OUT: usize = 10;

/// `gomoku fit-order (--openings BOOK LOG… | --records FILES) [--rule R] --learn WHO --out FILE
/// [--steps N] [--rate R] [--reg R]`: each log is the output of a `gomoku match A B --openings
/// BOOK` (one line a game), each record file the output of `gomoku gen-data`; `--learn` picks
/// whose moves are learned, from the move after the opening on: A's (first) or B's (second) of a
/// log, one colour's whoever played it, or both colours'.
pub fn run_fit_order(args: &FitOrderArgs) -> Result<(), String> {
    let learner = args.learn.clone();
    let options = FitOptions { steps: args.steps, rate: args.rate, reg: args.reg };
    let (train, held_out, games, source) = match (&args.records, args.from_search) {
        (Some(records), Some(nodes)) => choices_from_search(args, records, nodes)?,
        (Some(records), None) => split(choices_of_records(records, &learner, args.rule)?),
        (None, _) => split(choices_of_logs(args, &learner)?),
    };
    let neutral = PolicyWeights::neutral();
    eprintln!(
        "fit-order: {games} games, {} choices ({} held out); hand-set order: {}",
        train.len() + held_out.len(),
        held_out.len(),
        quality(&held_out, &neutral)
    );
    if let Some(embedded) = gomoku::ai::evaluation::embedded_order(args.rule) {
        eprintln!("fit-order: embedded order: {}", quality(&held_out, &embedded));
    }
    let fitted = fit(&train, &options);
    let result = quality(&held_out, &fitted);
    eprintln!("fit-order: fitted: {result}");
    let header = format!(
        "Fitted by `gomoku fit-order {source} --rule {} --learn {learner} --steps {} --rate {} --reg {} --out {}`\n\
         {games} games, {} training and {} held-out choices (every {HELD_OUT}th held out).\n\
         Held out, hand-set order: {}\nHeld out, fitted: {result}",
        args.rule,
        options.steps,
        options.rate,
        options.reg,
        args.out.display(),
        train.len(),
        held_out.len(),
        quality(&held_out, &neutral),
    );
    write_atomically(&args.out, &fitted.to_text(&header))
}

/// Training and held-out choices (every [`HELD_OUT`]-th, from the first), how many games, and the
/// arguments that named them.
type Split = (Vec<Choice>, Vec<Choice>, usize, String);

/// Holds out every [`HELD_OUT`]-th choice of played moves.
fn split((choices, games, source): (Vec<Choice>, usize, String)) -> Split {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (i, choice) in choices.into_iter().enumerate() {
        if i % HELD_OUT == 0 {
            held_out.push(choice)
        } else {
            train.push(choice)
        }
    }
    (train, held_out, games, source)
}

/// The cut-off choices of searching the records' positions ([`crate::cutoffs`]); every
/// [`HELD_OUT`]-th searched game's choices are held out (one search's cut-offs are alike).
fn choices_from_search(args: &FitOrderArgs, records: &str, nodes: u64) -> Result<Split, String> {
    let (games, _) = read_record_files(records)?;
    let games: Vec<_> = games.into_iter().step_by(args.game_every.max(1)).collect();
    let order = match &args.search_order {
        Some(path) => Some(PolicyWeights::parse(&read_text(path)?)?),
        None => None,
    };
    let plan = CutoffPlan {
        rule: args.rule,
        nodes,
        every_ply: args.every_ply,
        sample_every: args.sample_every,
        min_depth: args.min_depth,
        order,
    };
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (g, choices) in cutoff_choices(&games, &plan).into_iter().enumerate() {
        if g % HELD_OUT == 0 { &mut held_out } else { &mut train }.extend(choices);
    }
    let searched_with = args
        .search_order
        .as_ref()
        .map_or(String::new(), |p| format!(" --search-order {}", p.display()));
    let source = format!(
        "--records {records} --from-search {nodes} --game-every {} --every-ply {} --sample-every {} --min-depth {}{searched_with}",
        args.game_every, args.every_ply, args.sample_every, args.min_depth
    );
    Ok((train, held_out, games.len(), source))
}

/// The choices of the games of `gomoku match` logs, how many games, and the arguments that named
/// them.
fn choices_of_logs(
    args: &FitOrderArgs,
    learner: &str,
) -> Result<(Vec<Choice>, usize, String), String> {
    let book = args.openings.as_ref().ok_or("match logs need --openings")?;
    let openings = crate::game_play::read_openings(&read_text(book)?)?;
    let (mut choices, mut games) = (Vec::new(), 0);
    for path in &args.logs {
        for line in read_text(path)?.lines() {
            let Some(game) = parse_game_line(line, &openings)? else { continue };
            for colour in game.colours_of(learner) {
                choices.extend(choices_of_game(&game.moves, game.opening, colour, args.rule));
            }
            games += 1;
        }
    }
    let logs: Vec<String> = args.logs.iter().map(|p| p.display().to_string()).collect();
    Ok((choices, games, format!("--openings {} {}", book.display(), logs.join(" "))))
}

/// The choices of the games of `gomoku gen-data` record files (comma-separated), how many games,
/// and the argument that named them.
fn choices_of_records(
    records: &str,
    learner: &str,
    rule: Rule,
) -> Result<(Vec<Choice>, usize, String), String> {
    let colours = colours_named(learner)
        .ok_or_else(|| format!("a record does not say who was {learner}: learn a colour"))?;
    let (games, _) = read_record_files(records)?;
    let mut choices = Vec::new();
    for game in &games {
        for &colour in &colours {
            choices.extend(choices_of_game(&game.moves, game.opening, colour, rule));
        }
    }
    Ok((choices, games.len(), format!("--records {records}")))
}

/// Cross-entropy and top-1/3/6 agreement, as text.
fn quality(choices: &[Choice], weights: &PolicyWeights) -> String {
    let top = top_k(choices, weights, &[1, 3, 6]);
    format!(
        "cross-entropy {:.4}, chosen point first {:.1} %, in the first 3 {:.1} %, in the first 6 {:.1} %",
        cross_entropy(choices, weights),
        100.0 * top[0],
        100.0 * top[1],
        100.0 * top[2]
    )
}

/// One finished game of a match log.
#[derive(Debug, PartialEq)]
struct LoggedGame {
    first_is_black: bool,
    opening: usize,
    moves: Vec<Pos>,
}

impl LoggedGame {
    /// The colours `learner` (`first`, `second`, `black`, `white` or `both`) played.
    fn colours_of(&self, learner: &str) -> Vec<Color> {
        colours_named(learner).unwrap_or_else(|| {
            let black = (learner == "first") == self.first_is_black;
            vec![if black { Color::Black } else { Color::White }]
        })
    }
}

/// The colours a learner named by colour (`black`, `white`, `both`) played; `None` for a learner
/// named by seat (`first`, `second`), whose colour each game says.
fn colours_named(learner: &str) -> Option<Vec<Color>> {
    match learner {
        "black" => Some(vec![Color::Black]),
        "white" => Some(vec![Color::White]),
        "both" => Some(Color::ALL.to_vec()),
        _ => None,
    }
}

/// A game line of `gomoku match` (`opening  12 A as black: Won(White) after 40 moves  […] h8i9…`);
/// `None` for other lines (the summary).
fn parse_game_line(line: &str, openings: &[Vec<(i32, i32)>]) -> Result<Option<LoggedGame>, String> {
    let Some((number, colour, _)) = parse_result_line(line)? else { return Ok(None) };
    let bad = || format!("bad match log line {line:?}");
    let opening = openings.get(number.wrapping_sub(1)).ok_or_else(bad)?.len();
    let moves = result_line_moves(line).map_err(|_| bad())?;
    Ok(Some(LoggedGame { first_is_black: colour == Color::Black, opening, moves }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_line_gives_its_colours_opening_and_moves() {
        let book = vec![vec![(0, 0), (1, -1), (-2, -2)]];
        let line =
            "opening   1 pb as white: Won(Black) after 4 moves  [pb: +0 =0 -1, 0.0%, 3s] h8i9f10h7";
        let game = parse_game_line(line, &book).unwrap().unwrap();
        assert!(!game.first_is_black);
        assert_eq!(game.opening, 3);
        assert_eq!(
            game.moves,
            vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(5, 5), Pos::new(7, 8)]
        );
        assert_eq!(parse_game_line("pb: +3 =0 -7 (30.0%)", &book), Ok(None));
        assert!(parse_game_line("opening   2 pb as white: Draw after 1 moves h8", &book).is_err());
        assert!(parse_game_line("opening   1 pb as white: Draw after 1 moves h8z", &book).is_err());
    }

    #[test]
    fn the_learner_names_a_player_or_a_colour() {
        let game = LoggedGame { first_is_black: false, opening: 3, moves: Vec::new() };
        assert_eq!(game.colours_of("first"), [Color::White]);
        assert_eq!(game.colours_of("second"), [Color::Black]);
        assert_eq!(game.colours_of("black"), [Color::Black]);
        assert_eq!(game.colours_of("white"), [Color::White]);
        assert_eq!(game.colours_of("both"), Color::ALL);
    }
}
