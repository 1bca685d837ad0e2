//! Judge I/O: read the whole input once, parse integers by hand, name the token on bad input.
//!
//! A solution is `fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error>` and its
//! `main` is `dp_core::run(solve)`: [`run`] reads stdin, buffers stdout, and turns an [`Error`]
//! into one line on stderr and exit code 1 (no panic, no backtrace).

use std::fmt;
use std::io::{BufWriter, Read, Write};
use std::ops::RangeInclusive;

/// Why a solution could not answer: malformed input, a broken rule of the format, or failed I/O.
///
/// Input errors name the token (1-based, counting whitespace-separated tokens) and its line
/// (lines end with `\n`, `\r\n` or a lone `\r`). The token is shown quoted, bytes that are not
/// printable ASCII as `\xNN`, and a token longer than [`SHOWN_TOKEN_CHARS`] bytes as its start
/// and its length in bytes: the message stays one short line whatever the input.
///
/// # Example
/// ```
/// use dp_core::Scanner;
/// let mut sc = Scanner::new(b"3\nx");
/// assert_eq!(sc.next::<u32>("t").unwrap(), 3);
/// let err = sc.next::<u32>("n").unwrap_err();
/// assert_eq!(err.to_string(), "token 2 (line 2): expected n (an integer), found \"x\"");
/// ```
#[derive(Debug)]
pub enum Error {
    /// A token was missing or did not parse as what was expected.
    Input {
        /// 1-based number of the token.
        token: usize,
        /// 1-based line of the token (of the end of input when it is missing).
        line: usize,
        /// What the solution expected there, e.g. `n (an integer in 2..=100000)`.
        expected: String,
        /// What was found: the token, quoted (see [`Error`] for long and non-UTF-8 ones), or
        /// `end of input`.
        found: String,
    },
    /// The tokens parsed but break a rule of the format (e.g. two pieces on one cell).
    Invalid(String),
    /// Reading input or writing output failed.
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                token,
                line,
                expected,
                found,
            } => write!(
                f,
                "token {} (line {}): expected {}, found {}",
                token, line, expected, found
            ),
            Error::Invalid(message) => f.write_str(message),
            Error::Io(err) => write!(f, "i/o error: {}", err),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// This error with `context()` after `what` where it names `what` as expected: a solution
    /// reads with a short name (`sc.next("a dot")`) and builds the long one (`a dot of game 3,
    /// move 2`) only when there is an error, not once per token.
    ///
    /// # Complexity
    /// O(length of the message), and `context` is called only for an [`Error::Input`] whose
    /// expectation starts with `what`.
    ///
    /// # Example
    /// ```
    /// use dp_core::Scanner;
    /// let mut sc = Scanner::new(b"7 x");
    /// let game = 3;
    /// let read = |sc: &mut Scanner| sc.next::<i64>("a dot");
    /// assert_eq!(read(&mut sc).unwrap(), 7);
    /// let err = read(&mut sc).unwrap_err().with_context("a dot", || format!(" of game {}", game));
    /// assert_eq!(err.to_string(), "token 2 (line 1): expected a dot of game 3 (an integer), found \"x\"");
    /// ```
    pub fn with_context(self, what: &str, context: impl FnOnce() -> String) -> Error {
        match self {
            Error::Input {
                token,
                line,
                expected,
                found,
            } if expected.starts_with(what) => Error::Input {
                token,
                line,
                expected: format!("{}{}{}", what, context(), &expected[what.len()..]),
                found,
            },
            other => other,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Self {
        Error::Io(err)
    }
}

/// Tokens longer than this many bytes are shown in errors as their first
/// `SHOWN_TOKEN_CHARS - 8` bytes, `...` and their length, so that a 70 MB token gives a short
/// message instead of a 70 MB allocation (which aborts under a judge's memory limit).
///
/// # Example
/// ```
/// let long = vec![b'7'; 100];
/// let err = dp_core::Scanner::new(&long).next::<u64>("n").unwrap_err().to_string();
/// assert_eq!(
///     err,
///     format!("token 1 (line 1): expected n (an integer), found \"{}...\" (100 bytes)", "7".repeat(32))
/// );
/// assert!(err.len() < 100);
/// ```
pub const SHOWN_TOKEN_CHARS: usize = 40;

/// `token` quoted, each byte as `<[u8]>::escape_ascii` shows it (`\xNN` for a byte that is
/// not printable ASCII, so nothing is lost to U+FFFD), and when it is longer than
/// [`SHOWN_TOKEN_CHARS`] bytes, only its start and then its length. Reads at most that many
/// bytes of the token.
fn show_token(token: &[u8]) -> String {
    if token.len() > SHOWN_TOKEN_CHARS {
        let start = &token[..SHOWN_TOKEN_CHARS - 8];
        format!("\"{}...\" ({} bytes)", start.escape_ascii(), token.len())
    } else {
        format!("\"{}\"", token.escape_ascii())
    }
}

/// An integer type the [`Scanner`] can parse: the primitive integers up to 64 bits.
pub trait Integer: Copy + PartialOrd + fmt::Display {
    /// Parses an optional sign and decimal digits; `None` on anything else, on overflow, and
    /// on a negative value of an unsigned type.
    fn parse_token(token: &[u8]) -> Option<Self>;
}

fn parse_magnitude(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    Some(value)
}

/// An optional sign and decimal digits, as i128 so that every type up to 64 bits fits.
fn parse_signed(token: &[u8]) -> Option<i128> {
    let (negative, digits) = match token.first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let magnitude = i128::from(parse_magnitude(digits)?);
    Some(if negative { -magnitude } else { magnitude })
}

macro_rules! impl_integer {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            #[inline]
            fn parse_token(token: &[u8]) -> Option<Self> {
                <$t>::try_from(parse_signed(token)?).ok()
            }
        }
    )*};
}

