//! Input formats described once. A [`Format`] is one description of (part of) an input file,
//! composed from the pieces here: [`int`], [`list`] and [`cases`] (counted, of a fixed length,
//! until the end of input or until a terminator such as `0`), tuples, [`line()`], [`then`] (a
//! part whose shape depends on an earlier value: a matrix of the sizes read before it), [`word`],
//! [`one_of`] (a keyword), [`grid`], [`edges`], [`tree`], [`valued_tree`] (a tree with a value
//! at each vertex), [`dag`] and [`adjacency`]. From it come the typed value, the parser (its
//! errors name the bad token: a [`Scanner`] error), the renderer, a random generator with a
//! size knob ([`Size::Small`] for stress, [`Size::Max`] for bench), and shrinking that keeps the
//! description's constraints (fewer cases, shorter lists, smaller values, fewer vertices and
//! edges, trees that stay trees).
//!
//! Shrinking proposes candidate values, as [`Oracle::shrink`](crate::Oracle::shrink) does, so a
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
//! let err = format.parse(b"1\n2\n5 0\n").unwrap_err();
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
    fn parse(&self, input: &[u8]) -> Result<Self::Value, String> {
        let mut sc = Scanner::new(input);
        let value = self.read(&mut sc).map_err(|e| e.to_string())?;
        sc.finish().map_err(|e| e.to_string())?;
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

/// How a [`List`]'s length is written.
#[derive(Clone, Debug)]
enum Count {
    /// A count token named `name`, the length plus `offset`.
    Counted { name: &'static str, offset: usize },
    /// No count: the length is fixed.
    Fixed,
    /// No count: items until the end of input.
    UntilEnd,
    /// No count: items until this token, which follows the last item.
    Until(&'static str),
}

/// Where a [`List`]'s line ends go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// The count on its own line, then the items on one line.
    Line,
    /// The count and the items on one line.
    Inline,
    /// The count on its own line, then each item ending its line.
    Lines,
}

/// A list of items: see [`list`], [`cases`], [`fixed`], [`until_end`] and [`until`].
#[derive(Clone, Debug)]
pub struct List<F> {
    item: F,
    count: Count,
    layout: Layout,
    len: RangeInclusive<usize>,
    small: RangeInclusive<usize>,
    max: usize,
    distinct: bool,
}

fn list_of<F>(item: F, count: Count, layout: Layout, len: RangeInclusive<usize>) -> List<F> {
    let (lo, hi) = (*len.start(), *len.end());
    List {
        item,
        count,
        layout,
        small: lo..=hi.min(lo.max(1) + 4),
        max: hi,
        len,
        distinct: false,
    }
}

/// A count token named `name` in `len`, on its own line, then that many items on one line.
/// Small lengths are the first five of `len` (at least 1) unless [`List::small`] says otherwise.
pub fn list<F: Format>(name: &'static str, len: RangeInclusive<usize>, item: F) -> List<F> {
    list_of(item, Count::Counted { name, offset: 0 }, Layout::Line, len)
}

/// Test cases: a count token named `name` in `len` on its own line, then that many items, each
/// ending its line.
pub fn cases<F: Format>(name: &'static str, len: RangeInclusive<usize>, item: F) -> List<F> {
    list_of(item, Count::Counted { name, offset: 0 }, Layout::Lines, len)
}

/// Exactly `len` items on one line, with no count (e.g. a row of a matrix whose sizes came
/// before it, see [`then`]).
pub fn fixed<F: Format>(len: usize, item: F) -> List<F> {
    list_of(item, Count::Fixed, Layout::Line, len..=len)
}

/// Items until the end of input, each ending its line, `len` of them.
pub fn until_end<F: Format>(len: RangeInclusive<usize>, item: F) -> List<F> {
    list_of(item, Count::UntilEnd, Layout::Lines, len)
}

/// Items, each ending its line, until a line holding the token `terminator` (such as `0`).
pub fn until<F: Format>(terminator: &'static str, len: RangeInclusive<usize>, item: F) -> List<F> {
    list_of(item, Count::Until(terminator), Layout::Lines, len)
}

/// An `rows` x `cols` matrix, one row per line, with no sizes written (they come before it,
/// see [`then`]).
pub fn matrix<F: Format>(rows: usize, cols: usize, cell: F) -> List<List<F>> {
    fixed(rows, fixed(cols, cell)).each_line()
}

impl<F: Format> List<F> {
    /// The lengths of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.small = small;
        self
    }

    /// The length of [`Size::Max`], e.g. the statement's when the parser accepts more.
    pub fn max(mut self, max: usize) -> Self {
        self.max = max;
        self
    }

    /// The count token is the length plus `offset` (`n` cells of which the first 2 have no
    /// value), its range `len` shifted by it.
    pub fn offset(mut self, offset: usize) -> Self {
        if let Count::Counted { offset: o, .. } = &mut self.count {
            *o = offset;
        }
        self
    }

    /// The count and the items on one line.
    pub fn inline(mut self) -> Self {
        self.layout = Layout::Inline;
        self
    }

    /// Each item ends its line.
    pub fn each_line(mut self) -> Self {
        self.layout = Layout::Lines;
        self
    }

    /// No two items equal: refused when read, never generated or proposed when shrunk.
    pub fn distinct(mut self) -> Self {
        self.distinct = true;
        self
    }

    fn has_repeats(&self, items: &[F::Value]) -> bool {
        self.distinct && (1..items.len()).any(|i| items[..i].contains(&items[i]))
    }

    fn allowed(&self, items: &[F::Value]) -> bool {
        self.len.contains(&items.len()) && !self.has_repeats(items)
    }
}

/// Shorter lists of at least `min` items, most promising first: for up to 8 items every
/// contiguous run, shortest first, then each item dropped; for more, the two halves, then each
/// item dropped.
fn shorter_lists<T: Clone>(items: &[T], min: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut lists = Vec::new();
    if n <= min {
        return lists;
    }
    if n <= 8 {
        for len in min..n {
            for start in 0..=n - len {
                if len > 0 || start == 0 {
                    lists.push(items[start..start + len].to_vec());
                }
            }
        }
        // Runs of n - 1 dropped the ends already.
        for skip in 1..n.saturating_sub(1) {
            let mut fewer = items.to_vec();
            fewer.remove(skip);
            lists.push(fewer);
        }
    } else {
        if n / 2 >= min {
            lists.push(items[..n / 2].to_vec());
            lists.push(items[n / 2..].to_vec());
        }
        for skip in 0..n {
            let mut fewer = items.to_vec();
            fewer.remove(skip);
            lists.push(fewer);
        }
    }
    lists
}

impl<F: Format> Format for List<F> {
    type Value = Vec<F::Value>;

    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let (lo, hi) = (*self.len.start(), *self.len.end());
        let mut items = Vec::new();
        match self.count {
            Count::Counted { name, offset } => {
                let n: usize = sc.next_in(lo + offset..=hi + offset, name)?;
                for _ in 0..n - offset {
                    items.push(self.item.read(sc)?);
                }
            }
            Count::Fixed => {
                for _ in 0..lo {
                    items.push(self.item.read(sc)?);
                }
            }
            Count::UntilEnd | Count::Until(_) => loop {
                if let Count::Until(end) = self.count {
                    let mut ahead = sc.clone();
                    if ahead.token() == Some(end.as_bytes()) {
                        *sc = ahead;
                        break;
                    }
                } else if sc.is_at_end() {
                    break;
                }
                if items.len() == hi {
                    return Err(sc.invalid(&format!("more than {} items", hi)));
                }
                items.push(self.item.read(sc)?);
            },
        }
        if items.len() < lo {
            return Err(sc.invalid(&format!("fewer than {} items", lo)));
        }
        if self.has_repeats(&items) {
            return Err(sc.invalid("an item repeats an earlier one"));
        }
        Ok(items)
    }

    fn write(&self, items: &Self::Value, out: &mut Writer) {
        if let Count::Counted { offset, .. } = self.count {
            out.token(items.len() + offset);
            if self.layout != Layout::Inline {
                out.end_line();
            }
        }
        for item in items {
            self.item.write(item, out);
            if self.layout == Layout::Lines {
                out.end_line();
            }
        }
        if let Count::Until(end) = self.count {
            out.token(end);
        }
        out.end_line();
    }

    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let len = match size {
            Size::Max => self.max as u64,
            _ => rng.range(*self.small.start() as u64, *self.small.end() as u64),
        } as usize;
        let size = match size {
            Size::Max => Size::Max,
            _ => Size::Quarters(rng.range(1, 4) as u8),
        };
        let mut items: Vec<F::Value> = Vec::with_capacity(len);
        let mut tries = 0;
        while items.len() < len && tries < 100 * len + 100 {
            tries += 1;
            let item = self.item.generate(rng, size);
            if !(self.distinct && items.contains(&item)) {
                items.push(item);
            }
        }
        items
    }

    fn shrink(&self, items: &Self::Value) -> Vec<Self::Value> {
        let mut lists = shorter_lists(items, *self.len.start());
        lists.extend(shrink_each(items, |item| self.item.shrink(item)));
        lists.retain(|list| !self.has_repeats(list));
        lists
    }

    fn fit(&self, items: &Self::Value) -> Option<Self::Value> {
        let fits = items.iter().filter_map(|item| self.item.fit(item));
        let mut fitted: Vec<F::Value> = match self.count {
            // A row keeps its places: an item that no longer fits spoils it.
            Count::Fixed => items
                .iter()
                .map(|item| self.item.fit(item))
                .collect::<Option<_>>()?,
            _ => fits.collect(),
        };
        fitted.truncate(*self.len.end());
        self.allowed(&fitted).then_some(fitted)
    }
}

