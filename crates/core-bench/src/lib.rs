//! The core's generic solvers against plain loops of the same algorithm, as a judge-style program
//! so that `cargo xtask bench core-bench` times both in bundled files built with `rustc -O` (and
//! with `--rustc` on another compiler), inputs from fixed seeds.
//!
//! An input is one line `SOLVER VARIANT N SEED`; `VARIANT` is `core` (through dp-core), `plain`
//! (the same algorithm as a hand-written loop, same table layout and evaluation order) or, for
//! `subtraction` only, `forward` (the plain forward loop of the problem, for reference); the
//! output is a checksum of the answers (how many are non-zero, and a hash of all), the same for
//! every variant. Solvers:
//!
//! | solver | game | core | plain |
//! | --- | --- | --- | --- |
//! | `subtraction` | who takes the last of N stones, take sizes from the seed | [`dp_core::Retrograde`], outcomes only | retrograde BFS with a queue and counters |
//! | `walk` | an N x N grid of +1 / -1 cells from the seed, a piece walks right or down, each mover scores the cell entered (ABC 201 D) | [`dp_core::negamax_grid`] | two rows of values |
//! | `ends` | a row of N coins from the seed, a move takes the first or the last, scoring it | [`dp_core::negamax_table_by`] over intervals, longest first | the same table, a loop by length |
//! | `pins` | a row of N pins; a move knocks down k adjacent pins, k in a set from the seed (Kayles at {1, 2}), which leaves the rows to their left and right | [`dp_core::grundy_values`] with a [`dp_core::Moves::pair`] per move | the same table, a bit mask per row |
//! | `cutting` | a w x h sheet, `1 <= w, h <= N`, cut into two pieces of sides at least `1 + SEED % 3` (POJ 2311 at 2) | [`dp_core::grundy_values`] with [`dp_core::Moves::pair_run`] | the same table, a bit mask per sheet |
//! | `tokens` | a cop and a robber on a random graph of N vertices from the seed, each moving its own token along an arc; the robber may not enter the cop's vertex or vertex 0 ([`two_tokens`]) | [`dp_core::TwoPieces`] with [`dp_core::Retrograde`], outcomes only | retrograde BFS with a queue and counters over the same index |
//! | `acyclic` | a pile of N stones, take sizes by the pile's class modulo 5 from the seed, win or loss only ([`acyclic`]) | [`dp_core::wins_in_order`] | the loop over a table of booleans |
//! | `pursuit` | pieces A and B on an N x N board, each with steps from the seed; who moves onto the other wins, who cannot move loses; the output is the drawn positions and a hash of the count of each value | [`dp_core::bit_attractor_layers`] on bitboards, each side's attractor with the winner as the row piece ([`pursuit`]) | the same plies over the same words, by hand |
//!
//! The oracle checks every variant on small inputs against the game's rules searched by the
//! test kit, move by move, never through a table, a nim sum or a bitset (a Grundy value is found
//! as the Nim heap beside which the position is lost). `bench_inputs` runs each solver's
//! variants at one size of 0.1 to 1 s; the README's Performance section has the figures on both
//! judge compilers. Another solver is one arm in [`solve`], its functions, its rules in a file of
//! the oracle (`src/oracle/`), its small and benchmark sizes in the oracle's `game`, and samples.

use dp_core::{
    grundy_values, negamax_grid, negamax_table_by, Error, Outcome, Retrograde, RetrogradeGame,
    Scanner, ScoringGame, SplitMix64, Unmoves,
};
use std::io::Write;

pub mod acyclic;
#[cfg(feature = "oracle")]
pub mod oracle;
pub mod pursuit;
pub mod two_tokens;

/// Largest N accepted by `subtraction` (piles).
pub const MAX_PILE: usize = 50_000_000;
/// Largest N accepted by `walk` (the side of the grid) and `ends` (coins).
pub const MAX_ROW: usize = 8_000;
/// Largest N accepted by `cutting` (the largest side of a sheet).
pub const MAX_SHEET: usize = 2_000;
/// Largest N accepted by `pins` (the longest row).
pub const MAX_PINS: usize = 100_000;
/// Largest N accepted by `pursuit` (the side of the board): two halves of 16 MB, two words a row.
pub const MAX_BOARD: usize = 100;
/// Largest N accepted by `tokens` (the vertices): 2 N² positions.
pub const MAX_GRAPH: usize = 4_000;

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

