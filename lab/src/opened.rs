//! Games that begin with an opening rule: the players take the opening's decisions (the harness
//! checks each against the rule), then play on with the colours the opening gave them.

use crate::game_play::{play_checked, play_on, GameEnd, GameSettings};
use crate::player::Player;
use gomoku::opening::{Opening, Role};
use gomoku::{Color, Pos};

/// The colour `role` plays: decided by the opening, or the tentative one (the opener black).
fn colour_of(opening: &Opening, role: Role) -> Color {
    match opening.player_of(Color::Black) {
        Some(black) if black == role => Color::Black,
        Some(_) => Color::White,
        None if role == Role::Opener => Color::Black,
        None => Color::White,
    }
}

/// Plays one game from the empty board under the plan's opening rule, `a` the opener when
/// `a_opens`. Returns A's colour, the end and the moves (the opening's stones first). A player
/// whose opening decision fails or is refused forfeits.
pub fn play_opened_game(
    a: &mut dyn Player,
    b: &mut dyn Player,
    a_opens: bool,
    plan: &GameSettings,
) -> (Color, GameEnd, Vec<Pos>) {
    let a_role = if a_opens { Role::Opener } else { Role::Responder };
    let a_tentative = if a_opens { Color::Black } else { Color::White };
    if a.new_game(plan.size, plan.rule, plan.clock.move_ms, plan.clock.match_ms).is_err() {
        return (a_tentative, GameEnd::Forfeit(a_tentative), Vec::new());
    }
    if b.new_game(plan.size, plan.rule, plan.clock.move_ms, plan.clock.match_ms).is_err() {
        return (a_tentative, GameEnd::Forfeit(!a_tentative), Vec::new());
    }
    let players: [&mut dyn Player; 2] = [a, b];
    let index = |role: Role| usize::from(role != a_role);
    let Ok(mut opening) = Opening::new(plan.opening_rule, plan.size) else {
        return (a_tentative, GameEnd::Draw, Vec::new());
    };
    let mut then_play = None;
    while !opening.is_done() {
        let role = opening.whose_turn();
        let forfeit = |opening: &Opening| {
            (colour_of(opening, a_role), GameEnd::Forfeit(colour_of(opening, role)), Vec::new())
        };
        let Ok(turn) = players[index(role)].opening_turn(&opening) else {
            return forfeit(&opening);
        };
        if turn.decisions.is_empty()
            || turn.decisions.iter().any(|&d| opening.apply_by(role, d).is_err())
        {
            return forfeit(&opening);
        }
        then_play = turn.then_play.filter(|_| opening.is_done() && opening.whose_turn() == role);
    }
    let a_color = colour_of(&opening, a_role);
    let mut board = opening.board().clone();
    let mut moves: Vec<Pos> = opening.stones().iter().map(|s| s.0).collect();
    if let Some(p) = then_play {
        if let Some(end) = play_checked(&mut board, &mut moves, p, plan.rule) {
            return (a_color, end, moves);
        }
    }
    let [a, b] = players;
    let (end, moves) = if a_color == Color::Black {
        play_on(a, b, board, moves, plan.rule, plan.clock)
    } else {
        play_on(b, a, board, moves, plan.rule, plan.clock)
    };
    (a_color, end, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Internal;
    use gomoku::opening::OpeningRule;
    use gomoku::{Level, Rule};

    #[test]
    fn games_through_every_opening_rule_end_without_forfeits() {
        for (opening_rule, rule) in [
            (OpeningRule::Swap1, Rule::Freestyle),
            (OpeningRule::Swap2, Rule::Standard),
            (OpeningRule::Rif, Rule::Renju),
            (OpeningRule::Yamaguchi, Rule::Renju),
            (OpeningRule::Soosorv8, Rule::Renju),
            (OpeningRule::Taraguchi10, Rule::Renju),
        ] {
            let clock = crate::game_play::TimeControl { move_ms: 50, match_ms: 0 };
            let plan = GameSettings { size: 15, rule, opening_rule, clock };
            for a_opens in [true, false] {
                let mut a = Internal::new(Level::Hard, 1, Some(2));
                let mut b = Internal::new(Level::Medium, 2, Some(1));
                let (_, end, moves) = play_opened_game(&mut a, &mut b, a_opens, &plan);
                assert!(!matches!(end, GameEnd::Forfeit(_)), "{opening_rule}: {end:?}");
                assert!(moves.len() > 5, "{opening_rule}: {moves:?}");
                if opening_rule.is_renju() {
                    assert_eq!(moves[0], Pos::centre(15));
                }
            }
        }
    }
}