/// A format followed by the end of its line: see [`line()`].
#[derive(Clone, Debug)]
pub struct Line<F>(F);

/// `format`, then the end of the line.
pub fn line<F: Format>(format: F) -> Line<F> {
    Line(format)
}

impl<F: Format> Format for Line<F> {
    type Value = F::Value;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<F::Value, Error> {
        self.0.read(sc)
    }
    fn write(&self, value: &F::Value, out: &mut Writer) {
        self.0.write(value, out);
        out.end_line();
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> F::Value {
        self.0.generate(rng, size)
    }
    fn shrink(&self, value: &F::Value) -> Vec<F::Value> {
        self.0.shrink(value)
    }
    fn fit(&self, value: &F::Value) -> Option<F::Value> {
        self.0.fit(value)
    }
}

macro_rules! impl_tuple {
    ($($f:ident $v:ident $i:tt),*) => {
        /// The parts in order, each shrunk with the others kept.
        impl<$($f: Format),*> Format for ($($f,)*) {
            type Value = ($($f::Value,)*);
            fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
                Ok(($(self.$i.read(sc)?,)*))
            }
            fn write(&self, value: &Self::Value, out: &mut Writer) {
                $(self.$i.write(&value.$i, out);)*
            }
            fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
                ($(self.$i.generate(rng, size),)*)
            }
            fn shrink(&self, value: &Self::Value) -> Vec<Self::Value> {
                let mut values = Vec::new();
                $(for part in self.$i.shrink(&value.$i) {
                    let mut v = value.clone();
                    v.$i = part;
                    values.push(v);
                })*
                values
            }
            fn fit(&self, value: &Self::Value) -> Option<Self::Value> {
                Some(($(self.$i.fit(&value.$i)?,)*))
            }
        }
    };
}

