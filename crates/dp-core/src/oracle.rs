//! Test oracles (feature `oracle`, never in a judge bundle): what ties a problem's brute force,
//! random generator and real solver together, so tests, `cargo xtask stress` and benchmarks can
//! drive every problem the same way.

use crate::io::{Error, Scanner};
use crate::random::SplitMix64;

/// A judge problem seen from its tests: random small inputs, a brute force that models the rules
/// literally, and the real solver.
///
/// # Example
/// ```
/// use dp_core::oracle::{find_mismatch, shrink_list, smaller, Oracle};
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
    type Input: Clone + std::fmt::Debug;

    /// The problem crate's name, e.g. `p4363-staircase-chess`.
    fn name() -> &'static str;

    /// A random small input, small enough for the brute force.
    fn generate(rng: &mut SplitMix64) -> Self::Input;

    /// The input file's text.
    fn render(input: &Self::Input) -> String;

    /// Reads an input file's text back (the inverse of [`Oracle::render`]), so the brute force
    /// can answer a hand-written input (`cargo xtask brute`, `cargo xtask sample`). The error
    /// names what was wrong, e.g. the token and what was expected there (a
    /// [`Scanner`](crate::io::Scanner) error as text).
    fn parse(input: &[u8]) -> Result<Self::Input, String>;

    /// The expected output, by rules modelled literally with no idea shared with the solver.
    fn brute_force(input: &Self::Input) -> String;

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
/// use dp_core::oracle::{find_mismatch, shrink_mismatch, Oracle, Planted, PlantedSolver};
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
///         dp_core::oracle::shorter(v, 1)
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

/// Whether two outputs hold the same whitespace-separated tokens.
///
/// # Complexity
/// O(length of both).
///
/// # Example
/// ```
/// assert!(dp_core::oracle::same_tokens("1 2\r\n", "1\n2"));
/// assert!(!dp_core::oracle::same_tokens("1 2", "12"));
/// ```
pub fn same_tokens(a: &str, b: &str) -> bool {
    a.split_ascii_whitespace().eq(b.split_ascii_whitespace())
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
/// use dp_core::oracle::{check_input_with, run_solver, Oracle};
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
    let text = O::render(&input);
    let expected = O::brute_force(&input);
    let got = run(&text);
    if same_tokens(&expected, &got) {
        None
    } else {
        Some(Mismatch {
            seed,
            input,
            text,
            expected,
            got,
        })
    }
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
/// See [`Planted`]; `shrink_mismatch_with::<O>(m, budget, run_solver::<O>)` is
/// `shrink_mismatch` with the step count.
pub fn shrink_mismatch_with<O: Oracle>(
    mismatch: Mismatch<O::Input>,
    budget: usize,
    run: impl Fn(&str) -> String,
) -> (Mismatch<O::Input>, usize) {
    let mut best = mismatch;
    let mut left = budget;
    let mut steps = 0;
    'outer: loop {
        for candidate in O::shrink(&best.input) {
            if left == 0 {
                break 'outer;
            }
            left -= 1;
            if let Some(smaller) = check_input_with::<O>(best.seed, candidate, &run) {
                best = smaller;
                steps += 1;
                continue 'outer;
            }
        }
        break;
    }
    (best, steps)
}

/// An integer that the generic shrinkers can make smaller: the primitive integers up to 64 bits.
///
/// # Example
/// ```
/// use dp_core::oracle::ShrinkNumber;
/// assert_eq!(u32::halfway(1, 9), 5);
/// assert_eq!(i64::halfway(-8, 0), -4);
/// ```
pub trait ShrinkNumber: Copy + Ord {
    /// The number halfway from `least` to `x`, rounded towards `least`.
    fn halfway(least: Self, x: Self) -> Self;
    /// `x - 1`, for `x` above the type's minimum.
    fn before(x: Self) -> Self;
}

macro_rules! impl_shrink_number {
    ($($t:ty),*) => {$(
        impl ShrinkNumber for $t {
            fn halfway(least: Self, x: Self) -> Self {
                // In i128, where no difference of two 64-bit integers overflows.
                (least as i128 + (x as i128 - least as i128) / 2) as $t
            }
            fn before(x: Self) -> Self {
                x - 1
            }
        }
    )*};
}

impl_shrink_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Smaller values to try in place of `x`, all in `least..x`, smallest first: `least`, the
/// halfway point and `x - 1`, without repeats. Empty when `x <= least`.
///
/// # Complexity
/// O(1).
///
/// # Example
/// ```
/// use dp_core::oracle::smaller;
/// assert_eq!(smaller(10u32, 1), [1, 5, 9]);
/// assert_eq!(smaller(2u32, 1), [1]);
/// assert!(smaller(1u32, 1).is_empty());
/// assert_eq!(smaller(-3i64, -10), [-10, -7, -4]);
/// ```
pub fn smaller<T: ShrinkNumber>(x: T, least: T) -> Vec<T> {
    let mut values = Vec::new();
    if x > least {
        for value in [least, T::halfway(least, x), T::before(x)] {
            if !values.contains(&value) {
                values.push(value);
            }
        }
    }
    values
}

