//! Test oracle (feature `oracle`): each game played out literally on random small N, against
//! every variant (for `subtraction`, its forward loop); the benchmark inputs are each solver in
//! each variant at one large N.

use dp_core::{Error, HashMemo, SplitMix64};
use test_kit::{parse_with, BenchInput, Oracle};

/// The solvers, as the first token names them.
const SOLVERS: [&str; 8] = [
    "subtraction",
    "walk",
    "ends",
    "cutting",
    "pins",
    "pursuit",
    "tokens",
    "acyclic",
];

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = CoreBench;

/// One input: which solver, which variant, N and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub solver: &'static str,
    /// `core`, `plain` or `forward`.
    pub variant: &'static str,
    pub n: usize,
    pub seed: u64,
}

impl Input {
    /// The input file's text.
    pub fn render(&self) -> String {
        format!(
            "{} {} {} {}\n",
            self.solver, self.variant, self.n, self.seed
        )
    }
}

/// The oracle of core-bench for tests and `cargo xtask stress`.
pub struct CoreBench;

impl Oracle for CoreBench {
    type Input = Input;

    fn name() -> &'static str {
        "core-bench"
    }

    /// Sizes the literal play of each game handles in about a millisecond.
    fn generate(rng: &mut SplitMix64) -> Input {
        let solver = SOLVERS[rng.index(SOLVERS.len())];
        let variants = if solver == "subtraction" { 3 } else { 2 };
        let largest = match solver {
            "subtraction" => 300,
            "walk" => 7,
            "ends" => 11,
            "pins" => 9,
            "pursuit" => 9,
            "tokens" => 12,
            "acyclic" => 300,
            _ => 4,
        };
        Input {
            solver,
            variant: ["core", "plain", "forward"][rng.index(variants)],
            n: rng.range(1, largest) as usize,
            seed: rng.range(0, 1000),
        }
    }

    fn parse(input: &[u8]) -> Result<Input, String> {
        parse_with(input, |sc| {
            let word = |sc: &mut dp_core::Scanner<'_>, what: &str, words: &[&'static str]| {
                let token = sc.token().unwrap_or_default();
                match words.iter().find(|w| w.as_bytes() == token) {
                    Some(w) => Ok(*w),
                    None => Err(sc.invalid(&format!("expected {}: {}", what, words.join(", ")))),
                }
            };
            let solver = word(sc, "the solver", &SOLVERS)?;
            let variant = word(sc, "the variant", &["core", "plain", "forward"])?;
            let n = sc.next_in(1..=100_000_000, "N")?;
            let seed = sc.next("seed")?;
            Ok(Input {
                solver,
                variant,
                n,
                seed,
            })
        })
    }

    fn render(input: &Input) -> String {
        input.render()
    }

    /// `subtraction`: the forward loop, whatever the variant; the others: each position played
    /// out literally (see [`play_walk`], [`play_ends`], [`cutting_grundy`], [`pins_grundy`],
    /// [`play_pursuit`]).
    fn brute_force(input: &Input) -> String {
        let (n, seed) = (input.n, input.seed);
        if input.solver == "pursuit" {
            let [a, b] = crate::pursuit::steps(seed);
            let (draws, hash) = play_pursuit(n, &a, &b).finish(n * n);
            return format!("{} {}\n", draws, hash);
        }
        let answers: Vec<i64> = match input.solver {
            "tokens" => crate::two_tokens::played(&crate::two_tokens::graph(n, seed))
                .iter()
                .map(|&o| o.into())
                .collect(),
            "acyclic" => crate::acyclic::played(n, &crate::acyclic::takes(seed))
                .iter()
                .map(|&w| w as i64)
                .collect(),
            "subtraction" => {
                let plain = Input {
                    variant: "forward",
                    ..input.clone()
                };
                return crate::oracle::run(&plain);
            }
            "walk" => {
                let grid = crate::walk_grid(n, seed);
                (0..n)
                    .map(|c| play_walk(n, &grid, (0, c), 0, [0, 0]))
                    .collect()
            }
            "ends" => {
                let coins = crate::coins(n, seed);
                let mut table = Vec::new();
                for len in (0..=n).rev() {
                    for l in 0..=n - len {
                        table.push(play_ends(&coins[l..l + len]));
                    }
                }
                table
            }
            "pins" => {
                let knocks = crate::knock_downs(seed);
                let mut memo = HashMemo::new();
                (0..=n)
                    .map(|p| pins_grundy(&[p], &knocks, &mut memo))
                    .collect()
            }
            _ => {
                let least = crate::least_side(seed);
                let mut memo = HashMemo::new();
                let mut table = Vec::new();
                for w in 0..=n {
                    for h in 0..=n {
                        table.push(cutting_grundy(&[(w, h)], least, &mut memo));
                    }
                }
                table
            }
        };
        let (nonzero, hash) = crate::checksum(answers.into_iter());
        format!("{} {}\n", nonzero, hash)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        let half = Input {
            n: input.n / 2,
            ..input.clone()
        };
        if half.n >= 1 {
            vec![half]
        } else {
            vec![]
        }
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// Each solver in each of its variants, at a size that takes the loops tens of milliseconds.
    fn bench_inputs() -> Vec<BenchInput> {
        let input = |solver: &'static str, variant: &'static str, n: usize, seed: u64| {
            let input = Input {
                solver,
                variant,
                n,
                seed,
            };
            BenchInput {
                name: format!("{} {} n={}", solver, variant, n),
                text: input.render(),
            }
        };
        vec![
            input("subtraction", "core", 10_000_000, 7),
            input("subtraction", "plain", 10_000_000, 7),
            input("subtraction", "forward", 10_000_000, 7),
            input("walk", "core", 8_000, 7),
            input("walk", "plain", 8_000, 7),
            input("ends", "core", 8_000, 7),
            input("ends", "plain", 8_000, 7),
            // Seed 7: pieces of sides at least 2, the rule of POJ 2311.
            input("cutting", "core", 1_000, 7),
            input("cutting", "plain", 1_000, 7),
            // Seed 2: knock down 1 or 2 pins, Kayles.
            input("pins", "core", 30_000, 2),
            input("pins", "plain", 30_000, 2),
            input("pursuit", "core", PURSUIT_BENCH_N, 14),
            input("pursuit", "plain", PURSUIT_BENCH_N, 14),
            input("tokens", "core", 2_000, 7),
            input("tokens", "plain", 2_000, 7),
            input("acyclic", "core", 20_000_000, 7),
            input("acyclic", "plain", 20_000_000, 7),
        ]
    }
}