impl_tuple!(A a 0, B b 1);
impl_tuple!(A a 0, B b 1, C c 2);
impl_tuple!(A a 0, B b 1, C c 2, D d 3);

/// A part whose shape depends on an earlier one: see [`then`].
#[derive(Clone, Debug)]
pub struct Then<H, F> {
    head: H,
    body: F,
}

/// `head`, then the part `body(&head's value)` (e.g. `n m`, then an `n x m` matrix). The value
/// is the pair. When the head shrinks the body is cut down to it ([`Format::fit`]); then the
/// body shrinks.
pub fn then<H: Format, B: Format, F: Fn(&H::Value) -> B>(head: H, body: F) -> Then<H, F> {
    Then { head, body }
}

impl<H: Format, B: Format, F: Fn(&H::Value) -> B> Format for Then<H, F> {
    type Value = (H::Value, B::Value);
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let head = self.head.read(sc)?;
        let body = (self.body)(&head).read(sc)?;
        Ok((head, body))
    }
    fn write(&self, (head, body): &Self::Value, out: &mut Writer) {
        self.head.write(head, out);
        (self.body)(head).write(body, out);
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let head = self.head.generate(rng, size);
        let body = (self.body)(&head).generate(rng, size);
        (head, body)
    }
    fn shrink(&self, (head, body): &Self::Value) -> Vec<Self::Value> {
        let mut values = Vec::new();
        for smaller in self.head.shrink(head) {
            if let Some(fitted) = (self.body)(&smaller).fit(body) {
                values.push((smaller, fitted));
            }
        }
        for smaller in (self.body)(head).shrink(body) {
            values.push((head.clone(), smaller));
        }
        values
    }
    fn fit(&self, (head, body): &Self::Value) -> Option<Self::Value> {
        let head = self.head.fit(head)?;
        let body = (self.body)(&head).fit(body)?;
        Some((head, body))
    }
}

/// A word token over an alphabet: see [`word`].
#[derive(Clone, Debug)]
pub struct Word {
    name: &'static str,
    alphabet: &'static [u8],
    len: RangeInclusive<usize>,
    small: RangeInclusive<usize>,
}