/// Shorter lists that keep at least `min_len` items, in their order: the two halves (of lists of
/// 4 or more), then the list with one item dropped, for each item.
///
/// # Complexity
/// O(n^2) items in all for a list of n.
///
/// # Example
/// ```
/// use dp_core::oracle::shorter;
/// assert_eq!(shorter(&[1, 2, 3], 1), [vec![2, 3], vec![1, 3], vec![1, 2]]);
/// assert_eq!(shorter(&[1, 2, 3, 4], 0)[..2], [vec![1, 2], vec![3, 4]]);
/// assert!(shorter(&[7], 1).is_empty());
/// ```
pub fn shorter<T: Clone>(items: &[T], min_len: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut lists = Vec::new();
    if n >= 4 && n / 2 >= min_len {
        lists.push(items[..n / 2].to_vec());
        lists.push(items[n / 2..].to_vec());
    }
    if n > min_len {
        for skip in 0..n {
            let mut fewer = items.to_vec();
            fewer.remove(skip);
            lists.push(fewer);
        }
    }
    lists
}

/// Every contiguous run of `items` shorter than it and at least `min_len` long, shortest
/// first: for inputs where only the items' order matters (a row played from its ends), a
/// failing part is found at once instead of one item at a time.
///
/// # Complexity
/// O(n^3) items in all for a list of n: for the small inputs of a generator.
///
/// # Example
/// ```
/// use dp_core::oracle::windows;
/// assert_eq!(windows(&[1, 2, 3], 2), [vec![1, 2], vec![2, 3]]);
/// assert_eq!(windows(&[1, 2, 3], 1)[..3], [vec![1], vec![2], vec![3]]);
/// ```
pub fn windows<T: Clone>(items: &[T], min_len: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut lists = Vec::new();
    for len in min_len.max(1)..n {
        for start in 0..=n - len {
            lists.push(items[start..start + len].to_vec());
        }
    }
    lists
}

/// Lists of the same length with one item replaced by one of its shrinks (`shrink_item`), for
/// each item and each shrink.
///
/// # Complexity
/// One call of `shrink_item` per item, one list per shrink.
///
/// # Example
/// ```
/// use dp_core::oracle::{shrink_each, smaller};
/// let lists = shrink_each(&[3u32, 1], |&x| smaller(x, 1));
/// assert_eq!(lists, [vec![1, 1], vec![2, 1]]);
/// ```
pub fn shrink_each<T: Clone>(items: &[T], shrink_item: impl Fn(&T) -> Vec<T>) -> Vec<Vec<T>> {
    let mut lists = Vec::new();
    for (k, item) in items.iter().enumerate() {
        for replacement in shrink_item(item) {
            let mut list = items.to_vec();
            list[k] = replacement;
            lists.push(list);
        }
    }
    lists
}

/// [`shorter`] lists first (fewer items, at least `min_len`), then [`shrink_each`] (smaller
/// items): the usual shrink of a list of test cases, or of the numbers of one test.
///
/// # Complexity
/// That of [`shorter`] and [`shrink_each`].
///
/// # Example
/// ```
/// use dp_core::oracle::{shrink_list, smaller};
/// // Tests of numbers at least 1: drop a test, drop a number, make a number smaller.
/// let tests = vec![vec![4u32, 2], vec![1]];
/// let smaller_tests = shrink_list(&tests, 1, |row| shrink_list(row, 1, |&x| smaller(x, 1)));
/// assert_eq!(smaller_tests[0], [vec![1]]); // the first test dropped
/// assert!(smaller_tests.contains(&vec![vec![2, 2], vec![1]])); // 4 halved
/// assert!(smaller_tests.iter().all(|t| t != &tests));
/// ```
pub fn shrink_list<T: Clone>(
    items: &[T],
    min_len: usize,
    shrink_item: impl Fn(&T) -> Vec<T>,
) -> Vec<Vec<T>> {
    let mut lists = shorter(items, min_len);
    lists.extend(shrink_each(items, shrink_item));
    lists
}

/// Reads a whole input file for [`Oracle::parse`]: `read` takes what it needs from a
/// [`Scanner`] on `input`; its error, or a token left after what it read, becomes the message.
///
/// # Complexity
/// That of `read`, plus a look at the rest of the input.
///
/// # Example
/// ```
/// use dp_core::oracle::parse_with;
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
