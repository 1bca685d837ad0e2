//! Test oracle (feature `oracle`) of core-bench: the input (`SOLVER VARIANT N SEED`, the small N
//! of each solver's own), the benchmark inputs (each solver in each variant at one large N), and
//! each game's rules searched by the kit, move by move, in a file of its family: `piles`
//! (subtraction, acyclic), `scores` (walk, ends), `splits` (pins, cutting; a Grundy value found
//! as the Nim heap beside which the position is lost, never a nim sum or a table), `tokens` and
//! `pursuit`.

use test_kit::format::{int, line, one_of, then, Format};
use test_kit::{at_most, bench, BenchInput, Problem};

mod piles;
mod pursuit;
mod scores;
mod splits;
mod tokens;

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

/// A solver's game: the largest N of small inputs (the literal play takes about a millisecond
/// there; also the brute force's limit), the benchmark's N and seed, and the answer to `N SEED`
/// by the game's rules.
type Game = (usize, (usize, u64), fn(usize, u64) -> String);

/// The game of `solver` (cutting's benchmark seed 7: sides of at least 2, POJ 2311's rule; pins'
/// 2: knocking down 1 or 2 pins, Kayles).
fn game(solver: &str) -> Game {
    match solver {
        "subtraction" => (300, (10_000_000, 7), piles::subtraction),
        "walk" => (7, (8000, 7), scores::walk),
        "ends" => (11, (8000, 7), scores::ends),
        "cutting" => (4, (1000, 7), splits::cutting),
        "pins" => (9, (30_000, 2), splits::pins),
        "pursuit" => (9, (50, 14), pursuit::pursuit),
        "tokens" => (12, (2000, 7), tokens::tokens),
        "acyclic" => (300, (20_000_000, 7), piles::acyclic),
        _ => panic!("no solver {}", solver),
    }
}

/// The variants of `solver`: `forward` is subtraction's only.
fn variants(solver: &str) -> &'static [&'static str] {
    &["core", "plain", "forward"][..if solver == "subtraction" { 3 } else { 2 }]
}

/// One input: the solver, then its variant, N and the seed.
pub type Input = (&'static str, (&'static str, usize, u64));

/// The oracle of core-bench.
pub struct CoreBench;

/// The solver's output for these answers: how many are not zero, and their hash.
fn checksum<T: Into<i64>>(answers: impl IntoIterator<Item = T>) -> String {
    let (nonzero, hash) = crate::checksum(answers.into_iter().map(Into::into));
    format!("{} {}\n", nonzero, hash)
}

/// The answer by the rules of the input's game (see the crate's table), whatever the variant.
pub fn brute_force(&(solver, (_, n, seed)): &Input) -> String {
    (game(solver).2)(n, seed)
}

impl Problem for CoreBench {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Input;

    /// One line: the solver, a variant of its, N up to its small limit and a seed below 1000.
    fn format() -> impl Format<Value = Self::Value> {
        line(then(one_of("the solver", &SOLVERS), |&solver| {
            let n = int("N", 1..=100_000_000).small(1..=game(solver).0);
            let seed = int("SEED", 0..=u64::MAX).small(0..=999);
            (one_of("the variant", variants(solver)), n, seed)
        }))
    }

    fn brute(input: &Input) -> String {
        brute_force(input)
    }

    fn refuses(&(solver, (_, n, _)): &Input) -> Option<String> {
        at_most(&format!("for N of {}", solver), n, game(solver).0)
    }

    /// Each solver in each of its variants, at a size that takes the loops tens of
    /// milliseconds.
    fn benches() -> Vec<BenchInput> {
        let inputs = SOLVERS.iter().flat_map(|&s| {
            let (_, (n, seed), _) = game(s);
            variants(s).iter().map(move |&v| (s, (v, n, seed)))
        });
        let name = |(s, (v, n, _)): &Input| format!("{} {} n={}", s, v, n);
        inputs.map(|i| bench::<Self>(name(&i), &i)).collect()
    }
}
