//! Test oracle (feature `oracle`) of core-bench: the input (`SOLVER VARIANT N SEED`, the small N
//! of each solver's own), each game's rules searched by the kit (a Grundy value found as the
//! Nim heap beside which the position is lost, never a nim sum or a table), and the benchmark
//! inputs: each solver in each variant at one large N.

use crate::{acyclic, pursuit, two_tokens};
use test_kit::format::{int, line, one_of, then, Format};
use test_kit::game::*;
use test_kit::{at_most, bench, BenchInput, Problem, Solve};

/// The solvers, as the first token names them.
pub static SOLVERS: [&str; 8] = [
    "subtraction",
    "walk",
    "ends",
    "cutting",
    "pins",
    "pursuit",
    "tokens",
    "acyclic",
];
/// Each solver's largest N of small inputs (the literal play takes about a millisecond there),
/// also the brute force's limit; its benchmark's N and seed (cutting's 7: sides of at least 2,
/// POJ 2311's rule; pins' 2: knocking down 1 or 2 pins, Kayles).
const SMALL: [usize; 8] = [300, 7, 11, 4, 9, 9, 12, 300];
const BENCH_N: [usize; 8] = [10_000_000, 8000, 8000, 1000, 30_000, 50, 2000, 20_000_000];
const BENCH_SEED: [u64; 8] = [7, 7, 7, 7, 2, 14, 7, 7];

/// The variants of solver `k`: `forward` is subtraction's only.
fn variants(k: usize) -> &'static [&'static str] {
    &["core", "plain", "forward"][..if k == 0 { 3 } else { 2 }]
}

/// One input: the solver, then its variant, N and the seed.
pub type Input = (&'static str, (&'static str, usize, u64));

/// The oracle of core-bench, which this crate registers (in the root `Cargo.toml`).
pub struct ProblemOracle;

/// The solver's output for these answers: how many are not zero, and their hash.
fn checksum<T: Into<i64>>(answers: impl IntoIterator<Item = T>) -> String {
    let (nonzero, hash) = crate::checksum(answers.into_iter().map(Into::into));
    format!("{} {}\n", nonzero, hash)
}

/// The answer by the rules of the input's game (see the crate's table), whatever the variant.
pub fn brute_force(&(solver, (_, n, seed)): &Input) -> String {
    let won = |o: Vec<Outcome>| o.into_iter().map(|o| o == Outcome::Win);
    let take = |p: usize, takes: &[usize], m: &mut Moves<usize>| {
        takes.iter().filter(|&&t| t <= p).for_each(|t| m.go(p - t))
    };
    let (takes, classes) = (crate::takes(seed), acyclic::takes(seed));
    let least = crate::least_side(seed);
    match solver {
        "subtraction" => checksum(won(outcomes(0..=n, |&p, m| take(p, &takes, m)))),
        "acyclic" => checksum(won(outcomes(0..=n, |&p, m| take(p, &classes[p % 5], m)))),
        "walk" => {
            let grid = crate::walk_grid(n, seed);
            let rules = |&(r, c): &(usize, usize), m: &mut Moves<_>| {
                for (r, c) in [(r, c + 1), (r + 1, c)]
                    .into_iter()
                    .filter(|&(r, c)| r < n && c < n)
                {
                    m.scoring(grid[r * n + c].into(), (r, c));
                }
            };
            checksum((0..n).map(|c| score((0, c), rules)))
        }
        "ends" => {
            let coins = crate::coins(n, seed);
            let rules = |&(l, r): &(usize, usize), m: &mut Moves<_>| {
                if l < r {
                    m.scoring(coins[l].into(), (l + 1, r));
                    m.scoring(coins[r - 1].into(), (l, r - 1));
                }
            };
            let rows = (0..=n)
                .rev()
                .flat_map(|len| (len..=n).map(move |r| (r - len, r)));
            checksum(rows.map(|interval| score(interval, rules)))
        }
        "pins" => {
            let knocks = crate::knock_downs(seed);
            let knock = |r: usize, k: usize| (0..=r - k).map(move |l| vec![l, r - k - l]);
            let fits = |r: usize| knocks.iter().filter(move |&&k| k <= r);
            let rules = split_rules(|&r| fits(r).flat_map(|&k| knock(r, k)).collect());
            checksum(grundy((0..=n).map(|r| vec![r]), rules))
        }
        "cutting" => {
            let sides = |s: usize| least..=s.saturating_sub(least);
            let rules = split_rules(|&(w, h): &(usize, usize)| {
                let across = sides(w).map(|i| vec![(i, h), (w - i, h)]);
                across
                    .chain(sides(h).map(|j| vec![(w, j), (w, h - j)]))
                    .collect()
            });
            let sheet = |w: usize, h: usize| if w * h == 0 { vec![] } else { vec![(w, h)] };
            checksum(grundy(
                (0..=n).flat_map(|w| (0..=n).map(move |h| sheet(w, h))),
                rules,
            ))
        }
        "tokens" => {
            let graph = two_tokens::graph(n, seed);
            let near = |v: usize| graph.neighbors(v).iter().map(|&u| u as usize);
            let rules = |&(side, cop, robber): &(usize, usize, usize), m: &mut Moves<_>| {
                if cop == robber && side == 0 {
                    m.win();
                } else if cop != robber && side == 0 {
                    near(cop).for_each(|u| m.go((1, u, robber)));
                } else if cop != robber {
                    let free = near(robber).filter(|&u| u != 0 && u != cop);
                    free.for_each(|u| m.go((0, cop, u)));
                }
            };
            let table = outcomes((0..2 * n * n).map(|p| (p / n / n, p / n % n, p % n)), rules);
            checksum(table.iter().map(|o| o.pick([2, 1, 0])))
        }
        _ => pursuit_counts(n, seed),
    }
}

