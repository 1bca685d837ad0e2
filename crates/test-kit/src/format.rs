//! Input formats described once. A [`Format`] is one description of (part of) an input file,
//! composed from the pieces here: [`int`], [`list`] and [`cases`] (counted, of a fixed length,
//! until the end of input or until a terminator such as `0`), tuples of up to 12 parts (a record
//! of named fields such as a header `R C catJump mouseJump T`), [`line()`], [`then`] (a part
//! whose shape depends on an earlier value: a matrix, [`rows`] of a grid or [`tree_edges`] sized
//! by the header read before them), [`word`], [`one_of`] (a keyword), [`grid`] (with its
//! sides), [`edges`], [`tree`], [`valued_tree`] (a tree with a value at each vertex), [`dag`]
//! and [`adjacency`]. From it come the typed value, the parser (its
//! errors name the bad token: a [`Scanner`] error), the renderer, a random generator with a
//! size knob ([`Size::Small`] for stress, [`Size::Max`] for bench), and shrinking that keeps the
//! description's constraints (fewer cases, shorter lists, smaller values, fewer vertices and
//! edges, trees that stay trees).
//!
//! Shrinking proposes candidate values, as [`Problem::shrink`](crate::Problem::shrink) does, so a
//! value read from a file shrinks as well as a generated one. (proptest's value trees shrink
//! only what they generated, and through `prop_flat_map` a length read earlier shrinks poorly;
//! here a part that depends on an earlier value is cut down to the smaller value by
//! [`Format::fit`].)
//!
//! # Example
//! ```
//! use test_kit::format::{cases, int, list, Format, Size};
//! use dp_core::SplitMix64;
//! // T tests, each n and n piles in 1..=10^9 (small: 1 to 3 tests of 1 to 5 piles up to 8).
//! let format = cases("T", 1..=10, list("n", 1..=1000, int("a_i", 1..=1_000_000_000u32).small(1..=8)).small(1..=5))
//!     .small(1..=3);
//! let value = format.parse(b"2\n3\n1 2 3\n1\n7\n").unwrap();
//! assert_eq!(value, vec![vec![1, 2, 3], vec![7]]);
//! assert_eq!(format.render(&value), "2\n3\n1 2 3\n1\n7\n");
//! let err = format.parse(b"1\n2\n5 0\n").unwrap_err().to_string();
//! assert_eq!(err, "token 4 (line 3): expected a_i (an integer in 1..=1000000000), found \"0\"");
//! let random = format.generate(&mut SplitMix64::new(1), Size::Small);
//! assert!((1..=3).contains(&random.len()));
//! assert!(format.shrink(&value).contains(&vec![vec![7]]));
//! ```

use crate::gen;
use crate::shrink::shrink_each;
use dp_core::{Error, Integer, Scanner, SplitMix64};
use std::fmt::{Debug, Display};
use std::ops::RangeInclusive;

/// How large a generated value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Small enough for the brute force: each part's `small` range.
    Small,
    /// Small, with values in the lowest `k` quarters of their `small` range (`k` in 1..=4): what
    /// a list asks of its items at [`Size::Small`], `k` drawn once per list, so that items of a
    /// list repeat often (equal piles, equal values) as judges' tricky cases do.
    Quarters(u8),
    /// The statement's maximum: each length at its `max`, values over their whole range.
    Max,
}

/// Tokens and line ends being written: a token is separated from the one before it on its line
/// by a space; [`Writer::end_line`] ends a line (a line with no token is never written).
#[derive(Clone, Debug, Default)]
pub struct Writer {
    text: String,
    started: bool,
}

impl Writer {
    /// An empty text.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Appends one token.
    pub fn token(&mut self, token: impl Display) {
        use std::fmt::Write;
        if self.started {
            self.text.push(' ');
        }
        write!(self.text, "{}", token).expect("writing to a String");
        self.started = true;
    }

    /// Ends the line, if it has a token.
    pub fn end_line(&mut self) {
        if self.started {
            self.text.push('\n');
            self.started = false;
        }
    }

    /// The text, its last line ended.
    pub fn finish(mut self) -> String {
        self.end_line();
        self.text
    }
}

/// One description of (part of) an input file; see the module documentation.
pub trait Format {
    /// The typed value.
    type Value: Clone + Debug + PartialEq;

    /// Reads the value; the error names the bad token.
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error>;

    /// Writes the value's tokens and line ends.
    fn write(&self, value: &Self::Value, out: &mut Writer);

    /// A random value of the given size.
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value;

    /// Strictly smaller values that keep the description's constraints, most promising first.
    fn shrink(&self, value: &Self::Value) -> Vec<Self::Value>;

