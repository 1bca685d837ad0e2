//! Test oracle (feature `oracle`): the input format (lines `W H` until the end of input, line
//! ends varied), a brute force that plays the cutting game by its stated rules on the multiset
//! of pieces with the kit's search, and sheets drawn towards the rare LOSE answers.

use crate::{MAX_SIDE, MIN_SIDE};
use dp_core::SplitMix64;
use std::cell::RefCell;
use test_kit::format::{int, until_end, Format};
use test_kit::game::{outcome_with, Memo, Moves, Outcome};
use test_kit::{at_most, bench, BenchInput, Problem};

/// Largest area the brute force takes: every sheet up to it is solved, with one memo, in about
/// a second.
pub const MAX_BRUTE_AREA: usize = 60;

/// The oracle of poj2311-cutting-game: its input is the sheets `(W, H)`.
pub struct CuttingGame;

thread_local! {
    /// Every position met so far on this thread: sorted pieces `(width, height)`.
    static MEMO: RefCell<Memo<Vec<(u8, u8)>>> = RefCell::new(Memo::default());
}

/// Whether the first player wins on a `w x h` sheet, by the rules as stated: a move cuts one
/// piece along a full grid line into two; a cut that makes a 1 x 1 piece wins at once. A 1 x 1
/// sheet, on which no cut is possible, is a loss.
pub fn brute_force(w: usize, h: usize) -> bool {
    let rules = |pieces: &Vec<(u8, u8)>, moves: &mut Moves<Vec<(u8, u8)>>| {
        for (k, &(a, b)) in pieces.iter().enumerate() {
            let across = (1..a).map(|i| ((i, b), (a - i, b)));
            for (x, y) in across.chain((1..b).map(|j| ((a, j), (a, b - j)))) {
                if x == (1, 1) || y == (1, 1) {
                    return moves.win();
                }
                let mut next = [&pieces[..k], &[x, y], &pieces[k + 1..]].concat();
                next.sort_unstable();
                moves.go(next);
            }
        }
    };
    let start = vec![(w as u8, h as u8)];
    MEMO.with(|memo| outcome_with(&mut memo.borrow_mut(), start, rules) == Outcome::Win)
}

impl Problem for CuttingGame {
    test_kit::name_and_solve_of_this_crate!();
    const LINE_ENDS: bool = true;
    type Value = Vec<(usize, usize)>;

    /// 1 to 4 sheets of area up to 60 (a width up to 30, then a height that fits), drawn towards
    /// LOSE, which random sheets rarely are.
    fn format() -> impl Format<Value = Self::Value> {
        let side = |name| int(name, MIN_SIDE..=MAX_SIDE);
        let sheet = (side("W"), side("H")).generate_with(|rng, _| {
            let w = rng.range(2, 30) as usize;
            (w, rng.range(2, (MAX_BRUTE_AREA / w) as u64) as usize)
        });
        let sheet = sheet.balanced(16, |&(w, h)| brute_force(w, h));
        until_end(1..=100_000, sheet).small(1..=4)
    }

    fn brute(sheets: &Vec<(usize, usize)>) -> String {
        let answer = |&(w, h): &(usize, usize)| if brute_force(w, h) { "WIN\n" } else { "LOSE\n" };
        sheets.iter().map(answer).collect()
    }

    fn refuses(sheets: &Vec<(usize, usize)>) -> Option<String> {
        let area = sheets.iter().map(|&(w, h)| w * h).max()?;
        at_most("cells in a sheet", area, MAX_BRUTE_AREA)
    }

    /// The largest input: 1000 random lines (the table dominates, so the sides matter little).
    fn benches() -> Vec<BenchInput> {
        let mut rng = SplitMix64::new(2311);
        let mut side = || rng.range(MIN_SIDE as u64, MAX_SIDE as u64) as usize;
        let sheets: Vec<(usize, usize)> = (0..1000).map(|_| (side(), side())).collect();
        vec![bench::<Self>("1000 lines, sides in 2..=200", &sheets)]
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
        for (w, h) in [(2, 3), (3, 2), (3, 3), (2, 7), (3, 11), (11, 3)] {
            assert!(!brute_force(w, h), "{} x {}", w, h);
        }
    }

    #[test]
    fn line_ends_read_back_and_large_sheets_are_refused() {
        let sheets = CuttingGame::parse(b"2 3\r\n4 5").unwrap();
        assert_eq!(sheets.value, [(2, 3), (4, 5)]);
        assert_eq!(CuttingGame::render(&sheets), "2 3\r\n4 5");
        assert!(CuttingGame::parse(b"2 201\n")
            .unwrap_err()
            .to_string()
            .contains("token 2"));
        let refused = CuttingGame::refuses(&sheets.value.iter().map(|_| (8, 8)).collect());
        assert!(refused.unwrap().starts_with("64 cells in a sheet"));
    }
}
