//! Test oracle (feature `oracle`): small sheets (LOSE ones on purpose, as random sizes are almost
//! all WIN), a brute force that plays the cutting game by its stated rules on the multiset of
//! pieces, shrinking, and the benchmark input.

use crate::{MAX_SIDE, MIN_SIDE};
use dp_core::{Error, SplitMix64};
use std::cell::RefCell;
use std::collections::HashMap;
use test_kit::{BenchInput, Oracle};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = CuttingGame;

/// Largest area the generator gives the brute force: every sheet up to it is solved, with one
/// memo, in about a second.
pub const MAX_BRUTE_AREA: usize = 60;

/// One input file: the sheets, one per line, and how its lines end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheets {
    /// `(W, H)` of each line.
    pub pairs: Vec<(usize, usize)>,
    /// Lines end with `\r\n` instead of `\n`.
    pub crlf: bool,
    /// The last line has its line end.
    pub final_newline: bool,
}

impl Sheets {
    /// The input file's text.
    pub fn render(&self) -> String {
        let end = if self.crlf { "\r\n" } else { "\n" };
        let lines: Vec<String> = self
            .pairs
            .iter()
            .map(|(w, h)| format!("{} {}", w, h))
            .collect();
        let mut text = lines.join(end);
        if self.final_newline {
            text.push_str(end);
        }
        text
    }
}

/// A piece `a x b`: `a` wide, `b` high (no rotation is identified with another).
type Piece = (u8, u8);

thread_local! {
    /// Every position met so far, on this thread: sorted pieces -> the mover wins.
    static MEMO: RefCell<HashMap<Vec<Piece>, bool>> = RefCell::new(HashMap::new());
}

/// Whether the first player wins on a `w x h` sheet, by the rules as stated: a move cuts one
/// piece along a full grid line into two; a cut that makes a 1 x 1 piece wins at once; a
/// position is won iff some cut wins at once or leads to a position lost for the opponent.
/// Positions are sorted multisets of pieces, memoised across calls on one thread.
///
/// # Panics
/// If `w * h` exceeds 100 or a side is 0 (10 x 10 takes about a gigabyte); a 1 x 1 sheet, on
/// which no cut is possible, is a loss.
pub fn brute_force(w: usize, h: usize) -> bool {
    assert!(w >= 1 && h >= 1 && w * h <= 100, "sheet {} x {}", w, h);
    MEMO.with(|memo| mover_wins(vec![(w as u8, h as u8)], &mut memo.borrow_mut()))
}

fn cuts((a, b): Piece) -> impl Iterator<Item = (Piece, Piece)> {
    let across = (1..a).map(move |i| ((i, b), (a - i, b)));
    across.chain((1..b).map(move |j| ((a, j), (a, b - j))))
}

fn mover_wins(pieces: Vec<Piece>, memo: &mut HashMap<Vec<Piece>, bool>) -> bool {
    if let Some(&known) = memo.get(&pieces) {
        return known;
    }
    // A cut that produces a 1 x 1 piece ends the game at once: look for one first.
    let wins_at_once = pieces
        .iter()
        .any(|&piece| cuts(piece).any(|(x, y)| x == (1, 1) || y == (1, 1)));
    let wins = wins_at_once
        || (0..pieces.len()).any(|k| {
            cuts(pieces[k]).any(|(x, y)| {
                let mut next = pieces.clone();
                next.swap_remove(k);
                next.push(x);
                next.push(y);
                next.sort_unstable();
                !mover_wins(next, memo)
            })
        });
    memo.insert(pieces, wins);
    wins
}

/// Every sheet with sides at least 2 and area at most `MAX_BRUTE_AREA`, by brute force, that
/// the first player loses: the generator's supply of the rare LOSE answers.
pub fn small_lose_pairs() -> Vec<(usize, usize)> {
    small_pairs()
        .into_iter()
        .filter(|&(w, h)| !brute_force(w, h))
        .collect()
}

fn small_pairs() -> Vec<(usize, usize)> {
    let sides = MIN_SIDE..=MAX_BRUTE_AREA / MIN_SIDE;
    sides
        .clone()
        .flat_map(|w| sides.clone().map(move |h| (w, h)))
        .filter(|&(w, h)| w * h <= MAX_BRUTE_AREA)
        .collect()
}

/// Reads an input file back: pairs of sides in `2..=200`, and its line ends.
///
/// # Errors
/// A token that is not a side, or a `W` without its `H`, named with its number.
pub fn parse_input(text: &[u8]) -> Result<Sheets, String> {
    let text = std::str::from_utf8(text).map_err(|e| format!("not UTF-8: {}", e))?;
    let mut sides = Vec::new();
    for (k, token) in text.split_ascii_whitespace().enumerate() {
        match token.parse::<usize>() {
            Ok(side) if (MIN_SIDE..=MAX_SIDE).contains(&side) => sides.push(side),
            _ => {
                return Err(format!(
                    "token {}: {:?} is not a side in 2..=200",
                    k + 1,
                    token
                ))
            }
        }
    }
    if sides.is_empty() || sides.len() % 2 == 1 {
        return Err(format!("{} sides, not a positive even number", sides.len()));
    }
    Ok(Sheets {
        pairs: sides.chunks(2).map(|p| (p[0], p[1])).collect(),
        crlf: text.contains("\r\n"),
        final_newline: text.ends_with('\n'),
    })
}

