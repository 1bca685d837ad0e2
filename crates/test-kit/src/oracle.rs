//! What a [`Problem`] is tested with: a planted wrong solver, benchmark inputs, a mismatch, and
//! the comparison and parsing helpers. Finding and shrinking a mismatch from a test is in
//! `mismatch.rs`.

use crate::format::Format;
use crate::problem::{Input, Problem, Solve};
use dp_core::{Error, Scanner, SplitMix64};

/// A wrong solver to plant into a problem's oracle, to prove that the tests and
/// `cargo xtask stress` catch a bug and shrink it; [`Planted`] makes it a [`Problem`].
///
/// # Example
/// See [`Planted`].
pub trait PlantedSolver {
    /// The problem whose format, brute force and shrink are kept.
    type Base: Problem;

    /// The planted, wrong solver.
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;
}

/// The problem `P::Base` with `P`'s planted solver in place of the real one.
///
/// # Example
/// ```
/// use test_kit::format::{int, list, Format};
/// use test_kit::{find_mismatch, shrink_mismatch, Planted, PlantedSolver, Problem, Solve};
/// use dp_core::{Error, Scanner};
///
/// struct Max; // the largest of a list
/// impl Problem for Max {
///     const NAME: &'static str = "max";
///     type Value = Vec<u64>;
///     fn format() -> impl Format<Value = Vec<u64>> {
///         list("n", 1..=5, int("x", 0..=9u64))
///     }
///     fn brute(v: &Vec<u64>) -> String { format!("{}\n", v.iter().max().unwrap()) }
///     const SOLVE: Solve = solve;
/// }
/// fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///     let mut sc = Scanner::new(input);
///     let n: usize = sc.next("n")?;
///     let mut best = 0u64;
///     for _ in 0..n { best = best.max(sc.next("x")?); }
///     out.extend_from_slice(format!("{}\n", best).as_bytes());
///     Ok(())
/// }
/// assert!(find_mismatch::<Max>(1, 100).is_none());
///
/// /// The bug: takes the first item for the largest.
/// struct FirstIsMax;
/// impl PlantedSolver for FirstIsMax {
///     type Base = Max;
///     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///         let mut sc = Scanner::new(input);
///         let _n: usize = sc.next("n")?;
///         let first: u64 = sc.next("x")?;
///         out.extend_from_slice(format!("{}\n", first).as_bytes());
///         Ok(())
///     }
/// }
///
/// let found = find_mismatch::<Planted<FirstIsMax>>(1, 100).expect("the bug is caught");
/// let small = shrink_mismatch::<Planted<FirstIsMax>>(found, 1000);
/// assert_eq!(small.input.len(), 2); // a larger item after the first one
/// ```
pub struct Planted<P>(std::marker::PhantomData<P>);

// Every item is the base's, its own overrides of the derived ones included, but the solver.
impl<P: PlantedSolver> Problem for Planted<P> {
    const NAME: &'static str = P::Base::NAME;
    const LINE_ENDS: bool = P::Base::LINE_ENDS;
    type Value = <P::Base as Problem>::Value;

    fn format() -> impl Format<Value = Self::Value> {
        P::Base::format()
    }

    fn brute(value: &Self::Value) -> String {
        P::Base::brute(value)
    }

    fn refuses(value: &Self::Value) -> Option<String> {
        P::Base::refuses(value)
    }

    const SOLVE: Solve = P::solve;

    fn benches() -> Vec<BenchInput> {
        P::Base::benches()
    }

    fn generate(rng: &mut SplitMix64) -> Input<Self::Value> {
        P::Base::generate(rng)
    }

    fn render(input: &Input<Self::Value>) -> String {
        P::Base::render(input)
    }

    fn parse(input: &[u8]) -> context_error::Result<Input<Self::Value>> {
        P::Base::parse(input)
    }

    fn shrink(input: &Input<Self::Value>) -> Vec<Input<Self::Value>> {
        P::Base::shrink(input)
    }
}

/// A named benchmark input; see [`Problem::benches`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchInput {
    /// A short name for the table, e.g. `t=10 n=100000`.
    pub name: String,
    /// The input file's text.
    pub text: String,
}

/// A random input on which the solver and the brute force disagree.
#[derive(Clone, Debug)]
pub struct Mismatch<I> {
    /// The seed of the generator that produced the input.
    pub seed: u64,
    /// The input.
    pub input: I,
    /// The input file's text.
    pub text: String,
    /// The brute force's answer.
    pub expected: String,
    /// The solver's answer, or its error message.
    pub got: String,
}

impl<I> Mismatch<I> {
    /// The same mismatch with its input passed through `f` (its type erased or restored).
    pub(crate) fn map_input<J>(self, f: impl FnOnce(I) -> J) -> Mismatch<J> {
        Mismatch {
            seed: self.seed,
            input: f(self.input),
            text: self.text,
            expected: self.expected,
            got: self.got,
        }
    }
}

/// Whether two outputs hold the same whitespace-separated tokens.
///
/// # Complexity
/// O(length of both).
///
/// # Example
/// ```
/// assert!(test_kit::same_tokens("1 2\r\n", "1\n2"));
/// assert!(!test_kit::same_tokens("1 2", "12"));
/// ```
pub fn same_tokens(a: &str, b: &str) -> bool {
    a.split_ascii_whitespace().eq(b.split_ascii_whitespace())
}

/// Reads a whole input file, as [`Problem::parse`] does: `read` takes what it needs from a
/// [`Scanner`] on `input`; its error, or a token left after what it read, becomes the message.
///
/// # Complexity
/// That of `read`, plus a look at the rest of the input.
///
/// # Example
/// ```
/// use test_kit::parse_with;
/// let read = |text: &[u8]| {
///     parse_with(text, |sc| {
///         let n: usize = sc.next_in(1..=3, "n")?;
///         (0..n).map(|_| sc.next::<u32>("x")).collect::<Result<Vec<u32>, _>>()
///     })
/// };
/// assert_eq!(read(b"2\n5 6\n").unwrap(), vec![5, 6]);
/// assert_eq!(read(b"2\n5").unwrap_err().to_string(), "token 3 (line 2): expected x (an integer), found end of input");
/// assert_eq!(read(b"1 5 6").unwrap_err().to_string(), "token 3 (line 1): unexpected token after the input");
/// ```
pub fn parse_with<T>(
    input: &[u8],
    read: impl FnOnce(&mut Scanner<'_>) -> Result<T, Error>,
) -> context_error::Result<T> {
    let mut sc = Scanner::new(input);
    let value = read(&mut sc).map_err(context_error::Error::msg)?;
    if sc.token().is_some() {
        return Err(context_error::Error::msg(
            sc.invalid("unexpected token after the input"),
        ));
    }
    Ok(value)
}
