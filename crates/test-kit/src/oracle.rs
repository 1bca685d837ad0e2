//! The oracle of a problem: what ties its brute force, random generator and real solver
//! together, so tests, the oracle program (`cargo xtask stress`, `brute`, `sample`) and
//! benchmarks drive every problem the same way. Finding and shrinking a mismatch from a test is
//! in `mismatch.rs`.

use dp_core::{Error, Scanner, SplitMix64};

/// A judge problem seen from its tests: random small inputs, a brute force that models the rules
/// literally, and the real solver.
///
/// # Example
/// ```
/// use test_kit::{find_mismatch, shrink_list, smaller, Oracle};
/// use dp_core::{Error, Scanner, SplitMix64};
///
/// /// Sum of a list: the "real" solver uses a formula, the brute force a loop.
/// struct Sum;
/// impl Oracle for Sum {
///     type Input = Vec<u64>;
///     fn name() -> &'static str { "sum" }
///     fn generate(rng: &mut SplitMix64) -> Vec<u64> {
///         (0..rng.range(1, 5)).map(|_| rng.range(0, 9)).collect()
///     }
///     fn render(input: &Vec<u64>) -> String {
///         let items: Vec<String> = input.iter().map(|x| x.to_string()).collect();
///         format!("{}\n{}\n", input.len(), items.join(" "))
///     }
///     fn parse(input: &[u8]) -> Result<Vec<u64>, String> {
///         let mut sc = Scanner::new(input);
///         let n: usize = sc.next_in(1..=4, "n").map_err(|e| e.to_string())?;
///         (0..n).map(|_| sc.next("x").map_err(|e| e.to_string())).collect()
///     }
///     fn brute_force(input: &Vec<u64>) -> String {
///         format!("{}\n", input.iter().sum::<u64>())
///     }
///     fn shrink(input: &Vec<u64>) -> Vec<Vec<u64>> {
///         shrink_list(input, 1, |&x| smaller(x, 0))
///     }
///     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///         let mut sc = Scanner::new(input);
///         let n: usize = sc.next("n")?;
///         let mut total = 0u64;
///         for _ in 0..n { total += sc.next::<u64>("x")?; }
///         out.extend_from_slice(format!("{}\n", total).as_bytes());
///         Ok(())
///     }
/// }
/// assert!(find_mismatch::<Sum>(1, 200).is_none());
/// assert_eq!(Sum::parse(b"2\n3 4\n"), Ok(vec![3, 4]));
/// assert!(Sum::parse(b"2\n3\n").unwrap_err().contains("expected x"));
/// ```
pub trait Oracle {
    /// One whole input file, in a form that can be rendered and shrunk.
    type Input: Clone + std::fmt::Debug + 'static;

    /// The problem crate's name, e.g. `p4363-staircase-chess`.
    fn name() -> &'static str;

    /// A random small input, small enough for the brute force.
    fn generate(rng: &mut SplitMix64) -> Self::Input;

    /// The input file's text.
    fn render(input: &Self::Input) -> String;

    /// Reads an input file's text back (the inverse of [`Oracle::render`]), so the brute force
    /// can answer a hand-written input (`cargo xtask brute`, `cargo xtask sample`). The error
    /// names what was wrong, e.g. the token and what was expected there (a
    /// [`Scanner`](dp_core::Scanner) error as text).
    fn parse(input: &[u8]) -> Result<Self::Input, String>;

    /// The expected output, by rules modelled literally with no idea shared with the solver.
    fn brute_force(input: &Self::Input) -> String;

    /// Why the brute force would not finish on `input` in seconds (its size guard, e.g.
    /// `"25 cells: the brute force stops at 20"`), or `None` when it would. `cargo xtask brute`
    /// and `sample` refuse such inputs at once instead of hanging; generated inputs should
    /// never be refused. `None` by default.
    fn brute_force_refuses(input: &Self::Input) -> Option<String> {
        let _ = input;
        None
    }

    /// Strictly smaller variants of `input` (fewer tests, smaller sizes, smaller values), for
    /// shrinking a counterexample; empty when nothing is smaller.
    fn shrink(input: &Self::Input) -> Vec<Self::Input>;

    /// The real solver.
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;