/// A token named `name` of `len` letters of `alphabet`, the first letter the simplest (shrinking
/// turns letters into it). The value is its bytes.
pub fn word(name: &'static str, alphabet: &'static [u8], len: RangeInclusive<usize>) -> Word {
    let (lo, hi) = (*len.start(), *len.end());
    Word {
        name,
        alphabet,
        small: lo..=hi.min(lo.max(1) + 5),
        len,
    }
}

impl Word {
    /// The lengths of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.small = small;
        self
    }

    fn check(&self, sc: &Scanner<'_>, token: &[u8]) -> Result<(), Error> {
        if !self.len.contains(&token.len()) || !token.iter().all(|b| self.alphabet.contains(b)) {
            return Err(sc.invalid(&format!(
                "expected {} ({} to {} of {:?}), found {:?}",
                self.name,
                self.len.start(),
                self.len.end(),
                String::from_utf8_lossy(self.alphabet),
                String::from_utf8_lossy(token)
            )));
        }
        Ok(())
    }
}

impl Format for Word {
    type Value = Vec<u8>;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Vec<u8>, Error> {
        let token = match sc.token() {
            Some(token) => token,
            None => return Err(sc.invalid(&format!("expected {}, found end of input", self.name))),
        };
        self.check(sc, token)?;
        Ok(token.to_vec())
    }
    fn write(&self, value: &Vec<u8>, out: &mut Writer) {
        out.token(String::from_utf8_lossy(value));
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Vec<u8> {
        let len = match size {
            Size::Max => *self.len.end() as u64,
            _ => rng.range(*self.small.start() as u64, *self.small.end() as u64),
        };
        gen::word(rng, self.alphabet, len as usize)
    }
    fn shrink(&self, value: &Vec<u8>) -> Vec<Vec<u8>> {
        let mut words = shorter_lists(value, *self.len.start());
        let simplest = self.alphabet[0];
        for k in 0..value.len() {
            if value[k] != simplest {
                let mut w = value.clone();
                w[k] = simplest;
                words.push(w);
            }
        }
        words
    }
    fn fit(&self, value: &Vec<u8>) -> Option<Vec<u8>> {
        let mut w = value.clone();
        w.truncate(*self.len.end());
        (self.len.contains(&w.len()) && w.iter().all(|b| self.alphabet.contains(b))).then_some(w)
    }
}

/// A keyword token: see [`one_of`].
#[derive(Clone, Debug)]
pub struct OneOf {
    name: &'static str,
    words: &'static [&'static str],
}