/// The walk's grid of `seed`: `n * n` cells in row-major order, each +1 or -1 with even odds.
///
/// # Complexity
/// O(n^2).
///
/// # Example
/// ```
/// let grid = core_bench::walk_grid(5, 1);
/// assert!(grid.len() == 25 && grid.iter().all(|&g| g == 1 || g == -1));
/// ```
pub fn walk_grid(n: usize, seed: u64) -> Vec<i8> {
    let mut rng = SplitMix64::new(seed);
    let mut grid = Vec::with_capacity(n * n);
    while grid.len() < n * n {
        let bits = rng.next_u64();
        let take = (n * n - grid.len()).min(64);
        grid.extend((0..take).map(|k| if bits >> k & 1 == 1 { 1i8 } else { -1 }));
    }
    grid
}

/// A piece on an `n` x `n` grid walks right or down; the mover scores the cell it enters.
struct Walk<'a> {
    n: usize,
    grid: &'a [i8],
}

impl ScoringGame for Walk<'_> {
    type Position = (usize, usize);
    // |difference| <= 2n - 2 < 2^15.
    type Score = i16;

    #[inline]
    fn for_each_move<F: FnMut((usize, usize), i16, bool)>(&self, (r, c): (usize, usize), mut f: F) {
        if c + 1 < self.n {
            f((r, c + 1), self.grid[r * self.n + c + 1].into(), false);
        }
        if r + 1 < self.n {
            f((r + 1, c), self.grid[(r + 1) * self.n + c].into(), false);
        }
    }
}

/// The mover's best difference from each cell of row 0 of the walk on `grid` (`n` x `n`),
/// through [`negamax_grid`].
///
/// # Complexity
/// O(n^2) time, O(n) values besides the grid.
///
/// # Example
/// ```
/// let grid = core_bench::walk_grid(6, 2);
/// assert_eq!(core_bench::walk_core(6, &grid), core_bench::walk_plain(6, &grid));
/// ```
pub fn walk_core(n: usize, grid: &[i8]) -> Vec<i16> {
    negamax_grid(&Walk { n, grid }, n, n, 1)
}

/// The same by a plain loop: rows from the last, two rows of values.
///
/// # Complexity
/// O(n^2) time, O(n) values besides the grid.
///
/// # Example
/// ```
/// // + -
/// // - +   from the corner: right scores -1 then the other +1 (-2), down the same.
/// assert_eq!(core_bench::walk_plain(2, &[1, -1, -1, 1]), [-2, 1]);
/// ```
pub fn walk_plain(n: usize, grid: &[i8]) -> Vec<i16> {
    let mut below = vec![0i16; n];
    let mut row = vec![0i16; n];
    for r in (0..n).rev() {
        for c in (0..n).rev() {
            let mut best = i16::MIN;
            if c + 1 < n {
                best = i16::from(grid[r * n + c + 1]) - row[c + 1];
            }
            if r + 1 < n {
                best = best.max(i16::from(grid[(r + 1) * n + c]) - below[c]);
            }
            row[c] = if best == i16::MIN { 0 } else { best };
        }
        std::mem::swap(&mut row, &mut below);
    }
    below
}

/// The coins of `seed`: `n` values in `0..=99`.
///
/// # Complexity
/// O(n).
///
/// # Example
/// ```
/// assert!(core_bench::coins(10, 3).iter().all(|&c| c < 100));
/// ```
pub fn coins(n: usize, seed: u64) -> Vec<i32> {
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| rng.range(0, 99) as i32).collect()
}

/// Where row `len` (the intervals of `len` coins, `0..=n`) starts in a table of the intervals
/// of `n` coins, longest first: after the `(n - len) (n - len + 1) / 2` longer ones. The
/// interval of `len` coins from `left` is at `row_start(n, len) + left`; the table has
/// `row_start(n, 0) + n + 1` slots, the empty intervals last.
#[inline]
fn row_start(n: usize, len: usize) -> usize {
    (n - len) * (n - len + 1) / 2
}

/// Coins in a row; a move takes the first or the last of those left, scoring it. A position is
/// `(left, len, row_start(n, len))`: it carries where its row starts, so that its index and its
/// children's cost an addition.
struct Ends<'a> {
    coins: &'a [i32],
}

/// An interval: first coin, length, where its row starts.
type Interval = (usize, usize, usize);

impl ScoringGame for Ends<'_> {
    type Position = Interval;
    type Score = i32;

    #[inline]
    fn for_each_move<F: FnMut(Interval, i32, bool)>(&self, (l, len, start): Interval, mut f: F) {
        if len > 0 {
            // Row len - 1 starts n - len + 1 slots later.
            let shorter = start + self.coins.len() - len + 1;
            f((l + 1, len - 1, shorter), self.coins[l], false);
            f((l, len - 1, shorter), self.coins[l + len - 1], false);
        }
    }
}