    /// Inputs for `cargo xtask bench`: the largest the constraints allow, and the points of any
    /// scaling series worth reporting, each made from fixed seeds so every run measures the same
    /// files. None by default.
    fn bench_inputs() -> Vec<BenchInput> {
        Vec::new()
    }
}

/// A wrong solver to plant into a problem's oracle, to prove that the tests and
/// `cargo xtask stress` catch a bug and shrink it; [`Planted`] makes it an [`Oracle`].
///
/// # Example
/// See [`Planted`].
pub trait PlantedSolver {
    /// The oracle whose generator, brute force and shrink are kept.
    type Base: Oracle;

    /// The planted, wrong solver.
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;
}

/// The oracle `P::Base` with `P`'s planted solver in place of the real one.
///
/// # Example
/// ```
/// use test_kit::{find_mismatch, shrink_mismatch, Oracle, Planted, PlantedSolver};
/// use dp_core::{Error, Scanner, SplitMix64};
///
/// struct Max; // the largest of a list
/// impl Oracle for Max {
///     type Input = Vec<u64>;
///     fn name() -> &'static str { "max" }
///     fn generate(rng: &mut SplitMix64) -> Vec<u64> {
///         (0..rng.range(1, 6)).map(|_| rng.range(0, 9)).collect()
///     }
///     fn render(v: &Vec<u64>) -> String {
///         let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
///         format!("{}\n{}\n", v.len(), items.join(" "))
///     }
///     fn parse(input: &[u8]) -> Result<Vec<u64>, String> {
///         let mut sc = Scanner::new(input);
///         let n: usize = sc.next_in(1..=5, "n").map_err(|e| e.to_string())?;
///         (0..n).map(|_| sc.next("x").map_err(|e| e.to_string())).collect()
///     }
///     fn brute_force(v: &Vec<u64>) -> String { format!("{}\n", v.iter().max().unwrap()) }
///     fn shrink(v: &Vec<u64>) -> Vec<Vec<u64>> {
///         test_kit::shorter(v, 1)
///     }
///     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///         let mut sc = Scanner::new(input);
///         let n: usize = sc.next("n")?;
///         let mut best = 0u64;
///         for _ in 0..n { best = best.max(sc.next("x")?); }
///         out.extend_from_slice(format!("{}\n", best).as_bytes());
///         Ok(())
///     }
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

impl<P: PlantedSolver> Oracle for Planted<P> {
    type Input = <P::Base as Oracle>::Input;

    fn name() -> &'static str {
        P::Base::name()
    }

    fn generate(rng: &mut SplitMix64) -> Self::Input {
        P::Base::generate(rng)
    }

    fn render(input: &Self::Input) -> String {
        P::Base::render(input)
    }

    fn parse(input: &[u8]) -> Result<Self::Input, String> {
        P::Base::parse(input)
    }

    fn brute_force(input: &Self::Input) -> String {
        P::Base::brute_force(input)
    }

    fn brute_force_refuses(input: &Self::Input) -> Option<String> {
        P::Base::brute_force_refuses(input)
    }

    fn shrink(input: &Self::Input) -> Vec<Self::Input> {
        P::Base::shrink(input)
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        P::solve(input, out)
    }

    fn bench_inputs() -> Vec<BenchInput> {
        P::Base::bench_inputs()
    }
}

/// A named benchmark input; see [`Oracle::bench_inputs`].
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

/// Reads a whole input file for [`Oracle::parse`]: `read` takes what it needs from a
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
/// assert_eq!(read(b"2\n5 6\n"), Ok(vec![5, 6]));
/// assert_eq!(read(b"2\n5").unwrap_err(), "token 3 (line 2): expected x (an integer), found end of input");
/// assert_eq!(read(b"1 5 6").unwrap_err(), "token 3 (line 1): unexpected token after the input");
/// ```
pub fn parse_with<T>(
    input: &[u8],
    read: impl FnOnce(&mut Scanner<'_>) -> Result<T, Error>,
) -> Result<T, String> {
    let mut sc = Scanner::new(input);
    let value = read(&mut sc).map_err(|err| err.to_string())?;
    if sc.token().is_some() {
        return Err(sc.invalid("unexpected token after the input").to_string());
    }
    Ok(value)
}
