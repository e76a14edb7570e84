//! Search progress from an engine's `MESSAGE` lines, read tolerantly: the depth and evaluation
//! that Gomocup engines commonly print (`depth 9 ev 120 …`, Rapfi's `Depth 17-28 | Eval -237 |
//! …`, mates as `+M9` / `-M4`). Anything else is ignored; the line is never trusted beyond two
//! numbers.

/// An engine's evaluation of the position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineEval {
    /// A score in the engine's own units (clamped to ±20 000).
    Score(i32),
    /// The side to move wins in this many moves (`+M9`).
    WinIn(u32),
    /// The side to move loses in this many moves (`-M4`).
    LossIn(u32),
}

impl EngineEval {
    /// The evaluation as one number: a score, or `±mate` less the distance for a mate.
    pub fn as_number(self, mate: i32) -> i32 {
        match self {
            EngineEval::Score(v) => v,
            EngineEval::WinIn(n) => mate - n.min(1000) as i32,
            EngineEval::LossIn(n) => -mate + n.min(1000) as i32,
        }
    }
}

/// Depth and evaluation found in a MESSAGE line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Progress {
    /// The depth (the first number after `depth`), if given.
    pub depth: Option<u32>,
    /// The evaluation (after `ev` or `eval`), if given as a number or a mate.
    pub eval: Option<EngineEval>,
}

/// Reads `depth` and `ev`/`eval` from a MESSAGE line's text (with or without `MESSAGE`).
pub fn progress_of(text: &str) -> Progress {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '|' || c == ',' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    let after = |keys: &[&str]| {
        words
            .iter()
            .position(|w| keys.iter().any(|k| w.eq_ignore_ascii_case(k)))
            .and_then(|i| words.get(i + 1))
    };
    let depth = after(&["depth"]).and_then(|word| {
        let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
        Some(digits.parse::<u32>().ok()?.min(255))
    });
    let eval = after(&["ev", "eval"]).and_then(|w| eval_of(w));
    Progress { depth, eval }
}

fn eval_of(word: &str) -> Option<EngineEval> {
    if let Some(n) = word.strip_prefix("+M").or_else(|| word.strip_prefix("M")) {
        return n.parse().ok().map(EngineEval::WinIn);
    }
    if let Some(n) = word.strip_prefix("-M") {
        return n.parse().ok().map(EngineEval::LossIn);
    }
    let value = word.trim_start_matches('+').parse::<i64>().ok()?;
    Some(EngineEval::Score(value.clamp(-20_000, 20_000) as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(depth: u32, eval: EngineEval) -> Progress {
        Progress { depth: Some(depth), eval: Some(eval) }
    }

    #[test]
    fn common_message_formats_are_read() {
        assert_eq!(
            progress_of("depth 9 ev 120 nodes 5000 nps 1000 time 5 pv h8 i9"),
            at(9, EngineEval::Score(120))
        );
        assert_eq!(
            progress_of("Depth 17-28 | Eval -237 | Time 272ms | I7 H10"),
            at(17, EngineEval::Score(-237))
        );
        assert_eq!(
            progress_of("MESSAGE Depth 27-5 | Eval +M9 | Time 257ms"),
            at(27, EngineEval::WinIn(9))
        );
        assert_eq!(
            progress_of("Depth 27-5 | Eval -M4 | Time 257ms"),
            at(27, EngineEval::LossIn(4))
        );
        assert_eq!(progress_of("ev 99999999 depth 3").eval, Some(EngineEval::Score(20_000)));
        assert_eq!(progress_of("MESSAGE Speed 906K | Depth 21-51").eval, None);
        assert_eq!(progress_of("hello there"), Progress::default());
        assert_eq!(progress_of("depth x").depth, None);
        assert_eq!(progress_of("depth").depth, None);
        assert_eq!(progress_of("ev +Mx").eval, None);
    }

    #[test]
    fn mates_become_numbers_beyond_every_score() {
        assert_eq!(EngineEval::WinIn(9).as_number(30_000), 29_991);
        assert_eq!(EngineEval::LossIn(4).as_number(30_000), -29_996);
        assert_eq!(EngineEval::Score(-5).as_number(30_000), -5);
    }
}