/// A token that is one of `words` (named `name`: "the solver", "the variant"), the first the
/// simplest: the value is the word. Generated uniformly; shrinks to the words before it. With
/// [`then`], what follows can depend on it (an input that names its kind first).
///
/// # Example
/// ```
/// use test_kit::format::{int, line, one_of, then, Format};
/// let format = line(then(one_of("the game", &["nim", "chess"]), |&game| {
///     int("N", 1..=if game == "nim" { 100 } else { 8u32 })
/// }));
/// assert_eq!(format.parse(b"chess 8\n").unwrap(), ("chess", 8));
/// assert!(format.parse(b"chess 9\n").is_err());
/// let err = format.parse(b"go 3\n").unwrap_err();
/// assert!(err.contains("expected the game (nim or chess), found \"go\""), "{}", err);
/// assert!(format.shrink(&("chess", 8)).contains(&("nim", 8)));
/// ```
pub fn one_of(name: &'static str, words: &'static [&'static str]) -> OneOf {
    assert!(!words.is_empty(), "one_of needs a word");
    OneOf { name, words }
}

impl Format for OneOf {
    type Value = &'static str;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<&'static str, Error> {
        let token = sc.token().unwrap_or_default();
        match self.words.iter().find(|w| w.as_bytes() == token) {
            Some(word) => Ok(word),
            None => {
                let (last, first) = self.words.split_last().expect("a word");
                let list = match first {
                    [] => last.to_string(),
                    _ => format!("{} or {}", first.join(", "), last),
                };
                let found = String::from_utf8_lossy(token);
                let why = format!("expected {} ({}), found {:?}", self.name, list, found);
                Err(sc.invalid(&why))
            }
        }
    }
    fn write(&self, value: &&'static str, out: &mut Writer) {
        out.token(value);
    }
    fn generate(&self, rng: &mut SplitMix64, _: Size) -> &'static str {
        self.words[rng.index(self.words.len())]
    }
    fn shrink(&self, value: &&'static str) -> Vec<&'static str> {
        let at = self.words.iter().position(|w| w == value).unwrap_or(0);
        self.words[..at].to_vec()
    }
    fn fit(&self, value: &&'static str) -> Option<&'static str> {
        self.words.iter().find(|w| *w == value).copied()
    }
}

/// A grid of characters: see [`grid`].
#[derive(Clone, Debug)]
pub struct Grid {
    sides: (&'static str, &'static str),
    range: RangeInclusive<usize>,
    small: RangeInclusive<usize>,
    alphabet: &'static [u8],
}

/// Two sides named `h` and `w` in `sides` on one line, then `h` rows of `w` letters of
/// `alphabet` (the first the simplest). The value is the rows' bytes. Small grids are up to
/// 6 x 6 (one in nine a single row or column up to 12), random with a random bias, or all one
/// letter, or a checkerboard of the first two letters in either phase. Shrinks by dropping the
/// first or last row or column, then by turning a letter into the first.
pub fn grid(
    h: &'static str,
    w: &'static str,
    sides: RangeInclusive<usize>,
    alphabet: &'static [u8],
) -> Grid {
    let lo = *sides.start();
    Grid {
        sides: (h, w),
        small: lo..=(*sides.end()).min(lo.max(1) + 5),
        range: sides,
        alphabet,
    }
}

impl Grid {
    /// The sides of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.small = small;
        self
    }
}

impl Format for Grid {
    type Value = Vec<Vec<u8>>;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let h: usize = sc.next_in(self.range.clone(), self.sides.0)?;
        let w: usize = sc.next_in(self.range.clone(), self.sides.1)?;
        let row = word("a row", self.alphabet, w..=w);
        (0..h).map(|_| row.read(sc)).collect()
    }
    fn write(&self, rows: &Self::Value, out: &mut Writer) {
        out.token(rows.len());
        out.token(rows[0].len());
        out.end_line();
        for row in rows {
            out.token(String::from_utf8_lossy(row));
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let (lo, hi) = (*self.small.start() as u64, *self.small.end() as u64);
        let (h, w) = match (size, rng.range(0, 8)) {
            (Size::Max, _) => (*self.range.end() as u64, *self.range.end() as u64),
            (_, 0) => (1, rng.range(lo, (2 * hi).min(*self.range.end() as u64))),
            (_, 1) => (rng.range(lo, (2 * hi).min(*self.range.end() as u64)), 1),
            _ => (rng.range(lo, hi), rng.range(lo, hi)),
        };
        let (h, w) = (h as usize, w as usize);
        let a = self.alphabet;
        let (first, second) = (a[0], a[a.len().min(2) - 1]);
        let mode = if size == Size::Max {
            6
        } else {
            rng.range(0, 6)
        };
        let bias = rng.range(0, 100);
        let mut cell = |i: usize, j: usize| match mode {
            0 => first,
            1 => second,
            2 | 3 => [first, second][(i + j + mode as usize) % 2],
            _ if a.len() == 2 => [first, second][usize::from(rng.range(0, 99) < bias)],
            _ => a[rng.index(a.len())],
        };
        (0..h)
            .map(|i| (0..w).map(|j| cell(i, j)).collect())
            .collect()
    }
    fn shrink(&self, rows: &Self::Value) -> Vec<Self::Value> {
        let (h, w) = (rows.len(), rows[0].len());
        let lo = *self.range.start();
        let mut grids = Vec::new();
        if h > lo {
            grids.push(rows[..h - 1].to_vec());
            grids.push(rows[1..].to_vec());
        }
        if w > lo {
            grids.push(rows.iter().map(|r| r[..w - 1].to_vec()).collect());
            grids.push(rows.iter().map(|r| r[1..].to_vec()).collect());
        }
        for i in 0..h {
            for j in 0..w {
                if rows[i][j] != self.alphabet[0] {
                    let mut g = rows.clone();
                    g[i][j] = self.alphabet[0];
                    grids.push(g);
                }
            }
        }
        grids
    }
    fn fit(&self, rows: &Self::Value) -> Option<Self::Value> {
        let ok = self.range.contains(&rows.len()) && self.range.contains(&rows[0].len());
        ok.then(|| rows.clone())
    }
}

/// A graph on vertices `1..=n` as its edges, `(from, to)`: the value of [`edges`], [`tree`]
/// and [`dag`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// The number of vertices.
    pub n: usize,
    /// The edges, 1-based, in the order written.
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// Without vertex `v` and its edges, the vertices above it renumbered one lower.
    pub fn without_vertex(&self, v: usize) -> Graph {
        let down = |x: usize| if x > v { x - 1 } else { x };
        let edges = self.edges.iter().filter(|&&(a, b)| a != v && b != v);
        Graph {
            n: self.n - 1,
            edges: edges.map(|&(a, b)| (down(a), down(b))).collect(),
        }
    }

    /// With edge `k` contracted: its ends merged into the lower one.
    pub fn contracted(&self, k: usize) -> Graph {
        let (a, b) = self.edges[k];
        let (keep, gone) = (a.min(b), a.max(b));
        let mut merged = self.clone();
        merged.edges.remove(k);
        for e in merged.edges.iter_mut() {
            for x in [&mut e.0, &mut e.1] {
                if *x == gone {
                    *x = keep;
                }
            }
        }
        let down = |x: usize| if x > gone { x - 1 } else { x };
        merged.edges = merged
            .edges
            .iter()
            .map(|&(a, b)| (down(a), down(b)))
            .collect();
        merged.n -= 1;
        merged
    }

    /// Whether every vertex is reached from vertex 1 (edges taken both ways).
    pub fn is_connected(&self) -> bool {
        if self.n == 0 {
            return true;
        }
        let mut seen = bitvec::bitvec![0; self.n + 1];
        let mut stack = vec![1];
        seen.set(1, true);
        while let Some(v) = stack.pop() {
            for &(a, b) in &self.edges {
                for (x, y) in [(a, b), (b, a)] {
                    if x == v && !seen[y] {
                        seen.set(y, true);
                        stack.push(y);
                    }
                }
            }
        }
        seen.count_ones() == self.n
    }

    /// Whether the edges, directed, have no cycle.
    pub fn is_acyclic(&self) -> bool {
        let mut indegree = vec![0usize; self.n + 1];
        self.edges.iter().for_each(|&(_, b)| indegree[b] += 1);
        let mut ready: Vec<usize> = (1..=self.n).filter(|&v| indegree[v] == 0).collect();
        let mut done = 0;
        while let Some(v) = ready.pop() {
            done += 1;
            for &(a, b) in &self.edges {
                if a == v {
                    indegree[b] -= 1;
                    if indegree[b] == 0 {
                        ready.push(b);
                    }
                }
            }
        }
        done == self.n
    }

    /// Whether no edge is a loop or repeats another (either way round).
    pub fn is_simple(&self) -> bool {
        let key = |&(a, b): &(usize, usize)| (a.min(b), a.max(b));
        let mut keys: Vec<_> = self.edges.iter().map(key).collect();
        keys.sort_unstable();
        keys.windows(2).all(|w| w[0] != w[1]) && self.edges.iter().all(|&(a, b)| a != b)
    }
}