/// The mover's best difference on every interval of `coins`, longest first (see
/// `ends_plain`), through [`negamax_table_by`].
///
/// # Complexity
/// O(n^2) time and values.
///
/// # Example
/// ```
/// let coins = core_bench::coins(9, 4);
/// assert_eq!(core_bench::ends_core(&coins), core_bench::ends_plain(&coins));
/// ```
pub fn ends_core(coins: &[i32]) -> Vec<i32> {
    let n = coins.len();
    let order = (1..=n).flat_map(move |len| {
        let start = row_start(n, len);
        (0..=n - len).rev().map(move |l| (l, len, start))
    });
    let slots = row_start(n, 0) + n + 1;
    negamax_table_by(&Ends { coins }, slots, order, |(l, _, start)| start + l)
}

/// The same by a plain loop over the same table, by increasing length: the interval of `len`
/// coins from `left` at `(n - len) (n - len + 1) / 2 + left`, the empty ones (worth 0) last.
///
/// # Complexity
/// O(n^2) time and values.
///
/// # Example
/// ```
/// // 3 1 5: take 5, then the other takes 3 and leaves 1: 5 - 3 + 1.
/// let table = core_bench::ends_plain(&[3, 1, 5]);
/// assert_eq!(table[0], 3);
/// ```
pub fn ends_plain(coins: &[i32]) -> Vec<i32> {
    let n = coins.len();
    let mut value = vec![0i32; row_start(n, 0) + n + 1];
    for len in 1..=n {
        let own = row_start(n, len);
        let shorter = row_start(n, len - 1);
        for l in (0..=n - len).rev() {
            let left = coins[l] - value[shorter + l + 1];
            let right = coins[l + len - 1] - value[shorter + l];
            value[own + l] = left.max(right);
        }
    }
    value
}

/// The smallest side a piece of the cutting game of `seed` may have: 1, 2 or 3.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// assert_eq!(core_bench::least_side(4), 2);
/// ```
pub fn least_side(seed: u64) -> usize {
    1 + (seed % 3) as usize
}

/// The Grundy value of every `w x h` sheet, `0 <= w, h <= n`, at `w * (n + 1) + h`, of the game
/// where a move cuts one sheet along a grid line into two of sides at least `least`, through
/// [`grundy_values`] (sheets with a side 0 are unused, value 0).
///
/// # Complexity
/// O(n^3) time, O(n^2) values.
///
/// # Example
/// ```
/// assert_eq!(core_bench::cutting_core(9, 2), core_bench::cutting_plain(9, 2));
/// ```
pub fn cutting_core(n: usize, least: usize) -> Vec<u32> {
    let s = n + 1;
    grundy_values(s * s, |p, moves| {
        let (w, h) = (p / s, p % s);
        // Cuts at i and w - i give the same pieces: i from `least` to w / 2. The pieces i x h
        // are h x i turned: when h < w those lie in row h, contiguous and evaluated already.
        if w >= 2 * least && h >= 1 {
            let count = w / 2 - least + 1;
            if h < w {
                moves.pair_run(h * s + least, h * s + w - least, 1, count);
            } else {
                moves.pair_run(least * s + h, (w - least) * s + h, s, count);
            }
        }
        if h >= 2 * least && w >= 1 {
            moves.pair_run(w * s + least, w * s + h - least, 1, h / 2 - least + 1);
        }
    })
}