impl_integer!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Reads whitespace-separated tokens from an input held in memory.
///
/// Any ASCII whitespace separates tokens, so CRLF line ends and blank lines need no care.
///
/// # Example
/// ```
/// use dp_core::Scanner;
/// let mut sc = Scanner::new(b"2 3\r\n-7\r\n");
/// let n: usize = sc.next_in(1..=10, "n").unwrap();
/// let m: usize = sc.next("m").unwrap();
/// let v: i64 = sc.next("value").unwrap();
/// assert_eq!((n, m, v), (2, 3, -7));
/// assert!(sc.next::<i64>("value").is_err());
/// ```
///
/// A clone reads on from the same place, independently (to read a part of the input again).
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    pos: usize,
    token: usize,
    token_start: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `input`.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"42");
    /// assert_eq!(sc.next::<u8>("x").unwrap(), 42);
    /// ```
    pub fn new(input: &'a [u8]) -> Self {
        Scanner {
            input,
            pos: 0,
            token: 0,
            token_start: 0,
        }
    }

    /// The next token as raw bytes, or `None` at the end of input.
    ///
    /// # Complexity
    /// O(length of the token and the whitespace before it).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b" ab\tc ");
    /// assert_eq!(sc.token(), Some(&b"ab"[..]));
    /// assert_eq!(sc.token(), Some(&b"c"[..]));
    /// assert_eq!(sc.token(), None);
    /// ```
    pub fn token(&mut self) -> Option<&'a [u8]> {
        let input = self.input;
        let mut pos = self.pos;
        while pos < input.len() && input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        self.token += 1;
        self.token_start = pos;
        if pos == input.len() {
            self.pos = pos;
            return None;
        }
        let start = pos;
        // Eight bytes at a time while none is below b'!' (no whitespace): long tokens (a row of
        // a 2000 x 2000 grid) pass in an eighth of the steps.
        while let Some(w) = input.get(pos..pos + 8) {
            let w = u64::from_le_bytes(w.try_into().unwrap());
            // A high bit where a byte is below 0x21 (exact on whether any is).
            if w.wrapping_sub(0x2121_2121_2121_2121) & !w & 0x8080_8080_8080_8080 != 0 {
                break;
            }
            pos += 8;
        }
        while pos < input.len() && !input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        self.pos = pos;
        Some(&input[start..pos])
    }

    /// Parses the next token as an integer; `what` names it in the error.
    ///
    /// # Errors
    /// [`Error::Input`] when the input has ended or the token is not an integer of type `T`.
    ///
    /// # Complexity
    /// O(length of the token).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"300");
    /// let err = sc.next::<u8>("a_1").unwrap_err();
    /// assert_eq!(err.to_string(), "token 1 (line 1): expected a_1 (an integer), found \"300\"");
    /// ```
    #[inline]
    pub fn next<T: Integer>(&mut self, what: &str) -> Result<T, Error> {
        match self.token() {
            Some(token) => match T::parse_token(token) {
                Some(value) => Ok(value),
                None => Err(self.error_here(format!("{} (an integer)", what), token)),
            },
            None => Err(self.error_at_end(format!("{} (an integer)", what))),
        }
    }

    /// Parses the next token as an integer in `range`; `what` names it in the error.
    ///
    /// # Errors
    /// [`Error::Input`] when the input has ended, the token is not an integer, or it lies outside
    /// `range`.
    ///
    /// # Complexity
    /// O(length of the token).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"1");
    /// let err = sc.next_in::<u32>(2..=100_000, "n").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 1 (line 1): expected n (an integer in 2..=100000), found \"1\""
    /// );
    /// ```
    #[inline]
    pub fn next_in<T: Integer>(
        &mut self,
        range: RangeInclusive<T>,
        what: &str,
    ) -> Result<T, Error> {
        let token = self.token();
        if let Some(token) = token {
            if let Some(value) = T::parse_token(token) {
                if range.contains(&value) {
                    return Ok(value);
                }
            }
        }
        let expected = format!(
            "{} (an integer in {}..={})",
            what,
            range.start(),
            range.end()
        );
        Err(match token {
            Some(token) => self.error_here(expected, token),
            None => self.error_at_end(expected),
        })
    }

    /// Reads the next token as a word of ASCII letters (upper or lower case) whose length is
    /// in `lengths`; `what` names it in the error. The word is returned as it stands in the
    /// input, without a copy.
    ///
    /// # Errors
    /// [`Error::Input`] when the input has ended, or the token holds a byte that is not a
    /// letter, or its length lies outside `lengths`.
    ///
    /// # Complexity
    /// O(length of the token).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"abcD\nab\n");
    /// assert_eq!(sc.next_word(3..=8, "s_1").unwrap(), b"abcD");
    /// let err = sc.next_word(3..=8, "s_2").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 2 (line 2): expected s_2 (a word of 3..=8 letters), found \"ab\""
    /// );
    /// ```
    #[inline]
    pub fn next_word(
        &mut self,
        lengths: RangeInclusive<usize>,
        what: &str,
    ) -> Result<&'a [u8], Error> {
        let token = self.token();
        if let Some(token) = token {
            if lengths.contains(&token.len()) && token.iter().all(u8::is_ascii_alphabetic) {
                return Ok(token);
            }
        }
        let expected = format!(
            "{} (a word of {}..={} letters)",
            what,
            lengths.start(),
            lengths.end()
        );
        Err(match token {
            Some(token) => self.error_here(expected, token),
            None => self.error_at_end(expected),
        })
    }

    /// Reads the next token as one character in `letters` (e.g. `b'a'..=b'z'`) and returns its
    /// byte; `what` names it in the error.
    ///
    /// # Errors
    /// [`Error::Input`] when the input has ended, or the token is longer than one byte or its
    /// byte lies outside `letters`.
    ///
    /// # Complexity
    /// O(length of the token).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"q Q");
    /// assert_eq!(sc.next_letter(b'a'..=b'z', "c").unwrap(), b'q');
    /// let err = sc.next_letter(b'a'..=b'z', "c").unwrap_err();
    /// assert_eq!(err.to_string(), "token 2 (line 1): expected c (a letter in a..=z), found \"Q\"");
    /// ```
    #[inline]
    pub fn next_letter(&mut self, letters: RangeInclusive<u8>, what: &str) -> Result<u8, Error> {
        let token = self.token();
        if let Some(&[letter]) = token {
            if letters.contains(&letter) {
                return Ok(letter);
            }
        }
        let expected = format!(
            "{} (a letter in {}..={})",
            what,
            letters.start().escape_ascii(),
            letters.end().escape_ascii()
        );
        Err(match token {
            Some(token) => self.error_here(expected, token),
            None => self.error_at_end(expected),
        })
    }

    /// Reads a length-prefixed list, `l h_1 .. h_l`: its length `l` in `lengths`, then `l`
    /// integers in `values`. Errors name the length `the length of {what}` and the items
    /// `{what}_1`, `{what}_2`, ... (the names are made only on an error).
    ///
    /// # Errors
    /// [`Error::Input`] when a token is missing, is not an integer, or is outside its range.
    ///
    /// # Complexity
    /// O(length of the tokens read).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"3 5 1 4\n2 7 0\n");
    /// assert_eq!(sc.next_list(1..=10, 1..=9u32, "h").unwrap(), [5, 1, 4]);
    /// let err = sc.next_list(1..=10, 1..=9u32, "h").unwrap_err();
    /// assert_eq!(err.to_string(), "token 7 (line 2): expected h_2 (an integer in 1..=9), found \"0\"");
    /// let err = dp_core::Scanner::new(b"0").next_list(1..=10, 1..=9u32, "h").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "token 1 (line 1): expected the length of h (an integer in 1..=10), found \"0\""
    /// );
    /// ```
    pub fn next_list<T: Integer>(
        &mut self,
        lengths: RangeInclusive<usize>,
        values: RangeInclusive<T>,
        what: &str,
    ) -> Result<Vec<T>, Error> {
        let len: usize = self
            .next_in(lengths, "the length")
            .map_err(|e| e.with_context("the length", || format!(" of {}", what)))?;
        // Grown as items arrive, so a huge length with a short input fails on the input.
        let mut items = Vec::with_capacity(len.min(1 << 16));
        for i in 0..len {
            let item = self.next_in(values.clone(), what);
            items.push(item.map_err(|e| e.with_context(what, || format!("_{}", i + 1)))?);
        }
        Ok(items)
    }

    /// Reads the first number of a test case in an input that ends its cases with a `0`:
    /// `Ok(None)` at the `0`, else the number, which must lie in `range`; `what` names it.
    ///
    /// # Errors
    /// [`Error::Input`] when the input ends before the `0`, or the token is neither `0` nor an
    /// integer in `range`.
    ///
    /// # Complexity
    /// O(length of the token).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"2\n5\n0\n");
    /// let mut cases = Vec::new();
    /// while let Some(n) = sc.next_case(1..=100u32, "n").unwrap() {
    ///     cases.push(n);
    /// }
    /// assert_eq!(cases, [2, 5]);
    /// let mut sc = dp_core::Scanner::new(b"3");
    /// assert_eq!(sc.next_case(1..=100u32, "n").unwrap(), Some(3));
    /// let err = sc.next_case(1..=100u32, "n");
    /// assert_eq!(
    ///     err.unwrap_err().to_string(),
    ///     "token 2 (line 1): expected n (an integer in 1..=100, or 0 after the last case), found end of input"
    /// );
    /// ```
    pub fn next_case<T: Integer>(
        &mut self,
        range: RangeInclusive<T>,
        what: &str,
    ) -> Result<Option<T>, Error> {
        let token = self.token();
        if let Some(token) = token {
            if token == b"0" {
                return Ok(None);
            }
            if let Some(value) = T::parse_token(token) {
                if range.contains(&value) {
                    return Ok(Some(value));
                }
            }
        }
        let expected = format!(
            "{} (an integer in {}..={}, or 0 after the last case)",
            what,
            range.start(),
            range.end()
        );
        Err(match token {
            Some(token) => self.error_here(expected, token),
            None => self.error_at_end(expected),
        })
    }

    /// Whether only whitespace is left.
    ///
    /// # Complexity
    /// O(length of the whitespace skipped).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"1 \r\n");
    /// assert!(!sc.is_at_end());
    /// sc.next::<u8>("x").unwrap();
    /// assert!(sc.is_at_end());
    /// ```
    pub fn is_at_end(&mut self) -> bool {
        while self.pos < self.input.len() && self.input[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.pos == self.input.len()
    }

    /// Checks that nothing but whitespace is left, once a solution has read a complete input:
    /// trailing tokens mean the input is not what the solution thinks it is. It reads nothing:
    /// [`Scanner::invalid`] after it names the last token read (a rule checked at the end).
    ///
    /// # Errors
    /// [`Error::Input`] naming the first token left over.
    ///
    /// # Complexity
    /// O(length of the whitespace and the token skipped).
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"1 2\njunk\n");
    /// sc.next::<u8>("a").unwrap();
    /// sc.next::<u8>("b").unwrap();
    /// let err = sc.finish().unwrap_err();
    /// assert_eq!(err.to_string(), "token 3 (line 2): expected the end of input, found \"junk\"");
    /// assert!(dp_core::Scanner::new(b"  \r\n").finish().is_ok());
    /// ```
    pub fn finish(&mut self) -> Result<(), Error> {
        // Looked at on a copy: after a complete input, `invalid` still names the last token.
        let mut rest = self.clone();
        match rest.token() {
            None => Ok(()),
            Some(token) => Err(rest.error_here("the end of input".to_string(), token)),
        }
    }

    /// An [`Error::Invalid`] for a rule the last token broke, naming that token and its line.
    ///
    /// # Example
    /// ```
    /// let mut sc = dp_core::Scanner::new(b"2 1 1 1 1");
    /// for _ in 0..5 { sc.next::<u32>("x").unwrap(); }
    /// let err = sc.invalid("the two pieces stand on one cell");
    /// assert_eq!(err.to_string(), "token 5 (line 1): the two pieces stand on one cell");
    /// ```
    pub fn invalid(&self, message: &str) -> Error {
        Error::Invalid(format!(
            "token {} (line {}): {}",
            self.token,
            self.line_of(self.token_start),
            message
        ))
    }

    /// The 1-based line of byte `pos`: lines end with `\n`, `\r\n` or a lone `\r` (old Mac
    /// files), so a `\r` counts unless a `\n` follows it.
    fn line_of(&self, pos: usize) -> usize {
        let input = self.input;
        // One expression, not a closure for the lone `\r`: bundles carry every byte.
        1 + (0..pos)
            .filter(|&i| {
                input[i] == b'\n' || (input[i] == b'\r' && input.get(i + 1) != Some(&b'\n'))
            })
            .count()
    }

    #[cold]
    fn error_here(&self, expected: String, token: &[u8]) -> Error {
        Error::Input {
            token: self.token,
            line: self.line_of(self.token_start),
            expected,
            found: show_token(token),
        }
    }

    #[cold]
    fn error_at_end(&self, expected: String) -> Error {
        Error::Input {
            token: self.token,
            line: self.line_of(self.input.len()),
            expected,
            found: "end of input".to_string(),
        }
    }
}