/// The kind of graph of a [`Graphs`] format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Simple, any edges; `connected` adds connectivity.
    Edges { connected: bool },
    /// A tree: n - 1 edges, connected.
    Tree,
    /// Directed, acyclic, simple.
    Dag,
}

/// A graph as `n` (and `m`) then one edge per line: see [`edges`], [`tree`], [`dag`].
#[derive(Clone, Debug)]
pub struct Graphs {
    names: (&'static str, &'static str),
    kind: Kind,
    n: RangeInclusive<usize>,
    small: RangeInclusive<usize>,
    max_edges: usize,
}

/// A simple undirected graph: `n m` (named `n`, `m`) on a line, `n` in `vertices`, `m` at most
/// `max_edges`, then `m` lines `u v`. Shrinks by dropping an edge or a vertex.
pub fn edges(
    n: &'static str,
    m: &'static str,
    vertices: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    graphs(
        (n, m),
        Kind::Edges { connected: false },
        vertices,
        max_edges,
    )
}

/// A tree: `n` (named `n`, in `vertices`) on a line, then its `n - 1` edges `u v`, one per line.
/// Generated in every shape of [`gen::tree`]; shrinks by dropping a leaf or contracting an
/// edge, so it stays a tree.
pub fn tree(n: &'static str, vertices: RangeInclusive<usize>) -> Graphs {
    let most = vertices.end().saturating_sub(1);
    graphs((n, ""), Kind::Tree, vertices, most)
}

/// A directed acyclic graph: `n m` on a line, then `m` lines `u v` (an edge from u to v), with
/// no cycle and no repeated edge. Shrinks by dropping an edge or a vertex.
pub fn dag(
    n: &'static str,
    m: &'static str,
    vertices: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    graphs((n, m), Kind::Dag, vertices, max_edges)
}

