//! The opening explorer: the 26 canonical openings of three stones (black on the centre, white
//! touching it, black's second stone in the central 5 × 5 square), named as renju names them —
//! 13 direct openings (white beside black) and 13 indirect ones (white diagonal to it) — with
//! the engine's judgement of each under a rule, computed once and shipped
//! (`src/study/openings/*.txt`, written by the lab's `gomoku explorer-book`).
//!
//! Each opening is given by black's second stone relative to the first, with white directly
//! above black (direct) or above and to the right (indirect); the numbers and names follow
//! the usual diagram, row by row from the top.

use crate::board::Board;
use crate::color::Color;
use crate::opening::symmetry::canonical;
use crate::pos::Pos;
use crate::record::parse_moves;
use crate::rule::Rule;

/// A named opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedOpening {
    /// 1–13 within its kind.
    pub number: u8,
    /// White's stone beside black's (direct) or diagonal to it (indirect).
    pub direct: bool,
    /// The Chinese name.
    pub name_zh: &'static str,
    /// The name renju players use internationally (Japanese, romanised).
    pub name_ja: &'static str,
    /// Its meaning in English.
    pub name_en: &'static str,
    /// Black's second stone relative to the first (x to the right, y downwards).
    pub third: (i8, i8),
}

/// White beside black, or diagonal to it.
const DIRECT: bool = true;
const INDIRECT: bool = false;

/// An opening of the table: its kind, number, names (Chinese, international, English meaning)
/// and black's second stone.
const fn opening(
    direct: bool,
    number: u8,
    names: [&'static str; 3],
    third: (i8, i8),
) -> NamedOpening {
    let [name_zh, name_ja, name_en] = names;
    NamedOpening { number, direct, name_zh, name_ja, name_en, third }
}

/// The 26 openings: the 13 direct ones (white directly above black), then the 13 indirect
/// ones (white above and to the right).
pub const OPENINGS: [NamedOpening; 26] = [
    opening(DIRECT, 1, ["寒星", "Kansei", "Cold Star"], (0, -2)),
    opening(DIRECT, 2, ["溪月", "Keigetsu", "Brook Moon"], (1, -2)),
    opening(DIRECT, 3, ["疏星", "Sosei", "Sparse Star"], (2, -2)),
    opening(DIRECT, 4, ["花月", "Kagetsu", "Flower Moon"], (1, -1)),
    opening(DIRECT, 5, ["残月", "Zangetsu", "Waning Moon"], (2, -1)),
    opening(DIRECT, 6, ["雨月", "Ugetsu", "Rain Moon"], (1, 0)),
    opening(DIRECT, 7, ["金星", "Kinsei", "Golden Star"], (2, 0)),
    opening(DIRECT, 8, ["松月", "Shogetsu", "Pine Moon"], (0, 1)),
    opening(DIRECT, 9, ["丘月", "Kyugetsu", "Hill Moon"], (1, 1)),
    opening(DIRECT, 10, ["新月", "Shingetsu", "New Moon"], (2, 1)),
    opening(DIRECT, 11, ["瑞星", "Zuisei", "Lucky Star"], (0, 2)),
    opening(DIRECT, 12, ["山月", "Sangetsu", "Mountain Moon"], (1, 2)),
    opening(DIRECT, 13, ["游星", "Yusei", "Wandering Star"], (2, 2)),
    opening(INDIRECT, 1, ["长星", "Chosei", "Long Star"], (2, -2)),
    opening(INDIRECT, 2, ["峡月", "Kyogetsu", "Gorge Moon"], (1, -2)),
    opening(INDIRECT, 3, ["恒星", "Kosei", "Fixed Star"], (0, -2)),
    opening(INDIRECT, 4, ["水月", "Suigetsu", "Water Moon"], (-1, -2)),
    opening(INDIRECT, 5, ["流星", "Ryusei", "Meteor"], (-2, -2)),
    opening(INDIRECT, 6, ["云月", "Ungetsu", "Cloud Moon"], (0, -1)),
    opening(INDIRECT, 7, ["浦月", "Hogetsu", "Bay Moon"], (-1, -1)),
    opening(INDIRECT, 8, ["岚月", "Rangetsu", "Storm Moon"], (-2, -1)),
    opening(INDIRECT, 9, ["银月", "Gingetsu", "Silver Moon"], (-1, 0)),
    opening(INDIRECT, 10, ["明星", "Myojo", "Morning Star"], (-2, 0)),
    opening(INDIRECT, 11, ["斜月", "Shagetsu", "Slanting Moon"], (-1, 1)),
    opening(INDIRECT, 12, ["名月", "Meigetsu", "Harvest Moon"], (-2, 1)),
    opening(INDIRECT, 13, ["彗星", "Suisei", "Comet"], (-2, 2)),
];

impl NamedOpening {
    /// Its three stones on a board of side `size` (black on the centre), black, white, black.
    pub fn stones(&self, size: u8) -> [Pos; 3] {
        let c = Pos::centre(size);
        let at = |dx: i8, dy: i8| {
            Pos::new((i16::from(c.x) + i16::from(dx)) as u8, (i16::from(c.y) + i16::from(dy)) as u8)
        };
        let white = if self.direct { at(0, -1) } else { at(1, -1) };
        [c, white, at(self.third.0, self.third.1)]
    }
}

/// Which of [`OPENINGS`] the first three moves of a game form, up to the board's symmetries,
/// wherever black's first stone stands (its index), or `None` for another start.
pub fn classify(moves: &[Pos]) -> Option<usize> {
    let [b1, w2, b3] = moves.get(..3)?.try_into().ok()?;
    let c = Pos::centre(15);
    let shift = |p: Pos| -> Option<Pos> {
        let x = i16::from(p.x) - i16::from(b1.x) + i16::from(c.x);
        let y = i16::from(p.y) - i16::from(b1.y) + i16::from(c.y);
        (0..15).contains(&x).then_some(())?;
        (0..15).contains(&y).then_some(())?;
        Some(Pos::new(x as u8, y as u8))
    };
    let stones =
        [(shift(b1)?, Color::Black), (shift(w2)?, Color::White), (shift(b3)?, Color::Black)];
    let key = canonical(&stones, 15);
    OPENINGS.iter().position(|o| {
        let [a, b, d] = o.stones(15);
        canonical(&[(a, Color::Black), (b, Color::White), (d, Color::Black)], 15) == key
    })
}

/// The engine's judgement of one opening under a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// Index into [`OPENINGS`].
    pub index: usize,
    /// The score for white, to move (evaluation units; mates as ±20 000).
    pub score: i32,
    /// White's best replies (on the 15 × 15 board of [`NamedOpening::stones`]) with their
    /// scores for white, best first.
    pub replies: Vec<(Pos, i32)>,
}

