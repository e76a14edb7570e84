//! Search progress from an engine's `MESSAGE` lines, read tolerantly: the depth and evaluation
//! that Gomocup engines commonly print (`depth 9 ev 120 …`, Rapfi's `Depth 17-28 | Eval -237 |
//! …`). Anything else is ignored; the line is never trusted beyond two numbers.

/// Depth and evaluation (side to move's view) found in a MESSAGE line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The depth (the first number after `depth`).
    pub depth: u32,
    /// The evaluation, when given as a plain number.
    pub eval: Option<i32>,
}

/// Reads `depth` and `ev`/`eval` from a MESSAGE line's text (without `MESSAGE`).
pub fn progress_of(text: &str) -> Option<Progress> {
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
    let depth_word = after(&["depth"])?;
    let digits: String = depth_word.chars().take_while(char::is_ascii_digit).collect();
    let depth = digits.parse::<u32>().ok()?.min(255);
    let eval = after(&["ev", "eval"]).and_then(|w| w.trim_start_matches('+').parse::<i32>().ok());
    let eval = eval.map(|v| v.clamp(-20_000, 20_000));
    Some(Progress { depth, eval })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_message_formats_are_read() {
        assert_eq!(
            progress_of("depth 9 ev 120 nodes 5000 nps 1000 time 5 pv h8 i9"),
            Some(Progress { depth: 9, eval: Some(120) })
        );
        assert_eq!(
            progress_of("Depth 17-28 | Eval -237 | Time 272ms | I7 H10"),
            Some(Progress { depth: 17, eval: Some(-237) })
        );
        assert_eq!(progress_of("depth 5 ev +M3"), Some(Progress { depth: 5, eval: None }));
        assert_eq!(progress_of("ev 99999999 depth 3").unwrap().eval, Some(20_000));
        assert_eq!(progress_of("hello there"), None);
        assert_eq!(progress_of("depth x"), None);
        assert_eq!(progress_of("depth"), None);
    }
}
