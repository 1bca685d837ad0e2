//! Sequences: counted lists and cases, fixed lengths, items until the end of input or a
//! terminator, matrices; a format ending its line; tuples; a part shaped by an earlier value.

use super::*;

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
pub(super) fn shorter_lists<T: Clone>(items: &[T], min: usize) -> Vec<Vec<T>> {
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

// Tuples of 2 to 12 parts: a record of named fields, such as a header `R C catJump mouseJump T`
// read as `line((int("R", ..), int("C", ..), ..))`.
macro_rules! impl_tuple {
    ($($f:ident $v:ident $i:tt),*) => {
        /// The parts in order, each shrunk with the others kept (a record of up to 12 fields).
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
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10);
impl_tuple!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7, I i 8, J j 9, K k 10, L l 11);

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
