//! Impartial games whose moves split a component in two, Grundy values found from outcomes alone
//! (the Nim heap beside which the position is lost): `pins` (rows of pins, a move knocks down
//! adjacent ones) and `cutting` (sheets of paper cut in two).

use test_kit::game::{grundy, split_rules};

/// The answer to `pins`: rows `0..=n`, knocking down [`crate::knock_downs`] of `seed`.
pub fn pins(n: usize, seed: u64) -> String {
    let knocks = crate::knock_downs(seed);
    let fits = |row: usize| knocks.iter().filter(move |&&k| k <= row);
    let knock = |row: usize, k: usize| (0..=row - k).map(move |l| vec![l, row - k - l]);
    let rules = split_rules(|&row| fits(row).flat_map(|&k| knock(row, k)).collect());
    super::checksum(grundy((0..=n).map(|row| vec![row]), rules))
}

/// The answer to `cutting`: sheets `w x h` for `w, h` in `0..=n` (no sheet when one is 0), cut
/// across or along into pieces of sides at least [`crate::least_side`] of `seed`.
pub fn cutting(n: usize, seed: u64) -> String {
    let least = crate::least_side(seed);
    let cuts = |side: usize| least..=side.saturating_sub(least);
    let rules = split_rules(|&(w, h): &(usize, usize)| {
        let across = cuts(w).map(|i| vec![(i, h), (w - i, h)]);
        let along = cuts(h).map(|j| vec![(w, j), (w, h - j)]);
        across.chain(along).collect()
    });
    let sheet = |w: usize, h: usize| if w * h == 0 { vec![] } else { vec![(w, h)] };
    let sheets = (0..=n).flat_map(|w| (0..=n).map(move |h| sheet(w, h)));
    super::checksum(grundy(sheets, rules))
}