impl BookEntry {
    /// Reads one line: `index | score | move:score move:score …`.
    ///
    /// # Errors
    /// A message naming what is wrong.
    pub fn parse(line: &str) -> Result<BookEntry, String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [index, score, replies] = fields[..] else {
            return Err(format!("three fields separated by | expected: {line}"));
        };
        let number = |t: &str| t.parse::<i32>().map_err(|_| format!("not a number: {t:?}"));
        let index: usize = index.parse().map_err(|_| format!("not an index: {index:?}"))?;
        if index >= OPENINGS.len() {
            return Err(format!("no opening {index}"));
        }
        let mut parsed = Vec::new();
        for reply in replies.split_whitespace() {
            let (m, s) =
                reply.split_once(':').ok_or_else(|| format!("move:score, not {reply:?}"))?;
            let m = *parse_moves(m, 15).map_err(|e| e.to_string())?.first().ok_or("no move")?;
            parsed.push((m, number(s)?));
        }
        Ok(BookEntry { index, score: number(score)?, replies: parsed })
    }

    /// The line [`BookEntry::parse`] reads.
    pub fn to_line(&self) -> String {
        let replies: Vec<String> = self
            .replies
            .iter()
            .map(|(m, s)| {
                format!("{}:{s}", m.to_notation(15).map(|n| n.to_string()).unwrap_or_default())
            })
            .collect();
        format!("{} | {} | {}", self.index, self.score, replies.join(" "))
    }
}

/// The shipped judgement of the 26 openings under `rule` (renju's for renju, freestyle's for
/// freestyle and standard), in [`OPENINGS`] order.
pub fn book(rule: Rule) -> Vec<BookEntry> {
    let text = match rule {
        Rule::Renju => include_str!("openings/renju.txt"),
        _ => include_str!("openings/freestyle.txt"),
    };
    let lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    lines.filter_map(|l| BookEntry::parse(l).ok()).collect()
}

/// The board of opening `index` (15 × 15).
pub fn board_of(index: usize) -> Option<Board> {
    let opening = OPENINGS.get(index)?;
    let mut board = Board::new(15).ok()?;
    for (i, p) in opening.stones(15).into_iter().enumerate() {
        board.place(p, Color::at_ply(i));
    }
    Some(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opening::symmetry::renju_openings;

    #[test]
    fn the_26_named_openings_are_the_26_canonical_ones_each_once() {
        let canon = |s: [Pos; 3]| {
            canonical(&[(s[0], Color::Black), (s[1], Color::White), (s[2], Color::Black)], 15)
        };
        let named: Vec<_> = OPENINGS.iter().map(|o| canon(o.stones(15))).collect();
        for (i, key) in named.iter().enumerate() {
            assert!(!named[i + 1..].contains(key), "{} twice", OPENINGS[i].name_ja);
        }
        for o in renju_openings(15) {
            assert!(named.contains(&canon(o)), "{o:?} unnamed");
        }
        assert_eq!(OPENINGS.iter().filter(|o| o.direct).count(), 13);
    }

    #[test]
    fn a_game_is_classified_by_its_first_three_moves_anywhere_and_turned_any_way() {
        let kagetsu = OPENINGS.iter().position(|o| o.name_ja == "Kagetsu").unwrap();
        // Black d4, white d5 (beside), black e5: Kagetsu, off centre and turned.
        let moves = parse_moves("d4d5e5", 15).unwrap();
        assert_eq!(classify(&moves), Some(kagetsu));
        let mirrored = parse_moves("h8h9g9", 15).unwrap();
        assert_eq!(classify(&mirrored), Some(kagetsu));
        assert_eq!(classify(&parse_moves("h8h9a1", 15).unwrap()), None);
        assert_eq!(classify(&parse_moves("h8h9", 15).unwrap()), None);
    }

    #[test]
    fn book_lines_read_back_and_bad_ones_are_refused() {
        let line = "3 | -120 | h9:-120 j7:-180";
        assert_eq!(BookEntry::parse(line).unwrap().to_line(), line);
        for bad in ["26 | 0 | h9:0", "1 | x | h9:0", "1 | 0 | h9", "1 | 0"] {
            assert!(BookEntry::parse(bad).is_err(), "{bad}");
        }
    }
}