/// Runs a solution as a judge runs it: all of stdin in, buffered stdout out.
///
/// On an error, what was already written is flushed, one line `error: ...` goes to stderr and the
/// process exits with code 1.
///
/// # Complexity
/// O(input size) besides `solve`.
///
/// # Example
/// ```no_run
/// fn solve(input: &[u8], out: &mut impl std::io::Write) -> Result<(), dp_core::Error> {
///     let mut sc = dp_core::Scanner::new(input);
///     let a: i64 = sc.next("a")?;
///     let b: i64 = sc.next("b")?;
///     writeln!(out, "{}", a + b)?;
///     Ok(())
/// }
/// fn main() {
///     dp_core::run(solve)
/// }
/// ```
pub fn run<F>(solve: F)
where
    F: FnOnce(&[u8], &mut BufWriter<std::io::StdoutLock<'static>>) -> Result<(), Error>,
{
    // A file on stdin (as judges give it) is read into one buffer of its size, not regrown and
    // copied (a pipe, or a system without /dev/stdin, starts from 0).
    let size = std::fs::metadata("/dev/stdin").map_or(0, |m| m.len());
    let mut input = Vec::with_capacity(size as usize + 64);
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = match std::io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => solve(&input, &mut out),
        Err(err) => Err(Error::Io(err)),
    };
    // Written out here and in `run_files` rather than shared: a helper function would cost
    // every bundle its bytes, and most bundles call only `run`.
    let flushed = out.flush();
    let result = result.and_then(|()| flushed.map_err(Error::Io));
    if let Err(err) = result {
        drop(out);
        eprintln!("error: {}", err);
        std::process::exit(1);
    }
}