    /// `value` cut down to this format's bounds (a shorter list, items that no longer fit
    /// dropped), or `None` when it cannot be: how a part that depends on an earlier value
    /// follows that value when it shrinks (see [`then`]).
    fn fit(&self, value: &Self::Value) -> Option<Self::Value>;

    /// Reads a whole input: the value, then nothing but whitespace. The error is the scanner's
    /// message.
    fn parse(&self, input: &[u8]) -> context_error::Result<Self::Value> {
        let mut sc = Scanner::new(input);
        let value = self.read(&mut sc).map_err(context_error::Error::msg)?;
        sc.finish().map_err(context_error::Error::msg)?;
        Ok(value)
    }

    /// The value's text, its lines ended by `\n`.
    fn render(&self, value: &Self::Value) -> String {
        let mut out = Writer::new();
        self.write(value, &mut out);
        out.finish()
    }

    /// This format with generated values redrawn (`draws` draws in all) towards rarer answers:
    /// of the draws, one answer is picked uniformly among the answers seen, and the first draw
    /// with it is kept. Random game inputs tend to have one answer; this spreads them.
    fn balanced<A: PartialEq, F: Fn(&Self::Value) -> A>(
        self,
        draws: usize,
        answer: F,
    ) -> Balanced<Self, F>
    where
        Self: Sized,
    {
        Balanced {
            format: self,
            draws,
            answer,
        }
    }

    /// This format with values for which `valid` is false refused when read (`why` names the
    /// rule), redrawn when generated and never proposed when shrunk.
    fn valid<F: Fn(&Self::Value) -> bool>(self, why: &'static str, valid: F) -> Valid<Self, F>
    where
        Self: Sized,
    {
        Valid {
            format: self,
            why,
            valid,
        }
    }

    /// This format with its small values made by `generate` instead (its maximum ones too,
    /// when `generate` gets [`Size::Max`]).
    fn generate_with<G: Fn(&mut SplitMix64, Size) -> Self::Value>(
        self,
        generate: G,
    ) -> Generated<Self, G>
    where
        Self: Sized,
    {
        Generated {
            format: self,
            generate,
        }
    }
}

/// A primitive integer of a [`Format`]: what [`int`] reads.
pub trait Number: Integer + Ord + Debug + Display {
    /// The value as an `i128`.
    fn to_wide(self) -> i128;
    /// The `i128` back, which must be in the type's range.
    fn from_wide(wide: i128) -> Self;
}

macro_rules! impl_number {
    ($($t:ty),*) => {$(
        impl Number for $t {
            fn to_wide(self) -> i128 {
                self as i128
            }
            fn from_wide(wide: i128) -> Self {
                wide as $t
            }
        }
    )*};
}

impl_number!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// A uniform draw from `lo..=hi` of any [`Number`].
fn draw<T: Number>(rng: &mut SplitMix64, lo: T, hi: T) -> T {
    let span = (hi.to_wide() - lo.to_wide()) as u64;
    T::from_wide(lo.to_wide() + i128::from(rng.range(0, span)))
}

/// One integer token: see [`int`].
#[derive(Clone, Debug)]
pub struct Int<T> {
    name: &'static str,
    range: RangeInclusive<T>,
    small: RangeInclusive<T>,
    max: T,
}

/// An integer token named `name` in `range` (what the parser accepts). Small values are drawn
/// from the range's first 10 values unless [`Int::small`] says otherwise; maximum ones from the
/// whole range up to [`Int::max`]. Shrinks towards 0, or the end of the range nearer to it.
pub fn int<T: Number>(name: &'static str, range: RangeInclusive<T>) -> Int<T> {
    let (lo, hi) = (*range.start(), *range.end());
    let top = T::from_wide((lo.to_wide() + 9).min(hi.to_wide()));
    Int {
        name,
        small: lo..=top,
        max: hi,
        range,
    }
}

impl<T: Number> Int<T> {
    /// The values of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<T>) -> Self {
        self.small = small;
        self
    }

    /// The largest value of [`Size::Max`], e.g. the statement's when the parser accepts more.
    pub fn max(mut self, max: T) -> Self {
        self.max = max;
        self
    }
}

impl<T: Number> Format for Int<T> {
    type Value = T;

    fn read(&self, sc: &mut Scanner<'_>) -> Result<T, Error> {
        sc.next_in(self.range.clone(), self.name)
    }

    fn write(&self, value: &T, out: &mut Writer) {
        out.token(value);
    }