/// The side of the board of the pursuit's benchmark inputs.
const PURSUIT_BENCH_N: usize = 50;

/// The output of the solver on `input`.
fn run(input: &Input) -> String {
    let mut out = Vec::new();
    crate::solve(input.render().as_bytes(), &mut out).expect("a valid input");
    String::from_utf8(out).expect("ASCII")
}

/// The walk played out from `cell`, `mover` (0 or 1) to move, with the points so far: a move
/// steps right or down and adds the entered cell's +1 or -1 to the mover's points; returns
/// `mover`'s final points minus the other's, each player maximising their own margin.
fn play_walk(n: usize, grid: &[i8], cell: (usize, usize), mover: usize, points: [i64; 2]) -> i64 {
    let (r, c) = cell;
    let mut steps = Vec::new();
    if c + 1 < n {
        steps.push((r, c + 1));
    }
    if r + 1 < n {
        steps.push((r + 1, c));
    }
    let margin = |points: [i64; 2]| points[mover] - points[1 - mover];
    if steps.is_empty() {
        return margin(points);
    }
    let finals = steps.into_iter().map(|(nr, nc)| {
        let mut next = points;
        next[mover] += i64::from(grid[nr * n + nc]);
        // The other moves next and returns its own margin: ours is its negation.
        -play_walk(n, grid, (nr, nc), 1 - mover, next)
    });
    finals.max().expect("a move")
}

/// The coins game played out on the row `coins`: a move takes the first or the last coin and
/// adds it to the mover's points; returns the final points of the first mover (player 0,
/// maximising) minus the other's (player 1, minimising).
fn play_ends(coins: &[i32]) -> i64 {
    fn play(coins: &[i32], mover: usize, points: [i64; 2]) -> i64 {
        if coins.is_empty() {
            return points[0] - points[1];
        }
        let take = |coin: i32, rest: &[i32]| {
            let mut next = points;
            next[mover] += i64::from(coin);
            play(rest, 1 - mover, next)
        };
        let first = take(coins[0], &coins[1..]);
        let last = take(coins[coins.len() - 1], &coins[..coins.len() - 1]);
        if mover == 0 {
            first.max(last)
        } else {
            first.min(last)
        }
    }
    play(coins, 0, [0, 0])
}

/// The Grundy value of the position made of the sheets `sheets` in the cutting game (a move
/// cuts one sheet along a grid line into two of sides at least `least`), by its definition: the
/// smallest value that no move reaches, over the whole position (never a nim sum).
fn cutting_grundy(
    sheets: &[(usize, usize)],
    least: usize,
    memo: &mut HashMemo<Vec<(usize, usize)>, i64>,
) -> i64 {
    // Orientation does not matter and sheets that cannot be cut take no part.
    let mut key: Vec<(usize, usize)> = sheets
        .iter()
        .map(|&(w, h)| (w.min(h), w.max(h)))
        .filter(|&(a, b)| b >= 2 * least && a >= 1)
        .collect();
    key.sort_unstable();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut reached = Vec::new();
    for (k, &(a, b)) in key.iter().enumerate() {
        let mut cuts = Vec::new();
        for i in least..=a.saturating_sub(least) {
            cuts.push([(i, b), (a - i, b)]);
        }
        for j in least..=b.saturating_sub(least) {
            cuts.push([(a, j), (a, b - j)]);
        }
        for pieces in cuts {
            let mut next = key.clone();
            next.remove(k);
            next.extend_from_slice(&pieces);
            reached.push(cutting_grundy(&next, least, memo));
        }
    }
    let g = (0..).find(|v| !reached.contains(v)).expect("a value");
    memo.insert(key, g);
    g
}