/// The oracle of poj2311-cutting-game for tests and `cargo xtask stress`.
pub struct CuttingGame;

impl Oracle for CuttingGame {
    type Input = Sheets;

    fn name() -> &'static str {
        "poj2311-cutting-game"
    }

    /// 1 to 4 lines, each a LOSE sheet half of the time; CRLF a third of the time, no final
    /// line end a quarter of the time.
    fn generate(rng: &mut SplitMix64) -> Sheets {
        thread_local! {
            static LOSE: Vec<(usize, usize)> = small_lose_pairs();
            static ALL: Vec<(usize, usize)> = small_pairs();
        }
        let pairs = (0..rng.range(1, 4))
            .map(|_| {
                let from = if rng.index(2) == 0 { &LOSE } else { &ALL };
                from.with(|pairs| pairs[rng.index(pairs.len())])
            })
            .collect();
        Sheets {
            pairs,
            crlf: rng.index(3) == 0,
            final_newline: rng.index(4) != 0,
        }
    }

    fn parse(input: &[u8]) -> Result<Self::Input, String> {
        parse_input(input)
    }

    fn render(sheets: &Sheets) -> String {
        sheets.render()
    }

    fn brute_force(sheets: &Sheets) -> String {
        let answer = |&(w, h): &(usize, usize)| if brute_force(w, h) { "WIN\n" } else { "LOSE\n" };
        sheets.pairs.iter().map(answer).collect()
    }

    /// Each line alone, then each side one smaller, then plain line ends.
    fn shrink(sheets: &Sheets) -> Vec<Sheets> {
        let mut smaller = Vec::new();
        if sheets.pairs.len() > 1 {
            for &pair in &sheets.pairs {
                let pairs = vec![pair];
                smaller.push(Sheets { pairs, ..*sheets });
            }
        }
        for k in 0..sheets.pairs.len() {
            let (w, h) = sheets.pairs[k];
            for less in [(w - 1, h), (w, h - 1)] {
                if less.0 >= MIN_SIDE && less.1 >= MIN_SIDE {
                    let mut next = sheets.clone();
                    next.pairs[k] = less;
                    smaller.push(next);
                }
            }
        }
        if sheets.crlf || !sheets.final_newline {
            let plain = Sheets {
                crlf: false,
                final_newline: true,
                ..sheets.clone()
            };
            smaller.push(plain);
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// The largest input: 1000 random lines (the table dominates, so the sides matter little).
    fn bench_inputs() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(2311);
        let side = |rng: &mut SplitMix64| rng.range(MIN_SIDE as u64, MAX_SIDE as u64) as usize;
        let pairs = (0..1000)
            .map(|_| (side(&mut rng), side(&mut rng)))
            .collect();
        let sheets = Sheets {
            pairs,
            crlf: false,
            final_newline: true,
        };
        vec![BenchInput {
            name: "1000 lines, sides in 2..=200".to_string(),
            text: sheets.render(),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_on_the_rules_small_cases() {
        // 1 x 2: the only cut makes two 1 x 1 pieces. 2 x 2: every cut leaves two 1 x 2 strips,
        // and the opponent cuts one. 1 x 3: cut 1 x 1 off.
        assert!(brute_force(1, 2) && brute_force(1, 3) && brute_force(5, 1));
        assert!(!brute_force(2, 2) && !brute_force(1, 1));
        // 4 x 2: cut into two 2 x 2, each a dead end for the opponent.
        assert!(brute_force(4, 2) && brute_force(2, 4));
    }

    #[test]
    fn small_lose_pairs_include_the_statement_examples() {
        let lose = small_lose_pairs();
        for pair in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 7), (3, 11), (11, 3)] {
            assert!(lose.contains(&pair), "{:?}", pair);
        }
        assert!(lose.iter().all(|&(w, h)| lose.contains(&(h, w))));
    }

    #[test]
    fn parse_reads_back_what_render_writes() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let mut sheets = CuttingGame::generate(&mut rng);
            let text = sheets.render();
            // One line with no line end shows no line-end style.
            sheets.crlf &= sheets.pairs.len() > 1 || sheets.final_newline;
            assert_eq!(parse_input(text.as_bytes()), Ok(sheets));
        }
        assert!(parse_input(b"2 2 3").is_err());
        assert!(parse_input(b"2 201\n").unwrap_err().contains("token 2"));
    }

    #[test]
    fn shrink_only_makes_smaller_inputs() {
        let mut rng = SplitMix64::new(1);
        for _ in 0..100 {
            let sheets = CuttingGame::generate(&mut rng);
            let area = |s: &Sheets| s.pairs.iter().map(|&(w, h)| w * h).sum::<usize>();
            for smaller in CuttingGame::shrink(&sheets) {
                assert!(smaller.pairs.len() <= sheets.pairs.len());
                assert!(area(&smaller) <= area(&sheets));
                assert_ne!(smaller, sheets);
            }
        }
    }
}
