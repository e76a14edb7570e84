//! Parsing the lines a Gomocup manager sends into typed commands.

use crate::pos::Pos;
use std::fmt;

/// One line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START size`.
    Start(u32),
    /// `RECTSTART width,height`.
    RectStart(u32, u32),
    /// `RESTART`.
    Restart,
    /// `BEGIN`: the brain plays first.
    Begin,
    /// `TURN x,y`: the opponent played there.
    Turn(Pos),
    /// `BOARD`: a position follows, then the brain moves.
    Board,
    /// `YXBOARD`: a position follows, without a reply.
    YxBoard,
    /// `SWAP2BOARD`: the swap2 opening's stones follow (0, 3 or 5 lines `x,y`), then the brain
    /// answers its opening decision.
    Swap2Board,
    /// `DONE`: the end of a position.
    Done,
    /// `x,y,field` inside a position.
    Stone(Pos, u8),
    /// `x,y` inside a SWAP2BOARD block (`x,y,field` is read too, the field ignored: the order of
    /// the stones gives their colours).
    Point(Pos),
    /// `INFO key value`.
    Info(String, String),
    /// `TAKEBACK x,y`.
    Takeback(Pos),
    /// `ABOUT`.
    About,
    /// `END`.
    End,
    /// `YXSHOWFORBID`.
    ShowForbid,
    /// `YXSTOP`.
    Stop,
    /// `YXHASHCLEAR`.
    HashClear,
    /// `YXNBEST n`: analyse the current position and report the `n` best moves (1–10), then
    /// answer the best move without playing it.
    NBest(u32),
}

/// A line that is not a command we can obey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The command word is not known: reply `UNKNOWN`.
    Unknown(String),
    /// A known command with bad arguments: reply `ERROR`.
    Malformed(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(word) => write!(f, "unknown command {word}"),
            ParseError::Malformed(why) => f.write_str(why),
        }
    }
}

/// Parses one line (already trimmed of the line ending). `in_board` tells whether a BOARD or
/// YXBOARD position is being read, where `x,y,field` lines are expected.
///
/// # Errors
/// [`ParseError`] for an unknown command or bad arguments.
pub fn parse(line: &str, in_board: bool) -> Result<Command, ParseError> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    if in_board && !word.eq_ignore_ascii_case("DONE") {
        return stone(line);
    }
    match word.to_ascii_uppercase().as_str() {
        "START" => number(rest, "START").map(Command::Start),
        "RECTSTART" => pair(rest, "RECTSTART").map(|(w, h)| Command::RectStart(w, h)),
        "RESTART" => Ok(Command::Restart),
        "BEGIN" => Ok(Command::Begin),
        "TURN" => point(rest, "TURN").map(Command::Turn),
        "BOARD" => Ok(Command::Board),
        "YXBOARD" => Ok(Command::YxBoard),
        "SWAP2BOARD" => Ok(Command::Swap2Board),
        "DONE" => Ok(Command::Done),
        "INFO" => info(rest),
        "TAKEBACK" => point(rest, "TAKEBACK").map(Command::Takeback),
        "ABOUT" => Ok(Command::About),
        "END" => Ok(Command::End),
        "YXSHOWFORBID" => Ok(Command::ShowForbid),
        "YXSTOP" => Ok(Command::Stop),
        "YXHASHCLEAR" => Ok(Command::HashClear),
        "YXNBEST" => match number(rest, "YXNBEST") {
            Ok(n) if (1..=10).contains(&n) => Ok(Command::NBest(n)),
            _ => Err(malformed("YXNBEST", rest)),
        },
        "" => Err(ParseError::Malformed("empty line".into())),
        _ => Err(ParseError::Unknown(word.chars().take(40).collect())),
    }
}

fn malformed(what: &str, text: &str) -> ParseError {
    ParseError::Malformed(format!(
        "{what} expects {}, got {:?}",
        expected(what),
        text.chars().take(40).collect::<String>()
    ))
}

fn expected(what: &str) -> &'static str {
    match what {
        "START" => "a board size",
        "RECTSTART" => "width,height",
        "INFO" => "a key and a value",
        "YXNBEST" => "a number of moves from 1 to 10",
        _ => "x,y",
    }
}

fn number(text: &str, what: &str) -> Result<u32, ParseError> {
    text.parse().map_err(|_| malformed(what, text))
}