/// The Grundy value of the position made of the rows of pins `rows` in the pins game (a move
/// knocks down `k` adjacent pins of one row, `k` in `knocks`), by its definition over the whole
/// position, as [`cutting_grundy`].
fn pins_grundy(rows: &[usize], knocks: &[usize], memo: &mut HashMemo<Vec<usize>, i64>) -> i64 {
    let mut key: Vec<usize> = rows.iter().copied().filter(|&r| r > 0).collect();
    key.sort_unstable();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let mut reached = Vec::new();
    for (i, &row) in key.iter().enumerate() {
        for &k in knocks.iter().filter(|&&k| k <= row) {
            for first in 0..=row - k {
                let mut next = key.clone();
                next.remove(i);
                next.extend_from_slice(&[first, row - k - first]);
                reached.push(pins_grundy(&next, knocks, memo));
            }
        }
    }
    let g = (0..).find(|v| !reached.contains(v)).expect("a value");
    memo.insert(key, g);
    g
}

/// The pursuit played out literally over (row, column) coordinates: the [`Counts`] of the
/// values of every position, A on `(ar, ac)` and B on `(br, bc)`, each side to move.
///
/// Negamax truncated at `t` plies, for `t` = 0, 1, 2, ... from the one at `t - 1`: the side to
/// move scores `BIG - d` for a win in `d` plies, `d - BIG` for a loss, 0 for a draw or the
/// horizon. Both pieces on one cell: the side to move has lost; moving onto the other piece:
/// a win at once; no step on the board: lost. No value is farther than the number of positions,
/// so the horizon stops there, or earlier once a ply changes nothing (it never would again).
///
/// [`Counts`]: crate::pursuit::Counts
fn play_pursuit(
    n: usize,
    a_steps: &[(i32, i32)],
    b_steps: &[(i32, i32)],
) -> crate::pursuit::Counts {
    const BIG: i64 = 1 << 40;
    let cells = n * n;
    // score[side][((ar * n + ac) * n + br) * n + bc], side 0: A to move.
    let index = |a: (usize, usize), b: (usize, usize)| ((a.0 * n + a.1) * n + b.0) * n + b.1;
    let step = |(r, c): (usize, usize), (dr, dc): (i32, i32)| {
        let (r, c) = (r as i64 + i64::from(dr), c as i64 + i64::from(dc));
        let inside = (0..n as i64).contains(&r) && (0..n as i64).contains(&c);
        if inside {
            Some((r as usize, c as usize))
        } else {
            None
        }
    };
    let all_cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let mut score = [vec![0i64; cells * cells], vec![0i64; cells * cells]];
    for _ in 0..=2 * cells * cells {
        let mut next = [vec![0i64; cells * cells], vec![0i64; cells * cells]];
        for side in 0..2 {
            for &a in &all_cells {
                for &b in &all_cells {
                    let (mover, other, steps) = if side == 0 {
                        (a, b, a_steps)
                    } else {
                        (b, a, b_steps)
                    };
                    let mut best = -BIG; // no step: lost
                    if mover != other {
                        for &s in steps {
                            let to = match step(mover, s) {
                                Some(to) => to,
                                None => continue,
                            };
                            let value = if to == other {
                                BIG - 1
                            } else {
                                let child = if side == 0 {
                                    index(to, b)
                                } else {
                                    index(a, to)
                                };
                                let s = score[1 - side][child];
                                // One ply farther, seen from the other side.
                                -(s - s.signum())
                            };
                            best = best.max(value);
                        }
                    }
                    next[side][index(a, b)] = best;
                }
            }
        }
        if next == score {
            break;
        }
        score = next;
    }
    let mut values = std::collections::BTreeMap::new();
    for (side, scores) in score.iter().enumerate() {
        for &s in scores.iter().filter(|&&s| s != 0) {
            let key = if s > 0 {
                (BIG - s, side, true)
            } else {
                (s + BIG, side, false)
            };
            *values.entry(key).or_insert(0u64) += 1;
        }
    }
    let mut counts = crate::pursuit::Counts::default();
    for (&(plies, side, win), &count) in &values {
        counts.add(plies as u32, side, win, count);
    }
    counts
}
