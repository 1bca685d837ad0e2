//! A problem described by its input format, brute force and solver: the one trait a problem
//! implements, its generator, renderer, parser and shrinker derived from [`Problem::format`].

use crate::format::{Format, Size};
use crate::oracle::BenchInput;
use dp_core::{Error, SplitMix64};
use std::fmt::Debug;

/// How an input file's lines end: judges send all of these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineEnds {
    /// `\n` after every line.
    #[default]
    Lf,
    /// `\r\n` after every line.
    Crlf,
    /// `\n` between lines, none after the last.
    LfNoFinal,
    /// `\r\n` between lines, none after the last.
    CrlfNoFinal,
}

impl LineEnds {
    /// Every variant.
    pub const ALL: [LineEnds; 4] = [
        LineEnds::Lf,
        LineEnds::Crlf,
        LineEnds::LfNoFinal,
        LineEnds::CrlfNoFinal,
    ];

    /// `text` (lines ended by `\n`) with these line ends.
    pub fn apply(self, text: &str) -> String {
        let text = match self {
            LineEnds::Lf | LineEnds::LfNoFinal => text.to_string(),
            LineEnds::Crlf | LineEnds::CrlfNoFinal => text.replace('\n', "\r\n"),
        };
        match self {
            LineEnds::LfNoFinal => text.strip_suffix('\n').unwrap_or(&text).to_string(),
            LineEnds::CrlfNoFinal => text.strip_suffix("\r\n").unwrap_or(&text).to_string(),
            _ => text,
        }
    }

    /// The line ends of `text`.
    pub fn of(text: &[u8]) -> LineEnds {
        let crlf = text.windows(2).any(|w| w == b"\r\n");
        match (crlf, text.ends_with(b"\n")) {
            (false, true) => LineEnds::Lf,
            (true, true) => LineEnds::Crlf,
            (false, false) => LineEnds::LfNoFinal,
            (true, false) => LineEnds::CrlfNoFinal,
        }
    }
}

/// One input file of a [`Problem`]: the typed value and how its lines end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input<V> {
    /// The value, as [`Problem::format`] reads it.
    pub value: V,
    /// How its lines end.
    pub ends: LineEnds,
}

impl<V> Input<V> {
    /// `value` with `\n` line ends.
    pub fn new(value: V) -> Input<V> {
        Input {
            value,
            ends: LineEnds::Lf,
        }
    }
}

impl<V> std::ops::Deref for Input<V> {
    type Target = V;
    fn deref(&self) -> &V {
        &self.value
    }
}

impl<V> From<V> for Input<V> {
    fn from(value: V) -> Input<V> {
        Input::new(value)
    }
}

/// A judge problem seen from its tests, in the fewest lines: the input format (one
/// description gives generator, renderer, parser and shrinker), the brute force, its size guard
/// and the real solver. Tests, the oracle program (`cargo xtask stress`, `brute`, `sample`) and
/// benchmarks drive every problem through it, on inputs [`Input<Self::Value>`](Input).
///
/// # Example
/// ```
/// use test_kit::format::{int, list, Format};
/// use test_kit::{find_mismatch, Problem, Solve};
/// use dp_core::{Error, Scanner};
///
/// /// The sum of a list: the "real" solver reads and adds, the brute force counts.
/// struct Sum;
/// impl Problem for Sum {
///     const NAME: &'static str = "sum";
///     type Value = Vec<u64>;
///     fn format() -> impl Format<Value = Vec<u64>> {
///         list("n", 1..=100, int("a", 0..=1000u64).small(0..=9))
///     }
///     fn brute(items: &Vec<u64>) -> String {
///         format!("{}\n", items.iter().map(|&x| (0..x).count() as u64).sum::<u64>())
///     }
///     const SOLVE: Solve = solve;
/// }
/// fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///     let mut sc = Scanner::new(input);
///     let n: usize = sc.next("n")?;
///     let total: u64 = (0..n).map(|_| sc.next::<u64>("a")).sum::<Result<u64, Error>>()?;
///     out.extend_from_slice(format!("{}\n", total).as_bytes());
///     sc.finish()
/// }
/// assert!(find_mismatch::<Sum>(1, 200).is_none());
/// ```
pub trait Problem {
    /// The problem crate's name, e.g. `p4363-staircase-chess`.
    const NAME: &'static str;

    /// Whether generated inputs vary their line ends ([`LineEnds`]); only `\n` if false.
    const LINE_ENDS: bool = false;

    /// The typed value of an input file.
    type Value: Clone + Debug + PartialEq + Send + 'static;

    /// The input format.
    fn format() -> impl Format<Value = Self::Value>;

    /// The brute force: the expected output, by rules modelled literally with no idea shared
    /// with the solver.
    fn brute(value: &Self::Value) -> String;