fn graphs(
    names: (&'static str, &'static str),
    kind: Kind,
    n: RangeInclusive<usize>,
    max_edges: usize,
) -> Graphs {
    let lo = *n.start();
    Graphs {
        names,
        kind,
        small: lo..=(*n.end()).min(lo.max(1) + 6),
        n,
        max_edges,
    }
}

impl Graphs {
    /// The numbers of vertices of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.small = small;
        self
    }

    /// Only connected graphs (of [`edges`]).
    pub fn connected(mut self) -> Self {
        if let Kind::Edges { connected } = &mut self.kind {
            *connected = true;
        }
        self
    }

    fn max_edges_of(&self, n: usize) -> usize {
        let most = match self.kind {
            Kind::Tree => n.saturating_sub(1),
            _ => n * n.saturating_sub(1) / 2,
        };
        most.min(self.max_edges)
    }

    /// Whether `graph` is one of this format's.
    pub fn allows(&self, graph: &Graph) -> bool {
        let in_range =
            |&(a, b): &(usize, usize)| (1..=graph.n).contains(&a) && (1..=graph.n).contains(&b);
        let shape = match self.kind {
            Kind::Tree => graph.edges.len() + 1 == graph.n && graph.is_connected(),
            Kind::Edges { connected } => graph.is_simple() && (!connected || graph.is_connected()),
            Kind::Dag => graph.is_simple() && graph.is_acyclic(),
        };
        self.n.contains(&graph.n)
            && graph.edges.len() <= self.max_edges_of(graph.n)
            && graph.edges.iter().all(in_range)
            && shape
    }
}

