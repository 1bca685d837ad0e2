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
