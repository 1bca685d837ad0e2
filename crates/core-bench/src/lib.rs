//! The core's generic solvers against plain loops of the same algorithm, as a judge-style program
//! so that `cargo xtask bench core-bench` times both in bundled files built with `rustc -O` (and
//! with `--rustc` on another compiler), inputs from fixed seeds.
//!
//! An input is one line `SOLVER VARIANT N SEED`; `VARIANT` is `core` (through dp-core), `plain`
//! (the same algorithm as a hand-written loop) or `forward` (the plain forward loop of the
//! problem, where there is one, for reference); the output is a checksum of the answers, the same
//! for all. Solvers: `subtraction` (who takes the last stone, take sizes from the seed) through
//! [`dp_core::Retrograde`] in outcomes-only mode, against a plain retrograde BFS with a queue and
//! counters, and the three-line forward loop. Another solver is one arm in [`solve`], its
//! functions, and a line in the oracle's `bench_inputs`.

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

/// The same by plain retrograde analysis: a queue from the lost piles, counters of the children
/// not yet known to be won, one byte each.
///
/// # Complexity
/// O(n) time, 6 bytes per pile.
///
/// # Example
/// ```
/// assert_eq!(core_bench::subtraction_bfs(8, &[1, 3]), core_bench::subtraction_plain(8, &[1, 3]));
/// ```
pub fn subtraction_bfs(n: usize, takes: &[usize]) -> Vec<bool> {
    // 0 unknown, 1 won, 2 lost.
    let mut state = vec![0u8; n + 1];
    let mut count: Vec<u8> = (0..=n)
        .map(|p| takes.iter().filter(|&&t| t <= p).count() as u8)
        .collect();
    let mut queue: Vec<u32> = (0..=n as u32).filter(|&p| count[p as usize] == 0).collect();
    queue.iter().for_each(|&p| state[p as usize] = 2);
    let mut head = 0;
    while head < queue.len() {
        let child = queue[head] as usize;
        head += 1;
        for &t in takes {
            let p = child + t;
            if p > n || state[p] != 0 {
                continue;
            }
            count[p] -= 1;
            if state[child] == 2 || count[p] == 0 {
                state[p] = if state[child] == 2 { 1 } else { 2 };
                queue.push(p as u32);
            }
        }
    }
    state.iter().map(|&s| s == 1).collect()
}

/// The same by the three-line forward loop (piles in increasing order).
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
    let variant = match sc.token() {
        Some(b"core") => 0,
        Some(b"plain") => 1,
        Some(b"forward") => 2,
        _ => return Err(sc.invalid("expected the variant: core, plain or forward")),
    };
    let n: usize = sc.next_in(1..=MAX_N, "N")?;
    let seed: u64 = sc.next("SEED")?;
    sc.finish()?;
    let won = match (solver, variant) {
        (0, 0) => subtraction_core(n, &takes(seed)),
        (0, 1) => subtraction_bfs(n, &takes(seed)),
        _ => subtraction_plain(n, &takes(seed)),
    };
    let hash = won
        .iter()
        .fold(0u64, |h, &w| h.wrapping_mul(31).wrapping_add(w as u64));
    writeln!(out, "{} {}", won.iter().filter(|&&w| w).count(), hash)?;
    Ok(())
}
