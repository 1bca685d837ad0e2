//! A mismatch found and shrunk from a test, in the oracle's own types: the engine's checks
//! (`cases.rs`, through [`DynOracle`](crate::DynOracle)) behind generic functions.

use crate::erased::Erase;
use crate::oracle::{Mismatch, Oracle};
use dp_core::SplitMix64;

/// Runs the real solver on `text` and returns its output, or `error: ...` if it failed.
///
/// # Complexity
/// That of the solver.
///
/// # Example
/// See [`Oracle`].
pub fn run_solver<O: Oracle>(text: &str) -> String {
    let mut out = Vec::new();
    match O::solve(text.as_bytes(), &mut out) {
        Ok(()) => String::from_utf8_lossy(&out).into_owned(),
        Err(err) => format!("error: {}", err),
    }
}

/// Checks one generated input: `None` if the solver agrees with the brute force.
///
/// # Complexity
/// One generation, one brute force and one solver run.
///
/// # Example
/// See [`Oracle`].
pub fn check_seed<O: Oracle>(seed: u64) -> Option<Mismatch<O::Input>> {
    let mut rng = SplitMix64::new(seed);
    let input = O::generate(&mut rng);
    check_input::<O>(seed, input)
}

/// Checks a given input: `None` if the solver agrees with the brute force.
///
/// # Complexity
/// One brute force and one solver run.
///
/// # Example
/// See [`Oracle`].
pub fn check_input<O: Oracle>(seed: u64, input: O::Input) -> Option<Mismatch<O::Input>> {
    check_input_with::<O>(seed, input, run_solver::<O>)
}

/// [`check_input`] with the solver run by `run` (input text to output text), for harnesses
/// that run it their own way, e.g. catching its panics.
///
/// # Complexity
/// One brute force and one call of `run`.
///
/// # Example
/// ```
/// use test_kit::{check_input_with, run_solver, Oracle};
/// # use dp_core::{Error, SplitMix64};
/// # struct Echo;
/// # impl Oracle for Echo {
/// #     type Input = u8;
/// #     fn name() -> &'static str { "echo" }
/// #     fn generate(rng: &mut SplitMix64) -> u8 { rng.range(0, 9) as u8 }
/// #     fn render(x: &u8) -> String { format!("{}\n", x) }
/// #     fn parse(input: &[u8]) -> Result<u8, String> {
/// #         dp_core::Scanner::new(input).next("x").map_err(|e| e.to_string())
/// #     }
/// #     fn brute_force(x: &u8) -> String { format!("{}\n", x) }
/// #     fn shrink(_: &u8) -> Vec<u8> { Vec::new() }
/// #     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
/// #         out.extend_from_slice(input);
/// #         Ok(())
/// #     }
/// # }
/// assert!(check_input_with::<Echo>(0, 7, run_solver::<Echo>).is_none());
/// assert!(check_input_with::<Echo>(0, 7, |_| "8".to_string()).is_some());
/// ```
pub fn check_input_with<O: Oracle>(
    seed: u64,
    input: O::Input,
    run: impl Fn(&str) -> String,
) -> Option<Mismatch<O::Input>> {
    crate::cases::check_input(&Erase::<O>::NEW, seed, Erase::<O>::erase(input), &run)
        .map(Erase::<O>::typed)
}

/// The first of `cases` random inputs (seeds `first_seed..`) on which solver and brute force
/// disagree.
///
/// # Complexity
/// `cases` generations, brute forces and solver runs.
///
/// # Example
/// See [`Oracle`].
pub fn find_mismatch<O: Oracle>(first_seed: u64, cases: u64) -> Option<Mismatch<O::Input>> {
    (first_seed..first_seed + cases).find_map(check_seed::<O>)
}

/// Shrinks a mismatch greedily: while some variant from [`Oracle::shrink`] still disagrees, take
/// the first such variant. Returns the smallest mismatch found.
///
/// # Complexity
/// At most `budget` checks.
///
/// # Example
/// See [`Oracle`].
pub fn shrink_mismatch<O: Oracle>(
    mismatch: Mismatch<O::Input>,
    budget: usize,
) -> Mismatch<O::Input> {
    shrink_mismatch_with::<O>(mismatch, budget, run_solver::<O>).0
}

/// [`shrink_mismatch`] with the solver run by `run` (see [`check_input_with`]); also returns
/// the number of shrinking steps taken.
///
/// # Complexity
/// At most `budget` checks.
///
/// # Example
/// See [`Planted`](crate::Planted); `shrink_mismatch_with::<O>(m, budget, run_solver::<O>)` is
/// `shrink_mismatch` with the step count.
pub fn shrink_mismatch_with<O: Oracle>(
    mismatch: Mismatch<O::Input>,
    budget: usize,
    run: impl Fn(&str) -> String,
) -> (Mismatch<O::Input>, usize) {
    let oracle = &Erase::<O>::NEW;
    let check = |seed, candidate| crate::cases::check_input(oracle, seed, candidate, &run);
    let (best, steps) = crate::cases::shrink(oracle, Erase::<O>::erased(mismatch), budget, &check);
    (Erase::<O>::typed(best), steps)
}