    fn generate(&self, rng: &mut SplitMix64, size: Size) -> T {
        let (lo, hi) = (*self.small.start(), *self.small.end());
        match size {
            Size::Small => draw(rng, lo, hi),
            Size::Quarters(k) => {
                let span = (hi.to_wide() - lo.to_wide()) * i128::from(k.clamp(1, 4)) / 4;
                draw(rng, lo, T::from_wide(lo.to_wide() + span))
            }
            Size::Max => draw(rng, *self.range.start(), self.max),
        }
    }

    fn shrink(&self, &value: &T) -> Vec<T> {
        let (lo, hi, x) = (
            self.range.start().to_wide(),
            self.range.end().to_wide(),
            value.to_wide(),
        );
        let target = 0.clamp(lo, hi);
        let step = (x - target).signum();
        let mut values: Vec<T> = Vec::new();
        // Every value between when few, else the target, halfway and one step.
        let near: Vec<i128> = if (x - target).abs() <= 8 {
            (0..(x - target).abs()).map(|k| target + k * step).collect()
        } else {
            vec![target, target + (x - target) / 2, x - step]
        };
        for v in near {
            if v != x && !values.contains(&T::from_wide(v)) {
                values.push(T::from_wide(v));
            }
        }
        values
    }

    fn fit(&self, value: &T) -> Option<T> {
        self.range.contains(value).then_some(*value)
    }
}

mod graph;
mod list;
mod text;

pub use graph::*;
pub use list::*;
pub use text::*;

/// See [`Format::balanced`].
#[derive(Clone, Debug)]
pub struct Balanced<F, A> {
    format: F,
    draws: usize,
    answer: A,
}

impl<F: Format, R: PartialEq, A: Fn(&F::Value) -> R> Format for Balanced<F, A> {
    type Value = F::Value;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<F::Value, Error> {
        self.format.read(sc)
    }
    fn write(&self, value: &F::Value, out: &mut Writer) {
        self.format.write(value, out);
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> F::Value {
        if size == Size::Max {
            return self.format.generate(rng, size);
        }
        let drawn: Vec<(F::Value, R)> = (0..self.draws.max(1))
            .map(|_| {
                let value = self.format.generate(rng, size);
                let answer = (self.answer)(&value);
                (value, answer)
            })
            .collect();
        let mut answers: Vec<&R> = Vec::new();
        for (_, answer) in &drawn {
            if !answers.contains(&answer) {
                answers.push(answer);
            }
        }
        let pick = answers[rng.index(answers.len())];
        let first = drawn.iter().position(|(_, answer)| answer == pick);
        drawn[first.expect("the picked answer was drawn")].0.clone()
    }
    fn shrink(&self, value: &F::Value) -> Vec<F::Value> {
        self.format.shrink(value)
    }
    fn fit(&self, value: &F::Value) -> Option<F::Value> {
        self.format.fit(value)
    }
}

/// See [`Format::valid`].
#[derive(Clone, Debug)]
pub struct Valid<F, P> {
    format: F,
    why: &'static str,
    valid: P,
}

impl<F: Format, P: Fn(&F::Value) -> bool> Format for Valid<F, P> {
    type Value = F::Value;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<F::Value, Error> {
        let value = self.format.read(sc)?;
        if !(self.valid)(&value) {
            return Err(sc.invalid(self.why));
        }
        Ok(value)
    }
    fn write(&self, value: &F::Value, out: &mut Writer) {
        self.format.write(value, out);
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> F::Value {
        for _ in 0..10_000 {
            let value = self.format.generate(rng, size);
            if (self.valid)(&value) {
                return value;
            }
        }
        panic!(
            "10000 generated values in a row broke the rule: {}",
            self.why
        )
    }
    fn shrink(&self, value: &F::Value) -> Vec<F::Value> {
        let mut values = self.format.shrink(value);
        values.retain(|v| (self.valid)(v));
        values
    }
    fn fit(&self, value: &F::Value) -> Option<F::Value> {
        self.format.fit(value).filter(|v| (self.valid)(v))
    }
}

/// See [`Format::generate_with`].
#[derive(Clone, Debug)]
pub struct Generated<F, G> {
    format: F,
    generate: G,
}

impl<F: Format, G: Fn(&mut SplitMix64, Size) -> F::Value> Format for Generated<F, G> {
    type Value = F::Value;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<F::Value, Error> {
        self.format.read(sc)
    }
    fn write(&self, value: &F::Value, out: &mut Writer) {
        self.format.write(value, out);
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> F::Value {
        (self.generate)(rng, size)
    }
    fn shrink(&self, value: &F::Value) -> Vec<F::Value> {
        self.format.shrink(value)
    }
    fn fit(&self, value: &F::Value) -> Option<F::Value> {
        self.format.fit(value)
    }
}