/// The pursuit's drawn positions and the hash of the count of each value (side to move, won or
/// lost, in how many plies), every position solved by the kit.
fn pursuit_counts(n: usize, seed: u64) -> String {
    type At = (usize, (i32, i32), (i32, i32));
    let steps = pursuit::steps(seed);
    let inside = |(r, c): (i32, i32)| r >= 0 && c >= 0 && r < n as i32 && c < n as i32;
    let rules = |&(side, a, b): &At, m: &mut Moves<At>| {
        let at = [a, b][side];
        let to = steps[side].iter().map(|&(dr, dc)| (at.0 + dr, at.1 + dc));
        for to in to.filter(|&to| a != b && inside(to)) {
            m.go([(1, to, b), (0, a, to)][side]);
        }
    };
    let (cells, cell) = (n * n, |k: usize| ((k / n) as i32, (k % n) as i32));
    let starts = (0..2 * cells * cells)
        .map(|p| (p / cells / cells, cell(p / cells % cells), cell(p % cells)));
    let mut values: Vec<_> = every_outcome_in_plies(starts.collect(), rules)
        .into_iter()
        .filter(|(_, v)| v.outcome != Outcome::Draw)
        .map(|(p, v)| (v.plies, p.0, v.outcome == Outcome::Win))
        .collect();
    values.sort_unstable();
    let mut counts = pursuit::Counts::default();
    let mut rest = &values[..];
    while let Some(&(plies, side, win)) = rest.first() {
        let same = rest
            .iter()
            .take_while(|&&v| v == (plies, side, win))
            .count();
        counts.add(plies, side, win, same as u64);
        rest = &rest[same..];
    }
    let (draws, hash) = counts.finish(cells);
    format!("{} {}\n", draws, hash)
}

impl Problem for ProblemOracle {
    const NAME: &'static str = "core-bench";
    const SOLVE: Solve = crate::solve;
    type Value = Input;

    /// One line: the solver, a variant of its, N up to its `SMALL` and a seed below 1000.
    fn format() -> impl Format<Value = Input> {
        line(then(one_of("the solver", &SOLVERS), |&solver| {
            let k = SOLVERS.iter().position(|&s| s == solver).expect("a solver");
            let n = int("N", 1..=100_000_000).small(1..=SMALL[k]);
            let seed = int("SEED", 0..=u64::MAX).small(0..=999);
            (one_of("the variant", variants(k)), n, seed)
        }))
    }

    fn brute(input: &Input) -> String {
        brute_force(input)
    }

    fn refuses(&(solver, (_, n, _)): &Input) -> Option<String> {
        let k = SOLVERS.iter().position(|&s| s == solver)?;
        at_most(&format!("for N of {}", solver), n, SMALL[k])
    }

    /// Each solver in each of its variants, at a size that takes the loops tens of
    /// milliseconds.
    fn benches() -> Vec<BenchInput> {
        let input = |k: usize, v| (SOLVERS[k], (v, BENCH_N[k], BENCH_SEED[k]));
        let inputs = (0..8).flat_map(|k| variants(k).iter().map(move |&v| input(k, v)));
        let name = |(s, (v, n, _)): &Input| format!("{} {} n={}", s, v, n);
        inputs.map(|i| bench::<Self>(name(&i), &i)).collect()
    }
}