/// The same by a plain loop over the same table: the values of a sheet's cuts as bits of a word.
///
/// # Complexity
/// O(n^3) time, O(n^2) values.
///
/// # Example
/// ```
/// let g = core_bench::cutting_plain(4, 1);
/// // 1 x 2 cuts into two dead 1 x 1 (0 ^ 0); 2 x 2 into two 1 x 2 (1 ^ 1) only.
/// assert_eq!((g[1 * 5 + 2], g[2 * 5 + 2]), (1, 1));
/// ```
pub fn cutting_plain(n: usize, least: usize) -> Vec<u32> {
    let s = n + 1;
    let mut g = vec![0u32; s * s];
    for w in 1..=n {
        for h in 1..=n {
            // The values of the cuts as bits, and the OR of all: 64 or more does not fit.
            let (mut seen, mut any) = (0u64, 0u32);
            let mut cuts = |xs: &[u32], ys: &[u32]| {
                for (x, y) in xs.iter().zip(ys.iter().rev()) {
                    seen |= 1 << ((x ^ y) & 63);
                    any |= x ^ y;
                }
            };
            if w >= 2 * least {
                // Pieces i x h and (w - i) x h, i in least..=w / 2.
                let (first, last) = (least, w / 2);
                if h < w {
                    let row = &g[h * s..h * s + s];
                    cuts(&row[first..=last], &row[w - last..=w - first]);
                } else {
                    for i in first..=last {
                        let (x, y) = (g[i * s + h], g[(w - i) * s + h]);
                        cuts(&[x], &[y]);
                    }
                }
            }
            if h >= 2 * least {
                let row = &g[w * s..w * s + s];
                let (first, last) = (least, h / 2);
                cuts(&row[first..=last], &row[h - last..=h - first]);
            }
            g[w * s + h] = if any < 64 {
                (!seen).trailing_zeros()
            } else {
                large_mex(&g, s, w, h, least)
            };
        }
    }
    g
}

/// The mex of the cuts of the `w x h` sheet in `cutting_plain` when a value is 64 or more.
#[cold]
fn large_mex(g: &[u32], s: usize, w: usize, h: usize, least: usize) -> u32 {
    let along_w = (least..=w / 2).map(|i| g[i * s + h] ^ g[(w - i) * s + h]);
    let along_h = (least..=h / 2).map(|j| g[w * s + j] ^ g[w * s + h - j]);
    let mut sums: Vec<u32> = along_w.chain(along_h).collect();
    sums.sort_unstable();
    sums.dedup();
    let gap = sums.iter().zip(0..).find(|&(&v, k)| v != k);
    gap.map_or(sums.len() as u32, |(_, k)| k)
}

/// The sizes of the knock-downs of the pins game of `seed`: a non-empty subset of `{1, 2, 3}`,
/// `{1, 2}` (Kayles) when `seed % 7 == 2`.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// assert_eq!(core_bench::knock_downs(9), [1, 2]);
/// ```
pub fn knock_downs(seed: u64) -> Vec<usize> {
    let mask = 1 + seed % 7;
    (1..=3).filter(|k| mask >> (k - 1) & 1 == 1).collect()
}

/// The Grundy value of every row of `0..=n` pins of the game where a move knocks down `k`
/// adjacent pins, `k` in `knocks`, leaving the rows to their left and right, through
/// [`grundy_values`] with one [`dp_core::Moves::pair`] per move.
///
/// # Complexity
/// O(n^2 |knocks|) time, O(n) values.
///
/// # Example
/// ```
/// // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6.
/// assert_eq!(core_bench::pins_core(11, &[1, 2])[11], 6);
/// ```
pub fn pins_core(n: usize, knocks: &[usize]) -> Vec<u32> {
    grundy_values(n + 1, |p, moves| {
        for &k in knocks.iter().filter(|&&k| k <= p) {
            // Leaving `left` and `p - k - left` is leaving them the other way round.
            for left in 0..=(p - k) / 2 {
                moves.pair(left, p - k - left);
            }
        }
    })
}

/// The same by a plain loop: the values of a row's moves as bits of a word.
///
/// # Complexity
/// O(n^2 |knocks|) time, O(n) values.
///
/// # Example
/// ```
/// assert_eq!(core_bench::pins_plain(11, &[1, 2]), core_bench::pins_core(11, &[1, 2]));
/// ```
pub fn pins_plain(n: usize, knocks: &[usize]) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for p in 1..=n {
        // The values of the moves as bits, and the OR of all: 64 or more does not fit.
        let (mut seen, mut any) = (0u64, 0u32);
        for &k in knocks.iter().filter(|&&k| k <= p) {
            for left in 0..=(p - k) / 2 {
                let sum = g[left] ^ g[p - k - left];
                seen |= 1 << (sum & 63);
                any |= sum;
            }
        }
        g[p] = if any < 64 {
            (!seen).trailing_zeros()
        } else {
            let mut sums: Vec<u32> = knocks
                .iter()
                .filter(|&&k| k <= p)
                .flat_map(|&k| (0..=p - k).map(move |left| (left, p - k - left)))
                .map(|(a, b)| g[a] ^ g[b])
                .collect();
            sums.sort_unstable();
            sums.dedup();
            let gap = sums.iter().zip(0..).find(|&(&v, k)| v != k);
            gap.map_or(sums.len() as u32, |(_, k)| k)
        };
    }
    g
}

