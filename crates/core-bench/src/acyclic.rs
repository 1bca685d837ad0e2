//! The `acyclic` entry: an impartial game that cannot loop, solved for win or loss only. A pile
//! of p stones; a move takes t stones, t one of the three sizes of the class `p % 5` (five
//! classes of sizes in `1..=20` from the seed); who cannot move loses. Every pile `0..=N` in
//! increasing order: through [`dp_core::wins_in_order`] ([`core`](fn@core)) and as the plain
//! loop over a table of booleans ([`plain`]).

use dp_core::{wins_in_order, SplitMix64, WinTable};

/// The take sizes of the five classes of `seed`: three distinct sizes in `1..=20` each.
///
/// # Complexity
/// O(1) expected.
///
/// # Example
/// ```
/// let takes = core_bench::acyclic::takes(4);
/// assert!(takes.iter().flatten().all(|t| (1..=20).contains(t)));
/// ```
pub fn takes(seed: u64) -> [[usize; 3]; 5] {
    let mut rng = SplitMix64::new(seed);
    let mut classes = [[0; 3]; 5];
    for class in classes.iter_mut() {
        let mut k = 0;
        while k < 3 {
            let t = rng.range(1, 20) as usize;
            if !class[..k].contains(&t) {
                class[k] = t;
                k += 1;
            }
        }
    }
    classes
}

/// The outcome of each pile `0..=n` for the side to move, through [`wins_in_order`].
///
/// # Complexity
/// O(n) time, one byte per pile.
///
/// # Example
/// ```
/// let takes = core_bench::acyclic::takes(1);
/// let table = core_bench::acyclic::core(500, &takes);
/// let won: Vec<bool> = (0..=500).map(|p| table.is_won(p)).collect();
/// assert_eq!(won, core_bench::acyclic::plain(500, &takes));
/// ```
pub fn core(n: usize, takes: &[[usize; 3]; 5]) -> WinTable {
    wins_in_order(n + 1, 0..n + 1, |p, known| {
        takes[p % 5].iter().any(|&t| t <= p && known.is_lost(p - t))
    })
}

/// The same by the plain loop: piles in increasing order, a boolean each.
///
/// # Complexity
/// O(n) time, one byte per pile.
///
/// # Example
/// ```
/// // Every class takes 1, 2 or 3: the lost piles are the multiples of 4.
/// let won = core_bench::acyclic::plain(12, &[[1, 2, 3]; 5]);
/// assert!((0..=12).all(|p| won[p] == (p % 4 != 0)));
/// ```
pub fn plain(n: usize, takes: &[[usize; 3]; 5]) -> Vec<bool> {
    let mut won = vec![false; n + 1];
    for p in 0..=n {
        won[p] = takes[p % 5].iter().any(|&t| t <= p && !won[p - t]);
    }
    won
}