/// [`run`] for a judge that names files: the input read from `input` and the answer written to
/// `output` in the current folder (`None`: stdin, stdout), as statements of such judges say
/// ("input.txt", "output.txt").
///
/// A file that cannot be opened is one line `error: input.txt: ...` on stderr and exit code 1.
///
/// # Complexity
/// O(input size) besides `solve`.
///
/// # Example
/// ```no_run
/// fn solve(input: &[u8], out: &mut impl std::io::Write) -> Result<(), dp_core::Error> {
///     writeln!(out, "{}", input.len())?;
///     Ok(())
/// }
/// fn main() {
///     dp_core::run_files(Some("input.txt"), Some("output.txt"), solve)
/// }
/// ```
pub fn run_files<F>(input: Option<&str>, output: Option<&str>, solve: F)
where
    F: FnOnce(&[u8], &mut BufWriter<Box<dyn Write>>) -> Result<(), Error>,
{
    fn fail(file: &str, err: std::io::Error) -> ! {
        eprintln!("error: {}: {}", file, err);
        std::process::exit(1)
    }
    let mut bytes = Vec::new();
    let read = match input {
        Some(file) => std::fs::File::open(file)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|err| (file, err)),
        None => std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|err| ("stdin", err)),
    };
    if let Err((file, err)) = read {
        fail(file, err);
    }
    let sink: Box<dyn Write> = match output {
        Some(file) => match std::fs::File::create(file) {
            Ok(f) => Box::new(f),
            Err(err) => fail(file, err),
        },
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 16, sink);
    let result = solve(&bytes, &mut out);
    let flushed = out.flush();
    let result = result.and_then(|()| flushed.map_err(Error::Io));
    if let Err(err) = result {
        drop(out);
        eprintln!("error: {}", err);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_extremes_and_signs() {
        let mut sc =
            Scanner::new(b"-9223372036854775808 9223372036854775807 18446744073709551615 +5 -0");
        assert_eq!(sc.next::<i64>("a").unwrap(), i64::MIN);
        assert_eq!(sc.next::<i64>("b").unwrap(), i64::MAX);
        assert_eq!(sc.next::<u64>("c").unwrap(), u64::MAX);
        assert_eq!(sc.next::<i32>("d").unwrap(), 5);
        assert_eq!(sc.next::<i32>("e").unwrap(), 0);
    }

    #[test]
    fn rejects_overflow_sign_and_garbage() {
        for bad in [
            &b"18446744073709551616"[..],
            b"-1",
            b"12a",
            b"-",
            b"+",
            b"1.0",
        ] {
            let mut sc = Scanner::new(bad);
            assert!(sc.next::<u64>("x").is_err(), "{:?}", bad);
        }
        let mut sc = Scanner::new(b"-129 128");
        assert!(sc.next::<i8>("x").is_err());
        assert!(sc.next::<i8>("y").is_err());
    }

    #[test]
    fn errors_name_token_and_line() {
        let mut sc = Scanner::new(b"1\r\n2\r\n\r\nz");
        sc.next::<u8>("a").unwrap();
        sc.next::<u8>("b").unwrap();
        let err = sc.next::<u8>("c").unwrap_err().to_string();
        assert_eq!(
            err,
            "token 3 (line 4): expected c (an integer), found \"z\""
        );
        let err = sc.next::<u8>("d").unwrap_err().to_string();
        assert_eq!(
            err,
            "token 4 (line 4): expected d (an integer), found end of input"
        );
    }

    fn found(input: &[u8]) -> String {
        match Scanner::new(input).next::<u8>("x").unwrap_err() {
            Error::Input { found, .. } => found,
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn long_tokens_show_their_start_and_length() {
        let exactly = "9".repeat(SHOWN_TOKEN_CHARS);
        assert_eq!(found(exactly.as_bytes()), format!("{:?}", exactly));
        let one_more = "9".repeat(SHOWN_TOKEN_CHARS + 1);
        assert_eq!(
            found(one_more.as_bytes()),
            format!("\"{}...\" (41 bytes)", "9".repeat(32))
        );
        // 70 MB: the message is short, and making it does not copy the token.
        let huge = vec![b'1'; 70 << 20];
        let message = Scanner::new(&huge)
            .next::<u64>("n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            format!(
                "token 1 (line 1): expected n (an integer), found \"{}...\" (73400320 bytes)",
                "1".repeat(32)
            )
        );
    }

    #[test]
    fn bytes_that_are_not_printable_ascii_are_escaped() {
        assert_eq!(found(b"1\xff2"), r#""1\xff2""#);
        // UTF-8 or not, a byte each: a full-width digit, a truncated character.
        assert_eq!(found("１".as_bytes()), r#""\xef\xbc\x91""#);
        assert_eq!(found(b"\xe4\xb8"), r#""\xe4\xb8""#);
        assert_eq!(found(b"\x01\"\\"), r#""\x01\"\\""#);
        // A long token is cut by bytes, even inside a character.
        let wide = "é".repeat(50);
        assert_eq!(
            found(wide.as_bytes()),
            format!("\"{}...\" (100 bytes)", r"\xc3\xa9".repeat(16))
        );
    }

    #[test]
    fn invalid_after_finish_names_the_last_token() {
        let mut sc = Scanner::new(b"1 2 3\n4 5 6\n");
        for _ in 0..6 {
            sc.next::<u8>("x").unwrap();
        }
        sc.finish().unwrap();
        assert_eq!(
            sc.invalid("a rule broken").to_string(),
            "token 6 (line 2): a rule broken"
        );
        // After a read that found the end, it names the missing token, on the line after.
        assert!(sc.token().is_none());
        assert_eq!(
            sc.invalid("a row is missing").to_string(),
            "token 7 (line 3): a row is missing"
        );
        // A refused trailing token is named, and finish refuses it again.
        let mut sc = Scanner::new(b"1\n2 3\n");
        sc.next::<u8>("x").unwrap();
        for _ in 0..2 {
            let err = sc.finish().unwrap_err().to_string();
            assert_eq!(
                err,
                "token 2 (line 2): expected the end of input, found \"2\""
            );
        }
    }

    #[test]
    fn lines_end_with_lf_crlf_or_a_lone_cr() {
        for (input, line) in [
            (&b"1\r2\r3\rz"[..], 4),
            (b"1\r\n2\r\nz", 3),
            (b"1\n2\nz", 3),
            (b"1\r\r\n\n\rz", 5),
        ] {
            let mut sc = Scanner::new(input);
            let message = loop {
                if let Err(e) = sc.next::<u8>("x") {
                    break e.to_string();
                }
            };
            assert!(
                message.contains(&format!("(line {})", line)),
                "{:?}: {}",
                input,
                message
            );
        }
        // At the end of input, the line after the last line end.
        let mut sc = Scanner::new(b"1\r");
        sc.next::<u8>("x").unwrap();
        assert!(
            sc.next::<u8>("y")
                .unwrap_err()
                .to_string()
                .contains("(line 2)")
        );
    }

    #[test]
    fn range_is_inclusive() {
        let mut sc = Scanner::new(b"2 10 11");
        assert_eq!(sc.next_in(2..=10, "x").unwrap(), 2);
        assert_eq!(sc.next_in(2..=10, "x").unwrap(), 10);
        assert!(sc.next_in(2..=10, "x").is_err());
    }

    #[test]
    fn long_tokens_split_at_every_whitespace_byte_only() {
        // Tokens of every length around the eight-byte steps, of bytes just below and above the
        // whitespace ones (0x0B, 0x00, 0x21, 0xFF are not whitespace), split by each whitespace.
        let mut state = 12345u32;
        for _ in 0..2000 {
            let mut input = Vec::new();
            for _ in 0..4 {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let len = (state >> 16) as usize % 20;
                for k in 0..len {
                    let kinds = [b'+', b'-', 0x0B, 0x00, 0x21, 0xFF, b'a'];
                    input.push(kinds[(state as usize >> (k % 8)) % kinds.len()]);
                }
                input.push([b' ', b'\t', b'\n', b'\r', 0x0C][(state >> 24) as usize % 5]);
            }
            let expected: Vec<&[u8]> = input
                .split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .collect();
            let mut sc = Scanner::new(&input);
            let got: Vec<&[u8]> = std::iter::from_fn(|| sc.token()).collect();
            assert_eq!(got, expected, "{:?}", input);
        }
    }

    #[test]
    fn words_letters_lists_and_cases() {
        let mut sc = Scanner::new(b"abc XYZw a1c abcdefghi\r\nz zz 7\n");
        assert_eq!(sc.next_word(3..=8, "s").unwrap(), b"abc");
        assert_eq!(sc.next_word(3..=8, "s").unwrap(), b"XYZw");
        for found in ["\"a1c\"", "\"abcdefghi\""] {
            let err = sc.next_word(3..=8, "s").unwrap_err().to_string();
            assert!(
                err.ends_with(&format!("(a word of 3..=8 letters), found {}", found)),
                "{}",
                err
            );
        }
        assert_eq!(sc.next_letter(b'a'..=b'z', "c").unwrap(), b'z');
        assert!(sc.next_letter(b'a'..=b'z', "c").is_err());
        assert!(sc.next_letter(b'a'..=b'z', "c").is_err());
        assert!(
            sc.next_word(1..=1, "s")
                .unwrap_err()
                .to_string()
                .contains("end of input")
        );
        // Empty lists, and a list cut short.
        let mut sc = Scanner::new(b"0 2 1 -1 3 4");
        assert!(sc.next_list(0..=5, -1..=1i8, "x").unwrap().is_empty());
        assert_eq!(sc.next_list(0..=5, -1..=1i8, "x").unwrap(), [1, -1]);
        let err = sc.next_list(0..=5, -1..=1i8, "x").unwrap_err().to_string();
        assert_eq!(
            err,
            "token 6 (line 1): expected x_1 (an integer in -1..=1), found \"4\""
        );
        let mut sc = Scanner::new(b"3 1 0");
        assert_eq!(sc.next_case(1..=3u8, "n").unwrap(), Some(3));
        assert_eq!(sc.next_case(1..=3u8, "n").unwrap(), Some(1));
        assert_eq!(sc.next_case(1..=3u8, "n").unwrap(), None);
        let err = Scanner::new(b"4")
            .next_case(1..=3u8, "n")
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("(an integer in 1..=3, or 0 after the last case), found \"4\""));
    }
}