/// How many of `answers` are not 0, and a hash of all.
fn checksum(answers: impl Iterator<Item = i64>) -> (usize, u64) {
    answers.fold((0, 0u64), |(nonzero, hash), a| {
        let hash = hash.wrapping_mul(31).wrapping_add(a as u64);
        (nonzero + (a != 0) as usize, hash)
    })
}

/// Reads `SOLVER VARIANT N SEED` and writes how many answers are non-zero (won positions, for
/// a game of outcomes) and a hash of all; for `pursuit`, the drawn positions and the hash of
/// [`pursuit::Counts`].
///
/// # Errors
/// A missing or malformed token, an unknown solver or variant (`forward` is `subtraction`'s
/// only), N outside `1..=` the solver's largest ([`MAX_PILE`], [`MAX_ROW`], [`MAX_SHEET`],
/// [`MAX_PINS`], [`MAX_BOARD`], [`MAX_GRAPH`]), or a token after the seed.
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
    let (solver, max_n) = match sc.token() {
        Some(b"subtraction") => ("subtraction", MAX_PILE),
        Some(b"walk") => ("walk", MAX_ROW),
        Some(b"ends") => ("ends", MAX_ROW),
        Some(b"cutting") => ("cutting", MAX_SHEET),
        Some(b"pins") => ("pins", MAX_PINS),
        Some(b"pursuit") => ("pursuit", MAX_BOARD),
        Some(b"tokens") => ("tokens", MAX_GRAPH),
        Some(b"acyclic") => ("acyclic", MAX_PILE),
        _ => {
            return Err(sc.invalid(
                "expected the solver: subtraction, walk, ends, cutting, pins, pursuit, tokens or acyclic",
            ))
        }
    };
    let variant = match sc.token() {
        Some(b"core") => "core",
        Some(b"plain") => "plain",
        Some(b"forward") if solver == "subtraction" => "forward",
        Some(b"forward") => {
            return Err(sc.invalid(&format!("{} has no forward variant: core or plain", solver)))
        }
        _ => return Err(sc.invalid("expected the variant: core, plain or forward")),
    };
    let n: usize = sc.next_in(1..=max_n, "N")?;
    let seed: u64 = sc.next("SEED")?;
    sc.finish()?;
    let core = variant == "core";
    let (nonzero, hash) = match solver {
        "subtraction" => {
            let won = match variant {
                "core" => subtraction_core(n, &takes(seed)),
                "plain" => subtraction_bfs(n, &takes(seed)),
                _ => subtraction_plain(n, &takes(seed)),
            };
            checksum(won.iter().map(|&w| w as i64))
        }
        "walk" => {
            let grid = walk_grid(n, seed);
            let row = if core {
                walk_core(n, &grid)
            } else {
                walk_plain(n, &grid)
            };
            checksum(row.iter().map(|&v| v.into()))
        }
        "ends" => {
            let coins = coins(n, seed);
            let table = if core {
                ends_core(&coins)
            } else {
                ends_plain(&coins)
            };
            checksum(table.iter().map(|&v| v.into()))
        }
        "pins" => {
            let knocks = knock_downs(seed);
            let g = if core {
                pins_core(n, &knocks)
            } else {
                pins_plain(n, &knocks)
            };
            checksum(g.iter().map(|&v| v.into()))
        }
        "tokens" => {
            let graph = two_tokens::graph(n, seed);
            if core {
                let table = two_tokens::core(&graph);
                checksum((0..table.len()).map(|p| table.outcome(p) as i64))
            } else {
                checksum(two_tokens::plain(&graph).iter().map(|&o| o.into()))
            }
        }
        "acyclic" => {
            let takes = acyclic::takes(seed);
            if core {
                let table = acyclic::core(n, &takes);
                checksum((0..=n).map(|p| table.is_won(p) as i64))
            } else {
                checksum(acyclic::plain(n, &takes).iter().map(|&w| w as i64))
            }
        }
        "pursuit" => {
            let [a, b] = pursuit::steps(seed);
            let counts = if core {
                pursuit::core(n, &a, &b)
            } else {
                pursuit::plain(n, &a, &b)
            };
            let (draws, hash) = counts.finish(n * n);
            (draws as usize, hash)
        }
        _ => {
            let least = least_side(seed);
            let g = if core {
                cutting_core(n, least)
            } else {
                cutting_plain(n, least)
            };
            checksum(g.iter().map(|&v| v.into()))
        }
    };
    writeln!(out, "{} {}", nonzero, hash)?;
    Ok(())
}
