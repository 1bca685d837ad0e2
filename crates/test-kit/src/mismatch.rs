//! A mismatch found and shrunk from a test, in the oracle's own types: the engine's checks
//! (`cases.rs`, through [`DynOracle`](crate::DynOracle)) behind generic functions.

use crate::erased::Erase;
use crate::oracle::Mismatch;
use crate::problem::{Input, Problem};
use dp_core::SplitMix64;

/// Runs the real solver on `text` and returns its output, or `error: ...` if it failed.
///
/// # Complexity
/// That of the solver.
///
/// # Example
/// See [`Problem`].
pub fn run_solver<P: Problem>(text: &str) -> String {
    let mut out = Vec::new();
    match (P::SOLVE)(text.as_bytes(), &mut out) {
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
/// See [`Problem`].
pub fn check_seed<P: Problem>(seed: u64) -> Option<Mismatch<Input<P::Value>>> {
    let mut rng = SplitMix64::new(seed);
    let input = P::generate(&mut rng);
    check_input::<P>(seed, input)
}

/// Checks a given input: `None` if the solver agrees with the brute force.
///
/// # Complexity
/// One brute force and one solver run.
///
/// # Example
/// See [`Problem`].
pub fn check_input<P: Problem>(
    seed: u64,
    input: Input<P::Value>,
) -> Option<Mismatch<Input<P::Value>>> {
    check_input_with::<P>(seed, input, run_solver::<P>)
}

/// [`check_input`] with the solver run by `run` (input text to output text), for harnesses
/// that run it their own way, e.g. catching its panics.
///
/// # Complexity
/// One brute force and one call of `run`.
///
/// # Example
/// ```
/// use test_kit::{check_input_with, run_solver, Input, Problem, Solve};
/// # use test_kit::format::{int, Format};
/// # use dp_core::Error;
/// # struct Echo;
/// # impl Problem for Echo {
/// #     const NAME: &'static str = "echo";
/// #     type Value = u8;
/// #     fn format() -> impl Format<Value = u8> { int("x", 0..=9u8) }
/// #     fn brute(x: &u8) -> String { format!("{}\n", x) }
/// #     const SOLVE: Solve = echo;
/// # }
/// # fn echo(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
/// #     out.extend_from_slice(input);
/// #     Ok(())
/// # }
/// let seven = || Input::new(7);
/// assert!(check_input_with::<Echo>(0, seven(), run_solver::<Echo>).is_none());
/// assert!(check_input_with::<Echo>(0, seven(), |_| "8".to_string()).is_some());
/// ```
pub fn check_input_with<P: Problem>(
    seed: u64,
    input: Input<P::Value>,
    run: impl Fn(&str) -> String,
) -> Option<Mismatch<Input<P::Value>>> {
    crate::cases::check_input(&Erase::<P>::NEW, seed, Erase::<P>::erase(input), &run)
        .map(Erase::<P>::typed)
}

/// The first of `cases` random inputs (seeds `first_seed..`) on which solver and brute force
/// disagree.
///
/// # Complexity
/// `cases` generations, brute forces and solver runs.
///
/// # Example
/// See [`Problem`].
pub fn find_mismatch<P: Problem>(first_seed: u64, cases: u64) -> Option<Mismatch<Input<P::Value>>> {
    (first_seed..first_seed + cases).find_map(check_seed::<P>)
}

/// Shrinks a mismatch greedily: while some variant from [`Problem::shrink`] still disagrees, take
/// the first such variant. Returns the smallest mismatch found.
///
/// # Complexity
/// At most `budget` checks.
///
/// # Example
/// See [`Problem`].
pub fn shrink_mismatch<P: Problem>(
    mismatch: Mismatch<Input<P::Value>>,
    budget: usize,
) -> Mismatch<Input<P::Value>> {
    shrink_mismatch_with::<P>(mismatch, budget, run_solver::<P>).0
}

/// [`shrink_mismatch`] with the solver run by `run` (see [`check_input_with`]); also returns
/// the number of shrinking steps taken.
///
/// # Complexity
/// At most `budget` checks.
///
/// # Example
/// See [`Planted`](crate::Planted); `shrink_mismatch_with::<P>(m, budget, run_solver::<P>)` is
/// `shrink_mismatch` with the step count.
pub fn shrink_mismatch_with<P: Problem>(
    mismatch: Mismatch<Input<P::Value>>,
    budget: usize,
    run: impl Fn(&str) -> String,
) -> (Mismatch<Input<P::Value>>, usize) {
    let oracle = &Erase::<P>::NEW;
    let check = |seed, candidate| crate::cases::check_input(oracle, seed, candidate, &run);
    let (best, steps) = crate::cases::shrink(oracle, Erase::<P>::erased(mismatch), budget, &check);
    (Erase::<P>::typed(best), steps)
}