fn pair(text: &str, what: &str) -> Result<(u32, u32), ParseError> {
    let (a, b) = text.split_once(',').ok_or_else(|| malformed(what, text))?;
    Ok((
        a.trim().parse().map_err(|_| malformed(what, text))?,
        b.trim().parse().map_err(|_| malformed(what, text))?,
    ))
}

fn point(text: &str, what: &str) -> Result<Pos, ParseError> {
    let (x, y) = pair(text, what)?;
    if x > 255 || y > 255 {
        return Err(malformed(what, text));
    }
    Ok(Pos::new(x as u8, y as u8))
}

fn stone(line: &str) -> Result<Command, ParseError> {
    let bad = || {
        ParseError::Malformed(format!(
            "expected x,y,field or DONE, got {:?}",
            line.chars().take(40).collect::<String>()
        ))
    };
    let mut parts = line.split(',').map(str::trim);
    let (Some(x), Some(y), Some(field), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let x: u8 = x.parse().map_err(|_| bad())?;
    let y: u8 = y.parse().map_err(|_| bad())?;
    let field: u8 = field.parse().map_err(|_| bad())?;
    if !(1..=3).contains(&field) {
        return Err(bad());
    }
    Ok(Command::Stone(Pos::new(x, y), field))
}

/// Parses one line inside a SWAP2BOARD block: `DONE`, or a stone `x,y` (an `x,y,field` line,
/// as some managers send, is read the same way: the field is ignored).
///
/// # Errors
/// [`ParseError::Malformed`] for anything else.
pub fn parse_swap2(line: &str) -> Result<Command, ParseError> {
    let line = line.trim();
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(Command::Done);
    }
    let bad = || {
        ParseError::Malformed(format!(
            "expected x,y or DONE, got {:?}",
            line.chars().take(40).collect::<String>()
        ))
    };
    let mut parts = line.split(',').map(str::trim);
    let (Some(x), Some(y)) = (parts.next(), parts.next()) else { return Err(bad()) };
    let field = parts.next();
    if parts.next().is_some() || field.is_some_and(|f| !matches!(f, "1" | "2" | "3")) {
        return Err(bad());
    }
    let x: u8 = x.parse().map_err(|_| bad())?;
    let y: u8 = y.parse().map_err(|_| bad())?;
    Ok(Command::Point(Pos::new(x, y)))
}

fn info(rest: &str) -> Result<Command, ParseError> {
    let (key, value) =
        rest.split_once(char::is_whitespace).ok_or_else(|| malformed("INFO", rest))?;
    Ok(Command::Info(key.to_ascii_lowercase(), value.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_case_insensitively_with_spaces() {
        assert_eq!(parse("START 15", false), Ok(Command::Start(15)));
        assert_eq!(parse("turn 7, 8", false), Ok(Command::Turn(Pos::new(7, 8))));
        assert_eq!(
            parse("INFO timeout_turn 200", false),
            Ok(Command::Info("timeout_turn".into(), "200".into()))
        );
        assert_eq!(parse("3,4,1", true), Ok(Command::Stone(Pos::new(3, 4), 1)));
        assert_eq!(parse("done", true), Ok(Command::Done));
    }

    #[test]
    fn swap2_lines_are_points_with_an_optional_field() {
        assert_eq!(parse("swap2board", false), Ok(Command::Swap2Board));
        assert_eq!(parse_swap2(" 7, 8 "), Ok(Command::Point(Pos::new(7, 8))));
        assert_eq!(parse_swap2("7,8,2"), Ok(Command::Point(Pos::new(7, 8))));
        assert_eq!(parse_swap2("done"), Ok(Command::Done));
        for bad in ["7", "7,8,9", "7,8,1,1", "a,b", "-1,2", "300,1", ""] {
            assert!(matches!(parse_swap2(bad), Err(ParseError::Malformed(_))), "{bad:?}");
        }
    }

    #[test]
    fn garbage_is_unknown_or_malformed() {
        assert!(matches!(parse("FLY 3", false), Err(ParseError::Unknown(_))));
        assert!(matches!(parse("START x", false), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("TURN 3", false), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("TURN 300,2", false), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("3,4,7", true), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("INFO", false), Err(ParseError::Malformed(_))));
        assert_eq!(parse("yxnbest 3", false), Ok(Command::NBest(3)));
        assert!(matches!(parse("YXNBEST 0", false), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("YXNBEST 11", false), Err(ParseError::Malformed(_))));
        assert!(matches!(parse("YXNBEST", false), Err(ParseError::Malformed(_))));
    }
}
