//! The core's generic solvers against plain loops of the same algorithm, as a judge-style program
//! so that `cargo xtask bench core-bench` times both in bundled files built with `rustc -O` (and
//! with `--rustc` on another compiler), inputs from fixed seeds.
//!
//! An input is one line `SOLVER VARIANT N SEED`; `VARIANT` is `core` (through dp-core) or
//! `plain` (a hand-written loop); the output is a checksum of the answers, the same for both.
//! Solvers: `subtraction` (who takes the last stone, take sizes from the seed) through
//! [`dp_core::Retrograde`] in outcomes-only mode. Another solver is one arm in [`solve`], its
//! two functions, and a pair of lines in the oracle's `bench_inputs`.

use dp_core::{Error, Outcome, Retrograde, RetrogradeGame, Scanner, SplitMix64, Unmoves};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest N accepted.
pub const MAX_N: usize = 50_000_000;

/// The take sizes of the subtraction game of `seed`: three distinct sizes in `1..=9`.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// let takes = core_bench::takes(7);
/// assert!(takes.len() == 3 && takes.iter().all(|t| (1..=9).contains(t)));
/// ```
pub fn takes(seed: u64) -> Vec<usize> {
    let mut rng = SplitMix64::new(seed);
    let mut takes: Vec<usize> = Vec::new();
    while takes.len() < 3 {
        let t = rng.range(1, 9) as usize;
        if !takes.contains(&t) {
            takes.push(t);
        }
    }
    takes
}

/// Piles `0..=n`, take one of `takes` stones; who cannot move loses.
struct Subtraction {
    n: usize,
    takes: Vec<usize>,
}

impl RetrogradeGame for Subtraction {
    fn positions(&self) -> usize {
        self.n + 1
    }
    fn terminal(&self, _pos: usize) -> Option<Outcome> {
        None
    }
    fn for_each_move<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        self.takes
            .iter()
            .filter(|&&t| t <= pos)
            .for_each(|&t| f(pos - t))
    }
    fn degree(&self, pos: usize) -> usize {
        self.takes.iter().filter(|&&t| t <= pos).count()
    }
}

impl Unmoves for Subtraction {
    #[inline]
    fn for_each_unmove<F: FnMut(usize)>(&self, pos: usize, mut f: F) {
        for &t in &self.takes {
            if pos + t <= self.n {
                f(pos + t)
            }
        }
    }
}

/// Whether each pile `0..=n` is won for the side to move, through [`Retrograde`].
///
/// # Complexity
/// O(n) time and bytes.
///
/// # Example
/// ```
/// assert_eq!(core_bench::subtraction_core(8, &[1, 2]), core_bench::subtraction_plain(8, &[1, 2]));
/// ```
pub fn subtraction_core(n: usize, takes: &[usize]) -> Vec<bool> {
    let game = Subtraction {
        n,
        takes: takes.to_vec(),
    };
    let table = Retrograde::new(&game).outcomes_only().solve_with_unmoves();
    (0..=n).map(|p| table.outcome(p) == Outcome::Win).collect()
}

/// The same by the three-line loop.
///
/// # Complexity
/// O(n) time and bytes.
///
/// # Example
/// ```
/// assert_eq!(core_bench::subtraction_plain(4, &[1, 2]), [false, true, true, false, true]);
/// ```
pub fn subtraction_plain(n: usize, takes: &[usize]) -> Vec<bool> {
    let mut win = vec![false; n + 1];
    for p in 0..=n {
        win[p] = takes.iter().any(|&t| t <= p && !win[p - t]);
    }
    win
}

/// Reads `SOLVER VARIANT N SEED` and writes the number of won positions and a hash of which.
///
/// # Errors
/// A missing or malformed token, an unknown solver or variant, N outside `1..=MAX_N`, or a token
/// after the seed.
///
/// # Complexity
/// That of the solver.
///
/// # Example
/// ```
/// let (mut a, mut b) = (Vec::new(), Vec::new());
/// core_bench::solve(b"subtraction core 1000 3\n", &mut a).unwrap();
/// core_bench::solve(b"subtraction plain 1000 3\n", &mut b).unwrap();
/// assert_eq!(a, b);
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let solver = match sc.token() {
        Some(b"subtraction") => 0,
        _ => return Err(sc.invalid("expected the solver: subtraction")),
    };
    let core = match sc.token() {
        Some(b"core") => true,
        Some(b"plain") => false,
        _ => return Err(sc.invalid("expected the variant: core or plain")),
    };
    let n: usize = sc.next_in(1..=MAX_N, "N")?;
    let seed: u64 = sc.next("SEED")?;
    sc.finish()?;
    let won = match (solver, core) {
        (0, true) => subtraction_core(n, &takes(seed)),
        _ => subtraction_plain(n, &takes(seed)),
    };
    let hash = won
        .iter()
        .fold(0u64, |h, &w| h.wrapping_mul(31).wrapping_add(w as u64));
    writeln!(out, "{} {}", won.iter().filter(|&&w| w).count(), hash)?;
    Ok(())
}