impl Format for Graphs {
    type Value = Graph;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Graph, Error> {
        let n: usize = sc.next_in(self.n.clone(), self.names.0)?;
        let m: usize = match self.kind {
            Kind::Tree => n - 1,
            _ => sc.next_in(0..=self.max_edges_of(n), self.names.1)?,
        };
        let mut edges = Vec::with_capacity(m);
        for _ in 0..m {
            edges.push((sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?));
        }
        let graph = Graph { n, edges };
        if !self.allows(&graph) {
            let what = match self.kind {
                Kind::Tree => "the edges do not form a tree",
                Kind::Dag => "the edges have a cycle or a repeated edge",
                Kind::Edges { connected: true } => "the graph is not simple and connected",
                Kind::Edges { .. } => "the graph has a loop or a repeated edge",
            };
            return Err(sc.invalid(what));
        }
        Ok(graph)
    }
    fn write(&self, graph: &Graph, out: &mut Writer) {
        out.token(graph.n);
        if self.kind != Kind::Tree {
            out.token(graph.edges.len());
        }
        out.end_line();
        for &(a, b) in &graph.edges {
            out.token(a);
            out.token(b);
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Graph {
        let n = match size {
            Size::Max => *self.n.end() as u64,
            _ => rng.range(*self.small.start() as u64, *self.small.end() as u64),
        } as usize;
        let most = self.max_edges_of(n);
        let m = match size {
            Size::Max => most,
            _ => rng.range(0, most as u64) as usize,
        };
        let edges = match self.kind {
            Kind::Tree => {
                let shape = gen::TreeShape::any(rng);
                gen::tree(rng, n, shape)
            }
            Kind::Dag => gen::dag(rng, n, m),
            Kind::Edges { connected: true } => {
                gen::connected_graph(rng, n, m.max(n.saturating_sub(1)))
            }
            Kind::Edges { connected: false } => gen::graph(rng, n, m),
        };
        Graph { n, edges }
    }
    fn shrink(&self, graph: &Graph) -> Vec<Graph> {
        let mut graphs = Vec::new();
        for v in (1..=graph.n).rev() {
            graphs.push(graph.without_vertex(v));
        }
        if self.kind == Kind::Tree {
            graphs.retain(|g| self.allows(g)); // dropped leaves
            for k in 0..graph.edges.len() {
                graphs.push(graph.contracted(k));
            }
        }
        for k in 0..graph.edges.len() {
            let mut fewer = graph.clone();
            fewer.edges.remove(k);
            graphs.push(fewer);
        }
        graphs.retain(|g| self.allows(g));
        graphs
    }
    fn fit(&self, graph: &Graph) -> Option<Graph> {
        self.allows(graph).then(|| graph.clone())
    }
}

/// A tree with a value at each vertex: see [`valued_tree`].
#[derive(Clone, Debug)]
pub struct ValuedTree<F> {
    tree: Graphs,
    value: F,
}

/// A tree whose vertices carry values: `n` (named `n`, in `vertices`) on a line, the `n` values
/// (`value`, vertex 1 first) on a line, then the `n - 1` edges `u v`, one per line. The value is
/// `(values, tree)`, `values[v - 1]` at vertex `v`. Generated in every shape of [`gen::tree`],
/// the values of one tree from a random quarter to all of their small range (as a list's
/// items); shrinks by dropping a leaf or contracting an edge (the higher end's value goes with
/// it), so it stays a tree, then by smaller values.
///
/// # Example
/// ```
/// use test_kit::format::{int, valued_tree, Format, Graph};
/// let format = valued_tree("N", 2..=3000, int("A_i", 0..=9u64));
/// let value = format.parse(b"3\n1 2 3\n1 2\n2 3\n").unwrap();
/// assert_eq!(value, (vec![1, 2, 3], Graph { n: 3, edges: vec![(1, 2), (2, 3)] }));
/// assert_eq!(format.render(&value), "3\n1 2 3\n1 2\n2 3\n");
/// assert!(format.shrink(&value).contains(&(vec![1, 2], Graph { n: 2, edges: vec![(1, 2)] })));
/// ```
pub fn valued_tree<F: Format>(
    n: &'static str,
    vertices: RangeInclusive<usize>,
    value: F,
) -> ValuedTree<F> {
    ValuedTree {
        tree: tree(n, vertices),
        value,
    }
}

impl<F> ValuedTree<F> {
    /// The numbers of vertices of [`Size::Small`].
    pub fn small(mut self, small: RangeInclusive<usize>) -> Self {
        self.tree = self.tree.small(small);
        self
    }
}

impl<F: Format> Format for ValuedTree<F> {
    type Value = (Vec<F::Value>, Graph);
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let n: usize = sc.next_in(self.tree.n.clone(), self.tree.names.0)?;
        let values = (0..n)
            .map(|_| self.value.read(sc))
            .collect::<Result<_, _>>()?;
        let mut edges = Vec::with_capacity(n - 1);
        for _ in 1..n {
            edges.push((sc.next_in(1..=n, "u")?, sc.next_in(1..=n, "v")?));
        }
        let graph = Graph { n, edges };
        if !self.tree.allows(&graph) {
            return Err(sc.invalid("the edges do not form a tree"));
        }
        Ok((values, graph))
    }
    fn write(&self, (values, graph): &Self::Value, out: &mut Writer) {
        out.token(graph.n);
        out.end_line();
        values.iter().for_each(|v| self.value.write(v, out));
        out.end_line();
        for &(a, b) in &graph.edges {
            out.token(a);
            out.token(b);
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let graph = self.tree.generate(rng, size);
        let size = match size {
            Size::Max => Size::Max,
            _ => Size::Quarters(rng.range(1, 4) as u8),
        };
        let values = (0..graph.n).map(|_| self.value.generate(rng, size));
        (values.collect(), graph)
    }
    fn shrink(&self, (values, graph): &Self::Value) -> Vec<Self::Value> {
        let mut trees = Vec::new();
        for v in (1..=graph.n).rev() {
            let mut fewer = values.clone();
            fewer.remove(v - 1);
            trees.push((fewer, graph.without_vertex(v)));
        }
        for (k, &(a, b)) in graph.edges.iter().enumerate() {
            let mut fewer = values.clone();
            fewer.remove(a.max(b) - 1);
            trees.push((fewer, graph.contracted(k)));
        }
        trees.retain(|(_, g)| self.tree.allows(g));
        let smaller = shrink_each(values, |v| self.value.shrink(v));
        trees.extend(smaller.into_iter().map(|values| (values, graph.clone())));
        trees
    }
    fn fit(&self, (values, graph): &Self::Value) -> Option<Self::Value> {
        let values = values.iter().map(|v| self.value.fit(v));
        let values = values.collect::<Option<Vec<_>>>()?;
        self.tree.allows(graph).then(|| (values, graph.clone()))
    }
}

/// Adjacency lists: `n` (named `n`, in `vertices`) on a line, then for each vertex a line with
/// its number of neighbours and the neighbours, in `1..=n`. The value is `(n, lists)`.
#[allow(clippy::type_complexity)]
pub fn adjacency(
    n: &'static str,
    vertices: RangeInclusive<usize>,
) -> Then<Line<Int<usize>>, impl Fn(&usize) -> List<List<Int<usize>>>> {
    then(line(int(n, vertices)), |&n| {
        fixed(
            n,
            list("k", 0..=n, int("a neighbour", 1..=n.max(1))).inline(),
        )
        .each_line()
    })
}

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
