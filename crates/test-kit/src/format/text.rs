//! Tokens that are not numbers: words over an alphabet, keywords, grids of characters.

use super::*;

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
/// let err = format.parse(b"go 3\n").unwrap_err().to_string();
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
        random_cells(rng, h as usize, w as usize, self.alphabet, size)
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

/// `h` rows of `w` cells of `alphabet`: all the first letter, all the second, a checkerboard of
/// the two in either phase, or random (with a random bias between the two when there are only
/// two); at [`Size::Max`] always random.
fn random_cells(
    rng: &mut SplitMix64,
    h: usize,
    w: usize,
    alphabet: &[u8],
    size: Size,
) -> Vec<Vec<u8>> {
    let a = alphabet;
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

/// Rows of a grid whose sides came earlier: see [`rows`].
#[derive(Clone, Debug)]
pub struct Rows {
    sides: (usize, usize),
    alphabet: &'static [u8],
    unique: &'static [u8],
}

/// Exactly `h` rows of `w` cells of `alphabet` (any bytes but whitespace; the first the
/// simplest), one row per line, with no sides written: they come from an earlier header, through
/// [`then`]. The value is the rows' bytes; read by [`dp_core::Grid::read`], so a bad row or cell
/// is named by its row and column as the solution names it. Generated as [`grid`]'s cells are;
/// shrinks by turning a cell into the first letter. [`Rows::unique`] asks for exactly one of
/// some cells.
///
/// A header's sides shrink too: [`Format::fit`] cuts the rows to the smaller sides, dropping the
/// last rows and columns that hold no unique cell first; a unique cell cut away moves to the
/// nearest free cell.
///
/// # Example
/// ```
/// use test_kit::format::{int, line, rows, then, Format, Size};
/// use dp_core::SplitMix64;
/// // `R C T`, then R rows of C cells with exactly one `C`, one `M` and one `F`.
/// let header = line((int("R", 1..=20usize), int("C", 1..=20usize), int("T", 1..=1000u32)));
/// let header = header.valid("room for C, M and F", |&(r, c, _)| r * c >= 3);
/// let format = then(header, |&(r, c, _)| rows(r, c, b".#CMF").unique(b"CMF"));
/// let value = format.parse(b"2 3 5\nCM.\n#F.\n").unwrap();
/// assert_eq!(value, ((2, 3, 5), vec![b"CM.".to_vec(), b"#F.".to_vec()]));
/// assert_eq!(format.render(&value), "2 3 5\nCM.\n#F.\n");
/// let err = format.parse(b"2 3 5\nCM.\n#FM\n").unwrap_err().to_string();
/// assert!(err.contains("row 2, column 3"), "{}", err);
/// // The header shrinks to 2 x 2: the last column, which holds no unique cell, goes.
/// assert!(format.shrink(&value).contains(&((2, 2, 5), vec![b"CM".to_vec(), b"#F".to_vec()])));
/// let ((r, c, _), grid) = format.generate(&mut SplitMix64::new(7), Size::Small);
/// assert_eq!((grid.len(), grid[0].len()), (r, c));
/// assert_eq!(grid.concat().iter().filter(|&&b| b == b'M').count(), 1);
/// ```
pub fn rows(h: usize, w: usize, alphabet: &'static [u8]) -> Rows {
    Rows {
        sides: (h, w),
        alphabet,
        unique: b"",
    }
}

impl Rows {
    /// Exactly one cell of each of `cells` (letters of the alphabet): refused when read,
    /// generated at distinct random places, kept by shrinking and [`Format::fit`].
    pub fn unique(mut self, cells: &'static [u8]) -> Self {
        self.unique = cells;
        self
    }

    fn plain(&self) -> Vec<u8> {
        let plain = self.alphabet.iter().filter(|b| !self.unique.contains(b));
        plain.copied().collect()
    }

    /// The indices in `0..len` kept when `len` lines (rows or columns) are cut to `keep`: the
    /// last lines that hold no unique cell go first, then the last ones.
    fn kept(len: usize, keep: usize, holds_unique: impl Fn(usize) -> bool) -> Option<Vec<usize>> {
        let mut excess = len.checked_sub(keep)?;
        let mut dropped = vec![false; len];
        for plain_only in [true, false] {
            for i in (0..len).rev() {
                if excess > 0 && !dropped[i] && (!plain_only || !holds_unique(i)) {
                    dropped[i] = true;
                    excess -= 1;
                }
            }
        }
        Some((0..len).filter(|&i| !dropped[i]).collect())
    }
}

impl Format for Rows {
    type Value = Vec<Vec<u8>>;
    fn read(&self, sc: &mut Scanner<'_>) -> Result<Self::Value, Error> {
        let (h, w) = self.sides;
        let grid = dp_core::Grid::read(sc, h, w, self.alphabet, self.unique)?;
        Ok(grid.cells().chunks(w.max(1)).map(<[u8]>::to_vec).collect())
    }
    fn write(&self, rows: &Self::Value, out: &mut Writer) {
        for row in rows {
            out.token(String::from_utf8_lossy(row));
            out.end_line();
        }
    }
    fn generate(&self, rng: &mut SplitMix64, size: Size) -> Self::Value {
        let (h, w) = self.sides;
        assert!(
            self.unique.len() <= h * w,
            "a {} x {} grid has no room for its {} unique cells: bound the header with .valid()",
            h,
            w,
            self.unique.len()
        );
        let plain = self.plain();
        let mut cells = random_cells(rng, h, w, &plain, size);
        let mut free: Vec<usize> = (0..h * w).collect();
        for &b in self.unique {
            let k = free.swap_remove(rng.index(free.len()));
            cells[k / w][k % w] = b;
        }
        cells
    }
    fn shrink(&self, rows: &Self::Value) -> Vec<Self::Value> {
        let simplest = self.plain()[0];
        let mut grids = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for (j, &b) in row.iter().enumerate() {
                if b != simplest && !self.unique.contains(&b) {
                    let mut g = rows.clone();
                    g[i][j] = simplest;
                    grids.push(g);
                }
            }
        }
        grids
    }
    fn fit(&self, rows: &Self::Value) -> Option<Self::Value> {
        let (h, w) = self.sides;
        let unique = |b: &u8| self.unique.contains(b);
        let keep_rows = Rows::kept(rows.len(), h, |i| rows[i].iter().any(unique))?;
        let cols = rows.first().map_or(0, Vec::len);
        let keep_cols = Rows::kept(cols, w, |j| rows.iter().any(|row| unique(&row[j])))?;
        let mut fitted: Vec<Vec<u8>> = keep_rows
            .iter()
            .map(|&i| keep_cols.iter().map(|&j| rows[i][j]).collect())
            .collect();
        // A unique cell cut away moves to the free cell nearest its old place.
        for &b in self.unique {
            if fitted.concat().contains(&b) {
                continue;
            }
            let (i, j) = (0..rows.len())
                .flat_map(|i| (0..cols).map(move |j| (i, j)))
                .find(|&(i, j)| rows[i][j] == b)?;
            let (i, j) = (i.min(h.saturating_sub(1)), j.min(w.saturating_sub(1)));
            let free = (0..h).flat_map(|r| (0..w).map(move |c| (r, c)));
            let free = free.filter(|&(r, c)| !unique(&fitted[r][c]));
            let (r, c) = free.min_by_key(|&(r, c)| r.abs_diff(i) + c.abs_diff(j))?;
            fitted[r][c] = b;
        }
        let cells_ok = fitted.concat().iter().all(|b| self.alphabet.contains(b));
        cells_ok.then_some(fitted)
    }
}