    /// The brute force's size guard: why it would not finish on `value` in seconds, naming its
    /// limit ([`at_most`] words it); `None` when it would. `cargo xtask brute` and `sample`
    /// refuse such inputs at once instead of hanging; generated inputs should never be refused.
    fn refuses(value: &Self::Value) -> Option<String> {
        let _ = value;
        None
    }

    /// The real solver: the crate's `solve` (`const SOLVE: Solve = crate::solve;`).
    const SOLVE: Solve;

    /// Inputs for `cargo xtask bench`: the largest the constraints allow, and the points of any
    /// scaling series worth reporting, each made from fixed seeds so every run measures the same
    /// files; [`bench()`] and [`bench_max`] make them. None by default.
    fn benches() -> Vec<BenchInput> {
        Vec::new()
    }

    /// A random small input, small enough for the brute force: the format's, with varied line
    /// ends when [`Problem::LINE_ENDS`] says so.
    fn generate(rng: &mut SplitMix64) -> Input<Self::Value> {
        let value = Self::format().generate(rng, Size::Small);
        let ends = if Self::LINE_ENDS && rng.range(0, 2) == 0 {
            LineEnds::ALL[rng.range(1, 3) as usize]
        } else {
            LineEnds::Lf
        };
        Input { value, ends }
    }

    /// The input file's text.
    fn render(input: &Input<Self::Value>) -> String {
        input.ends.apply(&Self::format().render(&input.value))
    }

    /// Reads an input file's text back (the inverse of [`Problem::render`]), so the brute force
    /// can answer a hand-written input (`cargo xtask brute`, `cargo xtask sample`). The error
    /// names what was wrong, e.g. the token and what was expected there.
    fn parse(input: &[u8]) -> context_error::Result<Input<Self::Value>> {
        let value = Self::format().parse(input)?;
        Ok(Input {
            value,
            ends: LineEnds::of(input),
        })
    }

    /// Strictly smaller variants of `input`, for shrinking a counterexample: the format's
    /// shrinks that the brute force takes, then `\n` line ends; empty when nothing is smaller.
    fn shrink(input: &Input<Self::Value>) -> Vec<Input<Self::Value>> {
        let ends = input.ends;
        let mut inputs: Vec<Input<Self::Value>> = Self::format()
            .shrink(&input.value)
            .into_iter()
            .filter(|v| v != &input.value && Self::refuses(v).is_none())
            .map(|value| Input { value, ends })
            .collect();
        if ends != LineEnds::Lf {
            inputs.push(Input::new(input.value.clone()));
        }
        inputs
    }
}

/// A problem's solver writing into memory: what [`Problem::SOLVE`] holds.
pub type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// The two items of a [`Problem`] that its crate decides, written inside the `impl Problem` of
/// a problem crate's oracle: [`Problem::NAME`], the crate's name, and [`Problem::SOLVE`], the
/// crate's `solve` (`crate::solve`, with the judge program's signature).
///
/// # Example
/// In a problem crate's `src/oracle.rs`:
/// ```ignore
/// impl Problem for StoneEnds {
///     test_kit::name_and_solve_of_this_crate!();
///     type Value = Vec<Vec<u32>>;
///     // format, brute, ...
/// }
/// ```
#[macro_export]
// `crate::solve` is meant: the calling problem crate's solver, not this crate's.
#[allow(clippy::crate_in_macro_def)]
macro_rules! name_and_solve_of_this_crate {
    () => {
        const NAME: &'static str = env!("CARGO_PKG_NAME");
        const SOLVE: $crate::Solve = crate::solve;
    };
}

/// A size guard's answer for [`Problem::refuses`]: `None` while `value` is at most
/// `limit`, else why (`"25 cells: the brute force stops at 20"`).
///
/// # Example
/// ```
/// assert_eq!(test_kit::at_most("cells", 25, 20).unwrap(), "25 cells: the brute force stops at 20");
/// assert_eq!(test_kit::at_most("cells", 20, 20), None);
/// ```
pub fn at_most<T: PartialOrd + std::fmt::Display>(
    what: &str,
    value: T,
    limit: T,
) -> Option<String> {
    (value > limit).then(|| format!("{} {}: the brute force stops at {}", value, what, limit))
}

/// A benchmark input named `name`: `value` rendered by `P`'s format.
pub fn bench<P: Problem>(name: impl Into<String>, value: &P::Value) -> BenchInput {
    BenchInput {
        name: name.into(),
        text: P::format().render(value),
    }
}

/// A benchmark input named `name` at the statement's maximum ([`Size::Max`]), fixed by `seed`.
pub fn bench_max<P: Problem>(name: impl Into<String>, seed: u64) -> BenchInput {
    let value = P::format().generate(&mut SplitMix64::new(seed), Size::Max);
    bench::<P>(name, &value)
}
